#include "analysis/trustbootstrap.h"

#include "stats/parallelfor.h"

#include "stats/percentile.h"
#include "stats/randomstreams.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstddef>
#include <iterator>
#include <memory>
#include <mutex>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace tribunal {

namespace {

constexpr int kStats = 7; // the fields of TrustResampleStatistics, in declaration order

double ratio(std::uint64_t num, std::uint64_t den)
{
    return den == 0 ? kMissing : static_cast<double>(num) / static_cast<double>(den);
}

// Counter slots of a compact pair: each is a small integer summed over a resample.
enum Slot : int {
    kRep,      // N_i (pair unit) or agreeing presentations 0..2 (presentation unit)
    kInv,      // P_i
    kMulti,    // 1 when a presentation has more than one answered run (singleRun is "no such pair drawn")
    kLab,      // labelled
    kRepLab,   // kRep of labelled pairs
    kInvLab,   // P_i of labelled pairs
    kJoint,    // N_i P_i R_i of labelled pairs (T7)
    kSlots = 8 // padded to 8 x 16 bits: the counter add is one 128-bit vector add
};

/// What one pair contributes to the bootstrap statistics, in 32 bytes. The accuracies are zero where
/// aggregateTrust skips the addition: adding +0.0 to a non-negative sum leaves it bit for bit unchanged, so
/// the sequence of sums equals aggregateTrust's without a branch per pair.
struct alignas(32) CompactPair {
    std::uint16_t count[kSlots] = {}; // each 0..2
    double accuracy = 0;              // T4 per-pair accuracy of a labelled pair
    double accuracyUndec = 0; // the same for a labelled pair with P_i = 0 (observed q); follows accuracy
};
static_assert(offsetof(CompactPair, accuracyUndec) == offsetof(CompactPair, accuracy) + sizeof(double));

CompactPair compact(const TrustPair& p, ConsistencyUnit unit)
{
    CompactPair c;
    c.count[kRep] = unit == ConsistencyUnit::Pair ? std::uint16_t{p.reproducible} : p.agreeingPresentations;
    c.count[kInv] = p.orderInvariant;
    c.count[kMulti] = p.maxPresentationRuns() > 1;
    if (p.labelled) {
        c.count[kLab] = 1;
        c.count[kRepLab] = c.count[kRep];
        c.count[kInvLab] = c.count[kInv];
        c.count[kJoint] = p.reproducible && p.orderInvariant && p.modalCorrect;
        c.accuracy = p.accuracy();
        if (!p.orderInvariant)
            c.accuracyUndec = c.accuracy;
    }
    return c;
}

/// Pairs summed into the 16-bit counters before they are widened: each adds at most 2, 2 x 32767 < 2^16.
constexpr std::size_t kBlock = 32767;

/// Sums over a resample. With SSE2 the eight 16-bit counters are one paddw and the two accuracy sums one
/// addpd (per-lane IEEE additions: the same doubles as two scalar additions).
struct Sums {
#if defined(__SSE2__)
    __m128i block = _mm_setzero_si128();   // the current block's 16-bit counters
    __m128d accuracies = _mm_setzero_pd(); // {accuracy, accuracyUndec}
#else
    std::uint16_t block[kSlots] = {};
    double accuracies[2] = {};
#endif
    std::uint64_t count[kSlots] = {}; // completed blocks (read after flush)

