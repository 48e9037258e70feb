#include "bias/biaspanel.h"

#include "export/biaslatexexport.h"
#include "framework/analysispanels.h"

#include "framework/flattablemodel.h"
#include "framework/panelparts.h"
#include "framework/qstrings.h"

#include "bias/biascomparisonview.h"
#include "bias/biasforestplot.h"
#include "bias/biasheatmap.h"
#include "bias/biasitemmodel.h"
#include "bias/biasworkspace.h"
#include "bias/confidenceflipsplot.h"
#include "bias/reliabilityplot.h"

#include "report/biastables.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>

namespace tribunal {

BiasPanel::BiasPanel(BiasWorkspace* workspace, QWidget* parent)
    : QDockWidget(tr("Bias tests"), parent), m_workspace(workspace), m_tabs(new PlotTabs),
      m_forest(new BiasForestPlot(workspace)), m_heatmap(new BiasHeatmap(workspace)),
      m_reliability(new ReliabilityPlot(workspace)), m_flips(new ConfidenceFlipsPlot(workspace)),
      m_family(new QComboBox), m_margin(new QComboBox), m_resamples(new QSpinBox),
      m_permutations(new QSpinBox), m_seed(new QSpinBox), m_busy(new QProgressBar),
      m_model(new BiasItemModel(this)), m_items(new QTableView), m_changedOnly(new QCheckBox),
      m_comparison(new BiasComparisonView)
{
    setObjectName(QStringLiteral("biasPanel"));
    auto* body = new QWidget(this);

    // Settings row.
    m_family->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_family->setToolTip(tr("The plots show the rows of one format (and condition) at a time."));
    for (double margin : kMargins)
        m_margin->addItem(QLocale().toString(margin, 'f', 2), margin);
    m_margin->setToolTip(tr("Margin δ: a row is \"bias\" when its whole interval of E lies above δ (B4). "
                            "Changing it re-reads the intervals; nothing is recomputed."));
    m_resamples->setRange(1, 1000000);
    m_resamples->setSingleStep(500);
    m_resamples->setToolTip(tr("Bootstrap resamples over items for the interval of E (B4)."));
    m_permutations->setRange(1, 10000000);
    m_permutations->setSingleStep(1000);
    m_permutations->setToolTip(tr("Random sign-flip permutations of the test of E > 0 (B5)."));
    m_seed->setRange(0, std::numeric_limits<int>::max());
    m_seed->setToolTip(tr("Seed of every bootstrap and permutation stream: the same seed gives the same "
                          "numbers as tribunal-cli bias."));
    for (QSpinBox* box : {m_resamples, m_permutations, m_seed})
        box->setKeyboardTracking(false); // recompute once editing is finished, not per keystroke
    m_resamples->setGroupSeparatorShown(true);
    m_permutations->setGroupSeparatorShown(true);
    auto* settingsRow = new QHBoxLayout;
    addLabelledField(settingsRow, tr("F&ormat:"), m_family);
    addLabelledField(settingsRow, tr("&Margin δ:"), m_margin);
    addLabelledField(settingsRow, tr("&Resamples:"), m_resamples);
    addLabelledField(settingsRow, tr("&Permutations:"), m_permutations);
    addLabelledField(settingsRow, tr("S&eed:"), m_seed);
    settingsRow->addStretch(1);
    makeBusyIndicator(m_busy);
    m_busy->setToolTip(tr("Computing the bias tests…"));
    settingsRow->addWidget(m_busy);
    m_copy = new QPushButton(tr("&Copy table"), body);
    m_copy->setToolTip(tr("Copy the table behind the current tab (tab-separated, with a header line)."));
    settingsRow->addWidget(m_copy);

    m_message = wrappedLabel(body);
    m_message->setAlignment(Qt::AlignCenter);

    addPlot(m_forest, verdictLegend());
    addPlot(m_heatmap);
    addPlot(m_reliability);
    addPlot(m_flips);

    // Items of the selected row and the comparison view.
    m_summary = wrappedLabel(body);
    m_changedOnly->setText(tr("C&hanged only"));
    m_changedOnly->setChecked(m_model->changedOnly());
    m_changedOnly->setToolTip(tr("List only items whose perturbed verdict differs from the original run 1."));
    m_items->setModel(m_model);
    m_items->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_items->setSelectionMode(QAbstractItemView::SingleSelection);
    m_items->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_items->verticalHeader()->hide();
    m_items->horizontalHeader()->setStretchLastSection(true);
    m_items->setMinimumHeight(m_items->fontMetrics().lineSpacing() * 4);
    auto* itemsBox = new QWidget(body);
    auto* itemsLayout = new QVBoxLayout(itemsBox);
    itemsLayout->setContentsMargins(0, 0, 0, 0);
    itemsLayout->addWidget(m_summary);
    itemsLayout->addWidget(m_changedOnly);
    itemsLayout->addWidget(m_items, 1);
    auto* lower = new QSplitter(Qt::Horizontal, body);
    lower->addWidget(itemsBox);
    lower->addWidget(m_comparison);
    lower->setChildrenCollapsible(false);
    lower->setSizes({350, 650});
    auto* upperLower = new QSplitter(Qt::Vertical, body);
    upperLower->addWidget(m_tabs);
    upperLower->addWidget(lower);
    upperLower->setChildrenCollapsible(false);
    upperLower->setStretchFactor(0, 3);
    upperLower->setStretchFactor(1, 2);
    upperLower->setSizes({450, 300});

    auto* layout = new QVBoxLayout(body);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(settingsRow);
    layout->addWidget(m_message);
    layout->addWidget(upperLower, 1);
    setWidget(body);

    showSettings();
    connect(m_margin, &QComboBox::currentIndexChanged, this, &BiasPanel::applySettings);
    for (QSpinBox* box : {m_resamples, m_permutations, m_seed})
        connect(box, &QSpinBox::valueChanged, this, &BiasPanel::applySettings);
    connect(m_family, &QComboBox::currentIndexChanged, this, [this](int index) {
        if (index >= 0)
            m_workspace->setCurrentFamily(index);
    });
    connect(m_copy, &QPushButton::clicked, this, &BiasPanel::copyTable);
    connect(m_tabs, &PlotTabs::exportRequested, this, &BiasPanel::exportPlot);
    connect(m_changedOnly, &QCheckBox::toggled, this, [this](bool on) {
        m_model->setChangedOnly(on);
        setCurrentItem(0);
    });
    connect(m_items->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &BiasPanel::showCurrentItem);
    connect(m_workspace, &BiasWorkspace::viewChanged, this, [this] {
        updateFamilies();
        updateMessage();
        showRow(m_workspace->selectedRow());
    });
    connect(m_workspace, &BiasWorkspace::valuesChanged, this, &BiasPanel::updateSummary);
    connect(m_workspace, &BiasWorkspace::currentFamilyChanged, this, [this](int family) {
        const QSignalBlocker blocker(m_family);
        m_family->setCurrentIndex(family);
    });
    connect(m_workspace, &BiasWorkspace::selectedRowChanged, this, &BiasPanel::showRow);
    connect(m_workspace, &BiasWorkspace::busyChanged, this, [this](bool busy) {
        showJobBusy(m_busy, busy);
        updateMessage();
    });
    // The workspace's long job's steps (B4 / B5: one step per design row that resamples).
    connect(m_workspace, &Workspace::jobProgress, this,
            [this](qint64 done, qint64 total) { showJobProgress(m_busy, done, total); });
    updateFamilies();
    updateMessage();
    showRow(m_workspace->selectedRow());
    for (BiasPlot* plot : m_plots)
        plot->refresh();
}

QWidget* BiasPanel::verdictLegend()
{
    // The forest plot colours each row by its verdict; without this key only the tooltip would say which is
    // which.
    const std::pair<BiasVerdict, QString> entries[] = {{BiasVerdict::Bias, tr("bias")},
                                                       {BiasVerdict::Unclear, tr("unclear")},
                                                       {BiasVerdict::NoBias, tr("no bias")}};
    QStringList parts;
    for (const auto& [verdict, name] : entries)
        parts << QStringLiteral("<span style=\"color:%1\">&#9679;</span>&nbsp;%2")
                     .arg(BiasWorkspace::verdictColor(verdict).name(), name.toHtmlEscaped());
    auto* label = new QLabel(parts.join(QStringLiteral("&nbsp;&nbsp;&nbsp;")));
    label->setObjectName(QStringLiteral("biasVerdictLegend"));
    label->setTextFormat(Qt::RichText);
    label->setToolTip(
        tr("Verdict of each row against the margin: bias when the whole interval lies above it, "
           "no bias when it lies below, unclear otherwise."));
    return label;
}

void BiasPanel::addPlot(BiasPlot* plot, QWidget* extraControl)
{
    // Many rows make the forest plot and the heatmap taller than the tab: they scroll then.
    auto* scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(plot);
    m_tabs->addPlot(plot, scroll, tr("Reset &view"), extraControl);
    m_plots.push_back(plot);
}

void BiasPanel::showSettings()
{
    const BiasSettings& s = m_workspace->settings();
    const QSignalBlocker b1(m_margin);
    const QSignalBlocker b2(m_resamples);
    const QSignalBlocker b3(m_permutations);
    const QSignalBlocker b4(m_seed);
    int index = -1;
    for (int i = 0; i < m_margin->count(); ++i) {
        if (std::abs(m_margin->itemData(i).toDouble() - s.margin) < 1e-12)
            index = i;
    }
    if (index < 0) {
        m_margin->addItem(QLocale().toString(s.margin, 'g', 4), s.margin);
        index = m_margin->count() - 1;
    }
    m_margin->setCurrentIndex(index);
    m_resamples->setValue(s.resamples);
    m_permutations->setValue(s.permutations);
    m_seed->setValue(static_cast<int>(std::min<std::uint64_t>(s.seed, std::numeric_limits<int>::max())));
}

void BiasPanel::applySettings()
{
    BiasSettings s = m_workspace->settings();
    s.margin = m_margin->currentData().toDouble();
    s.resamples = m_resamples->value();
    s.permutations = m_permutations->value();
    s.seed = static_cast<std::uint64_t>(m_seed->value());
    m_workspace->setSettings(s);
}

void BiasPanel::updateFamilies()
{
    const QSignalBlocker blocker(m_family);
    m_family->clear();
    const auto& view = *m_workspace->view();
    if (view.audit) {
        for (const BiasFamily& family : view.families)
            m_family->addItem(BiasWorkspace::familyLabel(*view.audit, family));
    }
    m_family->setCurrentIndex(m_workspace->currentFamily());
    m_family->setEnabled(m_family->count() > 1);
}

void BiasPanel::updateMessage()
{
    const auto& view = *m_workspace->view();
    QString text;
    if (!view.audit)
        text = tr("No audit open.");
    else if (!view.computed)
        text = m_workspace->isBusy() ? tr("Computing the bias tests…") : QString();
    else if (!view.hasBiasRows())
        text = tr("No bias-test judgments in this audit.");
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
}

void BiasPanel::showRow(int row)
{
    const auto& view = *m_workspace->view();
    if (row < 0 || row >= view.rowCount() || !view.audit) {
        m_shownRow = -1;
        m_model->clear();
        m_comparison->clear();
        updateSummary();
        return;
    }
    // The same row again (another view of the same audit): keep the current item.
    const BiasItem* current = m_shownRow == row && m_model->audit() == view.audit
                                  ? m_model->biasItem(m_items->currentIndex().row())
                                  : nullptr;
    const std::uint32_t keepItem = current ? current->item : kNoJudgment;
    m_shownRow = row;
    m_model->setItems(view.audit, view.analysis.design.rows[static_cast<std::size_t>(row)].completeItems());
    int currentRow = 0;
    for (int r = 0; r < m_model->rowCount(); ++r) {
        if (m_model->biasItem(r)->item == keepItem)
            currentRow = r;
    }
    m_items->resizeColumnsToContents();
    updateSummary();
    setCurrentItem(currentRow);
}

void BiasPanel::updateSummary()
{
    const auto& view = *m_workspace->view();
    const int row = m_shownRow;
    if (row < 0 || row >= view.rowCount() || !view.audit) {
        m_summary->setText(view.hasBiasRows() ? tr("Click a row of the forest plot or a heatmap cell to list "
                                                   "its items.")
                                              : QString());
        return;
    }
    const BiasRow& r = view.analysis.design.rows[static_cast<std::size_t>(row)];
    const BiasExcessResult& e = view.analysis.excess[static_cast<std::size_t>(row)];
    const auto& items = m_model->allItems();
    const auto changed =
        std::count_if(items.begin(), items.end(), [](const BiasItem& i) { return i.changed(); });
    m_summary->setText(tr("%1: %2, %3 changed · RR %4, CR %5, %6 %7 [%8, %9] · %10")
                           .arg(BiasWorkspace::rowLabel(*view.audit, r),
                                counted(static_cast<qint64>(items.size()), tr("%1 item"), tr("%1 items")))
                           .arg(changed)
                           .arg(BiasWorkspace::number(e.rr), BiasWorkspace::number(e.cr),
                                r.fallacy ? tr("E_fo") : tr("E"), BiasWorkspace::number(e.excess),
                                BiasWorkspace::number(e.excessLo), BiasWorkspace::number(e.excessHi),
                                BiasWorkspace::verdictTitle(e.verdict)));
}

void BiasPanel::setCurrentItem(int row)
{
    const int rows = m_model->rowCount();
    if (rows == 0 || row < 0) {
        m_items->setCurrentIndex({});
        showCurrentItem();
        return;
    }
    row = std::clamp(row, 0, rows - 1);
    m_items->setCurrentIndex(m_model->index(row, 0));
    m_items->scrollTo(m_items->currentIndex());
    showCurrentItem();
}

void BiasPanel::showCurrentItem()
{
    const auto& view = *m_workspace->view();
    const BiasItem* item = m_model->biasItem(m_items->currentIndex().row());
    if (!item || m_shownRow < 0 || m_shownRow >= view.rowCount()) {
        m_comparison->clear();
        return;
    }
    m_comparison->showItem(view.audit, view.analysis.design.rows[static_cast<std::size_t>(m_shownRow)],
                           *item);
}

QString BiasPanel::tableText() const
{
    const auto& view = *m_workspace->view();
    if (!view.audit || !view.computed)
        return {};
    switch (m_tabs->currentIndex()) {
    case 2:
        return FlatTableModel::tsv(reliabilityTable(*view.audit, view.calibration));
    case 3:
        return FlatTableModel::tsv(flipsByConfidenceTable(*view.audit, view.analysis));
    default:
        return FlatTableModel::tsv(biasExcessTable(*view.audit, view.analysis));
    }
}

void BiasPanel::copyTable()
{
    const QString text = tableText();
    if (!text.isEmpty())
        QApplication::clipboard()->setText(text);
}

void BiasPanel::exportPlot(int index)
{
    m_tabs->exportPlot(index, this);
}

const AnalysisPanel& biasAnalysisPanel()
{
    static const AnalysisPanel panel{"bias",
                                     [](AuditSession* session, QObject* parent) -> Workspace* {
                                         return new BiasWorkspace(session, parent);
                                     },
                                     [](Workspace* workspace, QWidget* parent) -> QDockWidget* {
                                         return new BiasPanel(static_cast<BiasWorkspace*>(workspace), parent);
                                     },
                                     &biasLatexTables};
    return panel;
}

} // namespace tribunal
