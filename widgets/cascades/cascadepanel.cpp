#include "cascades/cascadepanel.h"

#include "cascades/cascadeworkspace.h"
#include "export/cascadelatexexport.h"
#include "framework/analysispanels.h"

#include "cascades/cascadeplot.h"
#include "cascades/cascadeview.h"
#include "cascades/frontierplot.h"
#include "framework/flattablemodel.h"
#include "framework/kindtext.h"
#include "framework/panelparts.h"
#include "framework/qstrings.h"
#include "plots/plottabs.h"
#include "rubric/rubricworkspace.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QSplitter>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>

namespace tribunal {

QString CascadesPanel::numberText(double value)
{
    return std::isnan(value) ? tr("n/a") : FlatTableModel::displayText(FlatCell{value});
}

CascadesPanel::CascadesPanel(CascadeWorkspace* workspace, QWidget* parent)
    : QDockWidget(tr("Cascades"), parent), m_workspace(workspace), m_panelBox(new QComboBox),
      m_kind(new QComboBox), m_first(new QComboBox), m_fallbacks(new QToolButton), m_halvings(new QSpinBox),
      m_seed(new QSpinBox), m_rounding(new QComboBox), m_busy(new QProgressBar),
      m_sliderFallback(new QComboBox), m_slider(new QSlider(Qt::Horizontal)),
      m_summaryModel(new FlatTableModel(this)), m_curveModel(new FlatTableModel(this)), m_plots(new PlotTabs),
      m_accuracyPlot(new CascadePlot(workspace, CascadePlot::Accuracy)),
      m_costPlot(new CascadePlot(workspace, CascadePlot::Cost)), m_frontierPlot(new FrontierPlot(workspace))
{
    setObjectName(QStringLiteral("cascadePanel"));
    auto* body = new QWidget(this);
    m_message = wrappedLabel(body);
    m_message->setAlignment(Qt::AlignCenter);
    m_labelNote = wrappedLabel(body);
    m_labelNote->setObjectName(QStringLiteral("labelNote"));
    m_labelNote->hide();
    m_tauLabel = new QLabel(body);
    m_tauLabel->setMinimumWidth(90);
    m_pointLabel = wrappedLabel(body);
    m_k10Label = wrappedLabel(body);
    m_k10Label->setToolTip(tr("K10: the cascade's gain over its fallback alone equals the kept share times "
                              "the first judge's edge over the fallback on the kept pairs."));
    m_summary = wrappedLabel(body);
    m_tables = new QTabWidget(body);
    m_tables->setDocumentMode(true);
    m_summaryView = resultTableView(m_summaryModel, body);
    m_curveView = resultTableView(m_curveModel, body);
    m_tables->addTab(m_summaryView, tr("S&ummary"));
    m_tables->addTab(m_curveView, tr("C&urve"));
    m_plots->addPlot(m_accuracyPlot, m_accuracyPlot, tr("Reset &view"));
    m_plots->addPlot(m_costPlot, m_costPlot, tr("Reset &view"));
    m_plots->addPlot(m_frontierPlot, m_frontierPlot, tr("Reset &view"));

    auto* split = new QSplitter(Qt::Vertical, body);
    split->addWidget(m_tables);
    split->addWidget(m_plots);
    split->setChildrenCollapsible(false);
    split->setSizes({300, 500});
    auto* layout = new QVBoxLayout(body);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(settingsRow(body));
    layout->addWidget(m_message);
    layout->addWidget(m_labelNote);
    layout->addWidget(sliderRow(body));
    layout->addWidget(m_pointLabel);
    layout->addWidget(m_k10Label);
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);
    setWidget(body);

    connect(m_panelBox, &QComboBox::currentIndexChanged, this, [this](int index) {
        const auto& view = *m_workspace->curveView();
        if (index >= 0 && index < static_cast<int>(view.panels.size()))
            m_workspace->setDataset(view.panels[static_cast<std::size_t>(index)]);
    });
    connect(m_kind, &QComboBox::currentIndexChanged, m_workspace, &CascadeWorkspace::setKind);
    connect(m_first, &QComboBox::currentIndexChanged, this, [this](int index) {
        const auto& judges = m_workspace->curveView()->panelJudges;
        if (index >= 0 && index < static_cast<int>(judges.size()))
            m_workspace->setFirst(judges[static_cast<std::size_t>(index)]);
    });
    for (QSpinBox* box : {m_halvings, m_seed})
        connect(box, &QSpinBox::valueChanged, this, &CascadesPanel::applySettings);
    connect(m_rounding, &QComboBox::currentIndexChanged, this, &CascadesPanel::applySettings);
    connect(m_sliderFallback, &QComboBox::currentIndexChanged, m_workspace,
            &CascadeWorkspace::selectFallback);
    connect(m_slider, &QSlider::valueChanged, m_workspace, &CascadeWorkspace::selectTau);
    connect(m_copy, &QPushButton::clicked, this, &CascadesPanel::copyTable);
    connect(m_plots, &PlotTabs::exportRequested, this,
            [this](int index) { m_plots->exportPlot(index, this); });
    connect(m_workspace, &CascadeWorkspace::curvesChanged, this, &CascadesPanel::showCurves);
    connect(m_workspace, &CascadeWorkspace::summaryChanged, this, &CascadesPanel::showSummary);
    connect(m_workspace, &CascadeWorkspace::selectionChanged, this, &CascadesPanel::showSelection);
    connect(m_workspace, &CascadeWorkspace::busyChanged, this, [this](bool busy) {
        showJobBusy(m_busy, busy);
        updateMessage();
    });
    // The workspace's long job's steps (K9: the summary job's halvings).
    connect(m_workspace, &Workspace::jobProgress, this,
            [this](qint64 done, qint64 total) { showJobProgress(m_busy, done, total); });
    showCurves();
    showSummary();
    showSelection();
}

