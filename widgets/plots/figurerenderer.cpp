#include "plots/figurerenderer.h"

#include "framework/qstrings.h"
#include "plots/interactiveplot.h"

#include "io/outputfile.h"

#include <qcustomplot.h>

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QFontInfo>
#include <QGuiApplication>
#include <QImage>
#include <QPdfWriter>
#include <QSvgGenerator>
#include <QTemporaryDir>

#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

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

int pointsToUnits(double points)
{
    return static_cast<int>(std::lround(points * FigureRenderer::kLayoutUnitsPerInch / 72.0));
}

/// Whether `plottable` draws anything: visible, with at least one point that is a number.
bool drawsSomething(QCPAbstractPlottable* plottable)
{
    if (!plottable || !plottable->visible())
        return false;
    QCPPlottableInterface1D* data = plottable->interface1D();
    if (!data)
        return true; // a 2D plottable (colour map): drawn when visible
    for (int i = 0; i < data->dataCount(); ++i)
        if (!std::isnan(data->dataMainValue(i)) && !std::isnan(data->dataMainKey(i)))
            return true;
    return false;
}

/// The size of `font` in points (pixel-sized fonts converted at the screen's resolution, as Qt draws them).
double fontPoints(const QFont& font)
{
    if (font.pointSizeF() > 0)
        return font.pointSizeF();
    const QFontInfo info(font);
    return info.pointSizeF() > 0 ? info.pointSizeF() : FigureRenderer::kPresetTextPoints;
}

} // namespace

/// Applies what every exported figure gets (see the header) and restores the plot when destroyed.
class FigureRenderer::ExportState {
public:
    ExportState(QCustomPlot& plot, bool presetText)
        : m_plot(plot), m_presetText(presetText), m_family(QFontInfo(QGuiApplication::font()).family()),
          m_basePoints(fontPoints(QGuiApplication::font())), m_oldViewport(plot.viewport())
    {
        if (auto* interactive = qobject_cast<InteractivePlot*>(&plot)) {
            if (QCPGraph* ring = interactive->highlightGraph()) {
                const bool was = ring->visible();
                ring->setVisible(false);
                m_restore.emplace_back([ring, was] { ring->setVisible(was); });
            }
        }
        applyFonts();
        const QMargins margins = plot.plotLayout()->margins();
        const int margin = pointsToUnits(kPageMarginPoints);
        plot.plotLayout()->setMargins(QMargins(margin, margin, margin, margin));
        m_restore.emplace_back([&plot, margins] { plot.plotLayout()->setMargins(margins); });
        filterLegend();
    }

    ~ExportState()
    {
        for (auto it = m_restore.rbegin(); it != m_restore.rend(); ++it)
            (*it)();
        m_plot.setViewport(m_oldViewport);
    }

    ExportState(const ExportState&) = delete;
    ExportState& operator=(const ExportState&) = delete;

    /// A legend row under the axes wraps into as many columns as fit `layoutWidth`.
    void wrapLegend(int layoutWidth)
    {
        QCPLegend* legend = m_plot.legend;
        if (!legend || !legend->visible() || legend->layout() != m_plot.plotLayout() || m_shown.empty())
            return;
        int widest = 0;
        for (QCPAbstractLegendItem* item : m_shown)
            widest = std::max(widest, item->minimumOuterSizeHint().width());
        const QMargins outer = m_plot.plotLayout()->margins();
        const int available =
            layoutWidth - outer.left() - outer.right() - legend->margins().left() - legend->margins().right();
        const int spacing = legend->columnSpacing();
        const int columns = std::max(1, (available + spacing) / std::max(1, widest + spacing));
        if (columns >= static_cast<int>(m_shown.size()))
            return;
        takeAll();
        legend->setWrap(columns);
        for (QCPAbstractLegendItem* item : m_shown)
            legend->addItem(item);
    }

    /// The default font of a painter on the figure (what QSvgGenerator names in every group).
    QFont painterFont() const { return exportFont(QGuiApplication::font()); }

