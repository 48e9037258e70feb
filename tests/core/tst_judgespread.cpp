// Per-judge spread (mean, min, max) of C, A - phi/2 and T behind the workbench's whisker plot (issue 4).
// Expected values are computed by hand from the table below.
#include "analysis/judgespread.h"

#include <QtTest>

#include <cmath>
#include <string>
#include <vector>

using namespace tribunal;

class TestJudgeSpread : public QObject {
    Q_OBJECT
private slots:
    void orderCorrected_data();
    void orderCorrected();
    void handTable();
    void allUndefinedJudge();
    void emptyTable();
};

namespace {

constexpr double kTol = 1e-12;

CellRow row(const char* judge, double c, double phi, double a, double t)
{
    CellRow r;
    r.judge = judge;
    r.format = "JSON";
    r.dataset = "D1";
    r.C = c;
    r.phi = phi;
    r.A = a;
    r.T = t;
    return r;
}

// J2 appears first; J1's third cell has C (and so T) undefined, J2's second cell has phi undefined.
CellTable table()
{
    CellTable t;
    t.rows = {
        row("J2", 0.9, 0.2, 0.8, 0.63),          // A - phi/2 = 0.7
        row("J1", 1.0, 0.1, 0.7, 0.65),          // 0.65
        row("J1", 0.8, 0.3, 0.6, 0.36),          // 0.45
        row("J2", 0.6, kMissing, 0.5, kMissing), // undefined
        row("J1", kMissing, 0.4, 0.9, kMissing), // 0.7
    };
    return t;
}

void compareStat(const SpreadStat& s, std::size_t cells, std::size_t undefined, double mean, double min,
                 double max)
{
    QCOMPARE(s.cells, cells);
    QCOMPARE(s.undefined, undefined);
    QVERIFY2(std::abs(s.mean - mean) < kTol, qPrintable(QString::number(s.mean, 'g', 17)));
    QVERIFY2(std::abs(s.min - min) < kTol, qPrintable(QString::number(s.min, 'g', 17)));
    QVERIFY2(std::abs(s.max - max) < kTol, qPrintable(QString::number(s.max, 'g', 17)));
}

} // namespace

void TestJudgeSpread::orderCorrected_data()
{
    QTest::addColumn<double>("a");
    QTest::addColumn<double>("phi");
    QTest::addColumn<double>("expected");
    QTest::newRow("plain") << 0.7 << 0.1 << 0.65;
    QTest::newRow("no flips") << 0.8 << 0.0 << 0.8;
    QTest::newRow("all flip, at the ceiling") << 0.5 << 1.0 << 0.0;
    QTest::newRow("below the q baseline") << 0.3 << 1.0 << -0.2;
    QTest::newRow("A undefined") << kMissing << 0.1 << kMissing;
    QTest::newRow("phi undefined") << 0.7 << kMissing << kMissing;
}

void TestJudgeSpread::orderCorrected()
{
    QFETCH(double, a);
    QFETCH(double, phi);
    QFETCH(double, expected);
    const double got = orderCorrectedAccuracy(a, phi);
    if (std::isnan(expected))
        QVERIFY(std::isnan(got));
    else
        QVERIFY(std::abs(got - expected) < kTol);
}

void TestJudgeSpread::handTable()
{
    const auto spread = judgeSpread(table());
    QCOMPARE(spread.size(), std::size_t(2));
    QCOMPARE(spread[0].judge, std::string("J2")); // first-appearance order
    QCOMPARE(spread[0].cells, std::size_t(2));
    compareStat(spread[0].C, 2, 0, 0.75, 0.6, 0.9);
    compareStat(spread[0].aMinusHalfPhi, 1, 1, 0.7, 0.7, 0.7);
    compareStat(spread[0].T, 1, 1, 0.63, 0.63, 0.63);

    QCOMPARE(spread[1].judge, std::string("J1"));
    QCOMPARE(spread[1].cells, std::size_t(3));
    compareStat(spread[1].C, 2, 1, 0.9, 0.8, 1.0);
    compareStat(spread[1].aMinusHalfPhi, 3, 0, 0.6, 0.45, 0.7); // (0.65 + 0.45 + 0.7) / 3
    compareStat(spread[1].T, 2, 1, 0.505, 0.36, 0.65);
}

void TestJudgeSpread::allUndefinedJudge()
{
    CellTable t;
    t.rows = {row("J3", kMissing, kMissing, kMissing, kMissing),
              row("J3", kMissing, 0.2, kMissing, kMissing)};
    const auto spread = judgeSpread(t);
    QCOMPARE(spread.size(), std::size_t(1));
    QCOMPARE(spread[0].cells, std::size_t(2));
    for (const SpreadStat* s : {&spread[0].C, &spread[0].aMinusHalfPhi, &spread[0].T}) {
        QCOMPARE(s->cells, std::size_t(0));
        QCOMPARE(s->undefined, std::size_t(2));
        QVERIFY(std::isnan(s->mean) && std::isnan(s->min) && std::isnan(s->max));
    }
}

void TestJudgeSpread::emptyTable()
{
    QVERIFY(judgeSpread(CellTable{}).empty());
}

QTEST_APPLESS_MAIN(TestJudgeSpread)
#include "tst_judgespread.moc"
