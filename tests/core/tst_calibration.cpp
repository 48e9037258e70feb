// B11 calibration and B13 cost and latency (core/analysis/calibration.h; metrics.md "Bias tests" B11, B13 and
// "Edge cases" B11; examples.md section 4). The differential rows compare with scikit-learn / numpy values
// stored by tests/core/calibration_reference.py (CTest calibration_reference re-runs it with --check).
#include "analysis/calibration.h"
#include "model/auditbuilder.h"

#include "../common/answerchars.h"
#include "../common/csvlines.h"

#include <QtTest>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

using namespace tribunal;

class TestCalibration : public QObject {
    Q_OBJECT
private slots:
    void examplesSection4();
    void bins_data();
    void bins();
    void probabilityOfA_data();
    void probabilityOfA();
    void leftOut();
    void originalsWhenPresent();
    void allPairwiseWithoutOriginals();
    void originalsDecidedPerJudgeAndFormat();
    void logLossClipping_data();
    void logLossClipping();
    void badBins_data();
    void badBins();
    void rowOrder();
    void differential_data();
    void differential();
    void costHandComputed();
    void costOneRowPerJudgeFormatCondition();
    void millionJudgments();
};

namespace {

/// One judgment of a hand-built audit. Items are created on first use ((dataset "d", itemId) with `label` and
/// `kind`; later judgments of the item ignore both).
struct J {
    std::string item{};
    char label = 'A'; ///< 'A', 'B', 'T' (tie), ' ' (no label); binary items: 'M' (MET)
    std::vector<ProbEntry> probs{};
    Variant variant = Variant::None;
    std::uint16_t rep = 1;
    Order order = Order::AB;
    std::string judge = "J1", format = "F1";
    std::string condition{}; ///< "" or "key=value"
    Answer answer = answer::kA;
    double cost = kMissing, latency = kMissing;
    TaskKind kind = TaskKind::Pairwise;
    std::string test{}, dataset = "d";
};

AuditPtr buildAudit(const std::vector<J>& judgments)
{
    AuditBuilder b;
    for (const J& j : judgments) {
        const StrId dataset = b.intern(j.dataset), itemId = b.intern(j.item);
        std::uint32_t item = 0;
        if (auto found = b.findItem(dataset, itemId)) {
            item = *found;
        } else {
            item = b.addItem(dataset, itemId, j.kind);
            b.setLabel(item, testing::runAnswer(j.label));
        }
        JudgmentInput in;
        in.item = item;
        in.judge = b.intern(j.judge);
        in.format = b.intern(j.format);
        if (!j.condition.empty()) {
            const auto eq = j.condition.find('=');
            in.condition = b.internCondition(
                {{b.intern(j.condition.substr(0, eq)), b.intern(j.condition.substr(eq + 1))}});
        }
        in.order = j.kind == TaskKind::Pairwise ? j.order : Order::None;
        in.rep = j.rep;
        in.answer = j.answer;
        in.variant = j.variant;
        in.test = b.intern(j.test);
        in.costUsd = j.cost;
        in.latencyS = j.latency;
        in.probs = j.probs;
        b.addJudgment(in);
    }
    ImportLog log;
    AuditPtr audit = b.build(log);
    if (!audit)
        qFatal("fixture audit did not build");
    return audit;
}

std::vector<ProbEntry> pA(double p)
{
    return {{answer::kA, p}};
}

bool close(double a, double b, double rel)
{
    if (std::isnan(a) || std::isnan(b))
        return std::isnan(a) && std::isnan(b);
    return a == b || std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b));
}

#define QCLOSE(actual, expected, rel)                                                                        \
    QVERIFY2(close((actual), (expected), (rel)), qPrintable(QString("%1 = %2, expected %3")                  \
                                                                .arg(#actual)                                \
                                                                .arg((actual), 0, 'g', 17)                   \
                                                                .arg((expected), 0, 'g', 17)))

// --- the differential data (tests/data/calibration, written by calibration_reference.py --write) -----------

double number(const std::string& text)
{
    double value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size())
        throw std::runtime_error("not a number: " + text);
    return value;
}

struct ReferenceSet {
    int bins = 10;
    std::vector<J> judgments;
    std::vector<double> summary; ///< n, decided, accuracy, confidence, ece, brier, log_loss
    std::vector<std::vector<double>> points;
};

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

