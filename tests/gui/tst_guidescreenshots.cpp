// Issue 12: every screenshot of the user guide is what .ci/screenshots makes of the current GUI. The test
// runs the script into a scratch folder with this build's GUI and sample, then checks that docs/img holds the
// same pictures (same names, same sizes, at most 1 % of the pixels different: the main window's status bar
// names the sample's path, which differs between checkouts) and that the guide shows only pictures that
// exist. When it fails after a change to the GUI or its translation: `bash .ci/screenshots` and commit
// docs/img.
//
// Issue 27, a laptop screen: `.ci/screenshots --size 1366x768` makes the same pictures at 1366x768 (into a
// second scratch folder): the main window's is exactly that size (times the pixel ratio), no panel's is
// larger than the window, and in the same run in-process (savePanelScreenshots at that size) no label, table
// header or plot of any picture is cut off (clippedTexts: tst_laptopfit's label and header rules,
// tst_plotspanel's edge rule). A bad size is refused with its message by the GUI and the script, which then
// leave the output folder as it was.

#include "framework/auditsession.h"
#include "framework/mainwindow.h"
#include "framework/panelscreenshots.h"

#include <QDir>
#include <QImage>
#include <QLabel>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QVBoxLayout>
#include <QtTest>

using namespace tribunal;

namespace {

const QString kSource = QStringLiteral(TRIBUNAL_SOURCE_DIR);
const QSize kLaptop(1366, 768);

/// The pixel ratio the pictures are taken at (the screen's: 1, or QT_SCALE_FACTOR).
double pixelRatio()
{
    return qEnvironmentVariableIsSet("QT_SCALE_FACTOR") ? qEnvironmentVariable("QT_SCALE_FACTOR").toDouble()
                                                        : 1.0;
}

/// Runs .ci/screenshots with `args` on this build's GUI and sample; its exit code and merged output.
int runScript(const QStringList& args, QByteArray* output)
{
    QProcess script;
    auto env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("TRIBUNAL_GUI"), QStringLiteral(TRIBUNAL_GUI_PATH));
    env.insert(QStringLiteral("TRIBUNAL_SAMPLE_PROJECT"), QStringLiteral(TRIBUNAL_SAMPLE_PATH));
    env.remove(QStringLiteral("QT_SCALE_FACTOR"));
    script.setProcessEnvironment(env);
    script.setProcessChannelMode(QProcess::MergedChannels);
    script.start(QStringLiteral("bash"), QStringList{kSource + QStringLiteral("/.ci/screenshots")} + args);
    if (!script.waitForFinished(600000))
        return -1;
    *output = script.readAll();
    return script.exitStatus() == QProcess::NormalExit ? script.exitCode() : -1;
}

QStringList pngs(const QString& dir)
{
    return QDir(dir).entryList({QStringLiteral("*.png")}, QDir::Files, QDir::Name);
}

} // namespace

class TestGuideScreenshots : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void sameImages_data();
    void sameImages();
    void sameFiles();
    void guideShowsCommittedImages();
    void laptopSizeImages_data();
    void laptopSizeImages();
    void laptopSizeHasEveryPicture();
    void laptopSizeNothingClipped();
    void clippedTextsFindsCutText();
    void badSizeIsRefused_data();
    void badSizeIsRefused();
    void scriptRefusesBadSize();

private:
    QTemporaryDir m_dir;
    QTemporaryDir m_laptop;    ///< .ci/screenshots --size 1366x768
    QByteArray m_laptopOutput; ///< what that run printed
};

void TestGuideScreenshots::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
    QVERIFY(m_laptop.isValid());
    QByteArray output;
    QVERIFY2(runScript({m_dir.path()}, &output) == 0, output.constData());
    QVERIFY2(runScript({QStringLiteral("--size"), QStringLiteral("1366x768"), m_laptop.path()},
                       &m_laptopOutput) == 0,
             m_laptopOutput.constData());
}

