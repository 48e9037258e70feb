// Confusion matrices of rubric judges (core/analysis/rubricconfusion.h; metrics.md "Rubric judges" R2, R3):
// hand-computed matrices on a small audit (ordinal and binary criteria, NA / none / out-of-scale answers, a
// pair on a shorter scale than its criterion, an unlabelled binary tie, split raters, a bias-test run that
// must stay out), the drill-down item lists, and the identities with analyseRubricAgreement (sum = n,
// trace / n = exact, abstained / failed sums) on that audit, examples.md section 5 and a random audit.
#include "analysis/rubricconfusion.h"
#include "model/auditbuilder.h"

#include "../common/rubricaudits.h"

#include <QtTest>

#include <numeric>
#include <random>

using namespace tribunal;
using tribunal::testing::buildRubricAudit;
using tribunal::testing::rubricItem;
using tribunal::testing::RubricPairSpec;

Q_DECLARE_METATYPE(tribunal::LabelRounding)
Q_DECLARE_METATYPE(std::vector<std::uint32_t>)

namespace {

constexpr Answer M = answer::kMet, U = answer::kUnmet, NA = answer::kNA, NONE = answer::kNone;
constexpr TaskKind kBin = TaskKind::Binary, kOrd = TaskKind::Ordinal;

/// Labels (half-up / half-down) in the comments; "x" marks a run that is not in the matrix.
AuditPtr smallAudit()
{
    return buildRubricAudit({
        // clarity, K = 3.
        {"o1", "clarity", kOrd, 3, {2, 2, 2}, {2, 3}, NONE, {1}}, // label 2; the test run stays out
        {"o2", "clarity", kOrd, 3, {1, 2}, {1, NA}},              // mean 1.5: 2 / 1; NA abstains
        {"o3", "clarity", kOrd, 3, {3, 3}, {3, NONE}},            // label 3; none fails
        {"o4", "clarity", kOrd, 3, {1}, {4, 2}},                  // label 1; 4 is off the scale: fails
        // safe, binary.
        {"b1", "safe", kBin, 0, {M, M, U}, {M, U}}, // MET (split)
        {"b2", "safe", kBin, 0, {M, U}, {M, M}},    // tie: no label, runs not scored
        {"b3", "safe", kBin, 0, {U}, {U, NA}},      // UNMET; NA abstains
        {"b4", "safe", kBin, 0, {}, {NONE, M}, M},  // the item's own label MET; none fails
        // depth: d1 on 2 levels, d2 on 4, so K = 4 and d1's answer 3 is off d1's own scale (fails).
        {"d1", "depth", kOrd, 2, {2}, {3, 2}},
        {"d2", "depth", kOrd, 4, {4}, {4}},
        // vague: nothing to label; K = 2 from the answer.
        {"v1", "vague", kOrd, 0, {}, {2}},
    });
}

std::vector<std::uint32_t> counts(std::initializer_list<std::uint32_t> values)
{
    return values;
}

const RubricConfusion& find(const std::vector<RubricConfusion>& all, const Audit& audit,
                            const char* criterion)
{
    for (const RubricConfusion& c : all)
        if (audit.str(c.criterion) == criterion)
            return c;
    qFatal("no confusion of %s", criterion);
}

std::uint32_t trace(const RubricConfusion& c)
{
    std::uint32_t t = 0;
    for (int i = 0; i < c.levels; ++i)
        t += c.count(i, i);
    return t;
}

std::uint32_t sum(const std::vector<std::uint32_t>& v)
{
    return std::accumulate(v.begin(), v.end(), 0U);
}

/// The identities of the file comment of rubricconfusion.h against the criterion rows of
/// analyseRubricAgreement, in the same order.
void checkIdentities(const Audit& audit, LabelRounding rounding)
{
    const RubricAgreementSettings settings{rounding};
    const std::vector<RubricConfusion> confusions = analyseRubricConfusion(audit, settings);
    std::vector<RubricAgreementRow> rows;
    for (const RubricAgreementRow& r : analyseRubricAgreement(audit, settings))
        if (!r.pooled)
            rows.push_back(r);
    QCOMPARE(confusions.size(), rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const RubricConfusion& c = confusions[i];
        const RubricAgreementRow& r = rows[i];
        QCOMPARE(c.dataset, r.dataset);
        QCOMPARE(c.judge, r.judge);
        QCOMPARE(c.format, r.format);
        QCOMPARE(c.condition, r.condition);
        QCOMPARE(c.criterion, r.criterion);
        QCOMPARE(c.kind, r.kind);
        QCOMPARE(sum(c.counts), r.all.n);
        QCOMPARE(c.n, r.all.n);
        QCOMPARE(c.pairs, r.all.pairs);
        QCOMPARE(sum(c.abstained), r.all.abstained);
        QCOMPARE(sum(c.failed), r.all.failed);
        if (c.n == 0)
            QVERIFY(std::isnan(r.all.exact));
        else
            QCOMPARE(static_cast<double>(trace(c)) / c.n, r.all.exact);
    }
}

} // namespace

