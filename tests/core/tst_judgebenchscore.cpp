// JudgeBench's own headline score (core/analysis/judgebenchscore.h, after ScalerLab/JudgeBench
// utils/metrics.py) on small audits built in the test; every expected value is counted by hand.

#include "analysis/judgebenchscore.h"
#include "model/auditbuilder.h"

#include <QtTest>

#include <cmath>
#include <vector>

using namespace tribunal;

namespace {

constexpr Answer kA = answer::kA, kB = answer::kB, kTie = answer::kTie, kNone = answer::kNone;
constexpr Answer kNoGame = -100; ///< the order was not shown (single game)

struct Pair {
    const char* id;
    const char* domain;
    Answer label;
    Answer ab;
    Answer ba;
};

/// One judge ("J") in one format on dataset "judgebench", one run per shown order.
void addPairs(AuditBuilder& builder, const char* judge, const std::vector<Pair>& pairs)
{
    const StrId dataset = builder.intern("judgebench");
    for (const auto& p : pairs) {
        const StrId id = builder.intern(p.id);
        auto existing = builder.findItem(dataset, id);
        const std::uint32_t item = existing ? *existing : builder.addItem(dataset, id, TaskKind::Pairwise);
        builder.setLabel(item, p.label);
        builder.setText(item, ItemText::Domain, builder.intern(p.domain));
        for (const auto& [order, answer] : {std::pair{Order::AB, p.ab}, std::pair{Order::BA, p.ba}}) {
            if (answer == kNoGame)
                continue;
            JudgmentInput j;
            j.item = item;
            j.judge = builder.intern(judge);
            j.format = builder.intern("arena_hard");
            j.order = order;
            j.rep = 1;
            j.answer = answer;
            builder.addJudgment(j);
        }
    }
}

AuditPtr build(AuditBuilder& builder)
{
    ImportLog log;
    auto audit = builder.build(log);
    if (!audit)
        qFatal("the test audit does not build");
    return audit;
}

const JudgeBenchDomainScore& domainOf(const JudgeBenchCellScore& cell, std::string_view name)
{
    for (const auto& d : cell.domains)
        if (d.domain == name)
            return d;
    qFatal("no domain %s", std::string(name).c_str());
}

} // namespace

class TestJudgeBenchScore : public QObject {
    Q_OBJECT
private slots:
    void doubleGameRule_data();
    void doubleGameRule();
    void domainPrefixesAndCells();
    void singleGameCell();
    void unlabelledAndBiasTestLeftOut();
};

void TestJudgeBenchScore::doubleGameRule_data()
{
    QTest::addColumn<int>("label");
    QTest::addColumn<int>("ab");
    QTest::addColumn<int>("ba");
    QTest::addColumn<bool>("correct");
    // metrics.py: +1 for the label, -1 for the other candidate, 0 for tie / null; correct when the sum > 0.
    QTest::newRow("right, right") << int(kA) << int(kA) << int(kA) << true;
    QTest::newRow("right, tie") << int(kA) << int(kA) << int(kTie) << true;
    QTest::newRow("failed, right") << int(kB) << int(kNone) << int(kB) << true;
    QTest::newRow("right, wrong") << int(kB) << int(kB) << int(kA) << false;
    QTest::newRow("wrong, tie") << int(kA) << int(kB) << int(kTie) << false;
    QTest::newRow("tie, tie") << int(kA) << int(kTie) << int(kTie) << false;
    QTest::newRow("failed, failed") << int(kB) << int(kNone) << int(kNone) << false;
    QTest::newRow("NA, right") << int(kA) << int(answer::kNA) << int(kA) << true;
    // flip() leaves A=B alone: under a tie label only a tie answer counts, +1.
    QTest::newRow("tie label: tie, B") << int(kTie) << int(kTie) << int(kB) << true;
    QTest::newRow("tie label: A, B") << int(kTie) << int(kA) << int(kB) << false;
}

void TestJudgeBenchScore::doubleGameRule()
{
    QFETCH(int, label);
    QFETCH(int, ab);
    QFETCH(int, ba);
    QFETCH(bool, correct);
    AuditBuilder builder;
    addPairs(builder, "J", {{"p", "mmlu-pro-law", Answer(label), Answer(ab), Answer(ba)}});
    const auto audit = build(builder);
    const auto scores = judgeBenchScores(*audit);
    QCOMPARE(scores.size(), std::size_t(1));
    const auto& overall = domainOf(scores[0], "Overall");
    QCOMPARE(overall.pairs, std::uint64_t(1)); // in the denominator whatever the verdicts
    QCOMPARE(overall.correct, std::uint64_t(correct ? 1 : 0));
    QCOMPARE(overall.score, correct ? 100.0 : 0.0);
    QVERIFY(scores[0].doubleGame);
}

