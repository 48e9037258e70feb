// The window: docks, jobs, layout, drag and drop. Its menus and Help texts are in mainwindowmenus.cpp, Save /
// Save As and the unsaved-changes prompt in mainwindowsave.cpp.
#include "framework/mainwindow.h"

#include "bias/biaspanel.h"
#include "bias/biasworkspace.h"
#include "cascades/cascadepanel.h"
#include "cascades/cascadeworkspace.h"
#include "cascades/confidenterrorpanel.h"
#include "cascades/confidenterrorworkspace.h"
#include "export/exportdialog.h"
#include "framework/analysispanels.h"
#include "framework/auditsession.h"
#include "framework/importdialog.h"
#include "framework/jobreportdialog.h"
#include "framework/jobstatuswidget.h"
#include "framework/mainwindowkeys.h"
#include "framework/panelparts.h"
#include "framework/qstrings.h"
#include "framework/recentfiles.h"
#include "framework/tablecopy.h"
#include "framework/workspace.h"
#include "items/itemdetailpanel.h"
#include "items/itemspanel.h"
#include "judges/judgespanel.h"
#include "judges/judgesworkspace.h"
#include "plots/plotspanel.h"
#include "rubric/rubricpanel.h"
#include "rubric/rubricworkspace.h"
#include "trust/flipinspectorpanel.h"
#include "trust/overviewpanel.h"
#include "trust/trustworkspace.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QScreen>
#include <QSettings>
#include <QShowEvent>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>

#include <algorithm>
#include <memory>

namespace tribunal {
namespace {

using namespace mainwindowkeys;

QStringList localPaths(const QMimeData* mime)
{
    QStringList paths;
    if (!mime || !mime->hasUrls())
        return paths;
    for (const auto& url : mime->urls())
        if (url.isLocalFile())
            paths << url.toLocalFile();
    return paths;
}

} // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), m_session(new AuditSession(this)), m_trust(new TrustWorkspace(m_session, this)),
      m_items(new ItemsPanel(this)), m_detail(new ItemDetailPanel(this)),
      m_overview(new OverviewPanel(m_trust, this)), m_plots(new PlotsPanel(m_trust, this)),
      m_flip(new FlipInspectorPanel(m_trust, this)), m_job(new JobStatusWidget(this)),
      m_sizeLabel(new QLabel(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setAcceptDrops(true);
    setDockOptions(AnimatedDocks | AllowNestedDocks | AllowTabbedDocks);
    // Every panel is a dock; the central widget is only a placeholder (QMainWindow requires one).
    auto* central = new QWidget(this);
    central->hide();
    setCentralWidget(central);
    // Default layout (a saved one replaces it): the trust overview on the left with the item list and every
    // analysis panel behind it (each holds tables, plots and a drill-down, so it needs the large area); plots
    // on the right above the flip inspector, with the item detail behind the inspector.
    addDockWidget(Qt::LeftDockWidgetArea, m_overview);
    addDockWidget(Qt::LeftDockWidgetArea, m_items);
    tabifyDockWidget(m_overview, m_items);
    // Every workspace's short texts (refused settings, cancelled or failed jobs) go to the status bar.
    const auto showStatus = [this](const QString& text) { statusBar()->showMessage(text, kMessageMs); };
    connect(m_trust, &Workspace::statusMessage, this, showStatus);
    for (const AnalysisPanel* entry : analysisPanels()) {
        Workspace* workspace = entry->makeWorkspace(m_session, this);
        QDockWidget* dock = entry->makeDock(workspace, this);
        addDockWidget(Qt::LeftDockWidgetArea, dock);
        tabifyDockWidget(m_overview, dock);
        connect(workspace, &Workspace::statusMessage, this, showStatus);
        m_analyses.push_back({entry, workspace, dock});
    }
    connect(judgesPanel(), &JudgesPanel::saveAsRequested, this, &MainWindow::showSaveAsDialog);
    connect(judgesWorkspace(), &JudgesWorkspace::runningChanged, this, &MainWindow::onDocumentChanged);
    addDockWidget(Qt::RightDockWidgetArea, m_plots);
    addDockWidget(Qt::RightDockWidgetArea, m_flip);
    splitDockWidget(m_plots, m_flip, Qt::Vertical);
    addDockWidget(Qt::RightDockWidgetArea, m_detail);
    tabifyDockWidget(m_flip, m_detail);
    m_overview->raise();
    m_plots->raise();
    m_flip->raise();
    // Every dock scrolls when it is smaller than its contents, so the window fits a 1280x720 screen.
    for (QDockWidget* dock : findChildren<QDockWidget*>())
        makeDockScrollable(dock);
    // The layout set the window's minimum size from the docks before they scrolled (QLayout's default
    // constraint): recompute it now, or the first resize is clamped to that stale minimum (1403x877).
    layout()->invalidate();
    layout()->activate();
    // The overview's table and side form need more width than the plots.
    resizeDocks({m_overview, m_plots}, {1100, 700}, Qt::Horizontal);

    statusBar()->addPermanentWidget(m_job);
    statusBar()->addPermanentWidget(m_sizeLabel);
    createMenus();

    connect(m_session, &AuditSession::auditChanged, this, &MainWindow::onAuditChanged);
    connect(m_session, &AuditSession::documentChanged, this, &MainWindow::onDocumentChanged);
    connect(m_session, &AuditSession::jobFinished, this, &MainWindow::onJobFinished);
    connect(m_session, &AuditSession::progressChanged, m_job, &JobStatusWidget::setProgress);
    connect(m_job, &JobStatusWidget::cancelRequested, m_session, &AuditSession::cancel);
    connect(m_items, &ItemsPanel::currentItemChanged, this,
            [this](int item) { m_detail->showItem(m_session->audit(), item); });
    // A cell picked anywhere (overview row, plot point) opens in the flip inspector (journey 2).
    connect(m_trust, &TrustWorkspace::selectedRowChanged, this, [this](int row) {
        if (row < 0)
            return;
        const auto& cell = m_trust->view()->table.rows[static_cast<std::size_t>(row)];
        m_items->filterToCell(QString::fromStdString(cell.dataset), QString::fromStdString(cell.judge),
                              QString::fromStdString(cell.format));
        m_flip->raise();
    });
    // Edit > Copy acts on the table the user worked in last, even after focus moved to a menu.
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget*, QWidget* now) {
        if (auto* view = qobject_cast<QAbstractItemView*>(now); view && isAncestorOf(view))
            m_lastView = view;
    });

