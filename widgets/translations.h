#pragma once
// Installs the translations for the user's language: Qt's own strings (qtbase_<lang>.qm from the Qt
// installation) and Tribunal's (tribunal_<lang>.qm, compiled from translations/*.ts into the :/i18n
// resource).

#include <QLocale>

class QCoreApplication;

namespace tribunal {

/// Call once, right after the application object is created and before any widget exists. Returns true when
/// Tribunal's own translation for `locale` was found (English needs none and returns false).
bool installTranslations(QCoreApplication& app, const QLocale& locale = QLocale::system());

} // namespace tribunal
