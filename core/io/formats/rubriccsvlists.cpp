#include "io/formats/rubriccsvlists.h"

#include "io/messagetext.h"

namespace tribunal {

std::string_view trimBlanks(std::string_view text)
{
    const auto first = text.find_first_not_of(" \t");
    if (first == std::string_view::npos)
        return {};
    return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

std::optional<std::string> splitList(std::string_view cell, std::vector<ListEntry>& out)
{
    out.clear();
    std::size_t start = 0;
    for (;;) {
        const auto stop = cell.find(';', start);
        const auto piece =
            trimBlanks(cell.substr(start, stop == std::string_view::npos ? cell.npos : stop - start));
        if (piece.empty())
            return quoteForMessage(cell) + " has an empty entry";
        ListEntry entry;
        entry.text = piece;
        if (const auto eq = piece.find('='); eq != std::string_view::npos) {
            entry.hasKey = true;
            entry.key = trimBlanks(piece.substr(0, eq));
            entry.value = trimBlanks(piece.substr(eq + 1));
        } else {
            entry.value = piece;
        }
        out.push_back(entry);
        if (stop == std::string_view::npos)
            return std::nullopt;
        start = stop + 1;
    }
}

} // namespace tribunal
