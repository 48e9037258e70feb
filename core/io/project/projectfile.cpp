// SPDX-License-Identifier: GPL-3.0-or-later
#include "io/project/projectfile.h"

#include "io/outputfile.h"
#include "io/project/projectconnection.h"
#include "io/project/projectmeta.h"
#include "io/project/projectreader.h"
#include "io/project/projectrowprogress.h"
#include "io/project/projectschema.h"
#include "io/project/projectwriter.h"

#include <QUuid>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tribunal {
namespace {

constexpr char kSqliteMagic[16] = {'S', 'Q', 'L', 'i', 't', 'e', ' ', 'f',
                                   'o', 'r', 'm', 'a', 't', ' ', '3', '\0'};

std::string systemError(int code)
{
    return std::strerror(code);
}

// fsync of a file or directory. Directories are synced so the rename itself survives a power cut.
bool syncPath(const std::string& path, bool directory, std::string* error)
{
    const int fd = ::open(path.c_str(), (directory ? O_RDONLY | O_DIRECTORY : O_RDONLY) | O_CLOEXEC);
    if (fd < 0) {
        *error = systemError(errno);
        return false;
    }
    const int rc = ::fsync(fd);
    const int code = errno;
    ::close(fd);
    if (rc != 0) {
        *error = systemError(code);
        return false;
    }
    return true;
}

// Removes a database file and the side files SQLite may keep next to it. Best effort.
void removeWithSideFiles(const std::string& path)
{
    ::unlink(path.c_str());
    for (const char* side : {"-journal", "-wal", "-shm"})
        ::unlink((path + side).c_str());
}

// True when `name` is a save's temporary file for the target named `target`: ".<target>.<uuid>.tmp".
bool isTempOf(const std::string& name, const std::string& target)
{
    constexpr std::size_t kUuidLength = 36;
    const std::string prefix = "." + target + ".";
    const std::string suffix = ".tmp";
    if (name.size() != prefix.size() + kUuidLength + suffix.size() ||
        name.compare(0, prefix.size(), prefix) != 0 ||
        name.compare(name.size() - suffix.size(), suffix.size(), suffix) != 0)
        return false;
    const auto uuid = QUuid::fromString(QString::fromStdString(name.substr(prefix.size(), kUuidLength)));
    return !uuid.isNull();
}

// Removes the temporary files (and their SQLite side files) that killed saves of `target` left in `dir`
// (projectfile.h, "Temporary files"). Best effort: a file that cannot be checked or removed is left.
void removeStaleTemps(const std::filesystem::path& dir, const std::string& target)
{
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::directory_iterator it(dir, ec);
    for (; !ec && it != fs::directory_iterator(); it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (!isTempOf(name, target))
            continue;
        const std::string temp = it->path().string();
        const int fd = ::open(temp.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW);
        if (fd < 0)
            continue;
        struct stat opened = {};
        struct stat named = {};
        // A live save holds the lock until its rename; a killed one's lock went with its process.
        const bool unlocked = ::flock(fd, LOCK_EX | LOCK_NB) == 0;
        const bool stale =
            unlocked && ::fstat(fd, &opened) == 0 && S_ISREG(opened.st_mode) &&
            (opened.st_size > 0 || opened.st_mtime + kProjectEmptyTempGraceS < std::time(nullptr)) &&
            // Still the file that was checked (not replaced by another name's owner meanwhile).
            ::lstat(temp.c_str(), &named) == 0 && named.st_ino == opened.st_ino &&
            named.st_dev == opened.st_dev;
        if (stale)
            removeWithSideFiles(temp);
        ::close(fd);
    }
}

// Folds a write-ahead log left next to the target (a killed live run, projectrunlog.h) into the target before
// the target is replaced: SQLite ties a log to no particular database file, so a log left beside the new file
// would be replayed onto it and break it. Folding first keeps every state on disk consistent: old file + log,
// old file with the log folded in, new file.
bool foldTargetLog(const std::string& path, std::string* error)
{
    const std::string wal = path + "-wal";
    struct stat log = {};
    if (::lstat(wal.c_str(), &log) != 0)
        return true;
    if (struct stat target{}; ::stat(path.c_str(), &target) != 0 || !S_ISREG(target.st_mode)) {
        // A log without its database belongs to no data that could be read; it must not reach the new file.
        for (const char* side : {"-wal", "-shm"})
            ::unlink((path + side).c_str());
        return true;
    }
    ProjectConnection connection(path, ProjectConnection::Mode::ReadWrite);
    if (!connection.ok()) {
        *error = connection.error();
        return false;
    }
    // Leaving WAL mode checkpoints the log into the file and deletes it; it fails while another connection
    // (a live run) still uses the file, whose answers the save would otherwise drop.
    const auto mode = connection.value("PRAGMA journal_mode=DELETE", error);
    if (!mode)
        return false;
    if (mode->toString().compare(QStringLiteral("delete"), Qt::CaseInsensitive) != 0) {
        *error = "journal mode is still " + toUtf8(*mode);
        return false;
    }
    return true;
}

// A process killed inside a write transaction in rollback-journal mode (a live run's log before it turns to
// WAL or after it leaves it, projectrunlog.h; a migration) leaves a hot journal beside the file, and a killed
// WAL writer may leave a log whose index needs rebuilding. A read-only connection can do neither ("attempt to
// write a readonly database"), so one read through a read-write connection first lets SQLite roll the
// interrupted transaction back or recover the log, as any writer's next open would: committed data stays, the
// unfinished transaction goes. A live writer keeps its locks (the read waits or fails, and nothing changes);
// where no read-write connection opens (a read-only file), the read-only open reports what it finds.
void recoverInterruptedWrite(const std::string& path)
{
    struct stat side = {};
    if (::lstat((path + "-journal").c_str(), &side) != 0 && ::lstat((path + "-wal").c_str(), &side) != 0)
        return;
    ProjectConnection connection(path, ProjectConnection::Mode::ReadWrite);
    std::string ignored;
    if (connection.ok())
        connection.value("SELECT count(*) FROM sqlite_master", &ignored);
}

std::optional<ProjectContents> openProject(const std::string& path, const Progress& progress,
                                           std::string* error)
{
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (!std::filesystem::exists(status)) {
        *error = path + ": no such file";
        return std::nullopt;
    }
    if (std::filesystem::is_directory(status)) {
        *error = notAProjectMessage(path, "a directory");
        return std::nullopt;
    }
    if (std::ifstream probe(path, std::ios::binary); !probe) {
        *error = path + ": cannot read the file";
        return std::nullopt;
    }
    if (!ProjectFile::looksLikeProject(path)) {
        *error = notAProjectMessage(path, "not an SQLite database");
        return std::nullopt;
    }
    recoverInterruptedWrite(path);
    const auto version = readProjectSchemaVersion(path, error);
    if (!version)
        return std::nullopt;
    if (*version > ProjectFile::kSchemaVersion) {
        *error = path + ": this project was saved by a newer Tribunal (schema version " +
                 std::to_string(*version) + "); this version reads schema versions up to " +
                 std::to_string(ProjectFile::kSchemaVersion);
        return std::nullopt;
    }
    if (*version < ProjectFile::kSchemaVersion && !migrateProject(path, *version, error))
        return std::nullopt;

    ProjectConnection connection(path, ProjectConnection::Mode::ReadOnly);
    if (!connection.ok()) {
        *error = path + ": cannot open: " + connection.error();
        return std::nullopt;
    }
    auto contents = readProjectDatabase(connection, path, progress, error);
    if (contents)
        contents->schemaVersionRead = *version;
    return contents;
}

} // namespace

