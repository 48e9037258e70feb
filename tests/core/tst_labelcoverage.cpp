// Label coverage per cell (analysis/labelcoverage.h): which cells have items but no label, the decision
// behind the CLI's and the workbench's "no labels for dataset ..." notes. Counts worked out by hand below.
#include "analysis/labelcoverage.h"
#include "model/auditbuilder.h"

#include <QtTest>

#include <algorithm>
#include <string>
#include <vector>

using namespace tribunal;

class TestLabelCoverage : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void itemLabels();
    void coveragePerCell();
    void coverageByScope();
    void unlabelledDatasetsNameTheCells();
    void fullyLabelledAuditHasNoNote();

private:
    AuditPtr m_audit;
    /// The cell of (dataset, judge, format, test) in m_audit; fails the test when there is none.
    std::uint32_t cellOf(const char* dataset, const char* judge, const char* format, const char* test = "");
};

namespace {

// The tiny audit:
//   D1 (pairwise): p1 labelled A, p2 unlabelled, p3 labelled B (judged by nobody).
//     J1/f1 judges p1, p2 -> 2 items, 1 labelled.  J2/f1 judges p2 -> 1 item, 0 labelled.
//     J3 (no format) under temperature=0.7 judges p2 -> 1 item, 0 labelled.
//   D2 (binary): u1 rated MET + UNMET by two raters (a tie, but rated), u2 neither label nor ratings.
//     R1/rubric judges u1, u2 -> 2 items, 1 labelled.  R2/rubric judges u2 -> 1 item, 0 labelled.
//   D3 (pairwise): x1 unlabelled. J1/f1 judges it, also in bias test "cue" version "90%" -> 1 item, 0 each.
AuditPtr buildAudit()
{
    AuditBuilder b;
    const auto file = b.addSourceFile("t.jsonl");
    const StrId temperature = b.intern("temperature");
    b.addConditionKey(temperature);
    auto item = [&](const char* dataset, const char* id, TaskKind kind) {
        return b.addItem(b.intern(dataset), b.intern(id), kind);
    };
    const auto p1 = item("D1", "p1", TaskKind::Pairwise);
    const auto p2 = item("D1", "p2", TaskKind::Pairwise);
    const auto p3 = item("D1", "p3", TaskKind::Pairwise);
    b.setLabel(p1, answer::kA);
    b.setLabel(p3, answer::kB);
    const auto u1 = item("D2", "u1", TaskKind::Binary);
    const auto u2 = item("D2", "u2", TaskKind::Binary);
    b.setRatings(u1, {{b.intern("rater-1"), answer::kMet}, {b.intern("rater-2"), answer::kUnmet}});
    const auto x1 = item("D3", "x1", TaskKind::Pairwise);
    std::uint64_t line = 0;
    auto judge = [&](std::uint32_t it, const char* name, const char* format, CondId condition = 0,
                     const char* test = "", const char* version = "") {
        const bool pairwise = b.kind(it) == TaskKind::Pairwise;
        for (Order order :
             pairwise ? std::vector<Order>{Order::AB, Order::BA} : std::vector<Order>{Order::None}) {
            JudgmentInput j;
            j.item = it;
            j.judge = b.intern(name);
            j.format = b.intern(format);
            j.condition = condition;
            j.order = order;
            j.answer = pairwise ? answer::kA : answer::kMet;
            j.test = b.intern(test);
            j.version = b.intern(version);
            if (*test != '\0')
                j.variant = Variant::Original;
            j.source = {file, ++line};
            b.addJudgment(j);
        }
    };
    judge(p1, "J1", "f1");
    judge(p2, "J1", "f1");
    judge(p2, "J2", "f1");
    judge(p2, "J3", "", b.internCondition({{temperature, b.intern("0.7")}}));
    judge(u1, "R1", "rubric");
    judge(u2, "R1", "rubric");
    judge(u2, "R2", "rubric");
    judge(x1, "J1", "f1");
    judge(x1, "J1", "f1", 0, "cue", "90%");
    ImportLog log;
    auto audit = b.build(log);
    if (!audit)
        qFatal("the test audit does not build: %s", log.issues.empty() ? "?" : log.issues[0].text().c_str());
    return audit;
}

} // namespace

void TestLabelCoverage::initTestCase()
{
    m_audit = buildAudit();
    QCOMPARE(m_audit->cells().size(), std::size_t(7));
}

std::uint32_t TestLabelCoverage::cellOf(const char* dataset, const char* judge, const char* format,
                                        const char* test)
{
    const auto cells = m_audit->cells();
    for (std::uint32_t c = 0; c < cells.size(); ++c) {
        const Cell& cell = cells[c];
        if (m_audit->str(cell.dataset) == dataset && m_audit->str(cell.judge) == judge &&
            m_audit->str(cell.format) == format && m_audit->str(cell.test) == test)
            return c;
    }
    qFatal("no cell %s %s %s %s", dataset, judge, format, test);
}

