#include "trust/trustfiltertree.h"

#include "framework/kindtext.h"
#include "trust/trustworkspace.h"

#include <QHeaderView>
#include <QSignalBlocker>

#include <algorithm>

namespace tribunal {
namespace {

constexpr int kValueRole = Qt::UserRole; ///< column name on a branch, value on a leaf

} // namespace

TrustFilterTree::TrustFilterTree(TrustWorkspace* workspace, QWidget* parent)
    : QTreeWidget(parent), m_workspace(workspace)
{
    setObjectName(QStringLiteral("trustFilterTree"));
    setHeaderLabels({tr("Show rows with")});
    setRootIsDecorated(true);
    connect(this, &QTreeWidget::itemChanged, this, [this] {
        if (!m_rebuilding)
            applyChecks();
    });
    connect(workspace, &TrustWorkspace::viewChanged, this, [this] {
        rebuild();
        // A filter on a column the new rows do not have (a grouping pooled over it) would hide every row
        // with no branch left to undo it: keep only what the branches show.
        for (const auto& entry : m_workspace->filter().accepted)
            if (!columnItem(QString::fromStdString(entry.first))) {
                applyChecks();
                break;
            }
    });
    connect(workspace, &TrustWorkspace::filterChanged, this, [this] {
        if (!m_rebuilding)
            rebuild();
    });
    rebuild();
}

QTreeWidgetItem* TrustFilterTree::columnItem(const QString& column) const
{
    for (int i = 0; i < topLevelItemCount(); ++i)
        if (topLevelItem(i)->data(0, kValueRole).toString() == column)
            return topLevelItem(i);
    return nullptr;
}

QTreeWidgetItem* TrustFilterTree::valueItem(const QString& column, const QString& value) const
{
    auto* branch = columnItem(column);
    for (int i = 0; branch && i < branch->childCount(); ++i)
        if (branch->child(i)->data(0, kValueRole).toString() == value)
            return branch->child(i);
    return nullptr;
}

void TrustFilterTree::rebuild()
{
    m_rebuilding = true;
    const QSignalBlocker blocker(this);
    // Keep the user's expanded branches across rebuilds.
    QStringList expanded;
    for (int i = 0; i < topLevelItemCount(); ++i)
        if (topLevelItem(i)->isExpanded())
            expanded << topLevelItem(i)->data(0, kValueRole).toString();
    clear();
    const auto& view = *m_workspace->view();
    const auto& filter = m_workspace->filter();
    std::vector<std::string> columns{"judge", "format", "dataset"};
    columns.insert(columns.end(), view.table.conditionNames.begin(), view.table.conditionNames.end());
    for (const auto& column : columns) {
        std::vector<std::string> values; // first-appearance order, as in the table
        for (const auto& row : view.table.rows) {
            auto value = trustRowValue(view.table, row, column);
            if (std::find(values.begin(), values.end(), value) == values.end())
                values.push_back(std::move(value));
        }
        // A grouping pools over judge, format or dataset: those columns are empty and filter nothing.
        if (values.empty() || (values.size() == 1 && values.front().empty()))
            continue;
        const QString name = QString::fromStdString(column);
        auto* branch = new QTreeWidgetItem(this, {factorText(name)});
        branch->setData(0, kValueRole, name);
        branch->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsAutoTristate);
        const auto accepted = filter.accepted.find(column);
        for (const auto& value : values) {
            const QString text = value.empty() ? tr("(none)") : QString::fromStdString(value);
            auto* leaf = new QTreeWidgetItem(branch, {text});
            leaf->setData(0, kValueRole, QString::fromStdString(value));
            leaf->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
            const bool on = accepted == filter.accepted.end() || accepted->second.contains(value);
            leaf->setCheckState(0, on ? Qt::Checked : Qt::Unchecked);
        }
        branch->setExpanded(expanded.contains(name));
    }
    m_rebuilding = false;
}

void TrustFilterTree::applyChecks()
{
    TrustRowFilter filter;
    for (int i = 0; i < topLevelItemCount(); ++i) {
        const auto* branch = topLevelItem(i);
        std::set<std::string> values;
        for (int c = 0; c < branch->childCount(); ++c)
            if (branch->child(c)->checkState(0) == Qt::Checked)
                values.insert(branch->child(c)->data(0, kValueRole).toString().toStdString());
        if (static_cast<int>(values.size()) != branch->childCount())
            filter.accepted[branch->data(0, kValueRole).toString().toStdString()] = std::move(values);
    }
    if (filter.accepted == m_workspace->filter().accepted)
        return;
    m_rebuilding = true; // our own filterChanged: the checks already show it
    m_workspace->setFilter(filter);
    m_rebuilding = false;
}

} // namespace tribunal
