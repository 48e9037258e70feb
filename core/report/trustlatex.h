#pragma once
// LaTeX tables of the pairwise trust analysis (no Qt), laid out as the paper's tables (seed 000):
// - trustTableLatex: Table 1, one row per judge x format (judge printed once per group), one column group per
//   dataset with C, phi, A, T in percent (one decimal); T optionally shaded in bands.
// - dispersionTableLatex: Table 4, dT_fmt per judge x dataset with T_min as a subscript, row and column
// means.
// - anovaTableLatex: Table 5, source, df, SS, eta^2 in percent.
// - trustGapTableLatex: Table 10, T, T_joint, their gap and its bootstrap interval per cell.
// Output is a `table` environment fragment using booktabs rules and siunitx S columns (colour needs
// xcolor[table]); wrap it with latexStandaloneDocument (report/latex.h) to compile it alone. Every judge,
// format, dataset, condition and user caption string is escaped with latexEscape. Output is byte-stable for
// equal inputs (golden-file tested). Pure functions; thread-safe.

#include "analysis/celltable.h"
#include "analysis/dispersion.h"
#include "analysis/trustanalysis.h"
#include "analysis/trustbootstrap.h"
#include "analysis/trustsettings.h"
#include "stats/anova.h"

#include <optional>
#include <span>
#include <string>

namespace tribunal {

class Audit;

/// What the caption must state about how the numbers were computed.
struct TrustLatexVariants {
    QMode qMode = QMode::Half;
    ConsistencyUnit consistencyUnit = ConsistencyUnit::Pair;
    /// Some cells have a single run and C = 1 was assumed (TrustSettings::assumeConsistentWhenSingleRun).
    bool consistencyAssumed = false;
    /// Set when bootstrap intervals are shown or were used: the caption names level, resamples and seed.
    std::optional<BootstrapSettings> intervals;
};

struct TrustLatexOptions {
    std::string title;  ///< optional first caption sentence (plain text, escaped), e.g. "Paper Table 1."
    std::string label;  ///< \label text (sanitised by latexLabel); empty: a default per table kind
    bool colour = true; ///< trust table: shade T cells in bands (\cellcolor) with a legend in the caption
    TrustLatexVariants variants;
};

/// The fill colours of the T bands (xcolor expressions), highest band first: T >= 70, [60, 70), [50, 60),
/// [40, 50), < 40 (percent, judged on the printed one-decimal value so the colour matches the number).
inline constexpr const char* kTrustBandColours[5] = {"green!45", "green!20", "yellow!35", "orange!35",
                                                     "red!30"};

/// Band index (0 = highest) of a T value given as a proportion; -1 when T is undefined.
int trustBand(double trust);

/// Table 1. Rows: judges in first-appearance order; within a judge, (condition values, format) in
/// first-appearance order; condition columns (CellTable::conditionNames) sit between Judge and Format.
/// Columns: datasets in first-appearance order. A missing cell or undefined metric prints "--".
/// Throws std::invalid_argument when the table has no rows or two rows share judge, format, dataset and
/// condition values.
std::string trustTableLatex(const CellTable& table, const TrustLatexOptions& options = {});

/// Table 4, one table environment per condition combination (labels get "-1", "-2", ... when there are
/// several). Judges and datasets in the order of FormatDispersion's means; the bottom-right corner holds the
/// grand mean. Throws std::invalid_argument when there is no table.
std::string dispersionTableLatex(const FormatDispersion& dispersion, const TrustLatexOptions& options = {});

/// Table 5: one row per ANOVA source (factor names capitalised, interactions joined by a times sign), then a
/// Total row (df = observations - 1, SS_total). SS in squared proportions with four decimals; eta^2 in
/// percent.
std::string anovaTableLatex(const AnovaResult& anova, CellMeasure response = CellMeasure::T,
                            const TrustLatexOptions& options = {});

/// Table 10: per cell the closed-form T, T_joint (metrics.md; mean N_i P_i R_i over labelled pairs), the gap
/// T - T_joint and, when `intervals` is not empty, the gap's bootstrap percentile interval; all in percent
/// with one decimal. One row per result, in the order given (analyseTrust's Audit::cells() order); the judge
/// is printed once per run of equal judges; condition columns (cellConditionNames) sit between Judge and
/// Format. `intervals` is empty or parallel to `results` (bootstrapTrust's output, possibly filtered the
/// same way); state its settings in options.variants.intervals for the caption. Undefined values print "--".
/// Throws std::invalid_argument when `results` is empty or the sizes differ.
std::string trustGapTableLatex(const Audit& audit, std::span<const TrustCellResult> results,
                               std::span<const TrustCellIntervals> intervals,
                               const TrustLatexOptions& options = {});

} // namespace tribunal
