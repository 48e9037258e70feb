#include "analysis/celltablecsv.h"

#include "model/decimaltext.h"
#include "model/inputlimits.h"
#include "model/spreadsheettext.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>
#include <vector>

namespace tribunal {
namespace {

struct Record {
    std::vector<std::string> fields;
    std::uint64_t line = 0; ///< 1-based line where the record starts
};

// Splits `text` into RFC 4180 records. Returns false (with the line) on an unterminated quote or a quote
// inside an unquoted field.
bool splitRecords(std::string_view text, std::vector<Record>& records, std::uint64_t& errorLine,
                  std::string& errorReason)
{
    std::uint64_t line = 1;
    std::size_t i = 0;
    const std::size_t n = text.size();
    while (i < n) {
        const std::size_t start = i;
        Record rec;
        rec.line = line;
        std::string field;
        bool quotedAny = false;
        for (;;) {
            bool quoted = false;
            field.clear();
            if (i < n && text[i] == '"') {
                quoted = quotedAny = true;
                ++i;
                for (;;) {
                    if (i >= n) {
                        errorLine = rec.line;
                        errorReason = "unterminated quoted field";
                        return false;
                    }
                    if (text[i] == '"') {
                        if (i + 1 < n && text[i + 1] == '"') {
                            field += '"';
                            i += 2;
                            continue;
                        }
                        ++i;
                        break;
                    }
                    if (text[i] == '\n')
                        ++line;
                    field += text[i++];
                }
            }
            while (i < n && text[i] != ',' && text[i] != '\n' && text[i] != '\r') {
                if (text[i] == '"' || quoted) {
                    errorLine = line;
                    errorReason = quoted ? "text after a closing quote" : "quote in an unquoted field";
                    return false;
                }
                field += text[i++];
            }
            rec.fields.push_back(field);
            if (i < n && text[i] == ',') {
                ++i;
                continue;
            }
            break;
        }
        if (i < n && text[i] == '\r')
            ++i;
        if (i < n && text[i] == '\n') {
            ++i;
            ++line;
        }
        if (i - start > kMaxLineBytes) {
            errorLine = rec.line;
            errorReason = recordTooLongReason();
            return false;
        }
        const bool blank = rec.fields.size() == 1 && rec.fields[0].empty() && !quotedAny;
        if (!blank)
            records.push_back(std::move(rec));
    }
    return true;
}

std::string_view trimmed(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return s;
}

// Shortest text that reads back as `v`, for messages.
std::string numberText(double v)
{
    std::ostringstream out;
    out << v;
    return out.str();
}

constexpr const char* kMetricNames[4] = {"C", "phi", "A", "T"};

} // namespace

std::optional<CellTableCsv> parseCellTableCsv(std::string_view text, std::string_view file,
                                              const CellTableCsvOptions& options, ImportIssue& issue)
{
    auto fail = [&](std::uint64_t line, std::string field, std::string reason) {
        issue = ImportIssue{std::string(file), line, std::move(field), std::move(reason)};
        return std::nullopt;
    };
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3);
    std::vector<Record> records;
    std::uint64_t errorLine = 0;
    std::string errorReason;
    if (!splitRecords(text, records, errorLine, errorReason))
        return fail(errorLine, "", errorReason);
    if (records.empty())
        return fail(0, "", "empty file (no header)");
    // Tables written by Tribunal guard formula-like text with a leading apostrophe (report/tablecells.h);
    // reading drops it again, so a trust table read back names the same judges and conditions.
    for (Record& rec : records)
        for (std::string& field : rec.fields)
            if (unguardedText(field).size() != field.size())
                field.erase(0, 1);

    const Record& header = records.front();
    constexpr std::size_t kAbsent = static_cast<std::size_t>(-1);
    std::size_t judgeCol = kAbsent, formatCol = kAbsent, datasetCol = kAbsent;
    std::size_t metricCol[4] = {kAbsent, kAbsent, kAbsent, kAbsent};
    std::vector<std::size_t> conditionCols;
    CellTableCsv result;
    for (std::size_t c = 0; c < header.fields.size(); ++c) {
        const std::string& name = header.fields[c];
        if (name.empty())
            return fail(header.line, "", "empty column name (column " + std::to_string(c + 1) + ")");
        for (std::size_t d = 0; d < c; ++d) {
            if (header.fields[d] == name)
                return fail(header.line, name, "duplicate column");
        }
        std::size_t* slot = nullptr;
        if (name == "judge")
            slot = &judgeCol;
        else if (name == options.formatColumn)
            slot = &formatCol;
        else if (name == "dataset")
            slot = &datasetCol;
        for (std::size_t m = 0; m < 4; ++m) {
            if (name == kMetricNames[m])
                slot = &metricCol[m];
        }
        if (slot) {
            *slot = c;
        } else {
            conditionCols.push_back(c);
            result.table.conditionNames.push_back(name);
        }
    }
    if (judgeCol == kAbsent)
        return fail(header.line, "judge", "missing column");
    if (formatCol == kAbsent)
        return fail(header.line, options.formatColumn, "missing column");
    if (datasetCol == kAbsent)
        return fail(header.line, "dataset", "missing column");
    if (metricCol[0] == kAbsent && metricCol[1] == kAbsent && metricCol[2] == kAbsent &&
        metricCol[3] == kAbsent)
        return fail(header.line, "", "no metric column (C, phi, A or T)");

