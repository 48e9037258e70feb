// trust: pairwise trust per cell (metrics.md T1-T13) on the command line. Every number comes from
// tribunal_core; this file parses the trust-only options and writes.

#include "commands.h"
#include "trustcli_common.h"

#include "analysis/celltrust.h"
#include "analysis/trustbootstrap.h"
#include "analysis/trustgrouping.h"
#include "report/latex.h"

#include <cmath>
#include <iostream>
#include <stdexcept>

namespace tribunal::cli {
namespace {

bool parseInt(const QString& text, long long min, long long* value)
{
    bool ok = false;
    *value = text.toLongLong(&ok);
    return ok && *value >= min;
}

// The metric columns of a trust table row (the label columns are left empty).
TrustTableRow metricsRow(const TrustCellResult& r)
{
    TrustTableRow row;
    row.pairs = r.pairs;
    row.pairCounts =
        TrustTableRow::PairCounts{r.droppedMissingOrder, r.droppedMissingVerdicts, r.unlabelledPairs};
    row.C = r.consistency;
    row.phi = r.flipRate;
    row.A = r.accuracy;
    row.A_dec = r.accuracyDecisive;
    row.q = r.qUsed;
    row.A_max = r.accuracyMax;
    row.T = r.trust;
    row.T_joint = r.trustJoint;
    row.quadrant = std::string(quadrantName(r.quadrant));
    return row;
}

// --by COLS: one row per pooled group (core/analysis/trustgrouping.h). The table keeps its columns: judge,
// format and dataset hold the group's value when grouped by them and are empty when pooled over; every other
// grouping column (a condition key, test, version) becomes a condition column, in --by order. Why: the CSV
// stays readable by every consumer of the per-cell table. No intervals (the bootstrap is per cell).
// *consistencyAssumed tells whether C = 1 was assumed for some group. Returns the exit code.
int fillGroupedRows(const Audit& audit, const QString& by, const TrustSettings& settings, TrustTable& table,
                    bool* consistencyAssumed)
{
    std::vector<std::string> columns;
    for (const auto& column : by.split(',', Qt::SkipEmptyParts))
        columns.push_back(column.trimmed().toStdString());
    TrustGrouping grouping;
    try {
        grouping = groupTrust(audit, columns, settings);
    } catch (const std::invalid_argument& e) {
        return usage(QString("--by: %1").arg(QString::fromStdString(e.what())));
    }
    for (const auto& column : grouping.columns) {
        if (column != "judge" && column != "format" && column != "dataset")
            table.conditionNames.push_back(column);
    }
    std::vector<TrustCellResult> results;
    for (const auto& group : grouping.groups)
        results.push_back(group.result);
    const bool assumed = noteSingleRun(results, settings.assumeConsistentWhenSingleRun) > 0 &&
                         settings.assumeConsistentWhenSingleRun;
    *consistencyAssumed = assumed;
    std::size_t skipped = 0;
    for (const auto& group : grouping.groups) {
        if (!isPairwiseCell(group.result)) {
            ++skipped;
            continue;
        }
        TrustTableRow row = metricsRow(group.result);
        for (std::size_t i = 0; i < grouping.columns.size(); ++i) {
            const auto& column = grouping.columns[i];
            if (column == "judge")
                row.judge = group.key[i];
            else if (column == "format")
                row.format = group.key[i];
            else if (column == "dataset")
                row.dataset = group.key[i];
            else
                row.conditions.push_back(group.key[i]);
        }
        table.rows.push_back(std::move(row));
    }
    if (skipped > 0)
        std::cerr << "note: " << skipped << " group(s) without pairwise items left out\n";
    return kOk;
}

} // namespace

int runTrust(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Pairwise trust per cell (C, phi, A, A_max, T, T_joint, failure-map quadrant; metrics.md T1-T13).");
    parser.addPositionalArgument("input",
                                 "A project, judgment files, or a cell-level table (C, phi, A columns).",
                                 "PROJECT_OR_FILE...");
    addTrustOptions(parser);
    QCommandLineOption ci("ci", "Bootstrap resamples for the intervals (default 2000; 0 = no intervals).",
                          "N", "2000");
    QCommandLineOption seed("seed", "Bootstrap seed (default 20261129).", "S", "20261129");
    QCommandLineOption level("level", "Interval level in (0, 1) (default 0.95).", "L", "0.95");
    QCommandLineOption threads("threads", "Bootstrap threads (0 = all cores; results do not depend on it).",
                               "N", "0");
    QCommandLineOption colour("colour", "With --format latex: shade the T cells in bands.");
    QCommandLineOption tableKind("table",
                                 "With --format latex: cells (Table 1 layout, default) or gap (Table 10: T, "
                                 "T_joint, their gap and its interval; needs judgment data).",
                                 "KIND", "cells");
    QCommandLineOption by(
        "by",
        "Pool the cells that agree on these comma-separated columns (judge, format, dataset, "
        "test, version or a condition key; empty = one pool) and give one row per group. "
        "judge, format and dataset stay as columns, empty when pooled over; the other "
        "grouping columns replace the condition columns. Needs judgment data; no intervals.",
        "COLS");
    parser.addOptions({ci, seed, level, threads, colour, tableKind, by});
    QString error;
    if (!parse(parser, args, &error))
        return usage(error);
    auto inputs = parser.positionalArguments().mid(1);
    if (inputs.isEmpty())
        return usage("trust needs a project, judgment files or a cell-level table");
    const auto format = tableFormat(parser.value(kTableFormat));
    if (!format && !isLatex(parser))
        return usage(unknownFormat(parser));
    const auto kind = parser.value(tableKind);
    if (kind != "cells" && kind != "gap")
        return usage(QString("unknown --table '%1' (expected cells or gap)").arg(kind));
    const bool gapTable = kind == "gap";
    if (gapTable && !isLatex(parser))
        return usage("--table gap needs --format latex");
    auto settings = trustSettings(parser, &error);
    if (!settings)
        return usage(error);
    BootstrapSettings boot;
    long long number = 0;
    if (!parseInt(parser.value(ci), 0, &number) || number > 1000000)
        return usage("--ci needs a number of resamples from 0 to 1000000");
    boot.resamples = static_cast<int>(number);
    bool ok = false;
    boot.seed = parser.value(seed).toULongLong(&ok);
    if (!ok)
        return usage("--seed needs a non-negative integer");
    boot.level = parser.value(level).toDouble(&ok);
    if (!ok || !(boot.level > 0 && boot.level < 1))
        return usage("--level needs a number in (0, 1)");
    if (!parseInt(parser.value(threads), 0, &number) || number > 1024)
        return usage("--threads needs a number from 0 to 1024");
    boot.threads = static_cast<int>(number);

    TrustLatexOptions latex;
    latex.colour = parser.isSet(colour);
    // The LaTeX table (Table 1 layout) reads C, phi, A and T from the rows written so far.
    const auto writeLatex = [&](const TrustTable& written, bool assumed) -> int {
        CellTable cells;
        cells.conditionNames = written.conditionNames;
        for (const auto& row : written.rows)
            cells.rows.push_back(
                {row.judge, row.format, row.dataset, row.conditions, row.C, row.phi, row.A, row.T});
        const auto intervalSettings = latex.variants.intervals; // set once the bootstrap has run
        latex.variants = latexVariants(*settings, assumed);
        latex.variants.intervals = intervalSettings;
        std::string text;
        try {
            text = trustTableLatex(cells, latex);
        } catch (const std::invalid_argument& e) {
            std::cerr << e.what() << '\n';
            return kBadInput;
        }
        return writeOutput(parser, finishLatex(parser, text));
    };

    TrustTable table;
    table.consistencyUnit = settings->consistencyUnit == ConsistencyUnit::Pair ? "pair" : "presentation";
    table.qMode = settings->qMode == QMode::Half ? "half" : "observed";
    table.consistencyAssumed = settings->assumeConsistentWhenSingleRun;

    if (parser.isSet(by) && gapTable)
        return usage("--by and --table gap cannot be combined");
    if (isCellTable(inputs)) {
        if (parser.isSet(by))
            return usage("--by needs judgment data; a cell-level table is already one row per cell");
        if (gapTable)
            return usage("--table gap needs judgment data; a cell-level table has no T_joint");
        if (settings->qMode == QMode::Observed)
            return usage("--q observed needs per-pair data; a cell-level table has only C, phi and A");
        ImportIssue issue;
        auto csv = readCellTableCsv(inputs.front().toStdString(), {}, issue);
        if (!csv) {
            std::cerr << issue.text() << '\n';
            return kBadInput;
        }
        std::cerr
            << "note: cell-level table: T and A_max recomputed from the given C, phi, A with q = 1/2; no "
               "intervals, no pair counts\n";
        table.conditionNames = csv->table.conditionNames;
        table.consistencyAssumed = false;
        std::size_t assumed = 0;
        for (const auto& cell : csv->table.rows) {
            TrustTableRow row;
            row.judge = cell.judge;
            row.format = cell.format;
            row.dataset = cell.dataset;
            row.conditions = cell.conditions;
            row.C = cell.C;
            if (isMissing(row.C) && settings->assumeConsistentWhenSingleRun) {
                row.C = 1;
                ++assumed;
            }
            row.phi = cell.phi;
            row.A = cell.A;
            row.q = 0.5;
            const double aMax = 1 - row.phi / 2;
            row.A_max = std::isfinite(aMax) ? aMax : kMissing;
            const double t = row.C * (row.A - row.phi / 2);
            row.T = std::isfinite(t) ? t : kMissing;
            row.quadrant = std::string(quadrantName(placeQuadrant(row.C, row.phi, *settings)));
            table.rows.push_back(std::move(row));
        }
        if (assumed > 0) {
            table.consistencyAssumed = true;
            std::cerr << "note: C = 1 was assumed for " << assumed
                      << " cell(s) without C (--assume-consistent)\n";
        }
        if (!format)
            return writeLatex(table, assumed > 0);
        return writeOutput(parser, writeTrustTable(table, *format));
    }

    auto options = judgmentImportOptions(parser, &error);
    if (!options)
        return usage(error);
    int exitCode = kOk;
    auto audit = load(inputs, *options, nullptr, &exitCode);
    if (!audit)
        return exitCode;
    if (parser.isSet(by)) {
        bool assumed = false;
        if (const int code = fillGroupedRows(*audit, parser.value(by), *settings, table, &assumed);
            code != kOk)
            return code;
        if (!format)
            return writeLatex(table, assumed);
        return writeOutput(parser, writeTrustTable(table, *format));
    }
    const auto results = analyseTrust(*audit, *settings);
    const bool assumed = noteSingleRun(results, settings->assumeConsistentWhenSingleRun) > 0 &&
                         settings->assumeConsistentWhenSingleRun;
    std::vector<TrustCellIntervals> intervals;
    if (boot.resamples > 0) {
        intervals = bootstrapTrust(*audit, *settings, boot);
        latex.variants.intervals = boot;
        table.resamples = boot.resamples;
        table.seed = boot.seed;
        table.level = boot.level;
    }
    std::vector<TrustCellResult> pairwise;
    std::vector<const TrustCellIntervals*> pairwiseIntervals;
    std::size_t skipped = 0;
    for (std::size_t i = 0; i < results.size(); ++i) {
        if (!isPairwiseCell(results[i])) {
            ++skipped;
            continue;
        }
        pairwise.push_back(results[i]);
        pairwiseIntervals.push_back(i < intervals.size() ? &intervals[i] : nullptr);
    }
    if (skipped > 0)
        std::cerr << "note: " << skipped << " cell(s) without pairwise items left out\n";
    if (gapTable) {
        if (pairwise.empty()) {
            std::cerr << "no pairwise cells\n";
            return kBadInput;
        }
        std::vector<TrustCellIntervals> gapIntervals;
        for (const auto* iv : pairwiseIntervals) {
            if (iv != nullptr)
                gapIntervals.push_back(*iv);
        }
        latex.variants = latexVariants(*settings, assumed);
        if (boot.resamples > 0)
            latex.variants.intervals = boot;
        return writeOutput(parser,
                           finishLatex(parser, trustGapTableLatex(*audit, pairwise, gapIntervals, latex)));
    }
    const auto labels = cellTableFromTrust(*audit, pairwise);
    table.conditionNames = labels.conditionNames;
    for (std::size_t i = 0; i < pairwise.size(); ++i) {
        const auto& r = pairwise[i];
        const auto& cell = labels.rows[i];
        TrustTableRow row = metricsRow(r);
        row.judge = cell.judge;
        row.format = cell.format;
        row.dataset = cell.dataset;
        row.conditions = cell.conditions;
        if (const auto* iv = pairwiseIntervals[i]) {
            row.C_lo = iv->consistency.lo;
            row.C_hi = iv->consistency.hi;
            row.phi_lo = iv->flipRate.lo;
            row.phi_hi = iv->flipRate.hi;
            row.A_lo = iv->accuracy.lo;
            row.A_hi = iv->accuracy.hi;
            row.T_lo = iv->trust.lo;
            row.T_hi = iv->trust.hi;
        }
        table.rows.push_back(std::move(row));
    }
    if (!format)
        return writeLatex(table, assumed);
    return writeOutput(parser, writeTrustTable(table, *format));
}

} // namespace tribunal::cli
