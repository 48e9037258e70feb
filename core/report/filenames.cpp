// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/filenames.h"

#include "model/utf8prefix.h"

#include <array>
#include <cstdint>

namespace tribunal {

namespace {

constexpr std::size_t kHashSuffixBytes = 9; // '-' and 8 hex digits

std::uint64_t fnv1a(std::string_view bytes)
{
    std::uint64_t h = 0xcbf29ce484222325ULL;
    for (const char c : bytes) {
        h ^= static_cast<unsigned char>(c);
        h *= 0x100000001b3ULL;
    }
    return h;
}

std::string hashSuffix(std::string_view name)
{
    const std::uint64_t h = fnv1a(name);
    const auto folded = static_cast<std::uint32_t>(h ^ (h >> 32));
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out = "-";
    for (int shift = 28; shift >= 0; shift -= 4)
        out += kHex[(folded >> shift) & 0xFu];
    return out;
}

/// Length of the valid UTF-8 sequence starting at `i` (shortest form, no surrogates, <= U+10FFFF), 0 if
/// there is none; `codePoint` receives its value.
std::size_t utf8Sequence(std::string_view s, std::size_t i, char32_t& codePoint)
{
    const auto b0 = static_cast<unsigned char>(s[i]);
    std::size_t length = 0;
    char32_t cp = 0, minimum = 0;
    if (b0 < 0x80) {
        codePoint = b0;
        return 1;
    } else if ((b0 & 0xE0) == 0xC0) {
        length = 2, cp = b0 & 0x1Fu, minimum = 0x80;
    } else if ((b0 & 0xF0) == 0xE0) {
        length = 3, cp = b0 & 0x0Fu, minimum = 0x800;
    } else if ((b0 & 0xF8) == 0xF0) {
        length = 4, cp = b0 & 0x07u, minimum = 0x10000;
    } else {
        return 0;
    }
    if (i + length > s.size())
        return 0;
    for (std::size_t k = 1; k < length; ++k) {
        const auto b = static_cast<unsigned char>(s[i + k]);
        if ((b & 0xC0) != 0x80)
            return 0;
        cp = (cp << 6) | (b & 0x3Fu);
    }
    if (cp < minimum || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        return 0;
    codePoint = cp;
    return length;
}

bool isBidiControl(char32_t cp)
{
    return cp == 0x200E || cp == 0x200F || (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069);
}

bool isForbiddenAscii(unsigned char c)
{
    switch (c) {
    case '/':
    case '\\':
    case '<':
    case '>':
    case ':':
    case '"':
    case '|':
    case '?':
    case '*':
        return true;
    default:
        return c < 0x20 || c == 0x7F;
    }
}

char asciiUpper(char c)
{
    return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
}

/// CON, PRN, AUX, NUL, COM1-9, LPT1-9 (any case) as the part before the first '.': Windows opens the device
/// for "con" and for "con.txt" alike.
bool isWindowsDeviceName(std::string_view stem)
{
    const auto dot = stem.find('.');
    const std::string_view base = stem.substr(0, dot);
    std::string upper;
    for (const char c : base)
        upper += asciiUpper(c);
    static constexpr std::array<std::string_view, 4> kPlain{"CON", "PRN", "AUX", "NUL"};
    for (const auto reserved : kPlain)
        if (upper == reserved)
            return true;
    return upper.size() == 4 && (upper.starts_with("COM") || upper.starts_with("LPT")) && upper[3] >= '1' &&
           upper[3] <= '9';
}

} // namespace

std::string safeFileStem(std::string_view name, std::string_view fallback)
{
    if (name.empty())
        return fallback.empty() ? std::string("file") : safeFileStem(fallback, "file");

    bool changed = false;
    std::string stem;
    stem.reserve(name.size());
    for (std::size_t i = 0; i < name.size();) {
        char32_t cp = 0;
        const std::size_t length = utf8Sequence(name, i, cp);
        if (length == 0 || (length == 1 && isForbiddenAscii(static_cast<unsigned char>(name[i]))) ||
            isBidiControl(cp)) {
            stem += '_';
            changed = true;
            i += length == 0 ? 1 : length;
            continue;
        }
        stem.append(name.substr(i, length));
        i += length;
    }
    // Leading dots and dashes: "..", ".hidden", "-rf". Every one of them, so "..x" does not become ".x".
    for (std::size_t i = 0; i < stem.size() && (stem[i] == '.' || stem[i] == '-'); ++i) {
        stem[i] = '_';
        changed = true;
    }
    for (std::size_t i = stem.size(); i > 0 && (stem[i - 1] == '.' || stem[i - 1] == ' '); --i) {
        stem[i - 1] = '_';
        changed = true;
    }
    if (isWindowsDeviceName(stem)) {
        stem.insert(stem.begin(), '_');
        changed = true;
    }
    if (!changed && stem.size() <= kMaxFileStemBytes)
        return stem;
    std::string out(utf8Prefix(stem, kMaxFileStemBytes - kHashSuffixBytes)); // stem is valid UTF-8 here
    return out + hashSuffix(name);
}

} // namespace tribunal
