// Reading a file on two threads (core/io/formats/splitread.h) gives exactly what one thread gives: the same
// audit, the same messages in the same order, the same policy outcome, for every split point of small files
// that hold each kind of trouble a second half can meet (bad rows on either side, conflicts across the split,
// duplicates across it, quoted newlines at it, broken bytes after it, a base audit it disagrees with). On
// clean files every split at a record start is joined (the two-thread path really ran).

#include "../common/auditcompare.h"
#include "../common/testaudits.h"
#include "../common/testfiles.h"
#include "io/formats/splitread.h"
#include "io/importer.h"

#include <QtTest>

#include <atomic>
#include <optional>

using namespace tribunal;
using test::compareAudits;
using test::issuesText;

class TestSplitRead : public QObject {
    Q_OBJECT
private slots:
    void init();
    void flatCsvEqualsOneThread_data();
    void flatCsvEqualsOneThread();
    void jsonlEqualsOneThread_data();
    void jsonlEqualsOneThread();
    void largerFileJoinsAtTheMiddle();
    void chooseSplitRules();
    void cancelWhileSplit();

private:
    QString write(const QString& name, const QByteArray& bytes);
    /// Imports `path` (holding `content`) on one thread and split at every line start, and checks that the
    /// outcomes are equal; `allJoin`: every split must have been joined, else at least one must not.
    void compareEverySplit(const QString& path, const QByteArray& content, BadRecordPolicy badRecords,
                           const Audit* baseAudit, bool allJoin, bool jsonl);
    std::unique_ptr<QTemporaryDir> m_dir;
};

namespace {

const QByteArray kHeader = "dataset,item_id,judge,format,order,rep,verdict,label,prob_a,cost_usd,raw,temp\n";

struct Outcome {
    bool read = false;
    AuditPtr audit;
    QString issues;
    bool failed = false;
    std::uint64_t skipped = 0;
};

Outcome importWith(const QString& path, std::optional<std::uint64_t> split, BadRecordPolicy policy,
                   const Audit* base, bool jsonl = false)
{
    AuditBuilder builder = base ? AuditBuilder(*base) : AuditBuilder();
    ImportLog log;
    log.policy = policy;
    Outcome out;
    out.read = jsonl ? importJsonlSplitAt(path.toStdString(), builder, log, {}, split)
                     : importFlatCsvSplitAt(path.toStdString(), builder, log, {}, split);
    if (out.read)
        out.audit = builder.build(log);
    out.issues = issuesText(log);
    out.failed = log.failed;
    out.skipped = log.skippedRecords;
    return out;
}

// Offsets just after each '\n' but the last byte: every place a split can be asked for.
std::vector<std::uint64_t> splitPoints(const QByteArray& bytes)
{
    std::vector<std::uint64_t> points;
    for (qsizetype i = 0; i + 1 < bytes.size(); ++i)
        if (bytes[i] == '\n')
            points.push_back(static_cast<std::uint64_t>(i + 1));
    return points;
}

// Rows for a clean file: items recur on both sides of any split, labels on some rows only, probabilities and
// raw texts (with quotes and commas) late only, a condition column, new items late.
QByteArray cleanRows()
{
    return "d,1,j1,F,AB,1,A,A,,0.01,,0.2\n"
           "d,1,j1,F,BA,1,B,,,0.01,,0.2\n"
           "d,2,j1,F,AB,1,B,B,,,,\n"
           "e,1,j2,G,AB,1,tie,,,,,0.7\n"
           "\n"
           "d,2,j2,F,BA,1,A,B,,,\"said \"\"B\"\", twice\",\n"
           "d,1,j2,F,AB,2,A,A,0.8,,,0.2\n"
           "d,3,j1,F,AB,1,none,,0.5,,plain,\n"
           "e,2,j1,G,BA,3,B,A,,0.02,,0.7\n";
}

} // namespace

void TestSplitRead::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

