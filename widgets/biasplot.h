#pragma once
// The common base of the Bias tests panel's plots (issue 5): a QCustomPlot that draws the current family of
// a BiasWorkspace, keeps the hit-testable points it drew (a design row, or a tooltip-only point with row =
// -1), names the point under the mouse in a tooltip, selects its row on click (BiasWorkspace::selectRow),
// zooms / pans (wheel / drag) with a "reset view", and renders a hidden plot only once it is shown.
// Subclasses only build plottables from the view; statistics come from tribunal_core. GUI thread only.

#include <qcustomplot.h>

#include <QString>

#include <optional>
#include <vector>

namespace tribunal {

class BiasWorkspace;
struct BiasView;

class BiasPlot : public QCustomPlot {
    Q_OBJECT
public:
    struct Point {
        double x = 0.0;
        double y = 0.0;
        int row = -1; ///< design row, or -1 (tooltip only)
        QString toolTip;
        QColor color; ///< the colour it is drawn in
    };

    explicit BiasPlot(BiasWorkspace* workspace, QWidget* parent = nullptr);

    BiasWorkspace* workspace() const { return m_workspace; }
    /// Stable id, used for file names ("bias-forest", ...).
    virtual QString plotId() const = 0;
    /// Translated tab title.
    virtual QString title() const = 0;

    /// Rebuilds every plottable from the workspace's current view and family, resets the ranges and
    /// replots (a hidden plot replots when it is shown).
    void refresh();
    void resetView();

    const std::vector<Point>& points() const { return m_points; }
    /// Index into points() of the point under `pixel`, or -1. The base tests a radius around each point.
    virtual int pointAt(const QPointF& pixel) const;
    QString toolTipAt(const QPointF& pixel) const;
    QPointF pixelOf(const Point& point) const;
    /// Pixel position of design row `row`'s point, if this plot draws it (valid after a replot).
    std::optional<QPointF> pixelOfRow(int row) const;
    /// The drawn colour of row `row`'s point (invalid when not drawn).
    QColor colorOfRow(int row) const;

    /// The ring around the selected row's point (empty when no drawn row is selected).
    QCPGraph* highlightGraph() const { return m_highlight; }

    /// Rows or values of the family this plot could not draw, and a sentence saying so.
    int leftOut() const { return m_leftOut; }
    const QString& leftOutText() const { return m_leftOutText; }

    /// A distinct colour per judge index (cycles after eight).
    static QColor seriesColor(int index);
    /// The hover text of design row `row`: judge, test, version, E with its interval, verdict at the margin,
    /// p_BH and the item count.
    static QString rowToolTip(const BiasView& view, int row);

signals:
    void rebuilt();

protected:
    /// Adds every plottable for `view`, calling addPoint, setLeftOut and setDefaultRanges. Cleared before.
    virtual void build(const BiasView& view) = 0;
    void addPoint(Point point);
    void setLeftOut(int count, const QString& text);
    void setDefaultRanges(const QCPRange& x, const QCPRange& y);
    /// A plot with one line per row (forest plot, heatmap) asks for enough height that `rows` labels do not
    /// overlap; the panel shows it in a scroll area then.
    void setContentRows(int rows);

    bool event(QEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    /// The wheel scrolls an enclosing scroll area that can scroll; Ctrl+wheel (or the wheel when nothing
    /// scrolls) zooms.
    void wheelEvent(QWheelEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void rebuild(bool keepRanges);
    /// Rings the selected row's point.
    void updateSelection();
    void replotWhenShown();

    BiasWorkspace* m_workspace;
    std::vector<Point> m_points;
    QCPGraph* m_highlight = nullptr;
    QCPRange m_defaultX{0.0, 1.0};
    QCPRange m_defaultY{0.0, 1.0};
    int m_leftOut = 0;
    QString m_leftOutText;
    QPointF m_pressPos;
    bool m_replotPending = false;
    const BiasView* m_builtView = nullptr; ///< identity only (never dereferenced)
    int m_builtFamily = -2;
};

} // namespace tribunal
