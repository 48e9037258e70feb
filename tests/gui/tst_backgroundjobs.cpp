// BackgroundJobs (widgets/framework/backgroundjobs.h): results come back on the owner's thread, one per
// event-loop pass (issue 4: no GUI-thread block over 50 ms), busy is reported around them, and waitForIdle
// delivers everything.
#include "framework/backgroundjobs.h"

#include <QtTest>

#include <algorithm>
#include <vector>

using namespace tribunal;

class TestBackgroundJobs : public QObject {
    Q_OBJECT
private slots:
    void onePassPerResult();
    void waitForIdleDeliversAll();
    void busyAroundJobs();
};

namespace {

/// One pass of the event loop: posted events, then due timers (and nothing that blocks).
void onePass()
{
    QCoreApplication::processEvents(QEventLoop::AllEvents);
}

} // namespace

void TestBackgroundJobs::onePassPerResult()
{
    QObject owner;
    std::vector<int> delivered;
    BackgroundJobs jobs(&owner, [](bool) {});
    for (int i = 0; i < 3; ++i)
        jobs.run([i] { return i; }, [&delivered](int value) { delivered.push_back(value); });
    jobs.waitForWork();
    // The pool's calls are posted events: they file the results but deliver none.
    QCoreApplication::sendPostedEvents(&owner, QEvent::MetaCall);
    QVERIFY(delivered.empty());
    QVERIFY(jobs.isBusy());
    // Then one result per pass (in the order the jobs finished, which the pool decides).
    onePass();
    QCOMPARE(delivered.size(), std::size_t(1));
    onePass();
    QCOMPARE(delivered.size(), std::size_t(2));
    onePass();
    std::sort(delivered.begin(), delivered.end());
    QCOMPARE(delivered, std::vector<int>({0, 1, 2}));
    QVERIFY(!jobs.isBusy());
}

void TestBackgroundJobs::waitForIdleDeliversAll()
{
    QObject owner;
    std::vector<int> delivered;
    BackgroundJobs jobs(&owner, [](bool) {});
    for (int i = 0; i < 4; ++i)
        jobs.run([i] { return 10 * i; }, [&delivered](int value) { delivered.push_back(value); });
    jobs.waitForIdle();
    std::sort(delivered.begin(), delivered.end());
    QCOMPARE(delivered, std::vector<int>({0, 10, 20, 30}));
    QVERIFY(!jobs.isBusy());
    // The delivery timer may still fire; it finds nothing to deliver.
    onePass();
    onePass();
    QCOMPARE(delivered.size(), std::size_t(4));
}

void TestBackgroundJobs::busyAroundJobs()
{
    QObject owner;
    std::vector<bool> busy;
    int delivered = 0;
    BackgroundJobs jobs(&owner, [&busy](bool b) { busy.push_back(b); });
    jobs.run([] { return 1; }, [&delivered](int) { ++delivered; });
    jobs.run([] { return 2; }, [&delivered](int) { ++delivered; });
    QCOMPARE(busy, std::vector<bool>({true}));
    jobs.waitForIdle();
    QCOMPARE(delivered, 2);
    QCOMPARE(busy, std::vector<bool>({true, false}));
}

QTEST_GUILESS_MAIN(TestBackgroundJobs)
#include "tst_backgroundjobs.moc"
