// Benjamini-Hochberg and Holm adjusted p-values (core/stats/multipletesting.h; metrics.md "Edge cases" R7,
// used by B5 and R7): hand-computed rows, missing values, input order, and statsmodels' multipletests on the
// stored vectors of tests/data/bias/multipletesting_reference.tsv (regenerated and checked by CTest with
// tests/core/bias_reference.py).
#include "model/types.h"
#include "stats/multipletesting.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace tribunal;

using Doubles = std::vector<double>;
Q_DECLARE_METATYPE(Doubles)

class TestMultipleTesting : public QObject {
    Q_OBJECT
private slots:
    void handComputed_data();
    void handComputed();
    void inputOrderDoesNotMatter();
    void statsmodelsReference();
};

namespace {

bool close(double a, double b)
{
    if (std::isnan(a) || std::isnan(b))
        return std::isnan(a) && std::isnan(b);
    return std::abs(a - b) <= 1e-12 * std::max(1.0, std::abs(b));
}

QString show(const Doubles& v)
{
    QStringList parts;
    for (double x : v)
        parts << QString::number(x, 'g', 17);
    return parts.join(' ');
}

void compareAll(const Doubles& got, const Doubles& want)
{
    QVERIFY2(got.size() == want.size() && std::equal(got.begin(), got.end(), want.begin(), close),
             qPrintable("got " + show(got) + ", want " + show(want)));
}

Doubles parseDoubles(const std::string& text)
{
    std::istringstream in(text);
    Doubles values;
    std::string token;
    while (in >> token)
        values.push_back(std::stod(token));
    return values;
}

} // namespace

void TestMultipleTesting::handComputed_data()
{
    QTest::addColumn<Doubles>("p");
    QTest::addColumn<Doubles>("bh");
    QTest::addColumn<Doubles>("holm");
    const double nan = kMissing;
    // Sorted 0.005 0.01 0.03 0.04 (m = 4). BH: x 4/i = 0.02 0.02 0.04 0.04, running minimum from the top
    // leaves them. Holm: x (4, 3, 2, 1) = 0.02 0.03 0.06 0.04, running maximum 0.02 0.03 0.06 0.06.
    QTest::newRow("four") << Doubles{0.01, 0.04, 0.03, 0.005} << Doubles{0.02, 0.04, 0.04, 0.02}
                          << Doubles{0.03, 0.06, 0.06, 0.02};
    // BH: 0.01 x 3 = 0.03, 0.02 x 3/2 = 0.03, 0.5 x 3/3 = 0.5. Holm: 0.03, 0.04, 0.5.
    QTest::newRow("three") << Doubles{0.5, 0.02, 0.01} << Doubles{0.5, 0.03, 0.03}
                           << Doubles{0.5, 0.04, 0.03};
    // BH running minimum from the top: 0.9 x 3/3 = 0.9 carries down over 0.8 x 3/2 = 1.2 and 0.6 x 3 = 1.8.
    // Holm: 1.8, 1.6, 0.9 -> running max 1.8 -> capped at 1 everywhere.
    QTest::newRow("carried and capped")
        << Doubles{0.6, 0.8, 0.9} << Doubles{0.9, 0.9, 0.9} << Doubles{1.0, 1.0, 1.0};
    // Ties: 0.02 0.02 (m = 2): BH 0.04 and 0.02 -> running minimum 0.02 0.02; Holm 0.04, 0.02 -> max 0.04
    // 0.04.
    QTest::newRow("tie") << Doubles{0.02, 0.02} << Doubles{0.02, 0.02} << Doubles{0.04, 0.04};
    // A missing p-value is not part of the family: m = 2. BH 0.01 x 2 = 0.02, 0.04 x 2/2 = 0.04; Holm 0.02,
    // 0.04.
    QTest::newRow("missing") << Doubles{0.01, nan, 0.04} << Doubles{0.02, nan, 0.04}
                             << Doubles{0.02, nan, 0.04};
    QTest::newRow("only missing") << Doubles{nan} << Doubles{nan} << Doubles{nan};
    QTest::newRow("one") << Doubles{0.3} << Doubles{0.3} << Doubles{0.3};
    QTest::newRow("empty") << Doubles{} << Doubles{} << Doubles{};
}

void TestMultipleTesting::handComputed()
{
    QFETCH(Doubles, p);
    QFETCH(Doubles, bh);
    QFETCH(Doubles, holm);
    compareAll(benjaminiHochberg(p), bh);
    compareAll(tribunal::holm(p), holm);
}

void TestMultipleTesting::inputOrderDoesNotMatter()
{
    // Reversing (and rotating) the input reverses (rotates) the output, ties included.
    const Doubles p{0.02, 0.001, 0.02, 0.5, 0.02, 0.001, 1.0, 0.04};
    const Doubles bh = benjaminiHochberg(p), hl = holm(p);
    Doubles reversed(p.rbegin(), p.rend());
    Doubles bhReversed = benjaminiHochberg(reversed), hlReversed = holm(reversed);
    std::reverse(bhReversed.begin(), bhReversed.end());
    std::reverse(hlReversed.begin(), hlReversed.end());
    QCOMPARE(bhReversed, bh);
    QCOMPARE(hlReversed, hl);
    Doubles rotated = p;
    std::rotate(rotated.begin(), rotated.begin() + 3, rotated.end());
    Doubles bhRotated = benjaminiHochberg(rotated);
    std::rotate(bhRotated.rbegin(), bhRotated.rbegin() + 3, bhRotated.rend());
    QCOMPARE(bhRotated, bh);
}

void TestMultipleTesting::statsmodelsReference()
{
    std::ifstream in(TRIBUNAL_TEST_DATA "/bias/multipletesting_reference.tsv");
    QVERIFY(in.good());
    std::string line;
    int checked[2] = {0, 0};
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#')
            continue;
        const auto tab1 = line.find('\t'), tab2 = line.find('\t', tab1 + 1);
        QVERIFY(tab1 != std::string::npos && tab2 != std::string::npos);
        const std::string method = line.substr(0, tab1);
        const Doubles p = parseDoubles(line.substr(tab1 + 1, tab2 - tab1 - 1));
        const Doubles want = parseDoubles(line.substr(tab2 + 1));
        QVERIFY(method == "fdr_bh" || method == "holm");
        const bool isBh = method == "fdr_bh";
        const Doubles got = isBh ? benjaminiHochberg(p) : holm(p);
        compareAll(got, want);
        if (!isBh) {
            // Holm is the same multiplications as statsmodels: equal bit for bit.
            QCOMPARE(got, want);
        }
        // Identities: p <= BH <= Holm <= 1 (m / i <= m - i + 1 for 1 <= i <= m).
        const Doubles bh = benjaminiHochberg(p), hl = holm(p);
        for (std::size_t i = 0; i < p.size(); ++i) {
            QVERIFY(p[i] <= bh[i]);
            QVERIFY(bh[i] <= hl[i]);
            QVERIFY(hl[i] <= 1.0);
        }
        ++checked[isBh ? 0 : 1];
    }
    QCOMPARE(checked[0], 8);
    QCOMPARE(checked[1], 8);
}

QTEST_APPLESS_MAIN(TestMultipleTesting)
#include "tst_multipletesting.moc"
