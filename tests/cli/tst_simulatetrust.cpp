// `tribunal-cli simulate trust` (docs/trust-simulation.md) through the real executable: usage errors word for
// word (and that the other forms refuse --pairs), the written audit imports back as JSONL and as a project,
// the trust command reads it with every cell defined, the truth file, determinism for a seed.

#include "../common/clirun.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <QtTest>

using tribunal::testing::csvRows;
using tribunal::testing::readFileBytes;
using tribunal::testing::runCli;

namespace {

const QString kTrustUsage = "tribunal-cli: usage: simulate trust [--pairs N] [--runs R] [--seed S] "
                            "[--truth FILE.csv] -o FILE\nRun 'tribunal-cli --help' for usage.\n";

} // namespace

class TestSimulateTrust : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void usageErrors_data();
    void usageErrors();
    void otherFormsRefusePairs();
    void importsBack_data();
    void importsBack();
    void trustCommandReadsIt();
    void truthFile();
    void deterministicForSeed();

private:
    QTemporaryDir m_dir;
};

void TestSimulateTrust::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

void TestSimulateTrust::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("err");
    const auto line = [](const char* message) {
        return QString("tribunal-cli: %1\nRun 'tribunal-cli --help' for usage.\n").arg(message);
    };
    const QStringList t{"simulate", "trust"};
    QTest::newRow("no output") << t << kTrustUsage;
    QTest::newRow("audit --judgments") << t + QStringList{"--judgments", "3", "-o", "x.jsonl"} << kTrustUsage;
    QTest::newRow("rubric --units") << t + QStringList{"--units", "3", "-o", "x.jsonl"} << kTrustUsage;
    QTest::newRow("bias --judges") << t + QStringList{"--judges", "3", "-o", "x.jsonl"} << kTrustUsage;
    QTest::newRow("bias --items") << t + QStringList{"--items", "3", "-o", "x.jsonl"} << kTrustUsage;
    QTest::newRow("bias --s") << t + QStringList{"--s", "0", "-o", "x.jsonl"} << kTrustUsage;
    QTest::newRow("pairs 0") << t + QStringList{"--pairs", "0", "-o", "x.jsonl"}
                             << line("--pairs takes an integer in 1..20000");
    QTest::newRow("pairs 20001") << t + QStringList{"--pairs", "20001", "-o", "x.jsonl"}
                                 << line("--pairs takes an integer in 1..20000");
    QTest::newRow("pairs text") << t + QStringList{"--pairs", "ten", "-o", "x.jsonl"}
                                << line("--pairs takes an integer in 1..20000");
    QTest::newRow("runs 0") << t + QStringList{"--runs", "0", "-o", "x.jsonl"}
                            << line("--runs takes an integer in 1..20");
    QTest::newRow("runs 21") << t + QStringList{"--runs", "21", "-o", "x.jsonl"}
                             << line("--runs takes an integer in 1..20");
    QTest::newRow("negative seed") << t + QStringList{"--seed", "-1", "-o", "x.jsonl"}
                                   << line("--seed takes a non-negative integer");
    QTest::newRow("truth not csv") << t + QStringList{"--truth", "t.txt", "-o", "x.jsonl"}
                                   << line("--truth takes a .csv file name");
}

void TestSimulateTrust::usageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, err);
    for (QString& arg : args)
        if (arg.endsWith(".jsonl") || arg.endsWith(".txt"))
            arg = m_dir.filePath(arg);
    const auto run = runCli(args);
    QCOMPARE(run.exitCode, 1);
    QCOMPARE(run.err, err);
    QCOMPARE(run.out, QString());
    QVERIFY(!QFile::exists(m_dir.filePath("x.jsonl")));
    QVERIFY(!QFile::exists(m_dir.filePath("x.items.jsonl")));
}

void TestSimulateTrust::otherFormsRefusePairs()
{
    for (const char* what : {"audit", "bias", "rubric"}) {
        const auto run = runCli({"simulate", what, "--pairs", "3", "-o", m_dir.filePath("p.jsonl")});
        QCOMPARE(run.exitCode, 1);
        QVERIFY2(run.err.startsWith(QString("tribunal-cli: usage: simulate %1 ").arg(what)),
                 qPrintable(run.err));
    }
    QVERIFY(!QFile::exists(m_dir.filePath("p.jsonl")));
}

void TestSimulateTrust::importsBack_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("jsonl") << "sim.jsonl";
    QTest::newRow("project") << "sim.tribunal";
}

