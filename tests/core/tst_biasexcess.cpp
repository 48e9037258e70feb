// B1-B6 and B10 (core/analysis/biasexcess.h): examples.md section 3 exactly, the B4 verdict at its margins,
// B10 (s, its flags and when it is undefined), one-run designs and rows without items, reproducibility
// (threads, repeated runs, seeds), the B5 Benjamini-Hochberg families, the B6 counts, the identity E = mean
// d_k, settings errors, and the B5 permutation p-value against scipy's exact permutation test on the stored
// vectors of tests/data/bias/signflip_reference.tsv (regenerated and checked by CTest with
// tests/core/bias_reference.py).
#include "analysis/biasdesign.h"
#include "analysis/biasexcess.h"
#include "model/auditbuilder.h"
#include "stats/multipletesting.h"
#include "stats/randomstreams.h"
#include "stats/signflip.h"

#include "../common/biasaudits.h"

#include <QtTest>

#include <array>
#include <bit>
#include <cmath>
#include <fstream>
#include <map>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

using namespace tribunal;

Q_DECLARE_METATYPE(tribunal::BiasVerdict)

class TestBiasExcess : public QObject {
    Q_OBJECT
private slots:
    void examplesSection3();
    void examplesSection3FallacyReading();
    void cueChangeProbability_data();
    void cueChangeProbability();
    void cueProbabilityOfRows_data();
    void cueProbabilityOfRows();
    void verdictAtMargin_data();
    void verdictAtMargin();
    void verdictsOfConstantRows_data();
    void verdictsOfConstantRows();
    void oneRunDesign();
    void rowWithoutItems();
    void completeItemsOnly();
    void excessIsMeanDifference();
    void reproducible();
    void seedChangesIntervals();
    void benjaminiHochbergFamilies();
    void countBiasedJudges();
    void settingsErrors_data();
    void settingsErrors();
    void signFlipAgainstScipy();
    void verdictNames();
};

namespace {

/// Item kinds of a generated row, one character each: '0' (runs A A, perturbed A: d 0), '+' (A A, B:
/// changed, d +1), '-' (A B, A: chance, d -1), 'x' (A B, B: changed and chance, d 0), '1' (one run A,
/// perturbed A), 'u' (one run A, perturbed B: changed), '?' (runs A A, perturbed without verdict).
struct RowDef {
    std::string judge = "J1";
    std::string format = "calm";
    std::string condition; ///< value of condition key "temperature", or "" for none
    std::string test = "bandwagon";
    std::string version;
    std::string items;
};

AuditPtr buildRows(const std::vector<RowDef>& rows)
{
    AuditBuilder b;
    const StrId dataset = b.intern("d");
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const RowDef& row = rows[r];
        Condition cond;
        if (!row.condition.empty())
            cond.emplace_back(b.intern("temperature"), b.intern(row.condition));
        const CondId condition = b.internCondition(cond);
        for (std::size_t k = 0; k < row.items.size(); ++k) {
            const char kind = row.items[k];
            const std::uint32_t item = b.addItem(
                dataset, b.intern("r" + std::to_string(r) + "k" + std::to_string(k)), TaskKind::Pairwise);
            const bool oneRun = kind == '1' || kind == 'u';
            const Answer o2 = kind == '-' || kind == 'x' ? answer::kB : answer::kA;
            const Answer p = kind == '+' || kind == 'x' || kind == 'u' ? answer::kB
                             : kind == '?'                             ? answer::kNone
                                                                       : answer::kA;
            auto add = [&](Variant variant, std::uint16_t rep, Answer a) {
                JudgmentInput in;
                in.item = item;
                in.judge = b.intern(row.judge);
                in.format = b.intern(row.format);
                in.condition = condition;
                in.order = Order::AB;
                in.rep = rep;
                in.answer = a;
                in.variant = variant;
                if (variant == Variant::Perturbed) {
                    in.test = b.intern(row.test);
                    in.version = b.intern(row.version);
                    in.cue = Cue::Worse;
                }
                b.addJudgment(in);
            };
            add(Variant::Original, 1, answer::kA);
            if (!oneRun)
                add(Variant::Original, 2, o2);
            add(Variant::Perturbed, 1, p);
        }
    }
    ImportLog log;
    AuditPtr audit = b.build(log);
    if (!audit)
        qFatal("test audit refused");
    return audit;
}

/// `n` item kinds drawn from {'0', '+', '-', 'x'} with weights w0, w+, w-, wx (std::mt19937: fully
/// specified).
std::string randomItems(std::uint32_t seed, int n, std::array<int, 4> weights)
{
    std::mt19937 rng(seed);
    const int total = weights[0] + weights[1] + weights[2] + weights[3];
    std::string items;
    for (int i = 0; i < n; ++i) {
        int v = static_cast<int>(rng() % static_cast<unsigned>(total));
        int kind = 0;
        while (v >= weights[static_cast<std::size_t>(kind)])
            v -= weights[static_cast<std::size_t>(kind++)];
        items.push_back("0+-x"[kind]);
    }
    return items;
}

