#include "report/flattable.h"

#include "model/coreerror.h"
#include "report/jsonwriter.h"
#include "report/tablecells.h"

#include <algorithm>
#include <cmath>

namespace tribunal {
namespace {

std::string cellText(const FlatCell& cell, bool forReading)
{
    struct Visitor {
        bool forReading;
        std::string operator()(std::monostate) const { return {}; }
        std::string operator()(const std::string& text) const { return text; }
        std::string operator()(double value) const
        {
            return forReading ? displayNumber(value) : exactNumber(value);
        }
        std::string operator()(std::int64_t value) const { return std::to_string(value); }
        std::string operator()(bool flag) const { return flag ? "true" : "false"; }
    };
    return std::visit(Visitor{forReading}, cell);
}

void checkShape(const FlatTable& table)
{
    for (const auto& row : table.rows)
        if (row.size() != table.columns.size())
            throw CoreError(ErrorCode::FlatTableRowSize,
                            {std::to_string(row.size()), std::to_string(table.columns.size())});
}

std::string csv(const FlatTable& table)
{
    std::string out;
    const auto line = [&out](const auto& cells, auto&& text) {
        for (std::size_t i = 0; i < cells.size(); ++i) {
            if (i > 0)
                out += ',';
            appendCsvField(out, text(cells[i]));
        }
        out += '\n';
    };
    line(table.columns, [](const std::string& name) { return name; });
    for (const auto& row : table.rows)
        line(row, [](const FlatCell& cell) { return cellText(cell, false); });
    return out;
}

std::string markdown(const FlatTable& table)
{
    std::string out;
    const auto line = [&out](const auto& cells, auto&& text) {
        out += '|';
        for (const auto& cell : cells) {
            out += ' ';
            appendMarkdownField(out, text(cell));
            out += " |";
        }
        out += '\n';
    };
    line(table.columns, [](const std::string& name) { return name; });
    out += '|';
    for (std::size_t i = 0; i < table.columns.size(); ++i)
        out += " --- |";
    out += '\n';
    for (const auto& row : table.rows)
        line(row, [](const FlatCell& cell) { return cellText(cell, true); });
    return out;
}

std::string json(const FlatTable& table)
{
    std::string out;
    JsonWriter w(out);
    w.beginArray();
    for (const auto& row : table.rows) {
        w.beginObject();
        for (std::size_t i = 0; i < row.size(); ++i) {
            w.key(table.columns[i]);
            std::visit(
                [&w](const auto& value) {
                    using T = std::decay_t<decltype(value)>;
                    if constexpr (std::is_same_v<T, std::monostate>)
                        w.null();
                    else
                        w.value(value);
                },
                row[i]);
        }
        w.endObject();
    }
    w.endArray();
    out += '\n';
    return out;
}

} // namespace

std::size_t FlatTable::addRow()
{
    rows.emplace_back(columns.size());
    return rows.size() - 1;
}

void FlatTable::set(std::size_t row, std::string_view column, FlatCell value)
{
    const auto it = std::find(columns.begin(), columns.end(), column);
    // A std::out_of_range, as always (callers and tests catch it as one): a CoreRangeError.
    if (it == columns.end())
        throw CoreRangeError(ErrorCode::FlatTableUnknownColumn, {std::string(column)});
    rows.at(row)[static_cast<std::size_t>(it - columns.begin())] = std::move(value);
}

std::string writeFlatTable(const FlatTable& table, TableFormat format)
{
    checkShape(table);
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
