// `tribunal-cli simulate bias` (docs/bias-simulation.md) through the real executable: usage errors word for
// word, the written audit imports back in every output format, the truth file, determinism for a seed.

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

const QString kBiasUsage = "tribunal-cli: usage: simulate bias [--judges J] [--items N] [--seed S] [--s S] "
                           "[--truth FILE.csv] -o FILE\nRun 'tribunal-cli --help' for usage.\n";
const QString kAuditUsage =
    "tribunal-cli: usage: simulate audit --judgments N [--runs R] [--seed S] -o FILE\n"
    "Run 'tribunal-cli --help' for usage.\n";

} // namespace

class TestSimulateBias : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void usageErrors_data();
    void usageErrors();
    void importsBack_data();
    void importsBack();
    void truthFile();
    void deterministicForSeed();

private:
    QJsonObject info(const QStringList& inputs);
    QTemporaryDir m_dir;
};

QJsonObject TestSimulateBias::info(const QStringList& inputs)
{
    const auto run = runCli(QStringList{"info"} + inputs + QStringList{"--json"});
    if (run.exitCode != 0)
        qWarning() << run.err;
    return QJsonDocument::fromJson(run.out.toUtf8()).object();
}

void TestSimulateBias::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

void TestSimulateBias::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("err");
    const auto line = [](const char* message) {
        return QString("tribunal-cli: %1\nRun 'tribunal-cli --help' for usage.\n").arg(message);
    };
    QTest::newRow("no output") << QStringList{"simulate", "bias"} << kBiasUsage;
    QTest::newRow("audit option") << QStringList{"simulate", "bias", "--runs", "3", "-o", "x.jsonl"}
                                  << kBiasUsage;
    QTest::newRow("bias option on audit")
        << QStringList{"simulate", "audit", "--judges", "3", "-o", "x.jsonl"} << kAuditUsage;
    QTest::newRow("unknown what")
        << QStringList{"simulate", "bi", "-o", "x.jsonl"}
        << "tribunal-cli: usage: simulate audit --judgments N [--runs R] [--seed S] -o "
           "FILE\n   or: simulate bias [--judges J] [--items N] [--seed S] [--s S] "
           "[--truth FILE.csv] -o FILE\n   or: simulate rubric [--judges J] [--units N] [--seed S] "
           "[--truth FILE.csv] -o FILE\n   or: simulate trust [--pairs N] [--runs R] [--seed S] "
           "[--truth FILE.csv] -o FILE\nRun 'tribunal-cli --help' for usage.\n";
    QTest::newRow("judges 0") << QStringList{"simulate", "bias", "--judges", "0", "-o", "x.jsonl"}
                              << line("--judges takes an integer in 1..32");
    QTest::newRow("judges 33") << QStringList{"simulate", "bias", "--judges", "33", "-o", "x.jsonl"}
                               << line("--judges takes an integer in 1..32");
    QTest::newRow("judges text") << QStringList{"simulate", "bias", "--judges", "two", "-o", "x.jsonl"}
                                 << line("--judges takes an integer in 1..32");
    QTest::newRow("items 0") << QStringList{"simulate", "bias", "--items", "0", "-o", "x.jsonl"}
                             << line("--items takes an integer in 1..20000");
    QTest::newRow("items 20001") << QStringList{"simulate", "bias", "--items", "20001", "-o", "x.jsonl"}
                                 << line("--items takes an integer in 1..20000");
    QTest::newRow("negative seed") << QStringList{"simulate", "bias", "--seed", "-1", "-o", "x.jsonl"}
                                   << line("--seed takes a non-negative integer");
    QTest::newRow("s above 1") << QStringList{"simulate", "bias", "--s", "1.5", "-o", "x.jsonl"}
                               << line("--s takes a number in [0, 1]");
    QTest::newRow("s negative") << QStringList{"simulate", "bias", "--s", "-0.1", "-o", "x.jsonl"}
                                << line("--s takes a number in [0, 1]");
    QTest::newRow("s nan") << QStringList{"simulate", "bias", "--s", "nan", "-o", "x.jsonl"}
                           << line("--s takes a number in [0, 1]");
    QTest::newRow("s text") << QStringList{"simulate", "bias", "--s", "half", "-o", "x.jsonl"}
                            << line("--s takes a number in [0, 1]");
    QTest::newRow("truth not csv") << QStringList{"simulate", "bias", "--truth", "t.txt", "-o", "x.jsonl"}
                                   << line("--truth takes a .csv file name");
}

