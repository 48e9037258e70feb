#pragma once
// A light pass over a JSON text whose top level is an array: where each element starts (for `file:line`
// messages, which a DOM parser cannot give), and the problems the DOM parser cannot locate: nesting over
// kMaxJsonDepth and lines over kMaxLineBytes (with their line), and truncation. Pure function; thread-safe.

#include <cstdint>
#include <string_view>
#include <vector>

namespace tribunal {

struct JsonArrayScan {
    std::vector<std::uint64_t> elementLines; ///< 1-based line where element k of the top-level array starts
    std::uint64_t tooDeepLine = 0; ///< line where nesting exceeds kMaxJsonDepth; 0 = within the limit
    std::uint64_t tooLongLine = 0; ///< first line longer than kMaxLineBytes; 0 = none
    bool truncated = false;        ///< the text ends inside an array, object or string
};

/// Scans `text` into `scan` (its vectors are reused). Valid JSON has raw newlines only outside strings, so
/// lines are counted outside strings while strings are skipped with memchr: cheap next to a DOM parse.
void scanJsonArray(std::string_view text, JsonArrayScan& scan);

} // namespace tribunal
