// The Cascades dock's views, computed off the GUI thread (cascadeview.h).
#include "cascades/cascadeview.h"
#include "framework/coreerrortext.h"
#include "framework/qstrings.h"
#include "rubric/rubricworkspace.h"

#include "analysis/rubricdefaults.h"

#include <QCoreApplication>

#include <algorithm>
#include <stdexcept>

namespace tribunal {

namespace {

CascadeSettings crossFitSettings(const CascadePanelSettings& settings)
{
    CascadeSettings s;
    s.halvings = settings.halvings;
    s.seed = settings.seed;
    return s;
}

/// The panel, judges and default rule of a job; computed the same way by both jobs (pure function).
struct Resolved {
    CascadeKey key;
    bool defaults = true;
    std::vector<StrId> panels;
    std::vector<JudgeKey> panelJudges;
    QStringList labels;
    QString reason;
    QString error;
};

// Worker thread. The default first judge (core's defaultCascadeFirst, see the header): index into `judges`.
std::size_t defaultFirst(const Audit& audit, StrId panel, const std::vector<JudgeKey>& judges,
                         LabelRounding rounding, QString* reason)
{
    const DefaultCascadeFirst first =
        defaultCascadeFirst(audit, rubricVerdictTable(audit, panel, judges, rounding));
    // translate() with the context spelled out: lupdate misreads this function's scope and files
    // CascadeWorkspace::tr() here under "CascadeWorkspace", not the class's "tribunal::CascadeWorkspace".
    *reason = first.confident
                  ? QCoreApplication::translate("tribunal::CascadeWorkspace",
                                                "the cheapest judge (K11 cost per 1,000 requests) whose "
                                                "verdicts carry a confidence or probabilities")
                  : QCoreApplication::translate("tribunal::CascadeWorkspace",
                                                "no judge of the panel gives a confidence or probabilities: "
                                                "the first judge in name order");
    return first.judge;
}

// Worker thread.
Resolved resolve(const Audit& audit, const CascadePanelSettings& s)
{
    Resolved r;
    r.panels = rubricPanels(audit);
    if (r.panels.empty()) {
        r.error =
            CascadeWorkspace::tr("No rubric judgments in this audit (no judged binary or ordinal item).");
        return r;
    }
    const bool known = std::find(r.panels.begin(), r.panels.end(), s.dataset) != r.panels.end();
    r.key.dataset = known ? s.dataset : r.panels.front();
    r.key.rounding = s.rounding;
    r.panelJudges = panelJudges(audit, r.key.dataset, PanelJudges::WithRubricItems);
    for (const JudgeKey& k : r.panelJudges) {
        QString label = qs(audit.str(k.judge));
        const auto sameName = std::count_if(r.panelJudges.begin(), r.panelJudges.end(),
                                            [&k](const JudgeKey& o) { return o.judge == k.judge; });
        if (sameName > 1)
            label += QLatin1Char('@') + qs(audit.str(k.format));
        if (k.condition != 0)
            label += QStringLiteral(" · ") + RubricWorkspace::conditionLabel(audit, k.condition);
        r.labels << label;
    }
    if (r.panelJudges.size() < 2) {
        r.error = CascadeWorkspace::tr("Cascades need two judges with rubric judgments on panel '%1'.")
                      .arg(qs(audit.str(r.key.dataset)));
        return r;
    }
    const auto& judges = r.panelJudges;
    const bool firstKnown = std::find(judges.begin(), judges.end(), s.first) != judges.end();
    if (!s.defaultJudges && firstKnown) {
        r.defaults = false;
        r.key.first = s.first;
        for (const JudgeKey& k : judges)
            if (!(k == s.first) && std::find(s.fallbacks.begin(), s.fallbacks.end(), k) != s.fallbacks.end())
                r.key.fallbacks.push_back(k);
    }
    if (r.key.fallbacks.empty()) {
        r.defaults = true;
        r.key.first = judges[defaultFirst(audit, r.key.dataset, judges, s.rounding, &r.reason)];
        for (const JudgeKey& k : judges)
            if (!(k == r.key.first))
                r.key.fallbacks.push_back(k);
    }
    return r;
}

// Worker thread. The table judges (first, then fallbacks), the verdict table and the fallback indices.
CascadePanel replayPanel(const Audit& audit, const CascadeKey& key, const CascadeSettings& settings,
                         const Progress& progress)
{
    std::vector<JudgeKey> keys{key.first};
    keys.insert(keys.end(), key.fallbacks.begin(), key.fallbacks.end());
    std::vector<std::size_t> fallbacks;
    for (std::size_t f = 1; f < keys.size(); ++f)
        fallbacks.push_back(f);
    return cascadePanel(audit, rubricVerdictTable(audit, key.dataset, keys, key.rounding), 0, fallbacks, {},
                        settings, progress);
}

} // namespace

// Worker thread.
std::shared_ptr<CascadeCurveView>
computeCascadeCurves(const AuditPtr& audit, const CascadePanelSettings& settings, const Progress& progress)
{
    auto view = std::make_shared<CascadeCurveView>();
    view->audit = audit;
    view->computed = true;
    view->labels = missingLabels(*audit, LabelScope::RubricItems,
                                 QStringLiteral("accuracy, deferred_share, first_accuracy, "
                                                "best_single_accuracy, oracle_accuracy"));
    try {
        Resolved r = resolve(*audit, settings);
        view->key = r.key;
        view->defaultJudges = r.defaults;
        view->panels = std::move(r.panels);
        view->panelJudges = std::move(r.panelJudges);
        view->panelJudgeLabels = std::move(r.labels);
        view->firstReason = r.reason;
        if (!r.error.isEmpty()) {
            view->error = r.error;
            return view;
        }
        // K9 is the summary job's: one halving here keeps this job cheap.
        std::vector<CascadePanel> panels;
        CascadeSettings oneHalving;
        oneHalving.halvings = 1;
        oneHalving.seed = settings.seed;
        oneHalving.threads = 1;
        panels.push_back(replayPanel(*audit, view->key, oneHalving, progress));
        view->curveTable = cascadeCurveTable(*audit, panels);
        view->panel = std::move(panels.front());
        // The frontier's juries, as `tribunal-cli cascade --table frontier` computes them (R7 with one
        // resample: only their accuracies are read).
        view->jury = cascadeFrontierJury(view->panel);
    } catch (const Cancelled&) {
        view->cancelled = true; // superseded: the workspace drops it
    } catch (const std::exception& e) {
        view->error = coreErrorText(e);
        view->panel = {};
        view->jury = {};
        view->curveTable = {};
    }
    return view;
}

// Worker thread.
std::shared_ptr<CascadeSummaryView>
computeCascadeSummary(const AuditPtr& audit, const CascadePanelSettings& settings, const Progress& progress)
{
    auto view = std::make_shared<CascadeSummaryView>();
    view->audit = audit;
    view->halvings = settings.halvings;
    view->seed = settings.seed;
    view->computed = true;
    try {
        const Resolved r = resolve(*audit, settings);
        view->key = r.key;
        if (!r.error.isEmpty()) {
            view->error = r.error;
            return view;
        }
        std::vector<CascadePanel> panels;
        panels.push_back(replayPanel(*audit, view->key, crossFitSettings(settings), progress));
        view->table = cascadeSummaryTable(*audit, panels);
        view->replays = std::move(panels.front().replays);
        view->verdicts = std::move(panels.front().table);
    } catch (const Cancelled&) {
        view->cancelled = true;
    } catch (const std::exception& e) {
        view->error = coreErrorText(e);
        view->replays.clear();
        view->verdicts = {};
        view->table = {};
    }
    return view;
}

// Worker thread.
std::shared_ptr<CascadeJuryView>
computeCascadeJury(const AuditPtr& audit, const CascadePanelSettings& settings, const Progress& progress)
{
    auto view = std::make_shared<CascadeJuryView>();
    view->audit = audit;
    view->paired.resamples = settings.juryResamples;
    view->paired.seed = settings.seed;
    view->paired.margin = settings.juryMargin;
    view->computed = true;
    try {
        const Resolved r = resolve(*audit, settings);
        view->key = r.key;
        if (!r.error.isEmpty()) {
            view->error = r.error;
            return view;
        }
        // As tribunal-cli jury builds it: the jurors' keys in --jurors order, every juror also a candidate
        // (K6: the jury against the best of its own jurors alone).
        std::vector<JudgeKey> keys{view->key.first};
        keys.insert(keys.end(), view->key.fallbacks.begin(), view->key.fallbacks.end());
        std::vector<std::size_t> jurors(keys.size());
        for (std::size_t j = 0; j < jurors.size(); ++j)
            jurors[j] = j;
        view->results.push_back(
            juryPanel(rubricVerdictTable(*audit, view->key.dataset, keys, view->key.rounding), jurors, jurors,
                      view->paired, progress));
    } catch (const Cancelled&) {
        view->cancelled = true;
    } catch (const std::exception& e) {
        view->error = coreErrorText(e);
        view->results.clear();
    }
    return view;
}

const CascadeReplay* CascadeCurveView::replay(int kind) const
{
    return kind >= 0 && kind < kindCount() ? &panel.replays[static_cast<std::size_t>(kind)] : nullptr;
}

QString CascadeCurveView::judgeLabel(std::size_t judge) const
{
    return audit && judge < panel.table.judges.size()
               ? QString::fromStdString(tribunal::judgeLabel(*audit, panel.table, judge))
               : QString();
}

} // namespace tribunal
