#pragma once
// The SQL schema of the project file (../shared/spec/data-format.md, "The project file"), as history: the
// version-1 DDL exactly as files in the wild were written with it, then one migration per later version.
//
// A new file is created by running the version-1 DDL followed by every migration, so a freshly saved file and
// a migrated old file have the same tables by construction. Never edit a released step: add a migration
// (and bump ProjectFile::kSchemaVersion) instead. projectschema.cpp runs this history (internal to the
// project file: only project*.cpp and tests include this header).
//
// Version 1: meta(key, value), items, judgments.
// Version 2: + settings(key, value), judges(name, config), notes(dataset, item_id, text, updated).
//
// Column conventions (all versions): NULL = value not given; answers and labels are canonical answer texts
// (`A`, `B`, `tie`, `MET`, `UNMET`, `NA`, level numbers; NULL = none); levels, ratings, condition and probs
// are JSON texts; extra is the kept JSON object of unknown source fields.

#include <span>
#include <string>
#include <string_view>

namespace tribunal {

/// Version-1 schema. Frozen.
inline constexpr std::string_view kProjectSchemaV1[] = {
    "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT)",
    "CREATE TABLE items(row INTEGER PRIMARY KEY, dataset TEXT, item_id TEXT, kind TEXT NOT NULL, label TEXT, "
    "unit_id TEXT, grp TEXT, question TEXT, response_a TEXT, response_b TEXT, input TEXT, submission TEXT, "
    "criterion TEXT, strata TEXT, domain TEXT, levels TEXT, ratings TEXT, extra TEXT)",
    "CREATE TABLE judgments(seq INTEGER PRIMARY KEY, item INTEGER NOT NULL REFERENCES items(row), judge "
    "TEXT, "
    "format TEXT, condition TEXT, ord TEXT, rep INTEGER NOT NULL, answer TEXT, probs TEXT, confidence REAL, "
    "cost_usd REAL, tokens_in INTEGER, tokens_out INTEGER, latency_s REAL, raw TEXT, error TEXT, test TEXT, "
    "version TEXT, variant TEXT, cue_on TEXT, extra TEXT)",
};

/// Version 1 -> 2: analysis settings, judge configurations and item notes.
inline constexpr std::string_view kProjectMigrationV1toV2[] = {
    "CREATE TABLE settings(key TEXT PRIMARY KEY, value TEXT)",
    "CREATE TABLE judges(name TEXT PRIMARY KEY, config TEXT)",
    "CREATE TABLE notes(dataset TEXT, item_id TEXT, text TEXT, updated TEXT, PRIMARY KEY(dataset, item_id))",
};

/// The statements that take a file from schema version `from` to `from + 1`. The runner executes them and
/// updates meta.schema_version in one transaction per step.
struct ProjectMigration {
    int from = 0;
    std::span<const std::string_view> statements;
};

inline constexpr ProjectMigration kProjectMigrations[] = {
    {1, kProjectMigrationV1toV2},
};

class ProjectConnection;

/// Creates the current schema in an empty database the way history did: the version-1 DDL, then every
/// migration. Runs in the caller's transaction, if any; false with *error set (SQLite's message) on failure.
bool createProjectSchema(ProjectConnection& connection, std::string* error);

/// Brings the project at `path` (a Tribunal project of schema version `from`, 1 <= from <=
/// ProjectFile::kSchemaVersion) to ProjectFile::kSchemaVersion through its own read-write connection, one
/// transaction per step: an interrupted migration leaves the file at the last completed version, which the
/// next open continues from. False with *error set (the full message, path included) when a step fails; that
/// step is rolled back.
bool migrateProject(const std::string& path, int from, std::string* error);

} // namespace tribunal
