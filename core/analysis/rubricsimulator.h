#pragma once
// A synthetic rubric audit with stated true values (`tribunal-cli simulate rubric`,
// docs/rubric-simulation.md): several rubric judges with correlated errors, a cheap judge with probabilities
// and costs and an expensive one, so that the rubric metrics (../shared/spec/metrics.md R1-R7) and the
// confidence / cascade metrics (K1-K11) have something to show. Labelled as simulated everywhere: the dataset
// is "sim-rubric", the judges "sim-cheap", "sim-mid-2".."sim-mid-(J-1)" and "sim-expensive", every
// question and submission starts with "[Simulated]", and the truth file's first column is "simulated".
//
// Design: `units` units "u0001".. (a submission to a prompt), 10 units per group "prompt-001".. (unit u,
// 0-based, is in group u / 10; the group is the prompt: its units share the question). Every unit has the 5
// criteria of simulatedRubricCriteria(): 3 ordinal (scales of 5, 4 and 5 levels, with level descriptions)
// and 2 binary. One item per (unit, criterion): item_id "<unit>/<criterion>", kind ordinal or binary,
// unit_id, group, question, submission and criterion set; 3 ratings ("rater-1".."rater-3"), no own label
// (the R1 label comes from the ratings). Every judge judges every pair twice (format "rubric", reps 1 and 2,
// no bias test): units x 5 x J x 2 judgments.
//
// Model (the constants are in the .cpp and the doc):
// - True value of a pair. Ordinal, scale 1..K: T = clamp(round(m + q_u + g_group + N(0, 0.6^2)), 1, K) with
//   m = (K + 1) / 2, unit quality q_u ~ N(0, 0.7^2) and prompt quality g ~ N(0, 0.5^2). Binary: MET when
//   q_u + g + N(0, 1) > -0.3 (about 60% MET).
// - Raters: ordinal rating = clamp(T + n, 1, K), n = -1 or +1 with probability 0.1 each (else 0), so the R1
//   label (rounded mean of 3) is T on most pairs, splits are common and unanimous disagreements are rare;
//   binary rating = the truth flipped with probability 0.1 (3 raters: never a tie).
// - Judges. Judge j has a leniency d_j (levels), an own noise sd s_j, binary false-positive / false-negative
//   rates fpr_j / fnr_j (against the true value), a price per request and (the cheap judge) a median latency;
//   see simulatedRubricJudge(). Every pair p has a shared error e_p = a_group + h_p, a_group ~ N(0, 0.25^2)
//   per prompt (a misleading prompt pushes every judge the same way on all its units) and h_p ~ N(0, 0.35^2)
//   per pair (a hard case); run r of judge j adds its own noise x ~ N(0, s_j^2), re-drawn per run.
//   Ordinal: the judge's score z = T + d_j + e_p + x and its answer clamp(round(z), 1, K).
//   Binary: MET when mu_j(truth) + e_p + x > 0, with mu_j(MET) = S_j Phi^-1(1 - fnr_j) and
//   mu_j(UNMET) = S_j Phi^-1(fpr_j), S_j = sqrt(0.25^2 + 0.35^2 + s_j^2): so P(MET | UNMET) = fpr_j and
//   P(UNMET | MET) = fnr_j exactly.
//   So the judges' latent errors e_p + x are positively correlated: corr(j, k) = V / sqrt((V + s_j^2)
//   (V + s_k^2)), V = 0.25^2 + 0.35^2 = 0.185 (latentErrorCorrelation); two mid judges with s = 0.45: 0.477.
//   The correlation of the observed level errors (answer - T) is lower (rounding, clipping):
//   levelErrorCorrelation() gives its exact expectation.
// - The cheap judge states probabilities (every option of the scale, 4 decimals, summing to 1) and a
//   confidence = its largest probability. Ordinal: p(L) proportional to exp(-(L - z)^2 / (2 w^2)), L = 1..K
//   (the answer is the most probable level), w = 0.3 + 0.5 |e_p + x + i| with i ~ N(0, 0.5^2) (its sense of
//   its own error: confidence informative, not perfect); binary: P(MET) = Phi((mu + e_p + x) / 0.5).
// - Every request fails independently with probability failureRate (answer none, error "simulated failure",
//   no probabilities, no confidence); it still costs the judge's price. Only the cheap judge records latency
//   (lognormal: median 0.4 s, log-sd 0.3, rounded to 1 ms).
// Random streams (stats/randomstreams.h): group g's quality and tilt RandomStream(seed, 1, g); unit u's
// quality, texts, true values, ratings and shared errors RandomStream(seed, 2, u); judge j's two runs on
// pair (u, c) RandomStream(seed, 10 + key_j, 8u + c), key 0 for sim-cheap, 1 for sim-expensive, n for
// sim-mid-n.
// Each draws a fixed number of values. So the audit is deterministic for (settings, seed), and adding units
// or judges leaves the judgments of the others unchanged. Thread-safety: pure functions of their arguments.

