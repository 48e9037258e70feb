// `tribunal-cli simulate rubric` (docs/rubric-simulation.md) through the real executable: usage errors word
// for word (and that `simulate bias` keeps its own --judges range), the written audit imports back as JSONL
// and as a project with its rubric fields, the rubric command reads it, the truth file, determinism for a
// seed.

#include "../common/clirun.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <QtTest>

using tribunal::testing::csvRows;
using tribunal::testing::readFileBytes;
using tribunal::testing::runCli;

namespace {

const QString kRubricUsage = "tribunal-cli: usage: simulate rubric [--judges J] [--units N] [--seed S] "
                             "[--truth FILE.csv] -o FILE\nRun 'tribunal-cli --help' for usage.\n";
const QString kBiasUsage = "tribunal-cli: usage: simulate bias [--judges J] [--items N] [--seed S] [--s S] "
                           "[--truth FILE.csv] -o FILE\nRun 'tribunal-cli --help' for usage.\n";
const QString kAuditUsage =
    "tribunal-cli: usage: simulate audit --judgments N [--runs R] [--seed S] -o FILE\n"
    "Run 'tribunal-cli --help' for usage.\n";

} // namespace

class TestSimulateRubric : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void usageErrors_data();
    void usageErrors();
    void biasKeepsItsJudgeRange();
    void importsBack_data();
    void importsBack();
    void itemsKeepTheRubricFields();
    void exportIsLossless();
    void rubricCommandReadsIt();
    void truthFile();
    void deterministicForSeed();

private:
    QJsonObject info(const QStringList& inputs);
    QTemporaryDir m_dir;
};

QJsonObject TestSimulateRubric::info(const QStringList& inputs)
{
    const auto run = runCli(QStringList{"info"} + inputs + QStringList{"--json"});
    if (run.exitCode != 0)
        qWarning() << run.err;
    return QJsonDocument::fromJson(run.out.toUtf8()).object();
}

void TestSimulateRubric::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

void TestSimulateRubric::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("err");
    const auto line = [](const char* message) {
        return QString("tribunal-cli: %1\nRun 'tribunal-cli --help' for usage.\n").arg(message);
    };
    const QStringList r{"simulate", "rubric"};
    QTest::newRow("no output") << r << kRubricUsage;
    QTest::newRow("bias --items") << r + QStringList{"--items", "3", "-o", "x.jsonl"} << kRubricUsage;
    QTest::newRow("bias --s") << r + QStringList{"--s", "0", "-o", "x.jsonl"} << kRubricUsage;
    QTest::newRow("audit --runs") << r + QStringList{"--runs", "3", "-o", "x.jsonl"} << kRubricUsage;
    QTest::newRow("audit --judgments")
        << r + QStringList{"--judgments", "3", "-o", "x.jsonl"} << kRubricUsage;
    QTest::newRow("--units on bias") << QStringList{"simulate", "bias", "--units", "3", "-o", "x.jsonl"}
                                     << kBiasUsage;
    QTest::newRow("--units on audit")
        << QStringList{"simulate", "audit", "--units", "3", "-o", "x.jsonl"} << kAuditUsage;
    QTest::newRow("unknown what")
        << QStringList{"simulate", "rubrics", "-o", "x.jsonl"}
        << "tribunal-cli: usage: simulate audit --judgments N [--runs R] [--seed S] -o "
           "FILE\n   or: simulate bias [--judges J] [--items N] [--seed S] [--s S] "
           "[--truth FILE.csv] -o FILE\n   or: simulate rubric [--judges J] [--units "
           "N] [--seed S] [--truth FILE.csv] -o FILE\n   or: simulate trust [--pairs N] [--runs R] [--seed "
           "S] "
           "[--truth FILE.csv] -o FILE\nRun 'tribunal-cli --help' for usage.\n";
    QTest::newRow("judges 2") << r + QStringList{"--judges", "2", "-o", "x.jsonl"}
                              << line("--judges takes an integer in 3..16");
    QTest::newRow("judges 17") << r + QStringList{"--judges", "17", "-o", "x.jsonl"}
                               << line("--judges takes an integer in 3..16");
    QTest::newRow("judges text") << r + QStringList{"--judges", "four", "-o", "x.jsonl"}
                                 << line("--judges takes an integer in 3..16");
    QTest::newRow("units 0") << r + QStringList{"--units", "0", "-o", "x.jsonl"}
                             << line("--units takes an integer in 1..20000");
    QTest::newRow("units 20001") << r + QStringList{"--units", "20001", "-o", "x.jsonl"}
                                 << line("--units takes an integer in 1..20000");
    QTest::newRow("units fraction") << r + QStringList{"--units", "2.5", "-o", "x.jsonl"}
                                    << line("--units takes an integer in 1..20000");
    QTest::newRow("negative seed") << r + QStringList{"--seed", "-1", "-o", "x.jsonl"}
                                   << line("--seed takes a non-negative integer");
    QTest::newRow("truth not csv") << r + QStringList{"--truth", "t.txt", "-o", "x.jsonl"}
                                   << line("--truth takes a .csv file name");
    QTest::newRow("flat csv output")
        << r + QStringList{"-o", "x.csv"}
        << line("-o takes a .jsonl or .tribunal file name (the flat CSV holds pairwise judgments only)");
}

