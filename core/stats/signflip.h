#pragma once
// B5: the one-sided paired sign-flip permutation test of d_k in {-1, 0, +1} (../shared/spec/metrics.md "Bias
// tests" B5 and "Edge cases" B1-B5).
//
// Flipping the sign of d_k = 0 changes nothing, and a random sign on d_k = +-1 gives a uniform +-1 whatever
// the sign of d_k, so a permuted sum is a sum of `nonzero` (m) independent uniform +-1 signs: 2 K - m with K
// the number of + signs, K ~ Binomial(m, 1/2). The observed sum is 2 P - m with P = `positive`, the number of
// d_k = +1. A permuted sum is >= the observed one exactly when K >= P (integer comparison, no float ties).
//
// Random mapping (fixed; changing it changes every published p-value): each permutation draws
// W = ceil(m / 64) outputs of RandomStream::next(); the first W - 1 contribute all 64 bits, the last its
// m - 64 (W - 1) least significant bits; K is the number of set bits among them (a set bit is a + sign).
// m = 0 draws nothing (every permuted sum is 0 >= 0). So one permutation costs m / 64 generator calls.
// Thread-safety: pure functions; the stream is the caller's.

#include "stats/randomstreams.h"

#include <cstdint>

namespace tribunal {

/// The number of `permutations` random sign flips whose sum reaches the observed one (K >= positive),
/// drawing from `rng` as described above. Precondition: positive <= nonzero.
std::uint64_t countSignFlipsAtLeast(std::uint32_t nonzero, std::uint32_t positive, std::uint64_t permutations,
                                    RandomStream& rng);

/// The Monte Carlo p-value of B5: (1 + atLeast) / (1 + permutations).
double permutationPValue(std::uint64_t atLeast, std::uint64_t permutations);

/// The exact p-value over all 2^m sign assignments, P(K >= positive) for K ~ Binomial(m, 1/2), computed from
/// exact integer counts (one rounding). For m <= 60 only (else kMissing): a reference for tests and checks.
double exactSignFlipPValue(std::uint32_t nonzero, std::uint32_t positive);

} // namespace tribunal
