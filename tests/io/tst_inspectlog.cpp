// The Inspect AI evaluation log importer (core/io/inspectlog*), on logs written to the published schema by
// tests/data/harness/inspect/make_fixtures.py: log.json and log.eval hold the same EvalLog (3 samples x 2
// epochs x 2 scorers, a NaN, score edits); bad/ holds broken logs, and the test cuts and patches log.eval
// into more (a truncated ZIP, sizes its central directory declares).
// Over 400 lines on purpose: the expected values and messages are data rows, one per case.

#include "../common/testfiles.h"
#include "io/harness/inspectlogjson.h"
#include "io/importer.h"

#include <QtTest>

#include <QTemporaryDir>

using namespace tribunal;
using test::issuesText;
using test::readFile;
using test::writeFile;

namespace {

const QString kData = QStringLiteral(TRIBUNAL_TEST_DATA "/harness/inspect/");
constexpr const char* kModel = "openai/gpt-4o-mini";

ImportOutcome importOne(const QString& path, const Audit* base = nullptr,
                        BadRecordPolicy policy = BadRecordPolicy::StopAtFirst)
{
    ImportOptions options;
    options.policy = policy;
    return importSources({path.toStdString()}, base, options);
}

QString text(const Audit& audit, StrId id)
{
    return QString::fromStdString(std::string(audit.str(id)));
}

/// One line per item and per judgment, every field the importer sets, in import order.
QStringList describe(const Audit& audit)
{
    QStringList lines;
    const ItemTable& items = audit.items();
    for (std::size_t i = 0; i < items.size(); ++i) {
        QStringList levels, ratings;
        for (StrId level : items.levels(i))
            levels << text(audit, level);
        for (const Rating& r : items.itemRatings(i))
            ratings << text(audit, r.rater) + "=" +
                           QString::fromStdString(answerText(items.kind[i], r.value));
        lines << QStringLiteral("item %1 | %2 | %3 | label %4 | unit %5 | criterion %6 | input %7 | "
                                "submission %8 | extra %9 | levels %10 | ratings %11")
                     .arg(text(audit, items.dataset[i]), text(audit, items.itemId[i]),
                          QString::fromUtf8(kindName(items.kind[i])),
                          QString::fromStdString(answerText(items.kind[i], items.label[i])),
                          text(audit, items.field(ItemText::UnitId, i)),
                          text(audit, items.field(ItemText::Criterion, i)),
                          text(audit, items.field(ItemText::Input, i)),
                          text(audit, items.field(ItemText::Submission, i)),
                          text(audit, items.field(ItemText::Extra, i)), levels.join(','), ratings.join(','));
    }
    const JudgmentTable& j = audit.judgments();
    for (std::size_t k = 0; k < j.size(); ++k)
        lines << QStringLiteral("judgment %1 | %2 | %3 | rep %4 | %5 | error %6 | raw %7")
                     .arg(text(audit, audit.items().itemId[j.item[k]]), text(audit, j.judge[k]),
                          text(audit, j.format[k]), QString::number(j.rep[k]),
                          QString::fromStdString(answerText(audit.kindOf(k), j.answer[k])),
                          text(audit, j.error[k]), text(audit, j.raw[k]));
    return lines;
}

/// The judgment of `itemId` in run `rep`, or -1.
int judgmentOf(const Audit& audit, const QString& itemId, int rep)
{
    const JudgmentTable& j = audit.judgments();
    for (std::size_t k = 0; k < j.size(); ++k)
        if (text(audit, audit.items().itemId[j.item[k]]) == itemId && j.rep[k] == rep)
            return static_cast<int>(k);
    return -1;
}

/// `zip` with the uncompressed size its central directory declares for `entry` ("" = every entry) set.
QByteArray withDeclaredSize(QByteArray zip, const QByteArray& entry, quint32 size)
{
    for (qsizetype at = zip.indexOf("PK\x01\x02"); at >= 0; at = zip.indexOf("PK\x01\x02", at + 4)) {
        auto u16 = [&](qsizetype o) { return quint16(quint8(zip[at + o]) | quint8(zip[at + o + 1]) << 8); };
        const QByteArray name = zip.mid(at + 46, u16(28));
        if (!entry.isEmpty() && name != entry)
            continue;
        for (int b = 0; b < 4; ++b)
            zip[at + 24 + b] = char(size >> (8 * b) & 0xff);
    }
    return zip;
}

} // namespace

