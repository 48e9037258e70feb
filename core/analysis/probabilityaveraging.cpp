#include "analysis/probabilityaveraging.h"

#include "stats/percentile.h"
#include "stats/randomstreams.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace tribunal {

namespace {

/// A, B, or kNone for an exact 50/50 (no verdict) or a missing probability.
Answer verdictOf(double pA)
{
    if (std::isnan(pA) || pA == 0.5)
        return answer::kNone;
    return pA > 0.5 ? answer::kA : answer::kB;
}

double ratio(std::uint64_t num, std::uint64_t den)
{
    return den == 0 ? kMissing : static_cast<double>(num) / static_cast<double>(den);
}

} // namespace

double probabilityOfA(const Audit& audit, std::size_t j)
{
    double pB = kMissing;
    for (const ProbEntry& e : audit.judgments().probsOf(j)) {
        if (e.option == answer::kA)
            return e.p;
        if (e.option == answer::kB)
            pB = e.p;
    }
    return std::isnan(pB) ? kMissing : 1.0 - pB;
}

ProbabilityAveragingResult summarizeProbabilityAveraging(const Audit& audit, std::span<const ItemRun> runs)
{
    ProbabilityAveragingResult result;
    const JudgmentTable& jt = audit.judgments();
    const ItemTable& it = audit.items();
    // P(A) per run number and order; runs are few, so a small reusable table indexed by rep.
    std::vector<std::array<double, 2>> byRep;
    std::uint64_t oneDecided = 0, oneCorrect = 0, bothDecided = 0, bothCorrect = 0, agreeing = 0;
    for (const ItemRun& run : runs) {
        if (it.kind[run.item] != TaskKind::Pairwise)
            continue;
        const Answer label = it.label[run.item];
        if (label != answer::kA && label != answer::kB)
            continue;
        byRep.clear();
        for (std::uint32_t j = run.begin; j < run.end; ++j) {
            const Order order = jt.order[j];
            if (order == Order::None)
                continue;
            const std::size_t rep = jt.rep[j];
            if (byRep.size() <= rep)
                byRep.resize(rep + 1, {kMissing, kMissing});
            byRep[rep][order == Order::AB ? 0 : 1] = probabilityOfA(audit, j);
        }
        ProbabilityAveragingItem counts;
        counts.item = run.item;
        for (const auto& p : byRep) {
            if (std::isnan(p[0]) || std::isnan(p[1]))
                continue;
            ++counts.matched;
            const Answer ab = verdictOf(p[0]), ba = verdictOf(p[1]);
            for (Answer v : {ab, ba}) {
                counts.oneDecided += v != answer::kNone;
                counts.oneCorrect += v == label;
            }
            counts.agreeing += ab != answer::kNone && ab == ba;
            const Answer both = verdictOf((p[0] + p[1]) / 2);
            counts.bothDecided += both != answer::kNone;
            counts.bothCorrect += both == label;
        }
        if (counts.matched == 0)
            continue;
        result.matchedRuns += counts.matched;
        oneDecided += counts.oneDecided;
        oneCorrect += counts.oneCorrect;
        bothDecided += counts.bothDecided;
        bothCorrect += counts.bothCorrect;
        agreeing += counts.agreeing;
        result.items.push_back(counts);
    }
    result.oneAccuracy = ratio(oneCorrect, oneDecided);
    result.oneCoverage = ratio(oneDecided, 2 * result.matchedRuns);
    result.bothAccuracy = ratio(bothCorrect, bothDecided);
    result.bothCoverage = ratio(bothDecided, result.matchedRuns);
    result.agreement = ratio(agreeing, result.matchedRuns);
    result.change = result.bothAccuracy - result.oneAccuracy; // NaN propagates when either is undefined
    return result;
}

double probabilityAveragingChange(std::span<const ProbabilityAveragingItem> items,
                                  std::span<const std::uint32_t> indices)
{
    std::uint64_t oneDecided = 0, oneCorrect = 0, bothDecided = 0, bothCorrect = 0;
    for (std::uint32_t i : indices) {
        const ProbabilityAveragingItem& c = items[i];
        oneDecided += c.oneDecided;
        oneCorrect += c.oneCorrect;
        bothDecided += c.bothDecided;
        bothCorrect += c.bothCorrect;
    }
    return ratio(bothCorrect, bothDecided) - ratio(oneCorrect, oneDecided);
}

ProbabilityAveragingResult analyseProbabilityAveraging(const Audit& audit, std::span<const ItemRun> runs,
                                                       const BootstrapSettings& bootstrap,
                                                       std::uint64_t cellIndex)
{
    ProbabilityAveragingResult result = summarizeProbabilityAveraging(audit, runs);
    const std::size_t n = result.items.size();
    if (n == 0 || bootstrap.resamples < 1 || !(bootstrap.level > 0 && bootstrap.level < 1))
        return result;
    const auto resamples = static_cast<std::size_t>(bootstrap.resamples);
    std::vector<double> changes;
    changes.reserve(resamples);
    std::vector<std::uint32_t> indices(n);
    std::size_t undefined = 0;
    const std::size_t chunks = (resamples + kBootstrapChunk - 1) / kBootstrapChunk;
    for (std::size_t c = 0; c < chunks; ++c) {
        RandomStream rng(bootstrap.seed, cellIndex, c);
        const std::size_t end = std::min(resamples, (c + 1) * static_cast<std::size_t>(kBootstrapChunk));
        for (std::size_t r = c * static_cast<std::size_t>(kBootstrapChunk); r < end; ++r) {
            rng.fillIndices(static_cast<std::uint32_t>(n), indices.data(), n);
            const double change = probabilityAveragingChange(result.items, indices);
            if (std::isnan(change))
                ++undefined;
            else
                changes.push_back(change);
        }
    }
    if (2 * undefined > resamples || changes.empty())
        return result;
    const double alpha = (1 - bootstrap.level) / 2;
    const std::array<double, 2> qs{alpha, 1 - alpha};
    std::array<double, 2> ends{};
    quantiles(changes, qs, ends);
    result.changeInterval = {ends[0], ends[1]};
    return result;
}

} // namespace tribunal
