#pragma once
// Writing a QCustomPlot as a figure file (issue 27, item 5: paper-ready figures): PDF, SVG or PNG, at a paper
// preset or at a custom size. The one renderer of the workbench's figures: the Export… buttons of every plot
// tab (plots/plotexport.h) go through it, and a command line can call it with a plot it built.
//
// What every figure gets, whatever the size:
// - no selection or hover decoration (an InteractivePlot's selection ring) is drawn: hidden while rendering;
// - the legend lists only the plottables that draw something now (a graph without a point has no entry),
//   and stays inside the page: the plot layout keeps a margin of kPageMarginPoints on every side, and a
//   legend row under the axes wraps into as many rows as its entries need at the page's width;
// - every font names the application's resolved family ("DejaVu Sans", not the generic "Sans Serif" an SVG
//   reader cannot resolve);
// - PDFs are written by QPdfWriter, which embeds the (subset) fonts.
// A preset ("One column", 3.5 in; "Two columns", 7.0 in) also sets:
// - every text at kPresetTextPoints (9 pt; smaller fonts of the plot, e.g. heatmap cell numbers, keep their
//   proportion to the application font, never under 6 pt), independent of the screen: the figure is laid out
//   at kLayoutUnitsPerInch units per inch with pixel-sized fonts, so neither layout nor text depend on the
//   screen's dots per inch;
// - the height: a plot with one row per category (a text ticker on its vertical axis: the bias forest plot,
//   the heatmaps) gets kRowPitch x the tick labels' line height per row, so labels never overlap; any
//   other plot the aspect kPresetAspect (height / width), grown where its axis labels leave the axis rect
//   less than kMinAxisRectShare of the width;
// - PDF pages of exactly the preset's width in points (the height rounded to whole points), SVG with the same
//   physical size (width / height in mm, view box in layout units), PNG at kPresetPngDpi (300 dpi, recorded
//   in the file).
// Everything the renderer changes on the plot (fonts, legend entries, margins, ring visibility, viewport) is
// restored before write() returns, and the plot is replotted at its own size. GUI thread only.

#include <QSize>
#include <QSizeF>
#include <QString>

class QCustomPlot;

namespace tribunal {

enum class PlotFileFormat { Pdf, Svg, Png };

/// The figure sizes offered for papers. Custom: the caller's width / height (and PNG scale).
enum class FigurePreset { OneColumn, TwoColumns, Custom };

struct PlotExportSettings {
    PlotFileFormat format = PlotFileFormat::Pdf;
    FigurePreset preset = FigurePreset::Custom;
    /// Custom only. Layout size: points for PDF, pixels (user units) for SVG, logical pixels for PNG.
    int width = 640;
    int height = 480;
    /// Custom PNG only: the image is width * scale x height * scale pixels.
    double scale = 1.0;
};

/// "pdf", "svg", "png".
QString plotFileSuffix(PlotFileFormat format);

class FigureRenderer {
public:
    static constexpr double kLayoutUnitsPerInch = 96.0;
    static constexpr double kPresetTextPoints = 9.0;
    static constexpr double kMinTextPoints = 6.0;
    static constexpr double kPageMarginPoints = 4.5;
    static constexpr double kRowPitch = 1.5;
    static constexpr double kPresetAspect = 0.75;
    static constexpr double kMinAxisRectShare = 0.45;
    static constexpr int kPresetPngDpi = 300;

    explicit FigureRenderer(QCustomPlot& plot);

    /// The preset's width in inches (0 for Custom).
    static double presetWidthInches(FigurePreset preset);
    /// The translated name shown in the export dialog ("One column (3.5 in)").
    static QString presetTitle(FigurePreset preset);

    /// The page size in points the figure gets with `settings` (a preset's height follows the content as
    /// described above; Custom: width x height as given).
    QSizeF pageSizePoints(const PlotExportSettings& settings);

    /// Writes the figure to `path` through the output policy (io/outputfile.h: complete or not at all, links
    /// followed, read-only files refused). False with *error (optional) set, translated, when the size is not
    /// positive or the file cannot be written.
    bool write(const QString& path, const PlotExportSettings& settings, QString* error = nullptr);

private:
    class ExportState;
    /// Lays the plot out at the preset's width (export state applied) and returns the layout size.
    QSize presetLayoutSize(FigurePreset preset);
    bool render(const QString& path, const PlotExportSettings& settings);

    QCustomPlot& m_plot;
};

} // namespace tribunal
