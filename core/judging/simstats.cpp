#include "simstats.h"

#include <QJsonArray>

#include <algorithm>

namespace tribunal {

void SimStats::countReceived(const QByteArray& bodyHash)
{
    ++m_received;
    if (!bodyHash.isEmpty())
        ++m_bodies[bodyHash].received;
}

void SimStats::countRefused(int status)
{
    ++m_refused[QString::number(status)];
}

void SimStats::countFault(JudgeSimFault fault)
{
    ++m_faults[judgeSimFaultName(fault)];
}

void SimStats::countAnswered(const QByteArray& bodyHash, const QString& model)
{
    ++m_bodies[bodyHash].answered;
    ++m_answered;
    ++m_answeredByModel[model];
}

qint64 SimStats::answersOf(const QByteArray& bodyHash) const
{
    const auto it = m_bodies.find(bodyHash);
    return it == m_bodies.end() ? 0 : it->second.answered;
}

QJsonObject SimStats::toJson(const std::map<QString, JudgeSimModel>& models, int items) const
{
    qint64 maxAnswers = 0;
    for (const auto& [hash, count] : m_bodies)
        maxAnswers = std::max(maxAnswers, count.answered);
    QJsonObject faults{{QStringLiteral("429"), 0},
                       {QStringLiteral("500"), 0},
                       {QStringLiteral("timeout"), 0},
                       {QStringLiteral("malformed"), 0}};
    for (const auto& [name, count] : m_faults)
        faults.insert(name, count);
    QJsonObject refused;
    for (const auto& [name, count] : m_refused)
        refused.insert(name, count);
    QJsonObject answeredBy;
    for (const auto& [id, model] : models)
        answeredBy.insert(id, 0);
    for (const auto& [id, count] : m_answeredByModel)
        answeredBy.insert(id, count);
    return QJsonObject{{QStringLiteral("received"), m_received},
                       {QStringLiteral("answered"), m_answered},
                       {QStringLiteral("faults"), faults},
                       {QStringLiteral("refused"), refused},
                       {QStringLiteral("bodies"), static_cast<qint64>(m_bodies.size())},
                       {QStringLiteral("max_answers_per_body"), maxAnswers},
                       {QStringLiteral("models"), answeredBy},
                       {QStringLiteral("items"), items}};
}

QJsonObject SimStats::bodiesJson() const
{
    QJsonArray list;
    for (const auto& [hash, count] : m_bodies)
        list.append(QJsonObject{{QStringLiteral("sha256"), QString::fromLatin1(hash.toHex())},
                                {QStringLiteral("received"), count.received},
                                {QStringLiteral("answered"), count.answered}});
    return QJsonObject{{QStringLiteral("bodies"), list}};
}

} // namespace tribunal