    /// After a layout at the figure's size: fewer ticks on a horizontal number axis whose labels would
    /// touch, and axis titles longer than their axis wrapped at spaces. Call once.
    void fitAxes()
    {
        QCPAxisRect* rect = m_plot.axisRect();
        if (!rect)
            return;
        for (QCPAxis* axis : rect->axes()) {
            const bool horizontal = axis->orientation() == Qt::Horizontal;
            const int length = horizontal ? rect->width() : rect->height();
            if (horizontal && axis->visible() && axis->tickLabels() && axis->ticker() &&
                !axis->ticker().dynamicCast<QCPAxisTickerText>()) {
                const QFontMetrics metrics(axis->tickLabelFont());
                int widest = 1;
                for (const QString& label : axis->tickVectorLabels())
                    widest = std::max(widest, metrics.horizontalAdvance(label));
                const int ticks = axis->ticker()->tickCount();
                const int fit = std::max(2, static_cast<int>(length / (1.8 * widest)));
                if (fit < ticks) {
                    const QSharedPointer<QCPAxisTicker> ticker = axis->ticker();
                    ticker->setTickCount(fit);
                    m_restore.emplace_back([ticker, ticks] { ticker->setTickCount(ticks); });
                }
            }
            const QString label = axis->label();
            const QFontMetrics metrics(axis->labelFont());
            if (label.isEmpty() || label.contains(QLatin1Char('\n')) ||
                metrics.horizontalAdvance(label) <= length)
                continue;
            QStringList lines;
            for (const QString& word : label.split(QLatin1Char(' '))) {
                if (!lines.isEmpty() &&
                    metrics.horizontalAdvance(lines.constLast() + QLatin1Char(' ') + word) <= length)
                    lines.last() += QLatin1Char(' ') + word;
                else
                    lines << word;
            }
            axis->setLabel(lines.join(QLatin1Char('\n')));
            m_restore.emplace_back([axis, label] { axis->setLabel(label); });
        }
    }

private:
    void keepFont(const QFont& font, const std::function<void(const QFont&)>& set)
    {
        m_restore.emplace_back([font, set] { set(font); });
        set(exportFont(font));
    }

    QFont exportFont(QFont font) const
    {
        const double points = fontPoints(font);
        if (!m_family.isEmpty())
            font.setFamily(m_family);
        if (m_presetText) {
            // The application font's size becomes the preset's; smaller and larger ones keep their
            // proportion.
            const double target = std::clamp(kPresetTextPoints * points / std::max(1.0, m_basePoints),
                                             kMinTextPoints, kPresetTextPoints * 1.25);
            font.setPixelSize(std::max(1, pointsToUnits(target)));
        }
        return font;
    }

    void applyFonts()
    {
        for (QCPAxisRect* rect : m_plot.axisRects()) {
            for (QCPAxis* axis : rect->axes()) {
                keepFont(axis->labelFont(), [axis](const QFont& f) { axis->setLabelFont(f); });
                keepFont(axis->tickLabelFont(), [axis](const QFont& f) { axis->setTickLabelFont(f); });
                keepFont(axis->selectedLabelFont(),
                         [axis](const QFont& f) { axis->setSelectedLabelFont(f); });
                keepFont(axis->selectedTickLabelFont(),
                         [axis](const QFont& f) { axis->setSelectedTickLabelFont(f); });
            }
        }
        if (QCPLegend* legend = m_plot.legend) {
            keepFont(legend->font(), [legend](const QFont& f) { legend->setFont(f); });
            keepFont(legend->selectedFont(), [legend](const QFont& f) { legend->setSelectedFont(f); });
            for (int i = 0; i < legend->itemCount(); ++i) {
                QCPAbstractLegendItem* item = legend->item(i);
                keepFont(item->font(), [item](const QFont& f) { item->setFont(f); });
                keepFont(item->selectedFont(), [item](const QFont& f) { item->setSelectedFont(f); });
            }
        }
        for (QCPLayoutElement* element : m_plot.plotLayout()->elements(true)) {
            if (auto* text = qobject_cast<QCPTextElement*>(element)) {
                keepFont(text->font(), [text](const QFont& f) { text->setFont(f); });
                keepFont(text->selectedFont(), [text](const QFont& f) { text->setSelectedFont(f); });
            }
        }
        for (int i = 0; i < m_plot.itemCount(); ++i) {
            if (auto* text = qobject_cast<QCPItemText*>(m_plot.item(i))) {
                keepFont(text->font(), [text](const QFont& f) { text->setFont(f); });
                keepFont(text->selectedFont(), [text](const QFont& f) { text->setSelectedFont(f); });
            }
        }
    }

