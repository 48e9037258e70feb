// Batch engines (judging/batchfile.h): the Batch API input file carries exactly the live run's requests
// (custom_id = request hash, body = chatRequestBody), splits at the limits without splitting a judgment, and
// leaves out what a project recorded; the output import writes the rows a live run writes (checked against a
// live run on a scripted endpoint answering the same way), failure rows for errors, nothing on a second
// import, and located errors for bad lines.

#include "judging/batchfile.h"
#include "judging/chatrequest.h"
#include "judging/promptformat.h"
#include "judging/runscheduler.h"

#include "../common/judgingfixtures.h"
#include "../common/scriptedhttpserver.h"
#include "io/auditsource.h"
#include "io/project/projectfile.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <map>

using namespace tribunal;

namespace {

const QString kDummyUrl = QStringLiteral("http://127.0.0.1:9/v1"); // nothing is sent

QList<QByteArray> fileLines(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QList<QByteArray> lines = file.readAll().split('\n');
    if (!lines.isEmpty() && lines.back().isEmpty())
        lines.removeLast();
    return lines;
}

QByteArray fileBytes(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(bytes) == bytes.size();
}

/// The (task, call) of every request of a design, by its hash, as a live run computes them.
struct DesignCall {
    DesignTask task;
    int call = 0;
    ChatRequest request;
};
std::map<QString, DesignCall> callsByHash(const AuditDesign& design, const Audit& items)
{
    std::map<QString, DesignCall> calls;
    for (const DesignTask& task : expandDesign(design, items).tasks)
        for (int call = 0; call < callsPerJudgment(design.formats[task.format]); ++call) {
            DesignCall entry;
            entry.task = task;
            entry.call = call;
            entry.request = requestOf(design, items, task, call);
            calls[taskCallHash(design, entry.request, task)] = entry;
        }
    return calls;
}

/// A chat.completion body answering `content` with the given usage.
QJsonObject completionBody(const QString& content, int promptTokens, int completionTokens)
{
    return QJsonObject{
        {QStringLiteral("id"), QStringLiteral("chatcmpl-1")},
        {QStringLiteral("object"), QStringLiteral("chat.completion")},
        {QStringLiteral("choices"),
         QJsonArray{QJsonObject{
             {QStringLiteral("index"), 0},
             {QStringLiteral("message"), QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                                                     {QStringLiteral("content"), content}}},
             {QStringLiteral("finish_reason"), QStringLiteral("stop")}}}},
        {QStringLiteral("usage"), QJsonObject{{QStringLiteral("prompt_tokens"), promptTokens},
                                              {QStringLiteral("completion_tokens"), completionTokens}}}};
}

/// A deterministic judge: the slot and the usage follow from the request's messages, so a live endpoint and a
/// fabricated batch output give the same answers.
QJsonObject engineAnswer(const QJsonObject& body)
{
    std::vector<ChatMessage> messages;
    QByteArray text;
    for (const QJsonValue& value : body.value(QStringLiteral("messages")).toArray()) {
        ChatMessage message;
        message.role = value.toObject().value(QStringLiteral("role")).toString();
        message.content = value.toObject().value(QStringLiteral("content")).toString();
        text += message.content.toUtf8();
        messages.push_back(message);
    }
    const QByteArray digest = QCryptographicHash::hash(text, QCryptographicHash::Sha256);
    const Answer slot = (static_cast<unsigned char>(digest[0]) % 2) == 0 ? answer::kA : answer::kB;
    const PromptFormat format = formatOfPrompt(messages).value_or(PromptFormat::Direct);
    return completionBody(exampleAnswer(format, slot, QStringLiteral("reasons")),
                          static_cast<int>(text.size() / 4), 5 + static_cast<unsigned char>(digest[1]) % 7);
}

QByteArray outputLine(const QString& customId, int status, const QJsonObject& body,
                      const QJsonValue& error = QJsonValue::Null)
{
    const QJsonObject line{{QStringLiteral("id"), QStringLiteral("batch_req_") + customId.left(8)},
                           {QStringLiteral("custom_id"), customId},
                           {QStringLiteral("response"),
                            error.isNull()
                                ? QJsonValue(QJsonObject{{QStringLiteral("status_code"), status},
                                                         {QStringLiteral("request_id"), QStringLiteral("r")},
                                                         {QStringLiteral("body"), body}})
                                : QJsonValue(QJsonValue::Null)},
                           {QStringLiteral("error"), error}};
    return QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n';
}

