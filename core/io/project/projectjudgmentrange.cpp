// Reading the judgments of one seq range (see projectjudgmentrange.h).

#include "io/project/projectjudgmentrange.h"

#include "io/project/projectcolumns.h"
#include "io/project/projectconnection.h"
#include "io/project/projectjson.h"
#include "io/project/projectrowprogress.h"
#include "io/project/projectstatement.h"
#include "io/project/savedprobs.h"

#include <charconv>

namespace tribunal::projectread {
namespace {

using Step = ProjectStatement::Step;

// The judgments columns in the order of kJudgmentQuery.
enum JudgmentColumn {
    kSeq,
    kItem,
    kJudge,
    kFormat,
    kCondition,
    kOrd,
    kRep,
    kAnswer,
    kProbs,
    kConfidence,
    kCost,
    kTokensIn,
    kTokensOut,
    kLatency,
    kRaw,
    kError,
    kTest,
    kVersion,
    kVariant,
    kCue,
    kExtra,
    kJudgmentColumnCount
};
constexpr const char* kJudgmentColumnNames[] = {
    "seq",    "item",  "judge",      "format",   "condition", "ord",        "rep",
    "answer", "probs", "confidence", "cost_usd", "tokens_in", "tokens_out", "latency_s",
    "raw",    "error", "test",       "version",  "variant",   "cue_on",     "extra"};
constexpr std::string_view kJudgmentQuery =
    "SELECT seq, item, judge, format, condition, ord, rep, answer, probs, confidence, cost_usd, tokens_in, "
    "tokens_out, latency_s, raw, error, test, version, variant, cue_on, extra FROM judgments "
    "WHERE seq BETWEEN ?1 AND ?2 ORDER BY seq";

constexpr int kTaskKinds = 3;
static_assert(static_cast<int>(TaskKind::Ordinal) == kTaskKinds - 1, "one answer cache per task kind");

// Remembers the last text a parser accepted: answers, orders, variants and cues repeat row after row, and a
// comparison of a few bytes is cheaper than parsing them again.
template <typename T> class LastParsed {
public:
    template <typename Parse> std::optional<T> get(std::string_view text, Parse&& parse)
    {
        if (m_has && text == m_text)
            return m_value;
        const std::optional<T> value = parse(text);
        if (value) {
            m_text.assign(text);
            m_value = *value;
            m_has = true;
        }
        return value;
    }

private:
    std::string m_text;
    T m_value{};
    bool m_has = false;
};

} // namespace

class JudgmentRangeReader::Rows {
public:
    Rows(ProjectConnection& connection, const ItemRows& items, const std::string& path,
         const Progress& progress, const std::atomic<bool>& stop)
        : m_statement(connection, kJudgmentQuery), m_items(items), m_path(path), m_progress(progress),
          m_stop(stop)
    {}

    /// Reads the judgments with seq in [first, last] into `batch` (fresh), stopping at the first bad row, on
    /// cancel and when `stop` is set.
    void read(std::int64_t first, std::int64_t last, std::size_t expected, JudgmentBatch& batch)
    {
        auto& q = m_statement;
        if (!q.ok() || !q.reset() || !q.bind(1, first) || !q.bind(2, last)) {
            batch.error = m_path + ": " + q.error();
            return;
        }
        // The remembered strings are ids in the previous batch's pool.
        m_judge = m_format = m_error = m_test = m_version = TextColumn();
        m_conditions.clear();
        m_hasCondition = false;
        batch.rows.reserve(expected);
        Step step;
        std::uint64_t count = 0;
        while ((step = q.step()) == Step::Row) {
            if (!readRow(q, batch))
                return;
            if (++count % kCancelPoll == 0 &&
                (m_progress.cancelled() || m_stop.load(std::memory_order_relaxed))) {
                batch.error = kProjectCancelled;
                return;
            }
        }
        if (step == Step::Error)
            batch.error = m_path + ": " + q.error();
    }

private:
    static constexpr std::uint64_t kCancelPoll = 4096;

    bool fail(JudgmentBatch& batch, std::int64_t seq, int col, const std::string& reason) const
    {
        batch.error = m_path + ": judgments seq " + std::to_string(seq) + ": " + kJudgmentColumnNames[col] +
                      ": " + reason;
        return false;
    }

