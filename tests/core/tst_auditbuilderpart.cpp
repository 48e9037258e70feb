// AuditBuilder::appendPart (the join of a file read in two halves on two threads,
// core/io/formats/splitread.h): a file read in two halves equals the file read whole, for every split point;
// duplicates across the split give the single read's messages; a part that a sequential read would have
// checked against earlier rows is refused and changes nothing.

#include "../common/auditcompare.h"
#include "model/auditbuilder.h"

#include <QtTest>

#include <span>

using namespace tribunal;

class TestAuditBuilderPart : public QObject {
    Q_OBJECT
private slots:
    void appendPartEqualsSingleRead_data();
    void appendPartEqualsSingleRead();
    void appendPartDuplicateAcrossSplit_data();
    void appendPartDuplicateAcrossSplit();
    void appendPartRefuses_data();
    void appendPartRefuses();
    void appendPartAllowedFills_data();
    void appendPartAllowedFills();
    void appendPartEmpty_data();
    void appendPartEmpty();
};

namespace {

// One input record as a reader hands it to a builder: a judgment and the item fields the record carries.
struct Record {
    const char* dataset = "d";
    const char* itemId = "1";
    TaskKind kind = TaskKind::Pairwise;
    const char* judge = "j";
    const char* format = "F";
    std::vector<std::pair<const char*, const char*>> condition;
    Order order = Order::AB;
    int rep = 1;
    Answer answer = answer::kA;
    const char* raw = "";
    const char* error = "";
    const char* test = "";
    const char* version = "";
    Variant variant = Variant::None;
    Cue cue = Cue::None;
    const char* extra = "";
    double confidence = kMissing;
    double costUsd = kMissing;
    double latencyS = kMissing;
    std::int64_t tokensIn = kMissingCount;
    std::int64_t tokensOut = kMissingCount;
    std::vector<ProbEntry> probs;
    Answer label = answer::kNone; // item fields: set when given
    std::vector<std::pair<ItemText, const char*>> texts;
    std::vector<const char*> levels;
    std::vector<std::pair<const char*, Answer>> ratings;
};
using Records = std::vector<Record>;

Record record(const char* dataset, const char* itemId, TaskKind kind, const char* judge, Order order, int rep,
              Answer a)
{
    Record r;
    r.dataset = dataset;
    r.itemId = itemId;
    r.kind = kind;
    r.judge = judge;
    r.order = order;
    r.rep = rep;
    r.answer = a;
    return r;
}

// A reader's builder for one file ("f.csv", line 1 a header naming the condition keys temperature and
// paradigm): what an importer does per record, so whole and split reads make the same calls.
struct Reader {
    AuditBuilder b;
    std::uint32_t file = b.addSourceFile("f.csv");
    std::uint64_t line; // the last line read

