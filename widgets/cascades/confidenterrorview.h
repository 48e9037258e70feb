#pragma once
// What the Confident errors dock shows of one panel (confidenterrorworkspace.h computes it off the GUI
// thread): the K3 samples and K4 populations of every kind (report/cascadetables.h confidentErrorPanel), the
// CLI's flat tables of them, where each sample row's error is, and per kind the K4 summaries and the first
// judge's K2 discrimination (metrics.md K1-K4). Immutable once published; read from any thread.

#include "cascades/confidenterrorworkspace.h"

#include "analysis/confidence.h"
#include "report/cascadetables.h"

#include <QCoreApplication>
#include <QString>

#include <memory>
#include <utility>
#include <vector>

namespace tribunal {

static_assert(kDefaultConfidentErrors == ConfidentErrorSettings{}.n, "the dock's default n is the CLI's");

/// One row of the sample table: where its error is.
struct ConfidentErrorRow {
    TaskKind kind = TaskKind::Ordinal;
    std::size_t kindIndex = 0; ///< into ConfidentErrorView::results[0].kinds
    std::size_t error = 0;     ///< into that kind's sample
    std::uint32_t item = 0;    ///< item row of the pair
    bool unanimous = true;     ///< the raters of the pair's R1 label agreed
};

/// Per kind: K4 over the sample and over every error of the first judge, and K2 of the first judge.
struct ConfidentErrorKindSummary {
    TaskKind kind = TaskKind::Ordinal;
    RepeatSummary sample;
    RepeatSummary all;
    Discrimination discrimination; ///< K2 over the first judge's right / wrong answers with a confidence
};

/// One computed panel; immutable once published.
struct ConfidentErrorView {
    AuditPtr audit;
    ConfidentErrorSettings settings; ///< as requested (kind and filter are read from the workspace)
    /// Every rubric panel with its kinds (binary before ordinal), panels in order of their first item.
    std::vector<std::pair<StrId, TaskKind>> panelKinds;
    StrId panel = kEmptyStr;                      ///< the panel computed
    std::vector<JudgeKey> judges;                 ///< the panel's judges, name order
    std::vector<char> hasConfidence;              ///< per judges: some verdict carries a K1 confidence
    int first = -1;                               ///< index into judges
    std::vector<std::size_t> others;              ///< indices into judges
    std::vector<ConfidentErrorPanel> results;     ///< one entry (as the CLI passes it), or none
    FlatTable sampleTable;                        ///< confidentErrorTable(audit, results)
    FlatTable repeatsTable;                       ///< repeatSummaryTable(audit, results)
    std::vector<ConfidentErrorRow> rows;          ///< per sampleTable row
    std::vector<ConfidentErrorKindSummary> kinds; ///< parallel to results[0].kinds
    bool computed = false;
    QString error; ///< why nothing was computed

    const ConfidentErrorPanel* panelResult() const { return results.empty() ? nullptr : &results.front(); }
    /// The summary of `kind`, or null.
    const ConfidentErrorKindSummary* summaryOf(TaskKind kind) const;
    /// The kinds of the computed panel.
    std::vector<TaskKind> panelKindsOf(StrId panel) const;
    /// The error of sample row `row` (null when out of range).
    const ConfidentError* errorOf(int row) const;

    /// "judge · format" of the first judge; empty without one.
    QString firstText() const;
    /// The dock's K4 line for `kind`: repeats against expected repeats in the sample and in every error of
    /// the first judge (numbers as the CLI's Markdown shows them); empty without a result for `kind`.
    QString repeatsText(TaskKind kind) const;
    /// The dock's K2 line for `kind`: the first judge's AUROC and error rate per confidence band.
    QString discriminationText(TaskKind kind) const;

    Q_DECLARE_TR_FUNCTIONS(ConfidentErrorView) // last: it leaves the access at private
};

/// Computes the view of `settings` on `audit` (see confidenterrorworkspace.h for the defaults). Runs on a
/// worker thread: a pure function of its arguments; core's refusals end up in `error`.
std::shared_ptr<ConfidentErrorView> computeConfidentErrorView(const AuditPtr& audit,
                                                              const ConfidentErrorSettings& settings);

} // namespace tribunal
