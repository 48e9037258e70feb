// The Rubric panel's drill-down of one pair (core/analysis/rubricpairdetail.h; metrics.md R1): the label with
// the raters' ratings, every judgment on the item (every judge, format and bias test, every run) in cell
// order, Right / Wrong / Unscored with the distance in levels, confidence, cost and the probability of the
// answer given; a pairwise item gives nothing.
#include "analysis/rubricpairdetail.h"
#include "model/auditbuilder.h"

#include <QtTest>

#include <map>
#include <tuple>

using namespace tribunal;

Q_DECLARE_METATYPE(tribunal::LabelRounding)

namespace {

constexpr Answer M = answer::kMet, U = answer::kUnmet, NA = answer::kNA, NONE = answer::kNone;

struct Run {
    const char* judge;
    const char* test; ///< "" = no bias test
    std::uint16_t rep;
    Answer answer;
    double confidence = kMissing, cost = kMissing;
    std::vector<ProbEntry> probs = {};
};

/// Items: "o" ordinal on 4 levels rated 3 and 4 (mean 3.5: half-up 4, half-down 3), "b" binary rated MET
/// (label MET), "t" binary rated MET and UNMET (a tie: no label), "p" pairwise. Each gets `runs`.
AuditPtr buildAudit(const std::vector<Run>& ordinalRuns, const std::vector<Run>& binaryRuns)
{
    AuditBuilder b;
    const StrId panel = b.intern("panel"), format = b.intern("f");
    const auto o = b.addItem(panel, b.intern("o"), TaskKind::Ordinal);
    b.setLevels(o, std::vector<StrId>(4, b.intern("level")));
    b.setRatings(o, {{b.intern("r1"), 3}, {b.intern("r2"), 4}});
    const auto bi = b.addItem(panel, b.intern("b"), TaskKind::Binary);
    b.setRatings(bi, {{b.intern("r1"), M}});
    const auto t = b.addItem(panel, b.intern("t"), TaskKind::Binary);
    b.setRatings(t, {{b.intern("r1"), M}, {b.intern("r2"), U}});
    const auto p = b.addItem(panel, b.intern("p"), TaskKind::Pairwise);
    b.setLabel(p, answer::kA);
    const auto add = [&](std::uint32_t item, const Run& r) {
        JudgmentInput j;
        j.item = item;
        j.judge = b.intern(r.judge);
        j.format = format;
        j.rep = r.rep;
        j.answer = r.answer;
        j.confidence = r.confidence;
        j.costUsd = r.cost;
        j.probs = r.probs;
        j.test = b.intern(r.test);
        if (*r.test != '\0')
            j.variant = Variant::Perturbed;
        if (item == p)
            j.order = Order::AB;
        b.addJudgment(j);
    };
    for (const Run& r : ordinalRuns)
        add(o, r);
    for (const Run& r : binaryRuns) {
        add(bi, r);
        add(t, r);
    }
    add(p, {"a", "", 1, answer::kA});
    ImportLog log;
    auto audit = b.build(log);
    if (!audit)
        qFatal("test audit did not build");
    return audit;
}

std::vector<Run> ordinalRuns()
{
    return {{"b", "", 1, 1, 0.5, 0.02},                                // judge b: level 1
            {"a", "", 1, 4, 0.9, 0.01, {{4, 0.7}, {3, 0.3}}},          // P(4) = 0.7
            {"a", "", 2, 3, kMissing, kMissing, {{4, 0.6}, {2, 0.4}}}, // no probability for 3
            {"a", "", 3, NA},
            {"a", "", 4, 5}, // off the 4 levels
            {"a", "", 5, NONE},
            {"a", "verbosity", 1, 2}};
}

/// The answer of (judge, test, rep) in `detail`, found through its cell.
const RubricPairAnswer& answerOf(const Audit& audit, const RubricPairDetail& detail, const char* judge,
                                 const char* test, std::uint16_t rep)
{
    for (const RubricPairAnswer& a : detail.answers) {
        const Cell& cell = audit.cells()[a.cell];
        if (audit.str(cell.judge) == judge && audit.str(cell.test) == test && a.rep == rep)
            return a;
    }
    qFatal("no answer of %s %s %d", judge, test, rep);
}

} // namespace

