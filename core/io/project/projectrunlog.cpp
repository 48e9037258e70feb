#include "io/project/projectrunlog.h"

#include "io/project/projectconnection.h"
#include "io/project/projectfile.h"
#include "io/project/projectlock.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlQuery>

namespace tribunal {
namespace {

QVariant textOrNull(const std::string& text)
{
    return text.empty() ? QVariant() : QVariant(toQString(text));
}

QVariant numberOrNull(double value)
{
    return isMissing(value) ? QVariant() : QVariant(value);
}

QVariant countOrNull(std::int64_t value)
{
    return value == kMissingCount ? QVariant() : QVariant(static_cast<qlonglong>(value));
}

std::string extraOf(const RunJudgmentRow& row)
{
    QJsonObject extra{{QStringLiteral("request_hash"), toQString(row.requestHash)}};
    if (row.callHashes.size() > 1) {
        QJsonArray calls;
        for (const auto& hash : row.callHashes)
            calls.append(toQString(hash));
        extra.insert(QStringLiteral("call_hashes"), calls);
    }
    if (!row.askHash.empty())
        extra.insert(QStringLiteral("ask_hash"), toQString(row.askHash));
    if (row.runFailure)
        extra.insert(QStringLiteral("run_failure"), true);
    return QJsonDocument(extra).toJson(QJsonDocument::Compact).toStdString();
}

bool stopped(const std::atomic<bool>* stop)
{
    return stop != nullptr && stop->load(std::memory_order_relaxed);
}

/// ProjectRunLog::recorded on `db`; stops early (false, *error untouched) once *stop is true.
bool readRecorded(QSqlDatabase& db, const std::atomic<bool>* stop, ProjectRunLog::Recorded* out,
                  std::string* error)
{
    // The key is built by SQLite in C (quote() and ||, the same text judgmentKey() builds) and the two
    // fields of extra are picked out by its JSON functions: several times faster than QVariant columns and
    // QJsonDocument per row, which matters when a run of a million requests resumes. json_valid guards
    // imported rows whose extra is not JSON.
    QSqlQuery query(db);
    query.setForwardOnly(true);
    if (!query.exec(QStringLiteral(
            "SELECT seq, quote(item) || ',' || quote(nullif(judge, '')) || ',' || quote(nullif(format, '')) "
            "|| "
            "',' || quote(nullif(condition, '')) || ',' || quote(nullif(ord, '')) || ',' || quote(rep) || "
            "',' "
            "|| quote(nullif(test, '')) || ',' || quote(nullif(version, '')) || ',' || quote(nullif(variant, "
            "'')) || ',' || quote(nullif(cue_on, '')), CASE WHEN json_valid(extra) THEN json_extract(extra, "
            "'$.run_failure') END, CASE WHEN json_valid(extra) THEN json_extract(extra, '$.ask_hash') END "
            "FROM judgments ORDER BY seq"))) {
        *error = sqlErrorText(query.lastError());
        return false;
    }
    while (query.next()) {
        if (stopped(stop))
            return false;
        ProjectRunLog::RecordedJudgment judgment;
        judgment.seq = query.value(0).toLongLong();
        judgment.failed = query.value(2).toInt() == 1;
        judgment.askHash = toUtf8(query.value(3));
        // The first row of an identity is the one a run replaces; a second (a project written by an older
        // version) stays as it is.
        out->judgments.try_emplace(toUtf8(query.value(1)), std::move(judgment));
    }
    QSqlQuery judges(db);
    judges.setForwardOnly(true);
    if (!judges.exec(QStringLiteral("SELECT name, config FROM judges"))) {
        *error = sqlErrorText(judges.lastError());
        return false;
    }
    while (judges.next())
        out->judgeConfigs[toUtf8(judges.value(0))] = toUtf8(judges.value(1));
    return true;
}

/// ProjectRunLog::itemRows on `db`; stops early (false, *error untouched) once *stop is true.
bool readItemRows(QSqlDatabase& db, const std::atomic<bool>* stop, ProjectRunLog::ItemRows* out,
                  std::string* error)
{
    QSqlQuery query(db);
    query.setForwardOnly(true);
    if (!query.exec(QStringLiteral("SELECT row, dataset, item_id FROM items"))) {
        *error = sqlErrorText(query.lastError());
        return false;
    }
    while (query.next()) {
        if (stopped(stop))
            return false;
        (*out)[{toUtf8(query.value(1)), toUtf8(query.value(2))}] = query.value(0).toLongLong();
    }
    return true;
}

} // namespace

namespace {

/// SQLite's quote() of a text column that stores "" as NULL.
void appendQuoted(std::string& out, const std::string& text)
{
    if (text.empty()) {
        out += "NULL";
        return;
    }
    out += '\'';
    for (char c : text) {
        if (c == '\'')
            out += '\'';
        out += c;
    }
    out += '\'';
}

} // namespace

std::string judgmentKey(const RunJudgmentRow& row)
{
    // Must equal the key readRecorded() has SQLite build, byte for byte (tst_projectrunlog checks both).
    std::string key = std::to_string(row.itemRow);
    for (const std::string* text : {&row.judge, &row.format, &row.conditionJson, &row.order}) {
        key += ',';
        appendQuoted(key, *text);
    }
    key += ',';
    key += std::to_string(row.rep);
    for (const std::string* text : {&row.test, &row.version, &row.variant, &row.cueOn}) {
        key += ',';
        appendQuoted(key, *text);
    }
    return key;
}

ProjectRunLog::ProjectRunLog(std::unique_ptr<ProjectConnection> connection, std::string path,
                             std::unique_ptr<ProjectLock> lock)
    : m_connection(std::move(connection)), m_path(std::move(path)), m_lock(std::move(lock))
{}

ProjectRunLog::~ProjectRunLog()
{
    std::string ignored;
    close(&ignored);
}

std::unique_ptr<ProjectRunLog> ProjectRunLog::open(const std::string& path, std::string* error)
{
    // Taken before the first read, kept until close(): no other writer interleaves with the run's appends.
    std::optional<ProjectLockHolder> holder;
    auto lock = ProjectLock::acquireUnlessHeld(path, "run", &holder);
    if (!lock) {
        *error = ProjectLock::refusalMessage(path, *holder);
        return nullptr;
    }
    if (!ProjectFile::looksLikeProject(path)) {
        *error = path + ": not a Tribunal project (no SQLite header)";
        return nullptr;
    }
    auto connection = std::make_unique<ProjectConnection>(path, ProjectConnection::Mode::ReadWrite);
    if (!connection->ok()) {
        *error = path + ": " + connection->error();
        return nullptr;
    }
    std::string err;
    const auto version = connection->value("SELECT value FROM meta WHERE key = 'schema_version'", &err);
    if (!version) {
        *error = path + ": not a Tribunal project (" + err + ")";
        return nullptr;
    }
    if (version->toInt() != ProjectFile::kSchemaVersion) {
        *error = path + ": schema version " + toUtf8(*version) + ", expected " +
                 std::to_string(ProjectFile::kSchemaVersion) + " (open and save it with this version first)";
        return nullptr;
    }
    // WAL + NORMAL: a commit is durable against a killed process without an fsync per answer (header).
    for (auto pragma : {"PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL", "PRAGMA busy_timeout=5000"})
        if (!connection->exec(pragma, &err)) {
            *error = path + ": " + err;
            return nullptr;
        }
    return std::unique_ptr<ProjectRunLog>(new ProjectRunLog(std::move(connection), path, std::move(lock)));
}

bool ProjectRunLog::recorded(Recorded* out, std::string* error)
{
    return readRecorded(m_connection->db(), nullptr, out, error);
}

bool ProjectRunLog::itemRows(ItemRows* out, std::string* error)
{
    return readItemRows(m_connection->db(), nullptr, out, error);
}

bool ProjectRunLog::readResumeState(const std::string& path, Recorded* recorded, ItemRows* rows,
                                    const std::atomic<bool>* stop, std::string* error)
{
    ProjectConnection connection(path, ProjectConnection::Mode::ReadOnly);
    if (!connection.ok()) {
        *error = connection.error();
        return false;
    }
    return readRecorded(connection.db(), stop, recorded, error) &&
           readItemRows(connection.db(), stop, rows, error);
}

bool ProjectRunLog::append(const RunJudgmentRow& row, std::string* error)
{
    auto& db = m_connection->db();
    if (!db.transaction()) {
        *error = sqlErrorText(db.lastError());
        return false;
    }
    bool ok = true;
    if (row.replacesSeq > 0) {
        // A resumed run's retry of a failure, or a judgment bought again: the new row replaces the old one.
        QSqlQuery remove(db);
        ok = remove.prepare(QStringLiteral("DELETE FROM judgments WHERE seq = ?"));
        if (ok) {
            remove.addBindValue(static_cast<qlonglong>(row.replacesSeq));
            ok = remove.exec();
        }
        if (!ok)
            *error = sqlErrorText(remove.lastError());
    }
    if (ok) {
        QSqlQuery insert(db);
        ok = insert.prepare(QStringLiteral(
            "INSERT INTO judgments(item, judge, format, condition, ord, rep, answer, probs, confidence, "
            "cost_usd, "
            "tokens_in, tokens_out, latency_s, raw, error, test, version, variant, cue_on, extra) VALUES "
            "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"));
        if (ok) {
            const QVariant values[] = {static_cast<qlonglong>(row.itemRow),
                                       textOrNull(row.judge),
                                       textOrNull(row.format),
                                       textOrNull(row.conditionJson),
                                       textOrNull(row.order),
                                       row.rep,
                                       textOrNull(row.answer),
                                       textOrNull(row.probsJson),
                                       numberOrNull(row.confidence),
                                       numberOrNull(row.costUsd),
                                       countOrNull(row.tokensIn),
                                       countOrNull(row.tokensOut),
                                       numberOrNull(row.latencyS),
                                       textOrNull(row.raw),
                                       textOrNull(row.error),
                                       textOrNull(row.test),
                                       textOrNull(row.version),
                                       textOrNull(row.variant),
                                       textOrNull(row.cueOn),
                                       QVariant(toQString(extraOf(row)))};
            for (const auto& value : values)
                insert.addBindValue(value);
            ok = insert.exec();
        }
        if (!ok)
            *error = sqlErrorText(insert.lastError());
    }
    if (ok && !db.commit()) {
        ok = false;
        *error = sqlErrorText(db.lastError());
    }
    if (!ok)
        db.rollback();
    return ok;
}

bool ProjectRunLog::commitOne(const std::string& sql, const std::vector<std::string>& values,
                              std::string* error)
{
    auto& db = m_connection->db();
    QSqlQuery query(db);
    bool ok = query.prepare(toQString(sql));
    if (ok) {
        for (const auto& value : values)
            query.addBindValue(toQString(value));
        ok = query.exec();
    }
    if (!ok)
        *error = sqlErrorText(query.lastError());
    return ok;
}

bool ProjectRunLog::putJudge(const std::string& name, const std::string& configJson, std::string* error)
{
    return commitOne("INSERT OR REPLACE INTO judges(name, config) VALUES (?, ?)", {name, configJson}, error);
}

bool ProjectRunLog::putSetting(const std::string& key, const std::string& value, std::string* error)
{
    return commitOne("INSERT OR REPLACE INTO settings(key, value) VALUES (?, ?)", {key, value}, error);
}

bool ProjectRunLog::close(std::string* error)
{
    if (!m_open)
        return true;
    m_open = false;
    const bool ok = m_connection->exec("PRAGMA wal_checkpoint(TRUNCATE)", error) &&
                    m_connection->exec("PRAGMA journal_mode=DELETE", error);
    m_lock.reset(); // after the last write
    return ok;
}

} // namespace tribunal
