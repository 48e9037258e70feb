#pragma once
// R2 / R3 agreement of rubric judges with the R1 labels, and the R6 constant (no-read) baseline
// (../shared/spec/metrics.md "Rubric judges" R2, R3, R6 and "Edge cases" R2; worked example:
// ../shared/spec/examples.md section 5). A pair is one binary or ordinal item (unit, criterion); its panel is
// the item's dataset; its criterion is the item's ItemText::Criterion (an empty text is its own criterion).
//
// Predictions: every judgment run is one prediction (R2: "every run counts as one prediction").
// - Scored: on an ordinal pair a level 1..K (K = scaleLevels), on a binary pair MET or UNMET, on a pair that
//   has an R1 label (labels come from rubriclabels.h, never re-derived here).
// - Abstentions (NA) and failures (none) leave every metric and are counted (`abstained`, `failed`); an
//   ordinal answer outside 1..K is counted as failed. Predictions on pairs without a label (binary rater tie,
//   no rating and no label) are not scored; those pairs are counted in `unlabelledPairs`.
//
// Metrics over a set of scored predictions (kMissing = empty cell, never 0):
//   ordinal (R2): exact = share predicted == label; withinOne = share |predicted - label| <= 1;
//     offset = mean(predicted - label) in levels; offsetToMean = mean(predicted - raters' mean);
//     slope = least-squares slope of predicted on label (empty when all labels are equal);
//     qwk = quadratic-weighted Cohen's kappa (weights (i - j)^2 / (K - 1)^2 on the criterion's FULL scale
//     1..K, also for levels that never occur), computed per criterion; a row spanning several criteria (the
//     pooled row) reports the mean over its criteria whose QWK is defined. QWK is empty when the expected
//     disagreement is 0 (edge case R2) or K < 2.
//   binary (R3): exact = accuracy; kappa = unweighted Cohen's kappa per criterion (empty when the expected
//     agreement is 1), mean over criteria on a pooled row like QWK; metRateOffset = predicted MET share -
//     labelled MET share over the scored predictions (a fraction; x100 gives the spec's points);
//     fpr = share MET among predictions on UNMET-labelled pairs; fnr = share UNMET among predictions on
//     MET-labelled pairs (each empty when its denominator is 0).
//   both: consistency = share of pairs (with >= 1 scored prediction) whose scored runs all agree; a pair
//     with one scored run counts as agreeing (as T0 does for presentations), and consistency is empty when
//     no pair has two scored runs (a one-run design: there is nothing to agree). Abstentions do not break
//     agreement (they are not scored).
// Unanimous and split pairs (R1) are scored apart with the same metrics (`unanimous`, `split`) besides `all`.
//
// Offset option (R2 "unrounded"): with RubricAgreementSettings::rounding == Unrounded the level metrics use
// half-up labels and `offset` is taken against the raters' mean (it then equals offsetToMean).
//
// Thread-safety: pure functions of their arguments.

#include "analysis/rubriclabels.h"
#include "model/audit.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace tribunal {

struct RubricAgreementSettings {
    LabelRounding rounding = LabelRounding::HalfUp;
};

/// One prediction on one labelled pair (the input of scoreRubricPredictions).
struct RubricPrediction {
    std::uint32_t pair = 0;           ///< identifies the pair (the item row); runs of one pair share it
    StrId criterion = kEmptyStr;      ///< QWK / kappa are per criterion
    int levels = 2;                   ///< K of the pair's scale (2 for binary)
    Answer predicted = answer::kNone; ///< level, MET / UNMET, NA or none
    Answer label = answer::kNone;     ///< the R1 label (rounded level or MET / UNMET)
    double mean = kMissing;           ///< the raters' mean (ordinal) for offsetToMean
    bool unanimous = true;
};

struct RubricMetrics {
    std::uint32_t n = 0;         ///< scored predictions
    std::uint32_t pairs = 0;     ///< pairs with >= 1 scored prediction
    std::uint32_t abstained = 0; ///< NA predictions (left out)
    std::uint32_t failed = 0;    ///< none predictions and ordinal answers outside 1..K (left out)
    double exact = kMissing;
    double withinOne = kMissing, offset = kMissing, offsetToMean = kMissing, slope = kMissing,
           qwk = kMissing;                                                             ///< ordinal only
    double kappa = kMissing, metRateOffset = kMissing, fpr = kMissing, fnr = kMissing; ///< binary only
    double consistency = kMissing;
};

/// Scores predictions of one kind (Binary or Ordinal). `offsetToMean` selects what `offset` is taken
/// against (the label, or the raters' mean for the Unrounded option).
RubricMetrics scoreRubricPredictions(std::span<const RubricPrediction> predictions, TaskKind kind,
                                     bool offsetToMean = false);

/// Cohen's kappa of two rating vectors on the categories 1..K (K >= 1): quadratic weights (i - j)^2 when
/// `quadratic`, else unweighted. kMissing when the vectors are empty or the expected disagreement is 0.
/// Precondition: equal lengths, values in 1..K. Matches scikit-learn's cohen_kappa_score(labels=1..K).
double cohenKappa(std::span<const int> labels, std::span<const int> predicted, int levels, bool quadratic);

struct RubricAgreementRow {
    StrId dataset = kEmptyStr; ///< the panel
    StrId judge = kEmptyStr, format = kEmptyStr;
    CondId condition = 0;
    std::string predictor; ///< empty for a judge; "constant" for the R6 baseline (judge etc. empty)
    TaskKind kind = TaskKind::Ordinal;
    bool pooled = false;         ///< true: all criteria of the kind; false: one criterion
    StrId criterion = kEmptyStr; ///< the criterion (pooled rows: kEmptyStr)
    std::uint32_t unlabelledPairs = 0;
    RubricMetrics all, unanimous, split;
};

/// R2 / R3 rows of every (panel, judge, format, condition) cell without a bias test, per kind present: one
/// row per criterion (ascending criterion text), then the pooled row; binary before ordinal. Cells in
/// Audit::cells() order. A cell whose pairs are all unlabelled still gives rows (n = 0, unlabelledPairs).
std::vector<RubricAgreementRow> analyseRubricAgreement(const Audit& audit,
                                                       const RubricAgreementSettings& settings = {});

/// R6 constant baseline per panel and kind: predicts for every labelled pair its criterion's modal label
/// (ordinal: the most frequent rounded label level among the criterion's labelled pairs of the panel, ties
/// to the lower level; binary: MET or UNMET, a tie to UNMET, the lower under UNMET < MET as in K6), one
/// prediction per pair, scored like a judge (in-sample: the mode is taken on the pairs it is scored on).
/// Rows as analyseRubricAgreement, with predictor "constant" and empty judge / format / condition; panels
/// in order of first item. A metadata-only predictor (R6 "any the data supplies") is not offered: the data
/// format records no per-pair metadata prediction (no field besides the texts), so there is none to score.
std::vector<RubricAgreementRow> constantBaselines(const Audit& audit,
                                                  const RubricAgreementSettings& settings = {});

/// The R6 modal level of the labels (ordinal levels or MET / UNMET); ties to the lower value; kNone when
/// `labels` has no label.
Answer modalLabel(std::span<const Answer> labels);

} // namespace tribunal
