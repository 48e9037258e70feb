#include "simanswers.h"

#include "analysis/simjudgemodel.h"
#include "simdraw.h"

#include <QJsonArray>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <random>
#include <string_view>

namespace tribunal {
namespace {

Answer otherSlot(Answer slot)
{
    return slot == answer::kA ? answer::kB : answer::kA;
}

// A level next to `level` on a 1..levels scale (down or up by `u`; the only neighbour at the ends).
Answer neighbourLevel(Answer level, int levels, double u)
{
    if (levels <= 1)
        return level;
    if (level <= 1)
        return 2;
    if (level >= levels)
        return static_cast<Answer>(levels - 1);
    return static_cast<Answer>(u < 0.5 ? level - 1 : level + 1);
}

QByteArray orderBytes(Order order)
{
    const std::string_view name = orderName(order);
    return QByteArray(name.data(), static_cast<qsizetype>(name.size()));
}

// Words of the simulated rationale. No single letters (a parser or the log-probability reader could take
// "a" for a verdict) and nothing that needs escaping in JSON or XML.
QString rationaleText(TaskKind kind, Answer slot, int tokens)
{
    QString lead;
    if (kind == TaskKind::Pairwise)
        lead = slot == answer::kA
                   ? QStringLiteral(
                         "The first response follows the instruction more closely than the second one.")
                   : QStringLiteral(
                         "The second response follows the instruction more closely than the first one.");
    else if (kind == TaskKind::Binary)
        lead = slot == answer::kMet ? QStringLiteral("The submission satisfies the criterion.")
                                    : QStringLiteral("The submission does not satisfy the criterion.");
    else
        lead = QStringLiteral("The submission fits level %1 of the scale best.").arg(slot);
    static const char* const filler[] = {
        " It is accurate and addresses every part of the request.",
        " The reasoning is clear and the details are correct.",
        " The alternative misses important details or adds irrelevant content.",
        " This judgment is simulated by tribunal-judge-sim.",
    };
    QString text = lead;
    for (int i = 0; text.size() < qsizetype{4} * tokens; ++i)
        text += QLatin1String(filler[i % 4]);
    return text;
}

// Splits an answer into tokens: a word (letters, digits, underscores) with the spaces before it, or one other
// character. Enough for log-probabilities: the verdict letter is a token of its own.
QStringList splitTokens(const QString& text)
{
    QStringList tokens;
    QString current;
    auto isWord = [](QChar c) { return c.isLetterOrNumber() || c == QLatin1Char('_'); };
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (c == QLatin1Char(' ')) {
            if (!current.isEmpty() && !current.trimmed().isEmpty()) {
                tokens << current;
                current.clear();
            }
            current += c;
        } else if (isWord(c)) {
            if (!current.isEmpty() && !current.trimmed().isEmpty() && !isWord(current.back())) {
                tokens << current;
                current.clear();
            }
            current += c;
        } else {
            if (!current.isEmpty())
                tokens << current;
            current.clear();
            tokens << QString(c);
        }
    }
    if (!current.isEmpty())
        tokens << current;
    return tokens;
}

// The letter a token names once quotes, brackets and spaces are trimmed ("" when none).
QString tokenLetter(const QString& token)
{
    QString t = token;
    static const QString strip = QStringLiteral("\"'[](){}<>* \t\n");
    while (!t.isEmpty() && strip.contains(t.front()))
        t.remove(0, 1);
    while (!t.isEmpty() && strip.contains(t.back()))
        t.chop(1);
    t = t.toUpper();
    return t == QLatin1String("A") || t == QLatin1String("B") ? t : QString();
}

QJsonObject tokenEntry(const QString& token, double logprob)
{
    QJsonArray bytes;
    for (char c : token.toUtf8())
        bytes.append(static_cast<int>(static_cast<unsigned char>(c)));
    return QJsonObject{{QStringLiteral("token"), token},
                       {QStringLiteral("logprob"), logprob},
                       {QStringLiteral("bytes"), bytes}};
}

// hash(seed, what, model, dataset, item id): the draws fixed per (judge, item).
SimDraw itemDraw(const SimAnswerRequest& r, const char* what)
{
    return SimDraw(r.seed).add(what).add(r.model).add(r.item->texts.dataset).add(r.item->itemId);
}

struct Verdict {
    Answer slot = answer::kNone;
    bool agreesWithSettled = true; // the answer is the judge's settled verdict (not flipped by run or cue)
};

Verdict pairwiseVerdict(const SimAnswerRequest& r)
{
    const SimItem& item = *r.item;
    const PromptItem& texts = item.texts;
    const JudgeSimModel& judge = *r.judge;
    const Answer label = item.label == answer::kA || item.label == answer::kB ? item.label : answer::kNone;
    // FLASK's four criterion calls differ in their bodies but are one judgment: they share a run key.
    SimDraw run(r.seed);
    if (r.format == PromptFormat::Flask) {
        run.add("flask-run").add(r.model).add(texts.dataset).add(item.itemId).add(orderBytes(r.order));
        run.add(r.cue ? r.cue->test + QString::number(r.cue->slot) : QString());
    } else {
        run.add("run").add(r.bodyHash);
    }
    run.add(r.k);
    const double uSettled = itemDraw(r, "settled").uniform();
    const double uPosition = itemDraw(r, "position").add(orderBytes(r.order)).uniform();
    const double uRun = run.uniform();
    const Answer canonical = simJudgeAnswer(judge.behaviour, label, r.order, uSettled, uPosition, uRun);
    Verdict v;
    v.slot = r.order == Order::BA ? otherSlot(canonical) : canonical;
    if (r.cue && SimDraw(run.hash()).add("cue").uniform() < judge.cueEffect)
        v.slot = r.cue->slot;
    // The settled verdict in slot terms, for the log-probabilities' sharpness.
    const Answer settledCanonical = label != answer::kNone
                                        ? (uSettled < judge.behaviour.accuracy ? label : otherSlot(label))
                                        : (uSettled < 0.5 ? answer::kA : answer::kB);
    v.agreesWithSettled = v.slot == (r.order == Order::BA ? otherSlot(settledCanonical) : settledCanonical);
    return v;
}

Verdict rubricVerdict(const SimAnswerRequest& r)
{
    const SimItem& item = *r.item;
    const PromptItem& texts = item.texts;
    const double uTruth = itemDraw(r, "truth").uniform();
    const double uSettled = itemDraw(r, "settled").uniform();
    const double uNeighbour = itemDraw(r, "neighbour").uniform();
    const SimDraw run = SimDraw(r.seed).add("run").add(r.bodyHash).add(r.k);
    const double uRun = run.uniform();
    const double uRunNeighbour = SimDraw(run.hash()).add("neighbour").uniform();
    const double a = r.judge->behaviour.accuracy, consistency = r.judge->behaviour.consistency;
    Verdict v;
    Answer settled;
    if (texts.kind == TaskKind::Binary) {
        const Answer truth = item.label == answer::kMet || item.label == answer::kUnmet
                                 ? item.label
                                 : (uTruth < 0.5 ? answer::kMet : answer::kUnmet);
        const auto flip = [](Answer x) { return x == answer::kMet ? answer::kUnmet : answer::kMet; };
        settled = uSettled < a ? truth : flip(truth);
        v.slot = uRun < consistency ? settled : flip(settled);
    } else {
        const int levels = std::max(1, static_cast<int>(texts.levels.size()));
        const Answer truth =
            item.label >= 1 && item.label <= levels
                ? item.label
                : static_cast<Answer>(1 + std::min(levels - 1, static_cast<int>(uTruth * levels)));
        settled = uSettled < a ? truth : neighbourLevel(truth, levels, uNeighbour);
        v.slot = uRun < consistency ? settled : neighbourLevel(settled, levels, uRunNeighbour);
    }
    v.agreesWithSettled = v.slot == settled;
    return v;
}

// {content: [{token, logprob, bytes, top_logprobs}, ...]}. p(chosen) ~ Beta with mean `sharpness`
// (concentration 20) when the answer is the judge's settled verdict, and halfway to 1/2 when a run or cue
// flipped it: confident answers are more often right.
QJsonObject logprobsOf(const SimAnswerRequest& r, const QString& text, const Verdict& verdict)
{
    const double sharpness =
        verdict.agreesWithSettled ? r.judge->logprobsSharpness : 0.5 + (r.judge->logprobsSharpness - 0.5) / 2;
    std::mt19937_64 engine(SimDraw(r.seed).add("logprobs").add(r.bodyHash).add(r.k).hash());
    const double concentration = 20.0;
    std::gamma_distribution<double> ga(std::max(1e-3, concentration * sharpness), 1.0);
    std::gamma_distribution<double> gb(std::max(1e-3, concentration * (1.0 - sharpness)), 1.0);
    const double x = ga(engine), y = gb(engine);
    const double pChosen = std::clamp(x + y > 0 ? x / (x + y) : sharpness, 1e-6, 1.0 - 1e-6);
    const QStringList tokens = splitTokens(text);
    const QString chosenLetter = verdict.slot == answer::kA ? QStringLiteral("A") : QStringLiteral("B");
    qsizetype verdictToken = -1;
    if (r.item->texts.kind == TaskKind::Pairwise)
        for (qsizetype i = 0; i < tokens.size(); ++i)
            if (tokenLetter(tokens[i]) == chosenLetter)
                verdictToken = i;
    QJsonArray content;
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        QJsonObject entry;
        if (i == verdictToken) {
            const QString shown = tokens[i].trimmed();
            const QString other = shown.toUpper() == QLatin1String("A")
                                      ? QString(shown)
                                            .replace(QLatin1Char('A'), QLatin1Char('B'))
                                            .replace(QLatin1Char('a'), QLatin1Char('b'))
                                      : QString(shown)
                                            .replace(QLatin1Char('B'), QLatin1Char('A'))
                                            .replace(QLatin1Char('b'), QLatin1Char('a'));
            entry = tokenEntry(tokens[i], std::log(pChosen));
            entry.insert(
                QStringLiteral("top_logprobs"),
                QJsonArray{tokenEntry(shown, std::log(pChosen)), tokenEntry(other, std::log(1.0 - pChosen))});
        } else {
            entry = tokenEntry(tokens[i], -0.01);
            entry.insert(QStringLiteral("top_logprobs"), QJsonArray{tokenEntry(tokens[i], -0.01)});
        }
        content.append(entry);
    }
    return QJsonObject{{QStringLiteral("content"), content}};
}

} // namespace

