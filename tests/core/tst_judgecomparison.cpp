// R7 input from an audit (core/analysis/judgecomparison.h): per-pair correctness of two rubric judges against
// the R1 labels (examples.md section 5 labels), fractional shares over several runs, abstentions, pairs only
// one judge scored, the rounding rule, unit and cluster numbering, and compareJudges' comparisons and Holm
// family.
#include "analysis/judgecomparison.h"
#include "model/auditbuilder.h"
#include "stats/multipletesting.h"

#include <QtTest>

#include <cmath>
#include <string>
#include <vector>

using namespace tribunal;

namespace {

constexpr Answer kNA = answer::kNA;
constexpr Answer kMet = answer::kMet;
constexpr Answer kUnmet = answer::kUnmet;

struct Judged {
    std::string judge;
    std::vector<Answer> runs;
    std::string format = "F1";
};

/// One rubric pair: its ratings (r1, r2, ...), the runs of each judge, unit / group texts (empty: none).
struct Pair {
    std::string id;
    std::vector<Answer> ratings;
    std::vector<Judged> judged;
    std::string unit = {};
    std::string group = {};
    std::string dataset = "D1";
    TaskKind kind = TaskKind::Ordinal;
};

AuditPtr buildAudit(const std::vector<Pair>& pairs)
{
    AuditBuilder b;
    for (const Pair& p : pairs) {
        const auto item = b.addItem(b.intern(p.dataset), b.intern(p.id), p.kind);
        if (!p.unit.empty())
            b.setText(item, ItemText::UnitId, b.intern(p.unit));
        if (!p.group.empty())
            b.setText(item, ItemText::Group, b.intern(p.group));
        b.setText(item, ItemText::Criterion, b.intern("C1"));
        if (p.kind == TaskKind::Ordinal) // scale 1..5 (an answer 7 is then out of scale)
            b.setLevels(item, {b.intern("1"), b.intern("2"), b.intern("3"), b.intern("4"), b.intern("5")});
        std::vector<Rating> ratings;
        for (std::size_t r = 0; r < p.ratings.size(); ++r)
            ratings.push_back({b.intern("r" + std::to_string(r + 1)), p.ratings[r]});
        b.setRatings(item, ratings);
        for (const Judged& judged : p.judged)
            for (std::size_t run = 0; run < judged.runs.size(); ++run) {
                JudgmentInput j;
                j.item = item;
                j.judge = b.intern(judged.judge);
                j.format = b.intern(judged.format);
                j.rep = static_cast<std::uint16_t>(run + 1);
                j.answer = judged.runs[run];
                b.addJudgment(j);
            }
    }
    ImportLog log;
    auto audit = b.build(log);
    Q_ASSERT(audit);
    return audit;
}

StrId id(const Audit& audit, const char* text)
{
    const auto found = audit.strings().find(text);
    Q_ASSERT(found);
    return *found;
}

JudgeKey key(const Audit& audit, const char* judge, const char* format = "F1")
{
    return {id(audit, judge), id(audit, format), 0};
}

/// examples.md section 5 (half-up labels 4, 2, 2, 5, 5, 2; half-down 4, 1, 2, 5, 4, 2). J1 answers 5, 2, 4,
/// 5, 5, 2 as in the example; J2 answers 4, 2, 2, 5, 4, 2.
std::vector<Pair> section5()
{
    const std::vector<std::vector<Answer>> ratings = {{4, 4, 5}, {1, 2}, {1, 2, 2},
                                                      {5, 5, 5}, {4, 5}, {2, 2, 1}};
    const Answer j1[6] = {5, 2, 4, 5, 5, 2}, j2[6] = {4, 2, 2, 5, 4, 2};
    std::vector<Pair> out;
    for (std::size_t u = 0; u < 6; ++u)
        out.push_back({"u" + std::to_string(u + 1), ratings[u], {{"J1", {j1[u]}}, {"J2", {j2[u]}}}});
    return out;
}

} // namespace

