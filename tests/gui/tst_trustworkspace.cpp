// Issue 4, panel framework: TrustWorkspace computes off the GUI thread, recomputes only what a setting
// changes, and its table is exactly what `tribunal-cli trust` writes for the same settings.

#include "framework/auditsession.h"
#include "trust/trusttablemodel.h"
#include "trust/trustworkspace.h"

#include "analysis/trustanalysis.h"
#include "report/trustexport.h"
#include "report/trusttable.h"

#include "../common/clirun.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace tribunal;
using tribunal::testing::runCli;

namespace {

const QString kSample = QStringLiteral(TRIBUNAL_BUILD_DIR "/resources/sample.tribunal");

} // namespace

class TestTrustWorkspace : public QObject {
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void tableEqualsCliOutput_data();
    void tableEqualsCliOutput();
    void thresholdsReplaceQuadrantsWithoutAJob();
    void bootstrapSettingsRecomputeOnlyIntervals();
    void trustSettingsRecomputeEverything();
    void groupingHasNoIntervals();
    void badGroupingReportsAndKeepsTheView();
    void filterHidesRowsAndClearsSelection();
    void cancelKeepsEstimates();
    void notesAreUnsavedChanges();
    void unrecordedOrderSaysWhy();

private:
    AuditSession* m_session = nullptr;
    TrustWorkspace* m_workspace = nullptr;
};

void TestTrustWorkspace::init()
{
    m_session = new AuditSession;
    m_workspace = new TrustWorkspace(m_session);
    QVERIFY(m_session->openProject(kSample));
    m_session->waitForJob();
    QVERIFY(m_session->audit());
    m_workspace->waitForIdle();
}

void TestTrustWorkspace::cleanup()
{
    delete m_workspace;
    delete m_session;
}

void TestTrustWorkspace::tableEqualsCliOutput_data()
{
    QTest::addColumn<bool>("observedQ");
    QTest::addColumn<bool>("assume");
    QTest::addColumn<int>("resamples");
    QTest::addColumn<QString>("format");
    QTest::newRow("defaults csv") << false << false << 2000 << "csv";
    QTest::newRow("defaults json") << false << false << 2000 << "json";
    QTest::newRow("observed q, C = 1 assumed, 300 resamples") << true << true << 300 << "csv";
    QTest::newRow("no intervals md") << false << true << 0 << "md";
}

void TestTrustWorkspace::tableEqualsCliOutput()
{
    QFETCH(bool, observedQ);
    QFETCH(bool, assume);
    QFETCH(int, resamples);
    QFETCH(QString, format);
    auto settings = m_workspace->settings();
    settings.trust.qMode = observedQ ? QMode::Observed : QMode::Half;
    settings.trust.assumeConsistentWhenSingleRun = assume;
    settings.bootstrap.resamples = resamples;
    m_workspace->setSettings(settings);
    m_workspace->waitForIdle();
    const auto& view = *m_workspace->view();
    QCOMPARE(view.intervalsReady, resamples > 0);
    QVERIFY(view.rowCount() > 0);
    QCOMPARE(view.results.size(), view.table.rows.size());

    QStringList args = {"trust", kSample, "--format", format, "--ci", QString::number(resamples)};
    if (observedQ)
        args << "--q"
             << "observed";
    if (assume)
        args << "--assume-consistent";
    const auto cli = runCli(args);
    QCOMPARE(cli.exitCode, 0);
    const auto tableFormat = format == "csv"    ? TableFormat::Csv
                             : format == "json" ? TableFormat::Json
                                                : TableFormat::Markdown;
    QCOMPARE(QString::fromStdString(writeTrustTable(view.table, tableFormat)), cli.out);
}

void TestTrustWorkspace::thresholdsReplaceQuadrantsWithoutAJob()
{
    const int estimates = m_workspace->estimateRuns();
    const int intervals = m_workspace->intervalRuns();
    QSignalSpy values(m_workspace, &TrustWorkspace::valuesChanged);
    auto settings = m_workspace->settings();
    settings.trust.goodConsistency = 0.5;
    settings.trust.goodFlipRate = 0.05;
    m_workspace->setSettings(settings);
    QVERIFY(!m_workspace->isBusy());
    QCOMPARE(values.count(), 1);
    QCOMPARE(m_workspace->estimateRuns(), estimates);
    QCOMPARE(m_workspace->intervalRuns(), intervals);
    // The same placement as a fresh analysis with these thresholds.
    const auto fresh = analyseTrust(*m_session->audit(), settings.trust);
    const auto& view = *m_workspace->view();
    std::size_t row = 0;
    int changed = 0;
    for (const auto& r : fresh) {
        if (!hasPairwiseData(r))
            continue;
        QCOMPARE(int(view.results[row].quadrant), int(r.quadrant));
        QCOMPARE(view.table.rows[row].quadrant, std::string(quadrantName(r.quadrant)));
        changed += analyseTrust(*m_session->audit(), TrustSettings{})[r.cell].quadrant != r.quadrant;
        ++row;
    }
    QCOMPARE(row, view.results.size());
    QVERIFY2(changed > 0, "the new thresholds move some cell to another quadrant");
    QVERIFY(view.intervalsReady); // intervals do not depend on the thresholds
}

