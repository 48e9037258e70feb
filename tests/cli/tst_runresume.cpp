// tribunal-cli run resuming by judgment identity (core/judging/judgmentidentity.h) against the real
// tribunal-judge-sim executable: a harmless edit of the design (localhost for 127.0.0.1, another max_tokens)
// sends nothing again and the project stays openable; a changed temperature is refused with what changed and
// nothing is sent or written, --rerun buys the judgments again replacing them; items with identical texts
// keep every judgment through a SIGKILL and two resumes.

#include "../common/clirun.h"
#include "../common/judgingfixtures.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QTemporaryDir>
#include <QTest>

using namespace tribunal;
using tribunal::testing::CliRun;
using tribunal::testing::runCli;
using tribunal::testing::writeFixture;

namespace {

/// Every row of the project's judgments and judges tables, as text: what a run could have written (the file's
/// bytes change when a run only opens it: the write-ahead log is switched on and folded back).
QString projectRows(const QString& path)
{
    QString rows;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), QStringLiteral("dump"));
        db.setDatabaseName(path);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
        if (!db.open())
            return QStringLiteral("cannot open");
        for (const char* sql :
             {"SELECT * FROM judgments ORDER BY seq", "SELECT * FROM judges ORDER BY name"}) {
            QSqlQuery query(db);
            if (!query.exec(QLatin1String(sql)))
                return QStringLiteral("cannot read");
            while (query.next()) {
                for (int c = 0; c < query.record().count(); ++c)
                    rows += query.value(c).toString() + QLatin1Char('|');
                rows += QLatin1Char('\n');
            }
        }
    }
    QSqlDatabase::removeDatabase(QStringLiteral("dump"));
    return rows;
}

/// "to send: N requests (M judgments already recorded)" of a run's stdout: {N, M}, or {-1, -1}.
std::pair<int, int> toSend(const QString& out)
{
    const auto match =
        QRegularExpression(QStringLiteral("to send: (\\d+) requests \\((\\d+) judgments already recorded\\)"))
            .match(out);
    if (!match.hasMatch())
        return {-1, -1};
    return {match.captured(1).toInt(), match.captured(2).toInt()};
}

} // namespace

