// The tool's own round trip through the real executable: `export --format jsonl` then `import` of the
// judgments file alone reproduces the project, labels included (the items file beside it is read, with a
// note); `export` and `simulate` print the command that re-imports what they wrote; and the analyses that
// need labels (trust, rubric, cascade, ...) say on stderr which cells have none instead of printing empty
// accuracy columns silently, and still exit as before.

#include "../common/clirun.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <QtTest>

using tribunal::testing::csvRows;
using tribunal::testing::runCli;

namespace {

const QString kLlmBar = QStringLiteral(TRIBUNAL_TEST_DATA "/../../resources/sample/llmbar/LLMBar");

/// The stderr lines of `run` that start with `prefix`.
QStringList linesStartingWith(const QString& text, const QString& prefix)
{
    QStringList out;
    for (const QString& line : text.split('\n', Qt::SkipEmptyParts))
        if (line.startsWith(prefix))
            out.push_back(line);
    return out;
}

/// The arguments of the one `note: re-import with: tribunal-cli ...` line of `err` (the temporary paths hold
/// no character a shell would need quoted). Empty when there is not exactly one.
QStringList reimportArgs(const QString& err)
{
    const QString prefix = QStringLiteral("note: re-import with: tribunal-cli ");
    const QStringList lines = linesStartingWith(err, prefix);
    if (lines.size() != 1)
        return {};
    return lines.front().mid(prefix.size()).split(' ', Qt::SkipEmptyParts);
}

} // namespace

class TestRoundTripCli : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void jsonlExportImportsBackAlone();
    void csvExportImportsBack();
    void simulatedRubricAuditImportsBack();
    void unlabelledRubricJudgmentsAreNoted();
    void unlabelledPairwiseJudgmentsAreNoted();
    void labelledInputHasNoNote();

private:
    QString path(const QString& name) const { return m_dir.filePath(name); }
    /// `command INPUT ARGS...` must succeed; returns its stdout.
    QString output(const QString& command, const QStringList& inputs, const QStringList& args = {});
    QJsonObject info(const QString& input);

    QTemporaryDir m_dir;
    QString m_project; ///< the LLMBar sample (pairwise, every item labelled) as a project
};

void TestRoundTripCli::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(QDir().mkpath(path("alone")));
    m_project = path("llmbar.tribunal");
    const auto run = runCli({"import", kLlmBar, "-o", m_project});
    QVERIFY2(run.exitCode == 0, qPrintable(run.err));
    QCOMPARE(info(m_project)["labelled_items"].toInteger(), 100);
}

QString TestRoundTripCli::output(const QString& command, const QStringList& inputs, const QStringList& args)
{
    const auto run = runCli(QStringList{command} + inputs + args);
    if (run.exitCode != 0)
        qWarning() << run.err;
    return run.exitCode == 0 ? run.out : QString("failed: %1").arg(run.exitCode);
}

QJsonObject TestRoundTripCli::info(const QString& input)
{
    return QJsonDocument::fromJson(output("info", {input}, {"--json"}).toUtf8()).object();
}

void TestRoundTripCli::jsonlExportImportsBackAlone()
{
    const QString out = path("a.jsonl");
    const auto exported = runCli({"export", m_project, "--format", "jsonl", "-o", out});
    QCOMPARE(exported.exitCode, 0);
    QCOMPARE(exported.out,
             QString("wrote 13000 judgments to %1 and 100 items to %2\n").arg(out, path("a.items.jsonl")));
    QCOMPARE(exported.err,
             QString("note: re-import with: tribunal-cli import %1 -o %2\n").arg(out, path("a.tribunal")));

    // The printed command, as printed: the judgments file alone.
    const QStringList args = reimportArgs(exported.err);
    QCOMPARE(args, (QStringList{"import", out, "-o", path("a.tribunal")}));
    const auto imported = runCli(args);
    QCOMPARE(imported.exitCode, 0);
    QCOMPARE(imported.err,
             QString("note: %1: read the items (texts, labels) from a.items.jsonl beside it\n").arg(out));
    QCOMPARE(imported.out,
             QString("imported 13000 judgments and 100 items into %1 (13000 judgments, 100 items "
                     "in all)\n")
                 .arg(path("a.tribunal")));

    // The same project: every count (labelled items included) and the same trust numbers, without a note.
    const QJsonObject before = info(m_project), after = info(path("a.tribunal"));
    QCOMPARE(after["labelled_items"].toInteger(), 100);
    QCOMPARE(after, before);
    const QStringList trustArgs{"--ci", "50", "--threads", "1"};
    const auto trusted = runCli(QStringList{"trust", path("a.tribunal")} + trustArgs);
    QCOMPARE(trusted.exitCode, 0);
    QCOMPARE(trusted.out, output("trust", {m_project}, trustArgs));
    QVERIFY2(!trusted.err.contains("no labels"), qPrintable(trusted.err));
    // Accuracy present: A of the first row is a number.
    const auto rows = csvRows(trusted.out);
    const int a = static_cast<int>(rows.front().indexOf("A"));
    QVERIFY(a > 0);
    QVERIFY(!rows[1][a].isEmpty());
    // Reading the exported file directly does the same.
    QCOMPARE(output("trust", {out}, trustArgs), trusted.out);
}

