// The AlpacaEval annotations.json importer (core/io/harness/alpacaevalimporter.cpp), on hand-written files
// matching the upstream shapes (tests/data/harness/alpacaeval): weighted.json (AlpacaEval 2 before PR #402,
// fractional preferences, object raw_completion), fn_renamed.json (the same pairs after PR #402: preference_*
// keys, a string raw_completion), cot.json (object raw_completion + referenced_models) and ae1.json
// (AlpacaEval 1: no generators, integer preferences, 0 = draw); and on the published files of
// ../shared/data/harness-real/alpacaeval (five results/<model>/<annotator>/annotations.json of one
// leaderboard and AlpacaEval's own leaderboard rows for four of them). Over 400 lines on purpose: the
// expected values and messages are data rows, one per case.

#include "../common/testfiles.h"
#include "io/importer.h"
#include "model/auditbuilder.h"

#include <QtTest>

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <cmath>
#include <map>
#include <set>

using namespace tribunal;
using test::issuesText;
using test::writeFile;

namespace {

const QString kData = QStringLiteral(TRIBUNAL_TEST_DATA "/harness/alpacaeval/");
const QString kReal = QStringLiteral(TRIBUNAL_SHARED_DATA "/harness-real/alpacaeval");
constexpr std::string_view kWeighted = "weighted_alpaca_eval_gpt4_turbo";
constexpr std::string_view kFn = "alpaca_eval_gpt4_turbo_fn";
constexpr std::string_view kCot = "alpaca_eval_cot_gpt4_turbo_fn";

// Item ids `<FNV-1a 64 of the instruction>:<generator_1>:<generator_2>`, the hash computed by hand (Python)
// for the fixture instructions; every fixture pair is gpt4_1106_preview against gpt4.
constexpr const char* kEscargot = "ebb8a016635c9a14:gpt4_1106_preview:gpt4";
constexpr const char* kBroadway = "9b40dd710f29b4cc:gpt4_1106_preview:gpt4";
constexpr const char* kHaiku = "4e24bc10df81787c:gpt4_1106_preview:gpt4";
constexpr const char* kHello = "5ccfc08bfc8a6122:gpt4_1106_preview:gpt4";
constexpr const char* kThirds = "452fd45f916a53e4:gpt4_1106_preview:gpt4";
constexpr const char* kPrime = "41e79086d9b29dfd:gpt4_1106_preview:gpt4";

struct Imported {
    AuditPtr audit;
    ImportLog log;
    bool ok = false;
};

Imported importFiles(const QStringList& names)
{
    Imported out;
    AuditBuilder builder;
    out.ok = true;
    for (const auto& name : names)
        out.ok = out.ok && importAlpacaEval((kData + name).toStdString(), builder, out.log, {});
    if (out.ok)
        out.audit = builder.build(out.log);
    return out;
}

/// The judgment row of `judge` on item `itemId`, or -1.
int rowOf(const Audit& audit, std::string_view judge, std::string_view itemId)
{
    const auto item = audit.findItem("alpaca-eval", itemId);
    if (!item)
        return -1;
    for (auto r : audit.judgmentsOfItem(*item))
        if (audit.str(audit.judgments().judge[r]) == judge)
            return static_cast<int>(r);
    return -1;
}

QString qstr(const Audit& audit, StrId id)
{
    return QString::fromStdString(std::string(audit.str(id)));
}

/// A two-element array: a good element on line 2 and `bad` (element [1]) on line 3.
const QByteArray kGood = R"({"instruction":"Q","output_1":"a","output_2":"b","generator_1":"base",)"
                         R"("generator_2":"model","dataset":"helpful_base","annotator":"j","preference":1.0,)"
                         R"("price_per_example":0.01,"time_per_example":1.0,"raw_completion":"m"})";

QByteArray goodThen(const QByteArray& bad)
{
    return "[\n" + kGood + ",\n" + bad + "\n]\n";
}

/// kGood for another pair (instruction "Q2") with `from` replaced by `to`.
QByteArray other(const QByteArray& from = {}, const QByteArray& to = {})
{
    QByteArray element = kGood;
    element.replace(R"("instruction":"Q")", R"("instruction":"Q2")");
    if (!from.isEmpty())
        element.replace(from, to);
    return element;
}

/// importSources of `paths` (format detected), for the real files and directories.
struct Sourced {
    AuditPtr audit;
    ImportLog log;
    std::uint64_t judgmentsAdded = 0;
};

Sourced importPaths(const QStringList& paths)
{
    std::vector<std::string> names;
    for (const auto& path : paths)
        names.push_back(path.toStdString());
    auto outcome = importSources(names, nullptr, ImportOptions{});
    return {std::move(outcome.audit), std::move(outcome.log), outcome.judgmentsAdded};
}

/// One element of a one-element array file: kGood with `from` replaced by `to`.
QByteArray oneElement(const QByteArray& from = {}, const QByteArray& to = {})
{
    QByteArray element = kGood;
    if (!from.isEmpty())
        element.replace(from, to);
    return "[\n" + element + "\n]\n";
}

/// The value of `key` in the item's extra fields (model_a / model_b).
QString itemModel(const Audit& audit, std::uint32_t item, const char* key)
{
    const auto json = QJsonDocument::fromJson(
        QByteArray::fromStdString(std::string(audit.str(audit.items().field(ItemText::Extra, item)))));
    return json.object().value(QLatin1String(key)).toString();
}

/// A judgment as one comparable line: item id, judge, answer, probabilities, cost, latency, raw, extra.
std::string judgmentLine(const Audit& audit, std::uint32_t r)
{
    const auto& j = audit.judgments();
    std::string line = std::string(audit.str(audit.items().itemId[j.item[r]])) + "|" +
                       std::string(audit.str(j.judge[r])) + "|" + std::to_string(int(j.answer[r]));
    for (const auto& p : j.probsOf(r))
        line += "|" + QString::number(p.p, 'g', 17).toStdString();
    line += "|" + QString::number(j.costUsd(r), 'g', 17).toStdString() + "|" +
            QString::number(j.latencyS(r), 'g', 17).toStdString() + "|" + std::string(audit.str(j.raw[r])) +
            "|" + std::string(audit.str(j.extra[r]));
    return line;
}

/// The five published files: model directory, annotator, baseline (generator_1).
struct RealFile {
    const char* model;
    const char* annotator;
    const char* baseline;
};
constexpr RealFile kRealFiles[] = {
    {"alpaca-7b", "weighted_alpaca_eval_gpt4_turbo", "gpt4_1106_preview"},
    {"alpaca-7b_concise", "weighted_alpaca_eval_gpt4_turbo", "gpt4_1106_preview"},
    {"alpaca-7b_verbose", "weighted_alpaca_eval_gpt4_turbo", "gpt4_1106_preview"},
    {"alpaca-farm-ppo-human", "alpaca_eval_gpt4", "text_davinci_003"},
    {"gpt4_1106_preview", "weighted_alpaca_eval_gpt4_turbo", "gpt4_1106_preview"},
};

QString realPath(const RealFile& file)
{
    return kReal + "/results/" + file.model + "/" + file.annotator + "/annotations.json";
}

} // namespace

