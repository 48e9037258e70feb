// The command-line contract of issue #2 (import / info / export, exit codes) exercised through the real
// executable, as scripts and later checks use it.

#include "../common/clirun.h"
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <QtTest>

class TestCli : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void versionAndHelp();
    void importInfoExportLlmbarCsv();
    void infoOnFileDirectly();
    void badInputExitsTwo_data();
    void badInputExitsTwo();
    void skipBadListsAndImports();
    void importRefusesToOverwrite();
    void appendAddsToProject();
    void exportJsonlRoundTrip();
    void simulateWritesRequestedSize();
    void benchStagesReportTheirWorkload();

private:
    using Run = tribunal::testing::CliRun;
    Run cli(const QStringList& args);
    QJsonObject infoJson(const QString& input);
    QString write(const QString& name, const QByteArray& content);
    QTemporaryDir m_dir;
    const QString m_verdicts = QStringLiteral(TRIBUNAL_SHARED_DATA "/llmbar/llmbar_verdicts.csv");
};

TestCli::Run TestCli::cli(const QStringList& args)
{
    return tribunal::testing::runCli(args);
}

QJsonObject TestCli::infoJson(const QString& input)
{
    auto run = cli({"info", input, "--json"});
    if (run.exitCode != 0)
        qWarning() << run.err;
    return QJsonDocument::fromJson(run.out.toUtf8()).object();
}

QString TestCli::write(const QString& name, const QByteArray& content)
{
    return tribunal::testing::writeFixture(m_dir, name, content);
}

void TestCli::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(QFile::exists(m_verdicts), qPrintable(m_verdicts));
}

void TestCli::versionAndHelp()
{
    auto v = cli({"--version"});
    QCOMPARE(v.exitCode, 0);
    QVERIFY(v.out.startsWith("tribunal-cli "));
    auto h = cli({"--help"});
    QCOMPARE(h.exitCode, 0);
    QVERIFY(h.out.contains("import FILE_OR_DIR... -o PROJECT"));
    auto bad = cli({"frobnicate"});
    QCOMPARE(bad.exitCode, 1);
    QVERIFY(bad.err.contains("unknown command 'frobnicate'"));
}

void TestCli::importInfoExportLlmbarCsv()
{
    const QString project = m_dir.filePath("llmbar.tribunal");
    auto run = cli({"import", m_verdicts, "-o", project});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.out.contains("imported 74960 judgments"), qPrintable(run.out));
    auto info = infoJson(project);
    QCOMPARE(info["judgments"].toInteger(), 74960);
    QCOMPARE(info["items"].toInteger(), 1200);
    QCOMPARE(info["missing_verdicts"].toInteger(), 348);
    QCOMPARE(info["by_order"].toObject()["AB"].toObject()["judgments"].toInteger(), 37480);
    QCOMPARE(info["by_order"].toObject()["BA"].toObject()["judgments"].toInteger(), 37480);
    QCOMPARE(info["by_rep"].toObject()["1"].toObject()["judgments"].toInteger(), 74960);
    QCOMPARE(info["by_dataset"].toObject()["llmbar-LLMBar-Natural"].toObject()["judgments"].toInteger(),
             11600);
    QCOMPARE(info["by_dataset"].toObject()["llmbar-LLMBar-Natural"].toObject()["items"].toInteger(), 100);
    QCOMPARE(info["by_judge"].toObject().size(), 6);
    QVERIFY(info["by_format"].toObject().contains("Vanilla_NoRules"));

    // CSV export reproduces the input rows.
    const QString csv = m_dir.filePath("llmbar-export.csv");
    QCOMPARE(cli({"export", project, "--format", "csv", "-o", csv}).exitCode, 0);
    QFile a(m_verdicts), b(csv);
    QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
    QCOMPARE(b.readAll(), a.readAll());
}

void TestCli::infoOnFileDirectly()
{
    auto info =
        infoJson(QStringLiteral(TRIBUNAL_SHARED_DATA "/position-bias/posbias_repetition_verdicts.csv"));
    QCOMPARE(info["judgments"].toInteger(), 9072);
    QCOMPARE(info["labelled_items"].toInteger(), 0);
    QCOMPARE(info["by_rep"].toObject().size(), 3);
    auto text = cli({"info", m_verdicts});
    QCOMPARE(text.exitCode, 0);
    QVERIFY(text.out.contains("judgments        74960"));
}

