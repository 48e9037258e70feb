// The Plots panel (issue 4, workbench.md journey 1) on the bundled sample: one point per visible row, the
// ceiling and its infeasible region, iso-T contours, the failure map's thresholds and names, hover and
// click on a point's pixel, the whisker plot against tribunal_core's judgeSpread, the sweep against
// conditionSweep, figure export (PDF, SVG, PNG at the requested size) and axis labels that stay inside the
// widget (this suite also runs at QT_SCALE_FACTOR=2, see plots.cmake).

#include "framework/auditsession.h"
#include "plots/ceilingplot.h"
#include "plots/failuremapplot.h"
#include "plots/isotrustplot.h"
#include "plots/judgewhiskerplot.h"
#include "plots/plotexport.h"
#include "plots/plotspanel.h"
#include "plots/sweepplot.h"
#include "trust/trustworkspace.h"

#include "analysis/judgespread.h"
#include "report/trustexport.h"

#include <QComboBox>
#include <QLabel>
#include <QMainWindow>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QToolTip>
#include <QtTest>

#include <cmath>
#include <memory>

using namespace tribunal;

namespace {

const QString kSample = QStringLiteral(TRIBUNAL_BUILD_DIR "/resources/sample.tribunal");
constexpr double kTol = 1e-12;

// Where something is drawn in the outer `edge` pixels of an image (empty when nothing is): a label there is
// what gets clipped.
QString edgeDrawing(const QImage& image, int edge)
{
    const QRgb background = image.pixel(0, 0);
    for (int x = 0; x < image.width(); ++x) {
        for (int y = 0; y < image.height(); ++y) {
            const bool border =
                x < edge || y < edge || x >= image.width() - edge || y >= image.height() - edge;
            if (border && image.pixel(x, y) != background)
                return QStringLiteral("drawing at the edge (%1, %2)").arg(x).arg(y);
            if (!border && y == edge)
                y = image.height() - edge - 1; // skip the inside
        }
    }
    return {};
}

} // namespace

class TestPlotsPanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void onePointPerVisibleRow();
    void filterHidesPoints();
    void singleRunCellsAreCounted();
    void ceilingAndInfeasibleRegion();
    void isoTrustContours();
    void failureMapThresholdsAndNames();
    void hoverNamesCell();
    void clickSelectsRow();
    void zoomPanAndReset();
    void whiskersEqualCore();
    void sweepEqualsCore();
    void exportWritesFiles_data();
    void exportWritesFiles();
    void exportErrors();
    void exportDialogSaves();
    void savePngsForScreenshots();
    void labelsStayInside();
    void shortDockKeepsTheAxisRect();

private:
    void setAssume(bool assume);
    void showPlot(TrustPlot* plot);
    /// A row point of `plot` with no other point within the hit radius (so the pixel names it alone).
    int isolatedRow(const TrustPlot& plot) const;
    std::vector<int> visibleRows() const;

    std::unique_ptr<AuditSession> m_session;
    std::unique_ptr<TrustWorkspace> m_workspace;
    std::unique_ptr<QMainWindow> m_window;
    PlotsPanel* m_panel = nullptr;
};

void TestPlotsPanel::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("TribunalPlotsTest"));
    QSettings().clear();
    QVERIFY2(QFile::exists(kSample), qPrintable(kSample));
    m_session = std::make_unique<AuditSession>();
    m_workspace = std::make_unique<TrustWorkspace>(m_session.get());
    m_window = std::make_unique<QMainWindow>();
    m_panel = new PlotsPanel(m_workspace.get(), m_window.get());
    m_window->addDockWidget(Qt::RightDockWidgetArea, m_panel);
    m_window->setCentralWidget(new QWidget);
    m_window->resize(1400, 900);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QCOMPARE(m_panel->objectName(), QStringLiteral("plotsPanel"));
    QCOMPARE(m_panel->tabs()->count(), 5);

    QVERIFY(m_session->openProject(kSample));
    m_session->waitForJob();
    setAssume(true);
    QVERIFY(m_workspace->view()->rowCount() > 0);
}

void TestPlotsPanel::cleanupTestCase()
{
    m_window.reset();
    m_workspace.reset();
    m_session.reset();
}

void TestPlotsPanel::init()
{
    m_workspace->setFilter({});
    m_workspace->selectRow(-1);
    for (TrustPlot* plot : m_panel->plots())
        plot->resetView();
}

