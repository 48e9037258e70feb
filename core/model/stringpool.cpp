#include "stringpool.h"

#include <cstring>

namespace tribunal {
namespace {
constexpr std::size_t kChunkBytes = 1 << 20;
}

StringPool::StringPool()
{
    m_views.emplace_back();
    m_index.emplace(std::string_view(), kEmptyStr);
}

StringPool::StringPool(const StringPool& other) : StringPool()
{
    m_views.reserve(other.m_views.size());
    m_index.reserve(other.m_index.size());
    for (std::size_t i = 1; i < other.m_views.size(); ++i) {
        auto stored = store(other.m_views[i]);
        m_views.push_back(stored);
        m_index.emplace(stored, static_cast<StrId>(i));
    }
}

StringPool& StringPool::operator=(const StringPool& other)
{
    if (this != &other) {
        StringPool copy(other);
        *this = std::move(copy);
    }
    return *this;
}

std::string_view StringPool::store(std::string_view text)
{
    if (text.size() > kChunkBytes / 4) {
        // Large texts (raw judge outputs) get a chunk of their own so small strings keep packing densely.
        auto chunk = std::make_unique<char[]>(text.size());
        std::memcpy(chunk.get(), text.data(), text.size());
        std::string_view stored(chunk.get(), text.size());
        m_chunks.insert(m_chunks.end() - (m_chunks.empty() ? 0 : 1), std::move(chunk));
        m_bytes += text.size();
        return stored;
    }
    if (m_chunks.empty() || m_chunkUsed + text.size() > m_chunkSize) {
        m_chunks.push_back(std::make_unique<char[]>(kChunkBytes));
        m_chunkUsed = 0;
        m_chunkSize = kChunkBytes;
    }
    char* dest = m_chunks.back().get() + m_chunkUsed;
    std::memcpy(dest, text.data(), text.size());
    m_chunkUsed += text.size();
    m_bytes += text.size();
    return {dest, text.size()};
}

StrId StringPool::intern(std::string_view text)
{
    if (auto it = m_index.find(text); it != m_index.end())
        return it->second;
    auto stored = store(text);
    auto id = static_cast<StrId>(m_views.size());
    m_views.push_back(stored);
    m_index.emplace(stored, id);
    return id;
}

std::optional<StrId> StringPool::find(std::string_view text) const
{
    if (auto it = m_index.find(text); it != m_index.end())
        return it->second;
    return std::nullopt;
}

} // namespace tribunal
