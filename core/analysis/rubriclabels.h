#pragma once
// R1 labels of rubric pairs (../shared/spec/metrics.md "Rubric judges" R1 and "Edge cases" R1; worked
// example:
// ../shared/spec/examples.md section 5). A rubric pair is one item of kind binary or ordinal: (unit,
// criterion) in a dataset (the panel); its raters' individual ratings are ItemTable ratings.
// - Ordinal: label = the mean of the ratings present (NA and none ratings ignored) rounded to the nearest
// level
//   by the rule (half-up by default, or half-down). The third rule, unrounded, is for offsets: they read
//   `mean`; the level metrics (accuracies, QWK) still need a level and get the half-up one, so `label` is set
//   under every rule and kNone always means "no label".
// - Binary: label = the raters' majority of MET / UNMET; a tie leaves the pair without a label (dropped and
//   counted by the callers).
// - Without ratings the item's own label is used (and the pair counts as unanimous).
// - Unanimous: every rating equal (one rating counts as unanimous); split otherwise. R1 reports the two
// apart. Thread-safety: pure functions of the immutable audit.

#include "model/audit.h"

#include <string_view>

namespace tribunal {

enum class LabelRounding : std::uint8_t { HalfUp, HalfDown, Unrounded };
std::string_view labelRoundingName(LabelRounding rounding); ///< "half-up", "half-down", "unrounded"

struct RubricLabel {
    Answer label = answer::kNone; ///< the rounded level or MET / UNMET; kNone: no label (binary tie, nothing)
    double mean = kMissing;       ///< ordinal: the raters' mean (or the item's label); binary: share of MET
    bool unanimous = true;
    int raters = 0; ///< ratings that entered (0 when the item's own label was used)
};

/// The mean `mean` rounded to a level by `rounding` (HalfUp: floor(mean + 1/2); HalfDown: ceil(mean - 1/2));
/// Unrounded has no level and gives kNone (use the mean). Means within 1e-9 of a half count as halves.
Answer roundLevel(double mean, LabelRounding rounding);

/// R1 label of item `item` (binary or ordinal; any other kind gives an empty RubricLabel).
RubricLabel rubricLabel(const Audit& audit, std::uint32_t item,
                        LabelRounding rounding = LabelRounding::HalfUp);

/// The number of levels K of an ordinal item: its level descriptions when given, else the largest level its
/// label, ratings and judgments use (the scale is then 1..K). 2 for binary items.
int scaleLevels(const Audit& audit, std::uint32_t item);

/// True for the kinds R1-R7 score: binary and ordinal.
bool isRubricKind(TaskKind kind);

/// The rounding that gives level labels: Unrounded -> HalfUp (R2 "unrounded": offsets read the mean, the
/// level metrics the half-up label); the other rules unchanged.
LabelRounding levelRounding(LabelRounding rounding);

/// True when `predicted` is scored on a pair of `kind` with `levels` levels (R2 / R3): MET / UNMET on a
/// binary pair, a level 1..levels on an ordinal one. NA, none and out-of-scale answers are not.
bool isScoredPrediction(Answer predicted, TaskKind kind, int levels);

} // namespace tribunal
