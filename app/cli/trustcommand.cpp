// trust: pairwise trust per cell (metrics.md T1-T13) on the command line. Every number comes from
// tribunal_core; this file parses the trust-only options and writes.

#include "labelnotes.h"
#include "registry.h"
#include "trustcli_common.h"

#include "analysis/celltrust.h"
#include "analysis/trustbootstrap.h"
#include "analysis/trustgrouping.h"
#include "report/trustexport.h"

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

// --by COLS: one row per pooled group (core/analysis/trustgrouping.h, report/trustexport.h). No intervals
// (the bootstrap is per cell). The table states whether C = 1 was assumed for some group. Returns the exit
// code.
int fillGroupedRows(const Audit& audit, const QString& by, const TrustSettings& settings, TrustTable& table)
{
    std::vector<std::string> columns;
    for (const auto& column : by.split(',', Qt::SkipEmptyParts))
        columns.push_back(column.trimmed().toStdString());
    TrustGrouping grouping;
    try {
        grouping = groupTrust(audit, columns, settings);
    } catch (const std::invalid_argument& e) {
        return usage(Msg::tr("--by: %1").arg(QString::fromStdString(e.what())));
    }
    std::vector<TrustCellResult> results;
    for (const auto& group : grouping.groups)
        results.push_back(group.result);
    noteSingleRun(results, settings.assumeConsistentWhenSingleRun);
    std::size_t skipped = 0;
    table = groupedTrustTable(grouping, settings, &skipped);
    if (skipped > 0)
        std::cerr << Msg::tr("note: %n group(s) without pairwise items left out", nullptr,
                             static_cast<int>(skipped))
                         .toStdString()
                  << '\n';
    return kOk;
}

} // namespace

const QCommandLineOption
    kCi("ci",
        QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                          "Bootstrap resamples for the intervals (default 2000; 0 = no intervals)."),
        "N", "2000");
const QCommandLineOption kSeed("seed",
                               QT_TRANSLATE_NOOP("tribunal::cli::Msg", "Bootstrap seed (default 20261129)."),
                               "S", "20261129");
const QCommandLineOption
    kLevel("level", QT_TRANSLATE_NOOP("tribunal::cli::Msg", "Interval level in (0, 1) (default 0.95)."), "L",
           "0.95");
const QCommandLineOption
    kThreads("threads",
             QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                               "Bootstrap threads (0 = all cores; results do not depend on it)."),
             "N", "0");
const QCommandLineOption kColour("colour",
                                 QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                   "With --format latex: shade the T cells in bands."));
const QCommandLineOption kTableKind(
    "table",
    QT_TRANSLATE_NOOP("tribunal::cli::Msg", "With --format latex: cells (Table 1 layout, default) or gap "
                                            "(Table 10: T, T_joint, their gap and its interval; needs "
                                            "judgment data)."),
    "cells|gap", "cells");
const QCommandLineOption
    kBy("by",
        QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                          "Pool the cells that agree on these comma-separated columns (judge, "
                          "format, dataset, test, version or a condition key; empty = one "
                          "pool) and give one row per group. judge, format and dataset stay "
                          "as columns, empty when pooled over; the other grouping columns "
                          "replace the condition columns. Needs judgment data; no intervals."),
        "COLS");

void defineTrust(CommandParser& parser)
{
    parser.setApplicationDescription(Msg::tr(
        "Pairwise trust per cell (C, phi, A, A_max, T, T_joint, failure-map quadrant; metrics.md T1-T13)."));
    parser.addPositionalArgument(
        "input", Msg::tr("A project, judgment files, or a cell-level table (C, phi, A columns)."),
        "PROJECT_OR_FILE...");
    addTrustOptions(parser);
    addOptions(parser, {kCi, kSeed, kLevel, kThreads, kColour, kTableKind, kBy});
}

