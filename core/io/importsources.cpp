#include "csvtokenizer.h"
#include "harnesstexts.h"
#include "importer.h"
#include "inspectlogjson.h"
#include "jsonvaluetext.h"

#include <simdjson.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

namespace tribunal {
namespace {

// Whether the CSV file at `path` has a rubric CSV header: its first record names `unit_id` and `criterion`
// and neither of the pairwise CSV's `item_id` and `order`. Reads at most the first 64 KiB; a header longer
// than that is not recognised (the file is then read as a flat CSV, whose reader reports the columns).
bool hasRubricCsvHeader(std::ifstream& in)
{
    constexpr std::size_t kHeadBytes = std::size_t(64) << 10;
    constexpr std::size_t kScanPadding = 16; // scanCsvRecord reads up to 15 bytes past the end
    std::string buffer(kHeadBytes + kScanPadding, '\0');
    in.clear();
    in.seekg(0);
    in.read(buffer.data(), static_cast<std::streamsize>(kHeadBytes));
    const auto size = static_cast<std::size_t>(in.gcount());
    const char* p = buffer.data();
    const char* end = p + size;
    if (size >= 3 && buffer.compare(0, 3, "\xEF\xBB\xBF") == 0)
        p += 3;
    while (p < end && (*p == '\r' || *p == '\n')) // blank lines are not records
        ++p;
    CsvRecord rec;
    if (scanCsvRecord(p, end, size < kHeadBytes, rec) != CsvScan::Record)
        return false;
    auto has = [&rec](std::string_view name) {
        return std::find(rec.fields.begin(), rec.fields.end(), name) != rec.fields.end();
    };
    return has("unit_id") && has("criterion") && !has("item_id") && !has("order");
}

/// Whether the file at `path` is an Inspect AI log: a `.eval` ZIP (its signature, or the name when the file
/// is damaged) or an indented `.json` whose top-level object has `eval` and `samples` or `version` (read from
/// the first 1 MiB: `version` and `eval` are the first keys upstream writes).
bool isInspectLog(const std::string& path, std::ifstream& in)
{
    constexpr std::size_t kHeadBytes = std::size_t(1) << 20;
    std::string head(kHeadBytes, '\0');
    in.clear();
    in.seekg(0);
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    in.clear();
    in.seekg(0);
    if (head.compare(0, 4, "PK\x03\x04") == 0 || std::filesystem::path(path).extension() == ".eval")
        return true;
    std::string_view text(head);
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3);
    const auto keys = topLevelKeys(text);
    auto has = [&keys](std::string_view key) {
        return std::find(keys.begin(), keys.end(), key) != keys.end();
    };
    return has("eval") && (has("samples") || has("version"));
}

/// The format of a JSON Lines file from the keys of its first record (`in` is at the start of that line's
/// '{'): Arena-Hard-Auto (`games` with `uid` or `question_id`), FastChat MT-Bench (`g1_winner`, a human
/// judgment: `question_id`, `model_a` or `model_1`, `winner`, or a single-answer grade: `question_id`,
/// `model`, `score`), JudgeBench (`pair_id` and `judgments`), else Tribunal JSONL (whose reader then reports
/// what is wrong with the line).
SourceFormat detectJsonLines(std::ifstream& in)
{
    std::string line;
    std::getline(in, line);
    if (line.size() > kMaxLineBytes)
        return SourceFormat::TribunalJsonl;
    simdjson::dom::parser parser;
    simdjson::dom::object record;
    if (parser.parse(line).get(record))
        return SourceFormat::TribunalJsonl;
    auto has = [&record](std::string_view key) { return record.at_key(key).error() == simdjson::SUCCESS; };
    if (has("games") && (has("uid") || has("question_id")))
        return SourceFormat::ArenaHard;
    if (has("g1_winner") || (has("question_id") && (has("model_a") || has("model_1")) && has("winner")) ||
        (has("question_id") && has("model") && has("score")))
        return SourceFormat::MtBench;
    if (has("pair_id") && has("judgments"))
        return SourceFormat::JudgeBench;
    return SourceFormat::TribunalJsonl;
}

} // namespace

