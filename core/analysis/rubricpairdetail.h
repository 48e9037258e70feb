#pragma once
// Everything a reviewer needs about one rubric pair (one binary or ordinal item): the R1 label with its
// raters' individual ratings, and every judgment on the item - every judge, format, condition, bias test and
// run - with its answer, stated confidence, probability of the answer given, cost and raw output row
// (../shared/spec/workbench.md: the Rubric panel's drill-down; metrics.md R1). No statistic is computed here
// beyond the label; the view lists these fields as they are.
// Thread-safety: pure functions of the immutable audit.

#include "analysis/rubriclabels.h"

#include <cstdint>
#include <vector>

namespace tribunal {

/// How a rubric answer compares with the pair's label.
enum class RubricAnswerMatch : std::uint8_t {
    Unscored, ///< NA, none, a level outside 1..K, or the pair has no label
    Right,    ///< equals the label (the R2 / R3 "exact" sense)
    Wrong,
};

/// One judgment on the pair.
struct RubricPairAnswer {
    std::uint32_t judgment = 0; ///< row in JudgmentTable (raw output, error, extra)
    std::uint32_t cell = 0;     ///< index in Audit::cells()
    std::uint16_t rep = 0;      ///< 1-based run
    Answer answer = answer::kNone;
    RubricAnswerMatch match = RubricAnswerMatch::Unscored;
    int distance = 0;                      ///< ordinal: answer - label in levels when scored; else 0
    double confidence = kMissing;          ///< judge-stated confidence in [0, 1]
    double probabilityOfAnswer = kMissing; ///< the probability the judge gave its own answer, when recorded
    double costUsd = kMissing;
};

struct RubricPairDetail {
    std::uint32_t item = 0;
    TaskKind kind = TaskKind::Ordinal;
    int levels = 2; ///< scaleLevels(item)
    RubricLabel label;
    std::vector<Rating> ratings; ///< the item's ratings in stored order
    /// Every judgment on the item: cells in Audit::cells() order (so judge, format, condition, test as the
    /// audit orders them), runs in judgment-row order within a cell.
    std::vector<RubricPairAnswer> answers;
};

/// The detail of item `item` under `rounding`. Precondition: item < audit.items().size(). A pairwise item
/// gives kind Pairwise, an empty label and no answers.
RubricPairDetail rubricPairDetail(const Audit& audit, std::uint32_t item,
                                  LabelRounding rounding = LabelRounding::HalfUp);

} // namespace tribunal