void TestSimulateRubric::usageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, err);
    for (QString& arg : args)
        if (arg.endsWith(".jsonl") || arg.endsWith(".txt") || arg.endsWith(".csv"))
            arg = m_dir.filePath(arg);
    const auto run = runCli(args);
    QCOMPARE(run.exitCode, 1);
    QCOMPARE(run.err, err);
    QCOMPARE(run.out, QString());
    QVERIFY(!QFile::exists(m_dir.filePath("x.jsonl")));
    QVERIFY(!QFile::exists(m_dir.filePath("x.csv")));
}

void TestSimulateRubric::biasKeepsItsJudgeRange()
{
    // --judges is shared: 20 is out of the rubric range (3..16) but inside the bias range (1..32), and 1 the
    // other way round.
    const QString out = m_dir.filePath("bias20.jsonl");
    const auto bias = runCli({"simulate", "bias", "--judges", "20", "--items", "1", "-o", out});
    QCOMPARE(bias.exitCode, 0);
    QCOMPARE(bias.out,
             "wrote a simulated bias-test audit of 280 judgments (20 judges x 1 items x 14 requests) to " +
                 out + "\n");
    const auto rubric = runCli({"simulate", "rubric", "--judges", "1", "-o", m_dir.filePath("r1.jsonl")});
    QCOMPARE(rubric.exitCode, 1);
    QCOMPARE(rubric.err,
             "tribunal-cli: --judges takes an integer in 3..16\nRun 'tribunal-cli --help' for usage.\n");
}

void TestSimulateRubric::importsBack_data()
{
    QTest::addColumn<QString>("name");
    QTest::newRow("jsonl") << "sim.jsonl";
    QTest::newRow("project") << "sim.tribunal";
}

void TestSimulateRubric::importsBack()
{
    QFETCH(QString, name);
    const QString out = m_dir.filePath(name);
    const auto run =
        runCli({"simulate", "rubric", "--judges", "3", "--units", "12", "--seed", "3", "-o", out});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(
        run.out,
        "wrote a simulated rubric audit of 360 judgments (12 units x 5 criteria x 3 judges x 2 runs) to " +
            out + "\n");
    QCOMPARE(run.err, name.endsWith(".jsonl")
                          ? QString("note: re-import with: tribunal-cli import %1 -o %2\n")
                                .arg(out, m_dir.filePath("sim.tribunal"))
                          : QString());
    const QStringList inputs =
        name.endsWith(".jsonl") ? QStringList{m_dir.filePath("sim.items.jsonl"), out} : QStringList{out};
    const QJsonObject summary = info(inputs);
    // 12 units x 5 criteria = 60 items; x 3 judges x 2 runs = 360 judgments, 180 of them rep 2; 3 of the 5
    // criteria are ordinal (216 judgments), 2 binary (144). Labels come from the ratings (no own label).
    QCOMPARE(summary["judgments"].toInteger(), 360);
    QCOMPARE(summary["items"].toInteger(), 60);
    QCOMPARE(summary["labelled_items"].toInteger(), 0);
    const QJsonObject byJudge = summary["by_judge"].toObject();
    QCOMPARE(byJudge.keys(), (QStringList{"sim-cheap", "sim-expensive", "sim-mid-2"}));
    QCOMPARE(byJudge["sim-cheap"].toObject()["judgments"].toInteger(), 120);
    QCOMPARE(summary["by_dataset"].toObject().keys(), QStringList{"sim-rubric"});
    QCOMPARE(summary["by_format"].toObject().keys(), QStringList{"rubric"});
    QCOMPARE(summary["by_rep"].toObject()["2"].toObject()["judgments"].toInteger(), 180);
    QCOMPARE(summary["by_kind"].toObject()["ordinal"].toObject()["judgments"].toInteger(), 216);
    QCOMPARE(summary["by_kind"].toObject()["binary"].toObject()["judgments"].toInteger(), 144);
}

