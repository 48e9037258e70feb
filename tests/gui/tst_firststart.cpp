// The first start on the user's screen (MainWindow::fitFirstStartToScreen): the real program, started with no
// saved layout on an offscreen screen of a given size (the offscreen platform's configfile), opens at 85% of
// the screen, at least 1280x800 and never larger than the screen. The picture it writes (--screenshot) has
// the window's size.
#include <QtTest>

#include <QFile>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>

class TestFirstStart : public QObject {
    Q_OBJECT
private slots:
    void fitsTheScreen_data();
    void fitsTheScreen();
};

void TestFirstStart::fitsTheScreen_data()
{
    QTest::addColumn<QSize>("screen");
    QTest::addColumn<QSize>("window");
    // 85% of 1280x720 is below 1280x800: the whole screen.
    QTest::newRow("1280x720") << QSize(1280, 720) << QSize(1280, 720);
    // 85% of 1366 = 1161 < 1280: 1280 wide; 800 > 768: the screen's height.
    QTest::newRow("1366x768") << QSize(1366, 768) << QSize(1280, 768);
    QTest::newRow("1920x1080") << QSize(1920, 1080) << QSize(1632, 918);
    QTest::newRow("2560x1440") << QSize(2560, 1440) << QSize(2176, 1224);
    // Below 1024x600 nothing is fitted: the constructor's 1280x800.
    QTest::newRow("800x600") << QSize(800, 600) << QSize(1280, 800);
}

void TestFirstStart::fitsTheScreen()
{
    QFETCH(QSize, screen);
    QFETCH(QSize, window);
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString config = dir.filePath("screen.json");
    QFile file(config);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(QStringLiteral(
                   "{\"screens\": [{\"name\": \"test\", \"x\": 0, \"y\": 0, \"width\": %1, \"height\": %2, "
                   "\"logicalDpi\": 96, \"logicalBaseDpi\": 96, \"dpr\": 1}]}")
                   .arg(screen.width())
                   .arg(screen.height())
                   .toUtf8());
    file.close();
    QProcess gui;
    auto env = QProcessEnvironment::systemEnvironment();
    env.insert("QT_QPA_PLATFORM", "offscreen:configfile=" + config);
    env.insert("XDG_CONFIG_HOME", dir.filePath("config")); // no saved layout: a first start
    env.insert("XDG_RUNTIME_DIR", dir.path());
    gui.setProcessEnvironment(env);
    const QString png = dir.filePath("first.png");
    gui.start(QStringLiteral(TRIBUNAL_GUI_PATH), {"--screenshot", png, QStringLiteral(TRIBUNAL_SAMPLE_PATH)});
    QVERIFY(gui.waitForFinished(120000));
    QVERIFY2(gui.exitCode() == 0, gui.readAllStandardError().constData());
    const QImage image(png);
    QVERIFY(!image.isNull());
    QCOMPARE(image.size(), window);
}

QTEST_GUILESS_MAIN(TestFirstStart)
#include "tst_firststart.moc"
