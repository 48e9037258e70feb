#pragma once
// Accuracy against level shift s of the Rubric judges panel (issue 6; metrics.md R5): for the selected
// ordinal row of the rubric table, one curve per judge cell on the same panel and criterion (the pooled
// curves for a pooled row) from core's LevelShiftRow::curve, a dashed line at s = 0 (the judge as it
// answers) and a diamond on each curve's best shift. A click on a best-shift diamond selects that judge's
// row. Binary rows and baselines have no shift: the plot says so. GUI thread only.

#include "plots/interactiveplot.h"

namespace tribunal {

class RubricWorkspace;

class ShiftCurvePlot : public InteractivePlot {
    Q_OBJECT
public:
    explicit ShiftCurvePlot(RubricWorkspace* workspace, QWidget* parent = nullptr);

    QString plotId() const override { return QStringLiteral("rubric-shift"); }
    QString title() const override { return tr("Accuracy vs shift"); }

    /// Indices into the view's report.shifts of the curves drawn, in legend order.
    const std::vector<int>& curves() const { return m_curves; }
    /// The graph of curve `index` (same order as curves()).
    QCPGraph* curveGraph(int index) const { return m_graphs.value(index); }
    /// "curve": every drawn curve point (x: shift, y: accuracy), keyed as `tribunal-cli rubric --table
    /// shifts` names it; "best": each curve's best-shift diamond, keyed as the agreement table's row
    /// (plots/plotregistry.h).
    std::vector<PlottedPoint> plottedPoints(const QString& series) const override;

protected:
    void populate() override;
    int selectedRow() const override;
    void selectRow(int row) override;

private:
    RubricWorkspace* m_workspace;
    std::vector<int> m_curves;
    QList<QCPGraph*> m_graphs;
};

} // namespace tribunal
