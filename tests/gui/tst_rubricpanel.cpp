// Issue 6, the Rubric judges panel (workbench.md; metrics.md R1-R7): on a small hand-built rubric audit (one
// panel, 6 units in 3 groups, an ordinal criterion with 2-3 raters per pair and a binary one, 3 judges with
// two runs on ordinal pairs, NA / failed answers, confidence, probability, cost and raw output) the criterion
// table equals core's rubricTable cell for cell and the comparison table compareTable for the same
// settings; the rounding rule changes the numbers and recomputes both, a bootstrap setting only the
// comparisons, the judge checklist restricts them; a double-click on a comparison row lists its pairs and the
// selected pair shows core's rubricPairDetail (label, ratings, every judge's answer, raw output); a
// double-click on a confusion-matrix cell lists core's confusionItems; Copy gives tab-separated text with
// the header; an audit without rubric data says so; the main window has the dock.

#include "framework/auditsession.h"
#include "framework/flattablemodel.h"
#include "framework/mainwindow.h"
#include "framework/qstrings.h"
#include "items/itemtextsview.h"
#include "plots/plottabs.h"
#include "rubric/confusionheatmap.h"
#include "rubric/rubricpairsdialog.h"
#include "rubric/rubricpanel.h"
#include "rubric/rubricworkspace.h"
#include "rubric/shiftcurveplot.h"
#include "testaudit.h"
#include "trust/overviewpanel.h"

#include "analysis/rubricconfusion.h"
#include "analysis/rubricpairdetail.h"
#include "io/project/projectfile.h"
#include "model/auditbuilder.h"
#include "report/rubrictables.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

#include <algorithm>
#include <memory>

using namespace tribunal;

namespace {

constexpr Answer M = answer::kMet;
constexpr Answer U = answer::kUnmet;
constexpr Answer NA = answer::kNA;
constexpr Answer X = answer::kNone; // a failed call

const char* const kJudges[] = {"jA", "jB", "jC"};

// Ordinal "clarity" ratings (scale 1..4): u2 (mean 2.5) and u4 (3.5) are half-way, so half-up and half-down
// give different labels (3 / 2 and 4 / 3): the rounding rule changes the numbers.
const std::vector<Answer> kClarityRatings[6] = {{3, 3, 4}, {2, 3}, {1, 1, 1}, {4, 3}, {2, 2, 3}, {3, 4, 4}};
// Binary "safe" ratings: u4 is a rater tie (no label).
const std::vector<Answer> kSafeRatings[6] = {{M, M, U}, {U, U, U}, {M, M, M}, {M, U}, {U, U, M}, {M, M, M}};
// Two runs per judge on each ordinal pair (NA and a failed call included), one run on each binary pair.
const Answer kClarity[3][6][2] = {{{3, 3}, {3, 2}, {1, 2}, {4, 4}, {2, 2}, {3, 4}},
                                  {{4, 4}, {2, 2}, {1, 1}, {3, 3}, {3, NA}, {4, 4}},
                                  {{2, 3}, {3, 3}, {2, 2}, {4, X}, {2, 1}, {4, 3}}};
const Answer kSafe[3][6] = {{M, U, M, M, U, U}, {M, M, M, U, U, M}, {U, U, M, M, M, M}};

std::string rawOf(const std::string& judge, const std::string& item, int rep)
{
    return "raw " + judge + " " + item + " run " + std::to_string(rep) + "\nThe answer follows.";
}

AuditPtr buildRubricAudit()
{
    AuditBuilder b;
    const auto file = b.addSourceFile("tst_rubricpanel");
    std::uint64_t line = 0;
    for (int u = 0; u < 6; ++u) {
        const std::string unit = "u" + std::to_string(u + 1);
        for (TaskKind kind : {TaskKind::Ordinal, TaskKind::Binary}) {
            const bool ordinal = kind == TaskKind::Ordinal;
            const std::string id = unit + (ordinal ? "-clarity" : "-safe");
            const auto item = b.addItem(b.intern("P1"), b.intern(id), kind);
            b.setText(item, ItemText::UnitId, b.intern(unit));
            b.setText(item, ItemText::Group, b.intern("g" + std::to_string(u / 2 + 1)));
            b.setText(item, ItemText::Input, b.intern("Explain topic " + unit + "."));
            b.setText(item, ItemText::Submission, b.intern("Submission for " + unit));
            b.setText(item, ItemText::Criterion, b.intern(ordinal ? "clarity" : "safe"));
            if (ordinal)
                b.setLevels(item, {b.intern("poor"), b.intern("fair"), b.intern("good"), b.intern("clear")});
            const auto& values = ordinal ? kClarityRatings[u] : kSafeRatings[u];
            std::vector<Rating> ratings;
            for (std::size_t r = 0; r < values.size(); ++r)
                ratings.push_back({b.intern("r" + std::to_string(r + 1)), values[r]});
            b.setRatings(item, ratings);
            for (int j = 0; j < 3; ++j) {
                for (int rep = 1; rep <= (ordinal ? 2 : 1); ++rep) {
                    JudgmentInput in;
                    in.item = item;
                    in.judge = b.intern(kJudges[j]);
                    in.format = b.intern("G-Eval");
                    in.rep = static_cast<std::uint16_t>(rep);
                    in.answer = ordinal ? kClarity[j][u][rep - 1] : kSafe[j][u];
                    if (in.answer == X)
                        in.error = b.intern("timeout");
                    in.raw = b.intern(rawOf(kJudges[j], id, rep));
                    in.confidence = 0.5 + 0.05 * u;
                    in.costUsd = 0.001 * rep;
                    const ProbEntry prob{in.answer, 0.6 + 0.05 * j};
                    if (in.answer != X && in.answer != NA)
                        in.probs = {&prob, 1};
                    in.source = {file, ++line};
                    b.addJudgment(in);
                }
            }
        }
    }
    ImportLog log;
    return b.build(log);
}

StrId idOf(const Audit& audit, const char* text)
{
    const auto found = audit.strings().find(text);
    return found ? *found : kEmptyStr;
}

} // namespace

class TestRubricPanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void criterionTableEqualsCore();
    void comparisonTableEqualsCore();
    void roundingRecomputesBoth();
    void bootstrapSettingRecomputesComparisonsOnly();
    void judgeChecklist();
    void comparisonDrillDown();
    void confusionCellDrillDown();
    void rowDrillDown();
    void shiftCurves();
    void copyTable();
    void noRubricData();
    void mainWindowDock();

private:
    void open(AuditSession& session, const Audit& audit, const QString& name);
    void compareModel(const FlatTableModel& model, const FlatTable& expected);
    int rowOf(const char* judge, const char* criterion) const;
    PairedSettings paired() const { return m_workspace->settings().paired; }

    QTemporaryDir m_dir;
    AuditPtr m_audit;
    std::unique_ptr<AuditSession> m_session;
    std::unique_ptr<RubricWorkspace> m_workspace;
    std::unique_ptr<QMainWindow> m_window;
    RubricPanel* m_panel = nullptr;
    std::vector<std::unique_ptr<QAbstractItemModelTester>> m_testers;
};

void TestRubricPanel::open(AuditSession& session, const Audit& audit, const QString& name)
{
    const QString path = m_dir.filePath(name);
    std::string error;
    QVERIFY2(ProjectFile::save(path.toStdString(), audit, {}, &error), error.c_str());
    QVERIFY(session.openProject(path));
    session.waitForJob();
    QVERIFY(session.audit());
}

