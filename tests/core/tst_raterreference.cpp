// R4 rater reference (core/analysis/raterreference.h): examples.md section 5 exactly (per-rating table,
// 7/16 and 5/16, gaps 11/48 and 1/48), binary majorities of the others and their ties, single-rater pairs
// skipped, the rounding rules, pooling per criterion and per panel, and the judge's side of the gap.
#include "analysis/raterreference.h"
#include "model/auditbuilder.h"

#include <QtTest>

#include <cmath>
#include <string>
#include <utility>
#include <vector>

using namespace tribunal;

Q_DECLARE_METATYPE(std::vector<tribunal::Answer>)

namespace {

constexpr Answer kSkip = answer::kNone; // in a ratings list: this rater did not rate the pair
constexpr Answer kNA = answer::kNA;
constexpr Answer kMet = answer::kMet;
constexpr Answer kUnmet = answer::kUnmet;

/// One rubric pair: ratings by r1, r2, ... in order (kSkip: no rating), the item's own label and the runs of
/// judges J1 and J2.
struct Pair {
    std::string unit;
    std::vector<Answer> ratings;
    std::vector<Answer> j1 = {};
    Answer label = answer::kNone;
    std::string criterion = "C1";
    TaskKind kind = TaskKind::Ordinal;
    std::string dataset = "D1";
    std::vector<Answer> j2 = {};
};

AuditPtr buildAudit(const std::vector<Pair>& pairs)
{
    AuditBuilder b;
    for (const Pair& p : pairs) {
        const auto item = b.addItem(b.intern(p.dataset), b.intern(p.unit + "/" + p.criterion), p.kind);
        b.setText(item, ItemText::UnitId, b.intern(p.unit));
        b.setText(item, ItemText::Criterion, b.intern(p.criterion));
        b.setLabel(item, p.label);
        std::vector<Rating> ratings;
        for (std::size_t r = 0; r < p.ratings.size(); ++r)
            if (p.ratings[r] != kSkip)
                ratings.push_back({b.intern("r" + std::to_string(r + 1)), p.ratings[r]});
        b.setRatings(item, ratings);
        for (auto [judge, runs] : {std::pair{"J1", &p.j1}, std::pair{"J2", &p.j2}}) {
            for (std::size_t run = 0; run < runs->size(); ++run) {
                JudgmentInput j;
                j.item = item;
                j.judge = b.intern(judge);
                j.format = b.intern("F1");
                j.rep = static_cast<std::uint16_t>(run + 1);
                j.answer = (*runs)[run];
                b.addJudgment(j);
            }
        }
    }
    ImportLog log;
    auto audit = b.build(log);
    Q_ASSERT(audit);
    return audit;
}

/// examples.md section 5: one criterion on levels 1-5, six units, three raters (u2 and u5 miss one rating),
/// one judge run per unit.
const std::vector<Pair> kSection5 = {
    {"u1", {4, 4, 5}, {5}}, {"u2", {1, 2, kSkip}, {2}}, {"u3", {1, 2, 2}, {4}},
    {"u4", {5, 5, 5}, {5}}, {"u5", {kSkip, 4, 5}, {5}}, {"u6", {2, 2, 1}, {2}},
};

bool near(double a, double b)
{
    return (std::isnan(a) && std::isnan(b)) || std::abs(a - b) < 1e-12;
}

StrId id(const Audit& audit, std::string_view text)
{
    const auto found = audit.strings().find(text);
    Q_ASSERT(found);
    return *found;
}

/// The "rating vs reference" list of item `item`, as pairs.
std::vector<std::pair<int, int>> table(const Audit& audit, std::uint32_t item, LabelRounding rounding)
{
    std::vector<std::pair<int, int>> out;
    for (const ReferenceScore& s : raterReferenceScores(audit, item, rounding))
        out.emplace_back(s.rating, s.reference);
    return out;
}

} // namespace

class TestRaterReference : public QObject {
    Q_OBJECT
private slots:
    void section5Table();
    void section5Pooled_data();
    void section5Pooled();
    void unroundedOffsetIsZero();
    void ordinalRounding_data();
    void ordinalRounding();
    void binaryScores_data();
    void binaryScores();
    void binaryPanel();
    void panelsAndCriteria();
    void judgeRuns();
    void judgeDropsUnlabelledPairs();
    void gapMissing();
};

