// R2 / R3 rubric agreement, R5 level shifts and R6 constant baselines (core/analysis/rubricagreement.h,
// levelshift.h; metrics.md "Rubric judges" R2, R3, R5, R6 and "Edge cases" R2; examples.md section 5). The
// kappa differential rows read tests/data/rubric, written by tests/core/rubric_reference.py with
// scikit-learn (CTest rubric_reference re-runs it with --check).
#include "analysis/levelshift.h"
#include "analysis/rubricagreement.h"
#include "model/auditbuilder.h"

#include "../common/csvlines.h"

#include <QtTest>

#include <charconv>
#include <cmath>
#include <fstream>
#include <map>

using namespace tribunal;

Q_DECLARE_METATYPE(tribunal::LabelRounding)

class TestRubricAgreement : public QObject {
    Q_OBJECT
private slots:
    void workedExample_data();
    void workedExample();
    void workedExampleSubsets();
    void binaryMetrics();
    void severalRuns();
    void pooledMeanQwk();
    void scoringRules();
    void kappaAgainstSklearn();
    void levelShiftCurve();
    void levelShiftTies();
    void levelShiftPooled();
    void modalLabels();
    void constantBaselineOrdinal();
    void constantBaselineBinary();
};

namespace {

constexpr Answer M = answer::kMet, U = answer::kUnmet, NA = answer::kNA, NONE = answer::kNone;

/// One pair: unit, criterion, kind, K (0 = no level texts), ratings (kNone = that rater has none), runs of
/// judge "j" (rep 1, 2, ...).
struct PairSpec {
    std::string unit, criterion;
    TaskKind kind = TaskKind::Ordinal;
    int levels = 0;
    std::vector<Answer> ratings;
    std::vector<Answer> runs;
};

AuditPtr buildRubric(const std::vector<PairSpec>& pairs)
{
    AuditBuilder b;
    const StrId panel = b.intern("panel"), judge = b.intern("j"), format = b.intern("f");
    for (const PairSpec& p : pairs) {
        const auto item = b.addItem(panel, b.intern(p.unit + "/" + p.criterion), p.kind);
        b.setText(item, ItemText::UnitId, b.intern(p.unit));
        b.setText(item, ItemText::Criterion, b.intern(p.criterion));
        if (p.levels > 0) {
            std::vector<StrId> levels;
            for (int k = 1; k <= p.levels; ++k)
                levels.push_back(b.intern("level " + std::to_string(k)));
            b.setLevels(item, levels);
        }
        std::vector<Rating> ratings;
        for (std::size_t r = 0; r < p.ratings.size(); ++r)
            if (p.ratings[r] != NONE)
                ratings.push_back({b.intern("r" + std::to_string(r + 1)), p.ratings[r]});
        b.setRatings(item, ratings);
        for (std::size_t r = 0; r < p.runs.size(); ++r) {
            JudgmentInput j;
            j.item = item;
            j.judge = judge;
            j.format = format;
            j.rep = static_cast<std::uint16_t>(r + 1);
            j.answer = p.runs[r];
            b.addJudgment(j);
        }
    }
    ImportLog log;
    auto audit = b.build(log);
    if (!audit)
        throw std::runtime_error("test audit did not build");
    return audit;
}

/// examples.md section 5: one criterion on levels 1-5, six units, three raters, one run each.
std::vector<PairSpec> example5()
{
    const auto o = TaskKind::Ordinal;
    return {{"u1", "c", o, 5, {4, 4, 5}, {5}},    {"u2", "c", o, 5, {1, 2, NONE}, {2}},
            {"u3", "c", o, 5, {1, 2, 2}, {4}},    {"u4", "c", o, 5, {5, 5, 5}, {5}},
            {"u5", "c", o, 5, {NONE, 4, 5}, {5}}, {"u6", "c", o, 5, {2, 2, 1}, {2}}};
}

bool same(double actual, double expected, double tolerance = 1e-12)
{
    if (std::isnan(expected))
        return std::isnan(actual);
    return std::abs(actual - expected) <= tolerance;
}

#define COMPARE_VALUE(actual, expected)                                                                      \
    QVERIFY2(same((actual), (expected)), qPrintable(QStringLiteral("%1 = %2, expected %3")                   \
                                                        .arg(#actual)                                        \
                                                        .arg((actual), 0, 'g', 17)                           \
                                                        .arg((expected), 0, 'g', 17)))

double number(const std::string& text)
{
    if (text == "nan")
        return kMissing;
    double value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size())
        throw std::runtime_error("not a number: " + text);
    return value;
}

std::vector<std::vector<std::string>> readCsv(const std::string& path, const std::string& header)
{
    std::ifstream in(path);
    std::string line;
    if (!testing::readCsvLine(in, line) || line != header)
        throw std::runtime_error(path + ": unexpected header " + line);
    std::vector<std::vector<std::string>> rows;
    while (testing::readCsvLine(in, line))
        rows.push_back(testing::splitCsvLine(line));
    return rows;
}

} // namespace

