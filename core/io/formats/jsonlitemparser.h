#pragma once
// The item part of a Tribunal JSONL line (format in jsonlimporter.cpp): identity, kind, texts, levels, label,
// ratings and, on item lines, the kept unknown keys. A line is planned against the item's current state first
// (changing nothing) and committed only when the whole line is valid.

#include "io/formats/jsonlrecord.h"
#include "io/itemlookup.h"
#include "io/itemorigins.h"
#include "io/itempatch.h"
#include "io/recentstrings.h"
#include "model/auditbuilder.h"

#include <cstdint>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace tribunal {

/// Plans and commits the item fields of one file's lines. Not thread-safe (one per file being read).
class JsonlItemParser {
public:
    JsonlItemParser(AuditBuilder& builder, JsonlRecord& record);

    /// Validates the item part of the current record; `itemLine`: the line is an item (no judge), so
    /// judgment-only keys are an error and unknown keys belong to the item. Changes nothing; false with the
    /// record's problem set.
    bool plan(bool itemLine);
    /// Applies the plan, creating the item when new; `line` becomes the origin of what it sets.
    void commit(std::uint64_t line);

    // The planned item, for the judgment on the same line.
    TaskKind kind() const { return m_kind; }
    std::size_t levelCount() const { return m_levelCount; } ///< 0 when the item has no levels (yet)
    std::uint32_t row() const { return m_row; }             ///< valid after commit()

    /// Notes that the judgment at `line` answered ordinal `level` for item `row` while the item had no
    /// levels: levels arriving later must cover it.
    void noteAnswered(std::uint32_t row, Answer level, std::uint64_t line);

private:
    bool planIdentity();
    bool planKind();
    bool planLevels();
    bool planRatings();

    AuditBuilder& m_builder;
    JsonlRecord& m_record;
    ItemLookup m_lookup;
    RecentStrings m_datasets;
    ItemOrigins m_origins; // lines of this file that set item fields
    ItemPatch m_patch;     // texts, label and kept unknown keys

    // The plan of the current line.
    std::string_view m_dataset, m_itemId;
    char m_itemIdBuffer[32]{}; // an integer item_id as text
    bool m_exists = false;
    std::uint32_t m_row = 0;
    TaskKind m_kind = TaskKind::Pairwise;
    bool m_setLevels = false;
    std::vector<std::string_view> m_levels;
    std::size_t m_levelCount = 0; // after merging
    bool m_setRatings = false;
    std::vector<std::pair<std::string_view, Answer>> m_ratings; // rater "" (null view): named "1", "2", ...

    // The highest ordinal level answered (and its line) for items without levels yet.
    std::unordered_map<std::uint32_t, std::pair<Answer, std::uint64_t>> m_maxAnswered;
};

} // namespace tribunal
