// The simulated rubric audit (analysis/rubricsimulator.h, docs/rubric-simulation.md): determinism, streams
// keyed by unit and judge, the documented shape, the cheap judge's probabilities, hand-computed expected
// values, the truth file, and on a large simulation that the stated model is recovered: R2 offsets (through
// analyseRubricAgreement), the correlation of two mid judges' level errors, binary FPR / FNR and the failure
// rate.

#include "analysis/confidence.h"
#include "analysis/rubricagreement.h"
#include "analysis/rubricsimulator.h"
#include "analysis/rubricverdicts.h"

#include "../common/auditcompare.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

using namespace tribunal;

class TestRubricSimulator : public QObject {
    Q_OBJECT
private slots:
    void deterministicForSeed();
    void moreUnitsAndJudgesLeaveOthersUnchanged();
    void judgeTable();
    void clampsSettings();
    void shape_data();
    void shape();
    void cheapJudgeProbabilities();
    void expectedValues_data();
    void expectedValues();
    void truthFile();
    void modelIsRecovered();
    void cheapConfidenceIsInformative();
};

namespace {

RubricSimulationResult simulate(int judges, int units, std::uint64_t seed = 7)
{
    RubricSimulation settings;
    settings.judges = judges;
    settings.units = units;
    settings.seed = seed;
    return simulateRubricAudit(settings);
}

/// Every field of every judgment as text, keyed by (judge, item, rep).
std::map<std::string, std::string> judgmentsByKey(const Audit& audit)
{
    const JudgmentTable& jt = audit.judgments();
    std::map<std::string, std::string> out;
    for (std::uint32_t j = 0; j < jt.size(); ++j) {
        std::ostringstream key, value;
        key << audit.str(jt.judge[j]) << '|' << audit.str(audit.items().itemId[jt.item[j]]) << '|'
            << jt.rep[j];
        value.precision(17);
        value << jt.answer[j] << '|' << audit.str(jt.error[j]) << '|' << jt.confidence(j) << '|'
              << jt.costUsd(j) << '|' << jt.latencyS(j);
        for (const ProbEntry& p : jt.probsOf(j))
            value << '|' << p.option << '=' << p.p;
        out[key.str()] = value.str();
    }
    return out;
}

/// Every field of every item as text, keyed by item_id.
std::map<std::string, std::string> itemsById(const Audit& audit)
{
    const ItemTable& items = audit.items();
    std::map<std::string, std::string> out;
    for (std::size_t i = 0; i < items.size(); ++i) {
        std::string value = std::string(kindName(items.kind[i]));
        for (int f = 0; f < kItemTextCount; ++f)
            value += "|" + std::string(audit.str(items.field(static_cast<ItemText>(f), i)));
        for (StrId level : items.levels(i))
            value += "|" + std::string(audit.str(level));
        for (const Rating& r : items.itemRatings(i))
            value += "|" + std::string(audit.str(r.rater)) + "=" + std::to_string(r.value);
        out[std::string(audit.str(items.itemId[i]))] = value;
    }
    return out;
}

bool startsWith(std::string_view text, std::string_view prefix)
{
    return text.substr(0, prefix.size()) == prefix;
}

} // namespace

void TestRubricSimulator::deterministicForSeed()
{
    const auto a = simulate(4, 30, 11), b = simulate(4, 30, 11), c = simulate(4, 30, 12);
    QCOMPARE(QString::fromStdString(test::compareAudits(*a.audit, *b.audit)), QString());
    QCOMPARE(rubricTruthCsv(a.truth), rubricTruthCsv(b.truth));
    QVERIFY(!test::compareAudits(*a.audit, *c.audit).empty());
    QVERIFY(judgmentsByKey(*a.audit) != judgmentsByKey(*c.audit));
    QVERIFY(itemsById(*a.audit) != itemsById(*c.audit));
}

