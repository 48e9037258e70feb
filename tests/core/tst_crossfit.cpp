// K9 cross-fitted cascade thresholds (analysis/crossfit.h): every halving against a direct re-implementation
// from the spec's words built on cascadeCurve / oracleIndex (cascadecurve.h, itself checked against
// examples.md section 7), identical results for 1, 2 and 8 threads, edge cases and bad input.

#include "analysis/cascadecurve.h"
#include "analysis/crossfit.h"
#include "stats/randomstreams.h"

#include <QtTest>

#include <cmath>
#include <numeric>
#include <stdexcept>
#include <vector>

using namespace tribunal;

namespace {

double uniform(RandomStream& rng)
{
    return static_cast<double>(rng.next() >> 11) * 0x1.0p-53;
}

/// A random panel: `units` units of 1-3 pairs, D's score on or off the grid, two or three fallbacks whose
/// correctness correlates with D's, one extra single, random costs (some judges without costs).
CrossFitInput randomPanel(std::uint64_t seed, std::uint32_t units, int fallbacks, bool binary)
{
    RandomStream rng(seed, 0, 0);
    CrossFitInput in;
    in.grid = cascadeGrid(binary ? TaskKind::Binary : TaskKind::Ordinal);
    in.first.name = "D";
    for (int f = 0; f < fallbacks; ++f)
        in.fallbacks.push_back({"F" + std::to_string(f), {}, {}});
    in.singles.push_back({"S", {}, {}});
    for (std::uint32_t u = 0; u < units; ++u) {
        const std::uint32_t id = 1000 + 7 * u; // sparse ids
        const int perUnit = 1 + static_cast<int>(rng.uniformIndex(3));
        for (int k = 0; k < perUnit; ++k) {
            const double top = binary ? 0.5 : 1.0;
            const double score = seed % 2
                                     ? top * uniform(rng)
                                     : in.grid[rng.uniformIndex(static_cast<std::uint32_t>(in.grid.size()))];
            const bool dRight = uniform(rng) < 0.45 + 0.5 * score / top;
            in.unit.push_back(id);
            in.score.push_back(score);
            in.first.right.push_back(dRight);
            in.first.cost.push_back(0.001 * (1 + uniform(rng)));
            for (int f = 0; f < fallbacks; ++f) {
                const bool right = uniform(rng) < (dRight ? 0.85 : 0.5) + 0.03 * f;
                in.fallbacks[static_cast<std::size_t>(f)].right.push_back(right);
                in.fallbacks[static_cast<std::size_t>(f)].cost.push_back(0.01 * (1 + f) * (1 + uniform(rng)));
            }
            in.singles[0].right.push_back(uniform(rng) < 0.7);
        }
    }
    return in; // the single "S" has no costs
}

struct Choice {
    int index = -1;
    std::uint32_t right = 0;
    double cost = 0;
};

/// Pairs of a subset as CascadePairs for fallback f.
std::vector<CascadePair> cascadePairs(const CrossFitInput& in, const std::vector<std::size_t>& rows,
                                      std::size_t f)
{
    std::vector<CascadePair> out;
    for (std::size_t i : rows)
        out.push_back({in.score[i], in.first.right[i] != 0, in.fallbacks[f].right[i] != 0,
                       in.first.cost.empty() ? 0.0 : in.first.cost[i],
                       in.fallbacks[f].cost.empty() ? 0.0 : in.fallbacks[f].cost[i]});
    return out;
}

Choice alone(const CrossFitJudge& j, const std::vector<std::size_t>& rows, int index)
{
    Choice c{index, 0, 0.0};
    for (std::size_t i : rows) {
        c.right += j.right[i];
        c.cost += j.cost.empty() ? 0.0 : j.cost[i];
    }
    return c;
}

bool better(const Choice& a, const Choice& b)
{
    return a.right > b.right || (a.right == b.right && a.cost < b.cost);
}

/// The spec's K9 halving, directly.
CrossFitHalving referenceHalving(const CrossFitInput& in, std::uint64_t seed, std::size_t h)
{
    std::vector<std::uint32_t> ids = in.unit;
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    std::vector<std::uint32_t> perm(ids.size());
    std::iota(perm.begin(), perm.end(), 0u);
    RandomStream rng(seed, kCrossFitStream, h);
    for (std::size_t i = perm.size(); i > 1; --i)
        std::swap(perm[i - 1], perm[rng.uniformIndex(static_cast<std::uint32_t>(i))]);
    std::vector<bool> inA(ids.size(), false);
    for (std::size_t k = 0; k < ids.size() / 2; ++k)
        inA[perm[k]] = true;
    std::vector<std::size_t> half[2];
    for (std::size_t i = 0; i < in.unit.size(); ++i) {
        const auto u = std::lower_bound(ids.begin(), ids.end(), in.unit[i]) - ids.begin();
        half[inA[static_cast<std::size_t>(u)] ? 0 : 1].push_back(i);
    }
    CrossFitHalving out;
    for (int x = 0; x < 2; ++x) {
        const auto& X = half[x];
        const auto& Y = half[1 - x];
        if (X.empty() || Y.empty())
            continue;
        Choice bestCascade;
        int bestTau = -1;
        std::vector<std::vector<CascadePoint>> curves;
        for (std::size_t f = 0; f < in.fallbacks.size(); ++f) {
            curves.push_back(cascadeCurve(cascadePairs(in, X, f), in.grid));
            const std::size_t k = oracleIndex(curves.back());
            const Choice c{static_cast<int>(f), curves.back()[k].right, curves.back()[k].cost};
            if (bestCascade.index < 0 || better(c, bestCascade)) {
                bestCascade = c;
                bestTau = static_cast<int>(k);
            }
        }
        std::vector<const CrossFitJudge*> candidates = {&in.first};
        for (const auto& j : in.fallbacks)
            candidates.push_back(&j);
        for (const auto& j : in.singles)
            candidates.push_back(&j);
        Choice single;
        for (std::size_t c = 0; c < candidates.size(); ++c) {
            const Choice a = alone(*candidates[c], X, static_cast<int>(c));
            if (single.index < 0 || better(a, single))
                single = a;
        }
        Choice llm;
        for (std::size_t f = 0; f < in.fallbacks.size(); ++f) {
            const Choice a = alone(in.fallbacks[f], X, static_cast<int>(f));
            if (llm.index < 0 || better(a, llm))
                llm = a;
        }
        int match = -1;
        for (std::size_t k = 0; k < in.grid.size() && match < 0; ++k)
            if (curves[static_cast<std::size_t>(llm.index)][k].right >= llm.right)
                match = static_cast<int>(k);
        out.chosenFallback[x] = bestCascade.index;
        out.chosenTau[x] = bestTau;
        out.chosenSingle[x] = single.index;
        out.bestLlm[x] = llm.index;
        out.matchTau[x] = match;
        const std::vector<double> tau = {in.grid[static_cast<std::size_t>(bestTau)]};
        const CascadePoint scored =
            cascadeCurve(cascadePairs(in, Y, static_cast<std::size_t>(bestCascade.index)), tau)[0];
        out.pairs += static_cast<std::uint32_t>(Y.size());
        out.cascadeRight += scored.right;
        out.cascadeCost += scored.cost;
        out.singleRight += alone(*candidates[static_cast<std::size_t>(single.index)], Y, 0).right;
        const Choice llmY = alone(in.fallbacks[static_cast<std::size_t>(llm.index)], Y, 0);
        out.llmRight += llmY.right;
        out.llmCost += llmY.cost;
        if (match >= 0) {
            const std::vector<double> m = {in.grid[static_cast<std::size_t>(match)]};
            const CascadePoint p =
                cascadeCurve(cascadePairs(in, Y, static_cast<std::size_t>(llm.index)), m)[0];
            out.matchRight += p.right;
            out.matchCost += p.cost;
        } else {
            out.matchRight += llmY.right;
            out.matchCost += llmY.cost;
        }
    }
    return out;
}

QString describe(std::size_t h, const CrossFitHalving& a)
{
    return QStringLiteral("halving %1: pairs %2 cascade %3 single %4 fallback %5/%6 tau %7/%8 single %9/%10")
        .arg(h)
        .arg(a.pairs)
        .arg(a.cascadeRight)
        .arg(a.singleRight)
        .arg(a.chosenFallback[0])
        .arg(a.chosenFallback[1])
        .arg(a.chosenTau[0])
        .arg(a.chosenTau[1])
        .arg(a.chosenSingle[0])
        .arg(a.chosenSingle[1]);
}

} // namespace

