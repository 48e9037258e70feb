#pragma once
// UTF-8 validation shared by the text importers.

#include <cstddef>
#include <optional>
#include <string_view>

namespace tribunal {

/// Byte offset of the first byte that is not part of valid UTF-8, or nullopt when `text` is valid.
std::optional<std::size_t> firstInvalidUtf8(std::string_view text);

/// 1-based line number of byte `offset` in `text` (counts '\n' before it).
std::size_t lineOfOffset(std::string_view text, std::size_t offset);

} // namespace tribunal
