#include "analysis/trustanalysis.h"

#include <algorithm>
#include <atomic>
#include <thread>

namespace tribunal {

namespace {

// Tolerance of the failure-map thresholds: a C of exactly 9/10 must count as ">= 0.9" although 9.0 / 10.0
// and the literal 0.9 may differ in the last bit.
constexpr double kThresholdSlack = 1e-12;

// analyseTrust with threads = 0 starts one thread per this many judgment rows (up to the hardware
// concurrency): starting a thread costs tens of microseconds, 64k rows take about 0.4 ms to summarise, so
// small audits (tests, the GUI's previews) stay on the calling thread.
constexpr std::size_t kRowsPerAutoThread = 65536;

double ratio(std::uint64_t num, std::uint64_t den)
{
    return den == 0 ? kMissing : static_cast<double>(num) / static_cast<double>(den);
}

/// Sums over a multiset of pairs: every cell metric is a ratio of these.
struct Sums {
    std::uint64_t n = 0, nLab = 0;
    std::uint64_t reproducible = 0, reproducibleLab = 0; // sum N_i
    std::uint64_t invariant = 0, invariantLab = 0;       // sum P_i
    std::uint64_t agreeingPres = 0, agreeingPresLab = 0; // presentations whose runs agree
    std::uint64_t hardReversals = 0;
    std::uint64_t slotVerdicts = 0, firstSlotVerdicts = 0;
    std::uint64_t singleRunPres = 0;
    std::uint32_t maxRuns = 0;
    double accuracy = 0, accuracyDec = 0, accuracyUndec = 0; // sums of per-pair accuracy (labelled)
    std::uint64_t joint = 0;                                 // sum N_i P_i R_i (labelled)
    std::uint64_t modalPresLab = 0, modalCorrectPresLab = 0;
    std::uint64_t matchedLab = 0, agreeingLab = 0, agreeingCorrectLab = 0;

