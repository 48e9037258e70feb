#pragma once
// The rubric-judge results of the open audit as the Rubric judges panel sees them (issue 6, workbench.md;
// metrics.md R1-R7): the current settings, the rubric report (tribunal_core analyseRubric: R2-R6 rows, R4
// reference, R5 shifts) with its flat table and the confusion matrices (analyseRubricConfusion), the paired
// comparisons of the chosen judges (compareJudges, R7) with their flat table, and the selected row of the
// rubric table. The panel's tables, plots and drill-down read from one RubricWorkspace and change it only
// through its setters; they never compute statistics.
//
// Work runs off the GUI thread (BackgroundJobs, at background priority). A setter recomputes only what
// depends on it:
//   - the rounding rule (R1) or a new audit: both jobs (the report and the comparisons take labels from it);
//   - resamples, seed, margin, cluster bootstrap or the judge choice: the comparison job only;
//   - the selected row: no computation at all.
// A newer request supersedes a running job of the same kind: its result is dropped when it arrives (the
// comparison job's cancel flag is raised too, jobcancel.h: R7 stops at its next block of resamples; the
// report job is short and runs to its end). The dock's progress bar is the comparison job's
// (Workspace::jobProgress: compareJudges's R7 steps, a step per block of resamples; the report job has no
// chunks to report, and a superseded job's steps never reach the bar). GUI thread only.

#include "framework/backgroundjobs.h"
#include "framework/jobcancel.h"
#include "framework/labelnote.h"

#include "analysis/judgecomparison.h"
#include "analysis/rubricconfusion.h"
#include "report/rubrictables.h"

#include "framework/workspace.h"

#include <QObject>
#include <QString>

#include <cstdint>
#include <memory>
#include <vector>

namespace tribunal {

class AuditSession;

/// PairedSettings as `tribunal-cli compare` runs without options (the cluster bootstrap only with --cluster).
inline PairedSettings cliPairedDefaults()
{
    PairedSettings paired;
    paired.clusterBootstrap = false;
    return paired;
}

/// What the panel's settings row sets. The defaults are `tribunal-cli compare`'s (no --cluster: off).
struct RubricPanelSettings {
    LabelRounding rounding = LabelRounding::HalfUp;
    PairedSettings paired = cliPairedDefaults();
    /// Judges left out of the comparisons (ids of the open audit; reset when another audit opens).
    std::vector<StrId> excludedJudges;
};

/// The rubric report of one audit under one rounding rule; immutable once published.
struct RubricView {
    AuditPtr audit;
    RubricAgreementSettings settings;
    RubricReport report;
    /// rubricTable(audit, report): row r < report.rows.size() is report.rows[r], the rest the baselines.
    FlatTable table;
    std::vector<RubricConfusion> confusions;
    /// A result for `audit` is shown (false while the first job for it runs, or without an audit).
    bool computed = false;
    QString error; ///< why nothing was computed (core refused)
    /// missingLabels() of the rubric cells: why the agreement columns are empty for some panels.
    MissingLabels labels;

    int rowCount() const { return static_cast<int>(table.rows.size()); }
    /// The agreement row behind table row `row` (judge or R6 baseline), or null.
    const RubricAgreementRow* row(int row) const;
    /// Index into confusions of a judge criterion row, or -1 (pooled rows, baselines).
    int confusionOf(int row) const;
    /// Indices into confusions of every criterion of a judge row's cell and kind (a pooled row: all its
    /// criteria; a criterion row: itself). Empty for baselines.
    std::vector<int> confusionsOfCell(int row) const;
    /// R5: indices into report.shifts of every judge's curve on the row's panel and criterion (pooled row:
    /// the pooled curves of the panel). Empty for binary rows and baselines.
    std::vector<int> shiftsFor(int row) const;
    /// The table row of the judge row matching a level-shift row, or -1.
    int rowOfShift(const LevelShiftRow& shift) const;
};
using RubricViewPtr = std::shared_ptr<const RubricView>;

/// The paired comparisons (R7) of the chosen judges; immutable once published.
struct ComparisonView {
    AuditPtr audit;
    JudgeComparisonSettings settings;
    PairedSettings paired;
    /// Every judge with a rubric cell (a cell without a bias test on a panel with binary or ordinal items),
    /// in Audit::cells() order; the comparisons use those not excluded, in this order.
    std::vector<StrId> availableJudges;
    std::vector<StrId> judges;
    std::vector<JudgeComparison> comparisons;
    /// compareTable(audit, comparisons, paired.clusterBootstrap): row i is comparisons[i].
    FlatTable table;
    bool computed = false;
    QString error;          ///< why there are no comparisons (fewer than two judges, core refused)
    bool cancelled = false; ///< stopped at its cancel flag (superseded); never published

