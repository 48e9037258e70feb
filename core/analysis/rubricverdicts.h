#pragma once
// One verdict per (judge, pair) on a rubric panel: the input of the confidence, confident-error, jury and
// cascade analyses (../shared/spec/metrics.md K1-K11), which - like seed 002 - read one answer per judge and
// pair, with its confidence and cost.
//
// - Judges are JudgeKeys (judgecomparison.h): the judgments of a cell without a bias test on the panel.
// - Pairs: every binary or ordinal item of the panel (dataset), in item order, with its R1 label under the
//   level rule (rubricLabel; Unrounded gives the half-up level, as R2) and its scale (scaleLevels).
// - Units and clusters as R7 numbers them (judgecomparison.h): unit = the item's unit id text (fallback: the
//   item), cluster = its group text (fallback: the unit); numbered 0.. by first appearance in pair order.
// - A judge's verdict on a pair is its earliest run (lowest rep, then judgment row) whose answer is not
//   `none`; when every run failed, the earliest run (answer none). Cost = the verdict run's cost plus the
//   costs of the failed runs before it, and when every run failed, the cost of every run (a retry is part of
//   the same request; K7 charges recorded costs of failed requests, so [failed, failed] costs two runs, as
//   [failed, answered] does). A run's cost is K11's (calibration.h requestCostUsd): its recorded cost_usd,
//   else, with prices for its judge, its tokens x prices; 0 when neither. Confidence = K1 of the verdict run
//   (confidence.h answerConfidence); pMet = P(MET) of a binary verdict run, renormalised over MET / UNMET
//   entries (kMissing without them).
// - Status: Missing (no run), Failed (`none`, or an ordinal level outside 1..K), Abstained (NA), else
//   Right or Wrong against the label, or Unlabelled when the pair has none (binary rater tie, no rating).
// Thread-safety: pure functions of the immutable audit.

#include "analysis/calibration.h"
#include "analysis/judgecomparison.h"
#include "analysis/rubriclabels.h"

#include <cstdint>
#include <span>
#include <vector>

namespace tribunal {

enum class VerdictStatus : std::uint8_t { Missing, Failed, Abstained, Unlabelled, Right, Wrong };

/// Whether the verdict is a scored answer (Right, Wrong or Unlabelled: a level 1..K or MET / UNMET).
inline bool isScoredVerdict(VerdictStatus s)
{
    return s == VerdictStatus::Right || s == VerdictStatus::Wrong || s == VerdictStatus::Unlabelled;
}

struct RubricVerdict {
    Answer answer = answer::kNone;
    VerdictStatus status = VerdictStatus::Missing;
    std::uint32_t judgment = kNoJudgment; ///< the verdict run's row in JudgmentTable
    double confidence = kMissing;         ///< K1
    double pMet = kMissing;               ///< binary: P(MET) of the verdict run
    double cost = 0;                      ///< USD (0 when no cost is recorded)
};

struct RubricVerdictTable {
    StrId dataset = kEmptyStr;
    std::vector<JudgeKey> judges;
    std::vector<std::uint32_t> items; ///< pair p = item row items[p]
    std::vector<TaskKind> kind;       ///< per pair
    std::vector<RubricLabel> labels;  ///< per pair
    std::vector<int> levels;          ///< per pair: scaleLevels
    std::vector<std::uint32_t> unit, cluster;
    std::vector<RubricVerdict> verdicts; ///< [judge * pairs + pair]

    std::size_t pairCount() const { return items.size(); }
    const RubricVerdict& at(std::size_t judge, std::size_t pair) const
    {
        return verdicts[judge * items.size() + pair];
    }
};

/// The verdict table of `judges` on panel `dataset` (see the file comment). `prices` (by judge name) may be
/// null: recorded costs only.
RubricVerdictTable rubricVerdictTable(const Audit& audit, StrId dataset, std::span<const JudgeKey> judges,
                                      LabelRounding rounding = LabelRounding::HalfUp,
                                      const JudgePrices* prices = nullptr);

} // namespace tribunal
