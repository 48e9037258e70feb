// simulate: synthetic audits for benchmarks and scale tests (`simulate audit`), a bias-test audit with
// stated true values (`simulate bias`, docs/bias-simulation.md) and a rubric audit with stated true values
// (`simulate rubric`, docs/rubric-simulation.md), and a trust audit in seed 000's design with stated true
// values (`simulate trust`, docs/trust-simulation.md).

#include "common.h"
#include "labelnotes.h"
#include "registry.h"

#include "analysis/auditsimulator.h"
#include "analysis/biassimulator.h"
#include "analysis/rubricsimulator.h"
#include "analysis/trustsimulator.h"
#include "io/exporter.h"
#include "io/outputfile.h"
#include "io/project/projectfile.h"

#include <QFileInfo>

#include <iostream>

namespace tribunal::cli {
namespace {

const QString kAuditForm = "simulate audit --judgments N [--runs R] [--seed S] -o FILE";
const QString kBiasForm =
    "simulate bias [--judges J] [--items N] [--seed S] [--s S] [--truth FILE.csv] -o FILE";
const QString kRubricForm = "simulate rubric [--judges J] [--units N] [--seed S] [--truth FILE.csv] -o FILE";
const QString kTrustForm = "simulate trust [--pairs N] [--runs R] [--seed S] [--truth FILE.csv] -o FILE";

/// Writes `audit` to `path` in the format its extension names (.csv, .tribunal, else JSONL: the items go to
/// itemsPathFor(path) beside it).
bool writeAudit(const Audit& audit, const QString& path, std::string* error)
{
    const auto file = path.toStdString();
    if (path.endsWith(".csv"))
        return exportFlatCsv(audit, file, error);
    if (path.endsWith(".tribunal")) {
        std::optional<ProjectLockHolder> holder;
        const auto lock = ProjectLock::acquire(file, "simulate", &holder);
        if (!lock) {
            *error = lockRefusal(path, *holder).toStdString();
            return false;
        }
        return ProjectFile::save(file, audit, {}, error);
    }
    return exportJsonl(audit, file, error);
}

/// After the "wrote" line: how to make a project of a file written by writeAudit() (a project needs none).
void noteWritten(const QString& path)
{
    if (!path.endsWith(".tribunal"))
        noteReimport(path.toStdString(), !path.endsWith(".csv"));
}

int runSimulateAudit(const QCommandLineParser& parser, const QCommandLineOption& judgments,
                     const QCommandLineOption& runs, const QCommandLineOption& seed,
                     const QCommandLineOption& out)
{
    bool okN = false, okR = false, okS = false;
    AuditSimulation settings;
    settings.judgments = parser.value(judgments).toULongLong(&okN);
    settings.runs = parser.value(runs).toInt(&okR);
    settings.seed = parser.value(seed).toULongLong(&okS);
    if (!okN || !okR || !okS || settings.runs < 1 || settings.runs > 1000)
        return usage(Msg::tr("--judgments, --runs (1..1000) and --seed take non-negative integers"));
    auto audit = simulateAudit(settings);
    std::string writeError;
    if (!writeAudit(*audit, parser.value(out), &writeError)) {
        printError(writeError);
        return kUsage;
    }
    std::cout << "wrote a simulated audit of " << audit->judgmentCount() << " judgments to "
              << parser.value(out).toStdString() << '\n';
    noteWritten(parser.value(out));
    return kOk;
}

// Options of `simulate bias` and `simulate rubric` (--judges and --truth are shared; the range of --judges
// differs and is checked per form).
struct SimulateOptions {
    // The descriptions are looked up in the catalogue by addOptions() (common.h).
    QCommandLineOption judges{
        "judges",
        QT_TRANSLATE_NOOP("tribunal::cli::Msg", "simulate bias: judges, 1..32; simulate rubric: 3..16."), "J",
        "4"};
    QCommandLineOption items{
        "items",
        QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                          "simulate bias: items, each judged under every test, 1..20000."),
        "N", "60"};
    QCommandLineOption s{"s",
                         QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                           "simulate bias: s of every test instead of drawn values (0 = no "
                                           "bias), in [0, 1]."),
                         "S"};
    QCommandLineOption truth{
        "truth",
        QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                          "simulate bias / rubric / trust: write the true values to this CSV file."),
        "FILE.csv"};
    QCommandLineOption units{
        "units",
        QT_TRANSLATE_NOOP("tribunal::cli::Msg", "simulate rubric: units (5 criteria each), 1..20000."), "N",
        "200"};
    QCommandLineOption pairs{
        "pairs",
        QT_TRANSLATE_NOOP("tribunal::cli::Msg", "simulate trust: labelled pairs per dataset, 1..20000."), "N",
        "100"};
};

