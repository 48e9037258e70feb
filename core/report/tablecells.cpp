#include "report/tablecells.h"

#include "report/jsonwriter.h"

#include "model/decimaltext.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace tribunal {

void appendCsvQuoted(std::string& out, std::string_view text)
{
    out += '"';
    for (char c : text) {
        if (c == '"')
            out += '"';
        out += c;
    }
    out += '"';
}

bool csvSyntaxNeedsQuotes(std::string_view text)
{
    return text.find_first_of(",\"\r\n") != std::string_view::npos;
}

void appendCsvField(std::string& out, std::string_view text)
{
    // Report tables hold numbers as text: -0.05 is a number, not a formula, and stays plain. Quotes alone do
    // not stop a spreadsheet from running a formula; the apostrophe does.
    if (!needsFormulaGuard(text)) {
        if (csvSyntaxNeedsQuotes(text))
            appendCsvQuoted(out, text);
        else
            out += text;
        return;
    }
    const std::string guarded = guardedText(text);
    if (csvSyntaxNeedsQuotes(guarded))
        appendCsvQuoted(out, guarded);
    else
        out += guarded;
}

void appendMarkdownField(std::string& out, std::string_view text)
{
    // '|' would end the cell and a line break the row.
    for (char c : text) {
        if (c == '|')
            out += "\\|";
        else if (c == '\n' || c == '\r')
            out += ' ';
        else
            out += c;
    }
}

std::string exactNumber(double value)
{
    std::string s;
    if (std::isfinite(value))
        JsonWriter::appendNumber(s, value);
    return s;
}

void appendFixed(std::string& out, double value, int decimals)
{
    char buf[64];
    const auto res = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::fixed, decimals);
    out.append(buf, res.ptr);
}

std::string displayNumber(double value)
{
    return significantDigits(value, 4);
}

} // namespace tribunal
