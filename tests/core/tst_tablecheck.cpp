// T14 published-table check (metrics.md): the paper's Table 1 and Table 4 (data/README.md, paper/), the
// rounding rule (a value printed with d decimals disagrees beyond 0.5 * 10^-d), and bad input.
#include "analysis/tablecheck.h"

#include <QtTest>

#include <cmath>
#include <fstream>
#include <sstream>

using namespace tribunal;

namespace {

std::string readText(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

const std::string kPaper = std::string(TRIBUNAL_SHARED_DATA) + "/paper/";

} // namespace

class TestTableCheck : public QObject {
    Q_OBJECT
private slots:
    void printedDecimals_data();
    void printedDecimals();
    void paperTable1HasNoTDiscrepancy();
    void paperTable4ReportsLlmbarMean();
    void roundingBoundary_data();
    void roundingBoundary();
    void table4MissingGroupIsAFinding();
    void badInput_data();
    void badInput();
};

void TestTableCheck::printedDecimals_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("decimals"); // -1: not a plain decimal number
    QTest::newRow("integer") << "55" << 0;
    QTest::newRow("one") << "10.8" << 1;
    QTest::newRow("trailing zero") << "10.80" << 2;
    QTest::newRow("negative") << "-0.125" << 3;
    QTest::newRow("leading dot") << ".5" << 1;
    QTest::newRow("exponent") << "1e-3" << -1;
    QTest::newRow("empty") << "" << -1;
    QTest::newRow("dot only") << "." << -1;
    QTest::newRow("text") << "n/a" << -1;
}

void TestTableCheck::printedDecimals()
{
    QFETCH(QString, text);
    QFETCH(int, decimals);
    const auto got = tribunal::printedDecimals(text.toStdString());
    QCOMPARE(got.value_or(-1), decimals);
}

void TestTableCheck::paperTable1HasNoTDiscrepancy()
{
    const auto cells = readText(kPaper + "table1_cells.csv");
    ImportIssue issue;
    auto check = checkCellTable(cells, "table1_cells.csv", std::nullopt, {}, issue);
    QVERIFY2(check, issue.text().c_str());
    QCOMPARE(check->units, CellUnits::Percent);
    QCOMPARE(check->checkedValues, check->cells.rows.size()); // every row prints a T
    QCOMPARE(check->cells.rows.size(), std::size_t(120));
    for (const auto& d : check->discrepancies)
        qWarning() << d.text().c_str();
    QVERIFY(check->discrepancies.empty());
    // A_max = 1 - phi/2 for the first row (phi = 5.1%).
    QCOMPARE(check->recomputedAMax.front(), 1 - 0.051 / 2);
    QVERIFY(check->anova.has_value());
    QCOMPARE(check->anova->rows.back().source, std::string("residual"));
}

void TestTableCheck::paperTable4ReportsLlmbarMean()
{
    const auto cells = readText(kPaper + "table1_cells.csv");
    const auto table4 = readText(kPaper + "table4_printed.csv");
    ImportIssue issue;
    auto check =
        checkCellTable(cells, "table1_cells.csv", std::string_view(table4), "table4_printed.csv", issue);
    QVERIFY2(check, issue.text().c_str());
    // 120 T values, 24 groups with dT_fmt and T_min, 6 row means, 4 column means.
    QCOMPARE(check->checkedValues, std::size_t(120 + 48 + 6 + 4));
    QCOMPARE(check->discrepancies.size(), std::size_t(1));
    const auto& d = check->discrepancies.front();
    QCOMPARE(d.file, std::string("table4_printed.csv"));
    QCOMPARE(d.line, std::uint64_t(35));
    QCOMPARE(d.row, std::string("Mean/LLMBar"));
    QCOMPARE(d.column, std::string("dT_fmt"));
    QCOMPARE(d.printed, std::string("10.8"));
    QVERIFY(std::fabs(d.recomputed - 10.95) < 1e-9);
    QCOMPARE(d.text(),
             std::string("table4_printed.csv:35: dT_fmt (Mean/LLMBar): printed 10.8, recomputed 10.95"));
}