void TestSimulateRubric::itemsKeepTheRubricFields()
{
    // The items file carries what the rubric metrics read: kind, unit_id, group, criterion, levels (ordinal)
    // and the three raters' ratings; question and submission are labelled as simulated.
    const QString out = m_dir.filePath("fields.jsonl");
    QCOMPARE(runCli({"simulate", "rubric", "--units", "11", "-o", out}).exitCode, 0);
    const QList<QByteArray> lines = readFileBytes(m_dir.filePath("fields.items.jsonl")).split('\n');
    QCOMPARE(lines.size(), 11 * 5 + 1); // and a final newline
    const QJsonObject first = QJsonDocument::fromJson(lines[0]).object();
    QCOMPARE(first["item_id"].toString(), QString("u0001/accuracy"));
    QCOMPARE(first["kind"].toString(), QString("ordinal"));
    QCOMPARE(first["unit_id"].toString(), QString("u0001"));
    QCOMPARE(first["group"].toString(), QString("prompt-001"));
    QCOMPARE(first["criterion"].toString(), QString("accuracy"));
    QCOMPARE(first["levels"].toArray().size(), 5);
    QCOMPARE(first["ratings"].toObject().keys(), (QStringList{"rater-1", "rater-2", "rater-3"}));
    QVERIFY(first["question"].toString().startsWith("[Simulated] "));
    QVERIFY(first["submission"].toString().startsWith("[Simulated] "));
    const QJsonObject binary = QJsonDocument::fromJson(lines[3]).object();
    QCOMPARE(binary["kind"].toString(), QString("binary"));
    QVERIFY(!binary.contains("levels"));
    for (const QJsonValue v : binary["ratings"].toObject())
        QVERIFY(v.toString() == "MET" || v.toString() == "UNMET");
    const QJsonObject unit11 = QJsonDocument::fromJson(lines[50]).object();
    QCOMPARE(unit11["unit_id"].toString(), QString("u0011"));
    QCOMPARE(unit11["group"].toString(), QString("prompt-002"));
}

void TestSimulateRubric::exportIsLossless()
{
    // Nothing of the rubric items (kind, unit_id, group, criterion, levels, ratings) or of the judgments
    // (probs, confidence, cost, latency, errors) is lost: JSONL and the project export back byte for byte.
    const QString jsonl = m_dir.filePath("lossless.jsonl"), project = m_dir.filePath("lossless.tribunal");
    QCOMPARE(runCli({"simulate", "rubric", "--units", "25", "-o", jsonl}).exitCode, 0);
    QCOMPARE(runCli({"simulate", "rubric", "--units", "25", "-o", project}).exitCode, 0);
    const QString viaJsonl = m_dir.filePath("via-jsonl.jsonl"),
                  viaProject = m_dir.filePath("via-project.jsonl");
    QCOMPARE(
        runCli({"export", m_dir.filePath("lossless.items.jsonl"), jsonl, "--format", "jsonl", "-o", viaJsonl})
            .exitCode,
        0);
    QCOMPARE(runCli({"export", project, "--format", "jsonl", "-o", viaProject}).exitCode, 0);
    const QByteArray judgments = readFileBytes(jsonl),
                     items = readFileBytes(m_dir.filePath("lossless.items.jsonl"));
    QVERIFY(judgments.contains("\"probs\":{") && items.contains("\"levels\":["));
    QCOMPARE(readFileBytes(viaJsonl), judgments);
    QCOMPARE(readFileBytes(m_dir.filePath("via-jsonl.items.jsonl")), items);
    QCOMPARE(readFileBytes(viaProject), judgments);
    QCOMPARE(readFileBytes(m_dir.filePath("via-project.items.jsonl")), items);
}

