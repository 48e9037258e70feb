// Answer parsers (core/judging/answerparser.h): real-shaped replies per format, the exampleAnswer round
// trip, FLASK majority and verdict-token probabilities.
#include "judging/answerparser.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

#include <cmath>

using namespace tribunal;

Q_DECLARE_METATYPE(tribunal::PromptFormat)

namespace {

constexpr int kNone = answer::kNone;
constexpr int kA = answer::kA;
constexpr int kB = answer::kB;
constexpr int kTie = answer::kTie;

ParsedAnswer vote(Answer slot)
{
    ParsedAnswer parsed;
    parsed.slot = slot;
    return parsed;
}

QJsonArray logprobs(const char* json)
{
    return QJsonDocument::fromJson(QByteArray(json)).array();
}

} // namespace

class TestAnswerParser : public QObject {
    Q_OBJECT
private slots:
    void parse_data();
    void parse();
    void rationaleAndScores();
    void roundTrip_data();
    void roundTrip();
    void combine();
    void probabilities();
};

void TestAnswerParser::parse_data()
{
    QTest::addColumn<PromptFormat>("format");
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("levels");
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("slot");
    QTest::addColumn<QString>("reason");
    const int pw = int(TaskKind::Pairwise);
    const int bin = int(TaskKind::Binary);
    const int ord = int(TaskKind::Ordinal);
    const auto D = PromptFormat::Direct;
    const auto VJ = PromptFormat::VerdictFirstJson;
    const auto CJ = PromptFormat::CotJson;
    const auto VX = PromptFormat::VerdictFirstXml;
    const auto CX = PromptFormat::CotXml;
    const auto GE = PromptFormat::GEval;
    const auto FL = PromptFormat::Flask;
    const auto RC = PromptFormat::RubricCriterion;
    auto row = [&](const char* name, PromptFormat f, int kind, int levels, const QString& text, int slot,
                   const QString& reason) {
        QTest::newRow(name) << f << kind << levels << text << slot << reason;
    };

    // Direct
    row("direct A", D, pw, 0, "A", kA, "");
    row("direct b lower", D, pw, 0, "b", kB, "");
    row("direct A. trailing", D, pw, 0, "  A.\n", kA, "");
    row("direct bold", D, pw, 0, "**B**", kB, "");
    row("direct [[A]]", D, pw, 0, "[[A]]", kA, "");
    row("direct Response B", D, pw, 0, "Response B", kB, "");
    row("direct Assistant A", D, pw, 0, "Assistant A", kA, "");
    row("direct Output (a)", D, pw, 0, "Output (a)", kA, "");
    row("direct quoted", D, pw, 0, "\"B\"", kB, "");
    row("direct tie", D, pw, 0, "Tie", kTie, "");
    row("direct fenced", D, pw, 0, "```\nA\n```", kA, "");
    row("direct prose [[B]]", D, pw, 0, "Both are fine, but B is more precise. Verdict: [[B]]", kB, "");
    row("direct prose response b", D, pw, 0, "After careful thought, response b is better.", kB, "");
    row("direct prose article a", D, pw, 0, "It is a close call, but B wins.", kB, "");
    row("direct prose answer a", D, pw, 0, "Both answer a question; Output (b) is better.", kB, "");
    row("direct article A first", D, pw, 0, "A better reply is B.", kNone, "two verdicts: A and B");
    row("direct both", D, pw, 0, "Response A is better than Response B.", kNone, "two verdicts: A and B");
    row("direct both brackets", D, pw, 0, "[[A]] ... no wait, [[B]]", kNone, "two verdicts: A and B");
    row("direct A or tie", D, pw, 0, "A, or maybe a tie", kNone, "two verdicts: A and tie");
    row("direct empty", D, pw, 0, "", kNone, "empty reply");
    row("direct spaces", D, pw, 0, "  \n ", kNone, "empty reply");
    row("direct no verdict", D, pw, 0, "I cannot decide.", kNone, "no verdict");
    row("direct C", D, pw, 0, "C", kNone, "no verdict");

    // JSON verdict-first / CoT
    row("vf-json plain", VJ, pw, 0, R"({"winner": "A", "rationale": "correct"})", kA, "");
    row("vf-json fenced", VJ, pw, 0, "```json\n{\"winner\": \"B\", \"rationale\": \"x\"}\n```", kB, "");
    row("vf-json prose around", VJ, pw, 0,
        "Here is my judgment:\n{\"winner\": \"b\", \"rationale\": \"x\"}\nThanks!", kB, "");
    row("vf-json single quotes", VJ, pw, 0, "{'winner': 'A', 'rationale': 'it is right'}", kA, "");
    row("vf-json unquoted", VJ, pw, 0, "{winner: B, rationale: shorter}", kB, "");
    row("vf-json Response A", VJ, pw, 0, R"({"winner": "Response A", "rationale": "x"})", kA, "");
    row("vf-json [[B]]", VJ, pw, 0, R"({"winner": "[[B]]", "rationale": "x"})", kB, "");
    row("vf-json tie", VJ, pw, 0, R"({"winner": "tie", "rationale": "equal"})", kTie, "");
    row("vf-json TIE upper", VJ, pw, 0, R"({"winner": "TIE", "rationale": "equal"})", kTie, "");
    row("vf-json both", VJ, pw, 0, R"({"winner": "A or B", "rationale": "x"})", kNone,
        "two verdicts: A and B");
    row("vf-json unrecognised", VJ, pw, 0, R"({"winner": "neither", "rationale": "x"})", kNone,
        "unrecognised winner: \"neither\"");
    row("vf-json no winner", VJ, pw, 0, R"({"rationale": "x"})", kNone, "no winner field");
    row("vf-json truncated", VJ, pw, 0, R"({"rationale": "Response A is longer and)", kNone,
        "truncated JSON: no winner");
    row("vf-json no object", VJ, pw, 0, "I think the first one is better.", kNone, "no JSON object");
    row("vf-json key without braces", VJ, pw, 0, "winner: B", kB, "");
    row("vf-json empty", VJ, pw, 0, "", kNone, "empty reply");
    row("cot-json plain", CJ, pw, 0, R"({"rationale": "Response A is wrong.", "winner": "B"})", kB, "");
    row("cot-json braces in rationale", CJ, pw, 0, R"({"rationale": "uses {x} and }", "winner": "A"})", kA,
        "");
    row("cot-json Winner capitalised", CJ, pw, 0, R"({"Rationale": "r", "Winner": "A."})", kA, "");
    row("cot-json truncated with winner", CJ, pw, 0, R"({"rationale": "r", "winner": "B)", kB, "");
    row("cot-json fenced truncated", CJ, pw, 0, "```json\n{\"rationale\": \"long", kNone,
        "truncated JSON: no winner");

    // XML
    row("vf-xml plain", VX, pw, 0, "<judgment><winner>A</winner><rationale>r</rationale></judgment>", kA, "");
    row("vf-xml whitespace", VX, pw, 0, "<judgment>\n  <winner>\n    b\n  </winner>\n</judgment>", kB, "");
    row("vf-xml fenced prose", VX, pw, 0,
        "Sure:\n```xml\n<judgment><winner>B</winner></judgment>\n```\nDone.", kB, "");
    row("vf-xml tie", VX, pw, 0, "<judgment><winner>Tie</winner></judgment>", kTie, "");
    row("vf-xml upper tags", VX, pw, 0, "<JUDGMENT><WINNER>Response A</WINNER></JUDGMENT>", kA, "");
    row("vf-xml two winners", VX, pw, 0, "<winner>A</winner><winner>B</winner>", kNone,
        "two verdicts: A and B");
    row("vf-xml no winner", VX, pw, 0, "<judgment><rationale>r</rationale></judgment>", kNone,
        "no winner element");
    row("vf-xml truncated", VX, pw, 0, "<judgment><winner>A", kNone, "truncated XML: no winner");
    row("cot-xml plain", CX, pw, 0, "<judgment><rationale>r</rationale><winner>B</winner></judgment>", kB,
        "");
    row("cot-xml unrecognised", CX, pw, 0, "<judgment><winner>both</winner></judgment>", kNone,
        "unrecognised winner: \"both\"");

    // G-Eval / FLASK
    row("g-eval plain", GE, pw, 0, R"({"rationale": "r", "score_a": 4, "score_b": 2, "winner": "A"})", kA,
        "");
    row("g-eval scores only A", GE, pw, 0, R"({"rationale": "r", "score_a": 5, "score_b": 3})", kA, "");
    row("g-eval scores only B", GE, pw, 0, R"({"rationale": "r", "score_a": 1, "score_b": 2})", kB, "");
    row("g-eval equal scores no winner", GE, pw, 0, R"({"rationale": "r", "score_a": 3, "score_b": 3})",
        kNone, "no winner field");
    row("g-eval truncated scores", GE, pw, 0, R"({"rationale": "r", "score_a": 4, "score_b": 2, "win)", kA,
        "");
    row("g-eval truncated one score", GE, pw, 0, R"({"rationale": "r", "score_a": 4, )", kNone,
        "truncated JSON: no winner");
    row("g-eval empty winner", GE, pw, 0, R"({"score_a": 2, "score_b": 5, "winner": ""})", kB, "");
    row("vf-json null winner", VJ, pw, 0, R"({"winner": null, "rationale": "r"})", kNone, "no winner field");
    row("g-eval tie", GE, pw, 0, R"({"rationale": "r", "score_a": 3, "score_b": 3, "winner": "tie"})", kTie,
        "");
    row("flask fenced", FL, pw, 0,
        "```json\n{\"rationale\": \"r\", \"score_a\": 2, \"score_b\": 4, \"winner\": "
        "\"B\"}\n```",
        kB, "");
    row("flask winner beats scores", FL, pw, 0, R"({"score_a": 2, "score_b": 4, "winner": "A"})", kA, "");

    // Rubric binary
    row("binary MET", RC, bin, 0, R"({"rationale": "r", "answer": "MET"})", int(answer::kMet), "");
    row("binary met lower", RC, bin, 0, R"({"rationale": "r", "answer": "met"})", int(answer::kMet), "");
    row("binary unmet", RC, bin, 0, R"({"rationale": "r", "answer": "unmet"})", int(answer::kUnmet), "");
    row("binary NOT MET", RC, bin, 0, R"({"answer": "NOT MET"})", int(answer::kUnmet), "");
    row("binary N/A", RC, bin, 0, R"({"answer": "N/A"})", int(answer::kNA), "");
    row("binary NA", RC, bin, 0, R"({"answer": "NA"})", int(answer::kNA), "");
    row("binary bare MET.", RC, bin, 0, "MET.", int(answer::kMet), "");
    row("binary single quotes", RC, bin, 0, "{'rationale': 'r', 'answer': 'UNMET'}", int(answer::kUnmet), "");
    row("binary number 1", RC, bin, 0, R"({"answer": 1})", int(answer::kMet), "");
    row("binary yes", RC, bin, 0, R"({"answer": "Yes"})", int(answer::kMet), "");
    row("binary maybe", RC, bin, 0, R"({"answer": "maybe"})", kNone, "unrecognised answer: \"maybe\"");
    row("binary no answer", RC, bin, 0, R"({"rationale": "r"})", kNone, "no answer field");
    row("binary truncated", RC, bin, 0, R"({"rationale": "r)", kNone, "truncated JSON: no answer");
    row("binary prose", RC, bin, 0, "The submission mostly does it.", kNone, "no JSON object");
    row("binary empty", RC, bin, 0, "", kNone, "empty reply");

    // Rubric ordinal
    row("ordinal 3", RC, ord, 5, R"({"rationale": "r", "answer": 3})", 3, "");
    row("ordinal \"4\"", RC, ord, 5, R"({"rationale": "r", "answer": "4"})", 4, "");
    row("ordinal Level 2", RC, ord, 5, R"({"answer": "Level 2"})", 2, "");
    row("ordinal fenced", RC, ord, 5, "```json\n{\"answer\": 5}\n```", 5, "");
    row("ordinal 1", RC, ord, 5, R"({"answer": 1})", 1, "");
    row("ordinal out of range", RC, ord, 5, R"({"answer": 7})", kNone, "level 7 out of range 1..5");
    row("ordinal zero", RC, ord, 3, R"({"answer": 0})", kNone, "level 0 out of range 1..3");
    row("ordinal NA", RC, ord, 5, R"({"answer": "NA"})", int(answer::kNA), "");
    row("ordinal text", RC, ord, 5, R"({"answer": "good"})", kNone, "unrecognised answer: \"good\"");
    row("ordinal bare 2", RC, ord, 4, "2", 2, "");
}

