// Item texts of Arena-Hard-Auto and FastChat MT-Bench judgments from the harness's question and answer files
// (core/io/harness/harnesstexts.cpp) on the real published files of ../shared/data/harness-real: the upstream
// layout found beside the judgment file, explicit paths, answer metadata kept, and the notes for what is
// missing. Expected texts were read from the real files with python3's json module.

#include "../common/testfiles.h"
#include "io/harness/harnesstexts.h"
#include "io/importer.h"

#include <QtTest>

#include <QDir>
#include <QTemporaryDir>

using namespace tribunal;
using test::readFile;
using test::writeFile;

namespace {

const QString kShared = QStringLiteral(TRIBUNAL_SHARED_DATA "/harness-real");
const QString kArenaJudgments = QStringLiteral(
    TRIBUNAL_TEST_DATA
    "/harness/arena-hard-real/arena-hard-v0.1/model_judgment/gpt-4-1106-preview/gpt-4-0613.jsonl");

std::optional<std::uint32_t> findItem(const Audit& audit, std::string_view dataset, std::string_view id)
{
    const auto& items = audit.items();
    for (std::uint32_t i = 0; i < items.size(); ++i)
        if (audit.str(items.dataset[i]) == dataset && audit.str(items.itemId[i]) == id)
            return i;
    return std::nullopt;
}

QString text(const Audit& audit, std::uint32_t item, ItemText field)
{
    return QString::fromUtf8(audit.str(audit.items().field(field, item)));
}

QString notesText(const ImportLog& log)
{
    QStringList lines;
    for (const auto& n : log.notes)
        lines << QString::fromStdString(n.text());
    return lines.join('\n');
}

/// `<root>/<bench>/` with question.jsonl and model_answer/ linked to `sharedBench` and the judgment file
/// copied to model_judgment/<judge>/<name>; returns the judgment file's path.
QString layOut(const QString& root, const QString& bench, const QString& sharedBench, const QString& judge,
               const QString& name, const QByteArray& judgments)
{
    const QString dir = root + "/" + bench;
    if (!QDir().mkpath(dir + "/model_judgment/" + judge))
        return {};
    if (!QFile::link(sharedBench + "/question.jsonl", dir + "/question.jsonl") ||
        !QFile::link(sharedBench + "/model_answer", dir + "/model_answer"))
        return {};
    const QString path = dir + "/model_judgment/" + judge + "/" + name;
    return writeFile(path, judgments) ? path : QString();
}

ImportOutcome importWith(const QStringList& paths, HarnessTextPaths texts = {},
                         BadRecordPolicy policy = BadRecordPolicy::StopAtFirst)
{
    ImportOptions options;
    options.policy = policy;
    options.texts = std::move(texts);
    std::vector<std::string> files;
    for (const auto& p : paths)
        files.push_back(p.toStdString());
    return importSources(files, nullptr, options);
}

} // namespace

class HarnessTextsTest : public QObject {
    Q_OBJECT
private slots:
    void arenaHardV01InLayout();
    void arenaHardExplicitPaths();
    void arenaHardV2MetadataAndMissingAnswers();
    void fastChatPairsInLayout();
    void fastChatSingleGradesInLayout();
    void turnTexts_data();
    void turnTexts();
    void noLayoutIsANote();
    void badTextLineIsLocated();
    void sourceFromLayoutAndOptions();
};

