#pragma once
// The common base of the Bias tests panel's plots (issue 5): an InteractivePlot (points, tooltips,
// click-to-select, selection ring, zoom / pan / reset, rendering once shown) whose rows are the design rows
// of a BiasWorkspace. It draws the current family, selects through BiasWorkspace::selectRow, rebuilds when
// the view, family or verdicts change, and grows with its rows inside a scroll area. Subclasses only build
// plottables from the view; statistics come from tribunal_core. GUI thread only.

#include "plots/interactiveplot.h"

#include <QColor>
#include <QString>

namespace tribunal {

class BiasWorkspace;
struct BiasView;

class BiasPlot : public InteractivePlot {
    Q_OBJECT
public:
    explicit BiasPlot(BiasWorkspace* workspace, QWidget* parent = nullptr);

    BiasWorkspace* workspace() const { return m_workspace; }

    /// The drawn colour of row `row`'s point (invalid when not drawn).
    QColor colorOfRow(int row) const;

    /// A distinct colour per judge index (cycles after eight).
    static QColor seriesColor(int index);
    /// The hover text of design row `row`: judge, test, version, E with its interval, verdict at the margin,
    /// p_BH and the item count.
    static QString rowToolTip(const BiasView& view, int row);

protected:
    /// Adds every plottable for `view`, calling addPoint (with the drawn colour), setLeftOut and
    /// setDefaultRanges. Cleared before.
    virtual void build(const BiasView& view) = 0;
    /// A plot with one line per row (forest plot, heatmap) asks for enough height that `rows` labels do not
    /// overlap; the panel shows it in a scroll area then.
    void setContentRows(int rows);

    /// The wheel scrolls an enclosing scroll area that can scroll; Ctrl+wheel (or the wheel when nothing
    /// scrolls) zooms.
    void wheelEvent(QWheelEvent* event) override;

private:
    void populate() override;
    int selectedRow() const override;
    void selectRow(int row) override;

    BiasWorkspace* m_workspace;
    const BiasView* m_builtView = nullptr; ///< identity only (never dereferenced)
    int m_builtFamily = -2;
};

} // namespace tribunal
