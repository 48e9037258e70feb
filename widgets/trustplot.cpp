#include "trustplot.h"

#include "trustworkspace.h"

#include "report/trustexport.h"

#include <QHelpEvent>
#include <QLocale>
#include <QToolTip>

#include <cmath>
#include <limits>

namespace tribunal {

namespace {

// Pixels the mouse may move between press and release and still count as a click (not a pan).
constexpr double kClickSlack = 3.0;

} // namespace

QString TrustPlot::quadrantTitle(const std::string& key)
{
    if (key == "trustworthy")
        return TrustPlot::tr("trustworthy");
    if (key == "noisy-but-fair")
        return TrustPlot::tr("noisy but fair");
    if (key == "chaos")
        return TrustPlot::tr("chaos");
    if (key == "confidently-biased")
        return TrustPlot::tr("confidently biased");
    return QString::fromStdString(key);
}

TrustPlot::TrustPlot(TrustWorkspace* workspace, QWidget* parent) : QCustomPlot(parent), m_workspace(workspace)
{
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    // Filled regions (the infeasible area, interquartile bands) drawn without antialiasing: their edges are
    // axis-parallel or drawn again as lines, and antialiased fills double the replot time.
    setNotAntialiasedElements(QCP::aeFills);
    setPlottingHint(QCP::phFastPolylines, true);
    setAutoAddPlottableToLegend(false);
    setMouseTracking(true);
    setMinimumSize(320, 240);
    connect(workspace, &TrustWorkspace::viewChanged, this, [this] { rebuild(false); });
    // Same rows or another filter: keep the user's zoom.
    connect(workspace, &TrustWorkspace::valuesChanged, this, [this] { rebuild(true); });
    connect(workspace, &TrustWorkspace::filterChanged, this, [this] { rebuild(true); });
    connect(workspace, &TrustWorkspace::selectedRowChanged, this, [this] {
        updateHighlight();
        replotWhenShown();
    });
}

void TrustPlot::refresh()
{
    rebuild(false);
}

void TrustPlot::replotWhenShown()
{
    // Rendering is the expensive part (tens of ms for five plots): a hidden tab renders when it is shown, so
    // new results never block the GUI thread for plots nobody looks at. The data is always current.
    if (isVisible()) {
        m_replotPending = false;
        replot();
    } else {
        m_replotPending = true;
    }
}

void TrustPlot::showEvent(QShowEvent* event)
{
    QCustomPlot::showEvent(event);
    if (m_replotPending) {
        m_replotPending = false;
        replot();
    }
}

void TrustPlot::rebuild(bool keepRanges)
{
    const QCPRange x = xAxis->range();
    const QCPRange y = yAxis->range();
    clearItems();
    clearPlottables();
    m_points.clear();
    m_highlight = nullptr;
    m_leftOut = 0;
    m_leftOutText.clear();
    legend->setVisible(false);
    build(*m_workspace->view());
    m_highlight = addGraph();
    m_highlight->setLineStyle(QCPGraph::lsNone);
    m_highlight->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(QColor(230, 97, 1), 2.5), Qt::NoBrush, 16));
    updateHighlight();
    xAxis->setRange(keepRanges ? x : m_defaultX);
    yAxis->setRange(keepRanges ? y : m_defaultY);
    replotWhenShown();
    emit rebuilt();
}

void TrustPlot::resetView()
{
    xAxis->setRange(m_defaultX);
    yAxis->setRange(m_defaultY);
    replot();
}

int TrustPlot::pointAt(const QPointF& pixel, double radius) const
{
    int best = -1;
    double bestDistance = std::numeric_limits<double>::infinity();
    const QRectF area = axisRect()->rect();
    for (std::size_t i = 0; i < m_points.size(); ++i) {
        const QPointF p = pixelOf(m_points[i]);
        if (!area.adjusted(-radius, -radius, radius, radius).contains(p))
            continue; // panned out of view
        const double distance = std::hypot(p.x() - pixel.x(), p.y() - pixel.y());
        if (distance <= radius && distance < bestDistance) {
            bestDistance = distance;
            best = static_cast<int>(i);
        }
    }
    return best;
}

QString TrustPlot::toolTipAt(const QPointF& pixel) const
{
    const int index = pointAt(pixel);
    return index < 0 ? QString() : m_points[static_cast<std::size_t>(index)].toolTip;
}

QPointF TrustPlot::pixelOf(const Point& point) const
{
    return {xAxis->coordToPixel(point.x), yAxis->coordToPixel(point.y)};
}

std::optional<QPointF> TrustPlot::pixelOfRow(int row) const
{
    for (const Point& p : m_points) {
        if (p.row == row)
            return pixelOf(p);
    }
    return std::nullopt;
}

QString TrustPlot::cellLabel(const TrustTable& table, const TrustTableRow& row)
{
    QStringList parts;
    for (const std::string* part : {&row.judge, &row.format, &row.dataset}) {
        if (!part->empty())
            parts << QString::fromStdString(*part);
    }
    for (std::size_t i = 0; i < row.conditions.size(); ++i) {
        if (row.conditions[i].empty())
            continue;
        const QString name =
            i < table.conditionNames.size() ? QString::fromStdString(table.conditionNames[i]) : QString();
        parts << (name.isEmpty() ? QString::fromStdString(row.conditions[i])
                                 : name + QLatin1Char('=') + QString::fromStdString(row.conditions[i]));
    }
    return parts.join(QStringLiteral(" / "));
}