const std::map<std::string, ReferenceSet>& referenceSets()
{
    static const std::map<std::string, ReferenceSet> sets = [] {
        const std::string dir = TRIBUNAL_TEST_DATA "/calibration/";
        std::map<std::string, ReferenceSet> out;
        for (const auto& r : readCsv(dir + "inputs.csv", "set,bins,item,label,option,p")) {
            ReferenceSet& set = out[r.at(0)];
            set.bins = static_cast<int>(number(r.at(1)));
            J j;
            j.item = r.at(2);
            j.label = r.at(3).at(0);
            j.probs = {{r.at(4) == "A" ? answer::kA : answer::kB, number(r.at(5))}};
            j.judge = r.at(0);
            j.dataset = r.at(0);
            set.judgments.push_back(j);
        }
        for (const auto& r :
             readCsv(dir + "reference.csv", "set,bins,n,decided,accuracy,confidence,ece,brier,log_loss")) {
            for (std::size_t c = 2; c < r.size(); ++c)
                out.at(r.at(0)).summary.push_back(number(r[c]));
        }
        for (const auto& r : readCsv(dir + "points.csv", "set,lo,hi,count,mean_confidence,accuracy")) {
            std::vector<double> point;
            for (std::size_t c = 1; c < r.size(); ++c)
                point.push_back(number(r[c]));
            out.at(r.at(0)).points.push_back(point);
        }
        return out;
    }();
    return sets;
}

} // namespace

void TestCalibration::examplesSection4()
{
    // examples.md section 4: items c1..c6 with P(A) and the better answer.
    const AuditPtr audit = buildAudit({{"c1", 'A', pA(0.92)},
                                       {"c2", 'B', pA(0.27)},
                                       {"c3", 'B', pA(0.85)},
                                       {"c4", 'A', pA(0.50)},
                                       {"c5", 'A', pA(0.64)},
                                       {"c6", 'A', pA(0.22)}});
    const auto results = analyseCalibration(*audit);
    QCOMPARE(results.size(), std::size_t(1));
    const CalibrationResult& r = results[0];
    QCOMPARE(audit->str(r.judge), std::string_view("J1"));
    QCOMPARE(audit->str(r.format), std::string_view("F1"));
    QCOMPARE(r.n, 6u);
    QCOMPARE(r.decided, 5u); // c4 is 50/50
    QCOMPARE(r.accuracy, 3.0 / 5.0);
    // (0.92 + 0.73 + 0.85 + 0.50 + 0.64 + 0.78) / 6 = 4.42 / 6 = 221/300
    QCLOSE(r.confidence, 221.0 / 300.0, 1e-14);
    // bins [0.5,0.6) 1 x |0.5 - 0.5| + [0.6,0.7) 1 x |1 - 0.64| + [0.7,0.8) 2 x |0.5 - 0.755| + [0.8,0.9)
    // 1 x |0 - 0.85| + [0.9,1] 1 x |1 - 0.92| = (0 + 0.36 + 0.51 + 0.85 + 0.08) / 6 = 1.8 / 6 = 3/10
    QCLOSE(r.ece, 0.3, 1e-14);
    // (0.08^2 + 0.27^2 + 0.85^2 + 0.5^2 + 0.36^2 + 0.78^2) / 6 = 1.7898 / 6 = 0.2983
    QCLOSE(r.brier, 0.2983, 1e-14);
    const double logLoss = -(std::log(0.92) + std::log(0.73) + std::log(0.15) + std::log(0.5) +
                             std::log(0.64) + std::log(0.22)) /
                           6;
    QCLOSE(r.logLoss, logLoss, 1e-14);
    QCOMPARE(std::round(r.logLoss * 1e6) / 1e6, 0.824796);

    struct Point {
        double lo, hi;
        std::uint32_t count;
        double confidence, accuracy;
    };
    const Point expected[] = {{0.5, 0.6, 1, 0.5, 0.5},
                              {0.6, 0.7, 1, 0.64, 1.0},
                              {0.7, 0.8, 2, 0.755, 0.5},
                              {0.8, 0.9, 1, 0.85, 0.0},
                              {0.9, 1.0, 1, 0.92, 1.0}};
    QCOMPARE(r.points.size(), std::size(expected));
    for (std::size_t k = 0; k < r.points.size(); ++k) {
        QCOMPARE(r.points[k].lo, expected[k].lo);
        QCOMPARE(r.points[k].hi, expected[k].hi);
        QCOMPARE(r.points[k].count, expected[k].count);
        QCLOSE(r.points[k].meanConfidence, expected[k].confidence, 1e-14);
        QCOMPARE(r.points[k].accuracy, expected[k].accuracy);
    }
}

