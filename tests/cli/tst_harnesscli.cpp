// Every real harness file of ../shared/data/harness-real imports with exit 0 in one tribunal-cli command per
// harness, with the texts from the harness layout; the text options and their errors. Counts were computed
// from the files with python3's json module.

#include "../common/clirun.h"
#include "../common/testfiles.h"

#include <QtTest>

#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

using namespace tribunal::testing;
using tribunal::test::readFile;
using tribunal::test::writeFile;

namespace {

const QString kReal = QStringLiteral(TRIBUNAL_SHARED_DATA "/harness-real");
const QString kArenaRecords =
    QStringLiteral(TRIBUNAL_TEST_DATA "/harness/arena-hard-real/arena-hard-v0.1/model_judgment/"
                                      "gpt-4-1106-preview");

QJsonObject info(const QString& project)
{
    const auto run = runCli({"info", project, "--json"});
    if (run.exitCode != 0)
        return {};
    return QJsonDocument::fromJson(run.out.toUtf8()).object();
}

/// `<root>/<bench>` with the real question.jsonl and model_answer/ linked in; returns its
/// model_judgment/<judge>.
QString bench(const QString& root, const QString& name, const QString& judge)
{
    const QString dir = root + "/" + name;
    const QString judgments = dir + "/model_judgment/" + judge;
    if (!QDir().mkpath(judgments) ||
        !QFile::link(kReal + "/arena-hard/" + name + "/question.jsonl", dir + "/question.jsonl") ||
        !QFile::link(kReal + "/arena-hard/" + name + "/model_answer", dir + "/model_answer"))
        return {};
    return judgments;
}

} // namespace

class HarnessCliTest : public QObject {
    Q_OBJECT
private slots:
    void alpacaEvalFolder();
    void fastChatFiles();
    void arenaHardBenches();
    void explicitTextOptions();
    void textOptionErrors_data();
    void textOptionErrors();
};

void HarnessCliTest::alpacaEvalFolder()
{
    QTemporaryDir tmp;
    const QString project = tmp.filePath("alpaca.tribunal");
    const auto run = runCli({"import", kReal + "/alpacaeval", "-o", project});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(run.out.trimmed(),
             QStringLiteral("imported 4021 judgments and 4021 items into %1 (4021 judgments, "
                            "4021 items in all)")
                 .arg(project));
    // The folder's other files are named, not silently passed over.
    QVERIFY2(run.err.contains("note: " + kReal + "/alpacaeval/LICENSE: not read"), qPrintable(run.err));
    QVERIFY(run.err.contains("note: " + kReal + "/alpacaeval/leaderboard_subset.csv: not read"));
    const auto summary = info(project);
    QCOMPARE(summary.value("judgments").toInt(), 4021);
    QCOMPARE(summary.value("labelled_items").toInt(), 0);
    QCOMPARE(summary.value("missing_verdicts").toInt(), 0);
    QCOMPARE(summary.value("by_judge").toObject().keys(),
             QStringList({"alpaca_eval_gpt4", "weighted_alpaca_eval_gpt4_turbo"}));
}

void HarnessCliTest::fastChatFiles()
{
    // The pair and the single-grade file together; question.jsonl and model_answer/ are found beside them.
    QTemporaryDir tmp;
    const QString project = tmp.filePath("mt.tribunal");
    const QString judgments = kReal + "/fastchat/model_judgment/";
    const auto run =
        runCli({"import", judgments + "gpt-4_pair.jsonl", judgments + "gpt-4_single.jsonl", "-o", project});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(run.err, QString()); // every text found: no note
    QVERIFY(run.out.startsWith("imported 310 judgments and 235 items into "));
    const auto summary = info(project);
    QCOMPARE(summary.value("missing_verdicts").toInt(), 3); // three "error" games of the pair file
    const auto byDataset = summary.value("by_dataset").toObject();
    QCOMPARE(byDataset.keys(), QStringList({"mt-bench", "mt-bench-single"}));
    // The texts reach the project: an export's items file holds the question and both answers.
    const QString exported = tmp.filePath("mt.jsonl");
    QCOMPARE(runCli({"export", project, "--format", "jsonl", "-o", exported}).exitCode, 0);
    const QByteArray items = readFile(tmp.filePath("mt.items.jsonl"));
    QVERIFY(items.contains(R"("item_id":"81:1:phi-3:phi-3-dpo")"));
    QVERIFY(items.contains("Compose an engaging travel blog post about a recent trip to Hawaii"));
    QVERIFY(items.contains("Title: Aloha and Adventure: A Journey Through the Heart of Hawaiian Culture"));
}

