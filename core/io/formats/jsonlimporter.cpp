// Tribunal JSONL reader: the workbench's own lossless interchange format (../shared/spec/data-format.md,
// "Formats" 2 and "Bad input"). exportJsonl() writes exactly what this reads back.
//
// The format
// ----------
// One JSON object per line (UTF-8; blank lines ignored; a UTF-8 byte order mark at the start is skipped).
// A line with a `judge` key is a judgment; a line without one is an item.
//
// Item line:
//   dataset    string, required, not empty
//   item_id    string (not empty) or integer, required; an integer is kept as its decimal text
//   kind       "pairwise" | "binary" | "ordinal"; default pairwise when the line creates the item
//   unit_id, group, question, response_a, response_b, input, submission, criterion, strata, domain: strings
//   levels     array of strings, level 1 first (ordinal items only; at most 1000)
//   label      answer text of the item's kind (ordinal: also an integer level), or null = no label
//   ratings    object rater -> answer text or integer level (null = no answer); or an array (raters are
//              then named "1", "2", ...)
//   any other key: kept. All unknown keys of an item line become one JSON object text in ItemText::Extra
//   (compact, values as simdjson::minify writes them, keys in line order) and are written back as
//   top-level keys on export. Judgment-only keys (order, answer, probs, ...) on a
//   line without `judge` are an error, as they almost always mean a forgotten judge.
//
// Judgment line: dataset, item_id (as above), judge (string, required, not empty) and
//   format     string, default ""
//   kind       optional; must agree with the item (creates the item with that kind when it is new)
//   condition  object key -> string | number | boolean. Numbers and booleans are kept as their compact
//              JSON text (integers as written, other numbers in shortest round-trip form with a fraction:
//              0.70 -> "0.7", 1.0 -> "1.0", 1e2 -> "100.0"). Empty strings and null values mean "not set"
//              (as empty CSV cells do). Export writes every condition value as a string.
//   order      "AB" | "BA": required for pairwise judgments, absent for others
//   rep        integer 1..65535, default 1
//   answer     canonical answer text (pairwise A|B|tie, binary MET|UNMET, ordinal level 1..K; NA; none);
//              ordinal also as an integer. Synonyms `verdict` and `winner` (at most one of the three).
//   slot       pairwise only: the literal slot the judge named: first|second|1|2 (or the letter shown, A|B),
//              or tie|none|NA; converted with order (AB: first -> A; BA: first -> B). When a canonical
//              answer is given too they must agree. No answer at all = none.
//   probs      object option -> number in [0, 1] (options are answers of the item's kind, not none)
//   confidence number in [0, 1]; cost_usd, latency_s numbers >= 0; tokens_in, tokens_out integers >= 0
//   raw, error, test, version: strings; variant "original" | "perturbed"; cue_on "better" | "worse"
//   Item fields (question, response_a, response_b, input, submission, criterion, levels, label, ratings,
//   unit_id, group, strata, domain) may be embedded: they are merged into the item. A value that conflicts
//   with what the item already has is a bad record naming the earlier source.
//   any other key: kept in the judgment's `extra` (one JSON object text), written back as top-level keys.
// kept (item and judgment lines): an object of kept fields named like Tribunal keys, which other importers
//   can keep (AlpacaEval's `confidence`); the exporter nests them here. Each name must be a Tribunal key;
//   they join the line's other kept fields.
// null stands for "not given" for every optional key. Ordinal answers, labels, ratings and probs options
// must lie within the item's levels when it has levels. A key given twice on one line is an error.
//
// Errors are `file:line: key.path: reason` (key paths like `probs.A`, `condition.temperature`,
// `ratings.rater2`, `levels[3]`). Broken JSON: `file:L: invalid JSON (<simdjson message>)`. Whole-file
// problems fail the import whatever the policy: non-UTF-8 bytes, an empty file (`file: empty file`), a
// truncated last line (the file does not end in a complete object). Per record (subject to the policy):
// nesting deeper than 64, a line over 64 MiB, any bad value. A bad record is validated completely before
// the builder is touched, so skipping it leaves nothing of it behind. Duplicate judgment keys are found by
// AuditBuilder::build.
//
// Items may arrive after judgments that reference them (the judgments file imported before the items
// file): a judgment then creates the item with the kind of its `kind` key or pairwise, and the later item
// line fills the other fields; a different kind is an error. Ordinal answers given before the item's
// levels are checked against the levels when they arrive (within this file).
//
// Sibling items file: exportJsonl() writes the items (texts, labels, ratings) to `X.items.jsonl` beside the
// judgments `X.jsonl`, and people then import `X.jsonl` alone. importSources() therefore reads the sibling
// first (jsonlSiblingItems(), importer.h) and says so with a note: without it every accuracy would be empty.
//
// Speed: the file is read in large blocks (BlockReader) and split into lines in place; one simdjson DOM
// parser is reused (lines are parsed inside the block, which has SIMDJSON_PADDING readable bytes after its
// end); recent dataset / judge / format / item / condition look-ups are cached so a typical line costs no
// heap allocation.
//
// This file reads lines; JsonlRecord holds one line's keys, JsonlItemParser and JsonlJudgmentParser plan and
// commit its item and judgment parts.