void TestRaterReference::section5Table()
{
    // examples.md section 5, "rating vs reference" per unit (rating order r1, r2, r3).
    using T = std::vector<std::pair<int, int>>;
    const T up[6] = {{{4, 5}, {4, 5}, {5, 4}}, {{1, 2}, {2, 1}}, {{1, 2}, {2, 2}, {2, 2}},
                     {{5, 5}, {5, 5}, {5, 5}}, {{4, 5}, {5, 4}}, {{2, 2}, {2, 2}, {1, 2}}};
    const T down[6] = {{{4, 4}, {4, 4}, {5, 4}}, {{1, 2}, {2, 1}}, {{1, 2}, {2, 1}, {2, 1}},
                       {{5, 5}, {5, 5}, {5, 5}}, {{4, 5}, {5, 4}}, {{2, 1}, {2, 1}, {1, 2}}};
    const auto audit = buildAudit(kSection5);
    for (std::uint32_t item = 0; item < 6; ++item) {
        QCOMPARE(table(*audit, item, LabelRounding::HalfUp), up[item]);
        QCOMPARE(table(*audit, item, LabelRounding::HalfDown), down[item]);
    }
    // The raters and the unrounded means of the others: u1 r1 = 4 vs (4 + 5) / 2; u5 has r2 and r3 only.
    const auto u1 = raterReferenceScores(*audit, 0);
    QCOMPARE(audit->str(u1[2].rater), std::string_view("r3"));
    QVERIFY(near(u1[0].referenceMean, 4.5));
    QVERIFY(near(u1[2].referenceMean, 4.0));
    const auto u5 = raterReferenceScores(*audit, 4);
    QCOMPARE(u5.size(), std::size_t(2));
    QCOMPARE(audit->str(u5[0].rater), std::string_view("r2"));
    QCOMPARE(audit->str(u5[1].rater), std::string_view("r3"));
}

void TestRaterReference::section5Pooled_data()
{
    QTest::addColumn<int>("rounding");
    QTest::addColumn<int>("exact");
    QTest::addColumn<double>("offset");
    QTest::addColumn<double>("judgeExact");
    QTest::addColumn<double>("judgeOffset");
    QTest::addColumn<double>("gap");
    // Exact counts from the table: half-up u1 0 + u2 0 + u3 2 + u4 3 + u5 0 + u6 2 = 7 of 16; half-down
    // 2 + 0 + 0 + 3 + 0 + 0 = 5 of 16. Offsets sum(rating - reference):
    // half-up -1 + 0 - 1 + 0 + 0 - 1 = -3; half-down 1 + 0 + 1 + 0 + 0 + 1 = 3. Judge (examples.md R2):
    // 2/3 and 1/3 exact, offsets 1/2 and 5/6; gaps 2/3 - 7/16 = 11/48 and 1/3 - 5/16 = 1/48.
    QTest::newRow("half-up") << int(LabelRounding::HalfUp) << 7 << -3.0 / 16 << 2.0 / 3 << 0.5 << 11.0 / 48;
    QTest::newRow("half-down") << int(LabelRounding::HalfDown) << 5 << 3.0 / 16 << 1.0 / 3 << 5.0 / 6
                               << 1.0 / 48;
    // Unrounded: levels half-up, offsets against the unrounded means (judge: 13/18, examples.md; raters: 0,
    // see unroundedOffsetIsZero).
    QTest::newRow("unrounded") << int(LabelRounding::Unrounded) << 7 << 0.0 << 2.0 / 3 << 13.0 / 18
                               << 11.0 / 48;
}

