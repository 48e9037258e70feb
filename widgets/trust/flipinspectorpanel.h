#pragma once
// The flip inspector dock (workbench.md journey 2): the pairs of the selected trust-table row with their
// verdict grid (orders x runs, coloured by agreement with the label) and flags, filters (flipped, unstable,
// wrong), and for the current pair the question and both responses side by side, each order's raw judge
// output side by side with the parsed verdict highlighted, and the reviewer's note.
//
// Keys while the panel has focus: J next pair, K previous pair, F toggles "flipped only", N edits the current
// pair's note (stored with AuditSession::setNote, saved in the project). Follows
// TrustWorkspace::selectedRowChanged; shows a hint when no row is selected. Renders what tribunal_core
// computes (analysis/flipinspection.h); GUI thread only.

#include "analysis/flipinspection.h"

#include <QDockWidget>
#include <QPointer>

class QCheckBox;
class QComboBox;
class QDialog;
class QLabel;
class QPlainTextEdit;
class QPushButton;
class QStackedWidget;
class QTableView;

namespace tribunal {

class FlipFilterProxy;
class FlipItemModel;
class ItemTextsView;
class TrustWorkspace;
class VerdictHighlightView;

class FlipInspectorPanel : public QDockWidget {
    Q_OBJECT
public:
    explicit FlipInspectorPanel(TrustWorkspace* workspace, QWidget* parent = nullptr);

    TrustWorkspace* workspace() const { return m_workspace; }
    /// The workspace row whose pairs are listed, or -1 (the hint is shown).
    int shownRow() const { return m_shownRow; }

    FlipItemModel* model() const { return m_model; }
    FlipFilterProxy* proxy() const { return m_proxy; }
    QTableView* view() const { return m_view; }
    ItemTextsView* textsView() const { return m_texts; }
    VerdictHighlightView* outputsView() const { return m_outputs; }
    QCheckBox* flippedOnlyBox() const { return m_flippedOnly; }
    QCheckBox* unstableOnlyBox() const { return m_unstableOnly; }
    QCheckBox* wrongOnlyBox() const { return m_wrongOnly; }
    /// Run whose raw outputs are shown (disabled with one run per order).
    QComboBox* runBox() const { return m_runBox; }
    QLabel* hintLabel() const { return m_hint; }
    /// "n pairs: f flipped, ..." for the shown row.
    QLabel* summaryLabel() const { return m_summary; }
    QLabel* noteLabel() const { return m_noteLabel; }

    /// Proxy row of the current pair, or -1.
    int currentRow() const;
    /// The current pair, or null.
    const FlipItem* currentFlipItem() const;
    /// The current pair's item row in the snapshot, or -1.
    int currentItem() const;
    /// The note dialog while it is open (N or the "Edit note…" button), else null; its text editor and OK
    /// button are noteEditorText() and its accept() stores the note.
    QDialog* noteEditor() const { return m_noteDialog; }
    QPlainTextEdit* noteEditorText() const { return m_noteText; }

public slots:
    /// Makes proxy row `row` current (clamped to the shown rows).
    void setCurrentRow(int row);
    void nextItem();
    void previousItem();
    void toggleFlippedOnly();
    /// Opens the note editor for the current pair (window-modal, returns at once); no-op without one.
    void editNote();

private:
    void showRow(int row);
    void showCurrent();
    void showOutputs();
    void showNote();
    void updateSummary();

    TrustWorkspace* m_workspace;
    int m_shownRow = -1;
    FlipItemModel* m_model;
    FlipFilterProxy* m_proxy;
    QStackedWidget* m_stack;
    QLabel* m_hint;
    QLabel* m_summary;
    QCheckBox* m_flippedOnly;
    QCheckBox* m_unstableOnly;
    QCheckBox* m_wrongOnly;
    QTableView* m_view;
    ItemTextsView* m_texts;
    QComboBox* m_runBox;
    VerdictHighlightView* m_outputs;
    QLabel* m_noteLabel;
    QPushButton* m_noteButton;
    QPointer<QDialog> m_noteDialog;
    QPointer<QPlainTextEdit> m_noteText;
};

} // namespace tribunal
