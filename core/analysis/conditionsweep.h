#pragma once
// T9 condition sweeps (../shared/spec/metrics.md "Pairwise trust"; the paper's Figure 3 and Table 3).
//
// Works on a cell-level table (analysis/celltable.h), so a computed audit and a published table are swept
// alike. All values are proportions; undefined values are kMissing (NaN).
// Thread-safety: pure functions of their arguments.

#include "analysis/celltable.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace tribunal {

/// Mean and interquartile range of one measure over the cells of one swept value. Quartiles are numpy's
/// default "linear" percentiles: the sorted values x_0..x_{n-1} at position p (n - 1), interpolated.
struct SweepStat {
    std::size_t cells = 0; ///< cells with a defined value (NaN cells are left out)
    double mean = kMissing;
    double q1 = kMissing; ///< 25th percentile
    double median = kMissing;
    double q3 = kMissing; ///< 75th percentile
    double iqr() const { return q3 - q1; }
};

/// One value of the swept column.
struct SweepPoint {
    std::string value;
    std::size_t cells = 0; ///< rows of the table with this value
    SweepStat C;
    SweepStat aMinusHalfPhi; ///< A - phi/2 (the order-corrected accuracy of Figure 3)
    SweepStat T;
};

struct ConditionSweep {
    std::string column;
    std::vector<SweepPoint> points; ///< values in first-appearance order
};

/// numpy.percentile(values, p * 100) with the default linear method; kMissing for no values. `values` need
/// not be sorted; NaNs must have been removed. Precondition: 0 <= p <= 1.
double linearQuantile(std::vector<double> values, double p);

/// T9 over `column` ("judge", "format", "dataset" or a condition name of the table, see cellFactorIndex).
/// Throws std::invalid_argument for an unknown column.
ConditionSweep conditionSweep(const CellTable& table, std::string_view column);

/// The Table 3 aggregation: rows that agree on every column except `poolColumn` (normally "format") and whose
/// `poolColumn` values map to the same name are replaced by one row with the mean C, phi and A of those rows
/// and T = C (A - phi q) recomputed from the means (not the mean of T). `mapping` lists (value, pooled name);
/// values not listed keep their name. A group of one row is copied unchanged (its own T is kept). Means skip
/// undefined values; a measure undefined in every row stays kMissing. Output rows are in first-appearance
/// order of their groups. Throws std::invalid_argument for an unknown column.
CellTable poolCells(const CellTable& table, std::string_view poolColumn,
                    const std::vector<std::pair<std::string, std::string>>& mapping, double q = 0.5);

} // namespace tribunal
