// A number too small for a double reads as 0 (see decimaltext.h).

#include "model/decimaltext.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>

namespace tribunal {

bool underflowsToZero(std::string_view text)
{
    // [-]digits[.digits][(e|E)[+-]digits], as std::from_chars accepted it: the decimal exponent of the first
    // non-zero digit decides (an out-of-range number is beyond 1e308 or below 1e-308, so its sign is clear).
    std::size_t i = (!text.empty() && (text[0] == '-' || text[0] == '+')) ? 1 : 0;
    std::int64_t lead = 0; // exponent of the first non-zero digit, before the written exponent
    bool seen = false;
    std::int64_t intDigits = 0;
    for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
        if (seen || text[i] != '0') {
            seen = true;
            ++intDigits;
        }
    }
    if (seen)
        lead = intDigits - 1;
    if (i < text.size() && text[i] == '.') {
        std::int64_t position = 0;
        for (++i; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
            ++position;
            if (!seen && text[i] != '0') {
                seen = true;
                lead = -position;
            }
        }
    }
    if (!seen)
        return false; // all zeros read as 0 and are never out of range
    std::int64_t exponent = 0;
    if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
        ++i;
        const bool negative = i < text.size() && text[i] == '-';
        if (i < text.size() && (text[i] == '-' || text[i] == '+'))
            ++i;
        for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i)
            exponent = std::min<std::int64_t>(exponent * 10 + (text[i] - '0'), std::int64_t(1) << 40);
        if (negative)
            exponent = -exponent;
    }
    return lead + exponent < 0;
}

std::string significantDigits(double value, int significant)
{
    if (!std::isfinite(value))
        return {};
    // std::to_chars, not snprintf: printf follows the C library's LC_NUMERIC, which Qt sets from the
    // environment (QCoreApplication calls setlocale(LC_ALL, "")), and a German locale would write 0,91.
    char buffer[64];
    const auto result = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::general,
                                      std::clamp(significant, 1, 17));
    return {buffer, result.ptr};
}

std::optional<std::string> canonicalDecimal(std::string_view text)
{
    const auto digit = [](char c) { return c >= '0' && c <= '9'; };
    std::size_t i = 0;
    const bool negative = i < text.size() && text[i] == '-';
    if (negative)
        ++i;
    // The value is `digits` x 10^exponent; leading zeros are dropped as the digits are collected.
    std::string digits;
    std::int64_t exponent = 0;
    const std::size_t intStart = i;
    for (; i < text.size() && digit(text[i]); ++i)
        if (!digits.empty() || text[i] != '0')
            digits += text[i];
    if (i == intStart || (text[intStart] == '0' && i - intStart > 1))
        return std::nullopt; // no integer part, or a leading zero (`007`: an identifier more likely)
    if (i < text.size() && text[i] == '.') {
        const std::size_t fracStart = ++i;
        for (; i < text.size() && digit(text[i]); ++i) {
            if (!digits.empty() || text[i] != '0')
                digits += text[i];
            --exponent;
        }
        if (i == fracStart)
            return std::nullopt;
    }
    if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
        ++i;
        bool expNegative = false;
        if (i < text.size() && (text[i] == '+' || text[i] == '-'))
            expNegative = text[i++] == '-';
        const std::size_t expStart = i;
        std::int64_t written = 0;
        int significant = 0;
        for (; i < text.size() && digit(text[i]); ++i) {
            if (significant > 0 || text[i] != '0')
                ++significant;
            if (significant > 15)
                return std::nullopt;
            written = written * 10 + (text[i] - '0');
        }
        if (i == expStart)
            return std::nullopt;
        exponent += expNegative ? -written : written;
    }
    if (i != text.size())
        return std::nullopt;
    if (digits.empty())
        return std::string(negative ? "-0" : "0");
    while (digits.back() == '0') {
        digits.pop_back();
        ++exponent;
    }
    const auto n = static_cast<std::int64_t>(digits.size());
    std::string fixed;
    if (exponent >= 0) {
        // Only worth building when it can be the shorter form (an exponent this big never is).
        if (exponent <= 32)
            fixed = digits + std::string(static_cast<std::size_t>(exponent), '0');
    } else if (-exponent < n) {
        fixed = digits.substr(0, static_cast<std::size_t>(n + exponent)) + '.' +
                digits.substr(static_cast<std::size_t>(n + exponent));
    } else if (-exponent - n <= 32) {
        fixed = "0." + std::string(static_cast<std::size_t>(-exponent - n), '0') + digits;
    }
    const std::int64_t sciExponent = exponent + n - 1;
    std::string scientific(1, digits[0]);
    if (n > 1)
        scientific += '.' + digits.substr(1);
    scientific += sciExponent < 0 ? "e-" : "e+";
    const auto magnitude = static_cast<std::uint64_t>(sciExponent < 0 ? -sciExponent : sciExponent);
    if (magnitude < 10)
        scientific += '0';
    scientific += std::to_string(magnitude);
    std::string out = negative ? "-" : "";
    out += !fixed.empty() && fixed.size() <= scientific.size() ? fixed : scientific;
    return out;
}

} // namespace tribunal
