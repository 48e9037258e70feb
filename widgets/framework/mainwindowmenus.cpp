// MainWindow's menus (File, Edit, View, Help) and the Help menu's texts (mainwindow.h).
#include "framework/mainwindow.h"

#include "framework/languagemenu.h"
#include "framework/mainwindowkeys.h"
#include "framework/recentfiles.h"
#include "items/itemdetailpanel.h"
#include "items/itemspanel.h"
#include "plots/plotspanel.h"
#include "trust/flipinspectorpanel.h"
#include "trust/overviewpanel.h"

#include <QApplication>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>

namespace tribunal {

using namespace mainwindowkeys;

void MainWindow::createMenus()
{
    auto* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open…"), QKeySequence::Open, this, &MainWindow::showOpenDialog);
    auto* recentMenu = file->addMenu(tr("Open &Recent"));
    m_recent = new RecentFiles(recentMenu, this);
    connect(m_recent, &RecentFiles::openRequested, this, [this](const QString& path) { openPaths({path}); });
    file->addAction(tr("&Import…"), QKeySequence(tr("Ctrl+I")), this, &MainWindow::showImportDialog);
    file->addSeparator();
    m_saveAction = file->addAction(tr("&Save"), QKeySequence::Save, this, &MainWindow::save);
    m_saveAsAction = file->addAction(tr("Save &As…"), QKeySequence(tr("Ctrl+Shift+S")), this,
                                     &MainWindow::showSaveAsDialog);
    m_closeAction = file->addAction(tr("&Close"), QKeySequence::Close, this, &MainWindow::closeAudit);
    file->addSeparator();
    file->addAction(tr("&Export Table…"), QKeySequence(tr("Ctrl+E")), this, &MainWindow::showExportDialog);
    file->addSeparator();
    auto* quit = file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    quit->setMenuRole(QAction::QuitRole);

    auto* edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(tr("&Copy"), QKeySequence::Copy, this, &MainWindow::copySelection);

    auto* view = menuBar()->addMenu(tr("&View"));
    view->addAction(m_items->toggleViewAction());
    view->addAction(m_detail->toggleViewAction());
    view->addAction(m_overview->toggleViewAction());
    view->addAction(m_plots->toggleViewAction());
    view->addAction(m_flip->toggleViewAction());
    for (const auto& analysis : m_analyses)
        view->addAction(analysis.dock->toggleViewAction());
    view->addSeparator();
    view->addAction(tr("&Reset layout"), this, &MainWindow::resetLayout)
        ->setObjectName(QStringLiteral("resetLayoutAction"));
    auto* language = new LanguageMenu(this);
    connect(language, &LanguageMenu::languageChosen, this, [this](const QString& name) {
        statusBar()->showMessage(tr("The interface changes to %1 when Tribunal starts again.").arg(name),
                                 kMessageMs);
    });
    view->addMenu(language);

    auto* help = menuBar()->addMenu(tr("&Help"));
    help->setObjectName(QStringLiteral("helpMenu"));
    help->addAction(tr("&Keyboard shortcuts"), this,
                    [this] { QMessageBox::information(this, tr("Keyboard shortcuts"), shortcutsText()); });
    help->addSeparator();
    auto* about = help->addAction(tr("&About Tribunal"), this,
                                  [this] { QMessageBox::about(this, tr("About Tribunal"), aboutText()); });
    about->setMenuRole(QAction::AboutRole);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt)->setMenuRole(QAction::AboutQtRole);
}

QString MainWindow::shortcutsText() const
{
    // Read off the menus, so the list cannot disagree with them.
    QStringList lines;
    for (const QMenu* menu : menuBar()->findChildren<QMenu*>(QString(), Qt::FindDirectChildrenOnly)) {
        for (const QAction* action : menu->actions()) {
            if (action->shortcut().isEmpty())
                continue;
            lines << tr("%1\t%2 (%3)")
                         .arg(action->shortcut().toString(QKeySequence::NativeText),
                              QString(action->text()).remove(QLatin1Char('&')).remove(QStringLiteral("…")),
                              QString(menu->title()).remove(QLatin1Char('&')));
        }
    }
    lines
        << QString()
        << tr("Flip inspector (with the pair list focused): J next pair, K previous pair, F flipped only on "
              "or off, N edit the note.");
    return lines.join(QLatin1Char('\n'));
}

QString MainWindow::aboutText() const
{
    return tr("Tribunal %1: a workbench for auditing LLM judges (trust, bias tests, rubric judges, "
              "cascades).\n\n"
              "Licence: GPL-3.0-or-later. The bundled sample keeps its sources' notices (LLMBar, "
              "Position-Bias-Analyzer: MIT); its datasets named sim-… are simulated, with stated true "
              "values.\n\n"
              "Qt %2.")
        .arg(QCoreApplication::applicationVersion(), QString::fromLatin1(qVersion()));
}

} // namespace tribunal
