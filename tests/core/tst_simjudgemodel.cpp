// The simulated pairwise judge (analysis/simjudgemodel.h): exact expected trust rates against hand-computed
// values and against a Monte Carlo estimate from simJudgeAnswer, the inverse behaviourForRates, and its error
// messages.
#include "analysis/simjudgemodel.h"
#include "stats/randomstreams.h"

#include <QtTest>

#include <cmath>
#include <string>

using namespace tribunal;

class TestSimJudgeModel : public QObject {
    Q_OBJECT
private slots:
    void expectedRatesByHand_data();
    void expectedRatesByHand();
    void expectedRatesMatchSampling_data();
    void expectedRatesMatchSampling();
    void inverseRoundTrip();
    void unreachableRates_data();
    void unreachableRates();
    void answerDraws();
};

namespace {

SimJudgeBehaviour behaviourOf(double a, double b, double k)
{
    SimJudgeBehaviour x;
    x.accuracy = a;
    x.positionBias = b;
    x.consistency = k;
    return x;
}

double uniform(RandomStream& rng)
{
    return static_cast<double>(rng.next() >> 11) * 0x1.0p-53;
}

} // namespace

void TestSimJudgeModel::expectedRatesByHand_data()
{
    QTest::addColumn<double>("a");
    QTest::addColumn<double>("b");
    QTest::addColumn<double>("k");
    QTest::addColumn<int>("runs");
    QTest::addColumn<double>("C");
    QTest::addColumn<double>("phi");
    QTest::addColumn<double>("A");
    // R = 1, k = 1: C = 1 trivially. The two orders name the same candidate exactly when the order showing
    // the other candidate first escapes the position effect: phi = b. A = a (1 - b/2) + (1 - a) b/2.
    QTest::newRow("R1 k1") << 0.8 << 0.1 << 1.0 << 1 << 1.0 << 0.1 << 0.77;
    // R = 1, k = 0.9, b = 0, a = 1: both presentations say A; each single run keeps it with 0.9:
    // P = 0.9^2 + 0.1^2 = 0.82, phi = 0.18; A = k = 0.9. C = (0.9 + 0.1)^2 = 1.
    QTest::newRow("R1 k0.9") << 1.0 << 0.0 << 0.9 << 1 << 1.0 << 0.18 << 0.9;
    // R = 2, k = 0.9, b = 0, a = 1: C = (0.81 + 0.01)^2 = 0.6724. Modal A with 0.81, B with 0.01, none
    // (1-1 split) with 0.18: P = 0.81^2 + 0.01^2 = 0.6562, phi = 0.3438. A = 0.9.
    QTest::newRow("R2 k0.9") << 1.0 << 0.0 << 0.9 << 2 << 0.6724 << 0.3438 << 0.9;
    // R = 3, a = 0.7, b = 0.2, k = 0.8: agree = 0.8^3 + 0.2^3 = 0.52, C = 0.2704. Modal = the presentation's
    // verdict with S = 0.512 + 3 (0.64)(0.2) = 0.896, else O = 0.104. The presentations name the same
    // candidate with 1 - b = 0.8: P = 0.8 (S^2 + O^2) + 0.2 (2 S O) = 0.6509056 + 0.0372736, phi = 0.3118208.
    // A = (1 - k) + (2k - 1) (P(v_AB = A) + P(v_BA = A)) / 2 = 0.2 + 0.6 (0.76 + 0.56) / 2 = 0.596.
    QTest::newRow("R3 mixed") << 0.7 << 0.2 << 0.8 << 3 << 0.2704 << 0.3118208 << 0.596;
    // R = 2, a = 0.5, b = 0.5, k = 0.75: agree = 0.625, C = 0.390625; S = 0.5625, O = 0.0625:
    // P = 0.5 (0.31640625 + 0.00390625) + 0.5 (2 * 0.03515625) = 0.1953125, phi = 0.8046875;
    // A = 0.25 + 0.5 (0.75 + 0.25) / 2 = 0.5.
    QTest::newRow("R2 even split") << 0.5 << 0.5 << 0.75 << 2 << 0.390625 << 0.8046875 << 0.5;
    // b = 1: every verdict names the first slot: phi = 1 (with k = 1) and A = 1/2 whatever a.
    QTest::newRow("always first slot") << 0.9 << 1.0 << 1.0 << 2 << 1.0 << 1.0 << 0.5;
}

