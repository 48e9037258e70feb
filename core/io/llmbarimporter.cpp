// LLMBar evaluation layout (princeton-nlp/LLMBar; ../shared/data/README.md, section llmbar):
//   <subset>/dataset.json                             array of {input, output_1, output_2, label 1|2}
//   <subset>/evaluators/<judge>/<format>/result.json  array aligned with dataset.json by index
// A result element repeats the item and holds `results`: preparatory steps ([text, finish_reason] pairs,
// or for the Swap formats the first-round calls) followed by one object with "swap = False" (order AB) and
// "swap = True" (order BA), each with `winner` ("1" | "2" | null, already in the item's own candidate
// identities) and `completion` ([text, finish_reason]). Rating* formats have score_1 / score_2 in that
// object and no completion. statistics.json files are not read: they hold derived numbers (the tests
// recompute them from the import).
//
// Mapping (decided with the lead):
//   dataset = "llmbar-" + the path segments from the last one named LLMBar, CaseStudy or Processed down to
//     the subset, joined by "-" (else "llmbar-" + the subset directory name); item_id = index in
//     dataset.json;
//   judge / format = directory names; order AB / BA; rep 1; "1" -> A, "2" -> B, null or missing -> none
//     with error "no verdict parsed"; raw = completion text (Rating: "score_1: <t>\nscore_2: <t>");
//   everything else (finish_reason, preparatory steps, scores, unknown keys) goes into the judgment's
//     `extra` JSON object.
//
// Speed: one DOM parse per file (simdjson) plus one light pass that finds the top-level array's element
// starts (for line numbers); scratch buffers are reused, so a record costs no heap allocation beyond
// interning.

#include "importer.h"
#include "report/jsonwriter.h"
#include "utf8.h"

#include <simdjson.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <system_error>

