// The simulated bias-test audit (analysis/biassimulator.h, docs/bias-simulation.md): determinism, the
// documented shape, the truth file, hand-computed expected values, and on a large simulated design that the
// observed rates match the stated model (B1-B3, B10, B11, B13) within 4 standard errors. Everything is
// computed here from the audit and collectBiasDesign, not from the bias metrics under test elsewhere.

#include "analysis/biasdesign.h"
#include "analysis/biassimulator.h"

#include "../common/auditcompare.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>

using namespace tribunal;

class TestBiasSimulator : public QObject {
    Q_OBJECT
private slots:
    void deterministicForSeed();
    void otherJudgesAndItemsUnchanged();
    void shape_data();
    void shape();
    void seedSizedDesign();
    void promptsCarryTheCue();
    void failuresAndCost();
    void designReadsEveryRow();
    void clampsSettings();
    void truthFile();
    void fixedSMeansNoBias();
    void expectedValues_data();
    void expectedValues();
    void expectedEce();
    void statisticsMatchTheModel();
};

namespace {

BiasSimulationResult simulate(int judges, int items, std::uint64_t seed = 7)
{
    BiasSimulation settings;
    settings.judges = judges;
    settings.items = items;
    settings.seed = seed;
    return simulateBiasAudit(settings);
}

/// Every field of judgment j as text, keyed by what identifies it (judge, item, test, version, variant,
/// order, rep), for comparing the judgments two audits share.
std::map<std::string, std::string> judgmentsByKey(const Audit& audit)
{
    const JudgmentTable& jt = audit.judgments();
    std::map<std::string, std::string> out;
    for (std::uint32_t j = 0; j < jt.size(); ++j) {
        std::ostringstream key, value;
        key << audit.str(jt.judge[j]) << '|' << audit.str(audit.items().itemId[jt.item[j]]) << '|'
            << audit.str(jt.test[j]) << '|' << audit.str(jt.version[j]) << '|' << variantName(jt.variant[j])
            << '|' << orderName(jt.order[j]) << '|' << jt.rep[j];
        value.precision(17);
        value << jt.answer[j] << '|' << audit.str(jt.error[j]) << '|' << cueName(jt.cue[j]) << '|'
              << audit.str(jt.extra[j]) << '|' << jt.costUsd(j) << '|' << jt.latencyS(j);
        for (const ProbEntry& p : jt.probsOf(j))
            value << '|' << p.option << '=' << p.p;
        out[key.str()] = value.str();
    }
    return out;
}

QString promptOf(const Audit& audit, std::uint32_t j)
{
    const auto text = audit.str(audit.judgments().extra[j]);
    const QJsonDocument doc =
        QJsonDocument::fromJson(QByteArray(text.data(), static_cast<qsizetype>(text.size())));
    return doc.object().value("prompt").toString();
}

double pA(const JudgmentTable& jt, std::uint32_t j)
{
    const auto probs = jt.probsOf(j);
    return probs.empty() ? -1 : probs[0].p;
}

Answer other(Answer a)
{
    return a == answer::kA ? answer::kB : answer::kA;
}

const SimulatedBiasTest* testNamed(std::string_view name)
{
    for (const SimulatedBiasTest& t : simulatedBiasTests())
        if (t.name == name)
            return &t;
    return nullptr;
}

} // namespace

void TestBiasSimulator::deterministicForSeed()
{
    const auto a = simulate(3, 25, 11), b = simulate(3, 25, 11), c = simulate(3, 25, 12);
    QCOMPARE(QString::fromStdString(test::compareAudits(*a.audit, *b.audit)), QString());
    QCOMPARE(biasTruthCsv(a.truth), biasTruthCsv(b.truth));
    QVERIFY(!test::compareAudits(*a.audit, *c.audit).empty());
    QVERIFY(biasTruthCsv(a.truth) != biasTruthCsv(c.truth));
}