void TestGuideScreenshots::sameImages_data()
{
    QTest::addColumn<QString>("name"); // en/x.png
    for (const QString& language : {QStringLiteral("en"), QStringLiteral("de")})
        for (const QString& file : pngs(m_dir.filePath(language)))
            QTest::newRow(qPrintable(language + QLatin1Char('/') + file))
                << language + QLatin1Char('/') + file;
}

void TestGuideScreenshots::sameImages()
{
    QFETCH(QString, name);
    const QString committedPath = kSource + QStringLiteral("/docs/img/") + name;
    const QImage fresh = QImage(m_dir.filePath(name)).convertToFormat(QImage::Format_ARGB32);
    const QImage committed = QImage(committedPath).convertToFormat(QImage::Format_ARGB32);
    QVERIFY2(!fresh.isNull(), qPrintable(name));
    QVERIFY2(!committed.isNull(),
             qPrintable(committedPath + QStringLiteral(" is missing: bash .ci/screenshots")));
    QCOMPARE(committed.size(), fresh.size());
    qint64 differing = 0;
    for (int y = 0; y < fresh.height(); ++y) {
        const auto* a = reinterpret_cast<const QRgb*>(fresh.constScanLine(y));
        const auto* b = reinterpret_cast<const QRgb*>(committed.constScanLine(y));
        for (int x = 0; x < fresh.width(); ++x)
            differing += a[x] != b[x] ? 1 : 0;
    }
    const double share =
        static_cast<double>(differing) / (static_cast<double>(fresh.width()) * fresh.height());
    QVERIFY2(share <= 0.01,
             qPrintable(QStringLiteral("docs/img/%1 differs from the current GUI in %2 % of its "
                                       "pixels: bash .ci/screenshots")
                            .arg(name)
                            .arg(100.0 * share, 0, 'f', 2)));
}

void TestGuideScreenshots::sameFiles()
{
    for (const QString& language : {QStringLiteral("en"), QStringLiteral("de")}) {
        const QStringList fresh = pngs(m_dir.filePath(language));
        QVERIFY(fresh.size() >= 20);
        QCOMPARE(pngs(kSource + QStringLiteral("/docs/img/") + language), fresh);
    }
}

