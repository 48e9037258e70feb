#include "rubric/rubricworkspace.h"

#include "framework/auditsession.h"
#include "framework/coreerrortext.h"
#include "framework/qstrings.h"

#include <QStringList>

#include <algorithm>
#include <stdexcept>

namespace tribunal {

namespace {

bool samePaired(const PairedSettings& a, const PairedSettings& b)
{
    return a.resamples == b.resamples && a.seed == b.seed && a.margin == b.margin &&
           a.clusterBootstrap == b.clusterBootstrap && a.threads == b.threads;
}

bool sameCell(const RubricAgreementRow& row, const RubricConfusion& c)
{
    return row.dataset == c.dataset && row.judge == c.judge && row.format == c.format &&
           row.condition == c.condition && row.kind == c.kind;
}

// Worker thread.
std::shared_ptr<RubricView> computeView(const AuditPtr& audit, LabelRounding rounding)
{
    auto view = std::make_shared<RubricView>();
    view->audit = audit;
    view->settings.rounding = rounding;
    view->labels = missingLabels(*audit, LabelScope::RubricItems,
                                 QStringLiteral("exact, within_one, qwk, offset, slope, accuracy, kappa, "
                                                "met_rate_offset, fpr, fnr, gap_to_reference"));
    try {
        view->report = analyseRubric(*audit, view->settings);
        view->table = rubricTable(*audit, view->report);
        view->confusions = analyseRubricConfusion(*audit, view->settings);
    } catch (const std::exception& e) {
        view->error = coreErrorText(e);
        view->report = {};
        view->table = {};
        view->confusions.clear();
    }
    view->computed = true;
    return view;
}

// Worker thread.
std::shared_ptr<ComparisonView> computeComparisons(const AuditPtr& audit, const RubricPanelSettings& settings,
                                                   const Progress& progress)
{
    auto view = std::make_shared<ComparisonView>();
    view->audit = audit;
    view->settings.rounding = settings.rounding;
    view->paired = settings.paired;
    view->availableJudges = RubricWorkspace::rubricJudges(*audit);
    for (StrId judge : view->availableJudges) {
        const auto& excluded = settings.excludedJudges;
        if (std::find(excluded.begin(), excluded.end(), judge) == excluded.end())
            view->judges.push_back(judge);
    }
    view->computed = true;
    if (view->judges.size() < 2) {
        view->error = view->availableJudges.size() < 2
                          ? RubricWorkspace::tr("Paired comparisons need two judges with rubric judgments.")
                          : RubricWorkspace::tr("Choose at least two judges to compare.");
        return view;
    }
    try {
        view->comparisons =
            compareJudges(*audit, view->judges, kEmptyStr, view->settings, view->paired, progress);
        view->table = compareTable(*audit, view->comparisons, view->paired.clusterBootstrap);
    } catch (const Cancelled&) {
        view->cancelled = true; // superseded (R7 stopped between resample blocks): the workspace drops it
        view->comparisons.clear();
        return view;
    } catch (const std::exception& e) {
        view->error = coreErrorText(e);
        view->comparisons.clear();
        view->table = {};
        return view;
    }
    if (view->comparisons.empty())
        view->error = RubricWorkspace::tr("No panel and format in which two of the judges both judged rubric "
                                          "items.");
    return view;
}

/// The first ordinal criterion row (it has a confusion matrix and level-shift curves), else the first row.
int defaultRow(const RubricView& view)
{
    const auto& rows = view.report.rows;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        if (rows[i].kind == TaskKind::Ordinal && !rows[i].pooled)
            return static_cast<int>(i);
    }
    return rows.empty() ? -1 : 0;
}

} // namespace

const RubricAgreementRow* RubricView::row(int row) const
{
    if (row < 0)
        return nullptr;
    const auto r = static_cast<std::size_t>(row);
    if (r < report.rows.size())
        return &report.rows[r];
    if (r - report.rows.size() < report.baselines.size())
        return &report.baselines[r - report.rows.size()];
    return nullptr;
}

int RubricView::confusionOf(int index) const
{
    const RubricAgreementRow* r =
        static_cast<std::size_t>(std::max(index, 0)) < report.rows.size() ? row(index) : nullptr;
    if (!r || r->pooled)
        return -1;
    for (std::size_t i = 0; i < confusions.size(); ++i) {
        if (sameCell(*r, confusions[i]) && confusions[i].criterion == r->criterion)
            return static_cast<int>(i);
    }
    return -1;
}

