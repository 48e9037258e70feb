// Pairwise trust (metrics.md T0-T7, T11, T12 a/b). Main test vector: examples.md section 1.
#include "analysis/auditsimulator.h"
#include "analysis/trustanalysis.h"
#include "io/importer.h"
#include "model/auditbuilder.h"
#include "report/trustexport.h"

#include "../common/trustcells.h"

#include <QtTest>

#include <bit>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <string>

using namespace tribunal;

class TestTrustAnalysis : public QObject {
    Q_OBJECT
private slots:
    void workedExample_data();
    void workedExample();
    void workedExamplePairs();
    void workedExampleCounts();
    void quadrants_data();
    void quadrants();
    void smallCells_data();
    void smallCells();
    void singleRun_data();
    void singleRun();
    void identitiesOnSimulatedAudits_data();
    void identitiesOnSimulatedAudits();
    void resampleMatchesDuplicatedPairs();
    void threadsGiveIdenticalResults_data();
    void threadsGiveIdenticalResults();
    void positionBiasData_data();
    void positionBiasData();
    void biasTestJudgmentsLeftOut();
};

namespace {

using testing::PairSpec;

AuditPtr buildCell(const std::vector<PairSpec>& pairs)
{
    return testing::buildTrustAudit({pairs});
}

constexpr double kTol = 1e-12;

/// examples.md section 1.
const std::vector<PairSpec> kExample = {
    {"A", "A-A", "AAA"}, {"B", "BAB", "---"}, {"B", "ABT", "ABA"}, {"B", "B-B", "BTB"}, {"", "AAA", "BAB"},
};

TrustCellResult exampleResult(const TrustSettings& settings)
{
    static const AuditPtr audit = buildCell(kExample);
    const auto results = analyseTrust(*audit, settings);
    return results.at(0);
}

using Field = std::function<double(const TrustCellResult&)>;

const std::map<QString, Field>& fields()
{
    static const std::map<QString, Field> map = {
        {"C", [](const TrustCellResult& r) { return r.consistency; }},
        {"C_lab", [](const TrustCellResult& r) { return r.consistencyLab; }},
        {"C_pair", [](const TrustCellResult& r) { return r.consistencyPair; }},
        {"C_presentation", [](const TrustCellResult& r) { return r.consistencyPresentation; }},
        {"phi", [](const TrustCellResult& r) { return r.flipRate; }},
        {"phi_lab", [](const TrustCellResult& r) { return r.flipRateLab; }},
        {"phi_AB", [](const TrustCellResult& r) { return r.flipRateAB; }},
        {"first_slot", [](const TrustCellResult& r) { return r.firstSlotShare; }},
        {"A", [](const TrustCellResult& r) { return r.accuracy; }},
        {"A_dec", [](const TrustCellResult& r) { return r.accuracyDecisive; }},
        {"q_obs", [](const TrustCellResult& r) { return r.qObserved; }},
        {"q_used", [](const TrustCellResult& r) { return r.qUsed; }},
        {"A_max", [](const TrustCellResult& r) { return r.accuracyMax; }},
        {"gap", [](const TrustCellResult& r) { return r.capabilityGap; }},
        {"T", [](const TrustCellResult& r) { return r.trust; }},
        {"T_joint", [](const TrustCellResult& r) { return r.trustJoint; }},
        {"T_gap", [](const TrustCellResult& r) { return r.trustGap; }},
        {"maj_acc", [](const TrustCellResult& r) { return r.majorityAccuracy; }},
        {"maj_cov", [](const TrustCellResult& r) { return r.majorityCoverage; }},
        {"both_acc", [](const TrustCellResult& r) { return r.bothOrderAccuracy; }},
        {"both_cov", [](const TrustCellResult& r) { return r.bothOrderCoverage; }},
    };
    return map;
}

double field(const TrustCellResult& r, const QString& name)
{
    const auto it = fields().find(name);
    if (it == fields().end())
        qFatal("unknown field %s", qPrintable(name));
    return it->second(r);
}

/// Compares a value with its expectation; NaN expects "undefined".
bool near(double actual, double expected)
{
    if (std::isnan(expected))
        return std::isnan(actual);
    return std::abs(actual - expected) <= kTol;
}

} // namespace

