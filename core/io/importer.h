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
    ArenaHard,   ///< Arena-Hard-Auto judgment JSONL (arenahardimporter.cpp)
    MtBench,     ///< FastChat MT-Bench pairwise, human or single-answer judgments (mtbenchimporter.cpp)
    JudgeBench,  ///< JudgeBench outputs JSONL (judgebenchimporter.cpp)
    AlpacaEval,  ///< AlpacaEval annotations.json (alpacaevalimporter.cpp)
    InspectEval, ///< Inspect AI evaluation log, `.eval` ZIP or `.json` (inspectlogimporter.cpp)
};

inline constexpr int kMaxJsonDepth = 64;

/// "csv", "jsonl", "llmbar", "rubric-csv", "arena-hard", "mt-bench", "judgebench", "alpaca-eval", "inspect"
/// (and "auto"); nullopt for an unknown name.
std::optional<SourceFormat> parseSourceFormat(std::string_view name);
std::string_view sourceFormatName(SourceFormat format);

/// Detects the format of a file or directory: a directory tree holding files named `annotations.json` and
/// no `dataset.json` is AlpacaEval, any other directory an LLMBar layout; a file starting (after
/// whitespace) with '[' is AlpacaEval annotations; one starting with '{' is JSON Lines, whose first record's
/// keys tell Arena-Hard-Auto (`games` with `uid` or `question_id`), FastChat MT-Bench (`g1_winner`,
/// `question_id` + `model_a`/`model_1` + `winner`, or `question_id` + `model` + `score`) and JudgeBench
/// (`pair_id` + `judgments`) from Tribunal JSONL; a CSV whose header (first record) names `unit_id` and
/// `criterion` but neither `item_id` nor `order` is a rubric CSV; otherwise a flat CSV. Returns Auto when the
/// path cannot be read.
/// Checked before all of these: a file starting with the ZIP signature `PK\x03\x04` or named `*.eval` is an
/// Inspect AI `.eval` log; a JSON object whose top-level keys include `eval` and `samples` or `version` (an
/// indented file: read up to 1 MiB, or whole when smaller) is an Inspect AI `.json` log.
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
/// The items file exportJsonl() writes beside the Tribunal JSONL judgments file `path` (`X.jsonl` ->
/// `X.items.jsonl`, itemsPathFor()), when it exists and is not itself one of `inputs`; nullopt otherwise,
/// and always for a name not ending in `.jsonl` or ending in `.items.jsonl` (an items file has no sibling).
/// importSources() reads it just before `path` (so that the judgments meet their items' labels and texts)
/// and adds an ImportLog note naming it; an items file given among the inputs is read once, where it is.
std::optional<std::string> jsonlSiblingItems(const std::string& path, const std::vector<std::string>& inputs);

/// LLMBar layout: a directory holding `dataset.json` (+ `evaluators/<judge>/<format>/result.json`), or a tree
/// of such directories.
bool importLlmBar(const std::string& path, AuditBuilder& builder, ImportLog& log, const Progress& progress);

// Other harnesses' judgment files (../shared/spec/data-format.md, "Formats" 3). Each adapter's file states
// the upstream version it follows and the mapping; docs/import-formats.md shows an example of each.

/// Arena-Hard-Auto `model_judgment/<judge>/<model>.jsonl` (v0.1 and v2.0 records).
bool importArenaHard(const std::string& path, AuditBuilder& builder, ImportLog& log,
                     const Progress& progress);
/// FastChat MT-Bench `model_judgment/*_pair.jsonl` (g1_winner / g2_winner), human judgments (winner) and
/// single-answer grades `model_judgment/*_single.jsonl` (score; ordinal items of dataset "mt-bench-single").
bool importMtBench(const std::string& path, AuditBuilder& builder, ImportLog& log, const Progress& progress);
/// JudgeBench `outputs/dataset=judgebench,...jsonl`.
bool importJudgeBench(const std::string& path, AuditBuilder& builder, ImportLog& log,
                      const Progress& progress);
