// The item models of the workbench (items table, its filter proxy, the judgment tree) on small in-memory
// audits, checked with QAbstractItemModelTester.

#include "framework/tablecopy.h"
#include "framework/textmatcher.h"
#include "items/itemdetailpanel.h"
#include "items/itemfilterproxy.h"
#include "items/itemindex.h"
#include "items/itemtablemodel.h"
#include "items/judgmenttreemodel.h"
#include "testaudit.h"

#include <QAbstractItemModelTester>
#include <QTableView>
#include <QTreeView>
#include <QtTest>

using namespace tribunal;

class TestItemModels : public QObject {
    Q_OBJECT
private slots:
    void tableModelPassesTester();
    void tableColumns();
    void firstLine_data();
    void firstLine();
    void itemIndexCounts();
    void filters_data();
    void filters();
    void filterSurvivesSnapshotChange();
    void sortsIdsNaturally();
    void sortsByJudgments();
    void textMatcher_data();
    void textMatcher();
    void judgmentTree();
    void judgmentTreeRubricHasNoOrderLevel();
    void counterpartIsOtherOrderSameRun();
    void copyAsTsv();
};

namespace {

QString text(const QAbstractItemModel& model, int row, int column)
{
    return model.index(row, column).data().toString();
}

int countLeaves(const QAbstractItemModel& model, const QModelIndex& parent = {})
{
    int leaves = 0;
    for (int r = 0; r < model.rowCount(parent); ++r) {
        auto child = model.index(r, 0, parent);
        leaves += model.hasChildren(child) ? countLeaves(model, child) : 1;
    }
    return leaves;
}

AuditPtr auditWithIds(std::initializer_list<const char*> ids)
{
    AuditBuilder b;
    for (const char* id : ids)
        b.addItem(b.intern("d"), b.intern(id), TaskKind::Pairwise);
    ImportLog log;
    return b.build(log);
}

} // namespace

void TestItemModels::tableModelPassesTester()
{
    ItemTableModel model;
    ItemFilterProxy proxy(&model);
    QAbstractItemModelTester sourceTester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.rowCount(), 0);
    const auto audit = testaudit::build(true);
    model.setAudit(audit);
    QCOMPARE(model.rowCount(), testaudit::kItems + 1);
    QCOMPARE(model.columnCount(), int(ItemTableModel::ColumnCount));
    proxy.setTextFilter(QStringLiteral("capital"));
    proxy.sort(ItemTableModel::JudgmentsColumn, Qt::DescendingOrder);
    proxy.setTextFilter(QString());
    proxy.setFilters(audit->strings().find("d1"), std::nullopt, std::nullopt);
    model.setAudit(nullptr);
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(proxy.rowCount(), 0);
}

void TestItemModels::tableColumns()
{
    ItemTableModel model;
    model.setAudit(testaudit::build(true));
    QCOMPARE(model.headerData(ItemTableModel::MissingColumn, Qt::Horizontal).toString(),
             QStringLiteral("Missing verdicts"));
    // p2: label B, 16 judgments, one of them failed.
    QCOMPARE(text(model, 1, ItemTableModel::DatasetColumn), QStringLiteral("d1"));
    QCOMPARE(text(model, 1, ItemTableModel::ItemColumn), QStringLiteral("p2"));
    QCOMPARE(text(model, 1, ItemTableModel::KindColumn), QStringLiteral("pairwise"));
    QCOMPARE(text(model, 1, ItemTableModel::LabelColumn), QStringLiteral("B"));
    QCOMPARE(text(model, 1, ItemTableModel::JudgmentsColumn), QStringLiteral("16"));
    QCOMPARE(text(model, 1, ItemTableModel::MissingColumn), QStringLiteral("1"));
    QCOMPARE(text(model, 1, ItemTableModel::QuestionColumn),
             QStringLiteral("Explain photosynthesis to a child."));
    // The first line of a multi-line question, elided.
    QCOMPARE(text(model, 0, ItemTableModel::QuestionColumn),
             QStringLiteral("What is the capital of France?…"));
    // Unlabelled item; rubric item shows its input and its label in MET/UNMET.
    QCOMPARE(text(model, 2, ItemTableModel::LabelColumn), QString());
    QCOMPARE(text(model, 3, ItemTableModel::KindColumn), QStringLiteral("binary"));
    QCOMPARE(text(model, 3, ItemTableModel::LabelColumn), QStringLiteral("MET"));
    QCOMPARE(text(model, 3, ItemTableModel::QuestionColumn), QStringLiteral("Write a haiku about rain."));
    QCOMPARE(model.index(3, 0).data(ItemTableModel::ItemRowRole).toInt(), 3);
}