class TestRubricPairDetail : public QObject {
    Q_OBJECT
private slots:
    void everyJudgmentInOrder()
    {
        const AuditPtr audit = buildAudit(ordinalRuns(), {});
        const std::uint32_t item = *audit->findItem("panel", "o");
        const RubricPairDetail d = rubricPairDetail(*audit, item);
        QCOMPARE(d.item, item);
        QCOMPARE(d.kind, TaskKind::Ordinal);
        QCOMPARE(d.levels, 4);
        QCOMPARE(d.label.label, Answer(4));
        QCOMPARE(d.label.mean, 3.5);
        QVERIFY(!d.label.unanimous);
        QCOMPARE(d.ratings.size(), std::size_t(2));
        QCOMPARE(audit->str(d.ratings[0].rater), std::string_view("r1"));
        QCOMPARE(d.ratings[0].value, Answer(3));
        QCOMPARE(d.ratings[1].value, Answer(4));
        // Every judgment once: 7 runs in 3 cells (a, a + verbosity, b).
        QCOMPARE(d.answers.size(), std::size_t(7));
        std::map<std::uint32_t, int> seen;
        for (std::size_t i = 0; i < d.answers.size(); ++i) {
            const RubricPairAnswer& a = d.answers[i];
            const Cell& cell = audit->cells()[a.cell];
            QVERIFY(a.judgment >= cell.begin && a.judgment < cell.end);
            QCOMPARE(audit->judgments().item[a.judgment], item);
            QCOMPARE(audit->judgments().rep[a.judgment], a.rep);
            QCOMPARE(audit->judgments().answer[a.judgment], a.answer);
            ++seen[a.judgment];
            if (i > 0) { // cells ascending, rows ascending within a cell
                const RubricPairAnswer& prev = d.answers[i - 1];
                QVERIFY(prev.cell < a.cell || (prev.cell == a.cell && prev.judgment < a.judgment));
            }
        }
        QCOMPARE(seen.size(), std::size_t(7));
        // Runs of judge a (no test) in rep order.
        std::vector<std::uint16_t> reps;
        for (const RubricPairAnswer& a : d.answers)
            if (audit->str(audit->cells()[a.cell].judge) == "a" && audit->cells()[a.cell].test == kEmptyStr)
                reps.push_back(a.rep);
        QCOMPARE(reps, (std::vector<std::uint16_t>{1, 2, 3, 4, 5}));
    }

    void matchAndDistance_data()
    {
        QTest::addColumn<LabelRounding>("rounding");
        QTest::addColumn<int>("label");
        QTest::newRow("half-up") << LabelRounding::HalfUp << 4;
        QTest::newRow("half-down") << LabelRounding::HalfDown << 3;
        QTest::newRow("unrounded: half-up level") << LabelRounding::Unrounded << 4;
    }
    void matchAndDistance()
    {
        QFETCH(LabelRounding, rounding);
        QFETCH(int, label);
        const AuditPtr audit = buildAudit(ordinalRuns(), {});
        const RubricPairDetail d = rubricPairDetail(*audit, *audit->findItem("panel", "o"), rounding);
        QCOMPARE(int(d.label.label), label);
        using M = RubricAnswerMatch;
        // (judge, test, rep) -> match, distance = answer - label.
        const std::vector<std::tuple<const char*, const char*, int, int, M>> expected = {
            {"b", "", 1, 1, M::Wrong},
            {"a", "", 1, 4, label == 4 ? M::Right : M::Wrong},
            {"a", "", 2, 3, label == 3 ? M::Right : M::Wrong},
            {"a", "verbosity", 1, 2, M::Wrong}};
        for (const auto& [judge, test, rep, answer, match] : expected) {
            const RubricPairAnswer& a = answerOf(*audit, d, judge, test, static_cast<std::uint16_t>(rep));
            QCOMPARE(a.match, match);
            QCOMPARE(a.distance, answer - label);
        }
        // NA, an answer off the scale and none are unscored, distance 0.
        for (int rep : {3, 4, 5}) {
            const RubricPairAnswer& a = answerOf(*audit, d, "a", "", static_cast<std::uint16_t>(rep));
            QCOMPARE(a.match, M::Unscored);
            QCOMPARE(a.distance, 0);
        }
    }