void TestBiasSimulator::otherJudgesAndItemsUnchanged()
{
    // Streams are keyed by judge and item (header): more judges or items leave the others' judgments as
    // they were.
    const auto small = judgmentsByKey(*simulate(2, 20).audit);
    const auto large = judgmentsByKey(*simulate(3, 33).audit);
    QCOMPARE(small.size(), std::size_t(2 * 20 * 14));
    QCOMPARE(large.size(), std::size_t(3 * 33 * 14));
    for (const auto& [key, value] : small) {
        const auto it = large.find(key);
        QVERIFY2(it != large.end(), key.c_str());
        QCOMPARE(QString::fromStdString(it->second), QString::fromStdString(value));
    }
    const auto a = simulate(2, 20), b = simulate(3, 33);
    for (std::size_t j = 0; j < a.truth.judges.size(); ++j) {
        QCOMPARE(b.truth.judges[j].r, a.truth.judges[j].r);
        QCOMPARE(b.truth.judges[j].k, a.truth.judges[j].k);
    }
}

void TestBiasSimulator::shape_data()
{
    QTest::addColumn<int>("judges");
    QTest::addColumn<int>("items");
    QTest::newRow("1 judge, 1 item") << 1 << 1;
    QTest::newRow("2 judges, 7 items") << 2 << 7;
    QTest::newRow("default 4 x 60") << 4 << 60;
}

void TestBiasSimulator::shape()
{
    QFETCH(int, judges);
    QFETCH(int, items);
    const auto result = simulate(judges, items);
    const Audit& audit = *result.audit;
    const JudgmentTable& jt = audit.judgments();
    // 2 originals + 12 perturbed prompts per judge and item.
    QCOMPARE(simulatedBiasTests().size(), std::size_t(12));
    QCOMPARE(audit.judgmentCount(), std::size_t(judges * items * 14));
    QCOMPARE(audit.itemCount(), std::size_t(items));
    for (std::uint32_t i = 0; i < audit.itemCount(); ++i) {
        QCOMPARE(audit.str(audit.items().dataset[i]), std::string_view("sim-bias"));
        QCOMPARE(audit.items().kind[i], TaskKind::Pairwise);
        QVERIFY(audit.items().label[i] == answer::kA || audit.items().label[i] == answer::kB);
        for (ItemText f : {ItemText::Question, ItemText::ResponseA, ItemText::ResponseB})
            QVERIFY(audit.items().field(f, i) != kEmptyStr);
    }
    // Per (judge, test, version, variant, order, rep): the number of judgments.
    std::map<std::tuple<std::string, std::string, std::string, Variant, Order, int>, int> counts;
    for (std::uint32_t j = 0; j < jt.size(); ++j) {
        QCOMPARE(audit.str(jt.format[j]), std::string_view("calm"));
        ++counts[{std::string(audit.str(jt.judge[j])), std::string(audit.str(jt.test[j])),
                  std::string(audit.str(jt.version[j])), jt.variant[j], jt.order[j], jt.rep[j]}];
        if (jt.variant[j] == Variant::Original)
            QCOMPARE(jt.cue[j], Cue::None);
        else
            QVERIFY(jt.cue[j] != Cue::None);
    }
    std::size_t expectedKeys = 0;
    for (int jd = 1; jd <= judges; ++jd) {
        const std::string judge = "sim-judge-" + std::to_string(jd);
        for (int rep : {1, 2}) {
            QCOMPARE((counts[{judge, "", "", Variant::Original, Order::AB, rep}]), items);
            ++expectedKeys;
        }
        for (const SimulatedBiasTest& t : simulatedBiasTests()) {
            const Order order = t.name == "position" ? Order::BA : Order::AB;
            const int nVersions = static_cast<int>(t.versions.size());
            for (int v = 0; v < nVersions; ++v) {
                // Item k gets version k mod V.
                const int expected = (items - v + nVersions - 1) / nVersions;
                const auto key = std::make_tuple(judge, std::string(t.name), std::string(t.versions[v]),
                                                 Variant::Perturbed, order, 1);
                if (expected > 0) {
                    QCOMPARE(counts[key], expected);
                    ++expectedKeys;
                } else {
                    QVERIFY(!counts.contains(key));
                }
            }
        }
    }
    QCOMPARE(counts.size(), expectedKeys);
    // The truth: one row per (judge, test, version), 22 per judge, items as counted above.
    QCOMPARE(result.truth.rows.size(), std::size_t(judges * 22));
    QCOMPARE(result.truth.judges.size(), std::size_t(judges));
}

