// Trust benchmarks (Google Benchmark): the cell trust table (T1-T8, analyseTrust) and the T13 bootstrap
// intervals of every cell (bootstrapTrust, 2,000 resamples) on a simulated audit of
// TRIBUNAL_BENCH_JUDGMENTS judgments (default 1,000,000; 120 cells, 10 runs). Targets:
// ../shared/spec/quality.md (trust table <= 10 ms, bootstrap <= 100 ms on 2 cores).

#include "analysis/auditsimulator.h"
#include "analysis/trustanalysis.h"
#include "analysis/trustbootstrap.h"

#include <benchmark/benchmark.h>

#include <cstdlib>

namespace {

const tribunal::Audit& audit()
{
    static const tribunal::AuditPtr simulated = [] {
        const char* env = std::getenv("TRIBUNAL_BENCH_JUDGMENTS");
        tribunal::AuditSimulation settings;
        settings.judgments = env ? std::strtoull(env, nullptr, 10) : 1'000'000;
        settings.runs = 10;
        return tribunal::simulateAudit(settings);
    }();
    return *simulated;
}

void BM_AnalyseTrust(benchmark::State& state)
{
    const tribunal::Audit& a = audit();
    for (auto _ : state)
        benchmark::DoNotOptimize(tribunal::analyseTrust(a, {}).data());
    state.counters["judgments"] = static_cast<double>(a.judgmentCount());
    state.counters["cells"] = static_cast<double>(a.cells().size());
}

/// Argument: threads (0 = hardware concurrency).
void BM_BootstrapTrust(benchmark::State& state)
{
    const tribunal::Audit& a = audit();
    tribunal::BootstrapSettings settings;
    settings.threads = static_cast<int>(state.range(0));
    std::uint64_t pairs = 0;
    for (const auto& r : tribunal::analyseTrust(a, {}))
        pairs += r.pairs;
    for (auto _ : state)
        benchmark::DoNotOptimize(tribunal::bootstrapTrust(a, {}, settings).data());
    state.counters["pairs"] = static_cast<double>(pairs);
    // Pair draws per second (each resample draws as many pairs as its cell has).
    state.counters["draws/s"] = benchmark::Counter(static_cast<double>(pairs) * settings.resamples,
                                                   benchmark::Counter::kIsIterationInvariantRate);
}

} // namespace

BENCHMARK(BM_AnalyseTrust)->Unit(benchmark::kMillisecond)->Repetitions(5)->ReportAggregatesOnly(true);
BENCHMARK(BM_BootstrapTrust)
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);

BENCHMARK_MAIN();
