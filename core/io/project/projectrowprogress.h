#pragma once
// Internal to the project file (projectfile.h): progress over the rows a save writes or an open reads.

#include "model/progress.h"

#include <cstdint>
#include <string>

namespace tribunal {

/// The error text of a cancelled save or open; ProjectFile passes it on unprefixed.
inline constexpr char kProjectCancelled[] = "cancelled";

/// Counts rows against a known total, reporting progress and polling for cancellation every kChunk rows
/// (never per row). Not thread-safe; lives on the thread doing the work.
class ProjectRowProgress {
public:
    static constexpr std::uint64_t kChunk = 65536;

    ProjectRowProgress(const Progress& progress, std::uint64_t total) : m_progress(progress), m_total(total)
    {}

    /// Counts one row; false with *error = kProjectCancelled when the user cancelled.
    bool advance(std::string* error)
    {
        if ((++m_done % kChunk) != 0)
            return true;
        m_progress.step(m_done, m_total);
        if (!m_progress.cancelled())
            return true;
        *error = kProjectCancelled;
        return false;
    }
    bool cancelled() const { return m_progress.cancelled(); }
    /// Reports done = total.
    void finish() const { m_progress.step(m_total, m_total); }

private:
    const Progress& m_progress;
    std::uint64_t m_total;
    std::uint64_t m_done = 0;
};

} // namespace tribunal
