// K1 confidence and K2 discrimination (analysis/confidence.h): examples.md section 7, hand-computed edge
// cases, and the AUROC against scikit-learn's roc_auc_score (tests/data/confidence, written and re-checked by
// tests/core/confidence_reference.py).

#include "analysis/confidence.h"
#include "model/audit.h"

#include "../common/csvlines.h"

#include <QtTest>

#include <cmath>
#include <fstream>
#include <map>
#include <string>
#include <vector>

using namespace tribunal;

namespace {

ProbEntry level(int value, double p)
{
    return {static_cast<Answer>(value), p};
}

/// Examples.md section 7: D's confidence and correctness on q1..q10.
std::vector<ConfidentAnswer> sectionSeven()
{
    const double conf[] = {0.92, 0.87, 0.71, 0.63, 0.50, 0.44, 0.38, 0.27, 0.27, 0.08};
    const bool right[] = {true, false, true, true, true, false, false, true, false, true};
    static const std::string units[] = {"q1", "q2", "q3", "q4", "q5", "q6", "q7", "q8", "q9", "q10"};
    std::vector<ConfidentAnswer> out;
    for (int i = 0; i < 10; ++i)
        out.push_back({conf[i], right[i], units[i], "c"});
    return out;
}

} // namespace

class TestConfidence : public QObject {
    Q_OBJECT
private slots:
    void k1Examples_data();
    void k1Examples();
    void statedConfidenceWins();
    void sectionSevenDiscrimination();
    void selectiveTieBreak();
    void degenerateSets();
    void bands_data();
    void bands();
    void aurocAgainstSklearn();
};

void TestConfidence::k1Examples_data()
{
    QTest::addColumn<int>("kind"); // 0 ordinal, 1 binary
    QTest::addColumn<int>("levels");
    QTest::addColumn<QVector<int>>("options");
    QTest::addColumn<QVector<double>>("probs");
    QTest::addColumn<double>("want");
    const int na = static_cast<int>(answer::kNA);
    // (3 x 0.6 - 1) / (3 - 1) = 0.4 (examples.md section 7); in doubles 0.3999999999999999.
    QTest::newRow("three options 0.6/0.3/0.1")
        << 0 << 3 << QVector<int>{1, 2, 3} << QVector<double>{0.6, 0.3, 0.1} << (3 * 0.6 - 1) / 2;
    // 2 |0.8 - 0.5| = 0.6 (examples.md section 7).
    QTest::newRow("binary P(MET) 0.8")
        << 1 << 2 << QVector<int>{1, 0} << QVector<double>{0.8, 0.2} << 2 * (0.8 - 0.5);
    QTest::newRow("binary P(MET) only")
        << 1 << 2 << QVector<int>{1} << QVector<double>{0.3} << 1.0; // renormalised: 1
    QTest::newRow("binary UNMET 0.9 MET 0.1")
        << 1 << 2 << QVector<int>{0, 1} << QVector<double>{0.9, 0.1} << 2 * std::fabs(0.1 - 0.5);
    // K1 edge case: unnormalised (sum 2) -> top 1.0/2 = 0.5 over K = 4: (4 x 0.5 - 1) / 3 = 1/3.
    QTest::newRow("renormalised four levels")
        << 0 << 4 << QVector<int>{1, 2, 3} << QVector<double>{1.0, 0.6, 0.4} << (4 * 0.5 - 1) / 3;
    // K1 edge case: NA offered counts: K = 3 levels + NA = 4; top 0.7: (4 x 0.7 - 1) / 3 = 0.6.
    QTest::newRow("NA counts as an option")
        << 0 << 3 << QVector<int>{1, 2, na} << QVector<double>{0.7, 0.2, 0.1} << (4 * 0.7 - 1) / 3;
    QTest::newRow("uniform gives 0") << 0 << 4 << QVector<int>{1, 2, 3, 4}
                                     << QVector<double>{0.25, 0.25, 0.25, 0.25} << 0.0;
    QTest::newRow("certain gives 1") << 0 << 5 << QVector<int>{3} << QVector<double>{1.0} << 1.0;
    QTest::newRow("no probabilities") << 0 << 5 << QVector<int>{} << QVector<double>{} << std::nan("");
    QTest::newRow("all zero") << 0 << 3 << QVector<int>{1, 2} << QVector<double>{0.0, 0.0} << std::nan("");
    QTest::newRow("binary with NA only")
        << 1 << 2 << QVector<int>{na} << QVector<double>{1.0} << std::nan("");
    QTest::newRow("negative entry ignored")
        << 0 << 2 << QVector<int>{1, 2} << QVector<double>{-1.0, 0.5} << 1.0;
}

