// The simulated trust audit of seed 000's design (analysis/trustsimulator.h, docs/trust-simulation.md): the
// expected values of a cell against hand computations, the trust analysis of a large simulated audit against
// those expected values within sampling error, the design (6 x 5 x 4 cells, both orders, every run), the
// labels that say it is simulated, the raw output naming the slot as shown, and determinism.
#include "analysis/trustanalysis.h"
#include "analysis/trustsimulator.h"

#include <QtTest>

#include <cmath>
#include <map>
#include <string>
#include <tuple>

using namespace tribunal;

class TestTrustSimulator : public QObject {
    Q_OBJECT
private slots:
    void expectedCell_data();
    void expectedCell();
    void analysisMatchesTheTruth();
    void design();
    void labelledAsSimulated();
    void rawOutputNamesTheSlotShown();
    void deterministicAndStable();
    void truthFile();
};

void TestTrustSimulator::expectedCell_data()
{
    QTest::addColumn<double>("noise");
    QTest::addColumn<double>("position");
    QTest::addColumn<double>("wrong");
    QTest::addColumn<int>("runs");
    QTest::addColumn<double>("c");
    QTest::addColumn<double>("phi");
    QTest::addColumn<double>("a");
    QTest::addColumn<double>("aDec");
    QTest::addColumn<double>("tJoint");
    QTest::addColumn<double>("firstSlot");
    // Every pair settled on the label, e = 0.1, 3 runs: b(k) = 0.729, 0.243, 0.027, 0.001;
    // C = (0.729 + 0.001)^2; the settled verdict is modal with m = 0.972, so P = m^2 + (1 - m)^2 = 0.945568;
    // A = 1 - e; A_dec = E[acc P] / E[P] = 0.866304 / 0.945568; T_joint = 0.729^2 (every run right).
    QTest::newRow("right, e 0.1, 3 runs")
        << 0.1 << 0.0 << 0.0 << 3 << 0.5329 << 0.054432 << 0.9 << 0.866304 / 0.945568 << 0.531441 << 0.5;
    // One run: C = 1 by the formula; P = 0.9^2 + 0.1^2; T_joint = 0.81.
    QTest::newRow("right, e 0.1, 1 run")
        << 0.1 << 0.0 << 0.0 << 1 << 1.0 << 0.18 << 0.9 << 0.81 / 0.82 << 0.81 << 0.5;
    // Every pair position-driven, no noise: always flips, half right, no decisive pair, T = 0.
    QTest::newRow("position only") << 0.0 << 1.0 << 0.0 << 5 << 1.0 << 1.0 << 0.5 << qQNaN() << 0.0 << 1.0;
    // No noise, p = 0.2, w = 0.25: A = 0.8 * 0.75 + 0.2 * 0.5 = 0.7, A_dec = 0.75, T = T_joint = 0.6;
    // first slot 0.8 * 0.5 + 0.2.
    QTest::newRow("mixed, no noise") << 0.0 << 0.2 << 0.25 << 5 << 1.0 << 0.2 << 0.7 << 0.75 << 0.6 << 0.6;
    // Every pair settled wrong, e = 0.5, 2 runs: a presentation is unanimous for the settled verdict with
    // probability 1/4, for the other with 1/4, and tied (no modal verdict) with 1/2; C = (1/2)^2; P = both
    // modal and equal = 1/4^2 + 1/4^2 = 1/8; A_dec = (1/16 * 0 + 1/16 * 1) / (1/8); T_joint = 1/16 (both
    // unanimous on the label).
    QTest::newRow("wrong, e 0.5, 2 runs")
        << 0.5 << 0.0 << 1.0 << 2 << 0.25 << 0.875 << 0.5 << 0.5 << 0.0625 << 0.5;
}

void TestTrustSimulator::expectedCell()
{
    QFETCH(double, noise);
    QFETCH(double, position);
    QFETCH(double, wrong);
    QFETCH(int, runs);
    TrustSimCell cell;
    cell.noise = noise;
    cell.positionShare = position;
    cell.wrongShare = wrong;
    expectedTrustCell(cell, runs);
    const auto close = [](double got, double want) {
        return std::isnan(want) ? std::isnan(got) : std::abs(got - want) < 1e-12;
    };
    QFETCH(double, c);
    QFETCH(double, phi);
    QFETCH(double, a);
    QFETCH(double, aDec);
    QFETCH(double, tJoint);
    QFETCH(double, firstSlot);
    QVERIFY2(close(cell.consistency, c), qPrintable(QString::number(cell.consistency, 'g', 17)));
    QVERIFY2(close(cell.flipRate, phi), qPrintable(QString::number(cell.flipRate, 'g', 17)));
    QVERIFY2(close(cell.accuracy, a), qPrintable(QString::number(cell.accuracy, 'g', 17)));
    QVERIFY2(close(cell.accuracyDecisive, aDec), qPrintable(QString::number(cell.accuracyDecisive, 'g', 17)));
    QVERIFY2(close(cell.trustJoint, tJoint), qPrintable(QString::number(cell.trustJoint, 'g', 17)));
    QVERIFY2(close(cell.firstSlotShare, firstSlot),
             qPrintable(QString::number(cell.firstSlotShare, 'g', 17)));
    QVERIFY(close(cell.accuracyMax, 1 - phi / 2));
    QVERIFY(close(cell.trust, c * (a - phi / 2)));
}

