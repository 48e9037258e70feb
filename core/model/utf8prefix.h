#pragma once
// Cutting UTF-8 text to a byte budget without splitting a character.

#include <cstddef>
#include <string_view>

namespace tribunal {

/// The longest prefix of `text` of at most `maxBytes` bytes that does not end inside a UTF-8 sequence (no
/// continuation byte is separated from its lead byte). Pure; thread-safe.
std::string_view utf8Prefix(std::string_view text, std::size_t maxBytes);

} // namespace tribunal
