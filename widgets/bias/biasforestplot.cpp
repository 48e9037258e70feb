#include "bias/biasforestplot.h"

#include "bias/biasworkspace.h"
#include "plots/plotregistry.h"

#include <QLocale>

#include <algorithm>
#include <cmath>
#include <map>

namespace tribunal {

BiasForestPlot::BiasForestPlot(BiasWorkspace* workspace, QWidget* parent) : BiasPlot(workspace, parent)
{
    placeLegendBelowAxes(); // never over a row's interval
    // E ticks on top as well: with many rows the plot scrolls and the bottom axis may be out of view.
    xAxis2->setVisible(true);
    xAxis2->setTickLabels(true);
    connect(xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), xAxis2,
            qOverload<const QCPRange&>(&QCPAxis::setRange));
}

std::vector<PlottedPoint> BiasForestPlot::plottedPoints(const QString& series) const
{
    std::vector<PlottedPoint> out;
    const BiasView& view = *workspace()->view();
    if (series != QLatin1String("excess") || !view.audit)
        return out;
    for (QCPGraph* graph : builtGraphs()) {
        const QCPErrorBars* bars = nullptr;
        for (const QCPErrorBars* b : findChildren<QCPErrorBars*>())
            if (b->dataPlottable() == graph)
                bars = b;
        int i = 0;
        for (const auto& [datum, index] : drawnData(graph, true)) {
            // The graph's key is the slot (vertical), its value E.
            PlottedPoint p;
            p.x = datum.value;
            p.y = datum.key;
            if (bars && i < bars->data()->size()) {
                p.lower = datum.value - bars->data()->at(i).errorMinus;
                p.upper = datum.value + bars->data()->at(i).errorPlus;
            }
            ++i;
            const int row = index < 0 ? -1 : points()[static_cast<std::size_t>(index)].row;
            if (row >= 0 && row < view.rowCount()) {
                p.key = biasRowKey(*view.audit, view.analysis.design.rows[static_cast<std::size_t>(row)].key);
                p.label = QString::fromStdString(std::string(
                    biasVerdictName(view.analysis.excess[static_cast<std::size_t>(row)].verdict)));
            }
            out.push_back(std::move(p));
        }
    }
    return out;
}

void BiasForestPlot::build(const BiasView& view)
{
    m_marginLine = nullptr;
    xAxis->setLabel(tr("Excess E = CR − RR (%1% bootstrap interval)")
                        .arg(QLocale().toString(view.analysis.settings.level * 100.0, 'g', 3)));
    const std::vector<int> rows = workspace()->visibleRows();
    const double margin = view.analysis.settings.margin;
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    const int count = static_cast<int>(rows.size());

    // One graph per verdict, with the slot as key (on the vertical axis) so data stays in key order and the
    // error bars (along E, the graph's value) stay parallel to it.
    struct Series {
        QCPGraph* graph = nullptr;
        QCPErrorBars* bars = nullptr;
    };
    std::map<BiasVerdict, Series> series;
    auto seriesOf = [&](BiasVerdict verdict) -> Series& {
        Series& s = series[verdict];
        if (s.graph)
            return s;
        const QColor color = BiasWorkspace::verdictColor(verdict);
        s.graph = new QCPGraph(yAxis, xAxis);
        s.graph->setName(BiasWorkspace::verdictTitle(verdict));
        s.graph->setLineStyle(QCPGraph::lsNone);
        s.graph->setPen(QPen(color));
        const bool bias = verdict == BiasVerdict::Bias;
        QColor fill = color;
        fill.setAlpha(bias ? 255 : 90);
        s.graph->setScatterStyle(QCPScatterStyle(bias ? QCPScatterStyle::ssDisc : QCPScatterStyle::ssCircle,
                                                 QPen(color, 1.5), QBrush(fill), bias ? 11 : 8));
        s.graph->addToLegend();
        s.bars = new QCPErrorBars(yAxis, xAxis);
        s.bars->setDataPlottable(s.graph);
        s.bars->setErrorType(QCPErrorBars::etValueError);
        s.bars->setPen(QPen(color, bias ? 2.0 : 1.2));
        s.bars->setWhiskerWidth(6);
        return s;
    };

    double low = std::min(0.0, margin);
    double high = std::max(0.0, margin);
    int leftOut = 0;
    // QCPErrorBars pairs its n-th entry with the n-th point of the graph's data, which the graph keeps sorted
    // by key: add the points in ascending key (y) order, i.e. the bottom row first, so each bar stays with
    // its point.
    for (int slot = count - 1; slot >= 0; --slot) {
        const int row = rows[static_cast<std::size_t>(slot)];
        const BiasRow& r = view.analysis.design.rows[static_cast<std::size_t>(row)];
        const BiasExcessResult& e = view.analysis.excess[static_cast<std::size_t>(row)];
        // The first row at the top.
        const double y = count - 1 - slot;
        QString label = BiasWorkspace::rowLabel(*view.audit, r);
        if (r.fallacy)
            label += QLatin1Char(' ') + tr("(E_fo)");
        ticker->addTick(y, label);
        if (std::isnan(e.excess)) {
            ++leftOut;
            continue;
        }
        Series& s = seriesOf(e.verdict);
        s.graph->addData(y, e.excess);
        const double lo = std::isnan(e.excessLo) ? e.excess : e.excessLo;
        const double hi = std::isnan(e.excessHi) ? e.excess : e.excessHi;
        s.bars->addData(e.excess - lo, hi - e.excess);
        low = std::min(low, lo);
        high = std::max(high, hi);
        addPoint(Point{e.excess, y, row, rowToolTip(view, row), BiasWorkspace::verdictColor(e.verdict)});
    }
    yAxis->setTicker(ticker);
    yAxis->grid()->setVisible(false);

    auto* zero = new QCPItemStraightLine(this);
    zero->point1->setCoords(0.0, 0.0);
    zero->point2->setCoords(0.0, 1.0);
    zero->setPen(QPen(palette().color(QPalette::WindowText), 1.0, Qt::SolidLine));
    m_marginLine = new QCPItemStraightLine(this);
    m_marginLine->point1->setCoords(margin, 0.0);
    m_marginLine->point2->setCoords(margin, 1.0);
    m_marginLine->setPen(QPen(BiasWorkspace::verdictColor(BiasVerdict::Bias), 1.2, Qt::DashLine));
    auto* marginText = new QCPItemText(this);
    marginText->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    marginText->position->setCoords(margin, 0.0);
    marginText->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    // Beside the dashed line at delta, above the first row's interval, on a light ground.
    marginText->setPadding(QMargins(6, 1, 3, 1));
    marginText->setLayer(QStringLiteral("axes"));
    marginText->setBrush(QColor(255, 255, 255, 215));
    marginText->setClipToAxisRect(true);
    marginText->setText(QStringLiteral("δ = %1").arg(BiasWorkspace::number(margin)));
    marginText->setColor(BiasWorkspace::verdictColor(BiasVerdict::Bias));

    setLeftOut(leftOut, tr("Rows without E (one run only, or no items), not drawn: %1.").arg(leftOut));
    legend->setVisible(!series.empty());
    const double pad = std::max(0.05, (high - low) * 0.08);
    setContentRows(count);
    setDefaultRanges(QCPRange(std::max(-1.05, low - pad), std::min(1.05, high + pad)),
                     QCPRange(-0.7, std::max(count, 1) - 0.3));
}

} // namespace tribunal
