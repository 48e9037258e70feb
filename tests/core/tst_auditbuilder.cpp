#include "analysis/auditsummary.h"
#include "model/auditbuilder.h"

#include <QtTest>

using namespace tribunal;

class TestAuditBuilder : public QObject {
    Q_OBJECT
private slots:
    void groupsByCellAndItem();
    void keepsImportOrder();
    void duplicateKeyStops();
    void duplicateKeySkipped();
    void agreeingCopiesMerge_data();
    void agreeingCopiesMerge();
    void conflictingFields_data();
    void conflictingFields();
    void mergeOnTopOfTheOpenAudit();
    void probabilitiesOfTheLaterCopyAreKept();
    void optionalColumnsMaterialiseLazily();
    void conditionsAreSetsNotLists();
    void continuesFromBase();
    void summaryCounts();
    void stringPoolStableViews();
};

namespace {

struct Fixture {
    AuditBuilder b;
    std::uint32_t file = b.addSourceFile("f.csv");
    std::uint64_t line = 1;

    std::uint32_t item(const char* dataset, const char* id)
    {
        auto d = b.intern(dataset), i = b.intern(id);
        if (auto found = b.findItem(d, i))
            return *found;
        return b.addItem(d, i, TaskKind::Pairwise);
    }
    void add(const char* dataset, const char* id, const char* judge, const char* format, Order order, int rep,
             Answer a, CondId cond = 0)
    {
        JudgmentInput j;
        j.item = item(dataset, id);
        j.judge = b.intern(judge);
        j.format = b.intern(format);
        j.order = order;
        j.rep = static_cast<std::uint16_t>(rep);
        j.answer = a;
        j.condition = cond;
        j.source = {file, ++line};
        b.addJudgment(j);
    }
};

} // namespace

void TestAuditBuilder::groupsByCellAndItem()
{
    Fixture f;
    // Interleaved input: item-major, cells alternate.
    for (const char* id : {"1", "2", "3"})
        for (const char* judge : {"j1", "j2"})
            for (auto order : {Order::BA, Order::AB})
                f.add("d", id, judge, "Direct", order, 1, answer::kA);
    ImportLog log;
    auto audit = f.b.build(log);
    QVERIFY(audit);
    QCOMPARE(audit->judgmentCount(), std::size_t(12));
    QCOMPARE(audit->cells().size(), std::size_t(2));
    for (const auto& cell : audit->cells()) {
        QCOMPARE(cell.end - cell.begin, 6u);
        auto runs = audit->itemRunsOf(cell);
        QCOMPARE(runs.size(), std::size_t(3));
        for (const auto& run : runs) {
            QCOMPARE(run.end - run.begin, 2u);
            // Within an item: AB before BA.
            QCOMPARE(audit->judgments().order[run.begin], Order::AB);
            QCOMPARE(audit->judgments().order[run.begin + 1], Order::BA);
            for (auto r = run.begin; r < run.end; ++r) {
                QCOMPARE(audit->judgments().item[r], run.item);
                QCOMPARE(audit->judgments().judge[r], cell.judge);
            }
        }
    }
    QCOMPARE(audit->str(audit->cells()[0].judge), std::string_view("j1"));
    QCOMPARE(audit->judgmentsOfItem(0).size(), std::size_t(4));
}

void TestAuditBuilder::keepsImportOrder()
{
    Fixture f;
    f.add("d", "2", "j2", "F", Order::BA, 1, answer::kB);
    f.add("d", "1", "j1", "F", Order::AB, 1, answer::kA);
    f.add("d", "2", "j1", "F", Order::AB, 1, answer::kTie);
    ImportLog log;
    auto audit = f.b.build(log);
    QVERIFY(audit);
    auto order = audit->importOrder();
    QCOMPARE(order.size(), std::size_t(3));
    const auto& j = audit->judgments();
    QCOMPARE(j.answer[order[0]], answer::kB);
    QCOMPARE(j.answer[order[1]], answer::kA);
    QCOMPARE(j.answer[order[2]], answer::kTie);
}

void TestAuditBuilder::duplicateKeyStops()
{
    Fixture f;
    f.add("d", "1", "j", "F", Order::AB, 1, answer::kA); // line 2
    f.add("d", "1", "j", "F", Order::BA, 1, answer::kA); // line 3
    f.add("d", "1", "j", "F", Order::AB, 1, answer::kB); // line 4: duplicate of line 2
    ImportLog log;
    auto audit = f.b.build(log);
    QVERIFY(!audit);
    QVERIFY(log.failed);
    QCOMPARE(log.issues.size(), std::size_t(1));
    QCOMPARE(
        QString::fromStdString(log.issues[0].text()),
        QString(
            "f.csv:4: rep: conflicting judgment: same item, judge, format, condition, order and rep as line "
            "2, different answer B here, A there"));
}

