#include "framework/textmatcher.h"

#include <algorithm>

namespace tribunal {
namespace {

char asciiLower(char c)
{
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

} // namespace

void TextMatcher::setQuery(const QString& query)
{
    m_query = query.trimmed();
    const auto utf8 = m_query.toUtf8();
    m_ascii =
        std::all_of(utf8.begin(), utf8.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
    m_asciiLower = m_ascii ? utf8.toLower() : QByteArray();
    m_cache.clear();
}

bool TextMatcher::search(std::string_view text) const
{
    if (m_ascii) {
        // Bytes >= 0x80 never equal an ASCII query byte, so a byte search is exact for ASCII queries.
        auto it = std::search(text.begin(), text.end(), m_asciiLower.begin(), m_asciiLower.end(),
                              [](char a, char b) { return asciiLower(a) == b; });
        return it != text.end();
    }
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()))
        .contains(m_query, Qt::CaseInsensitive);
}

bool TextMatcher::matches(const Audit& audit, StrId id) const
{
    if (m_query.isEmpty())
        return true;
    if (id == kEmptyStr)
        return false;
    if (m_cache.size() != audit.strings().size())
        m_cache.assign(audit.strings().size(), 0);
    auto& state = m_cache[id];
    if (state == 0)
        state = search(audit.str(id)) ? 1 : 2;
    return state == 1;
}

} // namespace tribunal
