#pragma once
// Decimal number texts: those that std::from_chars reads but a double cannot hold, and short %g texts for
// people.

#include <string>
#include <string_view>

namespace tribunal {

/// True when `text`, which std::from_chars read whole but found out of a double's range
/// (std::errc::result_out_of_range), is out of range because it is too close to 0 (1e-400, 0.000...1e-300):
/// such a number reads as 0, as simdjson reads it in the JSON formats. False for one too large (1e999).
/// `text` is `[+-]digits[.digits][(e|E)[+-]digits]`. Pure; thread-safe.
bool underflowsToZero(std::string_view text);

/// `value` as printf's "%.<significant>g" (C locale: decimal point, no grouping), e.g. 0.8275 with 4 ->
/// "0.8275", 1234567 with 4 -> "1.235e+06"; "" for NaN or an infinity. `significant` in [1, 17]. Pure;
/// thread-safe.
std::string significantDigits(double value, int significant);

} // namespace tribunal
