#pragma once
// Wording shared by the importers' messages (`file:line: field: reason`, ../shared/spec/data-format.md,
// "Bad input"), so that the same problem reads the same whatever the format it was found in.
// Pure functions; thread-safe.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace tribunal {

/// The most bytes of a value a message shows; a longer value is cut at a UTF-8 boundary and marked "...".
inline constexpr std::size_t kMessageValueBytes = 60;

/// `text` cut to at most `maxBytes` bytes without splitting a UTF-8 sequence, with "..." appended when cut.
std::string cutForMessage(std::string_view text, std::size_t maxBytes = kMessageValueBytes);

/// `text` as a JSON string literal for a message (`"say \"hi\""`: quotes, backslashes and control characters
/// escaped, so a message stays on one line), cut like cutForMessage with the "..." inside the quotes.
std::string quoteForMessage(std::string_view text);

/// A number as messages show it: the shortest decimal that reads back to it ("0.1", "1e-07", "3").
std::string numberText(double value);

/// The reason for a conflicting item field: `"<given>" disagrees with "<current>" <origin>`, where `origin`
/// is ItemOrigins::describe() ("given at line 3" or "set before this file").
std::string disagreement(std::string_view given, std::string_view current, std::string_view origin);

/// `invalid UTF-8 (byte offset N)`, N counted from the start of the file.
std::string invalidUtf8Reason(std::uint64_t fileOffset);

/// The reason for a file with no record.
inline constexpr std::string_view kEmptyFileReason = "empty file";

} // namespace tribunal
