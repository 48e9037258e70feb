// JudgeBench outputs (ScalerLab/JudgeBench, run_judge.py::judge_pairs, the same record shape at commits
// 12a499c5, d8740a81 and e2c52c28): `outputs/dataset=judgebench,response_model=<m>,judge_name=<n>,
// judge_model=<model with / -> _>.jsonl`, one object per line, written in completion order. A record is the
// input pair (pair_id, original_id, source, question, response_model, response_A, response_B, label) plus
// judge_name and `judgments`: one entry per game (1 with --single_game, else 2), each
// {"judgment": {judge_model, prompt, response | scores}, "decision": "A>B" | "B>A" | "A=B" | null | ...}, or
// null when the judge call raised.
//
// Mapping (decided with the lead):
//   dataset "judgebench-<response_model>" ("judgebench" when it is null or missing); item_id = pair_id;
//   domain = source; question / response_a / response_b; label
//     A>B -> A, B>A -> B (anything else is a bad record); item extra {"original_id", "response_model"} (the
//     values that are the same whatever judge file the pair comes from).
//   judge = the entries' judgment.judge_model (they must agree); for a record where none names one (every
//     call failed): the judge_model the first record of the same file that names one gives, else the
//     file name's `judge_model=` segment (there `/` is written `_`, so it is the last resort), else
//     judge_name. format = judge_name. rep 1, no condition.
//   judgments[0] showed (response_A, response_B): order AB; judgments[1] showed (response_B, response_A):
//     order BA, its decision in the slots of that call, so "A>B" there is canonical B. "A<B" / "B<A" are read
//     as "B>A" / "A>B" (ArenaHard's regex admits them). A null decision -> none, error "no verdict parsed";
//     another string -> none, error `decision "X" is not a verdict`; a null entry -> none, error `judge call
//     failed (judgment is null)`.
//   raw = judgment.response. Reward models: scores = [first-shown, second-shown], P(first better) =
//     1 / (1 + exp(-(s1 - s2))), stored as canonical probs {A, B}.
//   judgment extra: prompt, scores, then the unknown keys of judgment, of the entry and of the record (a key
//     already written gets the prefix "entry." / "record.").
//
// Built from the upstream code and published outputs as read (/tmp/research/judgebench.md); no real output
// file was available, so it is tested on small hand-written files that match those shapes.

#include "io/harness/harnessfile.h"
#include "io/harness/harnesspairs.h"
#include "io/importer.h"
#include "io/messagetext.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

