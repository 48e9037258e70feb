#include "trust/overviewpanel.h"

#include "trust/trustfiltertree.h"
#include "trust/trustrowproxy.h"
#include "trust/trustsettingsform.h"
#include "trust/trusttablemodel.h"
#include "trust/trustworkspace.h"

#include "report/jsonwriter.h"

#include <QCheckBox>
#include <QClipboard>
#include <QGroupBox>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <climits>
#include <cmath>

namespace tribunal {
namespace {

// A raw value as the CSV writer prints it (report/trusttable.h), made safe for one TSV field.
QString tsvField(const QVariant& value)
{
    if (!value.isValid())
        return {};
    if (value.typeId() == QMetaType::Double) {
        const double number = value.toDouble();
        if (std::isnan(number))
            return {};
        std::string text;
        JsonWriter::appendNumber(text, number);
        return QString::fromStdString(text);
    }
    QString text = value.toString();
    for (auto& c : text)
        if (c == QLatin1Char('\t') || c == QLatin1Char('\n') || c == QLatin1Char('\r'))
            c = QLatin1Char(' ');
    return text;
}

} // namespace

OverviewPanel::OverviewPanel(TrustWorkspace* workspace, QWidget* parent)
    : QDockWidget(tr("Audit overview"), parent), m_workspace(workspace),
      m_model(new TrustTableModel(workspace, this)), m_proxy(new TrustRowProxy(workspace, this)),
      m_view(new QTableView), m_filters(new TrustFilterTree(workspace)),
      m_form(new TrustSettingsForm(workspace)), m_intervalColumns(new QCheckBox(tr("Show interval columns"))),
      m_copy(new QPushButton(tr("Copy"))), m_progress(new QProgressBar),
      m_cancel(new QPushButton(tr("Cancel"))), m_status(new QLabel), m_labelNote(new QLabel),
      m_filterNote(new QLabel), m_showAll(new QPushButton(tr("Show all rows"))), m_singleRunNote(new QLabel),
      m_assume(new QPushButton(tr("Assume C = 1")))
{
    setObjectName(QStringLiteral("overviewPanel"));
    m_view->setObjectName(QStringLiteral("overviewTable"));
    m_proxy->setSourceModel(m_model);
    m_view->setModel(m_proxy);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setAlternatingRowColors(true);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->hide();
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    // Table order (the CLI's) until the user clicks a header.
    m_view->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    m_view->setSortingEnabled(true);
    m_copy->setToolTip(tr("Copy the shown rows as tab-separated text with a header row"));
    m_status->setObjectName(QStringLiteral("overviewStatus"));
    m_labelNote->setObjectName(QStringLiteral("labelNote"));
    m_labelNote->setWordWrap(true);
    m_labelNote->setTextFormat(Qt::PlainText);
    m_labelNote->hide();
    m_filterNote->setObjectName(QStringLiteral("filterNote"));
    m_showAll->setObjectName(QStringLiteral("showAllRows"));
    m_singleRunNote->setObjectName(QStringLiteral("singleRunNote"));
    m_assume->setObjectName(QStringLiteral("assumeConsistent"));
    m_assume->setToolTip(tr("Set “Assume C = 1 with one run” (Settings; stored in the project), as "
                            "tribunal-cli trust --assume-consistent does"));
    m_filterNote->setTextFormat(Qt::PlainText);
    m_singleRunNote->setTextFormat(Qt::PlainText);
    m_singleRunNote->setWordWrap(true); // a sentence: wraps rather than widen the dock
    m_progress->setTextVisible(true);
    m_progress->setMaximumWidth(200);

    auto* bar = new QHBoxLayout;
    bar->addWidget(m_intervalColumns);
    bar->addWidget(m_copy);
    bar->addStretch(1);
    bar->addWidget(m_status);
    bar->addWidget(m_progress);
    bar->addWidget(m_cancel);

    auto* filterBox = new QGroupBox(tr("Filters"));
    (new QVBoxLayout(filterBox))->addWidget(m_filters);
    auto* settingsBox = new QGroupBox(tr("Settings"));
    (new QVBoxLayout(settingsBox))->addWidget(m_form);
    auto* side = new QSplitter(Qt::Vertical);
    side->addWidget(filterBox);
    side->addWidget(settingsBox);
    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(m_view);
    split->addWidget(side);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);

    auto* content = new QWidget;
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(bar);
    layout->addWidget(m_labelNote);
    auto* notes = new QHBoxLayout;
    notes->addWidget(m_filterNote);
    notes->addWidget(m_showAll);
    notes->addWidget(m_singleRunNote, 1);
    notes->addWidget(m_assume);
    notes->addStretch(0);
    layout->addLayout(notes);
    layout->addWidget(split, 1);
    setWidget(content);