void TestGuideScreenshots::guideShowsCommittedImages()
{
    QFile guide(kSource + QStringLiteral("/docs/user-guide.md"));
    QVERIFY(guide.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(guide.readAll());
    QSet<QString> shown;
    const QRegularExpression link(QStringLiteral(R"(\]\((img/[^)\s]+\.png)\))"));
    for (auto it = link.globalMatch(text); it.hasNext();) {
        const QString path = it.next().captured(1);
        QVERIFY2(QFile::exists(kSource + QStringLiteral("/docs/") + path), qPrintable(path));
        shown.insert(path);
    }
    // Every English picture the script makes is in the guide (the German ones are linked as a folder).
    for (const QString& file : pngs(m_dir.filePath(QStringLiteral("en"))))
        QVERIFY2(shown.contains(QStringLiteral("img/en/") + file),
                 qPrintable(file + QStringLiteral(" is not shown")));
}

void TestGuideScreenshots::laptopSizeImages_data()
{
    QTest::addColumn<QString>("name"); // en/x.png
    for (const QString& language : {QStringLiteral("en"), QStringLiteral("de")})
        for (const QString& file : pngs(m_laptop.filePath(language)))
            QTest::newRow(qPrintable(language + QLatin1Char('/') + file))
                << language + QLatin1Char('/') + file;
}

void TestGuideScreenshots::laptopSizeImages()
{
    // The script runs the GUI without QT_SCALE_FACTOR: one device pixel per logical pixel.
    QFETCH(QString, name);
    const QImage image(m_laptop.filePath(name));
    QVERIFY2(!image.isNull(), qPrintable(name));
    if (name.endsWith(QStringLiteral("/main-window.png"))) {
        QCOMPARE(image.size(), kLaptop);
        return;
    }
    QVERIFY2(image.width() <= kLaptop.width() && image.height() <= kLaptop.height(),
             qPrintable(QStringLiteral("%1 is %2x%3, larger than the 1366x768 window")
                            .arg(name)
                            .arg(image.width())
                            .arg(image.height())));
    // A dock gets a real share of the window, not a sliver (tst_laptopfit asks 200x150 of its body).
    QVERIFY2(image.width() >= 200 && image.height() >= 150,
             qPrintable(QStringLiteral("%1 is only %2x%3").arg(name).arg(image.width()).arg(image.height())));
}

void TestGuideScreenshots::laptopSizeHasEveryPicture()
{
    // The size changes the pictures, not which there are; the run said nothing was cut off.
    for (const QString& language : {QStringLiteral("en"), QStringLiteral("de")})
        QCOMPARE(pngs(m_laptop.filePath(language)), pngs(m_dir.filePath(language)));
    QVERIFY2(!m_laptopOutput.contains("clipped in"), m_laptopOutput.constData());
}

void TestGuideScreenshots::laptopSizeNothingClipped()
{
    // The script's pictures, in-process: every dock and tab page as it is pictured at 1366x768 (and at the
    // screen's pixel ratio, 2 under QT_SCALE_FACTOR=2).
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy finished(window.session(), &AuditSession::jobFinished);
    QVERIFY(window.openSample(QStringLiteral(TRIBUNAL_SAMPLE_PATH)));
    QVERIFY(finished.wait(120000));
    QTemporaryDir dir;
    QString error;
    QStringList clipped;
    const QStringList written =
        savePanelScreenshots(window, dir.path(), kMostFlipsRow, &error, kLaptop, &clipped);
    QVERIFY2(!written.isEmpty(), qPrintable(error));
    QCOMPARE(window.size(), kLaptop);
    QCOMPARE(written.size(), panelScreenshotNames(window).size());
    QVERIFY2(clipped.isEmpty(), qPrintable(clipped.join(QLatin1Char('\n'))));
    const double ratio = pixelRatio();
    const QImage whole = window.grab().toImage();
    QCOMPARE(whole.size(), QSize(qRound(kLaptop.width() * ratio), qRound(kLaptop.height() * ratio)));
    for (const QString& path : written) {
        const QImage image(path);
        QVERIFY2(image.width() <= whole.width() && image.height() <= whole.height(), qPrintable(path));
    }
}

void TestGuideScreenshots::clippedTextsFindsCutText()
{
    // The check can fail: a label squeezed below its text, a wrapped label too low for its lines.
    QWidget root;
    auto* layout = new QVBoxLayout(&root);
    auto* cut = new QLabel(QStringLiteral("A label much longer than its forty pixels"), &root);
    cut->setObjectName(QStringLiteral("cut"));
    cut->setFixedWidth(40);
    auto* low = new QLabel(QString(QStringLiteral("wrapped words ")).repeated(30), &root);
    low->setObjectName(QStringLiteral("low"));
    low->setWordWrap(true);
    low->setFixedSize(120, 20);
    auto* fine = new QLabel(QStringLiteral("ok"), &root);
    layout->addWidget(cut);
    layout->addWidget(low);
    layout->addWidget(fine);
    root.show();
    QVERIFY(QTest::qWaitForWindowExposed(&root));
    const QStringList problems = clippedTexts(&root);
    QCOMPARE(problems.size(), 2);
    QVERIFY2(problems.at(0).startsWith(QStringLiteral("cut [QLabel] \"A label much longer")),
             qPrintable(problems.at(0)));
    QVERIFY2(problems.at(0).contains(QStringLiteral("40 px wide, needs ")), qPrintable(problems.at(0)));
    QVERIFY2(problems.at(1).startsWith(QStringLiteral("low [QLabel] ")), qPrintable(problems.at(1)));
    QVERIFY2(problems.at(1).contains(QStringLiteral("20 px high, needs ")), qPrintable(problems.at(1)));
    cut->setFixedWidth(cut->minimumSizeHint().width());
    low->setFixedSize(120, low->heightForWidth(120));
    QCoreApplication::processEvents();
    QCOMPARE(clippedTexts(&root), QStringList());
}

void TestGuideScreenshots::badSizeIsRefused_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    const QString range = QStringLiteral(
        "tribunal: --screenshot-size: expected WIDTHxHEIGHT in pixels from 1280x720 to 7680x4320 (e.g. "
        "1366x768), not \"%1\"");
    for (const char* value : {"1366", "1366x", "x768", "1366x768x2", "1366*768", "-1366x768", "1366 x 768",
                              "1279x768", "1366x719", "7681x4320", "7680x4321", "99999999x768", ""})
        QTest::newRow(value[0] != '\0' ? value : "empty")
            << QStringList{QStringLiteral("--screenshot-size"), QString::fromLatin1(value)}
            << range.arg(QString::fromLatin1(value));
    QTest::newRow("without a picture")
        << QStringList{QStringLiteral("--screenshot-size"), QStringLiteral("1366x768"), QStringLiteral("-")}
        << QStringLiteral("tribunal: --screenshot-size needs --screenshot or --panel-screenshots");
}