void TestConfidence::k1Examples()
{
    QFETCH(int, kind);
    QFETCH(int, levels);
    QFETCH(QVector<int>, options);
    QFETCH(QVector<double>, probs);
    QFETCH(double, want);
    std::vector<ProbEntry> entries;
    for (qsizetype i = 0; i < options.size(); ++i)
        entries.push_back(level(options[i], probs[i]));
    const double got =
        confidenceFromProbabilities(kind == 1 ? TaskKind::Binary : TaskKind::Ordinal, levels, entries);
    if (std::isnan(want))
        QVERIFY2(std::isnan(got), qPrintable(QString::number(got)));
    else
        QVERIFY2(std::fabs(got - want) <= 1e-15, qPrintable(QString::number(got, 'g', 17)));
}

void TestConfidence::statedConfidenceWins()
{
    const std::vector<ProbEntry> probs = {level(1, 0.6), level(2, 0.3), level(3, 0.1)};
    QCOMPARE(answerConfidence(TaskKind::Ordinal, 3, 0.9, probs), 0.9);
    QCOMPARE(answerConfidence(TaskKind::Ordinal, 3, kMissing, probs), (3 * 0.6 - 1) / 2);
    QVERIFY(std::isnan(answerConfidence(TaskKind::Ordinal, 3, kMissing, {})));
}

void TestConfidence::sectionSevenDiscrimination()
{
    const std::vector<ConfidentAnswer> answers = sectionSeven();
    const Discrimination d = discrimination(answers);
    QCOMPARE(d.answers, 10u);
    QCOMPARE(d.right, 6u);
    QCOMPARE(d.accuracy, 0.6);
    QCOMPARE(d.auroc, 9.0 / 16.0); // 13.5 of 24 (right, wrong) pairs
    // Bands: [0, .25) q10 (right); [.25, .5) q6 q7 q8 q9 (3 wrong); [.5, .75) q3 q4 q5; [.75, 1] q1 q2.
    const std::uint32_t answersIn[] = {1, 4, 3, 2}, wrongIn[] = {0, 3, 0, 1};
    const double rates[] = {0.0, 0.75, 0.0, 0.5};
    for (int b = 0; b < 4; ++b) {
        QCOMPARE(d.bands[b].answers, answersIn[b]);
        QCOMPARE(d.bands[b].wrong, wrongIn[b]);
        QCOMPARE(d.bands[b].errorRate, rates[b]);
    }
    // Selective: ceil(2.5) = 3 most confident q1 q2 q3 (2 right); 5: q1..q5 (4 right); ceil(7.5) = 8: q1..q8
    // (q8 before q9 by unit id "q8" < "q9"): right q1 q3 q4 q5 q8 = 5.
    QCOMPARE(d.selectiveKept[0], 3u);
    QCOMPARE(d.selectiveKept[1], 5u);
    QCOMPARE(d.selectiveKept[2], 8u);
    QCOMPARE(d.selectiveAccuracy[0], 2.0 / 3.0);
    QCOMPARE(d.selectiveAccuracy[1], 4.0 / 5.0);
    QCOMPARE(d.selectiveAccuracy[2], 5.0 / 8.0);
}

