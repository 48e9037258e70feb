// Export dialog, every table it lists (workbench.md journey 3): for each entry of the Table combo - trust,
// bias, rubric, and the cascade summary (K7-K10), confident errors (K3 / K4) and jury (K5 / K6) - the preview
// is the standard output of tribunal-cli with the arguments the dialog names, byte for byte, fragment and
// standalone document. The rows come from the combo itself, so a table added later is covered without
// editing this file. A change of a cascade or confident-error setting moves the named command and the text
// together; without an audit or without rubric panels the cascade tables say why they have no text.
//
// One audit for every table: the bundled sample (trust and bias datasets, and sim-rubric with K1
// confidences, P(MET) and costs). The trust tables assume C = 1 for single runs (else the sample's ANOVA
// has no response, the CLI's refusal); every resampling setting is small, through the options the CLI has
// for it, to keep the run short.

#include "bias/biasworkspace.h"
#include "cascades/cascadeview.h"
#include "cascades/confidenterrorview.h"
#include "export/exportdialog.h"
#include "framework/auditsession.h"
#include "framework/mainwindow.h"
#include "rubric/rubricworkspace.h"
#include "trust/trustworkspace.h"

#include "../common/clirun.h"

#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSet>
#include <QSettings>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace tribunal;
using tribunal::testing::runCli;
using tribunal::testing::writeFixture;

namespace {

const QString kSample = QStringLiteral(TRIBUNAL_BUILD_DIR "/resources/sample.tribunal");

bool itemEnabled(const QComboBox& box, int row)
{
    const auto* model = qobject_cast<const QStandardItemModel*>(box.model());
    return model != nullptr && model->item(row)->isEnabled();
}

/// The workspaces of one session: every one the main window gives the Export dialog.
struct Workspaces {
    AuditSession session;
    TrustWorkspace trust{&session};
    BiasWorkspace bias{&session};
    RubricWorkspace rubric{&session};
    CascadeWorkspace cascades{&session};
    ConfidentErrorWorkspace errors{&session};

    void waitForIdle()
    {
        session.waitForJob();
        trust.waitForIdle();
        bias.waitForIdle();
        rubric.waitForIdle();
        cascades.waitForIdle();
        errors.waitForIdle();
    }
};

/// The judge of the cascade panel named `name`; default key when there is none.
JudgeKey judgeNamed(const CascadeWorkspace& cascades, const char* name)
{
    const CascadeCurveView& view = *cascades.curveView();
    for (const JudgeKey& key : view.panelJudges)
        if (view.audit->str(key.judge) == name)
            return key;
    return {};
}

} // namespace

class TestExportRegistry : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void everyTableEqualsCli_data();
    void everyTableEqualsCli();
    void everyCliLatexTableIsOffered();
    void cascadeSettingsFollow();
    void withoutAuditTheCascadeTablesAreDisabled();
    void withoutRubricPanelsTheCascadeTablesAreDisabled();
    void mainWindowPassesEveryWorkspace();

private:
    std::unique_ptr<ExportDialog> dialog() const;
    /// The chosen table's text equals the CLI's for the arguments the dialog names.
    void compareWithCli(const ExportDialog& dialog) const;

    std::unique_ptr<Workspaces> m_ws;
};

std::unique_ptr<ExportDialog> TestExportRegistry::dialog() const
{
    return std::make_unique<ExportDialog>(&m_ws->trust, &m_ws->bias, &m_ws->rubric, &m_ws->cascades,
                                          &m_ws->errors, nullptr);
}

void TestExportRegistry::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("TribunalExportRegistryTest"));
    QSettings().clear();
    QVERIFY2(QFile::exists(kSample), qPrintable(kSample));
    m_ws = std::make_unique<Workspaces>();
    // Small resampling everywhere (each is a CLI option the dialog names).
    TrustViewSettings trust;
    trust.trust.assumeConsistentWhenSingleRun = true;
    trust.bootstrap.resamples = 100;
    m_ws->trust.setSettings(trust);
    BiasSettings bias;
    bias.resamples = 100;
    bias.permutations = 200;
    m_ws->bias.setSettings(bias);
    RubricPanelSettings rubric;
    rubric.paired.resamples = 100;
    m_ws->rubric.setSettings(rubric);
    CascadePanelSettings cascades;
    cascades.halvings = 3;
    cascades.juryResamples = 100;
    m_ws->cascades.setSettings(cascades);
    QVERIFY(m_ws->session.openProject(kSample));
    m_ws->waitForIdle();
    QVERIFY(m_ws->trust.view()->intervalsReady);
    QVERIFY(m_ws->cascades.summaryCurrent());
    QVERIFY(m_ws->errors.view()->computed);
}

