// Simulation checks of the pairwise trust metrics (metrics.md "Pairwise trust" T6, T7, T13; issue 3): audits
// whose per-pair events N (reproducible), P (order-invariant) and R (modal verdict right) are generated with
// known probabilities, independently or with a known dependence.
#include "analysis/trustbootstrap.h"
#include "stats/randomstreams.h"

#include "../common/trustcells.h"

#include <QtTest>

#include <cmath>
#include <vector>

using namespace tribunal;
using testing::PairSpec;

class TestTrustSimulation : public QObject {
    Q_OBJECT
private slots:
    void independentEventsGapCoversZero();
    void flipsWhereRunsAreNoisy();
    void flipsWhereRunsAreStable();
    void coverage();
};

namespace {

// Event probabilities of the independent construction.
constexpr double kPN = 0.7; // N_i = 1
constexpr double kPP = 0.6; // P_i = 1
constexpr double kPM = 0.6; // the modal verdict is right (R_i = P_i M_i: R needs P by definition, T7)
// Share of the noisy flipping pairs that use the 2/3-accurate pattern (see independentPair).
constexpr double kW = kPP * kPM / (1 - kPP);

double uniform(RandomStream& rng)
{
    return static_cast<double>(rng.next() >> 11) * 0x1.0p-53;
}

/// One labelled pair (label A, three runs per order) with N, P and M drawn independently. The patterns keep
/// the expected accuracy at A = E[P M] + (1 - E[P]) / 2 exactly, so that the closed form
/// T = C (A - phi / 2) and T_joint = E[N P M] have the same expectation, pN pP pM:
///   N=1: P M -> AAA|AAA (acc 1), P !M -> BBB|BBB (0), !P -> AAA|BBB or BBB|AAA (1/2);
///   N=0: P M -> AAB|AAA (5/6, i.e. -1/6 against M), P !M -> BBT|BBB (0), !P -> AAA|BBA (2/3, +1/6) with
///   probability kW, else AAB|BBA (1/2). Given N=0 the deviations cancel: pP pM (-1/6) + (1 - pP) kW / 6 = 0.
PairSpec independentPair(RandomStream& rng)
{
    const bool n = uniform(rng) < kPN;
    const bool p = uniform(rng) < kPP;
    const bool m = uniform(rng) < kPM;
    const double u = uniform(rng);
    if (n) {
        if (p)
            return m ? PairSpec{"A", "AAA", "AAA"} : PairSpec{"A", "BBB", "BBB"};
        return u < 0.5 ? PairSpec{"A", "AAA", "BBB"} : PairSpec{"A", "BBB", "AAA"};
    }
    if (p)
        return m ? PairSpec{"A", "AAB", "AAA"} : PairSpec{"A", "BBT", "BBB"};
    return u < kW ? PairSpec{"A", "AAA", "BBA"} : PairSpec{"A", "AAB", "BBA"};
}

std::vector<PairSpec> independentCell(std::uint64_t seed, int pairs)
{
    RandomStream rng(seed, 0, 0);
    std::vector<PairSpec> cell;
    for (int i = 0; i < pairs; ++i)
        cell.push_back(independentPair(rng));
    return cell;
}

/// `count` copies of each spec, in order.
std::vector<PairSpec> fixedCell(const std::vector<std::pair<PairSpec, int>>& shares)
{
    std::vector<PairSpec> cell;
    for (const auto& [spec, count] : shares)
        cell.insert(cell.end(), static_cast<std::size_t>(count), spec);
    return cell;
}

struct CellOutcome {
    TrustCellResult point;
    TrustCellIntervals intervals;
};

CellOutcome analyse(const std::vector<PairSpec>& cell, int resamples)
{
    const AuditPtr audit = testing::buildTrustAudit({cell});
    const auto summary = summarizeTrustPairs(*audit, audit->itemRunsOf(audit->cells()[0]));
    BootstrapSettings b;
    b.resamples = resamples;
    return {aggregateTrust(summary, {}), bootstrapTrustCell(summary, {}, b, 0)};
}

} // namespace

void TestTrustSimulation::independentEventsGapCoversZero()
{
    // With N, P and M independent, T = C (A - phi/2) estimates E[N] E[P M] = E[N P M] = T_joint: the two
    // must agree within the bootstrap interval of their gap (T7, Table 10).
    const CellOutcome out = analyse(independentCell(4242, 3000), 1000);
    const double truth = kPN * kPP * kPM;
    qInfo("T %.4f T_joint %.4f gap %.4f [%.4f, %.4f]", out.point.trust, out.point.trustJoint,
          out.point.trustGap, out.intervals.trustGap.lo, out.intervals.trustGap.hi);
    QVERIFY(out.intervals.trustGap.lo <= 0 && 0 <= out.intervals.trustGap.hi);
    QVERIFY(std::abs(out.point.trust - truth) < 0.03);
    QVERIFY(std::abs(out.point.trustJoint - truth) < 0.03);
    QVERIFY(out.intervals.trustJoint.lo <= truth && truth <= out.intervals.trustJoint.hi);
}

