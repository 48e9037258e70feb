#include "io/formats/blockreader.h"

#include "io/utf8.h"

#include <QString>

#include <algorithm>
#include <cstring>
#include <string_view>

namespace tribunal {

BlockReader::BlockReader(std::size_t blockBytes, std::size_t maxRecordBytes, bool validateUtf8)
    : m_blockBytes(blockBytes), m_maxRecordBytes(maxRecordBytes), m_validateUtf8(validateUtf8)
{}

bool BlockReader::open(const std::string& path, ImportLog& log)
{
    m_path = path;
    m_file.setFileName(QString::fromStdString(path));
    if (!m_file.open(QIODevice::ReadOnly | QIODevice::Unbuffered)) {
        log.fatal({m_path, 0, "", "cannot read file: " + m_file.errorString().toStdString()});
        return false;
    }
    m_fileSize = static_cast<std::uint64_t>(std::max<qint64>(m_file.size(), 0));
    // A small file gets a small buffer; it grows if the file turns out longer.
    m_capacity = static_cast<std::size_t>(
        std::clamp<std::uint64_t>(m_fileSize + 1, std::min<std::size_t>(4096, m_blockBytes), m_blockBytes));
    m_buffer = std::make_unique_for_overwrite<char[]>(m_capacity + kPadding);
    return true;
}

bool BlockReader::seek(std::uint64_t offset, ImportLog& log)
{
    if (!m_file.seek(static_cast<qint64>(offset))) {
        log.fatal({m_path, 0, "", "cannot read file: " + m_file.errorString().toStdString()});
        return false;
    }
    m_bufferOffset = m_startOffset = offset;
    return true;
}

bool BlockReader::refill(ImportLog& log)
{
    if (m_begin > 0) {
        std::memmove(m_buffer.get(), m_buffer.get() + m_begin, m_end - m_begin);
        m_bufferOffset += m_begin;
        m_end -= m_begin;
        m_validated -= std::min(m_validated, m_begin);
        m_begin = 0;
    }
    const std::size_t limit = m_maxRecordBytes + 1;
    if (m_end * 2 > m_capacity && m_capacity < limit) {
        const std::size_t grown = std::min(std::max(m_capacity * 2, m_blockBytes), limit);
        auto bigger = std::make_unique_for_overwrite<char[]>(grown + kPadding);
        std::memcpy(bigger.get(), m_buffer.get(), m_end);
        m_buffer = std::move(bigger);
        m_capacity = grown;
    }
    while (m_end < m_capacity && !m_eof) {
        const qint64 got = m_file.read(m_buffer.get() + m_end, static_cast<qint64>(m_capacity - m_end));
        if (got < 0) {
            log.fatal({m_path, 0, "", "cannot read file: " + m_file.errorString().toStdString()});
            return false;
        }
        if (got == 0)
            m_eof = true;
        m_end += static_cast<std::size_t>(got);
    }
    // SIMD scanners read (and ignore) bytes past end(): keep them initialised.
    std::memset(m_buffer.get() + m_end, 0, kPadding);
    if (m_validateUtf8)
        validate();
    return true;
}

void BlockReader::validate()
{
    // Up to the last newline read (a multi-byte sequence may be cut at the block end), all of it at EOF.
    std::size_t upTo = m_end;
    if (!m_eof) {
        const std::string_view fresh(m_buffer.get() + m_validated, m_end - m_validated);
        const auto lastNewline = fresh.rfind('\n');
        upTo = lastNewline == std::string_view::npos ? m_validated : m_validated + lastNewline + 1;
    }
    if (!m_badByte && upTo > m_validated) {
        if (auto bad = tribunal::firstInvalidUtf8({m_buffer.get() + m_validated, upTo - m_validated}))
            m_badByte = m_bufferOffset + m_validated + *bad;
        m_validated = upTo;
    }
}

void BlockReader::skipByteOrderMark()
{
    if (m_bufferOffset == 0 && m_begin == 0 && m_end >= 3 &&
        std::memcmp(m_buffer.get(), "\xEF\xBB\xBF", 3) == 0)
        m_begin = 3;
}

std::uint64_t BlockReader::estimateRecords(std::uint64_t bytes, std::uint64_t records) const
{
    if (records == 0 || bytes <= m_startOffset)
        return records;
    const double perRecord = static_cast<double>(bytes - m_startOffset) / static_cast<double>(records);
    const double remaining = static_cast<double>(m_fileSize - std::min(m_fileSize, m_startOffset));
    return std::max(records, static_cast<std::uint64_t>(remaining / perRecord * 1.02));
}

} // namespace tribunal
