// The T11 / T5 advice behind `tribunal-cli mitigate` (analysis/mitigationadvice.h), the mitigate table writer
// (report/mitigatetable.h) and reading a trust table back as a cell table (report/trusttableinput.h).
#include "analysis/celltablecsv.h"
#include "analysis/mitigationadvice.h"
#include "report/mitigatetable.h"
#include "report/trusttable.h"
#include "report/trusttableinput.h"

#include <QtTest>

#include <cmath>
#include <string>
#include <vector>

using namespace tribunal;

class TestMitigationAdvice : public QObject {
    Q_OBJECT
private slots:
    void decisiveAccuracy_data();
    void decisiveAccuracy();
    void paperCells_data();
    void paperCells();
    void thresholds_data();
    void thresholds();
    void writerFormats_data();
    void writerFormats();
    void writerColumns();
    void trustTableReadBack();
    void genuineConditionsKept();
};

namespace {

constexpr double kTol = 1e-12;

bool near(double actual, double expected)
{
    if (std::isnan(expected))
        return std::isnan(actual);
    return std::fabs(actual - expected) < kTol;
}

} // namespace

void TestMitigationAdvice::decisiveAccuracy_data()
{
    QTest::addColumn<double>("A");
    QTest::addColumn<double>("phi");
    QTest::addColumn<double>("expected");
    // (A - phi/2) / (1 - phi), by hand.
    QTest::newRow("no flips: A itself") << 0.5 << 0.0 << 0.5;
    QTest::newRow("0.7, 0.2") << 0.7 << 0.2 << 0.75;                    // 0.6 / 0.8
    QTest::newRow("0.55, 0.5") << 0.55 << 0.5 << 0.6;                   // 0.3 / 0.5
    QTest::newRow("identity 0.9, 0.3") << 0.78 << 0.3 << 0.9;           // A = 0.7 * 0.9 + 0.3 / 2
    QTest::newRow("below q: not clamped") << 0.2 << 0.6 << -0.25;       // -0.1 / 0.4
    QTest::newRow("above A_max: not clamped") << 0.95 << 0.2 << 1.0625; // 0.85 / 0.8
    QTest::newRow("phi = 1: no decisive pair") << 0.5 << 1.0 << kMissing;
    QTest::newRow("A missing") << kMissing << 0.2 << kMissing;
    QTest::newRow("phi missing") << 0.7 << kMissing << kMissing;
}

void TestMitigationAdvice::decisiveAccuracy()
{
    QFETCH(double, A);
    QFETCH(double, phi);
    QFETCH(double, expected);
    const double got = decisiveAccuracyHalf(A, phi);
    QVERIFY2(near(got, expected), qPrintable(QString::number(got, 'g', 17)));
    QVERIFY(near(mitigationAdvice(0.95, phi, A, {}).decisiveAccuracyHalf, expected));
}

void TestMitigationAdvice::paperCells_data()
{
    QTest::addColumn<QString>("cell");
    QTest::addColumn<QString>("quadrant");
    QTest::addColumn<QString>("mitigation");
    QTest::addColumn<double>("aDecHalf");
    // Table 1 (percent): C, phi, A; A_dec_half = (A - phi/2) / (1 - phi) by hand.
    // C 98.0, phi 11.2, A 64.8: 59.2 / 88.8 = 2/3.
    QTest::newRow("GPT-4o Direct MT-Bench") << "GPT-4o,Direct,MT-Bench"
                                            << "trustworthy"
                                            << "stronger-judge" << 2.0 / 3;
    // C 82.7, phi 9.2, A 49.5: 44.9 / 90.8.
    QTest::newRow("GPT-5.2 Direct AlpacaFarm") << "GPT-5.2,Direct,AlpacaFarm"
                                               << "noisy-but-fair"
                                               << "majority-vote" << 44.9 / 90.8;
    // C 88.0, phi 47.0, A 54.5: 31.0 / 53.0.
    QTest::newRow("GPT-4o CoT-JSON JudgeBench") << "GPT-4o,CoT-JSON,JudgeBench"
                                                << "chaos"
                                                << "both-orders-then-majority" << 31.0 / 53.0;
    // C 94.0, phi 31.0, A 54.5: 39.0 / 69.0.
    QTest::newRow("GPT-4o VF-JSON JudgeBench") << "GPT-4o,VF-JSON,JudgeBench"
                                               << "confidently-biased"
                                               << "both-orders" << 39.0 / 69.0;
}

