#pragma once
// The project file (`.tribunal`): one SQLite database through Qt Sql (../shared/spec/data-format.md,
// "The project file"). Holds items, judgments, judge configurations (never API keys), analysis settings and
// notes, with a schema version and forward migrations.
//
// save() writes a complete new database next to the target and renames it into place, so a killed process or
// a full disk leaves the previous file readable. open() refuses files of a newer schema with a clear message
// and migrates older ones (in a transaction) before reading. Thread-safety: each call opens its own uniquely
// named connections; calls may run on any thread. open() of a large project reads with one extra thread of
// its own (projectreader.h).

#include "model/audit.h"
#include "model/progress.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tribunal {

/// A note a reviewer attached to an item.
struct ItemNote {
    std::string dataset;
    std::string itemId;
    std::string text;
    std::string updated; ///< ISO 8601 UTC
    friend bool operator==(const ItemNote&, const ItemNote&) = default;
};

/// Everything a project holds besides the audit itself.
struct ProjectExtras {
    std::map<std::string, std::string> settings; ///< analysis settings (seeds, margins, ...), as text
    std::map<std::string, std::string> judges;   ///< judge name -> configuration JSON (no API keys)
    std::vector<ItemNote> notes;
    friend bool operator==(const ProjectExtras&, const ProjectExtras&) = default;
};

struct ProjectContents {
    AuditPtr audit;
    ProjectExtras extras;
    int schemaVersionRead = 0; ///< the version the file had before migration
};

class ProjectFile {
public:
    static constexpr int kSchemaVersion = 2;

    static bool save(const std::string& path, const Audit& audit, const ProjectExtras& extras,
                     std::string* error, const Progress& progress = {});
    static std::optional<ProjectContents> open(const std::string& path, std::string* error,
                                               const Progress& progress = {});
    /// True when `path` starts with the SQLite header (used by format detection).
    static bool looksLikeProject(const std::string& path);
};

} // namespace tribunal
