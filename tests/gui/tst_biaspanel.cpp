// Issue 5, the Bias tests panel (workbench.md "Bias tests"): on a small hand-built bias audit (2 judges x 2
// tests x 12 items, originals with 2 runs, some prompts recorded in the judgments' extra field), the forest
// plot has one point per row with core's E and interval, a click on a point lists the row's changed items
// and the comparison view shows both prompts (recorded, or rebuilt from the question), both verdicts and the
// raw outputs; the margin re-derives verdicts (and colours) without recomputing, resamples and seed
// recompute and a newer request supersedes an older one; heatmap, reliability diagram and flips by
// confidence show core's numbers; plots export; an audit without bias data shows a short message; and the
// main window has the dock behind the Plots dock.

#include "bias/biascomparisonview.h"
#include "bias/biasforestplot.h"
#include "bias/biasheatmap.h"
#include "bias/biasitemmodel.h"
#include "bias/biaspanel.h"
#include "bias/biasworkspace.h"
#include "bias/confidenceflipsplot.h"
#include "bias/reliabilityplot.h"
#include "framework/auditsession.h"
#include "framework/mainwindow.h"
#include "plots/plotexport.h"
#include "plots/plotspanel.h"
#include "testaudit.h"

#include "../common/biasaudits.h"

#include "analysis/biasanalysis.h"
#include "analysis/calibration.h"
#include "io/project/projectfile.h"
#include "model/auditbuilder.h"
#include "report/biastables.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QMainWindow>
#include <QMenuBar>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <memory>
#include <set>

using namespace tribunal;

namespace {

constexpr int kItemCount = 12;

struct TestSpec {
    const char* name;
    const char* version;
    Cue cue;
};
const TestSpec kTests[] = {{"bandwagon", "", Cue::Worse}, {"authority", "v2", Cue::Better}};

std::string itemName(int k)
{
    return (k < 10 ? "i0" : "i") + std::to_string(k);
}
std::string questionOf(int k)
{
    return "Question " + itemName(k) + ": which answer is better?";
}
std::string originalPromptOf(int k)
{
    return "Original prompt of " + itemName(k) + ": compare the two answers.";
}
std::string perturbedPromptOf(const std::string& test, int k)
{
    return "Perturbed prompt (" + test + ") of " + itemName(k) + ": 90% of readers prefer one answer.";
}
std::string rawOf(const std::string& judge, int k, const std::string& what)
{
    return "raw " + judge + " " + itemName(k) + " " + what + "\nVerdict follows.";
}
// Originals record their prompt for items 1-8, perturbed judgments for odd items.
bool originalRecorded(int k)
{
    return k <= 8;
}
bool perturbedRecorded(int k)
{
    return k % 2 == 1;
}
Answer labelOf(int k)
{
    return k <= 8 ? answer::kA : answer::kB;
}
Answer flip(Answer a)
{
    return a == answer::kA ? answer::kB : answer::kA;
}
// j1 is wrong on i12; j2's two runs disagree on i05 and i06 (B5 chance_k = 1 there).
Answer originalOf(const std::string& judge, int k, int rep)
{
    Answer v = labelOf(k);
    if (judge == "j1" && k == 12)
        v = answer::kA;
    if (judge == "j2" && (k == 5 || k == 6) && rep == 2)
        v = flip(v);
    return v;
}
// Items whose perturbed verdict differs from original run 1 (B1 changed_k).
std::set<int> changedItems(const std::string& judge, const std::string& test)
{
    if (judge == "j1")
        return test == "bandwagon" ? std::set<int>{1, 2, 3, 4, 5, 6} : std::set<int>{1, 3, 7, 9};
    return test == "bandwagon" ? std::set<int>{} : std::set<int>{2, 4};
}
double pOfA(Answer verdict, int k)
{
    const double confidence = 0.55 + 0.035 * k;
    return verdict == answer::kA ? confidence : 1.0 - confidence;
}
std::string extraJson(const QJsonValue& prompt)
{
    return QJsonDocument(QJsonObject{{"prompt", prompt}, {"source", "tst_biaspanel"}})
        .toJson(QJsonDocument::Compact)
        .toStdString();
}
const QString kI03Array = QStringLiteral("system: You judge answers.\n\nuser: ") +
                          QString::fromStdString(perturbedPromptOf("bandwagon", 3));

AuditPtr buildBiasPanelAudit()
{
    AuditBuilder b;
    const auto file = b.addSourceFile("tst_biaspanel");
    std::uint64_t line = 0;
    const StrId calm = b.intern("calm");
    for (int k = 1; k <= kItemCount; ++k) {
        const auto item = b.addItem(b.intern("d"), b.intern(itemName(k)), TaskKind::Pairwise);
        b.setLabel(item, labelOf(k));
        b.setText(item, ItemText::Question, b.intern(questionOf(k)));
        b.setText(item, ItemText::ResponseA, b.intern("Answer A of " + itemName(k)));
        b.setText(item, ItemText::ResponseB, b.intern("Answer B of " + itemName(k)));
        for (const char* judgeName : {"j1", "j2"}) {
            const std::string judge = judgeName;
            auto add = [&](Answer verdict, Variant variant, int rep, const TestSpec* test, StrId raw,
                           StrId extra) {
                JudgmentInput j;
                j.item = item;
                j.judge = b.intern(judge);
                j.format = calm;
                j.order = Order::AB;
                j.rep = static_cast<std::uint16_t>(rep);
                j.answer = verdict;
                j.variant = variant;
                if (test) {
                    j.test = b.intern(test->name);
                    j.version = b.intern(test->version);
                    j.cue = test->cue;
                }
                j.raw = raw;
                j.extra = extra;
                const ProbEntry prob{answer::kA, pOfA(verdict, k)};
                j.probs = {&prob, 1};
                j.source = {file, ++line};
                b.addJudgment(j);
            };
            for (int rep = 1; rep <= 2; ++rep) {
                add(originalOf(judge, k, rep), Variant::Original, rep, nullptr,
                    b.intern(rawOf(judge, k, "original run " + std::to_string(rep))),
                    originalRecorded(k) ? b.intern(extraJson(QString::fromStdString(originalPromptOf(k))))
                                        : kEmptyStr);
            }
            for (const TestSpec& test : kTests) {
                const Answer o1 = originalOf(judge, k, 1);
                const Answer p = changedItems(judge, test.name).contains(k) ? flip(o1) : o1;
                StrId extra = kEmptyStr;
                if (judge == "j1" && k == 3 && std::string(test.name) == "bandwagon") {
                    // A chat message list instead of a string.
                    extra = b.intern(extraJson(QJsonArray{
                        QJsonObject{{"role", "system"}, {"content", "You judge answers."}},
                        QJsonObject{{"role", "user"},
                                    {"content", QString::fromStdString(perturbedPromptOf(test.name, k))}}}));
                } else if (perturbedRecorded(k)) {
                    extra = b.intern(extraJson(QString::fromStdString(perturbedPromptOf(test.name, k))));
                }
                add(p, Variant::Perturbed, 1, &test,
                    b.intern(rawOf(judge, k, std::string("perturbed ") + test.name)), extra);
            }
        }
    }
    ImportLog log;
    return b.build(log);
}

bool saveAudit(const Audit& audit, const QString& path)
{
    std::string error;
    if (!ProjectFile::save(path.toStdString(), audit, {}, &error)) {
        qWarning("%s", error.c_str());
        return false;
    }
    return true;
}

} // namespace

class TestBiasPanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void forestPlotOnePointPerRow();
    void hoverNamesRow();
    void clickShowsItemsAndPrompts();
    void marginRederivesVerdicts();
    void settingsRecompute();
    void newerRequestSupersedes();
    void heatmapCells();
    void reliabilityDiagram();
    void flipsByConfidence();
    void exportPlots_data();
    void exportPlots();
    void copyTable();
    void familiesAndOneRunRows();
    void noBiasData();
    void mainWindowDock();

private:
    void showTab(BiasPlot* plot);
    int rowOf(const std::string& judge, const std::string& test) const;
    QString judge(int row) const;

    QTemporaryDir m_dir;
    AuditPtr m_audit;
    std::unique_ptr<AuditSession> m_session;
    std::unique_ptr<BiasWorkspace> m_workspace;
    std::unique_ptr<QMainWindow> m_window;
    BiasPanel* m_panel = nullptr;
    std::unique_ptr<QAbstractItemModelTester> m_modelTester;
};

void TestBiasPanel::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("TribunalBiasPanelTest"));
    QSettings().clear();
    QVERIFY(m_dir.isValid());
    m_audit = buildBiasPanelAudit();
    QVERIFY(m_audit);
    // 12 items x 2 judges x (2 original runs + 2 perturbed prompts).
    QCOMPARE(m_audit->judgmentCount(), std::size_t(96));
    const QString project = m_dir.filePath(QStringLiteral("bias.tribunal"));
    QVERIFY(saveAudit(*m_audit, project));

    m_session = std::make_unique<AuditSession>();
    m_workspace = std::make_unique<BiasWorkspace>(m_session.get());
    m_window = std::make_unique<QMainWindow>();
    m_panel = new BiasPanel(m_workspace.get(), m_window.get());
    m_modelTester = std::make_unique<QAbstractItemModelTester>(
        m_panel->itemModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    m_window->addDockWidget(Qt::RightDockWidgetArea, m_panel);
    m_window->setCentralWidget(new QWidget);
    m_window->resize(1400, 1000);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QCOMPARE(m_panel->objectName(), QStringLiteral("biasPanel"));
    QCOMPARE(m_panel->tabs()->count(), 4);
    QCOMPARE(m_panel->messageLabel()->text(), QStringLiteral("No audit open."));

    QVERIFY(m_session->openProject(project));
    m_session->waitForJob();
    m_audit = m_session->audit(); // the re-read snapshot the workspace analyses
    m_workspace->waitForIdle();
    QVERIFY(m_workspace->view()->computed);
    QCOMPARE(m_workspace->analysisRuns(), 1);
    QVERIFY(!m_panel->messageLabel()->isVisibleTo(m_panel));
    QVERIFY(!m_panel->busyBar()->isVisibleTo(m_panel));
}

void TestBiasPanel::cleanupTestCase()
{
    m_modelTester.reset();
    m_window.reset();
    m_workspace.reset();
    m_session.reset();
}

void TestBiasPanel::showTab(BiasPlot* plot)
{
    for (int i = 0; i < m_panel->tabs()->count(); ++i) {
        if (m_panel->tabs()->widget(i)->isAncestorOf(plot))
            m_panel->tabs()->setCurrentIndex(i);
    }
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QCoreApplication::processEvents();
    plot->replot(); // coordToPixel needs the layout at the shown size
}

int TestBiasPanel::rowOf(const std::string& judgeName, const std::string& test) const
{
    const auto& view = *m_workspace->view();
    for (int r = 0; r < view.rowCount(); ++r) {
        const auto& key = view.analysis.design.rows[std::size_t(r)].key;
        if (view.audit->str(key.judge) == judgeName && view.audit->str(key.test) == test)
            return r;
    }
    return -1;
}

