// Rubric CSV reader (docs/data-formats.md, "Rubric CSV"): one judgment of one rubric criterion per row,
// read with the flat CSV's record loop (csvfilereader.h) and mapped by RubricCsvRows. Whole-file problems
// (unreadable, non-UTF-8, truncated inside quotes, a record over 64 MiB, empty) fail the import whatever the
// policy; the levels of ordinal items without a `levels` cell are completed once the whole file was read.

#include "io/formats/csvfilereader.h"
#include "io/formats/rubriccsvrows.h"
#include "io/importer.h"

namespace tribunal {

bool importRubricCsv(const std::string& path, AuditBuilder& builder, ImportLog& log, const Progress& progress)
{
    const std::uint32_t file = builder.addSourceFile(path);
    RubricCsvRows rows(path, file, builder, log);
    const bool ok =
        readCsvRecords(path, builder, log, progress, [&](const CsvRecord& rec, std::uint64_t line) {
            return rows.haveHeader() ? rows.row(rec, line) : rows.header(rec, line);
        });
    if (!ok || log.failed)
        return false;
    rows.finish();
    return true;
}

} // namespace tribunal
