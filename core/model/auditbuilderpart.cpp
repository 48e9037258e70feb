// AuditBuilder::appendPart: joining the second half of a file, read into a builder of its own on another
// thread, to the first (see auditbuilder.h). Everything is mapped in the part's own order of first use, so
// strings, conditions and items get the ids a single read of the whole file would have given them.

#include "auditbuilder.h"

#include "stats/parallelfor.h"

#include <algorithm>
#include <functional>

namespace tribunal {
namespace {

constexpr std::uint32_t kNewItem = UINT32_MAX;

// Each of the part's columns is released as soon as it is appended, so the join needs the memory of the
// whole table plus one column of the part, not of the table and half of it again.
template <typename T> void appendColumn(std::vector<T>& to, std::vector<T>& from)
{
    to.insert(to.end(), from.begin(), from.end());
    std::vector<T>().swap(from);
}

template <typename T, typename Map>
void appendMapped(std::vector<T>& to, std::vector<T>& from, const Map& map)
{
    to.reserve(to.size() + from.size());
    for (T value : from)
        to.push_back(static_cast<T>(map[value]));
    std::vector<T>().swap(from);
}

// An optional column (empty = every row missing) of `base` rows here, `added` rows in the part.
template <typename T>
void appendOptionalColumn(std::vector<T>& to, std::size_t base, std::vector<T>& from, std::size_t added,
                          T hole)
{
    if (from.empty()) {
        if (!to.empty())
            to.resize(base + added, hole);
        return;
    }
    if (to.empty())
        to.assign(base, hole);
    appendColumn(to, from);
}

} // namespace

std::optional<std::vector<std::uint32_t>> AuditBuilder::matchPartItems(const AuditBuilder& part) const
{
    std::vector<std::uint32_t> rows(part.itemCount(), kNewItem);
    const auto sameText = [&](StrId here, StrId there) { return str(here) == part.str(there); };
    for (std::uint32_t i = 0; i < rows.size(); ++i) {
        const auto dataset = m_strings.find(part.str(part.itemDataset(i)));
        const auto itemId = m_strings.find(part.str(part.itemId(i)));
        if (!dataset || !itemId)
            continue;
        const auto here = findItem(*dataset, *itemId);
        if (!here)
            continue;
        rows[i] = *here;
        // What a sequential read would have checked against this item: refuse unless the part's values
        // agree with it, or fill what it lacks in a way that no earlier row can object to.
        if (kind(*here) != part.kind(i))
            return std::nullopt;
        const Answer labelThere = part.label(i);
        if (labelThere != answer::kNone && labelThere != label(*here) &&
            (label(*here) != answer::kNone || part.kind(i) == TaskKind::Ordinal))
            return std::nullopt;
        for (int f = 0; f < kItemTextCount; ++f) {
            const StrId textThere = part.m_items.text[f][i];
            const StrId textHere = m_items.text[f][*here];
            if (textThere != kEmptyStr && textHere != kEmptyStr && !sameText(textHere, textThere))
                return std::nullopt;
        }
        const auto levelsThere = part.levels(i);
        const auto levelsHere = levels(*here);
        if (!levelsThere.empty() && !std::equal(levelsHere.begin(), levelsHere.end(), levelsThere.begin(),
                                                levelsThere.end(), sameText))
            return std::nullopt;
        const auto ratingsThere = part.ratings(i);
        const auto ratingsHere = ratings(*here);
        if (!ratingsThere.empty() && !std::equal(ratingsHere.begin(), ratingsHere.end(), ratingsThere.begin(),
                                                 ratingsThere.end(), [&](const Rating& a, const Rating& b) {
                                                     return a.value == b.value && sameText(a.rater, b.rater);
                                                 }))
            return std::nullopt;
    }
    // Ordinal answers and probability options of the part's judgments must lie within the levels the item
    // has here, as a sequential read would have checked them on each row.
    std::vector<std::size_t> levelCount(rows.size(), 0);
    bool anyLevels = false;
    for (std::uint32_t i = 0; i < rows.size(); ++i)
        if (rows[i] != kNewItem && part.kind(i) == TaskKind::Ordinal) {
            levelCount[i] = levels(rows[i]).size();
            anyLevels = anyLevels || levelCount[i] > 0;
        }
    if (anyLevels) {
        const auto& judgments = part.m_judgments;
        const auto beyond = [](Answer value, std::size_t count) {
            return value != answer::kNone && value != answer::kNA && static_cast<std::size_t>(value) > count;
        };
        for (std::size_t row = 0; row < judgments.size(); ++row) {
            const std::size_t count = levelCount[judgments.item[row]];
            if (count == 0)
                continue;
            if (beyond(judgments.answer[row], count))
                return std::nullopt;
            for (const auto& prob : judgments.probsOf(row))
                if (beyond(prob.option, count))
                    return std::nullopt;
        }
    }
    return rows;
}

bool AuditBuilder::appendPart(AuditBuilder&& part, std::uint32_t file, std::uint64_t lineOffset)
{
    auto itemRows = matchPartItems(part);
    if (!itemRows)
        return false;

    // Strings in the part's id order, which is the order a sequential read would have interned them here.
    std::vector<StrId> strOf(part.m_strings.size());
    for (StrId id = 0; id < strOf.size(); ++id)
        strOf[id] = intern(part.m_strings.view(id));
    for (StrId key : part.m_conditionKeys)
        addConditionKey(strOf[key]);
    std::vector<CondId> condOf(part.m_conditions.size(), 0);
    for (CondId c = 1; c < condOf.size(); ++c) {
        Condition pairs;
        pairs.reserve(part.m_conditions[c].size());
        for (const auto& [k, v] : part.m_conditions[c])
            pairs.emplace_back(strOf[k], strOf[v]);
        condOf[c] = internCondition(std::move(pairs));
    }
    const auto mapStrings = [&](std::span<const StrId> ids) {
        std::vector<StrId> out;
        out.reserve(ids.size());
        for (StrId id : ids)
            out.push_back(strOf[id]);
        return out;
    };

    // Items: new ones in the part's order, known ones get what they lacked (matchPartItems allowed it).
    auto& rows = *itemRows;
    for (std::uint32_t i = 0; i < rows.size(); ++i) {
        const bool isNew = rows[i] == kNewItem;
        if (isNew)
            rows[i] = addItem(strOf[part.itemDataset(i)], strOf[part.itemId(i)], part.kind(i));
        const std::uint32_t row = rows[i];
        if (part.label(i) != answer::kNone)
            setLabel(row, part.label(i));
        for (int f = 0; f < kItemTextCount; ++f)
            if (const StrId text = part.m_items.text[f][i]; text != kEmptyStr)
                m_items.text[f][row] = strOf[text];
        if (isNew && !part.levels(i).empty())
            setLevels(row, mapStrings(part.levels(i)));
        if (isNew && !part.ratings(i).empty()) {
            std::vector<Rating> mapped(part.ratings(i).begin(), part.ratings(i).end());
            for (auto& rating : mapped)
                rating.rater = strOf[rating.rater];
            setRatings(row, std::move(mapped));
        }
    }

    // Judgments, with their ids mapped. The columns are independent, so they are shared among the cores
    // (most of the join's time is the kernel's first touch of the appended pages).
    auto& to = m_judgments;
    auto& from = part.m_judgments;
    const std::size_t base = to.item.size(), added = from.item.size();
    const std::vector<std::function<void()>> appends = {
        [&] { appendMapped(to.item, from.item, rows); },
        [&] { appendMapped(to.judge, from.judge, strOf); },
        [&] { appendMapped(to.format, from.format, strOf); },
        [&] { appendMapped(to.raw, from.raw, strOf); },
        [&] { appendMapped(to.error, from.error, strOf); },
        [&] { appendMapped(to.test, from.test, strOf); },
        [&] { appendMapped(to.version, from.version, strOf); },
        [&] { appendMapped(to.extra, from.extra, strOf); },
        [&] { appendMapped(to.condition, from.condition, condOf); },
        [&] { appendColumn(to.order, from.order); },
        [&] { appendColumn(to.rep, from.rep); },
        [&] { appendColumn(to.answer, from.answer); },
        [&] { appendColumn(to.variant, from.variant); },
        [&] { appendColumn(to.cue, from.cue); },
        [&] { appendOptionalColumn(to.confidenceCol, base, from.confidenceCol, added, kMissing); },
        [&] { appendOptionalColumn(to.costUsdCol, base, from.costUsdCol, added, kMissing); },
        [&] { appendOptionalColumn(to.latencySCol, base, from.latencySCol, added, kMissing); },
        [&] { appendOptionalColumn(to.tokensInCol, base, from.tokensInCol, added, kMissingCount); },
        [&] { appendOptionalColumn(to.tokensOutCol, base, from.tokensOutCol, added, kMissingCount); },
        [&] {
            if (!from.probBegin.empty()) {
                if (to.probBegin.empty())
                    to.probBegin.assign(base + 1, 0);
                const auto offset = static_cast<std::uint32_t>(to.probs.size());
                to.probBegin.reserve(base + added + 1);
                for (std::size_t k = 1; k < from.probBegin.size(); ++k)
                    to.probBegin.push_back(offset + from.probBegin[k]);
                appendColumn(to.probs, from.probs);
            } else if (!to.probBegin.empty()) {
                to.probBegin.resize(base + added + 1, to.probBegin.back());
            }
            std::vector<std::uint32_t>().swap(from.probBegin);
            std::vector<ProbEntry>().swap(from.probs);
        },
        [&] {
            m_sources.reserve(m_sources.size() + added);
            for (const auto& source : part.m_sources)
                m_sources.push_back({file, source.line + lineOffset});
            std::vector<SourceRef>().swap(part.m_sources);
        },
    };
    parallelFor(appends.size(), workerCount(0, appends.size()),
                [&](std::size_t task, int) { appends[task](); });

    part = AuditBuilder();
    return true;
}

} // namespace tribunal
