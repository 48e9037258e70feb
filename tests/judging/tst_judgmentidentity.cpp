// Which judgments a project holds and which a run sends (judging/judgmentidentity.h,
// io/project/projectrunlog.h): the identity key SQLite builds equals judgmentKey() for every kind of field;
// identical texts are two judgments; a harmless edit of the design (host spelling, max_tokens, prices) sends
// nothing; an edit that changes the question is refused with what changed, or bought again with rerunChanged,
// replacing the rows; failures are sent again and replace their rows; rows without an ask hash are kept
// (unverified).

#include "../common/judgingfixtures.h"
#include "io/auditsource.h"
#include "io/project/projectfile.h"
#include "io/project/projectrunlog.h"
#include "judging/chatrequest.h"
#include "judging/judgmentidentity.h"
#include "judging/runscheduler.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <set>

using namespace tribunal;

namespace {

struct Fixture {
    AuditDesign design;
    AuditPtr items;
    std::vector<std::int64_t> projectRow;
    QString project;
};

QJsonObject judgeJson(const QString& baseUrl = QStringLiteral("http://127.0.0.1:9/v1"))
{
    return test::simJudgeJson(QStringLiteral("j"), baseUrl, 2);
}

} // namespace

class TestJudgmentIdentity : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    int m_projects = 0;

    /// A design of `items` (JSONL) with `judge`, direct format, both orders, 2 runs, and a fresh project
    /// holding its items.
    std::optional<Fixture> fixture(const QByteArray& items, const QJsonObject& judge,
                                   const QJsonObject& extra = {})
    {
        const QString itemsPath = m_dir.filePath(QStringLiteral("items-%1.jsonl").arg(++m_projects));
        QFile file(itemsPath);
        if (!file.open(QIODevice::WriteOnly))
            return std::nullopt;
        file.write(items);
        file.close();
        QJsonObject json = test::designJson(itemsPath, {judge}, {QStringLiteral("direct")}, 2);
        for (auto it = extra.begin(); it != extra.end(); ++it)
            json.insert(it.key(), it.value());
        QString error;
        auto design = designFromJson(json, m_dir.path(), &error);
        if (!design) {
            qWarning("%s", qPrintable(error));
            return std::nullopt;
        }
        Fixture f;
        f.design = std::move(*design);
        f.items = loadAudit({itemsPath.toStdString()}, ImportOptions{}).audit;
        f.project = m_dir.filePath(QStringLiteral("p-%1.tribunal").arg(m_projects));
        if (!f.items || !createRunProject(f.project, *f.items, f.design, &error)) {
            qWarning("%s", qPrintable(error));
            return std::nullopt;
        }
        ProjectRunLog::Recorded recorded;
        ProjectRunLog::ItemRows rows;
        std::string err;
        if (!ProjectRunLog::readResumeState(f.project.toStdString(), &recorded, &rows, nullptr, &err))
            return std::nullopt;
        const auto mapped =
            projectRowsOfDesign(*f.items, expandDesign(f.design, *f.items).items, rows, f.project, &error);
        if (!mapped)
            return std::nullopt;
        f.projectRow = *mapped;
        return f;
    }

    /// Records every task of `f` (as a run asked by `asked` would: its ask hashes), `failed` ones as
    /// failures; returns how many rows were written.
    static int recordAll(const Fixture& f, const AuditDesign& asked, bool failed = false,
                         bool askHashes = true)
    {
        std::string err;
        auto log = ProjectRunLog::open(f.project.toStdString(), &err);
        if (!log)
            return -1;
        int written = 0;
        for (const DesignTask& task : expandDesign(asked, *f.items).tasks) {
            RunJudgmentRow row = identityRowOf(asked, task, f.projectRow[task.item]);
            const ChatRequest request = requestOf(asked, *f.items, task, 0);
            row.requestHash = taskCallHash(asked, request, task).toStdString();
            if (askHashes)
                row.askHash = askHash(request).toStdString();
            if (failed) {
                row.runFailure = true;
                row.error = "HTTP 500: overloaded";
            } else {
                row.answer = "A";
            }
            if (!log->append(row, &err))
                return -1;
            ++written;
        }
        return log->close(&err) ? written : -1;
    }

    static ProjectRunLog::Recorded recorded(const Fixture& f)
    {
        ProjectRunLog::Recorded out;
        ProjectRunLog::ItemRows rows;
        std::string err;
        if (!ProjectRunLog::readResumeState(f.project.toStdString(), &out, &rows, nullptr, &err))
            qWarning("%s", err.c_str());
        return out;
    }

    struct Planned {
        int send = 0, replacing = 0;
        std::uint64_t alreadyRecorded = 0, unverified = 0, rerun = 0, changed = 0;
        QString refusal;
    };

    static Planned plan(const Fixture& f, const AuditDesign& design, ResumeOptions options)
    {
        const ProjectRunLog::Recorded held = recorded(f);
        ResumePlan plan(design, *f.items, f.projectRow, held, options);
        Planned out;
        for (const DesignTask& task : expandDesign(design, *f.items).tasks) {
            const ResumeDecision decision = plan.decide(task);
            out.send += decision.send ? 1 : 0;
            out.replacing += decision.replacesSeq > 0 ? 1 : 0;
        }
        out.alreadyRecorded = plan.alreadyRecorded();
        out.unverified = plan.unverified();
        out.rerun = plan.rerun();
        out.changed = plan.changed();
        out.refusal = plan.refusal(f.project);
        return out;
    }

    static AuditDesign edited(const Fixture& f, const std::function<void(QJsonObject&)>& edit)
    {
        QJsonObject judge = judgeConfigToJson(f.design.judges.front());
        edit(judge);
        AuditDesign design = f.design;
        QString error;
        auto config = judgeConfigFromJson(judge, &error);
        if (!config)
            qFatal("%s", qPrintable(error));
        design.judges.front() = *config;
        return design;
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // The key SQLite builds in readRecorded() equals judgmentKey() byte for byte, for NULL and empty fields,
    // quotes, commas, non-ASCII text and every identity column.
    void sqliteKeyEqualsJudgmentKey()
    {
        auto f = fixture(test::pairwiseItemsJsonl(2, QStringLiteral("ds")), judgeJson());
        QVERIFY(f);
        std::vector<RunJudgmentRow> rows(4);
        rows[0].itemRow = f->projectRow[0];
        rows[0].judge = "o'neil, \"judge\"";
        rows[0].format = "direct";
        rows[0].order = "AB";
        rows[1] = rows[0];
        rows[1].conditionJson = "{\"temperature\":\"0.7\",\"note\":\"a,b'c\"}";
        rows[1].rep = 3;
        rows[2] = rows[1];
        rows[2].test = "bandwagon";
        rows[2].version = "90%";
        rows[2].variant = "perturbed";
        rows[2].cueOn = "worse";
        rows[3].itemRow = f->projectRow[1];
        rows[3].judge = "Richter \u00e9\u03b1\u4e2d";
        rows[3].rep = 1; // format, order and everything else empty: NULL
        {
            std::string err;
            auto log = ProjectRunLog::open(f->project.toStdString(), &err);
            QVERIFY2(log, err.c_str());
            for (const auto& row : rows)
                QVERIFY2(log->append(row, &err), err.c_str());
            QVERIFY(log->close(&err));
        }
        const ProjectRunLog::Recorded held = recorded(*f);
        QCOMPARE(held.judgments.size(), rows.size());
        for (const auto& row : rows)
            QVERIFY2(held.judgments.count(judgmentKey(row)) == 1, judgmentKey(row).c_str());
        // Distinct identities give distinct keys.
        std::set<std::string> keys;
        for (const auto& row : rows)
            keys.insert(judgmentKey(row));
        QCOMPARE(keys.size(), rows.size());
    }

    // A row written by an import (empty texts instead of NULL, an extra that is not JSON) is found by its
    // identity, without an ask hash.
    void importedRowIsFoundWithoutAskHash()
    {
        auto f = fixture(test::pairwiseItemsJsonl(1, QStringLiteral("ds")), judgeJson());
        QVERIFY(f);
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("raw"));
            db.setDatabaseName(f->project);
            QVERIFY(db.open());
            QSqlQuery insert(db);
            QVERIFY(insert.prepare(QStringLiteral(
                "INSERT INTO judgments(item, judge, format, condition, ord, rep, answer, test, extra) VALUES "
                "(?, 'j', 'direct', '', 'BA', 2, 'B', '', 'not json')")));
            insert.addBindValue(static_cast<qlonglong>(f->projectRow[0]));
            QVERIFY2(insert.exec(), qPrintable(insert.lastError().text()));
            db.close();
        }
        QSqlDatabase::removeDatabase(QStringLiteral("raw"));
        RunJudgmentRow row;
        row.itemRow = f->projectRow[0];
        row.judge = "j";
        row.format = "direct";
        row.order = "BA";
        row.rep = 2;
        const ProjectRunLog::Recorded held = recorded(*f);
        QCOMPARE(held.judgments.size(), std::size_t(1));
        const auto found = held.judgments.find(judgmentKey(row));
        QVERIFY(found != held.judgments.end());
        QVERIFY(found->second.askHash.empty());
        QVERIFY(!found->second.failed);
        // The plan keeps it and counts it as unverified; the other 3 judgments of the item are sent.
        const Planned planned = plan(*f, f->design, {});
        QCOMPARE(planned.send, 3);
        QCOMPARE(planned.alreadyRecorded, std::uint64_t(1));
        QCOMPARE(planned.unverified, std::uint64_t(1));
        QVERIFY(planned.refusal.isEmpty());
    }

    // Two items with identical texts send byte-identical requests, yet are two judgments: recording one
    // leaves the other to send.
    void identicalTextsAreDistinctJudgments()
    {
        auto f = fixture(test::duplicateTextItemsJsonl(4, 2, QStringLiteral("dup")), judgeJson());
        QVERIFY(f);
        const auto tasks = expandDesign(f->design, *f->items).tasks;
        QCOMPARE(tasks.size(), std::size_t(16)); // 4 items x 2 orders x 2 runs
        // Items 0 and 1 share their texts: the same request hash for the same order and run.
        std::set<QString> requests;
        for (const DesignTask& task : tasks)
            requests.insert(taskCallHash(f->design, requestOf(f->design, *f->items, task, 0), task));
        QCOMPARE(requests.size(), std::size_t(8));
        // Record the judgments of item 0 only.
        AuditDesign firstOnly = f->design;
        {
            std::string err;
            auto log = ProjectRunLog::open(f->project.toStdString(), &err);
            QVERIFY(log);
            for (const DesignTask& task : tasks) {
                if (task.item != tasks.front().item)
                    continue;
                RunJudgmentRow row = identityRowOf(f->design, task, f->projectRow[task.item]);
                row.askHash = askHash(requestOf(f->design, *f->items, task, 0)).toStdString();
                row.answer = "A";
                QVERIFY(log->append(row, &err));
            }
            QVERIFY(log->close(&err));
        }
        const Planned planned = plan(*f, f->design, {});
        QCOMPARE(planned.alreadyRecorded, std::uint64_t(4));
        QCOMPARE(planned.send, 12);
    }

    // Edits that do not change the question send nothing again.
    void harmlessEditsSendNothing_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QJsonValue>("value");
        QTest::newRow("host spelled localhost") << "base_url" << QJsonValue("http://localhost:9/v1");
        QTest::newRow("another port") << "base_url" << QJsonValue("http://127.0.0.1:8080/v1");
        QTest::newRow("max_tokens") << "max_tokens" << QJsonValue(17);
        QTest::newRow("prices") << "price_in_per_mtok" << QJsonValue(99.0);
        QTest::newRow("requests_in_flight") << "requests_in_flight" << QJsonValue(32);
        QTest::newRow("timeout_s") << "timeout_s" << QJsonValue(300.0);
        QTest::newRow("max_retries") << "max_retries" << QJsonValue(0);
    }

    void harmlessEditsSendNothing()
    {
        QFETCH(QString, key);
        QFETCH(QJsonValue, value);
        auto f = fixture(test::pairwiseItemsJsonl(3, QStringLiteral("ds")), judgeJson());
        QVERIFY(f);
        QCOMPARE(recordAll(*f, f->design), 12);
        const AuditDesign design = edited(*f, [&](QJsonObject& judge) { judge.insert(key, value); });
        const Planned planned = plan(*f, design, {});
        QCOMPARE(planned.send, 0);
        QCOMPARE(planned.alreadyRecorded, std::uint64_t(12));
        QCOMPARE(planned.unverified, std::uint64_t(0));
        QVERIFY(planned.refusal.isEmpty());
    }

    // Edits that change the question are refused with what changed; rerunChanged buys them again, each new
    // row replacing the recorded one.
    void changedAsksAreRefusedOrBoughtAgain_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<QString>("what");
        QTest::newRow("temperature") << "temperature" << QJsonValue(1.0) << "temperature 0 -> 1";
        QTest::newRow("model") << "model" << QJsonValue("other") << "model j -> other";
        QTest::newRow("reasoning_effort")
            << "reasoning_effort" << QJsonValue("high") << "reasoning_effort (none) -> high";
        QTest::newRow("logprobs") << "logprobs" << QJsonValue(true) << "logprobs false -> true";
    }

    void changedAsksAreRefusedOrBoughtAgain()
    {
        QFETCH(QString, key);
        QFETCH(QJsonValue, value);
        QFETCH(QString, what);
        auto f = fixture(test::pairwiseItemsJsonl(3, QStringLiteral("ds")), judgeJson());
        QVERIFY(f);
        QCOMPARE(recordAll(*f, f->design), 12);
        {
            // The judges table holds the configuration the judgments were asked with (a run writes it).
            std::string err;
            auto log = ProjectRunLog::open(f->project.toStdString(), &err);
            QVERIFY(log);
            QVERIFY(log->putJudge("j",
                                  QJsonDocument(judgeConfigToJson(f->design.judges.front()))
                                      .toJson(QJsonDocument::Compact)
                                      .toStdString(),
                                  &err));
        }
        const AuditDesign design = edited(*f, [&](QJsonObject& judge) { judge.insert(key, value); });
        const Planned refused = plan(*f, design, {});
        QCOMPARE(refused.send, 0);
        QCOMPARE(refused.changed, std::uint64_t(12));
        QCOMPARE(refused.refusal, QStringLiteral("%1: 12 recorded judgments of judge 'j' (%2) were asked "
                                                 "otherwise than this design asks them")
                                      .arg(f->project, what));
        QVERIFY(isAskChangeRefusal(refused.refusal + QStringLiteral("; nothing was sent")));
        const Planned rerun = plan(*f, design, ResumeOptions{true, true});
        QCOMPARE(rerun.send, 12);
        QCOMPARE(rerun.replacing, 12);
        QCOMPARE(rerun.rerun, std::uint64_t(12));
        QVERIFY(rerun.refusal.isEmpty());
    }

    // A changed prompt with unchanged judge settings is named as such.
    void changedPromptIsNamed()
    {
        auto f = fixture(test::pairwiseItemsJsonl(2, QStringLiteral("ds")), judgeJson());
        QVERIFY(f);
        AuditDesign other = f->design;
        other.formats = {PromptFormat::Direct};
        // Record with a different text of item 0: the same identity, another prompt.
        auto g =
            fixture(test::pairwiseItemsJsonl(2, QStringLiteral("ds")).replace("First candidate", "Altered"),
                    judgeJson());
        QVERIFY(g);
        Fixture mixed = *f;
        mixed.items = g->items; // asked with the altered texts into f's project
        QCOMPARE(recordAll(mixed, f->design), 8);
        {
            std::string err;
            auto log = ProjectRunLog::open(f->project.toStdString(), &err);
            QVERIFY(log->putJudge("j",
                                  QJsonDocument(judgeConfigToJson(f->design.judges.front()))
                                      .toJson(QJsonDocument::Compact)
                                      .toStdString(),
                                  &err));
        }
        const Planned planned = plan(*f, other, {});
        QCOMPARE(planned.changed, std::uint64_t(8));
        QVERIFY2(planned.refusal.contains(
                     QStringLiteral("(the prompt differs: the items' texts or the prompt template changed)")),
                 qPrintable(planned.refusal));
    }

    // Failures are sent again (replacing their rows), also when the question changed; without retryFailed
    // they stay.
    void failuresAreSentAgain()
    {
        auto f = fixture(test::pairwiseItemsJsonl(2, QStringLiteral("ds")), judgeJson());
        QVERIFY(f);
        QCOMPARE(recordAll(*f, f->design, true), 8);
        const Planned retried = plan(*f, f->design, {});
        QCOMPARE(retried.send, 8);
        QCOMPARE(retried.replacing, 8);
        const AuditDesign hotter =
            edited(*f, [](QJsonObject& judge) { judge.insert(QStringLiteral("temperature"), 1.0); });
        const Planned changed = plan(*f, hotter, {});
        QCOMPARE(changed.send, 8);
        QVERIFY(changed.refusal.isEmpty());
        const Planned kept = plan(*f, f->design, ResumeOptions{false, false});
        QCOMPARE(kept.send, 0);
        QCOMPARE(kept.alreadyRecorded, std::uint64_t(8));
    }

    // Rows an older version wrote (no ask hash) are kept whatever the design asks now.
    void rowsWithoutAskHashAreKept()
    {
        auto f = fixture(test::pairwiseItemsJsonl(2, QStringLiteral("ds")), judgeJson());
        QVERIFY(f);
        QCOMPARE(recordAll(*f, f->design, false, false), 8);
        const AuditDesign hotter =
            edited(*f, [](QJsonObject& judge) { judge.insert(QStringLiteral("temperature"), 1.0); });
        const Planned planned = plan(*f, hotter, ResumeOptions{true, true});
        QCOMPARE(planned.send, 0);
        QCOMPARE(planned.unverified, std::uint64_t(8));
        QVERIFY(planned.refusal.isEmpty());
    }

    // The ask hash: max_tokens does not count, every other field does.
    void askHashCoversTheQuestion()
    {
        ChatRequest request;
        request.model = QStringLiteral("m");
        request.messages = {{QStringLiteral("user"), QStringLiteral("Which is better?")}};
        const QString base = askHash(request);
        QCOMPARE(base.size(), 32);
        ChatRequest longer = request;
        longer.maxTokens = 7;
        QCOMPARE(askHash(longer), base);
        for (int field = 0; field < 5; ++field) {
            ChatRequest other = request;
            switch (field) {
            case 0:
                other.model = QStringLiteral("n");
                break;
            case 1:
                other.messages.front().content += QLatin1Char(' ');
                break;
            case 2:
                other.temperature = 0.5;
                break;
            case 3:
                other.reasoningEffort = QStringLiteral("low");
                break;
            default:
                other.logprobs = true;
                break;
            }
            QVERIFY2(askHash(other) != base, qPrintable(QString::number(field)));
        }
    }
};

QTEST_GUILESS_MAIN(TestJudgmentIdentity)
#include "tst_judgmentidentity.moc"
