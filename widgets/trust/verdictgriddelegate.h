#pragma once
// Paints a pair's runs of one order as a row of small boxes, one per run, each holding the verdict letter and
// filled with its agreement colour (FlipItemModel::RunLettersRole / RunAgreementsRole): the orders x runs
// verdict grid of the flip inspector. Cells without those roles are painted as usual.

#include <QStyledItemDelegate>

namespace tribunal {

class VerdictGridDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    void paint(QPainter* painter, const QStyleOptionViewItem& option,
               const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;
};

} // namespace tribunal
