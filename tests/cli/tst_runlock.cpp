// One writer per project (core/io/project/projectlock.h) through tribunal-cli against the real
// tribunal-judge-sim: while a slow run holds a project a second run and an import --append are refused at
// once with the holder and exit code 1, and the run ends with every judgment once; of two concurrent appends
// exactly one is written and the other refused; a run killed with SIGKILL leaves a lock the next run takes
// over.

#include "../common/clirun.h"
#include "../common/judgingfixtures.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QSysInfo>
#include <QTemporaryDir>
#include <QTest>

using namespace tribunal;
using tribunal::testing::CliRun;
using tribunal::testing::runCli;
using tribunal::testing::writeFixture;

namespace {

constexpr int kItems = 40;
constexpr int kCalls = kItems * 2; // direct, both orders, one run

QJsonObject infoJson(const QString& project)
{
    const CliRun info = runCli({QStringLiteral("info"), project, QStringLiteral("--json")});
    if (info.exitCode != 0)
        qWarning("info failed: %s", qPrintable(info.err));
    return QJsonDocument::fromJson(info.out.toUtf8()).object();
}

// Starts `run DESIGN -o PROJECT` and returns once it printed "to send:" (it holds the lock from before
// that line until its last write); false when it ended or did not print it within 60 s.
bool startRun(QProcess& cli, const QString& design, const QString& project, QString* out)
{
    cli.start(QStringLiteral(TRIBUNAL_CLI_PATH),
              {QStringLiteral("run"), design, QStringLiteral("-o"), project, QStringLiteral("--quiet")});
    if (!cli.waitForStarted())
        return false;
    QElapsedTimer clock;
    clock.start();
    while (clock.elapsed() < 60000) {
        cli.waitForReadyRead(100);
        *out += QString::fromUtf8(cli.readAllStandardOutput());
        if (out->contains(QStringLiteral("to send: ")))
            return cli.state() == QProcess::Running;
        if (cli.state() != QProcess::Running)
            return false;
    }
    return false;
}

// The start of the refusal a writer gets while `command` of tribunal-cli with `pid` holds `project`.
QString refusalPrefix(const QString& project, const QString& command, qint64 pid)
{
    return QStringLiteral("%1: the project is being written by tribunal-cli %2 (pid %3 on %4 since ")
        .arg(project, command, QString::number(pid), QSysInfo::machineHostName());
}

void verifyRefused(const CliRun& run, const QString& prefix, qint64 elapsedMs)
{
    QVERIFY2(run.exitCode == 1, qPrintable(run.err));
    QVERIFY2(run.err.startsWith(prefix), qPrintable(run.err + QStringLiteral("\nexpected: ") + prefix));
    QVERIFY2(run.err.contains(QStringLiteral("); wait until it finishes, or stop it\n")),
             qPrintable(run.err));
    QVERIFY2(QRegularExpression(QStringLiteral("since \\d\\d:\\d\\d:\\d\\d\\)")).match(run.err).hasMatch(),
             qPrintable(run.err));
    // At once: no waiting for the holder (which runs for seconds more).
    QVERIFY2(elapsedMs < 15000, qPrintable(QString::number(elapsedMs)));
}

} // namespace

