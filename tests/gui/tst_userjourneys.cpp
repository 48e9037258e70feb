// Issue 27, "Done when": every journey of docs/user-guide.md through the real main window at a laptop's
// 1366x768 and at 1280x720 (global data rows), offscreen, each from the opened bundled sample and each step
// as a user takes it (menu actions, buttons, keys, rows selected through the views' selection models, modal
// dialogs answered as they open), each outcome read off the screen (status bar, labels, table cells, files):
// 1. analyst: the overview row with the highest flip rate, its T, the Plots tab ringing it, the Items tab
//    filtered to it;
// 2. import: File > Import of the sample's own position-bias CSV on top of it merges every judgment;
// 3. reviewer: J to a flipped pair, N and OK write a note, File > Save (Save As: the sample is read-only),
//    File > Open of the copy, the note is there;
// 4. author: File > Export Table… saves the trust cells' LaTeX, byte for byte tribunal-cli's; a plot's
//    Export… writes a one-column PDF;
// 5. live run: the Judges dock runs a small design against tribunal-judge-sim whose first 3 requests fail
//    with HTTP 500; the status line names the cause with its count; a second Run resumes and ends without
//    failures.
// Each journey ends by checking that every dock it used is shown inside the window at that size.

#include "export/exportdialog.h"
#include "framework/auditsession.h"
#include "framework/importdialog.h"
#include "framework/jobreportdialog.h"
#include "framework/mainwindow.h"
#include "items/itemfilterproxy.h"
#include "items/itemspanel.h"
#include "judges/judgeeditdialog.h"
#include "judges/judgespanel.h"
#include "judges/judgesworkspace.h"
#include "plots/ceilingplot.h"
#include "plots/failuremapplot.h"
#include "plots/plotexport.h"
#include "plots/plotspanel.h"
#include "trust/flipfilterproxy.h"
#include "trust/flipinspectorpanel.h"
#include "trust/flipitemmodel.h"
#include "trust/overviewpanel.h"
#include "trust/trustrowproxy.h"
#include "trust/trusttablemodel.h"
#include "trust/trustworkspace.h"

#include "../common/clirun.h"
#include "guidriver.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include <functional>
#include <memory>

using namespace tribunal;
using namespace tribunal::test;

namespace {

// Every wait for something the GUI does in the background (estimates, runs, saves): generous, so that the
// sanitizer build (several times slower) passes as the release build does; a failure still shows in time.
constexpr int kWaitMs = 60000;

const QString kSample = QStringLiteral(TRIBUNAL_BUILD_DIR "/resources/sample.tribunal");
const QString kSimulator = QStringLiteral(TRIBUNAL_JUDGE_SIM_PATH);
// A harness file shipped in the sample folder (resources/sample/README.md): its judgments are in the sample.
const QString kPositionBias =
    QStringLiteral(TRIBUNAL_SOURCE_DIR "/resources/sample/position-bias/posbias_repetition_verdicts.csv");
const QString kSizeText = QStringLiteral("158,472 judgments · 1,818 items · 29 judges · 299 cells");

/// The overview's shown text of `key` ("T", "phi", "n_pairs", ...) in proxy row `row`.
QString cellText(const OverviewPanel& overview, int row, const QString& key)
{
    return overview.view()->model()->index(row, overview.model()->columnOf(key)).data().toString();
}

/// The proxy row of the overview with the highest phi among the shown, labelled rows.
int mostFlipsRow(const OverviewPanel& overview)
{
    const int phi = overview.model()->columnOf(QStringLiteral("phi"));
    const int a = overview.model()->columnOf(QStringLiteral("A"));
    const QAbstractItemModel* shown = overview.view()->model();
    int best = -1;
    double bestPhi = -1.0;
    for (int r = 0; r < shown->rowCount(); ++r) {
        const double value = shown->index(r, phi).data(TrustTableModel::RawValueRole).toDouble();
        if (!std::isnan(shown->index(r, a).data(TrustTableModel::RawValueRole).toDouble()) &&
            value > bestPhi) {
            bestPhi = value;
            best = r;
        }
    }
    return best;
}

/// The proxy row of the overview showing `judge`, `format` and `dataset`, or -1.
int rowOf(const OverviewPanel& overview, const QStringList& cell)
{
    for (int r = 0; r < overview.view()->model()->rowCount(); ++r)
        if (QStringList{cellText(overview, r, QStringLiteral("judge")),
                        cellText(overview, r, QStringLiteral("format")),
                        cellText(overview, r, QStringLiteral("dataset"))} == cell)
            return r;
    return -1;
}

QString statusText(const MainWindow& window)
{
    return window.statusBar()->currentMessage();
}

} // namespace