void TestBiasPanel::forestPlotOnePointPerRow()
{
    const auto& view = *m_workspace->view();
    QCOMPARE(view.rowCount(), 4);
    QCOMPARE(int(view.families.size()), 1);
    QCOMPARE(m_workspace->currentFamily(), 0);
    QCOMPARE(m_panel->familyBox()->count(), 1);
    QCOMPARE(m_panel->familyBox()->currentText(), QStringLiteral("calm"));
    QCOMPARE(int(m_workspace->visibleRows().size()), 4);

    auto* plot = m_panel->forestPlot();
    showTab(plot);
    QCOMPARE(int(plot->points().size()), 4);
    // Every error bar sits on its own point: the graph keeps its points sorted by key, and QCPErrorBars pairs
    // entries by index, so bars added out of key order would belong to other rows.
    {
        const std::vector<int> rows = m_workspace->visibleRows();
        const int count = static_cast<int>(rows.size());
        int checked = 0;
        for (int p = 0; p < plot->plottableCount(); ++p) {
            auto* bars = qobject_cast<QCPErrorBars*>(plot->plottable(p));
            if (!bars)
                continue;
            auto* graph = qobject_cast<QCPGraph*>(bars->dataPlottable());
            QVERIFY(graph);
            QCOMPARE(bars->dataCount(), graph->dataCount());
            for (int i = 0; i < graph->dataCount(); ++i) {
                const double y = graph->data()->at(i)->key;
                const int row = rows[static_cast<std::size_t>(count - 1 - static_cast<int>(std::lround(y)))];
                const BiasExcessResult& e = view.analysis.excess[static_cast<std::size_t>(row)];
                QCOMPARE(graph->data()->at(i)->value, e.excess);
                const QCPErrorBarsData bar = bars->data()->at(static_cast<std::size_t>(i));
                QVERIFY(std::abs(bar.errorMinus - (e.excess - e.excessLo)) < 1e-12);
                QVERIFY(std::abs(bar.errorPlus - (e.excessHi - e.excess)) < 1e-12);
                ++checked;
            }
        }
        QCOMPARE(checked, 4);
    }
    // The colour key names the three verdicts in the colours the points use.
    auto* legend = m_panel->findChild<QLabel*>(QStringLiteral("biasVerdictLegend"));
    QVERIFY(legend);
    for (auto verdict : {BiasVerdict::Bias, BiasVerdict::Unclear, BiasVerdict::NoBias})
        QVERIFY(legend->text().contains(BiasWorkspace::verdictColor(verdict).name()));
    QVERIFY(legend->text().contains(QStringLiteral("unclear")));
    QVERIFY(legend->text().contains(QStringLiteral("no bias")));
    QCOMPARE(plot->leftOut(), 0);
    std::set<int> rows;
    for (const auto& point : plot->points()) {
        rows.insert(point.row);
        QCOMPARE(point.x, view.analysis.excess[std::size_t(point.row)].excess);
        QVERIFY(plot->pixelOfRow(point.row).has_value());
    }
    QCOMPARE(int(rows.size()), 4);
    QCOMPARE(plot->marginLine()->point1->coords().x(), 0.05);

    // E = (X - Y) / n (B3, counts: X changed, Y runs disagree, n = 12):
    // j1 bandwagon 6 changed -> 6/12; j1 authority 4 -> 4/12; j2 bandwagon 0 changed, 2 disagree -> -2/12;
    // j2 authority 2 changed, 2 disagree -> 0.
    const struct {
        const char* judge;
        const char* test;
        double e;
    } expected[] = {{"j1", "bandwagon", 6 / 12.0},
                    {"j1", "authority", 4 / 12.0},
                    {"j2", "bandwagon", -2 / 12.0},
                    {"j2", "authority", 0.0}};
    for (const auto& e : expected) {
        const int row = rowOf(e.judge, e.test);
        QVERIFY(row >= 0);
        QCOMPARE(view.analysis.excess[std::size_t(row)].excess, e.e);
    }
    // The workspace shows exactly what tribunal_core computes for its settings (as tribunal-cli bias does).
    const BiasAnalysis direct = analyseBias(*m_audit, m_workspace->settings());
    QCOMPARE(direct.excess.size(), view.analysis.excess.size());
    for (std::size_t r = 0; r < direct.excess.size(); ++r) {
        QCOMPARE(view.analysis.excess[r].excessLo, direct.excess[r].excessLo);
        QCOMPARE(view.analysis.excess[r].excessHi, direct.excess[r].excessHi);
        QCOMPARE(view.analysis.excess[r].pPerm, direct.excess[r].pPerm);
        QCOMPARE(view.analysis.excess[r].verdict, direct.excess[r].verdict);
    }
}

void TestBiasPanel::hoverNamesRow()
{
    auto* plot = m_panel->forestPlot();
    showTab(plot);
    const int row = rowOf("j1", "authority");
    const auto& e = m_workspace->view()->analysis.excess[std::size_t(row)];
    const QString tip = plot->toolTipAt(*plot->pixelOfRow(row));
    QVERIFY2(tip.contains(QStringLiteral("Judge: j1")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("Test: authority")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("Version: v2")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("E = 0.333 [%1, %2]")
                              .arg(BiasWorkspace::number(e.excessLo), BiasWorkspace::number(e.excessHi))),
             qPrintable(tip));
    QVERIFY2(tip.contains(BiasWorkspace::verdictTitle(e.verdict)), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("p_BH = ")), qPrintable(tip));
    QVERIFY2(tip.contains(QStringLiteral("Items: 12")), qPrintable(tip));
    QVERIFY(plot->toolTipAt(QPointF(1, 1)).isEmpty());
}

