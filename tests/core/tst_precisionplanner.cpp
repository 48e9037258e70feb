// The precision planner (analysis/precisionplanner.h, issue 8) and its flat table (report/plantable.h):
// the simulated metrics are the trust analysis' own, widths follow the binomial law and 1/sqrt(n), results do
// not depend on the thread count, the one-run flag, the target-width rule and the input errors.
#include "analysis/precisionplanner.h"
#include "analysis/trustanalysis.h"
#include "analysis/trustbootstrap.h"
#include "model/auditbuilder.h"
#include "report/plantable.h"

#include <QtTest>

#include <cmath>
#include <cstring>
#include <string>

using namespace tribunal;

class TestPrecisionPlanner : public QObject {
    Q_OBJECT
private slots:
    void agreesWithTrustAnalysis_data();
    void agreesWithTrustAnalysis();
    void binomialWidths();
    void widthsShrinkLikeRootN();
    void meansMatchExpectedRates();
    void bootstrapWidthMatches();
    void threadCountInvariance();
    void gridIndependence();
    void singleRunNotIdentifiable();
    void ratesGiveBehaviour();
    void smallestItemsRule();
    void smallestItemsOnARealPlan();
    void badInput_data();
    void badInput();
    void table();
};

namespace {

SimJudgeBehaviour behaviourOf(double a, double b, double k)
{
    SimJudgeBehaviour x;
    x.accuracy = a;
    x.positionBias = b;
    x.consistency = k;
    return x;
}

PrecisionPlanSettings settingsFor(int items, int runs, int simulations)
{
    PrecisionPlanSettings s;
    s.items = items;
    s.runs = runs;
    s.simulations = simulations;
    s.behaviour = behaviourOf(0.8, 0.15, 0.9);
    return s;
}

PrecisionPlan plan(const PrecisionPlanSettings& s)
{
    std::string error;
    auto p = planPrecision(s, &error);
    if (!p)
        qFatal("planPrecision failed: %s", error.c_str());
    return std::move(*p);
}

/// The audit a real run of the design would import: one judge and format, pair i = item "i".
AuditPtr auditOf(const SimulatedDesign& d)
{
    AuditBuilder b;
    const StrId dataset = b.intern("sim-plan");
    const StrId judge = b.intern("sim-judge");
    const StrId format = b.intern("Direct");
    for (int i = 0; i < d.items; ++i) {
        const auto item = b.addItem(dataset, b.intern(std::to_string(i)), TaskKind::Pairwise);
        if (d.labels[static_cast<std::size_t>(i)] != answer::kNone)
            b.setLabel(item, d.labels[static_cast<std::size_t>(i)]);
        for (int o = 0; o < 2; ++o)
            for (int r = 0; r < d.runs; ++r) {
                JudgmentInput j;
                j.item = item;
                j.judge = judge;
                j.format = format;
                j.order = o == 0 ? Order::AB : Order::BA;
                j.rep = static_cast<std::uint16_t>(r + 1);
                j.answer = d.verdict(i, o, r);
                b.addJudgment(j);
            }
    }
    ImportLog log;
    return b.build(log);
}

bool same(double x, double y)
{
    return (std::isnan(x) && std::isnan(y)) || std::memcmp(&x, &y, sizeof x) == 0;
}

const PlanPoint* pointAt(const PrecisionPlan& p, int items, int runs)
{
    for (const PlanPoint& q : p.points)
        if (q.items == items && q.runs == runs)
            return &q;
    return nullptr;
}

constexpr PlanMetric kAll[] = {PlanMetric::Consistency, PlanMetric::FlipRate, PlanMetric::Accuracy,
                               PlanMetric::Trust};

} // namespace

void TestPrecisionPlanner::agreesWithTrustAnalysis_data()
{
    QTest::addColumn<int>("items");
    QTest::addColumn<int>("labelled");
    QTest::addColumn<int>("runs");
    QTest::newRow("R3 half labelled") << 60 << 30 << 3;
    QTest::newRow("R4 (mode ties)") << 50 << 50 << 4;
    QTest::newRow("R1") << 40 << 37 << 1;
    QTest::newRow("R2 noisy") << 80 << 79 << 2;
}