void TestRubricPanel::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("TribunalRubricPanelTest"));
    QSettings().clear();
    QVERIFY(m_dir.isValid());
    const AuditPtr built = buildRubricAudit();
    QVERIFY(built);
    // 6 units x 3 judges x (2 ordinal runs + 1 binary run).
    QCOMPARE(built->judgmentCount(), std::size_t(54));

    m_session = std::make_unique<AuditSession>();
    m_workspace = std::make_unique<RubricWorkspace>(m_session.get());
    m_window = std::make_unique<QMainWindow>();
    m_panel = new RubricPanel(m_workspace.get(), m_window.get());
    for (QAbstractItemModel* model : {static_cast<QAbstractItemModel*>(m_panel->criteriaModel()),
                                      static_cast<QAbstractItemModel*>(m_panel->comparisonsModel())})
        m_testers.push_back(std::make_unique<QAbstractItemModelTester>(
            model, QAbstractItemModelTester::FailureReportingMode::QtTest));
    m_window->addDockWidget(Qt::RightDockWidgetArea, m_panel);
    m_window->setCentralWidget(new QWidget);
    m_window->resize(1400, 1000);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QCOMPARE(m_panel->objectName(), QStringLiteral("rubricPanel"));
    QCOMPARE(m_panel->messageLabel()->text(), QStringLiteral("No audit open."));

    open(*m_session, *built, QStringLiteral("rubric.tribunal"));
    m_audit = m_session->audit(); // the re-read snapshot the workspace analyses
    m_workspace->waitForIdle();
    QVERIFY(m_workspace->view()->computed);
    QVERIFY(m_workspace->comparisonView()->computed);
    QCOMPARE(m_workspace->analysisRuns(), 1);
    QCOMPARE(m_workspace->comparisonRuns(), 1);
    QVERIFY(!m_panel->messageLabel()->isVisibleTo(m_panel));
    QVERIFY(!m_panel->busyBar()->isVisibleTo(m_panel));
    // The defaults are tribunal-cli compare's: half-up, 10,000 resamples, seed 20261129, margin 0.05, no
    // cluster bootstrap.
    QCOMPARE(m_panel->roundingBox()->currentText(), QStringLiteral("half-up"));
    QCOMPARE(m_panel->resamplesBox()->value(), 10000);
    QCOMPARE(m_panel->seedBox()->value(), 20261129);
    QCOMPARE(m_panel->marginBox()->value(), 0.05);
    QVERIFY(!m_panel->clusterBox()->isChecked());
}

void TestRubricPanel::cleanupTestCase()
{
    m_testers.clear();
    m_window.reset();
    m_workspace.reset();
    m_session.reset();
}

void TestRubricPanel::compareModel(const FlatTableModel& model, const FlatTable& expected)
{
    QVERIFY(!expected.rows.empty());
    QCOMPARE(model.columnCount(), int(expected.columns.size()));
    QCOMPARE(model.rowCount(), int(expected.rows.size()));
    for (int c = 0; c < model.columnCount(); ++c)
        QCOMPARE(model.headerData(c, Qt::Horizontal).toString(), qs(expected.columns[std::size_t(c)]));
    for (int r = 0; r < model.rowCount(); ++r) {
        for (int c = 0; c < model.columnCount(); ++c) {
            const FlatCell& cell = expected.rows[std::size_t(r)][std::size_t(c)];
            const QModelIndex index = model.index(r, c);
            QCOMPARE(model.data(index, FlatTableModel::ExactRole).toString(),
                     FlatTableModel::exactText(cell));
            QCOMPARE(model.data(index).toString(), FlatTableModel::displayText(cell));
        }
    }
}

int TestRubricPanel::rowOf(const char* judge, const char* criterion) const
{
    const auto& view = *m_workspace->view();
    for (int r = 0; r < int(view.report.rows.size()); ++r) {
        const auto& row = view.report.rows[std::size_t(r)];
        if (!row.pooled && view.audit->str(row.judge) == judge && view.audit->str(row.criterion) == criterion)
            return r;
    }
    return -1;
}

void TestRubricPanel::criterionTableEqualsCore()
{
    const RubricReport report = analyseRubric(*m_audit, {LabelRounding::HalfUp});
    const FlatTable expected = rubricTable(*m_audit, report);
    // 3 judges x (binary: safe, pooled; ordinal: clarity, pooled) + the constant baselines (2 kinds x 2).
    QCOMPARE(int(expected.rows.size()), 3 * 4 + 4);
    compareModel(*m_panel->criteriaModel(), expected);
    // The display is the CLI's Markdown form: 4 significant digits (e.g. 0.6666666666666666 -> 0.6667).
    QCOMPARE(FlatTableModel::displayText(FlatCell{2.0 / 3.0}), QStringLiteral("0.6667"));
    QCOMPARE(FlatTableModel::exactText(FlatCell{2.0 / 3.0}), QStringLiteral("0.6666666666666666"));
}

