#pragma once
// The Cascades dock (issue 7, workbench.md "Rubric and cascades"; metrics.md K6-K11): a settings row (panel,
// kind, first judge, fallbacks checklist, K9 halvings and seed, R1 rounding), a tau slider over the kind's
// grid with the selected fallback's point read out - kept / deferred counts, accuracy, cost and both sides of
// the K10 identity, all from core's CascadePoint -, a summary line (best single judge, best cascade at its
// oracle tau, K9 mean gain and share of halvings with a gain, the matching cascade's cost share), two tables
// (`tribunal-cli cascade --table summary` and `--table curve` for the panel and judges, every row and
// column) and three plots (accuracy and cost against tau, the cost-accuracy frontier). "Copy table" puts the
// current table on the clipboard as tab-separated text with a header line (every digit, as the CLI's CSV).
// Renders what the CascadeWorkspace holds; GUI thread only. (CascadesPanel: core's CascadePanel is the
// replay result of report/cascadetables.h.)

#include <QDockWidget>

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSlider;
class QSpinBox;
class QTabWidget;
class QTableView;
class QToolButton;

namespace tribunal {

class CascadePlot;
class CascadeWorkspace;
class FlatTableModel;
class FrontierPlot;
class PlotTabs;

class CascadesPanel : public QDockWidget {
    Q_OBJECT
public:
    /// Tabs of tables().
    enum TableTab { SummaryTab, CurveTab };

    explicit CascadesPanel(CascadeWorkspace* workspace, QWidget* parent = nullptr);

    CascadeWorkspace* workspace() const { return m_workspace; }
    QComboBox* panelBox() const { return m_panelBox; }
    QComboBox* kindBox() const { return m_kind; }
    QComboBox* firstBox() const { return m_first; }
    /// The fallback checklist (its menu has one checkable action per judge of the panel but the first).
    QToolButton* fallbacksButton() const { return m_fallbacks; }
    QSpinBox* halvingsBox() const { return m_halvings; }
    QSpinBox* seedBox() const { return m_seed; }
    QComboBox* roundingBox() const { return m_rounding; }
    QProgressBar* busyBar() const { return m_busy; }

    /// The fallback the slider reads (the replay's fallbacks, name order) and the slider (grid index).
    QComboBox* sliderFallbackBox() const { return m_sliderFallback; }
    QSlider* tauSlider() const { return m_slider; }
    /// "tau = 0.35"
    QLabel* tauLabel() const { return m_tauLabel; }
    /// "kept 12 · deferred 8 · accuracy 0.85 · cost 0.0123 USD"
    QLabel* pointLabel() const { return m_pointLabel; }
    /// Both sides of K10 at the slider's point.
    QLabel* k10Label() const { return m_k10Label; }
    QLabel* summaryLabel() const { return m_summary; }
    /// "No audit open." and the like; hidden when results are shown.
    QLabel* messageLabel() const { return m_message; }
    /// The view's note about panels without labels (CascadeCurveView::labels); hidden when there is none.
    QLabel* labelNoteLabel() const { return m_labelNote; }

    QTabWidget* tables() const { return m_tables; }
    FlatTableModel* summaryModel() const { return m_summaryModel; }
    FlatTableModel* curveModel() const { return m_curveModel; }
    PlotTabs* plotTabs() const { return m_plots; }
    CascadePlot* accuracyPlot() const { return m_accuracyPlot; }
    CascadePlot* costPlot() const { return m_costPlot; }
    FrontierPlot* frontierPlot() const { return m_frontierPlot; }

    /// The current table tab as tab-separated text with a header line (empty without rows).
    QString tableText() const;
    void copyTable();

    /// Formats a number as the tables display it (4 significant digits; "n/a" when missing).
    static QString numberText(double value);

private:
    QWidget* settingsRow(QWidget* body);
    QWidget* sliderRow(QWidget* body);
    void applySettings();
    void showCurves();
    void showSummary();
    void showSelection();
    void updateJudges();
    void updateMessage();

    CascadeWorkspace* m_workspace;
    QComboBox* m_panelBox;
    QComboBox* m_kind;
    QComboBox* m_first;
    QToolButton* m_fallbacks;
    QSpinBox* m_halvings;
    QSpinBox* m_seed;
    QComboBox* m_rounding;
    QProgressBar* m_busy;
    QPushButton* m_copy = nullptr;
    QComboBox* m_sliderFallback;
    QSlider* m_slider;
    QLabel* m_tauLabel;
    QLabel* m_pointLabel;
    QLabel* m_k10Label;
    QLabel* m_summary;
    QLabel* m_message;
    QLabel* m_labelNote;
    QTabWidget* m_tables;
    QTableView* m_summaryView;
    QTableView* m_curveView;
    FlatTableModel* m_summaryModel;
    FlatTableModel* m_curveModel;
    PlotTabs* m_plots;
    CascadePlot* m_accuracyPlot;
    CascadePlot* m_costPlot;
    FrontierPlot* m_frontierPlot;
};

} // namespace tribunal
