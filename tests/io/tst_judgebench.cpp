// The JudgeBench outputs importer (core/io/harness/judgebenchimporter.cpp) on small hand-written files shaped
// like the published outputs (/tmp/research/judgebench.md: ScalerLab/JudgeBench @12a499c5): the mapping of
// both games, failed calls and odd decisions, reward-model scores, the judge fallbacks, every bad-record
// message, and the trust analysis fed with the import against phi and accuracy counted by hand from the file.

#include "../common/testfiles.h"
#include "analysis/trustanalysis.h"
#include "io/importer.h"
#include "model/auditbuilder.h"

#include <QtTest>

#include <QTemporaryDir>

#include <cmath>

using namespace tribunal;
using test::issuesText;
using test::writeFile;

namespace {

/// The dataset of the fixtures' pairs: one per response model.
constexpr const char* kDatasetName = "judgebench-gpt-4o-2024-05-13";

const QString kArenaHardFile = "dataset=judgebench,response_model=gpt-4o-2024-05-13,judge_name=arena_hard,"
                               "judge_model=gpt-4o-2024-05-13.jsonl";

// Five pairs, one per kind of game outcome (the expected values below are read off these lines by hand).
// p1: game 1 "A>B" -> A, game 2 "B>A" (B was shown first) -> A; label A: both right, the orders agree.
// p2: game 1 "A>B" -> A, game 2 "A>B" -> B; label B: one right, one wrong, the orders disagree.
// 7 (an integer pair_id): game 1 "A=B" -> tie, game 2 "B<A" (= A>B, first slot) -> B; label A.
// p4: game 1 null (the call raised), game 2 decision null; label B.
// p5: game 1 decision "B" (not a verdict), game 2 "A<B" (= B>A, second slot) -> A; label A.
const QByteArray kFixture =
    R"({"pair_id": "p1", "original_id": 1420, "source": "mmlu-pro-law", "question": "Q1", "response_model": "gpt-4o-2024-05-13", "response_A": "a1", "response_B": "b1", "label": "A>B", "custom": 1, "judge_name": "arena_hard", "judgments": [{"judgment": {"judge_model": "gpt-4o-2024-05-13", "prompt": "P1", "response": "\nR1 [[A>>B]]", "temperature": 0}, "decision": "A>B", "cost": 0.5}, {"judgment": {"judge_model": "gpt-4o-2024-05-13", "prompt": "P1b", "response": "\nR1b [[B>A]]"}, "decision": "B>A"}]}
{"pair_id": "p2", "original_id": null, "source": "livebench-math", "question": "Q2", "response_model": "gpt-4o-2024-05-13", "response_A": "a2", "response_B": "b2", "label": "B>A", "judge_name": "arena_hard", "judgments": [{"judgment": {"judge_model": "gpt-4o-2024-05-13", "prompt": "P2", "response": "R2"}, "decision": "A>B"}, {"judgment": {"judge_model": "gpt-4o-2024-05-13", "prompt": "P2b", "response": "R2b"}, "decision": "A>B"}]}
{"pair_id": 7, "original_id": "x7", "source": "mmlu-pro-computer science", "question": "Q3", "response_model": "gpt-4o-2024-05-13", "response_A": "", "response_B": "b3", "label": "A>B", "judge_name": "arena_hard", "judgments": [{"judgment": {"judge_model": "gpt-4o-2024-05-13", "prompt": "P3", "response": "R3"}, "decision": "A=B"}, {"judgment": {"judge_model": "gpt-4o-2024-05-13", "prompt": "P3b", "response": "R3b"}, "decision": "B<A"}]}

{"pair_id": "p4", "original_id": 9, "source": "livecodebench", "question": "Q4", "response_model": "gpt-4o-2024-05-13", "response_A": "a4", "response_B": "b4", "label": "B>A", "judge_name": "arena_hard", "judgments": [null, {"judgment": {"judge_model": "gpt-4o-2024-05-13", "prompt": "P4b", "response": "R4b"}, "decision": null}]}
{"pair_id": "p5", "original_id": null, "source": "livebench-reasoning", "question": "Q5", "response_model": "gpt-4o-2024-05-13", "response_A": "a5", "response_B": "b5", "label": "A>B", "judge_name": "arena_hard", "judgments": [{"judgment": {"judge_model": "gpt-4o-2024-05-13", "prompt": "P5", "response": "R5"}, "decision": "B"}, {"judgment": {"judge_model": "gpt-4o-2024-05-13", "prompt": "P5b", "response": "R5b"}, "decision": "A<B"}]}
)";