void TestAuditBuilder::duplicateKeySkipped()
{
    Fixture f;
    f.add("d", "1", "j", "F", Order::AB, 1, answer::kA);
    f.add("d", "1", "j", "F", Order::AB, 1, answer::kB);
    f.add("d", "1", "j", "F", Order::AB, 1, answer::kTie);
    f.add("d", "1", "j", "F", Order::BA, 1, answer::kB);
    ImportLog log;
    log.policy = BadRecordPolicy::SkipAndList;
    auto audit = f.b.build(log);
    QVERIFY(audit);
    QCOMPARE(log.issues.size(), std::size_t(2));
    QCOMPARE(log.skippedRecords, std::uint64_t(2));
    QCOMPARE(audit->judgmentCount(), std::size_t(2));
    const auto& j = audit->judgments();
    QCOMPARE(j.answer[audit->importOrder()[0]], answer::kA); // the first copy is the one kept
    QCOMPARE(j.answer[audit->importOrder()[1]], answer::kB);
    QCOMPARE(j.order[audit->importOrder()[1]], Order::BA);
    QCOMPARE(audit->cells()[0].end, 2u);
}

// Two judgments with the same key that agree in every field both record merge: kept once, the fields only the
// later copy records filled in, a note per file, no issue.
void TestAuditBuilder::agreeingCopiesMerge_data()
{
    QTest::addColumn<QString>("later"); // what the later copy records besides the answer
    QTest::newRow("identical") << "same";
    QTest::newRow("later lacks the raw output and cost") << "less";
    QTest::newRow("later adds raw output and cost") << "more";
}

void TestAuditBuilder::agreeingCopiesMerge()
{
    QFETCH(QString, later);
    AuditBuilder b;
    const auto file = b.addSourceFile("f.csv");
    const auto item = b.addItem(b.intern("d"), b.intern("1"), TaskKind::Pairwise);
    const auto add = [&](bool full, std::uint64_t line) {
        JudgmentInput j;
        j.item = item;
        j.judge = b.intern("j");
        j.format = b.intern("F");
        j.order = Order::AB;
        j.answer = answer::kA;
        if (full) {
            j.raw = b.intern("[[A]]");
            j.costUsd = 0.25;
        }
        j.source = {file, line};
        b.addJudgment(j);
    };
    add(later != "more", 2);
    add(later != "less", 3);
    ImportLog log; // StopAtFirst: a merge is no bad record
    auto audit = b.build(log);
    QVERIFY(audit);
    QVERIFY(log.issues.empty());
    QCOMPARE(log.mergedRecords, std::uint64_t(1));
    QCOMPARE(audit->judgmentCount(), std::size_t(1));
    QCOMPARE(audit->str(audit->judgments().raw[0]), std::string_view("[[A]]"));
    QCOMPARE(audit->judgments().costUsd(0), 0.25);
    QCOMPARE(log.notes.size(), std::size_t(1));
    QCOMPARE(
        QString::fromStdString(log.notes[0].text()),
        QString("f.csv: 1 judgment merged with ones already read or in the open audit (same key, and every "
                "field both record agrees): kept once, with the fields only the later copy records"));
}

void TestAuditBuilder::conflictingFields_data()
{
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("reason");
    const QString prefix =
        "f.csv:3: rep: conflicting judgment: same item, judge, format, condition, order and rep "
        "as line 2, different ";
    QTest::newRow("answer") << "answer" << prefix + "answer B here, A there";
    QTest::newRow("raw") << "raw" << prefix + "raw output";
    QTest::newRow("cost") << "cost" << prefix + "cost_usd";
    QTest::newRow("latency") << "latency" << prefix + "latency_s";
    QTest::newRow("confidence") << "confidence" << prefix + "confidence";
    QTest::newRow("tokens") << "tokens" << prefix + "tokens";
    QTest::newRow("error") << "error" << prefix + "error";
}