    resize(1280, 800);
    m_defaultState = saveState(kLayoutVersion);
    restoreLayout();
    onAuditChanged();
    onDocumentChanged();
}

MainWindow::~MainWindow() = default;

template <typename Part> Part* MainWindow::analysisPart() const
{
    for (const auto& analysis : m_analyses) {
        if (auto* workspace = qobject_cast<Part*>(analysis.workspace))
            return workspace;
        if (auto* dock = qobject_cast<Part*>(analysis.dock))
            return dock;
    }
    return nullptr;
}

BiasWorkspace* MainWindow::biasWorkspace() const
{
    return analysisPart<BiasWorkspace>();
}
BiasPanel* MainWindow::biasPanel() const
{
    return analysisPart<BiasPanel>();
}
RubricWorkspace* MainWindow::rubricWorkspace() const
{
    return analysisPart<RubricWorkspace>();
}
RubricPanel* MainWindow::rubricPanel() const
{
    return analysisPart<RubricPanel>();
}
ConfidentErrorWorkspace* MainWindow::confidentErrorWorkspace() const
{
    return analysisPart<ConfidentErrorWorkspace>();
}
ConfidentErrorsPanel* MainWindow::confidentErrorPanel() const
{
    return analysisPart<ConfidentErrorsPanel>();
}
CascadeWorkspace* MainWindow::cascadeWorkspace() const
{
    return analysisPart<CascadeWorkspace>();
}
CascadesPanel* MainWindow::cascadePanel() const
{
    return analysisPart<CascadesPanel>();
}
JudgesWorkspace* MainWindow::judgesWorkspace() const
{
    return analysisPart<JudgesWorkspace>();
}
JudgesPanel* MainWindow::judgesPanel() const
{
    return analysisPart<JudgesPanel>();
}

bool MainWindow::openPaths(const QStringList& paths, ProjectAccess access)
{
    if (paths.isEmpty() || m_session->isBusy() || !confirmDiscard())
        return false;
    const bool project = paths.size() == 1 && AuditSession::isProjectFile(paths.first());
    const bool started = project ? m_session->openProject(paths.first(), access)
                                 : m_session->openFiles(paths, defaultPolicy());
    if (started)
        beginJob(tr("Opening %1…").arg(shownName(QFileInfo(paths.first()).fileName())));
    return started;
}

bool MainWindow::openSample(const QString& path)
{
    if (!openPaths({path}, ProjectAccess::ReadOnly))
        return false;
    m_sampleFirstScreen = true;
    return true;
}

bool MainWindow::importPaths(const QStringList& paths, BadRecordPolicy policy, const HarnessTextPaths& texts)
{
    if (paths.isEmpty() || !m_session->importFiles(paths, policy, texts))
        return false;
    beginJob(tr("Importing %1…").arg(shownName(QFileInfo(paths.first()).fileName())));
    return true;
}

