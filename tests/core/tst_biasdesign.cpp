// The bias-test design (core/analysis/biasdesign.h): which original judgments a perturbed judgment is matched
// with (shared or per-test originals, version and order preference, the "position" swap rule), which items
// leave a row and how they are counted, one-run designs, the problem text for perturbed prompts without an
// original, and the fallacy-oversight name rule.
#include "analysis/biasdesign.h"
#include "model/auditbuilder.h"

#include "../common/answerchars.h"
#include "../common/biasaudits.h"

#include <QtTest>

#include <string>
#include <vector>

using namespace tribunal;
using testing::BiasItemSpec;
using testing::BiasRowSpec;

class TestBiasDesign : public QObject {
    Q_OBJECT
private slots:
    void sharedOriginals();
    void perTestOriginalsPreferred();
    void versionPreference_data();
    void versionPreference();
    void orderPreference_data();
    void orderPreference();
    void runsByLowestRep();
    void extraPerturbedCounted();
    void perturbedUnansweredCounted();
    void unansweredOriginals();
    void oneRunDesign();
    void missingSecondRunInTwoRunDesign();
    void perturbedWithoutOriginal();
    void problemTextWithConditionAndVersion();
    void rowOrderAndCue();
    void datasetsPooled();
    void fallacyName_data();
    void fallacyName();
};

namespace {

/// One judgment written out, for designs buildBiasAudit cannot express (orders, reps, per-test originals).
struct J {
    std::string item;
    Variant variant = Variant::Original;
    std::string test;
    std::string version;
    Order order = Order::AB;
    std::uint16_t rep = 1;
    char answer = 'A'; // 'A', 'B', 'T', '-' (none), 'N' (NA)
    Cue cue = Cue::None;
    std::string judge = "J1";
    std::string dataset = "d";
};

J original(std::string item, char answer, Order order = Order::AB, std::uint16_t rep = 1,
           std::string test = {}, std::string version = {})
{
    return {std::move(item), Variant::Original, std::move(test), std::move(version), order, rep, answer};
}

J perturbed(std::string item, char answer, std::string test = "bandwagon", Order order = Order::AB,
            std::uint16_t rep = 1, std::string version = {})
{
    return {std::move(item), Variant::Perturbed, std::move(test), std::move(version), order, rep,
            answer,          Cue::Worse};
}

AuditPtr build(const std::vector<J>& judgments,
               const std::vector<std::pair<std::string, std::string>>& cond = {})
{
    AuditBuilder b;
    Condition condition;
    for (const auto& [k, v] : cond)
        condition.emplace_back(b.intern(k), b.intern(v));
    const CondId condId = b.internCondition(condition);
    for (const J& j : judgments) {
        const StrId dataset = b.intern(j.dataset), itemId = b.intern(j.item);
        auto item = b.findItem(dataset, itemId);
        if (!item)
            item = b.addItem(dataset, itemId, TaskKind::Pairwise);
        JudgmentInput in;
        in.item = *item;
        in.judge = b.intern(j.judge);
        in.format = b.intern("calm");
        in.condition = condId;
        in.order = j.order;
        in.rep = j.rep;
        in.answer = testing::runAnswer(j.answer);
        in.variant = j.variant;
        in.test = b.intern(j.test);
        in.version = b.intern(j.version);
        in.cue = j.cue;
        b.addJudgment(in);
    }
    ImportLog log;
    AuditPtr audit = b.build(log);
    if (!audit)
        qFatal("test audit refused");
    return audit;
}

BiasRow onlyRow(const BiasDesign& design) // a copy: callers pass temporaries
{
    if (design.rows.size() != 1)
        qFatal("expected one row, got %d", int(design.rows.size()));
    return design.rows.front();
}

std::string testOf(const Audit& audit, const BiasRow& row)
{
    return std::string(audit.str(row.key.test));
}

} // namespace

