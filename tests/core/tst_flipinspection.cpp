// Flip inspector core (workbench.md journey 2): the per-pair flags agree with the trust metrics (T0-T4) and
// the verdict span of a rationale is found as verdictspan.h documents.
#include "analysis/auditsimulator.h"
#include "analysis/flipinspection.h"
#include "analysis/trustanalysis.h"
#include "analysis/verdictspan.h"

#include "../common/trustcells.h"

#include <QtTest>

#include <cmath>
#include <numeric>

using namespace tribunal;
using testing::PairSpec;

Q_DECLARE_METATYPE(tribunal::VerdictSlot)

class TestFlipInspection : public QObject {
    Q_OBJECT
private slots:
    void handCell();
    void singlePairs_data();
    void singlePairs();
    void gridKeepsJudgmentRows();
    void cellsInGivenOrder();
    void sharesEqualMetricsOnSimulatedAudit_data();
    void sharesEqualMetricsOnSimulatedAudit();
    void agreement();
    void verdictSlots();
    void spans_data();
    void spans();
};

namespace {

/// Hand-computed: retained p1 p2 p3 p4 p7 p8 (6); flipped p2 (A|B), p3 (no AB mode) = 2; unstable p2 p3 p8 =
/// 3; wrong p2 p3 p6 p8 = 4; dropped p5 (no answered AB run), p6 (BA never shown).
const std::vector<PairSpec> kHand = {
    {"A", "AAA", "AAA"}, {"A", "AAB", "BBB"}, {"B", "AB", "B"},      {"", "BBB", "BBB"},
    {"A", "---", "AAA"}, {"B", "AAA", ""},    {"tie", "T-T", "TTN"}, {"A", "ABA", "A-A"},
};

std::vector<std::uint32_t> allCells(const Audit& audit)
{
    std::vector<std::uint32_t> cells(audit.cells().size());
    std::iota(cells.begin(), cells.end(), 0u);
    return cells;
}

} // namespace

void TestFlipInspection::handCell()
{
    const auto audit = testing::buildTrustAudit({kHand});
    const std::uint32_t cell = 0;
    const auto items = inspectFlips(*audit, {&cell, 1});
    QCOMPARE(items.size(), std::size_t(8));
    const bool flipped[8] = {false, true, true, false, false, false, false, false};
    const bool unstable[8] = {false, true, true, false, false, false, false, true};
    const bool wrong[8] = {false, true, true, false, false, true, false, true};
    const FlipDrop dropped[8] = {FlipDrop::Retained, FlipDrop::Retained,        FlipDrop::Retained,
                                 FlipDrop::Retained, FlipDrop::MissingVerdicts, FlipDrop::MissingOrder,
                                 FlipDrop::Retained, FlipDrop::Retained};
    const Answer modalAB[8] = {answer::kA,    answer::kA, answer::kNone, answer::kB,
                               answer::kNone, answer::kA, answer::kTie,  answer::kA};
    const Answer modalBA[8] = {answer::kA, answer::kB,    answer::kB,   answer::kB,
                               answer::kA, answer::kNone, answer::kTie, answer::kA};
    for (std::size_t i = 0; i < items.size(); ++i) {
        const auto& f = items[i];
        QCOMPARE(audit->str(audit->items().itemId[f.item]), std::string("p" + std::to_string(i + 1)));
        QCOMPARE(f.cell, 0u);
        QCOMPARE(f.flipped, flipped[i]);
        QCOMPARE(f.unstable, unstable[i]);
        QCOMPARE(f.wrong, wrong[i]);
        QVERIFY(f.dropped == dropped[i]);
        QCOMPARE(f.modal[0], modalAB[i]);
        QCOMPARE(f.modal[1], modalBA[i]);
    }
    const auto counts = countFlips(items);
    QCOMPARE(counts.items, std::size_t(8));
    QCOMPARE(counts.retained, std::size_t(6));
    QCOMPARE(counts.flipped, std::size_t(2));
    QCOMPARE(counts.unstable, std::size_t(3));
    QCOMPARE(counts.wrong, std::size_t(4));
    QCOMPARE(counts.dropped, std::size_t(2));

    // The trust metrics of the same cell: phi = 2/6, C (pair unit) = 3/6.
    const auto result = analyseTrust(*audit, TrustSettings{}).at(0);
    QCOMPARE(result.pairs, std::uint64_t(6));
    QCOMPARE(result.flipRate, 2.0 / 6.0);
    QCOMPARE(result.consistencyPair, 3.0 / 6.0);
}

