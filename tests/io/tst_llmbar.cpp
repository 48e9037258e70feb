// The LLMBar layout importer on the real data (../shared/data/llmbar) and on a cut-down copy of it
// (tests/data/llmbar/mini, MIT licence of LLMBar next to it).
// Over 600 lines on purpose: one suite per format; the real-data checks and the fixture mutations (one per
// message) belong together.

#include "../common/auditcompare.h"
#include "../common/testaudits.h"
#include "../common/testfiles.h"
#include "io/importer.h"
#include "model/auditbuilder.h"

#include <QtTest>

#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <atomic>
#include <map>
#include <set>
#include <tuple>

using namespace tribunal;
using test::compareAudits;
using test::copyTree;
using test::editLine;
using test::readFile;
using test::writeFile;

namespace {

const QString kNative = QStringLiteral(TRIBUNAL_SHARED_DATA "/llmbar/native");
const QString kNatural = kNative + "/LLMBar/Natural";
const QString kCsv = QStringLiteral(TRIBUNAL_SHARED_DATA "/llmbar/llmbar_verdicts.csv");
const QString kMini = QStringLiteral(TRIBUNAL_TEST_DATA "/llmbar/mini");
const char* const kNaturalName = "llmbar-LLMBar-Natural";

using Key = std::tuple<std::string, std::string, std::string, Order>; // judge, format, item_id, order

struct Imported {
    AuditPtr audit;
    ImportLog log;
    bool ok = false;
};

Imported importPath(const QString& path, BadRecordPolicy policy = BadRecordPolicy::StopAtFirst,
                    const Progress& progress = {})
{
    Imported out;
    out.log.policy = policy;
    AuditBuilder builder;
    out.ok = importLlmBar(path.toStdString(), builder, out.log, progress);
    if (out.ok)
        out.audit = builder.build(out.log);
    return out;
}

std::map<Key, std::uint32_t> indexJudgments(const Audit& audit)
{
    std::map<Key, std::uint32_t> index;
    const auto& j = audit.judgments();
    for (std::uint32_t r = 0; r < j.size(); ++r) {
        Key key{std::string(audit.str(j.judge[r])), std::string(audit.str(j.format[r])),
                std::string(audit.str(audit.items().itemId[j.item[r]])), j.order[r]};
        index.emplace(std::move(key), r);
    }
    return index;
}

bool isRating(std::string_view format)
{
    return format.substr(0, 6) == "Rating";
}

QString str(const Audit& audit, StrId id)
{
    return QString::fromStdString(std::string(audit.str(id)));
}

QJsonObject extraOf(const Audit& audit, std::uint32_t row)
{
    auto text = audit.str(audit.judgments().extra[row]);
    return QJsonDocument::fromJson(QByteArray(text.data(), static_cast<qsizetype>(text.size()))).object();
}

/// Numerator and denominator of "94 / 100 = 94.0%".
std::pair<int, int> ratio(const QString& text)
{
    static const QRegularExpression re(QStringLiteral("^(\\d+) / (\\d+) = "));
    auto m = re.match(text);
    if (!m.hasMatch())
        return {-1, -1};
    return {m.captured(1).toInt(), m.captured(2).toInt()};
}

struct CsvRow {
    std::string dataset, itemId, judge, format, order, rep, verdict, label, probA, cost, latency;
};

/// The shared CSV has no quoted fields (checked: every row has exactly 11 cells).
std::vector<CsvRow> readCsv(const QString& path, QString* error)
{
    std::vector<CsvRow> rows;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text)) {
        *error = "cannot open " + path;
        return rows;
    }
    const auto header = f.readLine().trimmed();
    if (header != "dataset,item_id,judge,format,order,rep,verdict,label,prob_a,cost_usd,latency_s") {
        *error = "unexpected header " + QString::fromUtf8(header);
        return rows;
    }
    while (!f.atEnd()) {
        auto line = f.readLine();
        if (line.endsWith('\n'))
            line.chop(1);
        if (line.isEmpty())
            continue;
        auto cells = line.split(',');
        if (cells.size() != 11) {
            *error = "bad row " + QString::fromUtf8(line);
            return {};
        }
        auto s = [&](int k) { return cells[k].toStdString(); };
        rows.push_back({s(0), s(1), s(2), s(3), s(4), s(5), s(6), s(7), s(8), s(9), s(10)});
    }
    return rows;
}

} // namespace

class TestLlmBar : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void naturalItems();
    void naturalJudgesFormatsOrders();
    void naturalRawAndExtra();
    void naturalMatchesCsv();
    void naturalMatchesStatistics();
    void wholeTree();
    void datasetNames_data();
    void datasetNames();
    void miniExtras();
    void unknownKeysKept();
    void progressAndCancel();
    void badInput_data();
    void badInput();
    void badRecordSkipped_data();
    void badRecordSkipped();
    void conflictsWithBase_data();
    void conflictsWithBase();

private:
    Imported m_natural;
    std::map<Key, std::uint32_t> m_index;
};

void TestLlmBar::initTestCase()
{
    QVERIFY2(QFileInfo::exists(kNatural + "/dataset.json"), qPrintable(kNatural));
    m_natural = importPath(kNatural);
    QVERIFY(m_natural.ok);
    QVERIFY(m_natural.audit);
    QVERIFY(m_natural.log.issues.empty());
    m_index = indexJudgments(*m_natural.audit);
}

