// cascade, confident-errors, jury: the K3-K10 analyses (metrics.md "Confidence, confident errors, juries,
// cascades") on the command line. Every number comes from tribunal_core (analysis/cascadereplay.h,
// cascadefrontier.h, crossfit.h, confidenterrors.h, jury.h); this file names judges and panels
// (rubriccli_common.h) and writes (report/cascadetables.h, report/cascadefrontiertable.h,
// report/cascadecrossfittable.h, report/cascadelatex.h).

#include "labelnotes.h"
#include "registry.h"
#include "rubriccli_common.h"

#include "report/cascadecrossfittable.h"
#include "report/cascadefrontiertable.h"
#include "report/cascadelatex.h"
#include "report/cascadetables.h"
#include "report/latex.h"

#include <algorithm>
#include <iostream>
#include <optional>
#include <tuple>

namespace tribunal::cli {
namespace {

const QCommandLineOption
    kPanel("panel", QT_TRANSLATE_NOOP("tribunal::cli::Msg", "Only this panel (dataset)."), "NAME");
const QCommandLineOption
    kSeed("seed", QT_TRANSLATE_NOOP("tribunal::cli::Msg", "Seed of the random streams (default 20261129)."),
          "SEED", "20261129");
const QCommandLineOption
    kFirst("first", QT_TRANSLATE_NOOP("tribunal::cli::Msg", "The first judge D (judge or judge@format)."),
           "J");

std::optional<std::uint64_t> seedOption(const QCommandLineParser& parser, QString* error)
{
    bool ok = false;
    const std::uint64_t seed = parser.value(kSeed).toULongLong(&ok);
    if (!ok)
        *error = Msg::tr("--seed: '%1' is not a whole number >= 0").arg(parser.value(kSeed));
    return ok ? std::optional<std::uint64_t>(seed) : std::nullopt;
}

/// One --option's judges: the names as looked up in the audit.
struct Role {
    QString option; ///< "--fallbacks"
    std::vector<JudgeName> names;
};

/// The names of `option` looked up in the audit; null with *exitCode set (usage or unknown judge).
std::optional<Role> roleOf(const Audit& audit, const QString& option, const QStringList& texts, int* exitCode)
{
    Role role{option, {}};
    for (const QString& text : texts) {
        const auto name = findJudge(audit, text, exitCode);
        if (!name)
            return std::nullopt;
        role.names.push_back(*name);
    }
    return role;
}

/// One role's judges on one panel: indices into `keys` (new keys appended) and the names absent there.
struct Resolved {
    std::vector<std::size_t> found;
    QStringList absent;
};

/// Resolves `role` on `panel`. A name resolving to a key already in keys[0, refusedBelow) is a usage error
/// ("--OPTION: 'J' names a judge already listed"), as is an ambiguous name. Null with *exitCode set.
std::optional<Resolved> resolve(const Audit& audit, StrId panel, const Role& role,
                                std::vector<JudgeKey>& keys, std::size_t refusedBelow, int* exitCode)
{
    Resolved out;
    for (const JudgeName& name : role.names) {
        JudgeKey key;
        QString error;
        const JudgeLookup found = lookupJudge(audit, panel, name, role.option, &key, &error);
        if (found == JudgeLookup::Ambiguous) {
            *exitCode = usage(error);
            return std::nullopt;
        }
        if (found == JudgeLookup::Absent) {
            out.absent.push_back(name.text);
            continue;
        }
        std::size_t index = 0;
        while (index < keys.size() && !(keys[index] == key))
            ++index;
        const bool repeated = std::find(out.found.begin(), out.found.end(), index) != out.found.end();
        if (index < refusedBelow || repeated) {
            *exitCode = usage(Msg::tr("%1: '%2' names a judge already listed").arg(role.option, name.text));
            return std::nullopt;
        }
        if (index == keys.size())
            keys.push_back(key);
        out.found.push_back(index);
    }
    return out;
}

/// `message`: "note: ROLE '%1' has no judgment on panel '%2' (left out there)", marked with QT_TRANSLATE_NOOP
/// where noteAbsent is called (one message per role, so that a translator can inflect the role).
void noteAbsent(const QStringList& absent, const char* message, StrId panel, const Audit& audit)
{
    for (const QString& name : absent)
        std::cerr
            << Msg::tr(message).arg(name, QString::fromStdString(std::string(audit.str(panel)))).toStdString()
            << '\n';
}

/// What every command writes: a flat table, or LaTeX (with --standalone a document).
int writeResult(const QCommandLineParser& parser, const FlatTable& table, const std::string& latex)
{
    if (!isLatex(parser))
        return writeOutput(parser, writeFlatTable(table, *tableFormat(parser.value(kTableFormat))));
    return writeOutput(parser, parser.isSet(kStandalone) ? latexStandaloneDocument(latex) : latex);
}

/// The input and the options the three commands share (after their own).
void addRubricCommandOptions(CommandParser& parser)
{
    parser.addPositionalArgument(
        "input", Msg::tr("A project or judgment files with binary or ordinal items."), "PROJECT_OR_FILE...");
    addOptions(parser, {kOut, kTableFormat, kStandalone, kInputFormat, kSkipBad, kRounding, kPanel});
}

/// The checks the three commands share after parsing: inputs, required options, rounding. False with
/// *exitCode set.
bool prepare(const QCommandLineParser& parser, const char* command,
             const std::vector<QCommandLineOption>& required, int* exitCode, LabelRounding* rule)
{
    QString error;
    if (!commonChecks(parser, command, exitCode))
        return false;
    for (const QCommandLineOption& option : required)
        if (!parser.isSet(option)) {
            *exitCode = usage(
                Msg::tr("%1 needs --%2 %3").arg(command, option.names().constLast(), option.valueName()));
            return false;
        }
    const auto r = rounding(parser, &error);
    if (!r) {
        *exitCode = usage(error);
        return false;
    }
    *rule = *r;
    return true;
}

/// Loads the audit after the option checks; refuses an audit without rubric items. Notes the panels without
/// labels, whose `labelColumns` (the command's columns that need labels) are then empty.
AuditPtr loadRubricAudit(const QCommandLineParser& parser, const QStringList& inputs,
                         const QString& labelColumns, int* exitCode)
{
    AuditPtr audit = loadJudgmentAudit(parser, inputs, exitCode);
    if (audit && !hasRubricItems(*audit)) {
        *exitCode = noRubricItems();
        return nullptr;
    }
    if (audit)
        noteMissingLabels(*audit, LabelScope::RubricItems, labelColumns, inputs);
    return audit;
}

/// Prints `message` ("no rubric panel on which ...") to stderr; returns kBadInput.
int noPanel(const QString& message)
{
    std::cerr << message.toStdString() << '\n';
    return kBadInput;
}

} // namespace

const QCommandLineOption
    kFallbacks("fallbacks", QT_TRANSLATE_NOOP("tribunal::cli::Msg", "Fallback judges, comma-separated."),
               "J1,J2,...");
const QCommandLineOption kSingles("singles",
                                  QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                    "Further single-judge candidates, comma-separated."),
                                  "J3,...");