void TestExportRegistry::cleanupTestCase()
{
    m_ws.reset();
}

void TestExportRegistry::compareWithCli(const ExportDialog& dialog) const
{
    const QStringList args = dialog.cliArguments();
    QCOMPARE(args.value(1), kSample);
    QCOMPARE(dialog.problem(), QString());
    QCOMPARE(dialog.noteLabel()->text().startsWith("Same text as: tribunal-cli " + args.front() + " "), true);
    const auto cli = runCli(args);
    QVERIFY2(cli.exitCode == 0, qPrintable(args.join(' ') + ": " + cli.err));
    QVERIFY(!dialog.latexText().isEmpty());
    QCOMPARE(dialog.latexText().toUtf8(), cli.out.toUtf8());
    QCOMPARE(dialog.preview()->toPlainText(), dialog.latexText());
    QVERIFY(dialog.copyButton()->isEnabled());
    QVERIFY(dialog.saveButton()->isEnabled());
}

void TestExportRegistry::everyTableEqualsCli_data()
{
    QTest::addColumn<int>("row");
    QTest::addColumn<QString>("title");
    QTest::addColumn<bool>("standalone");
    const auto d = dialog();
    const QComboBox& box = *d->tableBox();
    // Four trust, three bias, two rubric and three cascade tables at least.
    QVERIFY2(box.count() >= 12, qPrintable(QString::number(box.count())));
    for (int row = 0; row < box.count(); ++row)
        for (const bool standalone : {false, true})
            QTest::newRow(qPrintable(box.itemText(row) + (standalone ? " (standalone)" : "")))
                << row << box.itemText(row) << standalone;
}

void TestExportRegistry::everyTableEqualsCli()
{
    QFETCH(int, row);
    QFETCH(QString, title);
    QFETCH(bool, standalone);
    const auto d = dialog();
    m_ws->waitForIdle(); // the jury job the dialog requested
    QVERIFY(m_ws->cascades.juryCurrent());
    QCOMPARE(d->tableBox()->itemText(row), title);
    d->tableBox()->setCurrentIndex(row);
    d->setStandalone(standalone);
    QVERIFY2(itemEnabled(*d->tableBox(), row),
             qPrintable(d->tableBox()->itemData(row, Qt::ToolTipRole).toString()));
    QVERIFY(d->cliArguments().contains("--standalone") == standalone);
    QCOMPARE(d->latexText().startsWith("\\documentclass"), standalone);
    compareWithCli(*d);
}

void TestExportRegistry::everyCliLatexTableIsOffered()
{
    // The CLI declares its LaTeX tables once (app/cli/registry.h, checked against each command by
    // tst_clihelp); the dialog offers exactly those: each entry's command and --table (the default table
    // when the arguments name none) is one of them, and each of them is an entry.
    const auto cli = runCli({"help", "--latex-tables"});
    QCOMPARE(cli.exitCode, 0);
    QSet<QString> declared;
    QMap<QString, QString> defaults; // a command's first table is its default
    for (const QString& line : cli.out.split('\n', Qt::SkipEmptyParts)) {
        declared.insert(line);
        if (!defaults.contains(line.section('\t', 0, 0)))
            defaults[line.section('\t', 0, 0)] = line.section('\t', 1);
    }
    QVERIFY(declared.size() >= 12);
    const auto d = dialog();
    QSet<QString> offered;
    for (int row = 0; row < d->tableBox()->count(); ++row) {
        d->tableBox()->setCurrentIndex(row);
        const QStringList args = d->cliArguments();
        const qsizetype table = args.indexOf("--table");
        const QString name = table >= 0 ? args.value(table + 1) : defaults.value(args.value(0));
        const QString entry = args.value(0) + '\t' + name;
        QVERIFY2(declared.contains(entry), qPrintable(d->tableBox()->itemText(row) + ": " + entry));
        offered.insert(entry);
    }
    QCOMPARE(offered, declared);
}

