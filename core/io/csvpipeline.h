#pragma once
// A CSV import on two threads (docs/performance.md, "Import"): a worker reads, splits and unescapes records
// (CsvRecordStream) and runs the importer's `prepare` on each, the part of a row that needs nothing but the
// row (parsing numbers and answers, checking the shape); the calling thread runs `commit` on each row in file
// order, the part that needs the builder (items, interning, adding the judgment). Rows travel in batches
// that own a copy of their fields, so the worker never waits for the builder to finish with its buffer.
//
// What the caller sees is what the one-thread loop (readCsvRecords) gives: commits in file order, a
// whole-file problem logged as fatal after every row before it was committed, progress and cancellation
// polled on the calling thread (Progress is only ever called there), and nothing read past a row whose commit
// said stop.

#include "byteprogress.h"
#include "csvfilereader.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <string_view>
#include <thread>
#include <vector>

namespace tribunal {

/// Records copied out of the stream with what `prepare` made of each.
template <typename Prepared> struct CsvBatch {
    struct Row {
        std::uint64_t line = 0;      ///< where the record starts (1-based)
        std::uint64_t endOffset = 0; ///< file offset just past it (for progress)
        std::uint32_t firstField = 0, fieldCount = 0;
        Prepared prepared{};
    };
    std::vector<char> bytes;                                     ///< the rows' records, back to back
    std::vector<std::pair<std::uint32_t, std::uint32_t>> fields; ///< per field: offset in `bytes`, size
    std::vector<Row> rows;
    std::optional<ImportIssue> fatal; ///< a whole-file problem found after the rows
    bool last = false;                ///< no batch follows
    /// Where the stream's sample was complete: reserve room for `estimatedRest` more judgments after row
    /// `estimateRow` (SIZE_MAX: not in this batch).
    std::size_t estimateRow = SIZE_MAX;
    std::uint64_t estimatedRest = 0;

    void clear()
    {
        bytes.clear();
        fields.clear();
        rows.clear();
        fatal.reset();
        last = false;
        estimateRow = SIZE_MAX;
        estimatedRest = 0;
    }
    /// Appends `rec` (its bytes copied) and returns its row, whose `prepared` the caller fills.
    Row& append(const CsvRecord& rec, std::uint64_t line, std::uint64_t endOffset)
    {
        Row& row = rows.emplace_back();
        row.line = line;
        row.endOffset = endOffset;
        row.firstField = static_cast<std::uint32_t>(fields.size());
        row.fieldCount = static_cast<std::uint32_t>(rec.fields.size());
        // Every field lies between the first one's start and the record's end: one copy for the record.
        const char* start = rec.fields.front().data();
        const auto base = static_cast<std::uint32_t>(bytes.size());
        bytes.insert(bytes.end(), start, rec.end);
        for (std::string_view field : rec.fields)
            fields.emplace_back(base + static_cast<std::uint32_t>(field.data() - start),
                                static_cast<std::uint32_t>(field.size()));
        return row;
    }
    /// Points `rec`'s fields at row `row`'s copies (valid while the batch is unchanged).
    void record(const Row& row, CsvRecord& rec) const
    {
        rec.fields.resize(row.fieldCount);
        for (std::uint32_t f = 0; f < row.fieldCount; ++f) {
            const auto [offset, size] = fields[row.firstField + f];
            rec.fields[f] = std::string_view(bytes.data() + offset, size);
        }
    }
};

/// Reads the rest of `stream` (the header already taken) on a worker thread: `prepare(const CsvRecord&,
/// Prepared&)` runs there for every record, in order, and must touch nothing `commit` touches;
/// `commit(const CsvRecord&, std::uint64_t line, Prepared&) -> bool` runs on the calling thread in file order
/// and returns false to stop (having logged why). Reserves `builder`'s judgments once the stream's sample is
/// read. Returns like readCsvRecords: false when reading stopped (fatal, commit said stop, cancelled).
template <typename Prepared, typename Prepare, typename Commit>
bool readCsvRecordsOnTwoThreads(const std::string& path, CsvRecordStream& stream, AuditBuilder& builder,
                                ImportLog& log, const Progress& progress, Prepare prepare, Commit commit)
{
    using Batch = CsvBatch<Prepared>;
    constexpr std::size_t kRowsPerBatch = 4096; // about 300 KiB of fields: stays in the shared cache
    constexpr std::size_t kBatchBytes = std::size_t(4) << 20; // or fewer rows when they are long; with a
                                                              // record <= 64 MiB, offsets fit 32 bits
    constexpr std::size_t kBatchesAhead = 4; // the worker's lead, bounding the memory in flight

    std::mutex mutex;
    std::condition_variable changed;
    std::deque<std::unique_ptr<Batch>> full, spare;
    bool stop = false; // set by the calling thread when it needs no more batches

    // Worker side: the next empty batch (recycled), and handing a filled one over. False once stopped.
    auto take = [&]() -> std::unique_ptr<Batch> {
        std::unique_lock lock(mutex);
        changed.wait(lock, [&] { return stop || full.size() < kBatchesAhead; });
        if (stop)
            return nullptr;
        if (spare.empty())
            return std::make_unique<Batch>();
        auto batch = std::move(spare.front());
        spare.pop_front();
        batch->clear();
        return batch;
    };
    auto give = [&](std::unique_ptr<Batch> batch) {
        std::lock_guard lock(mutex);
        full.push_back(std::move(batch));
        changed.notify_all();
    };
    std::thread worker([&] {
        ImportLog local; // fatal problems are handed to the calling thread's log in order
        CsvRecord rec;
        std::uint64_t line = 0;
        for (;;) {
            auto batch = take();
            if (!batch)
                return;
            try {
                while (batch->rows.size() < kRowsPerBatch && batch->bytes.size() < kBatchBytes) {
                    const auto next = stream.next(rec, line, local);
                    if (next != CsvRecordStream::Next::Record) {
                        if (next == CsvRecordStream::Next::Failed)
                            batch->fatal = local.issues.back();
                        batch->last = true;
                        break;
                    }
                    prepare(rec, batch->append(rec, line, stream.offset()).prepared);
                    if (stream.records() == kCsvSampleRecords) {
                        batch->estimateRow = batch->rows.size() - 1;
                        batch->estimatedRest = stream.estimateRecords() - stream.records();
                    }
                }
            } catch (const std::exception& e) { // out of memory, in practice
                batch->fatal = ImportIssue{path, 0, "", std::string("cannot read file: ") + e.what()};
                batch->last = true;
            }
            const bool last = batch->last;
            give(std::move(batch));
            if (last)
                return;
        }
    });
    auto finishWorker = [&] {
        {
            std::lock_guard lock(mutex);
            stop = true;
            changed.notify_all();
        }
        worker.join();
    };

    ByteProgress reported(progress, stream.fileSize());
    CsvRecord rec;
    for (;;) {
        std::unique_ptr<Batch> batch;
        {
            std::unique_lock lock(mutex);
            changed.wait(lock, [&] { return !full.empty(); });
            batch = std::move(full.front());
            full.pop_front();
            changed.notify_all();
        }
        for (std::size_t r = 0; r < batch->rows.size(); ++r) {
            auto& row = batch->rows[r];
            batch->record(row, rec);
            if (!commit(rec, row.line, row.prepared) || !reported.advance(row.endOffset)) {
                finishWorker();
                return false;
            }
            if (r == batch->estimateRow)
                builder.reserveJudgments(builder.judgmentCount() + batch->estimatedRest + 64);
        }
        if (batch->fatal) {
            log.fatal(std::move(*batch->fatal));
            finishWorker();
            return false;
        }
        if (batch->last)
            break;
        std::lock_guard lock(mutex);
        spare.push_back(std::move(batch));
    }
    finishWorker();
    reported.finish();
    return !log.failed;
}

} // namespace tribunal
