// tribunal-cli sweep (T9) and mitigate on every input kind (T11 advice, T12 replays) through the real
// executable: hand-computed fixtures, the paper's Tables 1 and 3, and `trust` output fed back in.

#include "../common/clirun.h"
#include "analysis/celltablecsv.h"
#include "analysis/conditionsweep.h"
#include "report/sweeptable.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <QtTest>

#include <cmath>

using tribunal::testing::csvRows;
using tribunal::testing::num;

namespace {

// Proportions chosen so that every mean and quartile is exact in binary (hand-computed below). The last row
// has no C, so its T (filled in as C (A - phi/2)) is undefined too.
const QByteArray kSweepCells = "judge,format,dataset,temperature,C,phi,A,T\n"
                               "J1,F1,D1,0,1,0.5,0.75,\n"
                               "J1,F2,D1,0,0.5,0,0.25,\n"
                               "J1,F1,D1,1,0.75,0.25,0.625,\n"
                               "J1,F2,D1,1,,0.5,1,\n";

// Two cells, three labelled pairs, AB and BA twice each. F1: p1 reproducible and order-invariant, correct;
// p2 AB runs disagree (no modal verdict), 1 of 4 correct; p3 reproducible but flips A <-> B, 2 of 4 correct:
// C = 2/3, phi = 2/3, A = (1 + 1/4 + 1/2) / 3 = 7/12, A_dec_half = (7/12 - 1/3) / (1/3) = 3/4.
// F2: every pair reproducible, order-invariant and correct: C = 1, phi = 0, A = 1, A_dec_half = 1.
QByteArray judgmentsCsv()
{
    struct Pair {
        const char* format;
        const char* id;
        const char* label;
        const char* ab[2];
        const char* ba[2];
    };
    const Pair pairs[] = {
        {"F1", "p1", "A", {"A", "A"}, {"A", "A"}}, {"F1", "p2", "B", {"B", "A"}, {"A", "A"}},
        {"F1", "p3", "A", {"A", "A"}, {"B", "B"}}, {"F2", "p1", "A", {"A", "A"}, {"A", "A"}},
        {"F2", "p2", "B", {"B", "B"}, {"B", "B"}}, {"F2", "p3", "A", {"A", "A"}, {"A", "A"}},
    };
    QByteArray csv = "dataset,item_id,judge,format,order,rep,verdict,label\n";
    for (const auto& p : pairs) {
        for (int order = 0; order < 2; ++order) {
            for (int rep = 0; rep < 2; ++rep) {
                csv += QString("D1,%1,J1,%2,%3,%4,%5,%6\n")
                           .arg(p.id, p.format, order == 0 ? "AB" : "BA")
                           .arg(rep + 1)
                           .arg(order == 0 ? p.ab[rep] : p.ba[rep], p.label)
                           .toUtf8();
            }
        }
    }
    return csv;
}

bool near(double a, double b)
{
    return std::fabs(a - b) < 1e-12;
}

} // namespace

class TestSweepCli : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void sweepFormats_data();
    void sweepFormats();
    void sweepPoolAll();
    void sweepPoolMapTable3();
    void sweepMatchesCore();
    void sweepFromJudgmentsAndTrustOutput();
    void sweepUsageErrors_data();
    void sweepUsageErrors();
    void mitigateCellTable();
    void mitigateJudgmentAdvice();
    void mitigateTrustRoundTrip();
    void mitigateThresholds();
    void mitigateUsageErrors_data();
    void mitigateUsageErrors();

private:
    using Run = tribunal::testing::CliRun;
    static Run cli(const QStringList& args) { return tribunal::testing::runCli(args); }
    QString write(const QString& name, const QByteArray& content)
    {
        return tribunal::testing::writeFixture(m_dir, name, content);
    }
    QTemporaryDir m_dir;
    QString m_cells;
    QString m_judgments;
    const QString m_table1 = QStringLiteral(TRIBUNAL_SHARED_DATA "/paper/table1_cells.csv");
    const QString m_table3 = QStringLiteral(TRIBUNAL_SHARED_DATA "/paper/table3_temperature.csv");
};

void TestSweepCli::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(QFile::exists(m_table1));
    QVERIFY(QFile::exists(m_table3));
    m_cells = write("sweep_cells.csv", kSweepCells);
    m_judgments = write("judgments.csv", judgmentsCsv());
}

