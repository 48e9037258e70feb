// Issue 4, export dialog (workbench.md journey 3): the LaTeX the dialog previews, copies and saves is
// tribunal-cli's standard output for the same table and options, byte for byte; the preview follows the
// workspace (intervals arriving, new settings, a grouping).

#include "auditsession.h"
#include "exportdialog.h"
#include "trustworkspace.h"

#include "../common/clirun.h"

#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QFile>
#include <QFileDialog>
#include <QGuiApplication>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace tribunal;
using tribunal::testing::runCli;

Q_DECLARE_METATYPE(tribunal::TrustLatexTable)

namespace {

const QString kSample = QStringLiteral(TRIBUNAL_BUILD_DIR "/resources/sample.tribunal");

// The two settings the CLI comparisons run with: the CLI's defaults, and every variant switched.
TrustViewSettings settingsFor(const QString& name)
{
    TrustViewSettings settings; // bootstrap 2000 resamples, seed 20261129, level 0.95: the CLI's defaults
    if (name == "variants") {
        settings.trust.qMode = QMode::Observed;
        settings.trust.consistencyUnit = ConsistencyUnit::Presentation;
        settings.trust.assumeConsistentWhenSingleRun = true;
        settings.bootstrap.resamples = 300;
        settings.bootstrap.seed = 7;
        settings.bootstrap.level = 0.9;
    }
    return settings;
}

QStringList settingsArgs(const QString& name, bool withBootstrap)
{
    if (name != "variants")
        return {};
    QStringList args{"--q", "observed", "--unit", "presentation", "--assume-consistent"};
    if (withBootstrap)
        args << QStringList{"--ci", "300", "--seed", "7", "--level", "0.9"};
    return args;
}

QString commandOf(TrustLatexTable table)
{
    return table == TrustLatexTable::Dispersion ? "dispersion"
           : table == TrustLatexTable::Anova    ? "anova"
                                                : "trust";
}

} // namespace

class TestExportDialog : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void latexEqualsCli_data();
    void latexEqualsCli();
    void anovaFactorsEqualCli_data();
    void anovaFactorsEqualCli();
    void groupingGivesOnlyTheCellTable();
    void previewFollowsIntervalsAndSettings();
    void saveWritesExactlyTheText();
    void saveToUnwritablePathFails();
    void copyPutsTheTextOnTheClipboard();
    void anovaNeedsAFactor();
    void withoutAuditThereIsNothingToExport();

private:
    void use(const TrustViewSettings& settings);

    AuditSession* m_session = nullptr;
    TrustWorkspace* m_workspace = nullptr;
};

void TestExportDialog::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("TribunalExportDialogTest"));
    QSettings().clear();
    QVERIFY2(QFile::exists(kSample), qPrintable(kSample));
    m_session = new AuditSession;
    m_workspace = new TrustWorkspace(m_session);
    QVERIFY(m_session->openProject(kSample));
    m_session->waitForJob();
    QVERIFY(m_session->audit());
    m_workspace->waitForIdle();
}

void TestExportDialog::cleanupTestCase()
{
    delete m_workspace;
    delete m_session;
}

void TestExportDialog::use(const TrustViewSettings& settings)
{
    m_workspace->setSettings(settings);
    m_workspace->waitForIdle();
}

void TestExportDialog::latexEqualsCli_data()
{
    QTest::addColumn<QString>("settings");
    QTest::addColumn<TrustLatexTable>("table");
    QTest::addColumn<bool>("colour");
    QTest::addColumn<bool>("standalone");
    QTest::addColumn<QString>("error"); ///< the CLI's message when the table cannot be written
    for (const QString settings : {"defaults", "variants"}) {
        for (const bool standalone : {false, true}) {
            const QString tail = QString(standalone ? " standalone" : "") + " (" + settings + ")";
            for (const bool colour : {false, true}) {
                QTest::newRow(qPrintable("cells" + QString(colour ? " colour" : "") + tail))
                    << settings << TrustLatexTable::Cells << colour << standalone << QString();
            }
            QTest::newRow(qPrintable("gap" + tail))
                << settings << TrustLatexTable::Gap << false << standalone << QString();
            QTest::newRow(qPrintable("dispersion" + tail))
                << settings << TrustLatexTable::Dispersion << false << standalone << QString();
            // Without C = 1 assumed every LLMBar cell (one run) has T n/a and the position-bias cells have
            // no labels: T10 has nothing to decompose.
            QTest::newRow(qPrintable("anova" + tail))
                << settings << TrustLatexTable::Anova << false << standalone
                << QString(settings == "defaults" ? "no cell has a value of the response" : "");
        }
    }
}

