// Flat pairwise CSV import and export: the real shared files, round trips, quoting, and every class of bad
// input (exact message, and nothing applied).
// Over 600 lines on purpose: one suite per format, most of it data rows of bad input (one per message).

#include "../common/auditcompare.h"
#include "../common/testaudits.h"
#include "../common/testfiles.h"
#include "io/exporter.h"
#include "io/importer.h"

#include <QtTest>

#include <atomic>

using namespace tribunal;
using test::compareAudits;
using test::issuesText;
using test::readFile;

class TestFlatCsv : public QObject {
    Q_OBJECT
private slots:
    void init();
    void llmbarVerdicts();
    void posbiasRepetition();
    void exportReproducesInput_data();
    void exportReproducesInput();
    void roundTripAllColumns();
    void quoting();
    void lineEndingsAndBom();
    void conditionColumn();
    void slotColumn_data();
    void slotColumn();
    void headerOnly();
    void badInput_data();
    void badInput();
    void labelConflictWithBase();
    void itemOfAnotherKind();
    void unreadableFile();
    void skipBadRecords();
    void cancel();
    void progressReported();
    void recordTooLong();
    void problemsAcrossALongFile_data();
    void problemsAcrossALongFile();
    void exportRejectsNonPairwise();
    void exportQuotesFormulas();

private:
    QString write(const QString& name, const QByteArray& bytes);
    /// Exports `audit` to `name` in the temporary directory and imports the file again: "" when that gives
    /// the same audit and exporting it again the same bytes (the export is a fixed point), else what differs.
    /// `*bytes` receives the exported file.
    QString reexport(const Audit& audit, const QString& name, QByteArray* bytes = nullptr);
    std::unique_ptr<QTemporaryDir> m_dir;
};

namespace {

const QString kShared = QStringLiteral(TRIBUNAL_SHARED_DATA);
const QString kLlmBar = kShared + "/llmbar/llmbar_verdicts.csv";
const QString kPosBias = kShared + "/position-bias/posbias_repetition_verdicts.csv";

ImportOutcome importCsv(const QString& path, const Audit* base = nullptr,
                        BadRecordPolicy policy = BadRecordPolicy::StopAtFirst)
{
    ImportOptions options;
    options.policy = policy;
    options.format = SourceFormat::FlatCsv;
    return importSources({path.toStdString()}, base, options);
}

std::size_t countAnswers(const Audit& a, Answer value)
{
    const auto& ans = a.judgments().answer;
    return static_cast<std::size_t>(std::count(ans.begin(), ans.end(), value));
}

const QByteArray kHeader = "dataset,item_id,judge,format,order,rep,verdict,label,prob_a,cost_usd,latency_s\n";

} // namespace

void TestFlatCsv::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
}