bool same(double a, double b)
{
    return (std::isnan(a) && std::isnan(b)) || a == b;
}

bool sameResult(const BiasExcessResult& a, const BiasExcessResult& b)
{
    return a.row == b.row && a.nItems == b.nItems && same(a.rr, b.rr) && same(a.cr, b.cr) &&
           same(a.excess, b.excess) && same(a.excessLo, b.excessLo) && same(a.excessHi, b.excessHi) &&
           same(a.correctReactions, b.correctReactions) && a.verdict == b.verdict && same(a.pPerm, b.pPerm) &&
           same(a.pBH, b.pBH) && a.significant == b.significant && same(a.s, b.s) && same(a.sLo, b.sLo) &&
           same(a.sHi, b.sHi) && a.sOutOfRange == b.sOutOfRange;
}

#define QCOMPARE_EXACT(actual, expected)                                                                     \
    QVERIFY2((actual) == (expected), qPrintable(QString("%1 = %2, expected %3")                              \
                                                    .arg(#actual)                                            \
                                                    .arg(double(actual), 0, 'g', 17)                         \
                                                    .arg(double(expected), 0, 'g', 17)))

/// The "mixed" design of the reproducibility tests: 3 judges x 3 tests (one of them fallacy oversight) x 2
/// formats, 150-250 items each, plus a one-run row and a row without items.
std::vector<RowDef> mixedDesign()
{
    std::vector<RowDef> rows;
    std::uint32_t seed = 1;
    for (const char* judge : {"J1", "J2", "J3"})
        for (const char* format : {"calm", "plain"})
            for (const char* test : {"authority", "bandwagon", "fallacy oversight"}) {
                RowDef row;
                row.judge = judge;
                row.format = format;
                row.test = test;
                row.items =
                    randomItems(seed, 150 + 10 * static_cast<int>(seed % 11), {12, 3 + int(seed % 4), 2, 1});
                ++seed;
                rows.push_back(row);
            }
    rows.push_back({"J4", "calm", "", "authority", "", "1u1u11u111"});
    rows.push_back({"J4", "calm", "", "bandwagon", "", "???"});
    return rows;
}

} // namespace

void TestBiasExcess::examplesSection3()
{
    testing::BiasRowSpec spec;
    spec.items = testing::examplesSection3Items();
    const auto audit = testing::buildBiasAudit({spec});
    const BiasDesign design = collectBiasDesign(*audit);
    BiasSettings settings; // 10,000 permutations
    QCOMPARE(settings.permutations, 10000);
    const auto results = analyseBiasExcess(design, settings);
    QCOMPARE(results.size(), std::size_t(1));
    const BiasExcessResult& r = results[0];
    QCOMPARE(r.row, 0u);
    QCOMPARE(r.nItems, 8u);
    QCOMPARE_EXACT(r.rr, 0.625);    // 1 - 3/8 (k2, k5, k7 changed)
    QCOMPARE_EXACT(r.cr, 0.875);    // 7/8 (k4's runs differ)
    QCOMPARE_EXACT(r.excess, 0.25); // 7/8 - 5/8
    QVERIFY(isMissing(r.correctReactions));
    QCOMPARE_EXACT(r.s, 1.0 / 3.0); // c = 3/8, r = 1/8: (3/8 - 1/8) / (1 - 2/8) = 1/3
    QVERIFY(!r.sOutOfRange);
    // B5: the exact p is 5/16; 10,000 random permutations are within 4 Monte Carlo standard errors of it.
    const double exact = 5.0 / 16.0;
    QCOMPARE_EXACT(exactSignFlipPValue(4, 3), exact);
    const double se = std::sqrt(exact * (1 - exact) / 10000.0); // 0.00463
    QVERIFY2(std::abs(r.pPerm - exact) <= 4 * se, qPrintable(QString::number(r.pPerm, 'g', 17)));
    QCOMPARE_EXACT(r.pBH, r.pPerm); // a family of one
    QVERIFY(!r.significant);        // 0.31 > 0.05
    // The bootstrap interval: E of a resample is a multiple of 1/8 in [-1, 1]; the interval holds E here.
    QVERIFY(r.excessLo <= r.excess && r.excess <= r.excessHi);
    QVERIFY(r.excessLo >= -1 && r.excessHi <= 1);
    QVERIFY(r.sLo <= r.s && r.s <= r.sHi);
    QCOMPARE(r.verdict, tribunal::verdictAtMargin(r, settings.margin));
    QVERIFY(r.verdict != BiasVerdict::CrUnavailable && r.verdict != BiasVerdict::NoItems);
}

