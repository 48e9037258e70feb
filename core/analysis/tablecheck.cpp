#include "analysis/tablecheck.h"

#include "model/decimaltext.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <map>
#include <stdexcept>

namespace tribunal {
namespace {

struct Record {
    std::vector<std::string> fields;
    std::uint64_t line = 0;
};

// A lenient RFC 4180 splitter for the printed texts; the strict checks are parseCellTableCsv's (the cell
// table) or done below (Table 4). Blank lines are skipped, a UTF-8 BOM is dropped.
std::vector<Record> splitCsv(std::string_view text)
{
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3);
    std::vector<Record> records;
    std::uint64_t line = 1;
    std::size_t i = 0;
    while (i < text.size()) {
        Record rec;
        rec.line = line;
        std::string field;
        bool any = false;
        bool quoted = false;
        for (; i < text.size(); ++i) {
            const char c = text[i];
            if (quoted) {
                if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
                    field += '"';
                    ++i;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    if (c == '\n')
                        ++line;
                    field += c;
                }
                continue;
            }
            if (c == '"') {
                quoted = true;
                any = true;
            } else if (c == ',') {
                rec.fields.push_back(std::move(field));
                field.clear();
                any = true;
            } else if (c == '\n') {
                ++line;
                ++i;
                break;
            } else if (c != '\r') {
                field += c;
                any = true;
            }
        }
        if (!any && field.empty())
            continue; // blank line
        rec.fields.push_back(std::move(field));
        records.push_back(std::move(rec));
    }
    return records;
}

std::optional<double> parseNumber(std::string_view text)
{
    double value = 0;
    if (!text.empty() && text.front() == '+')
        text.remove_prefix(1);
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || ptr != text.data() + text.size() || !std::isfinite(value))
        return std::nullopt;
    return value;
}

bool disagrees(double recomputed, double printed, int decimals)
{
    return std::fabs(recomputed - printed) > 0.5 * std::pow(10.0, -decimals) + 1e-9;
}

int columnOf(const std::vector<std::string>& header, std::string_view name)
{
    for (std::size_t i = 0; i < header.size(); ++i) {
        if (header[i] == name)
            return static_cast<int>(i);
    }
    return -1;
}

std::string_view fieldAt(const Record& rec, int column)
{
    if (column < 0 || static_cast<std::size_t>(column) >= rec.fields.size())
        return {};
    return rec.fields[static_cast<std::size_t>(column)];
}

// Compares one printed text with its recomputation; adds a discrepancy when they disagree. Returns false when
// the text is not a number.
bool compare(TableCheck& check, std::string_view file, const Record& rec, const std::string& rowName,
             const std::string& column, std::string_view printedText, double recomputed)
{
    if (printedText.empty())
        return true;
    const auto printed = parseNumber(printedText);
    const auto decimals = printedDecimals(printedText);
    if (!printed || !decimals)
        return false;
    ++check.checkedValues;
    if (!std::isfinite(recomputed)) {
        check.discrepancies.push_back({std::string(file), rec.line, rowName, column, std::string(printedText),
                                       kMissing, "no counterpart in the cell table"});
    } else if (disagrees(recomputed, *printed, *decimals)) {
        check.discrepancies.push_back(
            {std::string(file), rec.line, rowName, column, std::string(printedText), recomputed, {}});
    }
    return true;
}

bool checkTable4(TableCheck& check, std::string_view text, std::string_view file, ImportIssue& issue)
{
    const auto records = splitCsv(text);
    if (records.empty()) {
        issue = {std::string(file), 0, {}, "empty file"};
        return false;
    }
    const auto& header = records.front().fields;
    const int judgeCol = columnOf(header, "judge");
    const int datasetCol = columnOf(header, "dataset");
    const int dtCol = columnOf(header, "dT_fmt");
    const int minCol = columnOf(header, "T_min");
    const int maxCol = columnOf(header, "T_max");
    for (const auto& [col, name] :
         {std::pair{judgeCol, "judge"}, {datasetCol, "dataset"}, {dtCol, "dT_fmt"}}) {
        if (col < 0) {
            issue = {std::string(file), records.front().line, name, "missing column"};
            return false;
        }
    }
    // Condition columns of the Table-4 file, by the cell table's condition names.
    std::vector<int> conditionCols;
    for (const auto& name : check.dispersion.conditionNames) {
        const int col = columnOf(header, name);
        if (col < 0 && check.dispersion.tables.size() > 1) {
            issue = {std::string(file), records.front().line, name,
                     "missing condition column (the cell table has several condition combinations)"};
            return false;
        }
        conditionCols.push_back(col);
    }
    const double scale = check.units == CellUnits::Percent ? 100.0 : 1.0;
    for (std::size_t r = 1; r < records.size(); ++r) {
        const auto& rec = records[r];
        if (rec.fields.size() != header.size()) {
            issue = {std::string(file),
                     rec.line,
                     {},
                     "expected " + std::to_string(header.size()) + " fields, found " +
                         std::to_string(rec.fields.size())};
            return false;
        }
        const std::string judge(fieldAt(rec, judgeCol));
        const std::string dataset(fieldAt(rec, datasetCol));
        const DispersionTable* table = nullptr;
        for (const auto& t : check.dispersion.tables) {
            bool match = true;
            for (std::size_t c = 0; c < conditionCols.size(); ++c) {
                if (conditionCols[c] >= 0 && fieldAt(rec, conditionCols[c]) != t.conditions[c])
                    match = false;
            }
            if (match) {
                table = &t;
                break;
            }
        }
        double dT = kMissing, tMin = kMissing, tMax = kMissing;
        if (table) {
            if (judge == "Mean" && dataset == "Mean") {
                dT = table->grandMean;
            } else if (judge == "Mean") {
                for (const auto& m : table->datasetMeans)
                    if (m.name == dataset)
                        dT = m.mean;
            } else if (dataset == "Mean") {
                for (const auto& m : table->judgeMeans)
                    if (m.name == judge)
                        dT = m.mean;
            } else {
                for (const auto& g : table->groups) {
                    if (g.judge == judge && g.dataset == dataset) {
                        dT = g.dT;
                        tMin = g.tMin;
                        tMax = g.tMax;
                    }
                }
            }
        }
        const std::string rowName = judge + "/" + dataset;
        for (const auto& [col, name, value] :
             {std::tuple{dtCol, "dT_fmt", dT}, {minCol, "T_min", tMin}, {maxCol, "T_max", tMax}}) {
            if (col < 0)
                continue;
            if (!compare(check, file, rec, rowName, name, fieldAt(rec, col), value * scale)) {
                issue = {std::string(file), rec.line, name,
                         "not a number: '" + std::string(fieldAt(rec, col)) + "'"};
                return false;
            }
        }
    }
    return true;
}

} // namespace

