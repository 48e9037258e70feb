// The values of Inspect AI scores (see inspectlogscores.h).

#include "io/harness/inspectlogscores.h"

#include "io/jsonvaluetext.h"
#include "io/messagetext.h"

#include <cmath>

namespace tribunal {

namespace dom = simdjson::dom;

std::optional<std::string> readInspectValue(dom::element value, InspectValue& out)
{
    out = InspectValue{};
    switch (value.type()) {
    case dom::element_type::STRING: {
        const std::string_view text = stringOf(value);
        if (text != "C" && text != "I" && text != "P" && text != "N")
            return quoteForMessage(text) + " is not C, I, P or N";
        out.type = InspectValue::Type::Letter;
        out.letter = text[0];
        return std::nullopt;
    }
    case dom::element_type::BOOL:
        out.type = InspectValue::Type::Boolean;
        out.flag = value.get_bool().value_unsafe();
        return std::nullopt;
    case dom::element_type::NULL_VALUE: // NaN, Infinity and -Infinity (replaceNonFiniteNumbers)
        out.type = InspectValue::Type::NotFinite;
        return std::nullopt;
    default:
        if (isJsonNumber(value)) {
            out.type = InspectValue::Type::Number;
            out.number = jsonNumber(value);
            return std::nullopt;
        }
        return "expected a string, a number or a boolean, got " + std::string(jsonTypeName(value.type()));
    }
}

void InspectScale::observe(const InspectValue& value)
{
    if (value.type == InspectValue::Type::Letter || value.type == InspectValue::Type::Boolean) {
        categorical = true;
    } else if (value.type == InspectValue::Type::Number) {
        if (value.number != 0.0 && value.number != 1.0)
            zeroOne = false;
        if (value.number >= 1 && value.number <= answer::kMaxLevel &&
            std::floor(value.number) == value.number)
            maxLevel = std::max(maxLevel, static_cast<Answer>(value.number));
    }
}

std::optional<std::string> inspectAnswer(TaskKind kind, const InspectValue& value, Answer& out)
{
    out = answer::kNone;
    switch (value.type) {
    case InspectValue::Type::NotFinite:
        return std::nullopt;
    case InspectValue::Type::Letter:
        // Inspect's value_to_float counts N (no answer) as 0 like I; P (partial credit) is neither side.
        out = value.letter == 'C' ? answer::kMet : value.letter == 'P' ? answer::kNA : answer::kUnmet;
        return std::nullopt;
    case InspectValue::Type::Boolean:
        out = value.flag ? answer::kMet : answer::kUnmet;
        return std::nullopt;
    case InspectValue::Type::Number:
        break;
    }
    const double n = value.number;
    if (kind == TaskKind::Binary) {
        if (n == 0.0 || n == 1.0) {
            out = n == 1.0 ? answer::kMet : answer::kUnmet;
            return std::nullopt;
        }
        return numberText(n) + " is not 0 or 1 (the scorer's letter or boolean values make it binary)";
    }
    if (n >= 1 && n <= answer::kMaxLevel && std::floor(n) == n) {
        out = static_cast<Answer>(n);
        return std::nullopt;
    }
    return numberText(n) + " is not a level (an ordinal scorer's values are integers 1.." +
           std::to_string(answer::kMaxLevel) + ")";
}

} // namespace tribunal
