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

} // namespace tribunal