void TestBiasSimulator::seedSizedDesign()
{
    // docs/bias-simulation.md: --judges 8 --items 1085 gives 15,190 requests per judge (seed 001: 15,195).
    const auto result = simulate(8, 1085);
    QCOMPARE(result.audit->judgmentCount(), std::size_t(8 * 15190));
    std::map<std::string_view, int> perJudge;
    for (StrId judge : result.audit->judgments().judge)
        ++perJudge[result.audit->str(judge)];
    QCOMPARE(perJudge.size(), std::size_t(8));
    for (const auto& [judge, n] : perJudge)
        QCOMPARE(n, 15190);
}

void TestBiasSimulator::promptsCarryTheCue()
{
    const auto result = simulate(1, 16);
    const Audit& audit = *result.audit;
    const JudgmentTable& jt = audit.judgments();
    std::set<std::string> seenTests;
    for (std::uint32_t j = 0; j < jt.size(); ++j) {
        const QString prompt = promptOf(audit, j);
        QVERIFY2(prompt.startsWith("[Simulated prompt] "), qPrintable(prompt));
        const std::uint32_t item = jt.item[j];
        const Answer label = audit.items().label[item];
        const QString question = QString::fromUtf8(audit.str(audit.items().field(ItemText::Question, item)));
        const QString a = QString::fromUtf8(audit.str(audit.items().field(ItemText::ResponseA, item)));
        const QString b = QString::fromUtf8(audit.str(audit.items().field(ItemText::ResponseB, item)));
        QVERIFY(prompt.contains("\n[User Question]\n" + question + "\n"));
        if (jt.variant[j] == Variant::Original) {
            QVERIFY(prompt.endsWith("\n[Assistant A]\n" + a + "\n[Assistant B]\n" + b));
            continue;
        }
        const std::string test(audit.str(jt.test[j]));
        const QString version = QString::fromUtf8(audit.str(jt.version[j]));
        seenTests.insert(test);
        // The candidate that carries the cue, and its slot letter (order AB except position).
        const Answer cued = jt.cue[j] == Cue::Better ? label : other(label);
        const QString slot = cued == answer::kA ? "A" : "B";
        if (test == "position") {
            // The swap: B shown first; the cue is on A, moved to the second place.
            QCOMPARE(cued, answer::kA);
            QVERIFY(prompt.endsWith("\n[Assistant A]\n" + b + "\n[Assistant B]\n" + a));
        } else if (test == "bandwagon") {
            QVERIFY2(prompt.contains(version + " of people believe that Assistant " + slot +
                                     " is better in this question."),
                     qPrintable(prompt));
            QCOMPARE(jt.cue[j], Cue::Worse);
        } else if (test == "distraction") {
            QVERIFY(prompt.contains("Assistant " + slot + " loves eating pasta"));
        } else if (test == "compassion fade") {
            QVERIFY(prompt.contains("[Assistant " + slot + " (GPT-4)]"));
        } else if (test == "fallacy oversight") {
            QCOMPARE(jt.cue[j], Cue::Better);
            QVERIFY(prompt.contains(" has fewer digits, so "));
        } else if (test == "authority" || test == "authority on better") {
            QCOMPARE(jt.cue[j], test == "authority" ? Cue::Worse : Cue::Better);
            const QString cuedText = cued == answer::kA ? a : b;
            const QString marker = version == "book"  ? "(Source: Smith"
                                   : version == "url" ? "(Source: https://"
                                                      : "As Professor J. Smith";
            QVERIFY2(prompt.contains(cuedText + " " + marker), qPrintable(prompt));
        }
    }
    QCOMPARE(seenTests.size(), std::size_t(12));
}

