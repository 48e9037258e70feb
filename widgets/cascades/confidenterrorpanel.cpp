#include "cascades/confidenterrorpanel.h"

#include "cascades/confidenterrorworkspace.h"
#include "export/cascadelatexexport.h"
#include "framework/analysispanels.h"

#include "cascades/confidenterrorview.h"
#include "framework/auditsession.h"
#include "framework/flattablemodel.h"
#include "framework/kindtext.h"
#include "framework/panelparts.h"
#include "framework/qstrings.h"
#include "rubric/rubricpairview.h"
#include "rubric/rubricworkspace.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTextDocument>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace tribunal {

namespace {

QString judgeText(const Audit& audit, const JudgeKey& key)
{
    return RubricWorkspace::cellLabel(audit, key.judge, key.format, key.condition);
}

} // namespace

ConfidentErrorsPanel::ConfidentErrorsPanel(ConfidentErrorWorkspace* workspace, QWidget* parent)
    : QDockWidget(tr("Confident errors"), parent), m_workspace(workspace), m_panelKind(new QComboBox),
      m_first(new QComboBox), m_n(new QSpinBox), m_others(new QToolButton), m_rounding(new QComboBox),
      m_filter(new QComboBox), m_busy(new QProgressBar), m_sampleModel(new FlatTableModel(this)),
      m_repeatsModel(new FlatTableModel(this))
{
    setObjectName(QStringLiteral("confidentErrorPanel"));
    auto* body = new QWidget(this);
    m_message = wrappedLabel(body);
    m_message->setAlignment(Qt::AlignCenter);
    m_repeatsLine = wrappedLabel(body);
    m_discriminationLine = wrappedLabel(body);
    m_tables = new QTabWidget(body);
    m_tables->setDocumentMode(true);
    m_sampleView = resultTableView(m_sampleModel, body, QAbstractItemView::SingleSelection);
    m_repeatsView = resultTableView(m_repeatsModel, body, QAbstractItemView::SingleSelection);
    m_tables->addTab(m_sampleView, tr("Confident &errors"));
    m_tables->addTab(m_repeatsView, tr("Repeats by &band"));
    m_pair = new RubricPairView(body);

    auto* left = new QWidget(body);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(m_tables, 1);
    leftLayout->addWidget(m_repeatsLine);
    leftLayout->addWidget(m_discriminationLine);
    auto* right = new QWidget(body);
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(m_pair, 1);
    rightLayout->addWidget(noteRow(right));
    auto* split = new QSplitter(Qt::Horizontal, body);
    split->addWidget(left);
    split->addWidget(right);
    split->setChildrenCollapsible(false);
    split->setSizes({600, 600});
    auto* layout = new QVBoxLayout(body);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(settingsRow(body));
    layout->addWidget(m_message);
    layout->addWidget(split, 1);
    setWidget(body);

    connect(m_panelKind, &QComboBox::currentIndexChanged, this, &ConfidentErrorsPanel::applySettings);
    connect(m_first, &QComboBox::currentIndexChanged, this, &ConfidentErrorsPanel::applySettings);
    connect(m_rounding, &QComboBox::currentIndexChanged, this, &ConfidentErrorsPanel::applySettings);
    connect(m_filter, &QComboBox::currentIndexChanged, this, &ConfidentErrorsPanel::applySettings);
    connect(m_n, &QSpinBox::valueChanged, this, &ConfidentErrorsPanel::applySettings);
    connect(m_copy, &QPushButton::clicked, this, &ConfidentErrorsPanel::copyTable);
    connect(m_saveNote, &QPushButton::clicked, this, &ConfidentErrorsPanel::saveNote);
    connect(m_sampleView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) {
                const auto& shown = m_workspace->shownRows();
                const int row = current.row();
                if (row >= 0 && row < static_cast<int>(shown.size()))
                    m_workspace->selectRow(shown[static_cast<std::size_t>(row)]);
            });
    connect(m_workspace, &ConfidentErrorWorkspace::viewChanged, this, &ConfidentErrorsPanel::showView);
    connect(m_workspace, &ConfidentErrorWorkspace::rowsChanged, this, &ConfidentErrorsPanel::showRows);
    connect(m_workspace, &ConfidentErrorWorkspace::selectedRowChanged, this,
            &ConfidentErrorsPanel::showSelection);
    connect(m_workspace->session(), &AuditSession::notesChanged, this, [this] {
        if (!m_note->document()->isModified()) // never overwrite what the reviewer is typing
            showNote();
    });
    connect(m_workspace, &ConfidentErrorWorkspace::busyChanged, this, [this](bool busy) {
        showJobBusy(m_busy, busy);
        updateMessage();
    });
    // Like every dock's bar; K3 / K4 have no chunks, so the workspace reports none (its header) and the bar
    // stays indeterminate.
    connect(m_workspace, &Workspace::jobProgress, this,
            [this](qint64 done, qint64 total) { showJobProgress(m_busy, done, total); });
    showView();
    showRows();
    showSelection(m_workspace->selectedRow());
}