void TestBiasPanel::clickShowsItemsAndPrompts()
{
    auto* plot = m_panel->forestPlot();
    showTab(plot);
    const int row = rowOf("j1", "bandwagon");
    QSignalSpy selected(m_workspace.get(), &BiasWorkspace::selectedRowChanged);
    QTest::mouseClick(plot, Qt::LeftButton, {}, plot->pixelOfRow(row)->toPoint());
    QCOMPARE(m_workspace->selectedRow(), row);
    QCOMPARE(selected.count(), 1);
    QCOMPARE(plot->highlightGraph()->data()->size(), 1);
    // A click on empty space keeps the selection.
    QTest::mouseClick(plot, Qt::LeftButton, {}, QPoint(2, 2));
    QCOMPARE(m_workspace->selectedRow(), row);

    // "Changed only" (the default): the six changed items i01..i06.
    auto* model = m_panel->itemModel();
    QVERIFY(m_panel->changedOnlyBox()->isChecked());
    QCOMPARE(model->rowCount(), 6);
    QCOMPARE(int(model->allItems().size()), 12);
    for (int r = 0; r < 6; ++r) {
        QCOMPARE(model->index(r, BiasItemModel::ItemColumn).data().toString(),
                 QString::fromStdString(itemName(r + 1)));
        QVERIFY(model->index(r, 0).data(BiasItemModel::ChangedRole).toBool());
    }
    QCOMPARE(model->index(0, BiasItemModel::Original1Column).data().toString(), QStringLiteral("A"));
    QCOMPARE(model->index(0, BiasItemModel::Original2Column).data().toString(), QStringLiteral("A"));
    QCOMPARE(model->index(0, BiasItemModel::PerturbedColumn).data().toString(), QStringLiteral("B"));
    QCOMPARE(model->index(0, BiasItemModel::ChangedColumn).data().toString(), QStringLiteral("changed"));
    QCOMPARE(model->index(0, BiasItemModel::LabelColumn).data().toString(), QStringLiteral("A"));
    // P(A) = 0.55 + 0.035 * 1 for the original A verdict, 1 - that for the perturbed B verdict.
    QCOMPARE(model->index(0, BiasItemModel::OriginalPColumn).data().toString(),
             QLocale().toString(0.585, 'f', 3));
    QCOMPARE(model->index(0, BiasItemModel::PerturbedPColumn).data().toString(),
             QLocale().toString(0.415, 'f', 3));
    QVERIFY2(m_panel->summaryLabel()->text().contains(QStringLiteral("12 items, 6 changed")),
             qPrintable(m_panel->summaryLabel()->text()));

    // The first changed item is current: both prompts recorded.
    auto* view = m_panel->comparisonView();
    QCOMPARE(m_panel->itemView()->currentIndex().row(), 0);
    QCOMPARE(view->originalPromptText(), QString::fromStdString(originalPromptOf(1)));
    QCOMPARE(view->perturbedPromptText(), QString::fromStdString(perturbedPromptOf("bandwagon", 1)));
    QCOMPARE(view->originalTitle(), QStringLiteral("Original prompt"));
    QCOMPARE(view->perturbedTitle(), QStringLiteral("Perturbed prompt"));
    QCOMPARE(view->originalVerdictText(), QStringLiteral("Verdict: A (run 1), A (run 2)"));
    QCOMPARE(view->perturbedVerdictText(), QStringLiteral("Verdict: B, changed"));
    QCOMPARE(view->originalRawText(), QStringLiteral("Run 1:\n%1\n\nRun 2:\n%2")
                                          .arg(QString::fromStdString(rawOf("j1", 1, "original run 1")),
                                               QString::fromStdString(rawOf("j1", 1, "original run 2"))));
    QCOMPARE(view->perturbedRawText(), QString::fromStdString(rawOf("j1", 1, "perturbed bandwagon")));
    QCOMPARE(view->responseAText(), QStringLiteral("Answer A of i01"));
    QCOMPARE(view->responseBText(), QStringLiteral("Answer B of i01"));
    QVERIFY2(view->headerText().contains(QStringLiteral("d / i01")), qPrintable(view->headerText()));

    // i02 (clicked in the list): the perturbed prompt was not recorded - the question and the perturbation.
    auto* items = m_panel->itemView();
    QTest::mouseClick(items->viewport(), Qt::LeftButton, {},
                      items->visualRect(model->index(1, BiasItemModel::ItemColumn)).center());
    QCOMPARE(items->currentIndex().row(), 1);
    QCOMPARE(view->originalPromptText(), QString::fromStdString(originalPromptOf(2)));
    QCOMPARE(view->perturbedPromptText(), QString::fromStdString(questionOf(2)) +
                                              QStringLiteral("\n\nPerturbation: bandwagon, cue on worse"));
    QVERIFY(view->perturbedTitle().contains(QStringLiteral("not recorded")));

    // i03: a chat message list as the recorded prompt.
    m_panel->setCurrentItem(2);
    QCOMPARE(view->perturbedPromptText(), kI03Array);

    // All items: i09's original prompt was not recorded either (the question), and it did not change.
    m_panel->changedOnlyBox()->setChecked(false);
    QCOMPARE(model->rowCount(), 12);
    m_panel->setCurrentItem(8);
    QCOMPARE(model->index(8, BiasItemModel::ItemColumn).data().toString(), QStringLiteral("i09"));
    QCOMPARE(view->originalPromptText(), QString::fromStdString(questionOf(9)));
    QVERIFY(view->originalTitle().contains(QStringLiteral("not recorded")));
    QCOMPARE(view->perturbedPromptText(), QString::fromStdString(perturbedPromptOf("bandwagon", 9)));
    QCOMPARE(view->originalVerdictText(), QStringLiteral("Verdict: B (run 1), B (run 2)"));
    QCOMPARE(view->perturbedVerdictText(), QStringLiteral("Verdict: B, unchanged"));
    m_panel->changedOnlyBox()->setChecked(true);
    QCOMPARE(model->rowCount(), 6);

    // Another row (j1 authority, cue on the better response, version v2): its own changed items.
    QTest::mouseClick(plot, Qt::LeftButton, {}, plot->pixelOfRow(rowOf("j1", "authority"))->toPoint());
    QCOMPARE(model->rowCount(), 4); // i01, i03, i07, i09
    m_panel->setCurrentItem(1);
    QCOMPARE(view->perturbedPromptText(), QString::fromStdString(perturbedPromptOf("authority", 3)));
    m_panel->setCurrentItem(2); // i07: perturbed prompt recorded (odd), original too
    QCOMPARE(view->originalPromptText(), QString::fromStdString(originalPromptOf(7)));
    // j2 bandwagon has no changed item: an empty list and an empty comparison view.
    m_workspace->selectRow(rowOf("j2", "bandwagon"));
    QCOMPARE(model->rowCount(), 0);
    QCOMPARE(view->originalPromptText(), QString());
    QCOMPARE(view->headerText(), QStringLiteral("No item selected."));
    m_workspace->selectRow(row);
    QCOMPARE(model->rowCount(), 6);
}

