#include "judges/judgesworkspace.h"

#include "framework/auditsession.h"
#include "framework/qstrings.h"

#include "judging/perturbation.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QSettings>

#include <algorithm>
#include <utility>

namespace tribunal {
namespace {

const char* const kJudgesKey = "judges/list";

/// An upper bound of the requests a design asks for, from counts alone (no prompt is built).
std::uint64_t requestBound(const AuditDesign& design, std::uint64_t items)
{
    std::uint64_t calls = 0;
    for (PromptFormat format : design.formats)
        calls += static_cast<std::uint64_t>(callsPerJudgment(format));
    const std::uint64_t orders = std::max<std::uint64_t>(1, design.orders.size());
    const std::uint64_t conditions = std::max<std::uint64_t>(1, design.conditions.size());
    const std::uint64_t runs = static_cast<std::uint64_t>(std::max(1, design.runs)) +
                               design.bias.size() * static_cast<std::uint64_t>(std::max(1, design.biasRuns));
    return items * design.judges.size() * calls * orders * conditions * runs;
}

struct EstimateResult {
    DesignEstimate estimate;
    std::uint64_t designJudgments = 0;
    std::uint64_t alreadyRecorded = 0;
    std::vector<MissingTexts> missing;
};

/// The estimate of what a run would send now; with `project` (a project that holds judgments) only what it
/// does not hold. A project that cannot be read leaves the whole design (the run reports why).
EstimateResult computeEstimate(const AuditDesign& design, const Audit& items, const QString& project)
{
    EstimateResult result;
    DesignExpansion expansion = expandDesign(design, items);
    result.designJudgments = expansion.tasks.size();
    if (!project.isEmpty() && !expansion.tasks.empty()) {
        QString error;
        if (auto remaining = remainingOfDesign(design, items, expansion, project, &error);
            remaining && remaining->alreadyRecorded > 0) {
            result.alreadyRecorded = remaining->alreadyRecorded;
            expansion = std::move(remaining->expansion);
        }
    }
    result.missing = itemsMissingTexts(items, expansion);
    result.estimate = estimateDesign(design, items, expansion);
    return result;
}

} // namespace

JudgesWorkspace::JudgesWorkspace(AuditSession* session, QObject* parent)
    : Workspace(session, parent), m_session(session)
{
    m_design.formats = {PromptFormat::Direct};
    loadJudges();
    connect(m_session, &AuditSession::auditChanged, this, &JudgesWorkspace::onAuditChanged);
    connect(m_session, &AuditSession::documentChanged, this, &JudgesWorkspace::designChanged);
    connect(m_session, &AuditSession::busyChanged, this, &JudgesWorkspace::designChanged); // Run's state
    onAuditChanged();
}

JudgesWorkspace::~JudgesWorkspace()
{
    m_jobs.waitForWork();
    if (m_scheduler) {
        // Abandons the requests in flight; what was written stays, and the next run resumes.
        disconnect(m_scheduler, nullptr, this, nullptr);
        m_scheduler->cancel();
    }
}

// --- judges ----------------------------------------------------------------------------------------------

QString JudgesWorkspace::checkJudge(const JudgeConfig& judge, int ignoreIndex) const
{
    if (judge.name.trimmed().isEmpty())
        return tr("The judge needs a name.");
    for (std::size_t i = 0; i < m_judges.size(); ++i)
        if (static_cast<int>(i) != ignoreIndex && m_judges[i].name == judge.name)
            return tr("A judge named \"%1\" exists already.").arg(judge.name);
    return {};
}

QString JudgesWorkspace::addJudge(const JudgeConfig& judge)
{
    if (QString reason = checkJudge(judge, -1); !reason.isEmpty())
        return reason;
    m_judges.push_back(judge);
    saveJudges();
    emit judgesChanged();
    designEdited();
    return {};
}

QString JudgesWorkspace::replaceJudge(int index, const JudgeConfig& judge)
{
    if (index < 0 || static_cast<std::size_t>(index) >= m_judges.size())
        return tr("There is no judge %1.").arg(index);
    if (QString reason = checkJudge(judge, index); !reason.isEmpty())
        return reason;
    m_judges[static_cast<std::size_t>(index)] = judge;
    saveJudges();
    emit judgesChanged();
    designEdited();
    return {};
}

void JudgesWorkspace::removeJudge(int index)
{
    if (index < 0 || static_cast<std::size_t>(index) >= m_judges.size())
        return;
    m_judges.erase(m_judges.begin() + index);
    saveJudges();
    emit judgesChanged();
    designEdited();
}

void JudgesWorkspace::loadJudges()
{
    const QByteArray text = QSettings().value(QLatin1String(kJudgesKey)).toByteArray();
    const QJsonArray list = QJsonDocument::fromJson(text).array();
    for (const auto& value : list) {
        QString error;
        // A hand-edited entry that core refuses (or one with a key in it) is dropped, never half-read.
        if (auto judge = judgeConfigFromJson(value.toObject(), &error);
            judge && checkJudge(*judge, -1).isEmpty())
            m_judges.push_back(*judge);
    }
}

void JudgesWorkspace::saveJudges() const
{
    QJsonArray list;
    for (const JudgeConfig& judge : m_judges)
        list.append(judgeConfigToJson(judge)); // no key material by construction (judgeconfig.h)
    QSettings().setValue(QLatin1String(kJudgesKey), QJsonDocument(list).toJson(QJsonDocument::Compact));
}

void JudgesWorkspace::mergeProjectJudges()
{
    bool added = false;
    for (const auto& [name, configJson] : m_session->extras().judges) {
        const QJsonObject object = QJsonDocument::fromJson(QByteArray::fromStdString(configJson)).object();
        QString error;
        auto judge = judgeConfigFromJson(object, &error);
        if (!judge || !checkJudge(*judge, -1).isEmpty())
            continue;
        m_judges.push_back(*judge);
        added = true;
    }
    if (added) {
        saveJudges();
        emit judgesChanged();
    }
}

// --- design ----------------------------------------------------------------------------------------------

QStringList JudgesWorkspace::datasets() const
{
    QStringList names;
    if (!m_session->audit())
        return names;
    for (const auto& entry : m_session->summary().itemsByDataset)
        names << qs(entry.first);
    return names;
}

void JudgesWorkspace::setDatasetIncluded(const QString& dataset, bool included)
{
    if (included == isDatasetIncluded(dataset))
        return;
    if (included)
        m_excluded.remove(dataset);
    else
        m_excluded.insert(dataset);
    designEdited();
}

void JudgesWorkspace::setMaxItemsPerDataset(int maxItems)
{
    maxItems = std::max(0, maxItems);
    if (maxItems == m_design.maxItemsPerDataset)
        return;
    m_design.maxItemsPerDataset = maxItems;
    designEdited();
}

bool JudgesWorkspace::isFormatIncluded(PromptFormat format) const
{
    return std::find(m_design.formats.begin(), m_design.formats.end(), format) != m_design.formats.end();
}

void JudgesWorkspace::setFormatIncluded(PromptFormat format, bool included)
{
    if (included == isFormatIncluded(format))
        return;
    if (included) {
        // Kept in allPromptFormats() order, so the design (and the judgments' order) does not depend on the
        // order of the clicks.
        std::vector<PromptFormat> formats;
        for (PromptFormat f : allPromptFormats())
            if (f == format || isFormatIncluded(f))
                formats.push_back(f);
        m_design.formats = std::move(formats);
    } else {
        std::erase(m_design.formats, format);
    }
    designEdited();
}

bool JudgesWorkspace::isOrderIncluded(Order order) const
{
    return std::find(m_design.orders.begin(), m_design.orders.end(), order) != m_design.orders.end();
}

void JudgesWorkspace::setOrderIncluded(Order order, bool included)
{
    if (included == isOrderIncluded(order))
        return;
    std::vector<Order> orders;
    for (Order o : {Order::AB, Order::BA})
        if ((o == order && included) || (o != order && isOrderIncluded(o)))
            orders.push_back(o);
    m_design.orders = std::move(orders);
    designEdited();
}

void JudgesWorkspace::setRuns(int runs)
{
    runs = std::max(1, runs);
    if (runs == m_design.runs)
        return;
    m_design.runs = runs;
    designEdited();
}

QString JudgesWorkspace::setTemperatureConditions(const QString& text)
{
    std::vector<QJsonObject> conditions;
    if (!text.trimmed().isEmpty()) {
        const QStringList parts = text.split(QLatin1Char(','));
        for (const QString& part : parts) {
            bool ok = false;
            // The C locale: the list separator is a comma, so the decimal separator must be a point.
            const double t = QLocale::c().toDouble(part.trimmed(), &ok);
            if (!ok || t < 0 || t > 2)
                return tr("Temperatures must be numbers from 0 to 2 separated by commas; \"%1\" is not one.")
                    .arg(part.trimmed());
            QJsonObject condition;
            condition.insert(QStringLiteral("temperature"), t);
            conditions.push_back(condition);
        }
    }
    if (conditions != m_design.conditions) {
        m_design.conditions = std::move(conditions);
        designEdited();
    }
    return {};
}

QString JudgesWorkspace::addBias(const DesignBias& bias)
{
    Perturbation perturbation;
    perturbation.test = bias.test;
    perturbation.version = bias.version;
    if (QString reason = validatePerturbation(perturbation); !reason.isEmpty())
        return reason;
    for (const DesignBias& existing : m_design.bias)
        if (existing.test == bias.test && existing.version == bias.version && existing.cueOn == bias.cueOn)
            return tr("This bias version is in the design already.");
    m_design.bias.push_back(bias);
    designEdited();
    return {};
}

void JudgesWorkspace::removeBias(int index)
{
    if (index < 0 || static_cast<std::size_t>(index) >= m_design.bias.size())
        return;
    m_design.bias.erase(m_design.bias.begin() + index);
    designEdited();
}

AuditDesign JudgesWorkspace::runDesign() const
{
    AuditDesign design = m_design;
    if (!m_session->projectPath().isEmpty())
        design.itemSources = QStringList{m_session->projectPath()};
    design.judges = m_judges;
    design.datasets.clear();
    if (!m_excluded.isEmpty())
        for (const QString& dataset : datasets())
            if (!m_excluded.contains(dataset))
                design.datasets << dataset;
    return design;
}

QString JudgesWorkspace::runBlocker() const
{
    if (isRunning())
        return tr("A run is in progress.");
    if (!m_session->audit())
        return tr("Open an audit whose items the judges should judge.");
    if (m_session->projectPath().isEmpty())
        return tr("Save the audit as a project first: the run writes every answer to the project file.");
    if (m_session->isReadOnly())
        return tr("The project is read-only (the bundled sample or a file you may not write): save it as a "
                  "new project first; the run writes every answer to the project file.");
    if (m_session->isDirty())
        return tr("Save the project first: it has unsaved changes.");
    if (m_session->isBusy())
        return tr("Wait for the open, import or save to finish.");
    if (m_judges.empty())
        return tr("Add a judge.");
    if (m_design.formats.empty())
        return tr("Choose a prompt format.");
    if (m_design.orders.empty())
        return tr("Choose an order.");
    const QStringList all = datasets();
    if (!all.isEmpty() &&
        std::all_of(all.begin(), all.end(), [this](const QString& d) { return m_excluded.contains(d); }))
        return tr("Choose a dataset.");
    if (m_hasEstimate && m_designJudgments == 0)
        return tr("The design asks for no judgments: no item fits the chosen formats and datasets.");
    return {};
}

bool JudgesWorkspace::needsSave() const
{
    return !isRunning() && m_session->audit() && !m_session->isBusy() &&
           (m_session->projectPath().isEmpty() || m_session->isDirty() || m_session->isReadOnly());
}

void JudgesWorkspace::onAuditChanged()
{
    mergeProjectJudges();
    emit auditChanged();
    designEdited();
}

void JudgesWorkspace::designEdited()
{
    emit designChanged();
    startEstimate();
}

// --- estimate --------------------------------------------------------------------------------------------

void JudgesWorkspace::startEstimate()
{
    const std::uint64_t generation = ++m_generation;
    m_hasEstimate = false;
    m_estimate = DesignEstimate();
    m_designJudgments = 0;
    m_alreadyRecorded = 0;
    m_missingTexts.clear();
    const AuditPtr audit = m_session->audit();
    const AuditDesign design = runDesign();
    const QStringList all = datasets();
    const bool noDataset = !all.isEmpty() && std::all_of(all.begin(), all.end(), [this](const QString& d) {
        return m_excluded.contains(d);
    });
    if (!audit || noDataset) {
        // Nothing to expand: an empty design, shown as zero.
        m_hasEstimate = audit != nullptr;
        emit estimateChanged();
        return;
    }
    // The project is read for what it holds only when it may hold judgments and a run could write to it (not
    // the read-only sample): a fresh project costs nothing. Reading it is disk work, so it is done off the
    // GUI thread.
    const QString project = !m_session->projectPath().isEmpty() && !m_session->isReadOnly() &&
                                    (m_session->summary().judgments > 0 || m_counts.written > 0)
                                ? m_session->projectPath()
                                : QString();
    const auto apply = [this](EstimateResult result) {
        m_estimate = std::move(result.estimate);
        m_designJudgments = result.designJudgments;
        m_alreadyRecorded = result.alreadyRecorded;
        m_missingTexts = std::move(result.missing);
        m_hasEstimate = true;
        emit estimateChanged();
    };
    if (project.isEmpty() && requestBound(design, audit->itemCount()) <= kAsyncRequests) {
        apply(computeEstimate(design, *audit, project));
        return;
    }
    ++m_asyncEstimates;
    m_jobs.run([design, audit, project] { return computeEstimate(design, *audit, project); },
               [this, generation, apply](EstimateResult result) {
                   if (generation != m_generation)
                       return; // a newer design superseded this one
                   apply(std::move(result));
               });
    emit estimateChanged(); // the old estimate is gone while the new one is computed (isEstimating() now)
}

void JudgesWorkspace::waitForEstimate()
{
    m_jobs.waitForIdle();
}

// --- run -------------------------------------------------------------------------------------------------

bool JudgesWorkspace::startRun(QString* error, bool rerunChanged)
{
    if (QString reason = runBlocker(); !reason.isEmpty()) {
        *error = reason;
        return false;
    }
    m_runProject = m_session->projectPath();
    RunOptions options;
    options.rerunChanged = rerunChanged;
    auto* scheduler = new RunScheduler(runDesign(), m_session->audit(), m_runProject, options, this);
    connect(scheduler, &RunScheduler::progress, this, [this](const RunCounts& counts) {
        m_counts = counts;
        emit progress(counts);
    });
    connect(scheduler, &RunScheduler::finished, this, &JudgesWorkspace::onRunFinished);
    m_counts = RunCounts();
    m_scheduler = scheduler;
    QString reason;
    if (!scheduler->start(&reason)) {
        m_scheduler = nullptr;
        delete scheduler;
        *error = tr("The run could not start: %1").arg(reason);
        return false;
    }
    m_counts = scheduler->counts();
    m_result.clear();
    m_outcome = RunOutcome::Succeeded;
    emit runningChanged(true);
    emit progress(m_counts);
    emit designChanged(); // Run's state depends on it
    return true;
}

void JudgesWorkspace::cancelRun()
{
    if (m_scheduler)
        m_scheduler->cancel();
}

void JudgesWorkspace::onRunFinished(bool cancelled, const QString& error)
{
    // An error found while the scheduler prepared (a design item missing from the project): nothing was
    // sent or written, so it reads as a failed start and the project needs no reopening.
    bool started = true;
    if (m_scheduler) {
        m_counts = m_scheduler->counts();
        started = m_scheduler->isPrepared() || cancelled || error.isEmpty();
        m_scheduler->deleteLater();
        m_scheduler = nullptr;
    }
    if (!started) {
        m_result = tr("The run could not start: %1").arg(error);
        if (m_counts.changed > 0)
            m_result += QStringLiteral(". ") +
                        tr("To keep both, record the change as a condition of the design; to replace them, "
                           "buy them again.");
        emit runningChanged(false);
        emit runFinished(cancelled, error);
        emit designChanged();
        return;
    }
    const QString counts = tr("%L1 answered, %L2 failed, %L3 retried, $%4 spent")
                               .arg(m_counts.answered)
                               .arg(m_counts.failed)
                               .arg(m_counts.retried)
                               .arg(QString::number(m_counts.spendUsd, 'f', 4));
    const QString failures = failureSummary(m_counts.failures);
    m_outcome = runOutcome(m_counts.answered, m_counts.failed);
    if (!error.isEmpty()) {
        m_outcome = RunOutcome::Failed;
        m_result = failures.isEmpty() ? tr("The run stopped: %1 (%2).").arg(error, counts)
                                      : tr("The run stopped: %1 (%2 — %3).").arg(error, counts, failures);
    } else if (cancelled) {
        m_result =
            failures.isEmpty()
                ? tr("Cancelled: %1. Run again to resume; recorded answers are not sent again.").arg(counts)
                : tr("Cancelled: %1 — %2. Run again to resume; recorded answers are not sent again, "
                     "failed ones are.")
                      .arg(counts, failures);
    } else if (m_outcome == RunOutcome::Failed) {
        m_result = tr("Failed: %1 — %2. Run again to send the failed requests again.").arg(counts, failures);
    } else if (m_outcome == RunOutcome::PartlyFailed) {
        m_result = tr("Finished with failures: %1 — %2. Run again to send the failed requests again.")
                       .arg(counts, failures);
    } else {
        m_result = tr("Finished: %1.").arg(counts);
    }
    emit runningChanged(false);
    emit runFinished(cancelled, error);
    emit designChanged();
    // What remains to send has changed (the project holds this run's judgments now).
    startEstimate();

    // Show the new judgments in every panel by reopening the project through the session's open path.
    if (m_session->projectPath() != m_runProject)
        return; // the user opened another audit meanwhile: the run's project stays as it is on disk
    if (m_session->isDirty()) {
        emit statusMessage(
            tr("The project has unsaved changes, so the run's judgments are not shown yet. "
               "Reopen the project to see them (saving now would write the audit without them)."));
        return;
    }
    if (!m_session->openProject(m_runProject))
        emit statusMessage(tr("Reopen the project to see the run's judgments (another job was running)."));
}

QString JudgesWorkspace::runningText() const
{
    if (m_counts.failures.empty())
        return tr("Running…");
    return tr("Running: %L1 answered, %L2 failed so far — %3")
        .arg(m_counts.answered)
        .arg(m_counts.failed)
        .arg(failureSummary(m_counts.failures));
}

QString JudgesWorkspace::failureSummary(const FailureTally& failures)
{
    const std::vector<FailureGroup> groups = failures.groups();
    QStringList parts;
    for (std::size_t i = 0; i < groups.size() && i < static_cast<std::size_t>(kShownReasons); ++i)
        parts << tr("%L1 × %2").arg(groups[i].calls).arg(groups[i].reason);
    if (groups.size() > static_cast<std::size_t>(kShownReasons))
        parts << tr("and %L1 more").arg(groups.size() - static_cast<std::size_t>(kShownReasons));
    return parts.join(QStringLiteral("; "));
}

QString JudgesWorkspace::failureDetails(const FailureTally& failures)
{
    if (failures.empty())
        return {};
    QStringList lines{tr("Failed requests by reason:")};
    for (const FailureGroup& group : failures.groups())
        lines << tr("%L1 × %2").arg(group.calls).arg(group.reason);
    return lines.join(QLatin1Char('\n'));
}

} // namespace tribunal