void TestTrustAnalysis::workedExample_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<int>("qMode"); // QMode
    QTest::addColumn<int>("unit");  // ConsistencyUnit
    QTest::addColumn<double>("expected");
    const int half = int(QMode::Half), obs = int(QMode::Observed);
    const int pair = int(ConsistencyUnit::Pair), pres = int(ConsistencyUnit::Presentation);
    auto row = [](const char* name, const char* f, int q, int u, double v) {
        QTest::newRow(name) << QString(f) << q << u << v;
    };
    row("C", "C", half, pair, 1.0 / 4);
    row("phi", "phi", half, pair, 1.0 / 2);
    row("C_lab", "C_lab", half, pair, 1.0 / 3);
    row("phi_lab", "phi_lab", half, pair, 1.0 / 3);
    row("A", "A", half, pair, 32.0 / 45);
    row("A_dec", "A_dec", half, pair, 9.0 / 10);
    row("q_obs", "q_obs", half, pair, 1.0 / 3);
    row("q_used half", "q_used", half, pair, 0.5);
    row("A_max half", "A_max", half, pair, 5.0 / 6);
    row("gap half", "gap", half, pair, 11.0 / 90);
    row("T half", "T", half, pair, 49.0 / 270);
    row("q_used observed", "q_used", obs, pair, 1.0 / 3);
    row("A_max observed", "A_max", obs, pair, 7.0 / 9);
    row("gap observed", "gap", obs, pair, 7.0 / 9 - 32.0 / 45);
    row("T observed", "T", obs, pair, 1.0 / 5);
    row("T_joint", "T_joint", half, pair, 1.0 / 3);
    row("T gap half", "T_gap", half, pair, 49.0 / 270 - 1.0 / 3);
    row("C per presentation (reported)", "C_presentation", half, pair, 1.0 / 2);
    row("C per pair (reported)", "C_pair", half, pair, 1.0 / 4);
    row("phi_AB", "phi_AB", half, pair, 1.0 / 4);
    row("first-slot share", "first_slot", half, pair, 11.0 / 20);
    // Presentation unit: C = 4/8 retained presentations; C_lab = 3/6 labelled ones (p1 both, p4 AB).
    row("presentation C", "C", half, pres, 1.0 / 2);
    row("presentation C_lab", "C_lab", half, pres, 1.0 / 2);
    row("presentation T", "T", half, pres, (1.0 / 2) * (32.0 / 45 - 1.0 / 6));
    row("presentation T_joint keeps N_i per pair", "T_joint", half, pres, 1.0 / 3);
    // T12a: modal verdicts of labelled presentations: p1 A A, p3 (none) A, p4 B B -> 4 of 5 right, 5 of 6.
    row("majority accuracy", "maj_acc", half, pair, 4.0 / 5);
    row("majority coverage", "maj_cov", half, pair, 5.0 / 6);
    // T12b: run numbers answered in both orders: p1 {1,3}, p3 {1,2,3}, p4 {1,3} = 7; agreeing 2 + 2 + 2 = 6,
    // of which right 2 + 1 + 2 = 5.
    row("both-order accuracy", "both_acc", half, pair, 5.0 / 6);
    row("both-order coverage", "both_cov", half, pair, 6.0 / 7);
}

void TestTrustAnalysis::workedExample()
{
    QFETCH(QString, field);
    QFETCH(int, qMode);
    QFETCH(int, unit);
    QFETCH(double, expected);
    TrustSettings settings;
    settings.qMode = static_cast<QMode>(qMode);
    settings.consistencyUnit = static_cast<ConsistencyUnit>(unit);
    const double actual = ::field(exampleResult(settings), field);
    QVERIFY2(
        near(actual, expected),
        qPrintable(
            QString("%1 = %2, expected %3").arg(field).arg(actual, 0, 'g', 17).arg(expected, 0, 'g', 17)));
}

