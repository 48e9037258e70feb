#pragma once
// ASCII case folding for the importers' keyword parsers (answers, slots, orders are ASCII words).

#include <cstddef>
#include <string_view>

namespace tribunal {

/// `a` and `b` are equal when ASCII letters are compared case-insensitively (other bytes compare exactly).
inline bool equalsIgnoreCase(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        char x = a[i], y = b[i];
        if (x >= 'A' && x <= 'Z')
            x = static_cast<char>(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z')
            y = static_cast<char>(y - 'A' + 'a');
        if (x != y)
            return false;
    }
    return true;
}

} // namespace tribunal
