#pragma once
// The cost-accuracy frontier of one cascade replay (../shared/spec/metrics.md K6, K7, K11; docs/cascades.md
// "Cost-accuracy frontier"): the points the Cascades dock plots and `tribunal-cli cascade --table frontier`
// writes, and which of them are Pareto-optimal.
//
// Points, in this order, each only when its accuracy is not missing:
//   - Single: the first judge D alone, then each fallback alone (the replay's fallbacks, name order), with
//     the fallback's accuracy and cost as the replay gives them (D's verdict where the fallback has no scored
//     one, K7);
//   - JuryLower, JuryUpper: the lower and upper median juries of D and the fallbacks (K6; `jury` may be null:
//     no jury points). Their accuracy is over the jury's own pairs (labelled pairs with a jury verdict);
//     their cost per pair is the sum of the jurors' costs per pair (every juror answers every pair, K11);
//   - Cascade: every point of every fallback's curve (fallbacks in name order, then the grid), K7.
// Costs are USD: costPerPair = cost over the kind's cascade pair set / its pairs (replay.pairs), totalCost
// the cost over the set (juries: cost per pair x pairs). A replay without pairs has no points.
// Pareto rule (paretoFrontier): a point is on the frontier unless another point is at most as costly (per
// pair) and at least as accurate, one of the two strictly. So equal points never dominate each other (both
// stay on), a tie in cost goes to the more accurate, a tie in accuracy to the cheaper; a point with a missing
// accuracy or cost is never on the frontier and a point with a missing accuracy or cost dominates nothing.
// This header stays free of the analysis headers (the Cascades dock's workspace header includes it).
// Thread-safety: pure functions of their arguments.

#include "model/types.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace tribunal {

struct CascadeReplay; // analysis/cascadereplay.h
struct JuryResult;    // analysis/jury.h

struct CascadeFrontierPoint {
    enum class Type : std::uint8_t { Single, JuryLower, JuryUpper, Cascade };
    Type type = Type::Single;
    /// Table judge index: Single the judge alone, Cascade the fallback, juries D (replay.first).
    std::size_t judge = 0;
    int fallback = -1;          ///< Cascade: index into replay.fallbacks; -1 otherwise
    int tau = -1;               ///< Cascade: index into that fallback's curve (the grid); -1 otherwise
    double costPerPair = 0;     ///< USD per pair of the kind's cascade pair set, >= 0
    double totalCost = 0;       ///< USD over the pair set, >= 0
    double accuracy = kMissing; ///< in [0, 1]; never missing in cascadeFrontier's points
    bool onFrontier = false;    ///< Pareto-optimal among the replay's points
};

/// The Pareto flags of (cost, accuracy) points (parallel spans of equal size; see the file comment).
std::vector<bool> paretoFrontier(std::span<const double> cost, std::span<const double> accuracy);

/// The frontier of `replay` with the K6 juries of its first judge and fallbacks on the replay's kind
/// (`jury`, or null for none); see the file comment.
std::vector<CascadeFrontierPoint> cascadeFrontier(const CascadeReplay& replay, const JuryResult* jury);

} // namespace tribunal