QWidget* CascadesPanel::settingsRow(QWidget* body)
{
    const CascadePanelSettings& s = m_workspace->settings();
    m_panelBox->setToolTip(tr("The rubric panel (dataset) whose pairs are replayed."));
    m_kind->setToolTip(tr("Binary criteria defer on |P(MET) - 0.5| (grid k/50), ordinal ones on the "
                          "first judge's confidence (grid k/20)."));
    m_first->setToolTip(tr("The first judge D: it answers every pair and defers below tau (K7)."));
    makeMenuButton(m_fallbacks, tr("&Fallbacks"));
    m_fallbacks->setToolTip(tr("The judges D defers to (one curve each)."));
    m_halvings->setRange(1, 100000);
    m_halvings->setValue(s.halvings);
    m_halvings->setToolTip(tr("K9: random halvings of the units; each half picks tau, the other half is "
                              "scored with it."));
    m_seed->setRange(0, std::numeric_limits<int>::max());
    m_seed->setValue(static_cast<int>(std::min<std::uint64_t>(s.seed, std::numeric_limits<int>::max())));
    m_seed->setToolTip(tr("Seed of the K9 halvings: the same seed gives the same numbers as tribunal-cli "
                          "cascade."));
    for (QSpinBox* box : {m_halvings, m_seed})
        box->setKeyboardTracking(false); // recompute once editing is finished, not per keystroke
    for (LabelRounding rule : {LabelRounding::HalfUp, LabelRounding::HalfDown, LabelRounding::Unrounded})
        m_rounding->addItem(RubricWorkspace::roundingTitle(rule), int(rule));
    m_rounding->setCurrentIndex(m_rounding->findData(int(s.rounding)));
    m_rounding->setToolTip(tr("R1: how a raters' mean half-way between two levels becomes the label."));
    for (QComboBox* box : {m_panelBox, m_kind, m_first, m_rounding})
        box->setSizeAdjustPolicy(QComboBox::AdjustToContents); // judge names in full
    makeBusyIndicator(m_busy);
    m_copy = copyTableButton(body);

    auto* row = new QWidget(body);
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    addLabelledField(layout, tr("&Panel:"), m_panelBox);
    addLabelledField(layout, tr("&Kind:"), m_kind);
    addLabelledField(layout, tr("F&irst judge:"), m_first);
    layout->addWidget(m_fallbacks);
    addLabelledField(layout, tr("&Halvings:"), m_halvings);
    addLabelledField(layout, tr("S&eed:"), m_seed);
    addLabelledField(layout, tr("&Rounding:"), m_rounding);
    layout->addStretch(1);
    layout->addWidget(m_busy);
    layout->addWidget(m_copy);
    return row;
}

QWidget* CascadesPanel::sliderRow(QWidget* body)
{
    m_sliderFallback->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_sliderFallback->setToolTip(tr("The fallback whose cascade the slider reads out."));
    m_slider->setToolTip(tr("The threshold tau: the first judge defers the pairs whose score is below it."));
    m_slider->setPageStep(1);
    auto* row = new QWidget(body);
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* label = new QLabel(tr("Fall&back:"), row);
    label->setBuddy(m_sliderFallback);
    layout->addWidget(label);
    layout->addWidget(m_sliderFallback);
    auto* tau = new QLabel(tr("&Tau:"), row);
    tau->setBuddy(m_slider);
    layout->addWidget(tau);
    layout->addWidget(m_slider, 1);
    layout->addWidget(m_tauLabel);
    return row;
}

void CascadesPanel::applySettings()
{
    CascadePanelSettings s = m_workspace->settings();
    s.halvings = m_halvings->value();
    s.seed = static_cast<std::uint64_t>(m_seed->value());
    s.rounding = static_cast<LabelRounding>(m_rounding->currentData().toInt());
    m_workspace->setSettings(s);
}

