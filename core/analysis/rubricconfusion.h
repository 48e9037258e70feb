#pragma once
// Confusion matrices of rubric judges: predicted level against the R1 label, per (panel, judge, format,
// condition) cell without a bias test and per criterion (../shared/spec/metrics.md "Rubric judges" R2, R3;
// workbench.md: the Rubric panel's heatmap). The predictions are exactly those R2 / R3 score
// (rubricagreement.h): every run on a pair with an R1 label; NA and none / out-of-scale answers are counted
// beside the matrix per label (they are not on its axes). So, for the same cell and criterion and rounding
// rule: sum(counts) = RubricMetrics::n, trace / n = RubricMetrics::exact, and the sums of `abstained` /
// `failed` equal RubricMetrics::abstained / failed of the criterion row of analyseRubricAgreement.
//
// Axes: index i = level i + 1 on ordinal criteria (1..K, K = the criterion's scale: the largest scaleLevels
// of its pairs in the cell); on binary criteria 0 = UNMET, 1 = MET. A prediction is scored against its PAIR's
// own scale (as R2): on a pair with fewer levels than K, an answer above the pair's levels is failed even
// though the axis has room for it. Labels lie on the axis whenever ratings lie within the items' levels (the
// importers check this); a prediction on a label off the axis (an audit built by hand) is left out entirely.
// The shared collection of the predictions is analysis/rubricpredictions.h.
// Thread-safety: pure functions of the immutable audit.

#include "analysis/rubricagreement.h"

#include <cstdint>
#include <span>
#include <vector>

namespace tribunal {

struct RubricConfusion {
    StrId dataset = kEmptyStr, judge = kEmptyStr, format = kEmptyStr;
    CondId condition = 0;
    StrId criterion = kEmptyStr;
    TaskKind kind = TaskKind::Ordinal;
    int levels = 2;                       ///< axis length K (binary: 2)
    std::vector<std::uint32_t> counts;    ///< K x K, row-major: counts[label * K + predicted]
    std::vector<std::uint32_t> abstained; ///< per label index: NA predictions
    std::vector<std::uint32_t> failed;    ///< per label index: none and out-of-scale predictions
    std::uint32_t n = 0;                  ///< scored predictions: the sum of counts
    std::uint32_t pairs = 0;              ///< labelled pairs with >= 1 scored prediction

    std::uint32_t count(int labelIndex, int predictedIndex) const
    {
        return counts[static_cast<std::size_t>(labelIndex) * static_cast<std::size_t>(levels) +
                      static_cast<std::size_t>(predictedIndex)];
    }
};

/// The axis index of a label or prediction (see the file comment); -1 for NA, none, or a level outside
/// 1..levels.
int confusionIndex(TaskKind kind, Answer value, int levels);
/// The answer at axis index `index` (inverse of confusionIndex); kNone for a negative index (binary: any
/// index but 0 and 1).
Answer confusionAnswer(TaskKind kind, int index);

/// One matrix per cell and criterion, in the order of the criterion rows of analyseRubricAgreement (cells in
/// Audit::cells() order; binary criteria before ordinal; criterion text ascending). A criterion whose pairs
/// are all unlabelled still gets a matrix (n = 0). Labels come from rubricLabel with settings.rounding
/// (Unrounded: the half-up label, as R2's level metrics).
std::vector<RubricConfusion> analyseRubricConfusion(const Audit& audit,
                                                    const RubricAgreementSettings& settings = {});

/// The pairs behind a matrix cell: item rows (ascending, each once) of the confusion's cell and criterion
/// whose R1 label has index `labelIndex` and that have at least one run predicted at `predictedIndex`.
/// predictedIndex = -1: every labelled pair with that label (the row). labelIndex = -1 with predictedIndex
/// = -1: every pair of the cell and criterion, labelled or not. Out-of-range indices give an empty list, and
/// so does labelIndex = -1 with predictedIndex >= 0. A run counts only when scored (on its pair's own scale),
/// so with one run per pair the list has confusion.count(labelIndex, predictedIndex) items.
std::vector<std::uint32_t> confusionItems(const Audit& audit, const RubricConfusion& confusion,
                                          int labelIndex, int predictedIndex,
                                          const RubricAgreementSettings& settings = {});

} // namespace tribunal
