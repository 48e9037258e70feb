// T9 condition sweeps and the Table 3 aggregation (metrics.md "Pairwise trust").
#include "analysis/celltablecsv.h"
#include "analysis/conditionsweep.h"

#include <QtTest>

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

using namespace tribunal;

class TestConditionSweep : public QObject {
    Q_OBJECT
private slots:
    void linearQuantiles_data();
    void linearQuantiles();
    void handSweep();
    void sweepUnknownColumn();
    void poolingRecomputesT();
    void table3RecomputedT();
    void table3Sweep_data();
    void table3Sweep();
};

namespace {

constexpr double kTol = 1e-12;

CellRow row(const char* judge, const char* format, const char* temperature, double c, double phi, double a,
            double t)
{
    CellRow r;
    r.judge = judge;
    r.format = format;
    r.dataset = "D1";
    r.conditions = {temperature};
    r.C = c;
    r.phi = phi;
    r.A = a;
    r.T = t;
    return r;
}

CellTable handTable()
{
    CellTable table;
    table.conditionNames = {"temperature"};
    table.rows = {
        row("J1", "JSON", "0", 1.0, 0.1, 0.7, 0.65),     row("J1", "XML", "0", 0.8, 0.3, 0.6, 0.36),
        row("J2", "JSON", "0", 0.9, 0.2, 0.8, 0.63),     row("J2", "XML", "0", 0.6, 0.0, 0.5, 0.3),
        row("J1", "JSON", "1", 0.5, 0.4, 0.9, kMissing),
    };
    return table;
}

CellTable readTable3()
{
    ImportIssue issue;
    const auto csv = readCellTableCsv(TRIBUNAL_SHARED_DATA "/paper/table3_temperature.csv", {}, issue);
    if (!csv)
        qFatal("table3: %s", issue.text().c_str());
    return csv->table;
}

} // namespace

void TestConditionSweep::linearQuantiles_data()
{
    QTest::addColumn<std::vector<double>>("values");
    QTest::addColumn<double>("p");
    QTest::addColumn<double>("expected");
    // numpy.percentile(values, 100 p): position p (n - 1) in the sorted values, interpolated.
    QTest::newRow("q1 of 1..4") << std::vector<double>{4, 1, 3, 2} << 0.25 << 1.75;
    QTest::newRow("median of 1..4") << std::vector<double>{4, 1, 3, 2} << 0.5 << 2.5;
    QTest::newRow("q3 of 1..4") << std::vector<double>{4, 1, 3, 2} << 0.75 << 3.25;
    QTest::newRow("q1 of 1..5") << std::vector<double>{5, 4, 3, 2, 1} << 0.25 << 2.0;
    QTest::newRow("min") << std::vector<double>{2, 7} << 0.0 << 2.0;
    QTest::newRow("max") << std::vector<double>{2, 7} << 1.0 << 7.0;
    QTest::newRow("single value") << std::vector<double>{0.4} << 0.75 << 0.4;
    QTest::newRow("empty") << std::vector<double>{} << 0.5 << kMissing;
}

void TestConditionSweep::linearQuantiles()
{
    QFETCH(std::vector<double>, values);
    QFETCH(double, p);
    QFETCH(double, expected);
    const double got = linearQuantile(values, p);
    if (std::isnan(expected))
        QVERIFY(std::isnan(got));
    else
        QVERIFY2(std::abs(got - expected) < kTol, std::to_string(got).c_str());
}

