// FastChat MT-Bench import (core/io/mtbenchimporter.cpp) on hand-written files shaped like the upstream
// records (/tmp/research/mtbench.md: common.py play_a_match_pair, HF lmsys/mt_bench_human_judgments): judge
// pair records in both model orders, human votes as ratings and majority labels, both kinds meeting on one
// item, re-run duplicates, and every class of bad input with its exact message.
// Expected values are worked out by hand: A = the bytewise smaller model name ("alpaca" < "vicuna").
// Over 400 lines on purpose: most of it is the table of bad records, one row per message.

#include "../common/testfiles.h"
#include "io/importer.h"
#include "model/auditbuilder.h"

#include <QtTest>

#include <QTemporaryDir>

#include <utility>
#include <vector>

using namespace tribunal;
using test::issuesText;
using test::writeFile;

namespace {

/// A record as ordered (key, raw JSON value) pairs, so tests can replace, drop or add one key.
using Fields = std::vector<std::pair<QByteArray, QByteArray>>;

Fields judgeFields()
{
    return {{"question_id", "81"},
            {"model_1", "\"vicuna\""},
            {"model_2", "\"alpaca\""},
            {"g1_winner", "\"model_1\""},
            {"g2_winner", "\"model_1\""},
            {"judge", "[\"gpt-4\", \"pair-v2\"]"},
            {"g1_user_prompt", "\"P1\""},
            {"g1_judgment", "\"J1 [[A]]\""},
            {"g2_user_prompt", "\"P2\""},
            {"g2_judgment", "\"J2 [[B]]\""},
            {"turn", "1"},
            {"tstamp", "1716000000.5"}};
}

Fields humanFields()
{
    return {{"question_id", "82"},     {"model_a", "\"vicuna\""}, {"model_b", "\"alpaca\""},
            {"winner", "\"model_a\""}, {"judge", "\"expert_0\""}, {"turn", "1"}};
}

Fields with(Fields f, const QByteArray& key, const QByteArray& value)
{
    for (auto& [k, v] : f)
        if (k == key) {
            v = value;
            return f;
        }
    f.emplace_back(key, value);
    return f;
}

Fields without(Fields f, const QByteArray& key)
{
    std::erase_if(f, [&](const auto& kv) { return kv.first == key; });
    return f;
}

QByteArray line(const Fields& f)
{
    QByteArray out = "{";
    for (const auto& [k, v] : f)
        out += (out.size() > 1 ? ", \"" : "\"") + k + "\": " + v;
    return out + "}\n";
}

QByteArray judgeLine(const char* m1, const char* m2, const char* g1, const char* g2)
{
    auto f = with(judgeFields(), "model_1", QByteArray("\"") + m1 + "\"");
    f = with(f, "model_2", QByteArray("\"") + m2 + "\"");
    f = with(f, "g1_winner", QByteArray("\"") + g1 + "\"");
    return line(with(f, "g2_winner", QByteArray("\"") + g2 + "\""));
}

QByteArray vote(int question, const char* a, const char* b, const char* winner, const char* rater)
{
    auto f = with(humanFields(), "question_id", QByteArray::number(question));
    f = with(f, "model_a", QByteArray("\"") + a + "\"");
    f = with(f, "model_b", QByteArray("\"") + b + "\"");
    f = with(f, "winner", QByteArray("\"") + winner + "\"");
    return line(with(f, "judge", QByteArray("\"") + rater + "\""));
}

QString str(const Audit& audit, StrId id)
{
    return QString::fromUtf8(audit.str(id).data(), static_cast<qsizetype>(audit.str(id).size()));
}

/// `item_id judge/format order answer raw error extra` per judgment, in import order.
QStringList judgmentLines(const Audit& audit)
{
    QStringList out;
    const auto& j = audit.judgments();
    for (const auto r : audit.importOrder())
        out << str(audit, audit.items().itemId[j.item[r]]) + " " + str(audit, j.judge[r]) + "/" +
                   str(audit, j.format[r]) + " " + (j.order[r] == Order::AB ? "AB" : "BA") + " " +
                   QString::fromStdString(answerText(TaskKind::Pairwise, j.answer[r])) + " rep" +
                   QString::number(j.rep[r]) + " raw=" + str(audit, j.raw[r]) +
                   " error=" + str(audit, j.error[r]) + " extra=" + str(audit, j.extra[r]);
    return out;
}

/// `label [rater=value ...]` of one item.
QString votesOf(const Audit& audit, std::string_view itemId)
{
    const auto item = audit.findItem("mt-bench", itemId);
    if (!item)
        return "no item";
    QString out = QString::fromStdString(answerText(TaskKind::Pairwise, audit.items().label[*item])) + " [";
    for (const auto& r : audit.items().itemRatings(*item))
        out += str(audit, r.rater) + "=" + QString::fromStdString(answerText(TaskKind::Pairwise, r.value)) +
               (&r == &audit.items().itemRatings(*item).back() ? "" : " ");
    return out + "]";
}

QString textOf(const Audit& audit, std::string_view itemId, ItemText field)
{
    const auto item = audit.findItem("mt-bench", itemId);
    return item ? str(audit, audit.items().field(field, *item)) : "no item";
}

} // namespace

