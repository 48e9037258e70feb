// Cross-fitted cascade benchmark (Google Benchmark), issue 7 / quality.md: K9 with 50 halvings x 21
// thresholds x 3 fallbacks on 9 panels holding TRIBUNAL_BENCH_PAIRS pairs in all (default 30,000: 3,334 or
// 3,333 per panel, one pair per unit). Target: <= 25 ms on this 2-core machine. BM_CrossFit/0 runs the nine
// panels one after the other with all threads inside each; /1 with one thread per panel call (the CLI's
// layout when panels run in parallel is the caller's choice).

#include "analysis/cascadecurve.h"
#include "analysis/crossfit.h"

#include <benchmark/benchmark.h>

#include <cstdlib>
#include <random>
#include <vector>

namespace {

const std::vector<tribunal::CrossFitInput>& panels()
{
    static const std::vector<tribunal::CrossFitInput> p = [] {
        const char* env = std::getenv("TRIBUNAL_BENCH_PAIRS");
        const std::size_t total = env ? static_cast<std::size_t>(std::atol(env)) : 30000;
        std::mt19937_64 rng(20261130);
        std::uniform_real_distribution<double> u(0.0, 1.0);
        std::vector<tribunal::CrossFitInput> out(9);
        for (std::size_t k = 0; k < out.size(); ++k) {
            tribunal::CrossFitInput& in = out[k];
            in.grid = tribunal::cascadeGrid(tribunal::TaskKind::Ordinal);
            in.first.name = "D";
            for (int f = 0; f < 3; ++f)
                in.fallbacks.push_back({"F" + std::to_string(f), {}, {}});
            const std::size_t n = total / 9 + (k < total % 9 ? 1 : 0);
            for (std::size_t i = 0; i < n; ++i) {
                const double score = u(rng);
                const bool right = u(rng) < 0.4 + 0.5 * score;
                in.unit.push_back(static_cast<std::uint32_t>(i));
                in.score.push_back(score);
                in.first.right.push_back(right);
                in.first.cost.push_back(0.0002);
                for (auto& f : in.fallbacks) {
                    f.right.push_back(u(rng) < (right ? 0.85 : 0.5));
                    f.cost.push_back(0.01 * u(rng));
                }
            }
        }
        return out;
    }();
    return p;
}

void BM_CrossFit(benchmark::State& state)
{
    tribunal::CrossFitSettings settings;
    settings.threads = state.range(0) == 0 ? 0 : 1;
    for (auto _ : state)
        for (const tribunal::CrossFitInput& in : panels())
            benchmark::DoNotOptimize(tribunal::crossFitCascade(in, settings).meanGain);
    std::size_t pairs = 0;
    for (const auto& in : panels())
        pairs += in.unit.size();
    state.counters["pairs"] = static_cast<double>(pairs);
}

} // namespace

BENCHMARK(BM_CrossFit)
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);

BENCHMARK_MAIN();
