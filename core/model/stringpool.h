#pragma once
// Interning of strings to small integer ids (../shared/spec/data-format.md, "In memory").

#include "types.h"

#include <memory>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace tribunal {

/// Append-only set of strings, each with a stable id. Id 0 is the empty string. Views returned by view() stay
/// valid for the pool's lifetime (storage is chunked and never moved).
/// Thread-safety: const members may be called concurrently; intern() needs exclusive access.
class StringPool {
public:
    StringPool();
    StringPool(const StringPool& other);
    StringPool& operator=(const StringPool& other);
    StringPool(StringPool&&) noexcept = default;
    StringPool& operator=(StringPool&&) noexcept = default;

    StrId intern(std::string_view text);
    std::optional<StrId> find(std::string_view text) const;
    std::string_view view(StrId id) const { return m_views[id]; }
    std::size_t size() const { return m_views.size(); }
    /// Bytes of string data held (without the index).
    std::size_t byteSize() const { return m_bytes; }

private:
    struct Hash {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
    };
    std::string_view store(std::string_view text);

    std::vector<std::unique_ptr<char[]>> m_chunks;
    std::size_t m_chunkUsed = 0;
    std::size_t m_chunkSize = 0;
    std::size_t m_bytes = 0;
    std::vector<std::string_view> m_views;
    std::unordered_map<std::string_view, StrId, Hash, std::equal_to<>> m_index;
};

} // namespace tribunal