const QCommandLineOption
    kHalvings("halvings", QT_TRANSLATE_NOOP("tribunal::cli::Msg", "K9 halvings of the units (default 50)."),
              "N", "50");
const QCommandLineOption kCascadeTable(
    "table",
    QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                      "What to write: summary (default), curve, frontier (the cost-accuracy "
                      "frontier of single judges, juries and cascades, with the Pareto points), or crossfit "
                      "(how often the K9 halves chose each fallback and tau)."),
    "summary|curve|frontier|crossfit", "summary");
const QCommandLineOption kOrdinalTaus(
    "ordinal-taus",
    QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                      "Thresholds on ordinal criteria, ascending in [0, 1] (default 0, 0.05, ..., 1)."),
    "LIST");
const QCommandLineOption kBinaryTaus(
    "binary-taus",
    QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                      "Thresholds on binary criteria, ascending in [0, 0.5] (default 0, 0.02, ..., 0.5)."),
    "LIST");

void defineCascade(CommandParser& parser)
{
    parser.setApplicationDescription(
        Msg::tr("Cascade replays (metrics.md K7-K10): the first judge answers every pair and defers to a "
                "fallback when its confidence is below tau (binary criteria: |P(MET) - 0.5|). Per panel and "
                "kind: the summary (best single judge, oracle tau and accuracy, K10, the cross-fitted gain "
                "over halvings of the units, the cost share of the cascade matching the best fallback), "
                "with --table curve every tau, with --table frontier the cost-accuracy frontier, or with "
                "--table crossfit the fallbacks and taus the K9 halves chose."));
    addOptions(parser, {kFirst, kFallbacks, kSingles, kHalvings, kSeed, kThreads, kCascadeTable, kOrdinalTaus,
                        kBinaryTaus, kPrices});
    addRubricCommandOptions(parser);
}

