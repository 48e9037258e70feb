// R7 paired comparison of two judges (core/analysis/pairedcomparison.h) and its exact tests
// (core/stats/exacttests.h): examples.md section 6, hand-computed small cases, the documented resampling
// scheme replayed by a reference resampler, thread-count invariance, interval coverage on simulated data
// with a known true difference, unit vs cluster resampling on clustered data, and scipy's binomtest on the
// stored rows of tests/data/paired/exacttests_reference.csv (regenerated and checked by CTest with
// tests/core/exacttests_reference.py).
#include "analysis/pairedcomparison.h"
#include "stats/exacttests.h"
#include "stats/multipletesting.h"
#include "stats/percentile.h"
#include "stats/randomstreams.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

using namespace tribunal;

Q_DECLARE_METATYPE(PairedOutcome)

namespace {

using Pairs = std::vector<PairedObservation>;

/// Uniform double in [0, 1) from the top 53 bits of one output.
double uniform(RandomStream& rng)
{
    return static_cast<double>(rng.next() >> 11) * 0x1.0p-53;
}

/// `count` pairs of one unit (and cluster) with the given correctness.
void addPairs(Pairs& out, std::uint32_t unit, int count, double first, double second,
              std::uint32_t cluster = 0)
{
    for (int i = 0; i < count; ++i)
        out.push_back({unit, cluster, first, second});
}

/// Simulated 0/1 pairs: `units` units of `perUnit` pairs; unit difficulty e_u ~ U[-0.2, 0.2] shared by both
/// judges; P(first right) = pFirst + e_u + c_g, P(second right) = pSecond + e_u, where c_g ~ U[-spread,
/// spread] is a cluster effect on the first judge only (clusters of `unitsPerCluster` consecutive units).
/// The true difference is pFirst - pSecond (e_u and c_g have mean 0).
Pairs simulate(std::uint64_t seed, int units, int perUnit, double pFirst, double pSecond,
               int unitsPerCluster = 1, double spread = 0)
{
    RandomStream rng(seed, 0, 0);
    Pairs out;
    double clusterEffect = 0;
    for (int u = 0; u < units; ++u) {
        if (u % unitsPerCluster == 0)
            clusterEffect = spread * (2 * uniform(rng) - 1);
        const double e = 0.4 * uniform(rng) - 0.2;
        for (int k = 0; k < perUnit; ++k) {
            const double first = uniform(rng) < pFirst + e + clusterEffect ? 1.0 : 0.0;
            const double second = uniform(rng) < pSecond + e ? 1.0 : 0.0;
            out.push_back({static_cast<std::uint32_t>(u), static_cast<std::uint32_t>(u / unitsPerCluster),
                           first, second});
        }
    }
    return out;
}

bool same(const PairedBootstrap& a, const PairedBootstrap& b)
{
    return a.ci95.lo == b.ci95.lo && a.ci95.hi == b.ci95.hi && a.ci90.lo == b.ci90.lo &&
           a.ci90.hi == b.ci90.hi && a.p == b.p && a.outcome == b.outcome;
}

QString show(const PairedBootstrap& b)
{
    return QStringLiteral("95%% [%1, %2] 90%% [%3, %4] p %5")
        .arg(b.ci95.lo, 0, 'g', 17)
        .arg(b.ci95.hi, 0, 'g', 17)
        .arg(b.ci90.lo, 0, 'g', 17)
        .arg(b.ci90.hi, 0, 'g', 17)
        .arg(b.p, 0, 'g', 17);
}

} // namespace

class TestPairedComparison : public QObject {
    Q_OBJECT
private slots:
    void mcnemarWorkedExample();
    void holmWorkedExample();
    void binomialEdges();
    void scipyReference();
    void differenceHandComputed();
    void mcnemarFractionalMajority();
    void signTestUnits();
    void bootstrapAllPositive();
    void bootstrapAllZero();
    void outcomeRules_data();
    void outcomeRules();
    void referenceResampler_data();
    void referenceResampler();
    void threadsIdentical();
    void familyMatchesSingleAndHolm();
    void seedChangesResults();
    void emptyInput();
    void clusterBootstrapOff();
    void badInput_data();
    void badInput();
    void coverage();
    void clusterWiderOnClusteredData();
};