/// AlpacaEval `annotations.json` (one JSON array), or a directory: every file named `annotations.json` below
/// it (results/<model>/<annotator>/annotations.json), in bytewise path order; its other files are listed as
/// notes and not read. Items are one instruction with one pair of generators, so the files of a leaderboard
/// (one per model and annotator) import together.
bool importAlpacaEval(const std::string& path, AuditBuilder& builder, ImportLog& log,
                      const Progress& progress);
/// Inspect AI evaluation log: a `.eval` ZIP (read with libzip; an entry over 64 MiB or more than 16 GiB
/// declared in all is an error) or a `.json` log. Each score of each sample and epoch is a binary or ordinal
/// judgment, score edits are human ratings (inspectlogreader.h).
bool importInspectLog(const std::string& path, AuditBuilder& builder, ImportLog& log,
                      const Progress& progress);

/// Where the texts of harness judgments come from (harnesstexts.h): the questions file and the folder of
/// answer files. Empty = found in the upstream layout beside the judgment file
/// (`<bench>/model_judgment/...` with `<bench>/question.jsonl` and `<bench>/model_answer/`), if there.
struct HarnessTextPaths {
    std::string questions;  ///< `question.jsonl` of Arena-Hard-Auto or FastChat MT-Bench
    std::string answersDir; ///< the folder of `<model>.jsonl` answer files (`model_answer/`)
    /// The baseline model of Arena-Hard records that name none (v0.1); "" = gpt-4-0314 for arena-hard-v0.1.
    std::string baseline;
};

struct ImportOptions {
    BadRecordPolicy policy = BadRecordPolicy::StopAtFirst;
    SourceFormat format = SourceFormat::Auto; ///< forces the format of every path when not Auto
    HarnessTextPaths texts;                   ///< for Arena-Hard and MT-Bench judgment files
};

/// One input of an import: how it was read.
struct ImportedFile {
    std::string path;            ///< as given
    std::string format;          ///< sourceFormatName() of the format read, or "project"
    bool detected = false;       ///< the format was detected (ImportOptions::format was Auto)
    std::uint64_t judgments = 0; ///< judgments read from it (before duplicates merged or dropped)
};

struct ImportOutcome {
    AuditPtr audit; ///< the new snapshot (base + imported); null when the import failed or was cancelled
    ImportLog log;  ///< every problem found (the skipped records with SkipAndList)
    bool cancelled = false;
    std::uint64_t judgmentsAdded = 0; ///< judgments of the new snapshot that were not in `base`
    std::uint64_t itemsAdded = 0;
    std::vector<ImportedFile> files; ///< every input read, in order (also when the import failed later)
};

/// Imports `paths` on top of `base` (may be null) into a new snapshot. `base` is never modified. A Tribunal
/// JSONL judgments file `X.jsonl` brings its items file `X.items.jsonl` along (jsonlSiblingItems()), read
/// just before it, with a note in the log.
/// A path that is neither a regular file nor a directory (a pipe, a FIFO, `/dev/stdin`) is read once, whole,
/// into a temporary file, which is then detected and read; messages name the path given. A FIFO that no
/// writer opens within 2 s fails with `PATH: a FIFO with no writer (waited 2 s): ...` instead of blocking.
/// A file with the SQLite header is a Tribunal project whatever options.format says: as the first path with
/// no `base`, its audit (not its extras) starts the new one, with a note when it had extras; anywhere else it
/// fails the import with a message saying what to do. With options.format Auto, a FastChat or Arena-Hard data
/// folder is read as its model_judgment/ files (harnessJudgmentFiles(), with a note), and such a folder with
/// questions and answers but no judgments fails with a message saying so (harness/harnessfolders.h).
ImportOutcome importSources(const std::vector<std::string>& paths, const Audit* base,
                            const ImportOptions& options, const Progress& progress = {});

} // namespace tribunal
