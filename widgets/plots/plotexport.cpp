#include "plots/plotexport.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>

namespace tribunal {

bool savePlotSvg(QCustomPlot& plot, const QString& path, int width, int height, QString* error)
{
    PlotExportSettings settings;
    settings.format = PlotFileFormat::Svg;
    settings.width = width;
    settings.height = height;
    return FigureRenderer(plot).write(path, settings, error);
}

bool savePlot(QCustomPlot& plot, const QString& path, const PlotExportSettings& settings, QString* error)
{
    return FigureRenderer(plot).write(path, settings, error);
}

PlotExportDialog::PlotExportDialog(QCustomPlot* plot, const QString& baseName, QWidget* parent)
    : QDialog(parent), m_plot(plot), m_format(new QComboBox(this)), m_preset(new QComboBox(this)),
      m_width(new QSpinBox(this)), m_height(new QSpinBox(this)), m_scale(new QDoubleSpinBox(this)),
      m_path(new QLineEdit(this))
{
    setWindowTitle(tr("Export plot"));
    m_format->addItem(tr("PDF (vector)"), static_cast<int>(PlotFileFormat::Pdf));
    m_format->addItem(tr("SVG (vector)"), static_cast<int>(PlotFileFormat::Svg));
    m_format->addItem(tr("PNG (image)"), static_cast<int>(PlotFileFormat::Png));
    for (FigurePreset preset : {FigurePreset::OneColumn, FigurePreset::TwoColumns, FigurePreset::Custom})
        m_preset->addItem(FigureRenderer::presetTitle(preset), static_cast<int>(preset));
    m_preset->setToolTip(tr("A paper preset sets the width, 9 pt text and a height that follows the plot "
                            "(one line per row where the plot has rows); PNG at 300 dpi."));
    for (QSpinBox* box : {m_width, m_height}) {
        box->setRange(50, 10000);
        box->setSuffix(tr(" px"));
    }
    m_scale->setRange(0.25, 8.0);
    m_scale->setSingleStep(0.5);
    m_scale->setDecimals(2);
    m_scale->setPrefix(QStringLiteral("× "));
    auto* browse = new QPushButton(tr("Browse…"), this);
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    auto* form = new QFormLayout(this);
    form->addRow(tr("&Format:"), m_format);
    form->addRow(tr("Si&ze:"), m_preset);
    form->addRow(tr("&Width:"), m_width);
    form->addRow(tr("&Height:"), m_height);
    form->addRow(tr("&Scale (PNG):"), m_scale);
    form->addRow(tr("F&ile:"), pathRow);
    form->addRow(buttons);

    const QSettings stored;
    PlotExportSettings initial;
    initial.format =
        static_cast<PlotFileFormat>(stored.value(QStringLiteral("plots/exportFormat"), 0).toInt());
    initial.preset = static_cast<FigurePreset>(
        stored.value(QStringLiteral("plots/exportPreset"), static_cast<int>(FigurePreset::OneColumn))
            .toInt());
    initial.width = stored.value(QStringLiteral("plots/exportWidth"), initial.width).toInt();
    initial.height = stored.value(QStringLiteral("plots/exportHeight"), initial.height).toInt();
    initial.scale = stored.value(QStringLiteral("plots/exportScale"), initial.scale).toDouble();
    const QString dir = stored.value(QStringLiteral("plots/exportDir"), QDir::homePath()).toString();
    setSettings(initial);
    setPath(QDir(dir).filePath(baseName + QLatin1Char('.') + plotFileSuffix(initial.format)));

    connect(m_format, &QComboBox::currentIndexChanged, this, &PlotExportDialog::formatChanged);
    connect(m_preset, &QComboBox::currentIndexChanged, this, &PlotExportDialog::presetChanged);
    connect(browse, &QPushButton::clicked, this, &PlotExportDialog::browse);
    connect(buttons, &QDialogButtonBox::accepted, this, &PlotExportDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &PlotExportDialog::reject);
}

PlotExportSettings PlotExportDialog::settings() const
{
    PlotExportSettings s;
    s.format = static_cast<PlotFileFormat>(m_format->currentData().toInt());
    s.preset = static_cast<FigurePreset>(m_preset->currentData().toInt());
    s.width = m_width->value();
    s.height = m_height->value();
    s.scale = m_scale->value();
    return s;
}

void PlotExportDialog::setSettings(const PlotExportSettings& settings)
{
    const int index = m_format->findData(static_cast<int>(settings.format));
    m_format->setCurrentIndex(index < 0 ? 0 : index);
    const int preset = m_preset->findData(static_cast<int>(settings.preset));
    m_preset->setCurrentIndex(preset < 0 ? 0 : preset);
    m_width->setValue(settings.width);
    m_height->setValue(settings.height);
    m_scale->setValue(settings.scale);
    formatChanged();
}

QString PlotExportDialog::path() const
{
    return m_path->text();
}

void PlotExportDialog::setPath(const QString& path)
{
    m_path->setText(path);
}

void PlotExportDialog::formatChanged()
{
    const auto format = settings().format;
    const QString unit = format == PlotFileFormat::Pdf ? tr(" pt") : tr(" px");
    m_width->setSuffix(unit);
    m_height->setSuffix(unit);
    presetChanged();
    // Keep the file name in step with the format.
    QString current = path();
    if (!current.isEmpty()) {
        const QFileInfo info(current);
        setPath(info.dir().filePath(info.completeBaseName() + QLatin1Char('.') + plotFileSuffix(format)));
    }
}

void PlotExportDialog::presetChanged()
{
    const auto s = settings();
    const bool custom = s.preset == FigurePreset::Custom;
    m_width->setEnabled(custom);
    m_height->setEnabled(custom);
    m_scale->setEnabled(custom && s.format == PlotFileFormat::Png);
}

void PlotExportDialog::browse()
{
    const auto format = settings().format;
    const QString filter = format == PlotFileFormat::Pdf   ? tr("PDF files (*.pdf)")
                           : format == PlotFileFormat::Svg ? tr("SVG files (*.svg)")
                                                           : tr("PNG images (*.png)");
    const QString chosen = QFileDialog::getSaveFileName(this, tr("Export plot"), path(), filter);
    if (!chosen.isEmpty())
        setPath(chosen);
}

bool PlotExportDialog::save()
{
    QString error;
    const auto s = settings();
    if (path().isEmpty()) {
        QMessageBox::warning(this, windowTitle(), tr("Choose a file to save to."));
        return false;
    }
    if (!savePlot(*m_plot, path(), s, &error)) {
        QMessageBox::warning(this, windowTitle(), error);
        return false;
    }
    QSettings stored;
    stored.setValue(QStringLiteral("plots/exportFormat"), static_cast<int>(s.format));
    stored.setValue(QStringLiteral("plots/exportPreset"), static_cast<int>(s.preset));
    stored.setValue(QStringLiteral("plots/exportWidth"), s.width);
    stored.setValue(QStringLiteral("plots/exportHeight"), s.height);
    stored.setValue(QStringLiteral("plots/exportScale"), s.scale);
    stored.setValue(QStringLiteral("plots/exportDir"), QFileInfo(path()).absolutePath());
    return true;
}

void PlotExportDialog::accept()
{
    if (save())
        QDialog::accept();
}

} // namespace tribunal
