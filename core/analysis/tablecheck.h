#pragma once
// T14 published-table check (../shared/spec/metrics.md "Pairwise trust"): given a cell-level table
// (judge,format,dataset[,condition...],C,phi,A[,T]) in percent or proportions, recompute T = C (A - phi/2),
// A_max = 1 - phi/2, the Table-4 format dispersion and the T10 ANOVA, and list every printed value that
// disagrees with its recomputation beyond its rounding.
//
// Rounding rule: a value printed with d decimals (counted in its text) disagrees when
// |recomputed - printed| > 0.5 * 10^-d + 1e-9, both in the units of the printed table.
// The dispersion is recomputed from the T column as printed (a published Table 4 is derived from the printed
// Table 1), falling back to the recomputed T where a cell prints none.
// Pure functions; thread-safe.

#include "analysis/celltablecsv.h"
#include "analysis/dispersion.h"
#include "stats/anova.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tribunal {

/// One printed value that disagrees with its recomputation.
struct TableDiscrepancy {
    std::string file;
    std::uint64_t line = 0; ///< 1-based line of the printed value's row
    std::string row;        ///< the row's labels, e.g. "GPT-4o/Direct/MT-Bench" or "Mean/LLMBar"
    std::string column;     ///< "T", "dT_fmt", "T_min", "T_max"
    std::string printed;    ///< the printed text
    double recomputed = 0;  ///< in the printed table's units; kMissing when the row has no counterpart
    std::string reason;     ///< empty, or why no value could be recomputed

    /// "file:line: column (row): printed P, recomputed R" (R with 6 significant digits).
    std::string text() const;
};

struct TableCheck {
    CellUnits units = CellUnits::Proportion; ///< units of the cell table (and of the Table-4 file)
    CellTable cells;                         ///< as read (proportions)
    std::vector<double> recomputedT;         ///< per cell, proportions; kMissing when C, phi or A missing
    std::vector<double> recomputedAMax;      ///< per cell, proportions (q = 1/2)
    FormatDispersion dispersion;             ///< from printed T (recomputed where not printed)
    std::optional<AnovaResult> anova;        ///< default factors; empty when it cannot be computed
    std::string anovaError;                  ///< why `anova` is empty
    std::size_t checkedValues = 0;           ///< printed values compared
    std::vector<TableDiscrepancy> discrepancies;
};

/// Checks the cell table `cellsText` (named `cellsFile` in messages) and, when `table4Text` is given, a
/// Table-4 file (columns judge,dataset[,condition...],dT_fmt[,T_min][,T_max]; judge "Mean" rows are dataset
/// column means, dataset "Mean" rows judge row means; same units as the cell table). On bad input returns
/// nothing and sets `issue`.
std::optional<TableCheck> checkCellTable(std::string_view cellsText, std::string_view cellsFile,
                                         std::optional<std::string_view> table4Text,
                                         std::string_view table4File, ImportIssue& issue);

/// Decimals printed in a number's text ("10.80" -> 2, "55" -> 0); nothing for text that is not a plain
/// decimal number.
std::optional<int> printedDecimals(std::string_view text);

} // namespace tribunal
