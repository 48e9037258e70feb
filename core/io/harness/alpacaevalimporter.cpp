// AlpacaEval `annotations.json` (tatsu-lab/alpaca_eval; ../shared/spec/data-format.md, "Formats" 3).
//
// Follows upstream src/alpaca_eval/main.py @73e9c45 (the file is `annotations` written by pandas with
// orient="records": ONE JSON array of flat objects), annotators/pairwise_evaluator.py @897c8ba and
// annotators/base.py before (@06b765c) and after (@f4bf04a) PR #402, which renamed the per-call fields
// price_per_example / time_per_example / raw_completion to preference_price_per_example /
// preference_time_per_example / preference_raw_completion (and added preference_date / preference_version).
// AlpacaEval 1 files (pairwise_evaluator @07a35c0) have no generator_* keys and write a draw as 0.
// Checked on the published files of ../shared/data/harness-real/alpacaeval (results/<model>/<annotator>/
// annotations.json at cd543a14) and on hand-written files (tests/io/tst_alpacaeval.cpp).
//
// Mapping (one element = one judgment of one item):
//   dataset "alpaca-eval"; item = one instruction with one pair of generators. A leaderboard is a set of
//     files, one per model and annotator, each pairing every instruction with another generator_2 (and
//     sometimes another baseline), so the pair's identity is the instruction and the two model names:
//     item_id = 16 hex digits of FNV-1a 64 over the instruction, ":", generator_1, ":", generator_2
//     ("9b40dd710f29b4cc:gpt4_1106_preview:alpaca-7b"). Files of different annotators on the same model meet
//     on the same item; files of different models never do. A record naming no generator (AlpacaEval 1) has
//     only its texts to go by: item_id = FNV-1a 64 over instruction \0 output_1 \0 output_2. question =
//     instruction, response_a = output_1 (the baseline), response_b = output_2 (the evaluated model); domain
//     = `dataset`; item extra {"model_a": generator_1 (alias `generator`, seen in issue #336), "model_b":
//     generator_2}.
//   judge = annotator; format "alpaca-eval"; order None: upstream shows the outputs in a seeded random order
//     and drops the `is_switched_outputs` column, so the order shown is not in the file; rep 1.
//   preference (always in un-switched slots): 1 -> A, 2 -> B, 1.5 or 0 (AlpacaEval 1 draw) -> tie; strictly
//     between 1 and 2 (weighted annotators, preference - 1 = P(output_2 better)) -> A below 1.5, B above,
//     with probs P(A) = 2 - preference, P(B) = preference - 1; null or absent -> none with an error (the
//     annotation failed; upstream's win rate drops these rows too).
//   cost_usd = (preference_)price_per_example, latency_s = (preference_)time_per_example (a batch average
//     upstream); raw = (preference_)raw_completion: a string as is, an object or array as compact JSON. It is
//     in the order the judge saw, which is not recorded: never read its m/M labels as A/B.
//   judgment extra {"preference": as written, then every unknown key (referenced_models, preference_date,
//     preference_version, ...)}.
//
// The same item in two files must have the same texts: upstream caches each model's outputs once, and the
// published files agree (checked on all of them), so different outputs for the same instruction and
// generators mean the files come from different runs or were edited. That is a bad record at the later
// element, naming the file the item was first read from. The same annotator on the same item twice (a file
// imported twice) has a duplicate judgment key: merged when the builder finds the copies agree, else a
// conflicting judgment (AuditBuilder::build).
//
// A directory: every regular file named `annotations.json` below it (upstream's results/<model>/<annotator>/
// layout, or any other), read in bytewise order of their paths as one import. Other files there (upstream
// keeps model_outputs.json and leaderboards beside them) are not read, and each is listed as a note; an
// `annotations.json` that is not an AlpacaEval array fails the import like a single file would.

#include "io/harness/harnessfields.h"
#include "io/harness/harnessfile.h"
#include "io/harness/harnesspairs.h"
#include "io/importer.h"
#include "io/messagetext.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <filesystem>
#include <initializer_list>

