#pragma once
// The forest plot of the Bias tests panel (issue 5; metrics.md B3, B4): one row per (judge, test, version)
// of the workspace's current family, E (E_fo for fallacy oversight) as a point with its bootstrap interval as
// error bars, vertical lines at 0 and at the margin delta, points coloured by the verdict at that margin
// (bias rows as larger red discs). Hover names the row, a click selects it in the workspace. Rows without E
// (one-run designs, no items) are listed as left out. GUI thread only.

#include "bias/biasplot.h"

namespace tribunal {

class BiasForestPlot : public BiasPlot {
    Q_OBJECT
public:
    explicit BiasForestPlot(BiasWorkspace* workspace, QWidget* parent = nullptr);

    QString plotId() const override { return QStringLiteral("bias-forest"); }
    QString title() const override { return tr("Forest plot"); }

    /// The vertical line at the margin delta (null before the first build).
    QCPItemStraightLine* marginLine() const { return m_marginLine; }
    /// "excess": E (x) with its drawn interval (lower, upper) and verdict (label) per drawn design row,
    /// keyed as `tribunal-cli bias` names the row (plots/plotregistry.h).
    std::vector<PlottedPoint> plottedPoints(const QString& series) const override;

protected:
    void build(const BiasView& view) override;

private:
    QCPItemStraightLine* m_marginLine = nullptr;
};

} // namespace tribunal
