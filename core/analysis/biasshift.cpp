#include "analysis/biasshift.h"

#include "analysis/probabilityaveraging.h"
#include "model/coreerror.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>
#include <string_view>
#include <tuple>

namespace tribunal {
namespace {

/// B7: the candidate the cue favours, or kNone when the item has no A/B label or the prompt no cue.
Answer cueResponse(Answer label, Cue cue)
{
    if ((label != answer::kA && label != answer::kB) || cue == Cue::None)
        return answer::kNone;
    if (cue == Cue::Better)
        return label;
    return label == answer::kA ? answer::kB : answer::kA;
}

/// P(response) from P(A) for a pairwise response A or B.
double probabilityOf(double pA, Answer response)
{
    return response == answer::kA ? pA : 1.0 - pA;
}

/// Calls f(item) for each item of row.completeItems() without copying them (the same rule as completeItems).
template <class F> void forEachComplete(const BiasRow& row, F&& f)
{
    for (const BiasItem& item : row.items)
        if (!row.crAvailable || item.hasSecondRun())
            f(item);
}

/// B8 Delta p of one prompt: P_perturbed(cue response) - P_original run 1(cue response), or kMissing.
double shiftOf(const Audit& audit, const BiasItem& item)
{
    const Answer target = cueResponse(audit.items().label[item.item], item.cue);
    if (target == answer::kNone)
        return kMissing;
    const double before = probabilityOfA(audit, item.original1);
    const double after = probabilityOfA(audit, item.perturbed);
    if (isMissing(before) || isMissing(after))
        return kMissing;
    return probabilityOf(after, target) - probabilityOf(before, target);
}

double ratio(double numerator, std::uint32_t denominator)
{
    return denominator == 0 ? kMissing : numerator / denominator;
}

/// B9: the bin of a confidence in [0.5, 1]. A value within kBiasEdgeTolerance below an edge counts as on it,
/// so a confidence that is 0.9 up to rounding (0.3 * 3) opens [0.9, 0.95) rather than closing [0.8, 0.9).
std::size_t confidenceBin(double confidence)
{
    std::size_t bin = 0;
    for (std::size_t k = 1; k + 1 < kFlipConfidenceEdges.size(); ++k)
        if (confidence >= kFlipConfidenceEdges[k] - kBiasEdgeTolerance)
            bin = k;
    return bin;
}

/// B12: a per-item mean shift on the kSpearmanShiftGrid, so that means equal up to rounding tie in the ranks.
double onShiftGrid(double meanShift)
{
    return std::round(meanShift / kSpearmanShiftGrid) * kSpearmanShiftGrid;
}

/// One prompt of a judge in B12: its item, whether the verdict changed, and its Delta p (or kMissing).
struct Prompt {
    std::uint32_t item;
    bool changed;
    double shift;
};

/// One shared prompt of a judge pair (a, b), for the per-item aggregation of B12.
struct SharedPrompt {
    std::uint32_t item;
    bool changedA, changedB;
    double shiftA, shiftB; ///< kMissing unless both are defined
};

/// Counts and correlations of an unordered judge pair (a before b in string order).
struct PairCounts {
    std::uint32_t prompts = 0, flipsA = 0, flipsB = 0, both = 0;
    std::uint32_t items = 0, shiftItems = 0;
    double spearmanShift = kMissing, spearmanFlipRate = kMissing;
};

/// B12 for one pair: counts over the shared prompts, then per-item means (records sorted by item, so no map)
/// and the two Spearman correlations.
PairCounts countPair(std::vector<SharedPrompt>& shared)
{
    PairCounts counts;
    counts.prompts = static_cast<std::uint32_t>(shared.size());
    for (const SharedPrompt& s : shared) {
        counts.flipsA += s.changedA;
        counts.flipsB += s.changedB;
        counts.both += s.changedA && s.changedB;
    }
    // Stable: an item's prompts stay in (test, version) order, so its sums do not depend on the sort.
    std::stable_sort(shared.begin(), shared.end(),
                     [](const SharedPrompt& x, const SharedPrompt& y) { return x.item < y.item; });
    std::vector<double> flipA, flipB, shiftA, shiftB;
    for (std::size_t begin = 0; begin < shared.size();) {
        std::size_t end = begin;
        double nFlipA = 0, nFlipB = 0, sumA = 0, sumB = 0;
        std::uint32_t nShift = 0;
        for (; end < shared.size() && shared[end].item == shared[begin].item; ++end) {
            nFlipA += shared[end].changedA;
            nFlipB += shared[end].changedB;
            if (!isMissing(shared[end].shiftA)) {
                sumA += shared[end].shiftA;
                sumB += shared[end].shiftB;
                ++nShift;
            }
        }
        const double n = static_cast<double>(end - begin);
        flipA.push_back(nFlipA / n);
        flipB.push_back(nFlipB / n);
        if (nShift > 0) {
            shiftA.push_back(onShiftGrid(sumA / nShift));
            shiftB.push_back(onShiftGrid(sumB / nShift));
        }
        begin = end;
    }
    counts.items = static_cast<std::uint32_t>(flipA.size());
    counts.shiftItems = static_cast<std::uint32_t>(shiftA.size());
    counts.spearmanFlipRate = spearmanCorrelation(flipA, flipB);
    counts.spearmanShift = spearmanCorrelation(shiftA, shiftB);
    return counts;
}

/// Average ranks (1-based) of x; ties share the mean of their positions.
std::vector<double> averageRanks(std::span<const double> x)
{
    std::vector<std::uint32_t> order(x.size());
    std::iota(order.begin(), order.end(), 0u);
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return x[a] < x[b]; });
    std::vector<double> ranks(x.size());
    for (std::size_t begin = 0; begin < order.size();) {
        std::size_t end = begin + 1;
        while (end < order.size() && x[order[end]] == x[order[begin]])
            ++end;
        // Positions begin+1 .. end share their mean (a multiple of 0.5, exact in double).
        const double rank = (static_cast<double>(begin + 1) + static_cast<double>(end)) / 2.0;
        for (std::size_t k = begin; k < end; ++k)
            ranks[order[k]] = rank;
        begin = end;
    }
    return ranks;
}

} // namespace

