// Tribunal JSONL: lossless round trips (hand-built audit covering every field, the LLMBar verdicts CSV),
// field conversions, and bad input (exact messages, nothing changed).
// Over 600 lines on purpose: one suite per format, most of it data rows of bad input (one per message).

#include "../common/auditcompare.h"
#include "../common/testaudits.h"
#include "../common/testfiles.h"
#include "io/exporter.h"
#include "io/importer.h"
#include "model/auditbuilder.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <atomic>

using namespace tribunal;
using namespace std::string_view_literals;
using test::compareAudits;
using test::issuesText;

class TestJsonl : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void itemsPath();
    void sampleFiles();
    void roundTripHandBuilt();
    void judgmentsBeforeItems();
    void siblingItemsFile();
    void siblingItemsFileNotReadTwice();
    void noSiblingItemsFile();
    void roundTripLlmbarCsv();
    void conversions();
    void embeddedItemFieldsAndRatingsArray();
    void unknownKeysKept();
    void blankLinesBomCrlf();
    void depth64Accepted();
    void badInput_data();
    void badInput();
    void skipAndList();
    void fatalFailsWhateverThePolicy();
    void longLine();
    void cancel();
    void keptTribunalKeysRoundTrip();
    void exportFailureLeavesFilesUntouched();
    void unknownOrderRoundTrips();

private:
    QTemporaryDir m_dir;
    AuditPtr m_base, m_baseCopy;
    int m_fileNo = 0;
    std::string path(const char* name) const { return m_dir.filePath(QString::fromUtf8(name)).toStdString(); }
    std::string write(const QByteArray& content, const char* suffix = ".jsonl");
};

namespace {

std::vector<std::pair<std::string, std::string>> conditionTexts(const Audit& a, CondId id)
{
    std::vector<std::pair<std::string, std::string>> out;
    for (const auto& [k, v] : a.conditions()[id])
        out.emplace_back(a.str(k), a.str(v));
    return out;
}

std::string conditionString(const std::vector<std::pair<std::string, std::string>>& pairs)
{
    std::string out = "{";
    for (const auto& [k, v] : pairs)
        out += k + "=" + v + ";";
    return out + "}";
}

QByteArray readAll(const std::string& path)
{
    return test::readFile(QString::fromStdString(path));
}

ImportOutcome import(const std::vector<std::string>& paths, const Audit* base = nullptr,
                     BadRecordPolicy policy = BadRecordPolicy::StopAtFirst)
{
    ImportOptions options;
    options.policy = policy;
    options.format = SourceFormat::TribunalJsonl;
    return importSources(paths, base, options);
}

// An audit using every field: all three kinds, texts with unicode / quotes / newlines / control characters,
// levels, ratings, conditions, probabilities, every optional column (with awkward doubles), bias fields and
// unknown keys at item and judgment level.
AuditPtr handBuiltAudit()
{
    AuditBuilder b;
    const auto file = b.addSourceFile("hand");
    std::uint64_t line = 0;
    auto s = [&b](std::string_view text) { return b.intern(text); };

    const auto p1 = b.addItem(s("pairs"), s("p1"), TaskKind::Pairwise);
    b.setText(p1, ItemText::Question, s("Which is better? «ünïcödé» 🎉\nSecond line"));
    b.setText(p1, ItemText::ResponseA, s("Answer \"A\"\twith tab"));
    b.setText(p1, ItemText::ResponseB, s("Answer B \\ backslash / slash"));
    b.setText(p1, ItemText::UnitId, s("u1"));
    b.setText(p1, ItemText::Group, s("g1"));
    b.setText(p1, ItemText::Strata, s("hard"));
    b.setText(p1, ItemText::Domain, s("math"));
    b.setText(p1, ItemText::Extra, s(R"({"source":"hand","n":[1,2.5,{"x":null}],"flag":true})"));
    b.setLabel(p1, answer::kA);
    const auto p2 = b.addItem(s("pairs"), s("p2"), TaskKind::Pairwise);
    b.setLabel(p2, answer::kTie);
    const auto b1 = b.addItem(s("rubric"), s("b1"), TaskKind::Binary);
    b.setText(b1, ItemText::Input, s("Write a haiku"));
    b.setText(b1, ItemText::Submission, s("An old silent pond"));
    b.setText(b1, ItemText::Criterion, s("Has 17 syllables"));
    b.setLabel(b1, answer::kMet);
    b.setRatings(b1, {{s("r1"), answer::kMet},
                      {s("r2"), answer::kUnmet},
                      {s("r3"), answer::kNA},
                      {s("r4"), answer::kNone}});
    const auto o1 = b.addItem(s("rubric"), s("o1"), TaskKind::Ordinal);
    b.setText(o1, ItemText::Criterion, s("Fluency"));
    b.setLevels(o1, {s("poor"), s("fair"), s(""), s("great")});
    b.setLabel(o1, 3);
    b.setRatings(o1, {{s("alice"), 2}, {s("bob"), 4}});
    const auto o2 = b.addItem(s("rubric"), s("o2"), TaskKind::Ordinal);
    b.setLabel(o2, 7);
    b.addItem(s("rubric"), s("b2"), TaskKind::Binary); // no judgments, no fields

    const CondId c1 = b.internCondition({{s("temperature"), s("0.7")}, {s("paradigm"), s("direct")}});
    // Numeric condition values in canonical form, as every importer stores them (`1.0` reads back as `1`).
    const CondId c2 = b.internCondition({{s("temperature"), s("1")}, {s("stream"), s("true")}});
    std::vector<std::vector<ProbEntry>> probStore;
    probStore.reserve(16);

    struct J {
        std::uint32_t item;
        const char* judge;
        const char* format;
        CondId cond;
        Order order;
        int rep;
        Answer answer;
    };
    auto add = [&](const J& j, auto&& extra) {
        JudgmentInput in;
        in.item = j.item;
        in.judge = s(j.judge);
        in.format = s(j.format);
        in.condition = j.cond;
        in.order = j.order;
        in.rep = static_cast<std::uint16_t>(j.rep);
        in.answer = j.answer;
        in.source = {file, ++line};
        extra(in);
        b.addJudgment(in);
    };
    auto none = [](JudgmentInput&) {};
    const std::string raw = std::string("Reasoning:\n1. \"A\" is better — ünïcödé ✓ 🎉\n\tEnd\r\n") +
                            std::string("\x01 and NUL:\0!"sv) + "\\ done";
    add({p1, "gpt-4o", "CoT", c1, Order::AB, 1, answer::kA}, [&](JudgmentInput& in) {
        probStore.push_back({{answer::kA, 0.8}, {answer::kB, 0.15}, {answer::kTie, 0.05}});
        in.probs = probStore.back();
        in.confidence = 0.9;
        in.costUsd = 0.00123;
        in.tokensIn = 120;
        in.tokensOut = 45;
        in.latencyS = 1.5;
        in.raw = s(raw);
        in.extra = s(R"({"req_id":"x-1","nested":{"a":[true,false,null],"e":1e-07}})");
    });
    add({p1, "gpt-4o", "CoT", c1, Order::BA, 1, answer::kB}, [&](JudgmentInput& in) {
        in.test = s("bandwagon");
        in.version = s("90%");
        in.variant = Variant::Perturbed;
        in.cue = Cue::Better;
        in.costUsd = -0.0;
    });
    add({p1, "gpt-4o", "CoT", c1, Order::AB, 2, answer::kNone},
        [&](JudgmentInput& in) { in.error = s("timeout: no answer after 60 s"); });
    add({p1, "claude", "", 0, Order::AB, 1, answer::kTie}, [&](JudgmentInput& in) {
        in.confidence = 0.1 + 0.2;
        in.latencyS = 1e-300;
        in.costUsd = 5e-324;
        in.tokensIn = 0;
        in.tokensOut = 9007199254740993;
    });
    add({p2, "gpt-4o", "CoT", c2, Order::AB, 1, answer::kTie}, [&](JudgmentInput& in) {
        in.variant = Variant::Original;
        in.cue = Cue::Worse;
        in.test = s("bandwagon");
        in.version = s("10%");
    });
    add({p2, "gpt-4o", "CoT", c2, Order::BA, 1, answer::kNA}, none);
    add({b1, "gpt-4o", "rubric", 0, Order::None, 1, answer::kMet}, [&](JudgmentInput& in) {
        probStore.push_back({{answer::kMet, 0.7}, {answer::kUnmet, 0.3}});
        in.probs = probStore.back();
    });
    add({b1, "claude", "rubric", 0, Order::None, 1, answer::kUnmet}, none);
    add({b1, "claude", "rubric", 0, Order::None, 2, answer::kNA}, none);
    add({b1, "claude", "rubric", 0, Order::None, 3, answer::kNone},
        [&](JudgmentInput& in) { in.error = s("refused"); });
    add({o1, "gpt-4o", "scale", c1, Order::None, 1, 3}, [&](JudgmentInput& in) {
        probStore.push_back({{1, 0.1}, {4, 0.9}});
        in.probs = probStore.back();
    });
    add({o1, "claude", "scale", 0, Order::None, 1, answer::kNA}, none);
    add({o1, "claude", "scale", 0, Order::None, 2, 4}, none);
    add({o2, "gpt-4o", "scale", 0, Order::None, 1, 7}, [&](JudgmentInput& in) {
        in.confidence = 1.0;
        in.latencyS = 1.7976931348623157e308;
    });
    // Imported out of cell order, so import order differs from row order.
    add({p2, "claude", "", 0, Order::BA, 3, answer::kB}, none);

    ImportLog log;
    return b.build(log);
}

} // namespace