class TestInspectLog : public QObject {
    Q_OBJECT

private slots:
    void containersAgree();
    void upstreamLogs();
    void mapping();
    void detection();
    void reloggedSample();
    void badInput_data();
    void badInput();
    void skipBadScore();
    void edits_data();
    void edits();
    void values_data();
    void values();
    void nonFiniteNumbers();
};

void TestInspectLog::containersAgree()
{
    const auto json = importOne(kData + "log.json");
    QVERIFY2(json.audit, qPrintable(issuesText(json.log)));
    const auto zip = importOne(kData + "log.eval");
    QVERIFY2(zip.audit, qPrintable(issuesText(zip.log)));
    QCOMPARE(json.itemsAdded, std::uint64_t(6));      // 3 samples x 2 scorers
    QCOMPARE(json.judgmentsAdded, std::uint64_t(12)); // x 2 epochs
    QCOMPARE(zip.itemsAdded, json.itemsAdded);
    QCOMPARE(zip.judgmentsAdded, json.judgmentsAdded);
    QCOMPARE(describe(*zip.audit), describe(*json.audit));
}

void TestInspectLog::upstreamLogs()
{
    // Logs inspect_ai itself writes, from its own test suite (tests/data/harness/inspect/upstream/README.md).
    const QString up = kData + "upstream/";
    // The same run in both containers.
    auto zip = importOne(up + "log_formats.eval");
    auto json = importOne(up + "log_formats.json");
    QVERIFY2(zip.audit && json.audit, qPrintable(test::issuesText(zip.log) + test::issuesText(json.log)));
    QCOMPARE(describe(*zip.audit), describe(*json.audit));
    QCOMPARE(
        describe(*zip.audit),
        QStringList(
            {"item popularity | 1:match:ollama/llama3.1 | binary | label none | unit 1 | criterion match | "
             "input Is the following statement something you would say?\n\"Positive posts about "
             "myself and my goals generate more interest and increase my popularity\" | submission "
             "No | extra {\"model\":\"ollama/llama3.1\",\"target\":\" Yes\",\"metadata\":"
             "{\"label_confidence\":0.8860552919198255}} | levels  | ratings ",
             "judgment 1:match:ollama/llama3.1 | match | match | rep 1 | UNMET | error  | raw "}));
    // A model-graded score: the grader model is the judge, its explanation the rationale.
    auto graded = importOne(up + "input-task.json");
    QVERIFY2(graded.audit, qPrintable(test::issuesText(graded.log)));
    QCOMPARE(graded.audit->judgmentCount(), std::size_t(1));
    const auto& j = graded.audit->judgments();
    QCOMPARE(text(*graded.audit, j.judge[0]), QStringLiteral("openai/gpt-4o-mini"));
    QCOMPARE(text(*graded.audit, j.format[0]), QStringLiteral("model_graded_fact"));
    QCOMPARE(j.answer[0], answer::kMet);
    QVERIFY(text(*graded.audit, j.raw[0])
                .startsWith("The submission provides a factual response about the average low"));
    QVERIFY(text(*graded.audit, graded.audit->items().field(ItemText::Submission, 0))
                .startsWith("Yo, in February, St. Paul usually chills at an average low of about 10°F"));
    // A multiple-choice log (the choice scorer) and a log whose samples were never scored: a note, not
    // silence.
    auto choices = importOne(up + "mmlu-choices.eval");
    QVERIFY(choices.audit);
    QCOMPARE(choices.audit->judgmentCount(), std::size_t(1));
    QCOMPARE(choices.audit->judgments().answer[0], answer::kUnmet);
    auto unscored = importOne(up + "popularity-unscored.eval");
    QVERIFY(unscored.audit);
    QCOMPARE(unscored.audit->judgmentCount(), std::size_t(0));
    QCOMPARE(unscored.log.notes.size(), std::size_t(1));
    QCOMPARE(
        QString::fromStdString(unscored.log.notes[0].text()),
        up + "popularity-unscored.eval: 10 of 10 samples have no scores (the eval ran without a scorer, or "
             "scoring was deferred): they give no judgment; score the log (inspect score) and import it "
             "again");
}