void TestBiasDesign::sharedOriginals()
{
    // Originals recorded once (no test) serve both tests' perturbed prompts.
    BiasRowSpec bandwagon;
    bandwagon.items = {{"i1", 'A', 'A', 'B', 'B'}, {"i2", 'A', 'B', 'B', 'A'}};
    BiasRowSpec authority = bandwagon;
    authority.test = "authority";
    authority.items = {{"i1", 'A', 'A', 'B', 'A'}, {"i2", 'A', 'B', 'B', 'B'}};
    const auto audit = testing::buildBiasAudit({bandwagon, authority});
    const BiasDesign design = collectBiasDesign(*audit);
    QCOMPARE(design.rows.size(), std::size_t(2));
    QVERIFY(design.problems.empty());
    const BiasRow& a = design.rows[0]; // "authority" < "bandwagon"
    const BiasRow& w = design.rows[1];
    QCOMPARE(testOf(*audit, a), std::string("authority"));
    QCOMPARE(testOf(*audit, w), std::string("bandwagon"));
    QCOMPARE(a.items.size(), std::size_t(2));
    QCOMPARE(w.items.size(), std::size_t(2));
    for (std::size_t k = 0; k < 2; ++k) {
        QCOMPARE(a.items[k].original1, w.items[k].original1);
        QCOMPARE(a.items[k].original2, w.items[k].original2);
        QVERIFY(a.items[k].perturbed != w.items[k].perturbed);
    }
    QCOMPARE(w.items[0].o1, answer::kA);
    QCOMPARE(w.items[0].o2, answer::kB);
    QCOMPARE(w.items[0].p, answer::kB);
    QVERIFY(w.items[0].changed());
    QVERIFY(w.items[0].runsDisagree());
    QVERIFY(!a.items[0].changed());
    QVERIFY(a.crAvailable && w.crAvailable);
    QCOMPARE(a.cue, Cue::Worse);
}

void TestBiasDesign::perTestOriginalsPreferred()
{
    // i1 has shared originals (A A) and bandwagon's own (B B): bandwagon uses its own, authority the shared.
    const auto audit =
        build({original("i1", 'A', Order::AB, 1), original("i1", 'A', Order::AB, 2),
               original("i1", 'B', Order::AB, 1, "bandwagon"), original("i1", 'B', Order::AB, 2, "bandwagon"),
               perturbed("i1", 'B', "bandwagon"), perturbed("i1", 'B', "authority")});
    const BiasDesign design = collectBiasDesign(*audit);
    QCOMPARE(design.rows.size(), std::size_t(2));
    const BiasRow& authority = design.rows[0];
    const BiasRow& bandwagon = design.rows[1];
    QCOMPARE(testOf(*audit, bandwagon), std::string("bandwagon"));
    QCOMPARE(bandwagon.items.front().o1, answer::kB);
    QCOMPARE(audit->str(audit->judgments().test[bandwagon.items.front().original1]),
             std::string_view("bandwagon"));
    QVERIFY(!bandwagon.items.front().changed());
    QCOMPARE(authority.items.front().o1, answer::kA);
    QCOMPARE(audit->str(audit->judgments().test[authority.items.front().original2]), std::string_view(""));
    QVERIFY(authority.items.front().changed());
}

void TestBiasDesign::versionPreference_data()
{
    // Which (test, version) originals exist; the first of (T, V), (T, ""), ("", V), ("", "") present wins.
    // Each originals set answers with its own letter pattern so the chosen one is visible in o1.
    QTest::addColumn<bool>("tv");
    QTest::addColumn<bool>("t");
    QTest::addColumn<bool>("v");
    QTest::addColumn<bool>("none");
    QTest::addColumn<QString>("chosen");
    QTest::newRow("all present") << true << true << true << true << "TV";
    QTest::newRow("test only beats version only") << false << true << true << true << "T";
    QTest::newRow("version only beats shared") << false << false << true << true << "V";
    QTest::newRow("shared only") << false << false << false << true << "";
    QTest::newRow("test and version only") << true << false << false << false << "TV";
}

void TestBiasDesign::versionPreference()
{
    QFETCH(bool, tv);
    QFETCH(bool, t);
    QFETCH(bool, v);
    QFETCH(bool, none);
    QFETCH(QString, chosen);
    std::vector<J> js;
    auto add = [&](const std::string& test, const std::string& version) {
        js.push_back(original("i1", 'A', Order::AB, 1, test, version));
        js.push_back(original("i1", 'B', Order::AB, 2, test, version));
    };
    if (tv)
        add("sentiment", "90%");
    if (t)
        add("sentiment", "");
    if (v)
        add("", "90%");
    if (none)
        add("", "");
    js.push_back(perturbed("i1", 'A', "sentiment", Order::AB, 1, "90%"));
    const auto audit = build(js);
    const BiasDesign design = collectBiasDesign(*audit);
    const BiasRow& row = onlyRow(design);
    QCOMPARE(row.items.size(), std::size_t(1));
    const auto& jt = audit->judgments();
    const std::uint32_t o1 = row.items.front().original1, o2 = row.items.front().original2;
    QCOMPARE(jt.variant[o1], Variant::Original);
    const QString got = QString::fromUtf8(std::string(audit->str(jt.test[o1])).c_str()) +
                        QString::fromUtf8(std::string(audit->str(jt.version[o1])).c_str());
    const QString want = chosen == "TV"  ? "sentiment90%"
                         : chosen == "T" ? "sentiment"
                         : chosen == "V" ? "90%"
                                         : "";
    QCOMPARE(got, want);
    // Both runs come from the same originals set.
    QCOMPARE(jt.test[o2], jt.test[o1]);
    QCOMPARE(jt.version[o2], jt.version[o1]);
    QCOMPARE(jt.rep[o1], std::uint16_t(1));
    QCOMPARE(jt.rep[o2], std::uint16_t(2));
}

