// tribunal: the workbench GUI. Arguments: tribunal [FILE_OR_DIR...] [--screenshot PNG | --panel-screenshots
// DIR | --list-panels] [--screenshot-size WxH]
//
// Without a file it opens the sample project: $TRIBUNAL_SAMPLE, then
// <applicationDirPath>/../share/tribunal/sample.tribunal (installed), then the one built with the program.
// --screenshot PNG: once the audit is loaded and its first item selected, saves a picture of the window to
// PNG, prints the path and quits (exit code 0; 1 with a message on stderr when loading or saving failed).
// --panel-screenshots DIR: the same, then waits for every workspace, selects the cell with the highest flip
// rate and saves a picture of every panel (and every tab of a panel) into DIR
// (widgets/framework/panelscreenshots.h);
// --list-panels prints those pictures' names. --screenshot-size WxH (with --screenshot or
// --panel-screenshots; 1280x720 to 7680x4320) sizes the window for the pictures (default 1920x1080 for the
// panels, the window's own size for --screenshot alone); a bad value exits with 1 and a message before
// anything is loaded. Labels, headers and plots a picture shows cut off are named on stderr ("clipped in
// ..."), not a failure. Works headless with QT_QPA_PLATFORM=offscreen.

#include "framework/auditsession.h"
#include "framework/jobresult.h"
#include "framework/mainwindow.h"
#include "framework/panelscreenshots.h"
#include "framework/translations.h"
#include "trust/trustworkspace.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QStatusBar>
#include <QTimer>

#include <clocale>
#include <cstdio>
#include <optional>

#ifndef TRIBUNAL_BUILD_SAMPLE_PATH
#define TRIBUNAL_BUILD_SAMPLE_PATH ""
#endif
#ifndef TRIBUNAL_VERSION
#define TRIBUNAL_VERSION "0"
#endif

namespace {

QString sampleProject()
{
    const QStringList candidates{
        qEnvironmentVariable("TRIBUNAL_SAMPLE"),
        QCoreApplication::applicationDirPath() + QStringLiteral("/../share/tribunal/sample.tribunal"),
        QString::fromUtf8(TRIBUNAL_BUILD_SAMPLE_PATH),
    };
    for (const auto& path : candidates)
        if (!path.isEmpty() && QFileInfo(path).isFile())
            return QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    return {};
}

void printError(const QString& message)
{
    (void)std::fprintf(stderr, "tribunal: %s\n", qPrintable(message)); // nowhere to report a failure
}

} // namespace