void TestPlotsPanel::setAssume(bool assume)
{
    TrustViewSettings settings = m_workspace->settings();
    settings.trust.assumeConsistentWhenSingleRun = assume;
    settings.bootstrap.resamples = 0; // intervals are not plotted
    m_workspace->setSettings(settings);
    m_workspace->waitForIdle();
}

void TestPlotsPanel::showPlot(TrustPlot* plot)
{
    for (int i = 0; i < m_panel->tabs()->count(); ++i) {
        if (m_panel->tabs()->widget(i)->isAncestorOf(plot))
            m_panel->tabs()->setCurrentIndex(i);
    }
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QCoreApplication::processEvents();
    plot->replot(); // coordToPixel needs the layout at the shown size
}

int TestPlotsPanel::isolatedRow(const TrustPlot& plot) const
{
    const auto& points = plot.points();
    for (std::size_t i = 0; i < points.size(); ++i) {
        if (points[i].row < 0)
            continue;
        const QPointF p = plot.pixelOf(points[i]);
        bool alone = true;
        for (std::size_t j = 0; j < points.size() && alone; ++j) {
            const QPointF q = plot.pixelOf(points[j]);
            alone = j == i || std::hypot(p.x() - q.x(), p.y() - q.y()) > 2.0;
        }
        if (alone)
            return points[i].row;
    }
    return -1;
}

std::vector<int> TestPlotsPanel::visibleRows() const
{
    std::vector<int> rows;
    for (int r = 0; r < m_workspace->view()->rowCount(); ++r) {
        if (m_workspace->isRowVisible(r))
            rows.push_back(r);
    }
    return rows;
}

void TestPlotsPanel::onePointPerVisibleRow()
{
    const auto& table = m_workspace->view()->table;
    int withPhiA = 0, withC = 0, withAll = 0;
    for (int row : visibleRows()) {
        const auto& r = table.rows[std::size_t(row)];
        withPhiA += !std::isnan(r.phi) && !std::isnan(r.A);
        withC += !std::isnan(r.C) && !std::isnan(r.phi);
        withAll += !std::isnan(r.C) && !std::isnan(r.phi) && !std::isnan(r.A);
    }
    const int visible = int(visibleRows().size());
    // With C assumed every cell has C; the position-bias cells have no labels, hence no A.
    QCOMPARE(withC, visible);
    QVERIFY(withPhiA > 0 && withPhiA < visible);
    QCOMPARE(m_panel->ceilingPlot()->cellGraph()->data()->size(), withPhiA);
    QCOMPARE(m_panel->isoTrustPlot()->cellGraph()->data()->size(), withAll);
    QCOMPARE(m_panel->failureMapPlot()->cellGraph()->data()->size(), withC);
    QCOMPARE(m_panel->ceilingPlot()->leftOut(), visible - withPhiA);
    QCOMPARE(m_panel->failureMapPlot()->leftOut(), 0);
    QVERIFY(m_panel->leftOutLabel(0)->text().contains(QString::number(visible - withPhiA)));
    QVERIFY(!m_panel->leftOutLabel(0)->isHidden());
    QVERIFY(m_panel->leftOutLabel(2)->isHidden());
    // Every drawn point maps back to a distinct visible row.
    std::set<int> rows;
    for (const auto& p : m_panel->ceilingPlot()->points())
        rows.insert(p.row);
    QCOMPARE(int(rows.size()), withPhiA);
}

void TestPlotsPanel::filterHidesPoints()
{
    const auto& table = m_workspace->view()->table;
    const std::string dataset = table.rows.front().dataset;
    TrustRowFilter filter;
    filter.accepted["dataset"] = {dataset};
    m_workspace->setFilter(filter);
    const auto rows = visibleRows();
    QVERIFY(!rows.empty() && rows.size() < table.rows.size());
    int expected = 0;
    for (int row : rows)
        expected +=
            !std::isnan(table.rows[std::size_t(row)].C) && !std::isnan(table.rows[std::size_t(row)].phi);
    QCOMPARE(m_panel->failureMapPlot()->cellGraph()->data()->size(), expected);
    for (const auto& p : m_panel->failureMapPlot()->points())
        QVERIFY(m_workspace->isRowVisible(p.row));
}