QWidget* ConfidentErrorsPanel::settingsRow(QWidget* body)
{
    for (QComboBox* box : {m_panelKind, m_first})
        box->setSizeAdjustPolicy(QComboBox::AdjustToContents); // judge and panel names in full
    m_panelKind->setToolTip(tr("The rubric panel and kind whose errors are listed."));
    m_first->setToolTip(tr("The first judge, whose most confident wrong answers are sampled (K3). Default: "
                           "the first judge whose answers carry a confidence or probabilities."));
    m_n->setRange(0, 100000);
    m_n->setKeyboardTracking(false); // recompute once editing is finished, not per keystroke
    m_n->setToolTip(tr("Errors sampled per panel and kind (K3; binary: half false positives, half false "
                       "negatives)."));
    makeMenuButton(m_others, tr("&Other judges"));
    m_others->setToolTip(tr("The judges checked for repeating the first judge's errors (K4)."));
    for (LabelRounding r : {LabelRounding::HalfUp, LabelRounding::HalfDown, LabelRounding::Unrounded})
        m_rounding->addItem(RubricWorkspace::roundingTitle(r), int(r));
    m_rounding->setToolTip(tr("R1: how a raters' mean half-way between two levels becomes the label."));
    for (RaterFilter f : {RaterFilter::All, RaterFilter::Unanimous, RaterFilter::Split})
        m_filter->addItem(ConfidentErrorWorkspace::filterTitle(f), int(f));
    m_filter->setToolTip(tr("Only errors on pairs whose raters agreed (unanimous) or disagreed (split)."));
    makeBusyIndicator(m_busy);
    m_copy = copyTableButton(body);

    auto* row = new QWidget(body);
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    addLabelledField(layout, tr("&Panel:"), m_panelKind);
    addLabelledField(layout, tr("&First judge:"), m_first);
    addLabelledField(layout, tr("&n:"), m_n);
    layout->addWidget(m_others);
    addLabelledField(layout, tr("&Rounding:"), m_rounding);
    addLabelledField(layout, tr("Ra&ters:"), m_filter);
    layout->addStretch(1);
    layout->addWidget(m_busy);
    layout->addWidget(m_copy);
    return row;
}

QWidget* ConfidentErrorsPanel::noteRow(QWidget* parent)
{
    auto* box = new QWidget(parent);
    m_note = new QPlainTextEdit(box);
    m_note->setObjectName(QStringLiteral("confidentErrorNote"));
    m_note->setPlaceholderText(tr("Your note on this pair (stored in the project)"));
    m_note->setMaximumHeight(90);
    m_saveNote = new QPushButton(tr("&Save note"), box);
    m_saveNote->setToolTip(tr("Store the note in the project (an empty note removes it); moving to another "
                              "pair stores an edited note too."));
    m_noteStatus = wrappedLabel(box);
    auto* buttons = new QVBoxLayout;
    buttons->addWidget(m_saveNote);
    buttons->addWidget(m_noteStatus);
    buttons->addStretch(1);
    auto* layout = new QHBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_note, 1);
    layout->addLayout(buttons);
    return box;
}

void ConfidentErrorsPanel::applySettings()
{
    const auto& view = *m_workspace->view();
    ConfidentErrorSettings s = m_workspace->settings();
    s.n = m_n->value();
    s.rounding = static_cast<LabelRounding>(m_rounding->currentData().toInt());
    s.filter = static_cast<RaterFilter>(m_filter->currentData().toInt());
    const int pk = m_panelKind->currentData().toInt();
    if (pk >= 0 && pk < static_cast<int>(view.panelKinds.size())) {
        const auto& [panel, kind] = view.panelKinds[static_cast<std::size_t>(pk)];
        s.kind = kind;
        if (panel != view.panel) {
            s.panel = panel;
            s.first.reset();
            s.excluded.clear(); // keys of the old panel
        }
    }
    const int first = m_first->currentIndex();
    if (s.panel == view.panel || s.panel == kEmptyStr) {
        // Only an explicit change of judge fixes the first judge (the default follows the data).
        if (first >= 0 && first < static_cast<int>(view.judges.size()) && first != view.first)
            s.first = view.judges[static_cast<std::size_t>(first)];
    }
    m_workspace->setSettings(s);
}

