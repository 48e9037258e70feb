// The AlpacaEval annotations.json importer (core/io/alpacaevalimporter.cpp) on hand-written files matching
// the upstream shapes (tests/data/harness/alpacaeval; no real file was available): weighted.json (AlpacaEval
// 2 before PR #402, fractional preferences, object raw_completion), fn_renamed.json (the same pairs after
// PR #402: preference_* keys, a string raw_completion), cot.json (object raw_completion + referenced_models)
// and ae1.json (AlpacaEval 1: no generators, integer preferences, 0 = draw).
// Over 400 lines on purpose: the expected values and messages are data rows, one per case.

#include "../common/testfiles.h"
#include "io/importer.h"
#include "model/auditbuilder.h"

#include <QtTest>

#include <QTemporaryDir>

#include <cmath>
#include <set>

using namespace tribunal;
using test::issuesText;
using test::writeFile;

namespace {

const QString kData = QStringLiteral(TRIBUNAL_TEST_DATA "/harness/alpacaeval/");
constexpr std::string_view kWeighted = "weighted_alpaca_eval_gpt4_turbo";
constexpr std::string_view kFn = "alpaca_eval_gpt4_turbo_fn";
constexpr std::string_view kCot = "alpaca_eval_cot_gpt4_turbo_fn";

// FNV-1a 64 of instruction \0 output_1 \0 output_2, computed by hand (Python) for the fixture pairs.
constexpr const char* kEscargot = "cf76ea05482ca7e9";
constexpr const char* kBroadway = "5d3585e551c5d68d";
constexpr const char* kHaiku = "aece2b7cbbcabcb2";
constexpr const char* kHello = "b0ce3d77abec657c";
constexpr const char* kThirds = "7505623aa29e3e15";
constexpr const char* kPrime = "bdbc2d51c0b79014";

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
    // Hand-computed ids of (Q2, a, b) and (Q, a, b).
    QCOMPARE(qstr(*audit, j.extra[rowOf(*audit, "j", "c2145aadceb7e0cf")]), QString(R"({"preference":1.0})"));
    QCOMPARE(qstr(*audit, j.extra[rowOf(*audit, "j", "16ec26f7ac95766d")]),
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
    row("models disagree",
        samePair.replace(R"("annotator":"j")", R"("annotator":"k")")
            .replace(R"("generator_2":"model")", R"("generator_2":"other")"),
        R"([1].generator_1: "{\"model_a\":\"base\",\"model_b\":\"other\"}" disagrees with )"
        R"("{\"model_a\":\"base\",\"model_b\":\"model\"}" given at line 2)");

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

QTEST_GUILESS_MAIN(TestAlpacaEval)
#include "tst_alpacaeval.moc"
