// The K9 cross-fitted choices (analysis/crossfit.h crossFitChoices) and their table
// (report/cascadecrossfittable.h, `tribunal-cli cascade --table crossfit`): hand-made halvings with known
// choices - repeated choices, a choice first made late, equal counts (first appearance wins), a half with no
// choice (-1), a half with a fallback but no tau and one with a tau but no fallback, a halving with no choice
// at all, several fallbacks - give exact rows in first-appearance order whose counts sum to 2 x halvings
// minus the skipped halves; the table names the fallbacks as the curve table does (`judge@format` for a
// shared name), writes tau as the curve's tau (the rows join `--table curve`) and the kind's halvings; a
// replay without halvings has no row. Every value by hand.

#include "analysis/crossfit.h"
#include "model/auditbuilder.h"
#include "report/cascadecrossfittable.h"

#include <QtTest>

#include <set>
#include <string>
#include <tuple>
#include <vector>

using namespace tribunal;

namespace {

/// One halving's choices of (2): (fallback, tau) of half A and of half B.
CrossFitHalving halving(int fallbackA, int tauA, int fallbackB, int tauB)
{
    CrossFitHalving h;
    h.chosenFallback[0] = fallbackA;
    h.chosenTau[0] = tauA;
    h.chosenFallback[1] = fallbackB;
    h.chosenTau[1] = tauB;
    // Fields other than chosenFallback / chosenTau do not count.
    h.chosenSingle[0] = h.chosenSingle[1] = 2;
    h.bestLlm[0] = h.bestLlm[1] = 1;
    return h;
}

/// Eight halvings, 16 halves, 5 of them skipped:
///   h0 (0,2) (1,1) | h1 (0,2) (-1,-1) | h2 (1,1) (0,2) | h3 (0,3) (0,2)
///   h4 (-1,-1) (-1,-1) | h5 (2,0) (0,-1) | h6 (1,1) (2,0) | h7 (-1,2) (2,0)
/// Choices in first appearance: (0,2) x 4 [h0A h1A h2B h3B], (1,1) x 3 [h0B h2A h6A], (0,3) x 1 [h3A],
/// (2,0) x 3 [h5A h6B h7B]; 4 + 3 + 1 + 3 = 11 = 16 - 5.
CrossFitResult handMadeResult()
{
    CrossFitResult r;
    r.halvings = {halving(0, 2, 1, 1),     halving(0, 2, -1, -1), halving(1, 1, 0, 2), halving(0, 3, 0, 2),
                  halving(-1, -1, -1, -1), halving(2, 0, 0, -1),  halving(1, 1, 2, 0), halving(-1, 2, 2, 0)};
    return r;
}

using Choice = std::tuple<int, int, int>; ///< fallback, tau, count

std::vector<Choice> tuples(const std::vector<CrossFitChoice>& choices)
{
    std::vector<Choice> out;
    for (const CrossFitChoice& c : choices)
        out.emplace_back(c.fallback, c.tau, c.count);
    return out;
}

/// Panel "P" (binary items i0, i1 labelled MET): judges D, j1 (format F) and G in formats a and b.
AuditPtr choicesAudit()
{
    AuditBuilder b;
    const std::vector<std::pair<std::string, std::string>> judges = {
        {"D", "F"}, {"j1", "F"}, {"G", "a"}, {"G", "b"}};
    for (int i = 0; i < 2; ++i) {
        const auto item = b.addItem(b.intern("P"), b.intern("i" + std::to_string(i)), TaskKind::Binary);
        b.setLabel(item, answer::kMet);
        for (const auto& [judge, format] : judges) {
            JudgmentInput in;
            in.item = item;
            in.judge = b.intern(judge);
            in.format = b.intern(format);
            in.answer = answer::kMet;
            b.addJudgment(in);
        }
    }
    ImportLog log;
    return b.build(log);
}

/// A curve of `n` points at the binary grid's taus k / 50.0.
std::vector<CascadePoint> curve(int n)
{
    std::vector<CascadePoint> out(static_cast<std::size_t>(n));
    for (int k = 0; k < n; ++k) {
        out[static_cast<std::size_t>(k)].tau = k / 50.0;
        out[static_cast<std::size_t>(k)].accuracy = 0.5 + k / 8.0; // exact in binary
        out[static_cast<std::size_t>(k)].cost = k * 0.25;
    }
    return out;
}

} // namespace

class TestCrossFitChoices : public QObject {
    Q_OBJECT
private slots:
    void choices()
    {
        const std::vector<CrossFitChoice> got = crossFitChoices(handMadeResult());
        QCOMPARE(tuples(got), (std::vector<Choice>{{0, 2, 4}, {1, 1, 3}, {0, 3, 1}, {2, 0, 3}}));
        int total = 0;
        for (const CrossFitChoice& c : got)
            total += c.count;
        QCOMPARE(total, 2 * 8 - 5);
    }

