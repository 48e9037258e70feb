#include "judgmentidentity.h"

#include "chatrequest.h"
#include "judgeconfig.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

namespace tribunal {
namespace {

std::string utf8(const QString& text)
{
    return text.toStdString();
}

QString jsonText(const QJsonValue& value)
{
    if (value.isUndefined() || value.isNull())
        return QStringLiteral("(none)");
    if (value.isString())
        return value.toString();
    if (value.isBool())
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    return QString::number(value.toDouble(), 'g', 15);
}

/// The judge settings that shape the question and differ between the recorded configuration and `judge`:
/// "temperature 0 -> 1, model a -> b"; empty when none does (or nothing was recorded).
QString settingsChanged(const JudgeConfig& judge, const std::string& recordedJson)
{
    const QJsonObject recorded = QJsonDocument::fromJson(QByteArray::fromStdString(recordedJson)).object();
    if (recorded.isEmpty())
        return {};
    const QJsonObject now = judgeConfigToJson(judge);
    QStringList changes;
    for (const char* key : {"model", "temperature", "reasoning_effort", "logprobs"}) {
        const QString name = QLatin1String(key);
        const QJsonValue before = recorded.value(name), after = now.value(name);
        if (before != after)
            changes.append(QStringLiteral("%1 %2 -> %3").arg(name, jsonText(before), jsonText(after)));
    }
    return changes.join(QStringLiteral(", "));
}

} // namespace

RunJudgmentRow identityRowOf(const AuditDesign& design, const DesignTask& task, std::int64_t projectItemRow)
{
    RunJudgmentRow row;
    row.itemRow = projectItemRow;
    row.judge = utf8(design.judges[task.judge].name);
    row.format = std::string(promptFormatName(design.formats[task.format]));
    const QJsonObject condition = conditionOf(design, task);
    if (!condition.isEmpty())
        row.conditionJson = QJsonDocument(condition).toJson(QJsonDocument::Compact).toStdString();
    row.order = std::string(orderName(task.order));
    row.rep = task.rep;
    if (!design.bias.empty()) {
        // With bias versions in the design the plain judgments are the originals every test shares
        // (biasdesign.h: originals with no test match any test).
        row.variant = task.bias < 0 ? "original" : "perturbed";
        if (task.bias >= 0) {
            const DesignBias& bias = design.bias[static_cast<std::size_t>(task.bias)];
            row.test = utf8(bias.test);
            row.version = utf8(bias.version);
            row.cueOn = std::string(cueName(bias.cueOn));
        }
    }
    return row;
}

ResumePlan::ResumePlan(const AuditDesign& design, const Audit& items,
                       const std::vector<std::int64_t>& projectRow, const ProjectRunLog::Recorded& recorded,
                       ResumeOptions options)
    : m_design(design), m_items(items), m_projectRow(projectRow), m_recorded(recorded), m_options(options)
{}

ResumeDecision ResumePlan::decide(const DesignTask& task)
{
    ResumeDecision decision;
    if (m_recorded.judgments.empty())
        return decision;
    const auto found =
        m_recorded.judgments.find(judgmentKey(identityRowOf(m_design, task, m_projectRow[task.item])));
    if (found == m_recorded.judgments.end())
        return decision;
    const ProjectRunLog::RecordedJudgment& judgment = found->second;
    bool changed = false;
    if (judgment.askHash.empty())
        ++m_unverified;
    else
        changed = utf8(askHash(requestOf(m_design, m_items, task, 0))) != judgment.askHash;
    // A failure cost nothing to keep: it is sent again, asked as the design asks now.
    if (judgment.failed && m_options.retryFailed) {
        decision.replacesSeq = judgment.seq;
        return decision;
    }
    if (changed && !judgment.failed) {
        if (m_options.rerunChanged) {
            ++m_rerun;
            decision.replacesSeq = judgment.seq;
            return decision;
        }
        ++m_changed[task.judge];
        ++m_changedTotal;
    }
    ++m_alreadyRecorded;
    decision.send = false;
    return decision;
}

bool isAskChangeRefusal(const QString& message)
{
    return message.contains(QStringLiteral(" than this design asks "));
}

QString ResumePlan::refusal(const QString& projectPath) const
{
    if (m_changedTotal == 0)
        return {};
    QStringList parts;
    for (const auto& [judge, count] : m_changed) {
        const JudgeConfig& config = m_design.judges[static_cast<std::size_t>(judge)];
        const auto recorded = m_recorded.judgeConfigs.find(utf8(config.name));
        QString what =
            recorded == m_recorded.judgeConfigs.end() ? QString() : settingsChanged(config, recorded->second);
        if (what.isEmpty())
            what = QStringLiteral("the prompt differs: the items' texts or the prompt template changed");
        parts.append(QStringLiteral("%1 recorded judgment%2 of judge '%3' (%4)")
                         .arg(count)
                         .arg(count == 1 ? QString() : QStringLiteral("s"))
                         .arg(config.name, what));
    }
    return QStringLiteral("%1: %2 %3 asked otherwise than this design asks %4")
        .arg(projectPath, parts.join(QStringLiteral(", ")),
             m_changedTotal == 1 ? QStringLiteral("was") : QStringLiteral("were"),
             m_changedTotal == 1 ? QStringLiteral("it") : QStringLiteral("them"));
}

} // namespace tribunal
