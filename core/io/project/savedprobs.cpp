// The probabilities column as a save writes it (see savedprobs.h).

#include "io/project/savedprobs.h"

#include <charconv>

namespace tribunal::projectread {
namespace {

// A JSON number (RFC 8259 grammar) parsed to the double simdjson gives for it; false for anything else,
// including what std::from_chars would take but JSON does not ("+1", "1.", ".5", "inf"), and for integers of
// more than 18 digits (simdjson's big-integer rules are left to simdjson).
bool parseJsonNumber(const char*& p, const char* end, double& out)
{
    const char* const start = p;
    const char* q = p;
    if (q < end && *q == '-')
        ++q;
    const char* const digits = q;
    if (q < end && *q == '0')
        ++q;
    else
        while (q < end && *q >= '0' && *q <= '9')
            ++q;
    if (q == digits)
        return false;
    bool integer = true;
    if (q < end && *q == '.') {
        integer = false;
        const char* const fraction = ++q;
        while (q < end && *q >= '0' && *q <= '9')
            ++q;
        if (q == fraction)
            return false;
    }
    if (q < end && (*q == 'e' || *q == 'E')) {
        integer = false;
        ++q;
        if (q < end && (*q == '+' || *q == '-'))
            ++q;
        const char* const exponent = q;
        while (q < end && *q >= '0' && *q <= '9')
            ++q;
        if (q == exponent)
            return false;
    }
    if (integer) {
        // simdjson reads an integer as int64 and converts it, so "-0" is +0.0, not -0.0.
        std::int64_t value = 0;
        if (q - digits > 18 || std::from_chars(start, q, value).ptr != q)
            return false;
        out = static_cast<double>(value);
    } else if (const auto [last, ec] = std::from_chars(start, q, out); ec != std::errc() || last != q) {
        return false;
    }
    p = q;
    return true;
}

} // namespace

// The probabilities a save writes, {"A":0.7,"B":0.3} (no blanks, no escapes, numbers or null), without a JSON
// parser: every judgment of a simulated audit has them. False (with `out` possibly partly filled) for any
// other text, which then goes through simdjson and its error messages.
bool parseSavedProbs(std::string_view text, TaskKind kind, std::vector<ProbEntry>& out)
{
    const char* p = text.data();
    const char* const end = p + text.size();
    if (p == end || *p++ != '{')
        return false;
    if (p < end && *p == '}')
        return p + 1 == end;
    for (;;) {
        if (p == end || *p++ != '"')
            return false;
        const char* const key = p;
        while (p < end && *p != '"' && *p != '\\' && static_cast<unsigned char>(*p) >= 0x20)
            ++p;
        if (p == end || *p != '"')
            return false;
        const auto option = parseAnswer(kind, std::string_view(key, static_cast<std::size_t>(p - key)));
        if (!option || ++p == end || *p++ != ':')
            return false;
        double value = kMissing; // JsonWriter writes a NaN as null
        if (end - p >= 4 && std::string_view(p, 4) == "null")
            p += 4;
        else if (!parseJsonNumber(p, end, value))
            return false;
        out.push_back({*option, value});
        if (p == end)
            return false;
        if (*p == '}')
            return p + 1 == end;
        if (*p++ != ',')
            return false;
    }
}

} // namespace tribunal::projectread
