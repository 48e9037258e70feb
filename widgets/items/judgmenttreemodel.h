#pragma once
// The judgments of one item as a tree: judge > format (with condition and bias-test fields) > order > run.

#include "model/audit.h"

#include <QStandardItemModel>

namespace tribunal {

/// Rebuilt from the snapshot whenever another item is shown (an item has at most a few thousand
/// judgments). Leaves are judgments; group rows have no judgment. The order level is left out for items
/// without presentation order (rubric items). GUI thread only.
class JudgmentTreeModel : public QStandardItemModel {
    Q_OBJECT
public:
    enum Column {
        NameColumn,
        AnswerColumn,
        ProbsColumn,
        ConfidenceColumn,
        CostColumn,
        LatencyColumn,
        TokensColumn,
        ErrorColumn,
        ColumnCount
    };
    enum Role {
        JudgmentRowRole = Qt::UserRole + 1, ///< int on column 0: judgment row in the snapshot, -1 for groups
    };

    explicit JudgmentTreeModel(QObject* parent = nullptr);

    /// Shows the judgments of item `item` of `audit`; clears the tree when `audit` is null or `item` < 0.
    void showItem(const AuditPtr& audit, int item);
    /// The judgment row of `index` (any column), or -1 for a group row or an invalid index.
    int judgmentRow(const QModelIndex& index) const;
    /// The first leaf in display order (column 0), or an invalid index when the tree is empty.
    QModelIndex firstJudgment() const;
    /// The index (column 0) of the leaf for judgment row `row`, or an invalid index.
    QModelIndex indexOfJudgment(int row) const;

    /// The format group's label: the format name, followed by condition and bias-test fields if any.
    static QString formatLabel(const Audit& audit, std::uint32_t row);

private:
    void resetHeader();
};

} // namespace tribunal
