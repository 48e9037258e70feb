#include "trust/flipinspectorpanel.h"

#include "framework/auditsession.h"
#include "framework/panelparts.h"
#include "framework/qstrings.h"
#include "items/itemtextsview.h"
#include "trust/flipfilterproxy.h"
#include "trust/flipitemmodel.h"
#include "trust/trustworkspace.h"
#include "trust/verdictgriddelegate.h"
#include "trust/verdicthighlightview.h"

#include "analysis/verdictspan.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QShortcut>
#include <QSplitter>
#include <QStackedWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <set>

namespace tribunal {

FlipInspectorPanel::FlipInspectorPanel(TrustWorkspace* workspace, QWidget* parent)
    : QDockWidget(tr("Flip inspector"), parent), m_workspace(workspace), m_model(new FlipItemModel(this)),
      m_proxy(new FlipFilterProxy(this))
{
    setObjectName(QStringLiteral("flipInspectorPanel"));
    m_proxy->setSourceModel(m_model);

    auto* body = new QWidget(this);
    m_stack = new QStackedWidget(body);
    m_hint = wrappedLabel(m_stack);
    m_hint->setAlignment(Qt::AlignCenter);
    m_hint->setText(tr("Select a row of the trust table to inspect its pairs."));
    m_stack->addWidget(m_hint);

    auto* page = new QWidget(m_stack);
    m_summary = wrappedLabel(page);
    m_flippedOnly = new QCheckBox(tr("Flipped only"), page);
    m_unstableOnly = new QCheckBox(tr("Unstable only"), page);
    m_wrongOnly = new QCheckBox(tr("Wrong only"), page);
    m_flippedOnly->setToolTip(tr("Pairs whose two orders have no common modal verdict (P_i = 0). Key: F"));
    m_unstableOnly->setToolTip(tr("Pairs whose runs disagree within an order (N_i = 0)"));
    m_wrongOnly->setToolTip(tr("Labelled pairs with at least one verdict that differs from the label"));
    auto* filters = new QHBoxLayout;
    filters->addWidget(m_flippedOnly);
    filters->addWidget(m_unstableOnly);
    filters->addWidget(m_wrongOnly);
    filters->addStretch(1);
    auto* legend =
        new QLabel(tr("green: agrees with the label · red: differs · grey: no verdict or no label · "
                      "T tie, N abstained, - none · J/K next/previous, N note"),
                   page);
    legend->setWordWrap(true);

    m_view = new QTableView(page);
    m_view->setModel(m_proxy);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setItemDelegate(new VerdictGridDelegate(m_view));
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(true);

    m_texts = new ItemTextsView(page);
    auto* outputsBox = new QWidget(page);
    m_runBox = new QComboBox(outputsBox);
    m_outputs = new VerdictHighlightView(outputsBox);
    auto* runRow = new QHBoxLayout;
    runRow->addWidget(new QLabel(tr("Raw outputs of run:"), outputsBox));
    runRow->addWidget(m_runBox);
    runRow->addStretch(1);
    auto* outputsLayout = new QVBoxLayout(outputsBox);
    outputsLayout->setContentsMargins(0, 0, 0, 0);
    outputsLayout->addLayout(runRow);
    outputsLayout->addWidget(m_outputs, 1);

    m_noteLabel = wrappedLabel(page);
    m_noteButton = new QPushButton(tr("Edit note…"), page);
    auto* noteRow = new QHBoxLayout;
    noteRow->addWidget(m_noteLabel, 1);
    noteRow->addWidget(m_noteButton);

    auto* splitter = new QSplitter(Qt::Vertical, page);
    splitter->addWidget(m_view);
    splitter->addWidget(m_texts);
    splitter->addWidget(outputsBox);
    splitter->setChildrenCollapsible(false);
    splitter->setSizes({200, 250, 250});
    auto* pageLayout = new QVBoxLayout(page);
    pageLayout->setContentsMargins(0, 0, 0, 0);
    pageLayout->addWidget(m_summary);
    pageLayout->addLayout(filters);
    pageLayout->addWidget(legend);
    pageLayout->addWidget(splitter, 1);
    pageLayout->addLayout(noteRow);
    m_stack->addWidget(page);
    auto* bodyLayout = new QVBoxLayout(body);
    bodyLayout->setContentsMargins(2, 2, 2, 2);
    bodyLayout->addWidget(m_stack);
    setWidget(body);

    // Keys act while focus is anywhere in the panel (its table, texts or buttons), not window-wide.
    const std::pair<Qt::Key, void (FlipInspectorPanel::*)()> keys[] = {
        {Qt::Key_J, &FlipInspectorPanel::nextItem},
        {Qt::Key_K, &FlipInspectorPanel::previousItem},
        {Qt::Key_F, &FlipInspectorPanel::toggleFlippedOnly},
        {Qt::Key_N, &FlipInspectorPanel::editNote},
    };
    for (const auto& [key, slot] : keys) {
        auto* shortcut = new QShortcut(QKeySequence(key), this);
        shortcut->setContext(Qt::WidgetWithChildrenShortcut);
        connect(shortcut, &QShortcut::activated, this, slot);
    }

    connect(m_flippedOnly, &QCheckBox::toggled, m_proxy, &FlipFilterProxy::setFlippedOnly);
    connect(m_unstableOnly, &QCheckBox::toggled, m_proxy, &FlipFilterProxy::setUnstableOnly);
    connect(m_wrongOnly, &QCheckBox::toggled, m_proxy, &FlipFilterProxy::setWrongOnly);
    connect(m_proxy, &FlipFilterProxy::filtersChanged, this, [this] {
        if (currentRow() < 0)
            setCurrentRow(0);
        showCurrent();
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this] { showCurrent(); });
    connect(m_runBox, &QComboBox::currentIndexChanged, this, [this] { showOutputs(); });
    connect(m_noteButton, &QPushButton::clicked, this, &FlipInspectorPanel::editNote);
    connect(m_workspace, &TrustWorkspace::selectedRowChanged, this, &FlipInspectorPanel::showRow);
    connect(m_workspace, &TrustWorkspace::viewChanged, this, [this] { showRow(m_workspace->selectedRow()); });
    connect(m_workspace->session(), &AuditSession::notesChanged, this, &FlipInspectorPanel::showNote);
    showRow(m_workspace->selectedRow());
}

int FlipInspectorPanel::currentRow() const
{
    const QModelIndex current = m_view->currentIndex();
    return current.isValid() ? current.row() : -1;
}

const FlipItem* FlipInspectorPanel::currentFlipItem() const
{
    const QModelIndex current = m_view->currentIndex();
    return current.isValid() ? m_model->flipItem(m_proxy->mapToSource(current).row()) : nullptr;
}

int FlipInspectorPanel::currentItem() const
{
    const FlipItem* item = currentFlipItem();
    return item ? static_cast<int>(item->item) : -1;
}

void FlipInspectorPanel::setCurrentRow(int row)
{
    const int rows = m_proxy->rowCount();
    if (rows == 0) {
        m_view->setCurrentIndex({});
        showCurrent();
        return;
    }
    row = std::clamp(row, 0, rows - 1);
    const int column = std::max(0, m_view->currentIndex().column());
    m_view->setCurrentIndex(m_proxy->index(row, column));
    m_view->scrollTo(m_view->currentIndex());
}

void FlipInspectorPanel::nextItem()
{
    setCurrentRow(currentRow() + 1);
}

void FlipInspectorPanel::previousItem()
{
    setCurrentRow(std::max(0, currentRow() - 1));
}

void FlipInspectorPanel::toggleFlippedOnly()
{
    if (m_shownRow >= 0)
        m_flippedOnly->toggle();
}

void FlipInspectorPanel::showRow(int row)
{
    const auto& view = m_workspace->view();
    m_shownRow = m_workspace->isRowVisible(row) && view->audit ? row : -1;
    if (m_shownRow < 0) {
        m_model->clear();
        m_stack->setCurrentWidget(m_hint);
        showCurrent();
        return;
    }
    const auto& cells = view->rowCells[static_cast<std::size_t>(row)];
    m_model->setItems(view->audit, inspectFlips(*view->audit, cells));
    // The judge / format column tells pairs apart only in a grouped row (several cells).
    m_view->setColumnHidden(FlipItemModel::CellColumn, cells.size() <= 1);
    m_view->resizeColumnsToContents();
    m_stack->setCurrentIndex(1);
    updateSummary();
    setCurrentRow(0);
    showCurrent();
}

void FlipInspectorPanel::updateSummary()
{
    const auto& view = *m_workspace->view();
    const auto& tableRow = view.table.rows[static_cast<std::size_t>(m_shownRow)];
    QStringList names{qs(tableRow.judge), qs(tableRow.format), qs(tableRow.dataset)};
    for (const auto& value : tableRow.conditions)
        if (!value.empty())
            names << qs(value);
    names.removeAll(QString());
    const FlipCounts counts = countFlips(m_model->items());
    m_summary->setText(
        tr("%1 — %2: %3 flipped, %4 unstable, %5 wrong; %6 dropped")
            .arg(names.join(QStringLiteral(" · ")), counted(counts.retained, tr("%1 pair"), tr("%1 pairs")))
            .arg(counts.flipped)
            .arg(counts.unstable)
            .arg(counts.wrong)
            .arg(counts.dropped));
}

void FlipInspectorPanel::showCurrent()
{
    const FlipItem* item = currentFlipItem();
    m_texts->showItem(m_model->audit(), item ? static_cast<int>(item->item) : -1);
    std::set<std::uint16_t> reps;
    if (item)
        for (const auto& runs : item->runs)
            for (const FlipRun& run : runs)
                reps.insert(run.rep);
    {
        // The run stays picked from pair to pair (reviewers compare run 2 across pairs), where it exists.
        const QVariant picked = m_runBox->currentData();
        const QSignalBlocker block(m_runBox);
        m_runBox->clear();
        for (const auto rep : reps)
            m_runBox->addItem(QString::number(rep), static_cast<int>(rep));
        m_runBox->setCurrentIndex(std::max(0, m_runBox->findData(picked)));
    }
    m_runBox->setEnabled(reps.size() > 1);
    showOutputs();
    showNote();
}

void FlipInspectorPanel::showOutputs()
{
    const FlipItem* item = currentFlipItem();
    if (!item || m_runBox->count() == 0) {
        m_outputs->clear();
        return;
    }
    const auto& audit = *m_model->audit();
    const auto& judgments = audit.judgments();
    const auto kind = audit.items().kind[item->item];
    const int rep = m_runBox->currentData().toInt();
    VerdictHighlightView::Output outputs[2];
    for (int o = 0; o < 2; ++o) {
        const Order order = o == 0 ? Order::AB : Order::BA;
        const QString orderName = qs(tribunal::orderName(order));
        const auto& runs = item->runs[o];
        const auto run =
            std::find_if(runs.begin(), runs.end(), [&](const FlipRun& r) { return r.rep == rep; });
        if (run == runs.end()) {
            outputs[o] = {tr("Order %1 · run %2").arg(orderName).arg(rep), {}, -1, -1, tr("No run.")};
            continue;
        }
        const auto raw = audit.str(judgments.raw[run->judgment]);
        const auto slot = verdictSlot(run->verdict, order);
        const auto span = slot ? locateVerdict(raw, *slot) : std::nullopt;
        QString caption;
        if (!slot) {
            const auto error = audit.str(judgments.error[run->judgment]);
            caption =
                tr("No verdict (%1)").arg(error.empty() ? qs(answerText(kind, run->verdict)) : qs(error));
        } else {
            static const char* const kSlotNames[] = {QT_TR_NOOP("the first-shown response"),
                                                     QT_TR_NOOP("the second-shown response"),
                                                     QT_TR_NOOP("a tie")};
            caption = tr("Parsed verdict %1: %2")
                          .arg(qs(answerText(kind, run->verdict)), tr(kSlotNames[static_cast<int>(*slot)]));
            if (!span && !raw.empty())
                caption += tr(" (not found in the text)");
        }
        outputs[o] = VerdictHighlightView::makeOutput(tr("Order %1 · run %2").arg(orderName).arg(rep), raw,
                                                      span, caption);
    }
    m_outputs->showOutputs(outputs[0], outputs[1]);
}

void FlipInspectorPanel::showNote()
{
    const FlipItem* item = currentFlipItem();
    m_noteButton->setEnabled(item != nullptr);
    if (!item) {
        m_noteLabel->clear();
        return;
    }
    const auto& audit = *m_model->audit();
    const QString note =
        m_workspace->session()->note(std::string(audit.str(audit.items().dataset[item->item])),
                                     std::string(audit.str(audit.items().itemId[item->item])));
    m_noteLabel->setText(note.isEmpty() ? tr("No note on this item (N adds one).")
                                        : tr("Note: %1").arg(note));
}

void FlipInspectorPanel::editNote()
{
    const FlipItem* item = currentFlipItem();
    if (!item)
        return;
    if (m_noteDialog) {
        m_noteDialog->raise();
        return;
    }
    const auto& audit = *m_model->audit();
    // The item is fixed when the editor opens: moving on with J/K meanwhile does not retarget the note.
    const std::string dataset(audit.str(audit.items().dataset[item->item]));
    const std::string itemId(audit.str(audit.items().itemId[item->item]));
    auto* dialog = new QDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setObjectName(QStringLiteral("flipNoteDialog"));
    dialog->setWindowTitle(tr("Note on item %1").arg(qs(itemId)));
    auto* text = new QPlainTextEdit(dialog);
    text->setPlainText(m_workspace->session()->note(dataset, itemId));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, dialog);
    auto* layout = new QVBoxLayout(dialog);
    layout->addWidget(new QLabel(tr("Stored in the project; an empty note removes it."), dialog));
    layout->addWidget(text, 1);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, dialog, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    connect(dialog, &QDialog::accepted, this, [this, text, dataset, itemId] {
        if (!m_workspace->session()->setNote(dataset, itemId, text->toPlainText()))
            m_noteLabel->setText(tr("The note was not stored: a job is running. Try again when it ends."));
    });
    m_noteDialog = dialog;
    m_noteText = text;
    dialog->open();
    text->setFocus();
}

} // namespace tribunal