void TestBiasPanel::marginRederivesVerdicts()
{
    auto* plot = m_panel->forestPlot();
    showTab(plot);
    const int runs = m_workspace->analysisRuns();
    const int updates = m_workspace->marginUpdates();
    const auto before = m_workspace->view();
    const int index = m_panel->marginBox()->findData(0.10);
    QVERIFY(index >= 0);
    m_panel->marginBox()->setCurrentIndex(index);
    // No job: the intervals stay, the verdicts are re-read at the new margin at once.
    QVERIFY(!m_workspace->isBusy());
    QCOMPARE(m_workspace->analysisRuns(), runs);
    QCOMPARE(m_workspace->marginUpdates(), updates + 1);
    const auto& view = *m_workspace->view();
    QCOMPARE(view.analysis.settings.margin, 0.10);
    QCOMPARE(plot->marginLine()->point1->coords().x(), 0.10);
    int changed = 0;
    for (int r = 0; r < view.rowCount(); ++r) {
        const auto& e = view.analysis.excess[std::size_t(r)];
        QCOMPARE(e.excessLo, before->analysis.excess[std::size_t(r)].excessLo);
        QCOMPARE(e.verdict, verdictAtMargin(e, 0.10));
        QCOMPARE(plot->colorOfRow(r), BiasWorkspace::verdictColor(e.verdict));
        changed += e.verdict != before->analysis.excess[std::size_t(r)].verdict ? 1 : 0;
    }
    // j1 authority: E = 1/3 with a lower end of 1/12 (the 2.5 % quantile of 12 x Binomial(12, 1/3) / 12) is
    // "bias" at 0.05 and "unclear" at 0.10, so the data does exercise a change of colour.
    const int authority = rowOf("j1", "authority");
    QCOMPARE(before->analysis.excess[std::size_t(authority)].verdict, BiasVerdict::Bias);
    QCOMPARE(view.analysis.excess[std::size_t(authority)].verdict, BiasVerdict::Unclear);
    QVERIFY(changed >= 1);
    QVERIFY(m_panel->tableText().contains(QStringLiteral("\tunclear\t")));
    // The item list keeps the selected row and its items.
    QCOMPARE(m_panel->itemModel()->rowCount(), 6);

    m_panel->marginBox()->setCurrentIndex(m_panel->marginBox()->findData(0.05));
    QCOMPARE(m_workspace->analysisRuns(), runs);
    QCOMPARE(m_workspace->view()->analysis.excess[std::size_t(authority)].verdict, BiasVerdict::Bias);
    QCOMPARE(plot->colorOfRow(authority), BiasWorkspace::verdictColor(BiasVerdict::Bias));
}

void TestBiasPanel::settingsRecompute()
{
    const int selected = m_workspace->selectedRow();
    QVERIFY(selected >= 0);
    const int runs = m_workspace->analysisRuns();
    QSignalSpy busy(m_workspace.get(), &BiasWorkspace::busyChanged);
    m_panel->resamplesBox()->setValue(500);
    QCOMPARE(m_workspace->analysisRuns(), runs + 1);
    QVERIFY(m_workspace->isBusy());
    QCOMPARE(busy.count(), 1);
    m_workspace->waitForIdle();
    QCOMPARE(busy.count(), 2);
    QCOMPARE(m_workspace->view()->analysis.settings.resamples, 500);
    BiasSettings settings = m_workspace->settings();
    QCOMPARE(settings.resamples, 500);
    auto direct = analyseBias(*m_audit, settings);
    for (std::size_t r = 0; r < direct.excess.size(); ++r) {
        QCOMPARE(m_workspace->view()->analysis.excess[r].excessLo, direct.excess[r].excessLo);
        QCOMPARE(m_workspace->view()->analysis.excess[r].excessHi, direct.excess[r].excessHi);
    }
    // Same audit, same rows: the selection and its item list stay.
    QCOMPARE(m_workspace->selectedRow(), selected);
    QCOMPARE(m_panel->itemModel()->rowCount(), 6);

    // The seed and the permutations recompute too.
    m_panel->seedBox()->setValue(7);
    QCOMPARE(m_workspace->analysisRuns(), runs + 2);
    m_panel->permutationsBox()->setValue(2000);
    QCOMPARE(m_workspace->analysisRuns(), runs + 3);
    m_workspace->waitForIdle();
    QCOMPARE(m_workspace->view()->analysis.settings.seed, std::uint64_t(7));
    QCOMPARE(m_workspace->view()->analysis.settings.permutations, 2000);

    // Back to the defaults for the other tests.
    m_panel->resamplesBox()->setValue(BiasSettings{}.resamples);
    m_panel->seedBox()->setValue(int(BiasSettings{}.seed));
    m_panel->permutationsBox()->setValue(BiasSettings{}.permutations);
    m_workspace->waitForIdle();
    QCOMPARE(m_workspace->settings().seed, BiasSettings{}.seed);
}