void CascadesPanel::updateJudges()
{
    const CascadeCurveView& view = *m_workspace->curveView();
    const QSignalBlocker blocker(m_first);
    m_first->clear();
    QMenu* menu = m_fallbacks->menu();
    menu->clear();
    if (!view.computed || !view.error.isEmpty() || view.panelJudges.size() < 2) {
        m_first->setEnabled(false);
        m_fallbacks->setEnabled(false);
        return;
    }
    for (std::size_t j = 0; j < view.panelJudges.size(); ++j) {
        const JudgeKey& key = view.panelJudges[j];
        const QString label = view.panelJudgeLabels.value(static_cast<qsizetype>(j));
        m_first->addItem(label);
        if (key == view.key.first) {
            m_first->setCurrentIndex(static_cast<int>(j));
            continue;
        }
        QAction* action = menu->addAction(label);
        action->setCheckable(true);
        action->setChecked(std::find(view.key.fallbacks.begin(), view.key.fallbacks.end(), key) !=
                           view.key.fallbacks.end());
        connect(action, &QAction::toggled, this, [this, key, action](bool on) {
            if (!m_workspace->setFallbackIncluded(key, on)) {
                const QSignalBlocker b(action); // K7: the last fallback stays
                action->setChecked(!on);
            }
        });
    }
    m_first->setToolTip(view.defaultJudges && !view.firstReason.isEmpty()
                            ? tr("The first judge D (default: %1).").arg(view.firstReason)
                            : tr("The first judge D: it answers every pair and defers below tau (K7)."));
    m_first->setEnabled(true);
    m_fallbacks->setEnabled(true);
}

void CascadesPanel::updateMessage()
{
    const CascadeCurveView& view = *m_workspace->curveView();
    QString text;
    if (!view.audit)
        text = tr("No audit open.");
    else if (!view.computed)
        text = m_workspace->isBusy() ? tr("Replaying the cascades…") : QString();
    else if (!view.error.isEmpty())
        text = tr("Cascades not computed: %1").arg(view.error);
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
    m_labelNote->setText(view.labels.note);
    m_labelNote->setVisible(!view.labels.note.isEmpty());
}

void CascadesPanel::showCurves()
{
    const CascadeCurveView& view = *m_workspace->curveView();
    {
        const QSignalBlocker blocker(m_panelBox);
        m_panelBox->clear();
        for (std::size_t i = 0; i < view.panels.size(); ++i) {
            m_panelBox->addItem(qs(view.audit->str(view.panels[i])));
            if (view.panels[i] == view.key.dataset)
                m_panelBox->setCurrentIndex(static_cast<int>(i));
        }
        m_panelBox->setEnabled(m_panelBox->count() > 1);
    }
    updateJudges();
    m_curveModel->setTable(view.curveTable);
    m_curveView->resizeColumnsToContents();
    updateMessage();
    showSummary();
}

void CascadesPanel::showSummary()
{
    const CascadeCurveView& view = *m_workspace->curveView();
    const bool current = m_workspace->summaryCurrent();
    const CascadeSummaryView& summary = *m_workspace->summaryView();
    m_summaryModel->setTable(current ? summary.table : FlatTable{});
    m_summaryView->resizeColumnsToContents();
    const int kind = m_workspace->kind();
    const CascadeReplay* r = current && kind >= 0 && kind < static_cast<int>(summary.replays.size())
                                 ? &summary.replays[static_cast<std::size_t>(kind)]
                                 : view.replay(kind);
    if (!r || r->pairs == 0) {
        m_summary->setText(
            r ? tr("No %1 pair has a label and a scored verdict of the first judge.").arg(kindText(r->kind))
              : QString());
        return;
    }
    QStringList parts;
    if (r->bestSingle >= 0)
        parts << tr("%1. Best single judge: %2 (accuracy %3).")
                     .arg(counted(r->pairs, tr("%1 pair"), tr("%1 pairs")),
                          view.judgeLabel(static_cast<std::size_t>(r->bestSingle)),
                          numberText(r->bestSingleAccuracy));
    if (r->bestCascade >= 0) {
        const CascadeFallbackCurve& best = r->fallbacks[static_cast<std::size_t>(r->bestCascade)];
        if (best.oracle < best.curve.size()) {
            const CascadePoint& p = best.curve[best.oracle];
            parts << tr("Best cascade: %1 → %2 at its oracle tau %3 (K8, in-sample): accuracy %4, deferred "
                        "share %5, cost %6 USD.")
                         .arg(view.judgeLabel(r->first), view.judgeLabel(best.judge), numberText(p.tau),
                              numberText(p.accuracy), numberText(p.deferredShare), numberText(p.cost));
        }
    }
    if (!current) {
        parts << tr("K9 cross-fitting: computing…");
    } else {
        const CrossFitResult& cf = r->crossFit;
        const auto scored = std::count_if(cf.halvings.begin(), cf.halvings.end(),
                                          [](const CrossFitHalving& h) { return h.pairs > 0; });
        if (scored > 0)
            parts << tr("K9 (%1): mean gain over the best single judge %2, a gain in %3 of the halvings.")
                         .arg(counted(scored, tr("%1 halving"), tr("%1 halvings")), numberText(cf.meanGain),
                              numberText(cf.shareWithGain));
        else
            parts << tr("K9: no halving scored a pair.");
    }
    if (r->bestLlm >= 0) {
        const CascadeFallbackCurve& llm = r->fallbacks[static_cast<std::size_t>(r->bestLlm)];
        if (r->matchingTau >= 0 && static_cast<std::size_t>(r->matchingTau) < llm.curve.size())
            parts << tr("Matching cascade (as accurate as %1 alone) at tau %2: cost share %3.")
                         .arg(view.judgeLabel(llm.judge),
                              numberText(llm.curve[static_cast<std::size_t>(r->matchingTau)].tau),
                              numberText(r->matchingCostShare));
        else
            parts << tr("No tau makes the cascade as accurate as %1 alone.").arg(view.judgeLabel(llm.judge));
        if (current && !std::isnan(r->crossFit.meanCostShare))
            parts.last() += QLatin1Char(' ') +
                            tr("Cross-fitted cost share %1.").arg(numberText(r->crossFit.meanCostShare));
    }
    m_summary->setText(parts.join(QLatin1Char(' ')));
}