namespace tribunal {
namespace {

namespace dom = simdjson::dom;

constexpr std::string_view kRecordKeys[] = {"pair_id",        "original_id", "source",     "question",
                                            "response_model", "response_A",  "response_B", "label",
                                            "judge_name",     "judgments"};
enum RecordKey : int {
    kPairId,
    kOriginalId,
    kSource,
    kQuestion,
    kResponseModel,
    kResponseA,
    kResponseB,
    kLabel,
    kJudgeName,
    kJudgments
};
constexpr std::string_view kEntryKeys[] = {"judgment", "decision"};
enum EntryKey : int { kJudgment, kDecision };
constexpr std::string_view kJudgmentKeys[] = {"judge_model", "prompt", "response", "scores"};
enum JudgmentKey : int { kJudgeModel, kPrompt, kResponse, kScores };

constexpr std::string_view kDataset = "judgebench";
constexpr std::string_view kFailedCall = "judge call failed (judgment is null)";

/// A present string key whose text may be empty (a candidate response can be "").
std::optional<HarnessProblem> requiredText(const HarnessFields& fields, int k, std::string_view& out)
{
    if (!fields.has(k))
        return fields.problem(k, "required key is missing");
    if (fields.value(k).type() != dom::element_type::STRING)
        return fields.typeProblem(k, "a string");
    out = stringOf(fields.value(k));
    return std::nullopt;
}

/// Which slot a decision names: 1 = first shown, 2 = second shown, 0 = tie; -1 = not a verdict.
int slotOfDecision(std::string_view decision)
{
    if (decision == "A>B" || decision == "B<A")
        return 1;
    if (decision == "B>A" || decision == "A<B")
        return 2;
    return decision == "A=B" ? 0 : -1;
}

Answer canonicalAnswer(int slot, Order order)
{
    if (slot == 0)
        return answer::kTie;
    return (slot == 1) == (order == Order::AB) ? answer::kA : answer::kB;
}

/// The `judge_model=` segment of an upstream output file name, "" when it has none.
std::string judgeModelOfFileName(const std::string& path)
{
    std::string name = std::filesystem::path(path).filename().string();
    if (name.size() > 6 && name.compare(name.size() - 6, 6, ".jsonl") == 0)
        name.resize(name.size() - 6);
    constexpr std::string_view kKey = "judge_model=";
    std::size_t start = 0;
    while (start <= name.size()) {
        const std::size_t comma = std::min(name.find(',', start), name.size());
        const std::string_view segment(name.data() + start, comma - start);
        if (segment.size() > kKey.size() && segment.substr(0, kKey.size()) == kKey)
            return std::string(segment.substr(kKey.size()));
        start = comma + 1;
    }
    return {};
}

/// The judgment.judge_model an entry names ("" when none, or when it is not a non-empty string).
std::string_view namedJudgeModel(dom::element entry)
{
    dom::object judgment;
    std::string_view model;
    if (entry.type() != dom::element_type::OBJECT || objectOf(entry)["judgment"].get(judgment) ||
        judgment["judge_model"].get(model))
        return {};
    return model;
}

/// `[first, second]`: exactly two numbers.
bool readScores(dom::element scores, double (&out)[2])
{
    if (scores.type() != dom::element_type::ARRAY)
        return false;
    std::size_t n = 0;
    for (dom::element s : arrayOf(scores)) {
        if (n == 2 || !isJsonNumber(s))
            return false;
        out[n++] = jsonNumber(s);
    }
    return n == 2;
}

/// One entry of `judgments` as read: the canonical judgment and the judge model it names.
struct Entry {
    HarnessJudgment judgment;
    std::string_view judgeModel;
    std::string extra;
};

class JudgeBenchReader {
public:
    JudgeBenchReader(AuditBuilder& builder, ImportLog& log, const Progress& progress)
        : m_builder(builder), m_log(log), m_progress(progress), m_pairs(builder)
    {}

    bool run(const std::string& path);

private:
    bool onRecord(dom::object record, std::uint64_t line);
    std::optional<HarnessProblem> readRecord(dom::object record);
    std::optional<HarnessProblem> readItem();
    std::optional<HarnessProblem> readEntry(std::size_t index, dom::element value, Entry& entry);
    std::optional<HarnessProblem> readJudgment(const std::string& at, dom::element value, Entry& entry);
    void keepUnknown(std::string& out, dom::object object, std::span<const std::string_view> known,
                     std::string_view prefix);
    /// The judge of a record whose entries name no judge_model (see the mapping).
    StrId fallbackJudge(std::string_view judgeName);
    std::string firstJudgeModelInFile();
    StrId errorText(std::string_view text) { return m_builder.intern(text); }