void HarnessTextsTest::arenaHardV01InLayout()
{
    QTemporaryDir tmp;
    const QString judgments = layOut(tmp.path(), "arena-hard-v0.1", kShared + "/arena-hard/arena-hard-v0.1",
                                     "gpt-4-1106-preview", "gpt-4-0613.jsonl", readFile(kArenaJudgments));
    QVERIFY(!judgments.isEmpty());
    auto outcome = importWith({judgments});
    QVERIFY2(outcome.audit, qPrintable(test::issuesText(outcome.log)));
    QCOMPARE(outcome.audit->judgmentCount(), std::size_t(4));
    QCOMPARE(outcome.audit->itemCount(), std::size_t(2));
    QCOMPARE(notesText(outcome.log), QString());
    const auto& audit = *outcome.audit;
    auto odd = findItem(audit, "arena-hard-v0.1", "b4b1c3f799f6459b8cfb15fa27e399e7:gpt-4-0613");
    QVERIFY(odd);
    QCOMPARE(text(audit, *odd, ItemText::Question),
             QStringLiteral("Write a Scheme program to decide whether a number is odd."));
    // A = the baseline gpt-4-0314 (with test cases), B = gpt-4-0613: the answers the judge was shown.
    QVERIFY(text(audit, *odd, ItemText::ResponseA)
                .startsWith("Here's a simple Scheme program to determine if a number is odd:\n\n```scheme"));
    QVERIFY(text(audit, *odd, ItemText::ResponseA)
                .endsWith("The test cases demonstrate the usage of the function."));
    QVERIFY(text(audit, *odd, ItemText::ResponseB)
                .startsWith("Sure, here is a simple Scheme program that checks if a number is odd:"));
    // The texts are those of the judge's prompt: game 1 showed A then B.
    const QString prompt = QString::fromUtf8(readFile(kArenaJudgments).split('\n').front());
    QVERIFY(prompt.contains(QString(text(audit, *odd, ItemText::ResponseB)).replace("\n", "\\n").left(200)));
    auto email = findItem(audit, "arena-hard-v0.1", "1b0157a79499418ebe22a567f9059e7f:gpt-4-0613");
    QVERIFY(email);
    QCOMPARE(text(audit, *email, ItemText::Question),
             QStringLiteral("Write a Python function that returns a list of email addresses from a string."));
    QVERIFY(text(audit, *email, ItemText::ResponseA).contains("def extract_emails(s):"));
    QVERIFY(text(audit, *email, ItemText::ResponseB).contains("def find_emails(s):"));
    // v0.1 answer files carry no metadata: the extra fields stay the record's.
    QCOMPARE(text(audit, *email, ItemText::Extra),
             QStringLiteral(R"({"model_a":"gpt-4-0314","model_b":"gpt-4-0613"})"));
}

void HarnessTextsTest::arenaHardExplicitPaths()
{
    // The judgment file outside the layout, the questions and answers given explicitly (and the answers
    // folder found from the questions file alone).
    const QString bench = kShared + "/arena-hard/arena-hard-v0.1";
    for (const HarnessTextPaths& paths :
         {HarnessTextPaths{
              (bench + "/question.jsonl").toStdString(), (bench + "/model_answer").toStdString(), {}},
          HarnessTextPaths{(bench + "/question.jsonl").toStdString(), {}, {}}}) {
        QTemporaryDir tmp;
        const QString judgments = tmp.filePath("judgments.jsonl");
        QVERIFY(writeFile(judgments, readFile(kArenaJudgments)));
        auto outcome = importWith({judgments}, paths);
        QVERIFY2(outcome.audit, qPrintable(test::issuesText(outcome.log)));
        QCOMPARE(notesText(outcome.log), QString());
        auto odd = findItem(*outcome.audit, "arena-hard", "b4b1c3f799f6459b8cfb15fa27e399e7:gpt-4-0613");
        QVERIFY(odd);
        QCOMPARE(text(*outcome.audit, *odd, ItemText::Question),
                 QStringLiteral("Write a Scheme program to decide whether a number is odd."));
        QVERIFY(text(*outcome.audit, *odd, ItemText::ResponseB).startsWith("Sure, here is a simple Scheme"));
    }
}

