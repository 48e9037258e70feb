#pragma once
// The Plots dock (issue 4, workbench.md journey 1): one tab per plot of the trust workspace's visible rows
// (accuracy ceiling, iso-T factors, failure modes, judges, condition sweep). Each tab has "Reset view" and
// "Export…" (PDF, SVG, PNG at a chosen size) and a line saying how many visible cells the plot left out.
// Hover names a cell, a click selects it in the workspace (and so in every panel). GUI thread only.

#include "plots/plottabs.h"

#include <QDockWidget>
#include <QSize>
#include <QStringList>

#include <vector>

class QComboBox;
class QLabel;

namespace tribunal {

class CeilingPlot;
class FailureMapPlot;
class IsoTrustPlot;
class JudgeWhiskerPlot;
class SweepPlot;
class TrustPlot;
class TrustWorkspace;

class PlotsPanel : public QDockWidget {
    Q_OBJECT
public:
    explicit PlotsPanel(TrustWorkspace* workspace, QWidget* parent = nullptr);

    QTabWidget* tabs() const { return m_tabs; }
    /// In tab order.
    const std::vector<TrustPlot*>& plots() const { return m_plots; }
    CeilingPlot* ceilingPlot() const { return m_ceiling; }
    IsoTrustPlot* isoTrustPlot() const { return m_isoTrust; }
    FailureMapPlot* failureMapPlot() const { return m_failureMap; }
    JudgeWhiskerPlot* judgeWhiskerPlot() const { return m_judges; }
    SweepPlot* sweepPlot() const { return m_sweep; }
    /// The sweep tab's column choice.
    QComboBox* sweepColumnBox() const { return m_sweepColumn; }
    /// The "n cells left out" line under plot `index` (hidden when nothing was left out).
    QLabel* leftOutLabel(int index) const { return m_tabs->leftOutLabel(index); }

    /// Opens the export dialog for plot `index` (modal).
    void exportPlot(int index);
    /// Renders every plot to `<dir>/<plotId>.png` at `size` logical pixels times `scale` (for screenshot
    /// scripts and documentation). Returns the files written; stops at the first failure (*error set).
    QStringList savePngs(const QString& dir, QSize size = {800, 600}, double scale = 1.0,
                         QString* error = nullptr) const;

private:
    void addPlot(TrustPlot* plot, QWidget* extraControl = nullptr);
    void updateSweepColumns();

    TrustWorkspace* m_workspace;
    PlotTabs* m_tabs;
    std::vector<TrustPlot*> m_plots;
    CeilingPlot* m_ceiling;
    IsoTrustPlot* m_isoTrust;
    FailureMapPlot* m_failureMap;
    JudgeWhiskerPlot* m_judges;
    SweepPlot* m_sweep;
    QComboBox* m_sweepColumn;
};

} // namespace tribunal
