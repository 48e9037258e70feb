#pragma once
// The header of a CSV importer (flat pairwise CSV, rubric CSV; ../shared/spec/data-format.md "Bad input") and
// the condition its unknown columns give each row: column names must be non-empty and unique and the required
// known columns present; known columns are located; every other column is a condition key (interned and
// registered in header order, so exports keep it). Not thread-safe: one per import.

#include "io/formats/csvtokenizer.h"
#include "model/auditbuilder.h"
#include "model/importissue.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tribunal {

class CsvHeader {
public:
    /// Reads column names and condition values as Tribunal's own CSV writers wrote them: a leading
    /// apostrophe that guards a formula-like text is dropped (unguardedText(), model/spreadsheettext.h). Call
    /// before read(); the flat CSV format sets it.
    void dropFormulaGuards() { m_dropGuards = true; }
    /// Reads `rec` as the header. `known` lists the known column names, the first `required` of them
    /// required; columnAt[k] receives the field index of known[k] or -1 (columnAt.size() == known.size()). On
    /// a problem logs a fatal `path:line: field: reason` ("empty column name", "duplicate column", "missing
    /// required column", or the tokenizer's) and returns false. Time linear in the columns (names are hashed:
    /// a header of 10^6 columns is read in seconds, bench_import's BM_ImportWideCsvHeader).
    bool read(const CsvRecord& rec, std::span<const std::string_view> known, int required,
              std::span<int> columnAt, AuditBuilder& builder, ImportLog& log, const std::string& path,
              std::uint64_t line);

    /// Columns in the header.
    std::size_t size() const { return m_names.size(); }
    /// The header name of field `index`, or "column N" (1-based) past the header's end.
    std::string columnName(std::size_t index) const;
    /// Why data record `rec` cannot be read (a tokenizer error in a field, or a field count other than the
    /// header's), as (field, reason) for a `file:line: field: reason` issue; nullopt when its shape is fine.
    std::optional<std::pair<std::string, std::string>> shapeProblem(const CsvRecord& rec) const;
    /// The condition of a row: its non-empty cells of the unknown columns as key/value pairs, a number in its
    /// canonical spelling (canonicalDecimal(), model/decimaltext.h: `1.0` and `1` are one value). Consecutive
    /// rows usually repeat it, so the last one is cached.
    CondId condition(const CsvRecord& rec, AuditBuilder& builder);

private:
    std::vector<std::string> m_names;
    std::vector<std::pair<std::size_t, StrId>> m_conditionColumns; // field index, interned key
    std::vector<std::string> m_lastConditionCells;
    CondId m_lastCondition = 0;
    bool m_haveLastCondition = false;
    bool m_dropGuards = false;
};

} // namespace tribunal
