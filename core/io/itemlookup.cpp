#include "io/itemlookup.h"

namespace tribunal {

ItemLookup::ItemLookup(AuditBuilder& builder) : m_builder(builder), m_cache(kCacheSize, kNoRow) {}

bool ItemLookup::matches(std::uint32_t row, StrId dataset, std::string_view itemId) const
{
    return m_builder.itemDataset(row) == dataset && m_builder.str(m_builder.itemId(row)) == itemId;
}

std::uint32_t& ItemLookup::slot(StrId dataset, std::string_view itemId)
{
    std::uint64_t h = 1469598103934665603ull ^ dataset; // FNV-1a over the id text, seeded by the dataset
    for (char c : itemId) {
        h ^= static_cast<unsigned char>(c);
        h *= 1099511628211ull;
    }
    return m_cache[(h ^ (h >> 32)) & (kCacheSize - 1)];
}

std::optional<std::uint32_t> ItemLookup::findMiss(std::string_view dataset, std::string_view itemId)
{
    if (m_lastDataset == kEmptyStr || m_builder.str(m_lastDataset) != dataset) {
        auto found = m_builder.strings().find(dataset);
        if (!found)
            return std::nullopt;
        m_lastDataset = *found;
    }
    const StrId did = m_lastDataset;
    auto& cached = slot(did, itemId);
    if (cached != kNoRow && matches(cached, did, itemId)) {
        m_lastItem = cached;
        return cached;
    }
    auto iid = m_builder.strings().find(itemId);
    if (!iid)
        return std::nullopt;
    auto row = m_builder.findItem(did, *iid);
    if (row) {
        cached = *row;
        m_lastItem = *row;
    }
    return row;
}

void ItemLookup::remember(std::uint32_t row)
{
    m_lastItem = row;
    slot(m_builder.itemDataset(row), m_builder.str(m_builder.itemId(row))) = row;
}

} // namespace tribunal
