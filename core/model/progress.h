#pragma once
// The progress-and-cancel interface long core work takes (../shared/spec/architecture.md, "Long work").

#include <atomic>
#include <cstdint>
#include <functional>

namespace tribunal {

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
};

} // namespace tribunal
