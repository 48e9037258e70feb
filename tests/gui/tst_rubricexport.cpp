// Issue 6, Export dialog: the rubric tables (judges x panels accuracy, paired comparisons) the dialog
// previews are tribunal-cli rubric / compare --format latex's standard output for the same settings, byte for
// byte; the command the note names is that command; the tables follow the Rubric judges workspace (rounding,
// resamples, seed, margin, cluster bootstrap, judges left out) and are disabled with a reason when there is
// nothing to show. The sample's simulated rubric audit (sim-rubric) gives them rows.

#include "export/exportdialog.h"
#include "framework/auditsession.h"
#include "rubric/rubricworkspace.h"
#include "trust/trustworkspace.h"

#include "../common/clirun.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QPlainTextEdit>
#include <QSettings>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QtTest>

using namespace tribunal;
using tribunal::testing::runCli;

Q_DECLARE_METATYPE(tribunal::RubricLatexTable)

namespace {

const QString kSample = QStringLiteral(TRIBUNAL_BUILD_DIR "/resources/sample.tribunal");

/// The settings of the comparisons: the CLI's defaults, or every option the dialog passes switched (and one
/// judge left out).
RubricPanelSettings settingsFor(const QString& name, const Audit& audit)
{
    RubricPanelSettings s;
    if (name == "variants") {
        s.rounding = LabelRounding::HalfDown;
        s.paired.resamples = 500;
        s.paired.seed = 7;
        s.paired.margin = 0.1;
        s.paired.clusterBootstrap = true;
        s.excludedJudges = {*audit.strings().find("sim-mid-3")};
    }
    return s;
}

QStringList argsFor(RubricLatexTable table, const QString& settings, bool standalone)
{
    QStringList args{table == RubricLatexTable::Accuracy ? "rubric" : "compare", kSample, "--format",
                     "latex"};
    if (standalone)
        args << "--standalone";
    if (settings == "variants")
        args << "--rounding"
             << "half-down";
    if (table == RubricLatexTable::Accuracy)
        return args;
    args << "--judges"
         << (settings == "variants" ? "sim-cheap,sim-mid-2,sim-expensive"
                                    : "sim-cheap,sim-mid-2,sim-mid-3,sim-expensive");
    if (settings == "variants")
        args << QStringList{"--resamples", "500", "--seed", "7", "--margin", "0.1", "--cluster", "group"};
    return args;
}

int itemRow(const ExportDialog& dialog, RubricLatexTable table)
{
    return dialog.tableBox()->findText(table == RubricLatexTable::Accuracy
                                           ? "Rubric judges: accuracy per panel"
                                           : "Rubric judges: paired comparisons");
}

bool itemEnabled(const ExportDialog& dialog, RubricLatexTable table)
{
    const auto* model = qobject_cast<QStandardItemModel*>(dialog.tableBox()->model());
    const int row = itemRow(dialog, table);
    return model != nullptr && row >= 0 && model->item(row)->isEnabled();
}

} // namespace

class TestRubricExport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void cleanupTestCase();
    void latexEqualsCli_data();
    void latexEqualsCli();
    void disabledWithAReason();

private:
    AuditSession* m_session = nullptr;
    TrustWorkspace* m_trust = nullptr;
    RubricWorkspace* m_rubric = nullptr;
};

void TestRubricExport::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("TribunalRubricExportTest"));
    QSettings().clear();
    QVERIFY2(QFile::exists(kSample), qPrintable(kSample));
    m_session = new AuditSession;
    m_trust = new TrustWorkspace(m_session);
    m_rubric = new RubricWorkspace(m_session);
    QVERIFY(m_session->openProject(kSample));
    m_session->waitForJob();
    m_trust->waitForIdle();
    m_rubric->waitForIdle();
    QVERIFY(m_rubric->view()->computed);
    QVERIFY(m_rubric->comparisonView()->computed);
}

void TestRubricExport::cleanupTestCase()
{
    delete m_rubric;
    delete m_trust;
    delete m_session;
}

