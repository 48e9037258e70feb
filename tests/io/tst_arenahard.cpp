// The Arena-Hard-Auto adapter (core/io/harness/arenahardimporter.cpp) on hand-written files shaped like the
// records gen_judgment.py writes (v0.1 and v2.0; docs/import-formats.md): canonical verdicts through the
// swapped second game, strength markers, null games and scores, kept text and keys, the flip rate by hand,
// and the located errors of malformed records.

#include "../common/testfiles.h"
#include "analysis/trustanalysis.h"
#include "io/importer.h"
#include "model/auditbuilder.h"

#include <QtTest>

#include <QDir>
#include <QTemporaryDir>

using namespace tribunal;
using test::issuesText;
using test::writeFile;

namespace {

struct Imported {
    AuditPtr audit;
    ImportLog log;
    bool ok = false;
};

Imported importFiles(const QStringList& paths, BadRecordPolicy policy = BadRecordPolicy::StopAtFirst)
{
    Imported out;
    out.log.policy = policy;
    AuditBuilder builder;
    out.ok = true;
    for (const auto& path : paths)
        out.ok = out.ok && importArenaHard(path.toStdString(), builder, out.log, {});
    if (out.ok)
        out.audit = builder.build(out.log);
    return out;
}

// v2.0: five questions answered by model "m" against baseline "b", judged by gpt-4.1.
const QByteArray kV2 =
    R"({"uid":"q1","category":"hard_prompt","judge":"gpt-4.1","model":"m","baseline":"b","games":[{"score":"A>B","judgment":{"answer":"one [[A>B]]","thought":"t1"},"prompt":[{"role":"user","content":"p1"}]},{"score":"B>>A","judgment":{"answer":"two [[B>>A]]"},"prompt":[{"role":"user","content":"p2"}]}],"tstamp":1.5}
{"uid":"q2","category":"coding","judge":"gpt-4.1","model":"m","baseline":"b","games":[{"score":"A>B","judgment":{"answer":"x"}},{"score":"A>B","judgment":{"answer":"y"}}]}

{"uid":"q3","category":"coding","judge":"gpt-4.1","model":"m","baseline":"b","games":[{"score":"A=B","judgment":{"answer":"tie"}},{"score":"B=A","judgment":{"answer":"tie again"}}]}
{"uid":"q4","category":"math","judge":"gpt-4.1","model":"m","baseline":"b","games":[null,{"score":null,"judgment":{"answer":"no label here"}}]}
{"uid":"q5","category":"math","judge":"gpt-4.1","model":"m","baseline":"b","games":[{"score":"A>C","judgment":{"answer":"odd"}},{"score":"B<<A","judgment":{"answer":"mirrored"}}]}
)";

// v0.1: no baseline or category; judgment strings; the harness's $ERROR$ marker; a single game.
const QByteArray kV01 =
    R"({"question_id":"328c","model":"gpt-3.5","judge":"gpt-4-1106-preview","games":[{"user_prompt":"<|User Prompt|>u","judgment":"\nMy verdict: [[B>A]]","score":"B>A"},{"user_prompt":"<|User Prompt|>v","judgment":"\n$ERROR$","score":null}]}
{"question_id":17,"model":"gpt-3.5","judge":"gpt-4-1106-preview","games":[{"user_prompt":"w","judgment":"\n[[A>>B]]","score":"A>>B"}]}
)";

struct Row {
    QString item;
    Order order;
    QString answer, raw, error, extra;
};

QList<Row> rowsOf(const Audit& audit)
{
    QList<Row> rows;
    const auto& j = audit.judgments();
    for (std::uint32_t r = 0; r < j.size(); ++r) {
        const auto s = [&](StrId id) { return QString::fromStdString(std::string(audit.str(id))); };
        rows.push_back({s(audit.items().itemId[j.item[r]]), j.order[r],
                        QString::fromStdString(answerText(TaskKind::Pairwise, j.answer[r])), s(j.raw[r]),
                        s(j.error[r]), s(j.extra[r])});
    }
    std::sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
        return std::tie(a.item, a.order) < std::tie(b.item, b.order);
    });
    return rows;
}

} // namespace

class TestArenaHard : public QObject {
    Q_OBJECT

private slots:
    void v2RecordsMapToCanonicalVerdicts();
    void v01RecordsKeepTheirText();
    void flipRateEqualsTheHandCount();
    void accuracyWithLabelsFromAnotherFile();
    void baselineDisagreementIsABadRecord();
    void malformedRecords_data();
    void malformedRecords();
    void skipAndListKeepsTheGoodRecords();
};

