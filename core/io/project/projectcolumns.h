#pragma once
// Internal to the project reader (projectreader.cpp, projectjudgmentrange.cpp): text columns into a string
// pool, and column values in error messages.

#include "io/project/projectstatement.h"
#include "model/stringpool.h"
#include "model/types.h"

#include <string>
#include <string_view>

namespace tribunal::projectread {

inline std::string kindText(TaskKind kind)
{
    return std::string(kindName(kind));
}

// A column value as error text: NULL reads as "null", like the JSON the reader used to get.
inline std::string quotedText(ProjectValue value)
{
    return "'" + (value.isNull() ? std::string("null") : std::string(value.text())) + "'";
}

// Interns a text column (NULL = kEmptyStr) into `pool`; consecutive equal values (judge, format, dataset,
// ...) are compared against the previous row's string instead of being hashed again.
class TextColumn {
public:
    StrId read(StringPool& pool, ProjectValue value)
    {
        if (value.isNull())
            return kEmptyStr;
        const std::string_view text = value.text();
        if (m_has && pool.view(m_lastId) == text)
            return m_lastId;
        m_lastId = pool.intern(text);
        m_has = true;
        return m_lastId;
    }

private:
    StrId m_lastId = kEmptyStr;
    bool m_has = false;
};

inline StrId internFresh(StringPool& pool, ProjectValue value)
{
    return value.isNull() ? kEmptyStr : pool.intern(value.text());
}

} // namespace tribunal::projectread