void TestRaterReference::section5Pooled()
{
    QFETCH(int, rounding);
    QFETCH(int, exact);
    QFETCH(double, offset);
    QFETCH(double, judgeExact);
    QFETCH(double, judgeOffset);
    QFETCH(double, gap);
    const auto rule = static_cast<LabelRounding>(rounding);
    const auto audit = buildAudit(kSection5);
    const auto panels = raterReference(*audit, rule);
    QCOMPARE(panels.size(), std::size_t(1));
    QCOMPARE(audit->str(panels[0].dataset), std::string_view("D1"));
    QCOMPARE(panels[0].criteria.size(), std::size_t(1));
    const RaterReferenceRow& row = panels[0].criteria[0];
    QCOMPARE(audit->str(row.criterion), std::string_view("C1"));
    QCOMPARE(row.pairs, std::uint64_t(6));
    QCOMPARE(row.pairsSkipped, std::uint64_t(0));
    QCOMPARE(row.tiesSkipped, std::uint64_t(0));
    QCOMPARE(row.counts.n, std::uint64_t(16));
    QCOMPARE(row.counts.exact, std::uint64_t(exact));
    QCOMPARE(row.counts.ordinal, std::uint64_t(16));
    QCOMPARE(row.counts.withinOne, std::uint64_t(16)); // every rating is within one of its reference
    QVERIFY(near(row.counts.exactAccuracy(), exact / 16.0));
    QVERIFY(near(row.counts.withinOneAccuracy(), 1.0));
    QVERIFY2(near(row.counts.offset(), offset), std::to_string(row.counts.offset()).c_str());
    // One criterion: the panel's pooled row is the criterion's.
    QCOMPARE(panels[0].pooled.counts.n, row.counts.n);
    QCOMPARE(panels[0].pooled.counts.exact, row.counts.exact);
    QCOMPARE(panels[0].pooled.pairs, row.pairs);

    const AgreementCounts judge = judgeAgreement(*audit, id(*audit, "D1"), id(*audit, "J1"), rule);
    QCOMPARE(judge.n, std::uint64_t(6));
    QVERIFY(near(judge.exactAccuracy(), judgeExact));
    QVERIFY(near(judge.withinOneAccuracy(), 5.0 / 6)); // examples.md: 5/6 for both rules
    QVERIFY2(near(judge.offset(), judgeOffset), std::to_string(judge.offset()).c_str());
    QVERIFY2(near(referenceGap(judge.exactAccuracy(), row.counts), gap),
             std::to_string(referenceGap(judge.exactAccuracy(), row.counts)).c_str());
}

void TestRaterReference::unroundedOffsetIsZero()
{
    // Identity: sum_i (r_i - (S - r_i) / (n - 1)) = S - (n S - S) / (n - 1) = 0 on every pair, so the raters'
    // offset against the unrounded leave-one-out means is 0 on any ordinal panel.
    const auto audit = buildAudit({{"a", {1, 5, 2, 2}}, {"b", {3, 1}}, {"c", {7, 1, 1}}, {"d", {2, kNA, 4}}});
    const auto row = raterReference(*audit, LabelRounding::Unrounded).at(0).pooled;
    QCOMPARE(row.counts.ordinal, std::uint64_t(11));
    QVERIFY2(std::abs(row.counts.offset()) < 1e-12, std::to_string(row.counts.offset()).c_str());
}

void TestRaterReference::ordinalRounding_data()
{
    QTest::addColumn<std::vector<Answer>>("ratings");
    QTest::addColumn<std::vector<Answer>>("halfUp");
    QTest::addColumn<std::vector<Answer>>("halfDown");
    using V = std::vector<Answer>;
    // Edge cases R4: the leave-one-out mean is rounded with the R1 rule.
    // {2, 3, 3}: 2 vs mean(3, 3) = 3; 3 vs mean(2, 3) = 2.5 -> 3 up, 2 down (twice).
    QTest::newRow("2 3 3") << V{2, 3, 3} << V{3, 3, 3} << V{3, 2, 2};
    // {1, 4}: each against the other rating, no rounding at all.
    QTest::newRow("two raters") << V{1, 4} << V{4, 1} << V{4, 1};
    // {1, 2, 3, 4}: others' means 3, 8/3, 7/3, 2 -> 3, 3, 2, 2 under both rules (no halves).
    QTest::newRow("four, no halves") << V{1, 2, 3, 4} << V{3, 3, 2, 2} << V{3, 3, 2, 2};
    // {1, 2, 3, NA, 5}: NA ignored; others' means 10/3, 3, 8/3, 2 -> 3, 3, 3, 2.
    QTest::newRow("NA ignored") << V{1, 2, 3, kNA, 5} << V{3, 3, 3, 2} << V{3, 3, 3, 2};
    // {1, 2, 2, 4}: others' means 8/3, 7/3, 7/3, 5/3 -> 3, 2, 2, 2.
    QTest::newRow("four, thirds") << V{1, 2, 2, 4} << V{3, 2, 2, 2} << V{3, 2, 2, 2};
    // {4, 5, 5}: 4 vs 5; 5 vs 4.5 -> 5 up, 4 down.
    QTest::newRow("4 5 5") << V{4, 5, 5} << V{5, 5, 5} << V{5, 4, 4};
}

