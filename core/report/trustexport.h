#pragma once
// The one place that turns trust results into the written cell table (report/trusttable.h) and its LaTeX
// form (report/trustlatex.h). tribunal-cli (trust, dispersion, anova) and the workbench's overview and export
// dialog both call these functions, so the GUI's exports are byte-identical to the CLI's with the same
// options (issue 4). Pure functions of their arguments; thread-safe. No Qt.

#include "analysis/celltable.h"
#include "analysis/trustanalysis.h"
#include "analysis/trustbootstrap.h"
#include "analysis/trustgrouping.h"
#include "report/trustlatex.h"
#include "report/trusttable.h"

#include <cstddef>
#include <span>

namespace tribunal {

class Audit;

/// False for a result whose cell holds only non-pairwise items (rubric ratings ...): it has no trust metrics
/// and the tables leave it out.
bool hasPairwiseData(const TrustCellResult& result);

/// The metric columns of one row (label columns and intervals empty): n_pairs, T0 counts, C, phi, A, A_dec,
/// q, A_max, T, T_joint and the quadrant name (T11).
TrustTableRow trustTableMetrics(const TrustCellResult& result);

/// Copies an interval set's C, phi, A and T ends into a row.
void setTrustTableIntervals(TrustTableRow& row, const TrustCellIntervals& intervals);

/// The settings columns of a table (consistency unit, q mode, C = 1 assumed) and, with `bootstrap`, the
/// interval settings (resamples, seed, level).
TrustTable emptyTrustTable(const TrustSettings& settings, bool consistencyAssumed,
                           const BootstrapSettings* bootstrap);

/// True when some pairwise result is a single-run cell (C n/a unless assumed).
std::size_t countSingleRunCells(std::span<const TrustCellResult> results);

/// The per-cell table of an audit: one row per pairwise result (analyseTrust order), labelled by
/// cellTableFromTrust, with intervals from `intervals` (empty, or parallel to `results`). `bootstrap` states
/// the interval settings (null: no intervals). *skipped (optional) counts the non-pairwise results left out.
TrustTable auditTrustTable(const Audit& audit, std::span<const TrustCellResult> results,
                           std::span<const TrustCellIntervals> intervals, const TrustSettings& settings,
                           const BootstrapSettings* bootstrap, std::size_t* skipped = nullptr);

/// The table of a regrouping (trustgrouping.h): judge, format and dataset hold the group's value when grouped
/// by them and are empty when pooled over; every other grouping column becomes a condition column, in
/// grouping order. No intervals. *skipped (optional) counts groups without pairwise items.
TrustTable groupedTrustTable(const TrustGrouping& grouping, const TrustSettings& settings,
                             std::size_t* skipped = nullptr);

/// A cell-level table typed in or published (only C, phi, A): T and A_max recomputed with q = 1/2, the
/// quadrant placed with `settings`' thresholds. A missing C becomes 1 when
/// settings.assumeConsistentWhenSingleRun; *assumedCells (optional) counts those rows. No intervals, no pair
/// counts. Precondition: settings.qMode == QMode::Half (a cell table has no per-pair data).
TrustTable cellLevelTrustTable(const CellTable& cells, const TrustSettings& settings,
                               std::size_t* assumedCells = nullptr);

/// The plain cell table (judge, format, dataset, conditions, C, phi, A, T) of a written table, as read by
/// the table analyses (T8 dispersion, T10 ANOVA) and the Table 1 LaTeX layout.
CellTable cellTableOf(const TrustTable& table);

/// The plain cell table of an audit's pairwise results (cellTableFromTrust after leaving out results without
/// pairwise data): the input of T8 dispersion and T10 ANOVA for `dispersion`, `anova` and the export dialog.
CellTable pairwiseCellTable(const Audit& audit, std::span<const TrustCellResult> results);

/// The caption variants of a table computed with `settings` (and `bootstrap` when intervals were computed).
TrustLatexVariants trustLatexVariants(const TrustSettings& settings, bool consistencyAssumed,
                                      const BootstrapSettings* bootstrap);

} // namespace tribunal
