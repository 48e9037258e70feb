#pragma once
// The tabs of the Plots dock and the Bias tests dock (issue 4, issue 5): one page per InteractivePlot with a
// row of controls (an optional control of the plot's own, then "Reset view" and "Export…"), the plot, and a
// line under it saying what the plot left out (hidden when nothing was). "Reset view" restores the plot's
// default ranges, "Export…" opens the export dialog (PDF, SVG, PNG at a chosen size), and the left-out line
// follows every rebuild. GUI thread only.

#include <QTabWidget>

#include <vector>

class QLabel;

namespace tribunal {

class InteractivePlot;

class PlotTabs : public QTabWidget {
    Q_OBJECT
public:
    explicit PlotTabs(QWidget* parent = nullptr);

    /// Adds a page for `plot` titled plot->title() and returns its index. `holder` is what the page shows:
    /// the plot itself, or a widget holding it (a scroll area for a plot that grows with its rows).
    /// `resetText` is the translated "Reset view" with the mnemonic the dock has free.
    int addPlot(InteractivePlot* plot, QWidget* holder, const QString& resetText,
                QWidget* extraControl = nullptr);

    /// In tab order.
    InteractivePlot* plot(int index) const { return m_plots.at(static_cast<std::size_t>(index)); }
    /// The "n left out" line under plot `index` (hidden when nothing was left out).
    QLabel* leftOutLabel(int index) const { return m_leftOut.at(static_cast<std::size_t>(index)); }

    /// Opens the export dialog for plot `index` (modal, over `dialogParent`), suggesting plotId() as the
    /// file name.
    void exportPlot(int index, QWidget* dialogParent);

signals:
    /// The "Export…" button of page `index` was clicked.
    void exportRequested(int index);

private:
    std::vector<InteractivePlot*> m_plots;
    std::vector<QLabel*> m_leftOut;
};

} // namespace tribunal