class TestJudgeComparison : public QObject {
    Q_OBJECT
private slots:
    void correctnessOnSection5_data()
    {
        QTest::addColumn<int>("rounding");
        QTest::addColumn<QList<double>>("first");
        QTest::addColumn<QList<double>>("second");
        // Half-up labels 4 2 2 5 5 2: J1 (5 2 4 5 5 2) right on u2 u4 u5 u6; J2 (4 2 2 5 4 2) on all but u5.
        QTest::newRow("half-up") << int(LabelRounding::HalfUp) << QList<double>{0, 1, 0, 1, 1, 1}
                                 << QList<double>{1, 1, 1, 1, 0, 1};
        // Half-down labels 4 1 2 5 4 2: J1 right on u4 u6; J2 on u1 u3 u4 u5 u6.
        QTest::newRow("half-down") << int(LabelRounding::HalfDown) << QList<double>{0, 0, 0, 1, 0, 1}
                                   << QList<double>{1, 0, 1, 1, 1, 1};
        // Unrounded: correctness needs a level, so the half-up labels are used.
        QTest::newRow("unrounded") << int(LabelRounding::Unrounded) << QList<double>{0, 1, 0, 1, 1, 1}
                                   << QList<double>{1, 1, 1, 1, 0, 1};
    }
    void correctnessOnSection5()
    {
        QFETCH(int, rounding);
        QFETCH(QList<double>, first);
        QFETCH(QList<double>, second);
        const AuditPtr audit = buildAudit(section5());
        const JudgePairs pairs = pairedCorrectness(*audit, id(*audit, "D1"), key(*audit, "J1"),
                                                   key(*audit, "J2"), {static_cast<LabelRounding>(rounding)});
        QCOMPARE(pairs.pairs.size(), std::size_t(6));
        QCOMPARE(pairs.onlyFirst, 0u);
        QCOMPARE(pairs.onlySecond, 0u);
        for (std::uint32_t i = 0; i < 6; ++i) {
            QCOMPARE(pairs.items[i], i);
            QCOMPARE(pairs.pairs[i].first, first[int(i)]);
            QCOMPARE(pairs.pairs[i].second, second[int(i)]);
            // No unit or group text: each item is its own unit and cluster, numbered in item order.
            QCOMPARE(pairs.pairs[i].unit, i);
            QCOMPARE(pairs.pairs[i].cluster, i);
        }
    }

    void sharesAbstentionsAndOneSidedPairs()
    {
        // Label of every ordinal pair below: mean of (2, 2) = 2.
        const AuditPtr audit = buildAudit({
            // J1 two runs 2, 3: share 1/2; J2 runs NA, 2: NA is not scored, share 1/1.
            {"p1", {2, 2}, {{"J1", {2, 3}}, {"J2", {kNA, 2}}}},
            // J1 three runs 2, 2, 7 (7 is outside 1..5 = not scored): 2/2; J2 runs 1, 2, 3: 1/3.
            {"p2", {2, 2}, {{"J1", {2, 2, 7}}, {"J2", {1, 2, 3}}}},
            // Only J1 scores (J2 abstains): left out, counted in onlyFirst.
            {"p3", {2, 2}, {{"J1", {2}}, {"J2", {kNA}}}},
            // Only J2 judged: counted in onlySecond.
            {"p4", {2, 2}, {{"J2", {2}}}},
            // Binary rater tie: no label, not a pair at all.
            {"p5", {kMet, kUnmet}, {{"J1", {kMet}}, {"J2", {kMet}}}, {}, {}, "D1", TaskKind::Binary},
            // Binary majority MET: J1 right, J2 wrong.
            {"p6", {kMet, kMet, kUnmet}, {{"J1", {kMet}}, {"J2", {kUnmet}}}, {}, {}, "D1", TaskKind::Binary},
        });
        const JudgePairs pairs =
            pairedCorrectness(*audit, id(*audit, "D1"), key(*audit, "J1"), key(*audit, "J2"));
        QCOMPARE(pairs.pairs.size(), std::size_t(3));
        QCOMPARE(pairs.items, (std::vector<std::uint32_t>{0, 1, 5}));
        QCOMPARE(pairs.pairs[0].first, 0.5);
        QCOMPARE(pairs.pairs[0].second, 1.0);
        QCOMPARE(pairs.pairs[1].first, 1.0);
        QCOMPARE(pairs.pairs[1].second, 1.0 / 3);
        QCOMPARE(pairs.pairs[2].first, 1.0);
        QCOMPARE(pairs.pairs[2].second, 0.0);
        QCOMPARE(pairs.onlyFirst, 1u);
        QCOMPARE(pairs.onlySecond, 1u);
    }

    void unitsAndClusters()
    {
        // Two criteria of unit "a" (group g1), one of unit "b" (group g1), one of unit "c" (no group: its own
        // cluster), one item without unit text (its own unit) in group g2.
        const AuditPtr audit = buildAudit({
            {"a1", {3}, {{"J1", {3}}, {"J2", {3}}}, "a", "g1"},
            {"b1", {3}, {{"J1", {3}}, {"J2", {2}}}, "b", "g1"},
            {"a2", {3}, {{"J1", {3}}, {"J2", {3}}}, "a", "g1"},
            {"c1", {3}, {{"J1", {1}}, {"J2", {3}}}, "c", ""},
            {"x", {3}, {{"J1", {3}}, {"J2", {3}}}, "", "g2"},
        });
        const JudgePairs pairs =
            pairedCorrectness(*audit, id(*audit, "D1"), key(*audit, "J1"), key(*audit, "J2"));
        QCOMPARE(pairs.pairs.size(), std::size_t(5));
        const std::uint32_t units[5] = {0, 1, 0, 2, 3}, clusters[5] = {0, 0, 0, 1, 2};
        for (std::size_t i = 0; i < 5; ++i) {
            QCOMPARE(pairs.pairs[i].unit, units[i]);
            QCOMPARE(pairs.pairs[i].cluster, clusters[i]);
        }
    }

