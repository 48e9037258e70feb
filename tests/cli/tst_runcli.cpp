// tribunal-cli run / plan (issue 8) against the real tribunal-judge-sim executable on 127.0.0.1: a run killed
// with SIGKILL twice resumes and completes with no judgment lost or duplicated and no recorded request sent
// again; the plan prints the estimate and the precision table; usage and bad-design errors.

#include "../common/clirun.h"
#include "../common/judgingfixtures.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace tribunal;
using tribunal::testing::runCli;
using tribunal::testing::writeFixture;

namespace {

/// The simulator's live counts (GET /v1/stats): the stats file is only rewritten after an answer or fault,
/// so a request a killed client abandoned is counted as received there only at the next write.
QJsonObject liveStats(const QString& baseUrl)
{
    QNetworkAccessManager network;
    QNetworkReply* reply = network.get(QNetworkRequest(QUrl(baseUrl + QStringLiteral("/stats"))));
    QSignalSpy done(reply, &QNetworkReply::finished);
    if (!done.wait(10000))
        return {};
    const QJsonObject stats = QJsonDocument::fromJson(reply->readAll()).object();
    reply->deleteLater();
    return stats;
}

} // namespace

class TestRunCli : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QProcess m_sim;
    QString m_baseUrl;
    QString m_stats;
    QString m_items;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_items = writeFixture(m_dir, QStringLiteral("items.jsonl"),
                               test::pairwiseItemsJsonl(60, QStringLiteral("sim-kill")));
        const QJsonObject config{
            {QStringLiteral("seed"), 3},
            {QStringLiteral("models"),
             QJsonObject{{QStringLiteral("sim-kill"), QJsonObject{{QStringLiteral("accuracy"), 0.8},
                                                                  {QStringLiteral("latency_ms"), 20}}}}}};
        const QString configPath =
            writeFixture(m_dir, QStringLiteral("sim.json"), QJsonDocument(config).toJson());
        m_stats = m_dir.filePath(QStringLiteral("stats.json"));
        m_baseUrl =
            test::startJudgeSim(m_sim, QStringLiteral(TRIBUNAL_JUDGE_SIM_PATH),
                                {m_items, QStringLiteral("--config"), configPath, QStringLiteral("--port"),
                                 QStringLiteral("0"), QStringLiteral("--stats-file"), m_stats});
        QVERIFY2(!m_baseUrl.isEmpty(), "tribunal-judge-sim did not start");
    }

    void cleanupTestCase()
    {
        m_sim.terminate();
        m_sim.waitForFinished(5000);
    }

    void killedRunResumes()
    {
        const QJsonObject design =
            test::designJson(m_items, {test::simJudgeJson(QStringLiteral("sim-kill"), m_baseUrl, 4)},
                             {QStringLiteral("direct"), QStringLiteral("cot-json")}, 2);
        const QString designPath =
            writeFixture(m_dir, QStringLiteral("design.json"), QJsonDocument(design).toJson());
        const QString project = m_dir.filePath(QStringLiteral("killed.tribunal"));
        const int calls = 60 * 2 * 2 * 2;
        const int inFlight = 4;

        // Two runs killed with SIGKILL mid-way (after 60 and after 200 answers).
        int kills = 0;
        for (int threshold : {60, 200}) {
            QProcess cli;
            cli.start(QStringLiteral(TRIBUNAL_CLI_PATH),
                      {QStringLiteral("run"), designPath, QStringLiteral("-o"), project,
                       QStringLiteral("--quiet")});
            QVERIFY(cli.waitForStarted());
            QTRY_VERIFY_WITH_TIMEOUT(test::simStat(m_stats, "answered") >= threshold ||
                                         cli.state() == QProcess::NotRunning,
                                     120000);
            QVERIFY2(cli.state() == QProcess::Running, "the run ended before it could be killed");
            cli.kill(); // SIGKILL
            QVERIFY(cli.waitForFinished(10000));
            QCOMPARE(cli.exitStatus(), QProcess::CrashExit);
            ++kills;
        }
        const QStringList recordedBefore = test::projectRequestHashes(project);
        QVERIFY(recordedBefore.size() >= 200 - kills * inFlight);
        QVERIFY(recordedBefore.size() < calls);
        // Requests a killed run had in flight get their (unread) answer within the simulator's latency; the
        // stats file is rewritten after each.
        QTest::qWait(500);
        const int received = liveStats(m_baseUrl).value(QStringLiteral("received")).toInt();
        QVERIFY(received > 0);

        // The third run completes and sends exactly the requests that have no recorded answer.
        const auto last = runCli(
            {QStringLiteral("run"), designPath, QStringLiteral("-o"), project, QStringLiteral("--quiet")});
        QVERIFY2(last.exitCode == 0, qPrintable(last.err));
        const auto toSend =
            QRegularExpression(
                QStringLiteral("to send: (\\d+) requests \\((\\d+) judgments already recorded\\)"))
                .match(last.out);
        QVERIFY2(toSend.hasMatch(), qPrintable(last.out));
        QCOMPARE(toSend.captured(2).toInt(), int(recordedBefore.size()));
        QCOMPARE(toSend.captured(1).toInt(), calls - int(recordedBefore.size()));
        QCOMPARE(liveStats(m_baseUrl).value(QStringLiteral("received")).toInt() - received,
                 calls - int(recordedBefore.size()));

        // No judgment lost or duplicated; every recorded hash of the killed runs is still there, once.
        const QStringList hashes = test::projectRequestHashes(project);
        QCOMPARE(hashes.size(), qsizetype(calls));
        const QSet<QString> distinct(hashes.begin(), hashes.end());
        QCOMPARE(distinct.size(), qsizetype(calls));
        for (const QString& hash : recordedBefore)
            QVERIFY(distinct.contains(hash));
        // The simulator answered each of the 240 prompts at least twice (2 runs); the only extra answers are
        // ones a killed client had in flight and never recorded.
        QCOMPARE(test::simStat(m_stats, "bodies"), calls / 2);
        const int answered = test::simStat(m_stats, "answered");
        QVERIFY2(answered >= calls && answered <= calls + kills * inFlight,
                 qPrintable(QString::number(answered)));
        QVERIFY(!QFile::exists(project + QStringLiteral("-wal")));
    }

    void planPrintsEstimateAndPrecision()
    {
        const QJsonObject design =
            test::designJson(m_items, {test::simJudgeJson(QStringLiteral("sim-kill"), m_baseUrl, 4)},
                             {QStringLiteral("direct")}, 3);
        const QString designPath =
            writeFixture(m_dir, QStringLiteral("plan.json"), QJsonDocument(design).toJson());
        const auto plan = runCli({QStringLiteral("plan"), designPath, QStringLiteral("--rates"),
                                  QStringLiteral("0.8,0.2,0.75"), QStringLiteral("--items"),
                                  QStringLiteral("50,200"), QStringLiteral("--simulations"),
                                  QStringLiteral("50"), QStringLiteral("--format"), QStringLiteral("csv")});
        QVERIFY2(plan.exitCode == 0, qPrintable(plan.err));
        QVERIFY2(plan.err.contains(QStringLiteral(
                     "design: 60 items x 1 judges x 1 formats -> 360 judgments, 360 requests")),
                 qPrintable(plan.err));
        const auto rows = tribunal::testing::csvRows(plan.out);
        QCOMPARE(rows.front().mid(0, 6),
                 (QStringList{QStringLiteral("items"), QStringLiteral("runs"), QStringLiteral("metric"),
                              QStringLiteral("mean"), QStringLiteral("width"), QStringLiteral("width_se")}));
        QCOMPARE(rows.size(), 1 + 2 * 4);
        // The width at 200 items is below the width at 50 for every metric.
        for (int m = 0; m < 4; ++m)
            QVERIFY(tribunal::testing::num(rows[1 + 4 + m][4]) < tribunal::testing::num(rows[1 + m][4]));
        const auto bad = runCli(
            {QStringLiteral("plan"), designPath, QStringLiteral("--rates"), QStringLiteral("0.8,0.2")});
        QCOMPARE(bad.exitCode, 1);
        QVERIFY2(bad.err.contains(QStringLiteral("--rates: '0.8,0.2' is not C,PHI,A with each in [0, 1]")),
                 qPrintable(bad.err));
        const auto unreachable = runCli(
            {QStringLiteral("plan"), designPath, QStringLiteral("--rates"), QStringLiteral("0.05,0.2,0.75")});
        QCOMPARE(unreachable.exitCode, 2);
        QVERIFY2(unreachable.err.contains(
                     QStringLiteral("C = 0.05 is not reachable with 3 runs: it must be in [0.0625, 1]")),
                 qPrintable(unreachable.err));
    }

    void endpointDownPrintsItsCause()
    {
        // The endpoint is down (a closed port): every request fails after its retry; the final report counts
        // them and says why, grouped by cause, and exits 3 (finished with failed requests).
        const QString items = writeFixture(m_dir, QStringLiteral("down-items.jsonl"),
                                           test::pairwiseItemsJsonl(3, QStringLiteral("sim-down")));
        const QJsonObject design = test::designJson(
            items, {test::simJudgeJson(QStringLiteral("down"), QStringLiteral("http://127.0.0.1:9/v1"), 2)},
            {QStringLiteral("direct")}, 1);
        const QString designPath =
            writeFixture(m_dir, QStringLiteral("down.json"), QJsonDocument(design).toJson());
        const auto run = runCli({QStringLiteral("run"), designPath, QStringLiteral("-o"),
                                 m_dir.filePath(QStringLiteral("down.tribunal")), QStringLiteral("--quiet"),
                                 QStringLiteral("--backoff"), QStringLiteral("0.05")});
        QCOMPARE(run.exitCode, 3);
        QVERIFY2(run.out.contains(QStringLiteral("(0 unparsable, 6 requests failed)")), qPrintable(run.out));
        QVERIFY2(
            run.err.contains(QStringLiteral("failed: 6 request(s): cannot connect to "
                                            "http://127.0.0.1:9/v1/chat/completions (connection refused)")),
            qPrintable(run.err));
        QCOMPARE(run.err.count(QStringLiteral("failed: ")), 1); // one cause, one line
    }

    void designItemMissingFromProject()
    {
        // A project made by a 3-item design, then a 4-item design run on it: the scheduler finds the fourth
        // item missing while it prepares (off the calling thread). The CLI reports it like a failed start:
        // the message alone on stderr, exit code 2, nothing sent, nothing written.
        const auto designFor = [&](int items) {
            const QString itemsPath =
                writeFixture(m_dir, QStringLiteral("items%1.jsonl").arg(items),
                             test::pairwiseItemsJsonl(items, QStringLiteral("sim-kill")));
            const QJsonObject design =
                test::designJson(itemsPath, {test::simJudgeJson(QStringLiteral("sim-kill"), m_baseUrl, 2)},
                                 {QStringLiteral("direct")}, 1);
            return writeFixture(m_dir, QStringLiteral("design%1.json").arg(items),
                                QJsonDocument(design).toJson());
        };
        const QString project = m_dir.filePath(QStringLiteral("three.tribunal"));
        const auto first = runCli(
            {QStringLiteral("run"), designFor(3), QStringLiteral("-o"), project, QStringLiteral("--quiet")});
        QVERIFY2(first.exitCode == 0, qPrintable(first.err));
        const QStringList recorded = test::projectRequestHashes(project);
        QCOMPARE(recorded.size(), 3 * 2);
        const int received = liveStats(m_baseUrl).value(QStringLiteral("received")).toInt();

        const auto second = runCli(
            {QStringLiteral("run"), designFor(4), QStringLiteral("-o"), project, QStringLiteral("--quiet")});
        QCOMPARE(second.exitCode, 2);
        QCOMPARE(second.err.trimmed(),
                 project + QStringLiteral(": item (sim-kill, q0003) of the design is not in the project"));
        QVERIFY2(!second.out.contains(QStringLiteral("finished")), qPrintable(second.out));
        QCOMPARE(liveStats(m_baseUrl).value(QStringLiteral("received")).toInt(), received);
        QCOMPARE(test::projectRequestHashes(project), recorded);
    }

    void usageAndDesignErrors()
    {
        auto r = runCli({QStringLiteral("run"), QStringLiteral("design.json")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.err.contains(QStringLiteral("run needs -o PROJECT")));
        const QString designPath = writeFixture(m_dir, QStringLiteral("bad-design.json"),
                                                R"({"items": ["items.jsonl"], "runs": 2})");
        r = runCli({QStringLiteral("run"), designPath, QStringLiteral("-o"),
                    m_dir.filePath(QStringLiteral("never.tribunal"))});
        QCOMPARE(r.exitCode, 2);
        QCOMPARE(r.err.trimmed(),
                 designPath + QStringLiteral(": formats: missing: name at least one prompt format"));
        QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("never.tribunal"))));
    }
};

QTEST_GUILESS_MAIN(TestRunCli)
#include "tst_runcli.moc"