std::vector<int> RubricView::confusionsOfCell(int index) const
{
    std::vector<int> out;
    const RubricAgreementRow* r =
        static_cast<std::size_t>(std::max(index, 0)) < report.rows.size() ? row(index) : nullptr;
    if (!r)
        return out;
    for (std::size_t i = 0; i < confusions.size(); ++i) {
        if (sameCell(*r, confusions[i]) && (r->pooled || confusions[i].criterion == r->criterion))
            out.push_back(static_cast<int>(i));
    }
    return out;
}

std::vector<int> RubricView::shiftsFor(int index) const
{
    std::vector<int> out;
    const RubricAgreementRow* r = row(index);
    if (!r || !r->predictor.empty() || r->kind != TaskKind::Ordinal)
        return out;
    for (std::size_t i = 0; i < report.shifts.size(); ++i) {
        const LevelShiftRow& s = report.shifts[i];
        if (s.dataset == r->dataset && s.pooled == r->pooled && s.criterion == r->criterion)
            out.push_back(static_cast<int>(i));
    }
    return out;
}

int RubricView::rowOfShift(const LevelShiftRow& s) const
{
    for (std::size_t i = 0; i < report.rows.size(); ++i) {
        const RubricAgreementRow& r = report.rows[i];
        if (r.kind == TaskKind::Ordinal && r.dataset == s.dataset && r.judge == s.judge &&
            r.format == s.format && r.condition == s.condition && r.pooled == s.pooled &&
            r.criterion == s.criterion)
            return static_cast<int>(i);
    }
    return -1;
}

RubricWorkspace::RubricWorkspace(AuditSession* session, QObject* parent)
    : Workspace(session, parent), m_session(session), m_view(std::make_shared<RubricView>()),
      m_comparisons(std::make_shared<ComparisonView>())
{
    connect(m_session, &AuditSession::auditChanged, this, &RubricWorkspace::onAuditChanged);
    if (m_session->audit())
        onAuditChanged();
}

RubricWorkspace::~RubricWorkspace()
{
    m_cancelComparisons.cancel(); // a closing window stops the work instead of waiting for it
    m_jobs.waitForWork();
}

void RubricWorkspace::setSettings(const RubricPanelSettings& settings)
{
    const auto old = m_settings;
    m_settings = settings;
    // R1: the labels of every table, matrix and comparison follow the rounding rule.
    if (old.rounding != settings.rounding)
        startAnalysis();
    if (old.rounding != settings.rounding || !samePaired(old.paired, settings.paired) ||
        old.excludedJudges != settings.excludedJudges)
        startComparisons();
}

void RubricWorkspace::setRounding(LabelRounding rounding)
{
    auto settings = m_settings;
    settings.rounding = rounding;
    setSettings(settings);
}

void RubricWorkspace::setJudgeIncluded(StrId judge, bool included)
{
    auto settings = m_settings;
    auto& excluded = settings.excludedJudges;
    const auto it = std::find(excluded.begin(), excluded.end(), judge);
    if (included && it != excluded.end())
        excluded.erase(it);
    else if (!included && it == excluded.end())
        excluded.push_back(judge);
    setSettings(settings);
}

void RubricWorkspace::selectRow(int row)
{
    if (row < 0 || row >= m_view->rowCount())
        row = -1;
    if (row == m_selectedRow)
        return;
    m_selectedRow = row;
    emit selectedRowChanged(row);
}

void RubricWorkspace::waitForIdle()
{
    m_jobs.waitForIdle();
}

void RubricWorkspace::onAuditChanged()
{
    // Rows of the previous audit must not stay clickable while the new one is analysed.
    auto empty = std::make_shared<RubricView>();
    empty->audit = m_session->audit();
    empty->settings.rounding = m_settings.rounding;
    m_view = std::move(empty);
    auto emptyComparisons = std::make_shared<ComparisonView>();
    emptyComparisons->audit = m_session->audit();
    m_comparisons = std::move(emptyComparisons);
    m_settings.excludedJudges.clear(); // ids of the old audit
    const bool hadSelection = m_selectedRow >= 0;
    m_selectedRow = -1;
    emit viewChanged();
    emit comparisonsChanged();
    if (hadSelection)
        emit selectedRowChanged(-1);
    startAnalysis();
    startComparisons();
}

