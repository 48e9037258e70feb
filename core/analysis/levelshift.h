#pragma once
// R5 level shifts of an ordinal rubric judge (../shared/spec/metrics.md "Rubric judges" R5): move every
// prediction of a judge on a criterion by s levels, clipped to the criterion's scale 1..K, and score exact
// accuracy against the R1 labels.
//
// Predictions are those R2 scores (rubricagreement.h): every run of an ordinal pair with an R1 label whose
// answer is a level 1..K; NA / none / out-of-scale answers and unlabelled pairs leave (R2 counts them).
// Per (panel, judge, format, condition) cell without a bias test and per criterion:
// - curve: accuracy at every s in -(K-1) .. K-1 (clipping makes larger |s| equal to these ends);
// - best shift: the s with the highest accuracy on all the criterion's pairs; ties go to the smallest |s|,
//   then to the smaller s (so 0 wins any tie it is in, and -1 beats +1);
// - leave-one-out: each pair's shift is the best shift (same tie rule) chosen on the criterion's OTHER pairs
//   (all their runs), and the pair's runs are scored at that shift; looAccuracy pools these over the
//   criterion's predictions. A criterion with a single pair has no other pairs: every s ties and s = 0.
// Pooled row per cell (criterion kEmptyStr): curve = one common s applied to every criterion (clipped to
// each scale, s over the largest K), bestShift / bestAccuracy from that curve; ownBestAccuracy = every
// criterion at its own best shift; looAccuracy = the criterion LOO results pooled. On a criterion row
// ownBestAccuracy equals bestAccuracy. All accuracies are shares of the row's n predictions (kMissing when
// n = 0; then bestShift is 0).
//
// Thread-safety: pure functions of their arguments.

#include "analysis/rubricagreement.h"

#include <cstdint>
#include <span>
#include <vector>

namespace tribunal {

struct ShiftAccuracy {
    int shift = 0;
    double accuracy = kMissing;
};

struct LevelShiftRow {
    StrId dataset = kEmptyStr, judge = kEmptyStr, format = kEmptyStr;
    CondId condition = 0;
    bool pooled = false;
    StrId criterion = kEmptyStr;
    int levels = 0;      ///< K (pooled: the largest K)
    std::uint32_t n = 0; ///< scored predictions
    std::uint32_t pairs = 0;
    std::vector<ShiftAccuracy> curve; ///< s ascending from -(K-1) to K-1
    double accuracy = kMissing;       ///< at s = 0 (R2 exact accuracy)
    int bestShift = 0;
    double bestAccuracy = kMissing;
    double ownBestAccuracy = kMissing;
    double looAccuracy = kMissing;
};

/// R5 on one criterion's predictions (all with the same `levels`; RubricPrediction::pair identifies pairs).
/// Only predictions with a level 1..K enter. The returned row has the key fields empty.
LevelShiftRow shiftCriterion(std::span<const RubricPrediction> predictions);

/// R5 rows of every cell: per criterion (ascending criterion text) with ordinal pairs, then the pooled row.
std::vector<LevelShiftRow> analyseLevelShifts(const Audit& audit,
                                              const RubricAgreementSettings& settings = {});

} // namespace tribunal
