#pragma once
// Sorting and filtering of the item table: by dataset, by judge and by format (items with at least one
// judgment of that judge / format) and by free text over item id, question, responses and rubric texts.

#include "framework/textmatcher.h"
#include "items/itemtablemodel.h"

#include <QSortFilterProxyModel>

#include <optional>

namespace tribunal {

/// Each filter test is O(1) per row (bit sets of the ItemIndex, cached text matches), so refiltering a
/// table of a million-judgment audit stays interactive. Filters hold string ids of the shown snapshot:
/// clear or set them again when the audit changes. GUI thread only.
class ItemFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit ItemFilterProxy(ItemTableModel* items, QObject* parent = nullptr);

    /// nullopt = no filter.
    void setDatasetFilter(std::optional<StrId> dataset);
    void setJudgeFilter(std::optional<StrId> judge);
    void setFormatFilter(std::optional<StrId> format);
    /// Sets the three id filters at once (one refilter instead of three).
    void setFilters(std::optional<StrId> dataset, std::optional<StrId> judge, std::optional<StrId> format);
    void setTextFilter(const QString& text);
    void clearFilters();

    std::optional<StrId> datasetFilter() const { return m_dataset; }
    std::optional<StrId> judgeFilter() const { return m_judge; }
    std::optional<StrId> formatFilter() const { return m_format; }
    QString textFilter() const { return m_text.query(); }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;

private:
    void refilter();
    bool hasFilter() const;
    void syncSnapshot() const;

    ItemTableModel* m_items;
    std::optional<StrId> m_dataset, m_judge, m_format;
    TextMatcher m_text;
    // Resolved per snapshot (the source model may be reset before this proxy learns of it).
    mutable const ItemIndex* m_resolvedFor = nullptr;
    mutable const ItemBitSet* m_judgeItems = nullptr;
    mutable const ItemBitSet* m_formatItems = nullptr;
};

} // namespace tribunal
