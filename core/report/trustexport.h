#pragma once
// The one place that turns trust results into the written cell table (report/trusttable.h) and its LaTeX
// form (report/trustlatex.h). tribunal-cli (trust, dispersion, anova) and the workbench's overview and export
// dialog both call these functions, so the GUI's exports are byte-identical to the CLI's with the same
// options (issue 4). Pure functions of their arguments; thread-safe. No Qt.

#include "analysis/celltable.h"
#include "analysis/dispersion.h"
#include "analysis/trustanalysis.h"
#include "analysis/trustbootstrap.h"
#include "analysis/trustgrouping.h"
#include "report/trustlatex.h"
#include "report/trusttable.h"

#include "stats/anova.h"

#include <cstddef>
#include <span>
#include <string>
#include <vector>

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

// --- LaTeX exports ---------------------------------------------------------------------------------------
// One function per table, called by `tribunal-cli trust|dispersion|anova --format latex` and by the
// workbench's export dialog with the same inputs, so the dialog's text is the CLI's standard output byte for
// byte (issue 4). Each states the metric variants (and the bootstrap, where intervals are shown) in the
// caption and wraps the table in latexStandaloneDocument with `standalone`. Each throws
// std::invalid_argument (with the message the CLI prints) when the table cannot be written.

/// The tables of the export: Table 1 (trust cells), Table 4 (T8 format dispersion), Table 5 (T10 ANOVA)
/// and Table 10 (closed-form T against T_joint).
enum class TrustLatexTable { Cells, Dispersion, Anova, Gap };

/// What the command line sets with its options (the defaults are the CLI's).
struct TrustLatexExport {
    bool colour = false;     ///< Cells: shade T in bands (--colour); the other tables have no shading
    bool standalone = false; ///< a compilable document (--standalone), not a table fragment
    /// Anova: factor columns in term order (--factors; judge, format, dataset or a condition name).
    std::vector<std::string> anovaFactors = {"judge", "format", "dataset"};
    std::string title; ///< optional first caption sentence (TrustLatexOptions::title)
    std::string label; ///< \label text; empty: the table kind's default (TrustLatexOptions::label)
};

/// Table 1 of a written table (auditTrustTable, groupedTrustTable or cellLevelTrustTable: `trust`). The
/// caption variants come from the table itself: its q mode, C unit and consistencyAssumed, and its bootstrap
/// settings when it holds intervals (resamples > 0). The layout reads C, phi, A and T (cellTableOf).
std::string trustCellsLatex(const TrustTable& table, const TrustLatexExport& options);

/// Table 10 (`trust --table gap`) of an audit's results and their intervals (empty, or parallel to
/// `results`); results without pairwise items are left out together with their intervals. `bootstrap`
/// (the settings behind `intervals`) is named in the caption when `intervals` is not empty. C = 1 is stated
/// as assumed when settings.assumeConsistentWhenSingleRun and some pairwise result is a single-run cell.
/// Throws "no pairwise cells" when no result has pairwise items.
std::string trustGapLatex(const Audit& audit, std::span<const TrustCellResult> results,
                          std::span<const TrustCellIntervals> intervals, const TrustSettings& settings,
                          const BootstrapSettings& bootstrap, const TrustLatexExport& options);

/// Table 4 (`dispersion`): formatDispersion of `cells` (pairwiseCellTable of an audit, or a cell-level
/// table); the caption states `settings`' variants and `consistencyAssumed`, no intervals. *dispersion
/// (optional) receives the analysis (the CLI notes its undefined cells).
std::string dispersionLatex(const CellTable& cells, const TrustSettings& settings, bool consistencyAssumed,
                            const TrustLatexExport& options, FormatDispersion* dispersion = nullptr);

/// Table 5 (`anova`): the T10 ANOVA of T over options.anovaFactors (two-way interactions, SS type chosen
/// by balance: AnovaOptions defaults); caption as dispersionLatex. *result (optional) receives the analysis.
std::string anovaLatex(const CellTable& cells, const TrustSettings& settings, bool consistencyAssumed,
                       const TrustLatexExport& options, AnovaResult* result = nullptr);

} // namespace tribunal
