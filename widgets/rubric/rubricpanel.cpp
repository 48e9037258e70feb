#include "rubric/rubricpanel.h"

#include "export/rubriclatexexport.h"
#include "framework/analysispanels.h"

#include "framework/flattablemodel.h"
#include "framework/panelparts.h"
#include "framework/qstrings.h"
#include "plots/plottabs.h"
#include "rubric/confusionheatmap.h"
#include "rubric/rubricpairsdialog.h"
#include "rubric/rubricworkspace.h"
#include "rubric/shiftcurveplot.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>

namespace tribunal {

namespace {

QTableView* tableView(FlatTableModel* model, QWidget* parent)
{
    QTableView* view = resultTableView(model, parent);
    view->setToolTip(RubricPanel::tr("Double-click a row to list the pairs behind it."));
    return view;
}

/// "panel / criterion" of an agreement row ("panel / all binary criteria" on a pooled row).
QString rowPlace(const Audit& audit, const RubricAgreementRow& row)
{
    const QString pooled = row.kind == TaskKind::Binary ? RubricPanel::tr("all binary criteria")
                                                        : RubricPanel::tr("all ordinal criteria");
    const QString criterion = row.pooled ? pooled : qs(audit.str(row.criterion));
    return QStringLiteral("%1 / %2").arg(qs(audit.str(row.dataset)), criterion);
}

QString rowWho(const Audit& audit, const RubricAgreementRow& row)
{
    return row.predictor.empty() ? RubricWorkspace::cellLabel(audit, row.judge, row.format, row.condition)
                                 : RubricPanel::tr("constant baseline");
}

} // namespace

RubricPanel::RubricPanel(RubricWorkspace* workspace, QWidget* parent)
    : QDockWidget(tr("Rubric judges"), parent), m_workspace(workspace), m_rounding(new QComboBox),
      m_resamples(new QSpinBox), m_seed(new QSpinBox), m_margin(new QDoubleSpinBox), m_cluster(new QCheckBox),
      m_judges(new QToolButton), m_busy(new QProgressBar), m_criteriaModel(new FlatTableModel(this)),
      m_comparisonsModel(new FlatTableModel(this)), m_plots(new PlotTabs),
      m_confusion(new ConfusionHeatmap(workspace)), m_shift(new ShiftCurvePlot(workspace))
{
    setObjectName(QStringLiteral("rubricPanel"));
    auto* body = new QWidget(this);
    m_message = wrappedLabel(body);
    m_message->setAlignment(Qt::AlignCenter);
    m_labelNote = wrappedLabel(body);
    m_labelNote->setObjectName(QStringLiteral("labelNote"));
    m_labelNote->hide();
    m_summary = wrappedLabel(body);
    m_comparisonMessage = wrappedLabel(body);
    m_tables = new QTabWidget(body);
    m_tables->setDocumentMode(true);
    m_criteriaView = tableView(m_criteriaModel, body);
    m_criteriaView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_comparisonsView = tableView(m_comparisonsModel, body);
    m_tables->addTab(m_criteriaView, tr("Per &criterion"));
    auto* comparisonsPage = new QWidget(body);
    auto* comparisonsLayout = new QVBoxLayout(comparisonsPage);
    comparisonsLayout->setContentsMargins(0, 0, 0, 0);
    comparisonsLayout->addWidget(m_comparisonMessage);
    comparisonsLayout->addWidget(m_comparisonsView, 1);
    m_tables->addTab(comparisonsPage, tr("Paired c&omparisons"));
    m_plots->addPlot(m_confusion, m_confusion, tr("Reset &view"));
    m_plots->addPlot(m_shift, m_shift, tr("Reset &view"));

    auto* lower = new QWidget(body);
    auto* lowerLayout = new QVBoxLayout(lower);
    lowerLayout->setContentsMargins(0, 0, 0, 0);
    lowerLayout->addWidget(m_summary);
    lowerLayout->addWidget(m_plots, 1);
    auto* split = new QSplitter(Qt::Vertical, body);
    split->addWidget(m_tables);
    split->addWidget(lower);
    split->setChildrenCollapsible(false);
    split->setSizes({400, 400});
    auto* layout = new QVBoxLayout(body);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(settingsRow(body));
    layout->addWidget(m_message);
    layout->addWidget(m_labelNote);
    layout->addWidget(split, 1);
    setWidget(body);

    showSettings();
    connect(m_rounding, &QComboBox::currentIndexChanged, this, &RubricPanel::applySettings);
    for (QSpinBox* box : {m_resamples, m_seed})
        connect(box, &QSpinBox::valueChanged, this, &RubricPanel::applySettings);
    connect(m_margin, &QDoubleSpinBox::valueChanged, this, &RubricPanel::applySettings);
    connect(m_cluster, &QCheckBox::toggled, this, &RubricPanel::applySettings);
    connect(m_copy, &QPushButton::clicked, this, &RubricPanel::copyTable);
    connect(m_plots, &PlotTabs::exportRequested, this,
            [this](int index) { m_plots->exportPlot(index, this); });
    connect(m_criteriaView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) { m_workspace->selectRow(current.row()); });
    connect(m_criteriaView, &QTableView::doubleClicked, this,
            [this](const QModelIndex& index) { openRowPairs(index.row()); });
    connect(m_comparisonsView, &QTableView::doubleClicked, this,
            [this](const QModelIndex& index) { openComparisonPairs(index.row()); });
    connect(m_confusion, &ConfusionHeatmap::cellActivated, this, &RubricPanel::openConfusionPairs);
    connect(m_workspace, &RubricWorkspace::viewChanged, this, &RubricPanel::showView);
    connect(m_workspace, &RubricWorkspace::comparisonsChanged, this, &RubricPanel::showComparisons);
    connect(m_workspace, &RubricWorkspace::selectedRowChanged, this, &RubricPanel::showSelectedRow);
    connect(m_workspace, &RubricWorkspace::busyChanged, this, [this](bool busy) {
        showJobBusy(m_busy, busy);
        updateMessages();
    });
    // The workspace's long job's steps (R7: one step per block of resamples of the comparison job).
    connect(m_workspace, &Workspace::jobProgress, this,
            [this](qint64 done, qint64 total) { showJobProgress(m_busy, done, total); });
    showView();
    showComparisons();
}

