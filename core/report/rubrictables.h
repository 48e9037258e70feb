#pragma once
// Flat result tables of the rubric judges (../shared/spec/metrics.md "Rubric judges" R1-R7) for
// `tribunal-cli rubric` and `tribunal-cli compare`; written with writeFlatTable (report/flattable.h: CSV,
// Markdown, JSON; missing cells empty / null). Qt-free; pure functions, thread-safe.
//
// rubricTable: one row per (judge, format, condition, panel, criterion) of analyseRubricAgreement, each
// kind's pooled row after its criteria (criterion empty, pooled = true), then the R6 constant baseline rows
// of each panel (predictor "constant", judge and format empty). Columns:
//   judge, format, <condition keys used>, panel, criterion, kind, n (scored predictions),
//   exact, within_one, qwk, offset, slope            - ordinal (R2; empty on binary rows)
//   gap_to_reference                                 - R4: the row's exact accuracy minus the raters'
//                                                      leave-one-out exact accuracy on the same panel and
//                                                      criterion (pooled rows: the row's criteria pooled)
//   accuracy, kappa, met_rate_offset, fpr, fnr       - binary (R3; empty on ordinal rows)
//   then: predictor, pooled, pairs, unlabelled_pairs, abstained, failed, consistency, offset_to_mean,
//   reference_exact, reference_n, n_unanimous, exact_unanimous, n_split, exact_split (R1 groups; exact =
//   the accuracy on binary rows), best_shift, best_accuracy, loo_accuracy (R5; judge ordinal rows only).
// compareTable: one row per JudgeComparison (judgecomparison.h): panel, judge1, judge2, format, <condition
//   keys>, n_pairs, diff, ci95_lo, ci95_hi, ci90_lo, ci90_hi, p_boot, p_holm (unit bootstrap), p_mcnemar,
//   p_sign, outcome, then accuracy1, accuracy2, units, pairs_only_judge1, pairs_only_judge2, mcnemar_only1,
//   mcnemar_only2, mcnemar_undecided, p_mcnemar_holm, units_judge1_better, units_judge2_better, units_tied,
//   p_sign_holm, and with `cluster` also clusters, cluster_ci95_lo, cluster_ci95_hi, cluster_ci90_lo,
//   cluster_ci90_hi, cluster_p_boot, cluster_p_holm, cluster_outcome.

#include "analysis/judgecomparison.h"
#include "analysis/levelshift.h"
#include "analysis/raterreference.h"
#include "analysis/rubricagreement.h"
#include "report/flattable.h"

#include <vector>

namespace tribunal {

/// Everything the rubric table shows, computed with one rounding rule.
struct RubricReport {
    RubricAgreementSettings settings;
    std::vector<RubricAgreementRow> rows;       ///< R2 / R3 judge rows
    std::vector<RubricAgreementRow> baselines;  ///< R6 constant baseline rows
    std::vector<RaterReferencePanel> reference; ///< R4
    std::vector<LevelShiftRow> shifts;          ///< R5
    bool empty() const { return rows.empty() && baselines.empty(); }
};

/// R2-R6 of `audit` under `settings`.
RubricReport analyseRubric(const Audit& audit, const RubricAgreementSettings& settings = {});

/// R4 exact-accuracy gap of every row of `rows` (judge or baseline rows in analyseRubricAgreement order),
/// with the reference counts used: criterion rows use the panel's criterion row; a pooled row pools the
/// reference rows of the criteria listed before it. Index-aligned with `rows`.
std::vector<AgreementCounts> referenceCountsFor(const std::vector<RubricAgreementRow>& rows,
                                                const std::vector<RaterReferencePanel>& reference);

FlatTable rubricTable(const Audit& audit, const RubricReport& report);

FlatTable compareTable(const Audit& audit, const std::vector<JudgeComparison>& comparisons, bool cluster);

} // namespace tribunal