QString TestFlatCsv::write(const QString& name, const QByteArray& bytes)
{
    const QString path = m_dir->filePath(name);
    if (!test::writeFile(path, bytes))
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

QString TestFlatCsv::reexport(const Audit& audit, const QString& name, QByteArray* bytes)
{
    const QString path = m_dir->filePath(name), again = m_dir->filePath("again-" + name);
    std::string error;
    if (!exportFlatCsv(audit, path.toStdString(), &error))
        return "export failed: " + QString::fromStdString(error);
    auto back = importCsv(path);
    if (!back.audit)
        return "import of the export failed: " + issuesText(back.log);
    if (auto difference = compareAudits(audit, *back.audit); !difference.empty())
        return QString::fromStdString(difference);
    const QByteArray text = readFile(path);
    if (!exportFlatCsv(*back.audit, again.toStdString(), &error) || readFile(again) != text)
        return "exporting the re-imported audit wrote other bytes";
    if (bytes)
        *bytes = text;
    return {};
}

void TestFlatCsv::llmbarVerdicts()
{
    auto out = importCsv(kLlmBar);
    QVERIFY2(out.audit, qPrintable(issuesText(out.log)));
    QVERIFY(out.log.issues.empty());
    const auto& a = *out.audit;
    QCOMPARE(a.judgmentCount(), std::size_t(74960));
    QCOMPARE(a.itemCount(), std::size_t(1200));
    QCOMPARE(out.judgmentsAdded, std::uint64_t(74960));
    QCOMPARE(out.itemsAdded, std::uint64_t(1200));
    QCOMPARE(countAnswers(a, answer::kNone), std::size_t(348));
    QCOMPARE(countAnswers(a, answer::kA), std::size_t(36792));
    QCOMPARE(countAnswers(a, answer::kB), std::size_t(37820));
    QCOMPARE(countAnswers(a, answer::kTie), std::size_t(0));
    QCOMPARE(a.cells().size(), std::size_t(464));
    const auto& labels = a.items().label;
    QCOMPARE(std::count(labels.begin(), labels.end(), answer::kA), std::ptrdiff_t(596));
    QCOMPARE(std::count(labels.begin(), labels.end(), answer::kB), std::ptrdiff_t(604));
    QVERIFY(a.conditionKeys().empty());
    QVERIFY(a.judgments().probs.empty());
    QVERIFY(a.judgments().costUsdCol.empty());
    // First row: llmbar-CaseStudy-Base_10,0,ChatGPT,CoT,AB,1,B,A
    const auto first = a.importOrder()[0];
    const auto& j = a.judgments();
    QCOMPARE(a.str(a.items().dataset[j.item[first]]), std::string_view("llmbar-CaseStudy-Base_10"));
    QCOMPARE(a.str(a.items().itemId[j.item[first]]), std::string_view("0"));
    QCOMPARE(a.str(j.judge[first]), std::string_view("ChatGPT"));
    QCOMPARE(a.str(j.format[first]), std::string_view("CoT"));
    QCOMPARE(j.order[first], Order::AB);
    QCOMPARE(j.answer[first], answer::kB);
    QCOMPARE(a.items().label[j.item[first]], answer::kA);
}

void TestFlatCsv::posbiasRepetition()
{
    auto out = importCsv(kPosBias);
    QVERIFY2(out.audit, qPrintable(issuesText(out.log)));
    const auto& a = *out.audit;
    QCOMPARE(a.judgmentCount(), std::size_t(9072));
    QCOMPARE(a.itemCount(), std::size_t(168));
    QCOMPARE(countAnswers(a, answer::kTie), std::size_t(387));
    QCOMPARE(countAnswers(a, answer::kNone), std::size_t(30));
    QCOMPARE(countAnswers(a, answer::kA), std::size_t(5200));
    QCOMPARE(countAnswers(a, answer::kB), std::size_t(3455));
    const auto& labels = a.items().label;
    QVERIFY(std::all_of(labels.begin(), labels.end(), [](Answer l) { return l == answer::kNone; }));
    const auto& reps = a.judgments().rep;
    QCOMPARE(std::count(reps.begin(), reps.end(), std::uint16_t(3)), std::ptrdiff_t(3024));
    QCOMPARE(a.cells().size(), std::size_t(18));
}

void TestFlatCsv::exportReproducesInput_data()
{
    QTest::addColumn<QString>("path");
    QTest::newRow("llmbar") << kLlmBar;
    QTest::newRow("posbias") << kPosBias;
}

void TestFlatCsv::exportReproducesInput()
{
    QFETCH(QString, path);
    auto first = importCsv(path);
    QVERIFY2(first.audit, qPrintable(issuesText(first.log)));
    // It reads back to the same audit, and byte for byte: same header, same rows in the same order, same
    // cell texts.
    QByteArray output;
    QCOMPARE(reexport(*first.audit, "export.csv", &output), QString());
    const QByteArray input = readFile(path);
    QCOMPARE(output.size(), input.size());
    QVERIFY(output == input);
}

void TestFlatCsv::roundTripAllColumns()
{
    const QByteArray csv =
        "dataset,item_id,judge,format,order,rep,verdict,label,prob_a,cost_usd,latency_s,confidence,tokens_in,"
        "tokens_out,raw,error,test,version,variant,cue_on,temperature,paradigm\n"
        "d,1,j,F,AB,1,A,A,0.75,0.0012,1.5,0.9,120,30,\"I pick A, because\nit is "
        "\"\"better\"\"\",,bandwagon,90%,"
        "original,better,0,Direct\n"
        "d,1,j,F,BA,1,none,,,,,,,,,timeout,bandwagon,90%,perturbed,worse,0,Direct\n"
        "d,2,j,F,AB,2,tie,B,1e-07,0,0.1,1,0,0,,,,,,,0.7,\n"
        "e,=x,k,,BA,1,B,tie,0,,,,,,-raw,,,,,,,G-Eval\n";
    const QString path = write("all.csv", csv);
    auto first = importCsv(path);
    QVERIFY2(first.audit, qPrintable(issuesText(first.log)));
    const auto& a = *first.audit;
    QCOMPARE(a.judgmentCount(), std::size_t(4));
    QCOMPARE(a.itemCount(), std::size_t(3));
    const auto& j = a.judgments();
    const auto r0 = a.importOrder()[0];
    QCOMPARE(a.str(j.raw[r0]), std::string_view("I pick A, because\nit is \"better\""));
    QCOMPARE(j.probsOf(r0).size(), std::size_t(1));
    QCOMPARE(j.probsOf(r0)[0].option, answer::kA);
    QCOMPARE(j.probsOf(r0)[0].p, 0.75);
    QCOMPARE(j.costUsd(r0), 0.0012);
    QCOMPARE(j.tokensIn(r0), std::int64_t(120));
    QCOMPARE(j.variant[r0], Variant::Original);
    QCOMPARE(j.cue[r0], Cue::Better);
    const auto r1 = a.importOrder()[1];
    QCOMPARE(a.str(j.error[r1]), std::string_view("timeout"));
    QVERIFY(isMissing(j.costUsd(r1)));
    QCOMPARE(j.tokensIn(r1), kMissingCount);
    QVERIFY(j.probsOf(r1).empty());
    const auto r3 = a.importOrder()[3];
    QCOMPARE(a.str(j.format[r3]), std::string_view(""));
    QCOMPARE(a.str(j.raw[r3]), std::string_view("-raw"));
    // Condition keys in the header's column order (AuditBuilder::addConditionKey); the empty paradigm cell of
    // row 3 leaves that key unset.
    QCOMPARE(a.conditionKeys().size(), std::size_t(2));
    QCOMPARE(a.str(a.conditionKeys()[0]), std::string_view("temperature"));
    QCOMPARE(a.str(a.conditionKeys()[1]), std::string_view("paradigm"));
    QCOMPARE(a.conditions()[j.condition[a.importOrder()[2]]].size(), std::size_t(1));
    QCOMPARE(a.conditions()[j.condition[r3]].size(), std::size_t(1));

    QByteArray text;
    QCOMPARE(reexport(a, "out.csv", &text), QString());
    // The exported header: fixed columns, the optional ones in use, then condition keys.
    QVERIFY(
        text.startsWith("dataset,item_id,judge,format,order,rep,verdict,label,prob_a,cost_usd,latency_s,"
                        "confidence,tokens_in,tokens_out,error,raw,test,version,variant,cue_on,temperature,"
                        "paradigm\n"));
    QVERIFY(text.contains("\nd,2,j,F,AB,2,tie,B,1e-07,0,0.1,1,0,0,,,,,,,0.7,\n"));
    // Formula-like texts are guarded with an apostrophe (model/spreadsheettext.h), which the import drops.
    QVERIFY(text.contains("\ne,'=x,k,,BA,1,B,tie,0,,,,,,,'-raw,,,,,,G-Eval\n"));
}

void TestFlatCsv::quoting()
{
    const QByteArray csv = kHeader + "d,\"a,b\",j,F,AB,1,A,,,,\n"
                                     "d,\"say \"\"hi\"\"\",j,F,AB,1,B,,,,\n"
                                     "d,\"two\nlines\",j,F,AB,1,tie,,,,\n"
                                     "d,\"\",j,F,AB,1,A,,,,\n" // quoted empty item_id: a bad record
                                     "d,plain,j,F,AB,1,X,,,,\n";
    const QString path = write("q.csv", csv);
    auto out = importCsv(path, nullptr, BadRecordPolicy::SkipAndList);
    QVERIFY(out.audit);
    QCOMPARE(out.audit->judgmentCount(), std::size_t(3));
    QVERIFY(out.audit->findItem("d", "a,b"));
    QVERIFY(out.audit->findItem("d", "say \"hi\""));
    QVERIFY(out.audit->findItem("d", "two\nlines"));
    // Lines count physical lines: the record after the two-line item starts on line 6.
    QCOMPARE(issuesText(out.log), path + ":6: item_id: must not be empty\n" + path +
                                      ":7: verdict: \"X\" is not A, B, tie or none");

    QByteArray exported;
    QCOMPARE(reexport(*out.audit, "out.csv", &exported), QString());
    QCOMPARE(exported, kHeader + "d,\"a,b\",j,F,AB,1,A,,,,\n"
                                 "d,\"say \"\"hi\"\"\",j,F,AB,1,B,,,,\n"
                                 "d,\"two\nlines\",j,F,AB,1,tie,,,,\n");
}

void TestFlatCsv::lineEndingsAndBom()
{
    QByteArray crlf = "\xEF\xBB\xBF" + kHeader + "d,1,j,F,AB,1,A,A,,,\nd,\"x\r\ny\",j,F,BA,1,B,B,,,\n";
    crlf.replace("\n", "\r\n"); // the embedded newline becomes \r\r\n: kept as text inside the quotes
    crlf.chop(2);               // no line end after the last record
    const QString path = write("crlf.csv", crlf);
    auto out = importCsv(path);
    QVERIFY2(out.audit, qPrintable(issuesText(out.log)));
    QCOMPARE(out.audit->judgmentCount(), std::size_t(2));
    QVERIFY(out.audit->findItem("d", "1"));
    QVERIFY(out.audit->findItem("d", "x\r\r\ny"));
    QCOMPARE(out.audit->str(out.audit->judgments().judge[0]), std::string_view("j"));
    QCOMPARE(out.audit->items().label[*out.audit->findItem("d", "x\r\r\ny")], answer::kB);

    // Blank lines between records are not records.
    const QString blank = write("blank.csv", kHeader + "\nd,1,j,F,AB,1,A,,,,\n\n\nd,1,j,F,BA,1,zz,,,,\n");
    auto skipped = importCsv(blank);
    QVERIFY(!skipped.audit);
    QCOMPARE(issuesText(skipped.log), blank + ":6: verdict: \"zz\" is not A, B, tie or none");
}

void TestFlatCsv::conditionColumn()
{
    const QByteArray csv = "dataset,item_id,judge,format,order,rep,verdict,label,temperature\n"
                           "d,1,j,F,AB,1,A,A,0\n"
                           "d,1,j,F,AB,1,B,A,0.5\n"
                           "d,1,j,F,AB,1,B,A,\n"
                           "d,2,j,F,AB,1,B,,0\n";
    const QString path = write("temp.csv", csv);
    auto out = importCsv(path);
    QVERIFY2(out.audit, qPrintable(issuesText(out.log)));
    const auto& a = *out.audit;
    QCOMPARE(a.judgmentCount(), std::size_t(4));
    // Three conditions: temperature=0, temperature=0.5, and the empty one; three cells.
    QCOMPARE(a.cells().size(), std::size_t(3));
    const auto key = *a.strings().find("temperature");
    const auto& j = a.judgments();
    QCOMPARE(a.str(a.conditionValue(j.condition[a.importOrder()[0]], key)), std::string_view("0"));
    QCOMPARE(a.str(a.conditionValue(j.condition[a.importOrder()[1]], key)), std::string_view("0.5"));
    QCOMPARE(j.condition[a.importOrder()[2]], CondId(0));
    QCOMPARE(j.condition[a.importOrder()[3]], j.condition[a.importOrder()[0]]);

    QByteArray exported;
    QCOMPARE(reexport(a, "out.csv", &exported), QString());
    QCOMPARE(exported, QByteArray("dataset,item_id,judge,format,order,rep,verdict,label,prob_a,cost_usd,"
                                  "latency_s,temperature\n"
                                  "d,1,j,F,AB,1,A,A,,,,0\n"
                                  "d,1,j,F,AB,1,B,A,,,,0.5\n"
                                  "d,1,j,F,AB,1,B,A,,,,\n"
                                  "d,2,j,F,AB,1,B,,,,,0\n"));
}

void TestFlatCsv::slotColumn_data()
{
    QTest::addColumn<QByteArray>("order");
    QTest::addColumn<QByteArray>("verdict");
    QTest::addColumn<QByteArray>("slot");
    QTest::addColumn<int>("expected");
    auto row = [](const char* name, const char* order, const char* verdict, const char* slot,
                  Answer expected) {
        QTest::newRow(name) << QByteArray(order) << QByteArray(verdict) << QByteArray(slot) << int(expected);
    };
    row("AB first", "AB", "", "first", answer::kA);
    row("AB second", "AB", "", "second", answer::kB);
    row("BA first", "BA", "", "first", answer::kB);
    row("BA 2", "BA", "", "2", answer::kA);
    row("AB 1", "AB", "", "1", answer::kA);
    row("BA letter shown first", "BA", "", "A", answer::kB); // the letter shown, as in JSONL
    row("AB letter shown second", "AB", "", "b", answer::kB);
    row("tie", "BA", "", "Tie", answer::kTie);
    row("none", "BA", "", "none", answer::kNone);
    row("both agree", "BA", "A", "second", answer::kA);
    row("verdict only", "BA", "b", "", answer::kB);
}

void TestFlatCsv::slotColumn()
{
    QFETCH(QByteArray, order);
    QFETCH(QByteArray, verdict);
    QFETCH(QByteArray, slot);
    QFETCH(int, expected);
    const QString path =
        write("slot.csv", "dataset,item_id,judge,format,order,rep,verdict,label,slot\nd,1,j,F," + order +
                              ",1," + verdict + ",," + slot + "\n");
    auto out = importCsv(path);
    QVERIFY2(out.audit, qPrintable(issuesText(out.log)));
    QCOMPARE(int(out.audit->judgments().answer[0]), expected);
}

void TestFlatCsv::headerOnly()
{
    const QString path = write("header.csv", kHeader);
    auto out = importCsv(path);
    QVERIFY2(out.audit, qPrintable(issuesText(out.log)));
    QCOMPARE(out.audit->judgmentCount(), std::size_t(0));
    QVERIFY(out.log.issues.empty());
}

void TestFlatCsv::badInput_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("message"); // after "<path>"

    const QByteArray ok = "d,1,j,F,AB,1,A,A,,,\n";
    QTest::newRow("missing column") << QByteArray(
                                           "dataset,item_id,judge,format,order,rep,label\nd,1,j,F,AB,1,A\n")
                                    << ":1: verdict: missing required column";
    QTest::newRow("duplicate column")
        << QByteArray("dataset,item_id,judge,format,order,rep,verdict,label,temperature,temperature\n")
        << ":1: temperature: duplicate column";
    QTest::newRow("empty column name")
        << QByteArray("dataset,item_id,judge,format,order,rep,verdict,label,\n")
        << ":1: column 9: empty column name";
    QTest::newRow("bad order") << kHeader + ok + "d,1,j,F,XY,1,A,A,,,\n"
                               << ":3: order: \"XY\" is not AB, BA or unknown";
    QTest::newRow("empty order") << kHeader + "d,1,j,F,,1,A,A,,,\n"
                                 << ":2: order: \"\" is not AB, BA or unknown";
    QTest::newRow("bad verdict") << kHeader + "d,1,j,F,AB,1,C,A,,,\n"
                                 << ":2: verdict: \"C\" is not A, B, tie or none";
    QTest::newRow("NA verdict") << kHeader + "d,1,j,F,AB,1,NA,A,,,\n"
                                << ":2: verdict: \"NA\" is not A, B, tie or none";
    QTest::newRow("bad label") << kHeader + "d,1,j,F,AB,1,A,first,,,\n"
                               << ":2: label: \"first\" is not A, B, tie or none";
    QTest::newRow("slot/verdict inconsistent")
        << QByteArray("dataset,item_id,judge,format,order,rep,verdict,label,slot\nd,1,j,F,BA,1,A,,first\n")
        << ":2: slot: \"first\" with order BA means \"B\", but verdict is \"A\"";
    QTest::newRow("bad slot") << QByteArray("dataset,item_id,judge,format,order,rep,verdict,label,slot\n"
                                            "d,1,j,F,BA,1,,,third\n")
                              << ":2: slot: \"third\" is not first, second, 1, 2, A, B, tie or none";
    QTest::newRow("NA slot") << QByteArray("dataset,item_id,judge,format,order,rep,verdict,label,slot\n"
                                           "d,1,j,F,BA,1,,,NA\n")
                             << ":2: slot: \"NA\" is not first, second, 1, 2, A, B, tie or none";
    QTest::newRow("label conflict") << kHeader + ok + "d,1,j,F,BA,1,A,,,,\nd,1,j,F,AB,2,A,B,,,\n"
                                    << ":4: label: \"B\" disagrees with \"A\" given at line 2";
    QTest::newRow("too few fields") << kHeader + ok + "d,1,j,F,BA,1,A,A,,\n"
                                    << ":3: expected 11 fields (as in the header), found 10";
    QTest::newRow("too many fields") << kHeader + "d,1,j,F,BA,1,A,A,,,,\n"
                                     << ":2: expected 11 fields (as in the header), found 12";
    QTest::newRow("bad number") << kHeader + "d,1,j,F,AB,1,A,A,abc,,\n"
                                << ":2: prob_a: \"abc\" is not a number";
    QTest::newRow("probability > 1") << kHeader + "d,1,j,F,AB,1,A,A,1.5,,\n"
                                     << ":2: prob_a: 1.5 is outside [0, 1]";
    QTest::newRow("nan") << kHeader + "d,1,j,F,AB,1,A,A,nan,,\n"
                         << ":2: prob_a: \"nan\" is not a finite number";
    QTest::newRow("negative cost") << kHeader + "d,1,j,F,AB,1,A,A,,-0.5,\n"
                                   << ":2: cost_usd: -0.5 is negative";
    QTest::newRow("infinite latency") << kHeader + "d,1,j,F,AB,1,A,A,,,inf\n"
                                      << ":2: latency_s: \"inf\" is not a finite number";
    QTest::newRow("number with space") << kHeader + "d,1,j,F,AB,1,A,A,,1 ,\n"
                                       << ":2: cost_usd: \"1 \" is not a number";
    QTest::newRow("rep 0") << kHeader + "d,1,j,F,AB,0,A,A,,,\n"
                           << ":2: rep: 0 is not in 1..65535";
    QTest::newRow("rep too big") << kHeader + "d,1,j,F,AB,65536,A,A,,,\n"
                                 << ":2: rep: 65536 is not in 1..65535";
    QTest::newRow("rep not an integer") << kHeader + "d,1,j,F,AB,x,A,A,,,\n"
                                        << ":2: rep: \"x\" is not an integer";
    QTest::newRow("tokens too large")
        << QByteArray("dataset,item_id,judge,format,order,rep,verdict,label,tokens_out\n"
                      "d,1,j,F,AB,1,A,A,99999999999999999999\n")
        << ":2: tokens_out: 99999999999999999999 is too large";
    QTest::newRow("bad tokens") << QByteArray(
                                       "dataset,item_id,judge,format,order,rep,verdict,label,tokens_in\n"
                                       "d,1,j,F,AB,1,A,A,1.5\n")
                                << ":2: tokens_in: \"1.5\" is not an integer";
    QTest::newRow("bad confidence") << QByteArray("dataset,item_id,judge,format,order,rep,verdict,label,"
                                                  "confidence\nd,1,j,F,AB,1,A,A,2\n")
                                    << ":2: confidence: 2 is outside [0, 1]";
    QTest::newRow("bad variant") << QByteArray(
                                        "dataset,item_id,judge,format,order,rep,verdict,label,variant\n"
                                        "d,1,j,F,AB,1,A,A,other\n")
                                 << ":2: variant: \"other\" is not original or perturbed";
    QTest::newRow("bad cue") << QByteArray("dataset,item_id,judge,format,order,rep,verdict,label,cue_on\n"
                                           "d,1,j,F,AB,1,A,A,up\n")
                             << ":2: cue_on: \"up\" is not better or worse";
    QTest::newRow("empty judge") << kHeader + "d,1,,F,AB,1,A,A,,,\n"
                                 << ":2: judge: must not be empty";
    QTest::newRow("quote in unquoted field") << kHeader + "d,1\"x,j,F,AB,1,A,A,,,\n"
                                             << ":2: item_id: quote in an unquoted field";
    QTest::newRow("text after closing quote") << kHeader + "d,\"1\"x,j,F,AB,1,A,A,,,\n"
                                              << ":2: item_id: unexpected text after the closing quote";
    QTest::newRow("truncated file") << kHeader + ok + "d,\"1,j,F,AB,1,A,A,,,\nd,2,j,F,AB,1,A,A,,,\n"
                                    << ":3: truncated file: unterminated quoted field";
    QTest::newRow("non-UTF-8") << kHeader + ok + "d,caf\xE9,j,F,AB,1,A,A,,,\n"
                               << ":3: invalid UTF-8 (byte offset " +
                                      QString::number(kHeader.size() + ok.size() + 5) + ")";
    QTest::newRow("non-UTF-8 in quoted newline")
        << kHeader + ok + "d,\"a\nb\xC0\xAF\",j,F,AB,1,A,A,,,\n"
        << ":4: invalid UTF-8 (byte offset " + QString::number(kHeader.size() + ok.size() + 6) + ")";
    QTest::newRow("empty file") << QByteArray() << ": empty file";
    QTest::newRow("only a BOM and blank lines") << QByteArray("\xEF\xBB\xBF\n\n") << ": empty file";
    QTest::newRow("conflicting judgment")
        << kHeader + ok + "d,1,j,F,BA,1,A,A,,,\nd,1,j,F,AB,1,B,A,,,\n"
        << ":4: rep: conflicting judgment: same item, judge, format, condition, order and rep as line 2, "
           "different answer B here, A there";
}

