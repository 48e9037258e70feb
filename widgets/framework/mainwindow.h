#pragma once
// The main window: assembles the panels, menus and status bar around one AuditSession. It holds no
// analysis or data logic of its own.

#include "framework/auditsession.h"
#include "io/importer.h"
#include "model/importissue.h"

#include <QMainWindow>
#include <QPointer>

#include <vector>

class QAbstractItemView;
class QAction;
class QDockWidget;
class QFileDialog;
class QLabel;

namespace tribunal {

struct AnalysisPanel;
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
class Workspace;
struct JobResult;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    /// Opens one `.tribunal` project, or reads importable files / folders into a new audit (File > Open).
    /// `access` applies to a project (ReadOnly: the bundled sample, AuditSession::isReadOnly). Returns false
    /// when a job is already running.
    bool openPaths(const QStringList& paths, ProjectAccess access = ProjectAccess::ReadWrite);
    /// Opens the bundled sample read-only on its first screen: the overview filtered to the simulated trust
    /// audit (simulatedTrustFilter), where every row has T; "Show all rows" shows the real data beside it.
    bool openSample(const QString& path);
    /// Help > Keyboard shortcuts: every menu action with a shortcut ("Ctrl+O<TAB>Open (File)"), read off the
    /// menus, then the flip inspector's keys.
    QString shortcutsText() const;
    /// Help > About Tribunal: version, licence, the sample's provenance, the Qt version.
    QString aboutText() const;
    /// Where Save As starts: the project file itself, except for a read-only project or an unsaved audit,
    /// whose copy goes to the folder of the last project saved (else the user's documents folder) under the
    /// project's name (else "audit.tribunal").
    QString proposedSavePath() const;
    /// File > Save As: a window-modal file dialog (objectName "saveAsDialog") starting at
    /// proposedSavePath(). The read-only project's own file is refused with a message.
    void showSaveAsDialog();
    /// File > Save: the project file, or Save As for a read-only project or an unsaved audit.
    void save();
    /// File > Close (Ctrl+W): closes the audit after asking about unsaved changes, so the window is as at a
    /// start without a file. False when a job or a judge run is going or the user kept the changes.
    bool closeAudit();
    /// View > Reset layout: every dock back where a first start puts it (the overview with the analyses
    /// tabbed behind it on the left, plots over the flip inspector on the right, all shown), at the default
    /// split of the window's current size. The saved layout follows at the next close.
    void resetLayout();
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
    /// The analysis panels of the registry (analysispanels.h), in its order: each entry with the workspace
    /// and the dock the window made from it.
    struct Analysis {
        const AnalysisPanel* entry;
        Workspace* workspace;
        QDockWidget* dock;
    };
    const std::vector<Analysis>& analyses() const { return m_analyses; }
    // The registered analyses by type (null if the registry has none of that type).
    BiasWorkspace* biasWorkspace() const;
    BiasPanel* biasPanel() const;
    RubricWorkspace* rubricWorkspace() const;
    RubricPanel* rubricPanel() const;
    ConfidentErrorWorkspace* confidentErrorWorkspace() const;
    ConfidentErrorsPanel* confidentErrorPanel() const;
    CascadeWorkspace* cascadeWorkspace() const;
    CascadesPanel* cascadePanel() const;
    JudgesWorkspace* judgesWorkspace() const;
    JudgesPanel* judgesPanel() const;
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
    /// First start without a saved layout: a window size chosen for the screen (see the .cpp).
    void fitFirstStartToScreen();

protected:
    void showEvent(QShowEvent* event) override;
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    /// The Save As file dialog (objectName "saveAsDialog") at proposedSavePath(); the caller owns it.
    QFileDialog* makeSaveAsDialog();
    /// Starts saving to `path` (".tribunal" added when it has no suffix); refuses the read-only project's own
    /// file with a message. False when no save started.
    bool startSaveAs(QString path);
    /// The Save answer of confirmDiscard(): saves (asking for a file first when the project is read-only or
    /// unsaved) and waits; true when the changes are saved.
    bool saveBeforeDiscarding();
    void createMenus();
    void showOpenDialog();
    void showImportDialog();
    bool confirmDiscard();
    void beginJob(const QString& title);
    void onAuditChanged();
    void onDocumentChanged();
    void onJobFinished(const JobResult& result);
    void restoreLayout();
    void saveLayout() const;
    BadRecordPolicy defaultPolicy() const;
    /// The workspace or dock of type Part among the registered analyses.
    template <typename Part> Part* analysisPart() const;

    AuditSession* m_session;
    TrustWorkspace* m_trust;
    ItemsPanel* m_items;
    ItemDetailPanel* m_detail;
    OverviewPanel* m_overview;
    PlotsPanel* m_plots;
    FlipInspectorPanel* m_flip;
    std::vector<Analysis> m_analyses;
    QPointer<ExportDialog> m_export;
    JobStatusWidget* m_job;
    QLabel* m_sizeLabel;
    RecentFiles* m_recent = nullptr;
    QAction* m_saveAction = nullptr;
    QAction* m_saveAsAction = nullptr;
    QAction* m_closeAction = nullptr;
    QPointer<QAbstractItemView> m_lastView;
    bool m_dockSizesPending = false;  ///< no saved layout: applyDefaultDockSizes() at the first show
    QByteArray m_defaultState;        ///< the layout the constructor builds, for resetLayout()
    bool m_sampleFirstScreen = false; ///< openSample(): filter the overview once the sample has opened
    QPointer<JobReportDialog> m_report;
};

} // namespace tribunal
