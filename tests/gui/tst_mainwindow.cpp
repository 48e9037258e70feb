// The workbench window end to end, offscreen: open a project through MainWindow / AuditSession, read the
// status bar, select items and judgments, filter, copy, import good and bad files, save, restore the layout.

#include "bias/biasworkspace.h"
#include "cascades/cascadeworkspace.h"
#include "cascades/confidenterrorworkspace.h"
#include "framework/auditsession.h"
#include "framework/importdialog.h"
#include "framework/jobreportdialog.h"
#include "framework/jobstatuswidget.h"
#include "framework/mainwindow.h"
#include "framework/progressrelay.h"
#include "framework/recentfiles.h"
#include "framework/translations.h"
#include "items/itemdetailpanel.h"
#include "items/itemfilterproxy.h"
#include "items/itemspanel.h"
#include "items/itemtablemodel.h"
#include "items/itemtextsview.h"
#include "items/judgmenttreemodel.h"
#include "items/rawoutputview.h"
#include "judges/judgesworkspace.h"
#include "rubric/rubricworkspace.h"
#include "testaudit.h"
#include "trust/trustworkspace.h"

#include "io/project/projectfile.h"
#include "io/project/projectlock.h"

#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QPushButton>
#include <QScopeGuard>
#include <QSettings>
#include <QStatusBar>
#include <QSysInfo>
#include <QTableView>
#include <QTimer>
#include <QTreeView>
#include <QtConcurrent/QtConcurrentRun>
#include <QtTest>

#include <csignal>
#include <memory>
#include <sys/wait.h>
#include <unistd.h>

using namespace tribunal;

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void opensProjectAndShowsSize();
    void selectingItemShowsItsTextsAndJudgments();
    void selectingJudgmentShowsBothOrders();
    void filtersReduceRows();
    void copyPutsTabSeparatedRowsOnClipboard();
    void badImportLeavesAuditUnchanged();
    void skipBadRecordsImportsTheRestAndListsThem();
    void importingTheSameFileAgainMerges();
    void conflictingImportSaysHowToGoOn();
    void importDialogShowsTheDetectedFormat();
    void helpMenuListsShortcutsAndAbout();
    void openDialogRemembersItsFolder();
    void droppedFileIsImported();
    void cancelledImportChangesNothing();
    void openFailureIsReported();
    void saveAsWritesProjectAndRemembersIt();
    void saveOntoAProjectAnotherProcessWritesIsRefused();
    void layoutIsRestored();
    void importDialogOffersSkipBadRecords();
    void importDialogTextsReachTheImport();
    void recentFilesKeepsEightNewestFirst();
    void languageMenuStoresTheChoice();
    void progressRelayDeliversThrottledOnGuiThread();
    void everyWorkspaceJoinsTheSession();

private:
    std::unique_ptr<MainWindow> openedWindow(const QString& path);
    QString writeFile(const QString& name, const QByteArray& contents);
    static JobResult runJob(MainWindow& window, const std::function<bool()>& start);

    QTemporaryDir m_dir;
    QString m_project;
    AuditPtr m_audit;
};

namespace {

const QByteArray kHeader = "dataset,item_id,judge,format,order,rep,verdict,label\n";

int countLeaves(const QAbstractItemModel& model, const QModelIndex& parent = {})
{
    int leaves = 0;
    for (int r = 0; r < model.rowCount(parent); ++r) {
        auto child = model.index(r, 0, parent);
        leaves += model.hasChildren(child) ? countLeaves(model, child) : 1;
    }
    return leaves;
}

int judgmentRow(const Audit& audit, const char* item, const char* judge, const char* format, Order order,
                int rep)
{
    const auto& j = audit.judgments();
    for (std::uint32_t r = 0; r < j.size(); ++r)
        if (audit.str(audit.items().itemId[j.item[r]]) == item && audit.str(j.judge[r]) == judge &&
            audit.str(j.format[r]) == format && j.order[r] == order && j.rep[r] == rep)
            return int(r);
    return -1;
}

QStringList shownItems(const ItemsPanel& panel)
{
    QStringList ids;
    for (int r = 0; r < panel.proxy()->rowCount(); ++r)
        ids << panel.proxy()->index(r, ItemTableModel::ItemColumn).data().toString();
    return ids;
}

QString q(const std::string& s)
{
    return QString::fromStdString(s);
}

} // namespace

void TestMainWindow::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true); // QSettings under ~/.qttest, not the user's settings
    QCoreApplication::setOrganizationName(QStringLiteral("TribunalTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_mainwindow"));
    QVERIFY(m_dir.isValid());
    m_audit = testaudit::build(false);
    QVERIFY(m_audit);
    m_project = m_dir.filePath(QStringLiteral("small.tribunal"));
    std::string error;
    QVERIFY2(ProjectFile::save(m_project.toStdString(), *m_audit, {}, &error), error.c_str());
}

void TestMainWindow::init()
{
    QSettings().clear();
}

std::unique_ptr<MainWindow> TestMainWindow::openedWindow(const QString& path)
{
    auto window = std::make_unique<MainWindow>();
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return nullptr;
    const auto result = runJob(*window, [&] { return window->openPaths({path}); });
    if (!result.ok)
        return nullptr;
    return window;
}

