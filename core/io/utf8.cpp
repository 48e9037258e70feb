#include "io/utf8.h"

#include "io/messagetext.h"
#include "model/stringpool.h"

#include <simdjson.h>

#include <algorithm>

namespace tribunal {

std::optional<std::size_t> firstInvalidUtf8(std::string_view text)
{
    // Fast path: simdjson validates gigabytes per second; only locate the bad byte when there is one.
    if (simdjson::validate_utf8(text.data(), text.size()))
        return std::nullopt;
    std::size_t i = 0;
    const auto* s = reinterpret_cast<const unsigned char*>(text.data());
    const std::size_t n = text.size();
    while (i < n) {
        unsigned char c = s[i];
        std::size_t len = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xe ? 3 : (c >> 3) == 0x1e ? 4 : 0;
        if (len == 0 || i + len > n)
            return i;
        for (std::size_t k = 1; k < len; ++k)
            if ((s[i + k] & 0xc0) != 0x80)
                return i;
        std::uint32_t cp = len == 1 ? c : len == 2 ? (c & 0x1fu) : len == 3 ? (c & 0x0fu) : (c & 0x07u);
        for (std::size_t k = 1; k < len; ++k)
            cp = (cp << 6) | (s[i + k] & 0x3fu);
        const bool overlong =
            (len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000);
        if (overlong || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
            return i;
        i += len;
    }
    return n; // validate_utf8 disagreed; report the end rather than claim validity
}

std::size_t lineOfOffset(std::string_view text, std::size_t offset)
{
    offset = std::min(offset, text.size());
    return 1 + static_cast<std::size_t>(
                   std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(offset), '\n'));
}

std::optional<std::string> nonUtf8TextProblem(const StringPool& pool)
{
    static constexpr char kHex[] = "0123456789ABCDEF";
    for (std::size_t id = 0; id < pool.size(); ++id) {
        const std::string_view text = pool.view(static_cast<StrId>(id));
        if (const auto bad = firstInvalidUtf8(text)) {
            const auto byte = static_cast<unsigned char>(text[*bad]);
            return "text " + quoteForMessage(text.substr(0, *bad)) + " followed by byte 0x" +
                   kHex[byte >> 4] + kHex[byte & 15] +
                   " is not valid UTF-8; the file is UTF-8 text and would not read back (nothing was "
                   "written)";
        }
    }
    return std::nullopt;
}

} // namespace tribunal