void TestRoundTripCli::csvExportImportsBack()
{
    const QString out = path("flat.csv");
    const auto exported = runCli({"export", m_project, "--format", "csv", "-o", out});
    QCOMPARE(exported.exitCode, 0);
    QCOMPARE(exported.out, QString("wrote 13000 judgments to %1\n").arg(out));
    const QStringList args = reimportArgs(exported.err);
    QCOMPARE(args, (QStringList{"import", out, "-o", path("flat.tribunal")}));
    const auto imported = runCli(args);
    QCOMPARE(imported.exitCode, 0);
    QCOMPARE(info(path("flat.tribunal"))["labelled_items"].toInteger(), 100);
    const QStringList trustArgs{"--ci", "0"};
    QCOMPARE(output("trust", {path("flat.tribunal")}, trustArgs), output("trust", {m_project}, trustArgs));
}

void TestRoundTripCli::simulatedRubricAuditImportsBack()
{
    const QString out = path("r.jsonl");
    const auto simulated =
        runCli({"simulate", "rubric", "--judges", "3", "--units", "12", "--seed", "3", "-o", out});
    QCOMPARE(simulated.exitCode, 0);
    QVERIFY(QFile::exists(path("r.items.jsonl"))); // the ratings (the labels of R1) are there
    QCOMPARE(simulated.err,
             QString("note: re-import with: tribunal-cli import %1 -o %2\n").arg(out, path("r.tribunal")));
    const auto imported = runCli(reimportArgs(simulated.err));
    QCOMPARE(imported.exitCode, 0);
    QCOMPARE(imported.err,
             QString("note: %1: read the items (texts, labels) from r.items.jsonl beside it\n").arg(out));
    // The same numbers as reading both files explicitly (which reads the items file once, without a note).
    const QStringList both{path("r.items.jsonl"), out};
    const auto explicitly = runCli(QStringList{"rubric"} + both);
    QCOMPARE(explicitly.exitCode, 0);
    QCOMPARE(explicitly.err, QString());
    QCOMPARE(output("rubric", {path("r.tribunal")}), explicitly.out);
    const QStringList cascadeArgs{"--first", "sim-cheap", "--fallbacks", "sim-expensive", "--table", "curve"};
    const auto curve = runCli(QStringList{"cascade", path("r.tribunal")} + cascadeArgs);
    QCOMPARE(curve.exitCode, 0);
    QCOMPARE(curve.err, QString());
    QCOMPARE(curve.out, output("cascade", both, cascadeArgs));
    const auto rows = csvRows(curve.out);
    const int accuracy = static_cast<int>(rows.front().indexOf("accuracy"));
    QVERIFY(accuracy > 0);
    QVERIFY(!rows[1][accuracy].isEmpty());
}

