#pragma once
// The registry of analysis panels (docs/developing.md, "Registries"). An analysis with a workspace of its own
// and one dock declares once, beside its panel, how both are made; analysispanellist.inc names every entry in
// the order of the dock tabs. The main window makes each entry's workspace and dock, tabs the dock behind the
// overview in the large (left) area, adds it to the View menu and shows the workspace's status messages in
// the status bar. The session's wait-until-idle (AuditSession::waitForIdle) and the panel pictures
// (panelscreenshots.h) then find it as they find every workspace and dock. The trust analysis is the frame
// the others sit in (one workspace behind the overview, plots, flip inspector, item list and item detail), so
// the main window makes it itself. An entry's LaTeX tables (latexTables) are what the Export dialog lists
// besides the trust tables. A new panel: its own files plus one line in analysispanellist.inc. GUI thread
// only.

#include <functional>
#include <vector>

class QDockWidget;
class QObject;
class QWidget;

namespace tribunal {

class AuditSession;
class Workspace;
struct LatexTableSource;

struct AnalysisPanel {
    /// A short stable name ("bias", "cascades"): tests and messages.
    const char* name;
    /// A new workspace of `session`, a child of `parent` (it joins the session as every workspace does).
    Workspace* (*makeWorkspace)(AuditSession* session, QObject* parent);
    /// The dock over `workspace`, which makeWorkspace of the same entry made. The dock sets its objectName
    /// (saved layouts and panel pictures use it).
    QDockWidget* (*makeDock)(Workspace* workspace, QWidget* parent);
    /// The Export dialog's tables reading `workspace` (made by makeWorkspace of the same entry; it must
    /// outlive `context`), each the bytes of a `tribunal-cli ... --format latex` (export/latextablesource.h).
    /// Connects the workspace's changes that may change a table to `changed`, called in `context`'s thread
    /// while `context` lives, and requests the jobs the tables need. Null when the analysis has none.
    std::vector<LatexTableSource> (*latexTables)(Workspace* workspace, QObject* context,
                                                 const std::function<void()>& changed) = nullptr;
};

// One function per entry, defined beside its panel (e.g. bias/biaspanel.cpp).
#define TRIBUNAL_ANALYSIS_PANEL(entry) const AnalysisPanel& entry();
#include "framework/analysispanellist.inc"
#undef TRIBUNAL_ANALYSIS_PANEL

/// Every entry of analysispanellist.inc, in its order.
const std::vector<const AnalysisPanel*>& analysisPanels();

} // namespace tribunal
