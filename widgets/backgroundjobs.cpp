#include "backgroundjobs.h"

#include <algorithm>

namespace tribunal {

BackgroundJobs::BackgroundJobs(QObject* owner, std::function<void(bool busy)> busyChanged)
    : m_owner(owner), m_busyChanged(std::move(busyChanged))
{}

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

void BackgroundJobs::waitForIdle()
{
    while (m_running > 0) {
        const auto futures = m_futures;
        for (auto future : futures)
            future.waitForFinished();
        QCoreApplication::sendPostedEvents(m_owner, QEvent::MetaCall);
    }
}

void BackgroundJobs::waitForWork()
{
    for (auto& future : m_futures)
        future.waitForFinished();
}

} // namespace tribunal