class TestAlpacaEval : public QObject {
    Q_OBJECT
private slots:
    void verdicts_data();
    void verdicts();
    void itemsStableAcrossAnnotators();
    void itemFields();
    void alpacaEval1();
    void orderNoneEverywhere();
    void winRateAsUpstream_data();
    void winRateAsUpstream();
    void generatorAlias();
    void badInput_data();
    void badInput();
    void skipAndListListsEach();
    void sameItemTwoFiles_data();
    void sameItemTwoFiles();
    void sameItemAgreeing();
    void directoryImport();
    void directoryProblems_data();
    void directoryProblems();
    void detectsDirectories_data();
    void detectsDirectories();
    void realCounts_data();
    void realCounts();
    void realModelsFromOwnFiles();
    void realRecords_data();
    void realRecords();
    void realWinRate_data();
    void realWinRate();
};

void TestAlpacaEval::verdicts_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("judge");
    QTest::addColumn<QString>("itemId");
    QTest::addColumn<int>("verdict");
    QTest::addColumn<double>("probA"); // -1 = no probabilities
    QTest::addColumn<double>("probB");
    QTest::addColumn<double>("cost"); // -1 = missing
    QTest::addColumn<double>("latency");
    QTest::addColumn<QString>("raw");
    QTest::addColumn<QString>("extra");
    QTest::addColumn<QString>("error");
    const QString w = "weighted.json", fn = "fn_renamed.json", judgeW(kWeighted.data()), judgeFn(kFn.data());
    const int a = answer::kA, b = answer::kB, tie = answer::kTie, none = answer::kNone;
    const QString mFirst = "{\n  \"ordered_models\": [\n    {\"model\": \"m\", \"rank\": 1},\n    "
                           "{\"model\": \"M\", \"rank\": 2}\n  ]\n}";
    const QString bigFirst = "{\n  \"ordered_models\": [\n    {\"model\": \"M\", \"rank\": 1},\n    "
                             "{\"model\": \"m\", \"rank\": 2}\n  ]\n}";
    const QString failed = "no preference (the annotation failed)";
    auto choice = [](const char* text, int tokens) {
        return QString(R"({"finish_reason":"length","index":0,"message":{"content":"%1","role":"assistant"},)"
                       R"("text":"%1","total_tokens":%2})")
            .arg(text)
            .arg(tokens);
    };
    QTest::newRow("1.25: A, P(B) 0.25, object raw")
        << w << judgeW << kEscargot << a << 0.75 << 0.25 << 0.01516 << 1.278452681
        << R"({"finish_reason":"length","index":0,"logprobs":{"content":[{"token":"m","bytes":[109],)"
           R"("logprob":-0.25,"top_logprobs":[{"token":"m","bytes":[109],"logprob":-0.25},{"token":"M",)"
           R"("bytes":[77],"logprob":-1.5}]}]},"message":{"content":"m","role":"assistant",)"
           R"("function_call":null,"tool_calls":null},"text":"m","total_tokens":812})"
        << R"({"preference":1.25})"
        << "";
    QTest::newRow("1.875: B, P(B) 0.875") << w << judgeW << kBroadway << b << 0.125 << 0.875 << 0.0125 << 1.5
                                          << choice("M", 640) << R"({"preference":1.875})"
                                          << "";
    QTest::newRow("2.0: B") << w << judgeW << kHaiku << b << -1.0 << -1.0 << 0.011 << 0.75 << choice("m", 515)
                            << R"({"preference":2.0})"
                            << "";
    QTest::newRow("1.5 identical outputs: tie, nulls")
        << w << judgeW << kHello << tie << -1.0 << -1.0 << -1.0 << -1.0 << ""
        << R"({"preference":1.5})"
        << "";
    QTest::newRow("null: failed") << w << judgeW << kThirds << none << -1.0 << -1.0 << -1.0 << 2.0 << ""
                                  << R"({"preference":null})" << failed;
    QTest::newRow("1.0: A") << w << judgeW << kPrime << a << -1.0 << -1.0 << 0.01 << 0.5 << choice("M", 433)
                            << R"({"preference":1.0})"
                            << "";
    const QString kept = R"({"preference":%1,"preference_version":"0.6.5","preference_date":"%2"})";
    QTest::newRow("#402 keys: A") << fn << judgeFn << kPrime << a << -1.0 << -1.0 << 0.0075 << 1.125
                                  << bigFirst << kept.arg("1.0", "2024-09-02T10:15:00.250000") << "";
    QTest::newRow("#402 keys: B") << fn << judgeFn << kBroadway << b << -1.0 << -1.0 << 0.0075 << 1.125
                                  << mFirst << kept.arg("2.0", "2024-09-02T10:15:04.000000") << "";
    QTest::newRow("#402 keys: tie, nulls")
        << fn << judgeFn << kHello << tie << -1.0 << -1.0 << -1.0 << -1.0 << ""
        << R"({"preference":1.5,"preference_version":null,"preference_date":null})"
        << "";
    QTest::newRow("#402 keys: failed with raw")
        << fn << judgeFn << kEscargot << none << -1.0 << -1.0 << 0.0075 << 1.125
        << "I cannot rank these outputs." << kept.arg("null", "2024-09-02T10:15:05.250000") << failed;
    QTest::newRow("CoT: object raw, referenced_models kept")
        << "cot.json" << QString(kCot.data()) << kEscargot << b << -1.0 << -1.0 << 0.02034 << 3.5
        << R"({"concise_explanation":"Model m gives steps and timings.","ordered_models":[{"model":"m",)"
           R"("rank":1},{"model":"M","rank":2}]})"
        << R"({"preference":2.0,"referenced_models":{"m":"output_2","M":"output_1"}})"
        << "";
}

void TestAlpacaEval::verdicts()
{
    QFETCH(QString, file);
    QFETCH(QString, judge);
    QFETCH(QString, itemId);
    QFETCH(int, verdict);
    QFETCH(double, probA);
    QFETCH(double, probB);
    QFETCH(double, cost);
    QFETCH(double, latency);
    QFETCH(QString, raw);
    QFETCH(QString, extra);
    QFETCH(QString, error);
    const auto imported = importFiles({file});
    QVERIFY2(imported.ok && imported.audit, qPrintable(issuesText(imported.log)));
    QVERIFY(imported.log.issues.empty());
    const Audit& a = *imported.audit;
    const int r = rowOf(a, judge.toStdString(), itemId.toStdString());
    QVERIFY(r >= 0);
    const auto& j = a.judgments();
    QCOMPARE(int(j.answer[r]), verdict);
    const auto probs = j.probsOf(r);
    if (probA < 0) {
        QCOMPARE(probs.size(), std::size_t(0));
    } else {
        QCOMPARE(probs.size(), std::size_t(2));
        QCOMPARE(probs[0].option, answer::kA);
        QVERIFY(probs[0].p == probA); // exact: QCOMPARE is fuzzy for doubles
        QCOMPARE(probs[1].option, answer::kB);
        QVERIFY(probs[1].p == probB);
    }
    QCOMPARE(std::isnan(j.costUsd(r)), cost < 0);
    if (cost >= 0)
        QCOMPARE(j.costUsd(r), cost);
    QCOMPARE(std::isnan(j.latencyS(r)), latency < 0);
    if (latency >= 0)
        QCOMPARE(j.latencyS(r), latency);
    QCOMPARE(qstr(a, j.raw[r]), raw);
    QCOMPARE(qstr(a, j.extra[r]), extra);
    QCOMPARE(qstr(a, j.error[r]), error);
    QCOMPARE(qstr(a, j.format[r]), QString("alpaca-eval"));
    QCOMPARE(j.rep[r], std::uint16_t(1));
}

