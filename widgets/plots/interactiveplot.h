#pragma once
// The mouse side shared by every plot of the workbench (the Plots dock's TrustPlot, issue 4, and the Bias
// tests dock's BiasPlot, issue 5): a QCustomPlot that keeps the hit-testable points its subclass drew (a
// table row, or a tooltip-only point with row = -1), names the point under the mouse in a tooltip, selects
// its row on click, rings the selected row's point, zooms / pans (wheel / drag) with a "reset view", renders
// a hidden plot only once it is shown and renders the buffer at the screen's pixel ratio.
//
// What a row is and where the selection lives belong to the subclass: it draws in populate() and answers
// selectedRow() / selectRow(). Nothing statistical is computed here. GUI thread only.

#include <qcustomplot.h>

#include <QColor>
#include <QString>

#include <limits>
#include <optional>
#include <utility>
#include <vector>

namespace tribunal {

/// One point of a plotted series as it is drawn, with the CLI table row it stands for (the contract is
/// plots/plotregistry.h): the key names the row by the table's own column names and cell texts, x / y /
/// lower / upper are the numbers handed to QCustomPlot (NaN where the series has none), `text` what the plot
/// writes on the point where it writes a number (heatmap cells; empty otherwise).
struct PlottedPoint {
    std::vector<std::pair<QString, QString>> key; ///< (CLI column, value as the CLI writes it)
    double x = std::numeric_limits<double>::quiet_NaN();
    double y = std::numeric_limits<double>::quiet_NaN();
    double lower = std::numeric_limits<double>::quiet_NaN();
    double upper = std::numeric_limits<double>::quiet_NaN();
    QString text;
    QString label; ///< the category the plot draws the point as (a verdict), where it has one
};

class InteractivePlot : public QCustomPlot {
    Q_OBJECT
public:
    /// One hit-testable point, in plot coordinates.
    struct Point {
        double x = 0.0;
        double y = 0.0;
        int row = -1; ///< the subclass's row (clickable), or -1 (tooltip only, e.g. a judge's mean)
        QString toolTip;
        QColor color; ///< the colour it is drawn in, where the subclass records it (else invalid)
    };

    /// How a plot reacts to the mouse (each dock keeps its own look).
    struct Interaction {
        /// Pixels around a point that still hit it (pointAt's default test).
        double hitRadius = 6.0;
        /// Diameter in pixels of the ring around the selected row's point.
        double ringSize = 16.0;
        /// The pointing-hand cursor also over tooltip-only points (row = -1), which a click does not select.
        bool handOverTooltipPoints = true;
    };

    explicit InteractivePlot(const Interaction& interaction, QWidget* parent = nullptr);

    /// Stable id, used for file names ("ceiling", "bias-forest", ...).
    virtual QString plotId() const = 0;
    /// Translated tab title.
    virtual QString title() const = 0;

    /// Rebuilds every plottable from the subclass's current data, resets the ranges and replots (a hidden
    /// plot replots when it is shown).
    void refresh();
    /// Restores the axis ranges chosen for the current data.
    void resetView();

    const std::vector<Point>& points() const { return m_points; }
    /// Index into points() of the point under `pixel`, or -1. The base takes the nearest point within the
    /// hit radius that lies in the axis rect (give or take the radius); a plot of areas tests its areas.
    virtual int pointAt(const QPointF& pixel) const;
    /// The tooltip of the point at `pixel` (empty when there is none).
    QString toolTipAt(const QPointF& pixel) const;
    /// Widget pixel position of a point (valid after a replot).
    QPointF pixelOf(const Point& point) const;
    /// Pixel position of row `row`'s point, if this plot draws it.
    std::optional<QPointF> pixelOfRow(int row) const;

    /// Rows or values this plot could not draw, and a sentence saying so (empty when nothing was left out).
    int leftOut() const { return m_leftOut; }
    const QString& leftOutText() const { return m_leftOutText; }
    /// The ring around the selected row's point (empty when no drawn row is selected).
    QCPGraph* highlightGraph() const { return m_highlight; }

    /// The drawn points of series `series` (an id of this plot's PlotDescriptor in plots/plotregistry.h) in
    /// the current build, read back from the plottables where they hold the numbers; empty for a series the
    /// plot does not have or did not draw now. For tests (tst_plotregistry): nothing is computed.
    virtual std::vector<PlottedPoint> plottedPoints(const QString& series) const;

signals:
    /// A rebuild finished (points, left-out count and text are current).
    void rebuilt();

protected:
    /// Adds every plottable and item for the current data, calling addPoint for hit-testable points,
    /// setLeftOut and setDefaultRanges. The plot was cleared before.
    virtual void populate() = 0;
    /// The selected row (-1: none), and selecting a row on click.
    virtual int selectedRow() const = 0;
    virtual void selectRow(int row) = 0;

    /// Moves the legend out of the axis rect into a row of its own under it (entries side by side), so it
    /// never covers data, whatever the data and the language of its entries. Call once, in the constructor.
    void placeLegendBelowAxes();
    /// Sets the widget's minimum height so that the axis rect keeps at least `axisRectHeight` pixels under
    /// `labels` written along the bottom axis at its tick-label rotation (long rotated category names
    /// otherwise squeezed the axis rect to a few pixels in a short dock), plus the axis title and the legend
    /// row. Never below the base minimum of 240 pixels.
    void reserveHeightForTickLabels(const QStringList& labels, int axisRectHeight = 100);
    /// Clears and populates the plot; keeps the axis ranges or resets them to the defaults.
    void rebuild(bool keepRanges);
    /// The selected row changed: ring its point and replot.
    void showSelection();

    void addPoint(Point point);
    /// The data of `graph` in key order, NaN values (gaps in a line) left out, each with the index into
    /// points() of the point added at the same coordinates (each used once; -1 where there is none).
    /// `keyIsY`: the graph's key axis is the vertical one (its key is the point's y).
    std::vector<std::pair<QCPGraphData, int>> drawnData(const QCPGraph* graph, bool keyIsY = false) const;
    /// The graphs of the current build in the order they were added, without the selection ring.
    QList<QCPGraph*> builtGraphs() const;
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
    /// replot() now when visible, else once the plot is shown.
    void replotWhenShown();

    Interaction m_interaction;
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
