#pragma once
// Per-snapshot lookup tables the item views need to stay fast on large audits (1,000,000 judgments): which
// items each judge and each format has judged, missing verdicts per item, and the name-sorted lists of
// datasets, judges and formats. Built once per snapshot (off the GUI thread by AuditSession), never per row.

#include "model/audit.h"

#include <cstdint>
#include <memory>
#include <span>
#include <unordered_map>
#include <vector>

namespace tribunal {

/// A set of item rows as a bit vector (one bit per item of the snapshot).
struct ItemBitSet {
    std::vector<std::uint64_t> words;

    bool test(std::size_t item) const { return (words[item >> 6] >> (item & 63)) & 1u; }
    void set(std::size_t item) { words[item >> 6] |= std::uint64_t(1) << (item & 63); }
};

/// Immutable once built; safe to share between threads. Holds no pointer into the audit it was built from,
/// but its ids are only meaningful for that snapshot.
class ItemIndex {
public:
    /// Reads `audit` once: O(judgments + items + cells log cells). Thread-safety: may run on any thread.
    static std::shared_ptr<const ItemIndex> build(const Audit& audit);

    /// Judgments of item `item` whose answer is "none" (failed call, unparsable output).
    std::uint32_t missingVerdicts(std::size_t item) const { return m_missing[item]; }

    /// Distinct datasets, judges and formats, sorted by name.
    std::span<const StrId> datasets() const { return m_datasets; }
    std::span<const StrId> judges() const { return m_judges; }
    std::span<const StrId> formats() const { return m_formats; }

    /// Items with at least one judgment of `judge` (of `format`); nullptr when the snapshot has none.
    const ItemBitSet* itemsOfJudge(StrId judge) const;
    const ItemBitSet* itemsOfFormat(StrId format) const;

private:
    std::vector<std::uint32_t> m_missing;
    std::vector<StrId> m_datasets, m_judges, m_formats;
    std::unordered_map<StrId, ItemBitSet> m_byJudge, m_byFormat;
};

} // namespace tribunal