class TestUserJourneys : public QObject {
    Q_OBJECT
private slots:
    void initTestCase_data();
    void initTestCase();
    void init();
    void analyst();
    void importOnTopOfTheSample();
    void reviewer();
    void author();
    void liveRun();

private:
    /// A shown, active window of the global row's size with the sample open (as `tribunal` starts).
    std::unique_ptr<MainWindow> open();
    /// Every dock of `docks` is shown (raised in turn), docked and inside the window, which has its size.
    void verifyDocksInside(MainWindow& window, const QList<QDockWidget*>& docks);
    /// Runs `start` and waits for the job it starts; the job's result.
    JobResult runJob(MainWindow& window, const std::function<void()>& start);

    QTemporaryDir m_settings;
};

void TestUserJourneys::initTestCase_data()
{
    QTest::addColumn<QSize>("screen");
    QTest::newRow("1366x768") << QSize(1366, 768);
    QTest::newRow("1280x720") << QSize(1280, 720);
}

void TestUserJourneys::initTestCase()
{
    // Private settings (layout, judges, recent files, export folders) and standard paths.
    QVERIFY(m_settings.isValid());
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_settings.path());
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_settings.path());
    QCoreApplication::setOrganizationName(QStringLiteral("TribunalUserJourneys"));
    QVERIFY2(QFileInfo(kSample).isFile(), qPrintable(kSample));
}

void TestUserJourneys::init()
{
    QSettings().clear();
}

std::unique_ptr<MainWindow> TestUserJourneys::open()
{
    QFETCH_GLOBAL(QSize, screen);
    auto window = std::make_unique<MainWindow>();
    window->show();
    window->activateWindow();
    if (!QTest::qWaitForWindowExposed(window.get()) || !QTest::qWaitForWindowActive(window.get()))
        return nullptr;
    // The window as a first start on that screen lays it out (fitFirstStartToScreen, then the default split).
    window->resize(screen);
    QCoreApplication::processEvents();
    window->applyDefaultDockSizes();
    QSignalSpy finished(window->session(), &AuditSession::jobFinished);
    if (!window->openSample(kSample) || !finished.wait(120000) || !finished.at(0).at(0).value<JobResult>().ok)
        return nullptr;
    window->session()->waitForIdle();
    QCoreApplication::processEvents();
    return window;
}

JobResult TestUserJourneys::runJob(MainWindow& window, const std::function<void()>& start)
{
    QSignalSpy finished(window.session(), &AuditSession::jobFinished);
    start();
    if (finished.isEmpty() && !finished.wait(120000))
        return {};
    window.session()->waitForJob();
    return finished.at(0).at(0).value<JobResult>();
}

