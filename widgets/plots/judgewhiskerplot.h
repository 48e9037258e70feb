#pragma once
// Per-judge spread over the visible cells (issue 4): for each judge the mean of C, A - phi/2 and T with
// whiskers from the minimum to the maximum, side by side. The numbers are tribunal_core's judgeSpread.

#include "plots/trustplot.h"

#include "analysis/judgespread.h"

#include <array>
#include <vector>

namespace tribunal {

class JudgeWhiskerPlot : public TrustPlot {
    Q_OBJECT
public:
    enum Measure { Consistency = 0, OrderCorrectedAccuracy = 1, Trust = 2 };

    explicit JudgeWhiskerPlot(TrustWorkspace* workspace, QWidget* parent = nullptr);
    QString plotId() const override { return QStringLiteral("judges"); }
    QString title() const override { return tr("Judges"); }

    /// What is drawn: judgeSpread of the visible cells, one entry per judge in x order.
    const std::vector<JudgeSpread>& spread() const { return m_spread; }
    /// Means (keys: judge index + a small offset per measure) and their min-max whiskers.
    QCPGraph* meanGraph(Measure measure) const { return m_means[measure]; }
    QCPErrorBars* whiskers(Measure measure) const { return m_whiskers[measure]; }
    /// "C", "A_minus_half_phi", "T": the means (y) keyed by judge and measure; "<measure>-range": the
    /// whiskers' ends (lower, upper) (plots/plotregistry.h).
    std::vector<PlottedPoint> plottedPoints(const QString& series) const override;

protected:
    void build(const TrustView& view) override;

private:
    std::vector<JudgeSpread> m_spread;
    std::array<QCPGraph*, 3> m_means{};
    std::array<QCPErrorBars*, 3> m_whiskers{};
};

} // namespace tribunal
