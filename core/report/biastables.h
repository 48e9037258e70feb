#pragma once
// The result tables of the bias tests and of calibration (../shared/spec/metrics.md "Bias tests" B1-B13) as
// FlatTables (report/flattable.h), written by `tribunal-cli bias` / `tribunal-cli calibration` and the Bias
// panel's copy and export. Column sets are fixed (docs/cli.md "bias", "calibration"); condition columns (the
// condition keys the rows use, in the audit's key order) follow `format`. Proportions, never percent.
// Thread-safety: pure functions of their arguments.

#include "analysis/biasanalysis.h"
#include "analysis/calibration.h"
#include "report/flattable.h"

namespace tribunal {

/// B1-B5, B7, B8, B10, one row per (judge, format, condition, test, version): judge, format, <conditions>,
/// test, version, n_items, RR, CR, E, E_lo, E_hi, verdict, p_perm, p_bh, significant, delta_p, direction,
/// then measure ("E", or "E_fo" for fallacy oversight, whose E column holds RR + CR - 1), cue,
/// correct_reactions, s, s_lo, s_hi, s_out_of_range, before, after, moved_share, n_direction,
/// n_probability, no_original, one_run, perturbed_unanswered, extra_perturbed.
FlatTable biasExcessTable(const Audit& audit, const BiasAnalysis& analysis);

/// B6: format, <conditions>, test, version, judges, then biased_at_<margin> per margin (e.g. biased_at_0.05).
FlatTable biasCountTable(const Audit& audit, const BiasAnalysis& analysis);

/// B9: judge, format, <conditions>, bin_lo, bin_hi, n, flipped, share (every bin, empty ones with n = 0).
FlatTable flipsByConfidenceTable(const Audit& audit, const BiasAnalysis& analysis);

/// B12: judge1, judge2, format, <conditions>, prompts, first_flips, share_when_first_flips,
/// share_when_first_stays, items, spearman_flip_rate, shift_items, spearman_shift (items: shared items of the
/// flip-rate correlation; shift_items: those with a probability shift on both sides).
FlatTable flipAgreementTable(const Audit& audit, const BiasAnalysis& analysis);

/// B11: judge, format, <conditions>, n, accuracy, confidence, ECE, brier, log_loss, decided.
FlatTable calibrationTable(const Audit& audit, const std::vector<CalibrationResult>& results);

/// B11 reliability points: judge, format, <conditions>, bin_lo, bin_hi, count, mean_confidence, accuracy.
FlatTable reliabilityTable(const Audit& audit, const std::vector<CalibrationResult>& results);

/// B13 / K11: judge, format, <conditions>, requests, total_cost_usd, cost_per_1000, median_latency_s,
/// verdict_share, costed (requests with a cost), priced (of which from tokens x prices), cost_ratio (cost per
/// 1,000 over the cheapest row's).
FlatTable judgeCostTable(const Audit& audit, const std::vector<JudgeCostResult>& results);

/// The condition keys used by `conditions` (ids into Audit::conditions()), in the audit's key order.
std::vector<StrId> usedConditionKeys(const Audit& audit, const std::vector<CondId>& conditions);

} // namespace tribunal
