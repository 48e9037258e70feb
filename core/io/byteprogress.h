#pragma once
// Progress of reading one file, by bytes: the importers' adapter to the progress-and-cancel interface
// (../shared/spec/architecture.md, "Long work"), which wants reports at chunk boundaries, never per record.

#include "model/progress.h"

#include <algorithm>
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
    /// While a second reader has the bytes from `split` on (splitread.h), this reader's share [0, split) is
    /// reported as the whole file; 0 reports bytes as they are (also after the second reader was dropped).
    void countShareUpTo(std::uint64_t split) { m_split = split; }
    /// The last report: all bytes done.
    void finish() const { m_progress.step(m_total, m_total); }

private:
    bool report(std::uint64_t done)
    {
        m_next = done + m_interval;
        m_progress.step(m_split > 0 ? std::min(m_total, done * m_total / m_split) : done, m_total);
        return !m_progress.cancelled();
    }

    const Progress& m_progress;
    std::uint64_t m_total;
    std::uint64_t m_interval;
    std::uint64_t m_next = 0;
    std::uint64_t m_split = 0;
};

} // namespace tribunal
