// tribunal-judge-sim's configuration and answers (judging/judgesimconfig.h, simanswers.h, simitemindex.h
// through judgesimserver.h): configuration errors, answers in every prompt format, extreme behaviours, rubric
// answers, bias cues, the generative model recovered over many items and run noise per identical body.
// Faults and counting are in tst_judgesimfaults, HTTP details and the executable in tst_judgesimhttp.

#include "../common/judgesimfixture.h"
#include "analysis/simjudgemodel.h"
#include "judging/answerparser.h"
#include "judging/chatrequest.h"
#include "judging/judgesimconfig.h"
#include "judging/judgesimserver.h"
#include "judging/perturbation.h"
#include "judging/promptformat.h"
#include "judging/promptitems.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QtTest>

#include <array>
#include <cmath>

using namespace tribunal;
using namespace tribunal::test;

class TestJudgeSim : public QObject, public JudgeSimFixture {
    Q_OBJECT

private slots:
    void initTestCase() { loadItems(); }

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
};

QTEST_GUILESS_MAIN(TestJudgeSim)
#include "tst_judgesim.moc"