QString TrustPlot::rowToolTip(const TrustTable& table, const TrustTableRow& row)
{
    QString tip = cellLabel(table, row) + QLatin1Char('\n') +
                  tr("C = %1, φ = %2, A = %3, T = %4")
                      .arg(number(row.C), number(row.phi), number(row.A), number(row.T));
    if (!row.quadrant.empty())
        tip += QLatin1Char('\n') + quadrantTitle(row.quadrant);
    return tip;
}

QString TrustPlot::number(double value)
{
    return std::isnan(value) ? tr("n/a") : QLocale().toString(value, 'f', 3);
}

std::vector<int> TrustPlot::visibleRows() const
{
    std::vector<int> rows;
    const int count = m_workspace->view()->rowCount();
    for (int row = 0; row < count; ++row) {
        if (m_workspace->isRowVisible(row))
            rows.push_back(row);
    }
    return rows;
}

QColor TrustPlot::measureColor(int measure)
{
    switch (measure) {
    case 0:
        return {33, 102, 172};
    case 1:
        return {27, 120, 55};
    default:
        return {178, 24, 43};
    }
}

CellTable TrustPlot::visibleCellTable() const
{
    CellTable all = cellTableOf(m_workspace->view()->table);
    CellTable visible;
    visible.conditionNames = all.conditionNames;
    for (int row : visibleRows())
        visible.rows.push_back(std::move(all.rows[static_cast<std::size_t>(row)]));
    return visible;
}

QCPGraph* TrustPlot::addScatterGraph(const QColor& color, const QString& name)
{
    QCPGraph* graph = addGraph();
    graph->setName(name);
    graph->setLineStyle(QCPGraph::lsNone);
    QColor fill = color;
    fill.setAlpha(110);
    graph->setPen(QPen(color));
    graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(color, 1.2), QBrush(fill), 8));
    return graph;
}

void TrustPlot::addRowPoint(QCPGraph* graph, double x, double y, int row)
{
    const auto& view = *m_workspace->view();
    graph->addData(x, y);
    m_points.push_back(
        Point{x, y, row, rowToolTip(view.table, view.table.rows[static_cast<std::size_t>(row)])});
}

void TrustPlot::addPoint(double x, double y, QString toolTip)
{
    m_points.push_back(Point{x, y, -1, std::move(toolTip)});
}

void TrustPlot::setLeftOut(int count, const QString& text)
{
    m_leftOut = count;
    m_leftOutText = count > 0 ? text : QString();
}

void TrustPlot::setDefaultRanges(const QCPRange& x, const QCPRange& y)
{
    m_defaultX = x;
    m_defaultY = y;
}

void TrustPlot::updateHighlight()
{
    if (!m_highlight)
        return;
    m_highlight->data()->clear();
    const int selected = m_workspace->selectedRow();
    for (const Point& p : m_points) {
        if (selected >= 0 && p.row == selected)
            m_highlight->addData(p.x, p.y);
    }
}

bool TrustPlot::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto* help = static_cast<QHelpEvent*>(event);
        const QString tip = toolTipAt(help->pos());
        if (tip.isEmpty()) {
            QToolTip::hideText();
            event->ignore();
        } else {
            QToolTip::showText(help->globalPos(), tip, this);
        }
        return true;
    }
    return QCustomPlot::event(event);
}

void TrustPlot::mousePressEvent(QMouseEvent* event)
{
    m_pressPos = event->position();
    QCustomPlot::mousePressEvent(event);
}

void TrustPlot::mouseReleaseEvent(QMouseEvent* event)
{
    QCustomPlot::mouseReleaseEvent(event);
    const QPointF moved = event->position() - m_pressPos;
    if (event->button() != Qt::LeftButton || moved.manhattanLength() > kClickSlack)
        return;
    const int index = pointAt(event->position());
    if (index >= 0 && m_points[static_cast<std::size_t>(index)].row >= 0)
        m_workspace->selectRow(m_points[static_cast<std::size_t>(index)].row);
}

void TrustPlot::mouseMoveEvent(QMouseEvent* event)
{
    QCustomPlot::mouseMoveEvent(event);
    if (event->buttons() == Qt::NoButton)
        setCursor(pointAt(event->position()) >= 0 ? Qt::PointingHandCursor : Qt::ArrowCursor);
}

void TrustPlot::paintEvent(QPaintEvent* event)
{
    // The window may have moved to a screen with another scale: render the buffer at its pixel ratio so
    // text stays sharp (layout is in device-independent pixels, so labels keep their room).
    const double ratio = devicePixelRatioF();
    if (!qFuzzyCompare(bufferDevicePixelRatio(), ratio)) {
        setBufferDevicePixelRatio(ratio);
        replot(rpQueuedReplot);
    }
    QCustomPlot::paintEvent(event);
}

} // namespace tribunal
