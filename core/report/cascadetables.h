#pragma once
// Flat result tables of confident errors, juries and cascades (../shared/spec/metrics.md K3-K10) for
// `tribunal-cli cascade`, `confident-errors` and `jury`; written with writeFlatTable (report/flattable.h:
// CSV, Markdown, JSON; missing cells empty / null). Proportions, never percent; costs in USD. Qt-free.
//
// Judges are named by judgeLabel: the judge name, or `judge@format` when another judge of the same verdict
// table has the same name. Kinds: every kind of the panel (binary before ordinal) gets its own rows; a kind
// whose pairs leave an analysis empty still gets its row(s), with empty cells.
//
// cascadeCurveTable: one row per (panel, kind, fallback in name order, tau of the kind's grid): panel, kind,
//   first, fallback, tau, accuracy, deferred_share, cost, kept, deferred, k10_left, k10_right, oracle (true
//   on the fallback's K8 point).
// cascadeSummaryTable: one row per (panel, kind): pairs, first, first_accuracy, first_cost, best_single,
//   best_single_accuracy, best_fallback (K8 best cascade), oracle_tau, oracle_accuracy,
//   oracle_deferred_share, oracle_cost, k10_left, k10_right (at that oracle point), gain_over_best_single
//   (oracle_accuracy - best_single_accuracy: in-sample, optimistic), crossfit_halvings (halvings that scored
//   a pair), crossfit_mean_gain, crossfit_share_with_gain, crossfit_cascade_accuracy,
//   crossfit_single_accuracy, best_llm, matching_tau (in-sample matching cascade), matching_cost_share,
//   crossfit_cost_share, crossfit_share_matching (K9, crossfit.h).
// confidentErrorTable: one row per K3 error (panels, kinds, then sample order): panel, kind, judge, unit,
//   criterion, item, label, answer, confidence, p_met, false_positive (binary only), then per other judge
//   (the union over panels, in order of first appearance): answer_<judge> (its verdict's answer text, empty
//   without a judgment), repeat_<judge> (K4; empty when not eligible), baseline_<judge>.
// repeatSummaryTable: one row per (panel, kind, scope, band): scope `sample` (the K3 errors) or `all` (every
//   wrong answer of the first judge); band `all` or the K2 band 0..3 of the first judge's confidence;
//   checks, repeats, expected_repeats, share (repeats / checks), baseline_share (expected / checks),
//   no_baseline (band `all` only).
// discriminationTable: one row per (panel, kind): panel, kind, judge (the first judge), answers (scored, with
// a
//   K1 confidence), right, accuracy, auroc (K2), then per K2 band b0..b3 ([0, .25) [.25, .5) [.5, .75)
//   [.75, 1]) answers_b<b>, error_rate_b<b>, then per fraction 25, 50, 75 kept_<f> (ceil(f n) most
//   confident) and selective_accuracy_<f>.
// juryTable: two rows per (panel, kind), median lower then upper: panel, kind, jurors (`;`-joined), median,
//   pairs, even_splits, accuracy, best_single, best_single_accuracy, compared_pairs, diff, ci95_lo, ci95_hi,
//   p_boot, p_holm, outcome (R7, unit bootstrap; Holm over the two rows), then K5 over the jurors:
//   all_wrong_pairs, all_wrong, all_wrong_share, oracle_accuracy.
// Thread-safety: pure functions of their arguments (the builders run the analyses; cascades use
// CascadeSettings::threads, juries PairedSettings::threads; results do not depend on either).
// Progress and cancel (model/progress.h): cascadePanel and juryPanel report the kinds one after another on
// one scale (kind k of n owns the k-th n-th of the total) and throw Cancelled when cancelled.

#include "analysis/cascadereplay.h"
#include "analysis/confidenterrors.h"
#include "analysis/jury.h"
#include "report/flattable.h"

#include <string>
#include <vector>

namespace tribunal {

/// The kinds of the table's pairs, binary before ordinal.
std::vector<TaskKind> verdictKinds(const RubricVerdictTable& table);

/// The table restricted to the pairs of `kind` (units and clusters keep their numbers).
RubricVerdictTable verdictTableOfKind(const RubricVerdictTable& table, TaskKind kind);

/// The judge's name, or `name@format` when another judge of `table` has the same name.
std::string judgeLabel(const Audit& audit, const RubricVerdictTable& table, std::size_t judge);

/// One panel's cascade replays, one per kind.
struct CascadePanel {
    RubricVerdictTable table;
    std::vector<CascadeReplay> replays;
};

/// replayCascade for every kind of `table` (same errors). Progress: total = kinds x
/// CascadeSettings::halvings, each kind's K9 halvings in its share (chunk = one halving).
CascadePanel cascadePanel(const Audit& audit, RubricVerdictTable table, std::size_t first,
                          std::span<const std::size_t> fallbacks, std::span<const std::size_t> singles,
                          const CascadeSettings& settings = {}, const Progress& progress = {});

FlatTable cascadeCurveTable(const Audit& audit, const std::vector<CascadePanel>& panels);
FlatTable cascadeSummaryTable(const Audit& audit, const std::vector<CascadePanel>& panels);

/// One panel's K3 samples and K4 populations, one entry per kind.
struct ConfidentErrorPanel {
    RubricVerdictTable table;
    std::size_t first = 0;
    std::vector<std::size_t> others;
    struct Kind {
        TaskKind kind = TaskKind::Ordinal;
        std::vector<ConfidentError> sample; ///< K3
        std::vector<ConfidentError> all;    ///< every wrong answer of the first judge
    };
    std::vector<Kind> kinds;
};

/// K3 with sample size `n` (>= 0) for every kind of `table`.
ConfidentErrorPanel confidentErrorPanel(const Audit& audit, RubricVerdictTable table, std::size_t first,
                                        std::vector<std::size_t> others, int n = kDefaultConfidentErrors);

FlatTable confidentErrorTable(const Audit& audit, const std::vector<ConfidentErrorPanel>& panels);
FlatTable repeatSummaryTable(const Audit& audit, const std::vector<ConfidentErrorPanel>& panels);
FlatTable discriminationTable(const Audit& audit, const std::vector<ConfidentErrorPanel>& panels);

/// One panel's jury, one entry per kind.
struct JuryPanel {
    RubricVerdictTable table;
    struct Kind {
        TaskKind kind = TaskKind::Ordinal;
        JuryResult jury;
        AllWrongShare allWrong; ///< K5 over the jurors
    };
    std::vector<Kind> kinds;
};

/// K5 / K6 of `jurors` against `candidates` (judge indices of `table`) for every kind of `table`.
/// Progress: total = kinds x PairedSettings::resamples, each kind's R7 comparisons (analyseJury) scaled into
/// its share (chunk = a block of R7 resamples).
JuryPanel juryPanel(RubricVerdictTable table, std::span<const std::size_t> jurors,
                    std::span<const std::size_t> candidates, const PairedSettings& paired,
                    const Progress& progress = {});

FlatTable juryTable(const Audit& audit, const std::vector<JuryPanel>& panels);

} // namespace tribunal
