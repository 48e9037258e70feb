#pragma once
// T13: bootstrap intervals of the cell trust metrics, resampling pairs with all their runs and orders
// (../shared/spec/metrics.md "Pairwise trust", T7 gap and T13; general rules on seeds and percentiles).
//
// Reproducibility (../shared/spec/architecture.md): resamples are split into fixed chunks, each with its own
// random stream derived from (seed, cell index, chunk index), so the intervals are identical for any number
// of threads. Percentile intervals use linear interpolation between order statistics (numpy's "linear").
// Thread-safety: reads its arguments only.
//
// The resampling scheme, exactly (a reference resampler can reproduce every value):
// - A cell with n retained pairs (TrustPairs::pairs, n < 2^32) and B = BootstrapSettings::resamples has
//   ceil(B / kBootstrapChunk) chunks; chunk c holds resamples [c K, min((c + 1) K, B)), K = kBootstrapChunk,
//   and draws from RandomStream(seed, cellIndex, c) (stats/randomstreams.h).
// - Within a chunk, resample after resample, each resample draws its n pair indices with one
//   RandomStream::fillIndices(n, indices, n) call; its statistics are aggregateTrust(summary, indices, trust)
//   (computed by an equivalent specialised sum, bit for bit: see trustResampleStatistics).
// - An interval end is kMissing when more than half of the B resamples leave the statistic undefined
//   (e.g. no labelled pair drawn, or C not identifiable with one run); otherwise both ends are the quantiles
//   (1 - level) / 2 and 1 - (1 - level) / 2 (stats/percentile.h, numpy "linear") of the defined values.
// - A cell without retained pairs, resamples < 1 or a level outside (0, 1) gives kMissing intervals.

#include "analysis/trustanalysis.h"
#include "model/progress.h"

#include <cstdint>
#include <span>
#include <vector>

namespace tribunal {

struct BootstrapSettings {
    int resamples = 2000;          ///< >= 1
    std::uint64_t seed = 20261129; ///< metrics.md default seed
    double level = 0.95;           ///< interval level in (0, 1)
    int threads = 0;               ///< 0 = hardware concurrency; results do not depend on it
};

/// Resamples per chunk (one random stream each). Part of the reproducibility contract: changing it changes
/// the intervals.
inline constexpr int kBootstrapChunk = 64;

/// A percentile interval; both ends kMissing when the statistic is undefined in too many resamples to say.
struct Interval {
    double lo = kMissing;
    double hi = kMissing;
};

struct TrustCellIntervals {
    Interval consistency; ///< C (chosen unit)
    Interval flipRate;    ///< phi
    Interval accuracy;    ///< A
    Interval accuracyMax; ///< A_max
    Interval trust;       ///< T (closed form)
    Interval trustJoint;  ///< T_joint
    Interval trustGap;    ///< T - T_joint (Table 10)
};

/// The statistics one resample contributes, equal bit for bit to the same fields of
/// aggregateTrust(summary, pairIndices, trust) (consistency, flipRate, accuracy, accuracyMax, trust,
/// trustJoint, trustGap). The bootstrap computes them with a faster specialised sum; this entry point exists
/// to test that equivalence. Precondition: every index < summary.pairs.size().
struct TrustResampleStatistics {
    double consistency = kMissing;
    double flipRate = kMissing;
    double accuracy = kMissing;
    double accuracyMax = kMissing;
    double trust = kMissing;
    double trustJoint = kMissing;
    double trustGap = kMissing;
};
TrustResampleStatistics trustResampleStatistics(const TrustPairs& summary,
                                                std::span<const std::uint32_t> pairIndices,
                                                const TrustSettings& trust);

/// Intervals for one cell from its pair summaries (`cellIndex` only seeds the random streams; bootstrapTrust
/// passes the cell's index in Audit::cells()). Uses up to `threads` threads over the cell's chunks.
TrustCellIntervals bootstrapTrustCell(const TrustPairs& summary, const TrustSettings& trust,
                                      const BootstrapSettings& bootstrap, std::uint64_t cellIndex);

/// Intervals for every cell, in Audit::cells() order (same order as analyseTrust). Reports progress per cell
/// (done, total cells) from the worker threads, one call at a time with a growing count, and stops early
/// (returning an empty vector) when cancelled. Work runs on `threads` threads, the calling one included.
std::vector<TrustCellIntervals> bootstrapTrust(const Audit& audit, const TrustSettings& trust,
                                               const BootstrapSettings& bootstrap,
                                               const Progress& progress = {});

} // namespace tribunal
