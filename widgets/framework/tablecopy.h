#pragma once
// Edit > Copy for any item view: the selected cells as tab-separated rows.

#include <QString>

class QAbstractItemView;

namespace tribunal {

/// The selection of `view` as text for a spreadsheet: one line per selected row (in view order, tree rows
/// depth first), the selected columns of that row separated by tabs, display texts with tabs and line
/// breaks replaced by spaces. No header line. Empty when nothing is selected.
QString selectionAsTsv(const QAbstractItemView& view);

} // namespace tribunal
