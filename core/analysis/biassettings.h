#pragma once
// Settings of the bias tests (../shared/spec/metrics.md "Bias tests" B4-B11). Plain data.

#include <cstdint>
#include <vector>

namespace tribunal {

struct BiasSettings {
    double margin = 0.05;                               ///< B4 delta: "bias" when the interval lies above it
    std::vector<double> countMargins{0.02, 0.05, 0.10}; ///< B6 margins of the count-of-biased-judges table
    int resamples = 2000;                               ///< B4/B10 bootstrap resamples over items, >= 1
    int permutations = 10000;                           ///< B5 random sign-flip permutations, >= 1
    std::uint64_t seed = 20261129;                      ///< seeds every bootstrap and permutation stream
    double level = 0.95;                                ///< B4 percentile interval level, in (0, 1)
    double fdrLevel = 0.05;                             ///< B5 Benjamini-Hochberg FDR level, in (0, 1)
    double probabilityShift = 0.10;                     ///< B8 "moved" when |Delta p| exceeds this
    int confidenceBins = 10;                            ///< B11 equal-width confidence bins, >= 1
};

} // namespace tribunal
