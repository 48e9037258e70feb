#pragma once
// T8 format dispersion (metrics.md): per (judge, dataset, condition values) group, the spread of T over
// formats, dT_fmt = max_f T - min_f T, laid out as the paper's Table 4 with row (judge) and column (dataset)
// means.

#include "analysis/celltable.h"

#include <cstddef>
#include <string>
#include <vector>

namespace tribunal {

/// One (judge, dataset) group within one condition combination. T values are proportions.
struct DispersionGroup {
    std::string judge;
    std::string dataset;
    double tMin = kMissing; ///< kMissing when no format of the group has a T
    double tMax = kMissing;
    double dT = kMissing;             ///< tMax - tMin; 0 with a single defined format
    std::string formatMin;            ///< first format (input order) reaching tMin
    std::string formatMax;            ///< first format (input order) reaching tMax
    std::size_t formats = 0;          ///< formats with a defined T
    std::size_t undefinedFormats = 0; ///< formats left out because their T is undefined (NaN)
};

/// A mean of dT over the groups that have one.
struct DispersionMean {
    std::string name; ///< judge (row means) or dataset (column means)
    double mean = kMissing;
    std::size_t groups = 0; ///< groups with a defined dT that entered the mean
};

/// Table 4 for one combination of condition values (a single table when the cell table has no conditions).
struct DispersionTable {
    std::vector<std::string> conditions; ///< values for CellTable::conditionNames
    std::vector<DispersionGroup>
        groups; ///< judges in first-appearance order, datasets likewise within a judge
    std::vector<DispersionMean> judgeMeans;   ///< row means: mean of dT_fmt over a judge's datasets
    std::vector<DispersionMean> datasetMeans; ///< column means: mean of dT_fmt over judges
    double grandMean = kMissing;              ///< mean of all defined dT_fmt of this table
};

struct FormatDispersion {
    std::vector<std::string> conditionNames;
    std::vector<DispersionTable> tables; ///< condition combinations in first-appearance order
    std::size_t undefinedCells = 0;      ///< cells whose T is undefined, summed over all groups
};

/// Computes T8 over the T column of `table`.
/// Throws std::invalid_argument if two rows share judge, format, dataset and condition values (the dispersion
/// would silently depend on which one is kept). Pure function; thread-safe for distinct or shared const
/// inputs.
FormatDispersion formatDispersion(const CellTable& table);

} // namespace tribunal
