#pragma once
// The progress-and-cancel interface long core work takes (../shared/spec/architecture.md, "Long work").
//
// The rule for a long core function (one that takes a trailing `const Progress& progress = {}`):
// - Chunks. Its header names its chunk (one K9 halving, one bias design row, a block of R7 resamples, ...):
//   a unit of work much larger than one record. Checks and reports happen only between chunks.
// - Cancel. It polls progress.cancelled() at chunk boundaries (never per record) and, when the flag is set,
//   throws Cancelled; no partial result is returned. Work split over threads checks the flag in each worker
//   before each chunk; a worker that sees it stops taking chunks (chunks already started finish), and
//   Cancelled is thrown on the calling thread after every worker has stopped: no exception leaves a worker
//   thread.
// - Progress. It reports progress.step(done, total) at chunk boundaries, one call at a time (possibly from a
//   worker thread, never concurrently), with done non-decreasing, done <= total and total fixed for the
//   call, and a final step(total, total) when it completes (total may be 0 when there is nothing to do).
//   After a cancellation a few more steps may arrive from chunks that were already running; then Cancelled.
// - Results. Without cancellation the results are bit-identical to a call without a Progress, for every
//   thread count: the checks sit between chunks and never touch the random streams.
// Exception: the T13 trust bootstrap (bootstrapTrust, analysis/trustbootstrap.h) keeps its documented
// behaviour - it returns an empty vector when cancelled instead of throwing.
// Thread-safety: a Progress is read concurrently by the workers; `report` must tolerate being called from
// any thread (one call at a time).

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <exception>
#include <functional>

namespace tribunal {

/// Thrown by a long core function when its Progress's cancel flag was set (see the rule above).
struct Cancelled : std::exception {
    const char* what() const noexcept override { return "cancelled"; }
};

/// Passed by reference into long-running core functions. `report` may be called from the worker thread at
/// chunk boundaries (never per record); `cancel` is polled between chunks. Both are optional.
struct Progress {
    std::function<void(std::uint64_t done, std::uint64_t total)> report;
    const std::atomic<bool>* cancel = nullptr;

    bool cancelled() const { return cancel != nullptr && cancel->load(std::memory_order_relaxed); }
    void step(std::uint64_t done, std::uint64_t total) const
    {
        if (report)
            report(done, total);
    }
    /// Throws Cancelled when cancelled() (the check a long function makes at a chunk boundary).
    void throwIfCancelled() const
    {
        if (cancelled())
            throw Cancelled();
    }
    /// The Progress of one part of a larger job: the part's step(done, partTotal), in whatever units the part
    /// counts, is forwarded as step(offset + floor(width done / partTotal), total) (offset + width for
    /// partTotal 0), where [offset, offset + width) is the part's share of the job's `total`; the cancel
    /// flag is shared. Valid while this Progress lives (it refers to it). Parts run one after another with
    /// increasing offsets keep the job's steps non-decreasing, and a part's final step maps to its end.
    Progress part(std::uint64_t offset, std::uint64_t width, std::uint64_t total) const
    {
        Progress p;
        p.cancel = cancel;
        if (report)
            p.report = [this, offset, width, total](std::uint64_t done, std::uint64_t partTotal) {
                std::uint64_t share = width;
                if (done < partTotal) // doubles: width * done may not fit 64 bits; monotonic in done
                    share = std::min(width, static_cast<std::uint64_t>(static_cast<double>(width) *
                                                                       static_cast<double>(done) /
                                                                       static_cast<double>(partTotal)));
                step(offset + share, total);
            };
        return p;
    }
};

} // namespace tribunal