namespace tribunal {
namespace {

namespace dom = simdjson::dom;
namespace fs = std::filesystem;

enum Key : int {
    kInstruction,
    kOutput1,
    kOutput2,
    kGenerator1,
    kGenerator2,
    kGenerator, // alias of generator_1 (issue #336)
    kDataset,
    kAnnotator,
    kPreference,
    kPrice,
    kTime,
    kRaw,
    kPreferencePrice, // the names after PR #402
    kPreferenceTime,
    kPreferenceRaw,
    kKeyCount
};

constexpr std::array<std::string_view, kKeyCount> kKeys = {
    "instruction",
    "output_1",
    "output_2",
    "generator_1",
    "generator_2",
    "generator",
    "dataset",
    "annotator",
    "preference",
    "price_per_example",
    "time_per_example",
    "raw_completion",
    "preference_price_per_example",
    "preference_time_per_example",
    "preference_raw_completion",
};

constexpr std::string_view kDatasetName = "alpaca-eval";
constexpr std::string_view kFormatName = "alpaca-eval";
constexpr std::string_view kAnnotationsFile = "annotations.json";
constexpr std::string_view kNotReadReason =
    "not read (AlpacaEval annotations are the files named annotations.json)";
constexpr std::string_view kFailedReason = "no preference (the annotation failed)";

/// FNV-1a 64 over `parts`, a 0 byte between two parts (so "ab"+"c" and "a"+"bc" differ), as 16 lower-case
/// hex digits.
std::string fnv1aHex(std::initializer_list<std::string_view> parts)
{
    std::uint64_t hash = 14695981039346656037ull;
    bool first = true;
    for (const std::string_view part : parts) {
        if (!first)
            hash *= 1099511628211ull; // the 0 byte: xor with 0 leaves the hash as it is
        first = false;
        for (const char c : part) {
            hash ^= static_cast<unsigned char>(c);
            hash *= 1099511628211ull;
        }
    }
    static constexpr char kHex[] = "0123456789abcdef";
    std::string id(16, '0');
    for (int i = 15; i >= 0; --i, hash >>= 4)
        id[static_cast<std::size_t>(i)] = kHex[hash & 15u];
    return id;
}

/// The item of an instruction judged on one pair of generators: `<FNV-1a of the instruction>:<model A>:<model
/// B>`, the same in every file of a leaderboard that pairs the two models. Without generators (AlpacaEval 1)
/// the texts are all there is: FNV-1a of instruction, output_1 and output_2.
std::string pairItemId(std::string_view instruction, std::string_view output1, std::string_view output2,
                       std::string_view modelA, std::string_view modelB)
{
    if (modelA.empty() && modelB.empty())
        return fnv1aHex({instruction, output1, output2});
    std::string id = fnv1aHex({instruction});
    id.append(1, ':').append(modelA).append(1, ':').append(modelB);
    return id;
}

/// An output text: required and a string, but may be empty (some models answer nothing).
std::optional<HarnessProblem> outputText(const HarnessFields& fields, int k, std::string_view& out)
{
    if (!fields.has(k))
        return fields.problem(k, "required key is missing");
    if (fields.value(k).type() != dom::element_type::STRING)
        return fields.typeProblem(k, "a string");
    out = stringOf(fields.value(k));
    return std::nullopt;
}

/// Which of a field's two names (before / after PR #402) the record uses: -1 when neither is given (absent
/// or null), a problem when both are. A file concatenated from both eras has both keys with one null.
std::optional<HarnessProblem> pickName(const HarnessFields& fields, int before, int after, int& chosen)
{
    chosen = fields.given(after) ? after : fields.given(before) ? before : -1;
    if (fields.given(before) && fields.given(after))
        return fields.problem(before, "given twice (" + std::string(kKeys[before]) + " and " +
                                          std::string(kKeys[after]) + ")");
    return std::nullopt;
}

/// The verdict a `preference` value stands for (see the header comment).
struct Verdict {
    Answer answer = answer::kNone;
    std::array<ProbEntry, 2> probs{};
    std::uint8_t probCount = 0;
};

std::optional<HarnessProblem> readPreference(const HarnessFields& fields, Verdict& out)
{
    out = Verdict{};
    if (!fields.given(kPreference))
        return std::nullopt; // the annotation failed
    if (!isJsonNumber(fields.value(kPreference)))
        return fields.typeProblem(kPreference, "a number");
    const double p = jsonNumber(fields.value(kPreference));
    if (p == 1.0) {
        out.answer = answer::kA;
    } else if (p == 2.0) {
        out.answer = answer::kB;
    } else if (p == 1.5 || p == 0.0) {
        out.answer = answer::kTie;
    } else if (p > 1.0 && p < 2.0) {
        out.answer = p < 1.5 ? answer::kA : answer::kB;
        out.probs[0] = ProbEntry{answer::kA, 2.0 - p};
        out.probs[1] = ProbEntry{answer::kB, p - 1.0};
        out.probCount = 2;
    } else {
        return fields.problem(kPreference, numberText(p) + " is not 0, 1, 2 or between 1 and 2");
    }
    return std::nullopt;
}

/// How ItemOrigins words a conflict with an item field an earlier source set; nameEarlierFile() then adds
/// which file that was (the one the item's first judgment came from), so the message names both files.
constexpr std::string_view kSetBefore = "set before this file";

class AlpacaEvalReader {
public:
    AlpacaEvalReader(AuditBuilder& builder, ImportLog& log)
        : m_builder(builder), m_log(log), m_pairs(builder), m_fields(kKeys)
    {}

