// bench: end-to-end timing of a stage with the process's peak memory.
//   bench import FILE: reading and building the audit.
//   bench bias PROJECT_OR_FILE: every bias analysis of the audit (B1-B10, B12: analyseBias; B11, B13), as the
//   Bias panel and `tribunal-cli bias` run them, after the audit is loaded (loading is not timed).
//   bench trust PROJECT_OR_FILE: the trust table (T1-T8, analyseTrust) and its bootstrap intervals (T13,
//   bootstrapTrust) as `tribunal-cli trust --ci N` computes them, after the audit is loaded (not timed).
//   bench compare PROJECT_OR_FILE... --judges J1,J2,...: the R7 paired comparisons (compareJudges) exactly as
//   `tribunal-cli compare` computes them with its defaults (half-up labels, seed 20261129, margin 0.05, no
//   cluster bootstrap; --resamples default 10000), after the audit is loaded (not timed).
//   bench cascade PROJECT_OR_FILE... --first J --fallbacks J1,J2,...: the K9 cross-fitted thresholds
//   (crossFitCascade) of every panel and kind exactly as `tribunal-cli cascade` computes them (the same
//   cascadeInput, labels half up unless --rounding, --halvings default 50, seed 20261129, K7 grids unless
//   --ordinal-taus / --binary-taus); loading, the verdict tables and the K9 inputs are not timed.

#include "common.h"
#include "registry.h"

#include "rubriccli_common.h"

#include "analysis/biasanalysis.h"
#include "analysis/calibration.h"
#include "analysis/cascadereplay.h"
#include "analysis/judgecomparison.h"
#include "analysis/rubricverdicts.h"
#include "analysis/trustanalysis.h"
#include "analysis/trustbootstrap.h"
#include "report/cascadetables.h"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <tuple>
#include <utility>

namespace tribunal::cli {
namespace {

double peakRssMiB()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_maxrss) / 1024.0; // ru_maxrss is in KiB on Linux
}

double median(std::vector<double> seconds)
{
    std::sort(seconds.begin(), seconds.end());
    const std::size_t n = seconds.size();
    return n % 2 ? seconds[n / 2] : (seconds[n / 2 - 1] + seconds[n / 2]) / 2;
}

