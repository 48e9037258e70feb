#pragma once
// K7 cascade replay, K8 oracle threshold and K10 identity of one (first judge D, fallback) pair on a fixed
// pair set (../shared/spec/metrics.md "Confidence, confident errors, juries, cascades" K7, K8, K10 and "Edge
// cases" K7, K8, K10; worked example: ../shared/spec/examples.md section 7).
//
// Input: one CascadePair per pair D answered (D's abstentions leave the set; the caller builds it). `score`
// is what the threshold is compared with: D's K1 confidence on ordinal criteria, |P(yes) - 0.5| on binary
// ones. fallbackRight is the fallback's correctness where it answered, and D's where it abstained or failed
// (K7, K10: the same substitution for the cascade and for the fallback alone).
// At threshold tau a pair is deferred when score < tau - 1e-9 (a score equal to tau up to rounding is kept);
// deferred pairs take the fallback's verdict, kept pairs D's.
// Per tau: accuracy = (right kept by D + right deferred by the fallback) / n; deferredShare = deferred / n;
// cost = D's cost on every pair + the fallback's cost on deferred pairs (a missing cost counts 0; the caller
// decides what is charged, K7 edge case: failed requests with a recorded cost are); K10: left =
// accuracy - accuracy(fallback alone), right = s_kept (a_kept(D) - a_kept(fallback)); both 0 when nothing
// is kept. Accuracies are ratios of integer counts, so ties between thresholds are exact.
// Grids: tau = k/20, k = 0..20 (ordinal) and k/50, k = 0..25 (binary), each computed as k / 20.0 (so 0.15
// is the double nearest 3/20, not 3 * 0.05).
// Thread-safety: pure functions of their arguments.

#include "model/types.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace tribunal {

struct CascadePair {
    double score =
        0; ///< compared with tau (see above); NaN counts as 0 (no confidence: kept only at tau = 0)
    bool firstRight = false;
    bool fallbackRight = false;
    double firstCost = 0;    ///< USD
    double fallbackCost = 0; ///< USD
};

struct CascadePoint {
    double tau = 0;
    std::uint32_t kept = 0, deferred = 0;
    std::uint32_t right = 0; ///< right verdicts of the cascade
    double accuracy = kMissing;
    double deferredShare = kMissing;
    double cost = 0;                     ///< USD over the pair set
    double keptAccuracyFirst = kMissing; ///< a_kept(D); kMissing when nothing is kept
    double keptAccuracyFallback = kMissing;
    double k10Left = kMissing, k10Right = kMissing;
};

/// The K7 grid for a criterion kind: Ordinal k/20 (21 values), Binary k/50 for k = 0..25 (26 values).
std::vector<double> cascadeGrid(TaskKind kind);

/// K7 / K10 at every tau of `grid` (any values, any order; the points follow the grid). Empty pair sets give
/// points with kMissing accuracies.
std::vector<CascadePoint> cascadeCurve(std::span<const CascadePair> pairs, std::span<const double> grid);

/// K8: the index of the point with the highest accuracy; ties to the lower deferred share, then the smaller
/// tau. Points with a missing accuracy never win; returns curve.size() when every accuracy is missing.
std::size_t oracleIndex(std::span<const CascadePoint> curve);

/// Accuracy of D alone and of the fallback alone (with D's verdict substituted, as above) on the pairs.
double firstAccuracy(std::span<const CascadePair> pairs);
double fallbackAccuracy(std::span<const CascadePair> pairs);

} // namespace tribunal