void TestBiasDesign::orderPreference_data()
{
    // Originals in AB answer A A, in BA answer B B (a run written '-' is unanswered); the perturbed judgment
    // is shown in `perturbedOrder`. Expected: the order whose runs are used, or None for "one run only".
    QTest::addColumn<QString>("test");
    QTest::addColumn<int>("perturbedOrder");
    QTest::addColumn<QString>("ab");
    QTest::addColumn<QString>("ba");
    QTest::addColumn<int>("usedOrder");
    QTest::addColumn<bool>("twoRuns");
    const int AB = int(Order::AB), BA = int(Order::BA);
    QTest::newRow("same order, AB") << "bandwagon" << AB << "AA"
                                    << "BB" << AB << true;
    QTest::newRow("same order, BA") << "bandwagon" << BA << "AA"
                                    << "BB" << BA << true;
    QTest::newRow("preferred order has one run") << "bandwagon" << BA << "AA"
                                                 << "B-" << AB << true;
    QTest::newRow("preferred order never shown") << "bandwagon" << BA << "AA"
                                                 << "" << AB << true;
    QTest::newRow("one run in each: preferred") << "bandwagon" << BA << "A-"
                                                << "B-" << BA << false;
    QTest::newRow("one run, only other order") << "bandwagon" << BA << "A-"
                                               << "--" << AB << false;
    QTest::newRow("position swaps, AB") << "position" << AB << "AA"
                                        << "BB" << BA << true;
    QTest::newRow("position swaps, BA") << "position" << BA << "AA"
                                        << "BB" << AB << true;
    QTest::newRow("position, swapped has one run") << "position" << AB << "AA"
                                                   << "-B" << AB << true;
    QTest::newRow("Position name case") << "Position" << AB << "AA"
                                        << "BB" << BA << true;
}

void TestBiasDesign::orderPreference()
{
    QFETCH(QString, test);
    QFETCH(int, perturbedOrder);
    QFETCH(QString, ab);
    QFETCH(QString, ba);
    QFETCH(int, usedOrder);
    QFETCH(bool, twoRuns);
    std::vector<J> js;
    for (int r = 0; r < ab.size(); ++r)
        js.push_back(original("i1", ab[r].toLatin1(), Order::AB, std::uint16_t(r + 1)));
    for (int r = 0; r < ba.size(); ++r)
        js.push_back(original("i1", ba[r].toLatin1(), Order::BA, std::uint16_t(r + 1)));
    // A second item with both runs keeps the design a two-run design when i1 has one run.
    js.push_back(original("i2", 'A', Order::AB, 1));
    js.push_back(original("i2", 'A', Order::AB, 2));
    js.push_back(original("i2", 'A', Order::BA, 1));
    js.push_back(original("i2", 'A', Order::BA, 2));
    js.push_back(perturbed("i1", 'A', test.toStdString(), Order(perturbedOrder)));
    js.push_back(perturbed("i2", 'A', test.toStdString(), Order(perturbedOrder)));
    const auto audit = build(js);
    const BiasDesign design = collectBiasDesign(*audit);
    const BiasRow& row = onlyRow(design);
    QCOMPARE(row.items.size(), std::size_t(2));
    const BiasItem& item = row.items.front();
    QCOMPARE(audit->str(audit->items().itemId[item.item]), std::string_view("i1"));
    const auto& jt = audit->judgments();
    QCOMPARE(int(jt.order[item.original1]), usedOrder);
    QCOMPARE(item.o1, usedOrder == int(Order::AB) ? answer::kA : answer::kB);
    QCOMPARE(item.hasSecondRun(), twoRuns);
    if (twoRuns)
        QCOMPARE(int(jt.order[item.original2]), usedOrder);
    QCOMPARE(row.gaps.oneRun, twoRuns ? 0u : 1u);
    QCOMPARE(row.completeItems().size(), std::size_t(twoRuns ? 2 : 1)); // i1 leaves when it has one run
}