JobResult TestMainWindow::runJob(MainWindow& window, const std::function<bool()>& start)
{
    QSignalSpy finished(window.session(), &AuditSession::jobFinished);
    // Generous: under the sanitizers on a loaded machine, importing 200,000 rows took over 20 s.
    if (!start() || !finished.wait(120000))
        return {};
    return finished.at(0).at(0).value<JobResult>();
}

QString TestMainWindow::writeFile(const QString& name, const QByteArray& contents)
{
    const QString path = m_dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(contents) != contents.size())
        return {};
    return path;
}

void TestMainWindow::opensProjectAndShowsSize()
{
    MainWindow window;
    QCOMPARE(window.sizeText(), QStringLiteral("No audit open"));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy changed(window.session(), &AuditSession::auditChanged);
    QSignalSpy busy(window.session(), &AuditSession::busyChanged);
    const auto result = runJob(window, [&] { return window.openPaths({m_project}); });
    QVERIFY(result.ok);
    QCOMPARE(result.kind, JobResult::Kind::Open);
    QCOMPARE(changed.size(), 1);
    QCOMPARE(busy.size(), 2); // on, off
    QVERIFY(!window.jobStatus()->isVisible());
    QCOMPARE(window.sizeText(), QStringLiteral("36 judgments · 3 items · 2 judges · 5 cells"));
    QCOMPARE(window.session()->projectPath(), m_project);
    QVERIFY(!window.session()->isDirty());
    QVERIFY(window.windowTitle().contains(QStringLiteral("small.tribunal")));
    QCOMPARE(window.itemsPanel()->proxy()->rowCount(), testaudit::kItems);
    // The first item is selected and shown.
    QCOMPARE(window.itemsPanel()->currentItem(), 0);
    QCOMPARE(window.detailPanel()->shownItem(), 0);
    QCOMPARE(window.recentFiles()->paths(), QStringList{QFileInfo(m_project).absoluteFilePath()});
}

void TestMainWindow::selectingItemShowsItsTextsAndJudgments()
{
    auto window = openedWindow(m_project);
    QVERIFY(window);
    auto* view = window->itemsPanel()->view();
    const auto p2 = window->itemsPanel()->proxy()->index(1, ItemTableModel::ItemColumn);
    QCOMPARE(p2.data().toString(), QStringLiteral("p2"));
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(p2).center());
    QCOMPARE(window->itemsPanel()->currentItem(), 1);

    auto* detail = window->detailPanel();
    QCOMPARE(detail->shownItem(), 1);
    auto* texts = detail->textsView();
    QCOMPARE(texts->paneTitle(0), QStringLiteral("Question"));
    QCOMPARE(texts->paneText(0), q(testaudit::question("p2")));
    QCOMPARE(texts->paneText(1), QStringLiteral("Response A of p2: Paris."));
    QCOMPARE(texts->paneText(2), QStringLiteral("Response B of p2: Lyon."));
    QVERIFY(texts->headerText().contains(QStringLiteral("p2")));
    QVERIFY(texts->headerText().contains(QStringLiteral("label B")));
    // judges x formats x orders x runs leaves.
    QCOMPARE(countLeaves(*detail->judgmentModel()), 2 * 2 * 2 * 2);
    QCOMPARE(detail->judgmentModel()->rowCount(), 2);
    // The first judgment (j1 / CoT / AB / run 1) is picked, with its BA counterpart beside it.
    QVERIFY(detail->rawView()->isPairShown());
    QCOMPARE(detail->rawView()->firstText(), q(testaudit::rawText("p2", "j1", "CoT", Order::AB, 1)));
    QCOMPARE(detail->rawView()->secondText(), q(testaudit::rawText("p2", "j1", "CoT", Order::BA, 1)));

    // p3 (unlabelled) has only j1 / Direct.
    view->setCurrentIndex(window->itemsPanel()->proxy()->index(2, 0));
    QCOMPARE(detail->textsView()->paneText(0), q(testaudit::question("p3")));
    QCOMPARE(countLeaves(*detail->judgmentModel()), 4);
}

void TestMainWindow::selectingJudgmentShowsBothOrders()
{
    auto window = openedWindow(m_project);
    QVERIFY(window);
    window->itemsPanel()->view()->setCurrentIndex(window->itemsPanel()->proxy()->index(1, 0));
    const auto& audit = *window->session()->audit();
    auto* detail = window->detailPanel();
    auto* tree = detail->judgmentView();

    // Picking the BA judgment shows it with its AB counterpart, AB on the left.
    const int ba = judgmentRow(audit, "p2", "j1", "Direct", Order::BA, 2);
    QVERIFY(ba >= 0);
    const auto leaf = detail->judgmentModel()->indexOfJudgment(ba);
    QVERIFY(leaf.isValid());
    tree->setCurrentIndex(leaf);
    QVERIFY(detail->rawView()->isPairShown());
    QCOMPARE(detail->rawView()->firstText(), q(testaudit::rawText("p2", "j1", "Direct", Order::AB, 2)));
    QCOMPARE(detail->rawView()->secondText(), q(testaudit::rawText("p2", "j1", "Direct", Order::BA, 2)));

    // Group rows show nothing.
    tree->setCurrentIndex(leaf.parent());
    QVERIFY(detail->rawView()->firstText().isEmpty());
    QVERIFY(!detail->rawView()->isPairShown());

    const int ab = judgmentRow(audit, "p2", "j2", "CoT", Order::AB, 1);
    tree->setCurrentIndex(detail->judgmentModel()->indexOfJudgment(ab));
    QCOMPARE(detail->rawView()->firstText(), q(testaudit::rawText("p2", "j2", "CoT", Order::AB, 1)));
    QCOMPARE(detail->rawView()->secondText(), q(testaudit::rawText("p2", "j2", "CoT", Order::BA, 1)));
}

