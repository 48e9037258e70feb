#include "simhttpresponse.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>

namespace tribunal {
namespace {

QByteArray statusText(int status)
{
    switch (status) {
    case 200:
        return "OK";
    case 400:
        return "Bad Request";
    case 404:
        return "Not Found";
    case 405:
        return "Method Not Allowed";
    case 411:
        return "Length Required";
    case 413:
        return "Payload Too Large";
    case 429:
        return "Too Many Requests";
    case 431:
        return "Request Header Fields Too Large";
    case 500:
        return "Internal Server Error";
    default:
        return "Status";
    }
}

} // namespace

QByteArray simHttpResponse(int status, const QByteArray& body, bool keepAlive, const QByteArray& extraHeaders)
{
    QByteArray head = "HTTP/1.1 " + QByteArray::number(status) + ' ' + statusText(status) + "\r\n";
    head += "Content-Type: application/json\r\n";
    head += "Content-Length: " + QByteArray::number(body.size()) + "\r\n";
    head += keepAlive ? "Connection: keep-alive\r\n" : "Connection: close\r\n";
    head += extraHeaders;
    head += "\r\n";
    return head + body;
}

QByteArray openAiErrorBody(const QString& type, const QString& code, const QString& message)
{
    const QJsonObject error{
        {QStringLiteral("message"), message},
        {QStringLiteral("type"), type},
        {QStringLiteral("param"), QJsonValue::Null},
        {QStringLiteral("code"), code.isEmpty() ? QJsonValue(QJsonValue::Null) : QJsonValue(code)}};
    return QJsonDocument(QJsonObject{{QStringLiteral("error"), error}}).toJson(QJsonDocument::Compact);
}

} // namespace tribunal
