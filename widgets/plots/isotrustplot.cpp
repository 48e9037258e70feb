#include "plots/isotrustplot.h"

#include "trust/trustworkspace.h"

#include "analysis/judgespread.h"

#include <QLocale>

#include <algorithm>
#include <cmath>

namespace tribunal {

namespace {
constexpr int kContourSamples = 80;
}

IsoTrustPlot::IsoTrustPlot(TrustWorkspace* workspace, QWidget* parent) : TrustPlot(workspace, parent)
{
    xAxis->setLabel(tr("Order-corrected accuracy A − φ/2"));
    yAxis->setLabel(tr("Consistency C"));
}

QVector<double> IsoTrustPlot::levels()
{
    return {0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9};
}

void IsoTrustPlot::build(const TrustView& view)
{
    // Geometry only: the hyperbola C = T / x for x in [T, 1] (C <= 1), labelled where it meets C = x.
    m_contours.clear();
    const QPen contourPen(QColor(120, 120, 120), 1.0, Qt::DashLine);
    for (double level : levels()) {
        QCPGraph* contour = addGraph();
        contour->setPen(contourPen);
        QVector<double> xs, cs;
        for (int i = 0; i <= kContourSamples; ++i) {
            const double x = level + (1.0 - level) * i / kContourSamples;
            xs << x;
            cs << level / x;
        }
        contour->addData(xs, cs, true);
        m_contours << contour;
        auto* label = new QCPItemText(this);
        label->position->setCoords(std::sqrt(level), std::sqrt(level));
        label->setText(tr("T = %1").arg(QLocale().toString(level, 'f', 1)));
        label->setColor(QColor(90, 90, 90));
        label->setBrush(QColor(255, 255, 255, 220));
        label->setPadding(QMargins(2, 0, 2, 0));
    }

    m_cells = addScatterGraph(QColor(33, 102, 172), tr("Cells"));
    int leftOut = 0;
    double minX = 0.0;
    for (int row : visibleRows()) {
        const auto& r = view.table.rows[static_cast<std::size_t>(row)];
        const double x = orderCorrectedAccuracy(r.A, r.phi);
        if (std::isnan(x) || std::isnan(r.C)) {
            ++leftOut;
            continue;
        }
        minX = std::min(minX, x);
        addRowPoint(m_cells, x, r.C, row);
    }
    setLeftOut(leftOut,
               tr("Visible cells left out: %1 (C, φ or A is n/a; C needs repeated runs).").arg(leftOut));
    setDefaultRanges(QCPRange(minX - 0.02, 1.02), QCPRange(0.0, 1.03));
}

} // namespace tribunal
