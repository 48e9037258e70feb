#include "stats/signflip.h"

#include "model/types.h"

#include <bit>
#include <cmath>

namespace tribunal {

std::uint64_t countSignFlipsAtLeast(std::uint32_t nonzero, std::uint32_t positive, std::uint64_t permutations,
                                    RandomStream& rng)
{
    if (nonzero == 0)
        return positive == 0 ? permutations : 0;        // nothing to draw: every permuted sum is 0
    const std::uint32_t fullWords = (nonzero - 1) / 64; // W - 1
    const std::uint32_t lastBits = nonzero - 64 * fullWords;
    const std::uint64_t lastMask = lastBits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << lastBits) - 1;
    std::uint64_t atLeast = 0;
    for (std::uint64_t p = 0; p < permutations; ++p) {
        std::uint32_t plus = 0;
        for (std::uint32_t w = 0; w < fullWords; ++w)
            plus += static_cast<std::uint32_t>(std::popcount(rng.next()));
        plus += static_cast<std::uint32_t>(std::popcount(rng.next() & lastMask));
        atLeast += plus >= positive;
    }
    return atLeast;
}

double permutationPValue(std::uint64_t atLeast, std::uint64_t permutations)
{
    return static_cast<double>(1 + atLeast) / static_cast<double>(1 + permutations);
}

double exactSignFlipPValue(std::uint32_t nonzero, std::uint32_t positive)
{
    if (nonzero > 60 || positive > nonzero)
        return kMissing;
    // Sum of C(m, k) for k >= positive, in 64-bit integers: C(m, k) (m - k) < 2^62 and the sum <= 2^60.
    std::uint64_t count = 0;
    std::uint64_t c = 1; // C(m, k), from k = 0 up
    for (std::uint32_t k = 0; k <= nonzero; ++k) {
        if (k >= positive)
            count += c;
        c = c * (nonzero - k) / (k + 1); // C(m, k + 1), exact: C(m, k) (m - k) is divisible by k + 1
    }
    return std::ldexp(static_cast<double>(count), -static_cast<int>(nonzero));
}

} // namespace tribunal
