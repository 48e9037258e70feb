#include "model/spreadsheettext.h"

namespace tribunal {
namespace {

bool isFormulaStart(char c)
{
    return c == '=' || c == '+' || c == '-' || c == '@' || c == '\t' || c == '\r';
}

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

// The index of the first character after the leading apostrophes.
std::size_t afterApostrophes(std::string_view text)
{
    std::size_t i = 0;
    while (i < text.size() && text[i] == '\'')
        ++i;
    return i;
}

} // namespace

bool startsLikeFormula(std::string_view text)
{
    return !text.empty() && isFormulaStart(text[0]);
}

bool isPlainNumber(std::string_view text)
{
    std::size_t i = 0;
    if (i < text.size() && (text[i] == '+' || text[i] == '-'))
        ++i;
    std::size_t digits = 0;
    while (i < text.size() && isDigit(text[i]))
        ++i, ++digits;
    if (i < text.size() && text[i] == '.') {
        ++i;
        while (i < text.size() && isDigit(text[i]))
            ++i, ++digits;
    }
    if (digits == 0)
        return false;
    if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
        ++i;
        if (i < text.size() && (text[i] == '+' || text[i] == '-'))
            ++i;
        std::size_t exponent = 0;
        while (i < text.size() && isDigit(text[i]))
            ++i, ++exponent;
        if (exponent == 0)
            return false;
    }
    return i == text.size();
}

bool needsFormulaGuard(std::string_view text)
{
    const std::size_t first = afterApostrophes(text);
    if (first == text.size() || !isFormulaStart(text[first]))
        return false;
    // Without apostrophes, a number is read as that number; with them, the reader would drop one.
    return first > 0 || !isPlainNumber(text);
}

void appendGuardedText(std::string& out, std::string_view text)
{
    if (needsFormulaGuard(text))
        out += '\'';
    out += text;
}

std::string guardedText(std::string_view text)
{
    std::string out;
    out.reserve(text.size() + 1);
    appendGuardedText(out, text);
    return out;
}

std::string_view unguardedText(std::string_view cell)
{
    const std::size_t first = afterApostrophes(cell);
    if (first > 0 && first < cell.size() && isFormulaStart(cell[first]))
        return cell.substr(1);
    return cell;
}

} // namespace tribunal
