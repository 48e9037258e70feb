#include "framework/panelscreenshots.h"

#include "framework/auditsession.h"
#include "framework/mainwindow.h"
#include "trust/trustworkspace.h"

#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QTabWidget>

#include <cmath>

namespace tribunal {
namespace {

void settle()
{
    // Layout, paint and queued plot replots of the newly shown page.
    for (int i = 0; i < 5; ++i)
        QApplication::processEvents();
}

bool save(QWidget* widget, const QString& path, QStringList& written, QString* error)
{
    if (!widget->grab().save(path, "PNG")) {
        *error = QApplication::translate("panelscreenshots", "could not write %1").arg(path);
        return false;
    }
    written << path;
    return true;
}

/// Calls visit(dock, tabs, page, name) for every picture: each dock of the window (tabs null), then each page
/// of the tab widgets inside it. Pages are numbered across the dock's tab widgets, so a dock with two (Rubric
/// judges: tables and plots) does not overwrite its first pictures. False as soon as visit returns false.
template <class Visit> bool forEachPicture(const MainWindow& window, Visit&& visit)
{
    for (auto* dock : window.findChildren<QDockWidget*>()) {
        if (dock->parentWidget() != &window || dock->objectName().isEmpty())
            continue;
        if (!visit(dock, static_cast<QTabWidget*>(nullptr), -1, dock->objectName()))
            return false;
        int picture = 0;
        for (auto* tabs : dock->findChildren<QTabWidget*>())
            for (int page = 0; page < tabs->count(); ++page)
                if (!visit(dock, tabs, page, QStringLiteral("%1-%2").arg(dock->objectName()).arg(++picture)))
                    return false;
    }
    return true;
}

} // namespace

QStringList panelScreenshotNames(const MainWindow& window)
{
    QStringList names;
    forEachPicture(window, [&](QDockWidget*, QTabWidget*, int, const QString& name) {
        names << name;
        return true;
    });
    return names;
}

QStringList savePanelScreenshots(MainWindow& window, const QString& dir, int row, QString* error)
{
    if (!QDir().mkpath(dir)) {
        *error = QApplication::translate("panelscreenshots", "could not create %1").arg(dir);
        return {};
    }
    // A full-HD window, so each dock has room for its content as on a desktop screen.
    window.resize(1920, 1080);
    settle();
    window.applyDefaultDockSizes();
    auto* workspace = window.trustWorkspace();
    // Single-run cells (the LLMBar part of the sample) have no C; with C = 1 assumed every plot has points.
    auto settings = workspace->settings();
    settings.trust.assumeConsistentWhenSingleRun = true;
    workspace->setSettings(settings);
    // Every panel computes on its own; picture the results, not the busy indicators (every workspace of the
    // session, widgets/framework/workspace.h).
    window.session()->waitForIdle();
    if (row == kMostFlipsRow) {
        const auto& rows = workspace->view()->table.rows;
        for (std::size_t i = 0; i < rows.size(); ++i) {
            // Labelled, shown cells only: the inspector then shows right and wrong verdicts, not just flips
            // (the bundled sample's first screen shows its simulated trust audit only).
            if (!std::isnan(rows[i].phi) && !std::isnan(rows[i].A) &&
                workspace->isRowVisible(static_cast<int>(i)) &&
                (row < 0 || rows[i].phi > rows[static_cast<std::size_t>(row)].phi))
                row = static_cast<int>(i);
        }
    }
    if (row >= 0)
        workspace->selectRow(row);
    settle();
    QStringList written;
    const bool done =
        forEachPicture(window, [&](QDockWidget* dock, QTabWidget* tabs, int page, const QString& name) {
            if (tabs == nullptr) {
                dock->show();
                dock->raise();
            } else {
                tabs->setCurrentIndex(page);
            }
            settle();
            return save(dock, QDir(dir).filePath(name + QStringLiteral(".png")), written, error);
        });
    if (!done)
        return {};
    return written;
}

} // namespace tribunal
