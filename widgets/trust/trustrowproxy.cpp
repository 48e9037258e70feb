#include "trust/trustrowproxy.h"

#include "trust/trusttablemodel.h"
#include "trust/trustworkspace.h"

#include <cmath>

namespace tribunal {

TrustRowProxy::TrustRowProxy(TrustWorkspace* workspace, QObject* parent)
    : QSortFilterProxyModel(parent), m_workspace(workspace)
{
    setSortRole(TrustTableModel::RawValueRole);
    setSortLocaleAware(true);
    connect(workspace, &TrustWorkspace::filterChanged, this, [this] {
        emit aboutToRefilter();
        invalidateRowsFilter();
        emit refiltered();
    });
}

bool TrustRowProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    return !sourceParent.isValid() && m_workspace->isRowVisible(sourceRow);
}

bool TrustRowProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const
{
    const QVariant a = left.data(sortRole());
    const QVariant b = right.data(sortRole());
    const bool numeric = a.typeId() == QMetaType::Double || b.typeId() == QMetaType::Double ||
                         a.typeId() == QMetaType::ULongLong || b.typeId() == QMetaType::ULongLong;
    if (!numeric)
        return QSortFilterProxyModel::lessThan(left, right);
    // Missing (NaN or no value) sorts below every number, so the order stays a strict weak order.
    auto value = [](const QVariant& v) { return v.isValid() ? v.toDouble() : std::nan(""); };
    const double x = value(a);
    const double y = value(b);
    if (std::isnan(x) || std::isnan(y))
        return std::isnan(x) && !std::isnan(y);
    return x < y;
}

} // namespace tribunal
