#pragma once
// File > Open Recent: the last opened or saved files, kept in QSettings.

#include <QObject>
#include <QStringList>

class QMenu;

namespace tribunal {

/// Fills `menu` (not owned) with up to kMaxEntries paths, newest first, and a Clear entry.
class RecentFiles : public QObject {
    Q_OBJECT
public:
    static constexpr int kMaxEntries = 8;

    explicit RecentFiles(QMenu* menu, QObject* parent = nullptr);

    /// Moves `path` to the top of the list (stored at once).
    void add(const QString& path);
    void clear();
    QStringList paths() const;

signals:
    void openRequested(const QString& path);

private:
    void store(const QStringList& paths);
    void rebuildMenu();

    QMenu* m_menu;
};

} // namespace tribunal
