#include "items/itemfilterproxy.h"

namespace tribunal {

ItemFilterProxy::ItemFilterProxy(ItemTableModel* items, QObject* parent)
    : QSortFilterProxyModel(parent), m_items(items)
{
    setSourceModel(items);
    // Forget what was resolved for the old snapshot before the proxy refilters the new one.
    connect(items, &QAbstractItemModel::modelAboutToBeReset, this, [this] { m_resolvedFor = nullptr; });
}

void ItemFilterProxy::setDatasetFilter(std::optional<StrId> dataset)
{
    m_dataset = dataset;
    refilter();
}

void ItemFilterProxy::setJudgeFilter(std::optional<StrId> judge)
{
    m_judge = judge;
    m_resolvedFor = nullptr;
    refilter();
}

void ItemFilterProxy::setFormatFilter(std::optional<StrId> format)
{
    m_format = format;
    m_resolvedFor = nullptr;
    refilter();
}

void ItemFilterProxy::setFilters(std::optional<StrId> dataset, std::optional<StrId> judge,
                                 std::optional<StrId> format)
{
    if (dataset == m_dataset && judge == m_judge && format == m_format)
        return;
    m_dataset = dataset;
    m_judge = judge;
    m_format = format;
    m_resolvedFor = nullptr;
    refilter();
}

void ItemFilterProxy::setTextFilter(const QString& text)
{
    if (text.trimmed() == m_text.query())
        return;
    m_text.setQuery(text);
    refilter();
}

void ItemFilterProxy::clearFilters()
{
    m_dataset.reset();
    m_judge.reset();
    m_format.reset();
    m_text.setQuery({});
    m_resolvedFor = nullptr;
    refilter();
}

void ItemFilterProxy::refilter()
{
    // Not invalidateFilter(): that removes and inserts rows range by range, one signal pair per range, which
    // takes seconds when a filter hides every other row of 50,000. One layout change rebuilds the mapping in
    // a single pass; persistent indexes (the current item) are kept where their rows stay visible.
    invalidate();
}

bool ItemFilterProxy::hasFilter() const
{
    return m_dataset || m_judge || m_format || !m_text.isEmpty();
}

void ItemFilterProxy::syncSnapshot() const
{
    const auto* index = m_items->itemIndex();
    if (index == m_resolvedFor)
        return;
    m_resolvedFor = index;
    m_judgeItems = index && m_judge ? index->itemsOfJudge(*m_judge) : nullptr;
    m_formatItems = index && m_format ? index->itemsOfFormat(*m_format) : nullptr;
    m_text.reset();
}

bool ItemFilterProxy::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const
{
    if (sourceParent.isValid() || !hasFilter())
        return true;
    const auto& audit = m_items->audit();
    if (!audit)
        return false;
    syncSnapshot();
    const auto item = static_cast<std::size_t>(sourceRow);
    const auto& items = audit->items();
    if (m_dataset && items.dataset[item] != *m_dataset)
        return false;
    if (m_judge && !(m_judgeItems && m_judgeItems->test(item)))
        return false;
    if (m_format && !(m_formatItems && m_formatItems->test(item)))
        return false;
    if (m_text.isEmpty())
        return true;
    if (m_text.matches(*audit, items.itemId[item]))
        return true;
    for (auto field : {ItemText::Question, ItemText::ResponseA, ItemText::ResponseB, ItemText::Input,
                       ItemText::Submission, ItemText::Criterion})
        if (m_text.matches(*audit, items.field(field, item)))
            return true;
    return false;
}

bool ItemFilterProxy::lessThan(const QModelIndex& left, const QModelIndex& right) const
{
    return m_items->lessThan(left.column(), left.row(), right.row());
}

} // namespace tribunal