void TestGuideScreenshots::badSizeIsRefused()
{
    // Refused before the sample is read: exit 1, the message, and no picture.
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("main-window.png"));
    const QString panels = dir.filePath(QStringLiteral("panels"));
    if (args.last() == QStringLiteral("-"))
        args.removeLast();
    else
        args << QStringLiteral("--screenshot") << png << QStringLiteral("--panel-screenshots") << panels;
    QProcess gui;
    gui.start(QStringLiteral(TRIBUNAL_GUI_PATH), args << QStringLiteral(TRIBUNAL_SAMPLE_PATH));
    QVERIFY(gui.waitForFinished(60000));
    QCOMPARE(gui.exitStatus(), QProcess::NormalExit);
    QCOMPARE(gui.exitCode(), 1);
    const QStringList lines = QString::fromUtf8(gui.readAllStandardError()).split(QLatin1Char('\n'));
    QVERIFY2(lines.contains(message), qPrintable(lines.join(QLatin1Char('\n'))));
    QVERIFY(gui.readAllStandardOutput().isEmpty());
    QVERIFY(!QFile::exists(png));
    QVERIFY(!QFile::exists(panels));
}

void TestGuideScreenshots::scriptRefusesBadSize()
{
    // The script passes the GUI's refusal on and leaves the folder as it was (here: one old picture).
    QTemporaryDir out;
    QVERIFY(QDir(out.path()).mkpath(QStringLiteral("en")));
    QFile old(out.filePath(QStringLiteral("en/old.png")));
    QVERIFY(old.open(QIODevice::WriteOnly));
    old.close();
    QByteArray output;
    QCOMPARE(runScript({QStringLiteral("--size"), QStringLiteral("640x480"), out.path()}, &output), 1);
    QVERIFY2(output.contains("tribunal: --screenshot-size: expected WIDTHxHEIGHT in pixels from 1280x720 to "
                             "7680x4320 (e.g. 1366x768), not \"640x480\""),
             output.constData());
    QCOMPARE(pngs(out.filePath(QStringLiteral("en"))), QStringList{QStringLiteral("old.png")});
    QVERIFY(!QDir(out.filePath(QStringLiteral("de"))).exists());
    QCOMPARE(runScript({QStringLiteral("--size")}, &output), 2);
    QVERIFY2(output.contains("screenshots: --size needs a value WIDTHxHEIGHT, e.g. --size 1366x768"),
             output.constData());
}

QTEST_MAIN(TestGuideScreenshots)
#include "tst_guidescreenshots.moc"
