#pragma once
// What every workspace of an AuditSession is to the main window, the screenshots and the tests: an object
// that computes off the GUI thread (BackgroundJobs) and can say whether it is busy and wait until it is not.
// A workspace joins its session when it is made (AuditSession::workspaces()), so AuditSession::waitForIdle()
// waits for every workspace there is and none can be forgotten. A job a newer one supersedes is told to stop
// (jobcancel.h) and its result dropped. GUI thread only.

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

protected:
    /// A superseded job's result says it stopped at a cancel flag (core threw Cancelled).
    void countCancelled() { ++m_cancelledJobs; }

private:
    int m_cancelledJobs = 0;
};

} // namespace tribunal
