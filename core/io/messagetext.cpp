#include "messagetext.h"

#include "report/jsonwriter.h"

namespace tribunal {
namespace {

// The longest prefix of `text` of at most `maxBytes` bytes that ends on a UTF-8 boundary.
std::string_view utf8Prefix(std::string_view text, std::size_t maxBytes)
{
    if (text.size() <= maxBytes)
        return text;
    std::size_t end = maxBytes;
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xc0) == 0x80)
        --end;
    return text.substr(0, end);
}

} // namespace

std::string cutForMessage(std::string_view text, std::size_t maxBytes)
{
    const auto kept = utf8Prefix(text, maxBytes);
    std::string out(kept);
    if (kept.size() < text.size())
        out += "...";
    return out;
}

std::string quoteForMessage(std::string_view text)
{
    const auto kept = utf8Prefix(text, kMessageValueBytes);
    std::string out;
    JsonWriter::appendQuoted(out, kept);
    if (kept.size() < text.size())
        out.insert(out.size() - 1, "...");
    return out;
}

std::string numberText(double value)
{
    std::string out;
    JsonWriter::appendNumber(out, value);
    return out;
}

std::string disagreement(std::string_view given, std::string_view current, std::string_view origin)
{
    std::string out = quoteForMessage(given);
    out.append(" disagrees with ").append(quoteForMessage(current)).append(" ").append(origin);
    return out;
}

std::string invalidUtf8Reason(std::uint64_t fileOffset)
{
    return "invalid UTF-8 (byte offset " + std::to_string(fileOffset) + ")";
}

} // namespace tribunal
