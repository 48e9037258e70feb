// tribunal-cli bias and calibration (metrics.md B1-B13) through the real executable: the excess table on the
// items of ../shared/spec/examples.md section 3, calibration on section 4, every --table, every output
// format, incomplete designs, usage errors word for word, and the same numbers from a project as from files.

#include "../common/clirun.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <QtTest>

using tribunal::testing::csvRows;
using tribunal::testing::num;
using tribunal::testing::runCli;
using tribunal::testing::writeFixture;

namespace {

const char* const kHeader = "dataset,item_id,judge,format,order,rep,verdict,label,prob_a,cost_usd,latency_s,"
                            "test,version,variant,cue_on\n";

/// examples.md section 3: item, original run 1, run 2, perturbed (labels all A). RR 5/8, CR 7/8, E 1/4.
struct Item {
    const char* id;
    const char* o1;
    const char* o2;
    const char* p;
};
const Item kItems[8] = {{"k1", "A", "A", "A"}, {"k2", "A", "A", "B"}, {"k3", "B", "B", "B"},
                        {"k4", "A", "B", "A"}, {"k5", "B", "B", "A"}, {"k6", "A", "A", "A"},
                        {"k7", "B", "B", "A"}, {"k8", "A", "A", "A"}};

/// Originals (no test) and the bandwagon 90% perturbed prompts of judge `judge`. With `oneRun` the originals
/// have run 1 only; `skipOriginalOf` leaves out the originals of one item.
QByteArray biasCsv(const QString& judge = "J1", bool oneRun = false, const QString& skipOriginalOf = {})
{
    QByteArray csv = kHeader;
    for (const Item& item : kItems) {
        if (item.id != skipOriginalOf) {
            csv += QString("d,%1,%2,calm,AB,1,%3,A,,0.001,1.5,,,original,\n")
                       .arg(item.id, judge, item.o1)
                       .toUtf8();
            if (!oneRun)
                csv += QString("d,%1,%2,calm,AB,2,%3,A,,0.001,2.5,,,original,\n")
                           .arg(item.id, judge, item.o2)
                           .toUtf8();
        }
        csv += QString("d,%1,%2,calm,AB,1,%3,A,,0.002,3.5,bandwagon,90%,perturbed,worse\n")
                   .arg(item.id, judge, item.p)
                   .toUtf8();
    }
    return csv;
}

/// examples.md section 4: P(A) and the better response; c4 is a 50/50 answer.
QByteArray calibrationCsv()
{
    QByteArray csv = "dataset,item_id,judge,format,order,rep,verdict,label,prob_a\n";
    const struct {
        const char* id;
        const char* pA;
        const char* better;
        const char* verdict;
    } rows[] = {{"c1", "0.92", "A", "A"},   {"c2", "0.27", "B", "B"}, {"c3", "0.85", "B", "A"},
                {"c4", "0.50", "A", "tie"}, {"c5", "0.64", "A", "A"}, {"c6", "0.22", "A", "B"}};
    for (const auto& r : rows)
        csv += QString("d,%1,J,f,AB,1,%2,%3,%4\n").arg(r.id, r.verdict, r.better, r.pA).toUtf8();
    return csv;
}

int column(const QStringList& header, const QString& name)
{
    const int index = static_cast<int>(header.indexOf(name));
    if (index < 0)
        qFatal("no column %s", qPrintable(name));
    return index;
}

} // namespace

class TestBiasCli : public QObject {
    Q_OBJECT
private slots:
    void excessCsv();
    void tables_data();
    void tables();
    void outputFormats();
    void threadsDoNotChangeResults();
    void projectEqualsFiles();
    void oneRunDesign();
    void missingOriginal();
    void noBiasJudgments();
    void usageErrors_data();
    void usageErrors();
    void calibration();
    void calibrationErrors();
};