void HarnessTextsTest::arenaHardV2MetadataAndMissingAnswers()
{
    // v2.0 records (hand-written in the shape gen_judgment.py writes) on real v2.0 questions: the baseline's
    // answers are real (o3-mini-2025-01-31, with metadata), the model's answer file is absent, and v0.1's
    // record without a baseline gets the option's.
    const QByteArray records =
        R"({"uid":"2edbb5f36f5b42be","category":"hard_prompt","judge":"gpt-4.1","model":"absent-model","baseline":"o3-mini-2025-01-31","games":[{"score":"A>B","judgment":{"answer":"[[A>B]]"}},{"score":"B>A","judgment":{"answer":"[[B>A]]"}}]}
{"uid":"0253f09025cc40cd","category":"hard_prompt","judge":"gpt-4.1","model":"absent-model","baseline":"o3-mini-2025-01-31","games":[{"score":"A=B","judgment":{"answer":"[[A=B]]"}},{"score":"A=B","judgment":{"answer":"[[A=B]]"}}]}
{"uid":"not-a-question","category":"hard_prompt","judge":"gpt-4.1","model":"absent-model","baseline":"o3-mini-2025-01-31","games":[{"score":"A=B","judgment":{"answer":"[[A=B]]"}}]}
)";
    QTemporaryDir tmp;
    const QString judgments = layOut(tmp.path(), "arena-hard-v2.0", kShared + "/arena-hard/arena-hard-v2.0",
                                     "gpt-4.1", "absent-model.jsonl", records);
    QVERIFY(!judgments.isEmpty());
    auto outcome = importWith({judgments});
    QVERIFY2(outcome.audit, qPrintable(test::issuesText(outcome.log)));
    const auto& audit = *outcome.audit;
    auto bank = findItem(audit, "arena-hard-v2.0", "0253f09025cc40cd:absent-model");
    QVERIFY(bank);
    QVERIFY(text(audit, *bank, ItemText::Question).startsWith("A banking company is successfully operating"));
    QVERIFY(!text(audit, *bank, ItemText::ResponseA).isEmpty());
    QCOMPARE(text(audit, *bank, ItemText::ResponseB), QString());
    // The real answer's metadata, kept verbatim after the record's own fields.
    QCOMPARE(text(audit, *bank, ItemText::Extra),
             QStringLiteral(
                 R"({"model_a":"o3-mini-2025-01-31","model_b":"absent-model","metadata_a":{"token_len":179,)"
                 R"("header_count":{"h1":0,"h2":0,"h3":0,"h4":0,"h5":0,"h6":0},"list_count":)"
                 R"({"ordered":0,"unordered":0},"bold_count":{"**":0,"__":0}}})"));
    const QString answers = QDir::cleanPath(tmp.path() + "/arena-hard-v2.0/model_answer");
    const QString notes = notesText(outcome.log);
    QVERIFY2(
        notes.contains(QDir::cleanPath(tmp.path() + "/arena-hard-v2.0/question.jsonl") +
                       ": no question for 1 item (e.g. item \"not-a-question:absent-model\"): they have no "
                       "question text"),
        qPrintable(notes));
    QVERIFY2(notes.contains(answers +
                            "/o3-mini-2025-01-31.jsonl: no answer for 1 item (e.g. item "
                            "\"not-a-question:absent-model\"): their response from this model is empty"),
             qPrintable(notes));
    QVERIFY2(notes.contains(answers + "/absent-model.jsonl: no such file: 3 items (e.g. item "
                                      "\"2edbb5f36f5b42be:absent-model\") have no response from this model"),
             qPrintable(notes));

    // Another judge's file for the same items, read without texts and metadata, agrees
    // with the items already there, and they keep their texts and metadata.
    QByteArray otherJudge = records;
    otherJudge.replace("\"judge\":\"gpt-4.1\"", "\"judge\":\"other-judge\"");
    // (the bench folder names the dataset, so the copy sits in a layout of its own without texts).
    QVERIFY(QDir().mkpath(tmp.filePath("elsewhere/arena-hard-v2.0/model_judgment/other-judge")));
    const QString outside =
        tmp.filePath("elsewhere/arena-hard-v2.0/model_judgment/other-judge/absent-model.jsonl");
    QVERIFY(writeFile(outside, otherJudge));
    ImportOptions options;
    auto again = importSources({outside.toStdString()}, outcome.audit.get(), options);
    QVERIFY2(again.audit, qPrintable(test::issuesText(again.log)));
    QCOMPARE(again.audit->itemCount(), audit.itemCount());
    QCOMPARE(again.audit->judgmentCount(), 2 * audit.judgmentCount());
    QCOMPARE(text(*again.audit, *bank, ItemText::Extra), text(audit, *bank, ItemText::Extra));
    QCOMPARE(text(*again.audit, *bank, ItemText::Question), text(audit, *bank, ItemText::Question));
    // The other way round: a project without texts, then the file in its layout adds them.
    auto bare = importSources({outside.toStdString()}, nullptr, options);
    QVERIFY(bare.audit);
    auto enriched = importSources({judgments.toStdString()}, bare.audit.get(), options);
    QVERIFY2(enriched.audit, qPrintable(test::issuesText(enriched.log)));
    auto bankAgain = findItem(*enriched.audit, "arena-hard-v2.0", "0253f09025cc40cd:absent-model");
    QVERIFY(bankAgain);
    QCOMPARE(text(*enriched.audit, *bankAgain, ItemText::Extra), text(audit, *bank, ItemText::Extra));
}