void TestJudgeBenchScore::domainPrefixesAndCells()
{
    AuditBuilder builder;
    addPairs(builder, "J1",
             {
                 {"1", "mmlu-pro-law", kA, kA, kTie},             // +1 +0: correct
                 {"2", "mmlu-pro-computer science", kB, kB, kA},  // +1 -1: not
                 {"3", "livebench-reasoning", kA, kNone, kA},     // correct
                 {"4", "livebench-math", kB, kNone, kNone},       // not, but counted
                 {"5", "livecodebench", kB, kB, kB},              // correct
                 {"6", "other-source", kA, kA, kA},               // correct, Overall only
                 {"7", "livebench-mathematics-like", kA, kB, kB}, // prefix livebench-math: not
             });
    addPairs(builder, "J2", {{"1", "mmlu-pro-law", kA, kB, kB}});
    const auto audit = build(builder);
    const auto scores = judgeBenchScores(*audit);
    QCOMPARE(scores.size(), std::size_t(2));
    const auto& cellJ1 = audit->cells()[scores[0].cell];
    QCOMPARE(audit->str(cellJ1.judge), std::string_view("J1"));
    const auto& j1 = scores[0];
    // mmlu-pro: items 1, 2 -> 1 of 2.
    QCOMPARE(domainOf(j1, "mmlu-pro").pairs, std::uint64_t(2));
    QCOMPARE(domainOf(j1, "mmlu-pro").correct, std::uint64_t(1));
    QCOMPARE(domainOf(j1, "mmlu-pro").score, 50.0);
    QCOMPARE(domainOf(j1, "livebench-reasoning").score, 100.0);
    // livebench-math: items 4 and 7 (a prefix, as upstream's startswith) -> 0 of 2.
    QCOMPARE(domainOf(j1, "livebench-math").pairs, std::uint64_t(2));
    QCOMPARE(domainOf(j1, "livebench-math").score, 0.0);
    QCOMPARE(domainOf(j1, "livecodebench").pairs, std::uint64_t(1));
    QCOMPARE(domainOf(j1, "livecodebench").score, 100.0);
    // Overall: all 7 pairs, correct 1, 3, 5, 6 -> 4 / 7.
    QCOMPARE(domainOf(j1, "Overall").pairs, std::uint64_t(7));
    QCOMPARE(domainOf(j1, "Overall").correct, std::uint64_t(4));
    QCOMPARE(domainOf(j1, "Overall").score, 100.0 * 4.0 / 7.0);
    QCOMPARE(j1.domains.back().domain, std::string_view("Overall"));
    // J2 is its own cell: one pair, wrong in both games.
    QCOMPARE(audit->str(audit->cells()[scores[1].cell].judge), std::string_view("J2"));
    QCOMPARE(domainOf(scores[1], "Overall").pairs, std::uint64_t(1));
    QCOMPARE(domainOf(scores[1], "Overall").score, 0.0);
    QVERIFY(std::isnan(domainOf(scores[1], "livecodebench").score)); // no pair there
}

void TestJudgeBenchScore::singleGameCell()
{
    // --single_game: share of items whose one answer equals the label: 1 of 4.
    AuditBuilder builder;
    addPairs(builder, "J",
             {
                 {"1", "livecodebench", kA, kA, kNoGame},
                 {"2", "livecodebench", kA, kTie, kNoGame},
                 {"3", "livecodebench", kB, kA, kNoGame},
                 {"4", "livecodebench", kB, kNone, kNoGame},
             });
    const auto audit = build(builder);
    const auto scores = judgeBenchScores(*audit);
    QCOMPARE(scores.size(), std::size_t(1));
    QVERIFY(!scores[0].doubleGame);
    QCOMPARE(domainOf(scores[0], "livecodebench").correct, std::uint64_t(1));
    QCOMPARE(domainOf(scores[0], "Overall").pairs, std::uint64_t(4));
    QCOMPARE(domainOf(scores[0], "Overall").score, 25.0);
}

void TestJudgeBenchScore::unlabelledAndBiasTestLeftOut()
{
    AuditBuilder builder;
    addPairs(builder, "J", {{"1", "livecodebench", kA, kA, kA}, {"2", "livecodebench", kNone, kB, kB}});
    // A bias-test judgment of item 1 forms its own cell, which is not scored.
    JudgmentInput bias;
    bias.item = *builder.findItem(builder.intern("judgebench"), builder.intern("1"));
    bias.judge = builder.intern("J");
    bias.format = builder.intern("arena_hard");
    bias.order = Order::AB;
    bias.answer = kB;
    bias.test = builder.intern("bandwagon");
    bias.variant = Variant::Perturbed;
    builder.addJudgment(bias);
    // Only an unlabelled item: no result for that cell.
    addPairs(builder, "K", {{"2", "livecodebench", kNone, kB, kB}});
    const auto audit = build(builder);
    QCOMPARE(audit->cells().size(), std::size_t(3));
    const auto scores = judgeBenchScores(*audit);
    QCOMPARE(scores.size(), std::size_t(1));
    QCOMPARE(audit->cells()[scores[0].cell].test, kEmptyStr);
    QCOMPARE(domainOf(scores[0], "Overall").pairs, std::uint64_t(1));
    QCOMPARE(domainOf(scores[0], "Overall").score, 100.0);
}

QTEST_GUILESS_MAIN(TestJudgeBenchScore)
#include "tst_judgebenchscore.moc"
