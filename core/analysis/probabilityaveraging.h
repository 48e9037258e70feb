#pragma once
// T12 (c): averaging the two orders' probabilities (../shared/spec/metrics.md "Pairwise trust" T12 (c); seed
// 001, Table 25: "One" vs "Both" accuracy and the change with a bootstrap interval over items).
//
// The unit is a matched run: an (item, run number) whose judgment has a probability of candidate A in both
// orders AB and BA, on a pairwise item labelled A or B. P(A) of a judgment is its ProbEntry for option A, or
// 1 - p of its option B entry when only B is given (options are canonical identities, so P(A) in order BA is
// already the probability of the item's first candidate). Both accuracies use the same matched runs, so the
// change is a paired comparison:
// - One: each of the two single-order judgments gives the verdict argmax(P(A), 1 - P(A)); P(A) = 0.5 exactly
//   gives no verdict and is left out. One accuracy = correct / judgments with a verdict; coverage = judgments
//   with a verdict / (2 x matched runs).
// - Both: the verdict of (P_AB(A) + P_BA(A)) / 2, by the same rule; accuracy and coverage per matched run.
// - Agree: share of matched runs whose two single-order verdicts both exist and are equal.
// - Change = Both - One accuracy (a proportion, not percentage points), with a percentile bootstrap interval
//   over items (all of an item's matched runs move together).
// Bootstrap: B resamples split into chunks of kBootstrapChunk, chunk c drawing from RandomStream(seed,
// cellIndex, c), each resample one fillIndices(n, ., n) call over the n items with a matched run; interval
// ends are numpy-linear quantiles of the defined changes, kMissing when more than half are undefined (as
// T13). `threads` is ignored (single-threaded; results would not depend on it anyway). All rates are in [0,
// 1]; undefined values are kMissing. Thread-safety: reads its arguments only.

#include "analysis/trustbootstrap.h"
#include "model/audit.h"

#include <cstdint>
#include <span>
#include <vector>

namespace tribunal {

/// Counts of one item over its matched runs.
struct ProbabilityAveragingItem {
    std::uint32_t item = 0;       ///< row in ItemTable
    std::uint32_t matched = 0;    ///< matched runs
    std::uint32_t oneDecided = 0; ///< single-order judgments with a verdict (0 .. 2 matched)
    std::uint32_t oneCorrect = 0;
    std::uint32_t bothDecided = 0; ///< matched runs whose averaged probability gives a verdict
    std::uint32_t bothCorrect = 0;
    std::uint32_t agreeing = 0; ///< matched runs whose two single-order verdicts exist and agree
};

struct ProbabilityAveragingResult {
    std::vector<ProbabilityAveragingItem> items; ///< items with at least one matched run, in item-run order
    std::uint64_t matchedRuns = 0;
    double oneAccuracy = kMissing;
    double oneCoverage = kMissing;
    double bothAccuracy = kMissing;
    double bothCoverage = kMissing;
    double agreement = kMissing;
    double change = kMissing; ///< bothAccuracy - oneAccuracy
    Interval changeInterval;  ///< bootstrap over items
};

/// P(A) of judgment row j, or kMissing when it has no probability for A or B.
double probabilityOfA(const Audit& audit, std::size_t j);

/// Point estimates only (changeInterval left kMissing) for a group of item runs (normally one cell).
ProbabilityAveragingResult summarizeProbabilityAveraging(const Audit& audit, std::span<const ItemRun> runs);

/// Point estimates and the bootstrap interval of the change (`cellIndex` only seeds the random streams).
ProbabilityAveragingResult analyseProbabilityAveraging(const Audit& audit, std::span<const ItemRun> runs,
                                                       const BootstrapSettings& bootstrap,
                                                       std::uint64_t cellIndex);

/// The change of one resample: a multiset of indices into result.items; kMissing when a denominator is 0.
double probabilityAveragingChange(std::span<const ProbabilityAveragingItem> items,
                                  std::span<const std::uint32_t> indices);

} // namespace tribunal
