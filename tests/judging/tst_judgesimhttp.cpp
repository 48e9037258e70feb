// tribunal-judge-sim's HTTP details and executable (judging/judgesimserver.h, simhttpreader.h,
// simhttpresponse.h, app/judge_sim_main.cpp): keep-alive, requests split across packets, latency,
// 100-continue, and the executable with good and bad configurations. Answers are in tst_judgesim, faults and
// counting in tst_judgesimfaults.

#include "../common/judgesimfixture.h"
#include "judging/answerparser.h"
#include "judging/judgesimconfig.h"
#include "judging/judgesimserver.h"
#include "judging/promptformat.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTcpSocket>
#include <QtTest>

using namespace tribunal;
using namespace tribunal::test;

class TestJudgeSimHttp : public QObject, public JudgeSimFixture {
    Q_OBJECT

private slots:
    void initTestCase() { loadItems(); }

    void keepAlive()
    {
        JudgeSimConfig config;
        config.models[QStringLiteral("j1")] = model(0.8, 0.1, 0.95);
        auto server = start(config);
        QTcpSocket socket;
        socket.connectToHost(QHostAddress::LocalHost, server->port());
        QVERIFY(socket.waitForConnected(5000));
        QByteArray buffer;
        const QByteArray one = rawRequest(
            body(QStringLiteral("j1"), PromptFormat::Direct, item("p1"), Order::AB), server->port());
        const QByteArray two = rawRequest(
            body(QStringLiteral("j1"), PromptFormat::Direct, item("p2"), Order::BA), server->port());
        socket.write(one);
        const RawResponse first = readRaw(socket, buffer);
        QCOMPARE(first.status, 200);
        QVERIFY(first.head.contains("Connection: keep-alive"));
        socket.write(two);
        QCOMPARE(readRaw(socket, buffer).status, 200);
        socket.write(one + two);
        QCOMPARE(readRaw(socket, buffer).status, 200);
        QCOMPARE(readRaw(socket, buffer).status, 200);
        QCOMPARE(socket.state(), QAbstractSocket::ConnectedState);
        QCOMPARE(server->stats().value(QLatin1String("answered")).toInt(), 4);
    }

    // One request split across two TCP writes (head and part of the body, then the rest).
    void splitRequest()
    {
        JudgeSimConfig config;
        config.models[QStringLiteral("j1")] = model(0.8, 0.1, 0.95);
        auto server = start(config);
        QTcpSocket socket;
        socket.connectToHost(QHostAddress::LocalHost, server->port());
        QVERIFY(socket.waitForConnected(5000));
        const QByteArray request = rawRequest(
            body(QStringLiteral("j1"), PromptFormat::VerdictFirstXml, item("p4"), Order::AB), server->port());
        const qsizetype cut = request.indexOf("\r\n\r\n") + 10;
        socket.write(request.left(cut));
        QVERIFY(socket.waitForBytesWritten(5000));
        QByteArray buffer;
        // Nothing is answered before the rest of the body arrives.
        QCOMPARE(readRaw(socket, buffer, 200).status, 0);
        socket.write(request.mid(cut));
        const RawResponse response = readRaw(socket, buffer);
        QCOMPARE(response.status, 200);
        const QString content = QJsonDocument::fromJson(response.body)
                                    .object()
                                    .value(QLatin1String("choices"))
                                    .toArray()
                                    .at(0)
                                    .toObject()
                                    .value(QLatin1String("message"))
                                    .toObject()
                                    .value(QLatin1String("content"))
                                    .toString();
        QVERIFY(parseAnswer(PromptFormat::VerdictFirstXml, TaskKind::Pairwise, 0, content).slot !=
                answer::kNone);
    }

    // With latency the answers still come in request order on a keep-alive connection (the second request
    // waits in the buffer while the first answer is delayed).
    void latency()
    {
        JudgeSimConfig config;
        JudgeSimModel slow = model(0.8, 0.1, 0.95);
        slow.latencyMs = 30;
        config.models[QStringLiteral("j1")] = slow;
        auto server = start(config);
        const QByteArray one = body(QStringLiteral("j1"), PromptFormat::Direct, item("p10"), Order::AB);
        const QByteArray two = body(QStringLiteral("j1"), PromptFormat::CotJson, item("p11"), Order::BA);
        QTcpSocket socket;
        socket.connectToHost(QHostAddress::LocalHost, server->port());
        QVERIFY(socket.waitForConnected(5000));
        socket.write(rawRequest(one, server->port()) + rawRequest(two, server->port()));
        QByteArray buffer;
        const RawResponse first = readRaw(socket, buffer);
        const RawResponse second = readRaw(socket, buffer);
        QCOMPARE(first.status, 200);
        QCOMPARE(second.status, 200);
        QVERIFY(first.body.contains("\"chat.completion\""));
        QVERIFY(second.body.contains("winner")); // the cot-json answer comes second
        QVERIFY(!first.body.contains("winner"));

        QCOMPARE(server->stats().value(QLatin1String("answered")).toInt(), 2);
    }