std::vector<BiasShiftResult> analyseBiasShift(const Audit& audit, const BiasDesign& design,
                                              const BiasSettings& settings)
{
    std::vector<BiasShiftResult> results;
    results.reserve(design.rows.size());
    const ItemTable& items = audit.items();
    for (std::size_t r = 0; r < design.rows.size(); ++r) {
        BiasShiftResult result;
        result.row = static_cast<std::uint32_t>(r);
        std::uint32_t before = 0, after = 0, moved = 0;
        double shiftSum = 0;
        forEachComplete(design.rows[r], [&](const BiasItem& item) {
            const Answer target = cueResponse(items.label[item.item], item.cue);
            if (target == answer::kNone)
                return; // B7: no label A/B or no cue
            ++result.nDirection;
            before += item.o1 == target;
            after += item.p == target;
            const double pA1 = probabilityOfA(audit, item.original1);
            const double pAp = probabilityOfA(audit, item.perturbed);
            if (isMissing(pA1) || isMissing(pAp))
                return; // B8: left out
            ++result.nProbability;
            shiftSum += probabilityOf(pAp, target) - probabilityOf(pA1, target);
            // B8 "moved": |shift of P(target)| = |shift of P(A)|; the tolerance keeps a decimal shift of
            // exactly the threshold (0.8 - 0.7 = 0.10000000000000009 in double) below it.
            moved += item.changed() || std::abs(pAp - pA1) > settings.probabilityShift + kBiasEdgeTolerance;
        });
        result.before = ratio(before, result.nDirection);
        result.after = ratio(after, result.nDirection);
        if (result.nDirection > 0)
            result.change = result.after - result.before;
        result.deltaP = ratio(shiftSum, result.nProbability);
        result.movedShare = ratio(moved, result.nProbability);
        results.push_back(result);
    }
    return results;
}