    void add(const CompactPair& p)
    {
#if defined(__SSE2__)
        block = _mm_add_epi16(block, _mm_load_si128(reinterpret_cast<const __m128i*>(p.count)));
        accuracies = _mm_add_pd(accuracies, _mm_load_pd(&p.accuracy));
#else
        for (int k = 0; k < kSlots; ++k)
            block[k] = static_cast<std::uint16_t>(block[k] + p.count[k]);
        accuracies[0] += p.accuracy;
        accuracies[1] += p.accuracyUndec;
#endif
    }
    void flush()
    {
        alignas(16) std::uint16_t counts[kSlots];
#if defined(__SSE2__)
        _mm_store_si128(reinterpret_cast<__m128i*>(counts), block);
        block = _mm_setzero_si128();
#else
        std::copy(std::begin(block), std::end(block), counts);
        std::fill(std::begin(block), std::end(block), std::uint16_t{0});
#endif
        for (int k = 0; k < kSlots; ++k)
            count[k] += counts[k];
    }
    double accuracy() const
    {
#if defined(__SSE2__)
        return _mm_cvtsd_f64(accuracies);
#else
        return accuracies[0];
#endif
    }
    double accuracyUndec() const
    {
#if defined(__SSE2__)
        return _mm_cvtsd_f64(_mm_unpackhi_pd(accuracies, accuracies));
#else
        return accuracies[1];
#endif
    }
};

/// The formulas of aggregateTrust's finish (trustanalysis.cpp) for the interval fields, with the same
/// operations in the same order so that the doubles agree exactly.
TrustResampleStatistics finish(const Sums& s, std::uint64_t n, const TrustSettings& settings)
{
    TrustResampleStatistics r;
    if (n == 0)
        return r;
    const std::uint64_t nLab = s.count[kLab];
    const bool pairUnit = settings.consistencyUnit == ConsistencyUnit::Pair;
    double consistencyLab = kMissing;
    if (s.count[kMulti] == 0) { // T2: one run everywhere, C not identifiable
        if (settings.assumeConsistentWhenSingleRun) {
            r.consistency = 1.0;
            consistencyLab = nLab > 0 ? 1.0 : kMissing;
        }
    } else {
        r.consistency = ratio(s.count[kRep], pairUnit ? n : 2 * n);
        consistencyLab = ratio(s.count[kRepLab], pairUnit ? nLab : 2 * nLab);
    }
    r.flipRate = ratio(n - s.count[kInv], n); // T3
    if (nLab > 0) {
        const std::uint64_t nUndec = nLab - s.count[kInvLab];
        const double flipRateLab = ratio(nUndec, nLab);
        r.accuracy = s.accuracy() / static_cast<double>(nLab); // T4
        const double qObserved = nUndec > 0 ? s.accuracyUndec() / static_cast<double>(nUndec) : kMissing;
        const double qUsed = settings.qMode == QMode::Half ? 0.5 : qObserved;
        if (nUndec == 0) {
            r.accuracyMax = 1.0;
            r.trust = consistencyLab * r.accuracy;
        } else {
            r.accuracyMax = 1.0 - flipRateLab * (1.0 - qUsed);             // T5
            r.trust = consistencyLab * (r.accuracy - flipRateLab * qUsed); // T6
        }
        if (!isMissing(consistencyLab))
            r.trustJoint = ratio(s.count[kJoint], nLab); // T7
        r.trustGap = r.trust - r.trustJoint;
    }
    return r;
}

std::array<double, kStats> asArray(const TrustResampleStatistics& r)
{
    return {r.consistency, r.flipRate, r.accuracy, r.accuracyMax, r.trust, r.trustJoint, r.trustGap};
}

/// One resample summed in a single lane (the bootstrap's tail, and trustResampleStatistics).
TrustResampleStatistics sumAndFinish(const CompactPair* pairs, std::span<const std::uint32_t> indices,
                                     const TrustSettings& trust)
{
    Sums s;
    for (std::size_t from = 0; from < indices.size(); from += kBlock) {
        const std::size_t to = std::min(indices.size(), from + kBlock);
        for (std::size_t i = from; i < to; ++i)
            s.add(pairs[indices[i]]);
        s.flush();
    }
    return finish(s, indices.size(), trust);
}

bool validSettings(const BootstrapSettings& b)
{
    return b.resamples >= 1 && b.level > 0.0 && b.level < 1.0;
}

/// One cell's bootstrap: its compact pairs, the per-resample statistics (stat-major, preallocated so every
/// chunk writes its own slots whatever thread runs it) and the chunks still to run.
struct CellJob {
    std::uint64_t cellIndex = 0;
    std::vector<CompactPair> pairs;
    std::vector<double> values; // kStats x resamples
    int chunks = 0;
    std::atomic<int> remaining{0};
    TrustCellIntervals intervals;

