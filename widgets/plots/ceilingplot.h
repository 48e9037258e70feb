#pragma once
// Accuracy against the flip rate (seed 000 eq. 3, T5): each visible cell at (phi, A), the ceiling
// A = 1 - phi/2 (q = 1/2) and the region above it, which no judge can reach at that flip rate, shaded.

#include "plots/trustplot.h"

namespace tribunal {

class CeilingPlot : public TrustPlot {
    Q_OBJECT
public:
    explicit CeilingPlot(TrustWorkspace* workspace, QWidget* parent = nullptr);
    QString plotId() const override { return QStringLiteral("ceiling"); }
    QString title() const override { return tr("Accuracy ceiling"); }

    QCPGraph* cellGraph() const { return m_cells; }
    /// "cells": the cell graph's points keyed by cell (plots/plotregistry.h).
    std::vector<PlottedPoint> plottedPoints(const QString& series) const override
    {
        return series == QLatin1String("cells") ? rowPoints(m_cells) : std::vector<PlottedPoint>{};
    }
    QCPGraph* ceilingGraph() const { return m_ceiling; }
    /// The top edge of the infeasible region, filled down to ceilingGraph().
    QCPGraph* infeasibleGraph() const { return m_infeasible; }

protected:
    void build(const TrustView& view) override;

private:
    QCPGraph* m_cells = nullptr;
    QCPGraph* m_ceiling = nullptr;
    QCPGraph* m_infeasible = nullptr;
};

} // namespace tribunal
