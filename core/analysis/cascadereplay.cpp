#include "analysis/cascadereplay.h"

#include "model/coreerror.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace tribunal {

namespace {

/// Judge indices in name order (judge text, format text, condition id).
std::vector<std::size_t> byName(const Audit& audit, const RubricVerdictTable& t,
                                std::span<const std::size_t> judges)
{
    std::vector<std::size_t> out(judges.begin(), judges.end());
    const auto key = [&](std::size_t j) {
        const JudgeKey& k = t.judges[j];
        return std::tuple(audit.str(k.judge), audit.str(k.format), k.condition);
    };
    std::stable_sort(out.begin(), out.end(), [&](std::size_t a, std::size_t b) { return key(a) < key(b); });
    return out;
}

/// A judge's column on the pair set: its correctness (D's verdict substituted where it has no scored one)
/// and its verdict cost.
CrossFitJudge columnOf(const Audit& audit, const RubricVerdictTable& t, std::size_t judge, std::size_t first,
                       const std::vector<std::size_t>& pairs)
{
    CrossFitJudge c;
    c.name = std::string(audit.str(t.judges[judge].judge));
    for (std::size_t p : pairs) {
        const RubricVerdict& v = t.at(judge, p);
        const RubricVerdict& d = t.at(first, p);
        const RubricVerdict& used = isScoredVerdict(v.status) ? v : d; // K7: D's verdict where it has none
        c.right.push_back(used.status == VerdictStatus::Right ? 1 : 0);
        c.cost.push_back(v.cost);
    }
    return c;
}

std::uint32_t rightOf(const CrossFitJudge& j)
{
    std::uint32_t r = 0;
    for (std::uint8_t x : j.right)
        r += x;
    return r;
}

double costOf(const CrossFitJudge& j)
{
    double c = 0;
    for (double x : j.cost)
        c += x;
    return c;
}

double share(std::uint32_t count, std::size_t of)
{
    return of == 0 ? kMissing : static_cast<double>(count) / static_cast<double>(of);
}

} // namespace

std::vector<double> cascadeTaus(const CascadeSettings& settings, TaskKind kind)
{
    const std::vector<double>& taus = kind == TaskKind::Binary ? settings.binaryTaus : settings.ordinalTaus;
    return taus.empty() ? cascadeGrid(kind) : taus;
}

CascadeInput cascadeInput(const Audit& audit, const RubricVerdictTable& t, std::size_t first,
                          std::span<const std::size_t> fallbacks, std::span<const std::size_t> singles,
                          TaskKind kind, std::span<const double> taus)
{
    if (fallbacks.empty())
        throw CoreError(ErrorCode::CascadeNoFallback);
    if (std::find(fallbacks.begin(), fallbacks.end(), first) != fallbacks.end())
        throw CoreError(ErrorCode::CascadeFirstIsFallback);
    CascadeInput in;
    in.fallbacks = byName(audit, t, fallbacks);
    in.singles = byName(audit, t, singles);
    CrossFitInput& cf = in.crossFit;
    cf.grid = taus.empty() ? cascadeGrid(kind) : std::vector<double>(taus.begin(), taus.end());
    for (std::size_t p = 0; p < t.pairCount(); ++p) {
        const RubricVerdict& d = t.at(first, p);
        if (t.kind[p] != kind || t.labels[p].label == answer::kNone || !isScoredVerdict(d.status))
            continue;
        in.pairs.push_back(p);
        cf.unit.push_back(t.unit[p]);
        double score = d.confidence;
        if (kind == TaskKind::Binary)
            score = !std::isnan(d.pMet) ? std::fabs(d.pMet - 0.5)
                                        : d.confidence / 2.0; // K7 binary: |P(yes) - 0.5|
        cf.score.push_back(score);
    }
    cf.first = columnOf(audit, t, first, first, in.pairs);
    for (std::size_t f : in.fallbacks)
        cf.fallbacks.push_back(columnOf(audit, t, f, first, in.pairs));
    for (std::size_t s : in.singles)
        cf.singles.push_back(columnOf(audit, t, s, first, in.pairs));
    return in;
}

