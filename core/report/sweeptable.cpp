#include "report/sweeptable.h"

#include "report/jsonwriter.h"
#include "report/tablecells.h"

#include <array>
#include <cmath>
#include <iterator>
#include <vector>

namespace tribunal {
namespace {

const char* const kNumberColumns[] = {"n_cells", "mean", "q1", "median", "q3", "iqr"};

// A point's stats with their measure names, in kSweepMeasures order.
struct Measure {
    const char* name;
    const SweepStat* stat;
};
std::array<Measure, std::size(kSweepMeasures)> measuresOf(const SweepPoint& point)
{
    return {{{kSweepMeasures[0], &point.C},
             {kSweepMeasures[1], &point.aMinusHalfPhi},
             {kSweepMeasures[2], &point.T}}};
}

std::vector<std::string> header(const ConditionSweep& sweep)
{
    std::vector<std::string> columns{sweep.column, "measure"};
    for (const char* name : kNumberColumns)
        columns.emplace_back(name);
    return columns;
}

// The IQR is only defined with both quartiles (q3 - q1 of NaNs is NaN, written as missing).
std::vector<std::string> cells(const std::string& value, const char* measure, const SweepStat& s,
                               std::string (*num)(double))
{
    return {value,     measure,     std::to_string(s.cells), num(s.mean), num(s.q1), num(s.median),
            num(s.q3), num(s.iqr())};
}

template <typename Line> void rows(const ConditionSweep& sweep, std::string (*num)(double), Line line)
{
    for (const auto& point : sweep.points) {
        for (const Measure& measure : measuresOf(point))
            line(cells(point.value, measure.name, *measure.stat, num));
    }
}

std::string csv(const ConditionSweep& sweep)
{
    std::string out;
    const auto line = [&out](const std::vector<std::string>& fields) {
        for (std::size_t i = 0; i < fields.size(); ++i) {
            if (i > 0)
                out += ',';
            appendCsvField(out, fields[i]);
        }
        out += '\n';
    };
    line(header(sweep));
    rows(sweep, exactNumber, line);
    return out;
}

std::string markdown(const ConditionSweep& sweep, const SweepTableNotes& notes)
{
    std::string out;
    const auto line = [&out](const std::vector<std::string>& fields) {
        out += '|';
        for (const auto& field : fields) {
            out += ' ';
            appendMarkdownField(out, field);
            out += " |";
        }
        out += '\n';
    };
    const auto columns = header(sweep);
    line(columns);
    out += '|';
    for (std::size_t i = 0; i < columns.size(); ++i)
        out += "---|";
    out += '\n';
    rows(sweep, displayNumber, line);
    // The variants every trust table must state (metrics.md, general rules).
    out += "\nT9 sweep over " + sweep.column +
           ": mean and quartiles (linear interpolation) over cells, proportions; n_cells counts cells with a "
           "defined value. C per " +
           notes.consistencyUnit + "; q = " + (notes.qMode == "half" ? "1/2" : "observed") + ".";
    if (notes.consistencyAssumed)
        out += " C = 1 assumed for single-run cells.";
    if (!notes.pooledColumn.empty())
        out += " Cells pooled over " + notes.pooledColumn +
               " first (Table 3: mean C, phi, A; T recomputed from the means).";
    out += '\n';
    return out;
}

std::string json(const ConditionSweep& sweep, const SweepTableNotes& notes)
{
    std::string out;
    JsonWriter w(out);
    w.beginObject();
    w.key("column").value(sweep.column);
    w.key("pooled_over");
    if (notes.pooledColumn.empty())
        w.null();
    else
        w.value(notes.pooledColumn);
    w.key("consistency_unit").value(notes.consistencyUnit);
    w.key("q").value(notes.qMode);
    w.key("consistency_assumed").value(notes.consistencyAssumed);
    w.key("rows").beginArray();
    for (const auto& point : sweep.points) {
        for (const Measure& measure : measuresOf(point)) {
            const SweepStat& s = *measure.stat;
            w.beginObject();
            w.key(sweep.column).value(point.value);
            w.key("measure").value(measure.name);
            w.key("n_cells").value(static_cast<std::uint64_t>(s.cells));
            w.key("mean").value(s.mean);
            w.key("q1").value(s.q1);
            w.key("median").value(s.median);
            w.key("q3").value(s.q3);
            w.key("iqr").value(s.iqr());
            w.endObject();
        }
    }
    w.endArray();
    w.endObject();
    out += '\n';
    return out;
}

} // namespace

std::string writeSweepTable(const ConditionSweep& sweep, TableFormat format, const SweepTableNotes& notes)
{
    switch (format) {
    case TableFormat::Csv:
        return csv(sweep);
    case TableFormat::Markdown:
        return markdown(sweep, notes);
    case TableFormat::Json:
        return json(sweep, notes);
    }
    return {};
}

} // namespace tribunal
