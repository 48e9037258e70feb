#pragma once
// The stderr notes that keep an export-import round trip from losing labels silently: the command that
// re-imports what a command wrote, and, for every analysis scoring answers against labels, the datasets
// whose cells have none (core/analysis/labelcoverage.h decides which).

#include "common.h"

#include "analysis/labelcoverage.h"

#include <QString>
#include <QStringList>

#include <string>

namespace tribunal::cli {

/// For each dataset of unlabelledDatasets(audit, scope), prints to stderr
/// `note: no labels for dataset D (cells: J/F, ...): the accuracy columns (COLUMNS) are empty; import the
/// items with their labels (X.items.jsonl) or a labelled file`. `columns` names the command's columns that
/// need labels (column names, not translated). The items file is named when an input `X.jsonl` has no
/// `X.items.jsonl` beside it (when it has one, it was read and holds no labels). At most four cells are
/// named, then "and N more". Returns the number of datasets noted.
std::size_t noteMissingLabels(const Audit& audit, LabelScope scope, const QString& columns,
                              const QStringList& inputs);

/// The one command that imports the file `path` written by exportJsonl() (`jsonl`) or exportFlatCsv() into a
/// project named after it: `tribunal-cli import PATH -o NAME.tribunal` (NAME: PATH without `.jsonl` or
/// `.csv`; paths shell-quoted when needed). The items file is listed before PATH when the import would not
/// find it by itself (PATH not named `X.jsonl`, or itself named like an items file).
std::string reimportCommand(const std::string& path, bool jsonl);
/// Prints `note: re-import with: COMMAND` (reimportCommand) to stderr.
void noteReimport(const std::string& path, bool jsonl);

} // namespace tribunal::cli
