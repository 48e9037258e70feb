#pragma once
// Text from tribunal_core (UTF-8 std::string / std::string_view) as a QString. Header-only; any thread.

#include <QString>

#include <string_view>

namespace tribunal {

inline QString qs(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

} // namespace tribunal