void TestItemModels::firstLine_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<int>("maxChars");
    QTest::addColumn<QString>("expected");
    const QString ellipsis(QChar(0x2026));
    QTest::newRow("empty") << QString() << 10 << QString();
    QTest::newRow("short") << "abc" << 10 << "abc";
    QTest::newRow("exactly max") << "abcdefghij" << 10 << "abcdefghij";
    QTest::newRow("one over") << "abcdefghijk" << 10 << QString("abcdefghi" + ellipsis);
    QTest::newRow("second line") << "abc\ndef" << 10 << QString("abc" + ellipsis);
    QTest::newRow("trailing newline only") << "abc\n\n  " << 10 << "abc";
    QTest::newRow("non-ASCII counted as characters") << "Ärger über Öl" << 13 << "Ärger über Öl";
    QTest::newRow("long line") << QString(5000, QLatin1Char('x')) << 120
                               << QString(QString(119, QLatin1Char('x')) + ellipsis);
}

void TestItemModels::firstLine()
{
    QFETCH(QString, input);
    QFETCH(int, maxChars);
    QFETCH(QString, expected);
    const auto utf8 = input.toUtf8();
    QCOMPARE(
        ItemTableModel::firstLine(std::string_view(utf8.constData(), std::size_t(utf8.size())), maxChars),
        expected);
}

void TestItemModels::itemIndexCounts()
{
    const auto audit = testaudit::build(true);
    const auto index = ItemIndex::build(*audit);
    QCOMPARE(index->missingVerdicts(0), 0u);
    QCOMPARE(index->missingVerdicts(1), 1u);
    auto names = [&audit](std::span<const StrId> ids) {
        QStringList out;
        for (auto id : ids)
            out << QString::fromUtf8(audit->str(id).data(), qsizetype(audit->str(id).size()));
        return out;
    };
    QCOMPARE(names(index->datasets()), QStringList({"d1", "d2"}));
    QCOMPARE(names(index->judges()), QStringList({"j1", "j2"}));
    QCOMPARE(names(index->formats()), QStringList({"CoT", "Direct", "G-Eval"}));
    const auto* j2 = index->itemsOfJudge(*audit->strings().find("j2"));
    QVERIFY(j2);
    QVERIFY(j2->test(0) && j2->test(1) && !j2->test(2) && !j2->test(3));
    const auto* geval = index->itemsOfFormat(*audit->strings().find("G-Eval"));
    QVERIFY(geval);
    QVERIFY(!geval->test(0) && !geval->test(2) && geval->test(3));
    QCOMPARE(index->itemsOfJudge(*audit->strings().find("d1")), nullptr);
}