void TestRubricSimulator::moreUnitsAndJudgesLeaveOthersUnchanged()
{
    // Streams are keyed by group, unit and (judge key, pair) (header): with more units and judges the first
    // units' items and the judgments of the judges both have are as they were. 23 -> 41 units crosses a
    // group boundary (units 21-23 are in prompt-003 in both).
    const auto small = simulate(3, 23), large = simulate(5, 41);
    const auto smallJudgments = judgmentsByKey(*small.audit), largeJudgments = judgmentsByKey(*large.audit);
    QCOMPARE(smallJudgments.size(), std::size_t(3 * 23 * 5 * 2));
    QCOMPARE(largeJudgments.size(), std::size_t(5 * 41 * 5 * 2));
    for (const auto& [key, value] : smallJudgments) {
        const auto it = largeJudgments.find(key);
        QVERIFY2(it != largeJudgments.end(), key.c_str());
        QCOMPARE(QString::fromStdString(it->second), QString::fromStdString(value));
    }
    const auto smallItems = itemsById(*small.audit), largeItems = itemsById(*large.audit);
    QCOMPARE(smallItems.size(), std::size_t(23 * 5));
    for (const auto& [key, value] : smallItems)
        QCOMPARE(QString::fromStdString(largeItems.at(key)), QString::fromStdString(value));
}

void TestRubricSimulator::judgeTable()
{
    // Positions: cheap first, expensive last, sim-mid-(i+1) between; the stream key follows the name, so a
    // judge keeps its key (and draws) when judges are added.
    const SimulatedRubricJudge cheap = simulatedRubricJudge(0, 4), expensive = simulatedRubricJudge(3, 4);
    QCOMPARE(QString::fromStdString(cheap.name), QString("sim-cheap"));
    QCOMPARE(cheap.key, 0u);
    QVERIFY(cheap.probabilities);
    QCOMPARE(cheap.leniency, 0.20);
    QVERIFY(cheap.latencyMedianS > 0);
    QCOMPARE(QString::fromStdString(expensive.name), QString("sim-expensive"));
    QCOMPARE(expensive.key, 1u);
    QVERIFY(!expensive.probabilities);
    QCOMPARE(expensive.latencyMedianS, 0.0);
    QCOMPARE(QString::fromStdString(simulatedRubricJudge(1, 4).name), QString("sim-mid-2"));
    QCOMPARE(simulatedRubricJudge(1, 4).leniency, -0.30);
    QCOMPARE(simulatedRubricJudge(2, 9).key, 3u);
    QCOMPARE(QString::fromStdString(simulatedRubricJudge(14, 16).name), QString("sim-mid-15"));
    QCOMPARE(QString::fromStdString(simulatedRubricJudge(15, 16).name), QString("sim-expensive"));
    // Cheap < mid < expensive in price; the expensive judge has the least noise and the lowest error rates.
    for (int i = 1; i < 15; ++i) {
        const SimulatedRubricJudge mid = simulatedRubricJudge(i, 16);
        QVERIFY(cheap.priceUsd < mid.priceUsd && mid.priceUsd < expensive.priceUsd);
        QVERIFY(expensive.noiseSd < mid.noiseSd && mid.noiseSd < cheap.noiseSd);
        QVERIFY(expensive.fpr < mid.fpr && expensive.fnr < mid.fnr);
        QVERIFY(!mid.probabilities);
    }
}

void TestRubricSimulator::clampsSettings()
{
    const auto low = simulate(1, 0), high = simulate(99, 1);
    QCOMPARE(low.truth.judges.size(), std::size_t(kMinRubricJudges));
    QCOMPARE(low.audit->itemCount(), std::size_t(5));
    QCOMPARE(high.truth.judges.size(), std::size_t(kMaxRubricJudges));
    QCOMPARE(high.audit->judgmentCount(), std::size_t(1 * 5 * 16 * 2));
}

void TestRubricSimulator::shape_data()
{
    QTest::addColumn<int>("judges");
    QTest::addColumn<int>("units");
    QTest::newRow("3 judges, 1 unit") << 3 << 1;
    QTest::newRow("4 judges, 23 units") << 4 << 23;
    QTest::newRow("16 judges, 12 units") << 16 << 12;
}

