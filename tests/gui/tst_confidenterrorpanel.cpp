// Issue 7, the Confident errors dock (workbench.md journey 2; metrics.md K1-K4): on a small hand-built rubric
// audit (one panel, 8 units, an ordinal criterion and a binary one, raters with split pairs; a first judge
// jD with stated confidences on ordinal pairs and P(MET) on binary ones, two other judges jB and jC without
// either) the dock picks jD by its default rule, lists exactly core's confidentErrorTable rows for the
// panel and kind (the rows `tribunal-cli confident-errors --first jD` writes) in the hand-sorted K3 order,
// the repeats tab core's repeatSummaryTable, the K2 line a hand-computed AUROC; selecting a confident error
// shows core's rubricPairDetail (label, ratings, every judge's answer and raw output); the split filter
// leaves the split pairs; a typed note is stored with AuditSession::setNote and saved in the project; n and
// the rounding rule recompute, kind and filter do not; the main window has the dock. On the bundled sample
// (sim-rubric) the copied tables equal `tribunal-cli confident-errors` output row for row.

#include "cascades/confidenterrorpanel.h"
#include "cascades/confidenterrorview.h"
#include "cascades/confidenterrorworkspace.h"
#include "framework/auditsession.h"
#include "framework/flattablemodel.h"
#include "framework/mainwindow.h"
#include "framework/qstrings.h"
#include "items/itemtextsview.h"
#include "rubric/rubricpairview.h"
#include "testaudit.h"
#include "trust/overviewpanel.h"

#include "../common/clirun.h"

#include "analysis/rubricpairdetail.h"
#include "io/project/projectfile.h"
#include "model/auditbuilder.h"
#include "report/cascadetables.h"

#include <QAbstractItemModelTester>
#include <QClipboard>
#include <QComboBox>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

#include <memory>

using namespace tribunal;