    void chosenFormats()
    {
        // The same judge in two formats is two judges: F1 answers 2 (right), F2 answers 3 (wrong).
        const AuditPtr audit = buildAudit({{"p1", {2, 2}, {{"J1", {2}, "F1"}, {"J1", {3}, "F2"}}}});
        const JudgePairs pairs =
            pairedCorrectness(*audit, id(*audit, "D1"), key(*audit, "J1", "F1"), key(*audit, "J1", "F2"));
        QCOMPARE(pairs.pairs.size(), std::size_t(1));
        QCOMPARE(pairs.pairs[0].first, 1.0);
        QCOMPARE(pairs.pairs[0].second, 0.0);
    }

    void familyOfComparisons()
    {
        // Panel D1: section 5 with J1, J2 in F1 and J3 only in F2 (no partner there). Panel D2: J1 and J2 in
        // F1 on two labelled pairs; J3 (F1) judges only D2's unlabelled binary tie.
        std::vector<Pair> pairs = section5();
        pairs.push_back({"u7", {3, 3}, {{"J3", {3}, "F2"}}});
        pairs.push_back({"v1", {4, 4}, {{"J1", {4}}, {"J2", {1}}}, {}, {}, "D2"});
        pairs.push_back({"v2", {1, 1}, {{"J1", {1}}, {"J2", {2}}}, {}, {}, "D2"});
        pairs.push_back({"v3", {kMet, kUnmet}, {{"J3", {kMet}}}, {}, {}, "D2", TaskKind::Binary});
        const AuditPtr audit = buildAudit(pairs);
        const std::vector<StrId> judges = {id(*audit, "J1"), id(*audit, "J2"), id(*audit, "J3")};
        PairedSettings paired;
        paired.resamples = 500;
        paired.threads = 1;
        const auto all = compareJudges(*audit, judges, kEmptyStr, {}, paired);
        // D1/F1: J1-J2 (J3 has no F1 cell on D1); D1/F2: only J3, nothing. D2/F1: J1-J2, J1-J3, J2-J3.
        QCOMPARE(all.size(), std::size_t(4));
        QCOMPARE(all[0].dataset, id(*audit, "D1"));
        QCOMPARE(all[0].pairs.pairs.size(), std::size_t(6));
        QCOMPARE(all[1].dataset, id(*audit, "D2"));
        QCOMPARE(all[1].first.judge, id(*audit, "J1"));
        QCOMPARE(all[1].second.judge, id(*audit, "J2"));
        QCOMPARE(all[1].pairs.pairs.size(), std::size_t(2));
        QCOMPARE(all[2].second.judge, id(*audit, "J3"));
        QCOMPARE(all[3].first.judge, id(*audit, "J2"));
        // J3's only pair is unlabelled: no common pair, outside the family, default result.
        QVERIFY(all[2].pairs.pairs.empty());
        QVERIFY(all[3].pairs.pairs.empty());
        QCOMPARE(all[2].result.unitBootstrap.outcome, PairedOutcome::Undefined);
        QVERIFY(std::isnan(all[2].result.unitBootstrap.pHolm));
        // The family is the two comparisons with pairs, indices 0 and 1: equal to comparePaired with those.
        const PairedComparison d1 = comparePaired(all[0].pairs.pairs, paired, 0);
        const PairedComparison d2 = comparePaired(all[1].pairs.pairs, paired, 1);
        QCOMPARE(all[0].result.difference, -1.0 / 6); // 4/6 - 5/6
        QCOMPARE(all[1].result.difference, 1.0);      // D2: J1 right on both pairs, J2 on neither
        QCOMPARE(all[0].result.unitBootstrap.p, d1.unitBootstrap.p);
        QCOMPARE(all[1].result.unitBootstrap.p, d2.unitBootstrap.p);
        const std::vector<double> p = {d1.mcnemarP, d2.mcnemarP};
        const std::vector<double> adjusted = holm(p);
        QCOMPARE(all[0].result.mcnemarPHolm, adjusted[0]);
        QCOMPARE(all[1].result.mcnemarPHolm, adjusted[1]);
        // --panel: only D2's comparisons, the family now of one (index 0).
        const auto d2only = compareJudges(*audit, judges, id(*audit, "D2"), {}, paired);
        QCOMPARE(d2only.size(), std::size_t(3));
        QCOMPARE(d2only[0].result.mcnemarPHolm, d2only[0].result.mcnemarP);
    }
};

QTEST_APPLESS_MAIN(TestJudgeComparison)
#include "tst_judgecomparison.moc"