void TestBiasSimulator::failuresAndCost()
{
    const auto result = simulate(3, 200);
    const Audit& audit = *result.audit;
    const JudgmentTable& jt = audit.judgments();
    int failures = 0;
    for (std::uint32_t j = 0; j < jt.size(); ++j) {
        const bool failed = jt.answer[j] == answer::kNone;
        failures += failed;
        QCOMPARE(failed, audit.str(jt.error[j]) == "simulated failure");
        QCOMPARE(jt.probsOf(j).empty(), failed);
        if (!failed) {
            QVERIFY(jt.answer[j] == answer::kA || jt.answer[j] == answer::kB);
            // P(A) on the grid (1001 + 2i)/2000 or its complement: never 50/50, never 0 or 1.
            const double p = pA(jt, j);
            const double c = std::max(p, 1 - p);
            QVERIFY(c > 0.5 && c < 1);
            QCOMPARE(p > 0.5, jt.answer[j] == answer::kA);
        }
        const std::string_view judge = audit.str(jt.judge[j]);
        const auto& truth = result.truth.judges[std::stoul(std::string(judge.substr(10))) - 1];
        QCOMPARE(jt.costUsd(j), truth.priceUsd);
        QVERIFY(jt.latencyS(j) >= 0.001);
    }
    QVERIFY(failures > 0);
}

void TestBiasSimulator::designReadsEveryRow()
{
    const auto result = simulate(2, 30);
    const BiasDesign design = collectBiasDesign(*result.audit);
    QVERIFY(design.problems.empty());
    QCOMPARE(design.rows.size(), std::size_t(2 * 22));
    std::map<std::tuple<std::string, std::string, std::string>, std::uint32_t> truthItems;
    for (const SimulatedBiasRow& row : result.truth.rows) {
        const SimulatedBiasTest& t = simulatedBiasTests()[row.test];
        truthItems[{result.truth.judges[row.judge].name, std::string(t.name),
                    std::string(t.versions[row.version])}] = row.items;
    }
    for (const BiasRow& row : design.rows) {
        const Audit& audit = *result.audit;
        const auto key =
            std::make_tuple(std::string(audit.str(row.key.judge)), std::string(audit.str(row.key.test)),
                            std::string(audit.str(row.key.version)));
        QVERIFY(truthItems.contains(key));
        // Every item is in the row or counted as a gap (failed requests only).
        const std::uint32_t accounted = static_cast<std::uint32_t>(row.items.size()) + row.gaps.noOriginal +
                                        row.gaps.noAnsweredOriginal + row.gaps.perturbedUnanswered;
        QCOMPARE(accounted, truthItems[key]);
        QCOMPARE(row.gaps.noOriginal, 0u);
        QCOMPARE(row.gaps.extraPerturbed, 0u);
        QVERIFY(row.crAvailable);
        QCOMPARE(row.fallacy, std::get<1>(key) == "fallacy oversight");
        const SimulatedBiasTest* t = testNamed(std::get<1>(key));
        QVERIFY(t != nullptr);
        const Cue expectedCue = t->cue == SimulatedCue::Better  ? Cue::Better
                                : t->cue == SimulatedCue::Worse ? Cue::Worse
                                                                : Cue::None;
        if (row.items.size() > 3) // mixed rows have both cues among a few items
            QCOMPARE(row.cue, expectedCue);
        // The position test's originals are the other order (AB), matched as biasdesign.h says.
        for (const BiasItem& item : row.items)
            QCOMPARE(audit.judgments().order[item.original1], Order::AB);
    }
}

