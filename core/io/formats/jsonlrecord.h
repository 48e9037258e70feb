#pragma once
// One line of a Tribunal JSONL file (format in jsonlimporter.cpp): its keys split into the known ones and the
// kept unknown ones, typed reads of them, and the first problem found, as `key.path: reason`. Shared by the
// item and judgment parsers of the line.

#include "io/jsonvaluetext.h"
#include "io/nameset.h"
#include "model/types.h"

#include <simdjson.h>

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tribunal {

// In a namespace of its own: at namespace scope the enumerators Answer and Condition would shadow the types.
namespace jsonlkeys {
/// The known keys. Item keys first (UnitId .. Domain in ItemText order); judgment-only keys from Judge on.
enum class JsonlKey : std::uint8_t {
    Dataset,
    ItemId,
    Kind,
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
    Levels,
    Label,
    Ratings,
    Judge,
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
    Kept, ///< an object of kept fields named like Tribunal keys (written by the exporter)
    Count
};
} // namespace jsonlkeys
using jsonlkeys::JsonlKey;
inline constexpr int kJsonlKeyCount = static_cast<int>(JsonlKey::Count);
inline constexpr int kJsonlTextKeys = 10; ///< unit_id .. domain
std::string_view jsonlKeyName(JsonlKey key);
/// Whether `name` is one of the keys above (a Tribunal JSONL key).
bool isJsonlKey(std::string_view name);

/// A key path for messages: `base`, `base.key` or `base[index]`, made into text only when there is a problem.
struct JsonPath {
    std::string_view base;
    std::string_view key{};
    std::int64_t index = -1;
    bool hasKey = false;

    static JsonPath of(std::string_view base) { return {base}; }
    static JsonPath of(JsonlKey key) { return {jsonlKeyName(key)}; }
    JsonPath child(std::string_view name) const { return {base, name, -1, true}; }
    JsonPath at(std::size_t i) const { return {base, {}, static_cast<std::int64_t>(i), false}; }
    std::string text() const;
};

/// The current line. Views into the parsed document stay valid until the next line is parsed. Not
/// thread-safe.
class JsonlRecord {
public:
    /// Reads the keys of one line's object. False (with a problem) on a key given twice, or an unknown value
    /// nested deeper than kMaxJsonDepth.
    bool collect(simdjson::dom::object object);

    bool has(JsonlKey k) const { return (m_present & bit(k)) != 0; }
    /// Present and not null (null stands for "not given" for every optional key).
    bool given(JsonlKey k) const { return (m_given & bit(k)) != 0; }
    /// Any of the keys in [first, last] present.
    bool hasAny(JsonlKey first, JsonlKey last) const
    {
        return (m_present & ((bit(last) << 1) - 1) & ~(bit(first) - 1)) != 0;
    }
    simdjson::dom::element value(JsonlKey k) const { return m_value[static_cast<std::size_t>(k)]; }
    /// Which of answer / verdict / winner the line gives (at most one).
    JsonlKey answerKey() const { return m_answerKey; }

    bool hasUnknown() const { return !m_unknown.empty(); }
    std::string_view firstUnknownKey() const { return m_unknown.front().first; }
    /// The unknown keys as one compact JSON object text, keys in line order (kept, not dropped).
    std::string_view extraText();

    // Problems: a parser records the first one and returns false.
    bool fail(std::string field, std::string reason);
    bool fail(const JsonPath& path, std::string reason) { return fail(path.text(), std::move(reason)); }
    /// `expected <expected>, got <type of got>`
    bool typeError(const JsonPath& path, std::string_view expected, simdjson::dom::element got);
    std::string takeProblemField() { return std::move(m_problemField); }
    std::string takeProblemReason() { return std::move(m_problemReason); }

    /// A required key holding a non-empty string (`required key is missing`, `must not be empty`). Inline,
    /// like optionalString(): both run several times per line.
    bool requiredString(JsonlKey k, std::string_view& out)
    {
        if (has(k) && value(k).type() == simdjson::dom::element_type::STRING) {
            out = stringOf(value(k));
            if (!out.empty())
                return true;
        }
        return requiredStringProblem(k);
    }
    /// A string key, or "" when not given.
    bool optionalString(JsonlKey k, std::string_view& out)
    {
        out = {};
        return !given(k) || givenString(k, out);
    }
    /// An answer, label or rating of an item of `kind` with `levels` levels (0: none known): the canonical
    /// text, an ordinal level also as an integer, or null (= kNone).
    bool answerValue(simdjson::dom::element v, const JsonPath& path, TaskKind kind, std::size_t levels,
                     Answer& out);
    /// An ordinal level must lie within the item's levels when it has some (`shown` is the value as written).
    bool checkLevel(Answer a, const JsonPath& path, std::size_t levels, std::string_view shown);
    /// Scratch for finding duplicate names in nested objects (condition, ratings).
    NameSet& names() { return m_names; }

private:
    bool collectKept(simdjson::dom::element kept);
    bool requiredStringProblem(JsonlKey k);
    bool givenString(JsonlKey k, std::string_view& out);
    static constexpr std::uint64_t bit(JsonlKey k) { return std::uint64_t(1) << static_cast<int>(k); }

    std::uint64_t m_present = 0; // keys on the line
    std::uint64_t m_given = 0;   // keys on the line with a value other than null
    std::array<simdjson::dom::element, kJsonlKeyCount> m_value{};
    JsonlKey m_answerKey = JsonlKey::Answer;
    std::vector<std::pair<std::string_view, simdjson::dom::element>> m_unknown;
    NameSet m_unknownNames, m_names;
    std::string m_extra;
    bool m_extraWritten = false;
    std::string m_problemField, m_problemReason;
};

} // namespace tribunal
