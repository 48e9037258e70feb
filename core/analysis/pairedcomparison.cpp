#include "analysis/pairedcomparison.h"

#include "model/coreerror.h"
#include "stats/exacttests.h"
#include "stats/multipletesting.h"
#include "stats/parallelfor.h"
#include "stats/percentile.h"
#include "stats/randomstreams.h"

#include <algorithm>
#include <cmath>
#include <string>

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

/// Groups pairs by an id into blocks, one per distinct id in ascending order; `ids` receives those ids.
std::vector<Block> blocksBy(std::span<const PairedObservation> pairs, std::uint32_t PairedObservation::*id,
                            std::vector<std::uint32_t>& ids)
{
    ids.clear();
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

/// Blocks whose D is a multiple of 1/scale (scale 1: 0/1 correctness; 2: two runs per pair, correctness 0,
/// 1/2 or 1; 4) packed as N 2^32 + scale (D + N), so a replicate is one 64-bit integer add per draw. Used
/// when every sum fits: blocks x scale x max(2 N) < 2^32. The integer sums are exact, and so are the double
/// sums of the general path (multiples of 1/4 below 2^50); dividing by a power of two is exact too, so both
/// paths give the same replicate bit for bit: (double)(sum D) / (double)(sum N).
std::vector<std::uint64_t> packIntegral(const std::vector<Block>& blocks, std::uint32_t scale)
{
    double maxN = 0;
    for (const Block& b : blocks) {
        if (b.d * scale != std::floor(b.d * scale))
            return {};
        maxN = std::max(maxN, b.n);
    }
    if (static_cast<double>(blocks.size()) * 2.0 * maxN * scale >= 0x1.0p32)
        return {};
    std::vector<std::uint64_t> packed;
    packed.reserve(blocks.size());
    for (const Block& b : blocks)
        packed.push_back((static_cast<std::uint64_t>(b.n) << 32) +
                         static_cast<std::uint64_t>((b.d + b.n) * scale));
    return packed;
}

double unpackRatio(std::uint64_t sum, std::uint32_t scale)
{
    const auto n = static_cast<std::int64_t>(sum >> 32);
    const auto scaledDPlusN = static_cast<std::int64_t>(sum & 0xffffffffu);
    const double d = static_cast<double>(scaledDPlusN - n * scale) / scale; // exact: scale is a power of two
    return d / static_cast<double>(n);
}

/// One bootstrap to run: its blocks, and its replicates (preallocated: chunks write their slots).
struct BootJob {
    std::vector<std::uint32_t> ids; // the resampled ids, ascending (the draw group's key)
    std::vector<Block> blocks;
    std::uint64_t stream = 0;
    std::vector<double> replicates;
    PairedBootstrap* result = nullptr;
};

constexpr std::size_t kTile = 8; // members per tile at most: the accumulators stay in registers

/// Bootstraps that resample the same ids share their draws: one index vector per replicate serves every
/// member. Members are laid out side by side per id in tiles of up to kTile, so a draw reads one short row.
struct DrawGroup {
    std::vector<std::size_t> members;  // job indices, ascending
    std::uint64_t stream = 0;          // the first member's stream
    std::size_t n = 0;                 // ids resampled
    std::size_t width = 1;             // lanes per tile: 1, 2, 4 or kTile (the fewest that hold the members)
    bool integral = false;             // every member packs: the integer path
    std::uint32_t scale = 1;           // integral: D is packed times this (1, 2 or 4)
    std::vector<std::uint64_t> packed; // integral: tile-major, n x width per tile, unused lanes 0
    std::vector<Block> blocks;         // otherwise: tile-major, n x width per tile, unused lanes {0, 1}
};

std::size_t tileCount(const DrawGroup& g)
{
    return (g.members.size() + g.width - 1) / g.width;
}

/// Groups the jobs by kind parity (stream) and id set; each group is laid out for the tiled kernels.
std::vector<DrawGroup> drawGroups(const std::vector<BootJob>& jobs)
{
    std::vector<DrawGroup> groups;
    for (std::size_t j = 0; j < jobs.size(); ++j) {
        const auto same = [&](const DrawGroup& g) {
            const BootJob& lead = jobs[g.members.front()];
            return lead.stream % 2 == jobs[j].stream % 2 && lead.ids == jobs[j].ids;
        };
        const auto it = std::find_if(groups.begin(), groups.end(), same);
        if (it != groups.end()) {
            it->members.push_back(j);
        } else {
            DrawGroup g;
            g.members.push_back(j);
            g.stream = jobs[j].stream;
            g.n = jobs[j].ids.size();
            groups.push_back(std::move(g));
        }
    }
    for (DrawGroup& g : groups) {
        std::vector<std::vector<std::uint64_t>> packs;
        // The smallest scale at which every member packs (fractional correctness of 2 or 4 runs per pair).
        for (const std::uint32_t scale : {1u, 2u, 4u}) {
            packs.clear();
            g.integral = true;
            g.scale = scale;
            for (std::size_t m : g.members) {
                packs.push_back(packIntegral(jobs[m].blocks, scale));
                g.integral = g.integral && !packs.back().empty();
            }
            if (g.integral)
                break;
        }
        while (g.width < std::min(g.members.size(), kTile))
            g.width *= 2;
        const std::size_t w = g.width, tiles = tileCount(g);
        if (g.integral)
            g.packed.assign(tiles * g.n * w, 0);
        else
            g.blocks.assign(tiles * g.n * w, Block{0.0, 1.0});
        for (std::size_t k = 0; k < g.members.size(); ++k) {
            const std::size_t base = (k / w) * g.n * w, lane = k % w;
            for (std::size_t i = 0; i < g.n; ++i) {
                if (g.integral)
                    g.packed[base + i * w + lane] = packs[k][i];
                else
                    g.blocks[base + i * w + lane] = jobs[g.members[k]].blocks[i];
            }
        }
    }
    return groups;
}

/// One tile of W members for the replicate whose indices are `idx`: each member's (D, N) summed in draw
/// order (exact integer sums on the integral path: the same doubles).
template <std::size_t W>
void sumTile(const DrawGroup& g, std::size_t t, const std::uint32_t* idx, double* ratio)
{
    const std::size_t n = g.n;
    if (g.integral) {
        const std::uint64_t* const tile = g.packed.data() + t * n * W;
        std::uint64_t acc[W] = {};
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint64_t* const row = tile + static_cast<std::size_t>(idx[i]) * W;
#pragma GCC unroll 8 // fully: the accumulators then live in registers
            for (std::size_t l = 0; l < W; ++l)
                acc[l] += row[l];
        }
        for (std::size_t l = 0; l < W; ++l)
            ratio[l] = unpackRatio(acc[l], g.scale);
    } else {
        const Block* const tile = g.blocks.data() + t * n * W;
        Sum acc[W];
        for (std::size_t i = 0; i < n; ++i) {
            const Block* const row = tile + static_cast<std::size_t>(idx[i]) * W;
#pragma GCC unroll 8
            for (std::size_t l = 0; l < W; ++l)
                acc[l].add(row[l]);
        }
        for (std::size_t l = 0; l < W; ++l)
            ratio[l] = acc[l].ratio();
    }
}