void TestPrecisionPlanner::agreesWithTrustAnalysis()
{
    QFETCH(int, items);
    QFETCH(int, labelled);
    QFETCH(int, runs);
    // A noisy, biased judge so that every pair kind (reproducible or not, flips, no modal verdict) occurs.
    RandomStream rng(11, static_cast<std::uint64_t>(items), static_cast<std::uint64_t>(runs));
    SimulatedDesign design;
    simulateDesign(behaviourOf(0.7, 0.3, 0.75), items, labelled, runs, rng, design);
    TrustPairs ours;
    summarizeSimulatedPairs(design, ours);

    const AuditPtr audit = auditOf(design);
    QCOMPARE(audit->cells().size(), std::size_t{1});
    const TrustPairs theirs = summarizeTrustPairs(*audit, audit->itemRunsOf(audit->cells()[0]));
    QCOMPARE(theirs.pairs.size(), ours.pairs.size());
    int flips = 0, irreproducible = 0;
    for (const TrustPair& t : theirs.pairs) {
        const int pair = std::stoi(std::string(audit->str(audit->items().itemId[t.item])));
        const TrustPair& p = ours.pairs[static_cast<std::size_t>(pair)];
        const QString where = QStringLiteral("pair %1").arg(pair);
        QVERIFY2(p.labelled == t.labelled, qPrintable(where));
        QVERIFY2(p.answered[0] == t.answered[0] && p.answered[1] == t.answered[1], qPrintable(where));
        QVERIFY2(p.correct == t.correct, qPrintable(where));
        QVERIFY2(p.reproducible == t.reproducible, qPrintable(where));
        QVERIFY2(p.orderInvariant == t.orderInvariant, qPrintable(where));
        QVERIFY2(p.modalCorrect == t.modalCorrect, qPrintable(where));
        QVERIFY2(p.hardReversal == t.hardReversal, qPrintable(where));
        QVERIFY2(p.agreeingPresentations == t.agreeingPresentations, qPrintable(where));
        QVERIFY2(p.singleRunPresentations == t.singleRunPresentations, qPrintable(where));
        QVERIFY2(p.modalPresentations == t.modalPresentations, qPrintable(where));
        QVERIFY2(p.modalCorrectPresentations == t.modalCorrectPresentations, qPrintable(where));
        QVERIFY2(p.slotVerdicts == t.slotVerdicts, qPrintable(where));
        QVERIFY2(p.firstSlotVerdicts == t.firstSlotVerdicts, qPrintable(where));
        QVERIFY2(p.matchedRuns == t.matchedRuns, qPrintable(where));
        QVERIFY2(p.agreeingRuns == t.agreeingRuns, qPrintable(where));
        QVERIFY2(p.agreeingCorrectRuns == t.agreeingCorrectRuns, qPrintable(where));
        flips += !t.orderInvariant;
        irreproducible += !t.reproducible;
    }
    QVERIFY(flips > 0);
    if (runs > 1)
        QVERIFY(irreproducible > 0);

    // The cell metrics the planner takes (aggregateTrust of its summaries) are the analysis' own.
    const TrustCellResult cell = analyseTrust(*audit, TrustSettings{}, 1)[0];
    const TrustCellResult mine = aggregateTrust(ours, TrustSettings{});
    QVERIFY(same(mine.consistency, cell.consistency));
    QVERIFY(same(mine.flipRate, cell.flipRate));
    QVERIFY(same(mine.accuracy, cell.accuracy));
    QVERIFY(same(mine.trust, cell.trust));
    QCOMPARE(static_cast<int>(cell.labelledPairs), labelled);
    QCOMPARE(isMissing(cell.consistency), runs == 1);
    QVERIFY(!isMissing(cell.trust) || runs == 1);
}

