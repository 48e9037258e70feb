#include "framework/panelscreenshots.h"

#include "framework/auditsession.h"
#include "framework/mainwindow.h"
#include "plots/interactiveplot.h"
#include "trust/trustworkspace.h"

#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QRegularExpression>
#include <QTabWidget>
#include <QTableView>

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

/// Calls visit(dock, tabs, page, name) for every picture: each dock of the window (tabs null), then each page
/// of the tab widgets inside it. Pages are numbered across the dock's tab widgets, so a dock with two (Rubric
/// judges: tables and plots) does not overwrite its first pictures. False as soon as visit returns false.
template <class Visit> bool forEachPicture(const MainWindow& window, Visit&& visit)
{
    for (auto* dock : window.findChildren<QDockWidget*>()) {
        if (dock->parentWidget() != &window || dock->objectName().isEmpty())
            continue;
        if (!visit(dock, static_cast<QTabWidget*>(nullptr), -1, dock->objectName()))
            return false;
        int picture = 0;
        for (auto* tabs : dock->findChildren<QTabWidget*>())
            for (int page = 0; page < tabs->count(); ++page)
                if (!visit(dock, tabs, page, QStringLiteral("%1-%2").arg(dock->objectName()).arg(++picture)))
                    return false;
    }
    return true;
}

/// Visible, with some area inside every ancestor (not scrolled away or behind another tab).
bool shown(const QWidget* w)
{
    return w->isVisible() && !w->visibleRegion().isEmpty();
}

/// A short path of object names from `w` up to its window, for the problem lines.
QString nameOf(const QWidget* w)
{
    QStringList parts;
    for (const QWidget* p = w; p != nullptr && !p->isWindow(); p = p->parentWidget())
        if (!p->objectName().isEmpty())
            parts.prepend(p->objectName());
    return QStringLiteral("%1 [%2]").arg(parts.join(QLatin1Char('/')),
                                         QString::fromLatin1(w->metaObject()->className()));
}

/// Where `image` differs from its corner pixel in its outer `edge` pixels (empty when nowhere).
QString edgeDrawing(const QImage& image, int edge)
{
    const QRgb background = image.pixel(0, 0);
    for (int y = 0; y < image.height(); ++y) {
        const bool band = y < edge || y >= image.height() - edge;
        for (int x = 0; x < image.width(); ++x) {
            if (!band && x == edge)
                x = image.width() - edge; // only the left and right bands between the top and bottom ones
            if (image.pixel(x, y) != background)
                return QStringLiteral("drawing at the edge (%1, %2)").arg(x).arg(y);
        }
    }
    return {};
}

} // namespace

std::optional<QSize> parseScreenshotSize(const QString& text, QString* error)
{
    static const QRegularExpression pattern(QStringLiteral("^([0-9]{1,5})[xX]([0-9]{1,5})$"));
    const auto match = pattern.match(text);
    const QSize size =
        match.hasMatch() ? QSize(match.captured(1).toInt(), match.captured(2).toInt()) : QSize();
    if (match.hasMatch() && size.width() >= kMinScreenshotSize.width() &&
        size.height() >= kMinScreenshotSize.height() && size.width() <= kMaxScreenshotSize.width() &&
        size.height() <= kMaxScreenshotSize.height())
        return size;
    *error = QApplication::translate("panelscreenshots",
                                     "--screenshot-size: expected WIDTHxHEIGHT in pixels from %1x%2 to %3x%4 "
                                     "(e.g. 1366x768), not \"%5\"")
                 .arg(kMinScreenshotSize.width())
                 .arg(kMinScreenshotSize.height())
                 .arg(kMaxScreenshotSize.width())
                 .arg(kMaxScreenshotSize.height())
                 .arg(text);
    return std::nullopt;
}

bool sizeWindowForScreenshots(MainWindow& window, QSize size, QString* error)
{
    window.resize(size);
    settle();
    if (window.size() != size) {
        *error =
            QApplication::translate("panelscreenshots", "the window cannot be %1x%2: it is at least %3x%4")
                .arg(size.width())
                .arg(size.height())
                .arg(window.minimumSizeHint().width())
                .arg(window.minimumSizeHint().height());
        return false;
    }
    window.applyDefaultDockSizes();
    settle();
    return true;
}

