#pragma once
// UTF-8 validation shared by the text importers.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace tribunal {

class StringPool;

/// Byte offset of the first byte that is not part of valid UTF-8, or nullopt when `text` is valid.
std::optional<std::size_t> firstInvalidUtf8(std::string_view text);

/// For the exporters, whose formats are UTF-8 text: why the first string of `pool` that is not valid UTF-8
/// cannot be written (`text "bad" followed by byte 0xFF is not valid UTF-8 ...`), or nullopt when every
/// string is valid. Names enter the model through the importers, which check UTF-8, but a project written by
/// another tool or a program using the builder may hold any bytes.
std::optional<std::string> nonUtf8TextProblem(const StringPool& pool);

/// 1-based line number of byte `offset` in `text` (counts '\n' before it).
std::size_t lineOfOffset(std::string_view text, std::size_t offset);

} // namespace tribunal
