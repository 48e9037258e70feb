#include "io/formats/csvfilereader.h"

#include "io/byteprogress.h"
#include "io/importer.h"
#include "io/messagetext.h"

#include <algorithm>

namespace tribunal {
namespace {

constexpr std::size_t kBlockBytes = std::size_t(4) << 20; // one read

} // namespace

CsvRecordStream::CsvRecordStream(std::string path, std::uint64_t start)
    : m_path(std::move(path)), m_in(kBlockBytes, kMaxLineBytes, true), m_start(start), m_offset(start)
{}

bool CsvRecordStream::open(ImportLog& log)
{
    return m_in.open(m_path, log) && (m_start == 0 || m_in.seek(m_start, log));
}

bool CsvRecordStream::fatal(ImportLog& log, std::uint64_t line, std::string reason) const
{
    log.fatal({m_path, line, "", std::move(reason)});
    return false;
}

CsvRecordStream::Next CsvRecordStream::next(CsvRecord& rec, std::uint64_t& line, ImportLog& log)
{
    if (!m_started) {
        m_started = true;
        if (!m_in.refill(log))
            return Next::Failed;
        m_in.skipByteOrderMark();
    }
    for (;;) {
        if (m_offset >= m_stopAt) {
            m_stopAt = UINT64_MAX;
            return Next::Stop;
        }
        const char* begin = m_in.begin();
        const char* end = m_in.end();
        if (begin == end && m_in.atEof()) {
            if (m_records == 0) {
                fatal(log, 0, std::string(kEmptyFileReason));
                return Next::Failed;
            }
            return Next::End;
        }
        const CsvScan result = scanCsvRecord(begin, end, m_in.atEof(), rec);
        const std::uint64_t recordEnd = m_in.offsetOf(result == CsvScan::Record ? rec.end : end);
        // Records before this one were checked, so a bad byte before recordEnd lies in this record.
        if (auto bad = m_in.firstInvalidUtf8(); bad && *bad < recordEnd) {
            const auto lineOfByte =
                m_line + static_cast<std::uint64_t>(std::count(begin, m_in.pointerAt(*bad), '\n'));
            fatal(log, lineOfByte, invalidUtf8Reason(*bad));
            return Next::Failed;
        }
        if (result == CsvScan::Truncated) {
            fatal(log, m_line, "truncated file: unterminated quoted field");
            return Next::Failed;
        }
        if (result == CsvScan::NeedMore) {
            if (m_in.unconsumed() > kMaxLineBytes) {
                fatal(log, m_line, recordTooLongReason());
                return Next::Failed;
            }
            if (!m_in.refill(log))
                return Next::Failed;
            continue;
        }
        if (static_cast<std::size_t>(rec.end - begin) > kMaxLineBytes) {
            fatal(log, m_line, recordTooLongReason());
            return Next::Failed;
        }
        line = m_line;
        m_line += rec.newlines;
        m_in.consume(rec.end);
        m_offset = recordEnd;
        if (rec.blank())
            continue;
        unescapeCsvRecord(rec);
        ++m_records;
        return Next::Record;
    }
}

bool readCsvRecords(const std::string& path, AuditBuilder& builder, ImportLog& log, const Progress& progress,
                    const CsvRecordSink& sink, const CsvReadRange& range)
{
    CsvRecordStream stream(path, range.start);
    if (!stream.open(log))
        return false;
    ByteProgress reported(progress, stream.fileSize());
    if (range.atSplit && range.split > 0 && range.split < stream.fileSize()) {
        stream.stopAt(range.split);
        reported.countShareUpTo(range.split);
    }
    CsvRecord rec;
    std::uint64_t line = 0;
    for (;;) {
        const auto next = stream.next(rec, line, log);
        if (next == CsvRecordStream::Next::Failed)
            return false;
        if (next == CsvRecordStream::Next::End)
            break;
        if (next == CsvRecordStream::Next::Stop) {
            reported.countShareUpTo(0);
            if (range.atSplit(stream.offset() == range.split, stream.nextLine()))
                break;
            continue;
        }
        if (!sink(rec, line))
            return false;
        if (stream.records() == kCsvSampleRecords)
            builder.reserveJudgments(builder.judgmentCount() + (stream.estimateRecords() - stream.records()) +
                                     64);
        if (!reported.advance(stream.offset()))
            return false;
    }
    reported.finish();
    return !log.failed;
}

} // namespace tribunal
