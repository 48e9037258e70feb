// The workbench on a laptop screen: at 1280x720 and 1366x768 (and 1920x1080) the main window on the bundled
// sample is no larger than the screen, every dock is reachable through its tab with room for its contents,
// the status bar is inside the window, and no label or table header is clipped (a label is at least its
// minimum size, a header section at least as wide as its text). English and German: the German texts are the
// longer ones. Offscreen, so the window is exactly the size asked for.

#include "framework/auditsession.h"
#include "framework/mainwindow.h"
#include "framework/translations.h"
#include "trust/overviewpanel.h"
#include "trust/trusttablemodel.h"

#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QMenuBar>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QTabBar>
#include <QTableView>
#include <QToolButton>
#include <QtTest>

#include <memory>

using namespace tribunal;

namespace {

const QString kSample = QStringLiteral(TRIBUNAL_BUILD_DIR "/resources/sample.tribunal");

/// A short path of object names from `w` up to the window, for messages.
QString nameOf(const QWidget* w)
{
    QStringList parts;
    for (const QWidget* p = w; p != nullptr && !p->isWindow(); p = p->parentWidget())
        if (!p->objectName().isEmpty())
            parts.prepend(p->objectName());
    return QStringLiteral("%1 [%2]").arg(parts.join(QLatin1Char('/')),
                                         QString::fromLatin1(w->metaObject()->className()));
}

/// The widgets in `root` a user sees now (visible, with a visible area inside every ancestor).
bool shown(const QWidget* w)
{
    return w->isVisible() && !w->visibleRegion().isEmpty();
}

/// What is clipped among the visible labels and table headers of `root`, one line each; *checked counts
/// the labels and header sections looked at.
QStringList clipped(const QWidget* root, int* checked)
{
    QStringList out;
    for (const QLabel* label : root->findChildren<QLabel*>()) {
        if (!shown(label) || label->text().isEmpty() || !label->pixmap().isNull())
            continue;
        ++*checked;
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
        if (!shown(view) || view->model() == nullptr)
            continue;
        const QHeaderView* header = view->horizontalHeader();
        if (header->isHidden())
            continue;
        for (int section = 0; section < header->count(); ++section) {
            if (header->isSectionHidden(section))
                continue;
            ++*checked;
            const QString text = view->model()->headerData(section, Qt::Horizontal).toString();
            const int needed = header->fontMetrics().horizontalAdvance(text);
            if (header->sectionSize(section) < needed)
                out << QStringLiteral("%1 column \"%2\": %3 px, text %4")
                           .arg(nameOf(view), text)
                           .arg(header->sectionSize(section))
                           .arg(needed);
        }
    }
    return out;
}

} // namespace

class TestLaptopFit : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void fits_data();
    void fits();
    void resetLayoutBringsEveryDockBack();
    void overviewShowsTWithoutScrolling_data();
    void overviewShowsTWithoutScrolling();
    void sidePaneChoiceIsRemembered();

private:
    std::unique_ptr<MainWindow> openSample();
    bool m_german = false;
};

void TestLaptopFit::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(QFileInfo(kSample).isFile());
}

std::unique_ptr<MainWindow> TestLaptopFit::openSample()
{
    auto window = std::make_unique<MainWindow>();
    QSignalSpy finished(window->session(), &AuditSession::jobFinished);
    if (!window->openPaths({kSample}, ProjectAccess::ReadOnly) || !finished.wait(120000))
        return nullptr;
    window->session()->waitForIdle();
    return window;
}

void TestLaptopFit::fits_data()
{
    QTest::addColumn<QSize>("screen");
    QTest::addColumn<bool>("german");
    // German last: its translator stays installed for the rest of the process.
    QTest::newRow("1280x720") << QSize(1280, 720) << false;
    QTest::newRow("1366x768") << QSize(1366, 768) << false;
    QTest::newRow("1920x1080") << QSize(1920, 1080) << false;
    QTest::newRow("1280x720 de") << QSize(1280, 720) << true;
    QTest::newRow("1366x768 de") << QSize(1366, 768) << true;
}

