#include "analysis/biasexcess.h"

#include "model/coreerror.h"
#include "stats/multipletesting.h"
#include "stats/parallelfor.h"
#include "stats/percentile.h"
#include "stats/randomstreams.h"
#include "stats/signflip.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstddef>
#include <map>
#include <tuple>

namespace tribunal {

namespace {

/// Sums of changed_k (X) and chance_k (Y) over a set of items.
struct Counts {
    std::uint64_t changed = 0; // X
    std::uint64_t chance = 0;  // Y
};

/// An item's contribution to a resample's counts in one word: changed_k in the low 32 bits, chance_k in the
/// high 32 bits, so one 64-bit addition per drawn item updates both (n < 2^32: no carry between halves).
std::uint64_t code(const BiasItem& item)
{
    return std::uint64_t{item.changed()} | (std::uint64_t{item.runsDisagree()} << 32);
}

Counts decode(std::uint64_t sum)
{
    return {sum & 0xffffffffu, sum >> 32};
}

double excessOf(Counts c, std::uint64_t n, bool fallacy)
{
    const auto x = static_cast<std::int64_t>(c.changed);
    const auto y = static_cast<std::int64_t>(c.chance);
    const auto total = static_cast<std::int64_t>(n);
    // B3: E = CR - RR = (X - Y) / n; fallacy oversight E_fo = RR + CR - 1 = (n - X - Y) / n.
    const std::int64_t numerator = fallacy ? total - x - y : x - y;
    return static_cast<double>(numerator) / static_cast<double>(n);
}

/// B10 in counts: s = (c - r) / (1 - 2 r) with c = X / n, r = Y / n is (X - Y) / (n - 2 Y).
double cueProbabilityOf(Counts c, std::uint64_t n)
{
    if (2 * c.chance >= n)
        return kMissing;
    return static_cast<double>(static_cast<std::int64_t>(c.changed) - static_cast<std::int64_t>(c.chance)) /
           static_cast<double>(n - 2 * c.chance);
}

/// One row's resampling state: the item codes and the per-resample values and per-chunk permutation counts,
/// preallocated so that every chunk writes its own slots whatever thread runs it.
struct RowJob {
    std::vector<std::uint64_t> codes;
    Counts observed;
    std::uint32_t nonzero = 0;  // d_k != 0
    std::uint32_t positive = 0; // d_k = +1
    bool fallacy = false;
    bool resample = false; // CR available and items present: bootstrap (and permutations unless fallacy)
    bool permute = false;
    std::vector<double> excess, s;      // per resample
    std::vector<std::uint64_t> atLeast; // per permutation chunk
};

struct WorkItem {
    std::uint32_t row;
    std::uint32_t chunk;
    bool permutation;
};

int chunkCount(int total, int chunk)
{
    return (total + chunk - 1) / chunk;
}

void runBootstrapChunk(RowJob& job, std::uint32_t row, std::uint32_t chunk, const BiasSettings& settings,
                       std::vector<std::uint32_t>& indices)
{
    RandomStream rng(settings.seed, row, chunk);
    const std::size_t n = job.codes.size();
    const auto resamples = static_cast<std::size_t>(settings.resamples);
    const std::size_t first = std::size_t{chunk} * kBiasBootstrapChunk;
    const std::size_t last = std::min(first + kBiasBootstrapChunk, resamples);
    indices.resize(n);
    const std::uint64_t* const codes = job.codes.data();
    const std::uint32_t* const idx = indices.data();
    for (std::size_t r = first; r < last; ++r) {
        rng.fillIndices(static_cast<std::uint32_t>(n), indices.data(), n);
        // Four partial sums: independent additions overlap instead of waiting on each other.
        std::uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        std::size_t i = 0;
        for (; i + 4 <= n; i += 4) {
            s0 += codes[idx[i]];
            s1 += codes[idx[i + 1]];
            s2 += codes[idx[i + 2]];
            s3 += codes[idx[i + 3]];
        }
        for (; i < n; ++i)
            s0 += codes[idx[i]];
        const Counts counts = decode(s0 + s1 + s2 + s3);
        job.excess[r] = excessOf(counts, n, job.fallacy);
        job.s[r] = cueProbabilityOf(counts, n);
    }
}

void runPermutationChunk(RowJob& job, std::uint32_t row, std::uint32_t chunk, const BiasSettings& settings)
{
    RandomStream rng(settings.seed ^ kPermutationSalt, row, chunk);
    const std::uint64_t first = std::uint64_t{chunk} * kBiasPermutationChunk;
    const std::uint64_t last = std::min<std::uint64_t>(first + kBiasPermutationChunk,
                                                       static_cast<std::uint64_t>(settings.permutations));
    job.atLeast[chunk] = countSignFlipsAtLeast(job.nonzero, job.positive, last - first, rng);
}

/// Percentile interval of the defined values (reorders them); kMissing ends when more than half are
/// undefined.
std::pair<double, double> percentileInterval(std::vector<double>& values, double level)
{
    const auto definedEnd =
        std::remove_if(values.begin(), values.end(), [](double v) { return std::isnan(v); });
    const auto defined = static_cast<std::size_t>(definedEnd - values.begin());
    if (2 * (values.size() - defined) > values.size() || defined == 0)
        return {kMissing, kMissing};
    const double alpha = (1.0 - level) / 2.0;
    const double qs[2] = {alpha, 1.0 - alpha};
    double ends[2];
    quantiles(std::span<double>(values.data(), defined), qs, ends);
    return {ends[0], ends[1]};
}

void validate(const BiasSettings& s)
{
    if (s.resamples < 1)
        throw CoreError(ErrorCode::BiasResamplesBelowOne);
    if (s.permutations < 1)
        throw CoreError(ErrorCode::BiasPermutationsBelowOne);
    if (!(s.level > 0.0 && s.level < 1.0))
        throw CoreError(ErrorCode::BiasLevelOutOfRange);
    if (!(s.fdrLevel > 0.0 && s.fdrLevel < 1.0))
        throw CoreError(ErrorCode::BiasFdrLevelOutOfRange);
}

/// B5: Benjamini-Hochberg within each family of non-fallacy rows with a p-value and the same format and
/// condition.
void adjustFamilies(const BiasDesign& design, std::vector<BiasExcessResult>& results, double fdrLevel)
{
    std::map<std::pair<StrId, CondId>, std::vector<std::size_t>> families;
    for (std::size_t r = 0; r < results.size(); ++r)
        if (!isMissing(results[r].pPerm))
            families[{design.rows[r].key.format, design.rows[r].key.condition}].push_back(r);
    for (const auto& [key, members] : families) {
        std::vector<double> p;
        p.reserve(members.size());
        for (std::size_t r : members)
            p.push_back(results[r].pPerm);
        const std::vector<double> adjusted = benjaminiHochberg(p);
        for (std::size_t i = 0; i < members.size(); ++i) {
            results[members[i]].pBH = adjusted[i];
            results[members[i]].significant = adjusted[i] <= fdrLevel;
        }
    }
}

} // namespace

double cueChangeProbability(double changeRate, double chanceRate)
{
    if (!(chanceRate < 0.5))
        return kMissing;
    return (changeRate - chanceRate) / (1.0 - 2.0 * chanceRate);
}

std::string_view biasVerdictName(BiasVerdict verdict)
{
    switch (verdict) {
    case BiasVerdict::Bias:
        return "bias";
    case BiasVerdict::Unclear:
        return "unclear";
    case BiasVerdict::NoBias:
        return "no bias";
    case BiasVerdict::CrUnavailable:
        return "CR unavailable";
    case BiasVerdict::NoItems:
        return "no items";
    }
    return "no items";
}

BiasVerdict verdictAtMargin(const BiasExcessResult& result, double margin)
{
    if (result.verdict == BiasVerdict::NoItems || result.verdict == BiasVerdict::CrUnavailable)
        return result.verdict;
    if (isMissing(result.excessLo) || isMissing(result.excessHi))
        return BiasVerdict::Unclear;
    // B4: "bias" when the whole interval lies above the margin, "no bias" when it lies below.
    if (result.excessLo > margin)
        return BiasVerdict::Bias;
    if (result.excessHi < margin)
        return BiasVerdict::NoBias;
    return BiasVerdict::Unclear;
}

std::vector<BiasExcessResult> analyseBiasExcess(const BiasDesign& design, const BiasSettings& settings,
                                                unsigned threads, const Progress& progress)
{
    validate(settings);
    const std::size_t rows = design.rows.size();
    std::vector<RowJob> jobs(rows);
    std::vector<WorkItem> work;
    const int bootstrapChunks = chunkCount(settings.resamples, kBiasBootstrapChunk);
    const int permutationChunks = chunkCount(settings.permutations, kBiasPermutationChunk);
    for (std::size_t r = 0; r < rows; ++r) {
        const BiasRow& row = design.rows[r];
        RowJob& job = jobs[r];
        job.fallacy = row.fallacy;
        const std::vector<BiasItem> items = row.completeItems();
        job.codes.reserve(items.size());
        std::uint64_t sum = 0;
        for (const BiasItem& item : items) {
            job.codes.push_back(code(item));
            sum += job.codes.back();
            const int d = int{item.changed()} - int{item.runsDisagree()}; // B5 d_k
            job.nonzero += d != 0;
            job.positive += d > 0;
        }
        job.observed = decode(sum);
        job.resample = row.crAvailable && !items.empty();
        job.permute = job.resample && !row.fallacy;
        const auto row32 = static_cast<std::uint32_t>(r);
        if (job.resample) {
            job.excess.resize(static_cast<std::size_t>(settings.resamples));
            job.s.resize(static_cast<std::size_t>(settings.resamples));
            for (int c = 0; c < bootstrapChunks; ++c)
                work.push_back({row32, static_cast<std::uint32_t>(c), false});
        }
        if (job.permute) {
            job.atLeast.resize(static_cast<std::size_t>(permutationChunks));
            for (int c = 0; c < permutationChunks; ++c)
                work.push_back({row32, static_cast<std::uint32_t>(c), true});
        }
    }

    // Progress: chunk = one resampling row (a step when its last bootstrap / permutation chunk is done), or,
    // when a single row is the whole work, one of its chunks. The flag is polled before every chunk.
    std::vector<std::atomic<std::uint32_t>> remaining(rows);
    std::size_t resamplingRows = 0;
    for (const WorkItem& w : work)
        resamplingRows += remaining[w.row].fetch_add(1, std::memory_order_relaxed) == 0;
    const bool byRow = resamplingRows > 1;
    const bool reporting = static_cast<bool>(progress.report); // else no per-row countdown is needed
    ProgressCounter counter(progress, byRow ? resamplingRows : work.size());
    const int workers = workerCount(static_cast<int>(threads), work.size());
    std::vector<std::vector<std::uint32_t>> buffers(static_cast<std::size_t>(workers));
    parallelChunks(work.size(), workers, progress, [&](std::size_t i, int worker) {
        const WorkItem& w = work[i];
        if (w.permutation)
            runPermutationChunk(jobs[w.row], w.row, w.chunk, settings);
        else
            runBootstrapChunk(jobs[w.row], w.row, w.chunk, settings,
                              buffers[static_cast<std::size_t>(worker)]);
        if (reporting && (!byRow || remaining[w.row].fetch_sub(1, std::memory_order_relaxed) == 1))
            counter.add();
    }); // joined: every slot is written (or Cancelled thrown)

    std::vector<BiasExcessResult> results(rows);
    for (std::size_t r = 0; r < rows; ++r) {
        RowJob& job = jobs[r];
        BiasExcessResult& out = results[r];
        out.row = static_cast<std::uint32_t>(r);
        const std::uint64_t n = job.codes.size();
        out.nItems = static_cast<std::uint32_t>(n);
        if (n == 0) {
            out.verdict = BiasVerdict::NoItems;
            continue;
        }
        const Counts c = job.observed;
        out.rr = static_cast<double>(n - c.changed) / static_cast<double>(n); // B1
        if (!design.rows[r].crAvailable) {
            out.verdict = BiasVerdict::CrUnavailable; // one-run design: RR only
            continue;
        }
        out.cr = static_cast<double>(n - c.chance) / static_cast<double>(n); // B2
        out.excess = excessOf(c, n, job.fallacy);                            // B3
        if (job.fallacy)
            out.correctReactions = static_cast<double>(c.changed) / static_cast<double>(n);
        std::tie(out.excessLo, out.excessHi) = percentileInterval(job.excess, settings.level); // B4
        out.verdict = BiasVerdict::Unclear;
        out.verdict = verdictAtMargin(out, settings.margin);
        if (job.permute) { // B5
            std::uint64_t atLeast = 0;
            for (std::uint64_t a : job.atLeast)
                atLeast += a;
            out.pPerm = permutationPValue(atLeast, static_cast<std::uint64_t>(settings.permutations));
        }
        out.s = cueProbabilityOf(c, n); // B10
        if (!isMissing(out.s)) {
            out.sOutOfRange = out.s < 0.0 || out.s > 1.0;
            std::tie(out.sLo, out.sHi) = percentileInterval(job.s, settings.level);
        }
    }
    adjustFamilies(design, results, settings.fdrLevel);
    counter.finish();
    return results;
}

std::vector<BiasedJudgeCount> countBiasedJudges(const BiasDesign& design,
                                                std::span<const BiasExcessResult> results,
                                                std::span<const double> margins)
{
    std::vector<BiasedJudgeCount> counts;
    using Key = std::tuple<StrId, CondId, StrId, StrId>;
    std::map<Key, std::size_t> index;
    for (const BiasRow& row : design.rows) { // groups in the order of their first row
        const Key key{row.key.format, row.key.condition, row.key.test, row.key.version};
        if (index.emplace(key, counts.size()).second) {
            BiasedJudgeCount group;
            group.format = row.key.format;
            group.condition = row.key.condition;
            group.test = row.key.test;
            group.version = row.key.version;
            group.biased.assign(margins.size(), 0);
            counts.push_back(std::move(group));
        }
    }
    for (const BiasExcessResult& result : results) {
        if (result.row >= design.rows.size() || isMissing(result.excessLo) || isMissing(result.excessHi))
            continue;
        const BiasRowKey& key = design.rows[result.row].key;
        BiasedJudgeCount& group = counts[index.at({key.format, key.condition, key.test, key.version})];
        ++group.judges;
        for (std::size_t m = 0; m < margins.size(); ++m)
            group.biased[m] += verdictAtMargin(result, margins[m]) == BiasVerdict::Bias;
    }
    return counts;
}

} // namespace tribunal
