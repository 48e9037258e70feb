// Prompt formats (core/judging/promptformat.h): the texts land where seed 000 Appendix D puts them, BA swaps
// only the responses, FLASK has four criterion calls, names and formats round-trip.
#include "judging/promptformat.h"

#include <QtTest>

using namespace tribunal;

Q_DECLARE_METATYPE(tribunal::PromptFormat)

namespace {

PromptItem pairwiseItem(const QString& dataset = QStringLiteral("mt-bench"))
{
    PromptItem item;
    item.kind = TaskKind::Pairwise;
    item.dataset = dataset;
    item.question = QStringLiteral("Is 3.8 greater than 3.11?");
    item.responseA = QStringLiteral("Yes: 3.8 > 3.11.");
    item.responseB = QStringLiteral("No, 3.11 is greater.\n\nBecause 11 > 8.");
    return item;
}

const QString kSystemStart =
    QStringLiteral("You are an expert and impartial judge evaluating the quality of two "
                   "AI assistant responses to a user ");

QString user(const std::vector<ChatMessage>& messages)
{
    return messages.at(1).content;
}

} // namespace

class TestPromptFormat : public QObject {
    Q_OBJECT
private slots:
    void names();
    void basics();
    void pairwiseLayout_data();
    void pairwiseLayout();
    void exactTexts();
    void orderSwapsOnlyResponses_data();
    void orderSwapsOnlyResponses();
    void namedSlotsAndCue();
    void flaskCalls();
    void rubricVariant_data();
    void rubricVariant();
    void rubricPrompts();
    void formatOfPrompt_data();
    void formatOfPrompt();
    void splitParts();
};

void TestPromptFormat::names()
{
    const std::vector<std::string_view> expected{"direct",  "vf-json", "cot-json", "vf-xml",
                                                 "cot-xml", "g-eval",  "flask",    "rubric"};
    const auto formats = allPromptFormats();
    QCOMPARE(formats.size(), expected.size());
    for (std::size_t i = 0; i < formats.size(); ++i) {
        QCOMPARE(promptFormatName(formats[i]), expected[i]);
        QCOMPARE(promptFormatFromName(expected[i]), formats[i]);
    }
    QCOMPARE(promptFormatFromName("Direct"), std::nullopt);
    QCOMPARE(promptFormatFromName(""), std::nullopt);
    QCOMPARE(promptFormatFromName("geval"), std::nullopt);
}

void TestPromptFormat::basics()
{
    for (PromptFormat format : allPromptFormats()) {
        QCOMPARE(isPairwiseFormat(format), format != PromptFormat::RubricCriterion);
        QCOMPARE(callsPerJudgment(format), format == PromptFormat::Flask ? 4 : 1);
        QCOMPARE(suggestedMaxTokens(format), format == PromptFormat::Direct ? 32 : 4096);
    }
}

void TestPromptFormat::pairwiseLayout_data()
{
    QTest::addColumn<PromptFormat>("format");
    QTest::addColumn<QString>("instruction"); // a piece of the format's output instruction
    QTest::addColumn<bool>("instructionFirst");
    QTest::newRow("direct") << PromptFormat::Direct << QStringLiteral("Reply with exactly one word: A, B.")
                            << false;
    QTest::newRow("vf-json") << PromptFormat::VerdictFirstJson
                             << QStringLiteral("{\"winner\": \"A\", \"rationale\": \"your reasoning here\"}")
                             << false;
    QTest::newRow("cot-json") << PromptFormat::CotJson
                              << QStringLiteral("{\"rationale\": \"your reasoning here\", \"winner\": \"A\"}")
                              << false;
    QTest::newRow("vf-xml") << PromptFormat::VerdictFirstXml
                            << QStringLiteral(
                                   "<judgment><winner>A</winner><rationale>your reasoning here</rationale>"
                                   "</judgment>")
                            << false;
    QTest::newRow("cot-xml") << PromptFormat::CotXml
                             << QStringLiteral("<judgment><rationale>your reasoning here</rationale><winner>A"
                                               "</winner></judgment>")
                             << false;
    QTest::newRow("g-eval") << PromptFormat::GEval
                            << QStringLiteral("IMPORTANT: You must respond with ONLY a JSON object.") << true;
    QTest::newRow("flask") << PromptFormat::Flask
                           << QStringLiteral("IMPORTANT: You must respond with ONLY a JSON object.") << true;
}