void HarnessTextsTest::fastChatPairsInLayout()
{
    // The real FastChat files are in the upstream layout: texts are found beside model_judgment/.
    const QString pair = kShared + "/fastchat/model_judgment/gpt-4_pair.jsonl";
    auto outcome = importWith({pair});
    QVERIFY2(outcome.audit, qPrintable(test::issuesText(outcome.log)));
    QCOMPARE(notesText(outcome.log), QString());
    const auto& audit = *outcome.audit;
    QCOMPARE(audit.itemCount(), std::size_t(75));
    std::size_t withTexts = 0;
    for (std::uint32_t i = 0; i < audit.itemCount(); ++i)
        withTexts += !text(audit, i, ItemText::Question).isEmpty() &&
                     !text(audit, i, ItemText::ResponseA).isEmpty() &&
                     !text(audit, i, ItemText::ResponseB).isEmpty();
    QCOMPARE(withTexts, std::size_t(75));
    auto travel = findItem(audit, "mt-bench", "81:1:phi-3:phi-3-dpo");
    QVERIFY(travel);
    QVERIFY(text(audit, *travel, ItemText::Question)
                .startsWith("Compose an engaging travel blog post about a recent trip to Hawaii"));
    QVERIFY(text(audit, *travel, ItemText::ResponseA)
                .startsWith("Title: Aloha and Adventure: A Journey Through the Heart of H"));
    QVERIFY(text(audit, *travel, ItemText::ResponseB)
                .startsWith("Title: Aloha Spirit: Immersing in Hawaiian Culture and Must-"));
}

void HarnessTextsTest::fastChatSingleGradesInLayout()
{
    // Single-answer grades: input = the question (turn 2: the conversation up to the graded answer),
    // submission = the graded answer.
    auto outcome = importWith({kShared + "/fastchat/model_judgment/gpt-4_single.jsonl"});
    QVERIFY2(outcome.audit, qPrintable(test::issuesText(outcome.log)));
    QCOMPARE(notesText(outcome.log), QString());
    const auto& audit = *outcome.audit;
    QCOMPARE(audit.itemCount(), std::size_t(160));
    for (std::uint32_t i = 0; i < audit.itemCount(); ++i)
        QVERIFY(!text(audit, i, ItemText::Input).isEmpty() &&
                !text(audit, i, ItemText::Submission).isEmpty());
    auto first = findItem(audit, "mt-bench-single", "81:1:phi-3-dpo");
    QVERIFY(first);
    QVERIFY(text(audit, *first, ItemText::Input).startsWith("Compose an engaging travel blog post"));
    QVERIFY(
        text(audit, *first, ItemText::Submission).startsWith("Title: Aloha Spirit: Immersing in Hawaiian"));
    auto second = findItem(audit, "mt-bench-single", "81:2:phi-3-dpo");
    QVERIFY(second);
    const QString input = text(audit, *second, ItemText::Input);
    QVERIFY2(input.startsWith("[Turn 1]\nCompose an engaging travel blog post"), qPrintable(input.left(80)));
    QVERIFY(input.contains("\n\n[Answer, turn 1]\nTitle: Aloha Spirit: Immersing in Hawaiian"));
    QVERIFY(input.endsWith(
        "\n\n[Turn 2]\nRewrite your previous response. Start every sentence with the letter A."));
    QVERIFY(
        text(audit, *second, ItemText::Submission)
            .startsWith("Aloha, adventurers! An amazing and awe-inspiring journey awaited me in the magic"));
}

void HarnessTextsTest::turnTexts_data()
{
    QTest::addColumn<QStringList>("turns");
    QTest::addColumn<int>("turn");
    QTest::addColumn<QString>("expected");
    QTest::newRow("turn 1") << QStringList{"q1", "q2"} << 1 << "q1";
    QTest::newRow("turn 2: both turns") << QStringList{"q1", "q2"} << 2 << "[Turn 1]\nq1\n\n[Turn 2]\nq2";
    QTest::newRow("turn 2 missing") << QStringList{"q1"} << 2 << "";
    QTest::newRow("turn 0") << QStringList{"q1"} << 0 << "";
}