void TestBiasPanel::newerRequestSupersedes()
{
    const int runs = m_workspace->analysisRuns();
    auto settings = m_workspace->settings();
    settings.resamples = 300;
    m_workspace->setSettings(settings);
    settings.resamples = 400;
    m_workspace->setSettings(settings);
    QCOMPARE(m_workspace->analysisRuns(), runs + 2);
    QSignalSpy views(m_workspace.get(), &BiasWorkspace::viewChanged);
    m_workspace->waitForIdle();
    // Only the newer result is applied.
    QCOMPARE(views.count(), 1);
    QCOMPARE(m_workspace->view()->analysis.settings.resamples, 400);
    settings.resamples = BiasSettings{}.resamples;
    m_workspace->setSettings(settings);
    m_workspace->waitForIdle();
    // The panel's fields follow only its own edits; they still show the defaults.
    QCOMPARE(m_panel->resamplesBox()->value(), BiasSettings{}.resamples);
}

void TestBiasPanel::heatmapCells()
{
    auto* heatmap = m_panel->heatmap();
    showTab(heatmap);
    QCOMPARE(heatmap->judgeTitles(), QStringList({QStringLiteral("j1"), QStringLiteral("j2")}));
    QCOMPARE(heatmap->testTitles(),
             QStringList({QStringLiteral("authority (v2)"), QStringLiteral("bandwagon")}));
    QCOMPARE(int(heatmap->points().size()), 4);
    const auto& view = *m_workspace->view();
    for (int r = 0; r < view.rowCount(); ++r) {
        const auto& e = view.analysis.excess[std::size_t(r)];
        QString text = BiasWorkspace::number(e.excess);
        if (e.verdict == BiasVerdict::Bias)
            text += QLatin1Char('*');
        QCOMPARE(heatmap->cellText(r), text);
    }
    // A click anywhere inside a cell selects its row.
    const int row = rowOf("j2", "bandwagon");
    const QPointF centre = *heatmap->pixelOfRow(row);
    const QPointF inside(
        centre.x() + 0.3 * (heatmap->xAxis->coordToPixel(1) - heatmap->xAxis->coordToPixel(0)), centre.y());
    QTest::mouseClick(heatmap, Qt::LeftButton, {}, inside.toPoint());
    QCOMPARE(m_workspace->selectedRow(), row);
    QCOMPARE(m_panel->itemModel()->rowCount(), 0); // j2 bandwagon changed nothing
    QVERIFY(heatmap->toolTipAt(inside).contains(QStringLiteral("Judge: j2")));
    QCOMPARE(heatmap->colorScale()->dataRange().upper, 0.5); // the largest |E|
    m_workspace->selectRow(rowOf("j1", "bandwagon"));
}

void TestBiasPanel::reliabilityDiagram()
{
    auto* plot = m_panel->reliabilityPlot();
    showTab(plot);
    const auto calibration = analyseCalibration(*m_audit, m_workspace->settings().confidenceBins);
    QCOMPARE(int(calibration.size()), 2); // j1 and j2 in format calm
    QCOMPARE(int(plot->judgeGraphs().size()), 2);
    QStringList counts;
    std::uint32_t total = 0;
    for (std::size_t j = 0; j < calibration.size(); ++j) {
        const auto* graph = plot->judgeGraphs()[j];
        QCOMPARE(graph->data()->size(), int(calibration[j].points.size()));
        for (std::size_t p = 0; p < calibration[j].points.size(); ++p) {
            const auto& point = calibration[j].points[p];
            QCOMPARE(graph->data()->at(int(p))->key, point.meanConfidence);
            QCOMPARE(graph->data()->at(int(p))->value, point.accuracy);
            counts << QString::number(point.count);
            total += point.count;
        }
    }
    QCOMPARE(plot->countTexts(), counts);
    // No count covers another count or any point (placeCountLabels), whatever the judges' curves.
    plot->replot();
    const auto rects = plot->countRects();
    QCOMPARE(int(rects.size()), counts.size());
    for (std::size_t a = 0; a < rects.size(); ++a) {
        for (std::size_t b = a + 1; b < rects.size(); ++b)
            QVERIFY2(!rects[a].intersects(rects[b]),
                     qPrintable(QStringLiteral("counts %1 and %2").arg(a).arg(b)));
        for (const auto* graph : plot->judgeGraphs()) {
            for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it) {
                const QPointF point(plot->xAxis->coordToPixel(it->key), plot->yAxis->coordToPixel(it->value));
                QVERIFY2(!rects[a].contains(point),
                         qPrintable(QStringLiteral("count %1 over a point").arg(a)));
            }
        }
    }
    // Every original run of both judges has P(A): 2 judges x 12 items x 2 runs.
    QCOMPARE(total, 48u);
    QVERIFY(plot->judgeGraphs()[0]->name().contains(QStringLiteral("ECE")));
}