void TestPromptFormat::pairwiseLayout()
{
    QFETCH(PromptFormat, format);
    QFETCH(QString, instruction);
    QFETCH(bool, instructionFirst);
    const PromptItem item = pairwiseItem();
    for (int call = 0; call < callsPerJudgment(format); ++call) {
        const auto messages = buildPrompt(format, item, Order::AB, call);
        QCOMPARE(messages.size(), std::size_t(2));
        QCOMPARE(messages[0].role, QStringLiteral("system"));
        QCOMPARE(messages[1].role, QStringLiteral("user"));
        QVERIFY(messages[0].content.startsWith(kSystemStart));
        const QString text = user(messages);
        const QString body =
            QStringLiteral("[Question]\nIs 3.8 greater than 3.11?\n\n[Response A]\nYes: 3.8 > "
                           "3.11.\n\n[Response B]\nNo, 3.11 is greater.\n\nBecause 11 > 8.");
        QVERIFY2(text.contains(body), qPrintable(text));
        const qsizetype at = text.indexOf(instruction);
        QVERIFY(at >= 0);
        if (instructionFirst)
            QCOMPARE(at, 0);
        else
            QVERIFY(at > text.indexOf(body));
        if (!instructionFirst)
            QVERIFY(text.startsWith(body));
    }
}

void TestPromptFormat::exactTexts()
{
    // The whole messages of two formats, with the paper's wording (seed 000, D.1 / D.2).
    const auto direct = buildPrompt(PromptFormat::Direct, pairwiseItem(), Order::AB, 0);
    QCOMPARE(
        direct[0].content,
        QStringLiteral("You are an expert and impartial judge evaluating the quality of two AI assistant "
                       "responses to a user question. Your task is to determine which response is better. "
                       "Focus on helpfulness, accuracy, depth, clarity, and relevance. Avoid any position "
                       "bias \u2014 the order in which responses appear should not influence your "
                       "judgment."));
    QCOMPARE(direct[1].content,
             QStringLiteral("[Question]\nIs 3.8 greater than 3.11?\n\n[Response A]\nYes: 3.8 > 3.11.\n\n"
                            "[Response B]\nNo, 3.11 is greater.\n\nBecause 11 > 8.\n\nReply with exactly one "
                            "word: A, B. A means Response A is better. B means Response B is better."));
    const auto cotXml = buildPrompt(PromptFormat::CotXml, pairwiseItem(), Order::AB, 0);
    QVERIFY(cotXml[1].content.endsWith(QStringLiteral(
        "Because 11 > 8.\n\nReply with an XML block only, in this exact shape:\n<judgment>"
        "<rationale>your reasoning here</rationale><winner>A</winner></judgment>\nwinner must be "
        "A, B.")));
    const auto geval = buildPrompt(PromptFormat::GEval, pairwiseItem(), Order::AB, 0);
    QVERIFY(geval[1].content.endsWith(QStringLiteral("Because 11 > 8.")));
    QVERIFY(geval[1].content.contains(
        QStringLiteral("winner must be exactly one of: A, B. winner should be A if score_a > score_b, B if "
                       "score_b > score_a.\n\n[Question]\n")));
}

void TestPromptFormat::orderSwapsOnlyResponses_data()
{
    QTest::addColumn<PromptFormat>("format");
    for (PromptFormat format : allPromptFormats())
        if (isPairwiseFormat(format))
            QTest::newRow(promptFormatName(format).data()) << format;
}

void TestPromptFormat::orderSwapsOnlyResponses()
{
    QFETCH(PromptFormat, format);
    const PromptItem item = pairwiseItem();
    for (int call = 0; call < callsPerJudgment(format); ++call) {
        const auto ab = buildPrompt(format, item, Order::AB, call);
        const auto ba = buildPrompt(format, item, Order::BA, call);
        QCOMPARE(ab[0], ba[0]);
        QVERIFY(ab[1].content != ba[1].content);
        // Swapping the two response texts in the AB message gives the BA message exactly.
        QString swapped = ab[1].content;
        swapped.replace(item.responseA, QStringLiteral("\x01"));
        swapped.replace(item.responseB, item.responseA);
        swapped.replace(QStringLiteral("\x01"), item.responseB);
        QCOMPARE(swapped, ba[1].content);
        QVERIFY(ba[1].content.contains(QStringLiteral("[Response A]\n") + item.responseB +
                                       QStringLiteral("\n\n[Response B]\n") + item.responseA));
    }
}