void TestCli::badInputExitsTwo_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("expectedError");
    const QByteArray header = "dataset,item_id,judge,format,order,rep,verdict,label\n";
    QTest::newRow("bad order") << header + "d,1,j,f,AB,1,A,A\nd,1,j,f,XY,1,A,A\n"
                               << "bad.csv:3: order: ";
    QTest::newRow("bad verdict") << header + "d,1,j,f,AB,1,C,A\n"
                                 << "bad.csv:2: verdict: ";
    QTest::newRow("missing column") << QByteArray(
                                           "dataset,item_id,judge,format,order,rep,label\nd,1,j,f,AB,1,A\n")
                                    << "bad.csv:1: verdict: missing required column";
    QTest::newRow("conflicting judgment") << header + "d,1,j,f,AB,1,A,A\nd,1,j,f,AB,1,B,A\n"
                                          << "bad.csv:3: rep: conflicting judgment: same item, judge, "
                                             "format, condition, order and rep as line 2, "
                                             "different answer B here, A there\n";
}

void TestCli::badInputExitsTwo()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, expectedError);
    const QString bad = write("bad.csv", content);
    const QString project = m_dir.filePath("bad.tribunal");
    QFile::remove(project);
    auto run = cli({"import", bad, "-o", project});
    QCOMPARE(run.exitCode, 2);
    QVERIFY2(run.err.startsWith(m_dir.filePath(expectedError)), qPrintable(run.err));
    QVERIFY(!QFile::exists(project)); // nothing written
    QCOMPARE(cli({"info", bad, "--json"}).exitCode, 2);
}

void TestCli::skipBadListsAndImports()
{
    const QString bad = write("skip.csv", "dataset,item_id,judge,format,order,rep,verdict,label\n"
                                          "d,1,j,f,AB,1,A,A\n"
                                          "d,1,j,f,XY,1,A,A\n"
                                          "d,1,j,f,BA,1,B,A\n");
    const QString project = m_dir.filePath("skip.tribunal");
    auto run = cli({"import", bad, "-o", project, "--skip-bad"});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.err.startsWith(bad + ":3: order: "), qPrintable(run.err));
    QVERIFY(run.out.contains("1 bad record(s) skipped"));
    QCOMPARE(infoJson(project)["judgments"].toInteger(), 2);
}

void TestCli::importRefusesToOverwrite()
{
    const QString project = m_dir.filePath("once.tribunal");
    const QString small =
        write("small.csv", "dataset,item_id,judge,format,order,rep,verdict,label\nd,1,j,f,AB,1,A,A\n");
    QCOMPARE(cli({"import", small, "-o", project}).exitCode, 0);
    auto again = cli({"import", small, "-o", project});
    QCOMPARE(again.exitCode, 1);
    QVERIFY(again.err.contains("exists; use --append"));
    QCOMPARE(cli({"import", small, "-o", project, "--force"}).exitCode, 0);
    QCOMPARE(infoJson(project)["judgments"].toInteger(), 1);
}