void TestTrustAnalysis::workedExamplePairs()
{
    const AuditPtr audit = buildCell(kExample);
    QVERIFY(audit);
    QCOMPARE(audit->cells().size(), std::size_t(1));
    const TrustPairs s = summarizeTrustPairs(*audit, audit->itemRunsOf(audit->cells()[0]));
    QCOMPARE(s.pairs.size(), std::size_t(4));
    struct Expected {
        const char* id;
        std::uint32_t ab, ba;
        bool n, p, r, labelled;
        double accuracy;
    };
    const Expected expected[] = {
        {"p1", 2, 3, true, true, true, true, 1.0},
        {"p3", 3, 3, false, false, false, true, 1.0 / 3},
        {"p4", 2, 3, false, true, true, true, 4.0 / 5},
        {"p5", 3, 3, false, false, false, false, 0.0},
    };
    for (std::size_t i = 0; i < 4; ++i) {
        const TrustPair& p = s.pairs[i];
        const Expected& e = expected[i];
        QCOMPARE(audit->str(audit->items().itemId[p.item]), std::string_view(e.id));
        QCOMPARE(p.answered[0], e.ab);
        QCOMPARE(p.answered[1], e.ba);
        QCOMPARE(p.reproducible, e.n);
        QCOMPARE(p.orderInvariant, e.p);
        QCOMPARE(p.modalCorrect, e.r);
        QCOMPARE(p.labelled, e.labelled);
        if (e.labelled)
            QVERIFY(near(p.accuracy(), e.accuracy));
    }
    QVERIFY(s.pairs[3].hardReversal);
    QVERIFY(!s.pairs[1].hardReversal); // p3 has no AB mode
}

void TestTrustAnalysis::workedExampleCounts()
{
    const TrustCellResult r = exampleResult({});
    QCOMPARE(r.cell, 0u);
    QCOMPARE(r.pairs, std::uint64_t(4));
    QCOMPARE(r.labelledPairs, std::uint64_t(3));
    QCOMPARE(r.unlabelledPairs, std::uint64_t(1));
    QCOMPARE(r.droppedMissingVerdicts, std::uint64_t(1)); // p2: BA has only 'none' runs
    QCOMPARE(r.droppedMissingOrder, std::uint64_t(0));
    QCOMPARE(r.noneRuns, std::uint64_t(5)); // p1 1, p2 3, p4 1
    QCOMPARE(r.abstainedRuns, std::uint64_t(0));
    QCOMPARE(r.runs, 3u);
    QVERIFY(!r.singleRun);
    QCOMPARE(r.singleRunPresentations, std::uint64_t(0));
    QCOMPARE(r.quadrant, TrustQuadrant::Chaos); // C = 0.25 < 0.9, phi = 0.5 > 0.2
    QCOMPARE(mitigationKey(r.quadrant), std::string_view("both-orders-then-majority"));
}

void TestTrustAnalysis::quadrants_data()
{
    // The worked example has C = 1/4 and phi = 1/2; move the thresholds around it (bounds are inclusive).
    QTest::addColumn<double>("goodC");
    QTest::addColumn<double>("goodPhi");
    QTest::addColumn<QString>("quadrant");
    QTest::addColumn<QString>("mitigation");
    QTest::newRow("default") << 0.9 << 0.2 << "chaos"
                             << "both-orders-then-majority";
    QTest::newRow("both at the bound") << 0.25 << 0.5 << "trustworthy"
                                       << "stronger-judge";
    QTest::newRow("C good, phi high") << 0.25 << 0.49 << "confidently-biased"
                                      << "both-orders";
    QTest::newRow("C low, phi good") << 0.26 << 0.5 << "noisy-but-fair"
                                     << "majority-vote";
}