void TestCalibration::bins_data()
{
    QTest::addColumn<double>("probabilityA");
    QTest::addColumn<int>("bins");
    QTest::addColumn<int>("bin"); // the bin [bin / bins, (bin + 1) / bins)
    QTest::newRow("0.6 opens [0.6,0.7)") << 0.6 << 10 << 6;
    QTest::newRow("1 - 0.4 opens [0.6,0.7)") << 0.4 << 10 << 6;
    QTest::newRow("0.7 opens [0.7,0.8)") << 0.7 << 10 << 7;
    QTest::newRow("1 - 0.3 opens [0.7,0.8)") << 0.3 << 10 << 7;
    QTest::newRow("0.8") << 0.8 << 10 << 8;
    QTest::newRow("0.9 opens the last bin") << 0.9 << 10 << 9;
    QTest::newRow("1.0 is in the last bin") << 1.0 << 10 << 9;
    QTest::newRow("P(A) 0: confidence 1, last bin") << 0.0 << 10 << 9;
    QTest::newRow("just below 0.6") << 0.5999999999999999 << 10 << 5;
    QTest::newRow("50/50 at 0.5") << 0.5 << 10 << 5;
    QTest::newRow("near 50/50 enters as 0.5") << 0.500009 << 10 << 5;
    QTest::newRow("0.55 of 20 bins") << 0.55 << 20 << 11;
    QTest::newRow("2/3 of 3 bins") << 2.0 / 3.0 << 3 << 2;
    QTest::newRow("1 - 1/3 of 3 bins") << 1.0 / 3.0 << 3 << 2;
    // 15/22 x 22 rounds to 14.999...: the bin is still the one that starts at 15/22.
    QTest::newRow("15/22 of 22 bins") << 15.0 / 22.0 << 22 << 15;
    // 1 - 2/11 is just below 9/11 as doubles although (1 - 2/11) x 11 rounds to 9: bin 8, as numpy's
    // digitize on the edges k / b (calibration_reference.py) puts it.
    QTest::newRow("1 - 2/11 of 11 bins") << 2.0 / 11.0 << 11 << 8;
    QTest::newRow("one bin") << 0.97 << 1 << 0;
    QTest::newRow("1.0 of one bin") << 1.0 << 1 << 0;
}

void TestCalibration::bins()
{
    QFETCH(double, probabilityA);
    QFETCH(int, bins);
    QFETCH(int, bin);
    const AuditPtr audit = buildAudit({{"x", 'A', pA(probabilityA)}});
    const auto results = analyseCalibration(*audit, bins);
    QCOMPARE(results.size(), std::size_t(1));
    QCOMPARE(results[0].points.size(), std::size_t(1));
    const ReliabilityPoint& p = results[0].points[0];
    QCOMPARE(p.lo, static_cast<double>(bin) / bins);
    QCOMPARE(p.hi, static_cast<double>(bin + 1) / bins);
    QCOMPARE(p.count, 1u);
}

void TestCalibration::probabilityOfA_data()
{
    QTest::addColumn<std::vector<ProbEntry>>("probs");
    QTest::addColumn<double>("expected"); // NaN: no P(A), so no result row
    const double none = kMissing;
    QTest::newRow("A only") << std::vector<ProbEntry>{{answer::kA, 0.7}} << 0.7;
    QTest::newRow("B only: 1 - P(B)") << std::vector<ProbEntry>{{answer::kB, 0.3}} << 1.0 - 0.3;
    QTest::newRow("both, sum 0.8: renormalised")
        << std::vector<ProbEntry>{{answer::kA, 0.6}, {answer::kB, 0.2}} << 0.75;
    QTest::newRow("both, sum 1.2: renormalised")
        << std::vector<ProbEntry>{{answer::kB, 0.9}, {answer::kA, 0.3}} << 0.25;
    QTest::newRow("both, sum 1") << std::vector<ProbEntry>{{answer::kA, 0.25}, {answer::kB, 0.75}} << 0.25;
    QTest::newRow("tie mass ignored")
        << std::vector<ProbEntry>{{answer::kA, 0.3}, {answer::kTie, 0.4}, {answer::kB, 0.3}} << 0.5;
    QTest::newRow("tie only") << std::vector<ProbEntry>{{answer::kTie, 1.0}} << none;
    QTest::newRow("both 0") << std::vector<ProbEntry>{{answer::kA, 0.0}, {answer::kB, 0.0}} << none;
    QTest::newRow("A above 1") << std::vector<ProbEntry>{{answer::kA, 1.5}} << none;
    QTest::newRow("B below 0") << std::vector<ProbEntry>{{answer::kB, -0.1}} << none;
    QTest::newRow("A NaN") << std::vector<ProbEntry>{{answer::kA, kMissing}} << none;
}