void MainWindow::beginJob(const QString& title)
{
    m_job->begin(title);
    m_saveAction->setEnabled(false);
    m_saveAsAction->setEnabled(false);
    m_closeAction->setEnabled(false);
}

void MainWindow::showOpenDialog()
{
    // The folder of the last file opened, as the user's other tools do.
    QSettings settings;
    const auto paths = QFileDialog::getOpenFileNames(
        this, tr("Open"), settings.value(QLatin1String(kOpenDirectoryKey)).toString(),
        tr("Tribunal projects (*.tribunal);;Audit files (*.csv *.jsonl *.ndjson *.json);;All files (*)"));
    if (!paths.isEmpty())
        settings.setValue(QLatin1String(kOpenDirectoryKey), QFileInfo(paths.first()).absolutePath());
    openPaths(paths);
}

void MainWindow::showImportDialog()
{
    auto* dialog = new ImportDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setPolicy(defaultPolicy());
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        QSettings().setValue(QLatin1String(kSkipKey), dialog->policy() == BadRecordPolicy::SkipAndList);
        importPaths(dialog->paths(), dialog->policy(), dialog->texts());
    });
    dialog->open();
}

BadRecordPolicy MainWindow::defaultPolicy() const
{
    return QSettings().value(QLatin1String(kSkipKey), false).toBool() ? BadRecordPolicy::SkipAndList
                                                                      : BadRecordPolicy::StopAtFirst;
}

void MainWindow::copySelection()
{
    QWidget* focus = QApplication::focusWidget();
    if (auto* text = qobject_cast<QPlainTextEdit*>(focus)) {
        text->copy();
        return;
    }
    if (auto* line = qobject_cast<QLineEdit*>(focus)) {
        line->copy();
        return;
    }
    QAbstractItemView* view = qobject_cast<QAbstractItemView*>(focus);
    if (!view)
        view = m_lastView;
    if (!view)
        view = m_items->view();
    const QString tsv = selectionAsTsv(*view);
    if (!tsv.isEmpty())
        QGuiApplication::clipboard()->setText(tsv);
}

JobReportDialog* MainWindow::lastReport() const
{
    return m_report.data();
}

QString MainWindow::sizeText() const
{
    return m_sizeLabel->text();
}

void MainWindow::onAuditChanged()
{
    const auto& audit = m_session->audit();
    if (audit) {
        const auto& s = m_session->summary();
        m_sizeLabel->setText(
            QStringList{counted(static_cast<qint64>(s.judgments), tr("%L1 judgment"), tr("%L1 judgments")),
                        counted(static_cast<qint64>(s.items), tr("%L1 item"), tr("%L1 items")),
                        counted(static_cast<qint64>(s.byJudge.size()), tr("%L1 judge"), tr("%L1 judges")),
                        counted(static_cast<qint64>(s.cells), tr("%L1 cell"), tr("%L1 cells"))}
                .join(QStringLiteral(" · ")));
    } else {
        m_sizeLabel->setText(tr("No audit open"));
    }
    m_items->setAudit(audit, m_session->itemIndex());
    m_items->selectFirstItem();
}

void MainWindow::onDocumentChanged()
{
    const QString path = m_session->projectPath();
    QString name = path.isEmpty() ? tr("Untitled") : QFileInfo(path).fileName();
    if (m_session->isReadOnly())
        name = tr("%1 (read-only)").arg(name);
    setWindowTitle(m_session->audit() ? tr("%1[*] — Tribunal").arg(name) : tr("Tribunal"));
    setWindowModified(m_session->isDirty());
    // A judge run appends to the project file: saving the session over it would drop the run's judgments.
    const bool canSave =
        m_session->audit() != nullptr && !m_session->isBusy() && !judgesWorkspace()->isRunning();
    m_saveAction->setEnabled(canSave);
    m_saveAsAction->setEnabled(canSave);
    m_closeAction->setEnabled(canSave);
}