void TestSweepCli::sweepFormats_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("expected");
    // temperature 0: C {1, 0.5}, A - phi/2 {0.5, 0.25}, T {0.5, 0.125}; temperature 1: C {0.75} (one cell
    // without C), A - phi/2 {0.5, 0.75}, T {0.375}. Quartiles of two values: x0 + p (x1 - x0).
    QTest::newRow("csv") << "csv"
                         << "temperature,measure,n_cells,mean,q1,median,q3,iqr\n"
                            "0,C,2,0.75,0.625,0.75,0.875,0.25\n"
                            "0,A_minus_half_phi,2,0.375,0.3125,0.375,0.4375,0.125\n"
                            "0,T,2,0.3125,0.21875,0.3125,0.40625,0.1875\n"
                            "1,C,1,0.75,0.75,0.75,0.75,0\n"
                            "1,A_minus_half_phi,2,0.625,0.5625,0.625,0.6875,0.125\n"
                            "1,T,1,0.375,0.375,0.375,0.375,0\n";
    QTest::newRow("md")
        << "md"
        << "| temperature | measure | n_cells | mean | q1 | median | q3 | iqr |\n"
           "|---|---|---|---|---|---|---|---|\n"
           "| 0 | C | 2 | 0.75 | 0.625 | 0.75 | 0.875 | 0.25 |\n"
           "| 0 | A_minus_half_phi | 2 | 0.375 | 0.3125 | 0.375 | 0.4375 | 0.125 |\n"
           "| 0 | T | 2 | 0.3125 | 0.2188 | 0.3125 | 0.4062 | 0.1875 |\n"
           "| 1 | C | 1 | 0.75 | 0.75 | 0.75 | 0.75 | 0 |\n"
           "| 1 | A_minus_half_phi | 2 | 0.625 | 0.5625 | 0.625 | 0.6875 | 0.125 |\n"
           "| 1 | T | 1 | 0.375 | 0.375 | 0.375 | 0.375 | 0 |\n"
           "\nT9 sweep over temperature: mean and quartiles (linear interpolation) over cells, "
           "proportions; n_cells counts cells with a defined value. C per pair; q = 1/2.\n";
    QTest::newRow("json")
        << "json"
        << "{\"column\":\"temperature\",\"pooled_over\":null,\"consistency_unit\":\"pair\",\"q\":\"half\","
           "\"consistency_assumed\":false,\"rows\":["
           "{\"temperature\":\"0\",\"measure\":\"C\",\"n_cells\":2,\"mean\":0.75,\"q1\":0.625,\"median\":0."
           "75,"
           "\"q3\":0.875,\"iqr\":0.25},"
           "{\"temperature\":\"0\",\"measure\":\"A_minus_half_phi\",\"n_cells\":2,\"mean\":0.375,\"q1\":0."
           "3125,"
           "\"median\":0.375,\"q3\":0.4375,\"iqr\":0.125},"
           "{\"temperature\":\"0\",\"measure\":\"T\",\"n_cells\":2,\"mean\":0.3125,\"q1\":0.21875,"
           "\"median\":0.3125,\"q3\":0.40625,\"iqr\":0.1875},"
           "{\"temperature\":\"1\",\"measure\":\"C\",\"n_cells\":1,\"mean\":0.75,\"q1\":0.75,\"median\":0.75,"
           "\"q3\":0.75,\"iqr\":0},"
           "{\"temperature\":\"1\",\"measure\":\"A_minus_half_phi\",\"n_cells\":2,\"mean\":0.625,\"q1\":0."
           "5625,"
           "\"median\":0.625,\"q3\":0.6875,\"iqr\":0.125},"
           "{\"temperature\":\"1\",\"measure\":\"T\",\"n_cells\":1,\"mean\":0.375,\"q1\":0.375,\"median\":0."
           "375,"
           "\"q3\":0.375,\"iqr\":0}]}\n";
}

void TestSweepCli::sweepFormats()
{
    QFETCH(QString, format);
    QFETCH(QString, expected);
    auto run = cli({"sweep", m_cells, "--over", "temperature", "--format", format});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.out, expected);
    // -o writes the same text to a file.
    const auto path = m_dir.filePath("sweep." + format);
    run = cli({"sweep", m_cells, "--over", "temperature", "--format", format, "-o", path});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.out.isEmpty());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(file.readAll()), expected);
}

