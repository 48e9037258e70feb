#pragma once
// Finding items by their (dataset, item_id) texts while reading: records usually repeat the last item or
// cycle through recent ones, so those are checked before the builder's index.

#include "model/auditbuilder.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace tribunal {

/// Item look-up with the last item and a direct-mapped cache of 65536 recent ones in front of
/// AuditBuilder::findItem. Never allocates per look-up (the cache is allocated once). Not thread-safe; one
/// per reader, used with one builder.
class ItemLookup {
public:
    explicit ItemLookup(AuditBuilder& builder);
    /// The row of item (dataset, itemId), or nullopt when the builder has none. Inline for the usual hit.
    std::optional<std::uint32_t> find(std::string_view dataset, std::string_view itemId)
    {
        if (m_lastItem != kNoRow && m_builder.str(m_builder.itemId(m_lastItem)) == itemId &&
            m_builder.str(m_builder.itemDataset(m_lastItem)) == dataset)
            return m_lastItem;
        return findMiss(dataset, itemId);
    }
    /// Makes `row` (an item just added) the first candidate of the next look-up.
    void remember(std::uint32_t row);

private:
    static constexpr std::size_t kCacheSize = std::size_t(1) << 16;
    static constexpr std::uint32_t kNoRow = UINT32_MAX;
    std::optional<std::uint32_t> findMiss(std::string_view dataset, std::string_view itemId);
    bool matches(std::uint32_t row, StrId dataset, std::string_view itemId) const;
    std::uint32_t& slot(StrId dataset, std::string_view itemId);

    AuditBuilder& m_builder;         // non-const only for strings(): nothing is changed
    StrId m_lastDataset = kEmptyStr; // the dataset of the last miss
    std::uint32_t m_lastItem = kNoRow;
    std::vector<std::uint32_t> m_cache; // hash(dataset, item_id) -> item row
};

} // namespace tribunal