void TestConditionSweep::handSweep()
{
    const ConditionSweep sweep = conditionSweep(handTable(), "temperature");
    QCOMPARE(sweep.column, std::string("temperature"));
    QCOMPARE(sweep.points.size(), std::size_t(2));

    const SweepPoint& t0 = sweep.points[0];
    QCOMPARE(t0.value, std::string("0"));
    QCOMPARE(t0.cells, std::size_t(4));
    // C: sorted 0.6 0.8 0.9 1.0; positions 0.75 and 2.25.
    QCOMPARE(t0.C.cells, std::size_t(4));
    QVERIFY(std::abs(t0.C.mean - 0.825) < kTol);
    QVERIFY(std::abs(t0.C.q1 - 0.75) < kTol);
    QVERIFY(std::abs(t0.C.median - 0.85) < kTol);
    QVERIFY(std::abs(t0.C.q3 - 0.925) < kTol);
    QVERIFY(std::abs(t0.C.iqr() - 0.175) < kTol);
    // A - phi/2: 0.65, 0.45, 0.70, 0.50 -> sorted 0.45 0.50 0.65 0.70.
    QVERIFY(std::abs(t0.aMinusHalfPhi.mean - 0.575) < kTol);
    QVERIFY(std::abs(t0.aMinusHalfPhi.q1 - 0.4875) < kTol);
    QVERIFY(std::abs(t0.aMinusHalfPhi.q3 - 0.6625) < kTol);
    // T: sorted 0.30 0.36 0.63 0.65.
    QVERIFY(std::abs(t0.T.mean - 0.485) < kTol);
    QVERIFY(std::abs(t0.T.q1 - 0.345) < kTol);
    QVERIFY(std::abs(t0.T.q3 - 0.635) < kTol);

    const SweepPoint& t1 = sweep.points[1];
    QCOMPARE(t1.value, std::string("1"));
    QCOMPARE(t1.cells, std::size_t(1));
    QCOMPARE(t1.C.cells, std::size_t(1));
    QVERIFY(std::abs(t1.C.q1 - 0.5) < kTol);
    QVERIFY(std::abs(t1.C.iqr()) < kTol);
    QVERIFY(std::abs(t1.aMinusHalfPhi.mean - 0.7) < kTol);
    // The only T is undefined: no cell enters, every statistic is undefined.
    QCOMPARE(t1.T.cells, std::size_t(0));
    QVERIFY(std::isnan(t1.T.mean));
    QVERIFY(std::isnan(t1.T.q1));
    QVERIFY(std::isnan(t1.T.iqr()));

    // Any factor column can be swept.
    const ConditionSweep byJudge = conditionSweep(handTable(), "judge");
    QCOMPARE(byJudge.points.size(), std::size_t(2));
    QCOMPARE(byJudge.points[0].value, std::string("J1"));
    QCOMPARE(byJudge.points[0].cells, std::size_t(3));
    QVERIFY(std::abs(byJudge.points[0].C.mean - 2.3 / 3.0) < kTol);
}

void TestConditionSweep::sweepUnknownColumn()
{
    try {
        conditionSweep(handTable(), "temp");
        QFAIL("no exception");
    } catch (const std::invalid_argument& e) {
        QCOMPARE(QString::fromUtf8(e.what()), QString("unknown column 'temp'"));
    }
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, poolCells(handTable(), "paradigm", {}));
}

void TestConditionSweep::poolingRecomputesT()
{
    // Table 3: per judge x temperature, JSON and XML pooled into "structured".
    const CellTable pooled =
        poolCells(handTable(), "format", {{"JSON", "structured"}, {"XML", "structured"}});
    QCOMPARE(pooled.conditionNames, std::vector<std::string>{"temperature"});
    QCOMPARE(pooled.rows.size(), std::size_t(3));

    const CellRow& j1 = pooled.rows[0];
    QCOMPARE(j1.judge, std::string("J1"));
    QCOMPARE(j1.format, std::string("structured"));
    QCOMPARE(j1.conditions, std::vector<std::string>{"0"});
    QVERIFY(std::abs(j1.C - 0.9) < kTol);
    QVERIFY(std::abs(j1.phi - 0.2) < kTol);
    QVERIFY(std::abs(j1.A - 0.65) < kTol);
    // T from the means: 0.9 (0.65 - 0.1) = 0.495, not the mean of T (0.505).
    QVERIFY(std::abs(j1.T - 0.495) < kTol);

    const CellRow& j2 = pooled.rows[1];
    QCOMPARE(j2.judge, std::string("J2"));
    QVERIFY(std::abs(j2.C - 0.75) < kTol);
    QVERIFY(std::abs(j2.phi - 0.1) < kTol);
    QVERIFY(std::abs(j2.A - 0.65) < kTol);
    QVERIFY(std::abs(j2.T - 0.45) < kTol);

    // A group of one row is copied unchanged (its own T, even undefined), only renamed.
    const CellRow& single = pooled.rows[2];
    QCOMPARE(single.format, std::string("structured"));
    QCOMPARE(single.conditions, std::vector<std::string>{"1"});
    QCOMPARE(single.C, 0.5);
    QVERIFY(std::isnan(single.T));

    // q = observed value instead of 1/2; unmapped formats keep their names and are not pooled.
    const CellTable q =
        poolCells(handTable(), "format", {{"JSON", "structured"}, {"XML", "structured"}}, 0.25);
    QVERIFY(std::abs(q.rows[0].T - 0.9 * (0.65 - 0.05)) < kTol);
    const CellTable none = poolCells(handTable(), "format", {});
    QCOMPARE(none.rows.size(), std::size_t(5));
    QCOMPARE(none.rows[1].format, std::string("XML"));
    QCOMPARE(none.rows[1].T, 0.36);
}

