#pragma once
// JudgeBench's own headline score (ScalerLab/JudgeBench utils/metrics.py::compute_final_metrics, the same
// logic at commits 12a499c5, d8740a81 and e2c52c28; run_judge.py @e2c52c28 prints it per source prefix and
// overall), recomputed on an imported audit so that a JudgeBench import can be checked against the number
// the harness printed.
//
// Per cell (judge, format, dataset, condition), over its labelled pairwise items: each run-1 judgment in
// order AB or BA adds +1 when its canonical answer equals the label and -1 when it names the other candidate
// (tie, none and NA add 0); the item is correct when the sum is > 0 (the "double game": one right and one tie
// or failed call counts, one right and one wrong does not). Score = 100 * correct / items, every labelled
// item in the denominator, also one whose calls all failed. A single-game cell (no BA judgment) reduces to
// the share of items whose AB answer equals the label, upstream's single-game rule.
// Domains are prefixes of the item's domain (JudgeBench's `source`): "mmlu-pro" covers every mmlu-pro-*
// category; "Overall" is every labelled item of the cell (a micro average, as upstream).
// Bias-test cells (a non-empty test) are left out: they are another framing of the same items.
// Pure function of the audit; thread-safe.

#include "model/audit.h"

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace tribunal {

/// The source prefixes run_judge.py reports, in its order; "" is Overall.
inline constexpr std::array<std::string_view, 5> kJudgeBenchDomainPrefixes = {
    "mmlu-pro", "livebench-reasoning", "livebench-math", "livecodebench", ""};

struct JudgeBenchDomainScore {
    std::string_view domain; ///< a prefix of kJudgeBenchDomainPrefixes, or "Overall"
    std::uint64_t pairs = 0;
    std::uint64_t correct = 0;
    double score = kMissing; ///< 100 * correct / pairs (percent, as upstream); kMissing when pairs == 0
};

struct JudgeBenchCellScore {
    std::uint32_t cell = 0; ///< index in Audit::cells()
    bool doubleGame = true; ///< false: no item of the cell has a BA judgment (a --single_game run)
    /// One entry per kJudgeBenchDomainPrefixes entry, in that order (Overall last), also those with 0 pairs.
    std::array<JudgeBenchDomainScore, 5> domains;
};

/// Whether one item of a cell is correct under the double-game rule: the signed count of its run-1 AB / BA
/// judgments `rows` against `label` is > 0. Precondition: label is not none / NA.
bool judgeBenchItemCorrect(const Audit& audit, const ItemRun& run, Answer label);

/// One result per cell (Audit::cells() order) that has at least one labelled pairwise item and no bias test.
std::vector<JudgeBenchCellScore> judgeBenchScores(const Audit& audit);

} // namespace tribunal
