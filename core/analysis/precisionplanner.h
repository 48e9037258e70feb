#pragma once
// The precision planner (issue 8): for a planned design (n pairs, each shown in both orders R times) and an
// assumed judge - given by its trust rates (C, phi, A), e.g. from a pilot, or directly as a SimJudgeBehaviour
// (simjudgemodel.h) - the expected interval widths of C, phi, A and T by simulation, so a user can choose the
// number of items and runs before paying for them.
//
// Method. For every design point (n, R) of the grid the planner simulates S audits with simJudgeAnswer and
// computes C (T2, pair form), phi (T3), A (T4) and T = C_lab (A - phi_lab / 2) (T6, q = 1/2) of each exactly
// as the trust analysis does: the simulated verdicts are reduced to the TrustPair summaries that
// summarizeTrustPairs would produce for the same audit (summarizeSimulatedPairs; tests check field equality
// against an audit built with AuditBuilder) and the metrics come from aggregateTrust with the default
// TrustSettings (pair unit, q = 1/2, no single-run opt-in).
// - mean: the mean of the S estimates.
// - lo, hi: the (1 - level) / 2 and 1 - (1 - level) / 2 quantiles of the S estimates (numpy "linear",
//   stats/percentile.h); width = hi - lo. This is the sampling spread of the estimator, which is what a
//   percentile bootstrap interval (T13) of one real audit of that design has as its width on average, to
//   within Monte Carlo error (and the bootstrap's own small-sample error; checked in tst_precisionplanner,
//   where the mean bootstrap width over simulated audits agrees to a few percent).
// - widthSe: the Monte Carlo standard error of `width`, estimated by a bootstrap over the S estimates
//   (kPlanWidthResamples resamples of the S values, the standard deviation of the resampled widths). It
//   shrinks like 1/sqrt(S); raise S when it matters against the target.
// - With R = 1, C is not identifiable (T2): C and T are flagged not identifiable ("n/a (1 run)") and left
//   kMissing, as the analysis does.
// Widths are full interval widths: "phi within +/-0.05" is a width of 0.10.
//
// Reproducibility (../shared/spec/architecture.md): the S simulations of a design point are split into chunks
// of kPlanChunk, chunk c drawing from RandomStream(seed, planStreamKey(n, R), c); the width bootstrap of
// metric m (PlanMetric order) draws from RandomStream(seed, planStreamKey(n, R), kPlanWidthSubstream + m).
// Results are therefore identical for any thread count, and a design point's numbers do not depend on which
// other points the grid holds. Thread-safety: pure functions of their arguments.

#include "analysis/simjudgemodel.h"
#include "analysis/trustpair.h"
#include "model/types.h"
#include "stats/randomstreams.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tribunal {

/// The planned metrics, in table order.
enum class PlanMetric { Consistency, FlipRate, Accuracy, Trust };
inline constexpr int kPlanMetrics = 4;
/// "C", "phi", "A", "T".
std::string_view planMetricName(PlanMetric metric);

/// Simulations per random stream (part of the reproducibility contract).
inline constexpr int kPlanChunk = 16;
/// Resamples of the bootstrap behind widthSe (part of the reproducibility contract).
inline constexpr int kPlanWidthResamples = 200;
/// First substream of the width bootstraps (one per metric; simulation chunks use substreams 0, 1, ...).
inline constexpr std::uint64_t kPlanWidthSubstream = 0xffffffffull;
/// Stream key of a design point: (items << 16) | runs.
inline constexpr std::uint64_t planStreamKey(int items, int runs)
{
    return (static_cast<std::uint64_t>(items) << 16) | static_cast<std::uint64_t>(runs);
}

/// Design limits (inclusive), so that a typo cannot start hours of simulation.
inline constexpr int kPlanMaxItems = 1'000'000;
inline constexpr int kPlanMaxRuns = 100;
inline constexpr int kPlanMaxSimulations = 100'000;

