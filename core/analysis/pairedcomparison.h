#pragma once
// R7: paired comparison of two judges on the pairs both scored (../shared/spec/metrics.md "Rubric judges" R7
// and "Edge cases" R7; examples.md section 6).
//
// Input: one PairedObservation per (unit, criterion) pair both judges scored: the unit, a cluster (grouping
// column such as prompt or context) and each judge's correctness in [0, 1] - 0/1 for one run, the share of
// runs right when there are several. Unit and cluster ids are arbitrary; units are ordered by ascending id
// (that order is the one the resampler draws from), clusters likewise.
//
// Statistics (d_i = first_i - second_i for pair i; n pairs):
// - difference = mean d_i = accuracy(first) - accuracy(second), accuracies as pair means.
// - Unit bootstrap: resample the U units with replacement, each with all its pairs; a replicate is
//   sum D_u / sum N_u over the drawn units (D_u = sum of d_i of unit u, N_u its pair count), the
//   pair-weighted difference. 95% and 90% percentile intervals (quantiles 0.025/0.975 and 0.05/0.95, numpy
//   "linear", stats/percentile.h); p = min(1, 2 min(#{replicate <= 0}, #{replicate >= 0}) / B).
// - Outcome (checked in this order): Separated when the 95% interval excludes 0 (lo > 0 or hi < 0); Parity
//   when the 90% interval lies within [-margin, +margin] (ends equal to +-margin count as inside: two
//   one-sided tests at alpha 0.05); else Inconclusive. Undefined when there is no pair.
// - Cluster bootstrap: the same with clusters in place of units (sum over a cluster's pairs, whatever units
//   they belong to). Its own p-value and outcome by the same rules.
// - Exact McNemar (stats/exacttests.h) on the discordant pairs. Fractional correctness is reduced to a
//   majority verdict per judge: right when the share is > 1/2, wrong when < 1/2; a pair where either share is
//   exactly 1/2 has no majority verdict and is left out of McNemar (counted in mcnemarUndecided). For 0/1
//   correctness this is the textbook test: discordant = exactly one judge right.
// - Unit sign test: a unit favours the first judge when D_u > 1e-9, the second when D_u < -1e-9, else it is a
//   tie and dropped (the tolerance absorbs rounding of fractional shares; all units of a unit have the same
//   N_u for both judges, so D_u compares their unit accuracies).
// - Holm (stats/multipletesting.h holm) over a family: comparePairedFamily adjusts each of the four p-values
//   (unit bootstrap, cluster bootstrap, McNemar, sign) across the family's comparisons.
//
// Resampling scheme, exactly (part of the reproducibility contract; changing it changes published values):
// - B = PairedSettings::resamples replicates are split into ceil(B / kPairedChunk) chunks; chunk c holds
//   replicates [c K, min((c + 1) K, B)), K = kPairedChunk.
// - Unit bootstrap chunk c of the comparison with index `comparisonIndex` draws from
//   RandomStream(seed, 2 comparisonIndex, c); the cluster bootstrap from RandomStream(seed,
//   2 comparisonIndex + 1, c) (stats/randomstreams.h), so the two are independent.
// - Within a chunk, replicate after replicate, each draws its U (or G clusters) indices with one
//   RandomStream::fillIndices(U, indices, U) call; the replicate is (sum D) / (sum N) with both sums taken in
//   draw order in doubles. (When every D and N is an integer - 0/1 correctness - the sums are exact and are
//   computed with integers instead, which gives the same doubles.)
// - Shared draws in a family (comparePairedFamily): bootstraps of one kind (unit or cluster) whose sets of
//   resampled ids are equal form a draw group and use the same indices - those of the group's first
//   (lowest-index) member, drawn from that member's streams. A member's replicates are therefore exactly
//   those comparePaired would give it with comparisonIndex = its group's first member. Resampling all the
//   family's comparisons on the same units is the joint bootstrap of the family; it also draws the indices
//   once instead of once per comparison (quality.md R7 bound).
// Chunks run on any thread; each replicate is computed whole by one thread in a fixed order, so results are
// bit-identical for every thread count.
// Thread-safety: reads its arguments only; uses up to PairedSettings::threads threads internally.
// Progress and cancel (model/progress.h): total = replicates to draw, B per draw group (unit and cluster
// bootstraps that share draws count once); a step each time another kPairedProgressBlock are done (chunk = a
// fixed block of resamples). The flag is polled before every chunk of kPairedChunk replicates on every
// worker; when set, Cancelled is thrown on the calling thread after the workers stopped.

