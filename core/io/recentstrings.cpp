#include "io/recentstrings.h"

namespace tribunal {

StrId RecentStrings::internMiss(AuditBuilder& builder, std::string_view text)
{
    if (auto id = find(text))
        return *id;
    const StrId id = builder.intern(text);
    add(text, id);
    return id;
}

} // namespace tribunal
