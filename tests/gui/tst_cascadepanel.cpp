// Issue 7, the Cascades panel (workbench.md; metrics.md K7-K11): on a small hand-built rubric audit (one
// panel, 12 units with an ordinal and a binary criterion; a first judge jD with confidences, P(MET) and the
// lowest cost, two fallbacks jF1 / jF2 with costs only) the default judges are jD -> {jF1, jF2}; the curve
// and summary tables equal core's cascadeCurveTable / cascadeSummaryTable for the same settings (what
// `tribunal-cli cascade --table curve|summary` writes); the tau slider shows the kept / deferred counts and
// both K10 terms of the curve's point at that tau and they change between two taus; the seed and the
// halvings recompute only the K9 (summary) job, the rounding rule and the first judge both; the fallback
// checklist keeps at least one fallback; the frontier marks exactly the undominated points and is, point
// for point and flag for flag, `--table frontier` (as is the plotted Pareto line); Copy gives the
// tables tab-separated; an audit without rubric data says so; the main window has the dock.

#include "cascades/cascadepanel.h"
#include "cascades/cascadeplot.h"
#include "cascades/cascadeview.h"
#include "cascades/frontierplot.h"
#include "framework/auditsession.h"
#include "framework/flattablemodel.h"
#include "framework/mainwindow.h"
#include "framework/qstrings.h"
#include "testaudit.h"
#include "trust/overviewpanel.h"

#include "io/project/projectfile.h"
#include "model/auditbuilder.h"
#include "report/cascadefrontiertable.h"
#include "report/cascadetables.h"

#include <QAbstractItemModelTester>
#include <QClipboard>
#include <QComboBox>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <memory>
#include <variant>

using namespace tribunal;