void TestPairedComparison::mcnemarWorkedExample()
{
    // examples.md 6: j1 alone right on 12, j2 alone on 4: 2 x (1 + 16 + 120 + 560 + 1820) / 2^16 =
    // 2517/32768.
    const double want = 2517.0 / 32768.0;
    QCOMPARE(mcnemarExact(12, 4), want);
    QCOMPARE(mcnemarExact(4, 12), want);
    // The same through comparePaired: 12 + 4 discordant pairs and 20 concordant ones over 9 units.
    Pairs pairs;
    addPairs(pairs, 1, 12, 1, 0);
    addPairs(pairs, 2, 4, 0, 1);
    addPairs(pairs, 3, 10, 1, 1);
    addPairs(pairs, 4, 10, 0, 0);
    PairedSettings s;
    s.resamples = 200;
    const PairedComparison c = comparePaired(pairs, s);
    QCOMPARE(c.onlyFirst, std::uint64_t{12});
    QCOMPARE(c.onlySecond, std::uint64_t{4});
    QCOMPARE(c.mcnemarUndecided, std::uint64_t{0});
    QVERIFY(std::abs(c.mcnemarP - want) <= 1e-15);
}

void TestPairedComparison::holmWorkedExample()
{
    // examples.md 6: p = 0.01, 0.04, 0.03, 0.20 -> Holm 0.04, 0.09, 0.09, 0.20 (t2 lifted by the running
    // max).
    const std::vector<double> p = {0.01, 0.04, 0.03, 0.20};
    const std::vector<double> want = {0.04, 0.09, 0.09, 0.20};
    const std::vector<double> got = holm(p);
    QCOMPARE(got.size(), want.size());
    for (std::size_t i = 0; i < want.size(); ++i)
        QVERIFY2(std::abs(got[i] - want[i]) <= 1e-12, qPrintable(QString::number(i)));
}

void TestPairedComparison::binomialEdges()
{
    QCOMPARE(mcnemarExact(0, 0), 1.0); // R7 edge case: no discordant pair
    QCOMPARE(signTest(0, 0), 1.0);
    QCOMPARE(binomialTestHalf(0, 0), 1.0);
    QCOMPARE(binomialTestHalf(3, 6), 1.0);                // centre of even n
    QCOMPARE(binomialTestHalf(2, 5), 1.0);                // 2 P(X <= 2) = 1 exactly for n = 5
    QCOMPARE(binomialTestHalf(0, 3), 0.25);               // 2 x 1/8
    QCOMPARE(binomialTestHalf(1, 4), 0.625);              // 2 x (1 + 4)/16
    QVERIFY(std::isnan(binomialTestHalf(5, 4)));          // k > n
    QCOMPARE(binomialTestHalf(0, 1100), 0.0);             // 2^-1099 underflows
    QCOMPARE(mcnemarExact(7, 2), binomialTestHalf(2, 9)); // symmetric in its arguments
    QCOMPARE(mcnemarExact(2, 7), binomialTestHalf(2, 9));
}

void TestPairedComparison::scipyReference()
{
    std::ifstream in(TRIBUNAL_TEST_DATA "/paired/exacttests_reference.csv");
    QVERIFY(in);
    std::string line;
    std::getline(in, line);
    QCOMPARE(QString::fromStdString(line), QStringLiteral("k,n,p"));
    int rows = 0;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::string k, n, p;
        std::getline(fields, k, ',');
        std::getline(fields, n, ',');
        std::getline(fields, p, ',');
        const std::uint64_t kk = std::stoull(k), nn = std::stoull(n);
        const double want = std::stod(p);
        const auto close = [&](double got) {
            return std::abs(got - want) <= 1e-9 && (want >= 1e-9 || std::abs(got - want) <= 1e-9 * want);
        };
        const QString where = QStringLiteral("k=%1 n=%2 want %3").arg(kk).arg(nn).arg(want, 0, 'g', 17);
        QVERIFY2(close(binomialTestHalf(kk, nn)),
                 qPrintable(where + " got " + QString::number(binomialTestHalf(kk, nn), 'g', 17)));
        QVERIFY2(close(mcnemarExact(nn - kk, kk)), qPrintable(where));
        QVERIFY2(close(signTest(nn - kk, kk)), qPrintable(where));
        ++rows;
    }
    QCOMPARE(rows, 34); // exacttests_reference.py CASES
}