    void recordedFields()
    {
        const AuditPtr audit = buildAudit(ordinalRuns(), {});
        const RubricPairDetail d = rubricPairDetail(*audit, *audit->findItem("panel", "o"));
        const RubricPairAnswer& first = answerOf(*audit, d, "a", "", 1);
        QCOMPARE(first.confidence, 0.9);
        QCOMPARE(first.costUsd, 0.01);
        QCOMPARE(first.probabilityOfAnswer, 0.7); // P(4), not P(3)
        const RubricPairAnswer& second = answerOf(*audit, d, "a", "", 2);
        QVERIFY(std::isnan(second.probabilityOfAnswer)); // probabilities given, none for its answer 3
        QVERIFY(std::isnan(second.confidence));
        QVERIFY(std::isnan(second.costUsd));
        const RubricPairAnswer& other = answerOf(*audit, d, "b", "", 1);
        QCOMPARE(other.confidence, 0.5);
        QCOMPARE(other.costUsd, 0.02);
        QVERIFY(std::isnan(other.probabilityOfAnswer)); // no probabilities at all
    }

    void binaryPairs()
    {
        const std::vector<Run> runs = {
            {"a", "", 1, M, kMissing, kMissing, {{M, 0.8}, {U, 0.2}}}, {"a", "", 2, U}, {"a", "", 3, NA}};
        const AuditPtr audit = buildAudit({}, runs);
        const RubricPairDetail b = rubricPairDetail(*audit, *audit->findItem("panel", "b"));
        QCOMPARE(b.kind, TaskKind::Binary);
        QCOMPARE(b.levels, 2);
        QCOMPARE(b.label.label, M);
        QCOMPARE(b.answers.size(), std::size_t(3));
        QCOMPARE(b.answers[0].match, RubricAnswerMatch::Right);
        QCOMPARE(b.answers[0].probabilityOfAnswer, 0.8);
        QCOMPARE(b.answers[1].match, RubricAnswerMatch::Wrong);
        QCOMPARE(b.answers[1].distance, 0); // binary: no distance
        QCOMPARE(b.answers[2].match, RubricAnswerMatch::Unscored);
        // A rater tie: no label, every answer unscored, the ratings still listed.
        const RubricPairDetail t = rubricPairDetail(*audit, *audit->findItem("panel", "t"));
        QCOMPARE(t.label.label, NONE);
        QCOMPARE(t.label.mean, 0.5);
        QCOMPARE(t.ratings.size(), std::size_t(2));
        QCOMPARE(t.answers.size(), std::size_t(3));
        for (const RubricPairAnswer& a : t.answers)
            QCOMPARE(a.match, RubricAnswerMatch::Unscored);
    }

    void pairwiseGivesNothing()
    {
        const AuditPtr audit = buildAudit(ordinalRuns(), {});
        const RubricPairDetail d = rubricPairDetail(*audit, *audit->findItem("panel", "p"));
        QCOMPARE(d.kind, TaskKind::Pairwise);
        QCOMPARE(d.label.label, NONE);
        QVERIFY(d.answers.empty());
        QVERIFY(d.ratings.empty());
    }
};

QTEST_GUILESS_MAIN(TestRubricPairDetail)
#include "tst_rubricpairdetail.moc"
