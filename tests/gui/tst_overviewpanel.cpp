// Issue 4, audit overview panel (workbench journey 1): the trust cell table shows the workspace's table
// formatted as the paper prints it, the settings form drives the workspace, filters and selection are
// shared, T is shaded in the paper's bands and Copy gives tab-separated text with a header.
//
// The sample: LLMBar Natural (one run per order: C n/a unless C = 1 is assumed; labelled) and the
// position-bias CSV (three runs: C defined; no labels, so A and T are undefined there).

#include "framework/auditsession.h"
#include "trust/overviewpanel.h"
#include "trust/trustfiltertree.h"
#include "trust/trustrowproxy.h"
#include "trust/trustsettingsform.h"
#include "trust/trusttablemodel.h"
#include "trust/trustworkspace.h"

#include "analysis/trustanalysis.h"
#include "report/trustlatex.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QListWidget>
#include <QMainWindow>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

#include <cmath>

using namespace tribunal;

namespace {

const QString kSample = QStringLiteral(TRIBUNAL_BUILD_DIR "/resources/sample.tribunal");
constexpr int kResamples = 200; // enough for intervals, quick on the sample

QString percent1(double proportion)
{
    return QString::number(100.0 * proportion, 'f', 1);
}

QString percent2(double proportion)
{
    return QString::number(100.0 * proportion, 'f', 2);
}

// WCAG 2 contrast ratio of two sRGB colours.
double contrast(const QColor& a, const QColor& b)
{
    auto lum = [](const QColor& c) {
        auto ch = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
        return 0.2126 * ch(c.redF()) + 0.7152 * ch(c.greenF()) + 0.0722 * ch(c.blueF());
    };
    const double x = lum(a) + 0.05;
    const double y = lum(b) + 0.05;
    return std::max(x, y) / std::min(x, y);
}

QPalette paletteWithBase(const QColor& base)
{
    QPalette palette;
    palette.setColor(QPalette::Base, base);
    return palette;
}

} // namespace

class TestOverviewPanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void modelsPassTheTester();
    void rowsAndFormattedValues();
    void intervalsInToolTipsAndColumns();
    void observedQFromTheFormUpdatesT();
    void thresholdsReplaceQuadrantsWithoutEstimates();
    void spinBoxesAreDebounced();
    void bandColours_data();
    void bandColours();
    void tableCellsUseTheBands();
    void filterByJudgeHidesRows();
    void groupByFromTheForm();
    void selectionIsShared();
    void copyGivesTsvWithHeader();
    void cancelStopsIntervals();

private:
    int column(const QString& key) const { return m_panel->model()->columnOf(key); }
    QString shown(int sourceRow, const QString& key) const
    {
        return m_panel->model()->index(sourceRow, column(key)).data().toString();
    }
    void assumeConsistencyFromForm();

    AuditSession* m_session = nullptr;
    TrustWorkspace* m_workspace = nullptr;
    QMainWindow* m_window = nullptr;
    OverviewPanel* m_panel = nullptr;
};

void TestOverviewPanel::initTestCase()
{
    // Typed numbers below use '.'; the spin boxes follow the default locale.
    QLocale::setDefault(QLocale::c());
    QVERIFY2(QFile::exists(kSample), qPrintable(kSample));
}

void TestOverviewPanel::init()
{
    m_session = new AuditSession;
    m_workspace = new TrustWorkspace(m_session);
    auto settings = m_workspace->settings();
    settings.bootstrap.resamples = kResamples;
    m_workspace->setSettings(settings);
    // The panel exists before the audit arrives, as in the main window.
    m_window = new QMainWindow;
    m_panel = new OverviewPanel(m_workspace, m_window);
    m_window->addDockWidget(Qt::LeftDockWidgetArea, m_panel);
    m_window->resize(1400, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window));
    QCOMPARE(m_panel->model()->rowCount(), 0);
    QVERIFY(m_session->openProject(kSample));
    m_session->waitForJob();
    QVERIFY(m_session->audit());
    m_workspace->waitForIdle();
    QVERIFY(m_workspace->view()->intervalsReady);
}

