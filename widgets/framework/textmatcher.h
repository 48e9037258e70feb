#pragma once
// Case-insensitive substring search over interned strings, with a per-string cache: item texts are interned,
// so a question shared by many rows is searched once per query, not once per row.

#include "model/audit.h"

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <vector>

namespace tribunal {

/// GUI thread only (the cache is mutable state behind const matches()).
class TextMatcher {
public:
    /// Sets the text to look for; whitespace around it is ignored. An empty query matches everything.
    void setQuery(const QString& query);
    bool isEmpty() const { return m_query.isEmpty(); }
    const QString& query() const { return m_query; }

    /// Does string `id` of `audit` contain the query? The cache belongs to one snapshot: pass the same
    /// audit until setQuery() or reset() is called.
    bool matches(const Audit& audit, StrId id) const;
    /// Forgets cached answers (call when the snapshot changes).
    void reset() const { m_cache.clear(); }

private:
    bool search(std::string_view text) const;

    QString m_query;
    QByteArray m_asciiLower; ///< the query, lower-cased, when it is pure ASCII (fast byte search)
    bool m_ascii = false;
    mutable std::vector<std::uint8_t> m_cache; ///< per StrId: 0 unknown, 1 match, 2 no match
};

} // namespace tribunal
