#include "cascades/cascadeworkspace.h"

#include "cascades/cascadeview.h"

#include "framework/auditsession.h"

#include <algorithm>

namespace tribunal {

CascadeWorkspace::CascadeWorkspace(AuditSession* session, QObject* parent)
    : Workspace(session, parent), m_session(session), m_curves(std::make_shared<CascadeCurveView>()),
      m_summary(std::make_shared<CascadeSummaryView>()), m_jury(std::make_shared<CascadeJuryView>())
{
    connect(m_session, &AuditSession::auditChanged, this, &CascadeWorkspace::onAuditChanged);
    if (m_session->audit())
        onAuditChanged();
}

CascadeWorkspace::~CascadeWorkspace()
{
    // A closing window stops the running work instead of waiting for it.
    m_cancelCurves.cancel();
    m_cancelSummary.cancel();
    m_cancelJury.cancel();
    m_jobs.waitForWork();
}

bool CascadeWorkspace::summaryCurrent() const
{
    return m_summary->computed && m_curves->computed && m_summary->audit == m_curves->audit &&
           m_summary->key == m_curves->key && m_summary->halvings == m_settings.halvings &&
           m_summary->seed == m_settings.seed;
}

bool CascadeWorkspace::juryCurrent() const
{
    const PairedSettings& p = m_jury->paired;
    return m_jury->computed && m_curves->computed && m_jury->audit == m_curves->audit &&
           m_jury->key == m_curves->key && p.resamples == m_settings.juryResamples &&
           p.seed == m_settings.seed && p.margin == m_settings.juryMargin;
}

void CascadeWorkspace::requestJury()
{
    if (m_juryWanted)
        return;
    m_juryWanted = true;
    startJury();
}

void CascadeWorkspace::setSettings(const CascadePanelSettings& s)
{
    const CascadePanelSettings old = m_settings;
    m_settings = s;
    const bool judgesChanged =
        old.defaultJudges != s.defaultJudges ||
        (!s.defaultJudges && (!(old.first == s.first) || old.fallbacks != s.fallbacks));
    if (old.dataset != s.dataset || old.rounding != s.rounding || judgesChanged) {
        startCurves();
        startSummary();
        startJury();
        return;
    }
    if (old.halvings != s.halvings || old.seed != s.seed)
        startSummary(); // K9 only: the curves do not depend on the halvings
    // R7 of the jury: the seed, resamples and margin (the curves' one-resample juries read accuracies only).
    if (old.seed != s.seed || old.juryResamples != s.juryResamples || old.juryMargin != s.juryMargin)
        startJury();
}

void CascadeWorkspace::setDataset(StrId dataset)
{
    auto s = m_settings;
    s.dataset = dataset;
    s.defaultJudges = true;
    s.fallbacks.clear();
    setSettings(s);
}

void CascadeWorkspace::setRounding(LabelRounding rounding)
{
    auto s = m_settings;
    s.rounding = rounding;
    setSettings(s);
}

void CascadeWorkspace::setHalvings(int halvings)
{
    auto s = m_settings;
    s.halvings = std::max(1, halvings);
    setSettings(s);
}

void CascadeWorkspace::setSeed(std::uint64_t seed)
{
    auto s = m_settings;
    s.seed = seed;
    setSettings(s);
}

CascadeKey CascadeWorkspace::currentKey() const
{
    CascadeKey key = m_curves->key;
    if (!m_settings.defaultJudges) {
        key.first = m_settings.first;
        key.fallbacks = m_settings.fallbacks;
    }
    return key;
}

void CascadeWorkspace::setFirst(const JudgeKey& first)
{
    const CascadeKey key = currentKey();
    auto s = m_settings;
    s.defaultJudges = false;
    s.first = first;
    s.fallbacks.clear();
    for (const JudgeKey& k : key.fallbacks)
        if (!(k == first))
            s.fallbacks.push_back(k);
    if (s.fallbacks.empty())
        for (const JudgeKey& k : m_curves->panelJudges)
            if (!(k == first))
                s.fallbacks.push_back(k);
    setSettings(s);
}

bool CascadeWorkspace::setFallbackIncluded(const JudgeKey& judge, bool included)
{
    const CascadeKey key = currentKey();
    if (judge == key.first)
        return false;
    std::vector<JudgeKey> fallbacks;
    for (const JudgeKey& k : m_curves->panelJudges) {
        const bool listed = std::find(key.fallbacks.begin(), key.fallbacks.end(), k) != key.fallbacks.end();
        if (k == judge ? included : listed)
            fallbacks.push_back(k);
    }
    if (fallbacks.empty())
        return false; // K7: a cascade needs a fallback
    auto s = m_settings;
    s.defaultJudges = false;
    s.first = key.first;
    s.fallbacks = std::move(fallbacks);
    setSettings(s);
    return true;
}

void CascadeWorkspace::setKind(int kind)
{
    const CascadeReplay* r = m_curves->replay(kind);
    if (!r || kind == m_kind)
        return;
    m_kind = kind;
    // Grids differ between kinds: start on the fallback's oracle point.
    const int fallbacks = static_cast<int>(r->fallbacks.size());
    m_fallback = fallbacks == 0 ? -1 : std::clamp(m_fallback, 0, fallbacks - 1);
    m_tau = m_fallback < 0 ? -1 : static_cast<int>(r->fallbacks[static_cast<std::size_t>(m_fallback)].oracle);
    emit selectionChanged();
}

void CascadeWorkspace::selectFallback(int fallback)
{
    selectPoint(fallback, m_tau);
}

void CascadeWorkspace::selectTau(int tau)
{
    selectPoint(m_fallback, tau);
}

void CascadeWorkspace::selectPoint(int fallback, int tau)
{
    const CascadeReplay* r = m_curves->replay(m_kind);
    if (!r || fallback < 0 || fallback >= static_cast<int>(r->fallbacks.size()))
        return;
    const auto& curve = r->fallbacks[static_cast<std::size_t>(fallback)].curve;
    if (tau < 0 || tau >= static_cast<int>(curve.size()) || (fallback == m_fallback && tau == m_tau))
        return;
    m_fallback = fallback;
    m_tau = tau;
    emit selectionChanged();
}

const CascadePoint* CascadeWorkspace::selectedPoint() const
{
    const CascadeReplay* r = m_curves->replay(m_kind);
    if (!r || m_fallback < 0 || m_fallback >= static_cast<int>(r->fallbacks.size()))
        return nullptr;
    const auto& curve = r->fallbacks[static_cast<std::size_t>(m_fallback)].curve;
    return m_tau >= 0 && m_tau < static_cast<int>(curve.size()) ? &curve[static_cast<std::size_t>(m_tau)]
                                                                : nullptr;
}

std::vector<FrontierPoint> CascadeWorkspace::frontier() const
{
    std::vector<FrontierPoint> points;
    const CascadeCurveView& v = *m_curves;
    const CascadeReplay* r = v.replay(m_kind);
    if (!r)
        return points;
    // Core decides the points and flags; the dock only names them.
    for (const CascadeFrontierPoint& p : cascadeFrontier(*r, v.jury)) {
        FrontierPoint point{p, {}};
        switch (p.type) {
        case FrontierPoint::Single:
            point.label = v.judgeLabel(p.judge);
            break;
        case FrontierPoint::JuryLower:
            point.label = tr("jury (lower median)");
            break;
        case FrontierPoint::JuryUpper:
            point.label = tr("jury (upper median)");
            break;
        case FrontierPoint::Cascade:
            point.label = tr("%1 → %2").arg(v.judgeLabel(r->first), v.judgeLabel(p.judge));
            break;
        }
        points.push_back(std::move(point));
    }
    return points;
}

std::vector<CrossFitChoice> CascadeWorkspace::crossFitChoices() const
{
    if (!summaryCurrent() || m_kind < 0 || m_kind >= static_cast<int>(m_summary->replays.size()))
        return {};
    // Core counts the choices (`tribunal-cli cascade --table crossfit`); the dock only marks them.
    return tribunal::crossFitChoices(m_summary->replays[static_cast<std::size_t>(m_kind)].crossFit);
}

void CascadeWorkspace::waitForIdle()
{
    m_jobs.waitForIdle();
}

void CascadeWorkspace::onAuditChanged()
{
    // Curves of the previous audit must not stay on screen while the new one is replayed.
    auto empty = std::make_shared<CascadeCurveView>();
    empty->audit = m_session->audit();
    m_curves = std::move(empty);
    auto emptySummary = std::make_shared<CascadeSummaryView>();
    emptySummary->audit = m_session->audit();
    m_summary = std::move(emptySummary);
    auto emptyJury = std::make_shared<CascadeJuryView>();
    emptyJury->audit = m_session->audit();
    m_jury = std::move(emptyJury);
    // Panel and judge ids belong to the old audit.
    m_settings.dataset = kEmptyStr;
    m_settings.defaultJudges = true;
    m_settings.first = {};
    m_settings.fallbacks.clear();
    m_kind = m_fallback = m_tau = -1;
    emit curvesChanged();
    emit summaryChanged();
    emit juryChanged();
    emit selectionChanged();
    startCurves();
    startSummary();
    startJury();
}

void CascadeWorkspace::startCurves()
{
    const auto generation = ++m_curveGeneration; // supersedes a running job
    const auto audit = m_session->audit();
    if (!audit)
        return;
    const auto settings = m_settings;
    ++m_curveRuns;
    const JobCancel::Flag flag = m_cancelCurves.next(); // stops the job this one supersedes
    m_jobs.run(
        [audit, settings, flag] { return computeCascadeCurves(audit, settings, JobCancel::progress(flag)); },
        [this, generation](std::shared_ptr<CascadeCurveView> view) {
            applyCurves(generation, std::move(view));
        });
}

void CascadeWorkspace::startSummary()
{
    const auto generation = ++m_summaryGeneration;
    const auto audit = m_session->audit();
    if (!audit)
        return;
    const auto settings = m_settings;
    ++m_summaryRuns;
    const JobCancel::Flag flag = m_cancelSummary.next(); // stops the job this one supersedes
    // The dock's bar: the K9 halvings (jobProgress); see the header for why only this job reports.
    const Progress progress = jobProgressFor(flag);
    m_jobs.run([audit, settings, progress] { return computeCascadeSummary(audit, settings, progress); },
               [this, generation](std::shared_ptr<CascadeSummaryView> view) {
                   applySummary(generation, std::move(view));
               });
}

void CascadeWorkspace::startJury()
{
    if (!m_juryWanted)
        return;
    const auto generation = ++m_juryGeneration;
    const auto audit = m_session->audit();
    if (!audit)
        return;
    const auto settings = m_settings;
    ++m_juryRuns;
    const JobCancel::Flag flag = m_cancelJury.next(); // stops the job this one supersedes
    m_jobs.run(
        [audit, settings, flag] { return computeCascadeJury(audit, settings, JobCancel::progress(flag)); },
        [this, generation](std::shared_ptr<CascadeJuryView> view) {
            applyJury(generation, std::move(view));
        });
}

void CascadeWorkspace::applyCurves(std::uint64_t generation, std::shared_ptr<CascadeCurveView> view)
{
    if (generation != m_curveGeneration) {
        if (view->cancelled)
            countCancelled();
        return;
    }
    if (!view->error.isEmpty())
        emit statusMessage(tr("Cascades not computed: %1").arg(view->error));
    const CascadeCurveView& old = *m_curves;
    // The same panel keeps the shown kind; the same fallback keeps its tau (same grid).
    const bool samePanel = old.computed && old.audit == view->audit && old.key.dataset == view->key.dataset &&
                           old.kindCount() == view->kindCount();
    const CascadeReplay* oldReplay = old.replay(m_kind);
    const JudgeKey oldFallback =
        oldReplay && m_fallback >= 0 && m_fallback < static_cast<int>(oldReplay->fallbacks.size())
            ? old.panel.table.judges[oldReplay->fallbacks[static_cast<std::size_t>(m_fallback)].judge]
            : JudgeKey{};
    const int oldTau = m_tau;
    const bool newNote = old.labels.note != view->labels.note;
    m_curves = std::move(view);
    if (newNote && !m_curves->labels.status.isEmpty())
        emit statusMessage(m_curves->labels.status);
    m_kind = samePanel ? m_kind : (m_curves->kindCount() > 0 ? 0 : -1);
    m_fallback = m_tau = -1;
    if (const CascadeReplay* r = m_curves->replay(m_kind); r && !r->fallbacks.empty()) {
        for (std::size_t f = 0; f < r->fallbacks.size(); ++f)
            if (samePanel && m_curves->panel.table.judges[r->fallbacks[f].judge] == oldFallback)
                m_fallback = static_cast<int>(f);
        if (m_fallback >= 0) {
            m_tau = oldTau;
        } else {
            m_fallback = std::max(r->bestCascade, 0);
            m_tau = static_cast<int>(r->fallbacks[static_cast<std::size_t>(m_fallback)].oracle);
        }
        const auto& curve = r->fallbacks[static_cast<std::size_t>(m_fallback)].curve;
        if (m_tau < 0 || m_tau >= static_cast<int>(curve.size()))
            m_tau = curve.empty() ? -1 : 0;
    }
    emit curvesChanged();
    emit summaryChanged(); // summaryCurrent() and juryCurrent() may have changed with the curves
    emit juryChanged();
    emit selectionChanged();
}

void CascadeWorkspace::applySummary(std::uint64_t generation, std::shared_ptr<CascadeSummaryView> view)
{
    if (generation != m_summaryGeneration) {
        if (view->cancelled)
            countCancelled();
        return;
    }
    m_summary = std::move(view);
    emit summaryChanged();
}

void CascadeWorkspace::applyJury(std::uint64_t generation, std::shared_ptr<CascadeJuryView> view)
{
    if (generation != m_juryGeneration) {
        if (view->cancelled)
            countCancelled();
        return;
    }
    m_jury = std::move(view);
    emit juryChanged();
}

} // namespace tribunal
