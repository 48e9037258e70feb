#pragma once
// T9 condition sweep (seed 000 Figure 3): over the values of one column (a condition, or judge / format /
// dataset) the mean of C, A - phi/2 and T across the visible cells, each with its interquartile band. The
// numbers are tribunal_core's conditionSweep; numeric values (e.g. temperatures) are placed on a numeric
// axis, other values in first-appearance order.

#include "plots/trustplot.h"

#include "analysis/conditionsweep.h"

#include <array>
#include <string>

namespace tribunal {

class SweepPlot : public TrustPlot {
    Q_OBJECT
public:
    explicit SweepPlot(TrustWorkspace* workspace, QWidget* parent = nullptr);
    QString plotId() const override { return QStringLiteral("sweep"); }
    QString title() const override { return tr("Condition sweep"); }

    /// Columns of the current table that can be swept: its condition names, then judge, format, dataset.
    QStringList columns() const;
    /// The swept column (a columns() entry once built).
    QString column() const { return QString::fromStdString(m_column); }
    /// Sweeps over `column` (ignored unless it is in columns()) and rebuilds.
    void setColumn(const QString& column);

    const ConditionSweep& sweep() const { return m_sweep; }
    /// 0 C, 1 A - phi/2, 2 T: the means, and the quartile graphs whose channel between them is filled.
    QCPGraph* meanGraph(int measure) const { return m_means[static_cast<std::size_t>(measure)]; }
    QCPGraph* q1Graph(int measure) const { return m_q1[static_cast<std::size_t>(measure)]; }
    QCPGraph* q3Graph(int measure) const { return m_q3[static_cast<std::size_t>(measure)]; }
    /// "C", "A_minus_half_phi", "T": the means (y) with the band's quartiles (lower, upper), keyed by the
    /// swept column's value and the measure (plots/plotregistry.h).
    std::vector<PlottedPoint> plottedPoints(const QString& series) const override;

protected:
    void build(const TrustView& view) override;

private:
    std::string m_column;
    ConditionSweep m_sweep;
    std::vector<double> m_xs; ///< the x of each sweep point
    std::array<QCPGraph*, 3> m_means{};
    std::array<QCPGraph*, 3> m_q1{};
    std::array<QCPGraph*, 3> m_q3{};
};

} // namespace tribunal
