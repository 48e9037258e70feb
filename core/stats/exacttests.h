#pragma once
// R7: exact two-sided binomial tests at p = 1/2 - exact McNemar on the discordant pairs and the unit sign
// test
// (../shared/spec/metrics.md "Rubric judges" R7 and "Edge cases" R7; examples.md section 6).
//
// For X ~ Binomial(n, 1/2) and an observed count k, the two-sided p-value is min(1, 2 P(X <= min(k, n - k))):
// the distribution is symmetric, so this equals scipy.stats.binomtest(k, n, 0.5, "two-sided").pvalue (which
// adds the probabilities of every outcome no more likely than k). n = 0 gives 1 (R7 edge case: no discordant
// pairs). The tail is the regularised incomplete beta function I_{1/2}(n - m, m + 1), m = min(k, n - k)
// (Boost.Math ibeta; scipy's binom.cdf is the same Boost function): relative error ~1e-15 for any n < 2^53,
// with no sum over terms, so n = 10^6 costs the same as n = 10. A tail below the smallest double gives 0.
// Thread-safety: pure functions.

#include <cstdint>

namespace tribunal {

/// Two-sided exact binomial test of k successes in n trials against p = 1/2, capped at 1. Precondition:
/// k <= n (else kMissing).
double binomialTestHalf(std::uint64_t k, std::uint64_t n);

/// R7 exact McNemar: `onlyFirst` pairs where only the first judge is right, `onlySecond` where only the
/// second is; binomialTestHalf(onlySecond, onlyFirst + onlySecond). No discordant pair gives 1.
double mcnemarExact(std::uint64_t onlyFirst, std::uint64_t onlySecond);

/// R7 unit sign test: units where the first judge is more accurate vs units where the second is (ties are
/// dropped by the caller); the same binomial test. No untied unit gives 1.
double signTest(std::uint64_t firstBetter, std::uint64_t secondBetter);

} // namespace tribunal
