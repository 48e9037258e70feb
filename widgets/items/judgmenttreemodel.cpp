#include "items/judgmenttreemodel.h"

#include "framework/qstrings.h"

#include <algorithm>
#include <tuple>

namespace tribunal {
namespace {

QString number(double value, int decimals)
{
    return isMissing(value) ? QString() : QString::number(value, 'f', decimals);
}

QList<QStandardItem*> leafRow(const Audit& audit, std::uint32_t r, const QString& name)
{
    const auto& j = audit.judgments();
    const auto kind = audit.kindOf(r);
    QStringList probs;
    for (const auto& entry : j.probsOf(r))
        probs << QStringLiteral("%1=%2").arg(QString::fromStdString(answerText(kind, entry.option)),
                                             QString::number(entry.p, 'g', 3));
    QString tokens;
    if (j.tokensIn(r) != kMissingCount || j.tokensOut(r) != kMissingCount) {
        auto count = [](std::int64_t v) {
            return v == kMissingCount ? QStringLiteral("?") : QString::number(v);
        };
        tokens = count(j.tokensIn(r)) + QStringLiteral(" / ") + count(j.tokensOut(r));
    }
    QList<QStandardItem*> row{
        new QStandardItem(name),
        new QStandardItem(QString::fromStdString(answerText(kind, j.answer[r]))),
        new QStandardItem(probs.join(QLatin1Char(' '))),
        new QStandardItem(number(j.confidence(r), 2)),
        new QStandardItem(number(j.costUsd(r), 6)),
        new QStandardItem(number(j.latencyS(r), 2)),
        new QStandardItem(tokens),
        new QStandardItem(qs(audit.str(j.error[r]))),
    };
    row[0]->setData(static_cast<int>(r), JudgmentTreeModel::JudgmentRowRole);
    for (auto* cell : row)
        cell->setEditable(false);
    return row;
}

QStandardItem* groupItem(const QString& name)
{
    auto* item = new QStandardItem(name);
    item->setData(-1, JudgmentTreeModel::JudgmentRowRole);
    item->setEditable(false);
    return item;
}

} // namespace

JudgmentTreeModel::JudgmentTreeModel(QObject* parent) : QStandardItemModel(parent)
{
    resetHeader();
}

void JudgmentTreeModel::resetHeader()
{
    setColumnCount(ColumnCount);
    setHorizontalHeaderLabels({tr("Judgment"), tr("Answer"), tr("Probabilities"), tr("Confidence"),
                               tr("Cost (USD)"), tr("Latency (s)"), tr("Tokens in / out"), tr("Error")});
}

QString JudgmentTreeModel::formatLabel(const Audit& audit, std::uint32_t row)
{
    const auto& j = audit.judgments();
    QString label = qs(audit.str(j.format[row]));
    QStringList extras;
    for (const auto& [key, value] : audit.conditions()[j.condition[row]])
        extras << qs(audit.str(key)) + QLatin1Char('=') + qs(audit.str(value));
    if (j.test[row] != kEmptyStr)
        extras << qs(audit.str(j.test[row])) + QLatin1Char(' ') + qs(audit.str(j.version[row]));
    if (j.variant[row] != Variant::None)
        extras << qs(variantName(j.variant[row]));
    if (j.cue[row] != Cue::None)
        extras << tr("cue on %1").arg(qs(cueName(j.cue[row])));
    if (!extras.isEmpty())
        label += QStringLiteral(" [") + extras.join(QStringLiteral(", ")) + QLatin1Char(']');
    return label;
}

void JudgmentTreeModel::showItem(const AuditPtr& audit, int item)
{
    clear();
    resetHeader();
    if (!audit || item < 0 || static_cast<std::size_t>(item) >= audit->itemCount())
        return;
    const auto& j = audit->judgments();
    auto span = audit->judgmentsOfItem(static_cast<std::size_t>(item));
    // Sort by names, not by string ids, so the tree reads alphabetically.
    struct Entry {
        std::uint32_t row;
        QString judge, format;
    };
    std::vector<Entry> rows;
    rows.reserve(span.size());
    for (auto r : span)
        rows.push_back({r, qs(audit->str(j.judge[r])), formatLabel(*audit, r)});
    std::stable_sort(rows.begin(), rows.end(), [&j](const Entry& a, const Entry& b) {
        return std::tie(a.judge, a.format, j.order[a.row], j.rep[a.row]) <
               std::tie(b.judge, b.format, j.order[b.row], j.rep[b.row]);
    });

    QStandardItem *judgeNode = nullptr, *formatNode = nullptr, *orderNode = nullptr;
    const Entry* previous = nullptr;
    for (const auto& e : rows) {
        const auto order = j.order[e.row];
        const bool newJudge = !previous || previous->judge != e.judge;
        const bool newFormat = newJudge || previous->format != e.format;
        const bool newOrder = newFormat || j.order[previous->row] != order;
        if (newJudge) {
            judgeNode = groupItem(e.judge);
            appendRow(QList<QStandardItem*>{judgeNode});
        }
        if (newFormat) {
            formatNode = groupItem(e.format);
            judgeNode->appendRow(QList<QStandardItem*>{formatNode});
        }
        QStandardItem* parentNode = formatNode;
        if (order != Order::None) {
            if (newOrder) {
                orderNode = groupItem(tr("order %1").arg(qs(orderName(order))));
                formatNode->appendRow(QList<QStandardItem*>{orderNode});
            }
            parentNode = orderNode;
        }
        parentNode->appendRow(leafRow(*audit, e.row, tr("run %1").arg(j.rep[e.row])));
        previous = &e;
    }
}

int JudgmentTreeModel::judgmentRow(const QModelIndex& index) const
{
    if (!index.isValid())
        return -1;
    auto value = index.siblingAtColumn(NameColumn).data(JudgmentRowRole);
    return value.isValid() ? value.toInt() : -1;
}

QModelIndex JudgmentTreeModel::firstJudgment() const
{
    QModelIndex node = index(0, NameColumn);
    while (node.isValid() && hasChildren(node))
        node = index(0, NameColumn, node);
    return node;
}

QModelIndex JudgmentTreeModel::indexOfJudgment(int row) const
{
    auto hits = match(index(0, NameColumn), JudgmentRowRole, row, 1, Qt::MatchExactly | Qt::MatchRecursive);
    return hits.isEmpty() ? QModelIndex() : hits.first();
}

} // namespace tribunal