void TestAnswerParser::parse()
{
    QFETCH(PromptFormat, format);
    QFETCH(int, kind);
    QFETCH(int, levels);
    QFETCH(QString, text);
    QFETCH(int, slot);
    QFETCH(QString, reason);
    const ParsedAnswer parsed = parseAnswer(format, static_cast<TaskKind>(kind), levels, text);
    QCOMPARE(int(parsed.slot), slot);
    QCOMPARE(parsed.reason, reason);
}

void TestAnswerParser::rationaleAndScores()
{
    const auto geval =
        parseAnswer(PromptFormat::GEval, TaskKind::Pairwise, 0,
                    R"({"rationale": "B misses \"x\".", "score_a": 4, "score_b": 2, "winner": "A"})");
    QCOMPARE(geval.rationale, QStringLiteral("B misses \"x\"."));
    QCOMPARE(geval.scoreA, 4);
    QCOMPARE(geval.scoreB, 2);
    const auto outOfRange = parseAnswer(PromptFormat::Flask, TaskKind::Pairwise, 0,
                                        R"({"score_a": 9, "score_b": 2, "winner": "B"})");
    QCOMPARE(outOfRange.scoreA, 0); // outside 1..5: not given
    QCOMPARE(outOfRange.scoreB, 2);
    const auto lenient = parseAnswer(PromptFormat::CotJson, TaskKind::Pairwise, 0,
                                     "{'rationale': 'it is right', 'winner': 'A'}");
    QCOMPARE(lenient.rationale, QStringLiteral("it is right"));
    const auto xml = parseAnswer(PromptFormat::CotXml, TaskKind::Pairwise, 0,
                                 "<judgment><rationale> 3 &lt; 4 </rationale><winner>A</winner></judgment>");
    QCOMPARE(xml.rationale, QStringLiteral("3 < 4"));
    const auto direct = parseAnswer(PromptFormat::Direct, TaskKind::Pairwise, 0, "B");
    QCOMPARE(direct.rationale, QString());
    QCOMPARE(direct.scoreA, 0);
}

