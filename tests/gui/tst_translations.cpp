// The translation resources are wired: the German catalogue compiled from translations/tribunal_de.ts is
// embedded under :/i18n and installs for a German locale; English needs none. The language setting (View >
// Language) picks the locale whose catalogue installs, and refuses codes it does not know.

#include "framework/translations.h"

#include <QFile>
#include <QSettings>
#include <QStandardPaths>
#include <QtTest>

class TestTranslations : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void germanCatalogueIsEmbedded();
    void englishNeedsNone();
    void languageSetting_data();
    void languageSetting();
    void germanTextsAreGerman();
    void numbersHaveADecimalPoint_data();
    void numbersHaveADecimalPoint();
};

void TestTranslations::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true); // QSettings under ~/.qttest, not the user's settings
    QCoreApplication::setOrganizationName(QStringLiteral("TribunalTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_translations"));
    QSettings().clear();
}

void TestTranslations::germanCatalogueIsEmbedded()
{
    QVERIFY(QFile::exists(QStringLiteral(":/i18n/tribunal_de.qm")));
    QVERIFY(tribunal::installTranslations(*QCoreApplication::instance(),
                                          QLocale(QLocale::German, QLocale::Germany)));
}

void TestTranslations::englishNeedsNone()
{
    QVERIFY(!tribunal::installTranslations(*QCoreApplication::instance(),
                                           QLocale(QLocale::English, QLocale::UnitedStates)));
}

void TestTranslations::languageSetting_data()
{
    QTest::addColumn<QString>("stored");
    QTest::addColumn<QString>("read"); // what languageSetting() gives back
    QTest::addColumn<int>("language"); // QLocale::Language of interfaceLocale(read); -1: the system's
    QTest::newRow("German") << "de"
                            << "de" << int(QLocale::German);
    QTest::newRow("English") << "en"
                             << "en" << int(QLocale::English);
    QTest::newRow("system") << ""
                            << "" << -1;
    QTest::newRow("unknown code reads as system") << "xx"
                                                  << "" << -1;
}

void TestTranslations::languageSetting()
{
    QFETCH(QString, stored);
    QFETCH(QString, read);
    QFETCH(int, language);
    QSettings().setValue(QStringLiteral("ui/language"), stored);
    QCOMPARE(tribunal::languageSetting(), read);
    const QLocale locale = tribunal::interfaceLocale(tribunal::languageSetting());
    QCOMPARE(int(locale.language()), language < 0 ? int(QLocale::system().language()) : language);
    // setLanguageSetting() stores only known codes; anything else means "follow the system".
    tribunal::setLanguageSetting(stored);
    QCOMPARE(QSettings().value(QStringLiteral("ui/language")).toString(), read);
    QSettings().clear();
}

void TestTranslations::germanTextsAreGerman()
{
    // With the German catalogue installed, the main menus read in German.
    QVERIFY(tribunal::installTranslations(*QCoreApplication::instance(),
                                          tribunal::interfaceLocale(QStringLiteral("de"))));
    QCOMPARE(QCoreApplication::translate("tribunal::MainWindow", "&File"), QStringLiteral("&Datei"));
    QCOMPARE(QCoreApplication::translate("tribunal::LanguageMenu", "&Language"), QStringLiteral("&Sprache"));
}

void TestTranslations::numbersHaveADecimalPoint_data()
{
    QTest::addColumn<QLocale>("interface");
    QTest::addColumn<QString>("thousands"); // 38472
    QTest::addColumn<QString>("fraction");  // 0.91 with two decimals
    QTest::addColumn<double>("parsed");     // "0.5" read back
    QTest::newRow("English keeps its own") << QLocale(QLocale::English, QLocale::UnitedStates) << "38,472"
                                           << "0.91" << 0.5;
    QTest::newRow("German as in Switzerland")
        << QLocale(QLocale::German, QLocale::Germany) << QString::fromUtf8("38\u2019472") << "0.91" << 0.5;
    QTest::newRow("Austrian German too")
        << QLocale(QLocale::German, QLocale::Austria) << QString::fromUtf8("38\u2019472") << "0.91" << 0.5;
    QTest::newRow("French falls back to C") << QLocale(QLocale::French, QLocale::France) << "38472"
                                            << "0.91" << 0.5;
}

void TestTranslations::numbersHaveADecimalPoint()
{
    QFETCH(QLocale, interface);
    QFETCH(QString, thousands);
    QFETCH(QString, fraction);
    QFETCH(double, parsed);
    const QLocale numbers = tribunal::numberLocale(interface);
    QCOMPARE(numbers.decimalPoint(), QStringLiteral("."));
    QCOMPARE(numbers.toString(38472), thousands);
    QCOMPARE(numbers.toString(0.91, 'f', 2), fraction);
    bool ok = false;
    QCOMPARE(numbers.toDouble(QStringLiteral("0.5"), &ok), parsed);
    QVERIFY(ok);
}

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