void TestSimJudgeModel::expectedRatesByHand()
{
    QFETCH(double, a);
    QFETCH(double, b);
    QFETCH(double, k);
    QFETCH(int, runs);
    QFETCH(double, C);
    QFETCH(double, phi);
    QFETCH(double, A);
    const SimTrustRates r = expectedTrustRates(behaviourOf(a, b, k), runs);
    QVERIFY2(std::abs(r.consistency - C) < 1e-12, qPrintable(QString::number(r.consistency, 'g', 17)));
    QVERIFY2(std::abs(r.flipRate - phi) < 1e-12, qPrintable(QString::number(r.flipRate, 'g', 17)));
    QVERIFY2(std::abs(r.accuracy - A) < 1e-12, qPrintable(QString::number(r.accuracy, 'g', 17)));
}

void TestSimJudgeModel::expectedRatesMatchSampling_data()
{
    QTest::addColumn<double>("a");
    QTest::addColumn<double>("b");
    QTest::addColumn<double>("k");
    QTest::addColumn<int>("runs");
    QTest::newRow("R3") << 0.75 << 0.15 << 0.9 << 3;
    QTest::newRow("R2 ties") << 0.6 << 0.3 << 0.8 << 2;
    QTest::newRow("R1") << 0.85 << 0.25 << 0.95 << 1;
}

void TestSimJudgeModel::expectedRatesMatchSampling()
{
    // 200,000 labelled pairs (labels alternate A / B), each rate's per-pair indicator computed here from
    // the definitions T2-T4, independently of the planner's summaries.
    QFETCH(double, a);
    QFETCH(double, b);
    QFETCH(double, k);
    QFETCH(int, runs);
    const SimJudgeBehaviour behaviour = behaviourOf(a, b, k);
    RandomStream rng(7, 1, static_cast<std::uint64_t>(runs));
    constexpr int kPairs = 200'000;
    double sum[3] = {}, sumSq[3] = {};
    for (int i = 0; i < kPairs; ++i) {
        const Answer label = i % 2 == 0 ? answer::kA : answer::kB;
        const double uSettled = uniform(rng);
        int countA[2] = {0, 0}, correct = 0;
        for (int o = 0; o < 2; ++o) {
            const double uPosition = uniform(rng);
            for (int r = 0; r < runs; ++r) {
                const Answer v = simJudgeAnswer(behaviour, label, o == 0 ? Order::AB : Order::BA, uSettled,
                                                uPosition, uniform(rng));
                countA[o] += v == answer::kA;
                correct += v == label;
            }
        }
        const bool reproducible =
            (countA[0] == 0 || countA[0] == runs) && (countA[1] == 0 || countA[1] == runs);
        int mode[2];
        for (int o = 0; o < 2; ++o)
            mode[o] = 2 * countA[o] > runs ? 1 : (2 * countA[o] < runs ? 2 : 0);
        const bool invariant = mode[0] != 0 && mode[0] == mode[1];
        const double x[3] = {reproducible ? 1.0 : 0.0, invariant ? 0.0 : 1.0,
                             static_cast<double>(correct) / (2.0 * runs)};
        for (int m = 0; m < 3; ++m) {
            sum[m] += x[m];
            sumSq[m] += x[m] * x[m];
        }
    }
    const SimTrustRates expected = expectedTrustRates(behaviour, runs);
    const double want[3] = {expected.consistency, expected.flipRate, expected.accuracy};
    const char* names[3] = {"C", "phi", "A"};
    for (int m = 0; m < 3; ++m) {
        const double mean = sum[m] / kPairs;
        const double var = (sumSq[m] - kPairs * mean * mean) / (kPairs - 1);
        const double se = std::sqrt(var / kPairs);
        // C with one run is 1 in every pair (se = 0): then the match must be exact.
        QVERIFY2(std::abs(mean - want[m]) <= 4 * se + 1e-15,
                 qPrintable(QStringLiteral("%1: sampled %2, expected %3, se %4")
                                .arg(names[m])
                                .arg(mean, 0, 'g', 8)
                                .arg(want[m], 0, 'g', 8)
                                .arg(se, 0, 'g', 3)));
    }
}

void TestSimJudgeModel::inverseRoundTrip()
{
    // k = 0.5 (phi does not depend on b) and b = 1 (A does not depend on a) are not identifiable; the grid
    // stays inside. With one run k is not identifiable and the inverse uses k = 1, so only k = 1 is tested.
    int checked = 0;
    for (int runs : {1, 2, 3, 5})
        for (double a : {0.0, 0.3, 0.75, 1.0})
            for (double b : {0.0, 0.1, 0.4, 0.9})
                for (double k : {0.6, 0.85, 1.0}) {
                    if (runs == 1 && k != 1.0)
                        continue;
                    const SimJudgeBehaviour x = behaviourOf(a, b, k);
                    std::string error;
                    const auto back = behaviourForRates(expectedTrustRates(x, runs), runs, &error);
                    const QString where =
                        QStringLiteral("R=%1 a=%2 b=%3 k=%4").arg(runs).arg(a).arg(b).arg(k);
                    QVERIFY2(back.has_value(), qPrintable(where + ": " + QString::fromStdString(error)));
                    QVERIFY2(std::abs(back->accuracy - a) < 1e-9, qPrintable(where));
                    QVERIFY2(std::abs(back->positionBias - b) < 1e-9, qPrintable(where));
                    QVERIFY2(std::abs(back->consistency - k) < 1e-9, qPrintable(where));
                    ++checked;
                }
    QCOMPARE(checked, 16 + 3 * 48);
}

