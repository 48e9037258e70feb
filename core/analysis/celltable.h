#pragma once
// A plain cell-level table: one row per (judge, format, dataset, condition...) cell with its trust metrics.
// It is the common input of the table analyses (T8 dispersion, T9 sweeps, T10 ANOVA, T14 published-table
// check), so the same code serves a computed audit and a table typed in from a paper.

#include "model/types.h"

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tribunal {

/// One cell. Metrics are proportions in [0,1] (never percent); kMissing (NaN) where undefined or not given.
struct CellRow {
    std::string judge;
    std::string format;
    std::string dataset;
    std::vector<std::string> conditions; ///< one value per CellTable::conditionNames, same order
    double C = kMissing;
    double phi = kMissing;
    double A = kMissing;
    double T = kMissing;
};

/// Which metric of a cell an analysis reads.
enum class CellMeasure { C, Phi, A, T };

struct CellTable {
    /// Names of the optional condition columns (e.g. "temperature", "paradigm"); every row has one value
    /// each.
    std::vector<std::string> conditionNames;
    std::vector<CellRow> rows;
};

inline double cellValue(const CellRow& row, CellMeasure measure)
{
    switch (measure) {
    case CellMeasure::C:
        return row.C;
    case CellMeasure::Phi:
        return row.phi;
    case CellMeasure::A:
        return row.A;
    case CellMeasure::T:
        return row.T;
    }
    return kMissing;
}

/// Factor columns are addressed by name: "judge", "format", "dataset" or one of the condition names.
/// Returns the column's position (0 judge, 1 format, 2 dataset, 3+i condition i) or nothing if unknown.
inline std::optional<std::size_t> cellFactorIndex(const CellTable& table, std::string_view name)
{
    if (name == "judge")
        return 0;
    if (name == "format")
        return 1;
    if (name == "dataset")
        return 2;
    for (std::size_t i = 0; i < table.conditionNames.size(); ++i) {
        if (table.conditionNames[i] == name)
            return 3 + i;
    }
    return std::nullopt;
}

/// The value of factor column `index` (see cellFactorIndex) in a row.
inline const std::string& cellFactorValue(const CellRow& row, std::size_t index)
{
    switch (index) {
    case 0:
        return row.judge;
    case 1:
        return row.format;
    case 2:
        return row.dataset;
    default:
        return row.conditions.at(index - 3);
    }
}

} // namespace tribunal
