#include "analysis/pairedcomparison.h"

#include "stats/exacttests.h"
#include "stats/multipletesting.h"
#include "stats/percentile.h"
#include "stats/randomstreams.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>
#include <thread>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace tribunal {

namespace {

/// What one resampling unit (unit or cluster) adds to a replicate: {D, N}, summed as one 128-bit add.
struct alignas(16) Block {
    double d = 0; // sum of first - second over its pairs
    double n = 0; // its pair count
};

/// Per-lane sums of (D, N); with SSE2 one addpd per draw (per-lane IEEE additions, the same doubles as two
/// scalar additions).
struct Sum {
#if defined(__SSE2__)
    __m128d v = _mm_setzero_pd();
    void add(const Block& b)
    {
        v = _mm_add_pd(v, _mm_load_pd(&b.d));
    }
    double ratio() const
    {
        return _mm_cvtsd_f64(v) / _mm_cvtsd_f64(_mm_unpackhi_pd(v, v));
    }
#else
    double d = 0, n = 0;
    void add(const Block& b)
    {
        d += b.d;
        n += b.n;
    }
    double ratio() const
    {
        return d / n;
    }
#endif
};

/// Groups pairs by an id (ascending) into blocks.
std::vector<Block> blocksBy(std::span<const PairedObservation> pairs, std::uint32_t PairedObservation::*id)
{
    std::vector<std::uint32_t> ids;
    ids.reserve(pairs.size());
    for (const PairedObservation& p : pairs)
        ids.push_back(p.*id);
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    std::vector<Block> blocks(ids.size());
    for (const PairedObservation& p : pairs) {
        const auto k =
            static_cast<std::size_t>(std::lower_bound(ids.begin(), ids.end(), p.*id) - ids.begin());
        blocks[k].d += p.first - p.second;
        blocks[k].n += 1.0;
    }
    return blocks;
}

/// Integer blocks (0/1 correctness: every D and N an integer) packed as N 2^32 + (D + N), so a replicate is
/// one 64-bit integer add per draw. Used when every sum fits: blocks x max(2 N) < 2^32. The integer sums are
/// exact, and so are the double sums of the general path (integers below 2^53), so both give the same
/// replicate bit for bit: (double)(sum D) / (double)(sum N).
std::vector<std::uint64_t> packIntegral(const std::vector<Block>& blocks)
{
    double maxN = 0;
    for (const Block& b : blocks) {
        if (b.d != std::floor(b.d))
            return {};
        maxN = std::max(maxN, b.n);
    }
    if (static_cast<double>(blocks.size()) * 2.0 * maxN >= 0x1.0p32)
        return {};
    std::vector<std::uint64_t> packed;
    packed.reserve(blocks.size());
    for (const Block& b : blocks)
        packed.push_back((static_cast<std::uint64_t>(b.n) << 32) + static_cast<std::uint64_t>(b.d + b.n));
    return packed;
}

double unpackRatio(std::uint64_t sum)
{
    const auto n = static_cast<std::int64_t>(sum >> 32);
    const auto dPlusN = static_cast<std::int64_t>(sum & 0xffffffffu);
    return static_cast<double>(dPlusN - n) / static_cast<double>(n);
}

/// One bootstrap to run: its blocks, its stream, and its replicates (preallocated: chunks write their slots).
struct BootJob {
    std::vector<Block> blocks;
    std::vector<std::uint64_t> packed; // packIntegral(blocks), empty when the double path is needed
    std::uint64_t stream = 0;
    std::vector<double> replicates;
    PairedBootstrap* result = nullptr;
};

constexpr std::size_t kLanes = 4; // replicates summed side by side: independent add chains overlap

void runChunk(BootJob& job, int chunk, const PairedSettings& s, std::vector<std::uint32_t>& buffer)
{
    RandomStream rng(s.seed, job.stream, static_cast<std::uint64_t>(chunk));
    const std::size_t n = job.blocks.size();
    const auto resamples = static_cast<std::size_t>(s.resamples);
    const std::size_t first = static_cast<std::size_t>(chunk) * kPairedChunk;
    const std::size_t last = std::min(first + kPairedChunk, resamples);
    buffer.resize(kLanes * n);
    std::uint32_t* const idx = buffer.data();
    const Block* const blocks = job.blocks.data();
    if (!job.packed.empty()) {
        const std::uint64_t* const packed = job.packed.data();
        for (std::size_t r = first; r < last; ++r) {
            rng.fillIndices(static_cast<std::uint32_t>(n), idx, n);
            // Two indices per 64-bit load (fewer loads per draw: the loop is load-bound). Integer sums, so
            // neither the order nor which half is which (endianness) changes the result.
            std::uint64_t even = 0, odd = 0;
            std::size_t i = 0;
            for (; i + 2 <= n; i += 2) {
                std::uint64_t two;
                std::memcpy(&two, idx + i, sizeof two);
                even += packed[static_cast<std::uint32_t>(two)];
                odd += packed[two >> 32];
            }
            if (i < n)
                even += packed[idx[i]];
            job.replicates[r] = unpackRatio(even + odd);
        }
        return;
    }
    for (std::size_t r = first; r < last; r += kLanes) {
        const std::size_t lanes = std::min(kLanes, last - r);
        for (std::size_t l = 0; l < lanes; ++l)
            rng.fillIndices(static_cast<std::uint32_t>(n), idx + l * n, n);
        if (lanes == kLanes) {
            Sum s0, s1, s2, s3; // named lanes so that the sums stay in registers
            const std::uint32_t *i0 = idx, *i1 = i0 + n, *i2 = i1 + n, *i3 = i2 + n;
            for (std::size_t i = 0; i < n; ++i) {
                s0.add(blocks[i0[i]]);
                s1.add(blocks[i1[i]]);
                s2.add(blocks[i2[i]]);
                s3.add(blocks[i3[i]]);
            }
            job.replicates[r] = s0.ratio();
            job.replicates[r + 1] = s1.ratio();
            job.replicates[r + 2] = s2.ratio();
            job.replicates[r + 3] = s3.ratio();
        } else {
            for (std::size_t l = 0; l < lanes; ++l) {
                Sum sum;
                for (std::size_t i = 0; i < n; ++i)
                    sum.add(blocks[idx[l * n + i]]);
                job.replicates[r + l] = sum.ratio();
            }
        }
    }
}

/// Intervals, p-value and outcome from the replicates (reorders them).
void finishJob(BootJob& job, double margin)
{
    std::vector<double>& v = job.replicates;
    const std::size_t below =
        static_cast<std::size_t>(std::count_if(v.begin(), v.end(), [](double x) { return x <= 0.0; }));
    const std::size_t above =
        static_cast<std::size_t>(std::count_if(v.begin(), v.end(), [](double x) { return x >= 0.0; }));
    PairedBootstrap& out = *job.result;
    out.p = std::min(1.0, 2.0 * static_cast<double>(std::min(below, above)) / static_cast<double>(v.size()));
    const double qs[4] = {0.025, 0.05, 0.95, 0.975};
    double ends[4];
    quantiles(v, qs, ends);
    out.ci95 = {ends[0], ends[3]};
    out.ci90 = {ends[1], ends[2]};
    out.outcome = pairedOutcome(out.ci95, out.ci90, margin);
    v.clear();
    v.shrink_to_fit();
}

int threadCount(int requested, std::size_t items)
{
    std::size_t n = requested > 0 ? static_cast<std::size_t>(requested) : std::thread::hardware_concurrency();
    n = std::clamp<std::size_t>(n, 1, std::max<std::size_t>(items, 1));
    return static_cast<int>(n);
}

/// Runs work(item, worker) for every item in [0, items) on `threads` threads (the caller is worker 0).
template <class Work> void parallelFor(std::size_t items, int threads, Work&& work)
{
    std::atomic<std::size_t> next{0};
    const auto loop = [&](int worker) {
        for (std::size_t item = next.fetch_add(1, std::memory_order_relaxed); item < items;
             item = next.fetch_add(1, std::memory_order_relaxed))
            work(item, worker);
    };
    std::vector<std::jthread> helpers;
    helpers.reserve(static_cast<std::size_t>(threads - 1));
    for (int t = 1; t < threads; ++t)
        helpers.emplace_back(loop, t);
    loop(0);
} // the jthreads join here

void validate(std::span<const PairedObservation> pairs, const PairedSettings& s)
{
    if (s.resamples < 1)
        throw std::invalid_argument("R7: resamples must be >= 1");
    if (!(s.margin >= 0.0))
        throw std::invalid_argument("R7: margin must be >= 0");
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        const auto ok = [](double x) { return x >= 0.0 && x <= 1.0; }; // false for NaN
        if (!ok(pairs[i].first) || !ok(pairs[i].second))
            throw std::invalid_argument("R7: correctness of pair " + std::to_string(i) +
                                        " must lie in [0, 1]");
    }
}

