// plan: what a design will cost before it runs (requests, tokens, USD, duration: judging/auditdesign.h) and
// how precise its C, phi, A and T will be (the precision planner, analysis/precisionplanner.h). This file
// parses options and prints; the numbers come from core.

#include "common.h"
#include "designcli_common.h"
#include "registry.h"
#include "rubriccli_common.h"
#include "trustcli_common.h"

#include "analysis/precisionplanner.h"
#include "judging/auditdesign.h"
#include "report/plantable.h"

#include <algorithm>
#include <iostream>

namespace tribunal::cli {

namespace {

// The descriptions are looked up in the catalogue by addOptions() (common.h).
const QCommandLineOption kRates(
    "rates",
    QT_TRANSLATE_NOOP("tribunal::cli::Msg", "Assumed rates C,PHI,A (e.g. from a pilot) of the judge to plan "
                                            "for. Default: the simulated judge a = 0.8, b = 0.1, k = 0.95."),
    "C,PHI,A");
const QCommandLineOption kPilotRuns(
    "pilot-runs",
    QT_TRANSLATE_NOOP("tribunal::cli::Msg", "Runs at which --rates were measured (default: each planned "
                                            "R)."),
    "R");
const QCommandLineOption
    kItems("items",
           QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                             "Item counts to plan for (default: the design's pairwise items)."),
           "N,...");
const QCommandLineOption kRunsGrid("runs",
                                   QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                     "Run counts to plan for (default: the design's runs)."),
                                   "R,...");
const QCommandLineOption kSimulations("simulations",
                                      QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                        "Simulated audits per design point (default 400)."),
                                      "S", "400");
const QCommandLineOption
    kPlanSeed("seed", QT_TRANSLATE_NOOP("tribunal::cli::Msg", "Seed of the simulations (default 20261129)."),
              "SEED", "20261129");
const QCommandLineOption kPlanLevel("level",
                                    QT_TRANSLATE_NOOP("tribunal::cli::Msg", "Interval level (default 0.95)."),
                                    "LEVEL", "0.95");
const QCommandLineOption kTargetWidth(
    "target-width",
    QT_TRANSLATE_NOOP("tribunal::cli::Msg", "Full interval width to reach: adds the smallest item count "
                                            "that reaches it per metric and run count."),
    "W");

std::optional<std::vector<int>> intList(const QCommandLineParser& parser, const QCommandLineOption& option,
                                        int lo, int hi, QString* error)
{
    std::vector<int> out;
    for (const QString& part : parser.value(option).split(',')) {
        bool ok = false;
        const int value = part.trimmed().toInt(&ok);
        if (!ok || value < lo || value > hi) {
            *error = Msg::tr("--%1: '%2' is not a list of whole numbers in [%3, %4]")
                         .arg(option.names().constFirst(), parser.value(option))
                         .arg(lo)
                         .arg(hi);
            return std::nullopt;
        }
        out.push_back(value);
    }
    return out;
}

} // namespace

void definePlan(CommandParser& parser)
{
    parser.setApplicationDescription(Msg::tr(
        "Plans a design before it runs: prints (stderr) its requests, estimated tokens, cost and "
        "duration, and writes the expected interval widths of C, phi, A and T for each item count and "
        "run count, by simulating the assumed judge (analysis/precisionplanner.h; docs/judging.md)."));
    parser.addPositionalArgument("design", Msg::tr("The design file (JSON)."), "DESIGN.json");
    addOptions(parser, {kOut, kFlatFormat, kRates, kPilotRuns, kItems, kRunsGrid, kSimulations, kPlanSeed,
                        kPlanLevel, kThreads, kTargetWidth});
}

