#include "biasplot.h"

#include "biasworkspace.h"

#include <QHelpEvent>
#include <QLocale>
#include <QScrollArea>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <limits>

namespace tribunal {

namespace {

// Pixels the mouse may move between press and release and still count as a click (not a pan).
constexpr double kClickSlack = 3.0;
constexpr double kHitRadius = 7.0;
constexpr int kMinimumHeight = 240;

} // namespace

BiasPlot::BiasPlot(BiasWorkspace* workspace, QWidget* parent) : QCustomPlot(parent), m_workspace(workspace)
{
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    setNotAntialiasedElements(QCP::aeFills);
    setPlottingHint(QCP::phFastPolylines, true);
    setAutoAddPlottableToLegend(false);
    setMouseTracking(true);
    setMinimumSize(320, kMinimumHeight);
    connect(workspace, &BiasWorkspace::viewChanged, this, [this] { rebuild(false); });
    // The workspace announces a new view and then, possibly, a new family: build once for both.
    connect(workspace, &BiasWorkspace::currentFamilyChanged, this, [this](int family) {
        if (m_builtView != m_workspace->view().get() || m_builtFamily != family)
            rebuild(false);
    });
    // Same rows, other verdicts: keep the user's zoom.
    connect(workspace, &BiasWorkspace::valuesChanged, this, [this] { rebuild(true); });
    connect(workspace, &BiasWorkspace::selectedRowChanged, this, [this] {
        updateSelection();
        replotWhenShown();
    });
}

QColor BiasPlot::seriesColor(int index)
{
    static const QColor colors[] = {{31, 119, 180},  {255, 127, 14}, {44, 160, 44},   {214, 39, 40},
                                    {148, 103, 189}, {140, 86, 75},  {227, 119, 194}, {127, 127, 127}};
    constexpr int count = static_cast<int>(std::size(colors));
    return colors[((index % count) + count) % count];
}

QString BiasPlot::rowToolTip(const BiasView& view, int row)
{
    const auto& audit = *view.audit;
    const BiasRow& r = view.analysis.design.rows[static_cast<std::size_t>(row)];
    const BiasExcessResult& e = view.analysis.excess[static_cast<std::size_t>(row)];
    const auto qs = [](std::string_view s) {
        return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
    };
    QString version = qs(audit.str(r.key.version));
    if (version.isEmpty())
        version = tr("(none)");
    QString tip = tr("Judge: %1\nTest: %2\nVersion: %3")
                      .arg(qs(audit.str(r.key.judge)), qs(audit.str(r.key.test)), version);
    // B3: fallacy oversight reports E_fo = RR + CR - 1.
    const QString measure = r.fallacy ? tr("E_fo") : tr("E");
    tip += QLatin1Char('\n') + tr("%1 = %2 [%3, %4]")
                                   .arg(measure, BiasWorkspace::number(e.excess),
                                        BiasWorkspace::number(e.excessLo), BiasWorkspace::number(e.excessHi));
    tip += QLatin1Char('\n') + tr("Verdict at δ = %1: %2")
                                   .arg(BiasWorkspace::number(view.analysis.settings.margin),
                                        BiasWorkspace::verdictTitle(e.verdict));
    if (!r.fallacy) {
        tip +=
            QLatin1Char('\n') + (e.significant ? tr("p_BH = %1 (significant)") : tr("p_BH = %1"))
                                    .arg(std::isnan(e.pBH) ? tr("n/a") : QLocale().toString(e.pBH, 'g', 3));
    }
    tip += QLatin1Char('\n') + tr("Items: %1").arg(e.nItems);
    return tip;
}

void BiasPlot::refresh()
{
    rebuild(false);
}

void BiasPlot::replotWhenShown()
{
    // As the trust plots: a hidden tab renders when it is shown, so a new result never blocks the GUI
    // thread for plots nobody looks at. The data is always current.
    if (isVisible()) {
        m_replotPending = false;
        replot();
    } else {
        m_replotPending = true;
    }
}

void BiasPlot::showEvent(QShowEvent* event)
{
    QCustomPlot::showEvent(event);
    if (m_replotPending) {
        m_replotPending = false;
        replot();
    }
}

void BiasPlot::paintEvent(QPaintEvent* event)
{
    // The window may have moved to a screen with another scale: render the buffer at its pixel ratio.
    const double ratio = devicePixelRatioF();
    if (!qFuzzyCompare(bufferDevicePixelRatio(), ratio)) {
        setBufferDevicePixelRatio(ratio);
        replot(rpQueuedReplot);
    }
    QCustomPlot::paintEvent(event);
}

void BiasPlot::rebuild(bool keepRanges)
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
    m_builtView = m_workspace->view().get();
    m_builtFamily = m_workspace->currentFamily();
    m_highlight = addGraph();
    m_highlight->setLineStyle(QCPGraph::lsNone);
    m_highlight->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(QColor(230, 97, 1), 2.5), Qt::NoBrush, 18));
    updateSelection();
    xAxis->setRange(keepRanges ? x : m_defaultX);
    yAxis->setRange(keepRanges ? y : m_defaultY);
    replotWhenShown();
    emit rebuilt();
}