void TestAuditBuilder::conflictingFields()
{
    QFETCH(QString, field);
    QFETCH(QString, reason);
    for (const auto policy : {BadRecordPolicy::StopAtFirst, BadRecordPolicy::SkipAndList}) {
        AuditBuilder b;
        const auto file = b.addSourceFile("f.csv");
        const auto item = b.addItem(b.intern("d"), b.intern("1"), TaskKind::Pairwise);
        for (int copy = 0; copy < 2; ++copy) {
            JudgmentInput j;
            j.item = item;
            j.judge = b.intern("j");
            j.format = b.intern("F");
            j.order = Order::AB;
            j.answer = field == "answer" && copy == 1 ? answer::kB : answer::kA;
            j.raw = b.intern(field == "raw" && copy == 1 ? "[[B]]" : "[[A]]");
            j.costUsd = field == "cost" && copy == 1 ? 0.5 : 0.25;
            j.latencyS = field == "latency" && copy == 1 ? 2.0 : 1.0;
            j.confidence = field == "confidence" && copy == 1 ? 0.6 : 0.9;
            j.tokensIn = field == "tokens" && copy == 1 ? 11 : 10;
            if (field == "error") {
                j.answer = answer::kNone;
                j.error = b.intern(copy == 1 ? "timeout" : "HTTP 500");
            }
            j.source = {file, std::uint64_t(2 + copy)};
            b.addJudgment(j);
        }
        ImportLog log;
        log.policy = policy;
        auto audit = b.build(log);
        QCOMPARE(log.issues.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(log.issues[0].text()), reason);
        QCOMPARE(log.mergedRecords, std::uint64_t(0));
        if (policy == BadRecordPolicy::StopAtFirst) {
            QVERIFY(!audit);
        } else {
            QVERIFY(audit);
            QCOMPARE(audit->judgmentCount(), std::size_t(1)); // the copy read first
            QCOMPARE(audit->judgments().costUsd(0), 0.25);
        }
    }
}

void TestAuditBuilder::mergeOnTopOfTheOpenAudit()
{
    // Importing a file on top of the audit it came from: every judgment merges, none is added.
    Fixture f;
    f.add("d", "1", "j", "F", Order::AB, 1, answer::kA);
    f.add("d", "1", "j", "F", Order::BA, 1, answer::kB);
    ImportLog log;
    auto base = f.b.build(log);
    QVERIFY(base);
    AuditBuilder next(*base);
    const auto file = next.addSourceFile("again.csv");
    for (auto [order, a] : {std::pair{Order::AB, answer::kA}, std::pair{Order::BA, answer::kB}}) {
        JudgmentInput j;
        j.item = *next.findItem(next.intern("d"), next.intern("1"));
        j.judge = next.intern("j");
        j.format = next.intern("F");
        j.order = order;
        j.answer = a;
        j.source = {file, 2};
        next.addJudgment(j);
    }
    ImportLog log2;
    auto audit = next.build(log2);
    QVERIFY(audit);
    QVERIFY(log2.issues.empty());
    QCOMPARE(log2.mergedRecords, std::uint64_t(2));
    QCOMPARE(audit->judgmentCount(), std::size_t(2));
    QCOMPARE(QString::fromStdString(log2.notes.at(0).text()).left(34),
             QString("again.csv: 2 judgments merged with"));
}

void TestAuditBuilder::probabilitiesOfTheLaterCopyAreKept()
{
    // The first copy lacks probabilities, the later has them and lacks the raw output: one judgment with
    // both.
    AuditBuilder b;
    const auto file = b.addSourceFile("f.jsonl");
    const auto item = b.addItem(b.intern("d"), b.intern("1"), TaskKind::Pairwise);
    const ProbEntry probs[] = {{answer::kA, 0.8}, {answer::kB, 0.2}};
    for (int copy = 0; copy < 2; ++copy) {
        JudgmentInput j;
        j.item = item;
        j.judge = b.intern("j");
        j.format = b.intern("F");
        j.order = Order::AB;
        j.answer = answer::kA;
        if (copy == 0)
            j.raw = b.intern("[[A]]");
        else
            j.probs = probs;
        j.source = {file, std::uint64_t(2 + copy)};
        b.addJudgment(j);
    }
    ImportLog log;
    auto audit = b.build(log);
    QVERIFY(audit);
    QVERIFY(log.issues.empty());
    QCOMPARE(log.mergedRecords, std::uint64_t(1));
    QCOMPARE(audit->judgmentCount(), std::size_t(1));
    const auto kept = audit->judgments().probsOf(0);
    QCOMPARE(kept.size(), std::size_t(2));
    QCOMPARE(kept[0].p, 0.8);
    QCOMPARE(audit->str(audit->judgments().raw[0]), std::string_view("[[A]]"));
}

