// Issue #2, "Done when": the workbench opens the bundled sample (built at build time from resources/sample/),
// a click selects an item, and its judgments and the judges' raw outputs (both orders) are shown. Expected
// texts are read independently from the upstream LLMBar files with QJsonDocument.

#include "framework/auditsession.h"
#include "framework/mainwindow.h"
#include "items/itemdetailpanel.h"
#include "items/itemfilterproxy.h"
#include "items/itemspanel.h"
#include "items/itemtablemodel.h"
#include "items/itemtextsview.h"
#include "items/judgmenttreemodel.h"
#include "items/rawoutputview.h"

#include <QComboBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QTreeView>
#include <QtTest>

using namespace tribunal;

namespace {

const QString kSample = QStringLiteral(TRIBUNAL_BUILD_DIR "/resources/sample.tribunal");
const QString kNatural = QStringLiteral(TRIBUNAL_SOURCE_DIR "/resources/sample/llmbar/LLMBar/Natural");

QJsonArray readArray(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return QJsonDocument::fromJson(file.readAll()).array();
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

} // namespace

class TestSample : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void opensSampleSelectsItemAndShowsRawOutputs();
};

void TestSample::initTestCase()
{
    // Settings (layout, recent files) under ~/.qttest, apart from the user's and from other GUI suites.
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("TribunalSampleTest"));
    QSettings().clear();
}

void TestSample::opensSampleSelectsItemAndShowsRawOutputs()
{
    QVERIFY2(QFile::exists(kSample), qPrintable(kSample));
    MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy finished(window.session(), &AuditSession::jobFinished);
    QVERIFY(window.openPaths({kSample}));
    QVERIFY(finished.wait(60000));
    QVERIFY(window.session()->audit());

    // LLMBar Natural: 100 items x 65 judge/format pairs x 2 orders; position-bias: 9,072 judgments; the
    // simulated bias audit: 4 judges x 150 items x 14 requests; the simulated rubric audit: 200 units x 5
    // criteria x 4 judges x 2 runs, 1,000 items, 4 cells, 4 judges; the simulated trust audit: 4 datasets x
    // 100 pairs x 6 judges x 5 formats x 2 orders x 5 runs, 400 items, 120 cells, 6 judges
    // (resources/CMakeLists.txt).
    QCOMPARE(window.session()->audit()->judgmentCount(), std::size_t(13000 + 9072 + 8400 + 8000 + 120000));
    QCOMPARE(window.sizeText(), QStringLiteral("%1 judgments · %2 items · 29 judges · 299 cells")
                                    .arg(QLocale().toString(158472), QLocale().toString(1818)));

    // Filter to the LLMBar dataset and click item 5.
    auto* items = window.itemsPanel();
    const int datasetIndex = items->datasetFilter()->findText(QStringLiteral("llmbar-LLMBar-Natural"));
    QVERIFY(datasetIndex > 0);
    items->datasetFilter()->setCurrentIndex(datasetIndex);
    QCOMPARE(items->proxy()->rowCount(), 100);
    QModelIndex target;
    for (int r = 0; r < items->proxy()->rowCount() && !target.isValid(); ++r) {
        auto idx = items->proxy()->index(r, ItemTableModel::ItemColumn);
        if (idx.data().toString() == QStringLiteral("5"))
            target = idx;
    }
    QVERIFY(target.isValid());
    items->view()->scrollTo(target);
    QTest::mouseClick(items->view()->viewport(), Qt::LeftButton, {},
                      items->view()->visualRect(target).center());
    const int item = items->currentItem();
    QVERIFY(item >= 0);
    const auto& audit = *window.session()->audit();
    QCOMPARE(audit.str(audit.items().itemId[std::size_t(item)]), std::string_view("5"));

    // Its texts, as in dataset.json.
    auto* detail = window.detailPanel();
    QCOMPARE(detail->shownItem(), item);
    const auto dataset = readArray(kNatural + "/dataset.json");
    const auto upstream = dataset.at(5).toObject();
    QCOMPARE(detail->textsView()->paneText(0), upstream["input"].toString());
    QCOMPARE(detail->textsView()->paneText(1), upstream["output_1"].toString());
    QCOMPARE(detail->textsView()->paneText(2), upstream["output_2"].toString());

    // Its judgments: 6 judges, 65 judge/format pairs, both orders.
    QCOMPARE(detail->judgmentModel()->rowCount(), 6);
    QCOMPARE(countLeaves(*detail->judgmentModel()), 130);

    // Picking GPT-4 / CoT / BA shows both orders' raw outputs, AB on the left, as in result.json.
    int row = -1;
    const auto& j = audit.judgments();
    for (auto r : audit.judgmentsOfItem(std::size_t(item)))
        if (audit.str(j.judge[r]) == "GPT-4" && audit.str(j.format[r]) == "CoT" && j.order[r] == Order::BA)
            row = int(r);
    QVERIFY(row >= 0);
    const auto leaf = detail->judgmentModel()->indexOfJudgment(row);
    QVERIFY(leaf.isValid());
    detail->judgmentView()->setCurrentIndex(leaf);
    const auto result = readArray(kNatural + "/evaluators/GPT-4/CoT/result.json").at(5).toObject();
    const auto last = result["results"].toArray().last().toObject();
    const QString rawAB = last["swap = False"].toObject()["completion"].toArray().at(0).toString();
    const QString rawBA = last["swap = True"].toObject()["completion"].toArray().at(0).toString();
    QVERIFY(!rawAB.isEmpty() && !rawBA.isEmpty() && rawAB != rawBA);
    QVERIFY(detail->rawView()->isPairShown());
    QCOMPARE(detail->rawView()->firstText(), rawAB);
    QCOMPARE(detail->rawView()->secondText(), rawBA);
    QVERIFY(detail->rawView()->isVisible());
}

QTEST_MAIN(TestSample)
#include "tst_sample.moc"
