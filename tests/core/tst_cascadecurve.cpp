// K7 cascade replay, K8 oracle threshold and K10 identity (analysis/cascadecurve.h): the ten-pair example of
// examples.md section 7 (every grid row), tie-breaks, edge cases, and K10 on random data at every tau.

#include "analysis/cascadecurve.h"
#include "stats/randomstreams.h"

#include <QtTest>

#include <cmath>
#include <vector>

using namespace tribunal;

namespace {

/// Examples.md section 7: q1..q10 (D right, D confidence, fallback right, D cost, fallback cost).
std::vector<CascadePair> sectionSeven()
{
    return {{0.92, true, true, 0.0020, 0.0150},  {0.87, false, true, 0.0020, 0.0180},
            {0.71, true, false, 0.0025, 0.0160}, {0.63, true, true, 0.0020, 0.0200},
            {0.50, true, false, 0.0030, 0.0170}, {0.44, false, false, 0.0020, 0.0190},
            {0.38, false, true, 0.0025, 0.0150}, {0.27, true, true, 0.0020, 0.0210},
            {0.27, false, true, 0.0020, 0.0160}, {0.08, true, true, 0.0030, 0.0180}};
}

} // namespace

class TestCascadeCurve : public QObject {
    Q_OBJECT
private slots:
    void grids();
    void sectionSevenGrid_data();
    void sectionSevenGrid();
    void sectionSevenOracleAndK10();
    void scoreOnThresholdIsKept();
    void oracleTieBreaks();
    void emptyAndMissing();
    void k10OnRandomData();
};

void TestCascadeCurve::grids()
{
    const std::vector<double> ordinal = cascadeGrid(TaskKind::Ordinal),
                              binary = cascadeGrid(TaskKind::Binary);
    QCOMPARE(ordinal.size(), std::size_t(21));
    QCOMPARE(binary.size(), std::size_t(26));
    QCOMPARE(ordinal[3], 3.0 / 20.0); // exactly the double nearest 0.15, not 3 x 0.05
    QVERIFY(ordinal[3] != 3 * 0.05);
    QCOMPARE(ordinal.back(), 1.0);
    QCOMPARE(binary[1], 0.02);
    QCOMPARE(binary.back(), 0.5);
}

void TestCascadeCurve::sectionSevenGrid_data()
{
    // Examples.md section 7, "Full grid": tau = k/20, deferred pairs, accuracy (right of 10), cost.
    QTest::addColumn<int>("k");
    QTest::addColumn<int>("deferred");
    QTest::addColumn<int>("right");
    QTest::addColumn<double>("cost");
    const int deferred[] = {0, 0, 1, 1, 1, 1, 3, 3, 4, 5, 5, 6, 6, 7, 7, 8, 8, 8, 9, 10, 10};
    const int right[] = {6, 6, 6, 6, 6, 6, 7, 7, 8, 8, 8, 7, 7, 7, 7, 6, 6, 6, 7, 7, 7};
    const double cost[] = {0.023, 0.023, 0.041, 0.041, 0.041, 0.041, 0.078, 0.078, 0.093, 0.112, 0.112,
                           0.129, 0.129, 0.149, 0.149, 0.165, 0.165, 0.165, 0.183, 0.198, 0.198};
    for (int k = 0; k <= 20; ++k)
        QTest::addRow("tau %d/20", k) << k << deferred[k] << right[k] << cost[k];
}

void TestCascadeCurve::sectionSevenGrid()
{
    QFETCH(int, k);
    QFETCH(int, deferred);
    QFETCH(int, right);
    QFETCH(double, cost);
    const std::vector<CascadePair> pairs = sectionSeven();
    const std::vector<double> grid = cascadeGrid(TaskKind::Ordinal);
    const CascadePoint p = cascadeCurve(pairs, grid)[static_cast<std::size_t>(k)];
    QCOMPARE(p.tau, k / 20.0);
    QCOMPARE(p.deferred, static_cast<std::uint32_t>(deferred));
    QCOMPARE(p.kept, static_cast<std::uint32_t>(10 - deferred));
    QCOMPARE(p.right, static_cast<std::uint32_t>(right));
    QCOMPARE(p.accuracy, right / 10.0);
    QCOMPARE(p.deferredShare, deferred / 10.0);
    QVERIFY2(std::fabs(p.cost - cost) <= 1e-12, qPrintable(QString::number(p.cost, 'g', 17)));
    // K10 holds at every grid point; 0 on both sides when everything is deferred (tau 0.95, 1).
    QVERIFY(std::fabs(p.k10Left - p.k10Right) <= 1e-12);
    if (deferred == 10) {
        QCOMPARE(p.k10Left, 0.0);
        QCOMPARE(p.k10Right, 0.0);
    }
}

