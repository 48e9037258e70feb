// The decisions the Cascades and Confident errors docks share with tribunal-cli, in core: the Pareto flags of
// the cost-accuracy frontier (analysis/cascadefrontier.h: dominated points, ties in cost and in accuracy,
// equal points, missing accuracy or cost), the frontier's points of a hand-made replay (order, USD per pair,
// the juries' summed cost, points without an accuracy left out), the rubric panels and their order, and the
// default first judges (analysis/rubricdefaults.h: the cheapest judge with a K1 confidence by K11 cost per
// 1,000 requests, ties, no cost, no confidence; the first judge with a confidence). Every value by hand.

#include "analysis/cascadefrontier.h"
#include "analysis/cascadereplay.h"
#include "analysis/jury.h"
#include "analysis/rubricdefaults.h"
#include "model/auditbuilder.h"

#include <QtTest>

#include <cmath>
#include <string>
#include <vector>

using namespace tribunal;

namespace {

using Type = CascadeFrontierPoint::Type;

const double kNaN = kMissing;

CascadePoint point(double cost, double accuracy)
{
    CascadePoint p;
    p.cost = cost;
    p.accuracy = accuracy;
    return p;
}

/// Four pairs. D (judge 0): accuracy 1/2, 0.01 USD per pair. F1 (judge 1): 3/4 alone at 0.1 per pair, curve
/// (0.04, 1/2) (0.24, 3/4) (0.44, 3/4) over the pairs. F2 (judge 2): no accuracy alone (so no point), 0.02
/// per pair, curve (0.04, 1/2) (0.06, missing) (0.12, 1/2).
CascadeReplay handMadeReplay()
{
    CascadeReplay r;
    r.pairs = 4;
    r.first = 0;
    r.firstAccuracy = 0.5;
    r.firstCost = 0.04;
    CascadeFallbackCurve f1;
    f1.judge = 1;
    f1.accuracyAlone = 0.75;
    f1.costAlone = 0.4;
    f1.curve = {point(0.04, 0.5), point(0.24, 0.75), point(0.44, 0.75)};
    CascadeFallbackCurve f2;
    f2.judge = 2;
    f2.accuracyAlone = kNaN;
    f2.costAlone = 0.08;
    f2.curve = {point(0.04, 0.5), point(0.06, kNaN), point(0.12, 0.5)};
    r.fallbacks = {f1, f2};
    return r;
}

/// One judge of the default-judge audit: how its verdicts carry a confidence, and its cost per request.
enum class Conf { None, K1, PMet, AbstainK1 };

struct JudgeSpec {
    Conf conf = Conf::None;
    double cost = kNaN; ///< USD per request; NaN: no recorded cost
};

/// Panel "P": three binary items labelled MET; judges j0, j1, j2 (format F) answer MET on each.
AuditPtr defaultsAudit(const std::vector<JudgeSpec>& judges)
{
    AuditBuilder b;
    const ProbEntry probs[2] = {{answer::kMet, 0.8}, {answer::kUnmet, 0.2}};
    for (int i = 0; i < 3; ++i) {
        const auto item = b.addItem(b.intern("P"), b.intern("i" + std::to_string(i)), TaskKind::Binary);
        b.setLabel(item, answer::kMet);
        for (std::size_t j = 0; j < judges.size(); ++j) {
            JudgmentInput in;
            in.item = item;
            in.judge = b.intern("j" + std::to_string(j));
            in.format = b.intern("F");
            in.answer = judges[j].conf == Conf::AbstainK1 ? answer::kNA : answer::kMet;
            in.costUsd = judges[j].cost;
            if (judges[j].conf == Conf::K1 || judges[j].conf == Conf::AbstainK1)
                in.confidence = 0.7;
            if (judges[j].conf == Conf::PMet)
                in.probs = probs;
            b.addJudgment(in);
        }
    }
    ImportLog log;
    return b.build(log);
}

RubricVerdictTable defaultsTable(const Audit& audit, std::size_t judges)
{
    std::vector<JudgeKey> keys;
    for (std::size_t j = 0; j < judges; ++j)
        keys.push_back({*audit.strings().find("j" + std::to_string(j)), *audit.strings().find("F"), 0});
    return rubricVerdictTable(audit, *audit.strings().find("P"), keys);
}

} // namespace

