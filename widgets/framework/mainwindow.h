#pragma once
// The main window: assembles the panels, menus and status bar around one AuditSession. It holds no
// analysis or data logic of its own.

#include "io/importer.h"
#include "model/importissue.h"

#include <QMainWindow>
#include <QPointer>

class QAbstractItemView;
class QAction;
class QLabel;

namespace tribunal {

class AuditSession;
class BiasPanel;
class CascadesPanel;
class CascadeWorkspace;
class ConfidentErrorsPanel;
class ConfidentErrorWorkspace;
class RubricPanel;
class RubricWorkspace;
class BiasWorkspace;
class ExportDialog;
class FlipInspectorPanel;
class OverviewPanel;
class PlotsPanel;
class ItemDetailPanel;
class ItemsPanel;
class JobReportDialog;
class JudgesPanel;
class JudgesWorkspace;
class JobStatusWidget;
class RecentFiles;
class TrustWorkspace;
struct JobResult;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// Opens one `.tribunal` project, or reads importable files / folders into a new audit (File > Open).
    /// Returns false when a job is already running.
    bool openPaths(const QStringList& paths);
    /// Imports files / folders into the open audit (File > Import, drag and drop).
    bool importPaths(const QStringList& paths, BadRecordPolicy policy, const HarnessTextPaths& texts = {});
    /// Edit > Copy: the focused text selection, or the selection of the focused (else last focused) table as
    /// tab-separated rows.
    void copySelection();

    AuditSession* session() const { return m_session; }
    /// The trust analysis every trust panel shows.
    TrustWorkspace* trustWorkspace() const { return m_trust; }
    ItemsPanel* itemsPanel() const { return m_items; }
    ItemDetailPanel* detailPanel() const { return m_detail; }
    OverviewPanel* overviewPanel() const { return m_overview; }
    PlotsPanel* plotsPanel() const { return m_plots; }
    FlipInspectorPanel* flipInspector() const { return m_flip; }
    /// The bias-test results the Bias tests panel shows (issue 5).
    BiasWorkspace* biasWorkspace() const { return m_bias; }
    BiasPanel* biasPanel() const { return m_biasPanel; }
    /// The rubric-judge results the Rubric judges panel shows (issue 6).
    RubricWorkspace* rubricWorkspace() const { return m_rubric; }
    RubricPanel* rubricPanel() const { return m_rubricPanel; }
    /// The confident errors the Confident errors panel shows (issue 7).
    ConfidentErrorWorkspace* confidentErrorWorkspace() const { return m_confidentErrors; }
    ConfidentErrorsPanel* confidentErrorPanel() const { return m_confidentErrorPanel; }
    /// The cascade replays the Cascades panel shows (issue 7).
    CascadeWorkspace* cascadeWorkspace() const { return m_cascades; }
    CascadesPanel* cascadePanel() const { return m_cascadePanel; }
    /// The judge list, audit design and runs the Judges panel shows (issue 8).
    JudgesWorkspace* judgesWorkspace() const { return m_judges; }
    JudgesPanel* judgesPanel() const { return m_judgesPanel; }
    /// File > Export table… (created on first use; null before).
    ExportDialog* exportDialog() const;
    /// Opens (or raises) the export dialog.
    void showExportDialog();
    JobStatusWidget* jobStatus() const { return m_job; }
    RecentFiles* recentFiles() const { return m_recent; }
    /// The audit-size text of the status bar.
    QString sizeText() const;
    /// The report of the last job that had something to report (null once closed).
    JobReportDialog* lastReport() const;
    /// Shares the window's current size among the docks as on a first start: the overview 11/18 of the width,
    /// the plots and the flip inspector half of the right column's height each. Applied at the first show
    /// when no saved layout was restored (and by the screenshot run after it sizes the window).
    void applyDefaultDockSizes();

protected:
    void showEvent(QShowEvent* event) override;
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createMenus();
    void showOpenDialog();
    void showImportDialog();
    void showSaveAsDialog();
    void save();
    bool confirmDiscard();
    void beginJob(const QString& title);
    void onAuditChanged();
    void onDocumentChanged();
    void onJobFinished(const JobResult& result);
    void restoreLayout();
    void saveLayout() const;
    BadRecordPolicy defaultPolicy() const;

    AuditSession* m_session;
    TrustWorkspace* m_trust;
    ItemsPanel* m_items;
    ItemDetailPanel* m_detail;
    OverviewPanel* m_overview;
    PlotsPanel* m_plots;
    FlipInspectorPanel* m_flip;
    BiasWorkspace* m_bias;
    BiasPanel* m_biasPanel;
    RubricWorkspace* m_rubric;
    RubricPanel* m_rubricPanel;
    ConfidentErrorWorkspace* m_confidentErrors = nullptr;
    ConfidentErrorsPanel* m_confidentErrorPanel = nullptr;
    CascadeWorkspace* m_cascades = nullptr;
    CascadesPanel* m_cascadePanel = nullptr;
    JudgesWorkspace* m_judges = nullptr;
    JudgesPanel* m_judgesPanel = nullptr;
    QPointer<ExportDialog> m_export;
    JobStatusWidget* m_job;
    QLabel* m_sizeLabel;
    RecentFiles* m_recent = nullptr;
    QAction* m_saveAction = nullptr;
    QAction* m_saveAsAction = nullptr;
    QPointer<QAbstractItemView> m_lastView;
    bool m_dockSizesPending = false; ///< no saved layout: applyDefaultDockSizes() at the first show
    QPointer<JobReportDialog> m_report;
};

} // namespace tribunal
