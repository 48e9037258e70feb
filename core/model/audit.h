#pragma once
// The immutable columnar snapshot of an audit (../shared/spec/data-format.md, "The model" and "In memory").
//
// One array per field; strings interned in one StringPool. Judgment rows are sorted by cell, then item, then
// (variant, cue, order, rep), so a cell is a contiguous row range and so is each item within it. Built only
// by AuditBuilder; shared read-only between threads (all members are const).

#include "stringpool.h"
#include "types.h"

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

namespace tribunal {

/// One rater's rating of a rubric item (binary MET/UNMET or an ordinal level, as an Answer).
struct Rating {
    StrId rater = kEmptyStr;
    Answer value = answer::kNone;
    friend bool operator==(const Rating&, const Rating&) = default;
};

/// Probability the judge gave one option (an Answer of the item's kind), in [0, 1].
struct ProbEntry {
    Answer option = answer::kNone;
    double p = 0.0;
    friend bool operator==(const ProbEntry&, const ProbEntry&) = default;
};

/// Text fields of an item, all interned (kEmptyStr = not given).
enum class ItemText : std::uint8_t {
    UnitId,
    Group,
    Question,
    ResponseA,
    ResponseB,
    Input,
    Submission,
    Criterion,
    Strata,
    Domain,
    Extra, ///< unknown fields of the source record, as one JSON object text (kept, not dropped)
};
inline constexpr int kItemTextCount = 11;

/// "No judgment row": the value of a judgment index that refers to none.
inline constexpr std::uint32_t kNoJudgment = 0xffffffffu;
std::string_view itemTextName(ItemText field); ///< the JSONL key: "unit_id", "group", "question", ...

struct ItemTable {
    std::vector<StrId> dataset;
    std::vector<StrId> itemId;
    std::vector<TaskKind> kind;
    std::vector<Answer> label; ///< answer::kNone = no label
    std::vector<StrId> text[kItemTextCount];
    /// Levels of an ordinal item i: levelText[levelBegin[i] .. levelBegin[i + 1]) (level 1 first).
    std::vector<std::uint32_t> levelBegin{0};
    std::vector<StrId> levelText;
    /// Individual rater ratings of item i: ratings[ratingBegin[i] .. ratingBegin[i + 1]).
    std::vector<std::uint32_t> ratingBegin{0};
    std::vector<Rating> ratings;

    std::size_t size() const { return dataset.size(); }
    StrId field(ItemText f, std::size_t i) const { return text[static_cast<int>(f)][i]; }
    std::span<const StrId> levels(std::size_t i) const
    {
        return {levelText.data() + levelBegin[i], levelBegin[i + 1] - levelBegin[i]};
    }
    std::span<const Rating> itemRatings(std::size_t i) const
    {
        return {ratings.data() + ratingBegin[i], ratingBegin[i + 1] - ratingBegin[i]};
    }
};

/// Judgment columns. Optional numeric columns are empty when no judgment has a value; otherwise they have one
/// entry per judgment with kMissing / kMissingCount holes. Use the accessors, which hide that.
struct JudgmentTable {
    std::vector<std::uint32_t> item; ///< row in ItemTable
    std::vector<StrId> judge;
    std::vector<StrId> format;
    std::vector<CondId> condition;
    std::vector<Order> order;
    std::vector<std::uint16_t> rep; ///< 1-based run index
    std::vector<Answer> answer;     ///< canonical identities
    std::vector<StrId> raw;         ///< the judge's full output (rationale)
    std::vector<StrId> error;       ///< why there is no answer
    std::vector<StrId> test;        ///< bias test name (seed 001), or empty
    std::vector<StrId> version;     ///< bias test version, e.g. "90%"
    std::vector<Variant> variant;
    std::vector<Cue> cue;
    std::vector<StrId> extra; ///< unknown fields of the source record, as one JSON object text

    std::vector<double> confidenceCol; ///< judge-stated confidence in [0, 1]
    std::vector<double> costUsdCol;    ///< USD
    std::vector<double> latencySCol;   ///< seconds
    std::vector<std::int64_t> tokensInCol;
    std::vector<std::int64_t> tokensOutCol;
    /// Probabilities of judgment j: probs[probBegin[j] .. probBegin[j + 1]); both empty when none has any.
    std::vector<std::uint32_t> probBegin;
    std::vector<ProbEntry> probs;

