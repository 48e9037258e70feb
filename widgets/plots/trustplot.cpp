#include "plots/trustplot.h"

#include "trust/trustworkspace.h"

#include "report/trustexport.h"

#include <QLocale>

#include <cmath>

namespace tribunal {

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

TrustPlot::TrustPlot(TrustWorkspace* workspace, QWidget* parent)
    : InteractivePlot(Interaction{.hitRadius = 6.0, .ringSize = 16.0, .handOverTooltipPoints = true}, parent),
      m_workspace(workspace)
{
    connect(workspace, &TrustWorkspace::viewChanged, this, [this] { rebuild(false); });
    // Same rows or another filter: keep the user's zoom.
    connect(workspace, &TrustWorkspace::valuesChanged, this, [this] { rebuild(true); });
    connect(workspace, &TrustWorkspace::filterChanged, this, [this] { rebuild(true); });
    connect(workspace, &TrustWorkspace::selectedRowChanged, this, [this] { showSelection(); });
}

void TrustPlot::populate()
{
    build(*m_workspace->view());
}

int TrustPlot::selectedRow() const
{
    return m_workspace->selectedRow();
}

void TrustPlot::selectRow(int row)
{
    m_workspace->selectRow(row);
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
    InteractivePlot::addPoint(
        Point{x, y, row, rowToolTip(view.table, view.table.rows[static_cast<std::size_t>(row)]), {}});
}

std::vector<PlottedPoint> TrustPlot::rowPoints(const QCPGraph* graph) const
{
    std::vector<PlottedPoint> out;
    const auto& table = m_workspace->view()->table;
    for (const auto& [datum, index] : drawnData(graph)) {
        PlottedPoint p;
        p.x = datum.key;
        p.y = datum.value;
        const int row = index < 0 ? -1 : points()[static_cast<std::size_t>(index)].row;
        if (row >= 0 && static_cast<std::size_t>(row) < table.rows.size()) {
            const TrustTableRow& r = table.rows[static_cast<std::size_t>(row)];
            p.key = {{QStringLiteral("judge"), QString::fromStdString(r.judge)},
                     {QStringLiteral("format"), QString::fromStdString(r.format)},
                     {QStringLiteral("dataset"), QString::fromStdString(r.dataset)}};
            for (std::size_t i = 0; i < r.conditions.size() && i < table.conditionNames.size(); ++i)
                p.key.emplace_back(QString::fromStdString(table.conditionNames[i]),
                                   QString::fromStdString(r.conditions[i]));
        }
        out.push_back(std::move(p));
    }
    return out;
}

void TrustPlot::addPoint(double x, double y, QString toolTip)
{
    InteractivePlot::addPoint(Point{x, y, -1, std::move(toolTip), {}});
}

} // namespace tribunal
