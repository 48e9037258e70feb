#include "framework/auditsession.h"

#include "framework/backgroundpriority.h"
#include "framework/progressrelay.h"
#include "framework/workspace.h"

#include <QDateTime>
#include <QFileInfo>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

namespace tribunal {

AuditSession::AuditSession(QObject* parent) : QObject(parent), m_relay(new ProgressRelay(this))
{
    connect(m_relay, &ProgressRelay::progressChanged, this, &AuditSession::progressChanged);
    connect(&m_watcher, &QFutureWatcher<JobOutput>::finished, this, &AuditSession::finish);
}

AuditSession::~AuditSession()
{
    // The job reads m_relay->progress(): it must end before the relay does.
    m_relay->cancel();
    m_watcher.waitForFinished();
}

bool AuditSession::isProjectFile(const QString& path)
{
    QFileInfo info(path);
    if (info.isDir())
        return false;
    if (info.suffix().compare(QStringLiteral("tribunal"), Qt::CaseInsensitive) == 0)
        return true;
    return info.isFile() && ProjectFile::looksLikeProject(sessionjobs::nativePath(path));
}

template <typename Work> bool AuditSession::start(Work work)
{
    if (isBusy())
        return false;
    m_relay->reset();
    m_busy = true;
    const Progress* progress = &m_relay->progress();
    m_watcher.setFuture(QtConcurrent::run([work = std::move(work), progress] {
        lowerCurrentThreadPriority();
        return work(*progress);
    }));
    emit busyChanged(true);
    return true;
}

bool AuditSession::openProject(const QString& path, ProjectAccess access)
{
    if (!start([path](const Progress& p) { return sessionjobs::openProject(path, p); }))
        return false;
    m_openReadOnly = access == ProjectAccess::ReadOnly;
    return true;
}

bool AuditSession::openFiles(const QStringList& paths, BadRecordPolicy policy, const HarnessTextPaths& texts)
{
    if (!start([paths, policy, texts](const Progress& p) {
            return sessionjobs::importFiles(JobResult::Kind::Open, paths, nullptr, policy, p, texts);
        }))
        return false;
    m_openReadOnly = false;
    return true;
}

bool AuditSession::importFiles(const QStringList& paths, BadRecordPolicy policy,
                               const HarnessTextPaths& texts)
{
    return start([paths, policy, texts, base = m_audit](const Progress& p) {
        return sessionjobs::importFiles(JobResult::Kind::Import, paths, base, policy, p, texts);
    });
}

bool AuditSession::close()
{
    if (m_busy)
        return false;
    m_audit.reset();
    m_summary = AuditSummary{};
    m_index.reset();
    m_projectPath.clear();
    m_extras = ProjectExtras{};
    m_dirty = false;
    m_readOnly = false;
    emit auditChanged();
    emit notesChanged();
    emit documentChanged();
    return true;
}

bool AuditSession::saveAs(const QString& path)
{
    if (!m_audit)
        return false;
    return start([path, audit = m_audit, extras = m_extras](const Progress& p) {
        return sessionjobs::saveProject(path, audit, extras, p);
    });
}

QString AuditSession::note(const std::string& dataset, const std::string& itemId) const
{
    for (const auto& n : m_extras.notes) {
        if (n.dataset == dataset && n.itemId == itemId)
            return QString::fromStdString(n.text);
    }
    return {};
}

bool AuditSession::setNote(const std::string& dataset, const std::string& itemId, const QString& text)
{
    if (m_busy)
        return false;
    auto& notes = m_extras.notes;
    const auto it = std::find_if(notes.begin(), notes.end(), [&](const ItemNote& n) {
        return n.dataset == dataset && n.itemId == itemId;
    });
    const auto value = text.toStdString();
    if (it != notes.end() && it->text == value)
        return true;
    if (value.empty()) {
        if (it == notes.end())
            return true;
        notes.erase(it);
    } else {
        const auto now = QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toStdString();
        if (it == notes.end())
            notes.push_back({dataset, itemId, value, now});
        else {
            it->text = value;
            it->updated = now;
        }
    }
    m_dirty = true;
    emit notesChanged();
    emit documentChanged();
    return true;
}

bool AuditSession::setProjectSettings(const std::map<std::string, std::string>& settings)
{
    if (m_busy)
        return false;
    if (settings == m_extras.settings)
        return true;
    m_extras.settings = settings;
    m_dirty = true;
    emit documentChanged();
    return true;
}

void AuditSession::cancel()
{
    if (isBusy())
        m_relay->cancel();
}

void AuditSession::waitForJob()
{
    if (!m_busy)
        return;
    m_watcher.waitForFinished();
    // The watcher's finished signal is queued to this thread: apply the result now so callers see it.
    finish();
}

void AuditSession::addWorkspace(Workspace* workspace)
{
    m_workspaces.push_back(workspace);
}

QList<Workspace*> AuditSession::workspaces() const
{
    QList<Workspace*> out;
    for (const QPointer<Workspace>& workspace : m_workspaces)
        if (!workspace.isNull())
            out.push_back(workspace.data());
    return out;
}

void AuditSession::waitForIdle()
{
    waitForJob();
    // A result applied in one workspace may start a job in another (a new audit reaches every workspace
    // through auditChanged): wait until a whole pass finds every workspace idle.
    for (bool busy = true; busy;) {
        busy = false;
        for (Workspace* workspace : workspaces()) {
            if (workspace->isBusy()) {
                busy = true;
                workspace->waitForIdle();
            }
        }
    }
}

void AuditSession::finish()
{
    // The queued finished signal may arrive after waitForJob() already applied the result.
    if (!m_busy || !m_watcher.future().isFinished() || m_watcher.future().resultCount() == 0)
        return;
    JobOutput out = m_watcher.future().result();
    m_watcher.setFuture(QFuture<JobOutput>());
    m_busy = false;
    emit busyChanged(false);

    const auto& result = out.result;
    if (result.ok && out.audit) {
        m_audit = std::move(out.audit);
        m_summary = std::move(out.summary);
        m_index = std::move(out.index);
        if (out.replacesProject) {
            m_extras = std::move(out.extras);
            m_projectPath = out.projectPath;
            // A project read from its file is clean; files read into a new audit are saved nowhere yet.
            m_dirty = m_projectPath.isEmpty();
            m_readOnly =
                !m_projectPath.isEmpty() && (m_openReadOnly || !QFileInfo(m_projectPath).isWritable());
        } else {
            m_dirty = true;
        }
        emit auditChanged();
        if (out.replacesProject)
            emit notesChanged();
        emit documentChanged();
    } else if (result.ok && result.kind == JobResult::Kind::Save) {
        m_projectPath = result.paths.first();
        m_dirty = false;
        m_readOnly = false;
        emit documentChanged();
    }
    emit jobFinished(result);
}

} // namespace tribunal