void TestPlotsPanel::singleRunCellsAreCounted()
{
    // Without the assumption the single-run LLMBar cells have no C: the C plots leave them out and say so.
    setAssume(false);
    const auto& table = m_workspace->view()->table;
    int noC = 0;
    for (const auto& r : table.rows)
        noC += std::isnan(r.C);
    QVERIFY(noC > 0);
    auto* map = m_panel->failureMapPlot();
    QCOMPARE(map->leftOut(), noC);
    QCOMPARE(map->cellGraph()->data()->size(), table.rows.size() - std::size_t(noC));
    QCOMPARE(m_panel->leftOutLabel(2)->text(),
             QStringLiteral("Visible cells left out: %1 (C or φ is n/a; C needs repeated runs).").arg(noC));
    QVERIFY(!m_panel->leftOutLabel(2)->isHidden());
    setAssume(true);
    QVERIFY(m_panel->leftOutLabel(2)->isHidden());
}

void TestPlotsPanel::ceilingAndInfeasibleRegion()
{
    auto* plot = m_panel->ceilingPlot();
    QCPGraph* ceiling = plot->ceilingGraph();
    QCPGraph* region = plot->infeasibleGraph();
    QVERIFY(ceiling && region);
    // A = 1 - phi/2 from (0, 1) to (1, 0.5); the region between it and A = 1 is filled.
    QCOMPARE(ceiling->data()->size(), 2);
    QCOMPARE(ceiling->data()->at(0)->key, 0.0);
    QCOMPARE(ceiling->data()->at(0)->value, 1.0);
    QCOMPARE(ceiling->data()->at(1)->key, 1.0);
    QCOMPARE(ceiling->data()->at(1)->value, 0.5);
    QCOMPARE(region->channelFillGraph(), ceiling);
    QVERIFY(region->brush().style() != Qt::NoBrush);
    QCOMPARE(region->data()->at(1)->value, 1.0);
    // No drawn cell lies in the infeasible region (the ceiling is a theorem, T5).
    for (const auto& p : plot->points())
        QVERIFY2(p.y <= 1.0 - p.x / 2.0 + 1e-9, qPrintable(p.toolTip));
}

void TestPlotsPanel::isoTrustContours()
{
    auto* plot = m_panel->isoTrustPlot();
    QCOMPARE(plot->contourGraphs().size(), 9);
    for (int i = 0; i < 9; ++i) {
        const double level = IsoTrustPlot::levels()[i];
        const auto data = plot->contourGraphs()[i]->data();
        QVERIFY(data->size() > 10);
        for (auto it = data->constBegin(); it != data->constEnd(); ++it)
            QVERIFY(std::abs(it->key * it->value - level) < 1e-9); // C (A - phi/2) = T
    }
    QStringList labels;
    for (int i = 0; i < plot->itemCount(); ++i) {
        if (auto* text = qobject_cast<QCPItemText*>(plot->item(i)))
            labels << text->text();
    }
    QVERIFY(labels.contains(QStringLiteral("T = 0.1")));
    QVERIFY(labels.contains(QStringLiteral("T = 0.9")));
    // Points sit at (A - phi/2, C) of their row.
    const auto& table = m_workspace->view()->table;
    for (const auto& p : plot->points()) {
        const auto& r = table.rows[std::size_t(p.row)];
        QVERIFY(std::abs(p.x - (r.A - r.phi / 2)) < kTol);
        QCOMPARE(p.y, r.C);
    }
}

void TestPlotsPanel::failureMapThresholdsAndNames()
{
    auto* plot = m_panel->failureMapPlot();
    const auto& trust = m_workspace->view()->settings.trust;
    QCOMPARE(plot->consistencyLine()->point1->coords().y(), trust.goodConsistency);
    QCOMPARE(plot->flipRateLine()->point1->coords().x(), trust.goodFlipRate);
    QStringList names;
    for (auto* label : plot->quadrantLabels())
        names << label->text();
    QCOMPARE(names, (QStringList{QStringLiteral("Trustworthy"), QStringLiteral("Confidently biased"),
                                 QStringLiteral("Noisy but fair"), QStringLiteral("Chaos")}));
    // A threshold change re-places the lines without new estimates.
    const int runs = m_workspace->estimateRuns();
    TrustViewSettings settings = m_workspace->settings();
    settings.trust.goodConsistency = 0.75;
    settings.trust.goodFlipRate = 0.35;
    m_workspace->setSettings(settings);
    QCOMPARE(m_workspace->estimateRuns(), runs);
    QCOMPARE(plot->consistencyLine()->point1->coords().y(), 0.75);
    QCOMPARE(plot->flipRateLine()->point1->coords().x(), 0.35);
    settings.trust.goodConsistency = 0.9;
    settings.trust.goodFlipRate = 0.2;
    m_workspace->setSettings(settings);
}

