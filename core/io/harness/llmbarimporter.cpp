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
// An item already in the audit (a base audit or an earlier source) is filled where it lacks fields; a
// contradiction (kind, label, texts, kept keys) is a bad record (ItemPatch), never a silent overwrite.
//
// Speed: one DOM parse per file (simdjson) plus one light pass that finds the top-level array's element
// starts (for line numbers, scanJsonArray); scratch buffers are reused, so a record costs no heap allocation
// beyond interning.
//
// This file reads the files and dataset.json; llmbarlayout.h finds them, LlmBarResults maps result elements.

#include "io/formats/jsonarrayscan.h"
#include "io/harness/llmbarlayout.h"
#include "io/harness/llmbarresults.h"
#include "io/importer.h"
#include "io/itemorigins.h"
#include "io/itempatch.h"
#include "io/jsonvaluetext.h"
#include "io/messagetext.h"
#include "io/nameset.h"
#include "io/utf8.h"

#include <simdjson.h>

#include <filesystem>
#include <system_error>

namespace tribunal {
namespace {

namespace fs = std::filesystem;
namespace dom = simdjson::dom;

class LlmBarReader {
public:
    LlmBarReader(AuditBuilder& builder, ImportLog& log, const Progress& progress)
        : m_builder(builder), m_log(log), m_progress(progress), m_patch(builder, m_origins),
          m_results(builder)
    {
        // The depth limit is also enforced by the scan (with a line number); this is the backstop.
        // simdjson counts the document itself as a level, hence + 1 (as harnessfile.cpp and the JSONL
        // reader).
        if (m_parser.allocate(simdjson::SIMDJSON_PADDING, static_cast<std::size_t>(kMaxJsonDepth) + 1) !=
            simdjson::SUCCESS)
            m_parserBroken = true;
    }

    bool run(const std::string& path);

private:
    /// Registers, reads, checks and parses `file`, whose top level must be an array.
    bool load(const std::string& file, dom::array& elements);
    std::uint64_t lineOf(std::size_t element) const
    {
        return element < m_scan.elementLines.size() ? m_scan.elementLines[element] : 0;
    }
    bool bad(const std::string& file, std::uint64_t line, std::string field, std::string reason)
    {
        return m_log.badRecord({file, line, std::move(field), std::move(reason)});
    }
    void fatal(const std::string& file, std::uint64_t line, std::string reason)
    {
        m_log.fatal({file, line, "", std::move(reason)});
    }
    bool readDataset(const LlmBarSubset& subset);
    /// Validates dataset.json element `i` and merges it into its item; false when reading must stop.
    bool readDatasetItem(const std::string& file, std::size_t i, dom::element element);
    bool readResult(const LlmBarResultFile& result);

    AuditBuilder& m_builder;
    ImportLog& m_log;
    const Progress& m_progress;
    dom::parser m_parser;
    bool m_parserBroken = false;
    simdjson::padded_string m_text;
    JsonArrayScan m_scan;
    std::uint32_t m_fileIndex = 0;
    StrId m_dataset = kEmptyStr;
    std::vector<LlmBarItem> m_entries; // the current subset's dataset.json items
    ItemOrigins m_origins;             // lines of the current dataset.json that set item fields
    ItemPatch m_patch;
    std::string m_extra; // a dataset.json item's unknown keys
    NameSet m_unknownNames;
    LlmBarResults m_results;
};

bool LlmBarReader::run(const std::string& path)
{
    if (m_parserBroken) {
        fatal(path, 0, "cannot allocate the JSON parser");
        return false;
    }
    std::vector<LlmBarSubset> subsets;
    if (!findLlmBarLayout(path, subsets, m_log))
        return false;
    std::uint64_t total = 0;
    for (const auto& s : subsets)
        total += 1 + s.results.size();
    // Progress by file: a file is one DOM parse, so cancel is polled between files.
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
    std::string_view text(m_text.data(), m_text.size());
    if (auto bad = firstInvalidUtf8(text)) {
        fatal(file, lineOfOffset(text, *bad), invalidUtf8Reason(*bad));
        return false;
    }
    if (text.substr(0, 3) == "\xEF\xBB\xBF")
        text.remove_prefix(3); // a UTF-8 BOM, skipped as the CSV and JSONL readers do
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
        fatal(file, 0, std::string(kEmptyFileReason));
        return false;
    }
    scanJsonArray(text, m_scan);
    if (m_scan.tooLongLine != 0) {
        fatal(file, m_scan.tooLongLine, lineTooLongReason());
        return false;
    }
    if (m_scan.tooDeepLine != 0) {
        fatal(file, m_scan.tooDeepLine, tooDeepReason());
        return false;
    }
    if (m_scan.truncated) {
        fatal(file, 0, "truncated JSON (the file ends inside an array, object or string)");
        return false;
    }
    dom::element root;
    // The padded string's padding follows `text`, which ends where m_text ends: no copy is needed.
    if (auto error = m_parser.parse(text.data(), text.size(), false).get(root)) {
        fatal(file, 0,
              error == simdjson::CAPACITY ? std::string("file too large for the JSON parser")
                                          : invalidJsonReason(error));
        return false;
    }
    if (root.get_array().get(elements)) {
        fatal(file, 0, "not a JSON array (the top level is " + std::string(jsonTypeName(root.type())) + ")");
        return false;
    }
    return true;
}

bool LlmBarReader::readDataset(const LlmBarSubset& subset)
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
    m_origins.clear();
    std::size_t index = 0;
    for (dom::element element : elements) {
        m_entries.emplace_back();
        if (!readDatasetItem(file, index++, element))
            return false;
    }
    return true;
}

