#include "framework/progressrelay.h"

namespace tribunal {

ProgressRelay::ProgressRelay(QObject* parent) : QObject(parent)
{
    m_clock.start();
    m_progress.cancel = &m_cancel;
    m_progress.report = [this](std::uint64_t done, std::uint64_t total) { post(done, total); };
}

void ProgressRelay::reset()
{
    m_cancel.store(false);
    m_done.store(0);
    m_total.store(0);
    m_lastPostMs.store(-kMinIntervalMs);
}

void ProgressRelay::post(std::uint64_t done, std::uint64_t total)
{
    m_done.store(done); // seq_cst: ordered before the m_pending exchange below
    m_total.store(total);
    const qint64 now = m_clock.elapsed();
    const bool final = total != 0 && done >= total;
    if (!final && now - m_lastPostMs.load(std::memory_order_relaxed) < kMinIntervalMs)
        return;
    // One queued delivery at a time: it reads the latest values when it runs, so nothing is lost by
    // not queueing another while one is pending.
    if (m_pending.exchange(true))
        return;
    m_lastPostMs.store(now, std::memory_order_relaxed);
    QMetaObject::invokeMethod(this, &ProgressRelay::deliver, Qt::QueuedConnection);
}

void ProgressRelay::deliver()
{
    m_pending.store(false);
    emit progressChanged(static_cast<qint64>(m_done.load()), static_cast<qint64>(m_total.load()));
}

} // namespace tribunal
