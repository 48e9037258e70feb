#include "report/tablecells.h"

#include "report/jsonwriter.h"

#include <cmath>
#include <cstdio>

namespace tribunal {

void appendCsvField(std::string& out, std::string_view text)
{
    if (text.find_first_of(",\"\r\n") == std::string_view::npos) {
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
