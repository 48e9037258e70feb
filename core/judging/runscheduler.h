#pragma once
// The run scheduler (issue 8; architecture.md "core/judging"): sends the requests of an audit design to its
// judges and writes every judgment to the project as it completes (projectrunlog.h), so a run that is
// cancelled, killed or crashes resumes without sending any answered request again.
//
// Per judge: at most requests_in_flight requests at once and at most requests_per_second started per second.
// A retryable failure (429, 408, 5xx, timeout, transport error, malformed body; chatattempt.h) is retried up
// to the judge's max_retries times after an exponential backoff with jitter, base * 2^(attempt-1) * U(0.5, 1)
// capped at maxBackoffS, or, when the server sent Retry-After, after exactly that long (capped at
// maxRetryAfterS); a 429 with Retry-After also pauses the judge's other requests until then. A request that
// fails for good is recorded as a judgment with no answer, its error, and run_failure, which a later run
// sends again (RunOptions::retryFailed). An answer the parser cannot read is an answer (answer none, reason
// in error, raw text kept) and is not sent again.
//
// The API key of each judge is read from its environment variable when the run starts, kept in memory, sent
// only in the Authorization header, and removed from any text the run writes (raw answers and errors).
//
// Lives on the thread that created it and runs from its event loop; its only other thread prepares the run
// (start()) on copies and a read connection of its own; cancel() tells it to stop, the destructor also
// waits for it. Not thread-safe.

#include "auditdesign.h"
#include "chatattempt.h"
#include "curlmulti.h"
#include "io/project/projectrunlog.h"
#include "judgmentidentity.h"
#include "model/audit.h"

#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QThread>
#include <QUrl>

#include <atomic>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <random>
#include <vector>

