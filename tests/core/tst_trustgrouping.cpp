// Regrouping of the pairwise trust analysis (issue 3 "grouping", `--by COLS`): pooled cells, group keys.
#include "analysis/auditsimulator.h"
#include "analysis/trustanalysis.h"
#include "analysis/trustgrouping.h"
#include "model/auditbuilder.h"

#include <QtTest>

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

using namespace tribunal;

class TestTrustGrouping : public QObject {
    Q_OBJECT
private slots:
    void defaultColumnsReproduceCells_data();
    void defaultColumnsReproduceCells();
    void poolingFormats();
    void groupByCondition();
    void allInOneGroup();
    void badColumns_data();
    void badColumns();
};

namespace {

constexpr double kTol = 1e-12;

bool sameValue(double a, double b)
{
    return (std::isnan(a) && std::isnan(b)) || std::abs(a - b) <= kTol;
}

/// One pair shown under (judge, format, temperature): run characters per order (A, B, - = none; "" = never
/// shown).
struct Shown {
    const char* judge;
    const char* format;
    const char* temperature;
    const char* item;
    const char* label;
    const char* ab;
    const char* ba;
};

AuditPtr buildAudit(const std::vector<Shown>& shown)
{
    AuditBuilder b;
    const auto file = b.addSourceFile("t.csv");
    const StrId temperature = b.intern("temperature");
    b.addConditionKey(temperature);
    std::uint64_t line = 1;
    for (const Shown& s : shown) {
        const StrId dataset = b.intern("D1");
        const StrId itemId = b.intern(s.item);
        std::uint32_t item = 0;
        if (const auto found = b.findItem(dataset, itemId)) {
            item = *found;
        } else {
            item = b.addItem(dataset, itemId, TaskKind::Pairwise);
            b.setLabel(item, *parseAnswer(TaskKind::Pairwise, s.label));
        }
        const CondId condition = b.internCondition({{temperature, b.intern(s.temperature)}});
        for (auto [order, runs] : {std::pair{Order::AB, s.ab}, std::pair{Order::BA, s.ba}}) {
            for (int r = 0; runs[r]; ++r) {
                JudgmentInput j;
                j.item = item;
                j.judge = b.intern(s.judge);
                j.format = b.intern(s.format);
                j.condition = condition;
                j.order = order;
                j.rep = static_cast<std::uint16_t>(r + 1);
                j.answer = runs[r] == 'A' ? answer::kA : runs[r] == 'B' ? answer::kB : answer::kNone;
                j.source = {file, ++line};
                b.addJudgment(j);
            }
        }
    }
    ImportLog log;
    return b.build(log);
}

/// J1 under JSON and XML at temperature 0, J2 under JSON at temperatures 0 and 1.
const std::vector<Shown> kShown = {
    {"J1", "JSON", "0", "p1", "A", "AA", "AA"}, // N 1, P 1, accuracy 4/4
    {"J1", "JSON", "0", "p2", "B", "BB", "AA"}, // N 1, P 0, accuracy 2/4
    {"J1", "XML", "0", "p1", "A", "AB", "BB"},  // N 0, P 0 (no modal verdict in AB), accuracy 1/4
    {"J1", "XML", "0", "p2", "B", "BB", ""},    // dropped: order BA never shown
    {"J2", "JSON", "0", "p1", "A", "AA", "BB"}, // N 1, P 0, accuracy 2/4
    {"J2", "JSON", "1", "p1", "A", "AB", "AA"}, // N 0, P 0, accuracy 3/4
    {"J2", "JSON", "1", "p2", "B", "BB", "BB"}, // N 1, P 1, accuracy 4/4
};

void compareResults(const TrustCellResult& got, const TrustCellResult& want)
{
    QCOMPARE(got.pairs, want.pairs);
    QCOMPARE(got.labelledPairs, want.labelledPairs);
    QCOMPARE(got.droppedMissingOrder, want.droppedMissingOrder);
    QCOMPARE(got.droppedMissingVerdicts, want.droppedMissingVerdicts);
    QCOMPARE(got.noneRuns, want.noneRuns);
    QCOMPARE(got.runs, want.runs);
    QVERIFY(sameValue(got.consistency, want.consistency));
    QVERIFY(sameValue(got.consistencyLab, want.consistencyLab));
    QVERIFY(sameValue(got.flipRate, want.flipRate));
    QVERIFY(sameValue(got.flipRateLab, want.flipRateLab));
    QVERIFY(sameValue(got.accuracy, want.accuracy));
    QVERIFY(sameValue(got.accuracyMax, want.accuracyMax));
    QVERIFY(sameValue(got.trust, want.trust));
    QVERIFY(sameValue(got.trustJoint, want.trustJoint));
    QCOMPARE(got.quadrant, want.quadrant);
    QCOMPARE(got.cell, want.cell);
}

} // namespace