void TestCalibration::probabilityOfA()
{
    QFETCH(std::vector<ProbEntry>, probs);
    QFETCH(double, expected);
    const AuditPtr audit = buildAudit({{"x", 'A', probs}});
    QVERIFY(close(calibrationProbabilityOfA(*audit, 0), expected, 1e-15));
    const auto results = analyseCalibration(*audit);
    if (std::isnan(expected)) {
        QVERIFY(results.empty());
        QVERIFY(calibrationJudgments(*audit).empty());
        return;
    }
    QCOMPARE(results.size(), std::size_t(1));
    // label A: Brier = (1 - P(A))^2
    QCLOSE(results[0].brier, (1 - expected) * (1 - expected), 1e-15);
}

void TestCalibration::leftOut()
{
    // Only x1 (A, P(A) 0.8) and x2 (B, P(A) 0.4) of J1 enter: tie and unlabelled items, a judgment without
    // probabilities and a binary item (option 1 = MET, the same number as A) are left out; J2 answered
    // without probabilities, so it has no row (B13 still counts its requests).
    const AuditPtr audit = buildAudit({
        {"x1", 'A', pA(0.8)},
        {"x2", 'B', pA(0.4)},
        {"x3", 'T', pA(0.9)},
        {"x4", ' ', pA(0.9)},
        {"x5", 'A', {}},
        {.item = "m1", .label = 'M', .probs = pA(0.9), .kind = TaskKind::Binary},
        {.item = "x1", .judge = "J2"},
        {.item = "x2", .judge = "J2"},
    });
    const auto results = analyseCalibration(*audit);
    QCOMPARE(results.size(), std::size_t(1));
    QCOMPARE(audit->str(results[0].judge), std::string_view("J1"));
    QCOMPARE(results[0].n, 2u);
    QCOMPARE(results[0].accuracy, 1.0);
    QCLOSE(results[0].confidence, (0.8 + 0.6) / 2, 1e-15);
    QCLOSE(results[0].brier, (0.2 * 0.2 + 0.4 * 0.4) / 2, 1e-15); // (1 - 0.8)^2, P(A)^2 for B better
    QCOMPARE(calibrationJudgments(*audit).size(), std::size_t(2));
    const auto costs = analyseJudgeCost(*audit);
    QCOMPARE(costs.size(), std::size_t(2));
    QCOMPARE(audit->str(costs[1].judge), std::string_view("J2"));
    QCOMPARE(costs[1].requests, std::uint64_t(2));
}

void TestCalibration::originalsWhenPresent()
{
    // Every original run enters (two reps, both orders); the perturbed and the untagged judgments do not.
    const AuditPtr audit = buildAudit({
        {.item = "x", .label = 'A', .probs = pA(0.9), .variant = Variant::Original, .rep = 1},
        {.item = "x", .label = 'A', .probs = pA(0.7), .variant = Variant::Original, .rep = 2},
        {.item = "x", .probs = pA(0.4), .variant = Variant::Original, .rep = 1, .order = Order::BA},
        {.item = "x", .probs = pA(0.1), .variant = Variant::Perturbed, .test = "bandwagon"},
        {.item = "x", .probs = pA(0.2), .variant = Variant::None, .rep = 3},
    });
    const Cell& cell = audit->cells()[0];
    QVERIFY(calibrationUsesOriginals(*audit, cell.judge, cell.format, cell.condition));
    const auto rows = calibrationJudgments(*audit);
    QCOMPARE(rows.size(), std::size_t(3));
    for (std::uint32_t j : rows)
        QCOMPARE(audit->judgments().variant[j], Variant::Original);
    const auto results = analyseCalibration(*audit);
    QCOMPARE(results.size(), std::size_t(1));
    QCOMPARE(results[0].n, 3u);
    QCOMPARE(results[0].accuracy, 2.0 / 3.0); // 0.9 and 0.7 right, 0.4 wrong
    QCLOSE(results[0].confidence, (0.9 + 0.7 + 0.6) / 3, 1e-15);
}

