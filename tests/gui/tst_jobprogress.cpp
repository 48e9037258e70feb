// The docks' determinate progress (Workspace::jobProgress, widgets/framework/workspace.h;
// core/model/progress.h). The helper's Progress, called from a std::thread, posts jobProgress on the GUI
// thread with the reported values, at most one per ~40 ms, the final step always (even within 40 ms of the
// last post), and nothing once the job's flag is raised (before the report, or between a queued post and its
// delivery). On the bundled sample the Bias tests (B4 / B5 design rows) and Rubric judges (R7 resample
// blocks) docks' bars, and on a simulated rubric panel 50 times the sample's the Cascades dock's (K9 halvings
// of the summary job), turn determinate with 0 < value <= maximum while a long job still runs; a superseded
// job's queued step never reaches the bar (the GUI thread sleeps so that one is queued, then supersedes); the
// superseding job's final step does. The Confident errors dock (K3 / K4 report no steps) keeps an
// indeterminate bar and renders a jobProgress like the others.

#include "analysis/rubricsimulator.h"
#include "bias/biaspanel.h"
#include "bias/biasworkspace.h"
#include "cascades/cascadepanel.h"
#include "cascades/cascadeview.h"
#include "cascades/cascadeworkspace.h"
#include "cascades/confidenterrorpanel.h"
#include "cascades/confidenterrorworkspace.h"
#include "framework/auditsession.h"
#include "framework/jobcancel.h"
#include "framework/workspace.h"
#include "io/exporter.h"
#include "rubric/rubricpanel.h"
#include "rubric/rubricworkspace.h"

#include <QElapsedTimer>
#include <QFile>
#include <QMainWindow>
#include <QProgressBar>
#include <QTemporaryDir>
#include <QThread>
#include <QtTest>

#include <atomic>
#include <chrono>
#include <memory>
#include <thread>
#include <vector>

using namespace tribunal;

namespace {

const QString kSample = QStringLiteral(TRIBUNAL_BUILD_DIR "/resources/sample.tribunal");

/// A workspace without jobs of its own: the helper under test.
class ProbeWorkspace : public Workspace {
public:
    ProbeWorkspace() : Workspace(nullptr, nullptr) {}
    bool isBusy() const override { return false; }
    void waitForIdle() override {}
    Progress progressFor(const JobCancel::Flag& flag) { return jobProgressFor(flag); }
};

/// One jobProgress as a slot connected after the dock's saw it: the values, the thread, and the dock's bar
/// after the dock's own slot ran.
struct Seen {
    qint64 done = 0, total = 0;
    bool guiThread = false;
    int barMaximum = 0, barValue = 0;
};

void record(Workspace* workspace, std::vector<Seen>* seen, QProgressBar* bar = nullptr)
{
    QObject::connect(workspace, &Workspace::jobProgress, workspace, [seen, bar](qint64 done, qint64 total) {
        seen->push_back({done, total, QThread::currentThread() == QCoreApplication::instance()->thread(),
                         bar ? bar->maximum() : 0, bar ? bar->value() : 0});
    });
}

bool anyDeterminate(const std::vector<Seen>& seen)
{
    for (const Seen& s : seen)
        if (s.total != 0 || s.barMaximum != 0)
            return true;
    return false;
}

} // namespace

class TestJobProgress : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY2(QFile::exists(kSample), qPrintable(kSample)); }
    void postsThrottledOnGuiThread();
    void burstDeliversFinalOnly();
    void finalStepBypassesThrottle();
    void raisedFlagDropsReports();
    void destroyedWorkspaceDropsPost();
    void biasBar();
    void rubricBar();
    void cascadeBar();
    void confidentErrorBar();

private:
    /// The bar of a dock whose workspace runs a long reporting job: indeterminate at first, then determinate
    /// with 0 < value <= maximum while the job still runs; returns the job's total (0 on failure).
    static int waitForDeterminate(Workspace* workspace, QProgressBar* bar, QWidget* dock);
};