void TestRaterReference::ordinalRounding()
{
    QFETCH(std::vector<Answer>, ratings);
    QFETCH(std::vector<Answer>, halfUp);
    QFETCH(std::vector<Answer>, halfDown);
    const auto audit = buildAudit({{"u1", ratings}});
    for (auto [rule, expected] :
         {std::pair{LabelRounding::HalfUp, &halfUp}, std::pair{LabelRounding::HalfDown, &halfDown},
          std::pair{LabelRounding::Unrounded, &halfUp}}) {
        std::vector<Answer> got;
        for (const ReferenceScore& s : raterReferenceScores(*audit, 0, rule))
            got.push_back(s.reference);
        QCOMPARE(got, *expected);
    }
}

void TestRaterReference::binaryScores_data()
{
    QTest::addColumn<std::vector<Answer>>("ratings");
    QTest::addColumn<std::vector<Answer>>("references");
    QTest::addColumn<int>("n");
    QTest::addColumn<int>("exact");
    QTest::addColumn<int>("ties");
    using V = std::vector<Answer>;
    const Answer tie = answer::kNone;
    // Two raters: each against the other.
    QTest::newRow("MET MET") << V{kMet, kMet} << V{kMet, kMet} << 2 << 2 << 0;
    QTest::newRow("MET UNMET") << V{kMet, kUnmet} << V{kUnmet, kMet} << 2 << 0 << 0;
    // Three raters, 2-1: a majority rater's others tie (skipped); the minority rater faces the majority.
    QTest::newRow("MET MET UNMET") << V{kMet, kMet, kUnmet} << V{tie, tie, kMet} << 1 << 0 << 2;
    QTest::newRow("unanimous three") << V{kUnmet, kUnmet, kUnmet} << V{kUnmet, kUnmet, kUnmet} << 3 << 3 << 0;
    // Four raters, 3-1: majority raters see 2-1 others (agree); the minority sees 3 MET.
    QTest::newRow("3-1") << V{kMet, kUnmet, kMet, kMet} << V{kMet, kMet, kMet, kMet} << 4 << 3 << 0;
    // Four raters, 2-2: every rater's others are 2-1 against it.
    QTest::newRow("2-2") << V{kMet, kMet, kUnmet, kUnmet} << V{kUnmet, kUnmet, kMet, kMet} << 4 << 0 << 0;
    // NA (CANNOT_ASSESS) ratings are ignored.
    QTest::newRow("NA ignored") << V{kMet, kNA, kMet} << V{kMet, kMet} << 2 << 2 << 0;
}

void TestRaterReference::binaryScores()
{
    QFETCH(std::vector<Answer>, ratings);
    QFETCH(std::vector<Answer>, references);
    QFETCH(int, n);
    QFETCH(int, exact);
    QFETCH(int, ties);
    const auto audit = buildAudit({{"u1", ratings, {}, answer::kNone, "C1", TaskKind::Binary}});
    std::vector<Answer> got;
    for (const ReferenceScore& s : raterReferenceScores(*audit, 0))
        got.push_back(s.reference);
    QCOMPARE(got, references);
    const auto row = raterReference(*audit).at(0).pooled;
    QCOMPARE(row.counts.n, std::uint64_t(n));
    QCOMPARE(row.counts.exact, std::uint64_t(exact));
    QCOMPARE(row.counts.ordinal, std::uint64_t(0)); // binary: accuracy only
    QVERIFY(isMissing(row.counts.withinOneAccuracy()));
    QVERIFY(isMissing(row.counts.offset()));
    QCOMPARE(row.tiesSkipped, std::uint64_t(ties));
    QCOMPARE(row.pairs, std::uint64_t(1));
}

