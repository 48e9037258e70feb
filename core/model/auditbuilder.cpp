// Over 600 lines: build() is one pass (cells, sort, duplicate merge, gather) whose stages share its local
// arrays; the merge rules (conflictingField, fillMissing) are the next candidate to move to their own file.
#include "auditbuilder.h"

#include "stats/parallelfor.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <numeric>

namespace tribunal {
namespace {

std::uint64_t itemKey(StrId dataset, StrId itemId)
{
    return (static_cast<std::uint64_t>(dataset) << 32) | itemId;
}

// Appends `value` to an optional column, materialising it (with holes) on the first real value.
template <typename T>
void appendOptional(std::vector<T>& column, std::size_t row, T value, bool missing, T hole)
{
    if (column.empty()) {
        if (missing)
            return;
        column.assign(row, hole);
    }
    column.push_back(value);
}

template <typename T> void truncateOptional(std::vector<T>& column, std::size_t count)
{
    if (column.size() > count)
        column.resize(count);
}

// Reorders `column` by `perm` and releases the source right away, so the peak memory of build() is the
// builder's columns plus one column, not two full copies of the table.
template <typename T> std::vector<T> gather(std::vector<T>& column, const std::vector<std::uint32_t>& perm)
{
    if (column.empty())
        return {};
    std::vector<T> out;
    out.reserve(perm.size());
    for (auto row : perm)
        out.push_back(column[row]);
    std::vector<T>().swap(column);
    return out;
}

struct CellKey {
    StrId dataset, judge, format;
    CondId condition;
    StrId test, version;
    bool operator==(const CellKey&) const = default;
};

struct CellKeyHash {
    std::size_t operator()(const CellKey& k) const noexcept
    {
        std::uint64_t h = 1469598103934665603ull;
        for (std::uint32_t v : {k.dataset, k.judge, k.format, k.condition, k.test, k.version}) {
            h ^= v;
            h *= 1099511628211ull;
        }
        return static_cast<std::size_t>(h ^ (h >> 29));
    }
};

} // namespace

std::string_view itemTextName(ItemText field)
{
    static constexpr std::string_view names[kItemTextCount] = {
        "unit_id",    "group",     "question", "response_a", "response_b", "input",
        "submission", "criterion", "strata",   "domain",     "extra"};
    return names[static_cast<int>(field)];
}

StrId Audit::conditionValue(CondId id, StrId key) const
{
    for (const auto& [k, v] : m_conditions[id])
        if (k == key)
            return v;
    return kEmptyStr;
}

std::optional<std::uint32_t> Audit::findItem(std::string_view dataset, std::string_view itemId) const
{
    auto d = m_strings.find(dataset);
    auto i = m_strings.find(itemId);
    if (!d || !i)
        return std::nullopt;
    for (std::size_t row = 0; row < m_items.size(); ++row)
        if (m_items.dataset[row] == *d && m_items.itemId[row] == *i)
            return static_cast<std::uint32_t>(row);
    return std::nullopt;
}

AuditBuilder::AuditBuilder() = default;

AuditBuilder::AuditBuilder(const Audit& base)
    : m_strings(base.strings()), m_conditions(base.conditions()), m_conditionKeys(base.conditionKeys()),
      m_conditionKeySet(m_conditionKeys.begin(), m_conditionKeys.end())
{
    const auto& items = base.items();
    for (std::size_t i = 0; i < items.size(); ++i) {
        auto row = addItem(items.dataset[i], items.itemId[i], items.kind[i]);
        m_items.label[row] = items.label[i];
        for (int f = 0; f < kItemTextCount; ++f)
            m_items.text[f][row] = items.text[f][i];
        auto lv = items.levels(i);
        if (!lv.empty())
            m_levels[row].assign(lv.begin(), lv.end());
        auto rt = items.itemRatings(i);
        if (!rt.empty())
            m_ratings[row].assign(rt.begin(), rt.end());
    }
    for (CondId c = 1; c < m_conditions.size(); ++c) {
        std::string key;
        for (const auto& [k, v] : m_conditions[c])
            key.append(reinterpret_cast<const char*>(&k), sizeof k)
                .append(reinterpret_cast<const char*>(&v), sizeof v);
        m_conditionIndex.emplace(std::move(key), c);
    }
    const auto& j = base.judgments();
    reserveJudgments(j.size());
    for (auto row : base.importOrder()) {
        JudgmentInput in;
        in.item = j.item[row];
        in.judge = j.judge[row];
        in.format = j.format[row];
        in.condition = j.condition[row];
        in.order = j.order[row];
        in.rep = j.rep[row];
        in.answer = j.answer[row];
        in.raw = j.raw[row];
        in.error = j.error[row];
        in.test = j.test[row];
        in.version = j.version[row];
        in.variant = j.variant[row];
        in.cue = j.cue[row];
        in.extra = j.extra[row];
        in.confidence = j.confidence(row);
        in.costUsd = j.costUsd(row);
        in.latencyS = j.latencyS(row);
        in.tokensIn = j.tokensIn(row);
        in.tokensOut = j.tokensOut(row);
        in.probs = j.probsOf(row);
        addJudgment(in);
    }
}

std::uint32_t AuditBuilder::addSourceFile(std::string name)
{
    m_sourceFiles.push_back(std::move(name));
    return static_cast<std::uint32_t>(m_sourceFiles.size() - 1);
}

CondId AuditBuilder::internCondition(Condition pairs)
{
    if (pairs.empty())
        return 0;
    std::sort(pairs.begin(), pairs.end(),
              [this](const auto& a, const auto& b) { return str(a.first) < str(b.first); });
    std::string key;
    for (const auto& [k, v] : pairs)
        key.append(reinterpret_cast<const char*>(&k), sizeof k)
            .append(reinterpret_cast<const char*>(&v), sizeof v);
    if (auto it = m_conditionIndex.find(key); it != m_conditionIndex.end())
        return it->second;
    for (const auto& [k, v] : pairs)
        addConditionKey(k);
    auto id = static_cast<CondId>(m_conditions.size());
    m_conditions.push_back(std::move(pairs));
    m_conditionIndex.emplace(std::move(key), id);
    return id;
}

void AuditBuilder::addConditionKey(StrId key)
{
    if (m_conditionKeySet.insert(key).second)
        m_conditionKeys.push_back(key);
}

std::optional<std::uint32_t> AuditBuilder::findItem(StrId dataset, StrId itemId) const
{
    if (auto it = m_itemIndex.find(itemKey(dataset, itemId)); it != m_itemIndex.end())
        return it->second;
    return std::nullopt;
}

std::uint32_t AuditBuilder::addItem(StrId dataset, StrId itemId, TaskKind kind)
{
    auto row = static_cast<std::uint32_t>(m_items.dataset.size());
    m_items.dataset.push_back(dataset);
    m_items.itemId.push_back(itemId);
    m_items.kind.push_back(kind);
    m_items.label.push_back(answer::kNone);
    for (auto& column : m_items.text)
        column.push_back(kEmptyStr);
    m_itemIndex.emplace(itemKey(dataset, itemId), row);
    return row;
}

std::span<const StrId> AuditBuilder::levels(std::uint32_t item) const
{
    auto it = m_levels.find(item);
    return it == m_levels.end() ? std::span<const StrId>() : std::span<const StrId>(it->second);
}

void AuditBuilder::setLevels(std::uint32_t item, std::vector<StrId> levels)
{
    if (levels.empty())
        m_levels.erase(item);
    else
        m_levels[item] = std::move(levels);
}

std::span<const Rating> AuditBuilder::ratings(std::uint32_t item) const
{
    auto it = m_ratings.find(item);
    return it == m_ratings.end() ? std::span<const Rating>() : std::span<const Rating>(it->second);
}

void AuditBuilder::setRatings(std::uint32_t item, std::vector<Rating> ratings)
{
    if (ratings.empty())
        m_ratings.erase(item);
    else
        m_ratings[item] = std::move(ratings);
}

void AuditBuilder::reserveJudgments(std::size_t count)
{
    auto& j = m_judgments;
    j.item.reserve(count);
    j.judge.reserve(count);
    j.format.reserve(count);
    j.condition.reserve(count);
    j.order.reserve(count);
    j.rep.reserve(count);
    j.answer.reserve(count);
    j.raw.reserve(count);
    j.error.reserve(count);
    j.test.reserve(count);
    j.version.reserve(count);
    j.variant.reserve(count);
    j.cue.reserve(count);
    j.extra.reserve(count);
    m_sources.reserve(count);
}

void AuditBuilder::addJudgment(const JudgmentInput& in)
{
    auto& j = m_judgments;
    const std::size_t row = j.item.size();
    j.item.push_back(in.item);
    j.judge.push_back(in.judge);
    j.format.push_back(in.format);
    j.condition.push_back(in.condition);
    j.order.push_back(in.order);
    j.rep.push_back(in.rep);
    j.answer.push_back(in.answer);
    j.raw.push_back(in.raw);
    j.error.push_back(in.error);
    j.test.push_back(in.test);
    j.version.push_back(in.version);
    j.variant.push_back(in.variant);
    j.cue.push_back(in.cue);
    j.extra.push_back(in.extra);
    appendOptional(j.confidenceCol, row, in.confidence, isMissing(in.confidence), kMissing);
    appendOptional(j.costUsdCol, row, in.costUsd, isMissing(in.costUsd), kMissing);
    appendOptional(j.latencySCol, row, in.latencyS, isMissing(in.latencyS), kMissing);
    appendOptional(j.tokensInCol, row, in.tokensIn, in.tokensIn == kMissingCount, kMissingCount);
    appendOptional(j.tokensOutCol, row, in.tokensOut, in.tokensOut == kMissingCount, kMissingCount);
    if (!in.probs.empty() && j.probBegin.empty())
        j.probBegin.assign(row + 1, 0);
    if (!j.probBegin.empty()) {
        j.probs.insert(j.probs.end(), in.probs.begin(), in.probs.end());
        j.probBegin.push_back(static_cast<std::uint32_t>(j.probs.size()));
    }
    m_sources.push_back(in.source);
}

void AuditBuilder::truncateJudgments(std::size_t count)
{
    auto& j = m_judgments;
    if (count >= j.item.size())
        return;
    for (auto* column :
         {&j.item, &j.judge, &j.format, &j.condition, &j.raw, &j.error, &j.test, &j.version, &j.extra})
        column->resize(count);
    j.order.resize(count);
    j.rep.resize(count);
    j.answer.resize(count);
    j.variant.resize(count);
    j.cue.resize(count);
    truncateOptional(j.confidenceCol, count);
    truncateOptional(j.costUsdCol, count);
    truncateOptional(j.latencySCol, count);
    truncateOptional(j.tokensInCol, count);
    truncateOptional(j.tokensOutCol, count);
    if (!j.probBegin.empty()) {
        j.probBegin.resize(count + 1);
        j.probs.resize(j.probBegin.back());
    }
    m_sources.resize(count);
}

namespace {

/// Whether two recorded values agree: equal, or missing in one of them (NaN).
bool compatible(double a, double b)
{
    return a == b || std::isnan(a) || std::isnan(b);
}

/// Two judgments with the same key merge when every field both record agrees (a field missing in one copy
/// does not conflict). Returns the first field in which a and b of `j` conflict, or "" when they merge.
std::string conflictingField(const JudgmentTable& j, std::uint32_t a, std::uint32_t b)
{
    const auto strConflict = [](StrId x, StrId y) { return x != kEmptyStr && y != kEmptyStr && x != y; };
    if (j.answer[a] != j.answer[b])
        return "answer";
    if (strConflict(j.error[a], j.error[b]))
        return "error";
    if (strConflict(j.raw[a], j.raw[b]))
        return "raw output";
    const auto pa = j.probsOf(a), pb = j.probsOf(b);
    if (!pa.empty() && !pb.empty() && !std::equal(pa.begin(), pa.end(), pb.begin(), pb.end()))
        return "probabilities";
    if (!compatible(j.confidence(a), j.confidence(b)))
        return "confidence";
    if (!compatible(j.costUsd(a), j.costUsd(b)))
        return "cost_usd";
    if (!compatible(j.latencyS(a), j.latencyS(b)))
        return "latency_s";
    const auto tokens = [](std::int64_t x, std::int64_t y) {
        return x == y || x == kMissingCount || y == kMissingCount;
    };
    if (!tokens(j.tokensIn(a), j.tokensIn(b)) || !tokens(j.tokensOut(a), j.tokensOut(b)))
        return "tokens";
    if (strConflict(j.extra[a], j.extra[b]))
        return "extra fields";
    return {};
}

/// Copies into `keep` the fields it lacks and `other` records (not probabilities: the copy kept is the one
/// with them, see build()).
void fillMissing(JudgmentTable& j, std::uint32_t keep, std::uint32_t other)
{
    for (auto* col : {&j.error, &j.raw, &j.extra})
        if ((*col)[keep] == kEmptyStr)
            (*col)[keep] = (*col)[other];
    for (auto* col : {&j.confidenceCol, &j.costUsdCol, &j.latencySCol})
        if (!col->empty() && std::isnan((*col)[keep]))
            (*col)[keep] = (*col)[other];
    for (auto* col : {&j.tokensInCol, &j.tokensOutCol})
        if (!col->empty() && (*col)[keep] == kMissingCount)
            (*col)[keep] = (*col)[other];
}

} // namespace

AuditPtr AuditBuilder::build(ImportLog& log, const Progress& progress)
{
    auto& src = m_judgments;
    const std::size_t n = src.item.size();
    progress.step(0, 4);

    // Cells in order of first appearance.
    std::unordered_map<CellKey, std::uint32_t, CellKeyHash> cellIndex;
    std::vector<CellKey> cellKeys;
    std::vector<std::uint32_t> cellOf(n);
    CellKey last{};
    std::uint32_t lastCell = UINT32_MAX;
    for (std::size_t r = 0; r < n; ++r) {
        CellKey key{m_items.dataset[src.item[r]],
                    src.judge[r],
                    src.format[r],
                    src.condition[r],
                    src.test[r],
                    src.version[r]};
        if (lastCell == UINT32_MAX || !(key == last)) {
            auto [it, inserted] = cellIndex.try_emplace(key, static_cast<std::uint32_t>(cellKeys.size()));
            if (inserted)
                cellKeys.push_back(key);
            last = key;
            lastCell = it->second;
        }
        cellOf[r] = lastCell;
    }

    // Stable counting sort by cell, then by (item, variant, cue, order, rep) within each cell.
    std::vector<std::uint32_t> cellStart(cellKeys.size() + 1, 0);
    for (auto c : cellOf)
        ++cellStart[c + 1];
    std::partial_sum(cellStart.begin(), cellStart.end(), cellStart.begin());
    std::vector<std::uint32_t> perm(n);
    {
        auto fill = cellStart;
        for (std::size_t r = 0; r < n; ++r)
            perm[fill[cellOf[r]]++] = static_cast<std::uint32_t>(r);
    }
    cellOf.clear();
    cellOf.shrink_to_fit();
    auto within = [&src](std::uint32_t a, std::uint32_t b) {
        if (src.item[a] != src.item[b])
            return src.item[a] < src.item[b];
        if (src.variant[a] != src.variant[b])
            return src.variant[a] < src.variant[b];
        if (src.cue[a] != src.cue[b])
            return src.cue[a] < src.cue[b];
        if (src.order[a] != src.order[b])
            return src.order[a] < src.order[b];
        return src.rep[a] < src.rep[b];
    };
    for (std::size_t c = 0; c < cellKeys.size(); ++c) {
        auto first = perm.begin() + cellStart[c], end = perm.begin() + cellStart[c + 1];
        if (!std::is_sorted(first, end, within))
            std::stable_sort(first, end, within);
    }
    progress.step(1, 4);

    // Duplicate keys are adjacent now; the copy imported first is kept. A copy that agrees with it (the same
    // file read twice, a file imported on top of the audit it came from, a CSV export without the raw
    // outputs) is merged: kept once, counted per file. A copy that differs is a conflict, a bad record naming
    // the first field that differs.
    std::vector<bool> dropped;
    std::map<std::uint32_t, std::uint64_t> merged; // source file -> identical copies dropped
    for (std::size_t c = 0; c < cellKeys.size(); ++c) {
        for (auto k = cellStart[c] + 1; k < cellStart[c + 1]; ++k) {
            auto a = perm[k - 1], b = perm[k];
            if (within(a, b))
                continue;
            auto first = std::min(a, b), later = std::max(a, b);
            const auto& firstSrc = m_sources[first];
            const auto& laterSrc = m_sources[later];
            const std::string differs = conflictingField(src, first, later);
            if (differs.empty()) {
                ++merged[laterSrc.file];
                ++log.mergedRecords;
                // The copy kept is the first, unless only the later has probabilities (they are not copied).
                if (src.probsOf(first).empty() && !src.probsOf(later).empty())
                    std::swap(first, later);
                fillMissing(src, first, later);
            } else {
                const std::string where =
                    firstSrc.file == 0 ? "the judgment already in the open audit"
                    : firstSrc.file == laterSrc.file
                        ? "line " + std::to_string(firstSrc.line)
                        : m_sourceFiles[firstSrc.file] + ":" + std::to_string(firstSrc.line);
                std::string detail = differs;
                if (differs == "answer") {
                    const TaskKind kind = m_items.kind[src.item[first]];
                    detail += " " + answerText(kind, src.answer[later]) + " here, " +
                              answerText(kind, src.answer[first]) + " there";
                }
                if (!log.badRecord(
                        {m_sourceFiles[laterSrc.file], laterSrc.line, "rep",
                         "conflicting judgment: same item, judge, format, condition, order and rep "
                         "as " +
                             where + ", different " + detail}))
                    return nullptr;
            }
            if (dropped.empty())
                dropped.assign(n, false);
            dropped[later] = true;
            perm[k] = first; // keep comparing against the kept copy
            perm[k - 1] = UINT32_MAX;
        }
    }
    for (const auto& [file, count] : merged)
        log.note({m_sourceFiles[file], 0, "",
                  std::to_string(count) + (count == 1 ? " judgment" : " judgments") +
                      " merged with ones already read or in the open audit (same key, and every field both "
                      "record agrees): kept once, with the fields only the later copy records"});
    if (!dropped.empty()) {
        // Remove the placeholders and adjust the cell boundaries.
        std::vector<std::uint32_t> kept;
        kept.reserve(n);
        std::vector<std::uint32_t> newStart(cellKeys.size() + 1, 0);
        for (std::size_t c = 0; c < cellKeys.size(); ++c) {
            for (auto k = cellStart[c]; k < cellStart[c + 1]; ++k)
                if (perm[k] != UINT32_MAX)
                    kept.push_back(perm[k]);
            newStart[c + 1] = static_cast<std::uint32_t>(kept.size());
        }
        perm = std::move(kept);
        cellStart = std::move(newStart);
    }
    progress.step(2, 4);

    std::vector<SourceRef>().swap(m_sources); // only the duplicate messages above need them
    auto audit = std::shared_ptr<Audit>(new Audit());
    auto& j = audit->m_judgments;
    const std::size_t kept = perm.size();
    // Each column is reordered on its own, so they are shared among the cores (at 1,000,000 judgments this
    // is a third of build(): docs/performance.md, "Import").
    const std::vector<std::function<void()>> reorder = {
        [&] { j.item = gather(src.item, perm); },
        [&] { j.judge = gather(src.judge, perm); },
        [&] { j.format = gather(src.format, perm); },
        [&] { j.condition = gather(src.condition, perm); },
        [&] { j.order = gather(src.order, perm); },
        [&] { j.rep = gather(src.rep, perm); },
        [&] { j.answer = gather(src.answer, perm); },
        [&] { j.raw = gather(src.raw, perm); },
        [&] { j.error = gather(src.error, perm); },
        [&] { j.test = gather(src.test, perm); },
        [&] { j.version = gather(src.version, perm); },
        [&] { j.variant = gather(src.variant, perm); },
        [&] { j.cue = gather(src.cue, perm); },
        [&] { j.extra = gather(src.extra, perm); },
        [&] { j.confidenceCol = gather(src.confidenceCol, perm); },
        [&] { j.costUsdCol = gather(src.costUsdCol, perm); },
        [&] { j.latencySCol = gather(src.latencySCol, perm); },
        [&] { j.tokensInCol = gather(src.tokensInCol, perm); },
        [&] { j.tokensOutCol = gather(src.tokensOutCol, perm); },
        [&] {
            if (src.probBegin.empty())
                return;
            j.probBegin.reserve(perm.size() + 1);
            j.probBegin.push_back(0);
            j.probs.reserve(src.probs.size());
            for (auto row : perm) {
                j.probs.insert(j.probs.end(), src.probs.begin() + src.probBegin[row],
                               src.probs.begin() + src.probBegin[row + 1]);
                j.probBegin.push_back(static_cast<std::uint32_t>(j.probs.size()));
            }
            std::vector<ProbEntry>().swap(src.probs);
            std::vector<std::uint32_t>().swap(src.probBegin);
        },
        [&] { // import order: rows sorted by their original index
            std::vector<std::uint32_t> rowOf(n, UINT32_MAX);
            for (std::size_t row = 0; row < kept; ++row)
                rowOf[perm[row]] = static_cast<std::uint32_t>(row);
            audit->m_importOrder.reserve(kept);
            for (auto row : rowOf)
                if (row != UINT32_MAX)
                    audit->m_importOrder.push_back(row);
        },
    };
    parallelFor(reorder.size(), workerCount(0, reorder.size()),
                [&](std::size_t task, int) { reorder[task](); });
    m_judgments = JudgmentTable{};
    perm.clear();
    perm.shrink_to_fit();
    progress.step(3, 4);

    // Cells and item runs.
    for (std::size_t c = 0; c < cellKeys.size(); ++c) {
        if (cellStart[c] == cellStart[c + 1])
            continue;
        const auto& key = cellKeys[c];
        Cell cell{key.dataset,
                  key.judge,
                  key.format,
                  key.condition,
                  key.test,
                  key.version,
                  cellStart[c],
                  cellStart[c + 1],
                  static_cast<std::uint32_t>(audit->m_itemRuns.size()),
                  0};
        for (auto r = cell.begin; r < cell.end;) {
            auto item = j.item[r];
            auto e = r;
            while (e < cell.end && j.item[e] == item)
                ++e;
            audit->m_itemRuns.push_back({item, r, e});
            r = e;
        }
        cell.endRun = static_cast<std::uint32_t>(audit->m_itemRuns.size());
        audit->m_cells.push_back(cell);
    }

    // Items, with levels and ratings packed.
    auto& items = audit->m_items;
    items = std::move(m_items);
    const std::size_t itemCount = items.dataset.size();
    items.levelBegin.assign(1, 0);
    items.ratingBegin.assign(1, 0);
    items.levelBegin.reserve(itemCount + 1);
    items.ratingBegin.reserve(itemCount + 1);
    for (std::uint32_t i = 0; i < itemCount; ++i) {
        if (auto it = m_levels.find(i); it != m_levels.end())
            items.levelText.insert(items.levelText.end(), it->second.begin(), it->second.end());
        items.levelBegin.push_back(static_cast<std::uint32_t>(items.levelText.size()));
        if (auto it = m_ratings.find(i); it != m_ratings.end())
            items.ratings.insert(items.ratings.end(), it->second.begin(), it->second.end());
        items.ratingBegin.push_back(static_cast<std::uint32_t>(items.ratings.size()));
    }
    m_items = ItemTable{};
    m_levels.clear();
    m_ratings.clear();
    m_itemIndex.clear();

    // Judgment rows per item (all cells), by counting sort.
    audit->m_byItemBegin.assign(itemCount + 1, 0);
    for (auto item : j.item)
        ++audit->m_byItemBegin[item + 1];
    std::partial_sum(audit->m_byItemBegin.begin(), audit->m_byItemBegin.end(), audit->m_byItemBegin.begin());
    audit->m_byItem.resize(kept);
    {
        auto fill = audit->m_byItemBegin;
        for (std::size_t row = 0; row < kept; ++row)
            audit->m_byItem[fill[j.item[row]]++] = static_cast<std::uint32_t>(row);
    }

    audit->m_conditions = std::move(m_conditions);
    audit->m_conditionKeys = std::move(m_conditionKeys);
    audit->m_strings = std::move(m_strings);
    m_strings = StringPool();
    m_conditions = {Condition{}};
    m_conditionIndex.clear();
    m_conditionKeys.clear();
    m_conditionKeySet.clear();
    progress.step(4, 4);
    return audit;
}

} // namespace tribunal