void TestFlatCsv::badInput()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, message);
    // A base audit the failed import must leave as it was (compared with a second import of the same file).
    const QString basePath = write("base.csv", kHeader + "b,1,j,F,AB,1,A,A,,,\nd,9,j,F,AB,1,B,,,,\n");
    auto base = importCsv(basePath), baseCopy = importCsv(basePath);
    QVERIFY(base.audit && baseCopy.audit);

    const QString path = write("bad.csv", content);
    auto out = importCsv(path, base.audit.get());
    QVERIFY(!out.audit);
    QVERIFY(out.log.failed);
    QCOMPARE(out.log.issues.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(out.log.issues[0].text()), path + message);
    QCOMPARE(QString::fromStdString(compareAudits(*base.audit, *baseCopy.audit)), QString());

    // The reader alone reports the same (the conflicting judgment is found by the builder, so it reads fine).
    AuditBuilder builder;
    ImportLog log;
    const bool ok = importFlatCsv(path.toStdString(), builder, log, {});
    if (message.contains("conflicting judgment")) {
        QVERIFY(ok);
        QVERIFY(!builder.build(log));
    } else {
        QVERIFY(!ok);
    }
    QVERIFY(log.failed);
    QCOMPARE(QString::fromStdString(log.issues.at(0).text()), path + message);
}

