#include "judgesimserver.h"

#include "perturbation.h"
#include "promptformat.h"
#include "simanswers.h"
#include "simhttpreader.h"
#include "simhttpresponse.h"
#include "simitemindex.h"
#include "simstats.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QHostAddress>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonValue>
#include <QPointer>
#include <QSaveFile>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace tribunal {
namespace {

QString messageContent(const QJsonValue& content)
{
    if (content.isString())
        return content.toString();
    QString text;
    for (const auto& part : content.toArray())
        if (part.toObject().value(QLatin1String("type")).toString() == QLatin1String("text"))
            text += part.toObject().value(QLatin1String("text")).toString();
    return text;
}

// The request's messages with their text content (parts of type "text" joined).
std::vector<ChatMessage> chatMessages(const QJsonObject& json)
{
    std::vector<ChatMessage> messages;
    for (const auto& value : json.value(QLatin1String("messages")).toArray()) {
        ChatMessage message;
        message.role = value.toObject().value(QLatin1String("role")).toString();
        message.content = messageContent(value.toObject().value(QLatin1String("content")));
        messages.push_back(message);
    }
    return messages;
}

} // namespace

struct JudgeSimServer::Connection {
    SimHttpReader reader;
    bool busy = false;    // a response is pending (latency); later requests wait in the reader
    bool stalled = false; // a timeout fault: never answer on this connection again
    bool closing = false;
};

struct JudgeSimServer::Impl {
    explicit Impl(AuditPtr a) : audit(std::move(a)), index(audit.get()) {}

    AuditPtr audit;
    SimItemIndex index;
    QHash<QTcpSocket*, Connection> connections;
    SimStats stats;
    qint64 accepted = 0, nextId = 0; // chat requests accepted (the fault stream's index), answer ids
};

JudgeSimServer::JudgeSimServer(JudgeSimConfig config, AuditPtr audit, QObject* parent)
    : QObject(parent), m_config(std::move(config)), m_impl(std::make_unique<Impl>(std::move(audit)))
{
    m_server = new QTcpServer(this);
    connect(m_server, &QTcpServer::newConnection, this, &JudgeSimServer::onNewConnection);
}

JudgeSimServer::~JudgeSimServer() = default;

bool JudgeSimServer::listen(quint16 port, QString* error)
{
    if (!m_server->listen(QHostAddress::LocalHost, port)) {
        *error = QStringLiteral("cannot listen on 127.0.0.1:%1: %2").arg(port).arg(m_server->errorString());
        return false;
    }
    return true;
}

quint16 JudgeSimServer::port() const
{
    return m_server->serverPort();
}

QString JudgeSimServer::baseUrl() const
{
    return QStringLiteral("http://127.0.0.1:%1/v1").arg(port());
}

int JudgeSimServer::indexedItems() const
{
    return m_impl->index.size();
}

QJsonObject JudgeSimServer::stats() const
{
    return m_impl->stats.toJson(m_config.models, indexedItems());
}

QJsonObject JudgeSimServer::bodyStats() const
{
    return m_impl->stats.bodiesJson();
}

bool JudgeSimServer::writeStatsFile(QString* error) const
{
    if (m_statsFile.isEmpty())
        return true;
    QSaveFile file(m_statsFile);
    if (!file.open(QIODevice::WriteOnly)) {
        *error = QStringLiteral("%1: %2").arg(m_statsFile, file.errorString());
        return false;
    }
    file.write(QJsonDocument(stats()).toJson(QJsonDocument::Indented));
    if (!file.commit()) {
        *error = QStringLiteral("%1: %2").arg(m_statsFile, file.errorString());
        return false;
    }
    return true;
}

void JudgeSimServer::onNewConnection()
{
    while (QTcpSocket* socket = m_server->nextPendingConnection()) {
        m_impl->connections.insert(socket, Connection());
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadyRead(socket); });
        connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
            m_impl->connections.remove(socket);
            socket->deleteLater();
        });
    }
}

void JudgeSimServer::onReadyRead(QTcpSocket* socket)
{
    auto it = m_impl->connections.find(socket);
    if (it == m_impl->connections.end())
        return;
    if (it->stalled || it->closing) {
        socket->readAll(); // a stalled connection stays silent whatever the client sends
        return;
    }
    it->reader.append(socket->readAll());
    if (!it->busy)
        processBuffer(socket);
}

void JudgeSimServer::processBuffer(QTcpSocket* socket)
{
    for (;;) {
        auto it = m_impl->connections.find(socket);
        if (it == m_impl->connections.end() || it->busy || it->stalled || it->closing)
            return;
        SimHttpReader::Result next = it->reader.next(m_config.maxBodyBytes);
        switch (next.status) {
        case SimHttpReader::Status::Incomplete:
            if (next.sendContinue)
                socket->write("HTTP/1.1 100 Continue\r\n\r\n");
            return;
        case SimHttpReader::Status::Error: {
            // An oversize chat request counts as a refused chat request; other framing errors are not
            // chat requests yet.
            const bool chat = next.errorStatus == 413 && next.request.path.startsWith("/v1/chat/completions");
            if (chat) {
                m_impl->stats.countReceived(QByteArray());
                m_impl->stats.countRefused(413);
            }
            sendError(socket, next.errorStatus, QStringLiteral("invalid_request_error"), next.errorCode,
                      next.errorMessage, false);
            if (chat)
                finishChat();
            return;
        }
        case SimHttpReader::Status::Complete:
            handle(socket, next.request);
            break;
        }
    }
}