/// The deterministic statistics of one comparison, and its bootstrap jobs appended to `jobs`.
void prepare(std::span<const PairedObservation> pairs, const PairedSettings& s, std::uint64_t index,
             PairedComparison& c, std::vector<BootJob>& jobs)
{
    c.pairs = pairs.size();
    double sumFirst = 0, sumSecond = 0, sumDiff = 0;
    for (const PairedObservation& p : pairs) {
        sumFirst += p.first;
        sumSecond += p.second;
        sumDiff += p.first - p.second;
        // McNemar on majority verdicts; a share of exactly 1/2 has none.
        if (p.first == 0.5 || p.second == 0.5)
            ++c.mcnemarUndecided;
        else if (p.first > 0.5 && p.second < 0.5)
            ++c.onlyFirst;
        else if (p.first < 0.5 && p.second > 0.5)
            ++c.onlySecond;
    }
    c.mcnemarP = mcnemarExact(c.onlyFirst, c.onlySecond);
    std::vector<Block> units = blocksBy(pairs, &PairedObservation::unit);
    c.units = units.size();
    constexpr double kTie = 1e-9;
    for (const Block& b : units) {
        if (b.d > kTie)
            ++c.unitsFirstBetter;
        else if (b.d < -kTie)
            ++c.unitsSecondBetter;
        else
            ++c.unitsTied;
    }
    c.signP = signTest(c.unitsFirstBetter, c.unitsSecondBetter);
    if (pairs.empty())
        return;
    const auto n = static_cast<double>(pairs.size());
    c.accuracyFirst = sumFirst / n;
    c.accuracySecond = sumSecond / n;
    c.difference = sumDiff / n;
    const auto resamples = static_cast<std::size_t>(s.resamples);
    std::vector<std::uint64_t> packedUnits = packIntegral(units);
    jobs.push_back({std::move(units), std::move(packedUnits), 2 * index, std::vector<double>(resamples),
                    &c.unitBootstrap});
    if (s.clusterBootstrap) {
        std::vector<Block> clusters = blocksBy(pairs, &PairedObservation::cluster);
        c.clusters = clusters.size();
        std::vector<std::uint64_t> packedClusters = packIntegral(clusters);
        jobs.push_back({std::move(clusters), std::move(packedClusters), 2 * index + 1,
                        std::vector<double>(resamples), &c.clusterBootstrap});
    } else {
        c.clusters = blocksBy(pairs, &PairedObservation::cluster).size();
    }
}

