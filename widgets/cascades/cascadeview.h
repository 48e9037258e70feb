#pragma once
// What the Cascades dock shows of one panel (cascadeworkspace.h computes it off the GUI thread; metrics.md
// K5-K10): the per-fallback curves with the CLI's curve table and the juries of the chosen judges, the
// summary with K9 and the CLI's summary table, and the K5 / K6 jury of the chosen judges with the CLI's R7
// settings (the Export dialog's jury table). Immutable once published; read from any thread.

#include "cascades/cascadeworkspace.h"
#include "framework/labelnote.h"

#include "model/progress.h"
#include "report/cascadefrontiertable.h"
#include "report/cascadetables.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

namespace tribunal {

/// The curves of one panel; immutable once published.
struct CascadeCurveView {
    AuditPtr audit;
    CascadeKey key;
    bool defaultJudges = true; ///< key.first / fallbacks came from the default rule
    std::vector<StrId> panels; ///< every rubric panel, in item order
    /// Every judge with a rubric cell on key.dataset (name order: judge, format, condition) and its label
    /// ("judge", "judge@format" when the name has several cells there, " · condition" when not 0).
    std::vector<JudgeKey> panelJudges;
    QStringList panelJudgeLabels;
    QString firstReason; ///< why the first judge is the default one (empty with chosen judges)
    /// Table judges: key.first, then key.fallbacks; one replay per kind (binary before ordinal). The
    /// replays' crossFit is a one-halving placeholder: K9 is CascadeSummaryView's.
    CascadePanel panel;
    JuryPanel jury;       ///< cascadeFrontierJury(panel): jurors the table's judges; one entry per kind
    FlatTable curveTable; ///< cascadeCurveTable(audit, {panel})
    bool computed = false;
    bool cancelled = false; ///< stopped at its cancel flag (superseded); never published
    QString error;          ///< why nothing was computed
    /// missingLabels() of the rubric cells: why the accuracies are empty for some panels.
    MissingLabels labels;

    int kindCount() const { return static_cast<int>(panel.replays.size()); }
    /// The replay of kind index `kind`, or null.
    const CascadeReplay* replay(int kind) const;
    /// The table label of judge index `judge` of panel.table.
    QString judgeLabel(std::size_t judge) const;
};

/// The summary with K9 of one panel; immutable once published.
struct CascadeSummaryView {
    AuditPtr audit;
    CascadeKey key;
    int halvings = 0;
    std::uint64_t seed = 0;
    std::vector<CascadeReplay> replays; ///< as CascadeCurveView::panel.replays, with the real K9
    /// The replays' verdict table (key.first, then key.fallbacks): with `replays` the CascadePanel that
    /// cascadeSummaryLatex writes.
    RubricVerdictTable verdicts;
    FlatTable table; ///< cascadeSummaryTable(audit, {panel})
    bool computed = false;
    bool cancelled = false; ///< stopped at its cancel flag (superseded); never published
    QString error;
};

/// The K5 / K6 jury of one panel's chosen judges with R7 run as `tribunal-cli jury --panel P --jurors
/// FIRST,F1,F2,... --resamples B --seed S --margin M --rounding R` runs it (no --candidates: the jurors are
/// the candidates); immutable once published.
struct CascadeJuryView {
    AuditPtr audit;
    CascadeKey key;                 ///< jurors: key.first, then key.fallbacks
    PairedSettings paired;          ///< resamples, seed and margin of the settings; threads 0
    std::vector<JuryPanel> results; ///< one entry, as the CLI passes it to juryLatex
    bool computed = false;
    bool cancelled = false; ///< stopped at its cancel flag (superseded); never published
    QString error;
};

/// The curves job of CascadeWorkspace (see there): the panel and judges of `settings` (kEmptyStr panel and
/// default judges resolved), cascadePanel with one K9 halving, its curve table and the juries. Errors are
/// set in the view, never thrown. Runs on a worker thread: a pure function of its arguments.
std::shared_ptr<CascadeCurveView> computeCascadeCurves(const AuditPtr& audit,
                                                       const CascadePanelSettings& settings,
                                                       const Progress& progress = {});
/// The summary job: the same panel and judges with the settings' halvings and seed, and the summary table.
std::shared_ptr<CascadeSummaryView> computeCascadeSummary(const AuditPtr& audit,
                                                          const CascadePanelSettings& settings,
                                                          const Progress& progress = {});
/// The jury job: the same panel and judges, juryPanel with the settings' jury resamples and margin and seed.
std::shared_ptr<CascadeJuryView> computeCascadeJury(const AuditPtr& audit,
                                                    const CascadePanelSettings& settings,
                                                    const Progress& progress = {});

} // namespace tribunal
