#pragma once
// Saving a plot as a paper-ready figure (workbench.md journey 3, issue 27): PDF and SVG (vector) and PNG
// (raster) at a paper preset (one or two columns, 9 pt text, the height following the content) or a custom
// size, and the small dialog that asks for format, size and file. The files are written by
// plots/figurerenderer.h; the plot is laid out at the figure's size for the file only; the widget on screen
// keeps its own size. GUI thread only.

#include "plots/figurerenderer.h"

#include <QDialog>
#include <QString>

class QCustomPlot;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;

namespace tribunal {

/// Writes `plot` to `path` (FigureRenderer::write). False with *error (optional) set when the file cannot be
/// written or the size is not positive.
bool savePlot(QCustomPlot& plot, const QString& path, const PlotExportSettings& settings,
              QString* error = nullptr);
/// SVG at a custom size (width x height user units), as savePlot with FigurePreset::Custom.
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
    void presetChanged();

    QCustomPlot* m_plot;
    QComboBox* m_format;
    QComboBox* m_preset;
    QSpinBox* m_width;
    QSpinBox* m_height;
    QDoubleSpinBox* m_scale;
    QLineEdit* m_path;
};

} // namespace tribunal
