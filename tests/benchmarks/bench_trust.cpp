// Trust benchmarks (Google Benchmark): the cell trust table (T1-T8, analyseTrust) and the T13 bootstrap
// intervals of every cell (bootstrapTrust, 2,000 resamples) on a simulated audit of
// TRIBUNAL_BENCH_JUDGMENTS judgments (default 1,000,000; 120 cells, 10 runs). Targets:
// ../shared/spec/quality.md (trust table <= 10 ms, bootstrap <= 100 ms on 2 cores).
//
// BM_AnalyseTrustBaseline is the straightforward serial trust table the optimised one replaced (kept here as
// the before/after reference of docs/performance.md). Before timing anything, main() checks that analyseTrust
// on 1, 2 and 3 threads and the baseline give bit-identical results and exits with status 1 otherwise, so
// the bench_trust_smoke test fails when they drift apart.

#include "analysis/auditsimulator.h"
#include "analysis/trustanalysis.h"
#include "analysis/trustbootstrap.h"
#include "model/auditbuilder.h"

#include <benchmark/benchmark.h>

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

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

// --- The baseline: the per-pair reduction as it was before the optimisation (one pass per item run with
// branches on every verdict, a stable sort per order for T12b), serial over the cells. ---------------------

bool isVerdict(tribunal::Answer a)
{
    using namespace tribunal;
    return a == answer::kA || a == answer::kB || a == answer::kTie;
}

struct Presentation {
    std::uint32_t rows = 0;
    std::uint32_t counts[3] = {};

    std::uint32_t answered() const { return counts[0] + counts[1] + counts[2]; }
    int distinct() const { return (counts[0] > 0) + (counts[1] > 0) + (counts[2] > 0); }
    tribunal::Answer mode() const
    {
        using namespace tribunal;
        const std::uint32_t top = std::max({counts[0], counts[1], counts[2]});
        if (top == 0)
            return answer::kNone;
        int atTop = 0;
        Answer modal = answer::kNone;
        for (int k = 0; k < 3; ++k)
            if (counts[k] == top) {
                ++atTop;
                modal = static_cast<Answer>(answer::kA + k);
            }
        return atTop == 1 ? modal : answer::kNone;
    }
};

struct RunVerdict {
    std::uint16_t rep;
    tribunal::Answer verdict;
};

tribunal::TrustPairs baselineSummarize(const tribunal::Audit& audit, std::span<const tribunal::ItemRun> runs)
{
    using namespace tribunal;
    const auto& items = audit.items();
    const auto& judgments = audit.judgments();
    TrustPairs out;
    out.pairs.reserve(runs.size());
    std::vector<RunVerdict> byOrder[2];
    for (const ItemRun& run : runs) {
        if (items.kind[run.item] != TaskKind::Pairwise) {
            ++out.notPairwiseItems;
            continue;
        }
        const Answer label = items.label[run.item];
        const bool labelled = isVerdict(label);
        Presentation pres[2];
        byOrder[0].clear();
        byOrder[1].clear();
        std::uint32_t correct = 0, slotVerdicts = 0, firstSlot = 0;
        for (std::uint32_t r = run.begin; r < run.end; ++r) {
            const Order order = judgments.order[r];
            if (order == Order::None) {
                ++out.unorderedRuns;
                continue;
            }
            const int o = order == Order::AB ? 0 : 1;
            ++pres[o].rows;
            const Answer a = judgments.answer[r];
            if (a == answer::kNone) {
                ++out.noneRuns;
                continue;
            }
            if (!isVerdict(a)) {
                ++out.abstainedRuns;
                continue;
            }
            ++pres[o].counts[a - answer::kA];
            byOrder[o].push_back({judgments.rep[r], a});
            if (labelled && a == label)
                ++correct;
            if (a != answer::kTie) {
                ++slotVerdicts;
                if ((o == 0) == (a == answer::kA))
                    ++firstSlot;
            }
        }
        if (pres[0].rows == 0 || pres[1].rows == 0) {
            ++out.droppedMissingOrder;
            continue;
        }
        if (pres[0].answered() == 0 || pres[1].answered() == 0) {
            ++out.droppedMissingVerdicts;
            continue;
        }
        TrustPair p;
        p.item = run.item;
        p.labelled = labelled;
        p.answered[0] = pres[0].answered();
        p.answered[1] = pres[1].answered();
        p.correct = correct;
        p.slotVerdicts = slotVerdicts;
        p.firstSlotVerdicts = firstSlot;
        const Answer mode[2] = {pres[0].mode(), pres[1].mode()};
        for (int o = 0; o < 2; ++o) {
            if (pres[o].distinct() == 1)
                ++p.agreeingPresentations;
            if (pres[o].answered() == 1)
                ++p.singleRunPresentations;
            if (mode[o] != answer::kNone) {
                ++p.modalPresentations;
                if (labelled && mode[o] == label)
                    ++p.modalCorrectPresentations;
            }
        }
        p.reproducible = p.agreeingPresentations == 2;
        p.orderInvariant = mode[0] != answer::kNone && mode[0] == mode[1];
        p.modalCorrect = p.orderInvariant && labelled && mode[0] == label;
        p.hardReversal = (mode[0] == answer::kA && mode[1] == answer::kB) ||
                         (mode[0] == answer::kB && mode[1] == answer::kA);
        for (auto& v : byOrder)
            std::stable_sort(v.begin(), v.end(),
                             [](const RunVerdict& x, const RunVerdict& y) { return x.rep < y.rep; });
        std::size_t i = 0, j = 0;
        while (i < byOrder[0].size() && j < byOrder[1].size()) {
            const RunVerdict& ab = byOrder[0][i];
            const RunVerdict& ba = byOrder[1][j];
            if (ab.rep < ba.rep) {
                ++i;
            } else if (ba.rep < ab.rep) {
                ++j;
            } else {
                ++p.matchedRuns;
                if (ab.verdict == ba.verdict) {
                    ++p.agreeingRuns;
                    if (labelled && ab.verdict == label)
                        ++p.agreeingCorrectRuns;
                }
                ++i;
                ++j;
            }
        }
        out.pairs.push_back(p);
    }
    return out;
}

