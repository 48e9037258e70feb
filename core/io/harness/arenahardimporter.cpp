// Arena-Hard-Auto judgment files (lmarena/arena-hard-auto, formerly lm-sys/arena-hard-auto):
//   data/<bench>/model_judgment/<judge>/<model>.jsonl, one line per question.
// Follows the record shapes written by gen_judgment.py of
//   v0.1 (lmarena/arena-hard-auto 01109e99): {question_id, model, judge, games: [{user_prompt, judgment,
//   score}]},
//     judgment a string (the judge's replies joined by "\n"; "$ERROR$" when the API call failed);
//   v2.0 (lm-sys/arena-hard-auto 9aa749d9, lmarena src/arenahard bed16044): {uid, category, judge, model,
//     baseline, games: [{score, judgment: {answer[, thought]}, prompt} | null]}, a null game = failed call.
// Built from upstream code and tested on hand-written files (no published judgment file was available here).
//
// Game 1 shows the baseline's answer in slot A and the model's in slot B; game 2 swaps them. Scores are in
// the slot terms of their game: A>>B, A>B, A=B, B>A, B>>A (and the mirrored A<B, A<<B, B=A, B<A, B<<A the
// v2.0 scorer also accepts); null when the judge gave no single verdict.
//
// Mapping:
//   dataset  = <bench> when the path has .../<bench>/model_judgment/<judge>/<file>, else "arena-hard"
//   item_id  = <uid or question_id>:<model>; candidate A = the baseline's answer, B = the model's
//   item     : domain = category; extra {"model_a": baseline, "model_b": model} (v0.1 names no baseline)
//   judgment : judge = `judge`, format "arena-hard", game 1 -> order AB, game 2 -> order BA, rep 1;
//              answer in canonical identities (game 2's slot A is candidate B); raw = the judgment text
//              (v2.0: judgment.answer); extra {"score": as written, "strength": "strong" | "weak" for >> / >,
//              then the game's other keys (user_prompt / prompt), judgment.thought, the record's unknown
//              keys}
//   The strength is kept per judgment, not as a condition: a condition splits cells, and the two games of one
//   question would then land in different cells, which breaks consistency and flip rates.
//   No verdict: null score -> error "no verdict parsed" ("judge call failed ($ERROR$)" when the judgment
//   holds the harness's error marker); a null game -> "judge call failed (game is null)"; a score string
//   that is not a verdict -> `score "A>C" is not a verdict`. Wrong types and missing keys are bad records.

#include "io/harness/harnessfields.h"
#include "io/harness/harnessfile.h"
#include "io/harness/harnesspairs.h"
#include "io/importer.h"
#include "io/messagetext.h"
#include "report/jsonwriter.h"

#include <filesystem>
#include <memory>

namespace tribunal {
namespace {

namespace dom = simdjson::dom;

enum RecordKey { Uid, QuestionId, Category, Judge, Model, Baseline, Games, kRecordKeyCount };
constexpr std::string_view kRecordKeys[kRecordKeyCount] = {"uid",   "question_id", "category", "judge",
                                                           "model", "baseline",    "games"};
enum GameKey { Score, Judgment, kGameKeyCount };
constexpr std::string_view kGameKeys[kGameKeyCount] = {"score", "judgment"};

/// A score in the slot terms of its game.
struct SlotScore {
    Answer slot = answer::kNone; ///< kA: slot A better, kB: slot B better, kTie
    bool strong = false;         ///< `>>` / `<<`
};

std::optional<SlotScore> parseScore(std::string_view s)
{
    struct Form {
        std::string_view text;
        Answer slot;
        bool strong;
    };
    static constexpr Form kForms[] = {
        {"A>>B", answer::kA, true}, {"A>B", answer::kA, false},   {"A=B", answer::kTie, false},
        {"B>A", answer::kB, false}, {"B>>A", answer::kB, true},   {"A<B", answer::kB, false},
        {"A<<B", answer::kB, true}, {"B=A", answer::kTie, false}, {"B<A", answer::kA, false},
        {"B<<A", answer::kA, true},
    };
    for (const auto& form : kForms)
        if (s == form.text)
            return SlotScore{form.slot, form.strong};
    return std::nullopt;
}

/// Canonical answer of a slot verdict shown in `order`.
Answer canonical(Answer slot, Order order)
{
    if (order == Order::BA && (slot == answer::kA || slot == answer::kB))
        return slot == answer::kA ? answer::kB : answer::kA;
    return slot;
}

/// The bench directory of .../<bench>/model_judgment/<judge>/<file>, or "arena-hard".
std::string datasetOf(const std::string& path)
{
    const std::filesystem::path p(path);
    const auto judgeDir = p.parent_path();
    const auto judgmentDir = judgeDir.parent_path();
    if (judgmentDir.filename() == "model_judgment" && !judgmentDir.parent_path().filename().empty())
        return judgmentDir.parent_path().filename().string();
    return "arena-hard";
}

class ArenaHardReader {
public:
    ArenaHardReader(AuditBuilder& builder, ImportLog& log, const Progress& progress)
        : m_log(log), m_file(log, progress), m_pairs(builder)
    {}
    bool run(const std::string& path);

private:
    std::optional<HarnessProblem> plan(dom::object object);
    std::optional<HarnessProblem> planGame(std::size_t g, dom::element game, HarnessJudgment& out);
    /// Closes m_extra with the record's unknown keys and stores it as the judgment's extra.
    void keepRecordFields(HarnessJudgment& j);