void TestUserJourneys::verifyDocksInside(MainWindow& window, const QList<QDockWidget*>& docks)
{
    QFETCH_GLOBAL(QSize, screen);
    QCOMPARE(window.size(), screen);
    for (QDockWidget* dock : docks) {
        QVERIFY(dock);
        dock->raise();
        QCoreApplication::processEvents();
        const QRect area(dock->mapTo(&window, QPoint(0, 0)), dock->size());
        QVERIFY2(dock->isVisible() && !dock->isFloating() && !dock->visibleRegion().isEmpty() &&
                     window.rect().contains(area),
                 qPrintable(QStringLiteral("%1 at %2,%3 %4x%5 in a %6x%7 window")
                                .arg(dock->objectName())
                                .arg(area.x())
                                .arg(area.y())
                                .arg(area.width())
                                .arg(area.height())
                                .arg(window.width())
                                .arg(window.height())));
    }
    const QRect status(window.statusBar()->mapTo(&window, QPoint(0, 0)), window.statusBar()->size());
    QVERIFY(window.statusBar()->isVisible() && window.rect().contains(status));
}

void TestUserJourneys::analyst()
{
    auto window = open();
    QVERIFY(window);
    QCOMPARE(window->windowTitle(), QStringLiteral("sample.tribunal (read-only)[*] — Tribunal"));
    QCOMPARE(window->sizeText(), kSizeText);
    OverviewPanel* overview = window->overviewPanel();
    QVERIFY2(overview->filterNoteLabel()->text().startsWith(QStringLiteral("Showing 120 of 203 rows")),
             qPrintable(overview->filterNoteLabel()->text()));

    // The row with the highest flip rate, picked in the table.
    const int row = mostFlipsRow(*overview);
    QVERIFY(row >= 0);
    const QStringList cell{cellText(*overview, row, QStringLiteral("judge")),
                           cellText(*overview, row, QStringLiteral("format")),
                           cellText(*overview, row, QStringLiteral("dataset"))};
    selectRow(overview->view(), row);
    const int source = overview->proxy()->mapToSource(overview->view()->model()->index(row, 0)).row();
    QTRY_COMPARE_WITH_TIMEOUT(window->trustWorkspace()->selectedRow(), source, kWaitMs);
    const auto& values = window->trustWorkspace()->view()->table.rows[static_cast<std::size_t>(source)];

    // Its T as the table shows it: the paper's percent with one decimal.
    QVERIFY(!std::isnan(values.T));
    QCOMPARE(cellText(*overview, row, QStringLiteral("T")), QString::number(values.T * 100, 'f', 1));
    const int pairs = cellText(*overview, row, QStringLiteral("n_pairs")).toInt();
    QVERIFY(pairs > 0);

    // The flip inspector came to the front on that cell and counts its flips (phi x pairs).
    FlipInspectorPanel* flip = window->flipInspector();
    QTRY_VERIFY_WITH_TIMEOUT(flip->isVisible(), kWaitMs);
    const QString summary = flip->summaryLabel()->text();
    QVERIFY2(summary.startsWith(
                 cell.join(QStringLiteral(" · ")) +
                 QStringLiteral(" — %1 pairs: %2 flipped").arg(pairs).arg(qRound(values.phi * pairs))),
             qPrintable(summary));

    // The Plots dock's Failure modes tab rings the cell's point.
    PlotsPanel* plots = window->plotsPanel();
    QVERIFY(clickTab({plots->tabs()->tabBar()}, plots->failureMapPlot()->title()));
    QTRY_VERIFY_WITH_TIMEOUT(plots->failureMapPlot()->isVisible(), kWaitMs);
    QCOMPARE(plots->failureMapPlot()->highlightGraph()->dataCount(), 1);
    const auto pixel = plots->failureMapPlot()->pixelOfRow(source);
    QVERIFY(pixel && plots->failureMapPlot()->rect().contains(pixel->toPoint()));

    // The Items tab lists the cell's items only.
    QVERIFY(clickDockTab(*window, QStringLiteral("Items")));
    ItemsPanel* items = window->itemsPanel();
    QTRY_VERIFY_WITH_TIMEOUT(items->isVisible(), kWaitMs);
    QCOMPARE(QStringList({items->judgeFilter()->currentText(), items->formatFilter()->currentText(),
                          items->datasetFilter()->currentText()}),
             cell);
    QCOMPARE(items->proxy()->rowCount(), pairs);
    QVERIFY(withText<QLabel>(items, QStringLiteral("%1 of 1,818").arg(pairs)));
    verifyDocksInside(*window, {overview, plots, flip, items});
}