void TestTableCheck::roundingBoundary_data()
{
    // One cell in proportions: C, phi, A and the printed T; recomputed T = C (A - phi/2).
    QTest::addColumn<QString>("values"); // C,phi,A
    QTest::addColumn<QString>("printedT");
    QTest::addColumn<bool>("flagged");
    // T = 0.9 * (0.7 - 0.1) = 0.54.
    QTest::newRow("exact") << "0.9,0.2,0.7"
                           << "0.54" << false;
    QTest::newRow("1 decimal, within") << "0.9,0.2,0.7"
                                       << "0.5" << false; // 0.04 <= 0.05
    QTest::newRow("2 decimals, off by one") << "0.9,0.2,0.7"
                                            << "0.55" << true; // 0.01 > 0.005
    QTest::newRow("3 decimals, off") << "0.9,0.2,0.7"
                                     << "0.545" << true; // 0.005 > 0.0005
    QTest::newRow("integer") << "0.9,0.2,0.7"
                             << "1" << false; // 0.46 <= 0.5
    // T = 0.55: printed half a unit away on either side is still consistent with rounding.
    QTest::newRow("half unit below") << "1,0,0.55"
                                     << "0.5" << false;
    QTest::newRow("half unit above") << "1,0,0.55"
                                     << "0.6" << false;
    QTest::newRow("just beyond half unit") << "1,0,0.55"
                                           << "0.49" << true; // 0.06 > 0.005
}

void TestTableCheck::roundingBoundary()
{
    QFETCH(QString, values);
    QFETCH(QString, printedT);
    QFETCH(bool, flagged);
    const std::string text =
        "judge,format,dataset,C,phi,A,T\nJ,F,D," + values.toStdString() + "," + printedT.toStdString() + "\n";
    ImportIssue issue;
    auto check = checkCellTable(text, "cells.csv", std::nullopt, {}, issue);
    QVERIFY2(check, issue.text().c_str());
    QCOMPARE(check->units, CellUnits::Proportion);
    QCOMPARE(check->checkedValues, std::size_t(1));
    QCOMPARE(!check->discrepancies.empty(), flagged);
    if (flagged) {
        QCOMPARE(check->discrepancies.front().line, std::uint64_t(2));
        QCOMPARE(check->discrepancies.front().row, std::string("J/F/D"));
        QCOMPARE(check->discrepancies.front().column, std::string("T"));
    }
}

void TestTableCheck::table4MissingGroupIsAFinding()
{
    const std::string cells = "judge,format,dataset,C,phi,A,T\n"
                              "J,F1,D,100,0,60,60\n"
                              "J,F2,D,100,0,50,50\n";
    const std::string table4 = "judge,dataset,dT_fmt,T_min,T_max\n"
                               "J,D,10,50,60\n"
                               "J,E,1.0,,\n"
                               "J,Mean,10.0,,\n"
                               "Mean,D,9,,\n";
    ImportIssue issue;
    auto check = checkCellTable(cells, "c.csv", std::string_view(table4), "t4.csv", issue);
    QVERIFY2(check, issue.text().c_str());
    QCOMPARE(check->checkedValues, std::size_t(2 + 3 + 3));
    QCOMPARE(check->discrepancies.size(), std::size_t(2));
    QCOMPARE(check->discrepancies[0].text(),
             std::string("t4.csv:3: dT_fmt (J/E): printed 1.0, no counterpart in the cell table"));
    QCOMPARE(check->discrepancies[1].text(),
             std::string("t4.csv:5: dT_fmt (Mean/D): printed 9, recomputed 10"));
}

void TestTableCheck::badInput_data()
{
    QTest::addColumn<QString>("cells");
    QTest::addColumn<QString>("table4"); // empty: none
    QTest::addColumn<QString>("error");
    const QString good = "judge,format,dataset,C,phi,A,T\nJ,F,D,0.9,0.2,0.7,0.54\n";
    QTest::newRow("no judge column") << "format,dataset,C,phi,A\nF,D,0.9,0.2,0.7\n"
                                     << ""
                                     << "cells.csv:1: judge: missing column";
    QTest::newRow("table4 without dT_fmt") << good << "judge,dataset,T_min\nJ,D,0.5\n"
                                           << "t4.csv:1: dT_fmt: missing column";
    QTest::newRow("table4 short row") << good << "judge,dataset,dT_fmt\nJ,D\n"
                                      << "t4.csv:2: expected 3 fields, found 2";
    QTest::newRow("table4 not a number") << good << "judge,dataset,dT_fmt\nJ,D,abc\n"
                                         << "t4.csv:2: dT_fmt: not a number: 'abc'";
}

void TestTableCheck::badInput()
{
    QFETCH(QString, cells);
    QFETCH(QString, table4);
    QFETCH(QString, error);
    const std::string table4Text = table4.toStdString();
    ImportIssue issue;
    auto check = checkCellTable(cells.toStdString(), "cells.csv",
                                table4.isEmpty() ? std::nullopt : std::optional<std::string_view>(table4Text),
                                "t4.csv", issue);
    QVERIFY(!check);
    QCOMPARE(QString::fromStdString(issue.text()), error);
}

QTEST_APPLESS_MAIN(TestTableCheck)
#include "tst_tablecheck.moc"