std::optional<int> printedDecimals(std::string_view text)
{
    if (!text.empty() && (text.front() == '-' || text.front() == '+'))
        text.remove_prefix(1);
    if (text.empty())
        return std::nullopt;
    int decimals = 0;
    bool dot = false;
    bool digit = false;
    for (char c : text) {
        if (c == '.' && !dot) {
            dot = true;
        } else if (c >= '0' && c <= '9') {
            digit = true;
            if (dot)
                ++decimals;
        } else {
            return std::nullopt;
        }
    }
    if (!digit)
        return std::nullopt;
    return decimals;
}

std::string TableDiscrepancy::text() const
{
    std::string out =
        file + ":" + std::to_string(line) + ": " + column + " (" + row + "): printed " + printed;
    if (std::isfinite(recomputed)) {
        out += ", recomputed " + significantDigits(recomputed, 6);
    } else {
        out += ", " + (reason.empty() ? std::string("nothing recomputed") : reason);
    }
    return out;
}

std::optional<TableCheck> checkCellTable(std::string_view cellsText, std::string_view cellsFile,
                                         std::optional<std::string_view> table4Text,
                                         std::string_view table4File, ImportIssue& issue)
{
    auto parsed = parseCellTableCsv(cellsText, cellsFile, {}, issue);
    if (!parsed)
        return std::nullopt;
    TableCheck check;
    check.units = parsed->units;
    check.cells = std::move(parsed->table);
    const auto records = splitCsv(cellsText);
    if (records.size() != check.cells.rows.size() + 1) {
        issue = {std::string(cellsFile), 0, {}, "could not match the printed rows"};
        return std::nullopt;
    }
    const auto& header = records.front().fields;
    const int tCol = columnOf(header, "T");
    const double scale = check.units == CellUnits::Percent ? 100.0 : 1.0;

    CellTable forDispersion = check.cells;
    for (std::size_t i = 0; i < check.cells.rows.size(); ++i) {
        const auto& row = check.cells.rows[i];
        const double t = row.C * (row.A - row.phi / 2);
        const double aMax = 1 - row.phi / 2;
        check.recomputedT.push_back(std::isfinite(t) ? t : kMissing);
        check.recomputedAMax.push_back(std::isfinite(aMax) ? aMax : kMissing);
        if (isMissing(forDispersion.rows[i].T))
            forDispersion.rows[i].T = check.recomputedT.back();
        if (tCol < 0 || !std::isfinite(t))
            continue;
        const auto& rec = records[i + 1];
        // Recomputed in the printed units from the printed C, phi, A: in percent, C (A - phi/2) / 100.
        const double printedUnitsT = t * scale;
        std::string rowName = row.judge + "/" + row.format + "/" + row.dataset;
        for (const auto& value : row.conditions)
            rowName += "/" + value;
        if (!compare(check, cellsFile, rec, rowName, "T", fieldAt(rec, tCol), printedUnitsT)) {
            issue = {std::string(cellsFile), rec.line, "T", "not a number"};
            return std::nullopt;
        }
    }
    try {
        check.dispersion = formatDispersion(forDispersion);
    } catch (const std::invalid_argument& e) {
        issue = {std::string(cellsFile), 0, {}, e.what()};
        return std::nullopt;
    }
    try {
        check.anova = anova(forDispersion);
    } catch (const std::invalid_argument& e) {
        check.anovaError = e.what();
    }
    if (table4Text && !checkTable4(check, *table4Text, table4File, issue))
        return std::nullopt;
    return check;
}

} // namespace tribunal
