#pragma once
// The common base of the Plots panel's plots (issue 4, workbench.md journey 1): a QCustomPlot that draws the
// visible rows of a TrustWorkspace's table, maps drawn points back to table rows, names the cell under the
// mouse in a tooltip, selects a row on click (TrustWorkspace::selectRow), rings the selected row's point,
// and zooms / pans (wheel / drag) with a "reset view". Subclasses only build their plottables from the
// view; nothing statistical is computed here (aggregates come from tribunal_core). GUI thread only.

#include <qcustomplot.h>

#include <QString>

#include <optional>
#include <string>
#include <vector>

namespace tribunal {

class TrustWorkspace;
struct TrustView;
struct CellTable;
struct TrustTable;
struct TrustTableRow;

class TrustPlot : public QCustomPlot {
    Q_OBJECT
public:
    /// One marked point: a table row (row >= 0) or an aggregate (row = -1, e.g. a judge's mean).
    struct Point {
        double x = 0.0;
        double y = 0.0;
        int row = -1;
        QString toolTip;
    };

    explicit TrustPlot(TrustWorkspace* workspace, QWidget* parent = nullptr);

    TrustWorkspace* workspace() const { return m_workspace; }
    /// Stable id, used for file names ("ceiling", "isotrust", ...).
    virtual QString plotId() const = 0;
    /// Translated tab title.
    virtual QString title() const = 0;

    /// Rebuilds every plottable from the workspace's current view and filter, resets the ranges and replots
    /// (a hidden plot replots when it is shown).
    void refresh();
    /// Restores the axis ranges chosen for the current data.
    void resetView();

    const std::vector<Point>& points() const { return m_points; }
    /// Index into points() of the point nearest to `pixel` within `radius` pixels, or -1.
    int pointAt(const QPointF& pixel, double radius = 6.0) const;
    /// The tooltip of the point at `pixel` (empty when there is none).
    QString toolTipAt(const QPointF& pixel) const;
    /// Widget pixel position of a point (valid after a replot).
    QPointF pixelOf(const Point& point) const;
    /// Pixel position of table row `row`'s point, if this plot draws it.
    std::optional<QPointF> pixelOfRow(int row) const;

    /// Visible rows this plot could not draw (a value it needs is undefined), and a sentence saying so
    /// (empty when nothing was left out).
    int leftOut() const { return m_leftOut; }
    const QString& leftOutText() const { return m_leftOutText; }
    /// The ring around the selected row's point (empty when no drawn row is selected).
    QCPGraph* highlightGraph() const { return m_highlight; }

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

signals:
    /// refresh() finished (points, left-out count and text are current).
    void rebuilt();

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
    void addRowPoint(QCPGraph* graph, double x, double y, int row);
    void addPoint(double x, double y, QString toolTip);
    void setLeftOut(int count, const QString& text);
    void setDefaultRanges(const QCPRange& x, const QCPRange& y);

    bool event(QEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void updateHighlight();
    /// Rebuilds the plottables from the current view; keeps the axis ranges or resets them to the defaults.
    void rebuild(bool keepRanges);
    /// replot() now when visible, else once the plot is shown.
    void replotWhenShown();

    TrustWorkspace* m_workspace;
    std::vector<Point> m_points;
    QCPGraph* m_highlight = nullptr;
    QCPRange m_defaultX{0.0, 1.0};
    QCPRange m_defaultY{0.0, 1.0};
    int m_leftOut = 0;
    QString m_leftOutText;
    QPointF m_pressPos;
    bool m_replotPending = false;
};

} // namespace tribunal