void TestBiasExcess::examplesSection3FallacyReading()
{
    testing::BiasRowSpec spec;
    spec.test = "fallacy oversight";
    spec.items = testing::examplesSection3Items();
    const auto audit = testing::buildBiasAudit({spec});
    const auto results = analyseBiasExcess(collectBiasDesign(*audit), BiasSettings{});
    const BiasExcessResult& r = results.at(0);
    QCOMPARE_EXACT(r.rr, 0.625);
    QCOMPARE_EXACT(r.cr, 0.875);
    QCOMPARE_EXACT(r.excess, 0.5);             // E_fo = RR + CR - 1 = 5/8 + 7/8 - 1
    QCOMPARE_EXACT(r.correctReactions, 0.375); // 1 - RR = 3/8
    QVERIFY(isMissing(r.pPerm));               // no permutation test for fallacy oversight
    QVERIFY(isMissing(r.pBH));
    QVERIFY(!r.significant);
    QVERIFY(r.excessLo <= r.excess && r.excess <= r.excessHi);
    QCOMPARE_EXACT(r.s, 1.0 / 3.0);
}

void TestBiasExcess::cueChangeProbability_data()
{
    QTest::addColumn<double>("c");
    QTest::addColumn<double>("r");
    QTest::addColumn<double>("s"); // NaN: undefined
    // examples.md section 3: (0.30 - 0.10) / (1 - 0.20) = 0.25; (3/8 - 1/8) / (1 - 2/8) = 1/3.
    QTest::newRow("0.30 0.10") << 0.30 << 0.10 << 0.25;
    QTest::newRow("3/8 1/8") << 0.375 << 0.125 << 1.0 / 3.0;
    QTest::newRow("no chance") << 0.4 << 0.0 << 0.4;
    // c < r: (0.05 - 0.10) / 0.8 = -0.0625, kept as computed.
    QTest::newRow("below chance") << 0.05 << 0.10 << -0.0625;
    // c + r > 1: (0.9 - 0.4) / 0.2 = 2.5.
    QTest::newRow("above one") << 0.9 << 0.4 << 2.5;
    QTest::newRow("r = 1/2") << 0.5 << 0.5 << kMissing;
    QTest::newRow("r > 1/2") << 0.2 << 0.7 << kMissing;
    QTest::newRow("r NaN") << 0.2 << kMissing << kMissing;
}

void TestBiasExcess::cueChangeProbability()
{
    QFETCH(double, c);
    QFETCH(double, r);
    QFETCH(double, s);
    const double got = tribunal::cueChangeProbability(c, r);
    if (std::isnan(s)) {
        QVERIFY(isMissing(got));
        return;
    }
    QVERIFY2(std::abs(got - s) <= 1e-15, qPrintable(QString::number(got, 'g', 17)));
    // Table 8's model: s (1 - r) + (1 - s) r reproduces the observed change rate.
    QVERIFY(std::abs(got * (1 - r) + (1 - got) * r - c) <= 1e-15);
}

void TestBiasExcess::cueProbabilityOfRows_data()
{
    QTest::addColumn<QString>("items");
    QTest::addColumn<double>("s");
    QTest::addColumn<bool>("outOfRange");
    // X changed, Y chance of n: s = (X - Y) / (n - 2 Y).
    QTest::newRow("in range") << "++-00000" << 1.0 / 6.0 << false; // (2 - 1) / (8 - 2)
    QTest::newRow("below zero") << "--000000" << -0.5 << true;     // (0 - 2) / (8 - 4)
    QTest::newRow("above one") << "++x+" << 1.5 << true;           // X 4, Y 1: 3 / 2
    QTest::newRow("exactly one") << "++++" << 1.0 << false;        // 4 / 4
    QTest::newRow("exactly zero") << "+-00" << 0.0 << false;       // 0 / 2
    QTest::newRow("r = 1/2") << "--++" << kMissing << false;       // Y 2 of 4
    QTest::newRow("r > 1/2") << "--x0" << kMissing << false;       // Y 3 of 4
}

void TestBiasExcess::cueProbabilityOfRows()
{
    QFETCH(QString, items);
    QFETCH(double, s);
    QFETCH(bool, outOfRange);
    const auto audit = buildRows({{"J1", "calm", "", "bandwagon", "", items.toStdString()}});
    BiasSettings settings;
    settings.resamples = 200;
    settings.permutations = 100;
    const auto results = analyseBiasExcess(collectBiasDesign(*audit), settings);
    const BiasExcessResult& r = results.at(0);
    QCOMPARE(r.sOutOfRange, outOfRange);
    if (std::isnan(s)) {
        QVERIFY(isMissing(r.s));
        QVERIFY(isMissing(r.sLo) && isMissing(r.sHi));
        QVERIFY(!isMissing(r.excess)); // E is still given
        return;
    }
    QCOMPARE_EXACT(r.s, s);
    QVERIFY(!isMissing(r.sLo) && !isMissing(r.sHi));
    QVERIFY(r.sLo <= r.sHi);
    // The model check of Table 8 on the row's own rates.
    const double c = 1 - r.rr, chance = 1 - r.cr;
    QVERIFY(std::abs(r.s * (1 - chance) + (1 - r.s) * chance - c) <= 1e-15);
}

