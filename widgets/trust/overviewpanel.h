#pragma once
// Dock panel "Audit overview" (workbench journey 1): the trust cell table of the open audit (C, phi, A,
// A_max, T, T_joint, quadrant; T shaded in the paper's bands; intervals in tooltips or extra columns), the
// shared row filter, the settings form, interval progress with Cancel, and Copy of the shown table as
// tab-separated text with a header row. Reads and changes only the TrustWorkspace; computes nothing.
//
// The filters and settings sit in a side pane beside the table at their own width (the table takes the rest).
// A toggle ("Filters and settings" / "Hide filters") shows or hides it; the choice is remembered (QSettings
// "overview/sidePane"). Without a choice the pane is shown when the dock, at its first show, is wide enough
// for it and a table with the cells' names and metrics (not on a laptop's half screen).
//
// Selection is shared: choosing a row (mouse or keyboard) calls TrustWorkspace::selectRow with the table
// row; TrustWorkspace::selectedRowChanged selects and scrolls to that row here.

#include <QDockWidget>
#include <QString>

class QCheckBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSplitter;
class QTableView;
class QToolButton;

namespace tribunal {

class TrustFilterTree;
class TrustRowProxy;
class TrustSettingsForm;
class TrustTableModel;
class TrustWorkspace;

class OverviewPanel : public QDockWidget {
    Q_OBJECT
public:
    explicit OverviewPanel(TrustWorkspace* workspace, QWidget* parent = nullptr);

    TrustWorkspace* workspace() const { return m_workspace; }

    /// The shown rows (filtered, in view order) and columns as tab-separated text: a header line of the
    /// CSV column names (judge, format, dataset, conditions, n_pairs, C, phi, ..., quadrant), then one
    /// line per row with raw values as `tribunal-cli trust` writes them (proportions in shortest round-trip
    /// form, empty when missing). Every line ends with a newline.
    QString tableAsTsv() const;
    /// Puts tableAsTsv() on the clipboard.
    void copyTable();

    QTableView* view() const { return m_view; }
    TrustTableModel* model() const { return m_model; }
    TrustRowProxy* proxy() const { return m_proxy; }
    TrustFilterTree* filterTree() const { return m_filters; }
    TrustSettingsForm* settingsForm() const { return m_form; }
    QCheckBox* intervalColumnsBox() const { return m_intervalColumns; }
    QPushButton* copyButton() const { return m_copy; }
    QProgressBar* progressBar() const { return m_progress; }
    QPushButton* cancelButton() const { return m_cancel; }
    QLabel* statusLabel() const { return m_status; }
    /// The view's note about datasets without labels (TrustView::labels); hidden when there is none.
    QLabel* labelNoteLabel() const { return m_labelNote; }
    /// "Showing n of m rows" while the filters hide rows, with "Show all rows" (clears the filter).
    QLabel* filterNoteLabel() const { return m_filterNote; }
    QPushButton* showAllButton() const { return m_showAll; }
    /// While shown rows have one run per order (C n/a, T2): says so, with "Assume C = 1", which sets that
    /// setting (stored in the project, TrustWorkspace::setSettings).
    QLabel* singleRunNoteLabel() const { return m_singleRunNote; }
    QPushButton* assumeButton() const { return m_assume; }
    /// The side pane (filters and settings) and its toggle.
    QSplitter* sidePane() const { return m_side; }
    QToolButton* sidePaneToggle() const { return m_sideToggle; }
    bool isSidePaneVisible() const;
    /// Shows or hides the side pane (not remembered: the toggle's click is).
    void setSidePaneVisible(bool shown);

protected:
    void showEvent(QShowEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void showSelectedRow(int row);
    void updateBusy();
    void onCurrentRowChanged(const QModelIndex& current);
    void updateNotes();
    /// Without the user's choice: the side pane shown iff the table beside it keeps T in view.
    void chooseSidePane();
    /// The table's width up to and with the T column (a font-based estimate before there are columns).
    int tableWidthThroughT() const;

    TrustWorkspace* m_workspace;
    TrustTableModel* m_model;
    TrustRowProxy* m_proxy;
    QTableView* m_view;
    TrustFilterTree* m_filters;
    TrustSettingsForm* m_form;
    QCheckBox* m_intervalColumns;
    QPushButton* m_copy;
    QProgressBar* m_progress;
    QPushButton* m_cancel;
    QLabel* m_status;
    QLabel* m_labelNote;
    QLabel* m_filterNote;
    QPushButton* m_showAll;
    QLabel* m_singleRunNote;
    QPushButton* m_assume;
    QToolButton* m_sideToggle;
    QSplitter* m_side = nullptr;
    bool m_sideChosen = false; ///< the user chose (stored setting): no automatic choice
    /// Set while rows come and go: the view then moves its current row by itself, not the user.
    bool m_ignoreCurrent = false;
};

} // namespace tribunal
