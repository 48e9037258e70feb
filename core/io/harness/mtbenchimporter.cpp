// FastChat MT-Bench judgment files (lm-sys/FastChat fastchat/llm_judge; ../shared/spec/data-format.md,
// "Formats" 3), JSON Lines. Follows common.py `play_a_match_pair` at 007ecd07da27132136c707eef92bf9841fd167f2
// (the same record at b494d0c6b4e7935f1764f8439e75da3e66beccc7), compute_agreement.py at
// 0283a0bb971cecdc630e9dd647cd1d1b17cc09ee and the card of the HF dataset lmsys/mt_bench_human_judgments.
// Built from the upstream code and documentation, tested on hand-written files and on the real pair and
// single files of ../shared/data/harness-real/fastchat (no real human-judgment file). Each record is one of:
//   judge pair record (`g1_winner` present), model_judgment/<judge>_pair.jsonl:
//     question_id, model_1, model_2, g1_winner, g2_winner ("model_1" | "model_2" | "tie" | "error", already
//     in model identities), judge [judge model, prompt name], g1/g2_user_prompt, g1/g2_judgment, turn,
//     tstamp;
//   human judgment (`winner` present, judge a string such as "expert_0"): question_id, model_a, model_b (or
//     model_1/model_2), winner ("model_a" | "model_b" | "tie" | "tie (bothbad)"), judge, turn, optional
//     conversation_a / conversation_b ([{role, content}]);
//   single-answer grade (`score` or `model` present), model_judgment/<judge>_single.jsonl: one ordinal
//     judgment of its own dataset "mt-bench-single" (mtbenchsingle.h).
//
// Mapping: dataset "mt-bench"; the pair is sorted by model name (A = the bytewise smaller), so judge and
// human files meet on the same item whatever order they list the models in; item_id
// `<question_id>:<turn>:<model A>:<model B>`, item extra {"model_a","model_b"}. A judge record gives two
// judgments (judge = judge[0], format = judge[1], rep 1): game 1 showed model_1 first (order AB when model_1
// is A), game 2 the other way round; "error" is answer none with an error text; raw = gN_judgment; extra =
// user_prompt, tstamp and unknown keys. Human records add no judgment: their votes become the item's ratings
// and its majority label when the file ends (mtbenchvotes.h); conversations give the item's texts.

#include "io/harness/harnessfile.h"
#include "io/harness/harnesspairs.h"
#include "io/harness/harnesstexts.h"
#include "io/harness/mtbenchsingle.h"
#include "io/harness/mtbenchvotes.h"
#include "io/importer.h"
#include "io/jsonvaluetext.h"
#include "io/messagetext.h"

#include <array>

