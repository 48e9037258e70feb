#pragma once
// Internal to the project file (projectfile.h): writing a whole project into a new SQLite file.

#include "io/project/projectfile.h"

#include <string>

namespace tribunal {

/// Creates the current schema in the new file `file` and writes meta (projectmeta.h), items, judgments (in
/// import order, seq 0..n-1) and `extras` in one transaction; the file is committed and closed on return, but
/// not synced to disk. The file is assumed private to this call (a save's temporary file): it is written
/// without a rollback journal, so on failure the caller deletes it.
///
/// Progress counts items + judgments and is polled every ProjectRowProgress::kChunk rows. On failure returns
/// false with *error = kProjectCancelled, or SQLite's message without the file name (a duplicate note:
/// "notes: item (<dataset>, <item_id>): <message>"). Thread-safety: uses its own connection; `audit` is only
/// read.
bool writeProjectDatabase(const std::string& file, const Audit& audit, const ProjectExtras& extras,
                          const Progress& progress, std::string* error);

} // namespace tribunal