void TestFlatCsv::labelConflictWithBase()
{
    auto base = importCsv(write("base.csv", kHeader + "d,1,j,F,AB,1,A,A,,,\n"));
    QVERIFY(base.audit);
    const QString path = write("more.csv", kHeader + "d,1,k,F,AB,1,A,B,,,\n");
    auto out = importCsv(path, base.audit.get());
    QVERIFY(!out.audit);
    QCOMPARE(issuesText(out.log), path + ":2: label: \"B\" disagrees with \"A\" set before this file");
    // Without a label, or with the same one, the row joins the existing item.
    const QString fine = write("fine.csv", kHeader + "d,1,k,F,AB,1,A,,,,\nd,1,k,F,BA,1,B,A,,,\n");
    auto joined = importCsv(fine, base.audit.get());
    QVERIFY2(joined.audit, qPrintable(issuesText(joined.log)));
    QCOMPARE(joined.audit->itemCount(), std::size_t(1));
    QCOMPARE(joined.audit->judgmentCount(), std::size_t(3));
}

void TestFlatCsv::itemOfAnotherKind()
{
    const auto base = test::oneJudgmentAudit(TaskKind::Binary, answer::kMet, "u1");
    const QString path = write("pairwise.csv", kHeader + "d,u2,j,F,AB,1,A,,,,\nd,u1,j,F,AB,1,A,,,,\n");
    auto out = importCsv(path, base.get());
    QVERIFY(!out.audit);
    QCOMPARE(issuesText(out.log), path + ":3: item_id: item \"u1\" of dataset \"d\" is binary, not pairwise");
    QCOMPARE(base->itemCount(), std::size_t(1));
}

