#pragma once
// Percentiles with linear interpolation between order statistics: numpy's default method "linear"
// (np.quantile / np.percentile, method="linear"; Hyndman and Fan type 7), as ../shared/spec/metrics.md asks.
//
// For n sorted values x[0..n-1] and a quantile q in [0, 1]: h = (n - 1) q, k = floor(h), t = h - k, and the
// result is x[k] + t (x[k+1] - x[k]) - computed as numpy does, x[k+1] - (1 - t)(x[k+1] - x[k]) when t >= 0.5,
// so the values agree bit for bit. q = 1 (or h >= n - 1) gives x[n-1].
// Quantiles are proportions (numpy's quantile), not percents (numpy's percentile divides by 100 first).
// Values must not contain NaN (the caller drops undefined values first). Thread-safety: pure functions.

#include <span>

namespace tribunal {

/// Quantile q in [0, 1] of sorted values (ascending). kMissing (NaN) when empty or q is outside [0, 1].
double quantileSorted(std::span<const double> sorted, double q);

/// Quantiles of unsorted values at the levels `qs` (each in [0, 1]; ascending levels are fastest), written to
/// `out` (same size as qs). Reorders `values` (partial selection: O(n) per level, no full sort). Every result
/// is kMissing when `values` is empty, and a level outside [0, 1] gives kMissing.
void quantiles(std::span<double> values, std::span<const double> qs, std::span<double> out);

/// One quantile of unsorted values; reorders `values`.
double quantile(std::span<double> values, double q);

} // namespace tribunal