void TestPairedComparison::differenceHandComputed()
{
    // unit 1: (1, 0), (1, 1); unit 2: (0, 0), (1, 0); unit 3: (0.5, 1).
    // acc1 = 3.5 / 5 = 0.7, acc2 = 2 / 5 = 0.4, difference = (1 + 0 + 0 + 1 - 0.5) / 5 = 0.3.
    const Pairs pairs = {{1, 7, 1, 0}, {1, 7, 1, 1}, {2, 7, 0, 0}, {2, 8, 1, 0}, {3, 9, 0.5, 1}};
    PairedSettings s;
    s.resamples = 100;
    const PairedComparison c = comparePaired(pairs, s);
    QCOMPARE(c.pairs, std::size_t{5});
    QCOMPARE(c.units, std::size_t{3});
    QCOMPARE(c.clusters, std::size_t{3});
    QCOMPARE(c.accuracyFirst, 0.7);
    QCOMPARE(c.accuracySecond, 0.4);
    QVERIFY(std::abs(c.difference - 0.3) <= 1e-15);
    // Units D = 1, 1, -0.5: two favour j1, one j2 -> sign p = 2 P(X <= 1 | n = 3) = 2 x 4/8 = 1.
    QCOMPARE(c.unitsFirstBetter, std::uint64_t{2});
    QCOMPARE(c.unitsSecondBetter, std::uint64_t{1});
    QCOMPARE(c.signP, 1.0);
    // McNemar: (1,0) twice first only; (0.5, 1) has no majority verdict for j1.
    QCOMPARE(c.onlyFirst, std::uint64_t{2});
    QCOMPARE(c.onlySecond, std::uint64_t{0});
    QCOMPARE(c.mcnemarUndecided, std::uint64_t{1});
    QCOMPARE(c.mcnemarP, 0.5); // 2 x 1/4
}

void TestPairedComparison::mcnemarFractionalMajority()
{
    // Shares of runs: (0.75, 0.25) first only; (0.2, 0.9) second only; (0.6, 0.7) both right (concordant);
    // (0.5, 0) and (1, 0.5) undecided (a share of exactly 1/2); (1/3, 0) both wrong.
    const Pairs pairs = {{0, 0, 0.75, 0.25}, {1, 0, 0.2, 0.9}, {2, 0, 0.6, 0.7},
                         {3, 0, 0.5, 0},     {4, 0, 1, 0.5},   {5, 0, 1.0 / 3.0, 0}};
    PairedSettings s;
    s.resamples = 10;
    const PairedComparison c = comparePaired(pairs, s);
    QCOMPARE(c.onlyFirst, std::uint64_t{1});
    QCOMPARE(c.onlySecond, std::uint64_t{1});
    QCOMPARE(c.mcnemarUndecided, std::uint64_t{2});
    QCOMPARE(c.mcnemarP, 1.0);
}

void TestPairedComparison::signTestUnits()
{
    // Unit 0: D = 1/3 + 2/3 - 1 = 0 up to rounding -> tie. Units 1-6: j1 better; unit 7: j2 better.
    Pairs pairs = {{0, 0, 1.0 / 3.0, 1.0}, {0, 0, 2.0 / 3.0, 0.0}};
    for (std::uint32_t u = 1; u <= 6; ++u)
        addPairs(pairs, u, 2, 1, 0.5);
    addPairs(pairs, 7, 1, 0, 1);
    PairedSettings s;
    s.resamples = 10;
    const PairedComparison c = comparePaired(pairs, s);
    QCOMPARE(c.unitsTied, std::uint64_t{1});
    QCOMPARE(c.unitsFirstBetter, std::uint64_t{6});
    QCOMPARE(c.unitsSecondBetter, std::uint64_t{1});
    QCOMPARE(c.signP, 0.125); // 2 x (1 + 7) / 2^7
}

