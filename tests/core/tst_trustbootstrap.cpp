// T13 bootstrap intervals of the cell trust metrics (metrics.md T7 gap, T13; general rules on seeds and
// percentiles), with the random streams (stats/randomstreams.h) and numpy-linear percentiles
// (stats/percentile.h) they rest on.
#include "analysis/auditsimulator.h"
#include "analysis/trustbootstrap.h"
#include "model/auditbuilder.h"
#include "stats/percentile.h"
#include "stats/randomstreams.h"

#include "../common/trustcells.h"

#include <QtTest>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <string>
#include <vector>

using namespace tribunal;

class TestTrustBootstrap : public QObject {
    Q_OBJECT
private slots:
    void randomStreamReference();
    void randomStreamIndices();
    void fillIndicesRule();
    void percentile_data();
    void percentile();
    void quantilesMatchSorted();
    void resampleStatisticsMatchAggregate_data();
    void resampleStatisticsMatchAggregate();
    void referenceResampler_data();
    void referenceResampler();
    void independentOfThreads();
    void auditMatchesCell();
    void seeds();
    void degenerateCell();
    void undefinedStatistics();
    void invalidSettings();
    void containsPointEstimate();
    void trustGapInterval();
    void coverage();
    void progressAndCancel();
};

namespace {

using testing::PairSpec;
using testing::runAnswer;

AuditPtr buildAudit(const std::vector<std::vector<PairSpec>>& cells)
{
    return testing::buildTrustAudit(cells);
}

/// One cell per entry (judge "J<k>", own items), in one audit.

TrustPairs summaryOf(const Audit& audit, std::size_t cell = 0)
{
    return summarizeTrustPairs(audit, audit.itemRunsOf(audit.cells()[cell]));
}

/// examples.md section 1 (mixed: labelled, unlabelled, a dropped pair, ties, none runs).
const std::vector<PairSpec> kExample = {
    {"A", "A-A", "AAA"}, {"B", "BAB", "---"}, {"B", "ABT", "ABA"}, {"B", "B-B", "BTB"}, {"", "AAA", "BAB"},
};

bool same(double a, double b)
{
    return (std::isnan(a) && std::isnan(b)) || a == b;
}

bool sameInterval(const Interval& a, const Interval& b)
{
    return same(a.lo, b.lo) && same(a.hi, b.hi);
}

std::vector<Interval> asList(const TrustCellIntervals& c)
{
    return {c.consistency, c.flipRate, c.accuracy, c.accuracyMax, c.trust, c.trustJoint, c.trustGap};
}

std::vector<double> asList(const TrustResampleStatistics& r)
{
    return {r.consistency, r.flipRate, r.accuracy, r.accuracyMax, r.trust, r.trustJoint, r.trustGap};
}

std::vector<double> asList(const TrustCellResult& r)
{
    return {r.consistency, r.flipRate, r.accuracy, r.accuracyMax, r.trust, r.trustJoint, r.trustGap};
}

const char* const kNames[] = {"C", "phi", "A", "A_max", "T", "T_joint", "T_gap"};

bool sameIntervals(const TrustCellIntervals& a, const TrustCellIntervals& b)
{
    const auto x = asList(a), y = asList(b);
    for (std::size_t k = 0; k < x.size(); ++k)
        if (!sameInterval(x[k], y[k]))
            return false;
    return true;
}

/// A simulated audit small enough for unit tests: 120 cells of about 50 pairs, 3 runs.
const Audit& smallSimulation()
{
    static const AuditPtr audit = [] {
        AuditSimulation s;
        s.judgments = 36'000;
        s.runs = 3;
        s.seed = 7;
        return simulateAudit(s);
    }();
    return *audit;
}

} // namespace