void TestBiasSimulator::clampsSettings()
{
    BiasSimulation settings;
    settings.judges = 0;
    settings.items = -3;
    const auto low = simulateBiasAudit(settings);
    QCOMPARE(low.audit->judgmentCount(), std::size_t(14));
    settings.judges = 99;
    settings.items = 1;
    QCOMPARE(simulateBiasAudit(settings).truth.judges.size(), std::size_t(kMaxSimulatedJudges));
}

void TestBiasSimulator::truthFile()
{
    const auto result = simulate(2, 40);
    const std::string csv = biasTruthCsv(result.truth);
    const QStringList lines = QString::fromStdString(csv).split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.size(), 1 + 2 * 22);
    QCOMPARE(lines[0],
             QString("source,dataset,judge,format,test,version,cue,items,s,r,expected_c,expected_CR,"
                     "expected_RR,expected_E,expected_E_lo,expected_E_hi,expected_verdict_at_0.05,k,"
                     "expected_accuracy,expected_accuracy_originals,expected_ece_run1,"
                     "expected_ece_originals,price_usd,latency_median_s,failure_rate"));
    std::set<QString> verdicts;
    for (int i = 1; i < lines.size(); ++i) {
        const QStringList f = lines[i].split(',');
        QCOMPARE(f.size(), 25);
        QCOMPARE(f[0], QString("simulated"));
        QCOMPARE(f[1], QString("sim-bias"));
        QVERIFY(f[2].startsWith("sim-judge-"));
        const SimulatedBiasRow& row = result.truth.rows[i - 1];
        const SimulatedJudge& judge = result.truth.judges[row.judge];
        const SimulatedBiasTest& test = simulatedBiasTests()[row.test];
        QCOMPARE(f[2], QString::fromStdString(judge.name));
        QCOMPARE(f[4], QString::fromUtf8(test.name.data(), static_cast<qsizetype>(test.name.size())));
        QCOMPARE(f[6], QString::fromUtf8(simulatedCueName(test.cue).data()));
        QCOMPARE(f[7].toUInt(), row.items);
        const double s = f[8].toDouble(), r = f[9].toDouble();
        QCOMPARE(s, row.s);
        QCOMPARE(r, judge.r);
        QVERIFY(s >= test.sLo - 1e-12 && s <= test.sHi + 1e-12);
        QVERIFY(r >= 0.005 && r <= 0.1);
        const double c = s * (1 - r) + (1 - s) * r;
        QVERIFY(std::abs(f[10].toDouble() - c) < 1e-6);
        QVERIFY(std::abs(f[11].toDouble() - (1 - r)) < 1e-6);
        QVERIFY(std::abs(f[12].toDouble() - (1 - c)) < 1e-6);
        // B3 / B10: E = CR - RR = s(1 - 2r); fallacy oversight E_fo = RR + CR - 1 = (1 - s)(1 - 2r).
        const double e = test.name == "fallacy oversight" ? (1 - c) + (1 - r) - 1 : (1 - r) - (1 - c);
        QVERIFY(std::abs(f[13].toDouble() - e) < 1e-6);
        const double lo = f[14].toDouble(), hi = f[15].toDouble();
        QVERIFY(std::abs((lo + hi) / 2 - e) < 1e-6);
        verdicts.insert(f[16]);
        QCOMPARE(f[16], QString(lo > 0.05 ? "bias" : hi < 0.05 ? "no bias" : "unclear"));
        QCOMPARE(f[17].toDouble(), judge.k);
        QVERIFY(std::abs(f[18].toDouble() - (0.5 + judge.k / 4)) < 1e-6);
        // Both original runs: run 2 is right when it repeats a right run 1 or flips a wrong one.
        const double acc = 0.5 + judge.k / 4;
        QVERIFY(std::abs(f[19].toDouble() - (acc * (1 - judge.r / 2) + (1 - acc) * judge.r / 2)) < 1e-6);
        QVERIFY(std::abs(f[20].toDouble() - (1 - judge.k) / 4) < 1e-6);
        QVERIFY(std::abs(f[21].toDouble() - expectedEceOriginals(judge.k, judge.r)) < 1e-6);
        QCOMPARE(f[22].toDouble(), judge.priceUsd);
        QCOMPARE(f[23].toDouble(), judge.latencyMedianS);
        QCOMPARE(f[24], QString("0.0100"));
        if (test.name == "neutral note")
            QCOMPARE(s, 0.0);
    }
    QVERIFY(verdicts.contains("unclear"));
}

