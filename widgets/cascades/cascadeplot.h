#pragma once
// Accuracy or cost against tau of the Cascades panel (issue 7; metrics.md K7-K10): for the shown kind, one
// curve per fallback from core's CascadePoints (the first judge defers to the fallback when its score is
// below tau), a diamond on each fallback's oracle point (K8), triangles on the taus the K9 half-splits chose
// (their count in the tooltip; drawn once the summary is current), a dashed line for the first judge alone
// and a vertical line at the slider's tau. A click on a point moves the slider there (row = fallback x grid
// size + tau index). Renders what the CascadeWorkspace holds; GUI thread only.

#include "plots/interactiveplot.h"

namespace tribunal {

class CascadeWorkspace;
struct CascadePoint;

class CascadePlot : public InteractivePlot {
    Q_OBJECT
public:
    enum Measure { Accuracy, Cost };

    CascadePlot(CascadeWorkspace* workspace, Measure measure, QWidget* parent = nullptr);

    QString plotId() const override;
    QString title() const override;
    Measure measure() const { return m_measure; }

    /// The curve graph of fallback `index` (replay order), or null.
    QCPGraph* curveGraph(int index) const { return m_graphs.value(index); }
    /// The vertical line at the slider's tau (null when nothing is selected).
    QCPItemStraightLine* tauLine() const { return m_tauLine; }
    /// The triangles of the K9 choices (null while the summary is not current).
    QCPGraph* crossFitGraph() const { return m_crossFit; }
    /// For the shown kind (plots/plotregistry.h), keyed as `tribunal-cli cascade` names the row: "curve"
    /// every drawn curve point (x: tau, y: accuracy or cost), "oracle" each fallback's K8 diamond,
    /// "crossfit" the K9 triangles, "first" the dashed line of the first judge alone (y).
    std::vector<PlottedPoint> plottedPoints(const QString& series) const override;

protected:
    void populate() override;
    int selectedRow() const override;
    void selectRow(int row) override;

private:
    double valueOf(const CascadePoint& point) const;

    CascadeWorkspace* m_workspace;
    Measure m_measure;
    QList<QCPGraph*> m_graphs;
    QCPItemStraightLine* m_tauLine = nullptr;
    QCPGraph* m_crossFit = nullptr;
    int m_shownKind = -1;
};

/// The series colour shared by the Cascades plots (fallback index).
QColor cascadeColor(int index);

} // namespace tribunal