class TestCascadeFrontier : public QObject {
    Q_OBJECT
private slots:
    void paretoFlags_data()
    {
        QTest::addColumn<std::vector<double>>("cost");
        QTest::addColumn<std::vector<double>>("accuracy");
        QTest::addColumn<std::vector<bool>>("flags");
        // (3, 0.6) is dominated by (2, 0.7), which is cheaper and more accurate.
        QTest::newRow("dominated") << std::vector<double>{1, 2, 3} << std::vector<double>{0.5, 0.7, 0.6}
                                   << std::vector<bool>{true, true, false};
        // Same cost: the more accurate dominates; (2, 0.9) beats both.
        QTest::newRow("tied cost") << std::vector<double>{1, 1, 2} << std::vector<double>{0.5, 0.4, 0.9}
                                   << std::vector<bool>{true, false, true};
        // Same accuracy: the cheaper dominates.
        QTest::newRow("tied accuracy") << std::vector<double>{1, 2, 3} << std::vector<double>{0.6, 0.6, 0.8}
                                       << std::vector<bool>{true, false, true};
        // Equal points dominate neither: both stay on (the plot draws one).
        QTest::newRow("equal points") << std::vector<double>{2, 2, 1} << std::vector<double>{0.7, 0.7, 0.5}
                                      << std::vector<bool>{true, true, true};
        // A missing accuracy is never on the frontier and dominates nothing, however cheap.
        QTest::newRow("missing accuracy")
            << std::vector<double>{0, 1, 2} << std::vector<double>{kNaN, 0.5, 0.4}
            << std::vector<bool>{false, true, false};
        // A missing cost likewise: (NaN, 0.9) would otherwise dominate (1, 0.5).
        QTest::newRow("missing cost") << std::vector<double>{kNaN, 1} << std::vector<double>{0.9, 0.5}
                                      << std::vector<bool>{false, true};
        QTest::newRow("one point") << std::vector<double>{5} << std::vector<double>{0.1}
                                   << std::vector<bool>{true};
        QTest::newRow("empty") << std::vector<double>{} << std::vector<double>{} << std::vector<bool>{};
    }
    void paretoFlags()
    {
        QFETCH(std::vector<double>, cost);
        QFETCH(std::vector<double>, accuracy);
        QFETCH(std::vector<bool>, flags);
        QCOMPARE(paretoFrontier(cost, accuracy), flags);
    }