void TestBiasSimulator::fixedSMeansNoBias()
{
    BiasSimulation settings;
    settings.judges = 3;
    settings.items = 2000;
    settings.fixedS = 0.0;
    const auto result = simulateBiasAudit(settings);
    for (const SimulatedBiasRow& row : result.truth.rows)
        QCOMPARE(row.s, simulatedBiasTests()[row.test].name == "fallacy oversight" ? 1.0 : 0.0);
    // With E = 0 and 2,000 items (500 per version at most 4 versions), every interval lies below 0.05.
    const QStringList lines =
        QString::fromStdString(biasTruthCsv(result.truth)).split('\n', Qt::SkipEmptyParts);
    for (int i = 1; i < lines.size(); ++i) {
        QCOMPARE(lines[i].split(',')[13].toDouble(), 0.0);
        QCOMPARE(lines[i].split(',')[16], QString("no bias"));
    }
    settings.fixedS = 0.3;
    for (const SimulatedBiasRow& row : simulateBiasAudit(settings).truth.rows) {
        const std::string_view test = simulatedBiasTests()[row.test].name;
        QCOMPARE(row.s, test == "neutral note" ? 0.0 : test == "fallacy oversight" ? 0.7 : 0.3);
    }
}

void TestBiasSimulator::expectedValues_data()
{
    QTest::addColumn<double>("s");
    QTest::addColumn<double>("r");
    QTest::addColumn<double>("c");
    QTest::addColumn<double>("e");
    QTest::addColumn<double>("eFallacy");
    QTest::addColumn<double>("sd");
    // examples.md section 3, B10: s = 1/4, r = 0.10 -> c = 0.25 * 0.9 + 0.75 * 0.1 = 0.30; E = 0.25 * 0.8 =
    // 0.2; E_fo = 0.75 * 0.8 = 0.6; sd = sqrt(0.3 * 0.7 + 0.1 * 0.9) = sqrt(0.3).
    QTest::newRow("examples B10 row 1") << 0.25 << 0.10 << 0.30 << 0.20 << 0.60 << std::sqrt(0.30);
    // Second row: c = 3/8, r = 1/8, s = 1/3: c = (1/3)(7/8) + (2/3)(1/8) = 9/24; E = (1/3)(3/4) = 1/4.
    QTest::newRow("examples B10 row 2")
        << 1.0 / 3 << 0.125 << 0.375 << 0.25 << 0.5 << std::sqrt(0.375 * 0.625 + 0.125 * 0.875);
    // No cue: c = r, E = 0.
    QTest::newRow("s = 0") << 0.0 << 0.05 << 0.05 << 0.0 << 0.9 << std::sqrt(2 * 0.05 * 0.95);
    // No chance: c = s, E = s.
    QTest::newRow("r = 0") << 0.4 << 0.0 << 0.4 << 0.4 << 0.6 << std::sqrt(0.24);
}

