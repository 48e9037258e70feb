#pragma once
// Reads a cell-level table (analysis/celltable.h) from a small CSV file: a published table typed in from a
// paper (T14) or cell metrics exported elsewhere. Qt-free so the core analyses and the CLI share it.
//
// Layout: a header row, then one row per cell (RFC 4180 quoting; LF or CRLF; a UTF-8 BOM and blank lines are
// ignored; a field that starts with one or more apostrophes followed by = + - @, tab or CR loses one
// apostrophe, the formula guard of Tribunal's CSV writers, model/spreadsheettext.h). Columns by name: `judge`
// and `dataset` (required), the format column (required, named CellTableCsvOptions::formatColumn, default
// `format`), the metrics `C`, `phi`, `A`, `T` (at least one; an absent column or an empty field is kMissing),
// and any other column is a condition column (in file order). Metric values are stored as proportions; ranges
// checked: C, phi, A in [0, 1] and T in [-0.5, 1] (T = C*(A - phi/2)), or 100 times that in percent.

#include "analysis/celltable.h"
#include "model/importissue.h"

#include <optional>
#include <string>
#include <string_view>

namespace tribunal {

enum class CellUnits {
    Auto,       ///< percent if any metric value's magnitude exceeds 1, else proportions
    Proportion, ///< values in [0, 1]
    Percent,    ///< values in [0, 100], divided by 100 on reading
};

struct CellTableCsvOptions {
    CellUnits units = CellUnits::Auto;
    std::string formatColumn = "format"; ///< e.g. "paradigm" for the paper's Table 2
};

struct CellTableCsv {
    CellTable table;
    CellUnits units = CellUnits::Proportion; ///< the units the file was read in (never Auto)
};

/// Parses the whole file content `text`; `file` names it in issues. On the first problem returns nothing and
/// sets `issue` (`file:line: column: reason`, see ImportIssue). Pure function; thread-safe.
std::optional<CellTableCsv> parseCellTableCsv(std::string_view text, std::string_view file,
                                              const CellTableCsvOptions& options, ImportIssue& issue);

/// Reads and parses the file at `path` (named as given in issues).
std::optional<CellTableCsv> readCellTableCsv(const std::string& path, const CellTableCsvOptions& options,
                                             ImportIssue& issue);

} // namespace tribunal