std::string TestJsonl::write(const QByteArray& content, const char* suffix)
{
    const auto name = "in" + std::to_string(++m_fileNo) + suffix;
    const auto p = path(name.c_str());
    if (!test::writeFile(QString::fromStdString(p), content))
        qFatal("cannot write test file");
    return p;
}

void TestJsonl::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const QByteArray base = R"({"dataset":"base","item_id":"1","label":"A","question":"Q?"}
{"dataset":"base","item_id":"1","judge":"j","order":"AB","answer":"A"}
)";
    auto p = write(base);
    auto first = import({p});
    auto second = import({p});
    QVERIFY2(first.audit && second.audit, qPrintable(issuesText(first.log)));
    m_base = first.audit;
    m_baseCopy = second.audit;
    QCOMPARE(QString::fromStdString(compareAudits(*m_base, *m_baseCopy)), QString());
}

void TestJsonl::itemsPath()
{
    QCOMPARE(itemsPathFor("x.jsonl"), std::string("x.items.jsonl"));
    QCOMPARE(itemsPathFor("/a/b.c/run.jsonl"), std::string("/a/b.c/run.items.jsonl"));
    QCOMPARE(itemsPathFor("data.json"), std::string("data.json.items.jsonl"));
    QCOMPARE(itemsPathFor(".jsonl"), std::string(".jsonl.items.jsonl"));
}

void TestJsonl::sampleFiles()
{
    // The example in tests/data/jsonl (items file first, as the CLI passes them).
    const std::string items = TRIBUNAL_TEST_DATA "/jsonl/sample.items.jsonl";
    const std::string judgments = TRIBUNAL_TEST_DATA "/jsonl/sample.jsonl";
    auto out = import({items, judgments});
    QVERIFY2(out.audit, qPrintable(issuesText(out.log)));
    const auto& a = *out.audit;
    QCOMPARE(a.itemCount(), std::size_t(3));
    QCOMPARE(a.judgmentCount(), std::size_t(5));
    const auto& j = a.judgments();
    const auto order = a.importOrder();
    QCOMPARE(j.answer[order[0]], answer::kA);
    QCOMPARE(j.answer[order[1]], answer::kA); // BA, the judge named the second slot
    QCOMPARE(j.answer[order[2]], answer::kNone);
    QCOMPARE(a.str(j.error[order[2]]), std::string_view("timeout"));
    QCOMPARE(a.str(j.extra[order[2]]), std::string_view(R"({"request_id":"req-77"})"));
    QCOMPARE(j.answer[order[3]], answer::kMet);
    QCOMPARE(j.answer[order[4]], Answer(4));
    QCOMPARE(j.variant[order[4]], Variant::Perturbed);
    QCOMPARE(conditionString(conditionTexts(a, j.condition[order[0]])), std::string("{temperature=0.7;}"));
    auto fluency = a.findItem("rubric-demo", "haiku-1-fluency");
    QVERIFY(fluency);
    QCOMPARE(a.items().levels(*fluency).size(), std::size_t(4));
    QCOMPARE(a.items().itemRatings(*fluency).size(), std::size_t(2));
    QCOMPARE(a.str(a.items().itemRatings(*fluency)[1].rater), std::string_view("2"));
    QCOMPARE(a.str(a.items().field(ItemText::Extra, *fluency)),
             std::string_view(R"({"annotator_note":"easy case"})"));

    const auto again = path("sample.jsonl");
    std::string error;
    QVERIFY2(exportJsonl(a, again, &error), error.c_str());
    auto back = import({itemsPathFor(again), again});
    QVERIFY2(back.audit, qPrintable(issuesText(back.log)));
    QCOMPARE(QString::fromStdString(compareAudits(a, *back.audit)), QString());
}

