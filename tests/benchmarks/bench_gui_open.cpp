// GUI responsiveness benchmark (issue 4, quality.md "GUI"): opens a project of TRIBUNAL_BENCH_JUDGMENTS
// judgments (default 1,000,000; simulated, 120 cells, 10 runs) in the main window and measures, with a
// heartbeat timer on the GUI thread's event loop:
//   - open-to-overview: from File > Open until the trust overview shows its cell table (estimates ready);
//   - open-to-intervals: until the T13 intervals (2,000 resamples) are in the table;
//   - the longest and the 99th-percentile gap between heartbeats minus the heartbeat period, i.e. how long
//     the GUI thread was blocked at most while the project loaded and the intervals computed, and the
//     longest gap after the overview appeared (while the intervals compute).
// Repeats TRIBUNAL_BENCH_REPEAT times (default 5) and prints every run and the medians.
// TRIBUNAL_BENCH_TRACE=1 also prints each block over 20 ms and the event deliveries over 4 ms that make it
// up. Not a test: the bench_gui_open_smoke CTest only checks that it runs on a small audit.

#include "framework/auditsession.h"
#include "framework/mainwindow.h"
#include "trust/trustworkspace.h"

#include "analysis/auditsimulator.h"
#include "io/project/projectfile.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace tribunal;

namespace {

constexpr int kHeartbeatMs = 5;

struct RunFigures {
    double overviewMs = 0;
    double intervalsMs = 0;
    double maxBlockMs = 0;
    double p99BlockMs = 0;
    double maxBlockDuringIntervalsMs = 0; ///< blocks ending after the overview appeared
};

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const auto n = v.size();
    return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

RunFigures openOnce(const QString& project)
{
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QApplication::processEvents();
    auto* workspace = window.trustWorkspace();

    RunFigures figures;
    std::vector<double> gaps;
    QElapsedTimer clock;
    QElapsedTimer beat;
    QTimer heartbeat;
    heartbeat.setInterval(kHeartbeatMs);
    heartbeat.setTimerType(Qt::PreciseTimer);
    bool overview = false;
    const bool trace = std::getenv("TRIBUNAL_BENCH_TRACE") != nullptr;
    QObject::connect(&heartbeat, &QTimer::timeout, [&] {
        const double gap = std::max(0.0, static_cast<double>(beat.nsecsElapsed()) / 1e6 - kHeartbeatMs);
        gaps.push_back(gap);
        if (overview)
            figures.maxBlockDuringIntervalsMs = std::max(figures.maxBlockDuringIntervalsMs, gap);
        if (trace && gap > 20)
            std::fprintf(stderr, "  block %.1f ms ending at %.1f ms\n", gap,
                         static_cast<double>(clock.nsecsElapsed()) / 1e6);
        beat.restart();
    });
    QObject::connect(workspace, &TrustWorkspace::viewChanged, [&] {
        if (!overview && workspace->view()->rowCount() > 0) {
            overview = true;
            figures.overviewMs = static_cast<double>(clock.nsecsElapsed()) / 1e6;
        }
    });
    QEventLoop loop;
    QObject::connect(workspace, &TrustWorkspace::valuesChanged, [&] {
        if (workspace->view()->intervalsReady) {
            figures.intervalsMs = static_cast<double>(clock.nsecsElapsed()) / 1e6;
            loop.quit();
        }
    });
    clock.start();
    beat.start();
    heartbeat.start();
    if (!window.openPaths({project})) {
        std::fprintf(stderr, "cannot open %s\n", qPrintable(project));
        std::exit(1);
    }
    QTimer::singleShot(600000, &loop, &QEventLoop::quit);
    loop.exec();
    heartbeat.stop();
    if (!workspace->view()->intervalsReady) {
        std::fprintf(stderr, "intervals did not arrive\n");
        std::exit(1);
    }
    std::sort(gaps.begin(), gaps.end());
    figures.maxBlockMs = gaps.empty() ? 0 : gaps.back();
    figures.p99BlockMs = gaps.empty() ? 0 : gaps[gaps.size() * 99 / 100];
    return figures;
}

} // namespace

/// With TRIBUNAL_BENCH_TRACE set, names every top-level event delivery that takes more than 4 ms (event type,
/// receiver class and object name): the parts of a long block.
class TracingApplication : public QApplication {
public:
    using QApplication::QApplication;
    bool notify(QObject* receiver, QEvent* event) override
    {
        if (!m_trace)
            return QApplication::notify(receiver, event);
        QElapsedTimer timer;
        timer.start();
        const int type = event->type();
        ++m_depth;
        const bool result = QApplication::notify(receiver, event);
        --m_depth;
        const double ms = static_cast<double>(timer.nsecsElapsed()) / 1e6;
        if (ms > 4 && m_depth == 0)
            std::fprintf(stderr, "    event %d to %s '%s': %.1f ms\n", type,
                         receiver->metaObject()->className(), qPrintable(receiver->objectName()), ms);
        return result;
    }

private:
    const bool m_trace = std::getenv("TRIBUNAL_BENCH_TRACE") != nullptr;
    int m_depth = 0;
};

int main(int argc, char** argv)
{
    TracingApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("TribunalBenchmark"));
    const char* env = std::getenv("TRIBUNAL_BENCH_JUDGMENTS");
    const char* repeatEnv = std::getenv("TRIBUNAL_BENCH_REPEAT");
    AuditSimulation simulation;
    simulation.judgments = env ? std::strtoull(env, nullptr, 10) : 1'000'000;
    simulation.runs = 10;
    const int repeat = repeatEnv ? std::max(1, std::atoi(repeatEnv)) : 5;

    QTemporaryDir dir;
    const auto project = dir.filePath(QStringLiteral("bench.tribunal"));
    std::string error;
    if (!ProjectFile::save(project.toStdString(), *simulateAudit(simulation), {}, &error)) {
        std::fprintf(stderr, "cannot write the project: %s\n", error.c_str());
        return 1;
    }
    std::printf("bench_gui_open: %llu judgments, heartbeat %d ms, %d runs\n",
                static_cast<unsigned long long>(simulation.judgments), kHeartbeatMs, repeat);
    std::printf("%-4s %14s %15s %13s %13s %22s\n", "run", "overview_ms", "intervals_ms", "max_block_ms",
                "p99_block_ms", "max_block_intervals_ms");
    std::vector<double> overview, intervals, maxBlock, p99, duringIntervals;
    for (int i = 0; i < repeat; ++i) {
        const auto f = openOnce(project);
        std::printf("%-4d %14.1f %15.1f %13.1f %13.1f %22.1f\n", i + 1, f.overviewMs, f.intervalsMs,
                    f.maxBlockMs, f.p99BlockMs, f.maxBlockDuringIntervalsMs);
        duringIntervals.push_back(f.maxBlockDuringIntervalsMs);
        overview.push_back(f.overviewMs);
        intervals.push_back(f.intervalsMs);
        maxBlock.push_back(f.maxBlockMs);
        p99.push_back(f.p99BlockMs);
    }
    std::printf("%-4s %14.1f %15.1f %13.1f %13.1f %22.1f\n", "med", median(overview), median(intervals),
                median(maxBlock), median(p99), median(duringIntervals));
    return 0;
}
