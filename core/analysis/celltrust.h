#pragma once
// The bridge from an audit's per-cell trust results (analyseTrust) to the plain cell-level table
// (celltable.h) that the table analyses read (T8 dispersion, T10 ANOVA, T14), so a computed audit and a
// published table go through the same code.

#include "analysis/celltable.h"
#include "analysis/trustanalysis.h"
#include "model/audit.h"

#include <span>

namespace tribunal {

/// Condition column names of the audit's cell table: Audit::conditionKeys() in order, then "test" and
/// "version" when any cell has a bias test (resp. version).
std::vector<std::string> cellConditionNames(const Audit& audit);

/// One row per result (same order; normally analyseTrust order), labelled with its cell's judge, format,
/// dataset and condition values (cellConditionNames). C is the cell's C (chosen unit; kMissing when n/a),
/// phi, A and T as computed (T = C_lab (A - phi_lab q), kMissing where undefined). Results with
/// cell == kNoCell get empty labels. Pure function; thread-safe.
CellTable cellTableFromTrust(const Audit& audit, std::span<const TrustCellResult> results);

} // namespace tribunal