std::vector<tribunal::TrustCellResult> baselineAnalyseTrust(const tribunal::Audit& audit,
                                                            const tribunal::TrustSettings& settings)
{
    std::vector<tribunal::TrustCellResult> out;
    out.reserve(audit.cells().size());
    std::uint32_t index = 0;
    for (const tribunal::Cell& cell : audit.cells()) {
        out.push_back(tribunal::aggregateTrust(baselineSummarize(audit, audit.itemRunsOf(cell)), settings));
        out.back().cell = index++;
    }
    return out;
}

/// Every field of a result, doubles by their bits (NaN == NaN), for the bit-for-bit check.
std::vector<std::uint64_t> bits(const tribunal::TrustCellResult& r)
{
    std::vector<std::uint64_t> v = {r.cell,
                                    r.pairs,
                                    r.labelledPairs,
                                    r.unlabelledPairs,
                                    r.droppedMissingOrder,
                                    r.droppedMissingVerdicts,
                                    r.notPairwiseItems,
                                    r.noneRuns,
                                    r.abstainedRuns,
                                    r.unorderedRuns,
                                    r.runs,
                                    r.singleRun,
                                    r.consistencyAssumed,
                                    r.singleRunPresentations,
                                    static_cast<std::uint64_t>(r.quadrant)};
    for (double d : {r.consistencyPair,
                     r.consistencyPresentation,
                     r.consistency,
                     r.consistencyLab,
                     r.flipRate,
                     r.flipRateLab,
                     r.flipRateAB,
                     r.firstSlotShare,
                     r.accuracy,
                     r.accuracyDecisive,
                     r.qObserved,
                     r.qUsed,
                     r.accuracyMax,
                     r.capabilityGap,
                     r.trust,
                     r.trustJoint,
                     r.trustGap,
                     r.majorityAccuracy,
                     r.majorityCoverage,
                     r.bothOrderAccuracy,
                     r.bothOrderCoverage})
        v.push_back(std::bit_cast<std::uint64_t>(d));
    return v;
}

bool identical(const std::vector<tribunal::TrustCellResult>& x,
               const std::vector<tribunal::TrustCellResult>& y)
{
    if (x.size() != y.size())
        return false;
    for (std::size_t c = 0; c < x.size(); ++c)
        if (bits(x[c]) != bits(y[c]))
            return false;
    return true;
}

