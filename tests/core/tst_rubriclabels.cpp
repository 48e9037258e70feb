// R1 labels of rubric pairs (core/analysis/rubriclabels.h): examples.md section 5, binary majorities and
// ties, NA ratings, items without ratings, unanimity, roundLevel at and near halves, scaleLevels.
#include "analysis/rubriclabels.h"
#include "model/auditbuilder.h"

#include <QtTest>

#include <cmath>
#include <string>
#include <vector>

using namespace tribunal;

Q_DECLARE_METATYPE(std::vector<tribunal::Answer>)

namespace {

constexpr Answer kSkip = answer::kNone; // in a ratings list: this rater did not rate the pair
constexpr Answer kNA = answer::kNA;
constexpr Answer kMet = answer::kMet;
constexpr Answer kUnmet = answer::kUnmet;

/// One rubric pair: ratings by r1, r2, ... in order (kSkip: no rating), the item's own label, the judge J1's
/// runs and the item's level descriptions (count only).
struct Pair {
    std::string unit;
    std::vector<Answer> ratings;
    Answer label = answer::kNone;
    std::vector<Answer> judge;
    int levelTexts = 0;
};

AuditPtr buildAudit(TaskKind kind, const std::vector<Pair>& pairs)
{
    AuditBuilder b;
    for (const Pair& p : pairs) {
        const auto item = b.addItem(b.intern("D1"), b.intern(p.unit + "/C1"), kind);
        b.setText(item, ItemText::UnitId, b.intern(p.unit));
        b.setText(item, ItemText::Criterion, b.intern("C1"));
        b.setLabel(item, p.label);
        std::vector<Rating> ratings;
        for (std::size_t r = 0; r < p.ratings.size(); ++r)
            if (p.ratings[r] != kSkip)
                ratings.push_back({b.intern("r" + std::to_string(r + 1)), p.ratings[r]});
        b.setRatings(item, ratings);
        std::vector<StrId> levels;
        for (int l = 1; l <= p.levelTexts; ++l)
            levels.push_back(b.intern("level " + std::to_string(l)));
        b.setLevels(item, levels);
        for (std::size_t run = 0; run < p.judge.size(); ++run) {
            JudgmentInput j;
            j.item = item;
            j.judge = b.intern("J1");
            j.format = b.intern("F1");
            j.rep = static_cast<std::uint16_t>(run + 1);
            j.answer = p.judge[run];
            b.addJudgment(j);
        }
    }
    ImportLog log;
    auto audit = b.build(log);
    Q_ASSERT(audit);
    return audit;
}

/// examples.md section 5: one criterion on levels 1-5, six units, three raters (u2 and u5 miss one rating).
const std::vector<Pair> kSection5 = {
    {"u1", {4, 4, 5}, answer::kNone, {5}},     {"u2", {1, 2, kSkip}, answer::kNone, {2}},
    {"u3", {1, 2, 2}, answer::kNone, {4}},     {"u4", {5, 5, 5}, answer::kNone, {5}},
    {"u5", {kSkip, 4, 5}, answer::kNone, {5}}, {"u6", {2, 2, 1}, answer::kNone, {2}},
};

bool sameDouble(double a, double b)
{
    return (std::isnan(a) && std::isnan(b)) || std::abs(a - b) < 1e-12;
}

} // namespace

class TestRubricLabels : public QObject {
    Q_OBJECT
private slots:
    void section5_data();
    void section5();
    void section5Unanimity();
    void binary_data();
    void binary();
    void ordinal_data();
    void ordinal();
    void roundLevelRows_data();
    void roundLevelRows();
    void scaleLevelsRows_data();
    void scaleLevelsRows();
    void pairwiseHasNoLabel();
    void roundingNames();
};

void TestRubricLabels::section5_data()
{
    QTest::addColumn<int>("unit");
    QTest::addColumn<double>("mean");
    QTest::addColumn<int>("halfUp");
    QTest::addColumn<int>("halfDown");
    QTest::addColumn<int>("raters");
    // The means and labels of the example's table.
    QTest::newRow("u1 13/3") << 0 << 13.0 / 3 << 4 << 4 << 3;
    QTest::newRow("u2 3/2, half") << 1 << 1.5 << 2 << 1 << 2;
    QTest::newRow("u3 5/3") << 2 << 5.0 / 3 << 2 << 2 << 3;
    QTest::newRow("u4 5") << 3 << 5.0 << 5 << 5 << 3;
    QTest::newRow("u5 9/2, half") << 4 << 4.5 << 5 << 4 << 2;
    QTest::newRow("u6 5/3") << 5 << 5.0 / 3 << 2 << 2 << 3;
}