/// Chunk `chunk` of a draw group: per replicate one fillIndices, then every tile of members summed.
void runChunk(const DrawGroup& g, std::vector<BootJob>& jobs, int chunk, const PairedSettings& s,
              std::vector<std::uint32_t>& buffer)
{
    RandomStream rng(s.seed, g.stream, static_cast<std::uint64_t>(chunk));
    const std::size_t n = g.n;
    const auto resamples = static_cast<std::size_t>(s.resamples);
    const std::size_t first = static_cast<std::size_t>(chunk) * kPairedChunk;
    const std::size_t last = std::min(first + kPairedChunk, resamples);
    // All of the chunk's draws first, then tile after tile over them: one tile's rows stay in cache while
    // every replicate of the chunk reads them.
    buffer.resize((last - first) * n);
    for (std::size_t r = first; r < last; ++r)
        rng.fillIndices(static_cast<std::uint32_t>(n), buffer.data() + (r - first) * n, n);
    for (std::size_t t = 0; t < tileCount(g); ++t) {
        const std::size_t lanes = std::min(g.width, g.members.size() - t * g.width);
        for (std::size_t r = first; r < last; ++r) {
            const std::uint32_t* const idx = buffer.data() + (r - first) * n;
            double ratio[kTile];
            switch (g.width) {
            case 1:
                sumTile<1>(g, t, idx, ratio);
                break;
            case 2:
                sumTile<2>(g, t, idx, ratio);
                break;
            case 4:
                sumTile<4>(g, t, idx, ratio);
                break;
            default:
                sumTile<kTile>(g, t, idx, ratio);
                break;
            }
            for (std::size_t l = 0; l < lanes; ++l)
                jobs[g.members[t * g.width + l]].replicates[r] = ratio[l];
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

void validate(std::span<const PairedObservation> pairs, const PairedSettings& s)
{
    if (s.resamples < 1)
        throw CoreError(ErrorCode::PairedResamplesBelowOne);
    if (!(s.margin >= 0.0))
        throw CoreError(ErrorCode::PairedMarginNegative);
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        const auto ok = [](double x) { return x >= 0.0 && x <= 1.0; }; // false for NaN
        if (!ok(pairs[i].first) || !ok(pairs[i].second))
            throw CoreError(ErrorCode::PairedCorrectnessOutOfRange, {std::to_string(i)});
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
    std::vector<std::uint32_t> unitIds;
    std::vector<Block> units = blocksBy(pairs, &PairedObservation::unit, unitIds);
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
    jobs.push_back(
        {std::move(unitIds), std::move(units), 2 * index, std::vector<double>(resamples), &c.unitBootstrap});
    std::vector<std::uint32_t> clusterIds;
    std::vector<Block> clusters = blocksBy(pairs, &PairedObservation::cluster, clusterIds);
    c.clusters = clusters.size();
    if (s.clusterBootstrap)
        jobs.push_back({std::move(clusterIds), std::move(clusters), 2 * index + 1,
                        std::vector<double>(resamples), &c.clusterBootstrap});
}

void runJobs(std::vector<BootJob>& jobs, const PairedSettings& s, const Progress& progress)
{
    const auto resamples = static_cast<std::size_t>(s.resamples);
    const std::size_t chunks = (resamples + kPairedChunk - 1) / kPairedChunk;
    const std::vector<DrawGroup> groups = drawGroups(jobs);
    const std::size_t items = groups.size() * chunks;
    const int threads = workerCount(s.threads, items);
    std::vector<std::vector<std::uint32_t>> buffers(static_cast<std::size_t>(threads));
    // Progress in replicates drawn (per draw group), a step per kPairedProgressBlock; the cancel flag is
    // polled before every random-stream chunk, so the streams and slots of the chunks that run are unchanged.
    ProgressCounter counter(progress, groups.size() * resamples, kPairedProgressBlock);
    parallelChunks(items, threads, progress, [&](std::size_t item, int worker) {
        const std::size_t chunk = item % chunks;
        runChunk(groups[item / chunks], jobs, static_cast<int>(chunk), s,
                 buffers[static_cast<std::size_t>(worker)]);
        counter.add(std::min<std::size_t>(kPairedChunk, resamples - chunk * kPairedChunk));
    }); // joined: every replicate is written (or Cancelled thrown)
    parallelFor(jobs.size(), workerCount(s.threads, jobs.size()),
                [&](std::size_t j, int) { finishJob(jobs[j], s.margin); });
    counter.finish();
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
                               std::uint64_t comparisonIndex, const Progress& progress)
{
    validate(pairs, settings);
    PairedComparison c;
    std::vector<BootJob> jobs;
    prepare(pairs, settings, comparisonIndex, c, jobs);
    runJobs(jobs, settings, progress);
    return c;
}

std::vector<PairedComparison> comparePairedFamily(std::span<const std::vector<PairedObservation>> family,
                                                  const PairedSettings& settings, const Progress& progress)
{
    for (const auto& pairs : family)
        validate(pairs, settings);
    std::vector<PairedComparison> out(family.size()); // sized once: jobs point into it
    std::vector<BootJob> jobs;
    for (std::size_t k = 0; k < family.size(); ++k)
        prepare(family[k], settings, k, out[k], jobs);
    runJobs(jobs, settings, progress);
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
