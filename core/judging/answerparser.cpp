#include "answerparser.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

#include <algorithm>
#include <cmath>
#include <set>

namespace tribunal {
namespace {

// --- Verdict values ----------------------------------------------------------------------------------------

/// Lower case, without surrounding spaces, quotes, brackets, asterisks and trailing punctuation.
QString normalised(const QString& value)
{
    static const QString strip = QStringLiteral(" \t\r\n\"'`*[](){}<>.,;:!?");
    QString v = value.toLower();
    qsizetype begin = 0;
    qsizetype end = v.size();
    while (begin < end && strip.contains(v[begin]))
        ++begin;
    while (end > begin && strip.contains(v[end - 1]))
        --end;
    return v.mid(begin, end - begin);
}

QString verdictText(Answer slot)
{
    if (slot == answer::kA)
        return QStringLiteral("A");
    if (slot == answer::kB)
        return QStringLiteral("B");
    return QStringLiteral("tie");
}

/// "two verdicts: A and B" for the distinct picks found (in the order A, B, tie).
QString severalVerdicts(const std::set<Answer>& picks)
{
    QStringList names;
    for (Answer slot : picks)
        names << verdictText(slot);
    if (names.size() == 2)
        return QStringLiteral("two verdicts: %1 and %2").arg(names[0], names[1]);
    return QStringLiteral("three verdicts: %1, %2 and %3").arg(names[0], names[1], names[2]);
}

struct Verdict {
    std::set<Answer> picks; ///< empty: nothing recognised; two or more: ambiguous
};

/// A field value (or a whole short reply) as a pairwise verdict: "A", "b", "[[A]]", "Response A",
/// "Assistant B", "Output (a)", "tie", "A." ... A value that names both A and B ("A or B") gives both.
Verdict classifyValue(const QString& value)
{
    Verdict verdict;
    QString v = normalised(value);
    static const QRegularExpression prefix(
        QStringLiteral("^(?:response|assistant|output|answer|option|candidate)\\s*"));
    v = normalised(v.remove(prefix));
    if (v == QLatin1String("a")) {
        verdict.picks.insert(answer::kA);
        return verdict;
    }
    if (v == QLatin1String("b")) {
        verdict.picks.insert(answer::kB);
        return verdict;
    }
    if (v == QLatin1String("tie") || v == QLatin1String("draw")) {
        verdict.picks.insert(answer::kTie);
        return verdict;
    }
    // Longer values: the words "a" / "b" / "tie" in them ("Response A is better", "A or B", "a tie").
    static const QRegularExpression words(QStringLiteral("[^a-z]+"));
    const QStringList tokens = v.split(words, Qt::SkipEmptyParts);
    if (tokens.contains(QLatin1String("tie"))) {
        verdict.picks.insert(answer::kTie);
        return verdict;
    }
    if (tokens.contains(QLatin1String("a")))
        verdict.picks.insert(answer::kA);
    if (tokens.contains(QLatin1String("b")))
        verdict.picks.insert(answer::kB);
    return verdict;
}

QString stripFences(const QString& text)
{
    static const QRegularExpression fence(QStringLiteral("```[A-Za-z]*"));
    QString out = text;
    out.remove(fence);
    return out.trimmed();
}

ParsedAnswer none(const QString& reason)
{
    ParsedAnswer parsed;
    parsed.slot = answer::kNone;
    parsed.reason = reason;
    return parsed;
}

ParsedAnswer fromVerdict(const Verdict& verdict, const QString& rawValue, const QString& what)
{
    if (verdict.picks.size() == 1) {
        ParsedAnswer parsed;
        parsed.slot = *verdict.picks.begin();
        return parsed;
    }
    if (verdict.picks.empty())
        return none(QStringLiteral("unrecognised %1: \"%2\"").arg(what, rawValue.trimmed()));
    return none(severalVerdicts(verdict.picks));
}

// --- Direct
// -------------------------------------------------------------------------------------------------

ParsedAnswer parseDirect(const QString& text)
{
    // 1. The whole reply is a verdict ("A", "b.", "**B**", "[[A]]", "Response A", "tie").
    static const QRegularExpression prefix(
        QStringLiteral("^(?:response|assistant|output|answer|option|candidate)\\s*"));
    QString whole = normalised(text);
    whole = normalised(whole.remove(prefix));
    if (whole == QLatin1String("a") || whole == QLatin1String("b") || whole == QLatin1String("tie") ||
        whole == QLatin1String("draw"))
        return fromVerdict(classifyValue(whole), text, QStringLiteral("verdict"));

    // 2. CALM's [[A]] / [[B]] markers in prose.
    static const QRegularExpression brackets(QStringLiteral("\\[\\[\\s*([^\\[\\]\\n]{1,20}?)\\s*\\]\\]"));
    std::set<Answer> picks;
    for (auto it = brackets.globalMatch(text); it.hasNext();) {
        const Verdict v = classifyValue(it.next().captured(1));
        picks.insert(v.picks.begin(), v.picks.end());
    }
    if (picks.size() == 1) {
        ParsedAnswer parsed;
        parsed.slot = *picks.begin();
        return parsed;
    }
    if (picks.size() > 1)
        return none(severalVerdicts(picks));

    // 3. Prose: "Response A", "Assistant b", "Output (a)" in any case, a bare capital A or B, the word "tie".
    // A bare lower-case "a" is the article, so it does not count.
    static const QRegularExpression named(
        QStringLiteral("(?i)\\b(?:response|assistant|output)\\s*\\(?([ab])\\)?(?![a-z])"));
    static const QRegularExpression bare(QStringLiteral("(?<![A-Za-z])([AB])(?![A-Za-z])"));
    static const QRegularExpression tie(QStringLiteral("(?i)\\btie\\b"));
    for (auto it = named.globalMatch(text); it.hasNext();)
        picks.insert(it.next().captured(1).toLower() == QLatin1String("a") ? answer::kA : answer::kB);
    for (auto it = bare.globalMatch(text); it.hasNext();)
        picks.insert(it.next().captured(1) == QLatin1String("A") ? answer::kA : answer::kB);
    if (tie.match(text).hasMatch())
        picks.insert(answer::kTie);
    if (picks.empty())
        return none(QStringLiteral("no verdict"));
    if (picks.size() > 1)
        return none(severalVerdicts(picks));
    ParsedAnswer parsed;
    parsed.slot = *picks.begin();
    return parsed;
}

// --- JSON
// ---------------------------------------------------------------------------------------------------

struct JsonPart {
    bool found = false;    ///< a '{' was found
    bool complete = false; ///< its matching '}' too
    QString text;          ///< from the '{' to its '}' (or to the end when truncated)
    QJsonObject object;    ///< when `text` is strict JSON
    bool strict = false;
};

JsonPart findJsonObject(const QString& text)
{
    JsonPart part;
    const qsizetype open = text.indexOf(QLatin1Char('{'));
    if (open < 0)
        return part;
    part.found = true;
    int depth = 0;
    bool inString = false;
    qsizetype close = -1;
    for (qsizetype i = open; i < text.size() && close < 0; ++i) {
        const QChar c = text[i];
        if (inString) {
            if (c == QLatin1Char('\\'))
                ++i;
            else if (c == QLatin1Char('"'))
                inString = false;
        } else if (c == QLatin1Char('"')) {
            inString = true;
        } else if (c == QLatin1Char('{')) {
            ++depth;
        } else if (c == QLatin1Char('}')) {
            if (--depth == 0)
                close = i;
        }
    }
    part.complete = close >= 0;
    part.text = part.complete ? text.mid(open, close - open + 1) : text.mid(open);
    if (part.complete) {
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(part.text.toUtf8(), &error);
        if (error.error == QJsonParseError::NoError && doc.isObject()) {
            part.object = doc.object();
            part.strict = true;
        }
    }
    return part;
}

/// The value of `key` (case-insensitive): from the strict JSON object when there is one, else by a lenient
/// pattern that also takes single quotes, unquoted keys and unquoted values.
std::optional<QString> jsonField(const JsonPart& part, const QString& source, const QString& key)
{
    if (part.strict) {
        for (auto it = part.object.begin(); it != part.object.end(); ++it) {
            if (it.key().compare(key, Qt::CaseInsensitive) != 0)
                continue;
            const QJsonValue value = it.value();
            if (value.isString())
                return value.toString();
            if (value.isDouble())
                return QString::number(value.toDouble());
            if (value.isBool())
                return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
            return QString();
        }
        return std::nullopt;
    }
    const QRegularExpression pattern(
        QStringLiteral(
            "(?:\"%1\"|'%1'|\\b%1\\b)\\s*:\\s*(?:\"((?:[^\"\\\\]|\\\\.)*)\"|'((?:[^'\\\\]|\\\\.)*)'|"
            "([^,}\\n]*))")
            .arg(QRegularExpression::escape(key)),
        QRegularExpression::CaseInsensitiveOption);
    const auto match = pattern.match(source);
    if (!match.hasMatch())
        return std::nullopt;
    for (int group = 1; group <= 3; ++group)
        if (match.capturedStart(group) >= 0) {
            QString value = match.captured(group);
            if (group < 3)
                value.replace(QLatin1String("\\\""), QLatin1String("\""))
                    .replace(QLatin1String("\\n"), QLatin1String("\n"));
            return value.trimmed();
        }
    return std::nullopt;
}

int scoreOf(const std::optional<QString>& value)
{
    if (!value)
        return 0;
    static const QRegularExpression number(QStringLiteral("^\\s*[\"']?\\s*(\\d+)(?:\\.0+)?\\b"));
    const auto match = number.match(*value);
    if (!match.hasMatch())
        return 0;
    const int score = match.captured(1).toInt();
    return score >= 1 && score <= 5 ? score : 0;
}

ParsedAnswer parseJsonPairwise(const QString& text, bool scored)
{
    const JsonPart part = findJsonObject(text);
    // Without an object, a reply like `winner: A` is still read leniently.
    const QString source = part.found ? part.text : text;
    auto winner = jsonField(part, source, QStringLiteral("winner"));
    if (winner && normalised(*winner).isEmpty()) // "winner": "" or null counts as missing
        winner.reset();
    ParsedAnswer parsed;
    if (winner)
        parsed = fromVerdict(classifyValue(*winner), *winner, QStringLiteral("winner"));
    if (const auto rationale = jsonField(part, source, QStringLiteral("rationale")))
        parsed.rationale = *rationale;
    if (scored) {
        parsed.scoreA = scoreOf(jsonField(part, source, QStringLiteral("score_a")));
        parsed.scoreB = scoreOf(jsonField(part, source, QStringLiteral("score_b")));
    }
    if (winner)
        return parsed;
    // No winner: G-Eval / FLASK derive it from two different scores.
    if (scored && parsed.scoreA > 0 && parsed.scoreB > 0 && parsed.scoreA != parsed.scoreB) {
        parsed.slot = parsed.scoreA > parsed.scoreB ? answer::kA : answer::kB;
        parsed.reason.clear();
        return parsed;
    }
    parsed.slot = answer::kNone;
    if (!part.found)
        parsed.reason = QStringLiteral("no JSON object");
    else if (!part.complete)
        parsed.reason = QStringLiteral("truncated JSON: no winner");
    else
        parsed.reason = QStringLiteral("no winner field");
    return parsed;
}

// --- XML
// ----------------------------------------------------------------------------------------------------

QString xmlUnescaped(QString text)
{
    return text.replace(QLatin1String("&lt;"), QLatin1String("<"))
        .replace(QLatin1String("&gt;"), QLatin1String(">"))
        .replace(QLatin1String("&quot;"), QLatin1String("\""))
        .replace(QLatin1String("&apos;"), QLatin1String("'"))
        .replace(QLatin1String("&amp;"), QLatin1String("&"));
}

ParsedAnswer parseXml(const QString& text)
{
    static const QRegularExpression winner(QStringLiteral("<\\s*winner\\s*>(.*?)<\\s*/\\s*winner\\s*>"),
                                           QRegularExpression::CaseInsensitiveOption |
                                               QRegularExpression::DotMatchesEverythingOption);
    static const QRegularExpression winnerOpen(QStringLiteral("<\\s*winner\\s*>"),
                                               QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression rationale(
        QStringLiteral("<\\s*rationale\\s*>(.*?)<\\s*/\\s*rationale\\s*>"),
        QRegularExpression::CaseInsensitiveOption | QRegularExpression::DotMatchesEverythingOption);
    ParsedAnswer parsed;
    std::set<Answer> picks;
    QString firstValue;
    bool any = false;
    for (auto it = winner.globalMatch(text); it.hasNext();) {
        const QString value = xmlUnescaped(it.next().captured(1));
        if (!any)
            firstValue = value;
        any = true;
        const Verdict v = classifyValue(value);
        if (v.picks.empty())
            return none(QStringLiteral("unrecognised winner: \"%1\"").arg(value.trimmed()));
        picks.insert(v.picks.begin(), v.picks.end());
    }
    if (!any) {
        parsed = none(winnerOpen.match(text).hasMatch() ? QStringLiteral("truncated XML: no winner")
                                                        : QStringLiteral("no winner element"));
    } else if (picks.size() > 1) {
        parsed = none(severalVerdicts(picks));
    } else {
        parsed.slot = *picks.begin();
    }
    if (const auto match = rationale.match(text); match.hasMatch())
        parsed.rationale = xmlUnescaped(match.captured(1)).trimmed();
    return parsed;
}

// --- Rubric
// -------------------------------------------------------------------------------------------------

ParsedAnswer rubricValue(TaskKind kind, int levels, const QString& raw)
{
    const QString v = normalised(raw);
    ParsedAnswer parsed;
    if (v == QLatin1String("na") || v == QLatin1String("n/a") || v == QLatin1String("not applicable")) {
        parsed.slot = answer::kNA;
        return parsed;
    }
    if (kind == TaskKind::Ordinal) {
        static const QRegularExpression level(QStringLiteral("^(?:level\\s*)?(-?\\d+)(?:\\.0+)?$"));
        const auto match = level.match(v);
        if (!match.hasMatch())
            return none(QStringLiteral("unrecognised answer: \"%1\"").arg(raw.trimmed()));
        const int maxLevel = levels > 0 ? levels : answer::kMaxLevel;
        bool ok = false;
        const int value = match.captured(1).toInt(&ok);
        if (!ok || value < 1 || value > maxLevel)
            return none(QStringLiteral("level %1 out of range 1..%2").arg(match.captured(1)).arg(maxLevel));
        parsed.slot = static_cast<Answer>(value);
        return parsed;
    }
    if (v == QLatin1String("met") || v == QLatin1String("yes") || v == QLatin1String("true") ||
        v == QLatin1String("1")) {
        parsed.slot = answer::kMet;
        return parsed;
    }
    if (v == QLatin1String("unmet") || v == QLatin1String("not met") || v == QLatin1String("no") ||
        v == QLatin1String("false") || v == QLatin1String("0")) {
        parsed.slot = answer::kUnmet;
        return parsed;
    }
    return none(QStringLiteral("unrecognised answer: \"%1\"").arg(raw.trimmed()));
}

ParsedAnswer parseRubric(TaskKind kind, int levels, const QString& text)
{
    const JsonPart part = findJsonObject(text);
    const QString source = part.found ? part.text : text;
    const auto value = jsonField(part, source, QStringLiteral("answer"));
    ParsedAnswer parsed;
    if (value) {
        parsed = rubricValue(kind, levels, *value);
    } else if (!part.found) {
        // A bare reply ("MET", "Level 3.") is accepted as the answer itself.
        parsed = rubricValue(kind, levels, text);
        if (parsed.slot == answer::kNone)
            parsed = none(QStringLiteral("no JSON object"));
    } else {
        parsed = none(part.complete ? QStringLiteral("no answer field")
                                    : QStringLiteral("truncated JSON: no answer"));
    }
    if (const auto rationale = jsonField(part, source, QStringLiteral("rationale")))
        parsed.rationale = *rationale;
    return parsed;
}

QString trimmedToken(const QString& token)
{
    static const QString strip = QStringLiteral(" \t\r\n\"'`[](){}<>");
    qsizetype begin = 0;
    qsizetype end = token.size();
    while (begin < end && strip.contains(token[begin]))
        ++begin;
    while (end > begin && strip.contains(token[end - 1]))
        --end;
    return token.mid(begin, end - begin).toUpper();
}

} // namespace

ParsedAnswer parseAnswer(PromptFormat format, TaskKind kind, int levels, const QString& text)
{
    const QString body = stripFences(text);
    if (body.isEmpty())
        return none(QStringLiteral("empty reply"));
    switch (format) {
    case PromptFormat::Direct:
        return parseDirect(body);
    case PromptFormat::VerdictFirstJson:
    case PromptFormat::CotJson:
        return parseJsonPairwise(body, false);
    case PromptFormat::GEval:
    case PromptFormat::Flask:
        return parseJsonPairwise(body, true);
    case PromptFormat::VerdictFirstXml:
    case PromptFormat::CotXml:
        return parseXml(body);
    case PromptFormat::RubricCriterion:
        return parseRubric(kind, levels, body);
    }
    return none(QStringLiteral("unknown format"));
}

ParsedAnswer combineCalls(PromptFormat format, std::span<const ParsedAnswer> calls)
{
    if (format != PromptFormat::Flask) {
        if (calls.empty())
            return none(QStringLiteral("no calls"));
        return calls.front();
    }
    int votesA = 0;
    int votesB = 0;
    QStringList rationales;
    for (const ParsedAnswer& call : calls) {
        if (call.slot == answer::kA)
            ++votesA;
        else if (call.slot == answer::kB)
            ++votesB;
        if (!call.rationale.isEmpty())
            rationales << call.rationale;
    }
    ParsedAnswer combined;
    combined.rationale = rationales.join(QStringLiteral("\n\n"));
    if (votesA == votesB) {
        combined.slot = answer::kNone;
        combined.reason = QStringLiteral("no majority");
    } else {
        combined.slot = votesA > votesB ? answer::kA : answer::kB;
    }
    return combined;
}

std::optional<SlotProbabilities> slotProbabilities(const QJsonArray& logprobContent, Answer parsedSlot)
{
    if (parsedSlot != answer::kA && parsedSlot != answer::kB)
        return std::nullopt;
    const QString wanted = parsedSlot == answer::kA ? QStringLiteral("A") : QStringLiteral("B");
    for (qsizetype i = logprobContent.size() - 1; i >= 0; --i) {
        const QJsonObject entry = logprobContent.at(i).toObject();
        if (trimmedToken(entry.value(QLatin1String("token")).toString()) != wanted)
            continue;
        double first = 0.0;
        double second = 0.0;
        for (const QJsonValue alternative : entry.value(QLatin1String("top_logprobs")).toArray()) {
            const QJsonObject alt = alternative.toObject();
            const QString token = trimmedToken(alt.value(QLatin1String("token")).toString());
            if (token != QLatin1String("A") && token != QLatin1String("B"))
                continue;
            // A log-probability is a number <= 0. Anything else (a string, a missing value, a positive
            // number, whose exp() can overflow to inf and make the ratio NaN) gives no probabilities rather
            // than made-up ones.
            const QJsonValue logprob = alt.value(QLatin1String("logprob"));
            if (!logprob.isDouble() || !(logprob.toDouble() <= 0.0))
                return std::nullopt;
            const double p = std::exp(logprob.toDouble());
            if (token == QLatin1String("A"))
                first += p;
            else
                second += p;
        }
        if (first + second <= 0.0)
            return std::nullopt;
        SlotProbabilities probabilities;
        probabilities.first = first / (first + second);
        probabilities.second = second / (first + second);
        return probabilities;
    }
    return std::nullopt;
}

} // namespace tribunal
