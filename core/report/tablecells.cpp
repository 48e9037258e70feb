#include "report/tablecells.h"

#include "report/jsonwriter.h"

#include "model/decimaltext.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace tribunal {

bool startsLikeFormula(std::string_view text)
{
    return !text.empty() && std::string_view("=+-@").find(text[0]) != std::string_view::npos;
}

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
    // Report tables hold numbers as text: -0.05 is a number, not a formula, and stays plain.
    const auto isNumber = [text] {
        double value = 0.0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
        return error == std::errc() && end == text.data() + text.size();
    };
    if (csvSyntaxNeedsQuotes(text) || (startsLikeFormula(text) && !isNumber()))
        appendCsvQuoted(out, text);
    else
        out += text;
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

std::string displayNumber(double value)
{
    return significantDigits(value, 4);
}

} // namespace tribunal
