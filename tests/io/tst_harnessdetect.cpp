// Automatic detection of the harness formats (detectFormat, importSources with SourceFormat::Auto): each
// upstream shape is recognised from its first record, Tribunal JSONL stays Tribunal JSONL, and a mixed import
// of all four harness files gives one audit.

#include "../common/testfiles.h"
#include "io/importer.h"

#include <QtTest>

#include <QTemporaryDir>

using namespace tribunal;
using test::issuesText;
using test::writeFile;

namespace {

const QByteArray kArenaHard =
    R"({"uid":"q1","category":"coding","judge":"gpt-4.1","model":"m","baseline":"b","games":[{"score":"A>B","judgment":{"answer":"x"}},{"score":"B>A","judgment":{"answer":"y"}}]})"
    "\n";
const QByteArray kMtBenchPair =
    R"({"question_id":81,"model_1":"alpaca-13b","model_2":"gpt-4","g1_winner":"model_2","g2_winner":"model_2","judge":["gpt-4","pair-v2"],"g1_user_prompt":"u1","g1_judgment":"[[B]]","g2_user_prompt":"u2","g2_judgment":"[[A]]","turn":1,"tstamp":1687221952.0})"
    "\n";
const QByteArray kMtBenchHuman =
    R"({"question_id":81,"model_a":"alpaca-13b","model_b":"gpt-4","winner":"model_b","judge":"expert_0","turn":1})"
    "\n";
const QByteArray kJudgeBench =
    R"({"pair_id":"p1","original_id":3,"source":"mmlu-pro-math","question":"q","response_model":"gpt-4o","response_A":"a","response_B":"b","label":"A>B","judge_name":"arena_hard","judgments":[{"judgment":{"judge_model":"gpt-4o","prompt":"p","response":"r1"},"decision":"A>B"},{"judgment":{"judge_model":"gpt-4o","prompt":"p","response":"r2"},"decision":"B>A"}]})"
    "\n";
const QByteArray kAlpacaEval =
    R"([{"instruction":"i","output_1":"o1","generator_1":"base","output_2":"o2","generator_2":"m","annotator":"weighted_alpaca_eval_gpt4_turbo","preference":1.75,"price_per_example":0.01,"time_per_example":1.2,"raw_completion":"m"}])"
    "\n";
const QByteArray kTribunal = R"({"dataset":"d","item_id":"1","judge":"j","order":"AB","answer":"A"})"
                             "\n";

} // namespace

class TestHarnessDetect : public QObject {
    Q_OBJECT

private slots:
    void detects_data();
    void detects();
    void namesRoundTrip();
    void mixedImport();
};

