// Issue 4, export dialog (workbench.md journey 3): the LaTeX the dialog previews, copies and saves is
// tribunal-cli's standard output for the same table and options, byte for byte; the preview follows the
// workspaces (intervals arriving, new settings, a grouping, the bias margin chosen in the Bias panel, a
// finished bias analysis). The sample's dataset sim-bias gives the bias tables rows and calibration results.

#include "bias/biaspanel.h"
#include "bias/biasworkspace.h"
#include "export/exportdialog.h"
#include "framework/auditsession.h"
#include "trust/trustworkspace.h"

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
using tribunal::testing::writeFixture;

Q_DECLARE_METATYPE(tribunal::TrustLatexTable)
Q_DECLARE_METATYPE(tribunal::BiasLatexTable)

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

// The bias settings of the CLI comparisons: the CLI's defaults, and every option the dialog passes switched.
BiasSettings biasSettingsFor(const QString& name)
{
    BiasSettings settings; // margin 0.05, margins 0.02,0.05,0.10, 2000 resamples, 10000 permutations, ...
    if (name == "variants") {
        settings.margin = 0.1;
        settings.countMargins = {0.05, 0.2};
        settings.resamples = 500;
        settings.permutations = 2000;
        settings.seed = 7;
        settings.level = 0.9;
        settings.fdrLevel = 0.1;
        settings.probabilityShift = 0.2;
        settings.confidenceBins = 5;
    }
    return settings;
}

QStringList biasArgs(BiasLatexTable table, const QString& input, const QString& settings, bool standalone)
{
    const bool calibration = table == BiasLatexTable::Calibration;
    QStringList args{calibration ? "calibration" : "bias", input, "--format", "latex"};
    if (table == BiasLatexTable::Counts)
        args << "--table"
             << "counts";
    if (standalone)
        args << "--standalone";
    if (settings == "variants") {
        if (calibration)
            args << QStringList{"--bins", "5"};
        else
            args << QStringList{
                "--margin", "0.1", "--margins", "0.05,0.2", "--resamples", "500", "--permutations",    "2000",
                "--seed",   "7",   "--level",   "0.9",      "--fdr",       "0.1", "--shift-threshold", "0.2"};
    }
    return args;
}

// The table list's entry of a bias table (found by its title, which the workbench spec names).
int itemRow(const ExportDialog& dialog, BiasLatexTable table)
{
    const QString title = table == BiasLatexTable::Excess   ? "Bias excess (seed 001 Table 10)"
                          : table == BiasLatexTable::Counts ? "Judges with a bias per margin (Table 12)"
                                                            : "Calibration (Table 21)";
    return dialog.tableBox()->findText(title);
}

bool itemEnabled(const ExportDialog& dialog, BiasLatexTable table)
{
    const auto* model = qobject_cast<QStandardItemModel*>(dialog.tableBox()->model());
    const int row = itemRow(dialog, table);
    return model != nullptr && row >= 0 && model->item(row)->isEnabled();
}

QString itemToolTip(const ExportDialog& dialog, BiasLatexTable table)
{
    return dialog.tableBox()->itemData(itemRow(dialog, table), Qt::ToolTipRole).toString();
}

const QString kNoBiasRows =
    "This audit has no bias-test judgments (no judgment has variant 'perturbed'): there "
    "is no bias table.";
const QString kNoCalibration =
    "This audit has no judgment with a probability on a pairwise item labelled A or "
    "B: there is no calibration table.";

/// The CLI refuses the table with `error` (exit 2) and the dialog says the same, offering nothing to copy or
/// save.
void verifyRefused(const ExportDialog& dialog, const tribunal::testing::CliRun& cli, const QString& error)
{
    QCOMPARE(cli.exitCode, 2);
    QVERIFY2(cli.err.contains(error), qPrintable(cli.err));
    QCOMPARE(dialog.latexText(), QString());
    QCOMPARE(dialog.problem(), "This table cannot be written: " + error);
    QCOMPARE(dialog.noteLabel()->text(), dialog.problem());
    QVERIFY(!dialog.copyButton()->isEnabled());
    QVERIFY(!dialog.saveButton()->isEnabled());
}

} // namespace