void TestTrustGrouping::defaultColumnsReproduceCells_data()
{
    QTest::addColumn<bool>("simulated");
    QTest::newRow("hand-made with a condition") << false;
    QTest::newRow("simulated 120 cells") << true;
}

void TestTrustGrouping::defaultColumnsReproduceCells()
{
    QFETCH(bool, simulated);
    AuditPtr audit;
    if (simulated) {
        AuditSimulation sim;
        sim.runs = 2;
        sim.judgments = 2ull * 2 * 120 * 10;
        audit = simulateAudit(sim);
    } else {
        audit = buildAudit(kShown);
    }
    QVERIFY(audit);
    const auto columns = defaultTrustColumns(*audit);
    const std::vector<std::string> expected =
        simulated ? std::vector<std::string>{"judge", "format", "dataset"}
                  : std::vector<std::string>{"judge", "format", "dataset", "temperature"};
    QCOMPARE(columns, expected);
    const TrustGrouping grouping = groupTrust(*audit, columns, {});
    const auto cells = analyseTrust(*audit, {});
    QCOMPARE(cells.size(), simulated ? std::size_t(120) : std::size_t(4));
    QCOMPARE(grouping.groups.size(), cells.size());
    for (std::size_t i = 0; i < cells.size(); ++i) {
        const TrustGroup& group = grouping.groups[i];
        const Cell& cell = audit->cells()[i];
        QCOMPARE(group.cells, std::vector<std::uint32_t>{static_cast<std::uint32_t>(i)});
        QCOMPARE(group.key[0], std::string(audit->str(cell.judge)));
        QCOMPARE(group.key[1], std::string(audit->str(cell.format)));
        QCOMPARE(group.key[2], std::string(audit->str(cell.dataset)));
        compareResults(group.result, cells[i]);
    }
}

void TestTrustGrouping::poolingFormats()
{
    const AuditPtr audit = buildAudit(kShown);
    QVERIFY(audit);
    const TrustGrouping grouping = groupTrust(*audit, {"judge", "dataset"}, {});
    QCOMPARE(grouping.columns, (std::vector<std::string>{"judge", "dataset"}));
    QCOMPARE(grouping.groups.size(), std::size_t(2));

    const TrustGroup& j1 = grouping.groups[0];
    QCOMPARE(j1.key, (std::vector<std::string>{"J1", "D1"}));
    QCOMPARE(j1.cells.size(), std::size_t(2)); // JSON and XML
    QCOMPARE(j1.result.cell, TrustCellResult::kNoCell);
    // (item, cell) pairs: p1 and p2 under JSON, p1 under XML; p2 under XML lacks order BA.
    QCOMPARE(j1.result.pairs, std::uint64_t(3));
    QCOMPARE(j1.result.labelledPairs, std::uint64_t(3));
    QCOMPARE(j1.result.droppedMissingOrder, std::uint64_t(1));
    QCOMPARE(j1.result.runs, std::uint32_t(2));
    QVERIFY(std::abs(j1.result.consistency - 2.0 / 3.0) < kTol);
    QVERIFY(std::abs(j1.result.flipRate - 2.0 / 3.0) < kTol);
    QVERIFY(std::abs(j1.result.accuracy - (1.0 + 0.5 + 0.25) / 3.0) < kTol);
    // The pooled C is the pair-weighted mean of the cells' C (JSON 1 over 2 pairs, XML 0 over 1 pair).
    const auto cells = analyseTrust(*audit, {});
    const double weighted = (2.0 * cells[j1.cells[0]].consistency + cells[j1.cells[1]].consistency) / 3.0;
    QVERIFY(std::abs(j1.result.consistency - weighted) < kTol);

    const TrustGroup& j2 = grouping.groups[1];
    QCOMPARE(j2.key, (std::vector<std::string>{"J2", "D1"}));
    QCOMPARE(j2.cells.size(), std::size_t(2)); // temperatures 0 and 1
    QCOMPARE(j2.result.pairs, std::uint64_t(3));
    QCOMPARE(j2.result.droppedMissingOrder, std::uint64_t(0));
    QVERIFY(std::abs(j2.result.consistency - 2.0 / 3.0) < kTol);
    QVERIFY(std::abs(j2.result.flipRate - 2.0 / 3.0) < kTol);
    QVERIFY(std::abs(j2.result.accuracy - (0.5 + 0.75 + 1.0) / 3.0) < kTol);
}

