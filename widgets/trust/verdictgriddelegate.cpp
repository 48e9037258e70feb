#include "trust/verdictgriddelegate.h"

#include "trust/flipitemmodel.h"

#include <QApplication>
#include <QPainter>

namespace tribunal {

namespace {

int boxSize(const QStyleOptionViewItem& option)
{
    return option.fontMetrics.height() + 2;
}

} // namespace

void VerdictGridDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option,
                                const QModelIndex& index) const
{
    const QStringList letters = index.data(FlipItemModel::RunLettersRole).toStringList();
    const QVariantList agreements = index.data(FlipItemModel::RunAgreementsRole).toList();
    if (letters.isEmpty() || letters.size() != agreements.size()) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    // Selection and focus frame as usual, without the text and the whole-cell background.
    QStyleOptionViewItem base = option;
    initStyleOption(&base, index);
    base.text.clear();
    base.backgroundBrush = QBrush();
    const QWidget* widget = option.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &base, painter, widget);

    const int size = boxSize(option);
    const int gap = 2;
    QRect box(option.rect.left() + gap, option.rect.center().y() - size / 2, size, size);
    painter->save();
    painter->setClipRect(option.rect);
    const bool selected = option.state & QStyle::State_Selected;
    const QColor text = option.palette.color(selected ? QPalette::HighlightedText : QPalette::Text);
    for (qsizetype i = 0; i < letters.size(); ++i) {
        const auto agreement = static_cast<LabelAgreement>(agreements[i].toInt());
        painter->fillRect(box, FlipItemModel::agreementColor(agreement));
        painter->setPen(text);
        painter->drawText(box, Qt::AlignCenter, letters[i]);
        box.translate(size + gap, 0);
    }
    painter->restore();
}

QSize VerdictGridDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    const QSize base = QStyledItemDelegate::sizeHint(option, index);
    const auto runs = index.data(FlipItemModel::RunLettersRole).toStringList().size();
    if (runs == 0)
        return base;
    const int size = boxSize(option);
    return {std::max(base.width(), static_cast<int>(runs) * (size + 2) + 4),
            std::max(base.height(), size + 2)};
}

} // namespace tribunal
