#include "trust/flipfilterproxy.h"

#include "trust/flipitemmodel.h"

namespace tribunal {

FlipFilterProxy::FlipFilterProxy(QObject* parent) : QSortFilterProxyModel(parent) {}

void FlipFilterProxy::setFlippedOnly(bool on)
{
    setRequired(FlipItemModel::Flipped, on);
}

void FlipFilterProxy::setUnstableOnly(bool on)
{
    setRequired(FlipItemModel::Unstable, on);
}

void FlipFilterProxy::setWrongOnly(bool on)
{
    setRequired(FlipItemModel::Wrong, on);
}

void FlipFilterProxy::setRequired(int flag, bool on)
{
    const int required = on ? (m_required | flag) : (m_required & ~flag);
    if (required == m_required)
        return;
    m_required = required;
    invalidateFilter();
    emit filtersChanged();
}

bool FlipFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (m_required == 0)
        return true;
    const int flags = sourceModel()->index(sourceRow, 0, sourceParent).data(FlipItemModel::FlagsRole).toInt();
    return (flags & m_required) == m_required;
}

} // namespace tribunal