void TestLaptopFit::fits()
{
    QFETCH(QSize, screen);
    QFETCH(bool, german);
    if (german && !m_german) {
        QVERIFY(
            installTranslations(*QCoreApplication::instance(), QLocale(QLocale::German, QLocale::Germany)));
        m_german = true;
    }
    auto window = openSample();
    QVERIFY(window);
    // Shown first: a hidden window clamps a resize to the minimum its layout had when it last ran.
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    window->resize(screen);
    QCoreApplication::processEvents();
    const QSize minimum = window->minimumSizeHint().expandedTo(window->minimumSize());
    QStringList docks; // which docks ask for the room, for the message
    for (const QDockWidget* dock : window->findChildren<QDockWidget*>())
        docks << QStringLiteral("%1 %2x%3")
                     .arg(dock->objectName())
                     .arg(dock->minimumSizeHint().width())
                     .arg(dock->minimumSizeHint().height());
    QVERIFY2(minimum.width() <= screen.width() && minimum.height() <= screen.height(),
             qPrintable(QStringLiteral("minimum %1x%2; docks: %3")
                            .arg(minimum.width())
                            .arg(minimum.height())
                            .arg(docks.join(QStringLiteral(", ")))));
    QCOMPARE(window->size(), screen);
    const QRect inside = window->rect();
    const QRect status(window->statusBar()->mapTo(window.get(), QPoint(0, 0)), window->statusBar()->size());
    QVERIFY2(window->statusBar()->isVisible() && inside.contains(status),
             qPrintable(QStringLiteral("status bar at %1,%2 %3x%4")
                            .arg(status.x())
                            .arg(status.y())
                            .arg(status.width())
                            .arg(status.height())));

    QStringList problems;
    int checked = 0;
    for (QDockWidget* dock : window->findChildren<QDockWidget*>()) {
        dock->raise();
        QCoreApplication::processEvents();
        const QRect area(dock->mapTo(window.get(), QPoint(0, 0)), dock->size());
        if (!dock->isVisible() || !inside.contains(area)) {
            problems << QStringLiteral("%1 not inside the window (%2,%3 %4x%5)")
                            .arg(dock->objectName())
                            .arg(area.x())
                            .arg(area.y())
                            .arg(area.width())
                            .arg(area.height());
            continue;
        }
        const QWidget* body = dock->widget();
        if (body->width() < 200 || body->height() < 150)
            problems << QStringLiteral("%1 only %2x%3")
                            .arg(dock->objectName())
                            .arg(body->width())
                            .arg(body->height());
        problems << clipped(dock, &checked);
        // Where a dock is narrower or lower than its contents' minimum they scroll: said, not a failure.
        if (const auto* scroll = qobject_cast<const QScrollArea*>(body); scroll && scroll->widget()) {
            const QSize need = scroll->widget()->minimumSizeHint();
            if (need.width() > scroll->viewport()->width() || need.height() > scroll->viewport()->height())
                qInfo("%s scrolls: contents need %dx%d, shown %dx%d", qPrintable(dock->objectName()),
                      need.width(), need.height(), scroll->viewport()->width(), scroll->viewport()->height());
        }
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
    // The checks saw the panels' labels and headers (the overview's table alone has a dozen columns).
    QVERIFY2(checked > 100, qPrintable(QString::number(checked)));
}

void TestLaptopFit::resetLayoutBringsEveryDockBack()
{
    // A layout gone wrong on a small screen (a dock floated off, one closed, the right side squeezed):
    // View > Reset layout puts every dock back, tabbed or split as at a first start, inside the window.
    auto window = openSample();
    QVERIFY(window);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    window->resize(1366, 768);
    QCoreApplication::processEvents();
    auto* plots = window->findChild<QDockWidget*>(QStringLiteral("plotsPanel"));
    auto* flip = window->findChild<QDockWidget*>(QStringLiteral("flipInspectorPanel"));
    auto* bias = window->findChild<QDockWidget*>(QStringLiteral("biasPanel"));
    auto* overview = window->findChild<QDockWidget*>(QStringLiteral("overviewPanel"));
    QVERIFY(plots && flip && bias && overview);
    plots->setFloating(true);
    flip->close();
    window->removeDockWidget(bias);
    QCoreApplication::processEvents();
    QVERIFY(plots->isFloating());
    QVERIFY(!flip->isVisible());
    QVERIFY(!window->tabifiedDockWidgets(overview).contains(bias));

    QAction* reset = window->findChild<QAction*>(QStringLiteral("resetLayoutAction"));
    QVERIFY(reset);
    reset->trigger();
    QCoreApplication::processEvents();
    QVERIFY(!plots->isFloating());
    QVERIFY(flip->isVisible());
    QVERIFY(window->tabifiedDockWidgets(overview).contains(bias));
    QCOMPARE(window->dockWidgetArea(plots), Qt::RightDockWidgetArea);
    QCOMPARE(window->dockWidgetArea(overview), Qt::LeftDockWidgetArea);
    const QRect inside = window->rect();
    for (QDockWidget* dock : {plots, flip, overview}) {
        const QRect area(dock->mapTo(window.get(), QPoint(0, 0)), dock->size());
        QVERIFY2(inside.contains(area) && dock->width() >= 200,
                 qPrintable(dock->objectName() + QStringLiteral(" %1 px").arg(dock->width())));
    }
    // The default split: the overview about 11/18 of the width.
    QVERIFY2(overview->width() > window->width() / 2, qPrintable(QString::number(overview->width())));
}

void TestLaptopFit::overviewShowsTWithoutScrolling_data()
{
    QTest::addColumn<QSize>("screen");
    QTest::addColumn<bool>("side");
    // Without a stored choice the side pane (filters, settings) is shown only where the table keeps T in view
    // beside it; on a laptop's half screen the table gets the whole dock.
    QTest::newRow("1366x768") << QSize(1366, 768) << false;
    QTest::newRow("1920x1080") << QSize(1920, 1080) << false;
    QTest::newRow("2560x1440") << QSize(2560, 1440) << true;
}

void TestLaptopFit::overviewShowsTWithoutScrolling()
{
    QFETCH(QSize, screen);
    QFETCH(bool, side);
    QSettings().remove(QStringLiteral("overview/sidePane"));
    auto window = openSample();
    QVERIFY(window);
    window->resize(screen);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    window->resize(screen);
    auto* overview = window->findChild<OverviewPanel*>();
    QVERIFY(overview);
    overview->raise();
    QTRY_COMPARE(overview->isSidePaneVisible(), side);
    QCOMPARE(overview->sidePaneToggle()->isChecked(), side);
    QCoreApplication::processEvents();
    const QTableView* view = overview->view();
    QVERIFY(view->model()->rowCount() > 0);
    // The dock's contents fit its width (no outer horizontal scrolling) ...
    if (const auto* scroll = qobject_cast<const QScrollArea*>(overview->widget()); scroll && scroll->widget())
        QVERIFY2(scroll->widget()->minimumSizeHint().width() <= scroll->viewport()->width(),
                 qPrintable(QString::number(scroll->widget()->minimumSizeHint().width())));
    // ... and from 1920 px on, T is in view with the table scrolled to its start.
    if (screen.width() < 1920)
        return;
    int tColumn = -1;
    for (int c = 0; c < view->model()->columnCount(); ++c)
        if (view->model()->headerData(c, Qt::Horizontal, TrustTableModel::RawValueRole).toString() == "T")
            tColumn = c;
    QVERIFY(tColumn >= 0);
    const int right = view->columnViewportPosition(tColumn) + view->columnWidth(tColumn);
    QVERIFY2(right <= view->viewport()->width(),
             qPrintable(QStringLiteral("T ends at %1 px of %2").arg(right).arg(view->viewport()->width())));
}

void TestLaptopFit::sidePaneChoiceIsRemembered()
{
    QSettings().remove(QStringLiteral("overview/sidePane"));
    {
        auto window = openSample();
        QVERIFY(window);
        window->resize(1366, 768);
        window->show();
        QVERIFY(QTest::qWaitForWindowExposed(window.get()));
        auto* overview = window->findChild<OverviewPanel*>();
        QTRY_VERIFY(!overview->isSidePaneVisible());
        QCOMPARE(overview->sidePaneToggle()->text(), OverviewPanel::tr("Filters and settings"));
        overview->sidePaneToggle()->click();
        QVERIFY(overview->isSidePaneVisible());
        QVERIFY(overview->sidePane()->isVisible());
        QCOMPARE(overview->sidePaneToggle()->text(), OverviewPanel::tr("Hide filters"));
        QCOMPARE(QSettings().value(QStringLiteral("overview/sidePane")).toBool(), true);
    }
    // The next window, on the same small screen, keeps the user's choice.
    auto window = openSample();
    QVERIFY(window);
    window->resize(1366, 768);
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    auto* overview = window->findChild<OverviewPanel*>();
    QTest::qWait(50);
    QVERIFY(overview->isSidePaneVisible());
    overview->sidePaneToggle()->click();
    QVERIFY(!overview->isSidePaneVisible());
    QCOMPARE(QSettings().value(QStringLiteral("overview/sidePane")).toBool(), false);
    QSettings().remove(QStringLiteral("overview/sidePane"));
}

QTEST_MAIN(TestLaptopFit)
#include "tst_laptopfit.moc"