void TestFlipInspection::singlePairs_data()
{
    QTest::addColumn<QString>("label");
    QTest::addColumn<QString>("ab");
    QTest::addColumn<QString>("ba");
    QTest::addColumn<bool>("retained");
    QTest::addColumn<bool>("flipped");
    QTest::addColumn<bool>("unstable");
    QTest::addColumn<bool>("wrong");
    QTest::newRow("one run each, agree") << "A"
                                         << "A"
                                         << "A" << true << false << false << false;
    QTest::newRow("one run each, hard reversal") << "A"
                                                 << "A"
                                                 << "B" << true << true << false << true;
    QTest::newRow("one run, tie vs A") << "tie"
                                       << "T"
                                       << "A" << true << true << false << true;
    QTest::newRow("tied mode in BA") << "B"
                                     << "BB"
                                     << "BA" << true << true << true << true;
    QTest::newRow("majority agrees, noisy") << "B"
                                            << "BBA"
                                            << "BAB" << true << false << true << true;
    QTest::newRow("none runs ignored") << "A"
                                       << "A-"
                                       << "-A" << true << false << false << false;
    QTest::newRow("abstentions drop the pair") << "A"
                                               << "NN"
                                               << "AA" << false << false << false << false;
    QTest::newRow("dropped but wrong") << "A"
                                       << "B"
                                       << "--" << false << false << false << true;
    QTest::newRow("unlabelled flip is not wrong") << ""
                                                  << "A"
                                                  << "B" << true << true << false << false;
}

void TestFlipInspection::singlePairs()
{
    QFETCH(QString, label);
    QFETCH(QString, ab);
    QFETCH(QString, ba);
    const auto l = label.toStdString(), a = ab.toStdString(), b = ba.toStdString();
    const auto audit = testing::buildTrustAudit({{{l.c_str(), a.c_str(), b.c_str()}}});
    const std::uint32_t cell = 0;
    const auto items = inspectFlips(*audit, {&cell, 1});
    QCOMPARE(items.size(), std::size_t(1));
    QTEST(items[0].retained(), "retained");
    QTEST(items[0].flipped, "flipped");
    QTEST(items[0].unstable, "unstable");
    QTEST(items[0].wrong, "wrong");
}

void TestFlipInspection::gridKeepsJudgmentRows()
{
    const auto audit = testing::buildTrustAudit({{{"B", "AB-", "N"}}});
    const std::uint32_t cell = 0;
    const auto item = inspectFlips(*audit, {&cell, 1}).at(0);
    const auto& j = audit->judgments();
    QCOMPARE(item.runs[0].size(), std::size_t(3));
    QCOMPARE(item.runs[1].size(), std::size_t(1));
    const Answer expected[2][3] = {{answer::kA, answer::kB, answer::kNone}, {answer::kNA}};
    for (int o = 0; o < 2; ++o)
        for (std::size_t r = 0; r < item.runs[o].size(); ++r) {
            const auto& run = item.runs[o][r];
            QCOMPARE(run.rep, std::uint16_t(r + 1));
            QCOMPARE(run.verdict, expected[o][r]);
            QCOMPARE(j.answer[run.judgment], run.verdict);
            QCOMPARE(j.rep[run.judgment], run.rep);
            QVERIFY(j.order[run.judgment] == (o == 0 ? Order::AB : Order::BA));
            QCOMPARE(j.item[run.judgment], item.item);
        }
    QVERIFY(item.dropped == FlipDrop::MissingVerdicts);
    QVERIFY(item.wrong); // the AB run A is answered and differs from B
}

