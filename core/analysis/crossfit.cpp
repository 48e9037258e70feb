#include "analysis/crossfit.h"

#include "model/coreerror.h"
#include "stats/parallelfor.h"
#include "stats/randomstreams.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace tribunal {

namespace {

constexpr double kThresholdSlack = 1e-9; // K7 edge case, as cascadecurve.h

/// Sums of one half: per deferral bin b (pairs with deferFrom == b; bin `grid` = never deferred), and per
/// candidate over the whole half. Cascades read prefix sums over the bins (a threshold defers bins <= k).
struct HalfSums {
    std::uint32_t n = 0;
    std::vector<std::uint32_t> binPairs;    // [bin]
    std::vector<std::uint32_t> binFirst;    // [bin] D right
    std::vector<std::uint32_t> binFallback; // [fallback * bins + bin] fallback right
    std::vector<double> binFallbackCost;    // [fallback * bins + bin]
    std::vector<std::uint32_t> right;       // [candidate] right over the half
    std::vector<double> cost;               // [candidate] cost over the half

    void reset(std::size_t bins, std::size_t fallbacks, std::size_t candidates)
    {
        n = 0;
        binPairs.assign(bins, 0);
        binFirst.assign(bins, 0);
        binFallback.assign(fallbacks * bins, 0);
        binFallbackCost.assign(fallbacks * bins, 0.0);
        right.assign(candidates, 0);
        cost.assign(candidates, 0.0);
    }
    /// this = all - part, element by element (the other half).
    void difference(const HalfSums& all, const HalfSums& part)
    {
        n = all.n - part.n;
        const auto sub = [](auto& out, const auto& a, const auto& b) {
            out.resize(a.size());
            for (std::size_t i = 0; i < a.size(); ++i)
                out[i] = a[i] - b[i];
        };
        sub(binPairs, all.binPairs, part.binPairs);
        sub(binFirst, all.binFirst, part.binFirst);
        sub(binFallback, all.binFallback, part.binFallback);
        sub(binFallbackCost, all.binFallbackCost, part.binFallbackCost);
        sub(right, all.right, part.right);
        sub(cost, all.cost, part.cost);
    }
};

/// The panel prepared once, pairs grouped by unit (dense units in ascending id order), structure of arrays
/// with missing costs as 0, per-unit candidate totals, and the sums over the whole panel. A halving sums its
/// half A only; half B is the whole minus A.
struct Prepared {
    std::size_t pairs = 0, units = 0, grid = 0, fallbacks = 0, candidates = 0;
    std::vector<std::uint32_t> unitBegin;    // [unit] .. [unit + 1]: its pairs in the arrays below
    std::vector<std::uint32_t> deferFrom;    // smallest k with score < grid[k] - slack; grid when never
    std::vector<std::uint8_t> firstRight;    // D
    std::vector<std::uint8_t> fallbackRight; // [fallback * pairs + i]
    std::vector<double> fallbackCost;        // [fallback * pairs + i]
    std::vector<std::uint32_t> unitRight;    // [candidate * units + unit]
    std::vector<double> unitCost;            // [candidate * units + unit]
    HalfSums all;
};

/// One cascade (D, fallback f) at threshold index k on a half.
struct CascadeAt {
    std::uint32_t right = 0, deferred = 0;
    double cost = 0;
};

double costOf(const CrossFitJudge& judge, std::size_t i)
{
    if (judge.cost.empty())
        return 0.0;
    const double c = judge.cost[i];
    return std::isnan(c) ? 0.0 : c;
}

/// Prefix views of a half's bins for one fallback: cascade at every k in one pass.
std::vector<CascadeAt> cascadeCurveOf(const HalfSums& h, std::size_t fallback, std::size_t grid)
{
    const std::size_t bins = grid + 1;
    const std::uint32_t* fr = h.binFallback.data() + fallback * bins;
    const double* fc = h.binFallbackCost.data() + fallback * bins;
    std::vector<CascadeAt> curve(grid);
    std::uint32_t deferred = 0, firstDeferredRight = 0, fallbackDeferredRight = 0;
    double fallbackDeferredCost = 0;
    for (std::size_t k = 0; k < grid; ++k) {
        deferred += h.binPairs[k];
        firstDeferredRight += h.binFirst[k];
        fallbackDeferredRight += fr[k];
        fallbackDeferredCost += fc[k];
        curve[k].deferred = deferred;
        curve[k].right = h.right[0] - firstDeferredRight + fallbackDeferredRight;
        curve[k].cost = h.cost[0] + fallbackDeferredCost;
    }
    return curve;
}

/// K8 on a half's curve: highest right, then fewest deferred, then smallest k. -1 when the half is empty.
int oracleOf(const std::vector<CascadeAt>& curve, std::uint32_t n)
{
    if (n == 0)
        return -1;
    int best = 0;
    for (std::size_t k = 1; k < curve.size(); ++k) {
        const CascadeAt& c = curve[k];
        const CascadeAt& b = curve[static_cast<std::size_t>(best)];
        if (c.right > b.right || (c.right == b.right && c.deferred < b.deferred))
            best = static_cast<int>(k);
    }
    return best;
}

/// The most accurate of candidates [from, to) on a half; ties to the cheaper, then the first. -1 if empty.
int bestCandidate(const HalfSums& h, std::size_t from, std::size_t to)
{
    if (h.n == 0 || from >= to)
        return -1;
    std::size_t best = from;
    for (std::size_t c = from + 1; c < to; ++c)
        if (h.right[c] > h.right[best] || (h.right[c] == h.right[best] && h.cost[c] < h.cost[best]))
            best = c;
    return static_cast<int>(best);
}

void validate(const CrossFitInput& in, const CrossFitSettings& s)
{
    const std::size_t n = in.unit.size();
    if (in.score.size() != n)
        throw CoreError(ErrorCode::CrossFitScoreSizeMismatch,
                        {std::to_string(in.score.size()), std::to_string(n)});
    const auto checkJudge = [n](const CrossFitJudge& j) {
        if (j.right.size() != n)
            throw CoreError(ErrorCode::CrossFitRightSizeMismatch,
                            {j.name, std::to_string(j.right.size()), std::to_string(n)});
        if (!j.cost.empty() && j.cost.size() != n)
            throw CoreError(ErrorCode::CrossFitCostSizeMismatch,
                            {j.name, std::to_string(j.cost.size()), std::to_string(n)});
    };
    checkJudge(in.first);
    for (const CrossFitJudge& j : in.fallbacks)
        checkJudge(j);
    for (const CrossFitJudge& j : in.singles)
        checkJudge(j);
    if (!std::is_sorted(in.grid.begin(), in.grid.end()))
        throw CoreError(ErrorCode::CrossFitGridNotAscending);
    if (s.halvings < 1)
        throw CoreError(ErrorCode::CrossFitHalvingsBelowOne);
    if (in.fallbacks.empty())
        throw CoreError(ErrorCode::CrossFitNoFallback);
}

Prepared prepare(const CrossFitInput& in)
{
    Prepared p;
    p.pairs = in.unit.size();
    p.grid = in.grid.size();
    p.fallbacks = in.fallbacks.size();
    std::vector<const CrossFitJudge*> candidates = {&in.first}; // D, fallbacks, singles
    for (const CrossFitJudge& j : in.fallbacks)
        candidates.push_back(&j);
    for (const CrossFitJudge& j : in.singles)
        candidates.push_back(&j);
    p.candidates = candidates.size();

    std::vector<std::uint32_t> ids = in.unit;
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    p.units = ids.size();
    std::vector<std::uint32_t> unitOf(p.pairs);
    p.unitBegin.assign(p.units + 1, 0);
    for (std::size_t i = 0; i < p.pairs; ++i) {
        unitOf[i] =
            static_cast<std::uint32_t>(std::lower_bound(ids.begin(), ids.end(), in.unit[i]) - ids.begin());
        ++p.unitBegin[unitOf[i] + 1];
    }
    std::partial_sum(p.unitBegin.begin(), p.unitBegin.end(), p.unitBegin.begin());
    std::vector<std::uint32_t> slot(p.unitBegin.begin(), p.unitBegin.end() - 1); // next free slot per unit

    std::vector<double> cuts(p.grid);
    for (std::size_t k = 0; k < p.grid; ++k)
        cuts[k] = in.grid[k] - kThresholdSlack;
    p.deferFrom.resize(p.pairs);
    p.firstRight.resize(p.pairs);
    p.fallbackRight.resize(p.fallbacks * p.pairs);
    p.fallbackCost.resize(p.fallbacks * p.pairs);
    p.unitRight.assign(p.candidates * p.units, 0);
    p.unitCost.assign(p.candidates * p.units, 0.0);
    const std::size_t bins = p.grid + 1;
    p.all.reset(bins, p.fallbacks, p.candidates);
    for (std::size_t i = 0; i < p.pairs; ++i) { // input order: every sum below runs in it
        const std::uint32_t u = unitOf[i];
        const std::uint32_t at = slot[u]++;
        const double score = std::isnan(in.score[i]) ? 0.0 : in.score[i];
        // Deferred at k when score < cuts[k]: the first cut above the score.
        const auto b =
            static_cast<std::uint32_t>(std::upper_bound(cuts.begin(), cuts.end(), score) - cuts.begin());
        p.deferFrom[at] = b;
        p.firstRight[at] = in.first.right[i];
        ++p.all.n;
        ++p.all.binPairs[b];
        p.all.binFirst[b] += in.first.right[i];
        for (std::size_t f = 0; f < p.fallbacks; ++f) {
            p.fallbackRight[f * p.pairs + at] = in.fallbacks[f].right[i];
            p.fallbackCost[f * p.pairs + at] = costOf(in.fallbacks[f], i);
            p.all.binFallback[f * bins + b] += in.fallbacks[f].right[i];
            p.all.binFallbackCost[f * bins + b] += costOf(in.fallbacks[f], i);
        }
        for (std::size_t c = 0; c < p.candidates; ++c) {
            p.unitRight[c * p.units + u] += candidates[c]->right[i];
            p.unitCost[c * p.units + u] += costOf(*candidates[c], i);
            p.all.right[c] += candidates[c]->right[i];
            p.all.cost[c] += costOf(*candidates[c], i);
        }
    }
    return p;
}

/// Both halves' sums for one halving: half A summed from its units, half B = whole - A.
void sumHalves(const Prepared& p, std::span<const std::uint32_t> unitsA, HalfSums (&halves)[2])
{
    const std::size_t bins = p.grid + 1;
    HalfSums& a = halves[0];
    a.reset(bins, p.fallbacks, p.candidates);
    for (const std::uint32_t u : unitsA) {
        for (std::size_t c = 0; c < p.candidates; ++c) {
            a.right[c] += p.unitRight[c * p.units + u];
            a.cost[c] += p.unitCost[c * p.units + u];
        }
        for (std::uint32_t i = p.unitBegin[u]; i < p.unitBegin[u + 1]; ++i) {
            const std::uint32_t b = p.deferFrom[i];
            ++a.n;
            ++a.binPairs[b];
            a.binFirst[b] += p.firstRight[i];
            for (std::size_t f = 0; f < p.fallbacks; ++f) {
                a.binFallback[f * bins + b] += p.fallbackRight[f * p.pairs + i];
                a.binFallbackCost[f * bins + b] += p.fallbackCost[f * p.pairs + i];
            }
        }
    }
    halves[1].difference(p.all, a);
}

CrossFitHalving runHalving(const Prepared& p, const CrossFitSettings& s, std::size_t halving)
{
    // The halving's permutation of the units (Fisher-Yates, last position down); half A = first floor(U/2).
    std::vector<std::uint32_t> perm(p.units);
    std::iota(perm.begin(), perm.end(), 0u);
    RandomStream rng(s.seed, kCrossFitStream, halving);
    for (std::size_t i = p.units; i > 1; --i)
        std::swap(perm[i - 1], perm[rng.uniformIndex(static_cast<std::uint32_t>(i))]);
    HalfSums halves[2];
    sumHalves(p, std::span<const std::uint32_t>(perm).first(p.units / 2), halves);

    CrossFitHalving out;
    std::vector<std::vector<CascadeAt>> curves[2];
    for (int x = 0; x < 2; ++x)
        for (std::size_t f = 0; f < p.fallbacks; ++f)
            curves[x].push_back(cascadeCurveOf(halves[x], f, p.grid));
    for (int x = 0; x < 2; ++x) { // x chooses, y is scored
        const int y = 1 - x;
        const HalfSums& hx = halves[x];
        const HalfSums& hy = halves[y];
        if (hx.n == 0 || hy.n == 0 || p.grid == 0)
            continue;
        // (1) + (2): each fallback's oracle tau; the best cascade (ties: cheaper on X, then listed first).
        int bestF = -1, bestK = -1;
        for (std::size_t f = 0; f < p.fallbacks; ++f) {
            const int k = oracleOf(curves[x][f], hx.n);
            const CascadeAt& c = curves[x][f][static_cast<std::size_t>(k)];
            if (bestF < 0) {
                bestF = static_cast<int>(f);
                bestK = k;
                continue;
            }
            const CascadeAt& b = curves[x][static_cast<std::size_t>(bestF)][static_cast<std::size_t>(bestK)];
            if (c.right > b.right || (c.right == b.right && c.cost < b.cost)) {
                bestF = static_cast<int>(f);
                bestK = k;
            }
        }
        // (3) the best single judge among all candidates.
        const int single = bestCandidate(hx, 0, p.candidates);
        // (4) the best LLM judge and the smallest tau whose cascade matches it on X.
        const int llm = bestCandidate(hx, 1, 1 + p.fallbacks) - 1;
        int match = -1;
        for (std::size_t k = 0; k < p.grid && match < 0; ++k)
            if (curves[x][static_cast<std::size_t>(llm)][k].right >=
                hx.right[static_cast<std::size_t>(llm) + 1])
                match = static_cast<int>(k);
        out.chosenFallback[x] = bestF;
        out.chosenTau[x] = bestK;
        out.chosenSingle[x] = single;
        out.bestLlm[x] = llm;
        out.matchTau[x] = match;
        // Score Y with X's choices.
        const CascadeAt& cascade =
            curves[y][static_cast<std::size_t>(bestF)][static_cast<std::size_t>(bestK)];
        out.pairs += hy.n;
        out.cascadeRight += cascade.right;
        out.cascadeCost += cascade.cost;
        out.singleRight += hy.right[static_cast<std::size_t>(single)];
        const std::size_t llmCandidate = static_cast<std::size_t>(llm) + 1;
        out.llmRight += hy.right[llmCandidate];
        out.llmCost += hy.cost[llmCandidate];
        if (match >= 0) {
            const CascadeAt& m = curves[y][static_cast<std::size_t>(llm)][static_cast<std::size_t>(match)];
            out.matchRight += m.right;
            out.matchCost += m.cost;
        } else { // no matching tau on X: the judge alone
            out.matchRight += hy.right[llmCandidate];
            out.matchCost += hy.cost[llmCandidate];
        }
    }
    if (out.pairs > 0)
        out.gain = (static_cast<double>(out.cascadeRight) - static_cast<double>(out.singleRight)) /
                   static_cast<double>(out.pairs);
    return out;
}

} // namespace

