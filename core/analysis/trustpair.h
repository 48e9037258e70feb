#pragma once
// Per-pair reduction of the pairwise trust analysis (../shared/spec/metrics.md T0-T7, T12 a/b).
//
// One pass over the judgment rows of a group of item runs (normally one Audit cell) turns every pair into a
// small TrustPair of integer counts and flags. Every cell metric is a sum over these summaries
// (aggregateTrust in trustanalysis.h), so a bootstrap resample over pairs (T13: a multiset of pair indices)
// recomputes C, phi, A, A_dec, q, T and T_joint without touching the judgments again.

#include "model/audit.h"

#include <cstdint>
#include <span>
#include <vector>

namespace tribunal {

/// Counts and indicators of one retained pair (both orders have at least one answered run). "Answered" means
/// a verdict A, B or tie: 'none' (failed call, unparsable) and NA (abstention) runs are dropped first (T0).
struct TrustPair {
    std::uint32_t item = 0;         ///< row in ItemTable
    std::uint32_t answered[2] = {}; ///< answered runs in order AB [0] and BA [1]
    std::uint32_t correct = 0;      ///< answered runs (both orders) equal to the label; 0 when unlabelled
    bool labelled = false;
    bool reproducible = false;   ///< N_i (T2): in each order all answered runs gave the same verdict
    bool orderInvariant = false; ///< P_i (T3): both orders have a modal verdict and they are equal
    bool modalCorrect = false;   ///< R_i (T7): P_i = 1 and the modal verdict equals the label
    bool hardReversal = false;   ///< modal verdicts A in one order and B in the other (phi_AB)
    std::uint8_t agreeingPresentations = 0;     ///< orders (0..2) whose answered runs all agree
    std::uint8_t singleRunPresentations = 0;    ///< orders (0..2) with exactly one answered run
    std::uint8_t modalPresentations = 0;        ///< T12a: orders with a modal verdict
    std::uint8_t modalCorrectPresentations = 0; ///< T12a: orders whose modal verdict equals the label
    std::uint32_t slotVerdicts = 0;             ///< answered runs that name A or B (tie runs excluded)
    std::uint32_t firstSlotVerdicts = 0;        ///< ... of which name the slot shown first (A in AB, B in BA)
    std::uint32_t matchedRuns = 0;              ///< T12b: run numbers answered in both orders
    std::uint32_t agreeingRuns = 0;             ///< ... whose AB and BA verdicts agree (the verdict is kept)
    std::uint32_t agreeingCorrectRuns = 0;      ///< ... of which the kept verdict equals the label

    std::uint32_t answeredRuns() const { return answered[0] + answered[1]; }
    std::uint32_t maxPresentationRuns() const
    {
        return answered[0] > answered[1] ? answered[0] : answered[1];
    }
    /// Share of this pair's answered verdicts equal to the label (T4); meaningful only when labelled.
    double accuracy() const { return static_cast<double>(correct) / static_cast<double>(answeredRuns()); }
};

/// The retained pairs of a group and what was left out, with the reason.
struct TrustPairs {
    std::vector<TrustPair> pairs; ///< in item-run order
    /// Pairs missing a whole order: no judgment row at all in order AB or in order BA.
    std::uint64_t droppedMissingOrder = 0;
    /// Pairs shown in both orders but with no answered run in at least one of them (every run 'none' or NA).
    std::uint64_t droppedMissingVerdicts = 0;
    std::uint64_t notPairwiseItems = 0; ///< item runs of binary / ordinal items (outside the trust analysis)
    /// Item runs whose judgments are all bias-test judgments (variant original / perturbed): they belong to
    /// the bias tests (docs/bias-tests.md), not to the trust analysis.
    std::uint64_t biasTestItems = 0;
    std::uint64_t noneRuns = 0;      ///< 'none' runs of pairwise items, retained pairs or not
    std::uint64_t abstainedRuns = 0; ///< NA runs of pairwise items, retained pairs or not
    std::uint64_t unorderedRuns = 0; ///< runs of pairwise items without an order (ignored)
};

/// True when every judgment of the item run is a bias-test judgment (variant original / perturbed): the
/// trust analysis leaves such a run out (TrustPairs::biasTestItems; docs/trust-metrics.md).
bool isBiasTestRun(const Audit& audit, const ItemRun& run);
/// True when some item run of `cell` is not bias-test only, i.e. the cell has data for the trust analysis.
bool hasTrustRuns(const Audit& audit, const Cell& cell);

/// Reduces the item runs `runs` (each one pair; normally Audit::itemRunsOf(cell), but any set of item runs of
/// `audit` works, e.g. a regrouping across cells) to per-pair summaries. Verdicts are the audit's canonical
/// identities. Thread-safety: reads the immutable audit only.
TrustPairs summarizeTrustPairs(const Audit& audit, std::span<const ItemRun> runs);

} // namespace tribunal