    // First pass: text to numbers as written; the units are only known once every value has been seen.
    std::vector<std::uint64_t> lines;
    double largest = 0;
    for (std::size_t r = 1; r < records.size(); ++r) {
        const Record& rec = records[r];
        if (rec.fields.size() != header.fields.size()) {
            return fail(rec.line, "",
                        std::to_string(rec.fields.size()) + " fields, the header has " +
                            std::to_string(header.fields.size()));
        }
        CellRow row;
        const std::pair<std::size_t, std::string*> names[3] = {
            {judgeCol, &row.judge}, {formatCol, &row.format}, {datasetCol, &row.dataset}};
        for (const auto& [col, target] : names) {
            *target = rec.fields[col];
            if (trimmed(*target).empty())
                return fail(rec.line, header.fields[col], "empty");
        }
        for (std::size_t c : conditionCols)
            row.conditions.push_back(rec.fields[c]);
        double* metrics[4] = {&row.C, &row.phi, &row.A, &row.T};
        for (std::size_t m = 0; m < 4; ++m) {
            if (metricCol[m] == kAbsent)
                continue;
            const std::string_view field = trimmed(rec.fields[metricCol[m]]);
            if (field.empty())
                continue; // undefined: stays kMissing
            double value = 0;
            const char* first = field.data();
            const char* last = first + field.size();
            if (*first == '+')
                ++first;
            const auto [end, ec] = std::from_chars(first, last, value);
            // A number too small for a double (1e-400) reads as 0, as everywhere else; 1e999 is not a number.
            const bool underflow = ec == std::errc::result_out_of_range && end == last && first != last &&
                                   underflowsToZero(std::string_view(first, last - first));
            if (underflow)
                value = 0.0;
            else if (ec != std::errc() || end != last || first == last)
                return fail(rec.line, kMetricNames[m], "not a number: \"" + std::string(field) + "\"");
            if (!std::isfinite(value))
                return fail(rec.line, kMetricNames[m], "not a finite number: \"" + std::string(field) + "\"");
            *metrics[m] = value;
            largest = std::max(largest, std::abs(value));
        }
        result.table.rows.push_back(std::move(row));
        lines.push_back(rec.line);
    }

    result.units = options.units;
    if (result.units == CellUnits::Auto)
        result.units = largest > 1 ? CellUnits::Percent : CellUnits::Proportion;
    const bool percent = result.units == CellUnits::Percent;
    const double scale = percent ? 100 : 1;
    for (std::size_t r = 0; r < result.table.rows.size(); ++r) {
        CellRow& row = result.table.rows[r];
        double* metrics[4] = {&row.C, &row.phi, &row.A, &row.T};
        for (std::size_t m = 0; m < 4; ++m) {
            double& v = *metrics[m];
            if (std::isnan(v))
                continue;
            const double low = m == 3 ? -0.5 * scale : 0.0;
            if (v < low || v > scale) {
                return fail(lines[r], kMetricNames[m],
                            numberText(v) + " is outside [" + numberText(low) + ", " + numberText(scale) +
                                "] (" + (percent ? "percent" : "proportion") + ")");
            }
            v /= scale;
        }
    }
    return result;
}

std::optional<CellTableCsv> readCellTableCsv(const std::string& path, const CellTableCsvOptions& options,
                                             ImportIssue& issue)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        issue = ImportIssue{path, 0, "", "cannot open file"};
        return std::nullopt;
    }
    std::ostringstream content;
    content << in.rdbuf();
    if (in.bad()) {
        issue = ImportIssue{path, 0, "", "read error"};
        return std::nullopt;
    }
    return parseCellTableCsv(content.str(), path, options, issue);
}

} // namespace tribunal
