#include "items/itemdetailpanel.h"

#include "framework/qstrings.h"
#include "items/itemtextsview.h"
#include "items/judgmenttreemodel.h"
#include "items/rawoutputview.h"

#include <QHeaderView>
#include <QSplitter>
#include <QTreeView>

namespace tribunal {
ItemDetailPanel::ItemDetailPanel(QWidget* parent)
    : QDockWidget(tr("Item"), parent), m_texts(new ItemTextsView), m_tree(new QTreeView),
      m_model(new JudgmentTreeModel(this)), m_raw(new RawOutputView)
{
    setObjectName(QStringLiteral("itemDetailPanel"));
    m_tree->setModel(m_model);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_tree->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_tree->header()->setStretchLastSection(true);
    // Wide enough for the header texts from the start (German ones are longer than the default 100 px).
    for (int c = 0; c + 1 < JudgmentTreeModel::ColumnCount; ++c)
        m_tree->header()->resizeSection(c, m_tree->header()->sectionSizeHint(c));

    auto* splitter = new QSplitter(Qt::Vertical);
    splitter->addWidget(m_texts);
    splitter->addWidget(m_tree);
    splitter->addWidget(m_raw);
    splitter->setChildrenCollapsible(false);
    splitter->setSizes({400, 250, 250}); // proportions; scaled to the space the dock gets
    setWidget(splitter);

    connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex& current) { showJudgment(m_model->judgmentRow(current)); });
}

void ItemDetailPanel::showItem(const AuditPtr& audit, int item)
{
    m_audit = audit;
    m_item = audit ? item : -1;
    m_texts->showItem(m_audit, m_item);
    m_model->showItem(m_audit, m_item);
    m_tree->expandAll();
    // Each column as wide as its widest cell or its header, whichever is wider (the last one stretches).
    for (int c = 0; c + 1 < JudgmentTreeModel::ColumnCount; ++c)
        m_tree->resizeColumnToContents(c);
    m_raw->clear();
    // Start on the first judgment so its raw output is on screen at once.
    const auto first = m_model->firstJudgment();
    if (first.isValid())
        m_tree->setCurrentIndex(first);
}

int ItemDetailPanel::counterpart(const Audit& audit, std::uint32_t row)
{
    const auto& j = audit.judgments();
    if (j.order[row] == Order::None)
        return -1;
    const auto other = j.order[row] == Order::AB ? Order::BA : Order::AB;
    for (auto r : audit.judgmentsOfItem(j.item[row])) {
        if (j.order[r] == other && j.judge[r] == j.judge[row] && j.format[r] == j.format[row] &&
            j.condition[r] == j.condition[row] && j.test[r] == j.test[row] &&
            j.version[r] == j.version[row] && j.variant[r] == j.variant[row] && j.cue[r] == j.cue[row] &&
            j.rep[r] == j.rep[row])
            return static_cast<int>(r);
    }
    return -1;
}

void ItemDetailPanel::showJudgment(int row)
{
    if (!m_audit || row < 0) {
        m_raw->clear();
        return;
    }
    const auto& j = m_audit->judgments();
    auto title = [this, &j](std::uint32_t r) {
        const auto kind = m_audit->kindOf(r);
        auto label = tr("%1 · %2 · run %3 · answer %4")
                         .arg(qs(m_audit->str(j.judge[r])), JudgmentTreeModel::formatLabel(*m_audit, r))
                         .arg(j.rep[r])
                         .arg(QString::fromStdString(answerText(kind, j.answer[r])));
        if (j.order[r] != Order::None)
            label = tr("Order %1: %2").arg(qs(orderName(j.order[r])), label);
        return label;
    };
    auto raw = [this, &j](std::uint32_t r) { return qs(m_audit->str(j.raw[r])); };
    const auto r = static_cast<std::uint32_t>(row);
    const int other = counterpart(*m_audit, r);
    if (other < 0) {
        m_raw->showSingle(title(r), raw(r));
        return;
    }
    const auto o = static_cast<std::uint32_t>(other);
    // AB always on the left, whichever order was picked.
    if (j.order[r] == Order::AB)
        m_raw->showPair(title(r), raw(r), title(o), raw(o));
    else
        m_raw->showPair(title(o), raw(o), title(r), raw(r));
}

} // namespace tribunal
