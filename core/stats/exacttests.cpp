#include "stats/exacttests.h"

#include "model/types.h"

#include <boost/math/special_functions/beta.hpp>

#include <algorithm>

namespace tribunal {

namespace {

// No exceptions and no errno: arguments are valid by construction, and an underflowing tail is 0.
using QuietPolicy = boost::math::policies::policy<
    boost::math::policies::domain_error<boost::math::policies::ignore_error>,
    boost::math::policies::overflow_error<boost::math::policies::ignore_error>,
    boost::math::policies::underflow_error<boost::math::policies::ignore_error>,
    boost::math::policies::evaluation_error<boost::math::policies::ignore_error>>;

} // namespace

double binomialTestHalf(std::uint64_t k, std::uint64_t n)
{
    if (k > n)
        return kMissing;
    const std::uint64_t m = std::min(k, n - k);
    if (2 * m >= n) // k = n / 2 (n even, including n = 0): every outcome is at most as likely
        return 1.0;
    // P(X <= m) = I_{1/2}(n - m, m + 1) for X ~ Binomial(n, 1/2).
    const double tail =
        boost::math::ibeta(static_cast<double>(n - m), static_cast<double>(m + 1), 0.5, QuietPolicy());
    return std::min(1.0, 2.0 * tail);
}

double mcnemarExact(std::uint64_t onlyFirst, std::uint64_t onlySecond)
{
    return binomialTestHalf(onlySecond, onlyFirst + onlySecond);
}

double signTest(std::uint64_t firstBetter, std::uint64_t secondBetter)
{
    return binomialTestHalf(secondBetter, firstBetter + secondBetter);
}

} // namespace tribunal
