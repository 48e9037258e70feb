#pragma once
// Importing audit files into an AuditBuilder (../shared/spec/data-format.md, "Formats" and "Bad input").
//
// Every reader validates as it reads and reports problems as `file:line: field: reason` into the ImportLog
// (JSON readers: the key path as field). A reader returns false when the log failed (stop-at-first policy, or
// a whole-file problem such as non-UTF-8 bytes, a truncated file or an empty file); the caller then throws
// the builder away, which is what makes an import all-or-nothing. Readers never throw for bad input.
// Limits: a line over 64 MiB, JSON nesting deeper than 64 and any non-UTF-8 byte are errors.
// Thread-safety: a reader uses only its arguments; run any number of imports on different builders.

#include "model/auditbuilder.h"
#include "model/importissue.h"
#include "model/inputlimits.h"
#include "model/progress.h"

#include <optional>
#include <string>
#include <vector>

namespace tribunal {

enum class SourceFormat {
    Auto,
    FlatCsv,
    TribunalJsonl,
    LlmBar,
    RubricCsv,
    ArenaHard,  ///< Arena-Hard-Auto judgment JSONL (arenahardimporter.cpp)
    MtBench,    ///< FastChat MT-Bench pairwise or human judgments (mtbenchimporter.cpp)
    JudgeBench, ///< JudgeBench outputs JSONL (judgebenchimporter.cpp)
    AlpacaEval, ///< AlpacaEval annotations.json (alpacaevalimporter.cpp)
};

inline constexpr int kMaxJsonDepth = 64;

/// "csv", "jsonl", "llmbar", "rubric-csv", "arena-hard", "mt-bench", "judgebench", "alpaca-eval" (and
/// "auto"); nullopt for an unknown name.
std::optional<SourceFormat> parseSourceFormat(std::string_view name);
std::string_view sourceFormatName(SourceFormat format);

/// Detects the format of a file or directory: a directory is an LLMBar layout; a file starting (after
/// whitespace) with '[' is AlpacaEval annotations; one starting with '{' is JSON Lines, whose first record's
/// keys tell Arena-Hard-Auto (`games` with `uid` or `question_id`), FastChat MT-Bench (`g1_winner`, or
/// `question_id` + `model_a`/`model_1` + `winner`) and JudgeBench (`pair_id` + `judgments`) from Tribunal
/// JSONL; a CSV whose header (first record) names `unit_id` and `criterion` but neither `item_id` nor
/// `order` is a rubric CSV; otherwise a flat CSV. Returns Auto when the path cannot be read.
SourceFormat detectFormat(const std::string& path);

/// Flat pairwise CSV: header required; `dataset,item_id,judge,format,order,rep,verdict,label` plus optional
/// `prob_a,cost_usd,latency_s`; other columns become condition fields (empty cells = not set).
/// Files of kMinSplitBytes and more are read on two threads (splitread.h), with the same outcome.
bool importFlatCsv(const std::string& path, AuditBuilder& builder, ImportLog& log, const Progress& progress);
/// importFlatCsv with the split chosen by the caller (tests): nullopt reads on one thread; an offset just
/// after a '\n' starts the second thread there.
bool importFlatCsvSplitAt(const std::string& path, AuditBuilder& builder, ImportLog& log,
                          const Progress& progress, std::optional<std::uint64_t> split);

/// Rubric CSV: one judgment of a rubric criterion per row; header `dataset,unit_id,criterion,kind,judge,
/// format,rep,prediction,label` plus optional `ratings,probs,levels,confidence,group,cost_usd,latency_s,
/// tokens_in,tokens_out,raw,error`; other columns become condition fields (rubriccsvrows.h).
bool importRubricCsv(const std::string& path, AuditBuilder& builder, ImportLog& log,
                     const Progress& progress);

/// Tribunal JSONL: each line an item (no `judge` key) or a judgment (field names of data-format.md). Files of
/// kMinSplitBytes and more are read on two threads (splitread.h), with the same outcome.
bool importJsonl(const std::string& path, AuditBuilder& builder, ImportLog& log, const Progress& progress);
/// importJsonl with the split chosen by the caller (tests), as importFlatCsvSplitAt.
bool importJsonlSplitAt(const std::string& path, AuditBuilder& builder, ImportLog& log,
                        const Progress& progress, std::optional<std::uint64_t> split);

/// LLMBar layout: a directory holding `dataset.json` (+ `evaluators/<judge>/<format>/result.json`), or a tree
/// of such directories.
bool importLlmBar(const std::string& path, AuditBuilder& builder, ImportLog& log, const Progress& progress);

// Other harnesses' judgment files (../shared/spec/data-format.md, "Formats" 3). Each adapter's file states
// the upstream version it follows and the mapping; docs/import-formats.md shows an example of each.

/// Arena-Hard-Auto `model_judgment/<judge>/<model>.jsonl` (v0.1 and v2.0 records).
bool importArenaHard(const std::string& path, AuditBuilder& builder, ImportLog& log,
                     const Progress& progress);
/// FastChat MT-Bench `model_judgment/*_pair.jsonl` (g1_winner / g2_winner) and human judgments (winner).
bool importMtBench(const std::string& path, AuditBuilder& builder, ImportLog& log, const Progress& progress);
/// JudgeBench `outputs/dataset=judgebench,...jsonl`.
bool importJudgeBench(const std::string& path, AuditBuilder& builder, ImportLog& log,
                      const Progress& progress);
/// AlpacaEval `annotations.json` (one JSON array).
bool importAlpacaEval(const std::string& path, AuditBuilder& builder, ImportLog& log,
                      const Progress& progress);

struct ImportOptions {
    BadRecordPolicy policy = BadRecordPolicy::StopAtFirst;
    SourceFormat format = SourceFormat::Auto; ///< forces the format of every path when not Auto
};

struct ImportOutcome {
    AuditPtr audit; ///< the new snapshot (base + imported); null when the import failed or was cancelled
    ImportLog log;  ///< every problem found (the skipped records with SkipAndList)
    bool cancelled = false;
    std::uint64_t judgmentsAdded = 0;
    std::uint64_t itemsAdded = 0;
};

/// Imports `paths` on top of `base` (may be null) into a new snapshot. `base` is never modified.
ImportOutcome importSources(const std::vector<std::string>& paths, const Audit* base,
                            const ImportOptions& options, const Progress& progress = {});

} // namespace tribunal
