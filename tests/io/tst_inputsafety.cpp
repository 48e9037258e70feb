// SPDX-License-Identifier: GPL-3.0-or-later
// Hostile inputs that are not about a record's content (docs/robustness.md, "Inputs"): names holding control
// characters in messages, pipes and FIFOs as inputs, a negative zero through a project and the exports,
// one number written several ways as a condition value, a project among the inputs of an import, and the
// duplicate-column message of the (now hashed) CSV header check. Each row checks the exact message or the
// exact values, and that a refused import returns no audit.

#include "../common/testfiles.h"
#include "io/auditsource.h"
#include "io/exporter.h"
#include "io/importer.h"
#include "io/project/projectfile.h"
#include "model/auditbuilder.h"
#include "model/decimaltext.h"
#include "model/importissue.h"

#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>
#include <unistd.h>

#include <cmath>
#include <csignal>
#include <thread>

using namespace tribunal;

namespace {

const QByteArray kHeader = "dataset,item_id,judge,format,order,rep,verdict,label";

// The condition values of an audit, as "key=value" per set, sets in id order, joined by " | ".
QString conditionsText(const Audit& audit)
{
    QStringList sets;
    for (std::size_t c = 1; c < audit.conditions().size(); ++c) {
        QStringList pairs;
        for (const auto& [k, v] : audit.conditions()[c])
            pairs << QString::fromStdString(std::string(audit.str(k)) + "=" + std::string(audit.str(v)));
        sets << pairs.join(',');
    }
    return sets.join(" | ");
}

bool negativeZero(double v)
{
    return v == 0 && std::signbit(v);
}

} // namespace

class TestInputSafety : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { std::signal(SIGPIPE, SIG_IGN); } // a writer whose reader gave up gets EPIPE
    void escapeForMessage_data();
    void escapeForMessage();
    void issueTextEscapesNames();
    void canonicalDecimal_data();
    void canonicalDecimal();
    void numericConditionsAreOneCell_data();
    void numericConditionsAreOneCell();
    void oldProjectKeepsSpellings();
    void negativeZeroThroughProject();
    void pipeIsRead_data();
    void pipeIsRead();
    void fifoWithoutWriter();
    void fifoWithLateWriter();
    void projectAsImportInput();
    void duplicateColumnMessage();
    void cliPipesAndNames();

private:
    QTemporaryDir m_dir;
    QString file(const QString& name) const { return m_dir.filePath(name); }
};

void TestInputSafety::escapeForMessage_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("expected");
    QTest::newRow("plain") << QByteArray("data/a b.csv") << QByteArray("data/a b.csv");
    QTest::newRow("utf-8 kept") << QByteArray("d\xc3\xa9j\xc3\xa0 \xe2\x82\xac.csv")
                                << QByteArray("d\xc3\xa9j\xc3\xa0 \xe2\x82\xac.csv");
    QTest::newRow("newline") << QByteArray("a\nb.csv:3: x: y") << QByteArray("a\\nb.csv:3: x: y");
    QTest::newRow("cr tab") << QByteArray("a\rb\tc") << QByteArray("a\\rb\\tc");
    QTest::newRow("escape") << QByteArray("\x1b[31mred") << QByteArray("\\x1b[31mred");
    QTest::newRow("nul del") << QByteArray("a\0b\x7f", 4) << QByteArray("a\\x00b\\x7f");
    QTest::newRow("c1 csi") << QByteArray("a\xc2\x9b"
                                          "31m")
                            << QByteArray("a\\u009b31m");
    QTest::newRow("c1 nel") << QByteArray("a\xc2\x85z") << QByteArray("a\\u0085z");
    QTest::newRow("not c1") << QByteArray("\xc2\xa0") << QByteArray("\xc2\xa0");
    QTest::newRow("invalid byte") << QByteArray("a\xff\x9b") << QByteArray("a\\xff\\x9b");
    QTest::newRow("overlong") << QByteArray("\xc0\x8a") << QByteArray("\\xc0\\x8a");
    QTest::newRow("cut sequence") << QByteArray("a\xe2\x82") << QByteArray("a\\xe2\\x82");
    QTest::newRow("backslash alone") << QByteArray("C:\\data\\a.csv") << QByteArray("C:\\data\\a.csv");
    QTest::newRow("backslash n") << QByteArray("C:\\new.csv") << QByteArray("C:\\\\new.csv");
    QTest::newRow("backslash x") << QByteArray("a\\x1b") << QByteArray("a\\\\x1b");
    QTest::newRow("backslash u") << QByteArray("a\\u0085") << QByteArray("a\\\\u0085");
    QTest::newRow("double backslash") << QByteArray("\\\\srv") << QByteArray("\\\\\\srv");
    QTest::newRow("backslash newline") << QByteArray("a\\\n") << QByteArray("a\\\\\\n");
    QTest::newRow("backslash at end") << QByteArray("a\\") << QByteArray("a\\");
}

