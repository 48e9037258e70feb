#include "rubric/shiftcurveplot.h"

#include "framework/qstrings.h"
#include "plots/plotregistry.h"
#include "rubric/rubricworkspace.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace tribunal {

namespace {

QColor seriesColor(int index)
{
    static const QColor colors[] = {{31, 119, 180},  {255, 127, 14}, {44, 160, 44},   {214, 39, 40},
                                    {148, 103, 189}, {140, 86, 75},  {227, 119, 194}, {127, 127, 127}};
    constexpr int count = static_cast<int>(std::size(colors));
    return colors[((index % count) + count) % count];
}

QString percent(double value)
{
    return std::isnan(value) ? ShiftCurvePlot::tr("n/a") : QLocale().toString(value, 'f', 3);
}

} // namespace

ShiftCurvePlot::ShiftCurvePlot(RubricWorkspace* workspace, QWidget* parent)
    : InteractivePlot(Interaction{}, parent), m_workspace(workspace)
{
    placeLegendBelowAxes();
    xAxis->setLabel(tr("Level shift s"));
    yAxis->setLabel(tr("Exact accuracy"));
    connect(workspace, &RubricWorkspace::viewChanged, this, [this] { rebuild(false); });
    connect(workspace, &RubricWorkspace::selectedRowChanged, this, [this] {
        // A click on another judge's diamond of the same panel keeps the curves: only the ring moves.
        const auto shown = m_workspace->view()->shiftsFor(m_workspace->selectedRow());
        if (shown == m_curves && !shown.empty())
            showSelection();
        else
            rebuild(false);
    });
}

int ShiftCurvePlot::selectedRow() const
{
    return m_workspace->selectedRow();
}

void ShiftCurvePlot::selectRow(int row)
{
    m_workspace->selectRow(row);
}

std::vector<PlottedPoint> ShiftCurvePlot::plottedPoints(const QString& series) const
{
    std::vector<PlottedPoint> out;
    const auto& view = *m_workspace->view();
    const bool best = series == QLatin1String("best");
    if ((!best && series != QLatin1String("curve")) || !view.audit)
        return out;
    // The graphs in build order: each curve, then its best-shift diamond when it has one.
    int curve = -1;
    for (QCPGraph* graph : builtGraphs()) {
        const int index = static_cast<int>(m_graphs.indexOf(graph));
        const bool diamond = index < 0;
        if (!diamond)
            curve = index;
        if (curve < 0 || curve >= static_cast<int>(m_curves.size()) || diamond != best)
            continue;
        const LevelShiftRow& s =
            view.report.shifts[static_cast<std::size_t>(m_curves[static_cast<std::size_t>(curve)])];
        for (const auto& entry : drawnData(graph)) {
            const QCPGraphData& datum = entry.first;
            PlottedPoint p;
            p.key = judgeFormatKey(*view.audit, s.judge, s.format, s.condition);
            p.key.emplace_back(QStringLiteral("panel"), qs(view.audit->str(s.dataset)));
            p.key.emplace_back(QStringLiteral("criterion"),
                               s.pooled ? QString() : qs(view.audit->str(s.criterion)));
            p.key.emplace_back(QStringLiteral("pooled"),
                               s.pooled ? QStringLiteral("true") : QStringLiteral("false"));
            if (!best)
                p.key.emplace_back(QStringLiteral("shift"), keyNumber(datum.key));
            p.x = datum.key;
            p.y = datum.value;
            out.push_back(std::move(p));
        }
    }
    return out;
}

void ShiftCurvePlot::populate()
{
    const auto& view = *m_workspace->view();
    m_curves = view.shiftsFor(m_workspace->selectedRow());
    m_graphs.clear();
    if (m_curves.empty()) {
        if (view.row(m_workspace->selectedRow()))
            setLeftOut(
                1, tr("Level shifts (R5) are defined for judges on ordinal criteria; select such a row."));
        setDefaultRanges(QCPRange(-1.5, 1.5), QCPRange(0.0, 1.0));
        return;
    }
    int maxShift = 1;
    int leftOut = 0;
    // s = 0 is the judge's own answers: the reference every other shift is read against.
    auto* zero = new QCPItemStraightLine(this);
    zero->point1->setCoords(0.0, 0.0);
    zero->point2->setCoords(0.0, 1.0);
    zero->setPen(QPen(QColor(110, 110, 110), 1.0, Qt::DashLine));
    for (int i = 0; i < static_cast<int>(m_curves.size()); ++i) {
        const LevelShiftRow& s =
            view.report.shifts[static_cast<std::size_t>(m_curves[static_cast<std::size_t>(i)])];
        const QString name = RubricWorkspace::cellLabel(*view.audit, s.judge, s.format, s.condition);
        const QColor color = seriesColor(i);
        auto* graph = addGraph();
        graph->setName(name);
        graph->setPen(QPen(color, 2.0));
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, color, color, 6));
        m_graphs << graph;
        const int row = view.rowOfShift(s);
        for (const ShiftAccuracy& point : s.curve) {
            maxShift = std::max(maxShift, std::abs(point.shift));
            if (std::isnan(point.accuracy))
                continue;
            graph->addData(point.shift, point.accuracy);
            addPoint(
                Point{static_cast<double>(point.shift), point.accuracy, -1,
                      tr("%1\ns = %2: accuracy %3").arg(name).arg(point.shift).arg(percent(point.accuracy)),
                      color});
        }
        if (std::isnan(s.bestAccuracy)) {
            ++leftOut;
            continue;
        }
        auto* best = addGraph();
        best->setLineStyle(QCPGraph::lsNone);
        best->setScatterStyle(
            QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(color.darker(140), 1.5), color, 13));
        best->addData(s.bestShift, s.bestAccuracy);
        addPoint(Point{static_cast<double>(s.bestShift), s.bestAccuracy, row,
                       tr("%1\nbest shift %2: accuracy %3 (s = 0: %4; leave-one-out: %5)")
                           .arg(name)
                           .arg(s.bestShift)
                           .arg(percent(s.bestAccuracy), percent(s.accuracy), percent(s.looAccuracy)),
                       color});
    }
    legend->setVisible(true);
    for (QCPGraph* graph : m_graphs)
        graph->addToLegend();
    setLeftOut(leftOut, tr("Judges without a scored prediction here: %1.").arg(leftOut));
    setDefaultRanges(QCPRange(-maxShift - 0.5, maxShift + 0.5), QCPRange(0.0, 1.05));
    auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
    ticker->setTickStep(1.0);
    ticker->setScaleStrategy(QCPAxisTickerFixed::ssNone);
    xAxis->setTicker(ticker);
}

} // namespace tribunal
