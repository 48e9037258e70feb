#include "io/project/projectjson.h"

#include <cstring>

namespace tribunal {
namespace {

std::string kindText(TaskKind kind)
{
    return std::string(kindName(kind));
}

} // namespace

std::string_view jsonText(simdjson::dom::element value, std::string& buffer)
{
    std::string_view text;
    if (!value.get_string().get(text))
        return text;
    buffer = simdjson::minify(value);
    return buffer;
}

std::string jsonText(simdjson::dom::element value)
{
    std::string buffer;
    return std::string(jsonText(value, buffer));
}

bool ProjectJson::parse(std::string_view text, simdjson::dom::element& out, std::string* reason)
{
    m_buffer.resize(text.size() + simdjson::SIMDJSON_PADDING);
    std::memcpy(m_buffer.data(), text.data(), text.size());
    if (auto err = m_parser.parse(m_buffer.data(), text.size(), false).get(out)) {
        *reason = std::string("not valid JSON (") + simdjson::error_message(err) + ")";
        return false;
    }
    return true;
}

bool ProjectJson::parseObject(std::string_view text, simdjson::dom::object& out, std::string* reason)
{
    simdjson::dom::element doc;
    if (!parse(text, doc, reason))
        return false;
    if (doc.get_object().get(out)) {
        *reason = "not a JSON object";
        return false;
    }
    return true;
}

bool ProjectJson::parseStrings(std::string_view text, std::string_view what, AuditBuilder& builder,
                               std::vector<StrId>& out, std::string* reason)
{
    simdjson::dom::element doc;
    if (!parse(text, doc, reason))
        return false;
    simdjson::dom::array array;
    if (doc.get_array().get(array)) {
        *reason = "not a JSON array";
        return false;
    }
    std::size_t index = 0;
    for (auto element : array) {
        ++index;
        std::string_view value;
        if (element.get_string().get(value)) {
            *reason = std::string(what) + " " + std::to_string(index) + " is not a string";
            return false;
        }
        out.push_back(builder.intern(value));
    }
    return true;
}

bool ProjectJson::parseRatings(std::string_view text, TaskKind kind, AuditBuilder& builder,
                               std::vector<Rating>& out, std::string* reason)
{
    simdjson::dom::object object;
    if (!parseObject(text, object, reason))
        return false;
    // Iterated in document order, duplicate raters included (a rater may rate twice).
    for (auto field : object) {
        std::string_view valueText;
        std::string number;
        if (std::int64_t level = 0; !field.value.get_int64().get(level)) {
            number = std::to_string(level);
            valueText = number;
        } else if (field.value.get_string().get(valueText)) {
            *reason = std::string(field.key) + ": not a string or integer";
            return false;
        }
        const auto value = parseAnswer(kind, valueText);
        if (!value) {
            *reason = std::string(field.key) + ": '" + std::string(valueText) + "' is not a " +
                      kindText(kind) + " rating";
            return false;
        }
        out.push_back({builder.intern(field.key), *value});
    }
    return true;
}

bool ProjectJson::parseConditionPairs(std::string_view text,
                                      std::vector<std::pair<std::string, std::string>>& out,
                                      std::string* reason)
{
    simdjson::dom::object object;
    if (!parseObject(text, object, reason))
        return false;
    for (auto field : object) {
        std::string_view value;
        if (field.value.get_string().get(value)) {
            *reason = std::string(field.key) + ": not a string";
            return false;
        }
        for (const auto& pair : out)
            if (pair.first == field.key) {
                *reason = std::string(field.key) + ": duplicate key";
                return false;
            }
        out.emplace_back(field.key, value);
    }
    return true;
}

bool ProjectJson::parseProbs(std::string_view text, TaskKind kind, std::vector<ProbEntry>& out,
                             std::string* reason)
{
    simdjson::dom::object object;
    if (!parseObject(text, object, reason))
        return false;
    for (auto field : object) {
        const auto option = parseAnswer(kind, field.key);
        if (!option) {
            *reason = std::string(field.key) + ": not a " + kindText(kind) + " option";
            return false;
        }
        double p = kMissing; // JsonWriter writes a NaN as null
        if (!field.value.is_null() && field.value.get_double().get(p)) {
            *reason = std::string(field.key) + ": not a number";
            return false;
        }
        out.push_back({*option, p});
    }
    return true;
}

} // namespace tribunal