void TestJsonl::roundTripHandBuilt()
{
    auto audit = handBuiltAudit();
    QVERIFY(audit);
    QCOMPARE(audit->judgmentCount(), std::size_t(15));
    const auto out = path("hand.jsonl");
    std::string error;
    QVERIFY2(exportJsonl(*audit, out, &error), error.c_str());
    const auto itemsFile = itemsPathFor(out);
    QVERIFY(QFile::exists(QString::fromStdString(itemsFile)));

    // Spot checks of the written text.
    const auto judgments = readAll(out);
    const auto items = readAll(itemsFile);
    QCOMPARE(judgments.count('\n'), 15);
    QCOMPARE(items.count('\n'), 6);
    QVERIFY(judgments.contains(R"("cost_usd":-0.0)"));
    QVERIFY(judgments.contains(R"("req_id":"x-1","nested":{"a":[true,false,null],"e":1e-07}})"));
    QVERIFY(judgments.contains(R"(\u0001 and NUL:\u0000!)"));
    QVERIFY(items.contains(
        R"("levels":["poor","fair","","great"],"label":"3","ratings":{"alice":"2","bob":"4"})"));
    QVERIFY(items.contains(R"("label":"A","source":"hand")"));
    QVERIFY(!judgments.contains("question"));
    const auto firstJudgment = judgments.left(judgments.indexOf('\n'));
    QCOMPARE(firstJudgment,
             QByteArray(R"({"dataset":"pairs","item_id":"p1","judge":"gpt-4o","format":"CoT",)"
                        R"("condition":{"paradigm":"direct","temperature":"0.7"},"order":"AB","rep":1,)"
                        R"("answer":"A","probs":{"A":0.8,"B":0.15,"tie":0.05},"confidence":0.9,)"
                        R"("cost_usd":0.00123,"tokens_in":120,"tokens_out":45,"latency_s":1.5,)"
                        R"("raw":"Reasoning:\n1. \"A\" is better — ünïcödé ✓ 🎉\n\tEnd\r\n\u0001 and )"
                        R"(NUL:\u0000!\\ done","req_id":"x-1","nested":{"a":[true,false,null],"e":1e-07}})"));

    auto back = import({itemsFile, out});
    QVERIFY2(back.audit, qPrintable(issuesText(back.log)));
    QVERIFY(back.log.issues.empty());
    QCOMPARE(QString::fromStdString(compareAudits(*audit, *back.audit)), QString());

    // Exporting the re-imported audit writes the same bytes.
    const auto again = path("hand2.jsonl");
    QVERIFY2(exportJsonl(*back.audit, again, &error), error.c_str());
    QCOMPARE(readAll(again), judgments);
    QCOMPARE(readAll(itemsPathFor(again)), items);

    // The compare helper does see differences.
    auto other = import({itemsFile});
    QVERIFY(other.audit);
    QCOMPARE(QString::fromStdString(compareAudits(*audit, *other.audit)),
             QString("audit: judgment count: 15 != 0"));
}

void TestJsonl::judgmentsBeforeItems()
{
    // The judgments file first: judgments create their items (kind from `kind`), the items file fills them.
    auto audit = handBuiltAudit();
    const auto out = path("order.jsonl");
    std::string error;
    QVERIFY2(exportJsonl(*audit, out, &error), error.c_str());
    auto back = import({out, itemsPathFor(out)});
    QVERIFY2(back.audit, qPrintable(issuesText(back.log)));
    QCOMPARE(QString::fromStdString(compareAudits(*audit, *back.audit)), QString());
}

void TestJsonl::siblingItemsFile()
{
    // The judgments file alone: its items (labels, texts, ratings) come from the file export wrote beside it,
    // read first, and a note says so.
    auto audit = handBuiltAudit();
    const auto out = path("sibling.jsonl");
    std::string error;
    QVERIFY2(exportJsonl(*audit, out, &error), error.c_str());
    auto back = import({out});
    QVERIFY2(back.audit, qPrintable(issuesText(back.log)));
    QCOMPARE(QString::fromStdString(compareAudits(*audit, *back.audit)), QString());
    QCOMPARE(back.log.notes.size(), std::size_t(1));
    QCOMPARE(
        QString::fromStdString(back.log.notes[0].text()),
        QString::fromStdString(out + ": read the items (texts, labels) from sibling.items.jsonl beside it"));
    QVERIFY(back.log.issues.empty());
    // The automatic format detection takes the same path.
    auto detected = importSources({out}, nullptr, {});
    QVERIFY2(detected.audit, qPrintable(issuesText(detected.log)));
    QCOMPARE(QString::fromStdString(compareAudits(*audit, *detected.audit)), QString());
    QCOMPARE(detected.log.notes.size(), std::size_t(1));
}

