// bench: end-to-end timing of a stage with the process's peak memory.
//   bench import FILE: reading and building the audit.
//   bench bias PROJECT_OR_FILE: every bias analysis of the audit (B1-B10, B12: analyseBias; B11, B13), as the
//   Bias panel and `tribunal-cli bias` run them, after the audit is loaded (loading is not timed).
//   bench trust PROJECT_OR_FILE: the trust table (T1-T8, analyseTrust) and its bootstrap intervals (T13,
//   bootstrapTrust) as `tribunal-cli trust --ci N` computes them, after the audit is loaded (not timed).
//   bench compare PROJECT_OR_FILE... --judges J1,J2,...: the R7 paired comparisons (compareJudges) exactly as
//   `tribunal-cli compare` computes them with its defaults (half-up labels, seed 20261129, margin 0.05, no
//   cluster bootstrap; --resamples default 10000), after the audit is loaded (not timed).

#include "commands.h"
#include "common.h"

#include "analysis/biasanalysis.h"
#include "analysis/calibration.h"
#include "analysis/judgecomparison.h"
#include "analysis/trustanalysis.h"
#include "analysis/trustbootstrap.h"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>

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
        return usage("bench compare needs --judges J1,J2,...");
    QStringList judgeNames;
    for (const QString& part : parser.value("judges").split(',', Qt::SkipEmptyParts)) {
        const QString name = part.trimmed();
        if (judgeNames.contains(name))
            return usage(QString("--judges: '%1' is listed twice").arg(name));
        judgeNames.push_back(name);
    }
    if (judgeNames.size() < 2)
        return usage("--judges: at least two judges needed");
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
    std::vector<StrId> judges;
    for (const QString& name : judgeNames) {
        const auto id = audit->strings().find(name.toStdString());
        bool judged = false;
        for (const Cell& cell : audit->cells())
            judged = judged || (id && cell.judge == *id);
        if (!judged) {
            std::cerr << "unknown judge '" << name.toStdString() << "' (no judgment of that judge)\n";
            return kBadInput;
        }
        judges.push_back(*id);
    }
    StrId panel = kEmptyStr;
    if (parser.isSet("panel")) {
        const std::string name = parser.value("panel").toStdString();
        const auto id = audit->strings().find(name);
        bool found = false;
        for (std::size_t i = 0; i < audit->itemCount() && id; ++i)
            found =
                found || (audit->items().dataset[i] == *id && audit->items().kind[i] != TaskKind::Pairwise);
        if (!found) {
            std::cerr << "no rubric panel '" << name << "' in the input\n";
            return kBadInput;
        }
        panel = *id;
    }
    std::vector<double> seconds;
    std::size_t family = 0, units = 0;
    for (int i = 0; i < n; ++i) {
        const auto start = std::chrono::steady_clock::now();
        const std::vector<JudgeComparison> comparisons =
            compareJudges(*audit, judges, panel, settings, paired);
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
        std::cerr << "no panel and format in which two of the judges both scored a labelled rubric item\n";
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

} // namespace

int runBench(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Time a stage end to end: bench import FILE [--repeat N], bench bias PROJECT_OR_FILE [--repeat N] "
        "[--resamples N] [--permutations N] [--threads N], bench trust PROJECT_OR_FILE [--repeat N] "
        "[--resamples N] [--threads N], or bench compare PROJECT_OR_FILE... --judges J1,J2,... [--panel "
        "NAME] "
        "[--repeat N] [--resamples N] [--threads N].");
    parser.addPositionalArgument("stage", "import, bias, trust or compare", "import|bias|trust|compare");
    parser.addPositionalArgument("input", "The file to import, or the audit to analyse.", "FILE");
    QCommandLineOption repeat("repeat", "Repetitions (the median is reported).", "N", "5");
    QCommandLineOption resamples("resamples",
                                 "bias, trust, compare: bootstrap resamples (default 2000; trust: 0 = none; "
                                 "compare: default 10000).",
                                 "N", "2000");
    QCommandLineOption permutations("permutations", "bias: permutations (default 10000).", "N", "10000");
    QCommandLineOption threads("threads", "bias, trust, compare: worker threads (default: all cores).", "N",
                               "0");
    QCommandLineOption judges("judges", "compare: the judges to compare, comma-separated (at least two).",
                              "J1,J2,...");
    QCommandLineOption panel("panel", "compare: only this panel (dataset).", "NAME");
    parser.addOptions({repeat, kFormat, kSkipBad, resamples, permutations, threads, judges, panel});
    QString error;
    if (!parse(parser, args, &error))
        return usage(error);
    auto positional = parser.positionalArguments().mid(1);
    const bool isCompare = !positional.isEmpty() && positional[0] == "compare";
    if ((isCompare ? positional.size() < 2 : positional.size() != 2) ||
        (positional[0] != "import" && positional[0] != "bias" && positional[0] != "trust" && !isCompare))
        return usage(
            "usage: bench import FILE [--repeat N] | bench bias PROJECT_OR_FILE [--repeat N] | bench "
            "trust PROJECT_OR_FILE [--repeat N] | bench compare PROJECT_OR_FILE... --judges J1,J2,... "
            "[--repeat N]");
    auto options = importOptions(parser, &error);
    if (!options)
        return usage(error);
    const int n = std::max(1, parser.value(repeat).toInt());
    if (isCompare)
        return benchCompare(parser, positional.mid(1), *options, n,
                            std::max(0, parser.value(threads).toInt()));
    if (positional[0] == "trust")
        return benchTrust(positional[1], *options, n, std::max(0, parser.value(threads).toInt()),
                          std::max(0, parser.value(resamples).toInt()));
    if (positional[0] == "bias")
        return benchBias(parser, positional[1], *options, n,
                         static_cast<unsigned>(std::max(0, parser.value(threads).toInt())));
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

} // namespace tribunal::cli
