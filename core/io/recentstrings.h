#pragma once
// A tiny cache in front of StringPool::intern for one field (judge, format, dataset, ...): files cycle
// through a handful of values, and a hit saves hashing the text.

#include "model/auditbuilder.h"

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace tribunal {

/// The last few texts of one field with the ids they were interned (or found) under. The texts are copied, so
/// views may die after add(); once warm, a call allocates nothing. Not thread-safe.
class RecentStrings {
public:
    /// The id cached for `text`, if any (the last hit is checked first).
    std::optional<StrId> find(std::string_view text)
    {
        // As views: comparing sizes first saves the memcmp of a std::string comparison.
        if (m_used > 0 && std::string_view(m_text[m_hit]) == text)
            return m_id[m_hit];
        for (std::size_t i = 0; i < m_used; ++i) {
            if (std::string_view(m_text[i]) == text) {
                m_hit = i;
                return m_id[i];
            }
        }
        return std::nullopt;
    }
    /// Caches `text` under `id`, replacing the oldest entry when full.
    void add(std::string_view text, StrId id)
    {
        m_text[m_next].assign(text);
        m_id[m_next] = id;
        m_hit = m_next;
        m_next = (m_next + 1) % kSize;
        m_used = m_used < kSize ? m_used + 1 : kSize;
    }
    /// `text` interned in `builder` through the cache; "" is kEmptyStr. Inline for the usual hit.
    StrId intern(AuditBuilder& builder, std::string_view text)
    {
        if (text.empty())
            return kEmptyStr;
        if (m_used > 0 && std::string_view(m_text[m_hit]) == text)
            return m_id[m_hit];
        return internMiss(builder, text);
    }

private:
    StrId internMiss(AuditBuilder& builder, std::string_view text);

    static constexpr std::size_t kSize = 8;
    std::array<std::string, kSize> m_text;
    std::array<StrId, kSize> m_id{};
    std::size_t m_next = 0, m_used = 0, m_hit = 0;
};

} // namespace tribunal