void TestItemModels::filters_data()
{
    QTest::addColumn<QString>("dataset");
    QTest::addColumn<QString>("judge");
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("search");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("none") << ""
                          << ""
                          << ""
                          << "" << QStringList{"p1", "p2", "p3", "r1"};
    QTest::newRow("dataset d2") << "d2"
                                << ""
                                << ""
                                << "" << QStringList{"p3", "r1"};
    QTest::newRow("judge j2") << ""
                              << "j2"
                              << ""
                              << "" << QStringList{"p1", "p2"};
    QTest::newRow("format CoT") << ""
                                << ""
                                << "CoT"
                                << "" << QStringList{"p1", "p2"};
    QTest::newRow("format G-Eval") << ""
                                   << ""
                                   << "G-Eval"
                                   << "" << QStringList{"r1"};
    QTest::newRow("judge j1 in d2") << "d2"
                                    << "j1"
                                    << ""
                                    << "" << QStringList{"p3", "r1"};
    QTest::newRow("judge j2 in d2") << "d2"
                                    << "j2"
                                    << ""
                                    << "" << QStringList{};
    QTest::newRow("text in question, any case") << ""
                                                << ""
                                                << ""
                                                << "CAPITAL" << QStringList{"p1"};
    QTest::newRow("text in response") << ""
                                      << ""
                                      << ""
                                      << "lyon" << QStringList{"p1", "p2", "p3"};
    QTest::newRow("text in item id") << ""
                                     << ""
                                     << ""
                                     << "p2" << QStringList{"p2"};
    QTest::newRow("text in rubric criterion") << ""
                                              << ""
                                              << ""
                                              << "three lines" << QStringList{"r1"};
    QTest::newRow("non-ASCII text, any case") << ""
                                              << ""
                                              << ""
                                              << "ärger" << QStringList{"p3"};
    QTest::newRow("text and judge") << ""
                                    << "j2"
                                    << ""
                                    << "Lyon" << QStringList{"p1", "p2"};
    QTest::newRow("text matches nothing") << ""
                                          << ""
                                          << ""
                                          << "zebra" << QStringList{};
}

void TestItemModels::filters()
{
    QFETCH(QString, dataset);
    QFETCH(QString, judge);
    QFETCH(QString, format);
    QFETCH(QString, search);
    QFETCH(QStringList, expected);
    const auto audit = testaudit::build(true);
    ItemTableModel model;
    model.setAudit(audit);
    ItemFilterProxy proxy(&model);
    QAbstractItemModelTester tester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    auto id = [&audit](const QString& name) -> std::optional<StrId> {
        if (name.isEmpty())
            return std::nullopt;
        return audit->strings().find(name.toStdString());
    };
    proxy.setFilters(id(dataset), id(judge), id(format));
    proxy.setTextFilter(search);
    QStringList shown;
    for (int r = 0; r < proxy.rowCount(); ++r)
        shown << text(proxy, r, ItemTableModel::ItemColumn);
    QCOMPARE(shown, expected);
    proxy.clearFilters();
    QCOMPARE(proxy.rowCount(), testaudit::kItems + 1);
}

void TestItemModels::filterSurvivesSnapshotChange()
{
    // The proxy resolves the judge's bit set per snapshot: after a reset it must use the new one.
    ItemTableModel model;
    ItemFilterProxy proxy(&model);
    auto first = testaudit::build(false);
    model.setAudit(first);
    proxy.setFilters(std::nullopt, first->strings().find("j2"), std::nullopt);
    proxy.setTextFilter(QStringLiteral("Response"));
    QCOMPARE(proxy.rowCount(), 2);
    model.setAudit(testaudit::build(true)); // same strings first, so the ids still mean j2
    QCOMPARE(proxy.rowCount(), 2);
    model.setAudit(auditWithIds({"x", "y"}));
    QCOMPARE(proxy.rowCount(), 0);
}

void TestItemModels::sortsIdsNaturally()
{
    ItemTableModel model;
    model.setAudit(auditWithIds({"10", "9", "b", "a", "100"}));
    ItemFilterProxy proxy(&model);
    proxy.sort(ItemTableModel::ItemColumn, Qt::AscendingOrder);
    QStringList order;
    for (int r = 0; r < proxy.rowCount(); ++r)
        order << text(proxy, r, ItemTableModel::ItemColumn);
    QCOMPARE(order, QStringList({"9", "10", "100", "a", "b"}));
}

