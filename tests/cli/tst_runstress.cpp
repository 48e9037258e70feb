// Stress (docs/robustness.md, "Stress suite"): tribunal-cli run against the real tribunal-judge-sim, six
// times killed with SIGKILL at a different point, the design edited harmlessly between runs (the host
// spelled localhost or 127.0.0.1, max_tokens, requests in flight, prices), on items of which every three
// share their texts; while each run writes, a second run and an append are tried and must be refused. After
// every kill the project opens with no judgment twice; the last run completes it with every judgment once, a
// further run sends nothing, and the simulator answered at most the killed runs' requests in flight more than
// the design holds. The simulator answers in 100 ms (up to 40 answers a second), so a run is still going when
// it is killed even where starting the second writers takes seconds (the sanitizer build). Bounded: about 30
// s (300 s timeout).

#include "../common/clirun.h"
#include "../common/judgingfixtures.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace tribunal;
using tribunal::testing::CliRun;
using tribunal::testing::runCli;
using tribunal::testing::writeFixture;

namespace {

constexpr int kItems = 300;
constexpr int kCalls = kItems * 2 * 2; // direct, both orders, 2 runs
constexpr int kInFlight = 4;

} // namespace

class TestRunStress : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QProcess m_sim;
    QString m_baseUrl;
    QString m_stats;
    QString m_items;

    /// The design of cycle `cycle`: the same judgments, asked the same way, written differently.
    QString design(int cycle)
    {
        QJsonObject judge =
            test::simJudgeJson(QStringLiteral("sim-stress"), m_baseUrl, kInFlight - cycle % 2);
        if (cycle % 2 == 1)
            judge.insert(QStringLiteral("base_url"), QString(m_baseUrl).replace(QStringLiteral("127.0.0.1"),
                                                                                QStringLiteral("localhost")));
        judge.insert(QStringLiteral("max_tokens"), 16 + cycle);
        judge.insert(QStringLiteral("price_in_per_mtok"), 1.0 + cycle);
        const QJsonObject json = test::designJson(m_items, {judge}, {QStringLiteral("direct")}, 2);
        return writeFixture(m_dir, QStringLiteral("design-%1.json").arg(cycle), QJsonDocument(json).toJson());
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_items = writeFixture(m_dir, QStringLiteral("items.jsonl"),
                               test::duplicateTextItemsJsonl(kItems, 3, QStringLiteral("sim-stress")));
        m_stats = m_dir.filePath(QStringLiteral("stats.json"));
        m_baseUrl = test::startLatencySim(m_sim, QStringLiteral(TRIBUNAL_JUDGE_SIM_PATH), m_dir.path(),
                                          m_items, QStringLiteral("sim-stress"), 100, 13, m_stats);
        QVERIFY2(!m_baseUrl.isEmpty(), "tribunal-judge-sim did not start");
    }

    void cleanupTestCase()
    {
        m_sim.terminate();
        m_sim.waitForFinished(5000);
    }

    void killResumeEditAndConcurrentWriters()
    {
        QElapsedTimer clock;
        clock.start();
        const QString project = m_dir.filePath(QStringLiteral("stress.tribunal"));
        const QString append = writeFixture(m_dir, QStringLiteral("append.csv"),
                                            "dataset,item_id,judge,format,order,rep,verdict,label\n"
                                            "extra,x1,appender,direct,AB,1,A,A\n");
        int kills = 0;
        int recordedBefore = 0;
        for (int cycle = 0; cycle < 6; ++cycle) {
            QProcess cli;
            cli.start(QStringLiteral(TRIBUNAL_CLI_PATH),
                      {QStringLiteral("run"), design(cycle), QStringLiteral("-o"), project,
                       QStringLiteral("--quiet")});
            QVERIFY(cli.waitForStarted());
            QString out;
            QTRY_VERIFY_WITH_TIMEOUT(
                (out += QString::fromUtf8(cli.readAllStandardOutput()),
                 out.contains(QStringLiteral("to send: ")) || cli.state() == QProcess::NotRunning),
                60000);
            QVERIFY2(cli.state() == QProcess::Running, qPrintable(out));
            // What the earlier runs recorded is found whatever the edit.
            const auto match =
                QRegularExpression(QStringLiteral("to send: (\\d+) requests \\((\\d+) judgments already "
                                                  "recorded\\)"))
                    .match(out);
            QVERIFY2(match.hasMatch(), qPrintable(out));
            QCOMPARE(match.captured(2).toInt(), recordedBefore);
            QCOMPARE(match.captured(1).toInt(), kCalls - recordedBefore);

            // Second writers are refused at once while the run holds the project.
            const CliRun second = runCli({QStringLiteral("run"), design(cycle), QStringLiteral("-o"), project,
                                          QStringLiteral("--quiet")});
            QCOMPARE(second.exitCode, 1);
            QVERIFY2(second.err.contains(QStringLiteral("is being written by tribunal-cli run")),
                     qPrintable(second.err));
            const CliRun appended = runCli({QStringLiteral("import"), append, QStringLiteral("--append"),
                                            QStringLiteral("-o"), project});
            QCOMPARE(appended.exitCode, 1);
            QVERIFY2(appended.err.contains(QStringLiteral("is being written by tribunal-cli run")),
                     qPrintable(appended.err));

            // Killed at a different point each time: after 4 + 9 * cycle answers of this run.
            const int answered = test::simStat(m_stats, "answered");
            QTRY_VERIFY_WITH_TIMEOUT(test::simStat(m_stats, "answered") - answered >= 4 + 9 * cycle ||
                                         cli.state() == QProcess::NotRunning,
                                     60000);
            QVERIFY2(cli.state() == QProcess::Running, "the run ended before it could be killed");
            cli.kill();
            QVERIFY(cli.waitForFinished(10000));
            ++kills;

            // The project opens after every kill, with no judgment twice.
            QString error;
            recordedBefore = test::projectJudgmentCount(project, &error);
            QVERIFY2(recordedBefore >= 0, qPrintable(error));
            QVERIFY(recordedBefore < kCalls);
        }
        QVERIFY(recordedBefore > 0);

        const CliRun last = runCli(
            {QStringLiteral("run"), design(6), QStringLiteral("-o"), project, QStringLiteral("--quiet")});
        QVERIFY2(last.exitCode == 0, qPrintable(last.err));
        QVERIFY2(last.out.contains(QStringLiteral("to send: %1 requests (%2 judgments already recorded)")
                                       .arg(kCalls - recordedBefore)
                                       .arg(recordedBefore)),
                 qPrintable(last.out));
        const CliRun again = runCli(
            {QStringLiteral("run"), design(7), QStringLiteral("-o"), project, QStringLiteral("--quiet")});
        QVERIFY2(again.out.contains(
                     QStringLiteral("to send: 0 requests (%1 judgments already recorded)").arg(kCalls)),
                 qPrintable(again.out));
        QString error;
        QCOMPARE(test::projectJudgmentCount(project, &error), kCalls);
        QVERIFY(!QFile::exists(project + QStringLiteral("-wal")));
        // Only the requests the killed runs had in flight were answered twice.
        const int answered = test::simStat(m_stats, "answered");
        QVERIFY2(answered >= kCalls && answered <= kCalls + kills * kInFlight,
                 qPrintable(QString::number(answered)));
        qInfo("6 kills, %d answers for %d judgments, %.1f s", answered, kCalls,
              static_cast<double>(clock.elapsed()) / 1000.0);
    }
};

QTEST_GUILESS_MAIN(TestRunStress)
#include "tst_runstress.moc"
