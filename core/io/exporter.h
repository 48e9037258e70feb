#pragma once
// Writing an audit back to files. Rows are written in import order, so an import followed by an export
// reproduces the input rows. Files are written by the output policy of outputfile.h: a regular file through a
// temporary file renamed into place (a failed export leaves any existing file untouched; a symbolic link is
// followed and kept), a FIFO or character device written into, a read-only file refused.

#include "model/audit.h"

#include <string>

namespace tribunal {

/// Flat pairwise CSV (the columns importFlatCsv reads, condition keys as extra columns in first-seen order).
/// Text cells are formula-guarded (model/spreadsheettext.h: a leading apostrophe, dropped again on import).
/// Fails with a message when the audit holds non-pairwise judgments.
bool exportFlatCsv(const Audit& audit, const std::string& path, std::string* error);

/// Tribunal JSONL: judgments to `path`, items to itemsPathFor(path). Lossless: importing both files
/// reproduces the audit exactly.
bool exportJsonl(const Audit& audit, const std::string& path, std::string* error);

/// `x.jsonl` -> `x.items.jsonl` (any other name: name + ".items.jsonl").
std::string itemsPathFor(const std::string& judgmentsPath);

} // namespace tribunal
