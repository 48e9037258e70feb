#pragma once
// The items of the selected bias-test row (issue 5; metrics.md B1, B2): one row per item of the row's item
// set (BiasRow::completeItems(), the items every metric of the row uses) with its original run-1 and run-2
// verdicts, the perturbed verdict, whether it changed (B1 changed_k = perturbed != run 1), P(A) of the
// original run 1 and of the perturbed judgment, and the label. "Changed only" (on by default) lists the
// changed items alone. Rendering only: the design comes from analysis/biasdesign.h. GUI thread only.

#include "analysis/biasdesign.h"
#include "model/audit.h"

#include <QAbstractTableModel>

#include <vector>

namespace tribunal {

class BiasItemModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        ItemColumn,
        Original1Column,
        Original2Column,
        PerturbedColumn,
        ChangedColumn,
        OriginalPColumn,
        PerturbedPColumn,
        LabelColumn,
        ColumnCount
    };
    enum Role {
        ItemRowRole = Qt::UserRole + 1, ///< int: the item's row in the snapshot (every column)
        ChangedRole,                    ///< bool: the verdict changed (every column)
    };

    explicit BiasItemModel(QObject* parent = nullptr);

    /// Shows `items` of `audit` (both may be empty / null).
    void setItems(AuditPtr audit, std::vector<BiasItem> items);
    void clear() { setItems(nullptr, {}); }
    const AuditPtr& audit() const { return m_audit; }
    /// Every item of the row, also those the filter hides.
    const std::vector<BiasItem>& allItems() const { return m_items; }

    bool changedOnly() const { return m_changedOnly; }
    void setChangedOnly(bool changedOnly);

    /// The item shown in `row`, or null.
    const BiasItem* biasItem(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    void updateShown();

    AuditPtr m_audit;
    std::vector<BiasItem> m_items;
    std::vector<std::size_t> m_shown; ///< indices into m_items
    bool m_changedOnly = true;
};

} // namespace tribunal
