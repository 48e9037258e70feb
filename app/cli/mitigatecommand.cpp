// mitigate: the T12 mitigation replays per cell (metrics.md "Pairwise trust" T12): (a) majority over runs,
// (b) both-order agreement, (c) averaging the two orders' probabilities; next to them the T11 quadrant, its
// mitigation and A_dec at q = 1/2 from the cell's C, phi and A. Every number comes from tribunal_core; this
// file parses options, picks the input kind and writes the table (report/mitigatetable.h).

#include "labelnotes.h"
#include "registry.h"
#include "trustcli_common.h"

#include "analysis/celltrust.h"
#include "analysis/mitigationadvice.h"
#include "analysis/probabilityaveraging.h"
#include "report/mitigatetable.h"

#include <iostream>
#include <string>
#include <vector>

namespace tribunal::cli {
namespace {

// The descriptions are looked up in the catalogue by addOptions() (common.h).
const QCommandLineOption kMitigateFormat("format",
                                         QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                           "Output format: csv (default), md or json."),
                                         "csv|md|json", "csv");
// The same names as the trust commands' options (trustSettings() reads them by name).
const QCommandLineOption kMitigateGoodC(
    "good-c",
    QT_TRANSLATE_NOOP("tribunal::cli::Msg", "Failure map (T11): C counts as good from this value "
                                            "(default 0.9)."),
    "C", "0.9");
const QCommandLineOption kMitigateGoodPhi(
    "good-phi",
    QT_TRANSLATE_NOOP("tribunal::cli::Msg", "Failure map (T11): phi counts as good up to this value "
                                            "(default 0.2)."),
    "PHI", "0.2");

// The labels and the C..A_dec_half columns of one cell.
MitigateRow cellRow(const CellRow& cell, const TrustSettings& settings)
{
    MitigateRow row;
    row.judge = cell.judge;
    row.format = cell.format;
    row.dataset = cell.dataset;
    row.conditions = cell.conditions;
    row.C = cell.C;
    row.phi = cell.phi;
    row.A = cell.A;
    const auto advice = mitigationAdvice(cell.C, cell.phi, cell.A, settings); // T11, T5
    row.quadrant = std::string(advice.quadrantLabel);
    row.mitigation = std::string(advice.mitigation);
    row.aDecHalf = advice.decisiveAccuracyHalf;
    return row;
}

} // namespace

void defineMitigate(CommandParser& parser)
{
    parser.setApplicationDescription(Msg::tr(
        "T12 mitigation replays per cell (metrics.md): (a) majority over runs per presentation, (b) keep a "
        "verdict only where both orders agree (accuracy and coverage), (c) average the two orders' "
        "probabilities (prob_* columns; empty where the cell has no matched runs with probabilities). Then "
        "the cell's C, phi, A, its failure-map quadrant and mitigation (T11) and A_dec_half = (A - phi/2) / "
        "(1 - phi). A cell-level table has no verdicts: its replay columns are empty."));
    parser.addPositionalArgument("input", Msg::tr("A project, judgment files, or a cell-level table."),
                                 "PROJECT_OR_FILE...");
    // --q is read by trustSettings(); A_dec_half is defined with q = 1/2, so only "half" is accepted.
    QCommandLineOption q(kQ);
    q.setFlags(QCommandLineOption::HiddenFromHelp);
    addOptions(parser, {kOut, kMitigateFormat, kInputFormat, kSkipBad, kUnit, kAssume, kMitigateGoodC,
                        kMitigateGoodPhi, q});
}

int runMitigate(const QCommandLineParser& parser)
{
    QString error;
    auto inputs = parser.positionalArguments().mid(1);
    if (inputs.isEmpty())
        return usage(Msg::tr("mitigate needs a project, judgment files or a cell-level table"));
    const auto format = tableFormat(parser.value(kMitigateFormat));
    if (!format)
        return usage(
            Msg::tr("unknown --format '%1' (expected csv, md or json)").arg(parser.value(kMitigateFormat)));
    const auto settings = trustSettings(parser, &error);
    if (!settings)
        return usage(error);
    if (settings->qMode != QMode::Half)
        return usage(Msg::tr("mitigate takes q = 1/2 (A_dec_half); --q observed does not apply"));

    MitigateTable table;
    if (isCellTable(inputs, true)) {
        int exitCode = kOk;
        bool assumed = false;
        auto cells = loadCellTable(parser, inputs, &exitCode, &assumed);
        if (!cells)
            return exitCode;
        std::cerr << Msg::tr("note: a cell-level table has no verdicts: the T12 replay columns (majority_*, "
                             "both_order_*, prob_*) are empty; they need judgment data")
                         .toStdString()
                  << '\n';
        table.conditionNames = cells->conditionNames;
        for (const auto& cell : cells->rows)
            table.rows.push_back(cellRow(cell, *settings));
        return writeOutput(parser, writeMitigateTable(table, *format));
    }

    int exitCode = kOk;
    auto audit = loadJudgmentAudit(parser, inputs, &exitCode);
    if (!audit)
        return exitCode;
    noteMissingLabels(*audit, LabelScope::PairwiseItems,
                      "A, A_dec_half, T, majority_accuracy, both_order_accuracy, prob_one_accuracy, "
                      "prob_both_accuracy",
                      inputs);
    const auto results = analyseTrust(*audit, *settings);
    noteSingleRun(results, settings->assumeConsistentWhenSingleRun);
    std::vector<TrustCellResult> pairwise;
    for (const auto& r : results) {
        if (isPairwiseCell(r))
            pairwise.push_back(r);
    }
    // The same C, phi and A as a cell table written by `trust` and read back (celltrust.h).
    const auto cells = cellTableFromTrust(*audit, pairwise);
    table.conditionNames = cells.conditionNames;
    for (std::size_t i = 0; i < pairwise.size(); ++i) {
        const auto& r = pairwise[i];
        MitigateRow row = cellRow(cells.rows[i], *settings);
        row.pairs = r.pairs;
        row.majorityAccuracy = r.majorityAccuracy;
        row.majorityCoverage = r.majorityCoverage;
        row.bothOrderAccuracy = r.bothOrderAccuracy;
        row.bothOrderCoverage = r.bothOrderCoverage;
        const auto prob = summarizeProbabilityAveraging(*audit, audit->itemRunsOf(audit->cells()[r.cell]));
        if (prob.matchedRuns > 0) { // (c) only for cells with probabilities in both orders
            row.probMatchedRuns = static_cast<double>(prob.matchedRuns);
            row.probOneAccuracy = prob.oneAccuracy;
            row.probOneCoverage = prob.oneCoverage;
            row.probBothAccuracy = prob.bothAccuracy;
            row.probBothCoverage = prob.bothCoverage;
            row.probAgreement = prob.agreement;
            row.probChange = prob.change;
        }
        table.rows.push_back(std::move(row));
    }
    return writeOutput(parser, writeMitigateTable(table, *format));
}

const Command& mitigateCommand()
{
    static const Command command{"mitigate", defineMitigate, runMitigate, {}, {}};
    return command;
}

} // namespace tribunal::cli
