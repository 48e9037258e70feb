#pragma once
// The cascade, confident-error and jury tables of the Export dialog (workbench.md journey 3; metrics.md
// K3-K10): what `tribunal-cli cascade --format latex` (Summary: report/cascadelatex.h cascadeSummaryLatex,
// the K7-K10 summary with the K9 cross-fitting), `tribunal-cli confident-errors --format latex`
// (ConfidentErrors: confidentErrorLatex, the K3 sample with the K4 repeats) and `tribunal-cli jury --format
// latex` (Jury: juryLatex, K5 / K6 with the R7 comparisons) write for the Cascades and Confident errors
// docks' current results, the arguments of those commands, and why a table is not available. The text
// comes from core on the workspaces' views; nothing is computed here. GUI thread only.
//
// - Summary: the CascadeWorkspace's summary view (one panel, the dock's first judge and fallbacks, its
//   halvings, seed and rounding): `cascade INPUT --panel P --first D --fallbacks F1,F2,...`.
// - ConfidentErrors: the ConfidentErrorWorkspace's view (one panel, its first judge, the others it keeps,
//   n and rounding): `confident-errors INPUT --panel P --first J [--others ...]`.
// - Jury: the CascadeWorkspace's jury job (cascadeworkspace.h), whose jurors are the judges the Cascades
//   dock shows - its first judge, then its fallbacks in name order (the CLI's jury accepts any two or more
//   judges of the panel, and without --candidates compares the jury with the best of them alone), at the
//   settings' jury resamples and margin and the dock's seed and rounding: `jury INPUT --panel P --jurors
//   D,F1,F2,...`. cascadeLatexTables() requests that job.
// The panel is always named (the views hold one panel; the CLI's default is every panel).
//
// Judges are named as the CLI looks them up (the rubric commands of tribunal-cli): `judge`, or
// `judge@format` when the judge has cells in several formats on the panel. A judge the CLI cannot name (one
// format in several conditions, a comma or outer spaces in the name, a `judge@format` the CLI would read as
// another judge) makes the table unavailable with that reason.

#include "export/latextablesource.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <string>
#include <vector>

class QObject;

namespace tribunal {

class CascadeWorkspace;
class ConfidentErrorWorkspace;
class Workspace;

enum class CascadeLatexTable { Summary, ConfidentErrors, Jury };
/// LatexTableSource::code of CascadeLatexTable value 0; the others follow (the dialog lists the three
/// together although two panels register them).
constexpr int kCascadeLatexCode = kLatexSourceCodeBase + 20;

/// Why `table` cannot be exported now (no workspace, no audit, still computing, nothing to show - the CLI's
/// own refusals - or a judge the CLI cannot name), or empty when it can. Summary and Jury read `cascades`,
/// ConfidentErrors `errors`; either may be null.
QString cascadeExportProblem(const CascadeWorkspace* cascades, const ConfidentErrorWorkspace* errors,
                             CascadeLatexTable table);

/// The tribunal-cli arguments (after the program name) that write the same bytes: command, `input`,
/// --format latex, --standalone, the panel and judges of the shown results, and every setting of them that
/// differs from the CLI's default (--halvings, --seed, --n, --resamples, --margin, --rounding). Without a
/// computed view only the command, input and format options.
QStringList cascadeExportCliArguments(const CascadeWorkspace* cascades, const ConfidentErrorWorkspace* errors,
                                      CascadeLatexTable table, const QString& input, bool standalone);

/// The LaTeX of `table` (a standalone document when asked), or empty with *problem set.
std::string cascadeExportLatex(const CascadeWorkspace* cascades, const ConfidentErrorWorkspace* errors,
                               CascadeLatexTable table, bool standalone, QString* problem);

/// The Export dialog's entries of `tables` (each table once, in the order given). The Summary and Jury
/// entries read `cascades`, ConfidentErrors `errors`; either may be null.
std::vector<LatexTableSource> cascadeLatexSources(const CascadeWorkspace* cascades,
                                                  const ConfidentErrorWorkspace* errors,
                                                  const std::vector<CascadeLatexTable>& tables);

/// The Cascades panel's AnalysisPanel::latexTables: the Summary and Jury of `workspace` (a
/// CascadeWorkspace). Calls `changed` (in `context`'s thread, while `context` lives) whenever they may have
/// changed (new curves, summary or jury, a job starting or ending, a status message), and requests the jury
/// job (CascadeWorkspace::requestJury): a dialog that lists the jury table keeps it computed.
std::vector<LatexTableSource> cascadeLatexTables(Workspace* workspace, QObject* context,
                                                 const std::function<void()>& changed);

/// The Confident errors panel's AnalysisPanel::latexTables: the ConfidentErrors table of `workspace` (a
/// ConfidentErrorWorkspace), with its new views, busy state and status messages connected to `changed`.
std::vector<LatexTableSource> confidentErrorLatexTables(Workspace* workspace, QObject* context,
                                                        const std::function<void()>& changed);

} // namespace tribunal