void TestBiasExcess::verdictAtMargin_data()
{
    QTest::addColumn<double>("lo");
    QTest::addColumn<double>("hi");
    QTest::addColumn<BiasVerdict>("given");
    QTest::addColumn<double>("margin");
    QTest::addColumn<BiasVerdict>("expected");
    const BiasVerdict U = BiasVerdict::Unclear;
    QTest::newRow("above") << 0.06 << 0.2 << U << 0.05 << BiasVerdict::Bias;
    QTest::newRow("lo on the margin") << 0.05 << 0.2 << U << 0.05 << U;
    QTest::newRow("just above") << std::nextafter(0.05, 1.0) << 0.2 << U << 0.05 << BiasVerdict::Bias;
    QTest::newRow("below") << -0.1 << 0.04 << U << 0.05 << BiasVerdict::NoBias;
    QTest::newRow("hi on the margin") << -0.1 << 0.05 << U << 0.05 << U;
    QTest::newRow("just below") << -0.1 << std::nextafter(0.05, 0.0) << U << 0.05 << BiasVerdict::NoBias;
    QTest::newRow("straddles") << 0.01 << 0.09 << U << 0.05 << U;
    QTest::newRow("margin 0.02: bias") << 0.03 << 0.09 << U << 0.02 << BiasVerdict::Bias;
    QTest::newRow("margin 0.10: no bias") << 0.03 << 0.09 << U << 0.10 << BiasVerdict::NoBias;
    QTest::newRow("point interval at margin") << 0.05 << 0.05 << U << 0.05 << U;
    QTest::newRow("stored verdict ignored") << 0.2 << 0.3 << BiasVerdict::NoBias << 0.05 << BiasVerdict::Bias;
    QTest::newRow("CR unavailable passes")
        << kMissing << kMissing << BiasVerdict::CrUnavailable << 0.05 << BiasVerdict::CrUnavailable;
    QTest::newRow("no items passes") << kMissing << kMissing << BiasVerdict::NoItems << 0.05
                                     << BiasVerdict::NoItems;
    QTest::newRow("missing interval") << kMissing << kMissing << U << 0.05 << U;
}

void TestBiasExcess::verdictAtMargin()
{
    QFETCH(double, lo);
    QFETCH(double, hi);
    QFETCH(BiasVerdict, given);
    QFETCH(double, margin);
    QFETCH(BiasVerdict, expected);
    BiasExcessResult r;
    r.excessLo = lo;
    r.excessHi = hi;
    r.verdict = given;
    QCOMPARE(tribunal::verdictAtMargin(r, margin), expected);
}

void TestBiasExcess::verdictsOfConstantRows_data()
{
    // Rows whose every resample has the same E, so the interval is a point: [E, E].
    QTest::addColumn<QString>("items");
    QTest::addColumn<double>("margin");
    QTest::addColumn<double>("e");
    QTest::addColumn<BiasVerdict>("expected");
    QTest::newRow("all changed") << "++++++++" << 0.05 << 1.0 << BiasVerdict::Bias;
    QTest::newRow("nothing changed") << "00000000" << 0.05 << 0.0 << BiasVerdict::NoBias;
    QTest::newRow("nothing changed, margin 0") << "00000000" << 0.0 << 0.0 << BiasVerdict::Unclear;
    QTest::newRow("changed with chance") << "xxxx" << 0.05 << 0.0 << BiasVerdict::NoBias;
    QTest::newRow("all changed, margin 1") << "++++" << 1.0 << 1.0 << BiasVerdict::Unclear;
}

void TestBiasExcess::verdictsOfConstantRows()
{
    QFETCH(QString, items);
    QFETCH(double, margin);
    QFETCH(double, e);
    QFETCH(BiasVerdict, expected);
    const auto audit = buildRows({{"J1", "calm", "", "bandwagon", "", items.toStdString()}});
    BiasSettings settings;
    settings.margin = margin;
    settings.resamples = 100;
    settings.permutations = 100;
    const BiasExcessResult r = analyseBiasExcess(collectBiasDesign(*audit), settings).at(0);
    QCOMPARE_EXACT(r.excess, e);
    QCOMPARE_EXACT(r.excessLo, e);
    QCOMPARE_EXACT(r.excessHi, e);
    QCOMPARE(r.verdict, expected);
}