void TestRubricSimulator::shape()
{
    QFETCH(int, judges);
    QFETCH(int, units);
    const auto result = simulate(judges, units);
    const Audit& audit = *result.audit;
    const ItemTable& items = audit.items();
    QCOMPARE(items.size(), std::size_t(units) * 5);
    QCOMPARE(result.truth.pairs.size(), items.size());
    const std::array<int, 5> levels{5, 4, 5, 0, 0};
    for (std::size_t i = 0; i < items.size(); ++i) {
        const SimulatedRubricPair& pair = result.truth.pairs[i];
        const SimulatedRubricCriterion& criterion = simulatedRubricCriteria()[pair.criterion];
        QCOMPARE(pair.unit, std::uint32_t(i / 5));
        QCOMPARE(pair.criterion, std::uint32_t(i % 5));
        char unit[16], group[24];
        std::snprintf(unit, sizeof unit, "u%04u", pair.unit + 1);
        std::snprintf(group, sizeof group, "prompt-%03u", pair.unit / 10 + 1);
        QCOMPARE(audit.str(items.dataset[i]), std::string_view("sim-rubric"));
        QCOMPARE(std::string(audit.str(items.itemId[i])),
                 std::string(unit) + "/" + std::string(criterion.name));
        QCOMPARE(audit.str(items.field(ItemText::UnitId, i)), std::string_view(unit));
        QCOMPARE(audit.str(items.field(ItemText::Group, i)), std::string_view(group));
        QCOMPARE(audit.str(items.field(ItemText::Criterion, i)), criterion.name);
        QVERIFY(startsWith(audit.str(items.field(ItemText::Question, i)), "[Simulated] "));
        QVERIFY(startsWith(audit.str(items.field(ItemText::Submission, i)), "[Simulated] "));
        QCOMPARE(items.label[i], answer::kNone); // the R1 label comes from the ratings
        QCOMPARE(items.kind[i], i % 5 < 3 ? TaskKind::Ordinal : TaskKind::Binary);
        QCOMPARE(int(items.levels(i).size()), levels[i % 5]);
        QCOMPARE(scaleLevels(audit, static_cast<std::uint32_t>(i)), pair.levels);
        for (StrId level : items.levels(i))
            QVERIFY(!audit.str(level).empty());
        const auto ratings = items.itemRatings(i);
        QCOMPARE(ratings.size(), std::size_t(3));
        for (std::size_t r = 0; r < ratings.size(); ++r) {
            QCOMPARE(std::string(audit.str(ratings[r].rater)), "rater-" + std::to_string(r + 1));
            // A rating is at most one level from the truth (binary: MET or UNMET).
            QVERIFY(std::abs(ratings[r].value - pair.truth) <= 1);
            QVERIFY(ratings[r].value >= (pair.levels == 2 ? 0 : 1) && ratings[r].value <= pair.levels);
        }
    }

    const JudgmentTable& jt = audit.judgments();
    QCOMPARE(jt.size(), std::size_t(units) * 5 * std::size_t(judges) * 2);
    std::map<std::string, std::size_t> perJudge;
    std::size_t rep2 = 0;
    for (std::uint32_t j = 0; j < jt.size(); ++j) {
        ++perJudge[std::string(audit.str(jt.judge[j]))];
        rep2 += jt.rep[j] == 2;
        QCOMPARE(audit.str(jt.format[j]), std::string_view("rubric"));
        QCOMPARE(jt.order[j], Order::None);
        QCOMPARE(jt.variant[j], Variant::None);
        QCOMPARE(jt.test[j], kEmptyStr);
        QVERIFY(jt.costUsd(j) > 0);
        const bool cheap = audit.str(jt.judge[j]) == "sim-cheap";
        QCOMPARE(!isMissing(jt.latencyS(j)), cheap);
        if (jt.answer[j] == answer::kNone) {
            QCOMPARE(audit.str(jt.error[j]), std::string_view("simulated failure"));
            QVERIFY(jt.probsOf(j).empty());
        } else {
            QCOMPARE(jt.error[j], kEmptyStr);
            QVERIFY(jt.answer[j] >= (audit.kindOf(j) == TaskKind::Binary ? 0 : 1));
            QVERIFY(jt.answer[j] <= result.truth.pairs[jt.item[j]].levels);
        }
    }
    QCOMPARE(rep2, jt.size() / 2);
    QCOMPARE(perJudge.size(), std::size_t(judges));
    QVERIFY(perJudge.count("sim-cheap") && perJudge.count("sim-expensive") && perJudge.count("sim-mid-2"));
    for (const auto& [name, count] : perJudge)
        QCOMPARE(count, std::size_t(units) * 10);
}