void TestMainWindow::filtersReduceRows()
{
    auto window = openedWindow(m_project);
    QVERIFY(window);
    auto* panel = window->itemsPanel();
    QCOMPARE(panel->datasetFilter()->count(), 3); // all, d1, d2
    panel->datasetFilter()->setCurrentIndex(panel->datasetFilter()->findText(QStringLiteral("d2")));
    QCOMPARE(shownItems(*panel), QStringList{"p3"});
    panel->datasetFilter()->setCurrentIndex(0);
    panel->judgeFilter()->setCurrentIndex(panel->judgeFilter()->findText(QStringLiteral("j2")));
    QCOMPARE(shownItems(*panel), QStringList({"p1", "p2"}));
    panel->formatFilter()->setCurrentIndex(panel->formatFilter()->findText(QStringLiteral("CoT")));
    QCOMPARE(shownItems(*panel), QStringList({"p1", "p2"}));
    panel->judgeFilter()->setCurrentIndex(0);
    panel->formatFilter()->setCurrentIndex(0);
    QCOMPARE(shownItems(*panel), QStringList({"p1", "p2", "p3"}));

    // Free text: applied after a typing pause, or at once with Enter.
    QTest::keyClicks(panel->searchField(), QStringLiteral("capital"));
    QTRY_COMPARE(shownItems(*panel), QStringList{"p1"});
    panel->searchField()->clear();
    panel->searchField()->setText(QStringLiteral("ärger")); // QTest::keyClicks types ASCII only
    QTest::keyClick(panel->searchField(), Qt::Key_Return);
    QCOMPARE(shownItems(*panel), QStringList{"p3"});
    panel->searchField()->clear();
    QTRY_COMPARE(shownItems(*panel), QStringList({"p1", "p2", "p3"}));
}

void TestMainWindow::copyPutsTabSeparatedRowsOnClipboard()
{
    auto window = openedWindow(m_project);
    QVERIFY(window);
    auto* view = window->itemsPanel()->view();
    view->selectRow(0);
    view->selectionModel()->select(window->itemsPanel()->proxy()->index(1, 0),
                                   QItemSelectionModel::Select | QItemSelectionModel::Rows);
    QGuiApplication::clipboard()->clear();
    window->copySelection();
    QCOMPARE(QGuiApplication::clipboard()->text(),
             QStringLiteral("d1\tp1\tpairwise\tA\t16\t0\tWhat is the capital of France?…\n"
                            "d1\tp2\tpairwise\tB\t16\t1\tExplain photosynthesis to a child.\n"));

    // The judgment tree, once the user worked in it (Ctrl+C through the Edit menu's shortcut).
    auto* tree = window->detailPanel()->judgmentView();
    QApplication::setActiveWindow(window.get());
    QVERIFY(QTest::qWaitForWindowActive(window.get()));
    tree->setFocus();
    QTRY_VERIFY(tree->hasFocus());
    tree->selectionModel()->clearSelection();
    tree->selectionModel()->select(tree->model()->index(1, 0), QItemSelectionModel::Select);
    QTest::keyClick(tree, Qt::Key_C, Qt::ControlModifier);
    QCOMPARE(QGuiApplication::clipboard()->text(), QStringLiteral("j2\n"));
}

void TestMainWindow::badImportLeavesAuditUnchanged()
{
    auto window = openedWindow(m_project);
    QVERIFY(window);
    const auto before = window->session()->audit();
    const QString sizeBefore = window->sizeText();
    const QString bad = writeFile(QStringLiteral("bad.csv"), kHeader + "d1,p1,j3,Direct,AB,1,A,A\n"
                                                                       "d1,p1,j3,Direct,BA,1,maybe,A\n");
    QVERIFY(!bad.isEmpty());
    QSignalSpy changed(window->session(), &AuditSession::auditChanged);
    const auto result =
        runJob(*window, [&] { return window->importPaths({bad}, BadRecordPolicy::StopAtFirst); });
    const QString expected = bad + QStringLiteral(":3: verdict: \"maybe\" is not A, B, tie or none");
    QVERIFY(!result.ok);
    QVERIFY(!result.cancelled);
    QCOMPARE(result.kind, JobResult::Kind::Import);
    QCOMPARE(result.issues, QStringList{expected});
    // Nothing changed.
    QCOMPARE(changed.size(), 0);
    QCOMPARE(window->session()->audit(), before);
    QCOMPARE(window->sizeText(), sizeBefore);
    QVERIFY(!window->session()->isDirty());
    // The error line is shown to the user.
    auto* report = window->lastReport();
    QVERIFY(report);
    QVERIFY(report->isVisible());
    // How the file was read, then the error line.
    QCOMPARE(report->detailText(), "Read:\nbad.csv: csv (detected), 1 judgment\n\n" + expected);
    QVERIFY(report->summaryText().contains(QStringLiteral("unchanged")));
    // A bad record, not an unreadable file: the way on is named.
    QVERIFY(report->summaryText().endsWith(
        QStringLiteral("To read the rest, choose “Skip bad records” and try "
                       "again: the bad records are then left out and listed.")));
}