    std::size_t size() const { return item.size(); }
    double confidence(std::size_t j) const { return confidenceCol.empty() ? kMissing : confidenceCol[j]; }
    double costUsd(std::size_t j) const { return costUsdCol.empty() ? kMissing : costUsdCol[j]; }
    double latencyS(std::size_t j) const { return latencySCol.empty() ? kMissing : latencySCol[j]; }
    std::int64_t tokensIn(std::size_t j) const
    {
        return tokensInCol.empty() ? kMissingCount : tokensInCol[j];
    }
    std::int64_t tokensOut(std::size_t j) const
    {
        return tokensOutCol.empty() ? kMissingCount : tokensOutCol[j];
    }
    std::span<const ProbEntry> probsOf(std::size_t j) const
    {
        if (probBegin.empty())
            return {};
        return {probs.data() + probBegin[j], probBegin[j + 1] - probBegin[j]};
    }
};

/// A condition set: key/value pairs sorted by key text. Id 0 is the empty set.
using Condition = std::vector<std::pair<StrId, StrId>>;

/// One (dataset, judge, format, condition, bias test, version) cell: judgment rows [begin, end) and item runs
/// [firstRun, endRun) of Audit::itemRuns().
struct Cell {
    StrId dataset = kEmptyStr;
    StrId judge = kEmptyStr;
    StrId format = kEmptyStr;
    CondId condition = 0;
    StrId test = kEmptyStr;
    StrId version = kEmptyStr;
    std::uint32_t begin = 0, end = 0;
    std::uint32_t firstRun = 0, endRun = 0;
};

/// The judgment rows [begin, end) of one item within one cell.
struct ItemRun {
    std::uint32_t item = 0;
    std::uint32_t begin = 0, end = 0;
};

class AuditBuilder;

class Audit {
public:
    const StringPool& strings() const { return m_strings; }
    std::string_view str(StrId id) const { return m_strings.view(id); }
    const ItemTable& items() const { return m_items; }
    const JudgmentTable& judgments() const { return m_judgments; }
    const std::vector<Condition>& conditions() const { return m_conditions; }
    /// Condition keys in the order they were first seen (the flat CSV writes them as columns in this order).
    const std::vector<StrId>& conditionKeys() const { return m_conditionKeys; }
    /// Value of `key` in condition `id`, or kEmptyStr.
    StrId conditionValue(CondId id, StrId key) const;
    std::span<const Cell> cells() const { return m_cells; }
    std::span<const ItemRun> itemRuns() const { return m_itemRuns; }
    std::span<const ItemRun> itemRunsOf(const Cell& cell) const
    {
        return std::span<const ItemRun>(m_itemRuns).subspan(cell.firstRun, cell.endRun - cell.firstRun);
    }
    /// Judgment rows in the order they were imported (exports write this order).
    std::span<const std::uint32_t> importOrder() const { return m_importOrder; }
    /// Judgment rows of item i, in row order (all cells).
    std::span<const std::uint32_t> judgmentsOfItem(std::size_t i) const
    {
        return {m_byItem.data() + m_byItemBegin[i], m_byItemBegin[i + 1] - m_byItemBegin[i]};
    }
    /// Row of item (dataset, itemId), if any. A linear scan: for occasional look-ups, not loops.
    std::optional<std::uint32_t> findItem(std::string_view dataset, std::string_view itemId) const;

    std::size_t itemCount() const { return m_items.size(); }
    std::size_t judgmentCount() const { return m_judgments.size(); }
    TaskKind kindOf(std::size_t judgmentRow) const { return m_items.kind[m_judgments.item[judgmentRow]]; }

private:
    friend class AuditBuilder;
    StringPool m_strings;
    ItemTable m_items;
    JudgmentTable m_judgments;
    std::vector<Condition> m_conditions;
    std::vector<StrId> m_conditionKeys;
    std::vector<Cell> m_cells;
    std::vector<ItemRun> m_itemRuns;
    std::vector<std::uint32_t> m_importOrder;
    std::vector<std::uint32_t> m_byItemBegin;
    std::vector<std::uint32_t> m_byItem;
};

using AuditPtr = std::shared_ptr<const Audit>;

} // namespace tribunal