QWidget* RubricPanel::settingsRow(QWidget* body)
{
    m_rounding->addItem(RubricWorkspace::roundingTitle(LabelRounding::HalfUp), int(LabelRounding::HalfUp));
    m_rounding->addItem(RubricWorkspace::roundingTitle(LabelRounding::HalfDown),
                        int(LabelRounding::HalfDown));
    m_rounding->addItem(RubricWorkspace::roundingTitle(LabelRounding::Unrounded),
                        int(LabelRounding::Unrounded));
    m_rounding->setToolTip(tr("R1: how a raters' mean half-way between two levels becomes the label "
                              "(unrounded: half-up labels, offsets against the raters' mean)."));
    m_resamples->setRange(1, 10'000'000);
    m_resamples->setSingleStep(1000);
    m_resamples->setGroupSeparatorShown(true);
    m_resamples->setToolTip(tr("Bootstrap resamples of the paired comparisons (R7)."));
    m_seed->setRange(0, std::numeric_limits<int>::max());
    m_seed->setToolTip(tr("Seed of the bootstrap streams: the same seed gives the same numbers as "
                          "tribunal-cli compare."));
    m_margin->setRange(0.0, 0.99);
    m_margin->setDecimals(3);
    m_margin->setSingleStep(0.01);
    m_margin->setToolTip(tr("Parity margin (accuracy difference as a proportion): \"parity\" when the whole "
                            "interval lies inside ±margin (R7)."));
    for (QAbstractSpinBox* box : std::initializer_list<QAbstractSpinBox*>{m_resamples, m_seed, m_margin})
        box->setKeyboardTracking(false); // recompute once editing is finished, not per keystroke
    m_cluster->setText(tr("C&luster bootstrap (by group)"));
    m_cluster->setToolTip(tr("Also resample whole groups (the items' group field), as tribunal-cli compare "
                             "--cluster group does."));
    makeMenuButton(m_judges, tr("&Judges"));
    m_judges->setToolTip(tr("The judges whose pairs are compared (every two of them)."));
    makeBusyIndicator(m_busy);
    m_copy = copyTableButton(body);

    auto* row = new QWidget(body);
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    addLabelledField(layout, tr("&Rounding:"), m_rounding);
    addLabelledField(layout, tr("Re&samples:"), m_resamples);
    addLabelledField(layout, tr("S&eed:"), m_seed);
    addLabelledField(layout, tr("&Margin:"), m_margin);
    layout->addWidget(m_cluster);
    layout->addWidget(m_judges);
    layout->addStretch(1);
    layout->addWidget(m_busy);
    layout->addWidget(m_copy);
    return row;
}