int runCascade(const QCommandLineParser& parser)
{
    int exitCode = kOk;
    LabelRounding rule = LabelRounding::HalfUp;
    if (!prepare(parser, "cascade", {kFirst, kFallbacks}, &exitCode, &rule))
        return exitCode;
    QString error;
    const auto texts = cascadeJudgeTexts(parser, kFallbacks, kSingles, &error);
    if (!texts)
        return usage(error);
    CascadeSettings settings;
    const auto halvings = wholeNumberOption(parser, kHalvings, 1, 100000, &error);
    const auto seed = halvings ? seedOption(parser, &error) : std::nullopt;
    const auto threads = seed ? wholeNumberOption(parser, kThreads, 0, 1024, &error) : std::nullopt;
    if (!threads)
        return usage(error);
    settings.halvings = static_cast<int>(*halvings);
    settings.seed = *seed;
    settings.threads = static_cast<int>(*threads);
    for (const auto& [option, hi, taus] : {std::tuple{&kOrdinalTaus, 1.0, &settings.ordinalTaus},
                                           std::tuple{&kBinaryTaus, 0.5, &settings.binaryTaus}}) {
        if (!parser.isSet(*option))
            continue;
        const auto list = numberListOption(parser, *option, 0.0, hi, &error);
        if (!list)
            return usage(error);
        *taus = *list;
    }
    std::optional<JudgePrices> prices;
    if (parser.isSet(kPrices) && !(prices = pricesOption(parser, kPrices, &error)))
        return usage(error);
    const QString table = parser.value(kCascadeTable);
    if (table != "summary" && table != "curve" && table != "frontier" && table != "crossfit")
        return usage(
            Msg::tr("unknown --table '%1' (expected summary, curve, frontier or crossfit)").arg(table));
    if (table == "curve" && isLatex(parser))
        return usage(Msg::tr("--table curve has no --format latex (expected csv, md or json)"));
    if (table == "frontier" && isLatex(parser))
        return usage(Msg::tr("--table frontier has no --format latex (expected csv, md or json)"));
    if (table == "crossfit" && isLatex(parser))
        return usage(Msg::tr("--table crossfit has no --format latex (expected csv, md or json)"));

    const AuditPtr audit =
        loadRubricAudit(parser, parser.positionalArguments().mid(1),
                        table == "curve"      ? "accuracy, deferred_share, k10_left, k10_right"
                        : table == "frontier" ? "accuracy, pareto"
                        : table == "crossfit" ? "count"
                                              : "first_accuracy, best_single_accuracy, oracle_accuracy, "
                                                "crossfit_cascade_accuracy, crossfit_single_accuracy",
                        &exitCode);
    if (!audit)
        return exitCode;
    const auto first = roleOf(*audit, "--first", {parser.value(kFirst)}, &exitCode);
    const auto fallbacks = first ? roleOf(*audit, "--fallbacks", texts->fallbacks, &exitCode) : std::nullopt;
    const auto singles = fallbacks ? roleOf(*audit, "--singles", texts->singles, &exitCode) : std::nullopt;
    if (!singles)
        return exitCode;
    const auto panels = rubricPanels(*audit, parser, kPanel, &exitCode);
    if (!panels)
        return exitCode;
    std::vector<CascadePanel> results;
    for (StrId panel : *panels) {
        std::vector<JudgeKey> keys;
        const auto d = resolve(*audit, panel, *first, keys, 0, &exitCode);
        if (!d)
            return exitCode;
        if (d->found.empty())
            continue; // the first judge did not judge this panel
        const auto f = resolve(*audit, panel, *fallbacks, keys, 1, &exitCode);
        const auto s = f ? resolve(*audit, panel, *singles, keys, keys.size(), &exitCode) : std::nullopt;
        if (!s)
            return exitCode;
        if (f->found.empty())
            continue; // no fallback judged this panel
        noteAbsent(f->absent,
                   QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                     "note: fallback '%1' has no judgment on panel '%2' (left out there)"),
                   panel, *audit);
        noteAbsent(
            s->absent,
            QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                              "note: single judge '%1' has no judgment on panel '%2' (left out there)"),
            panel, *audit);
        results.push_back(
            cascadePanel(*audit, rubricVerdictTable(*audit, panel, keys, rule, prices ? &*prices : nullptr),
                         0, f->found, s->found, settings));
    }
    if (results.empty())
        return noPanel(
            Msg::tr("no rubric panel on which '%1' and a fallback both judged").arg(parser.value(kFirst)));
    if (table == "curve")
        return writeResult(parser, cascadeCurveTable(*audit, results), {});
    if (table == "frontier")
        return writeResult(parser, cascadeFrontierTable(*audit, results), {});
    if (table == "crossfit")
        return writeResult(parser, cascadeCrossFitTable(*audit, results), {});
    return writeResult(parser, cascadeSummaryTable(*audit, results),
                       isLatex(parser) ? cascadeSummaryLatex(*audit, results, settings) : std::string());
}