void TestSimulateRubric::rubricCommandReadsIt()
{
    const QString out = m_dir.filePath("rub.jsonl");
    QCOMPARE(runCli({"simulate", "rubric", "--units", "20", "-o", out}).exitCode, 0);
    const auto run = runCli({"rubric", m_dir.filePath("rub.items.jsonl"), out});
    QCOMPARE(run.exitCode, 0);
    const auto rows = csvRows(run.out);
    QVERIFY(rows.size() > 1);
    const int judge = int(rows[0].indexOf("judge")), kind = int(rows[0].indexOf("kind")),
              pooled = int(rows[0].indexOf("pooled")), pairs = int(rows[0].indexOf("pairs"));
    QVERIFY(judge >= 0 && kind >= 0 && pooled >= 0 && pairs >= 0);
    int pooledRows = 0;
    for (const QStringList& row : rows.mid(1)) {
        if (row[pooled] != "true" || row[judge].isEmpty())
            continue;
        ++pooledRows;
        // 20 units: 60 ordinal pairs, 40 binary pairs, every one labelled (3 raters: no binary tie).
        QCOMPARE(row[pairs], QString(row[kind] == "ordinal" ? "60" : "40"));
    }
    QCOMPARE(pooledRows, 4 * 2); // 4 judges x (binary, ordinal)
}

void TestSimulateRubric::truthFile()
{
    const QString out = m_dir.filePath("t.jsonl"), truth = m_dir.filePath("truth.csv");
    const auto run =
        runCli({"simulate", "rubric", "--judges", "5", "--units", "8", "-o", out, "--truth", truth});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.out.endsWith("wrote the true values of 5 judges to " + truth + "\n"));
    const auto rows = csvRows(QString::fromUtf8(readFileBytes(truth)));
    QCOMPARE(rows.size(), 1 + 5);
    QCOMPARE(rows[0].join(','),
             QString("source,dataset,judge,leniency,noise_sd,shared_sd,latent_error_sd,fpr,"
                     "fnr,expected_offset,price_usd,latency_median_s,probabilities,"
                     "failure_rate"));
    QStringList judges;
    for (const QStringList& row : rows.mid(1)) {
        QCOMPARE(row.mid(0, 2), (QStringList{"simulated", "sim-rubric"}));
        judges << row[2];
    }
    QCOMPARE(judges, (QStringList{"sim-cheap", "sim-mid-2", "sim-mid-3", "sim-mid-4", "sim-expensive"}));
    QCOMPARE(rows[1][12], QString("yes"));
    QCOMPARE(rows[5][12], QString("no"));
}

void TestSimulateRubric::deterministicForSeed()
{
    const QString a = m_dir.filePath("a.jsonl"), b = m_dir.filePath("b.jsonl"), c = m_dir.filePath("c.jsonl");
    QCOMPARE(runCli({"simulate", "rubric", "--units", "30", "--seed", "5", "-o", a}).exitCode, 0);
    QCOMPARE(runCli({"simulate", "rubric", "--units", "30", "--seed", "5", "-o", b}).exitCode, 0);
    QCOMPARE(runCli({"simulate", "rubric", "--units", "30", "--seed", "6", "-o", c}).exitCode, 0);
    QVERIFY(!readFileBytes(a).isEmpty());
    QCOMPARE(readFileBytes(a), readFileBytes(b));
    QCOMPARE(readFileBytes(m_dir.filePath("a.items.jsonl")), readFileBytes(m_dir.filePath("b.items.jsonl")));
    QVERIFY(readFileBytes(a) != readFileBytes(c));
    QVERIFY(readFileBytes(m_dir.filePath("a.items.jsonl")) != readFileBytes(m_dir.filePath("c.items.jsonl")));
}

QTEST_GUILESS_MAIN(TestSimulateRubric)
#include "tst_simulaterubric.moc"