class TestCrossFit : public QObject {
    Q_OBJECT
private slots:
    void matchesDirectImplementation_data();
    void matchesDirectImplementation();
    void threadsIdentical();
    void fallbackAlwaysRight();
    void tooFewUnits();
    void badInput_data();
    void badInput();
};

void TestCrossFit::matchesDirectImplementation_data()
{
    QTest::addColumn<quint64>("seed");
    QTest::addColumn<int>("units");
    QTest::addColumn<int>("fallbacks");
    QTest::addColumn<bool>("binary");
    QTest::newRow("ordinal, scores off the grid, 3 fallbacks") << quint64(11) << 60 << 3 << false;
    QTest::newRow("ordinal, scores on the grid (ties)") << quint64(12) << 45 << 2 << false;
    QTest::newRow("binary, on the grid") << quint64(14) << 80 << 3 << true;
    QTest::newRow("binary, off the grid, odd units") << quint64(15) << 33 << 1 << true;
    QTest::newRow("three units") << quint64(17) << 3 << 2 << false;
}

void TestCrossFit::matchesDirectImplementation()
{
    QFETCH(quint64, seed);
    QFETCH(int, units);
    QFETCH(int, fallbacks);
    QFETCH(bool, binary);
    const CrossFitInput in = randomPanel(seed, static_cast<std::uint32_t>(units), fallbacks, binary);
    CrossFitSettings s;
    s.halvings = 30;
    s.seed = seed * 31;
    const CrossFitResult r = crossFitCascade(in, s);
    QCOMPARE(r.halvings.size(), std::size_t(30));
    double gain = 0;
    for (std::size_t h = 0; h < r.halvings.size(); ++h) {
        const CrossFitHalving& got = r.halvings[h];
        const CrossFitHalving want = referenceHalving(in, s.seed, h);
        QVERIFY2(got.pairs == want.pairs && got.cascadeRight == want.cascadeRight &&
                     got.singleRight == want.singleRight && got.matchRight == want.matchRight &&
                     got.llmRight == want.llmRight,
                 qPrintable(describe(h, got) + " want " + describe(h, want)));
        for (int x = 0; x < 2; ++x) {
            QCOMPARE(got.chosenFallback[x], want.chosenFallback[x]);
            QCOMPARE(got.chosenTau[x], want.chosenTau[x]);
            QCOMPARE(got.chosenSingle[x], want.chosenSingle[x]);
            QCOMPARE(got.bestLlm[x], want.bestLlm[x]);
            QCOMPARE(got.matchTau[x], want.matchTau[x]);
        }
        QVERIFY(std::fabs(got.cascadeCost - want.cascadeCost) <= 1e-12);
        QVERIFY(std::fabs(got.matchCost - want.matchCost) <= 1e-12);
        QVERIFY(std::fabs(got.llmCost - want.llmCost) <= 1e-12);
        QCOMPARE(got.gain, (double(want.cascadeRight) - double(want.singleRight)) / want.pairs);
        gain += got.gain;
    }
    QCOMPARE(r.meanGain, gain / 30);
}

