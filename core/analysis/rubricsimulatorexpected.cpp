// The expected values of the simulated rubric audit's model and its truth file (analysis/rubricsimulator.h,
// docs/rubric-simulation.md): closed forms with the normal CDF, and one numerical integral over the shared
// error for the level-error correlation.

#include "analysis/rubricsimulator.h"

#include "report/tablecells.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <numbers>

namespace tribunal {
namespace {

double normalCdf(double x)
{
    return 0.5 * std::erfc(-x / std::numbers::sqrt2);
}

} // namespace

double rubricSharedErrorSd()
{
    return std::sqrt(kRubricGroupTiltSd * kRubricGroupTiltSd + kRubricHardCaseSd * kRubricHardCaseSd);
}

double latentErrorCorrelation(const SimulatedRubricJudge& a, const SimulatedRubricJudge& b)
{
    const double v = rubricSharedErrorSd() * rubricSharedErrorSd();
    return v / std::sqrt((v + a.noiseSd * a.noiseSd) * (v + b.noiseSd * b.noiseSd));
}

namespace {

/// P(clamp(round(T + d + N(0, sd^2)), 1, K) <= L) for L < K.
double levelCdf(int level, int truth, double shift, double sd)
{
    return normalCdf((level + 0.5 - truth - shift) / sd);
}

/// E[answer - T] and E[(answer - T)^2] given a shift (leniency plus a fixed shared error) and an sd.
std::array<double, 2> errorMoments(int levels, int truth, double shift, double sd)
{
    std::array<double, 2> m{};
    double below = 0;
    for (int l = 1; l <= levels; ++l) {
        const double cdf = l == levels ? 1.0 : levelCdf(l, truth, shift, sd);
        const double p = cdf - below;
        below = cdf;
        m[0] += p * (l - truth);
        m[1] += p * (l - truth) * (l - truth);
    }
    return m;
}

} // namespace

double expectedLevel(const SimulatedRubricJudge& judge, int levels, int truth)
{
    const double shared = rubricSharedErrorSd();
    const double sd = std::sqrt(shared * shared + judge.noiseSd * judge.noiseSd);
    return truth + errorMoments(levels, truth, judge.leniency, sd)[0];
}

double expectedLabel(int levels, int truth)
{
    const std::array<double, 3> p{kRubricRaterSlip, 1 - 2 * kRubricRaterSlip,
                                  kRubricRaterSlip}; // slip -1, 0, +1
    double e = 0;
    for (int a = 0; a < 3; ++a)
        for (int b = 0; b < 3; ++b)
            for (int c = 0; c < 3; ++c) {
                int sum = 0;
                for (int slip : {a - 1, b - 1, c - 1})
                    sum += std::clamp(truth + slip, 1, levels);
                // R1 half-up: floor(sum / 3 + 1/2) = floor((2 sum + 3) / 6); a mean of 3 is never a half.
                e += p[a] * p[b] * p[c] * ((2 * sum + 3) / 6); // NOLINT(bugprone-integer-division): the floor
            }
    return e;
}

double expectedOffset(const RubricSimulationTruth& truth, const SimulatedRubricJudge& judge)
{
    double sum = 0;
    std::size_t n = 0;
    for (const SimulatedRubricPair& pair : truth.pairs) {
        if (simulatedRubricCriteria()[pair.criterion].kind != TaskKind::Ordinal)
            continue;
        sum += expectedLevel(judge, pair.levels, pair.truth) - expectedLabel(pair.levels, pair.truth);
        ++n;
    }
    return n == 0 ? kMissing : sum / static_cast<double>(n);
}

double levelErrorCorrelation(const RubricSimulationTruth& truth, const SimulatedRubricJudge& a,
                             const SimulatedRubricJudge& b)
{
    // Pairs by (K, T); per class integrate the shared error e ~ N(0, V) on a grid of +-8 sd (trapezoid),
    // given e the two judges' errors are independent.
    std::array<std::array<std::size_t, 9>, 9> count{};
    for (const SimulatedRubricPair& pair : truth.pairs)
        if (simulatedRubricCriteria()[pair.criterion].kind == TaskKind::Ordinal)
            ++count[static_cast<std::size_t>(pair.levels)][static_cast<std::size_t>(pair.truth)];
    const double shared = rubricSharedErrorSd();
    constexpr int kSteps = 1600;
    const double h = 16.0 * shared / kSteps;
    double n = 0, ea = 0, eb = 0, eaa = 0, ebb = 0, eab = 0;
    for (int k = 1; k < 9; ++k)
        for (int t = 1; t <= k; ++t) {
            const auto c = static_cast<double>(count[k][t]);
            if (c == 0)
                continue;
            for (int i = 0; i <= kSteps; ++i) {
                const double e = -8.0 * shared + i * h;
                const double w = c * h * (i == 0 || i == kSteps ? 0.5 : 1.0) *
                                 std::exp(-0.5 * e * e / (shared * shared)) /
                                 (shared * std::sqrt(2 * std::numbers::pi));
                const auto ma = errorMoments(k, t, a.leniency + e, a.noiseSd);
                const auto mb = errorMoments(k, t, b.leniency + e, b.noiseSd);
                n += w;
                ea += w * ma[0];
                eb += w * mb[0];
                eaa += w * ma[1];
                ebb += w * mb[1];
                eab += w * ma[0] * mb[0];
            }
        }
    if (n == 0)
        return kMissing;
    ea /= n, eb /= n, eaa /= n, ebb /= n, eab /= n;
    return (eab - ea * eb) / std::sqrt((eaa - ea * ea) * (ebb - eb * eb));
}

std::string rubricTruthCsv(const RubricSimulationTruth& truth)
{
    std::string out = "source,dataset,judge,leniency,noise_sd,shared_sd,latent_error_sd,fpr,fnr,"
                      "expected_offset,price_usd,latency_median_s,probabilities,failure_rate\n";
    const double shared = rubricSharedErrorSd();
    for (const SimulatedRubricJudge& judge : truth.judges) {
        out += "simulated,sim-rubric," + judge.name + ",";
        for (double v : {judge.leniency, judge.noiseSd}) {
            appendFixed(out, v, 2);
            out += ',';
        }
        for (double v : {shared, std::sqrt(shared * shared + judge.noiseSd * judge.noiseSd)}) {
            appendFixed(out, v, 6);
            out += ',';
        }
        for (double v : {judge.fpr, judge.fnr}) {
            appendFixed(out, v, 2);
            out += ',';
        }
        appendFixed(out, expectedOffset(truth, judge), 6);
        out += ',';
        appendFixed(out, judge.priceUsd, 6);
        out += ',';
        if (judge.latencyMedianS > 0)
            appendFixed(out, judge.latencyMedianS, 2);
        out += judge.probabilities ? ",yes," : ",no,";
        appendFixed(out, truth.failureRate, 4);
        out += '\n';
    }
    return out;
}

} // namespace tribunal
