#pragma once
// The row filter of the audit overview: one checkable branch per column of the trust table (judge, format,
// dataset, each condition) listing the values the current view holds. Unchecking values writes a
// TrustRowFilter (TrustWorkspace::setFilter) that every trust panel shares; a column with every value
// checked is not filtered. The branches are rebuilt on viewChanged and show the workspace's filter.

#include <QTreeWidget>

namespace tribunal {

class TrustWorkspace;

class TrustFilterTree : public QTreeWidget {
    Q_OBJECT
public:
    explicit TrustFilterTree(TrustWorkspace* workspace, QWidget* parent = nullptr);

    /// The branch of a column ("judge", "format", "dataset" or a condition name), or null.
    QTreeWidgetItem* columnItem(const QString& column) const;
    /// The leaf of one value in a column's branch, or null.
    QTreeWidgetItem* valueItem(const QString& column, const QString& value) const;

private:
    void rebuild();
    void applyChecks();

    TrustWorkspace* m_workspace;
    bool m_rebuilding = false;
};

} // namespace tribunal
