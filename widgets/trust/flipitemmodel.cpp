#include "trust/flipitemmodel.h"

#include "framework/qstrings.h"

#include <QBrush>

namespace tribunal {

namespace {

int flagBits(const FlipItem& item)
{
    return (item.flipped ? FlipItemModel::Flipped : 0) | (item.unstable ? FlipItemModel::Unstable : 0) |
           (item.wrong ? FlipItemModel::Wrong : 0) | (item.retained() ? 0 : FlipItemModel::Dropped);
}

} // namespace

FlipItemModel::FlipItemModel(QObject* parent) : QAbstractTableModel(parent) {}

void FlipItemModel::setItems(AuditPtr audit, std::vector<FlipItem> items)
{
    beginResetModel();
    m_audit = std::move(audit);
    m_items = m_audit ? std::move(items) : std::vector<FlipItem>{};
    endResetModel();
}

const FlipItem* FlipItemModel::flipItem(int row) const
{
    if (row < 0 || row >= rowCount())
        return nullptr;
    return &m_items[static_cast<std::size_t>(row)];
}

int FlipItemModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_items.size());
}

int FlipItemModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString FlipItemModel::verdictLetter(Answer verdict)
{
    switch (verdict) {
    case answer::kA:
        return QStringLiteral("A");
    case answer::kB:
        return QStringLiteral("B");
    case answer::kTie:
        return QStringLiteral("T");
    case answer::kNA:
        return QStringLiteral("N");
    default:
        return QStringLiteral("-");
    }
}

QColor FlipItemModel::agreementColor(LabelAgreement agreement)
{
    switch (agreement) {
    case LabelAgreement::Agrees:
        return QColor(46, 160, 67, 110);
    case LabelAgreement::Disagrees:
        return QColor(218, 54, 51, 120);
    case LabelAgreement::Unknown:
        break;
    }
    return QColor(128, 128, 128, 70);
}

QString FlipItemModel::flagsText(const FlipItem& item) const
{
    QStringList flags;
    if (item.dropped == FlipDrop::MissingOrder)
        flags << tr("dropped: an order never shown");
    else if (item.dropped == FlipDrop::MissingVerdicts)
        flags << tr("dropped: an order without verdict");
    if (item.flipped)
        flags << tr("flipped");
    if (item.unstable)
        flags << tr("unstable");
    if (item.wrong)
        flags << tr("wrong");
    return flags.join(QStringLiteral(", "));
}

QString FlipItemModel::runsToolTip(const FlipItem& item, int order) const
{
    const auto kind = m_audit->items().kind[item.item];
    QStringList lines;
    for (const FlipRun& run : item.runs[order])
        lines << tr("Run %1: %2").arg(run.rep).arg(qs(answerText(kind, run.verdict)));
    const Answer modal = item.modal[order];
    lines << (modal == answer::kNone ? tr("No modal verdict")
                                     : tr("Modal verdict: %1").arg(qs(answerText(kind, modal))));
    return lines.join(QLatin1Char('\n'));
}

QVariant FlipItemModel::data(const QModelIndex& index, int role) const
{
    const FlipItem* item = index.isValid() && index.column() < ColumnCount ? flipItem(index.row()) : nullptr;
    if (!item)
        return {};
    const int column = index.column();
    const int order = column == AbColumn ? 0 : 1;
    const bool grid = column == AbColumn || column == BaColumn;
    const auto& audit = *m_audit;
    switch (role) {
    case FlagsRole:
        return flagBits(*item);
    case ItemRowRole:
        return static_cast<int>(item->item);
    case RunLettersRole:
    case RunAgreementsRole: {
        if (!grid)
            return {};
        QVariantList agreements;
        QStringList letters;
        for (const FlipRun& run : item->runs[order]) {
            letters << verdictLetter(run.verdict);
            agreements << static_cast<int>(labelAgreement(run.verdict, item->label));
        }
        return role == RunLettersRole ? QVariant(letters) : QVariant(agreements);
    }
    case Qt::DisplayRole:
        switch (column) {
        case ItemColumn:
            return qs(audit.str(audit.items().itemId[item->item]));
        case CellColumn: {
            const Cell& cell = audit.cells()[item->cell];
            return tr("%1 · %2").arg(qs(audit.str(cell.judge)), qs(audit.str(cell.format)));
        }
        case LabelColumn:
            return item->label == answer::kNone ? QString()
                                                : qs(answerText(audit.items().kind[item->item], item->label));
        case AbColumn:
        case BaColumn: {
            QStringList letters;
            for (const FlipRun& run : item->runs[order])
                letters << verdictLetter(run.verdict);
            return letters.join(QLatin1Char(' '));
        }
        case FlagsColumn:
            return flagsText(*item);
        default:
            return {};
        }
    case Qt::BackgroundRole:
        if (grid)
            return QBrush(agreementColor(labelAgreement(item->runs[order], item->label)));
        return {};
    case Qt::ToolTipRole:
        if (grid)
            return runsToolTip(*item, order);
        return {};
    default:
        return {};
    }
}

QVariant FlipItemModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case ItemColumn:
        return tr("Item");
    case CellColumn:
        return tr("Judge · format");
    case LabelColumn:
        return tr("Label");
    case AbColumn:
        return tr("AB runs");
    case BaColumn:
        return tr("BA runs");
    case FlagsColumn:
        return tr("Flags");
    default:
        return {};
    }
}

} // namespace tribunal
