#pragma once
// The state of the Judges dock (issue 8, workbench.md "Judges panel"): the judge list, the audit design being
// edited over the open audit's items, its estimate (core's expandDesign + estimateDesign) and the running
// RunScheduler with its live counts. The panel renders this object and changes it only through its setters;
// it never computes anything itself.
//
// Judges: every judge of the list takes part in a run. The list is kept in QSettings ("judges/list", a JSON
// array of judgeConfigToJson objects - which by construction hold no key, only the NAME of the environment
// variable), because AuditSession offers no way to write the project's judges table; the run itself writes
// the configurations of the judges it uses to that table (RunScheduler, before ready()). Opening a project
// adds the judges of its judges table whose names the list does not have yet (the list's own entries win).
//
// Design: the items are the open audit's (itemSources = its project path when the run starts); datasets are
// kept as the set of UNCHECKED dataset names, so a reopened project (new judgments, same datasets) keeps the
// filter. Temperature conditions come from a comma-separated line: one condition {"temperature": t} each.
//
// Estimate: recomputed after every change of judges or design and after the audit changed. When the design
// may ask for more than kAsyncRequests requests (an upper bound from counts alone: items x judges x calls of
// the formats x orders x runs x conditions x (1 + bias versions)) it is computed off the GUI thread
// (BackgroundJobs; a newer request supersedes an older one's result), else at once. Once the (writable)
// project holds judgments - a run was cancelled or had failures - the estimate counts only what a run would
// send now (core's remainingOfDesign, which reads the project: always off the GUI thread then).
//
// Run: needs a saved project without unsaved changes (the scheduler appends to the file; see runBlocker()).
// The RunScheduler lives on the GUI thread and is event-loop driven. Cancel stops it cleanly; a later run
// resumes (counts().alreadyRecorded). When a run ends, the project is reopened through
// AuditSession::openProject (the existing open path) so every panel shows the new judgments - unless the
// session moved on to another project, is busy, or has unsaved changes (reopening would drop them; a
// statusMessage says what to do instead).
//
// GUI thread only.

#include "framework/backgroundjobs.h"

#include "judging/auditdesign.h"
#include "judging/runscheduler.h"

#include "framework/workspace.h"

#include <QObject>
#include <QPointer>
#include <QSet>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <memory>
#include <vector>

namespace tribunal {

class AuditSession;

class JudgesWorkspace : public Workspace {
    Q_OBJECT
public:
    /// Above this many requests (upper bound, see the file comment) the estimate is computed off the GUI
    /// thread.
    static constexpr std::uint64_t kAsyncRequests = 200000;

    explicit JudgesWorkspace(AuditSession* session, QObject* parent = nullptr);
    ~JudgesWorkspace() override;

    AuditSession* session() const { return m_session; }

    // --- judges -------------------------------------------------------------------------------------------
    const std::vector<JudgeConfig>& judges() const { return m_judges; }
    /// Appends a judge; "" on success, else why not (the name is empty or taken). Saved in QSettings.
    QString addJudge(const JudgeConfig& judge);
    /// Replaces judge `index`; the new name may be its own but no other judge's.
    QString replaceJudge(int index, const JudgeConfig& judge);
    void removeJudge(int index);

    // --- design -------------------------------------------------------------------------------------------
    /// The design without items and judges (runDesign() adds them).
    const AuditDesign& design() const { return m_design; }
    /// The open audit's datasets, in name order (empty without an audit).
    QStringList datasets() const;
    bool isDatasetIncluded(const QString& dataset) const { return !m_excluded.contains(dataset); }
    void setDatasetIncluded(const QString& dataset, bool included);
    /// 0 = all items of each dataset.
    void setMaxItemsPerDataset(int maxItems);
    void setFormatIncluded(PromptFormat format, bool included);
    bool isFormatIncluded(PromptFormat format) const;
    void setOrderIncluded(Order order, bool included);
    bool isOrderIncluded(Order order) const;
    /// >= 1
    void setRuns(int runs);
    /// Comma-separated temperatures in [0, 2] ("" = no conditions: the judges' own temperature). "" on
    /// success, else the reason (the design is left unchanged then).
    QString setTemperatureConditions(const QString& text);
    /// Adds a bias version after validatePerturbation; "" on success, else the reason.
    QString addBias(const DesignBias& bias);
    void removeBias(int index);

    /// The design to run: the project path as the item source, the judge list, and the dataset filter.
    AuditDesign runDesign() const;
    /// "" when Run can start, else why not (for a tooltip / status line).
    QString runBlocker() const;
    /// True when the only thing missing is a saved project (the panel then offers Save As).
    bool needsSave() const;

