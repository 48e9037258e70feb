#include "io/messagetext.h"

#include "model/utf8prefix.h"
#include "report/jsonwriter.h"

namespace tribunal {

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