void TestSimJudgeModel::unreachableRates_data()
{
    QTest::addColumn<double>("C");
    QTest::addColumn<double>("phi");
    QTest::addColumn<double>("A");
    QTest::addColumn<int>("runs");
    QTest::addColumn<QString>("message");
    // R = 3: C >= 2^(2(1 - 3)) = 0.0625 (k = 1/2).
    QTest::newRow("C too low") << 0.01 << 0.3 << 0.6 << 3
                               << "C = 0.01 is not reachable with 3 runs: it must be in [0.0625, 1]";
    QTest::newRow("C above 1") << 1.2 << 0.3 << 0.6 << 3
                               << "C = 1.2 is not reachable with 3 runs: it must be in [0.0625, 1]";
    QTest::newRow("C NaN") << std::nan("") << 0.3 << 0.6 << 2
                           << "C = nan is not reachable with 2 runs: it must be in [0.25, 1]";
    // C = 0.2704 is k = 0.8 at R = 3 (see expectedRatesByHand): phi runs from 1 - (S^2 + O^2) = 0.186368
    // (b = 0) to 1 - 2 S O = 0.813632 (b = 1).
    QTest::newRow("phi too low")
        << 0.2704 << 0.1 << 0.6 << 3
        << "phi = 0.1 is not reachable with C = 0.2704 and 3 runs: it must be in [0.186368, 0.813632]";
    QTest::newRow("phi above 1") << 1.0 << 1.5 << 0.6 << 2
                                 << "phi = 1.5 is not reachable with C = 1 and 2 runs: it must be in [0, 1]";
    // ... and with phi = 0.3118208 (b = 0.2), A = 0.2 + 0.6 (a 0.8 + 0.1) runs from 0.26 to 0.74.
    QTest::newRow("A too high") << 0.2704 << 0.3118208 << 0.9 << 3
                                << "A = 0.9 is not reachable with C = 0.2704, phi = 0.311821 and 3 runs: it "
                                   "must be in [0.26, 0.74]";
    QTest::newRow("A negative")
        << 1.0 << 0.1 << -0.1 << 1
        << "A = -0.1 is not reachable with C = 1, phi = 0.1 and 1 runs: it must be in "
           "[0.05, 0.95]";
}

void TestSimJudgeModel::unreachableRates()
{
    QFETCH(double, C);
    QFETCH(double, phi);
    QFETCH(double, A);
    QFETCH(int, runs);
    QFETCH(QString, message);
    SimTrustRates target;
    target.consistency = C;
    target.flipRate = phi;
    target.accuracy = A;
    std::string error;
    QVERIFY(!behaviourForRates(target, runs, &error).has_value());
    QCOMPARE(QString::fromStdString(error), message);
}

void TestSimJudgeModel::answerDraws()
{
    // The uniforms decide in turn: settled (< a: the label), position (< b: the first slot), run (< k: kept).
    const SimJudgeBehaviour x = behaviourOf(0.7, 0.2, 0.9);
    QCOMPARE(simJudgeAnswer(x, answer::kA, Order::AB, 0.5, 0.5, 0.5), answer::kA);
    QCOMPARE(simJudgeAnswer(x, answer::kA, Order::AB, 0.8, 0.5, 0.5), answer::kB);  // settled wrong
    QCOMPARE(simJudgeAnswer(x, answer::kA, Order::BA, 0.5, 0.1, 0.5), answer::kB);  // first slot B
    QCOMPARE(simJudgeAnswer(x, answer::kA, Order::BA, 0.5, 0.1, 0.95), answer::kA); // run flips it back
    QCOMPARE(simJudgeAnswer(x, answer::kB, Order::AB, 0.5, 0.5, 0.5), answer::kB);
    QCOMPARE(simJudgeAnswer(x, answer::kNone, Order::AB, 0.49, 0.5, 0.5), answer::kA); // unlabelled: 1/2
    QCOMPARE(simJudgeAnswer(x, answer::kNone, Order::AB, 0.51, 0.5, 0.5), answer::kB);
}

QTEST_APPLESS_MAIN(TestSimJudgeModel)
#include "tst_simjudgemodel.moc"
