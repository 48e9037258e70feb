// A harness data folder given whole (core/io/harness/harnessfolders.h, importSources): FastChat's
// data/mt_bench/ and Arena-Hard's data/arena-hard-v0.1/ are read as their model_judgment/ files, with their
// texts; the same judgments as naming the files one by one (the real published files of
// ../shared/data/harness-real and tests/data/harness/arena-hard-real). A folder with questions and answers
// but no judgments fails with a message that says so and builds nothing; LLMBar and AlpacaEval trees and a
// forced
// --format keep their readers.

#include "../common/testfiles.h"
#include "io/harness/harnessfolders.h"
#include "io/importer.h"

#include <QtTest>

#include <QDir>
#include <QTemporaryDir>

using namespace tribunal;

namespace {

const QString kShared = QStringLiteral(TRIBUNAL_SHARED_DATA "/harness-real");
const QString kArena = QStringLiteral(TRIBUNAL_TEST_DATA "/harness/arena-hard-real/arena-hard-v0.1");

std::vector<std::string> files(const QStringList& paths)
{
    std::vector<std::string> out;
    for (const QString& p : paths)
        out.push_back(p.toStdString());
    return out;
}

QString notesText(const ImportLog& log)
{
    QStringList lines;
    for (const auto& n : log.notes)
        lines << QString::fromStdString(n.text());
    return lines.join('\n');
}

QStringList judgmentFilesBelow(const QString& dir)
{
    QStringList out;
    for (const std::string& f : harnessJudgmentFiles(dir.toStdString()))
        out << QDir(dir).relativeFilePath(QString::fromStdString(f));
    return out;
}

} // namespace

class TestHarnessFolders : public QObject {
    Q_OBJECT
private slots:
    void judgmentFiles_data();
    void judgmentFiles();
    void folderReadsAsItsFiles_data();
    void folderReadsAsItsFiles();
    void folderWithoutJudgmentsFails();
    void otherTreesKeepTheirReaders();
};

void TestHarnessFolders::judgmentFiles_data()
{
    QTest::addColumn<QString>("dir");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("fastchat") << kShared + "/fastchat"
                              << QStringList{"model_judgment/gpt-4_pair.jsonl",
                                             "model_judgment/gpt-4_single.jsonl"};
    QTest::newRow("model_judgment itself")
        << kShared + "/fastchat/model_judgment/" << QStringList{"gpt-4_pair.jsonl", "gpt-4_single.jsonl"};
    QTest::newRow("arena-hard (one folder per judge)")
        << kArena
        << QStringList{"model_judgment/gpt-4-1106-preview/gpt-3.5-turbo-0125.jsonl",
                       "model_judgment/gpt-4-1106-preview/gpt-4-0613.jsonl"};
    QTest::newRow("answers only") << kShared + "/arena-hard" << QStringList{};
    QTest::newRow("alpacaeval tree") << kShared + "/alpacaeval" << QStringList{};
    QTest::newRow("a file, not a folder") << kShared + "/fastchat/question.jsonl" << QStringList{};
    QTest::newRow("missing") << kShared + "/no-such-folder" << QStringList{};
}

void TestHarnessFolders::judgmentFiles()
{
    QFETCH(QString, dir);
    QFETCH(QStringList, expected);
    QCOMPARE(judgmentFilesBelow(dir), expected);
}

void TestHarnessFolders::folderReadsAsItsFiles_data()
{
    QTest::addColumn<QString>("folder");
    QTest::addColumn<QStringList>("one_by_one");
    QTest::addColumn<qulonglong>("judgments");
    QTest::addColumn<qulonglong>("items");
    QTest::addColumn<bool>("texts"); ///< question.jsonl beside model_judgment/ (the test copy has none)
    // FastChat: 150 pair judgments (75 items) and 160 single grades (160 items), as tst_mtbench counts them.
    QTest::newRow("fastchat") << kShared + "/fastchat"
                              << QStringList{kShared + "/fastchat/model_judgment/gpt-4_pair.jsonl",
                                             kShared + "/fastchat/model_judgment/gpt-4_single.jsonl"}
                              << qulonglong(310) << qulonglong(235) << true;
    // Arena-Hard: 3 records of two games each (one file of 1 record, one of 2), one item per question.
    QTest::newRow("arena-hard")
        << kArena
        << QStringList{kArena + "/model_judgment/gpt-4-1106-preview/gpt-3.5-turbo-0125.jsonl",
                       kArena + "/model_judgment/gpt-4-1106-preview/gpt-4-0613.jsonl"}
        << qulonglong(6) << qulonglong(3) << false;
}

