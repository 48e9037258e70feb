// K5 / K6 on rubric verdict tables (analysis/jury.h, analysis/rubricverdicts.h): the four-judge jury of
// examples.md section 8 (lower and upper medians, accuracies, the best single judge), binary even splits,
// abstaining jurors, the verdict rules (earliest answered run, retry costs, K1 confidence, P(MET)), units and
// clusters, and the all-wrong share on a hand example.

#include "analysis/jury.h"
#include "analysis/rubricverdicts.h"
#include "model/auditbuilder.h"

#include <QtTest>

#include <cmath>
#include <string>
#include <vector>

using namespace tribunal;

namespace {

constexpr Answer kNA = answer::kNA;
constexpr Answer kNone = answer::kNone;
constexpr Answer kMet = answer::kMet;
constexpr Answer kUnmet = answer::kUnmet;

struct Run {
    Answer answer = kNone;
    double cost = kMissing;
    double confidence = kMissing;
    std::vector<ProbEntry> probs = {};
};

struct Pair {
    std::string id;
    TaskKind kind = TaskKind::Ordinal;
    Answer label = kNone;                 ///< the item's own label (no ratings)
    std::vector<std::vector<Run>> judges; ///< per judge j1, j2, ...: its runs (rep 1, 2, ...)
    std::string unit = {};
    std::string group = {};
};

AuditPtr buildAudit(const std::vector<Pair>& pairs)
{
    AuditBuilder b;
    for (const Pair& p : pairs) {
        const auto item = b.addItem(b.intern("panel"), b.intern(p.id), p.kind);
        b.setText(item, ItemText::Criterion, b.intern("C"));
        if (!p.unit.empty())
            b.setText(item, ItemText::UnitId, b.intern(p.unit));
        if (!p.group.empty())
            b.setText(item, ItemText::Group, b.intern(p.group));
        if (p.kind == TaskKind::Ordinal)
            b.setLevels(item, {b.intern("1"), b.intern("2"), b.intern("3"), b.intern("4"), b.intern("5")});
        b.setLabel(item, p.label);
        for (std::size_t j = 0; j < p.judges.size(); ++j)
            for (std::size_t r = 0; r < p.judges[j].size(); ++r) {
                const Run& run = p.judges[j][r];
                JudgmentInput in;
                in.item = item;
                in.judge = b.intern("j" + std::to_string(j + 1));
                in.format = b.intern("F");
                in.rep = static_cast<std::uint16_t>(r + 1);
                in.answer = run.answer;
                in.costUsd = run.cost;
                in.confidence = run.confidence;
                in.probs = run.probs;
                b.addJudgment(in);
            }
    }
    ImportLog log;
    auto audit = b.build(log);
    Q_ASSERT(audit);
    return audit;
}

RubricVerdictTable tableOf(const Audit& audit, int judges)
{
    std::vector<JudgeKey> keys;
    for (int j = 1; j <= judges; ++j)
        keys.push_back({*audit.strings().find("j" + std::to_string(j)), *audit.strings().find("F"), 0});
    return rubricVerdictTable(audit, *audit.strings().find("panel"), keys);
}

std::vector<Run> one(Answer a)
{
    return {Run{a}};
}

} // namespace

class TestJury : public QObject {
    Q_OBJECT
private slots:
    void medians_data();
    void medians();
    void sectionEight();
    void abstainingJurors();
    void verdictRules();
    void unitsAndClusters();
    void allWrong();
};

void TestJury::medians_data()
{
    QTest::addColumn<QVector<int>>("votes");
    QTest::addColumn<int>("lower");
    QTest::addColumn<int>("upper");
    QTest::newRow("odd") << QVector<int>{3, 1, 2} << 2 << 2;
    QTest::newRow("even, two levels") << QVector<int>{4, 2, 2, 4} << 2 << 4;
    QTest::newRow("even, no repeated level") << QVector<int>{1, 2, 5, 3} << 2 << 3;
    QTest::newRow("binary even split: UNMET lower, MET upper") << QVector<int>{1, 0} << 0 << 1;
    QTest::newRow("binary majority") << QVector<int>{1, 0, 1} << 1 << 1;
    QTest::newRow("one vote") << QVector<int>{4} << 4 << 4;
    QTest::newRow("no vote") << QVector<int>{} << int(kNone) << int(kNone);
}

