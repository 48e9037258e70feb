#pragma once
// Flat tables behind the Rubric panel's confusion heatmap and level-shift curve (workbench.md; metrics.md
// "Rubric judges" R2, R3, R5) for `tribunal-cli rubric --table confusion|shifts`; written with
// writeFlatTable (report/flattable.h: CSV, Markdown, JSON; missing cells empty / null). Qt-free; pure
// functions, thread-safe.
//
// confusionTable: one row per (matrix of analyseRubricConfusion, label level, predicted level), matrices in
// their order, then label ascending, then predicted ascending; EVERY axis cell is written, zero counts too,
// so a matrix of K levels gives K x K rows. Columns:
//   judge, format, <condition keys used>, panel, criterion, kind,
//   label, predicted     - axis values as answer text: the level number on ordinal criteria, UNMET / MET
//                          (in that order) on binary ones
//   count                - scored predictions with that label and prediction (the matrix cell)
//   label_n              - scored predictions with that label (the row sum of the matrix)
//   label_abstained      - NA predictions on pairs with that label (beside the matrix, R2)
//   label_failed         - none and out-of-scale predictions on pairs with that label
//   n, pairs             - the matrix's scored predictions and labelled pairs with >= 1 scored prediction
// The label_* and n / pairs columns repeat on every row they belong to (each row reads alone; sum
// label_abstained over one `predicted` value to get a matrix's total). A criterion whose pairs are all
// unlabelled gives its K x K rows with zero counts. The criterion cell is the criterion text (may be empty).
//
// shiftCurveTable: one row per (LevelShiftRow, s), rows in their order, s ascending over the row's curve
// (-(K-1) .. K-1). Columns: judge, format, <condition keys used>, panel, criterion (empty on pooled rows),
// pooled, levels (K; pooled: the largest K), shift (s), accuracy (exact accuracy at s; empty when n = 0),
// n, best_shift (the row's R5 best shift, repeated on each of its rows).

#include "analysis/levelshift.h"
#include "analysis/rubricconfusion.h"
#include "report/flattable.h"

#include <vector>

namespace tribunal {

FlatTable confusionTable(const Audit& audit, const std::vector<RubricConfusion>& confusions);

FlatTable shiftCurveTable(const Audit& audit, const std::vector<LevelShiftRow>& rows);

} // namespace tribunal
