// tribunal-judge-sim's faults and counting (judging/judgesimserver.h, simanswers.h, simstats.h): failing the
// first requests, timeouts, drawn fault rates, refusals with their exact errors and the stats endpoints.
// Answers are in tst_judgesim, HTTP details and the executable in tst_judgesimhttp.

#include "../common/judgesimfixture.h"
#include "judging/judgesimconfig.h"
#include "judging/judgesimserver.h"
#include "judging/promptformat.h"
#include "judging/promptitems.h"

#include <QCryptographicHash>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QTcpSocket>
#include <QtTest>

using namespace tribunal;
using namespace tribunal::test;

class TestJudgeSimFaults : public QObject, public JudgeSimFixture {
    Q_OBJECT

private slots:
    void initTestCase() { loadItems(); }

    void failFirst_data()
    {
        QTest::addColumn<int>("kind");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("type");
        QTest::newRow("429") << int(JudgeSimFault::RateLimited) << 429 << QStringLiteral("requests");
        QTest::newRow("500") << int(JudgeSimFault::ServerError) << 500 << QStringLiteral("server_error");
        QTest::newRow("malformed") << int(JudgeSimFault::Malformed) << 200 << QString();
    }

    void failFirst()
    {
        QFETCH(int, kind);
        QFETCH(int, status);
        QFETCH(QString, type);
        JudgeSimConfig config;
        config.models[QStringLiteral("j1")] = model(0.8, 0.1, 0.5);
        config.faults.failFirst = 1;
        config.faults.failFirstKind = static_cast<JudgeSimFault>(kind);
        config.faults.retryAfterS = 6.5;
        JudgeSimConfig clean = config;
        clean.faults.failFirst = 0;
        auto server = start(config);
        auto reference = start(clean);
        QNetworkAccessManager nam;
        const QByteArray data = body(QStringLiteral("j1"), PromptFormat::CotJson, item("p5"), Order::BA);
        const Reply faulted = post(nam, server->baseUrl(), data);
        QCOMPARE(faulted.status, status);
        if (status == 429)
            QCOMPARE(faulted.retryAfter, QByteArray("7"));
        else
            QVERIFY(faulted.retryAfter.isEmpty());
        if (!type.isEmpty()) {
            QCOMPARE(faulted.json()
                         .value(QLatin1String("error"))
                         .toObject()
                         .value(QLatin1String("type"))
                         .toString(),
                     type);
        } else {
            QJsonParseError error;
            QJsonDocument::fromJson(faulted.body, &error);
            QVERIFY(error.error != QJsonParseError::NoError);
            QVERIFY(!faulted.body.isEmpty());
        }
        const QJsonObject afterFault = server->stats();
        QCOMPARE(afterFault.value(QLatin1String("answered")).toInt(), 0);
        QCOMPARE(afterFault.value(QLatin1String("faults"))
                     .toObject()
                     .value(judgeSimFaultName(static_cast<JudgeSimFault>(kind)))
                     .toInt(),
                 1);
        const Reply retried = post(nam, server->baseUrl(), data);
        QCOMPARE(retried.status, 200);
        const Reply expected = post(nam, reference->baseUrl(), data);
        QCOMPARE(retried.content(), expected.content());
        QCOMPARE(server->stats().value(QLatin1String("answered")).toInt(), 1);
        QCOMPARE(server->stats().value(QLatin1String("received")).toInt(), 2);
    }

    // A timeout fault accepts the request and stays silent with the connection open; the next connection is
    // answered.
    void timeoutStaysSilent()
    {
        JudgeSimConfig config;
        config.models[QStringLiteral("j1")] = model(0.8, 0.1, 0.95);
        config.faults.failFirst = 1;
        config.faults.failFirstKind = JudgeSimFault::Timeout;
        auto server = start(config);
        const QByteArray data = body(QStringLiteral("j1"), PromptFormat::Direct, item("p2"), Order::AB);
        QTcpSocket socket;
        socket.connectToHost(QHostAddress::LocalHost, server->port());
        QVERIFY(socket.waitForConnected(5000));
        socket.write(rawRequest(data, server->port()));
        QSignalSpy handled(server.get(), &JudgeSimServer::chatRequestHandled);
        QVERIFY(handled.wait(10000));
        QByteArray buffer;
        QCOMPARE(readRaw(socket, buffer, 300).status, 0);
        QVERIFY(buffer.isEmpty());
        QCOMPARE(socket.state(), QAbstractSocket::ConnectedState);
        QCOMPARE(
            server->stats().value(QLatin1String("faults")).toObject().value(QLatin1String("timeout")).toInt(),
            1);
        QCOMPARE(server->stats().value(QLatin1String("answered")).toInt(), 0);
        QNetworkAccessManager nam;
        QCOMPARE(post(nam, server->baseUrl(), data).status, 200);
    }