    void takeAll()
    {
        QCPLegend* legend = m_plot.legend;
        for (QCPAbstractLegendItem* item : m_all)
            if (item->layout() == legend)
                legend->take(item);
        legend->simplify();
    }

    /// Only the entries of plottables that draw something; the legend hidden when none does.
    void filterLegend()
    {
        QCPLegend* legend = m_plot.legend;
        if (!legend || !legend->visible())
            return;
        for (int i = 0; i < legend->itemCount(); ++i)
            m_all.push_back(legend->item(i));
        for (QCPAbstractLegendItem* item : m_all) {
            auto* entry = qobject_cast<QCPPlottableLegendItem*>(item);
            if (!entry || drawsSomething(entry->plottable())) {
                m_shown.push_back(item);
            } else if (item->visible()) {
                // Taken out of the grid it would still be drawn where it was laid out last.
                item->setVisible(false);
                m_restore.emplace_back([item] { item->setVisible(true); });
            }
        }
        const int wrap = legend->wrap();
        m_restore.emplace_back([this, legend, wrap] {
            takeAll();
            legend->setWrap(wrap);
            for (QCPAbstractLegendItem* item : m_all)
                legend->addItem(item);
            legend->setVisible(true);
        });
        if (m_shown.size() == m_all.size())
            return;
        takeAll();
        for (QCPAbstractLegendItem* item : m_shown)
            legend->addItem(item);
        legend->setVisible(!m_shown.empty());
    }

    QCustomPlot& m_plot;
    bool m_presetText;
    QString m_family;
    double m_basePoints = kPresetTextPoints;
    QRect m_oldViewport;
    std::vector<std::function<void()>> m_restore;
    std::vector<QCPAbstractLegendItem*> m_all;
    std::vector<QCPAbstractLegendItem*> m_shown;
};

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

FigureRenderer::FigureRenderer(QCustomPlot& plot) : m_plot(plot) {}

double FigureRenderer::presetWidthInches(FigurePreset preset)
{
    switch (preset) {
    case FigurePreset::OneColumn:
        return 3.5;
    case FigurePreset::TwoColumns:
        return 7.0;
    case FigurePreset::Custom:
        break;
    }
    return 0.0;
}

QString FigureRenderer::presetTitle(FigurePreset preset)
{
    switch (preset) {
    case FigurePreset::OneColumn:
        return QCoreApplication::translate("tribunal::FigureRenderer", "One column (3.5 in)");
    case FigurePreset::TwoColumns:
        return QCoreApplication::translate("tribunal::FigureRenderer", "Two columns (7.0 in)");
    case FigurePreset::Custom:
        break;
    }
    return QCoreApplication::translate("tribunal::FigureRenderer", "Custom size");
}