void TestArenaHard::v2RecordsMapToCanonicalVerdicts()
{
    QTemporaryDir dir;
    const QString judgeDir = dir.path() + "/data/arena-hard-v2.0/model_judgment/gpt-4.1";
    QVERIFY(QDir().mkpath(judgeDir));
    const QString path = judgeDir + "/m.jsonl";
    QVERIFY(writeFile(path, kV2));
    const auto imported = importFiles({path});
    QVERIFY2(imported.ok && imported.audit, qPrintable(issuesText(imported.log)));
    const Audit& audit = *imported.audit;
    QCOMPARE(audit.items().size(), std::size_t(5));
    QCOMPARE(audit.judgments().size(), std::size_t(10));
    // dataset from the bench directory, candidate models and category on the item
    QCOMPARE(audit.str(audit.items().dataset[0]), std::string_view("arena-hard-v2.0"));
    QCOMPARE(audit.str(audit.items().itemId[0]), std::string_view("q1:m"));
    QCOMPARE(audit.str(audit.items().text[static_cast<int>(ItemText::Domain)][0]),
             std::string_view("hard_prompt"));
    QCOMPARE(audit.str(audit.items().text[static_cast<int>(ItemText::Extra)][0]),
             std::string_view(R"({"model_a":"b","model_b":"m"})"));
    QCOMPARE(audit.items().label[0], answer::kNone);
    QCOMPARE(audit.str(audit.judgments().judge[0]), std::string_view("gpt-4.1"));
    QCOMPARE(audit.str(audit.judgments().format[0]), std::string_view("arena-hard"));

    const auto rows = rowsOf(audit);
    const QList<Row> expected = {
        // q1: the baseline wins in both games (slot A in game 1, slot B in game 2): A, A.
        {"q1:m", Order::AB, "A", "one [[A>B]]", "",
         R"({"score":"A>B","strength":"weak","prompt":[{"role":"user","content":"p1"}],"thought":"t1","tstamp":1.5})"},
        {"q1:m", Order::BA, "A", "two [[B>>A]]", "",
         R"({"score":"B>>A","strength":"strong","prompt":[{"role":"user","content":"p2"}],"tstamp":1.5})"},
        // q2: slot A wins both games, i.e. the baseline, then the model: a flip.
        {"q2:m", Order::AB, "A", "x", "", R"({"score":"A>B","strength":"weak"})"},
        {"q2:m", Order::BA, "B", "y", "", R"({"score":"A>B","strength":"weak"})"},
        {"q3:m", Order::AB, "tie", "tie", "", R"({"score":"A=B"})"},
        {"q3:m", Order::BA, "tie", "tie again", "", R"({"score":"B=A"})"},
        {"q4:m", Order::AB, "none", "", "judge call failed (game is null)", ""},
        {"q4:m", Order::BA, "none", "no label here", "no verdict parsed", ""},
        {"q5:m", Order::AB, "none", "odd", "score \"A>C\" is not a verdict", R"({"score":"A>C"})"},
        // B<<A in game 2: slot A (the model) much better: canonical B.
        {"q5:m", Order::BA, "B", "mirrored", "", R"({"score":"B<<A","strength":"strong"})"},
    };
    QCOMPARE(rows.size(), expected.size());
    for (qsizetype i = 0; i < rows.size(); ++i) {
        QCOMPARE(rows[i].item, expected[i].item);
        QCOMPARE(rows[i].order, expected[i].order);
        QCOMPARE(rows[i].answer, expected[i].answer);
        QCOMPARE(rows[i].raw, expected[i].raw);
        QCOMPARE(rows[i].error, expected[i].error);
        QCOMPARE(rows[i].extra, expected[i].extra);
    }
}

void TestArenaHard::v01RecordsKeepTheirText()
{
    QTemporaryDir dir;
    const QString path = dir.path() + "/gpt-3.5.jsonl";
    QVERIFY(writeFile(path, kV01));
    const auto imported = importFiles({path});
    QVERIFY2(imported.ok && imported.audit, qPrintable(issuesText(imported.log)));
    const Audit& audit = *imported.audit;
    QCOMPARE(audit.str(audit.items().dataset[0]), std::string_view("arena-hard"));
    QCOMPARE(audit.str(audit.items().text[static_cast<int>(ItemText::Extra)][0]),
             std::string_view(R"({"model_b":"gpt-3.5"})"));
    const auto rows = rowsOf(audit);
    QCOMPARE(rows.size(), 3);
    QCOMPARE(rows[0].item, QString("17:gpt-3.5")); // an integer question_id as its decimal text
    QCOMPARE(rows[0].answer, QString("A"));
    QCOMPARE(rows[0].extra, QString(R"({"score":"A>>B","strength":"strong","user_prompt":"w"})"));
    QCOMPARE(rows[1].item, QString("328c:gpt-3.5"));
    QCOMPARE(rows[1].answer, QString("B")); // game 1: slot B is the model
    QCOMPARE(rows[1].raw, QString("\nMy verdict: [[B>A]]"));
    QCOMPARE(rows[2].answer, QString("none"));
    QCOMPARE(rows[2].error, QString("judge call failed ($ERROR$)"));
    QCOMPARE(rows[2].raw, QString("\n$ERROR$"));
    QCOMPARE(rows[2].extra, QString(R"({"user_prompt":"<|User Prompt|>v"})"));
}