void TestCalibration::allPairwiseWithoutOriginals()
{
    // No original prompt in the audit: the perturbed and the untagged judgments enter.
    const AuditPtr audit = buildAudit({
        {.item = "x", .label = 'A', .probs = pA(0.1), .variant = Variant::Perturbed, .test = "bandwagon"},
        {.item = "x", .probs = pA(0.8), .variant = Variant::None, .rep = 3},
    });
    const Cell& cell = audit->cells()[0];
    QVERIFY(!calibrationUsesOriginals(*audit, cell.judge, cell.format, cell.condition));
    QCOMPARE(calibrationJudgments(*audit).size(), std::size_t(2));
    const auto results = analyseCalibration(*audit);
    QCOMPARE(results.size(), std::size_t(1));
    QCOMPARE(results[0].n, 2u);
    QCOMPARE(results[0].accuracy, 0.5);
    QCLOSE(results[0].brier, (0.9 * 0.9 + 0.2 * 0.2) / 2, 1e-15);
}

void TestCalibration::originalsDecidedPerJudgeAndFormat()
{
    // J1 has a bias design (only its originals enter); J2, in the same audit, has none (all its answers
    // enter); J1 in format F2 has no originals either.
    const AuditPtr audit = buildAudit({
        {.item = "x", .label = 'A', .probs = pA(0.9), .variant = Variant::Original, .rep = 1},
        {.item = "x", .probs = pA(0.1), .variant = Variant::Perturbed, .test = "bandwagon"},
        {.item = "x", .probs = pA(0.8), .judge = "J2"},
        {.item = "x", .probs = pA(0.3), .rep = 2, .judge = "J2"},
        {.item = "x", .probs = pA(0.6), .format = "F2"},
    });
    const auto results = analyseCalibration(*audit);
    QCOMPARE(results.size(), std::size_t(3)); // J1/F1, J1/F2, J2/F1
    QCOMPARE(audit->str(results[0].judge), std::string_view("J1"));
    QCOMPARE(results[0].n, 1u); // the original only
    QCOMPARE(audit->str(results[1].format), std::string_view("F2"));
    QCOMPARE(results[1].n, 1u);
    QCOMPARE(audit->str(results[2].judge), std::string_view("J2"));
    QCOMPARE(results[2].n, 2u); // both answers: J2 has no originals
    QCOMPARE(results[2].accuracy, 0.5);
    QCOMPARE(calibrationJudgments(*audit).size(), std::size_t(4));
}

void TestCalibration::logLossClipping_data()
{
    QTest::addColumn<char>("label");
    QTest::addColumn<double>("probabilityA");
    QTest::addColumn<double>("logLoss");
    QTest::addColumn<double>("brier");
    // P(better) = 0 is clipped to 1e-15: -ln 1e-15 = 34.538776394910684
    QTest::newRow("A better, P(A) = 0") << 'A' << 0.0 << -std::log(1e-15) << 1.0;
    QTest::newRow("B better, P(A) = 1") << 'B' << 1.0 << -std::log(1e-15) << 1.0;
    QTest::newRow("A better, P(A) = 1e-17") << 'A' << 1e-17 << -std::log(1e-15) << (1 - 1e-17) * (1 - 1e-17);
    // P(better) = 1 is clipped to 1 - 1e-15
    QTest::newRow("A better, P(A) = 1") << 'A' << 1.0 << -std::log(1 - 1e-15) << 0.0;
    QTest::newRow("B better, P(A) = 0") << 'B' << 0.0 << -std::log(1 - 1e-15) << 0.0;
}

void TestCalibration::logLossClipping()
{
    QFETCH(char, label);
    QFETCH(double, probabilityA);
    QFETCH(double, logLoss);
    QFETCH(double, brier);
    const AuditPtr audit = buildAudit({{"x", label, pA(probabilityA)}});
    const auto results = analyseCalibration(*audit);
    QCOMPARE(results.size(), std::size_t(1));
    QVERIFY(std::isfinite(results[0].logLoss));
    QCOMPARE(results[0].logLoss, logLoss);
    QCOMPARE(results[0].brier, brier);
}

void TestCalibration::badBins_data()
{
    QTest::addColumn<int>("bins");
    QTest::addColumn<QString>("message"); // empty: accepted
    QTest::newRow("0") << 0 << "calibration bins must be between 1 and 1000, got 0";
    QTest::newRow("-3") << -3 << "calibration bins must be between 1 and 1000, got -3";
    QTest::newRow("1001") << 1001 << "calibration bins must be between 1 and 1000, got 1001";
    QTest::newRow("1") << 1 << QString();
    QTest::newRow("1000") << 1000 << QString();
}