void TestBiasPanel::flipsByConfidence()
{
    auto* plot = m_panel->flipsPlot();
    showTab(plot);
    const auto& confidence = m_workspace->view()->analysis.confidence;
    QCOMPARE(int(confidence.size()), 2);
    QCOMPARE(int(plot->judgeGraphs().size()), 2);
    std::size_t nonEmpty = 0;
    std::uint32_t flipped = 0;
    for (std::size_t j = 0; j < confidence.size(); ++j) {
        const auto* graph = plot->judgeGraphs()[j];
        QCOMPARE(graph->data()->size(), int(confidence[j].bins.size()));
        for (std::size_t b = 0; b < confidence[j].bins.size(); ++b) {
            const auto& bin = confidence[j].bins[b];
            if (bin.n == 0) {
                QVERIFY(std::isnan(graph->data()->at(int(b))->value));
                continue;
            }
            ++nonEmpty;
            flipped += bin.flipped;
            QCOMPARE(graph->data()->at(int(b))->value, bin.share);
        }
    }
    QCOMPARE(plot->points().size(), nonEmpty);
    // Pooled over both tests: j1 changed 6 + 4, j2 0 + 2.
    QCOMPARE(flipped, 12u);
}

void TestBiasPanel::exportPlots_data()
{
    QTest::addColumn<int>("plot");
    QTest::addColumn<int>("format");
    for (int plot = 0; plot < 4; ++plot) {
        for (int format : {int(PlotFileFormat::Pdf), int(PlotFileFormat::Svg), int(PlotFileFormat::Png)})
            QTest::addRow("%d-%d", plot, format) << plot << format;
    }
}

void TestBiasPanel::exportPlots()
{
    QFETCH(int, plot);
    QFETCH(int, format);
    BiasPlot* p = m_panel->plots().at(std::size_t(plot));
    PlotExportSettings settings;
    settings.format = PlotFileFormat(format);
    settings.width = 500;
    settings.height = 400;
    const QString path = m_dir.filePath(p->plotId() + QLatin1Char('.') + plotFileSuffix(settings.format));
    QString error;
    QVERIFY2(savePlot(*p, path, settings, &error), qPrintable(error));
    QVERIFY(QFileInfo(path).size() > 1000);
    if (settings.format == PlotFileFormat::Png)
        QCOMPARE(QImage(path).size(), QSize(500, 400));
}

void TestBiasPanel::copyTable()
{
    m_panel->tabs()->setCurrentIndex(0);
    const FlatTable table = biasExcessTable(*m_audit, m_workspace->view()->analysis);
    const QStringList lines = m_panel->tableText().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 5); // header + 4 rows
    QStringList header;
    for (const auto& column : table.columns)
        header << QString::fromStdString(column);
    QCOMPARE(lines.front(), header.join(QLatin1Char('\t')));
    QVERIFY(lines[1].startsWith(QStringLiteral("j1\tcalm\tauthority\tv2\t12\t")));
    QGuiApplication::clipboard()->setText(QStringLiteral("before"));
    m_panel->copyTable();
    QCOMPARE(QGuiApplication::clipboard()->text(), m_panel->tableText());
    // The reliability tab copies the reliability points.
    m_panel->tabs()->setCurrentIndex(2);
    QVERIFY(m_panel->tableText().startsWith(QStringLiteral("judge\tformat\tbin_lo\tbin_hi\tcount\t")));
    m_panel->tabs()->setCurrentIndex(0);
}