void TestMainWindow::importingTheSameFileAgainMerges()
{
    auto window = openedWindow(m_project);
    QVERIFY(window);
    const QString file = writeFile(QStringLiteral("again.csv"), kHeader + "d9,p1,j3,Direct,AB,1,A,A\n"
                                                                          "d9,p1,j3,Direct,BA,1,B,A\n");
    const auto first =
        runJob(*window, [&] { return window->importPaths({file}, BadRecordPolicy::StopAtFirst); });
    QVERIFY(first.ok);
    QCOMPARE(first.judgmentsAdded, 2ull);
    QCOMPARE(first.mergedRecords, 0ull);
    const auto count = window->session()->audit()->judgmentCount();
    // The same file again: every judgment agrees with one in the audit, so nothing is added and nothing
    // fails.
    const auto again =
        runJob(*window, [&] { return window->importPaths({file}, BadRecordPolicy::StopAtFirst); });
    QVERIFY(again.ok);
    QVERIFY(again.issues.isEmpty());
    QCOMPARE(again.judgmentsAdded, 0ull);
    QCOMPARE(again.mergedRecords, 2ull);
    QCOMPARE(window->session()->audit()->judgmentCount(), count);
    QCOMPARE(again.files, QStringList{QStringLiteral("again.csv: csv (detected), 2 judgments")});
    auto* report = window->lastReport();
    QVERIFY(report);
    QCOMPARE(report->summaryText(), "Imported " + file +
                                        ". Please note: 2 judgment(s) agreed with ones already "
                                        "read or in the audit and were merged (kept once).");
    QCOMPARE(report->detailText(),
             "Read:\nagain.csv: csv (detected), 2 judgments\n\nnote: " + file +
                 ": 2 judgments merged with ones already read or in the open audit (same key, and every "
                 "field both "
                 "record agrees): kept once, with the fields only the later copy records");
}

void TestMainWindow::conflictingImportSaysHowToGoOn()
{
    auto window = openedWindow(m_project);
    QVERIFY(window);
    const QString file = writeFile(QStringLiteral("one.csv"), kHeader + "d9,p1,j3,Direct,AB,1,A,A\n");
    QVERIFY(runJob(*window, [&] { return window->importPaths({file}, BadRecordPolicy::StopAtFirst); }).ok);
    const auto before = window->session()->audit();
    const QString other = writeFile(QStringLiteral("other.csv"), kHeader + "d9,p1,j3,Direct,AB,1,B,A\n");
    const auto result =
        runJob(*window, [&] { return window->importPaths({other}, BadRecordPolicy::StopAtFirst); });
    QVERIFY(!result.ok);
    QVERIFY(result.stoppedAtBadRecord);
    QCOMPARE(result.issues,
             QStringList{other + ":2: rep: conflicting judgment: same item, judge, format, "
                                 "condition, order and rep as the judgment already in the open "
                                 "audit, different answer B here, A there"});
    QCOMPARE(window->session()->audit(), before);
    auto* report = window->lastReport();
    QVERIFY(report);
    QVERIFY(report->summaryText().contains(QStringLiteral("“Skip bad records”")));
    // Skipping leaves the conflicting copy out and keeps the audit's.
    const auto skipped =
        runJob(*window, [&] { return window->importPaths({other}, BadRecordPolicy::SkipAndList); });
    QVERIFY(skipped.ok);
    QCOMPARE(skipped.skippedRecords, 1ull);
    QCOMPARE(skipped.judgmentsAdded, 0ull);
}

void TestMainWindow::helpMenuListsShortcutsAndAbout()
{
    MainWindow window;
    auto* help = window.menuBar()->findChild<QMenu*>(QStringLiteral("helpMenu"));
    QVERIFY(help);
    QStringList titles;
    for (const QAction* action : help->actions())
        if (!action->isSeparator())
            titles << action->text();
    QCOMPARE(titles, QStringList({"&Keyboard shortcuts", "&About Tribunal", "About &Qt"}));
    const QStringList lines = window.shortcutsText().split(QLatin1Char('\n'));
    QVERIFY(lines.contains(QKeySequence(QKeySequence::Open).toString(QKeySequence::NativeText) +
                           "\tOpen (File)"));
    QVERIFY(lines.contains(QKeySequence(QKeySequence::Close).toString(QKeySequence::NativeText) +
                           "\tClose (File)"));
    QVERIFY(lines.contains("Ctrl+I\tImport (File)"));
    QVERIFY(lines.contains(QKeySequence(QKeySequence::Copy).toString(QKeySequence::NativeText) +
                           "\tCopy (Edit)"));
    QVERIFY(lines.last().startsWith("Flip inspector (with the pair list focused): J next pair"));
    // Every action with a shortcut is listed, none twice.
    int withShortcut = 0;
    for (const QMenu* menu : window.menuBar()->findChildren<QMenu*>(QString(), Qt::FindDirectChildrenOnly))
        for (const QAction* action : menu->actions())
            withShortcut += !action->shortcut().isEmpty();
    QCOMPARE(lines.size(), withShortcut + 2);
    QVERIFY(window.aboutText().startsWith("Tribunal " + QCoreApplication::applicationVersion() + ":"));
    QVERIFY(window.aboutText().contains("GPL-3.0-or-later"));
}

