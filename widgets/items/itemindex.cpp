#include "items/itemindex.h"

#include <algorithm>
#include <unordered_set>

namespace tribunal {
namespace {

std::vector<StrId> sortedByName(const Audit& audit, std::vector<StrId> ids)
{
    std::sort(ids.begin(), ids.end(), [&audit](StrId a, StrId b) { return audit.str(a) < audit.str(b); });
    return ids;
}

template <typename Set> std::vector<StrId> keysOf(const Set& set)
{
    std::vector<StrId> keys;
    keys.reserve(set.size());
    for (const auto& entry : set) {
        if constexpr (std::is_same_v<Set, std::unordered_set<StrId>>)
            keys.push_back(entry);
        else
            keys.push_back(entry.first);
    }
    return keys;
}

} // namespace

std::shared_ptr<const ItemIndex> ItemIndex::build(const Audit& audit)
{
    auto index = std::make_shared<ItemIndex>();
    const auto items = audit.itemCount();
    const auto& j = audit.judgments();
    const std::size_t words = (items + 63) / 64;

    index->m_missing.assign(items, 0);
    for (std::size_t r = 0; r < j.size(); ++r)
        if (j.answer[r] == answer::kNone)
            ++index->m_missing[j.item[r]];

    // Judge and format are constant within a cell, so the map is consulted once per cell, not per judgment.
    for (const auto& cell : audit.cells()) {
        auto& judgeBits = index->m_byJudge[cell.judge];
        auto& formatBits = index->m_byFormat[cell.format];
        if (judgeBits.words.empty())
            judgeBits.words.assign(words, 0);
        if (formatBits.words.empty())
            formatBits.words.assign(words, 0);
        for (auto r = cell.begin; r < cell.end; ++r) {
            judgeBits.set(j.item[r]);
            formatBits.set(j.item[r]);
        }
    }

    std::unordered_set<StrId> datasets(audit.items().dataset.begin(), audit.items().dataset.end());
    index->m_datasets = sortedByName(audit, keysOf(datasets));
    index->m_judges = sortedByName(audit, keysOf(index->m_byJudge));
    index->m_formats = sortedByName(audit, keysOf(index->m_byFormat));
    return index;
}

const ItemBitSet* ItemIndex::itemsOfJudge(StrId judge) const
{
    auto it = m_byJudge.find(judge);
    return it == m_byJudge.end() ? nullptr : &it->second;
}

const ItemBitSet* ItemIndex::itemsOfFormat(StrId format) const
{
    auto it = m_byFormat.find(format);
    return it == m_byFormat.end() ? nullptr : &it->second;
}

} // namespace tribunal