void TestJsonl::siblingItemsFileNotReadTwice()
{
    auto audit = handBuiltAudit();
    const auto out = path("twice.jsonl");
    std::string error;
    QVERIFY2(exportJsonl(*audit, out, &error), error.c_str());
    // Given among the inputs (before or after, or spelt another way), the items file is read where it is,
    // once: no note. (Read twice, its source file would be listed twice.)
    const auto otherSpelling = m_dir.path().toStdString() + "/./twice.items.jsonl";
    for (const auto& inputs :
         {std::vector<std::string>{itemsPathFor(out), out}, std::vector<std::string>{out, itemsPathFor(out)},
          std::vector<std::string>{otherSpelling, out}}) {
        auto back = import(inputs);
        QVERIFY2(back.audit, qPrintable(issuesText(back.log)));
        QVERIFY(back.log.notes.empty());
        QCOMPARE(back.itemsAdded, std::uint64_t(audit->itemCount()));
        QCOMPARE(QString::fromStdString(compareAudits(*audit, *back.audit)), QString());
    }
    QCOMPARE(jsonlSiblingItems(out, {out}), std::optional<std::string>(itemsPathFor(out)));
    QCOMPARE(jsonlSiblingItems(out, {otherSpelling, out}), std::optional<std::string>());
}

void TestJsonl::noSiblingItemsFile()
{
    auto audit = handBuiltAudit();
    std::string error;
    // A judgments file not named X.jsonl has no sibling, even when NAME.items.jsonl (what export writes)
    // exists: the judgments then create their items without labels.
    const auto json = path("plain.json");
    QVERIFY2(exportJsonl(*audit, json, &error), error.c_str());
    QVERIFY(QFile::exists(QString::fromStdString(itemsPathFor(json))));
    QCOMPARE(jsonlSiblingItems(json, {json}), std::optional<std::string>());
    auto plain = import({json});
    QVERIFY2(plain.audit, qPrintable(issuesText(plain.log)));
    QVERIFY(plain.log.notes.empty());
    QCOMPARE(plain.audit->judgmentCount(), audit->judgmentCount());
    QVERIFY(plain.audit->itemCount() < audit->itemCount()); // items without judgments are not there
    // An items file has no sibling of its own (`x.items.jsonl` is not the judgments of
    // `x.items.items.jsonl`).
    const auto itemsNamed = path("named.items.jsonl");
    QVERIFY2(exportJsonl(*audit, itemsNamed, &error), error.c_str());
    QCOMPARE(jsonlSiblingItems(itemsNamed, {itemsNamed}), std::optional<std::string>());
    auto named = import({itemsNamed});
    QVERIFY2(named.audit, qPrintable(issuesText(named.log)));
    QVERIFY(named.log.notes.empty());
    // Nothing beside it: nothing read, no note.
    const auto lonely = path("lonely.jsonl");
    QVERIFY(QFile::copy(QString::fromStdString(json), QString::fromStdString(lonely)));
    QCOMPARE(jsonlSiblingItems(lonely, {lonely}), std::optional<std::string>());
    auto alone = import({lonely});
    QVERIFY2(alone.audit, qPrintable(issuesText(alone.log)));
    QVERIFY(alone.log.notes.empty());
    QCOMPARE(alone.audit->itemCount(), plain.audit->itemCount());
}

void TestJsonl::roundTripLlmbarCsv()
{
    const std::string csv = TRIBUNAL_SHARED_DATA "/llmbar/llmbar_verdicts.csv";
    ImportOptions options;
    auto original = importSources({csv}, nullptr, options);
    QVERIFY2(original.audit, qPrintable(issuesText(original.log)));
    QCOMPARE(original.audit->judgmentCount(), std::size_t(74960));
    const auto out = path("llmbar.jsonl");
    std::string error;
    QVERIFY2(exportJsonl(*original.audit, out, &error), error.c_str());
    auto back = import({itemsPathFor(out), out});
    QVERIFY2(back.audit, qPrintable(issuesText(back.log)));
    QCOMPARE(QString::fromStdString(compareAudits(*original.audit, *back.audit)), QString());
}

void TestJsonl::conversions()
{
    const auto p = write(
        // slot with order BA: first -> B; integer item id; numbers and booleans in the condition
        R"({"dataset":"d","item_id":17,"judge":"j","order":"BA","slot":"first","condition":{"t":0.70,"seed":42,"stream":true,"top_p":1.0,"empty":"","gone":null}})"
        "\n"
        // slot agreeing with the canonical answer; synonym `winner`
        R"({"dataset":"d","item_id":"17","judge":"j","order":"AB","rep":2,"slot":2,"winner":"b"})"
        "\n"
        // synonym `verdict`; null optional fields; no answer at all = none
        R"({"dataset":"d","item_id":"17","judge":"j","order":"AB","rep":3,"verdict":"tie","raw":null,"confidence":null})"
        "\n"
        R"({"dataset":"d","item_id":"17","judge":"j","order":"BA","rep":3})"
        "\n"
        // ordinal answers as integers
        R"({"dataset":"d","item_id":"o","kind":"ordinal","judge":"j","answer":5,"probs":{"5":1}})"
        "\n");
    auto out = import({p});
    QVERIFY2(out.audit, qPrintable(issuesText(out.log)));
    const auto& a = *out.audit;
    const auto& j = a.judgments();
    QCOMPARE(a.judgmentCount(), std::size_t(5));
    auto item = a.findItem("d", "17");
    QVERIFY(item);
    QCOMPARE(a.items().kind[*item], TaskKind::Pairwise);
    const auto order = a.importOrder();
    QCOMPARE(j.answer[order[0]], answer::kB);
    QCOMPARE(j.answer[order[1]], answer::kB);
    QCOMPARE(j.answer[order[2]], answer::kTie);
    QCOMPARE(j.answer[order[3]], answer::kNone);
    QCOMPARE(j.answer[order[4]], Answer(5));
    QCOMPARE(j.rep[order[1]], std::uint16_t(2));
    QVERIFY(isMissing(j.confidence(order[2])));
    QCOMPARE(conditionString(conditionTexts(a, j.condition[order[0]])),
             std::string("{seed=42;stream=true;t=0.7;top_p=1;}")); // 1.0 as a canonical number
    QCOMPARE(j.condition[order[1]], CondId(0));
    auto o = a.findItem("d", "o");
    QVERIFY(o);
    QCOMPARE(a.items().kind[*o], TaskKind::Ordinal);
    QCOMPARE(j.probsOf(order[4]).size(), std::size_t(1));
    QCOMPARE(j.probsOf(order[4])[0].p, 1.0);
}