void TestSweepCli::sweepPoolAll()
{
    // --pool format without a map pools F1 and F2 per temperature (Table 3 rule): temperature 0 gets
    // C = 0.75, phi = 0.25, A = 0.5, T = 0.75 (0.5 - 0.125) = 0.28125; temperature 1 gets C = 0.75 (the only
    // defined C), phi = 0.375, A = 0.8125, T = 0.75 (0.8125 - 0.1875) = 0.46875.
    auto run = cli({"sweep", m_cells, "--over", "temperature", "--pool", "format"});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.out, QString("temperature,measure,n_cells,mean,q1,median,q3,iqr\n"
                              "0,C,1,0.75,0.75,0.75,0.75,0\n"
                              "0,A_minus_half_phi,1,0.375,0.375,0.375,0.375,0\n"
                              "0,T,1,0.28125,0.28125,0.28125,0.28125,0\n"
                              "1,C,1,0.75,0.75,0.75,0.75,0\n"
                              "1,A_minus_half_phi,1,0.625,0.625,0.625,0.625,0\n"
                              "1,T,1,0.46875,0.46875,0.46875,0.46875,0\n"));
    // Pooling into one value: sweeping over the pooled column gives the single value "all".
    run = cli({"sweep", m_cells, "--over", "format", "--pool", "format", "--format", "md"});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.out.contains("| all | C | 2 | 0.75 |"));
    QVERIFY(run.out.contains("Cells pooled over format first (Table 3: mean C, phi, A; T recomputed from "
                             "the means)."));
}

void TestSweepCli::sweepPoolMapTable3()
{
    // Table 3's Verdict-first rows are the means of Table 1's VF-JSON and VF-XML rows. GPT-4o, by hand from
    // Table 1 (percent): C per dataset (96.9 + 98.0) / 2 = 97.45, (96.0 + 92.4) / 2 = 94.2,
    // (94.0 + 93.5) / 2 = 93.75, (97.0 + 97.0) / 2 = 97.0; mean 95.6; sorted 93.75, 94.2, 97.0, 97.45:
    // q1 = 93.75 + 0.75 * 0.45 = 94.0875, median 95.6, q3 = 97.0 + 0.25 * 0.45 = 97.1125.
    QByteArray gpt4o = "judge,format,dataset,C,phi,A,T\n";
    QFile table1(m_table1);
    QVERIFY(table1.open(QIODevice::ReadOnly));
    table1.readLine();
    while (!table1.atEnd()) {
        const auto line = table1.readLine().trimmed();
        if (line.startsWith("GPT-4o,"))
            gpt4o += line + "\n";
    }
    const auto path = write("gpt4o.csv", gpt4o);
    auto run = cli({"sweep", path, "--over", "format", "--pool", "format", "--pool-map",
                    "VF-JSON=Verdict-first,VF-XML=Verdict-first,CoT-JSON=CoT,CoT-XML=CoT"});
    QCOMPARE(run.exitCode, 0);
    const auto rows = csvRows(run.out);
    QCOMPARE(rows.size(), 1 + 3 * 3); // Direct, Verdict-first, CoT
    QCOMPARE(rows[4].mid(0, 3).join(','), QString("Verdict-first,C,4"));
    QVERIFY(near(num(rows[4][3]), 0.956));
    QVERIFY(near(num(rows[4][4]), 0.940875));
    QVERIFY(near(num(rows[4][5]), 0.956));
    QVERIFY(near(num(rows[4][6]), 0.971125));
    QVERIFY(near(num(rows[4][7]), 0.03025));
    // T of the pooled MT-Bench cell is recomputed from the means: C 97.45, phi 12.75, A 63.05, so
    // T = 0.9745 (0.6305 - 0.06375) = 0.552297875; Table 3 prints 55.1 (from its rounded means 97.4, 12.8,
    // 63.0). The Direct rows stay unpooled: their T is Table 1's.
    run = cli({"sweep", path, "--over", "dataset", "--pool", "format", "--pool-map",
               "VF-JSON=Verdict-first,VF-XML=Verdict-first,CoT-JSON=CoT,CoT-XML=CoT"});
    QCOMPARE(run.exitCode, 0);
    const auto byDataset = csvRows(run.out);
    QCOMPARE(byDataset[3].mid(0, 3).join(','), QString("MT-Bench,T,3"));
    // MT-Bench T over the three formats: Direct 0.580 (printed), Verdict-first 0.552297875, CoT
    // 0.903 (0.612 - 0.08925) = 0.47204325 (C (89.8 + 90.8) / 2, phi (19.4 + 16.3) / 2, A 61.2).
    QVERIFY(near(num(byDataset[3][3]), (0.58 + 0.552297875 + 0.47204325) / 3));
    QVERIFY(near(num(byDataset[3][4]), (0.47204325 + 0.552297875) / 2));
    QVERIFY(near(num(byDataset[3][5]), 0.552297875));
}