void TestBiasDesign::runsByLowestRep()
{
    // Reps 3, 1 (unanswered), 2, 5: runs 1 and 2 are the answered reps 2 and 3.
    const auto audit =
        build({original("i1", 'A', Order::AB, 3), original("i1", '-', Order::AB, 1),
               original("i1", 'B', Order::AB, 2), original("i1", 'A', Order::AB, 5), perturbed("i1", 'A')});
    const BiasRow& row = onlyRow(collectBiasDesign(*audit));
    const auto& jt = audit->judgments();
    QCOMPARE(jt.rep[row.items.front().original1], std::uint16_t(2));
    QCOMPARE(jt.rep[row.items.front().original2], std::uint16_t(3));
    QCOMPARE(row.items.front().o1, answer::kB);
    QCOMPARE(row.items.front().o2, answer::kA);
    QVERIFY(row.items.front().changed());
}

void TestBiasDesign::extraPerturbedCounted()
{
    // i1: perturbed AB rep 1 (used), AB rep 2 and BA rep 1 (extra); i2: perturbed BA rep 2 (used), BA rep 1
    // comes first in row order (lowest rep) so it is the one used.
    const auto audit = build(
        {original("i1", 'A', Order::AB, 1), original("i1", 'A', Order::AB, 2),
         original("i2", 'A', Order::AB, 1), original("i2", 'A', Order::AB, 2),
         perturbed("i1", 'B', "bandwagon", Order::BA, 1), perturbed("i1", 'A', "bandwagon", Order::AB, 2),
         perturbed("i1", 'A', "bandwagon", Order::AB, 1), perturbed("i2", 'B', "bandwagon", Order::BA, 2),
         perturbed("i2", 'A', "bandwagon", Order::BA, 1)});
    const BiasRow& row = onlyRow(collectBiasDesign(*audit));
    QCOMPARE(row.gaps.extraPerturbed, 3u);
    QCOMPARE(row.items.size(), std::size_t(2));
    const auto& jt = audit->judgments();
    QCOMPARE(jt.order[row.items[0].perturbed], Order::AB);
    QCOMPARE(jt.rep[row.items[0].perturbed], std::uint16_t(1));
    QCOMPARE(jt.order[row.items[1].perturbed], Order::BA);
    QCOMPARE(jt.rep[row.items[1].perturbed], std::uint16_t(1));
    QVERIFY(!row.items[0].changed());
    QVERIFY(!row.items[1].changed());
}

void TestBiasDesign::perturbedUnansweredCounted()
{
    BiasRowSpec spec;
    spec.items = {{"i1", 'A', 'A', 'A', '-'}, {"i2", 'A', 'A', 'A', 'B'}, {"i3", 'A', 'A', 'B', 'A'}};
    auto audit = testing::buildBiasAudit({spec});
    const BiasRow& row = onlyRow(collectBiasDesign(*audit));
    QCOMPARE(row.gaps.perturbedUnanswered, 1u);
    QCOMPARE(row.items.size(), std::size_t(2));
    QCOMPARE(audit->str(audit->items().itemId[row.items[0].item]), std::string_view("i2"));
    // NA (an abstention) is no verdict either.
    const auto naAudit =
        build({original("i1", 'A', Order::AB, 1), original("i1", 'A', Order::AB, 2), perturbed("i1", 'N'),
               original("i2", 'A', Order::AB, 1), original("i2", 'A', Order::AB, 2), perturbed("i2", 'T')});
    const BiasRow& naRow = onlyRow(collectBiasDesign(*naAudit));
    QCOMPARE(naRow.gaps.perturbedUnanswered, 1u);
    QCOMPARE(naRow.items.size(), std::size_t(1));
    QCOMPARE(naRow.items[0].p, answer::kTie); // a tie is a verdict
}