namespace tribunal {
namespace {

namespace fs = std::filesystem;
namespace dom = simdjson::dom;

constexpr std::string_view kNoVerdict = "no verdict parsed";
constexpr std::string_view kSwapFalse = "swap = False";
constexpr std::string_view kSwapTrue = "swap = True";

struct ResultFile {
    std::string path;
    std::string judge;
    std::string format;
};

struct Subset {
    fs::path dir;
    std::string dataset;
    std::vector<ResultFile> results;
};

/// One dataset.json item as imported: the result files are checked against it.
struct DatasetEntry {
    bool ok = false;
    std::uint32_t item = 0;
    StrId input = kEmptyStr, output1 = kEmptyStr, output2 = kEmptyStr;
    std::int64_t label = 0;
};

/// One presentation order of a result element.
struct OrderVerdict {
    Answer answer = answer::kNone;
    bool hasCompletion = false;
    std::string_view text;
    std::string_view finishReason;
    bool finishNull = false;
};

/// A key of a result element that the mapping does not use; kept in `extra` under its name.
struct UnknownKey {
    std::string_view key;
    dom::element value;
    std::string_view level; ///< prefix used only when the name collides with a key already written
};

bool isSegmentRoot(const std::string& segment)
{
    return segment == "LLMBar" || segment == "CaseStudy" || segment == "Processed";
}

std::string datasetNameFor(const fs::path& dir)
{
    std::error_code ec;
    fs::path absolute = fs::absolute(dir, ec);
    if (ec)
        absolute = dir;
    std::vector<std::string> segments;
    for (const auto& part : absolute.lexically_normal()) {
        auto s = part.string();
        if (!s.empty() && s != "/")
            segments.push_back(std::move(s));
    }
    if (segments.empty())
        return "llmbar-" + dir.filename().string();
    std::size_t first = segments.size() - 1;
    bool found = false;
    for (std::size_t k = segments.size(); k-- > 0;)
        if (isSegmentRoot(segments[k])) {
            first = k;
            found = true;
            break;
        }
    std::string name = "llmbar";
    for (std::size_t k = found ? first : segments.size() - 1; k < segments.size(); ++k)
        name.append("-").append(segments[k]);
    return name;
}

std::string_view typeName(dom::element_type type)
{
    switch (type) {
    case dom::element_type::ARRAY:
        return "an array";
    case dom::element_type::OBJECT:
        return "an object";
    case dom::element_type::INT64:
    case dom::element_type::UINT64:
    case dom::element_type::DOUBLE:
        return "a number";
    case dom::element_type::STRING:
        return "a string";
    case dom::element_type::BOOL:
        return "a boolean";
    case dom::element_type::NULL_VALUE:
        return "null";
    }
    return "a value";
}

/// Compact JSON of a value for messages ("got ..."), cut to a readable length.
std::string shortJson(dom::element value)
{
    auto text = simdjson::minify(value);
    constexpr std::size_t kMax = 40;
    if (text.size() > kMax) {
        text.resize(kMax);
        text += "...";
    }
    return text;
}

/// [text, finish_reason] with a string text and a string or null finish_reason.
bool parsePair(dom::element value, std::string_view& text, std::string_view& finishReason, bool& finishNull)
{
    dom::array pair;
    if (value.get_array().get(pair) || pair.size() != 2)
        return false;
    auto it = pair.begin();
    if ((*it).get_string().get(text))
        return false;
    ++it;
    dom::element second = *it;
    finishNull = second.is_null();
    finishReason = {};
    return finishNull || !second.get_string().get(finishReason);
}

/// The line where each element of a top-level JSON array starts, plus the checks the DOM parser cannot
/// locate: nesting depth (with its line) and truncation. Raw newlines only occur outside strings in valid
/// JSON, so the lines are counted here, while strings are skipped with memchr; this costs little next to the
/// parse.
struct Scan {
    std::vector<std::uint64_t> elementLines;
    std::uint64_t tooDeepLine = 0; ///< 0 = depth within the limit
    bool truncated = false;
};

void scanJson(std::string_view text, Scan& scan)
{
    scan.elementLines.clear();
    scan.tooDeepLine = 0;
    scan.truncated = false;
    const char* const end = text.data() + text.size();
    int depth = 0;
    bool expectElement = false;
    std::uint64_t line = 1;
    for (const char* p = text.data(); p < end; ++p) {
        const char c = *p;
        if (c == '\n') {
            ++line;
            continue;
        }
        if (c == ' ' || c == '\r' || c == '\t')
            continue;
        if (depth == 1 && expectElement && c != ']') {
            scan.elementLines.push_back(line);
            expectElement = false;
        }
        switch (c) {
        case '"': {
            // A quote ends the string unless an odd run of backslashes precedes it.
            const char* q = p + 1;
            for (;;) {
                q = static_cast<const char*>(std::memchr(q, '"', static_cast<std::size_t>(end - q)));
                if (!q) {
                    scan.truncated = true;
                    return;
                }
                std::size_t slashes = 0;
                for (const char* b = q - 1; b > p && *b == '\\'; --b)
                    ++slashes;
                if (slashes % 2 == 0)
                    break;
                ++q;
            }
            p = q;
            break;
        }
        case '[':
        case '{':
            if (++depth > kMaxJsonDepth) {
                scan.tooDeepLine = line;
                return;
            }
            expectElement = depth == 1 && c == '[';
            break;
        case ']':
        case '}':
            --depth;
            expectElement = false;
            break;
        case ',':
            expectElement = depth == 1;
            break;
        default:
            break;
        }
    }
    scan.truncated = depth > 0;
}

class LlmBarReader {
public:
    LlmBarReader(AuditBuilder& builder, ImportLog& log, const Progress& progress)
        : m_builder(builder), m_log(log), m_progress(progress)
    {
        // The depth limit is also enforced by the scan (with a line number); this is the backstop.
        if (m_parser.allocate(simdjson::SIMDJSON_PADDING, static_cast<std::size_t>(kMaxJsonDepth)) !=
            simdjson::SUCCESS)
            m_parserBroken = true;
    }