void TestTrustAnalysis::quadrants()
{
    QFETCH(double, goodC);
    QFETCH(double, goodPhi);
    QFETCH(QString, quadrant);
    QFETCH(QString, mitigation);
    TrustSettings settings;
    settings.goodConsistency = goodC;
    settings.goodFlipRate = goodPhi;
    const TrustCellResult r = exampleResult(settings);
    QCOMPARE(QString::fromUtf8(quadrantName(r.quadrant)), quadrant);
    QCOMPARE(QString::fromUtf8(mitigationKey(r.quadrant)), mitigation);
    QVERIFY(!mitigationText(r.quadrant).empty());
}

void TestTrustAnalysis::smallCells_data()
{
    QTest::addColumn<std::vector<PairSpec>>("pairs");
    QTest::addColumn<QString>("field");
    QTest::addColumn<double>("expected");
    const double nan = kMissing;
    // Ties for the mode: AB A,B (no mode) -> P = 0 although BA is unanimous.
    const std::vector<PairSpec> modeTie = {{"A", "AB", "AA"}, {"A", "AA", "AA"}};
    QTest::newRow("mode tie: phi") << modeTie << "phi" << 0.5;
    QTest::newRow("mode tie: C") << modeTie << "C" << 0.5;
    QTest::newRow("mode tie: A_dec") << modeTie << "A_dec" << 1.0;
    QTest::newRow("mode tie: q_obs") << modeTie << "q_obs" << 3.0 / 4;
    QTest::newRow("mode tie: T_joint") << modeTie << "T_joint" << 0.5;
    QTest::newRow("mode tie: majority coverage") << modeTie << "maj_cov" << 3.0 / 4;
    // 'none' and NA runs are removed before anything else: the pair stays reproducible.
    const std::vector<PairSpec> missing = {{"A", "A-N", "NA-"}, {"B", "BB", "BB"}};
    QTest::newRow("none dropped: C") << missing << "C" << 1.0;
    QTest::newRow("none dropped: A") << missing << "A" << 1.0;
    QTest::newRow("none dropped: first slot") << missing << "first_slot" << 3.0 / 6;
    // A pair with every run 'none' or only one order shown leaves the cell.
    const std::vector<PairSpec> dropped = {{"A", "AA", "AA"}, {"B", "--", "--"}, {"B", "BB", ""}};
    QTest::newRow("dropped pairs: C") << dropped << "C" << 1.0;
    QTest::newRow("dropped pairs: A") << dropped << "A" << 1.0;
    // Unlabelled pairs enter C and phi only; with no label at all the A family is undefined.
    const std::vector<PairSpec> unlabelled = {{"", "AA", "BB"}, {"", "AA", "AA"}};
    QTest::newRow("unlabelled: phi") << unlabelled << "phi" << 0.5;
    QTest::newRow("unlabelled: C") << unlabelled << "C" << 1.0;
    QTest::newRow("unlabelled: C_lab") << unlabelled << "C_lab" << nan;
    QTest::newRow("unlabelled: A") << unlabelled << "A" << nan;
    QTest::newRow("unlabelled: T") << unlabelled << "T" << nan;
    QTest::newRow("unlabelled: T_joint") << unlabelled << "T_joint" << nan;
    QTest::newRow("unlabelled: majority accuracy") << unlabelled << "maj_acc" << nan;
    QTest::newRow("unlabelled: phi_AB") << unlabelled << "phi_AB" << 0.5;
    // Tie verdicts and tie labels: a tie verdict is right only under a tie label; it is no slot choice.
    const std::vector<PairSpec> ties = {{"tie", "TT", "TT"}, {"A", "TT", "TT"}};
    QTest::newRow("ties: A") << ties << "A" << 0.5;
    QTest::newRow("ties: T_joint") << ties << "T_joint" << 0.5;
    QTest::newRow("ties: phi_AB") << ties << "phi_AB" << 0.0;
    QTest::newRow("ties: first slot undefined") << ties << "first_slot" << nan;
    // phi_lab = 0: observed q is undefined and has no effect; phi_lab = 1: A_dec is undefined.
    const std::vector<PairSpec> noFlip = {{"A", "AA", "AA"}, {"A", "BB", "BB"}};
    QTest::newRow("no flip: q_obs") << noFlip << "q_obs" << nan;
    QTest::newRow("no flip: A_max") << noFlip << "A_max" << 1.0;
    QTest::newRow("no flip: T") << noFlip << "T" << 0.5;
    const std::vector<PairSpec> allFlip = {{"A", "AA", "BB"}, {"B", "AA", "BB"}};
    QTest::newRow("all flip: A_dec") << allFlip << "A_dec" << nan;
    QTest::newRow("all flip: q_obs") << allFlip << "q_obs" << 0.5;
    QTest::newRow("all flip: T") << allFlip << "T" << 0.0;
    QTest::newRow("all flip: both-order coverage") << allFlip << "both_cov" << 0.0;
    QTest::newRow("all flip: both-order accuracy") << allFlip << "both_acc" << nan;
}