/// Writes `csv` to `path` by the output policy of io/outputfile.h; false (and the message on stderr) when it
/// cannot.
bool writeTruth(const QString& path, const std::string& csv)
{
    std::string error;
    if (!writeOutputFile(path.toStdString(), csv, &error)) {
        printError(error);
        return false;
    }
    return true;
}

/// Writes a simulated audit to `out` (writeAudit), says so ("wrote a simulated <what> of N judgments
/// (<shape>) to FILE"), notes what a flat CSV loses and how to make a project; false (and the message on
/// stderr) when it cannot write.
bool writeSimulated(const Audit& audit, const QString& out, const std::string& what, const std::string& shape)
{
    std::string writeError;
    if (!writeAudit(audit, out, &writeError)) {
        printError(writeError);
        return false;
    }
    std::cout << "wrote a simulated " << what << " of " << audit.judgmentCount() << " judgments (" << shape
              << ") to " << out.toStdString() << '\n';
    if (out.endsWith(".csv"))
        std::cerr << Msg::tr("note: a flat CSV keeps neither the item texts nor the prompts; write .jsonl or "
                             ".tribunal to keep them")
                         .toStdString()
                  << '\n';
    noteWritten(out);
    return true;
}

int runSimulateBias(const QCommandLineParser& parser, const SimulateOptions& options,
                    const QCommandLineOption& seed, const QCommandLineOption& out)
{
    BiasSimulation settings;
    bool ok = false;
    settings.judges = parser.value(options.judges).toInt(&ok);
    if (!ok || settings.judges < 1 || settings.judges > kMaxSimulatedJudges)
        return usage(Msg::tr("--judges takes an integer in 1..32"));
    settings.items = parser.value(options.items).toInt(&ok);
    if (!ok || settings.items < 1 || settings.items > kMaxSimulatedItems)
        return usage(Msg::tr("--items takes an integer in 1..20000"));
    settings.seed = parser.value(seed).toULongLong(&ok);
    if (!ok)
        return usage(Msg::tr("--seed takes a non-negative integer"));
    if (parser.isSet(options.s)) {
        const double s = parser.value(options.s).toDouble(&ok);
        if (!ok || !(s >= 0 && s <= 1))
            return usage(Msg::tr("--s takes a number in [0, 1]"));
        settings.fixedS = s;
    }
    if (parser.isSet(options.truth) && !parser.value(options.truth).endsWith(".csv"))
        return usage(Msg::tr("--truth takes a .csv file name"));

    const BiasSimulationResult result = simulateBiasAudit(settings);
    if (!writeSimulated(*result.audit, parser.value(out), "bias-test audit",
                        std::to_string(settings.judges) + " judges x " + std::to_string(settings.items) +
                            " items x 14 requests"))
        return kUsage;
    if (parser.isSet(options.truth)) {
        if (!writeTruth(parser.value(options.truth), biasTruthCsv(result.truth)))
            return kUsage;
        std::cout << "wrote the true values of " << result.truth.rows.size() << " rows to "
                  << parser.value(options.truth).toStdString() << '\n';
    }
    return kOk;
}

