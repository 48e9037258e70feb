#include "report/trusttableinput.h"

#include "report/trusttable.h"

#include <algorithm>

namespace tribunal {

std::vector<std::string> trustTableOutputOnlyColumns()
{
    std::vector<std::string> columns;
    for (auto& name : trustTableColumns({})) {
        if (name != "judge" && name != "format" && name != "dataset" && name != "C" && name != "phi" &&
            name != "A" && name != "T")
            columns.push_back(std::move(name));
    }
    return columns;
}

bool dropTrustTableOutputColumns(CellTable& table)
{
    const auto extra = trustTableOutputOnlyColumns();
    const auto& names = table.conditionNames;
    const auto isCondition = [&names](const std::string& name) {
        return std::find(names.begin(), names.end(), name) != names.end();
    };
    if (!std::all_of(extra.begin(), extra.end(), isCondition))
        return false;
    std::vector<bool> keep(names.size());
    std::vector<std::string> kept;
    for (std::size_t i = 0; i < names.size(); ++i) {
        keep[i] = std::find(extra.begin(), extra.end(), names[i]) == extra.end();
        if (keep[i])
            kept.push_back(names[i]);
    }
    for (auto& row : table.rows) {
        std::vector<std::string> conditions;
        for (std::size_t i = 0; i < row.conditions.size() && i < keep.size(); ++i) {
            if (keep[i])
                conditions.push_back(std::move(row.conditions[i]));
        }
        row.conditions = std::move(conditions);
    }
    table.conditionNames = std::move(kept);
    return true;
}

} // namespace tribunal