    connect(m_intervalColumns, &QCheckBox::toggled, m_model, &TrustTableModel::setShowIntervalColumns);
    connect(m_copy, &QPushButton::clicked, this, &OverviewPanel::copyTable);
    connect(m_cancel, &QPushButton::clicked, workspace, &TrustWorkspace::cancel);
    connect(workspace, &TrustWorkspace::busyChanged, this, &OverviewPanel::updateBusy);
    connect(workspace, &TrustWorkspace::progressChanged, this, [this](qint64 done, qint64 total) {
        // Cell counts are small; clamp anyway so the int range of QProgressBar holds.
        m_progress->setRange(0, static_cast<int>(std::min<qint64>(total, INT_MAX)));
        m_progress->setValue(static_cast<int>(std::min<qint64>(done, INT_MAX)));
        updateBusy();
    });
    connect(workspace, &TrustWorkspace::statusMessage, m_status, &QLabel::setText);
    connect(workspace, &TrustWorkspace::viewChanged, this, &OverviewPanel::updateNotes);
    connect(workspace, &TrustWorkspace::filterChanged, this, &OverviewPanel::updateNotes);
    connect(m_showAll, &QPushButton::clicked, workspace, [workspace] { workspace->setFilter({}); });
    connect(m_assume, &QPushButton::clicked, workspace, [workspace] {
        auto settings = workspace->settings();
        settings.trust.assumeConsistentWhenSingleRun = true;
        workspace->setSettings(settings);
    });
    updateNotes();
    connect(workspace, &TrustWorkspace::selectedRowChanged, this, &OverviewPanel::showSelectedRow);
    connect(m_proxy, &TrustRowProxy::aboutToRefilter, this, [this] { m_ignoreCurrent = true; });
    connect(m_proxy, &TrustRowProxy::refiltered, this, [this] {
        m_ignoreCurrent = false;
        showSelectedRow(m_workspace->selectedRow());
    });
    // A reset (new view, interval columns toggled) drops the view's selection: show the shared one again.
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        m_view->resizeColumnsToContents();
        showSelectedRow(m_workspace->selectedRow());
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &OverviewPanel::onCurrentRowChanged);
    // A click on the current row after the shared selection moved elsewhere selects it again.
    connect(m_view, &QTableView::clicked, this, &OverviewPanel::onCurrentRowChanged);
    updateBusy();
}

QString OverviewPanel::tableAsTsv() const
{
    QStringList lines;
    QStringList header;
    const int columns = m_proxy->columnCount();
    for (int c = 0; c < columns; ++c)
        header << tsvField(m_proxy->headerData(c, Qt::Horizontal, TrustTableModel::RawValueRole));
    lines << header.join(QLatin1Char('\t'));
    for (int r = 0; r < m_proxy->rowCount(); ++r) {
        QStringList fields;
        for (int c = 0; c < columns; ++c)
            fields << tsvField(m_proxy->index(r, c).data(TrustTableModel::RawValueRole));
        lines << fields.join(QLatin1Char('\t'));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

void OverviewPanel::copyTable()
{
    QGuiApplication::clipboard()->setText(tableAsTsv());
}

void OverviewPanel::onCurrentRowChanged(const QModelIndex& current)
{
    if (m_ignoreCurrent || !current.isValid())
        return;
    m_workspace->selectRow(m_proxy->mapToSource(current).row());
}

void OverviewPanel::showSelectedRow(int row)
{
    auto* selection = m_view->selectionModel();
    const QModelIndex target = row >= 0 && row < m_model->rowCount()
                                   ? m_proxy->mapFromSource(m_model->index(row, 0))
                                   : QModelIndex();
    if (target.isValid() && selection->currentIndex().row() == target.row() &&
        selection->isRowSelected(target.row()))
        return;
    m_ignoreCurrent = true;
    if (target.isValid()) {
        selection->setCurrentIndex(target, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
        m_view->scrollTo(target);
    } else {
        selection->clearSelection();
        selection->setCurrentIndex(QModelIndex(), QItemSelectionModel::NoUpdate);
    }
    m_ignoreCurrent = false;
}

void OverviewPanel::updateNotes()
{
    const auto& view = *m_workspace->view();
    int shown = 0, singleRun = 0;
    bool unlabelledShown = false;
    for (int row = 0; row < view.rowCount(); ++row) {
        if (!m_workspace->isRowVisible(row))
            continue;
        ++shown;
        if (static_cast<std::size_t>(row) >= view.results.size())
            continue;
        const auto& r = view.results[static_cast<std::size_t>(row)];
        singleRun += r.singleRun && !r.consistencyAssumed;
        unlabelledShown = unlabelledShown || (r.pairs > 0 && r.labelledPairs == 0);
    }
    // The note on missing labels speaks of rows the user sees; the filter note says what is hidden.
    m_labelNote->setText(view.labels.note);
    m_labelNote->setVisible(!view.labels.note.isEmpty() && unlabelledShown);
    const int hidden = view.rowCount() - shown;
    m_filterNote->setText(
        tr("Showing %1 of %2 rows: the filters hide %3.").arg(shown).arg(view.rowCount()).arg(hidden));
    m_filterNote->setVisible(hidden > 0);
    m_showAll->setVisible(hidden > 0);
    m_singleRunNote->setText(singleRun == 1 ? tr("1 shown row has one run per order: C cannot be measured "
                                                 "there, so T and T_joint are n/a (T2).")
                                            : tr("%1 shown rows have one run per order: C cannot be measured "
                                                 "there, so T and T_joint are n/a (T2).")
                                                  .arg(singleRun));
    m_singleRunNote->setVisible(singleRun > 0);
    m_assume->setVisible(singleRun > 0);
}

void OverviewPanel::updateBusy()
{
    const bool busy = m_workspace->isBusy();
    const bool intervals = m_workspace->isComputingIntervals();
    if (busy && !intervals)
        m_progress->setRange(0, 0); // estimates: no progress reports, show activity only
    else if (busy && m_progress->maximum() == 0)
        m_progress->setRange(0, 1); // intervals, until the first progress report
    m_progress->setVisible(busy);
    m_cancel->setVisible(busy && intervals);
}

} // namespace tribunal