void TestRubricPanel::comparisonTableEqualsCore()
{
    const auto& view = *m_workspace->comparisonView();
    // Every judge with a rubric cell, all pairs j1 < j2.
    std::vector<StrId> judges;
    for (const char* name : kJudges)
        judges.push_back(idOf(*m_audit, name));
    QCOMPARE(view.availableJudges.size(), std::size_t(3));
    for (StrId judge : judges)
        QVERIFY(std::find(view.judges.begin(), view.judges.end(), judge) != view.judges.end());
    const auto comparisons =
        compareJudges(*m_audit, view.judges, kEmptyStr, {LabelRounding::HalfUp}, paired());
    // One panel, one format: jA-jB, jA-jC, jB-jC.
    QCOMPARE(comparisons.size(), std::size_t(3));
    compareModel(*m_panel->comparisonsModel(), compareTable(*m_audit, comparisons, false));
    QVERIFY(!m_panel->comparisonMessage()->isVisibleTo(m_panel));
}

void TestRubricPanel::roundingRecomputesBoth()
{
    const int analyses = m_workspace->analysisRuns();
    const int comparisonRuns = m_workspace->comparisonRuns();
    const FlatTable halfUp = m_panel->criteriaModel()->table();
    const FlatTable halfUpComparisons = m_panel->comparisonsModel()->table();
    m_panel->roundingBox()->setCurrentIndex(m_panel->roundingBox()->findText(QStringLiteral("half-down")));
    m_workspace->waitForIdle();
    QCOMPARE(m_workspace->analysisRuns(), analyses + 1);
    QCOMPARE(m_workspace->comparisonRuns(), comparisonRuns + 1);
    QCOMPARE(m_workspace->settings().rounding, LabelRounding::HalfDown);
    const FlatTable expected = rubricTable(*m_audit, analyseRubric(*m_audit, {LabelRounding::HalfDown}));
    compareModel(*m_panel->criteriaModel(), expected);
    // u2 and u4 change their labels (3 -> 2, 4 -> 3): the exact accuracies differ.
    QVERIFY(expected.rows != halfUp.rows);
    const auto& view = *m_workspace->comparisonView();
    const auto comparisons =
        compareJudges(*m_audit, view.judges, kEmptyStr, {LabelRounding::HalfDown}, paired());
    const FlatTable expectedComparisons = compareTable(*m_audit, comparisons, false);
    compareModel(*m_panel->comparisonsModel(), expectedComparisons);
    QVERIFY(expectedComparisons.rows != halfUpComparisons.rows);

    m_panel->roundingBox()->setCurrentIndex(m_panel->roundingBox()->findText(QStringLiteral("half-up")));
    m_workspace->waitForIdle();
    compareModel(*m_panel->criteriaModel(), halfUp);
}

void TestRubricPanel::bootstrapSettingRecomputesComparisonsOnly()
{
    const int analyses = m_workspace->analysisRuns();
    const int comparisonRuns = m_workspace->comparisonRuns();
    m_panel->resamplesBox()->setValue(2000);
    m_panel->clusterBox()->setChecked(true);
    m_workspace->waitForIdle();
    QCOMPARE(m_workspace->analysisRuns(), analyses);
    QCOMPARE(m_workspace->comparisonRuns(), comparisonRuns + 2);
    QCOMPARE(paired().resamples, 2000);
    QVERIFY(paired().clusterBootstrap);
    const auto& view = *m_workspace->comparisonView();
    const auto comparisons =
        compareJudges(*m_audit, view.judges, kEmptyStr, {LabelRounding::HalfUp}, paired());
    const FlatTable expected = compareTable(*m_audit, comparisons, true);
    compareModel(*m_panel->comparisonsModel(), expected);
    QVERIFY(m_panel->comparisonsModel()->column("cluster_ci95_lo") >= 0);

    m_panel->clusterBox()->setChecked(false);
    m_panel->resamplesBox()->setValue(10000);
    m_workspace->waitForIdle();
    QCOMPARE(m_panel->comparisonsModel()->column("cluster_ci95_lo"), -1);
}