namespace {

constexpr Answer M = answer::kMet;
constexpr Answer U = answer::kUnmet;
constexpr int kUnits = 12;

/// Ordinal label of unit u (one rater): 1..4.
Answer clarityLabel(int u)
{
    return static_cast<Answer>(u % 4 + 1);
}
Answer safeLabel(int u)
{
    return u % 2 == 0 ? M : U;
}
/// Who is right where: jD on its confident units (u >= 5 ordinal, u >= 4 binary), jF1 unless u % 3 == 0, jF2
/// on even units.
bool right(int judge, int u, bool ordinal)
{
    if (judge == 0)
        return u >= (ordinal ? 5 : 4);
    return judge == 1 ? u % 3 != 0 : u % 2 == 0;
}

AuditPtr buildCascadeAudit()
{
    AuditBuilder b;
    const auto file = b.addSourceFile("tst_cascadepanel");
    const char* const judges[] = {"jD", "jF1", "jF2"};
    const double costs[] = {0.001, 0.01, 0.02};
    std::uint64_t line = 0;
    for (int u = 0; u < kUnits; ++u) {
        const std::string unit = "u" + std::to_string(u);
        for (TaskKind kind : {TaskKind::Ordinal, TaskKind::Binary}) {
            const bool ordinal = kind == TaskKind::Ordinal;
            const auto item =
                b.addItem(b.intern("P1"), b.intern(unit + (ordinal ? "-clarity" : "-safe")), kind);
            b.setText(item, ItemText::UnitId, b.intern(unit));
            b.setText(item, ItemText::Criterion, b.intern(ordinal ? "clarity" : "safe"));
            if (ordinal)
                b.setLevels(item, {b.intern("poor"), b.intern("fair"), b.intern("good"), b.intern("clear")});
            const Answer label = ordinal ? clarityLabel(u) : safeLabel(u);
            b.setRatings(item, {Rating{b.intern("r1"), label}});
            for (int j = 0; j < 3; ++j) {
                JudgmentInput in;
                in.item = item;
                in.judge = b.intern(judges[j]);
                in.format = b.intern("G-Eval");
                const bool ok = right(j, u, ordinal);
                in.answer = ordinal ? (ok ? label : static_cast<Answer>(label % 4 + 1))
                                    : (ok == (label == M) ? M : U);
                in.costUsd = costs[j];
                // jD's score: K1 confidence 0.05 + 0.08 u (ordinal), |P(MET) - 0.5| = 0.02 + 0.04 u (binary).
                ProbEntry probs[2];
                if (j == 0 && ordinal)
                    in.confidence = 0.05 + 0.08 * u;
                if (j == 0 && !ordinal) {
                    const double d = 0.02 + 0.04 * u;
                    const double pMet = in.answer == M ? 0.5 + d : 0.5 - d;
                    probs[0] = {M, pMet};
                    probs[1] = {U, 1.0 - pMet};
                    in.probs = {probs, 2};
                }
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

class TestCascadePanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void defaultJudges();
    void tablesEqualCore();
    void sliderShowsPointAndK10();
    void seedAndHalvingsRecomputeK9Only();
    void roundingRecomputesBoth();
    void firstJudgeAndFallbacks();
    void paretoFrontier_data();
    void paretoFrontier();
    void frontierPoints();
    void frontierEqualsCli();
    void copyTable();
    void noRubricData();
    void mainWindowDock();

private:
    void open(AuditSession& session, const Audit& audit, const QString& name);
    void compareModel(const FlatTableModel& model, const FlatTable& expected);
    JudgeKey key(const char* judge) const { return {idOf(*m_audit, judge), idOf(*m_audit, "G-Eval"), 0}; }
    /// What `tribunal-cli cascade --panel P1 --first FIRST --fallbacks ...` computes.
    std::vector<CascadePanel> expected(const char* first, std::vector<const char*> fallbacks, int halvings,
                                       std::uint64_t seed,
                                       LabelRounding rounding = LabelRounding::HalfUp) const;

    QTemporaryDir m_dir;
    AuditPtr m_audit;
    std::unique_ptr<AuditSession> m_session;
    std::unique_ptr<CascadeWorkspace> m_workspace;
    std::unique_ptr<QMainWindow> m_window;
    CascadesPanel* m_panel = nullptr;
    std::vector<std::unique_ptr<QAbstractItemModelTester>> m_testers;
};

void TestCascadePanel::open(AuditSession& session, const Audit& audit, const QString& name)
{
    const QString path = m_dir.filePath(name);
    std::string error;
    QVERIFY2(ProjectFile::save(path.toStdString(), audit, {}, &error), error.c_str());
    QVERIFY(session.openProject(path));
    session.waitForJob();
    QVERIFY(session.audit());
}

std::vector<CascadePanel> TestCascadePanel::expected(const char* first, std::vector<const char*> fallbacks,
                                                     int halvings, std::uint64_t seed,
                                                     LabelRounding rounding) const
{
    std::vector<JudgeKey> keys{key(first)};
    std::vector<std::size_t> indices;
    for (const char* f : fallbacks) {
        indices.push_back(keys.size());
        keys.push_back(key(f));
    }
    CascadeSettings settings;
    settings.halvings = halvings;
    settings.seed = seed;
    settings.threads = 1;
    std::vector<CascadePanel> panels;
    panels.push_back(cascadePanel(*m_audit,
                                  rubricVerdictTable(*m_audit, idOf(*m_audit, "P1"), keys, rounding), 0,
                                  indices, {}, settings));
    return panels;
}

void TestCascadePanel::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("TribunalCascadePanelTest"));
    QSettings().clear();
    QVERIFY(m_dir.isValid());
    const AuditPtr built = buildCascadeAudit();
    QVERIFY(built);
    QCOMPARE(built->judgmentCount(), std::size_t(kUnits * 2 * 3));

    m_session = std::make_unique<AuditSession>();
    m_workspace = std::make_unique<CascadeWorkspace>(m_session.get());
    m_window = std::make_unique<QMainWindow>();
    m_panel = new CascadesPanel(m_workspace.get(), m_window.get());
    for (QAbstractItemModel* model : {static_cast<QAbstractItemModel*>(m_panel->summaryModel()),
                                      static_cast<QAbstractItemModel*>(m_panel->curveModel())})
        m_testers.push_back(std::make_unique<QAbstractItemModelTester>(
            model, QAbstractItemModelTester::FailureReportingMode::QtTest));
    m_window->addDockWidget(Qt::RightDockWidgetArea, m_panel);
    m_window->setCentralWidget(new QWidget);
    m_window->resize(1400, 1000);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QCOMPARE(m_panel->objectName(), QStringLiteral("cascadePanel"));
    QCOMPARE(m_panel->messageLabel()->text(), QStringLiteral("No audit open."));

    open(*m_session, *built, QStringLiteral("cascade.tribunal"));
    m_audit = m_session->audit(); // the re-read snapshot the workspace replays
    m_workspace->waitForIdle();
    QVERIFY(m_workspace->curveView()->computed);
    QVERIFY(m_workspace->summaryCurrent());
    QCOMPARE(m_workspace->curveRuns(), 1);
    QCOMPARE(m_workspace->summaryRuns(), 1);
    QVERIFY(!m_panel->messageLabel()->isVisibleTo(m_panel));
    QVERIFY(!m_panel->busyBar()->isVisibleTo(m_panel));
    // tribunal-cli cascade's defaults: 50 halvings, seed 20261129, half-up.
    QCOMPARE(m_panel->halvingsBox()->value(), 50);
    QCOMPARE(m_panel->seedBox()->value(), 20261129);
    QCOMPARE(m_panel->roundingBox()->currentText(), QStringLiteral("half-up"));
}

void TestCascadePanel::cleanupTestCase()
{
    m_testers.clear();
    m_window.reset();
    m_workspace.reset();
    m_session.reset();
}

void TestCascadePanel::compareModel(const FlatTableModel& model, const FlatTable& expected)
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

void TestCascadePanel::defaultJudges()
{
    // jD is the only judge with confidences (and the cheapest); every other judge is a fallback.
    const CascadeCurveView& view = *m_workspace->curveView();
    QVERIFY(view.defaultJudges);
    QCOMPARE(view.key.first, key("jD"));
    QCOMPARE(view.key.fallbacks, (std::vector<JudgeKey>{key("jF1"), key("jF2")}));
    QCOMPARE(m_panel->firstBox()->currentText(), QStringLiteral("jD"));
    QCOMPARE(m_panel->panelBox()->currentText(), QStringLiteral("P1"));
    const auto actions = m_panel->fallbacksButton()->menu()->actions();
    QCOMPARE(actions.size(), 2);
    for (QAction* a : actions)
        QVERIFY(a->isChecked());
    // Binary before ordinal; the slider starts on the best cascade's oracle point.
    QCOMPARE(m_panel->kindBox()->count(), 2);
    QCOMPARE(m_panel->kindBox()->currentText(), QStringLiteral("binary"));
    const CascadeReplay& r = view.panel.replays[0];
    QCOMPARE(m_workspace->fallback(), r.bestCascade);
    QCOMPARE(std::size_t(m_workspace->tau()), r.fallbacks[std::size_t(r.bestCascade)].oracle);
}

void TestCascadePanel::tablesEqualCore()
{
    const auto panels = expected("jD", {"jF1", "jF2"}, 50, 20261129);
    // 2 fallbacks x (26 binary + 21 ordinal taus); one summary row per kind.
    QCOMPARE(cascadeCurveTable(*m_audit, panels).rows.size(), std::size_t(2 * (26 + 21)));
    compareModel(*m_panel->curveModel(), cascadeCurveTable(*m_audit, panels));
    compareModel(*m_panel->summaryModel(), cascadeSummaryTable(*m_audit, panels));
    QVERIFY(m_panel->summaryLabel()->text().contains(QStringLiteral("K9 (50 halvings)")));
}

void TestCascadePanel::sliderShowsPointAndK10()
{
    m_panel->kindBox()->setCurrentIndex(1);
    QCOMPARE(m_workspace->kind(), 1);
    QCOMPARE(m_panel->tauSlider()->maximum(), 20); // ordinal grid k/20
    m_panel->sliderFallbackBox()->setCurrentIndex(
        m_panel->sliderFallbackBox()->findText(QStringLiteral("jF1")));
    QCOMPARE(m_workspace->fallback(), 0);
    const auto panels = expected("jD", {"jF1", "jF2"}, 50, 20261129);
    const std::vector<CascadePoint>& curve = panels[0].replays[1].fallbacks[0].curve;
    const auto shown = [this] {
        return QStringList{m_panel->tauLabel()->text(), m_panel->pointLabel()->text(),
                           m_panel->k10Label()->text()};
    };
    QStringList before;
    for (int tau : {4, 14}) {
        m_panel->tauSlider()->setValue(tau);
        QCOMPARE(m_workspace->tau(), tau);
        const CascadePoint& p = curve[std::size_t(tau)];
        const CascadePoint* selected = m_workspace->selectedPoint();
        QVERIFY(selected);
        QCOMPARE(selected->kept, p.kept);
        QCOMPARE(selected->deferred, p.deferred);
        QCOMPARE(selected->k10Left, p.k10Left);
        QCOMPARE(selected->k10Right, p.k10Right);
        QCOMPARE(m_panel->tauLabel()->text(),
                 QStringLiteral("tau = %1").arg(CascadesPanel::numberText(p.tau)));
        QVERIFY(m_panel->pointLabel()->text().startsWith(QStringLiteral("kept %1 · deferred %2 · accuracy %3")
                                                             .arg(p.kept)
                                                             .arg(p.deferred)
                                                             .arg(CascadesPanel::numberText(p.accuracy))));
        QCOMPARE(m_panel->k10Label()->text(),
                 QStringLiteral("K10: accuracy(cascade) − accuracy(fallback) = %1; s_kept × (a_kept(D) − "
                                "a_kept(fallback)) = %2")
                     .arg(CascadesPanel::numberText(p.k10Left), CascadesPanel::numberText(p.k10Right)));
        // The vertical line of both tau plots follows the slider.
        QCOMPARE(m_panel->accuracyPlot()->tauLine()->point1->coords().x(), p.tau);
        QCOMPARE(m_panel->costPlot()->tauLine()->point1->coords().x(), p.tau);
        if (!before.isEmpty())
            QVERIFY(shown() != before);
        before = shown();
    }
    // Hand count (jD confidence 0.05 + 0.08 u, right on u >= 5; jF1 wrong on u = 0, 3, 6, 9):
    // tau 0.2 defers u0, u1: cascade right 7 + 1 = 8 = jF1 alone, K10 0 on both sides;
    // tau 0.7 defers u0..u8: 3 + 6 = 9, K10 = 9/12 - 8/12 = 3/12 x (3/3 - 2/3) = 1/12.
    QCOMPARE(curve[4].deferred, 2u);
    QCOMPARE(curve[4].k10Left, 0.0);
    QCOMPARE(curve[14].deferred, 9u);
    QCOMPARE(curve[14].right, 9u);
    QVERIFY(std::abs(curve[14].k10Left - 1.0 / 12.0) < 1e-12);
    QVERIFY(std::abs(curve[14].k10Right - 1.0 / 12.0) < 1e-12);
    // The accuracy plot draws the same points.
    auto data = m_panel->accuracyPlot()->curveGraph(0)->data();
    QCOMPARE(data->size(), int(curve.size()));
    for (int k = 0; k < data->size(); ++k) {
        QCOMPARE(data->at(k)->key, curve[std::size_t(k)].tau);
        QCOMPARE(data->at(k)->value, curve[std::size_t(k)].accuracy);
    }
    QVERIFY(m_panel->accuracyPlot()->crossFitGraph());
}

void TestCascadePanel::seedAndHalvingsRecomputeK9Only()
{
    const int curves = m_workspace->curveRuns();
    const int summaries = m_workspace->summaryRuns();
    const FlatTable curveTable = m_panel->curveModel()->table();
    const int tau = m_workspace->tau();
    m_panel->seedBox()->setValue(7);
    m_workspace->waitForIdle();
    QCOMPARE(m_workspace->curveRuns(), curves);
    QCOMPARE(m_workspace->summaryRuns(), summaries + 1);
    compareModel(*m_panel->summaryModel(),
                 cascadeSummaryTable(*m_audit, expected("jD", {"jF1", "jF2"}, 50, 7)));
    m_panel->halvingsBox()->setValue(9);
    m_workspace->waitForIdle();
    QCOMPARE(m_workspace->curveRuns(), curves);
    QCOMPARE(m_workspace->summaryRuns(), summaries + 2);
    compareModel(*m_panel->summaryModel(),
                 cascadeSummaryTable(*m_audit, expected("jD", {"jF1", "jF2"}, 9, 7)));
    QVERIFY(m_panel->summaryLabel()->text().contains(QStringLiteral("K9 (9 halvings)")));
    QVERIFY(m_panel->curveModel()->table().rows == curveTable.rows);
    QCOMPARE(m_workspace->tau(), tau); // the slider stays
    m_panel->halvingsBox()->setValue(50);
    m_panel->seedBox()->setValue(20261129);
    m_workspace->waitForIdle();
    QCOMPARE(m_workspace->curveRuns(), curves);
}

void TestCascadePanel::roundingRecomputesBoth()
{
    const int curves = m_workspace->curveRuns();
    const int summaries = m_workspace->summaryRuns();
    m_panel->roundingBox()->setCurrentIndex(m_panel->roundingBox()->findText(QStringLiteral("half-down")));
    m_workspace->waitForIdle();
    QCOMPARE(m_workspace->curveRuns(), curves + 1);
    QCOMPARE(m_workspace->summaryRuns(), summaries + 1);
    const auto panels = expected("jD", {"jF1", "jF2"}, 50, 20261129, LabelRounding::HalfDown);
    compareModel(*m_panel->curveModel(), cascadeCurveTable(*m_audit, panels));
    compareModel(*m_panel->summaryModel(), cascadeSummaryTable(*m_audit, panels));
    // The same panel keeps the kind and the fallback.
    QCOMPARE(m_workspace->kind(), 1);
    QCOMPARE(m_workspace->fallback(), 0);
    m_panel->roundingBox()->setCurrentIndex(m_panel->roundingBox()->findText(QStringLiteral("half-up")));
    m_workspace->waitForIdle();
}

void TestCascadePanel::firstJudgeAndFallbacks()
{
    const int curves = m_workspace->curveRuns();
    m_panel->firstBox()->setCurrentIndex(m_panel->firstBox()->findText(QStringLiteral("jF1")));
    m_workspace->waitForIdle();
    QCOMPARE(m_workspace->curveRuns(), curves + 1);
    // The chosen fallbacks without the new first judge.
    const CascadeCurveView& view = *m_workspace->curveView();
    QVERIFY(!view.defaultJudges);
    QCOMPARE(view.key.first, key("jF1"));
    QCOMPARE(view.key.fallbacks, std::vector<JudgeKey>{key("jF2")});
    compareModel(*m_panel->curveModel(), cascadeCurveTable(*m_audit, expected("jF1", {"jF2"}, 50, 20261129)));
    compareModel(*m_panel->summaryModel(),
                 cascadeSummaryTable(*m_audit, expected("jF1", {"jF2"}, 50, 20261129)));
    // The last fallback stays (K7 needs one): unchecking it is refused.
    QVERIFY(!m_workspace->setFallbackIncluded(key("jF2"), false));
    QVERIFY(m_workspace->setFallbackIncluded(key("jD"), true));
    m_workspace->waitForIdle();
    QCOMPARE(m_workspace->curveView()->key.fallbacks, (std::vector<JudgeKey>{key("jD"), key("jF2")}));
    compareModel(*m_panel->curveModel(),
                 cascadeCurveTable(*m_audit, expected("jF1", {"jD", "jF2"}, 50, 20261129)));
    // Back to jD with both fallbacks through the checklist.
    m_panel->firstBox()->setCurrentIndex(m_panel->firstBox()->findText(QStringLiteral("jD")));
    m_workspace->waitForIdle();
    QCOMPARE(m_workspace->curveView()->key.fallbacks, std::vector<JudgeKey>{key("jF2")});
    for (QAction* a : m_panel->fallbacksButton()->menu()->actions())
        if (a->text() == QStringLiteral("jF1"))
            a->setChecked(true);
    m_workspace->waitForIdle();
    QCOMPARE(m_workspace->curveView()->key.fallbacks, (std::vector<JudgeKey>{key("jF1"), key("jF2")}));
    compareModel(*m_panel->summaryModel(),
                 cascadeSummaryTable(*m_audit, expected("jD", {"jF1", "jF2"}, 50, 20261129)));
}

void TestCascadePanel::paretoFrontier_data()
{
    QTest::addColumn<std::vector<double>>("cost");
    QTest::addColumn<std::vector<double>>("accuracy");
    QTest::addColumn<std::vector<bool>>("flags");
    const double nan = std::nan("");
    // (3, 0.6) is dominated by (2, 0.7); equal points dominate neither.
    QTest::newRow("dominated") << std::vector<double>{1, 2, 3, 2} << std::vector<double>{0.5, 0.7, 0.6, 0.7}
                               << std::vector<bool>{true, true, false, true};
    // Same cost, lower accuracy: dominated; same accuracy, higher cost: dominated.
    QTest::newRow("ties") << std::vector<double>{1, 1, 2} << std::vector<double>{0.5, 0.4, 0.5}
                          << std::vector<bool>{true, false, false};
    QTest::newRow("missing accuracy")
        << std::vector<double>{0, 1} << std::vector<double>{nan, 0.5} << std::vector<bool>{false, true};
    QTest::newRow("empty") << std::vector<double>{} << std::vector<double>{} << std::vector<bool>{};
}

void TestCascadePanel::paretoFrontier()
{
    QFETCH(std::vector<double>, cost);
    QFETCH(std::vector<double>, accuracy);
    QFETCH(std::vector<bool>, flags);
    QCOMPARE(CascadeWorkspace::paretoFrontier(cost, accuracy), flags);
}

void TestCascadePanel::frontierPoints()
{
    m_workspace->setKind(1);
    const auto points = m_workspace->frontier();
    const CascadeReplay& r = *m_workspace->curveView()->replay(1);
    // jD, jF1, jF2 alone, the two juries, 2 x 21 cascade points.
    QCOMPARE(points.size(), std::size_t(3 + 2 + 42));
    QCOMPARE(points[0].label, QStringLiteral("jD"));
    QCOMPARE(points[0].costPerPair, r.firstCost / 12.0);
    QCOMPARE(points[0].accuracy, r.firstAccuracy);
    // Every juror answers every pair: 0.001 + 0.01 + 0.02 USD.
    QCOMPARE(points[3].type, FrontierPoint::JuryLower);
    QVERIFY(std::abs(points[3].costPerPair - 0.031) < 1e-12);
    // jD alone is the cheapest point: always on the frontier; jF2 alone (the dearest single judge, accuracy
    // 6/12) is dominated by jD (7/12).
    QVERIFY(points[0].onFrontier);
    QCOMPARE(points[2].label, QStringLiteral("jF2"));
    QVERIFY(!points[2].onFrontier);
    std::vector<double> cost, accuracy;
    for (const FrontierPoint& p : points) {
        cost.push_back(p.costPerPair);
        accuracy.push_back(p.accuracy);
    }
    const auto flags = CascadeWorkspace::paretoFrontier(cost, accuracy);
    int onFrontier = 0;
    for (std::size_t i = 0; i < points.size(); ++i) {
        QCOMPARE(points[i].onFrontier, bool(flags[i]));
        onFrontier += flags[i] ? 1 : 0;
    }
    QCOMPARE(m_panel->frontierPlot()->frontierGraph()->data()->size(), onFrontier);
}

void TestCascadePanel::frontierEqualsCli()
{
    // `tribunal-cli cascade --panel P1 --first jD --fallbacks jF1,jF2 --table frontier` (the dock's judges
    // here; the curves do not depend on the halvings), kind by kind: same points, numbers and flags.
    const CascadeCurveView& view = *m_workspace->curveView();
    QCOMPARE(view.key.first, key("jD"));
    const FlatTable cli = cascadeFrontierTable(*m_audit, expected("jD", {"jF1", "jF2"}, 1, 20261129));
    const auto cell = [&cli](const std::vector<FlatCell>& row, const char* name) -> const FlatCell& {
        return row[static_cast<std::size_t>(std::find(cli.columns.begin(), cli.columns.end(), name) -
                                            cli.columns.begin())];
    };
    const auto textAt = [&](const std::vector<FlatCell>& row, const char* name) {
        const auto* t = std::get_if<std::string>(&cell(row, name));
        return t ? QString::fromStdString(*t) : QString();
    };
    const auto numberAt = [&](const auto& row, const char* name) {
        return std::get<double>(cell(row, name));
    };
    const char* const types[] = {"single", "jury-lower", "jury-upper", "cascade"};
    for (int kind = 0; kind < view.kindCount(); ++kind) {
        m_workspace->setKind(kind);
        const CascadeReplay& r = *view.replay(kind);
        std::vector<const std::vector<FlatCell>*> rows;
        for (const auto& row : cli.rows)
            if (textAt(row, "kind") == QString::fromStdString(std::string(kindName(r.kind))))
                rows.push_back(&row);
        const std::vector<FrontierPoint> points = m_workspace->frontier();
        QCOMPARE(points.size(), rows.size());
        std::vector<std::pair<double, double>> pareto;
        for (std::size_t i = 0; i < points.size(); ++i) {
            const FrontierPoint& p = points[i];
            const auto& row = *rows[i];
            QCOMPARE(textAt(row, "type"), QString::fromLatin1(types[static_cast<int>(p.type)]));
            // Bit for bit: the plot's coordinates are the table's numbers.
            QCOMPARE(numberAt(row, "cost_per_pair"), p.costPerPair);
            QCOMPARE(numberAt(row, "total_cost"), p.totalCost);
            QCOMPARE(numberAt(row, "accuracy"), p.accuracy);
            QCOMPARE(std::get<std::int64_t>(cell(row, "pareto")), std::int64_t(p.onFrontier ? 1 : 0));
            if (p.type == FrontierPoint::Single)
                QCOMPARE(textAt(row, "label"), p.label);
            if (p.type == FrontierPoint::Cascade) {
                QCOMPARE(textAt(row, "fallback"), view.judgeLabel(p.judge));
                const auto& curve = r.fallbacks[static_cast<std::size_t>(p.fallback)].curve;
                QCOMPARE(numberAt(row, "tau"), curve[static_cast<std::size_t>(p.tau)].tau);
            }
            if (p.onFrontier)
                pareto.emplace_back(p.costPerPair, p.accuracy);
        }
        // The plotted Pareto line: the flagged rows by cost, then accuracy.
        std::sort(pareto.begin(), pareto.end());
        const auto graph = m_panel->frontierPlot()->frontierGraph()->data();
        QCOMPARE(static_cast<std::size_t>(graph->size()), pareto.size());
        for (std::size_t i = 0; i < pareto.size(); ++i)
            QVERIFY(graph->at(static_cast<int>(i))->key == pareto[i].first &&
                    graph->at(static_cast<int>(i))->value == pareto[i].second);
    }
    m_workspace->setKind(1);
}

void TestCascadePanel::copyTable()
{
    QApplication::clipboard()->clear();
    const auto panels = expected("jD", {"jF1", "jF2"}, 50, 20261129);
    m_panel->tables()->setCurrentIndex(CascadesPanel::SummaryTab);
    m_panel->copyTable();
    QCOMPARE(QApplication::clipboard()->text(), FlatTableModel::tsv(cascadeSummaryTable(*m_audit, panels)));
    QVERIFY(QApplication::clipboard()->text().startsWith(QStringLiteral("panel\tkind\tpairs\tfirst\t")));
    m_panel->tables()->setCurrentIndex(CascadesPanel::CurveTab);
    m_panel->copyTable();
    QCOMPARE(QApplication::clipboard()->text(), FlatTableModel::tsv(cascadeCurveTable(*m_audit, panels)));
    m_panel->tables()->setCurrentIndex(CascadesPanel::SummaryTab);
}

void TestCascadePanel::noRubricData()
{
    AuditSession session;
    CascadeWorkspace workspace(&session);
    CascadesPanel panel(&workspace);
    open(session, *testaudit::build(false), QStringLiteral("pairwise.tribunal"));
    workspace.waitForIdle();
    QCOMPARE(panel.messageLabel()->text(),
             QStringLiteral("Cascades not computed: No rubric judgments in this audit (no judged binary or "
                            "ordinal item)."));
    QCOMPARE(panel.curveModel()->rowCount(), 0);
    QCOMPARE(panel.summaryModel()->rowCount(), 0);
    QVERIFY(panel.tableText().isEmpty());
    QVERIFY(!panel.tauSlider()->isEnabled());
    QVERIFY(!panel.fallbacksButton()->isEnabled());
}

void TestCascadePanel::mainWindowDock()
{
    MainWindow window;
    auto* panel = window.findChild<CascadesPanel*>();
    QVERIFY(panel);
    QCOMPARE(panel, window.cascadePanel());
    QVERIFY(window.cascadeWorkspace());
    QVERIFY(window.tabifiedDockWidgets(window.overviewPanel()).contains(panel));
    bool inViewMenu = false;
    for (QAction* menu : window.menuBar()->actions()) {
        if (menu->menu() && menu->text() == QStringLiteral("&View"))
            inViewMenu = menu->menu()->actions().contains(panel->toggleViewAction());
    }
    QVERIFY(inViewMenu);
    QCOMPARE(panel->toggleViewAction()->text(), QStringLiteral("Cascades"));
}

QTEST_MAIN(TestCascadePanel)
#include "tst_cascadepanel.moc"