std::optional<SourceFormat> parseSourceFormat(std::string_view name)
{
    if (name == "auto")
        return SourceFormat::Auto;
    if (name == "csv")
        return SourceFormat::FlatCsv;
    if (name == "jsonl")
        return SourceFormat::TribunalJsonl;
    if (name == "llmbar")
        return SourceFormat::LlmBar;
    if (name == "rubric-csv")
        return SourceFormat::RubricCsv;
    if (name == "arena-hard")
        return SourceFormat::ArenaHard;
    if (name == "mt-bench")
        return SourceFormat::MtBench;
    if (name == "judgebench")
        return SourceFormat::JudgeBench;
    if (name == "alpaca-eval")
        return SourceFormat::AlpacaEval;
    if (name == "inspect")
        return SourceFormat::InspectEval;
    return std::nullopt;
}

std::string_view sourceFormatName(SourceFormat format)
{
    switch (format) {
    case SourceFormat::Auto:
        return "auto";
    case SourceFormat::FlatCsv:
        return "csv";
    case SourceFormat::TribunalJsonl:
        return "jsonl";
    case SourceFormat::LlmBar:
        return "llmbar";
    case SourceFormat::RubricCsv:
        return "rubric-csv";
    case SourceFormat::ArenaHard:
        return "arena-hard";
    case SourceFormat::MtBench:
        return "mt-bench";
    case SourceFormat::JudgeBench:
        return "judgebench";
    case SourceFormat::AlpacaEval:
        return "alpaca-eval";
    case SourceFormat::InspectEval:
        return "inspect";
    }
    return "auto";
}

SourceFormat detectFormat(const std::string& path)
{
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        // AlpacaEval's results/<model>/<annotator>/annotations.json tree, unless an LLMBar dataset.json is
        // anywhere in it: a tree of neither is left to the LLMBar reader, which says what it misses.
        bool annotations = false;
        std::filesystem::recursive_directory_iterator it(path, ec), end;
        for (; !ec && it != end; it.increment(ec)) {
            std::error_code e;
            if (!it->is_regular_file(e))
                continue;
            const auto name = it->path().filename();
            if (name == "dataset.json")
                return SourceFormat::LlmBar;
            annotations = annotations || name == "annotations.json";
        }
        return annotations ? SourceFormat::AlpacaEval : SourceFormat::LlmBar;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return SourceFormat::Auto;
    if (isInspectLog(path, in)) // a ZIP, or JSON spread over lines: before the first-line checks below
        return SourceFormat::InspectEval;
    char c = 0;
    while (in.get(c)) {
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n')
            continue;
        if (static_cast<unsigned char>(c) == 0xEF) // UTF-8 byte order mark
            continue;
        if (static_cast<unsigned char>(c) == 0xBB || static_cast<unsigned char>(c) == 0xBF)
            continue;
        if (c == '{') {
            in.unget();
            return detectJsonLines(in);
        }
        if (c == '[') // the only JSON-array file format (LLMBar's arrays come as a directory)
            return SourceFormat::AlpacaEval;
        return hasRubricCsvHeader(in) ? SourceFormat::RubricCsv : SourceFormat::FlatCsv;
    }
    // Empty file: let the CSV reader report it by name ("empty file").
    auto ext = std::filesystem::path(path).extension().string();
    return ext == ".jsonl" || ext == ".ndjson" ? SourceFormat::TribunalJsonl : SourceFormat::FlatCsv;
}