void TestInputSafety::escapeForMessage()
{
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, expected);
    const std::string out = tribunal::escapeForMessage(std::string_view(text.constData(), text.size()));
    QCOMPARE(QByteArray::fromStdString(out), expected);
    for (const char c : out) // one line, no control byte at all
        QVERIFY(static_cast<unsigned char>(c) >= 0x20 && c != 0x7f);
}

void TestInputSafety::issueTextEscapesNames()
{
    // A name that would otherwise print as two messages, the second a spoofed location.
    const ImportIssue issue{"evil\nok.csv:9: label: fake\x1b[2K", 3, "col\r\n", "bad \"x\\n\"\ttab"};
    QCOMPARE(QString::fromStdString(issue.text()),
             QStringLiteral("evil\\nok.csv:9: label: fake\\x1b[2K:3: col\\r\\n: bad \"x\\n\"\\ttab"));

    // Through an import: the CSV file's name and a column name with control characters.
    const QString name = file(QString::fromUtf8("we\nird\x1b[31m.csv"));
    QVERIFY(test::writeFile(name, kHeader + ",\"c\x1bq\"\nd,1,j,f,AB,1,A,A,x\nd,1,j,f,AB,1,B,A,x\n"));
    auto outcome = importSources({name.toStdString()}, nullptr, {});
    QVERIFY(!outcome.audit);
    QCOMPARE(test::issuesText(outcome.log),
             m_dir.path() + QStringLiteral("/we\\nird\\x1b[31m.csv:3: rep: conflicting judgment: same item, "
                                           "judge, format, condition, order and rep as line 2, different "
                                           "answer B here, A there"));
    // Two identical rows are merged: the note names the file escaped in the same way.
    const QString twice = file(QString::fromUtf8("tw\nice\x1b[31m.csv"));
    QVERIFY(test::writeFile(twice, kHeader + ",\"c\x1bq\"\nd,1,j,f,AB,1,A,A,x\nd,1,j,f,AB,1,A,A,x\n"));
    auto merged = importSources({twice.toStdString()}, nullptr, {});
    QVERIFY2(merged.audit, qPrintable(test::issuesText(merged.log)));
    QCOMPARE(test::issuesText(merged.log), QString());
    QCOMPARE(merged.audit->judgmentCount(), std::size_t(1));
    QCOMPARE(merged.log.notes.size(), std::size_t(1));
    QCOMPARE(QString::fromStdString(merged.log.notes[0].text()),
             m_dir.path() +
                 QStringLiteral("/tw\\nice\\x1b[31m.csv: 1 judgment merged with ones already read or "
                                "in the open audit (same key, and every field both record agrees): "
                                "kept once, with the fields only the later copy records"));
}