// A record of pair `id` with the given `judgments` (JSON text), for the short files of the tests.
QByteArray record(const QByteArray& id, const QByteArray& judgments)
{
    return R"({"pair_id": ")" + id +
           R"(", "original_id": 1, "source": "livecodebench", "question": "Q", "response_model": "gpt-4o-2024-05-13", )"
           R"("response_A": "a", "response_B": "b", "label": "A>B", "judge_name": "vanilla", "judgments": )" +
           judgments + "}\n";
}

QByteArray game(const QByteArray& model, const QByteArray& decision)
{
    return R"({"judgment": {"judge_model": ")" + model +
           R"(", "prompt": "p", "response": "r"}, "decision": )" + decision + "}";
}

struct Imported {
    AuditPtr audit;
    ImportLog log;
    bool ok = false;
    QString path;
};

Imported importText(const QTemporaryDir& dir, const QString& name, const QByteArray& text,
                    BadRecordPolicy policy = BadRecordPolicy::StopAtFirst)
{
    Imported out;
    out.path = dir.filePath(name);
    if (!writeFile(out.path, text))
        qFatal("cannot write %s", qPrintable(out.path));
    out.log.policy = policy;
    AuditBuilder builder;
    out.ok = importJudgeBench(out.path.toStdString(), builder, out.log, Progress{});
    if (out.ok)
        out.audit = builder.build(out.log);
    return out;
}

QString text(const Audit& audit, StrId id)
{
    return QString::fromStdString(std::string(audit.str(id)));
}

/// The judgment row of (item id, order); aborts the test when there is not exactly one.
std::uint32_t rowOf(const Audit& audit, std::string_view itemId, Order order)
{
    const auto item = audit.findItem(kDatasetName, itemId);
    if (!item)
        qFatal("no item %s", std::string(itemId).c_str());
    std::uint32_t found = kNoJudgment;
    for (const auto row : audit.judgmentsOfItem(*item))
        if (audit.judgments().order[row] == order) {
            if (found != kNoJudgment)
                qFatal("two judgments of %s", std::string(itemId).c_str());
            found = row;
        }
    if (found == kNoJudgment)
        qFatal("no judgment of %s in that order", std::string(itemId).c_str());
    return found;
}

} // namespace

class TestJudgeBench : public QObject {
    Q_OBJECT
private slots:
    void mapsItemsAndGames();
    void mapsFailedCallsAndOddDecisions();
    void rewardModelScoresBecomeProbabilities();
    void singleGameFile();
    void judgeFallbacks_data();
    void judgeFallbacks();
    void badRecords_data();
    void badRecords();
    void trustAnalysisMatchesHandCount();
    void oneDatasetPerResponseModel();
};