    explicit Reader(std::uint64_t firstLine) : line(firstLine - 1)
    {
        for (const char* key : {"temperature", "paradigm"})
            b.addConditionKey(b.intern(key));
    }
    void read(std::span<const Record> records)
    {
        for (const auto& r : records)
            read(r);
    }
    std::uint32_t readItem(const Record& r)
    {
        const StrId dataset = b.intern(r.dataset), id = b.intern(r.itemId);
        const auto found = b.findItem(dataset, id);
        const std::uint32_t item = found ? *found : b.addItem(dataset, id, r.kind);
        if (r.label != answer::kNone)
            b.setLabel(item, r.label);
        for (const auto& [field, text] : r.texts)
            b.setText(item, field, b.intern(text));
        std::vector<StrId> levels;
        for (const char* level : r.levels)
            levels.push_back(b.intern(level));
        if (!levels.empty())
            b.setLevels(item, std::move(levels));
        std::vector<Rating> ratings;
        for (const auto& [rater, value] : r.ratings)
            ratings.push_back(Rating{b.intern(rater), value});
        if (!ratings.empty())
            b.setRatings(item, std::move(ratings));
        return item;
    }
    void read(const Record& r)
    {
        JudgmentInput j;
        j.item = readItem(r);
        j.judge = b.intern(r.judge);
        j.format = b.intern(r.format);
        Condition pairs;
        for (const auto& [key, value] : r.condition) {
            b.addConditionKey(b.intern(key)); // in the record's order, as a JSON object lists them
            pairs.emplace_back(b.intern(key), b.intern(value));
        }
        j.condition = b.internCondition(std::move(pairs));
        j.order = r.order;
        j.rep = static_cast<std::uint16_t>(r.rep);
        j.answer = r.answer;
        j.raw = b.intern(r.raw);
        j.error = b.intern(r.error);
        j.test = b.intern(r.test);
        j.version = b.intern(r.version);
        j.variant = r.variant;
        j.cue = r.cue;
        j.extra = b.intern(r.extra);
        j.confidence = r.confidence;
        j.costUsd = r.costUsd;
        j.latencyS = r.latencyS;
        j.tokensIn = r.tokensIn;
        j.tokensOut = r.tokensOut;
        j.probs = r.probs;
        j.source = {file, ++line};
        b.addJudgment(j);
    }
};

// Reads `rest` as the second half of `first`'s file into a part of its own and joins it to `first`.
bool joinRest(Reader& first, std::span<const Record> rest)
{
    Reader part(1);
    part.read(rest);
    const std::uint64_t lineBeforePart = first.line;
    return first.b.appendPart(std::move(part.b), first.file, lineBeforePart);
}

// Every judgment column, item field and condition pattern; optional columns in scattered records.
Records mixedRecords()
{
    using enum TaskKind;
    const std::vector<std::pair<const char*, const char*>> direct0{{"temperature", "0"},
                                                                   {"paradigm", "Direct"}};
    Records r;
    r.push_back(record("d1", "1", Pairwise, "j1", Order::AB, 1, answer::kA));
    r.back().condition = direct0;
    r.back().raw = "A is better";
    r.back().confidence = 0.9;
    r.back().texts = {{ItemText::Question, "q1"}, {ItemText::ResponseA, "ra1"}, {ItemText::ResponseB, "rb1"}};
    r.push_back(record("d1", "1", Pairwise, "j1", Order::BA, 1, answer::kB));
    r.back().condition = direct0;
    r.back().raw = "B wins";
    r.back().confidence = 0.8;
    r.back().costUsd = 0.01;
    r.push_back(record("d1", "2", Pairwise, "j2", Order::AB, 2, answer::kNone));
    r.back().error = "timeout";
    r.push_back(record("d2", "o1", Ordinal, "j1", Order::None, 1, 3));
    r.back().format = "Rubric";
    r.back().condition = {{"temperature", "0.7"}};
    r.back().probs = {{1, 0.1}, {2, 0.2}, {3, 0.7}};
    r.back().label = 2;
    r.back().levels = {"poor", "ok", "good"};
    r.back().ratings = {{"r1", 2}, {"r2", 3}};
    r.back().texts = {{ItemText::Criterion, "clarity"}};
    r.push_back(record("d1", "1", Pairwise, "j2", Order::AB, 1, answer::kA));
    r.back().condition = direct0;
    r.back().latencyS = 1.5;
    r.back().label = answer::kA;                // a pairwise label the item lacked
    r.back().texts = {{ItemText::Group, "g1"}}; // a text the item lacked
    r.push_back(record("d3", "b1", Binary, "j1", Order::None, 1, answer::kUnmet));
    r.back().format = "Binary";
    r.back().condition = {{"seed", "1"}}; // a key the header does not name
    r.back().tokensIn = 100;
    r.back().label = answer::kMet;
    r.push_back(record("d2", "o2", Ordinal, "j2", Order::None, 1, answer::kNA));
    r.back().format = "Rubric";
    r.back().label = 1;
    r.back().levels = {"1", "2"};
    r.back().ratings = {{"r1", 1}};
    r.push_back(record("d3", "b1", Binary, "j2", Order::None, 1, answer::kMet));
    r.back().format = "Binary";
    r.back().condition = {{"seed", "1"}};
    r.back().probs = {{answer::kMet, 0.6}, {answer::kUnmet, 0.4}};
    r.back().costUsd = 0.02;
    r.push_back(record("d1", "2", Pairwise, "j1", Order::BA, 1, answer::kB));
    r.back().raw = "B.";
    r.back().condition = {{"zone", "eu"}, {"alpha", "1"}}; // new keys, not in sorted order
    r.back().texts = {{ItemText::Extra, "{\"k\":1}"}};
    r.push_back(record("d4", "p9", Pairwise, "j3", Order::AB, 1, answer::kA));
    r.back().format = "Chain";
    r.back().condition = {{"paradigm", "CoT"}, {"temperature", "0"}};
    r.back().raw = "long";
    r.back().tokensOut = 7;
    r.back().label = answer::kB;
    r.push_back(record("d1", "1", Pairwise, "j1", Order::AB, 1, answer::kB));
    r.back().condition = direct0;
    r.back().test = "authority";
    r.back().version = "90%";
    r.back().variant = Variant::Perturbed;
    r.back().cue = Cue::Worse;
    r.back().extra = "{\"seed\":3}";
    r.push_back(record("d1", "1", Pairwise, "j1", Order::AB, 2, answer::kA));
    r.back().condition = direct0;
    return r;
}

Records withoutOptionalColumns(Records records)
{
    for (auto& r : records) {
        r.confidence = r.costUsd = r.latencyS = kMissing;
        r.tokensIn = r.tokensOut = kMissingCount;
        r.probs.clear();
    }
    return records;
}

Records optionalColumnsOnlyInLast(Records records)
{
    records = withoutOptionalColumns(std::move(records));
    auto& last = records.back();
    last.confidence = 0.5;
    last.costUsd = 0.25;
    last.latencyS = 2.0;
    last.tokensIn = 3;
    last.tokensOut = 4;
    last.probs = {{answer::kA, 1.0}};
    return records;
}

// "" when both audits gave every string the same id (and so every condition the same pairs).
std::string sameIds(const Audit& a, const Audit& b)
{
    if (a.strings().size() != b.strings().size())
        return "string count " + std::to_string(a.strings().size()) +
               " != " + std::to_string(b.strings().size());
    for (StrId id = 0; id < a.strings().size(); ++id)
        if (a.str(id) != b.str(id))
            return "string " + std::to_string(id) + ": " + std::string(a.str(id)) +
                   " != " + std::string(b.str(id));
    if (a.conditions() != b.conditions() || a.conditionKeys() != b.conditionKeys())
        return "condition ids differ";
    return "";
}

// Builds both builders' audits: "" when they are equal by text and by id, else the first difference.
std::string builtAlike(AuditBuilder& expected, AuditBuilder& actual)
{
    ImportLog expectedLog, actualLog;
    const auto a = expected.build(expectedLog);
    const auto b = actual.build(actualLog);
    if (!a || !b)
        return "a build failed";
    if (!expectedLog.issues.empty() || !actualLog.issues.empty())
        return "a build logged issues";
    const auto difference = test::compareAudits(*a, *b);
    return difference.empty() ? sameIds(*a, *b) : difference;
}

QStringList issueTexts(const ImportLog& log)
{
    QStringList texts;
    for (const auto& issue : log.issues)
        texts.push_back(QString::fromStdString(issue.text()));
    return texts;
}

// The first half every refusal / fill row joins a part to: items of each kind, with and without item data.
Records partBase()
{
    using enum TaskKind;
    Records r;
    r.push_back(record("d", "1", Pairwise, "j", Order::AB, 1, answer::kA));
    r.back().label = answer::kA;
    r.back().texts = {{ItemText::Question, "q1"}};
    r.push_back(record("d", "o", Ordinal, "j", Order::None, 1, 1));
    r.back().levels = {"low", "high"};
    r.back().ratings = {{"r1", 1}};
    r.push_back(record("d", "b", Binary, "j", Order::None, 1, answer::kMet));
    r.push_back(record("d", "n", Ordinal, "j", Order::None, 1, 2));
    r.push_back(record("d", "p", Pairwise, "j", Order::BA, 1, answer::kB));
    return r;
}

// A part: first a record that is new in every way (item, judge, condition, strings), then `tested`
// (with a judgment key the base does not have), so a refusal that applied anything would show.
Records partWith(Record tested)
{
    Record fresh = record("dNew", "x", TaskKind::Pairwise, "jNew", Order::AB, 1, answer::kTie);
    fresh.condition = {{"temperature", "9"}, {"seed", "s"}};
    fresh.costUsd = 1.0;
    fresh.probs = {{answer::kTie, 1.0}};
    fresh.texts = {{ItemText::Question, "fresh"}};
    tested.rep = 7;
    return {fresh, tested};
}

// partWith(r) after `change` edited r.
template <typename Change> Records with(Record r, Change change)
{
    change(r);
    return partWith(r);
}

Record onItem(const char* itemId, TaskKind kind)
{
    return record("d", itemId, kind, "j", kind == TaskKind::Pairwise ? Order::AB : Order::None, 1,
                  kind == TaskKind::Ordinal ? Answer(1) : answer::kA);
}

} // namespace

