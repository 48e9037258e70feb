#include "io/outputfile.h"

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace tribunal {
namespace {

constexpr int kMaxLinks = 40; // as the kernel's own limit (ELOOP)

std::string directoryOf(const std::string& path)
{
    const auto slash = path.rfind('/');
    if (slash == std::string::npos)
        return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

std::string baseNameOf(const std::string& path)
{
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

bool startsWith(const std::string& text, std::string_view prefix)
{
    return text.compare(0, prefix.size(), prefix) == 0;
}

bool writeAll(int fd, std::string_view bytes)
{
    while (!bytes.empty()) {
        const ssize_t n = ::write(fd, bytes.data(), bytes.size());
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        bytes.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

// Writable for this process and by its permission bits: root may write a file with no write bit, but a
// file made read-only says "do not change me".
bool isWritable(const std::string& path, const struct stat& st)
{
    return (st.st_mode & 0222) != 0 && ::access(path.c_str(), W_OK) == 0;
}

} // namespace

std::string readOnlyOutputMessage(const std::string& path)
{
    return path + ": the file is read-only; make it writable or write to another file (nothing was written)";
}

std::optional<OutputTarget> resolveOutputTarget(const std::string& path, std::string* error)
{
    auto refuse = [&](std::string message) -> std::optional<OutputTarget> {
        if (error)
            *error = std::move(message);
        return std::nullopt;
    };
    if (path.empty())
        return refuse("no output file name given");
    OutputTarget target;
    target.path = path;
    target.writePath = path;

    // Where the name ends up (following every link): a stream is written in place under the name given.
    struct stat st = {};
    if (::stat(path.c_str(), &st) == 0) {
        if (S_ISDIR(st.st_mode))
            return refuse(path + ": is a directory");
        if (S_ISFIFO(st.st_mode) || S_ISCHR(st.st_mode)) {
            if (::access(path.c_str(), W_OK) != 0)
                return refuse(readOnlyOutputMessage(path));
            target.kind = OutputKind::Stream;
            return target;
        }
        if (!S_ISREG(st.st_mode))
            return refuse(path + ": not a regular file, FIFO or character device");
        if (!isWritable(path, st))
            return refuse(readOnlyOutputMessage(path));
    }

    // Follow the links one by one: the rename must replace the file at the end, not the link.
    std::string current = path;
    for (int hops = 0;; ++hops) {
        if (startsWith(current, "/proc/")) {
            // /dev/stdout -> /proc/self/fd/1: a descriptor link, which names no directory entry to rename
            // over; it is opened and written (truncated when it is a regular file).
            target.kind = OutputKind::Stream;
            target.writePath = path;
            return target;
        }
        struct stat link = {};
        if (::lstat(current.c_str(), &link) != 0) {
            if (errno != ENOENT)
                return refuse(path + ": " + std::strerror(errno));
            break; // a new file (perhaps at the end of a dangling link)
        }
        if (!S_ISLNK(link.st_mode)) {
            target.exists = true;
            break;
        }
        if (hops == kMaxLinks)
            return refuse(path + ": " + std::strerror(ELOOP));
        std::string next(static_cast<std::size_t>(link.st_size > 0 ? link.st_size : 255) + 1, '\0');
        const ssize_t n = ::readlink(current.c_str(), next.data(), next.size());
        if (n < 0)
            return refuse(path + ": " + std::strerror(errno));
        next.resize(static_cast<std::size_t>(n));
        current = next.front() == '/' ? next : directoryOf(current) + "/" + next;
    }
    target.writePath = current;
    return target;
}

OutputFile::~OutputFile()
{
    discard();
}

bool OutputFile::fail(const std::string& what, int code, std::string* error)
{
    if (error)
        *error =
            m_target.path + ": " + what + (code ? std::string(": ") + std::strerror(code) : std::string());
    discard();
    return false;
}

bool OutputFile::open(const std::string& path, std::string* error)
{
    discard();
    auto target = resolveOutputTarget(path, error);
    if (!target)
        return false;
    m_target = std::move(*target);
    if (m_target.kind == OutputKind::Stream) {
        // O_TRUNC: a regular file reached through /proc is rewritten; FIFOs and devices ignore it.
        m_fd = ::open(m_target.writePath.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
        if (m_fd < 0)
            return fail("cannot open for writing", errno, error);
        return true;
    }
    struct stat existing = {};
    const bool exists = m_target.exists && ::stat(m_target.writePath.c_str(), &existing) == 0;
    const std::string dir = directoryOf(m_target.writePath);
    std::random_device random;
    std::mt19937_64 draw((std::uint64_t(random()) << 32) ^ random());
    for (int attempt = 0; attempt < 100 && m_fd < 0; ++attempt) {
        char suffix[17];
        std::snprintf(suffix, sizeof suffix, "%016llx", static_cast<unsigned long long>(draw()));
        m_temp = dir + "/." + baseNameOf(m_target.writePath) + "." + suffix + ".tmp";
        // 0666 less the umask, as a file created in place would be.
        m_fd = ::open(m_temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (m_fd < 0 && errno != EEXIST) {
            const int code = errno;
            m_temp.clear();
            return fail("cannot create a file in " + dir, code, error);
        }
    }
    if (m_fd < 0) {
        m_temp.clear();
        return fail("cannot create a file in " + dir, EEXIST, error);
    }
    if (exists) {
        // The replacement keeps what the user set on the file it replaces; an owner only root may set.
        ::fchmod(m_fd, existing.st_mode & 07777);
        if (::fchown(m_fd, existing.st_uid, existing.st_gid) != 0) {
            // Not permitted for an ordinary user writing another's file: the file becomes theirs.
        }
    }
    return true;
}

bool OutputFile::write(std::string_view bytes, std::string* error)
{
    if (m_fd < 0)
        return fail("not open", 0, error);
    if (!writeAll(m_fd, bytes))
        return fail("cannot write", errno, error);
    return true;
}

bool OutputFile::commit(std::string* error)
{
    if (m_fd < 0)
        return fail("not open", 0, error);
    if (m_target.kind == OutputKind::Stream) {
        const int rc = ::close(m_fd);
        m_fd = -1;
        return rc == 0 || fail("cannot write", errno, error);
    }
    if (::fsync(m_fd) != 0)
        return fail("cannot flush to disk", errno, error);
    const int rc = ::close(m_fd);
    m_fd = -1;
    if (rc != 0)
        return fail("cannot write", errno, error);
    if (::rename(m_temp.c_str(), m_target.writePath.c_str()) != 0)
        return fail("cannot replace the file", errno, error);
    m_temp.clear();
    // The rename itself survives a power cut once the directory is synced; where a file system cannot sync
    // a directory, the data written is still right.
    if (const int dirFd = ::open(directoryOf(m_target.writePath).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        dirFd >= 0) {
        ::fsync(dirFd);
        ::close(dirFd);
    }
    return true;
}

bool OutputFile::retarget(const std::string& path, std::string* error)
{
    if (m_fd < 0 || m_target.kind != OutputKind::Replace)
        return fail("not open as a file to replace", 0, error);
    auto target = resolveOutputTarget(path, error);
    if (!target)
        return false;
    if (target->kind != OutputKind::Replace) {
        if (error)
            *error = path + ": a FIFO or device cannot take a file already begun; name a regular file";
        return false;
    }
    m_target = std::move(*target);
    return true;
}

void OutputFile::discard()
{
    if (m_fd >= 0) {
        ::close(m_fd);
        m_fd = -1;
    }
    if (!m_temp.empty()) {
        ::unlink(m_temp.c_str());
        m_temp.clear();
    }
}

bool writeOutputFile(const std::string& path, std::string_view bytes, std::string* error)
{
    OutputFile file;
    return file.open(path, error) && file.write(bytes, error) && file.commit(error);
}

bool copyIntoStream(const std::string& from, const OutputTarget& target, std::string* error)
{
    auto failed = [&](const std::string& what, int code) {
        if (error)
            *error = target.path + ": " + what + ": " + std::strerror(code);
        return false;
    };
    const int in = ::open(from.c_str(), O_RDONLY | O_CLOEXEC);
    if (in < 0)
        return failed("cannot read " + from, errno);
    const int out = ::open(target.writePath.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (out < 0) {
        const int code = errno;
        ::close(in);
        return failed("cannot open for writing", code);
    }
    char buffer[1 << 16];
    bool ok = true;
    int code = 0;
    for (;;) {
        const ssize_t n = ::read(in, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            ok = n == 0;
            code = errno;
            break;
        }
        if (!writeAll(out, std::string_view(buffer, static_cast<std::size_t>(n)))) {
            ok = false;
            code = errno;
            break;
        }
    }
    ::close(in);
    if (::close(out) != 0 && ok) {
        ok = false;
        code = errno;
    }
    return ok || failed("cannot write", code);
}

} // namespace tribunal