#include "model/progress.h"
#include "model/types.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace tribunal {

/// One pair both judges scored.
struct PairedObservation {
    std::uint32_t unit = 0;    ///< unit id (any value)
    std::uint32_t cluster = 0; ///< grouping id for the cluster bootstrap (any value)
    double first = 0;          ///< first judge's correctness in [0, 1] (share of runs right)
    double second = 0;         ///< second judge's correctness in [0, 1]
};

struct PairedSettings {
    int resamples = 10000;         ///< B >= 1
    std::uint64_t seed = 20261129; ///< metrics.md default seed
    double margin = 0.05;          ///< parity margin (accuracy points as a proportion), >= 0
    bool clusterBootstrap = true;  ///< also run the cluster bootstrap
    int threads = 0;               ///< 0 = hardware concurrency; results do not depend on it
};

/// Replicates per chunk (one random stream each). Part of the reproducibility contract.
inline constexpr int kPairedChunk = 64;
/// Replicates per progress step (a multiple of kPairedChunk; not part of the reproducibility contract).
inline constexpr int kPairedProgressBlock = 16 * kPairedChunk;

enum class PairedOutcome { Undefined, Separated, Parity, Inconclusive };

/// Name used in reports: "undefined", "separated", "parity", "inconclusive".
const char* pairedOutcomeName(PairedOutcome outcome);

/// A percentile interval of the difference; kMissing ends when there is no pair.
struct DifferenceInterval {
    double lo = kMissing;
    double hi = kMissing;
};

/// One bootstrap (unit or cluster): intervals, p-value, outcome.
struct PairedBootstrap {
    DifferenceInterval ci95;
    DifferenceInterval ci90;
    double p = kMissing;     ///< two-sided bootstrap p, capped at 1
    double pHolm = kMissing; ///< Holm-adjusted within the family (comparePairedFamily only)
    PairedOutcome outcome = PairedOutcome::Undefined;
};

struct PairedComparison {
    std::size_t pairs = 0;
    std::size_t units = 0;
    std::size_t clusters = 0;
    double accuracyFirst = kMissing;
    double accuracySecond = kMissing;
    double difference = kMissing; ///< accuracyFirst - accuracySecond (mean of per-pair differences)
    PairedBootstrap unitBootstrap;
    PairedBootstrap clusterBootstrap;   ///< Undefined when PairedSettings::clusterBootstrap is false
    std::uint64_t onlyFirst = 0;        ///< McNemar: first right (majority), second wrong
    std::uint64_t onlySecond = 0;       ///< McNemar: second right, first wrong
    std::uint64_t mcnemarUndecided = 0; ///< pairs left out: a share of exactly 1/2
    double mcnemarP = 1.0;
    double mcnemarPHolm = kMissing;
    std::uint64_t unitsFirstBetter = 0;
    std::uint64_t unitsSecondBetter = 0;
    std::uint64_t unitsTied = 0;
    double signP = 1.0;
    double signPHolm = kMissing;
};

/// The outcome rule above for given intervals (exposed for tests and reports).
PairedOutcome pairedOutcome(const DifferenceInterval& ci95, const DifferenceInterval& ci90, double margin);

/// One comparison; `comparisonIndex` only selects the random streams. Throws std::invalid_argument on a
/// correctness outside [0, 1] (or NaN) - "R7: correctness of pair <i> must lie in [0, 1]" - and on invalid
/// settings: "R7: resamples must be >= 1", "R7: margin must be >= 0" (before any step). Holm fields stay
/// kMissing. Throws Cancelled when progress is cancelled.
PairedComparison comparePaired(std::span<const PairedObservation> pairs, const PairedSettings& settings,
                               std::uint64_t comparisonIndex = 0, const Progress& progress = {});

/// A family of comparisons (comparison k uses comparisonIndex k, with shared draws as above), with
/// Holm-adjusted p-values. Chunks of all draw groups share the thread pool and one progress total. Same
/// errors as comparePaired (Cancelled included).
std::vector<PairedComparison> comparePairedFamily(std::span<const std::vector<PairedObservation>> family,
                                                  const PairedSettings& settings,
                                                  const Progress& progress = {});

} // namespace tribunal
