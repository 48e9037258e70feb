#pragma once
// Decimal number texts: those that std::from_chars reads but a double cannot hold, and short %g texts for
// people.

#include <optional>
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

/// The canonical text of a decimal number written as JSON writes numbers (`-?(0|[1-9][0-9]*)(\.[0-9]+)?
/// ([eE][+-]?[0-9]+)?`), or nullopt for any other text (`007`, `+1`, `.5`, `1.`, ` 1`, `0x10`, `inf`). Two
/// texts get the same canonical text exactly when they write the same decimal value, compared exactly (not
/// through a double: 12345678901234567890 and 12345678901234567891 stay apart), except that a negative zero
/// stays `-0`. The form is std::to_chars' shortest one for that digit string: fixed notation unless the
/// scientific one (`1e+300`, `1.5e-07`) is shorter, so `1`, `1.0`, `1e0` and `10e-1` all give `1`, `0.50`
/// gives `0.5` and a shortest round-trip double text is its own canonical text. nullopt as well when the
/// exponent has more than 15 significant digits. Condition values are canonicalised with it at import. Pure;
/// thread-safe.
std::optional<std::string> canonicalDecimal(std::string_view text);

} // namespace tribunal