namespace tribunal {

struct RunOptions {
    double backoffBaseS = 1.0;
    double maxBackoffS = 60.0;
    double maxRetryAfterS = 600.0;
    qint64 maxResponseBytes = qint64(4) << 20; ///< larger responses are refused (not retried)
    bool retryFailed = true;                   ///< send requests recorded as failed by an earlier run again
    /// Buy judgments again whose recorded ask differs from the design's (judgmentidentity.h); without it
    /// such a run is refused before anything is sent.
    bool rerunChanged = false;
    std::uint64_t jitterSeed = 0; ///< 0 = seeded from the clock
};

/// The reason a call failed for good, as a run's failures are grouped by it (the Judges panel's status line):
/// `error` as the scheduler records it (AttemptResult::error, possibly ending " (after N attempts)") without
/// what differs from one request to the next:
///   - the " (after N attempts)" suffix and a trailing full stop;
///   - curl's "after N ms" and ids a server quotes: UUIDs, "chatcmpl-...", "req_..." / "req-..." tokens, any
///     other token of 16 or more letters and digits holding both, and "request id(:) X" / "request_id=X"
///     (each becomes "…");
///   - a refused or failed connection ("network error: Failed to connect to H port P ...: Couldn't connect
///     to server" / "Connection refused") reads "cannot connect to <url> (connection refused)" with `url` the
///     call's URL (H:P when `url` is empty); "Could not resolve host: H" reads "cannot resolve host H".
/// Everything else (the HTTP status and the server's message, "timed out after 10 s", ...) is kept as it is,
/// whitespace simplified. Pure; thread-safe.
QString failureReason(const QString& error, const QUrl& url = {});

/// Failed calls of one reason.
struct FailureGroup {
    QString reason;
    std::uint64_t calls = 0;
};

/// Failed calls grouped by failureReason(). Plain data.
class FailureTally {
public:
    /// Counts `calls` failed calls of `reason`.
    void add(const QString& reason, std::uint64_t calls = 1);
    /// Most frequent first; equal counts by reason (QString's order), so the order does not depend on which
    /// request failed first.
    std::vector<FailureGroup> groups() const;
    std::uint64_t total() const { return m_total; }
    bool empty() const { return m_total == 0; }

private:
    std::vector<FailureGroup> m_groups; ///< in the order of first occurrence (few: a linear search)
    std::uint64_t m_total = 0;
};

/// How a run's calls went: Succeeded without a failed call, Failed when more calls failed than were
/// answered (so also when every call failed), else PartlyFailed.
enum class RunOutcome { Succeeded, PartlyFailed, Failed };
RunOutcome runOutcome(std::uint64_t answered, std::uint64_t failed);

/// Live counts; calls are HTTP requests (a FLASK judgment takes four).
struct RunCounts {
    std::uint64_t judgments = 0;       ///< in the design
    std::uint64_t calls = 0;           ///< in the design
    std::uint64_t alreadyRecorded = 0; ///< judgments found in the project at start (not sent)
    std::uint64_t unverified = 0;      ///< of those, recorded without an ask hash (imported, older runs)
    std::uint64_t rerun = 0;           ///< recorded judgments asked otherwise, sent again (rerunChanged)
    /// Recorded judgments the design asks otherwise: > 0 only when the run was refused for them (finished()
    /// with the refusal before ready(); RunOptions::rerunChanged buys them again).
    std::uint64_t changed = 0;
    std::uint64_t toSend = 0;   ///< calls this run has to send
    std::uint64_t answered = 0; ///< calls answered in this run
    std::uint64_t failed = 0;   ///< calls failed for good in this run
    std::uint64_t retried = 0;  ///< retry attempts made
    std::uint64_t inFlight = 0;
    std::uint64_t written = 0;  ///< judgments written in this run
    std::uint64_t unparsed = 0; ///< of those, answers the parser could not read
    double spendUsd = 0.0;      ///< K11 cost of this run's answered calls (judge prices x usage)
    /// This run's failed calls by failureReason() (with the judge's completions URL); total() == failed.
    FailureTally failures;
};

/// The project's items.row of each of `designItems` (rows of `items`), indexed by the items audit's row (-1
/// for items outside the design). Null with *error = "<project>: item (<dataset>, <item id>) of the design is
/// not in the project" when one is missing. Used by the live run and by batch files.
std::optional<std::vector<std::int64_t>> projectRowsOfDesign(const Audit& items,
                                                             const std::vector<std::uint32_t>& designItems,
                                                             const ProjectRunLog::ItemRows& rows,
                                                             const QString& projectPath, QString* error);

/// What a run of `design` would send now, given what the project at `projectPath` has recorded: the tasks of
/// `expansion` (expandDesign(design, items)) that RunScheduler would send with the default RunOptions, and
/// the judgments recorded asked otherwise counted as sent again (the Judges panel offers to buy them again).
/// `expansion.items` keeps the items that still have a task. Reads the project through a connection of its
/// own (any thread). Null with *error when the project cannot be read or lacks an item of the design
/// (projectRowsOfDesign()'s message).
struct RemainingDesign {
    DesignExpansion expansion;
    std::uint64_t alreadyRecorded = 0; ///< judgments of the design the run would not send
};
std::optional<RemainingDesign> remainingOfDesign(const AuditDesign& design, const Audit& items,
                                                 const DesignExpansion& expansion, const QString& projectPath,
                                                 QString* error);

class RunScheduler : public QObject {
    Q_OBJECT
public:
    /// `items` is the audit the design's items were loaded from (itemSources); `projectPath` an existing
    /// project that holds those items (createRunProject makes one).
    RunScheduler(AuditDesign design, AuditPtr items, QString projectPath, const RunOptions& options = {},
                 QObject* parent = nullptr);
    ~RunScheduler() override;