#include "io/byteprogress.h"
#include "io/exporter.h"
#include "io/formats/blockreader.h"
#include "io/formats/jsonlitemparser.h"
#include "io/formats/jsonljudgmentparser.h"
#include "io/formats/jsonlrecord.h"
#include "io/formats/splitread.h"
#include "io/importer.h"
#include "io/jsonvaluetext.h"
#include "io/messagetext.h"
#include "io/utf8.h"

#include <simdjson.h>

#include <cstring>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>

namespace tribunal {
namespace {

namespace dom = simdjson::dom;

constexpr std::size_t kBlockBytes = std::size_t(4) << 20;
constexpr std::size_t kParserKeepBytes = std::size_t(16) << 20; // drop a parser grown larger by a huge line
constexpr std::uint64_t kSampleLines = 16384; // columns are reserved from the size of the first lines
static_assert(simdjson::SIMDJSON_PADDING <= BlockReader::kPadding);

class JsonlReader {
public:
    JsonlReader(const std::string& path, AuditBuilder& builder, ImportLog& log, const Progress& progress)
        : m_path(path), m_builder(builder), m_log(log), m_progress(progress)
    {}
    /// Reads from `start` (0 or just after a '\n'; lines then count from 1 there) instead of the beginning.
    void startAt(std::uint64_t start) { m_start = start; }
    /// At `split` (just after a '\n'), calls `join` with the number of lines read; when it returns true
    /// the rest of the file was read elsewhere and joined, and reading ends.
    void splitAt(std::uint64_t split, std::function<bool(std::uint64_t lines)> join)
    {
        m_split = split;
        m_join = std::move(join);
    }
    bool run();

private:
    bool allocateParser();
    /// One line [data, data + length) (no '\n'); `last`: the file ends without a newline after it.
    bool processLine(const char* data, std::size_t length, std::uint64_t line, std::uint64_t fileOffset,
                     bool last);