void TestSimulateTrust::importsBack()
{
    QFETCH(QString, name);
    const QString out = m_dir.filePath(name);
    const auto run = runCli({"simulate", "trust", "--pairs", "3", "--runs", "2", "-o", out});
    QCOMPARE(run.exitCode, 0);
    // 4 x 3 pairs x 6 judges x 5 formats x 2 orders x 2 runs.
    QCOMPARE(run.out,
             "wrote a simulated trust audit of 1440 judgments (4 datasets x 3 pairs x 6 judges x 5 formats "
             "x 2 orders x 2 runs) to " +
                 out + "\n");
    const QStringList inputs =
        name.endsWith(".jsonl") ? QStringList{m_dir.filePath("sim.items.jsonl"), out} : QStringList{out};
    const auto infoRun = runCli(QStringList{"info"} + inputs + QStringList{"--json"});
    QCOMPARE(infoRun.exitCode, 0);
    const QJsonObject summary = QJsonDocument::fromJson(infoRun.out.toUtf8()).object();
    QCOMPARE(summary["judgments"].toInteger(), 1440);
    QCOMPARE(summary["items"].toInteger(), 12);
    QCOMPARE(summary["labelled_items"].toInteger(), 12);
    QCOMPARE(summary["by_dataset"].toObject().keys(),
             (QStringList{"sim-alpacafarm", "sim-judgebench", "sim-llmbar", "sim-mtbench"}));
    QCOMPARE(summary["by_format"].toObject().keys(),
             (QStringList{"Direct", "JSON-CoT", "JSON-VF", "XML-CoT", "XML-VF"}));
    QCOMPARE(
        summary["by_judge"].toObject().keys(),
        (QStringList{"sim-biased", "sim-chaotic", "sim-noisy", "sim-steady", "sim-strong", "sim-stubborn"}));
}

void TestSimulateTrust::trustCommandReadsIt()
{
    const QString out = m_dir.filePath("t.tribunal");
    QCOMPARE(runCli({"simulate", "trust", "--pairs", "20", "-o", out}).exitCode, 0);
    const auto run = runCli({"trust", out, "--ci", "0"});
    QCOMPARE(run.exitCode, 0);
    const auto rows = csvRows(run.out);
    QCOMPARE(rows.size(), 121);
    const int t = int(rows[0].indexOf("T")), c = int(rows[0].indexOf("C")),
              pairs = int(rows[0].indexOf("n_pairs"));
    QVERIFY(t >= 0 && c >= 0 && pairs >= 0);
    for (const QStringList& row : rows.mid(1)) {
        QCOMPARE(row[pairs], QString("20"));
        QVERIFY2(!row[t].isEmpty() && !row[c].isEmpty(), qPrintable(row.join(',')));
    }
}

void TestSimulateTrust::truthFile()
{
    const QString truth = m_dir.filePath("truth.csv");
    const auto run =
        runCli({"simulate", "trust", "--pairs", "2", "--truth", truth, "-o", m_dir.filePath("tr.jsonl")});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.out.endsWith("wrote the true values of 120 cells to " + truth + "\n"));
    const auto rows = csvRows(QString::fromUtf8(readFileBytes(truth)));
    QCOMPARE(rows.size(), 121);
    QCOMPARE(rows[0].first(), QString("source"));
    QCOMPARE(rows[0].size(), 17);
    for (const QStringList& row : rows.mid(1)) {
        QCOMPARE(row[0], QString("simulated"));
        QCOMPARE(row[4], QString("5")); // the default runs
    }
}

void TestSimulateTrust::deterministicForSeed()
{
    const QString a = m_dir.filePath("a.jsonl"), b = m_dir.filePath("b.jsonl"), c = m_dir.filePath("c.jsonl");
    QCOMPARE(runCli({"simulate", "trust", "--pairs", "4", "--seed", "11", "-o", a}).exitCode, 0);
    QCOMPARE(runCli({"simulate", "trust", "--pairs", "4", "--seed", "11", "-o", b}).exitCode, 0);
    QCOMPARE(runCli({"simulate", "trust", "--pairs", "4", "--seed", "12", "-o", c}).exitCode, 0);
    QVERIFY(!readFileBytes(a).isEmpty());
    QCOMPARE(readFileBytes(a), readFileBytes(b));
    QCOMPARE(readFileBytes(m_dir.filePath("a.items.jsonl")), readFileBytes(m_dir.filePath("b.items.jsonl")));
    QVERIFY(readFileBytes(a) != readFileBytes(c));
}

QTEST_GUILESS_MAIN(TestSimulateTrust)
#include "tst_simulatetrust.moc"