void TestTrustSimulation::flipsWhereRunsAreNoisy()
{
    // Dependence: the flipping pairs are exactly the non-reproducible ones. A share s of pairs is AAB|BBA
    // (N = 0, P = 0, accuracy 1/2), the rest AAA|AAA (N = P = R = 1). Then C = 1 - s, phi = s, A = 1 - s/2,
    // T = (1 - s)(1 - s/2 - s/2) = (1 - s)^2 and T_joint = 1 - s, so gap = -s (1 - s) < 0: N and P fail
    // together (E[N P] = 1 - s > E[N] E[P] = (1 - s)^2), and the closed form, which multiplies the two
    // penalties as if they were independent, charges the same pairs twice. With s = 0.3: gap = -0.21.
    const CellOutcome out =
        analyse(fixedCell({{{"A", "AAB", "BBA"}, 300}, {{"A", "AAA", "AAA"}, 700}}), 1000);
    QVERIFY(std::abs(out.point.trust - 0.49) < 1e-12);
    QVERIFY(std::abs(out.point.trustJoint - 0.7) < 1e-12);
    QVERIFY(std::abs(out.point.trustGap + 0.21) < 1e-12);
    QVERIFY(out.intervals.trustGap.hi < 0);
    QVERIFY(out.intervals.trustGap.lo <= -0.21 && -0.21 <= out.intervals.trustGap.hi);
}

void TestTrustSimulation::flipsWhereRunsAreStable()
{
    // Opposite dependence: failures are disjoint. 30% flip reproducibly (AAA|BBB: N = 1, P = 0, accuracy
    // 1/2), 30% are noisy but decisive and right (AAB|AAA: N = 0, P = 1, accuracy 5/6), 40% AAA|AAA. Then
    // C = 0.7, phi = 0.3, A = 0.4 + 0.15 + 0.25 = 0.8, T = 0.7 (0.8 - 0.15) = 0.455 and T_joint = 0.4, so
    // gap = +0.055 > 0: E[N P] = 0.4 < E[N] E[P] = 0.49, so the closed form credits pairs that are
    // reproducible but flip, or invariant but noisy, as partly trustworthy.
    const CellOutcome out = analyse(
        fixedCell({{{"A", "AAA", "BBB"}, 300}, {{"A", "AAB", "AAA"}, 300}, {{"A", "AAA", "AAA"}, 400}}),
        1000);
    QVERIFY(std::abs(out.point.trust - 0.455) < 1e-12);
    QVERIFY(std::abs(out.point.trustJoint - 0.4) < 1e-12);
    QVERIFY(std::abs(out.point.trustGap - 0.055) < 1e-12);
    QVERIFY(out.intervals.trustGap.lo > 0);
}

void TestTrustSimulation::coverage()
{
    // 200 seeded replications of a 100-pair cell from the independent construction, whose true C, phi and
    // A are known: C = pN, phi = 1 - pP, A = pP pM + (1 - pP) / 2. The 95% intervals must cover the truth in
    // about 95% of them (accepted: 88% to 99%).
    const double trueC = kPN, truePhi = 1 - kPP, trueA = kPP * kPM + (1 - kPP) / 2;
    std::vector<std::vector<PairSpec>> cells;
    for (std::uint64_t r = 0; r < 200; ++r)
        cells.push_back(independentCell(1000 + r, 100));
    const AuditPtr audit = testing::buildTrustAudit(cells);
    BootstrapSettings b;
    b.resamples = 1000;
    const auto intervals = bootstrapTrust(*audit, {}, b);
    QCOMPARE(intervals.size(), cells.size());
    int coverA = 0, coverC = 0, coverPhi = 0;
    for (const TrustCellIntervals& iv : intervals) {
        coverA += iv.accuracy.lo <= trueA && trueA <= iv.accuracy.hi;
        coverC += iv.consistency.lo <= trueC && trueC <= iv.consistency.hi;
        coverPhi += iv.flipRate.lo <= truePhi && truePhi <= iv.flipRate.hi;
    }
    qInfo("coverage of 200 replications: A %d, C %d, phi %d", coverA, coverC, coverPhi);
    for (int covered : {coverA, coverC, coverPhi})
        QVERIFY2(covered >= 176 && covered <= 198, qPrintable(QString::number(covered)));
}

QTEST_GUILESS_MAIN(TestTrustSimulation)
#include "tst_trustsimulation.moc"