void TestPairedComparison::bootstrapAllPositive()
{
    // Every unit favours j1 (D_u > 0), so every replicate is > 0: no share <= 0, p = 0, separated.
    Pairs pairs;
    addPairs(pairs, 0, 3, 1, 0);
    addPairs(pairs, 1, 1, 1, 0.5);
    addPairs(pairs, 2, 2, 0.5, 0.25);
    PairedSettings s;
    s.resamples = 1000;
    const PairedComparison c = comparePaired(pairs, s);
    QCOMPARE(c.unitBootstrap.p, 0.0);
    QVERIFY(c.unitBootstrap.ci95.lo > 0);
    QVERIFY(c.unitBootstrap.ci95.hi <= 1.0);
    QCOMPARE(c.unitBootstrap.outcome, PairedOutcome::Separated);
    // Replicates lie between the smallest and largest unit mean difference (0.25 and 1).
    QVERIFY(c.unitBootstrap.ci95.lo >= 0.25 && c.unitBootstrap.ci95.hi <= 1.0);
    // The mirror image: all negative.
    for (PairedObservation& p : pairs)
        std::swap(p.first, p.second);
    const PairedComparison m = comparePaired(pairs, s);
    QCOMPARE(m.unitBootstrap.p, 0.0);
    QCOMPARE(m.unitBootstrap.outcome, PairedOutcome::Separated);
    QVERIFY(m.unitBootstrap.ci95.hi < 0);
}

void TestPairedComparison::bootstrapAllZero()
{
    // Every unit has D_u = 0: every replicate is 0, both shares are 1, p = min(1, 2) = 1; the intervals are
    // [0, 0], inside +-margin: parity.
    Pairs pairs;
    addPairs(pairs, 0, 2, 1, 1);
    addPairs(pairs, 1, 2, 0, 0);
    addPairs(pairs, 2, 1, 0.5, 0.5);
    PairedSettings s;
    s.resamples = 300;
    const PairedComparison c = comparePaired(pairs, s);
    QCOMPARE(c.unitBootstrap.p, 1.0);
    QCOMPARE(c.unitBootstrap.ci95.lo, 0.0);
    QCOMPARE(c.unitBootstrap.ci90.hi, 0.0);
    QCOMPARE(c.unitBootstrap.outcome, PairedOutcome::Parity);
    // One unit: every replicate is its difference 0.03 -> degenerate interval, separated (excludes 0) even
    // though it lies within the margin (separated is checked first).
    Pairs one;
    addPairs(one, 5, 100, 1, 0);
    addPairs(one, 5, 3, 0, 0);
    addPairs(one, 5, 97 * 32, 1, 1); // D = 100 over 3300 pairs -> 1/33
    const PairedComparison d = comparePaired(one, s);
    QCOMPARE(d.unitBootstrap.ci95.lo, d.difference);
    QCOMPARE(d.unitBootstrap.ci95.hi, d.difference);
    QCOMPARE(d.unitBootstrap.p, 0.0);
    QCOMPARE(d.unitBootstrap.outcome, PairedOutcome::Separated);
}