class TestMtBench : public QObject {
    Q_OBJECT
private slots:
    void init();
    void judgeVerdicts_data();
    void judgeVerdicts();
    void judgeKeptFields();
    void humanVotes();
    void humanTexts();
    void judgeAndHumanFilesMeet();
    void votesMergeAcrossFiles();
    void raterConflictInFile();
    void labelWithoutRatingsMustAgree();
    void rerunDuplicatesKeepFirst();
    void badRecords_data();
    void badRecords();
    void badFiles_data();
    void badFiles();

private:
    QString write(const QString& name, const QByteArray& bytes);
    /// Imports the files into one builder (a fresh log) and builds; null when an import or the build failed.
    AuditPtr import(const QStringList& paths, BadRecordPolicy policy = BadRecordPolicy::StopAtFirst);

    std::unique_ptr<QTemporaryDir> m_dir;
    ImportLog m_log;
};

void TestMtBench::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    m_log = ImportLog{};
}

QString TestMtBench::write(const QString& name, const QByteArray& bytes)
{
    const QString path = m_dir->filePath(name);
    if (!writeFile(path, bytes))
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

AuditPtr TestMtBench::import(const QStringList& paths, BadRecordPolicy policy)
{
    m_log = ImportLog{};
    m_log.policy = policy;
    AuditBuilder builder;
    for (const auto& path : paths)
        if (!importMtBench(path.toStdString(), builder, m_log, {}))
            return nullptr;
    return builder.build(m_log);
}

void TestMtBench::judgeVerdicts_data()
{
    QTest::addColumn<QByteArray>("record");
    QTest::addColumn<QStringList>("expected"); // game 1, game 2: order answer error
    const QString err = "error=no verdict (FastChat winner \"error\")";
    QTest::newRow("model_1 is A, both games model_1")
        << judgeLine("alpaca", "vicuna", "model_1", "model_1") << QStringList{"AB A error=", "BA A error="};
    QTest::newRow("model_1 is B, both games model_1")
        << judgeLine("vicuna", "alpaca", "model_1", "model_1") << QStringList{"BA B error=", "AB B error="};
    QTest::newRow("model_1 is B, games disagree")
        << judgeLine("vicuna", "alpaca", "model_1", "model_2") << QStringList{"BA B error=", "AB A error="};
    QTest::newRow("model_1 is A, model_2 wins game 2")
        << judgeLine("alpaca", "vicuna", "tie", "model_2") << QStringList{"AB tie error=", "BA B error="};
    QTest::newRow("error in game 1") << judgeLine("vicuna", "alpaca", "error", "tie")
                                     << QStringList{"BA none " + err, "AB tie error="};
    QTest::newRow("error in both games")
        << judgeLine("alpaca", "vicuna", "error", "error") << QStringList{"AB none " + err, "BA none " + err};
}

void TestMtBench::judgeVerdicts()
{
    QFETCH(QByteArray, record);
    QFETCH(QStringList, expected);
    const auto audit = import({write("gpt-4_pair.jsonl", record)});
    QVERIFY2(audit, qPrintable(issuesText(m_log)));
    QCOMPARE(audit->itemCount(), std::size_t(1));
    QCOMPARE(str(*audit, audit->items().itemId[0]), QString("81:1:alpaca:vicuna"));
    QCOMPARE(str(*audit, audit->items().field(ItemText::Extra, 0)),
             QString(R"({"model_a":"alpaca","model_b":"vicuna"})"));
    QCOMPARE(audit->items().label[0], answer::kNone);
    QStringList verdicts;
    const auto& j = audit->judgments();
    for (const auto r : audit->importOrder())
        verdicts << QString(j.order[r] == Order::AB ? "AB " : "BA ") +
                        QString::fromStdString(answerText(TaskKind::Pairwise, j.answer[r])) +
                        " error=" + str(*audit, j.error[r]);
    QCOMPARE(verdicts, expected);
}

void TestMtBench::judgeKeptFields()
{
    // A string question id, turn 2, a null judgment, a math prompt and an unknown key.
    auto f = with(judgeFields(), "question_id", "\"q-7\"");
    f = with(f, "turn", "2");
    f = with(f, "judge", "[\"claude-v1\", \"pair-math-v1-multi-turn\"]");
    f = with(f, "g2_judgment", "null");
    f = with(f, "m1_score", "3");
    const auto audit = import({write("claude-v1_pair.jsonl", line(f))});
    QVERIFY2(audit, qPrintable(issuesText(m_log)));
    const QString extra = R"("tstamp":1716000000.5,"m1_score":3})";
    QCOMPARE(
        judgmentLines(*audit),
        (QStringList{"q-7:2:alpaca:vicuna claude-v1/pair-math-v1-multi-turn BA B rep1 raw=J1 [[A]] error= "
                     "extra={\"user_prompt\":\"P1\"," +
                         extra,
                     "q-7:2:alpaca:vicuna claude-v1/pair-math-v1-multi-turn AB B rep1 raw= error= "
                     "extra={\"user_prompt\":\"P2\"," +
                         extra}));
}

void TestMtBench::humanVotes()
{
    const QByteArray file =
        // 82: vicuna listed first (B): votes B, B, A -> label B (2-1).
        vote(82, "vicuna", "alpaca", "model_a", "expert_0") +
        vote(82, "vicuna", "alpaca", "model_a", "expert_1") +
        vote(82, "alpaca", "vicuna", "model_a", "author_3") +
        // 83: a 1-1 split -> tie; the repeated vote of expert_0 counts once.
        vote(83, "alpaca", "vicuna", "model_a", "expert_0") +
        vote(83, "alpaca", "vicuna", "model_b", "expert_1") +
        vote(83, "alpaca", "vicuna", "model_a", "expert_0") +
        // 84: "tie (bothbad)" is a tie.
        vote(84, "alpaca", "vicuna", "tie (bothbad)", "expert_2") +
        // 85: model_1/model_2 keys and winner values, turn 2; model_2 = alpaca = A.
        R"({"question_id": 85, "model_1": "vicuna", "model_2": "alpaca", "winner": "model_2", )"
        R"("judge": "expert_0", "turn": 2})"
        "\n";
    const auto audit = import({write("human_judgments.jsonl", file)});
    QVERIFY2(audit, qPrintable(issuesText(m_log)));
    QCOMPARE(audit->judgmentCount(), std::size_t(0));
    QCOMPARE(audit->itemCount(), std::size_t(4));
    QCOMPARE(votesOf(*audit, "82:1:alpaca:vicuna"), QString("B [expert_0=B expert_1=B author_3=A]"));
    QCOMPARE(votesOf(*audit, "83:1:alpaca:vicuna"), QString("tie [expert_0=A expert_1=B]"));
    QCOMPARE(votesOf(*audit, "84:1:alpaca:vicuna"), QString("tie [expert_2=tie]"));
    QCOMPARE(votesOf(*audit, "85:2:alpaca:vicuna"), QString("A [expert_0=A]"));
    QCOMPARE(textOf(*audit, "85:2:alpaca:vicuna", ItemText::Extra),
             QString(R"({"model_a":"alpaca","model_b":"vicuna"})"));
    QCOMPARE(textOf(*audit, "85:2:alpaca:vicuna", ItemText::Question), QString());
}

namespace {

/// A human record of turn 2 with both conversations (vicuna listed first as model_a).
QByteArray conversationVote(const char* rater, const char* winner)
{
    auto f = with(humanFields(), "turn", "2");
    f = with(f, "judge", QByteArray("\"") + rater + "\"");
    f = with(f, "winner", QByteArray("\"") + winner + "\"");
    f = with(f, "conversation_a",
             R"([{"role": "user", "content": "Q1"}, {"role": "assistant", "content": "V1"}, )"
             R"({"role": "user", "content": "Q2"}, {"role": "assistant", "content": "V2"}])");
    return line(with(f, "conversation_b",
                     R"([{"content": "Q1", "role": "user"}, {"content": "L1", "role": "assistant"}, )"
                     R"({"content": "Q2", "role": "user"}, {"content": "L2", "role": "assistant"}])"));
}

} // namespace

void TestMtBench::humanTexts()
{
    const auto audit = import({write("human.jsonl", conversationVote("expert_0", "model_b"))});
    QVERIFY2(audit, qPrintable(issuesText(m_log)));
    const std::string_view id = "82:2:alpaca:vicuna";
    QCOMPARE(textOf(*audit, id, ItemText::Question), QString("Q2"));
    QCOMPARE(textOf(*audit, id, ItemText::ResponseA), QString("L2")); // alpaca's, from conversation_b
    QCOMPARE(textOf(*audit, id, ItemText::ResponseB), QString("V2"));
    QCOMPARE(votesOf(*audit, id), QString("A [expert_0=A]"));

    // Another rater's record with a different answer text for vicuna conflicts with the first.
    const QByteArray other = QByteArray(conversationVote("expert_1", "model_a")).replace("\"V2\"", "\"W2\"");
    QVERIFY(!import({write("human.jsonl", conversationVote("expert_0", "model_b") + other)}));
    QCOMPARE(issuesText(m_log),
             m_dir->filePath("human.jsonl") +
                 ":2: conversation_a[3].content: \"W2\" disagrees with \"V2\" given at line 1");
}

void TestMtBench::judgeAndHumanFilesMeet()
{
    // The judge lists vicuna first, the humans alpaca first: one item, canonical alpaca = A.
    const QString judges = write("gpt-4_pair.jsonl", judgeLine("vicuna", "alpaca", "model_2", "model_2"));
    const QString humans = write("human.jsonl", vote(81, "alpaca", "vicuna", "model_a", "expert_0") +
                                                    vote(81, "vicuna", "alpaca", "model_b", "expert_1") +
                                                    vote(81, "vicuna", "alpaca", "model_a", "author_0"));
    for (const auto& paths : {QStringList{judges, humans}, QStringList{humans, judges}}) {
        const auto audit = import(paths);
        QVERIFY2(audit, qPrintable(issuesText(m_log)));
        QCOMPARE(audit->itemCount(), std::size_t(1));
        QCOMPARE(votesOf(*audit, "81:1:alpaca:vicuna"), QString("A [expert_0=A expert_1=A author_0=B]"));
        QCOMPARE(audit->judgmentCount(), std::size_t(2));
        const auto lines = judgmentLines(*audit);
        QVERIFY(lines[0].startsWith("81:1:alpaca:vicuna gpt-4/pair-v2 BA A rep1 raw=J1 [[A]]"));
        QVERIFY(lines[1].startsWith("81:1:alpaca:vicuna gpt-4/pair-v2 AB A rep1 raw=J2 [[B]]"));
    }
}

void TestMtBench::votesMergeAcrossFiles()
{
    // The same file twice adds nothing; a new rater's vote joins the earlier ones and changes the label.
    const QString first = write("a.jsonl", vote(82, "alpaca", "vicuna", "model_a", "expert_0") +
                                               vote(82, "alpaca", "vicuna", "model_b", "expert_1"));
    const QString more = write("b.jsonl", vote(82, "alpaca", "vicuna", "model_b", "expert_1") +
                                              vote(82, "alpaca", "vicuna", "model_b", "expert_2"));
    auto audit = import({first, first});
    QVERIFY2(audit, qPrintable(issuesText(m_log)));
    QCOMPARE(votesOf(*audit, "82:1:alpaca:vicuna"), QString("tie [expert_0=A expert_1=B]"));
    audit = import({first, more});
    QVERIFY2(audit, qPrintable(issuesText(m_log)));
    QCOMPARE(votesOf(*audit, "82:1:alpaca:vicuna"), QString("B [expert_0=A expert_1=B expert_2=B]"));

    // The same rater with another value than in an earlier file.
    const QString changed = write("c.jsonl", vote(82, "vicuna", "alpaca", "model_b", "expert_2") +
                                                 vote(82, "vicuna", "alpaca", "model_b", "expert_1"));
    QVERIFY(!import({first, changed}));
    QCOMPARE(issuesText(m_log),
             changed + ":2: winner: rater \"expert_1\" voted \"B\" before this file and \"A\" here");
}

void TestMtBench::raterConflictInFile()
{
    const QString path = write("human.jsonl", vote(82, "alpaca", "vicuna", "model_b", "expert_0") +
                                                  vote(82, "alpaca", "vicuna", "model_b", "expert_1") +
                                                  vote(82, "vicuna", "alpaca", "model_b", "expert_0"));
    const QString message = path + ":3: winner: rater \"expert_0\" voted \"B\" at line 1 and \"A\" here";
    QVERIFY(!import({path}));
    QCOMPARE(issuesText(m_log), message);
    const auto audit = import({path}, BadRecordPolicy::SkipAndList);
    QVERIFY(audit);
    QCOMPARE(issuesText(m_log), message);
    QCOMPARE(votesOf(*audit, "82:1:alpaca:vicuna"), QString("B [expert_0=B expert_1=B]"));
}

void TestMtBench::labelWithoutRatingsMustAgree()
{
    const QString path = write("human.jsonl", vote(82, "alpaca", "vicuna", "tie", "expert_0") +
                                                  vote(82, "alpaca", "vicuna", "model_a", "expert_1") +
                                                  vote(82, "alpaca", "vicuna", "model_a", "expert_2"));
    for (const Answer label : {answer::kA, answer::kB}) {
        m_log = ImportLog{};
        m_log.policy = BadRecordPolicy::SkipAndList;
        AuditBuilder builder;
        const auto item = builder.addItem(builder.intern("mt-bench"), builder.intern("82:1:alpaca:vicuna"),
                                          TaskKind::Pairwise);
        builder.setLabel(item, label); // e.g. from a Tribunal file: a label without ratings
        QVERIFY(importMtBench(path.toStdString(), builder, m_log, {}));
        const auto audit = builder.build(m_log);
        QVERIFY(audit);
        if (label == answer::kA) {
            QCOMPARE(issuesText(m_log), QString());
            QCOMPARE(votesOf(*audit, "82:1:alpaca:vicuna"),
                     QString("A [expert_0=tie expert_1=A expert_2=A]"));
        } else {
            QCOMPARE(issuesText(m_log),
                     path + ":1: winner: the votes' majority \"A\" disagrees with the item's label \"B\" set "
                            "before this file");
            QCOMPARE(votesOf(*audit, "82:1:alpaca:vicuna"), QString("B []"));
        }
    }
}

void TestMtBench::rerunDuplicatesKeepFirst()
{
    // gen_judgment appends: a re-run writes the record again (its judge text may differ). Like FastChat's
    // clean_judgment.py, the first copy is kept.
    const QByteArray first = judgeLine("alpaca", "vicuna", "model_1", "model_2");
    const QByteArray again = QByteArray(first).replace("J1 [[A]]", "J1 again [[A]]");
    const QByteArray turn2 =
        QByteArray(judgeLine("alpaca", "vicuna", "tie", "tie")).replace("\"turn\": 1", "\"turn\": 2");
    const QString path = write("gpt-4_pair.jsonl", first + turn2 + again);
    const auto audit = import({path}, BadRecordPolicy::SkipAndList);
    QVERIFY(audit);
    const QString dup = path + ":3: rep: duplicate judgment key (same item, judge, format, condition, order "
                               "and rep as line 1)";
    QCOMPARE(issuesText(m_log), dup + "\n" + dup);
    const auto lines = judgmentLines(*audit);
    QCOMPARE(lines.size(), 4);
    QVERIFY2(lines[0].startsWith("81:1:alpaca:vicuna gpt-4/pair-v2 AB A rep1 raw=J1 [[A]] "),
             qPrintable(lines[0]));
    QVERIFY2(lines[1].startsWith("81:1:alpaca:vicuna gpt-4/pair-v2 BA B rep1 raw=J2 [[B]] "),
             qPrintable(lines[1]));
    QVERIFY(lines[2].startsWith("81:2:alpaca:vicuna gpt-4/pair-v2 AB tie rep1 "));
    QVERIFY(lines[3].startsWith("81:2:alpaca:vicuna gpt-4/pair-v2 BA tie rep1 "));
    QVERIFY(!import({path}));
    QCOMPARE(issuesText(m_log), dup);
}

void TestMtBench::badRecords_data()
{
    QTest::addColumn<QByteArray>("record");
    QTest::addColumn<QString>("message"); // after `file:2: `
    // Bad records use question 90, so a record committed by mistake shows as a third item.
    const Fields judge = with(judgeFields(), "question_id", "90");
    const Fields human = with(humanFields(), "question_id", "90");
    const auto row = [](const char* name, const QByteArray& record, const QString& message) {
        QTest::newRow(name) << record << message;
    };
    row("judge: question_id missing", line(without(judge, "question_id")),
        "question_id: required key is missing");
    row("judge: question_id a number", line(with(judge, "question_id", "81.5")),
        "question_id: expected a string or an integer, got a number");
    row("judge: model_1 missing", line(without(judge, "model_1")), "model_1: required key is missing");
    row("judge: model_2 an integer", line(with(judge, "model_2", "2")),
        "model_2: expected a string, got an integer");
    row("judge: same model twice", line(with(judge, "model_2", "\"vicuna\"")),
        "model_2: names the same model as model_1 (\"vicuna\")");
    row("judge: g2_winner missing", line(without(judge, "g2_winner")), "g2_winner: required key is missing");
    row("judge: g1_winner null", line(with(judge, "g1_winner", "null")),
        "g1_winner: expected a string, got null");
    row("judge: g2_winner model_3", line(with(judge, "g2_winner", "\"model_3\"")),
        "g2_winner: \"model_3\" is not model_1, model_2, tie or error");
    row("judge: g1_winner inconsistent", line(with(judge, "g1_winner", "\"inconsistent\"")),
        "g1_winner: \"inconsistent\" is not model_1, model_2, tie or error");
    row("judge: turn missing", line(without(judge, "turn")), "turn: required key is missing");
    row("judge: turn 3", line(with(judge, "turn", "3")), "turn: must be 1 or 2 (got 3)");
    row("judge: turn 0", line(with(judge, "turn", "0")), "turn: must be 1 or 2 (got 0)");
    row("judge: turn a string", line(with(judge, "turn", "\"1\"")),
        "turn: expected an integer, got a string");
    row("judge: turn 1.0", line(with(judge, "turn", "1.0")), "turn: expected an integer, got a number");
    row("judge: judge missing", line(without(judge, "judge")), "judge: required key is missing");
    row("judge: judge a string", line(with(judge, "judge", "\"gpt-4\"")),
        "judge: expected [judge model, prompt name] (two strings), got \"gpt-4\"");
    row("judge: judge of one string", line(with(judge, "judge", "[\"gpt-4\"]")),
        "judge: expected [judge model, prompt name] (two strings), got [\"gpt-4\"]");
    row("judge: judge of three strings", line(with(judge, "judge", "[\"gpt-4\", \"pair-v2\", \"x\"]")),
        "judge: expected [judge model, prompt name] (two strings), got [\"gpt-4\",\"pair-v2\",\"x\"]");
    row("judge: judge with a number", line(with(judge, "judge", "[\"gpt-4\", 2]")),
        "judge: expected [judge model, prompt name] (two strings), got [\"gpt-4\",2]");
    row("judge: empty judge model", line(with(judge, "judge", "[\"\", \"pair-v2\"]")),
        "judge[0]: must not be empty");
    row("judge: empty prompt name", line(with(judge, "judge", "[\"gpt-4\", \"\"]")),
        "judge[1]: must not be empty");
    row("judge: g1_judgment an integer", line(with(judge, "g1_judgment", "1")),
        "g1_judgment: expected a string, got an integer");
    row("judge: g2_user_prompt an array", line(with(judge, "g2_user_prompt", "[]")),
        "g2_user_prompt: expected a string, got an array");
    row("judge: tstamp a string", line(with(judge, "tstamp", "\"now\"")),
        "tstamp: expected a number, got a string");
    row("judge: tstamp negative", line(with(judge, "tstamp", "-1")), "tstamp: -1 is negative");
    row("judge: turn twice", line(judge).replace("\"turn\": 1", "\"turn\": 1, \"turn\": 2"),
        "turn: duplicate key");
    row("neither g1_winner nor winner", line(without(judge, "g1_winner")),
        "g1_winner: required key is missing (a human judgment has winner instead; this record has neither)");
    row("human: judge an array (gpt4_pair split)", line(with(human, "judge", "[\"gpt-4\", \"pair\"]")),
        "judge: a judge model's combined vote without game order (the gpt4_pair split); import its "
        "*_pair.jsonl judgments instead");
    row("human: judge missing", line(without(human, "judge")), "judge: required key is missing");
    row("human: judge an integer", line(with(human, "judge", "0")),
        "judge: expected a string, got an integer");
    row("human: winner model_c", line(with(human, "winner", "\"model_c\"")),
        "winner: \"model_c\" is not model_a, model_b, tie or tie (bothbad)");
    row("human: winner error", line(with(human, "winner", "\"error\"")),
        "winner: \"error\" is not model_a, model_b, tie or tie (bothbad)");
    row("human: winner an integer", line(with(human, "winner", "1")),
        "winner: expected a string, got an integer");
    row("human: model_b missing", line(without(human, "model_b")), "model_b: required key is missing");
    row("human: no models", line(without(without(human, "model_a"), "model_b")),
        "model_1: required key is missing");
    row("human: model_a and model_1", line(with(human, "model_1", "\"gpt-4\"")),
        "model_1: give the models as model_a/model_b or as model_1/model_2, not both");
    row("human: same model twice", line(with(human, "model_b", "\"vicuna\"")),
        "model_b: names the same model as model_a (\"vicuna\")");
    row("human: turn 3", line(with(human, "turn", "3")), "turn: must be 1 or 2 (got 3)");
    row("human: conversation_a an object", line(with(human, "conversation_a", "{}")),
        "conversation_a: expected an array of {role, content} messages, got an object");
    row("human: conversation_b message a string", line(with(human, "conversation_b", "[\"hi\"]")),
        "conversation_b[0]: expected an object, got a string");
    row("human: message without role", line(with(human, "conversation_a", "[{\"content\": \"Q1\"}]")),
        "conversation_a[0].role: required key is missing");
    row("human: content null",
        line(with(human, "conversation_a",
                  "[{\"role\": \"user\", \"content\": \"Q1\"}, {\"role\": "
                  "\"assistant\", \"content\": null}]")),
        "conversation_a[1].content: expected a string, got null");
    row("human: conversation too short for turn 2",
        line(with(
            with(human, "turn", "2"), "conversation_a",
            "[{\"role\": \"user\", \"content\": \"Q1\"}, {\"role\": \"assistant\", \"content\": \"A1\"}, "
            "{\"role\": \"user\", \"content\": \"Q2\"}]")),
        "conversation_a: turn 2 needs 2 \"user\" and \"assistant\" messages, the conversation has 2 and 1");
    row("not an object", "[1, 2]\n", "expected a JSON object, got an array");
    row("invalid JSON", "{\"question_id\": 81,, \"turn\": 1}\n",
        "invalid JSON (The JSON document has an improper structure: missing or superfluous commas, braces, "
        "missing keys, etc.)");
}

void TestMtBench::badRecords()
{
    QFETCH(QByteArray, record);
    QFETCH(QString, message);
    const QByteArray good1 = judgeLine("alpaca", "vicuna", "model_1", "tie");
    const QByteArray good2 = vote(82, "alpaca", "vicuna", "model_b", "expert_0");
    const QString path = write("mixed.jsonl", good1 + record + good2);
    QVERIFY(!import({path}));
    QCOMPARE(issuesText(m_log), path + ":2: " + message);

    const auto audit = import({path}, BadRecordPolicy::SkipAndList);
    QVERIFY(audit);
    QCOMPARE(issuesText(m_log), path + ":2: " + message);
    QCOMPARE(m_log.skippedRecords, std::uint64_t(1));
    QCOMPARE(audit->itemCount(), std::size_t(2));
    QCOMPARE(audit->judgmentCount(), std::size_t(2));
    QCOMPARE(votesOf(*audit, "81:1:alpaca:vicuna"), QString("none []"));
    QCOMPARE(votesOf(*audit, "82:1:alpaca:vicuna"), QString("B [expert_0=B]"));
}

void TestMtBench::badFiles_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("message"); // after `file`
    const QByteArray good = judgeLine("alpaca", "vicuna", "model_1", "tie");
    QTest::newRow("empty file") << QByteArray() << ": empty file";
    QTest::newRow("blank lines only") << QByteArray("\n  \n") << ": empty file";
    QTest::newRow("non-UTF-8 byte") << good + QByteArray("{\"question_id\": \"\xff\"}\n")
                                    << QString(":2: invalid UTF-8 (byte offset %1)")
                                           .arg(good.size() + QByteArray("{\"question_id\": \"").size());
    QTest::newRow("truncated last line")
        << good + good.left(40)
        << ":2: truncated last line (the file does not end with a complete JSON object)";
}

void TestMtBench::badFiles()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, message);
    const QString path = write("bad.jsonl", bytes);
    // Whole-file problems fail the import whatever the policy.
    for (const auto policy : {BadRecordPolicy::StopAtFirst, BadRecordPolicy::SkipAndList}) {
        QVERIFY(!import({path}, policy));
        QCOMPARE(issuesText(m_log), path + message);
    }
}

QTEST_GUILESS_MAIN(TestMtBench)
#include "tst_mtbench.moc"