void TestPrecisionPlanner::binomialWidths()
{
    // C and phi are proportions of n independent pairs: their estimates are Binomial(n, p) / n, whose
    // central 95% range is close to 2 * 1.96 * sqrt(p (1 - p) / n). n = 400, S = 2000.
    PrecisionPlanSettings s = settingsFor(400, 3, 2000);
    const PrecisionPlan p = plan(s);
    const PlanPoint& point = p.points.at(0);
    for (PlanMetric m : {PlanMetric::Consistency, PlanMetric::FlipRate}) {
        const PlanMetricResult& r = point.metric(m);
        const double rate = r.expected;
        const double normalWidth = 2 * 1.959964 * std::sqrt(rate * (1 - rate) / 400);
        // Lattice steps of 1/400 and the normal approximation add up to about 0.003.
        QVERIFY2(std::abs(r.width - normalWidth) <= 4 * r.widthSe + 0.003,
                 qPrintable(QStringLiteral("%1: width %2, binomial %3, se %4")
                                .arg(QString::fromStdString(std::string(planMetricName(m))))
                                .arg(r.width)
                                .arg(normalWidth)
                                .arg(r.widthSe)));
        QVERIFY(r.widthSe > 0 && r.widthSe < 0.1 * r.width);
        QVERIFY(r.lo < r.mean && r.mean < r.hi);
        QCOMPARE(r.defined, 2000);
    }
}

void TestPrecisionPlanner::widthsShrinkLikeRootN()
{
    PrecisionPlanSettings s = settingsFor(100, 3, 400);
    s.itemGrid = {100, 400};
    const PrecisionPlan p = plan(s);
    const PlanPoint* small = pointAt(p, 100, 3);
    const PlanPoint* large = pointAt(p, 400, 3);
    QVERIFY(small && large);
    for (PlanMetric m : kAll) {
        const PlanMetricResult& a = small->metric(m);
        const PlanMetricResult& b = large->metric(m);
        const double tolerance = 4 * std::sqrt(b.widthSe * b.widthSe + a.widthSe * a.widthSe / 4) + 0.005;
        QVERIFY2(std::abs(b.width - a.width / 2) <= tolerance,
                 qPrintable(QStringLiteral("%1: width(100) %2, width(400) %3, tolerance %4")
                                .arg(QString::fromStdString(std::string(planMetricName(m))))
                                .arg(a.width)
                                .arg(b.width)
                                .arg(tolerance)));
        QVERIFY(b.width < a.width);
    }
}

void TestPrecisionPlanner::meansMatchExpectedRates()
{
    PrecisionPlanSettings s = settingsFor(300, 4, 1000);
    s.labelledShare = 0.5;
    const PrecisionPlan p = plan(s);
    const PlanPoint& point = p.points.at(0);
    QCOMPARE(point.labelledItems, 150);
    const SimTrustRates want = expectedTrustRates(s.behaviour, 4);
    QCOMPARE(point.metric(PlanMetric::Consistency).expected, want.consistency);
    QCOMPARE(point.metric(PlanMetric::FlipRate).expected, want.flipRate);
    QCOMPARE(point.metric(PlanMetric::Accuracy).expected, want.accuracy);
    for (PlanMetric m : kAll) {
        const PlanMetricResult& r = point.metric(m);
        // SE of the mean of S estimates, their SD read off the 95% width (normal: width = 3.92 SD).
        const double se = r.width / 3.92 / std::sqrt(1000.0);
        // T = C_lab (A - phi_lab/2) is a product of dependent means: E[T] differs from the product of the
        // expectations by O(1/n), allowed for by 0.003.
        const double slack = m == PlanMetric::Trust ? 0.003 : 0.0;
        QVERIFY2(std::abs(r.mean - r.expected) <= 4 * se + slack,
                 qPrintable(QStringLiteral("%1: mean %2, expected %3, se %4")
                                .arg(QString::fromStdString(std::string(planMetricName(m))))
                                .arg(r.mean)
                                .arg(r.expected)
                                .arg(se)));
    }
}