void runJobs(std::vector<BootJob>& jobs, const PairedSettings& s)
{
    const std::size_t chunks = (static_cast<std::size_t>(s.resamples) + kPairedChunk - 1) / kPairedChunk;
    const std::size_t items = jobs.size() * chunks;
    const int threads = threadCount(s.threads, items);
    std::vector<std::vector<std::uint32_t>> buffers(static_cast<std::size_t>(threads));
    parallelFor(items, threads, [&](std::size_t item, int worker) {
        runChunk(jobs[item / chunks], static_cast<int>(item % chunks), s,
                 buffers[static_cast<std::size_t>(worker)]);
    }); // joined: every replicate is written
    parallelFor(jobs.size(), threadCount(s.threads, jobs.size()),
                [&](std::size_t j, int) { finishJob(jobs[j], s.margin); });
}

} // namespace

const char* pairedOutcomeName(PairedOutcome outcome)
{
    switch (outcome) {
    case PairedOutcome::Separated:
        return "separated";
    case PairedOutcome::Parity:
        return "parity";
    case PairedOutcome::Inconclusive:
        return "inconclusive";
    case PairedOutcome::Undefined:
        break;
    }
    return "undefined";
}

PairedOutcome pairedOutcome(const DifferenceInterval& ci95, const DifferenceInterval& ci90, double margin)
{
    if (std::isnan(ci95.lo) || std::isnan(ci95.hi) || std::isnan(ci90.lo) || std::isnan(ci90.hi))
        return PairedOutcome::Undefined;
    if (ci95.lo > 0.0 || ci95.hi < 0.0)
        return PairedOutcome::Separated;
    if (ci90.lo >= -margin && ci90.hi <= margin)
        return PairedOutcome::Parity;
    return PairedOutcome::Inconclusive;
}

PairedComparison comparePaired(std::span<const PairedObservation> pairs, const PairedSettings& settings,
                               std::uint64_t comparisonIndex)
{
    validate(pairs, settings);
    PairedComparison c;
    std::vector<BootJob> jobs;
    prepare(pairs, settings, comparisonIndex, c, jobs);
    runJobs(jobs, settings);
    return c;
}

std::vector<PairedComparison> comparePairedFamily(std::span<const std::vector<PairedObservation>> family,
                                                  const PairedSettings& settings)
{
    for (const auto& pairs : family)
        validate(pairs, settings);
    std::vector<PairedComparison> out(family.size()); // sized once: jobs point into it
    std::vector<BootJob> jobs;
    for (std::size_t k = 0; k < family.size(); ++k)
        prepare(family[k], settings, k, out[k], jobs);
    runJobs(jobs, settings);
    // Holm within the family, for each of the four p-values (missing ones are not part of it).
    const auto adjust = [&](auto get, auto set) {
        std::vector<double> p;
        p.reserve(out.size());
        for (const PairedComparison& c : out)
            p.push_back(get(c));
        const std::vector<double> adjusted = holm(p);
        for (std::size_t k = 0; k < out.size(); ++k)
            set(out[k], adjusted[k]);
    };
    adjust([](const PairedComparison& c) { return c.unitBootstrap.p; },
           [](PairedComparison& c, double v) { c.unitBootstrap.pHolm = v; });
    adjust([](const PairedComparison& c) { return c.clusterBootstrap.p; },
           [](PairedComparison& c, double v) { c.clusterBootstrap.pHolm = v; });
    adjust([](const PairedComparison& c) { return c.mcnemarP; },
           [](PairedComparison& c, double v) { c.mcnemarPHolm = v; });
    adjust([](const PairedComparison& c) { return c.signP; },
           [](PairedComparison& c, double v) { c.signPHolm = v; });
    return out;
}

} // namespace tribunal