int runPlan(const QCommandLineParser& parser)
{
    QString error;
    const auto positional = parser.positionalArguments().mid(1);
    if (positional.size() != 1)
        return usage(Msg::tr("plan needs exactly one design file"));
    if (isLatex(parser))
        return usage(Msg::tr("plan has no --format latex (expected csv, md or json)"));
    const auto format = flatFormat(parser);
    if (!format)
        return usage(unknownFlatFormat(parser));

    PrecisionPlanSettings settings;
    if (parser.isSet(kRates)) {
        const QStringList parts = parser.value(kRates).split(',');
        bool ok = parts.size() == 3;
        SimTrustRates target;
        double* fields[] = {&target.consistency, &target.flipRate, &target.accuracy};
        for (int i = 0; ok && i < 3; ++i) {
            *fields[i] = parts[i].trimmed().toDouble(&ok);
            ok = ok && *fields[i] >= 0.0 && *fields[i] <= 1.0;
        }
        if (!ok)
            return usage(
                Msg::tr("--rates: '%1' is not C,PHI,A with each in [0, 1]").arg(parser.value(kRates)));
        settings.rates = target;
    }
    if (parser.isSet(kPilotRuns)) {
        const auto pilot = wholeNumberOption(parser, kPilotRuns, 1, kPlanMaxRuns, &error);
        if (!pilot)
            return usage(error);
        settings.ratesRuns = static_cast<int>(*pilot);
    }
    const auto simulations = wholeNumberOption(parser, kSimulations, 10, kPlanMaxSimulations, &error);
    const auto level = simulations ? realOption(parser, kPlanLevel, 0, 1, true, true, &error) : std::nullopt;
    const auto threads = level ? wholeNumberOption(parser, kThreads, 0, 1024, &error) : std::nullopt;
    if (!simulations || !level || !threads)
        return usage(error);
    bool seedOk = false;
    settings.seed = parser.value(kPlanSeed).toULongLong(&seedOk);
    if (!seedOk)
        return usage(Msg::tr("--seed: '%1' is not a whole number >= 0").arg(parser.value(kPlanSeed)));
    settings.simulations = static_cast<int>(*simulations);
    settings.level = *level;
    settings.threads = static_cast<int>(*threads);
    if (parser.isSet(kTargetWidth)) {
        const auto width = realOption(parser, kTargetWidth, 0, 1, true, false, &error);
        if (!width)
            return usage(error);
        settings.targetWidth = *width;
    }

    int exitCode = kOk;
    const auto loaded = loadDesign(positional[0], &exitCode);
    if (!loaded)
        return exitCode;
    const AuditDesign* design = &loaded->design;
    const AuditPtr& items = loaded->items;
    const DesignExpansion expansion = expandDesign(*design, *items);
    printDesignEstimate(*design, estimateDesign(*design, *items, expansion), std::cerr);

    int pairwise = 0, labelled = 0;
    for (std::uint32_t row : expansion.items)
        if (items->items().kind[row] == TaskKind::Pairwise) {
            ++pairwise;
            const Answer label = items->items().label[row];
            labelled += label == answer::kA || label == answer::kB ? 1 : 0;
        }
    if (parser.isSet(kItems)) {
        const auto grid = intList(parser, kItems, 2, kPlanMaxItems, &error);
        if (!grid)
            return usage(error);
        settings.itemGrid = *grid;
    } else if (pairwise < 2) {
        std::cerr << Msg::tr("%1: the design has fewer than 2 pairwise items; give --items to plan precision")
                         .arg(positional[0])
                         .toStdString()
                  << '\n';
        return kBadInput;
    }
    if (parser.isSet(kRunsGrid)) {
        const auto grid = intList(parser, kRunsGrid, 1, kPlanMaxRuns, &error);
        if (!grid)
            return usage(error);
        settings.runGrid = *grid;
    }
    settings.items = std::max(pairwise, 2);
    settings.runs = design->runs;
    if (pairwise > 0 && labelled > 0)
        settings.labelledShare = static_cast<double>(labelled) / pairwise;
    std::string planError;
    const auto plan = planPrecision(settings, &planError);
    if (!plan) {
        printError(planError);
        return kBadInput;
    }
    std::string text = writeFlatTable(planTable(*plan), *format);
    if (plan->targetWidth)
        text += "\n" + writeFlatTable(planTargetTable(*plan), *format);
    return writeOutput(parser, text);
}

const Command& planCommand()
{
    static const Command command{"plan", definePlan, runPlan, {}, {}};
    return command;
}

} // namespace tribunal::cli
