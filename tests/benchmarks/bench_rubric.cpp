// Paired-comparison benchmark (Google Benchmark), issue 6 / quality.md: a family of 27 R7 comparisons
// (comparePairedFamily) x 10,000 resamples on TRIBUNAL_BENCH_UNITS units (default 5,000; 3 criteria per unit,
// so 15,000 pairs per comparison; 0/1 correctness; 500 groups for the cluster bootstrap). Target: <= 400 ms
// on this 2-core machine. BM_PairedFamily/1 runs the unit bootstrap only, /0 both bootstraps.

#include "analysis/pairedcomparison.h"

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <random>
#include <vector>

namespace {

const std::vector<std::vector<tribunal::PairedObservation>>& family()
{
    static const std::vector<std::vector<tribunal::PairedObservation>> f = [] {
        const char* env = std::getenv("TRIBUNAL_BENCH_UNITS");
        const std::uint32_t units = env ? static_cast<std::uint32_t>(std::atoi(env)) : 5000;
        std::mt19937_64 rng(20261130);
        std::bernoulli_distribution right(0.7), better(0.72);
        std::vector<std::vector<tribunal::PairedObservation>> out(27);
        for (auto& comparison : out)
            for (std::uint32_t u = 0; u < units; ++u)
                for (int criterion = 0; criterion < 3; ++criterion)
                    comparison.push_back({u, u / 10, double(better(rng)), double(right(rng))});
        return out;
    }();
    return f;
}

void BM_PairedFamily(benchmark::State& state)
{
    tribunal::PairedSettings settings;
    settings.resamples = 10000;
    settings.clusterBootstrap = state.range(0) == 0;
    for (auto _ : state)
        benchmark::DoNotOptimize(tribunal::comparePairedFamily(family(), settings).data());
    state.counters["comparisons"] = static_cast<double>(family().size());
    state.counters["units"] = static_cast<double>(family().front().size() / 3);
}

} // namespace

BENCHMARK(BM_PairedFamily)
    ->Arg(1)
    ->Arg(0)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);

BENCHMARK_MAIN();