#include "model/audit.h"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tribunal {

inline constexpr int kMinRubricJudges = 3;
inline constexpr int kMaxRubricJudges = 16;
inline constexpr int kMaxRubricUnits = 20000;
inline constexpr int kRubricUnitsPerGroup = 10;
inline constexpr int kRubricRaters = 3;
inline constexpr int kRubricRuns = 2;
/// Model constants (see the model above): prompt tilt and hard-case sd of the shared error, the rater slip
/// probability (ordinal: -1 and +1 each; binary: a flip).
inline constexpr double kRubricGroupTiltSd = 0.25;
inline constexpr double kRubricHardCaseSd = 0.35;
inline constexpr double kRubricRaterSlip = 0.1;

struct RubricSimulation {
    int judges = 4;  ///< kMinRubricJudges..kMaxRubricJudges (clamped)
    int units = 200; ///< 1..kMaxRubricUnits (clamped)
    std::uint64_t seed = 20261129;
    double failureRate = 0.01; ///< probability that a request fails, in [0, 1)
};

struct SimulatedRubricCriterion {
    std::string_view name;                    ///< the criterion text, e.g. "accuracy"
    TaskKind kind;                            ///< Ordinal or Binary
    std::span<const std::string_view> levels; ///< level descriptions, level 1 first (empty for binary)
};
/// The 5 criteria in their fixed order (ordinal first).
std::span<const SimulatedRubricCriterion> simulatedRubricCriteria();

/// True parameters of one simulated rubric judge.
struct SimulatedRubricJudge {
    std::string name;           ///< "sim-cheap", "sim-mid-<n>" or "sim-expensive"
    std::uint32_t key = 0;      ///< stream key: 0 cheap, 1 expensive, n for sim-mid-n
    double leniency = 0;        ///< d: shift of the ordinal score, levels
    double noiseSd = 0;         ///< s: own noise sd, levels (re-drawn per run)
    double fpr = 0, fnr = 0;    ///< binary: P(MET | true UNMET), P(UNMET | true MET)
    double priceUsd = 0;        ///< cost of one request (failed ones too), USD
    double latencyMedianS = 0;  ///< median latency, s; 0 = not recorded
    bool probabilities = false; ///< states probabilities and a confidence
};

/// The judge at position `index` (0-based) of a simulation with `judges` judges: index 0 is sim-cheap,
/// index judges-1 sim-expensive, index i in between sim-mid-(i+1) (a fixed table; see the doc).
SimulatedRubricJudge simulatedRubricJudge(int index, int judges);

/// The true value of one pair, for checking the metrics against the model.
struct SimulatedRubricPair {
    std::uint32_t unit = 0, criterion = 0; ///< 0-based; item row = unit * 5 + criterion
    Answer truth = answer::kNone;          ///< T (ordinal level) or MET / UNMET
    int levels = 2;                        ///< K (2 for binary)
};

struct RubricSimulationTruth {
    std::vector<SimulatedRubricJudge> judges;
    std::vector<SimulatedRubricPair> pairs; ///< in item row order
    double failureRate = 0;
};

struct RubricSimulationResult {
    AuditPtr audit;
    RubricSimulationTruth truth;
};

RubricSimulationResult simulateRubricAudit(const RubricSimulation& settings);

/// Sd of the shared error e_p = a_group + h_p: sqrt(0.25^2 + 0.35^2).
double rubricSharedErrorSd();
/// Latent error correlation of two judges: V / sqrt((V + s_a^2)(V + s_b^2)), V = rubricSharedErrorSd()^2.
double latentErrorCorrelation(const SimulatedRubricJudge& a, const SimulatedRubricJudge& b);
/// E[answer | T] of an answered ordinal run: sum of L P(clamp(round(T + d + N(0, S^2))) = L).
double expectedLevel(const SimulatedRubricJudge& judge, int levels, int truth);
/// E[R1 label | T]: the rounded (half-up) mean of 3 ratings, enumerated over the 27 rater outcomes.
double expectedLabel(int levels, int truth);
/// R2 offset the model predicts for `judge` on the ordinal pairs of `truth`: the mean over them of
/// expectedLevel - expectedLabel (failures are independent of everything, so they do not shift it).
double expectedOffset(const RubricSimulationTruth& truth, const SimulatedRubricJudge& judge);
/// Expected correlation, pooled over the ordinal pairs of `truth`, of two judges' level errors (answer - T)
/// on the same run: the shared error integrated out numerically (given it the two errors are independent).
double levelErrorCorrelation(const RubricSimulationTruth& truth, const SimulatedRubricJudge& a,
                             const SimulatedRubricJudge& b);

/// The truth file (docs/rubric-simulation.md "The truth file"): a header and one line per judge.
std::string rubricTruthCsv(const RubricSimulationTruth& truth);

} // namespace tribunal
