#pragma once
// The trust analysis of the open audit as the panels see it (issue 4 "panel framework"): the current
// settings, the computed table (tribunal_core: analyseTrust / groupTrust, bootstrapTrust,
// report/trustexport.h), the row filter and the selected row. Every trust panel (overview, plots, flip
// inspector, export) reads from one TrustWorkspace and changes it only through its setters; panels never
// compute statistics.
//
// Work runs off the GUI thread (QtConcurrent) in two stages: estimates (T0-T12 per row) and then the T13
// intervals (bootstrap, with progress and cancel). A setter recomputes only what depends on it:
//   - trust settings other than the thresholds, or the grouping: estimates, then intervals;
//   - the failure-map thresholds (T11): quadrants re-placed at once, no job;
//   - bootstrap settings: intervals only;
//   - filter and selection: no computation at all.
// A newer request supersedes a running one (its result is dropped; a superseded bootstrap is cancelled).
// GUI thread only.

#include "framework/backgroundjobs.h"
#include "framework/jobcancel.h"
#include "framework/labelnote.h"

#include "analysis/trustanalysis.h"
#include "analysis/trustbootstrap.h"
#include "model/audit.h"
#include "report/trusttable.h"

#include "framework/workspace.h"

#include <QObject>

#include <atomic>
#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace tribunal {

class AuditSession;

/// Everything the trust numbers depend on.
struct TrustViewSettings {
    TrustSettings trust;
    /// Intervals (T13). resamples = 0: no intervals.
    BootstrapSettings bootstrap;
    /// Pool cells that agree on these columns (trustgrouping.h). Empty: one row per audit cell, with
    /// intervals. A grouping has no intervals (the bootstrap is per cell).
    std::vector<std::string> groupBy;
};

/// One computed state; immutable once published (shared between panels and worker threads).
struct TrustView {
    AuditPtr audit;
    TrustViewSettings settings;
    /// Pairwise rows only, in table order (analyseTrust's cell order, or the grouping's group order).
    std::vector<TrustCellResult> results;
    /// The audit cells (indices into Audit::cells()) behind each row; one per row without a grouping.
    std::vector<std::vector<std::uint32_t>> rowCells;
    /// The written table (labels, metrics, and interval ends once intervalsReady), exactly what
    /// `tribunal-cli trust` writes for the same settings.
    TrustTable table;
    /// Intervals parallel to results (empty until computed, or when there are none).
    std::vector<TrustCellIntervals> intervals;
    bool intervalsReady = false;
    bool grouped = false;
    /// Results left out because their cells hold no pairwise items.
    std::size_t skippedRows = 0;
    /// missingLabels() of the audit's pairwise cells: why A, A_max, T and T_joint are empty for some.
    MissingLabels labels;

    int rowCount() const { return static_cast<int>(table.rows.size()); }
};
using TrustViewPtr = std::shared_ptr<const TrustView>;

/// Which rows the panels show: per column (judge, format, dataset or a condition name of the table) the
/// accepted values; a column without an entry accepts everything.
struct TrustRowFilter {
    std::map<std::string, std::set<std::string>> accepted;
    bool accepts(const TrustTable& table, const TrustTableRow& row) const;
    bool isEmpty() const { return accepted.empty(); }
};

/// The first screen of the bundled sample: only the datasets of its simulated trust audit
/// (analysis/trustsimulator.h), where every row has T. An empty filter when the audit has none of them.
TrustRowFilter simulatedTrustFilter(const Audit& audit);

/// The value of column `column` (judge, format, dataset or a condition name) in `row`; empty if unknown.
std::string trustRowValue(const TrustTable& table, const TrustTableRow& row, const std::string& column);

class TrustWorkspace : public Workspace {
    Q_OBJECT
public:
    explicit TrustWorkspace(AuditSession* session, QObject* parent = nullptr);
    ~TrustWorkspace() override;

    AuditSession* session() const { return m_session; }
    /// The current view; never null (an empty view without an audit).
    const TrustViewPtr& view() const { return m_view; }
    const TrustViewSettings& settings() const { return m_settings; }
    /// Applies `settings` and stores the trust and bootstrap ones in the session's project settings
    /// (analysis/storedtrustsettings.h), an unsaved change when they differ from what the project holds. An
    /// opened or imported audit starts from the settings its project stores (defaults for missing keys).
    void setSettings(const TrustViewSettings& settings);

    const TrustRowFilter& filter() const { return m_filter; }
    void setFilter(const TrustRowFilter& filter);
    bool isRowVisible(int row) const;

    /// Selected table row, or -1. Selecting an invisible or out-of-range row selects nothing.
    int selectedRow() const { return m_selectedRow; }
    void selectRow(int row);

    /// A job is running (estimates or intervals).
    bool isBusy() const override { return m_jobs.isBusy(); }
    bool isComputingIntervals() const { return m_computingIntervals; }
    /// Cancels the running interval computation (the estimates stay).
    void cancel();
    /// Blocks until no job runs and every result was applied. For tests and shutdown.
    void waitForIdle() override;

    /// How often each stage ran (tests check that a setting recomputes only what depends on it).
    int estimateRuns() const { return m_estimateRuns; }
    int intervalRuns() const { return m_intervalRuns; }

signals:
    /// A new view with (possibly) different rows: estimates recomputed, audit or grouping changed. The
    /// selection was reset when the rows changed.
    void viewChanged();
    /// Same rows, new numbers in place: intervals arrived, or quadrants re-placed after a threshold change.
    void valuesChanged();
    void filterChanged();
    void selectedRowChanged(int row);
    void busyChanged(bool busy);
    /// Interval progress: done of total cells.
    void progressChanged(qint64 done, qint64 total);

private:
    void onAuditChanged();
    void storeSettings();
    void startEstimates();
    void startIntervals();
    void applyEstimates(std::uint64_t generation, TrustViewPtr view);
    void applyIntervals(std::uint64_t generation, std::vector<TrustCellIntervals> intervals);
    void replaceQuadrants();

    AuditSession* m_session;
    TrustViewPtr m_view;
    TrustViewSettings m_settings;
    TrustRowFilter m_filter;
    int m_selectedRow = -1;
    std::uint64_t m_estimateGeneration = 0;
    std::uint64_t m_intervalGeneration = 0;
    JobCancel m_intervalCancel;        ///< the running bootstrap's flag (jobcancel.h)
    bool m_computingIntervals = false; ///< a bootstrap of the current generation runs
    BackgroundJobs m_jobs{this, [this](bool busy) { emit busyChanged(busy); }};
    int m_estimateRuns = 0;
    int m_intervalRuns = 0;
};

} // namespace tribunal