class TestExportDialog : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void latexEqualsCli_data();
    void latexEqualsCli();
    void anovaRefusalIsShown();
    void anovaFactorsEqualCli_data();
    void anovaFactorsEqualCli();
    void groupingGivesOnlyTheCellTable();
    void previewFollowsIntervalsAndSettings();
    void saveWritesExactlyTheText();
    void saveToUnwritablePathFails();
    void copyPutsTheTextOnTheClipboard();
    void anovaNeedsAFactor();
    void withoutAuditThereIsNothingToExport();
    void biasLatexEqualsCli_data();
    void biasLatexEqualsCli();
    void biasMarginFromThePanel();
    void biasTablesFollowTheAnalysis();
    void withoutBiasDataTheBiasTablesAreDisabled_data();
    void withoutBiasDataTheBiasTablesAreDisabled();
    void withoutAuditTheBiasTablesAreDisabled();
    void trustOnlyDialogHasNoBiasTables();
    void saveBiasTable();

private:
    void use(const TrustViewSettings& settings);
    void useBias(const BiasSettings& settings);

    AuditSession* m_session = nullptr;
    TrustWorkspace* m_workspace = nullptr;
    BiasWorkspace* m_bias = nullptr;
};

void TestExportDialog::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("TribunalExportDialogTest"));
    QSettings().clear();
    QVERIFY2(QFile::exists(kSample), qPrintable(kSample));
    m_session = new AuditSession;
    m_workspace = new TrustWorkspace(m_session);
    m_bias = new BiasWorkspace(m_session);
    QVERIFY(m_session->openProject(kSample));
    m_session->waitForJob();
    QVERIFY(m_session->audit());
    m_workspace->waitForIdle();
    m_bias->waitForIdle();
    QVERIFY(m_bias->view()->computed);
}

void TestExportDialog::cleanupTestCase()
{
    delete m_bias;
    delete m_workspace;
    delete m_session;
}

void TestExportDialog::useBias(const BiasSettings& settings)
{
    m_bias->setSettings(settings);
    m_bias->waitForIdle();
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
            // The simulated trust audit's 120 cells have T in both settings (the refusal without any T:
            // anovaRefusalIsShown).
            QTest::newRow(qPrintable("anova" + tail))
                << settings << TrustLatexTable::Anova << false << standalone << QString();
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
        verifyRefused(dialog, cli, error);
        return;
    }
    QCOMPARE(cli.exitCode, 0);
    QVERIFY(!dialog.latexText().isEmpty());
    QCOMPARE(dialog.latexText().toUtf8(), cli.out.toUtf8());
    QCOMPARE(dialog.preview()->toPlainText(), dialog.latexText());
    QCOMPARE(dialog.problem(), QString());
    QVERIFY(dialog.copyButton()->isEnabled());
    QCOMPARE(dialog.latexText().startsWith("\\documentclass"), standalone);
    // The simulated trust audit's T values are shaded in both settings.
    QCOMPARE(dialog.latexText().contains("\\cellcolor"), colour && table == TrustLatexTable::Cells);
}

