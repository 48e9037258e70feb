#pragma once
// Appending a live judge run's answers to a project file, one transaction per answer (issue 8: "every answer
// is written to the project as it arrives, keyed by a hash of the exact request").
//
// Each judgment row carries its request hash in `extra` ({"request_hash": "<64 hex>"}; FLASK judgments list
// the hashes of their four calls in "call_hashes"), so a resumed run reads the hashes back and sends none of
// those requests again. A judgment recorded because the request failed for good (transport errors, HTTP
// errors after the retries) has "run_failure": true; a resumed run may send such a request again, and its
// new answer replaces the failure row in the same transaction.
//
// Durability: the file is switched to SQLite's write-ahead log with synchronous=NORMAL while the run writes:
// a committed answer survives the process being killed at any point (the commit is in the log before the
// next request is considered answered); a power loss may lose the last commits but never corrupts the file.
// close() folds the log back into the file and returns it to the rollback journal, so a finished run leaves
// one ordinary project file. A killed run leaves a -wal file next to it; the next ProjectRunLog::open (a
// resumed run) or ProjectFile::open recovers it.
//
// Not thread-safe: use one ProjectRunLog from one thread. readResumeState() is a static function with a
// connection of its own and may be called from any thread.

#include "model/types.h"

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

namespace tribunal {

class ProjectConnection;
class ProjectLock;

/// One judgment of a run, as texts and numbers for the judgments table (NULL = kMissing / kMissingCount /
/// "").
struct RunJudgmentRow {
    std::int64_t itemRow = 0; ///< items.row of the project
    std::string judge, format;
    std::string conditionJson; ///< "" or a JSON object of strings
    std::string order;         ///< "AB" | "BA" | ""
    int rep = 1;
    std::string answer;    ///< canonical answer text; "" = none
    std::string probsJson; ///< "" or {"A": p, "B": p}
    double confidence = kMissing;
    double costUsd = kMissing;
    std::int64_t tokensIn = kMissingCount, tokensOut = kMissingCount;
    double latencyS = kMissing;
    std::string raw, error;
    std::string test, version, variant, cueOn;
    std::string requestHash;             ///< the judgment's key (first call's hash for FLASK)
    std::vector<std::string> callHashes; ///< all calls' hashes when more than one
    bool runFailure = false;             ///< failed for good: a resumed run may retry it
    bool replacesFailure = false;        ///< delete the recorded failure row of requestHash first
};

class ProjectRunLog {
public:
    /// Opens an existing project for appending. nullptr with *error = "<path>: <reason>" when it cannot be
    /// opened or is not a Tribunal project of the current schema (open it with ProjectFile::open first to
    /// migrate it). Takes the project's write lock (projectlock.h) until close() unless this process holds
    /// it already (a CLI run takes it before creating the project); while another writer holds it, nullptr
    /// at once with *error = ProjectLock::refusalMessage().
    static std::unique_ptr<ProjectRunLog> open(const std::string& path, std::string* error);
    ~ProjectRunLog();
    ProjectRunLog(const ProjectRunLog&) = delete;
    ProjectRunLog& operator=(const ProjectRunLog&) = delete;

    /// Hashes of the requests recorded so far: answered (including unparsable answers) and failed for good.
    struct Recorded {
        std::unordered_set<std::string> answered;
        std::unordered_set<std::string> failed;
    };
    bool recorded(Recorded* out, std::string* error);

    /// items.row of every item, keyed by (dataset, item_id).
    using ItemRows = std::map<std::pair<std::string, std::string>, std::int64_t>;
    bool itemRows(ItemRows* out, std::string* error);

    /// recorded() and itemRows() of the project at `path`, read through a read-only connection that is opened
    /// and closed inside the call, so it may run on any thread, also while a ProjectRunLog of the same file
    /// writes on another (a run's preparing thread: runscheduler.h). `stop` (may be null) is polled between
    /// rows: once it is true the call returns false with *error empty. False with *error = the reason without
    /// the path (SQLite's message) when the file cannot be opened or read.
    static bool readResumeState(const std::string& path, Recorded* recorded, ItemRows* rows,
                                const std::atomic<bool>* stop, std::string* error);

    /// Writes one judgment in its own transaction. With row.replacesFailure, the failure row of the same
    /// request hash is deleted in that transaction (a scan of the judgments: only retried failures pay it).
    /// False with *error (SQLite's message) when the write fails; nothing is written then.
    bool append(const RunJudgmentRow& row, std::string* error);

    /// Stores a judge's configuration JSON (judges table) and a setting (settings table), each in its own
    /// transaction.
    bool putJudge(const std::string& name, const std::string& configJson, std::string* error);
    bool putSetting(const std::string& key, const std::string& value, std::string* error);

    /// Checkpoints the log into the file and returns it to the rollback journal. Called by the destructor
    /// too; calling it twice is harmless.
    bool close(std::string* error);

private:
    ProjectRunLog(std::unique_ptr<ProjectConnection> connection, std::string path,
                  std::unique_ptr<ProjectLock> lock);
    bool commitOne(const std::string& sql, const std::vector<std::string>& values, std::string* error);

    std::unique_ptr<ProjectConnection> m_connection;
    std::string m_path;
    std::unique_ptr<ProjectLock> m_lock; ///< the project's write lock (projectlock.h), until close()
    bool m_open = true;
};

} // namespace tribunal
