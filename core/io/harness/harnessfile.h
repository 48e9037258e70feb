#pragma once
// Reading the records of another harness's judgment file (Arena-Hard-Auto, FastChat MT-Bench, JudgeBench:
// JSON Lines; AlpacaEval: one JSON array), for the harness adapters (../shared/spec/data-format.md, "Formats"
// 3 and "Bad input"). The reader checks what concerns the whole file and hands each record over as a JSON
// object with its 1-based line; the adapter maps it.
//
// Whole-file problems fail the import whatever the policy: a missing or unreadable file, non-UTF-8 bytes
// (`invalid UTF-8 (byte offset N)`), an empty file, a truncated last line or array, a JSON array nested
// deeper than 64 levels, a file over 2 GiB. Per record (subject to the policy): invalid JSON, a line nested
// deeper than 64 levels or longer than 64 MiB, a record that is not an object (`expected a JSON object, got
// ...`).
//
// The file is read into memory whole (harness files are tens of MB: the largest public one, FastChat's
// gpt-4_pair.jsonl, is about 60 MB); one simdjson parser is reused for every line.
// Not thread-safe: one reader per import job.

#include "model/importissue.h"
#include "model/progress.h"

#include <simdjson.h>

#include <cstdint>
#include <functional>
#include <string>

namespace tribunal {

enum class HarnessLayout {
    JsonLines, ///< one object per line; blank lines ignored
    JsonArray, ///< one top-level array of objects
};

class HarnessFile {
public:
    /// Called per record with its object, the 1-based line where it starts and its 0-based index among the
    /// records. Returns false to stop (the adapter's log has failed).
    using RecordFn = std::function<bool(simdjson::dom::object record, std::uint64_t line, std::size_t index)>;

    HarnessFile(ImportLog& log, const Progress& progress) : m_log(log), m_progress(progress) {}

    /// Reads `path` and calls `onRecord` for each record in file order. Returns false when the log failed
    /// or the import was cancelled (polled every 256 records).
    bool read(const std::string& path, HarnessLayout layout, const RecordFn& onRecord);

    /// The most bytes read() accepts.
    static constexpr std::uint64_t kMaxFileBytes = std::uint64_t(2) << 30;

private:
    bool load(const std::string& path);
    bool readLines(const std::string& path, const RecordFn& onRecord);
    bool readArray(const std::string& path, const RecordFn& onRecord);
    /// Reports progress (and polls cancel) every 256 records; false when cancelled.
    bool step(std::uint64_t done, std::uint64_t total);

    ImportLog& m_log;
    const Progress& m_progress;
    simdjson::dom::parser m_parser;
    simdjson::padded_string m_text;
    std::uint64_t m_records = 0;
};

} // namespace tribunal