void TestLabelCoverage::itemLabels()
{
    const Audit& audit = *m_audit;
    auto has = [&](const char* dataset, const char* id) {
        return itemHasLabel(audit, *audit.findItem(dataset, id));
    };
    QVERIFY(has("D1", "p1"));
    QVERIFY(!has("D1", "p2"));
    QVERIFY(has("D1", "p3"));
    QVERIFY(has("D2", "u1")); // rated (a tie leaves R1 without a label, but the raters did rate it)
    QVERIFY(!has("D2", "u2"));
    QVERIFY(!has("D3", "x1"));
}

void TestLabelCoverage::coveragePerCell()
{
    const auto coverage = labelCoverage(*m_audit);
    QCOMPARE(coverage.size(), m_audit->cells().size());
    for (std::uint32_t c = 0; c < coverage.size(); ++c)
        QCOMPARE(coverage[c].cell, c);
    auto check = [&](std::uint32_t cell, std::uint64_t items, std::uint64_t labelled) {
        QCOMPARE(coverage[cell].items, items);
        QCOMPARE(coverage[cell].labelledItems, labelled);
    };
    check(cellOf("D1", "J1", "f1"), 2, 1);
    check(cellOf("D1", "J2", "f1"), 1, 0);
    check(cellOf("D1", "J3", ""), 1, 0);
    check(cellOf("D2", "R1", "rubric"), 2, 1);
    check(cellOf("D2", "R2", "rubric"), 1, 0);
    check(cellOf("D3", "J1", "f1"), 1, 0);
    check(cellOf("D3", "J1", "f1", "cue"), 1, 0);
}

void TestLabelCoverage::coverageByScope()
{
    const auto pairwise = labelCoverage(*m_audit, LabelScope::PairwiseItems);
    const auto rubric = labelCoverage(*m_audit, LabelScope::RubricItems);
    const auto r1 = cellOf("D2", "R1", "rubric");
    const auto j1 = cellOf("D1", "J1", "f1");
    QCOMPARE(pairwise[r1].items, std::uint64_t(0));
    QCOMPARE(pairwise[j1].items, std::uint64_t(2));
    QCOMPARE(pairwise[j1].labelledItems, std::uint64_t(1));
    QCOMPARE(rubric[r1].items, std::uint64_t(2));
    QCOMPARE(rubric[r1].labelledItems, std::uint64_t(1));
    QCOMPARE(rubric[j1].items, std::uint64_t(0));
}

void TestLabelCoverage::unlabelledDatasetsNameTheCells()
{
    const Audit& audit = *m_audit;
    auto names = [&](const UnlabelledDataset& d) {
        QStringList out;
        for (std::uint32_t c : d.cells)
            out.push_back(QString::fromStdString(labelCellName(audit, c)));
        return out;
    };
    // Pairwise: D1's J2/f1 and J3 have no label (J1/f1 has one: not listed); D3 has none at all. D2 (binary)
    // is out of scope.
    const auto pairwise = unlabelledDatasets(audit, LabelScope::PairwiseItems);
    QCOMPARE(pairwise.size(), std::size_t(2));
    QCOMPARE(audit.str(pairwise[0].dataset), "D1");
    QCOMPARE(audit.str(pairwise[1].dataset), "D3");
    QStringList d1 = names(pairwise[0]);
    d1.sort();
    QCOMPARE(d1, (QStringList{"J2/f1", "J3 [temperature=0.7]"}));
    QStringList d3 = names(pairwise[1]);
    d3.sort();
    QCOMPARE(d3, (QStringList{"J1/f1", "J1/f1 (cue 90%)"}));
    // Cells come in cell order.
    for (const auto& d : pairwise)
        QVERIFY(std::is_sorted(d.cells.begin(), d.cells.end()));

    const auto rubric = unlabelledDatasets(audit, LabelScope::RubricItems);
    QCOMPARE(rubric.size(), std::size_t(1));
    QCOMPARE(audit.str(rubric[0].dataset), "D2");
    QCOMPARE(names(rubric[0]), QStringList{"R2/rubric"});

    // Every scope: the union, datasets in order of their first cell.
    const auto all = unlabelledDatasets(audit, LabelScope::AllItems);
    QCOMPARE(all.size(), std::size_t(3));
}

void TestLabelCoverage::fullyLabelledAuditHasNoNote()
{
    AuditBuilder b;
    const auto file = b.addSourceFile("t.csv");
    const auto item = b.addItem(b.intern("D"), b.intern("1"), TaskKind::Pairwise);
    b.setLabel(item, answer::kB);
    JudgmentInput j;
    j.item = item;
    j.judge = b.intern("J");
    j.order = Order::AB;
    j.answer = answer::kB;
    j.source = {file, 1};
    b.addJudgment(j);
    ImportLog log;
    const auto audit = b.build(log);
    QVERIFY(audit);
    QVERIFY(unlabelledDatasets(*audit, LabelScope::AllItems).empty());
    QCOMPARE(labelCoverage(*audit).front().labelledItems, std::uint64_t(1));
    QCOMPARE(labelCellName(*audit, 0), std::string("J"));
}

QTEST_APPLESS_MAIN(TestLabelCoverage)
#include "tst_labelcoverage.moc"