void TestBiasExcess::oneRunDesign()
{
    // Ten single-run items, 4 changed: RR = 6/10; nothing else can be computed.
    const auto audit = buildRows({{"J1", "calm", "", "bandwagon", "", "1u1u11u1u1"}});
    const BiasDesign design = collectBiasDesign(*audit);
    QVERIFY(!design.rows.at(0).crAvailable);
    const BiasExcessResult r = analyseBiasExcess(design, BiasSettings{}).at(0);
    QCOMPARE(r.verdict, BiasVerdict::CrUnavailable);
    QCOMPARE(r.nItems, 10u);
    QCOMPARE_EXACT(r.rr, 0.6);
    for (double v :
         {r.cr, r.excess, r.excessLo, r.excessHi, r.correctReactions, r.pPerm, r.pBH, r.s, r.sLo, r.sHi})
        QVERIFY(isMissing(v));
    QVERIFY(!r.significant);
    QVERIFY(!r.sOutOfRange);
    QCOMPARE(tribunal::verdictAtMargin(r, 0.0), BiasVerdict::CrUnavailable);
    QCOMPARE(biasVerdictName(r.verdict), std::string_view("CR unavailable"));
}

void TestBiasExcess::rowWithoutItems()
{
    // Every perturbed judgment of the row lacks a verdict: the row exists, without items.
    const auto audit = buildRows({{"J1", "calm", "", "bandwagon", "", "???"}});
    const BiasDesign design = collectBiasDesign(*audit);
    QCOMPARE(design.rows.size(), std::size_t(1));
    const BiasExcessResult r = analyseBiasExcess(design, BiasSettings{}).at(0);
    QCOMPARE(r.verdict, BiasVerdict::NoItems);
    QCOMPARE(r.nItems, 0u);
    for (double v : {r.rr, r.cr, r.excess, r.excessLo, r.excessHi, r.correctReactions, r.pPerm, r.pBH, r.s,
                     r.sLo, r.sHi})
        QVERIFY(isMissing(v));
    QVERIFY(!r.significant);
    // An empty design gives no results.
    QVERIFY(analyseBiasExcess(BiasDesign{}, BiasSettings{}).empty());
}

void TestBiasExcess::completeItemsOnly()
{
    // Two complete items and a one-run item in a two-run design: the one-run item leaves every metric.
    // Complete: '+' and '0': RR 1/2, CR 1, E 1/2; with the one-run 'u' RR would be 1/3.
    const auto audit = buildRows({{"J1", "calm", "", "bandwagon", "", "+0u"}});
    const BiasExcessResult r = analyseBiasExcess(collectBiasDesign(*audit), BiasSettings{}).at(0);
    QCOMPARE(r.nItems, 2u);
    QCOMPARE_EXACT(r.rr, 0.5);
    QCOMPARE_EXACT(r.cr, 1.0);
    QCOMPARE_EXACT(r.excess, 0.5);
}

void TestBiasExcess::excessIsMeanDifference()
{
    // E = mean_k d_k bit for bit (both are (X - Y) / n), and E = CR - RR, E_fo = RR + CR - 1 up to rounding.
    const auto audit = buildRows([] {
        auto rows = mixedDesign();
        rows.resize(rows.size() - 2); // two-run rows only
        return rows;
    }());
    const BiasDesign design = collectBiasDesign(*audit);
    BiasSettings settings;
    settings.resamples = 10;
    settings.permutations = 10;
    const auto results = analyseBiasExcess(design, settings);
    QCOMPARE(results.size(), design.rows.size());
    int fallacyRows = 0;
    for (std::size_t i = 0; i < results.size(); ++i) {
        const BiasRow& row = design.rows[i];
        const BiasExcessResult& r = results[i];
        const auto items = row.completeItems();
        int sumD = 0, changed = 0, agree = 0;
        for (const BiasItem& item : items) {
            sumD += int(item.changed()) - int(item.runsDisagree());
            changed += item.changed();
            agree += !item.runsDisagree();
        }
        const double n = double(items.size());
        QCOMPARE(r.nItems, std::uint32_t(items.size()));
        QVERIFY(std::abs(r.rr - (1.0 - changed / n)) <= 1e-15);
        QVERIFY(std::abs(r.cr - agree / n) <= 1e-15);
        if (row.fallacy) {
            ++fallacyRows;
            QVERIFY(std::abs(r.excess - (r.rr + r.cr - 1.0)) <= 1e-15);
            QCOMPARE_EXACT(r.correctReactions, changed / n);
        } else {
            QCOMPARE_EXACT(r.excess, sumD / n);
            QVERIFY(std::abs(r.excess - (r.cr - r.rr)) <= 1e-15);
        }
    }
    QCOMPARE(fallacyRows, 6);
}

