#pragma once
// What every workspace of an AuditSession is to the main window, the screenshots and the tests: an object
// that computes off the GUI thread (BackgroundJobs) and can say whether it is busy and wait until it is not.
// A workspace joins its session when it is made (AuditSession::workspaces()), so AuditSession::waitForIdle()
// waits for every workspace there is and none can be forgotten. A job a newer one supersedes is told to stop
// (jobcancel.h) and its result dropped. GUI thread only, except the report of jobProgressFor's Progress.

#include "framework/jobcancel.h"

#include <QObject>
#include <QString>

namespace tribunal {

class AuditSession;

class Workspace : public QObject {
    Q_OBJECT
public:
    /// Joins `session` (which must outlive the workspace's jobs; it may be destroyed first, as a window's
    /// children are: it then forgets the workspace).
    Workspace(AuditSession* session, QObject* parent);

    /// A background job of this workspace runs or waits.
    virtual bool isBusy() const = 0;
    /// Blocks until no job of this workspace runs and every result was applied (results arrive one per
    /// event-loop pass: this processes events). For tests, screenshots and shutdown.
    virtual void waitForIdle() = 0;
    /// How many superseded jobs stopped early when a newer one raised their cancel flag (jobcancel.h)
    /// instead of running to the end (tests).
    int cancelledJobs() const { return m_cancelledJobs; }

signals:
    /// A short text for the status bar: a refused setting, "intervals cancelled", a failed computation, ...
    /// The main window shows every workspace's messages.
    void statusMessage(const QString& text);
    /// The job the workspace's dock shows as its progress bar (the workspace's header says which kind) has
    /// done `done` of `total` chunks (core/model/progress.h; total 0: a new job that reported nothing yet, or
    /// one with nothing to do). At most one per ~40 ms plus the final done == total, none from a job whose
    /// cancel flag was raised (superseded or cancelled); a job's posts arrive before its result.
    void jobProgress(qint64 done, qint64 total);

protected:
    /// The Progress of the job `flag` belongs to, for the job the dock's bar shows: cancel is the flag, and
    /// report posts jobProgress to this workspace's thread, throttled as that signal says, and drops the
    /// reports once the flag is raised. Call on the GUI thread as the job starts (after JobCancel::next(),
    /// which raised the superseded job's flag): it emits jobProgress(0, 0) at once, so the bar forgets the
    /// superseded job. Thread-safety: report may be called from any thread, one call at a time (the core
    /// rule); the Progress and its copies share their state and stay valid while they live (they keep the
    /// flag). The workspace waits for its jobs' work before it goes (BackgroundJobs::waitForWork), so no
    /// report runs after it; a post still queued then is dropped with it.
    Progress jobProgressFor(const JobCancel::Flag& flag);

    /// A superseded job's result says it stopped at a cancel flag (core threw Cancelled).
    void countCancelled() { ++m_cancelledJobs; }

private:
    int m_cancelledJobs = 0;
};

} // namespace tribunal