void JudgeSimServer::handle(QTcpSocket* socket, const SimHttpRequest& request)
{
    QByteArray path = request.path;
    const qsizetype query = path.indexOf('?');
    if (query >= 0)
        path.truncate(query);
    while (path.size() > 1 && path.endsWith('/'))
        path.chop(1);
    const auto notAllowed = [&] {
        sendError(socket, 405, QStringLiteral("invalid_request_error"), QString(),
                  QStringLiteral("method %1 not allowed on %2")
                      .arg(QString::fromLatin1(request.method), QString::fromLatin1(path)),
                  request.keepAlive);
    };
    if (path == "/v1/chat/completions") {
        if (request.method != "POST")
            return notAllowed();
        return handleChat(socket, request);
    }
    if (path == "/v1/stats" || path == "/v1/stats/bodies" || path == "/v1/models") {
        if (request.method != "GET")
            return notAllowed();
        QJsonObject body;
        if (path == "/v1/stats") {
            body = stats();
        } else if (path == "/v1/stats/bodies") {
            body = bodyStats();
        } else {
            QJsonArray data;
            for (const auto& [id, model] : m_config.models)
                data.append(QJsonObject{{QStringLiteral("id"), id},
                                        {QStringLiteral("object"), QStringLiteral("model")},
                                        {QStringLiteral("owned_by"), QStringLiteral("tribunal-judge-sim")}});
            body = QJsonObject{{QStringLiteral("object"), QStringLiteral("list")},
                               {QStringLiteral("data"), data}};
        }
        return send(socket, 200, QJsonDocument(body).toJson(QJsonDocument::Compact), request.keepAlive);
    }
    sendError(
        socket, 404, QStringLiteral("invalid_request_error"), QStringLiteral("not_found"),
        QStringLiteral("no route %1 %2").arg(QString::fromLatin1(request.method), QString::fromLatin1(path)),
        request.keepAlive);
}

void JudgeSimServer::handleChat(QTcpSocket* socket, const SimHttpRequest& request)
{
    Impl& d = *m_impl;
    d.stats.countReceived(QCryptographicHash::hash(request.body, QCryptographicHash::Sha256));
    const auto refuse = [&](int status, const QString& code, const QString& message) {
        d.stats.countRefused(status);
        sendError(socket, status, QStringLiteral("invalid_request_error"), code, message, request.keepAlive);
        finishChat();
    };
    const QJsonObject json = QJsonDocument::fromJson(request.body).object();
    if (json.isEmpty())
        return refuse(400, QString(), QStringLiteral("the request body is not a JSON object"));
    const QString model = json.value(QLatin1String("model")).toString();
    if (model.isEmpty())
        return refuse(400, QString(), QStringLiteral("model: required"));
    if (!m_config.models.count(model))
        return refuse(
            404, QStringLiteral("model_not_found"),
            QStringLiteral("The model `%1` does not exist or you do not have access to it.").arg(model));
    const std::vector<ChatMessage> messages = chatMessages(json);
    const auto lastUser = std::find_if(messages.rbegin(), messages.rend(),
                                       [](const ChatMessage& m) { return m.role == QLatin1String("user"); });
    if (lastUser == messages.rend())
        return refuse(400, QString(), QStringLiteral("messages: no user message"));
    const auto format = formatOfPrompt(messages);
    if (!format)
        return refuse(400, QString(),
                      QStringLiteral("messages: the prompt matches no Tribunal prompt format"));
    const auto match = d.index.match(lastUser->content, isPairwiseFormat(*format));
    if (!match)
        return refuse(400, QString(),
                      QStringLiteral("messages: no item of the loaded audit matches the last user message"));

    // Faults: the first failFirst accepted requests, then a draw per accepted request from the fault stream.
    const qint64 number = d.accepted++;
    const JudgeSimFault fault = simFault(m_config, number);
    if (fault != JudgeSimFault::None)
        d.stats.countFault(fault);
    switch (fault) {
    case JudgeSimFault::RateLimited: {
        const auto seconds = static_cast<qint64>(std::ceil(m_config.faults.retryAfterS));
        sendError(socket, 429, QStringLiteral("requests"), QStringLiteral("rate_limit_exceeded"),
                  QStringLiteral("Rate limit reached (simulated). Please try again in %1s.").arg(seconds),
                  request.keepAlive, "Retry-After: " + QByteArray::number(seconds) + "\r\n");
        return finishChat();
    }
    case JudgeSimFault::ServerError:
        sendError(socket, 500, QStringLiteral("server_error"), QString(),
                  QStringLiteral("The server had an error while processing your request (simulated)."),
                  request.keepAlive);
        return finishChat();
    case JudgeSimFault::Timeout:
        // Accept and never answer; the socket stays open until the client gives up.
        d.connections[socket].stalled = true;
        d.connections[socket].reader.clear();
        return finishChat();
    case JudgeSimFault::Malformed: {
        const QByteArray body =
            "{\"id\":\"chatcmpl-sim-" + QByteArray::number(d.nextId++) +
            "\",\"object\":\"chat.completion\",\"choices\":[{\"index\":0,\"message\":{\"role\":"
            "\"assistant\",\"content\":\"";
        send(socket, 200, body, request.keepAlive);
        return finishChat();
    }
    case JudgeSimFault::None:
        break;
    }

    const double latency = m_config.models.at(model).latencyMs;
    if (latency <= 0.0)
        return answerChat(socket, request.body, request.keepAlive);
    const int delay = simLatencyMs(m_config.seed, latency, number);
    d.connections[socket].busy = true;
    QPointer<QTcpSocket> guard(socket);
    const QByteArray body = request.body;
    const bool keepAlive = request.keepAlive;
    QTimer::singleShot(delay, this, [this, guard, body, keepAlive] {
        if (!guard || !m_impl->connections.contains(guard.data()))
            return; // the client gave up: nothing answered, k not advanced
        m_impl->connections[guard.data()].busy = false;
        answerChat(guard.data(), body, keepAlive);
        if (guard && m_impl->connections.contains(guard.data()))
            processBuffer(guard.data());
    });
}

