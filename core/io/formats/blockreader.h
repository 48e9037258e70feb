#pragma once
// Reading a text file in large blocks for the line- and record-oriented importers (flat CSV, JSONL): records
// are parsed in place inside the buffer, so reading costs no allocation per record.

#include "model/importissue.h"

#include <QFile>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

namespace tribunal {

/// A file read block by block into one buffer. The caller parses the unconsumed bytes [begin(), end()),
/// consumes whole records, and calls refill() when the record at begin() continues past end(). Not
/// thread-safe (one per reader).
///
/// Guarantees: kPadding readable bytes follow end() (simdjson's padding; SIMD scanners may read ahead); the
/// buffer grows while one record fills more than half of it, up to maxRecordBytes + 1 bytes, so a record over
/// the limit shows as more than maxRecordBytes unconsumed bytes; pointers into the buffer stay valid until
/// the next refill().
class BlockReader {
public:
    static constexpr std::size_t kPadding = 64;

    /// `blockBytes`: the usual buffer size; `validateUtf8`: check every complete line read (see
    /// firstInvalidUtf8()).
    BlockReader(std::size_t blockBytes, std::size_t maxRecordBytes, bool validateUtf8);

    /// Opens `path` for reading; on failure logs `path: cannot read file: <why>` as fatal and returns false.
    bool open(const std::string& path, ImportLog& log);
    std::uint64_t fileSize() const { return m_fileSize; }

    /// Starts reading at file offset `offset` instead of 0 (call after open(), before the first refill()).
    /// On failure logs `path: cannot read file: <why>` as fatal and returns false.
    bool seek(std::uint64_t offset, ImportLog& log);

    /// Moves the unconsumed bytes to the front and reads behind them until the buffer is full or the file
    /// ends. On a read error logs `path: cannot read file: <why>` as fatal and returns false.
    bool refill(ImportLog& log);
    bool atEof() const { return m_eof; }
    /// Skips a UTF-8 byte order mark at the start of the file (call after the first refill()).
    void skipByteOrderMark();

    char* begin() { return m_buffer.get() + m_begin; }
    char* end() { return m_buffer.get() + m_end; }
    std::size_t unconsumed() const { return m_end - m_begin; }
    /// Marks the bytes before `p` (in [begin(), end()]) as consumed.
    void consume(const char* p) { m_begin = static_cast<std::size_t>(p - m_buffer.get()); }
    /// Drops every unconsumed byte (to skip the rest of an over-long line).
    void discard() { m_begin = m_end; }

    /// File offset of `p` (a pointer into the buffer) and back.
    std::uint64_t offsetOf(const char* p) const
    {
        return m_bufferOffset + static_cast<std::uint64_t>(p - m_buffer.get());
    }
    const char* pointerAt(std::uint64_t offset) const
    {
        return m_buffer.get() + static_cast<std::size_t>(offset - m_bufferOffset);
    }

    /// With validateUtf8: the file offset of the first byte that is not valid UTF-8 among the bytes checked
    /// so far (every line completed by the data read; the whole file once at EOF), or nullopt.
    std::optional<std::uint64_t> firstInvalidUtf8() const { return m_badByte; }

    /// The number of records the file holds from the offset reading started at, extrapolated from the first
    /// `records` records, which end at file offset `bytes` (for reserving columns once instead of growing
    /// them by doubling).
    std::uint64_t estimateRecords(std::uint64_t bytes, std::uint64_t records) const;

private:
    void validate();

    QFile m_file;
    std::string m_path;
    std::size_t m_blockBytes;
    std::size_t m_maxRecordBytes;
    bool m_validateUtf8;
    std::uint64_t m_fileSize = 0;
    std::unique_ptr<char[]> m_buffer;
    std::size_t m_capacity = 0; // usable bytes (kPadding more are allocated)
    std::size_t m_begin = 0, m_end = 0, m_validated = 0;
    std::uint64_t m_bufferOffset = 0; // file offset of m_buffer[0]
    std::uint64_t m_startOffset = 0;  // where reading started (seek())
    std::optional<std::uint64_t> m_badByte;
    bool m_eof = false;
};

} // namespace tribunal
