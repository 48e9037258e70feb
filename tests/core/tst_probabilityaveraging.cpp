// T12 (c): "One" vs "Both" accuracy when the two orders' probabilities are averaged (metrics.md T12 (c); seed
// 001, Table 25), with the bootstrap interval of the change over items.
#include "analysis/probabilityaveraging.h"
#include "model/auditbuilder.h"

#include <QtTest>

#include <cmath>
#include <vector>

using namespace tribunal;

class TestProbabilityAveraging : public QObject {
    Q_OBJECT
private slots:
    void handComputed();
    void noProbabilities();
    void bootstrapDeterministic();
    void identicalItemsGiveDegenerateInterval();
};

namespace {

struct Run {
    int item; // index into labels
    Order order;
    int rep;
    Answer option; // answer::kNone = no probabilities
    double p;
};

AuditPtr buildAudit(const std::vector<Answer>& labels, const std::vector<Run>& runs)
{
    AuditBuilder b;
    std::vector<std::uint32_t> items;
    for (std::size_t i = 0; i < labels.size(); ++i) {
        items.push_back(b.addItem(b.intern("D1"), b.intern("p" + std::to_string(i + 1)), TaskKind::Pairwise));
        b.setLabel(items.back(), labels[i]);
    }
    for (const Run& r : runs) {
        JudgmentInput in;
        in.item = items[static_cast<std::size_t>(r.item)];
        in.judge = b.intern("J1");
        in.format = b.intern("F1");
        in.order = r.order;
        in.rep = static_cast<std::uint16_t>(r.rep);
        ProbEntry prob[1] = {{r.option, r.p}};
        in.answer = r.option == answer::kNone                  ? answer::kA
                    : (r.p >= 0.5) == (r.option == answer::kA) ? answer::kA
                                                               : answer::kB;
        if (r.option != answer::kNone)
            in.probs = prob;
        b.addJudgment(in);
    }
    ImportLog log;
    AuditPtr audit = b.build(log);
    if (!audit)
        qFatal("fixture audit did not build");
    return audit;
}

AuditPtr handAudit()
{
    using answer::kA;
    using answer::kB;
    return buildAudit({kA, kB, kA},
                      {
                          {0, Order::AB, 1, kA, 0.8}, // one: A right; BA: B wrong; both 0.6 -> A right
                          {0, Order::BA, 1, kA, 0.4},
                          {0, Order::AB, 2, kA, 0.7}, // one: A, A right (agree); both 0.65 -> A right
                          {0, Order::BA, 2, kA, 0.6},
                          {1, Order::AB, 1, kA, 0.9}, // label B. one: A wrong; BA P(B) = 0.8 -> P(A) = 0.2,
                          {1, Order::BA, 1, kB, 0.8}, // B right; both 0.55 -> A wrong
                          {2, Order::AB, 1, kA, 0.5}, // 50/50: no verdict; BA: A right; both 0.6 -> A right
                          {2, Order::BA, 1, kA, 0.7},
                          {2, Order::AB, 2, kA, 0.9}, // BA without probabilities: not matched
                          {2, Order::BA, 2, answer::kNone, 0.0},
                      });
}

} // namespace

void TestProbabilityAveraging::handComputed()
{
    const AuditPtr audit = handAudit();
    QCOMPARE(audit->cells().size(), std::size_t(1));
    const auto result = summarizeProbabilityAveraging(*audit, audit->itemRunsOf(audit->cells()[0]));
    QCOMPARE(result.matchedRuns, std::uint64_t(4));
    QCOMPARE(result.items.size(), std::size_t(3));
    // One: 7 of 8 single-order judgments decided (one 50/50), 5 right.
    QCOMPARE(result.oneAccuracy, 5.0 / 7.0);
    QCOMPARE(result.oneCoverage, 7.0 / 8.0);
    // Both: 4 of 4 matched runs decided, 3 right.
    QCOMPARE(result.bothAccuracy, 0.75);
    QCOMPARE(result.bothCoverage, 1.0);
    QCOMPARE(result.agreement, 0.25);
    QVERIFY(std::abs(result.change - 1.0 / 28.0) < 1e-15);
    QVERIFY(std::isnan(result.changeInterval.lo) && std::isnan(result.changeInterval.hi));
    QCOMPARE(result.items[0].matched, 2u);
    QCOMPARE(result.items[0].oneCorrect, 3u);
    QCOMPARE(result.items[2].oneDecided, 1u);
    QCOMPARE(probabilityOfA(*audit, 5), 1.0 - 0.8);
}

void TestProbabilityAveraging::noProbabilities()
{
    const AuditPtr audit = buildAudit(
        {answer::kA}, {{0, Order::AB, 1, answer::kNone, 0.0}, {0, Order::BA, 1, answer::kNone, 0.0}});
    const auto result = analyseProbabilityAveraging(*audit, audit->itemRunsOf(audit->cells()[0]), {}, 0);
    QCOMPARE(result.matchedRuns, std::uint64_t(0));
    QVERIFY(result.items.empty());
    for (double v : {result.oneAccuracy, result.oneCoverage, result.bothAccuracy, result.bothCoverage,
                     result.agreement, result.change, result.changeInterval.lo, result.changeInterval.hi})
        QVERIFY(std::isnan(v));
}

void TestProbabilityAveraging::bootstrapDeterministic()
{
    const AuditPtr audit = handAudit();
    const auto runs = audit->itemRunsOf(audit->cells()[0]);
    BootstrapSettings b;
    b.resamples = 500;
    const auto first = analyseProbabilityAveraging(*audit, runs, b, 0);
    const auto again = analyseProbabilityAveraging(*audit, runs, b, 0);
    QCOMPARE(first.changeInterval.lo, again.changeInterval.lo);
    QCOMPARE(first.changeInterval.hi, again.changeInterval.hi);
    QVERIFY(first.changeInterval.lo <= first.changeInterval.hi);
    QVERIFY(first.changeInterval.lo >= -1 && first.changeInterval.hi <= 1);
    // Item 1 alone: one = 1/2, both = 0 (change -1/2); item 0 alone: 3/4 -> 1 (+1/4); item 2: 1 -> 1 (0).
    // Every resample's change lies between the extremes of what the items can give.
    QVERIFY(first.changeInterval.lo >= -0.5 && first.changeInterval.hi <= 0.25);
    QVERIFY(first.changeInterval.lo < first.changeInterval.hi);
    // The point estimates do not depend on the bootstrap.
    QCOMPARE(first.oneAccuracy, 5.0 / 7.0);
    // The resample statistic on the identity multiset is the point estimate.
    const std::vector<std::uint32_t> identity{0, 1, 2};
    QCOMPARE(probabilityAveragingChange(first.items, identity), first.change);
}

void TestProbabilityAveraging::identicalItemsGiveDegenerateInterval()
{
    std::vector<Run> runs;
    for (int i = 0; i < 5; ++i) {
        runs.push_back({i, Order::AB, 1, answer::kA, 0.8}); // one: right, wrong; both 0.6: right
        runs.push_back({i, Order::BA, 1, answer::kA, 0.4});
    }
    const AuditPtr audit = buildAudit(std::vector<Answer>(5, answer::kA), runs);
    const auto result = analyseProbabilityAveraging(*audit, audit->itemRunsOf(audit->cells()[0]), {}, 0);
    QCOMPARE(result.change, 0.5);
    QCOMPARE(result.changeInterval.lo, 0.5);
    QCOMPARE(result.changeInterval.hi, 0.5);
}

QTEST_GUILESS_MAIN(TestProbabilityAveraging)
#include "tst_probabilityaveraging.moc"