void TestAnswerParser::roundTrip_data()
{
    QTest::addColumn<PromptFormat>("format");
    QTest::addColumn<int>("kind");
    QTest::addColumn<int>("slot");
    for (PromptFormat format : allPromptFormats()) {
        const QByteArray name(promptFormatName(format).data());
        if (isPairwiseFormat(format)) {
            for (int slot : {kA, kB, kTie})
                QTest::newRow((name + " " + QByteArray::number(slot)).constData())
                    << format << int(TaskKind::Pairwise) << slot;
        } else {
            for (int slot : {int(answer::kMet), int(answer::kUnmet), int(answer::kNA)})
                QTest::newRow((name + " binary " + QByteArray::number(slot)).constData())
                    << format << int(TaskKind::Binary) << slot;
            for (int slot : {1, 2, 3, 4, int(answer::kNA)})
                QTest::newRow((name + " ordinal " + QByteArray::number(slot)).constData())
                    << format << int(TaskKind::Ordinal) << slot;
        }
    }
}

void TestAnswerParser::roundTrip()
{
    QFETCH(PromptFormat, format);
    QFETCH(int, kind);
    QFETCH(int, slot);
    const auto taskKind = static_cast<TaskKind>(kind);
    const QString rationale = QStringLiteral("Because \"quotes\", <tags> & a\nnew line.");
    for (const QString& text : {exampleAnswer(format, Answer(slot), rationale),
                                exampleAnswer(format, taskKind, Answer(slot), rationale)}) {
        const ParsedAnswer parsed = parseAnswer(format, taskKind, 4, text);
        QVERIFY2(int(parsed.slot) == slot, qPrintable(text + QStringLiteral(" -> ") + parsed.reason));
        QCOMPARE(parsed.reason, QString());
        if (format != PromptFormat::Direct)
            QCOMPARE(parsed.rationale, rationale);
    }
    // kNone gives a reply without a verdict.
    QCOMPARE(int(parseAnswer(format, taskKind, 4, exampleAnswer(format, answer::kNone, rationale)).slot),
             kNone);
}