void TestJudgeBench::mapsItemsAndGames()
{
    QTemporaryDir dir;
    const auto in = importText(dir, kArenaHardFile, kFixture);
    QVERIFY2(in.ok, qPrintable(issuesText(in.log)));
    QVERIFY(in.audit);
    const Audit& audit = *in.audit;
    QCOMPARE(audit.itemCount(), std::size_t(5));
    QCOMPARE(audit.judgmentCount(), std::size_t(10));

    const auto& items = audit.items();
    const auto p1 = *audit.findItem(kDatasetName, "p1");
    QCOMPARE(items.kind[p1], TaskKind::Pairwise);
    QCOMPARE(items.label[p1], answer::kA);
    QCOMPARE(text(audit, items.field(ItemText::Domain, p1)), QString("mmlu-pro-law"));
    QCOMPARE(text(audit, items.field(ItemText::Question, p1)), QString("Q1"));
    QCOMPARE(text(audit, items.field(ItemText::ResponseA, p1)), QString("a1"));
    QCOMPARE(text(audit, items.field(ItemText::ResponseB, p1)), QString("b1"));
    QCOMPARE(text(audit, items.field(ItemText::Extra, p1)),
             QString(R"({"original_id":1420,"response_model":"gpt-4o-2024-05-13"})"));
    const auto p2 = *audit.findItem(kDatasetName, "p2");
    QCOMPARE(items.label[p2], answer::kB);
    QCOMPARE(text(audit, items.field(ItemText::Extra, p2)),
             QString(R"({"original_id":null,"response_model":"gpt-4o-2024-05-13"})"));
    // An integer pair_id becomes its text; the source with a space is kept as it is.
    const auto p3 = audit.findItem(kDatasetName, "7");
    QVERIFY(p3);
    QCOMPARE(text(audit, items.field(ItemText::Domain, *p3)), QString("mmlu-pro-computer science"));

    const auto& j = audit.judgments();
    const auto ab = rowOf(audit, "p1", Order::AB);
    const auto ba = rowOf(audit, "p1", Order::BA);
    QCOMPARE(text(audit, j.judge[ab]), QString("gpt-4o-2024-05-13"));
    QCOMPARE(text(audit, j.format[ab]), QString("arena_hard"));
    QCOMPARE(j.rep[ab], std::uint16_t(1));
    QCOMPARE(j.answer[ab], answer::kA);
    QCOMPARE(j.answer[ba], answer::kA); // "B>A" with response_B shown first: the second slot is A
    QCOMPARE(text(audit, j.raw[ab]), QString("\nR1 [[A>>B]]"));
    QCOMPARE(text(audit, j.raw[ba]), QString("\nR1b [[B>A]]"));
    QCOMPARE(text(audit, j.error[ab]), QString());
    // prompt, then the judgment's, the entry's and the record's unknown keys.
    QCOMPARE(text(audit, j.extra[ab]), QString(R"({"prompt":"P1","temperature":0,"cost":0.5,"custom":1})"));
    QCOMPARE(text(audit, j.extra[ba]), QString(R"({"prompt":"P1b","custom":1})"));
    QVERIFY(j.probsOf(ab).empty());

    QCOMPARE(j.answer[rowOf(audit, "p2", Order::AB)], answer::kA);
    QCOMPARE(j.answer[rowOf(audit, "p2", Order::BA)], answer::kB); // "A>B" in game 2 is response_B
    QCOMPARE(j.answer[rowOf(audit, "7", Order::AB)], answer::kTie);
    QCOMPARE(j.answer[rowOf(audit, "7", Order::BA)], answer::kB); // "B<A": the first slot, response_B
}

void TestJudgeBench::mapsFailedCallsAndOddDecisions()
{
    QTemporaryDir dir;
    const auto in = importText(dir, kArenaHardFile, kFixture);
    QVERIFY2(in.ok, qPrintable(issuesText(in.log)));
    const Audit& audit = *in.audit;
    const auto& j = audit.judgments();
    const auto failed = rowOf(audit, "p4", Order::AB);
    QCOMPARE(j.answer[failed], answer::kNone);
    QCOMPARE(text(audit, j.error[failed]), QString("judge call failed (judgment is null)"));
    QCOMPARE(text(audit, j.raw[failed]), QString());
    QCOMPARE(text(audit, j.extra[failed]), QString());
    // A null entry names no judge model; the record's other entry does.
    QCOMPARE(text(audit, j.judge[failed]), QString("gpt-4o-2024-05-13"));
    const auto noVerdict = rowOf(audit, "p4", Order::BA);
    QCOMPARE(j.answer[noVerdict], answer::kNone);
    QCOMPARE(text(audit, j.error[noVerdict]), QString("no verdict parsed"));
    QCOMPARE(text(audit, j.raw[noVerdict]), QString("R4b"));
    const auto odd = rowOf(audit, "p5", Order::AB);
    QCOMPARE(j.answer[odd], answer::kNone);
    QCOMPARE(text(audit, j.error[odd]), QString(R"(decision "B" is not a verdict)"));
    QCOMPARE(j.answer[rowOf(audit, "p5", Order::BA)], answer::kA); // "A<B": the second slot, response_A
}