void TestCrossFit::threadsIdentical()
{
    const CrossFitInput in = randomPanel(21, 200, 3, false);
    CrossFitSettings s;
    s.threads = 1;
    const CrossFitResult one = crossFitCascade(in, s);
    for (int threads : {2, 8}) {
        s.threads = threads;
        const CrossFitResult many = crossFitCascade(in, s);
        QCOMPARE(many.meanGain, one.meanGain);
        QCOMPARE(many.meanCostShare, one.meanCostShare);
        for (std::size_t h = 0; h < one.halvings.size(); ++h) {
            QCOMPARE(many.halvings[h].cascadeRight, one.halvings[h].cascadeRight);
            QCOMPARE(many.halvings[h].cascadeCost, one.halvings[h].cascadeCost);
        }
    }
    s.seed = 5; // another seed, other halvings
    const CrossFitResult other = crossFitCascade(in, s);
    bool differs = false;
    for (std::size_t h = 0; h < one.halvings.size(); ++h)
        differs = differs || other.halvings[h].cascadeRight != one.halvings[h].cascadeRight;
    QVERIFY(differs);
}

void TestCrossFit::fallbackAlwaysRight()
{
    // A fallback right everywhere, D right on half the pairs, every score 0.3: each half's best cascade
    // defers everything at the smallest such tau (0.35, index 7), which defers every held-out pair too; the
    // best single judge is the fallback, so the gain is 0, and the matching cascade is the same.
    CrossFitInput in;
    in.grid = cascadeGrid(TaskKind::Ordinal);
    in.first = {"D", {}, {}};
    in.fallbacks = {{"F", {}, {}}};
    for (std::uint32_t u = 0; u < 20; ++u) {
        in.unit.push_back(u);
        in.score.push_back(0.3);
        in.first.right.push_back(u % 2);
        in.fallbacks[0].right.push_back(1);
    }
    const CrossFitResult r = crossFitCascade(in, {});
    QCOMPARE(r.meanGain, 0.0);
    QCOMPARE(r.shareWithGain, 0.0);
    QCOMPARE(r.meanCascadeAccuracy, 1.0);
    QCOMPARE(r.shareMatching, 1.0);
    QVERIFY(std::isnan(r.meanCostShare)); // no costs recorded
    for (const CrossFitHalving& h : r.halvings) {
        QCOMPARE(h.pairs, 20u);
        QCOMPARE(h.chosenSingle[0], 1); // the fallback (candidate 1)
        QCOMPARE(h.chosenSingle[1], 1);
        QCOMPARE(h.cascadeRight, 20u);
        QCOMPARE(h.chosenTau[0], 7);
        QCOMPARE(h.matchTau[1], 7);
    }
}