void TestAnswerParser::combine()
{
    const std::vector<ParsedAnswer> threeOne{vote(answer::kA), vote(answer::kB), vote(answer::kA),
                                             vote(answer::kA)};
    auto combined = combineCalls(PromptFormat::Flask, threeOne);
    QCOMPARE(int(combined.slot), kA);
    QCOMPARE(combined.reason, QString());

    const std::vector<ParsedAnswer> oneThree{vote(answer::kB), vote(answer::kB), vote(answer::kA),
                                             vote(answer::kB)};
    QCOMPARE(int(combineCalls(PromptFormat::Flask, oneThree).slot), kB);

    const std::vector<ParsedAnswer> twoTwo{vote(answer::kA), vote(answer::kB), vote(answer::kB),
                                           vote(answer::kA)};
    combined = combineCalls(PromptFormat::Flask, twoTwo);
    QCOMPARE(int(combined.slot), kNone);
    QCOMPARE(combined.reason, QStringLiteral("no majority"));

    // kNone (and tie) votes do not count: 2-1 among the usable ones.
    const std::vector<ParsedAnswer> withNone{vote(answer::kB), vote(answer::kNone), vote(answer::kA),
                                             vote(answer::kB)};
    QCOMPARE(int(combineCalls(PromptFormat::Flask, withNone).slot), kB);
    const std::vector<ParsedAnswer> oneUsable{vote(answer::kNone), vote(answer::kTie), vote(answer::kA),
                                              vote(answer::kNone)};
    QCOMPARE(int(combineCalls(PromptFormat::Flask, oneUsable).slot), kA);
    const std::vector<ParsedAnswer> noneUsable{vote(answer::kNone), vote(answer::kNone), vote(answer::kNone),
                                               vote(answer::kNone)};
    combined = combineCalls(PromptFormat::Flask, noneUsable);
    QCOMPARE(int(combined.slot), kNone);
    QCOMPARE(combined.reason, QStringLiteral("no majority"));
    const std::vector<ParsedAnswer> oneEach{vote(answer::kA), vote(answer::kNone), vote(answer::kB),
                                            vote(answer::kNone)};
    QCOMPARE(int(combineCalls(PromptFormat::Flask, oneEach).slot), kNone);

    // Other formats: the single call as it is.
    ParsedAnswer single = vote(answer::kTie);
    single.rationale = QStringLiteral("same");
    const std::vector<ParsedAnswer> one{single};
    combined = combineCalls(PromptFormat::GEval, one);
    QCOMPARE(int(combined.slot), kTie);
    QCOMPARE(combined.rationale, QStringLiteral("same"));
}

