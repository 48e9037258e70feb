// rubric, compare: the rubric-judge metrics R1-R7 (metrics.md "Rubric judges") on the command line. Every
// number comes from tribunal_core (analysis/rubricagreement.h, raterreference.h, levelshift.h,
// rubricconfusion.h, judgecomparison.h); this file parses options and writes (report/rubrictables.h,
// report/rubricdetailtables.h, report/rubriclatex.h).

#include "labelnotes.h"
#include "registry.h"
#include "rubriccli_common.h"
#include "trustcli_common.h"

#include "analysis/judgecomparison.h"
#include "analysis/rubricconfusion.h"
#include "report/latex.h"
#include "report/rubricdetailtables.h"
#include "report/rubriclatex.h"
#include "report/rubrictables.h"

#include <cmath>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string_view>

namespace tribunal::cli {
namespace {

/// What `rubric --table` writes: the R2-R6 agreement rows, the confusion matrices or the R5 shift curves.
enum class RubricTable { Agreement, Confusion, Shifts };

std::optional<RubricTable> rubricTableKind(const QString& name, QString* error)
{
    if (name == "agreement")
        return RubricTable::Agreement;
    if (name == "confusion")
        return RubricTable::Confusion;
    if (name == "shifts")
        return RubricTable::Shifts;
    *error = Msg::tr("unknown --table '%1' (expected agreement, confusion or shifts)").arg(name);
    return std::nullopt;
}

QString qString(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

} // namespace

const QCommandLineOption kQwk("qwk",
                              QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                "With --format latex: print the QWK next to each accuracy."));
const QCommandLineOption kTable(
    "table",
    QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                      "What to write: agreement (default; R2-R6 per criterion), confusion (label x predicted "
                      "counts) or shifts (R5 accuracy per level shift)."),
    "agreement|confusion|shifts", "agreement");

void defineRubric(CommandParser& parser)
{
    parser.setApplicationDescription(Msg::tr(
        "Rubric judges (metrics.md R1-R6): per judge, format, panel and criterion the agreement with the "
        "raters' label (ordinal: exact and within-one accuracy, QWK, offset, slope; binary: accuracy, kappa, "
        "MET-rate offset, FPR, FNR), the gap to the raters' own leave-one-out agreement, the level shift and "
        "the constant baseline. --table confusion writes every judge's confusion matrices (one row per "
        "label and predicted level, with the NA and failed answers per label), --table shifts the "
        "level-shift accuracy curves (one row per shift)."));
    parser.addPositionalArgument(
        "input", Msg::tr("A project or judgment files with binary or ordinal items."), "PROJECT_OR_FILE...");
    addOptions(parser, {kOut, kTableFormat, kStandalone, kInputFormat, kSkipBad, kRounding, kQwk, kTable});
}

int runRubric(const QCommandLineParser& parser)
{
    QString error;
    int exitCode = kOk;
    const auto inputs = commonChecks(parser, "rubric", &exitCode);
    if (!inputs)
        return exitCode;
    const auto rule = rounding(parser, &error);
    if (!rule)
        return usage(error);
    if (parser.isSet(kQwk) && !isLatex(parser))
        return usage(Msg::tr("--qwk needs --format latex"));
    const auto tableKind = rubricTableKind(parser.value(kTable), &error);
    if (!tableKind)
        return usage(error);
    if (*tableKind != RubricTable::Agreement && isLatex(parser))
        return usage(
            Msg::tr("--table %1 has no --format latex (expected csv, md or json)").arg(parser.value(kTable)));

    const AuditPtr audit = loadJudgmentAudit(parser, *inputs, &exitCode);
    if (!audit)
        return exitCode;
    if (!hasRubricItems(*audit))
        return noRubricItems();
    noteMissingLabels(
        *audit, LabelScope::RubricItems,
        *tableKind == RubricTable::Confusion ? "count, label_n, n"
        : *tableKind == RubricTable::Shifts
            ? "accuracy"
            : "exact, within_one, qwk, offset, slope, accuracy, kappa, met_rate_offset, fpr, fnr, "
              "gap_to_reference",
        *inputs);
    const RubricAgreementSettings settings{*rule};
    if (*tableKind == RubricTable::Confusion)
        return writeOutput(parser,
                           writeFlatTable(confusionTable(*audit, analyseRubricConfusion(*audit, settings)),
                                          *tableFormat(parser.value(kTableFormat))));
    if (*tableKind == RubricTable::Shifts)
        return writeOutput(parser,
                           writeFlatTable(shiftCurveTable(*audit, analyseLevelShifts(*audit, settings)),
                                          *tableFormat(parser.value(kTableFormat))));
    const RubricReport report = analyseRubric(*audit, settings);
    std::string text;
    if (isLatex(parser)) {
        if (report.rows.empty()) {
            std::cerr << Msg::tr("no rubric judgments in the input (the rubric items have no judgment)")
                             .toStdString()
                      << '\n';
            return kBadInput;
        }
        RubricLatexOptions options;
        options.qwk = parser.isSet(kQwk);
        text = rubricAccuracyLatex(*audit, report, options);
        if (parser.isSet(kStandalone))
            text = latexStandaloneDocument(text);
    } else {
        text = writeFlatTable(rubricTable(*audit, report), *tableFormat(parser.value(kTableFormat)));
    }
    return writeOutput(parser, text);
}

const QCommandLineOption kJudgesOption(
    "judges",
    QT_TRANSLATE_NOOP("tribunal::cli::Msg", "The judges to compare, comma-separated (at least two)."),
    "J1,J2,...");
const QCommandLineOption
    kPanelOption("panel", QT_TRANSLATE_NOOP("tribunal::cli::Msg", "Only this panel (dataset)."), "NAME");