void TestRubricSimulator::cheapJudgeProbabilities()
{
    const auto result = simulate(4, 300);
    const Audit& audit = *result.audit;
    const JudgmentTable& jt = audit.judgments();
    std::size_t checked = 0;
    for (std::uint32_t j = 0; j < jt.size(); ++j) {
        const bool cheap = audit.str(jt.judge[j]) == "sim-cheap";
        const auto probs = jt.probsOf(j);
        if (!cheap || jt.answer[j] == answer::kNone) {
            QVERIFY(probs.empty());
            QVERIFY(isMissing(jt.confidence(j)));
            continue;
        }
        ++checked;
        const int levels = result.truth.pairs[jt.item[j]].levels;
        // Every option of the scale once: 1..K, or MET and UNMET.
        QCOMPARE(int(probs.size()), levels);
        double sum = 0, top = 0, ofAnswer = -1;
        for (const ProbEntry& e : probs) {
            QVERIFY(e.p >= 0 && e.p <= 1);
            sum += e.p;
            top = std::max(top, e.p);
            if (e.option == jt.answer[j])
                ofAnswer = e.p;
        }
        QVERIFY2(std::abs(sum - 1) < 1e-12, std::to_string(sum).c_str());
        QCOMPARE(jt.confidence(j), top);
        QCOMPARE(ofAnswer, top); // the answer is a most probable option
        QCOMPARE(jt.costUsd(j), 0.0002);
        QVERIFY(jt.latencyS(j) >= 0.001);
    }
    QVERIFY(checked > 2800); // 300 x 5 x 2 = 3,000 requests, 1% failing
}

void TestRubricSimulator::expectedValues_data()
{
    QTest::addColumn<int>("levels");
    QTest::addColumn<int>("truth");
    QTest::addColumn<double>("label");
    // Interior level: the rater slips are symmetric and never clipped, so E[label] = T.
    QTest::newRow("K5 T3") << 5 << 3 << 3.0;
    // T = 1: ratings 1 (0.9) or 2 (0.1, the -1 slip is clipped); label = round(mean) = 2 when >= 2 of the 3
    // say 2: 3 * 0.1^2 * 0.9 + 0.1^3 = 0.028, so E = 1.028.
    QTest::newRow("K5 T1") << 5 << 1 << 1.028;
    // T = K = 4: the mirror image: 4 - 0.028.
    QTest::newRow("K4 T4") << 4 << 4 << 3.972;
}

void TestRubricSimulator::expectedValues()
{
    QFETCH(int, levels);
    QFETCH(int, truth);
    QFETCH(double, label);
    QVERIFY(std::abs(expectedLabel(levels, truth) - label) < 1e-12);

    // Shared error sd sqrt(0.25^2 + 0.35^2) = sqrt(0.185).
    QVERIFY(std::abs(rubricSharedErrorSd() - std::sqrt(0.185)) < 1e-15);
    // A judge with s^2 = 0.065 has S = sqrt(0.185 + 0.065) = 0.5. With d = 0 at T = K = 5:
    // E = 5 - sum_{L=1..4} Phi((L + 0.5 - 5) / 0.5) = 5 - Phi(-1) - Phi(-3) - Phi(-5) - Phi(-7)
    //   = 5 - 0.15865525 - 0.00134990 - 2.87e-7 - 1.3e-12 = 4.83999456.
    SimulatedRubricJudge judge;
    judge.noiseSd = std::sqrt(0.065);
    QVERIFY(std::abs(expectedLevel(judge, 5, 5) - 4.83999456) < 1e-8);
    // Interior and symmetric: E = T.
    QVERIFY(std::abs(expectedLevel(judge, 5, 3) - 3) < 1e-12);
    // Leniency d = 0.3 far from the ends: E[round(T + N(0.3, 0.5^2))] = T + 0.3 plus the rounding term
    // -(1/pi) exp(-2 pi^2 0.25) sin(0.6 pi) = -0.00218 (first term of its Fourier series; the next is
    // ~1e-9), so 5.29782.
    judge.leniency = 0.3;
    QVERIFY(std::abs(expectedLevel(judge, 9, 5) - 5.29782) < 1e-5);
    // Latent correlation of two judges with s = 0.45: 0.185 / (0.185 + 0.2025) = 0.477419...
    SimulatedRubricJudge a, b;
    a.noiseSd = b.noiseSd = 0.45;
    QVERIFY(std::abs(latentErrorCorrelation(a, b) - 0.185 / 0.3875) < 1e-12);
}