void TestItemModels::sortsByJudgments()
{
    ItemTableModel model;
    model.setAudit(testaudit::build(true));
    ItemFilterProxy proxy(&model);
    proxy.sort(ItemTableModel::JudgmentsColumn, Qt::AscendingOrder);
    QStringList order;
    for (int r = 0; r < proxy.rowCount(); ++r)
        order << text(proxy, r, ItemTableModel::ItemColumn);
    // Ties (p1, p2: 16 each) keep snapshot order.
    QCOMPARE(order, QStringList({"r1", "p3", "p1", "p2"}));
    proxy.sort(ItemTableModel::MissingColumn, Qt::DescendingOrder);
    QCOMPARE(text(proxy, 0, ItemTableModel::ItemColumn), QStringLiteral("p2"));
}

void TestItemModels::textMatcher_data()
{
    QTest::addColumn<QString>("query");
    QTest::addColumn<QString>("haystack");
    QTest::addColumn<bool>("matches");
    QTest::newRow("empty query") << ""
                                 << "anything" << true;
    QTest::newRow("blank query") << "   "
                                 << "anything" << true;
    QTest::newRow("ascii any case") << "PaRiS"
                                    << "in paris today" << true;
    QTest::newRow("ascii absent") << "rome"
                                  << "in paris today" << false;
    QTest::newRow("ascii next to non-ascii") << "ber"
                                             << "über" << true;
    QTest::newRow("non-ascii any case") << "ÜBER"
                                        << "Das über alles" << true;
    QTest::newRow("non-ascii absent") << "ö"
                                      << "ao" << false;
    QTest::newRow("query longer than text") << "abcdef"
                                            << "abc" << false;
}

void TestItemModels::textMatcher()
{
    QFETCH(QString, query);
    QFETCH(QString, haystack);
    QFETCH(bool, matches);
    AuditBuilder b;
    const auto id = b.intern(haystack.toStdString());
    b.addItem(b.intern("d"), id, TaskKind::Pairwise);
    ImportLog log;
    const auto audit = b.build(log);
    TextMatcher matcher;
    matcher.setQuery(query);
    const auto found = audit->strings().find(haystack.toStdString());
    QVERIFY(found);
    QCOMPARE(matcher.matches(*audit, *found), matches);
    QCOMPARE(matcher.matches(*audit, *found), matches); // cached answer
    QCOMPARE(matcher.matches(*audit, kEmptyStr), query.trimmed().isEmpty());
}

void TestItemModels::judgmentTree()
{
    const auto audit = testaudit::build(false);
    JudgmentTreeModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.showItem(audit, 1); // p2
    // judge > format > order > run: 2 x 2 x 2 x 2 leaves.
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(countLeaves(model), 16);
    const auto j1 = model.index(0, 0);
    QCOMPARE(j1.data().toString(), QStringLiteral("j1"));
    QCOMPARE(model.rowCount(j1), 2);
    QCOMPARE(model.index(0, 0, j1).data().toString(), QStringLiteral("CoT"));
    const auto cot = model.index(0, 0, j1);
    QCOMPARE(model.index(1, 0, cot).data().toString(), QStringLiteral("order BA"));
    const auto ab = model.index(0, 0, cot);
    const auto leaf = model.index(1, 0, ab);
    QCOMPARE(leaf.data().toString(), QStringLiteral("run 2"));
    QCOMPARE(model.judgmentRow(ab), -1);
    const int row = model.judgmentRow(leaf.siblingAtColumn(JudgmentTreeModel::ErrorColumn));
    QVERIFY(row >= 0);
    const auto& j = audit->judgments();
    QCOMPARE(audit->str(j.judge[std::size_t(row)]), std::string_view("j1"));
    QCOMPARE(j.order[std::size_t(row)], Order::AB);
    QCOMPARE(j.rep[std::size_t(row)], std::uint16_t(2));
    QCOMPARE(leaf.siblingAtColumn(JudgmentTreeModel::AnswerColumn).data().toString(), QStringLiteral("A"));
    QCOMPARE(leaf.siblingAtColumn(JudgmentTreeModel::ConfidenceColumn).data().toString(),
             QStringLiteral("0.75"));
    QCOMPARE(leaf.siblingAtColumn(JudgmentTreeModel::TokensColumn).data().toString(),
             QStringLiteral("100 / 20"));
    QCOMPARE(model.indexOfJudgment(row), leaf);

    // The failed judgment: j2 / CoT / BA / run 2.
    const auto failed = model.index(1, 0, model.index(1, 0, model.index(0, 0, model.index(1, 0))));
    QCOMPARE(failed.siblingAtColumn(JudgmentTreeModel::AnswerColumn).data().toString(),
             QStringLiteral("none"));
    QCOMPARE(failed.siblingAtColumn(JudgmentTreeModel::ErrorColumn).data().toString(),
             QStringLiteral("timeout"));

    model.showItem(audit, 2); // p3: j1 / Direct only
    QCOMPARE(countLeaves(model), 4);
    model.showItem(nullptr, -1);
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.columnCount(), int(JudgmentTreeModel::ColumnCount));
}