    void rateFaultsAreCounted()
    {
        JudgeSimConfig config;
        config.models[QStringLiteral("j1")] = model(0.8, 0.1, 0.95);
        config.faults.rate429 = 0.25;
        config.faults.rate500 = 0.25;
        config.faults.rateMalformed = 0.25;
        auto server = start(config);
        QNetworkAccessManager nam;
        int ok = 0, r429 = 0, r500 = 0, malformed = 0;
        for (int i = 0; i < 80; ++i) {
            const Reply reply = post(nam, server->baseUrl(),
                                     body(QStringLiteral("j1"), PromptFormat::Direct,
                                          item(qPrintable(QStringLiteral("p%1").arg(i))), Order::AB));
            if (reply.status == 429)
                ++r429;
            else if (reply.status == 500)
                ++r500;
            else if (reply.json().isEmpty())
                ++malformed;
            else
                ++ok;
        }
        const QJsonObject stats = server->stats();
        const QJsonObject faults = stats.value(QLatin1String("faults")).toObject();
        QCOMPARE(faults.value(QLatin1String("429")).toInt(), r429);
        QCOMPARE(faults.value(QLatin1String("500")).toInt(), r500);
        QCOMPARE(faults.value(QLatin1String("malformed")).toInt(), malformed);
        QCOMPARE(stats.value(QLatin1String("answered")).toInt(), ok);
        // Each kind has probability 1/4 per request: 80 requests give each at least once (P(miss) < 1e-9).
        QVERIFY(r429 > 0 && r500 > 0 && malformed > 0 && ok > 0);
    }

    void refusals_data()
    {
        QTest::addColumn<QByteArray>("data");
        QTest::addColumn<int>("status");
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("message");
        PromptItem stranger;
        stranger.question = QStringLiteral("A question no loaded item has.");
        stranger.responseA = QStringLiteral("An unknown first response.");
        stranger.responseB = QStringLiteral("An unknown second response.");
        QTest::newRow("unknown model")
            << body(QStringLiteral("gpt-nope"), PromptFormat::Direct, PromptItem(), Order::AB) << 404
            << QStringLiteral("model_not_found")
            << QStringLiteral("The model `gpt-nope` does not exist or you do not have access to it.");
        QTest::newRow("unmatched item")
            << body(QStringLiteral("j1"), PromptFormat::Direct, stranger, Order::AB) << 400 << QString()
            << QStringLiteral("messages: no item of the loaded audit matches the last user message");
        QTest::newRow("not JSON") << QByteArray("{\"model\": ") << 400 << QString()
                                  << QStringLiteral("the request body is not a JSON object");
        QTest::newRow("no model") << QByteArray(R"({"messages": []})") << 400 << QString()
                                  << QStringLiteral("model: required");
        QTest::newRow("unknown format")
            << QByteArray(R"({"model": "j1", "messages": [{"role": "user", "content": "Hello there"}]})")
            << 400 << QString() << QStringLiteral("messages: the prompt matches no Tribunal prompt format");
        QTest::newRow("oversize") << QByteArray(5000, 'x') << 413 << QStringLiteral("request_too_large")
                                  << QStringLiteral(
                                         "request body of 5000 bytes exceeds the limit of 4096 bytes");
    }