    bool run(const std::string& path);

private:
    bool collect(const std::string& path, std::vector<Subset>& subsets);
    bool collectResults(Subset& subset);
    bool load(const std::string& file, dom::array& elements);
    std::uint64_t lineOf(std::size_t element) const;
    bool bad(const std::string& file, std::uint64_t line, std::string field, std::string reason)
    {
        return m_log.badRecord({file, line, std::move(field), std::move(reason)});
    }
    void fatal(const std::string& file, std::uint64_t line, std::string reason)
    {
        m_log.fatal({file, line, "", std::move(reason)});
    }
    bool readDataset(const Subset& subset);
    bool readResult(const ResultFile& result);
    /// Validates one result element against its dataset item and adds its two judgments, or lists it as a
    /// bad record and adds nothing. Returns false when reading must stop.
    bool readResultElement(const ResultFile& result, std::size_t index, dom::element element);
    StrId extraFor(const OrderVerdict& verdict, bool rating, std::size_t orderBegin, std::size_t orderEnd);
    void writeUnknown(const UnknownKey& unknown);

    AuditBuilder& m_builder;
    ImportLog& m_log;
    const Progress& m_progress;
    dom::parser m_parser;
    bool m_parserBroken = false;
    simdjson::padded_string m_text;
    Scan m_scan;
    std::uint32_t m_fileIndex = 0;
    std::vector<DatasetEntry> m_entries;
    StrId m_dataset = kEmptyStr;
    StrId m_judge = kEmptyStr;
    StrId m_format = kEmptyStr;
    StrId m_noVerdict = kEmptyStr;