void TestRubricSimulator::truthFile()
{
    const auto result = simulate(4, 40);
    const std::string csv = rubricTruthCsv(result.truth);
    std::istringstream in(csv);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        lines.push_back(line);
    QCOMPARE(lines.size(), std::size_t(5));
    QCOMPARE(
        QString::fromStdString(lines[0]),
        QString("source,dataset,judge,leniency,noise_sd,shared_sd,latent_error_sd,fpr,fnr,expected_offset,"
                "price_usd,latency_median_s,probabilities,failure_rate"));
    // sim-cheap: d 0.20, s 0.60, shared sqrt(0.185) = 0.430116, latent sqrt(0.185 + 0.36) = 0.738241.
    QVERIFY(startsWith(lines[1], "simulated,sim-rubric,sim-cheap,0.20,0.60,0.430116,0.738241,0.22,0.08,"));
    QVERIFY(lines[1].ends_with(",0.000200,0.40,yes,0.0100"));
    QVERIFY(startsWith(lines[2], "simulated,sim-rubric,sim-mid-2,-0.30,0.45,"));
    QVERIFY(lines[4].ends_with(",0.020000,,no,0.0100"));
    char offset[32];
    std::snprintf(offset, sizeof offset, ",%.6f,", expectedOffset(result.truth, result.truth.judges[0]));
    QVERIFY(lines[1].find(offset) != std::string::npos);
}

void TestRubricSimulator::modelIsRecovered()
{
    // 4,000 units (400 prompts): 12,000 ordinal and 8,000 binary pairs, 160,000 judgments.
    const auto result = simulate(4, 4000, 20261129);
    const Audit& audit = *result.audit;
    const JudgmentTable& jt = audit.judgments();
    const RubricSimulationTruth& truth = result.truth;

    // R2 offset of every judge (pooled ordinal row) against the model's expected offset. Tolerance 0.05: an
    // error (answer - label) has sd ~1, the mean over 12,000 pairs of two correlated runs has sd <= 0.01, and
    // the prompt tilt (sd 0.25, shared by the 30 ordinal pairs of a prompt) adds 0.25 / sqrt(400) = 0.0125:
    // together <= 0.016, so 0.05 is over 3 standard errors. expectedOffset differs from the leniency by the
    // rounding and the clipping at the scale ends (sim-mid-2: -0.30 -> about -0.26), hence the looser second
    // check.
    std::map<std::string, double> offset;
    for (const RubricAgreementRow& row : analyseRubricAgreement(audit))
        if (row.predictor.empty() && row.pooled && row.kind == TaskKind::Ordinal)
            offset[std::string(audit.str(row.judge))] = row.all.offset;
    QCOMPARE(offset.size(), std::size_t(4));
    for (const SimulatedRubricJudge& judge : truth.judges) {
        const double expected = expectedOffset(truth, judge);
        const double observed = offset.at(judge.name);
        qInfo("%s: R2 offset %.4f, expected %.4f, leniency %.2f", judge.name.c_str(), observed, expected,
              judge.leniency);
        QVERIFY2(std::abs(observed - expected) < 0.05,
                 (judge.name + ": " + std::to_string(observed) + " vs " + std::to_string(expected)).c_str());
        QVERIFY(std::abs(expected - judge.leniency) < 0.1);
    }

    // Level errors (answer - T) of sim-mid-2 and sim-mid-3 on run 1 of the same ordinal pair: positively
    // correlated through the shared error, as levelErrorCorrelation predicts (0.05: the correlation of
    // ~11,700 pairs has sd (1 - rho^2) / sqrt(n) ~ 0.008, doubled for the prompt clusters).
    const StrId judge2 = *audit.strings().find("sim-mid-2"), judge3 = *audit.strings().find("sim-mid-3");
    std::map<std::uint32_t, std::array<double, 2>> errors;    // item -> (judge 2, judge 3) error, NaN if none
    std::map<std::string, std::array<std::size_t, 4>> binary; // judge -> FP, UNMET-true, FN, MET-true
    std::size_t failures = 0;
    for (std::uint32_t j = 0; j < jt.size(); ++j) {
        const SimulatedRubricPair& pair = truth.pairs[jt.item[j]];
        if (jt.answer[j] == answer::kNone) {
            ++failures;
            continue;
        }
        if (audit.kindOf(j) == TaskKind::Binary) {
            auto& c = binary[std::string(audit.str(jt.judge[j]))];
            if (pair.truth == answer::kUnmet) {
                c[0] += jt.answer[j] == answer::kMet;
                ++c[1];
            } else {
                c[2] += jt.answer[j] == answer::kUnmet;
                ++c[3];
            }
            continue;
        }
        if (jt.rep[j] != 1 || (jt.judge[j] != judge2 && jt.judge[j] != judge3))
            continue;
        auto [it, added] = errors.try_emplace(jt.item[j], std::array<double, 2>{kMissing, kMissing});
        it->second[jt.judge[j] == judge2 ? 0 : 1] = jt.answer[j] - pair.truth;
    }
    double n = 0, sa = 0, sb = 0, saa = 0, sbb = 0, sab = 0;
    for (const auto& [item, e] : errors) {
        if (isMissing(e[0]) || isMissing(e[1]))
            continue;
        n += 1;
        sa += e[0], sb += e[1], saa += e[0] * e[0], sbb += e[1] * e[1], sab += e[0] * e[1];
    }
    QVERIFY(n > 11000);
    const double observed =
        (sab / n - sa / n * sb / n) / std::sqrt((saa / n - sa / n * sa / n) * (sbb / n - sb / n * sb / n));
    const double expected = levelErrorCorrelation(truth, truth.judges[1], truth.judges[2]);
    qInfo("level-error correlation of sim-mid-2 and sim-mid-3: %.4f, expected %.4f, latent %.4f", observed,
          expected, latentErrorCorrelation(truth.judges[1], truth.judges[2]));
    QVERIFY2(std::abs(observed - expected) < 0.05,
             (std::to_string(observed) + " vs " + std::to_string(expected)).c_str());
    QVERIFY(observed > 0.2);
    // Rounding and clipping lower the correlation below the latent one (0.477), but not by much.
    QVERIFY(expected < latentErrorCorrelation(truth.judges[1], truth.judges[2]));
    QVERIFY(expected > 0.3);

    // Binary: P(MET | true UNMET) = fpr and P(UNMET | true MET) = fnr, exactly in the model. Tolerance 0.03:
    // ~6,500 predictions per rate (binomial sd 0.004), and the prompt tilt moves a prompt's rate by ~0.09,
    // 0.09 / sqrt(400) = 0.0045 over the prompts: 0.03 is over 4 standard errors.
    for (const SimulatedRubricJudge& judge : truth.judges) {
        const auto& c = binary.at(judge.name);
        const double fpr = double(c[0]) / double(c[1]), fnr = double(c[2]) / double(c[3]);
        qInfo("%s: fpr %.4f (%.2f), fnr %.4f (%.2f)", judge.name.c_str(), fpr, judge.fpr, fnr, judge.fnr);
        QVERIFY2(std::abs(fpr - judge.fpr) < 0.03, (judge.name + " fpr " + std::to_string(fpr)).c_str());
        QVERIFY2(std::abs(fnr - judge.fnr) < 0.03, (judge.name + " fnr " + std::to_string(fnr)).c_str());
    }
    // Failures: 1% of 160,000 requests (binomial sd 0.00025).
    QVERIFY(std::abs(double(failures) / double(jt.size()) - 0.01) < 0.001);
}

