#pragma once
// Internal to the project reader (projectreader.cpp): the judgments of one seq range read into a batch of
// their own, without touching the builder, so that two threads can read two ranges of one project at once.
// The merging (Reader::merge) maps each batch's strings and conditions into the builder in seq order.

#include "model/audit.h"
#include "model/auditbuilder.h"
#include "model/progress.h"
#include "model/stringpool.h"
#include "model/types.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace tribunal {

class ProjectConnection;

namespace projectread {

// Judgments are read in chunks of about this many rows (by seq range); a project of more than one chunk is
// read by two threads (Reader::readJudgments).
constexpr std::uint64_t kChunkRows = 65536;

// The items as read so far, shared read-only by the judgment readers.
struct ItemRows {
    const AuditBuilder* builder = nullptr;
    std::unordered_map<std::int64_t, std::uint32_t> itemOfRow;
    bool dense = true; // item rows are 0..n-1 in order: look them up without the map

    std::optional<std::uint32_t> find(std::int64_t row) const
    {
        if (dense)
            return row >= 0 && static_cast<std::size_t>(row) < builder->itemCount()
                       ? std::optional<std::uint32_t>(static_cast<std::uint32_t>(row))
                       : std::nullopt;
        auto it = itemOfRow.find(row);
        return it == itemOfRow.end() ? std::nullopt : std::optional<std::uint32_t>(it->second);
    }
};

// One judgment as read, its strings in the batch's own pool and its condition an index into the batch's
// conditions (0 = none).
struct ReadJudgment {
    double confidence = kMissing;
    double costUsd = kMissing;
    double latencyS = kMissing;
    std::int64_t tokensIn = kMissingCount;
    std::int64_t tokensOut = kMissingCount;
    std::uint32_t item = 0;
    StrId judge = kEmptyStr, format = kEmptyStr, raw = kEmptyStr, error = kEmptyStr, test = kEmptyStr,
          version = kEmptyStr, extra = kEmptyStr;
    std::uint32_t condition = 0;
    std::uint32_t probEnd = 0; // probabilities are probs[previous row's probEnd, probEnd)
    std::uint16_t rep = 1;
    Answer answer = answer::kNone;
    Order order = Order::None;
    Variant variant = Variant::None;
    Cue cue = Cue::None;
};

// The judgments of one seq range, read without touching the builder so that two ranges can be read at once.
struct JudgmentBatch {
    StringPool strings;
    std::vector<ReadJudgment> rows;
    std::vector<ProbEntry> probs;
    std::vector<std::vector<std::pair<std::string, std::string>>> conditions =
        std::vector<std::vector<std::pair<std::string, std::string>>>(1); // [0] = none
    std::string error; // the first failure (full message) or kProjectCancelled; rows stop before it
};

// Reads judgments by seq range into batches, through one connection. Runs on any thread (the one that owns
// the connection); `items` is only read. The referenced arguments must outlive the reader.
class JudgmentRangeReader {
public:
    JudgmentRangeReader(ProjectConnection& connection, const ItemRows& items, const std::string& path,
                        const Progress& progress, const std::atomic<bool>& stop);
    ~JudgmentRangeReader();
    JudgmentRangeReader(const JudgmentRangeReader&) = delete;
    JudgmentRangeReader& operator=(const JudgmentRangeReader&) = delete;

    /// Reads the judgments with seq in [first, last] into `batch` (fresh), stopping at the first bad row, on
    /// cancel and when `stop` is set. On failure batch.error holds kProjectCancelled or the full message
    /// "<path>: judgments seq <n>: <column>: <reason>"; batch.rows stop before the bad row.
    void read(std::int64_t first, std::int64_t last, std::size_t expected, JudgmentBatch& batch);

private:
    class Rows; // the statement and the per-column caches (projectjudgmentrange.cpp)
    std::unique_ptr<Rows> m_rows;
};

} // namespace projectread
} // namespace tribunal