void TestTrustGrouping::groupByCondition()
{
    const AuditPtr audit = buildAudit(kShown);
    QVERIFY(audit);
    const TrustGrouping grouping = groupTrust(*audit, {"temperature"}, {});
    QCOMPARE(grouping.groups.size(), std::size_t(2));
    QCOMPARE(grouping.groups[0].key, std::vector<std::string>{"0"});
    QCOMPARE(grouping.groups[0].cells.size(), std::size_t(3)); // J1 JSON, J1 XML, J2 JSON
    QCOMPARE(grouping.groups[0].result.pairs, std::uint64_t(4));
    QCOMPARE(grouping.groups[0].result.droppedMissingOrder, std::uint64_t(1));
    // Pairs at temperature 0: N = 1, 1, 0, 1 and P = 1, 0, 0, 0.
    QVERIFY(std::abs(grouping.groups[0].result.consistency - 0.75) < kTol);
    QVERIFY(std::abs(grouping.groups[0].result.flipRate - 0.75) < kTol);
    QCOMPARE(grouping.groups[1].key, std::vector<std::string>{"1"});
    QCOMPARE(grouping.groups[1].cells.size(), std::size_t(1));
    QCOMPARE(grouping.groups[1].result.cell, grouping.groups[1].cells[0]);
    QCOMPARE(grouping.groups[1].result.pairs, std::uint64_t(2));
    QVERIFY(std::abs(grouping.groups[1].result.flipRate - 0.5) < kTol);
}

void TestTrustGrouping::allInOneGroup()
{
    const AuditPtr audit = buildAudit(kShown);
    QVERIFY(audit);
    const TrustGrouping grouping = groupTrust(*audit, {}, {});
    QCOMPARE(grouping.groups.size(), std::size_t(1));
    QVERIFY(grouping.groups[0].key.empty());
    QCOMPARE(grouping.groups[0].cells.size(), audit->cells().size());
    QCOMPARE(grouping.groups[0].result.pairs, std::uint64_t(6));
    QCOMPARE(grouping.groups[0].result.droppedMissingOrder, std::uint64_t(1));
    QVERIFY(std::abs(grouping.groups[0].result.consistency - 4.0 / 6.0) < kTol);
}

void TestTrustGrouping::badColumns_data()
{
    QTest::addColumn<QStringList>("columns");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown") << QStringList{"judge", "seed"} << "unknown grouping column 'seed'";
    QTest::newRow("repeated") << QStringList{"judge", "format", "judge"}
                              << "grouping column 'judge' given twice";
    QTest::newRow("case matters") << QStringList{"Judge"} << "unknown grouping column 'Judge'";
}

void TestTrustGrouping::badColumns()
{
    QFETCH(QStringList, columns);
    QFETCH(QString, message);
    const AuditPtr audit = buildAudit(kShown);
    QVERIFY(audit);
    std::vector<std::string> names;
    for (const QString& c : columns)
        names.push_back(c.toStdString());
    try {
        groupTrust(*audit, names, {});
        QFAIL("no exception");
    } catch (const std::invalid_argument& e) {
        QCOMPARE(QString::fromUtf8(e.what()), message);
    }
}

QTEST_GUILESS_MAIN(TestTrustGrouping)
#include "tst_trustgrouping.moc"