void TestCalibration::badBins()
{
    QFETCH(int, bins);
    QFETCH(QString, message);
    const AuditPtr audit = buildAudit({{"x", 'A', pA(0.8)}});
    QString thrown;
    try {
        const auto results = analyseCalibration(*audit, bins);
        QCOMPARE(results.size(), std::size_t(1));
        QCOMPARE(results[0].points.size(), std::size_t(1));
    } catch (const std::invalid_argument& e) {
        thrown = QString::fromUtf8(e.what());
    }
    QCOMPARE(thrown, message);
}

void TestCalibration::rowOrder()
{
    // String order of judge, then format, then condition id (interning order: "" = 0, t=1 first, t=0 next).
    const AuditPtr audit = buildAudit({
        {.item = "x", .probs = pA(0.8), .judge = "zeta", .format = "b", .condition = "t=1"},
        {.item = "x", .probs = pA(0.8), .judge = "zeta", .format = "b", .condition = "t=0"},
        {.item = "x", .probs = pA(0.8), .judge = "zeta", .format = "a"},
        {.item = "x", .probs = pA(0.8), .judge = "alpha", .format = "b"},
        {.item = "x", .probs = pA(0.8), .judge = "alpha", .format = "a", .dataset = "e"},
        {.item = "x", .probs = pA(0.8), .judge = "alpha", .format = "a"},
    });
    const auto results = analyseCalibration(*audit);
    const auto costs = analyseJudgeCost(*audit);
    const std::vector<std::string> expected = {"alpha/a/", "alpha/b/", "zeta/a/", "zeta/b/t=1", "zeta/b/t=0"};
    auto name = [&](StrId judge, StrId format, CondId condition) {
        std::string text = std::string(audit->str(judge)) + "/" + std::string(audit->str(format)) + "/";
        for (const auto& [k, v] : audit->conditions()[condition])
            text += std::string(audit->str(k)) + "=" + std::string(audit->str(v));
        return text;
    };
    QCOMPARE(results.size(), expected.size());
    QCOMPARE(costs.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        QCOMPARE(name(results[i].judge, results[i].format, results[i].condition), expected[i]);
        QCOMPARE(name(costs[i].judge, costs[i].format, costs[i].condition), expected[i]);
    }
    QCOMPARE(results[0].n, 2u); // alpha/a pools its two datasets
    QCOMPARE(costs[0].requests, std::uint64_t(2));
}

void TestCalibration::differential_data()
{
    QTest::addColumn<std::string>("set");
    for (const auto& [name, set] : referenceSets())
        QTest::newRow(name.c_str()) << name;
    QVERIFY(referenceSets().size() >= 8);
}

void TestCalibration::differential()
{
    QFETCH(std::string, set);
    const ReferenceSet& ref = referenceSets().at(set);
    const AuditPtr audit = buildAudit(ref.judgments);
    const auto results = analyseCalibration(*audit, ref.bins);
    QCOMPARE(results.size(), std::size_t(1));
    const CalibrationResult& r = results[0];
    QCOMPARE(ref.summary.size(), std::size_t(7));
    QCOMPARE(static_cast<double>(r.n), ref.summary[0]);
    QCOMPARE(static_cast<double>(r.decided), ref.summary[1]);
    QCLOSE(r.accuracy, ref.summary[2], 1e-12);
    QCLOSE(r.confidence, ref.summary[3], 1e-12);
    QCLOSE(r.ece, ref.summary[4], 1e-12);
    QCLOSE(r.brier, ref.summary[5], 1e-12);
    QCLOSE(r.logLoss, ref.summary[6], 1e-12);
    QCOMPARE(r.points.size(), ref.points.size());
    for (std::size_t k = 0; k < r.points.size(); ++k) {
        const std::vector<double>& p = ref.points[k];
        QCOMPARE(r.points[k].lo, p.at(0));
        QCOMPARE(r.points[k].hi, p.at(1));
        QCOMPARE(static_cast<double>(r.points[k].count), p.at(2));
        QCLOSE(r.points[k].meanConfidence, p.at(3), 1e-12);
        QCLOSE(r.points[k].accuracy, p.at(4), 1e-12);
    }
}