void ConfidentErrorsPanel::showView()
{
    const auto& view = *m_workspace->view();
    const ConfidentErrorSettings& s = m_workspace->settings();
    {
        const QSignalBlocker b1(m_panelKind);
        const QSignalBlocker b2(m_first);
        const QSignalBlocker b3(m_n);
        const QSignalBlocker b4(m_rounding);
        const QSignalBlocker b5(m_filter);
        m_panelKind->clear();
        m_first->clear();
        const auto shownKind = m_workspace->shownKind();
        if (view.audit) {
            for (std::size_t i = 0; i < view.panelKinds.size(); ++i) {
                const auto& [panel, kind] = view.panelKinds[i];
                m_panelKind->addItem(
                    QStringLiteral("%1 · %2").arg(qs(view.audit->str(panel)), kindText(kind)),
                    static_cast<int>(i));
                if (panel == view.panel && shownKind && kind == *shownKind)
                    m_panelKind->setCurrentIndex(static_cast<int>(i));
            }
            for (std::size_t j = 0; j < view.judges.size(); ++j) {
                const QString name = judgeText(*view.audit, view.judges[j]);
                m_first->addItem(view.hasConfidence[j] ? tr("%1 (confidence)").arg(name) : name);
            }
            m_first->setCurrentIndex(view.first);
        }
        m_n->setValue(s.n);
        m_rounding->setCurrentIndex(m_rounding->findData(int(s.rounding)));
        m_filter->setCurrentIndex(m_filter->findData(int(s.filter)));
    }
    m_panelKind->setEnabled(m_panelKind->count() > 0);
    m_first->setEnabled(m_first->count() > 0);

    QMenu* menu = m_others->menu();
    menu->clear();
    if (view.audit) {
        for (std::size_t j = 0; j < view.judges.size(); ++j) {
            if (static_cast<int>(j) == view.first)
                continue;
            const JudgeKey key = view.judges[j];
            QAction* action = menu->addAction(judgeText(*view.audit, key));
            action->setCheckable(true);
            action->setChecked(std::find(view.others.begin(), view.others.end(), j) != view.others.end());
            connect(action, &QAction::toggled, this,
                    [this, key](bool on) { m_workspace->setOtherIncluded(key, on); });
        }
    }
    m_others->setEnabled(!menu->isEmpty());
    updateMessage();
}

void ConfidentErrorsPanel::showRows()
{
    const auto& view = *m_workspace->view();
    const auto kind = m_workspace->shownKind();
    FlatTable sample;
    sample.columns = view.sampleTable.columns;
    for (int r : m_workspace->shownRows())
        sample.rows.push_back(view.sampleTable.rows[static_cast<std::size_t>(r)]);
    FlatTable repeats;
    repeats.columns = view.repeatsTable.columns;
    const auto kindColumn = std::find(repeats.columns.begin(), repeats.columns.end(), "kind");
    if (kind && kindColumn != repeats.columns.end()) {
        const std::size_t c = static_cast<std::size_t>(kindColumn - repeats.columns.begin());
        const FlatCell name{std::string(kindName(*kind))};
        for (const auto& row : view.repeatsTable.rows)
            if (row[c] == name)
                repeats.rows.push_back(row);
    }
    {
        const QSignalBlocker blocker(m_sampleView->selectionModel());
        m_sampleModel->setTable(std::move(sample));
        m_repeatsModel->setTable(std::move(repeats));
    }
    // Panel, kind and first judge are the settings row's: the same in every row.
    for (const char* name : {"panel", "kind", "judge"})
        if (const int c = m_sampleModel->column(name); c >= 0)
            m_sampleView->setColumnHidden(c, true);
    for (const char* name : {"panel", "kind"})
        if (const int c = m_repeatsModel->column(name); c >= 0)
            m_repeatsView->setColumnHidden(c, true);
    m_sampleView->resizeColumnsToContents();
    m_repeatsView->resizeColumnsToContents();

    m_repeatsLine->setText(kind ? view.repeatsText(*kind) : QString());
    m_discriminationLine->setText(kind ? view.discriminationText(*kind) : QString());
    updateMessage();
}

