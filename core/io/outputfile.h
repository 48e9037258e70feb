#pragma once
// Writing a file the user named (-o FILE of every command, exports, the project save): one policy for all
// writers (docs/robustness.md, "Output files").
//
// - A regular file, or a name that does not exist yet, is written to a temporary file in the same directory,
//   flushed to disk and renamed over it, so a failed or killed write leaves any earlier file untouched. An
//   existing file keeps its permission bits (and, where allowed, its owner).
// - A symbolic link is followed (relative targets relative to the link's directory, at most 40 links): the
//   file it ends at is replaced as above and the link stays. A link that ends at a missing file creates it.
// - A FIFO or a character device (a pipe, /dev/null, a terminal) is opened and written into: renaming over it
//   would replace it with a regular file. So are names that lead through /proc (/dev/stdout, /dev/fd/N),
//   which stand for a descriptor already open and must not be renamed over.
// - An existing file that is read-only (no write permission bit, or not writable by this process) is
//   refused with "PATH: the file is read-only; ..." and left untouched: the rename would replace it even
//   where writing it is not allowed (a writable directory, or root).
// - A directory, a block device or a socket is refused.
// Messages start with the path as given. Not thread-safe per object; objects are independent.

#include <optional>
#include <string>
#include <string_view>

namespace tribunal {

enum class OutputKind {
    Replace, ///< a regular file (or a new one): temporary file + rename onto OutputTarget::writePath
    Stream,  ///< a FIFO, character device or /proc descriptor link: opened and written in place
};

struct OutputTarget {
    std::string path;      ///< as given (messages)
    std::string writePath; ///< Replace: the file at the end of any symbolic links; Stream: `path`
    OutputKind kind = OutputKind::Replace;
    bool exists = false; ///< Replace: writePath exists (a regular file)
};

/// Where and how `path` is written (see the file comment); nullopt with the message in *error when the
/// policy refuses it.
std::optional<OutputTarget> resolveOutputTarget(const std::string& path, std::string* error);

/// The message of a read-only target: "PATH: the file is read-only; ...".
std::string readOnlyOutputMessage(const std::string& path);

/// One output file written by the policy above. Nothing is visible at the target until commit() (Replace);
/// a Stream receives the bytes as they are written.
class OutputFile {
public:
    OutputFile() = default;
    ~OutputFile(); ///< discards an uncommitted temporary file
    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;

    /// Resolves `path` and opens the temporary file or the stream. False with the message in *error.
    bool open(const std::string& path, std::string* error);
    bool write(std::string_view bytes, std::string* error);
    /// Replace: flushes, renames into place; Stream: closes. False (target untouched for Replace) on error.
    bool commit(std::string* error);
    /// Removes the temporary file without touching the target (Stream: closes).
    void discard();
    /// Replace only, before commit(): the bytes written so far go to `path` instead (resolved by the same
    /// policy; a read-only file is refused, and so is a FIFO or device, which cannot take a file already
    /// begun). Used when a batch input that seemed to fit one file must be split after all. False with the
    /// message in *error, leaving this file as it was.
    bool retarget(const std::string& path, std::string* error);
    const OutputTarget& target() const { return m_target; }

private:
    bool fail(const std::string& what, int code, std::string* error);

    OutputTarget m_target;
    std::string m_temp;
    int m_fd = -1;
};

/// Writes `bytes` to `path` through an OutputFile.
bool writeOutputFile(const std::string& path, std::string_view bytes, std::string* error);

/// Copies the file `from` into the output `target` (a Stream: the bytes are written into it); used by the
/// project save, whose database SQLite writes to a regular file first.
bool copyIntoStream(const std::string& from, const OutputTarget& target, std::string* error);

} // namespace tribunal