ImportOutcome importSources(const std::vector<std::string>& paths, const Audit* base,
                            const ImportOptions& options, const Progress& progress)
{
    ImportOutcome outcome;
    outcome.log.policy = options.policy;
    AuditBuilder builder = base ? AuditBuilder(*base) : AuditBuilder();
    const auto judgmentsBefore = builder.judgmentCount();
    const auto itemsBefore = builder.itemCount();

    // Texts of Arena-Hard / MT-Bench judgments from the harness's question and answer files (harnesstexts.h);
    // one cache for the whole import, since every judgment file of a bench shares them.
    HarnessTexts texts(options.texts);

    // Progress over all sources: each source reports its own done/total; scale it into its share.
    const auto sources = static_cast<std::uint64_t>(paths.size());
    constexpr std::uint64_t kScale = 1000;
    for (std::size_t s = 0; s < paths.size(); ++s) {
        const auto& path = paths[s];
        if (progress.cancelled()) {
            outcome.cancelled = true;
            return outcome;
        }
        Progress sub;
        sub.cancel = progress.cancel;
        if (progress.report)
            sub.report = [&progress, s, sources](std::uint64_t done, std::uint64_t total) {
                auto part = total == 0 ? 0 : done * kScale / total;
                progress.step(s * kScale + part, (sources + 1) * kScale);
            };
        auto format = options.format == SourceFormat::Auto ? detectFormat(path) : options.format;
        const std::size_t judgmentsBeforeFile = builder.judgmentCount();
        bool ok = false;
        switch (format) {
        case SourceFormat::Auto:
            outcome.log.fatal({path, 0, "", "cannot read file"});
            break;
        case SourceFormat::FlatCsv:
            ok = importFlatCsv(path, builder, outcome.log, sub);
            break;
        case SourceFormat::TribunalJsonl:
            ok = true;
            if (const auto items = jsonlSiblingItems(path, paths)) {
                ok = importJsonl(*items, builder, outcome.log, sub);
                if (ok)
                    outcome.log.note({path, 0, "",
                                      "read the items (texts, labels) from " +
                                          std::filesystem::path(*items).filename().string() + " beside it"});
            }
            ok = ok && importJsonl(path, builder, outcome.log, sub);
            break;
        case SourceFormat::LlmBar:
            ok = importLlmBar(path, builder, outcome.log, sub);
            break;
        case SourceFormat::RubricCsv:
            ok = importRubricCsv(path, builder, outcome.log, sub);
            break;
        case SourceFormat::ArenaHard:
            ok = importArenaHard(path, builder, outcome.log, sub);
            break;
        case SourceFormat::MtBench:
            ok = importMtBench(path, builder, outcome.log, sub);
            break;
        case SourceFormat::JudgeBench:
            ok = importJudgeBench(path, builder, outcome.log, sub);
            break;
        case SourceFormat::AlpacaEval:
            ok = importAlpacaEval(path, builder, outcome.log, sub);
            break;
        case SourceFormat::InspectEval:
            ok = importInspectLog(path, builder, outcome.log, sub);
            break;
        }
        if (progress.cancelled()) {
            outcome.cancelled = true;
            return outcome;
        }
        if (ok && !outcome.log.failed &&
            (format == SourceFormat::ArenaHard || format == SourceFormat::MtBench))
            ok = texts.fill(format, path, judgmentsBeforeFile, builder, outcome.log);
        if (!ok || outcome.log.failed) {
            outcome.log.failed = true;
            return outcome;
        }
    }
    outcome.judgmentsAdded = builder.judgmentCount() - judgmentsBefore;
    outcome.itemsAdded = builder.itemCount() - itemsBefore;
    Progress buildProgress;
    if (progress.report)
        buildProgress.report = [&progress, sources](std::uint64_t done, std::uint64_t total) {
            progress.step(sources * kScale + (total == 0 ? 0 : done * kScale / total),
                          (sources + 1) * kScale);
        };
    const auto skippedBefore = outcome.log.skippedRecords;
    outcome.audit = builder.build(outcome.log, buildProgress);
    if (!outcome.audit) {
        outcome.log.failed = true;
        return outcome;
    }
    // Duplicates dropped while building were counted as added above.
    outcome.judgmentsAdded -= outcome.log.skippedRecords - skippedBefore;
    return outcome;
}

} // namespace tribunal