void TestUserJourneys::importOnTopOfTheSample()
{
    auto window = open();
    QVERIFY(window);
    const qint64 before = static_cast<qint64>(window->session()->summary().judgments);

    // File > Import…, Add files… (the file dialog answered), the format shown, Import.
    QAction* import = menuAction(*window, QStringLiteral("&File"), QStringLiteral("&Import…"));
    QVERIFY(import);
    import->trigger();
    ImportDialog* dialog = window->findChild<ImportDialog*>();
    QVERIFY(dialog);
    QTRY_VERIFY_WITH_TIMEOUT(dialog->isVisible(), kWaitMs);
    {
        const auto answer = chooseFile(kPositionBias);
        click(withText<QPushButton>(dialog, QStringLiteral("Add files…")));
        QVERIFY(answer->answered);
    }
    auto* list = dialog->findChild<QListWidget*>();
    QVERIFY(list);
    QCOMPARE(list->count(), 1);
    QCOMPARE(list->item(0)->text(), kPositionBias + QStringLiteral(" (csv, detected)"));
    const JobResult result =
        runJob(*window, [&] { click(dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)); });
    QVERIFY2(result.ok, qPrintable(result.message));
    QCOMPARE(result.kind, JobResult::Kind::Import);

    // Every judgment was already in the sample: merged, nothing added, nothing refused.
    QCOMPARE(statusText(*window),
             QStringLiteral("Imported 0 judgments, 0 new items from %1").arg(kPositionBias));
    JobReportDialog* report = window->lastReport();
    QVERIFY(report);
    QVERIFY(report->isVisible());
    QCOMPARE(
        report->summaryText(),
        QStringLiteral("Imported %1. Please note: 9,072 judgment(s) agreed with ones already read or in the "
                       "audit and were merged (kept once).")
            .arg(kPositionBias));
    QVERIFY2(report->detailText().startsWith(
                 QStringLiteral("Read:\nposbias_repetition_verdicts.csv: csv (detected), 9,072 judgments\n")),
             qPrintable(report->detailText()));
    QCOMPARE(static_cast<qint64>(window->session()->summary().judgments), before);
    QCOMPARE(window->sizeText(), kSizeText);
    report->close();
    verifyDocksInside(*window, {window->overviewPanel()});
}

