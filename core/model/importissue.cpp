#include "importissue.h"

namespace tribunal {
namespace {

// The length of the valid UTF-8 sequence at text[i] (1..4), or 0 when the byte there starts none.
std::size_t utf8SequenceAt(std::string_view text, std::size_t i)
{
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char b = byte(i);
    if (b < 0x80)
        return 1;
    std::size_t n = 0;
    unsigned char lo = 0x80, hi = 0xBF; // the range of the second byte
    if (b >= 0xC2 && b <= 0xDF)
        n = 2;
    else if (b >= 0xE0 && b <= 0xEF) {
        n = 3;
        lo = b == 0xE0 ? 0xA0 : 0x80; // no overlong forms
        hi = b == 0xED ? 0x9F : 0xBF; // no surrogates
    } else if (b >= 0xF0 && b <= 0xF4) {
        n = 4;
        lo = b == 0xF0 ? 0x90 : 0x80;
        hi = b == 0xF4 ? 0x8F : 0xBF; // nothing beyond U+10FFFF
    } else
        return 0;
    if (i + n > text.size() || byte(i + 1) < lo || byte(i + 1) > hi)
        return 0;
    for (std::size_t k = 2; k < n; ++k)
        if (byte(i + k) < 0x80 || byte(i + k) > 0xBF)
            return 0;
    return n;
}

// Whether the character at text[i] is written as an escape (its output starts with a backslash).
bool escapedAt(std::string_view text, std::size_t i)
{
    const auto b = static_cast<unsigned char>(text[i]);
    if (b < 0x20 || b == 0x7F)
        return true;
    const std::size_t n = utf8SequenceAt(text, i);
    return n == 0 || (n == 2 && b == 0xC2 && static_cast<unsigned char>(text[i + 1]) <= 0x9F);
}

} // namespace

std::string escapeForMessage(std::string_view text, Backslashes backslashes)
{
    static constexpr char kHex[] = "0123456789abcdef";
    std::size_t i = 0;
    while (i < text.size() && !escapedAt(text, i) && text[i] != '\\')
        i += utf8SequenceAt(text, i);
    if (i == text.size())
        return std::string(text);
    std::string out(text.substr(0, i));
    while (i < text.size()) {
        const auto b = static_cast<unsigned char>(text[i]);
        if (b == '\\') {
            out += '\\';
            if (backslashes == Backslashes::WhereAmbiguous && i + 1 < text.size()) {
                const char next = text[i + 1];
                if (next == '\\' || next == 'n' || next == 'r' || next == 't' || next == 'x' || next == 'u' ||
                    escapedAt(text, i + 1))
                    out += '\\';
            }
            ++i;
            continue;
        }
        if (b == '\n' || b == '\r' || b == '\t') {
            out += '\\';
            out += b == '\n' ? 'n' : b == '\r' ? 'r' : 't';
            ++i;
            continue;
        }
        const std::size_t n = b < 0x20 || b == 0x7F ? 0 : utf8SequenceAt(text, i);
        if (n == 0) { // a C0 control, DEL, or a byte that is not UTF-8
            out += "\\x";
            out += kHex[b >> 4];
            out += kHex[b & 0xF];
            ++i;
        } else if (n == 2 && b == 0xC2 && static_cast<unsigned char>(text[i + 1]) <= 0x9F) { // C1
            const auto c = static_cast<unsigned char>(text[i + 1]);
            out += "\\u00";
            out += kHex[c >> 4];
            out += kHex[c & 0xF];
            i += 2;
        } else {
            out.append(text.substr(i, n));
            i += n;
        }
    }
    return out;
}

std::string ImportIssue::text() const
{
    std::string out = escapeForMessage(file);
    if (line > 0)
        out += ':' + std::to_string(line);
    if (!out.empty())
        out += ": ";
    if (!field.empty())
        out += escapeForMessage(field) + ": ";
    out += escapeForMessage(reason, Backslashes::Keep);
    return out;
}

bool ImportLog::badRecord(ImportIssue issue)
{
    issues.push_back(std::move(issue));
    if (policy == BadRecordPolicy::SkipAndList) {
        ++skippedRecords;
        return true;
    }
    failed = true;
    return false;
}

void ImportLog::fatal(ImportIssue issue)
{
    issues.push_back(std::move(issue));
    failed = true;
    fatalSeen = true;
}

} // namespace tribunal
