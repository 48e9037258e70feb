#include "io/harness/llmbarresults.h"

#include "io/jsonvaluetext.h"
#include "report/jsonwriter.h"

#include <algorithm>

namespace tribunal {

namespace dom = simdjson::dom;

namespace {

constexpr std::string_view kNoVerdict = "no verdict parsed";
constexpr std::string_view kSwapFalse = "swap = False";
constexpr std::string_view kSwapTrue = "swap = True";

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

} // namespace

void LlmBarResults::beginFile(StrId judge, StrId format, std::uint32_t file)
{
    m_judge = judge;
    m_format = format;
    m_file = file;
}

std::optional<LlmBarResults::Problem> LlmBarResults::read(std::size_t i, std::uint64_t line,
                                                          const LlmBarItem& entry, dom::element element)
{
    // Every problem skips the element whole: nothing of it has been added yet.
    auto fail = [](std::string field, std::string reason) {
        return std::optional<Problem>(Problem{std::move(field), std::move(reason)});
    };
    dom::object object;
    if (element.get_object().get(object))
        return fail("", "not an object (" + std::string(jsonTypeName(element.type())) + ")");

    m_unknown.clear();
    m_steps.clear();
    static constexpr std::string_view kItemKeys[5] = {"input", "output_1", "output_2", "label", "results"};
    dom::element values[5];
    bool seen[5] = {false, false, false, false, false};
    m_unknownNames.clear();
    for (dom::key_value_pair field : object) {
        const int slot = indexOfKey(kItemKeys, field.key);
        if (slot < 0) {
            if (!m_unknownNames.insert(field.key))
                return fail("." + std::string(field.key), "duplicate key");
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
                return fail(field, "is " + jsonForMessage(values[k]) + " but dataset.json item " +
                                       std::to_string(i) + " has " + std::to_string(entry.label));
            continue;
        }
        std::string_view text;
        if (values[k].get_string().get(text))
            return fail(field, "not a string (" + std::string(jsonTypeName(values[k].type())) + ")");
        if (text != m_builder.str(expected[k]))
            return fail(field, "differs from dataset.json item " + std::to_string(i));
    }
    if (!seen[4])
        return fail(".results", "missing");
    dom::array results;
    if (values[4].get_array().get(results))
        return fail(".results", "not an array (" + std::string(jsonTypeName(values[4].type())) + ")");
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
        return fail(lastAt, "not an object (" + std::string(jsonTypeName(last.type())) + ")");

    static constexpr std::string_view kVerdictKeys[4] = {kSwapFalse, kSwapTrue, "score_1", "score_2"};
    dom::element verdictValues[4];
    bool verdictSeen[4] = {false, false, false, false};
    m_unknownNames.clear();
    for (dom::key_value_pair field : verdictObject) {
        const int slot = indexOfKey(kVerdictKeys, field.key);
        if (slot < 0) {
            if (!m_unknownNames.insert(field.key))
                return fail(lastAt + "." + std::string(field.key), "duplicate key");
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
            return fail(field, "not an object (" + std::string(jsonTypeName(verdictValues[o].type())) + ")");
        auto& v = verdicts[o];
        orderBegin[o] = m_unknown.size();
        bool winnerSeen = false;
        m_unknownNames.clear();
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
                                "must be \"1\", \"2\" or null (got " + jsonForMessage(kv.value) + ")");
            } else if (kv.key == "completion") {
                if (v.hasCompletion)
                    return fail(field + ".completion", "duplicate key");
                if (!parsePair(kv.value, v.text, v.finishReason, v.finishNull))
                    return fail(field + ".completion", "must be [text, finish_reason]");
                v.hasCompletion = true;
            } else {
                if (!m_unknownNames.insert(kv.key))
                    return fail(field + "." + std::string(kv.key), "duplicate key");
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
        j.source = {m_file, line};
        m_builder.addJudgment(j);
    }
    return std::nullopt;
}

void LlmBarResults::writeUnknown(const UnknownKey& unknown)
{
    // Unknown keys keep their names; the rare clash with a key already written gets its level as prefix.
    if (std::find(m_written.begin(), m_written.end(), unknown.key) == m_written.end()) {
        m_writer.key(unknown.key);
        m_written.push_back(unknown.key);
    } else {
        m_writer.key(std::string(unknown.level) + "." + std::string(unknown.key));
    }
    m_value.clear();
    appendJsonValue(m_value, unknown.value);
    m_writer.rawValue(m_value);
}

StrId LlmBarResults::extraFor(const OrderVerdict& v, bool rating, std::size_t orderBegin,
                              std::size_t orderEnd)
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
            {
                m_value.clear();
                appendJsonValue(m_value, step);
                m_writer.rawValue(m_value);
            }
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

} // namespace tribunal
