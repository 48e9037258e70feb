#pragma once
// The job bookkeeping of a workspace (TrustWorkspace, BiasWorkspace): runs work on Qt's global thread pool at
// background priority (backgroundpriority.h), hands each result back to the owner's thread, counts the jobs
// whose result has not been handed back yet (the owner is busy while any is), and waits for them.
//
// Superseding is the owner's: it tags a job with its own generation counter and drops a result whose
// generation is old. Every started job counts until its result is handed back, superseded or not, so busy
// ends only when the last result arrived. The owner object, its thread, and the calls here belong to the GUI
// thread; only `work` runs elsewhere.
//
// A result is handed back in an event-loop pass of its own: the queued call from the pool only files it, and
// a zero-timeout timer delivers it. Qt handles every posted event of a pass in one go (a finished open, the
// estimates that finish a few ms later, the paint they cause), so without this a fast job's result joins the
// previous result's pass and the GUI thread answers input only after both (issue 4: no block over 50 ms).
// Timers run after input and the window system's events, so user input gets through between results; one
// result is delivered per pass (the next waits for a timer of its own).

#include "framework/backgroundpriority.h"

#include <QCoreApplication>
#include <QFuture>
#include <QObject>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>

#include <deque>
#include <functional>
#include <memory>
#include <utility>
#include <vector>

namespace tribunal {

class BackgroundJobs {
public:
    /// `owner` receives every result (queued, on its thread) and outlives this object (make it a member of
    /// the owner). `busyChanged` is called with true when the first job starts and false when the last
    /// result was handed back.
    BackgroundJobs(QObject* owner, std::function<void(bool busy)> busyChanged);
    /// Waits for every job's work (waitForWork); results still queued are dropped with the owner.
    ~BackgroundJobs();
    BackgroundJobs(const BackgroundJobs&) = delete;
    BackgroundJobs& operator=(const BackgroundJobs&) = delete;

    /// A job was started and its result not yet handed back.
    bool isBusy() const { return m_running > 0; }

    /// Runs `work()` on a pool thread at background priority, then, on the owner's thread, counts the job as
    /// finished (busyChanged(false) if it was the last) and calls `deliver(result)`. `work` must not touch
    /// the owner except through queued calls to it (those arrive before the result, in order).
    template <typename Work, typename Deliver> void run(Work work, Deliver deliver);

    /// Blocks until no job runs and every result was handed back (delivered, and with it every call queued
    /// to the owner before it). For tests and shutdown.
    void waitForIdle();
    /// Blocks until every started job's work has returned; its result may still be queued. Call first in
    /// the owner's destructor, before the owner's members go away.
    void waitForWork();

private:
    void started(QFuture<void> future);
    void finished();
    /// Files a result for delivery in a later event-loop pass (see the class comment).
    void fileResult(std::function<void()> delivery);
    /// Delivers the oldest filed result, if any.
    void deliverNext();

    QObject* m_owner;
    std::function<void(bool)> m_busyChanged;
    std::vector<QFuture<void>> m_futures;
    std::deque<std::function<void()>> m_filed;
    QTimer* m_deliveryTimer; ///< owned by the owner (a QObject child), zero interval
    int m_running = 0;
};

template <typename Work, typename Deliver> void BackgroundJobs::run(Work work, Deliver deliver)
{
    // Counted before the job can finish, so a result never arrives for a job that is not counted.
    ++m_running;
    if (m_running == 1)
        m_busyChanged(true);
    started(QtConcurrent::run([this, work = std::move(work), deliver = std::move(deliver)]() mutable {
        lowerCurrentThreadPriority();
        auto result = work();
        QMetaObject::invokeMethod(
            m_owner,
            [this, deliver = std::move(deliver), result = std::move(result)]() mutable {
                // std::function needs a copyable callable: keep the (move-only) parts behind a shared_ptr.
                auto parts = std::make_shared<std::pair<Deliver, decltype(result)>>(std::move(deliver),
                                                                                    std::move(result));
                fileResult([this, parts] {
                    finished();
                    parts->first(std::move(parts->second));
                });
            },
            Qt::QueuedConnection);
    }));
}

} // namespace tribunal