void TestHarnessDetect::detects_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("format");
    QTest::newRow("arena-hard v2.0") << kArenaHard << "arena-hard";
    QTest::newRow("arena-hard v0.1")
        << QByteArray(R"({"question_id":"abc","model":"m","judge":"j","games":[{"score":"A>B"}]})"
                      "\n")
        << "arena-hard";
    QTest::newRow("mt-bench pair") << kMtBenchPair << "mt-bench";
    QTest::newRow("mt-bench human") << kMtBenchHuman << "mt-bench";
    QTest::newRow("mt-bench single grade")
        << QByteArray(
               R"({"question_id":81,"model":"phi-3-dpo","judge":["gpt-4","single-v1"],"user_prompt":"u","judgment":"Rating: [[9]]","score":9,"turn":1,"tstamp":1717245894.0})"
               "\n")
        << "mt-bench";
    // An Arena-Hard v0.1 record also has question_id and model, but no top-level score.
    QTest::newRow("question_id and model without score")
        << QByteArray(R"({"question_id":81,"model":"m","judgment":"x"})"
                      "\n")
        << "jsonl";
    QTest::newRow("judgebench") << kJudgeBench << "judgebench";
    QTest::newRow("alpaca-eval") << kAlpacaEval << "alpaca-eval";
    QTest::newRow("alpaca-eval after BOM and blanks") << "\xEF\xBB\xBF \n" + kAlpacaEval << "alpaca-eval";
    QTest::newRow("tribunal jsonl") << kTribunal << "jsonl";
    // Tribunal JSONL may use `winner` too; without question_id and model names it stays Tribunal JSONL.
    QTest::newRow("tribunal jsonl with winner")
        << QByteArray(R"({"dataset":"d","item_id":"1","judge":"j","order":"AB","winner":"A"})"
                      "\n")
        << "jsonl";
    QTest::newRow("broken first line") << QByteArray("{\"games\":\n") << "jsonl";
    QTest::newRow("csv") << QByteArray("dataset,item_id,judge,format,order,rep,verdict,label\n") << "csv";
    // Inspect AI logs: the ZIP signature (before any JSON check), an indented .json whose first line is `{`
    // alone (its keys are on the following lines), and a one-line .json; a JSON Lines record naming `eval`
    // without `samples` or `version` stays Tribunal JSONL.
    QTest::newRow("inspect .eval") << QByteArray("PK\x03\x04\x14\x00\x00\x00\x08\x00", 10) << "inspect";
    QTest::newRow("inspect .json indented")
        << QByteArray(
               "{\n  \"version\": 2,\n  \"status\": \"success\",\n  \"eval\": {\n    \"task\": \"t\"\n  },\n"
               "  \"samples\": []\n}\n")
        << "inspect";
    QTest::newRow("inspect .json one line") << QByteArray(R"({"eval":{"task":"t","model":"m"},"samples":[]})"
                                                          "\n")
                                            << "inspect";
    QTest::newRow("jsonl naming eval")
        << QByteArray(R"({"dataset":"d","item_id":"1","judge":"j","order":"AB","answer":"A","eval":"x"})"
                      "\n")
        << "jsonl";
}

void TestHarnessDetect::detects()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, format);
    QTemporaryDir dir;
    const QString path = dir.path() + "/f";
    QVERIFY(writeFile(path, content));
    QCOMPARE(QString::fromUtf8(sourceFormatName(detectFormat(path.toStdString()))), format);
}

void TestHarnessDetect::namesRoundTrip()
{
    for (const auto format : {SourceFormat::ArenaHard, SourceFormat::MtBench, SourceFormat::JudgeBench,
                              SourceFormat::AlpacaEval, SourceFormat::InspectEval}) {
        const auto parsed = parseSourceFormat(sourceFormatName(format));
        QVERIFY(parsed);
        QCOMPARE(*parsed, format);
    }
    QVERIFY(!parseSourceFormat("arenahard"));
}

void TestHarnessDetect::mixedImport()
{
    QTemporaryDir dir;
    QStringList paths;
    const std::pair<const char*, QByteArray> files[] = {{"arena.jsonl", kArenaHard},
                                                        {"pair.jsonl", kMtBenchPair},
                                                        {"human.jsonl", kMtBenchHuman},
                                                        {"jb.jsonl", kJudgeBench},
                                                        {"annotations.json", kAlpacaEval}};
    std::vector<std::string> names;
    for (const auto& [name, content] : files) {
        const QString path = dir.path() + "/" + name;
        QVERIFY(writeFile(path, content));
        names.push_back(path.toStdString());
    }
    const auto outcome = importSources(names, nullptr, ImportOptions{});
    QVERIFY2(outcome.audit, qPrintable(issuesText(outcome.log)));
    // Items: one per harness (the MT-Bench pair and human records meet on one item).
    QCOMPARE(outcome.itemsAdded, std::uint64_t(4));
    // Judgments: 2 Arena-Hard games, 2 MT-Bench games, 2 JudgeBench orders, 1 AlpacaEval annotation.
    QCOMPARE(outcome.judgmentsAdded, std::uint64_t(7));
    const Audit& audit = *outcome.audit;
    QStringList datasets;
    for (std::size_t i = 0; i < audit.items().size(); ++i)
        datasets << QString::fromUtf8(audit.str(audit.items().dataset[i]));
    datasets.sort();
    QCOMPARE(datasets, QStringList({"alpaca-eval", "arena-hard", "judgebench-gpt-4o", "mt-bench"}));
}

QTEST_APPLESS_MAIN(TestHarnessDetect)
#include "tst_harnessdetect.moc"