void TestHarnessFolders::folderReadsAsItsFiles()
{
    QFETCH(QString, folder);
    QFETCH(QStringList, one_by_one);
    QFETCH(qulonglong, judgments);
    QFETCH(qulonglong, items);
    QFETCH(bool, texts);
    const ImportOutcome whole = importSources(files({folder}), nullptr, {});
    QVERIFY2(whole.audit, qPrintable(test::issuesText(whole.log)));
    const ImportOutcome each = importSources(files(one_by_one), nullptr, {});
    QVERIFY2(each.audit, qPrintable(test::issuesText(each.log)));
    QCOMPARE(qulonglong(whole.audit->judgmentCount()), judgments);
    QCOMPARE(qulonglong(whole.audit->items().size()), items);
    QCOMPARE(whole.audit->judgmentCount(), each.audit->judgmentCount());
    QCOMPARE(whole.audit->items().size(), each.audit->items().size());
    QCOMPARE(whole.files.size(), std::size_t(one_by_one.size())); // one entry per judgment file
    for (std::size_t i = 0; i < whole.files.size(); ++i) {
        QCOMPARE(QString::fromStdString(whole.files[i].path), one_by_one[int(i)]);
        QCOMPARE(whole.files[i].format, each.files[i].format);
    }
    // The texts came along as for the files one by one (question and answers beside model_judgment/).
    std::size_t withTexts = 0, withTextsEach = 0;
    for (std::uint32_t i = 0; i < whole.audit->items().size(); ++i)
        withTexts += whole.audit->str(whole.audit->items().field(ItemText::Question, i)).empty() ? 0 : 1;
    for (std::uint32_t i = 0; i < each.audit->items().size(); ++i)
        withTextsEach += each.audit->str(each.audit->items().field(ItemText::Question, i)).empty() ? 0 : 1;
    QCOMPARE(withTexts > 0, texts);
    QCOMPARE(withTexts, withTextsEach);
    QVERIFY2(
        notesText(whole.log).contains(
            QStringLiteral("%1: a harness data folder: reading its %2 judgment file(s) under model_judgment/")
                .arg(folder)
                .arg(one_by_one.size())),
        qPrintable(notesText(whole.log)));
}

void TestHarnessFolders::folderWithoutJudgmentsFails()
{
    const QString folder = kShared + "/arena-hard";
    QVERIFY(harnessFolderWithoutJudgments(folder.toStdString()));
    const ImportOutcome outcome = importSources(files({folder}), nullptr, {});
    QVERIFY(!outcome.audit);
    QVERIFY(outcome.log.failed);
    QCOMPARE(test::issuesText(outcome.log),
             folder +
                 ": a harness data folder with questions and answers but no judgments (no "
                 "model_judgment/*.jsonl below it): import the judge's judgment files, or run a live audit "
                 "of these items from the Judges panel");
    QVERIFY(outcome.files.empty()); // nothing was read
}

void TestHarnessFolders::otherTreesKeepTheirReaders()
{
    // An AlpacaEval tree: its own reader, no harness-folder note.
    const QString alpaca = kShared + "/alpacaeval/results/alpaca-7b";
    QVERIFY(!harnessFolderWithoutJudgments(alpaca.toStdString()));
    const ImportOutcome a = importSources(files({alpaca}), nullptr, {});
    QVERIFY2(a.audit, qPrintable(test::issuesText(a.log)));
    QCOMPARE(a.files.size(), std::size_t(1));
    QCOMPARE(a.files[0].format, std::string("alpaca-eval"));
    QVERIFY(!notesText(a.log).contains("harness data folder"));

    // An LLMBar-shaped folder (dataset.json) beside a model_judgment folder: LLMBar's tree wins.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(QDir(dir.path()).mkpath("model_judgment"));
    QVERIFY(test::writeFile(dir.filePath("model_judgment/x.jsonl"), "{}\n"));
    QVERIFY(test::writeFile(dir.filePath("dataset.json"), "[]"));
    QVERIFY(harnessJudgmentFiles(dir.path().toStdString()).empty());
    QVERIFY(!harnessFolderWithoutJudgments(dir.path().toStdString()));

    // A forced format reads the folder as that format (no expansion).
    ImportOptions forced;
    forced.format = SourceFormat::LlmBar;
    const ImportOutcome f = importSources(files({kShared + "/fastchat"}), nullptr, forced);
    QVERIFY(!f.audit);
    QVERIFY2(test::issuesText(f.log).contains("no dataset.json found"), qPrintable(test::issuesText(f.log)));
}

QTEST_GUILESS_MAIN(TestHarnessFolders)
#include "tst_harnessfolders.moc"