void HarnessCliTest::arenaHardBenches()
{
    // Both benches in one command: the real v0.1 judgment records (two models against gpt-4-0314) read all
    // three real v0.1 answer files; v2.0 publishes no judgment file here, so a record in its shape judges the
    // real baseline o3-mini-2025-01-31 against itself (the baseline row of Arena-Hard's leaderboard).
    QTemporaryDir tmp;
    const QString v01 = bench(tmp.path(), "arena-hard-v0.1", "gpt-4-1106-preview");
    const QString v2 = bench(tmp.path(), "arena-hard-v2.0", "gpt-4.1");
    QVERIFY(!v01.isEmpty() && !v2.isEmpty());
    QVERIFY(QFile::copy(kArenaRecords + "/gpt-4-0613.jsonl", v01 + "/gpt-4-0613.jsonl"));
    QVERIFY(QFile::copy(kArenaRecords + "/gpt-3.5-turbo-0125.jsonl", v01 + "/gpt-3.5-turbo-0125.jsonl"));
    QVERIFY(writeFile(
        v2 + "/o3-mini-2025-01-31.jsonl",
        R"({"uid":"0253f09025cc40cd","category":"hard_prompt","judge":"gpt-4.1","model":"o3-mini-2025-01-31","baseline":"o3-mini-2025-01-31","games":[{"score":"A=B","judgment":{"answer":"[[A=B]]"}},{"score":"A=B","judgment":{"answer":"[[A=B]]"}}]})"
        "\n"));
    const QString project = tmp.filePath("arena.tribunal");
    const auto run = runCli({"import", v01 + "/gpt-4-0613.jsonl", v01 + "/gpt-3.5-turbo-0125.jsonl",
                             v2 + "/o3-mini-2025-01-31.jsonl", "-o", project});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(run.err, QString());
    QVERIFY(run.out.startsWith("imported 8 judgments and 4 items into "));
    const auto summary = info(project);
    QCOMPARE(summary.value("by_dataset").toObject().keys(),
             QStringList({"arena-hard-v0.1", "arena-hard-v2.0"}));
    const QString exported = tmp.filePath("arena.jsonl");
    QCOMPARE(runCli({"export", project, "--format", "jsonl", "-o", exported}).exitCode, 0);
    const QByteArray items = readFile(tmp.filePath("arena.items.jsonl"));
    QVERIFY(items.contains("Write a Python function that takes user input as a string"));
    QVERIFY(
        items.contains("Here is a Python function that achieves the described functionality:")); // gpt-3.5
    QVERIFY(items.contains("A banking company is successfully operating its public mobile banking stack"));
    QVERIFY(items.contains(R"("metadata_a":{"token_len":179,)"));
}

void HarnessCliTest::explicitTextOptions()
{
    // A judgment file away from its layout: a note says how to get the texts; the options give them.
    QTemporaryDir tmp;
    const QString judgments = tmp.filePath("judgments.jsonl");
    QVERIFY(QFile::copy(kArenaRecords + "/gpt-4-0613.jsonl", judgments));
    const auto bare = runCli({"info", judgments});
    QCOMPARE(bare.exitCode, 0);
    QVERIFY2(bare.err.contains("note: " + judgments +
                               ": 2 items have no texts: no question.jsonl and model_answer/ "
                               "beside the file"),
             qPrintable(bare.err));
    const QString v01 = kReal + "/arena-hard/arena-hard-v0.1";
    const QString project = tmp.filePath("p.tribunal");
    const auto run = runCli({"import", judgments, "--questions", v01 + "/question.jsonl", "--answers",
                             v01 + "/model_answer", "-o", project});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(run.err, QString());
    QCOMPARE(runCli({"export", project, "--format", "jsonl", "-o", tmp.filePath("e.jsonl")}).exitCode, 0);
    QVERIFY(readFile(tmp.filePath("e.items.jsonl"))
                .contains("Write a Scheme program to decide whether a number is odd."));
    // The analysis commands take them too.
    const auto trust = runCli({"trust", judgments, "--questions", v01 + "/question.jsonl"});
    QVERIFY2(trust.exitCode == 0, qPrintable(trust.err));
    QVERIFY(!trust.err.contains("have no texts"));
}

void HarnessCliTest::textOptionErrors_data()
{
    QTest::addColumn<QStringList>("options");
    QTest::addColumn<QString>("message");
    QTest::newRow("questions") << QStringList{"--questions", "/nonexistent/question.jsonl"}
                               << "tribunal-cli: --questions: no such file '/nonexistent/question.jsonl'";
    QTest::newRow("answers") << QStringList{"--answers", "/nonexistent/model_answer"}
                             << "tribunal-cli: --answers: no such folder '/nonexistent/model_answer'";
}

void HarnessCliTest::textOptionErrors()
{
    QFETCH(QStringList, options);
    QFETCH(QString, message);
    QTemporaryDir tmp;
    const QString project = tmp.filePath("p.tribunal");
    const auto run =
        runCli(QStringList{"import", kArenaRecords + "/gpt-4-0613.jsonl", "-o", project} + options);
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.startsWith(message), qPrintable(run.err));
    QVERIFY(!QFile::exists(project)); // nothing written
}

QTEST_GUILESS_MAIN(HarnessCliTest)
#include "tst_harnesscli.moc"
