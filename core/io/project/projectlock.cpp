#include "io/project/projectlock.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QThread>

#include <mutex>
#include <set>

namespace tribunal {
namespace {

// Lock files held by this process (acquireUnlessHeld, heldByThisProcess).
std::mutex g_heldMutex;
std::set<std::string> g_held;
// Serialises acquire() within the process: its threads share one companion file.
std::mutex g_acquireMutex;

QString qpath(const std::string& native)
{
    return QFile::decodeName(QByteArray::fromStdString(native));
}

// The companion of the process `pid`: written before that process tries the lock, so whoever finds the lock
// held by `pid` finds its command too.
std::string holderPathFor(const std::string& lockPath, qint64 pid)
{
    return lockPath + ".holder-" + std::to_string(pid);
}

QString sinceText(const QDateTime& when)
{
    const QDateTime local = when.toLocalTime();
    return local.date() == QDate::currentDate() ? local.toString(QStringLiteral("HH:mm:ss"))
                                                : local.toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
}

// The companion file: command and start time (UTC, ISO 8601), one a line.
void writeHolderFile(const std::string& lockPath, const std::string& command)
{
    QFile file(qpath(holderPathFor(lockPath, QCoreApplication::applicationPid())));
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return; // the lock holds without it; a refusal then names no command
    file.write(QByteArray::fromStdString(command) + '\n' +
               QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toUtf8() + '\n');
}

// Removes the companions of other processes: once this process holds the lock they belong to writers that
// were refused (and remove their own anyway) or died holding it.
void removeOtherHolderFiles(const std::string& lockPath)
{
    const QFileInfo lock(qpath(lockPath));
    QDir dir = lock.absoluteDir();
    const QString own =
        QFileInfo(qpath(holderPathFor(lockPath, QCoreApplication::applicationPid()))).fileName();
    const QStringList names = dir.entryList({lock.fileName() + QStringLiteral(".holder-*")},
                                            QDir::Files | QDir::Hidden | QDir::System);
    for (const QString& name : names)
        if (name != own)
            dir.remove(name);
}

// The holder of the lock `file` failed to take; nullopt when the lock file vanished meanwhile.
std::optional<ProjectLockHolder> readHolder(const std::string& lockPath, const QLockFile& file)
{
    qint64 pid = 0;
    QString host, program;
    if (!file.getLockInfo(&pid, &host, &program))
        return std::nullopt;
    ProjectLockHolder holder;
    holder.pid = pid;
    holder.host = host.toStdString();
    holder.program = QFileInfo(program).fileName().toStdString();
    QDateTime since = QFileInfo(qpath(lockPath)).lastModified();
    QFile companion(qpath(holderPathFor(lockPath, pid)));
    if (companion.open(QIODevice::ReadOnly)) {
        const QList<QByteArray> lines = companion.readAll().split('\n');
        if (lines.size() >= 2) {
            holder.command = lines[0].toStdString();
            const QDateTime start = QDateTime::fromString(QString::fromUtf8(lines[1]), Qt::ISODate);
            if (start.isValid())
                since = start;
        }
    }
    holder.since = sinceText(since).toStdString();
    return holder;
}

// True when the lock file at `lockPath` holds no readable holder and stays so for a second: the file of a
// writer killed between creating it and writing its pid (QLockFile writes both within microseconds of each
// other, so a live writer fills it long before). Without this such a file would refuse every writer for good:
// with no age limit, Qt never takes a lock without a holder for stale.
bool orphanedLockFile(const std::string& lockPath)
{
    const QString path = qpath(lockPath);
    for (int poll = 0; poll < 20; ++poll) {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly))
            return false; // gone (released meanwhile): try again
        const QList<QByteArray> lines = file.readAll().split('\n');
        bool ok = false;
        if (!lines.isEmpty() && lines.front().toLongLong(&ok) > 0 && ok)
            return false; // a holder wrote its pid
        QThread::msleep(50);
    }
    return true;
}

} // namespace

ProjectLock::ProjectLock(std::unique_ptr<QLockFile> file, std::string lockPath)
    : m_file(std::move(file)), m_lockPath(std::move(lockPath))
{
    if (m_file) {
        const std::lock_guard guard(g_heldMutex);
        g_held.insert(m_lockPath);
    }
}