int runSimulateRubric(const QCommandLineParser& parser, const SimulateOptions& options,
                      const QCommandLineOption& seed, const QCommandLineOption& out)
{
    RubricSimulation settings;
    bool ok = false;
    settings.judges = parser.value(options.judges).toInt(&ok);
    if (!ok || settings.judges < kMinRubricJudges || settings.judges > kMaxRubricJudges)
        return usage(Msg::tr("--judges takes an integer in 3..16"));
    settings.units = parser.value(options.units).toInt(&ok);
    if (!ok || settings.units < 1 || settings.units > kMaxRubricUnits)
        return usage(Msg::tr("--units takes an integer in 1..20000"));
    settings.seed = parser.value(seed).toULongLong(&ok);
    if (!ok)
        return usage(Msg::tr("--seed takes a non-negative integer"));
    if (parser.isSet(options.truth) && !parser.value(options.truth).endsWith(".csv"))
        return usage(Msg::tr("--truth takes a .csv file name"));
    if (parser.value(out).endsWith(".csv"))
        return usage(
            Msg::tr("-o takes a .jsonl or .tribunal file name (the flat CSV holds pairwise judgments only)"));

    const RubricSimulationResult result = simulateRubricAudit(settings);
    if (!writeSimulated(*result.audit, parser.value(out), "rubric audit",
                        std::to_string(settings.units) + " units x 5 criteria x " +
                            std::to_string(settings.judges) + " judges x 2 runs"))
        return kUsage;
    if (parser.isSet(options.truth)) {
        if (!writeTruth(parser.value(options.truth), rubricTruthCsv(result.truth)))
            return kUsage;
        std::cout << "wrote the true values of " << result.truth.judges.size() << " judges to "
                  << parser.value(options.truth).toStdString() << '\n';
    }
    return kOk;
}

int runSimulateTrust(const QCommandLineParser& parser, const SimulateOptions& options,
                     const QCommandLineOption& runs, const QCommandLineOption& seed,
                     const QCommandLineOption& out)
{
    TrustSimulation settings;
    bool ok = false;
    settings.pairs = parser.value(options.pairs).toInt(&ok);
    if (!ok || settings.pairs < 1 || settings.pairs > kMaxTrustSimPairs)
        return usage(Msg::tr("--pairs takes an integer in 1..20000"));
    // --runs defaults to 10 for `simulate audit`; a trust audit defaults to 5 (odd: no modal ties).
    if (parser.isSet(runs)) {
        settings.runs = parser.value(runs).toInt(&ok);
        if (!ok || settings.runs < 1 || settings.runs > kMaxTrustSimRuns)
            return usage(Msg::tr("--runs takes an integer in 1..20"));
    }
    settings.seed = parser.value(seed).toULongLong(&ok);
    if (!ok)
        return usage(Msg::tr("--seed takes a non-negative integer"));
    if (parser.isSet(options.truth) && !parser.value(options.truth).endsWith(".csv"))
        return usage(Msg::tr("--truth takes a .csv file name"));

    const TrustSimulationResult result = simulateTrustAudit(settings);
    if (!writeSimulated(*result.audit, parser.value(out), "trust audit",
                        "4 datasets x " + std::to_string(settings.pairs) +
                            " pairs x 6 judges x 5 formats x 2 "
                            "orders x " +
                            std::to_string(result.runs) + " runs"))
        return kUsage;
    if (parser.isSet(options.truth)) {
        if (!writeTruth(parser.value(options.truth), trustTruthCsv(result)))
            return kUsage;
        std::cout << "wrote the true values of " << result.cells.size() << " cells to "
                  << parser.value(options.truth).toStdString() << '\n';
    }
    return kOk;
}

} // namespace

const SimulateOptions kSimulate;
const QCommandLineOption
    kJudgments("judgments", QT_TRANSLATE_NOOP("tribunal::cli::Msg", "simulate audit: number of judgments."),
               "N", "1000000");
const QCommandLineOption
    kRuns("runs",
          QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                            "simulate audit / trust: runs per (item, order); trust: 1..20, default 5."),
          "R", "10");
const QCommandLineOption kSeed("seed", QT_TRANSLATE_NOOP("tribunal::cli::Msg", "Random seed."), "S",
                               "20261129");
