#include "plots/failuremapplot.h"

#include "trust/trustworkspace.h"

#include <cmath>

namespace tribunal {

FailureMapPlot::FailureMapPlot(TrustWorkspace* workspace, QWidget* parent) : TrustPlot(workspace, parent)
{
    xAxis->setLabel(tr("Position flip rate φ"));
    yAxis->setLabel(tr("Consistency C"));
}

void FailureMapPlot::build(const TrustView& view)
{
    const double goodC = view.settings.trust.goodConsistency;
    const double goodPhi = view.settings.trust.goodFlipRate;
    const QPen thresholdPen(QColor(90, 90, 90), 1.2, Qt::DashLine);
    m_consistencyLine = new QCPItemStraightLine(this);
    m_consistencyLine->point1->setCoords(0.0, goodC);
    m_consistencyLine->point2->setCoords(1.0, goodC);
    m_consistencyLine->setPen(thresholdPen);
    m_flipRateLine = new QCPItemStraightLine(this);
    m_flipRateLine->point1->setCoords(goodPhi, 0.0);
    m_flipRateLine->point2->setCoords(goodPhi, 1.0);
    m_flipRateLine->setPen(thresholdPen);

    // T11 names, one per corner of the visible area (the corners lie in their quadrants while both
    // thresholds are in view): low phi is good, high C is good. The default view leaves a band above
    // C = 1 so the top names do not cover the many cells with C = 1.
    struct Corner {
        QString text;
        double x, y;
        Qt::Alignment align;
        QColor color;
    };
    const Corner corners[] = {
        {tr("Trustworthy"), 0.01, 0.01, Qt::AlignLeft | Qt::AlignTop, QColor(27, 120, 55)},
        {tr("Confidently biased"), 0.99, 0.01, Qt::AlignRight | Qt::AlignTop, QColor(178, 24, 43)},
        {tr("Noisy but fair"), 0.01, 0.99, Qt::AlignLeft | Qt::AlignBottom, QColor(166, 97, 26)},
        {tr("Chaos"), 0.99, 0.99, Qt::AlignRight | Qt::AlignBottom, QColor(118, 42, 131)},
    };
    m_labels.clear();
    for (const Corner& corner : corners) {
        auto* label = new QCPItemText(this);
        label->position->setType(QCPItemPosition::ptAxisRectRatio);
        label->position->setCoords(corner.x, corner.y);
        label->setPositionAlignment(corner.align);
        label->setText(corner.text);
        label->setColor(corner.color);
        QFont bold = font();
        bold.setBold(true);
        label->setFont(bold);
        label->setPadding(QMargins(3, 2, 3, 2));
        // Above the points and the threshold lines, on a light ground: longer (German) names reach the lines.
        label->setLayer(QStringLiteral("axes"));
        label->setBrush(QColor(255, 255, 255, 215));
        m_labels << label;
    }

    m_cells = addScatterGraph(QColor(33, 102, 172), tr("Cells"));
    int leftOut = 0;
    for (int row : visibleRows()) {
        const auto& r = view.table.rows[static_cast<std::size_t>(row)];
        if (std::isnan(r.phi) || std::isnan(r.C)) {
            ++leftOut;
            continue;
        }
        addRowPoint(m_cells, r.phi, r.C, row);
    }
    setLeftOut(leftOut,
               tr("Visible cells left out: %1 (C or φ is n/a; C needs repeated runs).").arg(leftOut));
    setDefaultRanges(QCPRange(-0.02, 1.02), QCPRange(-0.02, 1.1));
}

} // namespace tribunal
