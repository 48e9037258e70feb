#include "framework/backgroundjobs.h"

#include <QTimer>

#include <algorithm>

namespace tribunal {

BackgroundJobs::BackgroundJobs(QObject* owner, std::function<void(bool busy)> busyChanged)
    : m_owner(owner), m_busyChanged(std::move(busyChanged)), m_deliveryTimer(new QTimer(owner))
{
    // A QTimer object, not QTimer::singleShot(0, ...): Qt turns the latter into a posted event, which would
    // join the very pass this is meant to leave.
    m_deliveryTimer->setSingleShot(true);
    m_deliveryTimer->setInterval(0);
    QObject::connect(m_deliveryTimer, &QTimer::timeout, owner, [this] { deliverNext(); });
}

BackgroundJobs::~BackgroundJobs()
{
    waitForWork();
}

void BackgroundJobs::started(QFuture<void> future)
{
    m_futures.push_back(std::move(future));
}

void BackgroundJobs::finished()
{
    m_futures.erase(std::remove_if(m_futures.begin(), m_futures.end(),
                                   [](const QFuture<void>& f) { return f.isFinished(); }),
                    m_futures.end());
    if (--m_running == 0)
        m_busyChanged(false);
}

void BackgroundJobs::fileResult(std::function<void()> delivery)
{
    m_filed.push_back(std::move(delivery));
    if (!m_deliveryTimer->isActive())
        m_deliveryTimer->start();
}

void BackgroundJobs::deliverNext()
{
    // waitForIdle may have delivered everything already; the timer then finds nothing.
    if (m_filed.empty())
        return;
    auto delivery = std::move(m_filed.front());
    m_filed.pop_front();
    // One result per pass: due timers all run in one pass, so the next result gets a timer of its own, which
    // Qt activates in a later pass (after the paint this result causes, and after input).
    if (!m_filed.empty())
        m_deliveryTimer->start();
    delivery();
}

void BackgroundJobs::waitForIdle()
{
    while (m_running > 0) {
        const auto futures = m_futures;
        for (auto future : futures)
            future.waitForFinished();
        QCoreApplication::sendPostedEvents(m_owner, QEvent::MetaCall);
        while (!m_filed.empty())
            deliverNext();
    }
}

void BackgroundJobs::waitForWork()
{
    for (auto& future : m_futures)
        future.waitForFinished();
}

} // namespace tribunal