void TestMitigationAdvice::paperCells()
{
    QFETCH(QString, cell);
    QFETCH(QString, quadrant);
    QFETCH(QString, mitigation);
    QFETCH(double, aDecHalf);
    ImportIssue issue;
    const auto csv = readCellTableCsv(TRIBUNAL_SHARED_DATA "/paper/table1_cells.csv", {}, issue);
    QVERIFY2(csv, issue.text().c_str());
    const auto key = cell.split(',');
    const CellRow* found = nullptr;
    for (const auto& row : csv->table.rows) {
        if (QString::fromStdString(row.judge) == key[0] && QString::fromStdString(row.format) == key[1] &&
            QString::fromStdString(row.dataset) == key[2])
            found = &row;
    }
    QVERIFY(found);
    const auto advice = mitigationAdvice(found->C, found->phi, found->A, {});
    QCOMPARE(QString::fromUtf8(advice.quadrantLabel.data(), qsizetype(advice.quadrantLabel.size())),
             quadrant);
    QCOMPARE(QString::fromUtf8(advice.mitigation.data(), qsizetype(advice.mitigation.size())), mitigation);
    QVERIFY2(near(advice.decisiveAccuracyHalf, aDecHalf),
             qPrintable(QString::number(advice.decisiveAccuracyHalf, 'g', 17)));
}

void TestMitigationAdvice::thresholds_data()
{
    QTest::addColumn<double>("C");
    QTest::addColumn<double>("phi");
    QTest::addColumn<double>("goodC");
    QTest::addColumn<double>("goodPhi");
    QTest::addColumn<int>("quadrant");
    const int trustworthy = int(TrustQuadrant::Trustworthy);
    QTest::newRow("on both thresholds") << 0.9 << 0.2 << 0.9 << 0.2 << trustworthy;
    QTest::newRow("C just low") << 0.89 << 0.2 << 0.9 << 0.2 << int(TrustQuadrant::NoisyButFair);
    QTest::newRow("phi just high") << 0.9 << 0.21 << 0.9 << 0.2 << int(TrustQuadrant::ConfidentlyBiased);
    QTest::newRow("both bad") << 0.5 << 0.5 << 0.9 << 0.2 << int(TrustQuadrant::Chaos);
    QTest::newRow("user thresholds") << 0.5 << 0.5 << 0.5 << 0.5 << trustworthy;
    QTest::newRow("C missing") << kMissing << 0.1 << 0.9 << 0.2 << int(TrustQuadrant::Undefined);
}

void TestMitigationAdvice::thresholds()
{
    QFETCH(double, C);
    QFETCH(double, phi);
    QFETCH(double, goodC);
    QFETCH(double, goodPhi);
    QFETCH(int, quadrant);
    TrustSettings settings;
    settings.goodConsistency = goodC;
    settings.goodFlipRate = goodPhi;
    const auto advice = mitigationAdvice(C, phi, 0.7, settings);
    QCOMPARE(int(advice.quadrant), quadrant);
    QCOMPARE(advice.quadrantLabel, quadrantName(advice.quadrant));
    QCOMPARE(advice.mitigation, mitigationKey(advice.quadrant));
    QCOMPARE(advice.mitigation.empty(), quadrant == int(TrustQuadrant::Undefined));
}

namespace {

// Two rows: a judgment cell with replays (temperature 0) and a cell-level row without (C missing).
MitigateTable sampleTable()
{
    MitigateTable table;
    table.conditionNames = {"temperature"};
    MitigateRow a;
    a.judge = "J1";
    a.format = "F1";
    a.dataset = "D1";
    a.conditions = {"0"};
    a.pairs = 4;
    a.majorityAccuracy = 0.75;
    a.majorityCoverage = 1;
    a.bothOrderAccuracy = 0.5;
    a.bothOrderCoverage = 0.25;
    a.C = 1;
    a.phi = 0.5;
    a.A = 0.625;
    a.quadrant = "confidently-biased";
    a.mitigation = "both-orders";
    a.aDecHalf = 0.75;
    MitigateRow b;
    b.judge = "J|2";
    b.format = "F,2";
    b.dataset = "D1";
    b.conditions = {"1"};
    b.phi = 1;
    b.A = 0.5;
    table.rows = {a, b};
    return table;
}

} // namespace