void TestCascadeCurve::sectionSevenOracleAndK10()
{
    const std::vector<CascadePair> pairs = sectionSeven();
    QCOMPARE(firstAccuracy(pairs), 0.6);
    QCOMPARE(fallbackAccuracy(pairs), 0.7);
    const std::vector<double> grid = cascadeGrid(TaskKind::Ordinal);
    const std::vector<CascadePoint> curve = cascadeCurve(pairs, grid);
    // K8: 0.8 at tau 0.40, 0.45, 0.50; the lower deferred share (0.4) wins: tau 0.40.
    const std::size_t oracle = oracleIndex(curve);
    QCOMPARE(oracle, std::size_t(8));
    QCOMPARE(curve[oracle].deferredShare, 0.4);
    QVERIFY(std::fabs(curve[oracle].cost - 0.093) <= 1e-12);
    // K10 at the oracle: left 4/5 - 7/10; right (6/10)(4/6 - 3/6) (kept q1-q6: D right 4, fallback 3).
    QVERIFY(std::fabs(curve[oracle].k10Left - 0.1) <= 1e-12);
    QVERIFY(std::fabs(curve[oracle].k10Right - 0.1) <= 1e-12);
    QCOMPARE(curve[oracle].keptAccuracyFirst, 4.0 / 6.0);
    QCOMPARE(curve[oracle].keptAccuracyFallback, 3.0 / 6.0);
    // At tau = 0.5, q5 (0.50 exactly) is kept: 5 kept, K10 right 0.5 (0.8 - 0.6).
    QCOMPARE(curve[10].kept, 5u);
    QCOMPARE(curve[10].keptAccuracyFirst, 0.8);
    QCOMPARE(curve[10].keptAccuracyFallback, 0.6);
}

void TestCascadeCurve::scoreOnThresholdIsKept()
{
    // K1 gives (3 x 0.6 - 1)/2 = 0.3999999999999999 for an exact 0.4: within 1e-9 of tau 0.40, so kept.
    const double conf = (3 * 0.6 - 1) / 2;
    QVERIFY(conf < 0.4);
    const std::vector<CascadePair> pairs = {{conf, true, false, 0, 0}, {0.4 - 2e-9, true, false, 0, 0}};
    const std::vector<double> grid = {0.4};
    const CascadePoint p = cascadeCurve(pairs, grid)[0];
    QCOMPARE(p.kept, 1u); // the first; the second is 2e-9 below: deferred
    QCOMPARE(p.deferred, 1u);
}

void TestCascadeCurve::oracleTieBreaks()
{
    // Equal accuracy and equal deferred share at two taus (no pair between them): the smaller tau.
    const std::vector<CascadePair> pairs = {{0.1, false, true, 0, 0}, {0.9, true, false, 0, 0}};
    const std::vector<double> grid = {0.6, 0.2, 0.0}; // any order; 0.2 and 0.6 both defer the first pair
    const std::vector<CascadePoint> curve = cascadeCurve(pairs, grid);
    QCOMPARE(curve[0].right, 2u);
    QCOMPARE(curve[1].right, 2u);
    QCOMPARE(curve[2].right, 1u);
    QCOMPARE(oracleIndex(curve), std::size_t(1)); // tau 0.2
    // Equal accuracy, different deferred share: the lower share even at a larger tau.
    const std::vector<CascadePair> same = {{0.1, true, true, 0, 0}, {0.5, true, true, 0, 0}};
    const std::vector<double> grid2 = {0.3, 0.0};
    QCOMPARE(oracleIndex(cascadeCurve(same, grid2)), std::size_t(1)); // tau 0 defers nothing
}

void TestCascadeCurve::emptyAndMissing()
{
    const std::vector<double> grid = cascadeGrid(TaskKind::Binary);
    const std::vector<CascadePoint> curve = cascadeCurve({}, grid);
    QCOMPARE(curve.size(), grid.size());
    QVERIFY(std::isnan(curve[0].accuracy));
    QCOMPARE(oracleIndex(curve), curve.size());
    // A pair without a confidence (NaN) counts as 0: kept at tau 0 only. Missing costs count 0.
    const std::vector<CascadePair> pairs = {{std::nan(""), true, false, std::nan(""), 0.5}};
    const std::vector<double> two = {0.0, 0.02};
    const std::vector<CascadePoint> c = cascadeCurve(pairs, two);
    QCOMPARE(c[0].kept, 1u);
    QCOMPARE(c[0].cost, 0.0);
    QCOMPARE(c[1].deferred, 1u);
    QCOMPARE(c[1].cost, 0.5);
}

void TestCascadeCurve::k10OnRandomData()
{
    // K10 to 1e-12 for every tau of both grids on 200 random pair sets (sizes 1..400, scores on and off the
    // grid, correlated correctness).
    RandomStream rng(20261130, 0, 0);
    const auto uniform = [&] { return static_cast<double>(rng.next() >> 11) * 0x1.0p-53; };
    int checked = 0;
    for (int set = 0; set < 200; ++set) {
        const std::size_t n = 1 + rng.uniformIndex(400);
        std::vector<CascadePair> pairs(n);
        for (CascadePair& p : pairs) {
            p.score = set % 2 ? static_cast<double>(rng.uniformIndex(21)) / 20.0 : uniform();
            p.firstRight = uniform() < 0.4 + 0.5 * p.score;
            p.fallbackRight = uniform() < 0.75;
            p.firstCost = 0.001 * uniform();
            p.fallbackCost = 0.02 * uniform();
        }
        for (TaskKind kind : {TaskKind::Ordinal, TaskKind::Binary}) {
            const std::vector<double> grid = cascadeGrid(kind);
            for (const CascadePoint& p : cascadeCurve(pairs, grid)) {
                QVERIFY2(std::fabs(p.k10Left - p.k10Right) <= 1e-12,
                         qPrintable(QStringLiteral("set %1 tau %2").arg(set).arg(p.tau)));
                QCOMPARE(p.kept + p.deferred, static_cast<std::uint32_t>(n));
                ++checked;
            }
        }
    }
    QCOMPARE(checked, 200 * (21 + 26));
}

QTEST_APPLESS_MAIN(TestCascadeCurve)
#include "tst_cascadecurve.moc"