void TestTrustBootstrap::randomStreamReference()
{
    // Published reference outputs: SplitMix64 from state 0, and xoshiro256** from the state {1, 2, 3, 4}.
    std::uint64_t state = 0;
    QCOMPARE(splitMix64(state), 0xe220a8397b1dcdafULL);
    QCOMPARE(splitMix64(state), 0x6e789e6aa1b965f4ULL);
    QCOMPARE(splitMix64(state), 0x06c45d188009454fULL);
    RandomStream x = RandomStream::fromState(1, 2, 3, 4);
    QCOMPARE(x.next(), 11520ULL);
    QCOMPARE(x.next(), 0ULL);
    QCOMPARE(x.next(), 1509978240ULL);
    QCOMPARE(x.next(), 1215971899390074240ULL);
    // The documented derivation and index mapping, fixed by an independent (Python) implementation.
    RandomStream s(20261129, 3, 5);
    const std::vector<std::uint32_t> expected10 = {0, 2, 3, 0, 3, 7, 5, 3};
    for (std::uint32_t e : expected10)
        QCOMPARE(s.uniformIndex(10), e);
    QCOMPARE(s.uniformIndex(1000003), 976328u);
    QCOMPARE(s.uniformIndex(1000003), 558898u);
    QCOMPARE(s.uniformIndex(1000003), 995436u);
}