void TestCalibration::costHandComputed()
{
    using answer::kA;
    using answer::kNA;
    using answer::kNone;
    using answer::kTie;
    const AuditPtr audit = buildAudit({
        // J1/F1: costs 0.001 + 0.002 + (none) + 0.004 = 0.007 over 3 costed requests: 1000 x 0.007 / 3 per
        // 1,000; latencies 1, 3, 2, 10: median (2 + 3) / 2 = 2.5; verdicts A and tie of 4 (none, NA are not).
        {.item = "x1", .answer = kA, .cost = 0.001, .latency = 1.0},
        {.item = "x2", .answer = kNone, .cost = 0.002, .latency = 3.0},
        {.item = "x3", .answer = kNA, .latency = 2.0},
        {.item = "x4", .answer = kTie, .cost = 0.004, .latency = 10.0},
        // J1/F2: every cost recorded: 0.01 + 0.02 + 0.03 = 0.06, 1000 x 0.06 / 3 = 20; latencies 5, 1, 3:
        // median 3, one missing; binary items count too.
        {.item = "x1", .format = "F2", .cost = 0.01, .latency = 5.0},
        {.item = "x2", .format = "F2", .cost = 0.02, .latency = 1.0},
        {.item = "x3", .format = "F2", .answer = kNone, .cost = 0.03},
        {.item = "m1",
         .label = 'M',
         .format = "F2",
         .answer = answer::kMet,
         .cost = 0.0,
         .latency = 3.0,
         .kind = TaskKind::Binary},
        // J2/F1: nothing recorded.
        {.item = "x1", .judge = "J2", .answer = kNA},
    });
    const auto costs = analyseJudgeCost(*audit);
    QCOMPARE(costs.size(), std::size_t(3));

    const JudgeCostResult& a = costs[0];
    QCOMPARE(audit->str(a.format), std::string_view("F1"));
    QCOMPARE(a.requests, std::uint64_t(4));
    QCOMPARE(a.costed, std::uint64_t(3));
    QCOMPARE(a.timed, std::uint64_t(4));
    QCLOSE(a.totalCostUsd, 0.007, 1e-15);
    QCLOSE(a.costPer1000, 7.0 / 3.0, 1e-14);
    QCOMPARE(a.medianLatencyS, 2.5);
    QCOMPARE(a.verdictShare, 0.5);

    const JudgeCostResult& b = costs[1];
    QCOMPARE(audit->str(b.format), std::string_view("F2"));
    QCOMPARE(b.requests, std::uint64_t(4));
    QCOMPARE(b.costed, std::uint64_t(4));
    QCOMPARE(b.timed, std::uint64_t(3));
    QCLOSE(b.totalCostUsd, 0.06, 1e-14);
    QCLOSE(b.costPer1000, 1000 * 0.06 / 4, 1e-14); // the zero cost of m1 is a recorded cost
    QCLOSE(b.costPer1000, 1000 * b.totalCostUsd / static_cast<double>(b.requests), 1e-15);
    QCOMPARE(b.medianLatencyS, 3.0);
    QCOMPARE(b.verdictShare, 0.75);

    const JudgeCostResult& c = costs[2];
    QCOMPARE(audit->str(c.judge), std::string_view("J2"));
    QCOMPARE(c.requests, std::uint64_t(1));
    QCOMPARE(c.costed, std::uint64_t(0));
    QCOMPARE(c.timed, std::uint64_t(0));
    QVERIFY(std::isnan(c.totalCostUsd));
    QVERIFY(std::isnan(c.costPer1000));
    QVERIFY(std::isnan(c.medianLatencyS));
    QCOMPARE(c.verdictShare, 0.0);
}

void TestCalibration::costOneRowPerJudgeFormatCondition()
{
    // Datasets, bias tests and variants split cells but not B13 rows; conditions and formats do. Median of
    // an even count in one row that spans two cells: latencies 4 (dataset d), 1, 2, 8 (dataset e) -> (2 +
    // 4) / 2 = 3.
    const AuditPtr audit = buildAudit({
        {.item = "x", .variant = Variant::Original, .latency = 4.0},
        {.item = "x", .variant = Variant::Perturbed, .latency = 1.0, .test = "bandwagon"},
        {.item = "y", .latency = 2.0, .dataset = "e"},
        {.item = "z", .latency = 8.0, .dataset = "e"},
        {.item = "x", .condition = "t=0", .latency = 7.0},
        {.item = "x", .format = "F2", .condition = "t=0", .latency = 6.0},
    });
    QVERIFY(audit->cells().size() >= 5);
    const auto costs = analyseJudgeCost(*audit);
    QCOMPARE(costs.size(), std::size_t(3));
    QCOMPARE(costs[0].condition, CondId(0));
    QCOMPARE(costs[0].requests, std::uint64_t(4));
    QCOMPARE(costs[0].medianLatencyS, 3.0);
    QCOMPARE(audit->str(costs[1].format), std::string_view("F1"));
    QCOMPARE(costs[1].requests, std::uint64_t(1));
    QCOMPARE(costs[1].medianLatencyS, 7.0);
    QCOMPARE(audit->str(costs[2].format), std::string_view("F2"));
    QCOMPARE(costs[2].medianLatencyS, 6.0);
    std::uint64_t total = 0;
    for (const auto& c : costs)
        total += c.requests;
    QCOMPARE(total, audit->judgmentCount());
}

