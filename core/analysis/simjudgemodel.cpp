#include "simjudgemodel.h"

#include <array>
#include <cmath>
#include <sstream>

namespace tribunal {
namespace {

// Distribution of one presentation's modal verdict (T1) over its R runs, each equal to the presentation's
// verdict v with probability k: P(modal = v), P(modal = the other candidate), P(no modal verdict).
struct ModalOdds {
    double same = 0.0, other = 0.0, none = 0.0;
};

ModalOdds modalOdds(double k, int runs)
{
    ModalOdds odds;
    double binom = 1.0; // C(runs, m), updated incrementally
    for (int m = 0; m <= runs; ++m) {
        if (m > 0)
            binom = binom * (runs - m + 1) / m;
        const double p = binom * std::pow(k, m) * std::pow(1.0 - k, runs - m);
        if (2 * m > runs)
            odds.same += p;
        else if (2 * m < runs)
            odds.other += p;
        else
            odds.none += p;
    }
    return odds;
}

// Solves f(x) = target for x in [lo, hi] by bisection, f increasing.
template <typename F> double bisect(F f, double target, double lo, double hi)
{
    for (int i = 0; i < 200; ++i) {
        const double mid = 0.5 * (lo + hi);
        (f(mid) < target ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi);
}

std::string rate(double value)
{
    std::ostringstream out;
    out.precision(6);
    out << value;
    return out.str();
}

} // namespace

SimTrustRates expectedTrustRates(const SimJudgeBehaviour& behaviour, int runs)
{
    const double a = behaviour.accuracy, b = behaviour.positionBias, k = behaviour.consistency;
    const int r = runs < 1 ? 1 : runs;
    SimTrustRates rates;
    // T2: each order's runs agree with probability k^R + (1-k)^R, whatever the presentation's verdict.
    const double agree = std::pow(k, r) + std::pow(1.0 - k, r);
    rates.consistency = agree * agree;

    // By symmetry take label = A. Enumerate the settled verdict and the two position effects.
    const ModalOdds odds = modalOdds(k, r);
    double orderInvariant = 0.0, correct = 0.0;
    for (int settledRight = 0; settledRight < 2; ++settledRight) {
        const double pSettled = settledRight ? a : 1.0 - a;
        const int settled = settledRight ? 0 : 1; // 0 = A, 1 = B
        for (int biasAB = 0; biasAB < 2; ++biasAB)
            for (int biasBA = 0; biasBA < 2; ++biasBA) {
                const double p = pSettled * (biasAB ? b : 1.0 - b) * (biasBA ? b : 1.0 - b);
                if (p == 0.0)
                    continue;
                const int vAB = biasAB ? 0 : settled; // AB shows A first
                const int vBA = biasBA ? 1 : settled; // BA shows B first
                // T3: both modal verdicts exist and are equal.
                const double sameModal = vAB == vBA ? odds.same * odds.same + odds.other * odds.other
                                                    : 2.0 * odds.same * odds.other;
                orderInvariant += p * sameModal;
                // T4: expected share of the 2R verdicts equal to the label A.
                const double rightAB = vAB == 0 ? k : 1.0 - k;
                const double rightBA = vBA == 0 ? k : 1.0 - k;
                correct += p * 0.5 * (rightAB + rightBA);
            }
    }
    rates.flipRate = 1.0 - orderInvariant;
    rates.accuracy = correct;
    return rates;
}

std::optional<SimJudgeBehaviour> behaviourForRates(const SimTrustRates& target, int runs, std::string* error)
{
    const int r = runs < 1 ? 1 : runs;
    SimJudgeBehaviour behaviour;
    behaviour.consistency = 1.0;
    if (r > 1) {
        const double lowest = std::pow(2.0, 2.0 * (1 - r));
        if (!(target.consistency >= lowest && target.consistency <= 1.0)) {
            *error = "C = " + rate(target.consistency) + " is not reachable with " + std::to_string(r) +
                     " runs: it must be in [" + rate(lowest) + ", 1]";
            return std::nullopt;
        }
        const double agree = std::sqrt(target.consistency);
        behaviour.consistency =
            bisect([r](double k) { return std::pow(k, r) + std::pow(1.0 - k, r); }, agree, 0.5, 1.0);
    }
    // phi does not depend on a: whichever candidate settled, the two presentations name the same candidate
    // exactly when the order whose first slot is the other candidate escapes the position effect
    // (probability 1 - b). So solve b from phi (increasing in b), then a from A (linear in a).
    auto phiOf = [&](double b) {
        SimJudgeBehaviour probe = behaviour;
        probe.positionBias = b;
        return expectedTrustRates(probe, r).flipRate;
    };
    const double phiLow = phiOf(0.0), phiHigh = phiOf(1.0);
    if (!(target.flipRate >= phiLow - 1e-12 && target.flipRate <= phiHigh + 1e-12)) {
        *error = "phi = " + rate(target.flipRate) + " is not reachable with C = " + rate(target.consistency) +
                 " and " + std::to_string(r) + " runs: it must be in [" + rate(phiLow) + ", " +
                 rate(phiHigh) + "]";
        return std::nullopt;
    }
    behaviour.positionBias = bisect(phiOf, target.flipRate, 0.0, 1.0);
    auto accuracyOf = [&](double a) {
        SimJudgeBehaviour probe = behaviour;
        probe.accuracy = a;
        return expectedTrustRates(probe, r).accuracy;
    };
    const double aLow = accuracyOf(0.0), aHigh = accuracyOf(1.0);
    if (!(target.accuracy >= aLow - 1e-12 && target.accuracy <= aHigh + 1e-12)) {
        *error = "A = " + rate(target.accuracy) + " is not reachable with C = " + rate(target.consistency) +
                 ", phi = " + rate(target.flipRate) + " and " + std::to_string(r) + " runs: it must be in [" +
                 rate(aLow) + ", " + rate(aHigh) + "]";
        return std::nullopt;
    }
    // Linear in a: interpolate exactly.
    behaviour.accuracy = aHigh == aLow ? 0.5 : (target.accuracy - aLow) / (aHigh - aLow);
    return behaviour;
}

Answer simJudgeAnswer(const SimJudgeBehaviour& behaviour, Answer label, Order order, double uSettled,
                      double uPosition, double uRun)
{
    Answer settled;
    if (label == answer::kA || label == answer::kB) {
        const Answer wrong = label == answer::kA ? answer::kB : answer::kA;
        settled = uSettled < behaviour.accuracy ? label : wrong;
    } else {
        settled = uSettled < 0.5 ? answer::kA : answer::kB;
    }
    const Answer firstSlot = order == Order::BA ? answer::kB : answer::kA;
    const Answer presented = uPosition < behaviour.positionBias ? firstSlot : settled;
    if (uRun < behaviour.consistency)
        return presented;
    return presented == answer::kA ? answer::kB : answer::kA;
}

} // namespace tribunal