void TestRubricPanel::judgeChecklist()
{
    QMenu* menu = m_panel->judgesButton()->menu();
    QCOMPARE(menu->actions().size(), 3);
    QAction* jC = nullptr;
    for (QAction* action : menu->actions()) {
        QVERIFY(action->isChecked());
        if (action->text() == QStringLiteral("jC"))
            jC = action;
    }
    QVERIFY(jC);
    jC->setChecked(false);
    m_workspace->waitForIdle();
    const auto& view = *m_workspace->comparisonView();
    QCOMPARE(view.judges.size(), std::size_t(2));
    const auto comparisons =
        compareJudges(*m_audit, view.judges, kEmptyStr, {LabelRounding::HalfUp}, paired());
    QCOMPARE(comparisons.size(), std::size_t(1));
    compareModel(*m_panel->comparisonsModel(), compareTable(*m_audit, comparisons, false));

    // Two judges left out of three: nothing to compare, and the table says why.
    for (QAction* action : m_panel->judgesButton()->menu()->actions()) {
        if (action->text() == QStringLiteral("jB"))
            action->setChecked(false);
    }
    m_workspace->waitForIdle();
    QCOMPARE(m_panel->comparisonsModel()->rowCount(), 0);
    QCOMPARE(m_panel->comparisonMessage()->text(), QStringLiteral("Choose at least two judges to compare."));

    for (QAction* action : m_panel->judgesButton()->menu()->actions())
        action->setChecked(true);
    m_workspace->waitForIdle();
    QCOMPARE(m_workspace->comparisonView()->judges.size(), std::size_t(3));
    QCOMPARE(m_panel->comparisonsModel()->rowCount(), 3);
}