void TestCalibration::millionJudgments()
{
    // 10^6 judgments: 10,000 items x 2 judges x 2 formats x 25 runs, all with P(A), cost and latency.
    AuditBuilder b;
    const int items = 10000, runs = 25;
    b.reserveJudgments(static_cast<std::size_t>(items) * 4 * runs);
    const StrId judges[] = {b.intern("J1"), b.intern("J2")}, formats[] = {b.intern("F1"), b.intern("F2")};
    std::uint64_t state = 1;
    auto uniform = [&state] { // a small LCG: the values only need to spread over the bins
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<double>(state >> 11) * 0x1.0p-53;
    };
    for (int i = 0; i < items; ++i) {
        const std::uint32_t item =
            b.addItem(b.intern("d"), b.intern("i" + std::to_string(i)), TaskKind::Pairwise);
        b.setLabel(item, i % 2 ? answer::kA : answer::kB);
        for (StrId judge : judges)
            for (StrId format : formats)
                for (int r = 1; r <= runs; ++r) {
                    JudgmentInput in;
                    in.item = item;
                    in.judge = judge;
                    in.format = format;
                    in.order = Order::AB;
                    in.rep = static_cast<std::uint16_t>(r);
                    const ProbEntry prob{answer::kA, uniform()};
                    in.probs = {&prob, 1};
                    in.costUsd = 1e-5;
                    in.latencyS = uniform();
                    b.addJudgment(in);
                }
    }
    ImportLog log;
    const AuditPtr audit = b.build(log);
    QVERIFY(audit);
    QCOMPARE(audit->judgmentCount(), std::size_t(1000000));

    // The log loss over 250,000 judgments per row against adding the logs one by one (calibration.cpp keeps a
    // running product instead).
    std::map<std::pair<StrId, StrId>, double> naiveLogLoss;
    const JudgmentTable& jt = audit->judgments();
    for (std::size_t j = 0; j < jt.size(); ++j) {
        const double p = jt.probsOf(j)[0].p;
        const bool aBetter = audit->items().label[jt.item[j]] == answer::kA;
        naiveLogLoss[{jt.judge[j], jt.format[j]}] -=
            std::log(std::clamp(aBetter ? p : 1 - p, 1e-15, 1 - 1e-15));
    }

    // Correctness at scale only: the speed is measured by bench_bias (tests/benchmarks), not here.
    {
        const auto calibration = analyseCalibration(*audit);
        const auto costs = analyseJudgeCost(*audit);
        QCOMPARE(calibration.size(), std::size_t(4));
        QCOMPARE(costs.size(), std::size_t(4));
        for (const auto& r : calibration) {
            QCOMPARE(r.n, 250000u);
            // P(A) uniform and independent of the label: accuracy 1/2, confidence 3/4, Brier E(1 - U)^2 =
            // 1/3, log loss E(-ln U) = 1.
            QVERIFY(std::abs(r.accuracy - 0.5) < 0.01);
            QVERIFY(std::abs(r.confidence - 0.75) < 0.01);
            QVERIFY(std::abs(r.brier - 1.0 / 3.0) < 0.01);
            QVERIFY(std::abs(r.logLoss - 1.0) < 0.02);
            QCLOSE(r.logLoss, naiveLogLoss.at({r.judge, r.format}) / 250000, 1e-12);
        }
        for (const auto& c : costs) {
            QCOMPARE(c.requests, std::uint64_t(250000));
            QCLOSE(c.costPer1000, 0.01, 1e-9);
            QVERIFY(std::abs(c.medianLatencyS - 0.5) < 0.01);
        }
    }
}

QTEST_APPLESS_MAIN(TestCalibration)
#include "tst_calibration.moc"
