// SPDX-License-Identifier: GPL-3.0-or-later
// Crash safety of a live run (issue 11): tribunal-cli run, writing answers of tribunal-judge-sim into a
// project, is killed with SIGKILL at a random moment 200 times and resumed each time. After every kill the
// project opens, holds every answer the previous kill left (a committed answer is never lost) and none twice;
// the last resumed run completes the design with exactly its number of judgments.

#include "../common/clirun.h"
#include "../common/judgingfixtures.h"
#include "io/project/projectfile.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include <chrono>
#include <cstdlib>
#include <optional>
#include <random>
#include <thread>

using namespace tribunal;
using tribunal::testing::runCli;
using tribunal::testing::writeFixture;

namespace {

// The request hashes of a project's judgments, in seq order; nullopt (with *error) when it does not open.
// (test::projectRequestHashes gives an empty list for both "no answers" and "broken file".)
std::optional<QStringList> recordedHashes(const QString& project, QString* error)
{
    std::string message;
    const auto contents = ProjectFile::open(project.toStdString(), &message);
    if (!contents) {
        *error = QString::fromStdString(message);
        return std::nullopt;
    }
    QStringList hashes;
    const Audit& audit = *contents->audit;
    for (std::uint32_t row : audit.importOrder()) {
        const auto extra = audit.str(audit.judgments().extra[row]);
        hashes.append(QJsonDocument::fromJson(QByteArray(extra.data(), static_cast<qsizetype>(extra.size())))
                          .object()
                          .value(QStringLiteral("request_hash"))
                          .toString());
    }
    return hashes;
}

// Waits up to `timeoutMs` for the run's "to send: N requests" line (printed when it has read the project and
// starts sending); false when it did not come in time or the run ended.
bool waitForSending(QProcess& cli, qint64 timeoutMs)
{
    QElapsedTimer timer;
    timer.start();
    QByteArray out;
    for (;;) {
        out += cli.readAllStandardOutput();
        if (out.contains("to send: "))
            return true;
        const qint64 left = timeoutMs - timer.elapsed();
        if (left <= 0 || cli.state() != QProcess::Running)
            return false;
        cli.waitForReadyRead(static_cast<int>(left));
    }
}

} // namespace

class TestRunCrash : public QObject {
    Q_OBJECT

    // Sizes and pace: the simulator answers in 10 ms and the judge sends 4 requests at a time, so a run
    // records at most about 4 x (50 ms / 10 ms + 1) = 24 answers in the 50 ms it may live after it starts
    // sending (below): 200 runs stay below the design's 4,000 whatever the machine's speed, and the last run
    // completes the rest at up to 400 answers a second.
    static constexpr int kItems = 500;
    static constexpr int kRuns = 4;
    static constexpr int kCalls = kItems * 2 * kRuns; // one judge, one format, both orders
    static constexpr int kKills = 200;