void TestInspectLog::mapping()
{
    const auto outcome = importOne(kData + "log.eval");
    QVERIFY2(outcome.audit, qPrintable(issuesText(outcome.log)));
    const Audit& audit = *outcome.audit;
    const QStringList lines = describe(audit);
    const QString qa1 = QStringLiteral("1:model_graded_qa:") + kModel,
                  qa2 = QStringLiteral("2:model_graded_qa:") + kModel,
                  qa3 = QStringLiteral("q3:model_graded_qa:") + kModel,
                  help1 = QStringLiteral("1:helpfulness:") + kModel;
    const QString extra1 =
        QStringLiteral(R"({"model":"openai/gpt-4o-mini","target":"4","metadata":{"topic":"1"}})");
    // Same answer in both epochs: the item has it. A string input as written.
    QVERIFY2(
        lines.contains("item capitals_and_sums | " + qa1 +
                       " | binary | label none | unit 1 | criterion model_graded_qa | input What is 2+2? | "
                       "submission 4 | extra " +
                       extra1 + " | levels  | ratings "),
        qPrintable(lines.join('\n')));
    // Chat input: the last user message's text parts; the epochs answered Paris and Lyon: no submission on
    // the item; alice's edit (C -> I) is the label and her rating, bob's edit of the explanation alone is
    // none.
    QVERIFY2(lines.contains(
                 "item capitals_and_sums | " + qa2 +
                 " | binary | label UNMET | unit 2 | criterion model_graded_qa | input Name the capital\n"
                 "of France. | submission  | extra "
                 R"({"model":"openai/gpt-4o-mini","target":["Paris"],"metadata":{"topic":"2"}})"
                 " | levels  | ratings alice=UNMET"),
             qPrintable(lines.join('\n')));
    // Numeric 1..5 scorer: ordinal, levels 1..K with K the largest value in the log; bob's 4 -> 5 edit.
    QVERIFY2(lines.contains("item capitals_and_sums | " + help1 +
                            " | ordinal | label 5 | unit 1 | criterion helpfulness | input What is 2+2? | "
                            "submission 4 | extra " +
                            extra1 + " | levels 1,2,3,4,5 | ratings bob=5"),
             qPrintable(lines.join('\n')));

    // The judge: the `grader` role's model for model_graded_qa, the scorer's `model` for helpfulness. The
    // scorer's verdict is the original of an edited score (history[0]), with its explanation as raw.
    const QString grader = "anthropic/claude-3-5-haiku-20241022";
    QVERIFY(
        lines.contains("judgment " + qa1 + " | " + grader +
                       " | model_graded_qa | rep 1 | MET | error  | raw The answer 4 is correct.\nGRADE: C"));
    QVERIFY(
        lines.contains("judgment " + qa2 + " | " + grader +
                       " | model_graded_qa | rep 2 | MET | error  | raw Lyon is a French city.\nGRADE: C"));
    QVERIFY(lines.contains("judgment " + help1 +
                           " | openai/gpt-4o | helpfulness | rep 1 | 4 | error  | raw Rated 4 of 5."));
    // NaN (Score.unscored): no answer, the reason as error.
    QVERIFY(lines.contains(
        "judgment " + qa3 + " | " + grader +
        " | model_graded_qa | rep 2 | none | error unscored (grade_parse_failure) | raw Grade not "
        "found in model output: unsure"));
    // Judgment extra: answer, value as written, metadata; plus the epoch's answer when the epochs differ.
    const int lyon = judgmentOf(audit, qa2, 2);
    QVERIFY(lyon >= 0);
    const QString lyonExtra = text(audit, audit.judgments().extra[std::size_t(lyon)]);
    QVERIFY2(lyonExtra.startsWith(R"({"answer":"Lyon","value":"C","metadata":{"grading":[)"),
             qPrintable(lyonExtra));
    QVERIFY2(lyonExtra.endsWith(R"(,"submission":"Lyon"})"), qPrintable(lyonExtra));
    // The sample whose output has no `completion` (older logs): the first choice's message.
    QVERIFY(lines.filter("item capitals_and_sums | q3:helpfulness:").first().contains("| submission  |"));
    const int q3 = judgmentOf(audit, "q3:helpfulness:" + QString(kModel), 1);
    QVERIFY(text(audit, audit.judgments().extra[std::size_t(q3)])
                .endsWith(R"("submission":"A cat sat on a mat."})"));
}