Q_DECLARE_METATYPE(Records)
Q_DECLARE_METATYPE(BadRecordPolicy)

void TestAuditBuilderPart::appendPartEqualsSingleRead_data()
{
    QTest::addColumn<Records>("records");
    QTest::newRow("mixed optional columns") << mixedRecords();
    QTest::newRow("no optional columns") << withoutOptionalColumns(mixedRecords());
    QTest::newRow("optional columns only in the last record") << optionalColumnsOnlyInLast(mixedRecords());
}

void TestAuditBuilderPart::appendPartEqualsSingleRead()
{
    QFETCH(Records, records);
    for (std::size_t k = 0; k <= records.size(); ++k) {
        const std::string split = "split after " + std::to_string(k) + ": ";
        Reader whole(2);
        whole.read(records);
        Reader first(2), part(1);
        first.read(std::span(records).first(k));
        part.read(std::span(records).subspan(k));
        QVERIFY2(first.b.appendPart(std::move(part.b), first.file, first.line), split.c_str());
        QCOMPARE(part.b.judgmentCount(), std::size_t(0)); // the part is left empty
        QCOMPARE(part.b.itemCount(), std::size_t(0));
        QCOMPARE(first.b.judgmentCount(), records.size());
        QCOMPARE(QString::fromStdString(split + builtAlike(whole.b, first.b)), QString::fromStdString(split));
    }
}