    bool readRow(const ProjectStatement& q, JudgmentBatch& batch)
    {
        ProjectValue v[kJudgmentColumnCount];
        for (int col = 0; col < kJudgmentColumnCount; ++col)
            v[col] = q.value(col);
        const std::int64_t seq = v[kSeq].integer();
        ReadJudgment& in = batch.rows.emplace_back();
        auto bad = [&](int col, const std::string& reason) {
            batch.rows.pop_back();
            return fail(batch, seq, col, reason);
        };
        const auto item = v[kItem].type() == SQLITE_INTEGER ? m_items.find(v[kItem].integer()) : std::nullopt;
        if (!item)
            return bad(kItem, "no item row " + (v[kItem].isNull() ? "null" : std::string(v[kItem].text())));
        in.item = *item;
        const TaskKind kind = m_items.builder->kind(*item);
        StringPool& pool = batch.strings;
        in.judge = m_judge.read(pool, v[kJudge]);
        in.format = m_format.read(pool, v[kFormat]);
        if (!v[kCondition].isNull()) {
            const std::string_view text = v[kCondition].text();
            if (!m_hasCondition || text != m_lastConditionText) {
                auto it = m_conditions.find(std::string(text));
                if (it == m_conditions.end()) {
                    std::vector<std::pair<std::string, std::string>> pairs;
                    if (!m_json.parseConditionPairs(text, pairs, &m_reason))
                        return bad(kCondition, m_reason);
                    it = m_conditions
                             .emplace(std::string(text), static_cast<std::uint32_t>(batch.conditions.size()))
                             .first;
                    batch.conditions.push_back(std::move(pairs));
                }
                m_lastConditionText.assign(text);
                m_lastCondition = it->second;
                m_hasCondition = true;
            }
            in.condition = m_lastCondition;
        }
        if (!v[kOrd].isNull()) {
            const auto order = m_order.get(v[kOrd].text(), parseOrder);
            if (!order || *order == Order::None)
                return bad(kOrd, quotedText(v[kOrd]) + " is not AB or BA");
            in.order = *order;
        }
        const std::int64_t rep = v[kRep].type() == SQLITE_INTEGER ? v[kRep].integer() : 0;
        if (rep < 1 || rep > 65535)
            return bad(kRep, quotedText(v[kRep]) + " is not a run index in 1..65535");
        in.rep = static_cast<std::uint16_t>(rep);
        if (!v[kAnswer].isNull()) {
            const auto value = m_answer[static_cast<int>(kind)].get(
                v[kAnswer].text(), [kind](std::string_view text) { return parseAnswer(kind, text); });
            if (!value)
                return bad(kAnswer, quotedText(v[kAnswer]) + " is not a " + kindText(kind) + " answer");
            in.answer = *value;
        }
        if (!v[kProbs].isNull()) {
            const std::string_view text = v[kProbs].text();
            const std::size_t before = batch.probs.size();
            if (!parseSavedProbs(text, kind, batch.probs)) {
                batch.probs.resize(before);
                if (!m_json.parseProbs(text, kind, batch.probs, &m_reason))
                    return bad(kProbs, m_reason);
            }
        }
        in.probEnd = static_cast<std::uint32_t>(batch.probs.size());
        for (auto [col, target] :
             {std::pair{kTokensIn, &in.tokensIn}, std::pair{kTokensOut, &in.tokensOut}}) {
            const int type = v[col].type();
            if (type == SQLITE_INTEGER)
                *target = v[col].integer();
            else if (type != SQLITE_NULL)
                return bad(col, quotedText(v[col]) + " is not an integer");
        }
        for (auto [col, target] : {std::pair{kConfidence, &in.confidence}, std::pair{kCost, &in.costUsd},
                                   std::pair{kLatency, &in.latencyS}}) {
            const int type = v[col].type();
            if (type == SQLITE_FLOAT || type == SQLITE_INTEGER) {
                *target = v[col].real();
            } else if (type != SQLITE_NULL) {
                // A text that is a number still counts (Qt Sql read it that way); SQLite's REAL affinity
                // leaves only texts that are not numbers as text. A negative zero is the BLOB `-0`
                // (projectwriter.cpp), read here as the text it holds.
                const std::string_view text = v[col].text();
                const auto [last, ec] = std::from_chars(text.data(), text.data() + text.size(), *target);
                if (ec != std::errc() || last != text.data() + text.size())
                    return bad(col, "'" + std::string(text) + "' is not a number");
            }
        }
        in.raw = internFresh(pool, v[kRaw]);
        in.error = m_error.read(pool, v[kError]);
        in.test = m_test.read(pool, v[kTest]);
        in.version = m_version.read(pool, v[kVersion]);
        if (!v[kVariant].isNull()) {
            const auto variant = m_variant.get(v[kVariant].text(), parseVariant);
            if (!variant || *variant == Variant::None)
                return bad(kVariant, quotedText(v[kVariant]) + " is not original or perturbed");
            in.variant = *variant;
        }
        if (!v[kCue].isNull()) {
            const auto cue = m_cue.get(v[kCue].text(), parseCue);
            if (!cue || *cue == Cue::None)
                return bad(kCue, quotedText(v[kCue]) + " is not better or worse");
            in.cue = *cue;
        }
        in.extra = internFresh(pool, v[kExtra]);
        return true;
    }

    ProjectStatement m_statement;
    const ItemRows& m_items;
    const std::string& m_path;
    const Progress& m_progress;
    const std::atomic<bool>& m_stop;
    LastParsed<Order> m_order;
    LastParsed<Answer> m_answer[kTaskKinds];
    LastParsed<Variant> m_variant;
    LastParsed<Cue> m_cue;
    TextColumn m_judge, m_format, m_error, m_test, m_version;
    std::unordered_map<std::string, std::uint32_t> m_conditions; // text -> index in batch.conditions
    std::string m_lastConditionText;
    std::uint32_t m_lastCondition = 0;
    bool m_hasCondition = false;
    std::string m_reason;
    ProjectJson m_json;
};

JudgmentRangeReader::JudgmentRangeReader(ProjectConnection& connection, const ItemRows& items,
                                         const std::string& path, const Progress& progress,
                                         const std::atomic<bool>& stop)
    : m_rows(std::make_unique<Rows>(connection, items, path, progress, stop))
{}

JudgmentRangeReader::~JudgmentRangeReader() = default;

void JudgmentRangeReader::read(std::int64_t first, std::int64_t last, std::size_t expected,
                               JudgmentBatch& batch)
{
    m_rows->read(first, last, expected, batch);
}

} // namespace tribunal::projectread