void TestFlatCsv::unreadableFile()
{
    const QString missing = m_dir->filePath("missing.csv");
    AuditBuilder builder;
    ImportLog log;
    QVERIFY(!importFlatCsv(missing.toStdString(), builder, log, {}));
    QVERIFY(log.failed);
    QCOMPARE(log.issues.size(), std::size_t(1));
    QVERIFY2(QString::fromStdString(log.issues[0].text()).startsWith(missing + ": cannot read file"),
             log.issues[0].text().c_str());
    ImportLog dirLog;
    QVERIFY(!importFlatCsv(m_dir->path().toStdString(), builder, dirLog, {}));
    QVERIFY(dirLog.failed);
    QVERIFY2(
        QString::fromStdString(dirLog.issues.at(0).text()).startsWith(m_dir->path() + ": cannot read file"),
        dirLog.issues.at(0).text().c_str());
}

void TestFlatCsv::skipBadRecords()
{
    const QByteArray csv = kHeader + "d,1,j,F,XY,1,A,A,,,\n"     // 2 bad order: sets neither item nor label
                                     "d,1,j,F,AB,1,A,B,,,\n"     // 3 good: item 1 created here, label B
                                     "d,1,j,F,BA,1,A,A,,,\n"     // 4 label conflict with line 3
                                     "d,2,j,F,AB,1,A,,,\n"       // 5 too few fields
                                     "d,2,j,F,AB,1,A,,0.2,,\n"   // 6 good
                                     "d,\"3\"x,j,F,AB,1,A,,,,\n" // 7 text after the closing quote
                                     "d,1,j,F,AB,1,B,,,,\n"      // 8 conflicts with line 3 (found by build)
                                     "d,4,j,F,AB,1,Q,,,,\n";     // 9 bad verdict
    const QString path = write("mixed.csv", csv);
    auto out = importCsv(path, nullptr, BadRecordPolicy::SkipAndList);
    QVERIFY2(out.audit, qPrintable(issuesText(out.log)));
    QVERIFY(!out.log.failed);
    QCOMPARE(out.audit->judgmentCount(), std::size_t(2));
    QCOMPARE(out.audit->itemCount(), std::size_t(2)); // items 1 and 2; no item for the bad rows
    QCOMPARE(out.judgmentsAdded, std::uint64_t(2));
    QCOMPARE(out.log.skippedRecords, std::uint64_t(6));
    QCOMPARE(
        issuesText(out.log),
        path + ":2: order: \"XY\" is not AB, BA or unknown\n" + path +
            ":4: label: \"A\" disagrees with \"B\" given at line 3\n" + path +
            ":5: expected 11 fields (as in the header), found 10\n" + path +
            ":7: item_id: unexpected text after the closing quote\n" + path +
            ":9: verdict: \"Q\" is not A, B, tie or none\n" + path +
            ":8: rep: conflicting judgment: same item, judge, format, condition, order and rep as line 3, "
            "different answer B here, A there");
    const auto item1 = out.audit->findItem("d", "1");
    QVERIFY(item1);
    QCOMPARE(out.audit->items().label[*item1], answer::kB);
    QCOMPARE(out.audit->judgments().answer[out.audit->importOrder()[0]], answer::kA);
    QCOMPARE(out.audit->judgments().probsOf(out.audit->importOrder()[1])[0].p, 0.2);
}

