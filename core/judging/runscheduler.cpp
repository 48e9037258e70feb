#include "runscheduler.h"

#include "io/project/projectfile.h"
#include "io/project/projectrunlog.h"
#include "judgmentidentity.h"
#include "judgmentrow.h"
#include "model/auditbuilder.h"
#include "model/importissue.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QThread>
#include <QTimer>

#include <algorithm>
#include <chrono>
#include <cmath>

namespace tribunal {

struct RunScheduler::Pending {
    DesignTask task;
    std::vector<QString> hashes; ///< one per call, filled as the requests are built
    QString askHash;             ///< askHash() of the first call's request, filled when it is built
    std::vector<AttemptResult> results;
    int remaining = 0;
    bool failed = false;
    QString failure;
    std::int64_t replacesSeq = 0; ///< the recorded row this judgment replaces (a failure, or --rerun)
    bool written = false;
};

/// What the preparing thread hands back: everything start() used to compute on the calling thread.
struct RunScheduler::Prepared {
    QString error; ///< set when the run cannot start (start()'s wording); the rest is then incomplete
    std::uint64_t judgments = 0;
    std::uint64_t calls = 0;
    std::vector<std::int64_t> projectRow; ///< items audit row -> project items.row (-1 unknown)
    std::vector<Pending> pending;
    std::vector<std::deque<CallRef>> queues; ///< per judge: the calls of `pending` to send
    std::uint64_t alreadyRecorded = 0;
    std::uint64_t unverified = 0;
    std::uint64_t rerun = 0;
    std::uint64_t changed = 0;
    std::uint64_t toSend = 0;
};

struct RunScheduler::Channel {
    int judge = 0;
    std::deque<CallRef> queue;
    int inFlight = 0;
    int waiting = 0;          ///< retries waiting for their backoff
    qint64 nextSendMs = 0;    ///< rate limit: earliest start of the next request
    qint64 pausedUntilMs = 0; ///< Retry-After of a 429
    QTimer wake;
    std::vector<ChatAttempt*> attempts;
};

namespace {

std::string utf8(const QString& text)
{
    return text.toStdString();
}

QString compactJson(const QJsonObject& object)
{
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

} // namespace

QString failureReason(const QString& error, const QUrl& url)
{
    QString text = error.simplified();
    // The attempts a call took differ between calls of one cause (the scheduler's suffix).
    static const QRegularExpression attempts(QStringLiteral(" \\(after \\d+ attempts\\)$"));
    text.remove(attempts);
    // curl: "Failed to connect to 127.0.0.1 port 9 after 0 ms: Couldn't connect to server" (7.8x) or
    // "...: Connection refused" (older).
    static const QRegularExpression connect(
        QStringLiteral("^network error: (?:Failed to connect|Could not connect) to (\\S+) port (\\d+)"
                       "(?: after \\d+ ms)?: (?:Couldn't connect to server|Connection refused)\\.?$"),
        QRegularExpression::CaseInsensitiveOption);
    if (const auto match = connect.match(text); match.hasMatch()) {
        const QString where =
            url.isEmpty() ? match.captured(1) + QLatin1Char(':') + match.captured(2) : url.toString();
        return QStringLiteral("cannot connect to %1 (connection refused)").arg(where);
    }
    static const QRegularExpression resolve(
        QStringLiteral("^network error: Could not resolve host: (\\S+?)\\.?$"),
        QRegularExpression::CaseInsensitiveOption);
    if (const auto match = resolve.match(text); match.hasMatch())
        return QStringLiteral("cannot resolve host %1").arg(match.captured(1));
    // Per-request details a server or curl quotes: ids, the milliseconds an attempt took.
    static const std::vector<QRegularExpression> details = [] {
        const auto ci = QRegularExpression::CaseInsensitiveOption;
        return std::vector<QRegularExpression>{
            QRegularExpression(QStringLiteral("\\b(request[ _-]?id\\s*[:=]?\\s*)[\\w.-]*\\d[\\w.-]*"), ci),
            QRegularExpression(
                QStringLiteral("\\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\b"), ci),
            QRegularExpression(QStringLiteral("\\b(?:chatcmpl|req)[-_][\\w-]+")),
            QRegularExpression(
                QStringLiteral("\\b(?=[A-Za-z0-9]*[0-9])(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{16,}\\b")),
            QRegularExpression(QStringLiteral("\\bafter \\d+ ms\\b")),
        };
    }();
    text.replace(details[0], QStringLiteral("\\1…"));
    text.replace(details[1], QStringLiteral("…"));
    text.replace(details[2], QStringLiteral("…"));
    text.replace(details[3], QStringLiteral("…"));
    text.replace(details[4], QStringLiteral("after … ms"));
    while (text.endsWith(QLatin1Char('.')))
        text.chop(1);
    return text;
}

void FailureTally::add(const QString& reason, std::uint64_t calls)
{
    if (calls == 0)
        return;
    m_total += calls;
    for (FailureGroup& group : m_groups)
        if (group.reason == reason) {
            group.calls += calls;
            return;
        }
    m_groups.push_back({reason, calls});
}

std::vector<FailureGroup> FailureTally::groups() const
{
    std::vector<FailureGroup> sorted = m_groups;
    // Ties by reason: concurrent requests fail in no fixed order, and the status line must not flicker.
    std::sort(sorted.begin(), sorted.end(), [](const FailureGroup& a, const FailureGroup& b) {
        return a.calls != b.calls ? a.calls > b.calls : a.reason < b.reason;
    });
    return sorted;
}

RunOutcome runOutcome(std::uint64_t answered, std::uint64_t failed)
{
    if (failed == 0)
        return RunOutcome::Succeeded;
    return failed > answered ? RunOutcome::Failed : RunOutcome::PartlyFailed;
}

std::optional<RemainingDesign> remainingOfDesign(const AuditDesign& design, const Audit& items,
                                                 const DesignExpansion& expansion, const QString& projectPath,
                                                 QString* error)
{
    ProjectRunLog::Recorded recorded;
    ProjectRunLog::ItemRows rows;
    std::string err;
    if (!ProjectRunLog::readResumeState(utf8(projectPath), &recorded, &rows, nullptr, &err)) {
        *error = projectPath + QStringLiteral(": ") + QString::fromStdString(err);
        return std::nullopt;
    }
    auto projectRow = projectRowsOfDesign(items, expansion.items, rows, projectPath, error);
    if (!projectRow)
        return std::nullopt;
    // As a run with the default options decides (retryFailed), the changed ones as bought again.
    ResumePlan plan(design, items, *projectRow, recorded, ResumeOptions{true, true});
    RemainingDesign out;
    out.expansion.skippedUnlabelledBias = expansion.skippedUnlabelledBias;
    for (const DesignTask& task : expansion.tasks) {
        if (!plan.decide(task).send)
            continue;
        if (out.expansion.items.empty() || out.expansion.items.back() != task.item)
            out.expansion.items.push_back(task.item); // tasks are item-major
        out.expansion.tasks.push_back(task);
        out.expansion.calls += static_cast<std::uint64_t>(callsPerJudgment(design.formats[task.format]));
    }
    out.alreadyRecorded = plan.alreadyRecorded();
    return out;
}

std::optional<std::vector<std::int64_t>> projectRowsOfDesign(const Audit& items,
                                                             const std::vector<std::uint32_t>& designItems,
                                                             const ProjectRunLog::ItemRows& rows,
                                                             const QString& projectPath, QString* error)
{
    std::vector<std::int64_t> projectRow(items.items().size(), -1);
    for (std::uint32_t row : designItems) {
        const std::string dataset(items.str(items.items().dataset[row]));
        const std::string itemId(items.str(items.items().itemId[row]));
        const auto found = rows.find({dataset, itemId});
        if (found == rows.end()) {
            *error = QStringLiteral("%1: item (%2, %3) of the design is not in the project")
                         .arg(projectPath, QString::fromStdString(dataset), QString::fromStdString(itemId));
            return std::nullopt;
        }
        projectRow[row] = found->second;
    }
    return projectRow;
}

RunScheduler::RunScheduler(AuditDesign design, AuditPtr items, QString projectPath, const RunOptions& options,
                           QObject* parent)
    : QObject(parent), m_design(std::move(design)), m_items(std::move(items)),
      m_projectPath(std::move(projectPath)), m_options(options),
      m_jitter(options.jitterSeed != 0
                   ? options.jitterSeed
                   : static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()))
{}

RunScheduler::~RunScheduler()
{
    // The preparing thread reads only its own copies; stop it early and wait, so none outlives the program.
    m_stopPreparing->store(true);
    if (m_preparer)
        m_preparer->wait();
    for (auto& channel : m_channels)
        for (ChatAttempt* attempt : channel->attempts)
            attempt->abort();
}

bool RunScheduler::start(QString* error)
{
    // Only what takes a fixed few milliseconds happens here; reading the project and everything that grows
    // with the design runs in prepare() (docs/performance.md, "Running judges").
    // A key that is not visible ASCII would corrupt or inject request headers: refused before anything is
    // opened or sent (the design was checked when it was loaded, but the environment may have changed).
    for (const JudgeConfig& judge : m_design.judges)
        if (const QString keyError = judge.apiKeyError(); !keyError.isEmpty()) {
            *error = keyError;
            return false;
        }
    std::string err;
    m_log = ProjectRunLog::open(utf8(m_projectPath), &err);
    if (!m_log) {
        *error = QString::fromStdString(err);
        return false;
    }
    for (std::size_t j = 0; j < m_design.judges.size(); ++j) {
        m_keys.push_back(m_design.judges[j].apiKey());
        auto channel = std::make_unique<Channel>();
        channel->judge = static_cast<int>(j);
        channel->wake.setSingleShot(true);
        Channel* raw = channel.get();
        connect(&channel->wake, &QTimer::timeout, this, [this, raw] { dispatch(*raw); });
        m_channels.push_back(std::move(channel));
    }
    m_running = true;
    m_clock.start();
    // The preparing thread works on copies (the design, the shared immutable items) and a read connection
    // of its own (Qt Sql connections belong to their thread); its big temporaries (the recorded hashes, the
    // expansion) are freed there too. finished() is never emitted inside start().
    auto prepared = std::make_shared<Prepared>();
    m_preparer = QThread::create(
        [prepared, design = m_design, items = m_items, path = m_projectPath,
         resume = ResumeOptions{m_options.retryFailed, m_options.rerunChanged},
         stopFlag = m_stopPreparing] { prepare(design, *items, path, resume, *stopFlag, *prepared); });
    connect(m_preparer, &QThread::finished, this, [this, prepared] { onPrepared(std::move(*prepared)); });
    connect(m_preparer, &QThread::finished, m_preparer, &QObject::deleteLater);
    m_preparer->start();
    return true;
}

void RunScheduler::prepare(const AuditDesign& design, const Audit& items, const QString& projectPath,
                           ResumeOptions resume, const std::atomic<bool>& stop, Prepared& out)
{
    if (stop.load())
        return;
    ProjectRunLog::Recorded recorded;
    ProjectRunLog::ItemRows rows;
    std::string err;
    if (!ProjectRunLog::readResumeState(utf8(projectPath), &recorded, &rows, &stop, &err)) {
        if (!stop.load())
            out.error = projectPath + QStringLiteral(": ") + QString::fromStdString(err);
        return;
    }
    const DesignExpansion expansion = expandDesign(design, items);
    if (stop.load())
        return;
    auto projectRows = projectRowsOfDesign(items, expansion.items, rows, projectPath, &out.error);
    if (!projectRows)
        return;
    out.projectRow = std::move(*projectRows);
    out.judgments = expansion.tasks.size();
    out.calls = expansion.calls;
    findUnrecorded(design, items, expansion.tasks, recorded, resume, projectPath, stop, out);
    if (!out.error.isEmpty() || stop.load())
        return;
    out.queues.resize(design.judges.size());
    for (std::uint32_t index = 0; index < out.pending.size(); ++index) {
        const Pending& pending = out.pending[index];
        for (int call = 0; call < pending.remaining; ++call) {
            CallRef ref;
            ref.pending = index;
            ref.call = call;
            out.queues[pending.task.judge].push_back(ref);
        }
        out.toSend += static_cast<std::uint64_t>(pending.remaining);
    }
}

void RunScheduler::findUnrecorded(const AuditDesign& design, const Audit& items,
                                  const std::vector<DesignTask>& tasks,
                                  const ProjectRunLog::Recorded& recorded, ResumeOptions resume,
                                  const QString& projectPath, const std::atomic<bool>& stop, Prepared& out)
{
    // Judgments are found by their identity; only those the project holds are hashed (their ask is compared
    // with the recorded one), so a fresh run starts at once and the requests are hashed as they are built.
    ResumePlan plan(design, items, out.projectRow, recorded, resume);
    for (std::size_t t = 0; t < tasks.size(); ++t) {
        if (t % 4096 == 0 && stop.load(std::memory_order_relaxed))
            return;
        const DesignTask& task = tasks[t];
        const ResumeDecision decision = plan.decide(task);
        if (!decision.send)
            continue;
        const int calls = callsPerJudgment(design.formats[task.format]);
        Pending pending;
        pending.task = task;
        pending.hashes.resize(static_cast<std::size_t>(calls));
        pending.replacesSeq = decision.replacesSeq;
        pending.results.resize(static_cast<std::size_t>(calls));
        pending.remaining = calls;
        out.pending.push_back(std::move(pending));
    }
    out.alreadyRecorded = plan.alreadyRecorded();
    out.unverified = plan.unverified();
    out.rerun = plan.rerun();
    out.changed = plan.changed();
    // Nothing is sent while recorded judgments and the design disagree about what was asked: buying them
    // again is the caller's choice (ResumeOptions::rerunChanged).
    if (const QString refusal = plan.refusal(projectPath); !refusal.isEmpty())
        out.error = refusal + QStringLiteral("; nothing was sent");
}

void RunScheduler::onPrepared(Prepared prepared)
{
    m_preparer = nullptr;
    if (!m_running)
        return; // cancelled while preparing
    if (!prepared.error.isEmpty()) {
        m_counts.changed = prepared.changed;
        stop(false, prepared.error);
        return;
    }
    // Written only now, so a design that does not fit the project leaves it as it was.
    QString error;
    if (!writeJudgeConfigs(&error)) {
        stop(false, error);
        return;
    }
    m_projectRow = std::move(prepared.projectRow);
    m_pending = std::move(prepared.pending);
    for (auto& channel : m_channels)
        channel->queue = std::move(prepared.queues[static_cast<std::size_t>(channel->judge)]);
    m_counts.judgments = prepared.judgments;
    m_counts.calls = prepared.calls;
    m_counts.alreadyRecorded = prepared.alreadyRecorded;
    m_counts.unverified = prepared.unverified;
    m_counts.rerun = prepared.rerun;
    m_counts.toSend = prepared.toSend;
    m_open = m_pending.size();
    m_prepared = true;
    emit ready(m_counts);
    reportProgress(true);
    for (auto& channel : m_channels)
        dispatch(*channel);
    maybeFinish();
}

bool RunScheduler::writeJudgeConfigs(QString* error)
{
    for (const JudgeConfig& judge : m_design.judges) {
        std::string err;
        const QString config = compactJson(judgeConfigToJson(judge));
        if (!m_log->putJudge(utf8(judge.name), utf8(config), &err)) {
            *error = m_projectPath + QStringLiteral(": ") + QString::fromStdString(err);
            return false;
        }
    }
    return true;
}

void RunScheduler::cancel()
{
    if (m_running)
        stop(true, QString());
}

void RunScheduler::dispatch(Channel& channel)
{
    if (!m_running)
        return;
    const JudgeConfig& judge = m_design.judges[static_cast<std::size_t>(channel.judge)];
    while (!channel.queue.empty() && channel.inFlight < judge.requestsInFlight) {
        const qint64 now = m_clock.elapsed();
        const qint64 ready = std::max(channel.nextSendMs, channel.pausedUntilMs);
        if (now < ready) {
            if (!channel.wake.isActive() || channel.wake.remainingTime() > ready - now)
                channel.wake.start(static_cast<int>(ready - now));
            return;
        }
        if (judge.requestsPerSecond > 0)
            channel.nextSendMs = now + static_cast<qint64>(std::ceil(1000.0 / judge.requestsPerSecond));
        const CallRef ref = channel.queue.front();
        channel.queue.pop_front();
        send(channel, ref);
    }
}

void RunScheduler::send(Channel& channel, CallRef ref)
{
    Pending& pending = m_pending[ref.pending];
    const JudgeConfig& judge = m_design.judges[static_cast<std::size_t>(channel.judge)];
    const ChatRequest request = requestOf(m_design, *m_items, pending.task, ref.call);
    QString& hash = pending.hashes[static_cast<std::size_t>(ref.call)];
    if (hash.isEmpty())
        hash = taskCallHash(m_design, request, pending.task);
    if (ref.call == 0 && pending.askHash.isEmpty())
        pending.askHash = askHash(request);
    auto* attempt = new ChatAttempt(&m_network, this);
    channel.attempts.push_back(attempt);
    ++channel.inFlight;
    ++m_counts.inFlight;
    connect(attempt, &ChatAttempt::finished, this,
            [this, &channel, ref, attempt](const AttemptResult& result) {
                onAttempt(channel, ref, attempt, result);
            });
    attempt->start(judge.completionsUrl(), chatRequestBody(request),
                   m_keys[static_cast<std::size_t>(channel.judge)], judge.timeoutS,
                   m_options.maxResponseBytes);
}

void RunScheduler::onAttempt(Channel& channel, CallRef ref, ChatAttempt* attempt, const AttemptResult& result)
{
    channel.attempts.erase(std::find(channel.attempts.begin(), channel.attempts.end(), attempt));
    attempt->deleteLater();
    --channel.inFlight;
    --m_counts.inFlight;
    if (!m_running)
        return;
    ++ref.attempt;
    Pending& pending = m_pending[ref.pending];
    const JudgeConfig& judge = m_design.judges[static_cast<std::size_t>(channel.judge)];
    if (result.kind == AttemptResult::Kind::Answered) {
        ++m_counts.answered;
        if (result.tokensIn >= 0 && result.tokensOut >= 0)
            m_counts.spendUsd += judge.costUsd(result.tokensIn, result.tokensOut);
        pending.results[static_cast<std::size_t>(ref.call)] = result;
        --pending.remaining;
    } else if (result.kind == AttemptResult::Kind::Retryable && ref.attempt <= judge.maxRetries) {
        retryLater(channel, ref, result);
    } else {
        ++m_counts.failed;
        m_counts.failures.add(failureReason(result.error, judge.completionsUrl()));
        if (!pending.failed) {
            pending.failed = true;
            pending.failure =
                ref.attempt > 1 ? QStringLiteral("%1 (after %2 attempts)").arg(result.error).arg(ref.attempt)
                                : result.error;
        }
        --pending.remaining;
    }
    if (pending.remaining == 0 && !pending.written)
        complete(pending);
    if (!m_running)
        return;
    dispatch(channel);
    reportProgress(false);
    maybeFinish();
}

void RunScheduler::retryLater(Channel& channel, CallRef ref, const AttemptResult& result)
{
    ++m_counts.retried;
    double delayS;
    if (result.retryAfterS >= 0) {
        delayS = std::min(result.retryAfterS, m_options.maxRetryAfterS);
        if (result.httpStatus == 429) // the server asks everyone to slow down
            channel.pausedUntilMs =
                std::max(channel.pausedUntilMs, m_clock.elapsed() + static_cast<qint64>(delayS * 1000));
    } else {
        const double exponential = m_options.backoffBaseS * std::pow(2.0, ref.attempt - 1);
        std::uniform_real_distribution<double> jitter(0.5, 1.0);
        delayS = std::min(exponential, m_options.maxBackoffS) * jitter(m_jitter);
    }
    ++channel.waiting;
    QTimer::singleShot(static_cast<int>(std::ceil(delayS * 1000.0)), this, [this, &channel, ref] {
        --channel.waiting;
        if (!m_running)
            return;
        channel.queue.push_front(ref);
        dispatch(channel);
    });
}

void RunScheduler::complete(Pending& pending)
{
    pending.written = true;
    --m_open;
    const DesignTask& task = pending.task;
    CallOutcomes outcomes;
    outcomes.hashes = pending.hashes;
    outcomes.askHash = pending.askHash;
    outcomes.results = pending.results;
    outcomes.failed = pending.failed;
    outcomes.failure = pending.failure;
    RunJudgmentRow row =
        judgmentRowOf(m_design, *m_items, task, m_projectRow[task.item], outcomes, m_keys[task.judge]);
    row.replacesSeq = pending.replacesSeq;
    if (!pending.failed && row.answer.empty())
        ++m_counts.unparsed;
    std::string err;
    if (!m_log->append(row, &err)) {
        stop(false,
             m_projectPath + QStringLiteral(": cannot write a judgment: ") + QString::fromStdString(err));
        return;
    }
    ++m_counts.written;
}

void RunScheduler::maybeFinish()
{
    if (!m_running || m_open != 0)
        return;
    stop(false, QString());
}

void RunScheduler::stop(bool cancelled, const QString& error)
{
    m_running = false;
    m_stopPreparing->store(true);
    for (auto& channel : m_channels) {
        channel->wake.stop();
        for (ChatAttempt* attempt : channel->attempts) {
            attempt->abort();
            attempt->deleteLater();
        }
        m_counts.inFlight -= static_cast<std::uint64_t>(channel->inFlight);
        channel->inFlight = 0;
        channel->attempts.clear();
        channel->queue.clear();
    }
    QString finalError = error;
    if (m_log) {
        std::string err;
        if (!m_log->close(&err) && finalError.isEmpty())
            finalError = m_projectPath + QStringLiteral(": ") + QString::fromStdString(err);
        m_log.reset();
    }
    if (m_prepared) // before ready() every count is 0: nothing to report
        reportProgress(true);
    emit finished(cancelled, finalError);
}

void RunScheduler::reportProgress(bool force)
{
    const qint64 now = m_clock.isValid() ? m_clock.elapsed() : 0;
    if (!force && m_lastProgressMs >= 0 && now - m_lastProgressMs < 100)
        return;
    m_lastProgressMs = now;
    emit progress(m_counts);
}

bool createRunProject(const QString& projectPath, const Audit& items, const AuditDesign& design,
                      QString* error)
{
    if (QFileInfo::exists(projectPath)) {
        *error = projectPath + QStringLiteral(": exists already");
        return false;
    }
    AuditBuilder builder(items);
    builder.truncateJudgments(0);
    ImportLog log;
    const AuditPtr itemsOnly = builder.build(log);
    ProjectExtras extras;
    for (const auto& judge : design.judges)
        extras.judges[utf8(judge.name)] = utf8(compactJson(judgeConfigToJson(judge)));
    extras.settings["run.design"] = utf8(compactJson(designToJson(design)));
    std::string err;
    if (!itemsOnly || !ProjectFile::save(utf8(projectPath), *itemsOnly, extras, &err)) {
        *error = QString::fromStdString(err.empty() ? utf8(projectPath) + ": cannot build the items" : err);
        return false;
    }
    return true;
}

} // namespace tribunal
