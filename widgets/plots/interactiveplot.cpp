#include "plots/interactiveplot.h"

#include <QFontMetrics>
#include <QHelpEvent>
#include <QToolTip>
#include <QtMath>

#include <algorithm>
#include <cmath>
#include <limits>

namespace tribunal {

namespace {

// Pixels the mouse may move between press and release and still count as a click (not a pan).
constexpr double kClickSlack = 3.0;

} // namespace

InteractivePlot::InteractivePlot(const Interaction& interaction, QWidget* parent)
    : QCustomPlot(parent), m_interaction(interaction)
{
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    // Filled regions (the infeasible area, interquartile bands, heatmap cells) drawn without antialiasing:
    // their edges are axis-parallel or drawn again as lines, and antialiased fills double the replot time.
    setNotAntialiasedElements(QCP::aeFills);
    setPlottingHint(QCP::phFastPolylines, true);
    // QCustomPlot's default repaints the widget inside replot(); a replot during a show or a result delivery
    // then paints synchronously, and again with the window. Queue the paint instead: it joins the window's
    // next paint pass, so handling a result and painting it are two shorter GUI-thread blocks, not one
    // (issue 4: no block over 50 ms). The replot itself (layout and drawing into the buffer) stays
    // synchronous, so point positions are valid as soon as replot() returns.
    setPlottingHint(QCP::phImmediateRefresh, false);
    setAutoAddPlottableToLegend(false);
    setMouseTracking(true);
    setMinimumSize(320, 240);
}

void InteractivePlot::placeLegendBelowAxes()
{
    plotLayout()->addElement(1, 0, legend); // takes it out of the axis rect's inset layout
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    // The row is as wide as the plot: a frame would run along the widget's edges.
    legend->setBorderPen(Qt::NoPen);
    legend->setBrush(Qt::NoBrush);
    plotLayout()->setRowStretchFactor(1, 0.001);
}

void InteractivePlot::reserveHeightForTickLabels(const QStringList& labels, int axisRectHeight)
{
    const QFontMetrics metrics(xAxis->tickLabelFont());
    int widest = 0;
    for (const QString& label : labels)
        widest = std::max(widest, metrics.horizontalAdvance(label));
    const double angle = qDegreesToRadians(xAxis->tickLabelRotation());
    const int labelExtent =
        qCeil(std::abs(widest * std::sin(angle)) + std::abs(metrics.height() * std::cos(angle)));
    // Ticks, paddings and the top margin; the axis title; the legend row when the legend sits under the axes.
    const int title = QFontMetrics(xAxis->labelFont()).height() + 10;
    const int legendRow = legend->layout() == plotLayout() ? metrics.height() + 14 : 0;
    setMinimumHeight(std::max(240, labelExtent + axisRectHeight + title + legendRow + 20));
}

void InteractivePlot::refresh()
{
    rebuild(false);
}

void InteractivePlot::replotWhenShown()
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

void InteractivePlot::showEvent(QShowEvent* event)
{
    QCustomPlot::showEvent(event);
    if (m_replotPending) {
        m_replotPending = false;
        replot();
    }
}

void InteractivePlot::paintEvent(QPaintEvent* event)
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

void InteractivePlot::rebuild(bool keepRanges)
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
    populate();
    m_highlight = addGraph();
    m_highlight->setLineStyle(QCPGraph::lsNone);
    m_highlight->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(QColor(230, 97, 1), 2.5),
                                                 Qt::NoBrush, m_interaction.ringSize));
    updateHighlight();
    xAxis->setRange(keepRanges ? x : m_defaultX);
    yAxis->setRange(keepRanges ? y : m_defaultY);
    replotWhenShown();
    emit rebuilt();
}

void InteractivePlot::resetView()
{
    xAxis->setRange(m_defaultX);
    yAxis->setRange(m_defaultY);
    replot();
}

void InteractivePlot::showSelection()
{
    updateHighlight();
    replotWhenShown();
}

void InteractivePlot::updateHighlight()
{
    if (!m_highlight)
        return;
    m_highlight->data()->clear();
    const int selected = selectedRow();
    for (const Point& p : m_points) {
        if (selected >= 0 && p.row == selected)
            m_highlight->addData(p.x, p.y);
    }
}