void TestTrustBootstrap::randomStreamIndices()
{
    // Same key, same stream; neighbouring keys differ; indices stay in range and cover it evenly.
    RandomStream a(1, 2, 3), b(1, 2, 3), c(1, 2, 4), d(1, 3, 3), e(2, 2, 3);
    const std::uint64_t first = a.next();
    QCOMPARE(b.next(), first);
    QVERIFY(c.next() != first);
    QVERIFY(d.next() != first);
    QVERIFY(e.next() != first);
    RandomStream r(20261129, 0, 0);
    QCOMPARE(r.uniformIndex(1), 0u);
    std::vector<int> counts(7);
    for (int i = 0; i < 70'000; ++i) {
        const std::uint32_t v = r.uniformIndex(7);
        QVERIFY(v < 7);
        ++counts[v];
    }
    for (int n : counts)
        QVERIFY2(std::abs(n - 10'000) < 500, qPrintable(QString::number(n))); // ~5 sd
    // A bound near 2^32 exercises the rejection branch.
    const std::uint32_t big = 0xfffffff0u;
    for (int i = 0; i < 1000; ++i)
        QVERIFY(r.uniformIndex(big) < big);
}

void TestTrustBootstrap::fillIndicesRule()
{
    // Pinned by an independent (Python) implementation of the documented rule: successive calls on one
    // stream, 16-bit words below 2^16, 32-bit words from 65536 on, unused words dropped.
    RandomStream s(20261129, 3, 5);
    std::vector<std::uint32_t> out(9);
    s.fillIndices(10, out.data(), 9);
    QCOMPARE(out, (std::vector<std::uint32_t>{1, 0, 2, 2, 5, 3, 2, 0, 9}));
    out.resize(3);
    s.fillIndices(100000, out.data(), 3);
    QCOMPARE(out, (std::vector<std::uint32_t>{53289, 32545, 97632}));
    out.resize(5);
    s.fillIndices(65535, out.data(), 5);
    QCOMPARE(out, (std::vector<std::uint32_t>{49084, 65235, 12963, 37551, 3887}));
    out.resize(3);
    s.fillIndices(65536, out.data(), 3);
    QCOMPARE(out, (std::vector<std::uint32_t>{54142, 52608, 59043}));
    // The fast path equals a word-by-word reading of the rule, for bounds where rejections are frequent
    // (just above 2^15 and 2^31: about half the words are rejected), tails of every length and a spare word
    // pending from next32.
    for (std::uint32_t n : {1u, 3u, 416u, 32769u, 65535u, 65536u, 100'003u, 0x80000001u, 0xffffffffu}) {
        for (std::size_t count : {0, 1, 2, 3, 5, 8, 1001}) {
            RandomStream fast(77, n, count), slow(77, n, count);
            fast.next32();
            slow.next32();
            std::vector<std::uint32_t> got(count);
            fast.fillIndices(n, got.data(), count);
            const int bits = n <= 0xffffu ? 16 : 32;
            const std::uint64_t mask = (std::uint64_t{1} << bits) - 1;
            const std::uint64_t threshold = (mask + 1) % n;
            std::vector<std::uint32_t> expected;
            while (expected.size() < count) {
                const std::uint64_t x = slow.next();
                for (int w = 0; w < 64 / bits && expected.size() < count; ++w) {
                    const std::uint64_t m = ((x >> (w * bits)) & mask) * n;
                    if ((m & mask) >= threshold)
                        expected.push_back(static_cast<std::uint32_t>(m >> bits));
                }
            }
            QVERIFY2(got == expected, qPrintable(QString("n=%1 count=%2").arg(n).arg(count)));
            for (std::uint32_t v : got)
                QVERIFY(v < n);
            QCOMPARE(fast.next(), slow.next()); // same number of outputs consumed
        }
    }
}

void TestTrustBootstrap::percentile_data()
{
    QTest::addColumn<QVector<double>>("values");
    QTest::addColumn<double>("q");
    QTest::addColumn<double>("expected");
    // numpy.quantile(values, q) (method "linear"): h = (n-1) q, x[k] + (h-k)(x[k+1]-x[k]). Hand-computed, and
    // equal bit for bit to numpy 1.24 (repr of np.quantile), e.g. 3.8000000000000007 below.
    QTest::newRow("n=1 q=0") << QVector<double>{5} << 0.0 << 5.0;
    QTest::newRow("n=1 q=0.5") << QVector<double>{5} << 0.5 << 5.0;
    QTest::newRow("n=1 q=1") << QVector<double>{5} << 1.0 << 5.0;
    QTest::newRow("n=4 q=0 (minimum)") << QVector<double>{4, 2, 1, 3} << 0.0 << 1.0;
    QTest::newRow("n=4 q=1 (maximum)") << QVector<double>{4, 2, 1, 3} << 1.0 << 4.0;
    QTest::newRow("n=4 median") << QVector<double>{4, 2, 1, 3} << 0.5 << 2.5;
    QTest::newRow("n=4 q=0.25") << QVector<double>{4, 2, 1, 3} << 0.25 << 1.75;
    QTest::newRow("n=4 q=0.025") << QVector<double>{4, 2, 1, 3} << 0.025 << 1.075;
    QTest::newRow("n=4 q=0.975") << QVector<double>{4, 2, 1, 3} << 0.975 << 3.925;
    QTest::newRow("n=3 odd median") << QVector<double>{3, 1, 2} << 0.5 << 2.0;
    QTest::newRow("n=2 q=0.3") << QVector<double>{20, 10} << 0.3 << 13.0;
    QTest::newRow("ties q=0.9") << QVector<double>{1, 5, 1, 1} << 0.9 << 3.8000000000000007;
    QTest::newRow("negative values") << QVector<double>{-1, -3, -2} << 0.75 << -1.5;
    // n = 5: h = 4 q lands exactly on order statistics at quartiles.
    QTest::newRow("n=5 q=0.75 exact") << QVector<double>{50, 10, 40, 20, 30} << 0.75 << 40.0;
    QTest::newRow("n=5 q=0.8") << QVector<double>{50, 10, 40, 20, 30} << 0.8 << 42.0;
    QTest::newRow("empty") << QVector<double>{} << 0.5 << kMissing;
    QTest::newRow("level below 0") << QVector<double>{1, 2} << -0.1 << kMissing;
    QTest::newRow("level above 1") << QVector<double>{1, 2} << 1.1 << kMissing;
}

void TestTrustBootstrap::percentile()
{
    QFETCH(QVector<double>, values);
    QFETCH(double, q);
    QFETCH(double, expected);
    std::vector<double> v(values.begin(), values.end());
    const double got = quantile(v, q);
    std::sort(values.begin(), values.end());
    const double sorted = quantileSorted(std::vector<double>(values.begin(), values.end()), q);
    if (std::isnan(expected)) {
        QVERIFY(std::isnan(got));
        QVERIFY(std::isnan(sorted));
        return;
    }
    QVERIFY2(got == expected, qPrintable(QString::number(got, 'g', 17)));
    QVERIFY(same(sorted, got));
}

void TestTrustBootstrap::quantilesMatchSorted()
{
    // Selection (any level order, repeated levels, neighbouring order statistics) equals a full sort.
    RandomStream r(11, 0, 0);
    for (int n : {1, 2, 3, 10, 63, 64, 65, 2000, 2001}) {
        std::vector<double> values(static_cast<std::size_t>(n));
        for (double& v : values)
            v = static_cast<double>(r.uniformIndex(50)) / 7.0; // many ties
        std::vector<double> sorted = values;
        std::sort(sorted.begin(), sorted.end());
        // Mixed levels, the bootstrap tails, extremes, one level, and an invalid level next to a valid one.
        const std::vector<std::vector<double>> levelSets = {
            {0.025, 0.975, 0.5, 0.5, 0.0, 1.0, 0.3, 0.3001, 0.999, 0.001},
            {0.025, 0.975},
            {0.0, 1.0, 0.001, 0.999, 0.05},
            {0.9999},
            {0.01, 2.0},
        };
        for (const auto& qs : levelSets) {
            std::vector<double> out(qs.size());
            std::vector<double> work = values;
            quantiles(work, qs, out);
            for (std::size_t i = 0; i < qs.size(); ++i)
                QVERIFY2(same(out[i], quantileSorted(sorted, qs[i])),
                         qPrintable(QString("n=%1 q=%2").arg(n).arg(qs[i])));
        }
    }
}

void TestTrustBootstrap::resampleStatisticsMatchAggregate_data()
{
    QTest::addColumn<int>("unit");
    QTest::addColumn<int>("qMode");
    QTest::addColumn<bool>("assume");
    for (int unit : {int(ConsistencyUnit::Pair), int(ConsistencyUnit::Presentation)})
        for (int q : {int(QMode::Half), int(QMode::Observed)})
            for (bool assume : {false, true})
                QTest::addRow("unit %d q %d assume %d", unit, q, int(assume)) << unit << q << assume;
}

void TestTrustBootstrap::resampleStatisticsMatchAggregate()
{
    QFETCH(int, unit);
    QFETCH(int, qMode);
    QFETCH(bool, assume);
    TrustSettings settings;
    settings.consistencyUnit = ConsistencyUnit(unit);
    settings.qMode = QMode(qMode);
    settings.assumeConsistentWhenSingleRun = assume;
    // Hand-made cells (mixed; single run; mixed single and multi-run), then simulated cells.
    const AuditPtr hand =
        buildAudit({kExample,
                    {{"A", "A", "B"}, {"B", "B", "B"}, {"", "A", "A"}},
                    {{"A", "A", "A"}, {"A", "AB", "AA"}, {"", "B", "BB"}, {"B", "A", "B"}}});
    std::vector<TrustPairs> summaries;
    for (std::size_t c = 0; c < hand->cells().size(); ++c)
        summaries.push_back(summaryOf(*hand, c));
    const Audit& sim = smallSimulation();
    for (std::size_t c = 0; c < sim.cells().size(); c += 17)
        summaries.push_back(summaryOf(sim, c));
    RandomStream rng(99, 0, 0);
    std::vector<std::uint32_t> indices;
    for (const TrustPairs& s : summaries) {
        const auto n = static_cast<std::uint32_t>(s.pairs.size());
        QVERIFY(n > 0);
        for (int trial = 0; trial < 200; ++trial) {
            // Resamples of any size, including the empty multiset and the identity.
            const std::uint32_t size = trial == 0 ? 0 : trial == 1 ? n : rng.uniformIndex(2 * n + 1);
            indices.resize(size);
            for (std::uint32_t i = 0; i < size; ++i)
                indices[i] = trial == 1 ? i : rng.uniformIndex(n);
            const auto fast = asList(trustResampleStatistics(s, indices, settings));
            const auto reference = asList(aggregateTrust(s, indices, settings));
            for (std::size_t k = 0; k < fast.size(); ++k)
                QVERIFY2(same(fast[k], reference[k]), qPrintable(QString("%1: %2 vs %3")
                                                                     .arg(kNames[k])
                                                                     .arg(fast[k], 0, 'g', 17)
                                                                     .arg(reference[k], 0, 'g', 17)));
        }
    }
}

void TestTrustBootstrap::referenceResampler_data()
{
    QTest::addColumn<int>("resamples");
    QTest::addColumn<double>("level");
    QTest::addColumn<int>("qMode");
    QTest::newRow("one resample") << 1 << 0.95 << int(QMode::Half);
    QTest::newRow("partial last chunk") << 150 << 0.95 << int(QMode::Half);
    QTest::newRow("exact chunks, 90%") << 128 << 0.9 << int(QMode::Observed);
    QTest::newRow("2000 default") << 2000 << 0.95 << int(QMode::Half);
}

void TestTrustBootstrap::referenceResampler()
{
    // A straightforward resampler following the header's scheme (streams per chunk, aggregateTrust per
    // resample, percentiles of the sorted defined values) gives the same intervals bit for bit.
    QFETCH(int, resamples);
    QFETCH(double, level);
    QFETCH(int, qMode);
    TrustSettings trust;
    trust.qMode = QMode(qMode);
    BootstrapSettings b;
    b.resamples = resamples;
    b.level = level;
    b.seed = 4242;
    const Audit& sim = smallSimulation();
    const AuditPtr hand = buildAudit({kExample});
    std::vector<TrustPairs> summaries = {summaryOf(*hand), summaryOf(sim, 5), summaryOf(sim, 77)};
    for (std::size_t cell = 0; cell < summaries.size(); ++cell) {
        const TrustPairs& s = summaries[cell];
        const auto n = static_cast<std::uint32_t>(s.pairs.size());
        std::vector<std::vector<double>> values(7);
        std::vector<std::uint32_t> indices(n);
        for (int chunk = 0; chunk * kBootstrapChunk < resamples; ++chunk) {
            RandomStream rng(b.seed, cell, static_cast<std::uint64_t>(chunk));
            for (int r = chunk * kBootstrapChunk; r < std::min(resamples, (chunk + 1) * kBootstrapChunk);
                 ++r) {
                rng.fillIndices(n, indices.data(), n);
                const auto stats = asList(aggregateTrust(s, indices, trust));
                for (std::size_t k = 0; k < 7; ++k)
                    values[k].push_back(stats[k]);
            }
        }
        std::vector<Interval> expected(7);
        for (std::size_t k = 0; k < 7; ++k) {
            std::vector<double> defined;
            for (double v : values[k])
                if (!std::isnan(v))
                    defined.push_back(v);
            if (2 * (values[k].size() - defined.size()) > values[k].size())
                continue;
            std::sort(defined.begin(), defined.end());
            const double alpha = (1 - level) / 2;
            expected[k] = {quantileSorted(defined, alpha), quantileSorted(defined, 1 - alpha)};
        }
        const auto got = asList(bootstrapTrustCell(s, trust, b, cell));
        for (std::size_t k = 0; k < 7; ++k)
            QVERIFY2(sameInterval(got[k], expected[k]), qPrintable(QString("cell %1 %2: [%3, %4] vs [%5, %6]")
                                                                       .arg(cell)
                                                                       .arg(kNames[k])
                                                                       .arg(got[k].lo)
                                                                       .arg(got[k].hi)
                                                                       .arg(expected[k].lo)
                                                                       .arg(expected[k].hi)));
    }
}

void TestTrustBootstrap::independentOfThreads()
{
    const Audit& sim = smallSimulation();
    BootstrapSettings b;
    b.resamples = 300;
    b.threads = 1;
    const auto one = bootstrapTrust(sim, {}, b);
    QCOMPARE(one.size(), sim.cells().size());
    for (int threads : {2, 4}) {
        b.threads = threads;
        const auto many = bootstrapTrust(sim, {}, b);
        QCOMPARE(many.size(), one.size());
        for (std::size_t c = 0; c < one.size(); ++c)
            QVERIFY2(sameIntervals(many[c], one[c]),
                     qPrintable(QString("threads %1 cell %2").arg(threads).arg(c)));
    }
    // bootstrapTrustCell with several threads too.
    const TrustPairs s = summaryOf(sim, 3);
    b.threads = 1;
    const auto cellOne = bootstrapTrustCell(s, {}, b, 3);
    b.threads = 4;
    QVERIFY(sameIntervals(bootstrapTrustCell(s, {}, b, 3), cellOne));
}

void TestTrustBootstrap::auditMatchesCell()
{
    const Audit& sim = smallSimulation();
    TrustSettings trust;
    trust.consistencyUnit = ConsistencyUnit::Presentation;
    BootstrapSettings b;
    b.resamples = 200;
    const auto all = bootstrapTrust(sim, trust, b);
    for (std::size_t c = 0; c < sim.cells().size(); c += 13)
        QVERIFY(sameIntervals(all[c], bootstrapTrustCell(summaryOf(sim, c), trust, b, c)));
}

void TestTrustBootstrap::seeds()
{
    // Another seed moves the ends by Monte Carlo error only.
    const Audit& sim = smallSimulation();
    BootstrapSettings b;
    const auto first = bootstrapTrust(sim, {}, b);
    b.seed = 1;
    const auto second = bootstrapTrust(sim, {}, b);
    int differing = 0;
    for (std::size_t c = 0; c < first.size(); ++c) {
        const auto x = asList(first[c]), y = asList(second[c]);
        for (std::size_t k = 0; k < x.size(); ++k) {
            QVERIFY(!std::isnan(x[k].lo) && !std::isnan(y[k].lo));
            differing += x[k].lo != y[k].lo || x[k].hi != y[k].hi;
            QVERIFY2(std::abs(x[k].lo - y[k].lo) <= 0.05 && std::abs(x[k].hi - y[k].hi) <= 0.05,
                     qPrintable(QString("cell %1 %2").arg(c).arg(kNames[k])));
        }
    }
    qInfo("intervals that moved with the seed: %d of 840", differing);
    QVERIFY2(differing > 400, qPrintable(QString::number(differing)));
}

void TestTrustBootstrap::degenerateCell()
{
    // Every pair alike: every resample is the cell itself, so lo = hi = the point value, exactly.
    const std::vector<PairSpec> consistentFlip(25, PairSpec{"A", "AAB", "BBB"});
    const std::vector<PairSpec> correct(30, PairSpec{"B", "BBB", "BBB"});
    const AuditPtr audit = buildAudit({consistentFlip, correct});
    for (int unit : {int(ConsistencyUnit::Pair), int(ConsistencyUnit::Presentation)}) {
        TrustSettings trust;
        trust.consistencyUnit = ConsistencyUnit(unit);
        trust.qMode = QMode::Observed;
        const auto points = analyseTrust(*audit, trust);
        const auto intervals = bootstrapTrust(*audit, trust, {});
        for (std::size_t c = 0; c < points.size(); ++c) {
            const auto point = asList(points[c]);
            const auto iv = asList(intervals[c]);
            for (std::size_t k = 0; k < point.size(); ++k) {
                QVERIFY(!std::isnan(point[k]));
                QVERIFY2(iv[k].lo == point[k] && iv[k].hi == point[k], kNames[k]);
            }
        }
    }
}

void TestTrustBootstrap::undefinedStatistics()
{
    // Single run, no opt-in: C (and so T, T_joint) undefined in every resample -> kMissing; phi, A defined.
    const AuditPtr single = buildAudit({{{"A", "A", "A"}, {"B", "A", "B"}, {"A", "B", "A"}}});
    const auto none = bootstrapTrust(*single, {}, {});
    QVERIFY(std::isnan(none[0].consistency.lo) && std::isnan(none[0].consistency.hi));
    QVERIFY(std::isnan(none[0].trust.lo) && std::isnan(none[0].trustJoint.hi) &&
            std::isnan(none[0].trustGap.lo));
    QVERIFY(!std::isnan(none[0].flipRate.lo) && !std::isnan(none[0].accuracy.hi));
    // With the opt-in C = 1 in every resample.
    TrustSettings assume;
    assume.assumeConsistentWhenSingleRun = true;
    const auto opted = bootstrapTrust(*single, assume, {});
    QCOMPARE(opted[0].consistency.lo, 1.0);
    QCOMPARE(opted[0].consistency.hi, 1.0);
    QVERIFY(!std::isnan(opted[0].trust.lo));
    // One labelled of two pairs: a quarter of the resamples draw no labelled pair (A undefined), fewer than
    // half, so the interval is taken over the defined three quarters: A is 0 or 1 there.
    const AuditPtr half = buildAudit({{{"A", "AA", "AA"}, {"", "BB", "AA"}}});
    const auto h = bootstrapTrust(*half, {}, {});
    QCOMPARE(h[0].accuracy.lo, 1.0);
    QCOMPARE(h[0].accuracy.hi, 1.0);
    // Only unlabelled pairs: the A family is undefined everywhere; C and phi are not.
    const AuditPtr unlabelled = buildAudit({{{"", "AA", "AB"}, {"", "BB", "AA"}}});
    const auto u = bootstrapTrust(*unlabelled, {}, {});
    QVERIFY(std::isnan(u[0].accuracy.lo) && std::isnan(u[0].accuracyMax.hi));
    QVERIFY(!std::isnan(u[0].consistency.lo) && !std::isnan(u[0].flipRate.hi));
    // A cell without retained pairs: everything undefined.
    const AuditPtr dropped = buildAudit({{{"A", "AA", ""}}});
    const auto d = bootstrapTrust(*dropped, {}, {});
    QCOMPARE(d.size(), std::size_t{1});
    for (const Interval& i : asList(d[0]))
        QVERIFY(std::isnan(i.lo) && std::isnan(i.hi));
}

void TestTrustBootstrap::invalidSettings()
{
    const AuditPtr audit = buildAudit({kExample});
    const TrustPairs s = summaryOf(*audit);
    for (auto [resamples, level] : {std::pair{0, 0.95}, std::pair{-5, 0.95}, std::pair{100, 0.0},
                                    std::pair{100, 1.0}, std::pair{100, std::nan("")}}) {
        BootstrapSettings b;
        b.resamples = resamples;
        b.level = level;
        for (const Interval& i : asList(bootstrapTrustCell(s, {}, b, 0)))
            QVERIFY(std::isnan(i.lo) && std::isnan(i.hi));
        const auto all = bootstrapTrust(*audit, {}, b);
        QCOMPARE(all.size(), std::size_t{1});
        QVERIFY(std::isnan(all[0].accuracy.lo));
    }
}

void TestTrustBootstrap::containsPointEstimate()
{
    const Audit& sim = smallSimulation();
    for (int q : {int(QMode::Half), int(QMode::Observed)}) {
        TrustSettings trust;
        trust.qMode = QMode(q);
        const auto points = analyseTrust(sim, trust);
        const auto intervals = bootstrapTrust(sim, trust, {});
        QCOMPARE(intervals.size(), points.size());
        for (std::size_t c = 0; c < points.size(); ++c) {
            const auto point = asList(points[c]);
            const auto iv = asList(intervals[c]);
            for (std::size_t k = 0; k < point.size(); ++k) {
                QVERIFY(!std::isnan(point[k]));
                QVERIFY2(iv[k].lo <= point[k] && point[k] <= iv[k].hi,
                         qPrintable(QString("cell %1 %2: %3 not in [%4, %5]")
                                        .arg(c)
                                        .arg(kNames[k])
                                        .arg(point[k])
                                        .arg(iv[k].lo)
                                        .arg(iv[k].hi)));
                if (k != 6) // rates lie in [0, 1]; the gap is signed
                    QVERIFY(iv[k].lo >= 0.0 && iv[k].hi <= 1.0);
            }
        }
    }
}

void TestTrustBootstrap::trustGapInterval()
{
    // Table 10: the gap T - T_joint per cell with its interval; the interval of the difference is not the
    // difference of the intervals (the two move together across resamples).
    const Audit& sim = smallSimulation();
    const auto points = analyseTrust(sim, {});
    const auto intervals = bootstrapTrust(sim, {}, {});
    int narrower = 0;
    for (std::size_t c = 0; c < points.size(); ++c) {
        const Interval gap = intervals[c].trustGap;
        QVERIFY(gap.lo <= points[c].trustGap && points[c].trustGap <= gap.hi);
        QVERIFY(gap.lo < gap.hi);
        const double naive = (intervals[c].trust.hi - intervals[c].trust.lo) +
                             (intervals[c].trustJoint.hi - intervals[c].trustJoint.lo);
        narrower += gap.hi - gap.lo < naive;
    }
    QCOMPARE(narrower, int(points.size()));
}

void TestTrustBootstrap::coverage()
{
    // 200 cells of 100 pairs, each pair drawn from five types with known shares, so the true C, phi and A
    // are known exactly. The 95% intervals must cover them at about the advertised rate (deterministic:
    // fixed seeds).
    struct Type {
        PairSpec spec;
        int share; // of 100
        double n, p, acc;
    };
    const Type types[] = {
        {{"A", "AAA", "AAA"}, 50, 1, 1, 1.0},       // right, stable
        {{"A", "AAA", "BBB"}, 15, 1, 0, 0.5},       // position bias
        {{"A", "AAB", "AAA"}, 15, 0, 1, 5.0 / 6.0}, // noisy but decisive
        {{"A", "BBB", "BBB"}, 10, 1, 1, 0.0},       // confidently wrong
        {{"A", "ABB", "AAB"}, 10, 0, 0, 0.5},       // noisy and flipping
    };
    double trueC = 0, truePhi = 0, trueA = 0;
    for (const Type& t : types) {
        trueC += t.share / 100.0 * t.n;
        truePhi += t.share / 100.0 * (1 - t.p);
        trueA += t.share / 100.0 * t.acc;
    }
    QVERIFY(std::abs(trueA - 0.75) < 1e-12 && std::abs(trueC - 0.75) < 1e-12 &&
            std::abs(truePhi - 0.25) < 1e-12);
    std::vector<std::vector<PairSpec>> cells(200);
    for (std::size_t c = 0; c < cells.size(); ++c) {
        RandomStream rng(5150, c, 0);
        for (int i = 0; i < 100; ++i) {
            int u = static_cast<int>(rng.uniformIndex(100));
            std::size_t t = 0;
            while (u >= types[t].share)
                u -= types[t++].share;
            cells[c].push_back(types[t].spec);
        }
    }
    const AuditPtr audit = buildAudit(cells);
    const auto intervals = bootstrapTrust(*audit, {}, {});
    QCOMPARE(intervals.size(), cells.size());
    int coverA = 0, coverC = 0, coverPhi = 0;
    for (const TrustCellIntervals& iv : intervals) {
        coverA += iv.accuracy.lo <= trueA && trueA <= iv.accuracy.hi;
        coverC += iv.consistency.lo <= trueC && trueC <= iv.consistency.hi;
        coverPhi += iv.flipRate.lo <= truePhi && truePhi <= iv.flipRate.hi;
    }
    qInfo("coverage of 200 cells: A %d, C %d, phi %d", coverA, coverC, coverPhi);
    for (int covered : {coverA, coverC, coverPhi})
        QVERIFY2(covered >= 180 && covered <= 198, qPrintable(QString::number(covered)));
}

void TestTrustBootstrap::progressAndCancel()
{
    const Audit& sim = smallSimulation();
    BootstrapSettings b;
    b.resamples = 100;
    b.threads = 2;
    std::vector<std::uint64_t> done;
    std::uint64_t reportedTotal = 0;
    Progress progress;
    progress.report = [&](std::uint64_t d, std::uint64_t total) { // serialised by bootstrapTrust
        done.push_back(d);
        reportedTotal = total;
    };
    QCOMPARE(bootstrapTrust(sim, {}, b, progress).size(), sim.cells().size());
    QCOMPARE(reportedTotal, std::uint64_t{sim.cells().size()});
    QCOMPARE(done.size(), sim.cells().size());
    QVERIFY(std::is_sorted(done.begin(), done.end()));
    QCOMPARE(done.back(), std::uint64_t{sim.cells().size()});
    // Cancelled before the start, or from the first progress report: an empty result.
    std::atomic<bool> cancel{true};
    Progress cancelled;
    cancelled.cancel = &cancel;
    QVERIFY(bootstrapTrust(sim, {}, b, cancelled).empty());
    cancel = false;
    cancelled.report = [&](std::uint64_t, std::uint64_t) { cancel = true; };
    QVERIFY(bootstrapTrust(sim, {}, b, cancelled).empty());
}

QTEST_GUILESS_MAIN(TestTrustBootstrap)
#include "tst_trustbootstrap.moc"
