#pragma once
// Opening "a project or a file" as the CLI and the GUI both do: a `.tribunal` project is opened, anything
// else is imported (format detected, or forced) into a fresh audit.

#include "io/importer.h"
#include "io/project/projectfile.h"

#include <string>
#include <vector>

namespace tribunal {

struct LoadedAudit {
    AuditPtr audit;                  ///< null on failure
    ProjectExtras extras;            ///< empty unless a project was opened
    std::vector<ImportIssue> issues; ///< the reasons for a failure, or the skipped records
    std::vector<ImportIssue> notes;  ///< ImportLog::notes of the import (nothing failed because of them)
    bool badInput = false;           ///< the failure is the input's fault (exit code 2 in the CLI)
    bool cancelled = false;
};

/// Opens one project (a regular file with the SQLite header, with its extras), or imports one or more
/// files/directories through importSources(), where a project may be the first input (its audit starts the
/// import; extras are not carried) and is refused elsewhere.
/// Thread-safety: uses only its arguments; may run on a worker thread.
LoadedAudit loadAudit(const std::vector<std::string>& paths, const ImportOptions& options,
                      const Progress& progress = {});

} // namespace tribunal