QSize FigureRenderer::presetLayoutSize(FigurePreset preset)
{
    const int width = static_cast<int>(std::lround(presetWidthInches(preset) * kLayoutUnitsPerInch));
    const auto layoutAt = [this, width](int height) {
        m_plot.setViewport(QRect(0, 0, width, height));
        QCPLayoutGrid* layout = m_plot.plotLayout();
        layout->update(QCPLayoutElement::upPreparation);
        layout->update(QCPLayoutElement::upMargins);
        layout->update(QCPLayoutElement::upLayout);
        return m_plot.axisRect() ? m_plot.axisRect()->height() : height;
    };
    // One row per category: a text ticker on the vertical axis, its ticks kRowPitch lines apart.
    double rowAxisHeight = 0.0;
    if (QCPAxis* axis = m_plot.yAxis) {
        if (auto ticker = axis->ticker().dynamicCast<QCPAxisTickerText>();
            ticker && ticker->ticks().size() > 0) {
            double spacing = 1.0;
            if (ticker->ticks().size() > 1) {
                spacing = std::numeric_limits<double>::infinity();
                const QList<double> keys = ticker->ticks().keys();
                for (qsizetype i = 1; i < keys.size(); ++i)
                    if (keys[i] > keys[i - 1])
                        spacing = std::min(spacing, keys[i] - keys[i - 1]);
                if (!std::isfinite(spacing))
                    spacing = 1.0;
            }
            const int line = QFontMetrics(axis->tickLabelFont()).height();
            rowAxisHeight = axis->range().size() / spacing * kRowPitch * line;
        }
    }
    const double minAxis = kMinAxisRectShare * width;
    const int aspectHeight = static_cast<int>(std::lround(width * kPresetAspect));
    int height = rowAxisHeight > 0.0 ? width : aspectHeight;
    for (int pass = 0; pass < 4; ++pass) {
        const int overhead = height - layoutAt(height);
        double wanted = rowAxisHeight > 0.0 ? overhead + std::max(rowAxisHeight, minAxis)
                                            : std::max<double>(aspectHeight, overhead + minAxis);
        // Whole points: a multiple of 4 units is a multiple of 3 points.
        const int next = static_cast<int>(std::ceil(wanted / 4.0)) * 4;
        if (next == height)
            break;
        height = next;
    }
    return {width, height};
}

QSizeF FigureRenderer::pageSizePoints(const PlotExportSettings& settings)
{
    if (settings.preset == FigurePreset::Custom)
        return QSizeF(settings.width, settings.height);
    QSize layout;
    {
        ExportState state(m_plot, true);
        state.wrapLegend(
            static_cast<int>(std::lround(presetWidthInches(settings.preset) * kLayoutUnitsPerInch)));
        layout = presetLayoutSize(settings.preset);
        state.fitAxes();
        layout = presetLayoutSize(settings.preset);
    }
    m_plot.replot();
    return QSizeF(layout) * (72.0 / kLayoutUnitsPerInch);
}