void TestExportDialog::latexEqualsCli()
{
    QFETCH(QString, settings);
    QFETCH(TrustLatexTable, table);
    QFETCH(bool, colour);
    QFETCH(bool, standalone);
    QFETCH(QString, error);
    use(settingsFor(settings));
    QVERIFY(m_workspace->view()->intervalsReady);

    ExportDialog dialog(m_workspace);
    dialog.setTable(table);
    dialog.setColour(colour);
    dialog.setStandalone(standalone);
    QCOMPARE(dialog.table(), table);
    QCOMPARE(dialog.colourBox()->isEnabled(), table == TrustLatexTable::Cells);
    QCOMPARE(dialog.factorList()->isEnabled(), table == TrustLatexTable::Anova);

    const bool trust = table == TrustLatexTable::Cells || table == TrustLatexTable::Gap;
    QStringList args{commandOf(table), kSample, "--format", "latex"};
    if (table == TrustLatexTable::Gap)
        args << "--table"
             << "gap";
    if (colour && table == TrustLatexTable::Cells)
        args << "--colour";
    if (standalone)
        args << "--standalone";
    args << settingsArgs(settings, trust);
    QCOMPARE(dialog.cliArguments(), args);

    const auto cli = runCli(args);
    if (!error.isEmpty()) {
        QCOMPARE(cli.exitCode, 2);
        QVERIFY2(cli.err.contains(error), qPrintable(cli.err));
        QCOMPARE(dialog.latexText(), QString());
        QCOMPARE(dialog.problem(), "This table cannot be written: " + error);
        QCOMPARE(dialog.noteLabel()->text(), dialog.problem());
        QVERIFY(!dialog.copyButton()->isEnabled());
        QVERIFY(!dialog.saveButton()->isEnabled());
        return;
    }
    QCOMPARE(cli.exitCode, 0);
    QVERIFY(!dialog.latexText().isEmpty());
    QCOMPARE(dialog.latexText().toUtf8(), cli.out.toUtf8());
    QCOMPARE(dialog.preview()->toPlainText(), dialog.latexText());
    QCOMPARE(dialog.problem(), QString());
    QVERIFY(dialog.copyButton()->isEnabled());
    QCOMPARE(dialog.latexText().startsWith("\\documentclass"), standalone);
    // With the defaults every T is n/a (LLMBar: one run; position bias: no labels): nothing to shade.
    QCOMPARE(dialog.latexText().contains("\\cellcolor"),
             colour && table == TrustLatexTable::Cells && settings == "variants");
}

void TestExportDialog::anovaFactorsEqualCli_data()
{
    QTest::addColumn<QStringList>("factors");
    QTest::addColumn<QString>("firstSource"); ///< the ANOVA table's first row: the first factor
    QTest::newRow("judge, format") << QStringList{"judge", "format"} << "Judge &";
    QTest::newRow("format, judge (order kept)") << QStringList{"format", "judge"} << "Format &";
    QTest::newRow("format only") << QStringList{"format"} << "Format &";
}

void TestExportDialog::anovaFactorsEqualCli()
{
    QFETCH(QStringList, factors);
    QFETCH(QString, firstSource);
    use(settingsFor("variants"));
    ExportDialog dialog(m_workspace);
    QCOMPARE(dialog.availableFactors(), (QStringList{"judge", "format", "dataset"}));
    QCOMPARE(dialog.anovaFactors(), (QStringList{"judge", "format", "dataset"}));
    dialog.setTable(TrustLatexTable::Anova);
    dialog.setAnovaFactors(factors);
    QCOMPARE(dialog.anovaFactors(), factors);
    for (int row = 0; row < factors.size(); ++row)
        QCOMPARE(dialog.factorList()->item(row)->text(), factors[row]);

    const QStringList args = QStringList{"anova", kSample, "--format", "latex"} +
                             settingsArgs("variants", false) + QStringList{"--factors", factors.join(',')};
    QCOMPARE(dialog.cliArguments(), args);
    const auto cli = runCli(args);
    QCOMPARE(cli.exitCode, 0);
    QCOMPARE(dialog.latexText().toUtf8(), cli.out.toUtf8());
    const auto midrule = dialog.latexText().indexOf("\\midrule\n");
    QVERIFY(midrule > 0);
    QVERIFY2(dialog.latexText().mid(midrule + 9).startsWith(firstSource), qPrintable(dialog.latexText()));
}