void TestRubricLabels::section5()
{
    QFETCH(int, unit);
    QFETCH(double, mean);
    QFETCH(int, halfUp);
    QFETCH(int, halfDown);
    QFETCH(int, raters);
    const auto audit = buildAudit(TaskKind::Ordinal, kSection5);
    const auto item = static_cast<std::uint32_t>(unit);
    const RubricLabel up = rubricLabel(*audit, item); // half-up is the default
    const RubricLabel down = rubricLabel(*audit, item, LabelRounding::HalfDown);
    const RubricLabel raw = rubricLabel(*audit, item, LabelRounding::Unrounded);
    QCOMPARE(up.label, Answer(halfUp));
    QCOMPARE(down.label, Answer(halfDown));
    QCOMPARE(raw.label, Answer(halfUp)); // unrounded: offsets read the mean; the level is half-up
    for (const RubricLabel* l : {&up, &down, &raw}) {
        QVERIFY(sameDouble(l->mean, mean));
        QCOMPARE(l->raters, raters);
    }
}

void TestRubricLabels::section5Unanimity()
{
    // "u4 is the only unanimous unit; the other five are split."
    const auto audit = buildAudit(TaskKind::Ordinal, kSection5);
    for (std::uint32_t item = 0; item < 6; ++item)
        QCOMPARE(rubricLabel(*audit, item).unanimous, item == 3);
}

void TestRubricLabels::binary_data()
{
    QTest::addColumn<std::vector<Answer>>("ratings");
    QTest::addColumn<int>("given");
    QTest::addColumn<int>("label");
    QTest::addColumn<double>("metShare");
    QTest::addColumn<bool>("unanimous");
    QTest::addColumn<int>("raters");
    using V = std::vector<Answer>;
    const int none = answer::kNone;
    const double missing = kMissing;
    QTest::newRow("majority MET 2/3") << V{kMet, kMet, kUnmet} << none << int(kMet) << 2.0 / 3 << false << 3;
    QTest::newRow("majority UNMET 2/3")
        << V{kMet, kUnmet, kUnmet} << none << int(kUnmet) << 1.0 / 3 << false << 3;
    QTest::newRow("unanimous MET") << V{kMet, kMet, kMet} << none << int(kMet) << 1.0 << true << 3;
    QTest::newRow("unanimous UNMET") << V{kUnmet, kUnmet} << none << int(kUnmet) << 0.0 << true << 2;
    QTest::newRow("one rating is unanimous") << V{kMet} << none << int(kMet) << 1.0 << true << 1;
    QTest::newRow("tie 1-1: no label") << V{kMet, kUnmet} << none << none << 0.5 << false << 2;
    QTest::newRow("tie 2-2: no label") << V{kUnmet, kMet, kMet, kUnmet} << none << none << 0.5 << false << 4;
    // The own label does not break a raters' tie: the pair is dropped (Edge cases R1).
    QTest::newRow("tie with an own label") << V{kMet, kUnmet} << int(kMet) << none << 0.5 << false << 2;
    // NA (CANNOT_ASSESS) ratings are ignored: 1 MET vs 2 UNMET over 3 raters; unanimity too.
    QTest::newRow("NA ignored") << V{kMet, kNA, kUnmet, kUnmet} << none << int(kUnmet) << 1.0 / 3 << false
                                << 3;
    QTest::newRow("NA does not split") << V{kMet, kNA, kMet} << none << int(kMet) << 1.0 << true << 2;
    QTest::newRow("NA breaks no tie") << V{kMet, kNA, kUnmet} << none << none << 0.5 << false << 2;
    // Ratings override the item's own label.
    QTest::newRow("ratings win over own label")
        << V{kUnmet, kUnmet} << int(kMet) << int(kUnmet) << 0.0 << true << 2;
    // Without (valid) ratings the item's own label is used, as a unanimous pair of no raters.
    QTest::newRow("no ratings, own MET") << V{} << int(kMet) << int(kMet) << 1.0 << true << 0;
    QTest::newRow("no ratings, own UNMET") << V{} << int(kUnmet) << int(kUnmet) << 0.0 << true << 0;
    QTest::newRow("only NA ratings, own MET") << V{kNA, kNA} << int(kMet) << int(kMet) << 1.0 << true << 0;
    QTest::newRow("no ratings, no label") << V{} << none << none << missing << true << 0;
    QTest::newRow("no ratings, own NA") << V{} << int(kNA) << none << missing << true << 0;
}

void TestRubricLabels::binary()
{
    QFETCH(std::vector<Answer>, ratings);
    QFETCH(int, given);
    QFETCH(int, label);
    QFETCH(double, metShare);
    QFETCH(bool, unanimous);
    QFETCH(int, raters);
    const auto audit = buildAudit(TaskKind::Binary, {{"u1", ratings, Answer(given), {}}});
    // The rounding rule is an ordinal option: binary labels do not depend on it.
    for (auto rounding : {LabelRounding::HalfUp, LabelRounding::HalfDown, LabelRounding::Unrounded}) {
        const RubricLabel l = rubricLabel(*audit, 0, rounding);
        QCOMPARE(l.label, Answer(label));
        QVERIFY2(sameDouble(l.mean, metShare), std::to_string(l.mean).c_str());
        QCOMPARE(l.unanimous, unanimous);
        QCOMPARE(l.raters, raters);
    }
}