void TestInputSafety::canonicalDecimal_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("expected"); // "-" = not a number, left as written
    QTest::newRow("1") << "1"
                       << "1";
    QTest::newRow("1.0") << "1.0"
                         << "1";
    QTest::newRow("1e0") << "1e0"
                         << "1";
    QTest::newRow("1E+0") << "1E+0"
                          << "1";
    QTest::newRow("10e-1") << "10e-1"
                           << "1";
    QTest::newRow("0.50") << "0.50"
                          << "0.5";
    QTest::newRow("100") << "100"
                         << "100";
    QTest::newRow("1e5") << "1e5"
                         << "1e+05";
    QTest::newRow("100000.0") << "100000.0"
                              << "1e+05";
    QTest::newRow("0.0001") << "0.0001"
                            << "1e-04";
    QTest::newRow("0.001") << "0.001"
                           << "0.001";
    QTest::newRow("1.5e-7") << "1.5e-7"
                            << "1.5e-07";
    QTest::newRow("1e300") << "1e300"
                           << "1e+300";
    QTest::newRow("1e999") << "1e999"
                           << "1e+999";
    QTest::newRow("-2.50") << "-2.50"
                           << "-2.5";
    QTest::newRow("0.0") << "0.0"
                         << "0";
    QTest::newRow("0e7") << "0e7"
                         << "0";
    QTest::newRow("-0.0") << "-0.0"
                          << "-0";
    QTest::newRow("big int") << "12345678901234567890"
                             << "12345678901234567890";
    QTest::newRow("big int+1") << "12345678901234567891"
                               << "12345678901234567891";
    QTest::newRow("0.1") << "0.1"
                         << "0.1";
    QTest::newRow("leading zero") << "007"
                                  << "-";
    QTest::newRow("plus") << "+1"
                          << "-";
    QTest::newRow("no int part") << ".5"
                                 << "-";
    QTest::newRow("no fraction") << "1."
                                 << "-";
    QTest::newRow("space") << " 1"
                           << "-";
    QTest::newRow("hex") << "0x10"
                         << "-";
    QTest::newRow("inf") << "inf"
                         << "-";
    QTest::newRow("empty exponent") << "1e"
                                    << "-";
    QTest::newRow("huge exponent") << "1e1234567890123456"
                                   << "-";
    QTest::newRow("text") << "gpt-4"
                          << "-";
    QTest::newRow("minus") << "-"
                           << "-";
}

void TestInputSafety::canonicalDecimal()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    const auto out = tribunal::canonicalDecimal(text.toStdString());
    QCOMPARE(out ? QString::fromStdString(*out) : QStringLiteral("-"), expected);
    if (out) // canonical texts are fixed points
        QCOMPARE(tribunal::canonicalDecimal(*out).value_or(""), *out);
}

void TestInputSafety::numericConditionsAreOneCell_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("conditions");
    QTest::newRow("csv 1 1.0 1e0") << "a.csv"
                                   << kHeader + ",temp\nd,1,j,f,AB,1,A,A,1\nd,2,j,f,AB,1,A,A,1.0\n"
                                                "d,3,j,f,AB,1,A,A,1e0\n"
                                   << "temp=1";
    QTest::newRow("csv 0.50 0.5") << "b.csv"
                                  << kHeader + ",temp\nd,1,j,f,AB,1,A,A,0.50\nd,2,j,f,AB,1,A,A,0.5\n"
                                  << "temp=0.5";
    QTest::newRow("csv texts kept") << "c.csv"
                                    << kHeader + ",seed\nd,1,j,f,AB,1,A,A,007\nd,2,j,f,AB,1,A,A,7\n"
                                                 "d,3,j,f,AB,1,A,A,+7\n"
                                    << "seed=007 | seed=7 | seed=+7";
    QTest::newRow("csv big integers apart")
        << "d.csv"
        << kHeader + ",seed\nd,1,j,f,AB,1,A,A,12345678901234567890\nd,2,j,f,AB,1,A,A,12345678901234567891\n"
        << "seed=12345678901234567890 | seed=12345678901234567891";
    QTest::newRow("csv negative zero")
        << "e.csv" << kHeader + ",t\nd,1,j,f,AB,1,A,A,-0.0\nd,2,j,f,AB,1,A,A,0\n"
        << "t=-0 | t=0";
    const QByteArray line = R"({"dataset":"d","item_id":"%1","judge":"j","format":"f","order":"AB","rep":1,)"
                            R"("answer":"A","condition":{"temp":%2}})";
    auto jsonl = [&line](std::initializer_list<std::pair<const char*, const char*>> rows) {
        QByteArray out;
        for (const auto& [id, value] : rows)
            out += QByteArray(line).replace("%1", id).replace("%2", value) + '\n';
        return out;
    };
    QTest::newRow("jsonl 1 1.0 \"1e0\"")
        << "f.jsonl" << jsonl({{"1", "1"}, {"2", "1.0"}, {"3", "\"1e0\""}}) << "temp=1";
    QTest::newRow("jsonl and csv agree")
        << "g.jsonl" << jsonl({{"1", "0.50"}, {"2", "\"0.5\""}, {"3", "5e-1"}}) << "temp=0.5";
    QTest::newRow("jsonl texts kept")
        << "h.jsonl" << jsonl({{"1", "\"007\""}, {"2", "true"}, {"3", "\"1.\""}})
        << "temp=007 | temp=true | temp=1.";
}

