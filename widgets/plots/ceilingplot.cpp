#include "plots/ceilingplot.h"

#include "trust/trustworkspace.h"

#include <cmath>

namespace tribunal {

CeilingPlot::CeilingPlot(TrustWorkspace* workspace, QWidget* parent) : TrustPlot(workspace, parent)
{
    placeLegendBelowAxes();
    xAxis->setLabel(tr("Position flip rate φ"));
    yAxis->setLabel(tr("Accuracy A"));
}

void CeilingPlot::build(const TrustView& view)
{
    // T5 with q = 1/2: A <= 1 - phi/2 (the bound is the line; everything above it is infeasible).
    m_ceiling = addGraph();
    m_ceiling->setName(tr("Ceiling A = 1 − φ/2"));
    m_ceiling->setPen(QPen(QColor(178, 24, 43), 2.0));
    m_ceiling->addData(QVector<double>{0.0, 1.0}, QVector<double>{1.0, 0.5}, true);
    m_ceiling->addToLegend();

    m_infeasible = addGraph();
    m_infeasible->setName(tr("Infeasible region"));
    m_infeasible->setPen(Qt::NoPen);
    m_infeasible->setBrush(QColor(178, 24, 43, 45));
    m_infeasible->addData(QVector<double>{0.0, 1.0}, QVector<double>{1.0, 1.0}, true);
    m_infeasible->setChannelFillGraph(m_ceiling);
    m_infeasible->addToLegend();

    m_cells = addScatterGraph(QColor(33, 102, 172), tr("Cells"));
    int leftOut = 0;
    for (int row : visibleRows()) {
        const auto& r = view.table.rows[static_cast<std::size_t>(row)];
        if (std::isnan(r.phi) || std::isnan(r.A)) {
            ++leftOut;
            continue;
        }
        addRowPoint(m_cells, r.phi, r.A, row);
    }
    setLeftOut(leftOut, tr("Visible cells left out: %1 (φ or A is n/a).").arg(leftOut));
    legend->setVisible(true);
    setDefaultRanges(QCPRange(-0.02, 1.02), QCPRange(0.0, 1.03));
}

} // namespace tribunal
