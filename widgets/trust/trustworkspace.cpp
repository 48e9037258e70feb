#include "trust/trustworkspace.h"

#include "framework/auditsession.h"
#include "framework/coreerrortext.h"

#include "analysis/storedtrustsettings.h"
#include "analysis/trustgrouping.h"
#include "analysis/trustsimulator.h"
#include "report/trustexport.h"

#include <stdexcept>

namespace tribunal {

namespace {

bool sameTrust(const TrustSettings& a, const TrustSettings& b)
{
    return a.consistencyUnit == b.consistencyUnit && a.qMode == b.qMode &&
           a.assumeConsistentWhenSingleRun == b.assumeConsistentWhenSingleRun;
}

bool sameThresholds(const TrustSettings& a, const TrustSettings& b)
{
    return a.goodConsistency == b.goodConsistency && a.goodFlipRate == b.goodFlipRate;
}

bool sameBootstrap(const BootstrapSettings& a, const BootstrapSettings& b)
{
    return a.resamples == b.resamples && a.seed == b.seed && a.level == b.level && a.threads == b.threads;
}

// Worker thread: the estimates stage (T0-T12 per row) and the written table.
std::shared_ptr<TrustView> computeEstimates(const AuditPtr& audit, const TrustViewSettings& settings,
                                            QString* error)
{
    auto view = std::make_shared<TrustView>();
    view->audit = audit;
    view->settings = settings;
    if (!audit)
        return view;
    view->labels = missingLabels(*audit, LabelScope::PairwiseItems, QStringLiteral("A, A_max, T, T_joint"));
    if (settings.groupBy.empty()) {
        const auto all = analyseTrust(*audit, settings.trust);
        view->table = auditTrustTable(*audit, all, {}, settings.trust, nullptr, &view->skippedRows);
        for (const auto& r : all) {
            if (!hasPairwiseData(r))
                continue;
            view->results.push_back(r);
            view->rowCells.push_back({r.cell});
        }
        return view;
    }
    view->grouped = true;
    TrustGrouping grouping;
    try {
        grouping = groupTrust(*audit, settings.groupBy, settings.trust);
    } catch (const std::invalid_argument& e) {
        *error = coreErrorText(e);
        return nullptr;
    }
    view->table = groupedTrustTable(grouping, settings.trust, &view->skippedRows);
    for (const auto& group : grouping.groups) {
        if (!hasPairwiseData(group.result))
            continue;
        view->results.push_back(group.result);
        view->rowCells.push_back(group.cells);
    }
    return view;
}

StoredTrustSettings storedDefaults()
{
    const TrustViewSettings defaults;
    return {defaults.trust, defaults.bootstrap};
}

} // namespace

TrustRowFilter simulatedTrustFilter(const Audit& audit)
{
    std::set<std::string> present;
    for (const Cell& cell : audit.cells())
        for (auto name : trustSimDatasets())
            if (audit.str(cell.dataset) == name)
                present.insert(std::string(name));
    TrustRowFilter filter;
    if (!present.empty())
        filter.accepted["dataset"] = std::move(present);
    return filter;
}

bool TrustRowFilter::accepts(const TrustTable& table, const TrustTableRow& row) const
{
    for (const auto& [column, values] : accepted) {
        if (!values.contains(trustRowValue(table, row, column)))
            return false;
    }
    return true;
}

std::string trustRowValue(const TrustTable& table, const TrustTableRow& row, const std::string& column)
{
    if (column == "judge")
        return row.judge;
    if (column == "format")
        return row.format;
    if (column == "dataset")
        return row.dataset;
    for (std::size_t i = 0; i < table.conditionNames.size() && i < row.conditions.size(); ++i) {
        if (table.conditionNames[i] == column)
            return row.conditions[i];
    }
    return {};
}

TrustWorkspace::TrustWorkspace(AuditSession* session, QObject* parent)
    : Workspace(session, parent), m_session(session), m_view(std::make_shared<TrustView>())
{
    connect(m_session, &AuditSession::auditChanged, this, &TrustWorkspace::onAuditChanged);
    if (m_session->audit())
        onAuditChanged();
}

TrustWorkspace::~TrustWorkspace()
{
    m_intervalCancel.cancel();
    m_jobs.waitForWork();
}

void TrustWorkspace::setSettings(const TrustViewSettings& settings)
{
    const auto old = m_settings;
    m_settings = settings;
    storeSettings();
    if (!sameTrust(old.trust, settings.trust) || old.groupBy != settings.groupBy) {
        startEstimates();
        return;
    }
    if (!sameThresholds(old.trust, settings.trust))
        replaceQuadrants();
    if (!sameBootstrap(old.bootstrap, settings.bootstrap))
        startIntervals();
}

void TrustWorkspace::setFilter(const TrustRowFilter& filter)
{
    m_filter = filter;
    if (m_selectedRow >= 0 && !isRowVisible(m_selectedRow)) {
        m_selectedRow = -1;
        emit selectedRowChanged(-1);
    }
    emit filterChanged();
}

bool TrustWorkspace::isRowVisible(int row) const
{
    if (row < 0 || row >= m_view->rowCount())
        return false;
    return m_filter.accepts(m_view->table, m_view->table.rows[static_cast<std::size_t>(row)]);
}

void TrustWorkspace::selectRow(int row)
{
    if (!isRowVisible(row))
        row = -1;
    if (row == m_selectedRow)
        return;
    m_selectedRow = row;
    emit selectedRowChanged(row);
}

void TrustWorkspace::cancel()
{
    m_intervalCancel.cancel();
}

void TrustWorkspace::waitForIdle()
{
    m_jobs.waitForIdle();
}

void TrustWorkspace::storeSettings()
{
    if (!m_session->audit())
        return;
    auto stored = m_session->extras().settings;
    storeTrustSettings({m_settings.trust, m_settings.bootstrap}, storedDefaults(), stored);
    if (!m_session->setProjectSettings(stored))
        emit statusMessage(tr("The settings apply, but the project stores them only once the running job "
                              "has finished: change them again then."));
}

void TrustWorkspace::onAuditChanged()
{
    // The settings follow the project: what it stores, defaults for the rest.
    std::vector<std::string> problems;
    const auto stored = loadTrustSettings(m_session->extras().settings, storedDefaults(), &problems);
    m_settings.trust = stored.trust;
    const int threads = m_settings.bootstrap.threads;
    m_settings.bootstrap = stored.bootstrap;
    m_settings.bootstrap.threads = threads;
    if (!problems.empty()) {
        QStringList lines;
        for (const auto& p : problems)
            lines << QString::fromStdString(p);
        emit statusMessage(
            tr("Project settings not read (the defaults apply): %1").arg(lines.join(QStringLiteral("; "))));
    }
    startEstimates();
}

void TrustWorkspace::startEstimates()
{
    // A running bootstrap belongs to the old estimates: stop it and drop its result.
    cancel();
    m_computingIntervals = false;
    ++m_intervalGeneration;
    const auto generation = ++m_estimateGeneration;
    ++m_estimateRuns;
    const auto audit = m_session->audit();
    const auto settings = m_settings;
    struct Estimates {
        TrustViewPtr view;
        QString error;
    };
    m_jobs.run(
        [audit, settings] {
            Estimates result;
            result.view = computeEstimates(audit, settings, &result.error);
            return result;
        },
        [this, generation](Estimates result) {
            if (!result.view && generation == m_estimateGeneration)
                emit statusMessage(tr("Grouping failed: %1").arg(result.error));
            applyEstimates(generation, std::move(result.view));
        });
}

void TrustWorkspace::applyEstimates(std::uint64_t generation, TrustViewPtr view)
{
    if (generation != m_estimateGeneration || !view)
        return;
    // Settings may have changed after the job started in ways that need no new estimates (thresholds,
    // bootstrap): the view states the settings it was computed with, except those.
    auto fresh = std::const_pointer_cast<TrustView>(view);
    fresh->settings.bootstrap = m_settings.bootstrap;
    const bool rowsKept =
        m_view->audit == view->audit && m_view->table.rows.size() == view->table.rows.size() &&
        m_view->grouped == view->grouped && m_view->settings.groupBy == view->settings.groupBy;
    const bool newNote = m_view->labels.note != view->labels.note;
    m_view = std::move(view);
    if (!sameThresholds(m_view->settings.trust, m_settings.trust))
        replaceQuadrants();
    emit viewChanged();
    // The missing-labels status speaks of rows the user sees (the bundled sample opens filtered to labelled
    // data).
    bool unlabelledShown = false;
    for (std::size_t row = 0; row < m_view->results.size() && !unlabelledShown; ++row)
        unlabelledShown = m_view->results[row].pairs > 0 && m_view->results[row].labelledPairs == 0 &&
                          isRowVisible(static_cast<int>(row));
    if (newNote && !m_view->labels.status.isEmpty() && unlabelledShown)
        emit statusMessage(m_view->labels.status);
    if (m_selectedRow >= 0 && (!rowsKept || !isRowVisible(m_selectedRow))) {
        m_selectedRow = -1;
        emit selectedRowChanged(-1);
    }
    startIntervals();
}

void TrustWorkspace::startIntervals()
{
    cancel();
    m_computingIntervals = false;
    const auto generation = ++m_intervalGeneration;
    const auto view = m_view;
    const auto bootstrap = m_settings.bootstrap;
    if (view->intervalsReady) {
        // Drop the old intervals at once: they belong to other bootstrap settings.
        auto bare = std::make_shared<TrustView>(*view);
        bare->intervals.clear();
        bare->intervalsReady = false;
        bare->settings.bootstrap = bootstrap;
        bare->table.resamples = 0;
        for (auto& row : bare->table.rows)
            setTrustTableIntervals(row, TrustCellIntervals{});
        m_view = std::move(bare);
        emit valuesChanged();
    }
    if (!view->audit || view->results.empty() || bootstrap.resamples <= 0)
        return;
    if (view->grouped) {
        emit statusMessage(tr("No intervals for a grouping: the bootstrap is per cell."));
        return;
    }
    const JobCancel::Flag flag = m_intervalCancel.next();
    m_computingIntervals = true;
    ++m_intervalRuns;
    const auto audit = view->audit;
    const auto trust = view->settings.trust;
    auto work = [this, generation, audit, trust, bootstrap, flag] {
        Progress progress = JobCancel::progress(flag);
        progress.report = [this, generation](std::uint64_t done, std::uint64_t total) {
            QMetaObject::invokeMethod(
                this,
                [this, generation, done, total] {
                    if (generation == m_intervalGeneration)
                        emit progressChanged(static_cast<qint64>(done), static_cast<qint64>(total));
                },
                Qt::QueuedConnection);
        };
        auto intervals = bootstrapTrust(*audit, trust, bootstrap, progress);
        if (flag->load())
            intervals.clear();
        return intervals;
    };
    m_jobs.run(std::move(work), [this, generation](std::vector<TrustCellIntervals> intervals) {
        applyIntervals(generation, std::move(intervals));
    });
}

void TrustWorkspace::applyIntervals(std::uint64_t generation, std::vector<TrustCellIntervals> intervals)
{
    if (generation != m_intervalGeneration) {
        if (intervals.empty()) // superseded and stopped at its flag (bootstrapTrust returns no cell then)
            countCancelled();
        return;
    }
    m_computingIntervals = false;
    if (intervals.empty()) {
        emit statusMessage(tr("Intervals cancelled."));
        return;
    }
    auto next = std::make_shared<TrustView>(*m_view);
    next->intervals.clear();
    for (std::size_t row = 0; row < next->results.size(); ++row) {
        const auto cell = next->rowCells[row].front();
        next->intervals.push_back(cell < intervals.size() ? intervals[cell] : TrustCellIntervals{});
        setTrustTableIntervals(next->table.rows[row], next->intervals.back());
    }
    next->intervalsReady = true;
    next->settings.bootstrap = m_settings.bootstrap;
    next->table.resamples = m_settings.bootstrap.resamples;
    next->table.seed = m_settings.bootstrap.seed;
    next->table.level = m_settings.bootstrap.level;
    m_view = std::move(next);
    emit valuesChanged();
}

void TrustWorkspace::replaceQuadrants()
{
    // T11: only the placement depends on the thresholds; C and phi stay.
    auto next = std::make_shared<TrustView>(*m_view);
    next->settings.trust.goodConsistency = m_settings.trust.goodConsistency;
    next->settings.trust.goodFlipRate = m_settings.trust.goodFlipRate;
    for (std::size_t row = 0; row < next->results.size(); ++row) {
        auto& r = next->results[row];
        r.quadrant = placeQuadrant(r.consistency, r.flipRate, next->settings.trust);
        next->table.rows[row].quadrant = std::string(quadrantName(r.quadrant));
    }
    m_view = std::move(next);
    emit valuesChanged();
}

} // namespace tribunal