void TestRubricPanel::comparisonDrillDown()
{
    m_panel->tables()->setCurrentIndex(RubricPanel::ComparisonsTab);
    QTableView* table = m_panel->comparisonsView();
    QCoreApplication::processEvents();
    const auto& view = *m_workspace->comparisonView();
    const int row = 1; // jA vs jC (pairs in the order of the judge list)
    const JudgeComparison& c = view.comparisons[std::size_t(row)];
    table->selectRow(row);
    const QRect rect = table->visualRect(m_panel->comparisonsModel()->index(row, 0));
    QVERIFY(rect.isValid());
    // A user's double-click: press and release, then the double-click (the view acts on the pressed index).
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, rect.center());
    QTest::mouseDClick(table->viewport(), Qt::LeftButton, {}, rect.center());
    RubricPairsDialog* dialog = m_panel->pairsDialog();
    QVERIFY(dialog);
    QVERIFY(dialog->isVisible());

    // The pairs both judges scored, in item order, with each judge's correctness share.
    QTableWidget* pairs = dialog->pairTable();
    QCOMPARE(pairs->rowCount(), int(c.pairs.items.size()));
    QVERIFY(pairs->rowCount() >= 10); // 12 pairs, the binary tie u4-safe has no label
    QCOMPARE(pairs->horizontalHeaderItem(RubricPairsDialog::FixedColumns)->text(),
             qs(m_audit->str(c.first.judge)) + QStringLiteral(" correct"));
    for (int r = 0; r < pairs->rowCount(); ++r) {
        const std::uint32_t item = c.pairs.items[std::size_t(r)];
        QCOMPARE(dialog->pairList().entries[std::size_t(r)].item, item);
        QCOMPARE(pairs->item(r, RubricPairsDialog::ItemColumn)->text(),
                 qs(m_audit->str(m_audit->items().itemId[item])));
        QCOMPARE(pairs->item(r, RubricPairsDialog::FixedColumns)->text(),
                 RubricPairsDialog::numberText(c.pairs.pairs[std::size_t(r)].first));
        QCOMPARE(pairs->item(r, RubricPairsDialog::FixedColumns + 1)->text(),
                 RubricPairsDialog::numberText(c.pairs.pairs[std::size_t(r)].second));
    }

    // Select a pair with a split half-way label (u2-clarity: ratings 2, 3) and check it against core.
    int u2 = -1;
    for (int r = 0; r < pairs->rowCount(); ++r)
        if (pairs->item(r, RubricPairsDialog::ItemColumn)->text() == QStringLiteral("u2-clarity"))
            u2 = r;
    QVERIFY(u2 >= 0);
    QTest::mouseClick(pairs->viewport(), Qt::LeftButton, {},
                      pairs->visualItemRect(pairs->item(u2, RubricPairsDialog::ItemColumn)).center());
    QCOMPARE(dialog->currentPair(), u2);
    const std::uint32_t item = c.pairs.items[std::size_t(u2)];
    const RubricPairDetail detail = rubricPairDetail(*m_audit, item, LabelRounding::HalfUp);
    QCOMPARE(dialog->detail().item, item);
    // Label 3 (mean 2.5 rounded half-up), split, 2 raters.
    QCOMPARE(detail.label.label, Answer(3));
    QCOMPARE(dialog->labelText(),
             QStringLiteral("Label 3 (raters' mean 2.5, split, 2 raters; rule half-up)"));
    QCOMPARE(pairs->item(u2, RubricPairsDialog::LabelColumn)->text(), QStringLiteral("3"));
    QCOMPARE(dialog->ratingsText(), QStringLiteral("Ratings: r1: 2 · r2: 3"));
    QCOMPARE(dialog->itemTexts()->paneText(1), QStringLiteral("Submission for u2"));

    // Every judge's answer: 3 judges x 2 runs.
    QTableWidget* answers = dialog->answerTable();
    QCOMPARE(answers->rowCount(), int(detail.answers.size()));
    QCOMPARE(answers->rowCount(), 6);
    const auto& judgments = m_audit->judgments();
    for (int r = 0; r < answers->rowCount(); ++r) {
        const RubricPairAnswer& a = detail.answers[std::size_t(r)];
        const Cell& cell = m_audit->cells()[a.cell];
        auto text = [&](int column) { return answers->item(r, column)->text(); };
        QCOMPARE(text(RubricPairsDialog::JudgeColumn), qs(m_audit->str(cell.judge)));
        QCOMPARE(text(RubricPairsDialog::FormatColumn), QStringLiteral("G-Eval"));
        QCOMPARE(text(RubricPairsDialog::RunColumn), QString::number(a.rep));
        QCOMPARE(text(RubricPairsDialog::AnswerTextColumn),
                 QString::fromStdString(answerText(TaskKind::Ordinal, a.answer)));
        QCOMPARE(text(RubricPairsDialog::MatchColumn), RubricPairsDialog::matchText(a.match));
        QCOMPARE(text(RubricPairsDialog::ConfidenceColumn), RubricPairsDialog::numberText(a.confidence));
        QCOMPARE(text(RubricPairsDialog::ProbabilityColumn),
                 RubricPairsDialog::numberText(a.probabilityOfAnswer));
        QCOMPARE(text(RubricPairsDialog::CostColumn), RubricPairsDialog::numberText(a.costUsd));
        dialog->setCurrentAnswer(r);
        QCOMPARE(dialog->rawOutputText(), qs(m_audit->str(judgments.raw[a.judgment])));
    }
    // Hand-checked: jA answers 3 then 2 on u2 (label 3): right, then wrong by one level; confidence
    // 0.5 + 0.05 * 1 = 0.55, P(answer) 0.6, cost 0.001 x run.
    QCOMPARE(answers->item(0, RubricPairsDialog::JudgeColumn)->text(), QStringLiteral("jA"));
    QCOMPARE(answers->item(0, RubricPairsDialog::MatchColumn)->text(), QStringLiteral("right"));
    QCOMPARE(answers->item(1, RubricPairsDialog::MatchColumn)->text(), QStringLiteral("wrong"));
    QCOMPARE(answers->item(1, RubricPairsDialog::DistanceColumn)->text(), QStringLiteral("-1"));
    QCOMPARE(answers->item(0, RubricPairsDialog::ConfidenceColumn)->text(), QStringLiteral("0.55"));
    QCOMPARE(answers->item(0, RubricPairsDialog::ProbabilityColumn)->text(), QStringLiteral("0.6"));
    QCOMPARE(answers->item(1, RubricPairsDialog::CostColumn)->text(), QStringLiteral("0.002"));
    dialog->setCurrentAnswer(1);
    QCOMPARE(dialog->rawOutputText(), QStringLiteral("raw jA u2-clarity run 2\nThe answer follows."));
    m_panel->tables()->setCurrentIndex(RubricPanel::CriteriaTab);
}

