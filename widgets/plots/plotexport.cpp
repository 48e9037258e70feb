#include "plots/plotexport.h"

#include "framework/qstrings.h"

#include "io/outputfile.h"

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
#include <QSvgGenerator>
#include <QTemporaryDir>

namespace tribunal {

namespace {

bool fail(QString* error, const QString& text)
{
    if (error)
        *error = text;
    return false;
}

bool writtenNonEmpty(const QString& path)
{
    const QFileInfo info(path);
    return info.exists() && info.size() > 0;
}

} // namespace

QString plotFileSuffix(PlotFileFormat format)
{
    switch (format) {
    case PlotFileFormat::Pdf:
        return QStringLiteral("pdf");
    case PlotFileFormat::Svg:
        return QStringLiteral("svg");
    case PlotFileFormat::Png:
        return QStringLiteral("png");
    }
    return {};
}

bool savePlotSvg(QCustomPlot& plot, const QString& path, int width, int height, QString* error)
{
    QSvgGenerator generator;
    generator.setFileName(path);
    generator.setSize(QSize(width, height));
    generator.setViewBox(QRect(0, 0, width, height));
    generator.setResolution(96);
    QCPPainter painter;
    if (!painter.begin(&generator))
        return fail(error,
                    PlotExportDialog::tr("Cannot write %1.").arg(shownName(QDir::toNativeSeparators(path))));
    // As savePdf does: vector output, no pixmap cache, cosmetic pens kept at their width.
    painter.setMode(QCPPainter::pmVectorized);
    painter.setMode(QCPPainter::pmNoCaching);
    plot.toPainter(&painter, width, height);
    painter.end();
    plot.replot(); // toPainter laid the plot out at the file's size
    if (!writtenNonEmpty(path))
        return fail(error,
                    PlotExportDialog::tr("Cannot write %1.").arg(shownName(QDir::toNativeSeparators(path))));
    return true;
}

bool savePlot(QCustomPlot& plot, const QString& path, const PlotExportSettings& settings, QString* error)
{
    if (settings.width <= 0 || settings.height <= 0 || !(settings.scale > 0.0))
        return fail(error, PlotExportDialog::tr("The figure size must be positive."));
    // Rendered into a scratch file first, then written by the output policy (io/outputfile.h) like every
    // other export: complete or not at all, links followed, read-only files refused, FIFOs written in place.
    QTemporaryDir scratch;
    if (!scratch.isValid())
        return fail(error, PlotExportDialog::tr("Cannot write %1: no temporary directory (%2).")
                               .arg(shownName(QDir::toNativeSeparators(path)), scratch.errorString()));
    const QString rendered = scratch.filePath(QStringLiteral("plot.") + plotFileSuffix(settings.format));
    bool ok = false;
    switch (settings.format) {
    case PlotFileFormat::Pdf:
        ok = plot.savePdf(rendered, settings.width, settings.height, QCP::epNoCosmetic);
        break;
    case PlotFileFormat::Svg:
        ok = savePlotSvg(plot, rendered, settings.width, settings.height, error);
        if (!ok)
            return fail(
                error,
                PlotExportDialog::tr("Cannot write %1.").arg(shownName(QDir::toNativeSeparators(path))));
        break;
    case PlotFileFormat::Png:
        ok = plot.savePng(rendered, settings.width, settings.height, settings.scale);
        break;
    }
    plot.replot(); // the file was laid out at its own size; lay the widget out at its size again
    QFile file(rendered);
    if (!ok || !writtenNonEmpty(rendered) || !file.open(QIODevice::ReadOnly))
        return fail(error,
                    PlotExportDialog::tr("Cannot write %1.").arg(shownName(QDir::toNativeSeparators(path))));
    const QByteArray bytes = file.readAll();
    const std::string target = QFile::encodeName(path).toStdString();
    std::string err;
    if (!writeOutputFile(target, std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())),
                         &err)) {
        const std::string prefix = target + ": ";
        const std::string reason = err.rfind(prefix, 0) == 0 ? err.substr(prefix.size()) : err;
        return fail(error,
                    PlotExportDialog::tr("Cannot write %1: %2.")
                        .arg(shownName(QDir::toNativeSeparators(path)), QString::fromStdString(reason)));
    }
    return true;
}

PlotExportDialog::PlotExportDialog(QCustomPlot* plot, const QString& baseName, QWidget* parent)
    : QDialog(parent), m_plot(plot), m_format(new QComboBox(this)), m_width(new QSpinBox(this)),
      m_height(new QSpinBox(this)), m_scale(new QDoubleSpinBox(this)), m_path(new QLineEdit(this))
{
    setWindowTitle(tr("Export plot"));
    m_format->addItem(tr("PDF (vector)"), static_cast<int>(PlotFileFormat::Pdf));
    m_format->addItem(tr("SVG (vector)"), static_cast<int>(PlotFileFormat::Svg));
    m_format->addItem(tr("PNG (image)"), static_cast<int>(PlotFileFormat::Png));
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
    form->addRow(tr("&Width:"), m_width);
    form->addRow(tr("&Height:"), m_height);
    form->addRow(tr("&Scale (PNG):"), m_scale);
    form->addRow(tr("F&ile:"), pathRow);
    form->addRow(buttons);

    const QSettings stored;
    PlotExportSettings initial;
    initial.format =
        static_cast<PlotFileFormat>(stored.value(QStringLiteral("plots/exportFormat"), 0).toInt());
    initial.width = stored.value(QStringLiteral("plots/exportWidth"), initial.width).toInt();
    initial.height = stored.value(QStringLiteral("plots/exportHeight"), initial.height).toInt();
    initial.scale = stored.value(QStringLiteral("plots/exportScale"), initial.scale).toDouble();
    const QString dir = stored.value(QStringLiteral("plots/exportDir"), QDir::homePath()).toString();
    setSettings(initial);
    setPath(QDir(dir).filePath(baseName + QLatin1Char('.') + plotFileSuffix(initial.format)));

    connect(m_format, &QComboBox::currentIndexChanged, this, &PlotExportDialog::formatChanged);
    connect(browse, &QPushButton::clicked, this, &PlotExportDialog::browse);
    connect(buttons, &QDialogButtonBox::accepted, this, &PlotExportDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &PlotExportDialog::reject);
}

PlotExportSettings PlotExportDialog::settings() const
{
    PlotExportSettings s;
    s.format = static_cast<PlotFileFormat>(m_format->currentData().toInt());
    s.width = m_width->value();
    s.height = m_height->value();
    s.scale = m_scale->value();
    return s;
}

void PlotExportDialog::setSettings(const PlotExportSettings& settings)
{
    const int index = m_format->findData(static_cast<int>(settings.format));
    m_format->setCurrentIndex(index < 0 ? 0 : index);
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
    m_scale->setEnabled(format == PlotFileFormat::Png);
    // Keep the file name in step with the format.
    QString current = path();
    if (!current.isEmpty()) {
        const QFileInfo info(current);
        setPath(info.dir().filePath(info.completeBaseName() + QLatin1Char('.') + plotFileSuffix(format)));
    }
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
