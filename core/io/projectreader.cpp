// Reading a project database into an audit (see projectreader.h). Over 600 lines on purpose for now: the row
// structs (ItemRows, ReadJudgment, JudgmentBatch), the two-thread chunked judgment reader and the merging
// Reader share file-private types and invariants (seq order, string-pool hand-over) that are easiest to check
// in one place. Planned split (issue 11): the saved-probabilities parser (parseJsonNumber, parseSavedProbs)
// into its own unit, then JudgmentRangeReader with its row structs.

#include "projectreader.h"

#include "model/auditbuilder.h"
#include "projectconnection.h"
#include "projectjson.h"
#include "projectmeta.h"
#include "projectrowprogress.h"
#include "projectstatement.h"

#include <QSqlQuery>

#include <atomic>
#include <charconv>
#include <condition_variable>
#include <limits>
#include <mutex>
#include <thread>
#include <unordered_map>

namespace tribunal {
namespace {

using Step = ProjectStatement::Step;

std::string kindText(TaskKind kind)
{
    return std::string(kindName(kind));
}

// A column value as error text: NULL reads as "null", like the JSON the reader used to get.
std::string quotedText(ProjectValue value)
{
    return "'" + (value.isNull() ? std::string("null") : std::string(value.text())) + "'";
}

// Interns a text column (NULL = kEmptyStr) into `pool`; consecutive equal values (judge, format, dataset,
// ...) are compared against the previous row's string instead of being hashed again.
class TextColumn {
public:
    StrId read(StringPool& pool, ProjectValue value)
    {
        if (value.isNull())
            return kEmptyStr;
        const std::string_view text = value.text();
        if (m_has && pool.view(m_lastId) == text)
            return m_lastId;
        m_lastId = pool.intern(text);
        m_has = true;
        return m_lastId;
    }

private:
    StrId m_lastId = kEmptyStr;
    bool m_has = false;
};

StrId internFresh(StringPool& pool, ProjectValue value)
{
    return value.isNull() ? kEmptyStr : pool.intern(value.text());
}

// A JSON number (RFC 8259 grammar) parsed to the double simdjson gives for it; false for anything else,
// including what std::from_chars would take but JSON does not ("+1", "1.", ".5", "inf"), and for integers of
// more than 18 digits (simdjson's big-integer rules are left to simdjson).
bool parseJsonNumber(const char*& p, const char* end, double& out)
{
    const char* const start = p;
    const char* q = p;
    if (q < end && *q == '-')
        ++q;
    const char* const digits = q;
    if (q < end && *q == '0')
        ++q;
    else
        while (q < end && *q >= '0' && *q <= '9')
            ++q;
    if (q == digits)
        return false;
    bool integer = true;
    if (q < end && *q == '.') {
        integer = false;
        const char* const fraction = ++q;
        while (q < end && *q >= '0' && *q <= '9')
            ++q;
        if (q == fraction)
            return false;
    }
    if (q < end && (*q == 'e' || *q == 'E')) {
        integer = false;
        ++q;
        if (q < end && (*q == '+' || *q == '-'))
            ++q;
        const char* const exponent = q;
        while (q < end && *q >= '0' && *q <= '9')
            ++q;
        if (q == exponent)
            return false;
    }
    if (integer) {
        // simdjson reads an integer as int64 and converts it, so "-0" is +0.0, not -0.0.
        std::int64_t value = 0;
        if (q - digits > 18 || std::from_chars(start, q, value).ptr != q)
            return false;
        out = static_cast<double>(value);
    } else if (const auto [last, ec] = std::from_chars(start, q, out); ec != std::errc() || last != q) {
        return false;
    }
    p = q;
    return true;
}

// The probabilities a save writes, {"A":0.7,"B":0.3} (no blanks, no escapes, numbers or null), without a JSON
// parser: every judgment of a simulated audit has them. False (with `out` possibly partly filled) for any
// other text, which then goes through simdjson and its error messages.
bool parseSavedProbs(std::string_view text, TaskKind kind, std::vector<ProbEntry>& out)
{
    const char* p = text.data();
    const char* const end = p + text.size();
    if (p == end || *p++ != '{')
        return false;
    if (p < end && *p == '}')
        return p + 1 == end;
    for (;;) {
        if (p == end || *p++ != '"')
            return false;
        const char* const key = p;
        while (p < end && *p != '"' && *p != '\\' && static_cast<unsigned char>(*p) >= 0x20)
            ++p;
        if (p == end || *p != '"')
            return false;
        const auto option = parseAnswer(kind, std::string_view(key, static_cast<std::size_t>(p - key)));
        if (!option || ++p == end || *p++ != ':')
            return false;
        double value = kMissing; // JsonWriter writes a NaN as null
        if (end - p >= 4 && std::string_view(p, 4) == "null")
            p += 4;
        else if (!parseJsonNumber(p, end, value))
            return false;
        out.push_back({*option, value});
        if (p == end)
            return false;
        if (*p == '}')
            return p + 1 == end;
        if (*p++ != ',')
            return false;
    }
}

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

// Judgments are read in chunks of about this many rows (by seq range); a project of more than one chunk is
// read by two threads (Reader::readJudgments).
constexpr std::uint64_t kChunkRows = 65536;

// The items as read so far, shared read-only by the judgment readers.
struct ItemRows {
    const AuditBuilder* builder = nullptr;
    std::unordered_map<std::int64_t, std::uint32_t> itemOfRow;
    bool dense = true; // item rows are 0..n-1 in order: look them up without the map

