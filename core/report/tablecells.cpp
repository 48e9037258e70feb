#include "report/tablecells.h"

#include "report/jsonwriter.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace tribunal {

namespace {

// Text a spreadsheet would run as a formula: it starts with = + - @ and is not a number (-0.05 stays plain).
bool looksLikeFormula(std::string_view text)
{
    if (text.empty() || std::string_view("=+-@").find(text[0]) == std::string_view::npos)
        return false;
    double value = 0.0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    return error != std::errc() || end != text.data() + text.size();
}

} // namespace

void appendCsvField(std::string& out, std::string_view text)
{
    if (text.find_first_of(",\"\r\n") == std::string_view::npos && !looksLikeFormula(text)) {
        out += text;
        return;
    }
    out += '"';
    for (char c : text) {
        if (c == '"')
            out += '"';
        out += c;
    }
    out += '"';
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
    if (!std::isfinite(value))
        return {};
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.4g", value);
    return buffer;
}

} // namespace tribunal