    void add(const TrustPair& p)
    {
        ++n;
        reproducible += p.reproducible;
        invariant += p.orderInvariant;
        agreeingPres += p.agreeingPresentations;
        hardReversals += p.hardReversal;
        slotVerdicts += p.slotVerdicts;
        firstSlotVerdicts += p.firstSlotVerdicts;
        singleRunPres += p.singleRunPresentations;
        if (p.maxPresentationRuns() > maxRuns)
            maxRuns = p.maxPresentationRuns();
        if (!p.labelled)
            return;
        ++nLab;
        reproducibleLab += p.reproducible;
        invariantLab += p.orderInvariant;
        agreeingPresLab += p.agreeingPresentations;
        const double acc = p.accuracy();
        accuracy += acc;
        (p.orderInvariant ? accuracyDec : accuracyUndec) += acc;
        joint += p.reproducible && p.orderInvariant && p.modalCorrect;
        modalPresLab += p.modalPresentations;
        modalCorrectPresLab += p.modalCorrectPresentations;
        matchedLab += p.matchedRuns;
        agreeingLab += p.agreeingRuns;
        agreeingCorrectLab += p.agreeingCorrectRuns;
    }
};

TrustCellResult finish(const TrustPairs& summary, const Sums& s, const TrustSettings& settings)
{
    TrustCellResult r;
    r.pairs = s.n;
    r.labelledPairs = s.nLab;
    r.unlabelledPairs = s.n - s.nLab;
    r.droppedMissingOrder = summary.droppedMissingOrder;
    r.droppedMissingVerdicts = summary.droppedMissingVerdicts;
    r.notPairwiseItems = summary.notPairwiseItems;
    r.biasTestItems = summary.biasTestItems;
    r.noneRuns = summary.noneRuns;
    r.abstainedRuns = summary.abstainedRuns;
    r.unorderedRuns = summary.unorderedRuns;

    // T2.
    r.runs = s.maxRuns;
    r.singleRun = s.n > 0 && s.maxRuns == 1;
    r.singleRunPresentations = s.singleRunPres;
    if (r.singleRun) {
        // C is not identifiable from one run per presentation (every N_i would be 1 trivially).
        if (settings.assumeConsistentWhenSingleRun) {
            r.consistencyAssumed = true;
            r.consistency = 1.0;
            r.consistencyLab = s.nLab > 0 ? 1.0 : kMissing;
        }
    } else {
        r.consistencyPair = ratio(s.reproducible, s.n);
        r.consistencyPresentation = ratio(s.agreeingPres, 2 * s.n);
        const bool pairUnit = settings.consistencyUnit == ConsistencyUnit::Pair;
        r.consistency = pairUnit ? r.consistencyPair : r.consistencyPresentation;
        r.consistencyLab = pairUnit ? ratio(s.reproducibleLab, s.nLab) : ratio(s.agreeingPresLab, 2 * s.nLab);
    }

    // T3 (counts, not 1 - mean, so that e.g. 1/3 is the nearest double to 1/3).
    r.flipRate = ratio(s.n - s.invariant, s.n);
    r.flipRateLab = ratio(s.nLab - s.invariantLab, s.nLab);
    r.flipRateAB = ratio(s.hardReversals, s.n);
    r.firstSlotShare = ratio(s.firstSlotVerdicts, s.slotVerdicts);

    // T4-T6 on the labelled pairs.
    if (s.nLab > 0) {
        const std::uint64_t nDec = s.invariantLab, nUndec = s.nLab - s.invariantLab;
        r.accuracy = s.accuracy / static_cast<double>(s.nLab);
        r.accuracyDecisive = nDec > 0 ? s.accuracyDec / static_cast<double>(nDec) : kMissing;
        r.qObserved = nUndec > 0 ? s.accuracyUndec / static_cast<double>(nUndec) : kMissing;
        r.qUsed = settings.qMode == QMode::Half ? 0.5 : r.qObserved;
        if (nUndec == 0) {
            // phi_lab = 0: q has no effect (and observed q is undefined).
            r.accuracyMax = 1.0;
            r.trust = r.consistencyLab * r.accuracy;
        } else {
            r.accuracyMax = 1.0 - r.flipRateLab * (1.0 - r.qUsed);
            r.trust = r.consistencyLab * (r.accuracy - r.flipRateLab * r.qUsed);
        }
        r.capabilityGap = r.accuracyMax - r.accuracy;
        // T7: N_i is not identifiable either with one run; with the opt-in every N_i is 1 (as it is then).
        if (!isMissing(r.consistencyLab))
            r.trustJoint = ratio(s.joint, s.nLab);
        r.trustGap = r.trust - r.trustJoint;
    }

    r.quadrant = placeQuadrant(r.consistency, r.flipRate, settings);

    // T12 a/b.
    r.majorityAccuracy = ratio(s.modalCorrectPresLab, s.modalPresLab);
    r.majorityCoverage = ratio(s.modalPresLab, 2 * s.nLab);
    r.bothOrderAccuracy = ratio(s.agreeingCorrectLab, s.agreeingLab);
    r.bothOrderCoverage = ratio(s.agreeingLab, s.matchedLab);
    return r;
}

} // namespace

TrustQuadrant placeQuadrant(double consistency, double flipRate, const TrustSettings& settings)
{
    // T11.
    if (isMissing(consistency) || isMissing(flipRate))
        return TrustQuadrant::Undefined;
    const bool goodC = consistency >= settings.goodConsistency - kThresholdSlack;
    const bool goodPhi = flipRate <= settings.goodFlipRate + kThresholdSlack;
    return goodC ? (goodPhi ? TrustQuadrant::Trustworthy : TrustQuadrant::ConfidentlyBiased)
                 : (goodPhi ? TrustQuadrant::NoisyButFair : TrustQuadrant::Chaos);
}

std::string_view quadrantName(TrustQuadrant quadrant)
{
    switch (quadrant) {
    case TrustQuadrant::Undefined:
        return "";
    case TrustQuadrant::Trustworthy:
        return "trustworthy";
    case TrustQuadrant::NoisyButFair:
        return "noisy-but-fair";
    case TrustQuadrant::Chaos:
        return "chaos";
    case TrustQuadrant::ConfidentlyBiased:
        return "confidently-biased";
    }
    return "";
}

std::string_view mitigationKey(TrustQuadrant quadrant)
{
    switch (quadrant) {
    case TrustQuadrant::Undefined:
        return "";
    case TrustQuadrant::Trustworthy:
        return "stronger-judge";
    case TrustQuadrant::NoisyButFair:
        return "majority-vote";
    case TrustQuadrant::Chaos:
        return "both-orders-then-majority";
    case TrustQuadrant::ConfidentlyBiased:
        return "both-orders";
    }
    return "";
}

TrustGap trustGap(const TrustCellResult& result)
{
    if (result.pairs > 0)
        return TrustGap::None;
    if (result.unorderedRuns > 0)
        return TrustGap::OrderNotRecorded;
    if (result.droppedMissingOrder > 0)
        return TrustGap::OneOrderOnly;
    if (result.droppedMissingVerdicts > 0)
        return TrustGap::NoAnsweredPair;
    return TrustGap::None;
}

std::string_view trustGapText(TrustGap gap)
{
    switch (gap) {
    case TrustGap::None:
        return "";
    case TrustGap::OrderNotRecorded:
        return "the source did not record the order each answer pair was shown in (AlpacaEval randomises it "
               "and keeps no trace), and C, phi, A and T need both orders of an item: unavailable";
    case TrustGap::OneOrderOnly:
        return "no item was judged in both orders: C, phi, A and T need both orders of an item";
    case TrustGap::NoAnsweredPair:
        return "no item has an answer in both orders (failed or unparsed calls): C, phi, A and T are "
               "undefined";
    }
    return "";
}

std::string_view mitigationText(TrustQuadrant quadrant)
{
    switch (quadrant) {
    case TrustQuadrant::Undefined:
        return "";
    case TrustQuadrant::Trustworthy:
        return "The remaining gap to the ceiling is capability: only a stronger judge closes it.";
    case TrustQuadrant::NoisyButFair:
        return "Sample repeatedly and take the majority verdict; position bias is low.";
    case TrustQuadrant::Chaos:
        return "Evaluate both candidate orders to reduce position bias, then take the majority over repeated "
               "runs.";
    case TrustQuadrant::ConfidentlyBiased:
        return "Stable verdicts hide a strong position bias: evaluate both orders; repeating runs does not "
               "help.";
    }
    return "";
}

TrustCellResult aggregateTrust(const TrustPairs& summary, const TrustSettings& settings)
{
    Sums s;
    for (const TrustPair& p : summary.pairs)
        s.add(p);
    return finish(summary, s, settings);
}

TrustCellResult aggregateTrust(const TrustPairs& summary, std::span<const std::uint32_t> pairIndices,
                               const TrustSettings& settings)
{
    Sums s;
    for (std::uint32_t i : pairIndices)
        s.add(summary.pairs[i]);
    return finish(summary, s, settings);
}

TrustCellResult analyseTrustCell(const Audit& audit, std::span<const ItemRun> runs,
                                 const TrustSettings& settings)
{
    return aggregateTrust(summarizeTrustPairs(audit, runs), settings);
}

std::vector<TrustCellResult> analyseTrust(const Audit& audit, const TrustSettings& settings, int threads)
{
    const std::span<const Cell> cells = audit.cells();
    std::vector<TrustCellResult> out(cells.size());
    // Each cell is summed by one thread in pair order, so the results do not depend on the thread count.
    const auto work = [&](std::size_t c) {
        out[c] = analyseTrustCell(audit, audit.itemRunsOf(cells[c]), settings);
        out[c].cell = static_cast<std::uint32_t>(c);
    };
    std::size_t n = threads > 0 ? static_cast<std::size_t>(threads)
                                : std::min<std::size_t>(std::max(std::thread::hardware_concurrency(), 1u),
                                                        audit.judgmentCount() / kRowsPerAutoThread + 1);
    n = std::clamp<std::size_t>(n, 1, std::max<std::size_t>(cells.size(), 1));
    if (n == 1) {
        for (std::size_t c = 0; c < cells.size(); ++c)
            work(c);
        return out;
    }
    // Cells are handed out one at a time by an atomic counter (their sizes differ); the caller is a worker.
    std::atomic<std::size_t> next{0};
    const auto loop = [&] {
        for (std::size_t c = next.fetch_add(1, std::memory_order_relaxed); c < cells.size();
             c = next.fetch_add(1, std::memory_order_relaxed))
            work(c);
    };
    {
        std::vector<std::jthread> helpers;
        helpers.reserve(n - 1);
        for (std::size_t t = 1; t < n; ++t)
            helpers.emplace_back(loop);
        loop();
    } // the jthreads join here
    return out;
}

} // namespace tribunal
