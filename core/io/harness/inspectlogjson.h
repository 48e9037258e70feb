#pragma once
// JSON text helpers for Inspect AI logs (inspectlogimporter.cpp): the non-finite numbers Python writes, and
// where a key path's value starts in the text (for the line of `file:line: field: reason`, which simdjson's
// DOM cannot give; Inspect writes its logs indented, one key per line).
// Pure functions; thread-safe.

#include <simdjson.h>

#include <cstddef>
#include <span>
#include <string_view>
#include <vector>

namespace tribunal {

/// Replaces the bare tokens `NaN`, `Infinity` and `-Infinity` outside strings by `null`. Inspect writes an
/// unscored score (Score.unscored()) as `"value": NaN` (pydantic's ser_json_inf_nan="constants"), which is
/// not JSON and which simdjson refuses. Newlines are kept, so lines stay where they were. Returns whether
/// anything was replaced; leaves `text` as it was (and allocates nothing) when there is no such token.
bool replaceNonFiniteNumbers(simdjson::padded_string& text);

/// One step of a key path: an object key, or an array index when `key` is empty.
struct JsonStep {
    std::string_view key;
    std::size_t index = 0;
};

/// The byte offset where the value at `path` starts in the valid JSON text `json`, the walk starting at the
/// value at `from`. Keys are compared as written (a key with escapes is not found). When a step is not
/// found, the offset of the deepest value that was.
std::size_t offsetOfPath(std::string_view json, std::size_t from, std::span<const JsonStep> path);

/// The offsets where the elements of the array starting at `arrayOffset` start (`out` is cleared first);
/// none when no array starts there.
void arrayElementOffsets(std::string_view json, std::size_t arrayOffset, std::vector<std::size_t>& out);

/// The keys of the top-level object of `head`, the start of a JSON text (it may end anywhere: the keys whose
/// values it cuts off are the last ones given). Empty when `head` does not start (after whitespace) with '{'.
std::vector<std::string_view> topLevelKeys(std::string_view head);

} // namespace tribunal
