#pragma once
// What the trust commands (trustcommand.cpp; dispersion, anova and check-table in cellcommands.cpp) share:
// the output and trust options, picking the input kind (cell-level table or judgments) and writing the
// result. Every number comes from tribunal_core.

#include "common.h"

#include "analysis/celltablecsv.h"
#include "analysis/trustanalysis.h"
#include "report/trustlatex.h"
#include "report/trusttable.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QString>
#include <QStringList>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace tribunal::cli {

extern const QCommandLineOption kOut;         ///< -o, --output FILE
extern const QCommandLineOption kTableFormat; ///< --format csv|md|json|latex (output format)
/// --format csv|md|json (commands without LaTeX; "format" too, so isLatex() still tells a LaTeX request)
extern const QCommandLineOption kFlatFormat;
extern const QCommandLineOption kStandalone;  ///< --standalone (LaTeX document)
extern const QCommandLineOption kInputFormat; ///< --input-format auto|csv|jsonl|llmbar
extern const QCommandLineOption kQ;           ///< --q half|observed
extern const QCommandLineOption kUnit;        ///< --unit pair|presentation
extern const QCommandLineOption kAssume;      ///< --assume-consistent

/// The TableFormat named by --format; null for "latex" and unknown names.
std::optional<TableFormat> tableFormat(const QString& name);
/// True when --format latex was asked for (handled apart from the TableFormat writers: report/trustlatex.h).
bool isLatex(const QCommandLineParser& parser);
/// The TableFormat named by kFlatFormat's --format; null for other names.
std::optional<TableFormat> flatFormat(const QCommandLineParser& parser);
/// "unknown --format 'X' (expected csv, md or json)".
QString unknownFlatFormat(const QCommandLineParser& parser);
/// The usage message for an unknown --format.
QString unknownFormat(const QCommandLineParser& parser);
/// Writes to -o FILE (by the output policy of io/outputfile.h) or standard output. Returns the exit code.
int writeOutput(const QCommandLineParser& parser, const std::string& text);
/// A cell-level table (data-format.md, format 4) is recognised by its header naming the C, phi and A
/// columns (judgment files never have them). With `acceptTOnly` (dispersion, anova: they read only T) a
/// header with judge, dataset and T also counts.
bool isCellTable(const QStringList& inputs, bool acceptTOnly = false);
/// Adds kOut, kTableFormat, kStandalone, kInputFormat, kSkipBad, kQ, kUnit, kAssume and the failure-map
/// thresholds --good-c and --good-phi.
void addTrustOptions(CommandParser& parser);
/// For commands that summarise cells without LaTeX or a failure map (sweep, spread): kOut, kFlatFormat,
/// kInputFormat, kSkipBad, kQ, kUnit, kAssume, and --good-c / --good-phi hidden from the help
/// (trustSettings() reads them; they do not enter a summary).
void addCellSummaryOptions(CommandParser& parser);
/// The settings given by --q, --unit and --assume-consistent; null with *error set on a bad value.
std::optional<TrustSettings> trustSettings(const QCommandLineParser& parser, QString* error);
/// The import options given by --skip-bad and --input-format; null with *error set on a bad value.
std::optional<ImportOptions> judgmentImportOptions(const QCommandLineParser& parser, QString* error);
/// The audit of judgment inputs (project or files) read with --skip-bad and --input-format. Null with
/// *exitCode set (usage error or the loader's code) on failure.
AuditPtr loadJudgmentAudit(const QCommandLineParser& parser, const QStringList& inputs, int* exitCode);
/// Cells of an audit whose items are all non-pairwise (rubric, bias-free ratings ...) have no trust metrics.
bool isPairwiseCell(const TrustCellResult& r);
/// The stderr notes every trust output carries about single-run cells (T2: C is n/a unless opted in).
/// Returns the number of pairwise single-run cells.
std::size_t noteSingleRun(const std::vector<TrustCellResult>& results, bool assumed);
/// Prints a note (stderr) for each cell whose judgments carry no order (TrustGap::OrderNotRecorded).
void noteTrustGaps(const Audit& audit, const std::vector<TrustCellResult>& results);
/// The input as a cell table: a cell-level CSV as read, or an audit's per-cell trust results. Null with
/// *exitCode set on failure. *consistencyAssumed tells whether C = 1 was assumed for some cell.
std::optional<CellTable> loadCellTable(const QCommandLineParser& parser, const QStringList& inputs,
                                       int* exitCode, bool* consistencyAssumed);

} // namespace tribunal::cli
