#pragma once
// Reading a trust table (report/trusttable.h, CSV) back as a cell-level table. The cell-table reader
// (analysis/celltablecsv.h) takes every column other than judge, format, dataset, C, phi, A and T as a
// condition column, so the trust table's own columns (n_pairs, C_lo ... T_joint, quadrant) would become
// conditions: cells would never pool (poolCells groups by every other column) and tables written from them
// would repeat n_pairs and quadrant. This drops them, so `trust --format csv` output can be fed to the
// table commands (sweep, mitigate). Thread-safety: pure functions of their arguments.

#include "analysis/celltable.h"

#include <string>
#include <vector>

namespace tribunal {

/// The columns of the trust table CSV that are neither labels nor C, phi, A, T (trustTableColumns order).
std::vector<std::string> trustTableOutputOnlyColumns();

/// When `table` has every trustTableOutputOnlyColumns() name among its condition columns (it was read from a
/// trust table), removes those condition columns from the names and every row and returns true; otherwise
/// leaves the table unchanged and returns false (a genuine condition named e.g. "q" is kept).
bool dropTrustTableOutputColumns(CellTable& table);

} // namespace tribunal