void TestJudgeBench::rewardModelScoresBecomeProbabilities()
{
    // The published Skywork-Reward-Gemma-2-27B shape: empty prompt and response, swapped scores in game 2.
    const QByteArray line =
        R"({"pair_id": "r1", "original_id": 3, "source": "mmlu-pro-law", "question": "Q", "response_model": "gpt-4o-2024-05-13", "response_A": "a", "response_B": "b", "label": "B>A", "judge_name": "reward_model", "judgments": [{"judgment": {"judge_model": "Skywork/Skywork-Reward-Gemma-2-27B", "prompt": "", "response": "", "scores": [19.875, 19.5]}, "decision": "A>B"}, {"judgment": {"judge_model": "Skywork/Skywork-Reward-Gemma-2-27B", "prompt": "", "response": "", "scores": [19.5, 19.875]}, "decision": "B>A"}]})"
        "\n";
    QTemporaryDir dir;
    const auto in = importText(dir,
                               "dataset=judgebench,response_model=m,judge_name=reward_model,judge_model="
                               "Skywork_Skywork-Reward-Gemma-2-"
                               "27B.jsonl",
                               line);
    QVERIFY2(in.ok, qPrintable(issuesText(in.log)));
    const Audit& audit = *in.audit;
    const auto& j = audit.judgments();
    // 1 / (1 + exp(-(19.875 - 19.5))) = 0.5926665999540697 (python3 math.exp), for response_A both times:
    // shown first in game 1 with the higher score, shown second in game 2 with the higher score.
    const double pA = 0.5926665999540697;
    for (const auto order : {Order::AB, Order::BA}) {
        const auto row = rowOf(audit, "r1", order);
        QCOMPARE(text(audit, j.judge[row]), QString("Skywork/Skywork-Reward-Gemma-2-27B"));
        QCOMPARE(j.answer[row], answer::kA);
        const auto probs = j.probsOf(row);
        QCOMPARE(probs.size(), std::size_t(2));
        QCOMPARE(probs[0].option, answer::kA);
        QCOMPARE(probs[1].option, answer::kB);
        QVERIFY(std::abs(probs[0].p - pA) < 1e-15);
        QVERIFY(std::abs(probs[1].p - (1 - pA)) < 1e-15);
    }
    QCOMPARE(text(audit, j.extra[rowOf(audit, "r1", Order::AB)]),
             QString(R"({"prompt":"","scores":[19.875,19.5]})"));
    QCOMPARE(text(audit, j.extra[rowOf(audit, "r1", Order::BA)]),
             QString(R"({"prompt":"","scores":[19.5,19.875]})"));
}

void TestJudgeBench::singleGameFile()
{
    QTemporaryDir dir;
    const auto in = importText(dir, "single.jsonl",
                               record("s1", "[" + game("m1", R"("B>A")") + "]") +
                                   record("s2", "[" + game("m1", R"("A=B")") + "]"));
    QVERIFY2(in.ok, qPrintable(issuesText(in.log)));
    const Audit& audit = *in.audit;
    QCOMPARE(audit.judgmentCount(), std::size_t(2));
    QCOMPARE(audit.judgments().order[0], Order::AB);
    QCOMPARE(audit.judgments().order[1], Order::AB);
    QCOMPARE(audit.judgments().answer[rowOf(audit, "s1", Order::AB)], answer::kB);
    QCOMPARE(audit.judgments().answer[rowOf(audit, "s2", Order::AB)], answer::kTie);
}

void TestJudgeBench::judgeFallbacks_data()
{
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("judge");
    const QByteArray allFailed = record("f1", "[null, null]");
    const QByteArray named = record("n1", "[" + game("org/model-7b", R"("A>B")") + ", null]");
    // The raw model id of another record of the file wins over the file name's `_` spelling, also when that
    // record comes later.
    QTest::newRow("named later in the file")
        << "dataset=judgebench,response_model=m,judge_name=vanilla,judge_model=org_model-7b.jsonl"
        << allFailed + named << "org/model-7b";
    QTest::newRow("file name segment")
        << "dataset=judgebench,response_model=m,judge_name=vanilla,judge_model=org_model-7b.jsonl"
        << allFailed << "org_model-7b";
    QTest::newRow("judge_name last") << "renamed.jsonl" << allFailed << "vanilla";
}

void TestJudgeBench::judgeFallbacks()
{
    QFETCH(QString, fileName);
    QFETCH(QByteArray, content);
    QFETCH(QString, judge);
    QTemporaryDir dir;
    const auto in = importText(dir, fileName, content);
    QVERIFY2(in.ok, qPrintable(issuesText(in.log)));
    const Audit& audit = *in.audit;
    const auto row = rowOf(audit, "f1", Order::AB);
    QCOMPARE(text(audit, audit.judgments().judge[row]), judge);
    QCOMPARE(text(audit, audit.judgments().format[row]), QString("vanilla"));
    QCOMPARE(text(audit, audit.judgments().error[rowOf(audit, "f1", Order::BA)]),
             QString("judge call failed (judgment is null)"));
    QCOMPARE(audit.cells().size(), std::size_t(1)); // one judge for the whole file
}