void TestMainWindow::openDialogRemembersItsFolder()
{
    // File > Open starts in the folder of the last file opened (files/openDirectory) and remembers the new
    // one.
    QTemporaryDir other;
    QVERIFY(other.isValid());
    const QString file = QDir(other.path()).filePath(QStringLiteral("o.csv"));
    {
        QFile f(file);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(kHeader + "d1,p1,j3,Direct,AB,1,A,A\n");
    }
    QSettings().setValue(QStringLiteral("files/openDirectory"), m_dir.path());
    MainWindow window;
    QAction* open = nullptr;
    for (QAction* action : window.findChildren<QAction*>())
        if (action->shortcut() == QKeySequence(QKeySequence::Open))
            open = action;
    QVERIFY(open);
    QString startedIn;
    QTimer answer;
    connect(&answer, &QTimer::timeout, this, [&] {
        auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
        if (dialog == nullptr || !startedIn.isEmpty())
            return;
        startedIn = dialog->directory().absolutePath();
        dialog->selectFile(file);
        QMetaObject::invokeMethod(dialog, "accept");
    });
    answer.start(20);
    QSignalSpy finished(window.session(), &AuditSession::jobFinished);
    open->trigger();
    QVERIFY(finished.wait(30000));
    QCOMPARE(startedIn, QDir(m_dir.path()).absolutePath());
    QCOMPARE(QSettings().value(QStringLiteral("files/openDirectory")).toString(),
             QDir(other.path()).absolutePath());
}

void TestMainWindow::importDialogShowsTheDetectedFormat()
{
    ImportDialog dialog;
    const QString csv = writeFile(QStringLiteral("shown.csv"), kHeader + "d9,p1,j3,Direct,AB,1,A,A\n");
    const QString jsonl = writeFile(QStringLiteral("shown.jsonl"), "{\"dataset\": \"d\"}\n");
    const QString missing = m_dir.filePath(QStringLiteral("missing.csv"));
    dialog.setPaths({csv, jsonl, missing});
    QCOMPARE(dialog.paths(), QStringList({csv, jsonl, missing})); // the paths, not the texts shown
    auto* list = dialog.findChild<QListWidget*>();
    QVERIFY(list);
    QCOMPARE(list->item(0)->text(), csv + " (csv, detected)");
    QCOMPARE(list->item(1)->text(), jsonl + " (jsonl, detected)");
    QCOMPARE(list->item(2)->text(), missing + " (unreadable: no format detected)");
}

void TestMainWindow::skipBadRecordsImportsTheRestAndListsThem()
{
    auto window = openedWindow(m_project);
    QVERIFY(window);
    const QString bad = writeFile(QStringLiteral("skip.csv"), kHeader + "d1,p1,j3,Direct,AB,1,A,A\n"
                                                                        "d1,p1,j3,Direct,BA,1,maybe,A\n"
                                                                        "d1,p2,j3,Direct,AB,1,B,B\n");
    const auto result =
        runJob(*window, [&] { return window->importPaths({bad}, BadRecordPolicy::SkipAndList); });
    QVERIFY(result.ok);
    QCOMPARE(result.skippedRecords, 1ull);
    QCOMPARE(result.judgmentsAdded, 2ull);
    QCOMPARE(result.issues,
             QStringList{bad + QStringLiteral(":3: verdict: \"maybe\" is not A, B, tie or none")});
    QCOMPARE(window->sizeText(), QStringLiteral("38 judgments · 3 items · 3 judges · 6 cells"));
    QVERIFY(window->session()->isDirty());
    QVERIFY(window->isWindowModified());
    auto* report = window->lastReport();
    QVERIFY(report);
    QVERIFY(report->summaryText().contains(QStringLiteral("skipped")));
    QVERIFY(report->detailText().contains(QStringLiteral("skip.csv:3: verdict:")));
}

void TestMainWindow::droppedFileIsImported()
{
    auto window = openedWindow(m_project);
    QVERIFY(window);
    const QString good = writeFile(QStringLiteral("good.csv"), kHeader + "d3,n1,j1,Direct,AB,1,A,A\n"
                                                                         "d3,n1,j1,Direct,BA,1,A,A\n");
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(good)});
    QSignalSpy finished(window->session(), &AuditSession::jobFinished);
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(window.get(), &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(window.get(), &drop);
    QVERIFY(finished.wait(20000));
    QVERIFY(finished.at(0).at(0).value<JobResult>().ok);
    QCOMPARE(window->sizeText(), QStringLiteral("38 judgments · 4 items · 2 judges · 6 cells"));
    QCOMPARE(window->itemsPanel()->proxy()->rowCount(), 4);
    QVERIFY(!window->lastReport()); // nothing to report
}