void TestTrustSimulator::analysisMatchesTheTruth()
{
    // 1500 pairs per dataset, 3 runs: 1.08 million judgments. Every cell's C, phi, A, T_joint and first-slot
    // share from the trust analysis lies within 4.5 standard errors of the model's expectation (binomial
    // bounds: the per-pair indicators have variance x (1 - x), a pair's accuracy at most A (1 - A), a
    // verdict's slot at most 1/4 per pair). T is a product of the three: within the sum of their bounds.
    TrustSimulation settings;
    settings.pairs = 1500;
    settings.runs = 3;
    const auto sim = simulateTrustAudit(settings);
    const auto results = analyseTrust(*sim.audit, TrustSettings{});
    std::map<std::tuple<std::string, std::string, std::string>, const TrustSimCell*> truth;
    for (const auto& cell : sim.cells)
        truth[{cell.judge, cell.format, cell.dataset}] = &cell;
    const double n = settings.pairs;
    const auto bound = [n](double x) { return 4.5 * std::sqrt(std::max(x * (1 - x), 1e-6) / n) + 1e-9; };
    int checked = 0;
    for (const auto& r : results) {
        const Cell& c = sim.audit->cells()[r.cell];
        const auto it =
            truth.find({std::string(sim.audit->str(c.judge)), std::string(sim.audit->str(c.format)),
                        std::string(sim.audit->str(c.dataset))});
        QVERIFY(it != truth.end());
        const TrustSimCell& t = *it->second;
        const QString where = QString::fromStdString(t.judge + " " + t.format + " " + t.dataset);
        QCOMPARE(r.pairs, std::uint64_t(settings.pairs));
        QCOMPARE(r.labelledPairs, r.pairs);
        QVERIFY2(std::abs(r.consistency - t.consistency) <= bound(t.consistency), qPrintable(where));
        QVERIFY2(std::abs(r.flipRate - t.flipRate) <= bound(t.flipRate), qPrintable(where));
        QVERIFY2(std::abs(r.accuracy - t.accuracy) <= bound(t.accuracy), qPrintable(where));
        QVERIFY2(std::abs(r.trustJoint - t.trustJoint) <= bound(t.trustJoint), qPrintable(where));
        QVERIFY2(std::abs(r.firstSlotShare - t.firstSlotShare) <= bound(0.5), qPrintable(where));
        QVERIFY2(std::abs(r.trust - t.trust) <=
                     bound(t.consistency) + bound(t.accuracy) + bound(t.flipRate) / 2,
                 qPrintable(where));
        ++checked;
    }
    QCOMPARE(checked, 120);
}

void TestTrustSimulator::design()
{
    TrustSimulation settings;
    settings.pairs = 7;
    settings.runs = 3;
    const auto sim = simulateTrustAudit(settings);
    QCOMPARE(sim.cells.size(), std::size_t{120});
    QCOMPARE(sim.audit->itemCount(), std::size_t{4 * 7});
    QCOMPARE(sim.audit->judgmentCount(), std::size_t{4 * 7 * 6 * 5 * 2 * 3});
    QCOMPARE(sim.audit->cells().size(), std::size_t{120});
    const auto& j = sim.audit->judgments();
    for (std::size_t row = 0; row < j.size(); ++row) {
        QVERIFY(j.answer[row] == answer::kA || j.answer[row] == answer::kB); // calls never fail
        QVERIFY(!std::isnan(j.costUsd(row)));
    }
    for (std::size_t i = 0; i < sim.audit->itemCount(); ++i)
        QVERIFY(sim.audit->items().label[i] == answer::kA || sim.audit->items().label[i] == answer::kB);
    // The judge that never varies: C = 1 in every cell, as the model says.
    for (const auto& r : analyseTrust(*sim.audit, TrustSettings{})) {
        const Cell& c = sim.audit->cells()[r.cell];
        if (sim.audit->str(c.judge) == "sim-stubborn")
            QCOMPARE(r.consistency, 1.0);
    }
}

