#pragma once
// Regrouping of the pairwise trust analysis (issue 3 "grouping", CLI `--by COLS`): pools the cells of an
// audit that agree on the chosen columns and computes the T0-T12 metrics per pooled group.
//
// Pairs in a pooled group: a pair is (item, cell). The item runs of every pooled cell are kept as they are,
// so an item judged under two pooled formats counts as two pairs, each with its own runs. Why: run numbers of
// different cells are unrelated (rep 1 under JSON and rep 1 under XML are not repeats of one presentation),
// and merging them would count format sensitivity as run-to-run inconsistency in C. With this rule the pooled
// C, phi and A are pair-weighted means of the cells' values and T is recomputed from them, the aggregation of
// the paper's Table 3. Thread-safety: pure functions of their arguments.

#include "analysis/trustanalysis.h"
#include "analysis/trustsettings.h"
#include "model/audit.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tribunal {

/// One pooled group: its column values (same order as TrustGrouping::columns), the pooled cells and the
/// result (TrustCellResult::cell = kNoCell when more than one cell was pooled, else that cell's index).
struct TrustGroup {
    std::vector<std::string> key;
    std::vector<std::uint32_t> cells; ///< indices into Audit::cells(), ascending
    TrustCellResult result;
};

struct TrustGrouping {
    std::vector<std::string> columns;
    std::vector<TrustGroup> groups; ///< in order of first appearance in Audit::cells()
};

/// The default columns: judge, format, dataset, every condition key (Audit::conditionKeys() order), then test
/// and version if any cell has a non-empty one. Grouping by these reproduces analyseTrust cell by cell.
std::vector<std::string> defaultTrustColumns(const Audit& audit);

/// Columns are "judge", "format", "dataset", "test", "version" or a condition key of the audit; a cell
/// without that condition key has the value "". Throws std::invalid_argument naming an unknown or repeated
/// column. An empty column list pools every cell into one group.
TrustGrouping groupTrust(const Audit& audit, const std::vector<std::string>& columns,
                         const TrustSettings& settings);

} // namespace tribunal