QString TestSplitRead::write(const QString& name, const QByteArray& bytes)
{
    const QString path = m_dir->filePath(name);
    if (!test::writeFile(path, bytes))
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

void TestSplitRead::flatCsvEqualsOneThread_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<int>("policy");
    QTest::addColumn<QString>("base"); // "", "binary u1" or "labelled d/1"
    QTest::addColumn<bool>("allJoin"); // every split at a record start must be joined (else: not all)

    const int stop = static_cast<int>(BadRecordPolicy::StopAtFirst);
    const int skip = static_cast<int>(BadRecordPolicy::SkipAndList);
    QTest::newRow("clean") << kHeader + cleanRows() << stop << "" << true;
    QTest::newRow("clean, byte order mark and CRLF")
        << QByteArray("\xEF\xBB\xBF") + QByteArray(kHeader + cleanRows()).replace("\n", "\r\n") << stop << ""
        << true;
    QTest::newRow("clean, base audit") << kHeader + cleanRows() << stop << "labelled d/1" << true;
    QTest::newRow("label conflict across the split, stop")
        << kHeader + cleanRows() + "d,1,j3,F,AB,1,A,B,,,,\n"
        << stop << "" << false;
    QTest::newRow("label conflict across the split, skip")
        << kHeader + cleanRows() + "d,1,j3,F,AB,1,A,B,,,,\nd,4,j3,F,AB,1,A,B,,,,\n"
        << skip << "" << false;
    QTest::newRow("bad row late, stop") << kHeader + cleanRows() + "d,5,j1,F,XY,1,A,,,,,\n"
                                        << stop << "" << false;
    QTest::newRow("bad rows early and late, skip")
        << kHeader + "d,5,j1,F,AB,0,A,,,,,\n" + cleanRows() + "d,5,j1,F,AB,1,C,,,,,\ne,9,j1,G,AB,1,A,,,,,\n"
        << skip << "" << false;
    // Duplicates are found by the builder after the join, so every split joins.
    QTest::newRow("duplicate across the split, stop") << kHeader + cleanRows() + "d,1,j1,F,AB,1,B,,,,,0.2\n"
                                                      << stop << "" << true;
    QTest::newRow("duplicate across the split, skip")
        << kHeader + cleanRows() + "d,1,j1,F,AB,1,B,,,,,0.2\ne,3,j1,G,AB,1,A,,,,,\n"
        << skip << "" << true;
    QTest::newRow("quoted newlines") << kHeader + "d,1,j1,F,AB,1,A,A,,,\"one\ntwo\n\",\n" + cleanRows() +
                                            "d,7,j1,F,AB,1,A,,,,\"a\n\nb\",\n"
                                     << stop << "" << false;
    QTest::newRow("invalid UTF-8 late")
        << kHeader + cleanRows() + "d,6,j1,F,AB,1,A,,,,caf\xE9,\n" + "d,7,j1,F,AB,1,A,,,,,\n"
        << skip << "" << false;
    QTest::newRow("unterminated quote at the end") << kHeader + cleanRows() + "d,6,j1,F,AB,1,A,,,,\"open\n"
                                                   << skip << "" << false;
    QTest::newRow("item of another kind in the base") << kHeader + cleanRows() + "d,u1,j1,F,AB,1,A,,,,,\n"
                                                      << stop << "binary u1" << false;
    QTest::newRow("label against the base")
        << kHeader + "d,2,j1,F,AB,1,A,B,,,,\n" + cleanRows() + "d,1,j5,F,AB,1,A,B,,,,\n"
        << skip << "labelled d/1" << false;
    QTest::newRow("only blank lines after a row") << kHeader + "d,1,j1,F,AB,1,A,A,,,,\n\n\n\n"
                                                  << stop << "" << false;
}

void TestSplitRead::flatCsvEqualsOneThread()
{
    QFETCH(QByteArray, content);
    QFETCH(int, policy);
    QFETCH(QString, base);
    QFETCH(bool, allJoin);
    const auto badRecords = static_cast<BadRecordPolicy>(policy);
    AuditPtr baseAudit;
    if (base == "binary u1")
        baseAudit = test::oneJudgmentAudit(TaskKind::Binary, answer::kMet, "u1");
    else if (base == "labelled d/1")
        baseAudit = test::oneJudgmentAudit(TaskKind::Pairwise, answer::kA, "1");
    if (base == "labelled d/1") { // give d/1 the label A, so later labels must agree with it
        AuditBuilder labelled(*baseAudit);
        labelled.setLabel(0, answer::kA);
        ImportLog log;
        baseAudit = labelled.build(log);
        QVERIFY(baseAudit);
    }

    compareEverySplit(write("split.csv", content), content, badRecords, baseAudit.get(), allJoin, false);
}

