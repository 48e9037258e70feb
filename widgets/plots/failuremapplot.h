#pragma once
// The failure-mode map (seed 000 section 5.5, T11): each visible cell at (phi, C), split by the view's
// thresholds (C >= goodConsistency, phi <= goodFlipRate) into the four named quadrants.

#include "plots/trustplot.h"

namespace tribunal {

class FailureMapPlot : public TrustPlot {
    Q_OBJECT
public:
    explicit FailureMapPlot(TrustWorkspace* workspace, QWidget* parent = nullptr);
    QString plotId() const override { return QStringLiteral("failuremap"); }
    QString title() const override { return tr("Failure modes"); }

    QCPGraph* cellGraph() const { return m_cells; }
    /// "cells": the cell graph's points keyed by cell (plots/plotregistry.h).
    std::vector<PlottedPoint> plottedPoints(const QString& series) const override
    {
        return series == QLatin1String("cells") ? rowPoints(m_cells) : std::vector<PlottedPoint>{};
    }
    QCPItemStraightLine* consistencyLine() const { return m_consistencyLine; }
    QCPItemStraightLine* flipRateLine() const { return m_flipRateLine; }
    /// Trustworthy, noisy but fair, chaos, confidently biased.
    const QList<QCPItemText*>& quadrantLabels() const { return m_labels; }

protected:
    void build(const TrustView& view) override;

private:
    QCPGraph* m_cells = nullptr;
    QCPItemStraightLine* m_consistencyLine = nullptr;
    QCPItemStraightLine* m_flipRateLine = nullptr;
    QList<QCPItemText*> m_labels;
};

} // namespace tribunal