void TestArenaHard::flipRateEqualsTheHandCount()
{
    // By hand from kV2: q1 (A, A) agree, q2 (A, B) flip, q3 (tie, tie) agree; q4 and q5 lack a verdict in an
    // order and drop out. phi = 1 - mean agreement = 1/3 over 3 pairs.
    QTemporaryDir dir;
    const QString path = dir.path() + "/m.jsonl";
    QVERIFY(writeFile(path, kV2));
    const auto imported = importFiles({path});
    QVERIFY(imported.ok && imported.audit);
    const auto results = analyseTrust(*imported.audit, TrustSettings{});
    QCOMPARE(results.size(), std::size_t(1));
    QCOMPARE(results[0].pairs, std::uint64_t(3));
    QCOMPARE(results[0].droppedMissingVerdicts, std::uint64_t(2));
    QCOMPARE(results[0].flipRate, 1.0 / 3.0);
    QCOMPARE(results[0].labelledPairs, std::uint64_t(0)); // Arena-Hard has no human labels
}

void TestArenaHard::accuracyWithLabelsFromAnotherFile()
{
    // Arena-Hard records no labels; a Tribunal JSONL items file gives them for the same item ids. By hand:
    // q1 label A (A, A: 2 of 2 right), q2 label B (A, B: 1 of 2), q3 label A (tie, tie: 0 of 2): A = 3/6.
    QTemporaryDir dir;
    const QString judgments = dir.path() + "/m.jsonl", labels = dir.path() + "/labels.jsonl";
    QVERIFY(writeFile(judgments, kV2));
    QVERIFY(writeFile(labels, R"({"dataset":"arena-hard","item_id":"q1:m","label":"A"})"
                              "\n"
                              R"({"dataset":"arena-hard","item_id":"q2:m","label":"B"})"
                              "\n"
                              R"({"dataset":"arena-hard","item_id":"q3:m","label":"A"})"
                              "\n"));
    AuditBuilder builder;
    ImportLog log;
    QVERIFY(importArenaHard(judgments.toStdString(), builder, log, {}));
    QVERIFY2(importJsonl(labels.toStdString(), builder, log, {}), qPrintable(issuesText(log)));
    const auto audit = builder.build(log);
    QVERIFY(audit);
    QCOMPARE(audit->items().size(), std::size_t(5)); // the labels joined the imported items
    const auto results = analyseTrust(*audit, TrustSettings{});
    QCOMPARE(results.size(), std::size_t(1));
    QCOMPARE(results[0].labelledPairs, std::uint64_t(3));
    QCOMPARE(results[0].flipRate, 1.0 / 3.0);
    QCOMPARE(results[0].accuracy, 0.5);
}

