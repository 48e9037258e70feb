// Flat pairwise CSV reader (../shared/spec/data-format.md, "Formats" 1 and "Bad input"): the record loop of
// csvfilereader.h (large blocks, UTF-8 check, RFC 4180 records in place) mapped to judgments row by row
// (FlatCsvRows: prepare, then commit). Whole-file problems (unreadable, non-UTF-8, truncated inside quotes, a
// record over 64 MiB, empty) fail the import whatever the policy.
//
// A large file is read on two threads, each on its own half with its own builder (splitread.h); the halves
// meet once, at the split. Handing rows from one thread to the other instead was measured
// (docs/performance.md, "Import"): 37% more CPU in all, for 3-8% less time, because every row's fields and
// values then crossed from one core's cache to the other's.

#include "io/formats/csvfilereader.h"
#include "io/formats/flatcsvrows.h"
#include "io/formats/splitread.h"
#include "io/importer.h"

namespace tribunal {
namespace {

// The second half, from `start` (just after a '\n') to the end, on its own thread and builder. Lines count
// from 1 at `start`; the caller's join moves them.
bool readFlatCsvPart(const std::string& path, std::uint64_t start, AuditBuilder& builder, ImportLog& log,
                     const Progress& stop)
{
    const std::uint32_t file = builder.addSourceFile(path);
    FlatCsvRows rows(path, file, builder, log);
    {
        // The header again (column positions, condition keys), from the first record of the file.
        CsvRecordStream head(path);
        CsvRecord rec;
        std::uint64_t line = 0;
        if (!head.open(log) || head.next(rec, line, log) != CsvRecordStream::Next::Record ||
            !rows.header(rec, line))
            return false;
    }
    FlatCsvRows::Prepared prepared;
    CsvReadRange range;
    range.start = start;
    return readCsvRecords(
        path, builder, log, stop,
        [&](const CsvRecord& rec, std::uint64_t line) {
            prepared = FlatCsvRows::Prepared{};
            rows.prepare(rec, prepared);
            return rows.commit(rec, line, prepared);
        },
        range);
}

} // namespace

bool importFlatCsv(const std::string& path, AuditBuilder& builder, ImportLog& log, const Progress& progress)
{
    return importFlatCsvSplitAt(path, builder, log, progress, chooseSplit(path));
}

bool importFlatCsvSplitAt(const std::string& path, AuditBuilder& builder, ImportLog& log,
                          const Progress& progress, std::optional<std::uint64_t> split)
{
    const std::uint32_t file = builder.addSourceFile(path);
    FlatCsvRows rows(path, file, builder, log);
    FlatCsvRows::Prepared prepared;
    std::optional<SecondHalfReader> second;
    CsvReadRange range;
    if (split) {
        range.split = *split;
        range.atSplit = [&](bool exact, std::uint64_t nextLine) {
            const bool joined = exact && second && second->joinInto(builder, file, nextLine - 1);
            second.reset();
            return joined;
        };
    }
    return readCsvRecords(
        path, builder, log, progress,
        [&](const CsvRecord& rec, std::uint64_t line) {
            if (!rows.haveHeader()) {
                if (!rows.header(rec, line))
                    return false;
                if (split) // the header is usable: start the second half
                    second.emplace(log.policy, [&path, start = *split](AuditBuilder& part, ImportLog& partLog,
                                                                       const Progress& stop) {
                        return readFlatCsvPart(path, start, part, partLog, stop);
                    });
                return true;
            }
            prepared = FlatCsvRows::Prepared{};
            rows.prepare(rec, prepared);
            return rows.commit(rec, line, prepared);
        },
        range);
}

} // namespace tribunal