bool FigureRenderer::render(const QString& path, const PlotExportSettings& settings)
{
    const bool preset = settings.preset != FigurePreset::Custom;
    ExportState state(m_plot, preset);
    if (!preset) {
        state.wrapLegend(settings.width);
        switch (settings.format) {
        case PlotFileFormat::Pdf:
            return m_plot.savePdf(path, settings.width, settings.height, QCP::epNoCosmetic);
        case PlotFileFormat::Png:
            return m_plot.savePng(path, settings.width, settings.height, settings.scale);
        case PlotFileFormat::Svg:
            break;
        }
    }
    QSize layout(settings.width, settings.height);
    if (preset) {
        state.wrapLegend(
            static_cast<int>(std::lround(presetWidthInches(settings.preset) * kLayoutUnitsPerInch)));
        layout = presetLayoutSize(settings.preset);
        state.fitAxes();
        layout = presetLayoutSize(settings.preset);
    }
    const QSizeF points = QSizeF(layout) * (72.0 / kLayoutUnitsPerInch);
    QCPPainter painter;
    switch (settings.format) {
    case PlotFileFormat::Pdf: {
        QPdfWriter writer(path);
        writer.setResolution(static_cast<int>(kLayoutUnitsPerInch));
        writer.setCreator(QStringLiteral("Tribunal"));
        QPageLayout page(QPageSize(points, QPageSize::Point, QString(), QPageSize::ExactMatch),
                         QPageLayout::Portrait, QMarginsF(0, 0, 0, 0));
        page.setMode(QPageLayout::FullPageMode);
        if (!writer.setPageLayout(page) || !painter.begin(&writer))
            return false;
        painter.setFont(state.painterFont());
        painter.setMode(QCPPainter::pmVectorized);
        painter.setMode(QCPPainter::pmNoCaching);
        painter.setMode(QCPPainter::pmNonCosmetic);
        m_plot.toPainter(&painter, layout.width(), layout.height());
        return painter.end();
    }
    case PlotFileFormat::Svg: {
        QSvgGenerator generator;
        generator.setFileName(path);
        generator.setSize(layout);
        generator.setViewBox(QRect(QPoint(0, 0), layout));
        generator.setResolution(static_cast<int>(kLayoutUnitsPerInch)); // width / height in mm from it
        if (!painter.begin(&generator))
            return false;
        painter.setFont(state.painterFont());
        // As savePdf does: vector output, no pixmap cache, cosmetic pens kept at their width.
        painter.setMode(QCPPainter::pmVectorized);
        painter.setMode(QCPPainter::pmNoCaching);
        m_plot.toPainter(&painter, layout.width(), layout.height());
        return painter.end();
    }
    case PlotFileFormat::Png: {
        const double scale = kPresetPngDpi / kLayoutUnitsPerInch;
        QImage image(static_cast<int>(std::lround(layout.width() * scale)),
                     static_cast<int>(std::lround(layout.height() * scale)), QImage::Format_ARGB32);
        image.fill(Qt::white);
        if (!painter.begin(&image))
            return false;
        painter.setFont(state.painterFont());
        painter.setMode(QCPPainter::pmNoCaching);
        painter.scale(scale, scale);
        m_plot.toPainter(&painter, layout.width(), layout.height());
        painter.end();
        // Recorded after drawing: the fonts are pixel-sized in layout units, scaled by the painter.
        const int dotsPerMeter = static_cast<int>(std::lround(kPresetPngDpi / 0.0254));
        image.setDotsPerMeterX(dotsPerMeter);
        image.setDotsPerMeterY(dotsPerMeter);
        return image.save(path, "PNG");
    }
    }
    return false;
}

bool FigureRenderer::write(const QString& path, const PlotExportSettings& settings, QString* error)
{
    const QString shown = shownName(QDir::toNativeSeparators(path));
    const bool custom = settings.preset == FigurePreset::Custom;
    if (custom && (settings.width <= 0 || settings.height <= 0 || !(settings.scale > 0.0)))
        return fail(error, QCoreApplication::translate("tribunal::PlotExportDialog",
                                                       "The figure size must be positive."));
    // Rendered into a scratch file first, then written by the output policy (io/outputfile.h) like every
    // other export: complete or not at all, links followed, read-only files refused, FIFOs written in place.
    QTemporaryDir scratch;
    if (!scratch.isValid())
        return fail(error, QCoreApplication::translate("tribunal::PlotExportDialog",
                                                       "Cannot write %1: no temporary directory (%2).")
                               .arg(shown, scratch.errorString()));
    const QString rendered = scratch.filePath(QStringLiteral("plot.") + plotFileSuffix(settings.format));
    const bool ok = render(rendered, settings);
    m_plot.replot(); // the file was laid out at its own size; lay the widget out at its size again
    QFile file(rendered);
    if (!ok || !writtenNonEmpty(rendered) || !file.open(QIODevice::ReadOnly))
        return fail(error,
                    QCoreApplication::translate("tribunal::PlotExportDialog", "Cannot write %1.").arg(shown));
    const QByteArray bytes = file.readAll();
    const std::string target = QFile::encodeName(path).toStdString();
    std::string err;
    if (!writeOutputFile(target, std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())),
                         &err)) {
        const std::string prefix = target + ": ";
        const std::string reason = err.rfind(prefix, 0) == 0 ? err.substr(prefix.size()) : err;
        return fail(error, QCoreApplication::translate("tribunal::PlotExportDialog", "Cannot write %1: %2.")
                               .arg(shown, QString::fromStdString(reason)));
    }
    return true;
}

} // namespace tribunal
