#include "report/mitigatetable.h"

#include "report/flattable.h"

namespace tribunal {
namespace {

struct NumberColumn {
    const char* name;
    double MitigateRow::*member;
};

constexpr NumberColumn kReplayColumns[] = {
    {"majority_accuracy", &MitigateRow::majorityAccuracy},
    {"majority_coverage", &MitigateRow::majorityCoverage},
    {"both_order_accuracy", &MitigateRow::bothOrderAccuracy},
    {"both_order_coverage", &MitigateRow::bothOrderCoverage},
    {"prob_matched_runs", &MitigateRow::probMatchedRuns},
    {"prob_one_accuracy", &MitigateRow::probOneAccuracy},
    {"prob_one_coverage", &MitigateRow::probOneCoverage},
    {"prob_both_accuracy", &MitigateRow::probBothAccuracy},
    {"prob_both_coverage", &MitigateRow::probBothCoverage},
    {"prob_agreement", &MitigateRow::probAgreement},
    {"prob_change", &MitigateRow::probChange},
};

constexpr NumberColumn kCellColumns[] = {
    {"C", &MitigateRow::C},
    {"phi", &MitigateRow::phi},
    {"A", &MitigateRow::A},
};

/// The table as a FlatTable (report/flattable.h), whose writers give the CSV, Markdown and JSON.
FlatTable flatTable(const MitigateTable& table)
{
    FlatTable flat;
    flat.columns = mitigateTableColumns(table.conditionNames);
    const auto text = [](const std::string& value) { return value.empty() ? FlatCell{} : FlatCell{value}; };
    for (const MitigateRow& row : table.rows) {
        std::vector<FlatCell> cells{row.judge, row.format, row.dataset};
        for (std::size_t i = 0; i < table.conditionNames.size(); ++i)
            cells.emplace_back(i < row.conditions.size() ? row.conditions[i] : std::string());
        cells.push_back(row.pairs ? countCell(*row.pairs) : FlatCell{});
        for (const auto& column : kReplayColumns)
            cells.emplace_back(row.*(column.member));
        for (const auto& column : kCellColumns)
            cells.emplace_back(row.*(column.member));
        cells.push_back(text(row.quadrant));
        cells.push_back(text(row.mitigation));
        cells.emplace_back(row.aDecHalf);
        flat.rows.push_back(std::move(cells));
    }
    return flat;
}

} // namespace

std::vector<std::string> mitigateReplayColumns()
{
    std::vector<std::string> names;
    for (const auto& column : kReplayColumns)
        names.emplace_back(column.name);
    return names;
}

std::vector<std::string> mitigateTableColumns(const std::vector<std::string>& conditionNames)
{
    std::vector<std::string> columns{"judge", "format", "dataset"};
    columns.insert(columns.end(), conditionNames.begin(), conditionNames.end());
    columns.emplace_back("n_pairs");
    for (const auto& column : kReplayColumns)
        columns.emplace_back(column.name);
    for (const auto& column : kCellColumns)
        columns.emplace_back(column.name);
    for (const char* name : {"quadrant", "mitigation", "A_dec_half"})
        columns.emplace_back(name);
    return columns;
}

std::string writeMitigateTable(const MitigateTable& table, TableFormat format)
{
    return writeFlatTable(flatTable(table), format);
}

} // namespace tribunal
