#pragma once
// Text from tribunal_core (UTF-8 std::string / std::string_view) as a QString, and counted nouns.
// Header-only; any thread.

#include "model/importissue.h"

#include <QString>

#include <string_view>

namespace tribunal {

inline QString qs(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

/// A file name or key as messages show it (escapeForMessage(): a newline or terminal escape in a name is
/// written `\n`, `\x1b`, so a message keeps its lines).
inline QString shownName(const QString& name)
{
    const QByteArray utf8 = name.toUtf8();
    return qs(escapeForMessage(std::string_view(utf8.constData(), static_cast<std::size_t>(utf8.size()))));
}

/// `one` or `many` (both translated by the caller, with the count as %1 or %L1) filled in with `n`: "1 pair",
/// "2 pairs". English and German both use the singular for exactly one, which Qt's %n would need an English
/// catalogue for.
inline QString counted(qint64 n, const QString& one, const QString& many)
{
    return (n == 1 ? one : many).arg(n);
}

} // namespace tribunal
