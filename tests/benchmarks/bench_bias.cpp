// Bias-test benchmarks (Google Benchmark), issue 5: every bias analysis of a seed-001-size design - 8
// simulated judges x TRIBUNAL_BENCH_BIAS_ITEMS items (default 1,085: 14 requests per judge and item, 15,190
// per judge, seed 001's 15,195), 22 (test, version) rows per judge - with 2,000 resamples and 10,000
// permutations per row. Target: all of it under 2 s on this 2-core machine.
//
// BM_BiasExcessBaseline is the straightforward B4/B5 loop (std::mt19937_64 and std::uniform_int_distribution
// per drawn item, one random sign per d_k per permutation), kept as the before/after reference of
// docs/performance.md; it gives intervals from another random stream, so main() only checks that its point
// values equal analyseBiasExcess's before timing anything (exit 1 otherwise, failing bench_bias_smoke).

#include "analysis/biasanalysis.h"
#include "analysis/biassimulator.h"
#include "analysis/calibration.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

namespace {

const tribunal::BiasSimulationResult& simulation()
{
    static const tribunal::BiasSimulationResult sim = [] {
        const char* env = std::getenv("TRIBUNAL_BENCH_BIAS_ITEMS");
        tribunal::BiasSimulation settings;
        settings.judges = 8;
        settings.items = env ? std::atoi(env) : 1085;
        return tribunal::simulateBiasAudit(settings);
    }();
    return sim;
}

const tribunal::BiasDesign& design()
{
    static const tribunal::BiasDesign d = tribunal::collectBiasDesign(*simulation().audit);
    return d;
}

tribunal::BiasSettings paperSettings()
{
    tribunal::BiasSettings s;
    s.resamples = 2000;
    s.permutations = 10000;
    return s;
}

// --- The baseline
// ----------------------------------------------------------------------------------------------

struct BaselineRow {
    double excess = 0, lo = 0, hi = 0, p = 0;
};

double quantile(std::vector<double>& values, double q)
{
    std::sort(values.begin(), values.end());
    const double h = (static_cast<double>(values.size()) - 1) * q;
    const auto i = static_cast<std::size_t>(std::floor(h));
    const std::size_t j = std::min(i + 1, values.size() - 1);
    return values[i] + (h - static_cast<double>(i)) * (values[j] - values[i]);
}

std::vector<BaselineRow> baselineExcess(const tribunal::BiasDesign& d, const tribunal::BiasSettings& settings)
{
    std::vector<BaselineRow> out;
    std::mt19937_64 rng(settings.seed);
    for (const tribunal::BiasRow& row : d.rows) {
        BaselineRow r;
        const std::vector<tribunal::BiasItem> items = row.completeItems();
        if (items.empty() || !row.crAvailable) {
            out.push_back(r);
            continue;
        }
        const auto n = static_cast<double>(items.size());
        const auto excessOf = [&](const auto& pick) {
            double changed = 0, agree = 0;
            for (std::size_t k = 0; k < items.size(); ++k) {
                const tribunal::BiasItem& item = items[pick(k)];
                changed += item.changed();
                agree += !item.runsDisagree();
            }
            const double rr = 1 - changed / n, cr = agree / n;
            return row.fallacy ? rr + cr - 1 : cr - rr;
        };
        r.excess = excessOf([](std::size_t k) { return k; });
        std::uniform_int_distribution<std::size_t> draw(0, items.size() - 1);
        std::vector<double> resampled;
        for (int b = 0; b < settings.resamples; ++b)
            resampled.push_back(excessOf([&](std::size_t) { return draw(rng); }));
        const double a = (1 - settings.level) / 2;
        r.lo = quantile(resampled, a);
        r.hi = quantile(resampled, 1 - a);
        if (!row.fallacy) {
            long observed = 0;
            std::vector<int> nonzero;
            for (const tribunal::BiasItem& item : items) {
                const int dk = int(item.changed()) - int(item.runsDisagree());
                observed += dk;
                if (dk != 0)
                    nonzero.push_back(dk);
            }
            std::bernoulli_distribution sign(0.5);
            long atLeast = 0;
            for (int p = 0; p < settings.permutations; ++p) {
                long sum = 0;
                for (int dk : nonzero)
                    sum += sign(rng) ? dk : -dk;
                atLeast += sum >= observed;
            }
            r.p = (1.0 + static_cast<double>(atLeast)) / (1.0 + settings.permutations);
        }
        out.push_back(r);
    }
    return out;
}

/// The baseline's point values equal the optimised ones (E is a ratio of counts in both).
bool pointValuesAgree()
{
    tribunal::BiasSettings quick = paperSettings();
    quick.resamples = 20;
    quick.permutations = 20;
    const auto optimised = tribunal::analyseBiasExcess(design(), quick);
    const auto baseline = baselineExcess(design(), quick);
    for (std::size_t i = 0; i < optimised.size(); ++i) {
        if (std::isnan(optimised[i].excess))
            continue;
        if (std::abs(optimised[i].excess - baseline[i].excess) > 1e-12) {
            std::fprintf(stderr, "row %zu: E %.17g (analyseBiasExcess) but %.17g (baseline)\n", i,
                         optimised[i].excess, baseline[i].excess);
            return false;
        }
    }
    return true;
}

// --- Benchmarks
// --------------------------------------------------------------------------------------------------

void counters(benchmark::State& state)
{
    std::size_t items = 0;
    for (const tribunal::BiasRow& row : design().rows)
        items += row.items.size();
    state.counters["judgments"] = static_cast<double>(simulation().audit->judgmentCount());
    state.counters["rows"] = static_cast<double>(design().rows.size());
    state.counters["items"] = static_cast<double>(items);
}

/// Everything the bias command and panel compute: design, B1-B10, B12 (analyseBias), B11 and B13.
void BM_AllBiasAnalyses(benchmark::State& state)
{
    const tribunal::Audit& audit = *simulation().audit;
    for (auto _ : state) {
        const auto analysis =
            tribunal::analyseBias(audit, paperSettings(), static_cast<unsigned>(state.range(0)));
        benchmark::DoNotOptimize(analysis.excess.data());
        benchmark::DoNotOptimize(tribunal::analyseCalibration(audit).data());
        benchmark::DoNotOptimize(tribunal::analyseJudgeCost(audit).data());
    }
    counters(state);
}

void BM_BiasDesign(benchmark::State& state)
{
    for (auto _ : state)
        benchmark::DoNotOptimize(tribunal::collectBiasDesign(*simulation().audit).rows.data());
    counters(state);
}

void BM_BiasExcess(benchmark::State& state)
{
    for (auto _ : state)
        benchmark::DoNotOptimize(
            tribunal::analyseBiasExcess(design(), paperSettings(), static_cast<unsigned>(state.range(0)))
                .data());
    counters(state);
}

void BM_BiasExcessBaseline(benchmark::State& state)
{
    for (auto _ : state)
        benchmark::DoNotOptimize(baselineExcess(design(), paperSettings()).data());
    counters(state);
}

void BM_BiasShiftAndAgreement(benchmark::State& state)
{
    const tribunal::Audit& audit = *simulation().audit;
    for (auto _ : state) {
        benchmark::DoNotOptimize(tribunal::analyseBiasShift(audit, design(), paperSettings()).data());
        benchmark::DoNotOptimize(tribunal::flipsByConfidence(audit, design()).data());
        benchmark::DoNotOptimize(tribunal::flipAgreement(audit, design()).data());
    }
    counters(state);
}

void BM_CalibrationAndCost(benchmark::State& state)
{
    const tribunal::Audit& audit = *simulation().audit;
    for (auto _ : state) {
        benchmark::DoNotOptimize(tribunal::analyseCalibration(audit).data());
        benchmark::DoNotOptimize(tribunal::analyseJudgeCost(audit).data());
    }
    counters(state);
}

} // namespace

BENCHMARK(BM_AllBiasAnalyses)
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);
BENCHMARK(BM_BiasDesign)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);
BENCHMARK(BM_BiasExcess)
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);
BENCHMARK(BM_BiasExcessBaseline)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Repetitions(3)
    ->ReportAggregatesOnly(true);
BENCHMARK(BM_BiasShiftAndAgreement)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);
BENCHMARK(BM_CalibrationAndCost)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);

int main(int argc, char** argv)
{
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    if (!pointValuesAgree())
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
