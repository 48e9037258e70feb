// The bundled sample's first screen (issue "the workbench on a laptop", item 2): opened as the program opens
// it (MainWindow::openSample), the overview shows the simulated trust audit, T in every row; "Show all rows"
// brings the real data back with the reason for each undefined value in place; "Assume C = 1" is one click,
// an unsaved change of the project, and a saved project opens with it again.

#include "framework/auditsession.h"
#include "framework/mainwindow.h"
#include "trust/overviewpanel.h"
#include "trust/trustrowproxy.h"
#include "trust/trustsettingsform.h"
#include "trust/trusttablemodel.h"
#include "trust/trustworkspace.h"

#include <QCheckBox>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace tribunal;

namespace {

const QString kSample = QStringLiteral(TRIBUNAL_BUILD_DIR "/resources/sample.tribunal");

int columnOf(const QAbstractItemModel& model, const QString& key)
{
    for (int c = 0; c < model.columnCount(); ++c)
        if (model.headerData(c, Qt::Horizontal, TrustTableModel::RawValueRole).toString() == key)
            return c;
    return -1;
}

/// Waits for the job the window started and for every workspace.
bool settle(MainWindow& window, QSignalSpy& finished)
{
    if (!finished.wait(60000))
        return false;
    window.session()->waitForIdle();
    QCoreApplication::processEvents();
    return true;
}

/// A laptop-sized window that opened `path` as the program opens the sample (sample) or as File > Open does.
struct OpenWindow {
    MainWindow window;
    bool opened = false;
    OpenWindow(const QString& path, bool sample)
    {
        window.resize(1366, 768);
        window.show();
        QSignalSpy finished(window.session(), &AuditSession::jobFinished);
        opened = (sample ? window.openSample(path) : window.openPaths({path})) && settle(window, finished);
    }
};

} // namespace

class TestSampleFirstScreen : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void firstScreenShowsTInEveryRow();
    void showAllExplainsUndefinedValuesInPlace();
    void assumeIsOneClickAndStoredInTheProject();
    void importOnTopOfTheSampleMerges();

private:
    QTemporaryDir m_dir;
};

void TestSampleFirstScreen::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("TribunalSampleFirstScreenTest"));
    QSettings().clear();
    QVERIFY(m_dir.isValid());
    QVERIFY2(QFile::exists(kSample), qPrintable(kSample));
}

void TestSampleFirstScreen::firstScreenShowsTInEveryRow()
{
    OpenWindow open(kSample, true);
    QVERIFY(open.opened);
    MainWindow& window = open.window;
    QVERIFY(window.session()->isReadOnly());
    auto* overview = window.overviewPanel();
    const auto* proxy = overview->proxy();
    // 6 judges x 5 formats x 4 datasets of the simulated trust audit; the real data's 83 rows are hidden.
    QCOMPARE(proxy->rowCount(), 120);
    const int t = columnOf(*proxy, "T");
    const int dataset = columnOf(*proxy, "dataset");
    QVERIFY(t >= 0 && dataset >= 0);
    for (int r = 0; r < proxy->rowCount(); ++r) {
        const double value = proxy->index(r, t).data(TrustTableModel::RawValueRole).toDouble();
        QVERIFY2(std::isfinite(value) && value > 0 && value < 1, qPrintable(QString::number(r)));
        QVERIFY(proxy->index(r, t).data().toString().contains(QRegularExpression("^[0-9]+\\.[0-9]$")));
        QVERIFY(proxy->index(r, dataset).data().toString().startsWith("sim-"));
    }
    QVERIFY(overview->filterNoteLabel()->isVisible());
    QCOMPARE(overview->filterNoteLabel()->text(),
             QStringLiteral("Showing 120 of 203 rows: the filters hide 83."));
    QVERIFY(overview->showAllButton()->isVisible());
    // The notes about the hidden rows stay hidden with them; opening changed nothing.
    QVERIFY(!overview->labelNoteLabel()->isVisible());
    QVERIFY(!overview->singleRunNoteLabel()->isVisible());
    QVERIFY(!window.session()->isDirty());
}

void TestSampleFirstScreen::showAllExplainsUndefinedValuesInPlace()
{
    OpenWindow open(kSample, true);
    QVERIFY(open.opened);
    MainWindow& window = open.window;
    auto* overview = window.overviewPanel();
    QTest::mouseClick(overview->showAllButton(), Qt::LeftButton);
    const auto* proxy = overview->proxy();
    QCOMPARE(proxy->rowCount(), 203);
    QVERIFY(!overview->filterNoteLabel()->isVisible());
    const int t = columnOf(*proxy, "T"), a = columnOf(*proxy, "A"), c = columnOf(*proxy, "C");
    const int dataset = columnOf(*proxy, "dataset");
    int llmbar = 0, posbias = 0;
    for (int r = 0; r < proxy->rowCount(); ++r) {
        const QString name = proxy->index(r, dataset).data().toString();
        if (name == "llmbar-LLMBar-Natural") {
            // One run per order, labelled: C and T need a second run.
            QCOMPARE(proxy->index(r, t).data().toString(), QStringLiteral("n/a (1 run)"));
            QCOMPARE(proxy->index(r, c).data().toString(), QStringLiteral("n/a (1 run)"));
            QVERIFY(proxy->index(r, t).data(Qt::ToolTipRole).toString().contains("Assume C = 1"));
            ++llmbar;
        } else if (name.startsWith("posbias-")) {
            // Three runs, no labels: C exists, accuracy and T need labels.
            QCOMPARE(proxy->index(r, t).data().toString(), QStringLiteral("n/a (no labels)"));
            QCOMPARE(proxy->index(r, a).data().toString(), QStringLiteral("n/a (no labels)"));
            QVERIFY(proxy->index(r, t).data(Qt::ToolTipRole).toString().contains("File > Import"));
            QVERIFY(std::isfinite(proxy->index(r, c).data(TrustTableModel::RawValueRole).toDouble()));
            ++posbias;
        }
    }
    QCOMPARE(llmbar + posbias, 83);
    QVERIFY(llmbar > 0 && posbias > 0);
    QVERIFY(overview->labelNoteLabel()->isVisible());
    QVERIFY(overview->singleRunNoteLabel()->isVisible());
    QCOMPARE(
        overview->singleRunNoteLabel()->text(),
        QStringLiteral("%1 shown rows have one run per order: C cannot be measured there, so T and T_joint "
                       "are n/a (T2).")
            .arg(llmbar));
    QVERIFY(overview->assumeButton()->isVisible());
}