void TestUserJourneys::reviewer()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString copy = dir.filePath(QStringLiteral("reviewed.tribunal"));
    const QString note = QStringLiteral("Rationale prefers (a), the verdict says (b).");
    QStringList cell;
    QString itemId;
    {
        auto window = open();
        QVERIFY(window);
        OverviewPanel* overview = window->overviewPanel();
        const int row = mostFlipsRow(*overview);
        QVERIFY(row >= 0);
        cell = QStringList{cellText(*overview, row, QStringLiteral("judge")),
                           cellText(*overview, row, QStringLiteral("format")),
                           cellText(*overview, row, QStringLiteral("dataset"))};
        selectRow(overview->view(), row);
        FlipInspectorPanel* flip = window->flipInspector();
        QTRY_VERIFY_WITH_TIMEOUT(flip->isVisible() && flip->proxy()->rowCount() > 1, kWaitMs);

        // J steps to the next flipped pair (the first row is not counted: J must move).
        selectRow(flip->view(), 0);
        int steps = 0;
        do {
            QTest::keyClick(flip->view(), Qt::Key_J);
            ++steps;
        } while (!flip->currentFlipItem()->flipped && steps < flip->proxy()->rowCount());
        QVERIFY(flip->currentFlipItem()->flipped);
        QCOMPARE(flip->currentRow(), std::min(steps, flip->proxy()->rowCount() - 1));
        QVERIFY(flip->proxy()
                    ->index(flip->currentRow(), FlipItemModel::FlagsColumn)
                    .data()
                    .toString()
                    .contains(QStringLiteral("flipped")));
        // K goes back one, J forward again.
        const int flipped = flip->currentRow();
        QTest::keyClick(flip->view(), Qt::Key_K);
        QCOMPARE(flip->currentRow(), flipped - 1);
        QTest::keyClick(flip->view(), Qt::Key_J);
        QCOMPARE(flip->currentRow(), flipped);
        QCOMPARE(flip->noteLabel()->text(), QStringLiteral("No note on this item (N adds one)."));

        // N opens the note editor; typed, then OK.
        const auto& audit = *window->session()->audit();
        itemId =
            QString::fromUtf8(audit.str(audit.items().itemId[static_cast<std::size_t>(flip->currentItem())]));
        QTest::keyClick(flip->view(), Qt::Key_N);
        QTRY_VERIFY_WITH_TIMEOUT(flip->noteEditor() && flip->noteEditor()->isVisible(), kWaitMs);
        QCOMPARE(flip->noteEditor()->windowTitle(), QStringLiteral("Note on item %1").arg(itemId));
        QTest::keyClicks(flip->noteEditorText(), note);
        click(flip->noteEditor()->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok));
        QTRY_VERIFY_WITH_TIMEOUT(!flip->noteEditor(), kWaitMs);
        QCOMPARE(flip->noteLabel()->text(), QStringLiteral("Note: ") + note);
        QVERIFY(window->isWindowModified());

        // File > Save: the sample is read-only, so Save As asks for the copy's file.
        QAction* save = menuAction(*window, QStringLiteral("&File"), QStringLiteral("&Save"));
        QVERIFY(save);
        const auto answer = chooseFile(copy, QStringLiteral("saveAsDialog"));
        const JobResult saved = runJob(*window, [&] { save->trigger(); });
        QVERIFY(answer->answered);
        QVERIFY2(saved.ok && saved.kind == JobResult::Kind::Save, qPrintable(saved.message));
        QCOMPARE(statusText(*window), QStringLiteral("Saved %1").arg(copy));
        QCOMPARE(window->windowTitle(), QStringLiteral("reviewed.tribunal[*] — Tribunal"));
        QVERIFY(!window->isWindowModified());
        verifyDocksInside(*window, {overview, flip});
    }

    // Another day: File > Open… the copy, the same cell and pair: the note is there.
    auto window = open();
    QVERIFY(window);
    QAction* openAction = menuAction(*window, QStringLiteral("&File"), QStringLiteral("&Open…"));
    QVERIFY(openAction);
    const auto answer = chooseFile(copy);
    const JobResult opened = runJob(*window, [&] { openAction->trigger(); });
    QVERIFY(answer->answered);
    QVERIFY(opened.ok);
    QCOMPARE(window->session()->projectPath(), copy);
    window->session()->waitForIdle();
    OverviewPanel* overview = window->overviewPanel();
    const int row = rowOf(*overview, cell);
    QVERIFY2(row >= 0, qPrintable(cell.join(QLatin1Char('/'))));
    selectRow(overview->view(), row);
    FlipInspectorPanel* flip = window->flipInspector();
    QTRY_VERIFY_WITH_TIMEOUT(flip->proxy()->rowCount() > 1, kWaitMs);
    int pair = -1;
    for (int r = 0; r < flip->proxy()->rowCount() && pair < 0; ++r)
        if (flip->proxy()->index(r, FlipItemModel::ItemColumn).data().toString() == itemId)
            pair = r;
    QVERIFY(pair >= 0);
    selectRow(flip->view(), pair);
    QCOMPARE(flip->noteLabel()->text(), QStringLiteral("Note: ") + note);
    verifyDocksInside(*window, {overview, flip});
}

