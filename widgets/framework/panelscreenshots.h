#pragma once
// Pictures of every panel of a main window (issue 4: "a script (run by the tests) writes a PNG of each panel
// on the sample to the build folder"). Used by `tribunal --panel-screenshots DIR [--screenshot-size WxH]` and
// its CTest, and by .ci/screenshots for the user guide's pictures. GUI thread only.

#include <QSize>
#include <QString>
#include <QStringList>

#include <optional>

class QWidget;

namespace tribunal {

class MainWindow;

/// The window size of the pictures unless `--screenshot-size` asks for another: full HD, so each dock has
/// room for its content as on a desktop screen (the committed docs/img is taken at this size).
inline constexpr QSize kDefaultScreenshotSize{1920, 1080};
/// The sizes `--screenshot-size` accepts, in logical pixels: from the smallest screen the window is laid out
/// for (docs/user-guide.md: it fits from 1280x720 up) to 8K.
inline constexpr QSize kMinScreenshotSize{1280, 720};
inline constexpr QSize kMaxScreenshotSize{7680, 4320};

/// `text` as "WIDTHxHEIGHT" (decimal digits, an "x" or "X" between, e.g. "1366x768") within
/// [kMinScreenshotSize, kMaxScreenshotSize]; nullopt with *error set (translated, naming the value and the
/// accepted range) otherwise.
std::optional<QSize> parseScreenshotSize(const QString& text, QString* error);

/// Resizes the (shown) window to `size` and shares it among the docks as a first start does
/// (MainWindow::applyDefaultDockSizes). False with *error set when the window did not take that size (its
/// minimum is larger).
bool sizeWindowForScreenshots(MainWindow& window, QSize size, QString* error);

/// Once the window's audit is open: sizes the window to `size` (sizeWindowForScreenshots), turns on "assume
/// C = 1 with one run" (so single-run cells have points in every plot), waits for every workspace to finish
/// (estimates and intervals), selects `row` of the trust table (-1: leave the selection; kMostFlipsRow: the
/// shown, labelled row with the highest phi, so the flip inspector has flips to show), then saves every dock
/// widget as DIR/<objectName>.png and every page of a tab widget inside a dock as DIR/<objectName>-<n>.png (n
/// from 1), each after showing and raising it. Each picture is window-sized at most and in device pixels
/// (size x the screen's pixel ratio for the whole window). When `clipped` is not null it gets one line
/// "<picture>: <problem>" per clippedTexts() problem of the dock as it was pictured. Returns the written
/// paths; on failure an empty list with *error set.
inline constexpr int kMostFlipsRow = -2;

QStringList savePanelScreenshots(MainWindow& window, const QString& dir, int row, QString* error,
                                 QSize size = kDefaultScreenshotSize, QStringList* clipped = nullptr);

/// The names savePanelScreenshots() writes (without ".png"), in its order: every dock, every tab page; read
/// from the window's widgets, so a new dock or tab is listed without an edit (`tribunal --list-panels`).
QStringList panelScreenshotNames(const MainWindow& window);

/// What a user would see cut off among the shown widgets of `root` (visible, with a visible area), one line
/// each: a label narrower than its minimum size hint (or, word-wrapped, lower than its height for its width),
/// a table header section narrower than its text, and a plot fully in view that draws in its outer 2 pixels
/// (times the pixel ratio; where a tick or axis label would be cut). Empty when nothing is.
QStringList clippedTexts(const QWidget* root);

} // namespace tribunal
