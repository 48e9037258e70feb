#pragma once
// The flat pairwise CSV's columns (../shared/spec/data-format.md, "Formats" 1): mapping scanned records to
// items and judgments. Columns are found by header name; the first eight are required, `prob_a, cost_usd,
// latency_s, confidence, tokens_in, tokens_out, raw, error, test, version, variant, cue_on, slot` are
// optional, and any other column is a condition key (empty cell = not set). Every row is validated completely
// before anything is handed to the builder, so a skipped bad row leaves nothing behind.

#include "io/formats/csvheader.h"
#include "io/formats/csvtokenizer.h"
#include "io/itemlookup.h"
#include "io/itemorigins.h"
#include "io/itempatch.h"
#include "io/recentstrings.h"
#include "model/auditbuilder.h"
#include "model/spreadsheettext.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tribunal {

/// Header and rows of one CSV file. Not thread-safe (one per file being read).
class FlatCsvRows {
public:
    /// Rows go to `builder` with SourceRef file `file`; problems to `log` under `path`.
    FlatCsvRows(const std::string& path, std::uint32_t file, AuditBuilder& builder, ImportLog& log);

    /// Reads the header record (on `line`). False after logging a fatal issue when it is unusable.
    bool header(const CsvRecord& rec, std::uint64_t line);
    bool haveHeader() const { return m_haveHeader; }

    /// A data record's values as validated without the builder (the judgment's plain fields, the item's
    /// label and the probability of A; strings are interned on commit), or why the record is bad.
    struct Prepared {
        JudgmentInput judgment;
        Answer label = answer::kNone;
        double probA = kMissing;
        std::optional<std::pair<std::string, std::string>> problem; ///< (column, reason)
    };
    /// The first half of a data record: everything that needs only the record (cells parsed, shape
    /// checked), into `out` (default-constructed). Changes nothing.
    void prepare(const CsvRecord& rec, Prepared& out) const;
    /// The second half, in file order: checks the record against its item, then adds it, or lists it as a
    /// bad record. False when reading must stop (stop-at-first policy).
    bool commit(const CsvRecord& rec, std::uint64_t line, Prepared& prepared);

    enum Column : int {
        ColDataset,
        ColItemId,
        ColJudge,
        ColFormat,
        ColOrder,
        ColRep,
        ColVerdict,
        ColLabel,
        ColProbA,
        ColCostUsd,
        ColLatencyS,
        ColConfidence,
        ColTokensIn,
        ColTokensOut,
        ColRaw,
        ColError,
        ColTest,
        ColVersion,
        ColVariant,
        ColCueOn,
        ColSlot,
        kKnownColumns
    };

private:
    struct Problem {
        Column column;
        std::string reason;
    };

    std::optional<Problem> cellProblem(const CsvRecord& rec, Prepared& v) const;
    std::optional<Problem> itemProblem(const CsvRecord& rec, const Prepared& v,
                                       std::optional<std::uint32_t>& item);
    CondId condition(const CsvRecord& rec);
    std::string_view cell(const CsvRecord& rec, Column column) const
    {
        const int index = m_columnAt[column];
        return index < 0 ? std::string_view() : rec.fields[static_cast<std::size_t>(index)];
    }
    /// A text column's cell as the exporter meant it: the formula guard (a leading apostrophe,
    /// model/spreadsheettext.h) dropped.
    std::string_view text(const CsvRecord& rec, Column column) const
    {
        return unguardedText(cell(rec, column));
    }

    const std::string& m_path;
    std::uint32_t m_file;
    AuditBuilder& m_builder;
    ImportLog& m_log;

    bool m_haveHeader = false;
    CsvHeader m_header;
    std::array<int, kKnownColumns> m_columnAt{};

    // Consecutive rows usually repeat dataset, judge, format, item and condition: cache them.
    RecentStrings m_datasets, m_judges, m_formats, m_tests, m_versions;
    ItemLookup m_items;

    ItemOrigins m_origins; // lines of this file that set item labels
    ItemPatch m_patch;
};

} // namespace tribunal