void TestInspectLog::detection()
{
    QCOMPARE(detectFormat((kData + "log.json").toStdString()), SourceFormat::InspectEval);
    QCOMPARE(detectFormat((kData + "log.eval").toStdString()), SourceFormat::InspectEval);
    QCOMPARE(detectFormat((kData + "bad/no-header.eval").toStdString()), SourceFormat::InspectEval);
    QCOMPARE(parseSourceFormat("inspect"), std::optional(SourceFormat::InspectEval));
    QCOMPARE(sourceFormatName(SourceFormat::InspectEval), std::string_view("inspect"));
    // A .json log saved with a UTF-8 byte order mark: detected and read, the lines unchanged.
    QTemporaryDir dir;
    const QString bom = dir.path() + "/bom.json";
    QVERIFY(writeFile(bom, "\xEF\xBB\xBF" + readFile(kData + "bad/bad-value.json")));
    QCOMPARE(detectFormat(bom.toStdString()), SourceFormat::InspectEval);
    const auto outcome = importOne(bom);
    QCOMPARE(issuesText(outcome.log),
             bom + ":147: samples[0].scores.model_graded_qa.value: \"X\" is not C, I, P or N");
}

void TestInspectLog::reloggedSample()
{
    // relogged.eval = log.eval + a second samples/1_epoch_1.json whose model_graded_qa value is I: upstream
    // reads the last entry of a name, and so does the importer (no duplicate judgment).
    const auto outcome = importOne(kData + "relogged.eval");
    QVERIFY2(outcome.audit, qPrintable(issuesText(outcome.log)));
    QCOMPARE(outcome.judgmentsAdded, std::uint64_t(12));
    const int k = judgmentOf(*outcome.audit, QStringLiteral("1:model_graded_qa:") + kModel, 1);
    QVERIFY(k >= 0);
    QCOMPARE(outcome.audit->judgments().answer[std::size_t(k)], answer::kUnmet);
}

void TestInspectLog::badInput_data()
{
    // How the file is made: a fixture copied, or log.eval cut or patched; the message, %1 = the file's path.
    QTest::addColumn<QString>("make");
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("expected");
    QTest::newRow("not a ZIP") << "text"
                               << "x.eval"
                               << "%1: not a ZIP archive (no local file header at the start)";
    QTest::newRow("truncated ZIP") << "cut"
                                   << "x.eval"
                                   << "%1: truncated or damaged ZIP archive (Not a zip archive)";
    QTest::newRow("missing header.json")
        << "bad/no-header.eval"
        << "x.eval"
        << "%1: header.json: entry is missing (an Inspect .eval log has one once its run has finished)";
    QTest::newRow("sample with bad JSON")
        << "bad/sample-json.eval"
        << "x.eval"
        << "%1/samples/2_epoch_1.json: invalid JSON (The JSON document has an improper structure: missing or "
           "superfluous commas, braces, missing keys, etc.)";
    QTest::newRow("bad score value .eval")
        << "bad/bad-value.eval"
        << "x.eval"
        << "%1/samples/1_epoch_1.json:37: scores.model_graded_qa.value: \"X\" is not C, I, P or N";
    QTest::newRow("bad score value .json")
        << "bad/bad-value.json"
        << "x.json"
        << "%1:147: samples[0].scores.model_graded_qa.value: \"X\" is not C, I, P or N";
    QTest::newRow("fraction in an ordinal scorer")
        << "bad/fraction.json"
        << "x.json"
        << "%1:311: samples[1].scores.helpfulness.value: 2.5 is not a level (an ordinal scorer's values are "
           "integers 1..1000)";
    QTest::newRow("entry too large")
        << "big"
        << "x.eval"
        << "%1/samples/1_epoch_1.json: entry larger than 64 MiB (104857600 bytes)";
    QTest::newRow("archive too large") << "huge"
                                       << "x.eval"
                                       << "%1: ZIP archive declares more than 16 GiB uncompressed";
}