void TestRubricPanel::confusionCellDrillDown()
{
    const int row = rowOf("jC", "clarity");
    QVERIFY(row >= 0);
    m_panel->criteriaView()->selectRow(row);
    QCOMPARE(m_workspace->selectedRow(), row);
    const auto& view = *m_workspace->view();
    ConfusionHeatmap* plot = m_panel->confusionPlot();
    m_panel->plotTabs()->setCurrentIndex(0);
    QCoreApplication::processEvents();
    plot->replot();
    const int confusion = view.confusionOf(row);
    QVERIFY(confusion >= 0);
    QCOMPARE(plot->confusion(), confusion);
    const RubricConfusion& c = view.confusions[std::size_t(confusion)];
    QCOMPARE(c.levels, 4);
    QCOMPARE(plot->axisTitles(), (QStringList{"1", "2", "3", "4"}));
    for (int l = 0; l < 4; ++l)
        for (int p = 0; p < 4; ++p)
            QCOMPARE(plot->cellText(l, p), QString::number(c.count(l, p)));
    // jC's failed call on u4 is not on the axes; the line under the plot counts it.
    QCOMPARE(m_panel->plotTabs()->leftOutLabel(0)->text(),
             QStringLiteral("Not on the axes: NA 0, failed or out of scale 1 (predictions)."));

    // Double-click the cell label 2, predicted 2 (u5: jC answers 2 and 1 on label 2).
    QCOMPARE(c.count(1, 1), 1u);
    const InteractivePlot::Point* target = nullptr;
    for (const auto& point : plot->points())
        if (point.row == 1 * 4 + 1)
            target = &point;
    QVERIFY(target);
    QTest::mouseDClick(plot, Qt::LeftButton, {}, plot->pixelOf(*target).toPoint());
    RubricPairsDialog* dialog = m_panel->pairsDialog();
    QVERIFY(dialog);
    const auto expected = confusionItems(*m_audit, c, 1, 1, view.settings);
    QCOMPARE(int(dialog->pairList().entries.size()), int(expected.size()));
    QCOMPARE(dialog->pairTable()->rowCount(), int(expected.size()));
    for (std::size_t i = 0; i < expected.size(); ++i)
        QCOMPARE(dialog->pairList().entries[i].item, expected[i]);
    QCOMPARE(dialog->pairTable()->item(0, RubricPairsDialog::ItemColumn)->text(),
             QStringLiteral("u5-clarity"));
    QCOMPARE(plot->selectedCell(), 1 * 4 + 1);

    // The signal path too: a whole label row (predicted -1 is the row's pairs in core, the plot asks per
    // cell).
    plot->activateCell(3, 3);
    const auto diagonal = confusionItems(*m_audit, c, 3, 3, view.settings);
    QCOMPARE(int(dialog->pairList().entries.size()), int(diagonal.size()));
    for (std::size_t i = 0; i < diagonal.size(); ++i)
        QCOMPARE(dialog->pairList().entries[i].item, diagonal[i]);
}

void TestRubricPanel::rowDrillDown()
{
    const int row = rowOf("jB", "safe");
    QVERIFY(row >= 0);
    const QRect rect = m_panel->criteriaView()->visualRect(m_panel->criteriaModel()->index(row, 0));
    QTest::mouseClick(m_panel->criteriaView()->viewport(), Qt::LeftButton, {}, rect.center());
    QTest::mouseDClick(m_panel->criteriaView()->viewport(), Qt::LeftButton, {}, rect.center());
    QCOMPARE(m_workspace->selectedRow(), row);
    const auto& view = *m_workspace->view();
    const auto expected =
        confusionItems(*m_audit, view.confusions[std::size_t(view.confusionOf(row))], -1, -1, view.settings);
    // Every binary pair of the panel, the unlabelled tie u4-safe too.
    QCOMPARE(expected.size(), std::size_t(6));
    RubricPairsDialog* dialog = m_panel->pairsDialog();
    QCOMPARE(int(dialog->pairList().entries.size()), 6);
    for (std::size_t i = 0; i < expected.size(); ++i)
        QCOMPARE(dialog->pairList().entries[i].item, expected[i]);
    QCOMPARE(dialog->pairTable()->item(3, RubricPairsDialog::LabelColumn)->text(), QString());
    // A binary row has no level shift; the confusion matrix is UNMET / MET.
    QCOMPARE(m_panel->confusionPlot()->axisTitles(), (QStringList{"UNMET", "MET"}));
    QVERIFY(m_panel->shiftPlot()->curves().empty());
}