void TestBiasExcess::reproducible()
{
    const auto audit = buildRows(mixedDesign());
    const BiasDesign design = collectBiasDesign(*audit);
    BiasSettings settings;
    settings.resamples = 500;
    settings.permutations = 5000; // three permutation chunks, the last one partial
    const auto one = analyseBiasExcess(design, settings, 1);
    const auto two = analyseBiasExcess(design, settings, 2);
    const auto again = analyseBiasExcess(design, settings, 2);
    const auto many = analyseBiasExcess(design, settings, 7);
    QCOMPARE(one.size(), design.rows.size());
    QCOMPARE(one.size(), std::size_t(20));
    for (std::size_t i = 0; i < one.size(); ++i) {
        QVERIFY2(sameResult(one[i], two[i]), qPrintable(QString("row %1, threads 1 vs 2").arg(i)));
        QVERIFY2(sameResult(two[i], again[i]), qPrintable(QString("row %1, repeated").arg(i)));
        QVERIFY2(sameResult(one[i], many[i]), qPrintable(QString("row %1, threads 1 vs 7").arg(i)));
    }
    QCOMPARE(one[18].verdict, BiasVerdict::CrUnavailable);
    QCOMPARE(one[19].verdict, BiasVerdict::NoItems);
}

void TestBiasExcess::seedChangesIntervals()
{
    const auto audit = buildRows(mixedDesign());
    const BiasDesign design = collectBiasDesign(*audit);
    BiasSettings a;
    a.resamples = 300;
    a.permutations = 3000;
    BiasSettings b = a;
    b.seed = a.seed + 1;
    const auto ra = analyseBiasExcess(design, a);
    const auto rb = analyseBiasExcess(design, b);
    int differentEnds = 0, differentP = 0, rowsWithInterval = 0;
    for (std::size_t i = 0; i < ra.size(); ++i) {
        QVERIFY(same(ra[i].excess, rb[i].excess)); // point values do not depend on the seed
        if (isMissing(ra[i].excessLo))
            continue;
        ++rowsWithInterval;
        differentEnds += ra[i].excessLo != rb[i].excessLo || ra[i].excessHi != rb[i].excessHi;
        differentP += !isMissing(ra[i].pPerm) && ra[i].pPerm != rb[i].pPerm;
    }
    QCOMPARE(rowsWithInterval, 18);
    QVERIFY2(differentEnds > 0, "a different seed gave the same interval ends in every row");
    QVERIFY2(differentP > 0, "a different seed gave the same p-values in every row");
}

void TestBiasExcess::benjaminiHochbergFamilies()
{
    // Families: (calm, none), (calm, temperature=0.7), (plain, none). Strong and weak effects so that some
    // adjusted p-values cross 0.05 and some do not.
    std::vector<RowDef> rows;
    std::uint32_t seed = 100;
    for (const char* judge : {"J1", "J2"})
        for (const char* format : {"calm", "plain"})
            for (const char* cond : {"", "0.7"})
                for (const char* test : {"authority", "bandwagon", "fallacy", "sentiment"}) {
                    if (std::string(format) == "plain" && std::string(cond) == "0.7")
                        continue;
                    const int strength = static_cast<int>(seed % 5); // 0 (no effect) .. 4
                    rows.push_back({judge, format, cond, test, "",
                                    randomItems(seed++, 60, {20, 2 + 2 * strength, 2, 1})});
                }
    rows.push_back({"J3", "calm", "", "authority", "", "1u11u1"}); // one-run: no p-value, not in the family
    const auto audit = buildRows(rows);
    const BiasDesign design = collectBiasDesign(*audit);
    BiasSettings settings;
    settings.resamples = 50;
    const auto results = analyseBiasExcess(design, settings);
    std::map<std::pair<StrId, CondId>, std::vector<std::size_t>> families;
    for (std::size_t i = 0; i < results.size(); ++i) {
        const BiasRow& row = design.rows[i];
        if (row.fallacy || !row.crAvailable) {
            QVERIFY(isMissing(results[i].pPerm));
            QVERIFY(isMissing(results[i].pBH));
            QVERIFY(!results[i].significant);
            continue;
        }
        QVERIFY(!isMissing(results[i].pPerm));
        families[{row.key.format, row.key.condition}].push_back(i);
    }
    QCOMPARE(families.size(), std::size_t(3));
    int significant = 0, notSignificant = 0;
    for (const auto& [key, members] : families) {
        QCOMPARE(members.size(), std::size_t(6)); // 2 judges x 3 non-fallacy tests
        std::vector<double> p;
        for (std::size_t i : members)
            p.push_back(results[i].pPerm);
        const auto adjusted = benjaminiHochberg(p);
        for (std::size_t k = 0; k < members.size(); ++k) {
            const BiasExcessResult& r = results[members[k]];
            QCOMPARE_EXACT(r.pBH, adjusted[k]);
            QCOMPARE(r.significant, r.pBH <= settings.fdrLevel);
            (r.significant ? significant : notSignificant)++;
        }
    }
    QVERIFY(significant > 0);
    QVERIFY(notSignificant > 0);
    // One family over everything would adjust differently: the family really is per (format, condition).
    std::vector<double> all;
    for (const auto& [key, members] : families)
        for (std::size_t i : members)
            all.push_back(results[i].pPerm);
    const auto pooled = benjaminiHochberg(all);
    std::size_t k = 0, differs = 0;
    for (const auto& [key, members] : families)
        for (std::size_t i : members)
            differs += pooled[k++] != results[i].pBH;
    QVERIFY(differs > 0);
}