    const std::string& m_path;
    AuditBuilder& m_builder;
    ImportLog& m_log;
    const Progress& m_progress;
    dom::parser m_parser;
    JsonlRecord m_record;
    std::optional<JsonlItemParser> m_items; // made once the file is registered
    std::optional<JsonlJudgmentParser> m_judgments;
    bool m_sawRecord = false;
    std::uint64_t m_start = 0;
    std::uint64_t m_split = UINT64_MAX;
    std::function<bool(std::uint64_t lines)> m_join;
};

bool JsonlReader::allocateParser()
{
    if (m_parser.allocate(std::size_t(1) << 20, kMaxJsonDepth + 1) == simdjson::SUCCESS)
        return true;
    m_log.fatal({m_path, 0, "", "out of memory"});
    return false;
}

bool JsonlReader::processLine(const char* data, std::size_t length, std::uint64_t line,
                              std::uint64_t fileOffset, bool last)
{
    std::size_t i = 0;
    while (i < length && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r'))
        ++i;
    if (i == length)
        return true; // blank line
    m_sawRecord = true;

    auto parsed = m_parser.parse(data, length, false);
    if (const auto error = parsed.error()) {
        // simdjson validates UTF-8 as it parses: only locate the bad byte when the parse failed.
        if (auto bad = firstInvalidUtf8(std::string_view(data, length))) {
            m_log.fatal({m_path, line, "", invalidUtf8Reason(fileOffset + *bad)});
            return false;
        }
        if (error == simdjson::DEPTH_ERROR)
            return m_log.badRecord({m_path, line, "", tooDeepReason()});
        if (last) {
            m_log.fatal({m_path, line, "",
                         "truncated last line (the file does not end with a complete JSON object)"});
            return false;
        }
        return m_log.badRecord({m_path, line, "", invalidJsonReason(error)});
    }
    const dom::element root = parsed.value_unsafe();
    bool ok;
    if (root.type() != dom::element_type::OBJECT)
        ok = m_record.fail(std::string(),
                           "expected a JSON object, got " + std::string(jsonTypeName(root.type())));
    else if (!m_record.collect(objectOf(root)))
        ok = false;
    else
        ok = m_record.has(JsonlKey::Judge) ? m_judgments->plan() : m_items->plan(true);
    if (!ok)
        return m_log.badRecord({m_path, line, m_record.takeProblemField(), m_record.takeProblemReason()});
    if (m_record.has(JsonlKey::Judge))
        m_judgments->commit(line);
    else
        m_items->commit(line);
    return true;
}

bool JsonlReader::run()
{
    BlockReader in(kBlockBytes, kMaxLineBytes, false);
    if (!in.open(m_path, m_log) || (m_start > 0 && !in.seek(m_start, m_log)))
        return false;
    const std::uint32_t file = m_builder.addSourceFile(m_path);
    m_items.emplace(m_builder, m_record);
    m_judgments.emplace(m_builder, m_record, *m_items, file);
    if (!allocateParser())
        return false;
    ByteProgress reported(m_progress, in.fileSize());
    bool splitAhead = m_join && m_split > m_start && m_split < in.fileSize();
    if (splitAhead)
        reported.countShareUpTo(m_split);

    std::size_t scanned = 0; // bytes after in.begin() known to hold no '\n'
    std::uint64_t line = 0;  // lines completed
    bool skippingLongLine = false;
    if (!in.refill(m_log) || !reported.advance(in.offsetOf(in.end())))
        return false;
    if (m_start == 0)
        in.skipByteOrderMark();
    for (;;) {
        if (in.unconsumed() > scanned) {
            const char* begin = in.begin();
            const auto* nl =
                static_cast<const char*>(std::memchr(begin + scanned, '\n', in.unconsumed() - scanned));
            if (nl != nullptr) {
                ++line;
                if (skippingLongLine)
                    skippingLongLine = false;
                else if (!processLine(begin, static_cast<std::size_t>(nl - begin), line, in.offsetOf(begin),
                                      false))
                    return false;
                in.consume(nl + 1);
                scanned = 0;
                if (splitAhead && in.offsetOf(in.begin()) == m_split) {
                    splitAhead = false;
                    reported.countShareUpTo(0);
                    if (m_join(line)) { // the second half holds records, or it would have failed
                        m_sawRecord = true;
                        break;
                    }
                }
                if (line == kSampleLines) {
                    const auto expected = in.estimateRecords(in.offsetOf(nl + 1), line);
                    m_builder.reserveJudgments(m_builder.judgmentCount() + (expected - line) + 64);
                }
                if (m_parser.capacity() > kParserKeepBytes && !allocateParser())
                    return false;
                continue;
            }
            scanned = in.unconsumed();
        }
        if (in.atEof()) {
            if (in.unconsumed() > 0 && !skippingLongLine &&
                !processLine(in.begin(), in.unconsumed(), line + 1, in.offsetOf(in.begin()), true))
                return false;
            break;
        }
        // Need more data: keep the unfinished line (the reader moves it to the front of its buffer).
        if (skippingLongLine) {
            in.discard();
            scanned = 0;
        } else if (in.unconsumed() > kMaxLineBytes) {
            if (!m_log.badRecord({m_path, line + 1, "", lineTooLongReason()}))
                return false;
            skippingLongLine = true;
            m_sawRecord = true;
            in.discard();
            scanned = 0;
        }
        if (!in.refill(m_log))
            return false;
        if (!reported.advance(in.offsetOf(in.end())))
            return false;
    }
    if (!m_sawRecord) {
        m_log.fatal({m_path, 0, "", std::string(kEmptyFileReason)});
        return false;
    }
    reported.finish();
    return !m_log.failed;
}

} // namespace

std::optional<std::string> jsonlSiblingItems(const std::string& path, const std::vector<std::string>& inputs)
{
    constexpr std::string_view ext = ".jsonl", itemsExt = ".items.jsonl";
    const std::string_view name(path);
    if (name.size() <= ext.size() || !name.ends_with(ext) || name.ends_with(itemsExt))
        return std::nullopt;
    std::string items = itemsPathFor(path);
    std::error_code ec;
    if (!std::filesystem::is_regular_file(items, ec))
        return std::nullopt;
    for (const auto& input : inputs) {
        // Compared as files, so that `./a.items.jsonl` or another spelling of the same file counts too.
        if (input == items || std::filesystem::equivalent(input, items, ec))
            return std::nullopt;
    }
    return items;
}

bool importJsonl(const std::string& path, AuditBuilder& builder, ImportLog& log, const Progress& progress)
{
    return importJsonlSplitAt(path, builder, log, progress, chooseSplit(path));
}

bool importJsonlSplitAt(const std::string& path, AuditBuilder& builder, ImportLog& log,
                        const Progress& progress, std::optional<std::uint64_t> split)
{
    // The reader holds the parser and scratch buffers (~1 MiB); keep it off the stack.
    auto reader = std::make_unique<JsonlReader>(path, builder, log, progress);
    std::optional<SecondHalfReader> second;
    if (split) {
        // The second half on its own thread and builder; lines count from 1 at the split.
        second.emplace(log.policy,
                       [&path, start = *split](AuditBuilder& part, ImportLog& partLog, const Progress& stop) {
                           auto partReader = std::make_unique<JsonlReader>(path, part, partLog, stop);
                           partReader->startAt(start);
                           return partReader->run();
                       });
        const std::uint32_t file = static_cast<std::uint32_t>(builder.sourceFileCount());
        reader->splitAt(*split, [&, file](std::uint64_t lines) {
            const bool joined = second->joinInto(builder, file, lines);
            second.reset();
            return joined;
        });
    }
    return reader->run();
}

} // namespace tribunal