void TestAuditBuilderPart::appendPartDuplicateAcrossSplit_data()
{
    QTest::addColumn<BadRecordPolicy>("policy");
    QTest::addColumn<QStringList>("expectedIssues");
    const QString lineFour = "f.csv:4: rep: conflicting judgment: same item, judge, format, condition, "
                             "order and rep as line 2, different answer B here, A there";
    QTest::newRow("stop at first") << BadRecordPolicy::StopAtFirst << QStringList{lineFour};
    QTest::newRow("skip and list") << BadRecordPolicy::SkipAndList
                                   << QStringList{
                                          lineFour,
                                          "f.csv:5: rep: conflicting judgment: same item, judge, format, "
                                          "condition, order and rep as line 3, different answer A here, "
                                          "B there"};
}

void TestAuditBuilderPart::appendPartDuplicateAcrossSplit()
{
    QFETCH(BadRecordPolicy, policy);
    QFETCH(QStringList, expectedIssues);
    // Lines 2..5: line 4 repeats line 2's key with another answer, line 5 line 3's.
    const Records records{onItem("1", TaskKind::Pairwise),
                          record("d", "1", TaskKind::Pairwise, "j", Order::BA, 1, answer::kB),
                          record("d", "1", TaskKind::Pairwise, "j", Order::AB, 1, answer::kB),
                          record("d", "1", TaskKind::Pairwise, "j", Order::BA, 1, answer::kA)};
    // Every split: k = 1, 2 put a first copy in the first half and its later copy in the part.
    for (std::size_t k = 0; k <= records.size(); ++k) {
        Reader whole(2), first(2);
        whole.read(records);
        first.read(std::span(records).first(k));
        QVERIFY(joinRest(first, std::span(records).subspan(k)));
        ImportLog wholeLog, splitLog;
        wholeLog.policy = splitLog.policy = policy;
        const auto expected = whole.b.build(wholeLog);
        const auto actual = first.b.build(splitLog);
        QCOMPARE(issueTexts(splitLog), expectedIssues);
        QCOMPARE(issueTexts(splitLog), issueTexts(wholeLog));
        QCOMPARE(splitLog.failed, policy == BadRecordPolicy::StopAtFirst);
        QCOMPARE(splitLog.skippedRecords, wholeLog.skippedRecords);
        QCOMPARE(bool(actual), policy == BadRecordPolicy::SkipAndList);
        if (expected && actual)
            QCOMPARE(QString::fromStdString(test::compareAudits(*expected, *actual)), QString());
    }
}