void TestBiasExcess::countBiasedJudges()
{
    // Rows (string order): J1 authority, J1 bandwagon, J2 authority, J2 bandwagon, J3 authority (one-run),
    // J3 bandwagon (no items); results with hand-set intervals.
    const auto audit = buildRows({{"J2", "calm", "", "bandwagon", "", "0+"},
                                  {"J1", "calm", "", "bandwagon", "", "0+"},
                                  {"J2", "calm", "", "authority", "", "0+"},
                                  {"J1", "calm", "", "authority", "", "0+"},
                                  {"J3", "calm", "", "authority", "", "1u"},
                                  {"J3", "calm", "", "bandwagon", "", "?"}});
    const BiasDesign design = collectBiasDesign(*audit);
    QCOMPARE(design.rows.size(), std::size_t(6));
    std::vector<BiasExcessResult> results(6);
    const double lo[4] = {0.03, 0.2, 0.06, -0.1}, hi[4] = {0.3, 0.4, 0.2, 0.04};
    for (std::uint32_t i = 0; i < 6; ++i) {
        results[i].row = i;
        if (i < 4) {
            results[i].excessLo = lo[i];
            results[i].excessHi = hi[i];
            results[i].verdict = BiasVerdict::Unclear;
        }
    }
    results[4].verdict = BiasVerdict::CrUnavailable;
    results[5].verdict = BiasVerdict::NoItems;
    const std::vector<double> margins{0.02, 0.05, 0.10};
    const auto counts = tribunal::countBiasedJudges(design, results, margins);
    QCOMPARE(counts.size(), std::size_t(2));
    QCOMPARE(audit->str(counts[0].test), std::string_view("authority"));
    QCOMPARE(audit->str(counts[1].test), std::string_view("bandwagon"));
    QCOMPARE(audit->str(counts[0].format), std::string_view("calm"));
    // authority: J1 lo 0.03 (bias at 0.02 only), J2 lo 0.06 (at 0.02 and 0.05); J3 has no interval.
    QCOMPARE(counts[0].judges, 2u);
    QCOMPARE(counts[0].biased, (std::vector<std::uint32_t>{2, 1, 0}));
    // bandwagon: J1 lo 0.2 (every margin), J2 interval below (none); J3 no items.
    QCOMPARE(counts[1].judges, 2u);
    QCOMPARE(counts[1].biased, (std::vector<std::uint32_t>{1, 1, 1}));
    // No margins: groups and judges still counted.
    const auto none = tribunal::countBiasedJudges(design, results, {});
    QCOMPARE(none.size(), std::size_t(2));
    QVERIFY(none[0].biased.empty());
    QCOMPARE(none[1].judges, 2u);
}

void TestBiasExcess::settingsErrors_data()
{
    QTest::addColumn<int>("resamples");
    QTest::addColumn<int>("permutations");
    QTest::addColumn<double>("level");
    QTest::addColumn<double>("fdr");
    QTest::addColumn<QString>("message");
    QTest::newRow("resamples 0") << 0 << 10 << 0.95 << 0.05 << "bias settings: resamples must be at least 1";
    QTest::newRow("permutations -1") << 10 << -1 << 0.95 << 0.05
                                     << "bias settings: permutations must be at least 1";
    QTest::newRow("level 1") << 10 << 10 << 1.0 << 0.05 << "bias settings: level must lie between 0 and 1";
    QTest::newRow("level 0") << 10 << 10 << 0.0 << 0.05 << "bias settings: level must lie between 0 and 1";
    QTest::newRow("level NaN") << 10 << 10 << kMissing << 0.05
                               << "bias settings: level must lie between 0 and 1";
    QTest::newRow("fdr 0") << 10 << 10 << 0.95 << 0.0 << "bias settings: FDR level must lie between 0 and 1";
    QTest::newRow("fdr 1.5") << 10 << 10 << 0.95 << 1.5
                             << "bias settings: FDR level must lie between 0 and 1";
}