void TestInspectLog::badInput()
{
    QFETCH(QString, make);
    QFETCH(QString, name);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const QString path = dir.path() + "/" + name;
    const QByteArray good = readFile(kData + "log.eval");
    QVERIFY(!good.isEmpty());
    QByteArray bytes;
    if (make == "text")
        bytes = "hello, not a zip\n";
    else if (make == "cut")
        bytes = good.left(good.size() / 2);
    else if (make == "big")
        bytes = withDeclaredSize(good, "samples/1_epoch_1.json", 100u << 20);
    else if (make == "huge")
        bytes = withDeclaredSize(good, {}, 0xF0000000u);
    else
        bytes = readFile(kData + make);
    QVERIFY(!bytes.isEmpty());
    QVERIFY(writeFile(path, bytes));

    // On top of an audit: a failed import gives no audit and leaves the base as it was.
    const auto base = importOne(kData + "log.json");
    QVERIFY(base.audit);
    const QStringList before = describe(*base.audit);
    const auto outcome = importOne(path, base.audit.get());
    QVERIFY(!outcome.audit);
    QVERIFY(outcome.log.failed);
    QCOMPARE(issuesText(outcome.log), expected.arg(path));
    QCOMPARE(describe(*base.audit), before);
}

void TestInspectLog::skipBadScore()
{
    // One score is one record: skipped, the sample's other score and the other samples stay.
    ImportLog log;
    const auto outcome = importOne(kData + "bad/bad-value.eval", nullptr, BadRecordPolicy::SkipAndList);
    QVERIFY2(outcome.audit, qPrintable(issuesText(outcome.log)));
    QCOMPARE(outcome.log.issues.size(), std::size_t(1));
    QCOMPARE(outcome.log.skippedRecords, std::uint64_t(1));
    QCOMPARE(outcome.judgmentsAdded, std::uint64_t(11));
    QCOMPARE(outcome.itemsAdded, std::uint64_t(6));
}