void TestRubricAgreement::workedExample_data()
{
    QTest::addColumn<LabelRounding>("rounding");
    QTest::addColumn<double>("exact");
    QTest::addColumn<double>("withinOne");
    QTest::addColumn<double>("qwk");
    QTest::addColumn<double>("offset");
    QTest::addColumn<double>("slope");
    // examples.md section 5. Half-up labels 4 2 2 5 5 2, judge 5 2 4 5 5 2; half-down labels 4 1 2 5 4 2.
    QTest::newRow("half-up") << LabelRounding::HalfUp << 2.0 / 3 << 5.0 / 6 << 56.0 / 71 << 1.0 / 2
                             << 14.0 / 17;
    QTest::newRow("half-down") << LabelRounding::HalfDown << 1.0 / 3 << 5.0 / 6 << 20.0 / 27 << 5.0 / 6
                               << 5.0 / 6;
    // The unrounded option: level metrics on half-up labels, offset against the raters' means:
    // (5 - 13/3) + (2 - 3/2) + (4 - 5/3) + 0 + (5 - 9/2) + (2 - 5/3) = 13/18.
    QTest::newRow("unrounded") << LabelRounding::Unrounded << 2.0 / 3 << 5.0 / 6 << 56.0 / 71 << 13.0 / 18
                               << 14.0 / 17;
}

void TestRubricAgreement::workedExample()
{
    QFETCH(LabelRounding, rounding);
    QFETCH(double, exact);
    QFETCH(double, withinOne);
    QFETCH(double, qwk);
    QFETCH(double, offset);
    QFETCH(double, slope);
    const auto audit = buildRubric(example5());
    const auto rows = analyseRubricAgreement(*audit, {rounding});
    QCOMPARE(rows.size(), std::size_t(2)); // criterion c, pooled
    QCOMPARE(audit->str(rows[0].criterion), std::string_view("c"));
    QVERIFY(!rows[0].pooled && rows[1].pooled);
    for (const auto& row : rows) {
        QCOMPARE(audit->str(row.judge), std::string_view("j"));
        QCOMPARE(audit->str(row.dataset), std::string_view("panel"));
        QVERIFY(row.predictor.empty());
        QVERIFY(row.kind == TaskKind::Ordinal);
        const RubricMetrics& m = row.all;
        QCOMPARE(m.n, 6u);
        QCOMPARE(m.pairs, 6u);
        COMPARE_VALUE(m.exact, exact);
        COMPARE_VALUE(m.withinOne, withinOne);
        COMPARE_VALUE(m.qwk, qwk);
        COMPARE_VALUE(m.offset, offset);
        COMPARE_VALUE(m.offsetToMean, 13.0 / 18);
        COMPARE_VALUE(m.slope, slope);
        COMPARE_VALUE(m.consistency, kMissing); // one run per pair: nothing to agree
        COMPARE_VALUE(m.kappa, kMissing);       // binary columns stay empty on ordinal rows
        COMPARE_VALUE(m.fpr, kMissing);
    }
}