void TestRubricExport::latexEqualsCli_data()
{
    QTest::addColumn<QString>("settings");
    QTest::addColumn<RubricLatexTable>("table");
    QTest::addColumn<bool>("standalone");
    for (const QString settings : {"defaults", "variants"})
        for (const bool standalone : {false, true}) {
            const QString tail = QString(standalone ? " standalone" : "") + " (" + settings + ")";
            QTest::newRow(qPrintable("accuracy" + tail))
                << settings << RubricLatexTable::Accuracy << standalone;
            QTest::newRow(qPrintable("comparisons" + tail))
                << settings << RubricLatexTable::PairedComparison << standalone;
        }
}

void TestRubricExport::latexEqualsCli()
{
    QFETCH(QString, settings);
    QFETCH(RubricLatexTable, table);
    QFETCH(bool, standalone);
    m_rubric->setSettings(settingsFor(settings, *m_session->audit()));
    m_rubric->waitForIdle();

    ExportDialog dialog(m_trust, nullptr, m_rubric, nullptr);
    QCOMPARE(dialog.rubricWorkspace(), m_rubric);
    QCOMPARE(dialog.tableBox()->count(), 6); // four trust tables, two rubric tables
    dialog.setTable(table);
    dialog.setStandalone(standalone);
    QVERIFY(dialog.rubricTable() == table);
    QVERIFY(!dialog.biasTable());
    QCOMPARE(dialog.tableBox()->currentIndex(), itemRow(dialog, table));
    QVERIFY(dialog.isTableAvailable(table));
    QVERIFY(itemEnabled(dialog, table));
    QVERIFY(!dialog.colourBox()->isEnabled());

    const QStringList args = argsFor(table, settings, standalone);
    QCOMPARE(dialog.cliArguments(), args);
    const auto cli = runCli(args);
    QCOMPARE(cli.exitCode, 0);
    QVERIFY(!dialog.latexText().isEmpty());
    QCOMPARE(dialog.latexText().toUtf8(), cli.out.toUtf8());
    QCOMPARE(dialog.preview()->toPlainText(), dialog.latexText());
    QCOMPARE(dialog.problem(), QString());
    QCOMPARE(dialog.noteLabel()->text(), "Same text as: tribunal-cli " + args.join(' '));
    QCOMPARE(dialog.latexText().startsWith("\\documentclass"), standalone);
    QVERIFY(dialog.latexText().contains(table == RubricLatexTable::Accuracy ? "tab:rubric-accuracy"
                                                                            : "tab:paired-comparison"));
    if (table == RubricLatexTable::PairedComparison)
        QCOMPARE(dialog.latexText().contains("sim-mid-3"), settings == "defaults");
}

void TestRubricExport::disabledWithAReason()
{
    // Every judge but one left out: no comparison (the workspace's reason); the accuracy table stays.
    RubricPanelSettings s;
    const Audit& audit = *m_session->audit();
    for (const char* judge : {"sim-mid-2", "sim-mid-3", "sim-expensive"})
        s.excludedJudges.push_back(*audit.strings().find(judge));
    m_rubric->setSettings(s);
    m_rubric->waitForIdle();
    ExportDialog dialog(m_trust, nullptr, m_rubric, nullptr);
    QVERIFY(!dialog.isTableAvailable(RubricLatexTable::PairedComparison));
    QVERIFY(!itemEnabled(dialog, RubricLatexTable::PairedComparison));
    QVERIFY(dialog.isTableAvailable(RubricLatexTable::Accuracy));
    dialog.setTable(RubricLatexTable::PairedComparison);
    QVERIFY(dialog.latexText().isEmpty());
    QVERIFY(!dialog.problem().isEmpty());
    QCOMPARE(dialog.problem(), rubricExportProblem(m_rubric, RubricLatexTable::PairedComparison));
    QCOMPARE(dialog.tableBox()
                 ->itemData(itemRow(dialog, RubricLatexTable::PairedComparison), Qt::ToolTipRole)
                 .toString(),
             dialog.problem());
    // A trust-and-bias dialog has no rubric tables.
    ExportDialog trustOnly(m_trust, nullptr, nullptr, nullptr);
    QCOMPARE(itemRow(trustOnly, RubricLatexTable::Accuracy), -1);
    trustOnly.setTable(RubricLatexTable::Accuracy);
    QVERIFY(!trustOnly.rubricTable());
    m_rubric->setSettings(RubricPanelSettings{});
    m_rubric->waitForIdle();
}

QTEST_MAIN(TestRubricExport)
#include "tst_rubricexport.moc"