void TestUserJourneys::author()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    auto window = open();
    QVERIFY(window);

    // File > Export Table…: the trust cells (the first table), Save .tex… into a file.
    QAction* exportTable = menuAction(*window, QStringLiteral("&File"), QStringLiteral("&Export Table…"));
    QVERIFY(exportTable);
    exportTable->trigger();
    ExportDialog* dialog = window->exportDialog();
    QVERIFY(dialog);
    QTRY_VERIFY_WITH_TIMEOUT(dialog->isVisible(), kWaitMs);
    QVERIFY2(dialog->tableBox()->currentText().startsWith(QStringLiteral("Trust cells")),
             qPrintable(dialog->tableBox()->currentText()));
    QTRY_VERIFY_WITH_TIMEOUT(!dialog->latexText().isEmpty(), kWaitMs);
    QCOMPARE(dialog->cliArguments().mid(0, 2), QStringList({QStringLiteral("trust"), kSample}));
    QVERIFY2(dialog->noteLabel()->text().contains(QStringLiteral("tribunal-cli trust")),
             qPrintable(dialog->noteLabel()->text()));
    const QString tex = dir.filePath(QStringLiteral("table1.tex"));
    {
        const auto answer = chooseFile(tex, QStringLiteral("exportSaveDialog"));
        click(dialog->saveButton());
        QTRY_VERIFY_WITH_TIMEOUT(answer->answered, kWaitMs);
    }
    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo(tex).size() > 0, kWaitMs);
    const auto cli = testing::runCli(dialog->cliArguments());
    QCOMPARE(cli.exitCode, 0);
    QCOMPARE(QString::fromUtf8(testing::readFileBytes(tex)), cli.out);
    QVERIFY(cli.out.contains(QStringLiteral("\\begin{tabular}")) ||
            cli.out.contains(QStringLiteral("\\begin{table")));
    click(dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Close));
    QTRY_VERIFY_WITH_TIMEOUT(!dialog->isVisible(), kWaitMs);

    // The Accuracy ceiling tab's Export…: PDF at the one-column preset.
    PlotsPanel* plots = window->plotsPanel();
    QVERIFY(clickTab({plots->tabs()->tabBar()}, plots->ceilingPlot()->title()));
    QTRY_VERIFY_WITH_TIMEOUT(plots->ceilingPlot()->isVisible(), kWaitMs);
    const QString pdf = dir.filePath(QStringLiteral("ceiling.pdf"));
    ModalAnswer answer([&](QWidget* modal) {
        auto* exportDialog = qobject_cast<PlotExportDialog*>(modal);
        if (!exportDialog)
            return false;
        const auto boxes = exportDialog->findChildren<QComboBox*>();
        QComboBox* format = boxes.value(0);
        QComboBox* preset = boxes.value(1);
        if (!format || !preset)
            return false;
        format->setCurrentIndex(format->findText(QStringLiteral("PDF (vector)")));
        preset->setCurrentIndex(preset->findText(QStringLiteral("One column (3.5 in)")));
        typeInto(exportDialog->findChild<QLineEdit*>(), pdf);
        click(exportDialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Save));
        return true;
    });
    QWidget* page = plots->tabs()->currentWidget();
    click(withText<QPushButton>(page, QStringLiteral("&Export…")));
    QVERIFY(answer.answered);
    QFile file(pdf);
    QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(pdf));
    const QByteArray bytes = file.readAll();
    QVERIFY(bytes.startsWith("%PDF-"));
    QVERIFY2(bytes.size() > 2000, qPrintable(QString::number(bytes.size())));
    // One column: a page 3.5 in = 252 pt wide (pdfinfo of poppler-utils, as tst_plotregistry reads it).
    QProcess pdfinfo;
    pdfinfo.start(QStringLiteral("pdfinfo"), {pdf});
    QVERIFY2(pdfinfo.waitForFinished(30000) && pdfinfo.exitCode() == 0,
             "pdfinfo (poppler-utils) did not run");
    const auto pageSize = QRegularExpression(QStringLiteral(R"(Page size:\s+([\d.]+) x ([\d.]+) pts)"))
                              .match(QString::fromLatin1(pdfinfo.readAllStandardOutput()));
    QVERIFY(pageSize.hasMatch());
    QCOMPARE(pageSize.captured(1).toDouble(), 252.0);
    QVERIFY(pageSize.captured(2).toDouble() > 100.0);
    verifyDocksInside(*window, {window->overviewPanel(), plots});
}