void TestCli::appendAddsToProject()
{
    const QString project = m_dir.filePath("append.tribunal");
    const QString first =
        write("first.csv", "dataset,item_id,judge,format,order,rep,verdict,label\nd,1,j,f,AB,1,A,A\n");
    const QString second =
        write("second.csv", "dataset,item_id,judge,format,order,rep,verdict,label\nd,1,j,f,BA,1,B,A\n");
    QCOMPARE(cli({"import", first, "-o", project}).exitCode, 0);
    QCOMPARE(cli({"import", second, "-o", project, "--append"}).exitCode, 0);
    QCOMPARE(infoJson(project)["judgments"].toInteger(), 2);
    // Appending the same rows again merges them with the project's: nothing added, a note, no error.
    auto dup = cli({"import", second, "-o", project, "--append"});
    QCOMPARE(dup.exitCode, 0);
    QCOMPARE(dup.err,
             "note: " + second +
                 ": 1 judgment merged with ones already read or in the open audit (same key, and every "
                 "field both record agrees): kept once, with the fields only the later copy records\n");
    QCOMPARE(dup.out,
             "imported 0 judgments and 0 items into " + project + " (2 judgments, 1 items in all)\n");
    QCOMPARE(infoJson(project)["judgments"].toInteger(), 2);
    // A row of the same key with another verdict conflicts: refused, project unchanged.
    const QString other =
        write("other.csv", "dataset,item_id,judge,format,order,rep,verdict,label\nd,1,j,f,BA,1,A,A\n");
    auto conflict = cli({"import", other, "-o", project, "--append"});
    QCOMPARE(conflict.exitCode, 2);
    QCOMPARE(conflict.err, other +
                               ":2: rep: conflicting judgment: same item, judge, format, condition, order "
                               "and rep as the judgment already in the open audit, different answer A "
                               "here, B there\n");
    QCOMPARE(infoJson(project)["judgments"].toInteger(), 2);
}

void TestCli::exportJsonlRoundTrip()
{
    const QString jsonl = m_dir.filePath("rt.jsonl");
    QCOMPARE(cli({"export", m_verdicts, "--format", "jsonl", "-o", jsonl}).exitCode, 0);
    QVERIFY(QFile::exists(m_dir.filePath("rt.items.jsonl")));
    const QString project = m_dir.filePath("rt.tribunal");
    QCOMPARE(cli({"import", m_dir.filePath("rt.items.jsonl"), jsonl, "-o", project}).exitCode, 0);
    const QString csv = m_dir.filePath("rt.csv");
    QCOMPARE(cli({"export", project, "--format", "csv", "-o", csv}).exitCode, 0);
    QFile a(m_verdicts), b(csv);
    QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
    QCOMPARE(b.readAll(), a.readAll());
}

void TestCli::simulateWritesRequestedSize()
{
    const QString out = m_dir.filePath("sim.csv");
    auto run = cli({"simulate", "audit", "--judgments", "12345", "--runs", "3", "--seed", "7", "-o", out});
    QCOMPARE(run.exitCode, 0);
    auto info = infoJson(out);
    QCOMPARE(info["judgments"].toInteger(), 12345);
    QCOMPARE(info["by_rep"].toObject().size(), 3);
    QCOMPARE(info["by_judge"].toObject().size(), 6);
    // Deterministic for a seed.
    const QString again = m_dir.filePath("sim2.csv");
    QCOMPARE(cli({"simulate", "audit", "--judgments", "12345", "--runs", "3", "--seed", "7", "-o", again})
                 .exitCode,
             0);
    QFile a(out), b(again);
    QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
    QCOMPARE(a.readAll(), b.readAll());
}