void HarnessTextsTest::turnTexts()
{
    QFETCH(QStringList, turns);
    QFETCH(int, turn);
    QFETCH(QString, expected);
    std::vector<std::string> t;
    for (const auto& s : turns)
        t.push_back(s.toStdString());
    QCOMPARE(QString::fromStdString(mtBenchTurnText(t, turn)), expected);
}

void HarnessTextsTest::noLayoutIsANote()
{
    QTemporaryDir tmp;
    const QString judgments = tmp.filePath("gpt-4-0613.jsonl");
    QVERIFY(writeFile(judgments, readFile(kArenaJudgments)));
    auto outcome = importWith({judgments});
    QVERIFY(outcome.audit);
    QCOMPARE(notesText(outcome.log),
             judgments + ": 2 items have no texts: no question.jsonl and model_answer/ beside the file (the "
                         "harness's <bench>/model_judgment/ layout); give the questions file and the answers "
                         "folder (tribunal-cli import --questions FILE --answers DIR)");
    QCOMPARE(text(*outcome.audit, 0, ItemText::Question), QString());
}

void HarnessTextsTest::badTextLineIsLocated()
{
    QTemporaryDir tmp;
    const QString judgments = tmp.filePath("gpt-4-0613.jsonl");
    QVERIFY(writeFile(judgments, readFile(kArenaJudgments)));
    const QString questions = tmp.filePath("question.jsonl");
    QVERIFY(writeFile(
        questions, "{\"uid\":\"a\",\"prompt\":\"ok\"}\n{\"uid\":\"b\",\"prompt\":7}\n{\"prompt\":\"x\"}\n"));
    QVERIFY(QDir().mkpath(tmp.filePath("model_answer")));
    HarnessTextPaths paths{questions.toStdString(), {}, {}};
    auto stop = importWith({judgments}, paths);
    QVERIFY(!stop.audit);
    QCOMPARE(test::issuesText(stop.log), questions + ":2: prompt: expected a string, got an integer");
    auto skip = importWith({judgments}, paths, BadRecordPolicy::SkipAndList);
    QVERIFY(skip.audit);
    QCOMPARE(test::issuesText(skip.log), questions + ":2: prompt: expected a string, got an integer\n" +
                                             questions +
                                             ":3: uid: required key is missing (uid or question_id)");
}

void HarnessTextsTest::sourceFromLayoutAndOptions()
{
    QTemporaryDir tmp;
    QVERIFY(QDir().mkpath(tmp.filePath("bench/model_judgment/judge")));
    QVERIFY(QDir().mkpath(tmp.filePath("bench/model_answer")));
    QVERIFY(writeFile(tmp.filePath("bench/question.jsonl"), "{}\n"));
    const QString root = QDir::cleanPath(tmp.path());
    auto inLayout = harnessTextSource(tmp.filePath("bench/model_judgment/judge/m.jsonl").toStdString(), {});
    QVERIFY(inLayout.fromLayout);
    QCOMPARE(QString::fromStdString(inLayout.questions), root + "/bench/question.jsonl");
    QCOMPARE(QString::fromStdString(inLayout.answersDir), root + "/bench/model_answer");
    auto fastChat =
        harnessTextSource(tmp.filePath("bench/model_judgment/gpt-4_pair.jsonl").toStdString(), {});
    QCOMPARE(QString::fromStdString(fastChat.questions), root + "/bench/question.jsonl");
    auto outside = harnessTextSource(tmp.filePath("bench/m.jsonl").toStdString(), {});
    QVERIFY(!outside.fromLayout);
    QVERIFY(outside.questions.empty() && outside.answersDir.empty());
    auto fromAnswers = harnessTextSource("x.jsonl", {{}, (root + "/bench/model_answer/").toStdString(), {}});
    QCOMPARE(QString::fromStdString(fromAnswers.questions), root + "/bench/question.jsonl");
}

QTEST_GUILESS_MAIN(HarnessTextsTest)
#include "tst_harnesstexts.moc"
