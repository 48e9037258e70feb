#pragma once
// Internal to the project file (projectfile.h): reading a project of the current schema into an audit.

#include "io/project/projectfile.h"

#include <optional>
#include <string>

namespace tribunal {

class ProjectConnection;

/// Reads items, judgments (in seq order, which becomes the import order) and extras through `connection`, an
/// open connection to `path` whose schema is ProjectFile::kSchemaVersion. The condition key order stored in
/// meta condition_keys (projectmeta.h) is registered before the judgments are read, so
/// Audit::conditionKeys() comes back as saved; without that key it is the order in which keys first occur.
///
/// A project of more than 65,536 judgments is read by two threads: this one and a worker with its own
/// read-only connection to `path` (joined before this returns). The first bad row in seq order is the one
/// reported.
///
/// Progress counts items + judgments and is polled every ProjectRowProgress::kChunk rows; it is reported on
/// the calling thread only (the worker just polls for cancellation). On failure returns
/// nullopt with *error = kProjectCancelled or a full message, "<path>: <table> <key>: <column>: <reason>"
/// for bad content. schemaVersionRead is left for the caller. Nothing is written.
std::optional<ProjectContents> readProjectDatabase(ProjectConnection& connection, const std::string& path,
                                                   const Progress& progress, std::string* error);

} // namespace tribunal
