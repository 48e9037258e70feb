// The analysis-panel registry (framework/analysispanels.h): the main window makes every registered
// analysis's workspace and dock, and nothing else lists them.

#include "bias/biasworkspace.h"
#include "export/exportdialog.h"
#include "export/latextablesource.h"
#include "framework/analysispanels.h"
#include "framework/auditsession.h"
#include "framework/mainwindow.h"
#include "framework/workspace.h"
#include "trust/overviewpanel.h"

#include <QComboBox>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>
#include <QtTest>

#include <memory>

using namespace tribunal;

class TestAnalysisPanels : public QObject {
    Q_OBJECT
private slots:
    void everyRegisteredPanelIsADock();
    void entriesAreDistinct();
    void latexTablesAreRegisteredOnce();
};

void TestAnalysisPanels::everyRegisteredPanelIsADock()
{
    // The window makes its analysis docks from the registry (framework/analysispanels.h): each entry, in the
    // registry's order, is a dock tabbed behind the overview, in the View menu, over a workspace of the
    // session, and its workspace's status messages reach the status bar.
    auto window = std::make_unique<MainWindow>();
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    const auto& analyses = window->analyses();
    QCOMPARE(analyses.size(), analysisPanels().size());
    QVERIFY(analyses.size() >= 5);
    const QList<QDockWidget*> tabbed = window->tabifiedDockWidgets(window->overviewPanel());
    QMenu* view = nullptr;
    for (QAction* menu : window->menuBar()->actions())
        if (menu->menu() && menu->text().remove(QLatin1Char('&')) == QLatin1String("View"))
            view = menu->menu();
    QVERIFY(view);
    QStringList names;
    for (std::size_t i = 0; i < analyses.size(); ++i) {
        const auto& analysis = analyses[i];
        const QString name = QString::fromLatin1(analysis.entry->name);
        QCOMPARE(analysis.entry, analysisPanels()[i]);
        QVERIFY2(!names.contains(name), qPrintable(name));
        names << name;
        QVERIFY2(analysis.dock && analysis.workspace, qPrintable(name));
        QVERIFY2(!analysis.dock->objectName().isEmpty(), qPrintable(name));
        QCOMPARE(analysis.dock->parentWidget(), window.get());
        QCOMPARE(window->dockWidgetArea(analysis.dock), Qt::LeftDockWidgetArea);
        QVERIFY2(tabbed.contains(analysis.dock), qPrintable(name));
        QVERIFY2(view->actions().contains(analysis.dock->toggleViewAction()), qPrintable(name));
        QVERIFY2(window->session()->workspaces().contains(analysis.workspace), qPrintable(name));
        const QString message = QStringLiteral("message from %1").arg(name);
        emit analysis.workspace->statusMessage(message);
        QCOMPARE(window->statusBar()->currentMessage(), message);
    }
    // The typed accessors find the registered parts.
    QCOMPARE(static_cast<Workspace*>(window->biasWorkspace()), analyses[0].workspace);
    QVERIFY(window->rubricPanel() && window->cascadePanel() && window->confidentErrorPanel() &&
            window->judgesPanel());
}

void TestAnalysisPanels::entriesAreDistinct()
{
    // One line per entry in analysispanellist.inc: a repeated or nameless line would make two docks of one
    // name (the saved layout and the panel pictures go by name).
    QStringList names;
    for (const AnalysisPanel* entry : analysisPanels()) {
        QVERIFY(entry && entry->name && *entry->name);
        QVERIFY(entry->makeWorkspace && entry->makeDock);
        QVERIFY2(!names.contains(QString::fromLatin1(entry->name)), entry->name);
        names << QString::fromLatin1(entry->name);
    }
    QCOMPARE(names, (QStringList{"bias", "rubric", "confident-errors", "cascades", "judges"}));
}

void TestAnalysisPanels::latexTablesAreRegisteredOnce()
{
    // An entry's latexTables are the Export dialog's tables of that analysis (the third registration site is
    // gone): each has a code of its own above the trust tables, a title and a .tex name, and follows its
    // workspace (a status message, which every workspace can send, reaches `changed`). The main window's
    // dialog lists the trust tables and exactly these, in code order.
    auto window = std::make_unique<MainWindow>();
    QObject context;
    QList<int> codes;
    QStringList titles;
    for (const MainWindow::Analysis& analysis : window->analyses()) {
        if (analysis.entry->latexTables == nullptr)
            continue;
        int changes = 0;
        const auto sources =
            analysis.entry->latexTables(analysis.workspace, &context, [&changes] { ++changes; });
        QVERIFY2(!sources.empty(), analysis.entry->name);
        for (const LatexTableSource& s : sources) {
            QVERIFY2(s.code >= kLatexSourceCodeBase, qPrintable(s.title));
            QVERIFY2(!codes.contains(s.code), qPrintable(s.title));
            QVERIFY2(!s.title.isEmpty() && !titles.contains(s.title), qPrintable(s.title));
            QVERIFY2(s.fileName.endsWith(QLatin1String(".tex")), qPrintable(s.fileName));
            QVERIFY(s.problem && s.cliArguments && s.latex && s.pendingNote);
            QVERIFY2(!s.problem().isEmpty(), qPrintable(s.title)); // no audit yet
            codes << s.code;
            titles << s.title;
        }
        emit analysis.workspace->statusMessage(QStringLiteral("test"));
        QVERIFY2(changes > 0, analysis.entry->name);
    }
    QCOMPARE(codes.size(), 8); // bias 3, rubric 2, confident errors 1, cascades 2

    window->showExportDialog();
    const QComboBox* box = window->exportDialog()->tableBox();
    QList<int> listed;
    for (int row = 0; row < box->count(); ++row)
        if (box->itemData(row).toInt() >= kLatexSourceCodeBase)
            listed << box->itemData(row).toInt();
    QCOMPARE(box->count(), 4 + codes.size());
    std::sort(codes.begin(), codes.end());
    QCOMPARE(listed, codes);
}

QTEST_MAIN(TestAnalysisPanels)
#include "tst_analysispanels.moc"