void TestExportRegistry::cascadeSettingsFollow()
{
    const auto d = dialog();
    m_ws->waitForIdle();
    CascadeWorkspace& cascades = m_ws->cascades;
    const CascadeKey before = cascades.curveView()->key;
    QVERIFY(!before.fallbacks.empty());
    const QString firstName =
        QString::fromStdString(std::string(cascades.curveView()->audit->str(before.first.judge)));
    d->setTable(CascadeLatexTable::Summary);
    QVERIFY(d->cascadeTable() == CascadeLatexTable::Summary);
    const QString summaryBefore = d->latexText();
    QVERIFY(d->cliArguments().contains("--halvings"));
    QCOMPARE(d->cliArguments().at(d->cliArguments().indexOf("--first") + 1), firstName);

    // K9 halvings and the seed: the summary's caption and numbers, and the jury's R7 seed.
    const int juryRuns = cascades.juryRuns();
    cascades.setHalvings(4);
    cascades.setSeed(7);
    m_ws->waitForIdle();
    QCOMPARE(cascades.juryRuns(), juryRuns + 1); // the seed; halvings alone would not rerun it
    QStringList args = d->cliArguments();
    QCOMPARE(args.at(args.indexOf("--halvings") + 1), QString("4"));
    QCOMPARE(args.at(args.indexOf("--seed") + 1), QString("7"));
    QVERIFY(d->latexText() != summaryBefore);
    QVERIFY(d->latexText().contains("over 4 halvings of the units (seed 7)"));
    compareWithCli(*d);
    d->setTable(CascadeLatexTable::Jury);
    QCOMPARE(d->cliArguments().at(d->cliArguments().indexOf("--seed") + 1), QString("7"));
    compareWithCli(*d);

    // Another first judge: the summary's --first and the jury's first juror follow.
    const JudgeKey mid = judgeNamed(cascades, "sim-mid-2");
    QVERIFY(mid.judge != kEmptyStr);
    QVERIFY(!(mid == before.first));
    cascades.setFirst(mid);
    m_ws->waitForIdle();
    QVERIFY(cascades.juryCurrent());
    args = d->cliArguments();
    QVERIFY2(args.at(args.indexOf("--jurors") + 1).startsWith("sim-mid-2,"), qPrintable(args.join(' ')));
    QVERIFY(!args.at(args.indexOf("--jurors") + 1).contains(firstName + ","));
    compareWithCli(*d);
    d->setTable(CascadeLatexTable::Summary);
    args = d->cliArguments();
    QCOMPARE(args.at(args.indexOf("--first") + 1), QString("sim-mid-2"));
    QVERIFY(!args.at(args.indexOf("--fallbacks") + 1).contains("sim-mid-2"));
    compareWithCli(*d);

    // Confident errors: n, a judge left out of the others, the rounding rule.
    ConfidentErrorSettings errors = m_ws->errors.settings();
    errors.n = 4;
    errors.rounding = LabelRounding::HalfDown;
    errors.excluded = {mid};
    m_ws->errors.setSettings(errors);
    m_ws->waitForIdle();
    d->setTable(CascadeLatexTable::ConfidentErrors);
    args = d->cliArguments();
    QCOMPARE(args.at(args.indexOf("--n") + 1), QString("4"));
    QCOMPARE(args.at(args.indexOf("--rounding") + 1), QString("half-down"));
    QVERIFY(args.contains("--others"));
    QVERIFY(!args.at(args.indexOf("--others") + 1).contains("sim-mid-2"));
    compareWithCli(*d);

    // Back to the settings of the other tests.
    CascadePanelSettings reset;
    reset.halvings = 3;
    reset.juryResamples = 100;
    cascades.setSettings(reset);
    m_ws->errors.setSettings(ConfidentErrorSettings{});
    m_ws->waitForIdle();
}

