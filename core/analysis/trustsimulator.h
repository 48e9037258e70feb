#pragma once
// A synthetic pairwise trust audit in the design of seed 000 with stated true values (`tribunal-cli simulate
// trust`, docs/trust-simulation.md): 6 judges x 5 prompt formats x 4 datasets, every labelled pair judged in
// both orders and `runs` times, so that every cell has C, phi, A and T (../shared/spec/metrics.md T0-T13).
// Labelled as simulated everywhere: the datasets are "sim-mtbench", "sim-alpacafarm", "sim-judgebench" and
// "sim-llmbar", the judges "sim-steady", "sim-strong", "sim-noisy", "sim-biased", "sim-chaotic" and
// "sim-stubborn", every question and response starts with "[Simulated]", and the truth file's first column is
// "simulated".
//
// Model (the constants are in the .cpp and the doc). Cell (judge j, format f, dataset d) has three numbers:
// - e, the run noise: each run independently names the other candidate than the pair's settled verdict with
//   probability e (e = e_j * m_f);
// - p, the position share: the share of pairs whose settled verdict is the first-shown candidate in each
//   order (canonical A in AB, B in BA), so they flip under the swap (p = p_j * m_d * m'_f * g_jd);
// - w, the wrong share: among the other pairs, the share whose settled verdict is the wrong candidate in
//   both orders (w = w_j * n_d * h_jd); the rest are settled on the label.
// g_jd and h_jd in [0.75, 1.25] are the judge x dataset interaction, drawn once per (judge, dataset).
// Pair i of a dataset has a label (A or B, 1/2 each) and a hardness U_i ~ U(0, 1). In each cell the pair's
// type comes from a uniform V that equals U_i with probability 1/2 (the same hard pairs trouble every judge)
// and is fresh otherwise, so V ~ U(0, 1) exactly: V < p position, V < p + (1 - p) w wrong, else right.
// Calls never fail. Every run records the format's raw output (a few fixed texts per format and verdict) and
// the judge's price per call as cost_usd.
// True values (expectedTrustCell): expectations of the per-pair indicators of T2-T7 over that mixture, by
// enumerating the numbers of noisy runs k_AB, k_BA ~ Binomial(runs, e), so C, phi, A, A_dec, T_joint and the
// first-slot share are exact for any runs; T = C (A - phi / 2) and A_max = 1 - phi / 2 from them.
// Random streams (stats/randomstreams.h): the (judge, dataset) interaction RandomStream(seed, 1, 4 j + d);
// pair i of dataset d's label, hardness and text RandomStream(seed, 2, 1000000 d + i); cell (j, f, d) on that
// pair RandomStream(seed, 3 + 30 d + 5 j + f, i). Each draws a fixed number of values, so the audit is
// deterministic for (settings, seed) and more pairs leave the judgments of the others unchanged.
// Thread-safety: pure functions of their arguments.

#include "model/audit.h"

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace tribunal {

inline constexpr int kTrustSimJudges = 6;
inline constexpr int kTrustSimFormats = 5;
inline constexpr int kTrustSimDatasets = 4;
inline constexpr int kMaxTrustSimPairs = 20000;
inline constexpr int kMaxTrustSimRuns = 20;

struct TrustSimulation {
    int pairs = 100; ///< pairs per dataset, 1..kMaxTrustSimPairs
    int runs = 5;    ///< runs per (pair, order), 1..kMaxTrustSimRuns; odd runs leave no modal ties
    std::uint64_t seed = 20261129;
};

/// The stated parameters and expected metrics of one cell.
struct TrustSimCell {
    std::string judge, format, dataset;
    double noise = 0;         ///< e
    double positionShare = 0; ///< p
    double wrongShare = 0;    ///< w (among the pairs that are not position-driven)
    double priceUsd = 0;      ///< cost_usd of every call
    // Expected values (expectedTrustCell) for the simulation's runs:
    double consistency = 0;      ///< C = E[N_i] (T2, per pair)
    double flipRate = 0;         ///< phi = 1 - E[P_i] (T3)
    double firstSlotShare = 0;   ///< share of verdicts naming the first-shown slot (T3)
    double accuracy = 0;         ///< A (T4)
    double accuracyDecisive = 0; ///< A_dec = E[acc_i P_i] / E[P_i] (T4)
    double accuracyMax = 0;      ///< A_max = 1 - phi / 2 (T5)
    double trust = 0;            ///< T = C (A - phi / 2) (T6)
    double trustJoint = 0;       ///< T_joint = E[N_i P_i R_i] (T7)
};

struct TrustSimulationResult {
    AuditPtr audit;
    std::vector<TrustSimCell> cells; ///< judge-major, then format, then dataset (120 cells)
    int runs = 0;
};

/// The names, in their fixed order.
std::array<std::string_view, kTrustSimJudges> trustSimJudges();
std::array<std::string_view, kTrustSimFormats> trustSimFormats();
std::array<std::string_view, kTrustSimDatasets> trustSimDatasets();

TrustSimulationResult simulateTrustAudit(const TrustSimulation& settings);

/// Fills the expected metrics of `cell` from its noise, position share and wrong share for `runs` runs
/// (runs >= 1; with one run C = 1 by the formula, which the analysis reports as n/a).
void expectedTrustCell(TrustSimCell& cell, int runs);

/// The truth file (docs/trust-simulation.md "The truth file"): a header and one line per cell.
std::string trustTruthCsv(const TrustSimulationResult& result);

} // namespace tribunal
