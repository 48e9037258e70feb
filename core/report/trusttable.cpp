#include "report/trusttable.h"

#include "report/jsonwriter.h"
#include "report/tablecells.h"

#include <cmath>
#include <cstdio>

namespace tribunal {
namespace {

using NumberText = std::string (*)(double);

// A table of text cells, written as CSV or Markdown.
struct TextTable {
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;

    std::string csv() const
    {
        std::string out;
        auto line = [&](const std::vector<std::string>& cells) {
            for (std::size_t i = 0; i < cells.size(); ++i) {
                if (i > 0)
                    out += ',';
                appendCsvField(out, cells[i]);
            }
            out += '\n';
        };
        line(header);
        for (const auto& row : rows)
            line(row);
        return out;
    }

    std::string markdown() const
    {
        std::string out;
        auto line = [&](const std::vector<std::string>& cells) {
            out += '|';
            for (const auto& cell : cells) {
                out += ' ';
                appendMarkdownField(out, cell);
                out += " |";
            }
            out += '\n';
        };
        line(header);
        out += '|';
        for (std::size_t i = 0; i < header.size(); ++i)
            out += "---|";
        out += '\n';
        for (const auto& row : rows)
            line(row);
        return out;
    }
};

struct TrustColumn {
    const char* name;
    double TrustTableRow::*member;
};

constexpr TrustColumn kTrustColumns[] = {
    {"C", &TrustTableRow::C},           {"C_lo", &TrustTableRow::C_lo},
    {"C_hi", &TrustTableRow::C_hi},     {"phi", &TrustTableRow::phi},
    {"phi_lo", &TrustTableRow::phi_lo}, {"phi_hi", &TrustTableRow::phi_hi},
    {"A", &TrustTableRow::A},           {"A_lo", &TrustTableRow::A_lo},
    {"A_hi", &TrustTableRow::A_hi},     {"A_dec", &TrustTableRow::A_dec},
    {"q", &TrustTableRow::q},           {"A_max", &TrustTableRow::A_max},
    {"T", &TrustTableRow::T},           {"T_lo", &TrustTableRow::T_lo},
    {"T_hi", &TrustTableRow::T_hi},     {"T_joint", &TrustTableRow::T_joint},
};

TextTable trustText(const TrustTable& table, NumberText num)
{
    TextTable text;
    text.header = trustTableColumns(table.conditionNames);
    for (const auto& row : table.rows) {
        std::vector<std::string> cells{row.judge, row.format, row.dataset};
        for (std::size_t i = 0; i < table.conditionNames.size(); ++i)
            cells.push_back(i < row.conditions.size() ? row.conditions[i] : std::string());
        cells.push_back(row.pairs ? std::to_string(*row.pairs) : std::string());
        for (const auto& column : kTrustColumns)
            cells.push_back(num(row.*(column.member)));
        cells.push_back(row.quadrant);
        text.rows.push_back(std::move(cells));
    }
    return text;
}

std::string trustJson(const TrustTable& table)
{
    std::string out;
    JsonWriter w(out);
    w.beginObject();
    w.key("consistency_unit").value(table.consistencyUnit);
    w.key("q").value(table.qMode);
    w.key("consistency_assumed").value(table.consistencyAssumed);
    w.key("resamples").value(table.resamples);
    if (table.resamples > 0) {
        w.key("seed").value(table.seed);
        w.key("level").value(table.level);
    }
    w.key("condition_columns").beginArray();
    for (const auto& name : table.conditionNames)
        w.value(name);
    w.endArray();
    w.key("cells").beginArray();
    for (const auto& row : table.rows) {
        w.beginObject();
        w.key("judge").value(row.judge);
        w.key("format").value(row.format);
        w.key("dataset").value(row.dataset);
        w.key("conditions").beginObject();
        for (std::size_t i = 0; i < table.conditionNames.size(); ++i)
            w.key(table.conditionNames[i]).value(i < row.conditions.size() ? row.conditions[i] : "");
        w.endObject();
        w.key("n_pairs");
        if (row.pairs)
            w.value(*row.pairs);
        else
            w.null();
        if (row.pairCounts) {
            w.key("pairs_dropped").beginObject();
            w.key("missing_order").value(row.pairCounts->droppedMissingOrder);
            w.key("missing_verdicts").value(row.pairCounts->droppedMissingVerdicts);
            w.endObject();
            w.key("judgments_without_order").value(row.pairCounts->orderNotRecorded);
            w.key("unlabelled_pairs").value(row.pairCounts->unlabelled);
        }
        for (const auto& column : kTrustColumns)
            w.key(column.name).value(row.*(column.member));
        w.key("quadrant");
        if (row.quadrant.empty())
            w.null();
        else
            w.value(row.quadrant);
        w.endObject();
    }
    w.endArray();
    w.endObject();
    out += '\n';
    return out;
}

TextTable dispersionText(const FormatDispersion& d)
{
    TextTable text;
    text.header = {"judge", "dataset"};
    for (const auto& name : d.conditionNames)
        text.header.push_back(name);
    for (const char* name : {"dT_fmt", "T_min", "T_max"})
        text.header.emplace_back(name);
    for (const auto& table : d.tables) {
        for (const auto& g : table.groups) {
            std::vector<std::string> cells{g.judge, g.dataset};
            for (const auto& value : table.conditions)
                cells.push_back(value);
            cells.push_back(exactNumber(g.dT));
            cells.push_back(exactNumber(g.tMin));
            cells.push_back(exactNumber(g.tMax));
            text.rows.push_back(std::move(cells));
        }
    }
    return text;
}

std::string dispersionMarkdown(const FormatDispersion& d)
{
    std::string out;
    for (const auto& table : d.tables) {
        if (!d.conditionNames.empty()) {
            out += "Condition:";
            for (std::size_t i = 0; i < d.conditionNames.size(); ++i) {
                out += ' ';
                appendMarkdownField(out, d.conditionNames[i]);
                out += '=';
                appendMarkdownField(out, i < table.conditions.size() ? table.conditions[i] : "");
            }
            out += "\n\n";
        }
        // Table 4 layout: judges as rows, datasets as columns, each cell "dT_fmt (T_min)".
        TextTable text;
        text.header = {"judge"};
        for (const auto& m : table.datasetMeans)
            text.header.push_back(m.name);
        text.header.emplace_back("Mean");
        for (const auto& jm : table.judgeMeans) {
            std::vector<std::string> cells{jm.name};
            for (const auto& dm : table.datasetMeans) {
                std::string cell;
                for (const auto& g : table.groups) {
                    if (g.judge == jm.name && g.dataset == dm.name) {
                        cell = displayNumber(g.dT);
                        if (std::isfinite(g.tMin))
                            cell += " (" + displayNumber(g.tMin) + ")";
                    }
                }
                cells.push_back(cell);
            }
            cells.push_back(displayNumber(jm.mean));
            text.rows.push_back(std::move(cells));
        }
        std::vector<std::string> means{"Mean"};
        for (const auto& dm : table.datasetMeans)
            means.push_back(displayNumber(dm.mean));
        means.push_back(displayNumber(table.grandMean));
        text.rows.push_back(std::move(means));
        out += text.markdown();
        out += "\nCells: dT_fmt = max - min of T over formats (T_min in parentheses), proportions.";
        out += " Means are means of dT_fmt.\n\n";
    }
    out += "Cells with undefined T left out: " + std::to_string(d.undefinedCells) + "\n";
    return out;
}

std::string dispersionJson(const FormatDispersion& d)
{
    std::string out;
    JsonWriter w(out);
    w.beginObject();
    w.key("condition_columns").beginArray();
    for (const auto& name : d.conditionNames)
        w.value(name);
    w.endArray();
    w.key("undefined_cells").value(static_cast<std::uint64_t>(d.undefinedCells));
    w.key("tables").beginArray();
    for (const auto& table : d.tables) {
        w.beginObject();
        w.key("conditions").beginObject();
        for (std::size_t i = 0; i < d.conditionNames.size(); ++i)
            w.key(d.conditionNames[i]).value(i < table.conditions.size() ? table.conditions[i] : "");
        w.endObject();
        w.key("groups").beginArray();
        for (const auto& g : table.groups) {
            w.beginObject();
            w.key("judge").value(g.judge);
            w.key("dataset").value(g.dataset);
            w.key("dT_fmt").value(g.dT);
            w.key("T_min").value(g.tMin);
            w.key("T_max").value(g.tMax);
            w.key("format_min").value(g.formatMin);
            w.key("format_max").value(g.formatMax);
            w.key("formats").value(static_cast<std::uint64_t>(g.formats));
            w.key("undefined_formats").value(static_cast<std::uint64_t>(g.undefinedFormats));
            w.endObject();
        }
        w.endArray();
        auto means = [&](const char* key, const std::vector<DispersionMean>& list) {
            w.key(key).beginArray();
            for (const auto& m : list) {
                w.beginObject();
                w.key("name").value(m.name);
                w.key("mean").value(m.mean);
                w.key("groups").value(static_cast<std::uint64_t>(m.groups));
                w.endObject();
            }
            w.endArray();
        };
        means("judge_means", table.judgeMeans);
        means("dataset_means", table.datasetMeans);
        w.key("grand_mean").value(table.grandMean);
        w.endObject();
    }
    w.endArray();
    w.endObject();
    out += '\n';
    return out;
}

TextTable anovaText(const AnovaResult& r, NumberText num)
{
    TextTable text;
    text.header = {"source", "df", "ss", "eta2"};
    for (const auto& row : r.rows)
        text.rows.push_back({row.source, num(row.df), num(row.ss), num(row.eta2)});
    return text;
}

std::string anovaJson(const AnovaResult& r)
{
    std::string out;
    JsonWriter w(out);
    w.beginObject();
    w.key("ss_type").value(sumOfSquaresName(r.type));
    w.key("balanced").value(r.balanced);
    w.key("ss_total").value(r.ssTotal);
    w.key("observations").value(static_cast<std::uint64_t>(r.observations));
    w.key("dropped_missing").value(static_cast<std::uint64_t>(r.droppedMissing));
    w.key("rows").beginArray();
    for (const auto& row : r.rows) {
        w.beginObject();
        w.key("source").value(row.source);
        w.key("df").value(row.df);
        w.key("ss").value(row.ss);
        w.key("eta2").value(row.eta2);
        w.endObject();
    }
    w.endArray();
    w.endObject();
    out += '\n';
    return out;
}

} // namespace

std::vector<std::string> trustTableColumns(const std::vector<std::string>& conditionNames)
{
    std::vector<std::string> columns{"judge", "format", "dataset"};
    columns.insert(columns.end(), conditionNames.begin(), conditionNames.end());
    columns.emplace_back("n_pairs");
    for (const auto& column : kTrustColumns)
        columns.emplace_back(column.name);
    columns.emplace_back("quadrant");
    return columns;
}

std::string writeTrustTable(const TrustTable& table, TableFormat format)
{
    switch (format) {
    case TableFormat::Csv:
        return trustText(table, exactNumber).csv();
    case TableFormat::Markdown: {
        std::string out = trustText(table, displayNumber).markdown();
        out += "\nProportions. C per " + table.consistencyUnit +
               "; q = " + (table.qMode == "half" ? std::string("1/2") : std::string("observed")) + ".";
        if (table.consistencyAssumed)
            out += " C = 1 assumed for single-run cells.";
        if (table.resamples > 0)
            out += " Intervals: " + displayNumber(table.level) + " percentile bootstrap over pairs, " +
                   std::to_string(table.resamples) + " resamples, seed " + std::to_string(table.seed) + ".";
        out += '\n';
        return out;
    }
    case TableFormat::Json:
        return trustJson(table);
    }
    return {};
}

std::string writeDispersionTable(const FormatDispersion& dispersion, TableFormat format)
{
    switch (format) {
    case TableFormat::Csv:
        return dispersionText(dispersion).csv();
    case TableFormat::Markdown:
        return dispersionMarkdown(dispersion);
    case TableFormat::Json:
        return dispersionJson(dispersion);
    }
    return {};
}

std::string writeAnovaTable(const AnovaResult& result, TableFormat format)
{
    switch (format) {
    case TableFormat::Csv:
        return anovaText(result, exactNumber).csv();
    case TableFormat::Markdown:
        return anovaText(result, displayNumber).markdown() +
               "\nSum of squares: " + sumOfSquaresName(result.type) +
               (result.balanced ? " (balanced design)" : " (unbalanced design)") + "; " +
               std::to_string(result.observations) + " cells, " + std::to_string(result.droppedMissing) +
               " with undefined response left out.\n";
    case TableFormat::Json:
        return anovaJson(result);
    }
    return {};
}

std::string sumOfSquaresName(SumOfSquaresType type)
{
    return type == SumOfSquaresType::TypeII ? "type II" : "sequential";
}

} // namespace tribunal
