#include "csvfilereader.h"

#include "blockreader.h"
#include "byteprogress.h"
#include "importer.h"
#include "messagetext.h"

#include <algorithm>

namespace tribunal {
namespace {

constexpr std::size_t kBlockBytes = std::size_t(4) << 20; // one read
constexpr std::uint64_t kSampleRows = 16384; // judgments are reserved from the size of the first rows

} // namespace

bool readCsvRecords(const std::string& path, AuditBuilder& builder, ImportLog& log, const Progress& progress,
                    const CsvRecordSink& sink)
{
    BlockReader in(kBlockBytes, kMaxLineBytes, true);
    if (!in.open(path, log))
        return false;
    ByteProgress reported(progress, in.fileSize());
    auto fatal = [&](std::uint64_t line, std::string reason) {
        log.fatal({path, line, "", std::move(reason)});
        return false;
    };
    const std::string tooLong = "record longer than " + std::to_string(kMaxLineBytes >> 20) + " MiB";

    if (!in.refill(log))
        return false;
    in.skipByteOrderMark();
    CsvRecord rec;
    std::uint64_t line = 1, records = 0;
    for (;;) {
        const char* begin = in.begin();
        const char* end = in.end();
        if (begin == end && in.atEof())
            break;
        const CsvScan result = scanCsvRecord(begin, end, in.atEof(), rec);
        const std::uint64_t recordEnd = in.offsetOf(result == CsvScan::Record ? rec.end : end);
        // Records before this one were checked, so a bad byte before recordEnd lies in this record.
        if (auto bad = in.firstInvalidUtf8(); bad && *bad < recordEnd) {
            const auto lineOfByte =
                line + static_cast<std::uint64_t>(std::count(begin, in.pointerAt(*bad), '\n'));
            return fatal(lineOfByte, invalidUtf8Reason(*bad));
        }
        if (result == CsvScan::Truncated)
            return fatal(line, "truncated file: unterminated quoted field");
        if (result == CsvScan::NeedMore) {
            if (in.unconsumed() > kMaxLineBytes)
                return fatal(line, tooLong);
            if (!in.refill(log))
                return false;
            continue;
        }
        if (static_cast<std::size_t>(rec.end - begin) > kMaxLineBytes)
            return fatal(line, tooLong);
        const std::uint64_t recordLine = line;
        line += rec.newlines;
        in.consume(rec.end);
        if (rec.blank())
            continue;
        unescapeCsvRecord(rec);
        if (!sink(rec, recordLine))
            return false;
        if (++records == kSampleRows) {
            const auto expected = in.estimateRecords(recordEnd, records);
            builder.reserveJudgments(builder.judgmentCount() + (expected - records) + 64);
        }
        if (!reported.advance(recordEnd))
            return false;
    }
    if (records == 0)
        return fatal(0, std::string(kEmptyFileReason));
    reported.finish();
    return !log.failed;
}

} // namespace tribunal
