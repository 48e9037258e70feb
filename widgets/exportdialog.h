#pragma once
// Export dialog (workbench.md journey 3, issue 4): choose a table of the trust analysis (trust cells, format
// dispersion, ANOVA, closed-form vs joint T) and its options, see the LaTeX, copy it or save it as .tex.
// The text comes from the functions `tribunal-cli trust|dispersion|anova --format latex` call
// (report/trustexport.h) on the workspace's current view, so it is the CLI's output byte for byte for the
// same settings; cliArguments() names that command. The preview follows the workspace: new estimates,
// intervals arriving, a grouping. GUI thread only.

#include "report/trustexport.h"

#include <QDialog>
#include <QString>
#include <QStringList>

#include <string>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QListWidget;
class QPlainTextEdit;
class QPushButton;

namespace tribunal {

class TrustWorkspace;

class ExportDialog : public QDialog {
    Q_OBJECT
public:
    /// objectName "exportDialog". Reads workspace->view(); never changes the workspace.
    explicit ExportDialog(TrustWorkspace* workspace, QWidget* parent = nullptr);

    TrustLatexTable table() const;
    void setTable(TrustLatexTable table);
    /// Cells only (--colour): shade T in bands.
    bool colour() const;
    void setColour(bool colour);
    /// --standalone: a compilable document instead of a table fragment.
    bool standalone() const;
    void setStandalone(bool standalone);
    /// ANOVA factors in term order (--factors): the checked columns in list order.
    QStringList anovaFactors() const;
    /// Checks exactly `factors` (known column names; others are ignored) and moves them to the top of the
    /// list in the given order.
    void setAnovaFactors(const QStringList& factors);
    /// The factor columns the current view offers: judge, format, dataset, then its condition names.
    QStringList availableFactors() const;
    /// False for the tables a grouping cannot give (only the cell table; `trust --by` is the same) and for
    /// every table without an audit.
    bool isTableAvailable(TrustLatexTable table) const;

    /// The LaTeX of the current choice (UTF-8, exactly what Copy and Save write); empty when there is none
    /// (see problem()).
    QString latexText() const;
    /// Why there is no text (no audit, a grouping, an error of the table writer), or empty.
    QString problem() const { return m_problem; }
    /// The tribunal-cli arguments (after the program name) that write latexText(): command, input (the
    /// project file, or INPUT when the audit is not a saved project), --format latex and the options.
    QStringList cliArguments() const;

    /// Writes latexText()'s bytes to `path` (atomically). False with *error set when it cannot.
    bool saveTo(const QString& path, QString* error = nullptr) const;
    /// Puts latexText() on the clipboard.
    void copyToClipboard();

    QComboBox* tableBox() const { return m_tableBox; }
    QCheckBox* colourBox() const { return m_colour; }
    QCheckBox* standaloneBox() const { return m_standalone; }
    QListWidget* factorList() const { return m_factors; }
    QPlainTextEdit* preview() const { return m_preview; }
    QLabel* noteLabel() const { return m_note; }
    QPushButton* copyButton() const { return m_copy; }
    QPushButton* saveButton() const { return m_save; }

public slots:
    /// Asks for a file (QFileDialog, objectName "exportSaveDialog", window-modal) and saves to it.
    void save();

private:
    void rebuildFactors();
    void refresh();
    std::string render(QString* problem) const;
    QString defaultFileName() const;

    TrustWorkspace* m_workspace;
    QComboBox* m_tableBox;
    QCheckBox* m_colour;
    QCheckBox* m_standalone;
    QListWidget* m_factors;
    QLabel* m_note;
    QPlainTextEdit* m_preview;
    QDialogButtonBox* m_buttons;
    QPushButton* m_copy;
    QPushButton* m_save;
    std::string m_latex; ///< the bytes the CLI writes
    QString m_problem;
};

} // namespace tribunal
