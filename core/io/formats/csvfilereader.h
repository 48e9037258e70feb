#pragma once
// The record loop of a CSV importer (../shared/spec/data-format.md, "Bad input"): the file is read in large
// blocks (BlockReader, which also checks UTF-8) and split into RFC 4180 records in place (csvtokenizer.h);
// each non-blank record, unescaped, is handed out with the physical line it starts on. Whole-file problems
// (unreadable, non-UTF-8, truncated inside quotes, a record over 64 MiB, empty) are logged as fatal whatever
// the policy. Used by the flat pairwise CSV (flatcsvimporter.cpp) and the rubric CSV (rubriccsvimporter.cpp).

#include "io/formats/blockreader.h"
#include "io/formats/csvtokenizer.h"
#include "model/auditbuilder.h"
#include "model/importissue.h"
#include "model/progress.h"

#include <cstdint>
#include <functional>
#include <string>

namespace tribunal {

/// The records of one CSV file, pulled one at a time. Not thread-safe (one per reader); it touches nothing
/// but its file and the log passed to each call, so it may run on any one thread.
class CsvRecordStream {
public:
    enum class Next {
        Record, ///< `rec` and `line` hold the next non-blank record, unescaped
        End,    ///< the file ended after at least one record
        Failed, ///< a whole-file problem was logged as fatal (an empty file is one)
        Stop,   ///< the records returned so far reached the offset given to stopAt(); next() reads on
    };

    /// `start`: the file offset to read from, 0 or just after a '\n' (then lines count from 1 there and no
    /// byte order mark is looked for).
    explicit CsvRecordStream(std::string path, std::uint64_t start = 0);
    /// Opens the file; on failure logs `path: cannot read file: <why>` and returns false.
    bool open(ImportLog& log);
    /// The next record. `rec`'s fields point into the stream's buffer and stay valid until the next call.
    Next next(CsvRecord& rec, std::uint64_t& line, ImportLog& log);
    /// Makes next() return Stop once, when the records (blank ones included) consumed so far end at or past
    /// `offset`: offset() == `offset` tells that a record starts there; more means one ran across it.
    void stopAt(std::uint64_t offset) { m_stopAt = offset; }

    std::uint64_t fileSize() const { return m_in.fileSize(); }
    /// File offset just past the last record consumed.
    std::uint64_t offset() const { return m_offset; }
    /// The line the next record starts on (lines counted from the start offset).
    std::uint64_t nextLine() const { return m_line; }
    /// Records returned so far (the header included).
    std::uint64_t records() const { return m_records; }
    /// The number of records the whole file holds, extrapolated from those returned so far.
    std::uint64_t estimateRecords() const { return m_in.estimateRecords(m_offset, m_records); }

private:
    bool fatal(ImportLog& log, std::uint64_t line, std::string reason) const;

    std::string m_path;
    BlockReader m_in;
    bool m_started = false;
    std::uint64_t m_start = 0;
    std::uint64_t m_line = 1, m_records = 0, m_offset = 0;
    std::uint64_t m_stopAt = UINT64_MAX;
};

/// Called with each record (the header first) and its 1-based start line; returns false to stop reading
/// (the callback has logged why).
using CsvRecordSink = std::function<bool(const CsvRecord& rec, std::uint64_t line)>;

/// Where readCsvRecords starts, and where it hands over to a second reader (splitread.h).
struct CsvReadRange {
    std::uint64_t start = 0; ///< as CsvRecordStream's `start`
    /// With `atSplit`: the offset where the second half of the file begins.
    std::uint64_t split = UINT64_MAX;
    /// Called once the records read reach `split`: `exact` when a record starts there (false: one ran across
    /// it, inside a quoted field), with the line the next record starts on. True when the rest of the file
    /// was read and joined elsewhere (reading ends); false to read on.
    std::function<bool(bool exact, std::uint64_t nextLine)> atSplit;
};

/// Reads `path` record by record into `sink` on the calling thread. After the first 16384 records, reserves
/// `builder`'s judgment storage from the file size. Returns false when reading stopped (a fatal problem, the
/// sink said stop, or cancellation); true at the end of a file with at least one record.
bool readCsvRecords(const std::string& path, AuditBuilder& builder, ImportLog& log, const Progress& progress,
                    const CsvRecordSink& sink, const CsvReadRange& range = {});

/// Records after which readers reserve the builder's judgments from the file size.
inline constexpr std::uint64_t kCsvSampleRecords = 16384;

} // namespace tribunal