void TestTrustWorkspace::bootstrapSettingsRecomputeOnlyIntervals()
{
    const int estimates = m_workspace->estimateRuns();
    const int intervals = m_workspace->intervalRuns();
    const auto before = m_workspace->view();
    QSignalSpy viewSpy(m_workspace, &TrustWorkspace::viewChanged);
    auto settings = m_workspace->settings();
    settings.bootstrap.seed = 7;
    m_workspace->setSettings(settings);
    QVERIFY(m_workspace->isBusy());
    QVERIFY(!m_workspace->view()->intervalsReady); // old intervals are dropped at once
    m_workspace->waitForIdle();
    QCOMPARE(m_workspace->estimateRuns(), estimates);
    QCOMPARE(m_workspace->intervalRuns(), intervals + 1);
    QCOMPARE(viewSpy.count(), 0);
    const auto& after = *m_workspace->view();
    QVERIFY(after.intervalsReady);
    QCOMPARE(after.table.seed, std::uint64_t(7));
    int differ = 0;
    for (std::size_t i = 0; i < after.table.rows.size(); ++i) {
        QCOMPARE(after.table.rows[i].phi, before->table.rows[i].phi);
        const auto a = after.table.rows[i].phi_lo, b = before->table.rows[i].phi_lo;
        differ += (std::isnan(a) != std::isnan(b)) || (!std::isnan(a) && a != b);
    }
    QVERIFY2(differ > 0, "another seed gives other interval ends");
}

void TestTrustWorkspace::trustSettingsRecomputeEverything()
{
    const int estimates = m_workspace->estimateRuns();
    const int intervals = m_workspace->intervalRuns();
    QSignalSpy viewSpy(m_workspace, &TrustWorkspace::viewChanged);
    auto settings = m_workspace->settings();
    settings.trust.consistencyUnit = ConsistencyUnit::Presentation;
    m_workspace->setSettings(settings);
    m_workspace->waitForIdle();
    QCOMPARE(m_workspace->estimateRuns(), estimates + 1);
    QCOMPARE(m_workspace->intervalRuns(), intervals + 1);
    QCOMPARE(viewSpy.count(), 1);
    QCOMPARE(m_workspace->view()->table.consistencyUnit, std::string("presentation"));
}

void TestTrustWorkspace::groupingHasNoIntervals()
{
    QSignalSpy messages(m_workspace, &TrustWorkspace::statusMessage);
    auto settings = m_workspace->settings();
    settings.groupBy = {"judge", "dataset"};
    m_workspace->setSettings(settings);
    m_workspace->waitForIdle();
    const auto& view = *m_workspace->view();
    QVERIFY(view.grouped);
    QVERIFY(!view.intervalsReady);
    QCOMPARE(messages.count(), 1);
    QCOMPARE(messages.at(0).at(0).toString(),
             QString("No intervals for a grouping: the bootstrap is per cell."));
    const auto cli = runCli({"trust", kSample, "--by", "judge,dataset", "--format", "csv"});
    QCOMPARE(cli.exitCode, 0);
    QCOMPARE(QString::fromStdString(writeTrustTable(view.table, TableFormat::Csv)), cli.out);
    std::size_t cells = 0;
    for (const auto& c : view.rowCells)
        cells += c.size();
    QVERIFY(cells > view.rowCells.size()); // rows pool several cells
}

void TestTrustWorkspace::badGroupingReportsAndKeepsTheView()
{
    const auto before = m_workspace->view();
    QSignalSpy messages(m_workspace, &TrustWorkspace::statusMessage);
    auto settings = m_workspace->settings();
    settings.groupBy = {"judge", "nonsense"};
    m_workspace->setSettings(settings);
    m_workspace->waitForIdle();
    QCOMPARE(m_workspace->view(), before);
    QCOMPARE(messages.count(), 1);
    QVERIFY2(messages.at(0).at(0).toString().startsWith("Grouping failed: "),
             qPrintable(messages.at(0).at(0).toString()));
    QVERIFY(messages.at(0).at(0).toString().contains("nonsense"));
}