    AuditBuilder& builder() { return m_pairs.builder(); }

    ImportLog& m_log;
    HarnessFile m_file;
    HarnessPairs m_pairs;
    HarnessFields m_fields{kRecordKeys};
    HarnessFields m_gameFields{kGameKeys};
    HarnessPairRecord m_record;
    StrId m_dataset = kEmptyStr, m_format = kEmptyStr, m_judge = kEmptyStr;
    std::string m_itemId, m_itemExtra, m_extra, m_gamePath;
};

bool ArenaHardReader::run(const std::string& path)
{
    const auto file = builder().addSourceFile(path);
    m_pairs.beginFile(file);
    m_dataset = builder().intern(datasetOf(path));
    m_format = builder().intern("arena-hard");
    return m_file.read(
        path, HarnessLayout::JsonLines, [&](dom::object object, std::uint64_t line, std::size_t) {
            m_record.clear();
            auto problem = plan(object);
            if (!problem)
                problem = m_pairs.commit(m_record, line);
            if (problem)
                return m_log.badRecord({path, line, std::move(problem->field), std::move(problem->reason)});
            return true;
        });
}

std::optional<HarnessProblem> ArenaHardReader::plan(dom::object object)
{
    if (auto problem = m_fields.collect(object))
        return problem;
    // v2.0 names the question `uid`, v0.1 `question_id`.
    if (m_fields.has(Uid) && m_fields.has(QuestionId))
        return m_fields.problem(QuestionId, "give uid or question_id, not both");
    std::string id;
    if (auto problem = m_fields.requiredId(m_fields.has(QuestionId) ? QuestionId : Uid, id)) {
        if (!m_fields.has(QuestionId) && !m_fields.has(Uid))
            problem->reason = "required key is missing (uid or question_id)";
        return problem;
    }
    std::string_view judge, model, baseline, category;
    if (auto problem = m_fields.requiredString(Judge, judge))
        return problem;
    if (auto problem = m_fields.requiredString(Model, model))
        return problem;
    if (auto problem = m_fields.optionalString(Baseline, baseline))
        return problem;
    if (auto problem = m_fields.optionalString(Category, category))
        return problem;
    if (!m_fields.has(Games))
        return m_fields.problem(Games, "required key is missing");
    if (m_fields.value(Games).type() != dom::element_type::ARRAY)
        return m_fields.typeProblem(Games, "an array");
    const dom::array games = arrayOf(m_fields.value(Games));
    if (games.size() < 1 || games.size() > 2)
        return m_fields.problem(Games, "expected 1 or 2 games, got " + std::to_string(games.size()));

    m_itemId.assign(id).append(":").append(model);
    m_record.dataset = m_dataset;
    m_record.itemId = builder().intern(m_itemId);
    if (!category.empty())
        m_record.texts.push_back({ItemText::Domain, category, "category"});
    writeCandidateModels(m_itemExtra, baseline, model);
    m_record.itemExtra = m_itemExtra;
    m_record.itemExtraKey = baseline.empty() ? "model" : "baseline";
    m_judge = builder().intern(judge);

    std::size_t g = 0;
    for (dom::element game : games) {
        HarnessJudgment j;
        if (auto problem = planGame(g++, game, j))
            return problem;
        m_record.judgments.push_back(j);
    }
    return std::nullopt;
}

std::optional<HarnessProblem> ArenaHardReader::planGame(std::size_t g, dom::element game, HarnessJudgment& j)
{
    j.judge = m_judge;
    j.format = m_format;
    j.order = g == 0 ? Order::AB : Order::BA;
    m_extra.clear();
    if (game.type() == dom::element_type::NULL_VALUE) { // v2.0: the judge call failed
        j.error = builder().intern("judge call failed (game is null)");
        keepRecordFields(j);
        return std::nullopt;
    }
    m_gamePath = "games[" + std::to_string(g) + "]";
    if (game.type() != dom::element_type::OBJECT)
        return HarnessProblem{m_gamePath,
                              "expected an object or null, got " + std::string(jsonTypeName(game.type()))};
    if (auto problem = m_gameFields.collect(objectOf(game), m_gamePath))
        return problem;

    // The rationale: a string (v0.1) or {answer[, thought]} (v2.0).
    std::string_view raw;
    dom::object judgmentObject;
    bool hasObject = false;
    if (m_gameFields.given(Judgment)) {
        const dom::element judgment = m_gameFields.value(Judgment);
        if (judgment.type() == dom::element_type::STRING) {
            raw = stringOf(judgment);
        } else if (judgment.type() == dom::element_type::OBJECT) {
            judgmentObject = objectOf(judgment);
            hasObject = true;
            for (dom::key_value_pair field : judgmentObject)
                if (field.key == "answer" && field.value.type() == dom::element_type::STRING)
                    raw = stringOf(field.value);
        } else {
            return m_gameFields.typeProblem(Judgment, "a string, an object or null");
        }
    }
    j.raw = builder().intern(raw);

    if (!m_gameFields.given(Score)) {
        j.error =
            builder().intern(raw.find("$ERROR$") != std::string_view::npos ? "judge call failed ($ERROR$)"
                                                                           : std::string(kNoVerdictReason));
    } else if (m_gameFields.value(Score).type() != dom::element_type::STRING) {
        return m_gameFields.typeProblem(Score, "a string or null");
    } else {
        const std::string_view text = stringOf(m_gameFields.value(Score));
        m_extra += "{\"score\":";
        JsonWriter::appendQuoted(m_extra, text);
        if (const auto score = parseScore(text)) {
            j.answer = canonical(score->slot, j.order);
            if (score->slot != answer::kTie)
                m_extra += score->strong ? ",\"strength\":\"strong\"" : ",\"strength\":\"weak\"";
        } else {
            j.error = builder().intern("score " + quoteForMessage(text) + " is not a verdict");
        }
    }
    // extra: score and strength, the game's other keys, the judgment object's other keys, the record's keys.
    m_gameFields.appendUnknown(m_extra);
    if (hasObject)
        for (dom::key_value_pair field : judgmentObject)
            if (!(field.key == "answer" && field.value.type() == dom::element_type::STRING))
                appendKeptField(m_extra, field.key, field.value);
    keepRecordFields(j);
    return std::nullopt;
}

void ArenaHardReader::keepRecordFields(HarnessJudgment& j)
{
    // The record's unknown keys go with each judgment: they may differ between judges' files.
    m_fields.appendUnknown(m_extra);
    if (!m_extra.empty())
        m_extra += '}';
    j.extra = builder().intern(m_extra);
}

} // namespace

bool importArenaHard(const std::string& path, AuditBuilder& builder, ImportLog& log, const Progress& progress)
{
    auto reader = std::make_unique<ArenaHardReader>(builder, log, progress);
    return reader->run(path);
}

} // namespace tribunal