int benchBias(const QCommandLineParser& parser, const QString& input, const ImportOptions& options, int n,
              unsigned threads)
{
    int exitCode = kOk;
    const AuditPtr audit = load({input}, options, nullptr, &exitCode);
    if (!audit)
        return exitCode;
    BiasSettings settings;
    settings.resamples = std::max(1, parser.value("resamples").toInt());
    settings.permutations = std::max(1, parser.value("permutations").toInt());
    std::vector<double> analysis, calibration;
    std::size_t rows = 0, items = 0;
    for (int i = 0; i < n; ++i) {
        auto start = std::chrono::steady_clock::now();
        const BiasAnalysis result = analyseBias(*audit, settings, threads);
        analysis.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        start = std::chrono::steady_clock::now();
        const auto calibrated = analyseCalibration(*audit);
        const auto cost = analyseJudgeCost(*audit);
        calibration.push_back(
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        rows = result.design.rows.size();
        items = 0;
        for (const BiasRow& row : result.design.rows)
            items += row.items.size();
        if (calibrated.empty() && cost.empty())
            return kBadInput; // keeps both results alive until timed
    }
    std::printf(
        "stage bias  input %s  judgments %zu  rows %zu  items in rows %zu  resamples %d  permutations %d  "
        "repeats %d\n",
        input.toStdString().c_str(), audit->judgmentCount(), rows, items, settings.resamples,
        settings.permutations, n);
    std::printf(
        "analyseBias (B1-B10, B12) median %.4f s  calibration and cost (B11, B13) median %.4f s  peak RSS "
        "%.1f MiB\n",
        median(analysis), median(calibration), peakRssMiB());
    return kOk;
}

double secondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

int benchTrust(const QString& input, const ImportOptions& options, int n, int threads, int resamples)
{
    int exitCode = kOk;
    const AuditPtr audit = load({input}, options, nullptr, &exitCode);
    if (!audit)
        return exitCode;
    const TrustSettings settings; // the CLI's defaults: q = 1/2, consistency per pair
    BootstrapSettings boot;
    boot.resamples = std::max(1, resamples);
    boot.threads = threads;
    std::vector<double> table, intervals;
    std::uint64_t pairs = 0;
    std::size_t cells = 0;
    for (int i = 0; i < n; ++i) {
        auto start = std::chrono::steady_clock::now();
        const auto results = analyseTrust(*audit, settings, threads);
        table.push_back(secondsSince(start));
        if (resamples > 0) {
            start = std::chrono::steady_clock::now();
            const auto ci = bootstrapTrust(*audit, settings, boot);
            intervals.push_back(secondsSince(start));
            if (ci.size() != results.size())
                return kBadInput; // keeps the intervals alive until timed
        }
        cells = results.size();
        pairs = 0;
        for (const auto& r : results)
            pairs += r.pairs;
    }
    std::printf(
        "stage trust  input %s  judgments %zu  cells %zu  pairs %llu  resamples %d  threads %d  repeats %d\n",
        input.toStdString().c_str(), audit->judgmentCount(), cells, static_cast<unsigned long long>(pairs),
        resamples, threads, n);
    std::printf("trust table (T1-T8) median %.4f s", median(table));
    if (resamples > 0)
        std::printf("  bootstrap intervals (T13) median %.4f s", median(intervals));
    std::printf("  peak RSS %.1f MiB\n", peakRssMiB());
    return kOk;
}

int benchCompare(const QCommandLineParser& parser, const QStringList& inputs, const ImportOptions& options,
                 int n, int threads)
{
    if (!parser.isSet("judges"))
        return usage(Msg::tr("bench compare needs --judges J1,J2,..."));
    QString error;
    const auto judgeNames = judgeListOption(parser, QCommandLineOption("judges", "", "J1,J2,..."), &error);
    if (!judgeNames)
        return usage(error);
    if (judgeNames->size() < 2)
        return usage(Msg::tr("--judges: at least two judges needed"));
    // compare's defaults (rubriccommands.cpp runCompare): 10,000 resamples, seed 20261129, margin 0.05, no
    // cluster bootstrap, half-up labels.
    PairedSettings paired;
    paired.resamples = parser.isSet("resamples") ? std::max(1, parser.value("resamples").toInt()) : 10000;
    paired.clusterBootstrap = false;
    paired.threads = threads;
    const JudgeComparisonSettings settings{LabelRounding::HalfUp};

    int exitCode = kOk;
    const AuditPtr audit = load(inputs, options, nullptr, &exitCode);
    if (!audit)
        return exitCode;
    const auto judges = judgeIds(*audit, *judgeNames, &exitCode);
    if (!judges)
        return exitCode;
    const QCommandLineOption panelOption("panel", "", "NAME");
    const auto panel = namedPanel(*audit, parser, panelOption, &exitCode);
    if (!panel)
        return exitCode;
    std::vector<double> seconds;
    std::size_t family = 0, units = 0;
    for (int i = 0; i < n; ++i) {
        const auto start = std::chrono::steady_clock::now();
        const std::vector<JudgeComparison> comparisons =
            compareJudges(*audit, *judges, *panel, settings, paired);
        seconds.push_back(secondsSince(start));
        family = 0;
        units = 0;
        for (const JudgeComparison& c : comparisons)
            if (!c.pairs.pairs.empty()) {
                ++family;
                units = std::max(units, c.result.units);
            }
    }
    if (family == 0) {
        std::cerr << Msg::tr(
                         "no panel and format in which two of the judges both scored a labelled rubric item")
                         .toStdString()
                  << '\n';
        return kBadInput;
    }
    std::printf(
        "stage compare  input %s  judgments %zu  comparisons %zu  units %zu  resamples %d  threads %d  "
        "repeats %d\n",
        inputs.join(' ').toStdString().c_str(), audit->judgmentCount(), family, units, paired.resamples,
        threads, n);
    std::printf("paired comparisons (R7) median %.4f s  peak RSS %.1f MiB\n", median(seconds), peakRssMiB());
    return kOk;
}

int benchCascade(const QCommandLineParser& parser, const QStringList& inputs, const ImportOptions& options,
                 int n, int threads)
{
    if (!parser.isSet("first") || !parser.isSet("fallbacks"))
        return usage(Msg::tr("bench cascade needs --first J and --fallbacks J1,J2,..."));
    QString error;
    const QCommandLineOption fallbacksOption("fallbacks", "", "J1,J2,...");
    const QCommandLineOption singlesOption("singles", "", "J3,...");
    const auto written = cascadeJudgeTexts(parser, fallbacksOption, singlesOption, &error);
    if (!written)
        return usage(error);
    const auto rule = rounding(parser, &error);
    if (!rule)
        return usage(error);
    // cascade's settings (cascadecommands.cpp runCascade): 50 halvings, seed 20261129, the K7 grids.
    CascadeSettings settings;
    bool ok = true;
    settings.halvings = parser.value("halvings").toInt(&ok);
    if (!ok || settings.halvings < 1 || settings.halvings > 100000)
        return usage(
            Msg::tr("--halvings: '%1' is not a whole number in [1, 100000]").arg(parser.value("halvings")));
    settings.seed = parser.value("seed").toULongLong(&ok);
    if (!ok)
        return usage(Msg::tr("--seed: '%1' is not a whole number >= 0").arg(parser.value("seed")));
    settings.threads = threads;
    for (const auto& [name, hi, taus] : {std::tuple{"ordinal-taus", 1.0, &settings.ordinalTaus},
                                         std::tuple{"binary-taus", 0.5, &settings.binaryTaus}}) {
        if (!parser.isSet(name))
            continue;
        for (const QString& part : parser.value(name).split(',', Qt::SkipEmptyParts)) {
            const double tau = part.trimmed().toDouble(&ok);
            if (!ok || tau < 0 || tau > hi || (!taus->empty() && tau <= taus->back()))
                return usage(Msg::tr("--%1: expected ascending numbers in [0, %2]").arg(name).arg(hi));
            taus->push_back(tau);
        }
    }

    int exitCode = kOk;
    const AuditPtr audit = load(inputs, options, nullptr, &exitCode);
    if (!audit)
        return exitCode;
    if (!hasRubricItems(*audit))
        return noRubricItems();
    const auto first = findJudge(*audit, parser.value("first"), &exitCode);
    if (!first)
        return exitCode;
    std::vector<JudgeName> fallbackNames, singleNames;
    for (auto [texts, names] :
         {std::pair{&written->fallbacks, &fallbackNames}, std::pair{&written->singles, &singleNames}})
        for (const QString& text : *texts) {
            const auto name = findJudge(*audit, text, &exitCode);
            if (!name)
                return exitCode;
            names->push_back(*name);
        }
    const QCommandLineOption panelOption("panel", "", "NAME");
    const auto panels = rubricPanels(*audit, parser, panelOption, &exitCode);
    if (!panels)
        return exitCode;
    // The K9 inputs exactly as replayCascade builds them (cascadePanel: every kind of the panel's table).
    std::vector<CrossFitInput> work; // one per panel and kind with pairs
    for (StrId panel : *panels) {
        std::vector<JudgeKey> keys;
        const auto resolve = [&](const JudgeName& name, const char* option) {
            JudgeKey key;
            const JudgeLookup found = lookupJudge(*audit, panel, name, option, &key, &error);
            if (found == JudgeLookup::Ambiguous)
                return -2;
            if (found == JudgeLookup::Absent)
                return -1;
            const auto at = std::find(keys.begin(), keys.end(), key);
            if (at != keys.end())
                return -3;
            keys.push_back(key);
            return static_cast<int>(keys.size() - 1);
        };
        const int d = resolve(*first, "--first");
        if (d == -2)
            return usage(error);
        if (d < 0)
            continue;
        std::vector<std::size_t> f, s;
        for (auto [names, out, option] :
             {std::tuple{&fallbackNames, &f, "--fallbacks"}, std::tuple{&singleNames, &s, "--singles"}})
            for (const JudgeName& name : *names) {
                const int index = resolve(name, option);
                if (index == -2)
                    return usage(error);
                if (index == -3)
                    return usage(Msg::tr("%1: '%2' names a judge already listed").arg(option, name.text));
                if (index >= 0)
                    out->push_back(static_cast<std::size_t>(index));
            }
        if (f.empty())
            continue;
        const RubricVerdictTable table = rubricVerdictTable(*audit, panel, keys, *rule);
        for (TaskKind kind : verdictKinds(table)) {
            CascadeInput in = cascadeInput(*audit, table, 0, f, s, kind, cascadeTaus(settings, kind));
            if (in.pairs.empty())
                continue; // replayCascade runs no K9 on an empty pair set
            work.push_back(std::move(in.crossFit));
        }
    }
    if (work.empty()) {
        std::cerr << Msg::tr("no rubric panel on which '%1' and a fallback both judged")
                         .arg(parser.value("first"))
                         .toStdString()
                  << '\n';
        return kBadInput;
    }
    CrossFitSettings cfs;
    cfs.halvings = settings.halvings;
    cfs.seed = settings.seed;
    cfs.threads = settings.threads;
    std::vector<double> seconds;
    double checksum = 0;
    for (int i = 0; i < n; ++i) {
        const auto start = std::chrono::steady_clock::now();
        for (const CrossFitInput& in : work)
            checksum += crossFitCascade(in, cfs).meanGain;
        seconds.push_back(secondsSince(start));
    }
    std::size_t pairs = 0, grid = 0, fallbacks = 0;
    for (const CrossFitInput& in : work) {
        pairs += in.unit.size();
        grid = std::max(grid, in.grid.size());
        fallbacks = std::max(fallbacks, in.fallbacks.size());
    }
    std::printf("stage cascade  input %s  judgments %zu  panels %zu  pairs %zu  halvings %d  thresholds %zu  "
                "fallbacks %zu  repeats %d\n",
                inputs.join(' ').toStdString().c_str(), audit->judgmentCount(), work.size(), pairs,
                settings.halvings, grid, fallbacks, n);
    std::printf("cross-fitted cascades (K9) median %.4f s  peak RSS %.1f MiB\n", median(seconds),
                peakRssMiB());
    return std::isfinite(checksum) || std::isnan(checksum) ? kOk : kBadInput; // results used after timing
}

} // namespace