void TestJudgeBench::badRecords_data()
{
    QTest::addColumn<QByteArray>("bad");
    QTest::addColumn<QString>("message"); // after `file:2: `
    QTest::newRow("tie label")
        << QByteArray(
               R"({"pair_id": "bad", "original_id": 1, "source": "s", "question": "Q", "response_model": "gpt-4o-2024-05-13", "response_A": "a", "response_B": "b", "label": "A=B", "judge_name": "vanilla", "judgments": [null]})")
        << R"(label: "A=B" is not A>B or B>A)";
    QTest::newRow("three games") << record("bad", "[null, null, null]")
                                 << "judgments: expected 1 or 2 entries, got 3";
    QTest::newRow("no games") << record("bad", "[]") << "judgments: expected 1 or 2 entries, got 0";
    QTest::newRow("games not an array")
        << record("bad", "{}") << "judgments: expected an array, got an object";
    QTest::newRow("no pair_id") << QByteArray(R"({"source": "s", "judgments": [null]})")
                                << "pair_id: required key is missing";
    QTest::newRow("float pair_id") << QByteArray(R"({"pair_id": 1.5, "judgments": [null]})")
                                   << "pair_id: expected a string or an integer, got a number";
    QTest::newRow("judges disagree")
        << record("bad", "[" + game("m1", R"("A>B")") + ", " + game("m2", R"("A>B")") + "]")
        << R"(judgments[1].judgment.judge_model: "m2" disagrees with "m1" in judgments[0].judgment.judge_model)";
    QTest::newRow("empty judge_name")
        << QByteArray(
               R"({"pair_id": "bad", "source": "s", "question": "Q", "response_A": "a", "response_B": "b", "label": "A>B", "judge_name": "", "judgments": [null]})")
        << "judge_name: must not be empty";
    QTest::newRow("game not an object")
        << record("bad", R"(["A>B"])") << "judgments[0]: expected an object or null, got a string";
    QTest::newRow("decision a number")
        << record("bad", "[" + game("m1", R"("A>B")") + ", " + game("m1", "1") + "]")
        << "judgments[1].decision: expected a string or null, got an integer";
    QTest::newRow("no decision") << record("bad", R"([{"judgment": {"judge_model": "m1"}}])")
                                 << "judgments[0].decision: required key is missing";
    QTest::newRow("no judgment") << record("bad", R"([{"decision": "A>B"}])")
                                 << "judgments[0].judgment: required key is missing";
    QTest::newRow("judgment null") << record("bad", R"([{"judgment": null, "decision": "A>B"}])")
                                   << "judgments[0].judgment: expected an object, got null";
    QTest::newRow("three scores")
        << record("bad", R"([{"judgment": {"judge_model": "m1", "scores": [1, 2, 3]}, "decision": "B>A"}])")
        << "judgments[0].judgment.scores: expected 2 numbers, got [1,2,3]";
    QTest::newRow("text score")
        << record("bad", R"([{"judgment": {"judge_model": "m1", "scores": [1, "2"]}, "decision": "B>A"}])")
        << R"(judgments[0].judgment.scores: expected 2 numbers, got [1,"2"])";
    QTest::newRow("response a number")
        << record("bad", R"([{"judgment": {"judge_model": "m1", "response": 3}, "decision": "B>A"}])")
        << "judgments[0].judgment.response: expected a string, got an integer";
    QTest::newRow("duplicate decision")
        << record("bad", R"([{"judgment": {"judge_model": "m1"}, "decision": "A>B", "decision": "B>A"}])")
        << "judgments[0].decision: duplicate key";
    QTest::newRow("original_id an array")
        << QByteArray(
               R"({"pair_id": "bad", "original_id": [1], "source": "s", "question": "Q", "response_A": "a", "response_B": "b", "label": "A>B", "judge_name": "j", "judgments": [null]})")
        << "original_id: expected an integer, a string or null, got an array";
    QTest::newRow("question a number")
        << QByteArray(
               R"({"pair_id": "bad", "source": "s", "question": 4, "response_A": "a", "response_B": "b", "label": "A>B", "judge_name": "j", "judgments": [null]})")
        << "question: expected a string, got an integer";
    QTest::newRow("no source")
        << QByteArray(
               R"({"pair_id": "bad", "question": "Q", "response_A": "a", "response_B": "b", "label": "A>B", "judge_name": "j", "judgments": [null]})")
        << "source: required key is missing";
    // The same pair again with another question: the item must agree with line 1.
    QTest::newRow("pair repeated with another text")
        << QByteArray(
               R"({"pair_id": "ok", "original_id": 1, "source": "livecodebench", "question": "Other", "response_model": "gpt-4o-2024-05-13", "response_A": "a", "response_B": "b", "label": "A>B", "judge_name": "vanilla", "judgments": [null]})")
        << R"(question: "Other" disagrees with "Q" given at line 1)";
}