void TestFlatCsv::cancel()
{
    std::atomic<bool> cancelled{true};
    Progress progress;
    progress.cancel = &cancelled;
    AuditBuilder builder;
    ImportLog log;
    // Big enough to reach a progress point (every few MB).
    QByteArray csv = kHeader;
    for (int i = 0; i < 200000; ++i)
        csv += "dataset-x,item-" + QByteArray::number(i) + ",judge,Format,AB,1,A,A,0.5,0.001,1.25\n";
    const QString path = write("big.csv", csv);
    QVERIFY(!importFlatCsv(path.toStdString(), builder, log, progress));
    QCOMPARE(builder.judgmentCount(), std::size_t(0)); // cancelled before the first row
    QVERIFY(log.issues.empty());
    QVERIFY(!log.failed);

    ImportOptions options;
    options.format = SourceFormat::FlatCsv;
    auto out = importSources({path.toStdString()}, nullptr, options, progress);
    QVERIFY(out.cancelled);
    QVERIFY(!out.audit);

    // Not cancelled: all rows.
    cancelled = false;
    auto full = importSources({path.toStdString()}, nullptr, options, progress);
    QVERIFY(full.audit);
    QCOMPARE(full.audit->judgmentCount(), std::size_t(200000));
}

void TestFlatCsv::progressReported()
{
    QByteArray csv = kHeader;
    for (int i = 0; i < 300000; ++i)
        csv += "d,item-" + QByteArray::number(i % 5000) + ",judge-" + QByteArray::number(i / 5000) +
               ",F,BA,1,B,,,,\n";
    const QString path = write("progress.csv", csv);
    std::vector<std::pair<std::uint64_t, std::uint64_t>> steps;
    Progress progress;
    progress.report = [&steps](std::uint64_t done, std::uint64_t total) { steps.emplace_back(done, total); };
    AuditBuilder builder;
    ImportLog log;
    QVERIFY(importFlatCsv(path.toStdString(), builder, log, progress));
    QCOMPARE(builder.judgmentCount(), std::size_t(300000));
    QCOMPARE(builder.itemCount(), std::size_t(5000));
    QVERIFY(steps.size() >= 2);
    QCOMPARE(steps.back().first, std::uint64_t(csv.size()));
    QCOMPARE(steps.back().second, std::uint64_t(csv.size()));
    for (std::size_t i = 1; i < steps.size(); ++i)
        QVERIFY(steps[i].first >= steps[i - 1].first);
}

