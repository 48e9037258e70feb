#include "report/mitigatetable.h"

#include "report/jsonwriter.h"
#include "report/tablecells.h"

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

// The text cells of a row, in mitigateTableColumns order.
std::vector<std::string> textCells(const MitigateTable& table, const MitigateRow& row)
{
    std::vector<std::string> cells{row.judge, row.format, row.dataset};
    for (std::size_t i = 0; i < table.conditionNames.size(); ++i)
        cells.push_back(i < row.conditions.size() ? row.conditions[i] : std::string());
    cells.push_back(row.pairs ? std::to_string(*row.pairs) : std::string());
    for (const auto& column : kReplayColumns)
        cells.push_back(exactNumber(row.*(column.member)));
    for (const auto& column : kCellColumns)
        cells.push_back(exactNumber(row.*(column.member)));
    cells.push_back(row.quadrant);
    cells.push_back(row.mitigation);
    cells.push_back(exactNumber(row.aDecHalf));
    return cells;
}

std::string csv(const MitigateTable& table)
{
    std::string out;
    const auto line = [&out](const std::vector<std::string>& cells) {
        for (std::size_t i = 0; i < cells.size(); ++i) {
            if (i > 0)
                out += ',';
            appendCsvField(out, cells[i]);
        }
        out += '\n';
    };
    line(mitigateTableColumns(table.conditionNames));
    for (const auto& row : table.rows)
        line(textCells(table, row));
    return out;
}

std::string markdown(const MitigateTable& table)
{
    std::string out;
    const auto line = [&out](const std::vector<std::string>& cells) {
        out += '|';
        for (const auto& c : cells) {
            out += ' ';
            appendMarkdownField(out, c);
            out += " |";
        }
        out += '\n';
    };
    const auto header = mitigateTableColumns(table.conditionNames);
    line(header);
    out += '|';
    for (std::size_t i = 0; i < header.size(); ++i)
        out += " --- |";
    out += '\n';
    for (const auto& row : table.rows)
        line(textCells(table, row));
    return out;
}

std::string json(const MitigateTable& table)
{
    std::string out;
    JsonWriter w(out);
    const auto text = [&w](const std::string& value) {
        if (value.empty())
            w.null();
        else
            w.value(value);
    };
    w.beginArray();
    for (const auto& row : table.rows) {
        w.beginObject();
        w.key("judge").value(row.judge);
        w.key("format").value(row.format);
        w.key("dataset").value(row.dataset);
        for (std::size_t i = 0; i < table.conditionNames.size(); ++i)
            w.key(table.conditionNames[i]).value(i < row.conditions.size() ? row.conditions[i] : "");
        w.key("n_pairs");
        if (row.pairs)
            w.value(*row.pairs);
        else
            w.null();
        for (const auto& column : kReplayColumns)
            w.key(column.name).value(row.*(column.member));
        for (const auto& column : kCellColumns)
            w.key(column.name).value(row.*(column.member));
        w.key("quadrant");
        text(row.quadrant);
        w.key("mitigation");
        text(row.mitigation);
        w.key("A_dec_half").value(row.aDecHalf);
        w.endObject();
    }
    w.endArray();
    out += '\n';
    return out;
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
    switch (format) {
    case TableFormat::Csv:
        return csv(table);
    case TableFormat::Markdown:
        return markdown(table);
    case TableFormat::Json:
        return json(table);
    }
    return {};
}

} // namespace tribunal
