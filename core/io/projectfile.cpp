#include "projectfile.h"

#include "projectconnection.h"
#include "projectmeta.h"
#include "projectreader.h"
#include "projectrowprogress.h"
#include "projectschema.h"
#include "projectwriter.h"

#include <QUuid>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

#include <fcntl.h>
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
    std::error_code ec;
    if (fs::is_directory(path, ec))
        return failed("is a directory");

    const fs::path target(path);
    const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
    const std::string temp =
        (dir / ("." + target.filename().string() + "." +
                QUuid::createUuid().toString(QUuid::WithoutBraces).toStdString() + ".tmp"))
            .string();
    auto removeTemp = [&temp] {
        ::unlink(temp.c_str());
        ::unlink((temp + "-journal").c_str());
    };

    if (!writeProjectDatabase(temp, audit, extras, progress, &err)) {
        removeTemp();
        return failed(err == kProjectCancelled ? err : "cannot write the project: " + err);
    }
    if (!syncPath(temp, false, &err)) {
        removeTemp();
        return failed("cannot flush the project to disk: " + err);
    }
    // Keep the permissions of the file being replaced.
    if (struct stat st{}; ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode))
        ::chmod(temp.c_str(), st.st_mode & 07777);
    if (std::rename(temp.c_str(), path.c_str()) != 0) {
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
