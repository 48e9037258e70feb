// tribunal-cli batch write / import (issue 8, batch engines): the input file split at --max-requests, the
// counts printed, an output file (one 500) imported as judgments, a second import adding nothing, a new input
// for the project holding only the failed request, located errors for bad lines and --skip-bad, usage errors.

#include "../common/clirun.h"
#include "../common/judgingfixtures.h"

#include "judging/promptformat.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace tribunal;
using tribunal::testing::runCli;
using tribunal::testing::writeFixture;

namespace {

QList<QByteArray> fileLines(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QList<QByteArray> lines = file.readAll().split('\n');
    if (!lines.isEmpty() && lines.back().isEmpty())
        lines.removeLast();
    return lines;
}

QString customIdOf(const QByteArray& line)
{
    return QJsonDocument::fromJson(line).object().value(QStringLiteral("custom_id")).toString();
}

QByteArray answerLine(const QString& customId, int status, const QString& content)
{
    const QJsonObject body =
        status == 200
            ? QJsonObject{{QStringLiteral("choices"),
                           QJsonArray{
                               QJsonObject{{QStringLiteral("message"),
                                            QJsonObject{{QStringLiteral("role"), QStringLiteral("assistant")},
                                                        {QStringLiteral("content"), content}}}}}},
                          {QStringLiteral("usage"), QJsonObject{{QStringLiteral("prompt_tokens"), 50},
                                                                {QStringLiteral("completion_tokens"), 1}}}}
            : QJsonObject{{QStringLiteral("error"), QJsonObject{{QStringLiteral("message"), content}}}};
    const QJsonObject line{
        {QStringLiteral("id"), QStringLiteral("batch_req_1")},
        {QStringLiteral("custom_id"), customId},
        {QStringLiteral("response"), QJsonObject{{QStringLiteral("status_code"), status},
                                                 {QStringLiteral("request_id"), QStringLiteral("r")},
                                                 {QStringLiteral("body"), body}}},
        {QStringLiteral("error"), QJsonValue::Null}};
    return QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n';
}

} // namespace

