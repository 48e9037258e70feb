#pragma once
// Small widgets every analysis dock builds the same way. GUI thread only.

#include <QAbstractItemView>
#include <QtGlobal>

class QAbstractItemModel;
class QBoxLayout;
class QDockWidget;
class QLabel;
class QProgressBar;
class QPushButton;
class QString;
class QTableView;
class QToolButton;
class QWidget;

namespace tribunal {

/// A word-wrapping, selectable label that shows plain text only (names, ids and notes are data, never
/// markup).
QLabel* wrappedLabel(QWidget* parent);

/// Appends a label (`text`, with its mnemonic pointing at `field`) and `field` to a settings row.
void addLabelledField(QBoxLayout* row, const QString& text, QWidget* field);

/// Makes `bar` a small, hidden busy indicator: indeterminate until the job it stands for reports progress
/// (showJobProgress).
void makeBusyIndicator(QProgressBar* bar);
/// The busy indicator as the workspace turns busy (indeterminate: no step reported yet) or idle (hidden).
void showJobBusy(QProgressBar* bar, bool busy);
/// The busy indicator for Workspace::jobProgress: total 0 makes it indeterminate again (a new job, nothing
/// reported yet); else determinate at done of total with its percentage (a total beyond int is scaled). Its
/// visibility stays showJobBusy's.
void showJobProgress(QProgressBar* bar, qint64 done, qint64 total);

/// Puts the contents of `dock` into a frameless scroll area that resizes them: a dock smaller than its
/// contents' minimum (a laptop screen, a long German label row) scrolls instead of making the window larger
/// than the screen; a larger dock gives them all its room as before. A dock whose widget scrolls already
/// (a QScrollArea) is left as it is.
void makeDockScrollable(QDockWidget* dock);

/// The docks' "Copy table" button (mnemonic Y, a tooltip saying what is copied); the dock connects it.
QPushButton* copyTableButton(QWidget* parent);

/// Makes `button` a text button that opens a menu of choices on click (an empty menu the dock fills), titled
/// `text`, and wide enough that the style's menu arrow never covers the text's last letter (Qt 6.4's Fusion
/// style draws the arrow over it).
void makeMenuButton(QToolButton* button, const QString& text);

/// A read-only result table over `model`: whole-row selection in `mode`, no row numbers.
QTableView* resultTableView(QAbstractItemModel* model, QWidget* parent,
                            QAbstractItemView::SelectionMode mode = QAbstractItemView::ExtendedSelection);

} // namespace tribunal