void TestJsonl::embeddedItemFieldsAndRatingsArray()
{
    const auto p = write(
        R"({"dataset":"r","item_id":"x","kind":"ordinal","judge":"j","answer":"2","criterion":"Clarity","levels":["bad","ok","good"],"ratings":[1,"3",null]})"
        "\n"
        // the same fields again agree; the label arrives later
        R"({"dataset":"r","item_id":"x","judge":"k","answer":"NA","criterion":"Clarity","label":3})"
        "\n"
        R"({"dataset":"r","item_id":"x","levels":["bad","ok","good"],"ratings":{"1":1,"2":3,"3":"none"}})"
        "\n");
    auto out = import({p});
    QVERIFY2(out.audit, qPrintable(issuesText(out.log)));
    const auto& a = *out.audit;
    auto item = a.findItem("r", "x");
    QVERIFY(item);
    const auto& items = a.items();
    QCOMPARE(a.str(items.field(ItemText::Criterion, *item)), std::string_view("Clarity"));
    QCOMPARE(items.levels(*item).size(), std::size_t(3));
    QCOMPARE(a.str(items.levels(*item)[2]), std::string_view("good"));
    QCOMPARE(items.label[*item], Answer(3));
    const auto ratings = items.itemRatings(*item);
    QCOMPARE(ratings.size(), std::size_t(3));
    QCOMPARE(a.str(ratings[0].rater), std::string_view("1"));
    QCOMPARE(ratings[1].value, Answer(3));
    QCOMPARE(ratings[2].value, answer::kNone);
}

void TestJsonl::unknownKeysKept()
{
    const auto p =
        write(R"({"dataset":"d","item_id":"1","meta":{"b":[1, 2.50, "x"]},"note":"hi"})"
              "\n"
              R"({"dataset":"d","item_id":"1","judge":"j","order":"AB","answer":"A","run_id":"r-7","n":3,)"
              R"("ctl":"a\bb\fc\u0001\/ü","big":18446744073709551615,"x":-0.0})"
              "\n");
    auto out = import({p});
    QVERIFY2(out.audit, qPrintable(issuesText(out.log)));
    const auto& a = *out.audit;
    auto item = a.findItem("d", "1");
    QVERIFY(item);
    QCOMPARE(a.str(a.items().field(ItemText::Extra, *item)),
             std::string_view(R"({"meta":{"b":[1,2.5,"x"]},"note":"hi"})"));
    // Values as simdjson::minify writes them (\b and \f short, other control characters as \u00XX).
    QCOMPARE(a.str(a.judgments().extra[0]),
             std::string_view(
                 R"({"run_id":"r-7","n":3,"ctl":"a\bb\fc\u0001/ü","big":18446744073709551615,"x":-0.0})"));
}

void TestJsonl::blankLinesBomCrlf()
{
    const auto p = write("\xEF\xBB\xBF\r\n"
                         R"({"dataset":"d","item_id":"1","judge":"j","order":"AB","answer":"A"})"
                         "\r\n  \t \r\n\n"
                         R"({"dataset":"d","item_id":"1","judge":"j","order":"BA","answer":"B"})");
    auto out = import({p});
    QVERIFY2(out.audit, qPrintable(issuesText(out.log)));
    QCOMPARE(out.audit->judgmentCount(), std::size_t(2));
}

void TestJsonl::depth64Accepted()
{
    // The root object is level 1, so 63 nested arrays make 64 levels.
    QByteArray deep = R"({"dataset":"d","item_id":"1","judge":"j","order":"AB","x":)";
    deep += QByteArray(63, '[') + QByteArray(63, ']') + "}\n";
    deep += R"({"dataset":"d","item_id":"1","judge":"j","order":"BA","x":)";
    deep += QByteArray(63, '[') + "1" + QByteArray(63, ']') + "}\n";
    auto out = import({write(deep)});
    QVERIFY2(out.audit, qPrintable(issuesText(out.log)));
}