void TestAlpacaEval::itemsStableAcrossAnnotators()
{
    // Three files, elements in different orders: every pair meets on one item, each judge once per item.
    const auto imported = importFiles({"weighted.json", "fn_renamed.json", "cot.json"});
    QVERIFY2(imported.ok && imported.audit, qPrintable(issuesText(imported.log)));
    const Audit& a = *imported.audit;
    QCOMPARE(a.itemCount(), std::size_t(6));
    QCOMPARE(a.judgmentCount(), std::size_t(13));
    for (const char* id : {kEscargot, kBroadway, kHaiku, kHello, kThirds, kPrime}) {
        const auto item = a.findItem("alpaca-eval", id);
        QVERIFY2(item, id);
        std::set<std::string_view> judges;
        for (auto r : a.judgmentsOfItem(*item))
            judges.insert(a.str(a.judgments().judge[r]));
        std::set<std::string_view> expected{kWeighted, kFn};
        if (std::string_view(id) == kEscargot)
            expected.insert(kCot);
        QCOMPARE(judges, expected);
    }
}

void TestAlpacaEval::itemFields()
{
    const auto imported = importFiles({"weighted.json"});
    QVERIFY(imported.ok && imported.audit);
    const Audit& a = *imported.audit;
    const auto item = a.findItem("alpaca-eval", kEscargot);
    QVERIFY(item);
    const auto& items = a.items();
    QCOMPARE(items.kind[*item], TaskKind::Pairwise);
    QCOMPARE(items.label[*item], answer::kNone);
    QCOMPARE(qstr(a, items.field(ItemText::Question, *item)), QString("How do I make escargot?"));
    QCOMPARE(qstr(a, items.field(ItemText::ResponseA, *item)),
             QString("Escargot is a classic French delicacy ..."));
    QCOMPARE(qstr(a, items.field(ItemText::ResponseB, *item)),
             QString("Escargot is a traditional French dish ..."));
    QCOMPARE(qstr(a, items.field(ItemText::Domain, *item)), QString("helpful_base"));
    QCOMPARE(qstr(a, items.field(ItemText::Extra, *item)),
             QString(R"({"model_a":"gpt4_1106_preview","model_b":"gpt4"})"));
    QCOMPARE(qstr(a, items.field(ItemText::Domain, *a.findItem("alpaca-eval", kHaiku))),
             QString("selfinstruct"));
}

void TestAlpacaEval::alpacaEval1()
{
    const auto imported = importFiles({"ae1.json"});
    QVERIFY2(imported.ok && imported.audit, qPrintable(issuesText(imported.log)));
    const Audit& a = *imported.audit;
    QCOMPARE(a.itemCount(), std::size_t(5));
    struct Expected {
        const char* id;
        Answer verdict;
        double cost, latency; // -1 = missing
    };
    const Expected expected[] = {
        {"5473797bab8245e3", answer::kTie, 0.0, 0.0}, // preference 0: the old draw
        {"d505fbeaaa4b2f45", answer::kA, 0.0135, 2.25}, {"b261fa6925517f8c", answer::kB, 0.0135, 2.25},
        {"221a7953dd421f67", answer::kNone, -1, -1},    {"a2034621b56c117d", answer::kB, 0.0135, 2.25},
    };
    const auto& j = a.judgments();
    for (const auto& e : expected) {
        const int r = rowOf(a, "alpaca_eval_gpt4", e.id);
        QVERIFY2(r >= 0, e.id);
        QCOMPARE(j.answer[r], e.verdict);
        QCOMPARE(j.probsOf(r).size(), std::size_t(0));
        QCOMPARE(std::isnan(j.costUsd(r)), e.cost < 0);
        if (e.cost >= 0)
            QCOMPARE(j.costUsd(r), e.cost);
        if (e.latency >= 0)
            QCOMPARE(j.latencyS(r), e.latency);
        QCOMPARE(j.raw[r], kEmptyStr);
        const auto item = j.item[r];
        QCOMPARE(a.items().field(ItemText::Extra, item), kEmptyStr); // no generator keys in AlpacaEval 1
        QCOMPARE(a.items().field(ItemText::Domain, item), kEmptyStr);
    }
    QCOMPARE(qstr(a, j.extra[rowOf(a, "alpaca_eval_gpt4", "5473797bab8245e3")]),
             QString(R"({"preference":0})"));
    QCOMPARE(qstr(a, j.error[rowOf(a, "alpaca_eval_gpt4", "221a7953dd421f67")]),
             QString("no preference (the annotation failed)"));
}

void TestAlpacaEval::orderNoneEverywhere()
{
    const auto imported = importFiles({"weighted.json", "fn_renamed.json", "cot.json", "ae1.json"});
    QVERIFY(imported.ok && imported.audit);
    const auto& j = imported.audit->judgments();
    QCOMPARE(j.size(), std::size_t(18));
    for (std::size_t r = 0; r < j.size(); ++r)
        QCOMPARE(j.order[r], Order::None);
}

void TestAlpacaEval::winRateAsUpstream_data()
{
    // Upstream get_winrate: mean of (preference - 1) over non-null preferences, 0 read as 1.5; by hand from
    // the fixtures' preference values.
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("total");
    QTest::addColumn<double>("winRate");
    // 1.25, 1.875, 2.0, 1.5, null, 1.0 -> (0.25 + 0.875 + 1 + 0.5 + 0) / 5
    QTest::newRow("weighted") << "weighted.json" << 5 << 0.525;
    // 1.0, 1.0, 1.5, 2.0, 2.0, null -> (0 + 0 + 0.5 + 1 + 1) / 5
    QTest::newRow("fn, #402 keys") << "fn_renamed.json" << 5 << 0.5;
    // 0, 1, 2, null, 2 -> (0.5 + 0 + 1 + 1) / 4
    QTest::newRow("AlpacaEval 1") << "ae1.json" << 4 << 0.625;
    QTest::newRow("CoT") << "cot.json" << 1 << 1.0;
}

void TestAlpacaEval::winRateAsUpstream()
{
    QFETCH(QString, file);
    QFETCH(int, total);
    QFETCH(double, winRate);
    const auto imported = importFiles({file});
    QVERIFY(imported.ok && imported.audit);
    const auto& j = imported.audit->judgments();
    double sum = 0;
    int n = 0;
    for (std::size_t r = 0; r < j.size(); ++r) {
        if (j.answer[r] == answer::kNone)
            continue; // upstream drops failed annotations: neither wins nor losses
        const auto probs = j.probsOf(r);
        sum += !probs.empty()                ? probs[1].p
               : j.answer[r] == answer::kB   ? 1.0
               : j.answer[r] == answer::kTie ? 0.5
                                             : 0.0;
        ++n;
    }
    QCOMPARE(n, total);
    QVERIFY2(sum / n == winRate, qPrintable(QString::number(sum / n, 'g', 17))); // exact
}

void TestAlpacaEval::generatorAlias()
{
    QTemporaryDir tmp;
    const QString path = tmp.filePath("annotations.json");
    // A bare `generator` (issue #336) names the baseline when generator_1 is absent; otherwise it is kept.
    const QByteArray text = "[\n" + other(R"("generator_1":"base")", R"("generator":"base")") + ",\n" +
                            kGood.chopped(1) + R"(,"generator":"seen"})" + "\n]\n";
    QVERIFY(writeFile(path, text));
    ImportLog log;
    AuditBuilder builder;
    QVERIFY2(importAlpacaEval(path.toStdString(), builder, log, {}), qPrintable(issuesText(log)));
    const auto audit = builder.build(log);
    QVERIFY(audit);
    QCOMPARE(audit->itemCount(), std::size_t(2));
    const QString models = R"({"model_a":"base","model_b":"model"})";
    for (std::size_t i = 0; i < 2; ++i)
        QCOMPARE(qstr(*audit, audit->items().field(ItemText::Extra, i)), models);
    const auto& j = audit->judgments();
    // FNV-1a of "Q2" and "Q" by hand (Python), then the generators.
    QCOMPARE(qstr(*audit, j.extra[rowOf(*audit, "j", "093f1407b5cfa82a:base:model")]),
             QString(R"({"preference":1.0})"));
    QCOMPARE(qstr(*audit, j.extra[rowOf(*audit, "j", "af640c4c86023e1c:base:model")]),
             QString(R"({"preference":1.0,"generator":"seen"})"));
}

