// Tribunal JSONL reader: the workbench's own lossless interchange format (../shared/spec/data-format.md,
// "Formats" 2 and "Bad input"). exportJsonl() writes exactly what this reads back.
//
// The format
// ----------
// One JSON object per line (UTF-8; blank lines ignored; a UTF-8 byte order mark at the start is skipped).
// A line with a `judge` key is a judgment; a line without one is an item.
//
// Item line:
//   dataset    string, required, not empty
//   item_id    string (not empty) or integer, required; an integer is kept as its decimal text
//   kind       "pairwise" | "binary" | "ordinal"; default pairwise when the line creates the item
//   unit_id, group, question, response_a, response_b, input, submission, criterion, strata, domain: strings
//   levels     array of strings, level 1 first (ordinal items only; at most 1000)
//   label      answer text of the item's kind (ordinal: also an integer level), or null = no label
//   ratings    object rater -> answer text or integer level (null = no answer); or an array (raters are
//              then named "1", "2", ...)
//   any other key: kept. All unknown keys of an item line become one JSON object text in ItemText::Extra
//   (compact, values as simdjson::minify writes them, keys in line order) and are written back as
//   top-level keys on export. Judgment-only keys (order, answer, probs, ...) on a
//   line without `judge` are an error, as they almost always mean a forgotten judge.
//
// Judgment line: dataset, item_id (as above), judge (string, required, not empty) and
//   format     string, default ""
//   kind       optional; must agree with the item (creates the item with that kind when it is new)
//   condition  object key -> string | number | boolean. Numbers and booleans are kept as their compact
//              JSON text (integers as written, other numbers in shortest round-trip form with a fraction:
//              0.70 -> "0.7", 1.0 -> "1.0", 1e2 -> "100.0"). Empty strings and null values mean "not set"
//              (as empty CSV cells do). Export writes every condition value as a string.
//   order      "AB" | "BA": required for pairwise judgments, absent for others
//   rep        integer 1..65535, default 1
//   answer     canonical answer text (pairwise A|B|tie, binary MET|UNMET, ordinal level 1..K; NA; none);
//              ordinal also as an integer. Synonyms `verdict` and `winner` (at most one of the three).
//   slot       pairwise only: the literal slot the judge named: first|second|1|2 (or the letter shown, A|B),
//              or tie|none|NA; converted with order (AB: first -> A; BA: first -> B). When a canonical
//              answer is given too they must agree. No answer at all = none.
//   probs      object option -> number in [0, 1] (options are answers of the item's kind, not none)
//   confidence number in [0, 1]; cost_usd, latency_s numbers >= 0; tokens_in, tokens_out integers >= 0
//   raw, error, test, version: strings; variant "original" | "perturbed"; cue_on "better" | "worse"
//   Item fields (question, response_a, response_b, input, submission, criterion, levels, label, ratings,
//   unit_id, group, strata, domain) may be embedded: they are merged into the item. A value that conflicts
//   with what the item already has is a bad record naming the earlier source.
//   any other key: kept in the judgment's `extra` (one JSON object text), written back as top-level keys.
// null stands for "not given" for every optional key. Ordinal answers, labels, ratings and probs options
// must lie within the item's levels when it has levels. A key given twice on one line is an error.
//
// Errors are `file:line: key.path: reason` (key paths like `probs.A`, `condition.temperature`,
// `ratings.rater2`, `levels[3]`). Broken JSON: `file:L: invalid JSON (<simdjson message>)`. Whole-file
// problems fail the import whatever the policy: non-UTF-8 bytes, an empty file (`file: empty file`), a
// truncated last line (the file does not end in a complete object). Per record (subject to the policy):
// nesting deeper than 64, a line over 64 MiB, any bad value. A bad record is validated completely before
// the builder is touched, so skipping it leaves nothing of it behind. Duplicate judgment keys are found by
// AuditBuilder::build.
//
// Items may arrive after judgments that reference them (the judgments file imported before the items
// file): a judgment then creates the item with the kind of its `kind` key or pairwise, and the later item
// line fills the other fields; a different kind is an error. Ordinal answers given before the item's
// levels are checked against the levels when they arrive (within this file).
//
// Speed: the file is read in large blocks and split into lines in place; one simdjson DOM parser is reused
// (lines are parsed inside the block, which has SIMDJSON_PADDING readable bytes after its end); the last
// dataset / judge / format / item / condition lookups are cached so a typical line costs no heap allocation.

#include "importer.h"
#include "report/jsonwriter.h"
#include "utf8.h"

#include <QFile>
#include <QString>

