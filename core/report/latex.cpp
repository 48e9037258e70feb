#include "report/latex.h"

#include <array>
#include <charconv>
#include <cmath>

namespace tribunal {

namespace {

bool ligatureHead(char c)
{
    return c == '-' || c == '`' || c == '\'' || c == ',' || c == '!' || c == '?';
}

// TeX (OT1 and T1) turns these pairs into single glyphs (en dash, quotes, inverted marks).
bool formsLigature(char first, char second)
{
    switch (first) {
    case '-':
        return second == '-';
    case '`':
    case '\'':
        return second == first;
    case ',':
        return second == ',';
    case '!':
    case '?':
        return second == '`';
    default:
        return false;
    }
}

} // namespace

std::string latexEscape(std::string_view text)
{
    std::string out;
    out.reserve(text.size() + text.size() / 4);
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        switch (c) {
        case '\\':
            out += "\\textbackslash{}";
            break;
        case '{':
            out += "\\{";
            break;
        case '}':
            out += "\\}";
            break;
        case '$':
            out += "\\$";
            break;
        case '&':
            out += "\\&";
            break;
        case '#':
            out += "\\#";
            break;
        case '_':
            out += "\\_";
            break;
        case '%':
            out += "\\%";
            break;
        case '^':
            out += "\\textasciicircum{}";
            break;
        case '~':
            out += "\\textasciitilde{}";
            break;
        case '<':
            out += "\\textless{}";
            break;
        case '>':
            out += "\\textgreater{}";
            break;
        case '|':
            out += "\\textbar{}";
            break;
        case '\t':
        case '\n':
        case '\r':
            out += ' ';
            break;
        default:
            // Other ASCII control characters have no printable form; dropping them keeps the output valid.
            if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
                break;
            out += c;
            if (ligatureHead(c) && i + 1 < text.size() && formsLigature(c, text[i + 1]))
                out += "{}";
            break;
        }
    }
    return out;
}

std::string latexNumber(double value, int decimals, std::string_view missing)
{
    if (!std::isfinite(value))
        return std::string(missing);
    std::array<char, 400> buffer{};
    const auto result = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value,
                                      std::chars_format::fixed, decimals);
    std::string out(buffer.data(), result.ptr);
    // A negative value that rounds to zero prints as "-0.0"; a table should say 0.0.
    if (!out.empty() && out.front() == '-' && out.find_first_not_of("-0.") == std::string::npos)
        out.erase(0, 1);
    return out;
}

std::string latexPercent(double proportion, int decimals, std::string_view missing)
{
    return latexNumber(100.0 * proportion, decimals, missing);
}

std::string latexLabel(std::string_view text)
{
    if (text.empty())
        return "tab:table";
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        const bool safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                          c == ':' || c == '-' || c == '_' || c == '.';
        out += safe ? c : '-';
    }
    return out;
}

std::string latexStandaloneDocument(std::string_view fragment)
{
    std::string out = "\\documentclass{article}\n"
                      "\\usepackage[landscape,margin=1.5cm]{geometry}\n"
                      "\\usepackage{booktabs}\n"
                      "\\usepackage{siunitx}\n"
                      "\\usepackage[table]{xcolor}\n"
                      "\\begin{document}\n";
    out += fragment;
    if (!fragment.empty() && fragment.back() != '\n')
        out += '\n';
    out += "\\end{document}\n";
    return out;
}

} // namespace tribunal
