#pragma once
// Where an item's fields came from, for conflict messages: "given at line N" when the current source file set
// the field, "set before this file" otherwise (the base audit or an earlier source).

#include "model/audit.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace tribunal {

/// The item fields an import can set: the kind, each ItemText field (textField()), levels, label, ratings.
enum class ItemField : std::uint8_t {
    Kind,
    Text, ///< the first of kItemTextCount: ItemText f is Text + f
    Levels = Text + kItemTextCount,
    Label,
    Ratings,
};
inline constexpr int kItemFieldCount = static_cast<int>(ItemField::Ratings) + 1;

constexpr ItemField textField(ItemText field)
{
    return static_cast<ItemField>(static_cast<int>(ItemField::Text) + static_cast<int>(field));
}

/// Lines of one source file that set item fields (0: not set by this file). One per file being read; O(1)
/// per call, memory only for the items the file touches (plus 4 bytes per item row). Not thread-safe.
class ItemOrigins {
public:
    void set(std::uint32_t item, ItemField field, std::uint64_t line);
    std::uint64_t line(std::uint32_t item, ItemField field) const;
    /// "given at line N" when this file set the field, else "set before this file".
    std::string describe(std::uint32_t item, ItemField field) const;
    /// Forgets every line (the next file begins).
    void clear();

private:
    std::vector<std::uint32_t> m_block; // item row -> 1 + index in m_lines; 0 = nothing set by this file
    std::vector<std::array<std::uint64_t, kItemFieldCount>> m_lines;
};

} // namespace tribunal
