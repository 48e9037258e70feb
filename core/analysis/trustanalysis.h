#pragma once
// Pairwise trust per cell (../shared/spec/metrics.md "Pairwise trust": T0-T7, T11, T12 a/b;
// docs/trust-metrics.md).
//
// All rates are proportions in [0, 1]. An undefined value (no labelled pair, C not identifiable with one run,
// A_dec with phi_lab = 1, ...) is kMissing (NaN; test with isMissing), never 0.
// Thread-safety: every function reads its arguments only; call from any thread.

#include "analysis/trustpair.h"
#include "analysis/trustsettings.h"
#include "model/audit.h"

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace tribunal {

/// T11 failure-mode map (seed 000, section 5.5), placed by (C, phi) against the TrustSettings thresholds.
enum class TrustQuadrant {
    Undefined,         ///< C or phi is undefined (no retained pair, or C n/a with one run)
    Trustworthy,       ///< C good, phi good
    NoisyButFair,      ///< C low, phi good
    Chaos,             ///< C low, phi high
    ConfidentlyBiased, ///< C good, phi high
};

/// T11 placement of (C, phi) against the settings' thresholds (inclusive, with 1e-12 slack); Undefined when
/// either is kMissing. Used for audit cells and for published cell tables alike.
TrustQuadrant placeQuadrant(double consistency, double flipRate, const TrustSettings& settings);

/// "trustworthy", "noisy-but-fair", "chaos", "confidently-biased" ("" for Undefined).
std::string_view quadrantName(TrustQuadrant quadrant);
/// Stable key of the mitigation the quadrant calls for (seed 000, section 5.5), for translation tables:
/// "stronger-judge" (the remaining gap is capability), "majority-vote" (repeat and take the majority),
/// "both-orders-then-majority" (average over both orders, then ensemble runs), "both-orders" (high C hides
/// the bias: evaluate both orders; repeating runs does not help); "" for Undefined.
std::string_view mitigationKey(TrustQuadrant quadrant);
/// One English sentence for mitigationKey (the GUI translates by key).
std::string_view mitigationText(TrustQuadrant quadrant);

struct TrustCellResult {
    /// Index in Audit::cells() (analyseTrust), or kNoCell for a custom group of item runs.
    static constexpr std::uint32_t kNoCell = 0xffffffffu;
    std::uint32_t cell = kNoCell;

    // T0: which pairs count.
    std::uint64_t pairs = 0;           ///< retained pairs (both orders have an answered run)
    std::uint64_t labelledPairs = 0;   ///< retained pairs with a label (the A-family is computed on these)
    std::uint64_t unlabelledPairs = 0; ///< retained pairs without a label (enter C, phi only)
    std::uint64_t droppedMissingOrder = 0;
    std::uint64_t droppedMissingVerdicts = 0;
    std::uint64_t notPairwiseItems = 0;
    std::uint64_t biasTestItems = 0; ///< item runs of bias-test judgments only (left out, see trustpair.h)
    std::uint64_t noneRuns = 0;
    std::uint64_t abstainedRuns = 0;
    std::uint64_t unorderedRuns = 0;

    // T2: runs and consistency.
    std::uint32_t runs = 0;          ///< R: most answered runs in one retained presentation
    bool singleRun = false;          ///< every retained presentation has exactly one answered run
    bool consistencyAssumed = false; ///< single run and the user opted in: C = C_lab = 1
    /// Retained presentations with one answered run (in multi-run designs they count as reproducible).
    std::uint64_t singleRunPresentations = 0;
    double consistencyPair = kMissing;         ///< mean N_i over retained pairs
    double consistencyPresentation = kMissing; ///< share of retained presentations whose runs agree
    double consistency = kMissing;    ///< C in the chosen unit; kMissing when n/a (one run, no opt-in)
    double consistencyLab = kMissing; ///< C_lab: the same over labelled pairs (enters T)

    // T3: order invariance.
    double flipRate = kMissing;       ///< phi = 1 - mean P_i over retained pairs
    double flipRateLab = kMissing;    ///< phi_lab over labelled pairs (enters A_max and T)
    double flipRateAB = kMissing;     ///< phi_AB: share of retained pairs with a hard A<->B modal reversal
    double firstSlotShare = kMissing; ///< share of answered A/B runs naming the first-shown slot (0.5 = none)

    // T4-T5: accuracy and ceiling (labelled pairs).
    double accuracy = kMissing;         ///< A
    double accuracyDecisive = kMissing; ///< A_dec: pairs with P_i = 1; kMissing when phi_lab = 1
    double qObserved = kMissing;        ///< mean accuracy over pairs with P_i = 0; kMissing when none
    double qUsed = kMissing;            ///< q entering A_max and T (1/2, or qObserved); kMissing when unused
    double accuracyMax = kMissing;      ///< A_max = 1 - phi_lab (1 - q)
    double capabilityGap = kMissing;    ///< A_max - A, signed

    // T6-T7: trustworthy verdict rate.
    double trust = kMissing;      ///< T = C_lab (A - phi_lab q)
    double trustJoint = kMissing; ///< T_joint = mean N_i P_i R_i over labelled pairs
    double trustGap = kMissing;   ///< T - T_joint

    // T11.
    TrustQuadrant quadrant = TrustQuadrant::Undefined;

    // T12 mitigation replays on the recorded verdicts (labelled pairs).
    double majorityAccuracy = kMissing;  ///< (a) accuracy of the modal verdict of each presentation
    double majorityCoverage = kMissing;  ///< (a) share of presentations that have a modal verdict
    double bothOrderAccuracy = kMissing; ///< (b) accuracy of run verdicts kept where AB and BA agree
    double bothOrderCoverage = kMissing; ///< (b) share of run numbers answered in both orders that agree
};

/// Cell metrics from per-pair summaries (all pairs of `summary`). Drop counts are copied from `summary`.
TrustCellResult aggregateTrust(const TrustPairs& summary, const TrustSettings& settings);
/// The same over a multiset of pair indices into summary.pairs (a bootstrap resample over pairs, T13). Drop
/// counts are those of the original summary. Precondition: every index < summary.pairs.size().
TrustCellResult aggregateTrust(const TrustPairs& summary, std::span<const std::uint32_t> pairIndices,
                               const TrustSettings& settings);

/// Trust metrics of one group of item runs (normally Audit::itemRunsOf(cell)).
TrustCellResult analyseTrustCell(const Audit& audit, std::span<const ItemRun> runs,
                                 const TrustSettings& settings);

/// T0: why a cell has no retained pair, for the note the workbench shows instead of its metrics.
enum class TrustGap {
    None,             ///< the cell has retained pairs (or no pairwise judgments at all)
    OrderNotRecorded, ///< its judgments carry no order (the source did not record it, e.g. AlpacaEval)
    OneOrderOnly,     ///< no item was judged in both orders
    NoAnsweredPair,   ///< no item has an answered run in both orders
};
TrustGap trustGap(const TrustCellResult& result);
/// One English sentence for a gap ("" for None), as the CLI and the exported tables state it.
std::string_view trustGapText(TrustGap gap);

/// One result per cell of the audit, in Audit::cells() order (cells without pairwise items give a result with
/// pairs = 0 and every rate undefined). Cells are analysed on up to `threads` threads, the calling one
/// included (0 = automatic: the hardware concurrency, but one thread per 64k judgment rows at most, so small
/// audits stay on the calling thread); each cell is computed by one thread in the same order, so the results
/// are identical for any thread count.
std::vector<TrustCellResult> analyseTrust(const Audit& audit, const TrustSettings& settings, int threads = 0);

} // namespace tribunal