void TestCrossFit::tooFewUnits()
{
    // One unit: half A is empty, nothing is scored; the means are missing.
    CrossFitInput in;
    in.grid = cascadeGrid(TaskKind::Binary);
    in.unit = {4, 4};
    in.score = {0.1, 0.4};
    in.first = {"D", {1, 0}, {}};
    in.fallbacks = {{"F", {0, 1}, {}}};
    const CrossFitResult r = crossFitCascade(in, {});
    QCOMPARE(r.halvings[0].pairs, 0u);
    QVERIFY(std::isnan(r.meanGain));
    QVERIFY(std::isnan(r.shareMatching));
}

void TestCrossFit::badInput_data()
{
    QTest::addColumn<int>("what");
    QTest::addColumn<QString>("message");
    QTest::newRow("score length") << 0 << "K9: score has 1 values, expected 2";
    QTest::newRow("fallback right length") << 1 << "K9: F right has 3 values, expected 2";
    QTest::newRow("cost length") << 2 << "K9: D cost has 1 values, expected 2";
    QTest::newRow("grid") << 3 << "K9: the grid must be ascending";
    QTest::newRow("halvings") << 4 << "K9: halvings must be >= 1";
    QTest::newRow("no fallback") << 5 << "K9: at least one fallback needed";
}

void TestCrossFit::badInput()
{
    QFETCH(int, what);
    QFETCH(QString, message);
    CrossFitInput in;
    in.grid = {0.0, 0.5};
    in.unit = {1, 2};
    in.score = {0.2, 0.7};
    in.first = {"D", {1, 0}, {}};
    in.fallbacks = {{"F", {0, 1}, {}}};
    CrossFitSettings s;
    switch (what) {
    case 0:
        in.score.pop_back();
        break;
    case 1:
        in.fallbacks[0].right.push_back(1);
        break;
    case 2:
        in.first.cost = {0.1};
        break;
    case 3:
        in.grid = {0.5, 0.0};
        break;
    case 4:
        s.halvings = 0;
        break;
    default:
        in.fallbacks.clear();
    }
    try {
        crossFitCascade(in, s);
        QFAIL("no exception");
    } catch (const std::invalid_argument& e) {
        QCOMPARE(QString::fromUtf8(e.what()), message);
    }
}

QTEST_APPLESS_MAIN(TestCrossFit)
#include "tst_crossfit.moc"
