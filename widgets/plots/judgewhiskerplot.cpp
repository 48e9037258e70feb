#include "plots/judgewhiskerplot.h"

#include "trust/trustworkspace.h"

#include <algorithm>
#include <cmath>

namespace tribunal {

namespace {
constexpr double kOffset[3] = {-0.22, 0.0, 0.22};
}

JudgeWhiskerPlot::JudgeWhiskerPlot(TrustWorkspace* workspace, QWidget* parent) : TrustPlot(workspace, parent)
{
    placeLegendBelowAxes();
    xAxis->setLabel(tr("Judge"));
    yAxis->setLabel(tr("Mean, min–max"));
    // Vertical names need no room beside the axis, so long judge names cannot run off the sides.
    xAxis->setTickLabelRotation(-90);
}

std::vector<PlottedPoint> JudgeWhiskerPlot::plottedPoints(const QString& series) const
{
    const QString ids[3] = {QStringLiteral("C"), QStringLiteral("A_minus_half_phi"), QStringLiteral("T")};
    std::vector<PlottedPoint> out;
    for (std::size_t m = 0; m < 3; ++m) {
        const bool range = series == ids[m] + QStringLiteral("-range");
        if ((series != ids[m] && !range) || !m_means[m] || !m_whiskers[m])
            continue;
        const auto values = m_means[m]->data();
        const auto bars = m_whiskers[m]->data();
        for (int i = 0; i < values->size(); ++i) {
            const QCPGraphData& d = *values->at(i);
            const auto j = static_cast<std::size_t>(std::lround(d.key - kOffset[m]));
            PlottedPoint p;
            p.key = {{QStringLiteral("judge"),
                      j < m_spread.size() ? QString::fromStdString(m_spread[j].judge) : QString()},
                     {QStringLiteral("measure"), ids[m]}};
            p.x = d.key;
            if (range && i < bars->size()) {
                p.lower = d.value - bars->at(i).errorMinus;
                p.upper = d.value + bars->at(i).errorPlus;
            } else if (!range) {
                p.y = d.value;
            }
            out.push_back(std::move(p));
        }
    }
    return out;
}

void JudgeWhiskerPlot::build(const TrustView& /*view*/)
{
    m_spread = judgeSpread(visibleCellTable());
    const QString names[3] = {tr("C"), tr("A − φ/2"), tr("T")};
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    double low = 0.0;
    std::array<std::size_t, 3> undefined{};
    std::size_t cells = 0;
    QStringList judges;
    for (std::size_t j = 0; j < m_spread.size(); ++j) {
        judges << QString::fromStdString(m_spread[j].judge);
        ticker->addTick(static_cast<double>(j), judges.constLast());
    }
    reserveHeightForTickLabels(judges);
    for (int m = 0; m < 3; ++m) {
        const QColor color = measureColor(m);
        QCPGraph* graph = addGraph();
        graph->setName(names[m]);
        graph->setLineStyle(QCPGraph::lsNone);
        graph->setPen(QPen(color));
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, color, 7));
        graph->addToLegend();
        auto* bars = new QCPErrorBars(xAxis, yAxis);
        bars->setDataPlottable(graph);
        bars->setPen(QPen(color, 1.2));
        bars->setWhiskerWidth(6);
        m_means[static_cast<std::size_t>(m)] = graph;
        m_whiskers[static_cast<std::size_t>(m)] = bars;
        for (std::size_t j = 0; j < m_spread.size(); ++j) {
            const JudgeSpread& spread = m_spread[j];
            const SpreadStat& s = m == 0 ? spread.C : (m == 1 ? spread.aMinusHalfPhi : spread.T);
            undefined[static_cast<std::size_t>(m)] += s.undefined;
            if (s.cells == 0)
                continue;
            const double x = static_cast<double>(j) + kOffset[m];
            // Keys grow with j, so the graph's sorted data stays parallel to the error bars.
            graph->addData(x, s.mean);
            bars->addData(s.mean - s.min, s.max - s.mean);
            low = std::min(low, s.min);
            addPoint(x, s.mean,
                     tr("%1\n%2: mean %3 (min %4, max %5)\ncells: %6, n/a and left out: %7")
                         .arg(QString::fromStdString(spread.judge), names[m], number(s.mean), number(s.min),
                              number(s.max), QString::number(s.cells), QString::number(s.undefined)));
        }
    }
    for (const JudgeSpread& spread : m_spread)
        cells += spread.cells;
    xAxis->setTicker(ticker);
    const auto leftOut = static_cast<int>(std::max({undefined[0], undefined[1], undefined[2]}));
    setLeftOut(leftOut, tr("Left out as n/a: C in %1, A − φ/2 in %2, T in %3 of %4 visible cells.")
                            .arg(undefined[0])
                            .arg(undefined[1])
                            .arg(undefined[2])
                            .arg(cells));
    legend->setVisible(true);
    const double count = static_cast<double>(std::max<std::size_t>(m_spread.size(), 1));
    setDefaultRanges(QCPRange(-0.6, count - 0.4), QCPRange(std::min(low, 0.0) - 0.03, 1.05));
}

} // namespace tribunal