void TestExportRegistry::withoutAuditTheCascadeTablesAreDisabled()
{
    Workspaces ws;
    ExportDialog d(&ws.trust, &ws.bias, &ws.rubric, &ws.cascades, &ws.errors, nullptr);
    QVERIFY(ws.cascades.juryRequested());
    for (const auto table :
         {CascadeLatexTable::Summary, CascadeLatexTable::ConfidentErrors, CascadeLatexTable::Jury}) {
        QVERIFY(!d.isTableAvailable(table));
        d.setTable(table);
        QVERIFY(d.cascadeTable() == table);
        QVERIFY(!itemEnabled(*d.tableBox(), d.tableBox()->currentIndex()));
        QCOMPARE(d.latexText(), QString());
        QCOMPARE(d.preview()->toPlainText(), QString());
        QCOMPARE(d.problem(), QString("Open an audit to export its tables."));
        QCOMPARE(d.noteLabel()->text(), d.problem());
        QVERIFY(!d.copyButton()->isEnabled());
        QVERIFY(!d.saveButton()->isEnabled());
    }
    // A dialog without the cascade workspaces does not list them (the existing constructors).
    ExportDialog rubricOnly(&ws.trust, nullptr, &ws.rubric, nullptr);
    QCOMPARE(rubricOnly.tableBox()->count(), 6);
    rubricOnly.setTable(CascadeLatexTable::Jury);
    QVERIFY(!rubricOnly.cascadeTable());
    QVERIFY(!rubricOnly.isTableAvailable(CascadeLatexTable::Jury));
}

void TestExportRegistry::withoutRubricPanelsTheCascadeTablesAreDisabled()
{
    // Pairwise items only: the CLI's cascade, confident-errors and jury refuse it (no rubric items).
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString csv = writeFixture(dir, "plain.csv",
                                     "dataset,item_id,judge,format,order,rep,verdict,label\n"
                                     "plain,1,judge-x,Direct,AB,1,A,A\nplain,1,judge-y,Direct,AB,1,B,A\n");
    Workspaces ws;
    QVERIFY(ws.session.openFiles({csv}));
    ws.waitForIdle();
    QVERIFY(ws.session.audit());
    ExportDialog d(&ws.trust, &ws.bias, &ws.rubric, &ws.cascades, &ws.errors, nullptr);
    ws.waitForIdle();
    for (const auto table :
         {CascadeLatexTable::Summary, CascadeLatexTable::ConfidentErrors, CascadeLatexTable::Jury}) {
        d.setTable(table);
        QVERIFY(d.cascadeTable() == table);
        QVERIFY(!d.isTableAvailable(table));
        QVERIFY(!itemEnabled(*d.tableBox(), d.tableBox()->currentIndex()));
        QVERIFY2(d.problem().contains("rubric judgments"), qPrintable(d.problem()));
        QCOMPARE(d.tableBox()->itemData(d.tableBox()->currentIndex(), Qt::ToolTipRole).toString(),
                 d.problem());
        QCOMPARE(d.noteLabel()->text(), d.problem());
        QCOMPARE(d.latexText(), QString());
        QVERIFY(!d.copyButton()->isEnabled());
        QVERIFY(!d.saveButton()->isEnabled());
        QString error;
        QVERIFY(!d.saveTo(dir.filePath("never.tex"), &error));
        QCOMPARE(error, d.problem());
    }
    // The CLI refuses the file for the same reason.
    const auto cli = runCli({"jury", csv, "--jurors", "judge-x,judge-y", "--format", "latex"});
    QCOMPARE(cli.exitCode, 2);
    QVERIFY2(cli.err.contains("no rubric items"), qPrintable(cli.err));
}

void TestExportRegistry::mainWindowPassesEveryWorkspace()
{
    // File > Export Table: the dialog gets every workspace of the window, so it lists every table.
    MainWindow window;
    window.showExportDialog();
    ExportDialog* d = window.exportDialog();
    QVERIFY(d);
    QCOMPARE(d->biasWorkspace(), window.biasWorkspace());
    QCOMPARE(d->rubricWorkspace(), window.rubricWorkspace());
    QCOMPARE(d->cascadeWorkspace(), window.cascadeWorkspace());
    QCOMPARE(d->confidentErrorWorkspace(), window.confidentErrorWorkspace());
    QVERIFY(window.cascadeWorkspace()->juryRequested());
    QCOMPARE(d->tableBox()->count(), dialog()->tableBox()->count());
    d->close();
}

QTEST_MAIN(TestExportRegistry)
#include "tst_exportregistry.moc"