    QTemporaryDir m_dir;
    QProcess m_sim;
    QString m_baseUrl;
    QString m_items;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_items = writeFixture(m_dir, QStringLiteral("items.jsonl"),
                               test::pairwiseItemsJsonl(kItems, QStringLiteral("sim-crash")));
        // One simulator for the whole test: its latency paces the runs (a few answers per run and kill).
        m_baseUrl = test::startLatencySim(m_sim, QStringLiteral(TRIBUNAL_JUDGE_SIM_PATH), m_dir.path(),
                                          m_items, QStringLiteral("sim-crash"), 10, 11);
        QVERIFY2(!m_baseUrl.isEmpty(), "tribunal-judge-sim did not start");
    }

    void cleanupTestCase()
    {
        m_sim.terminate();
        m_sim.waitForFinished(5000);
    }

    void killedRunsLoseNothing()
    {
        const QJsonObject design =
            test::designJson(m_items, {test::simJudgeJson(QStringLiteral("sim-crash"), m_baseUrl, 4)},
                             {QStringLiteral("direct")}, kRuns);
        const QString designPath =
            writeFixture(m_dir, QStringLiteral("design.json"), QJsonDocument(design).toJson());
        const QString project = m_dir.filePath(QStringLiteral("crash.tribunal"));
        const QStringList runArgs{QStringLiteral("run"), designPath, QStringLiteral("-o"), project,
                                  QStringLiteral("--quiet")};

        const char* seedText = std::getenv("TRIBUNAL_CRASH_SEED");
        const std::uint64_t seed = seedText ? std::strtoull(seedText, nullptr, 10) : 20261130;
        qInfo("seed %llu (set TRIBUNAL_CRASH_SEED to repeat another run's kill times)",
              static_cast<unsigned long long>(seed));
        std::mt19937_64 rng(seed);

        QSet<QString> previous;
        // Where the kills landed: before the project existed (the first run creating it), with nothing new
        // recorded since the last kill (start-up, reading the project, recovering its log), or after new
        // answers were written.
        int noProject = 0, nothingNew = 0, newAnswers = 0;
        QElapsedTimer wall;
        wall.start();
        for (int kill = 0; kill < kKills; ++kill) {
            QProcess cli;
            cli.start(QStringLiteral(TRIBUNAL_CLI_PATH), runArgs);
            QVERIFY(cli.waitForStarted());
            // A quarter of the kills within the first 100 ms, but no later than the run's "to send:" line
            // (start-up: reading the design, creating or opening the project, recovering its log, reading
            // what is recorded); the others 10 to 50 ms after that line (the simulator's first answers take
            // 10 ms), while answers are being written.
            QElapsedTimer sinceStart;
            sinceStart.start();
            const bool startUp = rng() % 4 == 0;
            const auto waitUs = static_cast<qint64>(startUp ? rng() % 100000 : 10000 + rng() % 40000);
            const bool sending = waitForSending(cli, startUp ? waitUs / 1000 : 60000);
            if (!startUp) {
                QVERIFY2(sending, qPrintable(QStringLiteral("kill %1: the run did not start sending: %2")
                                                 .arg(kill)
                                                 .arg(QString::fromUtf8(cli.readAllStandardError()))));
                std::this_thread::sleep_for(std::chrono::microseconds(waitUs));
            } else if (!sending) {
                std::this_thread::sleep_for(std::chrono::microseconds(
                    std::max<qint64>(0, waitUs - sinceStart.nsecsElapsed() / 1000)));
            }
            // A run that ended on its own was not killed: the sizes above are wrong for this machine.
            QVERIFY2(!cli.waitForFinished(0),
                     qPrintable(QStringLiteral("kill %1: the run ended: ").arg(kill) +
                                QString::fromUtf8(cli.readAllStandardError())));
            cli.kill(); // SIGKILL
            QVERIFY(cli.waitForFinished(10000));
            // Ended on its own between the check above and the kill: a run that failed (an error it printed).
            QVERIFY2(cli.exitStatus() == QProcess::CrashExit,
                     qPrintable(QStringLiteral("kill %1: exit code %2: %3")
                                    .arg(kill)
                                    .arg(cli.exitCode())
                                    .arg(QString::fromUtf8(cli.readAllStandardError()))));

            if (!QFile::exists(project)) {
                // Only before any run got as far as creating the project (ProjectFile::save is atomic).
                QVERIFY2(previous.isEmpty(),
                         qPrintable(QStringLiteral("kill %1: the project vanished").arg(kill)));
                ++noProject;
                continue;
            }
            QString error;
            const auto hashes = recordedHashes(project, &error);
            QVERIFY2(
                hashes,
                qPrintable(QStringLiteral("kill %1 (after %2 us): %3").arg(kill).arg(waitUs).arg(error)));
            const QSet<QString> recorded(hashes->begin(), hashes->end());
            // Never recorded twice: a resumed run does not send (or write) a recorded request again.
            QCOMPARE(recorded.size(), hashes->size());
            QVERIFY(!recorded.contains(QString()));
            // Nothing committed is lost: everything the previous kill left is still there.
            for (const QString& hash : previous)
                QVERIFY2(recorded.contains(hash),
                         qPrintable(QStringLiteral("kill %1 lost %2").arg(kill).arg(hash)));
            (recorded.size() > previous.size() ? newAnswers : nothingNew)++;
            previous = recorded;
            if (kill % 20 == 19)
                qInfo("after kill %d: %lld judgments recorded, %lld ms", kill + 1,
                      static_cast<long long>(previous.size()), static_cast<long long>(wall.elapsed()));
        }
        qInfo("%d kills in %lld ms: no project yet %d, nothing new recorded %d, new answers %d; %lld of %d "
              "judgments recorded",
              kKills, static_cast<long long>(wall.elapsed()), noProject, nothingNew, newAnswers,
              static_cast<long long>(previous.size()), kCalls);
        // The kills hit runs that were writing answers, not only start-ups, and left the design unfinished.
        // (A quarter of the kills aim at start-up, and a sanitizer build may kill some runs still waiting for
        // their first answer: a quarter is the floor, about two thirds is usual.)
        QVERIFY2(newAnswers >= kKills / 4, qPrintable(QString::number(newAnswers)));
        QVERIFY(previous.size() < kCalls);

        // The last run resumes and completes: exactly the design's judgments, each once, none lost.
        const auto last = runCli(runArgs);
        QVERIFY2(last.exitCode == 0, qPrintable(last.err));
        const auto toSend =
            QRegularExpression(
                QStringLiteral("to send: (\\d+) requests \\((\\d+) judgments already recorded\\)"))
                .match(last.out);
        QVERIFY2(toSend.hasMatch(), qPrintable(last.out));
        QCOMPARE(toSend.captured(2).toInt(), int(previous.size()));
        QCOMPARE(toSend.captured(1).toInt(), kCalls - int(previous.size()));
        QString error;
        const auto hashes = recordedHashes(project, &error);
        QVERIFY2(hashes, qPrintable(error));
        QCOMPARE(hashes->size(), qsizetype(kCalls));
        const QSet<QString> recorded(hashes->begin(), hashes->end());
        QCOMPARE(recorded.size(), qsizetype(kCalls));
        for (const QString& hash : previous)
            QVERIFY(recorded.contains(hash));
        // A finished run folds its log back into the file.
        QVERIFY(!QFile::exists(project + QStringLiteral("-wal")));
    }
};

QTEST_GUILESS_MAIN(TestRunCrash)
#include "tst_runcrash.moc"