void RubricPanel::showSettings()
{
    const RubricPanelSettings& s = m_workspace->settings();
    const QSignalBlocker b1(m_rounding);
    const QSignalBlocker b2(m_resamples);
    const QSignalBlocker b3(m_seed);
    const QSignalBlocker b4(m_margin);
    const QSignalBlocker b5(m_cluster);
    m_rounding->setCurrentIndex(m_rounding->findData(int(s.rounding)));
    m_resamples->setValue(s.paired.resamples);
    m_seed->setValue(
        static_cast<int>(std::min<std::uint64_t>(s.paired.seed, std::numeric_limits<int>::max())));
    m_margin->setValue(s.paired.margin);
    m_cluster->setChecked(s.paired.clusterBootstrap);
}

void RubricPanel::applySettings()
{
    RubricPanelSettings s = m_workspace->settings();
    s.rounding = static_cast<LabelRounding>(m_rounding->currentData().toInt());
    s.paired.resamples = m_resamples->value();
    s.paired.seed = static_cast<std::uint64_t>(m_seed->value());
    s.paired.margin = m_margin->value();
    s.paired.clusterBootstrap = m_cluster->isChecked();
    m_workspace->setSettings(s);
}

void RubricPanel::updateJudges()
{
    QMenu* menu = m_judges->menu();
    menu->clear();
    const auto& view = *m_workspace->comparisonView();
    const auto& excluded = m_workspace->settings().excludedJudges;
    if (view.audit) {
        for (StrId judge : view.availableJudges) {
            QAction* action = menu->addAction(qs(view.audit->str(judge)));
            action->setCheckable(true);
            action->setChecked(std::find(excluded.begin(), excluded.end(), judge) == excluded.end());
            connect(action, &QAction::toggled, this,
                    [this, judge](bool on) { m_workspace->setJudgeIncluded(judge, on); });
        }
    }
    m_judges->setEnabled(!menu->isEmpty());
}

void RubricPanel::updateMessages()
{
    const auto& view = *m_workspace->view();
    QString text;
    if (!view.audit)
        text = tr("No audit open.");
    else if (!view.computed)
        text = m_workspace->isBusy() ? tr("Computing the rubric metrics…") : QString();
    else if (!view.error.isEmpty())
        text = tr("Rubric metrics not computed: %1").arg(view.error);
    else if (view.report.empty())
        text = tr("No rubric judgments in this audit (no judged binary or ordinal item).");
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
    m_labelNote->setText(view.labels.note);
    m_labelNote->setVisible(!view.labels.note.isEmpty());
    const auto& comparisons = *m_workspace->comparisonView();
    m_comparisonMessage->setText(comparisons.error);
    m_comparisonMessage->setVisible(!comparisons.error.isEmpty());
}

void RubricPanel::showView()
{
    m_criteriaModel->setTable(m_workspace->view()->table);
    m_criteriaView->resizeColumnsToContents();
    updateMessages();
    showSelectedRow(m_workspace->selectedRow());
}

void RubricPanel::showComparisons()
{
    m_comparisonsModel->setTable(m_workspace->comparisonView()->table);
    m_comparisonsView->resizeColumnsToContents();
    updateJudges();
    updateMessages();
}

void RubricPanel::showSelectedRow(int row)
{
    {
        const QSignalBlocker blocker(m_criteriaView->selectionModel());
        if (row < 0)
            m_criteriaView->clearSelection();
        else
            m_criteriaView->selectRow(row);
    }
    const auto& view = *m_workspace->view();
    const RubricAgreementRow* r = view.row(row);
    m_summary->setText(r ? QStringLiteral("%1 · %2").arg(rowWho(*view.audit, *r), rowPlace(*view.audit, *r))
                         : QString());
}

QString RubricPanel::tableText() const
{
    const FlatTable& table =
        m_tables->currentIndex() == ComparisonsTab ? m_comparisonsModel->table() : m_criteriaModel->table();
    return table.rows.empty() ? QString() : FlatTableModel::tsv(table);
}

void RubricPanel::copyTable()
{
    const QString text = tableText();
    if (!text.isEmpty())
        QApplication::clipboard()->setText(text);
}

