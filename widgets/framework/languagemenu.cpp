#include "framework/languagemenu.h"

#include "framework/translations.h"

#include <QActionGroup>

namespace tribunal {

LanguageMenu::LanguageMenu(QWidget* parent) : QMenu(tr("&Language"), parent)
{
    setObjectName(QStringLiteral("languageMenu"));
    auto* group = new QActionGroup(this);
    const QString current = languageSetting();
    auto add = [this, group, &current](const QString& code, const QString& text, const QString& name) {
        QAction* action = addAction(text);
        action->setObjectName(QStringLiteral("language-") +
                              (code.isEmpty() ? QStringLiteral("system") : code));
        action->setCheckable(true);
        action->setChecked(code == current);
        group->addAction(action);
        connect(action, &QAction::triggered, this, [this, code, name] {
            setLanguageSetting(code);
            emit languageChosen(name);
        });
    };
    add(QString(), tr("&System Language"), tr("the system language"));
    addSeparator();
    for (const auto& [code, name] : interfaceLanguages())
        add(code, name, name);
}

} // namespace tribunal