    /// Reads a file, or every annotations.json below a directory (see the header comment).
    bool run(const std::string& path, const Progress& progress);

private:
    bool readFile(const std::string& path, const Progress& progress);
    /// The annotations.json files below `dir` in bytewise path order, noting the other files; false after
    /// a fatal issue.
    bool findFiles(const std::string& dir, std::vector<std::string>& files);
    /// Maps element `index` into m_record; a problem leaves the builder untouched.
    std::optional<HarnessProblem> readRecord(dom::object object, std::size_t index);
    std::optional<HarnessProblem> readItem();
    std::optional<HarnessProblem> readJudgment();
    /// model_a / model_b from the generator keys into m_itemExtra, m_modelA and m_modelB.
    std::optional<HarnessProblem> readModels();
    /// The raw completion (string, or an object / array kept as compact JSON) into `judgment.raw`.
    std::optional<HarnessProblem> readRaw(HarnessJudgment& judgment);
    void writeJudgmentExtra(HarnessJudgment& judgment);
    /// Adds to a conflict with a field an earlier file set which file that was.
    void nameEarlierFile(HarnessProblem& problem);

    AuditBuilder& m_builder;
    ImportLog& m_log;
    HarnessPairs m_pairs;
    HarnessFields m_fields;
    HarnessPairRecord m_record;
    bool m_generatorIsAlias = false; // `generator` stands for generator_1 in this record
    std::string_view m_modelA, m_modelB;
    StrId m_dataset = kEmptyStr, m_format = kEmptyStr, m_failed = kEmptyStr;
    std::string m_itemId, m_itemExtra, m_extra, m_rawText;
    std::array<std::string, 5> m_keyPaths; // the item fields' key paths, for conflict messages
    // The source of each item's first judgment (file UINT32_MAX: none yet), filled in from the builder's
    // judgments up to m_scanned when a conflict needs it: one pass over the judgments in all.
    std::vector<SourceRef> m_firstSource;
    std::size_t m_scanned = 0;
};

bool AlpacaEvalReader::run(const std::string& path, const Progress& progress)
{
    m_dataset = m_builder.intern(kDatasetName);
    m_format = m_builder.intern(kFormatName);
    m_failed = m_builder.intern(kFailedReason);
    std::error_code ec;
    if (!fs::is_directory(path, ec))
        return readFile(path, progress);
    std::vector<std::string> files;
    if (!findFiles(path, files))
        return false;
    // Progress over all files: each reports its own bytes; scale them into its share.
    constexpr std::uint64_t kScale = 1000;
    const auto count = static_cast<std::uint64_t>(files.size());
    for (std::size_t f = 0; f < files.size(); ++f) {
        Progress sub;
        sub.cancel = progress.cancel;
        if (progress.report)
            sub.report = [&progress, f, count](std::uint64_t done, std::uint64_t total) {
                progress.step(f * kScale + (total == 0 ? 0 : done * kScale / total), count * kScale);
            };
        if (!readFile(files[f], sub))
            return false;
    }
    return true;
}

bool AlpacaEvalReader::findFiles(const std::string& dir, std::vector<std::string>& files)
{
    std::error_code ec;
    std::vector<std::string> others;
    fs::recursive_directory_iterator it(dir, ec), end;
    for (; !ec && it != end; it.increment(ec)) {
        std::error_code e;
        if (it->is_directory(e))
            continue;
        auto name = it->path().generic_string();
        if (it->path().filename() == fs::path(kAnnotationsFile) && it->is_regular_file(e))
            files.push_back(std::move(name));
        else
            others.push_back(std::move(name));
    }
    if (ec) {
        m_log.fatal({dir, 0, "", "cannot read directory (" + ec.message() + ")"});
        return false;
    }
    if (files.empty()) {
        m_log.fatal({dir, 0, "", "no annotations.json found in this directory or below"});
        return false;
    }
    std::sort(files.begin(), files.end());
    std::sort(others.begin(), others.end());
    for (auto& other : others)
        m_log.note({std::move(other), 0, "", std::string(kNotReadReason)});
    return true;
}

bool AlpacaEvalReader::readFile(const std::string& path, const Progress& progress)
{
    HarnessFile file(m_log, progress);
    m_pairs.beginFile(m_builder.addSourceFile(path));
    const bool ok = file.read(
        path, HarnessLayout::JsonArray, [&](dom::object object, std::uint64_t line, std::size_t index) {
            auto problem = readRecord(object, index);
            if (!problem) {
                problem = m_pairs.commit(m_record, line);
                if (problem)
                    nameEarlierFile(*problem);
            }
            if (!problem)
                return true;
            return m_log.badRecord({path, line, std::move(problem->field), std::move(problem->reason)});
        });
    return ok && !m_log.failed;
}

void AlpacaEvalReader::nameEarlierFile(HarnessProblem& problem)
{
    const auto item = m_builder.findItem(m_record.dataset, m_record.itemId);
    if (!item || !problem.reason.ends_with(kSetBefore))
        return;
    if (m_firstSource.size() < m_builder.itemCount())
        m_firstSource.resize(m_builder.itemCount(), SourceRef{UINT32_MAX, 0});
    for (; m_scanned < m_builder.judgmentCount(); ++m_scanned) {
        auto& first = m_firstSource[m_builder.judgmentItem(m_scanned)];
        if (first.file == UINT32_MAX)
            first = m_builder.judgmentSource(m_scanned);
    }
    const SourceRef source = m_firstSource[*item];
    if (source.file == UINT32_MAX)
        return; // an item without judgments (from a Tribunal file): no file to name
    if (source.file == 0)
        problem.reason += " (the item comes from the open audit)";
    else
        problem.reason += " (the item was first read from " + m_builder.sourceFile(source.file) + ":" +
                          std::to_string(source.line) + ")";
}

std::optional<HarnessProblem> AlpacaEvalReader::readRecord(dom::object object, std::size_t index)
{
    m_record.clear();
    if (auto problem = m_fields.collect(object, "[" + std::to_string(index) + "]"))
        return problem;
    if (auto problem = readItem())
        return problem;
    return readJudgment();
}

std::optional<HarnessProblem> AlpacaEvalReader::readItem()
{
    std::string_view instruction, output1, output2, domain;
    if (auto problem = m_fields.requiredString(kInstruction, instruction))
        return problem;
    if (auto problem = outputText(m_fields, kOutput1, output1))
        return problem;
    if (auto problem = outputText(m_fields, kOutput2, output2))
        return problem;
    if (auto problem = m_fields.optionalString(kDataset, domain))
        return problem;
    if (auto problem = readModels())
        return problem;
    m_itemId = pairItemId(instruction, output1, output2, m_modelA, m_modelB);
    m_record.dataset = m_dataset;
    m_record.itemId = m_builder.intern(m_itemId);
    m_keyPaths[0] = m_fields.field(kInstruction);
    m_keyPaths[1] = m_fields.field(kOutput1);
    m_keyPaths[2] = m_fields.field(kOutput2);
    m_keyPaths[3] = m_fields.field(kDataset);
    m_record.texts.push_back({ItemText::Question, instruction, m_keyPaths[0]});
    m_record.texts.push_back({ItemText::ResponseA, output1, m_keyPaths[1]});
    m_record.texts.push_back({ItemText::ResponseB, output2, m_keyPaths[2]});
    m_record.texts.push_back({ItemText::Domain, domain, m_keyPaths[3]});
    m_record.itemExtra = m_itemExtra;
    m_record.itemExtraKey = m_keyPaths[4];
    return std::nullopt;
}

std::optional<HarnessProblem> AlpacaEvalReader::readModels()
{
    std::string_view modelA, modelB, alias;
    if (auto problem = m_fields.optionalString(kGenerator1, modelA))
        return problem;
    if (auto problem = m_fields.optionalString(kGenerator2, modelB))
        return problem;
    // A bare `generator` names the baseline only where generator_1 is absent; otherwise it is kept as is.
    m_generatorIsAlias = !m_fields.has(kGenerator1) && m_fields.has(kGenerator);
    if (m_generatorIsAlias) {
        if (auto problem = m_fields.optionalString(kGenerator, alias))
            return problem;
        modelA = alias;
    }
    writeCandidateModels(m_itemExtra, modelA, modelB);
    m_modelA = modelA;
    m_modelB = modelB;
    m_keyPaths[4] =
        m_fields.field(!modelA.empty() ? (m_generatorIsAlias ? kGenerator : kGenerator1) : kGenerator2);
    return std::nullopt;
}

std::optional<HarnessProblem> AlpacaEvalReader::readJudgment()
{
    HarnessJudgment judgment;
    std::string_view annotator;
    if (auto problem = m_fields.requiredString(kAnnotator, annotator))
        return problem;
    judgment.judge = m_builder.intern(annotator);
    judgment.format = m_format;
    judgment.order = Order::None;
    judgment.rep = 1;

    Verdict verdict;
    if (auto problem = readPreference(m_fields, verdict))
        return problem;
    judgment.answer = verdict.answer;
    judgment.probs = verdict.probs;
    judgment.probCount = verdict.probCount;
    if (verdict.answer == answer::kNone)
        judgment.error = m_failed;

    int price = -1, time = -1;
    if (auto problem = pickName(m_fields, kPrice, kPreferencePrice, price))
        return problem;
    if (auto problem = pickName(m_fields, kTime, kPreferenceTime, time))
        return problem;
    if (price >= 0)
        if (auto problem = m_fields.optionalNumber(price, judgment.costUsd, NumberRange::NonNegative))
            return problem;
    if (time >= 0)
        if (auto problem = m_fields.optionalNumber(time, judgment.latencyS, NumberRange::NonNegative))
            return problem;
    if (auto problem = readRaw(judgment))
        return problem;
    writeJudgmentExtra(judgment);
    m_record.judgments.push_back(judgment);
    return std::nullopt;
}

std::optional<HarnessProblem> AlpacaEvalReader::readRaw(HarnessJudgment& judgment)
{
    int raw = -1;
    if (auto problem = pickName(m_fields, kRaw, kPreferenceRaw, raw))
        return problem;
    if (raw < 0)
        return std::nullopt;
    const dom::element value = m_fields.value(raw);
    switch (value.type()) {
    case dom::element_type::STRING:
        judgment.raw = m_builder.intern(stringOf(value));
        return std::nullopt;
    case dom::element_type::OBJECT:
    case dom::element_type::ARRAY:
        m_rawText.clear();
        appendJsonValue(m_rawText, value);
        judgment.raw = m_builder.intern(m_rawText);
        return std::nullopt;
    default:
        return m_fields.typeProblem(raw, "a string, an object or an array");
    }
}

void AlpacaEvalReader::writeJudgmentExtra(HarnessJudgment& judgment)
{
    m_extra.clear();
    if (m_fields.has(kPreference))
        appendKeptField(m_extra, kKeys[kPreference], m_fields.value(kPreference));
    if (m_fields.has(kGenerator) && !m_generatorIsAlias)
        appendKeptField(m_extra, kKeys[kGenerator], m_fields.value(kGenerator));
    m_fields.appendUnknown(m_extra);
    if (m_extra.empty())
        return;
    m_extra += '}';
    judgment.extra = m_builder.intern(m_extra);
}

} // namespace

bool importAlpacaEval(const std::string& path, AuditBuilder& builder, ImportLog& log,
                      const Progress& progress)
{
    AlpacaEvalReader reader(builder, log);
    return reader.run(path, progress);
}

} // namespace tribunal
