#pragma once
// The cascade replays of the open audit as the Cascades panel sees them (issue 7, workbench.md; metrics.md
// K7-K10, K5 / K6 juries for the frontier, K11 costs): the settings, the per-fallback curves of one panel
// (exactly `tribunal-cli cascade --panel P --first D --fallbacks F1,F2 --table curve`), its summary with the
// K9 cross-fitting (exactly `--table summary`), the juries of the chosen judges, and the point the tau slider
// selects. The panel's tables, plots and slider read from one CascadeWorkspace and change it only through
// its setters; they never compute statistics.
//
// Three jobs run off the GUI thread (BackgroundJobs, background priority), all pure tribunal_core calls:
//   - curves: cascadePanel with one K9 halving (its K9 part is never shown), cascadeCurveTable, and juryPanel
//     of the first judge and the fallbacks (lower / upper medians; R7 is run with one resample - the
//     frontier reads the jury accuracies only);
//   - summary: cascadePanel with the chosen halvings and seed, cascadeSummaryTable (the K9 part);
//   - jury, only once requestJury() was called (the Export dialog's jury table; the dock never shows it):
//     juryPanel of the same judges with the settings' jury resamples and margin and the seed, exactly
//     `tribunal-cli jury --panel P --jurors FIRST,F1,F2,...` (K5, K6 with R7 at the CLI's settings). Its
//     jurors are the judges the dock shows: the first judge, then the fallbacks in name order; the CLI's
//     jury takes them as they are (at least two, no repeat), and without --candidates compares the jury
//     with the best of them alone.
// A setter recomputes only what depends on it: the panel, rounding (R1) or judges -> every job; halvings
// -> the summary job only; seed -> the summary and jury jobs; jury resamples or margin -> the jury job
// only; kind, fallback or tau -> nothing. A newer request supersedes a running job of the same kind (its
// cancel flag is raised, jobcancel.h, and its result dropped on arrival). GUI thread only.
// Progress (Workspace::jobProgress, the dock's bar): the summary job's alone - cascadePanel's K9 steps, total
// = kinds x halvings. It is the one job whose length the dock's settings raise (halvings); the curves job
// runs a single halving and the jury job is the Export dialog's, not the dock's, and two jobs reporting
// into one bar would move it back and forth. A superseded summary job's steps never reach the bar.
//
// Default judges (until the user picks some): the first judge D is the cheapest judge of the panel whose
// verdicts carry a K1 confidence or a P(MET) (rubricverdicts.h) - cheapest by K11 cost per 1,000 requests
// (analyseJudgeCost, all of the judge cell's requests; judges without a cost rank last), ties to the first
// in name order; without such a judge, the first in name order (core's defaultCascadeFirst,
// analysis/rubricdefaults.h). The fallbacks are every other judge. The default panel is the first rubric
// panel (rubricPanels: item order), the default kind the panel's first (binary before ordinal), the slider
// starts on the best cascade's oracle point (K8).
// The frontier is core's (report/cascadefrontiertable.h): the curves job's juries are cascadeFrontierJury's,
// frontier() is cascadeFrontier of the shown kind with the dock's labels, so its points and Pareto flags are
// the rows of `tribunal-cli cascade --panel P --first D --fallbacks F1,F2 --table frontier` for that kind.
// The K9 choices are core's too (analysis/crossfit.h crossFitChoices over the summary's replay of the shown
// kind): `--table crossfit` with the summary's halvings and seed writes them.
// The views are in cascadeview.h: this header stays clear of analysis/rubricverdicts.h, whose kNoJudgment
// clashes with analysis/biasdesign.h's in the moc compilation unit that includes every widget header.

#include "framework/backgroundjobs.h"
#include "framework/jobcancel.h"

#include "analysis/cascadefrontier.h"
#include "analysis/crossfit.h"
#include "analysis/judgecomparison.h"

#include "framework/workspace.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <memory>
#include <vector>

namespace tribunal {

class AuditSession;

/// What the panel's settings row sets. Defaults are `tribunal-cli cascade`'s.
struct CascadePanelSettings {
    StrId dataset = kEmptyStr; ///< the panel; kEmptyStr: the first rubric panel
    LabelRounding rounding = LabelRounding::HalfUp;
    bool defaultJudges = true; ///< first / fallbacks by the default rule (see above)
    JudgeKey first;            ///< with !defaultJudges
    std::vector<JudgeKey> fallbacks;
    int halvings = 50;             ///< K9, >= 1
    std::uint64_t seed = 20261129; ///< K9 halvings and the jury's R7 bootstrap
    int juryResamples = 10000;     ///< R7 resamples of the jury job (`tribunal-cli jury --resamples`), >= 1
    double juryMargin = 0.05;      ///< R7 parity margin of the jury job (`--margin`), in [0, 1]
};

/// What the curves depend on (the summary adds halvings and seed); resolved: never "default".
struct CascadeKey {
    StrId dataset = kEmptyStr;
    LabelRounding rounding = LabelRounding::HalfUp;
    JudgeKey first;
    std::vector<JudgeKey> fallbacks; ///< in the panel's name order
    friend bool operator==(const CascadeKey&, const CascadeKey&) = default;
};

struct CascadeCurveView;   // cascadeview.h
struct CascadeSummaryView; // cascadeview.h
struct CascadeJuryView;    // cascadeview.h
struct CascadePoint;       // analysis/cascadecurve.h
using CascadeCurveViewPtr = std::shared_ptr<const CascadeCurveView>;
using CascadeSummaryViewPtr = std::shared_ptr<const CascadeSummaryView>;
using CascadeJuryViewPtr = std::shared_ptr<const CascadeJuryView>;

/// One point of the cost-accuracy frontier of the selected kind: core's point (analysis/cascadefrontier.h:
/// type, judge, fallback and grid index, USD per pair and over the pair set, accuracy, Pareto flag) with the
/// label the plot shows ("jD", "jury (lower median)", "jD → jF1").
struct FrontierPoint : CascadeFrontierPoint {
    using enum CascadeFrontierPoint::Type;
    QString label;
};

class CascadeWorkspace : public Workspace {
    Q_OBJECT
public:
    explicit CascadeWorkspace(AuditSession* session, QObject* parent = nullptr);
    ~CascadeWorkspace() override;

