#pragma once
// The interface language: Qt's own strings (qtbase_<lang>.qm from the Qt installation) and Tribunal's
// (tribunal_<lang>.qm, compiled from translations/*.ts into the :/i18n resource), for the system locale or
// the language chosen in the settings (View > Language, QSettings key "ui/language").

#include <QLocale>
#include <QString>

#include <utility>
#include <vector>

class QCoreApplication;

namespace tribunal {

/// Call once, right after the application object is created and before any widget exists. Returns true when
/// Tribunal's own translation for `locale` was found (English needs none and returns false).
bool installTranslations(QCoreApplication& app, const QLocale& locale = QLocale::system());

/// The languages the interface can be set to, as (code, name in that language): ("en", "English"),
/// ("de", "Deutsch").
std::vector<std::pair<QString, QString>> interfaceLanguages();

/// The language chosen in the settings: "" (follow the system locale) or a code of interfaceLanguages(). An
/// unknown stored value reads as "". Needs the application's organisation and name set (QSettings).
QString languageSetting();
/// Stores `code` ("" or a code of interfaceLanguages()); takes effect at the next start.
void setLanguageSetting(const QString& code);

/// The locale whose translations the interface installs for `setting`: the system's for "", else that
/// language's.
QLocale interfaceLocale(const QString& setting);

/// The locale the interface writes and reads numbers in, for the interface locale `interface`: always with a
/// decimal point, as in the tables, the CLI and every export, so that a number on screen can be compared with
/// (and pasted into) a script. `interface` itself when its decimal separator is the point (English: 38,472
/// and 0.91); German as written in Switzerland (38’472 and 0.91: the point for decimals, never a thousands
/// separator); otherwise the C locale (38472 and 0.91). docs/translations.md "Numbers".
QLocale numberLocale(const QLocale& interface);

} // namespace tribunal
