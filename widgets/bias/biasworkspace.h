#pragma once
// The bias-test results of the open audit as the Bias tests panel sees them (issue 5, workbench.md "Bias
// tests"): the current settings, the computed BiasAnalysis (tribunal_core analyseBias: design rows, B1-B10,
// B12) and the B11 calibration (analyseCalibration), which (format, condition) family is shown, and the
// selected design row. The panel's plots, item list and comparison view read from one BiasWorkspace and
// change it only through its setters; they never compute statistics.
//
// Work runs off the GUI thread (QtConcurrent, at background priority). A setter recomputes only what depends
// on it:
//   - the margin delta alone (B4): verdicts re-derived at once with core's verdictAtMargin, no job - the
//     bootstrap intervals do not depend on it;
//   - every other bias setting, or a new audit: one job (analyseBias and analyseCalibration);
//   - family and selection: no computation at all.
// A newer request supersedes a running job: its cancel flag is raised (jobcancel.h; B4 / B5 stop at the next
// design row) and its result dropped when it arrives. The dock's progress bar is the analysis job's
// (Workspace::jobProgress: analyseBias's steps, one per design row that resamples; the superseded job's
// steps never reach it). GUI thread only.

#include "framework/backgroundjobs.h"
#include "framework/jobcancel.h"

#include "analysis/biasanalysis.h"
#include "analysis/calibration.h"
#include "model/audit.h"

#include "framework/workspace.h"
#include <QColor>

#include <QObject>
#include <QString>

#include <cstdint>
#include <memory>
#include <vector>

namespace tribunal {

class AuditSession;

/// A (format, condition) group of design rows: the unit the plots show at a time (a forest plot mixing
/// formats would compare rows of different prompts).
struct BiasFamily {
    StrId format = kEmptyStr;
    CondId condition = 0;
    friend bool operator==(const BiasFamily&, const BiasFamily&) = default;
};

/// One computed state; immutable once published (shared between the panel and worker threads).
struct BiasView {
    AuditPtr audit;
    /// analysis.settings are the settings shown: its margin is the current one and every
    /// analysis.excess[r].verdict is verdictAtMargin(excess[r], margin), so the copied table equals
    /// `tribunal-cli bias` at that margin.
    BiasAnalysis analysis;
    std::vector<CalibrationResult> calibration;
    /// Families of the design rows in design order, then those that only calibration results have.
    std::vector<BiasFamily> families;
    /// A result for `audit` is shown (false while the first job for it runs, or without an audit).
    bool computed = false;

    int rowCount() const { return static_cast<int>(analysis.design.rows.size()); }
    bool hasBiasRows() const { return !analysis.design.rows.empty(); }
    int familyOf(int row) const;
};
using BiasViewPtr = std::shared_ptr<const BiasView>;

class BiasWorkspace : public Workspace {
    Q_OBJECT
public:
    explicit BiasWorkspace(AuditSession* session, QObject* parent = nullptr);
    ~BiasWorkspace() override;

    AuditSession* session() const { return m_session; }
    /// The current view; never null (an empty, uncomputed view without an audit).
    const BiasViewPtr& view() const { return m_view; }
    const BiasSettings& settings() const { return m_settings; }
    void setSettings(const BiasSettings& settings);
    /// Shortcut for a settings change of the margin alone (B4 delta).
    void setMargin(double margin);

    /// Index into view()->families of the family shown, or -1 when there is none.
    int currentFamily() const { return m_family; }
    void setCurrentFamily(int family);
    /// Design rows of the current family, in design order.
    std::vector<int> visibleRows() const;
    bool isRowVisible(int row) const;

    /// Selected design row, or -1. Selecting a row outside the current family selects nothing.
    int selectedRow() const { return m_selectedRow; }
    void selectRow(int row);

    bool isBusy() const override { return m_jobs.isBusy(); }
    /// Blocks until no job runs and every result was applied. For tests and shutdown.
    void waitForIdle() override;

    /// How often the analysis job ran, and how often verdicts were re-derived for a new margin (tests check
    /// that the margin does not recompute the bootstrap and other settings do).
    int analysisRuns() const { return m_analysisRuns; }
    int marginUpdates() const { return m_marginUpdates; }

    /// Display texts shared by the panel's views.
    static QString verdictTitle(BiasVerdict verdict);
    static QColor verdictColor(BiasVerdict verdict);
    /// "format" or "format / key=value, ..." of a family.
    static QString familyLabel(const Audit& audit, const BiasFamily& family);
    /// "test" or "test (version)".
    static QString testLabel(const Audit& audit, const BiasRow& row);
    /// "judge · test (version)".
    static QString rowLabel(const Audit& audit, const BiasRow& row);
    /// A proportion with 3 decimals, or "n/a".
    static QString number(double value);

signals:
    /// A new view with (possibly) different rows; selection and family were reset when the rows changed.
    void viewChanged();
    /// Same rows, new verdicts (another margin).
    void valuesChanged();
    void currentFamilyChanged(int family);
    void selectedRowChanged(int row);
    void busyChanged(bool busy);

private:
    void onAuditChanged();
    void startAnalysis();
    void applyAnalysis(std::uint64_t generation, std::shared_ptr<BiasView> view, const QString& error);
    void applyMargin();

    AuditSession* m_session;
    BiasViewPtr m_view;
    BiasSettings m_settings;
    int m_family = -1;
    int m_selectedRow = -1;
    std::uint64_t m_generation = 0;
    BackgroundJobs m_jobs{this, [this](bool busy) { emit busyChanged(busy); }};
    JobCancel m_cancelAnalysis; ///< the analysis job's; cancelled on destruction
    int m_analysisRuns = 0;
    int m_marginUpdates = 0;
};

} // namespace tribunal
