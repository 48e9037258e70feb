#pragma once
// The cost-accuracy frontier of the Cascades panel (issue 7; metrics.md K6, K7, K11): for the shown kind,
// cost per pair (USD) on x and accuracy on y - the single judges (discs), the lower and upper median juries
// of the first judge and the fallbacks (squares), every cascade point (small dots, one colour per fallback) -
// with the Pareto frontier (core's cascadeFrontier via CascadeWorkspace::frontier: no other point is as
// cheap and as accurate) joined by a line and its points outlined. A click on a cascade point moves the tau
// slider there. Renders what the CascadeWorkspace holds; GUI thread only.

#include "plots/interactiveplot.h"

namespace tribunal {

class CascadeWorkspace;

class FrontierPlot : public InteractivePlot {
    Q_OBJECT
public:
    explicit FrontierPlot(CascadeWorkspace* workspace, QWidget* parent = nullptr);

    QString plotId() const override { return QStringLiteral("cascade-frontier"); }
    QString title() const override { return tr("Cost-accuracy frontier"); }

    /// The line through the frontier points, by ascending cost (null when there is none).
    QCPGraph* frontierGraph() const { return m_frontier; }
    /// For the shown kind (plots/plotregistry.h): "singles", "juries", "cascades" the points of those
    /// graphs, "pareto" the frontier line's (x: cost per pair, y: accuracy), keyed as `tribunal-cli
    /// cascade --table frontier` names the point.
    std::vector<PlottedPoint> plottedPoints(const QString& series) const override;

protected:
    void populate() override;
    int selectedRow() const override;
    void selectRow(int row) override;

private:
    CascadeWorkspace* m_workspace;
    QCPGraph* m_frontier = nullptr;
    int m_shownKind = -1;
};

} // namespace tribunal
