#include "judgesimfixture.h"

#include "io/auditsource.h"
#include "judging/chatrequest.h"
#include "judging/promptformat.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QNetworkRequest>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QtTest>

namespace tribunal::test {

QByteArray itemsJsonl()
{
    QByteArray out;
    for (int i = 0; i < kPairs; ++i) {
        const QJsonObject item{
            {QStringLiteral("dataset"), QStringLiteral("sim-pairs")},
            {QStringLiteral("item_id"), QStringLiteral("p%1").arg(i)},
            {QStringLiteral("kind"), QStringLiteral("pairwise")},
            {QStringLiteral("question"),
             QStringLiteral("Question <%1>: describe topic q%1q briefly.").arg(i)},
            {QStringLiteral("response_a"),
             QStringLiteral("Alpha reply <%1> about topic q%1q, first version.").arg(i)},
            {QStringLiteral("response_b"),
             QStringLiteral("Beta reply <%1> about topic q%1q, second version.").arg(i)},
            {QStringLiteral("label"), i % 2 == 0 ? QStringLiteral("A") : QStringLiteral("B")}};
        out += QJsonDocument(item).toJson(QJsonDocument::Compact) + '\n';
    }
    out +=
        R"({"dataset":"sim-edge","item_id":"nested","kind":"pairwise","question":"Name a prime number between 10 and 20.","response_a":"13","response_b":"130 is not prime but 13 is","label":"A"})"
        "\n";
    out +=
        R"({"dataset":"sim-rubric","item_id":"haiku","kind":"binary","input":"Write a haiku about rain.","submission":"Soft rain on the roof\nwhispers to the sleeping town\npuddles hold the sky","criterion":"Has three lines","label":"MET"})"
        "\n";
    out +=
        R"({"dataset":"sim-rubric","item_id":"haiku-fluency","kind":"ordinal","input":"Write a haiku about rain.","submission":"Soft rain on the roof\nwhispers to the sleeping town\npuddles hold the sky","criterion":"Fluency of the language","levels":["broken","awkward","fluent","polished"],"label":"3"})"
        "\n";
    return out;
}

JudgeSimModel model(double a, double b, double k)
{
    JudgeSimModel m;
    m.behaviour.accuracy = a;
    m.behaviour.positionBias = b;
    m.behaviour.consistency = k;
    return m;
}

QByteArray body(const QString& modelId, PromptFormat format, const PromptItem& item, Order order, int call,
                bool logprobs)
{
    ChatRequest request;
    request.model = modelId;
    request.messages = buildPrompt(format, item, order, call);
    request.maxTokens = suggestedMaxTokens(format);
    request.logprobs = logprobs;
    return chatRequestBody(request);
}

Reply finish(QNetworkReply* reply)
{
    Reply out;
    out.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    out.body = reply->readAll();
    out.retryAfter = reply->rawHeader("Retry-After");
    out.error = reply->error();
    reply->deleteLater();
    return out;
}

Reply post(QNetworkAccessManager& nam, const QString& baseUrl, const QByteArray& data)
{
    QNetworkRequest request(QUrl(baseUrl + QStringLiteral("/chat/completions")));
    request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
    QNetworkReply* reply = nam.post(request, data);
    QSignalSpy done(reply, &QNetworkReply::finished);
    if (!reply->isFinished())
        done.wait(20000);
    return finish(reply);
}

Reply get(QNetworkAccessManager& nam, const QString& url)
{
    QNetworkReply* reply = nam.get(QNetworkRequest(QUrl(url)));
    QSignalSpy done(reply, &QNetworkReply::finished);
    if (!reply->isFinished())
        done.wait(20000);
    return finish(reply);
}

RawResponse readRaw(QTcpSocket& socket, QByteArray& buffer, int waitMs)
{
    RawResponse out;
    QElapsedTimer timer;
    timer.start();
    for (;;) {
        const qsizetype headEnd = buffer.indexOf("\r\n\r\n");
        if (headEnd >= 0) {
            const QByteArray head = buffer.left(headEnd);
            const auto match = QRegularExpression(QStringLiteral("(?i)content-length: *(\\d+)"))
                                   .match(QString::fromLatin1(head));
            const qsizetype length = match.hasMatch() ? match.captured(1).toLongLong() : 0;
            if (buffer.size() >= headEnd + 4 + length) {
                out.head = head;
                out.status = head.mid(9, 3).toInt();
                out.body = buffer.mid(headEnd + 4, length);
                buffer.remove(0, headEnd + 4 + length);
                return out;
            }
        }
        // The server runs in this thread: wait with the event loop spinning, not with waitForReadyRead.
        const qint64 left = waitMs - timer.elapsed();
        if (socket.bytesAvailable() == 0) {
            QSignalSpy arrived(&socket, &QTcpSocket::readyRead);
            if (left <= 0 || !arrived.wait(static_cast<int>(left)))
                return out;
        }
        buffer += socket.readAll();
    }
}

QByteArray rawRequest(const QByteArray& data, quint16 port)
{
    return "POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1:" + QByteArray::number(port) +
           "\r\nContent-Type: application/json\r\nContent-Length: " + QByteArray::number(data.size()) +
           "\r\n\r\n" + data;
}

Answer canonicalOf(Answer slot, Order order)
{
    if (order == Order::AB)
        return slot;
    return slot == answer::kA ? answer::kB : answer::kA;
}

std::size_t JudgeSimFixture::row(const char* itemId) const
{
    for (std::size_t i = 0; i < m_audit->itemCount(); ++i)
        if (m_audit->str(m_audit->items().itemId[i]) == itemId)
            return i;
    return 0;
}

PromptItem JudgeSimFixture::item(const char* itemId) const
{
    return promptItemOf(*m_audit, row(itemId));
}

std::unique_ptr<JudgeSimServer> JudgeSimFixture::start(JudgeSimConfig config)
{
    auto server = std::make_unique<JudgeSimServer>(std::move(config), m_audit);
    QString error;
    if (!server->listen(0, &error))
        qWarning("%s", qPrintable(error));
    return server;
}

void JudgeSimFixture::loadItems()
{
    QVERIFY(m_dir.isValid());
    m_items = m_dir.filePath(QStringLiteral("items.jsonl"));
    QFile file(m_items);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(itemsJsonl());
    file.close();
    auto loaded = loadAudit({m_items.toStdString()}, ImportOptions{});
    QVERIFY(loaded.audit);
    m_audit = loaded.audit;
    QCOMPARE(m_audit->itemCount(), std::size_t(kPairs + 3));
}

} // namespace tribunal::test