void TestFlipInspection::cellsInGivenOrder()
{
    // A grouped row lists its cells' pairs cell by cell, in the order given.
    const auto audit = testing::buildTrustAudit({{{"A", "A", "A"}}, {{"B", "A", "B"}, {"B", "B", "B"}}});
    const std::uint32_t cells[] = {1, 0};
    const auto items = inspectFlips(*audit, cells);
    QCOMPARE(items.size(), std::size_t(3));
    QCOMPARE(items[0].cell, 1u);
    QCOMPARE(items[1].cell, 1u);
    QCOMPARE(items[2].cell, 0u);
    QCOMPARE(audit->str(audit->items().itemId[items[0].item]), std::string_view("c1p1"));
    QCOMPARE(audit->str(audit->items().itemId[items[2].item]), std::string_view("c0p1"));
    QVERIFY(items[0].flipped);
    QCOMPARE(countFlips(items).flipped, std::size_t(1));
}

void TestFlipInspection::sharesEqualMetricsOnSimulatedAudit_data()
{
    QTest::addColumn<int>("runs");
    QTest::newRow("1 run (sample LLMBar shape)") << 1;
    QTest::newRow("3 runs (sample position-bias shape)") << 3;
}

void TestFlipInspection::sharesEqualMetricsOnSimulatedAudit()
{
    QFETCH(int, runs);
    AuditSimulation sim;
    sim.judgments = 24'000;
    sim.runs = runs;
    const auto audit = simulateAudit(sim);
    const auto results = analyseTrust(*audit, TrustSettings{});
    TrustSettings assume;
    assume.assumeConsistentWhenSingleRun = true;
    const auto assumed = analyseTrust(*audit, assume);
    for (std::uint32_t c = 0; c < audit->cells().size(); ++c) {
        const auto counts = countFlips(inspectFlips(*audit, {&c, 1}));
        const auto& r = results[c];
        QCOMPARE(std::uint64_t(counts.retained), r.pairs);
        QVERIFY(counts.retained > 0);
        const double n = static_cast<double>(counts.retained);
        QVERIFY(std::abs(static_cast<double>(counts.flipped) / n - r.flipRate) < 1e-12);
        const double stableShare = static_cast<double>(counts.retained - counts.unstable) / n;
        if (runs == 1) {
            // C is n/a with one run (T2); opting in makes it 1, the share of stable pairs.
            QVERIFY(r.singleRun && isMissing(r.consistencyPair));
            QCOMPARE(stableShare, 1.0);
            QCOMPARE(assumed[c].consistency, 1.0);
        } else {
            QVERIFY(std::abs(stableShare - r.consistencyPair) < 1e-12);
        }
        QCOMPARE(std::uint64_t(counts.dropped), r.droppedMissingOrder + r.droppedMissingVerdicts);
    }
    // A grouped row: all cells at once, phi over the pooled pairs.
    const auto cells = allCells(*audit);
    const auto all = countFlips(inspectFlips(*audit, cells));
    std::size_t flipped = 0;
    for (const auto& r : results)
        flipped += static_cast<std::size_t>(std::lround(r.flipRate * static_cast<double>(r.pairs)));
    QCOMPARE(all.flipped, flipped);
}

void TestFlipInspection::agreement()
{
    QVERIFY(labelAgreement(answer::kA, answer::kA) == LabelAgreement::Agrees);
    QVERIFY(labelAgreement(answer::kTie, answer::kA) == LabelAgreement::Disagrees);
    QVERIFY(labelAgreement(answer::kTie, answer::kTie) == LabelAgreement::Agrees);
    QVERIFY(labelAgreement(answer::kNone, answer::kA) == LabelAgreement::Unknown);
    QVERIFY(labelAgreement(answer::kNA, answer::kA) == LabelAgreement::Unknown);
    QVERIFY(labelAgreement(answer::kA, answer::kNone) == LabelAgreement::Unknown);
    const FlipRun agree[] = {{0, 1, answer::kA}, {1, 2, answer::kNone}};
    const FlipRun mixed[] = {{0, 1, answer::kA}, {1, 2, answer::kB}};
    const FlipRun none[] = {{0, 1, answer::kNA}};
    QVERIFY(labelAgreement(agree, answer::kA) == LabelAgreement::Agrees);
    QVERIFY(labelAgreement(mixed, answer::kA) == LabelAgreement::Disagrees);
    QVERIFY(labelAgreement(none, answer::kA) == LabelAgreement::Unknown);
    QVERIFY(labelAgreement(std::span<const FlipRun>(), answer::kA) == LabelAgreement::Unknown);
}