void TestPairedComparison::outcomeRules_data()
{
    QTest::addColumn<double>("lo95");
    QTest::addColumn<double>("hi95");
    QTest::addColumn<double>("lo90");
    QTest::addColumn<double>("hi90");
    QTest::addColumn<double>("margin");
    QTest::addColumn<PairedOutcome>("want");
    QTest::newRow("above zero") << 0.001 << 0.1 << 0.01 << 0.09 << 0.05 << PairedOutcome::Separated;
    QTest::newRow("below zero") << -0.1 << -1e-12 << -0.09 << -0.01 << 0.05 << PairedOutcome::Separated;
    QTest::newRow("touches zero") << 0.0 << 0.1 << 0.01 << 0.08 << 0.05 << PairedOutcome::Inconclusive;
    QTest::newRow("separated beats parity")
        << 0.01 << 0.02 << 0.012 << 0.018 << 0.05 << PairedOutcome::Separated;
    QTest::newRow("parity inside") << -0.04 << 0.045 << -0.03 << 0.04 << 0.05 << PairedOutcome::Parity;
    QTest::newRow("parity at both margins")
        << -0.06 << 0.06 << -0.05 << 0.05 << 0.05 << PairedOutcome::Parity;
    QTest::newRow("just over upper margin")
        << -0.02 << 0.07 << -0.01 << std::nextafter(0.05, 1.0) << 0.05 << PairedOutcome::Inconclusive;
    QTest::newRow("just over lower margin")
        << -0.07 << 0.02 << std::nextafter(-0.05, -1.0) << 0.01 << 0.05 << PairedOutcome::Inconclusive;
    QTest::newRow("wider margin") << -0.07 << 0.02 << -0.06 << 0.01 << 0.1 << PairedOutcome::Parity;
    QTest::newRow("zero margin, point zero") << 0.0 << 0.0 << 0.0 << 0.0 << 0.0 << PairedOutcome::Parity;
    QTest::newRow("missing") << qQNaN() << qQNaN() << qQNaN() << qQNaN() << 0.05 << PairedOutcome::Undefined;
}

void TestPairedComparison::outcomeRules()
{
    QFETCH(double, lo95);
    QFETCH(double, hi95);
    QFETCH(double, lo90);
    QFETCH(double, hi90);
    QFETCH(double, margin);
    QFETCH(PairedOutcome, want);
    QCOMPARE(pairedOutcome({lo95, hi95}, {lo90, hi90}, margin), want);
}

void TestPairedComparison::referenceResampler_data()
{
    QTest::addColumn<int>("runs"); // correctness is a share k/runs; 1 = 0/1 data
    QTest::newRow("0/1 correctness (integer sums)") << 1;
    QTest::newRow("shares of two runs (integer sums of 2D)") << 2;
    QTest::newRow("shares of four runs (integer sums of 4D)") << 4;
    QTest::newRow("shares of three runs (double sums)") << 3;
}

void TestPairedComparison::referenceResampler()
{
    QFETCH(int, runs);
    // Replays the documented scheme: chunks of kPairedChunk replicates, RandomStream(seed, 2 index (+1 for
    // clusters), chunk), one fillIndices per replicate over blocks ordered by ascending id, (D, N) summed in
    // draw order; numpy-linear quantiles; p from the shares.
    Pairs pairs = simulate(77, 57, 3, 0.7, 0.66, 4, 0.2);
    if (runs > 1) { // shares k/runs, so unit sums are not integers
        RandomStream rng(8, 0, 0);
        const auto r = static_cast<std::uint32_t>(runs);
        for (PairedObservation& p : pairs) {
            p.first = static_cast<double>(rng.uniformIndex(r + 1)) / runs;
            p.second = static_cast<double>(rng.uniformIndex(r + 1)) / runs;
        }
    }
    PairedSettings s;
    s.resamples = 333; // a partial last chunk and a partial last group of four
    s.seed = 99;
    const std::uint64_t index = 5;
    const PairedComparison c = comparePaired(pairs, s, index);
    for (int kind = 0; kind < 2; ++kind) {
        std::vector<double> d, n;
        for (const PairedObservation& p : pairs) {
            const std::uint32_t id = kind == 0 ? p.unit : p.cluster; // ids are 0.. dense and ascending here
            if (id >= d.size()) {
                d.resize(id + 1);
                n.resize(id + 1);
            }
            d[id] += p.first - p.second;
            n[id] += 1;
        }
        std::vector<double> reps;
        std::vector<std::uint32_t> idx(d.size());
        for (int chunk = 0; chunk * kPairedChunk < s.resamples; ++chunk) {
            RandomStream rng(s.seed, 2 * index + static_cast<std::uint64_t>(kind),
                             static_cast<std::uint64_t>(chunk));
            for (int r = chunk * kPairedChunk; r < std::min(s.resamples, (chunk + 1) * kPairedChunk); ++r) {
                rng.fillIndices(static_cast<std::uint32_t>(d.size()), idx.data(), idx.size());
                double sd = 0, sn = 0;
                for (std::uint32_t i : idx) {
                    sd += d[i];
                    sn += n[i];
                }
                reps.push_back(sd / sn);
            }
        }
        const auto below = std::count_if(reps.begin(), reps.end(), [](double x) { return x <= 0; });
        const auto above = std::count_if(reps.begin(), reps.end(), [](double x) { return x >= 0; });
        PairedBootstrap want;
        want.p = std::min(1.0, 2.0 * static_cast<double>(std::min(below, above)) / s.resamples);
        std::sort(reps.begin(), reps.end());
        want.ci95 = {quantileSorted(reps, 0.025), quantileSorted(reps, 0.975)};
        want.ci90 = {quantileSorted(reps, 0.05), quantileSorted(reps, 0.95)};
        want.outcome = pairedOutcome(want.ci95, want.ci90, s.margin);
        const PairedBootstrap& got = kind == 0 ? c.unitBootstrap : c.clusterBootstrap;
        QVERIFY2(same(got, want),
                 qPrintable(QStringLiteral("kind %1: got ").arg(kind) + show(got) + " want " + show(want)));
    }
}