void TestArenaHard::baselineDisagreementIsABadRecord()
{
    QTemporaryDir dir;
    const QString first = dir.path() + "/a.jsonl", second = dir.path() + "/b.jsonl";
    QVERIFY(writeFile(first,
                      R"({"uid":"q","judge":"j","model":"m","baseline":"b1","games":[{"score":"A>B"}]})"
                      "\n"));
    QVERIFY(writeFile(second,
                      R"({"uid":"q","judge":"k","model":"m","baseline":"b2","games":[{"score":"A>B"}]})"
                      "\n"));
    const auto imported = importFiles({first, second});
    QVERIFY(!imported.ok);
    QCOMPARE(issuesText(imported.log),
             second + R"(:1: baseline: "{\"model_a\":\"b2\",\"model_b\":\"m\"}" disagrees with )"
                      R"("{\"model_a\":\"b1\",\"model_b\":\"m\"}" set before this file)");
}

void TestArenaHard::malformedRecords_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("message"); // after `file:`

    const QByteArray ok = R"({"uid":"q0","judge":"j","model":"m","games":[{"score":"A>B"}]})"
                          "\n";
    QTest::newRow("no id") << ok + R"({"judge":"j","model":"m","games":[]})"
                                   "\n"
                           << "2: uid: required key is missing (uid or question_id)";
    QTest::newRow("both ids") << ok + R"({"uid":"a","question_id":"a","judge":"j","model":"m","games":[]})"
                                      "\n"
                              << "2: question_id: give uid or question_id, not both";
    QTest::newRow("id a number") << ok + R"({"uid":1.5,"judge":"j","model":"m","games":[]})"
                                         "\n"
                                 << "2: uid: expected a string or an integer, got a number";
    QTest::newRow("empty id") << ok + R"({"uid":"","judge":"j","model":"m","games":[]})"
                                      "\n"
                              << "2: uid: must not be empty";
    QTest::newRow("no judge") << ok + R"({"uid":"a","model":"m","games":[]})"
                                      "\n"
                              << "2: judge: required key is missing";
    QTest::newRow("model a list") << ok + R"({"uid":"a","judge":"j","model":["m"],"games":[]})"
                                          "\n"
                                  << "2: model: expected a string, got an array";
    QTest::newRow("no games") << ok + R"({"uid":"a","judge":"j","model":"m"})"
                                      "\n"
                              << "2: games: required key is missing";
    QTest::newRow("games an object") << ok + R"({"uid":"a","judge":"j","model":"m","games":{}})"
                                             "\n"
                                     << "2: games: expected an array, got an object";
    QTest::newRow("no game") << ok + R"({"uid":"a","judge":"j","model":"m","games":[]})"
                                     "\n"
                             << "2: games: expected 1 or 2 games, got 0";
    QTest::newRow("three games") << ok + R"({"uid":"a","judge":"j","model":"m","games":[null,null,null]})"
                                         "\n"
                                 << "2: games: expected 1 or 2 games, got 3";
    QTest::newRow("game a number") << ok + R"({"uid":"a","judge":"j","model":"m","games":[7]})"
                                           "\n"
                                   << "2: games[0]: expected an object or null, got an integer";
    QTest::newRow("score a number") << ok + R"({"uid":"a","judge":"j","model":"m","games":[{"score":3}]})"
                                            "\n"
                                    << "2: games[0].score: expected a string or null, got an integer";
    QTest::newRow("judgment a number")
        << ok + R"({"uid":"a","judge":"j","model":"m","games":[null,{"score":"A>B","judgment":5}]})"
                "\n"
        << "2: games[1].judgment: expected a string, an object or null, got an integer";
    QTest::newRow("duplicate game key")
        << ok + R"({"uid":"a","judge":"j","model":"m","games":[{"score":"A>B","score":"B>A"}]})"
                "\n"
        << "2: games[0].score: duplicate key";
    QTest::newRow("duplicate key") << ok + R"({"uid":"a","uid":"b","judge":"j","model":"m","games":[]})"
                                           "\n"
                                   << "2: uid: duplicate key";
    QTest::newRow("not an object") << ok + "[1]\n"
                                   << "2: expected a JSON object, got an array";
    QTest::newRow("invalid JSON") << ok + "{\"uid\":\n" + ok << "2: invalid JSON (";
    QTest::newRow("truncated last line")
        << ok + R"({"uid":"a","judge":"j")"
        << "2: truncated last line (the file does not end with a complete JSON object)";
    QTest::newRow("empty file") << QByteArray("\n  \n") << " empty file";
    QTest::newRow("not UTF-8") << ok + "{\"uid\":\"\xff\"}\n"
                               << "2: invalid UTF-8 (byte offset 71)";
}

void TestArenaHard::malformedRecords()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, message);
    QTemporaryDir dir;
    const QString path = dir.path() + "/bad.jsonl";
    QVERIFY(writeFile(path, content));
    AuditBuilder builder;
    ImportLog log;
    QVERIFY(!importArenaHard(path.toStdString(), builder, log, {}));
    QVERIFY(log.failed);
    QCOMPARE(log.issues.size(), std::size_t(1));
    const QString text = issuesText(log);
    QVERIFY2(text.startsWith(path + ":" + message), qPrintable(text));
    // The good first record was added, the bad one left nothing behind.
    QVERIFY(builder.judgmentCount() <= 1);
}

void TestArenaHard::skipAndListKeepsTheGoodRecords()
{
    QTemporaryDir dir;
    const QString path = dir.path() + "/m.jsonl";
    QVERIFY(writeFile(path, R"({"uid":"a","judge":"j","model":"m","games":[{"score":"A>B"},{"score":"B>A"}]})"
                            "\n"
                            R"({"uid":"b","judge":"j","model":"m","games":[{"score":"A>B"},{"score":7}]})"
                            "\n"
                            R"({"uid":"c","judge":"j","model":"m","games":[{"score":"B>A"}]})"
                            "\n"));
    const auto imported = importFiles({path}, BadRecordPolicy::SkipAndList);
    QVERIFY(imported.ok && imported.audit);
    QCOMPARE(issuesText(imported.log),
             path + ":2: games[1].score: expected a string or null, got an integer");
    QCOMPARE(imported.audit->items().size(), std::size_t(2)); // record b added neither item nor judgment
    QCOMPARE(imported.audit->judgments().size(), std::size_t(3));
}

QTEST_APPLESS_MAIN(TestArenaHard)
#include "tst_arenahard.moc"
