// SPDX-License-Identifier: GPL-3.0-or-later
#include "scriptedhttpserver.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSslConfiguration>
#include <QSslKey>
#include <QSslServer>
#include <QTcpServer>
#include <QTcpSocket>
#include <QThread>
#include <QTimer>

namespace tribunal::test {

namespace {
const char* const kEndlessOn = "endlessOn"; // socket property: the response is out, endless chunks follow
} // namespace

ScriptedHttpServer::ScriptedHttpServer(Script script, QObject* parent)
    : QObject(parent), m_script(std::move(script))
{}

ScriptedHttpServer::~ScriptedHttpServer() = default;

bool ScriptedHttpServer::listen()
{
    m_server = std::make_unique<QTcpServer>();
    m_tls = false;
    connect(m_server.get(), &QTcpServer::newConnection, this, &ScriptedHttpServer::acceptPending);
    return m_server->listen(QHostAddress::LocalHost, 0);
}

bool ScriptedHttpServer::listenTls(const QList<QSslCertificate>& certificate, const QSslKey& key)
{
    auto server = std::make_unique<QSslServer>();
    QSslConfiguration config = QSslConfiguration::defaultConfiguration();
    config.setLocalCertificateChain(certificate);
    config.setPrivateKey(key);
    config.setPeerVerifyMode(QSslSocket::VerifyNone); // no client certificates
    server->setSslConfiguration(config);
    connect(server.get(), &QSslServer::startedEncryptionHandshake, this, [this] { ++m_handshakes; });
    // A QSslServer queues a connection only once its handshake is done (newConnection comes earlier).
    connect(server.get(), &QTcpServer::pendingConnectionAvailable, this, &ScriptedHttpServer::acceptPending);
    m_server = std::move(server);
    m_tls = true;
    return m_server->listen(QHostAddress::LocalHost, 0);
}

quint16 ScriptedHttpServer::port() const
{
    return m_server ? m_server->serverPort() : quint16(0);
}

QString ScriptedHttpServer::baseUrl(const QString& host) const
{
    return QStringLiteral("%1://%2:%3/v1")
        .arg(m_tls ? QStringLiteral("https") : QStringLiteral("http"), host)
        .arg(port());
}

void ScriptedHttpServer::acceptPending()
{
    while (QTcpSocket* socket = m_server->nextPendingConnection()) {
        ++m_connections;
        socket->setParent(this);
        socket->setProperty("buffer", QByteArray());
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadyRead(socket); });
        connect(socket, &QTcpSocket::bytesWritten, this, [this, socket] {
            if (socket->property(kEndlessOn).toBool())
                writeEndless(socket);
        });
        // Deleting the socket also stops its trickle timers: nothing is written to a closed connection.
        connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
            ++m_disconnections;
            socket->deleteLater();
        });
    }
}

void ScriptedHttpServer::onReadyRead(QTcpSocket* socket)
{
    const QByteArray incoming = socket->readAll();
    m_received += incoming;
    QByteArray buffer = socket->property("buffer").toByteArray() + incoming;
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
        const QByteArray bytes = m_script(index, request);
        if (!bytes.isEmpty())
            reply(socket, bytes);
        else if (m_hangUp)
            hangUp(socket); // without a word
    }
    socket->setProperty("buffer", buffer);
}

void ScriptedHttpServer::reply(QTcpSocket* socket, const QByteArray& bytes)
{
    if (m_trickleMs <= 0) {
        socket->write(bytes);
        if (m_hangUp) {
            hangUp(socket);
        } else if (!m_endless.isEmpty()) {
            socket->setProperty(kEndlessOn, true);
            writeEndless(socket);
        }
        return;
    }
    qsizetype start = 0;
    if (m_trickleAfterHeaders) {
        const qsizetype headerEnd = bytes.indexOf("\r\n\r\n");
        start = headerEnd < 0 ? bytes.size() : headerEnd + 4;
        socket->write(bytes.left(start));
    }
    auto* timer = new QTimer(socket);
    auto offset = std::make_shared<qsizetype>(start);
    connect(timer, &QTimer::timeout, socket, [this, socket, timer, bytes, offset] {
        if (*offset >= bytes.size()) {
            timer->stop();
            if (m_hangUp)
                hangUp(socket);
            return;
        }
        socket->write(bytes.mid((*offset)++, 1));
    });
    timer->start(m_trickleMs);
}

void ScriptedHttpServer::hangUp(QTcpSocket* socket) const
{
    // disconnectFromHost() writes what is queued first, then closes.
    if (m_hangUpAfterMs <= 0)
        socket->disconnectFromHost();
    else
        QTimer::singleShot(m_hangUpAfterMs, socket, [socket] { socket->disconnectFromHost(); });
}

void ScriptedHttpServer::writeEndless(QTcpSocket* socket)
{
    // One chunk queued at a time: the server writes only as fast as the client (and the kernel's buffers)
    // take the bytes, so the test's own memory stays bounded while the client's is under test.
    if (socket->state() != QAbstractSocket::ConnectedState || socket->bytesToWrite() > 0)
        return;
    socket->write(m_endless);
    m_endlessWritten += m_endless.size();
}

QByteArray ScriptedHttpServer::response(int status, const QByteArray& body, const QByteArray& extraHeaders)
{
    return "HTTP/1.1 " + QByteArray::number(status) +
           " Status\r\nContent-Type: application/json\r\nContent-Length: " + QByteArray::number(body.size()) +
           "\r\n" + extraHeaders + "\r\n" + body;
}

QByteArray ScriptedHttpServer::completionBody(const QString& content)
{
    const QJsonObject body{
        {QStringLiteral("choices"),
         QJsonArray{QJsonObject{
             {QStringLiteral("message"), QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                                                     {QStringLiteral("content"), content}}}}}},
        {QStringLiteral("usage"),
         QJsonObject{{QStringLiteral("prompt_tokens"), 100}, {QStringLiteral("completion_tokens"), 10}}}};
    return QJsonDocument(body).toJson(QJsonDocument::Compact);
}

QByteArray ScriptedHttpServer::completion(const QString& content)
{
    return response(200, completionBody(content));
}

ScriptedServerThread::ScriptedServerThread(ScriptedHttpServer::Script script,
                                           const std::function<void(ScriptedHttpServer&)>& setup)
    : m_thread(std::make_unique<QThread>())
{
    m_context = new QObject;
    m_context->moveToThread(m_thread.get());
    m_thread->start();
    QMetaObject::invokeMethod(
        m_context,
        [&] {
            m_server = new ScriptedHttpServer(std::move(script), m_context);
            if (setup)
                setup(*m_server);
            m_listening = m_server->listen();
            m_baseUrl = m_server->baseUrl();
        },
        Qt::BlockingQueuedConnection);
}

ScriptedServerThread::~ScriptedServerThread()
{
    // The server and its sockets are deleted on their own thread (a deferred delete is carried out before the
    // thread ends), then the thread ends.
    m_context->deleteLater();
    m_thread->quit();
    m_thread->wait();
}

void ScriptedServerThread::inspect(const std::function<void(const ScriptedHttpServer&)>& f) const
{
    QMetaObject::invokeMethod(
        m_context, [&] { f(*m_server); }, Qt::BlockingQueuedConnection);
}

} // namespace tribunal::test
