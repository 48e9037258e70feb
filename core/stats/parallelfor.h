#pragma once
// A minimal fork-join loop for the resampling kernels: items handed out by an atomic counter to a fixed
// number of std::jthreads (the caller is worker 0). Results stay independent of the thread count when each
// item writes only its own slots, which is how every caller uses it. Qt-free. Thread-safety: `work` runs
// concurrently on up to `threads` threads; it must be safe to call so.

#include <algorithm>
#include <atomic>
#include <cstddef>
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

} // namespace tribunal