    void prepare(const TrustPairs& s, std::uint64_t cell, const TrustSettings& trust, int resamples)
    {
        cellIndex = cell;
        if (s.pairs.empty())
            return;
        pairs.reserve(s.pairs.size());
        for (const TrustPair& p : s.pairs)
            pairs.push_back(compact(p, trust.consistencyUnit));
        values.assign(static_cast<std::size_t>(kStats) * static_cast<std::size_t>(resamples), kMissing);
        chunks = (resamples + kBootstrapChunk - 1) / kBootstrapChunk;
        remaining.store(chunks, std::memory_order_relaxed);
    }
};

/// Resamples summed side by side: their double sums are independent dependency chains, so the additions
/// overlap instead of waiting on each other's latency.
constexpr std::size_t kLanes = 4; // runChunk names the four lanes

void runChunk(CellJob& job, int chunk, const TrustSettings& trust, const BootstrapSettings& b,
              std::vector<std::uint32_t>& indexBuffer)
{
    RandomStream rng(b.seed, job.cellIndex, static_cast<std::uint64_t>(chunk));
    const std::size_t n = job.pairs.size();
    const auto resamples = static_cast<std::size_t>(b.resamples);
    const std::size_t first = static_cast<std::size_t>(chunk) * kBootstrapChunk;
    const std::size_t last = std::min(first + kBootstrapChunk, resamples);
    indexBuffer.resize(kLanes * n);
    std::uint32_t* const indices = indexBuffer.data();
    const CompactPair* const pairs = job.pairs.data();
    for (std::size_t r = first; r < last; r += kLanes) {
        const std::size_t lanes = std::min(kLanes, last - r);
        // Resample r + l draws its n indices into indices[l n, (l + 1) n), one fillIndices call each.
        for (std::size_t l = 0; l < lanes; ++l)
            rng.fillIndices(static_cast<std::uint32_t>(n), indices + l * n, n);
        TrustResampleStatistics stats[kLanes];
        if (lanes == kLanes) {
            // Named lanes (not an array) so that the compiler keeps the sums in registers.
            Sums s0, s1, s2, s3;
            const std::uint32_t *i0 = indices, *i1 = i0 + n, *i2 = i1 + n, *i3 = i2 + n;
            for (std::size_t from = 0; from < n; from += kBlock) {
                const std::size_t to = std::min(n, from + kBlock);
                for (std::size_t i = from; i < to; ++i) {
                    s0.add(pairs[i0[i]]);
                    s1.add(pairs[i1[i]]);
                    s2.add(pairs[i2[i]]);
                    s3.add(pairs[i3[i]]);
                }
                s0.flush();
                s1.flush();
                s2.flush();
                s3.flush();
            }
            stats[0] = finish(s0, n, trust);
            stats[1] = finish(s1, n, trust);
            stats[2] = finish(s2, n, trust);
            stats[3] = finish(s3, n, trust);
        } else {
            for (std::size_t l = 0; l < lanes; ++l)
                stats[l] = sumAndFinish(pairs, std::span<const std::uint32_t>(indices + l * n, n), trust);
        }
        for (std::size_t l = 0; l < lanes; ++l) {
            const auto values = asArray(stats[l]);
            for (int k = 0; k < kStats; ++k)
                job.values[static_cast<std::size_t>(k) * resamples + r + l] =
                    values[static_cast<std::size_t>(k)];
        }
    }
}

/// Percentile intervals from the per-resample values (reorders them).
void finishCell(CellJob& job, const BootstrapSettings& b)
{
    const auto resamples = static_cast<std::size_t>(b.resamples);
    const double alpha = (1.0 - b.level) / 2.0;
    const double qs[2] = {alpha, 1.0 - alpha};
    Interval* out[kStats] = {&job.intervals.consistency, &job.intervals.flipRate, &job.intervals.accuracy,
                             &job.intervals.accuracyMax, &job.intervals.trust,    &job.intervals.trustJoint,
                             &job.intervals.trustGap};
    for (std::size_t k = 0; k < kStats; ++k) {
        const std::span<double> all(job.values.data() + k * resamples, resamples);
        const auto definedEnd =
            std::remove_if(all.begin(), all.end(), [](double v) { return std::isnan(v); });
        const auto defined = static_cast<std::size_t>(definedEnd - all.begin());
        if (2 * (resamples - defined) > resamples)
            continue; // undefined in more than half of the resamples: kMissing
        double ends[2];
        quantiles(all.first(defined), qs, ends);
        *out[k] = {ends[0], ends[1]};
    }
    job.values.clear();
    job.values.shrink_to_fit();
}

/// Runs every chunk of `jobs` in parallel; a cell's intervals are computed by whichever thread finishes its
/// last chunk. Returns false when cancelled.
bool runJobs(std::span<CellJob> jobs, const TrustSettings& trust, const BootstrapSettings& b,
             const Progress& progress)
{
    struct Item {
        std::uint32_t job;
        int chunk;
    };
    std::vector<Item> items;
    std::uint64_t done = 0;
    for (std::uint32_t j = 0; j < jobs.size(); ++j) {
        for (int c = 0; c < jobs[j].chunks; ++c)
            items.push_back({j, c});
        done += jobs[j].chunks == 0; // nothing to resample: finished already
    }
    const int threads = workerCount(b.threads, items.size());
    std::vector<std::vector<std::uint32_t>> buffers(static_cast<std::size_t>(threads));
    std::mutex progressMutex; // report() is called by one thread at a time, with a growing count
    const std::uint64_t total = jobs.size();
    std::atomic<bool> cancelled{false}; // a skipped chunk leaves its cell unfinished
    parallelFor(items.size(), threads, [&](std::size_t i, int worker) {
        if (progress.cancelled()) {
            cancelled.store(true, std::memory_order_relaxed);
            return false;
        }
        CellJob& job = jobs[items[i].job];
        runChunk(job, items[i].chunk, trust, b, buffers[static_cast<std::size_t>(worker)]);
        // acq_rel: the finishing thread sees every other chunk's writes to job.values.
        if (job.remaining.fetch_sub(1, std::memory_order_acq_rel) == 1) {
            finishCell(job, b);
            const std::lock_guard lock(progressMutex);
            progress.step(++done, total);
        }
        return true;
    });
    return !cancelled.load(std::memory_order_relaxed);
}

} // namespace