namespace tribunal {
namespace {

namespace dom = simdjson::dom;
using Problem = std::optional<HarnessProblem>;

constexpr std::string_view kDataset = "mt-bench";
constexpr std::string_view kErrorReason = "no verdict (FastChat winner \"error\")";

enum JudgeKey : int {
    kJQuestionId,
    kJModel1,
    kJModel2,
    kJG1Winner,
    kJG2Winner,
    kJJudge,
    kJG1UserPrompt,
    kJG1Judgment,
    kJG2UserPrompt,
    kJG2Judgment,
    kJTurn,
    kJTstamp,
};
constexpr std::array<std::string_view, 12> kJudgeKeys = {
    "question_id",    "model_1",     "model_2",        "g1_winner",   "g2_winner", "judge",
    "g1_user_prompt", "g1_judgment", "g2_user_prompt", "g2_judgment", "turn",      "tstamp"};

enum HumanKey : int {
    kHQuestionId,
    kHModelA,
    kHModelB,
    kHModel1,
    kHModel2,
    kHWinner,
    kHJudge,
    kHTurn,
    kHConversationA,
    kHConversationB,
};
constexpr std::array<std::string_view, 10> kHumanKeys = {
    "question_id", "model_a", "model_b", "model_1",        "model_2",
    "winner",      "judge",   "turn",    "conversation_a", "conversation_b"};

/// One side of a human judgment's conversation for the record's turn.
struct TurnTexts {
    // The texts as harnesstexts.h writes them for the judge records' items (mtBenchTurnText: turn 2 holds
    // both turns), so votes and judgments of one item agree whichever file comes first.
    std::string user, assistant;
    std::string userKey, assistantKey; // key paths of the turn's two messages, for conflict messages
    std::vector<std::string> users, assistants;
};

/// `conversation_x`: an array of {role, content}; the "user" and "assistant" messages up to the turn-th.
Problem readConversation(const HarnessFields& f, int k, std::int64_t turn, TurnTexts& out)
{
    out = TurnTexts{};
    if (!f.given(k))
        return std::nullopt;
    if (f.value(k).type() != dom::element_type::ARRAY)
        return f.typeProblem(k, "an array of {role, content} messages");
    std::int64_t users = 0, assistants = 0;
    std::size_t index = 0;
    for (dom::element message : arrayOf(f.value(k))) {
        const std::string at = f.field(k) + "[" + std::to_string(index++) + "]";
        if (message.type() != dom::element_type::OBJECT)
            return HarnessProblem{at, "expected an object, got " + std::string(jsonTypeName(message.type()))};
        std::string_view role, content;
        for (const char* key : {"role", "content"}) {
            dom::element value;
            if (objectOf(message).at_key(key).get(value))
                return HarnessProblem{at + "." + key, "required key is missing"};
            if (value.type() != dom::element_type::STRING)
                return HarnessProblem{at + "." + key,
                                      "expected a string, got " + std::string(jsonTypeName(value.type()))};
            (key[0] == 'r' ? role : content) = stringOf(value);
        }
        if (role == "user" && ++users <= turn) {
            out.users.emplace_back(content);
            out.userKey = at + ".content";
        } else if (role == "assistant" && ++assistants <= turn) {
            out.assistants.emplace_back(content);
            out.assistantKey = at + ".content";
        }
    }
    out.user = mtBenchTurnText(out.users, static_cast<int>(turn));
    out.assistant = mtBenchTurnText(out.assistants, static_cast<int>(turn));
    if (users < turn || assistants < turn)
        return f.problem(k, "turn " + std::to_string(turn) + " needs " + std::to_string(turn) +
                                " \"user\" and \"assistant\" messages, the conversation has " +
                                std::to_string(users) + " and " + std::to_string(assistants));
    return std::nullopt;
}

class MtBenchReader {
public:
    MtBenchReader(AuditBuilder& builder, ImportLog& log, const Progress& progress)
        : m_builder(builder), m_log(log), m_file(log, progress), m_pairs(builder), m_votes(builder),
          m_single(builder), m_judgeFields(kJudgeKeys), m_humanFields(kHumanKeys)
    {}

    bool run(const std::string& path);

private:
    Problem readRecord(dom::object record, std::uint64_t line);
    Problem readJudgeRecord(dom::object record, std::uint64_t line);
    Problem readHumanRecord(dom::object record, std::uint64_t line);
    /// The record's item from its question, turn and the two models as listed (first = model_1 / model_a):
    /// fills m_record's dataset, item_id and item extra; m_firstIsA tells the listed order.
    Problem readItem(const HarnessFields& f, int questionKey, int turnKey, int firstKey, int secondKey,
                     std::int64_t& turn);
    /// Game 1 (gameKey = kJG1Winner) or 2 of a judge record as a judgment.
    Problem readGame(int game, StrId judge, StrId format, HarnessJudgment& out);
    /// The human judgment's `winner` in canonical identities.
    Problem readHumanWinner(Answer& out) const;
    /// The human judgment's texts for the record's turn, canonically.
    Problem readHumanTexts(std::int64_t turn);

    AuditBuilder& m_builder;
    ImportLog& m_log;
    HarnessFile m_file;
    HarnessPairs m_pairs;
    MtBenchVotes m_votes;
    MtBenchSingleGrades m_single;
    HarnessFields m_judgeFields;
    HarnessFields m_humanFields;
    std::string m_path;
    StrId m_dataset = kEmptyStr;
    StrId m_errorReason = kEmptyStr;

