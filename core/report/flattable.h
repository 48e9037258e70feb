#pragma once
// A flat result table (named columns, typed cells) and its CSV, Markdown and JSON writers, for result tables
// whose rows are plain records (bias tests, calibration, cost). Qt-free.
//
// Conventions shared with the trust tables (report/trusttable.h): numbers are written in shortest round-trip
// form in CSV and JSON (a value reads back bit-identical) and with 4 significant digits in Markdown, which is
// for reading; a missing cell (FlatCell{} or a NaN number) is an empty CSV / Markdown cell and JSON null;
// booleans are `true` / `false`; CSV follows RFC 4180 with LF line ends; JSON is an array of flat objects
// keyed by the column names, in column order. Thread-safety: pure functions of their arguments.

#include "report/trusttable.h"

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace tribunal {

/// One cell: missing, text, a real number (NaN = missing), an integer count or a flag.
using FlatCell = std::variant<std::monostate, std::string, double, std::int64_t, bool>;

struct FlatTable {
    std::vector<std::string> columns;
    std::vector<std::vector<FlatCell>> rows; ///< each row has columns.size() cells

    /// Appends an empty row to be filled with set(); returns its index.
    std::size_t addRow();
    /// Sets the cell of `row` in the column named `column`; throws std::out_of_range for an unknown column.
    void set(std::size_t row, std::string_view column, FlatCell value);
};

/// A count as a cell.
inline FlatCell countCell(std::uint64_t n)
{
    return FlatCell{static_cast<std::int64_t>(n)};
}

/// Writes `table`; throws std::invalid_argument when a row does not have one cell per column.
std::string writeFlatTable(const FlatTable& table, TableFormat format);

} // namespace tribunal