void TestOverviewPanel::cleanup()
{
    delete m_window;
    delete m_workspace;
    delete m_session;
}

void TestOverviewPanel::assumeConsistencyFromForm()
{
    auto* box = m_panel->settingsForm()->assumeConsistentBox();
    QVERIFY(!box->isChecked());
    QTest::mouseClick(box, Qt::LeftButton);
    QVERIFY(m_workspace->settings().trust.assumeConsistentWhenSingleRun);
    m_workspace->waitForIdle();
    QVERIFY(m_workspace->view()->intervalsReady);
}

void TestOverviewPanel::modelsPassTheTester()
{
    QAbstractItemModelTester modelTester(m_panel->model(),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester proxyTester(m_panel->proxy(),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    // Through every kind of change: columns toggled, rows filtered, sorted, values and views replaced.
    m_panel->intervalColumnsBox()->click();
    TrustRowFilter filter;
    filter.accepted["dataset"] = {"posbias-MTBench-rep"};
    m_workspace->setFilter(filter);
    QCOMPARE(m_panel->proxy()->rowCount(), 9);
    m_panel->view()->sortByColumn(column("phi"), Qt::DescendingOrder);
    m_workspace->setFilter({});
    auto settings = m_workspace->settings();
    settings.trust.goodFlipRate = 0.3;
    m_workspace->setSettings(settings);
    settings.trust.qMode = QMode::Observed;
    m_workspace->setSettings(settings);
    m_workspace->waitForIdle();
    settings.groupBy = {"judge"};
    m_workspace->setSettings(settings);
    m_workspace->waitForIdle();
    QCOMPARE(m_panel->model()->rowCount(), m_workspace->view()->rowCount());
}

void TestOverviewPanel::rowsAndFormattedValues()
{
    const auto view = m_workspace->view();
    QCOMPARE(m_panel->model()->rowCount(), view->rowCount());
    // 65 LLMBar, 18 position-bias and 120 simulated trust cells (sim-bias and sim-rubric have no trust rows).
    QCOMPARE(m_panel->model()->rowCount(), 203);
    QCOMPARE(m_panel->proxy()->rowCount(), 203);
    QCOMPARE(m_panel->model()->columnCount(), 11); // judge, format, dataset, n_pairs, 6 metrics, quadrant

    // Row 0, ChatGPT / CoT on LLMBar (one run): C n/a, phi = 35/99, A = 147/198, A_max = 1 - phi/2 = 163/198,
    // T undefined without C.
    QCOMPARE(shown(0, "judge"), QStringLiteral("ChatGPT"));
    QCOMPARE(shown(0, "format"), QStringLiteral("CoT"));
    QCOMPARE(shown(0, "n_pairs"), QStringLiteral("99"));
    QCOMPARE(shown(0, "C"), QStringLiteral("n/a (1 run)"));
    QCOMPARE(shown(0, "phi"), QStringLiteral("35.4"));
    QCOMPARE(shown(0, "A"), QStringLiteral("74.2"));
    QCOMPARE(shown(0, "A_max"), QStringLiteral("82.3"));
    // What T lacks, in place (T2).
    QCOMPARE(shown(0, "T"), QStringLiteral("n/a (1 run)"));
    QCOMPARE(shown(0, "quadrant"), QString());
    const QVariant rawT = m_panel->model()->index(0, column("T")).data(TrustTableModel::RawValueRole);
    QCOMPARE(rawT.typeId(), int(QMetaType::Double));
    QVERIFY(std::isnan(rawT.toDouble()));
    QCOMPARE(m_panel->model()->index(0, column("phi")).data(TrustTableModel::RawValueRole).toDouble(),
             view->table.rows[0].phi);

    // A position-bias row (three runs, no labels): C defined, A and T missing, a quadrant.
    int posbias = -1;
    for (int r = 0; r < view->rowCount() && posbias < 0; ++r)
        if (view->table.rows[std::size_t(r)].judge == "gemini-pro" &&
            view->table.rows[std::size_t(r)].dataset == "posbias-MTBench-rep")
            posbias = r;
    QVERIFY(posbias >= 0);
    QCOMPARE(shown(posbias, "C"), QStringLiteral("50.0"));
    QCOMPARE(shown(posbias, "phi"), QStringLiteral("33.3"));
    QCOMPARE(shown(posbias, "A"), QStringLiteral("n/a (no labels)"));
    QCOMPARE(shown(posbias, "T"), QStringLiteral("n/a (no labels)"));
    QCOMPARE(shown(posbias, "quadrant"), QStringLiteral("chaos"));
    QCOMPARE(m_panel->model()->index(posbias, column("quadrant")).data(Qt::ToolTipRole).toString(),
             QString::fromUtf8(mitigationText(TrustQuadrant::Chaos)));

    // With C = 1 assumed every LLMBar row has a T, shown as the table's T in percent.
    assumeConsistencyFromForm();
    const auto assumed = m_workspace->view();
    int withT = 0;
    for (int r = 0; r < assumed->rowCount(); ++r) {
        const double t = assumed->table.rows[std::size_t(r)].T;
        if (std::isnan(t))
            continue;
        ++withT;
        QCOMPARE(shown(r, "T"), percent1(t));
    }
    QCOMPARE(withT, 65 + 120); // and the simulated trust audit's cells, which had T before
    QCOMPARE(shown(0, "C"), QStringLiteral("100.0"));
}

void TestOverviewPanel::intervalsInToolTipsAndColumns()
{
    assumeConsistencyFromForm();
    const auto view = m_workspace->view();
    const auto& row = view->table.rows[0];
    QVERIFY(!std::isnan(row.T_lo) && !std::isnan(row.T_hi));
    const QString tip = m_panel->model()->index(0, column("T")).data(Qt::ToolTipRole).toString();
    QVERIFY2(
        tip.contains(QStringLiteral("95% interval: [%1, %2]").arg(percent2(row.T_lo), percent2(row.T_hi))),
        qPrintable(tip));
    // The exact value first: it reads back to the table's T bit for bit.
    QVERIFY2(tip.startsWith(QStringLiteral("T = ")), qPrintable(tip));
    QCOMPARE(tip.mid(4).section(QLatin1Char(' '), 0, 0).toDouble(), row.T);
    const QString phiTip = m_panel->model()->index(0, column("phi")).data(Qt::ToolTipRole).toString();
    QVERIFY2(phiTip.contains(QStringLiteral("[%1, %2]").arg(percent2(row.phi_lo), percent2(row.phi_hi))),
             qPrintable(phiTip));

    QVERIFY(!m_panel->intervalColumnsBox()->isChecked());
    QCOMPARE(column("T_lo"), -1);
    QTest::mouseClick(m_panel->intervalColumnsBox(), Qt::LeftButton);
    QCOMPARE(m_panel->model()->columnCount(), 11 + 8);
    QCOMPARE(column("C_lo"), column("C") + 1);
    QCOMPARE(column("T_hi"), column("T") + 2);
    QCOMPARE(shown(0, "T_lo"), percent1(row.T_lo));
    QCOMPARE(shown(0, "T_hi"), percent1(row.T_hi));
}

void TestOverviewPanel::observedQFromTheFormUpdatesT()
{
    // In the sample q_obs is 1/2 wherever it is defined (one run: exactly one order of a flipped pair is
    // right), so q needs an audit of its own: one cell, label A, three runs per order.
    //   item 1: AB AAA, BA AAA  decisive, accuracy 1
    //   item 2: AB AAA, BA BBA  flipped, accuracy 4/6, BA not reproducible
    //   item 3: AB AAA, BA BBB  flipped, accuracy 3/6
    //   item 4: AB BBB, BA BBB  decisive, accuracy 0
    // C = 3/4, phi = 1/2, A = (1 + 4/6 + 3/6 + 0) / 4 = 13/24, q_obs = (4/6 + 3/6) / 2 = 7/12;
    // T = C (A - phi q): q = 1/2 gives 0.75 (13/24 - 1/4) = 0.21875 (21.9), q_obs gives 0.75 (13/24 - 7/24)
    // = 0.1875 (18.8).
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QFile csv(dir.filePath(QStringLiteral("q-demo.csv")));
    QVERIFY(csv.open(QIODevice::WriteOnly));
    QByteArray text = "dataset,item_id,judge,format,order,rep,verdict,label\n";
    const char* runs[4][2] = {{"AAA", "AAA"}, {"AAA", "BBA"}, {"AAA", "BBB"}, {"BBB", "BBB"}};
    for (int item = 0; item < 4; ++item)
        for (int order = 0; order < 2; ++order)
            for (int rep = 0; rep < 3; ++rep)
                text += QByteArray("q-demo,") + QByteArray::number(item + 1) + ",judge-x,Direct," +
                        (order == 0 ? "AB," : "BA,") + QByteArray::number(rep + 1) + "," +
                        runs[item][order][rep] + ",A\n";
    csv.write(text);
    csv.close();
    QVERIFY(m_session->openFiles({csv.fileName()}));
    m_session->waitForJob();
    m_workspace->waitForIdle();
    QCOMPARE(m_panel->model()->rowCount(), 1);
    QCOMPARE(shown(0, "C"), QStringLiteral("75.0"));
    QCOMPARE(shown(0, "phi"), QStringLiteral("50.0"));
    QCOMPARE(shown(0, "A"), QStringLiteral("54.2"));
    QCOMPARE(shown(0, "T"), QStringLiteral("21.9"));

    auto* q = m_panel->settingsForm()->qModeBox();
    QCOMPARE(q->currentIndex(), 0);
    QTest::keyClick(q, Qt::Key_Down);
    QCOMPARE(q->currentIndex(), 1);
    QCOMPARE(m_workspace->settings().trust.qMode, QMode::Observed);
    m_workspace->waitForIdle();
    const auto observed = m_workspace->view();
    QCOMPARE(observed->table.qMode, std::string("observed"));
    const double t = observed->table.rows[0].T;
    QVERIFY(std::abs(t - 0.1875) < 1e-12);
    QCOMPARE(shown(0, "T"), percent1(t));
    QCOMPARE(shown(0, "T"), QStringLiteral("18.8"));
}

void TestOverviewPanel::thresholdsReplaceQuadrantsWithoutEstimates()
{
    const auto view = m_workspace->view();
    int notTrustworthy = 0;
    for (const auto& r : view->results)
        notTrustworthy += r.quadrant != TrustQuadrant::Undefined && r.quadrant != TrustQuadrant::Trustworthy;
    QVERIFY(notTrustworthy > 0);
    const int estimates = m_workspace->estimateRuns();

    // Any C is good, any phi is good: every placed cell becomes trustworthy.
    auto* form = m_panel->settingsForm();
    for (auto [box, text] :
         {std::pair{form->goodConsistencyBox(), "0"}, std::pair{form->goodFlipRateBox(), "1"}}) {
        box->selectAll();
        QTest::keyClicks(box, QString::fromLatin1(text));
        QTest::keyClick(box, Qt::Key_Return);
    }
    QCOMPARE(m_workspace->settings().trust.goodConsistency, 0.0);
    QCOMPARE(m_workspace->settings().trust.goodFlipRate, 1.0);
    QVERIFY(!m_workspace->isBusy());
    QCOMPARE(m_workspace->estimateRuns(), estimates);
    const auto placed = m_workspace->view();
    int trustworthy = 0;
    for (int r = 0; r < placed->rowCount(); ++r) {
        if (placed->results[std::size_t(r)].quadrant == TrustQuadrant::Undefined) {
            QCOMPARE(shown(r, "quadrant"), QString());
            continue;
        }
        ++trustworthy;
        QCOMPARE(shown(r, "quadrant"), QStringLiteral("trustworthy"));
        QCOMPARE(m_panel->model()->index(r, column("quadrant")).data(Qt::ToolTipRole).toString(),
                 QString::fromUtf8(mitigationText(TrustQuadrant::Trustworthy)));
    }
    QCOMPARE(trustworthy, 18 + 120); // the 18 position-bias and 120 simulated cells (C defined)
}

void TestOverviewPanel::spinBoxesAreDebounced()
{
    auto* form = m_panel->settingsForm();
    auto* box = form->goodConsistencyBox();
    box->selectAll();
    QTest::keyClicks(box, QStringLiteral("0.75"));
    // Typing alone waits for the pause: nothing applied yet.
    QVERIFY(form->isApplyPending());
    QCOMPARE(m_workspace->settings().trust.goodConsistency, 0.9);
    QTRY_VERIFY_WITH_TIMEOUT(!form->isApplyPending(), 5000);
    QCOMPARE(m_workspace->settings().trust.goodConsistency, 0.75);

    // Resamples: one interval job for the whole typed number.
    const int runs = m_workspace->intervalRuns();
    auto* resamples = form->resamplesBox();
    resamples->selectAll();
    QTest::keyClicks(resamples, QStringLiteral("150"));
    QCOMPARE(m_workspace->intervalRuns(), runs);
    QTRY_VERIFY_WITH_TIMEOUT(!form->isApplyPending(), 5000);
    QCOMPARE(m_workspace->settings().bootstrap.resamples, 150);
    QCOMPARE(m_workspace->intervalRuns(), runs + 1);
    m_workspace->waitForIdle();
}

void TestOverviewPanel::bandColours_data()
{
    QTest::addColumn<double>("trust");
    QTest::addColumn<int>("band");
    QTest::addColumn<QString>("light");
    QTest::addColumn<QString>("dark");
    // The light fills are the LaTeX export's xcolor mixes with white: green!45 = (0.55, 1, 0.55) etc.
    QTest::newRow("0.75: T >= 70") << 0.75 << 0 << "#8cff8c"
                                   << "#2e7d32";
    QTest::newRow("0.65: 60-70") << 0.65 << 1 << "#ccffcc"
                                 << "#3b5530";
    QTest::newRow("0.55: 50-60") << 0.55 << 2 << "#ffffa6"
                                 << "#7a6a00";
    QTest::newRow("0.45: 40-50") << 0.45 << 3 << "#ffd2a6"
                                 << "#a04000";
    QTest::newRow("0.35: < 40") << 0.35 << 4 << "#ffb3b3"
                                << "#8e1b1b";
    // Judged on the printed value: 69.96 prints 70.0, so it is shaded as 70.
    QTest::newRow("0.6996 prints 70.0") << 0.6996 << 0 << "#8cff8c"
                                        << "#2e7d32";
    QTest::newRow("0.6994 prints 69.9") << 0.6994 << 1 << "#ccffcc"
                                        << "#3b5530";
}

void TestOverviewPanel::bandColours()
{
    QFETCH(double, trust);
    QFETCH(int, band);
    QFETCH(QString, light);
    QFETCH(QString, dark);
    QCOMPARE(trustBand(trust), band);
    const QColor onLight = TrustTableModel::bandBackground(band, paletteWithBase(Qt::white));
    const QColor onDark = TrustTableModel::bandBackground(band, paletteWithBase(QColor(0x1e, 0x1e, 0x1e)));
    QCOMPARE(onLight.name(), light);
    QCOMPARE(onDark.name(), dark);
    // Readable text on both (WCAG AA for normal text).
    QCOMPARE(TrustTableModel::textColourOn(onLight), QColor(Qt::black));
    QCOMPARE(TrustTableModel::textColourOn(onDark), QColor(Qt::white));
    QVERIFY(contrast(onLight, TrustTableModel::textColourOn(onLight)) >= 4.5);
    QVERIFY(contrast(onDark, TrustTableModel::textColourOn(onDark)) >= 4.5);
}

void TestOverviewPanel::tableCellsUseTheBands()
{
    QVERIFY(!TrustTableModel::bandBackground(-1, QPalette()).isValid());
    QCOMPARE(m_panel->model()->index(0, column("T")).data(Qt::BackgroundRole), QVariant());
    assumeConsistencyFromForm();
    const auto view = m_workspace->view();
    std::set<int> bands;
    for (int r = 0; r < view->rowCount(); ++r) {
        const double t = view->table.rows[std::size_t(r)].T;
        const auto index = m_panel->model()->index(r, column("T"));
        if (std::isnan(t)) {
            QCOMPARE(index.data(Qt::BackgroundRole), QVariant());
            continue;
        }
        const int band = trustBand(t);
        bands.insert(band);
        const QColor fill = TrustTableModel::bandBackground(band, QGuiApplication::palette());
        QCOMPARE(index.data(Qt::BackgroundRole).value<QColor>(), fill);
        QCOMPARE(index.data(Qt::ForegroundRole).value<QColor>(), TrustTableModel::textColourOn(fill));
        // Only T is shaded.
        QCOMPARE(m_panel->model()->index(r, column("A")).data(Qt::BackgroundRole), QVariant());
    }
    QVERIFY(bands.size() >= 3);
}

void TestOverviewPanel::filterByJudgeHidesRows()
{
    const auto view = m_workspace->view();
    auto* tree = m_panel->filterTree();
    std::set<std::string> judges;
    int gpt4 = 0;
    for (const auto& row : view->table.rows) {
        judges.insert(row.judge);
        gpt4 += row.judge == "GPT-4";
    }
    QVERIFY(gpt4 > 0);
    QCOMPARE(tree->columnItem(QStringLiteral("judge"))->childCount(), int(judges.size()));
    QCOMPARE(tree->columnItem(QStringLiteral("judge"))->checkState(0), Qt::Checked);

    auto* leaf = tree->valueItem(QStringLiteral("judge"), QStringLiteral("GPT-4"));
    QVERIFY(leaf);
    leaf->setCheckState(0, Qt::Unchecked);
    QCOMPARE(tree->columnItem(QStringLiteral("judge"))->checkState(0), Qt::PartiallyChecked);
    const auto& accepted = m_workspace->filter().accepted;
    QCOMPARE(accepted.size(), std::size_t(1));
    QCOMPARE(accepted.at("judge").size(), judges.size() - 1);
    QVERIFY(!accepted.at("judge").contains("GPT-4"));
    QCOMPARE(m_panel->proxy()->rowCount(), view->rowCount() - gpt4);
    for (int r = 0; r < m_panel->proxy()->rowCount(); ++r)
        QVERIFY(m_panel->proxy()->index(r, column("judge")).data().toString() != QStringLiteral("GPT-4"));

    // Checking it again lifts the filter on that column.
    leaf->setCheckState(0, Qt::Checked);
    QVERIFY(m_workspace->filter().isEmpty());
    QCOMPARE(m_panel->proxy()->rowCount(), view->rowCount());

    // A filter set elsewhere shows in the tree.
    TrustRowFilter filter;
    filter.accepted["dataset"] = {"posbias-DevBench-rep"};
    m_workspace->setFilter(filter);
    QCOMPARE(
        tree->valueItem(QStringLiteral("dataset"), QStringLiteral("posbias-DevBench-rep"))->checkState(0),
        Qt::Checked);
    QCOMPARE(
        tree->valueItem(QStringLiteral("dataset"), QStringLiteral("llmbar-LLMBar-Natural"))->checkState(0),
        Qt::Unchecked);
    QCOMPARE(m_panel->proxy()->rowCount(), 9);
}

void TestOverviewPanel::groupByFromTheForm()
{
    TrustRowFilter filter;
    filter.accepted["judge"] = {"GPT-4"};
    m_workspace->setFilter(filter);
    QVERIFY(m_panel->proxy()->rowCount() > 0);

    auto* list = m_panel->settingsForm()->groupByList();
    QStringList columns;
    for (int i = 0; i < list->count(); ++i)
        columns << list->item(i)->text();
    QCOMPARE(columns, QStringList({"judge", "format", "dataset"}));
    const int estimates = m_workspace->estimateRuns();
    list->item(2)->setCheckState(Qt::Checked);
    QVERIFY(m_panel->settingsForm()->isApplyPending());
    QTRY_COMPARE_WITH_TIMEOUT(m_workspace->estimateRuns(), estimates + 1, 5000);
    QCOMPARE(m_workspace->settings().groupBy, std::vector<std::string>{"dataset"});
    m_workspace->waitForIdle();

    // One row per dataset, pooled over judges and formats; no intervals for a grouping.
    QCOMPARE(m_panel->model()->rowCount(), 7); // LLMBar, 2 position-bias and 4 simulated trust datasets
    QCOMPARE(shown(0, "dataset"), QStringLiteral("llmbar-LLMBar-Natural"));
    QCOMPARE(shown(0, "judge"), QString());
    QCOMPARE(m_panel->statusLabel()->text(),
             QStringLiteral("No intervals for a grouping: the bootstrap is per cell."));
    // The judge filter would hide every pooled row with no branch left to lift it: it is dropped.
    QVERIFY(!m_panel->filterTree()->columnItem(QStringLiteral("judge")));
    QVERIFY(m_panel->filterTree()->columnItem(QStringLiteral("dataset")));
    QVERIFY(m_workspace->filter().isEmpty());
    QCOMPARE(m_panel->proxy()->rowCount(), 7);
}

void TestOverviewPanel::selectionIsShared()
{
    auto* table = m_panel->view();
    auto* proxy = m_panel->proxy();
    // Sorted, so view rows and table rows differ.
    table->sortByColumn(column("phi"), Qt::DescendingOrder);
    const auto clicked = proxy->index(3, column("judge"));
    const int source = proxy->mapToSource(clicked).row();
    QVERIFY(source != 3);
    QSignalSpy selected(m_workspace, &TrustWorkspace::selectedRowChanged);
    table->scrollTo(clicked);
    QTest::mouseClick(table->viewport(), Qt::LeftButton, {}, table->visualRect(clicked).center());
    QCOMPARE(m_workspace->selectedRow(), source);
    QCOMPARE(selected.count(), 1);

    // And back: a selection made elsewhere selects and shows the row here.
    const int other = m_workspace->view()->rowCount() - 1;
    m_workspace->selectRow(other);
    const auto current = table->selectionModel()->currentIndex();
    QVERIFY(current.isValid());
    QCOMPARE(proxy->mapToSource(current).row(), other);
    QVERIFY(table->selectionModel()->isRowSelected(current.row()));
    QVERIFY(table->viewport()->rect().intersects(table->visualRect(current)));

    // Filtering the selected row away clears the selection everywhere; no neighbour gets selected.
    TrustRowFilter filter;
    filter.accepted["judge"] = {m_workspace->view()->table.rows[0].judge};
    QVERIFY(!filter.accepts(m_workspace->view()->table, m_workspace->view()->table.rows[std::size_t(other)]));
    m_workspace->setFilter(filter);
    QCOMPARE(m_workspace->selectedRow(), -1);
    QVERIFY(!table->selectionModel()->hasSelection());
    m_workspace->selectRow(0);
    QCOMPARE(proxy->mapToSource(table->selectionModel()->currentIndex()).row(), 0);
    m_workspace->selectRow(-1);
    QVERIFY(!table->selectionModel()->hasSelection());
}

void TestOverviewPanel::copyGivesTsvWithHeader()
{
    QGuiApplication::clipboard()->clear();
    QTest::mouseClick(m_panel->copyButton(), Qt::LeftButton);
    const QStringList lines = QGuiApplication::clipboard()->text().split(QLatin1Char('\n'));
    QCOMPARE(lines.size(), 203 + 2); // header, rows, empty after the final newline
    QCOMPARE(lines[0],
             QStringLiteral("judge\tformat\tdataset\tn_pairs\tC\tphi\tA\tA_max\tT\tT_joint\tquadrant"));
    // ChatGPT / CoT: phi = 35/99, A = 147/198, A_max = 163/198 as `tribunal-cli trust` writes them; C, T,
    // T_joint and the quadrant are missing (one run).
    QCOMPARE(lines[1], QStringLiteral("ChatGPT\tCoT\tllmbar-LLMBar-Natural\t99\t\t0.35353535353535354\t"
                                      "0.7424242424242424\t0.8232323232323232\t\t\t"));
    QCOMPARE(lines[1].split(QLatin1Char('\t'))[5].toDouble(), 35.0 / 99.0);
    QCOMPARE(lines[1].split(QLatin1Char('\t'))[6].toDouble(), 147.0 / 198.0);
    QCOMPARE(lines[1].split(QLatin1Char('\t'))[7].toDouble(), 163.0 / 198.0);
    QVERIFY(lines.last().isEmpty());

    // Interval columns, a filter and a sort: the copy is what the table shows.
    m_panel->intervalColumnsBox()->click();
    TrustRowFilter filter;
    filter.accepted["judge"] = {"gemini-pro"};
    m_workspace->setFilter(filter);
    m_panel->view()->sortByColumn(column("n_pairs"), Qt::DescendingOrder);
    m_panel->copyButton()->click();
    const QStringList filtered = QGuiApplication::clipboard()->text().split(QLatin1Char('\n'));
    QCOMPARE(filtered[0],
             QStringLiteral("judge\tformat\tdataset\tn_pairs\tC\tC_lo\tC_hi\tphi\tphi_lo\tphi_hi\tA\tA_"
                            "lo\tA_hi\tA_max\tT\tT_lo\tT_hi\tT_joint\tquadrant"));
    QCOMPARE(filtered.size(), 2 + 2);
    QVERIFY(
        filtered[1].startsWith(QStringLiteral("gemini-pro\tMTBench_nopt3\tposbias-MTBench-rep\t96\t0.5\t")));
    QVERIFY(filtered[1].endsWith(QStringLiteral("\tchaos")));
    QVERIFY(filtered[2].startsWith(QStringLiteral("gemini-pro\tDevBench_nopt2\tposbias-DevBench-rep\t72\t")));
}

void TestOverviewPanel::cancelStopsIntervals()
{
    QVERIFY(m_panel->progressBar()->isHidden());
    QVERIFY(m_panel->cancelButton()->isHidden());
    auto settings = m_workspace->settings();
    settings.bootstrap.resamples = 100000; // far longer than the click below takes
    m_workspace->setSettings(settings);
    QVERIFY(m_workspace->isComputingIntervals());
    QVERIFY(!m_panel->progressBar()->isHidden());
    QVERIFY(!m_panel->cancelButton()->isHidden());
    QTest::mouseClick(m_panel->cancelButton(), Qt::LeftButton);
    m_workspace->waitForIdle();
    QCOMPARE(m_panel->statusLabel()->text(), QStringLiteral("Intervals cancelled."));
    QVERIFY(m_panel->progressBar()->isHidden());
    QVERIFY(m_panel->cancelButton()->isHidden());
    // The estimates stay.
    QCOMPARE(m_panel->model()->rowCount(), 203);
    QCOMPARE(shown(0, "phi"), QStringLiteral("35.4"));
}

QTEST_MAIN(TestOverviewPanel)
#include "tst_overviewpanel.moc"