void TestRaterReference::binaryPanel()
{
    const auto B = TaskKind::Binary;
    const auto none = answer::kNone;
    // Pairs with fewer than two valid ratings are skipped and counted, also when they have an own label.
    const auto audit = buildAudit({
        {"u1", {kMet, kMet}, {}, none, "C1", B},                   // 2 scored, 2 exact
        {"u2", {kMet}, {}, none, "C1", B},                         // one rater: skipped
        {"u3", {}, {}, kMet, "C1", B},                             // own label only: skipped
        {"u4", {kMet, kNA}, {}, none, "C1", B},                    // one valid rating: skipped
        {"u5", {kMet, kMet, kUnmet}, {}, none, "C1", B},           // 1 scored (2 ties), 0 exact
        {"u6", {kUnmet, kUnmet, kUnmet, kMet}, {}, none, "C1", B}, // 4 scored, 3 exact
    });
    const auto panels = raterReference(*audit);
    QCOMPARE(panels.size(), std::size_t(1));
    const RaterReferenceRow& row = panels[0].pooled;
    QCOMPARE(row.pairs, std::uint64_t(3));
    QCOMPARE(row.pairsSkipped, std::uint64_t(3));
    QCOMPARE(row.tiesSkipped, std::uint64_t(2));
    QCOMPARE(row.counts.n, std::uint64_t(7));
    QCOMPARE(row.counts.exact, std::uint64_t(5));
    QVERIFY(near(row.counts.exactAccuracy(), 5.0 / 7));
}

void TestRaterReference::panelsAndCriteria()
{
    const auto B = TaskKind::Binary;
    const auto O = TaskKind::Ordinal;
    const auto none = answer::kNone;
    const auto audit = buildAudit({
        {"u1", {3, 3}, {}, none, "style", O, "D2"},               // D2 style: 2 of 2 exact
        {"u1", {kMet, kUnmet}, {}, none, "facts", B, "D1"},       // D1 facts: 0 of 2
        {"u1", {1, 2, 4}, {}, none, "style", O, "D1"},            // D1 style: 1 vs 3, 2 vs 3 (5/2 up), 4 vs 2
        {"u2", {kMet, kMet, kMet}, {}, none, "facts", B, "D1"},   // D1 facts: 3 of 3
        {"u2", {2}, {}, none, "style", O, "D1"},                  // D1 style: skipped
        {"p1", {}, {}, answer::kA, "", TaskKind::Pairwise, "D3"}, // pairwise: no panel
    });
    const auto panels = raterReference(*audit);
    QCOMPARE(panels.size(), std::size_t(2));
    // Panels and criteria in order of first item.
    QCOMPARE(audit->str(panels[0].dataset), std::string_view("D2"));
    QCOMPARE(audit->str(panels[1].dataset), std::string_view("D1"));
    const auto& d1 = panels[1];
    QCOMPARE(d1.criteria.size(), std::size_t(2));
    QCOMPARE(audit->str(d1.criteria[0].criterion), std::string_view("facts"));
    QCOMPARE(audit->str(d1.criteria[1].criterion), std::string_view("style"));
    const auto& facts = d1.criteria[0];
    QCOMPARE(facts.counts.n, std::uint64_t(5));
    QCOMPARE(facts.counts.exact, std::uint64_t(3));
    QCOMPARE(facts.pairs, std::uint64_t(2));
    const auto& style = d1.criteria[1];
    // 1 vs mean(2, 4) = 3; 2 vs mean(1, 4) = 5/2 -> 3; 4 vs mean(1, 2) = 3/2 -> 2: 0 exact, within one:
    // 2 vs 3 only; offset (-2 - 1 + 2) / 3 = -1/3.
    QCOMPARE(style.counts.n, std::uint64_t(3));
    QCOMPARE(style.counts.exact, std::uint64_t(0));
    QCOMPARE(style.counts.withinOne, std::uint64_t(1));
    QVERIFY(near(style.counts.offset(), -1.0 / 3));
    QCOMPARE(style.pairs, std::uint64_t(1));
    QCOMPARE(style.pairsSkipped, std::uint64_t(1));
    // Pooled over the panel: exact over both kinds (3 of 8), within-one and offset over ordinal ones only.
    QCOMPARE(d1.pooled.counts.n, std::uint64_t(8));
    QCOMPARE(d1.pooled.counts.exact, std::uint64_t(3));
    QVERIFY(near(d1.pooled.counts.exactAccuracy(), 3.0 / 8));
    QCOMPARE(d1.pooled.counts.ordinal, std::uint64_t(3));
    QVERIFY(near(d1.pooled.counts.withinOneAccuracy(), 1.0 / 3));
    QVERIFY(near(d1.pooled.counts.offset(), -1.0 / 3));
    QCOMPARE(d1.pooled.pairs, std::uint64_t(3));
    QCOMPARE(d1.pooled.pairsSkipped, std::uint64_t(1));
    QCOMPARE(panels[0].pooled.counts.exact, std::uint64_t(2));
}