void TestInputSafety::numericConditionsAreOneCell()
{
    QFETCH(QString, name);
    QFETCH(QByteArray, content);
    QFETCH(QString, conditions);
    QVERIFY(test::writeFile(file(name), content));
    auto outcome = importSources({file(name).toStdString()}, nullptr, {});
    QVERIFY2(outcome.audit, qPrintable(test::issuesText(outcome.log)));
    QCOMPARE(conditionsText(*outcome.audit), conditions);
}

void TestInputSafety::oldProjectKeepsSpellings()
{
    // A project saved before canonicalisation may hold `1` and `1.0` as two conditions, possibly with the
    // same item, judge and order under each: it opens as it was (merging them would make duplicates).
    AuditBuilder b;
    const auto item = b.addItem(b.intern("d"), b.intern("1"), TaskKind::Pairwise);
    for (const char* value : {"1", "1.0"}) {
        JudgmentInput in;
        in.item = item;
        in.judge = b.intern("j");
        in.format = b.intern("f");
        in.order = Order::AB;
        in.answer = answer::kA;
        in.condition = b.internCondition({{b.intern("temp"), b.intern(value)}});
        b.addJudgment(in);
    }
    ImportLog log;
    auto audit = b.build(log);
    QVERIFY(audit);
    std::string error;
    QVERIFY2(ProjectFile::save(file("old.tribunal").toStdString(), *audit, {}, &error), error.c_str());
    auto contents = ProjectFile::open(file("old.tribunal").toStdString(), &error);
    QVERIFY2(contents, error.c_str());
    QCOMPARE(contents->audit->judgmentCount(), std::size_t(2));
    QCOMPARE(conditionsText(*contents->audit), QStringLiteral("temp=1 | temp=1.0"));
}

void TestInputSafety::negativeZeroThroughProject()
{
    QVERIFY(test::writeFile(file("z.csv"), kHeader + ",prob_a,cost_usd,latency_s,confidence\n"
                                                     "d,1,j,f,AB,1,A,A,-0.0,-0.0,-0.0,-0.0\n"
                                                     "d,1,j,f,BA,1,A,A,0,0,0,0\n"));
    auto outcome = importSources({file("z.csv").toStdString()}, nullptr, {});
    QVERIFY2(outcome.audit, qPrintable(test::issuesText(outcome.log)));
    std::string error;
    const auto project = file("z.tribunal").toStdString();
    QVERIFY2(ProjectFile::save(project, *outcome.audit, {}, &error), error.c_str());
    auto contents = ProjectFile::open(project, &error);
    QVERIFY2(contents, error.c_str());
    const Audit& audit = *contents->audit;
    const auto& j = audit.judgments();
    for (const std::uint32_t row : audit.importOrder()) {
        const bool first = j.order[row] == Order::AB;
        QCOMPARE(negativeZero(j.costUsd(row)), first);
        QCOMPARE(negativeZero(j.latencyS(row)), first);
        QCOMPARE(negativeZero(j.confidence(row)), first);
        QCOMPARE(j.costUsd(row), 0.0);
        const auto probs = j.probsOf(row);
        QCOMPARE(probs.size(), std::size_t(1));
        QCOMPARE(negativeZero(probs[0].p), first);
    }
    // The exports of the reopened project write the sign, and read back with it.
    QVERIFY2(exportFlatCsv(audit, file("z2.csv").toStdString(), &error), error.c_str());
    const QByteArray csv = test::readFile(file("z2.csv"));
    QVERIFY2(csv.contains("d,1,j,f,AB,1,A,A,-0.0,-0.0,-0.0,-0.0\n"), csv.constData());
    QVERIFY2(csv.contains("d,1,j,f,BA,1,A,A,0,0,0,0\n"), csv.constData());
    QVERIFY2(exportJsonl(audit, file("z2.jsonl").toStdString(), &error), error.c_str());
    const QByteArray jsonl = test::readFile(file("z2.jsonl"));
    QVERIFY2(jsonl.contains(R"("probs":{"A":-0.0},"confidence":-0.0,"cost_usd":-0.0,"latency_s":-0.0)"),
             jsonl.constData());
    auto back = importSources({file("z2.jsonl").toStdString()}, nullptr, {});
    QVERIFY(back.audit);
    const auto& jb = back.audit->judgments();
    const auto firstRow = back.audit->importOrder().front();
    QVERIFY(negativeZero(jb.costUsd(firstRow)) && negativeZero(jb.latencyS(firstRow)) &&
            negativeZero(jb.confidence(firstRow)) && negativeZero(jb.probsOf(firstRow)[0].p));
}