void TestExportDialog::anovaRefusalIsShown()
{
    // LLMBar alone: one run per order and no C = 1 assumed, so no cell has T; T10 has nothing to decompose,
    // and the dialog says what the CLI says instead of offering an empty table.
    const QString llmbar = QStringLiteral(TRIBUNAL_SOURCE_DIR "/resources/sample/llmbar/LLMBar/Natural");
    AuditSession session;
    TrustWorkspace workspace(&session);
    QVERIFY(session.openFiles({llmbar}));
    session.waitForJob();
    QVERIFY(session.audit());
    workspace.waitForIdle();
    ExportDialog dialog(&workspace);
    dialog.setTable(TrustLatexTable::Anova);
    const QString error = "no cell has a value of the response";
    verifyRefused(dialog, runCli({"anova", llmbar, "--format", "latex"}), error);
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

    // The output policy (io/outputfile.h), as the CLI's -o: a read-only file is refused and kept; a link is
    // followed and stays.
    const QString readOnly = dir.filePath("read-only.tex");
    {
        QFile file(readOnly);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("keep me");
    }
    QVERIFY(QFile::setPermissions(readOnly, QFileDevice::ReadOwner));
    QVERIFY(!dialog.saveTo(readOnly, &error));
    QCOMPARE(error,
             "Cannot write " + readOnly +
                 ": the file is read-only; make it writable or write to another file (nothing was written)");
    QFile kept(readOnly);
    QVERIFY(kept.open(QIODevice::ReadOnly));
    QCOMPARE(kept.readAll(), QByteArray("keep me"));
    const QString target = dir.filePath("target.tex");
    const QString link = dir.filePath("link.tex");
    QVERIFY(QFile::link(target, link));
    QVERIFY2(dialog.saveTo(link, &error), qPrintable(error));
    QVERIFY(QFileInfo(link).isSymLink());
    QFile written(target);
    QVERIFY(written.open(QIODevice::ReadOnly));
    QCOMPARE(written.readAll(), dialog.latexText().toUtf8());
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

void TestExportDialog::biasLatexEqualsCli_data()
{
    QTest::addColumn<QString>("settings");
    QTest::addColumn<BiasLatexTable>("table");
    QTest::addColumn<bool>("standalone");
    for (const QString settings : {"defaults", "variants"}) {
        for (const bool standalone : {false, true}) {
            const QString tail = QString(standalone ? " standalone" : "") + " (" + settings + ")";
            QTest::newRow(qPrintable("excess" + tail)) << settings << BiasLatexTable::Excess << standalone;
            QTest::newRow(qPrintable("counts" + tail)) << settings << BiasLatexTable::Counts << standalone;
            QTest::newRow(qPrintable("calibration" + tail))
                << settings << BiasLatexTable::Calibration << standalone;
        }
    }
}

void TestExportDialog::biasLatexEqualsCli()
{
    QFETCH(QString, settings);
    QFETCH(BiasLatexTable, table);
    QFETCH(bool, standalone);
    useBias(biasSettingsFor(settings));
    QVERIFY(m_bias->view()->hasBiasRows());
    QVERIFY(!m_bias->view()->calibration.empty());

    ExportDialog dialog(m_workspace, m_bias);
    QCOMPARE(dialog.biasWorkspace(), m_bias);
    QCOMPARE(dialog.tableBox()->count(), 7);
    dialog.setTable(table);
    dialog.setStandalone(standalone);
    QVERIFY(dialog.biasTable() == table);
    QCOMPARE(dialog.tableBox()->currentIndex(), itemRow(dialog, table));
    QCOMPARE(dialog.table(), TrustLatexTable::Cells);
    QVERIFY(dialog.isTableAvailable(table));
    QVERIFY(itemEnabled(dialog, table));
    QCOMPARE(itemToolTip(dialog, table), QString());
    // Shading and ANOVA factors belong to the trust tables.
    QVERIFY(!dialog.colourBox()->isEnabled());
    QVERIFY(!dialog.factorList()->isEnabled());

    const auto args = biasArgs(table, kSample, settings, standalone);
    QCOMPARE(dialog.cliArguments(), args);
    const auto cli = runCli(args);
    QCOMPARE(cli.exitCode, 0);
    QVERIFY(!dialog.latexText().isEmpty());
    QCOMPARE(dialog.latexText().toUtf8(), cli.out.toUtf8());
    QCOMPARE(dialog.preview()->toPlainText(), dialog.latexText());
    QCOMPARE(dialog.problem(), QString());
    QCOMPARE(dialog.noteLabel()->text(), "Same text as: tribunal-cli " + args.join(' '));
    QVERIFY(dialog.copyButton()->isEnabled());
    QVERIFY(dialog.saveButton()->isEnabled());
    QCOMPARE(dialog.latexText().startsWith("\\documentclass"), standalone);
    const bool variants = settings == "variants";
    switch (table) {
    case BiasLatexTable::Excess:
        QVERIFY(dialog.latexText().contains("tab:bias-excess"));
        QVERIFY(dialog.latexText().contains(variants ? "$\\delta = 0.10$" : "$\\delta = 0.05$"));
        QVERIFY(dialog.latexText().contains(variants ? "(500 resamples)" : "(2000 resamples)"));
        QVERIFY(dialog.latexText().contains(variants ? "seed 7." : "seed 20261129."));
        break;
    case BiasLatexTable::Counts:
        QVERIFY(dialog.latexText().contains("tab:bias-count"));
        QVERIFY(dialog.latexText().contains(variants ? "Test & 0.05 & 0.20" : "Test & 0.02 & 0.05 & 0.10"));
        break;
    case BiasLatexTable::Calibration:
        QVERIFY(dialog.latexText().contains("tab:calibration"));
        break;
    }
}

void TestExportDialog::biasMarginFromThePanel()
{
    useBias(biasSettingsFor("defaults"));
    BiasPanel panel(m_bias);
    ExportDialog dialog(m_workspace, m_bias);
    dialog.setTable(BiasLatexTable::Excess);
    QVERIFY(!dialog.cliArguments().contains("--margin"));
    const QString at005 = dialog.latexText();
    QVERIFY(at005.contains("$\\delta = 0.05$"));
    const int runs = m_bias->analysisRuns();

    // The panel's margin: the workspace re-derives the verdicts (no new analysis); the dialog follows at
    // once.
    const int index = panel.marginBox()->findData(0.10);
    QVERIFY(index >= 0);
    panel.marginBox()->setCurrentIndex(index);
    QCOMPARE(m_bias->analysisRuns(), runs);
    QVERIFY(!m_bias->isBusy());
    QCOMPARE(m_bias->view()->analysis.settings.margin, 0.10);
    const QStringList args{"bias", kSample, "--format", "latex", "--margin", "0.1"};
    QCOMPARE(dialog.cliArguments(), args);
    QVERIFY(dialog.latexText().contains("$\\delta = 0.10$"));
    QVERIFY(!dialog.latexText().contains("$\\delta = 0.05$"));
    QCOMPARE(dialog.preview()->toPlainText(), dialog.latexText());
    QVERIFY2(dialog.noteLabel()->text().endsWith("--margin 0.1"), qPrintable(dialog.noteLabel()->text()));
    const auto cli = runCli(args);
    QCOMPARE(cli.exitCode, 0);
    QCOMPARE(dialog.latexText().toUtf8(), cli.out.toUtf8());

    // The count table is computed with the same analysis: the command carries the margin too.
    dialog.setTable(BiasLatexTable::Counts);
    const QStringList countArgs{"bias", kSample, "--format", "latex", "--table", "counts", "--margin", "0.1"};
    QCOMPARE(dialog.cliArguments(), countArgs);
    const auto counts = runCli(countArgs);
    QCOMPARE(counts.exitCode, 0);
    QCOMPARE(dialog.latexText().toUtf8(), counts.out.toUtf8());

    // Back to the default margin: the default command and the first text again.
    dialog.setTable(BiasLatexTable::Excess);
    panel.marginBox()->setCurrentIndex(panel.marginBox()->findData(0.05));
    QCOMPARE(dialog.cliArguments(), (QStringList{"bias", kSample, "--format", "latex"}));
    QCOMPARE(dialog.latexText(), at005);
    QCOMPARE(m_bias->analysisRuns(), runs);
}

void TestExportDialog::biasTablesFollowTheAnalysis()
{
    // A session of its own: the dialog opens while the first bias analysis runs (its result is applied
    // from the event loop, so it cannot arrive before waitForIdle).
    AuditSession session;
    TrustWorkspace trust(&session);
    BiasWorkspace bias(&session);
    QVERIFY(session.openProject(kSample));
    session.waitForJob();
    QVERIFY(bias.isBusy());
    ExportDialog dialog(&trust, &bias);
    dialog.setTable(BiasLatexTable::Excess);
    const QString computing = "The bias tests are being computed; the table appears when they are done.";
    for (const auto table : {BiasLatexTable::Excess, BiasLatexTable::Counts, BiasLatexTable::Calibration}) {
        QVERIFY(!dialog.isTableAvailable(table));
        QVERIFY(!itemEnabled(dialog, table));
        QCOMPARE(itemToolTip(dialog, table), computing);
    }
    QCOMPARE(dialog.latexText(), QString());
    QCOMPARE(dialog.problem(), computing);
    QCOMPARE(dialog.noteLabel()->text(), computing);
    QVERIFY(!dialog.copyButton()->isEnabled());
    QVERIFY(!dialog.saveButton()->isEnabled());

    bias.waitForIdle();
    QVERIFY(dialog.isTableAvailable(BiasLatexTable::Excess));
    QVERIFY(itemEnabled(dialog, BiasLatexTable::Calibration));
    QVERIFY(dialog.latexText().contains("(2000 resamples)"));
    QVERIFY(dialog.copyButton()->isEnabled());
    const QString first = dialog.latexText();

    // New settings: the text stays the shown analysis' (and so does the command) until the new one arrives.
    auto settings = bias.settings();
    settings.resamples = 300;
    bias.setSettings(settings);
    QVERIFY(bias.isBusy());
    QCOMPARE(dialog.latexText(), first);
    QCOMPARE(dialog.cliArguments(), (QStringList{"bias", kSample, "--format", "latex"}));
    QVERIFY2(
        dialog.noteLabel()->text().startsWith("The bias tests are being recomputed with new settings; the "
                                              "text follows when they are done. Same text as: "
                                              "tribunal-cli bias "),
        qPrintable(dialog.noteLabel()->text()));
    bias.waitForIdle();
    QVERIFY(dialog.latexText().contains("(300 resamples)"));
    QCOMPARE(dialog.preview()->toPlainText(), dialog.latexText());
    const QStringList args{"bias", kSample, "--format", "latex", "--resamples", "300"};
    QCOMPARE(dialog.cliArguments(), args);
    QVERIFY(dialog.noteLabel()->text().startsWith("Same text as: "));
    const auto cli = runCli(args);
    QCOMPARE(cli.exitCode, 0);
    QCOMPARE(dialog.latexText().toUtf8(), cli.out.toUtf8());
}

void TestExportDialog::withoutBiasDataTheBiasTablesAreDisabled_data()
{
    QTest::addColumn<bool>("probabilities"); ///< the file has prob_a: calibration results, still no bias rows
    QTest::newRow("verdicts only") << false;
    QTest::newRow("with probabilities") << true;
}

void TestExportDialog::withoutBiasDataTheBiasTablesAreDisabled()
{
    QFETCH(bool, probabilities);
    // Two items, one judge, both orders, one run, no variant column: no bias-test design.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QByteArray text = "dataset,item_id,judge,format,order,rep,verdict,label";
    text += probabilities ? ",prob_a\n" : "\n";
    const char* rows[] = {"1,judge-x,Direct,AB,1,A,A", "1,judge-x,Direct,BA,1,A,A",
                          "2,judge-x,Direct,AB,1,B,A", "2,judge-x,Direct,BA,1,A,A"};
    const char* probs[] = {",0.8\n", ",0.7\n", ",0.3\n", ",0.6\n"};
    for (int i = 0; i < 4; ++i)
        text += QByteArray("plain,") + rows[i] + (probabilities ? probs[i] : "\n");
    const QString csv = writeFixture(dir, "plain.csv", text);
    AuditSession session;
    TrustWorkspace trust(&session);
    BiasWorkspace bias(&session);
    QVERIFY(session.openFiles({csv}));
    session.waitForJob();
    QVERIFY(session.audit());
    trust.waitForIdle();
    bias.waitForIdle();
    QVERIFY(bias.view()->computed);
    QVERIFY(!bias.view()->hasBiasRows());
    QCOMPARE(bias.view()->calibration.empty(), !probabilities);

    ExportDialog dialog(&trust, &bias);
    for (const auto table : {BiasLatexTable::Excess, BiasLatexTable::Counts, BiasLatexTable::Calibration}) {
        const bool calibration = table == BiasLatexTable::Calibration;
        const bool available = calibration && probabilities;
        QCOMPARE(dialog.isTableAvailable(table), available);
        QCOMPARE(itemEnabled(dialog, table), available);
        const QString reason = available ? QString() : calibration ? kNoCalibration : kNoBiasRows;
        QCOMPARE(itemToolTip(dialog, table), reason);
        dialog.setTable(table);
        QVERIFY(dialog.biasTable() == table);
        // Not a saved project: the command names INPUT; the CLI on the file gives the same text or refuses
        // it for the same reason.
        auto args = biasArgs(table, "INPUT", "defaults", false);
        QCOMPARE(dialog.cliArguments(), args);
        args[1] = csv;
        const auto cli = runCli(args);
        if (available) {
            QCOMPARE(cli.exitCode, 0);
            QCOMPARE(dialog.latexText().toUtf8(), cli.out.toUtf8());
            QCOMPARE(dialog.problem(), QString());
            QVERIFY(dialog.saveButton()->isEnabled());
            continue;
        }
        QCOMPARE(cli.exitCode, 2);
        QVERIFY2(cli.err.contains(calibration
                                      ? "no judgment with a probability on a pairwise item labelled A or B"
                                      : "no bias-test judgments in the input (no judgment has variant "
                                        "'perturbed')"),
                 qPrintable(cli.err));
        QCOMPARE(dialog.latexText(), QString());
        QCOMPARE(dialog.preview()->toPlainText(), QString());
        QCOMPARE(dialog.problem(), reason);
        QCOMPARE(dialog.noteLabel()->text(), reason);
        QVERIFY(!dialog.copyButton()->isEnabled());
        QVERIFY(!dialog.saveButton()->isEnabled());
        QString error;
        QVERIFY(!dialog.saveTo(dir.filePath("never.tex"), &error));
        QCOMPARE(error, reason);
    }
    // The trust tables are unaffected.
    dialog.setTable(TrustLatexTable::Cells);
    QVERIFY(dialog.isTableAvailable(TrustLatexTable::Cells));
    QVERIFY(!dialog.latexText().isEmpty());
}

void TestExportDialog::withoutAuditTheBiasTablesAreDisabled()
{
    AuditSession session;
    TrustWorkspace trust(&session);
    BiasWorkspace bias(&session);
    ExportDialog dialog(&trust, &bias);
    for (const auto table : {BiasLatexTable::Excess, BiasLatexTable::Counts, BiasLatexTable::Calibration}) {
        QVERIFY(!dialog.isTableAvailable(table));
        QVERIFY(!itemEnabled(dialog, table));
        dialog.setTable(table);
        QCOMPARE(dialog.latexText(), QString());
        QCOMPARE(dialog.problem(), QString("Open an audit to export its tables."));
        QCOMPARE(dialog.noteLabel()->text(), dialog.problem());
        QVERIFY(!dialog.copyButton()->isEnabled());
        QCOMPARE(dialog.cliArguments(), biasArgs(table, "INPUT", "defaults", false));
    }
}

void TestExportDialog::trustOnlyDialogHasNoBiasTables()
{
    ExportDialog dialog(m_workspace);
    QVERIFY(!dialog.biasWorkspace());
    QCOMPARE(dialog.tableBox()->count(), 4);
    dialog.setTable(TrustLatexTable::Dispersion);
    dialog.setTable(BiasLatexTable::Excess); // not offered: the choice stays
    QVERIFY(!dialog.biasTable());
    QCOMPARE(dialog.table(), TrustLatexTable::Dispersion);
    QVERIFY(!dialog.isTableAvailable(BiasLatexTable::Excess));
    QVERIFY(!dialog.isTableAvailable(BiasLatexTable::Calibration));
}

void TestExportDialog::saveBiasTable()
{
    useBias(biasSettingsFor("defaults"));
    ExportDialog dialog(m_workspace, m_bias);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QList<std::pair<BiasLatexTable, QString>> names{{BiasLatexTable::Excess, "bias-excess.tex"},
                                                          {BiasLatexTable::Counts, "bias-counts.tex"},
                                                          {BiasLatexTable::Calibration, "calibration.tex"}};
    for (const auto& [table, name] : names) {
        dialog.setTable(table);
        QVERIFY(!dialog.latexText().isEmpty());
        dialog.saveButton()->click();
        auto* fileDialog = dialog.findChild<QFileDialog*>("exportSaveDialog");
        QVERIFY(fileDialog);
        QVERIFY(!fileDialog->selectedFiles().isEmpty());
        QVERIFY2(fileDialog->selectedFiles().front().endsWith("/" + name),
                 qPrintable(fileDialog->selectedFiles().front()));
        const QString path = dir.filePath(name);
        fileDialog->selectFile(path);
        QVERIFY(QMetaObject::invokeMethod(fileDialog, "accept"));
        delete fileDialog; // WA_DeleteOnClose defers; the next round looks for a new one
        QFile saved(path);
        QVERIFY(saved.open(QIODevice::ReadOnly));
        QCOMPARE(saved.readAll(), dialog.latexText().toUtf8());
    }
    // Copy puts the same text on the clipboard.
    QGuiApplication::clipboard()->setText("before");
    dialog.copyButton()->click();
    QCOMPARE(QGuiApplication::clipboard()->text(), dialog.latexText());
}

QTEST_MAIN(TestExportDialog)
#include "tst_exportdialog.moc"
