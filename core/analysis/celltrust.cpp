#include "analysis/celltrust.h"

#include "analysis/trustpair.h"

namespace tribunal {
namespace {

struct Layout {
    bool test = false;
    bool version = false;
};

Layout layoutOf(const Audit& audit)
{
    Layout layout;
    // Bias-test cells are no rows of the trust tables (trustpair.h): their test and version make no column.
    for (const auto& cell : audit.cells()) {
        if ((cell.test == kEmptyStr && cell.version == kEmptyStr) || !hasTrustRuns(audit, cell))
            continue;
        layout.test = layout.test || cell.test != kEmptyStr;
        layout.version = layout.version || cell.version != kEmptyStr;
    }
    return layout;
}

} // namespace

std::vector<std::string> cellConditionNames(const Audit& audit)
{
    std::vector<std::string> names;
    for (StrId key : audit.conditionKeys())
        names.emplace_back(audit.str(key));
    const auto layout = layoutOf(audit);
    if (layout.test)
        names.emplace_back("test");
    if (layout.version)
        names.emplace_back("version");
    return names;
}

CellTable cellTableFromTrust(const Audit& audit, std::span<const TrustCellResult> results)
{
    CellTable table;
    table.conditionNames = cellConditionNames(audit);
    const auto layout = layoutOf(audit);
    const auto cells = audit.cells();
    table.rows.reserve(results.size());
    for (const auto& r : results) {
        CellRow row;
        if (r.cell != TrustCellResult::kNoCell && r.cell < cells.size()) {
            const auto& cell = cells[r.cell];
            row.judge = audit.str(cell.judge);
            row.format = audit.str(cell.format);
            row.dataset = audit.str(cell.dataset);
            for (StrId key : audit.conditionKeys())
                row.conditions.emplace_back(audit.str(audit.conditionValue(cell.condition, key)));
            if (layout.test)
                row.conditions.emplace_back(audit.str(cell.test));
            if (layout.version)
                row.conditions.emplace_back(audit.str(cell.version));
        } else {
            row.conditions.resize(table.conditionNames.size());
        }
        row.C = r.consistency;
        row.phi = r.flipRate;
        row.A = r.accuracy;
        row.T = r.trust;
        table.rows.push_back(std::move(row));
    }
    return table;
}

} // namespace tribunal