void TestPairedComparison::threadsIdentical()
{
    const Pairs pairs = simulate(3, 301, 4, 0.72, 0.7, 7, 0.1);
    PairedSettings s;
    s.resamples = 1000;
    s.threads = 1;
    const PairedComparison one = comparePaired(pairs, s, 2);
    for (int threads : {2, 3, 5}) {
        s.threads = threads;
        const PairedComparison many = comparePaired(pairs, s, 2);
        QVERIFY2(same(one.unitBootstrap, many.unitBootstrap), qPrintable(show(many.unitBootstrap)));
        QVERIFY2(same(one.clusterBootstrap, many.clusterBootstrap), qPrintable(show(many.clusterBootstrap)));
    }
}

void TestPairedComparison::familyMatchesSingleAndHolm()
{
    // Eleven comparisons (a full tile of eight shared draws and a partial one). Members 0-8 and 10 resample
    // the same 120 units; member 9 has 100 units. Clusters of four units for all but member 10 (five), so
    // member 9 (30 vs 25 clusters) and member 10 have cluster sets of their own. Member 3 holds shares of
    // three runs, which moves its draw group to the double path; the others' replicates must not change.
    std::vector<Pairs> family;
    for (std::uint64_t k = 0; k < 11; ++k) {
        const int units = k == 9 ? 100 : 120;
        const int perCluster = k == 10 ? 5 : 4;
        family.push_back(
            simulate(10 + k, units, 3, 0.62 + 0.03 * static_cast<double>(k), 0.7, perCluster, 0.1));
    }
    RandomStream shares(8, 0, 0);
    for (PairedObservation& p : family[3])
        p.first = static_cast<double>(shares.uniformIndex(4)) / 3.0;
    const std::uint64_t unitLead[11] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 9, 0};
    const std::uint64_t clusterLead[11] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 9, 10};
    PairedSettings s;
    s.resamples = 500;
    s.threads = 2;
    const std::vector<PairedComparison> all = comparePairedFamily(family, s);
    QCOMPARE(all.size(), family.size());
    std::vector<double> boot, cluster, mcnemar, sign;
    for (std::size_t k = 0; k < family.size(); ++k) {
        // Shared draws: a member's replicates are those of a lone comparison on its group lead's streams.
        const PairedComparison byUnit = comparePaired(family[k], s, unitLead[k]);
        const PairedComparison byCluster = comparePaired(family[k], s, clusterLead[k]);
        QVERIFY2(same(all[k].unitBootstrap, byUnit.unitBootstrap), qPrintable(QString::number(k)));
        QVERIFY2(same(all[k].clusterBootstrap, byCluster.clusterBootstrap), qPrintable(QString::number(k)));
        QCOMPARE(all[k].mcnemarP, byUnit.mcnemarP);
        QCOMPARE(all[k].signP, byUnit.signP);
        QVERIFY(std::isnan(byUnit.mcnemarPHolm)); // Holm belongs to a family
        boot.push_back(all[k].unitBootstrap.p);
        cluster.push_back(all[k].clusterBootstrap.p);
        mcnemar.push_back(all[k].mcnemarP);
        sign.push_back(all[k].signP);
    }
    // Member 9's own streams differ from the lead's: the test would not notice a wrong lead otherwise.
    QVERIFY(!same(all[9].unitBootstrap, comparePaired(family[9], s, 0).unitBootstrap));
    const auto b = holm(boot), cl = holm(cluster), m = holm(mcnemar), sg = holm(sign);
    for (std::size_t k = 0; k < family.size(); ++k) {
        QCOMPARE(all[k].unitBootstrap.pHolm, b[k]);
        QCOMPARE(all[k].clusterBootstrap.pHolm, cl[k]);
        QCOMPARE(all[k].mcnemarPHolm, m[k]);
        QCOMPARE(all[k].signPHolm, sg[k]);
    }
}

