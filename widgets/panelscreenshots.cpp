#include "panelscreenshots.h"

#include "biasworkspace.h"
#include "cascadeworkspace.h"
#include "confidenterrorworkspace.h"
#include "mainwindow.h"
#include "rubricworkspace.h"
#include "trustworkspace.h"

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

} // namespace

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
    workspace->waitForIdle();
    // The Bias tests and Rubric judges panels compute on their own; picture their results, not their busy
    // indicators.
    window.biasWorkspace()->waitForIdle();
    window.rubricWorkspace()->waitForIdle();
    window.confidentErrorWorkspace()->waitForIdle();
    window.cascadeWorkspace()->waitForIdle();
    if (row == kMostFlipsRow) {
        const auto& rows = workspace->view()->table.rows;
        for (std::size_t i = 0; i < rows.size(); ++i) {
            // Labelled cells only: the inspector then shows right and wrong verdicts, not just flips.
            if (!std::isnan(rows[i].phi) && !std::isnan(rows[i].A) &&
                (row < 0 || rows[i].phi > rows[static_cast<std::size_t>(row)].phi))
                row = static_cast<int>(i);
        }
    }
    if (row >= 0)
        workspace->selectRow(row);
    settle();
    QStringList written;
    const auto docks = window.findChildren<QDockWidget*>();
    for (auto* dock : docks) {
        if (dock->parentWidget() != &window || dock->objectName().isEmpty())
            continue;
        dock->show();
        dock->raise();
        settle();
        if (!save(dock, QDir(dir).filePath(dock->objectName() + QStringLiteral(".png")), written, error))
            return {};
        // Pages are numbered across the dock's tab widgets, so a dock with two (Rubric judges: tables and
        // plots) does not overwrite its first pictures.
        int picture = 0;
        for (auto* tabs : dock->findChildren<QTabWidget*>()) {
            for (int page = 0; page < tabs->count(); ++page) {
                tabs->setCurrentIndex(page);
                settle();
                const auto name = QStringLiteral("%1-%2.png").arg(dock->objectName()).arg(++picture);
                if (!save(dock, QDir(dir).filePath(name), written, error))
                    return {};
            }
        }
    }
    return written;
}

} // namespace tribunal