void TestSplitRead::compareEverySplit(const QString& path, const QByteArray& content,
                                      BadRecordPolicy badRecords, const Audit* baseAudit, bool allJoin,
                                      bool jsonl)
{
    const Outcome alone = importWith(path, std::nullopt, badRecords, baseAudit, jsonl);
    if (QByteArray(QTest::currentDataTag()).startsWith("clean"))
        QVERIFY2(alone.audit && alone.issues.isEmpty(), qPrintable(alone.issues));
    int joins = 0;
    for (const auto split : splitPoints(content)) {
        const auto joinedBefore = secondHalvesJoined();
        const Outcome two = importWith(path, split, badRecords, baseAudit, jsonl);
        const bool joined = secondHalvesJoined() > joinedBefore;
        joins += joined ? 1 : 0;
        const QByteArray where = "split at byte " + QByteArray::number(static_cast<qulonglong>(split));
        QVERIFY2(two.read == alone.read, where.constData());
        QVERIFY2(two.failed == alone.failed, where.constData());
        QVERIFY2(two.skipped == alone.skipped, where.constData());
        QVERIFY2(two.issues == alone.issues, (where + ":\n" + two.issues.toUtf8()).constData());
        QVERIFY2(bool(two.audit) == bool(alone.audit), where.constData());
        if (alone.audit) {
            const auto difference = compareAudits(*alone.audit, *two.audit);
            QVERIFY2(difference.empty(), (where + ": " + QByteArray::fromStdString(difference)).constData());
        }
        if (allJoin)
            QVERIFY2(joined, where.constData());
    }
    if (!allJoin) // the troubled rows still leave splits where the halves join
        QVERIFY(joins < static_cast<int>(splitPoints(content).size()));
}

void TestSplitRead::jsonlEqualsOneThread_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<int>("policy");
    QTest::addColumn<bool>("allJoin");

    const int stop = static_cast<int>(BadRecordPolicy::StopAtFirst);
    const int skip = static_cast<int>(BadRecordPolicy::SkipAndList);
    const QByteArray clean =
        R"({"dataset":"r","item_id":"o","kind":"ordinal","levels":["bad","ok","good"],"criterion":"Clarity"})"
        "\n"
        R"({"dataset":"d","item_id":1,"judge":"j1","order":"AB","answer":"A","label":"A","condition":{"t":0.2}})"
        "\n"
        R"({"dataset":"d","item_id":1,"judge":"j1","order":"BA","answer":"B","probs":{"A":0.3,"B":0.7}})"
        "\n\n"
        R"({"dataset":"r","item_id":"o","kind":"ordinal","judge":"j2","answer":3,"probs":{"3":0.9},"seen":[1,2]})"
        "\n"
        R"({"dataset":"d","item_id":2,"judge":"j2","order":"AB","answer":"tie","raw":"why \"tie\"","rep":2})"
        "\n"
        R"({"dataset":"r","item_id":"b","kind":"binary","judge":"j1","answer":"MET","label":"MET","cost_usd":0.1})"
        "\n"
        R"({"dataset":"d","item_id":1,"judge":"j2","order":"AB","answer":"A","label":"A","condition":{"t":0.7}})"
        "\n";
    QTest::newRow("clean") << clean << stop << true;
    // Duplicates are found by the builder after the join.
    QTest::newRow("duplicate across the split")
        << clean +
               R"({"dataset":"d","item_id":1,"judge":"j1","order":"AB","answer":"B","condition":{"t":0.2}})"
               "\n"
        << skip << true;
    QTest::newRow("label conflict across the split")
        << clean + R"({"dataset":"d","item_id":1,"judge":"j3","order":"AB","answer":"A","label":"B"})"
                   "\n"
        << skip << false;
    QTest::newRow("ordinal answer beyond levels set before the split")
        << clean + R"({"dataset":"r","item_id":"o","kind":"ordinal","judge":"j3","answer":4})"
                   "\n"
        << skip << false;
    QTest::newRow("levels after answers")
        << R"({"dataset":"r","item_id":"p","kind":"ordinal","judge":"j","answer":5})"
           "\n" +
               clean +
               R"({"dataset":"r","item_id":"p","levels":["a","b","c"]})"
               "\n"
        << stop << false;
    QTest::newRow("item line of another kind") << clean + R"({"dataset":"r","item_id":"b","kind":"ordinal"})"
                                                          "\n"
                                               << skip << false;
    QTest::newRow("text conflict") << clean + R"({"dataset":"r","item_id":"o","criterion":"Depth"})"
                                              "\n"
                                   << skip << false;
    QTest::newRow("broken JSON and a truncated last line")
        << clean + "{\"dataset\":\n" + R"({"dataset":"d","item_id":9,"judge":"j1","order":"AB")" << skip
        << false;
    QTest::newRow("invalid UTF-8 late") << clean + "{\"dataset\":\"d\",\"item_id\":5,\"judge\":\"j\xff\"}\n"
                                        << skip << false;
}

