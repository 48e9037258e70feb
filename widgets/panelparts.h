#pragma once
// Small widgets every analysis dock builds the same way. GUI thread only.

#include <QAbstractItemView>

class QAbstractItemModel;
class QBoxLayout;
class QLabel;
class QProgressBar;
class QPushButton;
class QString;
class QTableView;
class QWidget;

namespace tribunal {

/// A word-wrapping, selectable label that shows plain text only (names, ids and notes are data, never
/// markup).
QLabel* wrappedLabel(QWidget* parent);

/// Appends a label (`text`, with its mnemonic pointing at `field`) and `field` to a settings row.
void addLabelledField(QBoxLayout* row, const QString& text, QWidget* field);

/// Makes `bar` a small, hidden busy indicator (core reports no progress for these jobs).
void makeBusyIndicator(QProgressBar* bar);

/// The docks' "Copy table" button (mnemonic Y, a tooltip saying what is copied); the dock connects it.
QPushButton* copyTableButton(QWidget* parent);

/// A read-only result table over `model`: whole-row selection in `mode`, no row numbers.
QTableView* resultTableView(QAbstractItemModel* model, QWidget* parent,
                            QAbstractItemView::SelectionMode mode = QAbstractItemView::ExtendedSelection);

} // namespace tribunal