const QCommandLineOption
    kResamples("resamples", QT_TRANSLATE_NOOP("tribunal::cli::Msg", "Bootstrap resamples (default 10000)."),
               "N", "10000");
const QCommandLineOption kSeed("seed",
                               QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                 "Seed of the bootstrap streams (default 20261129)."),
                               "SEED", "20261129");
const QCommandLineOption kMargin("margin",
                                 QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                   "Parity margin as a proportion (default 0.05)."),
                                 "M", "0.05");
const QCommandLineOption
    kCluster("cluster",
             QT_TRANSLATE_NOOP("tribunal::cli::Msg", "Also run the cluster bootstrap over: group."), "group");

void defineCompare(CommandParser& parser)
{
    parser.setApplicationDescription(Msg::tr(
        "Paired comparison of rubric judges (metrics.md R7): for every two judges of --judges, per panel and "
        "format, the accuracy difference on the pairs both scored with its unit-bootstrap intervals and "
        "outcome (separated, parity, inconclusive), the exact McNemar and sign tests, all p-values "
        "Holm-adjusted over the comparisons of the command."));
    parser.addPositionalArgument(
        "input", Msg::tr("A project or judgment files with binary or ordinal items."), "PROJECT_OR_FILE...");
    addOptions(parser, {kOut, kTableFormat, kStandalone, kInputFormat, kSkipBad, kRounding, kJudgesOption,
                        kPanelOption, kResamples, kSeed, kMargin, kCluster, kThreads});
}

int runCompare(const QCommandLineParser& parser)
{
    QString error;
    int exitCode = kOk;
    const auto inputs = commonChecks(parser, "compare", &exitCode);
    if (!inputs)
        return exitCode;
    if (!parser.isSet(kJudgesOption))
        return usage(Msg::tr("compare needs --judges J1,J2,..."));
    QStringList judgeNames;
    for (const QString& part : parser.value(kJudgesOption).split(',', Qt::SkipEmptyParts)) {
        const QString name = part.trimmed();
        if (judgeNames.contains(name))
            return usage(Msg::tr("--judges: '%1' is listed twice").arg(name));
        judgeNames.push_back(name);
    }
    if (judgeNames.size() < 2)
        return usage(Msg::tr("--judges: at least two judges needed"));
    const auto rule = rounding(parser, &error);
    if (!rule)
        return usage(error);
    PairedSettings paired;
    const auto b = wholeNumberOption(parser, kResamples, 1, 10'000'000, &error);
    if (!b)
        return usage(error);
    paired.resamples = static_cast<int>(*b);
    bool seedOk = false;
    paired.seed = parser.value(kSeed).toULongLong(&seedOk);
    if (!seedOk)
        return usage(Msg::tr("--seed: '%1' is not a whole number >= 0").arg(parser.value(kSeed)));
    bool marginOk = false;
    paired.margin = parser.value(kMargin).toDouble(&marginOk);
    if (!marginOk || !std::isfinite(paired.margin) || paired.margin < 0 || paired.margin >= 1)
        return usage(Msg::tr("--margin: '%1' is not a number in [0, 1)").arg(parser.value(kMargin)));
    paired.clusterBootstrap = parser.isSet(kCluster);
    if (paired.clusterBootstrap && parser.value(kCluster) != "group")
        return usage(Msg::tr("unknown --cluster '%1' (expected group)").arg(parser.value(kCluster)));
    const auto threads = wholeNumberOption(parser, kThreads, 0, 1024, &error);
    if (!threads)
        return usage(error);
    paired.threads = static_cast<int>(*threads);

    const AuditPtr audit = loadJudgmentAudit(parser, *inputs, &exitCode);
    if (!audit)
        return exitCode;
    if (!hasRubricItems(*audit))
        return noRubricItems();
    noteMissingLabels(*audit, LabelScope::RubricItems,
                      "diff, accuracy1, accuracy2, p_boot, p_mcnemar, p_sign", *inputs);
    const auto judges = judgeIds(*audit, judgeNames, &exitCode);
    if (!judges)
        return exitCode;
    const auto panel = namedPanel(*audit, parser, kPanelOption, &exitCode);
    if (!panel)
        return exitCode;
    const JudgeComparisonSettings settings{*rule};
    const std::vector<JudgeComparison> comparisons = compareJudges(*audit, *judges, *panel, settings, paired);
    if (comparisons.empty()) {
        std::cerr << Msg::tr("no panel and format in which two of the judges both judged rubric items")
                         .toStdString()
                  << '\n';
        return kBadInput;
    }
    for (const JudgeComparison& c : comparisons)
        if (c.pairs.pairs.empty())
            std::cerr << Msg::tr("note: %1 and %2 scored no common pair on panel %3, format %4 (outcome "
                                 "undefined, outside the Holm family)")
                             .arg(qString(audit->str(c.first.judge)), qString(audit->str(c.second.judge)),
                                  qString(audit->str(c.dataset)), qString(audit->str(c.first.format)))
                             .toStdString()
                      << '\n';
    std::string text;
    if (isLatex(parser)) {
        text = pairedComparisonLatex(*audit, comparisons, paired, settings);
        if (parser.isSet(kStandalone))
            text = latexStandaloneDocument(text);
    } else {
        text = writeFlatTable(compareTable(*audit, comparisons, paired.clusterBootstrap),
                              *tableFormat(parser.value(kTableFormat)));
    }
    return writeOutput(parser, text);
}

const Command& rubricCommand()
{
    static const Command command{"rubric", defineRubric, runRubric, {}, {"agreement"}};
    return command;
}

const Command& compareCommand()
{
    static const Command command{"compare", defineCompare, runCompare, {"judges"}, {""}};
    return command;
}

} // namespace tribunal::cli
