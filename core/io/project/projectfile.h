// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The project file (`.tribunal`): one SQLite database through Qt Sql (../shared/spec/data-format.md,
// "The project file"). Holds items, judgments, judge configurations (never API keys), analysis settings and
// notes, with a schema version and forward migrations.
//
// save() writes a complete new database next to the target and renames it into place, so a killed process or
// a full disk leaves the previous file readable (tests/io/tst_projectcrash.cpp kills saves at random points).
// The target follows the output policy of outputfile.h: a symbolic link is followed (the database is renamed
// onto the file it ends at; the link stays), a read-only file is refused untouched, and a FIFO or character
// device receives the bytes of the finished database (written in the temporary directory first).
//
// Temporary files: a save writes `.<name>.<uuid>.tmp` in the target's directory and holds an flock(2) on it
// from creating it (empty) until the rename. A killed save leaves its file behind, unlocked (the kernel drops
// a dead process's locks), so every save first removes the temporary files of the same target that nobody
// holds locked, with their -journal / -wal / -shm files. An empty one is removed only once it is older than
// kProjectEmptyTempGraceS: it may be a save's file in the moment between creating and locking it. A lock rule
// instead of an age rule removes a killed save's file at the next save (not minutes later) and never a live
// save's, however slow. Limit: on NFS, Linux emulates flock with fcntl locks, which SQLite's closing of its
// own descriptor drops; a concurrent save there may then lose its temporary file and fail cleanly (the
// target is never touched).
//
// A write-ahead log left next to the target (a live run killed, projectrunlog.h) is folded into the target
// before the rename: SQLite would replay it onto the new file. A save fails (after SQLite's busy timeout, and
// leaving the target alone) while another connection still writes to the target through its log.
//
// One writer per project: save() does not take the project's write lock (projectlock.h) itself; every writer
// holds it around its whole read-modify-write (an append from before it opens the base until after the save),
// which a lock taken inside save() could not cover.
//
// open() refuses files of a newer schema with a clear message and migrates older ones (in a transaction)
// before reading. Thread-safety: each call opens its own uniquely named connections; calls may run on any
// thread. open() of a large project reads with one extra thread of its own (projectreader.h).

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

/// Seconds an empty, unlocked temporary file of a save is kept (see "Temporary files" above).
inline constexpr long kProjectEmptyTempGraceS = 60;

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