void TestPromptFormat::namedSlotsAndCue()
{
    PromptItem item = pairwiseItem();
    item.nameA = QStringLiteral("GPT-4");
    item.nameB = QStringLiteral("Llama-7B");
    item.cue = QStringLiteral("Note: {A} was written first, {B} second.");
    const QString ab = user(buildPrompt(PromptFormat::Direct, item, Order::AB, 0));
    QVERIFY(
        ab.contains(QStringLiteral("[Response A (GPT-4)]\nYes: 3.8 > 3.11.\n\n[Response B (Llama-7B)]\n")));
    QVERIFY(
        ab.contains(QStringLiteral("Because 11 > 8.\n\nNote: GPT-4 was written first, Llama-7B second.\n\n"
                                   "Reply with exactly one word")));
    const QString ba = user(buildPrompt(PromptFormat::Direct, item, Order::BA, 0));
    QVERIFY(ba.contains(QStringLiteral("[Response A (Llama-7B)]\nNo, 3.11 is greater.")));
    QVERIFY(ba.contains(
        QStringLiteral("[Response B (GPT-4)]\nYes: 3.8 > 3.11.\n\nNote: GPT-4 was written first")));

    // Unnamed: {A} is the slot where canonical A is shown.
    PromptItem plain = pairwiseItem();
    plain.cue = QStringLiteral("{A} / {B}");
    QVERIFY(user(buildPrompt(PromptFormat::CotJson, plain, Order::AB, 0))
                .contains(QStringLiteral("\n\nResponse A / Response B\n\nReply with a JSON object")));
    QVERIFY(user(buildPrompt(PromptFormat::CotJson, plain, Order::BA, 0))
                .contains(QStringLiteral("\n\nResponse B / Response A\n\nReply with a JSON object")));
    // G-Eval: the cue is the last paragraph; FLASK: before the criterion block.
    QVERIFY(user(buildPrompt(PromptFormat::GEval, plain, Order::AB, 0))
                .endsWith(QStringLiteral("Because 11 > 8.\n\nResponse A / Response B")));
    QVERIFY(user(buildPrompt(PromptFormat::Flask, plain, Order::BA, 2))
                .contains(QStringLiteral("3.11.\n\nResponse B / Response A\n\n[Criterion: Completeness]\n")));
}

void TestPromptFormat::flaskCalls()
{
    const PromptItem item = pairwiseItem(QStringLiteral("LLMBar-adversarial"));
    QStringList users;
    const QStringList names{QStringLiteral("Instruction Adherence"), QStringLiteral("Relevance"),
                            QStringLiteral("Completeness"), QStringLiteral("Clarity")};
    for (int call = 0; call < 4; ++call) {
        const auto messages = buildPrompt(PromptFormat::Flask, item, Order::AB, call);
        QVERIFY(messages[0].content.contains(QStringLiteral("better on one specific criterion")));
        const QString text = user(messages);
        QVERIFY2(text.contains(QStringLiteral("\n\n[Criterion: %1]\nWhich response ").arg(names[call])),
                 qPrintable(text));
        users << text;
    }
    users.removeDuplicates();
    QCOMPARE(users.size(), 4);
    QVERIFY(users[0].endsWith(QStringLiteral("without omitting or modifying any stated requirement?")));
}

void TestPromptFormat::rubricVariant_data()
{
    QTest::addColumn<QString>("dataset");
    QTest::addColumn<bool>("judgeBench");
    QTest::newRow("judgebench") << "judgebench" << true;
    QTest::newRow("JudgeBench-gpt") << "JudgeBench-gpt" << true;
    QTest::newRow("my_JUDGEBENCH_subset") << "my_JUDGEBENCH_subset" << true;
    QTest::newRow("llmbar") << "llmbar" << false;
    QTest::newRow("mt-bench") << "mt-bench" << false;
    QTest::newRow("empty") << "" << false;
    QTest::newRow("judge-bench with hyphen") << "judge-bench" << false;
}

void TestPromptFormat::rubricVariant()
{
    QFETCH(QString, dataset);
    QFETCH(bool, judgeBench);
    const PromptItem item = pairwiseItem(dataset);
    const auto geval = buildPrompt(PromptFormat::GEval, item, Order::AB, 0);
    QCOMPARE(geval[0].content.contains(QStringLiteral("1. Factual Accuracy \u2014 Does the response contain "
                                                      "correct facts")),
             judgeBench);
    QCOMPARE(
        geval[0].content.contains(QStringLiteral("1. Instruction Adherence \u2014 Does the response follow "
                                                 "every explicit")),
        !judgeBench);
    QCOMPARE(geval[0].content.contains(QStringLiteral("responses to a user question.")), judgeBench);
    QCOMPARE(geval[0].content.contains(QStringLiteral("responses to a user instruction.")), !judgeBench);
    const auto flask0 = buildPrompt(PromptFormat::Flask, item, Order::AB, 0);
    const auto flask2 = buildPrompt(PromptFormat::Flask, item, Order::AB, 2);
    QCOMPARE(
        user(flask0).contains(QStringLiteral("[Criterion: Factual Accuracy]\nWhich response contains fewer "
                                             "factual errors")),
        judgeBench);
    QCOMPARE(user(flask2).contains(QStringLiteral("[Criterion: Logical Coherence]")), judgeBench);
    QCOMPARE(user(flask2).contains(QStringLiteral("[Criterion: Completeness]")), !judgeBench);
    QCOMPARE(flask0[0].content.contains(QStringLiteral("to a user question.")), judgeBench);
}