SimAnswer simAnswer(const SimAnswerRequest& r)
{
    const PromptItem& texts = r.item->texts;
    const Verdict verdict = texts.kind == TaskKind::Pairwise ? pairwiseVerdict(r) : rubricVerdict(r);

    QString text = exampleAnswer(r.format, verdict.slot,
                                 rationaleText(texts.kind, verdict.slot, r.judge->rationaleTokens));
    QString finish = QStringLiteral("stop");
    if (r.maxTokens > 0 && (text.size() + 3) / 4 > r.maxTokens) {
        text.truncate(4 * static_cast<qsizetype>(r.maxTokens));
        finish = QStringLiteral("length");
    }
    SimAnswer out;
    out.choice = QJsonObject{
        {QStringLiteral("index"), 0},
        {QStringLiteral("message"), QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                                                {QStringLiteral("content"), text}}},
        {QStringLiteral("finish_reason"), finish}};
    if (r.logprobs)
        out.choice.insert(QStringLiteral("logprobs"), logprobsOf(r, text, verdict));
    out.completionChars = text.size();
    return out;
}

JudgeSimFault simFault(const JudgeSimConfig& config, qint64 number)
{
    const JudgeSimFaults& f = config.faults;
    if (number < f.failFirst)
        return f.failFirstKind;
    const double u = SimDraw(config.seed).add("fault").add(static_cast<std::uint64_t>(number)).uniform();
    if (u < f.rate429)
        return JudgeSimFault::RateLimited;
    if (u < f.rate429 + f.rate500)
        return JudgeSimFault::ServerError;
    if (u < f.rate429 + f.rate500 + f.rateTimeout)
        return JudgeSimFault::Timeout;
    if (u < f.rate429 + f.rate500 + f.rateTimeout + f.rateMalformed)
        return JudgeSimFault::Malformed;
    return JudgeSimFault::None;
}

int simLatencyMs(std::uint64_t seed, double meanMs, qint64 number)
{
    const double u = SimDraw(seed).add("latency").add(static_cast<std::uint64_t>(number)).uniform();
    return static_cast<int>(std::min(600000.0, -meanMs * std::log1p(-u)));
}

} // namespace tribunal
