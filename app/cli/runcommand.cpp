// run: send an audit design's requests to its judges and write every answer to a project as it arrives
// (core/judging/runscheduler.h). Resumable: running the same command again sends only what is not recorded.
// This file parses options, prints the estimate and progress, and turns SIGINT / SIGTERM into a clean Cancel.

#include "common.h"
#include "designcli_common.h"
#include "registry.h"
#include "trustcli_common.h"

#include "judging/auditdesign.h"
#include "judging/runscheduler.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QTimer>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <iostream>

namespace tribunal::cli {
namespace {

std::atomic<bool> g_stopRequested{false};

extern "C" void requestStop(int)
{
    g_stopRequested.store(true);
}

// The descriptions are looked up in the catalogue by addOptions() (common.h).
const QCommandLineOption kNoRetryFailed("no-retry-failed",
                                        QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                          "Do not send requests an earlier run recorded as "
                                                          "failed."));
const QCommandLineOption kRerun("rerun",
                                QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                  "Buy again the recorded judgments this design asks "
                                                  "otherwise (another model, temperature or prompt), "
                                                  "replacing them."));
const QCommandLineOption kMaxResponseBytes("max-response-bytes",
                                           QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                             "Refuse responses larger than N bytes."),
                                           "N", "4194304");
const QCommandLineOption kBackoff("backoff",
                                  QT_TRANSLATE_NOOP("tribunal::cli::Msg",
                                                    "First retry delay in seconds before jitter (doubles per "
                                                    "retry)."),
                                  "S", "1");
const QCommandLineOption kQuiet("quiet",
                                QT_TRANSLATE_NOOP("tribunal::cli::Msg", "No progress lines on stderr."));

} // namespace

void defineRun(CommandParser& parser)
{
    parser.setApplicationDescription(Msg::tr(
        "Runs an audit design (docs/judging.md) against its judges' OpenAI-compatible endpoints and "
        "writes every answer to PROJECT as it arrives. PROJECT is created when missing; when it exists "
        "the run resumes: requests already answered are not sent again. API keys come from the "
        "environment variables the judges name (api_key_env) and are never written. SIGINT / SIGTERM "
        "cancel cleanly."));
    parser.addPositionalArgument("design", Msg::tr("The design file (JSON)."), "DESIGN.json");
    addOptions(parser, {kOut, kNoRetryFailed, kRerun, kMaxResponseBytes, kBackoff, kQuiet});
}

