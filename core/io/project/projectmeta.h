#pragma once
// Internal to the project file (projectfile.h): the meta(key, value) table, which is what makes an SQLite
// file a Tribunal project. Keys (all values are text):
//   app             "Tribunal"
//   schema_version  decimal integer >= 1 (ProjectFile::kSchemaVersion when saved by this version)
//   saved_utc       ISO 8601 UTC time of the save
//   condition_keys  JSON array of strings: Audit::conditionKeys() in order (since this key exists; a file
//                   without it gets the order in which keys first occur in the stored condition sets)
// Meta is key/value, so adding a key needs no schema change; readers ignore keys they do not know.

#include "model/audit.h"

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tribunal {

class ProjectConnection;

inline constexpr std::string_view kProjectMetaConditionKeys = "condition_keys";

/// "<path>: not a Tribunal project (<why>)".
std::string notAProjectMessage(const std::string& path, const std::string& why);

/// The meta rows a save writes for `audit`, saved_utc being the current time.
std::vector<std::pair<std::string, std::string>> projectMetaRows(const Audit& audit);

/// Checks through its own read-only connection that `path` is a Tribunal project (a meta table with app =
/// Tribunal and a schema_version >= 1) and returns that version; nullopt with *error set (the full message,
/// path included) otherwise. Nothing is written.
std::optional<int> readProjectSchemaVersion(const std::string& path, std::string* error);

/// Reads meta `key` into *value (nullopt when the key is absent or NULL). False with *error set (SQLite's
/// message) when the query fails.
bool readProjectMeta(ProjectConnection& connection, std::string_view key, std::optional<std::string>* value,
                     std::string* error);

} // namespace tribunal