void TestBiasDesign::unansweredOriginals()
{
    BiasRowSpec spec;
    spec.items = {{"i1", 'A', '-', '-', 'A'}, {"i2", 'A', 'A', 'A', 'B'}};
    const auto audit = testing::buildBiasAudit({spec});
    const BiasDesign design = collectBiasDesign(*audit);
    const BiasRow& row = onlyRow(design);
    QCOMPARE(row.gaps.noAnsweredOriginal, 1u);
    QCOMPARE(row.gaps.noOriginal, 0u);
    QCOMPARE(row.items.size(), std::size_t(1));
    QVERIFY(design.problems.empty()); // originals exist: not "no original prompt"
}

void TestBiasDesign::oneRunDesign()
{
    BiasRowSpec spec;
    spec.items = {{"i1", 'A', 'A', ' ', 'A'}, {"i2", 'A', 'B', ' ', 'A'}, {"i3", 'A', 'A', ' ', 'B'}};
    const auto audit = testing::buildBiasAudit({spec});
    const BiasRow& row = onlyRow(collectBiasDesign(*audit));
    QVERIFY(!row.crAvailable);
    QCOMPARE(row.items.size(), std::size_t(3));
    QCOMPARE(row.completeItems().size(), std::size_t(3)); // all single-run items, for RR
    QCOMPARE(row.gaps.oneRun, 0u);                        // a one-run design misses nothing
    for (const BiasItem& item : row.items) {
        QVERIFY(!item.hasSecondRun());
        QVERIFY(!item.runsDisagree());
        QCOMPARE(item.o2, answer::kNone);
    }
    QVERIFY(row.items[1].changed() && row.items[2].changed() && !row.items[0].changed());
}

void TestBiasDesign::missingSecondRunInTwoRunDesign()
{
    BiasRowSpec spec;
    spec.items = {{"i1", 'A', 'A', 'A', 'A'}, {"i2", 'A', 'B', ' ', 'A'}, {"i3", 'A', 'A', '-', 'B'}};
    const auto audit = testing::buildBiasAudit({spec});
    const BiasRow& row = onlyRow(collectBiasDesign(*audit));
    QVERIFY(row.crAvailable);
    QCOMPARE(row.items.size(), std::size_t(3));
    QCOMPARE(row.gaps.oneRun, 2u);
    const auto complete = row.completeItems();
    QCOMPARE(complete.size(), std::size_t(1));
    QCOMPARE(audit->str(audit->items().itemId[complete[0].item]), std::string_view("i1"));
}

void TestBiasDesign::perturbedWithoutOriginal()
{
    BiasRowSpec one;
    one.items = {{"i1", 'A', ' ', ' ', 'A'}, {"i2", 'A', 'A', 'A', 'B'}};
    BiasRowSpec two;
    two.test = "sentiment";
    two.version = "90%";
    two.items = {{"j1", 'A', ' ', ' ', 'A'}, {"j2", 'A', ' ', ' ', 'B'}};
    const auto audit = testing::buildBiasAudit({one, two});
    const BiasDesign design = collectBiasDesign(*audit);
    QCOMPARE(design.rows.size(), std::size_t(2));
    QCOMPARE(design.rows[0].gaps.noOriginal, 1u);
    QCOMPARE(design.rows[0].items.size(), std::size_t(1));
    QCOMPARE(design.rows[1].gaps.noOriginal, 2u);
    QVERIFY(design.rows[1].items.empty());
    QVERIFY(!design.rows[1].crAvailable);
    QVERIFY(design.rows[1].completeItems().empty());
    const std::vector<std::string> want{
        "judge J1, format calm, test bandwagon: 1 perturbed prompt has no original prompt",
        "judge J1, format calm, test sentiment, version 90%: 2 perturbed prompts have no original prompt"};
    QCOMPARE(design.problems, want);
}

void TestBiasDesign::problemTextWithConditionAndVersion()
{
    // An original of the same item under another judge does not count.
    J other = original("i1", 'A');
    other.judge = "J2";
    const auto audit = build({other, perturbed("i1", 'A', "authority", Order::AB, 1, "v2")},
                             {{"temperature", "0.7"}, {"prompt", "cot"}});
    const BiasDesign design = collectBiasDesign(*audit);
    const std::vector<std::string> want{"judge J1, format calm, prompt=cot, temperature=0.7, test authority, "
                                        "version v2: 1 perturbed prompt has "
                                        "no original prompt"};
    QCOMPARE(design.problems, want);
    QCOMPARE(describeBiasRow(*audit, onlyRow(design).key),
             std::string("judge J1, format calm, prompt=cot, temperature=0.7, test authority, version v2"));
}