void TestPromptFormat::rubricPrompts()
{
    PromptItem binary;
    binary.kind = TaskKind::Binary;
    binary.input = QStringLiteral("Summarise the text.");
    binary.submission = QStringLiteral("A summary.");
    binary.criterion = QStringLiteral("Mentions the author.");
    const auto b = buildPrompt(PromptFormat::RubricCriterion, binary, Order::None, 0);
    QCOMPARE(b.size(), std::size_t(2));
    QVERIFY(b[0].content.contains(QStringLiteral("meets one criterion")));
    QVERIFY(
        b[1].content.startsWith(QStringLiteral("[Input]\nSummarise the text.\n\n[Submission]\nA summary.\n\n"
                                               "[Criterion]\nMentions the author.\n\nReply with a JSON")));
    QVERIFY(b[1].content.contains(QStringLiteral("answer must be MET, UNMET or NA.")));
    QVERIFY(!b[1].content.contains(QStringLiteral("[Levels]")));
    // Order is ignored for rubric items.
    QCOMPARE(buildPrompt(PromptFormat::RubricCriterion, binary, Order::BA, 0), b);

    PromptItem ordinal = binary;
    ordinal.kind = TaskKind::Ordinal;
    ordinal.levels = {QStringLiteral("poor"), QStringLiteral("fair"), QStringLiteral("good")};
    const auto o = buildPrompt(PromptFormat::RubricCriterion, ordinal, Order::AB, 0);
    QVERIFY(o[0].content.contains(QStringLiteral("rating a submission on one criterion")));
    QVERIFY(o[1].content.contains(QStringLiteral("[Criterion]\nMentions the author.\n\n[Levels]\n1. poor\n2. "
                                                 "fair\n3. good\n\nReply with a JSON")));
    QVERIFY(o[1].content.endsWith(QStringLiteral("an integer from 1 to 3.")));
}

void TestPromptFormat::formatOfPrompt_data()
{
    QTest::addColumn<PromptFormat>("format");
    QTest::addColumn<int>("kind");
    for (PromptFormat format : allPromptFormats()) {
        if (isPairwiseFormat(format)) {
            QTest::newRow(promptFormatName(format).data()) << format << int(TaskKind::Pairwise);
        } else {
            QTest::newRow("rubric binary") << format << int(TaskKind::Binary);
            QTest::newRow("rubric ordinal") << format << int(TaskKind::Ordinal);
        }
    }
}

void TestPromptFormat::formatOfPrompt()
{
    QFETCH(PromptFormat, format);
    QFETCH(int, kind);
    PromptItem item = pairwiseItem(QStringLiteral("judgebench"));
    item.kind = static_cast<TaskKind>(kind);
    item.input = QStringLiteral("in");
    item.submission = QStringLiteral("sub");
    item.criterion = QStringLiteral("crit");
    item.levels = {QStringLiteral("one"), QStringLiteral("two")};
    item.cue = QStringLiteral("{B} loves pasta.");
    for (Order order : {Order::AB, Order::BA})
        for (int call = 0; call < callsPerJudgment(format); ++call)
            QCOMPARE(tribunal::formatOfPrompt(buildPrompt(format, item, order, call)), format);
    // Not a built prompt.
    std::vector<ChatMessage> other(1);
    other[0].role = QStringLiteral("user");
    other[0].content = QStringLiteral("Hello");
    QCOMPARE(tribunal::formatOfPrompt(other), std::nullopt);
    QCOMPARE(tribunal::formatOfPrompt({}), std::nullopt);
}

void TestPromptFormat::splitParts()
{
    PromptItem item = pairwiseItem();
    item.nameA = QStringLiteral("GPT-4");
    item.nameB = QStringLiteral("Llama-7B");
    const auto parts = splitPairwisePrompt(buildPrompt(PromptFormat::Flask, item, Order::BA, 1));
    QVERIFY(parts.has_value());
    QCOMPARE(parts->format, PromptFormat::Flask);
    QCOMPARE(parts->question, item.question);
    QCOMPARE(parts->firstName, QStringLiteral("Llama-7B"));
    QCOMPARE(parts->secondLabel, QStringLiteral("GPT-4"));
    QCOMPARE(parts->first, item.responseB);
    QCOMPARE(parts->second, item.responseA);
    const auto plain = splitPairwisePrompt(buildPrompt(PromptFormat::Direct, pairwiseItem(), Order::AB, 0));
    QVERIFY(plain.has_value());
    QCOMPARE(plain->firstLabel, QStringLiteral("Response A"));
    QCOMPARE(plain->second, pairwiseItem().responseB);
}

QTEST_APPLESS_MAIN(TestPromptFormat)
#include "tst_promptformat.moc"