void TestLlmBar::naturalItems()
{
    const Audit& a = *m_natural.audit;
    QCOMPARE(a.itemCount(), std::size_t(100));
    const auto& items = a.items();
    int labelA = 0, labelB = 0;
    for (std::size_t i = 0; i < items.size(); ++i) {
        QCOMPARE(a.str(items.dataset[i]), std::string_view(kNaturalName));
        QCOMPARE(a.str(items.itemId[i]), std::string_view(std::to_string(i)));
        QCOMPARE(items.kind[i], TaskKind::Pairwise);
        QVERIFY(items.field(ItemText::Question, i) != kEmptyStr);
        QVERIFY(items.field(ItemText::ResponseA, i) != kEmptyStr);
        QVERIFY(items.field(ItemText::ResponseB, i) != kEmptyStr);
        QCOMPARE(items.field(ItemText::Extra, i), kEmptyStr);
        labelA += items.label[i] == answer::kA;
        labelB += items.label[i] == answer::kB;
    }
    QCOMPARE(labelA, 42); // upstream dataset.json: 42 x label 1, 58 x label 2
    QCOMPARE(labelB, 58);
    auto row = a.findItem(kNaturalName, "0");
    QVERIFY(row);
    QCOMPARE(items.label[*row], answer::kA);
    QVERIFY(str(a, items.field(ItemText::Question, *row))
                .startsWith("Summarize the following content.\n\nMy girlfriend is Malaysian"));
    QCOMPARE(
        str(a, items.field(ItemText::ResponseA, *row)),
        QString("My girlfriend's visa to stay in the UK expires in a few months, and she wants to stay here, "
                "but she won't get married until she goes back to Malaysia."));
    QCOMPARE(str(a, items.field(ItemText::ResponseB, *row)),
             QString::fromUtf8(
                 "My girlfriend is Malaysian and has been studying in the UK for the past 3 years. We "
                 "have been in a relationship for 2 \xc2\xbd years now."));
    QCOMPARE(items.label[*a.findItem(kNaturalName, "99")], answer::kA);
    QCOMPARE(items.label[*a.findItem(kNaturalName, "4")], answer::kB);
}

void TestLlmBar::naturalJudgesFormatsOrders()
{
    const Audit& a = *m_natural.audit;
    std::map<std::string, std::set<std::string>> formatsOf;
    std::set<std::string> formats;
    for (const auto& cell : a.cells()) {
        formatsOf[std::string(a.str(cell.judge))].insert(std::string(a.str(cell.format)));
        formats.insert(std::string(a.str(cell.format)));
        QCOMPARE(cell.end - cell.begin, 200u);
        auto runs = a.itemRunsOf(cell);
        QCOMPARE(runs.size(), std::size_t(100));
        for (const auto& run : runs) {
            QCOMPARE(run.end - run.begin, 2u);
            QCOMPARE(a.judgments().order[run.begin], Order::AB);
            QCOMPARE(a.judgments().order[run.begin + 1], Order::BA);
        }
    }
    const std::map<std::string, int> expectedCounts{{"ChatGPT", 12}, {"ChatGPT-0301", 10}, {"Falcon", 10},
                                                    {"GPT-4", 15},   {"LLaMA2", 10},       {"PaLM2", 8}};
    QCOMPARE(formatsOf.size(), std::size_t(6));
    for (const auto& [judge, count] : expectedCounts)
        QCOMPARE(int(formatsOf[judge].size()), count);
    QCOMPARE(a.cells().size(), std::size_t(65));
    QCOMPARE(a.judgmentCount(), std::size_t(65 * 200));
    int pairwise = 0, rating = 0;
    for (const auto& f : formats)
        (isRating(f) ? rating : pairwise)++;
    QCOMPARE(pairwise,
             10);        // CoT, Metrics, Metrics_Reference, Reference, Swap, Swap_CoT, Vanilla{,_1shot,...}
    QCOMPARE(rating, 5); // Rating, Rating_Metrics, Rating_Metrics_Reference, Rating_NoRules, Rating_Reference
    QCOMPARE(formatsOf["GPT-4"].count("Rating_Metrics_Reference"), std::size_t(1));
    QCOMPARE(formatsOf["PaLM2"].count("Vanilla_1shot"), std::size_t(0));
    for (std::size_t r = 0; r < a.judgmentCount(); ++r) {
        QCOMPARE(a.judgments().rep[r], std::uint16_t(1));
        QCOMPARE(a.judgments().condition[r], CondId(0));
    }
}