void TestUserJourneys::liveRun()
{
    if (!QFileInfo(kSimulator).isExecutable())
        QSKIP(qPrintable(QStringLiteral("the simulator %1 was not built").arg(kSimulator)));
    // The simulated judge over the sample's items; its first 3 requests fail with HTTP 500.
    QProcess simulator;
    simulator.start(kSimulator, {QStringLiteral("--port"), QStringLiteral("0"),
                                 QStringLiteral("--fail-first"), QStringLiteral("3"),
                                 QStringLiteral("--fail-first-kind"), QStringLiteral("500"), kSample});
    QVERIFY(simulator.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(simulator.canReadLine(), kWaitMs);
    const QString first = QString::fromUtf8(simulator.readLine()).trimmed();
    QVERIFY2(first.startsWith(QStringLiteral("listening on http://127.0.0.1:")), qPrintable(first));
    const QString url = first.mid(QStringLiteral("listening on ").size());

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString project = dir.filePath(QStringLiteral("dry-run.tribunal"));
    auto window = open();
    QVERIFY(window);
    QVERIFY(clickDockTab(*window, QStringLiteral("Judges")));
    JudgesPanel* panel = window->judgesPanel();
    QTRY_VERIFY_WITH_TIMEOUT(panel->isVisible(), kWaitMs);

    // Add… a judge at the simulator: no key, no retries, one request at a time.
    click(panel->addButton());
    JudgeEditDialog* judge = panel->editDialog();
    QVERIFY(judge);
    QTRY_VERIFY_WITH_TIMEOUT(judge->isVisible(), kWaitMs);
    typeInto(judge->nameEdit(), QStringLiteral("dry-run"));
    typeInto(judge->urlEdit(), url);
    typeInto(judge->modelEdit(), QStringLiteral("sim-judge"));
    typeInto(judge->inFlightBox(), QStringLiteral("1"));
    typeInto(judge->retriesBox(), QStringLiteral("0"));
    QVERIFY(judge->keyEnvEdit()->text().isEmpty());
    QCOMPARE(judge->keyStatusLabel()->text(), QStringLiteral("No key is sent."));
    click(judge->buttons()->button(QDialogButtonBox::Ok));
    QTRY_VERIFY_WITH_TIMEOUT(!panel->editDialog(), kWaitMs);
    QCOMPARE(panel->judgesModel()->rowCount(), 1);
    QCOMPARE(panel->judgesModel()->item(0, JudgesPanel::UrlColumn)->text(), url);

    // Design: sim-mtbench's first 3 items, direct, both orders, one run.
    QListWidget* datasets = panel->datasetList();
    for (int i = 0; i < datasets->count(); ++i) {
        const bool wanted = datasets->item(i)->text() == QStringLiteral("sim-mtbench");
        if ((datasets->item(i)->checkState() == Qt::Checked) != wanted) {
            selectRow(datasets, i);
            QTest::keyClick(datasets, Qt::Key_Space);
        }
    }
    for (int i = 0; i < datasets->count(); ++i)
        QCOMPARE(datasets->item(i)->checkState() == Qt::Checked,
                 datasets->item(i)->text() == QStringLiteral("sim-mtbench"));
    typeInto(panel->maxItemsBox(), QStringLiteral("3"));
    for (QCheckBox* box : panel->formatBoxes())
        if (box->isChecked() != (box->text() == QStringLiteral("direct")))
            click(box);
    if (!panel->orderABBox()->isChecked())
        click(panel->orderABBox());
    if (!panel->orderBABox()->isChecked())
        click(panel->orderBABox());
    typeInto(panel->runsBox(), QStringLiteral("1"));
    QTRY_VERIFY2_WITH_TIMEOUT(
        panel->estimateLabel()->text().startsWith(QStringLiteral("6 judgments, 6 requests, ~")),
        qPrintable(panel->estimateLabel()->text()), kWaitMs);

    // Run waits for a project of one's own (the sample is read-only): the Run box offers Save As… (the
    // guide's order: judge, design, Save As, Run).
    QVERIFY(!panel->runButton()->isEnabled());
    QVERIFY(panel->saveAsButton()->isVisible());
    {
        const auto answer = chooseFile(project, QStringLiteral("saveAsDialog"));
        const JobResult saved = runJob(*window, [&] { click(panel->saveAsButton()); });
        QVERIFY(answer->answered);
        QVERIFY(saved.ok);
    }
    QCOMPARE(window->session()->projectPath(), project);
    QTRY_VERIFY_WITH_TIMEOUT(!panel->saveAsButton()->isVisible(), kWaitMs);

    // Run: the first 3 requests fail; the status line says why, with the count.
    QSignalSpy finished(window->judgesWorkspace(), &JudgesWorkspace::runFinished);
    QTRY_VERIFY_WITH_TIMEOUT(panel->runButton()->isEnabled(), kWaitMs);
    click(panel->runButton());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, kWaitMs);
    // The judge has no price: nothing is spent.
    const QString cause =
        QStringLiteral("HTTP 500: The server had an error while processing your request (simulated)");
    QCOMPARE(
        panel->resultLabel()->text(),
        QStringLiteral("Finished with failures: 3 answered, 3 failed, 0 retried, $0.0000 spent — 3 × %1. Run "
                       "again to send the failed requests again.")
            .arg(cause));
    QCOMPARE(panel->resultLabel()->toolTip(),
             QStringLiteral("Failed requests by reason:\n3 × %1").arg(cause));
    QVERIFY(panel->resultIconLabel()->isVisible());
    QCOMPARE(panel->progressBar()->text(), QStringLiteral("6 of 6 requests"));
    window->session()->waitForJob(); // the project reopens with the answers
    QTRY_VERIFY2_WITH_TIMEOUT(panel->estimateLabel()->text().startsWith(QStringLiteral(
                                  "Remaining: 3 of 6 judgments (3 already recorded), 3 requests, ~")),
                              qPrintable(panel->estimateLabel()->text()), kWaitMs);

    // Run again: it resumes with what is missing and ends without failures.
    QTRY_VERIFY_WITH_TIMEOUT(panel->runButton()->isEnabled(), kWaitMs);
    click(panel->runButton());
    QTRY_COMPARE_WITH_TIMEOUT(panel->resumeLabel()->text(),
                              QStringLiteral("Resumes: 3 judgments already recorded."), kWaitMs);
    QVERIFY(panel->resumeLabel()->isVisible());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, kWaitMs);
    QVERIFY2(panel->resultLabel()->text().startsWith(
                 QStringLiteral("Finished: 3 answered, 0 failed, 0 retried, $")),
             qPrintable(panel->resultLabel()->text()));
    QVERIFY(panel->resultIconLabel()->isHidden());
    window->session()->waitForJob();
    QTRY_COMPARE_WITH_TIMEOUT(window->sizeText(),
                              QStringLiteral("158,478 judgments · 1,818 items · 30 judges · 300 cells"),
                              kWaitMs);
    verifyDocksInside(*window, {panel});
    simulator.terminate();
    QVERIFY(simulator.waitForFinished(10000));
}

QTEST_MAIN(TestUserJourneys)
#include "tst_userjourneys.moc"
