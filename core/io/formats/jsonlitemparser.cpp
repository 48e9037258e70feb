#include "io/formats/jsonlitemparser.h"

#include "io/jsonvaluetext.h"
#include "io/messagetext.h"

namespace tribunal {

namespace dom = simdjson::dom;

JsonlItemParser::JsonlItemParser(AuditBuilder& builder, JsonlRecord& record)
    : m_builder(builder), m_record(record), m_lookup(builder), m_patch(builder, m_origins)
{}

bool JsonlItemParser::plan(bool itemLine)
{
    m_setLevels = m_setRatings = false;
    if (!planIdentity() || !planKind())
        return false;
    m_patch.reset(m_exists ? std::optional<std::uint32_t>(m_row) : std::nullopt);

    if (m_record.hasAny(JsonlKey::UnitId, JsonlKey::Domain)) {
        for (int t = 0; t < kJsonlTextKeys; ++t) {
            const auto key = static_cast<JsonlKey>(static_cast<int>(JsonlKey::UnitId) + t);
            std::string_view text;
            if (!m_record.optionalString(key, text))
                return false;
            if (auto problem = m_patch.text(static_cast<ItemText>(t), text))
                return m_record.fail(JsonPath::of(key), std::move(*problem));
        }
    }
    if (!planLevels())
        return false;
    if (m_record.given(JsonlKey::Label)) {
        Answer label;
        if (!m_record.answerValue(m_record.value(JsonlKey::Label), JsonPath::of(JsonlKey::Label), m_kind,
                                  m_levelCount, label))
            return false;
        if (auto problem = m_patch.label(m_kind, label))
            return m_record.fail("label", std::move(*problem));
    }
    if (!planRatings())
        return false;
    if (!itemLine)
        return true;

    // Judgment-only keys on an item line almost always mean a forgotten `judge`.
    for (int k = static_cast<int>(JsonlKey::Format); k < static_cast<int>(JsonlKey::Kept); ++k)
        if (m_record.has(static_cast<JsonlKey>(k)))
            return m_record.fail(JsonPath::of(static_cast<JsonlKey>(k)),
                                 "only judgments have this key (the line has no judge)");
    if (m_record.hasUnknown())
        if (auto problem = m_patch.extra(m_record.extraText()))
            return m_record.fail(std::string(m_record.firstUnknownKey()), std::move(*problem));
    return true;
}

bool JsonlItemParser::planIdentity()
{
    if (!m_record.requiredString(JsonlKey::Dataset, m_dataset))
        return false;
    // item_id: a string, or an integer kept as its decimal text.
    auto v = m_record.value(JsonlKey::ItemId);
    if (!m_record.has(JsonlKey::ItemId) || v.type() == dom::element_type::STRING) {
        if (!m_record.requiredString(JsonlKey::ItemId, m_itemId))
            return false;
    } else if (v.type() == dom::element_type::INT64 || v.type() == dom::element_type::UINT64) {
        static_assert(sizeof m_itemIdBuffer >= kScalarTextBytes);
        m_itemId = std::string_view(m_itemIdBuffer, scalarText(v, m_itemIdBuffer));
    } else {
        return m_record.typeError(JsonPath::of(JsonlKey::ItemId), "a string or an integer", v);
    }
    const auto row = m_lookup.find(m_dataset, m_itemId);
    m_exists = row.has_value();
    m_row = row.value_or(0);
    return true;
}

bool JsonlItemParser::planKind()
{
    m_kind = m_exists ? m_builder.kind(m_row) : TaskKind::Pairwise;
    if (!m_record.given(JsonlKey::Kind))
        return true;
    auto v = m_record.value(JsonlKey::Kind);
    if (v.type() != dom::element_type::STRING)
        return m_record.typeError(JsonPath::of(JsonlKey::Kind), "a string", v);
    const auto text = stringOf(v);
    auto kind = parseKind(text);
    if (!kind)
        return m_record.fail("kind", quoteForMessage(text) + " is not pairwise, binary or ordinal");
    if (m_exists && *kind != m_kind)
        return m_record.fail(
            "kind", disagreement(text, kindName(m_kind), m_origins.describe(m_row, ItemField::Kind)));
    m_kind = *kind;
    return true;
}

bool JsonlItemParser::planLevels()
{
    std::span<const StrId> existing;
    if (m_exists && (m_kind == TaskKind::Ordinal || m_record.has(JsonlKey::Levels)))
        existing = m_builder.levels(m_row); // a map look-up: only when it can matter
    m_levelCount = existing.size();
    if (!m_record.given(JsonlKey::Levels))
        return true;
    auto v = m_record.value(JsonlKey::Levels);
    const auto base = JsonPath::of(JsonlKey::Levels);
    if (v.type() != dom::element_type::ARRAY)
        return m_record.typeError(base, "an array of strings", v);
    m_levels.clear();
    std::size_t index = 0;
    for (auto level : arrayOf(v)) {
        if (level.type() != dom::element_type::STRING)
            return m_record.typeError(base.at(index), "a string", level);
        m_levels.push_back(stringOf(level));
        ++index;
    }
    if (m_levels.empty())
        return true;
    if (m_kind != TaskKind::Ordinal)
        return m_record.fail("levels", "only ordinal items have levels");
    if (m_levels.size() > static_cast<std::size_t>(answer::kMaxLevel))
        return m_record.fail("levels", std::to_string(m_levels.size()) + " levels are more than " +
                                           std::to_string(answer::kMaxLevel));
    if (!existing.empty()) {
        bool same = existing.size() == m_levels.size();
        for (std::size_t i = 0; same && i < m_levels.size(); ++i)
            same = m_builder.str(existing[i]) == m_levels[i];
        if (!same)
            return m_record.fail("levels",
                                 "disagree with the levels " + m_origins.describe(m_row, ItemField::Levels));
        return true;
    }
    m_setLevels = true;
    m_levelCount = m_levels.size();
    if (!m_exists)
        return true;
    // Levels arriving after answers, labels or ratings must cover them.
    const auto k = m_levelCount;
    auto above = [k](Answer a) {
        return a != answer::kNone && a != answer::kNA && static_cast<std::size_t>(a) > k;
    };
    const std::string few = std::to_string(k) + " levels";
    if (above(m_builder.label(m_row)))
        return m_record.fail("levels", few + ", but the label " + answerText(m_kind, m_builder.label(m_row)) +
                                           " " + m_origins.describe(m_row, ItemField::Label) +
                                           " is above them");
    for (const auto& r : m_builder.ratings(m_row))
        if (above(r.value))
            return m_record.fail("levels", few + ", but the rating " + answerText(m_kind, r.value) + " " +
                                               m_origins.describe(m_row, ItemField::Ratings) +
                                               " is above them");
    if (auto it = m_maxAnswered.find(m_row); it != m_maxAnswered.end() && above(it->second.first))
        return m_record.fail("levels", few + ", but the judgment at line " +
                                           std::to_string(it->second.second) + " answered " +
                                           std::to_string(it->second.first));
    return true;
}

bool JsonlItemParser::planRatings()
{
    if (!m_record.given(JsonlKey::Ratings))
        return true;
    auto v = m_record.value(JsonlKey::Ratings);
    m_ratings.clear();
    const auto base = JsonPath::of(JsonlKey::Ratings);
    const bool named = v.type() == dom::element_type::OBJECT;
    if (named) {
        auto& names = m_record.names();
        names.clear();
        for (auto field : objectOf(v)) {
            const auto path = base.child(field.key);
            if (!names.insert(field.key))
                return m_record.fail(path, "duplicate rater");
            Answer a;
            if (!m_record.answerValue(field.value, path, m_kind, m_levelCount, a))
                return false;
            m_ratings.emplace_back(field.key, a);
        }
    } else if (v.type() == dom::element_type::ARRAY) {
        std::size_t index = 0;
        for (auto element : arrayOf(v)) {
            Answer a;
            if (!m_record.answerValue(element, base.at(index), m_kind, m_levelCount, a))
                return false;
            m_ratings.emplace_back(std::string_view(), a); // named at commit
            ++index;
        }
    } else {
        return m_record.typeError(base, "an object or an array", v);
    }
    if (m_ratings.empty())
        return true;
    const auto existing = m_exists ? m_builder.ratings(m_row) : std::span<const Rating>();
    if (existing.empty()) {
        m_setRatings = true;
        return true;
    }
    bool same = existing.size() == m_ratings.size();
    for (std::size_t i = 0; same && i < existing.size(); ++i) {
        const auto rater = m_builder.str(existing[i].rater);
        same = existing[i].value == m_ratings[i].second &&
               (named ? rater == m_ratings[i].first : rater == std::to_string(i + 1));
    }
    if (!same)
        return m_record.fail("ratings",
                             "disagree with the ratings " + m_origins.describe(m_row, ItemField::Ratings));
    return true;
}

void JsonlItemParser::commit(std::uint64_t line)
{
    if (!m_exists) {
        m_row =
            m_builder.addItem(m_datasets.intern(m_builder, m_dataset), m_builder.intern(m_itemId), m_kind);
        m_exists = true;
        m_origins.set(m_row, ItemField::Kind, line);
        m_lookup.remember(m_row);
    }
    m_patch.apply(m_row, line);
    if (m_setLevels) {
        std::vector<StrId> levels;
        levels.reserve(m_levels.size());
        for (auto level : m_levels)
            levels.push_back(m_builder.intern(level));
        m_builder.setLevels(m_row, std::move(levels));
        m_origins.set(m_row, ItemField::Levels, line);
        m_maxAnswered.erase(m_row);
    }
    if (m_setRatings) {
        std::vector<Rating> ratings;
        ratings.reserve(m_ratings.size());
        for (std::size_t i = 0; i < m_ratings.size(); ++i) {
            const auto& [rater, a] = m_ratings[i];
            const StrId id =
                rater.data() == nullptr ? m_builder.intern(std::to_string(i + 1)) : m_builder.intern(rater);
            ratings.push_back({id, a});
        }
        m_builder.setRatings(m_row, std::move(ratings));
        m_origins.set(m_row, ItemField::Ratings, line);
    }
}

void JsonlItemParser::noteAnswered(std::uint32_t row, Answer level, std::uint64_t line)
{
    auto [it, inserted] = m_maxAnswered.try_emplace(row, level, line);
    if (!inserted && it->second.first < level)
        it->second = {level, line};
}

} // namespace tribunal
