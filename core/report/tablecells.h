#pragma once
// Cell text shared by the plain-table writers (CSV, Markdown): one quoting rule per format, one number form.

#include <string>
#include <string_view>

namespace tribunal {

/// True when a spreadsheet would run `text` as a formula: it starts with = + - or @ (both CSV writers quote
/// it).
bool startsLikeFormula(std::string_view text);
/// Appends `text` RFC 4180-quoted (doubled quotes inside).
void appendCsvQuoted(std::string& out, std::string_view text);
/// True when CSV syntax needs `text` quoted: it holds a comma, quote, CR or LF.
bool csvSyntaxNeedsQuotes(std::string_view text);
/// Appends `text` as a CSV field, RFC 4180-quoted when it holds a comma, quote, CR or LF, or when a
/// spreadsheet would run it as a formula (it starts with = + - @ and is not a number), as the flat CSV export
/// does: the quoted cell reads back unchanged.
void appendCsvField(std::string& out, std::string_view text);
/// Appends `text` as a Markdown table cell: '|' escaped, line breaks as spaces.
void appendMarkdownField(std::string& out, std::string_view text);
/// Shortest round-trip form (as JSON writes it); empty for NaN and infinities (a missing value).
std::string exactNumber(double value);
/// For reading: 4 significant digits ("0.03600000000000003" -> "0.036"); empty for NaN and infinities.
std::string displayNumber(double value);

} // namespace tribunal