void TestPlotsPanel::hoverNamesCell()
{
    const auto& table = m_workspace->view()->table;
    for (TrustPlot* plot :
         {static_cast<TrustPlot*>(m_panel->ceilingPlot()), static_cast<TrustPlot*>(m_panel->isoTrustPlot()),
          static_cast<TrustPlot*>(m_panel->failureMapPlot())}) {
        showPlot(plot);
        const int row = isolatedRow(*plot);
        QVERIFY2(row >= 0, qPrintable(plot->plotId()));
        const auto& r = table.rows[std::size_t(row)];
        const QString label = QString::fromStdString(r.judge + " / " + r.format + " / " + r.dataset);
        const QPointF pixel = *plot->pixelOfRow(row);
        const QString tip = plot->toolTipAt(pixel);
        QVERIFY2(tip.startsWith(label), qPrintable(tip + " vs " + label));
        QVERIFY(tip.contains(QStringLiteral("T = ") + TrustPlot::number(r.T)));
        QVERIFY(plot->toolTipAt(QPointF(1, 1)).isEmpty());
        // The real tooltip event shows the same text.
        QHelpEvent help(QEvent::ToolTip, pixel.toPoint(), plot->mapToGlobal(pixel.toPoint()));
        QCoreApplication::sendEvent(plot, &help);
        QCOMPARE(QToolTip::text(), plot->toolTipAt(pixel));
        QToolTip::hideText();
    }
    // An aggregate point names its judge.
    auto* whiskers = m_panel->judgeWhiskerPlot();
    showPlot(whiskers);
    const auto& first = whiskers->points().front();
    QVERIFY(whiskers->toolTipAt(whiskers->pixelOf(first))
                .startsWith(QString::fromStdString(whiskers->spread().front().judge)));
}

void TestPlotsPanel::clickSelectsRow()
{
    auto* plot = m_panel->failureMapPlot();
    showPlot(plot);
    const int row = isolatedRow(*plot);
    QVERIFY(row >= 0);
    QSignalSpy selected(m_workspace.get(), &TrustWorkspace::selectedRowChanged);
    QTest::mouseClick(plot, Qt::LeftButton, {}, plot->pixelOfRow(row)->toPoint());
    QCOMPARE(m_workspace->selectedRow(), row);
    QCOMPARE(selected.count(), 1);
    // The selected cell is ringed in every plot that draws it.
    const auto& r = m_workspace->view()->table.rows[std::size_t(row)];
    QCOMPARE(plot->highlightGraph()->data()->size(), 1);
    QCOMPARE(plot->highlightGraph()->data()->at(0)->value, r.C);
    QCOMPARE(m_panel->isoTrustPlot()->highlightGraph()->data()->size(), std::isnan(r.A) ? 0 : 1);
    // A click on empty space keeps the selection; a drag pans instead of selecting.
    QTest::mouseClick(plot, Qt::LeftButton, {}, QPoint(2, 2));
    QCOMPARE(m_workspace->selectedRow(), row);
    m_workspace->selectRow(-1);
    QCOMPARE(plot->highlightGraph()->data()->size(), 0);
}