void TestJury::medians()
{
    QFETCH(QVector<int>, votes);
    QFETCH(int, lower);
    QFETCH(int, upper);
    std::vector<Answer> v(votes.begin(), votes.end());
    const JuryVerdict jury = juryVerdict(v);
    QCOMPARE(int(jury.lower), lower);
    QCOMPARE(int(jury.upper), upper);
    QCOMPARE(jury.votes, static_cast<std::uint32_t>(votes.size()));
}

void TestJury::sectionEight()
{
    // Examples.md section 8: v1..v5, judges j1..j4, labels 3 4 2 5 1.
    const int votes[5][4] = {{3, 3, 4, 3}, {2, 4, 4, 2}, {1, 2, 5, 3}, {5, 4, 5, 5}, {2, 1, 3, 2}};
    const Answer labels[5] = {3, 4, 2, 5, 1};
    std::vector<Pair> pairs;
    for (int p = 0; p < 5; ++p) {
        Pair pair{"v" + std::to_string(p + 1), TaskKind::Ordinal, labels[p], {}};
        for (int j = 0; j < 4; ++j)
            pair.judges.push_back(one(static_cast<Answer>(votes[p][j])));
        pairs.push_back(pair);
    }
    const AuditPtr audit = buildAudit(pairs);
    const RubricVerdictTable t = tableOf(*audit, 4);
    const std::vector<std::size_t> jurors = {0, 1, 2, 3};
    PairedSettings s;
    s.resamples = 200;
    const JuryResult r = analyseJury(t, jurors, jurors, s);
    QCOMPARE(r.pairs, 5u);
    QCOMPARE(r.evenSplits, 2u);         // v2 (2 | 4) and v3 (2 | 3)
    QCOMPARE(r.accuracyLower, 3.0 / 5); // v1, v3, v4
    QCOMPARE(r.accuracyUpper, 3.0 / 5); // v1, v2, v4
    QCOMPARE(r.bestSingle, 1);          // j2, 4/5 (j1, j3, j4: 2/5)
    QCOMPARE(r.bestSingleAccuracy, 4.0 / 5);
    QCOMPARE(r.comparedPairs, 5u);
    QCOMPARE(r.lowerVsBest.pairs, std::size_t(5));
    QCOMPARE(r.lowerVsBest.difference, 3.0 / 5 - 4.0 / 5);
    QCOMPARE(r.upperVsBest.difference, 3.0 / 5 - 4.0 / 5);
    QVERIFY(!std::isnan(r.lowerVsBest.unitBootstrap.pHolm)); // one Holm family of two
}

void TestJury::abstainingJurors()
{
    // j1 abstains on p1 and fails on p2: p1's jury is {4, 2} (lower 2, upper 4); p2 = {2, 2}; p3 has no
    // scored juror (NA, none, out of scale 7): no jury verdict.
    std::vector<Pair> pairs = {
        {"p1", TaskKind::Ordinal, 4, {one(kNA), one(4), one(2)}},
        {"p2", TaskKind::Ordinal, 2, {one(kNone), one(2), one(2)}},
        {"p3", TaskKind::Ordinal, 3, {one(kNA), one(kNone), one(7)}},
    };
    const AuditPtr audit = buildAudit(pairs);
    const RubricVerdictTable t = tableOf(*audit, 3);
    const std::vector<std::size_t> jurors = {0, 1, 2};
    const JuryResult r = analyseJury(t, jurors, jurors, {});
    QCOMPARE(r.pairs, 2u);
    QCOMPARE(r.evenSplits, 1u);
    QCOMPARE(r.accuracyLower, 0.5); // p1 lower 2 wrong, p2 right
    QCOMPARE(r.accuracyUpper, 1.0);
    // j2 and j3 are right on 2 of... j2: p1 right, p2 right (2/2); j3: p1 wrong, p2 right; j1 none scored.
    QCOMPARE(r.bestSingle, 1);
    QCOMPARE(r.bestSingleAccuracy, 1.0);
    QCOMPARE(t.at(2, 2).status, VerdictStatus::Failed); // 7 is outside 1..5
    QCOMPARE(t.at(0, 0).status, VerdictStatus::Abstained);
}