int runTrust(const QCommandLineParser& parser)
{
    QString error;
    auto inputs = parser.positionalArguments().mid(1);
    if (inputs.isEmpty())
        return usage(Msg::tr("trust needs a project, judgment files or a cell-level table"));
    const auto format = tableFormat(parser.value(kTableFormat));
    if (!format && !isLatex(parser))
        return usage(unknownFormat(parser));
    const auto kind = parser.value(kTableKind);
    if (kind != "cells" && kind != "gap")
        return usage(Msg::tr("unknown --table '%1' (expected cells or gap)").arg(kind));
    const bool gapTable = kind == "gap";
    if (gapTable && !isLatex(parser))
        return usage(Msg::tr("--table gap needs --format latex"));
    auto settings = trustSettings(parser, &error);
    if (!settings)
        return usage(error);
    BootstrapSettings boot;
    long long number = 0;
    if (!parseInt(parser.value(kCi), 0, &number) || number > 1000000)
        return usage(Msg::tr("--ci needs a number of resamples from 0 to 1000000"));
    boot.resamples = static_cast<int>(number);
    bool ok = false;
    boot.seed = parser.value(kSeed).toULongLong(&ok);
    if (!ok)
        return usage(Msg::tr("--seed needs a non-negative integer"));
    boot.level = parser.value(kLevel).toDouble(&ok);
    if (!ok || !(boot.level > 0 && boot.level < 1))
        return usage(Msg::tr("--level needs a number in (0, 1)"));
    if (!parseInt(parser.value(kThreads), 0, &number) || number > 1024)
        return usage(Msg::tr("--threads needs a number from 0 to 1024"));
    boot.threads = static_cast<int>(number);

    TrustLatexExport latex;
    latex.colour = parser.isSet(kColour);
    latex.standalone = parser.isSet(kStandalone);
    // LaTeX goes through the functions the workbench's export dialog calls (report/trustexport.h), so both
    // write the same bytes for the same options.
    const auto writeLatex = [&](const auto& makeText) -> int {
        std::string text;
        try {
            text = makeText();
        } catch (const std::invalid_argument& e) {
            std::cerr << e.what() << '\n';
            return kBadInput;
        }
        return writeOutput(parser, text);
    };
    // Table 1 layout from the rows written so far; the table states its own variants.
    const auto writeCellsLatex = [&](const TrustTable& written) {
        return writeLatex([&] { return trustCellsLatex(written, latex); });
    };

    if (parser.isSet(kBy) && gapTable)
        return usage(Msg::tr("--by and --table gap cannot be combined"));
    if (isCellTable(inputs)) {
        if (parser.isSet(kBy))
            return usage(Msg::tr("--by needs judgment data; a cell-level table is already one row per cell"));
        if (gapTable)
            return usage(Msg::tr("--table gap needs judgment data; a cell-level table has no T_joint"));
        if (settings->qMode == QMode::Observed)
            return usage(
                Msg::tr("--q observed needs per-pair data; a cell-level table has only C, phi and A"));
        ImportIssue issue;
        auto csv = readCellTableCsv(inputs.front().toStdString(), {}, issue);
        if (!csv) {
            std::cerr << issue.text() << '\n';
            return kBadInput;
        }
        std::cerr << Msg::tr(
                         "note: cell-level table: T and A_max recomputed from the given C, phi, A with q = "
                         "1/2; no intervals, no pair counts")
                         .toStdString()
                  << '\n';
        std::size_t assumed = 0;
        const auto table = cellLevelTrustTable(csv->table, *settings, &assumed);
        if (assumed > 0)
            std::cerr << Msg::tr("note: C = 1 was assumed for %n cell(s) without C (--assume-consistent)",
                                 nullptr, static_cast<int>(assumed))
                             .toStdString()
                      << '\n';
        if (!format)
            return writeCellsLatex(table);
        return writeOutput(parser, writeTrustTable(table, *format));
    }

    int exitCode = kOk;
    auto audit = loadJudgmentAudit(parser, inputs, &exitCode);
    if (!audit)
        return exitCode;
    noteMissingLabels(*audit, LabelScope::PairwiseItems, "A, A_max, T, T_joint", inputs);
    if (parser.isSet(kBy)) {
        TrustTable table;
        if (const int code = fillGroupedRows(*audit, parser.value(kBy), *settings, table); code != kOk)
            return code;
        if (!format)
            return writeCellsLatex(table);
        return writeOutput(parser, writeTrustTable(table, *format));
    }
    const auto results = analyseTrust(*audit, *settings);
    noteSingleRun(results, settings->assumeConsistentWhenSingleRun);
    noteTrustGaps(*audit, results);
    std::vector<TrustCellIntervals> intervals;
    if (boot.resamples > 0)
        intervals = bootstrapTrust(*audit, *settings, boot);
    std::size_t skipped = 0;
    const auto table = auditTrustTable(*audit, results, intervals, *settings, &boot, &skipped);
    if (skipped > 0)
        std::cerr << Msg::tr("note: %n cell(s) without pairwise items left out", nullptr,
                             static_cast<int>(skipped))
                         .toStdString()
                  << '\n';
    if (gapTable)
        return writeLatex([&] { return trustGapLatex(*audit, results, intervals, *settings, boot, latex); });
    if (!format)
        return writeCellsLatex(table);
    return writeOutput(parser, writeTrustTable(table, *format));
}

const Command& trustCommand()
{
    static const Command command{"trust", defineTrust, runTrust, {}, {"cells", "gap"}};
    return command;
}

} // namespace tribunal::cli