    // --- estimate -----------------------------------------------------------------------------------------
    /// Whether estimate() belongs to the current design and audit.
    bool hasEstimate() const { return m_hasEstimate; }
    /// The estimate of what a run would send now: once the project holds judgments of the design (a run was
    /// cancelled, or failed in part), only the judgments it does not hold yet (remainingOfDesign), else all.
    const DesignEstimate& estimate() const { return m_estimate; }
    /// Judgments the design asks for, recorded or not (estimate().judgments when nothing is recorded).
    std::uint64_t designJudgments() const { return m_designJudgments; }
    /// Judgments of the design the project holds already (not sent again; not in estimate()).
    std::uint64_t alreadyRecorded() const { return m_alreadyRecorded; }
    /// The items of estimate() whose prompts lack a text (itemsMissingTexts), per dataset; the panel warns
    /// before a run sends them.
    const std::vector<MissingTexts>& missingTexts() const { return m_missingTexts; }
    bool isEstimating() const { return m_jobs.isBusy(); }
    /// Blocks until no estimate job runs and its result was applied. For tests and shutdown.
    void waitForEstimate();
    /// Workspace: the estimate job (a run is the user's and goes on while the workbench is otherwise idle).
    bool isBusy() const override { return isEstimating(); }
    void waitForIdle() override { waitForEstimate(); }
    /// How many estimates ran off the GUI thread (tests).
    int asyncEstimates() const { return m_asyncEstimates; }

    // --- run ----------------------------------------------------------------------------------------------
    bool isRunning() const { return m_scheduler != nullptr; }
    /// The counts of the running (or last) run.
    const RunCounts& counts() const { return m_counts; }
    /// Starts a run of runDesign(). False with *error when runBlocker() says no or the scheduler refused. An
    /// error the scheduler finds while it prepares (RunScheduler::isPrepared()) ends the run with
    /// resultText() "The run could not start: <error>", as a refusal reads, and the project is not reopened;
    /// when the refusal is for recorded judgments asked otherwise, counts().changed says how many, and
    /// `rerunChanged` (RunOptions::rerunChanged) buys them again.
    bool startRun(QString* error, bool rerunChanged = false);
    /// Stops the running run cleanly (finished follows); a later startRun resumes.
    void cancelRun();
    /// The line describing how the last run ended ("" before the first).
    const QString& resultText() const { return m_result; }
    /// How the last run ended for the status line's look: runOutcome() of its counts, Failed when writing
    /// the project stopped it, Succeeded before the first run and after a run that could not start.
    RunOutcome resultOutcome() const { return m_outcome; }
    /// The status line while a run goes: "Running…", or with failed calls "Running: 3 answered, 10 failed so
    /// far — <failureSummary>".
    QString runningText() const;

    /// At most this many reasons are named in a status line (failureSummary); the rest are counted.
    static constexpr int kShownReasons = 3;
    /// "10 × cannot connect to http://…; 3 × HTTP 400: …; and 2 more" (reasons most frequent first, core's
    /// FailureTally::groups()); "" without failures.
    static QString failureSummary(const FailureTally& failures);
    /// Every reason on a line of its own under a heading, for the status line's tooltip; "" without failures.
    static QString failureDetails(const FailureTally& failures);

signals:
    void judgesChanged();
    void designChanged();
    /// The open audit changed (the dataset list may have changed).
    void auditChanged();
    void estimateChanged();
    void estimatingChanged(bool busy);
    void runningChanged(bool running);
    void progress(const tribunal::RunCounts& counts);
    /// After the run ended; resultText() is set. `error` is empty unless the run could not start (see
    /// startRun) or writing the project failed.
    void runFinished(bool cancelled, const QString& error);

private:
    void onAuditChanged();
    void loadJudges();
    void saveJudges() const;
    void mergeProjectJudges();
    void designEdited();
    void startEstimate();
    void onRunFinished(bool cancelled, const QString& error);
    QString checkJudge(const JudgeConfig& judge, int ignoreIndex) const;

    AuditSession* m_session;
    std::vector<JudgeConfig> m_judges;
    AuditDesign m_design;
    QSet<QString> m_excluded;
    DesignEstimate m_estimate;
    std::uint64_t m_designJudgments = 0;
    std::uint64_t m_alreadyRecorded = 0;
    std::vector<MissingTexts> m_missingTexts;
    bool m_hasEstimate = false;
    std::uint64_t m_generation = 0;
    int m_asyncEstimates = 0;
    QPointer<RunScheduler> m_scheduler;
    QString m_runProject;
    RunCounts m_counts;
    QString m_result;
    RunOutcome m_outcome = RunOutcome::Succeeded;
    BackgroundJobs m_jobs{this, [this](bool busy) { emit estimatingChanged(busy); }};
};

} // namespace tribunal
