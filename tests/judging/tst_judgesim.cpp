// tribunal-judge-sim (judging/judgesimserver.h, judgesimconfig.h, app/judge_sim_main.cpp): configuration
// errors, answers in every prompt format, the generative model recovered over many items, run noise per
// identical body, faults, refusals, counting, HTTP details (keep-alive, split requests) and the executable.

#include "analysis/simjudgemodel.h"
#include "io/auditsource.h"
#include "judging/answerparser.h"
#include "judging/chatrequest.h"
#include "judging/judgesimconfig.h"
#include "judging/judgesimserver.h"
#include "judging/perturbation.h"
#include "judging/promptformat.h"
#include "judging/promptitems.h"

#include <QCryptographicHash>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QtTest>

#include <array>
#include <cmath>
#include <memory>

using namespace tribunal;

namespace {

constexpr int kPairs = 400; // pairwise items of the rate test

// Pairwise items "p0".."p399" (labels A, B, A, ...) with marker words so no text occurs inside another, plus
// edge items: "nested" (response A inside response B), a binary and an ordinal rubric item.
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

QByteArray body(const QString& modelId, PromptFormat format, const PromptItem& item, Order order,
                int call = 0, bool logprobs = false)
{
    ChatRequest request;
    request.model = modelId;
    request.messages = buildPrompt(format, item, order, call);
    request.maxTokens = suggestedMaxTokens(format);
    request.logprobs = logprobs;
    return chatRequestBody(request);
}

struct Reply {
    int status = 0;
    QByteArray body;
    QByteArray retryAfter;
    QNetworkReply::NetworkError error = QNetworkReply::NoError;
    QJsonObject json() const { return QJsonDocument::fromJson(body).object(); }
    QString content() const
    {
        return json()
            .value(QLatin1String("choices"))
            .toArray()
            .at(0)
            .toObject()
            .value(QLatin1String("message"))
            .toObject()
            .value(QLatin1String("content"))
            .toString();
    }
};

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

// One HTTP response read from a raw socket: status and body (by Content-Length). Status 0 when nothing
// complete arrived within `waitMs`.
struct RawResponse {
    int status = 0;
    QByteArray head, body;
};

RawResponse readRaw(QTcpSocket& socket, QByteArray& buffer, int waitMs = 10000)
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

} // namespace

class TestJudgeSim : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_items;
    AuditPtr m_audit;

    std::size_t row(const char* itemId) const
    {
        for (std::size_t i = 0; i < m_audit->itemCount(); ++i)
            if (m_audit->str(m_audit->items().itemId[i]) == itemId)
                return i;
        return 0;
    }
    PromptItem item(const char* itemId) const { return promptItemOf(*m_audit, row(itemId)); }

    std::unique_ptr<JudgeSimServer> start(JudgeSimConfig config)
    {
        auto server = std::make_unique<JudgeSimServer>(std::move(config), m_audit);
        QString error;
        if (!server->listen(0, &error))
            qWarning("%s", qPrintable(error));
        return server;
    }