void TestFlatCsv::recordTooLong()
{
    // One field over kMaxLineBytes: an error, not a crash or an unbounded buffer.
    QByteArray csv = kHeader + "d,1,j,F,AB,1,A,A,,,\nd,";
    csv += QByteArray(static_cast<qsizetype>(kMaxLineBytes) + 16, 'x');
    csv += ",j,F,AB,1,A,A,,,\n";
    const QString path = write("long.csv", csv);
    csv.clear();
    auto out = importCsv(path);
    QVERIFY(!out.audit);
    QCOMPARE(issuesText(out.log), path + ":3: record longer than 64 MiB");
}

void TestFlatCsv::problemsAcrossALongFile_data()
{
    QTest::addColumn<bool>("skip");
    QTest::newRow("skip and list") << true;
    QTest::newRow("stop at first") << false;
}

void TestFlatCsv::problemsAcrossALongFile()
{
    // A long file with problems far apart: bad rows, a label that conflicts with one given 2,500 lines
    // earlier, and a broken byte near the end, after which nothing is read. Messages come in file order and
    // the stop-at-first policy adds nothing after the first bad row.
    QFETCH(bool, skip);
    QByteArray csv = kHeader;
    std::uint64_t badByte = 0;
    for (int line = 2; line <= 20001; ++line) {
        const QByteArray item = QByteArray::number(line % 1000);
        if (line == 3000)
            csv += "d,500,j,F,BA,9,A,B,,,\n"; // item 500's label is A (set on line 500)
        else if (line == 9000)
            csv += "d,x,j,F,AB,1,A,,1.5,,\n";
        else if (line == 15000)
            csv += "d,y,j,F,AB,1\n";
        else if (line == 19000) {
            badByte = static_cast<std::uint64_t>(csv.size()) + 3;
            csv += "d,z\xFF,j,F,AB,1,A,,,,\n";
        } else // items 0..999, each with 20 rows that differ in rep; labels A on even items
            csv += "d," + item + ",j,F,AB," + QByteArray::number(line / 1000 + 1) + ",A," +
                   (line % 2 == 0 ? "A" : "") + ",,,\n";
    }
    const QString path = write("batches.csv", csv);
    AuditBuilder builder;
    ImportLog log;
    log.policy = skip ? BadRecordPolicy::SkipAndList : BadRecordPolicy::StopAtFirst;
    QVERIFY(!importFlatCsv(path.toStdString(), builder, log, Progress{}));
    QVERIFY(log.failed);
    const QString labelConflict = path + ":3000: label: \"B\" disagrees with \"A\" given at line 500";
    if (!skip) {
        QCOMPARE(issuesText(log), labelConflict);
        QCOMPARE(builder.judgmentCount(), std::size_t(2998)); // lines 2..2999, none after the bad one
        return;
    }
    QCOMPARE(issuesText(log), labelConflict + "\n" + path + ":9000: prob_a: 1.5 is outside [0, 1]\n" + path +
                                  ":15000: expected 11 fields (as in the header), found 6\n" + path +
                                  ":19000: invalid UTF-8 (byte offset " + QString::number(badByte) + ")");
    QCOMPARE(log.skippedRecords, std::uint64_t(3));
    QCOMPARE(builder.judgmentCount(), std::size_t(18995)); // lines 2..18999 but the three bad ones
    QCOMPARE(builder.itemCount(), std::size_t(1000));
}