namespace {

const QString kSample = QStringLiteral(TRIBUNAL_BUILD_DIR "/resources/sample.tribunal");

constexpr Answer M = answer::kMet;
constexpr Answer U = answer::kUnmet;
constexpr Answer NA = answer::kNA;

const char* const kJudges[] = {"jB", "jC", "jD"}; // name order: the panel's judge order

// Ordinal "clarity" (levels 1..4). Split: u2 (mean 2.5, half-up 3, half-down 2), u4 (3.5: 4 / 3), u6 (3.667:
// 4), u8 (1.5: 2 / 1).
const std::vector<Answer> kClarityRatings[8] = {{3, 3, 3}, {2, 3},    {1, 1, 1}, {4, 3},
                                                {2, 2, 2}, {3, 4, 4}, {4, 4, 4}, {1, 2}};
// Binary "safe": u3, u4 and u8 split, u7 a rater tie (no label).
const std::vector<Answer> kSafeRatings[8] = {{M, M, M}, {U, U},    {M, U, M}, {U, U, M},
                                             {M, M},    {U, U, U}, {M, U},    {M, M, U}};
// Answers of jB, jC, jD. jD on clarity, half-up labels 3 3 1 4 2 4 4 2: wrong on u1, u2, u4, u7.
const Answer kClarity[3][8] = {{2, 3, 1, 3, 2, 4, 4, 1}, {3, 2, 2, 4, NA, 4, 3, 2}, {2, 2, 1, 3, 2, 4, 3, 2}};
// jD's stated confidence on clarity (K1 uses it as given).
const double kClarityConfidence[8] = {0.9, 0.8, 0.7, 0.6, 0.95, 0.4, 0.3, 0.2};
// jD on safe (labels M U M U M U - M): false negatives u1, u3; false positives u2, u4.
const Answer kSafe[3][8] = {{U, U, M, M, M, U, M, M}, {M, M, U, U, M, M, U, M}, {U, M, U, M, M, U, M, M}};
const double kSafePMet[8] = {0.2, 0.9, 0.3, 0.7, 0.8, 0.1, 0.6, 0.95};

std::string rawOf(const std::string& judge, const std::string& item)
{
    return "raw " + judge + " " + item + "\nBecause the submission says so.";
}

AuditPtr buildAudit()
{
    AuditBuilder b;
    const auto file = b.addSourceFile("tst_confidenterrorpanel");
    std::uint64_t line = 0;
    for (int u = 0; u < 8; ++u) {
        const std::string unit = "u" + std::to_string(u + 1);
        for (TaskKind kind : {TaskKind::Ordinal, TaskKind::Binary}) {
            const bool ordinal = kind == TaskKind::Ordinal;
            const std::string id = unit + (ordinal ? "-clarity" : "-safe");
            const auto item = b.addItem(b.intern("P1"), b.intern(id), kind);
            b.setText(item, ItemText::UnitId, b.intern(unit));
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
                JudgmentInput in;
                in.item = item;
                in.judge = b.intern(kJudges[j]);
                in.format = b.intern("G-Eval");
                in.answer = ordinal ? kClarity[j][u] : kSafe[j][u];
                in.raw = b.intern(rawOf(kJudges[j], id));
                const ProbEntry probs[2] = {{M, kSafePMet[u]}, {U, 1 - kSafePMet[u]}};
                if (j == 2 && ordinal)
                    in.confidence = kClarityConfidence[u];
                if (j == 2 && !ordinal)
                    in.probs = probs;
                in.source = {file, ++line};
                b.addJudgment(in);
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

class TestConfidentErrorPanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void defaultsAndBinaryList();
    void ordinalListEqualsCore();
    void repeatsAndDiscrimination();
    void drillIntoConfidentError();
    void splitFilter();
    void noteSavedInProject();
    void settingsRecomputeOnlyWhatDependsOnThem();
    void noRubricData();
    void sampleEqualsCli();
    void mainWindowDock();

private:
    void open(AuditSession& session, const Audit& audit, const QString& name);
    /// core's confidentErrorTable / repeatSummaryTable for first judge `first` and every other judge, rows
    /// of `kind` only (the CLI writes both kinds; the dock shows one).
    FlatTable expectedTable(const char* first, TaskKind kind, int n, LabelRounding rounding,
                            bool repeats) const;
    void compareModel(const FlatTableModel& model, const FlatTable& expected);
    /// The item ids of the list's rows.
    QStringList listedItems() const;
    void selectListRow(int row);
    void setKind(TaskKind kind);

    QTemporaryDir m_dir;
    AuditPtr m_audit;
    std::unique_ptr<AuditSession> m_session;
    std::unique_ptr<ConfidentErrorWorkspace> m_workspace;
    std::unique_ptr<QMainWindow> m_window;
    ConfidentErrorsPanel* m_panel = nullptr;
    std::vector<std::unique_ptr<QAbstractItemModelTester>> m_testers;
};

void TestConfidentErrorPanel::open(AuditSession& session, const Audit& audit, const QString& name)
{
    const QString path = m_dir.filePath(name);
    std::string error;
    QVERIFY2(ProjectFile::save(path.toStdString(), audit, {}, &error), error.c_str());
    QVERIFY(session.openProject(path));
    session.waitForJob();
    QVERIFY(session.audit());
}

FlatTable TestConfidentErrorPanel::expectedTable(const char* first, TaskKind kind, int n,
                                                 LabelRounding rounding, bool repeats) const
{
    const Audit& audit = *m_audit;
    const StrId format = idOf(audit, "G-Eval");
    std::vector<JudgeKey> keys{{idOf(audit, first), format, 0}};
    std::vector<std::size_t> others;
    for (const char* judge : kJudges)
        if (std::string_view(judge) != first) {
            others.push_back(keys.size());
            keys.push_back({idOf(audit, judge), format, 0});
        }
    const std::vector<ConfidentErrorPanel> panels{confidentErrorPanel(
        audit, rubricVerdictTable(audit, idOf(audit, "P1"), keys, rounding), 0, others, n)};
    const FlatTable all = repeats ? repeatSummaryTable(audit, panels) : confidentErrorTable(audit, panels);
    FlatTable out;
    out.columns = all.columns;
    const FlatCell name{std::string(kindName(kind))};
    for (const auto& row : all.rows)
        if (row[1] == name) // column 1 is "kind" in both tables
            out.rows.push_back(row);
    return out;
}

void TestConfidentErrorPanel::compareModel(const FlatTableModel& model, const FlatTable& expected)
{
    QVERIFY(!expected.rows.empty());
    QCOMPARE(model.columnCount(), int(expected.columns.size()));
    QCOMPARE(model.rowCount(), int(expected.rows.size()));
    for (int c = 0; c < model.columnCount(); ++c)
        QCOMPARE(model.headerData(c, Qt::Horizontal).toString(), qs(expected.columns[std::size_t(c)]));
    for (int r = 0; r < model.rowCount(); ++r)
        for (int c = 0; c < model.columnCount(); ++c)
            QCOMPARE(model.data(model.index(r, c), FlatTableModel::ExactRole).toString(),
                     FlatTableModel::exactText(expected.rows[std::size_t(r)][std::size_t(c)]));
}

QStringList TestConfidentErrorPanel::listedItems() const
{
    QStringList out;
    const FlatTableModel* model = m_panel->sampleModel();
    const int column = model->column("item");
    for (int r = 0; r < model->rowCount(); ++r)
        out << model->index(r, column).data().toString();
    return out;
}

void TestConfidentErrorPanel::selectListRow(int row)
{
    QTableView* view = m_panel->sampleView();
    view->setCurrentIndex(m_panel->sampleModel()->index(row, m_panel->sampleModel()->column("item")));
}

void TestConfidentErrorPanel::setKind(TaskKind kind)
{
    QComboBox* box = m_panel->panelBox();
    const int index = box->findText(QStringLiteral("P1 · %1").arg(qs(kindName(kind))));
    QVERIFY(index >= 0);
    box->setCurrentIndex(index);
    m_workspace->waitForIdle();
    QVERIFY(m_workspace->shownKind() == kind);
}

void TestConfidentErrorPanel::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("TribunalConfidentErrorTest"));
    QSettings().clear();
    QVERIFY(m_dir.isValid());
    const AuditPtr built = buildAudit();
    QVERIFY(built);
    QCOMPARE(built->judgmentCount(), std::size_t(48)); // 16 pairs x 3 judges

    m_session = std::make_unique<AuditSession>();
    m_workspace = std::make_unique<ConfidentErrorWorkspace>(m_session.get());
    m_window = std::make_unique<QMainWindow>();
    m_panel = new ConfidentErrorsPanel(m_workspace.get(), m_window.get());
    for (QAbstractItemModel* model : {static_cast<QAbstractItemModel*>(m_panel->sampleModel()),
                                      static_cast<QAbstractItemModel*>(m_panel->repeatsModel())})
        m_testers.push_back(std::make_unique<QAbstractItemModelTester>(
            model, QAbstractItemModelTester::FailureReportingMode::QtTest));
    m_window->addDockWidget(Qt::RightDockWidgetArea, m_panel);
    m_window->setCentralWidget(new QWidget);
    m_window->resize(1600, 1000);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QCOMPARE(m_panel->objectName(), QStringLiteral("confidentErrorPanel"));
    QCOMPARE(m_panel->messageLabel()->text(), QStringLiteral("No audit open."));

    open(*m_session, *built, QStringLiteral("confident.tribunal"));
    m_audit = m_session->audit(); // the re-read snapshot the workspace analyses
    m_workspace->waitForIdle();
    QVERIFY(m_workspace->view()->computed);
    QVERIFY(m_workspace->view()->error.isEmpty());
    QCOMPARE(m_workspace->runs(), 1);
    QVERIFY(!m_panel->busyBar()->isVisibleTo(m_panel));
}

void TestConfidentErrorPanel::cleanupTestCase()
{
    m_testers.clear();
    m_window.reset();
    m_workspace.reset();
    m_session.reset();
}

void TestConfidentErrorPanel::defaultsAndBinaryList()
{
    // The first judge with confidences is jD (jB and jC have none), though it is last by name; the others
    // are jB and jC; n 12, half-up, all raters; the panel's first kind (binary before ordinal).
    QCOMPARE(m_panel->firstBox()->currentText(), QStringLiteral("jD · G-Eval (confidence)"));
    QCOMPARE(m_panel->firstBox()->count(), 3);
    QCOMPARE(m_panel->firstBox()->itemText(0), QStringLiteral("jB · G-Eval"));
    QCOMPARE(m_panel->sampleSizeBox()->value(), 12);
    QCOMPARE(m_panel->roundingBox()->currentText(), QStringLiteral("half-up"));
    QCOMPARE(m_panel->filterBox()->currentText(), QStringLiteral("all"));
    QCOMPARE(m_panel->panelBox()->currentText(), QStringLiteral("P1 · binary"));
    QCOMPARE(m_panel->panelBox()->count(), 2);
    const QList<QAction*> others = m_panel->othersButton()->menu()->actions();
    QCOMPARE(others.size(), 2);
    QCOMPARE(others[0]->text(), QStringLiteral("jB · G-Eval"));
    QVERIFY(others[0]->isChecked() && others[1]->isChecked());

    compareModel(*m_panel->sampleModel(),
                 expectedTable("jD", TaskKind::Binary, 12, LabelRounding::HalfUp, false));
    // K3 binary: false positives by P(MET) descending (u2 0.9, u4 0.7), then false negatives by P(MET)
    // ascending (u1 0.2, u3 0.3).
    QCOMPARE(listedItems(), QStringList({"u2-safe", "u4-safe", "u1-safe", "u3-safe"}));
    // K2 on binary pairs: K1 = 2 |P(MET) - 0.5| is at least 0.4 on every labelled pair, so the lowest band is
    // empty.
    QVERIFY(m_panel->discriminationLabel()->text().contains(
        QStringLiteral("[0,\u00a00.25)\u00a0no\u00a0answers · [0.25,\u00a00.5)\u00a0")));
    // The constant columns are the settings row's.
    QVERIFY(m_panel->sampleView()->isColumnHidden(m_panel->sampleModel()->column("judge")));
    QVERIFY(!m_panel->sampleView()->isColumnHidden(m_panel->sampleModel()->column("p_met")));
    QVERIFY(!m_panel->messageLabel()->isVisibleTo(m_panel));
}

void TestConfidentErrorPanel::ordinalListEqualsCore()
{
    const int runs = m_workspace->runs();
    setKind(TaskKind::Ordinal);
    QCOMPARE(m_workspace->runs(), runs); // the view has every kind: nothing to recompute
    const FlatTable expected = expectedTable("jD", TaskKind::Ordinal, 12, LabelRounding::HalfUp, false);
    compareModel(*m_panel->sampleModel(), expected);
    // K3 ordinal: jD's wrong answers by confidence descending (0.9, 0.8, 0.6, 0.3).
    QCOMPARE(listedItems(), QStringList({"u1-clarity", "u2-clarity", "u4-clarity", "u7-clarity"}));
    // Per other judge its answer and whether it repeats the error: jB repeats on u1 (2) and u4 (3), jC on
    // u2 (2) and u7 (3).
    const FlatTableModel* model = m_panel->sampleModel();
    const int repeatB = model->column("repeat_jB");
    const int repeatC = model->column("repeat_jC");
    const int answerC = model->column("answer_jC");
    QVERIFY(repeatB >= 0 && repeatC >= 0 && answerC >= 0);
    const QStringList b = {"true", "false", "true", "false"};
    const QStringList c = {"false", "true", "false", "true"};
    for (int r = 0; r < 4; ++r) {
        QCOMPARE(model->index(r, repeatB).data(FlatTableModel::ExactRole).toString(), b[r]);
        QCOMPARE(model->index(r, repeatC).data(FlatTableModel::ExactRole).toString(), c[r]);
    }
    QCOMPARE(model->index(1, answerC).data().toString(), QStringLiteral("2"));

    // Copy: the CLI's rows of this panel and kind, tab-separated with the header line, every digit.
    QApplication::clipboard()->clear();
    m_panel->tables()->setCurrentIndex(ConfidentErrorsPanel::SampleTab);
    m_panel->copyTable();
    QCOMPARE(QApplication::clipboard()->text(), FlatTableModel::tsv(expected));
    QVERIFY(QApplication::clipboard()->text().startsWith(QStringLiteral("panel\tkind\tjudge\tunit\t")));
}

void TestConfidentErrorPanel::repeatsAndDiscrimination()
{
    setKind(TaskKind::Ordinal);
    const FlatTable expected = expectedTable("jD", TaskKind::Ordinal, 12, LabelRounding::HalfUp, true);
    compareModel(*m_panel->repeatsModel(), expected);
    m_panel->tables()->setCurrentIndex(ConfidentErrorsPanel::RepeatsTab);
    QCOMPARE(m_panel->tableText(), FlatTableModel::tsv(expected));
    m_panel->tables()->setCurrentIndex(ConfidentErrorsPanel::SampleTab);

    // K4 on the sample (= every error: 4 < n), 4 errors x 2 judges, every baseline defined. Repeats: jB on
    // u1 (2) and u4 (3), jC on u2 (2) and u7 (3). Baselines (the judge's share of the wrong answer on the
    // other pairs with the same label): u1 (label 3; other: u2) jB 0, jC 1; u2 (other: u1) jB 1, jC 0;
    // u4 (label 4; others u6, u7) jB 0, jC 1/2; u7 (others u4, u6) jB 1/2, jC 0. Expected = 3.
    const ConfidentErrorKindSummary* summary = m_workspace->view()->summaryOf(TaskKind::Ordinal);
    QVERIFY(summary);
    QCOMPARE(summary->sample.checks, 8u);
    QCOMPARE(summary->sample.repeats, 4u);
    QCOMPARE(summary->sample.expectedRepeats, 3.0);
    QCOMPARE(m_panel->repeatsLabel()->text(),
             QStringLiteral("Repeats (K4) in the sample: 4 of 8 checks (0.5), expected 3 (0.375); in every "
                            "error of jD · G-Eval: 4 of 8 checks (0.5), expected 3 (0.375)"));

    // K2 of jD on clarity. Right answers' confidences 0.95, 0.7, 0.4, 0.2; wrong 0.9, 0.8, 0.6, 0.3.
    // AUROC = (4 + 2 + 1 + 0) / 16 = 0.4375 (each right one against the wrong ones below it).
    // Bands: [0, .25) 0.2 right: 0 of 1; [.25, .5) 0.4 right, 0.3 wrong: 1 of 2; [.5, .75) 0.7, 0.6: 1 of 2;
    // [.75, 1] 0.95 right, 0.9 and 0.8 wrong: 2 of 3 = 0.6667.
    QCOMPARE(summary->discrimination.auroc, 0.4375);
    QCOMPARE(
        m_panel->discriminationLabel()->text(),
        // Within a band no-break spaces (U+00A0), so that a band never wraps.
        QStringLiteral("Discrimination (K2) of jD · G-Eval: AUROC 0.4375 over 8 answers with a confidence; "
                       "error rate by confidence band: [0,\u00a00.25)\u00a00\u00a0(1) · "
                       "[0.25,\u00a00.5)\u00a00.5\u00a0(2) · "
                       "[0.5,\u00a00.75)\u00a00.5\u00a0(2) · [0.75,\u00a01]\u00a00.6667\u00a0(3)"));
}

void TestConfidentErrorPanel::drillIntoConfidentError()
{
    setKind(TaskKind::Ordinal);
    selectListRow(1); // u2: jD said 2 with confidence 0.8; raters 2 and 3, label 3
    QCOMPARE(m_workspace->selectedRow(), m_workspace->shownRows()[1]);
    RubricPairView* pair = m_panel->pairView();
    const auto item = m_audit->findItem("P1", "u2-clarity");
    QVERIFY(item);
    QCOMPARE(pair->item(), int(*item));
    const RubricPairDetail expected = rubricPairDetail(*m_audit, *item, LabelRounding::HalfUp);
    QCOMPARE(pair->detail().label.label, expected.label.label);
    QCOMPARE(pair->labelText(), QStringLiteral("Label 3 (raters' mean 2.5, split, 2 raters; rule half-up)"));
    QCOMPARE(pair->ratingsText(), QStringLiteral("Ratings: r1: 2 · r2: 3"));
    QCOMPARE(pair->itemTexts()->paneText(1), QStringLiteral("Submission for u2"));
    // Every judge's answer and its raw output (the rationale), as core lists them.
    QTableWidget* answers = pair->answerTable();
    QCOMPARE(answers->rowCount(), int(expected.answers.size()));
    QCOMPARE(answers->rowCount(), 3);
    for (int r = 0; r < answers->rowCount(); ++r) {
        const RubricPairAnswer& a = expected.answers[std::size_t(r)];
        const Cell& cell = m_audit->cells()[a.cell];
        QCOMPARE(answers->item(r, RubricPairView::JudgeColumn)->text(), qs(m_audit->str(cell.judge)));
        QCOMPARE(answers->item(r, RubricPairView::AnswerTextColumn)->text(),
                 qs(answerText(TaskKind::Ordinal, a.answer)));
        QCOMPARE(answers->item(r, RubricPairView::MatchColumn)->text(), RubricPairView::matchText(a.match));
        QCOMPARE(answers->item(r, RubricPairView::ConfidenceColumn)->text(),
                 RubricPairView::numberText(a.confidence));
        pair->setCurrentAnswer(r);
        QCOMPARE(pair->rawOutputText(), qs(m_audit->str(m_audit->judgments().raw[a.judgment])));
    }
    // Hand-checked: jB said 3 (right), jC 2 and jD 2 (wrong), jD with its confidence.
    QCOMPARE(answers->item(0, RubricPairView::AnswerTextColumn)->text(), QStringLiteral("3"));
    QCOMPARE(answers->item(0, RubricPairView::MatchColumn)->text(), QStringLiteral("right"));
    QCOMPARE(answers->item(2, RubricPairView::JudgeColumn)->text(), QStringLiteral("jD"));
    QCOMPARE(answers->item(2, RubricPairView::MatchColumn)->text(), QStringLiteral("wrong"));
    QCOMPARE(answers->item(2, RubricPairView::ConfidenceColumn)->text(), QStringLiteral("0.8"));
    pair->setCurrentAnswer(2);
    QCOMPARE(pair->rawOutputText(), QStringLiteral("raw jD u2-clarity\nBecause the submission says so."));
}

void TestConfidentErrorPanel::splitFilter()
{
    setKind(TaskKind::Ordinal);
    selectListRow(0); // u1 (unanimous): not shown under "split"
    const int runs = m_workspace->runs();
    m_panel->filterBox()->setCurrentIndex(m_panel->filterBox()->findText(QStringLiteral("split")));
    QCOMPARE(m_workspace->runs(), runs);
    // The split pairs among the errors: u2 (2, 3) and u4 (4, 3).
    QCOMPARE(listedItems(), QStringList({"u2-clarity", "u4-clarity"}));
    for (int r : m_workspace->shownRows())
        QVERIFY(!rubricLabel(*m_audit, m_workspace->view()->rows[std::size_t(r)].item).unanimous);
    // The selection moved to a shown pair; its ratings disagree.
    QCOMPARE(m_workspace->selectedRow(), m_workspace->shownRows().front());
    QVERIFY(m_panel->pairView()->labelText().contains(QStringLiteral("split")));
    // Copy gives the shown rows: the CLI's rows of the split pairs.
    const FlatTable all = expectedTable("jD", TaskKind::Ordinal, 12, LabelRounding::HalfUp, false);
    FlatTable split{all.columns, {all.rows[1], all.rows[2]}};
    QCOMPARE(m_panel->tableText(), FlatTableModel::tsv(split));

    m_panel->filterBox()->setCurrentIndex(m_panel->filterBox()->findText(QStringLiteral("unanimous")));
    QCOMPARE(listedItems(), QStringList({"u1-clarity", "u7-clarity"}));
    setKind(TaskKind::Binary);
    QCOMPARE(listedItems(), QStringList({"u2-safe", "u1-safe"})); // u3 and u4 are split
    m_panel->filterBox()->setCurrentIndex(m_panel->filterBox()->findText(QStringLiteral("all")));
    QCOMPARE(m_panel->sampleModel()->rowCount(), 4);
}

void TestConfidentErrorPanel::noteSavedInProject()
{
    setKind(TaskKind::Ordinal);
    selectListRow(2); // u4
    QVERIFY(m_panel->noteEdit()->isEnabled());
    QVERIFY(m_panel->noteEdit()->toPlainText().isEmpty());
    const QString note = QStringLiteral("The raters split; jD's 3 is defensible.");
    m_panel->noteEdit()->setFocus();
    QTest::keyClicks(m_panel->noteEdit(), note);
    QSignalSpy notesChanged(m_session.get(), &AuditSession::notesChanged);
    QTest::mouseClick(m_panel->saveNoteButton(), Qt::LeftButton);
    QCOMPARE(notesChanged.count(), 1);
    QCOMPARE(m_session->note("P1", "u4-clarity"), note);

    // Another pair shows its own (empty) note; back on u4 the note is there again.
    selectListRow(0);
    QVERIFY(m_panel->noteEdit()->toPlainText().isEmpty());
    // Typing and moving on stores the edited note too.
    QTest::keyClicks(m_panel->noteEdit(), QStringLiteral("Unanimous, clearly wrong."));
    selectListRow(2);
    QCOMPARE(m_session->note("P1", "u1-clarity"), QStringLiteral("Unanimous, clearly wrong."));
    QCOMPARE(m_panel->noteEdit()->toPlainText(), note);

    // Saved with the project and found again after reopening it.
    const QString path = m_dir.filePath(QStringLiteral("noted.tribunal"));
    QVERIFY(m_session->saveAs(path));
    m_session->waitForJob();
    QVERIFY(!m_session->isDirty());
    AuditSession reopened;
    QVERIFY(reopened.openProject(path));
    reopened.waitForJob();
    QCOMPARE(reopened.note("P1", "u4-clarity"), note);
    m_workspace->waitForIdle(); // saving does not change the audit: nothing recomputed, rows unchanged
    QCOMPARE(m_panel->sampleModel()->rowCount(), 4);
}

void TestConfidentErrorPanel::settingsRecomputeOnlyWhatDependsOnThem()
{
    setKind(TaskKind::Ordinal);
    int runs = m_workspace->runs();
    // n = 1: only the most confident error.
    m_panel->sampleSizeBox()->setValue(1);
    m_workspace->waitForIdle();
    QCOMPARE(m_workspace->runs(), ++runs);
    QCOMPARE(listedItems(), QStringList({"u1-clarity"}));
    compareModel(*m_panel->sampleModel(),
                 expectedTable("jD", TaskKind::Ordinal, 1, LabelRounding::HalfUp, false));
    m_panel->sampleSizeBox()->setValue(12);
    m_workspace->waitForIdle();
    ++runs;

    // R1 half-down: u2 -> 2 and u4 -> 3 (jD right there), u8 -> 1 (jD's 2 wrong, confidence 0.2).
    m_panel->roundingBox()->setCurrentIndex(m_panel->roundingBox()->findText(QStringLiteral("half-down")));
    m_workspace->waitForIdle();
    QCOMPARE(m_workspace->runs(), ++runs);
    QCOMPARE(listedItems(), QStringList({"u1-clarity", "u7-clarity", "u8-clarity"}));
    compareModel(*m_panel->sampleModel(),
                 expectedTable("jD", TaskKind::Ordinal, 12, LabelRounding::HalfDown, false));
    selectListRow(2);
    QCOMPARE(m_panel->pairView()->labelText(),
             QStringLiteral("Label 1 (raters' mean 1.5, split, 2 raters; rule half-down)"));
    m_panel->roundingBox()->setCurrentIndex(m_panel->roundingBox()->findText(QStringLiteral("half-up")));
    m_workspace->waitForIdle();
    ++runs;

    // Another first judge: jB (no confidence: its errors keep pair order); jD becomes an other judge.
    m_panel->firstBox()->setCurrentIndex(0);
    m_workspace->waitForIdle();
    QCOMPARE(m_workspace->runs(), ++runs);
    QCOMPARE(m_panel->firstBox()->currentText(), QStringLiteral("jB · G-Eval"));
    compareModel(*m_panel->sampleModel(),
                 expectedTable("jB", TaskKind::Ordinal, 12, LabelRounding::HalfUp, false));
    QVERIFY(m_panel->sampleModel()->column("answer_jD") >= 0);

    // Leaving jC out of the others drops its columns.
    QAction* jC = nullptr;
    for (QAction* action : m_panel->othersButton()->menu()->actions())
        if (action->text() == QStringLiteral("jC · G-Eval"))
            jC = action;
    QVERIFY(jC);
    jC->setChecked(false);
    m_workspace->waitForIdle();
    QCOMPARE(m_workspace->runs(), ++runs);
    QCOMPARE(m_panel->sampleModel()->column("answer_jC"), -1);
    QVERIFY(m_panel->sampleModel()->column("answer_jD") >= 0);
}

void TestConfidentErrorPanel::noRubricData()
{
    AuditSession session;
    ConfidentErrorWorkspace workspace(&session);
    ConfidentErrorsPanel panel(&workspace);
    // A note typed but not stored when another project opens is not carried into that project.
    open(session, *m_audit, QStringLiteral("rubric-again.tribunal"));
    workspace.waitForIdle();
    QVERIFY(panel.noteEdit()->isEnabled());
    const int shown = workspace.selectedRow();
    QVERIFY(shown >= 0);
    const std::uint32_t item = workspace.view()->rows[std::size_t(shown)].item;
    const std::string itemId(m_audit->str(m_audit->items().itemId[item]));
    QTest::keyClicks(panel.noteEdit(), QStringLiteral("typed, never stored"));
    open(session, *testaudit::build(false), QStringLiteral("pairwise.tribunal"));
    workspace.waitForIdle();
    QCOMPARE(panel.messageLabel()->text(), QStringLiteral("No binary or ordinal items in this audit."));
    QCOMPARE(panel.sampleModel()->rowCount(), 0);
    QVERIFY(panel.tableText().isEmpty());
    QVERIFY(!panel.othersButton()->isEnabled());
    QVERIFY(!panel.noteEdit()->isEnabled());
    QVERIFY(session.note("P1", itemId).isEmpty());
    QVERIFY(session.extras().notes.empty());
}

void TestConfidentErrorPanel::sampleEqualsCli()
{
    QVERIFY2(QFile::exists(kSample), qPrintable(kSample));
    AuditSession session;
    ConfidentErrorWorkspace workspace(&session);
    ConfidentErrorsPanel panel(&workspace);
    QVERIFY(session.openProject(kSample));
    session.waitForJob();
    workspace.waitForIdle();
    QVERIFY(workspace.view()->error.isEmpty());
    // The default first judge: sim-cheap, the only simulated judge with probabilities.
    QCOMPARE(panel.panelBox()->currentText(), QStringLiteral("sim-rubric · binary"));
    QCOMPARE(panel.firstBox()->currentText(), QStringLiteral("sim-cheap · rubric (confidence)"));
    for (const char* table : {"sample", "repeats"}) {
        const testing::CliRun cli =
            testing::runCli({"confident-errors", kSample, "--first", "sim-cheap", "--panel", "sim-rubric",
                             "--table", table, "--format", "csv"});
        QCOMPARE(cli.exitCode, 0);
        QVERIFY(!cli.out.contains(QLatin1Char('"'))); // no quoted field: commas are the separators
        const QStringList lines = cli.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QVERIFY(lines.size() > 2);
        panel.tables()->setCurrentIndex(std::string_view(table) == "sample"
                                            ? ConfidentErrorsPanel::SampleTab
                                            : ConfidentErrorsPanel::RepeatsTab);
        for (const char* kind : {"binary", "ordinal"}) {
            panel.panelBox()->setCurrentIndex(
                panel.panelBox()->findText(QStringLiteral("sim-rubric · %1").arg(QLatin1String(kind))));
            // The CLI's header and its rows of this kind ("sim-rubric,KIND,..."), tab-separated.
            QStringList expected{QString(lines.first()).replace(QLatin1Char(','), QLatin1Char('\t'))};
            for (const QString& line : lines)
                if (line.startsWith(QStringLiteral("sim-rubric,%1,").arg(QLatin1String(kind))))
                    expected << QString(line).replace(QLatin1Char(','), QLatin1Char('\t'));
            QVERIFY(expected.size() > 1);
            QCOMPARE(panel.tableText(), expected.join(QLatin1Char('\n')) + QLatin1Char('\n'));
        }
    }
}

void TestConfidentErrorPanel::mainWindowDock()
{
    MainWindow window;
    auto* panel = window.findChild<ConfidentErrorsPanel*>();
    QVERIFY(panel);
    QCOMPARE(panel, window.confidentErrorPanel());
    QCOMPARE(panel->workspace(), window.confidentErrorWorkspace());
    QVERIFY(window.tabifiedDockWidgets(window.overviewPanel()).contains(panel));
    bool inViewMenu = false;
    for (QAction* menu : window.menuBar()->actions()) {
        if (menu->menu() && menu->text() == QStringLiteral("&View"))
            inViewMenu = menu->menu()->actions().contains(panel->toggleViewAction());
    }
    QVERIFY(inViewMenu);
    QCOMPARE(panel->toggleViewAction()->text(), QStringLiteral("Confident errors"));
}

QTEST_MAIN(TestConfidentErrorPanel)
#include "tst_confidenterrorpanel.moc"