std::vector<ConfidenceFlips> flipsByConfidence(const Audit& audit, const BiasDesign& design)
{
    std::vector<ConfidenceFlips> out;
    const auto& rows = design.rows;
    // Rows are ordered by judge, format, condition first, so each (judge, format, condition) is contiguous.
    for (std::size_t begin = 0; begin < rows.size();) {
        const BiasRowKey& key = rows[begin].key;
        std::size_t end = begin;
        while (end < rows.size() && rows[end].key.judge == key.judge && rows[end].key.format == key.format &&
               rows[end].key.condition == key.condition)
            ++end;
        ConfidenceFlips flips;
        flips.judge = key.judge;
        flips.format = key.format;
        flips.condition = key.condition;
        flips.bins.resize(kFlipConfidenceEdges.size() - 1);
        bool anyRow = false;
        for (std::size_t r = begin; r < end; ++r) {
            if (rows[r].fallacy)
                continue; // changing is the correct reaction there
            anyRow = true;
            forEachComplete(rows[r], [&](const BiasItem& item) {
                const double pA = probabilityOfA(audit, item.original1);
                if (isMissing(pA))
                    return;
                ConfidenceFlipBin& bin = flips.bins[confidenceBin(std::max(pA, 1.0 - pA))];
                ++bin.n;
                bin.flipped += item.changed();
            });
        }
        begin = end;
        if (!anyRow)
            continue;
        for (std::size_t k = 0; k < flips.bins.size(); ++k) {
            ConfidenceFlipBin& bin = flips.bins[k];
            bin.lo = kFlipConfidenceEdges[k];
            bin.hi = kFlipConfidenceEdges[k + 1];
            bin.share = ratio(bin.flipped, bin.n);
        }
        out.push_back(std::move(flips));
    }
    return out;
}