const QCommandLineOption
    kRepeat("repeat", QT_TRANSLATE_NOOP("tribunal::cli::Msg", "Repetitions (the median is reported)."), "N",
            "5");
const QCommandLineOption kResamples(
    "resamples",
    QT_TRANSLATE_NOOP("tribunal::cli::Msg", "bias, trust, compare: bootstrap resamples (default 2000; "
                                            "trust: 0 = none; compare: default 10000)."),
    "N", "2000");
const QCommandLineOption kPermutations("permutations",
                                       QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                         "bias: permutations (default 10000)."),
                                       "N", "10000");
const QCommandLineOption kBenchThreads(
    "threads",
    QT_TRANSLATE_NOOP("tribunal::cli::Msg", "bias, trust, compare: worker threads (default: all cores)."),
    "N", "0");
const QCommandLineOption
    kJudges("judges",
            QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                              "compare: the judges to compare, comma-separated (at least two)."),
            "J1,J2,...");
const QCommandLineOption
    kPanel("panel", QT_TRANSLATE_NOOP("tribunal::cli::Msg", "compare, cascade: only this panel (dataset)."),
           "NAME");
const QCommandLineOption kFirst("first",
                                QT_TRANSLATE_NOOP("tribunal::cli::Msg", "cascade: the first judge D."), "J");