const QCommandLineOption
    kOthers("others",
            QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                              "The other judges (default: every other judge with judgments on the panel)."),
            "J2,J3,...");
const QCommandLineOption kSampleSize("n",
                                     QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                       "Errors sampled per panel and kind (default 12)."),
                                     "N", "12");
const QCommandLineOption kErrorTable(
    "table",
    QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                      "What to write: sample (default), repeats, or discrimination (K2 of the first judge: "
                      "AUROC, error rate per confidence band, selective accuracy)."),
    "sample|repeats|discrimination", "sample");

void defineConfidentErrors(CommandParser& parser)
{
    parser.setApplicationDescription(
        Msg::tr("Confident errors (metrics.md K3) and repeated errors (K4): the first judge's most confident "
                "wrong answers per panel and kind with every other judge's answer on the pair, whether it "
                "repeats the error and its baseline; --table repeats writes repeats against expected repeats "
                "per confidence band, for the sample and for every error of the first judge."));
    addOptions(parser, {kFirst, kOthers, kSampleSize, kErrorTable});
    addRubricCommandOptions(parser);
}

int runConfidentErrors(const QCommandLineParser& parser)
{
    int exitCode = kOk;
    LabelRounding rule = LabelRounding::HalfUp;
    if (!prepare(parser, "confident-errors", {kFirst}, &exitCode, &rule))
        return exitCode;
    QString error;
    const auto otherTexts = judgeListOption(parser, kOthers, &error);
    const auto n = otherTexts ? wholeNumberOption(parser, kSampleSize, 0, 100000, &error) : std::nullopt;
    if (!n)
        return usage(error);
    const QString table = parser.value(kErrorTable);
    if (table != "sample" && table != "repeats" && table != "discrimination")
        return usage(Msg::tr("unknown --table '%1' (expected sample, repeats or discrimination)").arg(table));
    if (table == "repeats" && isLatex(parser))
        return usage(
            Msg::tr("--table repeats has no --format latex (the LaTeX table of --table sample includes "
                    "the repeats)"));
    if (table == "discrimination" && isLatex(parser))
        return usage(Msg::tr("--table discrimination has no --format latex"));

    const AuditPtr audit =
        loadRubricAudit(parser, parser.positionalArguments().mid(1),
                        "accuracy, auroc, selective_accuracy_*, the sampled errors", &exitCode);
    if (!audit)
        return exitCode;
    const auto first = roleOf(*audit, "--first", {parser.value(kFirst)}, &exitCode);
    const auto others = first ? roleOf(*audit, "--others", *otherTexts, &exitCode) : std::nullopt;
    if (!others)
        return exitCode;
    const auto panels = rubricPanels(*audit, parser, kPanel, &exitCode);
    if (!panels)
        return exitCode;
    std::vector<ConfidentErrorPanel> results;
    for (StrId panel : *panels) {
        std::vector<JudgeKey> keys;
        const auto d = resolve(*audit, panel, *first, keys, 0, &exitCode);
        if (!d)
            return exitCode;
        if (d->found.empty())
            continue; // the first judge did not judge this panel
        const auto o = resolve(*audit, panel, *others, keys, 1, &exitCode);
        if (!o)
            return exitCode;
        std::vector<std::size_t> otherIndices = o->found;
        if (!parser.isSet(kOthers))
            for (const JudgeKey& key : panelJudges(*audit, panel))
                if (!(key == keys[0])) {
                    otherIndices.push_back(keys.size());
                    keys.push_back(key);
                }
        noteAbsent(o->absent,
                   QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                     "note: other judge '%1' has no judgment on panel '%2' (left out there)"),
                   panel, *audit);
        results.push_back(confidentErrorPanel(*audit, rubricVerdictTable(*audit, panel, keys, rule), 0,
                                              otherIndices, static_cast<int>(*n)));
    }
    if (results.empty())
        return noPanel(Msg::tr("no rubric panel on which '%1' judged").arg(parser.value(kFirst)));
    if (table == "repeats")
        return writeResult(parser, repeatSummaryTable(*audit, results), {});
    if (table == "discrimination")
        return writeResult(parser, discriminationTable(*audit, results), {});
    return writeResult(parser, confidentErrorTable(*audit, results),
                       isLatex(parser) ? confidentErrorLatex(*audit, results) : std::string());
}

const QCommandLineOption
    kJurors("jurors", QT_TRANSLATE_NOOP("tribunal::cli::Msg", "The jurors, comma-separated (at least two)."),
            "J1,J2,...");
