// The translation resources are wired: the German catalogue compiled from translations/tribunal_de.ts is
// embedded under :/i18n and installs for a German locale; English needs none.

#include "translations.h"

#include <QFile>
#include <QtTest>

class TestTranslations : public QObject {
    Q_OBJECT
private slots:
    void germanCatalogueIsEmbedded();
    void englishNeedsNone();
};

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

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