int runRun(const QCommandLineParser& parser)
{
    QString error;
    const auto positional = parser.positionalArguments().mid(1);
    if (positional.size() != 1)
        return usage(Msg::tr("run needs exactly one design file"));
    if (!parser.isSet(kOut))
        return usage(Msg::tr("run needs -o PROJECT"));
    const auto maxBytes = wholeNumberOption(parser, kMaxResponseBytes, 1024, 1ll << 32, &error);
    const auto backoff = realOption(parser, kBackoff, 0.0, 3600.0, true, false, &error);
    if (!maxBytes || !backoff)
        return usage(error);

    int exitCode = kOk;
    const auto loaded = loadDesign(positional[0], &exitCode);
    if (!loaded)
        return exitCode;
    const AuditDesign* design = &loaded->design;
    const AuditPtr& items = loaded->items;
    const QString project = parser.value(kOut);
    // Held for the whole run, from before the project is created or its recorded answers are read until the
    // last answer is written (the scheduler's run log goes on under it).
    const auto lock = lockProject(project, "run");
    if (!lock)
        return kUsage;
    if (!QFileInfo::exists(project) && !createRunProject(project, *items, *design, &error)) {
        printError(error.toStdString());
        return kUsage;
    }
    const DesignExpansion expansion = expandDesign(*design, *items);
    printDesignEstimate(*design, estimateDesign(*design, *items, expansion), std::cout);
    std::cout.flush();

    RunOptions options;
    options.retryFailed = !parser.isSet(kNoRetryFailed);
    options.rerunChanged = parser.isSet(kRerun);
    options.maxResponseBytes = *maxBytes;
    options.backoffBaseS = *backoff;
    RunScheduler scheduler(*design, items, project, options);
    const bool quiet = parser.isSet(kQuiet);
    QObject::connect(&scheduler, &RunScheduler::progress, [quiet](const RunCounts& c) {
        if (quiet)
            return;
        // Progress for people (stderr); the tests read stdout and the simulator's stats, not these lines.
        std::cerr << Msg::tr("answered %1/%2, failed %3, retried %4, in flight %5, spend %6")
                         .arg(QString::number(c.answered), QString::number(c.toSend),
                              QString::number(c.failed), QString::number(c.retried),
                              QString::number(c.inFlight), usdText(c.spendUsd))
                         .toStdString()
                  << '\n';
    });
    bool cancelled = false;
    QString runError;
    QObject::connect(&scheduler, &RunScheduler::finished, [&](bool wasCancelled, const QString& err) {
        cancelled = wasCancelled;
        runError = err;
        QCoreApplication::exit(0);
    });
    QObject::connect(&scheduler, &RunScheduler::ready, [](const RunCounts& c) {
        std::cout << "to send: " << c.toSend << " requests (" << c.alreadyRecorded
                  << " judgments already recorded)" << std::endl;
        if (c.rerun > 0)
            std::cout << "bought again: " << c.rerun << " recorded judgments asked otherwise (--rerun)"
                      << std::endl;
        if (c.unverified > 0)
            printUnverifiedNote(c.unverified);
    });
    if (!scheduler.start(&error)) {
        printError(error.toStdString());
        return kBadInput;
    }

    // Without the handlers a signal ends the run at once, which loses nothing committed (tst_runcrash).
    if (std::signal(SIGINT, requestStop) == SIG_ERR || std::signal(SIGTERM, requestStop) == SIG_ERR)
        std::cerr << Msg::tr("warning: cannot catch SIGINT and SIGTERM: they end the run at once (recorded "
                             "answers are kept)")
                         .toStdString()
                  << '\n';
    QTimer stopPoll;
    QObject::connect(&stopPoll, &QTimer::timeout, [&scheduler] {
        if (g_stopRequested.load())
            scheduler.cancel();
    });
    stopPoll.start(50);
    QCoreApplication::exec();
    stopPoll.stop();

    if (!runError.isEmpty() && !cancelled && !scheduler.isPrepared()) {
        // Found while preparing (a design item missing from the project, judgments asked otherwise, a
        // failed read): nothing was sent or written, so it is reported like a failed start.
        printError(runError.toStdString());
        if (scheduler.counts().changed > 0)
            printRerunHint();
        return kBadInput;
    }
    const RunCounts& c = scheduler.counts();
    std::cout << (cancelled ? "cancelled" : "finished") << ": " << c.written << " judgments written ("
              << c.unparsed << " unparsable, " << c.failed << " requests failed), " << c.alreadyRecorded
              << " already recorded; " << c.answered << " requests answered, " << c.retried
              << " retries; spend " << usdText(c.spendUsd).toStdString() << "; project "
              << project.toStdString() << '\n';
    // The failed requests by cause, most frequent first (the Judges panel's status line shows the same).
    for (const FailureGroup& g : c.failures.groups())
        std::cerr
            << Msg::tr("failed: %1 request(s): %2").arg(QString::number(g.calls), g.reason).toStdString()
            << '\n';
    if (!runError.isEmpty()) {
        printError(runError.toStdString());
        return kUsage;
    }
    if (cancelled)
        return 130;
    // A script must not read a run whose requests failed as complete: 3, and the next run sends them again.
    return c.failed > 0 ? kRunFailures : kOk;
}

const Command& runCommand()
{
    static const Command command{"run", defineRun, runRun, {"o"}, {}};
    return command;
}

} // namespace tribunal::cli
