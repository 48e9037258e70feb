#pragma once
// The open audit of a window: its snapshot, project path, project extras and unsaved-changes flag, and the
// long jobs that change them (open, import, save) run off the GUI thread.

#include "framework/jobresult.h"
#include "framework/sessionjobs.h"
#include "items/itemindex.h"

#include "analysis/auditsummary.h"
#include "io/project/projectfile.h"
#include "model/importissue.h"

#include <QFutureWatcher>
#include <QList>
#include <QObject>
#include <QPointer>

#include <memory>

namespace tribunal {

class ProgressRelay;
class Workspace;

/// How a project is opened: ReadOnly for the bundled sample (the program's own file, shared by every user).
enum class ProjectAccess { ReadWrite, ReadOnly };

/// One job at a time: open / openFiles / importFiles / saveAs return false (and do nothing) while a job runs.
/// Jobs run with QtConcurrent; their result is applied on the GUI thread when the job finishes, and only if
/// it fully succeeded: a failed or cancelled job leaves audit, path, extras and dirty flag unchanged.
/// Destroying the session cancels a running job and waits for it. GUI thread only.
class AuditSession : public QObject {
    Q_OBJECT
public:
    explicit AuditSession(QObject* parent = nullptr);
    ~AuditSession() override;

    const AuditPtr& audit() const { return m_audit; }
    /// Counts of the current audit (all zero without one).
    const AuditSummary& summary() const { return m_summary; }
    const std::shared_ptr<const ItemIndex>& itemIndex() const { return m_index; }
    /// The `.tribunal` file the audit was opened from or last saved to; empty for an unsaved audit.
    const QString& projectPath() const { return m_projectPath; }
    const ProjectExtras& extras() const { return m_extras; }
    /// Unsaved changes (imports since the last open / save).
    bool isDirty() const { return m_dirty; }
    /// The project file may not be written: it was opened with ProjectAccess::ReadOnly (the bundled sample)
    /// or the file is not writable. Nothing writes it then: Save asks for a new file, a judge run is refused
    /// until the audit is saved elsewhere. False without a project path; a successful save clears it.
    bool isReadOnly() const { return m_readOnly; }
    bool isBusy() const { return m_busy; }

    /// True for a path that names a project file (the `.tribunal` suffix or the SQLite header).
    static bool isProjectFile(const QString& path);

    /// Opens a project file, replacing the current audit (read-only with ProjectAccess::ReadOnly, see
    /// isReadOnly()).
    bool openProject(const QString& path, ProjectAccess access = ProjectAccess::ReadWrite);
    /// Reads importable files / folders into a new, unsaved audit that replaces the current one.
    bool openFiles(const QStringList& paths, BadRecordPolicy policy = BadRecordPolicy::StopAtFirst,
                   const HarnessTextPaths& texts = {});
    /// Imports files / folders on top of the current audit (all-or-nothing, see class comment).
    bool importFiles(const QStringList& paths, BadRecordPolicy policy = BadRecordPolicy::StopAtFirst,
                     const HarnessTextPaths& texts = {});
    /// Closes the audit: no audit, project path, extras or unsaved changes afterwards (auditChanged,
    /// notesChanged, documentChanged; every workspace then shows "no audit"). Refused (false) while a job
    /// runs. Does not ask about unsaved changes: the window does (MainWindow::closeAudit).
    bool close();
    /// Saves the audit and extras to `path`, which becomes the project path.
    bool saveAs(const QString& path);
    /// The reviewer's note on an item (empty when there is none).
    QString note(const std::string& dataset, const std::string& itemId) const;
    /// Sets (or, with empty text, removes) the note on an item: an unsaved change of the project extras
    /// (notesChanged, documentChanged). Refused (false) while a job runs, since a save may be writing extras.
    bool setNote(const std::string& dataset, const std::string& itemId, const QString& text);

    /// Replaces the project settings (ProjectExtras::settings: analysis settings the project remembers, e.g.
    /// the trust keys of analysis/storedtrustsettings.h): an unsaved change when they differ
    /// (documentChanged). Refused (false) while a job runs, since a save may be writing extras.
    bool setProjectSettings(const std::map<std::string, std::string>& settings);

    /// Asks the running job to stop; it finishes with result.cancelled and changes nothing.
    void cancel();
    /// Blocks until the running job (if any) has finished and its result was applied. For tests and shutdown.
    void waitForJob();

    /// Called by Workspace's constructor: the workspaces reading this session, in the order they were made.
    void addWorkspace(Workspace* workspace);
    QList<Workspace*> workspaces() const;
    /// Blocks until the session's job and every workspace's jobs have finished and their results were
    /// applied, also the jobs one workspace's result starts in another. For tests, screenshots and shutdown.
    void waitForIdle();

signals:
    /// The snapshot changed (open or successful import).
    void auditChanged();
    /// Project path or dirty flag changed.
    void documentChanged();
    void busyChanged(bool busy);
    /// A note was added, changed or removed, or a project with other notes was opened.
    void notesChanged();
    /// Progress of the running job, throttled, on the GUI thread.
    void progressChanged(qint64 done, qint64 total);
    /// A job finished (after auditChanged / documentChanged when it changed anything).
    void jobFinished(const tribunal::JobResult& result);

private:
    QList<QPointer<Workspace>> m_workspaces;
    template <typename Work> bool start(Work work);
    void finish();

    AuditPtr m_audit;
    AuditSummary m_summary;
    std::shared_ptr<const ItemIndex> m_index;
    QString m_projectPath;
    ProjectExtras m_extras;
    bool m_dirty = false;
    bool m_readOnly = false;
    bool m_openReadOnly = false; ///< the access the running open asked for (applied when it succeeds)
    bool m_busy = false;         // from start() until the result is applied (the future finishes earlier)
    ProgressRelay* m_relay;
    QFutureWatcher<JobOutput> m_watcher;
};

} // namespace tribunal