const QCommandLineOption kFallbacks("fallbacks",
                                    QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                      "cascade: fallback judges, comma-separated."),
                                    "J1,J2,...");
const QCommandLineOption
    kSingles("singles", QT_TRANSLATE_NOOP("tribunal::cli::Msg", "cascade: further single-judge candidates."),
             "J3,...");
const QCommandLineOption
    kHalvings("halvings", QT_TRANSLATE_NOOP("tribunal::cli::Msg", "cascade: K9 halvings (default 50)."), "N",
              "50");
const QCommandLineOption kSeed("seed",
                               QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                 "cascade: seed of the halvings (default 20261129)."),
                               "SEED", "20261129");
const QCommandLineOption
    kOrdinalTaus("ordinal-taus",
                 QT_TRANSLATE_NOOP("tribunal::cli::Msg", "cascade: thresholds on ordinal criteria."), "LIST");
const QCommandLineOption
    kBinaryTaus("binary-taus",
                QT_TRANSLATE_NOOP("tribunal::cli::Msg", "cascade: thresholds on binary criteria."), "LIST");

void defineBench(CommandParser& parser)
{
    // The synopses are syntax (not translated); the sentence around them is.
    parser.setApplicationDescription(
        Msg::tr("Time a stage end to end: %1, %2, %3, or %4, or %5.")
            .arg(QStringLiteral("bench import FILE [--repeat N]"),
                 QStringLiteral("bench bias PROJECT_OR_FILE [--repeat N] [--resamples N] [--permutations N] "
                                "[--threads N]"),
                 QStringLiteral("bench trust PROJECT_OR_FILE [--repeat N] [--resamples N] [--threads N]"),
                 QStringLiteral("bench compare PROJECT_OR_FILE... --judges J1,J2,... [--panel NAME] "
                                "[--repeat N] [--resamples N] [--threads N]"),
                 QStringLiteral("bench cascade PROJECT_OR_FILE... --first J --fallbacks J1,J2,... "
                                "[--singles J3,...] [--panel NAME] [--halvings N] [--seed S] [--rounding R] "
                                "[--ordinal-taus LIST] [--binary-taus LIST] [--repeat N] [--threads N]")));
    parser.addPositionalArgument("stage", Msg::tr("import, bias, trust, compare or cascade"),
                                 "import|bias|trust|compare|cascade");
    parser.addPositionalArgument("input", Msg::tr("The file to import, or the audit to analyse."), "FILE");
    addOptions(parser,
               {kRepeat, kFormat, kSkipBad, kResamples, kPermutations, kBenchThreads, kJudges, kPanel, kFirst,
                kFallbacks, kSingles, kHalvings, kSeed, kOrdinalTaus, kBinaryTaus, kRounding});
}