void TestMainWindow::cancelledImportChangesNothing()
{
    auto window = openedWindow(m_project);
    QVERIFY(window);
    QByteArray big = kHeader;
    for (int i = 0; i < 200000; ++i)
        big += "big,c" + QByteArray::number(i) + ",j1,Direct,AB,1,A,A\n";
    const QString path = writeFile(QStringLiteral("big.csv"), big);
    const auto before = window->session()->audit();
    const auto result = runJob(*window, [&] {
        if (!window->importPaths({path}, BadRecordPolicy::StopAtFirst))
            return false;
        // Cancel is set before the worker can have read 200,000 rows.
        window->jobStatus()->cancelButton()->click();
        return true;
    });
    QVERIFY(result.cancelled);
    QVERIFY(!result.ok);
    QCOMPARE(window->session()->audit(), before);
    QVERIFY(!window->session()->isDirty());
    QVERIFY(!window->lastReport());
    // The next job starts with a cleared cancel flag.
    const auto again =
        runJob(*window, [&] { return window->importPaths({path}, BadRecordPolicy::StopAtFirst); });
    QVERIFY(again.ok);
    QCOMPARE(again.itemsAdded, 200000ull);
}

void TestMainWindow::openFailureIsReported()
{
    auto window = openedWindow(m_project);
    QVERIFY(window);
    const auto before = window->session()->audit();
    const QString broken = writeFile(QStringLiteral("broken.tribunal"), "this is not a database\n");
    const auto result = runJob(*window, [&] { return window->openPaths({broken}); });
    QVERIFY(!result.ok);
    QVERIFY(!result.message.isEmpty());
    QCOMPARE(window->session()->audit(), before);
    QCOMPARE(window->session()->projectPath(), m_project);
    QVERIFY(window->lastReport());
    QVERIFY(window->lastReport()->summaryText().startsWith(QStringLiteral("Could not open")));
    QCOMPARE(window->lastReport()->detailText(), result.message);
}

void TestMainWindow::saveAsWritesProjectAndRemembersIt()
{
    auto window = openedWindow(m_project);
    QVERIFY(window);
    const QString good = writeFile(QStringLiteral("extra.csv"), kHeader + "d1,p1,j3,Direct,AB,1,A,A\n");
    QVERIFY(runJob(*window, [&] { return window->importPaths({good}, BadRecordPolicy::StopAtFirst); }).ok);
    QVERIFY(window->session()->isDirty());
    const QString copy = m_dir.filePath(QStringLiteral("copy.tribunal"));
    const auto saved = runJob(*window, [&] { return window->session()->saveAs(copy); });
    QVERIFY(saved.ok);
    QCOMPARE(saved.kind, JobResult::Kind::Save);
    QCOMPARE(window->session()->projectPath(), copy);
    QVERIFY(!window->session()->isDirty());
    QVERIFY(window->windowTitle().contains(QStringLiteral("copy.tribunal")));
    QCOMPARE(window->recentFiles()->paths().first(), QFileInfo(copy).absoluteFilePath());

    auto reopened = openedWindow(copy);
    QVERIFY(reopened);
    QCOMPARE(reopened->sizeText(), QStringLiteral("37 judgments · 3 items · 3 judges · 6 cells"));
}

void TestMainWindow::saveOntoAProjectAnotherProcessWritesIsRefused()
{
    const QString target = m_dir.filePath(QStringLiteral("held.tribunal"));
    QFile::remove(target);
    QVERIFY(QFile::copy(m_project, target));
    QFile file(target);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray before = file.readAll();
    file.close();

    // Another process (a child of this one) holds the project's write lock until it is killed.
    int ready[2];
    QCOMPARE(::pipe(ready), 0);
    const pid_t child = ::fork();
    if (child == 0) {
        std::optional<ProjectLockHolder> heldBy;
        auto lock = ProjectLock::acquire(QFile::encodeName(target).toStdString(), "run", &heldBy);
        const char byte = lock && lock->held() ? 'y' : 'n';
        if (::write(ready[1], &byte, 1) != 1)
            ::_exit(1);
        for (;;)
            ::pause();
    }
    QVERIFY(child > 0);
    char byte = 0;
    const bool locked = ::read(ready[0], &byte, 1) == 1 && byte == 'y';
    ::close(ready[0]);
    ::close(ready[1]);
    auto killChild = qScopeGuard([child] {
        ::kill(child, SIGKILL);
        ::waitpid(child, nullptr, 0);
    });
    QVERIFY(locked);

    auto window = openedWindow(m_project);
    QVERIFY(window);
    const auto saved = runJob(*window, [&] { return window->session()->saveAs(target); });
    QVERIFY(!saved.ok);
    QCOMPARE(saved.kind, JobResult::Kind::Save);
    const QString prefix =
        QStringLiteral("%1: the project is being written by tst_mainwindow run (pid %2 on %3 since ")
            .arg(target, QString::number(child), QSysInfo::machineHostName());
    QVERIFY2(saved.message.startsWith(prefix), qPrintable(saved.message));
    QVERIFY2(saved.message.endsWith(QStringLiteral("); wait until it finishes, or stop it")),
             qPrintable(saved.message));
    QVERIFY(window->lastReport());
    QVERIFY(window->lastReport()->summaryText().startsWith(QStringLiteral("Could not save")));
    QCOMPARE(window->lastReport()->detailText(), saved.message);
    QCOMPARE(window->session()->projectPath(), m_project);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), before);
    file.close();

    // Once the holder is gone (killed: its lock is stale), the same save goes through.
    killChild.dismiss();
    ::kill(child, SIGKILL);
    ::waitpid(child, nullptr, 0);
    const auto again = runJob(*window, [&] { return window->session()->saveAs(target); });
    QVERIFY2(again.ok, qPrintable(again.message));
    QCOMPARE(window->session()->projectPath(), target);
}