void TestInputSafety::pipeIsRead_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("expected"); // "ok: N" judgments, or the message (%1 = the pipe's path)
    QTest::newRow("csv") << kHeader + "\nd,1,j,f,AB,1,A,A\nd,2,j,f,AB,1,B,A\n"
                         << "ok: 2";
    QTest::newRow("jsonl") << QByteArray(
                                  R"({"dataset":"d","item_id":"1","judge":"j","format":"f","order":"AB",)"
                                  R"("rep":1,"answer":"A"})"
                                  "\n")
                           << "ok: 1";
    QTest::newRow("bad record names the pipe") << kHeader + "\nd,1,j,f,AB,x,A,A\n"
                                               << "%1:2: rep: \"x\" is not an integer";
    QTest::newRow("empty") << QByteArray() << "%1: empty file";
    QTest::newRow("large") << kHeader + "\n" + QByteArray("d,1,j,f,AB,1,A,A\n").repeated(1) + [] {
        QByteArray rows;
        for (int i = 2; i < 200'000; ++i)
            rows += "d," + QByteArray::number(i) + ",j,f,AB,1,A,A\n";
        return rows;
    }() << "ok: 199999";
    QTest::newRow("line over 64 MiB")
        << QByteArray(std::size_t(65) << 20, 'x') << "%1:1: line longer than 64 MiB";
}

void TestInputSafety::pipeIsRead()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, expected);
    int fds[2];
    QCOMPARE(::pipe(fds), 0);
    std::thread writer([&] {
        qsizetype done = 0;
        while (done < content.size()) {
            const auto n =
                ::write(fds[1], content.constData() + done, static_cast<std::size_t>(content.size() - done));
            if (n <= 0)
                break; // the reader gave up (EPIPE)
            done += n;
        }
        ::close(fds[1]);
    });
    const std::string path = "/dev/fd/" + std::to_string(fds[0]);
    auto outcome = importSources({path}, nullptr, {});
    ::close(fds[0]);
    writer.join();
    if (expected.startsWith("ok: ")) {
        QVERIFY2(outcome.audit, qPrintable(test::issuesText(outcome.log)));
        QCOMPARE(QString::number(outcome.audit->judgmentCount()), expected.mid(4));
    } else {
        QVERIFY(!outcome.audit);
        QCOMPARE(test::issuesText(outcome.log), expected.arg(QString::fromStdString(path)));
    }
}

