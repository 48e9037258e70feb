#pragma once
// The list cells of the rubric CSV (docs/data-formats.md, "Rubric CSV"): `ratings`, `probs` and `levels` hold
// `;`-separated entries, each `key=value` or a bare value. Spaces and tabs around entries, keys and values
// are ignored. Pure functions; thread-safe.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tribunal {

/// One entry of a list cell: `key=value` (hasKey) or a bare `value`. Views into the cell.
struct ListEntry {
    std::string_view key;
    std::string_view value;
    bool hasKey = false;
    std::string_view text; ///< the whole entry, trimmed (for messages)
};

/// Splits `cell` (not empty) at `;` into `out` (cleared first); an entry splits at its first `=`. Returns why
/// the cell is not a list: `"1=0.2;;2=0.8" has an empty entry` (an empty entry anywhere, a trailing `;`
/// included).
std::optional<std::string> splitList(std::string_view cell, std::vector<ListEntry>& out);

/// `text` without leading and trailing spaces and tabs.
std::string_view trimBlanks(std::string_view text);

} // namespace tribunal