void TestJsonl::badInput_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("expected"); // %1 = the file path

    const QByteArray good = R"({"dataset":"d","item_id":"1","judge":"j","order":"AB","answer":"A"})"
                            "\n";
    auto row = [&](const char* name, const QByteArray& second, const char* expected) {
        QTest::newRow(name) << QByteArray(good + second) << QString::fromUtf8(expected);
    };
    row("broken JSON",
        R"({"dataset":"d","item_id":"2","judge":"j","order":"AB" "answer":"A"})"
        "\n",
        "%1:2: invalid JSON (The JSON document has an improper structure: missing or superfluous commas, "
        "braces, "
        "missing keys, etc.)");
    row("missing item_id",
        R"({"dataset":"d","judge":"j","order":"AB","answer":"A"})"
        "\n",
        "%1:2: item_id: required key is missing");
    row("missing dataset",
        R"({"item_id":"1","judge":"j","order":"AB","answer":"A"})"
        "\n",
        "%1:2: dataset: required key is missing");
    row("wrong type rep",
        R"({"dataset":"d","item_id":"1","judge":"j","order":"AB","rep":"2"})"
        "\n",
        "%1:2: rep: expected an integer, got a string");
    row("rep out of range",
        R"({"dataset":"d","item_id":"1","judge":"j","order":"AB","rep":0})"
        "\n",
        "%1:2: rep: 0 is not in 1..65535");
    row("duplicate rater",
        R"({"dataset":"d","item_id":"b","kind":"binary","ratings":{"r1":"MET","r2":"MET","r1":"UNMET"}})"
        "\n",
        "%1:2: ratings.r1: duplicate rater");
    row("duplicate unknown key",
        R"({"dataset":"d","item_id":"1","judge":"j","order":"AB","x":1,"x":2})"
        "\n",
        "%1:2: x: duplicate key");
    {
        QByteArray many = R"({"dataset":"d","item_id":"1","judge":"j","order":"AB")";
        for (int k = 0; k < 40; ++k)
            many += ",\"k" + QByteArray::number(k) + "\":" + QByteArray::number(k);
        many += ",\"k3\":0}\n";
        row("duplicate among many unknown keys", many, "%1:2: k3: duplicate key");
    }
    row("kept not an object",
        R"({"dataset":"d","item_id":"1","judge":"j","order":"AB","kept":["confidence"]})"
        "\n",
        "%1:2: kept: expected an object, got an array");
    row("kept names a key that is not a Tribunal key",
        R"({"dataset":"d","item_id":"1","judge":"j","order":"AB","kept":{"raw":"x","note":1}})"
        "\n",
        "%1:2: kept.note: not a Tribunal key: write it at the top level of the line");
    row("kept key twice",
        R"({"dataset":"d","item_id":"1","judge":"j","order":"AB","kept":{"raw":"x","raw":"y"}})"
        "\n",
        "%1:2: kept.raw: duplicate key");
    row("kept given twice",
        R"({"dataset":"d","item_id":"1","judge":"j","order":"AB","kept":{"raw":"x"},"kept":{}})"
        "\n",
        "%1:2: kept: duplicate key");
    row("wrong type judge",
        R"({"dataset":"d","item_id":"1","judge":7,"order":"AB"})"
        "\n",
        "%1:2: judge: expected a string, got an integer");
    row("wrong type condition value",
        R"({"dataset":"d","item_id":"1","judge":"j","order":"AB","condition":{"temperature":[0.7]}})"
        "\n",
        "%1:2: condition.temperature: expected a string, number or boolean, got an array");
    row("bad order",
        R"({"dataset":"d","item_id":"1","judge":"j","order":"AC"})"
        "\n",
        "%1:2: order: \"AC\" is not AB, BA or unknown");
    row("missing order",
        R"({"dataset":"d","item_id":"1","judge":"k","answer":"A"})"
        "\n",
        "%1:2: order: required for pairwise judgments (AB, BA, or unknown when not recorded)");
    row("order on binary",
        R"({"dataset":"d","item_id":"b","kind":"binary","judge":"k","order":"AB"})"
        "\n",
        "%1:2: order: only pairwise judgments have an order");
    row("unknown order on binary",
        R"({"dataset":"d","item_id":"b","kind":"binary","judge":"k","order":"unknown"})"
        "\n",
        "%1:2: order: only pairwise judgments have an order");
    row("answer not allowed",
        R"({"dataset":"d","item_id":"1","judge":"j","order":"BA","answer":"C"})"
        "\n",
        "%1:2: answer: \"C\" is not A, B, tie, NA or none");
    row("binary answer not allowed",
        R"({"dataset":"d","item_id":"b","kind":"binary","judge":"j","verdict":"A"})"
        "\n",
        "%1:2: verdict: \"A\" is not MET, UNMET, NA or none");
    row("slot disagrees with answer",
        R"({"dataset":"d","item_id":"1","judge":"j","order":"BA","slot":"first","answer":"A"})"
        "\n",
        "%1:2: slot: \"first\" with order BA means \"B\", but answer is \"A\"");
    row("bad slot",
        R"({"dataset":"d","item_id":"1","judge":"j","order":"BA","slot":"third"})"
        "\n",
        "%1:2: slot: \"third\" is not first, second, 1, 2, A, B, tie, NA or none");
    row("probs out of range",
        R"({"dataset":"d","item_id":"1","judge":"j","order":"BA","probs":{"A":1.5}})"
        "\n",
        "%1:2: probs.A: 1.5 is outside [0, 1]");
    row("probs bad option",
        R"({"dataset":"d","item_id":"1","judge":"j","order":"BA","probs":{"C":0.5}})"
        "\n",
        "%1:2: probs.C: \"C\" is not an answer of a pairwise item");
    row("confidence out of range",
        R"({"dataset":"d","item_id":"1","judge":"j","order":"BA","confidence":-0.1})"
        "\n",
        "%1:2: confidence: -0.1 is outside [0, 1]");
    row("negative tokens",
        R"({"dataset":"d","item_id":"1","judge":"j","order":"BA","tokens_in":-3})"
        "\n",
        "%1:2: tokens_in: -3 is negative");
    row("ordinal answer above levels",
        R"({"dataset":"d","item_id":"o","kind":"ordinal","levels":["a","b","c"]})"
        "\n"
        R"({"dataset":"d","item_id":"o","judge":"j","answer":4})"
        "\n",
        "%1:3: answer: 4 is above the item's 3 levels");
    row("levels below earlier answer",
        R"({"dataset":"d","item_id":"o","kind":"ordinal","judge":"j","answer":"5"})"
        "\n"
        R"({"dataset":"d","item_id":"o","levels":["a","b","c"]})"
        "\n",
        "%1:3: levels: 3 levels, but the judgment at line 2 answered 5");
    row("levels on pairwise",
        R"({"dataset":"d","item_id":"1","levels":["a","b"]})"
        "\n",
        "%1:2: levels: only ordinal items have levels");
    row("label conflict",
        R"({"dataset":"d","item_id":"7","label":"A"})"
        "\n"
        R"({"dataset":"d","item_id":"7","judge":"j","order":"AB","label":"B"})"
        "\n",
        "%1:3: label: \"B\" disagrees with \"A\" given at line 2");
    row("label conflict with base",
        R"({"dataset":"base","item_id":"1","label":"tie"})"
        "\n",
        "%1:2: label: \"tie\" disagrees with \"A\" set before this file");
    row("text conflict",
        R"({"dataset":"base","item_id":"1","question":"Other?"})"
        "\n",
        "%1:2: question: \"Other?\" disagrees with \"Q?\" set before this file");
    row("kind conflict",
        R"({"dataset":"d","item_id":"1","kind":"binary"})"
        "\n",
        "%1:2: kind: \"binary\" disagrees with \"pairwise\" given at line 1");
    row("rating not allowed",
        R"({"dataset":"d","item_id":"b","kind":"binary","ratings":{"rater1":"MET","rater2":"maybe"}})"
        "\n",
        "%1:2: ratings.rater2: \"maybe\" is not MET, UNMET, NA or none");
    row("level not a string",
        R"({"dataset":"d","item_id":"o","kind":"ordinal","levels":["a",2]})"
        "\n",
        "%1:2: levels[1]: expected a string, got an integer");
    row("duplicate key",
        R"({"dataset":"d","item_id":"1","judge":"j","order":"AB","order":"BA"})"
        "\n",
        "%1:2: order: duplicate key");
    row("judgment key without judge",
        R"({"dataset":"d","item_id":"1","answer":"A"})"
        "\n",
        "%1:2: answer: only judgments have this key (the line has no judge)");
    row("not an object", "[1,2]\n", "%1:2: expected a JSON object, got an array");
    row("bad variant",
        R"({"dataset":"d","item_id":"1","judge":"j","order":"BA","variant":"twisted"})"
        "\n",
        "%1:2: variant: \"twisted\" is not original or perturbed");
    row("nesting depth 65",
        QByteArray(R"({"dataset":"d","item_id":"1","judge":"j","order":"BA","x":)") + QByteArray(64, '[') +
            QByteArray(64, ']') + "}\n",
        "%1:2: nesting deeper than 64 levels");
    row("nesting depth 65 around a value",
        QByteArray(R"({"dataset":"d","item_id":"1","judge":"j","order":"BA","x":)") + QByteArray(64, '[') +
            "1" + QByteArray(64, ']') + "}\n",
        "%1:2: nesting deeper than 64 levels");
    row("truncated last line", R"({"dataset":"d","item_id":"2","judge":"j","or)",
        "%1:2: truncated last line (the file does not end with a complete JSON object)");
    row("non-UTF-8 line", "{\"dataset\":\"d\",\"item_id\":\"2\",\"judge\":\"j\xff\",\"order\":\"AB\"}\n",
        "%1:2: invalid UTF-8 (byte offset 107)");
    row("conflicting judgment",
        R"({"dataset":"d","item_id":"1","judge":"j","order":"AB","answer":"B"})"
        "\n",
        "%1:2: rep: conflicting judgment: same item, judge, format, condition, order and rep as line 1, "
        "different answer B here, A there");
    QTest::newRow("empty file") << QByteArray() << QString("%1: empty file");
    QTest::newRow("only blank lines") << QByteArray("\n  \r\n\n") << QString("%1: empty file");
}