class TestRubricConfusion : public QObject {
    Q_OBJECT
private slots:
    void handMatrices()
    {
        const AuditPtr audit = smallAudit();
        const auto all = analyseRubricConfusion(*audit);
        // Binary first, then ordinal criteria by text; the bias-test cell gives nothing.
        QCOMPARE(all.size(), std::size_t(4));
        QCOMPARE(audit->str(all[0].criterion), std::string_view("safe"));
        QCOMPARE(audit->str(all[1].criterion), std::string_view("clarity"));
        QCOMPARE(audit->str(all[2].criterion), std::string_view("depth"));
        QCOMPARE(audit->str(all[3].criterion), std::string_view("vague"));
        for (const RubricConfusion& c : all) {
            QCOMPARE(audit->str(c.dataset), std::string_view("panel"));
            QCOMPARE(audit->str(c.judge), std::string_view("j"));
            QCOMPARE(audit->str(c.format), std::string_view("f"));
        }
        // safe (rows UNMET, MET): b1 MET -> MET, UNMET; b3 UNMET -> UNMET (+ NA); b4 MET -> MET (+ none).
        const RubricConfusion& safe = all[0];
        QCOMPARE(safe.kind, kBin);
        QCOMPARE(safe.levels, 2);
        QCOMPARE(safe.counts, counts({1, 0, 1, 2}));
        QCOMPARE(safe.abstained, counts({1, 0}));
        QCOMPARE(safe.failed, counts({0, 1}));
        QCOMPARE(safe.n, 4U);
        QCOMPARE(safe.pairs, 3U); // b1, b3, b4 (b2 unlabelled)
        QCOMPARE(safe.count(1, 0), 1U);
        // clarity: label 1 <- o4 (2; 4 fails), label 2 <- o1 (2, 3), o2 (1; NA), label 3 <- o3 (3; none).
        const RubricConfusion& clarity = all[1];
        QCOMPARE(clarity.levels, 3);
        QCOMPARE(clarity.counts, counts({0, 1, 0, 1, 1, 1, 0, 0, 1}));
        QCOMPARE(clarity.abstained, counts({0, 1, 0}));
        QCOMPARE(clarity.failed, counts({1, 0, 1}));
        QCOMPARE(clarity.n, 5U);
        QCOMPARE(clarity.pairs, 4U);
        // depth, K = 4: d1 label 2 <- 2 (its 3 fails on its 2 levels), d2 label 4 <- 4.
        const RubricConfusion& depth = all[2];
        QCOMPARE(depth.levels, 4);
        QCOMPARE(depth.counts, counts({0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}));
        QCOMPARE(depth.failed, counts({0, 1, 0, 0}));
        QCOMPARE(depth.abstained, counts({0, 0, 0, 0}));
        QCOMPARE(depth.pairs, 2U);
        // vague: no label, so an empty matrix on K = 2.
        const RubricConfusion& vague = all[3];
        QCOMPARE(vague.levels, 2);
        QCOMPARE(vague.counts, counts({0, 0, 0, 0}));
        QCOMPARE(vague.n, 0U);
        QCOMPARE(vague.pairs, 0U);
    }