int InteractivePlot::pointAt(const QPointF& pixel) const
{
    const double radius = m_interaction.hitRadius;
    int best = -1;
    double bestDistance = std::numeric_limits<double>::infinity();
    const QRectF area = QRectF(axisRect()->rect()).adjusted(-radius, -radius, radius, radius);
    for (std::size_t i = 0; i < m_points.size(); ++i) {
        const QPointF p = pixelOf(m_points[i]);
        if (!area.contains(p))
            continue; // panned out of view
        const double distance = std::hypot(p.x() - pixel.x(), p.y() - pixel.y());
        if (distance <= radius && distance < bestDistance) {
            bestDistance = distance;
            best = static_cast<int>(i);
        }
    }
    return best;
}

QString InteractivePlot::toolTipAt(const QPointF& pixel) const
{
    const int index = pointAt(pixel);
    return index < 0 ? QString() : m_points[static_cast<std::size_t>(index)].toolTip;
}

QPointF InteractivePlot::pixelOf(const Point& point) const
{
    return {xAxis->coordToPixel(point.x), yAxis->coordToPixel(point.y)};
}

std::optional<QPointF> InteractivePlot::pixelOfRow(int row) const
{
    for (const Point& p : m_points) {
        if (p.row == row)
            return pixelOf(p);
    }
    return std::nullopt;
}

void InteractivePlot::addPoint(Point point)
{
    m_points.push_back(std::move(point));
}

void InteractivePlot::setLeftOut(int count, const QString& text)
{
    m_leftOut = count;
    m_leftOutText = count > 0 ? text : QString();
}

void InteractivePlot::setDefaultRanges(const QCPRange& x, const QCPRange& y)
{
    m_defaultX = x;
    m_defaultY = y;
}

bool InteractivePlot::event(QEvent* event)
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

void InteractivePlot::mousePressEvent(QMouseEvent* event)
{
    m_pressPos = event->position();
    QCustomPlot::mousePressEvent(event);
}

void InteractivePlot::mouseReleaseEvent(QMouseEvent* event)
{
    QCustomPlot::mouseReleaseEvent(event);
    const QPointF moved = event->position() - m_pressPos;
    if (event->button() != Qt::LeftButton || moved.manhattanLength() > kClickSlack)
        return;
    const int index = pointAt(event->position());
    if (index >= 0 && m_points[static_cast<std::size_t>(index)].row >= 0)
        selectRow(m_points[static_cast<std::size_t>(index)].row);
}

void InteractivePlot::mouseMoveEvent(QMouseEvent* event)
{
    QCustomPlot::mouseMoveEvent(event);
    if (event->buttons() == Qt::NoButton) {
        const int index = pointAt(event->position());
        const bool hand = index >= 0 && (m_interaction.handOverTooltipPoints ||
                                         m_points[static_cast<std::size_t>(index)].row >= 0);
        setCursor(hand ? Qt::PointingHandCursor : Qt::ArrowCursor);
    }
}

std::vector<PlottedPoint> InteractivePlot::plottedPoints(const QString& /*series*/) const
{
    return {};
}

std::vector<std::pair<QCPGraphData, int>> InteractivePlot::drawnData(const QCPGraph* graph, bool keyIsY) const
{
    std::vector<std::pair<QCPGraphData, int>> out;
    if (!graph)
        return out;
    std::vector<bool> used(m_points.size(), false);
    for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it) {
        if (std::isnan(it->value))
            continue;
        int index = -1;
        for (std::size_t i = 0; i < m_points.size(); ++i) {
            const double x = keyIsY ? it->value : it->key;
            const double y = keyIsY ? it->key : it->value;
            if (!used[i] && m_points[i].x == x && m_points[i].y == y) {
                used[i] = true;
                index = static_cast<int>(i);
                break;
            }
        }
        out.emplace_back(*it, index);
    }
    return out;
}

QList<QCPGraph*> InteractivePlot::builtGraphs() const
{
    QList<QCPGraph*> graphs;
    for (int i = 0; i < graphCount(); ++i)
        if (graph(i) != m_highlight)
            graphs << graph(i);
    return graphs;
}

} // namespace tribunal