void TestRubricLabels::ordinal_data()
{
    QTest::addColumn<std::vector<Answer>>("ratings");
    QTest::addColumn<int>("given");
    QTest::addColumn<int>("halfUp");
    QTest::addColumn<int>("halfDown");
    QTest::addColumn<double>("mean");
    QTest::addColumn<bool>("unanimous");
    QTest::addColumn<int>("raters");
    using V = std::vector<Answer>;
    const int none = answer::kNone;
    QTest::newRow("one rating") << V{3} << none << 3 << 3 << 3.0 << true << 1;
    QTest::newRow("two equal") << V{4, 4} << none << 4 << 4 << 4.0 << true << 2;
    QTest::newRow("two apart, half") << V{2, 3} << none << 3 << 2 << 2.5 << false << 2;
    QTest::newRow("two far apart, whole") << V{1, 5} << none << 3 << 3 << 3.0 << false << 2;
    QTest::newRow("four, half") << V{1, 2, 3, 4} << none << 3 << 2 << 2.5 << false << 4;
    QTest::newRow("four, 9/4 down") << V{2, 2, 2, 3} << none << 2 << 2 << 2.25 << false << 4;
    QTest::newRow("four, 11/4 up") << V{2, 3, 3, 3} << none << 3 << 3 << 2.75 << false << 4;
    // Edge cases R1: the mean is over the raters present; NA ratings are not ratings.
    QTest::newRow("NA ignored, half") << V{2, kNA, 3} << none << 3 << 2 << 2.5 << false << 2;
    QTest::newRow("NA ignored, unanimous") << V{kNA, 5, 5} << none << 5 << 5 << 5.0 << true << 2;
    QTest::newRow("ratings win over own label") << V{1, 1} << 5 << 1 << 1 << 1.0 << true << 2;
    QTest::newRow("large scale") << V{9, 10} << none << 10 << 9 << 9.5 << false << 2;
    // Without ratings: the own label, for every rounding rule, as a unanimous pair of no raters.
    QTest::newRow("no ratings, own 4") << V{} << 4 << 4 << 4 << 4.0 << true << 0;
    QTest::newRow("only NA ratings, own 2") << V{kNA} << 2 << 2 << 2 << 2.0 << true << 0;
    QTest::newRow("no ratings, no label") << V{} << none << none << none << kMissing << true << 0;
    QTest::newRow("no ratings, own NA") << V{} << int(kNA) << none << none << kMissing << true << 0;
}

void TestRubricLabels::ordinal()
{
    QFETCH(std::vector<Answer>, ratings);
    QFETCH(int, given);
    QFETCH(int, halfUp);
    QFETCH(int, halfDown);
    QFETCH(double, mean);
    QFETCH(bool, unanimous);
    QFETCH(int, raters);
    const auto audit = buildAudit(TaskKind::Ordinal, {{"u1", ratings, Answer(given), {}}});
    const RubricLabel up = rubricLabel(*audit, 0, LabelRounding::HalfUp);
    const RubricLabel down = rubricLabel(*audit, 0, LabelRounding::HalfDown);
    const RubricLabel raw = rubricLabel(*audit, 0, LabelRounding::Unrounded);
    QCOMPARE(up.label, Answer(halfUp));
    QCOMPARE(down.label, Answer(halfDown));
    // Unrounded: the half-up level (offsets read the mean); without ratings the own label stands.
    QCOMPARE(raw.label, Answer(halfUp));
    for (const RubricLabel* l : {&up, &down, &raw}) {
        QVERIFY2(sameDouble(l->mean, mean), std::to_string(l->mean).c_str());
        QCOMPARE(l->unanimous, unanimous);
        QCOMPARE(l->raters, raters);
    }
}