#include <simdjson.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace tribunal {
namespace {

namespace dom = simdjson::dom;

constexpr std::size_t kInitialBuffer = std::size_t(4) << 20;
constexpr std::size_t kReadBytes = std::size_t(4) << 20;
constexpr std::size_t kParserKeepBytes = std::size_t(16) << 20; // drop a parser grown larger by a huge line

enum class Key : std::uint8_t {
    Dataset,
    ItemId,
    Kind,
    UnitId, // UnitId .. Domain follow the order of ItemText
    Group,
    Question,
    ResponseA,
    ResponseB,
    Input,
    Submission,
    Criterion,
    Strata,
    Domain,
    Levels,
    Label,
    Ratings,
    Judge, // judgment-only keys from here on
    Format,
    Condition,
    Order,
    Rep,
    Answer,
    Verdict,
    Winner,
    Slot,
    Probs,
    Confidence,
    CostUsd,
    TokensIn,
    TokensOut,
    LatencyS,
    Raw,
    Error,
    Test,
    Version,
    Variant,
    CueOn,
    Count
};
constexpr int kKeyCount = static_cast<int>(Key::Count);
constexpr std::array<std::string_view, kKeyCount> kKeyNames = {
    "dataset", "item_id",    "kind",       "unit_id",  "group",     "question",   "response_a", "response_b",
    "input",   "submission", "criterion",  "strata",   "domain",    "levels",     "label",      "ratings",
    "judge",   "format",     "condition",  "order",    "rep",       "answer",     "verdict",    "winner",
    "slot",    "probs",      "confidence", "cost_usd", "tokens_in", "tokens_out", "latency_s",  "raw",
    "error",   "test",       "version",    "variant",  "cue_on"};
constexpr int kTextKeys = 10; // unit_id .. domain
static_assert(static_cast<int>(Key::Domain) - static_cast<int>(Key::UnitId) + 1 == kTextKeys);
static_assert(static_cast<int>(ItemText::Domain) == kTextKeys - 1);

constexpr int kMaxKeyLength = 10;
const std::string kDepthReason = "nesting deeper than " + std::to_string(kMaxJsonDepth) + " levels";

// Known keys by a perfect hash of their first, second and last bytes (checked collision-free at compile
// time), so a key costs one table look-up and one comparison.
constexpr std::size_t keyHash(std::string_view k)
{
    auto u = [](char c) { return static_cast<std::size_t>(static_cast<unsigned char>(c)); };
    return (u(k[0]) + 10 * u(k.back()) + 24 * u(k[1])) & 127;
}

struct KeyTable {
    std::array<std::int8_t, 128> slot{};
    constexpr KeyTable()
    {
        for (auto& s : slot)
            s = -1;
        for (int k = 0; k < kKeyCount; ++k) {
            auto& s = slot[keyHash(kKeyNames[static_cast<std::size_t>(k)])];
            if (s != -1)
                throw "key hash collision"; // a compile-time error: change keyHash
            s = static_cast<std::int8_t>(k);
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

const std::array<KeyWords, kKeyCount> kKeyWords = [] {
    std::array<KeyWords, kKeyCount> words{};
    for (std::size_t k = 0; k < words.size(); ++k)
        words[k] = wordsOf(kKeyNames[k].data(), kKeyNames[k].size());
    return words;
}();

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

constexpr std::uint64_t bit(Key k)
{
    return std::uint64_t(1) << static_cast<int>(k);
}

// Origin slots of item fields (for "disagrees with ... given at line N").
constexpr int kOriginKind = 0;
constexpr int kOriginText = 1; // + ItemText index (0..9)
constexpr int kOriginLevels = kOriginText + kTextKeys;
constexpr int kOriginLabel = kOriginLevels + 1;
constexpr int kOriginRatings = kOriginLabel + 1;
constexpr int kOriginExtra = kOriginRatings + 1;
constexpr int kOriginCount = kOriginExtra + 1;

// Typed views of an element whose type was checked (binding through a local keeps GCC's dangling-pointer
// analysis quiet about simdjson's result temporaries).
dom::array arrayOf(dom::element e)
{
    dom::array a;
    [[maybe_unused]] auto error = e.get(a);
    return a;
}

dom::object objectOf(dom::element e)
{
    dom::object o;
    [[maybe_unused]] auto error = e.get(o);
    return o;
}

std::string_view stringOf(dom::element e)
{
    std::string_view s;
    [[maybe_unused]] auto error = e.get(s);
    return s;
}

std::string_view typeName(dom::element_type type)
{
    switch (type) {
    case dom::element_type::ARRAY:
        return "an array";
    case dom::element_type::OBJECT:
        return "an object";
    case dom::element_type::INT64:
    case dom::element_type::UINT64:
        return "an integer";
    case dom::element_type::DOUBLE:
        return "a number";
    case dom::element_type::STRING:
        return "a string";
    case dom::element_type::BOOL:
        return "a boolean";
    case dom::element_type::NULL_VALUE:
        return "null";
    }
    return "a value";
}

// A value quoted for a message; long values are cut (at a UTF-8 boundary) so a message stays short.
std::string quote(std::string_view text)
{
    constexpr std::size_t kMax = 60;
    bool cut = false;
    if (text.size() > kMax) {
        std::size_t end = kMax;
        while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xc0) == 0x80)
            --end;
        text = text.substr(0, end);
        cut = true;
    }
    std::string out;
    JsonWriter::appendQuoted(out, text);
    if (cut)
        out.insert(out.size() - 1, "...");
    return out;
}

std::string numberText(double value)
{
    std::string out;
    JsonWriter::appendNumber(out, value);
    return out;
}

// JSON text of a scalar as simdjson::minify writes it (integers as written, doubles in shortest round-trip
// form keeping a ".0": 0.70 -> "0.7", 1.0 -> "1.0"), without allocating. Returns the length written into
// `buffer` (at least 32 bytes).
std::size_t scalarText(dom::element value, char* buffer)
{
    switch (value.type()) {
    case dom::element_type::INT64: {
        auto r = std::to_chars(buffer, buffer + 32, std::int64_t(value.get_int64().value_unsafe()));
        return static_cast<std::size_t>(r.ptr - buffer);
    }
    case dom::element_type::UINT64: {
        auto r = std::to_chars(buffer, buffer + 32, std::uint64_t(value.get_uint64().value_unsafe()));
        return static_cast<std::size_t>(r.ptr - buffer);
    }
    case dom::element_type::DOUBLE:
        // The formatter minify() uses (so these texts match values kept by the other importers).
        return static_cast<std::size_t>(
            simdjson::internal::to_chars(buffer, buffer + 32, value.get_double().value_unsafe()) - buffer);
    case dom::element_type::BOOL:
        if (value.get_bool().value_unsafe()) {
            std::memcpy(buffer, "true", 4);
            return 4;
        }
        std::memcpy(buffer, "false", 5);
        return 5;
    default:
        return 0;
    }
}

// Nesting depth of a value (a scalar is 0, `[]` is 1). simdjson's depth limit does not count an empty
// innermost container, so kept values (the only ones stored verbatim) are measured here.
int depthOf(dom::element value)
{
    int deepest = 0;
    if (value.type() == dom::element_type::ARRAY) {
        for (auto child : arrayOf(value))
            deepest = std::max(deepest, depthOf(child));
        return deepest + 1;
    }
    if (value.type() == dom::element_type::OBJECT) {
        for (auto field : objectOf(value))
            deepest = std::max(deepest, depthOf(field.value));
        return deepest + 1;
    }
    return 0;
}

bool isNumber(dom::element value)
{
    auto t = value.type();
    return t == dom::element_type::INT64 || t == dom::element_type::UINT64 || t == dom::element_type::DOUBLE;
}

double numberValue(dom::element value)
{
    switch (value.type()) {
    case dom::element_type::INT64:
        return static_cast<double>(value.get_int64().value_unsafe());
    case dom::element_type::UINT64:
        return static_cast<double>(value.get_uint64().value_unsafe());
    default:
        return value.get_double().value_unsafe();
    }
}

bool equalsIgnoreCase(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        char x = a[i], y = b[i];
        if (x >= 'A' && x <= 'Z')
            x = static_cast<char>(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z')
            y = static_cast<char>(y - 'A' + 'a');
        if (x != y)
            return false;
    }
    return true;
}

std::string_view allowedAnswers(TaskKind kind)
{
    switch (kind) {
    case TaskKind::Pairwise:
        return "A, B, tie, NA or none";
    case TaskKind::Binary:
        return "MET, UNMET, NA or none";
    case TaskKind::Ordinal:
        return "a level number (1..1000), NA or none";
    }
    return "";
}

// A key path for messages: `base`, `base.key` or `base[index]`. Built into text only when there is a
// problem.
struct Path {
    std::string_view base;
    std::string_view key{};
    std::int64_t index = -1;
    bool hasKey = false;

