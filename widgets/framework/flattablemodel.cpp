#include "framework/flattablemodel.h"

#include "report/tablecells.h"

#include <QStringList>

#include <variant>

namespace tribunal {

namespace {

QString qs(std::string_view s)
{
    QString text = QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
    // One cell per spreadsheet cell: no tab or line break inside.
    text.replace(QLatin1Char('\t'), QLatin1Char(' '));
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    text.replace(QLatin1Char('\r'), QLatin1Char(' '));
    return text;
}

QString cellText(const FlatCell& cell, bool forReading)
{
    if (const auto* text = std::get_if<std::string>(&cell))
        return qs(*text);
    if (const auto* value = std::get_if<double>(&cell))
        return QString::fromStdString(forReading ? displayNumber(*value) : exactNumber(*value));
    if (const auto* count = std::get_if<std::int64_t>(&cell))
        return QString::number(*count);
    if (const auto* flag = std::get_if<bool>(&cell))
        return *flag ? QStringLiteral("true") : QStringLiteral("false");
    return {};
}

} // namespace

FlatTableModel::FlatTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void FlatTableModel::setTable(FlatTable table)
{
    beginResetModel();
    m_table = std::move(table);
    endResetModel();
}

int FlatTableModel::column(std::string_view name) const
{
    for (std::size_t c = 0; c < m_table.columns.size(); ++c) {
        if (m_table.columns[c] == name)
            return static_cast<int>(c);
    }
    return -1;
}

int FlatTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_table.rows.size());
}

int FlatTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_table.columns.size());
}

QVariant FlatTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= columnCount())
        return {};
    const FlatCell& cell =
        m_table.rows[static_cast<std::size_t>(index.row())][static_cast<std::size_t>(index.column())];
    switch (role) {
    case Qt::DisplayRole:
        return displayText(cell);
    case ExactRole:
    case Qt::ToolTipRole:
        return exactText(cell);
    case Qt::TextAlignmentRole:
        if (std::holds_alternative<double>(cell) || std::holds_alternative<std::int64_t>(cell))
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    default:
        return {};
    }
}

QVariant FlatTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole || section < 0 || section >= columnCount())
        return QAbstractTableModel::headerData(section, orientation, role);
    return qs(m_table.columns[static_cast<std::size_t>(section)]);
}

QString FlatTableModel::exactText(const FlatCell& cell)
{
    return cellText(cell, false);
}

QString FlatTableModel::displayText(const FlatCell& cell)
{
    return cellText(cell, true);
}

QString FlatTableModel::tsv(const FlatTable& table)
{
    if (table.columns.empty())
        return {};
    QStringList lines;
    QStringList header;
    for (const auto& column : table.columns)
        header << qs(column);
    lines << header.join(QLatin1Char('\t'));
    for (const auto& row : table.rows) {
        QStringList cells;
        for (const auto& cell : row)
            cells << exactText(cell);
        lines << cells.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace tribunal
