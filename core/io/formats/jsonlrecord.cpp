#include "io/formats/jsonlrecord.h"

#include "io/importer.h"
#include "io/jsonvaluetext.h"
#include "io/messagetext.h"
#include "io/slotanswer.h"

#include <cstring>

namespace tribunal {
namespace {

namespace dom = simdjson::dom;

constexpr std::array<std::string_view, kJsonlKeyCount> kKeyNames = {
    "dataset", "item_id",    "kind",       "unit_id",  "group",     "question",   "response_a", "response_b",
    "input",   "submission", "criterion",  "strata",   "domain",    "levels",     "label",      "ratings",
    "judge",   "format",     "condition",  "order",    "rep",       "answer",     "verdict",    "winner",
    "slot",    "probs",      "confidence", "cost_usd", "tokens_in", "tokens_out", "latency_s",  "raw",
    "error",   "test",       "version",    "variant",  "cue_on",    "kept"};
static_assert(static_cast<int>(JsonlKey::Domain) - static_cast<int>(JsonlKey::UnitId) + 1 == kJsonlTextKeys);
static_assert(static_cast<int>(ItemText::Domain) == kJsonlTextKeys - 1);
static_assert(kJsonlKeyCount <= 64, "key sets are 64-bit masks");

constexpr int kMaxKeyLength = 10;

// Known keys by a perfect hash of their first, second and last bytes (checked collision-free at compile
// time), so a key costs one table look-up and one comparison.
constexpr std::size_t keyHash(std::string_view k)
{
    auto u = [](char c) { return static_cast<std::size_t>(static_cast<unsigned char>(c)); };
    return (u(k[0]) + 10 * u(k.back()) + 24 * u(k[1])) & 127;
}

struct KeyTable {
    std::array<std::int16_t, 128> slot{};
    constexpr KeyTable()
    {
        for (auto& s : slot)
            s = -1;
        for (int k = 0; k < kJsonlKeyCount; ++k) {
            auto& s = slot[keyHash(kKeyNames[static_cast<std::size_t>(k)])];
            if (s != -1)
                throw "key hash collision"; // a compile-time error: change keyHash
            s = static_cast<std::int16_t>(k);
        }
    }
};
constexpr KeyTable kKeyTable;

// A key of 3..10 bytes as two (overlapping) words, so comparing keys costs two integer comparisons.
struct KeyWords {
    std::uint64_t head = 0, tail = 0;
    bool operator==(const KeyWords&) const = default;
};

KeyWords wordsOf(const char* p, std::size_t n)
{
    if (n >= 8) {
        KeyWords w;
        std::memcpy(&w.head, p, 8);
        std::memcpy(&w.tail, p + n - 8, 8);
        return w;
    }
    if (n >= 4) {
        std::uint32_t head, tail;
        std::memcpy(&head, p, 4);
        std::memcpy(&tail, p + n - 4, 4);
        return {head, tail};
    }
    std::uint16_t head;
    std::memcpy(&head, p, 2);
    return {head, static_cast<unsigned char>(p[n - 1])};
}

std::array<KeyWords, kJsonlKeyCount> keyWordsOfNames()
{
    std::array<KeyWords, kJsonlKeyCount> words{};
    for (std::size_t k = 0; k < words.size(); ++k)
        words[k] = wordsOf(kKeyNames[k].data(), kKeyNames[k].size());
    return words;
}

const std::array<KeyWords, kJsonlKeyCount> kKeyWords = keyWordsOfNames();

int findKey(std::string_view name)
{
    if (name.size() < 3 || name.size() > kMaxKeyLength)
        return -1;
    const int k = kKeyTable.slot[keyHash(name)];
    if (k < 0)
        return -1;
    const auto index = static_cast<std::size_t>(k);
    if (kKeyNames[index].size() != name.size() || !(kKeyWords[index] == wordsOf(name.data(), name.size())))
        return -1;
    return k;
}

} // namespace

std::string_view jsonlKeyName(JsonlKey key)
{
    return kKeyNames[static_cast<std::size_t>(key)];
}

bool isJsonlKey(std::string_view name)
{
    return findKey(name) >= 0;
}

std::string JsonPath::text() const
{
    std::string out(base);
    if (hasKey)
        out.append(".").append(key);
    else if (index >= 0)
        out.append("[").append(std::to_string(index)).append("]");
    return out;
}

bool JsonlRecord::collect(dom::object object)
{
    m_present = m_given = 0;
    m_unknown.clear();
    m_unknownNames.clear();
    m_extraWritten = false;
    constexpr std::uint64_t kAnswerKeys =
        bit(JsonlKey::Answer) | bit(JsonlKey::Verdict) | bit(JsonlKey::Winner);
    for (auto field : object) {
        const int k = findKey(field.key);
        if (k < 0) {
            if (!m_unknownNames.insert(field.key))
                return fail(JsonPath::of(field.key), "duplicate key");
            if (1 + jsonDepth(field.value) > kMaxJsonDepth)
                return fail(std::string(), tooDeepReason());
            m_unknown.emplace_back(field.key, field.value);
            continue;
        }
        const auto key = static_cast<JsonlKey>(k);
        if (has(key))
            return fail(JsonPath::of(field.key), "duplicate key");
        if (key == JsonlKey::Kept) {
            m_present |= bit(key);
            if (!collectKept(field.value))
                return false;
            continue;
        }
        if ((bit(key) & kAnswerKeys) != 0) {
            if ((m_present & kAnswerKeys) != 0)
                return fail(JsonPath::of(field.key), "give only one of answer, verdict and winner");
            m_answerKey = key;
        }
        m_present |= bit(key);
        if (!field.value.is_null())
            m_given |= bit(key);
        m_value[static_cast<std::size_t>(k)] = field.value;
    }
    return true;
}

// `"kept":{"confidence":2}`: kept fields whose names are Tribunal keys (from other importers), nested by the
// exporter so they cannot be read as the keys they are named like. They join the other unknown keys.
bool JsonlRecord::collectKept(dom::element kept)
{
    if (kept.is_null())
        return true;
    dom::object object;
    if (kept.get(object) != simdjson::SUCCESS)
        return typeError(JsonPath::of(JsonlKey::Kept), "an object", kept);
    for (auto field : object) {
        const auto path = JsonPath::of(JsonlKey::Kept).child(field.key);
        if (findKey(field.key) < 0)
            return fail(path, "not a Tribunal key: write it at the top level of the line");
        if (!m_unknownNames.insert(field.key))
            return fail(path, "duplicate key");
        if (2 + jsonDepth(field.value) > kMaxJsonDepth)
            return fail(std::string(), tooDeepReason());
        m_unknown.emplace_back(field.key, field.value);
    }
    return true;
}

std::string_view JsonlRecord::extraText()
{
    if (!m_extraWritten) {
        m_extra.clear();
        for (const auto& [name, v] : m_unknown)
            appendKeptField(m_extra, name, v);
        if (!m_extra.empty())
            m_extra += '}';
        m_extraWritten = true;
    }
    return m_extra;
}

bool JsonlRecord::fail(std::string field, std::string reason)
{
    m_problemField = std::move(field);
    m_problemReason = std::move(reason);
    return false;
}

bool JsonlRecord::typeError(const JsonPath& path, std::string_view expected, dom::element got)
{
    return fail(path, "expected " + std::string(expected) + ", got " + std::string(jsonTypeName(got.type())));
}

bool JsonlRecord::givenString(JsonlKey k, std::string_view& out)
{
    auto v = value(k);
    if (v.type() != dom::element_type::STRING)
        return typeError(JsonPath::of(k), "a string", v);
    out = stringOf(v);
    return true;
}

// The reason requiredString() failed (it rechecks only on the way to a bad record).
bool JsonlRecord::requiredStringProblem(JsonlKey k)
{
    const std::string name(jsonlKeyName(k));
    if (!has(k))
        return fail(name, "required key is missing");
    if (value(k).type() != dom::element_type::STRING)
        return typeError(JsonPath::of(k), "a string", value(k));
    return fail(name, "must not be empty");
}

bool JsonlRecord::checkLevel(Answer a, const JsonPath& path, std::size_t levels, std::string_view shown)
{
    if (levels > 0 && a != answer::kNone && a != answer::kNA && static_cast<std::size_t>(a) > levels)
        return fail(path, std::string(shown) + " is above the item's " + std::to_string(levels) + " levels");
    return true;
}

bool JsonlRecord::answerValue(dom::element v, const JsonPath& path, TaskKind kind, std::size_t levels,
                              Answer& out)
{
    out = answer::kNone;
    switch (v.type()) {
    case dom::element_type::NULL_VALUE:
        return true;
    case dom::element_type::STRING: {
        auto text = stringOf(v);
        if (kind == TaskKind::Pairwise && text.size() == 1 && (text[0] == 'A' || text[0] == 'B')) {
            out = text[0] == 'A' ? answer::kA : answer::kB; // the common case, without the general parser
            return true;
        }
        auto parsed = parseAnswer(kind, text);
        if (!parsed)
            return fail(path, quoteForMessage(text) + " is not " + std::string(allowedAnswers(kind)));
        out = *parsed;
        return kind != TaskKind::Ordinal || checkLevel(out, path, levels, quoteForMessage(text));
    }
    case dom::element_type::INT64:
    case dom::element_type::UINT64:
        if (kind == TaskKind::Ordinal) {
            char buffer[kScalarTextBytes];
            std::string_view text(buffer, scalarText(v, buffer));
            auto parsed = parseAnswer(kind, text);
            if (!parsed)
                return fail(path, std::string(text) + " is not " + std::string(allowedAnswers(kind)));
            out = *parsed;
            return checkLevel(out, path, levels, text);
        }
        [[fallthrough]];
    default:
        return typeError(path, kind == TaskKind::Ordinal ? "a string or an integer" : "a string", v);
    }
}

} // namespace tribunal