int runBench(const QCommandLineParser& parser)
{
    QString error;
    auto positional = parser.positionalArguments().mid(1);
    const bool isCompare = !positional.isEmpty() && positional[0] == "compare";
    const bool isCascade = !positional.isEmpty() && positional[0] == "cascade";
    const bool manyInputs = isCompare || isCascade;
    if ((manyInputs ? positional.size() < 2 : positional.size() != 2) ||
        (positional[0] != "import" && positional[0] != "bias" && positional[0] != "trust" && !manyInputs))
        return usage(
            Msg::tr("usage: %1")
                .arg(QStringLiteral(
                    "bench import FILE [--repeat N] | bench bias PROJECT_OR_FILE [--repeat N] | bench "
                    "trust PROJECT_OR_FILE [--repeat N] | bench compare PROJECT_OR_FILE... --judges "
                    "J1,J2,... [--repeat N] | bench cascade PROJECT_OR_FILE... --first J --fallbacks "
                    "J1,J2,... [--repeat N]")));
    // Every stage refuses what it would refuse in cascade (the rule is read only there).
    if (!rounding(parser, &error))
        return usage(error);
    auto options = importOptions(parser, &error);
    if (!options)
        return usage(error);
    const int n = std::max(1, parser.value(kRepeat).toInt());
    if (isCascade)
        return benchCascade(parser, positional.mid(1), *options, n,
                            std::max(0, parser.value(kBenchThreads).toInt()));
    if (isCompare)
        return benchCompare(parser, positional.mid(1), *options, n,
                            std::max(0, parser.value(kBenchThreads).toInt()));
    if (positional[0] == "trust")
        return benchTrust(positional[1], *options, n, std::max(0, parser.value(kBenchThreads).toInt()),
                          std::max(0, parser.value(kResamples).toInt()));
    if (positional[0] == "bias")
        return benchBias(parser, positional[1], *options, n,
                         static_cast<unsigned>(std::max(0, parser.value(kBenchThreads).toInt())));
    const double rssBefore = peakRssMiB();
    std::vector<double> seconds;
    std::size_t judgments = 0;
    for (int i = 0; i < n; ++i) {
        auto start = std::chrono::steady_clock::now();
        auto outcome = importSources({positional[1].toStdString()}, nullptr, *options);
        seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        if (!outcome.audit) {
            printIssues(outcome.log.issues);
            return kBadInput;
        }
        judgments = outcome.audit->judgmentCount();
    }
    std::sort(seconds.begin(), seconds.end());
    std::printf("stage import  file %s  judgments %zu  repeats %d\n", positional[1].toStdString().c_str(),
                judgments, n);
    std::printf(
        "median %.4f s  min %.4f s  max %.4f s  peak RSS %.1f MiB (%.1f MiB before the first import)\n",
        median(seconds), seconds.front(), seconds.back(), peakRssMiB(), rssBefore);
    return kOk;
}

const Command& benchCommand()
{
    static const Command command{"bench", defineBench, runBench, {}, {}};
    return command;
}

} // namespace tribunal::cli