void TestExportDialog::groupingGivesOnlyTheCellTable()
{
    auto settings = settingsFor("defaults");
    settings.groupBy = {"judge", "dataset"};
    use(settings);
    QVERIFY(m_workspace->view()->grouped);
    ExportDialog dialog(m_workspace);
    const auto* model = qobject_cast<QStandardItemModel*>(dialog.tableBox()->model());
    QVERIFY(model);
    for (const auto table : {TrustLatexTable::Cells, TrustLatexTable::Dispersion, TrustLatexTable::Anova,
                             TrustLatexTable::Gap}) {
        const bool cells = table == TrustLatexTable::Cells;
        QCOMPARE(dialog.isTableAvailable(table), cells);
        QCOMPARE(model->item(dialog.tableBox()->findData(static_cast<int>(table)))->isEnabled(), cells);
        dialog.setTable(table);
        if (cells)
            continue;
        QCOMPARE(dialog.latexText(), QString());
        QCOMPARE(dialog.problem(), QString("The rows are pooled by judge, dataset: a grouping gives only the "
                                           "trust cell table (as tribunal-cli trust --by does)."));
        QVERIFY(!dialog.saveButton()->isEnabled());
    }
    dialog.setTable(TrustLatexTable::Cells);
    dialog.setColour(true);
    const QStringList args{"trust", kSample, "--format", "latex", "--colour", "--by", "judge,dataset"};
    QCOMPARE(dialog.cliArguments(), args);
    const auto cli = runCli(args);
    QCOMPARE(cli.exitCode, 0);
    QCOMPARE(dialog.latexText().toUtf8(), cli.out.toUtf8());
    // A grouping has no intervals, so the caption names no bootstrap.
    QVERIFY(!dialog.latexText().contains("resamples"));

    // Back to one row per cell: every table again.
    use(settingsFor("defaults"));
    QVERIFY(dialog.isTableAvailable(TrustLatexTable::Gap));
    dialog.setTable(TrustLatexTable::Gap);
    QVERIFY(dialog.latexText().contains("T_{\\mathrm{joint}}"));
}

void TestExportDialog::previewFollowsIntervalsAndSettings()
{
    auto settings = settingsFor("defaults");
    settings.bootstrap.resamples = 0;
    use(settings);
    ExportDialog dialog(m_workspace);
    dialog.setTable(TrustLatexTable::Gap);
    QVERIFY(!dialog.latexText().contains("resamples"));
    QVERIFY(!dialog.latexText().contains("{Interval}"));

    // Intervals start: the text has none until they arrive, and the note says they are coming.
    settings.bootstrap.resamples = 120;
    settings.bootstrap.seed = 5;
    m_workspace->setSettings(settings);
    QVERIFY(m_workspace->isComputingIntervals());
    QVERIFY(!dialog.latexText().contains("{Interval}"));
    QVERIFY2(dialog.noteLabel()->text().startsWith("Intervals are being computed"),
             qPrintable(dialog.noteLabel()->text()));
    // Until then the text is the CLI's without intervals.
    QCOMPARE(dialog.cliArguments().mid(dialog.cliArguments().indexOf("--ci"), 2), (QStringList{"--ci", "0"}));
    m_workspace->waitForIdle();
    QVERIFY(dialog.latexText().contains("{Interval}"));
    QVERIFY(dialog.latexText().contains("120 resamples, seed 5."));
    QCOMPARE(dialog.preview()->toPlainText(), dialog.latexText());
    QVERIFY2(dialog.noteLabel()->text().startsWith("Same text as: tribunal-cli trust "),
             qPrintable(dialog.noteLabel()->text()));
    const auto cli = runCli(dialog.cliArguments());
    QCOMPARE(cli.exitCode, 0);
    QCOMPARE(dialog.latexText().toUtf8(), cli.out.toUtf8());

    // Cancelled intervals: the note says so and the text stays the CLI's without intervals. (2000 resamples
    // take long enough that cancel() comes first.)
    settings.bootstrap.resamples = 2000;
    m_workspace->setSettings(settings);
    QVERIFY(m_workspace->isComputingIntervals());
    m_workspace->cancel();
    m_workspace->waitForIdle();
    QVERIFY(!m_workspace->view()->intervalsReady);
    QCOMPARE(dialog.noteLabel()->text().section(':', 0, 0), QString("The intervals were cancelled"));
    QVERIFY(!dialog.latexText().contains("{Interval}"));
    QVERIFY(dialog.cliArguments().contains("--ci"));
    const auto withoutIntervals = runCli(dialog.cliArguments());
    QCOMPARE(withoutIntervals.exitCode, 0);
    QCOMPARE(dialog.latexText().toUtf8(), withoutIntervals.out.toUtf8());

    // New estimates (q observed): the caption follows.
    dialog.setTable(TrustLatexTable::Cells);
    QVERIFY(dialog.latexText().contains("$q = 1/2$"));
    settings.trust.qMode = QMode::Observed;
    use(settings);
    QVERIFY(!dialog.latexText().contains("$q = 1/2$"));
    QVERIFY(dialog.latexText().contains("observed accuracy on order-flipping pairs"));
    QCOMPARE(dialog.preview()->toPlainText(), dialog.latexText());
}

