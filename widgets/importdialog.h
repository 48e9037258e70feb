#pragma once
// Chooses what to import (files and LLMBar folders) and how to treat bad records.

#include "model/importissue.h"

#include <QDialog>

class QCheckBox;
class QDialogButtonBox;
class QListWidget;

namespace tribunal {

class ImportDialog : public QDialog {
    Q_OBJECT
public:
    explicit ImportDialog(QWidget* parent = nullptr);

    void setPaths(const QStringList& paths);
    QStringList paths() const;
    void setPolicy(BadRecordPolicy policy);
    /// StopAtFirst unless "skip bad records" is checked.
    BadRecordPolicy policy() const;
    QCheckBox* skipBadRecordsBox() const { return m_skip; }

private:
    void addFiles();
    void addFolder();
    void addPaths(const QStringList& paths);
    void updateButtons();

    QListWidget* m_list;
    QCheckBox* m_skip;
    QDialogButtonBox* m_buttons;
};

} // namespace tribunal
