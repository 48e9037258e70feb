#pragma once
// Progress of reading one file, by bytes: the importers' adapter to the progress-and-cancel interface
// (../shared/spec/architecture.md, "Long work"), which wants reports at chunk boundaries, never per record.

#include "model/progress.h"

#include <cstdint>

namespace tribunal {

/// Reports `done` of `total` bytes and polls cancel, at most once per `interval` bytes (and on the first
/// call), so calling it per record costs one comparison. Not thread-safe (one per reader).
class ByteProgress {
public:
    static constexpr std::uint64_t kDefaultInterval = std::uint64_t(8) << 20;

    ByteProgress(const Progress& progress, std::uint64_t total, std::uint64_t interval = kDefaultInterval)
        : m_progress(progress), m_total(total), m_interval(interval)
    {}
    /// False when the import was cancelled (then stop and return false: the import is abandoned).
    bool advance(std::uint64_t done) { return done < m_next || report(done); }
    /// The last report: all bytes done.
    void finish() const { m_progress.step(m_total, m_total); }

private:
    bool report(std::uint64_t done)
    {
        m_next = done + m_interval;
        m_progress.step(done, m_total);
        return !m_progress.cancelled();
    }

    const Progress& m_progress;
    std::uint64_t m_total;
    std::uint64_t m_interval;
    std::uint64_t m_next = 0;
};

} // namespace tribunal