    std::optional<std::uint32_t> find(std::int64_t row) const
    {
        if (dense)
            return row >= 0 && static_cast<std::size_t>(row) < builder->itemCount()
                       ? std::optional<std::uint32_t>(static_cast<std::uint32_t>(row))
                       : std::nullopt;
        auto it = itemOfRow.find(row);
        return it == itemOfRow.end() ? std::nullopt : std::optional<std::uint32_t>(it->second);
    }
};

// One judgment as read, its strings in the batch's own pool and its condition an index into the batch's
// conditions (0 = none).
struct ReadJudgment {
    double confidence = kMissing;
    double costUsd = kMissing;
    double latencyS = kMissing;
    std::int64_t tokensIn = kMissingCount;
    std::int64_t tokensOut = kMissingCount;
    std::uint32_t item = 0;
    StrId judge = kEmptyStr, format = kEmptyStr, raw = kEmptyStr, error = kEmptyStr, test = kEmptyStr,
          version = kEmptyStr, extra = kEmptyStr;
    std::uint32_t condition = 0;
    std::uint32_t probEnd = 0; // probabilities are probs[previous row's probEnd, probEnd)
    std::uint16_t rep = 1;
    Answer answer = answer::kNone;
    Order order = Order::None;
    Variant variant = Variant::None;
    Cue cue = Cue::None;
};

// The judgments of one seq range, read without touching the builder so that two ranges can be read at once.
struct JudgmentBatch {
    StringPool strings;
    std::vector<ReadJudgment> rows;
    std::vector<ProbEntry> probs;
    std::vector<std::vector<std::pair<std::string, std::string>>> conditions =
        std::vector<std::vector<std::pair<std::string, std::string>>>(1); // [0] = none
    std::string error; // the first failure (full message) or kProjectCancelled; rows stop before it
};

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

// Reads judgments by seq range into batches, through one connection. Runs on any thread (the one that owns
// the connection); `items` is only read.
class JudgmentRangeReader {
public:
    JudgmentRangeReader(ProjectConnection& connection, const ItemRows& items, const std::string& path,
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
                // leaves only texts that are not numbers as text.
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

class Reader {
public:
    Reader(ProjectConnection& connection, const std::string& path, const Progress& progress)
        : m_connection(connection), m_path(path), m_progress(progress), m_file(m_builder.addSourceFile(path))
    {
        m_items.builder = &m_builder;
    }

    std::optional<ProjectContents> read(std::string* error)
    {
        std::string err;
        auto itemCount = m_connection.value("SELECT count(*) FROM items", &err);
        auto judgmentCount =
            itemCount ? m_connection.value("SELECT count(*) FROM judgments", &err) : std::nullopt;
        if (!judgmentCount) {
            *error = m_path + ": " + err;
            return std::nullopt;
        }
        const auto items = static_cast<std::uint64_t>(itemCount->toLongLong());
        const auto judgments = static_cast<std::uint64_t>(judgmentCount->toLongLong());
        ProjectRowProgress rows(m_progress, items + judgments);
        m_builder.reserveJudgments(judgments);
        if (!readItems(rows, error) || !readConditionKeys(error) || !readJudgments(rows, judgments, error))
            return std::nullopt;
        ProjectContents contents;
        if (!readExtras(contents.extras, error))
            return std::nullopt;
        if (rows.cancelled()) {
            *error = kProjectCancelled;
            return std::nullopt;
        }
        ImportLog log;
        contents.audit = m_builder.build(log);
        if (!contents.audit) {
            *error = log.issues.empty() ? m_path + ": cannot build the audit" : log.issues.front().text();
            return std::nullopt;
        }
        rows.finish();
        return contents;
    }

private:
    // "<path>: <table> <key>: <field>: <reason>"
    bool fail(std::string* error, std::string_view table, std::int64_t key, std::string_view field,
              const std::string& reason) const
    {
        *error = m_path + ": " + std::string(table) + " " + std::to_string(key) + ": " + std::string(field) +
                 ": " + reason;
        return false;
    }

    bool queryFailed(const QSqlQuery& query, std::string* error) const
    {
        *error = m_path + ": " + sqlErrorText(query.lastError());
        return false;
    }

    // Runs `sql` through Qt Sql (the few rows of the extras) and calls `row(query)` for each result row;
    // stops when it returns false (with *error set).
    template <typename Row> bool select(const QString& sql, std::string* error, Row&& row)
    {
        QSqlQuery q(m_connection.db());
        q.setForwardOnly(true);
        if (!q.exec(sql))
            return queryFailed(q, error);
        while (q.next())
            if (!row(q))
                return false;
        if (q.lastError().isValid())
            return queryFailed(q, error);
        return true;
    }

    bool readItems(ProjectRowProgress& rows, std::string* error)
    {
        enum Column {
            kRowCol,
            kDatasetCol,
            kItemIdCol,
            kKindCol,
            kLabelCol,
            kFirstTextCol,
            kLevelsCol = 15,
            kRatingsCol,
            kExtraCol,
            kItemColumnCount
        };
        // ItemText order matches columns kFirstTextCol.. (unit_id .. domain); Extra is the last column.
        static_assert(static_cast<int>(ItemText::Domain) == 9 && static_cast<int>(ItemText::Extra) == 10);
        ProjectStatement q(m_connection,
                           "SELECT row, dataset, item_id, kind, label, unit_id, grp, question, response_a, "
                           "response_b, input, submission, criterion, strata, domain, levels, ratings, extra "
                           "FROM items ORDER BY row");
        if (!q.ok()) {
            *error = m_path + ": " + q.error();
            return false;
        }
        StringPool& pool = m_builder.strings();
        TextColumn dataset;
        TextColumn shared[kItemTextCount];
        std::string reason;
        Step step;
        while ((step = q.step()) == Step::Row) {
            ProjectValue v[kItemColumnCount];
            for (int col = 0; col < kItemColumnCount; ++col)
                v[col] = q.value(col);
            const std::int64_t row = v[kRowCol].integer();
            const StrId d = dataset.read(pool, v[kDatasetCol]);
            const StrId id = internFresh(pool, v[kItemIdCol]);
            const auto kind = parseKind(v[kKindCol].text());
            if (!kind)
                return fail(error, "items row", row, "kind", quotedText(v[kKindCol]) + " is not a task kind");
            if (m_builder.findItem(d, id))
                return fail(error, "items row", row, "item_id",
                            "duplicate item (" + std::string(m_builder.str(d)) + ", " +
                                std::string(m_builder.str(id)) + ")");
            const std::uint32_t item = m_builder.addItem(d, id, *kind);
            if (static_cast<std::int64_t>(item) != row)
                m_items.dense = false;
            m_items.itemOfRow.emplace(row, item);
            if (!v[kLabelCol].isNull()) {
                const auto label = parseAnswer(*kind, v[kLabelCol].text());
                if (!label)
                    return fail(error, "items row", row, "label",
                                quotedText(v[kLabelCol]) + " is not a " + kindText(*kind) + " label");
                m_builder.setLabel(item, *label);
            }
            for (int f = 0; f <= static_cast<int>(ItemText::Domain); ++f)
                m_builder.setText(item, static_cast<ItemText>(f), shared[f].read(pool, v[kFirstTextCol + f]));
            m_builder.setText(item, ItemText::Extra, internFresh(pool, v[kExtraCol]));
            if (!v[kLevelsCol].isNull()) {
                std::vector<StrId> levels;
                if (!m_json.parseStrings(v[kLevelsCol].text(), "level", m_builder, levels, &reason))
                    return fail(error, "items row", row, "levels", reason);
                m_builder.setLevels(item, std::move(levels));
            }
            if (!v[kRatingsCol].isNull()) {
                std::vector<Rating> ratings;
                if (!m_json.parseRatings(v[kRatingsCol].text(), *kind, m_builder, ratings, &reason))
                    return fail(error, "items row", row, "ratings", reason);
                m_builder.setRatings(item, std::move(ratings));
            }
            if (!rows.advance(error))
                return false;
        }
        if (step == Step::Error) {
            *error = m_path + ": " + q.error();
            return false;
        }
        return true;
    }

    // Registers the saved condition key order before any judgment interns a condition set.
    bool readConditionKeys(std::string* error)
    {
        std::optional<std::string> text;
        std::string reason;
        if (!readProjectMeta(m_connection, kProjectMetaConditionKeys, &text, &reason)) {
            *error = m_path + ": " + reason;
            return false;
        }
        if (!text)
            return true;
        std::vector<StrId> keys;
        if (!m_json.parseStrings(*text, "key", m_builder, keys, &reason)) {
            *error = m_path + ": meta " + std::string(kProjectMetaConditionKeys) + ": value: " + reason;
            return false;
        }
        for (const StrId key : keys)
            m_builder.addConditionKey(key);
        return true;
    }

    // The smallest and largest seq (each an indexed look-up; min() and max() in one query would scan).
    bool seqRange(std::int64_t& first, std::int64_t& last, std::string* error)
    {
        ProjectStatement q(m_connection, "SELECT (SELECT min(seq) FROM judgments), (SELECT max(seq) FROM "
                                         "judgments)");
        if (!q.ok() || q.step() != Step::Row) {
            *error = m_path + ": " + q.error();
            return false;
        }
        first = q.value(0).integer();
        last = q.value(1).integer();
        return true;
    }

    // The judgments in seq order, as chunks of seq ranges. With more than one chunk a worker thread with a
    // connection of its own reads chunks too (Qt Sql connections belong to one thread, and SQLite serialises
    // the calls on one handle): SQLite's record decoding and the text parsing are most of the open time. This
    // thread hands finished chunks to the builder in order whenever the next one is ready and reads a chunk
    // otherwise, so the two threads stay busy whatever the split.
    bool readJudgments(ProjectRowProgress& rows, std::uint64_t judgments, std::string* error)
    {
        std::int64_t first = 0, last = 0;
        if (judgments == 0)
            return true;
        if (!seqRange(first, last, error))
            return false;
        // Chunk bounds in unsigned offsets from `first`: the difference of two int64 values may not fit one.
        const auto span = static_cast<std::uint64_t>(last) - static_cast<std::uint64_t>(first);
        const std::uint64_t chunks = (judgments + kChunkRows - 1) / kChunkRows;
        const std::uint64_t width = span / chunks + 1;
        const auto expected =
            static_cast<std::size_t>(judgments / chunks + 1); // rows per chunk when seq is dense
        auto bounds = [&](std::uint64_t chunk) {
            const std::uint64_t from = chunk * width; // <= span (readChunks checks)
            const std::uint64_t to = span - from < width - 1 ? span : from + width - 1;
            return std::pair{static_cast<std::int64_t>(static_cast<std::uint64_t>(first) + from),
                             static_cast<std::int64_t>(static_cast<std::uint64_t>(first) + to)};
        };
        std::vector<JudgmentBatch> batches(chunks);
        std::vector<char> ready(chunks, 0); // guarded by `mutex`
        std::mutex mutex;
        std::condition_variable readyChanged;
        std::atomic<std::uint64_t> next{0};
        std::atomic<bool> stop{false};
        // Takes and reads chunks until none is left (`once`: one chunk). A chunk that starts beyond the seq
        // range (possible when span is small against chunks) is left empty.
        auto readChunks = [&](JudgmentRangeReader& reader, bool once) {
            for (std::uint64_t chunk; (chunk = next.fetch_add(1)) < chunks;) {
                if (chunk <= span / width) { // then chunk * width <= span: no overflow
                    const auto [from, to] = bounds(chunk);
                    reader.read(from, to, expected, batches[chunk]);
                }
                {
                    std::lock_guard lock(mutex);
                    ready[chunk] = 1;
                }
                readyChanged.notify_all();
                if (once || stop.load(std::memory_order_relaxed))
                    return;
            }
        };
        std::jthread worker;
        if (chunks > 1)
            worker = std::jthread([&] {
                ProjectConnection connection(m_path, ProjectConnection::Mode::ReadOnly);
                if (!connection.ok())
                    return; // this thread then reads every chunk
                JudgmentRangeReader reader(connection, m_items, m_path, m_progress, stop);
                readChunks(reader, false);
            });
        // On every return (a bad chunk ends the read early): stop the worker after its current chunk and join
        // it before the state it shares (declared above) goes.
        struct StopAndJoin {
            std::atomic<bool>& stop;
            std::jthread& worker;
            ~StopAndJoin()
            {
                stop = true;
                if (worker.joinable())
                    worker.join();
            }
        } stopAndJoin{stop, worker};

        JudgmentRangeReader reader(m_connection, m_items, m_path, m_progress, stop);
        for (std::uint64_t merged = 0; merged < chunks;) {
            bool isReady = false;
            {
                std::unique_lock lock(mutex);
                isReady = ready[merged] != 0;
                if (!isReady && next.load() >= chunks) {
                    readyChanged.wait(lock, [&] { return ready[merged] != 0; });
                    isReady = true;
                }
            }
            if (!isReady) {
                readChunks(reader, true);
                continue;
            }
            JudgmentBatch batch = std::move(batches[merged]);
            ++merged;
            if (!merge(batch, rows, error))
                return false;
        }
        return true;
    }

    // Hands a batch's judgments to the builder in order, interning its strings and conditions at first use
    // (so the builder sees them in the same order as a row-by-row read). Counts each row in `rows`.
    bool merge(JudgmentBatch& batch, ProjectRowProgress& rows, std::string* error)
    {
        std::vector<StrId> strId(batch.strings.size(), kNoId);
        strId[kEmptyStr] = kEmptyStr;
        auto str = [&](StrId local) {
            StrId& id = strId[local];
            if (id == kNoId)
                id = m_builder.intern(batch.strings.view(local));
            return id;
        };
        std::vector<CondId> condId(batch.conditions.size(), kNoId);
        condId[0] = 0;
        std::uint32_t probBegin = 0;
        JudgmentInput in;
        in.source.file = m_file;
        for (const ReadJudgment& r : batch.rows) {
            in.source.line = ++m_line;
            in.item = r.item;
            in.judge = str(r.judge);
            in.format = str(r.format);
            if (condId[r.condition] == kNoId) {
                Condition pairs;
                for (const auto& [key, value] : batch.conditions[r.condition])
                    pairs.emplace_back(m_builder.intern(key), m_builder.intern(value));
                condId[r.condition] = m_builder.internCondition(std::move(pairs));
            }
            in.condition = condId[r.condition];
            in.order = r.order;
            in.rep = r.rep;
            in.answer = r.answer;
            in.probs = std::span<const ProbEntry>(batch.probs.data() + probBegin, r.probEnd - probBegin);
            probBegin = r.probEnd;
            in.tokensIn = r.tokensIn;
            in.tokensOut = r.tokensOut;
            in.confidence = r.confidence;
            in.costUsd = r.costUsd;
            in.latencyS = r.latencyS;
            in.raw = str(r.raw);
            in.error = str(r.error);
            in.test = str(r.test);
            in.version = str(r.version);
            in.variant = r.variant;
            in.cue = r.cue;
            in.extra = str(r.extra);
            m_builder.addJudgment(in);
            if (!rows.advance(error))
                return false;
        }
        if (batch.error.empty())
            return true;
        *error = batch.error;
        return false;
    }

    bool readExtras(ProjectExtras& extras, std::string* error)
    {
        // Notes in rowid order: the order save() inserted them in, i.e. the caller's order.
        return select(QStringLiteral("SELECT key, value FROM settings"), error,
                      [&](const QSqlQuery& q) {
                          extras.settings[toUtf8(q.value(0))] = toUtf8(q.value(1));
                          return true;
                      }) &&
               select(QStringLiteral("SELECT name, config FROM judges"), error,
                      [&](const QSqlQuery& q) {
                          extras.judges[toUtf8(q.value(0))] = toUtf8(q.value(1));
                          return true;
                      }) &&
               select(QStringLiteral("SELECT dataset, item_id, text, updated FROM notes ORDER BY rowid"),
                      error, [&](const QSqlQuery& q) {
                          extras.notes.push_back({toUtf8(q.value(0)), toUtf8(q.value(1)), toUtf8(q.value(2)),
                                                  toUtf8(q.value(3))});
                          return true;
                      });
    }

    static constexpr std::uint32_t kNoId = std::numeric_limits<std::uint32_t>::max();

    ProjectConnection& m_connection;
    const std::string& m_path;
    const Progress& m_progress;
    AuditBuilder m_builder;
    std::uint32_t m_file;
    std::uint64_t m_line = 0; // 1-based position of a judgment in seq order, its SourceRef line
    ItemRows m_items;
    ProjectJson m_json; // texts inside an item row and meta condition_keys
};

} // namespace

std::optional<ProjectContents> readProjectDatabase(ProjectConnection& connection, const std::string& path,
                                                   const Progress& progress, std::string* error)
{
    Reader reader(connection, path, progress);
    return reader.read(error);
}

} // namespace tribunal