void TestAuditBuilderPart::appendPartRefuses_data()
{
    using enum TaskKind;
    QTest::addColumn<Records>("part");
    QTest::newRow("kind differs") << partWith(onItem("1", Binary));
    QTest::newRow("label differs") << with(onItem("1", Pairwise), [](Record& r) { r.label = answer::kB; });
    QTest::newRow("ordinal label on an item without one")
        << with(onItem("o", Ordinal), [](Record& r) { r.label = 1; });
    QTest::newRow("text differs") << with(onItem("1", Pairwise), [](Record& r) {
        r.texts = {{ItemText::Question, "q2"}};
    });
    QTest::newRow("levels on an item without levels") << with(onItem("n", Ordinal), [](Record& r) {
        r.levels = {"x", "y"};
    });
    QTest::newRow("levels differ") << with(onItem("o", Ordinal), [](Record& r) {
        r.levels = {"low", "mid"};
    });
    QTest::newRow("levels longer") << with(onItem("o", Ordinal), [](Record& r) {
        r.levels = {"low", "high", "top"};
    });
    QTest::newRow("ratings on an item without ratings") << with(onItem("b", Binary), [](Record& r) {
        r.ratings = {{"r1", answer::kMet}};
    });
    QTest::newRow("rating value differs") << with(onItem("o", Ordinal), [](Record& r) {
        r.ratings = {{"r1", 2}};
    });
    QTest::newRow("rater differs") << with(onItem("o", Ordinal), [](Record& r) { r.ratings = {{"r2", 1}}; });
}

void TestAuditBuilderPart::appendPartRefuses()
{
    QFETCH(Records, part);
    const Records base = partBase();
    Reader first(2), twin(2);
    first.read(base);
    twin.read(base);
    const std::size_t strings = first.b.strings().size();
    QVERIFY(!joinRest(first, part));
    QCOMPARE(first.b.judgmentCount(), base.size());
    QCOMPARE(first.b.itemCount(), twin.b.itemCount());
    QCOMPARE(first.b.strings().size(), strings);
    QCOMPARE(QString::fromStdString(builtAlike(twin.b, first.b)), QString());
}

void TestAuditBuilderPart::appendPartAllowedFills_data()
{
    using enum TaskKind;
    QTest::addColumn<Records>("part");
    QTest::newRow("pairwise label on an item without one")
        << with(onItem("p", Pairwise), [](Record& r) { r.label = answer::kB; });
    QTest::newRow("binary label on an item without one")
        << with(onItem("b", Binary), [](Record& r) { r.label = answer::kUnmet; });
    QTest::newRow("text the item lacks") << with(onItem("1", Pairwise), [](Record& r) {
        r.texts = {{ItemText::ResponseA, "ra"}};
    });
    QTest::newRow("text on an item without texts") << with(onItem("b", Binary), [](Record& r) {
        r.texts = {{ItemText::Criterion, "c"}};
    });
    QTest::newRow("same label again") << with(onItem("1", Pairwise), [](Record& r) { r.label = answer::kA; });
    QTest::newRow("same text again") << with(onItem("1", Pairwise), [](Record& r) {
        r.texts = {{ItemText::Question, "q1"}};
    });
    QTest::newRow("same levels again") << with(onItem("o", Ordinal), [](Record& r) {
        r.levels = {"low", "high"};
    });
    QTest::newRow("same ratings again") << with(onItem("o", Ordinal), [](Record& r) {
        r.ratings = {{"r1", 1}};
    });
}

void TestAuditBuilderPart::appendPartAllowedFills()
{
    QFETCH(Records, part);
    const Records base = partBase();
    Reader whole(2), first(2);
    whole.read(base);
    whole.read(part);
    first.read(base);
    QVERIFY(joinRest(first, part));
    QCOMPARE(QString::fromStdString(builtAlike(whole.b, first.b)), QString());
}

void TestAuditBuilderPart::appendPartEmpty_data()
{
    QTest::addColumn<bool>("headerInPart");
    QTest::newRow("fresh builder") << false;
    QTest::newRow("header keys only") << true;
}

void TestAuditBuilderPart::appendPartEmpty()
{
    QFETCH(bool, headerInPart);
    const Records base = partBase();
    Reader first(2), twin(2);
    first.read(base);
    twin.read(base);
    bool joined = false;
    if (headerInPart) {
        joined = joinRest(first, {});
    } else {
        AuditBuilder part;
        QCOMPARE(part.addSourceFile("f.csv"), 1u);
        joined = first.b.appendPart(std::move(part), first.file, first.line);
    }
    QVERIFY(joined);
    QCOMPARE(first.b.judgmentCount(), base.size());
    QCOMPARE(QString::fromStdString(builtAlike(twin.b, first.b)), QString());
}

QTEST_APPLESS_MAIN(TestAuditBuilderPart)
#include "tst_auditbuilderpart.moc"
