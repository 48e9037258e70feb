#pragma once
// LaTeX building blocks shared by the table writers (no Qt): escaping of user strings, locale-independent
// number formatting for siunitx S columns, label sanitising and a minimal standalone document wrapper.
// Pure functions; thread-safe.

#include <string>
#include <string_view>

namespace tribunal {

/// Escapes `text` (UTF-8) for LaTeX text mode so it prints literally:
/// `\ { } $ & # ^ _ % ~` and `< > |` (which print as other glyphs in OT1/T1 text) become commands; TeX
/// ligatures that would change the text (`--`, ``` `` ```, `''`, `,,`, `!``, `?``) are broken with `{}`; tabs
/// and line breaks become spaces and other ASCII control characters are dropped. The Latin-1 letters
/// (U+00C0..U+00FF except Eth, Thorn and the multiplication and division signs) pass through as UTF-8:
/// pdflatex typesets them in its default fonts. Every other character is written as its code, `<U+03B1>`
/// (`\textless{}U+03B1\textgreater{}`, at least four hex digits), and a byte that is not UTF-8 as `<0xFF>`:
/// pdflatex stops at characters its input encoding does not define (Greek, Cyrillic, CJK, emoji), and the
/// code compiles with any engine and preamble.
std::string latexEscape(std::string_view text);

/// `value` in fixed notation with `decimals` digits after the point ("C" locale, round half to even on the
/// binary value as std::to_chars does); a result that would read "-0.0" is written "0.0". NaN and infinities
/// give `missing`.
std::string latexNumber(double value, int decimals, std::string_view missing = "{--}");

/// A proportion printed in percent: latexNumber(100 * proportion, decimals, missing).
std::string latexPercent(double proportion, int decimals = 1, std::string_view missing = "{--}");

/// `text` reduced to characters that are safe in \label and \ref (ASCII letters, digits, `:-_.`); every
/// other byte becomes `-`. Empty input gives "tab:table".
std::string latexLabel(std::string_view text);

/// Wraps a fragment (e.g. a table environment) in a minimal compilable document: article class (default
/// OT1 fonts; the escapes above render correctly there) on a landscape page with 1.5 cm margins (geometry;
/// Table 1 with four datasets is about 620 pt wide), booktabs, siunitx, xcolor with the `table` option
/// (colortbl for \cellcolor). The fragment is inserted verbatim; the result ends with a newline.
std::string latexStandaloneDocument(std::string_view fragment);

} // namespace tribunal
