// Reading the samples of an Inspect AI log into pending scores (see inspectlogreader.h).

#include "io/harness/inspectlogjson.h"
#include "io/harness/inspectlogreader.h"
#include "io/jsonvaluetext.h"
#include "io/messagetext.h"
#include "report/jsonwriter.h"

#include <functional>

namespace tribunal {
namespace {

namespace dom = simdjson::dom;

constexpr std::string_view kAttachment = "attachment://";
constexpr std::string_view kUnchanged = "UNCHANGED"; // a ScoreEdit field the edit leaves as it was

constexpr std::string_view kSampleKeys[] = {"id",     "epoch",  "input",    "target",
                                            "output", "scores", "metadata", "attachments"};
enum SampleKey : int { kId, kEpoch, kInput, kTarget, kOutput, kScores, kMetadata, kAttachments };

/// The steps of a key path such as `scores.grader.history[1].value` (a name holding '.' or '[' is cut
/// there; offsetOfPath then stops at the deepest value it finds).
std::vector<JsonStep> stepsOf(std::string_view field)
{
    std::vector<JsonStep> steps;
    std::size_t p = 0;
    while (p < field.size()) {
        if (field[p] == '.') {
            ++p;
            continue;
        }
        if (field[p] == '[') {
            std::size_t index = 0, q = p + 1;
            for (; q < field.size() && field[q] >= '0' && field[q] <= '9' && index < (std::size_t(1) << 40);
                 ++q)
                index = index * 10 + static_cast<std::size_t>(field[q] - '0');
            if (q == p + 1 || q >= field.size() || field[q] != ']')
                break; // a '[' of a score name: the path ends here
            steps.push_back({{}, index});
            p = q + 1;
            continue;
        }
        const std::size_t end = std::min(field.find_first_of(".[", p), field.size());
        steps.push_back({field.substr(p, end - p), 0});
        p = end;
    }
    return steps;
}

bool isUnchanged(dom::element value)
{
    return value.type() == dom::element_type::STRING && stringOf(value) == kUnchanged;
}

/// A field of a ScoreEdit or Score: absent, null and "UNCHANGED" are "not given" (the current one holds).
bool givenField(dom::object object, std::string_view key, dom::element& out)
{
    return !object[key].get(out) && out.type() != dom::element_type::NULL_VALUE && !isUnchanged(out);
}

/// The text of a chat message: its string content, or its text parts joined by '\n' (ChatMessage.text).
std::string messageText(dom::element message,
                        const std::function<std::string_view(std::string_view)>& resolve)
{
    dom::element content;
    if (message["content"].get(content))
        return {};
    if (content.type() == dom::element_type::STRING)
        return std::string(resolve(stringOf(content)));
    std::string text;
    bool first = true;
    if (content.type() == dom::element_type::ARRAY)
        for (dom::element part : arrayOf(content)) {
            std::string_view type, partText;
            if (part["type"].get(type) || type != "text" || part["text"].get(partText))
                continue;
            if (!first)
                text += '\n';
            text += resolve(partText);
            first = false;
        }
    return text;
}

/// The model's answer: `output.completion`, or (logs before ModelOutput stored it) the text of the first
/// choice's message.
std::string completionText(dom::object output,
                           const std::function<std::string_view(std::string_view)>& resolve)
{
    std::string_view completion;
    if (!output["completion"].get(completion) && !completion.empty())
        return std::string(resolve(completion));
    dom::array choices;
    dom::element message;
    if (output["choices"].get(choices) || choices.size() == 0 || choices.at(0)["message"].get(message))
        return {};
    return messageText(message, resolve);
}

} // namespace

std::uint64_t InspectLocator::line(std::size_t offset)
{
    offset = std::min(offset, m_text.size());
    if (offset < m_offset) {
        m_offset = 0;
        m_line = 1;
    }
    for (std::size_t p = m_offset; p < offset; ++p)
        m_line += m_text[p] == '\n';
    m_offset = offset;
    return m_line;
}

std::uint64_t InspectLogReader::lineOf(std::string_view field)
{
    const auto steps = stepsOf(field);
    return m_where->line(offsetOfPath(m_where->text(), m_start, steps));
}

bool InspectLogReader::bad(const std::string& name, std::uint64_t line, std::string field, std::string reason)
{
    return m_log.badRecord({name, line, std::move(field), std::move(reason)});
}

std::string_view InspectLogReader::resolved(std::string_view text) const
{
    std::string_view content;
    if (m_hasAttachments && text.substr(0, kAttachment.size()) == kAttachment &&
        !m_attachments[text.substr(kAttachment.size())].get(content))
        return content;
    return text;
}

bool InspectLogReader::readSample(dom::object sample, InspectLocator& where, std::size_t start,
                                  std::string_view prefix)
{
    m_where = &where;
    m_start = start;
    m_prefix = prefix;
    Sample s;
    s.name = where.name();
    if (auto problem = readSampleFields(sample, s))
        return bad(s.name, lineOf(problem->field), m_prefix + problem->field, std::move(problem->reason));
    dom::element scores;
    if (sample["scores"].get(scores) || scores.type() == dom::element_type::NULL_VALUE ||
        (scores.type() == dom::element_type::OBJECT && objectOf(scores).size() == 0)) {
        ++m_unscored; // not scored (an error before scoring, or scoring deferred): nothing to audit
        return true;
    }
    if (scores.type() != dom::element_type::OBJECT)
        return bad(s.name, lineOf("scores"), m_prefix + "scores",
                   "expected an object, got " + std::string(jsonTypeName(scores.type())));
    const auto index = static_cast<std::uint32_t>(m_samples.size());
    m_samples.push_back(std::move(s));
    if (m_fileName != where.name()) { // one source file per ZIP entry, one for a whole .json log
        m_fileName = where.name();
        m_file = m_builder.addSourceFile(m_fileName);
    }
    const std::uint32_t file = m_file;
    for (dom::key_value_pair entry : objectOf(scores)) {
        Score score;
        score.sample = index;
        score.file = file;
        score.field = "scores." + std::string(entry.key);
        score.line = lineOf(score.field);
        if (auto problem = readScore(entry.key, entry.value, score)) {
            if (!bad(where.name(), lineOf(problem->field), m_prefix + problem->field,
                     std::move(problem->reason)))
                return false;
            continue;
        }
        auto& scale = m_scales[score.scorer];
        if (score.judged)
            scale.observe(score.value);
        for (const Edit& edit : score.edits)
            scale.observe(edit.value);
        score.field = m_prefix + score.field;
        m_scores.push_back(std::move(score));
    }
    return true;
}

std::optional<HarnessProblem> InspectLogReader::readSampleFields(dom::object sample, Sample& out)
{
    HarnessFields fields(kSampleKeys);
    if (auto problem = fields.collect(sample))
        return problem;
    m_hasAttachments = fields.given(kAttachments) && !fields.value(kAttachments).get(m_attachments);
    std::string id;
    if (auto problem = fields.requiredId(kId, id))
        return problem;
    out.id = m_builder.intern(id);
    if (!fields.has(kEpoch))
        return fields.problem(kEpoch, "required key is missing");
    std::int64_t epoch = 0;
    if (fields.value(kEpoch).get(epoch) || epoch < 1 || epoch > 65535)
        return fields.problem(kEpoch,
                              "expected an integer 1..65535, got " + jsonForMessage(fields.value(kEpoch)));
    out.epoch = static_cast<std::uint16_t>(epoch);
    const auto resolve = [this](std::string_view text) { return resolved(text); };

    // input: a string, or chat messages whose last user message is the input (TaskState.input_text).
    if (!fields.has(kInput))
        return fields.problem(kInput, "required key is missing");
    const dom::element input = fields.value(kInput);
    if (input.type() == dom::element_type::STRING) {
        out.input = m_builder.intern(resolved(stringOf(input)));
    } else if (input.type() == dom::element_type::ARRAY) {
        for (dom::element message : arrayOf(input)) {
            std::string_view role;
            if (message.type() == dom::element_type::OBJECT && !message["role"].get(role) && role == "user")
                out.input = m_builder.intern(messageText(message, resolve));
        }
    } else {
        return fields.typeProblem(kInput, "a string or an array of messages");
    }
    if (fields.given(kOutput)) {
        if (fields.value(kOutput).type() != dom::element_type::OBJECT)
            return fields.typeProblem(kOutput, "an object");
        out.submission = m_builder.intern(completionText(objectOf(fields.value(kOutput)), resolve));
    }
    // The evaluated model is part of the item id too; kept here so that it reads as a field.
    std::string extra = "{\"model\":";
    JsonWriter::appendQuoted(extra, m_eval.model);
    if (fields.has(kTarget))
        appendKeptField(extra, "target", fields.value(kTarget));
    if (fields.given(kMetadata))
        appendKeptField(extra, "metadata", fields.value(kMetadata));
    extra += '}';
    out.itemExtra = m_builder.intern(extra);
    return std::nullopt;
}

std::optional<HarnessProblem> InspectLogReader::readHistory(dom::array history, Score& out,
                                                            dom::object& original, bool& hasOriginal)
{
    std::size_t k = 0;
    for (dom::element entry : history) {
        const std::string at = out.field + ".history[" + std::to_string(k) + "]";
        if (entry.type() != dom::element_type::OBJECT)
            return HarnessProblem{at, "expected an object, got " + std::string(jsonTypeName(entry.type()))};
        const dom::object edit = objectOf(entry);
        dom::element provenance;
        const bool byPerson =
            !edit["provenance"].get(provenance) && provenance.type() != dom::element_type::NULL_VALUE;
        if (k == 0 && !byPerson) { // the score as the scorer gave it, saved before the first edit
            original = edit;
            hasOriginal = true;
            ++k;
            continue;
        }
        if (k == 0)
            out.judged = false; // created by edit_score(): no scorer gave it
        Edit e;
        e.field = at + ".value";
        if (byPerson) {
            std::string_view author;
            if (provenance.type() != dom::element_type::OBJECT)
                return HarnessProblem{at + ".provenance", "expected an object or null, got " +
                                                              std::string(jsonTypeName(provenance.type()))};
            if (provenance["author"].get(author))
                return HarnessProblem{at + ".provenance.author", "required string is missing"};
            e.author = m_builder.intern(author);
        }
        dom::element value;
        if (givenField(edit, "value", value)) { // an edit of the explanation alone gives no rating
            if (auto reason = readInspectValue(value, e.value))
                return HarnessProblem{e.field, std::move(*reason)};
            e.line = lineOf(e.field);
            e.field = m_prefix + e.field;
            out.edits.push_back(std::move(e));
        }
        ++k;
    }
    return std::nullopt;
}

std::optional<HarnessProblem> InspectLogReader::readScore(std::string_view name, dom::element value,
                                                          Score& out)
{
    if (value.type() != dom::element_type::OBJECT)
        return HarnessProblem{out.field,
                              "expected an object, got " + std::string(jsonTypeName(value.type()))};
    const dom::object score = objectOf(value);
    out.scorer = m_builder.intern(name);
    dom::object original = score;
    bool fromHistory = false;
    dom::element history;
    if (!score["history"].get(history) && history.type() != dom::element_type::NULL_VALUE) {
        if (history.type() != dom::element_type::ARRAY)
            return HarnessProblem{out.field + ".history",
                                  "expected an array, got " + std::string(jsonTypeName(history.type()))};
        dom::object first;
        bool hasFirst = false;
        if (auto problem = readHistory(arrayOf(history), out, first, hasFirst))
            return problem;
        if (hasFirst) {
            original = first;
            fromHistory = true;
        }
    }
    if (!out.judged)
        return std::nullopt;
    // The scorer's own verdict: the first history entry once a person edited the score, else the score.
    auto field = [&](std::string_view key, dom::element& e) {
        return givenField(original, key, e) || (fromHistory && givenField(score, key, e));
    };
    dom::element verdict, answerText, explanation, metadata;
    const std::string valueField = out.field + (fromHistory ? ".history[0].value" : ".value");
    if (score["value"].error() == simdjson::NO_SUCH_FIELD)
        return HarnessProblem{out.field + ".value", "required key is missing"};
    out.valueField = m_prefix + valueField;
    out.valueLine = lineOf(valueField);
    // null: Python's NaN (Score.unscored(): the grader gave no grade) or an infinity.
    auto valueOf = [](dom::object o, dom::element& e) { return !o["value"].get(e) && !isUnchanged(e); };
    const bool hasVerdict = (valueOf(original, verdict) || (fromHistory && valueOf(score, verdict))) &&
                            verdict.type() != dom::element_type::NULL_VALUE;
    if (hasVerdict) {
        if (auto reason = readInspectValue(verdict, out.value))
            return HarnessProblem{valueField, std::move(*reason)};
    }
    if (field("explanation", explanation) && explanation.type() == dom::element_type::STRING)
        out.raw = m_builder.intern(resolved(stringOf(explanation)));
    const bool hasMetadata = field("metadata", metadata);
    out.judge = judgeOf(name, hasMetadata ? &metadata : nullptr);
    if (out.value.type == InspectValue::Type::NotFinite) {
        std::string_view reason;
        std::string error = "unscored (no grade)";
        if (hasMetadata && metadata.type() == dom::element_type::OBJECT &&
            !metadata["unscored_reason"].get(reason))
            error = "unscored (" + std::string(reason) + ")";
        out.error = m_builder.intern(error);
    }
    if (field("answer", answerText))
        appendKeptField(out.extra, "answer", answerText);
    if (hasVerdict)
        appendKeptField(out.extra, "value", verdict);
    if (hasMetadata)
        appendKeptField(out.extra, "metadata", metadata);
    return std::nullopt;
}

} // namespace tribunal