void TestTrustWorkspace::filterHidesRowsAndClearsSelection()
{
    const auto& view = *m_workspace->view();
    const auto judge = view.table.rows.front().judge;
    int row = -1;
    for (int i = 0; i < view.rowCount(); ++i) {
        if (view.table.rows[static_cast<std::size_t>(i)].judge != judge) {
            row = i;
            break;
        }
    }
    QVERIFY(row > 0);
    QSignalSpy selection(m_workspace, &TrustWorkspace::selectedRowChanged);
    m_workspace->selectRow(row);
    QCOMPARE(m_workspace->selectedRow(), row);
    TrustRowFilter filter;
    filter.accepted["judge"] = {judge};
    m_workspace->setFilter(filter);
    QCOMPARE(m_workspace->selectedRow(), -1);
    QCOMPARE(selection.count(), 2);
    int visible = 0;
    for (int i = 0; i < view.rowCount(); ++i)
        visible += m_workspace->isRowVisible(i);
    int expected = 0;
    for (const auto& r : view.table.rows)
        expected += r.judge == judge;
    QCOMPARE(visible, expected);
    m_workspace->selectRow(row); // hidden: nothing selected
    QCOMPARE(m_workspace->selectedRow(), -1);
    m_workspace->selectRow(0);
    QCOMPARE(m_workspace->selectedRow(), 0);
}

void TestTrustWorkspace::cancelKeepsEstimates()
{
    auto settings = m_workspace->settings();
    // Progress comes per cell: 2 x 10^5 resamples make the first cell a fraction of the whole (179 cells),
    // so the first step arrives in seconds even under the sanitizers on a loaded machine and the rest takes
    // minutes, long enough to be cancelled.
    settings.bootstrap.resamples = 200000;
    settings.bootstrap.threads = 1;
    QSignalSpy messages(m_workspace, &TrustWorkspace::statusMessage);
    QSignalSpy progress(m_workspace, &TrustWorkspace::progressChanged);
    m_workspace->setSettings(settings);
    QVERIFY(m_workspace->isComputingIntervals());
    QTRY_VERIFY_WITH_TIMEOUT(progress.count() > 0, 120000);
    m_workspace->cancel();
    m_workspace->waitForIdle();
    QVERIFY(!m_workspace->isBusy());
    QVERIFY(!m_workspace->view()->intervalsReady);
    QVERIFY(m_workspace->view()->rowCount() > 0);
    QCOMPARE(messages.count(), 1);
    QCOMPARE(messages.at(0).at(0).toString(), QString("Intervals cancelled."));
}

void TestTrustWorkspace::notesAreUnsavedChanges()
{
    QVERIFY(!m_session->isDirty());
    QSignalSpy notes(m_session, &AuditSession::notesChanged);
    QVERIFY(m_session->setNote("llmbar-natural", "7", "rationale contradicts the verdict"));
    QVERIFY(m_session->isDirty());
    QCOMPARE(notes.count(), 1);
    QCOMPARE(m_session->note("llmbar-natural", "7"), QString("rationale contradicts the verdict"));
    QVERIFY(m_session->setNote("llmbar-natural", "7", "rationale contradicts the verdict")); // unchanged
    QCOMPARE(notes.count(), 1);
    QVERIFY(m_session->setNote("llmbar-natural", "7", QString()));
    QCOMPARE(m_session->note("llmbar-natural", "7"), QString());
    QCOMPARE(notes.count(), 2);
    QVERIFY(m_session->extras().notes.empty());
}

void TestTrustWorkspace::unrecordedOrderSaysWhy()
{
    // AlpacaEval annotations carry one unrecorded order per pair: the row shows "n/a (no order)" in every
    // metric and its tooltips say why (T0), instead of bare dashes.
    QTemporaryDir dir;
    const QString path = dir.path() + "/annotations.json";
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"([{"instruction":"i1","output_1":"a","output_2":"b","annotator":"ann","preference":1.8},)"
               R"({"instruction":"i2","output_1":"c","output_2":"d","annotator":"ann","preference":1}])");
    file.close();
    QVERIFY(m_session->openFiles({path}));
    m_session->waitForJob();
    m_workspace->waitForIdle();
    TrustTableModel model(m_workspace);
    QCOMPARE(model.rowCount(), 1);
    const auto phi = model.index(0, model.columnOf("phi"));
    QCOMPARE(model.data(phi).toString(), QString("n/a (no order)"));
    QVERIFY2(model.data(phi, Qt::ToolTipRole).toString().contains("2 judgment(s) carry no order"),
             qPrintable(model.data(phi, Qt::ToolTipRole).toString()));
    const auto pairs = model.index(0, model.columnOf("n_pairs"));
    QCOMPARE(model.data(pairs).toString(), QString("0"));
    QVERIFY(model.data(pairs, Qt::ToolTipRole).toString().contains("AlpacaEval randomises the order"));
}

QTEST_MAIN(TestTrustWorkspace)
#include "tst_trustworkspace.moc"
