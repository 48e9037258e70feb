#pragma once
// Flips by confidence in the Bias tests panel (issue 5; metrics.md B9, seed 001 Figure "flips by
// confidence"): for the workspace's current family, one line per judge of the share of changed verdicts per
// bin of the original run-1 confidence (flipsByConfidence's bins; empty bins leave a gap). Hover names judge,
// bin and counts. GUI thread only.

#include "bias/biasplot.h"

namespace tribunal {

class ConfidenceFlipsPlot : public BiasPlot {
    Q_OBJECT
public:
    explicit ConfidenceFlipsPlot(BiasWorkspace* workspace, QWidget* parent = nullptr);

    QString plotId() const override { return QStringLiteral("bias-flips-by-confidence"); }
    QString title() const override { return tr("Flips by confidence"); }

    /// One graph per judge of the family, in design order.
    const std::vector<QCPGraph*>& judgeGraphs() const { return m_graphs; }
    /// "share": each judge graph's non-empty bins (y: the share), keyed as `tribunal-cli bias --table
    /// confidence` names the bin (plots/plotregistry.h).
    std::vector<PlottedPoint> plottedPoints(const QString& series) const override;

protected:
    void build(const BiasView& view) override;

private:
    std::vector<QCPGraph*> m_graphs;
};

} // namespace tribunal
