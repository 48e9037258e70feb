#include "analysis/cascadecurve.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace tribunal {

namespace {

constexpr double kThresholdSlack = 1e-9; // K7 edge case: deferred when score < tau - 1e-9

double share(std::size_t count, std::size_t of)
{
    return of == 0 ? kMissing : static_cast<double>(count) / static_cast<double>(of);
}

} // namespace

std::vector<double> cascadeGrid(TaskKind kind)
{
    std::vector<double> grid;
    if (kind == TaskKind::Binary) {
        for (int k = 0; k <= 25; ++k)
            grid.push_back(static_cast<double>(k) / 50.0);
    } else {
        for (int k = 0; k <= 20; ++k)
            grid.push_back(static_cast<double>(k) / 20.0);
    }
    return grid;
}

double firstAccuracy(std::span<const CascadePair> pairs)
{
    const auto right =
        std::count_if(pairs.begin(), pairs.end(), [](const CascadePair& p) { return p.firstRight; });
    return share(static_cast<std::size_t>(right), pairs.size());
}

double fallbackAccuracy(std::span<const CascadePair> pairs)
{
    const auto right =
        std::count_if(pairs.begin(), pairs.end(), [](const CascadePair& p) { return p.fallbackRight; });
    return share(static_cast<std::size_t>(right), pairs.size());
}

std::vector<CascadePoint> cascadeCurve(std::span<const CascadePair> pairs, std::span<const double> grid)
{
    // Pairs by ascending score (NaN as 0: kept at tau = 0 only); prefix sums over that order, so a threshold
    // defers a prefix.
    const std::size_t n = pairs.size();
    std::vector<std::uint32_t> order(n);
    std::iota(order.begin(), order.end(), 0u);
    const auto key = [&](std::uint32_t i) {
        const double s = pairs[i].score;
        return std::isnan(s) ? 0.0 : s;
    };
    std::stable_sort(order.begin(), order.end(),
                     [&](std::uint32_t a, std::uint32_t b) { return key(a) < key(b); });
    std::vector<double> scores(n);
    std::vector<std::uint32_t> firstRight(n + 1, 0), fallbackRight(n + 1, 0);
    std::vector<double> fallbackCost(n + 1, 0.0);
    double firstCostAll = 0;
    for (std::size_t k = 0; k < n; ++k) {
        const CascadePair& p = pairs[order[k]];
        scores[k] = key(order[k]);
        firstRight[k + 1] = firstRight[k] + (p.firstRight ? 1u : 0u);
        fallbackRight[k + 1] = fallbackRight[k] + (p.fallbackRight ? 1u : 0u);
        fallbackCost[k + 1] = fallbackCost[k] + (std::isnan(p.fallbackCost) ? 0.0 : p.fallbackCost);
    }
    for (const CascadePair& p : pairs) // in input order: the cost does not depend on the sort
        firstCostAll += std::isnan(p.firstCost) ? 0.0 : p.firstCost;
    const double fallbackAlone = share(fallbackRight[n], n);

    std::vector<CascadePoint> curve;
    curve.reserve(grid.size());
    for (const double tau : grid) {
        CascadePoint point;
        point.tau = tau;
        // Deferred: the prefix with score < tau - slack.
        const double cut = tau - kThresholdSlack;
        const auto deferred =
            static_cast<std::size_t>(std::lower_bound(scores.begin(), scores.end(), cut) - scores.begin());
        const std::size_t kept = n - deferred;
        point.deferred = static_cast<std::uint32_t>(deferred);
        point.kept = static_cast<std::uint32_t>(kept);
        const std::uint32_t keptRightFirst = firstRight[n] - firstRight[deferred];
        const std::uint32_t keptRightFallback = fallbackRight[n] - fallbackRight[deferred];
        point.right = keptRightFirst + fallbackRight[deferred];
        point.accuracy = share(point.right, n);
        point.deferredShare = share(deferred, n);
        point.cost = firstCostAll + fallbackCost[deferred];
        point.keptAccuracyFirst = share(keptRightFirst, kept);
        point.keptAccuracyFallback = share(keptRightFallback, kept);
        if (n > 0) {
            point.k10Left = point.accuracy - fallbackAlone;
            point.k10Right =
                kept == 0 ? 0.0 : share(kept, n) * (point.keptAccuracyFirst - point.keptAccuracyFallback);
            if (kept == 0)
                point.k10Left = 0.0; // K10 edge case: the cascade is the fallback alone
        }
        curve.push_back(point);
    }
    return curve;
}

std::size_t oracleIndex(std::span<const CascadePoint> curve)
{
    std::size_t best = curve.size();
    for (std::size_t i = 0; i < curve.size(); ++i) {
        const CascadePoint& p = curve[i];
        if (std::isnan(p.accuracy))
            continue;
        if (best == curve.size()) {
            best = i;
            continue;
        }
        const CascadePoint& b = curve[best];
        // K8: accuracy up, then deferred share down, then tau down. Accuracies and shares are ratios of
        // counts over the same n, so compare the counts (exact).
        if (p.right != b.right) {
            if (p.right > b.right)
                best = i;
        } else if (p.deferred != b.deferred) {
            if (p.deferred < b.deferred)
                best = i;
        } else if (p.tau < b.tau) {
            best = i;
        }
    }
    return best;
}

} // namespace tribunal