void TestTrustAnalysis::smallCells()
{
    QFETCH(std::vector<PairSpec>, pairs);
    QFETCH(QString, field);
    QFETCH(double, expected);
    const AuditPtr audit = buildCell(pairs);
    QVERIFY(audit);
    const TrustCellResult r = analyseTrust(*audit, {}).at(0);
    const double actual = ::field(r, field);
    QVERIFY2(
        near(actual, expected),
        qPrintable(
            QString("%1 = %2, expected %3").arg(field).arg(actual, 0, 'g', 17).arg(expected, 0, 'g', 17)));
}

void TestTrustAnalysis::singleRun_data()
{
    QTest::addColumn<bool>("optIn");
    QTest::addColumn<QString>("field");
    QTest::addColumn<double>("expected");
    const double nan = kMissing;
    // p1 decisive and right, p2 flipped, p3 decisive and wrong: A = 1/2, phi = 1/3.
    QTest::newRow("n/a: C") << false << "C" << nan;
    QTest::newRow("n/a: C_lab") << false << "C_lab" << nan;
    QTest::newRow("n/a: C_pair") << false << "C_pair" << nan;
    QTest::newRow("n/a: T") << false << "T" << nan;
    QTest::newRow("n/a: T_joint") << false << "T_joint" << nan;
    QTest::newRow("n/a: phi still defined") << false << "phi" << 1.0 / 3;
    QTest::newRow("n/a: A still defined") << false << "A" << 1.0 / 2;
    QTest::newRow("opt-in: C") << true << "C" << 1.0;
    QTest::newRow("opt-in: T") << true << "T" << 1.0 / 2 - 1.0 / 6;
    QTest::newRow("opt-in: T_joint") << true << "T_joint" << 1.0 / 3;
}

void TestTrustAnalysis::singleRun()
{
    QFETCH(bool, optIn);
    QFETCH(QString, field);
    QFETCH(double, expected);
    // One answered run per presentation; the 'none' run of p3 does not make it a two-run design.
    const AuditPtr audit = buildCell({{"A", "A", "A"}, {"A", "A", "B"}, {"A", "B-", "B"}});
    TrustSettings settings;
    settings.assumeConsistentWhenSingleRun = optIn;
    const TrustCellResult r = analyseTrust(*audit, settings).at(0);
    QVERIFY(r.singleRun);
    QCOMPARE(r.runs, 1u);
    QCOMPARE(r.consistencyAssumed, optIn);
    QCOMPARE(r.quadrant == TrustQuadrant::Undefined, !optIn);
    const double actual = ::field(r, field);
    QVERIFY2(near(actual, expected), qPrintable(QString("%1 = %2").arg(field).arg(actual, 0, 'g', 17)));
}

