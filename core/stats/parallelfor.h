#pragma once
// A minimal fork-join loop for the resampling kernels: items handed out by an atomic counter to a fixed
// number of std::jthreads (the caller is worker 0). Results stay independent of the thread count when each
// item writes only its own slots, which is how every caller uses it. Qt-free. Thread-safety: `work` runs
// concurrently on up to `threads` threads; it must be safe to call so.
// parallelChunks and ProgressCounter apply the progress-and-cancel rule of model/progress.h to such loops.

#include "model/progress.h"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>
#include <type_traits>
#include <vector>

namespace tribunal {

/// Threads to use for `items` work items: `requested` (0 = std::thread::hardware_concurrency()), at least 1
/// and at most max(items, 1).
inline int workerCount(int requested, std::size_t items)
{
    std::size_t n = requested > 0 ? static_cast<std::size_t>(requested) : std::thread::hardware_concurrency();
    n = std::clamp<std::size_t>(n, 1, std::max<std::size_t>(items, 1));
    return static_cast<int>(n);
}

/// Runs work(item, worker) for every item in [0, items) on `threads` threads (worker in [0, threads)). When
/// `work` returns bool, false stops handing out further items (items already started finish).
template <class Work> void parallelFor(std::size_t items, int threads, Work&& work)
{
    std::atomic<std::size_t> next{0};
    std::atomic<bool> stop{false};
    const auto loop = [&](int worker) {
        while (!stop.load(std::memory_order_relaxed)) {
            const std::size_t item = next.fetch_add(1, std::memory_order_relaxed);
            if (item >= items)
                return;
            if constexpr (std::is_same_v<std::invoke_result_t<Work&, std::size_t, int>, bool>) {
                if (!work(item, worker))
                    stop.store(true, std::memory_order_relaxed);
            } else {
                work(item, worker);
            }
        }
    };
    std::vector<std::jthread> helpers;
    helpers.reserve(static_cast<std::size_t>(std::max(threads - 1, 0)));
    for (int t = 1; t < threads; ++t)
        helpers.emplace_back(loop, t);
    loop(0);
} // the jthreads join here

/// parallelFor for long work under the rule of model/progress.h: every worker polls progress.cancelled()
/// before each item and, when it is set, stops handing out items (items already started finish). An
/// exception thrown by work(item, worker) (e.g. by a report callback it calls) is caught in the worker and
/// stops the loop the same way. Once every worker has stopped, on the calling thread: the first caught
/// exception is rethrown, else Cancelled is thrown if an item was skipped. Nothing escapes a worker thread.
/// Which items ran does not change what any of them computes, so results stay independent of `threads`.
template <class Work>
void parallelChunks(std::size_t items, int threads, const Progress& progress, Work&& work)
{
    std::atomic<bool> skipped{false};
    std::mutex errorMutex;
    std::exception_ptr error;
    parallelFor(items, threads, [&](std::size_t item, int worker) {
        if (progress.cancelled()) {
            skipped.store(true, std::memory_order_relaxed);
            return false;
        }
        try {
            work(item, worker);
        } catch (...) {
            const std::lock_guard lock(errorMutex);
            if (!error)
                error = std::current_exception();
            return false;
        }
        return true;
    }); // joined: the flags and `error` are final
    if (error)
        std::rethrow_exception(error);
    if (skipped.load(std::memory_order_relaxed))
        throw Cancelled();
}

/// Counts the finished chunks of one long computation, from any thread, and reports them with
/// progress.step(done, total): one call at a time, done non-decreasing and <= total. With `every` = 1 each
/// add() reports; otherwise add() reports when done crosses a multiple of `every` or reaches `total` (a
/// report overtaken by a later one is dropped). finish() reports (total, total) unless that was the last
/// report: call it when the computation completes. Without a report callback it does nothing.
class ProgressCounter {
public:
    ProgressCounter(const Progress& progress, std::uint64_t total, std::uint64_t every = 1)
        : m_progress(progress), m_total(total), m_every(std::max<std::uint64_t>(every, 1))
    {}
    void add(std::uint64_t n = 1)
    {
        if (!m_progress.report)
            return;
        const std::uint64_t before = m_done.fetch_add(n, std::memory_order_relaxed);
        const std::uint64_t after = std::min(before + n, m_total);
        if (after / m_every == before / m_every && (after != m_total || before >= m_total))
            return;                          // no boundary crossed: the common case takes no lock
        const std::lock_guard lock(m_mutex); // held over the call: reports never overlap
        if (m_reported != kNone && m_reported >= after)
            return;
        m_reported = after;
        m_progress.step(after, m_total);
    }
    void finish()
    {
        if (!m_progress.report)
            return;
        const std::lock_guard lock(m_mutex);
        if (m_reported == m_total)
            return;
        m_reported = m_total;
        m_progress.step(m_total, m_total);
    }

private:
    static constexpr std::uint64_t kNone = ~std::uint64_t{0};
    const Progress& m_progress;
    const std::uint64_t m_total;
    const std::uint64_t m_every;
    std::atomic<std::uint64_t> m_done{0};
    std::uint64_t m_reported = kNone; // the last reported done, under m_mutex
    std::mutex m_mutex;
};

} // namespace tribunal