QStringList clippedTexts(const QWidget* root)
{
    QStringList out;
    for (const QLabel* label : root->findChildren<QLabel*>()) {
        if (!shown(label) || label->text().isEmpty() || !label->pixmap().isNull())
            continue;
        // One pixel of slack: a layout rounds fractional sizes.
        if (label->wordWrap()) {
            if (label->height() + 1 < label->heightForWidth(label->width()))
                out << QStringLiteral("%1 \"%2\": %3 px high, needs %4")
                           .arg(nameOf(label), label->text().left(40))
                           .arg(label->height())
                           .arg(label->heightForWidth(label->width()));
        } else if (label->width() + 1 < label->minimumSizeHint().width()) {
            out << QStringLiteral("%1 \"%2\": %3 px wide, needs %4")
                       .arg(nameOf(label), label->text().left(40))
                       .arg(label->width())
                       .arg(label->minimumSizeHint().width());
        }
    }
    for (const QTableView* view : root->findChildren<QTableView*>()) {
        const QHeaderView* header = view->horizontalHeader();
        if (!shown(view) || view->model() == nullptr || header->isHidden())
            continue;
        for (int section = 0; section < header->count(); ++section) {
            if (header->isSectionHidden(section))
                continue;
            const QString text = view->model()->headerData(section, Qt::Horizontal).toString();
            const int needed = header->fontMetrics().horizontalAdvance(text);
            if (header->sectionSize(section) < needed)
                out << QStringLiteral("%1 column \"%2\": %3 px, text %4")
                           .arg(nameOf(view), text)
                           .arg(header->sectionSize(section))
                           .arg(needed);
        }
    }
    for (InteractivePlot* plot : root->findChildren<InteractivePlot*>()) {
        // A plot partly scrolled out of its dock is cut by the scroll area, which scrolls to the rest.
        if (!shown(plot) || plot->visibleRegion() != QRegion(plot->rect()))
            continue;
        const QImage image = plot->grab().toImage();
        const QString drawn =
            edgeDrawing(image, static_cast<int>(std::lround(2 * plot->devicePixelRatioF())));
        if (!drawn.isEmpty())
            out << QStringLiteral("%1 (%2): %3").arg(nameOf(plot), plot->plotId(), drawn);
    }
    return out;
}

QStringList panelScreenshotNames(const MainWindow& window)
{
    QStringList names;
    forEachPicture(window, [&](QDockWidget*, QTabWidget*, int, const QString& name) {
        names << name;
        return true;
    });
    return names;
}

QStringList savePanelScreenshots(MainWindow& window, const QString& dir, int row, QString* error, QSize size,
                                 QStringList* clipped)
{
    if (!QDir().mkpath(dir)) {
        *error = QApplication::translate("panelscreenshots", "could not create %1").arg(dir);
        return {};
    }
    if (!sizeWindowForScreenshots(window, size, error))
        return {};
    auto* workspace = window.trustWorkspace();
    // Single-run cells (the LLMBar part of the sample) have no C; with C = 1 assumed every plot has points.
    auto settings = workspace->settings();
    settings.trust.assumeConsistentWhenSingleRun = true;
    workspace->setSettings(settings);
    // Every panel computes on its own; picture the results, not the busy indicators (every workspace of the
    // session, widgets/framework/workspace.h).
    window.session()->waitForIdle();
    if (row == kMostFlipsRow) {
        const auto& rows = workspace->view()->table.rows;
        for (std::size_t i = 0; i < rows.size(); ++i) {
            // Labelled, shown cells only: the inspector then shows right and wrong verdicts, not just flips
            // (the bundled sample's first screen shows its simulated trust audit only).
            if (!std::isnan(rows[i].phi) && !std::isnan(rows[i].A) &&
                workspace->isRowVisible(static_cast<int>(i)) &&
                (row < 0 || rows[i].phi > rows[static_cast<std::size_t>(row)].phi))
                row = static_cast<int>(i);
        }
    }
    if (row >= 0)
        workspace->selectRow(row);
    settle();
    QStringList written;
    const bool done =
        forEachPicture(window, [&](QDockWidget* dock, QTabWidget* tabs, int page, const QString& name) {
            if (tabs == nullptr) {
                dock->show();
                dock->raise();
            } else {
                tabs->setCurrentIndex(page);
            }
            settle();
            if (clipped != nullptr)
                for (const QString& problem : clippedTexts(dock))
                    *clipped << QStringLiteral("%1: %2").arg(name, problem);
            return save(dock, QDir(dir).filePath(name + QStringLiteral(".png")), written, error);
        });
    if (!done)
        return {};
    return written;
}

} // namespace tribunal