void TestAlpacaEval::badInput_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("expected"); // %F = the file
    QTest::addColumn<bool>("record"); // a bad record (skipped with SkipAndList), not a whole-file problem
    auto row = [](const char* name, const QByteArray& bad, const QString& message) {
        QTest::newRow(name) << goodThen(bad) << "%F:3: " + message << true;
    };
    row("missing instruction", other(R"("instruction":"Q2",)", ""),
        "[1].instruction: required key is missing");
    row("instruction integer", other(R"("instruction":"Q2")", R"("instruction":7)"),
        "[1].instruction: expected a string, got an integer");
    row("output_2 null", other(R"("output_2":"b")", R"("output_2":null)"),
        "[1].output_2: expected a string, got null");
    row("annotator missing", other(R"("annotator":"j",)", ""), "[1].annotator: required key is missing");
    row("annotator empty", other(R"("annotator":"j")", R"("annotator":"")"),
        "[1].annotator: must not be empty");
    row("generator_1 integer", other(R"("generator_1":"base")", R"("generator_1":3)"),
        "[1].generator_1: expected a string, got an integer");
    row("dataset array", other(R"("dataset":"helpful_base")", R"("dataset":["koala"])"),
        "[1].dataset: expected a string, got an array");
    row("preference 2.5", other(R"("preference":1.0)", R"("preference":2.5)"),
        "[1].preference: 2.5 is not 0, 1, 2 or between 1 and 2");
    row("preference -1 (upstream cache's missing)", other(R"("preference":1.0)", R"("preference":-1)"),
        "[1].preference: -1 is not 0, 1, 2 or between 1 and 2");
    row("preference 0.5", other(R"("preference":1.0)", R"("preference":0.5)"),
        "[1].preference: 0.5 is not 0, 1, 2 or between 1 and 2");
    row("preference string", other(R"("preference":1.0)", R"("preference":"1")"),
        "[1].preference: expected a number, got a string");
    row("preference boolean", other(R"("preference":1.0)", R"("preference":true)"),
        "[1].preference: expected a number, got a boolean");
    row("negative price", other(R"("price_per_example":0.01)", R"("price_per_example":-0.5)"),
        "[1].price_per_example: -0.5 is negative");
    row("negative #402 time", other(R"("time_per_example":1.0)", R"("preference_time_per_example":-2)"),
        "[1].preference_time_per_example: -2 is negative");
    row("price string", other(R"("price_per_example":0.01)", R"("price_per_example":"0.01")"),
        "[1].price_per_example: expected a number, got a string");
    row("price given twice",
        other(R"("raw_completion")", R"("preference_price_per_example":0.02,"raw_completion")"),
        "[1].price_per_example: given twice (price_per_example and preference_price_per_example)");
    row("raw given twice",
        other(R"("raw_completion":"m")", R"("raw_completion":"m","preference_raw_completion":"M")"),
        "[1].raw_completion: given twice (raw_completion and preference_raw_completion)");
    row("raw number", other(R"("raw_completion":"m")", R"("raw_completion":3)"),
        "[1].raw_completion: expected a string, an object or an array, got an integer");
    row("duplicate key", other(R"("preference":1.0)", R"("preference":1.0,"preference":2.0)"),
        "[1].preference: duplicate key");
    row("duplicate unknown key", other(R"("raw_completion")", R"("note":1,"note":2,"raw_completion")"),
        "[1].note: duplicate key");
    row("null element", "null", "[1]: expected a JSON object, got null");
    // The same pair as line 2 (another judge): item fields must agree.
    QByteArray samePair = kGood;
    row("domain disagrees",
        samePair.replace(R"("annotator":"j")", R"("annotator":"k")")
            .replace(R"("dataset":"helpful_base")", R"("dataset":"koala")"),
        R"([1].dataset: "koala" disagrees with "helpful_base" given at line 2)");
    samePair = kGood;
    row("output_2 disagrees",
        samePair.replace(R"("annotator":"j")", R"("annotator":"k")")
            .replace(R"("output_2":"b")", R"("output_2":"b2")"),
        R"([1].output_2: "b2" disagrees with "b" given at line 2)");
    // Another generator_2 is another item, so model names can only disagree when a ':' in them makes two
    // pairs share an id: (base, x:model) and (base:x, model) are both `<hash of Q>:base:x:model`.
    QByteArray colonB = kGood, colonA = kGood;
    colonB.replace(R"("generator_2":"model")", R"("generator_2":"x:model")");
    colonA.replace(R"("annotator":"j")", R"("annotator":"k")")
        .replace(R"("generator_1":"base")", R"("generator_1":"base:x")");
    QTest::newRow("models disagree (':' in names)")
        << "[\n" + colonB + ",\n" + colonA + "\n]\n"
        << QString(R"(%F:3: [1].generator_1: "{\"model_a\":\"base:x\",\"model_b\":\"model\"}" disagrees )"
                   R"(with "{\"model_a\":\"base\",\"model_b\":\"x:model\"}" given at line 2)")
        << true;

    auto fileRow = [](const char* name, const QByteArray& text, const QString& message) {
        QTest::newRow(name) << text << "%F" + message << false;
    };
    fileRow("not an array", kGood, ": not a JSON array (the top level is an object)");
    fileRow("truncated", "[\n" + kGood + ",\n" + kGood.left(40),
            ": truncated JSON (the file ends inside an array, object or string)");
    fileRow("empty", "", ": empty file");
    fileRow("blank", " \n\n", ": empty file");
    fileRow("invalid JSON", "[\n" + kGood + ",,\n]\n",
            ": invalid JSON (The JSON document has an improper structure: missing or superfluous commas, "
            "braces, missing keys, etc.)");
    const QByteArray latin1 = goodThen(other(R"("output_1":"a")", "\"caf\xe9\""));
    fileRow("non-UTF-8", latin1,
            ":3: invalid UTF-8 (byte offset " + QString::number(latin1.indexOf('\xe9')) + ")");
}

void TestAlpacaEval::badInput()
{
    QFETCH(QByteArray, text);
    QFETCH(QString, expected);
    QFETCH(bool, record);
    QTemporaryDir tmp;
    const QString path = tmp.filePath("annotations.json");
    QVERIFY(writeFile(path, text));
    expected.replace("%F", path);
    for (const auto policy : {BadRecordPolicy::StopAtFirst, BadRecordPolicy::SkipAndList}) {
        ImportLog log;
        log.policy = policy;
        AuditBuilder builder;
        const bool ok = importAlpacaEval(path.toStdString(), builder, log, {});
        QCOMPARE(issuesText(log), expected);
        const bool skipped = record && policy == BadRecordPolicy::SkipAndList;
        QCOMPARE(ok, skipped);
        QCOMPARE(log.failed, !skipped);
        if (skipped) { // only the good element on line 2 is in
            QCOMPARE(log.skippedRecords, std::uint64_t(1));
            QCOMPARE(builder.itemCount(), std::size_t(1));
            QCOMPARE(builder.judgmentCount(), std::size_t(1));
            QCOMPARE(builder.str(builder.itemDataset(0)), std::string_view("alpaca-eval"));
            QCOMPARE(builder.text(0, ItemText::Domain), builder.intern("helpful_base"));
        }
    }
}

