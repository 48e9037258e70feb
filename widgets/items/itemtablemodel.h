#pragma once
// The items of an audit snapshot as a table: one row per item, in snapshot order (row == item row).

#include "items/itemindex.h"
#include "model/audit.h"

#include <QAbstractTableModel>

#include <memory>

namespace tribunal {

/// Read-only table over an immutable snapshot. Rendering only: counts come from the ItemIndex built once
/// per snapshot. GUI thread only.
class ItemTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        DatasetColumn,
        ItemColumn,
        KindColumn,
        LabelColumn,
        JudgmentsColumn,
        MissingColumn,
        QuestionColumn,
        ColumnCount
    };
    enum Role {
        ItemRowRole = Qt::UserRole + 1, ///< int: the item's row in the snapshot
    };

    explicit ItemTableModel(QObject* parent = nullptr);

    /// Shows `audit` (may be null). `index` must have been built from `audit`; when null it is built here.
    void setAudit(AuditPtr audit, std::shared_ptr<const ItemIndex> index = {});
    const AuditPtr& audit() const { return m_audit; }
    const ItemIndex* itemIndex() const { return m_index.get(); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// Strict weak order of item rows `left` and `right` by `column`, comparing the snapshot's values
    /// directly (no QVariant), ties broken by item row. Used by ItemFilterProxy to sort large tables quickly.
    bool lessThan(int column, int left, int right) const;

    /// The first line of `text`, cut to at most `maxChars` characters with an ellipsis.
    static QString firstLine(std::string_view text, int maxChars);

private:
    AuditPtr m_audit;
    std::shared_ptr<const ItemIndex> m_index;
};

} // namespace tribunal