RubricPairsDialog* RubricPanel::dialog()
{
    if (!m_dialog)
        m_dialog = new RubricPairsDialog(this);
    m_dialog->show();
    m_dialog->raise();
    return m_dialog;
}

void RubricPanel::openComparisonPairs(int row)
{
    const auto& view = *m_workspace->comparisonView();
    if (!view.audit || row < 0 || row >= static_cast<int>(view.comparisons.size()))
        return;
    const Audit& audit = *view.audit;
    const JudgeComparison& c = view.comparisons[static_cast<std::size_t>(row)];
    RubricPairList list;
    list.rounding = view.settings.rounding;
    const QString first = qs(audit.str(c.first.judge));
    const QString second = qs(audit.str(c.second.judge));
    list.title = tr("%1 vs %2 on %3").arg(first, second, qs(audit.str(c.dataset)));
    if (c.first.format != kEmptyStr || c.first.condition != 0)
        list.title += QStringLiteral(" · ") +
                      RubricWorkspace::cellLabel(audit, c.first.format, kEmptyStr, c.first.condition);
    // R7: each pair's correctness share of both judges, as the comparison used it.
    list.extraColumns = {tr("%1 correct").arg(first), tr("%1 correct").arg(second)};
    for (std::size_t i = 0; i < c.pairs.items.size(); ++i)
        list.entries.push_back({c.pairs.items[i],
                                {RubricPairsDialog::numberText(c.pairs.pairs[i].first),
                                 RubricPairsDialog::numberText(c.pairs.pairs[i].second)}});
    dialog()->showPairs(view.audit, std::move(list));
}

void RubricPanel::openRowPairs(int row)
{
    const auto& view = *m_workspace->view();
    const RubricAgreementRow* r = view.row(row);
    const std::vector<int> confusions = view.confusionsOfCell(row);
    if (!r || confusions.empty())
        return;
    // Every pair of the row's cell and criteria (labelled or not): the union of the criteria's pairs.
    std::vector<std::uint32_t> items;
    for (int c : confusions) {
        const auto found =
            confusionItems(*view.audit, view.confusions[static_cast<std::size_t>(c)], -1, -1, view.settings);
        items.insert(items.end(), found.begin(), found.end());
    }
    std::sort(items.begin(), items.end());
    items.erase(std::unique(items.begin(), items.end()), items.end());
    RubricPairList list;
    list.rounding = view.settings.rounding;
    list.title = QStringLiteral("%1 · %2").arg(rowWho(*view.audit, *r), rowPlace(*view.audit, *r));
    for (std::uint32_t item : items)
        list.entries.push_back({item, {}});
    dialog()->showPairs(view.audit, std::move(list));
}

void RubricPanel::openConfusionPairs(int confusion, int labelIndex, int predictedIndex)
{
    const auto& view = *m_workspace->view();
    if (!view.audit || confusion < 0 || confusion >= static_cast<int>(view.confusions.size()))
        return;
    const RubricConfusion& c = view.confusions[static_cast<std::size_t>(confusion)];
    RubricPairList list;
    list.rounding = view.settings.rounding;
    const auto title = [&c](int index) {
        return index < 0 ? tr("any")
                         : QString::fromStdString(answerText(c.kind, confusionAnswer(c.kind, index)));
    };
    list.title = tr("%1 · %2 / %3 · label %4, predicted %5")
                     .arg(RubricWorkspace::cellLabel(*view.audit, c.judge, c.format, c.condition),
                          qs(view.audit->str(c.dataset)), qs(view.audit->str(c.criterion)), title(labelIndex),
                          title(predictedIndex));
    for (std::uint32_t item : confusionItems(*view.audit, c, labelIndex, predictedIndex, view.settings))
        list.entries.push_back({item, {}});
    dialog()->showPairs(view.audit, std::move(list));
}

const AnalysisPanel& rubricAnalysisPanel()
{
    static const AnalysisPanel panel{"rubric",
                                     [](AuditSession* session, QObject* parent) -> Workspace* {
                                         return new RubricWorkspace(session, parent);
                                     },
                                     [](Workspace* workspace, QWidget* parent) -> QDockWidget* {
                                         return new RubricPanel(static_cast<RubricWorkspace*>(workspace),
                                                                parent);
                                     },
                                     &rubricLatexTables};
    return panel;
}

} // namespace tribunal
