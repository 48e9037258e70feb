#pragma once
// R4 rater reference (../shared/spec/metrics.md "Rubric judges" R4 and "Edge cases" R4; worked example:
// ../shared/spec/examples.md section 5). How well do the human raters agree with each other, scored the way a
// judge is scored (R2 / R3)? Every rating of a rubric pair (one binary or ordinal item) with at least two
// ratings is compared with the reference made of the pair's OTHER ratings:
// - ordinal: the mean of the other ratings rounded to a level with the R1 rule (rubriclabels.h roundLevel);
// - binary: the majority of the other ratings; a tie of the others scores nothing (the rating is skipped and
//   counted in tiesSkipped).
// Ratings that are not a level (ordinal) or MET / UNMET (binary), e.g. NA, are ignored as in R1. Pairs with
// fewer than two such ratings are skipped and counted. The rating-vs-reference comparisons are pooled per
// (panel = dataset, criterion) and per panel; the judge is scored against the R1 label on the same items by
// judgeAgreement(), and gap = judge exact accuracy - reference exact accuracy.
//
// LabelRounding::Unrounded (the R1 option for offsets): the accuracies use half-up levels (the default rule),
// the offset uses the unrounded mean (reference or R1 label). Thread-safety: pure functions of the immutable
// audit.

#include "analysis/rubriclabels.h"
#include "model/audit.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace tribunal {

/// Pooled comparisons of predictions (a rating or a judge's answer) with references (leave-one-out reference
/// or R1 label). Binary comparisons count in n and exact only; ordinal ones also in ordinal / withinOne /
/// offsetSum, so a panel that mixes kinds pools the exact accuracy over both and the rest over ordinal ones.
struct AgreementCounts {
    std::uint64_t n = 0;         ///< comparisons (every rating / every judge run with an answer)
    std::uint64_t exact = 0;     ///< prediction == reference (binary: the accuracy)
    std::uint64_t ordinal = 0;   ///< ordinal comparisons
    std::uint64_t withinOne = 0; ///< ordinal: |prediction - reference| <= 1 level
    double offsetSum = 0.0;      ///< ordinal: sum of (prediction - reference) in levels

    double exactAccuracy() const;     ///< exact / n in [0, 1]; kMissing when n == 0
    double withinOneAccuracy() const; ///< withinOne / ordinal in [0, 1]; kMissing when ordinal == 0
    double offset() const;            ///< offsetSum / ordinal in levels; kMissing when ordinal == 0
    void add(const AgreementCounts& other);
};

/// One rating compared with the reference of the pair's other ratings (raterReferenceScores()).
struct ReferenceScore {
    StrId rater = kEmptyStr;
    Answer rating = answer::kNone;
    Answer reference = answer::kNone; ///< rounded level or MET / UNMET; kNone: binary tie of the others
    double referenceMean = kMissing;  ///< ordinal: unrounded mean of the others; binary: their MET share
};

/// The per-rating comparisons of item `item` in rating order (valid ratings only; empty when the item has
/// fewer than two valid ratings or is pairwise).
std::vector<ReferenceScore> raterReferenceScores(const Audit& audit, std::uint32_t item,
                                                 LabelRounding rounding = LabelRounding::HalfUp);

struct RaterReferenceRow {
    StrId criterion = kEmptyStr;    ///< ItemText::Criterion of the items (the pooled panel row: kEmptyStr)
    AgreementCounts counts;         ///< over the scored ratings
    std::uint64_t pairs = 0;        ///< items with >= 2 valid ratings (they entered)
    std::uint64_t pairsSkipped = 0; ///< binary / ordinal items with fewer than 2 valid ratings
    std::uint64_t tiesSkipped = 0;  ///< binary ratings whose other ratings tie (not scored)
};

struct RaterReferencePanel {
    StrId dataset = kEmptyStr;
    std::vector<RaterReferenceRow> criteria; ///< one per criterion, in order of the criterion's first item
    RaterReferenceRow pooled;                ///< all criteria of the panel
};

/// R4 for every panel (dataset) with binary or ordinal items, in order of the panel's first item. Pairwise
/// items are not rubric pairs and are ignored.
std::vector<RaterReferencePanel> raterReference(const Audit& audit,
                                                LabelRounding rounding = LabelRounding::HalfUp);

/// The judge's R2 / R3 counts on panel `dataset` (only criterion `criterion` when given): every judgment of
/// `judge` (every format, condition and run) on a binary or ordinal item of the panel whose R1 label exists,
/// compared with that label. Judgments without a valid answer (failed, NA, not MET / UNMET) are not
/// predictions and are left out.
AgreementCounts judgeAgreement(const Audit& audit, StrId dataset, StrId judge,
                               LabelRounding rounding = LabelRounding::HalfUp,
                               std::optional<StrId> criterion = std::nullopt);

/// R4 gap = judgeExactAccuracy - reference.exactAccuracy() (a difference of proportions, in [-1, 1]);
/// kMissing when either is missing.
double referenceGap(double judgeExactAccuracy, const AgreementCounts& reference);

} // namespace tribunal