void TestMainWindow::layoutIsRestored()
{
    {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.detailPanel()->isVisible());
        window.detailPanel()->hide();
        QVERIFY(window.close());
    }
    QVERIFY(QSettings().contains(QStringLiteral("mainWindow/state")));
    MainWindow restored;
    restored.show();
    QVERIFY(QTest::qWaitForWindowExposed(&restored));
    QVERIFY(!restored.detailPanel()->isVisible());
    QVERIFY(restored.itemsPanel()->isVisible());
}

void TestMainWindow::importDialogOffersSkipBadRecords()
{
    ImportDialog dialog;
    auto* ok = dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
    QVERIFY(!ok->isEnabled()); // nothing to import yet
    QCOMPARE(dialog.policy(), BadRecordPolicy::StopAtFirst);
    dialog.setPaths({QStringLiteral("/a.csv"), QStringLiteral("/b"), QStringLiteral("/a.csv")});
    QCOMPARE(dialog.paths(), QStringList({"/a.csv", "/b"}));
    QVERIFY(ok->isEnabled());
    dialog.skipBadRecordsBox()->click();
    QCOMPARE(dialog.policy(), BadRecordPolicy::SkipAndList);
    dialog.setPolicy(BadRecordPolicy::StopAtFirst);
    QVERIFY(!dialog.skipBadRecordsBox()->isChecked());
}

void TestMainWindow::importDialogTextsReachTheImport()
{
    // The dialog's text fields (the questions file, the answers folder, the baseline) round-trip.
    ImportDialog dialog;
    QCOMPARE(dialog.texts().questions, std::string());
    auto* questions = dialog.findChild<QLineEdit*>(QStringLiteral("questionsEdit"));
    auto* answers = dialog.findChild<QLineEdit*>(QStringLiteral("answersEdit"));
    auto* baseline = dialog.findChild<QLineEdit*>(QStringLiteral("baselineEdit"));
    QVERIFY(questions && answers && baseline);
    const QString bench = QStringLiteral(TRIBUNAL_SHARED_DATA "/harness-real/arena-hard/arena-hard-v0.1");
    QTest::keyClicks(questions, bench + "/question.jsonl");
    QTest::keyClicks(answers, bench + "/model_answer ");
    QCOMPARE(QString::fromStdString(dialog.texts().questions), bench + "/question.jsonl");
    QCOMPARE(QString::fromStdString(dialog.texts().answersDir), bench + "/model_answer"); // trimmed
    QCOMPARE(dialog.texts().baseline, std::string());
    dialog.setTexts({"q", "a", "b"});
    QCOMPARE(baseline->text(), QStringLiteral("b"));

    // An Arena-Hard judgment file away from its layout: without the texts the report lists the note ...
    auto window = openedWindow(m_project);
    QVERIFY(window);
    const QString judgments = writeFile(QStringLiteral("gpt-4-0613.jsonl"), [] {
        QFile f(QStringLiteral(TRIBUNAL_TEST_DATA "/harness/arena-hard-real/arena-hard-v0.1/model_judgment/"
                                                  "gpt-4-1106-preview/gpt-4-0613.jsonl"));
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }());
    auto bare =
        runJob(*window, [&] { return window->importPaths({judgments}, BadRecordPolicy::StopAtFirst); });
    QVERIFY(bare.ok);
    QCOMPARE(bare.notes.size(), 1);
    QVERIFY(bare.notes.first().contains(QStringLiteral("2 items have no texts")));
    auto* report = window->lastReport();
    QVERIFY(report);
    QVERIFY(report->summaryText().contains(QStringLiteral("Please note")));
    // How the file was read, then the note.
    QVERIFY(report->detailText().startsWith(QStringLiteral("Read:\n")));
    QVERIFY(
        report->detailText().contains(QStringLiteral("\n\nnote: ") + judgments + ": 2 items have no texts"));

    // ... and with them the items get their question and answers.
    auto fresh = openedWindow(m_project);
    QVERIFY(fresh);
    HarnessTextPaths texts;
    texts.questions = (bench + "/question.jsonl").toStdString();
    auto withTexts =
        runJob(*fresh, [&] { return fresh->importPaths({judgments}, BadRecordPolicy::StopAtFirst, texts); });
    QVERIFY(withTexts.ok);
    QVERIFY(withTexts.notes.isEmpty());
    const auto& audit = *fresh->session()->audit();
    bool found = false;
    for (std::size_t i = 0; i < audit.itemCount(); ++i)
        found = found || audit.str(audit.items().field(ItemText::Question, i)) ==
                             "Write a Scheme program to decide whether a number is odd.";
    QVERIFY(found);
}

