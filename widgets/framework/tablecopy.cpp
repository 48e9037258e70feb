#include "framework/tablecopy.h"

#include <QAbstractItemView>
#include <QItemSelectionModel>

#include <algorithm>
#include <map>
#include <vector>

namespace tribunal {
namespace {

// Row numbers from the root down: orders tree rows depth first and table rows by row.
std::vector<int> rowPath(QModelIndex index)
{
    std::vector<int> path;
    for (; index.isValid(); index = index.parent())
        path.push_back(index.row());
    std::reverse(path.begin(), path.end());
    return path;
}

QString cellText(const QModelIndex& index)
{
    QString text = index.data(Qt::DisplayRole).toString();
    for (auto& c : text)
        if (c == QLatin1Char('\t') || c == QLatin1Char('\n') || c == QLatin1Char('\r'))
            c = QLatin1Char(' ');
    return text;
}

} // namespace

QString selectionAsTsv(const QAbstractItemView& view)
{
    const auto* selection = view.selectionModel();
    if (!selection)
        return {};
    std::map<std::vector<int>, std::map<int, QString>> rows;
    for (const auto& index : selection->selectedIndexes())
        rows[rowPath(index)][index.column()] = cellText(index);
    QStringList lines;
    for (const auto& [path, cells] : rows) {
        QStringList fields;
        for (const auto& [column, text] : cells)
            fields << text;
        lines << fields.join(QLatin1Char('\t'));
    }
    return lines.isEmpty() ? QString() : lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace tribunal
