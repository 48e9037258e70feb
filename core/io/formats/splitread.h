#pragma once
// Reading one large file on two threads (docs/performance.md, "Import"): the calling thread reads the first
// half into the import's builder while a second thread reads the rest into a builder of its own, and at the
// split the halves are joined (AuditBuilder::appendPart). The outcome always equals a read on one thread:
// the second half is used only when it was read to its end without a single issue and its items join
// without a check a sequential read would have made; otherwise the calling thread reads on past the split
// itself, so the audit and the messages are those of a sequential read.

#include "model/auditbuilder.h"
#include "model/importissue.h"
#include "model/progress.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <thread>

namespace tribunal {

/// Files below this size are read on one thread: starting the second thread and joining cost more than the
/// half saves there.
inline constexpr std::uint64_t kMinSplitBytes = std::uint64_t(8) << 20;

/// Where to split `path` between two threads: just after the first '\n' at or after the middle of the file
/// (looked for in the next 1 MiB), or nullopt when the file is smaller than `minBytes`, the machine has one
/// hardware thread, the file cannot be read, or there is no such newline. The newline may lie inside a
/// quoted CSV field: readers find that out at the split and then read on alone.
std::optional<std::uint64_t> chooseSplit(const std::string& path, std::uint64_t minBytes = kMinSplitBytes);

/// How many second halves were joined since the program started (all threads): tests and benchmarks use it
/// to tell a two-thread read from one that fell back to reading on alone.
std::uint64_t secondHalvesJoined();

/// The second half of a file, read on a thread of its own from construction on. Not copyable; the
/// destructor stops the thread (if still running) and waits for it.
class SecondHalfReader {
public:
    /// Reads the second half into `builder` (fresh; it registers its one source file) with problems to
    /// `log` (the import's policy); returns false when it stopped early. `stop` is a progress with no
    /// report whose cancel flag asks it to stop (poll it as usual, through ByteProgress).
    using ReadFn = std::function<bool(AuditBuilder& builder, ImportLog& log, const Progress& stop)>;

    SecondHalfReader(BadRecordPolicy policy, ReadFn read);
    ~SecondHalfReader();
    SecondHalfReader(const SecondHalfReader&) = delete;
    SecondHalfReader& operator=(const SecondHalfReader&) = delete;

    /// Waits for the thread. When it read its half to the end without any issue logged, appends that half to
    /// `builder` (appendPart: its file becomes `file`, its lines come `lineOffset` after) and returns true;
    /// otherwise (or when appendPart refuses) returns false and `builder` is unchanged: read on alone.
    bool joinInto(AuditBuilder& builder, std::uint32_t file, std::uint64_t lineOffset);
    /// Asks the thread to stop, waits for it and discards its work.
    void abandon();

private:
    void wait();

    AuditBuilder m_builder;
    ImportLog m_log;
    std::atomic<bool> m_stop{false};
    Progress m_stopProgress;
    bool m_read = false;
    std::thread m_thread;
};

} // namespace tribunal