void TestMainWindow::recentFilesKeepsEightNewestFirst()
{
    QMenu menu;
    RecentFiles recent(&menu);
    QCOMPARE(menu.actions().size(), 1); // only "Clear", disabled
    QVERIFY(!menu.actions().first()->isEnabled());
    for (int i = 1; i <= 10; ++i)
        recent.add(QStringLiteral("/p/%1.tribunal").arg(i));
    recent.add(QStringLiteral("/p/5.tribunal")); // moves to the top, no duplicate
    const auto paths = recent.paths();
    QCOMPARE(paths.size(), RecentFiles::kMaxEntries);
    QCOMPARE(paths.first(), QStringLiteral("/p/5.tribunal"));
    QCOMPARE(paths, QStringList({"/p/5.tribunal", "/p/10.tribunal", "/p/9.tribunal", "/p/8.tribunal",
                                 "/p/7.tribunal", "/p/6.tribunal", "/p/4.tribunal", "/p/3.tribunal"}));
    QCOMPARE(paths.count(QStringLiteral("/p/5.tribunal")), 1);
    QCOMPARE(menu.actions().size(), RecentFiles::kMaxEntries + 2); // entries, separator, Clear
    QSignalSpy open(&recent, &RecentFiles::openRequested);
    menu.actions().at(1)->trigger();
    QCOMPARE(open.size(), 1);
    QCOMPARE(open.at(0).at(0).toString(), QStringLiteral("/p/10.tribunal"));
    menu.actions().last()->trigger(); // Clear
    QVERIFY(recent.paths().isEmpty());
    QCOMPARE(menu.actions().size(), 1);
}

void TestMainWindow::languageMenuStoresTheChoice()
{
    // View > Language: the choice is stored for the next start, said in the status bar, and shown checked.
    MainWindow window;
    auto* menu = window.findChild<QMenu*>(QStringLiteral("languageMenu"));
    QVERIFY(menu);
    auto* system = menu->findChild<QAction*>(QStringLiteral("language-system"));
    auto* german = menu->findChild<QAction*>(QStringLiteral("language-de"));
    auto* english = menu->findChild<QAction*>(QStringLiteral("language-en"));
    QVERIFY(system && german && english);
    QVERIFY(system->isChecked()); // nothing stored: the system language
    QCOMPARE(german->text(), QStringLiteral("Deutsch"));
    german->trigger();
    QCOMPARE(tribunal::languageSetting(), QStringLiteral("de"));
    QVERIFY(german->isChecked() && !system->isChecked());
    QCOMPARE(window.statusBar()->currentMessage(),
             QStringLiteral("The interface changes to Deutsch when Tribunal starts again."));
    MainWindow next; // a later start shows the stored choice
    QVERIFY(next.findChild<QAction*>(QStringLiteral("language-de"))->isChecked());
    system->trigger();
    QCOMPARE(tribunal::languageSetting(), QString());
    QVERIFY(!QSettings().contains(QStringLiteral("ui/language")));
    QCOMPARE(window.statusBar()->currentMessage(),
             QStringLiteral("The interface changes to the system language when Tribunal starts again."));
}

void TestMainWindow::progressRelayDeliversThrottledOnGuiThread()
{
    ProgressRelay relay;
    QSignalSpy spy(&relay, &ProgressRelay::progressChanged);
    bool offThread = false;
    connect(&relay, &ProgressRelay::progressChanged, this,
            [&offThread] { offThread = offThread || QThread::currentThread() != qApp->thread(); });
    const Progress* progress = &relay.progress();
    auto worker = QtConcurrent::run([progress] {
        for (std::uint64_t i = 0; i <= 100000; ++i)
            progress->step(i, 100000);
    });
    worker.waitForFinished();
    QTRY_VERIFY(!spy.isEmpty() && spy.last().at(0).toLongLong() == 100000);
    QVERIFY(!offThread);
    QVERIFY2(spy.size() < 100, qPrintable(QString::number(spy.size())));
    QCOMPARE(spy.last().at(1).toLongLong(), 100000);

    QVERIFY(!progress->cancelled());
    relay.cancel();
    QVERIFY(progress->cancelled());
    relay.reset();
    QVERIFY(!progress->cancelled());
}

void TestMainWindow::everyWorkspaceJoinsTheSession()
{
    // The screenshots and the headless start wait for session()->waitForIdle(): every workspace the window
    // makes is in it, so none is pictured with its busy bar.
    auto window = openedWindow(m_project);
    const QList<Workspace*> workspaces = window->session()->workspaces();
    const QList<Workspace*> expected = {window->trustWorkspace(),   window->biasWorkspace(),
                                        window->rubricWorkspace(),  window->confidentErrorWorkspace(),
                                        window->cascadeWorkspace(), window->judgesWorkspace()};
    QCOMPARE(workspaces.size(), expected.size());
    for (Workspace* workspace : expected)
        QVERIFY(workspaces.contains(workspace));
    window->session()->waitForIdle();
    for (Workspace* workspace : workspaces)
        QVERIFY2(!workspace->isBusy(), workspace->metaObject()->className());
    // A workspace destroyed before its session leaves it.
    {
        TrustWorkspace extra(window->session());
        QCOMPARE(window->session()->workspaces().size(), expected.size() + 1);
    }
    QCOMPARE(window->session()->workspaces().size(), expected.size());
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