CrossFitResult crossFitCascade(const CrossFitInput& input, const CrossFitSettings& settings,
                               const Progress& progress)
{
    validate(input, settings);
    progress.throwIfCancelled(); // before the preparation pass over the pairs
    const Prepared prepared = prepare(input);
    const auto halvings = static_cast<std::size_t>(settings.halvings);
    CrossFitResult result;
    result.halvings.resize(halvings);
    // Chunk = one halving: its own stream and slot, so skipping the rest on cancel changes none that ran.
    ProgressCounter counter(progress, halvings);
    parallelChunks(halvings, workerCount(settings.threads, halvings), progress, [&](std::size_t h, int) {
        result.halvings[h] = runHalving(prepared, settings, h);
        counter.add();
    });
    // The summary in halving order (the same sums for every thread count).
    std::size_t scored = 0, withCost = 0;
    double costShares = 0;
    for (const CrossFitHalving& h : result.halvings) {
        if (h.pairs == 0)
            continue;
        ++scored;
        const auto n = static_cast<double>(h.pairs);
        result.meanGain += h.gain;
        result.shareWithGain += h.gain > 0 ? 1.0 : 0.0;
        result.meanCascadeAccuracy += h.cascadeRight / n;
        result.meanSingleAccuracy += h.singleRight / n;
        result.shareMatching += h.matchRight >= h.llmRight ? 1.0 : 0.0;
        result.meanMatchAccuracyGap +=
            (static_cast<double>(h.matchRight) - static_cast<double>(h.llmRight)) / n;
        if (h.llmCost > 0) {
            costShares += h.matchCost / h.llmCost;
            ++withCost;
        }
    }
    for (double* mean : {&result.meanGain, &result.shareWithGain, &result.meanCascadeAccuracy,
                         &result.meanSingleAccuracy, &result.shareMatching, &result.meanMatchAccuracyGap})
        *mean = scored > 0 ? *mean / static_cast<double>(scored) : kMissing;
    result.meanCostShare = withCost > 0 ? costShares / static_cast<double>(withCost) : kMissing;
    counter.finish();
    return result;
}

std::vector<CrossFitChoice> crossFitChoices(const CrossFitResult& result)
{
    std::vector<CrossFitChoice> out;
    for (const CrossFitHalving& h : result.halvings)
        for (int half = 0; half < 2; ++half) {
            if (h.chosenFallback[half] < 0 || h.chosenTau[half] < 0)
                continue; // the half had no pairs: it chose nothing
            auto it = std::find_if(out.begin(), out.end(), [&](const CrossFitChoice& c) {
                return c.fallback == h.chosenFallback[half] && c.tau == h.chosenTau[half];
            });
            if (it == out.end())
                out.push_back({h.chosenFallback[half], h.chosenTau[half], 1});
            else
                ++it->count;
        }
    return out;
}

} // namespace tribunal
