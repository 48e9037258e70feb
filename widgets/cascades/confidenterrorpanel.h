#pragma once
// The Confident errors dock (issue 7, workbench.md journey 2 "the confident-error drill-down"; metrics.md
// K1-K4): a settings row (panel and kind, first judge, sample size n, the other judges, R1 rounding, raters
// filter all / unanimous / split), the K3 sample sorted as core sorts it - exactly the rows and columns of
// `tribunal-cli confident-errors` for the panel and kind (confidence, P(MET) on binary, answer, label and per
// other judge its answer, whether it repeats the error and its baseline; the constant panel, kind and judge
// columns are hidden) - and, on a second tab, the `--table repeats` rows of the kind. Below the list: the K4
// line (repeats against expected repeats, sample and every error) and the first judge's K2 discrimination
// (AUROC, error rate per confidence band).
//
// The selected error's pair: its texts, label with the raters' ratings (unanimous / split), every judge's
// answer and the selected one's raw output (RubricPairView), and the reviewer's note on the item (stored with
// AuditSession::setNote, saved in the project; "Save note", or moving to another pair, stores an edited
// note). "Copy table" puts the current tab's rows (with a header line, every digit) on the clipboard as
// tab-separated text: with the filter "all" they are the CLI's rows of that panel and kind, byte for byte.
// Renders what the ConfidentErrorWorkspace holds; GUI thread only.

#include <QDockWidget>

#include <string>

class QComboBox;
class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QTableView;
class QToolButton;

namespace tribunal {

class ConfidentErrorWorkspace;
class FlatTableModel;
class RubricPairView;

class ConfidentErrorsPanel : public QDockWidget {
    Q_OBJECT
public:
    /// Tabs of tables().
    enum TableTab { SampleTab, RepeatsTab };

    explicit ConfidentErrorsPanel(ConfidentErrorWorkspace* workspace, QWidget* parent = nullptr);

    ConfidentErrorWorkspace* workspace() const { return m_workspace; }
    /// "panel · kind" entries of every rubric panel.
    QComboBox* panelBox() const { return m_panelKind; }
    /// The panel's judges (the computed first judge is current).
    QComboBox* firstBox() const { return m_first; }
    QSpinBox* sampleSizeBox() const { return m_n; }
    /// The other judges (its menu has one checkable action per judge of the panel but the first).
    QToolButton* othersButton() const { return m_others; }
    QComboBox* roundingBox() const { return m_rounding; }
    QComboBox* filterBox() const { return m_filter; }
    QProgressBar* busyBar() const { return m_busy; }
    /// "No audit open." and the like; hidden when there is nothing to say.
    QLabel* messageLabel() const { return m_message; }
    /// K4: repeats against expected repeats of the shown kind.
    QLabel* repeatsLabel() const { return m_repeatsLine; }
    /// K2 of the first judge on the shown kind.
    QLabel* discriminationLabel() const { return m_discriminationLine; }

    QTabWidget* tables() const { return m_tables; }
    QTableView* sampleView() const { return m_sampleView; }
    QTableView* repeatsView() const { return m_repeatsView; }
    /// The shown sample rows (row i is workspace()->shownRows()[i]); the CLI's columns.
    FlatTableModel* sampleModel() const { return m_sampleModel; }
    FlatTableModel* repeatsModel() const { return m_repeatsModel; }

    RubricPairView* pairView() const { return m_pair; }
    QPlainTextEdit* noteEdit() const { return m_note; }
    QPushButton* saveNoteButton() const { return m_saveNote; }
    /// Stores the note field's text on the shown pair (an empty text removes the note). False without a
    /// pair, when the session's audit is no longer the pair's, or while a job runs (the reason is shown next
    /// to the field).
    bool saveNote();

    /// The current tab's rows as tab-separated text with a header line (empty without rows).
    QString tableText() const;
    void copyTable();

private:
    QWidget* settingsRow(QWidget* body);
    QWidget* noteRow(QWidget* body);
    void applySettings();
    void showView();
    void showRows();
    void showSelection(int row);
    void showNote();
    void updateMessage();

    ConfidentErrorWorkspace* m_workspace;
    QComboBox* m_panelKind;
    QComboBox* m_first;
    QSpinBox* m_n;
    QToolButton* m_others;
    QComboBox* m_rounding;
    QComboBox* m_filter;
    QProgressBar* m_busy;
    QPushButton* m_copy;
    QLabel* m_message;
    QLabel* m_repeatsLine;
    QLabel* m_discriminationLine;
    QTabWidget* m_tables;
    QTableView* m_sampleView;
    QTableView* m_repeatsView;
    FlatTableModel* m_sampleModel;
    FlatTableModel* m_repeatsModel;
    RubricPairView* m_pair;
    QPlainTextEdit* m_note;
    QPushButton* m_saveNote;
    QLabel* m_noteStatus;
    /// The pair whose note the field holds (empty dataset: none).
    std::string m_noteDataset;
    std::string m_noteItem;
    const void* m_noteAudit = nullptr; ///< the audit of that pair (compared, never dereferenced)
};

} // namespace tribunal
