// Cascade replays from an audit (analysis/cascadereplay.h): examples.md section 7 built as an audit (D with
// stated confidences and costs, one fallback), the pair set (D's abstentions and failures leave it), D's
// verdict where the fallback abstained, the binary score |P(MET) - 0.5|, name-order ties, and K9 on the
// same input as crossFitCascade.

#include "analysis/cascadereplay.h"
#include "model/auditbuilder.h"

#include <QtTest>

#include <cmath>
#include <string>
#include <vector>

using namespace tribunal;

namespace {

struct Verdict {
    Answer answer = answer::kNone;
    double confidence = kMissing;
    double cost = kMissing;
    std::vector<ProbEntry> probs = {};
};

struct Pair {
    TaskKind kind = TaskKind::Ordinal;
    Answer label = 2;
    std::vector<Verdict> judges; ///< in `names` order
};

AuditPtr buildAudit(const std::vector<Pair>& pairs, const std::vector<std::string>& names)
{
    AuditBuilder b;
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        const Pair& p = pairs[i];
        const auto item = b.addItem(b.intern("panel"), b.intern("q" + std::to_string(i + 1)), p.kind);
        b.setText(item, ItemText::Criterion, b.intern("C"));
        if (p.kind == TaskKind::Ordinal)
            b.setLevels(item, {b.intern("1"), b.intern("2"), b.intern("3")});
        b.setLabel(item, p.label);
        for (std::size_t j = 0; j < p.judges.size(); ++j) {
            const Verdict& v = p.judges[j];
            if (v.answer == answer::kNone && std::isnan(v.cost))
                continue; // no judgment
            JudgmentInput in;
            in.item = item;
            in.judge = b.intern(names[j]);
            in.format = b.intern("F");
            in.answer = v.answer;
            in.confidence = v.confidence;
            in.costUsd = v.cost;
            in.probs = v.probs;
            b.addJudgment(in);
        }
    }
    ImportLog log;
    auto audit = b.build(log);
    Q_ASSERT(audit);
    return audit;
}

RubricVerdictTable tableOf(const Audit& audit, const std::vector<std::string>& names)
{
    std::vector<JudgeKey> keys;
    for (const std::string& n : names)
        keys.push_back({*audit.strings().find(n), *audit.strings().find("F"), 0});
    return rubricVerdictTable(audit, *audit.strings().find("panel"), keys);
}

/// Examples.md section 7 as an audit: label 2; D answers 2 when right, 1 when wrong; fallback likewise.
std::vector<Pair> sectionSeven()
{
    const double conf[] = {0.92, 0.87, 0.71, 0.63, 0.50, 0.44, 0.38, 0.27, 0.27, 0.08};
    const bool dRight[] = {1, 0, 1, 1, 1, 0, 0, 1, 0, 1};
    const bool fRight[] = {1, 1, 0, 1, 0, 0, 1, 1, 1, 1};
    const double dCost[] = {0.0020, 0.0020, 0.0025, 0.0020, 0.0030, 0.0020, 0.0025, 0.0020, 0.0020, 0.0030};
    const double fCost[] = {0.0150, 0.0180, 0.0160, 0.0200, 0.0170, 0.0190, 0.0150, 0.0210, 0.0160, 0.0180};
    std::vector<Pair> out;
    for (int i = 0; i < 10; ++i)
        out.push_back({TaskKind::Ordinal,
                       2,
                       {{dRight[i] ? Answer(2) : Answer(1), conf[i], dCost[i]},
                        {fRight[i] ? Answer(2) : Answer(1), kMissing, fCost[i]}}});
    return out;
}

} // namespace

class TestCascadeReplay : public QObject {
    Q_OBJECT
private slots:
    void sectionSevenFromAudit();
    void pairSetAndSubstitution();
    void binaryScore();
    void nameOrderTies();
    void ownThresholds();
    void pricedVerdictCosts();
    void badInput();
};

void TestCascadeReplay::sectionSevenFromAudit()
{
    const std::vector<std::string> names = {"D", "F"};
    const AuditPtr audit = buildAudit(sectionSeven(), names);
    const RubricVerdictTable t = tableOf(*audit, names);
    const std::vector<std::size_t> fallbacks = {1};
    CascadeSettings s;
    s.halvings = 10;
    const CascadeReplay r = replayCascade(*audit, t, 0, fallbacks, {}, TaskKind::Ordinal, s);
    QCOMPARE(r.pairs, 10u);
    QCOMPARE(r.firstAccuracy, 0.6);
    QVERIFY(std::fabs(r.firstCost - 0.023) <= 1e-12);
    QCOMPARE(r.fallbacks.size(), std::size_t(1));
    const CascadeFallbackCurve& f = r.fallbacks[0];
    QCOMPARE(f.accuracyAlone, 0.7);
    QVERIFY(std::fabs(f.costAlone - 0.175) <= 1e-12);
    QCOMPARE(f.curve.size(), std::size_t(21));
    QCOMPARE(f.oracle, std::size_t(8)); // tau 0.40 (examples.md)
    QCOMPARE(f.curve[8].accuracy, 0.8);
    QVERIFY(std::fabs(f.curve[8].cost - 0.093) <= 1e-12);
    QCOMPARE(f.curve[10].deferred, 5u);
    QCOMPARE(r.bestCascade, 0);
    QCOMPARE(r.bestSingle, 1); // the fallback alone, 0.7
    QCOMPARE(r.bestSingleAccuracy, 0.7);
    QCOMPARE(r.bestLlm, 0);
    // Matching: the smallest tau with accuracy >= 0.7 is 0.30 (0.7, cost 0.078); share 0.078 / 0.175.
    QCOMPARE(r.matchingTau, 6);
    QVERIFY(std::fabs(r.matchingCostShare - 0.078 / 0.175) <= 1e-12);
    QCOMPARE(r.crossFit.halvings.size(), std::size_t(10));
    CrossFitSettings cfs;
    cfs.halvings = 10;
    const CrossFitResult direct =
        crossFitCascade(cascadeInput(*audit, t, 0, fallbacks, {}, TaskKind::Ordinal).crossFit, cfs);
    QCOMPARE(r.crossFit.meanGain, direct.meanGain);
    QCOMPARE(r.crossFit.meanCostShare, direct.meanCostShare);
}

