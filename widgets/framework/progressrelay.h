#pragma once
// Adapts the core Progress interface (a callback called on a worker thread, an atomic cancel flag) to Qt:
// progress arrives on the GUI thread as a throttled queued signal.

#include "model/progress.h"

#include <QElapsedTimer>
#include <QObject>

#include <atomic>

namespace tribunal {

/// Lives on the GUI thread. progress() is handed to one worker job at a time and must outlive it (the
/// owner waits for the job before destroying the relay). Worker-side calls are lock-free.
class ProgressRelay : public QObject {
    Q_OBJECT
public:
    explicit ProgressRelay(QObject* parent = nullptr);

    /// The interface to pass to core functions. Its report() may be called from any thread.
    const Progress& progress() const { return m_progress; }

    /// Prepares for a new job: clears the cancel flag and the last reported values. GUI thread, no job
    /// running.
    void reset();
    /// Asks the running job to stop at its next chunk boundary. Any thread.
    void cancel() { m_cancel.store(true); }
    bool isCancelRequested() const { return m_cancel.load(); }

signals:
    /// done of total units (total may be 0 = unknown). At most one per kMinIntervalMs, plus the final one.
    void progressChanged(qint64 done, qint64 total);

private:
    static constexpr qint64 kMinIntervalMs = 40;
    void post(std::uint64_t done, std::uint64_t total); // worker thread
    void deliver();                                     // GUI thread

    std::atomic<bool> m_cancel{false};
    std::atomic<bool> m_pending{false};
    std::atomic<std::uint64_t> m_done{0}, m_total{0};
    std::atomic<qint64> m_lastPostMs{-kMinIntervalMs};
    QElapsedTimer m_clock;
    Progress m_progress;
};

} // namespace tribunal
