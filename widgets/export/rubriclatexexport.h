#pragma once
// The rubric-judge tables of the Export dialog (workbench.md journey 3, issue 6): what `tribunal-cli rubric
// --format latex` (the judges x panels accuracy table) and `tribunal-cli compare --format latex` (the paired-
// comparison table with outcome markers) write for the Rubric judges panel's current results, the arguments
// of that command, and why a table is not available. The text comes from core (report/rubriclatex.h) on the
// workspace's views; nothing is computed here. GUI thread only.

#include "export/latextablesource.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <string>
#include <vector>

class QObject;

namespace tribunal {

class RubricWorkspace;
class Workspace;

enum class RubricLatexTable { Accuracy, PairedComparison };
/// LatexTableSource::code of RubricLatexTable value 0; the other follows.
constexpr int kRubricLatexCode = kLatexSourceCodeBase + 10;

/// Why `table` cannot be exported now (no workspace, no audit, still computing, nothing to show - the CLI's
/// own refusals), or empty when it can.
QString rubricExportProblem(const RubricWorkspace* rubric, RubricLatexTable table);

/// The tribunal-cli arguments (after the program name) that write the same bytes: command, `input`,
/// --format latex, --standalone, the judges compared (in the panel's order), and every setting of the shown
/// results that differs from the CLI's default. `rubric` may be null (then only the defaults).
QStringList rubricExportCliArguments(const RubricWorkspace* rubric, RubricLatexTable table,
                                     const QString& input, bool standalone);

/// The LaTeX of `table` (a standalone document when asked), or empty with *problem set.
std::string rubricExportLatex(const RubricWorkspace* rubric, RubricLatexTable table, bool standalone,
                              QString* problem);

/// The Export dialog's entries of the two tables, in RubricLatexTable order.
std::vector<LatexTableSource> rubricLatexSources(const RubricWorkspace* rubric);

/// The Rubric judges panel's AnalysisPanel::latexTables: rubricLatexSources of `workspace` (a
/// RubricWorkspace), with its new views and comparisons, busy state and status messages connected to
/// `changed`.
std::vector<LatexTableSource> rubricLatexTables(Workspace* workspace, QObject* context,
                                                const std::function<void()>& changed);

} // namespace tribunal
