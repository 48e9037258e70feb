#include "analysis/trustgrouping.h"

#include "analysis/trustpair.h"
#include "model/coreerror.h"

#include <algorithm>
#include <map>

namespace tribunal {

namespace {

enum class Column { Judge, Format, Dataset, Test, Version, Condition };

struct ColumnRef {
    Column kind = Column::Judge;
    StrId key = kEmptyStr; ///< condition key (Column::Condition)
};

StrId cellValue(const Audit& audit, const Cell& cell, const ColumnRef& column)
{
    switch (column.kind) {
    case Column::Judge:
        return cell.judge;
    case Column::Format:
        return cell.format;
    case Column::Dataset:
        return cell.dataset;
    case Column::Test:
        return cell.test;
    case Column::Version:
        return cell.version;
    case Column::Condition:
        return audit.conditionValue(cell.condition, column.key);
    }
    return kEmptyStr;
}

} // namespace

std::vector<std::string> defaultTrustColumns(const Audit& audit)
{
    std::vector<std::string> columns{"judge", "format", "dataset"};
    for (StrId key : audit.conditionKeys())
        columns.emplace_back(audit.str(key));
    // As cellConditionNames: bias-test cells (trustpair.h) add no test / version column.
    const auto cells = audit.cells();
    const auto trustCell = [&audit](const Cell& c) { return hasTrustRuns(audit, c); };
    if (std::any_of(cells.begin(), cells.end(),
                    [&](const Cell& c) { return c.test != kEmptyStr && trustCell(c); }))
        columns.emplace_back("test");
    if (std::any_of(cells.begin(), cells.end(),
                    [&](const Cell& c) { return c.version != kEmptyStr && trustCell(c); }))
        columns.emplace_back("version");
    return columns;
}

TrustGrouping groupTrust(const Audit& audit, const std::vector<std::string>& columns,
                         const TrustSettings& settings)
{
    std::vector<ColumnRef> refs;
    refs.reserve(columns.size());
    for (std::size_t i = 0; i < columns.size(); ++i) {
        const std::string& name = columns[i];
        if (std::find(columns.begin(), columns.begin() + static_cast<std::ptrdiff_t>(i), name) !=
            columns.begin() + static_cast<std::ptrdiff_t>(i))
            throw CoreError(ErrorCode::GroupingRepeatedColumn, {name});
        // The fixed names are checked first: a condition key spelled like one of them is not addressable.
        if (name == "judge")
            refs.push_back({Column::Judge, kEmptyStr});
        else if (name == "format")
            refs.push_back({Column::Format, kEmptyStr});
        else if (name == "dataset")
            refs.push_back({Column::Dataset, kEmptyStr});
        else if (name == "test")
            refs.push_back({Column::Test, kEmptyStr});
        else if (name == "version")
            refs.push_back({Column::Version, kEmptyStr});
        else {
            const auto& keys = audit.conditionKeys();
            const auto it =
                std::find_if(keys.begin(), keys.end(), [&](StrId k) { return audit.str(k) == name; });
            if (it == keys.end())
                throw CoreError(ErrorCode::GroupingUnknownColumn, {name});
            refs.push_back({Column::Condition, *it});
        }
    }

    TrustGrouping out;
    out.columns = columns;
    // Interned ids identify values exactly, so the key map compares ids, not text.
    std::map<std::vector<StrId>, std::size_t> index;
    const auto cells = audit.cells();
    std::vector<StrId> key(refs.size());
    for (std::uint32_t c = 0; c < cells.size(); ++c) {
        for (std::size_t k = 0; k < refs.size(); ++k)
            key[k] = cellValue(audit, cells[c], refs[k]);
        const auto [it, inserted] = index.try_emplace(key, out.groups.size());
        if (inserted) {
            TrustGroup group;
            group.key.reserve(key.size());
            for (StrId v : key)
                group.key.emplace_back(audit.str(v));
            out.groups.push_back(std::move(group));
        }
        out.groups[it->second].cells.push_back(c);
    }

    std::vector<ItemRun> runs;
    for (TrustGroup& group : out.groups) {
        if (group.cells.size() == 1) {
            group.result = analyseTrustCell(audit, audit.itemRunsOf(cells[group.cells.front()]), settings);
            group.result.cell = group.cells.front();
            continue;
        }
        runs.clear();
        for (std::uint32_t c : group.cells) {
            const auto cellRuns = audit.itemRunsOf(cells[c]);
            runs.insert(runs.end(), cellRuns.begin(), cellRuns.end());
        }
        group.result = analyseTrustCell(audit, runs, settings);
    }
    return out;
}

} // namespace tribunal