TrustResampleStatistics trustResampleStatistics(const TrustPairs& summary,
                                                std::span<const std::uint32_t> pairIndices,
                                                const TrustSettings& trust)
{
    std::vector<CompactPair> pairs;
    pairs.reserve(summary.pairs.size());
    for (const TrustPair& p : summary.pairs)
        pairs.push_back(compact(p, trust.consistencyUnit));
    return sumAndFinish(pairs.data(), pairIndices, trust);
}

TrustCellIntervals bootstrapTrustCell(const TrustPairs& summary, const TrustSettings& trust,
                                      const BootstrapSettings& bootstrap, std::uint64_t cellIndex)
{
    if (!validSettings(bootstrap))
        return {};
    CellJob job;
    job.prepare(summary, cellIndex, trust, bootstrap.resamples);
    runJobs(std::span<CellJob>(&job, 1), trust, bootstrap, {});
    return job.intervals;
}

std::vector<TrustCellIntervals> bootstrapTrust(const Audit& audit, const TrustSettings& trust,
                                               const BootstrapSettings& bootstrap, const Progress& progress)
{
    const auto cells = audit.cells();
    if (!validSettings(bootstrap))
        return std::vector<TrustCellIntervals>(cells.size());
    // Per-pair summaries (one pass over the judgments per cell), in parallel over cells.
    std::vector<TrustPairs> summaries(cells.size());
    const auto jobs = std::make_unique<CellJob[]>(cells.size());
    std::atomic<bool> cancelled{false};
    parallelFor(cells.size(), workerCount(bootstrap.threads, cells.size()), [&](std::size_t c, int) {
        if (progress.cancelled()) {
            cancelled.store(true, std::memory_order_relaxed);
            return false;
        }
        summaries[c] = summarizeTrustPairs(audit, audit.itemRunsOf(cells[c]));
        jobs[c].prepare(summaries[c], c, trust, bootstrap.resamples);
        return true;
    });
    if (cancelled.load(std::memory_order_relaxed) ||
        !runJobs(std::span<CellJob>(jobs.get(), cells.size()), trust, bootstrap, progress))
        return {};
    std::vector<TrustCellIntervals> out;
    out.reserve(cells.size());
    for (std::size_t c = 0; c < cells.size(); ++c)
        out.push_back(jobs[c].intervals);
    return out;
}

} // namespace tribunal