    AuditSession* session() const { return m_session; }
    /// The current views; never null.
    const CascadeCurveViewPtr& curveView() const { return m_curves; }
    const CascadeSummaryViewPtr& summaryView() const { return m_summary; }
    /// The summary belongs to the shown curves and the current halvings and seed.
    bool summaryCurrent() const;
    /// The jury of the jury job (never null; not computed until requestJury()).
    const CascadeJuryViewPtr& juryView() const { return m_jury; }
    /// The jury belongs to the shown curves and the current seed, jury resamples and margin.
    bool juryCurrent() const;
    /// Starts the jury job now (when an audit is open) and from then on with every change of what it
    /// depends on, also for later audits. Idempotent: a second call starts nothing.
    void requestJury();
    bool juryRequested() const { return m_juryWanted; }

    const CascadePanelSettings& settings() const { return m_settings; }
    void setSettings(const CascadePanelSettings& settings);
    void setDataset(StrId dataset); ///< back to the default judges of that panel
    void setRounding(LabelRounding rounding);
    void setHalvings(int halvings);
    void setSeed(std::uint64_t seed);
    /// Chooses the first judge; the fallbacks keep the chosen ones but it (every other judge when none is
    /// left).
    void setFirst(const JudgeKey& first);
    /// Adds or removes a fallback; removing the last one is refused (returns false).
    bool setFallbackIncluded(const JudgeKey& judge, bool included);

    /// The shown kind (index into the curve view's replays), fallback (index into its fallbacks, name
    /// order) and tau (grid index); -1 when there is nothing to show.
    int kind() const { return m_kind; }
    int fallback() const { return m_fallback; }
    int tau() const { return m_tau; }
    void setKind(int kind);
    void selectFallback(int fallback);
    void selectTau(int tau);
    void selectPoint(int fallback, int tau);
    /// The curve point of the slider (core's CascadePoint), or null.
    const CascadePoint* selectedPoint() const;

    /// The frontier of the shown kind (core's cascadeFrontier): the single judges (D, then the fallbacks),
    /// the lower and upper median juries, every cascade point; onFrontier marks the points no other point
    /// dominates (another is at most as costly and at least as accurate, one of the two strictly). Points
    /// without an accuracy are left out.
    std::vector<FrontierPoint> frontier() const;
    /// The cross-fitted choices of the shown kind (core's crossFitChoices, analysis/crossfit.h: the rows of
    /// `tribunal-cli cascade ... --table crossfit` for that kind); empty while the summary is not current.
    std::vector<CrossFitChoice> crossFitChoices() const;

    bool isBusy() const override { return m_jobs.isBusy(); }
    /// Blocks until no job runs and every result was applied. For tests and shutdown.
    void waitForIdle() override;
    /// How often each job was started (tests check that a setting recomputes only what depends on it).
    int curveRuns() const { return m_curveRuns; }
    int summaryRuns() const { return m_summaryRuns; }
    int juryRuns() const { return m_juryRuns; }

    /// The Pareto flags of (cost, accuracy) points, as frontier() sets them (core's paretoFrontier).
    static std::vector<bool> paretoFrontier(const std::vector<double>& cost,
                                            const std::vector<double>& accuracy)
    {
        return tribunal::paretoFrontier(cost, accuracy);
    }

signals:
    void curvesChanged();
    void summaryChanged();
    /// A new jury view, or juryCurrent() may have changed.
    void juryChanged();
    /// Kind, fallback or tau changed (also after curvesChanged when they were reset).
    void selectionChanged();
    void busyChanged(bool busy);

private:
    void onAuditChanged();
    void startCurves();
    void startSummary();
    /// Starts the jury job when it was requested.
    void startJury();
    void applyCurves(std::uint64_t generation, std::shared_ptr<CascadeCurveView> view);
    void applySummary(std::uint64_t generation, std::shared_ptr<CascadeSummaryView> view);
    void applyJury(std::uint64_t generation, std::shared_ptr<CascadeJuryView> view);
    /// The judges now shown (the settings', or the default rule's once the curves say which).
    CascadeKey currentKey() const;

    AuditSession* m_session;
    CascadeCurveViewPtr m_curves;
    CascadeSummaryViewPtr m_summary;
    CascadeJuryViewPtr m_jury;
    CascadePanelSettings m_settings;
    int m_kind = -1, m_fallback = -1, m_tau = -1;
    std::uint64_t m_curveGeneration = 0;
    std::uint64_t m_summaryGeneration = 0;
    int m_curveRuns = 0;
    int m_summaryRuns = 0;
    std::uint64_t m_juryGeneration = 0;
    int m_juryRuns = 0;
    bool m_juryWanted = false;
    BackgroundJobs m_jobs{this, [this](bool busy) { emit busyChanged(busy); }};
    JobCancel m_cancelCurves, m_cancelSummary, m_cancelJury; ///< one per job kind; cancelled on destruction
};

} // namespace tribunal