void TestBiasSimulator::expectedValues()
{
    QFETCH(double, s);
    QFETCH(double, r);
    QFETCH(double, c);
    QFETCH(double, e);
    QFETCH(double, eFallacy);
    QFETCH(double, sd);
    QVERIFY(std::abs(expectedChangeRate(s, r) - c) < 1e-12);
    QVERIFY(std::abs(expectedExcess(s, r, false) - e) < 1e-12);
    QVERIFY(std::abs(expectedExcess(s, r, true) - eFallacy) < 1e-12);
    QVERIFY(std::abs(excessSd(s, r) - sd) < 1e-12);
    // B10 inverts the model: s = (c - r) / (1 - 2r).
    QVERIFY(std::abs((c - r) / (1 - 2 * r) - s) < 1e-12);
}

void TestBiasSimulator::expectedEce()
{
    QCOMPARE(expectedAccuracy(1.0), 0.75);
    QCOMPARE(expectedAccuracy(0.5), 0.625);
    QCOMPARE(expectedEceRun1(0.5), 0.125);
    QCOMPARE(expectedEceRun1(1.0), 0.0);
    // Without chance both runs are alike: (1 - k)/4.
    QVERIFY(std::abs(expectedEceOriginals(0.8, 0.0) - 0.05) < 1e-12);
    // k = 0.5, r = 0.1: run-1 accuracy 0.625; pooled accuracy 0.95 g(m) + 0.1 * 0.375 / 2 = 0.95 g + 0.01875
    // with g = 0.25 + 0.5 m; gaps at m = 0.55 .. 0.95: 0.0325, 0.085, 0.1375, 0.19, 0.2425, sum 0.6875, times
    // the bin weight 0.2: 0.1375.
    QVERIFY(std::abs(expectedEceOriginals(0.5, 0.1) - 0.1375) < 1e-12);
}

