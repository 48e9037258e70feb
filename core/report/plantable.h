#pragma once
// Flat tables of the precision planner (analysis/precisionplanner.h, issue 8) for `tribunal-cli plan`;
// written with writeFlatTable (report/flattable.h: CSV, Markdown, JSON; missing cells empty / null). Qt-free;
// pure functions, thread-safe.
//
// planTable: one row per (design point, metric), points in PrecisionPlan order (runs, then items), metrics in
// the order C, phi, A, T. Columns:
//   items, runs, metric, mean, width, width_se   - the plan (width = expected full interval width at the
//                                                  plan's level; width_se its Monte Carlo standard error)
//   lo, hi                                       - the quantiles whose spread is `width`
//   expected                                     - the model's expected rate (T: C (A - phi/2) of those)
//   labelled_items                               - labelled pairs among the items (A and T use these)
//   note                                         - "n/a (1 run)" where the metric is not identifiable (C and
//   T
//                                                  with one run; the numeric cells are then empty), else
//                                                  empty
// planTargetTable: one row per (runs, metric) recommendation: runs, metric, target_width, items (the smallest
//   n of the grid from which on the expected width stays within the target; empty when none does), note
//   ("n/a (1 run)", or "not reached in the grid").

#include "analysis/precisionplanner.h"
#include "report/flattable.h"

namespace tribunal {

/// The note of a metric that is not identifiable with one run.
inline constexpr const char* kPlanNotIdentifiable = "n/a (1 run)";

FlatTable planTable(const PrecisionPlan& plan);

/// Empty table (columns only) when the plan has no target width.
FlatTable planTargetTable(const PrecisionPlan& plan);

} // namespace tribunal