void ConfidentErrorsPanel::showSelection(int row)
{
    // An edited note belongs to the pair it was written on: store it before the pair changes.
    if (m_note->document()->isModified())
        saveNote();
    const auto& shown = m_workspace->shownRows();
    const auto at = std::find(shown.begin(), shown.end(), row);
    {
        const QSignalBlocker blocker(m_sampleView->selectionModel());
        if (at == shown.end())
            m_sampleView->clearSelection();
        else
            m_sampleView->selectRow(static_cast<int>(at - shown.begin()));
    }
    const auto& view = *m_workspace->view();
    if (at == shown.end() || !view.audit) {
        m_pair->showPair(nullptr, -1, view.settings.rounding);
        m_noteDataset.clear();
        m_noteItem.clear();
        m_noteAudit = nullptr;
    } else {
        const std::uint32_t item = view.rows[static_cast<std::size_t>(row)].item;
        m_pair->showPair(view.audit, static_cast<int>(item), view.settings.rounding);
        const Audit& audit = *view.audit;
        m_noteDataset = std::string(audit.str(audit.items().dataset[item]));
        m_noteItem = std::string(audit.str(audit.items().itemId[item]));
        m_noteAudit = view.audit.get();
    }
    m_noteStatus->clear();
    showNote();
}

void ConfidentErrorsPanel::showNote()
{
    const bool pair = !m_noteDataset.empty();
    m_note->setPlainText(pair ? m_workspace->session()->note(m_noteDataset, m_noteItem) : QString());
    m_note->document()->setModified(false);
    m_note->setEnabled(pair);
    m_saveNote->setEnabled(pair);
}

bool ConfidentErrorsPanel::saveNote()
{
    // A note typed on a pair of an audit that was since replaced must not land in the new project's notes.
    if (m_noteDataset.empty() || m_noteAudit != m_workspace->session()->audit().get())
        return false;
    if (!m_workspace->session()->setNote(m_noteDataset, m_noteItem, m_note->toPlainText())) {
        m_noteStatus->setText(tr("Not stored: a job is running. Try again when it ends."));
        return false;
    }
    m_note->document()->setModified(false);
    m_noteStatus->setText(tr("Stored (saved with the project)."));
    return true;
}

void ConfidentErrorsPanel::updateMessage()
{
    const auto& view = *m_workspace->view();
    QString text;
    if (!view.audit)
        text = tr("No audit open.");
    else if (!view.computed)
        text = m_workspace->isBusy() ? tr("Finding the confident errors…") : QString();
    else if (view.panelKinds.empty())
        text = tr("No binary or ordinal items in this audit.");
    else if (!view.error.isEmpty())
        text = tr("Confident errors not computed: %1").arg(view.error);
    else if (m_workspace->shownRows().empty()) {
        const auto kind = m_workspace->shownKind();
        const bool any = std::any_of(view.rows.begin(), view.rows.end(),
                                     [&kind](const ConfidentErrorRow& r) { return kind && r.kind == *kind; });
        text = any ? tr("No sampled error on pairs with %1 raters.")
                         .arg(ConfidentErrorWorkspace::filterTitle(m_workspace->settings().filter))
                   : tr("No error of the first judge to sample on this panel and kind.");
    }
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
}

QString ConfidentErrorsPanel::tableText() const
{
    const FlatTable& table =
        m_tables->currentIndex() == RepeatsTab ? m_repeatsModel->table() : m_sampleModel->table();
    return table.rows.empty() ? QString() : FlatTableModel::tsv(table);
}

void ConfidentErrorsPanel::copyTable()
{
    const QString text = tableText();
    if (!text.isEmpty())
        QApplication::clipboard()->setText(text);
}

const AnalysisPanel& confidentErrorAnalysisPanel()
{
    static const AnalysisPanel panel{"confident-errors",
                                     [](AuditSession* session, QObject* parent) -> Workspace* {
                                         return new ConfidentErrorWorkspace(session, parent);
                                     },
                                     [](Workspace* workspace, QWidget* parent) -> QDockWidget* {
                                         return new ConfidentErrorsPanel(
                                             static_cast<ConfidentErrorWorkspace*>(workspace), parent);
                                     },
                                     &confidentErrorLatexTables};
    return panel;
}

} // namespace tribunal
