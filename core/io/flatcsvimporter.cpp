// Flat pairwise CSV reader (../shared/spec/data-format.md, "Formats" 1 and "Bad input"): the records of
// csvfilereader.h (large blocks, UTF-8 check, RFC 4180 records) mapped to judgments by FlatCsvRows. The
// header is read on the calling thread; then the rows are read and prepared (parsed and checked on their own)
// on a worker thread while the calling thread commits them to the builder in file order (csvpipeline.h),
// which takes the import of 1,000,000 judgments from 403 to ... ms on two cores (docs/performance.md).
// Whole-file problems (unreadable, non-UTF-8, truncated inside quotes, a record over 64 MiB, empty) fail the
// import whatever the policy.

#include "csvpipeline.h"
#include "flatcsvrows.h"
#include "importer.h"

namespace tribunal {

bool importFlatCsv(const std::string& path, AuditBuilder& builder, ImportLog& log, const Progress& progress)
{
    const std::uint32_t file = builder.addSourceFile(path);
    FlatCsvRows rows(path, file, builder, log);
    CsvRecordStream stream(path);
    if (!stream.open(log))
        return false;
    CsvRecord header;
    std::uint64_t line = 0;
    if (stream.next(header, line, log) != CsvRecordStream::Next::Record || !rows.header(header, line))
        return false;
    return readCsvRecordsOnTwoThreads<FlatCsvRows::Prepared>(
        path, stream, builder, log, progress,
        [&rows](const CsvRecord& rec, FlatCsvRows::Prepared& out) { rows.prepare(rec, out); },
        [&rows](const CsvRecord& rec, std::uint64_t at, FlatCsvRows::Prepared& prepared) {
            return rows.commit(rec, at, prepared);
        });
}

} // namespace tribunal