void TestBiasExcess::settingsErrors()
{
    QFETCH(int, resamples);
    QFETCH(int, permutations);
    QFETCH(double, level);
    QFETCH(double, fdr);
    QFETCH(QString, message);
    BiasSettings settings;
    settings.resamples = resamples;
    settings.permutations = permutations;
    settings.level = level;
    settings.fdrLevel = fdr;
    try {
        analyseBiasExcess(BiasDesign{}, settings); // checked even without rows
        QFAIL("no exception");
    } catch (const std::invalid_argument& e) {
        QCOMPARE(QString(e.what()), message);
    }
}

void TestBiasExcess::signFlipAgainstScipy()
{
    std::ifstream in(TRIBUNAL_TEST_DATA "/bias/signflip_reference.tsv");
    QVERIFY(in.good());
    std::string line;
    int checked = 0;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#')
            continue;
        const auto tab = line.find('\t');
        QVERIFY(tab != std::string::npos);
        std::istringstream ds(line.substr(0, tab));
        const double scipyP = std::stod(line.substr(tab + 1));
        std::string items;
        std::uint32_t nonzero = 0, positive = 0;
        int d = 0;
        while (ds >> d) {
            items.push_back(d > 0 ? '+' : d < 0 ? '-' : '0');
            nonzero += d != 0;
            positive += d > 0;
        }
        // The exact p over all 2^m sign flips agrees with scipy's enumeration.
        QVERIFY2(std::abs(exactSignFlipPValue(nonzero, positive) - scipyP) <= 1e-12, line.c_str());
        // Our Monte Carlo p (10,000 permutations, through the whole analysis) lies within 4 standard errors
        // of it, plus the 1 / (1 + P) that the "+1" of the estimator adds at most.
        const auto audit = buildRows({{"J1", "calm", "", "bandwagon", "", items}});
        BiasSettings settings;
        settings.resamples = 10;
        const BiasExcessResult r = analyseBiasExcess(collectBiasDesign(*audit), settings).at(0);
        const double se = std::sqrt(scipyP * (1 - scipyP) / settings.permutations);
        QVERIFY2(std::abs(r.pPerm - scipyP) <= 4 * se + 1.0 / (1 + settings.permutations),
                 qPrintable(QString("%1: ours %2, scipy %3").arg(line.c_str()).arg(r.pPerm).arg(scipyP)));
        // The sign-flip counter on its own stream, likewise.
        RandomStream rng(7, 0, 0);
        const std::uint64_t atLeast = countSignFlipsAtLeast(nonzero, positive, 20000, rng);
        const double p = permutationPValue(atLeast, 20000);
        QVERIFY2(std::abs(p - scipyP) <= 4 * std::sqrt(scipyP * (1 - scipyP) / 20000) + 1.0 / 20001,
                 line.c_str());
        ++checked;
    }
    QCOMPARE(checked, 8);
    // All-zero d: every permuted sum ties the observed 0, so p is exactly 1.
    RandomStream rng(1, 2, 3);
    QCOMPARE(countSignFlipsAtLeast(0, 0, 100, rng), std::uint64_t(100));
    QCOMPARE_EXACT(permutationPValue(100, 100), 1.0);
    // The documented bit mapping, word boundaries included: per permutation ceil(m / 64) outputs of next(),
    // the last one's low m mod 64 bits (all 64 when m is a multiple of 64); K = set bits; counted when K >=
    // P.
    for (std::uint32_t m : {1u, 5u, 63u, 64u, 65u, 128u, 130u}) {
        const std::uint32_t positive = m / 2 + 1;
        RandomStream ours(5, m, 0);
        RandomStream reference = ours;
        const std::uint64_t count = countSignFlipsAtLeast(m, positive, 3000, ours);
        std::uint64_t want = 0;
        for (int perm = 0; perm < 3000; ++perm) {
            std::uint32_t k = 0, left = m;
            while (left > 0) {
                const std::uint64_t word = reference.next();
                const std::uint32_t take = std::min(left, 64u);
                k += static_cast<std::uint32_t>(
                    std::popcount(take == 64 ? word : word & ((1ULL << take) - 1)));
                left -= take;
            }
            want += k >= positive;
        }
        QCOMPARE(count, want);
        QCOMPARE(ours.next(), reference.next()); // the same number of draws
        QVERIFY(want > 0 && want < 3000);
    }
}

void TestBiasExcess::verdictNames()
{
    QCOMPARE(biasVerdictName(BiasVerdict::Bias), std::string_view("bias"));
    QCOMPARE(biasVerdictName(BiasVerdict::Unclear), std::string_view("unclear"));
    QCOMPARE(biasVerdictName(BiasVerdict::NoBias), std::string_view("no bias"));
    QCOMPARE(biasVerdictName(BiasVerdict::CrUnavailable), std::string_view("CR unavailable"));
    QCOMPARE(biasVerdictName(BiasVerdict::NoItems), std::string_view("no items"));
}

QTEST_APPLESS_MAIN(TestBiasExcess)
#include "tst_biasexcess.moc"
