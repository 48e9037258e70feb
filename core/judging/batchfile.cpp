#include "batchfile.h"

#include "chatattempt.h"
#include "chatrequest.h"
#include "io/outputfile.h"
#include "io/project/projectrunlog.h"
#include "judgmentidentity.h"
#include "judgmentrow.h"
#include "runscheduler.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <array>
#include <cstring>
#include <map>
#include <memory>
#include <unordered_map>
#include <unordered_set>

namespace tribunal {
namespace {

const QByteArray kChatUrl = QByteArrayLiteral("/v1/chat/completions");

std::string utf8(const QString& text)
{
    return text.toStdString();
}

/// A request hash as 32 bytes: the index of a million-request design stays small.
using HashKey = std::array<unsigned char, 32>;

struct HashKeyHasher {
    std::size_t operator()(const HashKey& key) const noexcept
    {
        std::size_t value = 0; // SHA-256 bytes are uniform: the first eight are a good hash
        std::memcpy(&value, key.data(), sizeof value);
        return value;
    }
};

/// The key of a 64-digit lower- or upper-case hex hash; nullopt for anything else.
std::optional<HashKey> keyOf(const QString& hex)
{
    if (hex.size() != 64)
        return std::nullopt;
    HashKey key{};
    for (int i = 0; i < 64; ++i) {
        const char16_t c = hex[i].unicode();
        int digit = -1;
        if (c >= u'0' && c <= u'9')
            digit = c - u'0';
        else if (c >= u'a' && c <= u'f')
            digit = c - u'a' + 10;
        else if (c >= u'A' && c <= u'F')
            digit = c - u'A' + 10;
        if (digit < 0)
            return std::nullopt;
        auto& byte = key[static_cast<std::size_t>(i / 2)];
        byte = static_cast<unsigned char>(i % 2 == 0 ? digit << 4 : byte | digit);
    }
    return key;
}

// --- writing
// ------------------------------------------------------------------------------------------------

/// Writes lines into numbered files, rolling over at the limits (see writeBatchInput). Each file goes through
/// the output policy (io/outputfile.h): a temporary file renamed into place once complete, symbolic links
/// followed, read-only files refused, a FIFO or device written in place (it cannot be split).
class SplitWriter {
public:
    SplitWriter(QString outPath, const BatchWriteOptions& options)
        : m_outPath(std::move(outPath)), m_options(options)
    {
        m_stem = m_outPath.endsWith(QStringLiteral(".jsonl"), Qt::CaseInsensitive) ? m_outPath.chopped(6)
                                                                                   : m_outPath;
    }

    bool open(QString* error) { return openFile(m_outPath, error); }

    /// Starts a new file first when `lines` lines of `bytes` bytes do not fit the current, non-empty one.
    bool reserve(std::int64_t lines, std::int64_t bytes, QString* error)
    {
        if (m_lines == 0)
            return true;
        if (m_lines + lines <= m_options.maxRequestsPerFile && m_bytes + bytes <= m_options.maxBytesPerFile)
            return true;
        return rollOver(error);
    }

    bool write(const QByteArray& line, QString* error)
    {
        if (!reserve(1, line.size(), error))
            return false;
        std::string err;
        if (!m_file.write(std::string_view(line.constData(), static_cast<std::size_t>(line.size())), &err)) {
            *error = QString::fromStdString(err);
            return false;
        }
        ++m_lines;
        m_bytes += line.size();
        return true;
    }

    bool close(QString* error)
    {
        std::string err;
        if (!m_file.commit(&err)) {
            *error = QString::fromStdString(err);
            return false;
        }
        return true;
    }

    const QStringList& files() const { return m_files; }

private:
    QString numbered(int index) const
    {
        return m_stem + QStringLiteral(".%1.jsonl").arg(index, 3, 10, QLatin1Char('0'));
    }

    bool openFile(const QString& path, QString* error)
    {
        std::string err;
        if (!m_file.open(path.toStdString(), &err)) {
            *error = QString::fromStdString(err);
            return false;
        }
        m_files.append(path);
        m_lines = 0;
        m_bytes = 0;
        return true;
    }

