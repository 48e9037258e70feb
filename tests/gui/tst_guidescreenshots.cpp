// Issue 12: every screenshot of the user guide is what .ci/screenshots makes of the current GUI. The test
// runs the script into a scratch folder with this build's GUI and sample, then checks that docs/img holds the
// same pictures (same names, same sizes, at most 1 % of the pixels different: the main window's status bar
// names the sample's path, which differs between checkouts) and that the guide shows only pictures that
// exist. When it fails after a change to the GUI or its translation: `bash .ci/screenshots` and commit
// docs/img.

#include <QDir>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

namespace {

const QString kSource = QStringLiteral(TRIBUNAL_SOURCE_DIR);

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

private:
    QTemporaryDir m_dir;
};

void TestGuideScreenshots::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QProcess script;
    auto env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("TRIBUNAL_GUI"), QStringLiteral(TRIBUNAL_GUI_PATH));
    env.insert(QStringLiteral("TRIBUNAL_SAMPLE_PROJECT"), QStringLiteral(TRIBUNAL_SAMPLE_PATH));
    env.remove(QStringLiteral("QT_SCALE_FACTOR"));
    script.setProcessEnvironment(env);
    script.setProcessChannelMode(QProcess::MergedChannels);
    script.start(QStringLiteral("bash"), {kSource + QStringLiteral("/.ci/screenshots"), m_dir.path()});
    QVERIFY(script.waitForFinished(600000));
    QVERIFY2(script.exitStatus() == QProcess::NormalExit && script.exitCode() == 0,
             script.readAll().constData());
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

QTEST_MAIN(TestGuideScreenshots)
#include "tst_guidescreenshots.moc"
