#pragma once
// The record loop of a CSV importer (../shared/spec/data-format.md, "Bad input"): the file is read in large
// blocks (BlockReader, which also checks UTF-8) and split into RFC 4180 records in place (csvtokenizer.h);
// each non-blank record, unescaped, goes to a callback with the physical line it starts on. Whole-file
// problems (unreadable, non-UTF-8, truncated inside quotes, a record over 64 MiB, empty) are logged as fatal
// here whatever the policy. Used by the flat pairwise CSV (flatcsvimporter.cpp) and the rubric CSV
// (rubriccsvimporter.cpp).

#include "csvtokenizer.h"
#include "model/auditbuilder.h"
#include "model/importissue.h"
#include "model/progress.h"

#include <cstdint>
#include <functional>
#include <string>

namespace tribunal {

/// Called with each record (the header first) and its 1-based start line; returns false to stop reading
/// (the callback has logged why).
using CsvRecordSink = std::function<bool(const CsvRecord& rec, std::uint64_t line)>;

/// Reads `path` record by record into `sink`. After the first 16384 records, reserves `builder`'s judgment
/// storage from the file size. Returns false when reading stopped (a fatal problem, the sink said stop, or
/// cancellation); true at the end of a file with at least one record. Thread-safety: uses only its arguments.
bool readCsvRecords(const std::string& path, AuditBuilder& builder, ImportLog& log, const Progress& progress,
                    const CsvRecordSink& sink);

} // namespace tribunal