void TestPrecisionPlanner::bootstrapWidthMatches()
{
    // The header's claim: the planned width is what a T13 percentile bootstrap of one real audit of that
    // design has as its width on average. Average the bootstrap widths over 8 simulated audits.
    PrecisionPlanSettings s = settingsFor(300, 3, 800);
    const PrecisionPlan p = plan(s);
    const PlanPoint& point = p.points.at(0);
    constexpr int kAudits = 8;
    double sumWidth[kPlanMetrics] = {};
    SimulatedDesign design;
    TrustPairs pairs;
    BootstrapSettings boot;
    boot.resamples = 1000;
    boot.threads = 1;
    for (int k = 0; k < kAudits; ++k) {
        RandomStream rng(99, 1, static_cast<std::uint64_t>(k));
        simulateDesign(p.behaviour, 300, 300, 3, rng, design);
        summarizeSimulatedPairs(design, pairs);
        const TrustCellIntervals iv =
            bootstrapTrustCell(pairs, TrustSettings{}, boot, static_cast<std::uint64_t>(k));
        const Interval byMetric[kPlanMetrics] = {iv.consistency, iv.flipRate, iv.accuracy, iv.trust};
        for (int m = 0; m < kPlanMetrics; ++m)
            sumWidth[m] += byMetric[m].hi - byMetric[m].lo;
    }
    for (int m = 0; m < kPlanMetrics; ++m) {
        const double planned = point.metrics[static_cast<std::size_t>(m)].width;
        const double bootstrapped = sumWidth[m] / kAudits;
        // Each audit's bootstrap width varies by a few percent; the mean of 8 within 12% of the plan.
        QVERIFY2(std::abs(bootstrapped - planned) <= 0.12 * planned,
                 qPrintable(QStringLiteral("metric %1: planned %2, bootstrap mean %3")
                                .arg(m)
                                .arg(planned)
                                .arg(bootstrapped)));
    }
}

void TestPrecisionPlanner::threadCountInvariance()
{
    PrecisionPlanSettings s = settingsFor(100, 2, 100);
    s.itemGrid = {60, 150};
    s.runGrid = {1, 2, 5};
    s.targetWidth = 0.15;
    s.threads = 1;
    const PrecisionPlan one = plan(s);
    for (int threads : {2, 3}) {
        s.threads = threads;
        const PrecisionPlan many = plan(s);
        QCOMPARE(many.points.size(), one.points.size());
        QCOMPARE(one.points.size(), std::size_t{6});
        for (std::size_t i = 0; i < one.points.size(); ++i)
            for (int m = 0; m < kPlanMetrics; ++m) {
                const PlanMetricResult& x = one.points[i].metrics[static_cast<std::size_t>(m)];
                const PlanMetricResult& y = many.points[i].metrics[static_cast<std::size_t>(m)];
                QVERIFY(same(x.mean, y.mean) && same(x.lo, y.lo) && same(x.hi, y.hi));
                QVERIFY(same(x.width, y.width) && same(x.widthSe, y.widthSe) && same(x.expected, y.expected));
                QCOMPARE(x.defined, y.defined);
                QCOMPARE(x.identifiable, y.identifiable);
            }
        QCOMPARE(writeFlatTable(planTable(many), TableFormat::Csv),
                 writeFlatTable(planTable(one), TableFormat::Csv));
        QCOMPARE(writeFlatTable(planTargetTable(many), TableFormat::Csv),
                 writeFlatTable(planTargetTable(one), TableFormat::Csv));
    }
    // A different seed gives different numbers (the seed is used).
    s.seed += 1;
    const PrecisionPlan other = plan(s);
    QVERIFY(!same(other.points[3].metrics[1].width, one.points[3].metrics[1].width) ||
            !same(other.points[3].metrics[1].mean, one.points[3].metrics[1].mean));
}

void TestPrecisionPlanner::gridIndependence()
{
    // A design point's numbers depend on (seed, n, R) only, not on the rest of the grid.
    PrecisionPlanSettings s = settingsFor(120, 3, 64);
    const PrecisionPlan alone = plan(s);
    s.itemGrid = {50, 120, 200};
    s.runGrid = {3, 2};
    const PrecisionPlan grid = plan(s);
    QCOMPARE(grid.points.size(), std::size_t{6});
    // Ordered by runs, then items.
    QCOMPARE(grid.points[0].runs, 2);
    QCOMPARE(grid.points[0].items, 50);
    QCOMPARE(grid.points[5].runs, 3);
    QCOMPARE(grid.points[5].items, 200);
    const PlanPoint* same120 = pointAt(grid, 120, 3);
    QVERIFY(same120);
    for (int m = 0; m < kPlanMetrics; ++m) {
        QVERIFY(same(same120->metrics[static_cast<std::size_t>(m)].width,
                     alone.points[0].metrics[static_cast<std::size_t>(m)].width));
        QVERIFY(same(same120->metrics[static_cast<std::size_t>(m)].mean,
                     alone.points[0].metrics[static_cast<std::size_t>(m)].mean));
    }
}