void TestExportDialog::saveWritesExactlyTheText()
{
    use(settingsFor("variants"));
    ExportDialog dialog(m_workspace);
    dialog.setTable(TrustLatexTable::Cells);
    dialog.setColour(true);
    dialog.setStandalone(true);
    QVERIFY(!dialog.latexText().isEmpty());
    QTemporaryDir dir;
    QVERIFY(dir.isValid());

    dialog.saveButton()->click();
    auto* fileDialog = dialog.findChild<QFileDialog*>("exportSaveDialog");
    QVERIFY(fileDialog);
    QCOMPARE(fileDialog->acceptMode(), QFileDialog::AcceptSave);
    QVERIFY(!fileDialog->selectedFiles().isEmpty());
    QVERIFY2(fileDialog->selectedFiles().front().endsWith("/trust-cells.tex"),
             qPrintable(fileDialog->selectedFiles().front()));
    const QString path = dir.filePath("table1.tex");
    fileDialog->selectFile(path);
    QVERIFY(QMetaObject::invokeMethod(fileDialog, "accept")); // a protected slot
    QFile saved(path);
    QVERIFY(saved.open(QIODevice::ReadOnly));
    QCOMPARE(saved.readAll(), dialog.latexText().toUtf8());
    QCOMPARE(QSettings().value("export/directory").toString(), QFileInfo(path).absolutePath());

    // saveTo writes the same bytes.
    const QString direct = dir.filePath("direct.tex");
    QString error;
    QVERIFY(dialog.saveTo(direct, &error));
    QFile second(direct);
    QVERIFY(second.open(QIODevice::ReadOnly));
    QCOMPARE(second.readAll(), dialog.latexText().toUtf8());
}

void TestExportDialog::saveToUnwritablePathFails()
{
    use(settingsFor("defaults"));
    ExportDialog dialog(m_workspace);
    QTemporaryDir dir;
    const QString path = dir.filePath("missing-folder/table.tex");
    QString error;
    QVERIFY(!dialog.saveTo(path, &error));
    QVERIFY2(error.startsWith("Cannot write " + QDir::toNativeSeparators(path) + ": "), qPrintable(error));
    QVERIFY(!QFile::exists(path));
}

void TestExportDialog::copyPutsTheTextOnTheClipboard()
{
    use(settingsFor("defaults"));
    ExportDialog dialog(m_workspace);
    dialog.setTable(TrustLatexTable::Dispersion);
    QGuiApplication::clipboard()->setText("before");
    dialog.copyButton()->click();
    QVERIFY(dialog.latexText().contains("Format dispersion"));
    QCOMPARE(QGuiApplication::clipboard()->text(), dialog.latexText());
}

void TestExportDialog::anovaNeedsAFactor()
{
    use(settingsFor("variants"));
    ExportDialog dialog(m_workspace);
    dialog.setTable(TrustLatexTable::Anova);
    QVERIFY(!dialog.latexText().isEmpty());
    dialog.setAnovaFactors({"temperature"}); // not a column of this audit: ignored
    QCOMPARE(dialog.anovaFactors(), QStringList());
    QCOMPARE(dialog.latexText(), QString());
    QCOMPARE(dialog.problem(), QString("Check at least one ANOVA factor."));
    QVERIFY(!dialog.copyButton()->isEnabled());
    // Checking a factor in the list brings the text back.
    dialog.factorList()->item(0)->setCheckState(Qt::Checked);
    QCOMPARE(dialog.anovaFactors(), QStringList{dialog.factorList()->item(0)->text()});
    QVERIFY(!dialog.latexText().isEmpty());
}

void TestExportDialog::withoutAuditThereIsNothingToExport()
{
    AuditSession session;
    TrustWorkspace workspace(&session);
    ExportDialog dialog(&workspace);
    QCOMPARE(dialog.objectName(), QString("exportDialog"));
    QVERIFY(!dialog.isTableAvailable(TrustLatexTable::Cells));
    QCOMPARE(dialog.latexText(), QString());
    QCOMPARE(dialog.problem(), QString("Open an audit to export its tables."));
    QVERIFY(!dialog.copyButton()->isEnabled());
    QVERIFY(!dialog.saveButton()->isEnabled());
    QCOMPARE(dialog.cliArguments().mid(0, 2), (QStringList{"trust", "INPUT"}));
    QString error;
    QVERIFY(!dialog.saveTo(QDir::temp().filePath("never-written.tex"), &error));
    QCOMPARE(error, dialog.problem());
}

QTEST_MAIN(TestExportDialog)
#include "tst_exportdialog.moc"