void BiasPlot::resetView()
{
    xAxis->setRange(m_defaultX);
    yAxis->setRange(m_defaultY);
    replot();
}

void BiasPlot::updateSelection()
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

int BiasPlot::pointAt(const QPointF& pixel) const
{
    int best = -1;
    double bestDistance = std::numeric_limits<double>::infinity();
    const QRectF area = axisRect()->rect().adjusted(-kHitRadius, -kHitRadius, kHitRadius, kHitRadius);
    for (std::size_t i = 0; i < m_points.size(); ++i) {
        const QPointF p = pixelOf(m_points[i]);
        if (!area.contains(p))
            continue; // panned out of view
        const double distance = std::hypot(p.x() - pixel.x(), p.y() - pixel.y());
        if (distance <= kHitRadius && distance < bestDistance) {
            bestDistance = distance;
            best = static_cast<int>(i);
        }
    }
    return best;
}

QString BiasPlot::toolTipAt(const QPointF& pixel) const
{
    const int index = pointAt(pixel);
    return index < 0 ? QString() : m_points[static_cast<std::size_t>(index)].toolTip;
}

QPointF BiasPlot::pixelOf(const Point& point) const
{
    return {xAxis->coordToPixel(point.x), yAxis->coordToPixel(point.y)};
}

std::optional<QPointF> BiasPlot::pixelOfRow(int row) const
{
    for (const Point& p : m_points) {
        if (p.row == row)
            return pixelOf(p);
    }
    return std::nullopt;
}

QColor BiasPlot::colorOfRow(int row) const
{
    for (const Point& p : m_points) {
        if (p.row == row)
            return p.color;
    }
    return {};
}

void BiasPlot::addPoint(Point point)
{
    m_points.push_back(std::move(point));
}

void BiasPlot::setLeftOut(int count, const QString& text)
{
    m_leftOut = count;
    m_leftOutText = count > 0 ? text : QString();
}

void BiasPlot::setDefaultRanges(const QCPRange& x, const QCPRange& y)
{
    m_defaultX = x;
    m_defaultY = y;
}

void BiasPlot::setContentRows(int rows)
{
    // A tick label's line height plus a little air; the rest is axis title, tick labels and legend.
    const int line = fontMetrics().height() + 4;
    setMinimumHeight(std::max(kMinimumHeight, rows * line + 130));
}

void BiasPlot::wheelEvent(QWheelEvent* event)
{
    if (!(event->modifiers() & Qt::ControlModifier)) {
        for (QWidget* w = parentWidget(); w; w = w->parentWidget()) {
            if (auto* area = qobject_cast<QScrollArea*>(w)) {
                if (area->verticalScrollBar()->maximum() > 0) {
                    event->ignore(); // the scroll area scrolls the rows
                    return;
                }
                break;
            }
        }
    }
    QCustomPlot::wheelEvent(event);
}

bool BiasPlot::event(QEvent* event)
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

void BiasPlot::mousePressEvent(QMouseEvent* event)
{
    m_pressPos = event->position();
    QCustomPlot::mousePressEvent(event);
}

void BiasPlot::mouseReleaseEvent(QMouseEvent* event)
{
    QCustomPlot::mouseReleaseEvent(event);
    const QPointF moved = event->position() - m_pressPos;
    if (event->button() != Qt::LeftButton || moved.manhattanLength() > kClickSlack)
        return;
    const int index = pointAt(event->position());
    if (index >= 0 && m_points[static_cast<std::size_t>(index)].row >= 0)
        m_workspace->selectRow(m_points[static_cast<std::size_t>(index)].row);
}

void BiasPlot::mouseMoveEvent(QMouseEvent* event)
{
    QCustomPlot::mouseMoveEvent(event);
    if (event->buttons() == Qt::NoButton) {
        const int index = pointAt(event->position());
        const bool clickable = index >= 0 && m_points[static_cast<std::size_t>(index)].row >= 0;
        setCursor(clickable ? Qt::PointingHandCursor : Qt::ArrowCursor);
    }
}

} // namespace tribunal