void MainWindow::onJobFinished(const JobResult& result)
{
    m_job->end();
    onDocumentChanged();
    if (m_sampleFirstScreen && result.kind == JobResult::Kind::Open) {
        m_sampleFirstScreen = false;
        if (result.ok && m_session->audit())
            m_trust->setFilter(simulatedTrustFilter(*m_session->audit()));
    }
    const QString files = result.paths.join(QStringLiteral(", "));
    if (result.cancelled) {
        statusBar()->showMessage(tr("Cancelled: nothing was changed."), kMessageMs);
        return;
    }
    if (result.ok) {
        if (result.kind == JobResult::Kind::Save)
            statusBar()->showMessage(tr("Saved %1").arg(files), kMessageMs);
        else if (result.kind == JobResult::Kind::Import)
            statusBar()->showMessage(tr("Imported %1, %2 from %3")
                                         .arg(counted(static_cast<qint64>(result.judgmentsAdded),
                                                      tr("%L1 judgment"), tr("%L1 judgments")),
                                              counted(static_cast<qint64>(result.itemsAdded),
                                                      tr("%L1 new item"), tr("%L1 new items")),
                                              files),
                                     kMessageMs);
        else
            statusBar()->showMessage(tr("Opened %1").arg(files), kMessageMs);
        // Open Recent lists what the user opened or saved; each path can be opened again alone.
        if (result.kind != JobResult::Kind::Import && result.paths.size() == 1)
            m_recent->add(result.paths.first());
    } else {
        statusBar()->showMessage(tr("Failed: %1").arg(files), kMessageMs);
    }
    auto* report = new JobReportDialog(this);
    if (!report->setResult(result)) {
        delete report;
        return;
    }
    report->setAttribute(Qt::WA_DeleteOnClose);
    if (m_report) // one report at a time: the newest replaces the previous one
        m_report->close();
    m_report = report;
    report->show();
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!confirmDiscard()) {
        event->ignore();
        return;
    }
    m_session->cancel();
    m_session->waitForJob();
    saveLayout();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (!localPaths(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    const auto paths = localPaths(event->mimeData());
    if (paths.isEmpty())
        return;
    event->acceptProposedAction();
    // A project replaces the audit; anything else is imported into it.
    for (const auto& path : paths) {
        if (AuditSession::isProjectFile(path)) {
            openPaths({path});
            return;
        }
    }
    importPaths(paths, defaultPolicy());
}

ExportDialog* MainWindow::exportDialog() const
{
    return m_export;
}

void MainWindow::showExportDialog()
{
    if (!m_export) {
        std::vector<ExportAnalysis> analyses;
        for (const Analysis& a : m_analyses)
            analyses.push_back({a.entry, a.workspace});
        m_export = new ExportDialog(m_trust, analyses, this);
    }
    m_export->show();
    m_export->raise();
    m_export->activateWindow();
}

void MainWindow::restoreLayout()
{
    QSettings settings;
    restoreGeometry(settings.value(QLatin1String(kGeometryKey)).toByteArray());
    m_dockSizesPending =
        !restoreState(settings.value(QLatin1String(kStateKey)).toByteArray(), kLayoutVersion);
}

bool MainWindow::closeAudit()
{
    if (!m_session->audit() || m_session->isBusy() || judgesWorkspace()->isRunning() || !confirmDiscard())
        return false;
    if (!m_session->close())
        return false;
    statusBar()->showMessage(tr("Closed the audit."), kMessageMs);
    return true;
}

void MainWindow::resetLayout()
{
    restoreState(m_defaultState, kLayoutVersion);
    m_overview->raise();
    m_plots->raise();
    m_flip->raise();
    if (isVisible())
        applyDefaultDockSizes();
    else
        m_dockSizesPending = true;
}

void MainWindow::applyDefaultDockSizes()
{
    resizeDocks({m_overview, m_plots}, {width() * 11 / 18, width() * 7 / 18}, Qt::Horizontal);
    // The plots' rotated category names need height; the inspector's texts scroll.
    resizeDocks({m_plots, m_flip}, {height() / 2, height() / 2}, Qt::Vertical);
}

void MainWindow::fitFirstStartToScreen()
{
    // A first start (no saved layout) takes 85% of the screen, at least 1280x800 and at most all of it.
    // Screens under 1024x600 (the offscreen test platform's 800x600 among them) are left alone: the
    // workbench does not aim to be usable there.
    const QScreen* s = screen();
    if (!s)
        return;
    const QRect available = s->availableGeometry();
    if (available.width() < 1024 || available.height() < 600)
        return;
    const int w = std::min(available.width(), std::max(1280, available.width() * 85 / 100));
    const int h = std::min(available.height(), std::max(800, available.height() * 85 / 100));
    resize(w, h);
    move(available.x() + (available.width() - w) / 2, available.y() + (available.height() - h) / 2);
}

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    if (m_dockSizesPending) {
        m_dockSizesPending = false;
        fitFirstStartToScreen();
        applyDefaultDockSizes();
    }
}

void MainWindow::saveLayout() const
{
    QSettings settings;
    settings.setValue(QLatin1String(kGeometryKey), saveGeometry());
    settings.setValue(QLatin1String(kStateKey), saveState(kLayoutVersion));
}

} // namespace tribunal
