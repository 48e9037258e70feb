#pragma once
// Sorting and row filtering of the trust cell table: hides the rows TrustWorkspace::isRowVisible rejects
// (the workspace's TrustRowFilter, shared by every trust panel) and sorts by the raw values
// (TrustTableModel::RawValueRole), missing values first in ascending order.

#include <QSortFilterProxyModel>

namespace tribunal {

class TrustWorkspace;

class TrustRowProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    /// Re-filters on the workspace's filterChanged.
    explicit TrustRowProxy(TrustWorkspace* workspace, QObject* parent = nullptr);

signals:
    /// Around a re-filter after filterChanged: rows may disappear in between, and views move their current
    /// index to a neighbour on their own (which is not a user's selection).
    void aboutToRefilter();
    void refiltered();

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    TrustWorkspace* m_workspace;
};

} // namespace tribunal