void TestTrustAnalysis::identitiesOnSimulatedAudits_data()
{
    QTest::addColumn<int>("runs");
    QTest::addColumn<quint64>("seed");
    QTest::newRow("3 runs") << 3 << quint64(20261129);
    QTest::newRow("5 runs, other seed") << 5 << quint64(7);
    QTest::newRow("1 run") << 1 << quint64(11);
}

void TestTrustAnalysis::identitiesOnSimulatedAudits()
{
    QFETCH(int, runs);
    QFETCH(quint64, seed);
    AuditSimulation sim;
    sim.runs = runs;
    sim.seed = seed;
    sim.judgments = 2ull * static_cast<std::uint64_t>(runs) * 30 * 4 * 40; // 40 items per dataset
    const AuditPtr audit = simulateAudit(sim);
    QVERIFY(audit);
    TrustSettings observed;
    observed.qMode = QMode::Observed;
    const auto half = analyseTrust(*audit, {});
    const auto obs = analyseTrust(*audit, observed);
    QCOMPARE(half.size(), audit->cells().size());
    QCOMPARE(half.size(), std::size_t(120));
    for (std::size_t c = 0; c < half.size(); ++c) {
        const TrustCellResult& h = half[c];
        const TrustCellResult& o = obs[c];
        QCOMPARE(h.cell, std::uint32_t(c));
        QVERIFY(h.pairs > 0);
        QCOMPARE(h.labelledPairs, h.pairs); // the simulator labels every item
        QCOMPARE(h.singleRun, runs == 1);
        const double phi = h.flipRateLab;
        // T5 identity, with the undefined parts dropping out at phi_lab = 0 or 1.
        double rhs = 0;
        if (phi < 1)
            rhs += (1 - phi) * h.accuracyDecisive;
        if (phi > 0)
            rhs += phi * h.qObserved;
        QVERIFY2(std::abs(h.accuracy - rhs) <= kTol, qPrintable(QString("cell %1").arg(c)));
        QVERIFY(o.accuracy <= o.accuracyMax + kTol);
        QVERIFY(h.accuracyMax >= 0 && h.accuracyMax <= 1);
        QVERIFY(h.flipRateAB <= h.flipRate + kTol);
        if (runs == 1) {
            QVERIFY(isMissing(h.trust) && isMissing(h.consistency) && isMissing(h.trustJoint));
            continue;
        }
        // T6 closed form and its observed-q twin.
        QVERIFY(std::abs(h.trust - h.consistencyLab * (h.accuracy - phi / 2)) <= kTol);
        if (phi > 0)
            QVERIFY(std::abs(o.trust - o.consistencyLab * (o.accuracy - phi * o.qObserved)) <= kTol);
        // T = C (1 - phi) A_dec holds exactly with observed q.
        if (phi < 1)
            QVERIFY(std::abs(o.trust - o.consistencyLab * (1 - phi) * o.accuracyDecisive) <= kTol);
        QVERIFY(h.trustJoint >= 0 && h.trustJoint <= 1);
        QVERIFY(h.consistency >= 0 && h.consistency <= 1);
        QVERIFY(h.quadrant != TrustQuadrant::Undefined);
    }
}

