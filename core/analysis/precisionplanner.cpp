#include "analysis/precisionplanner.h"

#include "analysis/trustanalysis.h"
#include "stats/parallelfor.h"
#include "stats/percentile.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace tribunal {
namespace {

double uniform(RandomStream& rng)
{
    return static_cast<double>(rng.next() >> 11) * 0x1.0p-53;
}

std::string number(double value)
{
    std::ostringstream out;
    out.precision(6);
    out << value;
    return out.str();
}

std::string checkItems(int items)
{
    if (items < 2)
        return "items must be at least 2 (got " + std::to_string(items) + ")";
    if (items > kPlanMaxItems)
        return "items must be at most " + std::to_string(kPlanMaxItems) + " (got " + std::to_string(items) +
               ")";
    return {};
}

std::string checkRuns(int runs)
{
    if (runs < 1)
        return "runs must be at least 1 (got " + std::to_string(runs) + ")";
    if (runs > kPlanMaxRuns)
        return "runs must be at most " + std::to_string(kPlanMaxRuns) + " (got " + std::to_string(runs) + ")";
    return {};
}

bool inRange(double x, double lo, double hi)
{
    return x >= lo && x <= hi; // false for NaN
}

int labelledCount(int items, double share)
{
    return static_cast<int>(std::lround(share * items));
}

/// C, phi, A and T of one simulated audit, from the analysis' own aggregation (default TrustSettings).
std::array<double, kPlanMetrics> estimates(const TrustPairs& pairs)
{
    const TrustCellResult r = aggregateTrust(pairs, TrustSettings{});
    return {r.consistency, r.flipRate, r.accuracy, r.trust};
}

/// Width of the central `level` interval of `values` (reordered).
double centralWidth(std::span<double> values, const double (&qs)[2], double (&ends)[2])
{
    quantiles(values, qs, ends);
    return ends[1] - ends[0];
}

void summarise(const std::vector<double>& raw, double level, RandomStream rng, PlanMetricResult& out)
{
    std::vector<double> values;
    values.reserve(raw.size());
    for (double v : raw)
        if (!isMissing(v))
            values.push_back(v);
    out.defined = static_cast<int>(values.size());
    // As the bootstrap does (trustbootstrap.h): undefined in more than half the simulations -> undefined.
    if (values.empty() || 2 * values.size() < raw.size())
        return;
    double sum = 0.0;
    for (double v : values)
        sum += v;
    out.mean = sum / static_cast<double>(values.size());
    const double qs[2] = {(1.0 - level) / 2.0, 1.0 - (1.0 - level) / 2.0};
    double ends[2];
    std::vector<double> work = values;
    out.width = centralWidth(work, qs, ends);
    out.lo = ends[0];
    out.hi = ends[1];

    // Monte Carlo SE of the width: bootstrap over the S estimates (the quantile spread's sampling error).
    const auto n = static_cast<std::uint32_t>(values.size());
    std::vector<std::uint32_t> idx(n);
    double s1 = 0.0, s2 = 0.0;
    for (int b = 0; b < kPlanWidthResamples; ++b) {
        rng.fillIndices(n, idx.data(), n);
        for (std::uint32_t i = 0; i < n; ++i)
            work[i] = values[idx[i]];
        const double w = centralWidth(work, qs, ends);
        s1 += w;
        s2 += w * w;
    }
    const double m = s1 / kPlanWidthResamples;
    const double var = (s2 - kPlanWidthResamples * m * m) / (kPlanWidthResamples - 1);
    out.widthSe = std::sqrt(std::max(var, 0.0));
}

/// The first problem of the settings (with the grids already defaulted), or "" when there is none.
std::string validate(const PrecisionPlanSettings& settings, const std::vector<int>& itemGrid,
                     const std::vector<int>& runGrid)
{
    for (int n : itemGrid)
        if (std::string why = checkItems(n); !why.empty())
            return why;
    for (int r : runGrid)
        if (std::string why = checkRuns(r); !why.empty())
            return why;
    if (settings.simulations < 10)
        return "simulations must be at least 10 (got " + std::to_string(settings.simulations) + ")";
    if (settings.simulations > kPlanMaxSimulations)
        return "simulations must be at most " + std::to_string(kPlanMaxSimulations) + " (got " +
               std::to_string(settings.simulations) + ")";
    if (!(settings.labelledShare > 0.0 && settings.labelledShare <= 1.0))
        return "the labelled share must be in (0, 1] (got " + number(settings.labelledShare) + ")";
    const int fewest = *std::min_element(itemGrid.begin(), itemGrid.end());
    if (labelledCount(fewest, settings.labelledShare) < 1)
        return "the labelled share " + number(settings.labelledShare) + " leaves no labelled item among " +
               std::to_string(fewest) + " items";
    if (!(settings.level > 0.0 && settings.level < 1.0))
        return "the confidence level must be in (0, 1) (got " + number(settings.level) + ")";
    if (settings.targetWidth && !(*settings.targetWidth > 0.0 && *settings.targetWidth <= 1.0))
        return "the target width must be in (0, 1] (got " + number(*settings.targetWidth) + ")";
    if (!settings.rates) {
        const SimJudgeBehaviour& b = settings.behaviour;
        if (!inRange(b.accuracy, 0.0, 1.0))
            return "accuracy a must be in [0, 1] (got " + number(b.accuracy) + ")";
        if (!inRange(b.positionBias, 0.0, 1.0))
            return "position bias b must be in [0, 1] (got " + number(b.positionBias) + ")";
        if (!inRange(b.consistency, 0.5, 1.0))
            return "consistency k must be in [0.5, 1] (got " + number(b.consistency) + ")";
    }
    return {};
}

struct Scratch {
    SimulatedDesign design;
    TrustPairs pairs;
};

} // namespace