void TestAlpacaEval::skipAndListListsEach()
{
    QTemporaryDir tmp;
    const QString path = tmp.filePath("annotations.json");
    const QByteArray text = "[\n" + kGood + ",\n" + other(R"("preference":1.0)", R"("preference":3)") +
                            ",\n" + other(R"("instruction":"Q2")", R"("instruction":"Q3")") + ",\nnull,\n" +
                            other(R"("price_per_example":0.01)", R"("price_per_example":-1)") + "\n]\n";
    QVERIFY(writeFile(path, text));
    ImportLog log;
    log.policy = BadRecordPolicy::SkipAndList;
    AuditBuilder builder;
    QVERIFY(importAlpacaEval(path.toStdString(), builder, log, {}));
    QCOMPARE(issuesText(log), QString("%1:3: [1].preference: 3 is not 0, 1, 2 or between 1 and 2\n"
                                      "%1:5: [3]: expected a JSON object, got null\n"
                                      "%1:6: [4].price_per_example: -1 is negative")
                                  .arg(path));
    QCOMPARE(log.skippedRecords, std::uint64_t(3));
    QCOMPARE(builder.itemCount(), std::size_t(2)); // Q and Q3
    QCOMPARE(builder.judgmentCount(), std::size_t(2));
    QVERIFY(builder.build(log));
}

void TestAlpacaEval::sameItemTwoFiles_data()
{
    // The same instruction and generators in a second file (another annotator) with another text: a bad
    // record of the second file, naming the first. Upstream caches each model's outputs once, and the real
    // files agree (realModelsFromOwnFiles), so this means files from different runs.
    QTest::addColumn<QByteArray>("from");
    QTest::addColumn<QByteArray>("to");
    QTest::addColumn<QString>("reason");
    QTest::newRow("output_1") << QByteArray(R"("output_1":"a")") << QByteArray(R"("output_1":"a2")")
                              << R"([0].output_1: "a2" disagrees with "a" set before this file)";
    QTest::newRow("output_2") << QByteArray(R"("output_2":"b")") << QByteArray(R"("output_2":"b2")")
                              << R"([0].output_2: "b2" disagrees with "b" set before this file)";
    QTest::newRow("dataset") << QByteArray(R"("dataset":"helpful_base")")
                             << QByteArray(R"("dataset":"koala")")
                             << R"([0].dataset: "koala" disagrees with "helpful_base" set before this file)";
}

void TestAlpacaEval::sameItemTwoFiles()
{
    QFETCH(QByteArray, from);
    QFETCH(QByteArray, to);
    QFETCH(QString, reason);
    QTemporaryDir tmp;
    // b/ is written first: the directory is read in path order whatever order the listing gives.
    QVERIFY(QDir(tmp.path()).mkpath("b/k") && QDir(tmp.path()).mkpath("a/j"));
    const QString first = tmp.filePath("a/j/annotations.json"), second = tmp.filePath("b/k/annotations.json");
    QByteArray edited = oneElement(from, to);
    edited.replace(R"("annotator":"j")", R"("annotator":"k")");
    QVERIFY(writeFile(second, edited));
    QVERIFY(writeFile(first, oneElement()));
    const QString expected = second + ":2: " + reason + " (the item was first read from " + first + ":2)";
    for (const auto policy : {BadRecordPolicy::StopAtFirst, BadRecordPolicy::SkipAndList}) {
        ImportLog log;
        log.policy = policy;
        AuditBuilder builder;
        const bool ok = importAlpacaEval(first.toStdString(), builder, log, {}) &&
                        importAlpacaEval(second.toStdString(), builder, log, {});
        QCOMPARE(issuesText(log), expected);
        QCOMPARE(ok, policy == BadRecordPolicy::SkipAndList);
        QCOMPARE(builder.judgmentCount(), std::size_t(1)); // the first file's judgment only
    }
    const auto dir = importPaths({tmp.path()});
    QVERIFY(!dir.audit);
    QCOMPARE(issuesText(dir.log), expected);
}

void TestAlpacaEval::sameItemAgreeing()
{
    // Two annotators on the same model: one item, two judgments. The same annotator twice (a file imported
    // twice): the copies agree, so the second is merged into the first (one judgment, a note, no issue).
    QTemporaryDir tmp;
    const QString j = tmp.filePath("j.json"), k = tmp.filePath("k.json");
    QVERIFY(writeFile(j, oneElement()));
    QVERIFY(writeFile(k, oneElement(R"("annotator":"j")", R"("annotator":"k")")));
    const auto both = importPaths({j, k});
    QVERIFY2(both.audit, qPrintable(issuesText(both.log)));
    QCOMPARE(both.audit->itemCount(), std::size_t(1));
    QCOMPARE(both.audit->judgmentCount(), std::size_t(2));
    const auto twice = importPaths({j, j});
    QVERIFY2(twice.audit, qPrintable(issuesText(twice.log)));
    QCOMPARE(issuesText(twice.log), QString());
    QCOMPARE(twice.audit->itemCount(), std::size_t(1));
    QCOMPARE(twice.audit->judgmentCount(), std::size_t(1));
    QCOMPARE(twice.judgmentsAdded, std::uint64_t(1));
    QCOMPARE(twice.log.mergedRecords, std::uint64_t(1));
    QCOMPARE(twice.log.skippedRecords, std::uint64_t(0));
    QCOMPARE(twice.log.notes.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(twice.log.notes[0].text()),
             j + ": 1 judgment merged with ones already read or in the open audit (same key, and every field "
                 "both record agrees): kept once, with the fields only the later copy records");
    // The same annotator again with another verdict conflicts: a bad record naming the first copy.
    const QString l = tmp.filePath("l.json");
    QVERIFY(writeFile(l, oneElement(R"("preference":1.0)", R"("preference":2.0)")));
    const auto conflict = importPaths({j, l});
    QVERIFY(!conflict.audit);
    QCOMPARE(issuesText(conflict.log),
             l + ":2: rep: conflicting judgment: same item, judge, format, condition, order and rep as " + j +
                 ":2, different answer B here, A there");
}