void TestRubricPanel::shiftCurves()
{
    const int row = rowOf("jA", "clarity");
    m_workspace->selectRow(row);
    const auto& view = *m_workspace->view();
    ShiftCurvePlot* plot = m_panel->shiftPlot();
    // One curve per judge on P1 / clarity, each core's LevelShiftRow::curve (s = -3 .. 3).
    QCOMPARE(plot->curves().size(), std::size_t(3));
    for (int i = 0; i < 3; ++i) {
        const LevelShiftRow& s = view.report.shifts[std::size_t(plot->curves()[std::size_t(i)])];
        QCOMPARE(qs(m_audit->str(s.criterion)), QStringLiteral("clarity"));
        QCOMPARE(int(s.curve.size()), 7);
        auto data = plot->curveGraph(i)->data();
        QCOMPARE(data->size(), 7);
        for (int k = 0; k < 7; ++k) {
            QCOMPARE(data->at(k)->key, double(s.curve[std::size_t(k)].shift));
            QCOMPARE(data->at(k)->value, s.curve[std::size_t(k)].accuracy);
        }
        QCOMPARE(plot->curveGraph(i)->name(), qs(m_audit->str(s.judge)) + QStringLiteral(" · G-Eval"));
    }
    // The best-shift diamond of the selected judge is its row's point.
    QVERIFY(plot->pixelOfRow(row).has_value());
}

void TestRubricPanel::copyTable()
{
    QApplication::clipboard()->clear();
    m_panel->tables()->setCurrentIndex(RubricPanel::CriteriaTab);
    m_panel->copyTable();
    const QString text = QApplication::clipboard()->text();
    const FlatTable expected = rubricTable(*m_audit, analyseRubric(*m_audit, {LabelRounding::HalfUp}));
    QCOMPARE(text, FlatTableModel::tsv(expected));
    const QStringList lines = text.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), int(expected.rows.size()) + 1);
    QVERIFY(lines.first().startsWith(QStringLiteral("judge\tformat\tpanel\tcriterion\tkind\tn\texact\t")));
    QCOMPARE(lines.at(1).count(QLatin1Char('\t')), int(expected.columns.size()) - 1);

    m_panel->tables()->setCurrentIndex(RubricPanel::ComparisonsTab);
    m_panel->copyTable();
    QVERIFY(QApplication::clipboard()->text().startsWith(
        QStringLiteral("panel\tjudge1\tjudge2\tformat\tn_pairs\t")));
    QCOMPARE(QApplication::clipboard()->text(), FlatTableModel::tsv(m_panel->comparisonsModel()->table()));
    m_panel->tables()->setCurrentIndex(RubricPanel::CriteriaTab);
}

void TestRubricPanel::noRubricData()
{
    AuditSession session;
    RubricWorkspace workspace(&session);
    RubricPanel panel(&workspace);
    open(session, *testaudit::build(false), QStringLiteral("pairwise.tribunal"));
    workspace.waitForIdle();
    QCOMPARE(panel.messageLabel()->text(),
             QStringLiteral("No rubric judgments in this audit (no judged binary or ordinal item)."));
    QCOMPARE(panel.criteriaModel()->rowCount(), 0);
    QCOMPARE(panel.comparisonMessage()->text(),
             QStringLiteral("Paired comparisons need two judges with rubric judgments."));
    QVERIFY(panel.tableText().isEmpty());
    QVERIFY(!panel.judgesButton()->isEnabled());
}

void TestRubricPanel::mainWindowDock()
{
    MainWindow window;
    auto* panel = window.findChild<RubricPanel*>();
    QVERIFY(panel);
    QCOMPARE(panel->objectName(), QStringLiteral("rubricPanel"));
    QVERIFY(window.tabifiedDockWidgets(window.overviewPanel()).contains(panel));
    bool inViewMenu = false;
    for (QAction* menu : window.menuBar()->actions()) {
        if (menu->menu() && menu->text() == QStringLiteral("&View"))
            inViewMenu = menu->menu()->actions().contains(panel->toggleViewAction());
    }
    QVERIFY(inViewMenu);
    QCOMPARE(panel->toggleViewAction()->text(), QStringLiteral("Rubric judges"));
}

QTEST_MAIN(TestRubricPanel)
#include "tst_rubricpanel.moc"