void TestConditionSweep::table3RecomputedT()
{
    // The data README: Verdict-first / CoT rows are JSON/XML means with T recomputed from the means. Every
    // printed T must equal C (A - phi/2) of the printed C, phi, A within their rounding (0.05 points each).
    const CellTable table = readTable3();
    QCOMPARE(table.conditionNames, std::vector<std::string>{"temp"});
    QCOMPARE(table.rows.size(), std::size_t(144));
    std::size_t pooledRows = 0;
    for (const CellRow& r : table.rows) {
        const double recomputed = r.C * (r.A - r.phi / 2.0);
        const double h = 0.0005; // half a printed unit, as a proportion
        const double bound = h * std::abs(r.A - r.phi / 2.0) + r.C * 1.5 * h + h + 1e-12;
        QVERIFY2(std::abs(recomputed - r.T) <= bound,
                 (r.judge + " " + r.format + " " + r.dataset + " " + r.conditions[0]).c_str());
        if (r.format != "Direct")
            ++pooledRows;
    }
    QCOMPARE(pooledRows, std::size_t(96));
}

void TestConditionSweep::table3Sweep_data()
{
    // Expected values from Python's statistics.fmean and statistics.quantiles(method="inclusive") (the same
    // linear rule as numpy.percentile), on the CSV values divided by 100.
    QTest::addColumn<int>("point");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QList<double>>("c");     // mean, q1, median, q3
    QTest::addColumn<QList<double>>("aHalf"); // A - phi/2
    QTest::addColumn<QList<double>>("t");
    QTest::newRow("temperature 0") << 0 << "0" << QList<double>{0.9670416666666667, 0.9495, 0.981, 0.995}
                                   << QList<double>{0.5206979166666666, 0.42225, 0.52675, 0.590125}
                                   << QList<double>{0.502125, 0.41825, 0.5175, 0.575};
    QTest::newRow("temperature 0.5") << 1 << "0.5"
                                     << QList<double>{0.9015416666666667, 0.8495, 0.929, 0.95925}
                                     << QList<double>{0.5176145833333333, 0.418375, 0.515, 0.59075}
                                     << QList<double>{0.4709375, 0.3815, 0.48, 0.559};
    QTest::newRow("temperature 1.0") << 2 << "1.0" << QList<double>{0.8465, 0.8175, 0.891, 0.9305}
                                     << QList<double>{0.523875, 0.42, 0.5325, 0.5885}
                                     << QList<double>{0.44941666666666663, 0.3615, 0.4635, 0.54175};
}

void TestConditionSweep::table3Sweep()
{
    QFETCH(int, point);
    QFETCH(QString, value);
    QFETCH(QList<double>, c);
    QFETCH(QList<double>, aHalf);
    QFETCH(QList<double>, t);
    const ConditionSweep sweep = conditionSweep(readTable3(), "temp");
    QCOMPARE(sweep.points.size(), std::size_t(3));
    const SweepPoint& p = sweep.points[static_cast<std::size_t>(point)];
    QCOMPARE(QString::fromStdString(p.value), value);
    QCOMPARE(p.cells, std::size_t(48));
    auto check = [](const SweepStat& s, const QList<double>& want) {
        if (s.cells != 48)
            return false;
        const double got[4] = {s.mean, s.q1, s.median, s.q3};
        for (int i = 0; i < 4; ++i) {
            if (std::abs(got[i] - want[i]) > 1e-9)
                return false;
        }
        return true;
    };
    QVERIFY(check(p.C, c));
    QVERIFY(check(p.aMinusHalfPhi, aHalf));
    QVERIFY(check(p.T, t));
}

QTEST_GUILESS_MAIN(TestConditionSweep)
#include "tst_conditionsweep.moc"