std::string_view planMetricName(PlanMetric metric)
{
    switch (metric) {
    case PlanMetric::Consistency:
        return "C";
    case PlanMetric::FlipRate:
        return "phi";
    case PlanMetric::Accuracy:
        return "A";
    case PlanMetric::Trust:
        return "T";
    }
    return "";
}

void simulateDesign(const SimJudgeBehaviour& behaviour, int items, int labelledItems, int runs,
                    RandomStream& rng, SimulatedDesign& out)
{
    out.items = items;
    out.labelledItems = labelledItems;
    out.runs = runs;
    out.labels.resize(static_cast<std::size_t>(items));
    out.verdicts.resize(static_cast<std::size_t>(items) * 2 * static_cast<std::size_t>(runs));
    std::size_t v = 0;
    for (int i = 0; i < items; ++i) {
        const Answer label = i >= labelledItems ? answer::kNone : (i % 2 == 0 ? answer::kA : answer::kB);
        out.labels[static_cast<std::size_t>(i)] = label;
        const double uSettled = uniform(rng);
        for (const Order order : {Order::AB, Order::BA}) {
            const double uPosition = uniform(rng);
            for (int r = 0; r < runs; ++r)
                out.verdicts[v++] =
                    simJudgeAnswer(behaviour, label, order, uSettled, uPosition, uniform(rng));
        }
    }
}