    static Path of(std::string_view base) { return {base}; }
    Path child(std::string_view name) const { return {base, name, -1, true}; }
    Path at(std::size_t i) const { return {base, {}, static_cast<std::int64_t>(i), false}; }
    std::string text() const
    {
        std::string out(base);
        if (hasKey)
            out.append(".").append(key);
        else if (index >= 0)
            out.append("[").append(std::to_string(index)).append("]");
        return out;
    }
};

// The last few strings of one field with the ids they were interned (or found) under: files cycle
// through a handful of judges and formats, and a hit saves hashing the text.
class RecentStrings {
public:
    std::optional<StrId> find(std::string_view s)
    {
        if (m_used > 0 && m_text[m_hit] == s) // usually the same as last time
            return m_id[m_hit];
        for (std::size_t i = 0; i < m_used; ++i) {
            if (m_text[i] == s) {
                m_hit = i;
                return m_id[i];
            }
        }
        return std::nullopt;
    }
    void add(std::string_view s, StrId id)
    {
        m_text[m_next].assign(s);
        m_id[m_next] = id;
        m_hit = m_next;
        m_next = (m_next + 1) % kSize;
        m_used = std::max(m_used, m_next == 0 ? kSize : m_next);
    }

private:
    static constexpr std::size_t kSize = 8;
    std::array<std::string, kSize> m_text;
    std::array<StrId, kSize> m_id{};
    std::size_t m_next = 0, m_used = 0, m_hit = 0;
};

// Names seen in one JSON object (to find a key given twice): a linear scan while few, a hash set beyond,
// so a line with thousands of keys stays linear.
class NameSet {
public:
    void clear()
    {
        m_small.clear();
        if (!m_big.empty()) // clearing zeroes every bucket: only when used
            m_big.clear();
    }
    /// False when `name` was inserted before.
    bool insert(std::string_view name)
    {
        if (!m_big.empty())
            return m_big.insert(name).second;
        for (auto n : m_small)
            if (n == name)
                return false;
        m_small.push_back(name);
        if (m_small.size() > 16)
            m_big.insert(m_small.begin(), m_small.end());
        return true;
    }

private:
    std::vector<std::string_view> m_small;
    std::unordered_set<std::string_view> m_big;
};

// One condition pair of the current line; the value is formatted to text only when the set is new.
struct CondValue {
    std::string_view key;
    dom::element value;
};

// A condition value as cached: scalars compare by type and bits, so a hit needs no number formatting.
struct CachedCondValue {
    std::string key;
    dom::element_type type = dom::element_type::NULL_VALUE;
    std::string text;       // strings
    std::uint64_t bits = 0; // numbers and booleans
};

std::uint64_t scalarBits(dom::element value)
{
    std::uint64_t bits = 0;
    switch (value.type()) {
    case dom::element_type::INT64:
        return static_cast<std::uint64_t>(value.get_int64().value_unsafe());
    case dom::element_type::UINT64:
        return value.get_uint64().value_unsafe();
    case dom::element_type::DOUBLE: {
        const double d = value.get_double().value_unsafe();
        std::memcpy(&bits, &d, sizeof bits);
        return bits;
    }
    case dom::element_type::BOOL:
        return value.get_bool().value_unsafe() ? 1 : 0;
    default:
        return 0;
    }
}

bool sameCondValue(const CachedCondValue& cached, const CondValue& c)
{
    if (cached.key != c.key || cached.type != c.value.type())
        return false;
    if (cached.type == dom::element_type::STRING)
        return cached.text == stringOf(c.value);
    return cached.bits == scalarBits(c.value);
}

struct CondCacheEntry {
    std::vector<CachedCondValue> pairs;
    CondId id = 0;
    bool valid = false;
};

// What a line does to its item, decided before anything is changed.
struct ItemPlan {
    std::string_view dataset;
    std::string_view itemId;
    bool exists = false;
    std::uint32_t row = 0;
    TaskKind kind = TaskKind::Pairwise;
    std::array<std::string_view, kTextKeys> text{};
    std::uint32_t setTextMask = 0;
    bool setLevels = false;
    std::vector<std::string_view> levels;
    std::size_t levelCount = 0; // after merging
    bool setLabel = false;
    Answer label = answer::kNone;
    bool setRatings = false;
    std::vector<std::pair<std::string_view, Answer>> ratings;
    bool setExtra = false; // item lines: m_extra holds the unknown keys
};

struct JudgmentPlan {
    std::string_view judge, format, raw, error, test, version;
    Order order = Order::None;
    std::uint16_t rep = 1;
    Answer answer = answer::kNone;
    Variant variant = Variant::None;
    Cue cue = Cue::None;
    double confidence = kMissing, costUsd = kMissing, latencyS = kMissing;
    std::int64_t tokensIn = kMissingCount, tokensOut = kMissingCount;
    Answer maxLevel = 0; // highest ordinal level among answer and probs options
};

class JsonlReader {
public:
    JsonlReader(const std::string& path, AuditBuilder& builder, ImportLog& log, const Progress& progress)
        : m_path(path), m_builder(builder), m_log(log), m_progress(progress)
    {}

    bool run();

private:
    bool processLine(const char* data, std::size_t length, std::uint64_t line, std::uint64_t fileOffset,
                     bool last);
    bool collect(dom::object object);
    bool planItem(bool itemLine);
    bool planJudgment();
    void commitItem(std::uint64_t line);
    void commitJudgment(std::uint64_t line);

    bool fail(std::string field, std::string reason)
    {
        m_problemField = std::move(field);
        m_problemReason = std::move(reason);
        return false;
    }
    bool fail(const Path& path, std::string reason) { return fail(path.text(), std::move(reason)); }
    bool typeError(const Path& path, std::string_view expected, dom::element got)
    {
        return fail(path, "expected " + std::string(expected) + ", got " + std::string(typeName(got.type())));
    }
    bool has(Key k) const { return (m_present & bit(k)) != 0; }
    // Present and not null (null stands for "not given" for every optional key).
    bool given(Key k) const { return (m_given & bit(k)) != 0; }
    dom::element value(Key k) const { return m_value[static_cast<int>(k)]; }
    static Path pathOf(Key k) { return Path::of(kKeyNames[static_cast<std::size_t>(k)]); }

    bool optionalString(Key k, std::string_view& out);
    bool parseAnswerValue(dom::element v, const Path& path, TaskKind kind, std::size_t levels, Answer& out);
    bool checkLevel(Answer a, const Path& path, std::size_t levels, std::string_view shown);
    bool nonNegative(Key k, double& out, double upper);
    bool count(Key k, std::int64_t& out);
    std::string origin(std::uint32_t row, int slot) const;
    std::uint64_t& originSlot(std::uint32_t row, int slot)
    {
        return m_origins[row][static_cast<std::size_t>(slot)];
    }
    StrId internCached(RecentStrings& cache, std::string_view text);
    std::optional<StrId> findDataset(std::string_view text);
    void writeExtra();

    const std::string& m_path;
    AuditBuilder& m_builder;
    ImportLog& m_log;
    const Progress& m_progress;
    std::uint32_t m_file = 0;
    dom::parser m_parser;