    // A client that sends "Expect: 100-continue" gets "100 Continue" before it sends the body (as curl does).
    void expectContinue()
    {
        JudgeSimConfig config;
        config.models[QStringLiteral("j1")] = model(0.8, 0.1, 0.95);
        auto server = start(config);
        QTcpSocket socket;
        socket.connectToHost(QHostAddress::LocalHost, server->port());
        QVERIFY(socket.waitForConnected(5000));
        const QByteArray data = body(QStringLiteral("j1"), PromptFormat::Direct, item("p6"), Order::BA);
        socket.write("POST /v1/chat/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 100-continue\r\n"
                     "Content-Length: " +
                     QByteArray::number(data.size()) + "\r\n\r\n");
        QByteArray buffer;
        QCOMPARE(readRaw(socket, buffer).status, 100);
        socket.write(data);
        QCOMPARE(readRaw(socket, buffer).status, 200);
    }

    // The real executable: the "listening on" line first, the expected rates, an answer, the stats file on
    // SIGTERM.
    void executable()
    {
        const QString configPath = m_dir.filePath(QStringLiteral("sim.json"));
        QFile config(configPath);
        QVERIFY(config.open(QIODevice::WriteOnly | QIODevice::Truncate));
        config.write(R"({"seed": 9, "models": {"exe-judge": {"accuracy": 0.8, "position_bias": 0.2,
                        "consistency": 0.9}}})");
        config.close();
        const QString statsPath = m_dir.filePath(QStringLiteral("exe-stats.json"));
        QProcess sim;
        sim.start(QStringLiteral(TRIBUNAL_JUDGE_SIM_PATH),
                  {m_items, QStringLiteral("--config"), configPath, QStringLiteral("--port"),
                   QStringLiteral("0"), QStringLiteral("--runs"), QStringLiteral("2"),
                   QStringLiteral("--stats-file"), statsPath});
        QVERIFY(sim.waitForStarted());
        QString out;
        const QRegularExpression rates(
            QStringLiteral("exe-judge.*C = ([0-9.]+), phi = ([0-9.]+), A = ([0-9.]+)"));
        QTRY_VERIFY_WITH_TIMEOUT(
            (out += QString::fromUtf8(sim.readAllStandardOutput()), rates.match(out).hasMatch()), 30000);
        const auto listening =
            QRegularExpression(QStringLiteral("^listening on (http://127\\.0\\.0\\.1:\\d+/v1)\n")).match(out);
        QVERIFY2(listening.hasMatch(), qPrintable(out));
        SimJudgeBehaviour behaviour;
        behaviour.accuracy = 0.8;
        behaviour.positionBias = 0.2;
        behaviour.consistency = 0.9;
        const SimTrustRates expected = expectedTrustRates(behaviour, 2);
        const auto match = rates.match(out);
        QCOMPARE(match.captured(1), QString::number(expected.consistency, 'f', 4));
        QCOMPARE(match.captured(2), QString::number(expected.flipRate, 'f', 4));
        QCOMPARE(match.captured(3), QString::number(expected.accuracy, 'f', 4));

        QNetworkAccessManager nam;
        const Reply reply =
            post(nam, listening.captured(1),
                 body(QStringLiteral("exe-judge"), PromptFormat::CotJson, item("p9"), Order::AB));
        QCOMPARE(reply.status, 200);
        QVERIFY(parseAnswer(PromptFormat::CotJson, TaskKind::Pairwise, 0, reply.content()).slot !=
                answer::kNone);
        sim.terminate();
        QVERIFY(sim.waitForFinished(10000));
        QCOMPARE(sim.exitStatus(), QProcess::NormalExit);
        QCOMPARE(sim.exitCode(), 0);
        QFile stats(statsPath);
        QVERIFY(stats.open(QIODevice::ReadOnly));
        QCOMPARE(QJsonDocument::fromJson(stats.readAll()).object().value(QLatin1String("answered")).toInt(),
                 1);
    }

    void executableBadConfig_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<QString>("error");
        QTest::newRow("file") << QByteArray(R"({"models": {"j1": {"position_bias": 2}}})") << QStringList()
                              << QStringLiteral("%1: models.j1.position_bias: must be a number in [0, 1]");
        QTest::newRow("override") << QByteArray(R"({"models": {"j1": {}}})")
                                  << QStringList{QStringLiteral("--accuracy"), QStringLiteral("1.2")}
                                  << QStringLiteral(
                                         "command line: models.j1.accuracy: must be a number in [0, 1]");
    }

    void executableBadConfig()
    {
        QFETCH(QByteArray, json);
        QFETCH(QStringList, extra);
        QFETCH(QString, error);
        const QString path = m_dir.filePath(QStringLiteral("exe-bad.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(json);
        file.close();
        QProcess sim;
        sim.start(QStringLiteral(TRIBUNAL_JUDGE_SIM_PATH),
                  QStringList{m_items, QStringLiteral("--config"), path} + extra);
        QVERIFY(sim.waitForFinished(30000));
        QCOMPARE(sim.exitCode(), 2);
        QCOMPARE(QString::fromUtf8(sim.readAllStandardError()).trimmed(),
                 error.contains(QLatin1String("%1")) ? error.arg(path) : error);
    }
};

QTEST_GUILESS_MAIN(TestJudgeSimHttp)
#include "tst_judgesimhttp.moc"