class TestRunResume : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QProcess m_sim;
    QString m_baseUrl;
    QString m_stats;
    QString m_items;
    QString m_duplicates;

    QString design(const QString& name, const QString& items, const std::function<void(QJsonObject&)>& edit,
                   int runs = 1)
    {
        QJsonObject judge = test::simJudgeJson(QStringLiteral("sim-resume"), m_baseUrl, 4);
        if (edit)
            edit(judge);
        const QJsonObject json = test::designJson(items, {judge}, {QStringLiteral("direct")}, runs);
        return writeFixture(m_dir, name, QJsonDocument(json).toJson());
    }

    CliRun run(const QString& designPath, const QString& project, const QStringList& more = {})
    {
        return runCli(QStringList{QStringLiteral("run"), designPath, QStringLiteral("-o"), project,
                                  QStringLiteral("--quiet")} +
                      more);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_items = writeFixture(m_dir, QStringLiteral("items.jsonl"),
                               test::pairwiseItemsJsonl(30, QStringLiteral("sim-resume")));
        m_duplicates = writeFixture(m_dir, QStringLiteral("duplicates.jsonl"),
                                    test::duplicateTextItemsJsonl(40, 2, QStringLiteral("sim-dup")));
        // The simulator knows the texts of both files (the duplicates' texts differ from the others').
        const QString allItems =
            writeFixture(m_dir, QStringLiteral("all.jsonl"),
                         test::pairwiseItemsJsonl(30, QStringLiteral("sim-resume")) +
                             test::duplicateTextItemsJsonl(40, 2, QStringLiteral("sim-dup")));
        m_stats = m_dir.filePath(QStringLiteral("stats.json"));
        m_baseUrl = test::startLatencySim(m_sim, QStringLiteral(TRIBUNAL_JUDGE_SIM_PATH), m_dir.path(),
                                          allItems, QStringLiteral("sim-resume"), 20, 11, m_stats);
        QVERIFY2(!m_baseUrl.isEmpty(), "tribunal-judge-sim did not start");
        QVERIFY(m_baseUrl.startsWith(QStringLiteral("http://127.0.0.1:")));
    }

    void cleanupTestCase()
    {
        m_sim.terminate();
        m_sim.waitForFinished(5000);
    }

    void harmlessEditsSendNothing()
    {
        const QString project = m_dir.filePath(QStringLiteral("harmless.tribunal"));
        const CliRun first = run(design(QStringLiteral("first.json"), m_items, {}), project);
        QVERIFY2(first.exitCode == 0, qPrintable(first.err));
        QCOMPARE(toSend(first.out), std::make_pair(60, 0));
        const int received = test::simStat(m_stats, "received");

        // The same server written localhost, another max_tokens, more in flight, other prices.
        const QString edited = design(QStringLiteral("edited.json"), m_items, [this](QJsonObject& judge) {
            judge.insert(QStringLiteral("base_url"), QString(m_baseUrl).replace(QStringLiteral("127.0.0.1"),
                                                                                QStringLiteral("localhost")));
            judge.insert(QStringLiteral("max_tokens"), 64);
            judge.insert(QStringLiteral("requests_in_flight"), 8);
            judge.insert(QStringLiteral("price_in_per_mtok"), 3.0);
        });
        const CliRun again = run(edited, project);
        QVERIFY2(again.exitCode == 0, qPrintable(again.err));
        QCOMPARE(toSend(again.out), std::make_pair(0, 60));
        QCOMPARE(test::simStat(m_stats, "received"), received);
        QString error;
        QCOMPARE(test::projectJudgmentCount(project, &error), 60);
        const CliRun info = runCli({QStringLiteral("info"), project});
        QVERIFY2(info.exitCode == 0, qPrintable(info.err));
    }

    // Proxy variables meant for the internet do not divert the loopback host: a dead proxy in http_proxy and
    // a no_proxy naming other hosts, yet the run reaches the simulator on 127.0.0.1 (and on localhost).
    void proxyVariablesDoNotDivertLoopback()
    {
        const QStringList environment{QStringLiteral("http_proxy=http://127.0.0.1:9"),
                                      QStringLiteral("HTTP_PROXY=http://127.0.0.1:9"),
                                      QStringLiteral("no_proxy=example.com")};
        for (const QString& host : {QStringLiteral("127.0.0.1"), QStringLiteral("localhost")}) {
            const QString designPath =
                design(QStringLiteral("proxy-%1.json").arg(host), m_items, [&](QJsonObject& judge) {
                    judge.insert(QStringLiteral("base_url"),
                                 QString(m_baseUrl).replace(QStringLiteral("127.0.0.1"), host));
                    judge.insert(QStringLiteral("max_retries"), 0);
                });
            const QString project = m_dir.filePath(QStringLiteral("proxy-%1.tribunal").arg(host));
            const CliRun done = runCli(
                {QStringLiteral("run"), designPath, QStringLiteral("-o"), project, QStringLiteral("--quiet")},
                environment);
            QVERIFY2(done.exitCode == 0, qPrintable(done.err));
            QVERIFY2(
                done.out.contains(QStringLiteral("finished: 60 judgments written (0 unparsable, 0 requests "
                                                 "failed)")),
                qPrintable(done.out));
        }
    }

    void changedTemperatureIsRefusedThenBoughtAgain()
    {
        const QString project = m_dir.filePath(QStringLiteral("changed.tribunal"));
        const CliRun first = run(design(QStringLiteral("cold.json"), m_items, {}), project);
        QVERIFY2(first.exitCode == 0, qPrintable(first.err));
        const QString before = projectRows(project);
        QVERIFY(before.count(QLatin1Char('\n')) == 61);
        const int received = test::simStat(m_stats, "received");

        const QString hot = design(QStringLiteral("hot.json"), m_items, [](QJsonObject& judge) {
            judge.insert(QStringLiteral("temperature"), 0.7);
        });
        const CliRun refused = run(hot, project);
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(
            refused.err.contains(
                QStringLiteral("%1: 60 recorded judgments of judge 'sim-resume' (temperature 0 -> 0.7) were "
                               "asked otherwise than this design asks them; nothing was sent")
                    .arg(project)),
            qPrintable(refused.err));
        QVERIFY2(refused.err.contains(QStringLiteral("note: to keep both, record the change as a condition")),
                 qPrintable(refused.err));
        QVERIFY2(refused.err.contains(QStringLiteral("--rerun")), qPrintable(refused.err));
        QVERIFY2(!refused.out.contains(QStringLiteral("to send")), qPrintable(refused.out));
        QCOMPARE(test::simStat(m_stats, "received"), received);
        QCOMPARE(projectRows(project), before);

        const CliRun bought = run(hot, project, {QStringLiteral("--rerun")});
        QVERIFY2(bought.exitCode == 0, qPrintable(bought.err));
        QCOMPARE(toSend(bought.out), std::make_pair(60, 0));
        QVERIFY2(bought.out.contains(QStringLiteral("bought again: 60 recorded judgments asked otherwise")),
                 qPrintable(bought.out));
        QCOMPARE(test::simStat(m_stats, "received"), received + 60);
        QString error;
        QCOMPARE(test::projectJudgmentCount(project, &error), 60);
        // Now recorded as the design asks them: nothing more to send, nothing refused.
        const CliRun after = run(hot, project);
        QVERIFY2(after.exitCode == 0, qPrintable(after.err));
        QCOMPARE(toSend(after.out), std::make_pair(0, 60));

        // A change kept beside the old judgments is a condition: a new identity, sent, nothing replaced.
        const QString conditions = m_dir.filePath(QStringLiteral("conditions.json"));
        {
            QJsonObject json = QJsonDocument::fromJson([&] {
                                   QFile file(hot);
                                   return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
                               }())
                                   .object();
            json.insert(QStringLiteral("conditions"),
                        QJsonArray{QJsonObject{{QStringLiteral("temperature"), 0.7}},
                                   QJsonObject{{QStringLiteral("temperature"), 0.0}}});
            writeFixture(m_dir, QStringLiteral("conditions.json"), QJsonDocument(json).toJson());
        }
        const CliRun both = run(conditions, project);
        QVERIFY2(both.exitCode == 0, qPrintable(both.err));
        QCOMPARE(toSend(both.out), std::make_pair(120, 0));
        QCOMPARE(test::projectJudgmentCount(project, &error), 180);
    }

    void identicalTextsSurviveKillAndResume()
    {
        const QString designPath = design(QStringLiteral("duplicates.json"), m_duplicates, {}, 2);
        const QString project = m_dir.filePath(QStringLiteral("duplicates.tribunal"));
        const int calls = 40 * 2 * 2;
        const int answeredBefore = test::simStat(m_stats, "answered");
        QProcess cli;
        cli.start(QStringLiteral(TRIBUNAL_CLI_PATH), {QStringLiteral("run"), designPath, QStringLiteral("-o"),
                                                      project, QStringLiteral("--quiet")});
        QVERIFY(cli.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(test::simStat(m_stats, "answered") - answeredBefore >= 50 ||
                                     cli.state() == QProcess::NotRunning,
                                 60000);
        QVERIFY2(cli.state() == QProcess::Running, "the run ended before it could be killed");
        cli.kill();
        QVERIFY(cli.waitForFinished(10000));

        const CliRun second = run(designPath, project);
        QVERIFY2(second.exitCode == 0, qPrintable(second.err));
        const auto [sent, recorded] = toSend(second.out);
        QVERIFY2(recorded >= 40 && recorded < calls, qPrintable(second.out));
        QCOMPARE(sent + recorded, calls);
        const CliRun third = run(designPath, project);
        QVERIFY2(third.exitCode == 0, qPrintable(third.err));
        QCOMPARE(toSend(third.out), std::make_pair(0, calls));
        QString error;
        QCOMPARE(test::projectJudgmentCount(project, &error), calls);
    }
};

QTEST_GUILESS_MAIN(TestRunResume)
#include "tst_runresume.moc"
