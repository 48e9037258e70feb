#include "promptformat.h"

#include <QRegularExpression>

#include <array>

namespace tribunal {
namespace {

// --- Texts of seed 000, Appendix D (verbatim; the paper's JSON braces were lost in its text extraction and
// are restored here) ---------------------------------------------------------------------------------------

const QString kPairwiseSystem = QStringLiteral(
    "You are an expert and impartial judge evaluating the quality of two AI assistant responses to a user "
    "question. Your task is to determine which response is better. Focus on helpfulness, accuracy, depth, "
    "clarity, and relevance. Avoid any position bias \u2014 the order in which responses appear should not "
    "influence your judgment.");

const QString kDirectInstruction = QStringLiteral(
    "Reply with exactly one word: A, B. A means Response A is better. B means Response B is better.");

const QString kVfJsonInstruction =
    QStringLiteral("Reply with a JSON object only (no markdown fences), in this exact shape:\n"
                   "{\"winner\": \"A\", \"rationale\": \"your reasoning here\"}\n"
                   "winner must be A, B.");

const QString kCotJsonInstruction =
    QStringLiteral("Reply with a JSON object only (no markdown fences), in this exact shape:\n"
                   "{\"rationale\": \"your reasoning here\", \"winner\": \"A\"}\n"
                   "winner must be A, B.");

const QString kVfXmlInstruction =
    QStringLiteral("Reply with an XML block only, in this exact shape:\n"
                   "<judgment><winner>A</winner><rationale>your reasoning here</rationale></judgment>\n"
                   "winner must be A, B.");

const QString kCotXmlInstruction =
    QStringLiteral("Reply with an XML block only, in this exact shape:\n"
                   "<judgment><rationale>your reasoning here</rationale><winner>A</winner></judgment>\n"
                   "winner must be A, B.");

const QString kGEvalInstruction = QStringLiteral(
    "IMPORTANT: You must respond with ONLY a JSON object. Do not write any free text, do not solve the "
    "problem "
    "yourself, do not use markdown fences. Output exactly this shape and nothing else:\n"
    "{\"rationale\": \"your evaluation here\", \"score_a\": 4, \"score_b\": 2, \"winner\": \"A\"}\n"
    "score_a and score_b are integers from 1 (very poor) to 5 (excellent) rating each response against the "
    "rubric criteria independently. winner must be exactly one of: A, B. winner should be A if score_a > "
    "score_b, B if score_b > score_a.");

const QString kGEvalSystemJudgeBench = QStringLiteral(
    "You are an expert and impartial judge evaluating the quality of two AI assistant responses to a user "
    "question. Your task is to determine which response is better based on a structured rubric. Apply the "
    "following evaluation rubric in order. Consider criteria earlier in the list more important when "
    "responses "
    "are otherwise close.\n\n"
    "RUBRIC:\n"
    "1. Factual Accuracy \u2014 Does the response contain correct facts, calculations, code, or logical "
    "deductions? Errors in reasoning, arithmetic, or factual claims are heavily penalized.\n"
    "2. Correctness of Final Answer \u2014 For questions with a definitive correct answer (math, science, "
    "code, "
    "multiple-choice), does the response arrive at the right answer? A response with the correct final "
    "answer "
    "but imperfect explanation is preferred over a response with an incorrect answer and polished "
    "presentation.\n"
    "3. Completeness \u2014 Does the response address all parts of the question without omitting required "
    "steps, sub-problems, or output requirements stated in the prompt?\n"
    "4. Clarity and Presentation \u2014 Is the response well-organized, clearly explained, and easy to "
    "follow? "
    "Prefer structured, step-by-step exposition where appropriate.\n\n"
    "Scoring guidance: If one response has a factual error or wrong answer and the other does not, the "
    "response "
    "without the error wins regardless of other criteria. A tie is appropriate only when both responses are "
    "correct and equivalent in quality across all criteria, or both contain equivalent errors. Avoid any "
    "position bias \u2014 the order in which responses appear should not influence your judgment.");

const QString kGEvalSystemLlmBar = QStringLiteral(
    "You are an expert and impartial judge evaluating the quality of two AI assistant responses to a user "
    "instruction. Your task is to determine which response is better based on a structured rubric. Apply the "
    "following evaluation rubric in order. Consider criteria earlier in the list more important when "
    "responses "
    "are otherwise close.\n\n"
    "RUBRIC:\n"
    "1. Instruction Adherence \u2014 Does the response follow every explicit and implicit constraint "
    "specified "
    "in the instruction? Violations of format, scope, perspective, tone, length, or output type are "
    "penalized. "
    "A response that is fluent but ignores or modifies the instruction is worse than a plainer response that "
    "follows it exactly.\n"
    "2. Completeness \u2014 Does the response address all aspects of the instruction without adding "
    "unsolicited content or dropping required elements?\n"
    "3. Relevance \u2014 Is the response directly focused on the task without introducing irrelevant "
    "information or tangential elaborations that were not requested?\n"
    "4. Clarity \u2014 Is the response well-written and easy to understand, given that it correctly "
    "addresses "
    "the instruction?\n\n"
    "Scoring guidance: Instruction adherence is the primary criterion. A response that deviates from the "
    "instruction in any material way loses to one that follows it, even if the deviating response is more "
    "informative or better written. A tie is appropriate only when both responses follow the instruction "
    "equally and are equivalent in all other criteria. Avoid any position bias \u2014 the order in which "
    "responses appear should not influence your judgment.");

const QString kFlaskSystemJudgeBench = QStringLiteral(
    "You are an expert and impartial judge evaluating the quality of two AI assistant responses to a user "
    "question. Your task is to determine which response is better on one specific criterion. Evaluate only "
    "the "
    "criterion stated \u2014 do not factor in other quality dimensions. Avoid any position bias.");

const QString kFlaskSystemLlmBar = QStringLiteral(
    "You are an expert and impartial judge evaluating the quality of two AI assistant responses to a user "
    "instruction. Your task is to determine which response is better on one specific criterion. Evaluate "
    "only "
    "the criterion stated \u2014 do not factor in other quality dimensions. Avoid any position bias.");

struct FlaskCriterion {
    const char* name;
    const char* definition;
};

constexpr std::array<FlaskCriterion, 4> kFlaskJudgeBench{{
    {"Factual Accuracy", "Which response contains fewer factual errors, incorrect calculations, or flawed "
                         "reasoning steps? A response with any factual error loses to one that is entirely "
                         "correct."},
    {"Completeness", "Which response more fully addresses all parts of the question, including all required "
                     "sub-problems, output formats, or conditions stated in the prompt?"},
    {"Logical Coherence", "Which response presents a more logically consistent chain of reasoning, with "
                          "conclusions that follow from stated premises and no internal contradictions?"},
    {"Instruction Following",
     "Which response more precisely follows the structural and formatting "
     "requirements stated in the question (e.g., box the answer, return JSON, produce "
     "code in a specific language)?"},
}};

constexpr std::array<FlaskCriterion, 4> kFlaskLlmBar{{
    {"Instruction Adherence",
     "Which response more faithfully follows every explicit and implicit constraint "
     "in the instruction \u2014 including required format, scope, perspective, tone, "
     "length, and output type \u2014 without omitting or modifying any stated "
     "requirement?"},
    {"Relevance",
     "Which response stays more tightly focused on the requested task, without adding unsolicited "
     "content, tangential elaborations, or off-topic information?"},
    {"Completeness", "Which response more fully addresses all elements of the instruction without omitting "
                     "required parts or prematurely terminating the response?"},
    {"Clarity",
     "Which response is better written, more clearly organized, and easier to understand, assuming "
     "it has otherwise satisfied the instruction?"},
}};

// --- Rubric criterion format (ours, in the style of Appendix D)
// ---------------------------------------------

const QString kRubricBinarySystem = QStringLiteral(
    "You are an expert and impartial judge checking whether a submission meets one criterion of a rubric. "
    "Evaluate only the criterion stated \u2014 do not factor in other quality dimensions.");

const QString kRubricOrdinalSystem =
    QStringLiteral("You are an expert and impartial judge rating a submission on one criterion of a rubric. "
                   "Evaluate only the "
                   "criterion stated \u2014 do not factor in other quality dimensions.");

const QString kRubricBinaryInstruction = QStringLiteral(
    "Reply with a JSON object only (no markdown fences), in this exact shape:\n"
    "{\"rationale\": \"your reasoning here\", \"answer\": \"MET\"}\n"
    "answer must be MET, UNMET or NA. MET means the submission meets the criterion, UNMET means it does not, "
    "NA means the criterion does not apply to this input.");

// The ordinal instruction starts like this; the level range follows.
const QString kRubricOrdinalInstructionStart =
    QStringLiteral("Reply with a JSON object only (no markdown fences), in this exact shape:\n"
                   "{\"rationale\": \"your reasoning here\", \"answer\": 1}\n"
                   "answer must be the number of the level that best describes the submission");

QString rubricOrdinalInstruction(qsizetype levels)
{
    return kRubricOrdinalInstructionStart + QStringLiteral(", an integer from 1 to %1.").arg(levels);
}

bool isJudgeBench(const QString& dataset)
{
    return dataset.contains(QLatin1String("judgebench"), Qt::CaseInsensitive);
}

QString slotHeader(QChar letter, const QString& name)
{
    if (name.isEmpty())
        return QStringLiteral("[Response %1]").arg(letter);
    return QStringLiteral("[Response %1 (%2)]").arg(letter, name);
}

QString slotLabel(QChar letter, const QString& name)
{
    return name.isEmpty() ? QStringLiteral("Response %1").arg(letter) : name;
}

QString pairwiseInstruction(PromptFormat format)
{
    switch (format) {
    case PromptFormat::Direct:
        return kDirectInstruction;
    case PromptFormat::VerdictFirstJson:
        return kVfJsonInstruction;
    case PromptFormat::CotJson:
        return kCotJsonInstruction;
    case PromptFormat::VerdictFirstXml:
        return kVfXmlInstruction;
    case PromptFormat::CotXml:
        return kCotXmlInstruction;
    case PromptFormat::GEval:
    case PromptFormat::Flask:
        return kGEvalInstruction;
    case PromptFormat::RubricCriterion:
        break;
    }
    return {};
}

// The D.1 body: question, the two responses in presentation order, the cue.
QString pairwiseBody(const PromptItem& item, Order order)
{
    const bool swapped = order == Order::BA;
    const QString& firstText = swapped ? item.responseB : item.responseA;
    const QString& secondText = swapped ? item.responseA : item.responseB;
    const QString& firstName = swapped ? item.nameB : item.nameA;
    const QString& secondName = swapped ? item.nameA : item.nameB;
    QString body = QStringLiteral("[Question]\n") + item.question + QStringLiteral("\n\n") +
                   slotHeader(QLatin1Char('A'), firstName) + QLatin1Char('\n') + firstText +
                   QStringLiteral("\n\n") + slotHeader(QLatin1Char('B'), secondName) + QLatin1Char('\n') +
                   secondText;
    if (!item.cue.isEmpty()) {
        // {A} / {B} name the slot where canonical candidate A / B is shown in this order.
        const QString labelOfA =
            swapped ? slotLabel(QLatin1Char('B'), item.nameA) : slotLabel(QLatin1Char('A'), item.nameA);
        const QString labelOfB =
            swapped ? slotLabel(QLatin1Char('A'), item.nameB) : slotLabel(QLatin1Char('B'), item.nameB);
        QString cue = item.cue;
        // One pass, so a name containing "{B}" is not substituted again.
        QString out;
        for (qsizetype i = 0; i < cue.size(); ++i) {
            if (cue.mid(i, 3) == QLatin1String("{A}")) {
                out += labelOfA;
                i += 2;
            } else if (cue.mid(i, 3) == QLatin1String("{B}")) {
                out += labelOfB;
                i += 2;
            } else {
                out += cue[i];
            }
        }
        body += QStringLiteral("\n\n") + out;
    }
    return body;
}

QString flaskCriterionBlock(const PromptItem& item, int call)
{
    const auto& criteria = isJudgeBench(item.dataset) ? kFlaskJudgeBench : kFlaskLlmBar;
    const auto& criterion = criteria[static_cast<std::size_t>(call)];
    return QStringLiteral("[Criterion: %1]\n%2")
        .arg(QString::fromUtf8(criterion.name), QString::fromUtf8(criterion.definition));
}

std::vector<ChatMessage> messages(const QString& system, const QString& user)
{
    std::vector<ChatMessage> out(2);
    out[0].role = QStringLiteral("system");
    out[0].content = system;
    out[1].role = QStringLiteral("user");
    out[1].content = user;
    return out;
}

const QString* userContent(const std::vector<ChatMessage>& messages)
{
    for (auto it = messages.rbegin(); it != messages.rend(); ++it)
        if (it->role == QLatin1String("user"))
            return &it->content;
    return nullptr;
}

} // namespace

std::string_view promptFormatName(PromptFormat format)
{
    switch (format) {
    case PromptFormat::Direct:
        return "direct";
    case PromptFormat::VerdictFirstJson:
        return "vf-json";
    case PromptFormat::CotJson:
        return "cot-json";
    case PromptFormat::VerdictFirstXml:
        return "vf-xml";
    case PromptFormat::CotXml:
        return "cot-xml";
    case PromptFormat::GEval:
        return "g-eval";
    case PromptFormat::Flask:
        return "flask";
    case PromptFormat::RubricCriterion:
        return "rubric";
    }
    return "";
}

std::optional<PromptFormat> promptFormatFromName(std::string_view name)
{
    for (PromptFormat format : allPromptFormats())
        if (promptFormatName(format) == name)
            return format;
    return std::nullopt;
}

std::vector<PromptFormat> allPromptFormats()
{
    return {PromptFormat::Direct,          PromptFormat::VerdictFirstJson, PromptFormat::CotJson,
            PromptFormat::VerdictFirstXml, PromptFormat::CotXml,           PromptFormat::GEval,
            PromptFormat::Flask,           PromptFormat::RubricCriterion};
}

bool isPairwiseFormat(PromptFormat format)
{
    return format != PromptFormat::RubricCriterion;
}

int callsPerJudgment(PromptFormat format)
{
    return format == PromptFormat::Flask ? 4 : 1;
}

int suggestedMaxTokens(PromptFormat format)
{
    return format == PromptFormat::Direct ? 32 : 4096;
}

std::vector<ChatMessage> buildPrompt(PromptFormat format, const PromptItem& item, Order order, int call)
{
    const bool judgeBench = isJudgeBench(item.dataset);
    switch (format) {
    case PromptFormat::Direct:
    case PromptFormat::VerdictFirstJson:
    case PromptFormat::CotJson:
    case PromptFormat::VerdictFirstXml:
    case PromptFormat::CotXml:
        return messages(kPairwiseSystem,
                        pairwiseBody(item, order) + QStringLiteral("\n\n") + pairwiseInstruction(format));
    case PromptFormat::GEval:
        // D.3: the output instruction is prepended to the user message.
        return messages(judgeBench ? kGEvalSystemJudgeBench : kGEvalSystemLlmBar,
                        kGEvalInstruction + QStringLiteral("\n\n") + pairwiseBody(item, order));
    case PromptFormat::Flask: {
        const int index = call < 0 ? 0 : (call > 3 ? 3 : call);
        return messages(judgeBench ? kFlaskSystemJudgeBench : kFlaskSystemLlmBar,
                        kGEvalInstruction + QStringLiteral("\n\n") + pairwiseBody(item, order) +
                            QStringLiteral("\n\n") + flaskCriterionBlock(item, index));
    }
    case PromptFormat::RubricCriterion: {
        const bool ordinal = item.kind == TaskKind::Ordinal;
        QString user = QStringLiteral("[Input]\n") + item.input + QStringLiteral("\n\n[Submission]\n") +
                       item.submission + QStringLiteral("\n\n[Criterion]\n") + item.criterion;
        if (ordinal) {
            user += QStringLiteral("\n\n[Levels]");
            for (qsizetype i = 0; i < item.levels.size(); ++i)
                user += QStringLiteral("\n%1. %2").arg(i + 1).arg(item.levels[i]);
        }
        user += QStringLiteral("\n\n") +
                (ordinal ? rubricOrdinalInstruction(item.levels.size()) : kRubricBinaryInstruction);
        return messages(ordinal ? kRubricOrdinalSystem : kRubricBinarySystem, user);
    }
    }
    return {};
}

QString exampleAnswer(PromptFormat format, TaskKind kind, Answer slot, const QString& rationale)
{
    if (format == PromptFormat::RubricCriterion && kind == TaskKind::Binary && slot == answer::kMet) {
        QString escaped = rationale;
        escaped.replace(QLatin1Char('\\'), QLatin1String("\\\\"))
            .replace(QLatin1Char('"'), QLatin1String("\\\""))
            .replace(QLatin1Char('\n'), QLatin1String("\\n"));
        return QStringLiteral("{\"rationale\": \"%1\", \"answer\": \"MET\"}").arg(escaped);
    }
    return exampleAnswer(format, slot, rationale);
}

QString exampleAnswer(PromptFormat format, Answer slot, const QString& rationale)
{
    // Escaped for the JSON string.
    QString escaped = rationale;
    escaped.replace(QLatin1Char('\\'), QLatin1String("\\\\"))
        .replace(QLatin1Char('"'), QLatin1String("\\\""))
        .replace(QLatin1Char('\n'), QLatin1String("\\n"));
    QString xmlRationale = rationale;
    xmlRationale.replace(QLatin1Char('&'), QLatin1String("&amp;"))
        .replace(QLatin1Char('<'), QLatin1String("&lt;"))
        .replace(QLatin1Char('>'), QLatin1String("&gt;"));

    if (format == PromptFormat::RubricCriterion) {
        QString value;
        if (slot == answer::kNone)
            return QStringLiteral("{\"rationale\": \"%1\"}").arg(escaped);
        if (slot == answer::kNA)
            value = QStringLiteral("\"NA\"");
        else if (slot == answer::kUnmet)
            value = QStringLiteral("\"UNMET\"");
        else
            value = QString::number(slot); // kMet == level 1: a number both parsers read
        return QStringLiteral("{\"rationale\": \"%1\", \"answer\": %2}").arg(escaped, value);
    }

    QString verdict;
    int scoreA = 3;
    int scoreB = 3;
    if (slot == answer::kA) {
        verdict = QStringLiteral("A");
        scoreA = 4;
        scoreB = 2;
    } else if (slot == answer::kB) {
        verdict = QStringLiteral("B");
        scoreA = 2;
        scoreB = 4;
    } else if (slot == answer::kTie) {
        verdict = QStringLiteral("tie");
    }

    switch (format) {
    case PromptFormat::Direct:
        return verdict;
    case PromptFormat::VerdictFirstJson:
        if (verdict.isEmpty())
            return QStringLiteral("{\"rationale\": \"%1\"}").arg(escaped);
        return QStringLiteral("{\"winner\": \"%1\", \"rationale\": \"%2\"}").arg(verdict, escaped);
    case PromptFormat::CotJson:
        if (verdict.isEmpty())
            return QStringLiteral("{\"rationale\": \"%1\"}").arg(escaped);
        return QStringLiteral("{\"rationale\": \"%1\", \"winner\": \"%2\"}").arg(escaped, verdict);
    case PromptFormat::VerdictFirstXml:
        if (verdict.isEmpty())
            return QStringLiteral("<judgment><rationale>%1</rationale></judgment>").arg(xmlRationale);
        return QStringLiteral("<judgment><winner>%1</winner><rationale>%2</rationale></judgment>")
            .arg(verdict, xmlRationale);
    case PromptFormat::CotXml:
        if (verdict.isEmpty())
            return QStringLiteral("<judgment><rationale>%1</rationale></judgment>").arg(xmlRationale);
        return QStringLiteral("<judgment><rationale>%1</rationale><winner>%2</winner></judgment>")
            .arg(xmlRationale, verdict);
    case PromptFormat::GEval:
    case PromptFormat::Flask:
        if (verdict.isEmpty())
            return QStringLiteral("{\"rationale\": \"%1\"}").arg(escaped);
        return QStringLiteral("{\"rationale\": \"%1\", \"score_a\": %2, \"score_b\": %3, \"winner\": \"%4\"}")
            .arg(escaped)
            .arg(scoreA)
            .arg(scoreB)
            .arg(verdict);
    case PromptFormat::RubricCriterion:
        break;
    }
    return {};
}

std::optional<PromptFormat> formatOfPrompt(const std::vector<ChatMessage>& messages)
{
    const QString* user = userContent(messages);
    if (user == nullptr)
        return std::nullopt;
    if (user->startsWith(kGEvalInstruction)) {
        // FLASK's user message ends with a criterion block.
        const qsizetype criterion = user->lastIndexOf(QLatin1String("\n\n[Criterion: "));
        return criterion >= 0 ? PromptFormat::Flask : PromptFormat::GEval;
    }
    for (PromptFormat format : {PromptFormat::Direct, PromptFormat::VerdictFirstJson, PromptFormat::CotJson,
                                PromptFormat::VerdictFirstXml, PromptFormat::CotXml})
        if (user->endsWith(QStringLiteral("\n\n") + pairwiseInstruction(format)))
            return format;
    if (user->endsWith(QStringLiteral("\n\n") + kRubricBinaryInstruction))
        return PromptFormat::RubricCriterion;
    const qsizetype ordinal = user->lastIndexOf(QStringLiteral("\n\n") + kRubricOrdinalInstructionStart);
    if (ordinal >= 0 &&
        user->indexOf(QLatin1Char('\n'), ordinal + 2 + kRubricOrdinalInstructionStart.size()) < 0)
        return PromptFormat::RubricCriterion;
    return std::nullopt;
}

std::optional<PairwisePromptParts> splitPairwisePrompt(const std::vector<ChatMessage>& messages)
{
    const auto format = formatOfPrompt(messages);
    if (!format || !isPairwiseFormat(*format))
        return std::nullopt;
    const QString& user = *userContent(messages);
    qsizetype start = 0;
    qsizetype end = user.size();
    if (*format == PromptFormat::GEval) {
        start = kGEvalInstruction.size() + 2;
    } else if (*format == PromptFormat::Flask) {
        start = kGEvalInstruction.size() + 2;
        end = user.lastIndexOf(QLatin1String("\n\n[Criterion: "));
    } else {
        end = user.size() - pairwiseInstruction(*format).size() - 2;
    }
    const QString body = user.mid(start, end - start);
    if (!body.startsWith(QLatin1String("[Question]\n")))
        return std::nullopt;
    // The headers are the first "[Response A...]" line after the question and the first "[Response B...]"
    // line after that.
    static const QRegularExpression headerA(QStringLiteral("\n\n\\[Response A(?: \\(([^\n]*)\\))?\\]\n"));
    static const QRegularExpression headerB(QStringLiteral("\n\n\\[Response B(?: \\(([^\n]*)\\))?\\]\n"));
    const auto matchA = headerA.match(body);
    if (!matchA.hasMatch())
        return std::nullopt;
    const auto matchB = headerB.match(body, matchA.capturedEnd());
    if (!matchB.hasMatch())
        return std::nullopt;
    PairwisePromptParts parts;
    parts.format = *format;
    parts.firstName = matchA.captured(1);
    parts.secondName = matchB.captured(1);
    parts.firstLabel = slotLabel(QLatin1Char('A'), parts.firstName);
    parts.secondLabel = slotLabel(QLatin1Char('B'), parts.secondName);
    parts.question = body.mid(11, matchA.capturedStart() - 11);
    parts.first = body.mid(matchA.capturedEnd(), matchB.capturedStart() - matchA.capturedEnd());
    parts.second = body.mid(matchB.capturedEnd());
    return parts;
}

} // namespace tribunal