void TestJudgeBench::badRecords()
{
    QFETCH(QByteArray, bad);
    QFETCH(QString, message);
    if (!bad.endsWith('\n'))
        bad += '\n';
    const QByteArray good = record("ok", "[" + game("m1", R"("A>B")") + ", " + game("m1", R"("A>B")") + "]");
    const QByteArray content = good + bad + record("ok2", "[null]");
    QTemporaryDir dir;
    {
        const auto in = importText(dir, "stop.jsonl", content);
        QVERIFY(!in.ok);
        QCOMPARE(issuesText(in.log), in.path + ":2: " + message);
    }
    const auto in = importText(dir, "skip.jsonl", content, BadRecordPolicy::SkipAndList);
    QVERIFY2(in.ok, qPrintable(issuesText(in.log)));
    QCOMPARE(issuesText(in.log), in.path + ":2: " + message);
    // The bad record added nothing: the good ones around it are whole.
    const Audit& audit = *in.audit;
    QCOMPARE(audit.itemCount(), std::size_t(2));
    QVERIFY(!audit.findItem(kDatasetName, "bad"));
    QCOMPARE(audit.judgmentCount(), std::size_t(3));
    QCOMPARE(text(audit, audit.items().field(ItemText::Question, *audit.findItem(kDatasetName, "ok"))),
             QString("Q"));
}

void TestJudgeBench::trustAnalysisMatchesHandCount()
{
    // By hand from kFixture (verdicts in canonical identities, 'none' runs dropped first):
    // p1 (A, A) label A; p2 (A, B) label B; 7 (tie, B) label A; p4 (none, none) and p5 (none, A) keep no
    // answer in one order, so they are dropped. Retained: p1, p2, 7 -> 3 pairs.
    // phi = share of retained pairs whose orders disagree = (p2 + 7) / 3 = 2/3.
    // A = mean share of a pair's answered runs equal to the label = (2/2 + 1/2 + 0/2) / 3 = 0.5.
    QTemporaryDir dir;
    const auto in = importText(dir, kArenaHardFile, kFixture);
    QVERIFY2(in.ok, qPrintable(issuesText(in.log)));
    const auto results = analyseTrust(*in.audit, TrustSettings{});
    QCOMPARE(results.size(), std::size_t(1));
    const auto& r = results.front();
    QCOMPARE(r.pairs, std::uint64_t(3));
    QCOMPARE(r.labelledPairs, std::uint64_t(3));
    QCOMPARE(r.droppedMissingVerdicts, std::uint64_t(2));
    QCOMPARE(r.noneRuns, std::uint64_t(3));
    QVERIFY(std::abs(r.flipRate - 2.0 / 3.0) < 1e-12);
    QVERIFY(std::abs(r.accuracy - 0.5) < 1e-12);
}

void TestJudgeBench::oneDatasetPerResponseModel()
{
    // Upstream scores each output file (one response set) on its own: the sets get their own datasets, and a
    // record without a response model falls back to "judgebench".
    QTemporaryDir dir;
    QByteArray text =
        record("g1", R"([{"judgment": {"judge_model": "j", "response": "r"}, "decision": "A>B"}])");
    text +=
        QByteArray(
            record("c1", R"([{"judgment": {"judge_model": "j", "response": "r"}, "decision": "A>B"}])"))
            .replace(R"("response_model": "gpt-4o-2024-05-13")", R"("response_model": "claude-3-5-sonnet")");
    text += QByteArray(
                record("n1", R"([{"judgment": {"judge_model": "j", "response": "r"}, "decision": "A>B"}])"))
                .replace(R"("response_model": "gpt-4o-2024-05-13", )", "");
    const auto in = importText(dir, "out.jsonl", text);
    QVERIFY2(in.ok, qPrintable(issuesText(in.log)));
    const Audit& audit = *in.audit;
    QVERIFY(audit.findItem("judgebench-gpt-4o-2024-05-13", "g1"));
    QVERIFY(audit.findItem("judgebench-claude-3-5-sonnet", "c1"));
    QVERIFY(audit.findItem("judgebench", "n1"));
    QCOMPARE(audit.cells().size(), std::size_t(3));
}

QTEST_GUILESS_MAIN(TestJudgeBench)
#include "tst_judgebench.moc"
