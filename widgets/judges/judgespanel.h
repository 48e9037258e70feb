#pragma once
// The Judges dock (issue 8, workbench.md "Judges panel"): the judge list (name, model, URL, requests in
// flight and per second, prices) with Add / Edit / Remove through JudgeEditDialog; the audit design over the
// open audit's items (datasets, max items per dataset, prompt formats, orders, runs, temperature conditions,
// CALM bias versions); a live estimate line ("N judgments, M requests, ~T tokens in, ~U out, ~$X, ~Y min",
// core's estimateDesign); Run / Cancel with a progress bar (answered + failed of the calls to send), live
// counts (answered, failed, retried, in flight, spend) and the result line. Run is disabled with the reason
// as its tooltip while it cannot start; when only a saved project is missing, "Save As…" asks the main
// window to save (saveAsRequested). Renders what the JudgesWorkspace holds; GUI thread only.

#include <QDockWidget>
#include <QPointer>

class QCheckBox;
class QColor;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QStandardItemModel;
class QTableView;

namespace tribunal {

class JudgeEditDialog;
class JudgesWorkspace;
struct RunCounts;
enum class RunOutcome;

class JudgesPanel : public QDockWidget {
    Q_OBJECT
public:
    /// Columns of the judges table.
    enum Column {
        NameColumn,
        ModelColumn,
        UrlColumn,
        InFlightColumn,
        RateColumn,
        PriceInColumn,
        PriceOutColumn
    };

    explicit JudgesPanel(JudgesWorkspace* workspace, QWidget* parent = nullptr);

    JudgesWorkspace* workspace() const { return m_workspace; }

    QTableView* judgesView() const { return m_judgesView; }
    QStandardItemModel* judgesModel() const { return m_judgesModel; }
    QPushButton* addButton() const { return m_add; }
    QPushButton* editButton() const { return m_edit; }
    QPushButton* removeButton() const { return m_remove; }
    /// The open add / edit dialog (null when none is open). Opened window-modal and non-blocking.
    JudgeEditDialog* editDialog() const;

    /// One checkable row per dataset of the open audit (item data: the dataset name).
    QListWidget* datasetList() const { return m_datasets; }
    QSpinBox* maxItemsBox() const { return m_maxItems; }
    /// One checkbox per allPromptFormats() entry, in that order.
    const QList<QCheckBox*>& formatBoxes() const { return m_formats; }
    QCheckBox* orderABBox() const { return m_orderAB; }
    QCheckBox* orderBABox() const { return m_orderBA; }
    QSpinBox* runsBox() const { return m_runs; }
    /// Comma-separated temperatures; applied when editing finishes.
    QLineEdit* temperaturesEdit() const { return m_temperatures; }
    QComboBox* biasTestBox() const { return m_biasTest; }
    QLineEdit* biasVersionEdit() const { return m_biasVersion; }
    /// Items: better, worse (item data: the Cue as int).
    QComboBox* biasCueBox() const { return m_biasCue; }
    QPushButton* addBiasButton() const { return m_addBias; }
    QListWidget* biasList() const { return m_biasList; }
    QPushButton* removeBiasButton() const { return m_removeBias; }
    /// Problems with the design's inputs (bad temperatures, bias version); hidden when there are none.
    QLabel* designMessageLabel() const { return m_designMessage; }

    /// "24 judgments, 24 requests, ~3,600 tokens in, ~48 out, ~$0.00, ~0.1 min"
    QLabel* estimateLabel() const { return m_estimate; }
    QProgressBar* estimateBusy() const { return m_estimateBusy; }

    QPushButton* runButton() const { return m_run; }
    QPushButton* cancelButton() const { return m_cancel; }
    QPushButton* saveAsButton() const { return m_saveAs; }
    /// "Buy 60 changed judgments again": shown only after a run was refused because recorded judgments were
    /// asked otherwise than the design asks them (RunCounts::changed); starts the run that replaces them.
    QPushButton* rerunButton() const { return m_rerun; }
    QProgressBar* progressBar() const { return m_progress; }
    /// "answered 12 · failed 0 · retried 1 · in flight 4 · spent $0.0012"
    QLabel* countsLabel() const { return m_counts; }
    /// "Resumes: 10 judgments already recorded." (hidden when nothing was recorded before)
    QLabel* resumeLabel() const { return m_resume; }
    /// The run's status line: "Running…" (with failed calls "Running: 2 answered, 3 failed so far — 3 ×
    /// <reason>"), how the last run ended ("Failed: …", "Finished with failures: …", "Finished: …"), or why
    /// it could not start. Its tooltip lists every failure reason. In errorColour() when the run failed
    /// (JudgesWorkspace::resultOutcome() Failed).
    QLabel* resultLabel() const { return m_result; }
    /// The warning icon before the status line: shown while the last run's outcome is PartlyFailed or Failed.
    QLabel* resultIconLabel() const { return m_resultIcon; }
    /// The colour of a failed run's status line and progress bar (the judge dialog's error colour).
    static QColor errorColour();

    /// The estimate line for the workspace's current estimate.
    QString estimateText() const;
    /// The counts line for `counts`.
    static QString countsText(const RunCounts& counts);

    /// Opens the dialog for a new judge / for the selected judge.
    void addJudge();
    void editJudge();
    /// The run of the Run button with RunOptions::rerunChanged (the Buy-again button).
    void rerun();
    void removeJudge();
    void run();

signals:
    /// The audit must be saved as a project before it can run; the main window shows its Save As dialog.
    void saveAsRequested();

private:
    void openDialog(int index);
    void refreshJudges();
    void refreshDatasets();
    void refreshDesign();
    void refreshEstimate();
    void refreshRunState();
    void onProgress(const RunCounts& counts);
    void onFinished(bool cancelled, const QString& error);
    void startRun(bool rerunChanged);
    /// Asks whether to send items without their texts (JudgesWorkspace::missingTexts); true to go on.
    bool confirmMissingTexts();
    /// The status line's and the progress bar's look for `outcome` (after a run; Succeeded = plain).
    void showOutcome(RunOutcome outcome);
    void addBias();
    void showDesignMessage(const QString& text);
    int selectedJudge() const;

    JudgesWorkspace* m_workspace;
    QTableView* m_judgesView;
    QStandardItemModel* m_judgesModel;
    QPushButton* m_add;
    QPushButton* m_edit;
    QPushButton* m_remove;
    QPointer<JudgeEditDialog> m_dialog;
    QListWidget* m_datasets;
    QSpinBox* m_maxItems;
    QList<QCheckBox*> m_formats;
    QCheckBox* m_orderAB;
    QCheckBox* m_orderBA;
    QSpinBox* m_runs;
    QLineEdit* m_temperatures;
    QComboBox* m_biasTest;
    QLineEdit* m_biasVersion;
    QComboBox* m_biasCue;
    QPushButton* m_addBias;
    QListWidget* m_biasList;
    QPushButton* m_removeBias;
    QLabel* m_designMessage;
    QLabel* m_estimate;
    QProgressBar* m_estimateBusy;
    QPushButton* m_run;
    QPushButton* m_cancel;
    QPushButton* m_saveAs;
    QPushButton* m_rerun;
    QProgressBar* m_progress;
    QLabel* m_counts;
    QLabel* m_resume;
    QLabel* m_result;
    QLabel* m_resultIcon;
    bool m_refreshing = false; ///< while widgets are set from the workspace (their signals are not edits)
};

} // namespace tribunal