void TestTrustAnalysis::resampleMatchesDuplicatedPairs()
{
    const AuditPtr audit = buildCell(kExample);
    const TrustPairs s = summarizeTrustPairs(*audit, audit->itemRunsOf(audit->cells()[0]));
    TrustSettings settings;
    settings.qMode = QMode::Observed;
    // Identity resample = the full cell.
    const std::vector<std::uint32_t> all = {0, 1, 2, 3};
    const TrustCellResult full = aggregateTrust(s, settings);
    const TrustCellResult same = aggregateTrust(s, all, settings);
    for (const auto& [name, get] : fields())
        QVERIFY2(near(get(same), get(full)), qPrintable(name));
    // A multiset resample equals aggregating the explicitly duplicated pairs.
    const std::vector<std::uint32_t> draw = {3, 0, 0, 2, 3};
    TrustPairs copy = s;
    copy.pairs.clear();
    for (auto i : draw)
        copy.pairs.push_back(s.pairs[i]);
    const TrustCellResult resampled = aggregateTrust(s, draw, settings);
    const TrustCellResult explicitCopy = aggregateTrust(copy, settings);
    QCOMPARE(resampled.pairs, std::uint64_t(5));
    QCOMPARE(resampled.droppedMissingVerdicts, std::uint64_t(1));
    for (const auto& [name, get] : fields())
        QVERIFY2(near(get(resampled), get(explicitCopy)), qPrintable(name));
    // p1, p1, p4 labelled (p5 twice unlabelled): A = (1 + 1 + 4/5) / 3.
    QVERIFY(near(resampled.accuracy, (2 + 4.0 / 5) / 3));
    QVERIFY(near(resampled.flipRate, 2.0 / 5));
}

void TestTrustAnalysis::positionBiasData_data()
{
    QTest::addColumn<QString>("dataset");
    QTest::addColumn<QString>("judge");
    QTest::addColumn<double>("consistency");
    QTest::addColumn<double>("flipRate");
    QTest::addColumn<double>("presentation");
    // data/README.md: figures of an independent implementation (3 decimals, C of gpt-4 exact).
    QTest::newRow("gpt-4 MTBench") << "posbias-MTBench-rep"
                                   << "gpt-4-0613" << 0.8125 << 0.135 << 0.906;
    QTest::newRow("haiku DevBench") << "posbias-DevBench-rep"
                                    << "claude-3-haiku-20240307" << 0.528 << 0.972 << -1.0;
}

void TestTrustAnalysis::positionBiasData()
{
    QFETCH(QString, dataset);
    QFETCH(QString, judge);
    QFETCH(double, consistency);
    QFETCH(double, flipRate);
    QFETCH(double, presentation);
    static const ImportOutcome outcome = importSources(
        {std::string(TRIBUNAL_SHARED_DATA) + "/position-bias/posbias_repetition_verdicts.csv"}, nullptr, {});
    QVERIFY(outcome.audit);
    const Audit& audit = *outcome.audit;
    const auto results = analyseTrust(audit, {});
    int found = 0;
    for (const TrustCellResult& r : results) {
        const Cell& cell = audit.cells()[r.cell];
        if (audit.str(cell.dataset) != dataset.toStdString() || audit.str(cell.judge) != judge.toStdString())
            continue;
        ++found;
        auto round3 = [](double v) { return std::round(v * 1000) / 1000; };
        QCOMPARE(r.labelledPairs, std::uint64_t(0)); // no labels: C and phi only
        QVERIFY(isMissing(r.accuracy) && isMissing(r.trust));
        QCOMPARE(r.runs, 3u);
        if (consistency == 0.8125)
            QVERIFY(near(r.consistency, 0.8125));
        QCOMPARE(round3(r.consistency), round3(consistency));
        QCOMPARE(round3(r.flipRate), flipRate);
        if (presentation >= 0)
            QCOMPARE(round3(r.consistencyPresentation), presentation);
    }
    QCOMPARE(found, 1); // one format per (judge, dataset) in this file
}

void TestTrustAnalysis::threadsGiveIdenticalResults_data()
{
    QTest::addColumn<bool>("observedQ");
    QTest::newRow("q = 1/2") << false;
    QTest::newRow("observed q") << true;
}