void TestSweepCli::sweepMatchesCore()
{
    // The CLI writes exactly the core sweep of the paper's Table 3 (its condition column is "temp").
    tribunal::ImportIssue issue;
    auto csv = tribunal::readCellTableCsv(m_table3.toStdString(), {}, issue);
    QVERIFY2(csv, issue.text().c_str());
    const auto sweep = tribunal::conditionSweep(csv->table, "temp");
    for (const auto& [name, format] :
         {std::pair{"csv", tribunal::TableFormat::Csv}, std::pair{"md", tribunal::TableFormat::Markdown},
          std::pair{"json", tribunal::TableFormat::Json}}) {
        auto run = cli({"sweep", m_table3, "--over", "temp", "--format", name});
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.out, QString::fromStdString(tribunal::writeSweepTable(sweep, format)));
    }
    auto run = cli({"sweep", m_table3, "--over", "temp"});
    const auto rows = csvRows(run.out);
    QCOMPARE(rows.size(), 1 + 3 * 3);
    QCOMPARE(rows[1].mid(0, 3).join(','), QString("0,C,48"));
    QCOMPARE(rows[7].mid(0, 3).join(','), QString("1.0,C,48"));
}

void TestSweepCli::sweepFromJudgmentsAndTrustOutput()
{
    // From judgments: F1 C = 2/3, A - phi/2 = 7/12 - 1/3 = 1/4, T = C_lab (A - phi_lab/2) = 1/6; F2 all 1.
    auto run = cli({"sweep", m_judgments, "--over", "dataset"});
    QCOMPARE(run.exitCode, 0);
    auto rows = csvRows(run.out);
    QCOMPARE(rows.size(), 4);
    QCOMPARE(rows[1].mid(0, 3).join(','), QString("D1,C,2"));
    QVERIFY(near(num(rows[1][3]), (2.0 / 3 + 1) / 2));
    QVERIFY(near(num(rows[2][3]), (0.25 + 1) / 2));
    QVERIFY(near(num(rows[3][3]), (1.0 / 6 + 1) / 2));
    QVERIFY(near(num(rows[3][7]), 0.5 * (1 - 1.0 / 6))); // iqr of two values: (x1 - x0) / 2

    // `trust --format csv` output swept gives the same table; its n_pairs ... quadrant columns are not
    // conditions (they would keep pooled cells apart).
    const auto trustPath = m_dir.filePath("trust_out.csv");
    QCOMPARE(cli({"trust", m_judgments, "--ci", "0", "-o", trustPath}).exitCode, 0);
    auto fromTrust = cli({"sweep", trustPath, "--over", "dataset"});
    QCOMPARE(fromTrust.exitCode, 0);
    QCOMPARE(fromTrust.out, run.out);
    auto pooled = cli({"sweep", trustPath, "--over", "dataset", "--pool", "format"});
    QCOMPARE(pooled.exitCode, 0);
    QCOMPARE(csvRows(pooled.out)[1].mid(0, 3).join(','), QString("D1,C,1"));
    auto bad = cli({"sweep", trustPath, "--over", "n_pairs"});
    QCOMPARE(bad.exitCode, 1);
    QVERIFY2(bad.err.contains("tribunal-cli: --over: unknown column 'n_pairs' (available: judge, format, "
                              "dataset)"),
             qPrintable(bad.err));
}

void TestSweepCli::sweepUsageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("error");
    QTest::newRow("no input") << QStringList{"--over", "temp"}
                              << "sweep needs a project, judgment files or a cell-level table";
    QTest::newRow("no --over") << QStringList{"TABLE3"} << "sweep needs --over COLUMN";
    QTest::newRow("unknown column")
        << QStringList{"TABLE3", "--over", "temperature"}
        << "--over: unknown column 'temperature' (available: judge, format, dataset, temp)";
    QTest::newRow("unknown pool column")
        << QStringList{"TABLE3", "--over", "temp", "--pool", "paradigm"}
        << "--pool: unknown column 'paradigm' (available: judge, format, dataset, temp)";
    QTest::newRow("latex") << QStringList{"TABLE3", "--over", "temp", "--format", "latex"}
                           << "unknown --format 'latex' (expected csv, md or json)";
    QTest::newRow("map without pool")
        << QStringList{"TABLE3", "--over", "temp", "--pool-map", "CoT=X"} << "--pool-map needs --pool COLUMN";
    QTest::newRow("bad map") << QStringList{"TABLE3", "--over",     "temp", "--pool",
                                            "format", "--pool-map", "CoT"}
                             << "--pool-map: 'CoT' is not FROM=TO";
    QTest::newRow("map typo") << QStringList{"TABLE3", "--over",     "temp", "--pool",
                                             "format", "--pool-map", "Cot=X"}
                              << "--pool-map: no value 'Cot' in column 'format'";
    QTest::newRow("observed q with pool")
        << QStringList{"TABLE3", "--over", "temp", "--pool", "format", "--q", "observed"}
        << "--pool recomputes T from the pooled means with q = 1/2; it cannot be combined with --q observed";
    QTest::newRow("observed q, cell table")
        << QStringList{"TABLE3", "--over", "temp", "--q", "observed"}
        << "--q observed needs per-pair data; a cell-level table has only C, phi and A";
}

