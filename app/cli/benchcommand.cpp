// bench: end-to-end timing of a stage with the process's peak memory.

#include "commands.h"
#include "common.h"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace tribunal::cli {
namespace {

double peakRssMiB()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<double>(usage.ru_maxrss) / 1024.0; // ru_maxrss is in KiB on Linux
}

} // namespace

int runBench(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription("Time a stage end to end: bench import FILE [--repeat N].");
    parser.addPositionalArgument("stage", "import", "import");
    parser.addPositionalArgument("input", "The file to import.", "FILE");
    QCommandLineOption repeat("repeat", "Repetitions (the median is reported).", "N", "5");
    parser.addOptions({repeat, kFormat, kSkipBad});
    QString error;
    if (!parse(parser, args, &error))
        return usage(error);
    auto positional = parser.positionalArguments().mid(1);
    if (positional.size() != 2 || positional[0] != "import")
        return usage("usage: bench import FILE [--repeat N]");
    auto options = importOptions(parser, &error);
    if (!options)
        return usage(error);
    const int n = std::max(1, parser.value(repeat).toInt());
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
    const double median = n % 2 ? seconds[n / 2] : (seconds[n / 2 - 1] + seconds[n / 2]) / 2;
    std::printf("stage import  file %s  judgments %zu  repeats %d\n", positional[1].toStdString().c_str(),
                judgments, n);
    std::printf(
        "median %.4f s  min %.4f s  max %.4f s  peak RSS %.1f MiB (%.1f MiB before the first import)\n",
        median, seconds.front(), seconds.back(), peakRssMiB(), rssBefore);
    return kOk;
}

} // namespace tribunal::cli
