#pragma once
// View > Language: "System language" or one of interfaceLanguages(), as exclusive checkable actions. Choosing
// one stores it (setLanguageSetting()) and emits languageChosen; the new language applies at the next start
// (the panels build their texts once). GUI thread.

#include <QMenu>

namespace tribunal {

class LanguageMenu : public QMenu {
    Q_OBJECT
public:
    explicit LanguageMenu(QWidget* parent = nullptr);

signals:
    /// `name`: the chosen language's name ("Deutsch"), or "the system language".
    void languageChosen(const QString& name);
};

} // namespace tribunal