void TestRubricSimulator::cheapConfidenceIsInformative()
{
    // The cheap judge's ordinal confidence (its kernel widens with its sensed error) separates its right from
    // its wrong verdicts, but imperfectly (seed 002: AUROC 0.57-0.70); the errors gather in the low bands.
    // 2,000 units: 6,000 ordinal pairs, so the AUROC's standard error is below 0.01 and the bounds below are
    // far from the observed value.
    const auto result = simulate(4, 2000, 20261129);
    const Audit& audit = *result.audit;
    const std::vector<JudgeKey> keys = {
        {*audit.strings().find("sim-cheap"), *audit.strings().find("rubric"), 0}};
    const RubricVerdictTable t = rubricVerdictTable(audit, *audit.strings().find("sim-rubric"), keys);
    std::vector<ConfidentAnswer> answers;
    for (std::size_t p = 0; p < t.pairCount(); ++p) {
        const RubricVerdict& v = t.at(0, p);
        if (t.kind[p] == TaskKind::Ordinal &&
            (v.status == VerdictStatus::Right || v.status == VerdictStatus::Wrong))
            answers.push_back({v.confidence, v.status == VerdictStatus::Right, "", ""});
    }
    QVERIFY(answers.size() > 5000);
    const Discrimination d = discrimination(answers);
    qInfo("sim-cheap ordinal AUROC %.4f, error rate by band %.3f %.3f %.3f %.3f", d.auroc,
          d.bands[0].errorRate, d.bands[1].errorRate, d.bands[2].errorRate, d.bands[3].errorRate);
    QVERIFY2(d.auroc > 0.6 && d.auroc < 0.9, qPrintable(QString::number(d.auroc)));
    QVERIFY(d.bands[3].errorRate < d.bands[1].errorRate); // [0, 0.25) is empty: p_max >= 1/K
}

QTEST_GUILESS_MAIN(TestRubricSimulator)
#include "tst_rubricsimulator.moc"
