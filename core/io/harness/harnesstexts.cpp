#include "io/harness/harnesstexts.h"

#include "io/harness/harnessfile.h"
#include "io/jsonvaluetext.h"
#include "io/messagetext.h"

#include <simdjson.h>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <set>
#include <unordered_map>

namespace tribunal {

namespace dom = simdjson::dom;
namespace fs = std::filesystem;

// One text file's entries by question id (`uid`, or `question_id` as text).
struct HarnessTexts::Questions {
    std::unordered_map<std::string, std::vector<std::string>> turns; // the user turns
};
struct HarnessTexts::Answers {
    struct Answer {
        std::vector<std::string> turns; // the assistant turns
        std::string metadata;           // the answer's `metadata` object as compact JSON ("" = none)
    };
    std::string path;
    bool exists = false;
    std::unordered_map<std::string, Answer> byQuestion;
};

namespace {

constexpr std::string_view kDefaultV01Baseline = "gpt-4-0314"; // arena-hard-auto config/judge_config.yaml

bool isFile(const fs::path& p)
{
    std::error_code ec;
    return fs::is_regular_file(p, ec);
}
bool isDir(const fs::path& p)
{
    std::error_code ec;
    return fs::is_directory(p, ec);
}

/// The question id of a text line: `uid` (a string) or `question_id` (a string or an integer).
std::optional<std::string> questionId(dom::object record, std::string* problemField, std::string* reason)
{
    for (const char* key : {"uid", "question_id"}) {
        dom::element e;
        if (record.at_key(key).get(e) != simdjson::SUCCESS)
            continue;
        if (e.is_string() && !stringOf(e).empty())
            return std::string(stringOf(e));
        if (e.is_int64())
            return std::to_string(e.get_int64().value_unsafe());
        if (e.is_uint64())
            return std::to_string(e.get_uint64().value_unsafe());
        *problemField = key;
        *reason = "expected a non-empty string or an integer, got " + std::string(jsonTypeName(e.type()));
        return std::nullopt;
    }
    *problemField = "uid";
    *reason = "required key is missing (uid or question_id)";
    return std::nullopt;
}

/// A turn's text: a string, or an object with `content` (FastChat) or `answer` (Arena-Hard assistant turns).
std::optional<std::string_view> turnText(dom::element e)
{
    if (e.is_string())
        return stringOf(e);
    if (e.is_object()) {
        for (const char* key : {"answer", "content"}) {
            dom::element inner;
            if (objectOf(e).at_key(key).get(inner) == simdjson::SUCCESS && inner.is_string())
                return stringOf(inner);
        }
    }
    return std::nullopt;
}

/// The strings of `array` as turns; the index of the first bad entry on failure.
bool readTurns(dom::array array, std::vector<std::string>& out, std::size_t* bad)
{
    std::size_t i = 0;
    for (dom::element e : array) {
        auto text = turnText(e);
        if (!text) {
            *bad = i;
            return false;
        }
        out.emplace_back(*text);
        ++i;
    }
    return true;
}

/// The value of a string key of the item's extra object ("" when absent).
std::string extraString(std::string_view extraJson, const char* key)
{
    if (extraJson.empty())
        return {};
    dom::parser parser;
    dom::object o;
    if (parser.parse(extraJson.data(), extraJson.size()).get(o) != simdjson::SUCCESS)
        return {};
    std::string_view v;
    if (o.at_key(key).get(v) != simdjson::SUCCESS)
        return {};
    return std::string(v);
}

/// Per missing text, how many items lack it and one example, for one note each.
struct Missing {
    std::uint64_t count = 0;
    std::string example;
    void add(const std::string& id)
    {
        if (count++ == 0)
            example = id;
    }
};

/// `<qid>:<turn>` from `id` = `<qid>:<turn><tail>` (turn one digit), or nullopt.
std::optional<std::pair<std::string, int>> questionAndTurn(const std::string& id, const std::string& tail)
{
    if (!id.ends_with(tail) || id.size() < tail.size() + 3)
        return std::nullopt;
    const std::string head = id.substr(0, id.size() - tail.size());
    const auto colon = head.rfind(':');
    if (colon == std::string::npos || colon + 2 != head.size() || head.back() < '1' || head.back() > '9')
        return std::nullopt;
    return std::pair{head.substr(0, colon), head.back() - '0'};
}

std::string itemsText(std::uint64_t n)
{
    return std::to_string(n) + (n == 1 ? " item" : " items");
}

} // namespace

std::string mtBenchTurnText(std::span<const std::string> turns, int turn)
{
    if (turn < 1 || static_cast<std::size_t>(turn) > turns.size())
        return {};
    if (turn == 1)
        return turns[0];
    return "[Turn 1]\n" + turns[0] + "\n\n[Turn 2]\n" + turns[1];
}

HarnessTextSource harnessTextSource(const std::string& judgmentPath, const HarnessTextPaths& paths)
{
    HarnessTextSource source;
    if (!paths.questions.empty() || !paths.answersDir.empty()) {
        source.questions = paths.questions;
        source.answersDir = paths.answersDir;
        if (source.answersDir.empty())
            source.answersDir = (fs::path(paths.questions).parent_path() / "model_answer").string();
        if (source.questions.empty()) {
            fs::path dir = fs::path(paths.answersDir).lexically_normal();
            if (dir.filename().empty()) // "model_answer/"
                dir = dir.parent_path();
            source.questions = (dir.parent_path() / "question.jsonl").string();
        }
        return source;
    }
    // Upstream: data/<bench>/model_judgment/<judge>/<model>.jsonl (Arena-Hard) or
    // data/mt_bench/model_judgment/<judge>_<mode>.jsonl (FastChat).
    std::error_code ec;
    fs::path p = fs::absolute(fs::path(judgmentPath), ec).lexically_normal().parent_path();
    for (int up = 0; up < 3 && !p.empty() && p != p.root_path(); ++up, p = p.parent_path()) {
        if (p.filename() != "model_judgment")
            continue;
        const fs::path bench = p.parent_path();
        source.fromLayout = true;
        if (isFile(bench / "question.jsonl"))
            source.questions = (bench / "question.jsonl").string();
        if (isDir(bench / "model_answer"))
            source.answersDir = (bench / "model_answer").string();
        return source;
    }
    return source;
}

HarnessTexts::HarnessTexts(HarnessTextPaths paths) : m_paths(std::move(paths)) {}
HarnessTexts::~HarnessTexts() = default;

const HarnessTexts::Questions* HarnessTexts::questions(const std::string& path, ImportLog& log, bool* ok)
{
    if (auto it = m_questions.find(path); it != m_questions.end())
        return it->second.get();
    auto q = std::make_unique<Questions>();
    if (!isFile(path)) {
        log.note({path, 0, "", "no such file: the items have no question"});
    } else {
        const Progress none; // HarnessFile keeps a reference
        HarnessFile file(log, none);
        *ok = file.read(
            path, HarnessLayout::JsonLines, [&](dom::object record, std::uint64_t line, std::size_t) {
                std::string field, reason;
                auto id = questionId(record, &field, &reason);
                if (!id)
                    return log.badRecord({path, line, field, reason});
                std::vector<std::string> turns;
                dom::element e;
                if (record.at_key("prompt").get(e) == simdjson::SUCCESS) {
                    if (!e.is_string())
                        return log.badRecord(
                            {path, line, "prompt",
                             "expected a string, got " + std::string(jsonTypeName(e.type()))});
                    turns.emplace_back(stringOf(e));
                } else if (record.at_key("turns").get(e) == simdjson::SUCCESS) {
                    std::size_t bad = 0;
                    if (!e.is_array() || !readTurns(arrayOf(e), turns, &bad))
                        return log.badRecord({path, line,
                                              e.is_array() ? "turns[" + std::to_string(bad) + "]" : "turns",
                                              "expected a string or an object with a string content"});
                } else {
                    return log.badRecord({path, line, "prompt", "required key is missing (prompt or turns)"});
                }
                q->turns[*id] = std::move(turns);
                return true;
            });
    }
    return m_questions.emplace(path, std::move(q)).first->second.get();
}

const HarnessTexts::Answers* HarnessTexts::answers(const std::string& dir, const std::string& model,
                                                   ImportLog& log, bool* ok)
{
    const std::string key = dir + '\n' + model;
    if (auto it = m_answers.find(key); it != m_answers.end())
        return it->second.get();
    auto a = std::make_unique<Answers>();
    a->path = (fs::path(dir) / (model + ".jsonl")).string();
    a->exists = isFile(a->path);
    if (a->exists) {
        const Progress none; // HarnessFile keeps a reference
        HarnessFile file(log, none);
        *ok = file.read(
            a->path, HarnessLayout::JsonLines, [&](dom::object record, std::uint64_t line, std::size_t) {
                std::string field, reason;
                auto id = questionId(record, &field, &reason);
                if (!id)
                    return log.badRecord({a->path, line, field, reason});
                Answers::Answer answer;
                dom::element e;
                if (record.at_key("messages").get(e) == simdjson::SUCCESS && e.is_array()) {
                    std::size_t i = 0;
                    for (dom::element m : arrayOf(e)) {
                        std::string_view role;
                        dom::element content;
                        if (!m.is_object() || objectOf(m).at_key("role").get(role) != simdjson::SUCCESS ||
                            objectOf(m).at_key("content").get(content) != simdjson::SUCCESS)
                            return log.badRecord({a->path, line, "messages[" + std::to_string(i) + "]",
                                                  "expected an object with role and content"});
                        if (role == "assistant") {
                            auto text = turnText(content);
                            if (!text)
                                return log.badRecord({a->path, line,
                                                      "messages[" + std::to_string(i) + "].content",
                                                      "expected a string or an object with a string answer"});
                            answer.turns.emplace_back(*text);
                        }
                        ++i;
                    }
                } else if (record.at_key("choices").get(e) == simdjson::SUCCESS && e.is_array()) {
                    dom::element first, turns;
                    std::size_t bad = 0;
                    if (arrayOf(e).at(0).get(first) != simdjson::SUCCESS || !first.is_object() ||
                        objectOf(first).at_key("turns").get(turns) != simdjson::SUCCESS ||
                        !turns.is_array() || !readTurns(arrayOf(turns), answer.turns, &bad))
                        return log.badRecord(
                            {a->path, line, "choices[0].turns",
                             "expected an array of strings or objects with a string content"});
                } else {
                    return log.badRecord(
                        {a->path, line, "messages", "required key is missing (messages or choices)"});
                }
                if (record.at_key("metadata").get(e) == simdjson::SUCCESS && e.is_object())
                    appendJsonValue(answer.metadata, e);
                a->byQuestion[*id] = std::move(answer);
                return true;
            });
    }
    return m_answers.emplace(key, std::move(a)).first->second.get();
}

bool HarnessTexts::fill(SourceFormat format, const std::string& judgmentPath, std::size_t firstJudgment,
                        AuditBuilder& builder, ImportLog& log)
{
    // The items this file touched, in first-judgment order.
    std::vector<std::uint32_t> items;
    {
        std::set<std::uint32_t> seen;
        for (std::size_t j = firstJudgment; j < builder.judgmentCount(); ++j) {
            const auto item = builder.judgmentItem(j);
            if (seen.insert(item).second)
                items.push_back(item);
        }
    }
    if (items.empty())
        return true;
    const HarnessTextSource source = harnessTextSource(judgmentPath, m_paths);
    if (source.questions.empty() && source.answersDir.empty()) {
        log.note(
            {judgmentPath, 0, "",
             itemsText(items.size()) +
                 " have no texts: no question.jsonl and model_answer/ beside the file "
                 "(the harness's <bench>/model_judgment/ layout); give the questions file and the answers "
                 "folder (tribunal-cli import --questions FILE --answers DIR)"});
        return true;
    }
    bool ok = true;
    const Questions* qs = source.questions.empty() ? nullptr : questions(source.questions, log, &ok);
    if (!ok)
        return false;
    if (source.questions.empty())
        log.note(
            {judgmentPath, 0, "", "no question.jsonl beside model_judgment/: the items have no question"});
    if (source.answersDir.empty())
        log.note({judgmentPath, 0, "", "no model_answer/ beside model_judgment/: the items have no answers"});

    Missing noQuestion;
    std::map<std::string, Missing> noAnswer;     // by answer file
    std::map<std::string, Missing> noAnswerFile; // by answer file that does not exist
    std::string usedDefaultBaseline;
    std::string scratch;

    auto answerOf = [&](const std::string& model, const std::string& qid,
                        const std::string& itemId) -> const Answers::Answer* {
        if (source.answersDir.empty() || model.empty())
            return nullptr;
        const Answers* a = answers(source.answersDir, model, log, &ok);
        if (!ok)
            return nullptr;
        if (!a->exists) {
            noAnswerFile[a->path].add(itemId);
            return nullptr;
        }
        auto it = a->byQuestion.find(qid);
        if (it == a->byQuestion.end()) {
            noAnswer[a->path].add(itemId);
            return nullptr;
        }
        return &it->second;
    };
    auto questionOf = [&](const std::string& qid,
                          const std::string& itemId) -> const std::vector<std::string>* {
        if (!qs)
            return nullptr;
        if (auto it = qs->turns.find(qid); it != qs->turns.end())
            return &it->second;
        noQuestion.add(itemId);
        return nullptr;
    };
    auto setIfEmpty = [&](std::uint32_t item, ItemText field, const std::string& text) {
        if (!text.empty() && builder.text(item, field) == kEmptyStr)
            builder.setText(item, field, builder.intern(text));
    };

    for (const auto item : items) {
        const std::string itemId(builder.str(builder.itemId(item)));
        const std::string extra(builder.str(builder.text(item, ItemText::Extra)));
        const std::string dataset(builder.str(builder.itemDataset(item)));
        if (builder.kind(item) == TaskKind::Pairwise) {
            std::string modelA = extraString(extra, "model_a");
            const std::string modelB = extraString(extra, "model_b");
            std::string qid;
            int turn = 0;
            const bool arena = format == SourceFormat::ArenaHard;
            if (arena) {
                // `<uid>:<model>`
                if (modelB.empty() || itemId.size() <= modelB.size() + 1 || !itemId.ends_with(":" + modelB))
                    continue;
                qid = itemId.substr(0, itemId.size() - modelB.size() - 1);
                if (modelA.empty()) {
                    modelA = !m_paths.baseline.empty()      ? m_paths.baseline
                             : dataset == "arena-hard-v0.1" ? std::string(kDefaultV01Baseline)
                                                            : std::string();
                    if (m_paths.baseline.empty() && !modelA.empty())
                        usedDefaultBaseline = modelA;
                }
            } else {
                // `<qid>:<turn>:<A>:<B>`
                auto parsed = questionAndTurn(itemId, ":" + modelA + ":" + modelB);
                if (modelA.empty() || modelB.empty() || !parsed)
                    continue;
                qid = parsed->first;
                turn = parsed->second;
            }
            const std::vector<std::string>* userTurns = questionOf(qid, itemId);
            const auto* a = answerOf(modelA, qid, itemId);
            const auto* b = answerOf(modelB, qid, itemId);
            if (!ok)
                return false;
            if (arena) {
                if (userTurns && !userTurns->empty())
                    setIfEmpty(item, ItemText::Question, userTurns->front());
                if (a && !a->turns.empty())
                    setIfEmpty(item, ItemText::ResponseA, a->turns.back());
                if (b && !b->turns.empty())
                    setIfEmpty(item, ItemText::ResponseB, b->turns.back());
                // Answer metadata (token_len, markdown counts) joins the item's kept fields once.
                if (((a && !a->metadata.empty()) || (b && !b->metadata.empty())) &&
                    extra.find("\"metadata_a\":") == std::string::npos &&
                    extra.find("\"metadata_b\":") == std::string::npos) {
                    scratch = extra.empty() ? std::string("{") : extra.substr(0, extra.size() - 1);
                    for (const auto& [key, answer] :
                         {std::pair{"metadata_a", a}, std::pair{"metadata_b", b}}) {
                        if (!answer || answer->metadata.empty())
                            continue;
                        scratch += scratch.size() > 1 ? ",\"" : "\"";
                        scratch.append(key).append("\":").append(answer->metadata);
                    }
                    scratch += '}';
                    builder.setText(item, ItemText::Extra, builder.intern(scratch));
                }
            } else {
                if (userTurns)
                    setIfEmpty(item, ItemText::Question, mtBenchTurnText(*userTurns, turn));
                if (a)
                    setIfEmpty(item, ItemText::ResponseA, mtBenchTurnText(a->turns, turn));
                if (b)
                    setIfEmpty(item, ItemText::ResponseB, mtBenchTurnText(b->turns, turn));
            }
        } else if (builder.kind(item) == TaskKind::Ordinal && format == SourceFormat::MtBench) {
            // A single grade: unit `<qid>:<turn>:<model>`, extra {"model": ...}.
            const std::string model = extraString(extra, "model");
            const std::string unit(builder.str(builder.text(item, ItemText::UnitId)));
            auto parsed = questionAndTurn(unit, ":" + model);
            if (model.empty() || !parsed)
                continue;
            const auto& [qid, turn] = *parsed;
            const std::vector<std::string>* userTurns = questionOf(qid, itemId);
            const auto* a = answerOf(model, qid, itemId);
            if (!ok)
                return false;
            if (userTurns && turn == 1 && !userTurns->empty())
                setIfEmpty(item, ItemText::Input, userTurns->front());
            if (userTurns && turn == 2 && userTurns->size() >= 2 && a && !a->turns.empty())
                setIfEmpty(item, ItemText::Input,
                           "[Turn 1]\n" + (*userTurns)[0] + "\n\n[Answer, turn 1]\n" + a->turns[0] +
                               "\n\n[Turn 2]\n" + (*userTurns)[1]);
            if (a && static_cast<std::size_t>(turn) <= a->turns.size())
                setIfEmpty(item, ItemText::Submission, a->turns[static_cast<std::size_t>(turn) - 1]);
        }
    }

    if (!usedDefaultBaseline.empty())
        log.note(
            {judgmentPath, 0, "",
             "the records name no baseline: response A is the answer of " + usedDefaultBaseline +
                 " (Arena-Hard v0.1's default baseline; tribunal-cli import --baseline MODEL to change)"});
    if (noQuestion.count > 0)
        log.note({source.questions, 0, "",
                  "no question for " + itemsText(noQuestion.count) + " (e.g. item " +
                      quoteForMessage(noQuestion.example) + "): they have no question text"});
    for (const auto& [path, missing] : noAnswer)
        log.note({path, 0, "",
                  "no answer for " + itemsText(missing.count) + " (e.g. item " +
                      quoteForMessage(missing.example) + "): their response from this model is empty"});
    for (const auto& [path, missing] : noAnswerFile)
        log.note({path, 0, "",
                  "no such file: " + itemsText(missing.count) + " (e.g. item " +
                      quoteForMessage(missing.example) + ") have no response from this model"});
    return ok;
}

} // namespace tribunal