void TestSampleFirstScreen::assumeIsOneClickAndStoredInTheProject()
{
    const QString copy = m_dir.filePath("sample-copy.tribunal");
    {
        OpenWindow open(kSample, true);
        QVERIFY(open.opened);
        MainWindow& window = open.window;
        QSignalSpy finished(window.session(), &AuditSession::jobFinished);
        auto* overview = window.overviewPanel();
        QTest::mouseClick(overview->showAllButton(), Qt::LeftButton);
        QTest::mouseClick(overview->assumeButton(), Qt::LeftButton);
        window.session()->waitForIdle();
        QCoreApplication::processEvents();
        QVERIFY(window.trustWorkspace()->settings().trust.assumeConsistentWhenSingleRun);
        QVERIFY(overview->settingsForm()->assumeConsistentBox()->isChecked());
        QVERIFY(!overview->singleRunNoteLabel()->isVisible());
        QVERIFY(!overview->assumeButton()->isVisible());
        // An unsaved change of the (read-only) project, stored in its settings.
        QVERIFY(window.session()->isDirty());
        QCOMPARE(window.session()->extras().settings.at("trust.assume_consistent"), std::string("true"));
        const auto* proxy = overview->proxy();
        const int t = columnOf(*proxy, "T"), dataset = columnOf(*proxy, "dataset");
        int llmbar = 0;
        for (int r = 0; r < proxy->rowCount(); ++r) {
            if (proxy->index(r, dataset).data().toString() != "llmbar-LLMBar-Natural")
                continue;
            QVERIFY(std::isfinite(proxy->index(r, t).data(TrustTableModel::RawValueRole).toDouble()));
            ++llmbar;
        }
        QVERIFY(llmbar > 0);
        QVERIFY(window.session()->saveAs(copy));
        QVERIFY(settle(window, finished));
        QVERIFY(!window.session()->isDirty());
    }
    // Opened again (another window: nothing carried over in memory), the project brings its setting back.
    OpenWindow reopened(copy, false);
    QVERIFY(reopened.opened);
    MainWindow& again = reopened.window;
    QVERIFY(again.trustWorkspace()->settings().trust.assumeConsistentWhenSingleRun);
    QVERIFY(again.overviewPanel()->settingsForm()->assumeConsistentBox()->isChecked());
    QVERIFY(!again.session()->isDirty());
    // Unchecking it in the form removes the key again (the default is not stored).
    again.overviewPanel()->settingsForm()->assumeConsistentBox()->click();
    again.session()->waitForIdle();
    QVERIFY(!again.session()->extras().settings.contains("trust.assume_consistent"));
    QVERIFY(again.session()->isDirty());
}

void TestSampleFirstScreen::importOnTopOfTheSampleMerges()
{
    // The analyst's journey: File > Import of LLMBar's published verdict table on the sample. Its 11,600
    // judgments of LLMBar Natural are the sample's own (without their raw outputs): merged, not refused.
    const QString verdicts = QStringLiteral(TRIBUNAL_SHARED_DATA "/llmbar/llmbar_verdicts.csv");
    OpenWindow open(kSample, true);
    QVERIFY(open.opened);
    MainWindow& window = open.window;
    const auto before = window.session()->audit()->judgmentCount();
    QSignalSpy finished(window.session(), &AuditSession::jobFinished);
    QVERIFY(window.importPaths({verdicts}, BadRecordPolicy::StopAtFirst));
    QVERIFY(settle(window, finished));
    const auto result = finished.last().at(0).value<JobResult>();
    QVERIFY(result.ok);
    QVERIFY(result.issues.isEmpty());
    QCOMPARE(result.mergedRecords, 11600ull);
    QCOMPARE(result.judgmentsAdded, 74960ull - 11600ull);
    QCOMPARE(window.session()->audit()->judgmentCount(), before + 74960 - 11600);
    QCOMPARE(result.files,
             QStringList{QStringLiteral("llmbar_verdicts.csv: csv (detected), 74,960 judgments")});
    // The merged copies keep the sample's raw outputs: no judgment of LLMBar Natural lost its rationale.
    const auto& audit = *window.session()->audit();
    const auto& j = audit.judgments();
    std::size_t natural = 0, withRaw = 0;
    for (std::size_t r = 0; r < j.size(); ++r) {
        if (audit.str(audit.items().dataset[j.item[r]]) != "llmbar-LLMBar-Natural")
            continue;
        ++natural;
        withRaw += j.raw[r] != kEmptyStr;
    }
    QCOMPARE(natural, std::size_t(13000));
    QVERIFY(withRaw > 12000);
}

QTEST_MAIN(TestSampleFirstScreen)
#include "tst_samplefirstscreen.moc"
