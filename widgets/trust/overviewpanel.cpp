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
#include <QResizeEvent>
#include <QScrollBar>
#include <QSettings>
#include <QShowEvent>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <climits>
#include <cmath>

namespace tribunal {
namespace {

const char* const kSidePaneKey = "overview/sidePane"; ///< bool: the user's choice of the side pane

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
      m_assume(new QPushButton(tr("Assume C = 1"))), m_sideToggle(new QToolButton)
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
    // The workspace's messages are sentences (missing labels, a finished bootstrap): they wrap instead of
    // widening the dock beyond a laptop's half screen.
    m_status->setWordWrap(true);
    m_status->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_status->setTextFormat(Qt::PlainText);
    m_sideToggle->setObjectName(QStringLiteral("sidePaneToggle"));
    m_sideToggle->setCheckable(true);
    m_sideToggle->setToolTip(tr("Show or hide the filters and settings beside the table"));

    auto* bar = new QHBoxLayout;
    bar->addWidget(m_intervalColumns);
    bar->addWidget(m_copy);
    bar->addWidget(m_status, 1);
    bar->addWidget(m_progress);
    bar->addWidget(m_cancel);
    bar->addWidget(m_sideToggle);

    auto* filterBox = new QGroupBox(tr("Filters"));
    (new QVBoxLayout(filterBox))->addWidget(m_filters);
    auto* settingsBox = new QGroupBox(tr("Settings"));
    (new QVBoxLayout(settingsBox))->addWidget(m_form);
    m_side = new QSplitter(Qt::Vertical);
    m_side->setObjectName(QStringLiteral("overviewSidePane"));
    m_side->addWidget(filterBox);
    m_side->addWidget(settingsBox);
    auto* split = new QSplitter(Qt::Horizontal);
    split->addWidget(m_view);
    split->addWidget(m_side);
    // The table takes what the side pane (at its own width) leaves: the metric columns up to T and the
    // quadrant are what the user came for.
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 0);
    split->setCollapsible(0, false);

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

    // The side pane: as the user last chose it; without a choice, shown when the dock has room for it beside
    // the table's metric columns (decided at the first show, see showEvent()).
    const QVariant stored = QSettings().value(QLatin1String(kSidePaneKey));
    m_sideChosen = stored.isValid();
    // (Without a choice: chooseSidePane() at show, resize and new columns.)
    setSidePaneVisible(stored.isValid() ? stored.toBool() : true);
    connect(m_sideToggle, &QToolButton::clicked, this, [this](bool shown) {
        QSettings().setValue(QLatin1String(kSidePaneKey), shown);
        m_sideChosen = true;
        setSidePaneVisible(shown);
    });
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
        chooseSidePane(); // the columns' widths are known now
        showSelectedRow(m_workspace->selectedRow());
    });
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &OverviewPanel::onCurrentRowChanged);
    // A click on the current row after the shared selection moved elsewhere selects it again.
    connect(m_view, &QTableView::clicked, this, &OverviewPanel::onCurrentRowChanged);
    updateBusy();
}

void OverviewPanel::setSidePaneVisible(bool shown)
{
    m_side->setVisible(shown);
    m_sideToggle->setChecked(shown);
    m_sideToggle->setText(shown ? tr("Hide filters") : tr("Filters and settings"));
}

bool OverviewPanel::isSidePaneVisible() const
{
    return !m_side->isHidden();
}

void OverviewPanel::showEvent(QShowEvent* event)
{
    QDockWidget::showEvent(event);
    // After the window fitted itself to the screen (its own show comes first and may resize it).
    QTimer::singleShot(0, this, &OverviewPanel::chooseSidePane);
}

void OverviewPanel::resizeEvent(QResizeEvent* event)
{
    QDockWidget::resizeEvent(event);
    chooseSidePane();
}

int OverviewPanel::tableWidthThroughT() const
{
    int width = 2 * m_view->frameWidth() + m_view->verticalScrollBar()->sizeHint().width();
    for (int c = 0; c < m_model->columnCount(); ++c) {
        width += m_view->columnWidth(c);
        if (m_model->headerData(c, Qt::Horizontal, TrustTableModel::RawValueRole).toString() ==
            QLatin1String("T"))
            return width;
    }
    // No table yet: the cells' names and the metrics up to T at about 100 average characters.
    return 100 * fontMetrics().averageCharWidth() + 100;
}

void OverviewPanel::chooseSidePane()
{
    if (m_sideChosen || !isVisible())
        return;
    // The side pane is shown while the table beside it still shows every column up to T.
    const int room = width() - m_side->sizeHint().width() - 16; // splitter handle and margins
    const bool shown = room >= tableWidthThroughT();
    if (shown != isSidePaneVisible())
        setSidePaneVisible(shown);
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