void TestPairedComparison::seedChangesResults()
{
    const Pairs pairs = simulate(4, 200, 3, 0.7, 0.68);
    PairedSettings s;
    s.resamples = 500;
    const PairedComparison a = comparePaired(pairs, s);
    s.seed += 1;
    const PairedComparison b = comparePaired(pairs, s);
    QVERIFY(a.unitBootstrap.ci95.lo != b.unitBootstrap.ci95.lo ||
            a.unitBootstrap.ci95.hi != b.unitBootstrap.ci95.hi);
    QCOMPARE(a.difference, b.difference);
    // The comparison index selects the streams too.
    s.seed -= 1;
    const PairedComparison c = comparePaired(pairs, s, 1);
    QVERIFY(!same(a.unitBootstrap, c.unitBootstrap));
}

void TestPairedComparison::emptyInput()
{
    const PairedComparison c = comparePaired({}, PairedSettings{});
    QCOMPARE(c.pairs, std::size_t{0});
    QVERIFY(std::isnan(c.difference));
    QVERIFY(std::isnan(c.unitBootstrap.ci95.lo) && std::isnan(c.unitBootstrap.p));
    QCOMPARE(c.unitBootstrap.outcome, PairedOutcome::Undefined);
    QCOMPARE(c.clusterBootstrap.outcome, PairedOutcome::Undefined);
    QCOMPARE(c.mcnemarP, 1.0);
    QCOMPARE(c.signP, 1.0);
    QCOMPARE(QString(pairedOutcomeName(c.unitBootstrap.outcome)), QStringLiteral("undefined"));
}

void TestPairedComparison::clusterBootstrapOff()
{
    const Pairs pairs = simulate(5, 40, 2, 0.7, 0.6, 5, 0.1);
    PairedSettings s;
    s.resamples = 100;
    s.clusterBootstrap = false;
    const PairedComparison c = comparePaired(pairs, s);
    QCOMPARE(c.clusters, std::size_t{8});
    QCOMPARE(c.clusterBootstrap.outcome, PairedOutcome::Undefined);
    QVERIFY(std::isnan(c.clusterBootstrap.p));
    QVERIFY(!std::isnan(c.unitBootstrap.p));
}

void TestPairedComparison::badInput_data()
{
    QTest::addColumn<double>("first");
    QTest::addColumn<double>("second");
    QTest::addColumn<int>("resamples");
    QTest::addColumn<double>("margin");
    QTest::addColumn<QString>("message");
    QTest::newRow("first above 1") << 1.5 << 0.0 << 10 << 0.05
                                   << "R7: correctness of pair 2 must lie in [0, 1]";
    QTest::newRow("second negative") << 0.0 << -0.1 << 10 << 0.05
                                     << "R7: correctness of pair 2 must lie in [0, 1]";
    QTest::newRow("NaN") << qQNaN() << 1.0 << 10 << 0.05 << "R7: correctness of pair 2 must lie in [0, 1]";
    QTest::newRow("no resamples") << 1.0 << 0.0 << 0 << 0.05 << "R7: resamples must be >= 1";
    QTest::newRow("negative margin") << 1.0 << 0.0 << 10 << -0.01 << "R7: margin must be >= 0";
}