void TestAuditBuilder::optionalColumnsMaterialiseLazily()
{
    AuditBuilder b;
    auto item = b.addItem(b.intern("d"), b.intern("1"), TaskKind::Pairwise);
    JudgmentInput j;
    j.item = item;
    j.judge = b.intern("j");
    j.rep = 1;
    b.addJudgment(j);
    j.rep = 2;
    j.costUsd = 0.25;
    std::vector<ProbEntry> probs{{answer::kA, 0.7}, {answer::kB, 0.3}};
    j.probs = probs;
    b.addJudgment(j);
    j.rep = 3;
    j.costUsd = kMissing;
    j.probs = {};
    b.addJudgment(j);
    ImportLog log;
    auto audit = b.build(log);
    QVERIFY(audit);
    const auto& t = audit->judgments();
    QVERIFY(t.confidenceCol.empty());
    QCOMPARE(t.costUsdCol.size(), std::size_t(3));
    QVERIFY(isMissing(t.costUsd(0)));
    QCOMPARE(t.costUsd(1), 0.25);
    QVERIFY(isMissing(t.costUsd(2)));
    QCOMPARE(t.probsOf(0).size(), std::size_t(0));
    QCOMPARE(t.probsOf(1).size(), std::size_t(2));
    QCOMPARE(t.probsOf(1)[0].p, 0.7);
    QCOMPARE(t.probsOf(2).size(), std::size_t(0));
}

void TestAuditBuilder::conditionsAreSetsNotLists()
{
    AuditBuilder b;
    auto t = b.intern("temperature"), p = b.intern("paradigm"), zero = b.intern("0"),
         direct = b.intern("Direct");
    auto c1 = b.internCondition({{t, zero}, {p, direct}});
    auto c2 = b.internCondition({{p, direct}, {t, zero}});
    QCOMPARE(c1, c2);
    QVERIFY(c1 != 0);
    QCOMPARE(b.internCondition({}), CondId(0));
    QCOMPARE(b.str(b.condition(c1)[0].first), std::string_view("paradigm"));
}

void TestAuditBuilder::continuesFromBase()
{
    Fixture f;
    f.add("d", "1", "j", "F", Order::AB, 1, answer::kA);
    f.b.setLabel(0, answer::kB);
    ImportLog log;
    auto base = f.b.build(log);
    QVERIFY(base);
    AuditBuilder next(*base);
    auto file = next.addSourceFile("g.csv");
    JudgmentInput j;
    j.item = *next.findItem(next.intern("d"), next.intern("1"));
    j.judge = next.intern("j");
    j.format = next.intern("F");
    j.order = Order::AB;
    j.source = {file, 7};
    next.addJudgment(j); // same key as the base's judgment
    ImportLog log2;
    QVERIFY(!next.build(log2));
    QCOMPARE(
        QString::fromStdString(log2.issues.at(0).text()),
        QString(
            "g.csv:7: rep: conflicting judgment: same item, judge, format, condition, order and rep as the "
            "judgment already in the open audit, different answer none here, A there"));
    QCOMPARE(base->judgmentCount(), std::size_t(1)); // untouched
    QCOMPARE(base->items().label[0], answer::kB);
}

void TestAuditBuilder::summaryCounts()
{
    Fixture f;
    f.add("d1", "1", "j1", "F", Order::AB, 1, answer::kA);
    f.add("d1", "1", "j1", "F", Order::BA, 1, answer::kNone);
    f.add("d2", "1", "j2", "G", Order::AB, 2, answer::kB);
    ImportLog log;
    auto audit = f.b.build(log);
    auto s = summarize(*audit);
    QCOMPARE(s.judgments, std::uint64_t(3));
    QCOMPARE(s.items, std::uint64_t(2));
    QCOMPARE(s.missingVerdicts, std::uint64_t(1));
    QCOMPARE(s.byDataset["d1"].judgments, std::uint64_t(2));
    QCOMPARE(s.byDataset["d1"].missingVerdicts, std::uint64_t(1));
    QCOMPARE(s.byOrder["AB"].judgments, std::uint64_t(2));
    QCOMPARE(s.byRep["2"].judgments, std::uint64_t(1));
    QCOMPARE(s.byJudge.size(), std::size_t(2));
    QCOMPARE(s.costUsd.count, std::uint64_t(0));
}

void TestAuditBuilder::stringPoolStableViews()
{
    StringPool pool;
    auto first = pool.intern("alpha");
    auto view = pool.view(first);
    std::string big(600000, 'x');
    for (int i = 0; i < 5000; ++i)
        pool.intern("s" + std::to_string(i));
    auto bigId = pool.intern(big);
    QCOMPARE(view, std::string_view("alpha")); // not moved by growth
    QCOMPARE(pool.view(bigId).size(), big.size());
    QCOMPARE(pool.intern("alpha"), first);
    QCOMPARE(pool.view(0), std::string_view());
    StringPool copy(pool);
    QCOMPARE(copy.view(bigId), pool.view(bigId));
    QCOMPARE(copy.intern("s42"), pool.intern("s42"));
}

QTEST_APPLESS_MAIN(TestAuditBuilder)
#include "tst_auditbuilder.moc"
