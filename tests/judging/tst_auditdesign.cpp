// Audit designs (judging/auditdesign.h): reading and refusing design files, expanding them into judgments,
// the estimate before a run, the request identity; judge configurations (judging/judgeconfig.h).

#include "judging/auditdesign.h"
#include "judging/chatrequest.h"
#include "judging/judgeconfig.h"

#include "../common/judgingfixtures.h"
#include "io/auditsource.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace tribunal;

class TestAuditDesign : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_items;

    QJsonObject baseDesign() const
    {
        return test::designJson(
            QStringLiteral("items.jsonl"),
            {test::simJudgeJson(QStringLiteral("j1"), QStringLiteral("http://127.0.0.1:9/v1"))},
            {QStringLiteral("direct")}, 2);
    }

    AuditPtr loadItems() const
    {
        const auto loaded = loadAudit({m_items.toStdString()}, ImportOptions{});
        return loaded.audit;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_items = m_dir.filePath(QStringLiteral("items.jsonl"));
        QFile file(m_items);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(test::pairwiseItemsJsonl(10, QStringLiteral("demo")));
    }

    void readsAndWritesDesigns()
    {
        QJsonObject json = baseDesign();
        json.insert(QStringLiteral("conditions"),
                    QJsonArray{QJsonObject{{QStringLiteral("temperature"), 0}},
                               QJsonObject{{QStringLiteral("temperature"), 1},
                                           {QStringLiteral("tier"), QStringLiteral("x")}}});
        json.insert(QStringLiteral("bias"),
                    QJsonArray{QJsonObject{{QStringLiteral("test"), QStringLiteral("bandwagon")},
                                           {QStringLiteral("version"), QStringLiteral("90%")},
                                           {QStringLiteral("cue_on"), QStringLiteral("worse")}}});
        QString error;
        const auto design = designFromJson(json, m_dir.path(), &error);
        QVERIFY2(design, qPrintable(error));
        QCOMPARE(design->itemSources, QStringList{m_items});
        QCOMPARE(design->runs, 2);
        QCOMPARE(design->orders.size(), std::size_t(2));
        QCOMPARE(design->conditions.size(), std::size_t(2));
        QCOMPARE(design->bias.size(), std::size_t(1));
        // Round trip through designToJson.
        const auto again = designFromJson(designToJson(*design), m_dir.path(), &error);
        QVERIFY2(again, qPrintable(error));
        QCOMPARE(designToJson(*again), designToJson(*design));
    }

    void refusesBadDesigns_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QJsonValue>("value");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown key") << "colour" << QJsonValue(1)
                                     << "colour: unknown key (known: items, datasets, max_items_per_dataset, "
                                        "judges, formats, orders, runs, conditions, bias, bias_runs)";
        QTest::newRow("no items") << "items" << QJsonValue(QJsonArray())
                                  << "items: missing: name at least one file of items";
        QTest::newRow("format")
            << "formats" << QJsonValue(QJsonArray{QStringLiteral("fancy")})
            << "formats[0]: unknown format \"fancy\" (known: direct, vf-json, cot-json, vf-xml, "
               "cot-xml, g-eval, flask, rubric)";
        QTest::newRow("format twice")
            << "formats"
            << QJsonValue(
                   QJsonArray{QStringLiteral("direct"), QStringLiteral("g-eval"), QStringLiteral("direct")})
            << "formats[2]: \"direct\" is listed twice";
        {
            QJsonArray many;
            const QJsonObject judge{{QStringLiteral("name"), QStringLiteral("x")},
                                    {QStringLiteral("base_url"), QStringLiteral("http://h")},
                                    {QStringLiteral("model"), QStringLiteral("m")}};
            for (int i = 0; i < 65536; ++i)
                many.append(judge);
            QTest::newRow("too many judges")
                << "judges" << QJsonValue(many) << "judges: more than 65535 judges";
        }
        QTest::newRow("runs") << "runs" << QJsonValue(0) << "runs: must be a whole number in [1, 1000]";
        QTest::newRow("runs fraction")
            << "runs" << QJsonValue(1.5) << "runs: must be a whole number in [1, 1000]";
        QTest::newRow("orders") << "orders"
                                << QJsonValue(QJsonArray{QStringLiteral("AB"), QStringLiteral("AB")})
                                << "orders[1]: must be AB or BA, each once";
        QTest::newRow("judges empty") << "judges" << QJsonValue(QJsonArray())
                                      << "judges: must be a non-empty list of judge configurations";
        QTest::newRow("judge key") << "judges"
                                   << QJsonValue(QJsonArray{QJsonObject{
                                          {QStringLiteral("name"), QStringLiteral("x")},
                                          {QStringLiteral("base_url"), QStringLiteral("http://h/v1")},
                                          {QStringLiteral("model"), QStringLiteral("m")},
                                          {QStringLiteral("api_key"), QStringLiteral("sk-1")}}})
                                   << "judges[0].api_key: keys are not stored in configurations; name an "
                                      "environment variable in api_key_env instead";
        QTest::newRow("judge url") << "judges"
                                   << QJsonValue(QJsonArray{
                                          QJsonObject{{QStringLiteral("name"), QStringLiteral("x")},
                                                      {QStringLiteral("base_url"), QStringLiteral("ftp://h")},
                                                      {QStringLiteral("model"), QStringLiteral("m")}}})
                                   << "judges[0].base_url: must be an http or https URL";
        QTest::newRow("judge model") << "judges"
                                     << QJsonValue(QJsonArray{QJsonObject{
                                            {QStringLiteral("name"), QStringLiteral("x")},
                                            {QStringLiteral("base_url"), QStringLiteral("http://h")}}})
                                     << "judges[0].model: missing";
        QTest::newRow("judge in flight")
            << "judges"
            << QJsonValue(QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("x")},
                                                 {QStringLiteral("base_url"), QStringLiteral("http://h")},
                                                 {QStringLiteral("model"), QStringLiteral("m")},
                                                 {QStringLiteral("requests_in_flight"), 0}}})
            << "judges[0].requests_in_flight: must be a number in [1, 256]";
        QTest::newRow("condition temperature")
            << "conditions"
            << QJsonValue(QJsonArray{QJsonObject{{QStringLiteral("temperature"), QStringLiteral("hot")}}})
            << "conditions[0].temperature: must be a number in [0, 2]";
        QTest::newRow("condition nested")
            << "conditions" << QJsonValue(QJsonArray{QJsonObject{{QStringLiteral("x"), QJsonArray{1}}}})
            << "conditions[0].x: must be a string, number or true/false";
        QTest::newRow("bias cue") << "bias"
                                  << QJsonValue(QJsonArray{
                                         QJsonObject{{QStringLiteral("test"), QStringLiteral("bandwagon")},
                                                     {QStringLiteral("version"), QStringLiteral("90%")},
                                                     {QStringLiteral("cue_on"), QStringLiteral("left")}}})
                                  << "bias[0].cue_on: must be better or worse";
    }

    void refusesBadDesigns()
    {
        QFETCH(QString, key);
        QFETCH(QJsonValue, value);
        QFETCH(QString, message);
        QJsonObject json = baseDesign();
        json.insert(key, value);
        QString error;
        QVERIFY(!designFromJson(json, m_dir.path(), &error));
        QCOMPARE(error, message);
    }

    void designFileErrorsNameTheFile()
    {
        const QString path = m_dir.filePath(QStringLiteral("bad.json"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"runs\": ");
        file.close();
        QString error;
        QVERIFY(!readDesignFile(path, &error));
        QVERIFY2(error.startsWith(path + QStringLiteral(": not a JSON object (")), qPrintable(error));
        QVERIFY(!readDesignFile(m_dir.filePath(QStringLiteral("missing.json")), &error));
        QVERIFY2(error.startsWith(m_dir.filePath(QStringLiteral("missing.json")) +
                                  QStringLiteral(": cannot read: ")),
                 qPrintable(error));
    }

    void expandsEveryJudgment()
    {
        QJsonObject json = baseDesign();
        json.insert(QStringLiteral("formats"), QJsonArray{QStringLiteral("direct"), QStringLiteral("flask")});
        json.insert(QStringLiteral("max_items_per_dataset"), 4);
        json.insert(QStringLiteral("conditions"),
                    QJsonArray{QJsonObject{{QStringLiteral("temperature"), 0}},
                               QJsonObject{{QStringLiteral("temperature"), 1}}});
        QString error;
        const auto design = designFromJson(json, m_dir.path(), &error);
        QVERIFY2(design, qPrintable(error));
        const AuditPtr items = loadItems();
        QVERIFY(items);
        const DesignExpansion expansion = expandDesign(*design, *items);
        QCOMPARE(expansion.items.size(), std::size_t(4));
        // 4 items x 1 judge x 2 formats x 2 conditions x 2 orders x 2 runs.
        QCOMPARE(expansion.tasks.size(), std::size_t(64));
        // FLASK takes four calls: 32 direct + 32 x 4.
        QCOMPARE(expansion.calls, std::uint64_t(32 + 128));
        // The condition's temperature reaches the request and is recorded as text.
        const DesignTask& task = expansion.tasks.back();
        QCOMPARE(conditionOf(*design, task).value(QStringLiteral("temperature")).toString(),
                 QStringLiteral("1"));
        QCOMPARE(requestOf(*design, *items, task, 0).temperature, 1.0);
        // Every call of the design has its own hash; runs of one prompt differ only by the run index.
        QSet<QString> hashes;
        for (const DesignTask& t : expansion.tasks)
            for (int call = 0; call < callsPerJudgment(design->formats[t.format]); ++call)
                hashes.insert(taskCallHash(*design, requestOf(*design, *items, t, call), t));
        QCOMPARE(hashes.size(), qsizetype(160));
    }

    void biasVersionsNeedLabels()
    {
        QJsonObject json = baseDesign();
        json.insert(QStringLiteral("bias"),
                    QJsonArray{QJsonObject{{QStringLiteral("test"), QStringLiteral("bandwagon")},
                                           {QStringLiteral("version"), QStringLiteral("90%")},
                                           {QStringLiteral("cue_on"), QStringLiteral("worse")}}});
        QString error;
        const auto design = designFromJson(json, m_dir.path(), &error);
        QVERIFY2(design, qPrintable(error));
        const AuditPtr items = loadItems();
        const DesignExpansion expansion = expandDesign(*design, *items);
        // 10 items x 2 orders x (2 runs + 1 perturbed run).
        QCOMPARE(expansion.tasks.size(), std::size_t(60));
        QCOMPARE(expansion.skippedUnlabelledBias, std::uint64_t(0));
        // The cue of item q0000 (label A, cue on worse) names candidate B.
        for (const DesignTask& task : expansion.tasks)
            if (task.bias == 0 && task.item == 0 && task.order == Order::AB) {
                const ChatRequest request = requestOf(*design, *items, task, 0);
                QVERIFY2(request.messages.back().content.contains(QStringLiteral("90%")),
                         qPrintable(request.messages.back().content));
            }
    }

    void estimatesCostAndTime()
    {
        QJsonObject json = baseDesign();
        QJsonObject judge =
            test::simJudgeJson(QStringLiteral("j1"), QStringLiteral("http://127.0.0.1:9/v1"), 4);
        judge.insert(QStringLiteral("requests_per_second"), 2.0);
        json.insert(QStringLiteral("judges"), QJsonArray{judge});
        QString error;
        const auto design = designFromJson(json, m_dir.path(), &error);
        QVERIFY2(design, qPrintable(error));
        const AuditPtr items = loadItems();
        const DesignExpansion expansion = expandDesign(*design, *items);
        const DesignEstimate estimate = estimateDesign(*design, *items, expansion);
        QCOMPARE(estimate.calls, std::uint64_t(40));
        // Direct answers are assumed 2 tokens: 40 x 2 out.
        QCOMPARE(estimate.tokensOut, 80.0);
        double chars = 0;
        for (const DesignTask& task : expansion.tasks)
            for (const auto& message : requestOf(*design, *items, task, 0).messages)
                chars += static_cast<double>(message.content.size());
        QCOMPARE(estimate.tokensIn, chars / 4.0);
        QCOMPARE(estimate.costUsd, (chars / 4.0 * 1.0 + 80.0 * 2.0) / 1e6);
        // Rate limit 2 per second beats 4 in flight / (0.5 + 2/60) s: 40 calls take 20 s.
        QCOMPARE(estimate.durationS, 20.0);
    }

    void requestBodiesAreCanonical()
    {
        ChatRequest request;
        request.model = QStringLiteral("m");
        request.messages = {{QStringLiteral("system"), QStringLiteral("s")},
                            {QStringLiteral("user"), QStringLiteral("u")}};
        request.maxTokens = 32;
        QCOMPARE(
            chatRequestBody(request),
            QByteArray(
                R"({"max_tokens":32,"messages":[{"content":"s","role":"system"},{"content":"u","role":"user"}],"model":"m","temperature":0})"));
        request.logprobs = true;
        request.reasoningEffort = QStringLiteral("low");
        QVERIFY(chatRequestBody(request).contains(R"("logprobs":true)"));
        QVERIFY(chatRequestBody(request).contains(R"("top_logprobs":5)"));
        QVERIFY(chatRequestBody(request).contains(R"("reasoning_effort":"low")"));
        const QUrl url(QStringLiteral("http://h/v1/chat/completions"));
        const QString h1 = requestHash(QStringLiteral("j"), url, chatRequestBody(request), 1);
        QCOMPARE(h1.size(), qsizetype(64));
        QCOMPARE(requestHash(QStringLiteral("j"), url, chatRequestBody(request), 1), h1);
        QVERIFY(requestHash(QStringLiteral("j"), url, chatRequestBody(request), 2) != h1);
        QVERIFY(requestHash(QStringLiteral("k"), url, chatRequestBody(request), 1) != h1);
    }

    // The hand-written body equals QJsonDocument's bytes (the request hash and Batch files depend on them).
    void requestBodiesEqualQJson_data()
    {
        QTest::addColumn<QString>("content");
        QTest::addColumn<double>("temperature");
        QTest::addColumn<bool>("logprobs");
        QString ascii;
        for (int c = 0; c < 128; ++c)
            ascii += QChar(c);
        QTest::newRow("every ASCII character") << ascii << 0.0 << false;
        QTest::newRow("quotes and backslashes") << QStringLiteral("say \"A\" \\ or \\\"B\\\"") << 0.7 << true;
        QTest::newRow("non-ASCII") << QStringLiteral("Grüße, 日本語, ½ — “quoted”") << 1.0 << false;
        QTest::newRow("surrogate pair") << QStringLiteral("emoji \U0001F600 here") << 1.3 << false;
        QTest::newRow("lone surrogate")
            << (QStringLiteral("broken ") + QChar(0xD800) + QStringLiteral(" text")) << 0.1 << false;
        QTest::newRow("DEL and C1") << (QStringLiteral("a") + QChar(0x7f) + QChar(0x85) + QChar(0x9f))
                                    << 0.30000000000000004 << true;
        QTest::newRow("empty") << QString() << 2.0 << false;
        QTest::newRow("line separators")
            << (QStringLiteral("x") + QChar(0x2028) + QChar(0x2029) + QChar(0xFEFF)) << 0.25 << false;
    }

    void requestBodiesEqualQJson()
    {
        QFETCH(QString, content);
        QFETCH(double, temperature);
        QFETCH(bool, logprobs);
        ChatRequest request;
        request.model = QStringLiteral("model \"x\"");
        request.messages = {{QStringLiteral("system"), content}, {QStringLiteral("user"), content + content}};
        request.temperature = temperature;
        request.maxTokens = 4096;
        request.logprobs = logprobs;
        request.reasoningEffort = logprobs ? QStringLiteral("high") : QString();
        QCOMPARE(chatRequestBody(request), chatRequestBodyViaQJson(request));
    }

    void judgeConfigsKeepNoKey()
    {
        JudgeConfig config;
        config.name = QStringLiteral("j");
        config.baseUrl = QUrl(QStringLiteral("https://api.example.com/v1/"));
        config.model = QStringLiteral("m");
        config.apiKeyEnv = QStringLiteral("TRIBUNAL_TEST_DESIGN_KEY");
        qputenv("TRIBUNAL_TEST_DESIGN_KEY", "sk-design-secret");
        QCOMPARE(config.apiKey(), QByteArray("sk-design-secret"));
        QCOMPARE(config.completionsUrl().toString(),
                 QStringLiteral("https://api.example.com/v1/chat/completions"));
        const QByteArray json = QJsonDocument(judgeConfigToJson(config)).toJson();
        QVERIFY(!json.contains("sk-design-secret"));
        QVERIFY(json.contains("TRIBUNAL_TEST_DESIGN_KEY"));
        QString error;
        const auto back = judgeConfigFromJson(judgeConfigToJson(config), &error);
        QVERIFY2(back, qPrintable(error));
        QCOMPARE(judgeConfigToJson(*back), judgeConfigToJson(config));
        QCOMPARE(config.costUsd(1'000'000, 500'000), 0.0);
        config.priceInPerMTok = 3;
        config.priceOutPerMTok = 15;
        QCOMPARE(config.costUsd(1'000'000, 500'000), 3.0 + 7.5);
    }

    // Items whose prompts would lack a text (the Judges panel warns before sending them), per dataset.
    void findsItemsMissingTexts_data()
    {
        QTest::addColumn<QStringList>("items"); // "<dataset> <kind> <empty fields, comma-separated or ->"
        QTest::addColumn<int>("maxItems");
        QTest::addColumn<QString>("missing"); // "<dataset>: <missing>/<items> q<n> r<n> s<n> c<n>; ..."
        QTest::newRow("all texts") << QStringList{"d pairwise -", "d pairwise -"} << 0 << "";
        QTest::newRow("no question") << QStringList{"d pairwise question", "d pairwise -"} << 0
                                     << "d: 1/2 q1 r0 s0 c0";
        QTest::newRow("either response") << QStringList{"d pairwise response_a", "d pairwise response_b",
                                                        "d pairwise response_a,response_b"}
                                         << 0 << "d: 3/3 q0 r3 s0 c0";
        QTest::newRow("several texts of one item")
            << QStringList{"d pairwise question,response_b"} << 0 << "d: 1/1 q1 r1 s0 c0";
        QTest::newRow("two datasets, name order")
            << QStringList{"zeta pairwise question", "alpha pairwise -", "alpha pairwise response_a",
                           "mid pairwise -"}
            << 0 << "alpha: 1/2 q0 r1 s0 c0; zeta: 1/1 q1 r0 s0 c0";
        QTest::newRow("beyond the item limit")
            << QStringList{"d pairwise -", "d pairwise question"} << 1 << "";
        QTest::newRow("rubric") << QStringList{"r rubric submission", "r rubric criterion", "r rubric input"}
                                << 0 << "r: 2/3 q0 r0 s1 c1";
    }

    void findsItemsMissingTexts()
    {
        QFETCH(QStringList, items);
        QFETCH(int, maxItems);
        QFETCH(QString, missing);
        const QString path = m_dir.filePath(QStringLiteral("missing-%1.jsonl").arg(QTest::currentDataTag()));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        int n = 0;
        for (const QString& spec : items) {
            const QStringList parts = spec.split(QLatin1Char(' '));
            const bool pairwise = parts[1] == QStringLiteral("pairwise");
            QJsonObject item{
                {QStringLiteral("dataset"), parts[0]},
                {QStringLiteral("item_id"), QStringLiteral("i%1").arg(n++)},
                {QStringLiteral("kind"), pairwise ? QStringLiteral("pairwise") : QStringLiteral("binary")}};
            const QStringList fields = pairwise ? QStringList{"question", "response_a", "response_b"}
                                                : QStringList{"input", "submission", "criterion"};
            for (const QString& field : fields)
                if (!parts[2].split(QLatin1Char(',')).contains(field))
                    item.insert(field, QStringLiteral("text of %1 %2").arg(field).arg(n));
            file.write(QJsonDocument(item).toJson(QJsonDocument::Compact) + '\n');
        }
        file.close();
        const auto loaded = loadAudit({path.toStdString()}, ImportOptions{});
        QVERIFY(loaded.audit);
        QCOMPARE(loaded.audit->itemCount(), std::size_t(items.size()));
        QJsonObject json = baseDesign();
        json.insert(QStringLiteral("items"), QJsonArray{path});
        json.insert(QStringLiteral("formats"),
                    QJsonArray{QStringLiteral("direct"), QStringLiteral("rubric")});
        json.insert(QStringLiteral("max_items_per_dataset"), maxItems);
        QString error;
        const auto design = designFromJson(json, m_dir.path(), &error);
        QVERIFY2(design, qPrintable(error));
        QStringList got;
        for (const MissingTexts& entry :
             itemsMissingTexts(*loaded.audit, expandDesign(*design, *loaded.audit)))
            got << QStringLiteral("%1: %2/%3 q%4 r%5 s%6 c%7")
                       .arg(entry.dataset)
                       .arg(entry.missing)
                       .arg(entry.items)
                       .arg(entry.noQuestion)
                       .arg(entry.noResponses)
                       .arg(entry.noSubmission)
                       .arg(entry.noCriterion);
        QCOMPARE(got.join(QStringLiteral("; ")), missing);
    }
};

QTEST_GUILESS_MAIN(TestAuditDesign)
#include "tst_auditdesign.moc"