void TestLlmBar::naturalRawAndExtra()
{
    const Audit& a = *m_natural.audit;
    const auto& j = a.judgments();
    int emptyRaw = 0, none = 0;
    for (std::uint32_t r = 0; r < j.size(); ++r) {
        const auto format = a.str(j.format[r]);
        const auto raw = str(a, j.raw[r]);
        if (isRating(format)) {
            QVERIFY(raw.startsWith("score_1: "));
            QVERIFY(raw.contains("\nscore_2: "));
        } else {
            if (raw.isEmpty()) {
                ++emptyRaw;
                QCOMPARE(a.str(j.judge[r]), std::string_view("PaLM2")); // PaLM2 returned empty completions
            }
            QCOMPARE(extraOf(a, r).value("finish_reason").toString(),
                     QString(a.str(j.judge[r]).substr(0, 7) == "ChatGPT" || a.str(j.judge[r]) == "GPT-4"
                                 ? "stop"
                                 : ""));
        }
        if (j.answer[r] == answer::kNone) {
            ++none;
            QCOMPARE(a.str(j.error[r]), std::string_view("no verdict parsed"));
        } else {
            QCOMPARE(j.error[r], kEmptyStr);
        }
    }
    QCOMPARE(emptyRaw, 28); // 2+4+4+4+2+2+4+6 in the eight PaLM2 pairwise formats
    QCOMPARE(none, 31);     // the 31 `none` rows of the CSV's Natural subset

    auto at = [&](const char* judge, const char* format, const char* item, Order order) {
        auto it = m_index.find(Key{judge, format, item, order});
        return it == m_index.end() ? UINT32_MAX : it->second;
    };
    auto r = at("GPT-4", "Vanilla", "0", Order::AB);
    QCOMPARE(str(a, j.raw[r]), QString("Output (a)"));
    QCOMPARE(j.answer[r], answer::kA);
    r = at("GPT-4", "Vanilla", "0", Order::BA);
    QCOMPARE(str(a, j.raw[r]), QString("Output (b)"));
    QCOMPARE(j.answer[r], answer::kA); // the harness already mapped the swapped call back
    QCOMPARE(str(a, j.extra[r]), QString(R"({"finish_reason":"stop"})"));

    r = at("Falcon", "CoT", "17", Order::AB);
    QCOMPARE(
        str(a, j.raw[r]),
        QString("Output (a) is better.\n\nOutput (a) is better because it is formatted in all caps as "
                "requested. Output (b) is not formatted in all caps and therefore does not precisely execute "
                "the instruction."));
    QCOMPARE(str(a, j.extra[r]), QString(R"({"finish_reason":""})"));
    QCOMPARE(j.answer[at("Falcon", "CoT", "17", Order::BA)], answer::kB);

    r = at("ChatGPT", "CoT", "17", Order::AB);
    QCOMPARE(j.answer[r], answer::kNone);
    QVERIFY(str(a, j.raw[r]).startsWith("In this case, both Output (a) and Output (b) are very similar"));
    QVERIFY(str(a, j.raw[r]).endsWith("are equally good for the given instruction."));

    r = at("PaLM2", "CoT", "54", Order::BA);
    QCOMPARE(j.answer[r], answer::kNone);
    QCOMPARE(j.raw[r], kEmptyStr);

    r = at("GPT-4", "Rating_Metrics_Reference", "99", Order::BA);
    QCOMPARE(str(a, j.raw[r]), QString("score_1: 8\nscore_2: 7"));
    QCOMPARE(j.answer[r], answer::kA);
    auto extra = extraOf(a, r);
    QCOMPARE(extra.value("score_1").toString(), QString("8"));
    QCOMPARE(extra.value("score_2").toString(), QString("7"));
    QCOMPARE(extra.value("steps").toArray().size(), 2); // generated questions, then the reference output
    QVERIFY(extra.value("steps").toArray()[0].toString().startsWith(
        "1. Does the rewritten sentence maintain the original meaning of \"She was caught in the heavy "
        "rain\""));
    QVERIFY(!extra.contains("finish_reason"));
    QCOMPARE(j.extra[r], j.extra[at("GPT-4", "Rating_Metrics_Reference", "99", Order::AB)]);

    r = at("GPT-4", "Metrics", "5", Order::AB);
    QCOMPARE(str(a, j.raw[r]), QString("Output (a)"));
    extra = extraOf(a, r);
    QCOMPARE(extra.value("finish_reason").toString(), QString("stop"));
    QCOMPARE(extra.value("steps").toArray().size(), 1);
    QCOMPARE(
        extra.value("steps").toArray()[0].toString(),
        QString(
            "1. Does the output continue the story from the given first sentence and maintain the context "
            "of a couple sitting on a bench in front of their building?\n2. Is the output a brief story, "
            "neither too short nor too long, that provides a complete narrative?\n3. Does the output "
            "avoid introducing unnecessary elements or details not implied or suggested by the given "
            "first sentence?"));
}

