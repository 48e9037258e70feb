#pragma once
// Cell text shared by the plain-table writers (CSV, Markdown): one quoting rule per format, one number form.

#include "model/spreadsheettext.h"

#include <string>
#include <string_view>

namespace tribunal {

/// Appends `text` RFC 4180-quoted (doubled quotes inside).
void appendCsvQuoted(std::string& out, std::string_view text);
/// True when CSV syntax needs `text` quoted: it holds a comma, quote, CR or LF.
bool csvSyntaxNeedsQuotes(std::string_view text);
/// Appends `text` as a CSV field: formula-guarded (guardedText(), model/spreadsheettext.h: a text a
/// spreadsheet would run as a formula gets a leading `'`; numbers such as -0.05 stay plain), then
/// RFC 4180-quoted when it holds a comma, quote, CR or LF. The flat CSV export writes its text cells the same
/// way; unguardedText() of the parsed cell gives `text` back.
void appendCsvField(std::string& out, std::string_view text);
/// Appends `text` as a Markdown table cell: '|' escaped, line breaks as spaces.
void appendMarkdownField(std::string& out, std::string_view text);
/// Shortest round-trip form (as JSON writes it); empty for NaN and infinities (a missing value).
std::string exactNumber(double value);
/// Appends `value` with exactly `decimals` decimals (std::to_chars, fixed; "nan" / "inf" for those).
void appendFixed(std::string& out, double value, int decimals);
/// For reading: 4 significant digits ("0.03600000000000003" -> "0.036"); empty for NaN and infinities.
std::string displayNumber(double value);

} // namespace tribunal