void TestCascadeReplay::pairSetAndSubstitution()
{
    // q1: D abstains -> out. q2: D fails -> out. q3: no label -> out. q4: the fallback abstains -> D's
    // verdict (right) counts for it. q5: the fallback has no judgment -> D's verdict (wrong). q6: both right.
    const std::vector<std::string> names = {"D", "F"};
    const std::vector<Pair> pairs = {
        {TaskKind::Ordinal, 2, {{answer::kNA, 0.5, 0.001}, {2, kMissing, 0.01}}},
        {TaskKind::Ordinal, 2, {{answer::kNone, kMissing, 0.001}, {2, kMissing, 0.01}}},
        {TaskKind::Ordinal, answer::kNone, {{2, 0.5, 0.001}, {2, kMissing, 0.01}}},
        {TaskKind::Ordinal, 2, {{2, 0.9, 0.001}, {answer::kNA, kMissing, 0.01}}},
        {TaskKind::Ordinal, 2, {{1, 0.1, 0.001}, {}}},
        {TaskKind::Ordinal, 2, {{2, 0.6, 0.001}, {2, kMissing, 0.01}}}};
    const AuditPtr audit = buildAudit(pairs, names);
    const RubricVerdictTable t = tableOf(*audit, names);
    const std::vector<std::size_t> fallbacks = {1};
    const CascadeInput in = cascadeInput(*audit, t, 0, fallbacks, {}, TaskKind::Ordinal);
    QCOMPARE(in.pairs, (std::vector<std::size_t>{3, 4, 5}));
    QCOMPARE(in.crossFit.fallbacks[0].right, (std::vector<std::uint8_t>{1, 0, 1}));
    QCOMPARE(in.crossFit.fallbacks[0].cost,
             (std::vector<double>{0.01, 0.0, 0.01})); // the abstention's cost counts
    QCOMPARE(in.crossFit.first.right, (std::vector<std::uint8_t>{1, 0, 1}));
}

void TestCascadeReplay::binaryScore()
{
    // Binary: the score is |P(MET) - 0.5| (0.9 -> 0.4), or half the stated confidence without P(MET).
    const std::vector<std::string> names = {"D", "F"};
    const std::vector<ProbEntry> probs = {{answer::kMet, 0.9}, {answer::kUnmet, 0.1}};
    const std::vector<Pair> pairs = {
        {TaskKind::Binary, answer::kMet, {{answer::kMet, kMissing, kMissing, probs}, {answer::kMet}}},
        {TaskKind::Binary, answer::kMet, {{answer::kUnmet, 0.6}, {answer::kMet}}}};
    const AuditPtr audit = buildAudit(pairs, names);
    const RubricVerdictTable t = tableOf(*audit, names);
    const std::vector<std::size_t> fallbacks = {1};
    const CascadeInput in = cascadeInput(*audit, t, 0, fallbacks, {}, TaskKind::Binary);
    QCOMPARE(in.crossFit.score.size(), std::size_t(2));
    QVERIFY(std::fabs(in.crossFit.score[0] - 0.4) <= 1e-15);
    QCOMPARE(in.crossFit.score[1], 0.3);
    QCOMPARE(in.crossFit.grid.size(), std::size_t(26));
    QVERIFY(cascadeInput(*audit, t, 0, fallbacks, {}, TaskKind::Ordinal).pairs.empty());
}