void TestBiasCli::excessCsv()
{
    QTemporaryDir dir;
    const QString input = writeFixture(dir, "bias.csv", biasCsv());
    const auto run = runCli({"bias", input, "--resamples", "500", "--permutations", "4000"});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.err, QString());
    const auto rows = csvRows(run.out);
    QCOMPARE(rows.size(), 2);
    const QStringList expectedStart =
        QString("judge,format,test,version,n_items,RR,CR,E,E_lo,E_hi,verdict,p_perm,"
                "p_bh,significant,delta_p,direction")
            .split(',');
    QCOMPARE(rows[0].mid(0, expectedStart.size()), expectedStart);
    const auto& h = rows[0];
    const auto& r = rows[1];
    QCOMPARE(r[column(h, "judge")], QString("J1"));
    QCOMPARE(r[column(h, "test")], QString("bandwagon"));
    QCOMPARE(r[column(h, "version")], QString("90%"));
    QCOMPARE(r[column(h, "n_items")], QString("8"));
    QCOMPARE(num(r[column(h, "RR")]), 0.625);
    QCOMPARE(num(r[column(h, "CR")]), 0.875);
    QCOMPARE(num(r[column(h, "E")]), 0.25);
    // One family of one row: p_BH = p. Exact p is 5/16; 4,000 permutations give a standard error of 0.0073.
    QCOMPARE(r[column(h, "p_bh")], r[column(h, "p_perm")]);
    QVERIFY(std::abs(num(r[column(h, "p_perm")]) - 0.3125) < 4 * 0.0073);
    QCOMPARE(r[column(h, "significant")], QString("false"));
    QVERIFY(num(r[column(h, "E_lo")]) <= 0.25 && num(r[column(h, "E_hi")]) >= 0.25);
    // The cue sits on the worse response (B): before = share of run-1 verdicts B (k3, k5, k7) = 3/8; after =
    // perturbed verdicts B (k2, k3) = 2/8; direction = -1/8.
    QCOMPARE(num(r[column(h, "before")]), 0.375);
    QCOMPARE(num(r[column(h, "after")]), 0.25);
    QCOMPARE(num(r[column(h, "direction")]), -0.125);
    QCOMPARE(r[column(h, "delta_p")], QString()); // no probabilities
}

void TestBiasCli::tables_data()
{
    QTest::addColumn<QString>("table");
    QTest::addColumn<QString>("header");
    QTest::newRow("counts") << "counts"
                            << "format,test,version,judges,biased_at_0.02,biased_at_0.05,biased_at_0.1";
    QTest::newRow("confidence") << "confidence"
                                << "judge,format,bin_lo,bin_hi,n,flipped,share";
    QTest::newRow("agreement")
        << "agreement"
        << "judge1,judge2,format,prompts,first_flips,share_when_first_flips,"
           "share_when_first_stays,items,spearman_flip_rate,shift_items,spearman_shift";
    QTest::newRow("cost") << "cost"
                          << "judge,format,requests,total_cost_usd,cost_per_1000,median_latency_s,"
                             "verdict_share,costed,priced,cost_ratio";
}

void TestBiasCli::tables()
{
    QFETCH(QString, table);
    QFETCH(QString, header);
    QTemporaryDir dir;
    // Two judges, so the agreement table has rows.
    QByteArray csv = biasCsv("J1");
    csv += biasCsv("J2").mid(static_cast<int>(qstrlen(kHeader)));
    const QString input = writeFixture(dir, "bias.csv", csv);
    const auto run = runCli({"bias", input, "--table", table, "--resamples", "50", "--permutations", "100"});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.out.section('\n', 0, 0), header);
    if (table == "cost") {
        // J1: 8 x 2 originals at 0.001 + 8 perturbed at 0.002 = 0.032 USD over 24 requests; latencies 1.5
        // (8x), 2.5 (8x), 3.5 (8x): median 2.5.
        const auto rows = csvRows(run.out);
        QCOMPARE(rows[1][0], QString("J1"));
        QCOMPARE(rows[1][2], QString("24"));
        QVERIFY(std::abs(num(rows[1][3]) - 0.032) < 1e-12);
        QVERIFY(std::abs(num(rows[1][4]) - 0.032 / 24 * 1000) < 1e-12);
        QCOMPARE(num(rows[1][5]), 2.5);
        QCOMPARE(num(rows[1][6]), 1.0);
    }
    if (table == "agreement") {
        // J2 repeats J1's verdicts: it flips on exactly the prompts where J1 flips.
        const auto rows = csvRows(run.out);
        QCOMPARE(rows.size(), 3);
        QCOMPARE(num(rows[1][5]), 1.0);
        QCOMPARE(num(rows[1][6]), 0.0);
    }
}

