#pragma once
// Export dialog (workbench.md journey 3): choose a table of the trust analysis (trust cells,
// format dispersion, ANOVA, closed-form vs joint T), of the bias tests (seed 001 Tables 10, 12 and 21: bias
// excess with intervals, judges with a bias per margin, calibration), of the rubric judges (accuracy per
// panel, paired comparisons) or of the cascades (K7-K10 summary, K3 / K4 confident errors, K5 / K6 jury)
// and its options, see the LaTeX, copy it or save it as .tex. The text comes from the functions
// `tribunal-cli trust|dispersion|anova|bias|calibration|rubric|compare|cascade|confident-errors|jury
// --format latex` call (report/trustexport.h, biaslatex.h, rubriclatex.h, cascadelatex.h) on the
// workspaces' current views, so it is the CLI's output byte for byte for the same settings; cliArguments()
// names that command. The dialog never computes statistics: the other tables are the LatexTableSources the
// analysis-panel registry declares (AnalysisPanel::latexTables; biaslatexexport.h, rubriclatexexport.h,
// cascadelatexexport.h) reading the workspaces' views, whose settings are the CLI options; the jury table is
// the Cascades workspace's jury job, which a dialog with a CascadeWorkspace requests. The preview follows the
// workspaces: new estimates, intervals arriving, a grouping, another margin, finished analyses. GUI thread
// only.

#include "export/biaslatexexport.h"
#include "export/cascadelatexexport.h"
#include "export/latextablesource.h"
#include "export/rubriclatexexport.h"
#include "report/trustexport.h"

#include <QDialog>
#include <QString>
#include <QStringList>

#include <optional>
#include <string>
#include <vector>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QListWidget;
class QPlainTextEdit;
class QPushButton;

namespace tribunal {

class BiasWorkspace;
class CascadeWorkspace;
class ConfidentErrorWorkspace;
class RubricWorkspace;
class TrustWorkspace;
class Workspace;
struct AnalysisPanel;

/// One analysis of the registry (analysispanels.h) and the workspace its entry made.
struct ExportAnalysis {
    const AnalysisPanel* entry;
    Workspace* workspace;
};

class ExportDialog : public QDialog {
    Q_OBJECT
public:
    /// objectName "exportDialog". Reads workspace->view(); never changes the workspace.
    /// Trust tables only.
    explicit ExportDialog(TrustWorkspace* workspace, QWidget* parent = nullptr);
    /// Trust tables and the bias tables of `bias` (a workspace of the same AuditSession; read through
    /// bias->view(), never changed; must outlive the dialog like `workspace`).
    ExportDialog(TrustWorkspace* workspace, BiasWorkspace* bias, QWidget* parent = nullptr);
    /// Also the rubric tables of `rubric` (same rules as `bias`; either may be null).
    ExportDialog(TrustWorkspace* workspace, BiasWorkspace* bias, RubricWorkspace* rubric, QWidget* parent);
    /// Also the cascade summary and jury of `cascades` and the confident errors of `errors` (same rules;
    /// the three tables are listed when either is not null). Requests the jury job of `cascades`
    /// (CascadeWorkspace::requestJury), its only change to a workspace.
    ExportDialog(TrustWorkspace* workspace, BiasWorkspace* bias, RubricWorkspace* rubric,
                 CascadeWorkspace* cascades, ConfidentErrorWorkspace* errors, QWidget* parent);
    /// The trust tables, then every LaTeX table of `analyses` in code order (LatexTableSource::code): each
    /// entry's AnalysisPanel::latexTables on its workspace (same rules as `bias`; entries without tables and
    /// null workspaces are skipped). The main window passes its analyses(); the constructors above pass the
    /// registry's entries of the workspaces they are given.
    ExportDialog(TrustWorkspace* workspace, const std::vector<ExportAnalysis>& analyses, QWidget* parent);

    /// The trust table chosen; Cells while a bias table is chosen (see biasTable()).
    TrustLatexTable table() const;
    void setTable(TrustLatexTable table);
    /// The bias table chosen, or none while a trust table is chosen.
    std::optional<BiasLatexTable> biasTable() const;
    /// Chooses a bias table (even an unavailable one: the note then says why there is no text). Does
    /// nothing without a BiasWorkspace.
    void setTable(BiasLatexTable table);
    BiasWorkspace* biasWorkspace() const { return m_bias; }
    /// The rubric table chosen, or none.
    std::optional<RubricLatexTable> rubricTable() const;
    /// Chooses a rubric table (as setTable(BiasLatexTable)); nothing without a RubricWorkspace.
    void setTable(RubricLatexTable table);
    RubricWorkspace* rubricWorkspace() const { return m_rubric; }
    /// The cascade table chosen (summary, confident errors, jury), or none.
    std::optional<CascadeLatexTable> cascadeTable() const;
    /// Chooses a cascade table (as setTable(BiasLatexTable)); nothing when they are not listed.
    void setTable(CascadeLatexTable table);
    CascadeWorkspace* cascadeWorkspace() const { return m_cascades; }
    ConfidentErrorWorkspace* confidentErrorWorkspace() const { return m_errors; }
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
    /// True when the bias view has the rows the table needs: a computed analysis with bias rows (Excess,
    /// Counts; the CLI refuses an audit without perturbed judgments) or calibration results (Calibration).
    /// False without a BiasWorkspace.
    bool isTableAvailable(BiasLatexTable table) const;
    bool isTableAvailable(RubricLatexTable table) const;
    bool isTableAvailable(CascadeLatexTable table) const;

    /// The LaTeX of the current choice (UTF-8, exactly what Copy and Save write); empty when there is none
    /// (see problem()).
    QString latexText() const;
    /// Why there is no text (no audit, a grouping, no bias rows or calibration results, the bias tests not
    /// computed yet, an error of the table writer), or empty.
    QString problem() const { return m_problem; }
    /// The tribunal-cli arguments (after the program name) that write latexText(): command, input (the
    /// project file, or INPUT when the audit is not a saved project), --format latex and the options that
    /// differ from the CLI's defaults (for the bias tables: those of
    /// BiasWorkspace::view()->analysis.settings, e.g. --margin 0.1; for calibration --bins).
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
    /// The project file, or INPUT when the audit is not a saved project (the CLI commands' input).
    QString projectOrInput() const;
    /// Why `table` has no text with the current bias view, or empty.
    QString noteText() const;
    QString defaultFileName() const;
    /// The chosen bias, rubric or cascade table, or null while a trust table is chosen.
    const LatexTableSource* source() const;
    /// The source with combo data `code`, or null (a trust table).
    const LatexTableSource* sourceOf(int code) const;
    /// The combo data of the chosen table, minus `base` when it is in [base, base + 10), else -1.
    int chosenIn(int base) const;
    /// Selects the table with combo data `code` when it is listed.
    void chooseCode(int code);
    /// True when the table with combo data `code` is listed and has text now.
    bool isSourceAvailable(int code) const;

    TrustWorkspace* m_workspace;
    BiasWorkspace* m_bias;
    RubricWorkspace* m_rubric;
    CascadeWorkspace* m_cascades;
    ConfidentErrorWorkspace* m_errors;
    /// The registered analyses' tables in code order (the combo's entries after the trust tables).
    std::vector<LatexTableSource> m_sources;
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