    // Per-record scratch.
    HarnessPairRecord m_record;
    std::string m_itemId, m_questionId, m_itemExtra, m_judgmentExtra;
    bool m_firstIsA = true; // the model listed first (model_1 / model_a) is canonical candidate A
    TurnTexts m_conversation[2];
};

bool MtBenchReader::run(const std::string& path)
{
    m_path = path;
    const std::uint32_t file = m_builder.addSourceFile(path);
    m_pairs.beginFile(file);
    m_single.beginFile(file);
    m_votes.clear();
    m_dataset = m_builder.intern(kDataset);
    const bool read = m_file.read(
        path, HarnessLayout::JsonLines, [this](dom::object record, std::uint64_t line, std::size_t) {
            if (auto problem = readRecord(record, line))
                return m_log.badRecord({m_path, line, std::move(problem->field), std::move(problem->reason)});
            return true;
        });
    if (!read)
        return false;
    return m_votes.apply([this](std::uint64_t line, std::string reason) {
        return m_log.badRecord({m_path, line, "winner", std::move(reason)});
    });
}

Problem MtBenchReader::readRecord(dom::object record, std::uint64_t line)
{
    // Decided per record: a file may hold every kind (they share question_id and turn). A single grade is
    // told by `score` or `model` (pair records and votes name two models), so a grade missing one of them is
    // reported as such.
    dom::element ignored;
    if (!record.at_key("g1_winner").get(ignored))
        return readJudgeRecord(record, line);
    if (!record.at_key("winner").get(ignored))
        return readHumanRecord(record, line);
    if (!record.at_key("score").get(ignored) || !record.at_key("model").get(ignored))
        return m_single.read(record, line);
    return HarnessProblem{"g1_winner", "required key is missing (a human judgment has winner instead, a "
                                       "single-answer grade score and model; this record has none of them)"};
}

Problem MtBenchReader::readItem(const HarnessFields& f, int questionKey, int turnKey, int firstKey,
                                int secondKey, std::int64_t& turn)
{
    if (auto p = f.requiredId(questionKey, m_questionId))
        return p;
    std::string_view first, second;
    if (auto p = f.requiredString(firstKey, first))
        return p;
    if (auto p = f.requiredString(secondKey, second))
        return p;
    if (first == second)
        return f.problem(secondKey, "names the same model as " + f.field(firstKey) + " (" +
                                        quoteForMessage(first) + ")");
    if (auto p = readMtBenchTurn(f, turnKey, turn))
        return p;
    m_firstIsA = first < second; // std::string_view compares bytewise
    const std::string_view a = m_firstIsA ? first : second;
    const std::string_view b = m_firstIsA ? second : first;
    m_itemId.assign(m_questionId).append(":").append(std::to_string(turn));
    m_itemId.append(":").append(a).append(":").append(b);
    writeCandidateModels(m_itemExtra, a, b);
    m_record.clear();
    m_record.dataset = m_dataset;
    m_record.itemId = m_builder.intern(m_itemId);
    m_record.itemExtra = m_itemExtra;
    m_record.itemExtraKey = f.field(firstKey) == "model_1" ? "model_1" : "model_a";
    return std::nullopt;
}

Problem MtBenchReader::readJudgeRecord(dom::object record, std::uint64_t line)
{
    auto& f = m_judgeFields;
    if (auto p = f.collect(record))
        return p;
    std::int64_t turn = 0;
    if (auto p = readItem(f, kJQuestionId, kJTurn, kJModel1, kJModel2, turn))
        return p;
    std::array<std::string_view, 2> names;
    if (auto p = readMtBenchJudge(f, kJJudge, names))
        return p;
    double tstamp = kMissing;
    if (auto p = f.optionalNumber(kJTstamp, tstamp, NumberRange::NonNegative))
        return p;
    const StrId judgeId = m_builder.intern(names[0]);
    const StrId format = m_builder.intern(names[1]);
    m_record.judgments.resize(2);
    for (int game = 0; game < 2; ++game)
        if (auto p = readGame(game, judgeId, format, m_record.judgments[static_cast<std::size_t>(game)]))
            return p;
    return m_pairs.commit(m_record, line);
}

Problem MtBenchReader::readGame(int game, StrId judge, StrId format, HarnessJudgment& out)
{
    const auto& f = m_judgeFields;
    const int winnerKey = game == 0 ? kJG1Winner : kJG2Winner;
    const int promptKey = game == 0 ? kJG1UserPrompt : kJG2UserPrompt;
    const int judgmentKey = game == 0 ? kJG1Judgment : kJG2Judgment;
    std::string_view winner, prompt, judgment;
    if (auto p = f.requiredString(winnerKey, winner))
        return p;
    if (auto p = f.optionalString(promptKey, prompt))
        return p;
    if (auto p = f.optionalString(judgmentKey, judgment))
        return p;
    out = HarnessJudgment{};
    out.judge = judge;
    out.format = format;
    out.rep = 1;
    // Game 1 showed model_1 as Assistant A, game 2 swapped the answers.
    const bool model1First = game == 0;
    out.order = model1First == m_firstIsA ? Order::AB : Order::BA;
    const Answer model1 = m_firstIsA ? answer::kA : answer::kB;
    const Answer model2 = m_firstIsA ? answer::kB : answer::kA;
    if (winner == "model_1")
        out.answer = model1;
    else if (winner == "model_2")
        out.answer = model2;
    else if (winner == "tie")
        out.answer = answer::kTie;
    else if (winner == "error") {
        if (m_errorReason == kEmptyStr)
            m_errorReason = m_builder.intern(kErrorReason);
        out.answer = answer::kNone;
        out.error = m_errorReason;
    } else
        return f.problem(winnerKey, quoteForMessage(winner) + " is not model_1, model_2, tie or error");
    out.raw = judgment.empty() ? kEmptyStr : m_builder.intern(judgment);

    m_judgmentExtra.clear();
    if (f.given(promptKey))
        appendKeptField(m_judgmentExtra, "user_prompt", f.value(promptKey));
    if (f.given(kJTstamp))
        appendKeptField(m_judgmentExtra, "tstamp", f.value(kJTstamp));
    f.appendUnknown(m_judgmentExtra);
    if (!m_judgmentExtra.empty()) {
        m_judgmentExtra += '}';
        out.extra = m_builder.intern(m_judgmentExtra);
    }
    return std::nullopt;
}

Problem MtBenchReader::readHumanRecord(dom::object record, std::uint64_t line)
{
    auto& f = m_humanFields;
    if (auto p = f.collect(record))
        return p;
    // judge: a rater id. An array is a judge model's vote from the gpt4_pair split, whose game order is lost.
    if (f.has(kHJudge) && f.value(kHJudge).type() == dom::element_type::ARRAY)
        return f.problem(kHJudge, "a judge model's combined vote without game order (the gpt4_pair split); "
                                  "import its *_pair.jsonl judgments instead");
    std::string_view rater;
    if (auto p = f.requiredString(kHJudge, rater))
        return p;
    const bool named = f.has(kHModelA) || f.has(kHModelB);
    if (named && (f.has(kHModel1) || f.has(kHModel2)))
        return f.problem(f.has(kHModel1) ? kHModel1 : kHModel2,
                         "give the models as model_a/model_b or as model_1/model_2, not both");
    std::int64_t turn = 0;
    if (auto p =
            readItem(f, kHQuestionId, kHTurn, named ? kHModelA : kHModel1, named ? kHModelB : kHModel2, turn))
        return p;
    Answer vote = answer::kNone;
    if (auto p = readHumanWinner(vote))
        return p;
    if (auto p = readHumanTexts(turn))
        return p;
    // The vote is checked before the commit, so a refused record changes nothing.
    const StrId raterId = m_builder.intern(rater);
    if (auto reason = m_votes.conflict(m_builder.findItem(m_dataset, m_record.itemId), raterId, vote))
        return f.problem(kHWinner, std::move(*reason));
    if (auto p = m_pairs.commit(m_record, line))
        return p;
    m_votes.add(*m_builder.findItem(m_dataset, m_record.itemId), raterId, vote, line);
    return std::nullopt;
}

Problem MtBenchReader::readHumanWinner(Answer& out) const
{
    const auto& f = m_humanFields;
    std::string_view winner;
    if (auto p = f.requiredString(kHWinner, winner))
        return p;
    const Answer first = m_firstIsA ? answer::kA : answer::kB;
    const Answer second = m_firstIsA ? answer::kB : answer::kA;
    if (winner == "model_a" || winner == "model_1")
        out = first;
    else if (winner == "model_b" || winner == "model_2")
        out = second;
    else if (winner == "tie" || winner == "tie (bothbad)")
        out = answer::kTie; // "both bad" is still no preference (compute_agreement.py: any "tie")
    else
        return f.problem(kHWinner,
                         quoteForMessage(winner) + " is not model_a, model_b, tie or tie (bothbad)");
    return std::nullopt;
}

Problem MtBenchReader::readHumanTexts(std::int64_t turn)
{
    const auto& f = m_humanFields;
    for (int side = 0; side < 2; ++side)
        if (auto p = readConversation(f, side == 0 ? kHConversationA : kHConversationB, turn,
                                      m_conversation[side]))
            return p;
    const auto& listedFirst = m_conversation[0];
    const auto& listedSecond = m_conversation[1];
    // The question is the same in both conversations; conversation_a is the one upstream shows.
    const auto& question = listedFirst.user.empty() ? listedSecond : listedFirst;
    if (!question.user.empty())
        m_record.texts.push_back({ItemText::Question, question.user, question.userKey});
    const auto& a = m_firstIsA ? listedFirst : listedSecond;
    const auto& b = m_firstIsA ? listedSecond : listedFirst;
    if (!a.assistant.empty())
        m_record.texts.push_back({ItemText::ResponseA, a.assistant, a.assistantKey});
    if (!b.assistant.empty())
        m_record.texts.push_back({ItemText::ResponseB, b.assistant, b.assistantKey});
    return std::nullopt;
}

} // namespace

bool importMtBench(const std::string& path, AuditBuilder& builder, ImportLog& log, const Progress& progress)
{
    MtBenchReader reader(builder, log, progress);
    return reader.run(path);
}

} // namespace tribunal