void TestConfidence::selectiveTieBreak()
{
    // Four answers tied at 0.5; the 25% cut keeps one: the smallest unit id, then criterion, wins, whatever
    // the input order.
    const std::vector<ConfidentAnswer> answers = {
        {0.5, false, "u2", "a"}, {0.5, true, "u1", "b"}, {0.5, false, "u1", "a"}, {0.5, true, "u3", "a"}};
    const Discrimination d = discrimination(answers);
    QCOMPARE(d.selectiveKept[0], 1u);
    QCOMPARE(d.selectiveAccuracy[0], 0.0); // (u1, a) is wrong
    QCOMPARE(d.selectiveAccuracy[1], 0.5); // (u1, a), (u1, b)
    QCOMPARE(d.auroc, 0.5);                // every (right, wrong) pair tied
}

void TestConfidence::degenerateSets()
{
    QCOMPARE(discrimination({}).answers, 0u);
    QVERIFY(std::isnan(discrimination({}).accuracy));
    const std::vector<ConfidentAnswer> allRight = {{0.2, true, "a", ""}, {0.9, true, "b", ""}};
    QVERIFY(std::isnan(discrimination(allRight).auroc)); // one class only
    QCOMPARE(discrimination(allRight).accuracy, 1.0);
    const std::vector<ConfidentAnswer> withNaN = {{std::nan(""), false, "a", ""}, {0.9, true, "b", ""}};
    QCOMPARE(discrimination(withNaN).answers, 1u); // the NaN confidence is left out
}

void TestConfidence::bands_data()
{
    QTest::addColumn<double>("confidence");
    QTest::addColumn<int>("band");
    QTest::newRow("0") << 0.0 << 0;
    QTest::newRow("just below 0.25") << std::nextafter(0.25, 0.0) << 0;
    QTest::newRow("0.25") << 0.25 << 1;
    QTest::newRow("0.5") << 0.5 << 2;
    QTest::newRow("0.75") << 0.75 << 3;
    QTest::newRow("1 in the last band") << 1.0 << 3;
    QTest::newRow("above 1") << 1.5 << 3;
    QTest::newRow("below 0") << -0.1 << 0;
}

void TestConfidence::bands()
{
    QFETCH(double, confidence);
    QFETCH(int, band);
    QCOMPARE(confidenceBand(confidence), band);
}

void TestConfidence::aurocAgainstSklearn()
{
    const std::string dir = TRIBUNAL_TEST_DATA "/confidence/";
    std::ifstream inputs(dir + "inputs.csv"), reference(dir + "reference.csv");
    std::string line;
    QVERIFY(testing::readCsvLine(inputs, line) && line == "set,confidence,right");
    std::map<std::string, std::vector<ConfidentAnswer>> sets;
    while (testing::readCsvLine(inputs, line)) {
        const auto f = testing::splitCsvLine(line);
        sets[f[0]].push_back({std::stod(f[1]), f[2] == "1", "", ""});
    }
    QVERIFY(testing::readCsvLine(reference, line) && line == "set,n,right,auroc");
    int checked = 0;
    while (testing::readCsvLine(reference, line)) {
        const auto f = testing::splitCsvLine(line);
        const Discrimination d = discrimination(sets.at(f[0]));
        QCOMPARE(d.answers, static_cast<std::uint32_t>(std::stoul(f[1])));
        QCOMPARE(d.right, static_cast<std::uint32_t>(std::stoul(f[2])));
        QVERIFY2(std::fabs(d.auroc - std::stod(f[3])) <= 1e-12,
                 qPrintable(QString::fromStdString(f[0]) + ": " + QString::number(d.auroc, 'g', 17)));
        ++checked;
    }
    QCOMPARE(checked, 6);
}

QTEST_APPLESS_MAIN(TestConfidence)
#include "tst_confidence.moc"