void TestPairedComparison::badInput()
{
    QFETCH(double, first);
    QFETCH(double, second);
    QFETCH(int, resamples);
    QFETCH(double, margin);
    QFETCH(QString, message);
    const Pairs pairs = {{0, 0, 1, 0}, {1, 0, 0, 1}, {2, 0, first, second}};
    PairedSettings s;
    s.resamples = resamples;
    s.margin = margin;
    QString got;
    try {
        comparePaired(pairs, s);
    } catch (const std::invalid_argument& e) {
        got = QString::fromUtf8(e.what());
    }
    QCOMPARE(got, message);
    got.clear();
    try {
        comparePairedFamily(std::vector<Pairs>{pairs}, s);
    } catch (const std::invalid_argument& e) {
        got = QString::fromUtf8(e.what());
    }
    QCOMPARE(got, message);
}

void TestPairedComparison::coverage()
{
    // 200 replications of 150 units x 4 pairs with a true difference of 0.75 - 0.70 = 0.05 (unit difficulty
    // shared by both judges). The 95% unit-bootstrap interval should cover 0.05 in about 95% of them:
    // |share - 0.95| <= 3 sqrt(0.95 x 0.05 / 200) = 0.0462. 2,000 resamples per replication (the interval
    // ends are quantiles 0.025 / 0.975, stable enough at that count).
    constexpr int kReps = 200;
    const double truth = 0.05;
    PairedSettings s;
    s.resamples = 2000;
    s.clusterBootstrap = false;
    std::vector<Pairs> family;
    for (int r = 0; r < kReps; ++r)
        family.push_back(simulate(1000 + static_cast<std::uint64_t>(r), 150, 4, 0.75, 0.70));
    const std::vector<PairedComparison> all = comparePairedFamily(family, s);
    int covered = 0, positive = 0;
    for (const PairedComparison& c : all) {
        covered += c.unitBootstrap.ci95.lo <= truth && truth <= c.unitBootstrap.ci95.hi;
        positive += c.difference > 0;
    }
    const double share = static_cast<double>(covered) / kReps;
    const double bound = 3 * std::sqrt(0.95 * 0.05 / kReps);
    QVERIFY2(std::abs(share - 0.95) <= bound, qPrintable(QStringLiteral("coverage %1").arg(share)));
    QVERIFY(positive > kReps / 2); // sanity: the simulated difference has the right sign
}

void TestPairedComparison::clusterWiderOnClusteredData()
{
    // 40 clusters of 20 units x 2 pairs; the first judge's accuracy moves by c_g ~ U[-0.35, 0.35] per cluster
    // (var 0.041), so units within a cluster are correlated: rho ~ 0.041 / 0.46 ~ 0.09 between pairs, design
    // effect 1 + (m - 1) rho ~ 4.5 with m = 40 pairs per cluster, expected width ratio ~ sqrt(4.5) ~ 2.1 (its
    // spread from 40 clusters is ~11%, so 1.4 is ~3 standard errors below). Resampling units treats them as
    // independent and understates the spread. On unclustered data (one unit per cluster, no cluster effect)
    // the two widths agree within 20%.
    PairedSettings s;
    s.resamples = 4000;
    const auto width = [](const DifferenceInterval& i) { return i.hi - i.lo; };
    for (std::uint64_t seed : {21u, 22u, 23u}) {
        const PairedComparison c = comparePaired(simulate(seed, 800, 2, 0.6, 0.6, 20, 0.35), s);
        const double ratio = width(c.clusterBootstrap.ci95) / width(c.unitBootstrap.ci95);
        QVERIFY2(ratio > 1.4, qPrintable(QStringLiteral("seed %1 ratio %2").arg(seed).arg(ratio)));
        const PairedComparison flat = comparePaired(simulate(seed, 800, 2, 0.6, 0.6, 1, 0.0), s);
        const double flatRatio = width(flat.clusterBootstrap.ci95) / width(flat.unitBootstrap.ci95);
        QVERIFY2(flatRatio > 0.8 && flatRatio < 1.25,
                 qPrintable(QStringLiteral("flat ratio %1").arg(flatRatio)));
    }
}

QTEST_APPLESS_MAIN(TestPairedComparison)
#include "tst_pairedcomparison.moc"
