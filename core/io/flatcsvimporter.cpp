// Flat pairwise CSV reader (../shared/spec/data-format.md, "Formats" 1 and "Bad input"): the record loop of
// csvfilereader.h (large blocks, UTF-8 check, RFC 4180 records in place) mapped to judgments row by row
// (FlatCsvRows: prepare, then commit). Whole-file problems (unreadable, non-UTF-8, truncated inside quotes, a
// record over 64 MiB, empty) fail the import whatever the policy.
//
// One thread on purpose: reading and preparing rows on a second thread while this one commits them was
// measured (docs/performance.md, "Import"): 37% more CPU in all, for 3-8% less time, because every row's
// fields and values then cross from one core's cache to the other's.

#include "csvfilereader.h"
#include "flatcsvrows.h"
#include "importer.h"

namespace tribunal {

bool importFlatCsv(const std::string& path, AuditBuilder& builder, ImportLog& log, const Progress& progress)
{
    const std::uint32_t file = builder.addSourceFile(path);
    FlatCsvRows rows(path, file, builder, log);
    FlatCsvRows::Prepared prepared;
    return readCsvRecords(path, builder, log, progress, [&](const CsvRecord& rec, std::uint64_t line) {
        if (!rows.haveHeader())
            return rows.header(rec, line);
        prepared = FlatCsvRows::Prepared{};
        rows.prepare(rec, prepared);
        return rows.commit(rec, line, prepared);
    });
}

} // namespace tribunal