void JudgeSimServer::answerChat(QTcpSocket* socket, const QByteArray& body, bool keepAlive)
{
    Impl& d = *m_impl;
    // Re-derived from the body (already validated) so a delayed answer needs nothing but the body.
    const QJsonObject json = QJsonDocument::fromJson(body).object();
    const QString model = json.value(QLatin1String("model")).toString();
    const std::vector<ChatMessage> messages = chatMessages(json);
    qsizetype promptChars = 0;
    for (const ChatMessage& m : messages)
        promptChars += m.content.size();
    QString lastUser;
    for (const ChatMessage& m : messages)
        if (m.role == QLatin1String("user"))
            lastUser = m.content;
    const PromptFormat format = *formatOfPrompt(messages);
    const SimMatch match = *d.index.match(lastUser, isPairwiseFormat(format));
    const SimItem& item = d.index.item(match.item);

    const QByteArray hash = QCryptographicHash::hash(body, QCryptographicHash::Sha256);
    SimAnswerRequest request;
    request.seed = m_config.seed;
    request.model = model;
    request.judge = &m_config.models.at(model);
    request.item = &item;
    request.order = match.order;
    request.format = format;
    if (item.texts.kind == TaskKind::Pairwise)
        request.cue = cueOfPrompt(messages);
    request.bodyHash = hash;
    request.k = static_cast<std::uint64_t>(d.stats.answersOf(hash));
    request.maxTokens = json.value(QLatin1String("max_tokens")).toInt(0);
    request.logprobs = json.value(QLatin1String("logprobs")).toBool();
    const SimAnswer answer = simAnswer(request);

    const qint64 promptTokens = std::max<qint64>(1, (promptChars + 3) / 4);
    const qint64 completionTokens = std::max<qint64>(1, (answer.completionChars + 3) / 4);
    const QJsonObject response{
        {QStringLiteral("id"), QStringLiteral("chatcmpl-sim-%1").arg(d.nextId++)},
        {QStringLiteral("object"), QStringLiteral("chat.completion")},
        {QStringLiteral("created"), QDateTime::currentSecsSinceEpoch()},
        {QStringLiteral("model"), model},
        {QStringLiteral("choices"), QJsonArray{answer.choice}},
        {QStringLiteral("usage"),
         QJsonObject{{QStringLiteral("prompt_tokens"), promptTokens},
                     {QStringLiteral("completion_tokens"), completionTokens},
                     {QStringLiteral("total_tokens"), promptTokens + completionTokens}}}};
    d.stats.countAnswered(hash, model);
    send(socket, 200, QJsonDocument(response).toJson(QJsonDocument::Compact), keepAlive);
    finishChat();
}

void JudgeSimServer::send(QTcpSocket* socket, int status, const QByteArray& body, bool keepAlive,
                          const QByteArray& extraHeaders)
{
    socket->write(simHttpResponse(status, body, keepAlive, extraHeaders));
    if (!keepAlive) {
        auto it = m_impl->connections.find(socket);
        if (it != m_impl->connections.end())
            it->closing = true;
        socket->disconnectFromHost(); // after the pending bytes are written
    }
}

void JudgeSimServer::sendError(QTcpSocket* socket, int status, const QString& type, const QString& code,
                               const QString& message, bool keepAlive, const QByteArray& extraHeaders)
{
    send(socket, status, openAiErrorBody(type, code, message), keepAlive, extraHeaders);
}

void JudgeSimServer::finishChat()
{
    if (!m_statsFile.isEmpty()) {
        QString error;
        if (!writeStatsFile(&error))
            qWarning("tribunal-judge-sim: cannot write the stats file: %s", qPrintable(error));
    }
    emit chatRequestHandled();
}

} // namespace tribunal