void TestTrustSimulator::labelledAsSimulated()
{
    TrustSimulation settings;
    settings.pairs = 3;
    const auto sim = simulateTrustAudit(settings);
    const auto& items = sim.audit->items();
    for (std::size_t i = 0; i < sim.audit->itemCount(); ++i) {
        QVERIFY(sim.audit->str(items.dataset[i]).starts_with("sim-"));
        for (ItemText f : {ItemText::Question, ItemText::ResponseA, ItemText::ResponseB})
            QVERIFY(sim.audit->str(items.text[static_cast<int>(f)][i]).starts_with("[Simulated]"));
    }
    for (const Cell& c : sim.audit->cells())
        QVERIFY(sim.audit->str(c.judge).starts_with("sim-"));
    for (auto name : trustSimDatasets())
        QVERIFY(name.starts_with("sim-"));
}

void TestTrustSimulator::rawOutputNamesTheSlotShown()
{
    // In order BA the first-shown slot holds candidate B: a canonical verdict A is the judge saying "B".
    TrustSimulation settings;
    settings.pairs = 2;
    const auto sim = simulateTrustAudit(settings);
    const auto& j = sim.audit->judgments();
    int direct = 0;
    for (std::size_t row = 0; row < j.size(); ++row) {
        if (sim.audit->str(j.format[row]) != "Direct")
            continue;
        const bool namesA = j.answer[row] == answer::kA;
        const std::string_view want = (namesA == (j.order[row] == Order::AB)) ? "A" : "B";
        QCOMPARE(sim.audit->str(j.raw[row]), want);
        ++direct;
    }
    QCOMPARE(direct, 4 * 2 * 6 * 2 * 5);
}

void TestTrustSimulator::deterministicAndStable()
{
    TrustSimulation small;
    small.pairs = 3;
    TrustSimulation large = small;
    large.pairs = 5;
    const auto a = simulateTrustAudit(small), b = simulateTrustAudit(small), c = simulateTrustAudit(large);
    const auto verdicts = [](const Audit& audit, std::string_view dataset, std::string_view id) {
        std::vector<std::tuple<std::string, std::string, int, int, int>> out;
        const auto item = audit.findItem(dataset, id);
        if (!item)
            return out;
        const auto& j = audit.judgments();
        for (std::uint32_t row : audit.judgmentsOfItem(*item))
            out.emplace_back(std::string(audit.str(j.judge[row])), std::string(audit.str(j.format[row])),
                             static_cast<int>(j.order[row]), j.rep[row], static_cast<int>(j.answer[row]));
        std::sort(out.begin(), out.end());
        return out;
    };
    for (auto dataset : trustSimDatasets())
        for (const char* id : {"pair-001", "pair-003"}) {
            const auto first = verdicts(*a.audit, dataset, id);
            QCOMPARE(first.size(), std::size_t{6 * 5 * 2 * 5});
            QVERIFY(first == verdicts(*b.audit, dataset, id));
            QVERIFY(first == verdicts(*c.audit, dataset, id));
        }
    TrustSimulation other = small;
    other.seed = 7;
    QVERIFY(verdicts(*a.audit, "sim-llmbar", "pair-001") !=
            verdicts(*simulateTrustAudit(other).audit, "sim-llmbar", "pair-001"));
}

void TestTrustSimulator::truthFile()
{
    TrustSimulation settings;
    settings.pairs = 1;
    const auto sim = simulateTrustAudit(settings);
    const QStringList lines = QString::fromStdString(trustTruthCsv(sim)).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 121);
    QCOMPARE(lines[0],
             QString("source,dataset,judge,format,runs,noise,position_share,wrong_share,price_usd,C,"
                     "phi,first_slot_share,A,A_dec,A_max,T,T_joint"));
    // The first cell: sim-steady, Direct, sim-mtbench, with its stated numbers and expectations.
    const QStringList first = lines[1].split(',');
    QCOMPARE(first.size(), 17);
    QCOMPARE(first.mid(0, 5), (QStringList{"simulated", "sim-mtbench", "sim-steady", "Direct", "5"}));
    const TrustSimCell& cell = sim.cells.front();
    QCOMPARE(first[5].toDouble(), std::round(cell.noise * 1e6) / 1e6);
    QCOMPARE(first[15].toDouble(), std::round(cell.trust * 1e6) / 1e6);
    QCOMPARE(cell.noise, 0.004 * 0.8);
    for (const QString& line : lines.mid(1))
        QVERIFY(line.startsWith("simulated,sim-"));
}

QTEST_APPLESS_MAIN(TestTrustSimulator)
#include "tst_trustsimulator.moc"
