#pragma once
// The common base of the Plots panel's plots (issue 4, workbench.md journey 1): an InteractivePlot (points,
// tooltips, click-to-select, selection ring, zoom / pan / reset) whose rows are the rows of a
// TrustWorkspace's table. It draws the visible rows, names a cell in its tooltip, selects through
// TrustWorkspace::selectRow and rebuilds when the view, values or filter change. Subclasses only build their
// plottables from the view; nothing statistical is computed here (aggregates come from tribunal_core). GUI
// thread only.

#include "plots/interactiveplot.h"

#include <QString>

#include <string>
#include <vector>

namespace tribunal {

class TrustWorkspace;
struct TrustView;
struct CellTable;
struct TrustTable;
struct TrustTableRow;

class TrustPlot : public InteractivePlot {
    Q_OBJECT
public:
    explicit TrustPlot(TrustWorkspace* workspace, QWidget* parent = nullptr);

    TrustWorkspace* workspace() const { return m_workspace; }

    /// "judge / format / dataset [/ conditions]" (empty parts, pooled by a grouping, are left out).
    static QString cellLabel(const TrustTable& table, const TrustTableRow& row);
    /// "<cell label>\nC = …, φ = …, A = …, T = …[, quadrant]".
    static QString rowToolTip(const TrustTable& table, const TrustTableRow& row);
    /// Translated name of a T11 quadrant key (quadrantName()).
    static QString quadrantTitle(const std::string& key);
    /// Colour of a measure in the aggregate plots: 0 C, 1 A - phi/2, 2 T.
    static QColor measureColor(int measure);
    /// A proportion with 3 decimals, or "n/a".
    static QString number(double value);

protected:
    /// Adds every plottable and item for `view`, calling addRowPoint / addPoint for hit-testable points,
    /// setLeftOut and setDefaultRanges. The plot was cleared before.
    virtual void build(const TrustView& view) = 0;

    /// Rows of the view the workspace's filter shows.
    std::vector<int> visibleRows() const;
    /// The plain cell table (report/trustexport.h cellTableOf) of the visible rows, for the core aggregates.
    CellTable visibleCellTable() const;
    /// A scatter graph (no line) for points.
    QCPGraph* addScatterGraph(const QColor& color, const QString& name);
    /// A point of table row `row` on `graph`, with the row's tooltip (rowToolTip).
    void addRowPoint(QCPGraph* graph, double x, double y, int row);
    /// A tooltip-only point (an aggregate).
    void addPoint(double x, double y, QString toolTip);
    /// The drawn points of `graph` (added with addRowPoint), each keyed by its row's judge, format, dataset
    /// and conditions as `tribunal-cli trust` names them.
    std::vector<PlottedPoint> rowPoints(const QCPGraph* graph) const;

private:
    void populate() override;
    int selectedRow() const override;
    void selectRow(int row) override;

    TrustWorkspace* m_workspace;
};

} // namespace tribunal
