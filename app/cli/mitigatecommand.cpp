// mitigate: the T12 mitigation replays per cell (metrics.md "Pairwise trust" T12): (a) majority over runs,
// (b) both-order agreement, (c) averaging the two orders' probabilities. Every number comes from
// tribunal_core; this file parses options and writes the table.

#include "commands.h"
#include "trustcli_common.h"

#include "analysis/celltrust.h"
#include "analysis/probabilityaveraging.h"
#include "report/jsonwriter.h"
#include "report/tablecells.h"

#include <iostream>
#include <string>
#include <vector>

namespace tribunal::cli {
namespace {

const QCommandLineOption kMitigateFormat("format", "Output format: csv (default), md or json.", "FORMAT",
                                         "csv");

// The metric columns after the cell labels and n_pairs. prob_* are empty for cells without probabilities.
const char* const kMetricColumns[] = {"majority_accuracy",   "majority_coverage",  "both_order_accuracy",
                                      "both_order_coverage", "prob_matched_runs",  "prob_one_accuracy",
                                      "prob_one_coverage",   "prob_both_accuracy", "prob_both_coverage",
                                      "prob_agreement",      "prob_change"};

struct MitigateRow {
    std::vector<std::string> labels; ///< judge, format, dataset, then one per condition
    std::uint64_t pairs = 0;
    std::vector<double> metrics; ///< one per kMetricColumns; kMissing = empty / null
};

std::string writeRows(const std::vector<std::string>& header, const std::vector<MitigateRow>& rows,
                      const QString& format)
{
    std::string out;
    const auto cellsOf = [](const MitigateRow& row) {
        std::vector<std::string> cells = row.labels;
        cells.push_back(std::to_string(row.pairs));
        for (double v : row.metrics)
            cells.push_back(exactNumber(v));
        return cells;
    };
    if (format == "json") {
        JsonWriter json(out);
        json.beginArray();
        for (const auto& row : rows) {
            json.beginObject();
            std::size_t i = 0;
            for (; i < row.labels.size(); ++i)
                json.key(header[i]).value(row.labels[i]);
            json.key(header[i++]).value(row.pairs);
            for (double v : row.metrics) {
                json.key(header[i++]);
                if (isMissing(v))
                    json.null();
                else
                    json.value(v);
            }
            json.endObject();
        }
        json.endArray();
        out += '\n';
        return out;
    }
    if (format == "md") {
        const auto line = [&out](const std::vector<std::string>& cells) {
            out += '|';
            for (const auto& c : cells) {
                out += ' ';
                appendMarkdownField(out, c);
                out += " |";
            }
            out += '\n';
        };
        line(header);
        out += '|';
        for (std::size_t i = 0; i < header.size(); ++i)
            out += " --- |";
        out += '\n';
        for (const auto& row : rows)
            line(cellsOf(row));
        return out;
    }
    const auto line = [&out](const std::vector<std::string>& cells) {
        for (std::size_t i = 0; i < cells.size(); ++i) {
            if (i > 0)
                out += ',';
            appendCsvField(out, cells[i]);
        }
        out += '\n';
    };
    line(header);
    for (const auto& row : rows)
        line(cellsOf(row));
    return out;
}

} // namespace

int runMitigate(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "T12 mitigation replays per cell (metrics.md): (a) majority over runs per presentation, (b) keep a "
        "verdict only where both orders agree (accuracy and coverage), (c) average the two orders' "
        "probabilities (prob_* columns; empty where the cell has no matched runs with probabilities).");
    parser.addPositionalArgument("input", "A project or judgment files.", "PROJECT_OR_FILE...");
    parser.addOptions({kOut, kMitigateFormat, kInputFormat, kSkipBad});
    QString error;
    if (!parse(parser, args, &error))
        return usage(error);
    auto inputs = parser.positionalArguments().mid(1);
    if (inputs.isEmpty())
        return usage("mitigate needs a project or judgment files");
    const auto format = parser.value(kMitigateFormat);
    if (format != "csv" && format != "md" && format != "json")
        return usage(QString("unknown --format '%1' (expected csv, md or json)").arg(format));
    if (isCellTable(inputs))
        return usage("mitigate needs judgment data; a cell-level table has no verdicts");
    auto options = judgmentImportOptions(parser, &error);
    if (!options)
        return usage(error);
    int exitCode = kOk;
    auto audit = load(inputs, *options, nullptr, &exitCode);
    if (!audit)
        return exitCode;
    const TrustSettings settings;
    const auto results = analyseTrust(*audit, settings);
    std::vector<TrustCellResult> pairwise;
    for (const auto& r : results) {
        if (isPairwiseCell(r))
            pairwise.push_back(r);
    }
    const auto labels = cellTableFromTrust(*audit, pairwise);
    std::vector<std::string> header = {"judge", "format", "dataset"};
    header.insert(header.end(), labels.conditionNames.begin(), labels.conditionNames.end());
    header.push_back("n_pairs");
    header.insert(header.end(), std::begin(kMetricColumns), std::end(kMetricColumns));
    std::vector<MitigateRow> rows;
    for (std::size_t i = 0; i < pairwise.size(); ++i) {
        const auto& r = pairwise[i];
        const auto& cell = labels.rows[i];
        MitigateRow row;
        row.labels = {cell.judge, cell.format, cell.dataset};
        row.labels.insert(row.labels.end(), cell.conditions.begin(), cell.conditions.end());
        row.pairs = r.pairs;
        const auto prob = summarizeProbabilityAveraging(*audit, audit->itemRunsOf(audit->cells()[r.cell]));
        const bool hasProb = prob.matchedRuns > 0;
        const auto p = [hasProb](double v) { return hasProb ? v : kMissing; };
        row.metrics = {r.majorityAccuracy,
                       r.majorityCoverage,
                       r.bothOrderAccuracy,
                       r.bothOrderCoverage,
                       hasProb ? static_cast<double>(prob.matchedRuns) : kMissing,
                       p(prob.oneAccuracy),
                       p(prob.oneCoverage),
                       p(prob.bothAccuracy),
                       p(prob.bothCoverage),
                       p(prob.agreement),
                       p(prob.change)};
        rows.push_back(std::move(row));
    }
    return writeOutput(parser, writeRows(header, rows, format));
}

} // namespace tribunal::cli
