// Reading the records of another harness's judgment file (see harnessfile.h).

#include "io/harness/harnessfile.h"

#include "io/formats/jsonarrayscan.h"
#include "io/importer.h"
#include "io/jsonvaluetext.h"
#include "io/messagetext.h"
#include "io/utf8.h"

#include <cstring>
#include <filesystem>
#include <system_error>

namespace tribunal {

namespace dom = simdjson::dom;

bool HarnessFile::load(const std::string& path)
{
    std::error_code ec;
    const auto size = std::filesystem::file_size(path, ec);
    if (ec) {
        m_log.fatal({path, 0, "", std::filesystem::exists(path, ec) ? "cannot read file" : "no such file"});
        return false;
    }
    if (size > kMaxFileBytes) {
        m_log.fatal({path, 0, "", "file larger than 2 GiB (harness files are read whole)"});
        return false;
    }
    if (simdjson::padded_string::load(path).get(m_text)) {
        m_log.fatal({path, 0, "", "cannot read file"});
        return false;
    }
    const std::string_view text(m_text.data(), m_text.size());
    if (auto bad = firstInvalidUtf8(text)) {
        m_log.fatal({path, lineOfOffset(text, *bad), "", invalidUtf8Reason(*bad)});
        return false;
    }
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos ||
        (text.size() >= 3 && text.compare(0, 3, "\xEF\xBB\xBF") == 0 &&
         text.find_first_not_of(" \t\r\n", 3) == std::string_view::npos)) {
        m_log.fatal({path, 0, "", std::string(kEmptyFileReason)});
        return false;
    }
    return true;
}

bool HarnessFile::step(std::uint64_t done, std::uint64_t total)
{
    if ((++m_records & 255u) != 0)
        return true;
    m_progress.step(done, total);
    return !m_progress.cancelled();
}

bool HarnessFile::read(const std::string& path, HarnessLayout layout, const RecordFn& onRecord)
{
    m_records = 0;
    if (!load(path))
        return false;
    m_progress.step(0, m_text.size());
    const bool ok =
        layout == HarnessLayout::JsonLines ? readLines(path, onRecord) : readArray(path, onRecord);
    if (!ok || m_log.failed)
        return false;
    m_progress.step(m_text.size(), m_text.size());
    return !m_progress.cancelled();
}

bool HarnessFile::readLines(const std::string& path, const RecordFn& onRecord)
{
    if (m_parser.allocate(std::size_t(1) << 20, kMaxJsonDepth + 1) != simdjson::SUCCESS) {
        m_log.fatal({path, 0, "", "out of memory"});
        return false;
    }
    const char* data = m_text.data();
    const char* const end = data + m_text.size();
    if (m_text.size() >= 3 && std::memcmp(data, "\xEF\xBB\xBF", 3) == 0)
        data += 3;
    std::uint64_t line = 0;
    std::size_t index = 0; // records (non-blank lines) so far
    while (data < end) {
        ++line;
        const auto* nl =
            static_cast<const char*>(std::memchr(data, '\n', static_cast<std::size_t>(end - data)));
        const char* lineEnd = nl != nullptr ? nl : end;
        const auto length = static_cast<std::size_t>(lineEnd - data);
        const char* next = nl != nullptr ? nl + 1 : end;
        std::size_t i = 0;
        while (i < length && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r'))
            ++i;
        if (i == length) {
            data = next;
            continue; // blank line
        }
        ++index;
        if (length > kMaxLineBytes) {
            if (!m_log.badRecord({path, line, "", lineTooLongReason()}))
                return false;
            data = next;
            continue;
        }
        // The rest of the file (and the padded string's padding) follows the line, so simdjson may read
        // past its end without a copy.
        auto parsed = m_parser.parse(data, length, false);
        if (const auto error = parsed.error()) {
            if (error == simdjson::DEPTH_ERROR) {
                if (!m_log.badRecord({path, line, "", tooDeepReason()}))
                    return false;
            } else if (nl == nullptr) {
                m_log.fatal({path, line, "",
                             "truncated last line (the file does not end with a complete JSON object)"});
                return false;
            } else if (!m_log.badRecord({path, line, "", invalidJsonReason(error)})) {
                return false;
            }
        } else {
            const dom::element root = parsed.value_unsafe();
            if (root.type() != dom::element_type::OBJECT) {
                if (!m_log.badRecord(
                        {path, line, "",
                         "expected a JSON object, got " + std::string(jsonTypeName(root.type()))}))
                    return false;
            } else if (!onRecord(objectOf(root), line, index - 1)) {
                return false;
            }
        }
        if (m_parser.capacity() > (std::size_t(16) << 20) &&
            m_parser.allocate(std::size_t(1) << 20, kMaxJsonDepth + 1) != simdjson::SUCCESS) {
            m_log.fatal({path, 0, "", "out of memory"});
            return false;
        }
        if (!step(static_cast<std::uint64_t>(next - m_text.data()), m_text.size()))
            return false;
        data = next;
    }
    return true;
}

bool HarnessFile::readArray(const std::string& path, const RecordFn& onRecord)
{
    std::string_view text(m_text.data(), m_text.size());
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3); // a UTF-8 BOM, skipped as readLines and the CSV readers do
    JsonArrayScan scan;
    scanJsonArray(text, scan);
    if (scan.tooLongLine != 0) {
        m_log.fatal({path, scan.tooLongLine, "", lineTooLongReason()});
        return false;
    }
    if (scan.tooDeepLine != 0) {
        m_log.fatal({path, scan.tooDeepLine, "", tooDeepReason()});
        return false;
    }
    if (scan.truncated) {
        m_log.fatal({path, 0, "", "truncated JSON (the file ends inside an array, object or string)"});
        return false;
    }
    if (m_parser.allocate(text.size(), kMaxJsonDepth + 1) != simdjson::SUCCESS) {
        m_log.fatal({path, 0, "", "out of memory"});
        return false;
    }
    dom::element root;
    // The padded string's padding follows `text`, which ends where m_text ends: no copy is needed.
    if (auto error = m_parser.parse(text.data(), text.size(), false).get(root)) {
        m_log.fatal({path, 0, "", invalidJsonReason(error)});
        return false;
    }
    dom::array elements;
    if (root.get_array().get(elements)) {
        m_log.fatal({path, 0, "",
                     "not a JSON array (the top level is " + std::string(jsonTypeName(root.type())) + ")"});
        return false;
    }
    std::size_t index = 0;
    for (dom::element element : elements) {
        const std::size_t i = index++;
        const std::uint64_t line = i < scan.elementLines.size() ? scan.elementLines[i] : 0;
        if (element.type() != dom::element_type::OBJECT) {
            if (!m_log.badRecord(
                    {path, line, "[" + std::to_string(i) + "]",
                     "expected a JSON object, got " + std::string(jsonTypeName(element.type()))}))
                return false;
            continue;
        }
        if (!onRecord(objectOf(element), line, i))
            return false;
        if (!step(index, elements.size()))
            return false;
    }
    return true;
}

} // namespace tribunal