void TestRubricAgreement::workedExampleSubsets()
{
    const auto audit = buildRubric(example5());
    const auto rows = analyseRubricAgreement(*audit);
    const RubricAgreementRow& row = rows[0];
    // Unanimous: u4 alone (label 5, judge 5). One label: slope empty; rows = cols = {5}: QWK empty.
    QCOMPARE(row.unanimous.n, 1u);
    COMPARE_VALUE(row.unanimous.exact, 1.0);
    COMPARE_VALUE(row.unanimous.offset, 0.0);
    COMPARE_VALUE(row.unanimous.slope, kMissing);
    COMPARE_VALUE(row.unanimous.qwk, kMissing);
    // Split: labels 4 2 2 5 2, judge 5 2 4 5 2. exact 3/5, within-one 4/5, offset (1 + 2)/5.
    // slope = (5*61 - 15*18) / (5*53 - 15^2) = 35/40. QWK: sum w O = 1 + 4 = 5; label counts {2:3, 4:1, 5:1},
    // judge counts {2:2, 4:1, 5:2}: sum w rows cols = 3(1*4 + 2*9) + 1(2*4 + 2*1) + 1(2*9 + 1*1) = 95;
    // 1 - 5*5/95 = 14/19.
    QCOMPARE(row.split.n, 5u);
    COMPARE_VALUE(row.split.exact, 3.0 / 5);
    COMPARE_VALUE(row.split.withinOne, 4.0 / 5);
    COMPARE_VALUE(row.split.offset, 3.0 / 5);
    COMPARE_VALUE(row.split.slope, 7.0 / 8);
    COMPARE_VALUE(row.split.qwk, 14.0 / 19);
}

void TestRubricAgreement::binaryMetrics()
{
    const auto b = TaskKind::Binary;
    // b1..b7 labelled M M M U U U U, judge M M M M M U U; b1 is split (M M U), the rest unanimous.
    // b8: rater tie (unlabelled); b9 abstains (NA), b10 fails (none), both labelled UNMET.
    const auto audit = buildRubric({{"b1", "c", b, 0, {M, M, U}, {M}},
                                    {"b2", "c", b, 0, {M}, {M}},
                                    {"b3", "c", b, 0, {M}, {M}},
                                    {"b4", "c", b, 0, {U}, {M}},
                                    {"b5", "c", b, 0, {U, U}, {M}},
                                    {"b6", "c", b, 0, {U}, {U}},
                                    {"b7", "c", b, 0, {U}, {U}},
                                    {"b8", "c", b, 0, {M, U}, {M}},
                                    {"b9", "c", b, 0, {U}, {NA}},
                                    {"b10", "c", b, 0, {U}, {NONE}}});
    const auto rows = analyseRubricAgreement(*audit);
    QCOMPARE(rows.size(), std::size_t(2));
    const RubricAgreementRow& row = rows[0];
    QVERIFY(row.kind == TaskKind::Binary);
    QCOMPARE(row.unlabelledPairs, 1u);
    QCOMPARE(rows[1].unlabelledPairs, 1u);
    const RubricMetrics& m = row.all;
    QCOMPARE(m.n, 7u);
    QCOMPARE(m.abstained, 1u);
    QCOMPARE(m.failed, 1u);
    // accuracy 5/7; MET rate 5/7 - 3/7; FPR 2 of 4 UNMET; FNR 0 of 3 MET;
    // kappa: po = 5/7, pe = (3/7)(5/7) + (4/7)(2/7) = 23/49, (35 - 23) / (49 - 23) = 6/13.
    COMPARE_VALUE(m.exact, 5.0 / 7);
    COMPARE_VALUE(m.metRateOffset, 2.0 / 7);
    COMPARE_VALUE(m.fpr, 1.0 / 2);
    COMPARE_VALUE(m.fnr, 0.0);
    COMPARE_VALUE(m.kappa, 6.0 / 13);
    COMPARE_VALUE(m.qwk, kMissing);
    COMPARE_VALUE(m.slope, kMissing);
    // Unanimous b2..b7: labels M M U U U U, judge M M M M U U: accuracy 4/6; MET rate (4 - 2)/6; FPR 2/4;
    // kappa: po = 2/3, pe = (2/6)(4/6) + (4/6)(2/6) = 4/9, (2/3 - 4/9) / (5/9) = 2/5.
    QCOMPARE(row.unanimous.n, 6u);
    COMPARE_VALUE(row.unanimous.exact, 2.0 / 3);
    COMPARE_VALUE(row.unanimous.metRateOffset, 1.0 / 3);
    COMPARE_VALUE(row.unanimous.fpr, 1.0 / 2);
    COMPARE_VALUE(row.unanimous.kappa, 2.0 / 5);
    // Split b1 alone (M vs M): no UNMET label, so FPR is empty; pe = 1, so kappa is empty.
    QCOMPARE(row.split.n, 1u);
    COMPARE_VALUE(row.split.exact, 1.0);
    COMPARE_VALUE(row.split.fpr, kMissing);
    COMPARE_VALUE(row.split.fnr, 0.0);
    COMPARE_VALUE(row.split.kappa, kMissing);
    // The abstention and the failure belong to unanimous pairs.
    QCOMPARE(row.unanimous.abstained, 1u);
    QCOMPARE(row.unanimous.failed, 1u);
    QCOMPARE(row.split.abstained, 0u);
}

