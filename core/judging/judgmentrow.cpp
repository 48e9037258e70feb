#include "judgmentrow.h"

#include "answerparser.h"
#include "judgmentidentity.h"
#include "redaction.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

namespace tribunal {
namespace {

std::string utf8(const QString& text)
{
    return text.toStdString();
}

std::string compactJson(const QJsonObject& object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Compact).toStdString();
}

// Whole, cut off or encoded (redaction.h): an error may have been shortened before it came here (a batch
// file's error text), so an exact match alone would miss the start of a key.
QString redact(const QString& text, const QByteArray& key)
{
    return redactedText(text, key);
}

} // namespace

RunJudgmentRow judgmentRowOf(const AuditDesign& design, const Audit& items, const DesignTask& task,
                             std::int64_t projectItemRow, const CallOutcomes& outcomes,
                             const QByteArray& apiKey)
{
    const PromptFormat format = design.formats[task.format];
    const JudgeConfig& judge = design.judges[task.judge];
    const TaskKind kind = items.items().kind[task.item];
    const int levels = static_cast<int>(items.items().levels(task.item).size());

    RunJudgmentRow row = identityRowOf(design, task, projectItemRow);
    row.askHash = utf8(outcomes.askHash);
    row.requestHash = utf8(outcomes.hashes.front());
    if (outcomes.hashes.size() > 1)
        for (const auto& hash : outcomes.hashes)
            row.callHashes.push_back(utf8(hash));

    if (outcomes.failed) {
        row.runFailure = true;
        row.error = utf8(redact(outcomes.failure, apiKey));
        return row;
    }
    std::vector<ParsedAnswer> parsed;
    QStringList raws;
    double latency = 0.0, cost = 0.0;
    std::int64_t tokensIn = 0, tokensOut = 0;
    bool usage = true;
    for (const AttemptResult& call : outcomes.results) {
        parsed.push_back(parseAnswer(format, kind, levels, call.content));
        raws.append(call.content);
        latency += call.latencyS;
        if (call.tokensIn < 0 || call.tokensOut < 0) {
            usage = false;
        } else {
            tokensIn += call.tokensIn;
            tokensOut += call.tokensOut;
            cost += judge.costUsd(call.tokensIn, call.tokensOut);
        }
    }
    const ParsedAnswer answer = combineCalls(format, parsed);
    Answer canonical = answer.slot;
    const bool swapped = kind == TaskKind::Pairwise && task.order == Order::BA;
    if (swapped && (canonical == answer::kA || canonical == answer::kB))
        canonical = canonical == answer::kA ? answer::kB : answer::kA;
    if (canonical != answer::kNone)
        row.answer = answerText(kind, canonical);
    else
        row.error = utf8(redact(QStringLiteral("unparsable answer: ") + answer.reason, apiKey));
    if (kind == TaskKind::Pairwise && outcomes.results.size() == 1 && canonical != answer::kNone) {
        if (const auto probs = slotProbabilities(outcomes.results.front().logprobContent, answer.slot)) {
            const QJsonObject json{{QStringLiteral("A"), swapped ? probs->second : probs->first},
                                   {QStringLiteral("B"), swapped ? probs->first : probs->second}};
            row.probsJson = compactJson(json);
        }
    }
    row.raw = utf8(redact(raws.join(QStringLiteral("\n\n---\n\n")), apiKey));
    if (latency > 0)
        row.latencyS = latency;
    if (usage) {
        row.tokensIn = tokensIn;
        row.tokensOut = tokensOut;
        row.costUsd = cost;
    }
    return row;
}

} // namespace tribunal