void TestJobProgress::postsThrottledOnGuiThread()
{
    ProbeWorkspace workspace;
    std::vector<Seen> seen;
    record(&workspace, &seen);
    JobCancel cancel;
    const JobCancel::Flag flag = cancel.next();
    const Progress progress = workspace.progressFor(flag);
    QCOMPARE(progress.cancel, flag.get());
    // A new job clears the bar at once (total 0), on the calling (GUI) thread.
    QCOMPARE(seen.size(), std::size_t(1));
    QCOMPARE(seen[0].done, qint64(0));
    QCOMPARE(seen[0].total, qint64(0));
    seen.clear();

    constexpr std::uint64_t kSteps = 150; // ~2 ms apart: ~300 ms, so 40 ms throttling leaves a handful
    std::atomic<bool> finished{false};
    QElapsedTimer clock;
    clock.start();
    std::thread worker([&progress, &finished] {
        for (std::uint64_t i = 1; i <= kSteps; ++i) {
            progress.step(i, kSteps);
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
        finished.store(true);
    });
    QTRY_VERIFY_WITH_TIMEOUT(finished.load(), 10000); // spins the event loop: posts are delivered meanwhile
    const qint64 elapsed = clock.elapsed();
    worker.join();
    QTRY_VERIFY(!seen.empty() && seen.back().done == qint64(kSteps));

    QVERIFY2(seen.size() >= 3, qPrintable(QString::number(seen.size())));
    QVERIFY2(qint64(seen.size()) <= elapsed / 40 + 2,
             qPrintable(QStringLiteral("%1 posts in %2 ms").arg(seen.size()).arg(elapsed)));
    qint64 last = 0;
    for (const Seen& s : seen) {
        QVERIFY(s.guiThread);
        QCOMPARE(s.total, qint64(kSteps));
        QVERIFY(s.done >= last); // core's steps are non-decreasing, and so are the posts
        QVERIFY(s.done >= 1 && s.done <= qint64(kSteps));
        last = s.done;
    }
    QCOMPARE(seen.back().total, qint64(kSteps));
}

void TestJobProgress::burstDeliversFinalOnly()
{
    ProbeWorkspace workspace;
    std::vector<Seen> seen;
    JobCancel cancel;
    const Progress progress = workspace.progressFor(cancel.next());
    record(&workspace, &seen);
    constexpr std::uint64_t kSteps = 100000;
    std::thread worker([&progress] {
        for (std::uint64_t i = 1; i <= kSteps; ++i)
            progress.step(i, kSteps);
    });
    worker.join();
    QTRY_VERIFY(!seen.empty() && seen.back().done == qint64(kSteps));
    QTest::qWait(60);
    // A burst far under 40 ms: the first step posts, the rest coalesce into it or the final one.
    QVERIFY2(seen.size() <= 2, qPrintable(QString::number(seen.size())));
    QCOMPARE(seen.back().done, qint64(kSteps));
    QCOMPARE(seen.back().total, qint64(kSteps));
    QVERIFY(seen.back().guiThread);
}

void TestJobProgress::finalStepBypassesThrottle()
{
    ProbeWorkspace workspace;
    std::vector<Seen> seen;
    JobCancel cancel;
    const Progress progress = workspace.progressFor(cancel.next());
    record(&workspace, &seen);
    QElapsedTimer clock;
    clock.start();
    std::thread([&progress] { progress.step(1, 10); }).join(); // posted: the job's first step
    QCoreApplication::processEvents();                         // delivered
    QCOMPARE(seen.size(), std::size_t(1));
    QCOMPARE(seen[0].done, qint64(1));
    std::thread([&progress] { progress.step(9, 10); }).join();  // within 40 ms of that post: not posted
    std::thread([&progress] { progress.step(10, 10); }).join(); // within 40 ms too, but final: posted
    const bool inTime = clock.elapsed() < 35;
    QCoreApplication::processEvents();
    QCOMPARE(seen.size(), std::size_t(2));
    QCOMPARE(seen.back().done, qint64(10));
    QCOMPARE(seen.back().total, qint64(10));
    if (!inTime)
        qWarning("slow machine: the steps were not within 40 ms, the throttle was not exercised");
}

void TestJobProgress::raisedFlagDropsReports()
{
    ProbeWorkspace workspace;
    std::vector<Seen> seen;
    JobCancel cancel;
    const JobCancel::Flag first = cancel.next();
    const Progress superseded = workspace.progressFor(first);
    record(&workspace, &seen);

    // Queued but not yet delivered when the flag is raised: dropped on delivery.
    std::thread([&superseded] { superseded.step(5, 10); }).join();
    const JobCancel::Flag second = cancel.next(); // raises `first`
    QVERIFY(first->load());
    const Progress current = workspace.progressFor(second);
    QCOMPARE(seen.size(), std::size_t(1)); // the new job's (0, 0)
    QTest::qWait(100);
    QCOMPARE(seen.size(), std::size_t(1));

    // Reported after the flag was raised: never posted.
    std::thread([&superseded] {
        for (std::uint64_t i = 6; i <= 10; ++i) {
            superseded.step(i, 10);
            std::this_thread::sleep_for(std::chrono::milliseconds(45));
        }
    }).join();
    QTest::qWait(100);
    QCOMPARE(seen.size(), std::size_t(1));
    QCOMPARE(seen[0].total, qint64(0));

    // The superseding job reports.
    std::thread([&current] { current.step(7, 7); }).join();
    QTRY_COMPARE(seen.size(), std::size_t(2));
    QCOMPARE(seen[1].done, qint64(7));
    QCOMPARE(seen[1].total, qint64(7));

    cancel.cancel(); // cancelled without a successor: nothing either
    std::thread([&current] { current.step(7, 7); }).join();
    QTest::qWait(100);
    QCOMPARE(seen.size(), std::size_t(2));
}

void TestJobProgress::destroyedWorkspaceDropsPost()
{
    auto workspace = std::make_unique<ProbeWorkspace>();
    JobCancel cancel;
    const Progress progress = workspace->progressFor(cancel.next());
    std::thread([&progress] { progress.step(3, 3); }).join(); // queued to the workspace
    workspace.reset();
    QCoreApplication::processEvents(); // the post went with its context: nothing runs, nothing crashes
    QVERIFY(true);
}

int TestJobProgress::waitForDeterminate(Workspace* workspace, QProgressBar* bar, QWidget* dock)
{
    [&] {
        QVERIFY(workspace->isBusy());
        QVERIFY(bar->isVisibleTo(dock));
        QCOMPARE(bar->maximum(), 0); // indeterminate until the job's first step
        QTRY_VERIFY_WITH_TIMEOUT(bar->maximum() > 0 && bar->value() > 0, 8000);
        QVERIFY(workspace->isBusy()); // the job has not finished: it runs for minutes
        QVERIFY(bar->value() <= bar->maximum());
        QVERIFY(bar->isVisibleTo(dock));
        QVERIFY(bar->isTextVisible());
        QCOMPARE(bar->maximumWidth(), 120);
    }();
    return QTest::currentTestFailed() ? 0 : bar->maximum();
}

void TestJobProgress::biasBar()
{
    AuditSession session;
    BiasWorkspace workspace(&session);
    QMainWindow window;
    auto* dock = new BiasPanel(&workspace, &window);
    QProgressBar* bar = dock->busyBar();
    std::vector<Seen> seen;
    record(&workspace, &seen, bar);
    BiasSettings heavy;
    heavy.resamples = 1000000; // B4: ~20 s over the sample's design rows; superseded below
    workspace.setSettings(heavy);
    QVERIFY(session.openProject(kSample));
    session.waitForJob();
    const int rows = waitForDeterminate(&workspace, bar, dock);
    QVERIFY(rows > 1);

    // A step of the heavy job is queued while this thread sleeps; superseding must drop it. The refused
    // settings (B4 needs a resample) make a job that reports no step, so any determinate bar is the old
    // one's.
    QThread::msleep(300);
    seen.clear();
    BiasSettings refused = heavy;
    refused.resamples = 0;
    workspace.setSettings(refused);
    QCOMPARE(bar->maximum(), 0);
    session.waitForIdle();
    QVERIFY(!anyDeterminate(seen));
    QCOMPARE(bar->maximum(), 0);
    QVERIFY(!bar->isVisibleTo(dock));
    QVERIFY2(workspace.cancelledJobs() >= 1, qPrintable(QString::number(workspace.cancelledJobs())));

    // A job that runs to its end ends on its final step.
    seen.clear();
    BiasSettings light = heavy;
    light.resamples = 20;
    light.permutations = 20;
    workspace.setSettings(light);
    session.waitForIdle();
    QVERIFY(workspace.view()->computed);
    QVERIFY(!seen.empty());
    QCOMPARE(seen.back().done, qint64(rows));
    QCOMPARE(seen.back().total, qint64(rows));
    QCOMPARE(seen.back().barMaximum, rows);
    QCOMPARE(seen.back().barValue, rows);
    QVERIFY(!bar->isVisibleTo(dock));
}

void TestJobProgress::rubricBar()
{
    AuditSession session;
    RubricWorkspace workspace(&session);
    QMainWindow window;
    auto* dock = new RubricPanel(&workspace, &window);
    QProgressBar* bar = dock->busyBar();
    std::vector<Seen> seen;
    record(&workspace, &seen, bar);
    RubricPanelSettings heavy;
    heavy.paired.resamples = 20000000; // R7: minutes; superseded below
    workspace.setSettings(heavy);
    QVERIFY(session.openProject(kSample));
    session.waitForJob();
    const int heavyBar = waitForDeterminate(&workspace, bar, dock);
    QVERIFY(heavyBar > 0);
    QVERIFY(!seen.empty());
    const qint64 heavyTotal = seen.back().total; // replicates to draw (R7); the bar may scale it to int

    QThread::msleep(300); // a heavy step is queued meanwhile
    seen.clear();
    RubricPanelSettings light = heavy;
    light.paired.resamples = 50;
    workspace.setSettings(light);
    QCOMPARE(bar->maximum(), 0);
    session.waitForIdle();
    QVERIFY(!seen.empty());
    for (const Seen& s : seen) // only the light job's steps (another total) reach the bar
        QVERIFY2(s.total != heavyTotal && s.barMaximum != heavyBar, qPrintable(QString::number(s.total)));
    QVERIFY(seen.back().total > 0);
    QCOMPARE(seen.back().done, seen.back().total);
    QCOMPARE(seen.back().barValue, seen.back().barMaximum);
    QVERIFY(!bar->isVisibleTo(dock));
    QVERIFY(workspace.cancelledJobs() >= 1);
    QCOMPARE(workspace.comparisonView()->paired.resamples, 50);
}

void TestJobProgress::cascadeBar()
{
    // The sample's rubric panel is small enough for 10^5 halvings to end within the test's 300 ms sleep on a
    // fast machine: a panel 50 times the sample's makes the superseded job one of seconds to minutes.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    RubricSimulation simulation;
    simulation.units = 10000;
    const std::string path = dir.filePath("big-rubric.jsonl").toStdString();
    std::string error;
    QVERIFY2(exportJsonl(*simulateRubricAudit(simulation).audit, path, &error), error.c_str());

    AuditSession session;
    CascadeWorkspace workspace(&session);
    QMainWindow window;
    auto* dock = new CascadesPanel(&workspace, &window);
    QProgressBar* bar = dock->busyBar();
    std::vector<Seen> seen;
    record(&workspace, &seen, bar);
    CascadePanelSettings heavy;
    heavy.halvings = 100000;   // K9: cross-fitting of seconds to minutes; superseded below
    heavy.juryResamples = 200; // the jury job is not the one under test
    workspace.setSettings(heavy);
    QVERIFY(session.openFiles({QString::fromStdString(path)}));
    session.waitForJob();
    const int heavyTotal = waitForDeterminate(&workspace, bar, dock);
    QVERIFY(heavyTotal >= 100000); // kinds x halvings: the summary job's
    QCOMPARE(heavyTotal % 100000, 0);

    QThread::msleep(300);
    seen.clear();
    CascadePanelSettings light = heavy;
    light.halvings = 2;
    workspace.setSettings(light);
    QCOMPARE(bar->maximum(), 0);
    session.waitForIdle();
    QVERIFY(!seen.empty());
    for (const Seen& s : seen)
        QVERIFY2(s.total != heavyTotal && s.barMaximum != heavyTotal, qPrintable(QString::number(s.total)));
    QCOMPARE(seen.back().total, qint64(heavyTotal / 100000 * 2));
    QCOMPARE(seen.back().done, seen.back().total);
    QCOMPARE(seen.back().barValue, seen.back().barMaximum);
    QVERIFY(!bar->isVisibleTo(dock));
    QVERIFY(workspace.cancelledJobs() >= 1);
    QVERIFY(workspace.summaryCurrent());
    QCOMPARE(workspace.summaryView()->halvings, 2);
}

void TestJobProgress::confidentErrorBar()
{
    AuditSession session;
    ConfidentErrorWorkspace workspace(&session);
    QMainWindow window;
    auto* dock = new ConfidentErrorsPanel(&workspace, &window);
    QProgressBar* bar = dock->busyBar();
    std::vector<Seen> seen;
    record(&workspace, &seen, bar);
    QVERIFY(session.openProject(kSample));
    session.waitForJob();
    QVERIFY(workspace.isBusy());
    QVERIFY(bar->isVisibleTo(dock));
    QCOMPARE(bar->maximum(), 0);
    // The dock renders a step as the others do (its workspace reports none: K3 / K4 have no chunks).
    emit workspace.jobProgress(3, 8);
    QCOMPARE(bar->maximum(), 8);
    QCOMPARE(bar->value(), 3);
    QVERIFY(bar->isTextVisible());
    QVERIFY(bar->isVisibleTo(dock));
    session.waitForIdle();
    QVERIFY(!bar->isVisibleTo(dock));
    QCOMPARE(seen.size(), std::size_t(1)); // only the test's
    // Busy again: indeterminate again until a step.
    workspace.setSampleSize(5);
    QVERIFY(workspace.isBusy());
    QVERIFY(bar->isVisibleTo(dock));
    QCOMPARE(bar->maximum(), 0);
    QVERIFY(!bar->isTextVisible());
    session.waitForIdle();
    QVERIFY(!bar->isVisibleTo(dock));
    QCOMPARE(seen.size(), std::size_t(1));
}

QTEST_MAIN(TestJobProgress)
#include "tst_jobprogress.moc"