    void refusals()
    {
        QFETCH(QByteArray, data);
        QFETCH(int, status);
        QFETCH(QString, code);
        QFETCH(QString, message);
        JudgeSimConfig config;
        config.models[QStringLiteral("j1")] = model(0.8, 0.1, 0.95);
        config.maxBodyBytes = 4096;
        auto server = start(config);
        QNetworkAccessManager nam;
        const Reply reply = post(nam, server->baseUrl(), data);
        QCOMPARE(reply.status, status);
        const QJsonObject error = reply.json().value(QLatin1String("error")).toObject();
        QCOMPARE(error.value(QLatin1String("type")).toString(), QStringLiteral("invalid_request_error"));
        QCOMPARE(error.value(QLatin1String("message")).toString(), message);
        QCOMPARE(error.value(QLatin1String("code")).toString(), code);
        const QJsonObject stats = server->stats();
        QCOMPARE(stats.value(QLatin1String("received")).toInt(), 1);
        QCOMPARE(stats.value(QLatin1String("answered")).toInt(), 0);
        QCOMPARE(stats.value(QLatin1String("refused")).toObject().value(QString::number(status)).toInt(), 1);
    }

    void statsEndpoints()
    {
        JudgeSimConfig config;
        config.models[QStringLiteral("j1")] = model(0.8, 0.1, 0.95);
        config.models[QStringLiteral("j2")] = model(0.8, 0.1, 0.95);
        auto server = start(config);
        const QString statsPath = m_dir.filePath(QStringLiteral("stats.json"));
        server->setStatsFile(statsPath);
        QNetworkAccessManager nam;
        const QByteArray first = body(QStringLiteral("j1"), PromptFormat::Direct, item("p1"), Order::AB);
        const QByteArray second = body(QStringLiteral("j2"), PromptFormat::CotXml, item("p1"), Order::BA);
        for (const QByteArray& data : {first, first, second})
            QCOMPARE(post(nam, server->baseUrl(), data).status, 200);
        QCOMPARE(post(nam, server->baseUrl(),
                      body(QStringLiteral("j9"), PromptFormat::Direct, item("p1"), Order::AB))
                     .status,
                 404);

        const Reply stats = get(nam, server->baseUrl() + QStringLiteral("/stats"));
        QCOMPARE(stats.status, 200);
        const QJsonObject json = stats.json();
        QCOMPARE(json.value(QLatin1String("received")).toInt(), 4);
        QCOMPARE(json.value(QLatin1String("answered")).toInt(), 3);
        QCOMPARE(json.value(QLatin1String("bodies")).toInt(), 3);
        QCOMPARE(json.value(QLatin1String("max_answers_per_body")).toInt(), 2);
        QCOMPARE(json.value(QLatin1String("models")).toObject().value(QLatin1String("j1")).toInt(), 2);
        QCOMPARE(json.value(QLatin1String("models")).toObject().value(QLatin1String("j2")).toInt(), 1);
        QCOMPARE(json.value(QLatin1String("items")).toInt(), kPairs + 3);

        const Reply bodies = get(nam, server->baseUrl() + QStringLiteral("/stats/bodies"));
        QCOMPARE(bodies.status, 200);
        QMap<QString, int> answered;
        for (const QJsonValue& entry : bodies.json().value(QLatin1String("bodies")).toArray())
            answered[entry.toObject().value(QLatin1String("sha256")).toString()] =
                entry.toObject().value(QLatin1String("answered")).toInt();
        const auto hex = [](const QByteArray& data) {
            return QString::fromLatin1(QCryptographicHash::hash(data, QCryptographicHash::Sha256).toHex());
        };
        QCOMPARE(answered.size(), 3);
        QCOMPARE(answered.value(hex(first)), 2);
        QCOMPARE(answered.value(hex(second)), 1);

        // The stats file holds the same counts (written after every request's outcome).
        QFile file(statsPath);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QJsonObject written = QJsonDocument::fromJson(file.readAll()).object();
        QCOMPARE(written.value(QLatin1String("answered")).toInt(), 3);
        QCOMPARE(written.value(QLatin1String("received")).toInt(), 4);

        QCOMPARE(get(nam, server->baseUrl() + QStringLiteral("/nowhere")).status, 404);
    }

    // Two requests on one connection (keep-alive), the second sent after the first was answered; then two
    // requests in one write (the second waits in the buffer).
};

QTEST_GUILESS_MAIN(TestJudgeSimFaults)
#include "tst_judgesimfaults.moc"