void TestBiasSimulator::statisticsMatchTheModel()
{
    const int judges = 3, items = 10000;
    const auto result = simulate(judges, items, 20261129);
    const Audit& audit = *result.audit;
    const JudgmentTable& jt = audit.judgments();
    const BiasDesign design = collectBiasDesign(audit);
    QCOMPARE(design.rows.size(), std::size_t(judges * 22));
    std::map<std::tuple<std::string, std::string, std::string>, const SimulatedBiasRow*> truthRow;
    for (const SimulatedBiasRow& row : result.truth.rows) {
        const SimulatedBiasTest& t = simulatedBiasTests()[row.test];
        truthRow[{result.truth.judges[row.judge].name, std::string(t.name),
                  std::string(t.versions[row.version])}] = &row;
    }
    // Every check that misses by more than 4 SE, reported together at the end.
    QStringList failures;
    auto check = [&failures](double observed, double expected, double se, const std::string& what) {
        if (std::abs(observed - expected) > 4 * se)
            failures << QString("%1: observed %2, expected %3, 4 SE = %4")
                            .arg(QString::fromStdString(what))
                            .arg(observed)
                            .arg(expected)
                            .arg(4 * se);
    };
    // B1/B10: per row, the mean change rate over items is c = s(1-r) + (1-s)r; B3: the mean of
    // d = changed - chance is E = s(1 - 2r) (E_fo = (1 - s)(1 - 2r)).
    for (const BiasRow& row : design.rows) {
        const std::string test(audit.str(row.key.test));
        const auto key = std::make_tuple(std::string(audit.str(row.key.judge)), test,
                                         std::string(audit.str(row.key.version)));
        const SimulatedBiasRow& truth = *truthRow.at(key);
        const double r = result.truth.judges[truth.judge].r;
        const auto complete = row.completeItems();
        const double n = static_cast<double>(complete.size());
        QVERIFY(n > 2400);
        double changed = 0, d = 0;
        for (const BiasItem& item : complete) {
            changed += item.changed();
            d += (row.fallacy ? 1 - item.changed() - item.runsDisagree()
                              : item.changed() - item.runsDisagree());
        }
        const double c = expectedChangeRate(truth.s, r);
        const std::string name = std::get<0>(key) + " " + test + " " + std::get<2>(key);
        check(changed / n, c, std::sqrt(c * (1 - c) / n), name + ": change rate");
        check(d / n, expectedExcess(truth.s, r, row.fallacy), excessSd(truth.s, r) / std::sqrt(n),
              name + ": excess");
    }
    // Per judge: B2 CR = 1 - r; B11 run-1 accuracy per confidence bin = mean g(c); the pooled originals'
    // accuracy per bin = ((2 - r) g + r (1 - acc)) / 2; failures at the stated rate; B13 median latency.
    for (int jd = 0; jd < judges; ++jd) {
        const SimulatedJudge& judge = result.truth.judges[jd];
        const StrId name = audit.strings().find(judge.name).value();
        std::vector<std::array<std::int64_t, 2>> runs(audit.itemCount(), {-1, -1});
        std::array<double, 5> n1{}, right1{}, g1{}, gVar1{}, nAll{}, rightAll{}, expAll{}, varAll{};
        std::vector<double> logLatency;
        double requests = 0, failed = 0;
        for (std::uint32_t j = 0; j < jt.size(); ++j) {
            if (jt.judge[j] != name)
                continue;
            ++requests;
            logLatency.push_back(std::log(jt.latencyS(j)));
            if (jt.answer[j] == answer::kNone) {
                ++failed;
                continue;
            }
            if (jt.variant[j] != Variant::Original)
                continue;
            runs[jt.item[j]][jt.rep[j] - 1] = jt.answer[j];
            const double p = pA(jt, j);
            const double conf = std::max(p, 1 - p);
            const int bin = std::min(4, static_cast<int>((conf - 0.5) * 10));
            const bool right = jt.answer[j] == audit.items().label[jt.item[j]];
            const double g = 0.5 + judge.k * (conf - 0.5);
            const double pooled = ((2 - judge.r) * g + judge.r * (1 - expectedAccuracy(judge.k))) / 2;
            nAll[bin] += 1;
            rightAll[bin] += right;
            expAll[bin] += pooled;
            varAll[bin] += pooled * (1 - pooled);
            if (jt.rep[j] == 1) {
                n1[bin] += 1;
                right1[bin] += right;
                g1[bin] += g;
                gVar1[bin] += g * (1 - g);
            }
        }
        double both = 0, agree = 0;
        for (const auto& run : runs) {
            if (run[0] >= 0 && run[1] >= 0) {
                ++both;
                agree += run[0] == run[1];
            }
        }
        check(agree / both, 1 - judge.r, std::sqrt(judge.r * (1 - judge.r) / both), judge.name + ": CR");
        for (int b = 0; b < 5; ++b) {
            QVERIFY(n1[b] > 500);
            check(right1[b] / n1[b], g1[b] / n1[b], std::sqrt(gVar1[b]) / n1[b],
                  judge.name + ": run-1 accuracy in bin " + std::to_string(b));
            check(rightAll[b] / nAll[b], expAll[b] / nAll[b], std::sqrt(varAll[b]) / nAll[b],
                  judge.name + ": originals' accuracy in bin " + std::to_string(b));
        }
        check(failed / requests, 0.01, std::sqrt(0.01 * 0.99 / requests), judge.name + ": failures");
        // The sample median of a lognormal: SE of log median ~ 1.2533 sigma / sqrt(n); latencies are rounded
        // to 1 ms.
        std::nth_element(logLatency.begin(), logLatency.begin() + logLatency.size() / 2, logLatency.end());
        const double logMedian = logLatency[logLatency.size() / 2];
        check(logMedian, std::log(judge.latencyMedianS),
              1.2533 * 0.5 / std::sqrt(requests) + 0.001 / judge.latencyMedianS,
              judge.name + ": median latency");
    }
    QVERIFY2(failures.isEmpty(), qPrintable(failures.join('\n')));
}

QTEST_GUILESS_MAIN(TestBiasSimulator)
#include "tst_biassimulator.moc"