void TestSplitRead::jsonlEqualsOneThread()
{
    QFETCH(QByteArray, content);
    QFETCH(int, policy);
    QFETCH(bool, allJoin);
    compareEverySplit(write("split.jsonl", content), content, static_cast<BadRecordPolicy>(policy), nullptr,
                      allJoin, true);
}

void TestSplitRead::largerFileJoinsAtTheMiddle()
{
    // 20,000 rows, 500 items over 40 judge/format cells, labels on one row in five, a raw text in one in ten.
    QByteArray content = kHeader;
    for (int row = 0; row < 20000; ++row) {
        const int item = row % 500, cell = row / 500;
        content += "d," + QByteArray::number(item) + ",j" + QByteArray::number(cell % 8) + ",F" +
                   QByteArray::number(cell / 8) + (row % 2 ? ",BA," : ",AB,") + "1," + (row % 3 ? "A" : "B") +
                   "," + (row % 5 ? "" : (item % 2 ? "A" : "B")) + ",0." + QByteArray::number(row % 10) +
                   ",," + (row % 10 ? "" : "\"why, " + QByteArray::number(row) + "\"") + ",\n";
    }
    const QString path = write("large.csv", content);
    const auto split = chooseSplit(path.toStdString(), 0);
    QVERIFY(split);
    QVERIFY(*split >= static_cast<std::uint64_t>(content.size() / 2));
    QCOMPARE(content[static_cast<qsizetype>(*split - 1)], '\n');

    const Outcome alone = importWith(path, std::nullopt, BadRecordPolicy::StopAtFirst, nullptr);
    QVERIFY2(alone.audit, qPrintable(alone.issues));
    QCOMPARE(alone.audit->judgmentCount(), std::size_t(20000));
    const auto joinedBefore = secondHalvesJoined();
    const Outcome two = importWith(path, split, BadRecordPolicy::StopAtFirst, nullptr);
    QCOMPARE(secondHalvesJoined(), joinedBefore + 1);
    QVERIFY(two.audit);
    QCOMPARE(QString::fromStdString(compareAudits(*alone.audit, *two.audit)), QString());
    // The public entry splits only files of kMinSplitBytes and more: this one is read alone.
    AuditBuilder builder;
    ImportLog log;
    QVERIFY(importFlatCsv(path.toStdString(), builder, log, {}));
    QCOMPARE(secondHalvesJoined(), joinedBefore + 1);
}

void TestSplitRead::chooseSplitRules()
{
    QByteArray content = "0123456789\n";
    content += QByteArray(20, 'x') + "\n" + QByteArray(5, 'y') + "\n";
    const QString path = write("rules.csv", content);
    const auto split = chooseSplit(path.toStdString(), 0);
    QVERIFY(split);
    QCOMPARE(*split, std::uint64_t(32)); // the middle (19) lies in the x line, which ends at byte 31
    QVERIFY(!chooseSplit(path.toStdString(), static_cast<std::uint64_t>(content.size()) + 1));
    QVERIFY(!chooseSplit(write("no-newline.csv", QByteArray(100, 'z') + "\n").toStdString(),
                         0)); // only the last byte
    QVERIFY(!chooseSplit(m_dir->filePath("missing.csv").toStdString(), 0));
}

void TestSplitRead::cancelWhileSplit()
{
    QByteArray content = kHeader;
    for (int row = 0; row < 5000; ++row)
        content += "d," + QByteArray::number(row) + ",j,F,AB,1,A,,,,,\n";
    const QString path = write("cancel.csv", content);
    std::atomic<bool> cancel{false};
    Progress progress;
    progress.cancel = &cancel;
    progress.report = [&](std::uint64_t, std::uint64_t) { cancel = true; };
    AuditBuilder builder;
    ImportLog log;
    const auto joinedBefore = secondHalvesJoined();
    QVERIFY(!importFlatCsvSplitAt(path.toStdString(), builder, log, progress,
                                  chooseSplit(path.toStdString(), 0)));
    QCOMPARE(secondHalvesJoined(), joinedBefore);
    QVERIFY(log.issues.empty());
}

QTEST_GUILESS_MAIN(TestSplitRead)
#include "tst_splitread.moc"