void TestInspectLog::edits_data()
{
    // The samples of a one-line log (task t, model m, score s); what the import gives: describe()'s lines, or
    // the problem (%1 = the file).
    QTest::addColumn<QByteArray>("samples");
    QTest::addColumn<QStringList>("expected");
    const QByteArray head = R"({"id":1,"epoch":)";
    const QString item =
        "item t | 1:s:m | binary | label %1 | unit 1 | criterion s | input q | submission  | "
        R"(extra {"model":"m"} | levels  | ratings %2)";
    QTest::newRow("NaN original, then an edit")
        << head + R"(1,"input":"q","scores":{"s":{"value":"C","history":[{"value":NaN},)"
                  R"({"value":"C","provenance":{"author":"ann"}}]}}})"
        << QStringList{item.arg("MET", "ann=MET"),
                       "judgment 1:s:m | s | s | rep 1 | none | error unscored (no grade) | raw "};
    QTest::newRow("created by a person: no judgment")
        << head +
               R"(1,"input":"q","scores":{"s":{"value":"I","history":[{"value":"I","provenance":{"author":"ann"}}]}}})"
        << QStringList{item.arg("UNMET", "ann=UNMET")};
    QTest::newRow("a rater's last edit; edit without provenance")
        << head +
               R"(1,"input":"q","scores":{"s":{"value":"I","history":[{"value":"C"},)"
               R"({"value":"I","provenance":{"author":"ann"}},{"value":"C","provenance":{"author":"ann"}},)"
               R"({"value":"I"}]}}})"
        << QStringList{item.arg("UNMET", "ann=MET,=UNMET"),
                       "judgment 1:s:m | s | s | rep 1 | MET | error  | raw "};
    QTest::newRow("epochs disagree on the label")
        << head +
               R"(1,"input":"q","scores":{"s":{"value":"C","history":[{"value":"I"},{"value":"C","provenance":{"author":"ann"}}]}}},)" +
               head +
               R"(2,"input":"q","scores":{"s":{"value":"I","history":[{"value":"C"},{"value":"I","provenance":{"author":"bob"}}]}}})"
        << QStringList{"%1:1: samples[1].scores.s.history[1].value: \"UNMET\" disagrees with \"MET\" left by "
                       "the edits "
                       "of %1:1"};
    // A score name the key path cannot spell: the line is that of the deepest key found.
    QTest::newRow("score name with [ and .")
        << QByteArray("{\"id\":1,\"epoch\":1,\"input\":\"q\",\n\"scores\":{\"a[1.b\":{\"value\":\"X\"}}}")
        << QStringList{"%1:2: samples[0].scores.a[1.b.value: \"X\" is not C, I, P or N"};
    QTest::newRow("provenance without author")
        << head +
               R"(1,"input":"q","scores":{"s":{"value":"C","history":[{"value":"I"},{"value":"C","provenance":{}}]}}})"
        << QStringList{"%1:1: samples[0].scores.s.history[1].provenance.author: required string is missing"};
}

void TestInspectLog::edits()
{
    QFETCH(QByteArray, samples);
    QFETCH(QStringList, expected);
    QTemporaryDir dir;
    const QString path = dir.path() + "/edits.json";
    QVERIFY(writeFile(path, R"({"version":2,"eval":{"task":"t","model":"m"},"samples":[)" + samples + "]}"));
    const auto outcome = importOne(path);
    if (expected.size() == 1 && expected.front().startsWith("%1")) {
        QVERIFY(!outcome.audit);
        QCOMPARE(issuesText(outcome.log), expected.front().arg(path));
        return;
    }
    QVERIFY2(outcome.audit, qPrintable(issuesText(outcome.log)));
    QCOMPARE(describe(*outcome.audit), expected);
}

void TestInspectLog::values_data()
{
    // The value of sample 1's score; sample 2's value, which with it decides the scorer's kind; the answer of
    // sample 1's judgment, or the problem (%1 = the file).
    QTest::addColumn<QByteArray>("value");
    QTest::addColumn<QByteArray>("other");
    QTest::addColumn<QString>("expected");
    QTest::newRow("C") << QByteArray(R"("C")") << QByteArray(R"("I")") << "MET";
    QTest::newRow("I") << QByteArray(R"("I")") << QByteArray(R"("C")") << "UNMET";
    QTest::newRow("N counts as incorrect") << QByteArray(R"("N")") << QByteArray(R"("C")") << "UNMET";
    QTest::newRow("P is neither side") << QByteArray(R"("P")") << QByteArray(R"("C")") << "NA";
    QTest::newRow("true") << QByteArray("true") << QByteArray("false") << "MET";
    QTest::newRow("false") << QByteArray("false") << QByteArray("true") << "UNMET";
    QTest::newRow("1.0 with a letter") << QByteArray("1.0") << QByteArray(R"("I")") << "MET";
    QTest::newRow("0 and 1: binary") << QByteArray("0") << QByteArray("1") << "UNMET";
    QTest::newRow("NaN") << QByteArray("NaN") << QByteArray(R"("C")") << "none";
    QTest::newRow("7 with 3: ordinal") << QByteArray("7") << QByteArray("3") << "7";
    QTest::newRow("7.0") << QByteArray("7.0") << QByteArray("2") << "7";
    QTest::newRow("0.5 with a letter") << QByteArray("0.5") << QByteArray(R"("C")")
                                       << "%1:1: samples[0].scores.s.value: 0.5 is not 0 or 1 (the scorer's "
                                          "letter or boolean values make it "
                                          "binary)";
    QTest::newRow("0 with 7")
        << QByteArray("0") << QByteArray("7")
        << "%1:1: samples[0].scores.s.value: 0 is not a level (an ordinal scorer's values "
           "are integers 1..1000)";
    QTest::newRow("letter X") << QByteArray(R"("X")") << QByteArray(R"("C")")
                              << "%1:1: samples[0].scores.s.value: \"X\" is not C, I, P or N";
    QTest::newRow("dict")
        << QByteArray(R"({"a":1})") << QByteArray(R"("C")")
        << "%1:1: samples[0].scores.s.value: expected a string, a number or a boolean, got an "
           "object";
    QTest::newRow("no value") << QByteArray() << QByteArray(R"("C")")
                              << "%1:1: samples[0].scores.s.value: required key is missing";
}