    void roundingMovesPair_data()
    {
        QTest::addColumn<LabelRounding>("rounding");
        QTest::addColumn<std::vector<std::uint32_t>>("matrix");
        QTest::addColumn<std::vector<std::uint32_t>>("abstained");
        QTest::addColumn<QStringList>("labelOne"); // the pairs of the level-1 row
        QTest::addColumn<QStringList>("labelTwo");
        // o2 (mean 1.5) is labelled 2 half-up (and unrounded: half-up levels), 1 half-down: its run 1 and
        // its NA move from row 2 to row 1.
        QTest::newRow("half-up") << LabelRounding::HalfUp << counts({0, 1, 0, 1, 1, 1, 0, 0, 1})
                                 << counts({0, 1, 0}) << QStringList{"o4"} << QStringList{"o1", "o2"};
        QTest::newRow("unrounded") << LabelRounding::Unrounded << counts({0, 1, 0, 1, 1, 1, 0, 0, 1})
                                   << counts({0, 1, 0}) << QStringList{"o4"} << QStringList{"o1", "o2"};
        QTest::newRow("half-down") << LabelRounding::HalfDown << counts({1, 1, 0, 0, 1, 1, 0, 0, 1})
                                   << counts({1, 0, 0}) << QStringList{"o2", "o4"} << QStringList{"o1"};
    }
    void roundingMovesPair()
    {
        QFETCH(LabelRounding, rounding);
        QFETCH(std::vector<std::uint32_t>, matrix);
        QFETCH(std::vector<std::uint32_t>, abstained);
        QFETCH(QStringList, labelOne);
        QFETCH(QStringList, labelTwo);
        const AuditPtr audit = smallAudit();
        const RubricAgreementSettings settings{rounding};
        const auto all = analyseRubricConfusion(*audit, settings);
        const RubricConfusion& clarity = find(all, *audit, "clarity");
        QCOMPARE(clarity.counts, matrix);
        QCOMPARE(clarity.abstained, abstained);
        const auto units = [&](const QStringList& names) {
            std::vector<std::uint32_t> out;
            for (const QString& name : names)
                out.push_back(rubricItem(*audit, name.toStdString(), "clarity"));
            std::sort(out.begin(), out.end());
            return out;
        };
        QCOMPARE(confusionItems(*audit, clarity, 0, -1, settings), units(labelOne));
        QCOMPARE(confusionItems(*audit, clarity, 1, -1, settings), units(labelTwo));
        // o2's run 1 sits in cell (label 1, predicted 1) only half-down.
        QCOMPARE(confusionItems(*audit, clarity, 0, 0, settings),
                 rounding == LabelRounding::HalfDown ? units({"o2"}) : units({}));
    }

    void identitiesSmallAudit_data()
    {
        QTest::addColumn<LabelRounding>("rounding");
        QTest::newRow("half-up") << LabelRounding::HalfUp;
        QTest::newRow("half-down") << LabelRounding::HalfDown;
        QTest::newRow("unrounded") << LabelRounding::Unrounded;
    }
    void identitiesSmallAudit()
    {
        QFETCH(LabelRounding, rounding);
        checkIdentities(*smallAudit(), rounding);
    }

    void identitiesExample5()
    {
        // examples.md section 5: half-up labels 4 2 2 5 5 2, judge 5 2 4 5 5 2: exact 4/6.
        const AuditPtr audit = buildRubricAudit({{"u1", "c", kOrd, 5, {4, 4, 5}, {5}},
                                                 {"u2", "c", kOrd, 5, {1, 2, NONE}, {2}},
                                                 {"u3", "c", kOrd, 5, {1, 2, 2}, {4}},
                                                 {"u4", "c", kOrd, 5, {5, 5, 5}, {5}},
                                                 {"u5", "c", kOrd, 5, {NONE, 4, 5}, {5}},
                                                 {"u6", "c", kOrd, 5, {2, 2, 1}, {2}}});
        const auto all = analyseRubricConfusion(*audit);
        QCOMPARE(all.size(), std::size_t(1));
        QCOMPARE(trace(all[0]), 4U);
        QCOMPARE(all[0].count(1, 3), 1U); // u3: label 2, predicted 4
        QCOMPARE(all[0].count(3, 4), 1U); // u1: label 4, predicted 5
        for (LabelRounding r : {LabelRounding::HalfUp, LabelRounding::HalfDown, LabelRounding::Unrounded})
            checkIdentities(*audit, r);
    }

