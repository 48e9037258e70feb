#include "io/formats/jsonarrayscan.h"

#include "io/importer.h"

#include <cstring>

namespace tribunal {

void scanJsonArray(std::string_view text, JsonArrayScan& scan)
{
    scan.elementLines.clear();
    scan.tooDeepLine = 0;
    scan.tooLongLine = 0;
    scan.truncated = false;
    const char* const end = text.data() + text.size();
    int depth = 0;
    bool expectElement = false;
    std::uint64_t line = 1;
    const char* lineStart = text.data();
    // Line lengths are measured at newlines outside strings, and for the last line after the loop. Valid JSON
    // has no raw newline inside a string, so every line is measured; invalid JSON that has one is refused by
    // the parser anyway, and here its line only counts as longer than it is.
    for (const char* p = text.data(); p < end; ++p) {
        const char c = *p;
        if (c == '\n') {
            if (static_cast<std::size_t>(p - lineStart) > kMaxLineBytes) {
                scan.tooLongLine = line;
                return;
            }
            ++line;
            lineStart = p + 1;
            continue;
        }
        if (c == ' ' || c == '\r' || c == '\t')
            continue;
        if (depth == 1 && expectElement && c != ']') {
            scan.elementLines.push_back(line);
            expectElement = false;
        }
        switch (c) {
        case '"': {
            // A quote ends the string unless an odd run of backslashes precedes it.
            const char* q = p + 1;
            for (;;) {
                q = static_cast<const char*>(std::memchr(q, '"', static_cast<std::size_t>(end - q)));
                if (!q) {
                    scan.truncated = true;
                    return;
                }
                std::size_t slashes = 0;
                for (const char* b = q - 1; b > p && *b == '\\'; --b)
                    ++slashes;
                if (slashes % 2 == 0)
                    break;
                ++q;
            }
            p = q;
            break;
        }
        case '[':
        case '{':
            if (++depth > kMaxJsonDepth) {
                scan.tooDeepLine = line;
                return;
            }
            expectElement = depth == 1 && c == '[';
            break;
        case ']':
        case '}':
            --depth;
            expectElement = false;
            break;
        case ',':
            expectElement = depth == 1;
            break;
        default:
            break;
        }
    }
    if (static_cast<std::size_t>(end - lineStart) > kMaxLineBytes)
        scan.tooLongLine = line;
    else
        scan.truncated = depth > 0;
}

} // namespace tribunal
