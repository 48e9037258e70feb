#include "chatrequest.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace tribunal {

QByteArray chatRequestBody(const ChatRequest& request)
{
    // QJsonObject orders keys alphabetically, so the same request always gives the same bytes.
    QJsonArray messages;
    for (const auto& message : request.messages)
        messages.append(QJsonObject{{QStringLiteral("role"), message.role},
                                    {QStringLiteral("content"), message.content}});
    QJsonObject body{{QStringLiteral("model"), request.model},
                     {QStringLiteral("messages"), messages},
                     {QStringLiteral("temperature"), request.temperature},
                     {QStringLiteral("max_tokens"), request.maxTokens}};
    if (!request.reasoningEffort.isEmpty())
        body.insert(QStringLiteral("reasoning_effort"), request.reasoningEffort);
    if (request.logprobs) {
        body.insert(QStringLiteral("logprobs"), true);
        body.insert(QStringLiteral("top_logprobs"), 5);
    }
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

QString requestHash(const QString& judgeName, const QUrl& url, const QByteArray& body, int rep)
{
    QCryptographicHash hash(QCryptographicHash::Sha256);
    // Length-prefixed fields: no two different tuples give the same byte stream.
    auto field = [&hash](const QByteArray& bytes) {
        hash.addData(QByteArray::number(bytes.size()));
        hash.addData(QByteArrayView(":"));
        hash.addData(bytes);
    };
    field(judgeName.toUtf8());
    field(url.toString(QUrl::FullyEncoded).toUtf8());
    field(body);
    field(QByteArray::number(rep));
    return QString::fromLatin1(hash.result().toHex());
}

} // namespace tribunal
