#include "analysis/confidence.h"

#include "model/audit.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace tribunal {

namespace {

// Probabilities that already sum to 1 (up to rounding) are used as given, so K1 is the spec's formula on the
// recorded values bit for bit; others are renormalised (K1 edge case).
constexpr double kSumsToOne = 1e-9;

bool usable(const ProbEntry& e)
{
    return e.p >= 0.0; // false for NaN
}

} // namespace

double confidenceFromProbabilities(TaskKind kind, int levels, std::span<const ProbEntry> probs)
{
    if (kind == TaskKind::Binary) {
        // K1: yes/no, conf = 2 |P(MET) - 0.5| with P(MET) renormalised over the MET / UNMET entries.
        double met = 0, unmet = 0;
        bool any = false;
        for (const ProbEntry& e : probs) {
            if (!usable(e))
                continue;
            if (e.option == answer::kMet) {
                met += e.p;
                any = true;
            } else if (e.option == answer::kUnmet) {
                unmet += e.p;
                any = true;
            }
        }
        if (!any || !(met + unmet > 0.0))
            return kMissing;
        const double total = met + unmet;
        return 2.0 * std::fabs((std::fabs(total - 1.0) <= kSumsToOne ? met : met / total) - 0.5);
    }
    // K1: a choice over K options, renormalised; K = the scale's levels plus NA when NA has a probability.
    double sum = 0, top = 0;
    bool offeredNA = false;
    for (const ProbEntry& e : probs) {
        if (!usable(e))
            continue;
        sum += e.p;
        top = std::max(top, e.p);
        offeredNA = offeredNA || e.option == answer::kNA;
    }
    const int k = levels + (offeredNA ? 1 : 0);
    if (!(sum > 0.0) || k < 2)
        return kMissing;
    const double pMax = std::fabs(sum - 1.0) <= kSumsToOne ? top : top / sum;
    return (static_cast<double>(k) * pMax - 1.0) / static_cast<double>(k - 1);
}

double answerConfidence(TaskKind kind, int levels, double statedConfidence, std::span<const ProbEntry> probs)
{
    if (!isMissing(statedConfidence))
        return statedConfidence; // K1: the judge's own field, as returned
    return confidenceFromProbabilities(kind, levels, probs);
}

int confidenceBand(double confidence)
{
    for (int b = 3; b > 0; --b)
        if (confidence >= kConfidenceBandEdges[static_cast<std::size_t>(b)])
            return b;
    return 0;
}

Discrimination discrimination(std::span<const ConfidentAnswer> all)
{
    std::vector<const ConfidentAnswer*> answers;
    answers.reserve(all.size());
    for (const ConfidentAnswer& a : all)
        if (!std::isnan(a.confidence))
            answers.push_back(&a);
    Discrimination d;
    const std::size_t n = answers.size();
    d.answers = static_cast<std::uint32_t>(n);
    if (n == 0)
        return d;
    for (const ConfidentAnswer* a : answers) {
        d.right += a->right ? 1u : 0u;
        ConfidenceBand& band = d.bands[static_cast<std::size_t>(confidenceBand(a->confidence))];
        ++band.answers;
        band.wrong += a->right ? 0u : 1u;
    }
    d.accuracy = static_cast<double>(d.right) / static_cast<double>(n);
    for (ConfidenceBand& band : d.bands)
        if (band.answers > 0)
            band.errorRate = static_cast<double>(band.wrong) / static_cast<double>(band.answers);

    // K2 selective accuracy: most confident first; ties by unit id, criterion name, input order.
    std::vector<const ConfidentAnswer*> ranked = answers;
    std::stable_sort(ranked.begin(), ranked.end(), [](const ConfidentAnswer* a, const ConfidentAnswer* b) {
        if (a->confidence != b->confidence)
            return a->confidence > b->confidence;
        if (a->unit != b->unit)
            return a->unit < b->unit;
        return a->criterion < b->criterion;
    });
    for (std::size_t f = 0; f < kSelectiveFractions.size(); ++f) {
        const std::size_t kept = (n * (f + 1) + 3) / 4; // ceil(n (f + 1) / 4): fractions 1/4, 2/4, 3/4
        std::size_t right = 0;
        for (std::size_t i = 0; i < kept; ++i)
            right += ranked[i]->right ? 1u : 0u;
        d.selectiveKept[f] = static_cast<std::uint32_t>(kept);
        if (kept > 0)
            d.selectiveAccuracy[f] = static_cast<double>(right) / static_cast<double>(kept);
    }

    // K2 AUROC as the Mann-Whitney statistic with average ranks (ties count 1/2).
    const std::size_t wrong = n - d.right;
    if (d.right == 0 || wrong == 0)
        return d;
    std::vector<const ConfidentAnswer*> ascending = answers;
    std::sort(ascending.begin(), ascending.end(), [](const ConfidentAnswer* a, const ConfidentAnswer* b) {
        return a->confidence < b->confidence;
    });
    double rankSumRight = 0; // ranks 1-based; a tied run of ranks i+1..j shares (i + 1 + j) / 2
    for (std::size_t i = 0; i < n;) {
        std::size_t j = i;
        std::size_t rightInRun = 0;
        while (j < n && ascending[j]->confidence == ascending[i]->confidence)
            rightInRun += ascending[j++]->right ? 1u : 0u;
        rankSumRight += static_cast<double>(rightInRun) * static_cast<double>(i + 1 + j) / 2.0;
        i = j;
    }
    const auto nRight = static_cast<double>(d.right);
    d.auroc = (rankSumRight - nRight * (nRight + 1.0) / 2.0) / (nRight * static_cast<double>(wrong));
    return d;
}

} // namespace tribunal