    /// Opens the project for appending and returns at once (the calling thread - the Judges panel's GUI
    /// thread - never waits for the design's size). A thread of its own then reads what the project has
    /// recorded, expands the design, maps its items to the project's and finds the requests not recorded
    /// (hashing them); the scheduler goes on from the event loop: writes the judges' configurations, emits
    /// ready(), then sends. False with *error (nothing sent or written) when the project cannot be opened or
    /// a judge's key cannot be sent (JudgeConfig::apiKeyError()).
    /// After true, finished() follows exactly once and never from inside start() (also after a cancel()
    /// while preparing), and every error found while preparing arrives through finished(false, error) before
    /// any ready(), with nothing sent or written: "<project>: item (<dataset>, <item id>) of the design is
    /// not in the project", ResumePlan::refusal() when recorded judgments were asked otherwise than the
    /// design asks them (counts().changed says how many), or "<project>: <reason>" when reading the project
    /// or writing the judges' configurations fails.
    bool start(QString* error);
    /// Stops sending, abandons requests in flight (they are sent again by the next run) and finishes with
    /// cancelled = true. Judgments already written stay.
    void cancel();
    /// judgments and calls are known from ready() on (0 before).
    const RunCounts& counts() const { return m_counts; }
    /// True once ready() was emitted. A finished() with an error while this is false means the run could not
    /// start (the design does not fit the project, or reading it failed): callers report it like a failed
    /// start(), not like a run that stopped.
    bool isPrepared() const { return m_prepared; }

signals:
    /// Once, when the requests to send are known (counts().judgments, calls, toSend, alreadyRecorded), before
    /// the first is sent.
    void ready(const tribunal::RunCounts& counts);
    /// From ready() on: at most every 100 ms while running, and once before finished().
    void progress(const tribunal::RunCounts& counts);
    /// error is empty unless preparing failed (see start() and isPrepared()) or writing to the project failed
    /// (the run stops then).
    void finished(bool cancelled, const QString& error);

private:
    struct Pending;
    struct Channel;
    struct Prepared;
    struct CallRef {
        std::uint32_t pending = 0;
        int call = 0;
        int attempt = 0; ///< attempts made so far
    };

    static void prepare(const AuditDesign& design, const Audit& items, const QString& projectPath,
                        ResumeOptions resume, const std::atomic<bool>& stop, Prepared& out);
    static void findUnrecorded(const AuditDesign& design, const Audit& items,
                               const std::vector<DesignTask>& tasks, const ProjectRunLog::Recorded& recorded,
                               ResumeOptions resume, const QString& projectPath,
                               const std::atomic<bool>& stop, Prepared& out);
    bool writeJudgeConfigs(QString* error);
    void onPrepared(Prepared prepared);
    void dispatch(Channel& channel);
    void send(Channel& channel, CallRef ref);
    void onAttempt(Channel& channel, CallRef ref, ChatAttempt* attempt, const AttemptResult& result);
    void retryLater(Channel& channel, CallRef ref, const AttemptResult& result);
    void complete(Pending& pending);
    void stop(bool cancelled, const QString& error);
    void maybeFinish();
    void reportProgress(bool force);

    AuditDesign m_design;
    AuditPtr m_items;
    QString m_projectPath;
    RunOptions m_options;
    std::unique_ptr<ProjectRunLog> m_log;
    CurlMulti m_network;
    std::vector<Pending> m_pending;
    std::vector<std::unique_ptr<Channel>> m_channels;
    std::vector<std::int64_t> m_projectRow; ///< items audit row -> project items.row (-1 unknown)
    std::vector<QByteArray> m_keys;         ///< per judge, in memory only
    RunCounts m_counts;
    QElapsedTimer m_clock;
    qint64 m_lastProgressMs = -1;
    std::uint64_t m_open = 0; ///< pending judgments not yet written
    std::mt19937_64 m_jitter;
    bool m_running = false;
    bool m_prepared = false;
    QThread* m_preparer = nullptr; ///< the preparing thread, until it finishes (it deletes itself)
    std::shared_ptr<std::atomic<bool>> m_stopPreparing = std::make_shared<std::atomic<bool>>(false);
};

/// Creates `projectPath` (which must not exist) holding every item of `items` (no judgments), the design's
/// judge configurations (judges table; no keys) and the design itself (setting "run.design"). False with
/// *error on failure.
bool createRunProject(const QString& projectPath, const Audit& items, const AuditDesign& design,
                      QString* error);

} // namespace tribunal