    bool rollOver(QString* error)
    {
        std::string err;
        if (m_files.size() == 1) {
            // The first file was begun under the plain name while one file seemed enough: it becomes the
            // first numbered file, and the plain name is never written.
            const QString first = numbered(1);
            if (m_file.target().kind == OutputKind::Stream) {
                *error = m_outPath +
                         QStringLiteral(": the requests need more than one file, and a FIFO or "
                                        "device cannot become ") +
                         first + QStringLiteral("; name a regular file, or raise the limits per file");
                return false;
            }
            if (!m_file.retarget(first.toStdString(), &err)) {
                *error = QString::fromStdString(err);
                return false;
            }
            m_files[0] = first;
        }
        if (!close(error))
            return false;
        return openFile(numbered(static_cast<int>(m_files.size()) + 1), error);
    }

    QString m_outPath, m_stem;
    BatchWriteOptions m_options;
    OutputFile m_file;
    QStringList m_files;
    std::int64_t m_lines = 0, m_bytes = 0;
};

bool readRecorded(const QString& projectPath, ProjectRunLog::Recorded* recorded,
                  ProjectRunLog::ItemRows* rows, QString* error)
{
    std::string err;
    auto log = ProjectRunLog::open(utf8(projectPath), &err);
    if (!log || !log->recorded(recorded, &err) || !log->itemRows(rows, &err) || !log->close(&err)) {
        *error = err.rfind(utf8(projectPath), 0) == 0
                     ? QString::fromStdString(err)
                     : projectPath + QStringLiteral(": ") + QString::fromStdString(err);
        return false;
    }
    return true;
}

// --- importing
// ----------------------------------------------------------------------------------------------

/// One call of the design, found by its hash.
struct IndexEntry {
    HashKey hash{};
    std::uint32_t task = 0;
    std::uint8_t call = 0;
};

/// Where a custom_id was first seen in this import.
struct Seen {
    std::int32_t file = -1;
    std::uint32_t line = 0;
};

/// The outcome of one output line for one call.
struct CallOutcome {
    std::uint32_t task = 0;
    int call = 0;
    AttemptResult result;
    bool failed = false;
};

struct PendingJudgment {
    std::vector<AttemptResult> results;
    std::vector<QString> failures; ///< per call, "" = not failed
    std::vector<bool> received;
    int remaining = 0;
};

QString bodyMessage(const QJsonValue& body)
{
    const QJsonObject object = body.toObject();
    const QJsonValue error = object.value(QStringLiteral("error"));
    if (error.isObject() && error.toObject().value(QStringLiteral("message")).isString())
        return error.toObject().value(QStringLiteral("message")).toString();
    if (error.isString())
        return error.toString();
    if (object.value(QStringLiteral("message")).isString())
        return object.value(QStringLiteral("message")).toString();
    if (body.isString())
        return body.toString().left(300);
    if (body.isObject())
        return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact)).left(300);
    return QString();
}

QString jsonText(const QJsonValue& value)
{
    if (value.isString())
        return value.toString();
    if (value.isDouble())
        return QString::number(value.toDouble());
    if (value.isNull() || value.isUndefined())
        return QString();
    return QString::fromUtf8(QJsonDocument::fromVariant(value.toVariant()).toJson(QJsonDocument::Compact));
}

/// Reads one output line into `outcome`'s result and failure flag; an empty return means the line is good,
/// else it is "<field>: <reason>".
QString readOutcome(const QJsonObject& line, AttemptResult* result, bool* failed)
{
    const QJsonValue error = line.value(QStringLiteral("error"));
    if (!error.isNull() && !error.isUndefined()) {
        if (!error.isObject())
            return QStringLiteral("error: not an object or null");
        const QJsonObject object = error.toObject();
        result->kind = AttemptResult::Kind::Fatal;
        result->error = QStringLiteral("batch: %1: %2")
                            .arg(jsonText(object.value(QStringLiteral("code"))),
                                 jsonText(object.value(QStringLiteral("message"))));
        *failed = true;
        return QString();
    }
    const QJsonValue responseValue = line.value(QStringLiteral("response"));
    if (responseValue.isNull() || responseValue.isUndefined())
        return QStringLiteral("response: missing (and no error)");
    if (!responseValue.isObject())
        return QStringLiteral("response: not an object");
    const QJsonObject response = responseValue.toObject();
    const QJsonValue status = response.value(QStringLiteral("status_code"));
    if (!status.isDouble() || status.toDouble() != static_cast<double>(status.toInt()))
        return QStringLiteral("response.status_code: missing or not a whole number");
    const QJsonValue body = response.value(QStringLiteral("body"));
    if (status.toInt() != 200) {
        result->kind = AttemptResult::Kind::Fatal;
        result->httpStatus = status.toInt();
        result->error = QStringLiteral("batch: %1: %2").arg(status.toInt()).arg(bodyMessage(body));
        *failed = true;
        return QString();
    }
    if (!body.isObject())
        return QStringLiteral("response.body: not an object");
    *result = ChatAttempt::parseCompletion(QJsonDocument(body.toObject()).toJson(QJsonDocument::Compact));
    result->httpStatus = 200;
    if (result->kind != AttemptResult::Kind::Answered) {
        // A 200 without an answer: the live run would retry it and then record the failure.
        result->error = QStringLiteral("batch: 200: ") + result->error;
        *failed = true;
    }
    return QString();
}

} // namespace

