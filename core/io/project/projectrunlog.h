#pragma once
// Appending a live judge run's answers to a project file, one transaction per answer (issue 8: "every answer
// is written to the project as it arrives").
//
// A judgment is known by its identity, the columns that make it one judgment of the audit (judgmentKey():
// item, judge, format, condition, order, run and the bias fields test, version, variant, cue_on; the key
// ProjectFile refuses twice), never by the bytes of its request: two items with identical texts are two
// judgments, and a resumed run after a harmless edit of the design (the server's host spelled another way,
// another max_tokens) finds every judgment it recorded. Each row also carries in `extra` how it was asked
// ({"ask_hash": "<32 hex>"}: model, prompt and sampling parameters; judging/judgmentidentity.h) and the hash
// of the exact request ({"request_hash": "<64 hex>"}; FLASK judgments list their four calls in
// "call_hashes"), which batch files use as custom_id. A judgment recorded because the request failed for good
// (transport errors, HTTP errors after the retries) has "run_failure": true; a resumed run may send it again,
// and its new row replaces the recorded one (RunJudgmentRow::replacesSeq) in the same transaction.
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
#include <unordered_map>
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
    std::string requestHash;             ///< the exact request's hash (first call's for FLASK)
    std::vector<std::string> callHashes; ///< all calls' hashes when more than one
    std::string askHash;                 ///< how it was asked (judgmentidentity.h); "" = not known
    bool runFailure = false;             ///< failed for good: a resumed run may retry it
    std::int64_t replacesSeq = 0;        ///< > 0: delete the judgment row with this seq first
};

/// The identity of a judgment row (its identity columns only; the answer and everything else are ignored):
/// SQLite's quote() of item, judge, format, condition, ord, rep, test, version, variant and cue_on, an empty
/// text counting as NULL, joined by commas. Exact (no hash): equal keys are the same judgment.
std::string judgmentKey(const RunJudgmentRow& row);

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

    /// One judgment the project holds (its first row of that identity).
    struct RecordedJudgment {
        std::int64_t seq = 0; ///< judgments.seq of the row
        bool failed = false;  ///< run_failure: failed for good, a resumed run may send it again
        std::string askHash;  ///< extra.ask_hash; "" when the row has none (imported, or an older run's)
    };
    /// Every judgment the project holds (answered, unparsable, failed for good, imported), by judgmentKey(),
    /// and the judges table as it was (name -> configuration JSON) before this run writes its own.
    struct Recorded {
        std::unordered_map<std::string, RecordedJudgment> judgments;
        std::map<std::string, std::string> judgeConfigs;
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

    /// Writes one judgment in its own transaction. With row.replacesSeq > 0, the row with that seq (the
    /// recorded judgment of the same identity: a failure retried, or a judgment bought again) is deleted in
    /// that transaction. False with *error (SQLite's message) when the write fails; nothing is written then.
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