void TestBiasCli::outputFormats()
{
    QTemporaryDir dir;
    const QString input = writeFixture(dir, "bias.csv", biasCsv());
    const QStringList common{"bias", input, "--resamples", "100", "--permutations", "100"};
    const auto md = runCli(common + QStringList{"--format", "md"});
    QCOMPARE(md.exitCode, 0);
    QVERIFY(md.out.startsWith("| judge | format | test | version | n_items | RR | CR | E |"));
    const auto json = runCli(common + QStringList{"--format", "json"});
    QCOMPARE(json.exitCode, 0);
    const auto array = QJsonDocument::fromJson(json.out.toUtf8()).array();
    QCOMPARE(array.size(), 1);
    QCOMPARE(array[0].toObject()["E"].toDouble(), 0.25);
    QCOMPARE(array[0].toObject()["significant"].toBool(true), false);
    QVERIFY(array[0].toObject()["delta_p"].isNull());
    const auto latex = runCli(common + QStringList{"--format", "latex"});
    QCOMPARE(latex.exitCode, 0);
    QVERIFY(latex.out.startsWith("\\begin{table}"));
    QVERIFY(latex.out.contains("bandwagon (90\\%)"));
    const auto counts =
        runCli(common + QStringList{"--format", "latex", "--table", "counts", "--standalone"});
    QCOMPARE(counts.exitCode, 0);
    QVERIFY(counts.out.startsWith("\\documentclass"));
    // -o writes the same bytes as standard output.
    const QString out = dir.filePath("excess.csv");
    QCOMPARE(runCli(common + QStringList{"-o", out}).exitCode, 0);
    QFile file(out);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(file.readAll()), runCli(common).out);
}

void TestBiasCli::threadsDoNotChangeResults()
{
    QTemporaryDir dir;
    QByteArray csv = biasCsv("J1");
    csv += biasCsv("J2").mid(static_cast<int>(qstrlen(kHeader)));
    const QString input = writeFixture(dir, "bias.csv", csv);
    const auto one = runCli({"bias", input, "--threads", "1", "--resamples", "300"});
    const auto two = runCli({"bias", input, "--threads", "2", "--resamples", "300"});
    QCOMPARE(one.exitCode, 0);
    QCOMPARE(one.out, two.out);
    const auto otherSeed = runCli({"bias", input, "--threads", "1", "--resamples", "300", "--seed", "5"});
    QCOMPARE(otherSeed.exitCode, 0);
    QVERIFY(otherSeed.out != one.out); // the seed drives the intervals and p-values
}

void TestBiasCli::projectEqualsFiles()
{
    QTemporaryDir dir;
    const QString input = writeFixture(dir, "bias.csv", biasCsv());
    const QString project = dir.filePath("bias.tribunal");
    QCOMPARE(runCli({"import", input, "-o", project}).exitCode, 0);
    const auto fromFile = runCli({"bias", input, "--format", "json"});
    const auto fromProject = runCli({"bias", project, "--format", "json"});
    QCOMPARE(fromFile.exitCode, 0);
    QCOMPARE(fromProject.out, fromFile.out);
}

void TestBiasCli::oneRunDesign()
{
    QTemporaryDir dir;
    const QString input = writeFixture(dir, "bias.csv", biasCsv("J1", true));
    const auto run = runCli({"bias", input});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.err,
             QString("note: judge J1, format calm, test bandwagon, version 90%: CR unavailable (every "
                     "original prompt has one answered run); RR only\n"));
    const auto rows = csvRows(run.out);
    const auto& h = rows[0];
    QCOMPARE(rows[1][column(h, "verdict")], QString("CR unavailable"));
    QCOMPARE(num(rows[1][column(h, "RR")]), 0.625);
    QCOMPARE(rows[1][column(h, "CR")], QString());
    QCOMPARE(rows[1][column(h, "E")], QString());
}

void TestBiasCli::missingOriginal()
{
    QTemporaryDir dir;
    const QString input = writeFixture(dir, "bias.csv", biasCsv("J1", false, "k2"));
    const auto run = runCli({"bias", input});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(
        run.err,
        QString(
            "note: judge J1, format calm, test bandwagon, version 90%: 1 perturbed prompt has no original "
            "prompt\n"));
    const auto rows = csvRows(run.out);
    const auto& h = rows[0];
    QCOMPARE(rows[1][column(h, "n_items")], QString("7"));
    QCOMPARE(rows[1][column(h, "no_original")], QString("1"));
    // Without k2 (changed, runs agree): RR = 5/7, CR = 6/7, E = 1/7.
    QVERIFY(std::abs(num(rows[1][column(h, "E")]) - 1.0 / 7.0) < 1e-15);
}

void TestBiasCli::noBiasJudgments()
{
    QTemporaryDir dir;
    const QString input = writeFixture(dir, "plain.csv", calibrationCsv());
    const auto run = runCli({"bias", input});
    QCOMPARE(run.exitCode, 2);
    QCOMPARE(run.out, QString());
    QCOMPARE(run.err, QString("no bias-test judgments in the input (no judgment has variant 'perturbed')\n"));
}

