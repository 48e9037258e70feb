#include "stats/percentile.h"

#include "model/types.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace tribunal {

namespace {

/// numpy's _lerp: a + t (b - a), recomputed from b when t >= 0.5 for accuracy near b.
double lerp(double a, double b, double t)
{
    const double diff = b - a;
    return t >= 0.5 ? b - diff * (1.0 - t) : a + diff * t;
}

bool validLevel(double q)
{
    return q >= 0.0 && q <= 1.0; // false for NaN too
}

/// Lower order-statistic index and weight of quantile q among n values (numpy: virtual index (n - 1) q).
struct Position {
    std::size_t k = 0;
    double t = 0;
    bool last = false; ///< h >= n - 1: the maximum (numpy clamps both neighbours to the last value)
};

Position position(std::size_t n, double q)
{
    const double h = static_cast<double>(n - 1) * q;
    Position p;
    if (h >= static_cast<double>(n - 1)) {
        p.k = n - 1;
        p.last = true;
        return p;
    }
    const double k = std::floor(h);
    p.k = static_cast<std::size_t>(k);
    p.t = h - k;
    return p;
}

} // namespace

double quantileSorted(std::span<const double> sorted, double q)
{
    if (sorted.empty() || !validLevel(q))
        return kMissing;
    const Position p = position(sorted.size(), q);
    if (p.last)
        return sorted.back();
    return lerp(sorted[p.k], sorted[p.k + 1], p.t);
}

void quantiles(std::span<double> values, std::span<const double> qs, std::span<double> out)
{
    const std::size_t n = values.size();
    // values[placed, selected) hold their sorted order statistics, and everything from `selected` on is >=
    // everything before it, so ascending levels only select within the part not yet placed.
    std::size_t placed = 0, selected = 0;
    const auto at = [&](std::size_t i) { return values.begin() + static_cast<std::ptrdiff_t>(i); };
    for (std::size_t i = 0; i < qs.size(); ++i) {
        if (n == 0 || !validLevel(qs[i])) {
            out[i] = kMissing;
            continue;
        }
        const Position p = position(n, qs[i]);
        const std::size_t need = p.last ? p.k + 1 : p.k + 2; // order statistics k (and k + 1) placed
        if (p.k < placed || p.k >= selected) {
            // Select order statistic k among the unplaced part (all of it when the levels go backwards).
            const std::size_t from = p.k < placed ? 0 : selected;
            std::nth_element(at(from), at(p.k), values.end());
            placed = p.k;
            selected = p.k + 1;
        }
        if (need > selected) {
            // Order statistic k + 1 is the minimum of what lies above k.
            std::iter_swap(at(selected), std::min_element(at(selected), values.end()));
            selected = need;
        }
        out[i] = p.last ? values[p.k] : lerp(values[p.k], values[p.k + 1], p.t);
    }
}

double quantile(std::span<double> values, double q)
{
    double out = kMissing;
    quantiles(values, std::span<const double>(&q, 1), std::span<double>(&out, 1));
    return out;
}

} // namespace tribunal
