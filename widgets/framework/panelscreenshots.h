#pragma once
// Pictures of every panel of a main window (issue 4: "a script (run by the tests) writes a PNG of each panel
// on the sample to the build folder"). Used by `tribunal --panel-screenshots DIR` and its CTest.

#include <QString>
#include <QStringList>

namespace tribunal {

class MainWindow;

/// Once the window's audit is open: turns on "assume C = 1 with one run" (so single-run cells have points in
/// every plot), waits for the trust workspace to finish (estimates and intervals),
/// selects `row` of the trust table (-1: leave the selection; kMostFlipsRow: the shown, labelled row with the
/// highest phi, so the flip inspector has flips to show), then saves every dock widget as
/// DIR/<objectName>.png and every page of a tab widget inside a dock as DIR/<objectName>-<n>.png (n from 1),
/// each after showing and raising it. Returns the written paths; on failure an empty list with *error set.
/// GUI thread.
inline constexpr int kMostFlipsRow = -2;

QStringList savePanelScreenshots(MainWindow& window, const QString& dir, int row, QString* error);

/// The names savePanelScreenshots() writes (without ".png"), in its order: every dock, every tab page; read
/// from the window's widgets, so a new dock or tab is listed without an edit (`tribunal --list-panels`).
QStringList panelScreenshotNames(const MainWindow& window);

} // namespace tribunal