void TestFlipInspection::verdictSlots()
{
    QVERIFY(verdictSlot(answer::kA, Order::AB) == VerdictSlot::First);
    QVERIFY(verdictSlot(answer::kB, Order::AB) == VerdictSlot::Second);
    QVERIFY(verdictSlot(answer::kA, Order::BA) == VerdictSlot::Second);
    QVERIFY(verdictSlot(answer::kB, Order::BA) == VerdictSlot::First);
    QVERIFY(verdictSlot(answer::kTie, Order::BA) == VerdictSlot::Tie);
    QVERIFY(!verdictSlot(answer::kNone, Order::AB));
    QVERIFY(!verdictSlot(answer::kNA, Order::AB));
    QVERIFY(!verdictSlot(answer::kA, Order::None));
}

void TestFlipInspection::spans_data()
{
    QTest::addColumn<QByteArray>("raw");
    QTest::addColumn<VerdictSlot>("slot");
    QTest::addColumn<int>("begin"); // -1: no span
    QTest::addColumn<int>("end");
    const auto first = VerdictSlot::First, second = VerdictSlot::Second, tie = VerdictSlot::Tie;
    QTest::newRow("last named occurrence")
        << QByteArray("Output (a) is wordy. Output (a)") << first << 21 << 31;
    QTest::newRow("named, other slot only")
        << QByteArray("Output (a) is wordy. Output (a)") << second << -1 << -1;
    QTest::newRow("vanilla") << QByteArray("Output (b)") << second << 0 << 10;
    QTest::newRow("case-insensitive") << QByteArray("I prefer Output (B).") << second << 9 << 19;
    QTest::newRow("CoT conclusion") << QByteArray(
                                           "Output (a) omits it; Output (b) covers it. Therefore, Output (b) "
                                           "is better.")
                                    << second << 54 << 64;
    QTest::newRow("brackets win over names")
        << QByteArray("Output (a) is long; final: [[B]]") << second << 27 << 32;
    QTest::newRow("brackets, other slot")
        << QByteArray("Output (a) is long; final: [[B]]") << first << -1 << -1;
    QTest::newRow("bracketed tie") << QByteArray("[[C]]") << tie << 0 << 5;
    QTest::newRow("bare letter") << QByteArray("A") << first << 0 << 1;
    QTest::newRow("final letter after label") << QByteArray("Answer: B.") << second << 8 << 9;
    QTest::newRow("final word only, not an article") << QByteArray("A good answer is B") << first << -1 << -1;
    QTest::newRow("final word second") << QByteArray("A good answer is B") << second << 17 << 18;
    QTest::newRow("rating scores") << QByteArray("score_1: 7\nscore_2: 6") << first << -1 << -1;
    QTest::newRow("rating scores ending in 2") << QByteArray("score_1: 7\nscore_2: 2") << second << -1 << -1;
    QTest::newRow("word boundary") << QByteArray("Output 10 wins") << first << -1 << -1;
    QTest::newRow("tie word alone is not the named family") << QByteArray("It is a tie.") << tie << 8 << 11;
    QTest::newRow("utf-8 byte offsets")
        << QByteArray("R\xc3\xa9sum\xc3\xa9: Output (b)") << second << 10 << 20;
    QTest::newRow("empty") << QByteArray() << first << -1 << -1;
}

void TestFlipInspection::spans()
{
    QFETCH(QByteArray, raw);
    QFETCH(VerdictSlot, slot);
    QFETCH(int, begin);
    QFETCH(int, end);
    const auto span = locateVerdict(std::string_view(raw.constData(), std::size_t(raw.size())), slot);
    if (begin < 0) {
        QVERIFY(!span);
        return;
    }
    QVERIFY(span);
    QCOMPARE(span->begin, std::size_t(begin));
    QCOMPARE(span->end, std::size_t(end));
}

QTEST_GUILESS_MAIN(TestFlipInspection)
#include "tst_flipinspection.moc"
