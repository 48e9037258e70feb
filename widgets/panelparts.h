#pragma once
// Small widgets every analysis dock builds the same way. GUI thread only.

class QLabel;
class QWidget;

namespace tribunal {

/// A word-wrapping, selectable label that shows plain text only (names, ids and notes are data, never
/// markup).
QLabel* wrappedLabel(QWidget* parent);

} // namespace tribunal
