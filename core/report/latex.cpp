#include "report/latex.h"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>

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

// The length of the UTF-8 sequence at `text[i]` and its code point, or 0 when the bytes there are not UTF-8
// (a stray continuation byte, a cut sequence, an overlong form, a surrogate, past U+10FFFF).
std::size_t utf8Sequence(std::string_view text, std::size_t i, char32_t& code)
{
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char lead = byte(i);
    std::size_t length = 0;
    if (lead >= 0xC2 && lead <= 0xDF)
        length = 2, code = lead & 0x1F;
    else if (lead >= 0xE0 && lead <= 0xEF)
        length = 3, code = lead & 0x0F;
    else if (lead >= 0xF0 && lead <= 0xF4)
        length = 4, code = lead & 0x07;
    else
        return 0;
    if (i + length > text.size())
        return 0;
    for (std::size_t k = 1; k < length; ++k) {
        if ((byte(i + k) & 0xC0) != 0x80)
            return 0;
        code = (code << 6) | (byte(i + k) & 0x3F);
    }
    if ((length == 3 && code < 0x800) || (length == 4 && (code < 0x10000 || code > 0x10FFFF)) ||
        (code >= 0xD800 && code <= 0xDFFF))
        return 0;
    return length;
}

// The letters of Latin-1 that pdflatex's UTF-8 input typesets in the default OT1 fonts (as accented letters
// or ligatures such as \ss and \O). Eth, thorn and the rest of Unicode have no OT1 glyph or no definition.
bool typesetByPdflatex(char32_t code)
{
    return code >= 0xC0 && code <= 0xFF && code != 0xD0 && code != 0xD7 && code != 0xDE && code != 0xF0 &&
           code != 0xF7 && code != 0xFE;
}

void appendHex(std::string& out, std::uint32_t value, int minDigits)
{
    char digits[8];
    int n = 0;
    do {
        digits[n++] = "0123456789ABCDEF"[value & 0xF];
        value >>= 4;
    } while (value != 0 || n < minDigits);
    while (n > 0)
        out += digits[--n];
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
            if (static_cast<unsigned char>(c) >= 0x80) {
                // pdflatex stops at a character its input encoding does not define (Greek, CJK, emoji) and
                // at bytes that are not UTF-8; such text is shown as its code, which compiles everywhere.
                char32_t code = 0;
                const std::size_t length = utf8Sequence(text, i, code);
                if (length > 0 && typesetByPdflatex(code)) {
                    out.append(text.substr(i, length));
                } else if (length > 0) {
                    out += "\\textless{}U+";
                    appendHex(out, static_cast<std::uint32_t>(code), 4);
                    out += "\\textgreater{}";
                } else {
                    out += "\\textless{}0x";
                    appendHex(out, static_cast<unsigned char>(c), 2);
                    out += "\\textgreater{}";
                }
                i += (length > 0 ? length : 1) - 1;
                break;
            }
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