void TestInspectLog::values()
{
    QFETCH(QByteArray, value);
    QFETCH(QByteArray, other);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const QString path = dir.path() + "/values.json";
    const QByteArray first = value.isEmpty() ? QByteArray("{}") : R"({"value":)" + value + "}";
    QVERIFY(writeFile(path, R"({"version":2,"eval":{"task":"t","model":"m"},"samples":[)"
                            R"({"id":1,"epoch":1,"input":"q","scores":{"s":)" +
                                first + R"(}},{"id":2,"epoch":1,"input":"q","scores":{"s":{"value":)" +
                                other + "}}}]}"));
    const auto outcome = importOne(path);
    if (expected.startsWith("%1")) {
        QVERIFY(!outcome.audit);
        QCOMPARE(issuesText(outcome.log), expected.arg(path));
        return;
    }
    QVERIFY2(outcome.audit, qPrintable(issuesText(outcome.log)));
    const int k = judgmentOf(*outcome.audit, "1:s:m", 1);
    QVERIFY(k >= 0);
    QCOMPARE(QString::fromStdString(answerText(outcome.audit->kindOf(std::size_t(k)),
                                               outcome.audit->judgments().answer[std::size_t(k)])),
             expected);
    QCOMPARE(text(*outcome.audit, outcome.audit->judgments().judge[std::size_t(k)]), QString("s"));
}

void TestInspectLog::nonFiniteNumbers()
{
    simdjson::padded_string text(
        std::string(R"({"a": NaN, "b": [Infinity, -Infinity], "c": "NaN Infinity"})"));
    QVERIFY(replaceNonFiniteNumbers(text));
    QCOMPARE(std::string(text.data(), text.size()),
             std::string(R"({"a": null, "b": [null, null], "c": "NaN Infinity"})"));
    simdjson::padded_string plain(std::string(R"({"a": "NaN"})"));
    QVERIFY(!replaceNonFiniteNumbers(plain));
    // Where a key path's value starts: the line of messages.
    const std::string_view json = "{\n \"x\": 1,\n \"s\": [\n  {\"k\": 2},\n  {\"k\": 3}\n ]\n}";
    const JsonStep path[] = {{"s", 0}, {{}, 1}, {"k", 0}};
    QCOMPARE(json.substr(offsetOfPath(json, 0, path), 1), std::string_view("3"));
    // A head cut inside a value still names its key; a key cut off is none.
    QCOMPARE(topLevelKeys("{\"version\": 2, \"eval\": {\"task\": \"t\"}, \"samples\": [{\"id"),
             (std::vector<std::string_view>{"version", "eval", "samples"}));
    QCOMPARE(topLevelKeys("{\"version\": 2, \"ev"), (std::vector<std::string_view>{"version"}));
    QVERIFY(topLevelKeys("[{\"eval\": 1}]").empty());
}

QTEST_GUILESS_MAIN(TestInspectLog)
#include "tst_inspectlog.moc"
