#pragma once
// The numeric judgment fields every importer checks (../shared/spec/data-format.md, "The model"), with one
// wording for each problem whatever the format: `1.5 is outside [0, 1]`, `-0.5 is negative`, `-3 is
// negative`, `0 is not in 1..65535`; for text cells also `"abc" is not a number`, `"1.5" is not an integer`.
// The functions return nullopt when the value is fine and the reason otherwise (nothing is allocated then).
// Pure functions; thread-safe.

#include "model/decimaltext.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tribunal {

/// Where a real-valued field must lie.
enum class NumberRange : std::uint8_t {
    UnitInterval, ///< [0, 1]: probabilities, confidence
    NonNegative,  ///< [0, inf): cost_usd (USD), latency_s (seconds)
};

constexpr bool inRange(double value, NumberRange range)
{
    return range == NumberRange::UnitInterval ? value >= 0.0 && value <= 1.0 : value >= 0.0;
}

/// The reason for a value outside `range`: `1.5 is outside [0, 1]`, `-0.5 is negative`.
std::string outOfRange(double value, NumberRange range);

/// Why `value` does not lie in `range`, or nullopt.
inline std::optional<std::string> rangeProblem(double value, NumberRange range)
{
    if (inRange(value, range))
        return std::nullopt;
    return outOfRange(value, range);
}

/// The reason for a negative count: `-3 is negative`.
std::string negativeCount(std::int64_t value);

/// Why `value` is not a count (tokens_in, tokens_out: integers >= 0), or nullopt.
inline std::optional<std::string> countProblem(std::int64_t value)
{
    if (value >= 0)
        return std::nullopt;
    return negativeCount(value);
}

/// The reason for an integer too large for any count: `<shown> is too large` (`shown` as written).
std::string tooLarge(std::string_view shown);

/// Whether `value` is a run index (rep): 1..65535.
constexpr bool isRep(std::int64_t value)
{
    return value >= 1 && value <= 65535;
}

/// The reason for a rep outside 1..65535: `<shown> is not in 1..65535` (`shown` as written).
std::string repProblem(std::string_view shown);

// Text cells (the flat CSV): the whole text must be the number (no spaces); an empty cell is the caller's
// "not given".

/// Why `text` is not a finite number in `range` (`"abc" is not a number`, `"inf" is not a finite number`, or
/// outOfRange()); nullopt when it is one. A number too small for a double (1e-400) is 0, as the JSON readers
/// (simdjson) read it; one too large (1e999) is not finite.
std::optional<std::string> realTextProblem(std::string_view text, NumberRange range);

/// Reads `text` when it is a plain decimal `-?D+(.D+)?` of at most 15 significant digits and 22 decimals,
/// which is what probabilities, costs and latencies almost always look like; false otherwise (then use
/// from_chars). The value is the correctly rounded double, as from_chars gives: both the digits as an integer
/// (< 2^53) and 10^k (k <= 22) are exact doubles, and one IEEE division rounds correctly (Clinger's fast
/// path).
inline bool parsePlainDecimal(std::string_view text, double& out)
{
    static constexpr double kPow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                        1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                        1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    std::size_t i = 0;
    const bool negative = !text.empty() && text[0] == '-';
    i += negative ? 1 : 0;
    std::uint64_t digits = 0;
    int count = 0, fraction = 0;
    const std::size_t integerStart = i;
    const auto digit = [&] { // leading zeros are not significant
        digits = digits * 10 + static_cast<std::uint64_t>(text[i] - '0');
        count += digits != 0 ? 1 : 0;
    };
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i)
        digit();
    if (i == integerStart)
        return false;
    if (i < text.size() && text[i] == '.') {
        const std::size_t fractionStart = ++i;
        for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i)
            digit();
        fraction = static_cast<int>(i - fractionStart);
        if (fraction == 0 || fraction > 22)
            return false;
    }
    if (i != text.size() || count > 15)
        return false;
    const double magnitude = static_cast<double>(digits) / kPow10[fraction];
    out = negative ? -magnitude : magnitude;
    return true;
}

/// Parses a real number in `range` into `out` (inline: the common case costs one short loop).
inline std::optional<std::string> parseRealText(std::string_view text, NumberRange range, double& out)
{
    double value = 0;
    if (!parsePlainDecimal(text, value)) {
        const char* end = text.data() + text.size();
        auto [ptr, ec] = std::from_chars(text.data(), end, value);
        if (ec == std::errc::result_out_of_range && ptr == end && underflowsToZero(text))
            value = 0.0;
        else if (ec != std::errc() || ptr != end || !std::isfinite(value))
            return realTextProblem(text, range);
    }
    if (!inRange(value, range))
        return realTextProblem(text, range);
    out = value;
    return std::nullopt;
}

/// Parses a count into `out`.
std::optional<std::string> parseCountText(std::string_view text, std::int64_t& out);

/// Parses a rep that is not a single digit 1..9 into `out`.
std::optional<std::string> parseRepTextSlow(std::string_view text, std::uint16_t& out);

/// Parses a rep into `out`.
inline std::optional<std::string> parseRepText(std::string_view text, std::uint16_t& out)
{
    if (text.size() == 1 && text[0] >= '1' && text[0] <= '9') { // the common case
        out = static_cast<std::uint16_t>(text[0] - '0');
        return std::nullopt;
    }
    return parseRepTextSlow(text, out);
}

} // namespace tribunal