void TestJsonl::badInput()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, expected);
    const auto p = write(content);
    auto out = import({p}, m_base.get());
    QVERIFY(!out.audit);
    QVERIFY(out.log.failed);
    QVERIFY(!out.log.issues.empty());
    QCOMPARE(QString::fromStdString(out.log.issues.front().text()), expected.arg(QString::fromStdString(p)));
    QCOMPARE(out.log.issues.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(compareAudits(*m_base, *m_baseCopy)), QString());
}

void TestJsonl::skipAndList()
{
    const auto p =
        write(R"({"dataset":"d","item_id":"1","judge":"j","order":"AB","answer":"A","label":"A"})"
              "\n" // 1 ok
              R"({"dataset":"d","item_id":"1","judge":"j","order":"BA",)"
              "\n" // 2 broken
              R"({"dataset":"d","item_id":"2","question":"Q","judge":"j","order":"AB","answer":"C"})"
              "\n" // 3 bad
              R"({"dataset":"d","item_id":"3","judge":"j","order":"AB","answer":"B"})"
              "\n" // 4 ok
              R"({"dataset":"d","item_id":"1","judge":"k","order":"AB","label":"B"})"
              "\n" // 5 conflict
              R"({"dataset":"d","item_id":"1","judge":"j","order":"AB","answer":"B"})"
              "\n" // 6 conflicts with line 1
              R"({"dataset":"d","item_id":"3","judge":"j","order":"BA","answer":"B","probs":{"A":2}})"
              "\n"); // 7 bad
    auto out = import({p}, m_base.get(), BadRecordPolicy::SkipAndList);
    QVERIFY2(out.audit, qPrintable(issuesText(out.log)));
    const auto f = QString::fromStdString(p);
    QCOMPARE(
        issuesText(out.log),
        QString("%1:2: invalid JSON (The JSON document has an improper structure: missing or superfluous "
                "commas, braces, missing keys, etc.)\n"
                "%1:3: answer: \"C\" is not A, B, tie, NA or none\n"
                "%1:5: label: \"B\" disagrees with \"A\" given at line 1\n"
                "%1:7: probs.A: 2 is outside [0, 1]\n"
                "%1:6: rep: conflicting judgment: same item, judge, format, condition, order and rep as "
                "line 1, different answer B here, A there")
            .arg(f));
    QCOMPARE(out.log.skippedRecords, std::uint64_t(5));
    QVERIFY(!out.log.failed);
    const auto& a = *out.audit;
    QCOMPARE(a.judgmentCount(), std::size_t(3)); // base 1 + lines 1 and 4
    QCOMPARE(out.judgmentsAdded, std::uint64_t(2));
    QVERIFY(!a.findItem("d", "2")); // nothing of a skipped record is kept
    auto item1 = a.findItem("d", "1");
    QVERIFY(item1);
    QCOMPARE(a.items().label[*item1], answer::kA);
    QCOMPARE(QString::fromStdString(compareAudits(*m_base, *m_baseCopy)), QString());
}

void TestJsonl::fatalFailsWhateverThePolicy()
{
    const auto p = write(R"({"dataset":"d","item_id":"1","judge":"j","order":"AB","answer":"A"})"
                         "\n"
                         "{\"dataset\":\"\xc3\x28\"}\n");
    auto out = import({p}, m_base.get(), BadRecordPolicy::SkipAndList);
    QVERIFY(!out.audit);
    QVERIFY(out.log.failed);
    QCOMPARE(issuesText(out.log),
             QString("%1:2: invalid UTF-8 (byte offset 80)").arg(QString::fromStdString(p)));
}

void TestJsonl::longLine()
{
    // A line over 64 MiB is a bad record: skipped with SkipAndList, the lines after it are read.
    QByteArray content = R"({"dataset":"d","item_id":"1","judge":"j","order":"AB","raw":")";
    content += QByteArray(int(kMaxLineBytes), 'x');
    content += "\"}\n";
    content += R"({"dataset":"d","item_id":"2","judge":"j","order":"AB","answer":"B"})"
               "\n";
    const auto p = write(content);
    content.clear();
    content.squeeze();
    auto stop = import({p});
    QVERIFY(!stop.audit);
    QCOMPARE(issuesText(stop.log), QString("%1:1: line longer than 64 MiB").arg(QString::fromStdString(p)));
    auto skip = import({p}, nullptr, BadRecordPolicy::SkipAndList);
    QVERIFY(skip.audit);
    QCOMPARE(skip.audit->judgmentCount(), std::size_t(1));
    QVERIFY(skip.audit->findItem("d", "2"));
}

