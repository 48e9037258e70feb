#pragma once
// The confident errors of the open audit as the Confident errors dock sees them (issue 7, workbench.md
// journey 2; metrics.md K1-K4): the current settings, one panel's K3 samples and K4 populations
// (report/cascadetables.h confidentErrorPanel) with exactly the flat tables `tribunal-cli confident-errors
// --panel P --first J --n N --rounding R` writes (confidentErrorTable, and repeatSummaryTable for --table
// repeats), the K4 summaries and the K2 discrimination of the first judge per kind, and the selected error.
// The dock renders from one ConfidentErrorWorkspace and changes it only through its setters; it never
// computes statistics.
//
// Judges on a panel are the (judge, format, condition) keys of its cells without a bias test, in name order
// (as the CLI's default --others lists them). Defaults: the first rubric panel (order of its first item);
// the first judge is the first of the panel's judges whose verdicts carry a K1 confidence (a stated
// confidence or probabilities) on some pair, else the panel's first judge (core's defaultConfidentErrorFirst
// and rubricPanels, analysis/rubricdefaults.h); the other judges are every other judge of the panel. The
// verdict table has the first judge, then the others in name order, as the CLI builds it for `--first J`
// without --others (or --others listing them in that order), so judge labels and numbers equal the CLI's.
//
// Work runs off the GUI thread (BackgroundJobs, background priority). A setter recomputes only what depends
// on it: panel, first judge, others, n or rounding (R1) start the job; the kind, the raters filter
// (unanimous / split) and the selection only choose rows of the published view. A newer request supersedes
// a running job: its result is dropped. GUI thread only.
// Progress: none (Workspace::jobProgress is never emitted): confidentErrorPanel (K3 / K4) is one pass over
// the panel's pairs with no chunks to report or cancel, so the dock's bar stays an activity indicator.
//
// The computed view is in confidenterrorview.h, so this header stays free of the K analysis headers (it is
// included next to every other workspace, e.g. in mainwindow.cpp).

#include "framework/backgroundjobs.h"

#include "analysis/judgecomparison.h"

#include "framework/workspace.h"

#include <QObject>
#include <QString>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace tribunal {

class AuditSession;

/// Which sampled errors the list shows, by the raters of the pair's label (R1 unanimity).
enum class RaterFilter : std::uint8_t { All, Unanimous, Split };

/// What the dock's settings row sets. Defaults: `tribunal-cli confident-errors`'s (n 12, half-up).
struct ConfidentErrorSettings {
    StrId panel = kEmptyStr;        ///< kEmptyStr (or not a rubric panel): the first rubric panel
    std::optional<TaskKind> kind;   ///< null (or absent on the panel): the panel's first kind
    std::optional<JudgeKey> first;  ///< null (or not on the panel): the default rule (file comment)
    std::vector<JudgeKey> excluded; ///< judges left out of the others (reset with the panel)
    int n = 12; ///< K3 sample size per kind, >= 0 (kDefaultConfidentErrors: static_assert in the view)
    LabelRounding rounding = LabelRounding::HalfUp;
    RaterFilter filter = RaterFilter::All;
};

/// One computed panel (confidenterrorview.h); immutable once published.
struct ConfidentErrorView;
using ConfidentErrorViewPtr = std::shared_ptr<const ConfidentErrorView>;

class ConfidentErrorWorkspace : public Workspace {
    Q_OBJECT
public:
    explicit ConfidentErrorWorkspace(AuditSession* session, QObject* parent = nullptr);
    ~ConfidentErrorWorkspace() override;

    AuditSession* session() const { return m_session; }
    /// The current view; never null.
    const ConfidentErrorViewPtr& view() const { return m_view; }
    const ConfidentErrorSettings& settings() const { return m_settings; }
    void setSettings(const ConfidentErrorSettings& settings);
    /// Another panel and kind: the first judge and the others return to their defaults.
    void setPanelKind(StrId panel, TaskKind kind);
    void setFirst(const JudgeKey& first);
    void setOtherIncluded(const JudgeKey& judge, bool included);
    void setSampleSize(int n);
    void setRounding(LabelRounding rounding);
    void setFilter(RaterFilter filter);

    /// The kind shown: the requested one when the panel has it, else the panel's first; null without rows.
    std::optional<TaskKind> shownKind() const;
    /// The sample rows the list shows (indices into view()->rows): the shown kind, through the filter.
    const std::vector<int>& shownRows() const { return m_shown; }

    /// Selected sample row (index into view()->rows), or -1; always one of shownRows(). A new view or
    /// filter keeps the selected pair when it is still shown, else selects the first shown row.
    int selectedRow() const { return m_selected; }
    void selectRow(int row);

    bool isBusy() const override { return m_jobs.isBusy(); }
    /// Blocks until no job runs and every result was applied. For tests and shutdown.
    void waitForIdle() override;
    /// How often the job was started (tests check that a setting recomputes only what depends on it).
    int runs() const { return m_runs; }

    /// "unanimous" / "split" / "all" as the filter box shows them.
    static QString filterTitle(RaterFilter filter);

signals:
    /// A new view (rows may differ).
    void viewChanged();
    /// shownRows() changed (new view, kind or filter).
    void rowsChanged();
    void selectedRowChanged(int row);
    void busyChanged(bool busy);

private:
    void onAuditChanged();
    void start();
    void apply(std::uint64_t generation, std::shared_ptr<ConfidentErrorView> view);
    /// Recomputes shownRows() and keeps the selected pair when it can (emits rowsChanged, then
    /// selectedRowChanged).
    void updateRows();

    AuditSession* m_session;
    ConfidentErrorViewPtr m_view;
    ConfidentErrorSettings m_settings;
    std::vector<int> m_shown;
    int m_selected = -1;
    std::uint32_t m_selectedItem = 0; ///< item of m_selected (kept across views)
    std::uint64_t m_generation = 0;
    int m_runs = 0;
    BackgroundJobs m_jobs{this, [this](bool busy) { emit busyChanged(busy); }};
};

} // namespace tribunal
