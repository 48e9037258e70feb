#pragma once
// Saving a plot as a paper-ready figure (workbench.md journey 3): PDF and SVG (vector) and PNG (raster) at a
// chosen size, and the small dialog that asks for format, size and file. The plot is laid out at the chosen
// size for the file only; the widget on screen keeps its own size. GUI thread only.

#include <QDialog>
#include <QString>

class QCustomPlot;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;

namespace tribunal {

enum class PlotFileFormat { Pdf, Svg, Png };

struct PlotExportSettings {
    PlotFileFormat format = PlotFileFormat::Pdf;
    /// Layout size: points for PDF, pixels (user units) for SVG, logical pixels for PNG.
    int width = 640;
    int height = 480;
    /// PNG only: the image is width * scale x height * scale pixels (2 for a sharp figure at the same
    /// layout).
    double scale = 1.0;
};

/// "pdf", "svg", "png".
QString plotFileSuffix(PlotFileFormat format);

/// Writes `plot` to `path`. False with *error (optional) set when the file cannot be written or the size is
/// not positive.
bool savePlot(QCustomPlot& plot, const QString& path, const PlotExportSettings& settings,
              QString* error = nullptr);
/// SVG through QSvgGenerator and the plot's own painter (QCustomPlot has no SVG writer).
bool savePlotSvg(QCustomPlot& plot, const QString& path, int width, int height, QString* error = nullptr);

/// Asks for format, size and file and saves the plot; remembers the last choices in QSettings.
class PlotExportDialog : public QDialog {
    Q_OBJECT
public:
    /// `baseName` names the suggested file ("ceiling" -> ceiling.pdf).
    PlotExportDialog(QCustomPlot* plot, const QString& baseName, QWidget* parent = nullptr);

    PlotExportSettings settings() const;
    void setSettings(const PlotExportSettings& settings);
    QString path() const;
    void setPath(const QString& path);

    /// Saves with the current choices; on failure shows the reason and returns false.
    bool save();
    void accept() override;

private:
    void browse();
    void formatChanged();

    QCustomPlot* m_plot;
    QComboBox* m_format;
    QSpinBox* m_width;
    QSpinBox* m_height;
    QDoubleSpinBox* m_scale;
    QLineEdit* m_path;
};

} // namespace tribunal