void TestInputSafety::fifoWithoutWriter()
{
    const QString fifo = file("nowriter.fifo");
    QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
    QElapsedTimer timer;
    timer.start();
    auto outcome = importSources({fifo.toStdString()}, nullptr, {});
    QVERIFY(timer.elapsed() < 10'000);
    QVERIFY(timer.elapsed() >= 1'900);
    QVERIFY(!outcome.audit);
    QCOMPARE(test::issuesText(outcome.log),
             fifo +
                 ": a FIFO with no writer (waited 2 s): start the program that writes to it first, or pass "
                 "the data on standard input");
}

void TestInputSafety::fifoWithLateWriter()
{
    // The writer opens the FIFO after the reader started waiting: the data is read.
    const QString fifo = file("late.fifo");
    QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
    std::thread writer([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
        QFile out(fifo);
        if (out.open(QIODevice::WriteOnly))
            out.write(kHeader + "\nd,1,j,f,AB,1,A,A\n");
    });
    auto outcome = importSources({fifo.toStdString()}, nullptr, {});
    writer.join();
    QVERIFY2(outcome.audit, qPrintable(test::issuesText(outcome.log)));
    QCOMPARE(outcome.audit->judgmentCount(), std::size_t(1));
}

void TestInputSafety::projectAsImportInput()
{
    QVERIFY(test::writeFile(file("p.csv"), kHeader + "\nd,1,j,f,AB,1,A,A\nd,2,j,f,AB,1,B,B\n"));
    QVERIFY(test::writeFile(file("q.csv"), kHeader + "\nd,3,j,f,AB,1,A,A\n"));
    auto first = importSources({file("p.csv").toStdString()}, nullptr, {});
    QVERIFY(first.audit);
    std::string error;
    const std::string project = file("p.tribunal").toStdString();
    ProjectExtras extras;
    extras.settings["seed"] = "7";
    QVERIFY2(ProjectFile::save(project, *first.audit, extras, &error), error.c_str());

    // First input: the project's audit starts the import, whatever --format says; a note for its extras.
    for (const auto format : {SourceFormat::Auto, SourceFormat::FlatCsv}) {
        ImportOptions options;
        options.format = format;
        auto merged = importSources({project, file("q.csv").toStdString()}, nullptr, options);
        QVERIFY2(merged.audit, qPrintable(test::issuesText(merged.log)));
        QCOMPARE(merged.audit->judgmentCount(), std::size_t(3));
        QCOMPARE(merged.audit->itemCount(), std::size_t(3));
        QCOMPARE(merged.judgmentsAdded, std::uint64_t(3));
        QCOMPARE(merged.log.notes.size(), std::size_t(1));
        QCOMPARE(
            QString::fromStdString(merged.log.notes[0].text()),
            QString::fromStdString(project) +
                ": imported the project's judgments and items; its analysis settings, judge configurations "
                "and item notes are not copied (use --append with it as -o to keep them)");
    }
    // Not first, or on top of an audit (--append): refused, nothing imported.
    const QString refused =
        QString::fromStdString(project) +
        ": a Tribunal project can only be the first input of an import into a new project; "
        "put it first, or export it (tribunal-cli export PROJECT --format jsonl -o "
        "FILE.jsonl) and import FILE.jsonl";
    auto second = importSources({file("q.csv").toStdString(), project}, nullptr, {});
    QVERIFY(!second.audit);
    QCOMPARE(test::issuesText(second.log), refused);
    auto onTop = importSources({project}, first.audit.get(), {});
    QVERIFY(!onTop.audit);
    QCOMPARE(test::issuesText(onTop.log), refused);
    QCOMPARE(first.audit->judgmentCount(), std::size_t(2)); // the base is untouched

    // loadAudit (`info a.tribunal b.csv`): the same; a project alone still opens with its extras, also from
    // a pipe (read once, never probed for its header first), there without extras but with the note.
    auto mixed = loadAudit({project, file("q.csv").toStdString()}, {});
    QVERIFY(mixed.audit);
    QCOMPARE(mixed.audit->judgmentCount(), std::size_t(3));
    auto alone = loadAudit({project}, {});
    QVERIFY(alone.audit);
    QCOMPARE(alone.extras.settings.at("seed"), std::string("7"));
    const QByteArray bytes = test::readFile(QString::fromStdString(project));
    int fds[2];
    QCOMPARE(::pipe(fds), 0);
    std::thread writer([&] {
        for (qsizetype done = 0; done < bytes.size();) {
            const auto n =
                ::write(fds[1], bytes.constData() + done, static_cast<std::size_t>(bytes.size() - done));
            if (n <= 0)
                break;
            done += n;
        }
        ::close(fds[1]);
    });
    const std::string pipePath = "/dev/fd/" + std::to_string(fds[0]);
    auto piped = loadAudit({pipePath}, {});
    ::close(fds[0]);
    writer.join();
    QVERIFY2(piped.audit, piped.issues.empty() ? "" : piped.issues.front().text().c_str());
    QCOMPARE(piped.audit->judgmentCount(), std::size_t(2));
    QCOMPARE(piped.notes.size(), std::size_t(1));
    QVERIFY(piped.notes[0].text().starts_with(pipePath + ": imported the project's judgments"));
}

void TestInputSafety::duplicateColumnMessage()
{
    QVERIFY(test::writeFile(file("dup.csv"), kHeader + ",temp,x,temp\nd,1,j,f,AB,1,A,A,1,2,3\n"));
    auto outcome = importSources({file("dup.csv").toStdString()}, nullptr, {});
    QVERIFY(!outcome.audit);
    QCOMPARE(test::issuesText(outcome.log), file("dup.csv") + ":1: temp: duplicate column");
    QVERIFY(test::writeFile(file("dup2.csv"), kHeader + ",rep\nd,1,j,f,AB,1,A,A,1\n"));
    outcome = importSources({file("dup2.csv").toStdString()}, nullptr, {});
    QCOMPARE(test::issuesText(outcome.log), file("dup2.csv") + ":1: rep: duplicate column");
    QVERIFY(test::writeFile(file("miss.csv"), "dataset,item_id,judge,format,order,verdict,label\n"));
    outcome = importSources({file("miss.csv").toStdString()}, nullptr, {});
    QCOMPARE(test::issuesText(outcome.log), file("miss.csv") + ":1: rep: missing required column");
}

void TestInputSafety::cliPipesAndNames()
{
    // What a user types: `tribunal-cli info /dev/stdin < f`, `cat f | tribunal-cli info /dev/stdin`, an
    // output name with a newline and ESC, and a FIFO nobody writes to.
    const QByteArray csv = kHeader + "\nd,1,j,f,AB,1,A,A\nd,2,j,f,AB,1,B,A\n";
    QVERIFY(test::writeFile(file("cli.csv"), csv));
    auto run = [](const QStringList& args, const QString& stdinFile, const QByteArray& stdinBytes) {
        QProcess p;
        p.setProcessChannelMode(QProcess::SeparateChannels);
        if (!stdinFile.isEmpty())
            p.setStandardInputFile(stdinFile);
        p.start(QStringLiteral(TRIBUNAL_CLI_PATH), args);
        if (!p.waitForStarted())
            return std::tuple{-1, QByteArray(), QByteArray()};
        if (stdinFile.isEmpty()) {
            p.write(stdinBytes);
            p.closeWriteChannel();
        }
        p.waitForFinished(60'000);
        return std::tuple{p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
                          p.readAllStandardOutput(), p.readAllStandardError()};
    };
    {
        const auto [code, out, err] = run({"info", "/dev/stdin"}, file("cli.csv"), {});
        QCOMPARE(code, 0);
        QVERIFY2(out.startsWith("judgments        2\n"), out.constData());
    }
    {
        const auto [code, out, err] = run({"info", "/dev/stdin"}, {}, csv);
        QCOMPARE(code, 0);
        QVERIFY2(out.startsWith("judgments        2\n"), (out + err).constData());
    }
    {
        const QString hostile = file(QString::fromUtf8("o\nut\x1b[2J.csv"));
        const auto [code, out, err] =
            run({"export", file("cli.csv"), "--format", "csv", "-o", hostile}, {}, {});
        QCOMPARE(code, 0);
        QCOMPARE(QString::fromUtf8(out), "wrote 2 judgments to " + m_dir.path() + "/o\\nut\\x1b[2J.csv\n");
        QVERIFY(!err.contains('\x1b'));
        QCOMPARE(err.count('\n'), 1); // the re-import note: one line
    }
    {
        const QString fifo = file("cli.fifo");
        QCOMPARE(::mkfifo(fifo.toLocal8Bit().constData(), 0600), 0);
        const auto [code, out, err] = run({"info", fifo}, {}, {});
        QCOMPARE(code, 2);
        QCOMPARE(QString::fromUtf8(err),
                 fifo + ": a FIFO with no writer (waited 2 s): start the program that writes "
                        "to it first, or pass the data on standard input\n");
    }
}

QTEST_GUILESS_MAIN(TestInputSafety)
#include "tst_inputsafety.moc"
