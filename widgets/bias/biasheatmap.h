#pragma once
// The judge x test heatmap of the Bias tests panel (issue 5; metrics.md B3): for the workspace's current
// family, one cell per (judge, test, version) row coloured by E on a diverging scale centred at 0 (blue
// below, red above; grey when E is undefined), with E as text and a mark on rows whose verdict at the margin
// is "bias". A click on a cell selects its row. GUI thread only.

#include "bias/biasplot.h"

#include <QStringList>

namespace tribunal {

class BiasHeatmap : public BiasPlot {
    Q_OBJECT
public:
    explicit BiasHeatmap(BiasWorkspace* workspace, QWidget* parent = nullptr);

    QString plotId() const override { return QStringLiteral("bias-heatmap"); }
    QString title() const override { return tr("Heatmap"); }

    /// The cell under `pixel` (anywhere inside it), as an index into points().
    int pointAt(const QPointF& pixel) const override;
    /// Column (judge) and row (test) titles of the current build.
    const QStringList& judgeTitles() const { return m_judges; }
    const QStringList& testTitles() const { return m_tests; }
    /// The text written in row `row`'s cell (empty when not drawn).
    QString cellText(int row) const;
    /// "excess": the text written in each drawn cell (E with three decimals, "*" on bias rows), keyed as
    /// `tribunal-cli bias` names the row (plots/plotregistry.h).
    std::vector<PlottedPoint> plottedPoints(const QString& series) const override;
    QCPColorScale* colorScale() const { return m_scale; }

protected:
    void build(const BiasView& view) override;

private:
    QCPColorScale* m_scale;
    QStringList m_judges;
    QStringList m_tests;
    std::vector<std::pair<int, QString>> m_cellTexts;
};

} // namespace tribunal