void TestMitigationAdvice::writerFormats_data()
{
    QTest::addColumn<int>("format");
    QTest::addColumn<QString>("expected");
    const QString header = "judge,format,dataset,temperature,n_pairs,majority_accuracy,majority_coverage,"
                           "both_order_accuracy,both_order_coverage,prob_matched_runs,prob_one_accuracy,"
                           "prob_one_coverage,prob_both_accuracy,prob_both_coverage,prob_agreement,"
                           "prob_change,C,phi,A,quadrant,mitigation,A_dec_half";
    QTest::newRow("csv") << int(TableFormat::Csv)
                         << header + "\nJ1,F1,D1,0,4,0.75,1,0.5,0.25,,,,,,,,1,0.5,0.625,confidently-biased,"
                                     "both-orders,0.75\n"
                                     "J|2,\"F,2\",D1,1,,,,,,,,,,,,,,1,0.5,,,\n";
    QTest::newRow("md") << int(TableFormat::Markdown)
                        << "| " + QString(header).replace(",", " | ") + " |\n|" +
                               QString(" --- |").repeated(22) +
                               "\n| J1 | F1 | D1 | 0 | 4 | 0.75 | 1 | 0.5 | 0.25 |  |  |  |  |  |  |  | 1 | "
                               "0.5 | 0.625 | confidently-biased | both-orders | 0.75 |\n"
                               "| J\\|2 | F,2 | D1 | 1 |  |  |  |  |  |  |  |  |  |  |  |  |  | 1 | 0.5 |  "
                               "|  |  |\n";
    QTest::newRow("json")
        << int(TableFormat::Json)
        << "[{\"judge\":\"J1\",\"format\":\"F1\",\"dataset\":\"D1\",\"temperature\":\"0\",\"n_pairs\":4,"
           "\"majority_accuracy\":0.75,\"majority_coverage\":1,\"both_order_accuracy\":0.5,"
           "\"both_order_coverage\":0.25,\"prob_matched_runs\":null,\"prob_one_accuracy\":null,"
           "\"prob_one_coverage\":null,\"prob_both_accuracy\":null,\"prob_both_coverage\":null,"
           "\"prob_agreement\":null,\"prob_change\":null,\"C\":1,\"phi\":0.5,\"A\":0.625,"
           "\"quadrant\":\"confidently-biased\",\"mitigation\":\"both-orders\",\"A_dec_half\":0.75},"
           "{\"judge\":\"J|2\",\"format\":\"F,2\",\"dataset\":\"D1\",\"temperature\":\"1\",\"n_pairs\":null,"
           "\"majority_accuracy\":null,\"majority_coverage\":null,\"both_order_accuracy\":null,"
           "\"both_order_coverage\":null,\"prob_matched_runs\":null,\"prob_one_accuracy\":null,"
           "\"prob_one_coverage\":null,\"prob_both_accuracy\":null,\"prob_both_coverage\":null,"
           "\"prob_agreement\":null,\"prob_change\":null,\"C\":null,\"phi\":1,\"A\":0.5,"
           "\"quadrant\":null,\"mitigation\":null,\"A_dec_half\":null}]\n";
}

void TestMitigationAdvice::writerFormats()
{
    QFETCH(int, format);
    QFETCH(QString, expected);
    const auto text = writeMitigateTable(sampleTable(), static_cast<TableFormat>(format));
    QCOMPARE(QString::fromStdString(text), expected);
}

void TestMitigationAdvice::writerColumns()
{
    const auto replay = mitigateReplayColumns();
    QCOMPARE(replay.size(), std::size_t(11));
    QCOMPARE(replay.front(), std::string("majority_accuracy"));
    QCOMPARE(replay.back(), std::string("prob_change"));
    const auto all = mitigateTableColumns({});
    QCOMPARE(all.size(), std::size_t(3 + 1 + 11 + 6));
    QCOMPARE(all[3], std::string("n_pairs"));
    QCOMPARE(all.back(), std::string("A_dec_half"));
}

void TestMitigationAdvice::trustTableReadBack()
{
    // A trust table with a condition column, written and read back as a cell table.
    TrustTable trust;
    trust.conditionNames = {"temperature"};
    TrustTableRow row;
    row.judge = "J";
    row.format = "F";
    row.dataset = "D";
    row.conditions = {"0.5"};
    row.pairs = 3;
    row.C = 2.0 / 3;
    row.phi = 0.25;
    row.A = 0.7;
    row.T = 0.4;
    row.quadrant = "chaos";
    trust.rows = {row};
    ImportIssue issue;
    auto csv = parseCellTableCsv(writeTrustTable(trust, TableFormat::Csv), "trust.csv", {}, issue);
    QVERIFY2(csv, issue.text().c_str());
    CellTable cells = csv->table;
    QCOMPARE(cells.conditionNames.size(), std::size_t(15)); // temperature + the 14 trust-only columns
    QVERIFY(dropTrustTableOutputColumns(cells));
    QCOMPARE(cells.conditionNames, std::vector<std::string>{"temperature"});
    QCOMPARE(cells.rows.size(), std::size_t(1));
    QCOMPARE(cells.rows[0].conditions, std::vector<std::string>{"0.5"});
    QCOMPARE(cells.rows[0].C, 2.0 / 3); // shortest round-trip: bit-identical
    QCOMPARE(cells.rows[0].phi, 0.25);
    QCOMPARE(cells.rows[0].A, 0.7);
    QCOMPARE(trustTableOutputOnlyColumns().size(), std::size_t(14));
}

void TestMitigationAdvice::genuineConditionsKept()
{
    // Only a table carrying every trust-only column is a read-back trust table; a condition named "q" stays.
    CellTable table;
    table.conditionNames = {"q", "quadrant"};
    CellRow row;
    row.conditions = {"x", "y"};
    table.rows = {row};
    QVERIFY(!dropTrustTableOutputColumns(table));
    QCOMPARE(table.conditionNames, (std::vector<std::string>{"q", "quadrant"}));
    QCOMPARE(table.rows[0].conditions, (std::vector<std::string>{"x", "y"}));
}

QTEST_GUILESS_MAIN(TestMitigationAdvice)
#include "tst_mitigationadvice.moc"