CascadeReplay replayCascade(const Audit& audit, const RubricVerdictTable& t, std::size_t first,
                            std::span<const std::size_t> fallbacks, std::span<const std::size_t> singles,
                            TaskKind kind, const CascadeSettings& settings, const Progress& progress)
{
    const std::vector<double> taus = cascadeTaus(settings, kind);
    const CascadeInput in = cascadeInput(audit, t, first, fallbacks, singles, kind, taus); // validates
    progress.throwIfCancelled();
    const CrossFitInput& cf = in.crossFit;
    CascadeReplay r;
    r.dataset = t.dataset;
    r.kind = kind;
    r.first = first;
    const std::size_t n = in.pairs.size();
    r.pairs = static_cast<std::uint32_t>(n);
    r.firstAccuracy = share(rightOf(cf.first), n);
    r.firstCost = costOf(cf.first);
    for (std::size_t k = 0; k < cf.fallbacks.size(); ++k) {
        std::vector<CascadePair> pairs(n);
        for (std::size_t i = 0; i < n; ++i)
            pairs[i] = {cf.score[i], cf.first.right[i] != 0, cf.fallbacks[k].right[i] != 0, cf.first.cost[i],
                        cf.fallbacks[k].cost[i]};
        CascadeFallbackCurve c;
        c.judge = in.fallbacks[k];
        c.accuracyAlone = share(rightOf(cf.fallbacks[k]), n);
        c.costAlone = costOf(cf.fallbacks[k]);
        c.curve = cascadeCurve(pairs, cf.grid);
        c.oracle = oracleIndex(c.curve);
        r.fallbacks.push_back(std::move(c));
    }
    if (n == 0) {
        const auto halvings = static_cast<std::uint64_t>(std::max(settings.halvings, 0));
        progress.step(halvings, halvings); // no K9 to run: done
        return r;
    }
    // K8: best cascade (accuracy, then cheaper, then name order = list order).
    for (std::size_t k = 0; k < r.fallbacks.size(); ++k) {
        const CascadePoint& c = r.fallbacks[k].curve[r.fallbacks[k].oracle];
        if (r.bestCascade < 0) {
            r.bestCascade = static_cast<int>(k);
            continue;
        }
        const CascadeFallbackCurve& b = r.fallbacks[static_cast<std::size_t>(r.bestCascade)];
        const CascadePoint& bp = b.curve[b.oracle];
        if (c.right > bp.right || (c.right == bp.right && c.cost < bp.cost))
            r.bestCascade = static_cast<int>(k);
    }
    // Best single judge among D, fallbacks, singles; best LLM judge among the fallbacks.
    struct Candidate {
        std::size_t judge;
        const CrossFitJudge* column;
    };
    std::vector<Candidate> candidates = {{first, &cf.first}};
    for (std::size_t k = 0; k < cf.fallbacks.size(); ++k)
        candidates.push_back({in.fallbacks[k], &cf.fallbacks[k]});
    for (std::size_t k = 0; k < cf.singles.size(); ++k)
        candidates.push_back({in.singles[k], &cf.singles[k]});
    const auto better = [](const CrossFitJudge& a, const CrossFitJudge& b) {
        const std::uint32_t ra = rightOf(a), rb = rightOf(b);
        return ra > rb || (ra == rb && costOf(a) < costOf(b));
    };
    std::size_t best = 0;
    for (std::size_t c = 1; c < candidates.size(); ++c)
        if (better(*candidates[c].column, *candidates[best].column))
            best = c;
    r.bestSingle = static_cast<int>(candidates[best].judge);
    r.bestSingleAccuracy = share(rightOf(*candidates[best].column), n);
    r.bestSingleCost = costOf(*candidates[best].column);
    std::size_t llm = 0;
    for (std::size_t k = 1; k < cf.fallbacks.size(); ++k)
        if (better(cf.fallbacks[k], cf.fallbacks[llm]))
            llm = k;
    r.bestLlm = static_cast<int>(llm);
    const CascadeFallbackCurve& l = r.fallbacks[llm];
    const std::uint32_t llmRight = rightOf(cf.fallbacks[llm]);
    for (std::size_t k = 0; k < l.curve.size() && r.matchingTau < 0; ++k)
        if (l.curve[k].right >= llmRight) {
            r.matchingTau = static_cast<int>(k);
            r.matchingCostShare = l.costAlone > 0 ? l.curve[k].cost / l.costAlone : kMissing;
        }
    CrossFitSettings cfs;
    cfs.halvings = settings.halvings;
    cfs.seed = settings.seed;
    cfs.threads = settings.threads;
    r.crossFit = crossFitCascade(cf, cfs, progress);
    return r;
}

} // namespace tribunal