void TestJury::verdictRules()
{
    // j1: rep 1 failed (cost 0.1), rep 2 answered 3 with probabilities (cost 0.2), rep 3 answered 5: the
    // verdict is rep 2, cost 0.1 + 0.2, K1 from its probabilities (0.6 over 5 levels: (5 x 0.6 - 1)/4 = 0.5).
    // j2: every run failed: the earliest run is the verdict, and every run is charged (0.05 + 0.07, as a
    // failed run before an answer would be). j3: stated confidence wins over probabilities.
    // Binary pair: P(MET) renormalised over MET / UNMET (0.3 / (0.3 + 0.1) = 0.75).
    const std::vector<ProbEntry> probs = {{3, 0.6}, {4, 0.4}};
    const std::vector<ProbEntry> binaryProbs = {{kMet, 0.3}, {kUnmet, 0.1}};
    std::vector<Pair> pairs = {
        {"p1",
         TaskKind::Ordinal,
         3,
         {{Run{kNone, 0.1}, Run{3, 0.2, kMissing, probs}, Run{5, 0.4}},
          {Run{kNone, 0.05}, Run{kNone, 0.07}},
          {Run{2, kMissing, 0.9, probs}}}},
        {"p2", TaskKind::Binary, kUnmet, {{Run{kMet, kMissing, kMissing, binaryProbs}}, {}, {}}},
    };
    const AuditPtr audit = buildAudit(pairs);
    const RubricVerdictTable t = tableOf(*audit, 3);
    QCOMPARE(t.pairCount(), std::size_t(2));
    const RubricVerdict& a = t.at(0, 0);
    QCOMPARE(a.answer, Answer(3));
    QCOMPARE(a.status, VerdictStatus::Right);
    QVERIFY(std::fabs(a.cost - 0.3) <= 1e-15);
    QCOMPARE(a.confidence, (5 * 0.6 - 1) / 4);
    QCOMPARE(audit->judgments().rep[a.judgment], std::uint16_t(2));
    const RubricVerdict& b = t.at(1, 0);
    QCOMPARE(b.status, VerdictStatus::Failed);
    QVERIFY(std::fabs(b.cost - 0.12) <= 1e-15);
    QCOMPARE(t.at(2, 0).confidence, 0.9);
    QCOMPARE(t.at(2, 0).status, VerdictStatus::Wrong);
    const RubricVerdict& c = t.at(0, 1);
    QCOMPARE(c.status, VerdictStatus::Wrong);
    QCOMPARE(c.pMet, 0.75);
    QCOMPARE(c.confidence, 2 * (0.75 - 0.5));
    QCOMPARE(t.at(1, 1).status, VerdictStatus::Missing); // j2 never judged p2
    QCOMPARE(t.at(1, 1).judgment, kNoJudgment);
}

void TestJury::unitsAndClusters()
{
    // Units by unit-id text (fallback: the item), clusters by group (fallback: the unit), numbered in pair
    // order.
    std::vector<Pair> pairs = {{"a", TaskKind::Ordinal, 1, {one(1)}, "u1", "g1"},
                               {"b", TaskKind::Ordinal, 1, {one(1)}, "u2", ""},
                               {"c", TaskKind::Ordinal, 1, {one(1)}, "u1", "g1"},
                               {"d", TaskKind::Ordinal, 1, {one(1)}, "", "g1"}};
    const AuditPtr audit = buildAudit(pairs);
    const RubricVerdictTable t = tableOf(*audit, 1);
    QCOMPARE(t.unit, (std::vector<std::uint32_t>{0, 1, 0, 2}));
    QCOMPARE(t.cluster, (std::vector<std::uint32_t>{0, 1, 0, 0}));
}

void TestJury::allWrong()
{
    // Labelled pairs scored by both judges: p1 both wrong, p2 one right, p3 both right; p4 j2 abstains (left
    // out); p5 binary rater tie -> no label here (the item has none: left out).
    std::vector<Pair> pairs = {{"p1", TaskKind::Ordinal, 3, {one(1), one(2)}},
                               {"p2", TaskKind::Ordinal, 3, {one(3), one(2)}},
                               {"p3", TaskKind::Ordinal, 3, {one(3), one(3)}},
                               {"p4", TaskKind::Ordinal, 3, {one(1), one(kNA)}},
                               {"p5", TaskKind::Binary, kNone, {one(kMet), one(kUnmet)}}};
    const AuditPtr audit = buildAudit(pairs);
    const RubricVerdictTable t = tableOf(*audit, 2);
    const std::vector<std::size_t> both = {0, 1};
    const AllWrongShare s = allWrongShare(t, both);
    QCOMPARE(s.pairs, 3u);
    QCOMPARE(s.allWrong, 1u);
    QCOMPARE(s.share, 1.0 / 3);
    QCOMPARE(s.oracleAccuracy, 1.0 - 1.0 / 3);
    QCOMPARE(t.at(0, 4).status, VerdictStatus::Unlabelled);
}

QTEST_APPLESS_MAIN(TestJury)
#include "tst_jury.moc"
