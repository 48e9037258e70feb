#pragma once
// One writer at a time per project file (docs/robustness.md, "One writer per project").
//
// What it protects: every write of a project - a save (ProjectFile::save, which replaces the whole file), a
// live run or a batch import (ProjectRunLog, which appends) - takes the project's lock first and keeps it
// until its last write. A run holds it from before it reads what is already recorded until its last answer
// is written; `import --append` from before it opens the base project until after the save. So no two
// writers interleave: without the lock two runs bought every answer twice and wrote duplicate judgment keys,
// and a save that read the project before another writer's commits replaced the file without them.
//
// What a second writer sees: acquire() never waits. While another holder is alive it returns null at once
// with the holder's program, command, process id, host and start time (ProjectLockHolder); the caller
// refuses to write and says who to wait for. Readers (opening a project read-only) never take the lock.
//
// The lock is a QLockFile `.<name>.lock` beside the project (Qt writes the holder's pid, program and host
// into it), plus `.<name>.lock.holder-<pid>` with the command and start time of that process, written before
// it tries the lock (so a refused writer always finds the holder's command) and removed when it is refused or
// releases. A holder killed
// without releasing leaves the file behind; the next acquire() takes it over when the recorded process no
// longer runs on this host (Qt's pid and program-name check). There is no age limit: a run may hold the lock
// for hours. A lock file without a holder's pid (a writer killed between creating it and writing its pid)
// that stays so for a second is removed and the lock taken (acquire() then takes up to a second longer); so
// is an empty `.<name>.lock.rmlock`, the guard Qt holds while it removes a dead holder's lock, left by a
// writer killed while taking over a lock.
//
// Limits: the lock is advisory - a program that does not use this class (an sqlite3 shell) is not stopped.
// On a network file system shared by several hosts a holder on another host is never taken for dead, so a
// lock left by a crashed machine stays until it is deleted by hand (the message names the host). Two paths
// to one file through a symbolic link to the file itself take different locks (links to the directory are
// resolved). A lock file that cannot be created (the directory is missing or read-only) is not a refusal:
// acquire() returns a lock that holds nothing (held() false), and the write then fails with its own message.
//
// Within one process: acquire() is strict (a second acquire() of a project this process holds is refused
// like any other); acquireUnlessHeld() lets a writer that runs inside a holder (the save that creates a
// run's project, the run log of a run that holds the lock) go on without a second lock. Thread-safe.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

class QLockFile;

namespace tribunal {

/// Who holds a project's lock, as the lock files say.
struct ProjectLockHolder {
    std::int64_t pid = 0;
    std::string host;
    std::string program; ///< the holder's executable name ("tribunal-cli", "tribunal")
    std::string command; ///< what it does ("run", "import --append", "save"); empty when not recorded
    std::string since;   ///< local start time: "HH:mm:ss" today, else "yyyy-MM-dd HH:mm:ss"
};

class ProjectLock {
public:
    /// Takes the lock of the project at `projectPath` (a native path; the file need not exist) for
    /// `command`. Null when another holder - another process, or another acquire() in this one - holds it;
    /// *heldBy (may be null) is then set. Never waits.
    static std::unique_ptr<ProjectLock> acquire(const std::string& projectPath, const std::string& command,
                                                std::optional<ProjectLockHolder>* heldBy);
    /// Like acquire(), but when this process already holds the lock returns a lock that holds nothing
    /// (held() false) instead of refusing.
    static std::unique_ptr<ProjectLock> acquireUnlessHeld(const std::string& projectPath,
                                                          const std::string& command,
                                                          std::optional<ProjectLockHolder>* heldBy);
    /// True while a ProjectLock of this process holds the lock of `projectPath`.
    static bool heldByThisProcess(const std::string& projectPath);
    /// The lock file of `projectPath`: `.<name>.lock` in its (canonical) directory.
    static std::string lockPathFor(const std::string& projectPath);
    /// The refusal in English: "<path>: the project is being written by <program> <command> (pid <pid> on
    /// <host> since <since>); wait until it finishes, or stop it". The CLI and the GUI translate their own.
    static std::string refusalMessage(const std::string& projectPath, const ProjectLockHolder& holder);

    /// Releases the lock (removes both lock files).
    ~ProjectLock();
    ProjectLock(const ProjectLock&) = delete;
    ProjectLock& operator=(const ProjectLock&) = delete;

    /// False for a lock that holds nothing (see acquire() and acquireUnlessHeld()).
    bool held() const { return m_file != nullptr; }

private:
    ProjectLock(std::unique_ptr<QLockFile> file, std::string lockPath);

    std::unique_ptr<QLockFile> m_file;
    std::string m_lockPath;
};

} // namespace tribunal
