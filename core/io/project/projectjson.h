#pragma once
// Internal to the project file (projectfile.h): parsing the JSON texts an open reads from project columns
// (projectschema.h, "Column conventions"), with a reused simdjson parser.

#include "model/auditbuilder.h"

#include <simdjson.h>

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tribunal {

/// A JSON value as text: a string's contents, anything else (a number in a text column) as compact JSON. The
/// view is into the parsed document or into `buffer`.
std::string_view jsonText(simdjson::dom::element value, std::string& buffer);
std::string jsonText(simdjson::dom::element value);

/// Every parse returns false with *reason set (no location: the caller adds table, row and column) when the
/// text is not what its column holds. Strings are interned in the builder passed in. Not thread-safe: one
/// object per reading thread; a parsed element lives until the next parse on the same object.
class ProjectJson {
public:
    /// Parses `text`; "not valid JSON (<simdjson message>)" when it is not JSON.
    bool parse(std::string_view text, simdjson::dom::element& out, std::string* reason);

    /// A JSON array of strings (levels, meta condition_keys), appended to `out`. A non-string element is
    /// "<what> <1-based index> is not a string".
    bool parseStrings(std::string_view text, std::string_view what, AuditBuilder& builder,
                      std::vector<StrId>& out, std::string* reason);
    /// Ratings {"rater": value, ...} of an item of `kind`, in document order, duplicate raters kept; a value
    /// is an answer text or an integer level.
    bool parseRatings(std::string_view text, TaskKind kind, AuditBuilder& builder, std::vector<Rating>& out,
                      std::string* reason);
    /// A condition set {"key": "value", ...} as (key, value) texts in document order, for
    /// AuditBuilder::internCondition() once interned; duplicate keys are refused. Touches no builder, so
    /// judgment rows can be read on another thread.
    bool parseConditionPairs(std::string_view text, std::vector<std::pair<std::string, std::string>>& out,
                             std::string* reason);
    /// Answer probabilities {"option": p or null, ...} of a judgment of `kind` (null = kMissing).
    bool parseProbs(std::string_view text, TaskKind kind, std::vector<ProbEntry>& out, std::string* reason);

private:
    bool parseObject(std::string_view text, simdjson::dom::object& out, std::string* reason);

    simdjson::dom::parser m_parser;
    std::vector<char> m_buffer;
};

} // namespace tribunal