void TestSweepCli::sweepUsageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, error);
    args.replaceInStrings("TABLE3", m_table3);
    auto run = cli(QStringList{"sweep"} + args);
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains("tribunal-cli: " + error), qPrintable(run.err));
    QVERIFY(run.out.isEmpty());
}

void TestSweepCli::mitigateCellTable()
{
    // Table 1 (percent) as proportions; the replay columns are empty and stderr says why.
    auto run = cli({"mitigate", m_table1});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.err.contains("note: a cell-level table has no verdicts: the T12 replay columns "
                              "(majority_*, both_order_*, prob_*) are empty; they need judgment data"),
             qPrintable(run.err));
    const auto rows = csvRows(run.out);
    QCOMPARE(rows.size(), 121);
    QCOMPARE(
        rows[0].join(','),
        QString("judge,format,dataset,n_pairs,majority_accuracy,majority_coverage,"
                "both_order_accuracy,both_order_coverage,prob_matched_runs,prob_one_accuracy,"
                "prob_one_coverage,prob_both_accuracy,prob_both_coverage,prob_agreement,prob_change,C,phi,"
                "A,quadrant,mitigation,A_dec_half"));
    struct Expected {
        const char* cell;
        const char* quadrant;
        const char* mitigation;
        double aDecHalf;
    };
    // By hand from the printed percentages: (A - phi/2) / (1 - phi).
    const Expected expected[] = {
        {"GPT-4o,Direct,MT-Bench", "trustworthy", "stronger-judge", 59.2 / 88.8},
        {"GPT-5.2,Direct,AlpacaFarm", "noisy-but-fair", "majority-vote", 44.9 / 90.8},
        {"GPT-4o,CoT-JSON,JudgeBench", "chaos", "both-orders-then-majority", 31.0 / 53.0},
        {"GPT-4o,VF-JSON,JudgeBench", "confidently-biased", "both-orders", 39.0 / 69.0},
    };
    for (const auto& e : expected) {
        bool found = false;
        for (const auto& r : rows) {
            if (r.mid(0, 3).join(',') != QLatin1String(e.cell))
                continue;
            found = true;
            QCOMPARE(r.size(), 21);
            for (int i = 3; i < 15; ++i)
                QVERIFY2(r[i].isEmpty(), qPrintable(rows[0][i]));
            QCOMPARE(r[18], QString(e.quadrant));
            QCOMPARE(r[19], QString(e.mitigation));
            QVERIFY2(near(num(r[20]), e.aDecHalf), qPrintable(r[20]));
        }
        QVERIFY2(found, e.cell);
    }
    QVERIFY(near(num(rows[1][15]), 0.893)); // GPT-5.2 Direct MT-Bench: C 89.3 percent
}

