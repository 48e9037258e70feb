#include "analysis/cascadefrontier.h"

#include "analysis/cascadereplay.h"
#include "analysis/jury.h"

#include <cmath>

namespace tribunal {

std::vector<bool> paretoFrontier(std::span<const double> cost, std::span<const double> accuracy)
{
    std::vector<bool> out(cost.size(), false);
    for (std::size_t i = 0; i < cost.size(); ++i) {
        if (std::isnan(accuracy[i]) || std::isnan(cost[i]))
            continue;
        // A NaN cost or accuracy fails every comparison below, so such a point dominates nothing.
        bool dominated = false;
        for (std::size_t j = 0; j < cost.size() && !dominated; ++j)
            dominated = j != i && !std::isnan(accuracy[j]) && cost[j] <= cost[i] &&
                        accuracy[j] >= accuracy[i] && (cost[j] < cost[i] || accuracy[j] > accuracy[i]);
        out[i] = !dominated;
    }
    return out;
}

std::vector<CascadeFrontierPoint> cascadeFrontier(const CascadeReplay& replay, const JuryResult* jury)
{
    using Type = CascadeFrontierPoint::Type;
    std::vector<CascadeFrontierPoint> points;
    if (replay.pairs == 0)
        return points;
    const double n = replay.pairs;
    const auto add = [&points](const CascadeFrontierPoint& p) {
        if (!std::isnan(p.accuracy))
            points.push_back(p);
    };
    add({Type::Single, replay.first, -1, -1, replay.firstCost / n, replay.firstCost, replay.firstAccuracy});
    // K11: every juror answers every pair, so a jury costs the sum of its jurors' costs per pair.
    double juryCost = replay.firstCost / n;
    for (const CascadeFallbackCurve& f : replay.fallbacks) {
        add({Type::Single, f.judge, -1, -1, f.costAlone / n, f.costAlone, f.accuracyAlone});
        juryCost += f.costAlone / n;
    }
    if (jury) {
        add({Type::JuryLower, replay.first, -1, -1, juryCost, juryCost * n, jury->accuracyLower});
        add({Type::JuryUpper, replay.first, -1, -1, juryCost, juryCost * n, jury->accuracyUpper});
    }
    for (std::size_t f = 0; f < replay.fallbacks.size(); ++f) {
        const CascadeFallbackCurve& c = replay.fallbacks[f];
        for (std::size_t i = 0; i < c.curve.size(); ++i)
            add({Type::Cascade, c.judge, static_cast<int>(f), static_cast<int>(i), c.curve[i].cost / n,
                 c.curve[i].cost, c.curve[i].accuracy});
    }
    std::vector<double> cost, accuracy;
    for (const CascadeFrontierPoint& p : points) {
        cost.push_back(p.costPerPair);
        accuracy.push_back(p.accuracy);
    }
    const std::vector<bool> flags = paretoFrontier(cost, accuracy);
    for (std::size_t i = 0; i < points.size(); ++i)
        points[i].onFrontier = flags[i];
    return points;
}

} // namespace tribunal
