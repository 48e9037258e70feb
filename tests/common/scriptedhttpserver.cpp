#include "scriptedhttpserver.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTcpSocket>
#include <QTimer>

namespace tribunal::test {

ScriptedHttpServer::ScriptedHttpServer(Script script, QObject* parent)
    : QObject(parent), m_script(std::move(script))
{
    connect(&m_server, &QTcpServer::newConnection, this, [this] {
        while (QTcpSocket* socket = m_server.nextPendingConnection()) {
            ++m_connections;
            socket->setParent(this);
            socket->setProperty("buffer", QByteArray());
            connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadyRead(socket); });
        }
    });
}

bool ScriptedHttpServer::listen()
{
    return m_server.listen(QHostAddress::LocalHost, 0);
}

QString ScriptedHttpServer::baseUrl() const
{
    return QStringLiteral("http://127.0.0.1:%1/v1").arg(port());
}

void ScriptedHttpServer::onReadyRead(QTcpSocket* socket)
{
    QByteArray buffer = socket->property("buffer").toByteArray() + socket->readAll();
    for (;;) {
        const qsizetype headerEnd = buffer.indexOf("\r\n\r\n");
        if (headerEnd < 0)
            break;
        qsizetype length = 0;
        for (const QByteArray& line : buffer.left(headerEnd).split('\n'))
            if (line.toLower().startsWith("content-length:"))
                length = line.mid(15).trimmed().toLongLong();
        if (buffer.size() < headerEnd + 4 + length)
            break;
        const QByteArray request = buffer.left(headerEnd + 4 + length);
        buffer.remove(0, request.size());
        const int index = static_cast<int>(m_requests.size());
        m_requests.append(request);
        const QByteArray reply = m_script(index, request);
        if (reply.isEmpty())
            continue;
        if (m_trickleMs <= 0) {
            socket->write(reply);
            continue;
        }
        auto* timer = new QTimer(socket);
        auto offset = std::make_shared<qsizetype>(0);
        connect(timer, &QTimer::timeout, socket, [socket, timer, reply, offset] {
            if (*offset >= reply.size()) {
                timer->stop();
                return;
            }
            socket->write(reply.mid((*offset)++, 1));
        });
        timer->start(m_trickleMs);
    }
    socket->setProperty("buffer", buffer);
}

QByteArray ScriptedHttpServer::response(int status, const QByteArray& body, const QByteArray& extraHeaders)
{
    return "HTTP/1.1 " + QByteArray::number(status) +
           " Status\r\nContent-Type: application/json\r\nContent-Length: " + QByteArray::number(body.size()) +
           "\r\n" + extraHeaders + "\r\n" + body;
}

QByteArray ScriptedHttpServer::completion(const QString& content)
{
    const QJsonObject body{
        {QStringLiteral("choices"),
         QJsonArray{QJsonObject{
             {QStringLiteral("message"), QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                                                     {QStringLiteral("content"), content}}}}}},
        {QStringLiteral("usage"),
         QJsonObject{{QStringLiteral("prompt_tokens"), 100}, {QStringLiteral("completion_tokens"), 10}}}};
    return response(200, QJsonDocument(body).toJson(QJsonDocument::Compact));
}

} // namespace tribunal::test
