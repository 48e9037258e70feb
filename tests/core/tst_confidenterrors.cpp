// K3 confident-error sample and K4 repeated errors (analysis/confidenterrors.h): sorting and tie-breaks,
// the binary false-positive / false-negative halves, baselines computed by hand, the band summary, and the
// one-pass summary against checkRepeat on a random panel.

#include "analysis/confidenterrors.h"
#include "model/auditbuilder.h"
#include "stats/randomstreams.h"

#include <QtTest>

#include <cmath>
#include <string>
#include <vector>

using namespace tribunal;

namespace {

constexpr Answer kMet = answer::kMet;
constexpr Answer kUnmet = answer::kUnmet;

struct Verdict {
    Answer answer = answer::kNone;
    double confidence = kMissing;
    double pMet = kMissing; ///< binary: written as probabilities MET / UNMET
};

struct Pair {
    std::string unit;
    std::string criterion;
    TaskKind kind = TaskKind::Ordinal;
    Answer label = answer::kNone;
    std::vector<Verdict> judges; ///< j1 (the first judge), j2, ...
};

AuditPtr buildAudit(const std::vector<Pair>& pairs)
{
    AuditBuilder b;
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        const Pair& p = pairs[i];
        const auto item = b.addItem(b.intern("panel"), b.intern("i" + std::to_string(i)), p.kind);
        b.setText(item, ItemText::UnitId, b.intern(p.unit));
        b.setText(item, ItemText::Criterion, b.intern(p.criterion));
        if (p.kind == TaskKind::Ordinal)
            b.setLevels(item, {b.intern("1"), b.intern("2"), b.intern("3"), b.intern("4")});
        b.setLabel(item, p.label);
        for (std::size_t j = 0; j < p.judges.size(); ++j) {
            const Verdict& v = p.judges[j];
            const std::vector<ProbEntry> probs =
                std::isnan(v.pMet) ? std::vector<ProbEntry>{}
                                   : std::vector<ProbEntry>{{kMet, v.pMet}, {kUnmet, 1 - v.pMet}};
            JudgmentInput in;
            in.item = item;
            in.judge = b.intern("j" + std::to_string(j + 1));
            in.format = b.intern("F");
            in.answer = v.answer;
            in.confidence = v.confidence;
            in.probs = probs;
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

std::vector<std::string> unitsOf(const Audit& audit, const RubricVerdictTable& t,
                                 const std::vector<ConfidentError>& errors)
{
    std::vector<std::string> out;
    for (const ConfidentError& e : errors)
        out.emplace_back(audit.str(audit.items().field(ItemText::UnitId, t.items[e.pair])));
    return out;
}

} // namespace

class TestConfidentErrors : public QObject {
    Q_OBJECT
private slots:
    void ordinalSample();
    void binarySample();
    void baselinesByHand();
    void summaryMatchesChecks();
};

void TestConfidentErrors::ordinalSample()
{
    // Wrong answers of j1: u3 (0.9), u1/b and u1/a (0.8, tie: criterion a first), u2 (0.8: unit u2 after u1),
    // u5 (no confidence: last); u4 right and u6 abstained are not errors.
    const std::vector<Pair> pairs = {{"u3", "a", TaskKind::Ordinal, 2, {{3, 0.9}}},
                                     {"u1", "b", TaskKind::Ordinal, 2, {{1, 0.8}}},
                                     {"u2", "a", TaskKind::Ordinal, 2, {{4, 0.8}}},
                                     {"u1", "a", TaskKind::Ordinal, 2, {{3, 0.8}}},
                                     {"u4", "a", TaskKind::Ordinal, 2, {{2, 0.99}}},
                                     {"u5", "a", TaskKind::Ordinal, 2, {{1}}},
                                     {"u6", "a", TaskKind::Ordinal, 2, {{answer::kNA, 0.95}}}};
    const AuditPtr audit = buildAudit(pairs);
    const RubricVerdictTable t = tableOf(*audit, 1);
    QCOMPARE(allErrors(t, 0, TaskKind::Ordinal).size(), std::size_t(5));
    const auto sample = confidentErrors(*audit, t, 0, TaskKind::Ordinal, 12);
    QCOMPARE(unitsOf(*audit, t, sample), (std::vector<std::string>{"u3", "u1", "u1", "u2", "u5"}));
    QCOMPARE(sample[1].answer, Answer(3)); // u1/a before u1/b
    const auto top2 = confidentErrors(*audit, t, 0, TaskKind::Ordinal, 2);
    QCOMPARE(unitsOf(*audit, t, top2), (std::vector<std::string>{"u3", "u1"}));
    QVERIFY(confidentErrors(*audit, t, 0, TaskKind::Binary, 12).empty());
}

void TestConfidentErrors::binarySample()
{
    // False positives (MET on UNMET) by P(MET) descending, false negatives by P(MET) ascending; n = 3 gives
    // two false positives and one false negative.
    const std::vector<Pair> pairs = {{"a", "c", TaskKind::Binary, kUnmet, {{kMet, kMissing, 0.7}}},
                                     {"b", "c", TaskKind::Binary, kUnmet, {{kMet, kMissing, 0.95}}},
                                     {"c", "c", TaskKind::Binary, kUnmet, {{kMet, kMissing, 0.6}}},
                                     {"d", "c", TaskKind::Binary, kMet, {{kUnmet, kMissing, 0.3}}},
                                     {"e", "c", TaskKind::Binary, kMet, {{kUnmet, kMissing, 0.1}}},
                                     {"f", "c", TaskKind::Binary, kMet, {{kMet, kMissing, 0.9}}}}; // right
    const AuditPtr audit = buildAudit(pairs);
    const RubricVerdictTable t = tableOf(*audit, 1);
    const auto sample = confidentErrors(*audit, t, 0, TaskKind::Binary, 3);
    QCOMPARE(unitsOf(*audit, t, sample), (std::vector<std::string>{"b", "a", "e"}));
    QVERIFY(sample[0].falsePositive);
    QVERIFY(!sample[2].falsePositive);
    QCOMPARE(sample[0].pMet, 0.95);
    const auto four = confidentErrors(*audit, t, 0, TaskKind::Binary, 4);
    QCOMPARE(unitsOf(*audit, t, four), (std::vector<std::string>{"b", "a", "e", "d"}));
}

void TestConfidentErrors::baselinesByHand()
{
    // Criterion "c", label 2 on p1..p4, label 3 on p5. j1 wrong on p1 (answers 3, confidence 0.9).
    // j2 on p1 answers 3 (repeats). Baseline for (p1, j2): j2's answers on the other label-2 pairs of "c":
    // p2 = 3, p3 = 2, p4 = NA (not scored) -> 1 of 2 = 0.5. p5 has another label: not counted.
    // j3 answers 2 on p1 (no repeat); on p2..p4: 3, 3, 1 -> baseline 2/3.
    // j4 abstains on p1: not eligible.
    const std::vector<Pair> pairs = {{"p1", "c", TaskKind::Ordinal, 2, {{3, 0.9}, {3}, {2}, {answer::kNA}}},
                                     {"p2", "c", TaskKind::Ordinal, 2, {{2}, {3}, {3}, {3}}},
                                     {"p3", "c", TaskKind::Ordinal, 2, {{2}, {2}, {3}, {3}}},
                                     {"p4", "c", TaskKind::Ordinal, 2, {{2}, {answer::kNA}, {1}, {3}}},
                                     {"p5", "c", TaskKind::Ordinal, 3, {{3}, {3}, {3}, {3}}}};
    const AuditPtr audit = buildAudit(pairs);
    const RubricVerdictTable t = tableOf(*audit, 4);
    const auto errors = allErrors(t, 0, TaskKind::Ordinal);
    QCOMPARE(errors.size(), std::size_t(1));
    const RepeatCheck a = checkRepeat(*audit, t, errors[0], 1);
    QVERIFY(a.eligible && a.repeated);
    QCOMPARE(a.baseline, 0.5);
    const RepeatCheck b = checkRepeat(*audit, t, errors[0], 2);
    QVERIFY(b.eligible && !b.repeated);
    QCOMPARE(b.baseline, 2.0 / 3);
    QVERIFY(!checkRepeat(*audit, t, errors[0], 3).eligible);
    const std::vector<std::size_t> others = {1, 2, 3};
    const RepeatSummary s = summariseRepeats(*audit, t, errors, others);
    QCOMPARE(s.checks, 2u);
    QCOMPARE(s.repeats, 1u);
    QCOMPARE(s.expectedRepeats, 0.5 + 2.0 / 3);
    QCOMPARE(s.noBaseline, 1u);
    QCOMPARE(s.bandChecks[3], 2u); // confidence 0.9: the top band
    QCOMPARE(s.bandRepeats[3], 1u);
    QCOMPARE(s.share(), 0.5);
    QCOMPARE(s.baselineShare(), (0.5 + 2.0 / 3) / 2);
}

void TestConfidentErrors::summaryMatchesChecks()
{
    // A random panel: 3 criteria, labels 1-4, four judges with correlated answers; the one-pass summary
    // equals the sum of checkRepeat over every (error, judge).
    RandomStream rng(7, 0, 0);
    std::vector<Pair> pairs;
    for (int i = 0; i < 300; ++i) {
        Pair p{"u" + std::to_string(i / 3),
               std::string(1, static_cast<char>('a' + i % 3)),
               TaskKind::Ordinal,
               static_cast<Answer>(1 + rng.uniformIndex(4)),
               {}};
        const Answer shared = static_cast<Answer>(1 + rng.uniformIndex(4));
        for (int j = 0; j < 4; ++j) {
            const std::uint32_t r = rng.uniformIndex(10);
            const Answer a = r < 5   ? p.label
                             : r < 8 ? shared
                             : r < 9 ? answer::kNA
                                     : static_cast<Answer>(1 + rng.uniformIndex(4));
            p.judges.push_back({a, 0.01 * rng.uniformIndex(101)});
        }
        pairs.push_back(p);
    }
    const AuditPtr audit = buildAudit(pairs);
    const RubricVerdictTable t = tableOf(*audit, 4);
    const auto errors = allErrors(t, 0, TaskKind::Ordinal);
    QVERIFY(errors.size() > 50);
    const std::vector<std::size_t> others = {1, 2, 3};
    const RepeatSummary s = summariseRepeats(*audit, t, errors, others);
    std::uint32_t checks = 0, repeats = 0, left = 0;
    double expected = 0;
    for (const ConfidentError& e : errors)
        for (std::size_t o : others) {
            const RepeatCheck c = checkRepeat(*audit, t, e, o);
            if (!c.eligible) {
                ++left;
                continue;
            }
            ++checks;
            repeats += c.repeated ? 1u : 0u;
            expected += c.baseline;
        }
    QCOMPARE(s.checks, checks);
    QCOMPARE(s.repeats, repeats);
    QCOMPARE(s.noBaseline, left);
    QVERIFY(std::fabs(s.expectedRepeats - expected) <= 1e-9);
    QVERIFY(s.share() > s.baselineShare()); // the shared answer makes errors repeat beyond the baseline
}

QTEST_APPLESS_MAIN(TestConfidentErrors)
#include "tst_confidenterrors.moc"
