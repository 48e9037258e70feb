#include "plots/sweepplot.h"

#include "framework/kindtext.h"
#include "trust/trustworkspace.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tribunal {

SweepPlot::SweepPlot(TrustWorkspace* workspace, QWidget* parent) : TrustPlot(workspace, parent)
{
    placeLegendBelowAxes();
    yAxis->setLabel(tr("Mean, IQR band"));
}

QStringList SweepPlot::columns() const
{
    QStringList out;
    for (const auto& name : workspace()->view()->table.conditionNames)
        out << QString::fromStdString(name);
    out << QStringLiteral("judge") << QStringLiteral("format") << QStringLiteral("dataset");
    return out;
}

void SweepPlot::setColumn(const QString& column)
{
    if (!columns().contains(column) || column.toStdString() == m_column)
        return;
    m_column = column.toStdString();
    refresh();
}

std::vector<PlottedPoint> SweepPlot::plottedPoints(const QString& series) const
{
    const QString ids[3] = {QStringLiteral("C"), QStringLiteral("A_minus_half_phi"), QStringLiteral("T")};
    std::vector<PlottedPoint> out;
    for (std::size_t m = 0; m < 3; ++m) {
        if (series != ids[m] || !m_means[m])
            continue;
        const auto value = [](const QCPGraph* graph, double x) {
            const auto it = graph->data()->findBegin(x, false);
            return it != graph->data()->constEnd() && it->key == x ? it->value
                                                                   : std::numeric_limits<double>::quiet_NaN();
        };
        for (std::size_t i = 0; i < m_sweep.points.size() && i < m_xs.size(); ++i) {
            const double x = m_xs[i];
            const double mean = value(m_means[m], x);
            if (std::isnan(mean))
                continue;
            PlottedPoint p;
            p.key = {{QString::fromStdString(m_column), QString::fromStdString(m_sweep.points[i].value)},
                     {QStringLiteral("measure"), ids[m]}};
            p.x = x;
            p.y = mean;
            p.lower = value(m_q1[m], x);
            p.upper = value(m_q3[m], x);
            out.push_back(std::move(p));
        }
    }
    return out;
}

void SweepPlot::build(const TrustView& view)
{
    const QStringList available = columns();
    if (!available.contains(QString::fromStdString(m_column)))
        m_column =
            view.table.conditionNames.empty() ? std::string("format") : view.table.conditionNames.front();
    m_sweep = conditionSweep(visibleCellTable(), m_column);
    xAxis->setLabel(factorText(QString::fromStdString(m_column)));

    // Numeric values (temperatures ...) keep their spacing; anything else is categorical.
    bool numeric = !m_sweep.points.empty();
    std::vector<double> xs;
    for (const SweepPoint& point : m_sweep.points) {
        bool ok = false;
        const double x = QString::fromStdString(point.value).toDouble(&ok);
        numeric = numeric && ok && std::isfinite(x);
        xs.push_back(x);
    }
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (std::size_t i = 0; i < m_sweep.points.size(); ++i) {
        if (!numeric) {
            xs[i] = static_cast<double>(i);
            ticker->addTick(xs[i], QString::fromStdString(m_sweep.points[i].value));
        }
    }
    if (numeric)
        xAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
    else
        xAxis->setTicker(ticker);
    // Many names side by side would overlap; vertical ones need no room beside the axis.
    xAxis->setTickLabelRotation(!numeric && m_sweep.points.size() > 3 ? -90 : 0);
    QStringList values;
    if (!numeric)
        for (const auto& point : m_sweep.points)
            values << QString::fromStdString(point.value);
    reserveHeightForTickLabels(values);
    m_xs = xs;

    const QString names[3] = {tr("C"), tr("A − φ/2"), tr("T")};
    std::array<std::size_t, 3> undefined{};
    double low = 0.0;
    for (std::size_t m = 0; m < 3; ++m) {
        const QColor color = measureColor(static_cast<int>(m));
        QColor band = color;
        band.setAlpha(45);
        m_q1[m] = addGraph();
        m_q1[m]->setPen(Qt::NoPen);
        m_q3[m] = addGraph();
        m_q3[m]->setPen(Qt::NoPen);
        m_q3[m]->setBrush(band);
        m_q3[m]->setChannelFillGraph(m_q1[m]);
        m_means[m] = addGraph();
        m_means[m]->setName(names[m]);
        m_means[m]->setPen(QPen(color, 1.8));
        m_means[m]->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, color, 7));
        m_means[m]->addToLegend();
        for (std::size_t i = 0; i < m_sweep.points.size(); ++i) {
            const SweepPoint& point = m_sweep.points[i];
            const SweepStat& s = m == 0 ? point.C : (m == 1 ? point.aMinusHalfPhi : point.T);
            undefined[m] += point.cells - s.cells;
            if (s.cells == 0)
                continue;
            m_q1[m]->addData(xs[i], s.q1);
            m_q3[m]->addData(xs[i], s.q3);
            m_means[m]->addData(xs[i], s.mean);
            low = std::min(low, s.q1);
            addPoint(xs[i], s.mean,
                     tr("%1 = %2\n%3: mean %4, quartiles %5 – %6\ncells: %7")
                         .arg(QString::fromStdString(m_column), QString::fromStdString(point.value), names[m],
                              number(s.mean), number(s.q1), number(s.q3), QString::number(s.cells)));
        }
    }
    std::size_t cells = 0;
    for (const SweepPoint& point : m_sweep.points)
        cells += point.cells;
    const auto leftOut = static_cast<int>(std::max({undefined[0], undefined[1], undefined[2]}));
    setLeftOut(leftOut, tr("Left out as n/a: C in %1, A − φ/2 in %2, T in %3 of %4 visible cells.")
                            .arg(undefined[0])
                            .arg(undefined[1])
                            .arg(undefined[2])
                            .arg(cells));
    legend->setVisible(true);

    QCPRange x(-0.5, std::max(0.5, static_cast<double>(xs.size()) - 0.5));
    if (numeric) {
        const auto [lo, hi] = std::minmax_element(xs.begin(), xs.end());
        const double pad = std::max((*hi - *lo) * 0.05, 0.05);
        x = QCPRange(*lo - pad, *hi + pad);
    }
    setDefaultRanges(x, QCPRange(std::min(low, 0.0) - 0.03, 1.05));
}

} // namespace tribunal