void TestAlpacaEval::directoryImport()
{
    // A results/<model>/<annotator>/ tree plus a flat annotations.json at the top; other files are listed as
    // notes, not read.
    QTemporaryDir tmp;
    QDir root(tmp.path());
    QVERIFY(root.mkpath("results/m2/j") && root.mkpath("results/m1/j"));
    auto element = [](const char* model, const char* annotator) {
        QByteArray e = kGood;
        return e.replace(R"("generator_2":"model")", QByteArray(R"("generator_2":")") + model + "\"")
            .replace(R"("annotator":"j")", QByteArray(R"("annotator":")") + annotator + "\"");
    };
    QVERIFY(writeFile(tmp.filePath("results/m2/j/annotations.json"), "[\n" + element("m2", "j") + "\n]\n"));
    QVERIFY(writeFile(tmp.filePath("results/m1/j/annotations.json"),
                      "[\n" + element("m1", "j") + ",\n" +
                          other(R"("generator_2":"model")", R"("generator_2":"m1")") + "\n]\n"));
    QVERIFY(writeFile(tmp.filePath("annotations.json"), "[\n" + element("m1", "k") + "\n]\n"));
    QVERIFY(writeFile(tmp.filePath("results/m1/model_outputs.json"), "[]\n"));
    QVERIFY(writeFile(tmp.filePath("leaderboard.csv"), ",win_rate\n"));
    for (const QString& path : {tmp.path(), tmp.filePath("results")}) {
        QCOMPARE(detectFormat(path.toStdString()), SourceFormat::AlpacaEval);
        ImportLog log;
        AuditBuilder builder;
        QVERIFY2(importAlpacaEval(path.toStdString(), builder, log, {}), qPrintable(issuesText(log)));
        QVERIFY(log.issues.empty());
        const bool top = path == tmp.path();
        QStringList notes;
        for (const auto& note : log.notes)
            notes << QString::fromStdString(note.text());
        const QString reason = ": not read (AlpacaEval annotations are the files named annotations.json)";
        QStringList expectedNotes;
        if (top)
            expectedNotes << tmp.filePath("leaderboard.csv") + reason;
        expectedNotes << tmp.filePath("results/m1/model_outputs.json") + reason;
        QCOMPARE(notes, expectedNotes);
        // Sources in path order: annotations.json < results/m1/... < results/m2/...
        QStringList sources;
        for (std::size_t f = 1; f < builder.sourceFileCount(); ++f)
            sources << QString::fromStdString(builder.sourceFile(static_cast<std::uint32_t>(f)));
        QStringList expectedSources;
        if (top)
            expectedSources << tmp.filePath("annotations.json");
        expectedSources << tmp.filePath("results/m1/j/annotations.json")
                        << tmp.filePath("results/m2/j/annotations.json");
        QCOMPARE(sources, expectedSources);
        const auto audit = builder.build(log);
        QVERIFY(audit);
        // (Q, base, m1) judged by j and k, (Q2, base, m1) and (Q, base, m2) by j.
        QCOMPARE(audit->itemCount(), std::size_t(3));
        QCOMPARE(audit->judgmentCount(), std::size_t(top ? 4 : 3));
        const auto item = audit->findItem("alpaca-eval", "af640c4c86023e1c:base:m1");
        QVERIFY(item);
        QCOMPARE(audit->judgmentsOfItem(*item).size(), std::size_t(top ? 2 : 1));
    }
}

void TestAlpacaEval::directoryProblems_data()
{
    // Nothing below a directory is silently skipped: an annotations.json that is not AlpacaEval fails the
    // whole import as the single file would, even after a good file; a directory without any is an error.
    QTest::addColumn<QString>("file"); // relative to the directory
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<bool>("goodFirst");   // a good 0/j/annotations.json, read first (path order)
    QTest::addColumn<QString>("expected"); // %D = the directory
    const QByteArray object = R"({"instruction":"Q"})";
    QTest::newRow("an object, not an array")
        << "m/j/annotations.json" << object << true
        << "%D/m/j/annotations.json: not a JSON array (the top level is an object)";
    QTest::newRow("an empty annotations.json")
        << "m/j/annotations.json" << QByteArray() << true << "%D/m/j/annotations.json: empty file";
    QTest::newRow("a bad element") << "annotations.json" << goodThen("null") << true
                                   << "%D/annotations.json:3: [1]: expected a JSON object, got null";
    QTest::newRow("no annotations.json") << "m/model_outputs.json" << QByteArray("[]\n") << false
                                         << "%D: no annotations.json found in this directory or below";
}

void TestAlpacaEval::directoryProblems()
{
    QFETCH(QString, file);
    QFETCH(QByteArray, text);
    QFETCH(bool, goodFirst);
    QFETCH(QString, expected);
    QTemporaryDir tmp;
    QVERIFY(QDir(tmp.path()).mkpath(QFileInfo(tmp.filePath(file)).path()));
    QVERIFY(writeFile(tmp.filePath(file), text));
    if (goodFirst) {
        QVERIFY(QDir(tmp.path()).mkpath("0/j"));
        QVERIFY(writeFile(tmp.filePath("0/j/annotations.json"), oneElement()));
    }
    for (const auto policy : {BadRecordPolicy::StopAtFirst, BadRecordPolicy::SkipAndList}) {
        ImportLog log;
        log.policy = policy;
        AuditBuilder builder;
        const bool ok = importAlpacaEval(tmp.path().toStdString(), builder, log, {});
        QCOMPARE(issuesText(log), QString(expected).replace("%D", tmp.path()));
        // A bad element is skipped with SkipAndList; a file that is no annotations array never is.
        const bool skipped = policy == BadRecordPolicy::SkipAndList && file == "annotations.json";
        QCOMPARE(ok, skipped);
        QCOMPARE(log.failed, !skipped);
        if (skipped)
            QCOMPARE(builder.judgmentCount(), std::size_t(2)); // 0/j's and the good element of line 2
    }
}

void TestAlpacaEval::detectsDirectories_data()
{
    QTest::addColumn<QStringList>("files");
    QTest::addColumn<QString>("format");
    QTest::newRow("results tree") << QStringList{"results/m/j/annotations.json",
                                                 "results/m/model_outputs.json"}
                                  << "alpaca-eval";
    QTest::newRow("flat") << QStringList{"annotations.json"} << "alpaca-eval";
    QTest::newRow("LLMBar dataset.json beside annotations")
        << QStringList{"Natural/dataset.json", "x/annotations.json"} << "llmbar";
    QTest::newRow("LLMBar subset") << QStringList{"Natural/dataset.json",
                                                  "Natural/evaluators/j/f/result.json"}
                                   << "llmbar";
    QTest::newRow("neither (the LLMBar reader reports it)") << QStringList{"notes.txt"} << "llmbar";
    QTest::newRow("empty") << QStringList{} << "llmbar";
}

void TestAlpacaEval::detectsDirectories()
{
    QFETCH(QStringList, files);
    QFETCH(QString, format);
    QTemporaryDir tmp;
    for (const auto& file : files) {
        QVERIFY(QDir(tmp.path()).mkpath(QFileInfo(tmp.filePath(file)).path()));
        QVERIFY(writeFile(tmp.filePath(file), "[]\n"));
    }
    QCOMPARE(QString::fromUtf8(sourceFormatName(detectFormat(tmp.path().toStdString()))), format);
}

void TestAlpacaEval::realCounts_data()
{
    // Expected counts computed independently with python3 (json module) from the files: judgments = the
    // array's length, items = distinct (instruction, generator_1, generator_2), labelled items = 0
    // (AlpacaEval has no human labels), no answer = preference null (none in these files), ties =
    // preference 1.5 or 0.
    QTest::addColumn<QStringList>("paths");
    QTest::addColumn<int>("judgments");
    QTest::addColumn<int>("items");
    QTest::addColumn<int>("labelled");
    QTest::addColumn<int>("noAnswer");
    QTest::addColumn<int>("ties");
    const int counts[][2] = {{805, 3}, {804, 2}, {802, 2}, {805, 8}, {805, 805}}; // judgments, ties
    for (std::size_t f = 0; f < std::size(kRealFiles); ++f)
        QTest::newRow(kRealFiles[f].model)
            << QStringList{realPath(kRealFiles[f])} << counts[f][0] << counts[f][0] << 0 << 0 << counts[f][1];
    // The whole set: no instruction/generator pair is in two files, so items = judgments = the sum.
    QTest::newRow("harness-real/alpacaeval") << QStringList{kReal} << 4021 << 4021 << 0 << 0 << 820;
    QTest::newRow("its results/") << QStringList{kReal + "/results"} << 4021 << 4021 << 0 << 0 << 820;
    QStringList all;
    for (const auto& file : kRealFiles)
        all << realPath(file);
    QTest::newRow("the five files as paths") << all << 4021 << 4021 << 0 << 0 << 820;
}