void TestFlatCsv::exportRejectsNonPairwise()
{
    const auto audit = test::oneJudgmentAudit(TaskKind::Binary, answer::kMet, "u1");
    const QString path = m_dir->filePath("binary.csv");
    write("binary.csv", "existing content\n");
    std::string error;
    QVERIFY(!exportFlatCsv(*audit, path.toStdString(), &error));
    QCOMPARE(
        QString::fromStdString(error),
        QString("the flat CSV holds pairwise judgments only, but item \"u1\" of dataset \"d\" is binary"));
    QCOMPARE(readFile(path), QByteArray("existing content\n")); // untouched

    // NA answers and condition keys named like a column have no faithful flat CSV form either.
    const auto na = test::oneJudgmentAudit(TaskKind::Pairwise, answer::kNA, "p1");
    QVERIFY(!exportFlatCsv(*na, path.toStdString(), &error));
    QCOMPARE(QString::fromStdString(error),
             QString("the flat CSV has no value for an NA answer or label (item \"p1\" of dataset \"d\"); "
                     "export JSON Lines instead"));
    const auto clash = test::oneJudgmentAudit(TaskKind::Pairwise, answer::kNone, "p1", {{"slot", "x"}});
    QVERIFY(!exportFlatCsv(*clash, path.toStdString(), &error));
    QCOMPARE(QString::fromStdString(error),
             QString("condition key \"slot\" has the name of a flat CSV column; export JSON Lines instead"));
    QCOMPARE(readFile(path), QByteArray("existing content\n"));

    // An unwritable place: a clear error, no crash.
    auto ok = importCsv(write("one.csv", kHeader + "d,1,j,F,AB,1,A,A,,,\n"));
    QVERIFY(ok.audit);
    const QString nowhere = m_dir->filePath("no/such/dir/x.csv");
    QVERIFY(!exportFlatCsv(*ok.audit, nowhere.toStdString(), &error));
    QCOMPARE(QString::fromStdString(error), nowhere + ": cannot create a file in " +
                                                m_dir->filePath("no/such/dir") +
                                                ": No such file or directory");
}

void TestFlatCsv::exportQuotesFormulas()
{
    const QByteArray csv = "dataset,item_id,judge,format,order,rep,verdict,label,note\n"
                           "d,\"=HYPERLINK(\"\"x\"\")\",@j,+F,AB,1,A,,-1\n";
    const QString path = write("formula.csv", csv);
    auto out = importCsv(path);
    QVERIFY2(out.audit, qPrintable(issuesText(out.log)));
    QVERIFY(out.audit->findItem("d", "=HYPERLINK(\"x\")"));
    QByteArray exported;
    QCOMPARE(reexport(*out.audit, "out.csv", &exported), QString());
    // Quotes alone do not stop a spreadsheet: formula-like texts get a leading apostrophe; -1 is a number.
    QCOMPARE(exported, QByteArray("dataset,item_id,judge,format,order,rep,verdict,label,prob_a,cost_usd,"
                                  "latency_s,note\n"
                                  "d,\"'=HYPERLINK(\"\"x\"\")\",'@j,'+F,AB,1,A,,,,,-1\n"));
    // The import drops the guard: the same texts, and the same file when exported again.
    auto back = importCsv(write("formula-out.csv", exported));
    QVERIFY2(back.audit, qPrintable(issuesText(back.log)));
    QVERIFY(back.audit->findItem("d", "=HYPERLINK(\"x\")"));
    QCOMPARE(back.audit->str(back.audit->judgments().judge[0]), std::string_view("@j"));
    QByteArray again;
    QCOMPARE(reexport(*back.audit, "again.csv", &again), QString());
    QCOMPARE(again, exported);
}

QTEST_GUILESS_MAIN(TestFlatCsv)
#include "tst_flatcsv.moc"