bool ProjectFile::save(const std::string& path, const Audit& audit, const ProjectExtras& extras,
                       std::string* error, const Progress& progress)
{
    namespace fs = std::filesystem;
    std::string err;
    auto failed = [&](const std::string& message) {
        if (error)
            *error = message == kProjectCancelled ? message : path + ": " + message;
        return false;
    };
    // The output policy of outputfile.h: a link is followed (the file it ends at is replaced, the link
    // stays), a read-only file or a directory is refused, a FIFO or device receives the finished database's
    // bytes.
    const auto output = resolveOutputTarget(path, &err);
    if (!output) {
        if (error)
            *error = err;
        return false;
    }
    const bool stream = output->kind == OutputKind::Stream;
    std::error_code ec;
    const fs::path target =
        stream ? fs::temp_directory_path(ec) / ("tribunal-stream-" + fs::path(path).filename().string())
               : fs::path(output->writePath);
    const std::string dest = target.string();
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    const std::string temp =
        (dir / ("." + target.filename().string() + "." +
                QUuid::createUuid().toString(QUuid::WithoutBraces).toStdString() + ".tmp"))
            .string();
    auto removeTemp = [&temp] { removeWithSideFiles(temp); };

    removeStaleTemps(dir, target.filename().string());
    // The temporary file is created (empty) and locked before SQLite writes it, and stays locked until the
    // rename: another save's removeStaleTemps() leaves a locked temporary file alone. The lock goes with the
    // descriptor, closed on every return below.
    // When it cannot be created, SQLite cannot create it either and reports why in its own words below.
    const int lockFd = ::open(temp.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    struct LockGuard {
        int fd;
        ~LockGuard()
        {
            if (fd >= 0)
                ::close(fd);
        }
    } lockGuard{lockFd};
    if (lockFd >= 0)
        ::flock(lockFd, LOCK_EX);

    if (!writeProjectDatabase(temp, audit, extras, progress, &err)) {
        removeTemp();
        return failed(err == kProjectCancelled ? err : "cannot write the project: " + err);
    }
    if (!syncPath(temp, false, &err)) {
        removeTemp();
        return failed("cannot flush the project to disk: " + err);
    }
    if (stream) {
        const bool copied = copyIntoStream(temp, *output, &err);
        removeTemp();
        if (!copied && error)
            *error = err;
        return copied;
    }
    // Keep the permissions of the file being replaced.
    if (struct stat st{}; ::stat(dest.c_str(), &st) == 0 && S_ISREG(st.st_mode))
        ::chmod(temp.c_str(), st.st_mode & 07777);
    if (!foldTargetLog(dest, &err)) {
        removeTemp();
        return failed("cannot fold the write-ahead log of the file being replaced (is a run still writing "
                      "to it?): " +
                      err);
    }
    if (std::rename(temp.c_str(), dest.c_str()) != 0) {
        const int code = errno;
        removeTemp();
        return failed("cannot replace the file: " + systemError(code));
    }
    // The new file is in place; a failed directory sync (unsupported on some file systems) cannot be undone
    // and does not make the saved data wrong, so it is not reported as a failed save.
    syncPath(dir.string(), true, &err);
    return true;
}

std::optional<ProjectContents> ProjectFile::open(const std::string& path, std::string* error,
                                                 const Progress& progress)
{
    std::string err;
    auto contents = openProject(path, progress, &err);
    if (!contents && error)
        *error = err;
    return contents;
}

bool ProjectFile::looksLikeProject(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    char header[sizeof kSqliteMagic] = {};
    if (!in.read(header, sizeof header))
        return false;
    return std::memcmp(header, kSqliteMagic, sizeof header) == 0;
}

} // namespace tribunal
