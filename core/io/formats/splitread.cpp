#include "io/formats/splitread.h"

#include <QFile>

#include <algorithm>
#include <exception>
#include <system_error>
#include <vector>

namespace tribunal {
namespace {

std::atomic<std::uint64_t> g_joined{0};

} // namespace

std::uint64_t secondHalvesJoined()
{
    return g_joined.load(std::memory_order_relaxed);
}

std::optional<std::uint64_t> chooseSplit(const std::string& path, std::uint64_t minBytes)
{
    if (std::thread::hardware_concurrency() < 2)
        return std::nullopt;
    QFile file(QString::fromStdString(path));
    if (!file.open(QIODevice::ReadOnly) ||
        static_cast<std::uint64_t>(file.size()) < std::max<std::uint64_t>(minBytes, 2))
        return std::nullopt;
    const auto size = static_cast<std::uint64_t>(file.size());
    const std::uint64_t middle = size / 2;
    if (!file.seek(static_cast<qint64>(middle)))
        return std::nullopt;
    std::vector<char> window(std::size_t(1) << 20);
    const qint64 got = file.read(window.data(), static_cast<qint64>(window.size()));
    if (got <= 0)
        return std::nullopt;
    const auto end = window.begin() + got;
    const auto newline = std::find(window.begin(), end, '\n');
    if (newline == end)
        return std::nullopt;
    const std::uint64_t split = middle + static_cast<std::uint64_t>(newline - window.begin()) + 1;
    if (split >= size)
        return std::nullopt;
    return split;
}

SecondHalfReader::SecondHalfReader(BadRecordPolicy policy, ReadFn read)
{
    m_log.policy = policy;
    m_stopProgress.cancel = &m_stop;
    try {
        m_thread = std::thread([this, read = std::move(read)] {
            try {
                m_read = read(m_builder, m_log, m_stopProgress);
            } catch (const std::exception&) {
                m_read = false; // out of memory, most likely: the calling thread reads on and meets it there
            }
        });
    } catch (const std::system_error&) {
        // No thread to be had: nothing was read, so joinInto() tells the calling thread to read on.
    }
}

SecondHalfReader::~SecondHalfReader()
{
    abandon();
}

void SecondHalfReader::wait()
{
    if (m_thread.joinable())
        m_thread.join();
}

void SecondHalfReader::abandon()
{
    m_stop.store(true, std::memory_order_relaxed);
    wait();
    m_read = false;
    m_builder = AuditBuilder();
}

bool SecondHalfReader::joinInto(AuditBuilder& builder, std::uint32_t file, std::uint64_t lineOffset)
{
    wait();
    const bool clean = m_read && m_log.issues.empty() && !m_log.failed;
    const bool joined = clean && builder.appendPart(std::move(m_builder), file, lineOffset);
    m_read = false;
    m_builder = AuditBuilder();
    if (joined)
        g_joined.fetch_add(1, std::memory_order_relaxed);
    return joined;
}

} // namespace tribunal