    AuditBuilder& m_builder;
    ImportLog& m_log;
    const Progress& m_progress;
    HarnessPairs m_pairs;
    HarnessFields m_record{kRecordKeys};
    HarnessFields m_entryFields{kEntryKeys};
    HarnessFields m_judgmentFields{kJudgmentKeys};
    HarnessPairRecord m_pair;
    dom::object m_recordObject;
    Entry m_entries[2];
    std::string m_path;
    std::string m_itemExtra;
    std::string m_datasetName;
    std::vector<std::string_view> m_written; // keys of the judgment extra being built
    bool m_fileJudgeKnown = false;
    std::string m_fileJudge;
};

bool JudgeBenchReader::run(const std::string& path)
{
    m_path = path;
    m_pairs.beginFile(m_builder.addSourceFile(path));
    HarnessFile file(m_log, m_progress);
    return file.read(
        path, HarnessLayout::JsonLines,
        [this](dom::object record, std::uint64_t line, std::size_t) { return onRecord(record, line); });
}

bool JudgeBenchReader::onRecord(dom::object record, std::uint64_t line)
{
    auto problem = readRecord(record);
    if (!problem)
        problem = m_pairs.commit(m_pair, line);
    if (!problem)
        return true;
    return m_log.badRecord({m_path, line, std::move(problem->field), std::move(problem->reason)});
}

std::optional<HarnessProblem> JudgeBenchReader::readRecord(dom::object record)
{
    m_pair.clear();
    m_recordObject = record;
    if (auto problem = m_record.collect(record))
        return problem;
    if (auto problem = readItem())
        return problem;
    std::string_view judgeName;
    if (auto problem = m_record.requiredString(kJudgeName, judgeName))
        return problem;
    if (!m_record.has(kJudgments))
        return m_record.problem(kJudgments, "required key is missing");
    if (m_record.value(kJudgments).type() != dom::element_type::ARRAY)
        return m_record.typeProblem(kJudgments, "an array");
    const dom::array games = arrayOf(m_record.value(kJudgments));
    if (games.size() == 0 || games.size() > 2)
        return m_record.problem(kJudgments, "expected 1 or 2 entries, got " + std::to_string(games.size()));

    std::size_t count = 0;
    for (dom::element game : games) {
        if (auto problem = readEntry(count, game, m_entries[count]))
            return problem;
        ++count;
    }
    // One judge per record: the entries that name a model must name the same one.
    std::string_view model;
    std::size_t namedBy = 0;
    for (std::size_t i = 0; i < count; ++i) {
        const auto named = m_entries[i].judgeModel;
        if (named.empty())
            continue;
        if (model.empty()) {
            model = named;
            namedBy = i;
        } else if (named != model) {
            return HarnessProblem{
                "judgments[" + std::to_string(i) + "].judgment.judge_model",
                disagreement(named, model,
                             "in judgments[" + std::to_string(namedBy) + "].judgment.judge_model")};
        }
    }
    const StrId judge = model.empty() ? fallbackJudge(judgeName) : m_builder.intern(model);
    const StrId format = m_builder.intern(judgeName);
    for (std::size_t i = 0; i < count; ++i) {
        auto& j = m_entries[i].judgment;
        j.judge = judge;
        j.format = format;
        m_pair.judgments.push_back(j);
    }
    return std::nullopt;
}

std::optional<HarnessProblem> JudgeBenchReader::readItem()
{
    std::string id;
    if (auto problem = m_record.requiredId(kPairId, id))
        return problem;
    m_pair.itemId = m_builder.intern(id);
    std::string_view source;
    if (auto problem = m_record.requiredString(kSource, source))
        return problem;
    m_pair.texts.push_back({ItemText::Domain, source, kRecordKeys[kSource]});
    for (const auto& [key, field] :
         {std::pair{kQuestion, ItemText::Question}, std::pair{kResponseA, ItemText::ResponseA},
          std::pair{kResponseB, ItemText::ResponseB}}) {
        std::string_view text;
        if (auto problem = requiredText(m_record, key, text))
            return problem;
        m_pair.texts.push_back({field, text, kRecordKeys[key]});
    }
    std::string_view label;
    if (auto problem = m_record.requiredString(kLabel, label))
        return problem;
    if (label != "A>B" && label != "B>A")
        return m_record.problem(kLabel, quoteForMessage(label) + " is not A>B or B>A");
    m_pair.label = label == "A>B" ? answer::kA : answer::kB;
    m_pair.labelKey = kRecordKeys[kLabel];

    // original_id is an int in the data, null for livebench rows and a string in the README.
    m_itemExtra.clear();
    if (m_record.has(kOriginalId)) {
        const auto type = m_record.value(kOriginalId).type();
        if (type != dom::element_type::INT64 && type != dom::element_type::UINT64 &&
            type != dom::element_type::STRING && type != dom::element_type::NULL_VALUE)
            return m_record.typeProblem(kOriginalId, "an integer, a string or null");
        appendKeptField(m_itemExtra, kRecordKeys[kOriginalId], m_record.value(kOriginalId));
    }
    std::string_view responseModel;
    if (m_record.has(kResponseModel)) {
        const auto type = m_record.value(kResponseModel).type();
        if (type != dom::element_type::STRING && type != dom::element_type::NULL_VALUE)
            return m_record.typeProblem(kResponseModel, "a string or null");
        appendKeptField(m_itemExtra, kRecordKeys[kResponseModel], m_record.value(kResponseModel));
        if (type == dom::element_type::STRING)
            responseModel = stringOf(m_record.value(kResponseModel));
    }
    // One dataset per response model: upstream scores each output file (one response set) on its own, and
    // the two sets' pairs must not share a cell.
    m_datasetName.assign(kDataset);
    if (!responseModel.empty())
        m_datasetName.append("-").append(responseModel);
    m_pair.dataset = m_builder.intern(m_datasetName);
    if (!m_itemExtra.empty()) {
        m_itemExtra += '}';
        m_pair.itemExtra = m_itemExtra;
        m_pair.itemExtraKey = kRecordKeys[m_record.has(kOriginalId) ? kOriginalId : kResponseModel];
    }
    return std::nullopt;
}

std::optional<HarnessProblem> JudgeBenchReader::readEntry(std::size_t index, dom::element value, Entry& entry)
{
    const std::string at = "judgments[" + std::to_string(index) + "]";
    entry.judgment = HarnessJudgment{};
    entry.judgeModel = {};
    entry.extra.clear();
    m_written.clear();
    auto& j = entry.judgment;
    // Game 1 showed response_A first, game 2 response_B first (run_judge.py).
    j.order = index == 0 ? Order::AB : Order::BA;
    j.rep = 1;
    if (value.type() == dom::element_type::NULL_VALUE) { // run_judge stores None when the call raised
        j.error = errorText(kFailedCall);
    } else {
        if (value.type() != dom::element_type::OBJECT)
            return HarnessProblem{at, "expected an object or null, got " +
                                          std::string(jsonTypeName(value.type()))};
        const dom::object object = objectOf(value);
        if (auto problem = m_entryFields.collect(object, at))
            return problem;
        if (!m_entryFields.has(kJudgment))
            return m_entryFields.problem(kJudgment, "required key is missing");
        if (auto problem =
                readJudgment(m_entryFields.field(kJudgment), m_entryFields.value(kJudgment), entry))
            return problem;
        if (!m_entryFields.has(kDecision))
            return m_entryFields.problem(kDecision, "required key is missing");
        const dom::element decision = m_entryFields.value(kDecision);
        if (decision.type() == dom::element_type::NULL_VALUE) {
            j.error = errorText(kNoVerdictReason);
        } else if (decision.type() != dom::element_type::STRING) {
            return m_entryFields.typeProblem(kDecision, "a string or null");
        } else if (const int slot = slotOfDecision(stringOf(decision)); slot < 0) {
            j.error = errorText("decision " + quoteForMessage(stringOf(decision)) + " is not a verdict");
        } else {
            j.answer = canonicalAnswer(slot, j.order);
        }
        keepUnknown(entry.extra, object, kEntryKeys, "entry.");
    }
    // Record-level keys the mapping does not use belong to every judgment of the record.
    keepUnknown(entry.extra, m_recordObject, kRecordKeys, "record.");
    if (!entry.extra.empty()) {
        entry.extra += '}';
        j.extra = m_builder.intern(entry.extra);
    }
    return std::nullopt;
}

std::optional<HarnessProblem> JudgeBenchReader::readJudgment(const std::string& at, dom::element value,
                                                             Entry& entry)
{
    if (value.type() != dom::element_type::OBJECT)
        return HarnessProblem{at, "expected an object, got " + std::string(jsonTypeName(value.type()))};
    const dom::object object = objectOf(value);
    if (auto problem = m_judgmentFields.collect(object, at))
        return problem;
    if (auto problem = m_judgmentFields.optionalString(kJudgeModel, entry.judgeModel))
        return problem;
    std::string_view prompt, response;
    if (auto problem = m_judgmentFields.optionalString(kPrompt, prompt))
        return problem;
    if (auto problem = m_judgmentFields.optionalString(kResponse, response))
        return problem;
    auto& j = entry.judgment;
    j.raw = m_builder.intern(response);
    if (m_judgmentFields.has(kPrompt)) {
        appendKeptField(entry.extra, "prompt", m_judgmentFields.value(kPrompt));
        m_written.push_back("prompt");
    }
    if (m_judgmentFields.given(kScores)) {
        // Reward models: [score of the first-shown response, score of the second] (judges.py).
        const dom::element scores = m_judgmentFields.value(kScores);
        double values[2] = {0.0, 0.0};
        if (!readScores(scores, values))
            return m_judgmentFields.problem(kScores, "expected 2 numbers, got " + jsonForMessage(scores));
        const double first = values[0];
        const double second = values[1];
        const double pFirst = 1.0 / (1.0 + std::exp(-(first - second)));
        const bool aFirst = j.order == Order::AB;
        j.probs[0] = ProbEntry{answer::kA, aFirst ? pFirst : 1.0 - pFirst};
        j.probs[1] = ProbEntry{answer::kB, aFirst ? 1.0 - pFirst : pFirst};
        j.probCount = 2;
        appendKeptField(entry.extra, "scores", scores);
        m_written.push_back("scores");
    }
    keepUnknown(entry.extra, object, kJudgmentKeys, "judgment.");
    return std::nullopt;
}

void JudgeBenchReader::keepUnknown(std::string& out, dom::object object,
                                   std::span<const std::string_view> known, std::string_view prefix)
{
    for (dom::key_value_pair field : object) {
        if (indexOfKey(known, field.key) >= 0)
            continue;
        if (std::find(m_written.begin(), m_written.end(), field.key) == m_written.end()) {
            appendKeptField(out, field.key, field.value);
            m_written.push_back(field.key);
        } else { // the same name at two levels: the later one keeps its level as prefix
            appendKeptField(out, std::string(prefix) + std::string(field.key), field.value);
        }
    }
}

StrId JudgeBenchReader::fallbackJudge(std::string_view judgeName)
{
    if (!m_fileJudgeKnown) {
        m_fileJudge = firstJudgeModelInFile();
        if (m_fileJudge.empty())
            m_fileJudge = judgeModelOfFileName(m_path);
        m_fileJudgeKnown = true;
    }
    return m_builder.intern(m_fileJudge.empty() ? judgeName : std::string_view(m_fileJudge));
}

std::string JudgeBenchReader::firstJudgeModelInFile()
{
    // A record whose calls all failed names no model; the file's other records do (with the raw id, which
    // the file name has with `/` written `_`). A light second read, only for files with such a record, and
    // stopped at the first record that names one. Its problems are the main read's, so they are dropped.
    ImportLog scratch;
    scratch.policy = BadRecordPolicy::SkipAndList;
    Progress cancelOnly;
    cancelOnly.cancel = m_progress.cancel;
    HarnessFile file(scratch, cancelOnly);
    std::string found;
    file.read(m_path, HarnessLayout::JsonLines, [&found](dom::object record, std::uint64_t, std::size_t) {
        dom::array games;
        if (record["judgments"].get(games))
            return true;
        for (dom::element game : games)
            if (const auto model = namedJudgeModel(game); !model.empty()) {
                found = model;
                return false;
            }
        return true;
    });
    return found;
}

} // namespace

bool importJudgeBench(const std::string& path, AuditBuilder& builder, ImportLog& log,
                      const Progress& progress)
{
    JudgeBenchReader reader(builder, log, progress);
    return reader.run(path);
}

} // namespace tribunal