QString customIdOf(const QByteArray& inputLine)
{
    return QJsonDocument::fromJson(inputLine).object().value(QStringLiteral("custom_id")).toString();
}

QJsonObject bodyOf(const QByteArray& inputLine)
{
    return QJsonDocument::fromJson(inputLine).object().value(QStringLiteral("body")).toObject();
}

/// One judgment row of a project, as comparable texts.
struct Row {
    std::string judge, format, order, answer, raw, error, extra;
    int rep = 0;
    double cost = 0;
    std::int64_t tokensIn = 0, tokensOut = 0;
    bool operator==(const Row&) const = default;
};

/// The project's judgments keyed by their request hash (`extra`'s request_hash).
std::map<QString, Row> projectRows(const QString& project, QString* error)
{
    std::string err;
    const auto contents = ProjectFile::open(project.toStdString(), &err);
    std::map<QString, Row> rows;
    if (!contents) {
        *error = QString::fromStdString(err);
        return rows;
    }
    const Audit& audit = *contents->audit;
    const auto& j = audit.judgments();
    for (std::size_t r = 0; r < j.size(); ++r) {
        Row row;
        row.judge = audit.str(j.judge[r]);
        row.format = audit.str(j.format[r]);
        row.order = orderName(j.order[r]);
        row.rep = j.rep[r];
        row.answer =
            j.answer[r] == answer::kNone ? std::string() : answerText(TaskKind::Pairwise, j.answer[r]);
        row.raw = audit.str(j.raw[r]);
        row.error = audit.str(j.error[r]);
        row.extra = audit.str(j.extra[r]);
        row.cost = j.costUsdCol.empty() ? kMissing : j.costUsdCol[r];
        row.tokensIn = j.tokensInCol.empty() ? kMissingCount : j.tokensInCol[r];
        row.tokensOut = j.tokensOutCol.empty() ? kMissingCount : j.tokensOutCol[r];
        const QJsonObject extra = QJsonDocument::fromJson(QByteArray::fromStdString(row.extra)).object();
        rows[extra.value(QStringLiteral("request_hash")).toString()] = row;
    }
    return rows;
}

} // namespace

