#pragma once
// Writer of the T9 condition-sweep table (../shared/spec/metrics.md "Pairwise trust" T9; the paper's Figure 3
// and Table 3) as CSV, Markdown and JSON. Qt-free; thread-safety: pure functions of their arguments.
//
// One row per (value of the swept column, measure), values in first-appearance order, measures in the order
// C, A_minus_half_phi (A - phi/2), T. Columns: <column>,measure,n_cells,mean,q1,median,q3,iqr, where n_cells
// counts the cells with a defined value of the measure and the quartiles are numpy's "linear" percentiles
// (analysis/conditionsweep.h). Numbers are proportions: CSV and JSON in shortest round-trip form, Markdown
// (for reading) to 4 significant digits with a footnote stating the variants. A missing value is an empty
// CSV / Markdown cell and JSON null.

#include "analysis/conditionsweep.h"
#include "report/trusttable.h"

#include <string>

namespace tribunal {

/// The variants behind the swept cells (every trust table must state them: Markdown footnote, JSON header).
struct SweepTableNotes {
    std::string pooledColumn;             ///< column pooled with poolCells first ("" = no pooling)
    std::string consistencyUnit = "pair"; ///< "pair" | "presentation"
    std::string qMode = "half";           ///< "half" | "observed"
    bool consistencyAssumed = false;      ///< C = 1 was assumed for single-run cells
};

/// The measure names of the table ("C", "A_minus_half_phi", "T").
inline constexpr const char* kSweepMeasures[] = {"C", "A_minus_half_phi", "T"};

std::string writeSweepTable(const ConditionSweep& sweep, TableFormat format,
                            const SweepTableNotes& notes = {});

} // namespace tribunal
