#pragma once
// The rubric CSV's columns (docs/data-formats.md, "Rubric CSV"): one judgment of one rubric item per row.
// Columns are found by header name; `dataset, unit_id, criterion, kind, judge, format, rep, prediction,
// label` are required; `ratings, probs, levels, confidence, group, cost_usd, latency_s, tokens_in,
// tokens_out, raw, error` are optional; any other column is a condition key (empty cell = not set), as in the
// flat pairwise CSV (flatcsvrows.h).
//
// The item is (dataset, `<unit_id>/<criterion>`) with ItemText::UnitId, Criterion and Group set from the row;
// kind, label, ratings, levels and texts are item attributes: rows of one item may repeat them (empty = not
// given) but must agree. Every row is validated completely before anything reaches the builder, so a skipped
// bad row leaves nothing behind. Ordinal scales: a `levels` cell gives K (a number) or the level descriptions
// (`;`-separated); without it, finish() gives each ordinal item this file created the scale 1..K of its
// criterion, K = the largest level any row of that (dataset, criterion) used or declared.

#include "io/formats/csvheader.h"
#include "io/formats/csvtokenizer.h"
#include "io/formats/rubriccsvlists.h"
#include "io/itemlookup.h"
#include "io/itemorigins.h"
#include "io/itempatch.h"
#include "io/recentstrings.h"
#include "model/auditbuilder.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

namespace tribunal {

/// Header and rows of one rubric CSV file. Not thread-safe (one per file being read).
class RubricCsvRows {
public:
    /// Rows go to `builder` with SourceRef file `file`; problems to `log` under `path`.
    RubricCsvRows(const std::string& path, std::uint32_t file, AuditBuilder& builder, ImportLog& log);

    /// Reads the header record (on `line`). False after logging a fatal issue when it is unusable.
    bool header(const CsvRecord& rec, std::uint64_t line);
    bool haveHeader() const { return m_haveHeader; }
    /// Validates and adds one data record starting on `line`, or lists it as a bad record. False when reading
    /// must stop (stop-at-first policy).
    bool row(const CsvRecord& rec, std::uint64_t line);
    /// After the last row: ordinal items created by this file with no levels get levels "1".."K" (K of their
    /// criterion, see above; none when K is 0, i.e. no row gave a level).
    void finish();

    enum Column : int {
        ColDataset,
        ColUnitId,
        ColCriterion,
        ColKind,
        ColJudge,
        ColFormat,
        ColRep,
        ColPrediction,
        ColLabel,
        ColRatings,
        ColProbs,
        ColLevels,
        ColConfidence,
        ColGroup,
        ColCostUsd,
        ColLatencyS,
        ColTokensIn,
        ColTokensOut,
        ColRaw,
        ColError,
        kKnownColumns
    };

private:
    struct Values;
    struct Problem {
        std::string field;
        std::string reason;
    };

    std::optional<Problem> validate(const CsvRecord& rec, Values& v);
    std::optional<Problem> validateLevels(const CsvRecord& rec, Values& v);
    std::optional<Problem> validateRatings(const CsvRecord& rec, Values& v);
    std::optional<Problem> validateProbs(const CsvRecord& rec, Values& v);
    std::optional<std::string> levelProblem(Answer level, const Values& v) const;
    void commit(const CsvRecord& rec, Values& v, std::uint64_t line);
    CondId condition(const CsvRecord& rec);
    std::string_view cell(const CsvRecord& rec, Column column) const
    {
        const int index = m_columnAt[column];
        return index < 0 ? std::string_view() : rec.fields[static_cast<std::size_t>(index)];
    }
    static std::uint64_t criterionKey(StrId dataset, StrId criterion)
    {
        return (std::uint64_t(dataset) << 32) | criterion;
    }

    const std::string& m_path;
    std::uint32_t m_file;
    AuditBuilder& m_builder;
    ImportLog& m_log;

    bool m_haveHeader = false;
    CsvHeader m_header;
    std::array<int, kKnownColumns> m_columnAt{};

    RecentStrings m_datasets, m_judges, m_formats;
    ItemLookup m_items;

    ItemOrigins m_origins; // lines of this file that set item fields
    ItemPatch m_patch;

    // Scratch of the current row (kept to reuse the storage).
    std::string m_itemId;
    std::vector<ListEntry> m_entries;
    std::vector<std::pair<std::string_view, Answer>> m_ratings; // rater ("" = bare), value
    std::vector<ProbEntry> m_probs;
    std::vector<std::string_view> m_levels; // descriptions; empty with a count

    // Ordinal scales: the largest level this file used per item (with its line), per criterion, and the
    // ordinal items it created (finish() completes their levels).
    std::unordered_map<std::uint32_t, std::pair<Answer, std::uint64_t>> m_maxLevelOfItem;
    std::unordered_map<std::uint64_t, int> m_levelsOfCriterion;
    std::vector<std::uint32_t> m_createdOrdinal;
};

} // namespace tribunal