void TestBiasCli::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("no input") << QStringList{"bias"} << "bias needs a project or judgment files";
    QTest::newRow("table")
        << QStringList{"bias", "X", "--table", "cells"}
        << "unknown --table 'cells' (expected excess, counts, confidence, agreement or cost)";
    QTest::newRow("latex table") << QStringList{"bias", "X", "--table", "cost", "--format", "latex"}
                                 << "no LaTeX table for --table cost (LaTeX: excess or counts)";
    QTest::newRow("format") << QStringList{"bias", "X", "--format", "xml"}
                            << "unknown --format 'xml' (expected csv, md, json or latex)";
    QTest::newRow("margin") << QStringList{"bias", "X", "--margin", "1.5"}
                            << "--margin: '1.5' is not a number in [0, 1)";
    QTest::newRow("level") << QStringList{"bias", "X", "--level", "1"}
                           << "--level: '1' is not a number in (0, 1)";
    QTest::newRow("resamples") << QStringList{"bias", "X", "--resamples", "0"}
                               << "--resamples: '0' is not a whole number in [1, 1000000]";
    QTest::newRow("permutations") << QStringList{"bias", "X", "--permutations", "many"}
                                  << "--permutations: 'many' is not a whole number in [1, 100000000]";
    QTest::newRow("seed") << QStringList{"bias", "X", "--seed", "-1"}
                          << "--seed: '-1' is not a whole number >= 0";
    QTest::newRow("margins") << QStringList{"bias", "X", "--margins", "0.02,x"}
                             << "--margins: 'x' is not a number in [0, 1)";
    QTest::newRow("calibration bins")
        << QStringList{"calibration", "X", "--bins", "0"} << "--bins: '0' is not a whole number in [1, 1000]";
    QTest::newRow("calibration latex points")
        << QStringList{"calibration", "X", "--reliability", "--format", "latex"}
        << "no LaTeX table for --reliability (LaTeX: the calibration summary)";
}

void TestBiasCli::usageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const auto run = runCli(args);
    QCOMPARE(run.exitCode, 1);
    QCOMPARE(run.out, QString());
    QCOMPARE(run.err.section('\n', 0, 0), "tribunal-cli: " + message);
}

void TestBiasCli::calibration()
{
    QTemporaryDir dir;
    const QString input = writeFixture(dir, "calibration.csv", calibrationCsv());
    const auto run = runCli({"calibration", input});
    QCOMPARE(run.exitCode, 0);
    const auto rows = csvRows(run.out);
    QCOMPARE(rows[0].join(','), QString("judge,format,n,accuracy,confidence,ECE,brier,log_loss,decided"));
    QCOMPARE(rows.size(), 2);
    const auto& r = rows[1];
    QCOMPARE(r[2], QString("6"));
    QVERIFY(std::abs(num(r[3]) - 0.6) < 1e-12);
    QVERIFY(std::abs(num(r[4]) - 221.0 / 300.0) < 1e-12);
    QVERIFY(std::abs(num(r[5]) - 0.3) < 1e-12);
    QVERIFY(std::abs(num(r[6]) - 0.2983) < 1e-12);
    QVERIFY(std::abs(num(r[7]) - 0.824796) < 5e-7);
    QCOMPARE(r[8], QString("5"));
    const auto points = runCli({"calibration", input, "--reliability"});
    QCOMPARE(points.exitCode, 0);
    const auto p = csvRows(points.out);
    QCOMPARE(p[0].join(','), QString("judge,format,bin_lo,bin_hi,count,mean_confidence,accuracy"));
    QCOMPARE(p.size(), 6); // five non-empty bins
    QCOMPARE(num(p[3][2]), 0.7);
    QCOMPARE(p[3][4], QString("2"));
    QVERIFY(std::abs(num(p[3][5]) - 0.755) < 1e-12);
    QCOMPARE(num(p[3][6]), 0.5);
    const auto latex = runCli({"calibration", input, "--format", "latex"});
    QCOMPARE(latex.exitCode, 0);
    QVERIFY(latex.out.contains("J & f & 6 & 60.0 & 73.7 & 30.0 & 0.298 & 0.825 \\\\"));
    QVERIFY(latex.out.contains("ECE with 10 equal-width confidence bins"));
    const auto fiveBins = runCli({"calibration", input, "--format", "latex", "--bins", "5"});
    QCOMPARE(fiveBins.exitCode, 0);
    QVERIFY(fiveBins.out.contains("ECE with 5 equal-width confidence bins"));
}

void TestBiasCli::calibrationErrors()
{
    QTemporaryDir dir;
    const QString input = writeFixture(dir, "bias.csv", biasCsv()); // no probabilities
    const auto run = runCli({"calibration", input});
    QCOMPARE(run.exitCode, 2);
    QCOMPARE(run.err, QString("no judgment with a probability on a pairwise item labelled A or B\n"));
}

QTEST_GUILESS_MAIN(TestBiasCli)
#include "tst_biascli.moc"