    void frontierPoints_data()
    {
        QTest::addColumn<bool>("withJury");
        QTest::addColumn<std::vector<int>>("types");  ///< Type per point
        QTest::addColumn<std::vector<int>>("judges"); ///< table judge index per point
        QTest::addColumn<std::vector<int>>("taus");   ///< fallback * 10 + grid index; -1 for non-cascades
        QTest::addColumn<std::vector<double>>("costPerPair");
        QTest::addColumn<std::vector<double>>("accuracy");
        QTest::addColumn<std::vector<bool>>("flags");
        const int S = static_cast<int>(Type::Single), L = static_cast<int>(Type::JuryLower),
                  U = static_cast<int>(Type::JuryUpper), C = static_cast<int>(Type::Cascade);
        // D (0.01, .5) and the equal cascade points at tau index 0 stay on; F1 alone (0.1, .75) falls to
        // F1's tau 1 (0.06, .75), F1's tau 2 (0.11, .75) too; F2 alone and F2's tau 1 have no accuracy (no
        // point); F2's tau 2 (0.03, .5) falls to D. Juries: 0.01 + 0.1 + 0.02 USD per pair; the lower one
        // (1/4) falls to D, the upper one (4/4) is the most accurate point.
        QTest::newRow("with juries") << true << std::vector<int>{S, S, L, U, C, C, C, C, C}
                                     << std::vector<int>{0, 1, 0, 0, 1, 1, 1, 2, 2}
                                     << std::vector<int>{-1, -1, -1, -1, 0, 1, 2, 10, 12}
                                     << std::vector<double>{0.01, 0.1,  0.13, 0.13, 0.01,
                                                            0.06, 0.11, 0.01, 0.03}
                                     << std::vector<double>{0.5, 0.75, 0.25, 1.0, 0.5, 0.75, 0.75, 0.5, 0.5}
                                     << std::vector<bool>{true, false, false, true, true,
                                                          true, false, true,  false};
        // Without the juries F1's tau 1 is the most accurate; the flags of the others do not change.
        QTest::newRow("without juries")
            << false << std::vector<int>{S, S, C, C, C, C, C} << std::vector<int>{0, 1, 1, 1, 1, 2, 2}
            << std::vector<int>{-1, -1, 0, 1, 2, 10, 12}
            << std::vector<double>{0.01, 0.1, 0.01, 0.06, 0.11, 0.01, 0.03}
            << std::vector<double>{0.5, 0.75, 0.5, 0.75, 0.75, 0.5, 0.5}
            << std::vector<bool>{true, false, true, true, false, true, false};
    }
    void frontierPoints()
    {
        QFETCH(bool, withJury);
        QFETCH(std::vector<int>, types);
        QFETCH(std::vector<int>, judges);
        QFETCH(std::vector<int>, taus);
        QFETCH(std::vector<double>, costPerPair);
        QFETCH(std::vector<double>, accuracy);
        QFETCH(std::vector<bool>, flags);
        JuryResult jury;
        jury.accuracyLower = 0.25;
        jury.accuracyUpper = 1.0;
        const auto points = cascadeFrontier(handMadeReplay(), withJury ? &jury : nullptr);
        QCOMPARE(points.size(), types.size());
        for (std::size_t i = 0; i < points.size(); ++i) {
            const CascadeFrontierPoint& p = points[i];
            QCOMPARE(static_cast<int>(p.type), types[i]);
            QCOMPARE(static_cast<int>(p.judge), judges[i]);
            QCOMPARE(p.type == Type::Cascade ? p.fallback * 10 + p.tau : -1, taus[i]);
            if (p.type != Type::Cascade)
                QCOMPARE(p.fallback, -1);
            QVERIFY2(std::abs(p.costPerPair - costPerPair[i]) < 1e-12, qPrintable(QString::number(i)));
            QVERIFY(std::abs(p.totalCost - 4 * costPerPair[i]) < 1e-12);
            QCOMPARE(p.accuracy, accuracy[i]);
            QCOMPARE(p.onFrontier, bool(flags[i]));
        }
    }

    void noPairsNoPoints()
    {
        CascadeReplay r = handMadeReplay();
        r.pairs = 0;
        JuryResult jury;
        jury.accuracyLower = jury.accuracyUpper = 0.5;
        QVERIFY(cascadeFrontier(r, &jury).empty());
    }