ProjectLock::~ProjectLock()
{
    if (!m_file)
        return;
    {
        const std::lock_guard guard(g_heldMutex);
        g_held.erase(m_lockPath);
    }
    // The companion first: once the lock file is gone this process may take the lock again, with a new one.
    QFile::remove(qpath(holderPathFor(m_lockPath, QCoreApplication::applicationPid())));
    m_file->unlock();
}

std::string ProjectLock::lockPathFor(const std::string& projectPath)
{
    const QFileInfo info(qpath(projectPath));
    const QDir dir = info.absoluteDir();
    const QString canonical = dir.canonicalPath();
    const QString base = canonical.isEmpty() ? dir.absolutePath() : canonical;
    const QString lock =
        base + QLatin1Char('/') + QLatin1Char('.') + info.fileName() + QStringLiteral(".lock");
    return QFile::encodeName(lock).toStdString();
}

bool ProjectLock::heldByThisProcess(const std::string& projectPath)
{
    const auto lockPath = lockPathFor(projectPath);
    const std::lock_guard guard(g_heldMutex);
    return g_held.count(lockPath) != 0;
}

std::unique_ptr<ProjectLock> ProjectLock::acquire(const std::string& projectPath, const std::string& command,
                                                  std::optional<ProjectLockHolder>* heldBy)
{
    const auto lockPath = lockPathFor(projectPath);
    const std::lock_guard guard(g_acquireMutex);
    // Two attempts only for a holder that releases between a failed tryLock and the reading of its files, or
    // an orphaned lock file or guard removed: a held lock is refused at once.
    for (int attempt = 0; attempt < 2; ++attempt) {
        auto file = std::make_unique<QLockFile>(qpath(lockPath));
        // No age limit (a run may last hours): a lock is stale only when its process is gone.
        file->setStaleLockTime(0);
        // Held here already: the companion is the holder's and stays as it is.
        if (!heldByThisProcess(projectPath)) {
            writeHolderFile(lockPath, command);
            if (file->tryLock(0)) {
                removeOtherHolderFiles(lockPath);
                return std::unique_ptr<ProjectLock>(new ProjectLock(std::move(file), lockPath));
            }
            QFile::remove(qpath(holderPathFor(lockPath, QCoreApplication::applicationPid())));
            if (file->error() != QLockFile::LockFailedError)
                return std::unique_ptr<ProjectLock>(new ProjectLock(nullptr, lockPath));
        }
        // Qt takes over the lock of a dead holder only while it holds `.<name>.lock.rmlock`, the guard
        // against two processes removing it at once. A writer killed between creating that guard and writing
        // its pid into it leaves an empty guard, which Qt takes for a live remover for 30 s: every writer
        // would be refused in that time with the dead holder's name (tst_runcrash met it under load). An
        // empty guard that stays so for a second is removed and the lock tried again.
        if (attempt == 0 && QFileInfo::exists(qpath(lockPath + ".rmlock")) &&
            orphanedLockFile(lockPath + ".rmlock")) {
            QFile::remove(qpath(lockPath + ".rmlock"));
            continue;
        }
        if (auto holder = readHolder(lockPath, *file)) {
            if (heldBy)
                *heldBy = std::move(*holder);
            return nullptr;
        }
        if (orphanedLockFile(lockPath))
            QFile::remove(qpath(lockPath));
    }
    if (heldBy)
        *heldBy = ProjectLockHolder{};
    return nullptr;
}

std::unique_ptr<ProjectLock> ProjectLock::acquireUnlessHeld(const std::string& projectPath,
                                                            const std::string& command,
                                                            std::optional<ProjectLockHolder>* heldBy)
{
    if (heldByThisProcess(projectPath))
        return std::unique_ptr<ProjectLock>(new ProjectLock(nullptr, lockPathFor(projectPath)));
    return acquire(projectPath, command, heldBy);
}

std::string ProjectLock::refusalMessage(const std::string& projectPath, const ProjectLockHolder& holder)
{
    std::string who = holder.program.empty() ? "another program" : holder.program;
    if (!holder.command.empty())
        who += " " + holder.command;
    return projectPath + ": the project is being written by " + who + " (pid " + std::to_string(holder.pid) +
           " on " + holder.host + " since " + holder.since + "); wait until it finishes, or stop it";
}

} // namespace tribunal
