#pragma once
// The reliability diagram of the Bias tests panel (issue 5; metrics.md B11, seed 001 Figure "calibration"):
// for the workspace's current family (format, condition), one graph per judge of accuracy against mean
// confidence per non-empty confidence bin (analyseCalibration's reliability points), the diagonal of perfect
// calibration, and each bin's count written next to its point: on each replot, after the layout, every count
// takes the first of eight places around its point (right, left, above, below, then the diagonals) that
// covers no point and no count placed before it (the least covered place when none is free). The legend,
// under the axes, names each judge with its ECE.
// GUI thread only.

#include "bias/biasplot.h"

#include <QRectF>
#include <QStringList>

#include <vector>

namespace tribunal {

class ReliabilityPlot : public BiasPlot {
    Q_OBJECT
public:
    explicit ReliabilityPlot(BiasWorkspace* workspace, QWidget* parent = nullptr);

    QString plotId() const override { return QStringLiteral("bias-reliability"); }
    QString title() const override { return tr("Reliability"); }

    /// The bin-count labels drawn, in drawing order (judge by judge, bins ascending).
    const QStringList& countTexts() const { return m_countTexts; }
    /// Where the bin-count labels were drawn at the last replot, in widget pixels, in countTexts() order.
    std::vector<QRectF> countRects() const;
    /// One graph per judge with reliability points, in result order.
    const std::vector<QCPGraph*>& judgeGraphs() const { return m_graphs; }
    /// "reliability": each judge graph's points (x: mean confidence, y: accuracy), keyed as `tribunal-cli
    /// calibration --reliability` names the bin (plots/plotregistry.h).
    std::vector<PlottedPoint> plottedPoints(const QString& series) const override;

protected:
    void build(const BiasView& view) override;

private:
    struct CountLabel {
        QCPItemText* item = nullptr;
        double x = 0.0; ///< the point it labels, plot coordinates
        double y = 0.0;
    };
    void placeCountLabels();

    QStringList m_countTexts;
    std::vector<CountLabel> m_countLabels;
    std::vector<QCPGraph*> m_graphs;
};

} // namespace tribunal
