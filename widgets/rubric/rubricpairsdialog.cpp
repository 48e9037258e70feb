#include "rubric/rubricpairsdialog.h"

#include "framework/qstrings.h"
#include "framework/tablecopy.h"
#include "items/itemtextsview.h"

#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QShortcut>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace tribunal {

namespace {

QTableWidget* makeTable(const QStringList& headers, QWidget* parent)
{
    auto* table = new QTableWidget(0, static_cast<int>(headers.size()), parent);
    table->setHorizontalHeaderLabels(headers);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->setSelectionMode(QAbstractItemView::ExtendedSelection);
    table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table->verticalHeader()->hide();
    table->horizontalHeader()->setStretchLastSection(true);
    return table;
}

void setCell(QTableWidget* table, int row, int column, const QString& text)
{
    auto* item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    table->setItem(row, column, item);
}

QString answerOf(TaskKind kind, Answer value)
{
    return QString::fromStdString(answerText(kind, value));
}

} // namespace

RubricPairsDialog::RubricPairsDialog(QWidget* parent)
    : QDialog(parent), m_title(new QLabel(this)), m_view(new RubricPairView(this))
{
    setObjectName(QStringLiteral("rubricPairsDialog"));
    setWindowTitle(tr("Rubric pairs"));
    m_title->setWordWrap(true);
    m_title->setTextFormat(Qt::PlainText); // names are data, never markup
    m_title->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_pairs = makeTable({tr("Item"), tr("Unit"), tr("Criterion"), tr("Label"), tr("Raters' mean")}, this);
    m_pairs->setSelectionMode(QAbstractItemView::SingleSelection);

    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_title);
    leftLayout->addWidget(m_pairs, 1);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(left);
    split->addWidget(m_view);
    split->setChildrenCollapsible(false);
    split->setSizes({400, 800});
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(split);
    resize(1200, 800);

    connect(m_pairs, &QTableWidget::currentCellChanged, this, [this] { showCurrentPair(); });
    auto* copy = new QShortcut(QKeySequence::Copy, this);
    connect(copy, &QShortcut::activated, this, &RubricPairsDialog::copyFocusedTable);
    showPairs(nullptr, {});
}

void RubricPairsDialog::showPairs(AuditPtr audit, RubricPairList list)
{
    m_audit = std::move(audit);
    m_list = m_audit ? std::move(list) : RubricPairList{};
    m_title->setText(
        m_list.title.isEmpty()
            ? QString()
            : tr("%1 · %n pair(s)", nullptr, static_cast<int>(m_list.entries.size())).arg(m_list.title));
    const QSignalBlocker blocker(m_pairs);
    m_pairs->clearContents();
    m_pairs->setColumnCount(FixedColumns + static_cast<int>(m_list.extraColumns.size()));
    QStringList headers{tr("Item"), tr("Unit"), tr("Criterion"), tr("Label"), tr("Raters' mean")};
    m_pairs->setHorizontalHeaderLabels(headers + m_list.extraColumns);
    m_pairs->setRowCount(static_cast<int>(m_list.entries.size()));
    for (int r = 0; r < m_pairs->rowCount(); ++r) {
        const auto& entry = m_list.entries[static_cast<std::size_t>(r)];
        const auto& items = m_audit->items();
        const std::size_t i = entry.item;
        // R1: the label under the rule the pairs were chosen with.
        const RubricLabel label = rubricLabel(*m_audit, entry.item, m_list.rounding);
        setCell(m_pairs, r, ItemColumn, qs(m_audit->str(items.itemId[i])));
        setCell(m_pairs, r, UnitColumn, qs(m_audit->str(items.field(ItemText::UnitId, i))));
        setCell(m_pairs, r, CriterionColumn, qs(m_audit->str(items.field(ItemText::Criterion, i))));
        setCell(m_pairs, r, LabelColumn,
                label.label == answer::kNone ? QString() : answerOf(items.kind[i], label.label));
        setCell(m_pairs, r, MeanColumn, numberText(label.mean));
        for (int c = 0; c < static_cast<int>(entry.extra.size()); ++c)
            setCell(m_pairs, r, FixedColumns + c, entry.extra[c]);
    }
    m_pairs->resizeColumnsToContents();
    setCurrentPair(m_pairs->rowCount() > 0 ? 0 : -1);
}

QString RubricPairsDialog::titleText() const
{
    return m_title->text();
}

void RubricPairsDialog::setCurrentPair(int row)
{
    const int rows = m_pairs->rowCount();
    {
        const QSignalBlocker blocker(m_pairs);
        if (rows == 0 || row < 0)
            m_pairs->setCurrentCell(-1, -1);
        else
            m_pairs->setCurrentCell(std::clamp(row, 0, rows - 1), 0);
    }
    showCurrentPair();
}

int RubricPairsDialog::currentPair() const
{
    return m_pairs->currentRow();
}

void RubricPairsDialog::showCurrentPair()
{
    const int row = m_pairs->currentRow();
    if (!m_audit || row < 0 || row >= static_cast<int>(m_list.entries.size())) {
        m_view->showPair(nullptr, -1, m_list.rounding);
        return;
    }
    m_view->showPair(m_audit, static_cast<int>(m_list.entries[static_cast<std::size_t>(row)].item),
                     m_list.rounding);
}

QTableWidget* RubricPairsDialog::answerTable() const
{
    return m_view->answerTable();
}

ItemTextsView* RubricPairsDialog::itemTexts() const
{
    return m_view->itemTexts();
}

QString RubricPairsDialog::labelText() const
{
    return m_view->labelText();
}

QString RubricPairsDialog::ratingsText() const
{
    return m_view->ratingsText();
}

void RubricPairsDialog::setCurrentAnswer(int row)
{
    m_view->setCurrentAnswer(row);
}

QString RubricPairsDialog::rawOutputText() const
{
    return m_view->rawOutputText();
}

void RubricPairsDialog::copyFocusedTable()
{
    if (auto* text = qobject_cast<QPlainTextEdit*>(QApplication::focusWidget())) {
        text->copy();
        return;
    }
    auto* view = qobject_cast<QAbstractItemView*>(QApplication::focusWidget());
    if (!view)
        view = m_view->answerTable();
    const QString tsv = selectionAsTsv(*view);
    if (!tsv.isEmpty())
        QApplication::clipboard()->setText(tsv);
}

} // namespace tribunal
