#pragma once
// K9 cross-fitted cascade thresholds on one panel (../shared/spec/metrics.md K9, with K7 / K8 / K10 as in
// cascadecurve.h; seed 002 Appendix K "Each of the 50 halvings ...").
//
// Input: the panel's cascade pair set (every pair the first judge D answered), each pair's unit, D's score /
// correctness / cost, each fallback's correctness (D's verdict substituted where the fallback abstained or
// failed, K7) and cost, and further single-judge candidates (e.g. D's other framings) on the same pairs.
// Candidates for the best single judge: D, every fallback (alone, with the same substitution, so every
// candidate is scored on the same pair set), and the extra singles. "LLM judges" are the fallbacks.
//
// A halving h (h = 0 .. halvings-1) permutes the U units with RandomStream(seed, kCrossFitStream, h)
// (Fisher-Yates from the last position down, j = uniformIndex(i + 1)); half A = the units at permuted
// positions 0 .. floor(U/2) - 1, half B = the rest. Each half X, on its own pairs, chooses:
//   (1) each fallback's oracle tau (K8: highest accuracy, ties to the lower deferred share, then smaller
//   tau); (2) the best cascade: the fallback whose cascade is most accurate at its tau; ties to the cheaper
//   cascade
//       (its cost at that tau on X), then the fallback listed first;
//   (3) the best single judge: the most accurate candidate; ties to the cheaper (its cost on X), then the
//       first in candidate order (D, fallbacks, singles);
//   (4) the best LLM judge L (most accurate fallback alone; ties as in (3)) and the smallest grid tau at
//       which the cascade with L as fallback is at least as accurate as L on X (none when no tau is).
// The other half Y is scored with X's choices; a halving pools its two scored halves (counts and costs
// summed over both directions). Per halving: gain = pooled cascade (2) accuracy - pooled single (3) accuracy;
// for (4): pooled accuracy and cost of the matching cascade and of L (a direction without a matching tau
// scores L alone). The summary averages over halvings.
// A half without pairs chooses nothing and scores nothing (possible with very few units); halvings where a
// direction is empty still pool the other.
// Determinism: results depend on (inputs, seed, halvings) only - not on the thread count (halvings run in
// parallel, each computed whole by one thread; the summary is summed in halving order).
// Thread-safety: pure function of its arguments; uses up to `threads` threads.
// Progress and cancel (model/progress.h): chunk = one halving; total = halvings, one step per finished
// halving (from the worker threads, one at a time); the flag is polled before every halving.

#include "model/progress.h"
#include "model/types.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace tribunal {

/// Stream id of the halving permutations (stats/randomstreams.h; substream = halving index).
inline constexpr std::uint64_t kCrossFitStream = 0x4b39; // "K9"

/// One judge's correctness and cost on every pair of the set (index-aligned with CrossFitInput pairs).
struct CrossFitJudge {
    std::string name;
    std::vector<std::uint8_t> right; ///< 0 / 1
    std::vector<double> cost;        ///< USD per pair; empty = no cost recorded (0)
};

struct CrossFitInput {
    std::vector<std::uint32_t> unit; ///< per pair, any ids (units are ordered by ascending id)
    std::vector<double> score;       ///< D's cascade score per pair (NaN counts as 0, as in cascadecurve.h)
    CrossFitJudge first;             ///< D
    std::vector<CrossFitJudge> fallbacks;
    std::vector<CrossFitJudge> singles; ///< extra single-judge candidates
    std::vector<double> grid;           ///< ascending thresholds (cascadeGrid)
};

struct CrossFitSettings {
    int halvings = 50;             ///< >= 1
    std::uint64_t seed = 20261129; ///< metrics.md default seed
    int threads = 0;               ///< 0 = hardware concurrency
};

/// One halving, pooled over its two directions.
struct CrossFitHalving {
    std::uint32_t pairs = 0;        ///< scored pairs (both halves)
    std::uint32_t cascadeRight = 0; ///< (2) the chosen cascades on the held-out halves
    std::uint32_t singleRight = 0;  ///< (3) the chosen single judges on the held-out halves
    double gain = 0;                ///< (cascadeRight - singleRight) / pairs
    double cascadeCost = 0;         ///< USD of (2) on the held-out halves
    std::uint32_t matchRight = 0;   ///< (4) the matching cascades on the held-out halves
    std::uint32_t llmRight = 0;     ///< (4) the best LLM judges alone on the held-out halves
    double matchCost = 0, llmCost = 0;
    int chosenFallback[2] = {-1, -1}; ///< (2) per choosing half (A, B): index into fallbacks, -1 none
    int chosenTau[2] = {-1, -1};      ///< (2) grid index
    int chosenSingle[2] = {-1, -1};   ///< (3) candidate index: 0 = D, 1.. fallbacks, then singles
    int bestLlm[2] = {-1, -1};        ///< (4) fallback index
    int matchTau[2] = {-1, -1};       ///< (4) grid index, -1 when no tau matches
};

/// Means are over the halvings that scored any pair (kMissing when none did).
struct CrossFitResult {
    std::vector<CrossFitHalving> halvings;
    double meanGain = 0;            ///< mean of CrossFitHalving::gain (accuracy points as a proportion)
    double shareWithGain = 0;       ///< share of halvings with gain > 0
    double meanCascadeAccuracy = 0; ///< mean over halvings of cascadeRight / pairs
    double meanSingleAccuracy = 0;  ///< mean over halvings of singleRight / pairs
    double meanCostShare = 0; ///< mean of matchCost / llmCost over halvings with llmCost > 0 (else kMissing)
    double shareMatching = 0; ///< share of halvings with matchRight >= llmRight
    double meanMatchAccuracyGap = 0; ///< mean of (matchRight - llmRight) / pairs
};

/// How many choosing halves of K9 chose the cascade (2) with a fallback at a tau: the cross-fitted choices
/// the Cascades dock marks with triangles and `tribunal-cli cascade --table crossfit` writes.
struct CrossFitChoice {
    int fallback = 0; ///< index into CrossFitInput::fallbacks (= CascadeReplay::fallbacks)
    int tau = 0;      ///< index into the grid
    int count = 0;    ///< >= 1; of 2 x halvings choosing halves
};

/// The distinct (fallback, tau) pairs `result`'s halvings chose in (2), with how often. Order: first
/// appearance, halvings in index order and within a halving half A before half B; not sorted by count. A
/// half whose chosenFallback or chosenTau is -1 is skipped (it chose nothing: it or the other half had no
/// pairs, which happens only with fewer than two units), so the counts sum to 2 x halvings minus the skipped
/// halves. Empty when `result` has no halvings. Pure function.
std::vector<CrossFitChoice> crossFitChoices(const CrossFitResult& result);

/// K9 on one panel. Throws std::invalid_argument on inconsistent input: "K9: <what> has N values, expected
/// M" (per-pair vectors of another length), "K9: the grid must be ascending", "K9: halvings must be >= 1",
/// "K9: at least one fallback needed" (before any step). Throws Cancelled when progress is cancelled.
CrossFitResult crossFitCascade(const CrossFitInput& input, const CrossFitSettings& settings = {},
                               const Progress& progress = {});

} // namespace tribunal