void TestSimulateBias::usageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, err);
    // Relative output names: run in the temporary directory's absolute paths instead.
    for (QString& arg : args)
        if (arg.endsWith(".jsonl") || arg.endsWith(".txt"))
            arg = m_dir.filePath(arg);
    const auto run = runCli(args);
    QCOMPARE(run.exitCode, 1);
    QCOMPARE(run.err, err);
    QCOMPARE(run.out, QString());
    QVERIFY(!QFile::exists(m_dir.filePath("x.jsonl")));
}

void TestSimulateBias::importsBack_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("texts"); // the output keeps item texts and prompts
    QTest::newRow("jsonl") << "sim.jsonl" << true;
    QTest::newRow("project") << "sim.tribunal" << true;
    QTest::newRow("flat csv") << "sim.csv" << false;
}

void TestSimulateBias::importsBack()
{
    QFETCH(QString, name);
    QFETCH(bool, texts);
    const QString out = m_dir.filePath(name);
    const auto run = runCli({"simulate", "bias", "--judges", "2", "--items", "10", "--seed", "3", "-o", out});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.out,
             "wrote a simulated bias-test audit of 280 judgments (2 judges x 10 items x 14 requests) to " +
                 out + "\n");
    // The command that makes a project of the file follows (a project needs none).
    const QString reimport = name.endsWith(".tribunal")
                                 ? QString()
                                 : QString("note: re-import with: tribunal-cli import %1 -o %2\n")
                                       .arg(out, m_dir.filePath("sim.tribunal"));
    QCOMPARE(run.err, (texts ? QString()
                             : QString("note: a flat CSV keeps neither the item texts nor the prompts; "
                                       "write .jsonl or .tribunal to keep them\n")) +
                          reimport);
    const QStringList inputs =
        name.endsWith(".jsonl") ? QStringList{m_dir.filePath("sim.items.jsonl"), out} : QStringList{out};
    const QJsonObject summary = info(inputs);
    // 2 judges x 10 items x (2 originals + 12 perturbed prompts); order BA only for the position test
    // (2 x 10); rep 2 only for the second original run.
    QCOMPARE(summary["judgments"].toInteger(), 280);
    QCOMPARE(summary["items"].toInteger(), 10);
    QCOMPARE(summary["labelled_items"].toInteger(), 10);
    const QJsonObject byJudge = summary["by_judge"].toObject();
    QCOMPARE(byJudge.keys(), (QStringList{"sim-judge-1", "sim-judge-2"}));
    QCOMPARE(byJudge["sim-judge-1"].toObject()["judgments"].toInteger(), 140);
    QCOMPARE(summary["by_dataset"].toObject().keys(), QStringList{"sim-bias"});
    QCOMPARE(summary["by_format"].toObject().keys(), QStringList{"calm"});
    QCOMPARE(summary["by_order"].toObject()["BA"].toObject()["judgments"].toInteger(), 20);
    QCOMPARE(summary["by_order"].toObject()["AB"].toObject()["judgments"].toInteger(), 260);
    QCOMPARE(summary["by_rep"].toObject()["2"].toObject()["judgments"].toInteger(), 20);
    if (name.endsWith(".jsonl")) {
        // The prompt is kept as an unknown field, and the perturbed prompt shows its cue.
        const QString jsonl = QString::fromUtf8(readFileBytes(out));
        QVERIFY(jsonl.contains("\"prompt\":\"[Simulated prompt] "));
        QVERIFY(
            jsonl.contains(QRegularExpression("\"version\":\"(\\d0%)\"[^\n]*\"prompt\":\"[^\n]*\\1 of people "
                                              "believe that Assistant [AB] is better in this question.")));
    }
}

