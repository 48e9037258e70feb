#include "stats/multipletesting.h"

#include "model/types.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <numeric>

namespace tribunal {

namespace {

/// Indices of the non-missing p-values, sorted by p ascending (ties by input position: any tie order gives
/// the same adjusted values, this one makes it reproducible).
std::vector<std::size_t> sortedPresent(std::span<const double> p)
{
    std::vector<std::size_t> order;
    order.reserve(p.size());
    for (std::size_t i = 0; i < p.size(); ++i)
        if (!std::isnan(p[i]))
            order.push_back(i);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return p[a] < p[b]; });
    return order;
}

} // namespace

std::vector<double> benjaminiHochberg(std::span<const double> pValues)
{
    std::vector<double> adjusted(pValues.size(), kMissing);
    const std::vector<std::size_t> order = sortedPresent(pValues);
    const auto m = static_cast<double>(order.size());
    double running = 1.0; // the cap: min(1, running minimum) is the running minimum started at 1
    for (std::size_t rank = order.size(); rank-- > 0;) {
        const std::size_t i = order[rank];
        running = std::min(running, pValues[i] * m / static_cast<double>(rank + 1));
        adjusted[i] = running;
    }
    return adjusted;
}

std::vector<double> holm(std::span<const double> pValues)
{
    std::vector<double> adjusted(pValues.size(), kMissing);
    const std::vector<std::size_t> order = sortedPresent(pValues);
    const std::size_t m = order.size();
    double running = 0.0;
    for (std::size_t rank = 0; rank < m; ++rank) {
        const std::size_t i = order[rank];
        running = std::max(running, pValues[i] * static_cast<double>(m - rank));
        adjusted[i] = std::min(running, 1.0);
    }
    return adjusted;
}

} // namespace tribunal