void TestCascadeReplay::nameOrderTies()
{
    // Two identical fallbacks "Zed" and "Amy" (listed Zed first): ties go to Amy (name order), for the best
    // cascade, the best LLM judge and the best single judge.
    const std::vector<std::string> names = {"D", "Zed", "Amy"};
    std::vector<Pair> pairs;
    for (int i = 0; i < 6; ++i)
        pairs.push_back(
            {TaskKind::Ordinal,
             2,
             {{i % 2 ? Answer(2) : Answer(1), 0.1 * i, 0.001}, {2, kMissing, 0.01}, {2, kMissing, 0.01}}});
    const AuditPtr audit = buildAudit(pairs, names);
    const RubricVerdictTable t = tableOf(*audit, names);
    const std::vector<std::size_t> fallbacks = {1, 2};
    CascadeSettings s;
    s.halvings = 2;
    const CascadeReplay r = replayCascade(*audit, t, 0, fallbacks, {}, TaskKind::Ordinal, s);
    QCOMPARE(r.fallbacks[0].judge, std::size_t(2)); // Amy first
    QCOMPARE(r.bestCascade, 0);
    QCOMPARE(r.bestLlm, 0);
    QCOMPARE(r.bestSingle, 2);
}

void TestCascadeReplay::ownThresholds()
{
    // CascadeSettings::ordinalTaus replaces the K7 grid: the curve has exactly those taus, each point equal
    // to the same tau of the default grid.
    const std::vector<std::string> names = {"D", "F"};
    const AuditPtr audit = buildAudit(sectionSeven(), names);
    const RubricVerdictTable t = tableOf(*audit, names);
    const std::vector<std::size_t> fallbacks = {1};
    CascadeSettings s;
    s.halvings = 2;
    const CascadeReplay grid = replayCascade(*audit, t, 0, fallbacks, {}, TaskKind::Ordinal, s);
    s.ordinalTaus = {0.1, 0.4, 0.95};
    QCOMPARE(cascadeTaus(s, TaskKind::Ordinal), s.ordinalTaus);
    QCOMPARE(cascadeTaus(s, TaskKind::Binary).size(), std::size_t(26)); // binary keeps the K7 grid
    const CascadeReplay own = replayCascade(*audit, t, 0, fallbacks, {}, TaskKind::Ordinal, s);
    QCOMPARE(own.fallbacks[0].curve.size(), std::size_t(3));
    const std::size_t at[] = {2, 8, 19}; // 0.1, 0.4, 0.95 on the k/20 grid
    for (std::size_t i = 0; i < 3; ++i) {
        QCOMPARE(own.fallbacks[0].curve[i].right, grid.fallbacks[0].curve[at[i]].right);
        QCOMPARE(own.fallbacks[0].curve[i].deferred, grid.fallbacks[0].curve[at[i]].deferred);
    }
    QCOMPARE(own.fallbacks[0].oracle, std::size_t(1)); // 0.4, as on the full grid
}

void TestCascadeReplay::pricedVerdictCosts()
{
    // K11 in the verdict table: a run without a recorded cost but with tokens costs tokens x prices (1,000 in
    // x 2
    // + 200 out x 10 USD per million = 0.004); a recorded cost wins; without prices such a run costs 0.
    AuditBuilder b;
    const auto item = b.addItem(b.intern("panel"), b.intern("q1"), TaskKind::Binary);
    b.setLabel(item, answer::kMet);
    JudgmentInput in;
    in.item = item;
    in.judge = b.intern("D");
    in.format = b.intern("F");
    in.answer = answer::kMet;
    in.tokensIn = 1000;
    in.tokensOut = 200;
    b.addJudgment(in);
    in.judge = b.intern("E");
    in.costUsd = 0.5;
    b.addJudgment(in);
    ImportLog log;
    const AuditPtr audit = b.build(log);
    QVERIFY(audit);
    const std::vector<std::string> names = {"D", "E"};
    std::vector<JudgeKey> keys;
    for (const std::string& n : names)
        keys.push_back({*audit->strings().find(n), *audit->strings().find("F"), 0});
    const StrId panel = *audit->strings().find("panel");
    const JudgePrices prices = {{"D", {2.0, 10.0}}, {"E", {100.0, 100.0}}};
    const RubricVerdictTable priced = rubricVerdictTable(*audit, panel, keys, LabelRounding::HalfUp, &prices);
    QVERIFY(std::fabs(priced.at(0, 0).cost - 0.004) <= 1e-15);
    QCOMPARE(priced.at(1, 0).cost, 0.5);
    const RubricVerdictTable plain = rubricVerdictTable(*audit, panel, keys);
    QCOMPARE(plain.at(0, 0).cost, 0.0);
}

void TestCascadeReplay::badInput()
{
    const std::vector<std::string> names = {"D", "F"};
    const AuditPtr audit = buildAudit(sectionSeven(), names);
    const RubricVerdictTable t = tableOf(*audit, names);
    const std::vector<std::size_t> none, self = {0};
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, replayCascade(*audit, t, 0, none, {}, TaskKind::Ordinal));
    try {
        replayCascade(*audit, t, 0, self, {}, TaskKind::Ordinal);
        QFAIL("no exception");
    } catch (const std::invalid_argument& e) {
        QCOMPARE(QString(e.what()), QString("K7: the first judge cannot be its own fallback"));
    }
    try {
        replayCascade(*audit, t, 0, none, {}, TaskKind::Ordinal);
        QFAIL("no exception");
    } catch (const std::invalid_argument& e) {
        QCOMPARE(QString(e.what()), QString("K7: at least one fallback needed"));
    }
}

QTEST_APPLESS_MAIN(TestCascadeReplay)
#include "tst_cascadereplay.moc"