void TestPrecisionPlanner::singleRunNotIdentifiable()
{
    PrecisionPlanSettings s = settingsFor(100, 1, 50);
    const PrecisionPlan p = plan(s);
    const PlanPoint& point = p.points.at(0);
    for (PlanMetric m : {PlanMetric::Consistency, PlanMetric::Trust}) {
        const PlanMetricResult& r = point.metric(m);
        QVERIFY(!r.identifiable);
        QVERIFY(isMissing(r.mean) && isMissing(r.width) && isMissing(r.widthSe) && isMissing(r.expected));
    }
    for (PlanMetric m : {PlanMetric::FlipRate, PlanMetric::Accuracy}) {
        const PlanMetricResult& r = point.metric(m);
        QVERIFY(r.identifiable);
        QVERIFY(r.width > 0 && r.widthSe > 0);
        QCOMPARE(r.defined, 50);
    }
    const FlatTable t = planTable(p);
    QCOMPARE(t.rows.size(), std::size_t{4});
    QCOMPARE(std::get<std::string>(t.rows[0][10]), std::string("n/a (1 run)")); // C
    QVERIFY(std::holds_alternative<std::monostate>(t.rows[0][3]));              // no mean
    QVERIFY(std::holds_alternative<std::monostate>(t.rows[1][10]));             // phi: no note
    QCOMPARE(std::get<std::string>(t.rows[3][10]), std::string("n/a (1 run)")); // T
}

void TestPrecisionPlanner::ratesGiveBehaviour()
{
    // Rates from a 3-run pilot; the design simulates 3 runs: the expected rates are the given ones.
    PrecisionPlanSettings s = settingsFor(100, 3, 20);
    SimTrustRates rates;
    rates.consistency = 0.2704; // k = 0.8 (tst_simjudgemodel: R3 mixed)
    rates.flipRate = 0.3118208; // b = 0.2
    rates.accuracy = 0.596;     // a = 0.7
    s.rates = rates;
    const PrecisionPlan p = plan(s);
    QVERIFY(std::abs(p.behaviour.accuracy - 0.7) < 1e-9);
    QVERIFY(std::abs(p.behaviour.positionBias - 0.2) < 1e-9);
    QVERIFY(std::abs(p.behaviour.consistency - 0.8) < 1e-9);
    QVERIFY(std::abs(p.points[0].metric(PlanMetric::FlipRate).expected - 0.3118208) < 1e-9);
    // The same rates measured with 3 runs, planned for 5 runs: C rises to (0.8^5 + 0.2^5)^2.
    s.runs = 5;
    s.ratesRuns = 3;
    const PrecisionPlan five = plan(s);
    QVERIFY(std::abs(five.points[0].metric(PlanMetric::Consistency).expected -
                     std::pow(std::pow(0.8, 5) + std::pow(0.2, 5), 2)) < 1e-9);
}

void TestPrecisionPlanner::smallestItemsRule()
{
    // Hand-built widths for phi at R = 2: n 50 -> 0.20, 100 -> 0.09 (a Monte Carlo dip), 200 -> 0.11,
    // 400 -> 0.07, 800 -> 0.05; at R = 1, C is not identifiable.
    PrecisionPlan p;
    const double widths[] = {0.20, 0.09, 0.11, 0.07, 0.05};
    const int items[] = {50, 100, 200, 400, 800};
    for (int i = 0; i < 5; ++i) {
        PlanPoint& q = p.points.emplace_back();
        q.items = items[i];
        q.runs = 2;
        q.metrics[1].width = widths[i];
        PlanPoint& single = p.points.emplace_back();
        single.items = items[i];
        single.runs = 1;
        single.metrics[0].identifiable = false;
    }
    QCOMPARE(smallestItemsForWidth(p, PlanMetric::FlipRate, 2, 0.10), std::optional<int>(400)); // not 100
    QCOMPARE(smallestItemsForWidth(p, PlanMetric::FlipRate, 2, 0.12), std::optional<int>(100));
    QCOMPARE(smallestItemsForWidth(p, PlanMetric::FlipRate, 2, 0.20), std::optional<int>(50)); // inclusive
    QCOMPARE(smallestItemsForWidth(p, PlanMetric::FlipRate, 2, 0.05), std::optional<int>(800));
    QCOMPARE(smallestItemsForWidth(p, PlanMetric::FlipRate, 2, 0.04), std::optional<int>());
    QCOMPARE(smallestItemsForWidth(p, PlanMetric::Consistency, 1, 0.5), std::optional<int>());
    QCOMPARE(smallestItemsForWidth(p, PlanMetric::FlipRate, 7, 0.5), std::optional<int>()); // no such R
}

