// FastChat MT-Bench import (core/io/harness/mtbenchimporter.cpp, mtbenchsingle.cpp) on hand-written files
// shaped like the upstream records (/tmp/research/mtbench.md: common.py play_a_match_pair /
// play_a_match_single, HF lmsys/mt_bench_human_judgments): judge pair records in both model orders, human
// votes as ratings and majority labels, both kinds meeting on one item, single-answer grades as ordinal
// judgments, re-run duplicates, and every class of bad input with its exact message; then the real pair and
// single files of
// ../shared/data/harness-real/fastchat, whose counts, means and flip rates were computed independently.
// Expected values are worked out by hand: A = the bytewise smaller model name ("alpaca" < "vicuna").
// Over 400 lines on purpose: most of it is the tables of bad records, one row per message.

#include "../common/testfiles.h"
#include "analysis/trustanalysis.h"
#include "io/importer.h"
#include "model/auditbuilder.h"

#include <QtTest>

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <map>
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

Fields singleFields()
{
    return {{"question_id", "81"},
            {"model", "\"vicuna\""},
            {"judge", "[\"gpt-4\", \"single-v1\"]"},
            {"user_prompt", "\"P\""},
            {"judgment", "\"J [[8]]\""},
            {"score", "8"},
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

/// `item_id judge/format answer raw error extra` per judgment of a single-answer grade, in import order.
QStringList gradeLines(const Audit& audit)
{
    QStringList out;
    const auto& j = audit.judgments();
    for (const auto r : audit.importOrder())
        out << str(audit, audit.items().itemId[j.item[r]]) + " " + str(audit, j.judge[r]) + "/" +
                   str(audit, j.format[r]) + " " +
                   QString::fromStdString(answerText(TaskKind::Ordinal, j.answer[r])) +
                   " raw=" + str(audit, j.raw[r]) + " error=" + str(audit, j.error[r]) +
                   " extra=" + str(audit, j.extra[r]);
    return out;
}

/// `kind unit=.. group=.. criterion=.. levels=1;..;10 extra=.. label` of an item of mt-bench-single.
QString gradedItem(const Audit& audit, std::string_view itemId)
{
    const auto item = audit.findItem("mt-bench-single", itemId);
    if (!item)
        return "no item";
    const auto& items = audit.items();
    QStringList levels;
    for (const StrId level : items.levels(*item))
        levels << str(audit, level);
    return QString::fromUtf8(kindName(items.kind[*item])) +
           " unit=" + str(audit, items.field(ItemText::UnitId, *item)) +
           " group=" + str(audit, items.field(ItemText::Group, *item)) +
           " criterion=" + str(audit, items.field(ItemText::Criterion, *item)) +
           " levels=" + levels.join(';') + " extra=" + str(audit, items.field(ItemText::Extra, *item)) +
           " label=" + QString::fromStdString(answerText(TaskKind::Ordinal, items.label[*item]));
}

const QString kRealFastChat = QStringLiteral(TRIBUNAL_SHARED_DATA "/harness-real/fastchat/model_judgment");

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
    void singleGrades();
    void singleGradesBesidePairs();
    void singleRerunDuplicates();
    void singleOnExistingItems();
    void badSingleRecords_data();
    void badSingleRecords();
    void realSingleFile();
    void realSingleRecords();
    void realPairFile();
    void realPairAndSingleTogether();

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
    // Turn 2: the whole conversation, as the judge records' texts from the harness layout (harnesstexts.h).
    QCOMPARE(textOf(*audit, id, ItemText::Question), QString("[Turn 1]\nQ1\n\n[Turn 2]\nQ2"));
    // alpaca's, from conversation_b
    QCOMPARE(textOf(*audit, id, ItemText::ResponseA), QString("[Turn 1]\nL1\n\n[Turn 2]\nL2"));
    QCOMPARE(textOf(*audit, id, ItemText::ResponseB), QString("[Turn 1]\nV1\n\n[Turn 2]\nV2"));
    QCOMPARE(votesOf(*audit, id), QString("A [expert_0=A]"));

    // Another rater's record with a different answer text for vicuna conflicts with the first.
    const QByteArray other = QByteArray(conversationVote("expert_1", "model_a")).replace("\"V2\"", "\"W2\"");
    QVERIFY(!import({write("human.jsonl", conversationVote("expert_0", "model_b") + other)}));
    QCOMPARE(issuesText(m_log),
             m_dir->filePath("human.jsonl") +
                 ":2: conversation_a[3].content: \"[Turn 1]\\nV1\\n\\n[Turn 2]\\nW2\" disagrees with "
                 "\"[Turn 1]\\nV1\\n\\n[Turn 2]\\nV2\" given at line 1");
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
    // gen_judgment appends: a re-run writes the record again. The same record again is merged (kept once, a
    // note, no issue). Its judge text may differ: then game 1's judgment conflicts (a bad record; like
    // FastChat's clean_judgment.py, skip-and-list keeps the first copy) and game 2's, unchanged, is merged.
    const QByteArray first = judgeLine("alpaca", "vicuna", "model_1", "model_2");
    const QByteArray again = QByteArray(first).replace("J1 [[A]]", "J1 again [[A]]");
    const QByteArray turn2 =
        QByteArray(judgeLine("alpaca", "vicuna", "tie", "tie")).replace("\"turn\": 1", "\"turn\": 2");
    const auto checkKept = [](const Audit& audit) {
        const auto lines = judgmentLines(audit);
        QCOMPARE(lines.size(), 4);
        QVERIFY2(lines[0].startsWith("81:1:alpaca:vicuna gpt-4/pair-v2 AB A rep1 raw=J1 [[A]] "),
                 qPrintable(lines[0]));
        QVERIFY2(lines[1].startsWith("81:1:alpaca:vicuna gpt-4/pair-v2 BA B rep1 raw=J2 [[B]] "),
                 qPrintable(lines[1]));
        QVERIFY(lines[2].startsWith("81:2:alpaca:vicuna gpt-4/pair-v2 AB tie rep1 "));
        QVERIFY(lines[3].startsWith("81:2:alpaca:vicuna gpt-4/pair-v2 BA tie rep1 "));
    };
    const QString same = write("gpt-4_pair.jsonl", first + turn2 + first);
    const QString merged = same +
                           ": 2 judgments merged with ones already read or in the open audit (same key, "
                           "and every field both record agrees): kept once, with the fields only the "
                           "later copy records";
    auto audit = import({same});
    QVERIFY2(audit, qPrintable(issuesText(m_log)));
    QCOMPARE(issuesText(m_log), QString());
    QCOMPARE(m_log.mergedRecords, std::uint64_t(2));
    QCOMPARE(m_log.notes.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(m_log.notes[0].text()), merged);
    checkKept(*audit);

    const QString path = write("gpt-4_pair-rerun.jsonl", first + turn2 + again);
    audit = import({path}, BadRecordPolicy::SkipAndList);
    QVERIFY(audit);
    const QString conflict = path + ":3: rep: conflicting judgment: same item, judge, format, condition, "
                                    "order and rep as line 1, different raw output";
    QCOMPARE(issuesText(m_log), conflict);
    QCOMPARE(m_log.skippedRecords, std::uint64_t(1));
    QCOMPARE(m_log.mergedRecords, std::uint64_t(1));
    QCOMPARE(m_log.notes.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(m_log.notes[0].text()),
             path + ": 1 judgment merged with ones already read or in the open audit (same key, and every "
                    "field both record agrees): kept once, with the fields only the later copy records");
    checkKept(*audit);
    QVERIFY(!import({path}));
    QCOMPARE(issuesText(m_log), conflict);
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
        "g1_winner: required key is missing (a human judgment has winner instead, a single-answer grade "
        "score "
        "and model; this record has none of them)");
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

void TestMtBench::singleGrades()
{
    // A grade, a -1 (no rating), a whole number written as a float with a string question id, an unknown key
    // and a null judgment, and a second judge on the first item.
    const QByteArray noRating = line(with(with(with(singleFields(), "turn", "2"), "score", "-1"), "judge",
                                          "[\"gpt-4\", \"single-v1-multi-turn\"]"))
                                    .replace("J [[8]]", "no rating here");
    auto math = with(singleFields(), "question_id", "\"q-7\"");
    math = with(math, "model", "\"alpaca\"");
    math = with(math, "judge", "[\"gpt-4\", \"single-math-v1\"]");
    math = with(math, "score", "10.0");
    math = with(math, "judgment", "null");
    math = with(math, "m_score", "3");
    const auto other = with(with(singleFields(), "judge", "[\"claude-v1\", \"single-v1\"]"), "score", "1");
    const auto audit =
        import({write("gpt-4_single.jsonl", line(singleFields()) + noRating + line(math) + line(other))});
    QVERIFY2(audit, qPrintable(issuesText(m_log)));
    QCOMPARE(audit->itemCount(), std::size_t(3));
    const QString levels = " levels=1;2;3;4;5;6;7;8;9;10 ";
    QCOMPARE(gradedItem(*audit, "81:1:vicuna"), "ordinal unit=81:1:vicuna group=81 criterion=MT-Bench "
                                                "single-answer grade" +
                                                    levels + R"(extra={"model":"vicuna"} label=none)");
    QCOMPARE(gradedItem(*audit, "81:2:vicuna"), "ordinal unit=81:2:vicuna group=81 criterion=MT-Bench "
                                                "single-answer grade" +
                                                    levels + R"(extra={"model":"vicuna"} label=none)");
    QCOMPARE(gradedItem(*audit, "q-7:1:alpaca"), "ordinal unit=q-7:1:alpaca group=q-7 criterion=MT-Bench "
                                                 "single-answer grade" +
                                                     levels + R"(extra={"model":"alpaca"} label=none)");
    const QString extra = R"(extra={"user_prompt":"P","tstamp":1716000000.5)";
    QCOMPARE(gradeLines(*audit),
             (QStringList{"81:1:vicuna gpt-4/single-v1 8 raw=J [[8]] error= " + extra + "}",
                          "81:2:vicuna gpt-4/single-v1-multi-turn none raw=no rating here error=no rating "
                          "(FastChat score -1) " +
                              extra + "}",
                          "q-7:1:alpaca gpt-4/single-math-v1 10 raw= error= " + extra + R"(,"m_score":3})",
                          "81:1:vicuna claude-v1/single-v1 1 raw=J [[8]] error= " + extra + "}"}));
    for (const auto r : audit->importOrder())
        QCOMPARE(audit->judgments().order[r], Order::None);
}

void TestMtBench::singleGradesBesidePairs()
{
    // One file of all three kinds: the grade goes to its own ordinal panel, the pair and vote meet as before.
    const QString path =
        write("mixed.jsonl", judgeLine("alpaca", "vicuna", "model_1", "tie") + line(singleFields()) +
                                 vote(81, "vicuna", "alpaca", "model_b", "expert_0"));
    const auto audit = import({path});
    QVERIFY2(audit, qPrintable(issuesText(m_log)));
    QCOMPARE(audit->itemCount(), std::size_t(2));
    QCOMPARE(audit->judgmentCount(), std::size_t(3));
    QCOMPARE(votesOf(*audit, "81:1:alpaca:vicuna"), QString("A [expert_0=A]"));
    QVERIFY(gradedItem(*audit, "81:1:vicuna").startsWith("ordinal unit=81:1:vicuna group=81 "));
    QCOMPARE(audit->findItem("mt-bench", "81:1:vicuna"), std::nullopt);
    QCOMPARE(detectFormat(write("single.jsonl", line(singleFields())).toStdString()), SourceFormat::MtBench);
}

void TestMtBench::singleRerunDuplicates()
{
    // gen_judgment appends: the same grade again is merged (kept once, a note, no issue); a re-run that
    // grades differently conflicts, and skip-and-list keeps the first.
    const QByteArray first = line(singleFields());
    const QByteArray again = line(with(singleFields(), "score", "3"));
    const QByteArray turn2 =
        line(with(with(singleFields(), "turn", "2"), "judge", "[\"gpt-4\", \"single-v1-multi-turn\"]"));
    const auto checkKept = [](const Audit& audit) {
        const auto lines = gradeLines(audit);
        QCOMPARE(lines.size(), 2);
        QVERIFY2(lines[0].startsWith("81:1:vicuna gpt-4/single-v1 8 "), qPrintable(lines[0]));
        QVERIFY2(lines[1].startsWith("81:2:vicuna gpt-4/single-v1-multi-turn 8 "), qPrintable(lines[1]));
    };
    const QString same = write("gpt-4_single.jsonl", first + turn2 + first);
    auto audit = import({same});
    QVERIFY2(audit, qPrintable(issuesText(m_log)));
    QCOMPARE(issuesText(m_log), QString());
    QCOMPARE(m_log.mergedRecords, std::uint64_t(1));
    QCOMPARE(m_log.notes.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(m_log.notes[0].text()),
             same + ": 1 judgment merged with ones already read or in the open audit (same key, and every "
                    "field both record agrees): kept once, with the fields only the later copy records");
    checkKept(*audit);

    const QString path = write("gpt-4_single-rerun.jsonl", first + turn2 + again);
    const QString conflict = path + ":3: rep: conflicting judgment: same item, judge, format, condition, "
                                    "order and rep as line 1, different answer 3 here, 8 there";
    audit = import({path}, BadRecordPolicy::SkipAndList);
    QVERIFY(audit);
    QCOMPARE(issuesText(m_log), conflict);
    QCOMPARE(m_log.skippedRecords, std::uint64_t(1));
    QCOMPARE(m_log.mergedRecords, std::uint64_t(0));
    QVERIFY(m_log.notes.empty());
    checkKept(*audit);
    QVERIFY(!import({path}));
    QCOMPARE(issuesText(m_log), conflict);
}

void TestMtBench::singleOnExistingItems()
{
    // The grade's item already in the audit (a base audit, a Tribunal file): it must take the 1..10 scale.
    const QString path = write("gpt-4_single.jsonl", line(singleFields()));
    struct Case {
        const char* name;
        TaskKind kind;
        int levels;        // 0: none
        Answer label;      // kNone: none
        const char* group; // "": none
        QString message;   // "": imports
    };
    const Case cases[] = {
        {"pairwise", TaskKind::Pairwise, 0, answer::kNone, "",
         "score: item \"81:1:vicuna\" of dataset \"mt-bench-single\" is pairwise, not ordinal"},
        {"five levels", TaskKind::Ordinal, 5, answer::kNone, "",
         "score: the item's 5 levels set before this file are not MT-Bench's 1..10"},
        {"no levels, label 12", TaskKind::Ordinal, 0, 12, "",
         "score: the item's label 12 set before this file is above MT-Bench's 10 levels"},
        {"other group", TaskKind::Ordinal, 10, answer::kNone, "81:1",
         "group: \"81\" disagrees with \"81:1\" set before this file"},
        {"no levels, label 7, same group", TaskKind::Ordinal, 0, 7, "81", ""},
        {"levels 1..10", TaskKind::Ordinal, 10, answer::kNone, "", ""},
    };
    for (const auto& c : cases) {
        m_log = ImportLog{};
        AuditBuilder builder;
        const auto item =
            builder.addItem(builder.intern("mt-bench-single"), builder.intern("81:1:vicuna"), c.kind);
        std::vector<StrId> levels;
        for (int k = 1; k <= c.levels; ++k)
            levels.push_back(builder.intern(std::to_string(k)));
        builder.setLevels(item, std::move(levels));
        builder.setLabel(item, c.label);
        if (*c.group)
            builder.setText(item, ItemText::Group, builder.intern(c.group));
        const bool ok = importMtBench(path.toStdString(), builder, m_log, {});
        QVERIFY2(ok == c.message.isEmpty(), c.name);
        QCOMPARE(issuesText(m_log), c.message.isEmpty() ? QString() : path + ":1: " + c.message);
        if (!ok)
            continue;
        const auto audit = builder.build(m_log);
        QVERIFY(audit);
        QCOMPARE(audit->itemCount(), std::size_t(1));
        QCOMPARE(
            gradedItem(*audit, "81:1:vicuna"),
            "ordinal unit=81:1:vicuna group=81 criterion=MT-Bench single-answer grade levels=1;2;3;4;5;6;7;"
            "8;9;10 extra={\"model\":\"vicuna\"} label=" +
                QString::fromStdString(answerText(TaskKind::Ordinal, c.label)));
    }
}

void TestMtBench::badSingleRecords_data()
{
    QTest::addColumn<QByteArray>("record");
    QTest::addColumn<QString>("message"); // after `file:2: `
    const Fields grade = with(singleFields(), "question_id", "90");
    const auto row = [](const char* name, const QByteArray& record, const QString& message) {
        QTest::newRow(name) << record << message;
    };
    const QString score = "score: must be an integer 1..10, or -1 for no rating (got ";
    row("question_id missing", line(without(grade, "question_id")), "question_id: required key is missing");
    row("question_id a number", line(with(grade, "question_id", "90.5")),
        "question_id: expected a string or an integer, got a number");
    row("model missing", line(without(grade, "model")), "model: required key is missing");
    row("model empty", line(with(grade, "model", "\"\"")), "model: must not be empty");
    row("model an array", line(with(grade, "model", "[\"vicuna\"]")),
        "model: expected a string, got an array");
    row("score missing", line(without(grade, "score")), "score: required key is missing");
    row("score 0", line(with(grade, "score", "0")), score + "0)");
    row("score 11", line(with(grade, "score", "11")), score + "11)");
    row("score 8.5", line(with(grade, "score", "8.5")), score + "8.5)");
    row("score -2", line(with(grade, "score", "-2")), score + "-2)");
    row("score -0.5", line(with(grade, "score", "-0.5")), score + "-0.5)");
    row("score a string", line(with(grade, "score", "\"8\"")), "score: expected a number, got a string");
    row("score null", line(with(grade, "score", "null")), "score: expected a number, got null");
    row("score a boolean", line(with(grade, "score", "true")), "score: expected a number, got a boolean");
    row("score twice", line(grade).replace("\"score\": 8", "\"score\": 8, \"score\": 9"),
        "score: duplicate key");
    row("turn missing", line(without(grade, "turn")), "turn: required key is missing");
    row("turn 3", line(with(grade, "turn", "3")), "turn: must be 1 or 2 (got 3)");
    row("turn 2.0", line(with(grade, "turn", "2.0")), "turn: expected an integer, got a number");
    row("judge missing", line(without(grade, "judge")), "judge: required key is missing");
    row("judge a string", line(with(grade, "judge", "\"gpt-4\"")),
        "judge: expected [judge model, prompt name] (two strings), got \"gpt-4\"");
    row("judge of three strings", line(with(grade, "judge", "[\"gpt-4\", \"single-v1\", \"x\"]")),
        "judge: expected [judge model, prompt name] (two strings), got [\"gpt-4\",\"single-v1\",\"x\"]");
    row("empty prompt name", line(with(grade, "judge", "[\"gpt-4\", \"\"]")), "judge[1]: must not be empty");
    row("judgment an integer", line(with(grade, "judgment", "9")),
        "judgment: expected a string, got an integer");
    row("user_prompt an object", line(with(grade, "user_prompt", "{}")),
        "user_prompt: expected a string, got an object");
    row("tstamp negative", line(with(grade, "tstamp", "-1")), "tstamp: -1 is negative");
    row("unknown key twice", line(with(grade, "x", "1")).replace("\"x\": 1", "\"x\": 1, \"x\": 2"),
        "x: duplicate key");
}

void TestMtBench::badSingleRecords()
{
    QFETCH(QByteArray, record);
    QFETCH(QString, message);
    const QByteArray good1 = line(singleFields());
    const QByteArray good2 = line(with(singleFields(), "question_id", "82"));
    const QString path = write("gpt-4_single.jsonl", good1 + record + good2);
    QVERIFY(!import({path}));
    QCOMPARE(issuesText(m_log), path + ":2: " + message);

    const auto audit = import({path}, BadRecordPolicy::SkipAndList);
    QVERIFY(audit);
    QCOMPARE(issuesText(m_log), path + ":2: " + message);
    QCOMPARE(m_log.skippedRecords, std::uint64_t(1));
    QCOMPARE(audit->itemCount(), std::size_t(2));
    QCOMPARE(audit->judgmentCount(), std::size_t(2));
    QVERIFY(gradedItem(*audit, "81:1:vicuna").startsWith("ordinal "));
    QVERIFY(gradedItem(*audit, "82:1:vicuna").startsWith("ordinal "));
}

void TestMtBench::realSingleFile()
{
    // The real gpt-4_single.jsonl (160 grades of phi-3-dpo, both turns of the 80 questions). Counts, the
    // score sums and FastChat's mean (show_result.py --mode single: mean score per model over the records
    // whose score is not -1) were computed independently with python3's json module from the file.
    const QString path = kRealFastChat + "/gpt-4_single.jsonl";
    QCOMPARE(detectFormat(path.toStdString()), SourceFormat::MtBench);
    const auto audit = import({path});
    QVERIFY2(audit, qPrintable(issuesText(m_log)));
    QCOMPARE(audit->judgmentCount(), std::size_t(160));
    QCOMPARE(audit->itemCount(), std::size_t(160));
    const auto& items = audit->items();
    std::size_t labelled = 0;
    QSet<QString> groups;
    for (std::size_t i = 0; i < items.size(); ++i) {
        QCOMPARE(str(*audit, items.dataset[i]), QString("mt-bench-single"));
        QCOMPARE(items.kind[i], TaskKind::Ordinal);
        QCOMPARE(items.levels(i).size(), std::size_t(10));
        labelled += items.label[i] != answer::kNone ? 1 : 0;
        groups.insert(str(*audit, items.field(ItemText::Group, i)));
    }
    QCOMPARE(labelled, std::size_t(0)); // FastChat records no human grade
    QCOMPARE(groups.size(), 80);

    const auto& j = audit->judgments();
    std::size_t noAnswer = 0;
    std::map<QString, int> perFormat;
    std::map<QString, std::pair<int, int>> perModel; // score sum, graded judgments
    std::map<int, int> sumPerTurn;
    for (std::size_t r = 0; r < j.size(); ++r) {
        ++perFormat[str(*audit, j.judge[r]) + "/" + str(*audit, j.format[r])];
        if (j.answer[r] == answer::kNone) {
            ++noAnswer;
            continue;
        }
        const auto extra =
            QJsonDocument::fromJson(str(*audit, items.field(ItemText::Extra, j.item[r])).toUtf8());
        auto& [sum, n] = perModel[extra.object().value("model").toString()];
        sum += j.answer[r];
        ++n;
        const QString unit = str(*audit, items.field(ItemText::UnitId, j.item[r]));
        sumPerTurn[unit.section(':', 1, 1).toInt()] += j.answer[r];
    }
    QCOMPARE(noAnswer, std::size_t(0)); // the file has no -1
    QCOMPARE(perFormat, (std::map<QString, int>{{"gpt-4/single-math-v1", 30},
                                                {"gpt-4/single-math-v1-multi-turn", 30},
                                                {"gpt-4/single-v1", 50},
                                                {"gpt-4/single-v1-multi-turn", 50}}));
    QCOMPARE(perModel.size(), std::size_t(1));
    QCOMPARE(perModel["phi-3-dpo"], std::make_pair(1312, 160));
    QCOMPARE(perModel["phi-3-dpo"].first / double(perModel["phi-3-dpo"].second), 8.2);
    QCOMPARE(sumPerTurn, (std::map<int, int>{{1, 669}, {2, 643}})); // means 8.3625 and 8.0375 over 80 each
}

void TestMtBench::realSingleRecords()
{
    // Records checked by hand in the file (line: question, turn, score, prompt, start of the judgment).
    const auto audit = import({kRealFastChat + "/gpt-4_single.jsonl"});
    QVERIFY2(audit, qPrintable(issuesText(m_log)));
    const QStringList lines = gradeLines(*audit);
    QCOMPARE(lines.size(), 160);
    const std::pair<int, QString> checked[] = {
        {1, "81:1:phi-3-dpo gpt-4/single-v1 9 raw=The assistant's response is highly detailed, engaging"},
        {66, "116:1:phi-3-dpo gpt-4/single-math-v1 1 raw=The assistant's answer is incorrect. The assistant "
             "made a mistake in the process of solvin"},
        {81,
         "81:2:phi-3-dpo gpt-4/single-v1-multi-turn 10 raw=The assistant's response is creative, accurate"},
        {95, "95:2:phi-3-dpo gpt-4/single-v1-multi-turn 1 raw=The assistant's response is not helpful or "
             "relevant."},
        {160, "130:2:phi-3-dpo gpt-4/single-math-v1-multi-turn 9 raw=The assistant's answer is correct and "
              "helpful. It provides a Python implementation"},
    };
    for (const auto& [at, start] : checked)
        QVERIFY2(lines[at - 1].startsWith(start), qPrintable(lines[at - 1].left(200)));
    // The rationale is the whole judgment; the prompt and the time stamp are kept in the judgment's extra.
    QVERIFY(lines[0].contains(
        " from the overall quality. Rating: [[9]] error= extra={\"user_prompt\":\"[Instruction]\\n"
        "Please act as an impartial judge"));
    QVERIFY2(lines[0].endsWith(",\"tstamp\":1717245894.0353148}"), qPrintable(lines[0].right(80)));
}

void TestMtBench::realPairFile()
{
    // The real gpt-4_pair.jsonl: 75 records of phi-3 vs phi-3-dpo (turn 1), both games each. Flip rates
    // computed independently with python3 from g1_winner / g2_winner (a pair flips when the two games name
    // different winners; records with an "error" game drop out): pair-v2 20 of 50 = 0.40, pair-math-v1 7 of
    // 23 = 0.304 (2 of its 25 records have an error).
    const QString path = kRealFastChat + "/gpt-4_pair.jsonl";
    QCOMPARE(detectFormat(path.toStdString()), SourceFormat::MtBench);
    const auto audit = import({path});
    QVERIFY2(audit, qPrintable(issuesText(m_log)));
    QCOMPARE(audit->itemCount(), std::size_t(75));
    QCOMPARE(audit->judgmentCount(), std::size_t(150));
    QCOMPARE(textOf(*audit, "81:1:phi-3:phi-3-dpo", ItemText::Extra),
             QString(R"({"model_a":"phi-3","model_b":"phi-3-dpo"})"));
    const auto& j = audit->judgments();
    std::size_t noAnswer = 0;
    std::map<QString, int> perFormat;
    for (std::size_t r = 0; r < j.size(); ++r) {
        noAnswer += j.answer[r] == answer::kNone ? 1 : 0;
        ++perFormat[str(*audit, j.format[r])];
    }
    QCOMPARE(noAnswer, std::size_t(3)); // one record with one error game, one with two
    QCOMPARE(perFormat, (std::map<QString, int>{{"pair-math-v1", 50}, {"pair-v2", 100}}));

    const auto results = analyseTrust(*audit, TrustSettings{});
    QCOMPARE(results.size(), std::size_t(2));
    std::map<QString, TrustCellResult> byFormat;
    for (const auto& result : results)
        byFormat[str(*audit, audit->cells()[result.cell].format)] = result;
    const auto& v2 = byFormat["pair-v2"];
    QCOMPARE(v2.pairs, std::uint64_t(50));
    QCOMPARE(v2.droppedMissingVerdicts, std::uint64_t(0));
    QCOMPARE(v2.flipRate, 0.40);
    QCOMPARE(v2.labelledPairs, std::uint64_t(0)); // no human votes imported
    const auto& math = byFormat["pair-math-v1"];
    QCOMPARE(math.pairs, std::uint64_t(23));
    QCOMPARE(math.droppedMissingVerdicts, std::uint64_t(2));
    QCOMPARE(math.flipRate, 7.0 / 23.0);
    QCOMPARE(std::round(math.flipRate * 1000) / 1000, 0.304);
}

void TestMtBench::realPairAndSingleTogether()
{
    // Both real files in one import, detected automatically: two panels side by side.
    const auto outcome = importSources({(kRealFastChat + "/gpt-4_pair.jsonl").toStdString(),
                                        (kRealFastChat + "/gpt-4_single.jsonl").toStdString()},
                                       nullptr, ImportOptions{});
    QVERIFY2(outcome.audit, qPrintable(issuesText(outcome.log)));
    QCOMPARE(outcome.itemsAdded, std::uint64_t(75 + 160));
    QCOMPARE(outcome.judgmentsAdded, std::uint64_t(150 + 160));
    std::map<QString, int> perDataset;
    for (std::size_t i = 0; i < outcome.audit->items().size(); ++i)
        ++perDataset[str(*outcome.audit, outcome.audit->items().dataset[i])];
    QCOMPARE(perDataset, (std::map<QString, int>{{"mt-bench", 75}, {"mt-bench-single", 160}}));
}

QTEST_GUILESS_MAIN(TestMtBench)
#include "tst_mtbench.moc"