void RubricWorkspace::startAnalysis()
{
    const auto generation = ++m_analysisGeneration; // supersedes a running job
    const auto audit = m_session->audit();
    if (!audit)
        return;
    const auto rounding = m_settings.rounding;
    ++m_analysisRuns;
    m_jobs.run(
        [audit, rounding] { return computeView(audit, rounding); },
        [this, generation](std::shared_ptr<RubricView> view) { applyAnalysis(generation, std::move(view)); });
}

void RubricWorkspace::startComparisons()
{
    const auto generation = ++m_comparisonGeneration;
    const auto audit = m_session->audit();
    if (!audit)
        return;
    const auto settings = m_settings;
    ++m_comparisonRuns;
    const JobCancel::Flag flag = m_cancelComparisons.next(); // stops the job this one supersedes
    // The dock's bar: the R7 resample blocks (jobProgress); the rubric report has no chunks.
    const Progress progress = jobProgressFor(flag);
    m_jobs.run([audit, settings, progress] { return computeComparisons(audit, settings, progress); },
               [this, generation](std::shared_ptr<ComparisonView> view) {
                   applyComparisons(generation, std::move(view));
               });
}

void RubricWorkspace::applyAnalysis(std::uint64_t generation, std::shared_ptr<RubricView> view)
{
    if (generation != m_analysisGeneration)
        return;
    if (!view->error.isEmpty())
        emit statusMessage(tr("Rubric metrics not computed: %1").arg(view->error));
    // The rows depend on the audit only (not on the rounding rule), so a selection keeps its meaning.
    const bool rowsKept =
        m_view->computed && m_view->audit == view->audit && m_view->rowCount() == view->rowCount();
    const int oldRow = m_selectedRow;
    const bool newNote = m_view->labels.note != view->labels.note;
    m_view = std::move(view);
    if (newNote && !m_view->labels.status.isEmpty())
        emit statusMessage(m_view->labels.status);
    m_selectedRow = rowsKept ? oldRow : defaultRow(*m_view);
    emit viewChanged();
    if (m_selectedRow != oldRow || !rowsKept)
        emit selectedRowChanged(m_selectedRow);
}

void RubricWorkspace::applyComparisons(std::uint64_t generation, std::shared_ptr<ComparisonView> view)
{
    if (generation != m_comparisonGeneration) {
        if (view->cancelled)
            countCancelled();
        return;
    }
    m_comparisons = std::move(view);
    emit comparisonsChanged();
}

std::vector<StrId> RubricWorkspace::rubricJudges(const Audit& audit)
{
    std::vector<StrId> judges;
    const auto& kinds = audit.items().kind;
    for (const Cell& cell : audit.cells()) {
        if (cell.test != kEmptyStr || std::find(judges.begin(), judges.end(), cell.judge) != judges.end())
            continue;
        const auto runs = audit.itemRunsOf(cell);
        if (std::any_of(runs.begin(), runs.end(),
                        [&kinds](const ItemRun& run) { return kinds[run.item] != TaskKind::Pairwise; }))
            judges.push_back(cell.judge);
    }
    return judges;
}

QString RubricWorkspace::cellLabel(const Audit& audit, StrId judge, StrId format, CondId condition)
{
    QString label = qs(audit.str(judge));
    if (format != kEmptyStr)
        label += QStringLiteral(" · ") + qs(audit.str(format));
    if (condition != 0)
        label += QStringLiteral(" · ") + conditionLabel(audit, condition);
    return label;
}

QString RubricWorkspace::conditionLabel(const Audit& audit, CondId condition)
{
    QStringList parts;
    if (condition != 0 && condition < audit.conditions().size()) {
        for (const auto& [key, value] : audit.conditions()[condition])
            parts << qs(audit.str(key)) + QLatin1Char('=') + qs(audit.str(value));
    }
    return parts.join(QStringLiteral(", "));
}

QString RubricWorkspace::roundingTitle(LabelRounding rounding)
{
    switch (rounding) {
    case LabelRounding::HalfDown:
        return tr("half-down");
    case LabelRounding::Unrounded:
        return tr("unrounded");
    case LabelRounding::HalfUp:
        break;
    }
    return tr("half-up");
}

} // namespace tribunal