std::vector<FlipAgreement> flipAgreement(const Audit& audit, const BiasDesign& design)
{
    const auto& rows = design.rows;
    // Non-fallacy rows by (format, condition, test, version, judge) in string order: a (format, condition) is
    // a contiguous block, and within it each (test, version) is a run with at most one row per judge.
    std::vector<std::uint32_t> order;
    for (std::uint32_t r = 0; r < rows.size(); ++r)
        if (!rows[r].fallacy)
            order.push_back(r);
    auto sortKey = [&](std::uint32_t r) {
        const BiasRowKey& k = rows[r].key;
        return std::make_tuple(audit.str(k.format), k.condition, audit.str(k.test), audit.str(k.version),
                               audit.str(k.judge));
    };
    std::sort(order.begin(), order.end(),
              [&](std::uint32_t a, std::uint32_t b) { return sortKey(a) < sortKey(b); });

    // The prompts of every non-fallacy row, in item order (completeItems is sorted by item).
    std::vector<std::vector<Prompt>> prompts(rows.size());
    for (std::uint32_t r : order)
        forEachComplete(rows[r], [&](const BiasItem& item) {
            prompts[r].push_back({item.item, item.changed(), shiftOf(audit, item)});
        });

    std::vector<FlipAgreement> out;
    std::vector<SharedPrompt> shared;
    for (std::size_t blockBegin = 0; blockBegin < order.size();) {
        const BiasRowKey& blockKey = rows[order[blockBegin]].key;
        std::size_t blockEnd = blockBegin;
        while (blockEnd < order.size() && rows[order[blockEnd]].key.format == blockKey.format &&
               rows[order[blockEnd]].key.condition == blockKey.condition)
            ++blockEnd;

        // Judges of the block in string order, and a (test, version) x judge table of rows (-1: none).
        std::vector<StrId> judges;
        for (std::size_t k = blockBegin; k < blockEnd; ++k)
            judges.push_back(rows[order[k]].key.judge);
        std::sort(judges.begin(), judges.end(),
                  [&](StrId a, StrId b) { return audit.str(a) < audit.str(b); });
        judges.erase(std::unique(judges.begin(), judges.end()), judges.end());
        const std::size_t nJudges = judges.size();
        auto judgeIndex = [&](StrId judge) {
            return static_cast<std::size_t>(std::find(judges.begin(), judges.end(), judge) - judges.begin());
        };
        std::vector<std::vector<std::int64_t>> table; // [test/version][judge] -> row
        for (std::size_t k = blockBegin; k < blockEnd; ++k) {
            const BiasRowKey& key = rows[order[k]].key;
            if (k == blockBegin || key.test != rows[order[k - 1]].key.test ||
                key.version != rows[order[k - 1]].key.version)
                table.emplace_back(nJudges, -1);
            table.back()[judgeIndex(key.judge)] = order[k];
        }

        // Each unordered pair once (a before b); both ordered results come from it.
        std::vector<PairCounts> pairs(nJudges * nJudges);
        for (std::size_t a = 0; a < nJudges; ++a) {
            for (std::size_t b = a + 1; b < nJudges; ++b) {
                shared.clear();
                for (const auto& byJudge : table) {
                    if (byJudge[a] < 0 || byJudge[b] < 0)
                        continue;
                    const std::vector<Prompt>& pa = prompts[static_cast<std::size_t>(byJudge[a])];
                    const std::vector<Prompt>& pb = prompts[static_cast<std::size_t>(byJudge[b])];
                    // Both are sorted by item: a merge finds the prompts both judges have.
                    for (std::size_t i = 0, j = 0; i < pa.size() && j < pb.size();) {
                        if (pa[i].item < pb[j].item) {
                            ++i;
                        } else if (pb[j].item < pa[i].item) {
                            ++j;
                        } else {
                            const bool bothShift = !isMissing(pa[i].shift) && !isMissing(pb[j].shift);
                            shared.push_back({pa[i].item, pa[i].changed, pb[j].changed,
                                              bothShift ? pa[i].shift : kMissing,
                                              bothShift ? pb[j].shift : kMissing});
                            ++i;
                            ++j;
                        }
                    }
                }
                pairs[a * nJudges + b] = countPair(shared);
            }
        }

        for (std::size_t j1 = 0; j1 < nJudges; ++j1) {
            for (std::size_t j2 = 0; j2 < nJudges; ++j2) {
                if (j1 == j2)
                    continue;
                const PairCounts& c = pairs[std::min(j1, j2) * nJudges + std::max(j1, j2)];
                const std::uint32_t first = j1 < j2 ? c.flipsA : c.flipsB;
                const std::uint32_t second = j1 < j2 ? c.flipsB : c.flipsA;
                FlipAgreement agreement;
                agreement.judge1 = judges[j1];
                agreement.judge2 = judges[j2];
                agreement.format = blockKey.format;
                agreement.condition = blockKey.condition;
                agreement.prompts = c.prompts;
                agreement.firstFlips = first;
                agreement.shareWhenFirstFlips = ratio(c.both, first);
                agreement.shareWhenFirstStays = ratio(second - c.both, c.prompts - first);
                agreement.items = c.items;
                agreement.shiftItems = c.shiftItems;
                agreement.spearmanShift = c.spearmanShift;
                agreement.spearmanFlipRate = c.spearmanFlipRate;
                out.push_back(agreement);
            }
        }
        blockBegin = blockEnd;
    }
    return out;
}

double spearmanCorrelation(std::span<const double> x, std::span<const double> y)
{
    if (x.size() != y.size())
        throw CoreError(ErrorCode::SpearmanLengthMismatch,
                        {std::to_string(x.size()), std::to_string(y.size())});
    const auto hasNaN = [](std::span<const double> v) {
        return std::any_of(v.begin(), v.end(), [](double d) { return std::isnan(d); });
    };
    if (x.size() < 2 || hasNaN(x) || hasNaN(y))
        return kMissing;
    const std::vector<double> rx = averageRanks(x), ry = averageRanks(y);
    // Average ranks are multiples of 0.5 with mean (n + 1) / 2 exactly, so a constant side gives exactly 0.
    const double mean = (static_cast<double>(x.size()) + 1.0) / 2.0;
    double sxy = 0, sxx = 0, syy = 0;
    for (std::size_t k = 0; k < rx.size(); ++k) {
        const double dx = rx[k] - mean, dy = ry[k] - mean;
        sxy += dx * dy;
        sxx += dx * dx;
        syy += dy * dy;
    }
    if (sxx == 0 || syy == 0)
        return kMissing;
    return sxy / std::sqrt(sxx * syy);
}

} // namespace tribunal