    void rubricPanelOrder_data()
    {
        QTest::addColumn<QStringList>("items"); ///< dataset:kind per item, in item order
        QTest::addColumn<QStringList>("panels");
        QTest::newRow("first item order")
            << QStringList{"b:binary", "a:ordinal", "b:ordinal", "c:binary"} << QStringList{"b", "a", "c"};
        // A dataset counts from its first rubric item, not its first item.
        QTest::newRow("pairwise items skipped")
            << QStringList{"a:pairwise", "x:pairwise", "b:ordinal", "a:binary"} << QStringList{"b", "a"};
        QTest::newRow("pairwise only") << QStringList{"a:pairwise"} << QStringList{};
    }
    void rubricPanelOrder()
    {
        QFETCH(QStringList, items);
        QFETCH(QStringList, panels);
        AuditBuilder b;
        int n = 0;
        for (const QString& spec : items) {
            const QString kind = spec.section(':', 1);
            const TaskKind k = kind == "pairwise" ? TaskKind::Pairwise
                               : kind == "binary" ? TaskKind::Binary
                                                  : TaskKind::Ordinal;
            const auto item = b.addItem(b.intern(spec.section(':', 0, 0).toStdString()),
                                        b.intern("i" + std::to_string(n++)), k);
            if (k == TaskKind::Ordinal)
                b.setLevels(item, {b.intern("1"), b.intern("2")});
        }
        ImportLog log;
        const AuditPtr audit = b.build(log);
        QVERIFY(audit);
        QStringList got;
        for (StrId panel : rubricPanels(*audit))
            got << QString::fromStdString(std::string(audit->str(panel)));
        QCOMPARE(got, panels);
    }

    void defaultFirstJudges_data()
    {
        QTest::addColumn<std::vector<int>>("conf");    ///< Conf per judge j0, j1, j2
        QTest::addColumn<std::vector<double>>("cost"); ///< USD per request (NaN: none)
        QTest::addColumn<int>("cascadeFirst");
        QTest::addColumn<bool>("confident");
        QTest::addColumn<int>("errorsFirst");
        const int N = static_cast<int>(Conf::None), K = static_cast<int>(Conf::K1),
                  P = static_cast<int>(Conf::PMet), A = static_cast<int>(Conf::AbstainK1);
        // j0 is the cheapest but has no confidence: j2 (P(MET), 0.01) is cheaper than j1 (K1, 0.02).
        QTest::newRow("cheapest with confidence")
            << std::vector<int>{N, K, P} << std::vector<double>{0.001, 0.02, 0.01} << 2 << true << 1;
        // j1 and j2 cost the same: the first in name order.
        QTest::newRow("tied cost") << std::vector<int>{N, K, K} << std::vector<double>{0.001, 0.01, 0.01} << 1
                                   << true << 1;
        // A judge without a cost ranks last: j2 (0.05) before j1 (no cost).
        QTest::newRow("no cost ranks last")
            << std::vector<int>{N, K, K} << std::vector<double>{0.001, kNaN, 0.05} << 2 << true << 1;
        // Nobody has a confidence: the first judge for both docks.
        QTest::newRow("no confidence")
            << std::vector<int>{N, N, N} << std::vector<double>{0.03, 0.02, 0.01} << 0 << false << 0;
        // j1's confidences are on abstentions: not a scored verdict for K7, but a K1 confidence for K3.
        QTest::newRow("confidence on abstentions")
            << std::vector<int>{N, A, K} << std::vector<double>{0.01, 0.001, 0.02} << 2 << true << 1;
    }
    void defaultFirstJudges()
    {
        QFETCH(std::vector<int>, conf);
        QFETCH(std::vector<double>, cost);
        QFETCH(int, cascadeFirst);
        QFETCH(bool, confident);
        QFETCH(int, errorsFirst);
        std::vector<JudgeSpec> judges;
        for (std::size_t j = 0; j < conf.size(); ++j)
            judges.push_back({static_cast<Conf>(conf[j]), cost[j]});
        const AuditPtr audit = defaultsAudit(judges);
        QVERIFY(audit);
        const RubricVerdictTable table = defaultsTable(*audit, judges.size());
        const DefaultCascadeFirst first = defaultCascadeFirst(*audit, table);
        QCOMPARE(static_cast<int>(first.judge), cascadeFirst);
        QCOMPARE(first.confident, confident);
        QCOMPARE(static_cast<int>(defaultConfidentErrorFirst(table)), errorsFirst);
        for (std::size_t j = 0; j < judges.size(); ++j)
            QCOMPARE(hasConfidence(table, j), judges[j].conf != Conf::None);
    }
};

QTEST_GUILESS_MAIN(TestCascadeFrontier)
#include "tst_cascadefrontier.moc"