void TestRoundTripCli::unlabelledRubricJudgmentsAreNoted()
{
    // The judgments without their items file: no ratings, so no labels.
    const auto simulated = runCli(
        {"simulate", "rubric", "--judges", "3", "--units", "12", "--seed", "3", "-o", path("alone/r.jsonl")});
    QCOMPARE(simulated.exitCode, 0);
    QVERIFY(QFile::remove(path("alone/r.items.jsonl")));
    const QString input = path("alone/r.jsonl");
    const QString cells = "cells: sim-cheap/rubric, sim-mid-2/rubric, sim-expensive/rubric";
    auto note = [&](const QString& columns) {
        return QString("note: no labels for dataset sim-rubric (%1): the accuracy columns (%2) are empty; "
                       "import the items with their labels (r.items.jsonl) or a labelled file\n")
            .arg(cells, columns);
    };

    const QStringList pair{"--first", "sim-cheap", "--fallbacks", "sim-expensive"};
    const auto curve = runCli(QStringList{"cascade", input, "--table", "curve"} + pair);
    QCOMPARE(curve.exitCode, 0);
    QCOMPARE(curve.err, note("accuracy, deferred_share, k10_left, k10_right"));
    const auto rows = csvRows(curve.out);
    const int accuracy = static_cast<int>(rows.front().indexOf("accuracy"));
    QVERIFY(accuracy > 0);
    QCOMPARE(rows[1][accuracy], QString()); // still empty: the note explains it

    const auto summary = runCli(QStringList{"cascade", input} + pair);
    QCOMPARE(summary.exitCode, 0);
    QCOMPARE(summary.err,
             note("first_accuracy, best_single_accuracy, oracle_accuracy, crossfit_cascade_accuracy, "
                  "crossfit_single_accuracy"));

    const auto rubric = runCli({"rubric", input});
    QCOMPARE(rubric.exitCode, 0);
    QCOMPARE(rubric.err,
             note("exact, within_one, qwk, offset, slope, accuracy, kappa, met_rate_offset, fpr, fnr, "
                  "gap_to_reference"));
    const auto compare =
        runCli({"compare", input, "--judges", "sim-cheap,sim-expensive", "--resamples", "10"});
    QCOMPARE(compare.exitCode, 0);
    QVERIFY2(compare.err.startsWith(note("diff, accuracy1, accuracy2, p_boot, p_mcnemar, p_sign")),
             qPrintable(compare.err));
    const auto jury =
        runCli({"jury", input, "--jurors", "sim-cheap,sim-expensive,sim-mid-2", "--resamples", "10"});
    QCOMPARE(jury.exitCode, 0);
    QCOMPARE(jury.err, note("accuracy, best_single_accuracy, diff, all_wrong_share, oracle_accuracy"));
    const auto errors = runCli({"confident-errors", input, "--first", "sim-cheap"});
    QCOMPARE(errors.exitCode, 0);
    QCOMPARE(errors.err, note("accuracy, auroc, selective_accuracy_*, the sampled errors"));
}

void TestRoundTripCli::unlabelledPairwiseJudgmentsAreNoted()
{
    const auto exported = runCli({"export", m_project, "--format", "jsonl", "-o", path("alone/p.jsonl")});
    QCOMPARE(exported.exitCode, 0);
    QVERIFY(QFile::remove(path("alone/p.items.jsonl")));
    const QString input = path("alone/p.jsonl");
    const auto trust = runCli({"trust", input, "--ci", "0"});
    QCOMPARE(trust.exitCode, 0);
    // 65 cells of one dataset: four named, then the count of the others.
    const QString note =
        "note: no labels for dataset llmbar-LLMBar-Natural (cells: ChatGPT/CoT, ChatGPT/Metrics, "
        "ChatGPT/Metrics_Reference, ChatGPT/Rating and 61 more): the accuracy columns (A, A_max, "
        "T, T_joint) are empty; import the items with their labels (p.items.jsonl) or a labelled "
        "file";
    QCOMPARE(linesStartingWith(trust.err, "note: no labels"), QStringList{note});
    QVERIFY(trust.err.startsWith(note + "\n"));

    // The items file is there but holds no labels: no file is suggested.
    QFile items(path("alone/p.items.jsonl"));
    QVERIFY(items.open(QIODevice::WriteOnly));
    items.write(R"({"dataset":"llmbar-LLMBar-Natural","item_id":"0","kind":"pairwise","question":"Q"})"
                "\n");
    items.close();
    const auto dispersion = runCli({"dispersion", input});
    QCOMPARE(linesStartingWith(dispersion.err, "note: no labels"),
             QStringList{
                 QString(note).replace("(A, A_max, T, T_joint)", "(A, T)").replace(" (p.items.jsonl)", "")});
    const auto mitigate = runCli({"mitigate", input});
    QCOMPARE(mitigate.exitCode, 0);
    QCOMPARE(linesStartingWith(mitigate.err, "note: no labels").size(), 1);
    // judgebench-score refuses an audit without any labelled item, as before; the note says why.
    const auto score = runCli({"judgebench-score", input});
    QCOMPARE(score.exitCode, 2);
    QCOMPARE(linesStartingWith(score.err, "note: no labels").size(), 1);
}

void TestRoundTripCli::labelledInputHasNoNote()
{
    const auto trust = runCli({"trust", m_project, "--ci", "0"});
    QCOMPARE(trust.exitCode, 0);
    QVERIFY2(!trust.err.contains("no labels"), qPrintable(trust.err));
}

QTEST_GUILESS_MAIN(TestRoundTripCli)
#include "tst_roundtripcli.moc"