void CascadesPanel::showSelection()
{
    const CascadeCurveView& view = *m_workspace->curveView();
    const CascadeReplay* r = view.replay(m_workspace->kind());
    {
        const QSignalBlocker b1(m_kind);
        const QSignalBlocker b2(m_sliderFallback);
        const QSignalBlocker b3(m_slider);
        m_kind->clear();
        for (const CascadeReplay& replay : view.panel.replays)
            m_kind->addItem(kindText(replay.kind));
        m_kind->setCurrentIndex(m_workspace->kind());
        m_kind->setEnabled(m_kind->count() > 1);
        m_sliderFallback->clear();
        if (r)
            for (const CascadeFallbackCurve& f : r->fallbacks)
                m_sliderFallback->addItem(view.judgeLabel(f.judge));
        m_sliderFallback->setCurrentIndex(m_workspace->fallback());
        const int grid = r && !r->fallbacks.empty() ? static_cast<int>(r->fallbacks.front().curve.size()) : 0;
        m_slider->setRange(0, std::max(grid - 1, 0));
        m_slider->setValue(std::max(m_workspace->tau(), 0));
        m_slider->setEnabled(grid > 0);
        m_sliderFallback->setEnabled(grid > 0);
    }
    const CascadePoint* p = m_workspace->selectedPoint();
    if (!p) {
        m_tauLabel->setText(QString());
        m_pointLabel->setText(QString());
        m_k10Label->setText(QString());
        showSummary();
        return;
    }
    m_tauLabel->setText(tr("tau = %1").arg(numberText(p->tau)));
    m_pointLabel->setText(
        tr("kept %1 · deferred %2 · accuracy %3 · deferred share %4 · cost %5 USD")
            .arg(p->kept)
            .arg(p->deferred)
            .arg(numberText(p->accuracy), numberText(p->deferredShare), numberText(p->cost)));
    m_k10Label->setText(tr("K10: accuracy(cascade) − accuracy(fallback) = %1; s_kept × (a_kept(D) − "
                           "a_kept(fallback)) = %2")
                            .arg(numberText(p->k10Left), numberText(p->k10Right)));
    showSummary(); // the kind may have changed
}

QString CascadesPanel::tableText() const
{
    const FlatTable& table =
        m_tables->currentIndex() == CurveTab ? m_curveModel->table() : m_summaryModel->table();
    return table.rows.empty() ? QString() : FlatTableModel::tsv(table);
}

void CascadesPanel::copyTable()
{
    const QString text = tableText();
    if (!text.isEmpty())
        QApplication::clipboard()->setText(text);
}

const AnalysisPanel& cascadeAnalysisPanel()
{
    static const AnalysisPanel panel{"cascades",
                                     [](AuditSession* session, QObject* parent) -> Workspace* {
                                         return new CascadeWorkspace(session, parent);
                                     },
                                     [](Workspace* workspace, QWidget* parent) -> QDockWidget* {
                                         return new CascadesPanel(static_cast<CascadeWorkspace*>(workspace),
                                                                  parent);
                                     },
                                     &cascadeLatexTables};
    return panel;
}

} // namespace tribunal
