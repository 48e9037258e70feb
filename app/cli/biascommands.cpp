// bias, calibration: the bias tests B1-B13 (metrics.md "Bias tests") on the command line. Every number comes
// from tribunal_core (analysis/biasanalysis.h, analysis/calibration.h); this file parses options and writes
// (report/biastables.h, report/biaslatex.h).

#include "labelnotes.h"
#include "registry.h"
#include "trustcli_common.h"

#include "analysis/biasanalysis.h"
#include "analysis/calibration.h"
#include "report/biaslatex.h"
#include "report/biastables.h"
#include "report/latex.h"

#include <cmath>
#include <iostream>
#include <optional>
#include <stdexcept>

namespace tribunal::cli {
namespace {

const QCommandLineOption kMargin("margin",
                                 QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                   "B4 margin delta of the bias verdict (default 0.05)."),
                                 "DELTA", "0.05");
const QCommandLineOption kMargins("margins",
                                  QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                    "B6 margins of the count table, comma-separated (default "
                                                    "0.02,0.05,0.10)."),
                                  "LIST", "0.02,0.05,0.10");
const QCommandLineOption kResamples("resamples",
                                    QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                      "B4 bootstrap resamples over items (default 2000)."),
                                    "N", "2000");
const QCommandLineOption kPermutations("permutations",
                                       QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                         "B5 sign-flip permutations (default 10000)."),
                                       "N", "10000");
const QCommandLineOption
    kSeed("seed",
          QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                            "Seed of the bootstrap and permutation streams (default 20261129)."),
          "SEED", "20261129");
const QCommandLineOption kLevel("level",
                                QT_TRANSLATE_NOOP("tribunal::cli::Msg", "Interval level (default 0.95)."),
                                "LEVEL", "0.95");
const QCommandLineOption
    kFdr("fdr", QT_TRANSLATE_NOOP("tribunal::cli::Msg", "B5 Benjamini-Hochberg FDR level (default 0.05)."),
         "Q", "0.05");
const QCommandLineOption
    kShiftThreshold("shift-threshold",
                    QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                      "B8: a verdict that stays counts as moved when |Delta p| exceeds this "
                                      "(default 0.10)."),
                    "P", "0.10");
const QCommandLineOption
    kThreads("threads", QT_TRANSLATE_NOOP("tribunal::cli::Msg", "Worker threads (default: all cores)."), "N",
             "0");
const QCommandLineOption kTable("table",
                                QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                  "Which table: excess (default; B1-B5, B7, B8, B10), counts "
                                                  "(B6), confidence (B9), agreement (B12) or cost (B13)."),
                                "excess|counts|confidence|agreement|cost", "excess");

std::optional<BiasSettings> biasSettings(const QCommandLineParser& parser, QString* error)
{
    BiasSettings s;
    const auto margin = realOption(parser, kMargin, 0, 1, false, true, error);
    const auto level = realOption(parser, kLevel, 0, 1, true, true, error);
    const auto fdr = realOption(parser, kFdr, 0, 1, true, true, error);
    const auto shift = realOption(parser, kShiftThreshold, 0, 1, false, true, error);
    const auto resamples = wholeNumberOption(parser, kResamples, 1, 1'000'000, error);
    const auto permutations = wholeNumberOption(parser, kPermutations, 1, 100'000'000, error);
    bool seedOk = false;
    const auto seed = parser.value(kSeed).toULongLong(&seedOk);
    if (!seedOk)
        *error = Msg::tr("--seed: '%1' is not a whole number >= 0").arg(parser.value(kSeed));
    if (!margin || !level || !fdr || !shift || !resamples || !permutations || !seedOk)
        return std::nullopt;
    s.margin = *margin;
    s.level = *level;
    s.fdrLevel = *fdr;
    s.probabilityShift = *shift;
    s.resamples = static_cast<int>(*resamples);
    s.permutations = static_cast<int>(*permutations);
    s.seed = seed;
    s.countMargins.clear();
    for (const QString& part : parser.value(kMargins).split(',', Qt::SkipEmptyParts)) {
        bool ok = false;
        const double value = part.trimmed().toDouble(&ok);
        if (!ok || !(value >= 0 && value < 1)) {
            *error = Msg::tr("--margins: '%1' is not a number in [0, 1)").arg(part.trimmed());
            return std::nullopt;
        }
        s.countMargins.push_back(value);
    }
    if (s.countMargins.empty()) {
        *error = Msg::tr("--margins: no margin given");
        return std::nullopt;
    }
    return s;
}