void summarizeSimulatedPairs(const SimulatedDesign& design, TrustPairs& out)
{
    out = TrustPairs{.pairs = std::move(out.pairs)};
    out.pairs.clear();
    out.pairs.reserve(static_cast<std::size_t>(design.items));
    const auto runs = static_cast<std::uint32_t>(design.runs);
    for (int i = 0; i < design.items; ++i) {
        const Answer label = design.labels[static_cast<std::size_t>(i)];
        const bool labelled = label == answer::kA || label == answer::kB;
        TrustPair& p = out.pairs.emplace_back();
        p.item = static_cast<std::uint32_t>(i);
        p.labelled = labelled;
        p.answered[0] = runs;
        p.answered[1] = runs;
        // Verdicts are A or B only (the model has no ties): count A per order.
        std::uint32_t countA[2] = {0, 0};
        for (int o = 0; o < 2; ++o)
            for (int r = 0; r < design.runs; ++r)
                countA[o] += design.verdict(i, o, r) == answer::kA;
        Answer mode[2];
        for (int o = 0; o < 2; ++o) {
            const std::uint32_t a = countA[o], b = runs - countA[o];
            mode[o] = a > b ? answer::kA : (b > a ? answer::kB : answer::kNone);
            if (a == 0 || b == 0)
                ++p.agreeingPresentations;
            if (runs == 1)
                ++p.singleRunPresentations;
            if (mode[o] != answer::kNone) {
                ++p.modalPresentations;
                if (labelled && mode[o] == label)
                    ++p.modalCorrectPresentations;
            }
        }
        if (labelled)
            p.correct = label == answer::kA ? countA[0] + countA[1] : 2 * runs - countA[0] - countA[1];
        p.reproducible = p.agreeingPresentations == 2;
        p.orderInvariant = mode[0] != answer::kNone && mode[0] == mode[1];
        p.modalCorrect = p.orderInvariant && labelled && mode[0] == label;
        // Both modes exist and differ: with verdicts A and B only, that is a hard A<->B reversal.
        p.hardReversal = mode[0] != answer::kNone && mode[1] != answer::kNone && mode[0] != mode[1];
        // The first-shown slot is A in order AB and B in order BA.
        p.slotVerdicts = 2 * runs;
        p.firstSlotVerdicts = countA[0] + (runs - countA[1]);
        // T12b: run r of AB against run r of BA; every run number is answered in both orders.
        p.matchedRuns = runs;
        for (int r = 0; r < design.runs; ++r) {
            const Answer ab = design.verdict(i, 0, r);
            if (ab == design.verdict(i, 1, r)) {
                ++p.agreeingRuns;
                if (ab == label)
                    ++p.agreeingCorrectRuns;
            }
        }
    }
}

std::optional<int> smallestItemsForWidth(const PrecisionPlan& plan, PlanMetric metric, int runs,
                                         double targetWidth)
{
    std::vector<const PlanPoint*> points;
    for (const PlanPoint& p : plan.points)
        if (p.runs == runs)
            points.push_back(&p);
    std::sort(points.begin(), points.end(),
              [](const PlanPoint* x, const PlanPoint* y) { return x->items < y->items; });
    // Walk down from the largest n while the target holds; the last n reached is the answer.
    std::optional<int> best;
    for (auto it = points.rbegin(); it != points.rend(); ++it) {
        const PlanMetricResult& m = (*it)->metric(metric);
        if (!m.identifiable || isMissing(m.width) || !(m.width <= targetWidth))
            break;
        best = (*it)->items;
    }
    return best;
}