void TestRubricAgreement::severalRuns()
{
    const auto o = TaskKind::Ordinal;
    // K = 3. p1 label 2, runs 2 2 3; p2 label 1, runs 1 1 1; p3 label 3, runs 3 NA 2.
    const auto audit = buildRubric({{"p1", "c", o, 3, {2}, {2, 2, 3}},
                                    {"p2", "c", o, 3, {1}, {1, 1, 1}},
                                    {"p3", "c", o, 3, {3}, {3, NA, 2}}});
    const auto rows = analyseRubricAgreement(*audit);
    const RubricMetrics& m = rows[0].all;
    // Every run is a prediction: labels 2 2 2 1 1 1 3 3, judge 2 2 3 1 1 1 3 2.
    QCOMPARE(m.n, 8u);
    QCOMPARE(m.pairs, 3u);
    QCOMPARE(m.abstained, 1u);
    COMPARE_VALUE(m.exact, 6.0 / 8);
    COMPARE_VALUE(m.withinOne, 1.0);
    COMPARE_VALUE(m.offset, 0.0); // +1 and -1
    // slope = (8*32 - 15*15) / (8*33 - 15^2) = 31/39.
    COMPARE_VALUE(m.slope, 31.0 / 39);
    // QWK: sum w O = 1 + 1 = 2; counts {1:3, 2:3, 3:2} on both sides: sum w rows cols = 2(9*1 + 6*4 + 6*1) =
    // 78; 1 - 8*2/78 = 31/39.
    COMPARE_VALUE(m.qwk, 31.0 / 39);
    // p1 disagrees (2 2 3), p2 agrees, p3's scored runs 3 and 2 disagree (the NA is not scored): 1/3.
    COMPARE_VALUE(m.consistency, 1.0 / 3);
}

void TestRubricAgreement::pooledMeanQwk()
{
    auto pairs = example5(); // criterion c: QWK 56/71
    const auto o = TaskKind::Ordinal;
    // Criterion b: labels 2 2, judge 1 3: sum w O = 2, sum w rows cols = 2 (1 + 1) = 4, QWK 1 - 2*2/4 = 0;
    // the labels are all equal, so its slope is empty. Criterion d: label 3, judge 3: QWK empty.
    pairs.push_back({"u1", "b", o, 5, {2}, {1}});
    pairs.push_back({"u2", "b", o, 5, {2}, {3}});
    pairs.push_back({"u1", "d", o, 5, {3}, {3}});
    const auto audit = buildRubric(pairs);
    const auto rows = analyseRubricAgreement(*audit);
    QCOMPARE(rows.size(), std::size_t(4));
    QCOMPARE(audit->str(rows[0].criterion), std::string_view("b"));
    QCOMPARE(audit->str(rows[1].criterion), std::string_view("c"));
    QCOMPARE(audit->str(rows[2].criterion), std::string_view("d"));
    QVERIFY(rows[3].pooled);
    COMPARE_VALUE(rows[0].all.qwk, 0.0);
    COMPARE_VALUE(rows[0].all.slope, kMissing);
    COMPARE_VALUE(rows[2].all.qwk, kMissing);
    COMPARE_VALUE(rows[2].all.slope, kMissing);
    // Pooled: mean QWK over the criteria where it is defined, (56/71 + 0) / 2; exact (4 + 0 + 1) / 9.
    QCOMPARE(rows[3].all.n, 9u);
    COMPARE_VALUE(rows[3].all.qwk, 28.0 / 71);
    COMPARE_VALUE(rows[3].all.exact, 5.0 / 9);
}