// analyseTrust splits cells over threads; each cell is computed by one thread in pair order, so every field
// must be bit-identical for any thread count.
void TestTrustAnalysis::threadsGiveIdenticalResults()
{
    QFETCH(bool, observedQ);
    AuditSimulation simulation;
    simulation.judgments = 300'000; // > 64k judgments per thread, so 2 and 3 threads really split
    simulation.runs = 10;
    const AuditPtr audit = simulateAudit(simulation);
    TrustSettings settings;
    settings.qMode = observedQ ? QMode::Observed : QMode::Half;
    const auto one = analyseTrust(*audit, settings, 1);
    QVERIFY(one.size() > 1);
    const auto bits = [](double v) { return std::bit_cast<std::uint64_t>(v); };
    for (int threads : {2, 3}) {
        const auto many = analyseTrust(*audit, settings, threads);
        QCOMPARE(many.size(), one.size());
        for (std::size_t c = 0; c < one.size(); ++c) {
            const auto& a = one[c];
            const auto& b = many[c];
            QCOMPARE(b.cell, a.cell);
            QCOMPARE(b.pairs, a.pairs);
            QCOMPARE(b.labelledPairs, a.labelledPairs);
            QCOMPARE(b.runs, a.runs);
            QCOMPARE(int(b.quadrant), int(a.quadrant));
            for (auto field :
                 {&TrustCellResult::consistency, &TrustCellResult::consistencyLab, &TrustCellResult::flipRate,
                  &TrustCellResult::flipRateLab, &TrustCellResult::flipRateAB,
                  &TrustCellResult::firstSlotShare, &TrustCellResult::accuracy,
                  &TrustCellResult::accuracyDecisive, &TrustCellResult::qObserved,
                  &TrustCellResult::accuracyMax, &TrustCellResult::trust, &TrustCellResult::trustJoint,
                  &TrustCellResult::majorityAccuracy, &TrustCellResult::bothOrderAccuracy,
                  &TrustCellResult::bothOrderCoverage})
                QCOMPARE(bits(b.*field), bits(a.*field));
        }
    }
}

// Bias-test judgments (variant original / perturbed) belong to the bias tests: an item run made only of them
// is counted and left out, even when it is shown in both orders; a plain run of the same item in another cell
// counts as usual, and a cell with only bias-test runs is no row of the trust tables (docs/trust-metrics.md).
void TestTrustAnalysis::biasTestJudgmentsLeftOut()
{
    AuditBuilder b;
    const StrId d = b.intern("d"), judge = b.intern("J"), format = b.intern("f");
    for (const char* id : {"p1", "p2"}) {
        const std::uint32_t item = b.addItem(d, b.intern(id), TaskKind::Pairwise);
        b.setLabel(item, answer::kA);
        for (Variant variant : {Variant::None, Variant::Original, Variant::Perturbed})
            for (Order order : {Order::AB, Order::BA}) {
                JudgmentInput in;
                in.item = item;
                in.judge = judge;
                in.format = format;
                in.order = order;
                in.answer = answer::kA;
                in.variant = variant;
                if (variant == Variant::Perturbed) {
                    in.test = b.intern("bandwagon");
                    in.cue = Cue::Worse;
                }
                b.addJudgment(in);
            }
    }
    ImportLog log;
    const AuditPtr audit = b.build(log);
    QVERIFY(audit);
    const auto results = analyseTrust(*audit, {});
    QCOMPARE(results.size(), std::size_t(2)); // the plain + original cell, and the bandwagon cell
    const Cell& plain = audit->cells()[results[0].cell];
    QCOMPARE(plain.test, kEmptyStr);
    // The plain rows of p1 and p2 share their item runs with the originals: the runs are not bias-test only.
    QCOMPARE(results[0].pairs, std::uint64_t(2));
    QCOMPARE(results[0].biasTestItems, std::uint64_t(0));
    QVERIFY(hasPairwiseData(results[0]));
    QCOMPARE(results[1].pairs, std::uint64_t(0));
    QCOMPARE(results[1].biasTestItems, std::uint64_t(2));
    QCOMPARE(results[1].droppedMissingOrder, std::uint64_t(0));
    QVERIFY(!hasPairwiseData(results[1]));
}

QTEST_APPLESS_MAIN(TestTrustAnalysis)
#include "tst_trustanalysis.moc"