    void identitiesRandomAudit()
    {
        // 2 judges x 2 formats x 2 conditions, 40 units x 4 criteria, 1-3 runs with NA, none and
        // off-scale answers, 0-4 raters (binary ties leave pairs unlabelled; no rater: the item's label).
        std::mt19937 rng(20261130);
        const auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
        AuditBuilder b;
        const StrId panel = b.intern("p"), temperature = b.intern("temperature");
        const CondId conditions[2] = {b.internCondition({{temperature, b.intern("0")}}),
                                      b.internCondition({{temperature, b.intern("1")}})};
        const std::string criteria[4] = {"b-one", "a-two", "o-five", "o-free"};
        for (int u = 0; u < 40; ++u)
            for (int c = 0; c < 4; ++c) {
                const TaskKind kind = c < 2 ? kBin : kOrd;
                const int levels = c == 2 ? 5 : 4;
                const auto item = b.addItem(panel, b.intern(std::to_string(u) + "/" + criteria[c]), kind);
                b.setText(item, ItemText::Criterion, b.intern(criteria[c]));
                if (c == 2)
                    b.setLevels(item, std::vector<StrId>(5, b.intern("level")));
                const auto rating = [&] {
                    return static_cast<Answer>(kind == kBin ? pick(0, 1) : pick(1, levels));
                };
                std::vector<Rating> ratings;
                for (int r = pick(0, 4); r > 0; --r)
                    ratings.push_back({b.intern("r" + std::to_string(r)), rating()});
                b.setRatings(item, ratings);
                b.setLabel(item, rating());
                for (StrId judge : {b.intern("J1"), b.intern("J2")})
                    for (StrId format : {b.intern("plain"), b.intern("cot")})
                        for (CondId condition : conditions)
                            for (int rep = pick(1, 3); rep > 0; --rep) {
                                JudgmentInput j;
                                j.item = item;
                                j.judge = judge;
                                j.format = format;
                                j.condition = condition;
                                j.rep = static_cast<std::uint16_t>(rep);
                                const int draw = pick(0, 9);
                                j.answer = draw == 0   ? NA
                                           : draw == 1 ? NONE
                                           : draw == 2 ? static_cast<Answer>(kind == kBin ? 2 : levels + 1)
                                                       : rating();
                                b.addJudgment(j);
                            }
            }
        ImportLog log;
        const AuditPtr audit = b.build(log);
        QVERIFY(audit);
        for (LabelRounding r : {LabelRounding::HalfUp, LabelRounding::HalfDown, LabelRounding::Unrounded})
            checkIdentities(*audit, r);
        QCOMPARE(analyseRubricConfusion(*audit).size(), std::size_t(2 * 2 * 2 * 4));
    }