void TestPrecisionPlanner::smallestItemsOnARealPlan()
{
    PrecisionPlanSettings s = settingsFor(100, 3, 200);
    s.itemGrid = {50, 100, 200, 400, 800};
    s.runGrid = {1, 3};
    s.targetWidth = 0.10; // phi within +/-0.05
    const PrecisionPlan p = plan(s);
    QCOMPARE(p.recommendations.size(), std::size_t{8});
    for (const PlanRecommendation& rec : p.recommendations) {
        QCOMPARE(rec.items, smallestItemsForWidth(p, rec.metric, rec.runs, 0.10));
        if (rec.runs == 1 && (rec.metric == PlanMetric::Consistency || rec.metric == PlanMetric::Trust)) {
            QVERIFY(!rec.items);
            continue;
        }
        QVERIFY(rec.items.has_value()); // 800 items give widths well below 0.10 for this judge
        for (const PlanPoint& q : p.points)
            if (q.runs == rec.runs) {
                const double w = q.metric(rec.metric).width;
                if (q.items >= *rec.items)
                    QVERIFY(w <= 0.10);
            }
        // The next smaller n of the grid misses the target (or there is none).
        const int below[] = {0, 50, 100, 200, 400};
        const int idx = static_cast<int>(std::find(std::begin(s.itemGrid), std::end(s.itemGrid), *rec.items) -
                                         s.itemGrid.begin());
        if (idx > 0)
            QVERIFY(pointAt(p, below[idx], rec.runs)->metric(rec.metric).width > 0.10);
    }
    const FlatTable t = planTargetTable(p);
    QCOMPARE(t.rows.size(), std::size_t{8});
    QCOMPARE(t.columns, (std::vector<std::string>{"runs", "metric", "target_width", "items", "note"}));
    QCOMPARE(std::get<std::string>(t.rows[0][4]), std::string("n/a (1 run)"));
}

void TestPrecisionPlanner::badInput_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<double>("value");
    QTest::addColumn<QString>("message");
    QTest::newRow("one item") << "items" << 1.0 << "items must be at least 2 (got 1)";
    QTest::newRow("too many items") << "items" << 2e6 << "items must be at most 1000000 (got 2000000)";
    QTest::newRow("grid item") << "itemGrid" << 0.0 << "items must be at least 2 (got 0)";
    QTest::newRow("no runs") << "runs" << 0.0 << "runs must be at least 1 (got 0)";
    QTest::newRow("too many runs") << "runs" << 101.0 << "runs must be at most 100 (got 101)";
    QTest::newRow("grid runs") << "runGrid" << -1.0 << "runs must be at least 1 (got -1)";
    QTest::newRow("few simulations") << "simulations" << 9.0 << "simulations must be at least 10 (got 9)";
    QTest::newRow("zero share") << "labelledShare" << 0.0 << "the labelled share must be in (0, 1] (got 0)";
    QTest::newRow("share above 1") << "labelledShare" << 1.5
                                   << "the labelled share must be in (0, 1] (got 1.5)";
    QTest::newRow("no labelled item")
        << "tinyShare" << 0.1 << "the labelled share 0.1 leaves no labelled item among 2 items";
    QTest::newRow("level 1") << "level" << 1.0 << "the confidence level must be in (0, 1) (got 1)";
    QTest::newRow("target 0") << "targetWidth" << 0.0 << "the target width must be in (0, 1] (got 0)";
    QTest::newRow("accuracy") << "accuracy" << 1.2 << "accuracy a must be in [0, 1] (got 1.2)";
    QTest::newRow("bias") << "positionBias" << -0.1 << "position bias b must be in [0, 1] (got -0.1)";
    QTest::newRow("consistency") << "consistency" << 0.4 << "consistency k must be in [0.5, 1] (got 0.4)";
    // Rates out of range: behaviourForRates' messages pass through (rates measured with 3 runs).
    QTest::newRow("rate C") << "rateC" << 1.2
                            << "C = 1.2 is not reachable with 3 runs: it must be in [0.0625, 1]";
    QTest::newRow("rate phi") << "ratePhi" << -0.2
                              << "phi = -0.2 is not reachable with C = 1 and 3 runs: it must be in [0, 1]";
    QTest::newRow("rate A") << "rateA" << 1.1
                            << "A = 1.1 is not reachable with C = 1, phi = 0.1 and 3 runs: it must be in "
                               "[0.05, 0.95]";
    QTest::newRow("rates runs") << "ratesRuns" << -2.0 << "runs must be at least 1 (got -2)";
}

