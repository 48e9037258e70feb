#include "framework/translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QSettings>
#include <QTranslator>

#include <algorithm>

namespace tribunal {
namespace {

constexpr const char* kLanguageKey = "ui/language";

bool known(const QString& code)
{
    const auto languages = interfaceLanguages();
    return std::any_of(languages.begin(), languages.end(),
                       [&code](const auto& l) { return l.first == code; });
}

} // namespace

bool installTranslations(QCoreApplication& app, const QLocale& locale)
{
    auto* qt = new QTranslator(&app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(qt);
    else
        delete qt;
    auto* own = new QTranslator(&app);
    if (own->load(locale, QStringLiteral("tribunal"), QStringLiteral("_"), QStringLiteral(":/i18n"))) {
        QCoreApplication::installTranslator(own);
        return true;
    }
    delete own;
    return false;
}

std::vector<std::pair<QString, QString>> interfaceLanguages()
{
    // Each language's own name, so that it can be found whatever the current language is.
    return {{QStringLiteral("en"), QStringLiteral("English")},
            {QStringLiteral("de"), QStringLiteral("Deutsch")}};
}

QString languageSetting()
{
    const QString code = QSettings().value(QLatin1String(kLanguageKey)).toString();
    return known(code) ? code : QString();
}

void setLanguageSetting(const QString& code)
{
    QSettings settings;
    if (code.isEmpty() || !known(code))
        settings.remove(QLatin1String(kLanguageKey));
    else
        settings.setValue(QLatin1String(kLanguageKey), code);
}

QLocale interfaceLocale(const QString& setting)
{
    return setting.isEmpty() ? QLocale::system() : QLocale(setting);
}

QLocale numberLocale(const QLocale& interface)
{
    if (interface.decimalPoint() == QLatin1String("."))
        return interface;
    if (interface.language() == QLocale::German)
        return QLocale(QLocale::German, QLocale::Switzerland);
    return QLocale::c();
}

} // namespace tribunal
