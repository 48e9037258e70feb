#pragma once
// The reliability diagram of the Bias tests panel (issue 5; metrics.md B11, seed 001 Figure "calibration"):
// for the workspace's current family (format, condition), one graph per judge of accuracy against mean
// confidence per non-empty confidence bin (analyseCalibration's reliability points), the diagonal of perfect
// calibration, and each bin's count written next to its point. The legend names each judge with its ECE.
// GUI thread only.

#include "biasplot.h"

#include <QStringList>

namespace tribunal {

class ReliabilityPlot : public BiasPlot {
    Q_OBJECT
public:
    explicit ReliabilityPlot(BiasWorkspace* workspace, QWidget* parent = nullptr);

    QString plotId() const override { return QStringLiteral("bias-reliability"); }
    QString title() const override { return tr("Reliability"); }

    /// The bin-count labels drawn, in drawing order (judge by judge, bins ascending).
    const QStringList& countTexts() const { return m_countTexts; }
    /// One graph per judge with reliability points, in result order.
    const std::vector<QCPGraph*>& judgeGraphs() const { return m_graphs; }

protected:
    void build(const BiasView& view) override;

private:
    QStringList m_countTexts;
    std::vector<QCPGraph*> m_graphs;
};

} // namespace tribunal