std::optional<PrecisionPlan> planPrecision(const PrecisionPlanSettings& settings, std::string* error)
{
    std::vector<int> itemGrid =
        settings.itemGrid.empty() ? std::vector<int>{settings.items} : settings.itemGrid;
    std::vector<int> runGrid = settings.runGrid.empty() ? std::vector<int>{settings.runs} : settings.runGrid;
    const std::string problem = validate(settings, itemGrid, runGrid);
    if (!problem.empty()) {
        if (error)
            *error = problem;
        return std::nullopt;
    }
    std::sort(itemGrid.begin(), itemGrid.end());
    itemGrid.erase(std::unique(itemGrid.begin(), itemGrid.end()), itemGrid.end());
    std::sort(runGrid.begin(), runGrid.end());
    runGrid.erase(std::unique(runGrid.begin(), runGrid.end()), runGrid.end());
    PrecisionPlan plan;
    plan.simulations = settings.simulations;
    plan.level = settings.level;
    plan.targetWidth = settings.targetWidth;
    if (settings.rates) {
        const int ratesRuns = settings.ratesRuns == 0 ? settings.runs : settings.ratesRuns;
        std::string why = checkRuns(ratesRuns);
        std::optional<SimJudgeBehaviour> behaviour;
        if (why.empty())
            behaviour = behaviourForRates(*settings.rates, ratesRuns, &why);
        if (!behaviour) {
            if (error)
                *error = why;
            return std::nullopt;
        }
        plan.behaviour = *behaviour;
    } else {
        plan.behaviour = settings.behaviour;
    }

    for (int r : runGrid)
        for (int n : itemGrid) {
            PlanPoint& p = plan.points.emplace_back();
            p.items = n;
            p.runs = r;
            p.labelledItems = labelledCount(n, settings.labelledShare);
        }

    // Simulate: work items are (point, chunk), each chunk with its own stream and its own output slots.
    const auto sims = static_cast<std::size_t>(settings.simulations);
    const std::size_t chunks = (sims + kPlanChunk - 1) / kPlanChunk;
    // estimates[point][metric][simulation]
    std::vector<std::array<std::vector<double>, kPlanMetrics>> est(plan.points.size());
    for (auto& perMetric : est)
        for (auto& v : perMetric)
            v.assign(sims, kMissing);
    const std::size_t workItems = plan.points.size() * chunks;
    const int threads = workerCount(settings.threads, workItems);
    std::vector<Scratch> scratch(static_cast<std::size_t>(threads));
    parallelFor(workItems, threads, [&](std::size_t item, int worker) {
        const std::size_t pi = item / chunks, c = item % chunks;
        const PlanPoint& p = plan.points[pi];
        Scratch& s = scratch[static_cast<std::size_t>(worker)];
        RandomStream rng(settings.seed, planStreamKey(p.items, p.runs), c);
        const std::size_t end = std::min(sims, (c + 1) * kPlanChunk);
        for (std::size_t sim = c * kPlanChunk; sim < end; ++sim) {
            simulateDesign(plan.behaviour, p.items, p.labelledItems, p.runs, rng, s.design);
            summarizeSimulatedPairs(s.design, s.pairs);
            const auto e = estimates(s.pairs);
            for (int m = 0; m < kPlanMetrics; ++m)
                est[pi][static_cast<std::size_t>(m)][sim] = e[static_cast<std::size_t>(m)];
        }
    });

    // Summarise each point (its own width-bootstrap stream).
    parallelFor(plan.points.size(), workerCount(settings.threads, plan.points.size()),
                [&](std::size_t pi, int) {
                    PlanPoint& p = plan.points[pi];
                    const SimTrustRates expected = expectedTrustRates(plan.behaviour, p.runs);
                    const double exp[kPlanMetrics] = {
                        expected.consistency, expected.flipRate, expected.accuracy,
                        expected.consistency * (expected.accuracy - expected.flipRate / 2.0)};
                    for (int m = 0; m < kPlanMetrics; ++m) {
                        PlanMetricResult& out = p.metrics[static_cast<std::size_t>(m)];
                        const auto metric = static_cast<PlanMetric>(m);
                        out.identifiable =
                            p.runs > 1 || (metric != PlanMetric::Consistency && metric != PlanMetric::Trust);
                        if (!out.identifiable)
                            continue;
                        out.expected = exp[m];
                        // One stream per (point, metric): substreams below kPlanWidthSubstream are chunks.
                        RandomStream rng(settings.seed, planStreamKey(p.items, p.runs),
                                         kPlanWidthSubstream + static_cast<std::uint64_t>(m));
                        summarise(est[pi][static_cast<std::size_t>(m)], settings.level, rng, out);
                    }
                });

    if (settings.targetWidth)
        for (int r : runGrid)
            for (int m = 0; m < kPlanMetrics; ++m) {
                PlanRecommendation& rec = plan.recommendations.emplace_back();
                rec.metric = static_cast<PlanMetric>(m);
                rec.runs = r;
                rec.items = smallestItemsForWidth(plan, rec.metric, r, *settings.targetWidth);
            }
    return plan;
}

} // namespace tribunal