class TestBatchFile : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    int m_files = 0;

    QString path(const QString& name)
    {
        return m_dir.filePath(QStringLiteral("%1-%2").arg(++m_files).arg(name));
    }

    QString itemsFile(int n)
    {
        const QString file = m_dir.filePath(QStringLiteral("items-%1.jsonl").arg(n));
        if (!QFile::exists(file))
            writeFile(file, test::pairwiseItemsJsonl(n, QStringLiteral("batch-items")));
        return file;
    }

    std::optional<AuditDesign> design(int items, const QStringList& formats, int runs,
                                      const QStringList& judges = {QStringLiteral("judge-a")},
                                      const QString& baseUrl = kDummyUrl)
    {
        QList<QJsonObject> judgeJson;
        for (const QString& judge : judges)
            judgeJson.append(test::simJudgeJson(judge, baseUrl));
        QString error;
        auto d = designFromJson(test::designJson(itemsFile(items), judgeJson, formats, runs), m_dir.path(),
                                &error);
        if (!d)
            qWarning("%s", qPrintable(error));
        return d;
    }

    static AuditPtr load(const AuditDesign& design)
    {
        return loadAudit({design.itemSources.front().toStdString()}, ImportOptions{}).audit;
    }

    /// Answers every line of `inputPath` with engineAnswer (status 200) into one output text.
    static QByteArray answerAll(const QString& inputPath)
    {
        QByteArray out;
        for (const QByteArray& line : fileLines(inputPath))
            out += outputLine(customIdOf(line), 200, engineAnswer(bodyOf(line)));
        return out;
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // One line per call; custom_id = the live run's hash; the body bytes are chatRequestBody's.
    void inputLinesAreTheLiveRequests()
    {
        const auto d = design(3, {QStringLiteral("direct"), QStringLiteral("flask")}, 2,
                              {QStringLiteral("judge-a"), QStringLiteral("judge-b")});
        QVERIFY(d);
        const AuditPtr items = load(*d);
        QVERIFY(items);
        const QString out = path(QStringLiteral("in.jsonl"));
        QString error;
        const auto counts = writeBatchInput(*d, *items, out, BatchWriteOptions{}, &error);
        QVERIFY2(counts, qPrintable(error));
        // 3 items x 2 judges x 2 orders x 2 runs x (direct 1 + flask 4 calls) = 120 requests, 48 judgments.
        QCOMPARE(counts->requests, std::uint64_t(120));
        QCOMPARE(counts->judgments, std::uint64_t(48));
        QCOMPARE(counts->alreadyRecorded, std::uint64_t(0));
        QCOMPARE(counts->files, QStringList{out});
        const QList<QByteArray> lines = fileLines(out);
        QCOMPARE(lines.size(), qsizetype(120));

        // The lines follow the design's task order, call by call.
        int i = 0;
        for (const DesignTask& task : expandDesign(*d, *items).tasks)
            for (int call = 0; call < callsPerJudgment(d->formats[task.format]); ++call, ++i) {
                const ChatRequest request = requestOf(*d, *items, task, call);
                const QByteArray body = chatRequestBody(request);
                const QByteArray& line = lines[i];
                const QJsonObject json = QJsonDocument::fromJson(line).object();
                QCOMPARE(json.value(QStringLiteral("custom_id")).toString(), taskCallHash(*d, request, task));
                QCOMPARE(json.value(QStringLiteral("method")).toString(), QStringLiteral("POST"));
                QCOMPARE(json.value(QStringLiteral("url")).toString(),
                         QStringLiteral("/v1/chat/completions"));
                QCOMPARE(json.size(), qsizetype(4));
                // Byte for byte: the body is the last member and its bytes are chatRequestBody's.
                QVERIFY(line.endsWith(QByteArrayLiteral(",\"body\":") + body + '}'));
                QCOMPARE(json.value(QStringLiteral("body")).toObject(),
                         QJsonDocument::fromJson(body).object());
                QCOMPARE(
                    json.value(QStringLiteral("body")).toObject().value(QStringLiteral("model")).toString(),
                    d->judges[task.judge].name);
            }
        QCOMPARE(i, 120);

        // One judge only: its 60 requests.
        BatchWriteOptions options;
        options.judge = QStringLiteral("judge-b");
        const auto onlyB = writeBatchInput(*d, *items, path(QStringLiteral("b.jsonl")), options, &error);
        QVERIFY2(onlyB, qPrintable(error));
        QCOMPARE(onlyB->requests, std::uint64_t(60));
        QCOMPARE(onlyB->judgments, std::uint64_t(24));
        for (const QByteArray& line : fileLines(onlyB->files.front()))
            QCOMPARE(bodyOf(line).value(QStringLiteral("model")).toString(), QStringLiteral("judge-b"));
        options.judge = QStringLiteral("judge-c");
        QVERIFY(!writeBatchInput(*d, *items, path(QStringLiteral("c.jsonl")), options, &error));
        QCOMPARE(error, QStringLiteral("judge 'judge-c' is not in the design"));
    }

    // The custom_ids are the hashes a live run records (request_hash and FLASK's call_hashes).
    void customIdsAreTheHashesALiveRunRecords()
    {
        test::ScriptedHttpServer server([](int, const QByteArray& request) {
            const QByteArray body = request.mid(request.indexOf("\r\n\r\n") + 4);
            return test::ScriptedHttpServer::response(
                200, QJsonDocument(engineAnswer(QJsonDocument::fromJson(body).object())).toJson());
        });
        QVERIFY(server.listen());
        const auto d = design(3, {QStringLiteral("direct"), QStringLiteral("flask")}, 2,
                              {QStringLiteral("live")}, server.baseUrl());
        QVERIFY(d);
        const AuditPtr items = load(*d);
        const QString live = path(QStringLiteral("live.tribunal"));
        QString error;
        QVERIFY2(createRunProject(live, *items, *d, &error), qPrintable(error));
        RunScheduler scheduler(*d, items, live);
        QSignalSpy finished(&scheduler, &RunScheduler::finished);
        QVERIFY2(scheduler.start(&error), qPrintable(error));
        QVERIFY(finished.wait(120'000));
        QCOMPARE(finished.first().at(1).toString(), QString());
        QCOMPARE(scheduler.counts().written, std::uint64_t(24));

        const QString in = path(QStringLiteral("in.jsonl"));
        QVERIFY2(writeBatchInput(*d, *items, in, BatchWriteOptions{}, &error), qPrintable(error));
        QSet<QString> customIds;
        for (const QByteArray& line : fileLines(in))
            customIds.insert(customIdOf(line));
        QCOMPARE(customIds.size(), qsizetype(60));
        const auto liveRows = projectRows(live, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QSet<QString> liveHashes;
        for (const auto& [hash, row] : liveRows) {
            liveHashes.insert(hash);
            const QJsonObject extra = QJsonDocument::fromJson(QByteArray::fromStdString(row.extra)).object();
            for (const QJsonValue& call : extra.value(QStringLiteral("call_hashes")).toArray())
                liveHashes.insert(call.toString());
        }
        QCOMPARE(liveHashes, customIds);

        // The same answers through a batch give the live run's rows (a batch has no latency to record).
        const QString out = path(QStringLiteral("out.jsonl"));
        QVERIFY(writeFile(out, answerAll(in)));
        const QString batch = path(QStringLiteral("batch.tribunal"));
        const auto counts = importBatchOutput(*d, *items, batch, {out}, BatchImportOptions{}, &error);
        QVERIFY2(counts, qPrintable(error));
        QCOMPARE(counts->written, std::uint64_t(24));
        const auto batchRows = projectRows(batch, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QCOMPARE(batchRows.size(), std::size_t(24));
        QCOMPARE(liveRows.size(), std::size_t(24));
        // Direct judgments always parse (12 of them); FLASK's four calls may tie ("no majority"), which both
        // sides must record alike.
        int directAnswers = 0;
        for (const auto& [hash, row] : liveRows) {
            QVERIFY2(batchRows.count(hash) == 1, qPrintable(hash));
            QVERIFY2(batchRows.at(hash) == row, qPrintable(hash));
            if (row.format == "direct")
                ++directAnswers;
            QVERIFY2(!row.answer.empty() || row.format == "flask", row.error.c_str());
        }
        QCOMPARE(directAnswers, 12);
    }

    void splitting_data()
    {
        QTest::addColumn<QStringList>("formats");
        QTest::addColumn<qint64>("maxRequests");
        QTest::addColumn<qint64>("maxBytes");
        QTest::addColumn<QList<int>>("linesPerFile");
        // 3 items x 2 orders: direct 6 lines, flask 6 judgments x 4 = 24 lines.
        QTest::newRow("fits") << QStringList{QStringLiteral("direct")} << qint64(6) << qint64(1 << 30)
                              << QList<int>{6};
        QTest::newRow("4 per file") << QStringList{QStringLiteral("direct")} << qint64(4) << qint64(1 << 30)
                                    << QList<int>{4, 2};
        QTest::newRow("1 byte: a line each") << QStringList{QStringLiteral("direct")} << qint64(100)
                                             << qint64(1) << QList<int>{1, 1, 1, 1, 1, 1};
        // A FLASK judgment (4 calls) is not split when it fits in a file: 4 + 4 > 6.
        QTest::newRow("flask by judgment") << QStringList{QStringLiteral("flask")} << qint64(6)
                                           << qint64(1 << 30) << QList<int>{4, 4, 4, 4, 4, 4};
        QTest::newRow("flask two judgments")
            << QStringList{QStringLiteral("flask")} << qint64(8) << qint64(1 << 30) << QList<int>{8, 8, 8};
        // A judgment larger than a file is split after all: 3 + 1 per judgment.
        QTest::newRow("flask over the limit")
            << QStringList{QStringLiteral("flask")} << qint64(3) << qint64(1 << 30)
            << QList<int>{3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1};
    }

    void splitting()
    {
        QFETCH(QStringList, formats);
        QFETCH(qint64, maxRequests);
        QFETCH(qint64, maxBytes);
        QFETCH(QList<int>, linesPerFile);
        const auto d = design(3, formats, 1);
        QVERIFY(d);
        const AuditPtr items = load(*d);
        QString error;
        const QString whole = path(QStringLiteral("whole.jsonl"));
        QVERIFY2(writeBatchInput(*d, *items, whole, BatchWriteOptions{}, &error), qPrintable(error));

        const QString dir = path(QStringLiteral("split"));
        QVERIFY(QDir().mkpath(dir));
        const QString out = dir + QStringLiteral("/requests.jsonl");
        BatchWriteOptions options;
        options.maxRequestsPerFile = maxRequests;
        options.maxBytesPerFile = maxBytes;
        const auto counts = writeBatchInput(*d, *items, out, options, &error);
        QVERIFY2(counts, qPrintable(error));
        QCOMPARE(counts->files.size(), linesPerFile.size());
        QByteArray joined;
        for (int f = 0; f < linesPerFile.size(); ++f) {
            const QString expected =
                linesPerFile.size() == 1
                    ? out
                    : dir + QStringLiteral("/requests.%1.jsonl").arg(f + 1, 3, 10, QLatin1Char('0'));
            QCOMPARE(counts->files[f], expected);
            QCOMPARE(fileLines(expected).size(), qsizetype(linesPerFile[f]));
            joined += fileBytes(expected);
        }
        // The files together are the unsplit file, and the plain name is not left behind when split.
        QCOMPARE(joined, fileBytes(whole));
        QCOMPARE(QDir(dir).entryList(QDir::Files).size(), linesPerFile.size());
    }

    // Answers (BA swapped to canonical), K11 costs, failure rows, idempotent re-import, failures replaced.
    void importWritesJudgments()
    {
        const auto d = design(2, {QStringLiteral("direct"), QStringLiteral("flask")}, 1);
        QVERIFY(d);
        const AuditPtr items = load(*d);
        const QString in = path(QStringLiteral("in.jsonl"));
        QString error;
        QVERIFY2(writeBatchInput(*d, *items, in, BatchWriteOptions{}, &error), qPrintable(error));
        const auto calls = callsByHash(*d, *items);
        // 2 items x 2 orders x (direct 1 + flask 4) = 20 lines, 8 judgments.
        const QList<QByteArray> lines = fileLines(in);
        QCOMPARE(lines.size(), qsizetype(20));

        // Every call answers the first-shown slot with 1000 tokens in and 10 out, except: the direct BA
        // judgment of q0001 gets a 500, and one FLASK call of q0000 (AB) expired.
        QByteArray out;
        QString failed500, expired;
        for (const QByteArray& line : lines) {
            const QString id = customIdOf(line);
            const DesignCall& c = calls.at(id);
            const PromptFormat format = d->formats[c.task.format];
            const std::string_view itemId = items->str(items->items().itemId[c.task.item]);
            const QString item = QString::fromUtf8(itemId.data(), qsizetype(itemId.size()));
            if (format == PromptFormat::Direct && item == QStringLiteral("q0001") &&
                c.task.order == Order::BA) {
                failed500 = id;
                out += outputLine(
                    id, 500,
                    QJsonObject{{QStringLiteral("error"),
                                 QJsonObject{{QStringLiteral("message"), QStringLiteral("overloaded")}}}});
            } else if (format == PromptFormat::Flask && item == QStringLiteral("q0000") &&
                       c.task.order == Order::AB && c.call == 2) {
                expired = id;
                out +=
                    outputLine(id, 0, {},
                               QJsonObject{{QStringLiteral("code"), QStringLiteral("batch_expired")},
                                           {QStringLiteral("message"), QStringLiteral("not run in time")}});
            } else {
                out += outputLine(
                    id, 200,
                    completionBody(exampleAnswer(format, answer::kA, QStringLiteral("why")), 1000, 10));
            }
        }
        QVERIFY(!failed500.isEmpty() && !expired.isEmpty());
        const QString output = path(QStringLiteral("out.jsonl"));
        QVERIFY(writeFile(output, out));
        const QString project = path(QStringLiteral("p.tribunal"));
        auto counts = importBatchOutput(*d, *items, project, {output}, BatchImportOptions{}, &error);
        QVERIFY2(counts, qPrintable(error));
        QCOMPARE(counts->lines, std::uint64_t(20));
        QCOMPARE(counts->answeredCalls, std::uint64_t(18));
        QCOMPARE(counts->failedCalls, std::uint64_t(2));
        QCOMPARE(counts->written, std::uint64_t(8));
        QCOMPARE(counts->failureRows, std::uint64_t(2));
        QCOMPARE(counts->unparsed, std::uint64_t(0));
        QCOMPARE(counts->incomplete, std::uint64_t(0));

        std::string err;
        {
            const auto contents = ProjectFile::open(project.toStdString(), &err);
            QVERIFY2(contents, err.c_str());
            const Audit& audit = *contents->audit;
            const auto& j = audit.judgments();
            QCOMPARE(j.size(), std::size_t(8));
            int failures = 0;
            for (std::size_t r = 0; r < j.size(); ++r) {
                const QJsonObject extra =
                    QJsonDocument::fromJson(
                        QByteArray(audit.str(j.extra[r]).data(), qsizetype(audit.str(j.extra[r]).size())))
                        .object();
                const QString hash = extra.value(QStringLiteral("request_hash")).toString();
                const bool flask = audit.str(j.format[r]) == "flask";
                if (hash == failed500) {
                    ++failures;
                    QCOMPARE(j.answer[r], answer::kNone);
                    QCOMPARE(audit.str(j.error[r]), std::string_view("batch: 500: overloaded"));
                    QCOMPARE(extra.value(QStringLiteral("run_failure")).toBool(), true);
                    continue;
                }
                if (extra.value(QStringLiteral("call_hashes")).toArray().contains(expired)) {
                    ++failures;
                    QCOMPARE(j.answer[r], answer::kNone);
                    QCOMPARE(audit.str(j.error[r]),
                             std::string_view("batch: batch_expired: not run in time"));
                    QCOMPARE(extra.value(QStringLiteral("run_failure")).toBool(), true);
                    continue;
                }
                // Slot A shown first: canonical A for AB, canonical B for BA.
                QCOMPARE(j.answer[r], j.order[r] == Order::AB ? answer::kA : answer::kB);
                QCOMPARE(audit.str(j.error[r]), std::string_view(""));
                QVERIFY(!extra.contains(QStringLiteral("run_failure")) ||
                        !extra.value(QStringLiteral("run_failure")).toBool());
                // K11: (1000 x $1 + 10 x $2) per million tokens per call; FLASK has four calls.
                const int n = flask ? 4 : 1;
                QCOMPARE(j.tokensInCol[r], std::int64_t(1000 * n));
                QCOMPARE(j.tokensOutCol[r], std::int64_t(10 * n));
                QVERIFY(qAbs(j.costUsdCol[r] - 0.00102 * n) < 1e-12);
                QCOMPARE(extra.value(QStringLiteral("call_hashes")).toArray().size(),
                         qsizetype(flask ? 4 : 0));
            }
            QCOMPARE(failures, 2);
        }

        // The same output again adds nothing.
        counts = importBatchOutput(*d, *items, project, {output}, BatchImportOptions{}, &error);
        QVERIFY2(counts, qPrintable(error));
        QCOMPARE(counts->written, std::uint64_t(0));
        QCOMPARE(counts->alreadyRecorded, std::uint64_t(8));
        QCOMPARE(test::projectRequestHashes(project).size(), qsizetype(8));

        // A new batch input for the project holds only the failed judgments' requests (1 + 4 lines); without
        // retrying failures, nothing.
        BatchWriteOptions options;
        options.projectPath = project;
        const QString retry = path(QStringLiteral("retry.jsonl"));
        auto written = writeBatchInput(*d, *items, retry, options, &error);
        QVERIFY2(written, qPrintable(error));
        QCOMPARE(written->requests, std::uint64_t(5));
        QCOMPARE(written->alreadyRecorded, std::uint64_t(6));
        options.retryFailed = false;
        auto none = writeBatchInput(*d, *items, path(QStringLiteral("none.jsonl")), options, &error);
        QVERIFY2(none, qPrintable(error));
        QCOMPARE(none->requests, std::uint64_t(0));
        QCOMPARE(fileBytes(none->files.front()), QByteArray());

        // Their answers replace the failure rows.
        QByteArray retried;
        for (const QByteArray& line : fileLines(retry))
            retried +=
                outputLine(customIdOf(line), 200,
                           completionBody(exampleAnswer(d->formats[calls.at(customIdOf(line)).task.format],
                                                        answer::kB, QStringLiteral("later")),
                                          1, 1));
        const QString retryOut = path(QStringLiteral("retry-out.jsonl"));
        QVERIFY(writeFile(retryOut, retried));
        counts = importBatchOutput(*d, *items, project, {retryOut}, BatchImportOptions{}, &error);
        QVERIFY2(counts, qPrintable(error));
        QCOMPARE(counts->written, std::uint64_t(2));
        QCOMPARE(counts->failureRows, std::uint64_t(0));
        const auto contents = ProjectFile::open(project.toStdString(), &err);
        QVERIFY2(contents, err.c_str());
        const auto& j = contents->audit->judgments();
        QCOMPARE(j.size(), std::size_t(8));
        for (std::size_t r = 0; r < j.size(); ++r)
            QVERIFY(j.answer[r] == answer::kA || j.answer[r] == answer::kB);
    }

    // FLASK's calls may come in different files of one import (an output file and an error file).
    void judgmentsSpanFiles()
    {
        const auto d = design(1, {QStringLiteral("flask")}, 1);
        QVERIFY(d);
        const AuditPtr items = load(*d);
        const QString in = path(QStringLiteral("in.jsonl"));
        QString error;
        QVERIFY2(writeBatchInput(*d, *items, in, BatchWriteOptions{}, &error), qPrintable(error));
        const QList<QByteArray> answered = answerAll(in).split('\n');
        QCOMPARE(answered.size(), qsizetype(9)); // 2 judgments x 4 calls, and the last newline
        const QString first = path(QStringLiteral("a.jsonl")), second = path(QStringLiteral("b.jsonl"));
        // The first file: both calls 0-1 of judgment 1 and all of judgment 2; the second: calls 2-3.
        QVERIFY(writeFile(first, answered[0] + '\n' + answered[1] + '\n' + answered[4] + '\n' + answered[5] +
                                     '\n' + answered[6] + '\n' + answered[7] + '\n'));
        QVERIFY(writeFile(second, answered[2] + '\n' + answered[3] + '\n'));

        // Alone, the first file completes one judgment.
        auto counts = importBatchOutput(*d, *items, path(QStringLiteral("one.tribunal")), {first},
                                        BatchImportOptions{}, &error);
        QVERIFY2(counts, qPrintable(error));
        QCOMPARE(counts->written, std::uint64_t(1));
        QCOMPARE(counts->incomplete, std::uint64_t(1));
        counts = importBatchOutput(*d, *items, path(QStringLiteral("two.tribunal")), {first, second},
                                   BatchImportOptions{}, &error);
        QVERIFY2(counts, qPrintable(error));
        QCOMPARE(counts->written, std::uint64_t(2));
        QCOMPARE(counts->incomplete, std::uint64_t(0));
    }

    void badLines_data()
    {
        QTest::addColumn<QByteArray>("badLine");
        QTest::addColumn<QString>("message"); ///< after "<file>:<line>: "
        const QString unknown(64, QLatin1Char('0'));
        QTest::newRow("unknown custom_id")
            << outputLine(unknown, 200, completionBody(QStringLiteral("A"), 1, 1))
            << QStringLiteral("custom_id: not a request of this design");
        QTest::newRow("custom_id not a hash") << outputLine(QStringLiteral("request-1"), 200, {})
                                              << QStringLiteral("custom_id: not a request of this design");
        QTest::newRow("no custom_id")
            << QByteArray("{\"response\": null}\n") << QStringLiteral("custom_id: missing or not a string");
        QTest::newRow("not JSON") << QByteArray("{oops\n") << QStringLiteral("line: not a JSON object");
        QTest::newRow("JSON array") << QByteArray("[1, 2]\n") << QStringLiteral("line: not a JSON object");
        // The rows below name the design's second request ("SECOND" is replaced in the test).
        QTest::newRow("missing response") << QByteArray("{\"custom_id\": \"SECOND\", \"error\": null}\n")
                                          << QStringLiteral("response: missing (and no error)");
        QTest::newRow("response not an object")
            << QByteArray("{\"custom_id\": \"SECOND\", \"response\": 7}\n")
            << QStringLiteral("response: not an object");
        QTest::newRow("no status") << QByteArray(
                                          "{\"custom_id\": \"SECOND\", \"response\": {\"body\": {}}}\n")
                                   << QStringLiteral("response.status_code: missing or not a whole number");
        QTest::newRow("body not an object")
            << QByteArray(
                   "{\"custom_id\": \"SECOND\", \"response\": {\"status_code\": 200, \"body\": \"hi\"}}\n")
            << QStringLiteral("response.body: not an object");
        QTest::newRow("error not an object")
            << QByteArray("{\"custom_id\": \"SECOND\", \"error\": \"boom\"}\n")
            << QStringLiteral("error: not an object or null");
        QTest::newRow("duplicate") << QByteArray("FIRST") << QStringLiteral("custom_id: duplicate of OUT:2");
    }

    // A bad third line: stop with the located error and nothing of the file written; with skipBad, the
    // line is listed and the others are imported.
    void badLines()
    {
        QFETCH(QByteArray, badLine);
        QFETCH(QString, message);
        const auto d = design(2, {QStringLiteral("direct")}, 1);
        QVERIFY(d);
        const AuditPtr items = load(*d);
        const QString in = path(QStringLiteral("in.jsonl"));
        QString error;
        QVERIFY2(writeBatchInput(*d, *items, in, BatchWriteOptions{}, &error), qPrintable(error));
        const QList<QByteArray> answered = answerAll(in).split('\n');
        QCOMPARE(answered.size(), qsizetype(5)); // 4 requests
        const QList<QByteArray> inputs = fileLines(in);
        if (badLine == "FIRST")
            badLine = answered[0] + '\n';
        badLine.replace("SECOND", customIdOf(inputs[1]).toLatin1());
        const bool duplicate = message.startsWith(QStringLiteral("custom_id: duplicate"));
        // Line 2 is the first request (line 1 is blank), line 3 the bad one; a duplicate repeats line 2, and
        // the rows naming the second request stand in for its answer.
        const bool replacesSecond = badLine.contains(customIdOf(inputs[1]).toLatin1());
        const QByteArray text = "\n" + answered[0] + '\n' + badLine +
                                (replacesSecond ? QByteArray() : answered[1] + '\n') + answered[2] + '\n' +
                                answered[3] + '\n';
        const QString output = path(QStringLiteral("out.jsonl"));
        QVERIFY(writeFile(output, text));
        message.replace(QStringLiteral("OUT"), output);
        const QString expected = output + QStringLiteral(":3: ") + message;

        const QString project = path(QStringLiteral("p.tribunal"));
        QVERIFY(!importBatchOutput(*d, *items, project, {output}, BatchImportOptions{}, &error));
        QCOMPARE(error, expected);
        QCOMPARE(test::projectRequestHashes(project).size(), qsizetype(0));

        BatchImportOptions skip;
        skip.skipBad = true;
        const auto counts = importBatchOutput(*d, *items, project, {output}, skip, &error);
        QVERIFY2(counts, qPrintable(error));
        QCOMPARE(counts->badLines, QStringList{expected});
        QCOMPARE(counts->written, std::uint64_t(replacesSecond ? 3 : 4));
        QCOMPARE(counts->incomplete, std::uint64_t(0));
        QCOMPARE(test::projectRequestHashes(project).size(), qsizetype(replacesSecond ? 3 : 4));
        Q_UNUSED(duplicate);
    }

    void missingFileIsAnError()
    {
        const auto d = design(1, {QStringLiteral("direct")}, 1);
        QVERIFY(d);
        const AuditPtr items = load(*d);
        QString error;
        const QString missing = m_dir.filePath(QStringLiteral("no-such-output.jsonl"));
        QVERIFY(!importBatchOutput(*d, *items, path(QStringLiteral("p.tribunal")), {missing},
                                   BatchImportOptions{}, &error));
        QVERIFY2(error.startsWith(missing + QStringLiteral(": ")), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestBatchFile)
#include "tst_batchfile.moc"
