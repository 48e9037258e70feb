// Flat pairwise CSV reader (../shared/spec/data-format.md, "Formats" 1 and "Bad input"): the record loop of
// csvfilereader.h (large blocks, UTF-8 check, RFC 4180 records in place) mapped to judgments row by row
// (FlatCsvRows). Whole-file problems (unreadable, non-UTF-8, truncated inside quotes, a record over 64 MiB,
// empty) fail the import whatever the policy.

#include "csvfilereader.h"
#include "flatcsvrows.h"
#include "importer.h"

namespace tribunal {

bool importFlatCsv(const std::string& path, AuditBuilder& builder, ImportLog& log, const Progress& progress)
{
    const std::uint32_t file = builder.addSourceFile(path);
    FlatCsvRows rows(path, file, builder, log);
    return readCsvRecords(path, builder, log, progress, [&](const CsvRecord& rec, std::uint64_t line) {
        return rows.haveHeader() ? rows.row(rec, line) : rows.header(rec, line);
    });
}

} // namespace tribunal
