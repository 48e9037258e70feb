#pragma once
// Chooses what to import (files, LLMBar and AlpacaEval folders), how to treat bad records, and where the
// texts of Arena-Hard / MT-Bench judgments are when they are not in the harness's own layout
// (HarnessTextPaths).

#include "io/importer.h"
#include "model/importissue.h"

#include <QDialog>

class QCheckBox;
class QDialogButtonBox;
class QLineEdit;
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
    /// The questions file, answers folder and baseline typed or chosen ("" = from the harness layout).
    HarnessTextPaths texts() const;
    void setTexts(const HarnessTextPaths& texts);

private:
    void addFiles();
    void addFolder();
    void addPaths(const QStringList& paths);
    void updateButtons();

    QListWidget* m_list;
    QCheckBox* m_skip;
    QLineEdit* m_questions;
    QLineEdit* m_answers;
    QLineEdit* m_baseline;
    QDialogButtonBox* m_buttons;
};

} // namespace tribunal