void TestBiasDesign::rowOrderAndCue()
{
    // Rows by judge, format, condition, test, version (string order), whatever the input order.
    std::vector<J> js;
    for (const char* judge : {"J2", "J1"}) {
        J o1 = original("i1", 'A', Order::AB, 1), o2 = original("i1", 'A', Order::AB, 2);
        o1.judge = o2.judge = judge;
        js.push_back(o1);
        js.push_back(o2);
        for (const char* test : {"verbosity", "authority"})
            for (const char* version : {"b", "a"}) {
                J p = perturbed("i1", 'A', test, Order::AB, 1, version);
                p.judge = judge;
                p.cue = std::string(test) == "authority" ? Cue::Better : Cue::Worse;
                js.push_back(p);
            }
    }
    // Two items of J1 / verbosity / a with different cues: the row's cue is None.
    J extraO1 = original("i2", 'A', Order::AB, 1), extraO2 = original("i2", 'A', Order::AB, 2);
    J extraP = perturbed("i2", 'B', "verbosity", Order::AB, 1, "a");
    extraP.cue = Cue::Better;
    for (J* j : {&extraO1, &extraO2, &extraP})
        j->judge = "J1";
    js.insert(js.end(), {extraO1, extraO2, extraP});
    const auto audit = build(js);
    const BiasDesign design = collectBiasDesign(*audit);
    QCOMPARE(design.rows.size(), std::size_t(8));
    QStringList got;
    for (const BiasRow& row : design.rows)
        got << QString::fromStdString(std::string(audit->str(row.key.judge)) + "/" +
                                      std::string(audit->str(row.key.test)) + "/" +
                                      std::string(audit->str(row.key.version)));
    QCOMPARE(got, QStringList({"J1/authority/a", "J1/authority/b", "J1/verbosity/a", "J1/verbosity/b",
                               "J2/authority/a", "J2/authority/b", "J2/verbosity/a", "J2/verbosity/b"}));
    QCOMPARE(design.rows[0].cue, Cue::Better);
    QCOMPARE(design.rows[2].cue, Cue::None); // mixed cues
    QCOMPARE(design.rows[2].items.size(), std::size_t(2));
    QCOMPARE(design.rows[3].cue, Cue::Worse);
}

void TestBiasDesign::datasetsPooled()
{
    J a1 = original("x", 'A', Order::AB, 1), a2 = original("x", 'A', Order::AB, 2), ap = perturbed("x", 'B');
    J b1 = original("x", 'B', Order::AB, 1), b2 = original("x", 'B', Order::AB, 2), bp = perturbed("x", 'B');
    for (J* j : {&b1, &b2, &bp})
        j->dataset = "other";
    const auto audit = build({a1, a2, ap, b1, b2, bp});
    const BiasRow& row = onlyRow(collectBiasDesign(*audit));
    QCOMPARE(row.items.size(), std::size_t(2)); // one row, items of both datasets
    QVERIFY(row.items[0].item != row.items[1].item);
    QCOMPARE(int(row.items[0].changed()) + int(row.items[1].changed()), 1);
}

void TestBiasDesign::fallacyName_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("fallacy");
    QTest::newRow("fallacy") << "fallacy" << true;
    QTest::newRow("fallacy oversight") << "fallacy oversight" << true;
    QTest::newRow("Fallacy-Oversight") << "Fallacy-Oversight" << true;
    QTest::newRow("FALLACY_OVERSIGHT") << "FALLACY_OVERSIGHT" << true;
    QTest::newRow("fallacyoversight") << "fallacyoversight" << true;
    QTest::newRow("spaces around") << " fallacy " << true;
    QTest::newRow("fallacies") << "fallacies" << false;
    QTest::newRow("oversight") << "oversight" << false;
    QTest::newRow("fallacy check") << "fallacy check" << false;
    QTest::newRow("empty") << "" << false;
}

void TestBiasDesign::fallacyName()
{
    QFETCH(QString, name);
    QFETCH(bool, fallacy);
    QCOMPARE(isFallacyTest(name.toStdString()), fallacy);
    // The row flag follows the name.
    BiasRowSpec spec;
    spec.test = name.isEmpty() ? "x" : name.toStdString();
    spec.items = {{"i1", 'A', 'A', 'A', 'B'}};
    const auto audit = testing::buildBiasAudit({spec});
    QCOMPARE(onlyRow(collectBiasDesign(*audit)).fallacy, name.isEmpty() ? false : fallacy);
}

QTEST_APPLESS_MAIN(TestBiasDesign)
#include "tst_biasdesign.moc"