void TestCli::benchStagesReportTheirWorkload()
{
    // `bench` prints timings (not checked: no timed tests) and the workload they belong to, which is checked
    // against `trust` on the same file.
    const QString in = m_dir.filePath("bench.csv");
    QCOMPARE(
        cli({"simulate", "audit", "--judgments", "4000", "--runs", "2", "--seed", "3", "-o", in}).exitCode,
        0);
    auto run = cli({"bench", "import", in, "--repeat", "2"});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.out.contains("stage import  file " + in + "  judgments 4000  repeats 2"),
             qPrintable(run.out));
    QVERIFY(run.out.contains(QRegularExpression(R"(median \d+\.\d{4} s  min .* peak RSS \d+\.\d MiB)")));

    run = cli({"bench", "trust", in, "--repeat", "2", "--resamples", "50", "--threads", "1"});
    QCOMPARE(run.exitCode, 0);
    const auto table =
        QJsonDocument::fromJson(cli({"trust", in, "--ci", "0", "--format", "json"}).out.toUtf8());
    qint64 pairs = 0;
    const auto cells = table.object()["cells"].toArray();
    for (const auto& cell : cells)
        pairs += cell.toObject()["n_pairs"].toInteger();
    QVERIFY(pairs > 0);
    QVERIFY2(
        run.out.contains(QString("stage trust  input %1  judgments 4000  cells %2  pairs %3  resamples 50  "
                                 "threads 1  repeats 2")
                             .arg(in)
                             .arg(cells.size())
                             .arg(pairs)),
        qPrintable(run.out));
    QVERIFY(run.out.contains(QRegularExpression(
        R"(trust table \(T1-T8\) median \d+\.\d{4} s  bootstrap intervals \(T13\) median \d+\.\d{4} s  peak RSS)")));

    run = cli({"bench", "trusts", in});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains("usage: bench import FILE"), qPrintable(run.err));

    // bench compare: the workload of `compare` with the same judges (comparisons with a common pair, the
    // largest unit count among them).
    const QString rubric = m_dir.filePath("bench-rubric.tribunal");
    QCOMPARE(
        cli({"simulate", "rubric", "--judges", "4", "--units", "30", "--seed", "3", "-o", rubric}).exitCode,
        0);
    const QString judges = "sim-cheap,sim-mid-2,sim-mid-3,sim-expensive";
    run = cli({"bench", "compare", rubric, "--judges", judges, "--repeat", "2", "--resamples", "40",
               "--threads", "1"});
    QCOMPARE(run.exitCode, 0);
    const auto compared = QJsonDocument::fromJson(cli({"compare", rubric, "--judges", judges, "--resamples",
                                                       "40", "--format", "json"})
                                                      .out.toUtf8())
                              .array();
    QCOMPARE(compared.size(), 6);
    qint64 units = 0;
    for (const auto& row : compared)
        units = std::max(units, row.toObject()["units"].toInteger());
    QCOMPARE(units, 30);
    const auto judgments = infoJson(rubric)["judgments"].toInteger();
    QCOMPARE(judgments, 30 * 5 * 4 * 2);
    QVERIFY2(run.out.contains(QString("stage compare  input %1  judgments %2  comparisons 6  units 30  "
                                      "resamples 40  threads 1  repeats 2")
                                  .arg(rubric)
                                  .arg(judgments)),
             qPrintable(run.out));
    QVERIFY(run.out.contains(
        QRegularExpression(R"(paired comparisons \(R7\) median \d+\.\d{4} s  peak RSS \d+\.\d MiB)")));
    run = cli({"bench", "compare", rubric});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains("bench compare needs --judges"), qPrintable(run.err));

    // bench cascade: the workload of `cascade` with the same judges (one K9 run per panel and kind, its pairs
    // and halvings; thresholds: the largest grid, binary k/50).
    const QStringList cascadeArgs = {
        rubric,       "--first", "sim-cheap", "--fallbacks", "sim-mid-2,sim-mid-3,sim-expensive",
        "--halvings", "7"};
    run = cli(QStringList{"bench", "cascade"} + cascadeArgs + QStringList{"--repeat", "2", "--threads", "1"});
    QCOMPARE(run.exitCode, 0);
    const auto cascaded =
        QJsonDocument::fromJson(
            cli(QStringList{"cascade"} + cascadeArgs + QStringList{"--format", "json"}).out.toUtf8())
            .array();
    QCOMPARE(cascaded.size(), 2); // ordinal and binary criteria of one panel
    qint64 cascadePairs = 0;
    for (const auto& row : cascaded) {
        cascadePairs += row.toObject()["pairs"].toInteger();
        QCOMPARE(row.toObject()["crossfit_halvings"].toInteger(), 7);
    }
    QVERIFY(cascadePairs > 0);
    QVERIFY2(
        run.out.contains(QString("stage cascade  input %1  judgments %2  panels 2  pairs %3  halvings 7  "
                                 "thresholds 26  fallbacks 3  repeats 2")
                             .arg(rubric)
                             .arg(judgments)
                             .arg(cascadePairs)),
        qPrintable(run.out));
    QVERIFY(run.out.contains(
        QRegularExpression(R"(cross-fitted cascades \(K9\) median \d+\.\d{4} s  peak RSS \d+\.\d MiB)")));
    run = cli({"bench", "cascade", rubric, "--first", "sim-cheap"});
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains("bench cascade needs --first J and --fallbacks"), qPrintable(run.err));
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