void TestBiasPanel::familiesAndOneRunRows()
{
    // Two formats (two families) and, in format calm, a one-run row (J2: no second original run, so CR and
    // E are unavailable and the row has no point).
    using testing::BiasRowSpec;
    auto oneRun = testing::examplesSection3Items();
    for (auto& item : oneRun)
        item.o2 = ' ';
    const auto built = testing::buildBiasAudit({
        BiasRowSpec{"J1", "calm", "bandwagon", "", "worse", "d", testing::examplesSection3Items()},
        BiasRowSpec{"J2", "calm", "bandwagon", "", "worse", "d", oneRun},
        BiasRowSpec{"J1", "direct", "authority", "", "better", "d", testing::examplesSection3Items()},
    });
    const QString project = m_dir.filePath(QStringLiteral("families.tribunal"));
    QVERIFY(saveAudit(*built, project));
    AuditSession session;
    BiasWorkspace workspace(&session);
    QMainWindow window;
    auto* panel = new BiasPanel(&workspace, &window);
    QAbstractItemModelTester tester(panel->itemModel(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    window.addDockWidget(Qt::RightDockWidgetArea, panel);
    window.setCentralWidget(new QWidget);
    window.resize(1200, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(session.openProject(project));
    session.waitForJob();
    workspace.waitForIdle();

    const auto& view = *workspace.view();
    QCOMPARE(view.rowCount(), 3);
    QCOMPARE(int(view.families.size()), 2);
    QCOMPARE(panel->familyBox()->count(), 2);
    QVERIFY(panel->familyBox()->isEnabled());
    QCOMPARE(panel->familyBox()->itemText(0), QStringLiteral("calm"));
    QCOMPARE(panel->familyBox()->itemText(1), QStringLiteral("direct"));
    QCOMPARE(workspace.currentFamily(), 0);
    auto rowOfKey = [&](const char* judgeName, const char* format) {
        for (int r = 0; r < view.rowCount(); ++r) {
            const auto& key = view.analysis.design.rows[std::size_t(r)].key;
            if (view.audit->str(key.judge) == judgeName && view.audit->str(key.format) == format)
                return r;
        }
        return -1;
    };
    const int j1Calm = rowOfKey("J1", "calm");
    const int j2Calm = rowOfKey("J2", "calm");
    const int j1Direct = rowOfKey("J1", "direct");
    QCOMPARE(workspace.visibleRows(), std::vector<int>({j1Calm, j2Calm}));

    // examples.md section 3: E = 1/4 for J1; J2's one-run row has no E (B1-B5 edge case) and is left out.
    auto* forest = panel->forestPlot();
    QCOMPARE(int(forest->points().size()), 1);
    QCOMPARE(forest->points()[0].row, j1Calm);
    QCOMPARE(forest->points()[0].x, 0.25);
    QCOMPARE(view.analysis.excess[std::size_t(j2Calm)].verdict, BiasVerdict::CrUnavailable);
    QCOMPARE(forest->leftOut(), 1);
    QVERIFY(panel->leftOutLabel(0)->isVisibleTo(panel));
    QCOMPARE(panel->leftOutLabel(0)->text(), forest->leftOutText());
    QCOMPARE(panel->heatmap()->cellText(j2Calm), QStringLiteral("n/a"));

    // The one-run row still lists its items (RR only): run 2 is missing.
    workspace.selectRow(j2Calm);
    panel->changedOnlyBox()->setChecked(false);
    QCOMPARE(panel->itemModel()->rowCount(), 8);
    QCOMPARE(panel->itemModel()->index(0, BiasItemModel::Original2Column).data().toString(),
             QStringLiteral("-"));
    QCOMPARE(panel->comparisonView()->originalVerdictText(),
             QStringLiteral("Verdict: A (run 1, no second run)"));
    QVERIFY2(panel->summaryLabel()->text().contains(QStringLiteral("CR unavailable")),
             qPrintable(panel->summaryLabel()->text()));

    // Another family: its rows only; the selection of the other family is cleared.
    panel->familyBox()->setCurrentIndex(1);
    QCOMPARE(workspace.currentFamily(), 1);
    QCOMPARE(workspace.selectedRow(), -1);
    QCOMPARE(panel->itemModel()->rowCount(), 0);
    QCOMPARE(workspace.visibleRows(), std::vector<int>({j1Direct}));
    QCOMPARE(int(forest->points().size()), 1);
    QCOMPARE(forest->points()[0].row, j1Direct);
    QCOMPARE(forest->leftOut(), 0);
    QVERIFY(!panel->leftOutLabel(0)->isVisibleTo(panel));
    // A row of a hidden family cannot be selected.
    workspace.selectRow(j1Calm);
    QCOMPARE(workspace.selectedRow(), -1);
}

void TestBiasPanel::noBiasData()
{
    // The trust audit of the other GUI tests: no variants, no probabilities.
    const QString project = m_dir.filePath(QStringLiteral("plain.tribunal"));
    QVERIFY(saveAudit(*testaudit::build(), project));
    AuditSession session;
    BiasWorkspace workspace(&session);
    QMainWindow window;
    auto* panel = new BiasPanel(&workspace, &window);
    QAbstractItemModelTester tester(panel->itemModel(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    window.addDockWidget(Qt::RightDockWidgetArea, panel);
    window.setCentralWidget(new QWidget);
    window.resize(900, 700);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(session.openProject(project));
    session.waitForJob();
    workspace.waitForIdle();
    const auto& view = *workspace.view();
    QVERIFY(view.computed);
    QVERIFY(!view.hasBiasRows());
    QVERIFY(view.families.empty());
    QCOMPARE(workspace.currentFamily(), -1);
    QCOMPARE(panel->messageLabel()->text(), QStringLiteral("No bias-test judgments in this audit."));
    QVERIFY(panel->messageLabel()->isVisibleTo(panel));
    for (BiasPlot* plot : panel->plots())
        QVERIFY(plot->points().empty());
    QTest::mouseClick(panel->forestPlot(), Qt::LeftButton, {}, QPoint(100, 100));
    QCOMPARE(workspace.selectedRow(), -1);
    workspace.selectRow(0);
    QCOMPARE(workspace.selectedRow(), -1);
    QCOMPARE(panel->itemModel()->rowCount(), 0);
    QCOMPARE(panel->tableText().count(QLatin1Char('\n')), 1); // the header alone
    // Another margin with no rows is harmless.
    panel->marginBox()->setCurrentIndex(0);
    QCOMPARE(workspace.view()->analysis.settings.margin, 0.02);
}

void TestBiasPanel::mainWindowDock()
{
    MainWindow window;
    auto* dock = window.findChild<QDockWidget*>(QStringLiteral("biasPanel"));
    QVERIFY(dock);
    QCOMPARE(dock, static_cast<QDockWidget*>(window.biasPanel()));
    QCOMPARE(window.biasPanel()->workspace(), window.biasWorkspace());
    // Behind the overview, in the large left area.
    QVERIFY(window.tabifiedDockWidgets(window.findChild<QDockWidget*>(QStringLiteral("overviewPanel")))
                .contains(dock));
    QCOMPARE(dock->windowTitle(), QStringLiteral("Bias tests"));
    bool inViewMenu = false;
    for (QAction* menu : window.menuBar()->actions()) {
        if (menu->menu() && menu->menu()->actions().contains(dock->toggleViewAction()))
            inViewMenu = true;
    }
    QVERIFY(inViewMenu);
}

QTEST_MAIN(TestBiasPanel)
#include "tst_biaspanel.moc"
