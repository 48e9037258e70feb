#pragma once
// Formula-safe text cells for CSV files that spreadsheets open (the OWASP "CSV injection" rule), and the
// inverse for the importers that read Tribunal's own CSV files back.
//
// A spreadsheet runs a cell as a formula when its text starts with `=`, `+`, `-` or `@`, and some also after
// a leading tab or CR; RFC 4180 quotes do not stop it (LibreOffice Calc and Excel remove the quotes first).
// A leading apostrophe does: both show the rest as text and do not show the apostrophe. So a text cell that
// starts with one of those characters, and is not a number (-0.05 stays a number), is written with a leading
// `'`. To keep the written text unambiguous, a text that already starts with one or more `'` followed by one
// of those characters gets one more `'`. Reading drops one `'` from a cell that starts with one or more `'`
// followed by one of those characters, and leaves every other cell as it is: guardedText() then
// unguardedText() gives the text back exactly, for every text. Pure functions; thread-safe.

#include <string>
#include <string_view>

namespace tribunal {

/// True when a spreadsheet would run `text` as a formula: it starts with = + - @, tab or CR.
bool startsLikeFormula(std::string_view text);

/// True when `text` is a plain decimal number, `[+-]digits[.digits][(e|E)[+-]digits]` or
/// `[+-].digits...`: a spreadsheet reads it as that number, not as a formula. "inf", "nan" and hexadecimal
/// are not numbers here.
bool isPlainNumber(std::string_view text);

/// True when guardedText() adds a `'` to `text` (see the file comment).
bool needsFormulaGuard(std::string_view text);

/// Appends `text`, with a leading `'` when needsFormulaGuard(text).
void appendGuardedText(std::string& out, std::string_view text);
/// `text`, with a leading `'` when needsFormulaGuard(text).
std::string guardedText(std::string_view text);

/// The inverse of guardedText(): `cell` without its first character when it starts with one or more `'`
/// followed by = + - @, tab or CR; otherwise `cell` itself. A view into `cell`.
std::string_view unguardedText(std::string_view cell);

} // namespace tribunal