std::optional<BatchWriteCounts> writeBatchInput(const AuditDesign& design, const Audit& items,
                                                const QString& outPath, const BatchWriteOptions& options,
                                                QString* error)
{
    if (options.maxRequestsPerFile <= 0 || options.maxBytesPerFile <= 0) {
        *error = QStringLiteral("batch limits must be positive");
        return std::nullopt;
    }
    int judgeFilter = -1;
    if (!options.judge.isEmpty()) {
        for (std::size_t j = 0; j < design.judges.size(); ++j)
            if (design.judges[j].name == options.judge)
                judgeFilter = static_cast<int>(j);
        if (judgeFilter < 0) {
            *error = QStringLiteral("judge '%1' is not in the design").arg(options.judge);
            return std::nullopt;
        }
    }
    ProjectRunLog::Recorded recorded;
    ProjectRunLog::ItemRows rows;
    // A project that does not exist yet has recorded nothing: `batch write --project P` before the first
    // `batch import -o P` is the normal order.
    if (!options.projectPath.isEmpty() && QFileInfo::exists(options.projectPath) &&
        !readRecorded(options.projectPath, &recorded, &rows, error))
        return std::nullopt;
    const DesignExpansion expansion = expandDesign(design, items);
    std::vector<std::int64_t> projectRow(items.items().size(), -1);
    if (!recorded.judgments.empty()) {
        auto mapped = projectRowsOfDesign(items, expansion.items, rows, options.projectPath, error);
        if (!mapped)
            return std::nullopt;
        projectRow = std::move(*mapped);
    }
    // The same decisions as a resumed live run (judgmentidentity.h), refusals included, before a file is
    // written.
    ResumePlan plan(design, items, projectRow, recorded,
                    ResumeOptions{options.retryFailed, options.rerunChanged});
    std::vector<char> send(expansion.tasks.size(), 1);
    for (std::size_t t = 0; t < expansion.tasks.size(); ++t)
        if (judgeFilter < 0 || expansion.tasks[t].judge == judgeFilter)
            send[t] = plan.decide(expansion.tasks[t]).send ? 1 : 0;
    if (const QString refusal = plan.refusal(options.projectPath); !refusal.isEmpty()) {
        *error = refusal + QStringLiteral("; no file was written");
        return std::nullopt;
    }

    BatchWriteCounts counts;
    counts.alreadyRecorded = plan.alreadyRecorded();
    SplitWriter writer(outPath, options);
    if (!writer.open(error))
        return std::nullopt;
    std::unordered_set<HashKey, HashKeyHasher> written;
    std::vector<QByteArray> lines;
    for (std::size_t t = 0; t < expansion.tasks.size(); ++t) {
        const DesignTask& task = expansion.tasks[t];
        if (judgeFilter >= 0 && task.judge != judgeFilter)
            continue;
        ++counts.judgments;
        if (send[t] == 0)
            continue;
        const int calls = callsPerJudgment(design.formats[task.format]);
        lines.clear();
        std::int64_t bytes = 0;
        for (int call = 0; call < calls; ++call) {
            const ChatRequest request = requestOf(design, items, task, call);
            const QString hash = taskCallHash(design, request, task);
            if (!written.insert(*keyOf(hash)).second) {
                ++counts.sharedRequests;
                continue;
            }
            // chatRequestBody is one compact JSON object, so its bytes go into the line as they are: the
            // engine receives exactly the body a live run sends (and hashes).
            QByteArray line = QByteArrayLiteral("{\"custom_id\":\"") + hash.toLatin1() +
                              QByteArrayLiteral("\",\"method\":\"POST\",\"url\":\"") + kChatUrl +
                              QByteArrayLiteral("\",\"body\":") + chatRequestBody(request) +
                              QByteArrayLiteral("}\n");
            bytes += line.size();
            lines.push_back(std::move(line));
        }
        // The calls of one judgment go into one file when they fit, so each output file completes its
        // judgments.
        if (!writer.reserve(static_cast<std::int64_t>(lines.size()), bytes, error))
            return std::nullopt;
        for (const QByteArray& line : lines) {
            if (!writer.write(line, error))
                return std::nullopt;
            ++counts.requests;
        }
    }
    if (!writer.close(error))
        return std::nullopt;
    counts.files = writer.files();
    return counts;
}