    // The current line.
    std::uint64_t m_present = 0; // keys on the line
    std::uint64_t m_given = 0;   // keys on the line with a value other than null
    std::array<dom::element, kKeyCount> m_value{};
    Key m_answerKey = Key::Answer;
    std::vector<std::pair<std::string_view, dom::element>> m_unknown;
    std::string m_problemField, m_problemReason;
    char m_itemIdBuffer[32];
    ItemPlan m_item;
    JudgmentPlan m_judgment;
    std::vector<CondValue> m_condition;
    NameSet m_unknownNames, m_names;
    std::vector<ProbEntry> m_probs;
    std::string m_extra;

    // Caches (the last values seen).
    RecentStrings m_datasetCache, m_judgeCache, m_formatCache, m_testCache, m_versionCache;
    std::string m_cachedItemDataset, m_cachedItemId;
    std::uint32_t m_cachedItemRow = 0;
    bool m_cachedItemValid = false;
    std::array<CondCacheEntry, 4> m_condCache;
    std::size_t m_condCacheNext = 0;
    Condition m_conditionScratch;

    // Lines where this file set item fields (0: before this file), and the highest ordinal level answered
    // for items that had no levels yet (checked when their levels arrive).
    std::unordered_map<std::uint32_t, std::array<std::uint64_t, kOriginCount>> m_origins;
    std::unordered_map<std::uint32_t, std::pair<Answer, std::uint64_t>> m_maxAnswered;
    bool m_sawRecord = false;
};

bool JsonlReader::optionalString(Key k, std::string_view& out)
{
    out = {};
    if (!given(k))
        return true;
    auto v = value(k);
    if (v.type() != dom::element_type::STRING)
        return typeError(pathOf(k), "a string", v);
    out = stringOf(v);
    return true;
}

bool JsonlReader::checkLevel(Answer a, const Path& path, std::size_t levels, std::string_view shown)
{
    if (levels > 0 && a != answer::kNone && a != answer::kNA && static_cast<std::size_t>(a) > levels)
        return fail(path, std::string(shown) + " is above the item's " + std::to_string(levels) + " levels");
    return true;
}

bool JsonlReader::parseAnswerValue(dom::element v, const Path& path, TaskKind kind, std::size_t levels,
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
            return fail(path, quote(text) + " is not " + std::string(allowedAnswers(kind)));
        out = *parsed;
        return kind != TaskKind::Ordinal || checkLevel(out, path, levels, quote(text));
    }
    case dom::element_type::INT64:
    case dom::element_type::UINT64:
        if (kind == TaskKind::Ordinal) {
            char buffer[32];
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

bool JsonlReader::nonNegative(Key k, double& out, double upper)
{
    out = kMissing;
    if (!given(k))
        return true;
    auto v = value(k);
    if (!isNumber(v))
        return typeError(pathOf(k), "a number", v);
    double x = numberValue(v);
    if (!(x >= 0.0) || x > upper)
        return fail(pathOf(k), numberText(x) + (upper <= 1.0 ? " is outside [0, 1]" : " is negative"));
    out = x;
    return true;
}

bool JsonlReader::count(Key k, std::int64_t& out)
{
    out = kMissingCount;
    if (!given(k))
        return true;
    auto v = value(k);
    if (v.type() == dom::element_type::INT64) {
        auto x = v.get_int64().value_unsafe();
        if (x < 0)
            return fail(pathOf(k), std::to_string(x) + " is negative");
        out = x;
        return true;
    }
    if (v.type() == dom::element_type::UINT64)
        return fail(pathOf(k), std::to_string(v.get_uint64().value_unsafe()) + " is too large");
    return typeError(pathOf(k), "an integer", v);
}

std::string JsonlReader::origin(std::uint32_t row, int slot) const
{
    if (auto it = m_origins.find(row); it != m_origins.end()) {
        auto line = it->second[static_cast<std::size_t>(slot)];
        if (line > 0)
            return "given at line " + std::to_string(line);
    }
    return "set before this file";
}

StrId JsonlReader::internCached(RecentStrings& cache, std::string_view text)
{
    if (text.empty())
        return kEmptyStr;
    if (auto id = cache.find(text))
        return *id;
    auto id = m_builder.intern(text);
    cache.add(text, id);
    return id;
}

std::optional<StrId> JsonlReader::findDataset(std::string_view text)
{
    if (auto id = m_datasetCache.find(text))
        return id;
    auto id = m_builder.strings().find(text);
    if (id)
        m_datasetCache.add(text, *id);
    return id;
}

// Splits the record's keys into known ones (m_value) and unknown ones (m_unknown).
bool JsonlReader::collect(dom::object object)
{
    m_present = m_given = 0;
    m_unknown.clear();
    m_unknownNames.clear();
    for (auto field : object) {
        const int k = findKey(field.key);
        if (k < 0) {
            if (!m_unknownNames.insert(field.key))
                return fail(Path::of(field.key), "duplicate key");
            if (1 + depthOf(field.value) > kMaxJsonDepth)
                return fail(std::string(), kDepthReason);
            m_unknown.emplace_back(field.key, field.value);
            continue;
        }
        const auto key = static_cast<Key>(k);
        if (has(key))
            return fail(Path::of(field.key), "duplicate key");
        if (key == Key::Answer || key == Key::Verdict || key == Key::Winner) {
            if ((m_present & (bit(Key::Answer) | bit(Key::Verdict) | bit(Key::Winner))) != 0)
                return fail(Path::of(field.key), "give only one of answer, verdict and winner");
            m_answerKey = key;
        }
        m_present |= bit(key);
        if (!field.value.is_null())
            m_given |= bit(key);
        m_value[static_cast<std::size_t>(k)] = field.value;
    }
    return true;
}

// Validates the item part of a line (identity, kind, texts, levels, label, ratings; for item lines also
// the unknown keys) against the item's current state. Changes nothing.
bool JsonlReader::planItem(bool itemLine)
{
    auto& p = m_item;
    p.setTextMask = 0;
    p.setLevels = p.setLabel = p.setRatings = p.setExtra = false;

    // Identity.
    if (!has(Key::Dataset))
        return fail("dataset", "required key is missing");
    {
        auto v = value(Key::Dataset);
        if (v.type() != dom::element_type::STRING)
            return typeError(pathOf(Key::Dataset), "a string", v);
        p.dataset = stringOf(v);
        if (p.dataset.empty())
            return fail("dataset", "must not be empty");
    }
    if (!has(Key::ItemId))
        return fail("item_id", "required key is missing");
    {
        auto v = value(Key::ItemId);
        if (v.type() == dom::element_type::STRING) {
            p.itemId = stringOf(v);
            if (p.itemId.empty())
                return fail("item_id", "must not be empty");
        } else if (v.type() == dom::element_type::INT64 || v.type() == dom::element_type::UINT64) {
            p.itemId = std::string_view(m_itemIdBuffer, scalarText(v, m_itemIdBuffer));
        } else {
            return typeError(pathOf(Key::ItemId), "a string or an integer", v);
        }
    }
    if (m_cachedItemValid && m_cachedItemDataset == p.dataset && m_cachedItemId == p.itemId) {
        p.exists = true;
        p.row = m_cachedItemRow;
    } else {
        p.exists = false;
        auto d = findDataset(p.dataset);
        auto i = d ? m_builder.strings().find(p.itemId) : std::nullopt;
        if (d && i) {
            if (auto row = m_builder.findItem(*d, *i)) {
                p.exists = true;
                p.row = *row;
                m_cachedItemDataset.assign(p.dataset);
                m_cachedItemId.assign(p.itemId);
                m_cachedItemRow = *row;
                m_cachedItemValid = true;
            }
        }
    }

    // Kind.
    p.kind = p.exists ? m_builder.kind(p.row) : TaskKind::Pairwise;
    if (given(Key::Kind)) {
        auto v = value(Key::Kind);
        if (v.type() != dom::element_type::STRING)
            return typeError(pathOf(Key::Kind), "a string", v);
        auto text = stringOf(v);
        auto kind = parseKind(text);
        if (!kind)
            return fail("kind", quote(text) + " is not pairwise, binary or ordinal");
        if (p.exists && *kind != p.kind)
            return fail("kind", quote(text) + " disagrees with " + quote(kindName(p.kind)) + " " +
                                    origin(p.row, kOriginKind));
        p.kind = *kind;
    }

    // Texts.
    constexpr std::uint64_t kTextMask = ((std::uint64_t(1) << kTextKeys) - 1)
                                        << static_cast<int>(Key::UnitId);
    for (int t = 0; t < kTextKeys && (m_present & kTextMask) != 0; ++t) {
        const auto key = static_cast<Key>(static_cast<int>(Key::UnitId) + t);
        std::string_view text;
        if (!optionalString(key, text))
            return false;
        if (text.empty())
            continue;
        if (p.exists) {
            auto current = m_builder.text(p.row, static_cast<ItemText>(t));
            if (current != kEmptyStr) {
                if (m_builder.str(current) == text)
                    continue;
                return fail(pathOf(key), quote(text) + " disagrees with " + quote(m_builder.str(current)) +
                                             " " + origin(p.row, kOriginText + t));
            }
        }
        p.text[static_cast<std::size_t>(t)] = text;
        p.setTextMask |= 1u << t;
    }

    // Levels.
    std::span<const StrId> existingLevels;
    if (p.exists && (p.kind == TaskKind::Ordinal || has(Key::Levels)))
        existingLevels = m_builder.levels(p.row); // a map lookup: only when it can matter
    p.levelCount = existingLevels.size();
    if (given(Key::Levels)) {
        auto v = value(Key::Levels);
        if (v.type() != dom::element_type::ARRAY)
            return typeError(pathOf(Key::Levels), "an array of strings", v);
        p.levels.clear();
        std::size_t index = 0;
        for (auto level : arrayOf(v)) {
            if (level.type() != dom::element_type::STRING)
                return typeError(pathOf(Key::Levels).at(index), "a string", level);
            p.levels.push_back(stringOf(level));
            ++index;
        }
        if (!p.levels.empty()) {
            if (p.kind != TaskKind::Ordinal)
                return fail("levels", "only ordinal items have levels");
            if (p.levels.size() > static_cast<std::size_t>(answer::kMaxLevel))
                return fail("levels", std::to_string(p.levels.size()) + " levels are more than " +
                                          std::to_string(answer::kMaxLevel));
            if (!existingLevels.empty()) {
                bool same = existingLevels.size() == p.levels.size();
                for (std::size_t i = 0; same && i < p.levels.size(); ++i)
                    same = m_builder.str(existingLevels[i]) == p.levels[i];
                if (!same)
                    return fail("levels", "disagree with the levels " + origin(p.row, kOriginLevels));
            } else {
                p.setLevels = true;
                p.levelCount = p.levels.size();
                // Levels arriving after answers, labels or ratings must cover them.
                if (p.exists) {
                    const auto k = p.levelCount;
                    auto above = [k](Answer a) {
                        return a != answer::kNone && a != answer::kNA && static_cast<std::size_t>(a) > k;
                    };
                    const std::string few = std::to_string(k) + " levels";
                    if (above(m_builder.label(p.row)))
                        return fail("levels", few + ", but the label " +
                                                  answerText(p.kind, m_builder.label(p.row)) + " " +
                                                  origin(p.row, kOriginLabel) + " is above them");
                    for (const auto& r : m_builder.ratings(p.row))
                        if (above(r.value))
                            return fail("levels", few + ", but the rating " + answerText(p.kind, r.value) +
                                                      " " + origin(p.row, kOriginRatings) + " is above them");
                    if (auto it = m_maxAnswered.find(p.row);
                        it != m_maxAnswered.end() && above(it->second.first))
                        return fail("levels", few + ", but the judgment at line " +
                                                  std::to_string(it->second.second) + " answered " +
                                                  std::to_string(it->second.first));
                }
            }
        }
    }

    // Label.
    if (given(Key::Label)) {
        Answer label;
        if (!parseAnswerValue(value(Key::Label), pathOf(Key::Label), p.kind, p.levelCount, label))
            return false;
        if (label != answer::kNone) {
            const Answer current = p.exists ? m_builder.label(p.row) : answer::kNone;
            if (current != answer::kNone && current != label)
                return fail("label", quote(answerText(p.kind, label)) + " disagrees with " +
                                         quote(answerText(p.kind, current)) + " " +
                                         origin(p.row, kOriginLabel));
            if (current == answer::kNone) {
                p.setLabel = true;
                p.label = label;
            }
        }
    }

    // Ratings.
    if (given(Key::Ratings)) {
        auto v = value(Key::Ratings);
        p.ratings.clear();
        const auto base = pathOf(Key::Ratings);
        if (v.type() == dom::element_type::OBJECT) {
            m_names.clear();
            for (auto field : objectOf(v)) {
                const auto path = base.child(field.key);
                if (!m_names.insert(field.key))
                    return fail(path, "duplicate rater");
                Answer a;
                if (!parseAnswerValue(field.value, path, p.kind, p.levelCount, a))
                    return false;
                p.ratings.emplace_back(field.key, a);
            }
        } else if (v.type() == dom::element_type::ARRAY) {
            std::size_t index = 0;
            for (auto element : arrayOf(v)) {
                Answer a;
                if (!parseAnswerValue(element, base.at(index), p.kind, p.levelCount, a))
                    return false;
                p.ratings.emplace_back(std::string_view(), a); // named at commit
                ++index;
            }
        } else {
            return typeError(base, "an object or an array", v);
        }
        if (!p.ratings.empty()) {
            auto existing = p.exists ? m_builder.ratings(p.row) : std::span<const Rating>();
            if (!existing.empty()) {
                bool same = existing.size() == p.ratings.size();
                const bool named = v.type() == dom::element_type::OBJECT;
                for (std::size_t i = 0; same && i < existing.size(); ++i) {
                    const auto rater = m_builder.str(existing[i].rater);
                    same = existing[i].value == p.ratings[i].second &&
                           (named ? rater == p.ratings[i].first : rater == std::to_string(i + 1));
                }
                if (!same)
                    return fail("ratings", "disagree with the ratings " + origin(p.row, kOriginRatings));
            } else {
                p.setRatings = true;
            }
        }
    }

    if (!itemLine)
        return true;

    // Judgment-only keys on an item line almost always mean a forgotten `judge`.
    for (int k = static_cast<int>(Key::Format); k < kKeyCount; ++k)
        if (has(static_cast<Key>(k)))
            return fail(pathOf(static_cast<Key>(k)), "only judgments have this key (the line has no judge)");
    if (!m_unknown.empty()) {
        writeExtra();
        const StrId current = p.exists ? m_builder.text(p.row, ItemText::Extra) : kEmptyStr;
        if (current != kEmptyStr && m_builder.str(current) != m_extra)
            return fail(std::string(m_unknown.front().first), "unknown keys " + quote(m_extra) +
                                                                  " disagree with those " +
                                                                  origin(p.row, kOriginExtra));
        p.setExtra = current == kEmptyStr;
    }
    return true;
}

void JsonlReader::writeExtra()
{
    m_extra.clear();
    m_extra += '{';
    bool first = true;
    for (const auto& [name, v] : m_unknown) {
        if (!first)
            m_extra += ',';
        first = false;
        JsonWriter::appendQuoted(m_extra, name);
        m_extra += ':';
        m_extra += simdjson::minify(v); // as the LLMBar importer writes kept values
    }
    m_extra += '}';
}

bool JsonlReader::planJudgment()
{
    if (!planItem(false))
        return false;
    auto& j = m_judgment;
    const auto kind = m_item.kind;
    const auto levels = m_item.levelCount;
    j.maxLevel = 0;

    {
        auto v = value(Key::Judge);
        if (v.type() != dom::element_type::STRING)
            return typeError(pathOf(Key::Judge), "a string", v);
        j.judge = stringOf(v);
        if (j.judge.empty())
            return fail("judge", "must not be empty");
    }
    if (!optionalString(Key::Format, j.format))
        return false;

    // Condition.
    m_condition.clear();
    if (given(Key::Condition)) {
        auto v = value(Key::Condition);
        const auto base = pathOf(Key::Condition);
        if (v.type() != dom::element_type::OBJECT)
            return typeError(base, "an object", v);
        m_names.clear();
        for (auto field : objectOf(v)) {
            const auto path = base.child(field.key);
            if (field.key.empty())
                return fail("condition", "empty key");
            if (!m_names.insert(field.key))
                return fail(path, "duplicate key");
            auto t = field.value.type();
            if (t == dom::element_type::NULL_VALUE)
                continue;
            if (t == dom::element_type::OBJECT || t == dom::element_type::ARRAY)
                return typeError(path, "a string, number or boolean", field.value);
            if (t == dom::element_type::STRING && stringOf(field.value).empty())
                continue;
            m_condition.push_back({field.key, field.value});
        }
    }

    // Order.
    j.order = Order::None;
    if (given(Key::Order)) {
        auto v = value(Key::Order);
        if (v.type() != dom::element_type::STRING)
            return typeError(pathOf(Key::Order), "a string", v);
        auto text = stringOf(v);
        // The common spellings without the general (case-insensitive) parser.
        const bool ab = text.size() == 2 && text[0] == 'A' && text[1] == 'B';
        const bool ba = text.size() == 2 && text[0] == 'B' && text[1] == 'A';
        auto order = ab ? Order::AB : ba ? Order::BA : parseOrder(text);
        if (!order)
            return fail("order", quote(text) + " is not AB or BA");
        j.order = *order;
    }
    if (kind == TaskKind::Pairwise && j.order == Order::None)
        return fail("order", "required for pairwise judgments");
    if (kind != TaskKind::Pairwise && j.order != Order::None)
        return fail("order", "only pairwise judgments have an order");

    // Rep.
    j.rep = 1;
    if (given(Key::Rep)) {
        auto v = value(Key::Rep);
        if (v.type() == dom::element_type::INT64 || v.type() == dom::element_type::UINT64) {
            std::int64_t rep = 0;
            if (v.type() == dom::element_type::UINT64 || v.get(rep) != simdjson::SUCCESS || rep < 1 ||
                rep > 65535) {
                char buffer[32];
                return fail("rep", std::string(buffer, scalarText(v, buffer)) + " is not in 1..65535");
            }
            j.rep = static_cast<std::uint16_t>(rep);
        } else {
            return typeError(pathOf(Key::Rep), "an integer", v);
        }
    }

    // Answer: canonical, or the slot the judge named.
    j.answer = answer::kNone;
    const bool hasAnswer = given(m_answerKey);
    if (hasAnswer && !parseAnswerValue(value(m_answerKey), pathOf(m_answerKey), kind, levels, j.answer))
        return false;
    if (given(Key::Slot)) {
        if (kind != TaskKind::Pairwise)
            return fail("slot", "only pairwise judgments have a slot");
        auto v = value(Key::Slot);
        char buffer[32];
        std::string_view text;
        if (v.type() == dom::element_type::STRING)
            text = stringOf(v);
        else if (v.type() == dom::element_type::INT64 || v.type() == dom::element_type::UINT64)
            text = std::string_view(buffer, scalarText(v, buffer));
        else
            return typeError(pathOf(Key::Slot), "a string", v);
        Answer fromSlot;
        const Answer firstShown = j.order == Order::AB ? answer::kA : answer::kB;
        const Answer secondShown = j.order == Order::AB ? answer::kB : answer::kA;
        if (equalsIgnoreCase(text, "first") || text == "1" || equalsIgnoreCase(text, "A"))
            fromSlot = firstShown;
        else if (equalsIgnoreCase(text, "second") || text == "2" || equalsIgnoreCase(text, "B"))
            fromSlot = secondShown;
        else if (equalsIgnoreCase(text, "tie"))
            fromSlot = answer::kTie;
        else if (equalsIgnoreCase(text, "none") || text.empty())
            fromSlot = answer::kNone;
        else if (equalsIgnoreCase(text, "NA"))
            fromSlot = answer::kNA;
        else
            return fail("slot", quote(text) + " is not first, second, 1, 2, A, B, tie, NA or none");
        if (hasAnswer && fromSlot != j.answer)
            return fail("slot", quote(text) + " with order " + std::string(orderName(j.order)) + " means " +
                                    quote(answerText(kind, fromSlot)) + ", but " +
                                    std::string(kKeyNames[static_cast<std::size_t>(m_answerKey)]) + " is " +
                                    quote(answerText(kind, j.answer)));
        j.answer = fromSlot;
    }
    if (kind == TaskKind::Ordinal && j.answer > 0)
        j.maxLevel = j.answer;

    // Probabilities.
    m_probs.clear();
    if (given(Key::Probs)) {
        auto v = value(Key::Probs);
        const auto base = pathOf(Key::Probs);
        if (v.type() != dom::element_type::OBJECT)
            return typeError(base, "an object", v);
        for (auto field : objectOf(v)) {
            const auto path = base.child(field.key);
            auto option = kind == TaskKind::Pairwise && field.key.size() == 1 &&
                                  (field.key[0] == 'A' || field.key[0] == 'B')
                              ? std::optional<Answer>(field.key[0] == 'A' ? answer::kA : answer::kB)
                              : parseAnswer(kind, field.key);
            if (!option || *option == answer::kNone)
                return fail(path, quote(field.key) + " is not an answer of a " + std::string(kindName(kind)) +
                                      " item");
            if (kind == TaskKind::Ordinal) {
                if (!checkLevel(*option, path, levels, quote(field.key)))
                    return false;
                j.maxLevel = std::max(j.maxLevel, *option);
            }
            for (const auto& e : m_probs)
                if (e.option == *option)
                    return fail(path, "duplicate option");
            if (!isNumber(field.value))
                return typeError(path, "a number", field.value);
            double p = numberValue(field.value);
            if (!(p >= 0.0 && p <= 1.0))
                return fail(path, numberText(p) + " is outside [0, 1]");
            m_probs.push_back({*option, p});
        }
    }

    constexpr double kNoUpper = std::numeric_limits<double>::infinity();
    if (!nonNegative(Key::Confidence, j.confidence, 1.0) || !nonNegative(Key::CostUsd, j.costUsd, kNoUpper) ||
        !nonNegative(Key::LatencyS, j.latencyS, kNoUpper) || !count(Key::TokensIn, j.tokensIn) ||
        !count(Key::TokensOut, j.tokensOut))
        return false;
    if (!optionalString(Key::Raw, j.raw) || !optionalString(Key::Error, j.error) ||
        !optionalString(Key::Test, j.test) || !optionalString(Key::Version, j.version))
        return false;
    j.variant = Variant::None;
    std::string_view text;
    if (!optionalString(Key::Variant, text))
        return false;
    if (auto variant = parseVariant(text))
        j.variant = *variant;
    else
        return fail("variant", quote(text) + " is not original or perturbed");
    if (!optionalString(Key::CueOn, text))
        return false;
    if (auto cue = parseCue(text))
        j.cue = *cue;
    else
        return fail("cue_on", quote(text) + " is not better or worse");

    if (!m_unknown.empty())
        writeExtra();
    return true;
}

void JsonlReader::commitItem(std::uint64_t line)
{
    auto& p = m_item;
    if (!p.exists) {
        const StrId dataset = internCached(m_datasetCache, p.dataset);
        const StrId itemId = m_builder.intern(p.itemId);
        p.row = m_builder.addItem(dataset, itemId, p.kind);
        p.exists = true;
        originSlot(p.row, kOriginKind) = line;
        m_cachedItemDataset.assign(p.dataset);
        m_cachedItemId.assign(p.itemId);
        m_cachedItemRow = p.row;
        m_cachedItemValid = true;
    }
    const auto row = p.row;
    if (p.setTextMask != 0) {
        for (int t = 0; t < kTextKeys; ++t) {
            if ((p.setTextMask & (1u << t)) == 0)
                continue;
            m_builder.setText(row, static_cast<ItemText>(t),
                              m_builder.intern(p.text[static_cast<std::size_t>(t)]));
            originSlot(row, kOriginText + t) = line;
        }
    }
    if (p.setLevels) {
        std::vector<StrId> levels;
        levels.reserve(p.levels.size());
        for (auto level : p.levels)
            levels.push_back(m_builder.intern(level));
        m_builder.setLevels(row, std::move(levels));
        originSlot(row, kOriginLevels) = line;
        m_maxAnswered.erase(row);
    }
    if (p.setLabel) {
        m_builder.setLabel(row, p.label);
        originSlot(row, kOriginLabel) = line;
    }
    if (p.setRatings) {
        std::vector<Rating> ratings;
        ratings.reserve(p.ratings.size());
        for (std::size_t i = 0; i < p.ratings.size(); ++i) {
            const auto& [rater, a] = p.ratings[i];
            const StrId id =
                rater.data() == nullptr ? m_builder.intern(std::to_string(i + 1)) : m_builder.intern(rater);
            ratings.push_back({id, a});
        }
        m_builder.setRatings(row, std::move(ratings));
        originSlot(row, kOriginRatings) = line;
    }
    if (p.setExtra) {
        m_builder.setText(row, ItemText::Extra, m_builder.intern(m_extra));
        originSlot(row, kOriginExtra) = line;
    }
}

void JsonlReader::commitJudgment(std::uint64_t line)
{
    commitItem(line);
    const auto& j = m_judgment;
    JudgmentInput in;
    in.item = m_item.row;
    in.judge = internCached(m_judgeCache, j.judge);
    in.format = internCached(m_formatCache, j.format);

    // Condition, through a small cache of recent sets (usually every line has the same one).
    in.condition = 0;
    if (!m_condition.empty()) {
        bool found = false;
        for (auto& entry : m_condCache) {
            if (!entry.valid || entry.pairs.size() != m_condition.size())
                continue;
            bool same = true;
            for (std::size_t i = 0; same && i < m_condition.size(); ++i)
                same = sameCondValue(entry.pairs[i], m_condition[i]);
            if (same) {
                in.condition = entry.id;
                found = true;
                break;
            }
        }
        if (!found) {
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
                char buffer[32];
                if (cached.type == dom::element_type::STRING)
                    text = stringOf(c.value);
                else
                    text = std::string_view(buffer, scalarText(c.value, buffer));
                cached.text.assign(cached.type == dom::element_type::STRING ? text : std::string_view());
                m_conditionScratch.emplace_back(m_builder.intern(c.key), m_builder.intern(text));
            }
            in.condition = m_builder.internCondition(m_conditionScratch);
            entry.id = in.condition;
            entry.valid = true;
        }
    }
    in.order = j.order;
    in.rep = j.rep;
    in.answer = j.answer;
    in.raw = j.raw.empty() ? kEmptyStr : m_builder.intern(j.raw);
    in.error = j.error.empty() ? kEmptyStr : m_builder.intern(j.error);
    in.test = internCached(m_testCache, j.test);
    in.version = internCached(m_versionCache, j.version);
    in.variant = j.variant;
    in.cue = j.cue;
    in.extra = m_unknown.empty() ? kEmptyStr : m_builder.intern(m_extra);
    in.confidence = j.confidence;
    in.costUsd = j.costUsd;
    in.latencyS = j.latencyS;
    in.tokensIn = j.tokensIn;
    in.tokensOut = j.tokensOut;
    in.probs = m_probs;
    in.source = {m_file, line};
    m_builder.addJudgment(in);

    if (j.maxLevel > 0 && m_builder.levels(m_item.row).empty()) {
        auto [it, inserted] = m_maxAnswered.try_emplace(m_item.row, j.maxLevel, line);
        if (!inserted && it->second.first < j.maxLevel)
            it->second = {j.maxLevel, line};
    }
}

bool JsonlReader::processLine(const char* data, std::size_t length, std::uint64_t line,
                              std::uint64_t fileOffset, bool last)
{
    std::size_t i = 0;
    while (i < length && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r'))
        ++i;
    if (i == length)
        return true; // blank line
    m_sawRecord = true;

    auto parsed = m_parser.parse(data, length, false);
    if (parsed.error()) {
        const auto error = parsed.error();
        if (auto bad = firstInvalidUtf8(std::string_view(data, length))) {
            m_log.fatal(
                {m_path, line, "", "invalid UTF-8 (byte offset " + std::to_string(fileOffset + *bad) + ")"});
            return false;
        }
        if (last && error != simdjson::DEPTH_ERROR) {
            m_log.fatal({m_path, line, "",
                         "truncated last line (the file does not end with a complete JSON object)"});
            return false;
        }
        if (error == simdjson::DEPTH_ERROR)
            return m_log.badRecord({m_path, line, "", kDepthReason});
        return m_log.badRecord(
            {m_path, line, "", "invalid JSON (" + std::string(simdjson::error_message(error)) + ")"});
    }
    const dom::element root = parsed.value_unsafe();
    bool ok;
    if (root.type() != dom::element_type::OBJECT) {
        ok = fail(std::string(), "expected a JSON object, got " + std::string(typeName(root.type())));
    } else {
        ok = collect(objectOf(root));
        if (ok)
            ok = has(Key::Judge) ? planJudgment() : planItem(true);
    }
    if (!ok)
        return m_log.badRecord({m_path, line, std::move(m_problemField), std::move(m_problemReason)});
    if (has(Key::Judge))
        commitJudgment(line);
    else
        commitItem(line);
    return true;
}

bool JsonlReader::run()
{
    QFile file(QString::fromStdString(m_path));
    if (!file.open(QIODevice::ReadOnly | QIODevice::Unbuffered)) {
        m_log.fatal({m_path, 0, "", "cannot read file: " + file.errorString().toStdString()});
        return false;
    }
    m_file = m_builder.addSourceFile(m_path);
    if (m_parser.allocate(std::size_t(1) << 20, kMaxJsonDepth + 1) != simdjson::SUCCESS) {
        m_log.fatal({m_path, 0, "", "out of memory"});
        return false;
    }
    const auto total = static_cast<std::uint64_t>(std::max<qint64>(file.size(), 0));

    std::size_t capacity = kInitialBuffer;
    auto buffer = std::make_unique<char[]>(capacity + simdjson::SIMDJSON_PADDING);
    std::size_t begin = 0, scan = 0, end = 0; // unconsumed bytes [begin, end); no '\n' in [begin, scan)
    std::uint64_t bufferOffset = 0;           // file offset of buffer[0]
    std::uint64_t line = 0;                   // lines completed
    bool eof = false, first = true, skippingLongLine = false;
    m_progress.step(0, total);

    for (;;) {
        if (begin < end) {
            const char* nl = static_cast<const char*>(std::memchr(buffer.get() + scan, '\n', end - scan));
            if (nl != nullptr) {
                const auto lineEnd = static_cast<std::size_t>(nl - buffer.get());
                ++line;
                if (skippingLongLine) {
                    skippingLongLine = false;
                } else if (!processLine(buffer.get() + begin, lineEnd - begin, line, bufferOffset + begin,
                                        false)) {
                    return false;
                }
                begin = scan = lineEnd + 1;
                if (m_parser.capacity() > kParserKeepBytes) {
                    m_parser = dom::parser();
                    if (m_parser.allocate(std::size_t(1) << 20, kMaxJsonDepth + 1) != simdjson::SUCCESS) {
                        m_log.fatal({m_path, 0, "", "out of memory"});
                        return false;
                    }
                }
                continue;
            }
            scan = end;
        }
        if (eof) {
            if (begin < end && !skippingLongLine &&
                !processLine(buffer.get() + begin, end - begin, line + 1, bufferOffset + begin, true))
                return false;
            break;
        }
        // Need more data: keep the unfinished line, at the front of the buffer.
        if (skippingLongLine) {
            bufferOffset += end;
            begin = scan = end = 0;
        } else if (end - begin > kMaxLineBytes) {
            if (!m_log.badRecord({m_path, line + 1, "",
                                  "line longer than " + std::to_string(kMaxLineBytes >> 20) + " MiB"}))
                return false;
            skippingLongLine = true;
            m_sawRecord = true;
            bufferOffset += end;
            begin = scan = end = 0;
        } else if (begin > 0) {
            std::memmove(buffer.get(), buffer.get() + begin, end - begin);
            bufferOffset += begin;
            scan -= begin;
            end -= begin;
            begin = 0;
        }
        if (end == capacity) {
            // A long line: grow up to the limit (+1 byte to see that a line is over it).
            const std::size_t grown = std::min(capacity * 2, kMaxLineBytes + 1);
            auto bigger = std::make_unique<char[]>(grown + simdjson::SIMDJSON_PADDING);
            std::memcpy(bigger.get(), buffer.get(), end);
            buffer = std::move(bigger);
            capacity = grown;
        }
        const auto want = static_cast<qint64>(std::min(kReadBytes, capacity - end));
        const qint64 got = file.read(buffer.get() + end, want);
        if (got < 0) {
            m_log.fatal({m_path, 0, "", "cannot read file: " + file.errorString().toStdString()});
            return false;
        }
        if (got == 0) {
            eof = true;
        } else {
            if (first && end == 0 && got >= 3 && std::memcmp(buffer.get(), "\xEF\xBB\xBF", 3) == 0)
                begin = scan = 3; // UTF-8 byte order mark
            end += static_cast<std::size_t>(got);
            if (first && total > end) {
                // Size the judgment columns once from the line length of the first block, instead of
                // growing them by doubling (which copies them and faults in their pages several times).
                std::uint64_t lines = 0;
                for (const char* q = buffer.get();
                     (q = static_cast<const char*>(
                          std::memchr(q, '\n', end - static_cast<std::size_t>(q - buffer.get())))) != nullptr;
                     ++q)
                    ++lines;
                if (lines > 0) {
                    const auto estimate = total / (end / lines + 1) + lines;
                    m_builder.reserveJudgments(m_builder.judgmentCount() + estimate + estimate / 32);
                }
            }
            first = false;
        }
        m_progress.step(bufferOffset + end, total);
        if (m_progress.cancelled())
            return false;
    }
    if (!m_sawRecord) {
        m_log.fatal({m_path, 0, "", "empty file"});
        return false;
    }
    m_progress.step(total, total);
    return !m_log.failed;
}

} // namespace

bool importJsonl(const std::string& path, AuditBuilder& builder, ImportLog& log, const Progress& progress)
{
    // The reader holds the parser and scratch buffers (~1 MiB); keep it off the stack.
    auto reader = std::make_unique<JsonlReader>(path, builder, log, progress);
    return reader->run();
}

} // namespace tribunal