void TestSimulateBias::truthFile()
{
    const QString out = m_dir.filePath("t.jsonl"), truth = m_dir.filePath("truth.csv");
    const auto run =
        runCli({"simulate", "bias", "--judges", "3", "--items", "8", "-o", out, "--truth", truth});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.out.endsWith("wrote the true values of 66 rows to " + truth + "\n"));
    const auto rows = csvRows(QString::fromUtf8(readFileBytes(truth)));
    QCOMPARE(rows.size(), 1 + 3 * 22);
    QCOMPARE(rows[0].join(','),
             QString("source,dataset,judge,format,test,version,cue,items,s,r,expected_c,"
                     "expected_CR,expected_RR,expected_E,expected_E_lo,expected_E_hi,"
                     "expected_verdict_at_0.05,k,expected_accuracy,expected_accuracy_originals,"
                     "expected_ece_run1,expected_ece_originals,price_usd,latency_median_s,"
                     "failure_rate"));
    // First row: judge 1, position (8 items, no version, cue mixed); bandwagon 60% has items 1 and 5 of 8.
    QCOMPARE(rows[1].mid(0, 8),
             (QStringList{"simulated", "sim-bias", "sim-judge-1", "calm", "position", "", "mixed", "8"}));
    QCOMPARE(rows[4].mid(4, 4), (QStringList{"bandwagon", "60%", "worse", "2"}));
    QCOMPARE(rows[22].mid(4, 4), (QStringList{"neutral note", "", "mixed", "8"}));
    QCOMPARE(rows[22][8], QString("0.000"));
    // --s 0: every s 0 (fallacy oversight: 1, every flaw noticed) and every expected E 0.
    const auto none = runCli(
        {"simulate", "bias", "--judges", "1", "--items", "8", "--s", "0", "-o", out, "--truth", truth});
    QCOMPARE(none.exitCode, 0);
    for (const QStringList& row : csvRows(QString::fromUtf8(readFileBytes(truth))).mid(1)) {
        QCOMPARE(row[8], QString(row[4] == "fallacy oversight" ? "1.000" : "0.000"));
        QCOMPARE(row[13], QString("0.000000"));
    }
}

void TestSimulateBias::deterministicForSeed()
{
    const QString a = m_dir.filePath("a.jsonl"), b = m_dir.filePath("b.jsonl"), c = m_dir.filePath("c.jsonl");
    QCOMPARE(
        runCli({"simulate", "bias", "--seed", "5", "-o", a, "--truth", m_dir.filePath("a.csv")}).exitCode, 0);
    QCOMPARE(
        runCli({"simulate", "bias", "--seed", "5", "-o", b, "--truth", m_dir.filePath("b.csv")}).exitCode, 0);
    QCOMPARE(
        runCli({"simulate", "bias", "--seed", "6", "-o", c, "--truth", m_dir.filePath("c.csv")}).exitCode, 0);
    QVERIFY(!readFileBytes(a).isEmpty());
    QCOMPARE(readFileBytes(a), readFileBytes(b));
    QCOMPARE(readFileBytes(m_dir.filePath("a.csv")), readFileBytes(m_dir.filePath("b.csv")));
    QCOMPARE(readFileBytes(m_dir.filePath("a.items.jsonl")), readFileBytes(m_dir.filePath("b.items.jsonl")));
    QVERIFY(readFileBytes(a) != readFileBytes(c));
    QVERIFY(readFileBytes(m_dir.filePath("a.csv")) != readFileBytes(m_dir.filePath("c.csv")));
}

QTEST_GUILESS_MAIN(TestSimulateBias)
#include "tst_simulatebias.moc"