void TestPlotsPanel::zoomPanAndReset()
{
    auto* plot = m_panel->ceilingPlot();
    showPlot(plot);
    QVERIFY(plot->interactions().testFlag(QCP::iRangeDrag));
    QVERIFY(plot->interactions().testFlag(QCP::iRangeZoom));
    const QCPRange x = plot->xAxis->range();
    // Drag the plot: the x range moves.
    const QPoint start = plot->axisRect()->center();
    QTest::mousePress(plot, Qt::LeftButton, {}, start);
    QMouseEvent move(QEvent::MouseMove, QPointF(start + QPoint(60, 0)),
                     plot->mapToGlobal(QPointF(start + QPoint(60, 0))), Qt::NoButton, Qt::LeftButton,
                     Qt::NoModifier);
    QCoreApplication::sendEvent(plot, &move);
    QTest::mouseRelease(plot, Qt::LeftButton, {}, start + QPoint(60, 0));
    QVERIFY(plot->xAxis->range().lower < x.lower - 1e-6);
    QCOMPARE(m_workspace->selectedRow(), -1); // a drag is not a click
    // Wheel: zoom.
    QWheelEvent wheel(QPointF(start), plot->mapToGlobal(QPointF(start)), QPoint(), QPoint(0, 120),
                      Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QCoreApplication::sendEvent(plot, &wheel);
    QVERIFY(plot->xAxis->range().size() < x.size() - 1e-6);
    plot->resetView();
    QCOMPARE(plot->xAxis->range().lower, x.lower);
    QCOMPARE(plot->xAxis->range().upper, x.upper);
}

void TestPlotsPanel::whiskersEqualCore()
{
    TrustRowFilter filter; // a filter too, so the plot must use the visible rows only
    filter.accepted["dataset"] = {m_workspace->view()->table.rows.front().dataset};
    m_workspace->setFilter(filter);
    CellTable visible;
    const CellTable all = cellTableOf(m_workspace->view()->table);
    for (int row : visibleRows())
        visible.rows.push_back(all.rows[std::size_t(row)]);
    const auto expected = judgeSpread(visible);
    auto* plot = m_panel->judgeWhiskerPlot();
    QCOMPARE(plot->spread().size(), expected.size());
    QVERIFY(expected.size() > 1);
    for (int m = 0; m < 3; ++m) {
        const auto measure = JudgeWhiskerPlot::Measure(m);
        const auto graph = plot->meanGraph(measure)->data();
        const auto bars = plot->whiskers(measure)->data();
        int k = 0;
        for (std::size_t j = 0; j < expected.size(); ++j) {
            QCOMPARE(plot->spread()[j].judge, expected[j].judge);
            const SpreadStat& s =
                m == 0 ? expected[j].C : (m == 1 ? expected[j].aMinusHalfPhi : expected[j].T);
            if (s.cells == 0)
                continue;
            QCOMPARE(std::lround(graph->at(k)->key), long(j));
            QCOMPARE(graph->at(k)->value, s.mean);
            QVERIFY(std::abs(graph->at(k)->value - bars->at(k).errorMinus - s.min) < kTol);
            QVERIFY(std::abs(graph->at(k)->value + bars->at(k).errorPlus - s.max) < kTol);
            ++k;
        }
        QCOMPARE(graph->size(), k);
        QCOMPARE(bars->size(), k);
    }
}

void TestPlotsPanel::sweepEqualsCore()
{
    auto* plot = m_panel->sweepPlot();
    QComboBox* box = m_panel->sweepColumnBox();
    QStringList columns;
    for (int i = 0; i < box->count(); ++i)
        columns << box->itemData(i).toString();
    QCOMPARE(columns, plot->columns());
    QVERIFY(columns.contains(QStringLiteral("dataset")));
    QCOMPARE(box->currentData().toString(), plot->column());
    box->setCurrentIndex(box->findData(QStringLiteral("dataset")));
    QCOMPARE(plot->column(), QStringLiteral("dataset"));
    const auto expected = conditionSweep(cellTableOf(m_workspace->view()->table), "dataset");
    QCOMPARE(plot->sweep().points.size(), expected.points.size());
    int withT = 0;
    for (std::size_t i = 0; i < expected.points.size(); ++i) {
        QCOMPARE(plot->sweep().points[i].value, expected.points[i].value);
        QCOMPARE(plot->sweep().points[i].T.mean, expected.points[i].T.mean);
        withT += expected.points[i].T.cells > 0;
    }
    QCOMPARE(plot->meanGraph(2)->data()->size(), withT);
    QCOMPARE(plot->q3Graph(2)->channelFillGraph(), plot->q1Graph(2));
    const auto q1 = plot->q1Graph(2)->data();
    QCOMPARE(q1->size(), withT);
    for (auto it = q1->constBegin(); it != q1->constEnd(); ++it) // categorical: key = value index
        QCOMPARE(it->value, expected.points[std::size_t(std::lround(it->key))].T.q1);
    // The choice survives a rebuild (filter change) and a new view keeps a column that still exists.
    m_workspace->setFilter({});
    QCOMPARE(plot->column(), QStringLiteral("dataset"));
    QCOMPARE(box->currentData().toString(), QStringLiteral("dataset"));
}

void TestPlotsPanel::exportWritesFiles_data()
{
    QTest::addColumn<int>("plot");
    QTest::addColumn<int>("format");
    QTest::addColumn<double>("scale");
    for (int p = 0; p < 5; ++p) {
        QTest::addRow("plot %d pdf", p) << p << int(PlotFileFormat::Pdf) << 1.0;
        QTest::addRow("plot %d svg", p) << p << int(PlotFileFormat::Svg) << 1.0;
        QTest::addRow("plot %d png", p) << p << int(PlotFileFormat::Png) << 1.0;
    }
    QTest::addRow("png at scale 2") << 0 << int(PlotFileFormat::Png) << 2.0;
}

void TestPlotsPanel::exportWritesFiles()
{
    QFETCH(int, plot);
    QFETCH(int, format);
    QFETCH(double, scale);
    QTemporaryDir dir;
    TrustPlot* target = m_panel->plots()[std::size_t(plot)];
    const QSize shown = target->size();
    PlotExportSettings settings;
    settings.format = PlotFileFormat(format);
    settings.width = 500;
    settings.height = 320;
    settings.scale = scale;
    const QString path = dir.filePath(QStringLiteral("figure.") + plotFileSuffix(settings.format));
    QString error;
    QVERIFY2(savePlot(*target, path, settings, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    QVERIFY(bytes.size() > 500);
    switch (settings.format) {
    case PlotFileFormat::Pdf:
        QVERIFY(bytes.startsWith("%PDF"));
        break;
    case PlotFileFormat::Svg:
        QVERIFY(bytes.contains("<svg"));
        QVERIFY(bytes.contains("width=\"500"));
        break;
    case PlotFileFormat::Png:
        QCOMPARE(QImage(path).size(), QSize(int(500 * scale), int(320 * scale)));
        break;
    }
    QCOMPARE(target->size(), shown); // the widget keeps its own layout
}

void TestPlotsPanel::exportErrors()
{
    PlotExportSettings settings;
    settings.format = PlotFileFormat::Png;
    QString error;
    const QString bad = QStringLiteral("/nonexistent-dir/figure.png");
    QVERIFY(!savePlot(*m_panel->ceilingPlot(), bad, settings, &error));
    QCOMPARE(error, QStringLiteral("Cannot write /nonexistent-dir/figure.png: cannot create a file in "
                                   "/nonexistent-dir: No such file or directory."));
    settings.format = PlotFileFormat::Svg;
    QVERIFY(
        !savePlot(*m_panel->ceilingPlot(), QStringLiteral("/nonexistent-dir/figure.svg"), settings, &error));
    QCOMPARE(error, QStringLiteral("Cannot write /nonexistent-dir/figure.svg: cannot create a file in "
                                   "/nonexistent-dir: No such file or directory."));

    // The output policy (io/outputfile.h): a link is followed and stays, a read-only file is refused and
    // kept, a FIFO is written in place.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    settings.format = PlotFileFormat::Png;
    const QString target = dir.filePath(QStringLiteral("target.png"));
    const QString link = dir.filePath(QStringLiteral("link.png"));
    QVERIFY(QFile::link(target, link));
    QVERIFY2(savePlot(*m_panel->ceilingPlot(), link, settings, &error), qPrintable(error));
    QVERIFY(QFileInfo(link).isSymLink());
    QVERIFY(!QImage(target).isNull());
    const QString readOnly = dir.filePath(QStringLiteral("read-only.png"));
    {
        QFile file(readOnly);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("keep me");
    }
    QVERIFY(QFile::setPermissions(readOnly, QFileDevice::ReadOwner));
    QVERIFY(!savePlot(*m_panel->ceilingPlot(), readOnly, settings, &error));
    QVERIFY2(error.startsWith(QStringLiteral("Cannot write %1: the file is read-only;").arg(readOnly)),
             qPrintable(error));
    QFile kept(readOnly);
    QVERIFY(kept.open(QIODevice::ReadOnly));
    QCOMPARE(kept.readAll(), QByteArray("keep me"));
    settings.width = 0;
    QVERIFY(!savePlot(*m_panel->ceilingPlot(), QStringLiteral("x.svg"), settings, &error));
    QCOMPARE(error, QStringLiteral("The figure size must be positive."));
}

void TestPlotsPanel::exportDialogSaves()
{
    QTemporaryDir dir;
    PlotExportDialog dialog(m_panel->failureMapPlot(), QStringLiteral("failuremap"));
    PlotExportSettings settings;
    settings.format = PlotFileFormat::Png;
    settings.width = 300;
    settings.height = 200;
    settings.scale = 2.0;
    dialog.setSettings(settings);
    QVERIFY(dialog.path().endsWith(QStringLiteral("failuremap.png")));
    const QString path = dir.filePath(QStringLiteral("map.png"));
    dialog.setPath(path);
    QVERIFY(dialog.save());
    QCOMPARE(QImage(path).size(), QSize(600, 400));
    // Switching the format renames the file and remembers the choices for the next dialog.
    settings.format = PlotFileFormat::Svg;
    dialog.setSettings(settings);
    QCOMPARE(dialog.path(), dir.filePath(QStringLiteral("map.svg")));
    QVERIFY(dialog.save());
    QVERIFY(QFileInfo(dir.filePath(QStringLiteral("map.svg"))).size() > 0);
    PlotExportDialog next(m_panel->failureMapPlot(), QStringLiteral("failuremap"));
    QCOMPARE(next.settings().format, PlotFileFormat::Svg);
    QCOMPARE(next.settings().width, 300);
    QCOMPARE(next.path(), dir.filePath(QStringLiteral("failuremap.svg")));
}

void TestPlotsPanel::savePngsForScreenshots()
{
    QTemporaryDir dir;
    QString error;
    const QStringList files = m_panel->savePngs(dir.path(), QSize(640, 400), 1.5, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(files.size(), 5);
    for (const QString& file : files) {
        const QImage image(file);
        QCOMPARE(image.size(), QSize(960, 600));
        const QString drawn = edgeDrawing(image, 3); // the figure's labels fit its size too
        QVERIFY2(drawn.isEmpty(), qPrintable(file + QStringLiteral(": ") + drawn));
    }
    QVERIFY(files.contains(dir.filePath(QStringLiteral("ceiling.png"))));
}

void TestPlotsPanel::labelsStayInside()
{
    // Nothing (tick labels, axis labels, rotated judge names) may touch the widget's edge: that is where a
    // label would be clipped. Checked at the screen's pixel ratio (1, or 2 under QT_SCALE_FACTOR=2).
    const double expectedRatio = qEnvironmentVariableIsSet("QT_SCALE_FACTOR")
                                     ? qEnvironmentVariable("QT_SCALE_FACTOR").toDouble()
                                     : 1.0;
    for (TrustPlot* plot : m_panel->plots()) {
        showPlot(plot);
        QCOMPARE(plot->devicePixelRatioF(), expectedRatio);
        const QImage image = plot->grab().toImage();
        QCOMPARE(image.width(), qRound(plot->width() * expectedRatio));
        const QString drawn = edgeDrawing(image, qRound(2 * expectedRatio));
        QVERIFY2(drawn.isEmpty(), qPrintable(plot->plotId() + QStringLiteral(": ") + drawn));
        QCOMPARE(plot->bufferDevicePixelRatio(), expectedRatio);
    }
}

void TestPlotsPanel::shortDockKeepsTheAxisRect()
{
    // Long rotated category names (judges, formats) once squeezed the axis rect to a few pixels in a short
    // dock. The plot now keeps 100 pixels for it and scrolls inside the dock, and the window's minimum height
    // does not grow with the names.
    const int minimumBefore = m_window->minimumSizeHint().height();
    m_window->resize(1400, 320);
    for (TrustPlot* plot : m_panel->plots()) {
        showPlot(plot);
        QVERIFY2(plot->axisRect()->height() >= 95,
                 qPrintable(plot->plotId() + QStringLiteral(": %1 px").arg(plot->axisRect()->height())));
    }
    QVERIFY(m_window->minimumSizeHint().height() <= std::max(minimumBefore, 320));
    m_window->resize(1400, 900);
    QCoreApplication::processEvents();
}

QTEST_MAIN(TestPlotsPanel)
#include "tst_plotspanel.moc"
