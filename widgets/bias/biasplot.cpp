#include "bias/biasplot.h"

#include "bias/biasworkspace.h"

#include <QLocale>
#include <QScrollArea>
#include <QScrollBar>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace tribunal {

namespace {

// The base's minimum height (InteractivePlot), which a plot with few rows keeps.
constexpr int kMinimumHeight = 240;

} // namespace

BiasPlot::BiasPlot(BiasWorkspace* workspace, QWidget* parent)
    : InteractivePlot(Interaction{.hitRadius = 7.0, .ringSize = 18.0, .handOverTooltipPoints = false},
                      parent),
      m_workspace(workspace)
{
    connect(workspace, &BiasWorkspace::viewChanged, this, [this] { rebuild(false); });
    // The workspace announces a new view and then, possibly, a new family: build once for both.
    connect(workspace, &BiasWorkspace::currentFamilyChanged, this, [this](int family) {
        if (m_builtView != m_workspace->view().get() || m_builtFamily != family)
            rebuild(false);
    });
    // Same rows, other verdicts: keep the user's zoom.
    connect(workspace, &BiasWorkspace::valuesChanged, this, [this] { rebuild(true); });
    connect(workspace, &BiasWorkspace::selectedRowChanged, this, [this] { showSelection(); });
}

void BiasPlot::populate()
{
    build(*m_workspace->view());
    m_builtView = m_workspace->view().get();
    m_builtFamily = m_workspace->currentFamily();
}

int BiasPlot::selectedRow() const
{
    return m_workspace->selectedRow();
}

void BiasPlot::selectRow(int row)
{
    m_workspace->selectRow(row);
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

QColor BiasPlot::colorOfRow(int row) const
{
    for (const Point& p : points()) {
        if (p.row == row)
            return p.color;
    }
    return {};
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
    InteractivePlot::wheelEvent(event);
}

} // namespace tribunal