private slots:
    void initTestCase()
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

    void configErrors_data()
    {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("error");
        QTest::newRow("accuracy out of range")
            << QByteArray(R"({"models": {"j1": {"accuracy": 1.5}}})")
            << QStringLiteral("models.j1.accuracy: must be a number in [0, 1]");
        QTest::newRow("consistency below one half")
            << QByteArray(R"({"models": {"j1": {"consistency": 0.4}}})")
            << QStringLiteral("models.j1.consistency: must be a number in [0.5, 1]");
        QTest::newRow("misspelt key") << QByteArray(R"({"models": {"j1": {"acuracy": 0.8}}})")
                                      << QStringLiteral("models.j1.acuracy: unknown key");
        QTest::newRow("unknown top-level key")
            << QByteArray(R"({"colour": 1})") << QStringLiteral("colour: unknown key");
        QTest::newRow("rates above one")
            << QByteArray(R"({"faults": {"rate_429": 0.6, "rate_500": 0.6}})")
            << QStringLiteral("faults: the four rates must sum to at most 1 (they sum to 1.2)");
        QTest::newRow("fail_first fractional") << QByteArray(R"({"faults": {"fail_first": 1.5}})")
                                               << QStringLiteral("faults.fail_first: must be a whole number");
        QTest::newRow("fail_first_kind")
            << QByteArray(R"({"faults": {"fail_first_kind": "404"}})")
            << QStringLiteral("faults.fail_first_kind: must be one of 429, 500, timeout, malformed");
        QTest::newRow("models not an object")
            << QByteArray(R"({"models": [1]})")
            << QStringLiteral("models: must be an object of model id -> behaviour");
        QTest::newRow("seed negative") << QByteArray(R"({"seed": -1})")
                                       << QStringLiteral("seed: must be a number in [0, 9007199254740992]");
        QTest::newRow("not an object") << QByteArray("[]") << QStringLiteral("must be a JSON object");
    }

    void configErrors()
    {
        QFETCH(QByteArray, json);
        QFETCH(QString, error);
        const QString path = m_dir.filePath(QStringLiteral("bad.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
        file.write(json);
        file.close();
        QString got;
        QVERIFY(!readJudgeSimConfig(path, &got));
        QCOMPARE(got, path + QStringLiteral(": ") + error);
    }

    void configRoundTrip()
    {
        const QByteArray json = R"({"seed": 42, "models": {"j1": {"accuracy": 0.7, "position_bias": 0.25,
            "consistency": 0.9, "cue_effect": 0.4, "latency_ms": 12, "logprobs_sharpness": 0.8,
            "rationale_tokens": 10}}, "faults": {"rate_429": 0.1, "retry_after_s": 3, "fail_first": 2,
            "fail_first_kind": "timeout"}, "max_body_bytes": 5000})";
        QString error;
        const auto config = judgeSimConfigFromJson(QJsonDocument::fromJson(json).object(), &error);
        QVERIFY2(config, qPrintable(error));
        QCOMPARE(config->seed, quint64(42));
        const JudgeSimModel& m = config->models.at(QStringLiteral("j1"));
        QCOMPARE(m.behaviour.accuracy, 0.7);
        QCOMPARE(m.behaviour.positionBias, 0.25);
        QCOMPARE(m.behaviour.consistency, 0.9);
        QCOMPARE(m.cueEffect, 0.4);
        QCOMPARE(m.latencyMs, 12.0);
        QCOMPARE(m.logprobsSharpness, 0.8);
        QCOMPARE(m.rationaleTokens, 10);
        QCOMPARE(config->faults.rate429, 0.1);
        QCOMPARE(config->faults.retryAfterS, 3.0);
        QCOMPARE(config->faults.failFirst, 2);
        QCOMPARE(config->faults.failFirstKind, JudgeSimFault::Timeout);
        QCOMPARE(config->maxBodyBytes, qint64(5000));
        const auto again = judgeSimConfigFromJson(judgeSimConfigToJson(*config), &error);
        QVERIFY2(again, qPrintable(error));
        QCOMPARE(judgeSimConfigToJson(*again), judgeSimConfigToJson(*config));
    }

    void everyFormatParses_data()
    {
        QTest::addColumn<QString>("format");
        QTest::addColumn<QString>("itemId");
        QTest::addColumn<bool>("logprobs");
        for (PromptFormat format : allPromptFormats()) {
            const QString name = QString::fromLatin1(promptFormatName(format).data());
            if (format == PromptFormat::RubricCriterion) {
                QTest::newRow("rubric binary") << name << QStringLiteral("haiku") << false;
                QTest::newRow("rubric ordinal") << name << QStringLiteral("haiku-fluency") << false;
            } else {
                QTest::newRow(qPrintable(name)) << name << QStringLiteral("p7") << false;
                QTest::newRow(qPrintable(name + QStringLiteral(" logprobs")))
                    << name << QStringLiteral("p8") << true;
            }
        }
    }

    void everyFormatParses()
    {
        QFETCH(QString, format);
        QFETCH(QString, itemId);
        QFETCH(bool, logprobs);
        JudgeSimConfig config;
        config.models[QStringLiteral("j1")] = model(0.8, 0.1, 0.95);
        auto server = start(config);
        QNetworkAccessManager nam;
        const PromptFormat f = *promptFormatFromName(format.toStdString());
        const PromptItem texts = item(itemId.toLatin1().constData());
        const int levels = static_cast<int>(texts.levels.size());
        std::vector<ParsedAnswer> calls;
        for (int call = 0; call < callsPerJudgment(f); ++call) {
            const QByteArray data = body(QStringLiteral("j1"), f, texts, Order::BA, call, logprobs);
            const Reply reply = post(nam, server->baseUrl(), data);
            QCOMPARE(reply.status, 200);
            const QJsonObject json = reply.json();
            QCOMPARE(json.value(QLatin1String("object")).toString(), QStringLiteral("chat.completion"));
            QCOMPARE(json.value(QLatin1String("model")).toString(), QStringLiteral("j1"));
            QVERIFY(json.value(QLatin1String("id")).toString().startsWith(QLatin1String("chatcmpl-")));
            const QJsonObject choice = json.value(QLatin1String("choices")).toArray().at(0).toObject();
            QCOMPARE(choice.value(QLatin1String("finish_reason")).toString(), QStringLiteral("stop"));
            QCOMPARE(
                choice.value(QLatin1String("message")).toObject().value(QLatin1String("role")).toString(),
                QStringLiteral("assistant"));
            const QJsonObject usage = json.value(QLatin1String("usage")).toObject();
            const int promptTokens = usage.value(QLatin1String("prompt_tokens")).toInt();
            const int completionTokens = usage.value(QLatin1String("completion_tokens")).toInt();
            qsizetype promptChars = 0;
            for (const ChatMessage& m : buildPrompt(f, texts, Order::BA, call))
                promptChars += m.content.size();
            QCOMPARE(promptTokens, int((promptChars + 3) / 4));
            QCOMPARE(completionTokens, int((reply.content().size() + 3) / 4));
            QCOMPARE(usage.value(QLatin1String("total_tokens")).toInt(), promptTokens + completionTokens);
            const ParsedAnswer parsed = parseAnswer(f, texts.kind, levels, reply.content());
            QVERIFY2(parsed.slot != answer::kNone,
                     qPrintable(reply.content() + QStringLiteral(" ") + parsed.reason));
            if (texts.kind == TaskKind::Ordinal)
                QVERIFY(parsed.slot >= 1 && parsed.slot <= levels);
            if (texts.kind == TaskKind::Binary)
                QVERIFY(parsed.slot == answer::kMet || parsed.slot == answer::kUnmet);
            if (logprobs) {
                const QJsonArray content = choice.value(QLatin1String("logprobs"))
                                               .toObject()
                                               .value(QLatin1String("content"))
                                               .toArray();
                QVERIFY(!content.isEmpty());
                const auto probs = slotProbabilities(content, parsed.slot);
                QVERIFY2(probs, qPrintable(reply.content()));
                QVERIFY(probs->first > 0.0 && probs->second > 0.0);
                QVERIFY(std::abs(probs->first + probs->second - 1.0) < 1e-9);
            }
            calls.push_back(parsed);
        }
        // FLASK: the four criterion calls of one judgment name the same slot.
        for (const ParsedAnswer& call : calls)
            QCOMPARE(call.slot, calls.front().slot);
    }

    // Extreme behaviours make the answer a function of label and order: checks the order detection (also when
    // one response is contained in the other) and the item matching.
    void extremeBehaviours_data()
    {
        QTest::addColumn<double>("accuracy");
        QTest::addColumn<double>("positionBias");
        QTest::addColumn<QString>("itemId");
        QTest::addColumn<int>("order");
        QTest::addColumn<int>("slot");
        const int A = answer::kA, B = answer::kB, AB = int(Order::AB), BA = int(Order::BA);
        QTest::newRow("always right, label A, AB") << 1.0 << 0.0 << QStringLiteral("p0") << AB << A;
        QTest::newRow("always right, label A, BA") << 1.0 << 0.0 << QStringLiteral("p0") << BA << B;
        QTest::newRow("always right, label B, AB") << 1.0 << 0.0 << QStringLiteral("p1") << AB << B;
        QTest::newRow("always right, label B, BA") << 1.0 << 0.0 << QStringLiteral("p1") << BA << A;
        QTest::newRow("always wrong, label A, AB") << 0.0 << 0.0 << QStringLiteral("p0") << AB << B;
        QTest::newRow("always first, label B, AB") << 1.0 << 1.0 << QStringLiteral("p1") << AB << A;
        QTest::newRow("always first, label A, BA") << 1.0 << 1.0 << QStringLiteral("p0") << BA << A;
        QTest::newRow("nested responses, AB") << 1.0 << 0.0 << QStringLiteral("nested") << AB << A;
        QTest::newRow("nested responses, BA") << 1.0 << 0.0 << QStringLiteral("nested") << BA << B;
    }

    void extremeBehaviours()
    {
        QFETCH(double, accuracy);
        QFETCH(double, positionBias);
        QFETCH(QString, itemId);
        QFETCH(int, order);
        QFETCH(int, slot);
        JudgeSimConfig config;
        config.models[QStringLiteral("j1")] = model(accuracy, positionBias, 1.0);
        auto server = start(config);
        QNetworkAccessManager nam;
        for (PromptFormat f : {PromptFormat::Direct, PromptFormat::CotXml}) {
            const Reply reply = post(nam, server->baseUrl(),
                                     body(QStringLiteral("j1"), f, item(itemId.toLatin1().constData()),
                                          static_cast<Order>(order)));
            QCOMPARE(reply.status, 200);
            QCOMPARE(int(parseAnswer(f, TaskKind::Pairwise, 0, reply.content()).slot), slot);
        }
    }

    void rubricFollowsLabel()
    {
        JudgeSimConfig config;
        config.models[QStringLiteral("j1")] = model(1.0, 0.0, 1.0);
        auto server = start(config);
        QNetworkAccessManager nam;
        const Reply binary =
            post(nam, server->baseUrl(),
                 body(QStringLiteral("j1"), PromptFormat::RubricCriterion, item("haiku"), Order::None));
        QCOMPARE(binary.status, 200);
        QCOMPARE(parseAnswer(PromptFormat::RubricCriterion, TaskKind::Binary, 0, binary.content()).slot,
                 answer::kMet);
        const Reply ordinal = post(
            nam, server->baseUrl(),
            body(QStringLiteral("j1"), PromptFormat::RubricCriterion, item("haiku-fluency"), Order::None));
        QCOMPARE(ordinal.status, 200);
        QCOMPARE(parseAnswer(PromptFormat::RubricCriterion, TaskKind::Ordinal, 4, ordinal.content()).slot,
                 Answer(3));
    }

    // A prompt carrying a bandwagon cue aimed at the wrong candidate: with cue_effect 1 the cued slot wins,
    // with cue_effect 0 the judge (always right) is not moved.
    void cueEffect_data()
    {
        QTest::addColumn<double>("cueEffect");
        QTest::addColumn<int>("order");
        QTest::addColumn<int>("slot");
        QTest::newRow("cue wins, AB") << 1.0 << int(Order::AB) << int(answer::kB);
        QTest::newRow("cue wins, BA") << 1.0 << int(Order::BA) << int(answer::kA);
        QTest::newRow("no cue effect, AB") << 0.0 << int(Order::AB) << int(answer::kA);
        QTest::newRow("no cue effect, BA") << 0.0 << int(Order::BA) << int(answer::kB);
    }

    void cueEffect()
    {
        QFETCH(double, cueEffect);
        QFETCH(int, order);
        QFETCH(int, slot);
        JudgeSimConfig config;
        JudgeSimModel m = model(1.0, 0.0, 1.0);
        m.cueEffect = cueEffect;
        config.models[QStringLiteral("j1")] = m;
        auto server = start(config);
        QNetworkAccessManager nam;
        Perturbation perturbation;
        perturbation.test = QStringLiteral("bandwagon");
        perturbation.version = QStringLiteral("90%");
        perturbation.target = answer::kB; // p0's label is A: the cue favours the worse response
        const PromptItem cued = applyPerturbation(item("p0"), perturbation);
        const QByteArray data =
            body(QStringLiteral("j1"), PromptFormat::VerdictFirstJson, cued, Order(order));
        const auto cue = cueOfPrompt(buildPrompt(PromptFormat::VerdictFirstJson, cued, Order(order), 0));
        QVERIFY(cue);
        // With cue_effect 1 the answer is the slot cueOfPrompt reports (the sim's contract); with 0 the
        // judge's.
        if (cueEffect == 1.0)
            slot = cue->slot;
        const Reply reply = post(nam, server->baseUrl(), data);
        QCOMPARE(reply.status, 200);
        QCOMPARE(
            int(parseAnswer(PromptFormat::VerdictFirstJson, TaskKind::Pairwise, 0, reply.content()).slot),
            slot);
    }

    // 400 labelled pairs x both orders x 3 runs over HTTP: C, phi and A per pair are within 4 binomial SDs of
    // expectedTrustRates (the sim answers with simJudgeAnswer and draws settled per item, position per order,
    // run per body and k).
    void trustRatesRecovered()
    {
        const SimJudgeBehaviour behaviour = model(0.75, 0.25, 0.9).behaviour;
        JudgeSimConfig config;
        config.seed = 20261130;
        config.models[QStringLiteral("j1")].behaviour = behaviour;
        auto server = start(config);
        QNetworkAccessManager nam;
        constexpr int runs = 3;
        std::vector<std::array<std::array<Answer, runs>, 2>> verdicts(kPairs);
        int finished = 0, failed = 0;
        for (int i = 0; i < kPairs; ++i) {
            const PromptItem texts = item(qPrintable(QStringLiteral("p%1").arg(i)));
            for (int o = 0; o < 2; ++o) {
                const Order order = o == 0 ? Order::AB : Order::BA;
                const QByteArray data = body(QStringLiteral("j1"), PromptFormat::Direct, texts, order);
                for (int r = 0; r < runs; ++r) {
                    QNetworkRequest request(QUrl(server->baseUrl() + QStringLiteral("/chat/completions")));
                    request.setHeader(QNetworkRequest::ContentTypeHeader, QStringLiteral("application/json"));
                    QNetworkReply* reply = nam.post(request, data);
                    connect(reply, &QNetworkReply::finished, this, [&, reply, i, o, r, order] {
                        const Reply got = finish(reply);
                        const Answer slot =
                            parseAnswer(PromptFormat::Direct, TaskKind::Pairwise, 0, got.content()).slot;
                        if (got.status != 200 || (slot != answer::kA && slot != answer::kB))
                            ++failed;
                        else
                            verdicts[std::size_t(i)][std::size_t(o)][std::size_t(r)] =
                                canonicalOf(slot, order);
                        ++finished;
                    });
                }
            }
        }
        QTRY_COMPARE_WITH_TIMEOUT(finished, kPairs * 2 * runs, 300000);
        QCOMPARE(failed, 0);
        double consistent = 0, flipped = 0, correct = 0;
        for (int i = 0; i < kPairs; ++i) {
            const Answer label = i % 2 == 0 ? answer::kA : answer::kB;
            Answer modal[2];
            bool allAgree = true;
            for (int o = 0; o < 2; ++o) {
                const auto& v = verdicts[std::size_t(i)][std::size_t(o)];
                int countA = 0;
                for (Answer x : v) {
                    countA += x == answer::kA;
                    correct += x == label;
                }
                allAgree = allAgree && (countA == 0 || countA == runs);
                modal[o] = 2 * countA > runs ? answer::kA : answer::kB; // 3 runs: always a modal verdict
            }
            consistent += allAgree;
            flipped += modal[0] != modal[1];
        }
        const SimTrustRates expected = expectedTrustRates(behaviour, runs);
        const auto check = [](const char* what, double observed, double p) {
            const double sd = std::sqrt(p * (1 - p) / kPairs);
            QVERIFY2(std::abs(observed - p) <= 4 * sd,
                     qPrintable(QStringLiteral("%1: observed %2, expected %3 +- %4")
                                    .arg(QLatin1String(what))
                                    .arg(observed)
                                    .arg(p)
                                    .arg(4 * sd)));
        };
        check("C", consistent / kPairs, expected.consistency);
        check("phi", flipped / kPairs, expected.flipRate);
        check("A", correct / (kPairs * 2 * runs), expected.accuracy);
        const QJsonObject stats = server->stats();
        QCOMPARE(stats.value(QLatin1String("received")).toInt(), kPairs * 2 * runs);
        QCOMPARE(stats.value(QLatin1String("answered")).toInt(), kPairs * 2 * runs);
        QCOMPARE(stats.value(QLatin1String("bodies")).toInt(), kPairs * 2);
        QCOMPARE(stats.value(QLatin1String("max_answers_per_body")).toInt(), runs);
    }

    // Identical bodies advance k: with consistency 1/2 the runs of one body differ, and a server with the
    // same seed repeats the same sequence.
    void identicalBodiesAdvanceK()
    {
        JudgeSimConfig config;
        config.seed = 5;
        config.models[QStringLiteral("j1")] = model(0.8, 0.1, 0.5);
        const QByteArray data = body(QStringLiteral("j1"), PromptFormat::Direct, item("p3"), Order::AB);
        QStringList sequences;
        for (int server = 0; server < 2; ++server) {
            auto sim = start(config);
            QNetworkAccessManager nam;
            QString sequence;
            for (int k = 0; k < 20; ++k) {
                const Reply reply = post(nam, sim->baseUrl(), data);
                QCOMPARE(reply.status, 200);
                sequence += reply.content();
            }
            QVERIFY2(sequence.contains(QLatin1Char('A')) && sequence.contains(QLatin1Char('B')),
                     qPrintable(sequence));
            sequences << sequence;
            QCOMPARE(sim->stats().value(QLatin1String("bodies")).toInt(), 1);
            QCOMPARE(sim->stats().value(QLatin1String("max_answers_per_body")).toInt(), 20);
        }
        QCOMPARE(sequences[0], sequences[1]);
        // Another seed gives another sequence (2^-20 chance of equality by accident).
        config.seed = 6;
        auto other = start(config);
        QNetworkAccessManager nam;
        QString sequence;
        for (int k = 0; k < 20; ++k)
            sequence += post(nam, other->baseUrl(), data).content();
        QVERIFY(sequence != sequences[0]);
    }

    // The first request faults; the retry of the same body gets the answer a fault-free server gives first
    // (faults do not advance k).
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

QTEST_GUILESS_MAIN(TestJudgeSim)
#include "tst_judgesim.moc"
