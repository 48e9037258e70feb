// Tribunal JSONL writer: the inverse of importJsonl() (the format is described at the top of
// jsonlimporter.cpp).
//
// Items go to itemsPathFor(path), one line per item in row order, with every non-empty field (label as
// answer text, ratings as an object rater -> answer text); judgments go to `path` in import order and refer
// to their item by dataset + item_id only, plus `kind` when it is not pairwise so that the judgments file
// can be read before the items file. Numbers are written in shortest round-trip form (so doubles read back
// bit-identical; -0 is written as -0.0, which JSON readers keep as a double); missing values are omitted.
// Condition values are written as strings (the importer keeps numbers as their text anyway). Unknown fields
// kept in `extra` are written back as top-level keys, except those named like a Tribunal key (possible only
// in audits from other importers: AlpacaEval's `confidence`), which go into one `"kept":{...}` object at the
// end of the line so that they are not read back as the keys they are named like.
//
// Both files are written to temporary files and renamed into place only when both are complete.

#include "io/exporter.h"
#include "io/formats/jsonlrecord.h"
#include "io/jsonvaluetext.h"
#include "io/utf8.h"
#include "report/jsonwriter.h"

#include "io/outputfile.h"

#include <simdjson.h>

#include <array>
#include <cmath>
#include <string>
#include <string_view>

