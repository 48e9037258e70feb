#pragma once
// The plot registry (docs/plots.md): every plot of the workbench (each InteractivePlot a dock builds), its
// data series, and for each series the tribunal-cli table that reproduces it. The project's rule is that
// every number on screen can be reproduced with tribunal-cli; tests/gui/tst_plotregistry.cpp iterates this
// list and holds every plot to it, so a plot is its own files plus one entry here.
//
// The contract of an entry:
// - `PlotDescriptor::id` is the plot's plotId() and `className` its metaObject()->className(); the registry
//   names every InteractivePlot of the main window's docks exactly once (a new plot without an entry fails
//   tst_plotregistry).
// - A series is what the plot draws from data (a graph, its error bars, the cells of a heatmap, a
//   data-derived line). Fixed geometry and settings drawn as lines (the T5 ceiling, the iso-T contours, the
//   diagonal of perfect calibration, the failure-map thresholds, the margin line, s = 0, the slider's tau)
//   are not series: they carry no number of the audit.
// - `PlotSeries::id` is what the plot's plottedPoints(id) answers: the points as drawn, read back from the
//   QCPGraph / QCPErrorBars data (or, for heatmaps of QCPItemRects, the number written in each cell), each
//   keyed by the CLI column names and cell texts of the row it stands for.
// - A covered series names its command and options: plotCliArguments() gives `command INPUT options...
//   <the dock's settings> --format csv`, where the options' placeholders are filled from the plot and its
//   workspace ({over}: the swept column; {judges}: --panel, --first and --fallbacks of the Cascades dock)
//   and the settings are those the shown numbers were computed with, where they differ from the CLI's
//   defaults. Its table's rows after `filter` are exactly the points the plot draws over all `states`, one
//   row per point, joined by the key; x / y / lower / upper are columns or sums of columns times factors
//   (A - phi/2), equal to the drawn numbers bit for bit (the CSV prints shortest round-trip numbers), except
//   interval ends drawn as QCPErrorBars offsets, read back as value -/+ offset (to 1e-12), and numbers the
//   plot writes as text (`shownDecimals` >= 0), which equal the CLI's to that rounding.
// - A series without a CLI table has an empty command and says why in `reason`; tst_plotregistry pins the
//   list of those, so a new uncovered series fails until it is listed there too.
// GUI thread only (the arguments read the workspaces' current views).

#include "plots/interactiveplot.h"

#include "model/audit.h"

#include <QString>
#include <QStringList>

#include <utility>
#include <vector>

namespace tribunal {

class BiasWorkspace;
class CascadeWorkspace;
class RubricWorkspace;
class TrustWorkspace;
struct BiasRowKey;

/// A number of a CLI row: the sum of columns times factors ({{"A", 1.0}, {"phi", -0.5}} is A - phi/2; one
/// column is {{"phi", 1.0}}). Empty: the series has no such number (or only the plot's position, as a
/// category index). A term whose cell is empty makes the number missing.
using PlotColumn = std::vector<std::pair<QString, double>>;

/// The dock a plot belongs to: whose workspace settings its commands carry.
enum class PlotDock { Plots, Bias, Rubric, Cascades };

/// The states a plot is walked through to draw every point of its series (it draws one at a time).
enum class PlotStates {
    One,          ///< everything at once
    BiasFamilies, ///< each family (format, condition) of the Bias dock
    RubricRows,   ///< each row of the Rubric dock's table selected
    CascadeKinds, ///< each kind (binary, ordinal) of the Cascades dock's panel
};

struct PlotSeries {
    QString id;          ///< plottedPoints(id)
    QString description; ///< what is drawn, in a few words (English; for the docs and the test's row names)
    QString command;     ///< the CLI command; empty: cliTable = none (see reason)
    QStringList options; ///< after the input, before the dock's settings; may hold {over} and {judges}
    PlotColumn x, y, lower, upper;
    QString label;    ///< the column equal to PlottedPoint::label (a verdict), or empty
    QStringList keys; ///< the key columns ("[conditions]": the condition columns the table has)
    /// The rows the plot draws: `column=value` (alternatives `a|b`) or `column!=` (not empty), joined by ';'.
    QString filter;
    int shownDecimals = -1; ///< >= 0: y is the text written on the point, rounded to that many decimals
    QString reason;         ///< with no command: why there is no table, and what would add one
};

struct PlotDescriptor {
    QString id;        ///< InteractivePlot::plotId()
    QString className; ///< metaObject()->className()
    PlotDock dock = PlotDock::Plots;
    PlotStates states = PlotStates::One;
    std::vector<PlotSeries> series;
};

/// Every plot, dock by dock (Plots, Bias tests, Rubric judges, Cascades), in tab order.
const std::vector<PlotDescriptor>& plotRegistry();
/// The entry of plotId `id`, or null.
const PlotDescriptor* findPlotDescriptor(const QString& id);

/// The workspaces whose settings the commands carry (any may be null when its dock is not asked for).
struct PlotWorkspaces {
    const TrustWorkspace* trust = nullptr;
    const BiasWorkspace* bias = nullptr;
    const RubricWorkspace* rubric = nullptr;
    const CascadeWorkspace* cascades = nullptr;
};

/// The arguments of tribunal-cli that write a covered series' table for `input` (see the file comment);
/// empty for a series without a command.
QStringList plotCliArguments(const PlotDescriptor& plot, const PlotSeries& series, const QString& input,
                             const InteractivePlot& drawn, const PlotWorkspaces& workspaces);

/// Key helpers for plottedPoints(): judge, format and one entry per condition key of the audit (its value
/// in `condition`, empty where it has none), as the CLI's judge tables name them.
std::vector<std::pair<QString, QString>> judgeFormatKey(const Audit& audit, StrId judge, StrId format,
                                                        CondId condition);
/// judgeFormatKey, then test and version (`tribunal-cli bias --table excess`).
std::vector<std::pair<QString, QString>> biasRowKey(const Audit& audit, const BiasRowKey& key);
/// A number as a key text (shortest round-trip; the test compares keys that read as numbers as numbers).
QString keyNumber(double value);

} // namespace tribunal
