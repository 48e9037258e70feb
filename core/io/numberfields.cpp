#include "io/numberfields.h"

#include "io/messagetext.h"
#include "model/decimaltext.h"

#include <charconv>
#include <cmath>

namespace tribunal {
namespace {

std::string notA(std::string_view text, const char* what)
{
    return quoteForMessage(text) + " is not " + what;
}

enum class IntegerText { Ok, NotInteger, TooLarge };

// The whole of `text` as a decimal int64.
IntegerText parseInteger(std::string_view text, std::int64_t& value)
{
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (ptr != end || (ec != std::errc() && ec != std::errc::result_out_of_range))
        return IntegerText::NotInteger;
    return ec == std::errc() ? IntegerText::Ok : IntegerText::TooLarge;
}

} // namespace

std::string outOfRange(double value, NumberRange range)
{
    return numberText(value) + (range == NumberRange::UnitInterval ? " is outside [0, 1]" : " is negative");
}

std::string negativeCount(std::int64_t value)
{
    return std::to_string(value) + " is negative";
}

std::string tooLarge(std::string_view shown)
{
    return std::string(shown) + " is too large";
}

std::string repProblem(std::string_view shown)
{
    return std::string(shown) + " is not in 1..65535";
}

std::optional<std::string> realTextProblem(std::string_view text, NumberRange range)
{
    double value = 0;
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (ptr != end || (ec != std::errc() && ec != std::errc::result_out_of_range))
        return notA(text, "a number");
    if (ec == std::errc::result_out_of_range && underflowsToZero(text))
        return rangeProblem(0.0, range);
    if (ec != std::errc() || !std::isfinite(value))
        return notA(text, "a finite number");
    return rangeProblem(value, range);
}

std::optional<std::string> parseCountText(std::string_view text, std::int64_t& out)
{
    std::int64_t value = 0;
    switch (parseInteger(text, value)) {
    case IntegerText::NotInteger:
        return notA(text, "an integer");
    case IntegerText::TooLarge:
        return tooLarge(text);
    case IntegerText::Ok:
        break;
    }
    if (auto problem = countProblem(value))
        return problem;
    out = value;
    return std::nullopt;
}

std::optional<std::string> parseRepTextSlow(std::string_view text, std::uint16_t& out)
{
    std::int64_t value = 0;
    const auto parsed = parseInteger(text, value);
    if (parsed == IntegerText::NotInteger)
        return notA(text, "an integer");
    if (parsed == IntegerText::TooLarge || !isRep(value))
        return repProblem(text);
    out = static_cast<std::uint16_t>(value);
    return std::nullopt;
}

} // namespace tribunal