void TestRubricAgreement::scoringRules()
{
    // scoreRubricPredictions directly: an answer outside 1..K fails; an empty set leaves every metric empty.
    const std::vector<RubricPrediction> predictions = {
        {1, kEmptyStr, 5, 6, 4, 4.0, true},    // out of scale: failed
        {2, kEmptyStr, 5, 0, 4, 4.0, true},    // level 0: failed
        {3, kEmptyStr, 5, NA, 4, 4.0, true},   // abstained
        {4, kEmptyStr, 5, NONE, 4, 4.0, true}, // failed
    };
    const RubricMetrics m = scoreRubricPredictions(predictions, TaskKind::Ordinal);
    QCOMPARE(m.n, 0u);
    QCOMPARE(m.failed, 3u);
    QCOMPARE(m.abstained, 1u);
    QCOMPARE(m.pairs, 0u);
    COMPARE_VALUE(m.exact, kMissing);
    COMPARE_VALUE(m.offset, kMissing);
    COMPARE_VALUE(m.qwk, kMissing);
    COMPARE_VALUE(m.consistency, kMissing);
    // Binary: level answers are not MET / UNMET.
    const std::vector<RubricPrediction> binary = {{1, kEmptyStr, 2, 2, M, 1.0, true}};
    QCOMPARE(scoreRubricPredictions(binary, TaskKind::Binary).failed, 1u);
    // cohenKappa: empty input and no expected disagreement are empty.
    COMPARE_VALUE(cohenKappa({}, {}, 5, true), kMissing);
    const std::vector<int> twos = {2, 2, 2};
    COMPARE_VALUE(cohenKappa(twos, twos, 5, true), kMissing);
    COMPARE_VALUE(cohenKappa(twos, twos, 5, false), kMissing);
    // Perfect agreement on a varied vector is 1.
    const std::vector<int> varied = {1, 3, 5, 2};
    COMPARE_VALUE(cohenKappa(varied, varied, 5, true), 1.0);
}

void TestRubricAgreement::kappaAgainstSklearn()
{
    const std::string dir = TRIBUNAL_TEST_DATA "/rubric/";
    std::map<std::string, std::pair<std::vector<int>, std::vector<int>>> vectors;
    for (const auto& r : readCsv(dir + "kappa_inputs.csv", "set,levels,label,predicted")) {
        auto& [labels, predicted] = vectors[r.at(0)];
        labels.push_back(static_cast<int>(number(r.at(2))));
        predicted.push_back(static_cast<int>(number(r.at(3))));
    }
    const auto reference = readCsv(dir + "kappa_reference.csv", "set,levels,n,qwk,kappa");
    QVERIFY(reference.size() >= 8);
    for (const auto& r : reference) {
        const auto& [labels, predicted] = vectors.at(r.at(0));
        const int levels = static_cast<int>(number(r.at(1)));
        QCOMPARE(labels.size(), static_cast<std::size_t>(number(r.at(2))));
        const double qwk = number(r.at(3)), kappa = number(r.at(4));
        QVERIFY2(same(cohenKappa(labels, predicted, levels, true), qwk, 1e-9), r.at(0).c_str());
        QVERIFY2(same(cohenKappa(labels, predicted, levels, false), kappa, 1e-9), r.at(0).c_str());
        // The same vectors through the metric path: one prediction per pair, one criterion.
        std::vector<RubricPrediction> predictions;
        const TaskKind kind = levels == 2 ? TaskKind::Binary : TaskKind::Ordinal;
        for (std::size_t i = 0; i < labels.size(); ++i) {
            const auto asAnswer = [&](int v) {
                return static_cast<Answer>(kind == TaskKind::Binary ? (v == 2 ? M : U) : v);
            };
            predictions.push_back({static_cast<std::uint32_t>(i), kEmptyStr, levels, asAnswer(predicted[i]),
                                   asAnswer(labels[i]), static_cast<double>(labels[i]), true});
        }
        const RubricMetrics m = scoreRubricPredictions(predictions, kind);
        QVERIFY2(
            same(kind == TaskKind::Binary ? m.kappa : m.qwk, kind == TaskKind::Binary ? kappa : qwk, 1e-9),
            r.at(0).c_str());
    }
}