std::optional<BatchImportCounts> importBatchOutput(const AuditDesign& design, const Audit& items,
                                                   const QString& projectPath, const QStringList& outputFiles,
                                                   const BatchImportOptions& options, QString* error)
{
    const DesignExpansion expansion = expandDesign(design, items);
    // custom_id -> (task, call), built once: sorted by hash, so equal requests of different tasks (one line
    // answers them all) sit side by side.
    std::vector<IndexEntry> index;
    index.reserve(static_cast<std::size_t>(expansion.calls));
    for (std::uint32_t t = 0; t < expansion.tasks.size(); ++t) {
        const DesignTask& task = expansion.tasks[t];
        for (int call = 0; call < callsPerJudgment(design.formats[task.format]); ++call) {
            IndexEntry entry;
            entry.hash = *keyOf(taskCallHash(design, requestOf(design, items, task, call), task));
            entry.task = t;
            entry.call = static_cast<std::uint8_t>(call);
            index.push_back(entry);
        }
    }
    std::sort(index.begin(), index.end(), [](const IndexEntry& a, const IndexEntry& b) {
        return a.hash != b.hash ? a.hash < b.hash : a.task != b.task ? a.task < b.task : a.call < b.call;
    });
    std::vector<Seen> seen(index.size());

    if (!QFileInfo::exists(projectPath) && !createRunProject(projectPath, items, design, error))
        return std::nullopt;
    std::string err;
    auto log = ProjectRunLog::open(utf8(projectPath), &err);
    ProjectRunLog::Recorded recorded;
    std::map<std::pair<std::string, std::string>, std::int64_t> rows;
    const auto projectError = [&] {
        *error = projectPath + QStringLiteral(": ") + QString::fromStdString(err);
        return std::nullopt;
    };
    if (!log) {
        *error = QString::fromStdString(err);
        return std::nullopt;
    }
    if (!log->recorded(&recorded, &err) || !log->itemRows(&rows, &err))
        return projectError();
    const auto projectRow = projectRowsOfDesign(items, expansion.items, rows, projectPath, error);
    if (!projectRow)
        return std::nullopt;
    std::vector<QByteArray> keys; // only to redact a key an answer might echo, as the live run does
    for (const JudgeConfig& judge : design.judges) {
        keys.push_back(judge.apiKey());
        const QByteArray config = QJsonDocument(judgeConfigToJson(judge)).toJson(QJsonDocument::Compact);
        if (!log->putJudge(utf8(judge.name), config.toStdString(), &err))
            return projectError();
    }

    BatchImportCounts counts;
    std::unordered_map<std::uint32_t, PendingJudgment> pending;
    const auto complete = [&](std::uint32_t t, PendingJudgment& judgment) -> bool {
        const DesignTask& task = expansion.tasks[t];
        CallOutcomes outcomes;
        for (int call = 0; call < static_cast<int>(judgment.results.size()); ++call)
            outcomes.hashes.push_back(taskCallHash(design, requestOf(design, items, task, call), task));
        outcomes.results = std::move(judgment.results);
        for (const QString& failure : judgment.failures)
            if (!failure.isEmpty() && !outcomes.failed) {
                outcomes.failed = true;
                outcomes.failure = failure;
            }
        outcomes.askHash = askHash(requestOf(design, items, task, 0));
        RunJudgmentRow row =
            judgmentRowOf(design, items, task, (*projectRow)[task.item], outcomes, keys[task.judge]);
        // By identity (judgmentidentity.h): an answer asked as the design asks it is final, so importing the
        // same file again writes nothing; a failure is replaced only by an answer; an answer asked otherwise
        // (or one without an ask hash) is replaced by the output's, which answers the design's own request
        // (custom_id): importing it is buying it again.
        if (const auto found = recorded.judgments.find(judgmentKey(row)); found != recorded.judgments.end()) {
            const ProjectRunLog::RecordedJudgment& before = found->second;
            const bool same = before.askHash.empty() || before.askHash == row.askHash;
            if ((!before.failed && same) || (before.failed && outcomes.failed)) {
                ++counts.alreadyRecorded;
                return true;
            }
            row.replacesSeq = before.seq;
        }
        if (!log->append(row, &err)) {
            *error =
                projectPath + QStringLiteral(": cannot write a judgment: ") + QString::fromStdString(err);
            return false;
        }
        // `recorded` stays the project's state before the import, as in a live run; two judgments with the
        // same request (duplicate items) are two identities and both get their row.
        if (outcomes.failed)
            ++counts.failureRows;
        else if (row.answer.empty())
            ++counts.unparsed;
        ++counts.written;
        return true;
    };

    for (int f = 0; f < outputFiles.size(); ++f) {
        const QString& path = outputFiles[f];
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            *error = path + QStringLiteral(": ") + file.errorString();
            return std::nullopt;
        }
        // The file's outcomes are collected first and written once the whole file is read, so a bad line
        // (without skipBad) leaves nothing of this file in the project.
        std::vector<CallOutcome> staged;
        std::uint32_t lineNo = 0;
        while (!file.atEnd()) {
            const QByteArray raw = file.readLine();
            ++lineNo;
            if (raw.trimmed().isEmpty())
                continue;
            ++counts.lines;
            QString bad;
            const auto located = [&](const QString& reason) {
                return QStringLiteral("%1:%2: %3").arg(path).arg(lineNo).arg(reason);
            };
            QJsonParseError parseError;
            const QJsonDocument document = QJsonDocument::fromJson(raw, &parseError);
            const QJsonObject line = document.object();
            const QJsonValue customId = line.value(QStringLiteral("custom_id"));
            std::optional<HashKey> key;
            auto range = std::make_pair(index.end(), index.end());
            AttemptResult result;
            bool failed = false;
            if (parseError.error != QJsonParseError::NoError || !document.isObject()) {
                bad = QStringLiteral("line: not a JSON object");
            } else if (!customId.isString()) {
                bad = QStringLiteral("custom_id: missing or not a string");
            } else {
                key = keyOf(customId.toString());
                if (key) {
                    IndexEntry probe;
                    probe.hash = *key;
                    range = std::equal_range(
                        index.begin(), index.end(), probe,
                        [](const IndexEntry& a, const IndexEntry& b) { return a.hash < b.hash; });
                }
                if (range.first == range.second) {
                    bad = QStringLiteral("custom_id: not a request of this design");
                } else {
                    Seen& first = seen[static_cast<std::size_t>(range.first - index.begin())];
                    if (first.file >= 0) {
                        bad = QStringLiteral("custom_id: duplicate of %1:%2")
                                  .arg(outputFiles[first.file])
                                  .arg(first.line);
                    } else {
                        bad = readOutcome(line, &result, &failed);
                        if (bad.isEmpty()) {
                            first.file = f;
                            first.line = lineNo;
                        }
                    }
                }
            }
            if (!bad.isEmpty()) {
                if (!options.skipBad) {
                    *error = located(bad);
                    return std::nullopt;
                }
                counts.badLines.append(located(bad));
                continue;
            }
            ++(failed ? counts.failedCalls : counts.answeredCalls);
            for (auto it = range.first; it != range.second; ++it) {
                CallOutcome outcome;
                outcome.task = it->task;
                outcome.call = it->call;
                outcome.result = result;
                outcome.failed = failed;
                staged.push_back(std::move(outcome));
            }
        }
        for (CallOutcome& outcome : staged) {
            PendingJudgment& judgment = pending[outcome.task];
            if (judgment.results.empty()) {
                const int calls = callsPerJudgment(design.formats[expansion.tasks[outcome.task].format]);
                judgment.results.resize(static_cast<std::size_t>(calls));
                judgment.failures.resize(static_cast<std::size_t>(calls));
                judgment.received.assign(static_cast<std::size_t>(calls), false);
                judgment.remaining = calls;
            }
            const auto call = static_cast<std::size_t>(outcome.call);
            if (judgment.received[call])
                continue; // cannot happen: each hash is taken once per import
            judgment.received[call] = true;
            if (outcome.failed)
                judgment.failures[call] = outcome.result.error;
            judgment.results[call] = std::move(outcome.result);
            if (--judgment.remaining == 0) {
                if (!complete(outcome.task, judgment))
                    return std::nullopt;
                pending.erase(outcome.task);
            }
        }
    }
    counts.incomplete = pending.size();
    if (!log->close(&err))
        return projectError();
    return counts;
}

} // namespace tribunal