/// An irregular audit that takes every path of the per-pair reduction: plain and bias-test original judgments
/// of one item in one cell (so an (order, run) repeats within an item run; a run keeps its plain rows first,
/// so the trust analysis does not leave it out as bias-test only), unordered rows, run numbers up to 40,
/// 'none', NA, ties, missing labels, pairs without one order. Deterministic.
tribunal::AuditPtr irregularAudit()
{
    using namespace tribunal;
    AuditBuilder b;
    const auto file = b.addSourceFile("irregular.csv");
    std::mt19937 rng(20261130);
    const auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
    const Answer answers[] = {answer::kA, answer::kB, answer::kTie, answer::kNone, answer::kNA};
    const Order orders[] = {Order::AB, Order::BA, Order::None};
    std::uint64_t line = 0;
    for (int item = 0; item < 400; ++item) {
        const auto id = b.addItem(b.intern("D"), b.intern("p" + std::to_string(item)), TaskKind::Pairwise);
        if (pick(4) != 0)
            b.setLabel(id, answers[pick(3)]);
        const int runs = 1 + pick(item % 5 == 0 ? 40 : 6);
        for (int judge = 0; judge < 3; ++judge)
            for (Variant variant : {Variant::None, Variant::Original}) {
                if (variant == Variant::Original && pick(2) == 0)
                    continue;
                for (int k = 0; k < 2 * runs; ++k) {
                    JudgmentInput j;
                    j.item = id;
                    j.judge = b.intern("J" + std::to_string(judge));
                    j.format = b.intern("F");
                    j.variant = variant;
                    j.order = pick(20) == 0 ? orders[pick(3)] : orders[k % 2];
                    j.rep = static_cast<std::uint16_t>(1 + k / 2 + (pick(10) == 0 ? pick(3) : 0));
                    j.answer = answers[pick(8) < 6 ? pick(3) : pick(5)];
                    j.source = {file, ++line};
                    b.addJudgment(j);
                }
            }
    }
    ImportLog log;
    log.policy = BadRecordPolicy::SkipAndList; // the jittered run numbers repeat some keys: keep the first
    return b.build(log);
}

/// analyseTrust on 1, 2 and 3 threads and automatic equals the baseline, under both q modes, on the
/// benchmark audit and on the irregular one.
bool resultsAgree()
{
    tribunal::TrustSettings observed;
    observed.qMode = tribunal::QMode::Observed;
    const tribunal::AuditPtr irregular = irregularAudit();
    if (!irregular) {
        std::fprintf(stderr, "the irregular audit did not build\n");
        return false;
    }
    for (const tribunal::Audit* a : {&audit(), irregular.get()})
        for (const tribunal::TrustSettings& settings : {tribunal::TrustSettings{}, observed}) {
            const auto reference = baselineAnalyseTrust(*a, settings);
            for (int threads : {1, 2, 3, 0})
                if (!identical(tribunal::analyseTrust(*a, settings, threads), reference)) {
                    std::fprintf(stderr, "analyseTrust on %d threads differs from the baseline\n", threads);
                    return false;
                }
        }
    return true;
}

void BM_AnalyseTrustBaseline(benchmark::State& state)
{
    const tribunal::Audit& a = audit();
    for (auto _ : state)
        benchmark::DoNotOptimize(baselineAnalyseTrust(a, {}).data());
    state.counters["judgments"] = static_cast<double>(a.judgmentCount());
}

/// Argument: threads (0 = automatic). Real time, as the work runs on several threads.
void BM_AnalyseTrust(benchmark::State& state)
{
    const tribunal::Audit& a = audit();
    const int threads = static_cast<int>(state.range(0));
    for (auto _ : state)
        benchmark::DoNotOptimize(tribunal::analyseTrust(a, {}, threads).data());
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

// The baseline runs in the same process as the optimised table, so the before/after ratio is of one run
// (add --benchmark_enable_random_interleaving=true to interleave their repetitions on a busy machine).
BENCHMARK(BM_AnalyseTrustBaseline)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);
BENCHMARK(BM_AnalyseTrust)
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);
BENCHMARK(BM_BootstrapTrust)
    ->Arg(0)
    ->Arg(1)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->Repetitions(5)
    ->ReportAggregatesOnly(true);

int main(int argc, char** argv)
{
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    if (!resultsAgree())
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