    // Per-element scratch (reused, so records cost no allocations once warm).
    std::string m_extra;
    JsonWriter m_writer{m_extra};
    std::string m_raw;
    std::vector<std::string_view> m_written;
    std::vector<dom::element> m_steps;
    std::vector<UnknownKey> m_unknown; // element, verdict-object and per-order unknown keys, in that order
    std::size_t m_unknownShared = 0;   // m_unknown[0, m_unknownShared) belong to both orders
    std::string_view m_score1, m_score2, m_score1Finish, m_score2Finish;
    bool m_score1FinishNull = false, m_score2FinishNull = false;
};

bool LlmBarReader::run(const std::string& path)
{
    if (m_parserBroken) {
        fatal(path, 0, "cannot allocate the JSON parser");
        return false;
    }
    std::vector<Subset> subsets;
    if (!collect(path, subsets))
        return false;
    std::uint64_t total = 0;
    for (const auto& s : subsets)
        total += 1 + s.results.size();
    std::uint64_t done = 0;
    m_progress.step(0, total);
    for (const auto& subset : subsets) {
        if (m_progress.cancelled())
            return false;
        if (!readDataset(subset))
            return false;
        m_progress.step(++done, total);
        for (const auto& result : subset.results) {
            if (m_progress.cancelled())
                return false;
            if (!readResult(result))
                return false;
            m_progress.step(++done, total);
        }
    }
    return !m_log.failed;
}

bool LlmBarReader::collect(const std::string& path, std::vector<Subset>& subsets)
{
    std::error_code ec;
    const fs::path root(path);
    const auto status = fs::status(root, ec);
    if (ec || !fs::exists(status)) {
        fatal(path, 0, "no such file or directory");
        return false;
    }
    std::vector<fs::path> dirs;
    auto isSubset = [](const fs::path& dir) {
        std::error_code e;
        return fs::is_regular_file(dir / "dataset.json", e) || fs::is_directory(dir / "evaluators", e);
    };
    if (fs::is_regular_file(status) && root.filename() == "dataset.json") {
        dirs.push_back(root.parent_path().empty() ? fs::path(".") : root.parent_path());
    } else if (!fs::is_directory(status)) {
        fatal(path, 0, "not a directory (an LLMBar layout is a directory holding dataset.json)");
        return false;
    } else {
        if (isSubset(root))
            dirs.push_back(root);
        fs::recursive_directory_iterator it(root, ec), end;
        for (; !ec && it != end; it.increment(ec)) {
            const auto& entry = *it;
            std::error_code e;
            if (!entry.is_directory(e))
                continue;
            if (entry.path().filename() == "evaluators") {
                it.disable_recursion_pending(); // judges' outputs, never subsets
                continue;
            }
            if (isSubset(entry.path()))
                dirs.push_back(entry.path());
        }
        if (ec) {
            fatal(path, 0, "cannot read directory (" + ec.message() + ")");
            return false;
        }
    }
    if (dirs.empty()) {
        fatal(path, 0, "no dataset.json found in this directory or below");
        return false;
    }
    std::sort(dirs.begin(), dirs.end(),
              [](const fs::path& a, const fs::path& b) { return a.generic_string() < b.generic_string(); });
    for (auto& dir : dirs) {
        Subset subset;
        subset.dataset = datasetNameFor(dir);
        subset.dir = std::move(dir);
        if (!collectResults(subset))
            return false;
        subsets.push_back(std::move(subset));
    }
    return true;
}

bool LlmBarReader::collectResults(Subset& subset)
{
    const fs::path evaluators = subset.dir / "evaluators";
    std::error_code ec;
    if (!fs::is_directory(evaluators, ec))
        return true;
    auto sortedDirs = [this](const fs::path& dir, std::vector<fs::path>& out) {
        std::error_code e;
        out.clear();
        for (fs::directory_iterator it(dir, e), end; !e && it != end; it.increment(e)) {
            std::error_code e2;
            if (it->is_directory(e2))
                out.push_back(it->path());
        }
        if (e) {
            fatal(dir.string(), 0, "cannot read directory (" + e.message() + ")");
            return false;
        }
        std::sort(out.begin(), out.end());
        return true;
    };
    std::vector<fs::path> judges, formats;
    if (!sortedDirs(evaluators, judges))
        return false;
    for (const auto& judge : judges) {
        if (!sortedDirs(judge, formats))
            return false;
        for (const auto& format : formats) {
            auto file = format / "result.json";
            std::error_code e;
            if (fs::is_regular_file(file, e))
                subset.results.push_back(
                    {file.string(), judge.filename().string(), format.filename().string()});
        }
    }
    return true;
}

bool LlmBarReader::load(const std::string& file, dom::array& elements)
{
    m_fileIndex = m_builder.addSourceFile(file);
    {
        std::error_code ec;
        if (!fs::exists(file, ec)) {
            fatal(file, 0, "no such file");
            return false;
        }
    }
    if (simdjson::padded_string::load(file).get(m_text)) {
        fatal(file, 0, "cannot read file");
        return false;
    }
    const std::string_view text(m_text.data(), m_text.size());
    if (auto bad = firstInvalidUtf8(text)) {
        fatal(file, lineOfOffset(text, *bad), "invalid UTF-8 (byte offset " + std::to_string(*bad) + ")");
        return false;
    }
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
        fatal(file, 0, "empty file");
        return false;
    }
    scanJson(text, m_scan);
    if (m_scan.tooDeepLine != 0) {
        fatal(file, m_scan.tooDeepLine,
              "JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
        return false;
    }
    if (m_scan.truncated) {
        fatal(file, 0, "truncated JSON (the file ends inside an array, object or string)");
        return false;
    }
    dom::element root;
    if (auto error = m_parser.parse(m_text).get(root)) {
        fatal(file, 0,
              error == simdjson::CAPACITY
                  ? std::string("file too large for the JSON parser")
                  : std::string("invalid JSON (") + simdjson::error_message(error) + ")");
        return false;
    }
    if (root.get_array().get(elements)) {
        fatal(file, 0, "not a JSON array (the top level is " + std::string(typeName(root.type())) + ")");
        return false;
    }
    return true;
}

std::uint64_t LlmBarReader::lineOf(std::size_t element) const
{
    return element < m_scan.elementLines.size() ? m_scan.elementLines[element] : 0;
}

bool LlmBarReader::readDataset(const Subset& subset)
{
    const std::string file = (subset.dir / "dataset.json").string();
    {
        std::error_code ec;
        if (!fs::is_regular_file(file, ec)) {
            fatal(file, 0, "missing (the directory has evaluators/ but no dataset.json)");
            return false;
        }
    }
    dom::array elements;
    if (!load(file, elements))
        return false;
    m_dataset = m_builder.intern(subset.dataset);
    m_entries.clear();
    m_entries.reserve(elements.size());
    std::size_t index = 0;
    std::string extra;
    for (dom::element element : elements) {
        const std::size_t i = index++;
        m_entries.emplace_back();
        const std::string at = "[" + std::to_string(i) + "]";
        auto fail = [&](std::string_view field, std::string reason) {
            return bad(file, lineOf(i), at + std::string(field), std::move(reason));
        };
        dom::object object;
        if (element.get_object().get(object)) {
            if (!fail("", "not an object"))
                return false;
            continue;
        }
        std::string_view texts[3];
        bool seen[4] = {false, false, false, false};
        dom::element labelValue;
        static constexpr std::string_view kTextKeys[3] = {"input", "output_1", "output_2"};
        extra.clear();
        JsonWriter extraWriter(extra);
        bool anyExtra = false;
        bool recordOk = true;
        for (dom::key_value_pair field : object) {
            int slot = -1;
            for (int k = 0; k < 3; ++k)
                if (field.key == kTextKeys[k])
                    slot = k;
            if (field.key == "label")
                slot = 3;
            if (slot < 0) {
                if (!anyExtra)
                    extraWriter.beginObject();
                anyExtra = true;
                extraWriter.key(field.key).rawValue(simdjson::minify(field.value));
                continue;
            }
            if (seen[slot]) {
                recordOk = false;
                if (!fail("." + std::string(field.key), "duplicate key"))
                    return false;
                break;
            }
            seen[slot] = true;
            if (slot == 3) {
                labelValue = field.value;
            } else if (field.value.get_string().get(texts[slot])) {
                recordOk = false;
                if (!fail("." + std::string(field.key),
                          "not a string (" + std::string(typeName(field.value.type())) + ")"))
                    return false;
                break;
            }
        }
        if (!recordOk)
            continue;
        for (int k = 0; k < 4 && recordOk; ++k)
            if (!seen[k]) {
                recordOk = false;
                if (!fail("." + std::string(k < 3 ? kTextKeys[k] : "label"), "missing"))
                    return false;
            }
        if (!recordOk)
            continue;
        std::int64_t label = 0;
        if (labelValue.get_int64().get(label) || (label != 1 && label != 2)) {
            if (!fail(".label", "must be 1 or 2 (got " + shortJson(labelValue) + ")"))
                return false;
            continue;
        }
        if (anyExtra)
            extraWriter.endObject();

        const Answer labelAnswer = label == 1 ? answer::kA : answer::kB;
        const StrId id = m_builder.intern(std::to_string(i));
        const StrId values[3] = {m_builder.intern(texts[0]), m_builder.intern(texts[1]),
                                 m_builder.intern(texts[2])};
        static constexpr ItemText kFields[3] = {ItemText::Question, ItemText::ResponseA, ItemText::ResponseB};
        std::uint32_t item = 0;
        if (auto existing = m_builder.findItem(m_dataset, id)) {
            // The item is already in the audit (a base audit or an earlier source): fill what it lacks and
            // refuse contradictions rather than silently overwrite.
            item = *existing;
            if (m_builder.kind(item) != TaskKind::Pairwise) {
                if (!fail("", "conflicts with the item already in the audit (kind " +
                                  std::string(kindName(m_builder.kind(item))) + ")"))
                    return false;
                continue;
            }
            const Answer old = m_builder.label(item);
            if (old != answer::kNone && old != labelAnswer) {
                if (!fail(".label", "conflicts with the label already in the audit (" +
                                        answerText(TaskKind::Pairwise, old) + ")"))
                    return false;
                continue;
            }
            bool conflict = false;
            for (int k = 0; k < 3 && !conflict; ++k) {
                const StrId current = m_builder.text(item, kFields[k]);
                if (current != kEmptyStr && current != values[k]) {
                    conflict = true;
                    if (!fail("." + std::string(kTextKeys[k]),
                              "conflicts with the text already in the audit"))
                        return false;
                }
            }
            if (conflict)
                continue;
        } else {
            item = m_builder.addItem(m_dataset, id, TaskKind::Pairwise);
        }
        m_builder.setLabel(item, labelAnswer);
        for (int k = 0; k < 3; ++k)
            m_builder.setText(item, kFields[k], values[k]);
        if (anyExtra)
            m_builder.setText(item, ItemText::Extra, m_builder.intern(extra));
        auto& entry = m_entries.back();
        entry.ok = true;
        entry.item = item;
        entry.input = values[0];
        entry.output1 = values[1];
        entry.output2 = values[2];
        entry.label = label;
    }
    return true;
}

bool LlmBarReader::readResult(const ResultFile& result)
{
    dom::array elements;
    if (!load(result.path, elements))
        return false;
    m_judge = m_builder.intern(result.judge);
    m_format = m_builder.intern(result.format);
    std::size_t index = 0;
    for (dom::element element : elements) {
        const std::size_t i = index++;
        if (i >= m_entries.size()) {
            if (!bad(result.path, lineOf(i), "[" + std::to_string(i) + "]",
                     "no item " + std::to_string(i) + " in dataset.json (it has " +
                         std::to_string(m_entries.size()) + " items)"))
                return false;
            continue;
        }
        if (!m_entries[i].ok)
            continue; // its dataset.json item was bad and is listed already
        if (!readResultElement(result, i, element))
            return false;
    }
    if (index < m_entries.size())
        if (!bad(result.path, 0, "",
                 "has " + std::to_string(index) + " elements but dataset.json has " +
                     std::to_string(m_entries.size()) + " items"))
            return false;
    return true;
}

bool LlmBarReader::readResultElement(const ResultFile& result, std::size_t i, dom::element element)
{
    const auto& entry = m_entries[i];
    const std::uint64_t line = lineOf(i);
    const std::string at = "[" + std::to_string(i) + "]";
    // Every failure skips the element whole (nothing of it has been added yet); the return value says
    // whether reading goes on.
    auto fail = [&](const std::string& field, std::string reason) {
        return bad(result.path, line, at + field, std::move(reason));
    };
    dom::object object;
    if (element.get_object().get(object))
        return fail("", "not an object (" + std::string(typeName(element.type())) + ")");

    m_unknown.clear();
    m_steps.clear();
    static constexpr std::string_view kItemKeys[5] = {"input", "output_1", "output_2", "label", "results"};
    dom::element values[5];
    bool seen[5] = {false, false, false, false, false};
    for (dom::key_value_pair field : object) {
        int slot = -1;
        for (int k = 0; k < 5; ++k)
            if (field.key == kItemKeys[k])
                slot = k;
        if (slot < 0) {
            m_unknown.push_back({field.key, field.value, "item"});
            continue;
        }
        if (seen[slot])
            return fail("." + std::string(field.key), "duplicate key");
        seen[slot] = true;
        values[slot] = field.value;
    }
    const StrId expected[3] = {entry.input, entry.output1, entry.output2};
    for (int k = 0; k < 4; ++k) {
        const std::string field = "." + std::string(kItemKeys[k]);
        if (!seen[k])
            return fail(field, "missing");
        if (k == 3) {
            std::int64_t label = 0;
            if (values[k].get_int64().get(label) || label != entry.label)
                return fail(field, "is " + shortJson(values[k]) + " but dataset.json item " +
                                       std::to_string(i) + " has " + std::to_string(entry.label));
            continue;
        }
        std::string_view text;
        if (values[k].get_string().get(text))
            return fail(field, "not a string (" + std::string(typeName(values[k].type())) + ")");
        if (text != m_builder.str(expected[k]))
            return fail(field, "differs from dataset.json item " + std::to_string(i));
    }
    if (!seen[4])
        return fail(".results", "missing");
    dom::array results;
    if (values[4].get_array().get(results))
        return fail(".results", "not an array (" + std::string(typeName(values[4].type())) + ")");
    const std::size_t stepCount = results.size();
    if (stepCount == 0)
        return fail(".results", "empty");
    dom::element last;
    {
        std::size_t k = 0;
        for (dom::element step : results) {
            if (++k == stepCount)
                last = step;
            else
                m_steps.push_back(step);
        }
    }
    const std::string lastAt = ".results[" + std::to_string(stepCount - 1) + "]";
    dom::object verdictObject;
    if (last.get_object().get(verdictObject))
        return fail(lastAt, "not an object (" + std::string(typeName(last.type())) + ")");

    static constexpr std::string_view kVerdictKeys[4] = {kSwapFalse, kSwapTrue, "score_1", "score_2"};
    dom::element verdictValues[4];
    bool verdictSeen[4] = {false, false, false, false};
    for (dom::key_value_pair field : verdictObject) {
        int slot = -1;
        for (int k = 0; k < 4; ++k)
            if (field.key == kVerdictKeys[k])
                slot = k;
        if (slot < 0) {
            m_unknown.push_back({field.key, field.value, "results"});
            continue;
        }
        if (verdictSeen[slot])
            return fail(lastAt + "." + std::string(field.key), "duplicate key");
        verdictSeen[slot] = true;
        verdictValues[slot] = field.value;
    }
    m_unknownShared = m_unknown.size();

    // Rating* formats: pointwise scores, both orders' winners derived from them upstream.
    const bool rating = verdictSeen[2] || verdictSeen[3];
    if (rating) {
        for (int k = 2; k < 4; ++k) {
            const std::string field = lastAt + "." + std::string(kVerdictKeys[k]);
            if (!verdictSeen[k])
                return fail(field, "missing");
            auto& text = k == 2 ? m_score1 : m_score2;
            auto& finish = k == 2 ? m_score1Finish : m_score2Finish;
            auto& finishNull = k == 2 ? m_score1FinishNull : m_score2FinishNull;
            if (!parsePair(verdictValues[k], text, finish, finishNull))
                return fail(field, "must be [text, finish_reason]");
        }
    }

    OrderVerdict verdicts[2];
    std::size_t orderBegin[2] = {0, 0}, orderEnd[2] = {0, 0};
    for (int o = 0; o < 2; ++o) {
        const std::string field = lastAt + "." + std::string(kVerdictKeys[o]);
        if (!verdictSeen[o])
            return fail(field, "missing");
        dom::object orderObject;
        if (verdictValues[o].get_object().get(orderObject))
            return fail(field, "not an object (" + std::string(typeName(verdictValues[o].type())) + ")");
        auto& v = verdicts[o];
        orderBegin[o] = m_unknown.size();
        bool winnerSeen = false;
        for (dom::key_value_pair kv : orderObject) {
            if (kv.key == "winner") {
                if (winnerSeen)
                    return fail(field + ".winner", "duplicate key");
                winnerSeen = true;
                std::string_view winner;
                if (kv.value.is_null())
                    v.answer = answer::kNone;
                else if (!kv.value.get_string().get(winner) && (winner == "1" || winner == "2"))
                    v.answer = winner == "1" ? answer::kA : answer::kB;
                else
                    return fail(field + ".winner",
                                "must be \"1\", \"2\" or null (got " + shortJson(kv.value) + ")");
            } else if (kv.key == "completion") {
                if (v.hasCompletion)
                    return fail(field + ".completion", "duplicate key");
                if (!parsePair(kv.value, v.text, v.finishReason, v.finishNull))
                    return fail(field + ".completion", "must be [text, finish_reason]");
                v.hasCompletion = true;
            } else {
                m_unknown.push_back({kv.key, kv.value, "swap"});
            }
        }
        orderEnd[o] = m_unknown.size();
    }

    for (int o = 0; o < 2; ++o) {
        const auto& v = verdicts[o];
        JudgmentInput j;
        j.item = entry.item;
        j.judge = m_judge;
        j.format = m_format;
        j.order = o == 0 ? Order::AB : Order::BA;
        j.rep = 1;
        j.answer = v.answer;
        if (v.answer == answer::kNone) {
            if (m_noVerdict == kEmptyStr)
                m_noVerdict = m_builder.intern(kNoVerdict);
            j.error = m_noVerdict;
        }
        if (rating) {
            m_raw.assign("score_1: ").append(m_score1).append("\nscore_2: ").append(m_score2);
            j.raw = m_builder.intern(m_raw);
        } else if (v.hasCompletion) {
            j.raw = m_builder.intern(v.text);
        }
        j.extra = extraFor(v, rating, orderBegin[o], orderEnd[o]);
        j.source = {m_fileIndex, line};
        m_builder.addJudgment(j);
    }
    return true;
}

void LlmBarReader::writeUnknown(const UnknownKey& unknown)
{
    // Unknown keys keep their names; the rare clash with a key already written gets its level as prefix.
    if (std::find(m_written.begin(), m_written.end(), unknown.key) == m_written.end()) {
        m_writer.key(unknown.key);
        m_written.push_back(unknown.key);
    } else {
        m_writer.key(std::string(unknown.level) + "." + std::string(unknown.key));
    }
    m_writer.rawValue(simdjson::minify(unknown.value));
}

StrId LlmBarReader::extraFor(const OrderVerdict& v, bool rating, std::size_t orderBegin, std::size_t orderEnd)
{
    m_extra.clear();
    m_written.clear();
    auto writeKey = [this](std::string_view name) {
        m_writer.key(name);
        m_written.push_back(name);
    };
    auto writeFinish = [this](std::string_view finish, bool isNull) {
        if (isNull)
            m_writer.null();
        else
            m_writer.value(finish);
    };
    m_writer.beginObject();
    if (rating) {
        writeKey("score_1");
        m_writer.value(m_score1);
        writeKey("score_2");
        m_writer.value(m_score2);
        writeKey("score_1_finish_reason");
        writeFinish(m_score1Finish, m_score1FinishNull);
        writeKey("score_2_finish_reason");
        writeFinish(m_score2Finish, m_score2FinishNull);
        if (v.hasCompletion) {
            writeKey("completion");
            m_writer.value(v.text);
        }
    }
    if (v.hasCompletion) {
        writeKey("finish_reason");
        writeFinish(v.finishReason, v.finishNull);
    }
    if (!m_steps.empty()) {
        writeKey("steps");
        m_writer.beginArray();
        for (auto step : m_steps) {
            std::string_view text, finish;
            bool finishNull = false;
            if (parsePair(step, text, finish, finishNull))
                m_writer.value(text);
            else // e.g. the first-round calls of the Swap formats: kept whole
                m_writer.rawValue(simdjson::minify(step));
        }
        m_writer.endArray();
    }
    for (std::size_t k = orderBegin; k < orderEnd; ++k)
        writeUnknown(m_unknown[k]);
    for (std::size_t k = 0; k < m_unknownShared; ++k)
        writeUnknown(m_unknown[k]);
    m_writer.endObject();
    if (m_extra == "{}")
        return kEmptyStr;
    return m_builder.intern(m_extra);
}

} // namespace

bool importLlmBar(const std::string& path, AuditBuilder& builder, ImportLog& log, const Progress& progress)
{
    LlmBarReader reader(builder, log, progress);
    return reader.run(path);
}

} // namespace tribunal