/// Notes on stderr about rows whose design is incomplete (data-format.md "Bad input": say what was left out).
/// Rows without CR are named one by one; items left out for a missing second run are summed into one line
/// (the one_run column has them per row), since a failed request here and there touches many rows.
void noteDesign(const Audit& audit, const BiasAnalysis& analysis)
{
    for (const std::string& problem : analysis.design.problems)
        std::cerr << Msg::tr("note: %1").arg(QString::fromStdString(problem)).toStdString() << '\n';
    std::size_t noItems = 0, oneRunRows = 0, oneRunItems = 0;
    for (std::size_t i = 0; i < analysis.design.rows.size(); ++i) {
        const BiasRow& row = analysis.design.rows[i];
        if (analysis.excess[i].verdict == BiasVerdict::CrUnavailable) {
            std::cerr << Msg::tr("note: %1: CR unavailable (every original prompt has one answered run); "
                                 "RR only")
                             .arg(QString::fromStdString(describeBiasRow(audit, row.key)))
                             .toStdString()
                      << '\n';
        } else if (analysis.excess[i].verdict == BiasVerdict::NoItems) {
            ++noItems;
        } else if (row.gaps.oneRun > 0) {
            ++oneRunRows;
            oneRunItems += row.gaps.oneRun;
        }
    }
    if (oneRunRows > 0)
        std::cerr << Msg::tr("note: %1 item(s) in %2 row(s) left out: original prompt with one answered run "
                             "(column one_run)")
                         .arg(oneRunItems)
                         .arg(oneRunRows)
                         .toStdString()
                  << '\n';
    if (noItems > 0)
        std::cerr << Msg::tr("note: %n row(s) have no item with answered original and perturbed verdicts",
                             nullptr, static_cast<int>(noItems))
                         .toStdString()
                  << '\n';
}

} // namespace

void defineBias(CommandParser& parser)
{
    parser.setApplicationDescription(
        Msg::tr("Bias tests (metrics.md B1-B13): per (judge, format, test, version) the robustness rate RR, "
                "the consistency rate CR, the excess E = CR - RR with its bootstrap interval and verdict "
                "against the margin, the sign-flip permutation p-value with the Benjamini-Hochberg "
                "correction, the probability shift and the direction of the cue."));
    parser.addPositionalArgument("input", Msg::tr("A project or judgment files with bias-test judgments."),
                                 "PROJECT_OR_FILE...");
    addOptions(parser, {kOut, kTableFormat, kStandalone, kInputFormat, kSkipBad, kTable, kMargin, kMargins,
                        kResamples, kPermutations, kSeed, kLevel, kFdr, kShiftThreshold, kThreads});
}