void TestRubricLabels::roundLevelRows_data()
{
    QTest::addColumn<double>("mean");
    QTest::addColumn<int>("halfUp");
    QTest::addColumn<int>("halfDown");
    const int none = answer::kNone;
    QTest::newRow("exact 1.5") << 1.5 << 2 << 1;
    QTest::newRow("exact 4.5") << 4.5 << 5 << 4;
    QTest::newRow("exact 0.5") << 0.5 << 1 << 0;
    QTest::newRow("integer 3") << 3.0 << 3 << 3;
    QTest::newRow("13/3") << 13.0 / 3 << 4 << 4;
    QTest::newRow("5/3") << 5.0 / 3 << 2 << 2;
    QTest::newRow("1.25") << 1.25 << 1 << 1;
    QTest::newRow("1.75") << 1.75 << 2 << 2;
    // A half up to rounding error is a half: 0.1 * 15 = 1.5000000000000002 in doubles.
    QTest::newRow("0.1 * 15") << 0.1 * 15 << 2 << 1;
    QTest::newRow("1.5 + 5e-10") << 1.5 + 5e-10 << 2 << 1;
    QTest::newRow("1.5 - 5e-10") << 1.5 - 5e-10 << 2 << 1;
    QTest::newRow("2.5 + 9e-10") << 2.5 + 9e-10 << 3 << 2;
    QTest::newRow("2.5 - 9e-10") << 2.5 - 9e-10 << 3 << 2;
    // Beyond 1e-9 the nearest level wins whatever the rule.
    QTest::newRow("1.5 + 2e-9") << 1.5 + 2e-9 << 2 << 2;
    QTest::newRow("1.5 - 2e-9") << 1.5 - 2e-9 << 1 << 1;
    QTest::newRow("3 - 1e-12") << 3.0 - 1e-12 << 3 << 3;
    QTest::newRow("3 + 1e-12") << 3.0 + 1e-12 << 3 << 3;
    QTest::newRow("NaN: no level") << kMissing << none << none;
}

void TestRubricLabels::roundLevelRows()
{
    QFETCH(double, mean);
    QFETCH(int, halfUp);
    QFETCH(int, halfDown);
    QCOMPARE(roundLevel(mean, LabelRounding::HalfUp), Answer(halfUp));
    QCOMPARE(roundLevel(mean, LabelRounding::HalfDown), Answer(halfDown));
    QCOMPARE(roundLevel(mean, LabelRounding::Unrounded), answer::kNone);
}

void TestRubricLabels::scaleLevelsRows_data()
{
    QTest::addColumn<int>("kind");
    QTest::addColumn<std::vector<Answer>>("ratings");
    QTest::addColumn<int>("given");
    QTest::addColumn<std::vector<Answer>>("judge");
    QTest::addColumn<int>("levelTexts");
    QTest::addColumn<int>("levels");
    using V = std::vector<Answer>;
    const int ordinal = int(TaskKind::Ordinal);
    const int none = answer::kNone;
    // With level descriptions the scale is theirs, also when no rating, label or answer reaches the top.
    QTest::newRow("descriptions, 5") << ordinal << V{2, 3} << 2 << V{3} << 5 << 5;
    QTest::newRow("descriptions win over a larger answer") << ordinal << V{2} << none << V{4} << 3 << 3;
    // Without: the largest level used by the label, the ratings and the judgments.
    QTest::newRow("ratings largest") << ordinal << V{2, 7} << 3 << V{4} << 0 << 7;
    QTest::newRow("label largest") << ordinal << V{2} << 6 << V{4} << 0 << 6;
    QTest::newRow("judgment largest") << ordinal << V{2, 3} << 2 << V{1, 9} << 0 << 9;
    QTest::newRow("NA and none are not levels")
        << ordinal << V{kNA, 2} << int(kNA) << V{kNA, answer::kNone} << 0 << 2;
    QTest::newRow("nothing") << ordinal << V{} << none << V{} << 0 << 0;
    QTest::newRow("binary") << int(TaskKind::Binary) << V{kMet, kUnmet} << int(kMet) << V{kMet} << 0 << 2;
}

void TestRubricLabels::scaleLevelsRows()
{
    QFETCH(int, kind);
    QFETCH(std::vector<Answer>, ratings);
    QFETCH(int, given);
    QFETCH(std::vector<Answer>, judge);
    QFETCH(int, levelTexts);
    QFETCH(int, levels);
    const auto audit =
        buildAudit(static_cast<TaskKind>(kind), {{"u1", ratings, Answer(given), judge, levelTexts}});
    QCOMPARE(scaleLevels(*audit, 0), levels);
}

void TestRubricLabels::pairwiseHasNoLabel()
{
    const auto audit = buildAudit(TaskKind::Pairwise, {{"u1", {}, answer::kA, {answer::kA}}});
    const RubricLabel l = rubricLabel(*audit, 0);
    QCOMPARE(l.label, answer::kNone);
    QVERIFY(isMissing(l.mean));
    QCOMPARE(l.raters, 0);
}

void TestRubricLabels::roundingNames()
{
    QCOMPARE(labelRoundingName(LabelRounding::HalfUp), std::string_view("half-up"));
    QCOMPARE(labelRoundingName(LabelRounding::HalfDown), std::string_view("half-down"));
    QCOMPARE(labelRoundingName(LabelRounding::Unrounded), std::string_view("unrounded"));
}

QTEST_APPLESS_MAIN(TestRubricLabels)
#include "tst_rubriclabels.moc"