void TestAlpacaEval::realCounts()
{
    QFETCH(QStringList, paths);
    QFETCH(int, judgments);
    QFETCH(int, items);
    QFETCH(int, labelled);
    QFETCH(int, noAnswer);
    QFETCH(int, ties);
    for (const auto& path : paths)
        QVERIFY2(QFileInfo::exists(path), qPrintable(path));
    const auto imported = importPaths(paths);
    QVERIFY2(imported.audit, qPrintable(issuesText(imported.log)));
    QVERIFY(imported.log.issues.empty());
    const Audit& a = *imported.audit;
    QCOMPARE(int(a.judgmentCount()), judgments);
    QCOMPARE(int(a.itemCount()), items);
    int withLabel = 0;
    for (std::size_t i = 0; i < a.itemCount(); ++i)
        withLabel += a.items().label[i] != answer::kNone;
    QCOMPARE(withLabel, labelled);
    int none = 0, tie = 0;
    for (std::size_t r = 0; r < a.judgmentCount(); ++r) {
        none += a.judgments().answer[r] == answer::kNone;
        tie += a.judgments().answer[r] == answer::kTie;
    }
    QCOMPARE(none, noAnswer);
    QCOMPARE(tie, ties);
}

void TestAlpacaEval::realModelsFromOwnFiles()
{
    // The directory import holds, for each model, exactly the judgments of its own file read alone: every
    // item has one judgment, its generators are the file's baseline and model, its judge the file's
    // annotator.
    const auto whole = importPaths({kReal});
    QVERIFY2(whole.audit, qPrintable(issuesText(whole.log)));
    QVERIFY(whole.log.issues.empty());
    const Audit& a = *whole.audit;
    std::map<QString, std::set<std::string>> byModel;
    for (std::uint32_t r = 0; r < a.judgmentCount(); ++r) {
        const auto item = a.judgments().item[r];
        QCOMPARE(a.judgmentsOfItem(item).size(), std::size_t(1));
        QVERIFY(byModel[itemModel(a, item, "model_b")].insert(judgmentLine(a, r)).second);
    }
    QCOMPARE(byModel.size(), std::size(kRealFiles));
    for (const auto& file : kRealFiles) {
        const auto single = importPaths({realPath(file)});
        QVERIFY2(single.audit, qPrintable(issuesText(single.log)));
        const Audit& s = *single.audit;
        std::set<std::string> lines;
        for (std::uint32_t r = 0; r < s.judgmentCount(); ++r) {
            const auto item = s.judgments().item[r];
            QCOMPARE(itemModel(s, item, "model_a"), QString(file.baseline));
            QCOMPARE(itemModel(s, item, "model_b"), QString(file.model));
            QCOMPARE(qstr(s, s.judgments().judge[r]), QString(file.annotator));
            QVERIFY(
                qstr(s, s.items().itemId[item]).endsWith(QString(":%1:%2").arg(file.baseline, file.model)));
            lines.insert(judgmentLine(s, r));
        }
        QCOMPARE(lines.size(), s.judgmentCount());
        QVERIFY2(byModel[file.model] == lines, file.model);
    }
}

void TestAlpacaEval::realRecords_data()
{
    // Hand-checked elements (index in the file's array), read with python3's json module: the item id is the
    // FNV-1a 64 of the instruction computed there, the texts' first characters, the preference mapped by hand
    // (P(A) = 2 - p, P(B) = p - 1, the same double operations), price / time per example as written.
    QTest::addColumn<QString>("file"); // model directory / annotator
    QTest::addColumn<QString>("itemId");
    QTest::addColumn<QString>("question");
    QTest::addColumn<QString>("responseA");
    QTest::addColumn<QString>("responseB");
    QTest::addColumn<QString>("domain");
    QTest::addColumn<int>("answer");
    QTest::addColumn<double>("probA"); // -1 = no probabilities
    QTest::addColumn<double>("probB");
    QTest::addColumn<double>("cost"); // -1 = missing (null)
    QTest::addColumn<double>("latency");
    QTest::addColumn<QString>("raw"); // the first characters
    QTest::addColumn<QString>("extra");
    const QString w7 = "alpaca-7b/weighted_alpaca_eval_gpt4_turbo";
    const QString logprobs = R"({"finish_reason":"length","index":0,"logprobs":{"content":[{"token":"M")";
    const int a = answer::kA, b = answer::kB, tie = answer::kTie;
    QTest::newRow("alpaca-7b [0]: 1.0000001827")
        << w7 << "9b40dd710f29b4cc:gpt4_1106_preview:alpaca-7b"
        << "What are the names of so"
        << "Several famous actors st"
        << "Some famous actors that "
        << "helpful_base" << a << 0.9999998173 << 1.8270000001763265e-07 << 0.00806 << 0.4406299141
        << logprobs << R"({"preference":1.0000001827})";
    QTest::newRow("alpaca-7b [195]: 1.6370307714, B")
        << w7 << "3deafb4c500ee68e:gpt4_1106_preview:alpaca-7b"
        << "I've put a plate on top "
        << "If you placed a plate on"
        << "The apple is still on th"
        << "koala" << b << 0.3629692285999999 << 0.6370307714000001 << 0.00356 << 0.407219841 << logprobs
        << R"({"preference":1.6370307714})";
    QTest::newRow("alpaca-7b [199]: identical outputs, 1.5, nulls")
        << w7 << "d7848dc532423720:gpt4_1106_preview:alpaca-7b"
        << "Write \"Test\""
        << "Test"
        << "Test"
        << "koala" << tie << -1.0 << -1.0 << -1.0 << -1.0 << ""
        << R"({"preference":1.5})";
    const QString concise = "alpaca-7b_concise/weighted_alpaca_eval_gpt4_turbo";
    QTest::newRow("concise [1]: 1.0000005043")
        << concise << "5de716d37039ef3f:gpt4_1106_preview:alpaca-7b_concise"
        << "How did US states get th"
        << "The names of U.S. states"
        << "US states derive their n"
        << "helpful_base" << a << 0.9999994957 << 5.042999999815834e-07 << 0.01114 << 0.1506606098 << logprobs
        << R"({"preference":1.0000005043})";
    QTest::newRow("concise [164]: 1.9715639679, B")
        << concise << "21a39c12e3cd43cc:gpt4_1106_preview:alpaca-7b_concise"
        << "antennas that transmit a"
        << "Antennas that transmit a"
        << "Antennas that transmit e"
        << "koala" << b << 0.028436032099999897 << 0.9715639679000001 << 0.00423 << 0.1580825949 << logprobs
        << R"({"preference":1.9715639679})";
    const QString verbose = "alpaca-7b_verbose/weighted_alpaca_eval_gpt4_turbo";
    QTest::newRow("verbose [112]: exactly 1.0, no probabilities")
        << verbose << "dacc8d13f2c4b882:gpt4_1106_preview:alpaca-7b_verbose"
        << "Is it true that the nati"
        << "The statement that nativ"
        << "Yes, it is true that the"
        << "helpful_base" << a << -1.0 << -1.0 << 0.00661 << 0.1754566021 << logprobs
        << R"({"preference":1.0})";
    QTest::newRow("verbose [24]: 1.9893474903, B")
        << verbose << "ff4fc92e26fec8bf:gpt4_1106_preview:alpaca-7b_verbose"
        << "What breed dog is smalle"
        << "The smallest breed of do"
        << "The Chihuahua is the sma"
        << "helpful_base" << b << 0.01065250970000009 << 0.9893474902999999 << 0.00438 << 0.1754566021
        << logprobs << R"({"preference":1.9893474903})";
    const QString farm = "alpaca-farm-ppo-human/alpaca_eval_gpt4";
    QTest::newRow("ppo-human [0]: 1, no raw_completion key")
        << farm << "9b40dd710f29b4cc:text_davinci_003:alpaca-farm-ppo-human"
        << "What are the names of so"
        << "Some famous actors that "
        << "Some famous actors that "
        << "helpful_base" << a << -1.0 << -1.0 << 0.01272 << 2.7083172352 << ""
        << R"({"preference":1})";
    QTest::newRow("ppo-human [50]: 0, identical outputs: a draw")
        << farm << "7ab9b62791c8108e:text_davinci_003:alpaca-farm-ppo-human"
        << "What year was the Yamato"
        << "The Yamato Battleship wa"
        << "The Yamato Battleship wa"
        << "helpful_base" << tie << -1.0 << -1.0 << -1.0 << -1.0 << ""
        << R"({"preference":0})";
    QTest::newRow("ppo-human [1]: 2") << farm << "5de716d37039ef3f:text_davinci_003:alpaca-farm-ppo-human"
                                      << "How did US states get th"
                                      << "US states get their name"
                                      << "The United States has 50"
                                      << "helpful_base" << b << -1.0 << -1.0 << 0.02262 << 2.7083172352 << ""
                                      << R"({"preference":2})";
    const QString self = "gpt4_1106_preview/weighted_alpaca_eval_gpt4_turbo";
    QTest::newRow("baseline against itself [0]: 1.5, nulls")
        << self << "9b40dd710f29b4cc:gpt4_1106_preview:gpt4_1106_preview"
        << "What are the names of so"
        << "Several famous actors st"
        << "Several famous actors st"
        << "helpful_base" << tie << -1.0 << -1.0 << -1.0 << -1.0 << ""
        << R"({"preference":1.5})";
    QTest::newRow("baseline against itself [804]")
        << self << "e8f281bfef72b5c4:gpt4_1106_preview:gpt4_1106_preview"
        << "Write a symphony concert"
        << "Title: A Night of Resple"
        << "Title: A Night of Resple"
        << "vicuna" << tie << -1.0 << -1.0 << -1.0 << -1.0 << ""
        << R"({"preference":1.5})";
}

