// Cutting UTF-8 text to a byte budget (see utf8prefix.h).

#include "model/utf8prefix.h"

namespace tribunal {

std::string_view utf8Prefix(std::string_view text, std::size_t maxBytes)
{
    if (text.size() <= maxBytes)
        return text;
    std::size_t end = maxBytes;
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xc0) == 0x80)
        --end;
    return text.substr(0, end);
}

} // namespace tribunal
