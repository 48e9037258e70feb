#include "items/itemtablemodel.h"

#include "framework/kindtext.h"
#include "framework/qstrings.h"

#include <algorithm>

namespace tribunal {
namespace {

constexpr int kQuestionChars = 120;

bool allDigits(std::string_view s)
{
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// Item ids are often numbers: "9" sorts before "10". Other ids sort bytewise.
int compareIds(std::string_view a, std::string_view b)
{
    if (allDigits(a) && allDigits(b) && a.size() != b.size())
        return a.size() < b.size() ? -1 : 1;
    return a.compare(b);
}

} // namespace

ItemTableModel::ItemTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void ItemTableModel::setAudit(AuditPtr audit, std::shared_ptr<const ItemIndex> index)
{
    beginResetModel();
    if (audit && !index)
        index = ItemIndex::build(*audit);
    m_audit = std::move(audit);
    m_index = m_audit ? std::move(index) : nullptr;
    endResetModel();
}

int ItemTableModel::rowCount(const QModelIndex& parent) const
{
    if (parent.isValid() || !m_audit)
        return 0;
    return static_cast<int>(m_audit->itemCount());
}

int ItemTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString ItemTableModel::firstLine(std::string_view text, int maxChars)
{
    const auto end = text.find('\n');
    const bool moreLines =
        end != std::string_view::npos && text.find_first_not_of(" \t\r\n", end) != std::string_view::npos;
    // Convert a bounded prefix only: a UTF-8 character is at most 4 bytes, so this holds maxChars + 1 of them
    // whenever the line is longer than that.
    const auto prefixBytes = static_cast<std::size_t>(maxChars + 1) * 4;
    auto result = qs(text.substr(0, std::min(end, prefixBytes))).trimmed();
    if (result.size() > maxChars)
        return result.left(maxChars - 1) + QChar(0x2026);
    if (moreLines)
        return result + QChar(0x2026);
    return result;
}

QVariant ItemTableModel::data(const QModelIndex& index, int role) const
{
    if (!m_audit || !index.isValid() || index.row() >= rowCount())
        return {};
    const auto row = static_cast<std::size_t>(index.row());
    const auto& items = m_audit->items();
    if (role == ItemRowRole)
        return index.row();
    if (role == Qt::TextAlignmentRole) {
        if (index.column() == JudgmentsColumn || index.column() == MissingColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    }
    if (role == Qt::ToolTipRole && index.column() == QuestionColumn) {
        auto question = m_audit->str(items.field(ItemText::Question, row));
        return qs(question.substr(0, 4000));
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case DatasetColumn:
        return qs(m_audit->str(items.dataset[row]));
    case ItemColumn:
        return qs(m_audit->str(items.itemId[row]));
    case KindColumn:
        return kindText(items.kind[row]);
    case LabelColumn:
        if (items.label[row] == answer::kNone)
            return QString();
        return QString::fromStdString(answerText(items.kind[row], items.label[row]));
    case JudgmentsColumn:
        return static_cast<qulonglong>(m_audit->judgmentsOfItem(row).size());
    case MissingColumn:
        return m_index->missingVerdicts(row);
    case QuestionColumn: {
        auto text = items.field(ItemText::Question, row);
        if (text == kEmptyStr) // rubric items have an input instead of a question
            text = items.field(ItemText::Input, row);
        return firstLine(m_audit->str(text), kQuestionChars);
    }
    default:
        return {};
    }
}

QVariant ItemTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case DatasetColumn:
        return tr("Dataset");
    case ItemColumn:
        return tr("Item");
    case KindColumn:
        return tr("Kind");
    case LabelColumn:
        return tr("Label");
    case JudgmentsColumn:
        return tr("Judgments");
    case MissingColumn:
        return tr("Missing verdicts");
    case QuestionColumn:
        return tr("Question");
    default:
        return {};
    }
}

bool ItemTableModel::lessThan(int column, int left, int right) const
{
    if (!m_audit)
        return left < right;
    const auto& items = m_audit->items();
    const auto a = static_cast<std::size_t>(left), b = static_cast<std::size_t>(right);
    auto text = [this](StrId x, StrId y) { return m_audit->str(x).compare(m_audit->str(y)); };
    int c = 0;
    switch (column) {
    case DatasetColumn:
        c = text(items.dataset[a], items.dataset[b]);
        if (c == 0)
            c = compareIds(m_audit->str(items.itemId[a]), m_audit->str(items.itemId[b]));
        break;
    case ItemColumn:
        c = compareIds(m_audit->str(items.itemId[a]), m_audit->str(items.itemId[b]));
        break;
    case KindColumn:
        c = static_cast<int>(items.kind[a]) - static_cast<int>(items.kind[b]);
        break;
    case LabelColumn:
        c = static_cast<int>(items.label[a]) - static_cast<int>(items.label[b]);
        break;
    case JudgmentsColumn: {
        auto x = m_audit->judgmentsOfItem(a).size(), y = m_audit->judgmentsOfItem(b).size();
        c = x < y ? -1 : (x > y ? 1 : 0);
        break;
    }
    case MissingColumn: {
        auto x = m_index->missingVerdicts(a), y = m_index->missingVerdicts(b);
        c = x < y ? -1 : (x > y ? 1 : 0);
        break;
    }
    case QuestionColumn:
        c = text(items.field(ItemText::Question, a), items.field(ItemText::Question, b));
        break;
    default:
        break;
    }
    return c != 0 ? c < 0 : left < right;
}

} // namespace tribunal