const QCommandLineOption kCandidates(
    "candidates",
    QT_TRANSLATE_NOOP("tribunal::cli::Msg", "Single judges the jury is compared with (default: the jurors)."),
    "J1,...");
const QCommandLineOption
    kResamples("resamples", QT_TRANSLATE_NOOP("tribunal::cli::Msg", "Bootstrap resamples (default 10000)."),
               "N", "10000");
const QCommandLineOption kMargin("margin",
                                 QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                   "Parity margin as a proportion (default 0.05)."),
                                 "M", "0.05");

void defineJury(CommandParser& parser)
{
    parser.setApplicationDescription(Msg::tr(
        "Juries (metrics.md K5, K6): the lower and upper median of the jurors' answers per panel and "
        "kind, compared with the most accurate single candidate on the same pairs (R7 unit bootstrap, "
        "Holm over the two medians), with the share of pairs all jurors got wrong and the oracle "
        "accuracy."));
    addOptions(parser, {kJurors, kCandidates, kResamples, kSeed, kMargin, kThreads});
    addRubricCommandOptions(parser);
}

int runJury(const QCommandLineParser& parser)
{
    int exitCode = kOk;
    LabelRounding rule = LabelRounding::HalfUp;
    if (!prepare(parser, "jury", {kJurors}, &exitCode, &rule))
        return exitCode;
    QString error;
    const auto jurorTexts = judgeListOption(parser, kJurors, &error);
    const auto candidateTexts = jurorTexts ? judgeListOption(parser, kCandidates, &error) : std::nullopt;
    if (!candidateTexts)
        return usage(error);
    if (jurorTexts->size() < 2)
        return usage(Msg::tr("--jurors: at least two judges needed"));
    PairedSettings paired;
    const auto b = wholeNumberOption(parser, kResamples, 1, 10'000'000, &error);
    const auto seed = b ? seedOption(parser, &error) : std::nullopt;
    const auto m = seed ? realOption(parser, kMargin, 0, 1, false, true, &error) : std::nullopt;
    const auto threads = m ? wholeNumberOption(parser, kThreads, 0, 1024, &error) : std::nullopt;
    if (!threads)
        return usage(error);
    paired.resamples = static_cast<int>(*b);
    paired.seed = *seed;
    paired.margin = *m;
    paired.threads = static_cast<int>(*threads);

    const AuditPtr audit =
        loadRubricAudit(parser, parser.positionalArguments().mid(1),
                        "accuracy, best_single_accuracy, diff, all_wrong_share, oracle_accuracy", &exitCode);
    if (!audit)
        return exitCode;
    const auto jurors = roleOf(*audit, "--jurors", *jurorTexts, &exitCode);
    const auto candidates =
        jurors ? roleOf(*audit, "--candidates", *candidateTexts, &exitCode) : std::nullopt;
    if (!candidates)
        return exitCode;
    const auto panels = rubricPanels(*audit, parser, kPanel, &exitCode);
    if (!panels)
        return exitCode;
    std::vector<JuryPanel> results;
    for (StrId panel : *panels) {
        std::vector<JudgeKey> keys;
        const auto j = resolve(*audit, panel, *jurors, keys, 0, &exitCode);
        // Candidates may be jurors: nothing below them is refused.
        const auto c = j ? resolve(*audit, panel, *candidates, keys, 0, &exitCode) : std::nullopt;
        if (!c)
            return exitCode;
        if (!j->absent.isEmpty())
            continue; // a jury is all its jurors
        noteAbsent(c->absent,
                   QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                     "note: candidate '%1' has no judgment on panel '%2' (left out there)"),
                   panel, *audit);
        const std::vector<std::size_t> pool = candidates->names.empty() ? j->found : c->found;
        results.push_back(juryPanel(rubricVerdictTable(*audit, panel, keys, rule), j->found, pool, paired));
    }
    if (results.empty())
        return noPanel(Msg::tr("no rubric panel on which every juror judged"));
    return writeResult(parser, juryTable(*audit, results),
                       isLatex(parser) ? juryLatex(*audit, results, paired) : std::string());
}

const Command& cascadeCommand()
{
    static const Command command{"cascade", defineCascade, runCascade, {"first", "fallbacks"}, {"summary"}};
    return command;
}

const Command& confidentErrorsCommand()
{
    static const Command command{
        "confident-errors", defineConfidentErrors, runConfidentErrors, {"first"}, {"sample"}};
    return command;
}

const Command& juryCommand()
{
    static const Command command{"jury", defineJury, runJury, {"jurors"}, {""}};
    return command;
}

} // namespace tribunal::cli