void TestRubricAgreement::levelShiftCurve()
{
    // examples.md section 5, half-up: labels 4 2 2 5 5 2, judge 5 2 4 5 5 2 (K = 5). Correct per shift:
    // s=-4: all 1 -> 0; -3: 2 1 1 2 2 1 -> 0; -2: 3 1 2 3 3 1 -> u3 = 1; -1: 4 1 3 4 4 1 -> u1 = 1;
    // 0: u2 u4 u5 u6 = 4; +1: 5 3 5 5 5 3 -> u4 u5 = 2; +2, +3, +4: u4 u5 = 2.
    const auto audit = buildRubric(example5());
    const auto rows = analyseLevelShifts(*audit);
    QCOMPARE(rows.size(), std::size_t(2));
    const LevelShiftRow& row = rows[0];
    QCOMPARE(row.levels, 5);
    QCOMPARE(row.n, 6u);
    QCOMPARE(row.curve.size(), std::size_t(9));
    const int correct[9] = {0, 0, 1, 1, 4, 2, 2, 2, 2};
    for (int k = 0; k < 9; ++k) {
        QCOMPARE(row.curve[k].shift, k - 4);
        COMPARE_VALUE(row.curve[k].accuracy, correct[k] / 6.0);
    }
    COMPARE_VALUE(row.accuracy, 4.0 / 6);
    QCOMPARE(row.bestShift, 0);
    COMPARE_VALUE(row.bestAccuracy, 4.0 / 6);
    // Leave one out: without any one pair, s = 0 still has >= 3 correct and every other s <= 2: LOO = 4/6.
    COMPARE_VALUE(row.looAccuracy, 4.0 / 6);
}

void TestRubricAgreement::levelShiftTies()
{
    const std::uint32_t p1 = 1, p2 = 2;
    // K = 3, p1 label 1 judge 2, p2 label 3 judge 3. Every s has accuracy 1/2 (s<0: p1; s>=0: p2), so the
    // best shift is 0 (smallest |s|). LOO: p1's other pair p2 is right at s = 0 -> p1 scored at 0: wrong;
    // p2's other pair p1 is right at s = -1 and -2 -> s = -1 (smallest |s|) -> p2 at 2: wrong. LOO = 0.
    const std::vector<RubricPrediction> ties = {{p1, kEmptyStr, 3, 2, 1, 1.0, true},
                                                {p2, kEmptyStr, 3, 3, 3, 3.0, true}};
    LevelShiftRow row = shiftCriterion(ties);
    for (const ShiftAccuracy& point : row.curve)
        COMPARE_VALUE(point.accuracy, 0.5);
    QCOMPARE(row.bestShift, 0);
    COMPARE_VALUE(row.bestAccuracy, 0.5);
    COMPARE_VALUE(row.looAccuracy, 0.0);
    // A tie of -1 and +1 (and +2) goes to the smaller s: p1 label 2 judge 3 (right at -1), p2 label 3 judge
    // 2 (right at +1 and +2).
    const std::vector<RubricPrediction> sides = {{p1, kEmptyStr, 3, 3, 2, 2.0, true},
                                                 {p2, kEmptyStr, 3, 2, 3, 3.0, true}};
    row = shiftCriterion(sides);
    QCOMPARE(row.bestShift, -1);
    COMPARE_VALUE(row.bestAccuracy, 0.5);
    COMPARE_VALUE(row.accuracy, 0.0);
    // LOO: p1 sees p2 (right at +1, +2) -> +1 -> p1 at 3 (clipped): wrong; p2 sees p1 -> -1 -> 1: wrong.
    COMPARE_VALUE(row.looAccuracy, 0.0);
    // A single pair has no other pairs: its LOO shift is 0.
    const std::vector<RubricPrediction> lone = {{p1, kEmptyStr, 3, 3, 2, 2.0, true},
                                                {p1, kEmptyStr, 3, 3, 2, 2.0, true}};
    row = shiftCriterion(lone);
    QCOMPARE(row.pairs, 1u);
    QCOMPARE(row.n, 2u);
    QCOMPARE(row.bestShift, -1); // both runs 3 -> 2 at s = -1: 2/2 correct
    COMPARE_VALUE(row.bestAccuracy, 1.0);
    COMPARE_VALUE(row.looAccuracy, 0.0); // s = 0: both runs 3, wrong
    // No scored prediction: accuracies empty, best shift 0.
    const std::vector<RubricPrediction> none = {{p1, kEmptyStr, 3, NA, 2, 2.0, true}};
    row = shiftCriterion(none);
    QCOMPARE(row.n, 0u);
    QCOMPARE(row.bestShift, 0);
    COMPARE_VALUE(row.bestAccuracy, kMissing);
    COMPARE_VALUE(row.looAccuracy, kMissing);
}