class TestBatchCli : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_design;

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        const QString items = writeFixture(m_dir, QStringLiteral("items.jsonl"),
                                           test::pairwiseItemsJsonl(3, QStringLiteral("cli-batch")));
        // 3 items x 2 orders, direct: 6 requests; nothing is sent to the base URL.
        const QJsonObject design = test::designJson(
            items, {test::simJudgeJson(QStringLiteral("judge-a"), QStringLiteral("http://127.0.0.1:9/v1"))},
            {QStringLiteral("direct")}, 1);
        m_design = writeFixture(m_dir, QStringLiteral("design.json"), QJsonDocument(design).toJson());
    }

    void writeImportReimport()
    {
        const QString in = m_dir.filePath(QStringLiteral("in.jsonl"));
        auto run = runCli({QStringLiteral("batch"), QStringLiteral("write"), m_design, QStringLiteral("-o"),
                           in, QStringLiteral("--max-requests"), QStringLiteral("4")});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        const QString first = m_dir.filePath(QStringLiteral("in.001.jsonl"));
        const QString second = m_dir.filePath(QStringLiteral("in.002.jsonl"));
        QCOMPARE(run.out,
                 QStringLiteral("batch input: 6 requests for 6 judgments (0 already recorded, 0 calls "
                                "share an earlier request)\n"
                                "split into 2 files (limits: 4 requests, 200000000 bytes per file):\n"
                                "  %1\n  %2\n")
                     .arg(first, second));
        QVERIFY(!QFile::exists(in));
        const QList<QByteArray> lines = fileLines(first) + fileLines(second);
        QCOMPARE(fileLines(first).size(), qsizetype(4));
        QCOMPARE(lines.size(), qsizetype(6));

        // The engine answers slot A everywhere, except a 500 for the last request.
        QByteArray out;
        for (int i = 0; i < lines.size(); ++i)
            out += i == 5 ? answerLine(customIdOf(lines[i]), 500, QStringLiteral("overloaded"))
                          : answerLine(customIdOf(lines[i]), 200,
                                       exampleAnswer(PromptFormat::Direct, answer::kA, QString()));
        const QString output = writeFixture(m_dir, QStringLiteral("out.jsonl"), out);
        const QString project = m_dir.filePath(QStringLiteral("batch.tribunal"));
        const QStringList import{QStringLiteral("batch"),
                                 QStringLiteral("import"),
                                 m_design,
                                 output,
                                 QStringLiteral("-o"),
                                 project};
        run = runCli(import);
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QCOMPARE(run.out,
                 QStringLiteral("batch import: 6 lines (5 answered, 1 failed, 0 skipped); 6 judgments "
                                "written (1 failures, 0 unparsable), 0 already recorded, 0 incomplete; "
                                "project %1\n")
                     .arg(project));
        QCOMPARE(test::projectRequestHashes(project).size(), qsizetype(6));

        run = runCli(import);
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QCOMPARE(run.out,
                 QStringLiteral("batch import: 6 lines (5 answered, 1 failed, 0 skipped); 0 judgments "
                                "written (0 failures, 0 unparsable), 6 already recorded, 0 incomplete; "
                                "project %1\n")
                     .arg(project));
        QCOMPARE(test::projectRequestHashes(project).size(), qsizetype(6));

        // What is left for the next batch: the failed request only.
        const QString retry = m_dir.filePath(QStringLiteral("retry.jsonl"));
        run = runCli({QStringLiteral("batch"), QStringLiteral("write"), m_design, QStringLiteral("-o"), retry,
                      QStringLiteral("--project"), project});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QCOMPARE(run.out,
                 QStringLiteral("batch input: 1 requests for 6 judgments (5 already recorded, 0 calls share "
                                "an earlier request)\n  %1\n")
                     .arg(retry));
        QCOMPARE(fileLines(retry).size(), qsizetype(1));
        QCOMPARE(customIdOf(fileLines(retry).front()), customIdOf(lines[5]));
    }

    void badLinesAreLocated()
    {
        const QString in = m_dir.filePath(QStringLiteral("bad-in.jsonl"));
        auto run =
            runCli({QStringLiteral("batch"), QStringLiteral("write"), m_design, QStringLiteral("-o"), in});
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        const QList<QByteArray> lines = fileLines(in);
        QCOMPARE(lines.size(), qsizetype(6));
        const QByteArray good = answerLine(customIdOf(lines[0]), 200, QStringLiteral("A"));
        const QString output =
            writeFixture(m_dir, QStringLiteral("bad-out.jsonl"),
                         good + answerLine(QString(64, QLatin1Char('f')), 200, QStringLiteral("A")));
        const QString project = m_dir.filePath(QStringLiteral("bad.tribunal"));
        QStringList args{QStringLiteral("batch"),
                         QStringLiteral("import"),
                         m_design,
                         output,
                         QStringLiteral("-o"),
                         project};
        run = runCli(args);
        QCOMPARE(run.exitCode, 2);
        QCOMPARE(run.err, output + QStringLiteral(":2: custom_id: not a request of this design\n"));
        QCOMPARE(test::projectRequestHashes(project).size(), qsizetype(0));

        args.append(QStringLiteral("--skip-bad"));
        run = runCli(args);
        QVERIFY2(run.exitCode == 0, qPrintable(run.err));
        QCOMPARE(run.err, QStringLiteral("skipped ") + output +
                              QStringLiteral(":2: custom_id: not a request of this design\n"));
        QVERIFY2(
            run.out.startsWith(QStringLiteral("batch import: 2 lines (1 answered, 0 failed, 1 skipped); 1 "
                                              "judgments written")),
            qPrintable(run.out));
        QCOMPARE(test::projectRequestHashes(project).size(), qsizetype(1));
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("no subcommand")
            << QStringList{} << QStringLiteral("batch needs a subcommand: write or import");
        QTest::newRow("unknown subcommand")
            << QStringList{QStringLiteral("send")}
            << QStringLiteral("batch: unknown subcommand 'send' (write or import)");
        QTest::newRow("write without -o") << QStringList{QStringLiteral("write"), QStringLiteral("DESIGN")}
                                          << QStringLiteral("batch write needs -o FILE.jsonl");
        QTest::newRow("import without outputs")
            << QStringList{QStringLiteral("import"), QStringLiteral("DESIGN"), QStringLiteral("-o"),
                           QStringLiteral("p")}
            << QStringLiteral("batch import needs a design file and at least one output file");
        QTest::newRow("bad max-requests")
            << QStringList{QStringLiteral("write"),   QStringLiteral("DESIGN"),         QStringLiteral("-o"),
                           QStringLiteral("x.jsonl"), QStringLiteral("--max-requests"), QStringLiteral("0")}
            << QStringLiteral("--max-requests: '0' is not a whole number in [1, "
                              "1099511627776]");
    }

    void usageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        args.replaceInStrings(QStringLiteral("DESIGN"), m_design);
        const auto run = runCli(QStringList{QStringLiteral("batch")} + args);
        QCOMPARE(run.exitCode, 1);
        QCOMPARE(run.err.section(QLatin1Char('\n'), 0, 0), QStringLiteral("tribunal-cli: ") + message);
    }
};

QTEST_GUILESS_MAIN(TestBatchCli)
#include "tst_batchcli.moc"
