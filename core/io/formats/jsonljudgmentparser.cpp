#include "io/formats/jsonljudgmentparser.h"

#include "io/asciitext.h"
#include "io/jsonvaluetext.h"
#include "io/messagetext.h"
#include "io/numberfields.h"
#include "io/slotanswer.h"
#include "model/decimaltext.h"

#include <algorithm>
#include <cstring>

namespace tribunal {

namespace dom = simdjson::dom;

JsonlJudgmentParser::JsonlJudgmentParser(AuditBuilder& builder, JsonlRecord& record, JsonlItemParser& items,
                                         std::uint32_t file)
    : m_builder(builder), m_record(record), m_items(items), m_file(file)
{}

bool JsonlJudgmentParser::plan()
{
    if (!m_items.plan(false))
        return false;
    m_maxLevel = 0;
    auto& r = m_record;
    if (!r.requiredString(JsonlKey::Judge, m_judge) || !r.optionalString(JsonlKey::Format, m_format) ||
        !planCondition() || !planAnswer() || !planProbs() || !planNumbers())
        return false;
    if (!r.optionalString(JsonlKey::Raw, m_raw) || !r.optionalString(JsonlKey::Error, m_error) ||
        !r.optionalString(JsonlKey::Test, m_test) || !r.optionalString(JsonlKey::Version, m_version))
        return false;
    std::string_view text;
    if (!r.optionalString(JsonlKey::Variant, text))
        return false;
    if (auto variant = parseVariant(text))
        m_variant = *variant;
    else
        return r.fail("variant", quoteForMessage(text) + " is not original or perturbed");
    if (!r.optionalString(JsonlKey::CueOn, text))
        return false;
    if (auto cue = parseCue(text))
        m_cue = *cue;
    else
        return r.fail("cue_on", quoteForMessage(text) + " is not better or worse");
    return true;
}

bool JsonlJudgmentParser::planCondition()
{
    m_condition.clear();
    if (!m_record.given(JsonlKey::Condition))
        return true;
    auto v = m_record.value(JsonlKey::Condition);
    const auto base = JsonPath::of(JsonlKey::Condition);
    if (v.type() != dom::element_type::OBJECT)
        return m_record.typeError(base, "an object", v);
    auto& names = m_record.names();
    names.clear();
    for (auto field : objectOf(v)) {
        const auto path = base.child(field.key);
        if (field.key.empty())
            return m_record.fail("condition", "empty key");
        if (!names.insert(field.key))
            return m_record.fail(path, "duplicate key");
        const auto t = field.value.type();
        if (t == dom::element_type::NULL_VALUE)
            continue;
        if (t == dom::element_type::OBJECT || t == dom::element_type::ARRAY)
            return m_record.typeError(path, "a string, number or boolean", field.value);
        if (t == dom::element_type::STRING && stringOf(field.value).empty())
            continue;
        m_condition.push_back({field.key, field.value});
    }
    return true;
}

bool JsonlJudgmentParser::planAnswer()
{
    auto& r = m_record;
    const auto kind = m_items.kind();
    m_order = Order::None;
    bool unknownOrder = false;
    if (r.given(JsonlKey::Order)) {
        auto v = r.value(JsonlKey::Order);
        if (v.type() != dom::element_type::STRING)
            return r.typeError(JsonPath::of(JsonlKey::Order), "a string", v);
        const auto text = stringOf(v);
        // The common spellings without the general (case-insensitive) parser.
        const bool ab = text.size() == 2 && text[0] == 'A' && text[1] == 'B';
        const bool ba = text.size() == 2 && text[0] == 'B' && text[1] == 'A';
        auto order = ab ? Order::AB : ba ? Order::BA : parseOrder(text);
        if (equalsIgnoreCase(text, kUnknownOrderText))
            unknownOrder = true; // the source did not record the order shown (stays Order::None)
        else if (!order)
            return r.fail("order", quoteForMessage(text) + " is not AB, BA or unknown");
        else
            m_order = *order;
    }
    if (kind == TaskKind::Pairwise && m_order == Order::None && !unknownOrder)
        return r.fail("order", "required for pairwise judgments (AB, BA, or unknown when not recorded)");
    if (kind != TaskKind::Pairwise && unknownOrder)
        return r.fail("order", "only pairwise judgments have an order");
    if (kind != TaskKind::Pairwise && m_order != Order::None)
        return r.fail("order", "only pairwise judgments have an order");

    m_rep = 1;
    if (r.given(JsonlKey::Rep)) {
        auto v = r.value(JsonlKey::Rep);
        if (v.type() != dom::element_type::INT64 && v.type() != dom::element_type::UINT64)
            return r.typeError(JsonPath::of(JsonlKey::Rep), "an integer", v);
        const bool fits = v.type() == dom::element_type::INT64 && isRep(v.get_int64().value_unsafe());
        if (!fits) {
            char buffer[kScalarTextBytes];
            return r.fail("rep", repProblem(std::string_view(buffer, scalarText(v, buffer))));
        }
        m_rep = static_cast<std::uint16_t>(v.get_int64().value_unsafe());
    }

    // The answer: canonical, or the slot the judge named.
    m_answer = answer::kNone;
    const auto answerKey = r.answerKey();
    const bool hasAnswer = r.given(answerKey);
    if (hasAnswer &&
        !r.answerValue(r.value(answerKey), JsonPath::of(answerKey), kind, m_items.levelCount(), m_answer))
        return false;
    if (r.given(JsonlKey::Slot)) {
        if (kind != TaskKind::Pairwise)
            return r.fail("slot", "only pairwise judgments have a slot");
        auto v = r.value(JsonlKey::Slot);
        char buffer[kScalarTextBytes];
        std::string_view text;
        if (v.type() == dom::element_type::STRING)
            text = stringOf(v);
        else if (v.type() == dom::element_type::INT64 || v.type() == dom::element_type::UINT64)
            text = std::string_view(buffer, scalarText(v, buffer));
        else
            return r.typeError(JsonPath::of(JsonlKey::Slot), "a string", v);
        auto fromSlot = answerOfSlot(text, m_order);
        if (!fromSlot)
            return r.fail("slot", quoteForMessage(text) + " is not " + std::string(allowedSlots()));
        if (hasAnswer && *fromSlot != m_answer)
            return r.fail("slot", slotMismatch(text, m_order, *fromSlot, jsonlKeyName(answerKey), m_answer));
        m_answer = *fromSlot;
    }
    if (kind == TaskKind::Ordinal && m_answer > 0)
        m_maxLevel = m_answer;
    return true;
}

bool JsonlJudgmentParser::planProbs()
{
    m_probs.clear();
    if (!m_record.given(JsonlKey::Probs))
        return true;
    const auto kind = m_items.kind();
    auto v = m_record.value(JsonlKey::Probs);
    const auto base = JsonPath::of(JsonlKey::Probs);
    if (v.type() != dom::element_type::OBJECT)
        return m_record.typeError(base, "an object", v);
    for (auto field : objectOf(v)) {
        const auto path = base.child(field.key);
        auto option = kind == TaskKind::Pairwise && field.key.size() == 1 &&
                              (field.key[0] == 'A' || field.key[0] == 'B')
                          ? std::optional<Answer>(field.key[0] == 'A' ? answer::kA : answer::kB)
                          : parseAnswer(kind, field.key);
        if (!option || *option == answer::kNone)
            return m_record.fail(path, quoteForMessage(field.key) + " is not an answer of a " +
                                           std::string(kindName(kind)) + " item");
        if (kind == TaskKind::Ordinal) {
            if (!m_record.checkLevel(*option, path, m_items.levelCount(), quoteForMessage(field.key)))
                return false;
            m_maxLevel = std::max(m_maxLevel, *option);
        }
        for (const auto& e : m_probs)
            if (e.option == *option)
                return m_record.fail(path, "duplicate option");
        if (!isJsonNumber(field.value))
            return m_record.typeError(path, "a number", field.value);
        const double p = jsonNumber(field.value);
        if (!inRange(p, NumberRange::UnitInterval))
            return m_record.fail(path, outOfRange(p, NumberRange::UnitInterval));
        m_probs.push_back({*option, p});
    }
    return true;
}

bool JsonlJudgmentParser::planReal(JsonlKey k, NumberRange range, double& out)
{
    out = kMissing;
    if (!m_record.given(k))
        return true;
    auto v = m_record.value(k);
    if (!isJsonNumber(v))
        return m_record.typeError(JsonPath::of(k), "a number", v);
    const double x = jsonNumber(v);
    if (!inRange(x, range))
        return m_record.fail(JsonPath::of(k), outOfRange(x, range));
    out = x;
    return true;
}

bool JsonlJudgmentParser::planCount(JsonlKey k, std::int64_t& out)
{
    out = kMissingCount;
    if (!m_record.given(k))
        return true;
    auto v = m_record.value(k);
    if (v.type() == dom::element_type::INT64) {
        const auto x = v.get_int64().value_unsafe();
        if (auto problem = countProblem(x))
            return m_record.fail(JsonPath::of(k), std::move(*problem));
        out = x;
        return true;
    }
    if (v.type() == dom::element_type::UINT64)
        return m_record.fail(JsonPath::of(k), tooLarge(std::to_string(v.get_uint64().value_unsafe())));
    return m_record.typeError(JsonPath::of(k), "an integer", v);
}

bool JsonlJudgmentParser::planNumbers()
{
    return planReal(JsonlKey::Confidence, NumberRange::UnitInterval, m_confidence) &&
           planReal(JsonlKey::CostUsd, NumberRange::NonNegative, m_costUsd) &&
           planReal(JsonlKey::LatencyS, NumberRange::NonNegative, m_latencyS) &&
           planCount(JsonlKey::TokensIn, m_tokensIn) && planCount(JsonlKey::TokensOut, m_tokensOut);
}

std::uint64_t JsonlJudgmentParser::scalarBits(dom::element value)
{
    switch (value.type()) {
    case dom::element_type::INT64:
        return static_cast<std::uint64_t>(value.get_int64().value_unsafe());
    case dom::element_type::UINT64:
        return value.get_uint64().value_unsafe();
    case dom::element_type::DOUBLE: {
        const double d = value.get_double().value_unsafe();
        std::uint64_t bits = 0;
        std::memcpy(&bits, &d, sizeof bits);
        return bits;
    }
    case dom::element_type::BOOL:
        return value.get_bool().value_unsafe() ? 1 : 0;
    default:
        return 0;
    }
}

bool JsonlJudgmentParser::sameCondValue(const CachedCondValue& cached, const CondValue& c)
{
    if (cached.key != c.key || cached.type != c.value.type())
        return false;
    if (cached.type == dom::element_type::STRING)
        return cached.text == stringOf(c.value);
    return cached.bits == scalarBits(c.value);
}

// The condition set of the line, through a small cache of recent sets (usually every line has the same one).
CondId JsonlJudgmentParser::internCondition()
{
    if (m_condition.empty())
        return 0;
    for (auto& entry : m_condCache) {
        if (!entry.valid || entry.pairs.size() != m_condition.size())
            continue;
        bool same = true;
        for (std::size_t i = 0; same && i < m_condition.size(); ++i)
            same = sameCondValue(entry.pairs[i], m_condition[i]);
        if (same)
            return entry.id;
    }
    auto& entry = m_condCache[m_condCacheNext];
    m_condCacheNext = (m_condCacheNext + 1) % m_condCache.size();
    entry.pairs.resize(m_condition.size());
    m_conditionScratch.clear();
    for (std::size_t i = 0; i < m_condition.size(); ++i) {
        const auto& c = m_condition[i];
        auto& cached = entry.pairs[i];
        cached.key.assign(c.key);
        cached.type = c.value.type();
        cached.bits = scalarBits(c.value);
        std::string_view text;
        char buffer[kScalarTextBytes];
        if (cached.type == dom::element_type::STRING)
            text = stringOf(c.value);
        else
            text = std::string_view(buffer, scalarText(c.value, buffer));
        cached.text.assign(cached.type == dom::element_type::STRING ? text : std::string_view());
        // A number, or a string holding one, in canonical form: `1`, `1.0` and `"1e0"` are one value, as in
        // a CSV condition column (decimaltext.h).
        const auto canonical = canonicalDecimal(text);
        m_conditionScratch.emplace_back(m_builder.intern(c.key),
                                        m_builder.intern(canonical ? *canonical : text));
    }
    entry.id = m_builder.internCondition(m_conditionScratch);
    entry.valid = true;
    return entry.id;
}

void JsonlJudgmentParser::commit(std::uint64_t line)
{
    m_items.commit(line);
    const auto row = m_items.row();
    JudgmentInput in;
    in.item = row;
    in.judge = m_judges.intern(m_builder, m_judge);
    in.format = m_formats.intern(m_builder, m_format);
    in.condition = internCondition();
    in.order = m_order;
    in.rep = m_rep;
    in.answer = m_answer;
    in.raw = m_raw.empty() ? kEmptyStr : m_builder.intern(m_raw);
    in.error = m_error.empty() ? kEmptyStr : m_builder.intern(m_error);
    in.test = m_tests.intern(m_builder, m_test);
    in.version = m_versions.intern(m_builder, m_version);
    in.variant = m_variant;
    in.cue = m_cue;
    in.extra = m_record.hasUnknown() ? m_builder.intern(m_record.extraText()) : kEmptyStr;
    in.confidence = m_confidence;
    in.costUsd = m_costUsd;
    in.latencyS = m_latencyS;
    in.tokensIn = m_tokensIn;
    in.tokensOut = m_tokensOut;
    in.probs = m_probs;
    in.source = {m_file, line};
    m_builder.addJudgment(in);
    if (m_maxLevel > 0 && m_builder.levels(row).empty())
        m_items.noteAnswered(row, m_maxLevel, line);
}

} // namespace tribunal
