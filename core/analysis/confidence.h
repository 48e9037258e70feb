#pragma once
// K1 confidence of a rubric answer and K2 discrimination of a judge's confidence for its correctness
// (../shared/spec/metrics.md "Confidence, confident errors, juries, cascades" K1, K2 and "Edge cases" K1, K2;
// worked example: ../shared/spec/examples.md section 7).
//
// K1, in this order of precedence:
// - the judge's own confidence field, used as returned (JudgmentTable confidence, already in [0, 1]);
// - binary (MET / UNMET) with a probability of MET (p = P(MET) after renormalising the MET and UNMET
// entries):
//   conf = 2 |p - 0.5|;
// - a choice over K options with the top probability p_max (after renormalising every entry to sum 1):
//   conf = (K p_max - 1) / (K - 1). K counts every option offered: the scale's levels, plus NA when the
//   judgment gave NA a probability (the data records no other sign that NA was offered);
// - otherwise no confidence (kMissing).
//
// K2 over a judge's scored answers (confidence, right or wrong):
// - AUROC of confidence for correctness: P(conf of a right answer > conf of a wrong one), ties count 1/2
//   (scikit-learn roc_auc_score with y = right); kMissing without both classes.
// - Error rate per band [0, 0.25) [0.25, 0.5) [0.5, 0.75) [0.75, 1] (1 falls in the last band).
// - Selective accuracy at f = 25%, 50%, 75%: the accuracy of the ceil(f n) most confident answers, ties at
//   the cut broken by unit id, then criterion name (both ascending, byte order), then input order.
// Thread-safety: pure functions of their arguments.

#include "model/types.h"

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

namespace tribunal {

struct ProbEntry;

/// K1 from a probability list of one judgment on an item of `kind` with `levels` levels (binary: 2).
/// Entries with a negative or NaN probability are ignored; kMissing when nothing usable is left, when the
/// probabilities sum to 0, or (binary) when neither MET nor UNMET has an entry.
double confidenceFromProbabilities(TaskKind kind, int levels, std::span<const ProbEntry> probs);

/// K1 of one judgment: its confidence field when present (not kMissing), else confidenceFromProbabilities.
double answerConfidence(TaskKind kind, int levels, double statedConfidence, std::span<const ProbEntry> probs);

/// One scored answer for K2.
struct ConfidentAnswer {
    double confidence = 0; ///< K1 in [0, 1]
    bool right = false;
    std::string_view unit;      ///< tie-break keys for selective accuracy
    std::string_view criterion; ///<
};

inline constexpr std::array<double, 3> kSelectiveFractions = {0.25, 0.50, 0.75};
inline constexpr std::array<double, 5> kConfidenceBandEdges = {0.0, 0.25, 0.5, 0.75, 1.0};

struct ConfidenceBand {
    std::uint32_t answers = 0;
    std::uint32_t wrong = 0;
    double errorRate = kMissing; ///< wrong / answers; kMissing when empty
};

struct Discrimination {
    std::uint32_t answers = 0; ///< with a confidence (answers without one are not counted here)
    std::uint32_t right = 0;
    double accuracy = kMissing;
    double auroc = kMissing;
    std::array<ConfidenceBand, 4> bands;
    std::array<double, 3> selectiveAccuracy = {kMissing, kMissing, kMissing}; ///< at kSelectiveFractions
    std::array<std::uint32_t, 3> selectiveKept = {0, 0, 0};                   ///< ceil(f n)
};

/// The band index of a confidence in [0, 1] (values above 1 go to the last band, below 0 to the first).
int confidenceBand(double confidence);

/// K2 of `answers` (answers with a NaN confidence are left out).
Discrimination discrimination(std::span<const ConfidentAnswer> answers);

} // namespace tribunal