void TestPrecisionPlanner::badInput()
{
    QFETCH(QString, field);
    QFETCH(double, value);
    QFETCH(QString, message);
    PrecisionPlanSettings s = settingsFor(100, 3, 50);
    SimTrustRates rates;
    rates.consistency = 1.0;
    rates.flipRate = 0.1;
    rates.accuracy = 0.6;
    const int n = static_cast<int>(value);
    if (field == "items")
        s.items = n;
    else if (field == "itemGrid")
        s.itemGrid = {50, n};
    else if (field == "runs")
        s.runs = n;
    else if (field == "runGrid")
        s.runGrid = {2, n};
    else if (field == "simulations")
        s.simulations = n;
    else if (field == "labelledShare")
        s.labelledShare = value;
    else if (field == "tinyShare") {
        s.itemGrid = {2, 100};
        s.labelledShare = value;
    } else if (field == "level")
        s.level = value;
    else if (field == "targetWidth")
        s.targetWidth = value;
    else if (field == "accuracy")
        s.behaviour.accuracy = value;
    else if (field == "positionBias")
        s.behaviour.positionBias = value;
    else if (field == "consistency")
        s.behaviour.consistency = value;
    else {
        if (field == "rateC")
            rates.consistency = value;
        else if (field == "ratePhi")
            rates.flipRate = value;
        else if (field == "rateA")
            rates.accuracy = value;
        else if (field == "ratesRuns")
            s.ratesRuns = n;
        s.rates = rates;
    }
    std::string error;
    QVERIFY(!planPrecision(s, &error).has_value());
    QCOMPARE(QString::fromStdString(error), message);
}

void TestPrecisionPlanner::table()
{
    PrecisionPlanSettings s = settingsFor(80, 2, 30);
    s.itemGrid = {40, 80};
    const PrecisionPlan p = plan(s);
    const FlatTable t = planTable(p);
    QCOMPARE(t.columns, (std::vector<std::string>{"items", "runs", "metric", "mean", "width", "width_se",
                                                  "lo", "hi", "expected", "labelled_items", "note"}));
    QCOMPARE(t.rows.size(), std::size_t{8});
    const char* metrics[] = {"C", "phi", "A", "T"};
    for (std::size_t i = 0; i < t.rows.size(); ++i) {
        const PlanPoint& point = p.points[i / 4];
        const PlanMetricResult& r = point.metrics[i % 4];
        QCOMPARE(std::get<std::int64_t>(t.rows[i][0]), std::int64_t{point.items});
        QCOMPARE(std::get<std::int64_t>(t.rows[i][1]), std::int64_t{2});
        QCOMPARE(std::get<std::string>(t.rows[i][2]), std::string(metrics[i % 4]));
        QCOMPARE(std::get<double>(t.rows[i][3]), r.mean);
        QCOMPARE(std::get<double>(t.rows[i][4]), r.width);
        QCOMPARE(std::get<double>(t.rows[i][5]), r.widthSe);
        QVERIFY(std::holds_alternative<std::monostate>(t.rows[i][10]));
    }
    const std::string csv = writeFlatTable(t, TableFormat::Csv);
    QVERIFY(csv.rfind("items,runs,metric,mean,width,width_se,lo,hi,expected,labelled_items,note\n40,2,C,",
                      0) == 0);
    // No target: the target table has its columns and no rows.
    QVERIFY(planTargetTable(p).rows.empty());
}

QTEST_APPLESS_MAIN(TestPrecisionPlanner)
#include "tst_precisionplanner.moc"