void TestRubricAgreement::levelShiftPooled()
{
    const auto o = TaskKind::Ordinal;
    // Criterion a (K = 4): labels 1 2 3 3 4, judge 2 3 4 4 4 (one level high). Correct per s = -3..3:
    // 1 1 4 1 1 1 1 -> best -1 (4/5); LOO: pairs 1-4 keep -1 (right), pair 5 gets -1 (3 vs 4: wrong) = 4/5.
    // Criterion b (K = 3): p1 label 1 judge 2, p2 label 3 judge 3 (levelShiftTies): best 0 (1/2), LOO 0.
    const auto audit = buildRubric({{"a1", "a", o, 4, {1}, {2}},
                                    {"a2", "a", o, 4, {2}, {3}},
                                    {"a3", "a", o, 4, {3}, {4}},
                                    {"a4", "a", o, 4, {3}, {4}},
                                    {"a5", "a", o, 4, {4}, {4}},
                                    {"b1", "b", o, 3, {1}, {2}},
                                    {"b2", "b", o, 3, {3}, {3}}});
    const auto rows = analyseLevelShifts(*audit);
    QCOMPARE(rows.size(), std::size_t(3));
    QCOMPARE(audit->str(rows[0].criterion), std::string_view("a"));
    QCOMPARE(rows[0].bestShift, -1);
    COMPARE_VALUE(rows[0].bestAccuracy, 4.0 / 5);
    COMPARE_VALUE(rows[0].looAccuracy, 4.0 / 5);
    COMPARE_VALUE(rows[0].accuracy, 1.0 / 5);
    QCOMPARE(rows[1].bestShift, 0);
    COMPARE_VALUE(rows[1].looAccuracy, 0.0);
    // Pooled: a common s on both (b clipped to 1..3): correct 2 2 5 2 2 2 2 for s = -3..3 -> best -1, 5/7;
    // every criterion at its own best: (4 + 1)/7; LOO (4 + 0)/7; at s = 0: (1 + 1)/7.
    const LevelShiftRow& pooled = rows[2];
    QVERIFY(pooled.pooled);
    QCOMPARE(audit->str(pooled.judge), std::string_view("j"));
    QCOMPARE(pooled.levels, 4);
    QCOMPARE(pooled.n, 7u);
    QCOMPARE(pooled.curve.size(), std::size_t(7));
    const int correct[7] = {2, 2, 5, 2, 2, 2, 2};
    for (int k = 0; k < 7; ++k)
        COMPARE_VALUE(pooled.curve[k].accuracy, correct[k] / 7.0);
    QCOMPARE(pooled.bestShift, -1);
    COMPARE_VALUE(pooled.bestAccuracy, 5.0 / 7);
    COMPARE_VALUE(pooled.ownBestAccuracy, 5.0 / 7);
    COMPARE_VALUE(pooled.looAccuracy, 4.0 / 7);
    COMPARE_VALUE(pooled.accuracy, 2.0 / 7);
}

