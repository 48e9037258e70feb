#pragma once
// The Rubric judges dock (issue 6, workbench.md "Rubric and cascades"; metrics.md R1-R7): a settings row
// (R1 rounding rule, bootstrap resamples, seed, parity margin, cluster bootstrap by group, the judges to
// compare), two tables - per judge, panel and criterion (exactly `tribunal-cli rubric`'s rows and columns)
// and the paired comparisons (`tribunal-cli compare`'s) - and two plots for the selected criterion row: the
// confusion matrix (predicted level against the label) and accuracy against level shift s (R5). Each plot
// has "Reset view" and "Export…"; "Copy table" puts the current table (every digit, with a header line) on
// the clipboard as tab-separated text.
//
// Drill-down: a double-click on a comparison row, a rubric table row or a matrix cell opens the pairs behind
// it (RubricPairsDialog: texts, label, raters' ratings and every judge's answer). Renders what the
// RubricWorkspace holds; GUI thread only.

#include "rubric/rubricpairsdialog.h"

#include <QDockWidget>
#include <QPointer>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QTableView;
class QToolButton;

namespace tribunal {

class ConfusionHeatmap;
class FlatTableModel;
class PlotTabs;
class RubricWorkspace;
class ShiftCurvePlot;

class RubricPanel : public QDockWidget {
    Q_OBJECT
public:
    /// Tabs of tables().
    enum TableTab { CriteriaTab, ComparisonsTab };

    explicit RubricPanel(RubricWorkspace* workspace, QWidget* parent = nullptr);

    RubricWorkspace* workspace() const { return m_workspace; }
    QComboBox* roundingBox() const { return m_rounding; }
    QSpinBox* resamplesBox() const { return m_resamples; }
    QSpinBox* seedBox() const { return m_seed; }
    QDoubleSpinBox* marginBox() const { return m_margin; }
    QCheckBox* clusterBox() const { return m_cluster; }
    /// The judge checklist (its menu has one checkable action per judge, in the workspace's order).
    QToolButton* judgesButton() const { return m_judges; }
    QProgressBar* busyBar() const { return m_busy; }
    /// "No audit open." and the like; hidden when the tables are shown.
    QLabel* messageLabel() const { return m_message; }
    /// The view's note about panels without labels (RubricView::labels); hidden when there is none.
    QLabel* labelNoteLabel() const { return m_labelNote; }
    /// Why the comparison table is empty (hidden when it is not).
    QLabel* comparisonMessage() const { return m_comparisonMessage; }
    /// The selected row's key ("judge · format · panel / criterion").
    QLabel* summaryLabel() const { return m_summary; }

    QTabWidget* tables() const { return m_tables; }
    QTableView* criteriaView() const { return m_criteriaView; }
    QTableView* comparisonsView() const { return m_comparisonsView; }
    FlatTableModel* criteriaModel() const { return m_criteriaModel; }
    FlatTableModel* comparisonsModel() const { return m_comparisonsModel; }
    PlotTabs* plotTabs() const { return m_plots; }
    ConfusionHeatmap* confusionPlot() const { return m_confusion; }
    ShiftCurvePlot* shiftPlot() const { return m_shift; }

    /// The current table tab as tab-separated text with a header line (empty without results).
    QString tableText() const;
    void copyTable();

    /// Opens the drill-down on the pairs behind comparison row `row`, rubric table row `row`, or cell
    /// (label, predicted) of confusion `confusion` (an index into the view's confusions). Non-modal; the
    /// same dialog is reused.
    void openComparisonPairs(int row);
    void openRowPairs(int row);
    void openConfusionPairs(int confusion, int labelIndex, int predictedIndex);
    /// The drill-down dialog (null before the first one was opened).
    RubricPairsDialog* pairsDialog() const { return m_dialog; }

private:
    QWidget* settingsRow(QWidget* body);
    void showSettings();
    void applySettings();
    void updateJudges();
    void updateMessages();
    void showView();
    void showComparisons();
    void showSelectedRow(int row);
    RubricPairsDialog* dialog();

    RubricWorkspace* m_workspace;
    QComboBox* m_rounding;
    QSpinBox* m_resamples;
    QSpinBox* m_seed;
    QDoubleSpinBox* m_margin;
    QCheckBox* m_cluster;
    QToolButton* m_judges;
    QProgressBar* m_busy;
    QPushButton* m_copy;
    QLabel* m_message;
    QLabel* m_labelNote;
    QLabel* m_comparisonMessage;
    QLabel* m_summary;
    QTabWidget* m_tables;
    QTableView* m_criteriaView;
    QTableView* m_comparisonsView;
    FlatTableModel* m_criteriaModel;
    FlatTableModel* m_comparisonsModel;
    PlotTabs* m_plots;
    ConfusionHeatmap* m_confusion;
    ShiftCurvePlot* m_shift;
    QPointer<RubricPairsDialog> m_dialog;
};

} // namespace tribunal