bool LlmBarReader::readDatasetItem(const std::string& file, std::size_t i, dom::element element)
{
    const std::uint64_t line = lineOf(i);
    const std::string at = "[" + std::to_string(i) + "]";
    // A bad item is listed and left out (its result elements are then skipped silently).
    auto fail = [&](std::string_view field, std::string reason) {
        return bad(file, line, at + std::string(field), std::move(reason));
    };
    dom::object object;
    if (element.get_object().get(object))
        return fail("", "not an object");
    static constexpr std::string_view kKeys[4] = {"input", "output_1", "output_2", "label"};
    dom::element values[4];
    bool seen[4] = {false, false, false, false};
    std::string_view texts[3];
    std::string_view firstUnknown;
    m_extra.clear();
    m_unknownNames.clear();
    for (dom::key_value_pair field : object) {
        const int slot = indexOfKey(kKeys, field.key);
        if (slot < 0) {
            if (!m_unknownNames.insert(field.key))
                return fail("." + std::string(field.key), "duplicate key");
            if (m_extra.empty())
                firstUnknown = field.key;
            appendKeptField(m_extra, field.key, field.value);
            continue;
        }
        if (seen[slot])
            return fail("." + std::string(field.key), "duplicate key");
        seen[slot] = true;
        values[slot] = field.value;
        if (slot < 3 && field.value.get_string().get(texts[slot]))
            return fail("." + std::string(field.key),
                        "not a string (" + std::string(jsonTypeName(field.value.type())) + ")");
    }
    if (!m_extra.empty())
        m_extra += '}';
    for (int k = 0; k < 4; ++k)
        if (!seen[k])
            return fail("." + std::string(kKeys[k]), "missing");
    std::int64_t label = 0;
    if (values[3].get_int64().get(label) || (label != 1 && label != 2))
        return fail(".label", "must be 1 or 2 (got " + jsonForMessage(values[3]) + ")");

    // Merge into the item: one already in the audit must agree.
    const StrId id = m_builder.intern(std::to_string(i));
    const auto existing = m_builder.findItem(m_dataset, id);
    m_patch.reset(existing);
    if (existing)
        if (auto problem = kindProblem(m_builder, *existing, TaskKind::Pairwise))
            return fail("", std::move(*problem));
    if (auto problem = m_patch.label(TaskKind::Pairwise, label == 1 ? answer::kA : answer::kB))
        return fail(".label", std::move(*problem));
    static constexpr ItemText kFields[3] = {ItemText::Question, ItemText::ResponseA, ItemText::ResponseB};
    for (int k = 0; k < 3; ++k)
        if (auto problem = m_patch.text(kFields[k], texts[k]))
            return fail("." + std::string(kKeys[k]), std::move(*problem));
    if (auto problem = m_patch.extra(m_extra))
        return fail("." + std::string(firstUnknown), std::move(*problem));
    const std::uint32_t item = existing ? *existing : m_builder.addItem(m_dataset, id, TaskKind::Pairwise);
    m_patch.apply(item, line);

    auto& entry = m_entries.back();
    entry.ok = true;
    entry.item = item;
    entry.input = m_builder.text(item, ItemText::Question);
    entry.output1 = m_builder.text(item, ItemText::ResponseA);
    entry.output2 = m_builder.text(item, ItemText::ResponseB);
    entry.label = label;
    return true;
}

bool LlmBarReader::readResult(const LlmBarResultFile& result)
{
    dom::array elements;
    if (!load(result.path, elements))
        return false;
    m_results.beginFile(m_builder.intern(result.judge), m_builder.intern(result.format), m_fileIndex);
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
        if (auto problem = m_results.read(i, lineOf(i), m_entries[i], element))
            if (!bad(result.path, lineOf(i), "[" + std::to_string(i) + "]" + problem->field,
                     std::move(problem->reason)))
                return false;
    }
    if (index < m_entries.size())
        if (!bad(result.path, 0, "",
                 "has " + std::to_string(index) + " elements but dataset.json has " +
                     std::to_string(m_entries.size()) + " items"))
            return false;
    return true;
}

} // namespace

bool importLlmBar(const std::string& path, AuditBuilder& builder, ImportLog& log, const Progress& progress)
{
    LlmBarReader reader(builder, log, progress);
    return reader.run(path);
}

} // namespace tribunal