void TestLlmBar::naturalMatchesCsv()
{
    QString error;
    const auto rows = readCsv(kCsv, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const Audit& a = *m_natural.audit;
    const auto& j = a.judgments();
    std::set<Key> seen;
    for (const auto& row : rows) {
        if (row.dataset != kNaturalName)
            continue;
        auto order = parseOrder(row.order);
        QVERIFY(order);
        Key key{row.judge, row.format, row.itemId, *order};
        auto it = m_index.find(key);
        QVERIFY2(it != m_index.end(), (row.judge + " " + row.format + " " + row.itemId).c_str());
        const auto r = it->second;
        const auto context = row.judge + " " + row.format + " " + row.itemId + " " + row.order;
        QVERIFY2(answerText(TaskKind::Pairwise, j.answer[r]) == row.verdict, context.c_str());
        QVERIFY2(answerText(TaskKind::Pairwise, a.items().label[j.item[r]]) == row.label, context.c_str());
        QCOMPARE(row.rep, std::string("1"));
        QVERIFY(seen.insert(key).second);
    }
    QCOMPARE(seen.size(), std::size_t(11600));
    // Every pairwise (non-Rating) judgment of the import is in the CSV, and nothing else is.
    std::size_t pairwise = 0;
    for (std::uint32_t r = 0; r < j.size(); ++r)
        pairwise += !isRating(a.str(j.format[r]));
    QCOMPARE(pairwise, seen.size());
}

void TestLlmBar::naturalMatchesStatistics()
{
    // Upstream statistics.json: correct_False / correct_True = verdict == label per order (a null verdict
    // is wrong); equal = items whose two orders agree. The data decide how null-vs-null counts: PaLM2 has
    // items with null in both orders, and its printed `equal` only reproduces when those count as equal.
    const Audit& a = *m_natural.audit;
    const auto& j = a.judgments();
    int files = 0;
    QDirIterator it(kNatural + "/evaluators", {"statistics.json"}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        const QString format = QFileInfo(path).dir().dirName();
        QDir judgeDir = QFileInfo(path).dir();
        judgeDir.cdUp();
        const QString judge = judgeDir.dirName();
        const auto stats = QJsonDocument::fromJson(readFile(path)).object();
        QVERIFY2(!stats.isEmpty(), qPrintable(path));
        const Cell* cell = nullptr;
        for (const auto& c : a.cells())
            if (str(a, c.judge) == judge && str(a, c.format) == format)
                cell = &c;
        QVERIFY2(cell, qPrintable(path));
        int correct[2] = {0, 0}, equal = 0, items = 0;
        for (const auto& run : a.itemRunsOf(*cell)) {
            QCOMPARE(run.end - run.begin, 2u);
            const Answer label = a.items().label[run.item];
            const Answer ab = j.answer[run.begin], ba = j.answer[run.begin + 1];
            correct[0] += ab == label;
            correct[1] += ba == label;
            equal += ab == ba; // none == none counts as equal (see above)
            ++items;
        }
        const auto cf = ratio(stats.value("correct_False").toString());
        const auto ct = ratio(stats.value("correct_True").toString());
        const auto eq = ratio(stats.value("equal").toString());
        QVERIFY2(cf == std::make_pair(correct[0], items), qPrintable(path));
        QVERIFY2(ct == std::make_pair(correct[1], items), qPrintable(path));
        QVERIFY2(eq == std::make_pair(equal, items), qPrintable(path));
        ++files;
    }
    QCOMPARE(files, 65); // every result.json has its statistics.json, Rating formats included
}

void TestLlmBar::wholeTree()
{
    const std::map<std::string, std::size_t> expectedItems{
        {"llmbar-CaseStudy-Base_10", 54},
        {"llmbar-CaseStudy-Base_9", 54},
        {"llmbar-CaseStudy-Constraint", 89},
        {"llmbar-CaseStudy-Negation", 59},
        {"llmbar-CaseStudy-Normal", 59},
        {"llmbar-LLMBar-Adversarial-GPTInst", 92},
        {"llmbar-LLMBar-Adversarial-GPTOut", 47},
        {"llmbar-LLMBar-Adversarial-Manual", 46},
        {"llmbar-LLMBar-Adversarial-Neighbor", 134},
        {"llmbar-LLMBar-Natural", 100},
        {"llmbar-Processed-FairEval", 66},
        {"llmbar-Processed-LLMEval^2", 200},
        {"llmbar-Processed-MT-Bench", 200},
    };
    // Through the public entry point: a directory is detected as the LLMBar layout.
    ImportOptions options;
    auto outcome = importSources({kNative.toStdString()}, nullptr, options);
    QVERIFY(outcome.audit);
    QVERIFY(outcome.log.issues.empty());
    const Audit& a = *outcome.audit;
    QCOMPARE(outcome.itemsAdded, std::uint64_t(1200));
    QCOMPARE(outcome.judgmentsAdded, std::uint64_t(13000));
    std::map<std::string, std::size_t> items;
    for (std::size_t i = 0; i < a.itemCount(); ++i)
        ++items[std::string(a.str(a.items().dataset[i]))];
    QCOMPARE(items, expectedItems);
    for (std::size_t r = 0; r < a.judgmentCount(); ++r)
        QCOMPARE(a.str(a.items().dataset[a.judgments().item[r]]), std::string_view(kNaturalName));

    // The names are the CSV's names, and the CSV's labels are the dataset.json labels of every subset.
    QString error;
    const auto rows = readCsv(kCsv, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    std::set<std::string> csvNames;
    for (const auto& row : rows) {
        csvNames.insert(row.dataset);
        auto item = a.findItem(row.dataset, row.itemId);
        QVERIFY2(item, (row.dataset + " " + row.itemId).c_str());
        QCOMPARE(answerText(TaskKind::Pairwise, a.items().label[*item]), row.label);
    }
    std::set<std::string> names;
    for (const auto& [name, count] : items)
        names.insert(name);
    QCOMPARE(names, csvNames);
}

void TestLlmBar::datasetNames_data()
{
    QTest::addColumn<QString>("layout"); // where the mini subset is copied, below the temporary directory
    QTest::addColumn<QString>("import"); // the path handed to the importer
    QTest::addColumn<QString>("expected");
    auto row = [](const char* name, const char* layout, const char* import, const char* expected) {
        QTest::newRow(name) << QString(layout) << QString(import) << QString(expected);
    };
    row("subset below LLMBar", "x/LLMBar/Adversarial/GPTInst", "x/LLMBar/Adversarial/GPTInst",
        "llmbar-LLMBar-Adversarial-GPTInst");
    row("import from above", "x/LLMBar/Adversarial/GPTInst", "x", "llmbar-LLMBar-Adversarial-GPTInst");
    row("last matching segment", "Processed/LLMBar/Natural", "Processed", "llmbar-LLMBar-Natural");
    row("CaseStudy", "a/CaseStudy/Base_9", "a/CaseStudy", "llmbar-CaseStudy-Base_9");
    row("no root segment", "some/where/MySubset", "some", "llmbar-MySubset");
    row("dataset.json named", "p/Processed/FairEval", "p/Processed/FairEval/dataset.json",
        "llmbar-Processed-FairEval");
    row("relative path with dots", "r/LLMBar/Natural", "r/LLMBar/../LLMBar/Natural/.",
        "llmbar-LLMBar-Natural");
}

void TestLlmBar::datasetNames()
{
    QFETCH(QString, layout);
    QFETCH(QString, import);
    QFETCH(QString, expected);
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    QVERIFY(copyTree(kMini + "/LLMBar/Natural", tmp.filePath(layout)));
    auto imported = importPath(tmp.filePath(import));
    QVERIFY(imported.audit);
    QCOMPARE(imported.audit->itemCount(), std::size_t(8));
    QCOMPARE(imported.audit->judgmentCount(), std::size_t(64));
    QCOMPARE(str(*imported.audit, imported.audit->items().dataset[0]), expected);
}

void TestLlmBar::miniExtras()
{
    auto imported = importPath(kMini);
    QVERIFY(imported.audit);
    const Audit& a = *imported.audit;
    const auto index = indexJudgments(a);
    const auto& j = a.judgments();
    // Swap: a first-round step (both calls, kept whole) and the reconcile prompt of the last step.
    auto r = index.at(Key{"ChatGPT", "Swap", "0", Order::AB});
    QCOMPARE(str(a, j.raw[r]), QString("Output (b)"));
    QCOMPARE(j.answer[r], answer::kB);
    auto extra = extraOf(a, r);
    QCOMPARE(extra.value("finish_reason").toString(), QString("stop"));
    const auto steps = extra.value("steps").toArray();
    QCOMPARE(steps.size(), 1);
    QCOMPARE(steps[0].toObject().value("swap = False").toObject().value("winner").toString(), QString("2"));
    QVERIFY(steps[0]
                .toObject()
                .value("swap = True")
                .toObject()
                .value("completion")
                .toArray()[0]
                .toString()
                .startsWith("Output (b) is better. \n\nThe instruction asks for a summary"));
    QVERIFY(extra.value("prompt").toString().startsWith("<|im_start|>system\nYou are a helpful assistant who "
                                                        "reviews a debate"));
    QCOMPARE(extra.keys(), QStringList({"finish_reason", "prompt", "steps"}));
    // Item 1 of the Swap run needed no reconciliation: one step only, no prompt.
    r = index.at(Key{"ChatGPT", "Swap", "1", Order::BA});
    QCOMPARE(str(a, j.extra[r]), QString(R"({"finish_reason":"stop"})"));
    // PaLM2 gave an empty completion and no verdict on item 7.
    r = index.at(Key{"PaLM2", "Vanilla_NoRules", "7", Order::AB});
    QCOMPARE(j.answer[r], answer::kNone);
    QCOMPARE(str(a, j.error[r]), QString("no verdict parsed"));
    QCOMPARE(j.raw[r], kEmptyStr);
    QCOMPARE(str(a, j.extra[r]), QString(R"({"finish_reason":""})"));
    // Rating: scores, no completion.
    r = index.at(Key{"GPT-4", "Rating_Metrics_Reference", "0", Order::AB});
    QCOMPARE(str(a, j.raw[r]), QString("score_1: 4\nscore_2: 1"));
    extra = extraOf(a, r);
    QCOMPARE(extra.keys(),
             QStringList({"score_1", "score_1_finish_reason", "score_2", "score_2_finish_reason", "steps"}));
    QCOMPARE(extra.value("score_1_finish_reason").toString(), QString("stop"));
    // Source references: the judgment's file and the line of its element.
    QCOMPARE(imported.log.issues.size(), std::size_t(0));
    QCOMPARE(a.judgmentCount(), std::size_t(64));
}

void TestLlmBar::unknownKeysKept()
{
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    QVERIFY(copyTree(kMini, tmp.path()));
    const QString subset = tmp.path() + "/LLMBar/Natural";
    const QString cot = subset + "/evaluators/GPT-4/CoT/result.json";
    QVERIFY(editLine(subset + "/dataset.json", 6, "\"label\": 1",
                     "\"label\": 1, \"source\": {\"split\": \"dev\"}"));
    QVERIFY(editLine(cot, 6, "\"label\": 1,", "\"label\": 1, \"cost_usd\": 0.25,"));
    // An order-level key named like one the importer writes keeps its value under a prefixed name.
    QVERIFY(editLine(cot, 14, "\"winner\": \"1\"",
                     "\"winner\": \"1\", \"finish_reason\": \"x\", \"latency\": 1.5"));
    QVERIFY(editLine(cot, 22, "}", "}, \"model\": \"gpt-4-0613\""));
    auto imported = importPath(tmp.path());
    QVERIFY(imported.audit);
    const Audit& a = *imported.audit;
    QCOMPARE(str(a, a.items().field(ItemText::Extra, *a.findItem(kNaturalName, "0"))),
             QString(R"({"source":{"split":"dev"}})"));
    QCOMPARE(a.items().field(ItemText::Extra, *a.findItem(kNaturalName, "1")), kEmptyStr);
    const auto index = indexJudgments(a);
    const auto& j = a.judgments();
    QCOMPARE(str(a, j.extra[index.at(Key{"GPT-4", "CoT", "0", Order::AB})]),
             QString(R"({"finish_reason":"stop","swap.finish_reason":"x","latency":1.5,"cost_usd":0.25,)"
                     R"("model":"gpt-4-0613"})"));
    QCOMPARE(str(a, j.extra[index.at(Key{"GPT-4", "CoT", "0", Order::BA})]),
             QString(R"({"finish_reason":"stop","cost_usd":0.25,"model":"gpt-4-0613"})"));
    QCOMPARE(str(a, j.extra[index.at(Key{"GPT-4", "CoT", "1", Order::AB})]),
             QString(R"({"finish_reason":"stop"})"));
}

void TestLlmBar::progressAndCancel()
{
    std::vector<std::pair<std::uint64_t, std::uint64_t>> steps;
    Progress progress;
    progress.report = [&](std::uint64_t done, std::uint64_t total) { steps.emplace_back(done, total); };
    auto imported = importPath(kMini, BadRecordPolicy::StopAtFirst, progress);
    QVERIFY(imported.audit);
    // One step per file: dataset.json and four result.json files.
    QCOMPARE(steps.size(), std::size_t(6));
    for (std::size_t k = 0; k < steps.size(); ++k)
        QCOMPARE(steps[k], std::make_pair(std::uint64_t(k), std::uint64_t(5)));

    std::atomic<bool> cancel{false};
    Progress cancelling;
    cancelling.cancel = &cancel;
    int reports = 0;
    cancelling.report = [&](std::uint64_t done, std::uint64_t) {
        ++reports;
        if (done == 2)
            cancel = true; // polled before the next file
    };
    AuditBuilder builder;
    ImportLog log;
    QVERIFY(!importLlmBar(kMini.toStdString(), builder, log, cancelling));
    QVERIFY(!log.failed);
    QCOMPARE(reports, 3);
    QCOMPARE(builder.judgmentCount(), std::size_t(16)); // dataset.json and the ChatGPT/Swap file only

    cancel = false;
    ImportOptions options;
    Progress outer;
    outer.cancel = &cancel;
    outer.report = [&](std::uint64_t, std::uint64_t) { cancel = true; };
    auto outcome = importSources({kMini.toStdString()}, nullptr, options, outer);
    QVERIFY(outcome.cancelled);
    QVERIFY(!outcome.audit);
}

namespace {

/// Mutations of a copy of the mini fixture; `S` is its subset directory. Line numbers refer to the fixture
/// files as written by upstream's json.dump(indent=2): elements start at lines 2, 26, 50, 74, ... of the
/// GPT-4/CoT and PaLM2 files and 2, 8, 14, 20, ... of dataset.json.
bool mutate(const QString& name, const QString& root, const QString& S, QString* note)
{
    const QString cot = S + "/evaluators/GPT-4/CoT/result.json";
    if (name == "resultLabel")
        return editLine(cot, 78, "\"label\": 1", "\"label\": 2");
    if (name == "resultTruncated") {
        auto data = readFile(cot);
        return writeFile(cot, data.left(data.size() / 2));
    }
    if (name == "datasetLabel3")
        return editLine(S + "/dataset.json", 24, "\"label\": 1", "\"label\": 3");
    if (name == "datasetLabelString")
        return editLine(S + "/dataset.json", 6, "\"label\": 1", "\"label\": \"1\"");
    if (name == "datasetInputMissing")
        return editLine(S + "/dataset.json", 15, "\"input\": ", "\"instruction\": ");
    if (name == "winner7")
        return editLine(cot, 14, "\"winner\": \"1\"", "\"winner\": \"7\"");
    if (name == "winnerNumber")
        return editLine(cot, 45, "\"winner\": \"1\"", "\"winner\": 1");
    if (name == "outputDiffers")
        return editLine(cot, 52, "\"output_1\": \"", "\"output_1\": \"X");
    if (name == "completionNotPair")
        return editLine(cot, 12, "\"stop\"", "3");
    if (name == "swapMissing")
        return editLine(cot, 40, "\"swap = True\": {", "\"swap = Maybe\": {");
    if (name == "notArray")
        return writeFile(cot, "{\"a\": 1}\n");
    if (name == "brokenJson")
        return editLine(cot, 14, "\"winner\": \"1\"", "\"winner\": \"1\",");
    if (name == "emptyFile")
        return writeFile(cot, "  \n");
    if (name == "tooDeep")
        return writeFile(cot, QByteArray(65, '[') + QByteArray(65, ']'));
    if (name == "nonUtf8") {
        auto lines = readFile(cot).split('\n');
        qsizetype offset = 0;
        for (int k = 0; k < 51; ++k)
            offset += lines[k].size() + 1;
        lines[51].insert(10, "\xff");
        *note = QString::number(offset + 10);
        return writeFile(cot, lines.join('\n'));
    }
    if (name == "missingDataset")
        return QFile::remove(S + "/dataset.json");
    if (name == "shorter") {
        // Drop element 7 (lines 170..) of the PaLM2 file: element 6 ends on line 169.
        const QString palm = S + "/evaluators/PaLM2/Vanilla_NoRules/result.json";
        auto lines = readFile(palm).split('\n');
        if (lines.size() < 170 || lines[168] != "  },")
            return false;
        lines = lines.mid(0, 168);
        lines << "  }"
              << "]";
        return writeFile(palm, lines.join('\n'));
    }
    if (name == "longer") {
        // Drop item 7 of dataset.json (it starts on line 44; item 6 ends on line 43).
        auto lines = readFile(S + "/dataset.json").split('\n');
        if (lines.size() < 44 || lines[42] != "  },")
            return false;
        lines = lines.mid(0, 42);
        lines << "  }"
              << "]";
        return writeFile(S + "/dataset.json", lines.join('\n'));
    }
    if (name == "noDataset")
        return QDir().mkpath(root + "/empty/a/b");
    if (name == "datasetSource")
        return editLine(S + "/dataset.json", 6, "\"label\": 1", "\"label\": 1, \"source\": \"dev\"");
    if (name == "missingPath")
        return true;
    return false;
}

/// A copy of the mini fixture in `tmp`/mini, changed by mutate(`mutation`); `*subset` is its subset
/// directory.
bool mutatedMini(const QTemporaryDir& tmp, const QString& mutation, QString* subset, QString* note)
{
    *subset = tmp.path() + "/mini/LLMBar/Natural";
    return tmp.isValid() && copyTree(kMini, tmp.path() + "/mini") &&
           mutate(mutation, tmp.path(), *subset, note);
}

} // namespace

void TestLlmBar::badInput_data()
{
    QTest::addColumn<QString>("mutation");
    QTest::addColumn<QString>("importPath"); // relative to the temporary directory
    QTest::addColumn<QString>("expected");   // %T = temporary directory, %S = subset, %N = mutate()'s note
    const QString cot = "%S/evaluators/GPT-4/CoT/result.json";
    const QString mini = "mini";
    QTest::newRow("result label differs")
        << "resultLabel" << mini << cot + ":74: [3].label: is 2 but dataset.json item 3 has 1";
    QTest::newRow("result truncated")
        << "resultTruncated" << mini
        << cot + ": truncated JSON (the file ends inside an array, object or string)";
    QTest::newRow("dataset label 3") << "datasetLabel3" << mini
                                     << "%S/dataset.json:20: [3].label: must be 1 or 2 (got 3)";
    QTest::newRow("dataset label string")
        << "datasetLabelString" << mini << "%S/dataset.json:2: [0].label: must be 1 or 2 (got \"1\")";
    QTest::newRow("dataset input missing")
        << "datasetInputMissing" << mini << "%S/dataset.json:14: [2].input: missing";
    QTest::newRow("winner 7") << "winner7" << mini
                              << cot + ":2: [0].results[0].swap = False.winner: must be \"1\", \"2\" or null "
                                       "(got \"7\")";
    QTest::newRow("winner number") << "winnerNumber" << mini
                                   << cot + ":26: [1].results[0].swap = True.winner: must be \"1\", \"2\" or "
                                            "null (got 1)";
    QTest::newRow("output_1 differs")
        << "outputDiffers" << mini << cot + ":50: [2].output_1: differs from dataset.json item 2";
    QTest::newRow("completion not a pair")
        << "completionNotPair" << mini
        << cot + ":2: [0].results[0].swap = False.completion: must be [text, finish_reason]";
    QTest::newRow("swap = True missing")
        << "swapMissing" << mini << cot + ":26: [1].results[0].swap = True: missing";
    QTest::newRow("result not an array")
        << "notArray" << mini << cot + ": not a JSON array (the top level is an object)";
    QTest::newRow("broken JSON")
        << "brokenJson" << mini
        << cot +
               ": invalid JSON (The JSON document has an improper structure: missing or superfluous commas, "
               "braces, missing keys, etc.)";
    QTest::newRow("empty file") << "emptyFile" << mini << cot + ": empty file";
    QTest::newRow("nested too deep") << "tooDeep" << mini << cot + ":1: nesting deeper than 64 levels";
    QTest::newRow("non-UTF-8 byte") << "nonUtf8" << mini << cot + ":52: invalid UTF-8 (byte offset %N)";
    QTest::newRow("dataset.json missing")
        << "missingDataset" << mini
        << "%S/dataset.json: missing (the directory has evaluators/ but no dataset.json)";
    QTest::newRow("result shorter than dataset")
        << "shorter" << mini
        << "%S/evaluators/PaLM2/Vanilla_NoRules/result.json: has 7 elements but dataset.json has 8 items";
    QTest::newRow("result longer than dataset")
        << "longer" << mini
        << "%S/evaluators/ChatGPT/Swap/result.json:224: [7]: no item 7 in dataset.json (it has 7 items)";
    QTest::newRow("no dataset.json anywhere") << "noDataset"
                                              << "empty"
                                              << "%T/empty: no dataset.json found in this directory or below";
    QTest::newRow("path does not exist") << "missingPath"
                                         << "nope"
                                         << "%T/nope: no such file or directory";
}

void TestLlmBar::badInput()
{
    QFETCH(QString, mutation);
    QFETCH(QString, importPath);
    QFETCH(QString, expected);
    QTemporaryDir tmp;
    QString subset, note;
    QVERIFY(mutatedMini(tmp, mutation, &subset, &note));
    const QString root = tmp.path();
    expected.replace("%S", subset).replace("%T", root).replace("%N", note);

    // A base audit the failed import must leave alone.
    const AuditPtr base = test::oneJudgmentAudit(), baseCopy = test::oneJudgmentAudit();

    ImportOptions options;
    options.format = SourceFormat::LlmBar;
    auto outcome = importSources({(root + "/" + importPath).toStdString()}, base.get(), options);
    QVERIFY(!outcome.audit);
    QVERIFY(outcome.log.failed);
    QCOMPARE(outcome.log.issues.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(outcome.log.issues[0].text()), expected);
    QCOMPARE(QString::fromStdString(compareAudits(*base, *baseCopy)), QString());
}

void TestLlmBar::badRecordSkipped_data()
{
    QTest::addColumn<QString>("mutation");
    QTest::addColumn<int>("items");
    QTest::addColumn<int>("judgments");
    QTest::addColumn<int>("issues");
    QTest::addColumn<QString>("firstIssue"); // %S = subset
    const QString cot = "%S/evaluators/GPT-4/CoT/result.json";
    QTest::newRow("result label differs")
        << "resultLabel" << 8 << 62 << 1 << cot + ":74: [3].label: is 2 but dataset.json item 3 has 1";
    // A bad dataset item drops the item and, silently, its elements in every result file.
    QTest::newRow("dataset label 3") << "datasetLabel3" << 7 << 56 << 1
                                     << "%S/dataset.json:20: [3].label: must be 1 or 2 (got 3)";
    QTest::newRow("winner 7") << "winner7" << 8 << 62 << 1
                              << cot + ":2: [0].results[0].swap = False.winner: must be \"1\", \"2\" or null "
                                       "(got \"7\")";
    QTest::newRow("output_1 differs")
        << "outputDiffers" << 8 << 62 << 1 << cot + ":50: [2].output_1: differs from dataset.json item 2";
    QTest::newRow("result shorter") << "shorter" << 8 << 62 << 1
                                    << "%S/evaluators/PaLM2/Vanilla_NoRules/result.json: has 7 elements but "
                                       "dataset.json has 8 items";
    QTest::newRow("result longer") << "longer" << 7 << 56 << 4
                                   << "%S/evaluators/ChatGPT/Swap/result.json:224: [7]: no item 7 in "
                                      "dataset.json (it has 7 items)";
}

void TestLlmBar::badRecordSkipped()
{
    QFETCH(QString, mutation);
    QFETCH(int, items);
    QFETCH(int, judgments);
    QFETCH(int, issues);
    QFETCH(QString, firstIssue);
    QTemporaryDir tmp;
    QString subset, note;
    QVERIFY(mutatedMini(tmp, mutation, &subset, &note));
    firstIssue.replace("%S", subset);

    ImportOptions options;
    options.policy = BadRecordPolicy::SkipAndList;
    auto outcome = importSources({(tmp.path() + "/mini").toStdString()}, nullptr, options);
    QVERIFY(outcome.audit);
    QVERIFY(!outcome.log.failed);
    QCOMPARE(int(outcome.log.issues.size()), issues);
    QCOMPARE(outcome.log.skippedRecords, std::uint64_t(issues));
    QCOMPARE(QString::fromStdString(outcome.log.issues[0].text()), firstIssue);
    QCOMPARE(int(outcome.audit->itemCount()), items);
    QCOMPARE(int(outcome.audit->judgmentCount()), judgments);
    QCOMPARE(int(outcome.judgmentsAdded), judgments);
}

void TestLlmBar::conflictsWithBase_data()
{
    // The base audit holds item llmbar-LLMBar-Natural/0, which the mini subset's dataset.json (with an extra
    // key "source": "dev" on item 0) gives again: label 1 (A), its texts.
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("label");
    QTest::addColumn<QString>("output1");
    QTest::addColumn<QString>("extra");
    QTest::addColumn<QString>("expected"); // after "<subset>/dataset.json:2: [0]"; "" = the import succeeds
    auto row = [](const char* name, const char* kind, const char* label, const char* output1,
                  const char* extra, const char* expected) {
        QTest::newRow(name) << QString(kind) << QString(label) << QString(output1) << QString(extra)
                            << QString(expected);
    };
    row("agrees and is filled", "pairwise", "A", "", R"({"source":"dev"})", "");
    row("kind", "binary", "MET", "", "",
        R"(: item "0" of dataset "llmbar-LLMBar-Natural" is binary, not pairwise)");
    row("label", "pairwise", "B", "", "", R"(.label: "A" disagrees with "B" set before this file)");
    row("text", "pairwise", "none", "Other", "",
        R"(.output_1: "My girlfriend's visa to stay in the UK expires in a few mont..." disagrees with "Other" )"
        "set before this file");
    row("kept keys", "pairwise", "none", "", R"({"source":"x"})",
        R"(.source: unknown keys "{\"source\":\"dev\"}" disagree with those set before this file)");
}

void TestLlmBar::conflictsWithBase()
{
    QFETCH(QString, kind);
    QFETCH(QString, label);
    QFETCH(QString, output1);
    QFETCH(QString, extra);
    QFETCH(QString, expected);
    QTemporaryDir tmp;
    QString subset, note;
    QVERIFY(mutatedMini(tmp, "datasetSource", &subset, &note));
    auto makeBase = [&] {
        AuditBuilder b;
        const TaskKind k = parseKind(kind.toStdString()).value();
        const auto item = b.addItem(b.intern(kNaturalName), b.intern("0"), k);
        b.setLabel(item, parseAnswer(k, label.toStdString()).value());
        b.setText(item, ItemText::ResponseA, b.intern(output1.toStdString()));
        b.setText(item, ItemText::Extra, b.intern(extra.toStdString()));
        ImportLog log;
        return b.build(log);
    };
    const AuditPtr base = makeBase(), baseCopy = makeBase();
    QVERIFY(base && baseCopy);
    ImportOptions options;
    options.format = SourceFormat::LlmBar;
    auto outcome = importSources({(tmp.path() + "/mini").toStdString()}, base.get(), options);
    if (expected.isEmpty()) {
        QVERIFY2(outcome.audit, qPrintable(test::issuesText(outcome.log)));
        QCOMPARE(outcome.audit->itemCount(), std::size_t(8));
        const auto item = outcome.audit->findItem(kNaturalName, "0");
        QVERIFY(item);
        QVERIFY(str(*outcome.audit, outcome.audit->items().field(ItemText::ResponseA, *item))
                    .startsWith("My girlfriend's visa")); // what the base item lacked is filled
    } else {
        QVERIFY(!outcome.audit);
        QCOMPARE(test::issuesText(outcome.log), subset + "/dataset.json:2: [0]" + expected);
    }
    QCOMPARE(QString::fromStdString(compareAudits(*base, *baseCopy)), QString());
}

QTEST_APPLESS_MAIN(TestLlmBar)
#include "tst_llmbar.moc"