struct PrecisionPlanSettings {
    int items = 200;            ///< n: pairs of the design, in [2, kPlanMaxItems]
    double labelledShare = 1.0; ///< share of the n pairs with a label, in (0, 1]; round(share n) >= 1
    int runs = 3;               ///< R: runs per (pair, order), in [1, kPlanMaxRuns]; both orders always
    /// Assumed trust rates (C, phi, A). When set, the judge is behaviourForRates(*rates, ratesRuns) and its
    /// error message is passed through; otherwise `behaviour` is used as given.
    std::optional<SimTrustRates> rates;
    /// Runs at which `rates` were measured (a pilot's R); 0 = `runs`. With 1, C is ignored and k = 1
    /// (behaviourForRates): multi-run design points then simulate a perfectly repeatable judge.
    int ratesRuns = 0;
    SimJudgeBehaviour behaviour;
    int simulations = 400;         ///< S, in [10, kPlanMaxSimulations]
    double level = 0.95;           ///< interval level in (0, 1)
    std::uint64_t seed = 20261129; ///< metrics.md default seed
    int threads = 0;               ///< 0 = hardware concurrency; results do not depend on it
    /// Design grid: every (n, R) in itemGrid x runGrid is simulated (points ordered by R, then n; duplicates
    /// removed). Empty lists mean {items} and {runs}.
    std::vector<int> itemGrid;
    std::vector<int> runGrid;
    /// Optional target (full) interval width in (0, 1]: fills PrecisionPlan::recommendations.
    std::optional<double> targetWidth;
};

/// One metric at one design point. Rates are proportions; kMissing where undefined.
struct PlanMetricResult {
    bool identifiable = true;   ///< false for C and T with R = 1: report "n/a (1 run)"
    double expected = kMissing; ///< expectedTrustRates (T: C (A - phi/2) of those, an approximation of E[T])
    double mean = kMissing;     ///< mean of the defined estimates
    double lo = kMissing;       ///< (1 - level) / 2 quantile of the estimates
    double hi = kMissing;       ///< 1 - (1 - level) / 2 quantile
    double width = kMissing;    ///< hi - lo: the expected interval width
    double widthSe = kMissing;  ///< Monte Carlo standard error of width (bootstrap over the estimates)
    int defined = 0;            ///< simulations in which the estimate was defined
};

struct PlanPoint {
    int items = 0;
    int labelledItems = 0;
    int runs = 0;
    std::array<PlanMetricResult, kPlanMetrics> metrics; ///< indexed by PlanMetric
    const PlanMetricResult& metric(PlanMetric m) const { return metrics[static_cast<std::size_t>(m)]; }
};

/// The smallest n of the grid (at a given R) from which on the expected width of a metric stays at most the
/// target: that n and every larger n of the grid meet it (so a lucky Monte Carlo dip at a small n among
/// failing larger ones is not recommended). items = nullopt when even the largest n does not meet it, or the
/// metric is not identifiable at this R.
struct PlanRecommendation {
    PlanMetric metric = PlanMetric::Consistency;
    int runs = 0;
    std::optional<int> items;
};

struct PrecisionPlan {
    SimJudgeBehaviour behaviour; ///< the simulated judge
    int simulations = 0;
    double level = 0.0;
    std::optional<double> targetWidth;
    std::vector<PlanPoint> points;                   ///< ordered by runs, then items
    std::vector<PlanRecommendation> recommendations; ///< per (runs, metric) when targetWidth is set
};

/// Runs the plan. Returns nullopt with *error set on bad input (messages are stable; tests check them).
std::optional<PrecisionPlan> planPrecision(const PrecisionPlanSettings& settings, std::string* error);

/// The recommendation rule above over the points of `plan` with the given runs.
std::optional<int> smallestItemsForWidth(const PrecisionPlan& plan, PlanMetric metric, int runs,
                                         double targetWidth);

// Building blocks (exposed so tests can compare them with the trust analysis on the same verdicts).

/// The verdicts of one simulated audit of the design: pairs 0..labelledItems-1 are labelled, alternately A
/// (even index) and B (odd), the rest unlabelled; verdict(pair, order, run) with order 0 = AB, 1 = BA.
struct SimulatedDesign {
    int items = 0;
    int labelledItems = 0;
    int runs = 0;
    std::vector<Answer> labels;   ///< per pair
    std::vector<Answer> verdicts; ///< (pair * 2 + order) * runs + run
    Answer verdict(int pair, int order, int run) const
    {
        return verdicts[(static_cast<std::size_t>(pair) * 2 + static_cast<std::size_t>(order)) *
                            static_cast<std::size_t>(runs) +
                        static_cast<std::size_t>(run)];
    }
};

/// Simulates one audit into `out` (reusing its storage). Per pair, uniforms are drawn in this order:
/// the settled verdict, then for order AB the position effect and its R runs, then the same for BA
/// (uniform = (next() >> 11) * 2^-53).
void simulateDesign(const SimJudgeBehaviour& behaviour, int items, int labelledItems, int runs,
                    RandomStream& rng, SimulatedDesign& out);

/// The TrustPair summaries summarizeTrustPairs gives for an audit holding exactly these verdicts (every call
/// answered, run numbers 1..R, pair i = item i), into `out` (reusing its storage).
void summarizeSimulatedPairs(const SimulatedDesign& design, TrustPairs& out);

} // namespace tribunal
