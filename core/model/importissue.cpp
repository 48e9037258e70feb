#include "importissue.h"

namespace tribunal {

std::string ImportIssue::text() const
{
    std::string out = file;
    if (line > 0)
        out += ':' + std::to_string(line);
    if (!out.empty())
        out += ": ";
    if (!field.empty())
        out += field + ": ";
    out += reason;
    return out;
}

bool ImportLog::badRecord(ImportIssue issue)
{
    issues.push_back(std::move(issue));
    if (policy == BadRecordPolicy::SkipAndList) {
        ++skippedRecords;
        return true;
    }
    failed = true;
    return false;
}

void ImportLog::fatal(ImportIssue issue)
{
    issues.push_back(std::move(issue));
    failed = true;
}

} // namespace tribunal