    void items_data()
    {
        QTest::addColumn<QString>("criterion");
        QTest::addColumn<int>("label");
        QTest::addColumn<int>("predicted");
        QTest::addColumn<QStringList>("units");
        QTest::newRow("binary cell") << "safe" << 1 << 0 << QStringList{"b1"};
        QTest::newRow("binary diagonal") << "safe" << 1 << 1 << QStringList{"b1", "b4"};
        QTest::newRow("binary row") << "safe" << 0 << -1 << QStringList{"b3"};
        QTest::newRow("binary all, tie too") << "safe" << -1 << -1 << QStringList{"b1", "b2", "b3", "b4"};
        QTest::newRow("ordinal cell") << "clarity" << 1 << 2 << QStringList{"o1"};
        QTest::newRow("ordinal empty cell") << "clarity" << 2 << 0 << QStringList{};
        QTest::newRow("failed run is no cell") << "clarity" << 0 << 0 << QStringList{};
        QTest::newRow("off the pair's scale") << "depth" << 1 << 2 << QStringList{};
        QTest::newRow("shorter scale row") << "depth" << 1 << -1 << QStringList{"d1"};
        QTest::newRow("unlabelled row empty") << "vague" << 1 << -1 << QStringList{};
        QTest::newRow("unlabelled all") << "vague" << -1 << -1 << QStringList{"v1"};
        QTest::newRow("label too large") << "clarity" << 3 << -1 << QStringList{};
        QTest::newRow("predicted too large") << "clarity" << 0 << 3 << QStringList{};
        QTest::newRow("label below -1") << "clarity" << -2 << -1 << QStringList{};
        QTest::newRow("predicted below -1") << "clarity" << 0 << -2 << QStringList{};
        QTest::newRow("no label, one prediction") << "clarity" << -1 << 0 << QStringList{};
    }
    void items()
    {
        QFETCH(QString, criterion);
        QFETCH(int, label);
        QFETCH(int, predicted);
        QFETCH(QStringList, units);
        const AuditPtr audit = smallAudit();
        const auto all = analyseRubricConfusion(*audit);
        const RubricConfusion& c = find(all, *audit, qPrintable(criterion));
        std::vector<std::uint32_t> expected;
        for (const QString& unit : units)
            expected.push_back(rubricItem(*audit, unit.toStdString(), criterion.toStdString()));
        std::sort(expected.begin(), expected.end());
        QCOMPARE(confusionItems(*audit, c, label, predicted), expected);
    }

    void itemsMatchCounts()
    {
        // One run per pair: the pairs behind a cell are as many as its count.
        const AuditPtr audit = buildRubricAudit({{"u1", "c", kOrd, 3, {1}, {1}},
                                                 {"u2", "c", kOrd, 3, {1}, {2}},
                                                 {"u3", "c", kOrd, 3, {3}, {2}},
                                                 {"u4", "c", kOrd, 3, {1}, {2}}});
        const RubricConfusion c = analyseRubricConfusion(*audit).at(0);
        for (int l = 0; l < 3; ++l)
            for (int p = 0; p < 3; ++p)
                QCOMPARE(confusionItems(*audit, c, l, p).size(), std::size_t(c.count(l, p)));
        QCOMPARE(c.count(0, 1), 2U);
    }

    void indexHelpers_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<int>("value");
        QTest::addColumn<int>("levels");
        QTest::addColumn<int>("index");
        QTest::newRow("UNMET") << int(kBin) << int(U) << 2 << 0;
        QTest::newRow("MET") << int(kBin) << int(M) << 2 << 1;
        QTest::newRow("binary NA") << int(kBin) << int(NA) << 2 << -1;
        QTest::newRow("binary none") << int(kBin) << int(NONE) << 2 << -1;
        QTest::newRow("level 1") << int(kOrd) << 1 << 5 << 0;
        QTest::newRow("level K") << int(kOrd) << 5 << 5 << 4;
        QTest::newRow("level K + 1") << int(kOrd) << 6 << 5 << -1;
        QTest::newRow("level 0") << int(kOrd) << 0 << 5 << -1;
        QTest::newRow("ordinal NA") << int(kOrd) << int(NA) << 5 << -1;
    }
    void indexHelpers()
    {
        QFETCH(int, kind);
        QFETCH(int, value);
        QFETCH(int, levels);
        QFETCH(int, index);
        const auto k = static_cast<TaskKind>(kind);
        QCOMPARE(confusionIndex(k, static_cast<Answer>(value), levels), index);
        if (index >= 0)
            QCOMPARE(confusionAnswer(k, index), static_cast<Answer>(value));
    }
};

QTEST_GUILESS_MAIN(TestRubricConfusion)
#include "tst_rubricconfusion.moc"