const QCommandLineOption
    kOut({"o", "output"},
         QT_TRANSLATE_NOOP("tribunal::cli::Msg", "File to write: .csv, .jsonl or .tribunal."), "FILE");
const QCommandLineOption kForce("force",
                                QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                  "Replace an existing project (-o FILE.tribunal)."));

void defineSimulate(CommandParser& parser)
{
    parser.setApplicationDescription(Msg::tr(
        "Write a synthetic (simulated) audit: simulate audit --judgments N -o FILE; or a bias-test audit "
        "with\n"
        "stated true values: simulate bias -o FILE [--truth FILE.csv] (docs/bias-simulation.md); or a "
        "rubric\n"
        "audit with stated true values: simulate rubric -o FILE [--truth FILE.csv] "
        "(docs/rubric-simulation.md); or a trust audit in seed 000's design with stated true values:\n"
        "simulate trust -o FILE [--truth FILE.csv] (docs/trust-simulation.md)."));
    parser.addPositionalArgument("what", Msg::tr("What to simulate: audit, bias, rubric or trust."),
                                 "audit|bias|rubric|trust");
    addOptions(parser, {kJudgments, kRuns, kSeed, kOut, kForce, kSimulate.judges, kSimulate.items,
                        kSimulate.s, kSimulate.truth, kSimulate.units, kSimulate.pairs});
}

int runSimulate(const QCommandLineParser& parser)
{
    QString error;
    // A project holds more than a simulation writes (judge configurations, notes): replacing one is asked
    // for, as import asks for it.
    if (parser.value(kOut).endsWith(".tribunal") && QFileInfo::exists(parser.value(kOut)) &&
        !parser.isSet(kForce))
        return usage(Msg::tr("%1 exists; use --force to replace it").arg(shownPath(parser.value(kOut))));
    const QStringList what = parser.positionalArguments().mid(1);
    if (what == QStringList{"bias"}) {
        if (!parser.isSet(kOut) || parser.isSet(kJudgments) || parser.isSet(kRuns) ||
            parser.isSet(kSimulate.units) || parser.isSet(kSimulate.pairs))
            return usage(Msg::tr("usage: %1").arg(kBiasForm));
        return runSimulateBias(parser, kSimulate, kSeed, kOut);
    }
    if (what == QStringList{"rubric"}) {
        if (!parser.isSet(kOut) || parser.isSet(kJudgments) || parser.isSet(kRuns) ||
            parser.isSet(kSimulate.items) || parser.isSet(kSimulate.s) || parser.isSet(kSimulate.pairs))
            return usage(Msg::tr("usage: %1").arg(kRubricForm));
        return runSimulateRubric(parser, kSimulate, kSeed, kOut);
    }
    if (what == QStringList{"trust"}) {
        if (!parser.isSet(kOut) || parser.isSet(kJudgments) || parser.isSet(kSimulate.judges) ||
            parser.isSet(kSimulate.items) || parser.isSet(kSimulate.s) || parser.isSet(kSimulate.units))
            return usage(Msg::tr("usage: %1").arg(kTrustForm));
        return runSimulateTrust(parser, kSimulate, kRuns, kSeed, kOut);
    }
    if (what != QStringList{"audit"} || !parser.isSet(kOut) || parser.isSet(kSimulate.judges) ||
        parser.isSet(kSimulate.items) || parser.isSet(kSimulate.s) || parser.isSet(kSimulate.truth) ||
        parser.isSet(kSimulate.units) || parser.isSet(kSimulate.pairs))
        return usage(what == QStringList{"audit"} ? Msg::tr("usage: %1").arg(kAuditForm)
                                                  : Msg::tr("usage: %1\n   or: %2\n   or: %3\n   or: %4")
                                                        .arg(kAuditForm, kBiasForm, kRubricForm, kTrustForm));
    return runSimulateAudit(parser, kJudgments, kRuns, kSeed, kOut);
}

const Command& simulateCommand()
{
    static const Command command{"simulate", defineSimulate, runSimulate, {"o"}, {}};
    return command;
}

} // namespace tribunal::cli