void TestRaterReference::judgeRuns()
{
    const auto B = TaskKind::Binary;
    const auto none = answer::kNone;
    // Labels (R1): u1 3 (mean 5/2 half-up), u2 own label 2, u3 facts MET. J1 runs: u1 3, 3, 2, NA, none
    // (NA and failed runs are no predictions); u2 4; u3 MET, UNMET. J2's runs and D2 do not count.
    const auto audit = buildAudit({
        {"u1", {2, 3}, {3, 3, 2, kNA, none}, none, "C1", TaskKind::Ordinal, "D1", {1}},
        {"u2", {}, {4}, 2},
        {"u3", {kMet, kMet, kUnmet}, {kMet, kUnmet}, none, "facts", B},
        {"u4", {1, 1}, {1}, none, "C1", TaskKind::Ordinal, "D2"},
    });
    const StrId d1 = id(*audit, "D1");
    const StrId j1 = id(*audit, "J1");
    // Every run counts: ordinal 3, 3, 2 vs 3 and 4 vs 2; binary MET, UNMET vs MET. 6 predictions, 3 exact;
    // within one: 3, 3, 2 (3 of 4 ordinal); offset (0 + 0 - 1 + 2) / 4 = 1/4.
    const AgreementCounts all = judgeAgreement(*audit, d1, j1);
    QCOMPARE(all.n, std::uint64_t(6));
    QCOMPARE(all.exact, std::uint64_t(3));
    QCOMPARE(all.ordinal, std::uint64_t(4));
    QCOMPARE(all.withinOne, std::uint64_t(3));
    QVERIFY(near(all.offset(), 0.25));
    // Half-down: u1's label is 2; 3, 3, 2 vs 2 and 4 vs 2: 1 exact, + MET = 2.
    QCOMPARE(judgeAgreement(*audit, d1, j1, LabelRounding::HalfDown).exact, std::uint64_t(2));
    // One criterion only.
    const AgreementCounts facts = judgeAgreement(*audit, d1, j1, LabelRounding::HalfUp, id(*audit, "facts"));
    QCOMPARE(facts.n, std::uint64_t(2));
    QCOMPARE(facts.exact, std::uint64_t(1));
    QCOMPARE(facts.ordinal, std::uint64_t(0));
    // Another judge, another panel.
    QCOMPARE(judgeAgreement(*audit, d1, id(*audit, "J2")).n, std::uint64_t(1));
    QCOMPARE(judgeAgreement(*audit, id(*audit, "D2"), j1).exact, std::uint64_t(1));
}

void TestRaterReference::judgeDropsUnlabelledPairs()
{
    const auto B = TaskKind::Binary;
    const auto none = answer::kNone;
    // A binary tie of the raters and a pair with neither ratings nor a label have no R1 label: the judge's
    // runs on them are not scored.
    const auto audit = buildAudit({
        {"u1", {kMet, kUnmet}, {kMet}, kMet, "C1", B},
        {"u2", {}, {kUnmet}, none, "C1", B},
        {"u3", {kUnmet, kUnmet, kMet}, {kUnmet}, none, "C1", B},
    });
    const AgreementCounts judge = judgeAgreement(*audit, id(*audit, "D1"), id(*audit, "J1"));
    QCOMPARE(judge.n, std::uint64_t(1));
    QCOMPARE(judge.exact, std::uint64_t(1));
    QVERIFY(near(judge.exactAccuracy(), 1.0));
}

void TestRaterReference::gapMissing()
{
    AgreementCounts none;
    QVERIFY(isMissing(none.exactAccuracy()));
    QVERIFY(isMissing(referenceGap(0.5, none)));
    AgreementCounts some;
    some.n = 4;
    some.exact = 1;
    QVERIFY(isMissing(referenceGap(kMissing, some)));
    QVERIFY(near(referenceGap(0.5, some), 0.25));
    QVERIFY(near(referenceGap(0.0, some), -0.25)); // signed: the judge can be below the raters
}

QTEST_APPLESS_MAIN(TestRaterReference)
#include "tst_raterreference.moc"