int runBias(const QCommandLineParser& parser)
{
    QString error;
    const auto inputs = parser.positionalArguments().mid(1);
    if (inputs.isEmpty())
        return usage(Msg::tr("bias needs a project or judgment files"));
    const bool latex = isLatex(parser);
    const auto format = tableFormat(parser.value(kTableFormat));
    if (!latex && !format)
        return usage(unknownFormat(parser));
    const QString table = parser.value(kTable);
    if (!QStringList{"excess", "counts", "confidence", "agreement", "cost"}.contains(table))
        return usage(Msg::tr("unknown --table '%1' (expected excess, counts, confidence, agreement or cost)")
                         .arg(table));
    if (latex && table != "excess" && table != "counts")
        return usage(Msg::tr("no LaTeX table for --table %1 (LaTeX: excess or counts)").arg(table));
    const auto settings = biasSettings(parser, &error);
    if (!settings)
        return usage(error);
    const auto threads = wholeNumberOption(parser, kThreads, 0, 1024, &error);
    if (!threads)
        return usage(error);

    int exitCode = kOk;
    const AuditPtr audit = loadJudgmentAudit(parser, inputs, &exitCode);
    if (!audit)
        return exitCode;
    if (table == "cost")
        return writeOutput(parser, writeFlatTable(judgeCostTable(*audit, analyseJudgeCost(*audit)), *format));

    const BiasAnalysis analysis = analyseBias(*audit, *settings, static_cast<unsigned>(*threads));
    if (analysis.design.empty()) {
        std::cerr << Msg::tr("no bias-test judgments in the input (no judgment has variant 'perturbed')")
                         .toStdString()
                  << '\n';
        return kBadInput;
    }
    noteDesign(*audit, analysis);
    std::string text;
    if (latex) {
        text = table == "excess" ? biasExcessLatex(*audit, analysis) : biasCountLatex(*audit, analysis);
        if (parser.isSet(kStandalone))
            text = latexStandaloneDocument(text);
    } else if (table == "excess") {
        text = writeFlatTable(biasExcessTable(*audit, analysis), *format);
    } else if (table == "counts") {
        text = writeFlatTable(biasCountTable(*audit, analysis), *format);
    } else if (table == "confidence") {
        text = writeFlatTable(flipsByConfidenceTable(*audit, analysis), *format);
    } else {
        text = writeFlatTable(flipAgreementTable(*audit, analysis), *format);
    }
    return writeOutput(parser, text);
}

const QCommandLineOption kReliability("reliability",
                                      QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                        "Write the reliability diagram points (bin, count, "
                                                        "mean confidence, accuracy) instead of the "
                                                        "summary."));
const QCommandLineOption kBins("bins",
                               QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                 "Equal-width confidence bins of the ECE (default 10)."),
                               "N", "10");

void defineCalibration(CommandParser& parser)
{
    parser.setApplicationDescription(
        Msg::tr("Calibration of pairwise judges that return probabilities (metrics.md B11): per judge and "
                "format the accuracy, mean confidence, ECE, Brier score and log loss on the original prompts "
                "(every pairwise judgment when the audit has no bias-test design); --reliability writes the "
                "reliability points."));
    parser.addPositionalArgument("input", Msg::tr("A project or judgment files."), "PROJECT_OR_FILE...");
    addOptions(parser, {kOut, kTableFormat, kStandalone, kInputFormat, kSkipBad, kReliability, kBins});
}

int runCalibration(const QCommandLineParser& parser)
{
    QString error;
    const auto inputs = parser.positionalArguments().mid(1);
    if (inputs.isEmpty())
        return usage(Msg::tr("calibration needs a project or judgment files"));
    const bool latex = isLatex(parser);
    const auto format = tableFormat(parser.value(kTableFormat));
    if (!latex && !format)
        return usage(unknownFormat(parser));
    if (latex && parser.isSet(kReliability))
        return usage(Msg::tr("no LaTeX table for --reliability (LaTeX: the calibration summary)"));
    const auto binCount = wholeNumberOption(parser, kBins, 1, 1000, &error);
    if (!binCount)
        return usage(error);

    int exitCode = kOk;
    const AuditPtr audit = loadJudgmentAudit(parser, inputs, &exitCode);
    if (!audit)
        return exitCode;
    noteMissingLabels(*audit, LabelScope::PairwiseItems, "n, accuracy, ECE, brier, log_loss", inputs);
    const auto results = analyseCalibration(*audit, static_cast<int>(*binCount));
    if (results.empty()) {
        std::cerr
            << Msg::tr("no judgment with a probability on a pairwise item labelled A or B").toStdString()
            << '\n';
        return kBadInput;
    }
    std::string text;
    if (latex) {
        text = calibrationLatex(*audit, results);
        if (parser.isSet(kStandalone))
            text = latexStandaloneDocument(text);
    } else {
        text = writeFlatTable(parser.isSet(kReliability) ? reliabilityTable(*audit, results)
                                                         : calibrationTable(*audit, results),
                              *format);
    }
    return writeOutput(parser, text);
}

const Command& biasCommand()
{
    static const Command command{"bias", defineBias, runBias, {}, {"excess", "counts"}};
    return command;
}

const Command& calibrationCommand()
{
    static const Command command{"calibration", defineCalibration, runCalibration, {}, {""}};
    return command;
}

} // namespace tribunal::cli