void TestJsonl::cancel()
{
    const auto p = write(R"({"dataset":"d","item_id":"1","judge":"j","order":"AB","answer":"A"})"
                         "\n");
    std::atomic<bool> cancelled{true};
    Progress progress;
    progress.cancel = &cancelled;
    AuditBuilder builder;
    ImportLog log;
    QVERIFY(!importJsonl(p, builder, log, progress));
    QCOMPARE(builder.judgmentCount(), std::size_t(0));
    auto out = importSources({p}, m_base.get(), {}, progress);
    QVERIFY(out.cancelled);
    QVERIFY(!out.audit);
}

void TestJsonl::keptTribunalKeysRoundTrip()
{
    // Kept fields named like Tribunal keys (AlpacaEval's `confidence`; possible only in audits from other
    // importers) are exported under `kept` and read back as kept fields, not as the keys they are named like.
    const auto audit =
        test::oneJudgmentAudit(TaskKind::Pairwise, answer::kNone, "1", {},
                               R"({"judge":"other","note":1,"kept":[2],"confidence":{"a":[1]}})");
    const auto out = path("kept.jsonl");
    std::string error;
    QVERIFY2(exportJsonl(*audit, out, &error), error.c_str());
    const auto first = readAll(out);
    QVERIFY2(first.endsWith(R"(,"note":1,"kept":{"judge":"other","kept":[2],"confidence":{"a":[1]}}})"
                            "\n"),
             first.constData());
    auto again = import({out});
    QVERIFY2(again.audit, qPrintable(issuesText(again.log)));
    const auto& a = *again.audit;
    QCOMPARE(a.judgmentCount(), std::size_t(1));
    QCOMPARE(a.str(a.judgments().judge[0]), std::string_view("j"));
    QVERIFY(isMissing(a.judgments().confidence(0)));
    QCOMPARE(a.str(a.judgments().extra[0]),
             std::string_view(R"({"note":1,"judge":"other","kept":[2],"confidence":{"a":[1]}})"));
    const auto second = path("kept-again.jsonl");
    QVERIFY2(exportJsonl(a, second, &error), error.c_str());
    QCOMPARE(readAll(second), first);
    // An item line takes `kept` too (it is not a judgment-only key).
    const auto items = write(R"({"dataset":"d","item_id":"2","kept":{"order":"AB"}})"
                             "\n");
    auto item = import({items});
    QVERIFY2(item.audit, qPrintable(issuesText(item.log)));
    const auto row = item.audit->findItem("d", "2");
    QVERIFY(row);
    QCOMPARE(item.audit->str(item.audit->items().field(ItemText::Extra, *row)),
             std::string_view(R"({"order":"AB"})"));
}

void TestJsonl::exportFailureLeavesFilesUntouched()
{
    // An extra that is not a JSON object (possible only in audits built in code) cannot be written back:
    // the export fails and existing files stay as they were.
    const auto audit = test::oneJudgmentAudit(TaskKind::Pairwise, answer::kNone, "1", {}, R"([1])");
    const auto out = path("keep.jsonl");
    for (const auto& f : {out, itemsPathFor(out)})
        QVERIFY(test::writeFile(QString::fromStdString(f), "previous\n"));
    std::string error;
    QVERIFY(!exportJsonl(*audit, out, &error));
    QCOMPARE(QString::fromStdString(error),
             QString("item d/1, judge j: kept unknown fields are not a JSON object"));
    QCOMPARE(readAll(out), QByteArray("previous\n"));
    QCOMPARE(readAll(itemsPathFor(out)), QByteArray("previous\n"));
}

void TestJsonl::unknownOrderRoundTrips()
{
    // A source that did not record the order shown (AlpacaEval): `"order":"unknown"` is Order::None on a
    // pairwise item, and both exports write it back so the round trip is lossless.
    const auto in = write(R"({"dataset":"d","item_id":"1","judge":"j","order":"unknown","answer":"A"})"
                          "\n"
                          R"({"dataset":"d","item_id":"1","judge":"k","order":"Unknown","answer":"B"})"
                          "\n"
                          R"({"dataset":"d","item_id":"1","judge":"l","order":"BA","answer":"B"})"
                          "\n",
                          ".jsonl");
    const auto first = import({in});
    QVERIFY2(first.audit, qPrintable(issuesText(first.log)));
    const auto& j = first.audit->judgments();
    QCOMPARE(j.size(), std::size_t(3));
    std::size_t unordered = 0;
    for (std::uint32_t r = 0; r < j.size(); ++r)
        unordered += j.order[r] == Order::None ? 1 : 0;
    QCOMPARE(unordered, std::size_t(2));

    const auto out = path("unknown-order.jsonl");
    std::string error;
    QVERIFY2(exportJsonl(*first.audit, out, &error), error.c_str());
    QCOMPARE(readAll(out).count(R"("order":"unknown")"), 2);
    auto back = import({itemsPathFor(out), out});
    QVERIFY2(back.audit, qPrintable(issuesText(back.log)));
    QCOMPARE(QString::fromStdString(compareAudits(*first.audit, *back.audit)), QString());

    const auto csv = path("unknown-order.csv");
    QVERIFY2(exportFlatCsv(*first.audit, csv, &error), error.c_str());
    QVERIFY(readAll(csv).contains(",j,,unknown,1,A,"));
    ImportOptions options;
    options.format = SourceFormat::FlatCsv;
    auto fromCsv = importSources({csv}, nullptr, options);
    QVERIFY2(fromCsv.audit, qPrintable(issuesText(fromCsv.log)));
    const auto& c = fromCsv.audit->judgments();
    QCOMPARE(c.size(), std::size_t(3));
    unordered = 0;
    for (std::uint32_t r = 0; r < c.size(); ++r)
        unordered += c.order[r] == Order::None ? 1 : 0;
    QCOMPARE(unordered, std::size_t(2));
}

QTEST_APPLESS_MAIN(TestJsonl)
#include "tst_jsonl.moc"
