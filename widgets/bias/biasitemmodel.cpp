#include "bias/biasitemmodel.h"

#include "framework/qstrings.h"
#include "trust/flipitemmodel.h"

#include "analysis/probabilityaveraging.h"

#include <QBrush>
#include <QColor>
#include <QLocale>

#include <cmath>

namespace tribunal {

namespace {

QVariant probabilityText(const Audit& audit, std::uint32_t judgment)
{
    if (judgment == kNoJudgment)
        return {};
    const double p = probabilityOfA(audit, judgment);
    return std::isnan(p) ? QVariant() : QVariant(QLocale().toString(p, 'f', 3));
}

} // namespace

BiasItemModel::BiasItemModel(QObject* parent) : QAbstractTableModel(parent) {}

void BiasItemModel::setItems(AuditPtr audit, std::vector<BiasItem> items)
{
    beginResetModel();
    m_audit = std::move(audit);
    m_items = m_audit ? std::move(items) : std::vector<BiasItem>{};
    updateShown();
    endResetModel();
}

void BiasItemModel::setChangedOnly(bool changedOnly)
{
    if (changedOnly == m_changedOnly)
        return;
    beginResetModel();
    m_changedOnly = changedOnly;
    updateShown();
    endResetModel();
}

void BiasItemModel::updateShown()
{
    m_shown.clear();
    for (std::size_t i = 0; i < m_items.size(); ++i) {
        if (!m_changedOnly || m_items[i].changed())
            m_shown.push_back(i);
    }
}

const BiasItem* BiasItemModel::biasItem(int row) const
{
    if (row < 0 || row >= rowCount())
        return nullptr;
    return &m_items[m_shown[static_cast<std::size_t>(row)]];
}

int BiasItemModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_shown.size());
}

int BiasItemModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant BiasItemModel::data(const QModelIndex& index, int role) const
{
    const BiasItem* item = index.isValid() ? biasItem(index.row()) : nullptr;
    if (!item || index.column() < 0 || index.column() >= ColumnCount)
        return {};
    const Audit& audit = *m_audit;
    switch (role) {
    case ItemRowRole:
        return static_cast<int>(item->item);
    case ChangedRole:
        return item->changed();
    case Qt::DisplayRole:
        switch (index.column()) {
        case ItemColumn:
            return qs(audit.str(audit.items().itemId[item->item]));
        case Original1Column:
            return FlipItemModel::verdictLetter(item->o1);
        case Original2Column:
            return item->hasSecondRun() ? FlipItemModel::verdictLetter(item->o2) : QStringLiteral("-");
        case PerturbedColumn:
            return FlipItemModel::verdictLetter(item->p);
        case ChangedColumn:
            return item->changed() ? tr("changed") : tr("same");
        case OriginalPColumn:
            return probabilityText(audit, item->original1);
        case PerturbedPColumn:
            return probabilityText(audit, item->perturbed);
        case LabelColumn: {
            const Answer label = audit.items().label[item->item];
            return label == answer::kNone ? QString() : FlipItemModel::verdictLetter(label);
        }
        default:
            return {};
        }
    case Qt::BackgroundRole:
        // The perturbed verdict is marked when it differs from run 1 (B1), translucent so text stays
        // readable.
        if (index.column() == PerturbedColumn || index.column() == ChangedColumn)
            return item->changed() ? QBrush(QColor(218, 54, 51, 110)) : QVariant();
        return {};
    case Qt::TextAlignmentRole:
        return index.column() == ItemColumn ? QVariant() : QVariant(int(Qt::AlignCenter));
    case Qt::ToolTipRole:
        if (index.column() == Original2Column && !item->hasSecondRun())
            return tr("No answered second run of the original prompt.");
        if (index.column() == ChangedColumn)
            return tr("Changed: the perturbed verdict differs from the original run 1 (B1).");
        return {};
    default:
        return {};
    }
}

QVariant BiasItemModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case ItemColumn:
        return tr("Item");
    case Original1Column:
        return tr("Original run 1");
    case Original2Column:
        return tr("Original run 2");
    case PerturbedColumn:
        return tr("Perturbed");
    case ChangedColumn:
        return tr("Changed");
    case OriginalPColumn:
        return tr("P(A) original");
    case PerturbedPColumn:
        return tr("P(A) perturbed");
    case LabelColumn:
        return tr("Label");
    default:
        return {};
    }
}

} // namespace tribunal