class TestRunLock : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QProcess m_sim;
    QString m_baseUrl;
    QString m_items;
    QString m_design;
    QString m_appendCsv;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_items = writeFixture(m_dir, QStringLiteral("items.jsonl"),
                               test::pairwiseItemsJsonl(kItems, QStringLiteral("sim-lock")));
        // 80 calls, 2 in flight, 150 ms each on average: a run of about 6 s.
        m_baseUrl = test::startLatencySim(m_sim, QStringLiteral(TRIBUNAL_JUDGE_SIM_PATH), m_dir.path(),
                                          m_items, QStringLiteral("sim-lock"), 150, 5);
        QVERIFY2(!m_baseUrl.isEmpty(), "tribunal-judge-sim did not start");
        const QJsonObject design =
            test::designJson(m_items, {test::simJudgeJson(QStringLiteral("sim-lock"), m_baseUrl, 2)},
                             {QStringLiteral("direct")}, 1);
        m_design = writeFixture(m_dir, QStringLiteral("design.json"), QJsonDocument(design).toJson());
        m_appendCsv = writeFixture(m_dir, QStringLiteral("append.csv"),
                                   "dataset,item_id,judge,format,order,rep,verdict,label\n"
                                   "extra,x1,appender,direct,AB,1,A,A\n"
                                   "extra,x2,appender,direct,AB,1,B,A\n");
    }

    void cleanupTestCase()
    {
        m_sim.terminate();
        m_sim.waitForFinished(5000);
    }

    void secondWritersAreRefusedWhileARunHolds()
    {
        const QString project = m_dir.filePath(QStringLiteral("held.tribunal"));
        QProcess first;
        QString firstOut;
        QVERIFY2(startRun(first, m_design, project, &firstOut), qPrintable(firstOut));
        const QString prefix = refusalPrefix(project, QStringLiteral("run"), first.processId());

        QElapsedTimer clock;
        clock.start();
        const CliRun second = runCli(
            {QStringLiteral("run"), m_design, QStringLiteral("-o"), project, QStringLiteral("--quiet")});
        verifyRefused(second, prefix, clock.elapsed());
        QVERIFY2(!second.out.contains(QStringLiteral("to send")), qPrintable(second.out));

        clock.restart();
        const CliRun append = runCli({QStringLiteral("import"), m_appendCsv, QStringLiteral("--append"),
                                      QStringLiteral("-o"), project});
        verifyRefused(append, prefix, clock.elapsed());
        clock.restart();
        const CliRun force = runCli({QStringLiteral("import"), m_appendCsv, QStringLiteral("--force"),
                                     QStringLiteral("-o"), project});
        verifyRefused(force, prefix, clock.elapsed());
        QVERIFY2(first.state() == QProcess::Running, "the run ended before the second writers were tried");

        QVERIFY(first.waitForFinished(120000));
        firstOut += QString::fromUtf8(first.readAllStandardOutput());
        QVERIFY2(first.exitStatus() == QProcess::NormalExit && first.exitCode() == 0,
                 qPrintable(QString::fromUtf8(first.readAllStandardError())));
        QVERIFY2(firstOut.contains(QStringLiteral("finished: %1 judgments written").arg(kCalls)),
                 qPrintable(firstOut));
        QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral(".held.tribunal.lock"))));

        // Every judgment once, and the project opens.
        QCOMPARE(infoJson(project).value(QStringLiteral("judgments")).toInt(), kCalls);
        const QStringList hashes = test::projectRequestHashes(project);
        QCOMPARE(hashes.size(), kCalls);
        QCOMPARE(QSet<QString>(hashes.begin(), hashes.end()).size(), kCalls);

        // Free again: an append now goes in.
        const CliRun later = runCli({QStringLiteral("import"), m_appendCsv, QStringLiteral("--append"),
                                     QStringLiteral("-o"), project});
        QVERIFY2(later.exitCode == 0, qPrintable(later.err));
        QCOMPARE(infoJson(project).value(QStringLiteral("judgments")).toInt(), kCalls + 2);
    }

    void concurrentAppendsWriteExactlyOne()
    {
        // A base large enough that an append reads and saves it for a while, so the two overlap.
        const QString base = m_dir.filePath(QStringLiteral("base.tribunal"));
        const int baseJudgments = 400000;
        const CliRun made =
            runCli({QStringLiteral("simulate"), QStringLiteral("audit"), QStringLiteral("--judgments"),
                    QString::number(baseJudgments), QStringLiteral("-o"), base});
        QVERIFY2(made.exitCode == 0, qPrintable(made.err));
        QStringList csvs;
        for (const char* judge : {"append-a", "append-b"})
            csvs << writeFixture(m_dir, QStringLiteral("%1.csv").arg(QLatin1String(judge)),
                                 QByteArray("dataset,item_id,judge,format,order,rep,verdict,label\n") +
                                     "extra,x1," + judge + ",direct,AB,1,A,A\n");
        QProcess a, b;
        a.start(QStringLiteral(TRIBUNAL_CLI_PATH),
                {QStringLiteral("import"), csvs[0], QStringLiteral("--append"), QStringLiteral("-o"), base});
        b.start(QStringLiteral(TRIBUNAL_CLI_PATH),
                {QStringLiteral("import"), csvs[1], QStringLiteral("--append"), QStringLiteral("-o"), base});
        QVERIFY(a.waitForStarted());
        QVERIFY(b.waitForStarted());
        const qint64 pidA = a.processId(), pidB = b.processId();
        QVERIFY(a.waitForFinished(300000));
        QVERIFY(b.waitForFinished(300000));
        QCOMPARE(a.exitStatus(), QProcess::NormalExit);
        QCOMPARE(b.exitStatus(), QProcess::NormalExit);
        const QString errA = QString::fromUtf8(a.readAllStandardError());
        const QString errB = QString::fromUtf8(b.readAllStandardError());
        QVERIFY2((a.exitCode() == 0) != (b.exitCode() == 0),
                 qPrintable(QStringLiteral("exit codes %1 and %2: %3 / %4")
                                .arg(a.exitCode())
                                .arg(b.exitCode())
                                .arg(errA, errB)));
        QProcess& winner = a.exitCode() == 0 ? a : b;
        QProcess& loser = a.exitCode() == 0 ? b : a;
        const QString loserErr = a.exitCode() == 0 ? errB : errA;
        QCOMPARE(loser.exitCode(), 1);
        QVERIFY2(loserErr.startsWith(
                     refusalPrefix(base, QStringLiteral("import --append"), &winner == &a ? pidA : pidB)),
                 qPrintable(loserErr));

        const QJsonObject info = infoJson(base);
        QCOMPARE(info.value(QStringLiteral("judgments")).toInt(), baseJudgments + 1);
        const QJsonObject byJudge = info.value(QStringLiteral("by_judge")).toObject();
        const QString won = &winner == &a ? QStringLiteral("append-a") : QStringLiteral("append-b");
        const QString lost = &winner == &a ? QStringLiteral("append-b") : QStringLiteral("append-a");
        QCOMPARE(byJudge.value(won).toObject().value(QStringLiteral("judgments")).toInt(), 1);
        QVERIFY(!byJudge.contains(lost));
    }

    void killedRunsLockIsTakenOver()
    {
        const QString project = m_dir.filePath(QStringLiteral("killed.tribunal"));
        QProcess cli;
        QString out;
        QVERIFY2(startRun(cli, m_design, project, &out), qPrintable(out));
        cli.kill(); // SIGKILL: no chance to release
        QVERIFY(cli.waitForFinished(10000));
        QCOMPARE(cli.exitStatus(), QProcess::CrashExit);
        QVERIFY(QFileInfo::exists(m_dir.filePath(QStringLiteral(".killed.tribunal.lock"))));

        const CliRun resumed = runCli(
            {QStringLiteral("run"), m_design, QStringLiteral("-o"), project, QStringLiteral("--quiet")});
        QVERIFY2(resumed.exitCode == 0, qPrintable(resumed.err));
        QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral(".killed.tribunal.lock"))));
        QCOMPARE(infoJson(project).value(QStringLiteral("judgments")).toInt(), kCalls);
        const QStringList hashes = test::projectRequestHashes(project);
        QCOMPARE(QSet<QString>(hashes.begin(), hashes.end()).size(), kCalls);
    }
};

QTEST_GUILESS_MAIN(TestRunLock)
#include "tst_runlock.moc"
