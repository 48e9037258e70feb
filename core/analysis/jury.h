#pragma once
// K5 all-wrong share and K6 juries on a rubric verdict table (rubricverdicts.h; ../shared/spec/metrics.md
// K5, K6 and "Edge cases" K6; worked example: ../shared/spec/examples.md section 8).
//
// K6: a jury's verdict on a pair is the median of its jurors' scored verdicts (levels 1..K; binary UNMET <
// MET). Jurors who abstain or fail are left out of that pair; a pair without a scored juror verdict has no
// jury verdict. With v votes sorted ascending, the lower median is vote floor((v - 1) / 2) and the upper
// median vote floor(v / 2) (0-based), so they differ only for an even v (numpy percentile 50 with methods
// 'lower' and 'higher'); on binary pairs an even split gives UNMET (lower) and MET (upper). Both are scored.
// Comparison with the most accurate single judge "on the same pairs": for each candidate, the labelled pairs
// where the jury has a verdict and the candidate a scored verdict; the best single judge is the candidate
// with the highest accuracy there (ties: the first listed); the lower- and upper-median juries are then
// compared with it on that pair set by R7 (pairedcomparison.h, one family of two, units and clusters from
// the table).
// K5: over the labelled pairs every listed judge scored, the share on which all are wrong, and the accuracy
// of the oracle that is right wherever one judge is. Thread-safety: pure functions of their arguments.
// Progress and cancel (model/progress.h): analyseJury reports the steps of its R7 family
// (comparePairedFamily: chunk = a block of resamples) and throws Cancelled from it; without a best single
// judge there is no R7 and it reports step(0, 0).

#include "analysis/pairedcomparison.h"
#include "analysis/rubricverdicts.h"

#include <cstddef>
#include <span>
#include <vector>

namespace tribunal {

struct JuryVerdict {
    Answer lower = answer::kNone;
    Answer upper = answer::kNone;
    std::uint32_t votes = 0;
};

/// The K6 medians of scored votes (any order); kNone for both without votes.
JuryVerdict juryVerdict(std::span<const Answer> votes);

struct JuryResult {
    std::vector<std::size_t> jurors; ///< judge indices of the table
    std::uint32_t pairs = 0;         ///< labelled pairs with a jury verdict
    std::uint32_t evenSplits = 0;    ///< of which lower != upper
    double accuracyLower = kMissing, accuracyUpper = kMissing;
    int bestSingle = -1; ///< judge index of the table; -1 when no candidate shares a pair with the jury
    double bestSingleAccuracy = kMissing;
    std::uint32_t comparedPairs = 0;           ///< the best single judge's pair set
    PairedComparison lowerVsBest, upperVsBest; ///< first = the jury, second = the best single judge
};

/// K6 for `jurors` against `candidates` (judge indices of `table`). Same errors as comparePaired, and
/// Cancelled when progress is cancelled.
JuryResult analyseJury(const RubricVerdictTable& table, std::span<const std::size_t> jurors,
                       std::span<const std::size_t> candidates, const PairedSettings& paired,
                       const Progress& progress = {});

struct AllWrongShare {
    std::uint32_t pairs = 0; ///< labelled pairs every judge scored
    std::uint32_t allWrong = 0;
    double share = kMissing;          ///< allWrong / pairs
    double oracleAccuracy = kMissing; ///< 1 - share
};

/// K5 over `judges` (judge indices of `table`).
AllWrongShare allWrongShare(const RubricVerdictTable& table, std::span<const std::size_t> judges);

} // namespace tribunal