    int rowCount() const { return static_cast<int>(table.rows.size()); }
};
using ComparisonViewPtr = std::shared_ptr<const ComparisonView>;

class RubricWorkspace : public Workspace {
    Q_OBJECT
public:
    explicit RubricWorkspace(AuditSession* session, QObject* parent = nullptr);
    ~RubricWorkspace() override;

    AuditSession* session() const { return m_session; }
    /// The current views; never null.
    const RubricViewPtr& view() const { return m_view; }
    const ComparisonViewPtr& comparisonView() const { return m_comparisons; }
    const RubricPanelSettings& settings() const { return m_settings; }
    void setSettings(const RubricPanelSettings& settings);
    void setRounding(LabelRounding rounding);
    void setJudgeIncluded(StrId judge, bool included);

    /// Selected rubric table row, or -1. A new audit's first result selects its first ordinal criterion row
    /// (else its first row); a result for another rounding rule keeps the selection (same rows).
    int selectedRow() const { return m_selectedRow; }
    void selectRow(int row);

    bool isBusy() const override { return m_jobs.isBusy(); }
    /// Blocks until no job runs and every result was applied. For tests and shutdown.
    void waitForIdle() override;
    /// How often each job was started (tests check that a setting recomputes only what depends on it).
    int analysisRuns() const { return m_analysisRuns; }
    int comparisonRuns() const { return m_comparisonRuns; }

    /// Every judge that has a rubric cell in `audit`, in cell order.
    static std::vector<StrId> rubricJudges(const Audit& audit);
    /// "judge · format" or "judge · format · key=value, ..." of a cell key; `format` empty: "judge".
    static QString cellLabel(const Audit& audit, StrId judge, StrId format, CondId condition);
    /// "key=value, ..." of a condition; empty for condition 0.
    static QString conditionLabel(const Audit& audit, CondId condition);
    /// "half-up", "half-down", "unrounded" as shown in the settings row.
    static QString roundingTitle(LabelRounding rounding);

signals:
    /// A new rubric view (rows may differ); the selection was kept when the rows kept their meaning.
    void viewChanged();
    void comparisonsChanged();
    void selectedRowChanged(int row);
    void busyChanged(bool busy);

private:
    void onAuditChanged();
    void startAnalysis();
    void startComparisons();
    void applyAnalysis(std::uint64_t generation, std::shared_ptr<RubricView> view);
    void applyComparisons(std::uint64_t generation, std::shared_ptr<ComparisonView> view);

    AuditSession* m_session;
    RubricViewPtr m_view;
    ComparisonViewPtr m_comparisons;
    RubricPanelSettings m_settings;
    int m_selectedRow = -1;
    std::uint64_t m_analysisGeneration = 0;
    std::uint64_t m_comparisonGeneration = 0;
    int m_analysisRuns = 0;
    int m_comparisonRuns = 0;
    BackgroundJobs m_jobs{this, [this](bool busy) { emit busyChanged(busy); }};
    JobCancel m_cancelComparisons; ///< the R7 comparison job's; cancelled on destruction
};

} // namespace tribunal
