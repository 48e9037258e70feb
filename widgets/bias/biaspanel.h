#pragma once
// The Bias tests dock (issue 5, workbench.md "Bias tests"; metrics.md B1-B12): a settings row (format
// family, margin delta, bootstrap resamples, permutations, seed), tabs with the forest plot of E against the
// margin, the judge x test heatmap of E, the reliability diagram (B11) and flips by confidence (B9), and
// below them the items of the selected row ("changed only" by default) beside the comparison view of the
// current item (original and perturbed prompt, verdicts, raw outputs, responses). Each plot has "Reset view"
// and "Export…" (PDF, SVG, PNG); "Copy table" puts the current tab's result table (report/biastables.h, the
// columns `tribunal-cli bias` writes) on the clipboard as tab-separated text. Renders what the BiasWorkspace
// holds; GUI thread only.

#include "plots/plottabs.h"

#include <QDockWidget>

#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableView;

namespace tribunal {

class BiasComparisonView;
class BiasForestPlot;
class BiasHeatmap;
class BiasItemModel;
class BiasPlot;
class BiasWorkspace;
class ConfidenceFlipsPlot;
class ReliabilityPlot;

class BiasPanel : public QDockWidget {
    Q_OBJECT
public:
    /// The margins offered (B6 / seed 001 Table 12 use the same three).
    static constexpr double kMargins[] = {0.02, 0.05, 0.10};

    explicit BiasPanel(BiasWorkspace* workspace, QWidget* parent = nullptr);

    BiasWorkspace* workspace() const { return m_workspace; }
    QTabWidget* tabs() const { return m_tabs; }
    /// In tab order: forest plot, heatmap, reliability, flips by confidence.
    const std::vector<BiasPlot*>& plots() const { return m_plots; }
    BiasForestPlot* forestPlot() const { return m_forest; }
    BiasHeatmap* heatmap() const { return m_heatmap; }
    ReliabilityPlot* reliabilityPlot() const { return m_reliability; }
    ConfidenceFlipsPlot* flipsPlot() const { return m_flips; }
    QLabel* leftOutLabel(int index) const { return m_tabs->leftOutLabel(index); }

    QComboBox* familyBox() const { return m_family; }
    QComboBox* marginBox() const { return m_margin; }
    QSpinBox* resamplesBox() const { return m_resamples; }
    QSpinBox* permutationsBox() const { return m_permutations; }
    QSpinBox* seedBox() const { return m_seed; }
    QProgressBar* busyBar() const { return m_busy; }
    /// "No bias-test judgments in this audit." and the like; hidden when the rows are shown.
    QLabel* messageLabel() const { return m_message; }
    /// The selected row's numbers ("judge · test: n items, c changed, RR …, E … [lo, hi], verdict").
    QLabel* summaryLabel() const { return m_summary; }

    BiasItemModel* itemModel() const { return m_model; }
    QTableView* itemView() const { return m_items; }
    QCheckBox* changedOnlyBox() const { return m_changedOnly; }
    BiasComparisonView* comparisonView() const { return m_comparison; }

    /// Makes item row `row` of the list current (clamped; -1 clears).
    void setCurrentItem(int row);
    /// The current tab's table as tab-separated text with a header line (empty without results).
    QString tableText() const;
    /// Puts tableText() on the clipboard.
    void copyTable();
    /// Opens the export dialog for plot `index` (modal).
    void exportPlot(int index);

private:
    void addPlot(BiasPlot* plot, QWidget* extraControl = nullptr);
    /// The forest plot's colour key: one coloured bullet per verdict.
    QWidget* verdictLegend();
    void applySettings();
    void showSettings();
    void updateFamilies();
    void updateMessage();
    void showRow(int row);
    void updateSummary();
    void showCurrentItem();

    BiasWorkspace* m_workspace;
    PlotTabs* m_tabs;
    std::vector<BiasPlot*> m_plots;
    BiasForestPlot* m_forest;
    BiasHeatmap* m_heatmap;
    ReliabilityPlot* m_reliability;
    ConfidenceFlipsPlot* m_flips;
    QComboBox* m_family;
    QComboBox* m_margin;
    QSpinBox* m_resamples;
    QSpinBox* m_permutations;
    QSpinBox* m_seed;
    QProgressBar* m_busy;
    QLabel* m_message;
    QLabel* m_summary;
    QPushButton* m_copy;
    BiasItemModel* m_model;
    QTableView* m_items;
    QCheckBox* m_changedOnly;
    BiasComparisonView* m_comparison;
    int m_shownRow = -1;
};

} // namespace tribunal