    void choicesEdgeCases_data()
    {
        QTest::addColumn<std::vector<CrossFitHalving>>("halvings");
        QTest::addColumn<std::vector<Choice>>("expected");
        QTest::newRow("no halvings") << std::vector<CrossFitHalving>{} << std::vector<Choice>{};
        QTest::newRow("nothing chosen")
            << std::vector<CrossFitHalving>{halving(-1, -1, -1, -1)} << std::vector<Choice>{};
        // Both halves of one halving agree: one choice counted twice.
        QTest::newRow("halves agree")
            << std::vector<CrossFitHalving>{halving(1, 4, 1, 4)} << std::vector<Choice>{{1, 4, 2}};
        // Same fallback, other tau, and same tau, other fallback, are other choices; B after A.
        QTest::newRow("distinct pairs")
            << std::vector<CrossFitHalving>{halving(0, 1, 0, 2), halving(1, 1, 0, 1)}
            << std::vector<Choice>{{0, 1, 2}, {0, 2, 1}, {1, 1, 1}};
        // A choice made more often later still comes after the first one made (no sort by count).
        QTest::newRow("first appearance, not count")
            << std::vector<CrossFitHalving>{halving(2, 0, -1, -1), halving(0, 5, 0, 5), halving(0, 5, 2, 0),
                                            halving(0, 5, 0, 5)}
            << std::vector<Choice>{{2, 0, 2}, {0, 5, 5}};
    }
    void choicesEdgeCases()
    {
        QFETCH(std::vector<CrossFitHalving>, halvings);
        QFETCH(std::vector<Choice>, expected);
        CrossFitResult r;
        r.halvings = halvings;
        QCOMPARE(tuples(crossFitChoices(r)), expected);
    }

    void table()
    {
        const AuditPtr audit = choicesAudit();
        QVERIFY(audit);
        const StrId p = *audit->strings().find("P");
        const StrId f = *audit->strings().find("F");
        const std::vector<JudgeKey> keys = {{*audit->strings().find("D"), f, 0},
                                            {*audit->strings().find("j1"), f, 0},
                                            {*audit->strings().find("G"), *audit->strings().find("a"), 0},
                                            {*audit->strings().find("G"), *audit->strings().find("b"), 0}};
        CascadePanel panel;
        panel.table = rubricVerdictTable(*audit, p, keys);
        // Binary: the hand-made halvings over fallbacks j1, G@a, G@b (table judges 1, 2, 3), 4 taus each.
        CascadeReplay binary;
        binary.dataset = p;
        binary.kind = TaskKind::Binary;
        binary.first = 0;
        for (std::size_t j = 1; j <= 3; ++j) {
            CascadeFallbackCurve c;
            c.judge = j;
            c.curve = curve(4);
            binary.fallbacks.push_back(c);
        }
        binary.crossFit = handMadeResult();
        // Ordinal: an empty pair set runs no K9 (no halvings): no row.
        CascadeReplay ordinal = binary;
        ordinal.kind = TaskKind::Ordinal;
        ordinal.crossFit = {};
        panel.replays = {binary, ordinal};
        const std::vector<CascadePanel> panels = {panel};

        const FlatTable t = cascadeCrossFitTable(*audit, panels);
        QCOMPARE(t.columns, (std::vector<std::string>{"panel", "kind", "fallback", "tau", "count", "halvings",
                                                      "accuracy", "cost"}));
        const std::string csv = writeFlatTable(t, TableFormat::Csv);
        QCOMPARE(QString::fromStdString(csv), QString("panel,kind,fallback,tau,count,halvings,accuracy,cost\n"
                                                      "P,binary,j1,0.04,4,8,0.75,0.5\n"
                                                      "P,binary,G@a,0.02,3,8,0.625,0.25\n"
                                                      "P,binary,j1,0.06,1,8,0.875,0.75\n"
                                                      "P,binary,G@b,0,3,8,0.5,0\n"));
        // Every row joins a curve row on (panel, kind, fallback, tau), cell for cell, with its accuracy and
        // cost.
        const FlatTable curves = cascadeCurveTable(*audit, panels);
        std::set<std::vector<FlatCell>> curveKeys;
        for (const auto& row : curves.rows) // panel, kind, fallback, tau, accuracy, cost
            curveKeys.insert({row[0], row[1], row[3], row[4], row[5], row[7]});
        for (const auto& row : t.rows)
            QVERIFY(curveKeys.count({row[0], row[1], row[2], row[3], row[6], row[7]}) == 1);
    }
};

QTEST_GUILESS_MAIN(TestCrossFitChoices)
#include "tst_crossfitchoices.moc"
