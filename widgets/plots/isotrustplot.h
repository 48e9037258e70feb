#pragma once
// The iso-T factor space (seed 000 eq. 4, T6): each visible cell at (A - phi/2, C), with the contours
// C = T / (A - phi/2) on which T = C (A - phi/2) is constant, labelled T = 0.1 ... 0.9.

#include "plots/trustplot.h"

namespace tribunal {

class IsoTrustPlot : public TrustPlot {
    Q_OBJECT
public:
    explicit IsoTrustPlot(TrustWorkspace* workspace, QWidget* parent = nullptr);
    QString plotId() const override { return QStringLiteral("isotrust"); }
    QString title() const override { return tr("Iso-T factors"); }

    QCPGraph* cellGraph() const { return m_cells; }
    /// "cells": the cell graph's points keyed by cell (plots/plotregistry.h).
    std::vector<PlottedPoint> plottedPoints(const QString& series) const override
    {
        return series == QLatin1String("cells") ? rowPoints(m_cells) : std::vector<PlottedPoint>{};
    }
    /// One graph per T level, in levels() order.
    const QList<QCPGraph*>& contourGraphs() const { return m_contours; }
    static QVector<double> levels();

protected:
    void build(const TrustView& view) override;

private:
    QCPGraph* m_cells = nullptr;
    QList<QCPGraph*> m_contours;
};

} // namespace tribunal
