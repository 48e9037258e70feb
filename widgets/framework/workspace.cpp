#include "framework/workspace.h"

#include "framework/auditsession.h"

#include <QMetaObject>

#include <algorithm>
#include <chrono>
#include <climits>

namespace tribunal {

namespace {

/// What the report of one job's Progress shares with its copies and its queued posts (as ProgressRelay
/// does it, per job). Any thread; lock-free.
struct JobProgressState {
    static constexpr std::int64_t kMinIntervalMs = 40;
    const std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
    std::atomic<bool> pending{false};
    std::atomic<std::uint64_t> done{0}, total{0};
    std::atomic<std::int64_t> lastPostMs{-kMinIntervalMs};

    std::int64_t elapsedMs() const
    {
        return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start)
            .count();
    }
};

qint64 clampedCount(std::uint64_t value)
{
    return static_cast<qint64>(std::min<std::uint64_t>(value, static_cast<std::uint64_t>(LLONG_MAX)));
}

} // namespace

Workspace::Workspace(AuditSession* session, QObject* parent) : QObject(parent)
{
    if (session != nullptr)
        session->addWorkspace(this);
}

Progress Workspace::jobProgressFor(const JobCancel::Flag& flag)
{
    emit jobProgress(0, 0); // a new job: the superseded one's values leave the bar
    Progress progress = JobCancel::progress(flag);
    auto state = std::make_shared<JobProgressState>();
    progress.report = [this, flag, state](std::uint64_t done, std::uint64_t total) {
        if (flag->load(std::memory_order_relaxed))
            return;              // superseded or cancelled: its steps must not move the bar
        state->done.store(done); // seq_cst: ordered before the pending exchange below
        state->total.store(total);
        const std::int64_t now = state->elapsedMs();
        const bool final = done >= total;
        if (!final &&
            now - state->lastPostMs.load(std::memory_order_relaxed) < JobProgressState::kMinIntervalMs)
            return;
        // One queued post at a time: it reads the latest values when it runs, so a step (the final one
        // too) that finds a post pending is delivered by it.
        if (state->pending.exchange(true))
            return;
        state->lastPostMs.store(now, std::memory_order_relaxed);
        QMetaObject::invokeMethod(
            this,
            [this, flag, state] {
                state->pending.store(false);
                const std::uint64_t latestDone = state->done.load();
                const std::uint64_t latestTotal = state->total.load();
                if (!flag->load(std::memory_order_relaxed)) // superseded since the post
                    emit jobProgress(clampedCount(latestDone), clampedCount(latestTotal));
            },
            Qt::QueuedConnection);
    };
    return progress;
}

} // namespace tribunal
