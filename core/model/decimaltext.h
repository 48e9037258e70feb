#pragma once
// Decimal number texts that std::from_chars reads but a double cannot hold.

#include <string_view>

namespace tribunal {

/// True when `text`, which std::from_chars read whole but found out of a double's range
/// (std::errc::result_out_of_range), is out of range because it is too close to 0 (1e-400, 0.000...1e-300):
/// such a number reads as 0, as simdjson reads it in the JSON formats. False for one too large (1e999).
/// `text` is `[+-]digits[.digits][(e|E)[+-]digits]`. Pure; thread-safe.
bool underflowsToZero(std::string_view text);

} // namespace tribunal
