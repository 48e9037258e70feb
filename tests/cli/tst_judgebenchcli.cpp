// tribunal-cli judgebench-score (JudgeBench's own score, utils/metrics.py) through the real executable, on
// hand-written JudgeBench output files; the expected numbers are counted by hand from the files.

#include "../common/clirun.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <QtTest>

namespace {

const QString kFileName =
    "dataset=judgebench,response_model=gpt-4o-2024-05-13,judge_name=arena_hard,judge_model=gpt-4o.jsonl";

/// A game entry: `decision` is JSON text ("\"A>B\"", "null"); an empty decision writes a null entry (failed
/// call).
QByteArray game(const QByteArray& decision)
{
    if (decision.isEmpty())
        return "null";
    return R"({"judgment": {"judge_model": "gpt-4o", "prompt": "p", "response": "r"}, "decision": )" +
           decision + "}";
}

QByteArray record(const QByteArray& id, const QByteArray& source, const QByteArray& label,
                  const QList<QByteArray>& games)
{
    QByteArray list;
    for (const auto& g : games)
        list += (list.isEmpty() ? "" : ", ") + game(g);
    return R"({"pair_id": ")" + id + R"(", "original_id": null, "source": ")" + source +
           R"(", "question": "Q", "response_model": "m", "response_A": "a", "response_B": "b", "label": ")" +
           label + R"(", "judge_name": "arena_hard", "judgments": [)" + list + "]}\n";
}

// By hand (game 2 shows response_B first, so its decision is flipped; +1 label, -1 other, correct when > 0):
// p1 mmlu-pro-law      A>B: "A>B", "B>A" -> A, A: +2 correct
// p2 livebench-math    B>A: "A>B", "A>B" -> A, B: 0
// p3 mmlu-pro-history  A>B: "A=B", "A>B" -> tie, B: -1
// p4 livecodebench     B>A: null entry, null decision: 0 (still in the denominator)
// p5 livebench-reasoning A>B: "B", "B>A" -> none, A: +1 correct
// mmlu-pro 1/2 = 50.00, livebench-reasoning 1/1 = 100.00, livebench-math 0/1, livecodebench 0/1,
// Overall 2/5 = 40.00.
QByteArray fixture()
{
    return record("p1", "mmlu-pro-law", "A>B", {R"("A>B")", R"("B>A")"}) +
           record("p2", "livebench-math", "B>A", {R"("A>B")", R"("A>B")"}) +
           record("p3", "mmlu-pro-history", "A>B", {R"("A=B")", R"("A>B")"}) +
           record("p4", "livecodebench", "B>A", {"", "null"}) +
           record("p5", "livebench-reasoning", "A>B", {R"("B")", R"("B>A")"});
}

} // namespace

class TestJudgeBenchCli : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void textTable();
    void json();
    void singleGame();
    void badInputAndUsage();

private:
    QTemporaryDir m_dir;
    QString m_file;
};

void TestJudgeBenchCli::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_file = tribunal::testing::writeFixture(m_dir, kFileName, fixture());
}

void TestJudgeBenchCli::textTable()
{
    // --input-format judgebench: the JSON Lines detection of JudgeBench files is wired up separately.
    const auto run = tribunal::testing::runCli({"judgebench-score", m_file, "--input-format", "judgebench"});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.err, QString());
    const QString expected =
        "judge   format      dataset       games  domain               pairs  correct  score\n"
        "gpt-4o  arena_hard  judgebench-m  2      mmlu-pro             2      1        50.00\n"
        "gpt-4o  arena_hard  judgebench-m  2      livebench-reasoning  1      1        100.00\n"
        "gpt-4o  arena_hard  judgebench-m  2      livebench-math       1      0        0.00\n"
        "gpt-4o  arena_hard  judgebench-m  2      livecodebench        1      0        0.00\n"
        "gpt-4o  arena_hard  judgebench-m  2      Overall              5      2        40.00\n";
    QCOMPARE(run.out, expected);
}

void TestJudgeBenchCli::json()
{
    const auto run =
        tribunal::testing::runCli({"judgebench-score", m_file, "--input-format", "judgebench", "--json"});
    QCOMPARE(run.exitCode, 0);
    QJsonParseError error;
    const auto doc = QJsonDocument::fromJson(run.out.toUtf8(), &error);
    QCOMPARE(error.error, QJsonParseError::NoError);
    const auto rows = doc.array();
    QCOMPARE(rows.size(), 5);
    const auto overall = rows[4].toObject();
    QCOMPARE(overall["judge"].toString(), QString("gpt-4o"));
    QCOMPARE(overall["format"].toString(), QString("arena_hard"));
    QCOMPARE(overall["dataset"].toString(), QString("judgebench-m"));
    QCOMPARE(overall["condition"].toString(), QString());
    QCOMPARE(overall["games"].toInt(), 2);
    QCOMPARE(overall["domain"].toString(), QString("Overall"));
    QCOMPARE(overall["pairs"].toInt(), 5);
    QCOMPARE(overall["correct"].toInt(), 2);
    QCOMPARE(overall["score"].toDouble(), 40.0);
    const auto mmlu = rows[0].toObject();
    QCOMPARE(mmlu["domain"].toString(), QString("mmlu-pro"));
    QCOMPARE(mmlu["score"].toDouble(), 50.0);
}

void TestJudgeBenchCli::singleGame()
{
    // --single_game: the share of pairs whose one decision equals the label: p1 and s3 of 3 -> 66.67.
    const QString file =
        tribunal::testing::writeFixture(m_dir, "single.jsonl",
                                        record("p1", "livecodebench", "A>B", {R"("A>B")"}) +
                                            record("s2", "livecodebench", "B>A", {R"("A=B")"}) +
                                            record("s3", "livecodebench", "B>A", {R"("B>A")"}));
    const auto run = tribunal::testing::runCli({"judgebench-score", file, "--input-format", "judgebench"});
    QCOMPARE(run.exitCode, 0);
    const QString expected =
        "judge   format      dataset       games  domain         pairs  correct  score\n"
        "gpt-4o  arena_hard  judgebench-m  1      livecodebench  3      2        66.67\n"
        "gpt-4o  arena_hard  judgebench-m  1      Overall        3      2        66.67\n";
    QCOMPARE(run.out, expected);
}

void TestJudgeBenchCli::badInputAndUsage()
{
    const QString bad = tribunal::testing::writeFixture(m_dir, "bad.jsonl",
                                                        record("b1", "livecodebench", "A=B", {R"("A>B")"}));
    const auto run = tribunal::testing::runCli({"judgebench-score", bad, "--input-format", "judgebench"});
    QCOMPARE(run.exitCode, 2);
    QCOMPARE(run.out, QString());
    QCOMPARE(run.err, bad + R"(:1: label: "A=B" is not A>B or B>A)" + "\n");
    const auto none = tribunal::testing::runCli({"judgebench-score"});
    QCOMPARE(none.exitCode, 1);
    QVERIFY(none.err.contains("judgebench-score needs a project or judgment files"));
}

QTEST_GUILESS_MAIN(TestJudgeBenchCli)
#include "tst_judgebenchcli.moc"