void TestAnswerParser::probabilities()
{
    // exp(-0.1) = 0.904837, exp(-2.4) = 0.090718: P(A) = 0.904837 / 0.995555 = 0.908877.
    auto p = slotProbabilities(logprobs(R"([{"token": "A", "logprob": -0.1, "top_logprobs": [
        {"token": "A", "logprob": -0.1}, {"token": "B", "logprob": -2.4}]}])"),
                               answer::kA);
    QVERIFY(p.has_value());
    QVERIFY(std::abs(p->first - 0.908877) < 1e-6);
    QVERIFY(std::abs(p->second - 0.091123) < 1e-6);
    QVERIFY(std::abs(p->first + p->second - 1.0) < 1e-12);

    // " A" with a leading space, lower case "a" and "b" variants are summed per letter:
    // P(A) ∝ 0.5 + 0.1, P(B) ∝ 0.3 + 0.1 -> 0.6 / 1.0.
    p = slotProbabilities(logprobs(R"([{"token": " A", "logprob": -0.69, "top_logprobs": [
        {"token": " A", "logprob": -0.6931471805599453}, {"token": "a", "logprob": -2.302585092994046},
        {"token": "B", "logprob": -1.2039728043259361}, {"token": " b", "logprob": -2.302585092994046},
        {"token": "The", "logprob": -3.0}]}])"),
                          answer::kA);
    QVERIFY(p.has_value());
    QVERIFY(std::abs(p->first - 0.6) < 1e-9);
    QVERIFY(std::abs(p->second - 0.4) < 1e-9);

    // The verdict token is not first: {"winner": "B", ...} token by token; the last "B" token counts,
    // an earlier "A" in the text does not.
    const char* json = R"([
        {"token": "{\"", "logprob": 0.0, "top_logprobs": [{"token": "{\"", "logprob": 0.0}]},
        {"token": "winner", "logprob": 0.0, "top_logprobs": [{"token": "winner", "logprob": 0.0}]},
        {"token": "\":", "logprob": 0.0, "top_logprobs": []},
        {"token": " \"", "logprob": 0.0, "top_logprobs": []},
        {"token": "B", "logprob": -0.2231435513142097, "top_logprobs": [
            {"token": "B", "logprob": -0.2231435513142097}, {"token": "A", "logprob": -1.6094379124341003}]},
        {"token": "\"}", "logprob": 0.0, "top_logprobs": []}])";
    p = slotProbabilities(logprobs(json), answer::kB);
    QVERIFY(p.has_value());
    QVERIFY(std::abs(p->first - 0.2) < 1e-9);
    QVERIFY(std::abs(p->second - 0.8) < 1e-9);
    // Parsed slot A but no "A" token carries it.
    QCOMPARE(slotProbabilities(logprobs(json), answer::kA).has_value(), false);

    // "[[A]]" as one token with brackets trimmed; lower-case "a" as the verdict token.
    p = slotProbabilities(logprobs(R"([{"token": "[[a]]", "logprob": -0.1, "top_logprobs": [
        {"token": "[[a]]", "logprob": -0.10536051565782628}, {"token": "[[B]]", "logprob": -2.3025850929940455}]}])"),
                          answer::kA);
    QVERIFY(p.has_value());
    QVERIFY(std::abs(p->first - 0.9 / 1.0) < 1e-9);

    // No letter among the top log-probabilities.
    QCOMPARE(slotProbabilities(logprobs(R"([{"token": "A", "logprob": -0.1, "top_logprobs": [
        {"token": "The", "logprob": -0.5}, {"token": "I", "logprob": -1.0}]}])"),
                               answer::kA)
                 .has_value(),
             false);
    // A letter's log-probability that is not a number <= 0 gives no probabilities: positive (800 would make
    // exp() overflow and the ratio NaN), text, missing.
    for (const char* bad : {R"("logprob": 800)", R"("logprob": 0.5)", R"("logprob": "-0.1")", R"("x": 1)"}) {
        const QString badJson = QStringLiteral(R"([{"token": "A", "logprob": -0.1, "top_logprobs": [
            {"token": "A", %1}, {"token": "B", "logprob": -2.0}]}])")
                                    .arg(QLatin1String(bad));
        QVERIFY2(!slotProbabilities(logprobs(badJson.toUtf8().constData()), answer::kA).has_value(), bad);
    }
    // ... but such a value on another token does not matter.
    QVERIFY(slotProbabilities(logprobs(R"([{"token": "A", "logprob": -0.1, "top_logprobs": [
        {"token": "A", "logprob": -0.1}, {"token": "The", "logprob": 800}]}])"),
                              answer::kA)
                .has_value());
    // No top_logprobs at all, an empty array, a tie or kNone slot.
    QCOMPARE(slotProbabilities(logprobs(R"([{"token": "A", "logprob": -0.1}])"), answer::kA).has_value(),
             false);
    QCOMPARE(slotProbabilities(QJsonArray(), answer::kA).has_value(), false);
    QCOMPARE(slotProbabilities(logprobs(R"([{"token": "A", "logprob": -0.1, "top_logprobs": [
        {"token": "A", "logprob": -0.1}]}])"),
                               answer::kTie)
                 .has_value(),
             false);
    // Only one letter present: it gets probability 1.
    p = slotProbabilities(logprobs(R"([{"token": "B", "logprob": -0.1, "top_logprobs": [
        {"token": "B", "logprob": -0.1}, {"token": "C", "logprob": -1.0}]}])"),
                          answer::kB);
    QVERIFY(p.has_value());
    QCOMPARE(p->first, 0.0);
    QCOMPARE(p->second, 1.0);
}

QTEST_APPLESS_MAIN(TestAnswerParser)
#include "tst_answerparser.moc"