void TestRubricAgreement::modalLabels()
{
    const std::vector<Answer> levels = {3, 1, 3, 1, 2};
    QCOMPARE(modalLabel(levels), Answer(1)); // 1 and 3 tie: the lower
    const std::vector<Answer> binary = {M, U, NONE};
    QCOMPARE(modalLabel(binary), U); // tie: UNMET < MET
    const std::vector<Answer> clear = {4, 4, 2};
    QCOMPARE(modalLabel(clear), Answer(4));
    QCOMPARE(modalLabel({}), NONE);
}

void TestRubricAgreement::constantBaselineOrdinal()
{
    // examples.md section 5, half-up labels 4 2 2 5 5 2: mode 2, so every pair gets 2. Exact 3/6; within-one
    // 3/6 (|2-4| = 2 and |2-5| = 3 miss); offset (-2 - 3 - 3)/6 = -4/3; judge constant: slope 0, QWK 0
    // (sum w O = 4 + 9 + 9 = 22, sum w rows cols = 6 (1*4 + 2*9) = 132, 1 - 6*22/132 = 0).
    const auto audit = buildRubric(example5());
    const auto rows = constantBaselines(*audit);
    QCOMPARE(rows.size(), std::size_t(2));
    const RubricAgreementRow& row = rows[0];
    QCOMPARE(row.predictor, std::string("constant"));
    QCOMPARE(row.judge, kEmptyStr);
    QCOMPARE(audit->str(row.dataset), std::string_view("panel"));
    QCOMPARE(row.all.n, 6u);
    COMPARE_VALUE(row.all.exact, 1.0 / 2);
    COMPARE_VALUE(row.all.withinOne, 1.0 / 2);
    COMPARE_VALUE(row.all.offset, -4.0 / 3);
    COMPARE_VALUE(row.all.slope, 0.0);
    COMPARE_VALUE(row.all.qwk, 0.0);
    COMPARE_VALUE(row.all.consistency, kMissing);
    // Half-down labels 4 1 2 5 4 2: 4 and 2 tie (twice each) -> the lower, 2: exact 2/6.
    const auto down = constantBaselines(*audit, {LabelRounding::HalfDown});
    COMPARE_VALUE(down[0].all.exact, 2.0 / 6);
}

void TestRubricAgreement::constantBaselineBinary()
{
    const auto b = TaskKind::Binary;
    // Labels M M M U U U (+ a tie pair, unlabelled): UNMET is modal. The judge's answers do not matter.
    const auto audit = buildRubric({{"b1", "c", b, 0, {M}, {M}},
                                    {"b2", "c", b, 0, {M}, {NA}},
                                    {"b3", "c", b, 0, {M}, {U}},
                                    {"b4", "c", b, 0, {U}, {M}},
                                    {"b5", "c", b, 0, {U}, {}},
                                    {"b6", "c", b, 0, {U, U, M}, {U}},
                                    {"b7", "c", b, 0, {U}, {U}},
                                    {"b8", "c", b, 0, {M, U}, {M}}});
    const auto rows = constantBaselines(*audit);
    QCOMPARE(rows.size(), std::size_t(2));
    const RubricMetrics& m = rows[0].all;
    QCOMPARE(rows[0].unlabelledPairs, 1u);
    // 7 labelled: M M M U U U U -> constant UNMET: accuracy 4/7, FNR 3/3, FPR 0/4, MET rate 0 - 3/7, kappa 0
    // (po = pe = 4/7).
    QCOMPARE(m.n, 7u);
    COMPARE_VALUE(m.exact, 4.0 / 7);
    COMPARE_VALUE(m.fnr, 1.0);
    COMPARE_VALUE(m.fpr, 0.0);
    COMPARE_VALUE(m.metRateOffset, -3.0 / 7);
    COMPARE_VALUE(m.kappa, 0.0);
    QCOMPARE(rows[0].split.n, 1u); // b6
}

QTEST_GUILESS_MAIN(TestRubricAgreement)
#include "tst_rubricagreement.moc"