void TestAlpacaEval::realRecords()
{
    QFETCH(QString, file);
    QFETCH(QString, itemId);
    QFETCH(QString, question);
    QFETCH(QString, responseA);
    QFETCH(QString, responseB);
    QFETCH(QString, domain);
    QFETCH(int, answer);
    QFETCH(double, probA);
    QFETCH(double, probB);
    QFETCH(double, cost);
    QFETCH(double, latency);
    QFETCH(QString, raw);
    QFETCH(QString, extra);
    const auto imported = importPaths({kReal + "/results/" + file + "/annotations.json"});
    QVERIFY2(imported.audit, qPrintable(issuesText(imported.log)));
    const Audit& a = *imported.audit;
    const QString judge = file.section('/', 1), model = file.section('/', 0, 0);
    const int r = rowOf(a, judge.toStdString(), itemId.toStdString());
    QVERIFY(r >= 0);
    const auto& items = a.items();
    const auto item = a.judgments().item[r];
    QVERIFY(qstr(a, items.field(ItemText::Question, item)).startsWith(question));
    QVERIFY(qstr(a, items.field(ItemText::ResponseA, item)).startsWith(responseA));
    QVERIFY(qstr(a, items.field(ItemText::ResponseB, item)).startsWith(responseB));
    QCOMPARE(qstr(a, items.field(ItemText::Domain, item)), domain);
    QCOMPARE(itemModel(a, item, "model_b"), model);
    QCOMPARE(itemModel(a, item, "model_a"), QString(itemId.section(':', 1, 1)));
    const auto& j = a.judgments();
    QCOMPARE(int(j.answer[r]), answer);
    const auto probs = j.probsOf(r);
    QCOMPARE(probs.size(), std::size_t(probA < 0 ? 0 : 2));
    if (probA >= 0) {
        QVERIFY(probs[0].option == answer::kA && probs[0].p == probA); // exact: the same double operations
        QVERIFY(probs[1].option == answer::kB && probs[1].p == probB);
    }
    QCOMPARE(std::isnan(j.costUsd(r)), cost < 0);
    if (cost >= 0)
        QVERIFY(j.costUsd(r) == cost);
    QCOMPARE(std::isnan(j.latencyS(r)), latency < 0);
    if (latency >= 0)
        QVERIFY(j.latencyS(r) == latency);
    QCOMPARE(qstr(a, j.raw[r]).isEmpty(), raw.isEmpty());
    QVERIFY(qstr(a, j.raw[r]).startsWith(raw));
    QCOMPARE(qstr(a, j.extra[r]), extra);
    QCOMPARE(j.error[r], kEmptyStr);
}

void TestAlpacaEval::realWinRate_data()
{
    QTest::addColumn<QString>("model");
    for (const char* model : {"gpt4_1106_preview", "alpaca-7b_verbose", "alpaca-7b", "alpaca-7b_concise"})
        QTest::newRow(model) << QString(model);
}

void TestAlpacaEval::realWinRate()
{
    // AlpacaEval's win rate from the imported judgments of the whole set: the mean over the model's judgments
    // with an answer of P(B) (the probability, else 1 for B, 1/2 for a tie, 0 for A), in percent; and its
    // discrete counts (n_wins = B, n_wins_base = A, n_draws = tie). Both must equal the published
    // leaderboard.
    QFETCH(QString, model);
    QFile csv(kReal + "/leaderboard_subset.csv");
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QStringList header = QString::fromUtf8(csv.readLine()).trimmed().split(',');
    QStringList row;
    while (!csv.atEnd()) {
        const QStringList cells = QString::fromUtf8(csv.readLine()).trimmed().split(',');
        if (cells.value(0) == model)
            row = cells;
    }
    QCOMPARE(row.size(), header.size());
    auto published = [&](const char* column) { return row.value(header.indexOf(column)).toDouble(); };

    const auto imported = importPaths({kReal});
    QVERIFY2(imported.audit, qPrintable(issuesText(imported.log)));
    const Audit& a = *imported.audit;
    const auto& j = a.judgments();
    double sum = 0;
    int n = 0, wins = 0, losses = 0, draws = 0;
    for (std::uint32_t r = 0; r < j.size(); ++r) {
        if (itemModel(a, j.item[r], "model_b") != model ||
            qstr(a, j.judge[r]) != QLatin1String("weighted_alpaca_eval_gpt4_turbo") ||
            j.answer[r] == answer::kNone)
            continue;
        const auto probs = j.probsOf(r);
        sum += !probs.empty()                ? probs[1].p
               : j.answer[r] == answer::kB   ? 1.0
               : j.answer[r] == answer::kTie ? 0.5
                                             : 0.0;
        ++n;
        wins += j.answer[r] == answer::kB;
        losses += j.answer[r] == answer::kA;
        draws += j.answer[r] == answer::kTie;
    }
    QCOMPARE(n, int(published("n_total")));
    QCOMPARE(wins, int(published("n_wins")));
    QCOMPARE(losses, int(published("n_wins_base")));
    QCOMPARE(draws, int(published("n_draws")));
    const double winRate = 100.0 * sum / n;
    QVERIFY2(std::abs(winRate - published("win_rate")) <= 1e-9,
             qPrintable(QString("%1 vs %2").arg(winRate, 0, 'g', 17).arg(published("win_rate"), 0, 'g', 17)));
}

QTEST_GUILESS_MAIN(TestAlpacaEval)
#include "tst_alpacaeval.moc"