void TestSweepCli::mitigateJudgmentAdvice()
{
    auto run = cli({"mitigate", m_judgments, "--format", "json"});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(!run.err.contains("no verdicts"));
    const auto cells = QJsonDocument::fromJson(run.out.toUtf8()).array();
    QCOMPARE(cells.size(), 2);
    const auto f1 = cells[0].toObject();
    QCOMPARE(f1["format"].toString(), QString("F1"));
    QCOMPARE(f1["n_pairs"].toInt(), 3);
    QVERIFY(near(f1["C"].toDouble(), 2.0 / 3));
    QVERIFY(near(f1["phi"].toDouble(), 2.0 / 3));
    QVERIFY(near(f1["A"].toDouble(), 7.0 / 12));
    QCOMPARE(f1["quadrant"].toString(), QString("chaos"));
    QCOMPARE(f1["mitigation"].toString(), QString("both-orders-then-majority"));
    QVERIFY(near(f1["A_dec_half"].toDouble(), 0.75));
    QVERIFY(f1["prob_change"].isNull()); // no probabilities recorded
    // (a) majority per presentation: 5 of 6 presentations have a mode (p2 AB is a tie); of those p1 AB, p1 BA
    // and p3 AB are correct, p2 BA (A, label B) and p3 BA (B, label A) are not: accuracy 3/5.
    QVERIFY(near(f1["majority_coverage"].toDouble(), 5.0 / 6));
    QVERIFY(near(f1["majority_accuracy"].toDouble(), 3.0 / 5));
    const auto f2 = cells[1].toObject();
    QCOMPARE(f2["quadrant"].toString(), QString("trustworthy"));
    QCOMPARE(f2["mitigation"].toString(), QString("stronger-judge"));
    QVERIFY(near(f2["A_dec_half"].toDouble(), 1));
}

void TestSweepCli::mitigateTrustRoundTrip()
{
    // `trust --format csv` output fed back gives the same C .. A_dec_half columns as the judgments.
    const auto trustPath = m_dir.filePath("trust_roundtrip.csv");
    QCOMPARE(cli({"trust", m_judgments, "--ci", "0", "-o", trustPath}).exitCode, 0);
    auto direct = cli({"mitigate", m_judgments});
    auto back = cli({"mitigate", trustPath});
    QCOMPARE(direct.exitCode, 0);
    QCOMPARE(back.exitCode, 0);
    QVERIFY(back.err.contains("no verdicts"));
    const auto a = csvRows(direct.out);
    const auto b = csvRows(back.out);
    QCOMPARE(a.size(), 3);
    QCOMPARE(b.size(), 3);
    QCOMPARE(b[0], a[0]); // the trust table's own columns are not taken as conditions
    for (int r = 1; r < 3; ++r) {
        QCOMPARE(b[r].mid(0, 3), a[r].mid(0, 3));
        QCOMPARE(b[r].mid(15), a[r].mid(15));
        QVERIFY(!a[r][3].isEmpty()); // n_pairs and the replays only from judgments
        for (int i = 3; i < 15; ++i)
            QVERIFY(b[r][i].isEmpty());
    }
}

void TestSweepCli::mitigateThresholds()
{
    // F1 (C = phi = 2/3) becomes trustworthy with looser thresholds.
    auto run = cli({"mitigate", m_judgments, "--good-c", "0.6", "--good-phi", "0.7"});
    QCOMPARE(run.exitCode, 0);
    auto rows = csvRows(run.out);
    QCOMPARE(rows[1][18], QString("trustworthy"));
    QCOMPARE(rows[1][19], QString("stronger-judge"));
    // The same on a cell table.
    const auto path = write("one_cell.csv", "judge,format,dataset,C,phi,A\nJ,F,D,0.65,0.65,0.5\n");
    run = cli({"mitigate", path, "--good-c", "0.6", "--good-phi", "0.7"});
    QCOMPARE(run.exitCode, 0);
    rows = csvRows(run.out);
    QCOMPARE(rows[1].mid(15).join(','), QString("0.65,0.65,0.5,trustworthy,stronger-judge,0.5"));
    run = cli({"mitigate", path});
    QCOMPARE(csvRows(run.out)[1].mid(18, 2).join(','), QString("chaos,both-orders-then-majority"));
}

void TestSweepCli::mitigateUsageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("error");
    QTest::newRow("no input") << QStringList{}
                              << "mitigate needs a project, judgment files or a cell-level table";
    QTest::newRow("bad format") << QStringList{"TABLE1", "--format", "latex"}
                                << "unknown --format 'latex' (expected csv, md or json)";
    QTest::newRow("bad threshold") << QStringList{"TABLE1", "--good-c", "2"}
                                   << "--good-c and --good-phi take proportions in [0, 1]";
    QTest::newRow("observed q") << QStringList{"TABLE1", "--q", "observed"}
                                << "mitigate takes q = 1/2 (A_dec_half); --q observed does not apply";
}

void TestSweepCli::mitigateUsageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, error);
    args.replaceInStrings("TABLE1", m_table1);
    auto run = cli(QStringList{"mitigate"} + args);
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains("tribunal-cli: " + error), qPrintable(run.err));
    QVERIFY(run.out.isEmpty());
}

QTEST_GUILESS_MAIN(TestSweepCli)
#include "tst_sweepcli.moc"
