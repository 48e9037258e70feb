#pragma once
// The predictions R2 / R3 score (rubricagreement.h), collected per (cell, kind, criterion), for the analyses
// that group them as the criterion rows of analyseRubricAgreement do: the confusion matrices
// (rubricconfusion.h) and anything else that must agree with those rows count for count.
// A prediction is one judgment run on a labelled binary / ordinal pair; labels come from rubricLabel (R1)
// with the Unrounded option mapped to half-up level labels, exactly as rubricagreement.cpp does.
// Thread-safety: pure functions of the immutable audit.

#include "analysis/rubricagreement.h"

#include <cstdint>
#include <vector>

namespace tribunal {

/// R1 labels and scales of every item (index = item row); pairwise items keep an empty label and 0 levels.
struct RubricPairScales {
    std::vector<RubricLabel> label;
    std::vector<int> levels; ///< scaleLevels
};

/// Labels (under levelRounding(rounding)) and scales of every binary and ordinal item.
RubricPairScales labelRubricPairs(const Audit& audit, LabelRounding rounding);

/// The predictions of one criterion of one kind in one cell.
struct RubricCriterionPredictions {
    TaskKind kind = TaskKind::Ordinal;
    StrId criterion = kEmptyStr;
    int levels = 0;                            ///< the largest scaleLevels of the pairs (binary: 2)
    std::vector<std::uint32_t> items;          ///< every pair of the criterion in the cell, ascending
    std::vector<RubricPrediction> predictions; ///< every run on a labelled pair, in judgment-row order
    std::vector<std::uint32_t> judgments;      ///< the judgment row of each prediction (index-aligned)
    std::uint32_t unlabelledPairs = 0;         ///< pairs without an R1 label (their runs are not listed)
};

/// The criteria of `cell` with at least one binary or ordinal pair, in the order of the criterion rows of
/// analyseRubricAgreement: binary before ordinal, criterion text ascending. The cell's bias test is not
/// looked at (analyseRubricAgreement skips test cells; so should the caller).
std::vector<RubricCriterionPredictions> rubricCellPredictions(const Audit& audit, const Cell& cell,
                                                              const RubricPairScales& scales);

} // namespace tribunal
