#pragma once
// The bias-test tables of the Export dialog (workbench.md journey 3): what `tribunal-cli bias --format latex`
// (Excess: seed 001 Table 10; Counts: `--table counts`, Table 12) and `tribunal-cli calibration --format
// latex` (Calibration: Table 21) write for the Bias panel's current analysis, the arguments of that command,
// and why a table is not available. The text comes from core (report/biaslatex.h) on the workspace's view;
// nothing is computed here. GUI thread only.

#include "export/latextablesource.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <string>
#include <vector>

class QObject;

namespace tribunal {

class BiasWorkspace;
class Workspace;

enum class BiasLatexTable { Excess, Counts, Calibration };
/// LatexTableSource::code of BiasLatexTable value 0; the others follow.
constexpr int kBiasLatexCode = kLatexSourceCodeBase;

/// Why `table` cannot be exported now (no workspace, no audit, still computing, nothing to show - the CLI's
/// own refusals), or empty when it can.
QString biasExportProblem(const BiasWorkspace* bias, BiasLatexTable table);

/// The tribunal-cli arguments (after the program name) that write the same bytes: command, `input`,
/// --format latex, the table, --standalone, and every setting of the shown analysis that differs from the
/// CLI's default (BiasSettings' defaults). `bias` may be null (then only the defaults).
QStringList biasExportCliArguments(const BiasWorkspace* bias, BiasLatexTable table, const QString& input,
                                   bool standalone);

/// The LaTeX of `table` (a standalone document when asked), or empty with *problem set.
std::string biasExportLatex(const BiasWorkspace* bias, BiasLatexTable table, bool standalone,
                            QString* problem);

/// The Export dialog's entries of the three tables, in BiasLatexTable order.
std::vector<LatexTableSource> biasLatexSources(const BiasWorkspace* bias);

/// The Bias panel's AnalysisPanel::latexTables: biasLatexSources of `workspace` (a BiasWorkspace), with its
/// new views and values, busy state and status messages connected to `changed`.
std::vector<LatexTableSource> biasLatexTables(Workspace* workspace, QObject* context,
                                              const std::function<void()>& changed);

} // namespace tribunal