namespace tribunal {
namespace {

constexpr std::size_t kFlushBytes = std::size_t(1) << 20;

// One JSON object being written on one line.
class Line {
public:
    explicit Line(std::string& out) : m_out(out) { m_out += '{'; }
    void key(std::string_view name)
    {
        if (!m_first)
            m_out += ',';
        m_first = false;
        m_out += '"'; // key names are plain ASCII
        m_out += name;
        m_out += "\":";
    }
    void string(std::string_view name, std::string_view text)
    {
        key(name);
        JsonWriter::appendQuoted(m_out, text);
    }
    void stringIfAny(std::string_view name, std::string_view text)
    {
        if (!text.empty())
            string(name, text);
    }
    void number(std::string_view name, double value)
    {
        if (isMissing(value))
            return;
        key(name);
        JsonWriter::appendNumber(m_out, value);
    }
    void integer(std::string_view name, std::int64_t value)
    {
        key(name);
        m_out += std::to_string(value);
    }
    /// `"name":` and a JSON value's text as it is.
    void raw(std::string_view name, std::string_view jsonText)
    {
        key(name);
        m_out += jsonText;
    }
    /// Splices the members of a JSON object text (already checked) into this object.
    void members(std::string_view objectText)
    {
        auto open = objectText.find('{');
        auto close = objectText.rfind('}');
        auto inner = objectText.substr(open + 1, close - open - 1);
        if (inner.find_first_not_of(" \t\r\n") == std::string_view::npos)
            return;
        if (!m_first)
            m_out += ',';
        m_first = false;
        m_out += inner;
    }
    void end() { m_out += "}\n"; }
    std::string& out() { return m_out; }

private:
    std::string& m_out;
    bool m_first = true;
};

class Output {
public:
    explicit Output(const std::string& path) : m_path(path) {}
    bool open(std::string* error) { return m_file.open(m_path, error); }
    std::string& buffer() { return m_buffer; }
    bool flush(std::string* error, bool force = false)
    {
        if (m_buffer.size() < kFlushBytes && !force)
            return true;
        if (!m_buffer.empty() && !m_file.write(m_buffer, error))
            return false;
        m_buffer.clear();
        return true;
    }
    bool commit(std::string* error) { return m_file.commit(error); }

private:
    std::string m_path;
    OutputFile m_file; // the output policy of outputfile.h: FIFOs and devices written into, links followed
    std::string m_buffer;
};

// Splits an `extra` text (a JSON object) into the fields written back at the top level and those named like
// a Tribunal key, written under `kept`. Remembers the last text split (runs of judgments share one).
class ExtraSplitter {
public:
    bool split(const Audit& audit, StrId extra, std::string& problem)
    {
        if (extra == m_last)
            return true;
        const auto text = audit.str(extra);
        simdjson::dom::element root;
        simdjson::dom::object object;
        if (m_parser.parse(text.data(), text.size(), true).get(root) != simdjson::SUCCESS ||
            root.get(object) != simdjson::SUCCESS) {
            problem = "kept unknown fields are not a JSON object";
            m_last = kEmptyStr;
            return false;
        }
        m_topLevel.clear();
        m_kept.clear();
        for (auto field : object)
            appendKeptField(isJsonlKey(field.key) ? m_kept : m_topLevel, field.key, field.value);
        for (auto* fields : {&m_topLevel, &m_kept})
            if (!fields->empty())
                *fields += '}';
        m_last = extra;
        return true;
    }
    /// Writes the last split's fields into `line`.
    void write(Line& line) const
    {
        if (!m_topLevel.empty())
            line.members(m_topLevel);
        if (!m_kept.empty())
            line.raw(jsonlKeyName(JsonlKey::Kept), m_kept);
    }

private:
    simdjson::dom::parser m_parser;
    StrId m_last = kEmptyStr;
    std::string m_topLevel, m_kept;
};

std::string itemName(const Audit& audit, std::size_t item)
{
    const auto& items = audit.items();
    return "item " + std::string(audit.str(items.dataset[item])) + "/" +
           std::string(audit.str(items.itemId[item]));
}

bool writeItems(const Audit& audit, Output& out, ExtraSplitter& extras, std::string* error)
{
    const auto& items = audit.items();
    for (std::size_t i = 0; i < items.size(); ++i) {
        const auto kind = items.kind[i];
        if (items.dataset[i] == kEmptyStr || items.itemId[i] == kEmptyStr) {
            if (error)
                *error = itemName(audit, i) + ": empty dataset or item_id";
            return false;
        }
        Line line(out.buffer());
        line.string("dataset", audit.str(items.dataset[i]));
        line.string("item_id", audit.str(items.itemId[i]));
        line.string("kind", kindName(kind));
        for (int f = 0; f < kItemTextCount; ++f) {
            const auto field = static_cast<ItemText>(f);
            if (field != ItemText::Extra)
                line.stringIfAny(itemTextName(field), audit.str(items.field(field, i)));
        }
        const auto levels = items.levels(i);
        if (!levels.empty()) {
            line.key("levels");
            auto& s = line.out();
            s += '[';
            for (std::size_t l = 0; l < levels.size(); ++l) {
                if (l > 0)
                    s += ',';
                JsonWriter::appendQuoted(s, audit.str(levels[l]));
            }
            s += ']';
        }
        if (items.label[i] != answer::kNone)
            line.string("label", answerText(kind, items.label[i]));
        const auto ratings = items.itemRatings(i);
        if (!ratings.empty()) {
            line.key("ratings");
            auto& s = line.out();
            s += '{';
            for (std::size_t r = 0; r < ratings.size(); ++r) {
                for (std::size_t q = 0; q < r; ++q) {
                    if (ratings[q].rater == ratings[r].rater) {
                        if (error)
                            *error = itemName(audit, i) + ": rater \"" +
                                     std::string(audit.str(ratings[r].rater)) + "\" is listed twice";
                        return false;
                    }
                }
                if (r > 0)
                    s += ',';
                JsonWriter::appendQuoted(s, audit.str(ratings[r].rater));
                s += ':';
                JsonWriter::appendQuoted(s, answerText(kind, ratings[r].value));
            }
            s += '}';
        }
        if (const auto extra = items.field(ItemText::Extra, i); extra != kEmptyStr) {
            std::string problem;
            if (!extras.split(audit, extra, problem)) {
                if (error)
                    *error = itemName(audit, i) + ": " + problem;
                return false;
            }
            extras.write(line);
        }
        line.end();
        if (!out.flush(error))
            return false;
    }
    return out.flush(error, true);
}

bool writeJudgments(const Audit& audit, Output& out, ExtraSplitter& extras, std::string* error)
{
    const auto& items = audit.items();
    const auto& j = audit.judgments();
    for (const auto row : audit.importOrder()) {
        const auto item = j.item[row];
        const auto kind = items.kind[item];
        auto fail = [&](const std::string& problem) {
            if (error)
                *error = itemName(audit, item) + ", judge " + std::string(audit.str(j.judge[row])) + ": " +
                         problem;
            return false;
        };
        if (kind != TaskKind::Pairwise && j.order[row] != Order::None)
            return fail("order on a judgment that is not pairwise");
        if (j.rep[row] < 1)
            return fail("rep 0 (reps are 1-based)");
        if (j.judge[row] == kEmptyStr)
            return fail("empty judge name");

        Line line(out.buffer());
        line.string("dataset", audit.str(items.dataset[item]));
        line.string("item_id", audit.str(items.itemId[item]));
        if (kind != TaskKind::Pairwise)
            line.string("kind", kindName(kind));
        line.string("judge", audit.str(j.judge[row]));
        line.stringIfAny("format", audit.str(j.format[row]));
        if (const auto cond = j.condition[row]; cond != 0) {
            line.key("condition");
            auto& s = line.out();
            s += '{';
            bool first = true;
            for (const auto& [k, v] : audit.conditions()[cond]) {
                if (!first)
                    s += ',';
                first = false;
                JsonWriter::appendQuoted(s, audit.str(k));
                s += ':';
                JsonWriter::appendQuoted(s, audit.str(v));
            }
            s += '}';
        }
        if (j.order[row] != Order::None)
            line.string("order", orderName(j.order[row]));
        else if (kind == TaskKind::Pairwise)
            line.string("order", kUnknownOrderText); // not recorded by the source (AlpacaEval)
        line.integer("rep", j.rep[row]);
        if (j.answer[row] != answer::kNone)
            line.string("answer", answerText(kind, j.answer[row]));
        const auto probs = j.probsOf(row);
        if (!probs.empty()) {
            line.key("probs");
            auto& s = line.out();
            s += '{';
            for (std::size_t p = 0; p < probs.size(); ++p) {
                if (p > 0)
                    s += ',';
                JsonWriter::appendQuoted(s, answerText(kind, probs[p].option));
                s += ':';
                JsonWriter::appendNumber(s, probs[p].p);
            }
            s += '}';
        }
        line.number("confidence", j.confidence(row));
        line.number("cost_usd", j.costUsd(row));
        if (j.tokensIn(row) != kMissingCount)
            line.integer("tokens_in", j.tokensIn(row));
        if (j.tokensOut(row) != kMissingCount)
            line.integer("tokens_out", j.tokensOut(row));
        line.number("latency_s", j.latencyS(row));
        line.stringIfAny("raw", audit.str(j.raw[row]));
        line.stringIfAny("error", audit.str(j.error[row]));
        line.stringIfAny("test", audit.str(j.test[row]));
        line.stringIfAny("version", audit.str(j.version[row]));
        line.stringIfAny("variant", variantName(j.variant[row]));
        line.stringIfAny("cue_on", cueName(j.cue[row]));
        if (const auto extra = j.extra[row]; extra != kEmptyStr) {
            std::string problem;
            if (!extras.split(audit, extra, problem))
                return fail(problem);
            extras.write(line);
        }
        line.end();
        if (!out.flush(error))
            return false;
    }
    return out.flush(error, true);
}

} // namespace

std::string itemsPathFor(const std::string& judgmentsPath)
{
    constexpr std::string_view ext = ".jsonl";
    if (judgmentsPath.size() > ext.size() &&
        std::string_view(judgmentsPath).substr(judgmentsPath.size() - ext.size()) == ext)
        return judgmentsPath.substr(0, judgmentsPath.size() - ext.size()) + ".items.jsonl";
    return judgmentsPath + ".items.jsonl";
}

bool exportJsonl(const Audit& audit, const std::string& path, std::string* error)
{
    if (auto problem = nonUtf8TextProblem(audit.strings())) {
        if (error)
            *error = std::move(*problem);
        return false;
    }
    Output items(itemsPathFor(path));
    Output judgments(path);
    ExtraSplitter extras;
    if (!items.open(error) || !judgments.open(error))
        return false;
    if (!writeItems(audit, items, extras, error) || !writeJudgments(audit, judgments, extras, error))
        return false; // the temporary files are discarded; existing files stay as they were
    return items.commit(error) && judgments.commit(error);
}

} // namespace tribunal
