#include "framework/recentfiles.h"

#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>

namespace tribunal {
namespace {
const char* const kKey = "recentFiles";
}

RecentFiles::RecentFiles(QMenu* menu, QObject* parent) : QObject(parent), m_menu(menu)
{
    rebuildMenu();
}

QStringList RecentFiles::paths() const
{
    return QSettings().value(QLatin1String(kKey)).toStringList();
}

void RecentFiles::store(const QStringList& paths)
{
    QSettings().setValue(QLatin1String(kKey), paths);
    rebuildMenu();
}

void RecentFiles::add(const QString& path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    auto list = paths();
    list.removeAll(absolute);
    list.prepend(absolute);
    while (list.size() > kMaxEntries)
        list.removeLast();
    store(list);
}

void RecentFiles::clear()
{
    store({});
}

void RecentFiles::rebuildMenu()
{
    m_menu->clear();
    const auto list = paths();
    for (int i = 0; i < list.size(); ++i) {
        const QString& path = list[i];
        // &1 .. &8: keyboard accelerators, as desktop applications number their recent files.
        auto* action = m_menu->addAction(
            tr("&%1 %2").arg(i + 1).arg(QDir::toNativeSeparators(QFileInfo(path).fileName())));
        action->setToolTip(QDir::toNativeSeparators(path));
        action->setStatusTip(QDir::toNativeSeparators(path));
        connect(action, &QAction::triggered, this, [this, path] { emit openRequested(path); });
    }
    if (!list.isEmpty())
        m_menu->addSeparator();
    auto* clearAction = m_menu->addAction(tr("Clear"), this, &RecentFiles::clear);
    clearAction->setEnabled(!list.isEmpty());
    m_menu->setEnabled(true);
}

} // namespace tribunal