void TestItemModels::judgmentTreeRubricHasNoOrderLevel()
{
    const auto audit = testaudit::build(true);
    JudgmentTreeModel model;
    model.showItem(audit, 3);
    const auto format = model.index(0, 0, model.index(0, 0));
    QCOMPARE(format.data().toString(), QStringLiteral("G-Eval"));
    const auto leaf = model.index(0, 0, format);
    QCOMPARE(leaf.data().toString(), QStringLiteral("run 1"));
    QCOMPARE(leaf.siblingAtColumn(JudgmentTreeModel::AnswerColumn).data().toString(),
             QStringLiteral("UNMET"));
    QCOMPARE(ItemDetailPanel::counterpart(*audit, std::uint32_t(model.judgmentRow(leaf))), -1);
}

void TestItemModels::counterpartIsOtherOrderSameRun()
{
    const auto audit = testaudit::build(false);
    const auto& j = audit->judgments();
    int checked = 0;
    for (std::uint32_t r = 0; r < j.size(); ++r) {
        const int other = ItemDetailPanel::counterpart(*audit, r);
        QVERIFY(other >= 0);
        const auto o = std::size_t(other);
        QVERIFY(j.order[o] != j.order[r]);
        QCOMPARE(j.item[o], j.item[r]);
        QCOMPARE(j.judge[o], j.judge[r]);
        QCOMPARE(j.format[o], j.format[r]);
        QCOMPARE(j.rep[o], j.rep[r]);
        QCOMPARE(ItemDetailPanel::counterpart(*audit, std::uint32_t(other)), int(r));
        ++checked;
    }
    QCOMPARE(checked, testaudit::kJudgments);
}

void TestItemModels::copyAsTsv()
{
    ItemTableModel model;
    model.setAudit(testaudit::build(false));
    QTableView view;
    view.setModel(&model);
    QCOMPARE(selectionAsTsv(view), QString());
    view.setSelectionBehavior(QAbstractItemView::SelectRows);
    view.setSelectionMode(QAbstractItemView::ExtendedSelection);
    view.selectionModel()->select(model.index(2, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
    view.selectionModel()->select(model.index(0, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
    const QString expected = QStringLiteral("d1\tp1\tpairwise\tA\t16\t0\tWhat is the capital of France?…\n"
                                            "d2\tp3\tpairwise\t\t4\t0\tÜbersetze: Ärger im Büro.\n");
    QCOMPARE(selectionAsTsv(view), expected);
    // Only the selected cells of a row; tabs inside a cell become spaces.
    view.clearSelection();
    view.selectionModel()->select(model.index(1, 1), QItemSelectionModel::Select);
    view.selectionModel()->select(model.index(1, 4), QItemSelectionModel::Select);
    QCOMPARE(selectionAsTsv(view), QStringLiteral("p2\t16\n"));

    JudgmentTreeModel tree;
    tree.showItem(model.audit(), 2);
    QTreeView treeView;
    treeView.setModel(&tree);
    const auto j1 = tree.index(0, 0);
    treeView.selectionModel()->select(j1, QItemSelectionModel::Select);
    QCOMPARE(selectionAsTsv(treeView), QStringLiteral("j1\n"));
}

QTEST_MAIN(TestItemModels)
#include "tst_itemmodels.moc"