int main(int argc, char* argv[])
{
    // No mapLargeBlocks() here (unlike tribunal-cli): the workbench allocates and frees large blocks again
    // and again as analyses rerun, and mapping each afresh made opening 1,000,000 judgments about 100 ms
    // slower (bench_gui_open, docs/performance.md "Import: what changed").
    QApplication app(argc, argv);
    // Qt set the C library's locale from the environment; numbers printed or read with printf / strtod must
    // keep the decimal point in every locale (QCoreApplication's documentation recommends this reset).
    static_cast<void>(std::setlocale(LC_NUMERIC, "C")); // "C" always exists
    QApplication::setOrganizationName(QStringLiteral("Tribunal"));
    QApplication::setApplicationName(QStringLiteral("Tribunal"));
    QApplication::setApplicationVersion(QStringLiteral(TRIBUNAL_VERSION));
    // The system's language, or the one chosen under View > Language.
    const QLocale interfaceLocale = tribunal::interfaceLocale(tribunal::languageSetting());
    tribunal::installTranslations(app, interfaceLocale);
    // Numbers on screen always have a decimal point, like the tables and the exports (spin boxes, axes,
    // labels).
    QLocale::setDefault(tribunal::numberLocale(interfaceLocale));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QCoreApplication::translate("gui_main", "Workbench for auditing LLM judges."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(
        QStringLiteral("paths"),
        QCoreApplication::translate("gui_main",
                                    "A .tribunal project, or audit files and LLMBar folders to read."),
        QStringLiteral("[FILE_OR_DIR...]"));
    const QCommandLineOption screenshotOption(
        QStringLiteral("screenshot"),
        QCoreApplication::translate(
            "gui_main", "Save a picture of the window to PNG once the audit is shown, then quit."),
        QStringLiteral("PNG"));
    parser.addOption(screenshotOption);
    const QCommandLineOption panelsOption(
        QStringLiteral("panel-screenshots"),
        QCoreApplication::translate(
            "gui_main", "Save a picture of every panel into DIR once the analysis is done, then quit."),
        QStringLiteral("DIR"));
    parser.addOption(panelsOption);
    const QCommandLineOption listPanelsOption(
        QStringLiteral("list-panels"),
        QCoreApplication::translate(
            "gui_main", "Print the names of the pictures --panel-screenshots writes, then quit."));
    parser.addOption(listPanelsOption);
    const QCommandLineOption sizeOption(
        QStringLiteral("screenshot-size"),
        QCoreApplication::translate(
            "gui_main", "Window size of --screenshot and --panel-screenshots (default 1920x1080)."),
        QStringLiteral("WxH"));
    parser.addOption(sizeOption);
    parser.process(app);
    std::optional<QSize> shotSize;
    if (parser.isSet(sizeOption)) {
        QString error;
        shotSize = tribunal::parseScreenshotSize(parser.value(sizeOption), &error);
        if (!shotSize || (!parser.isSet(screenshotOption) && !parser.isSet(panelsOption))) {
            printError(shotSize
                           ? QCoreApplication::translate(
                                 "gui_main", "--screenshot-size needs --screenshot or --panel-screenshots")
                           : error);
            return 1;
        }
    }
    if (parser.isSet(listPanelsOption)) {
        const tribunal::MainWindow window;
        for (const QString& name : tribunal::panelScreenshotNames(window))
            std::printf("%s\n", qPrintable(name));
        return 0;
    }

    QStringList paths;
    for (const auto& arg : parser.positionalArguments())
        paths << QFileInfo(arg).absoluteFilePath();
    // The sample is the program's own file, shared by every user: it opens read-only (Save asks for a copy).
    auto access = tribunal::ProjectAccess::ReadWrite;
    if (paths.isEmpty()) {
        if (auto sample = sampleProject(); !sample.isEmpty()) {
            paths << sample;
            access = tribunal::ProjectAccess::ReadOnly;
        }
    }
    const QString screenshot = parser.value(screenshotOption);
    const QString panelDir = parser.value(panelsOption);

    tribunal::MainWindow window;
    window.show();
    if (paths.isEmpty()) {
        const QString message =
            QCoreApplication::translate("gui_main", "No file given and no sample project found.");
        if (!screenshot.isEmpty() || !panelDir.isEmpty()) {
            printError(message);
            return 1;
        }
        window.statusBar()->showMessage(message);
        return app.exec();
    }

    if (!screenshot.isEmpty() || !panelDir.isEmpty()) {
        QObject::connect(
            window.session(), &tribunal::AuditSession::jobFinished, &app,
            [&window, screenshot, panelDir, shotSize](const tribunal::JobResult& result) {
                if (!result.ok) {
                    QStringList lines{QCoreApplication::translate("gui_main", "could not load %1")
                                          .arg(result.paths.join(QStringLiteral(", ")))};
                    if (!result.message.isEmpty())
                        lines << result.message;
                    printError((lines + result.issues).join(QLatin1Char('\n')));
                    QCoreApplication::exit(1);
                    return;
                }
                if (!result.issues.isEmpty()) // skipped records: shown, but not a failure
                    printError(result.issues.join(QLatin1Char('\n')));
                // After the pending layout and paint events of the first selected item.
                QTimer::singleShot(0, &window, [&window, screenshot, panelDir, shotSize] {
                    QString error;
                    if (!panelDir.isEmpty()) {
                        QStringList clipped;
                        const auto written = tribunal::savePanelScreenshots(
                            window, panelDir, tribunal::kMostFlipsRow, &error,
                            shotSize.value_or(tribunal::kDefaultScreenshotSize), &clipped);
                        for (const QString& line : clipped)
                            printError(QCoreApplication::translate("gui_main", "clipped in %1").arg(line));
                        if (written.isEmpty()) {
                            printError(error);
                            QCoreApplication::exit(1);
                            return;
                        }
                        for (const auto& path : written)
                            std::printf("%s\n", qPrintable(QFileInfo(path).absoluteFilePath()));
                        (void)std::fflush(stdout);
                        if (screenshot.isEmpty()) {
                            QCoreApplication::exit(0);
                            return;
                        }
                    }
                    // The picture shows the analyses, not their busy bars: results arrive one per event-loop
                    // pass (widgets/framework/backgroundjobs.h), so wait for every workspace of the session,
                    // then let the window lay them out.
                    window.session()->waitForIdle();
                    if (shotSize && panelDir.isEmpty() &&
                        !tribunal::sizeWindowForScreenshots(window, *shotSize, &error)) {
                        printError(error);
                        QCoreApplication::exit(1);
                        return;
                    }
                    QCoreApplication::processEvents();
                    if (!window.grab().save(screenshot, "PNG")) {
                        printError(
                            QCoreApplication::translate("gui_main", "could not write %1").arg(screenshot));
                        QCoreApplication::exit(1);
                        return;
                    }
                    std::printf("%s\n", qPrintable(QFileInfo(screenshot).absoluteFilePath()));
                    (void)std::fflush(stdout);
                    QCoreApplication::exit(0);
                });
            });
    }
    const bool started = access == tribunal::ProjectAccess::ReadOnly ? window.openSample(paths.first())
                                                                     : window.openPaths(paths, access);
    if (!started) {
        printError(QCoreApplication::translate("gui_main", "could not start loading %1")
                       .arg(paths.join(QStringLiteral(", "))));
        return 1;
    }
    return app.exec();
}
