#pragma once
// The keys of one harness record (or of an object nested in it): the known ones by index, the unknown ones
// kept as one compact JSON object text (../shared/spec/data-format.md: unknown fields are kept, not dropped),
// and typed reads that name the key path in their problems. Shared by the harness adapters.
// Views stay valid while the parsed document does. Not thread-safe; reuse one per object level.

#include "io/jsonvaluetext.h"
#include "io/nameset.h"
#include "io/numberfields.h"

#include <simdjson.h>

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tribunal {

/// A problem with one record: the key path (`games[1].score`) and the reason.
struct HarnessProblem {
    std::string field;
    std::string reason;
};

class HarnessFields {
public:
    /// `known`: the key names (at most 64; must outlive this). `path`: how messages name the object (""
    /// for a record, `games[1]` for a nested one), prefixed to each key.
    explicit HarnessFields(std::span<const std::string_view> known) : m_known(known) {}

    /// Collects the keys of `object`; a problem for a key given twice.
    std::optional<HarnessProblem> collect(simdjson::dom::object object, std::string path = {});

    bool has(int k) const { return (m_present >> k & 1u) != 0; }
    /// Present and not null.
    bool given(int k) const
    {
        return has(k) &&
               m_value[static_cast<std::size_t>(k)].type() != simdjson::dom::element_type::NULL_VALUE;
    }
    simdjson::dom::element value(int k) const { return m_value[static_cast<std::size_t>(k)]; }
    /// `path.key`
    std::string field(int k) const;
    std::string field(std::string_view key) const;

    /// The unknown keys as one JSON object text in record order, "" when there are none.
    std::string_view extra();
    /// Appends the unknown keys as `"key":value` fields to the JSON object text being built in `out`
    /// (appendKeptField(); the caller closes a non-empty `out` with '}').
    void appendUnknown(std::string& out) const;
    bool hasUnknown() const { return !m_unknown.empty(); }
    std::string_view firstUnknownKey() const { return m_unknown.front().first; }

    // Typed reads. Problems: `required key is missing`, `must not be empty`, `expected a string, got an
    // integer`, `expected a number, got ...`, `must be at least 0 (got -1)`.
    std::optional<HarnessProblem> requiredString(int k, std::string_view& out) const;
    /// "" when absent or null.
    std::optional<HarnessProblem> optionalString(int k, std::string_view& out) const;
    /// A string (not empty) or an integer, as text (`question_id: 81` -> "81").
    std::optional<HarnessProblem> requiredId(int k, std::string& out) const;
    /// kMissing when absent or null; otherwise a number in `range` (outOfRange() wording).
    std::optional<HarnessProblem> optionalNumber(int k, double& out, NumberRange range) const;
    /// A problem naming key k: `path.key: reason`.
    HarnessProblem problem(int k, std::string reason) const { return {field(k), std::move(reason)}; }
    /// `expected <what>, got <type>` for key k.
    HarnessProblem typeProblem(int k, std::string_view what) const;

private:
    std::span<const std::string_view> m_known;
    std::string m_path;
    std::uint64_t m_present = 0;
    std::vector<simdjson::dom::element> m_value;
    std::vector<std::pair<std::string_view, simdjson::dom::element>> m_unknown;
    NameSet m_unknownNames;
    std::string m_extra;
    bool m_extraWritten = false;
};

} // namespace tribunal
