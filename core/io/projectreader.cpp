#include "projectreader.h"

#include "model/auditbuilder.h"
#include "projectconnection.h"
#include "projectjson.h"
#include "projectmeta.h"
#include "projectrowprogress.h"

#include <QSqlQuery>

#include <unordered_map>

namespace tribunal {
namespace {

QByteArray utf8Bytes(const QVariant& value)
{
    return value.toString().toUtf8();
}

StrId internText(AuditBuilder& builder, const QString& text)
{
    const QByteArray utf8 = text.toUtf8();
    return builder.intern(viewOf(utf8));
}

// Interns a text column value (NULL = kEmptyStr).
StrId internFresh(AuditBuilder& builder, const QVariant& value)
{
    return value.isNull() ? kEmptyStr : internText(builder, value.toString());
}

// Interns a text column; consecutive equal values (judge, format, dataset, ...) skip the UTF-8 conversion.
class TextColumn {
public:
    StrId read(AuditBuilder& builder, const QVariant& value)
    {
        if (value.isNull())
            return kEmptyStr;
        QString text = value.toString();
        if (m_has && text == m_last)
            return m_lastId;
        m_lastId = internText(builder, text);
        m_last = std::move(text);
        m_has = true;
        return m_lastId;
    }

private:
    QString m_last;
    StrId m_lastId = kEmptyStr;
    bool m_has = false;
};

// Interns the text of a JSON row field (null = not given); repeated values (judge, format, ...) are compared
// against the previous row's string instead of being hashed again.
class FieldInterner {
public:
    StrId read(AuditBuilder& builder, simdjson::dom::element value)
    {
        if (value.is_null())
            return kEmptyStr;
        std::string buffer;
        const std::string_view text = jsonText(value, buffer);
        if (m_has && builder.str(m_lastId) == text)
            return m_lastId;
        m_lastId = builder.intern(text);
        m_has = true;
        return m_lastId;
    }

private:
    StrId m_lastId = kEmptyStr;
    bool m_has = false;
};

// Judgment columns as the reader gets them: all but the REAL columns packed by SQLite into one JSON array per
// row. Reading a value through Qt costs a QVariant and, for text, a UTF-8 -> UTF-16 -> UTF-8 round trip; one
// text per row instead of eighteen values is what lets a million judgments open in seconds. REAL columns stay
// separate because a double must arrive bit-identical (SQLite prints JSON reals with 15 digits).
enum JudgmentField {
    kSeq,
    kItem,
    kJudge,
    kFormat,
    kCondition,
    kOrd,
    kRep,
    kAnswer,
    kProbs,
    kTokensIn,
    kTokensOut,
    kRaw,
    kError,
    kTest,
    kVersion,
    kVariant,
    kCue,
    kExtra,
    kJudgmentFieldCount
};
constexpr const char* kJudgmentFieldNames[kJudgmentFieldCount] = {
    "seq",       "item",       "judge", "format", "condition", "ord",     "rep",     "answer", "probs",
    "tokens_in", "tokens_out", "raw",   "error",  "test",      "version", "variant", "cue_on", "extra"};

QString judgmentQuery()
{
    std::string sql = "SELECT json_array(";
    for (int f = 0; f < kJudgmentFieldCount; ++f)
        sql.append(f ? ", " : "").append(kJudgmentFieldNames[f]);
    sql += "), confidence, cost_usd, latency_s FROM judgments ORDER BY seq";
    return toQString(sql);
}

std::string kindText(TaskKind kind)
{
    return std::string(kindName(kind));
}

class Reader {
public:
    Reader(ProjectConnection& connection, const std::string& path, const Progress& progress)
        : m_connection(connection), m_path(path), m_progress(progress), m_file(m_builder.addSourceFile(path))
    {}

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
        if (!readItems(rows, error) || !readConditionKeys(error) || !readJudgments(rows, error))
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
    bool fail(std::string* error, std::string_view table, std::string_view key, std::string_view field,
              const std::string& reason) const
    {
        *error = m_path + ": " + std::string(table) + " " + std::string(key) + ": " + std::string(field) +
                 ": " + reason;
        return false;
    }
    bool fail(std::string* error, std::string_view table, qlonglong key, std::string_view field,
              const std::string& reason) const
    {
        return fail(error, table, std::to_string(key), field, reason);
    }

    bool queryFailed(const QSqlQuery& query, std::string* error) const
    {
        *error = m_path + ": " + sqlErrorText(query.lastError());
        return false;
    }

    // Runs `sql` and calls `row(query)` for each result row; stops when it returns false (with *error set).
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

    static std::optional<Answer> answerOf(TaskKind kind, const QVariant& value)
    {
        if (value.isNull())
            return answer::kNone;
        return parseAnswer(kind, viewOf(utf8Bytes(value)));
    }

    bool readItems(ProjectRowProgress& rows, std::string* error)
    {
        TextColumn dataset;
        TextColumn shared[kItemTextCount];
        std::string reason;
        return select(
            QStringLiteral(
                "SELECT row, dataset, item_id, kind, label, unit_id, grp, question, response_a, response_b, "
                "input, submission, criterion, strata, domain, levels, ratings, extra FROM items ORDER BY "
                "row"),
            error, [&](const QSqlQuery& q) {
                const qlonglong row = q.value(0).toLongLong();
                const StrId d = dataset.read(m_builder, q.value(1));
                const StrId id = internFresh(m_builder, q.value(2));
                const auto kind = parseKind(toUtf8(q.value(3)));
                if (!kind)
                    return fail(error, "items row", row, "kind",
                                "'" + toUtf8(q.value(3)) + "' is not a task kind");
                if (m_builder.findItem(d, id))
                    return fail(error, "items row", row, "item_id",
                                "duplicate item (" + std::string(m_builder.str(d)) + ", " +
                                    std::string(m_builder.str(id)) + ")");
                const std::uint32_t item = m_builder.addItem(d, id, *kind);
                if (static_cast<qlonglong>(item) != row)
                    m_dense = false;
                m_itemOfRow.emplace(row, item);
                const auto label = answerOf(*kind, q.value(4));
                if (!label)
                    return fail(error, "items row", row, "label",
                                "'" + toUtf8(q.value(4)) + "' is not a " + kindText(*kind) + " label");
                m_builder.setLabel(item, *label);
                for (int f = 0; f <= static_cast<int>(ItemText::Domain); ++f)
                    m_builder.setText(item, static_cast<ItemText>(f),
                                      shared[f].read(m_builder, q.value(5 + f)));
                m_builder.setText(item, ItemText::Extra, internFresh(m_builder, q.value(17)));
                if (!q.value(15).isNull()) {
                    std::vector<StrId> levels;
                    if (!m_json.parseStrings(viewOf(utf8Bytes(q.value(15))), "level", m_builder, levels,
                                             &reason))
                        return fail(error, "items row", row, "levels", reason);
                    m_builder.setLevels(item, std::move(levels));
                }
                if (!q.value(16).isNull()) {
                    std::vector<Rating> ratings;
                    if (!m_json.parseRatings(viewOf(utf8Bytes(q.value(16))), *kind, m_builder, ratings,
                                             &reason))
                        return fail(error, "items row", row, "ratings", reason);
                    m_builder.setRatings(item, std::move(ratings));
                }
                return rows.advance(error);
            });
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
        if (!m_json.parseStrings(*text, "key", m_builder, keys, &reason))
            return fail(error, "meta", kProjectMetaConditionKeys, "value", reason);
        for (const StrId key : keys)
            m_builder.addConditionKey(key);
        return true;
    }

    std::optional<std::uint32_t> itemOfRow(qlonglong row) const
    {
        if (m_dense)
            return row >= 0 && static_cast<std::size_t>(row) < m_builder.itemCount()
                       ? std::optional<std::uint32_t>(static_cast<std::uint32_t>(row))
                       : std::nullopt;
        auto it = m_itemOfRow.find(row);
        return it == m_itemOfRow.end() ? std::nullopt : std::optional<std::uint32_t>(it->second);
    }

    bool readJudgments(ProjectRowProgress& rows, std::string* error)
    {
        FieldInterner judge, format, errorText, test, version;
        std::unordered_map<std::string, CondId> conditions; // parsed condition texts
        std::pair<std::string, CondId> lastCondition{"", 0};
        std::vector<ProbEntry> probs;
        std::string reason, buffer;
        std::uint64_t line = 0;
        const char* const where = "judgments seq";
        simdjson::dom::element fields[kJudgmentFieldCount];
        return select(judgmentQuery(), error, [&](const QSqlQuery& q) {
            ++line;
            const QByteArray rowText = utf8Bytes(q.value(0));
            simdjson::dom::element row;
            simdjson::dom::array array;
            if (!m_rowJson.parse(viewOf(rowText), row, &reason) || row.get_array().get(array) ||
                array.size() != kJudgmentFieldCount) {
                *error = m_path + ": judgments row " + std::to_string(line) + ": cannot read the row";
                return false;
            }
            int f = 0;
            for (auto value : array)
                fields[f++] = value;
            const std::int64_t seq = fields[kSeq].get_int64().value_unsafe();
            auto bad = [&](JudgmentField field, const std::string& why) {
                return fail(error, where, seq, kJudgmentFieldNames[field], why);
            };
            auto quoted = [&](JudgmentField field) { return "'" + jsonText(fields[field]) + "'"; };

            JudgmentInput in;
            in.source = {m_file, line};
            std::int64_t itemRow = 0;
            const auto item = fields[kItem].get_int64().get(itemRow) ? std::nullopt : itemOfRow(itemRow);
            if (!item)
                return bad(kItem, "no item row " + jsonText(fields[kItem]));
            in.item = *item;
            const TaskKind kind = m_builder.kind(*item);
            in.judge = judge.read(m_builder, fields[kJudge]);
            in.format = format.read(m_builder, fields[kFormat]);
            if (!fields[kCondition].is_null()) {
                const std::string_view text = jsonText(fields[kCondition], buffer);
                if (text != lastCondition.first) {
                    auto it = conditions.find(std::string(text));
                    if (it == conditions.end()) {
                        CondId id = 0;
                        if (!m_json.parseCondition(text, m_builder, id, &reason))
                            return bad(kCondition, reason);
                        it = conditions.emplace(std::string(text), id).first;
                    }
                    lastCondition = *it;
                }
                in.condition = lastCondition.second;
            }
            if (!fields[kOrd].is_null()) {
                const auto order = parseOrder(jsonText(fields[kOrd], buffer));
                if (!order || *order == Order::None)
                    return bad(kOrd, quoted(kOrd) + " is not AB or BA");
                in.order = *order;
            }
            std::int64_t rep = 0;
            if (fields[kRep].get_int64().get(rep) || rep < 1 || rep > 65535)
                return bad(kRep, quoted(kRep) + " is not a run index in 1..65535");
            in.rep = static_cast<std::uint16_t>(rep);
            if (!fields[kAnswer].is_null()) {
                const auto value = parseAnswer(kind, jsonText(fields[kAnswer], buffer));
                if (!value)
                    return bad(kAnswer, quoted(kAnswer) + " is not a " + kindText(kind) + " answer");
                in.answer = *value;
            }
            probs.clear();
            if (!fields[kProbs].is_null()) {
                if (!m_json.parseProbs(jsonText(fields[kProbs], buffer), kind, probs, &reason))
                    return bad(kProbs, reason);
                in.probs = probs;
            }
            for (auto [field, target] :
                 {std::pair{kTokensIn, &in.tokensIn}, std::pair{kTokensOut, &in.tokensOut}}) {
                if (!fields[field].is_null() && fields[field].get_int64().get(*target))
                    return bad(field, quoted(field) + " is not an integer");
            }
            in.raw = fields[kRaw].is_null() ? kEmptyStr : m_builder.intern(jsonText(fields[kRaw], buffer));
            in.error = errorText.read(m_builder, fields[kError]);
            in.test = test.read(m_builder, fields[kTest]);
            in.version = version.read(m_builder, fields[kVersion]);
            if (!fields[kVariant].is_null()) {
                const auto variant = parseVariant(jsonText(fields[kVariant], buffer));
                if (!variant || *variant == Variant::None)
                    return bad(kVariant, quoted(kVariant) + " is not original or perturbed");
                in.variant = *variant;
            }
            if (!fields[kCue].is_null()) {
                const auto cue = parseCue(jsonText(fields[kCue], buffer));
                if (!cue || *cue == Cue::None)
                    return bad(kCue, quoted(kCue) + " is not better or worse");
                in.cue = *cue;
            }
            in.extra =
                fields[kExtra].is_null() ? kEmptyStr : m_builder.intern(jsonText(fields[kExtra], buffer));

            static constexpr const char* realNames[] = {"confidence", "cost_usd", "latency_s"};
            double* reals[] = {&in.confidence, &in.costUsd, &in.latencyS};
            for (int r = 0; r < 3; ++r) {
                const QVariant v = q.value(1 + r);
                if (v.isNull())
                    continue;
                bool ok = false;
                *reals[r] = v.toDouble(&ok);
                if (!ok)
                    return fail(error, where, seq, realNames[r], "'" + toUtf8(v) + "' is not a number");
            }
            m_builder.addJudgment(in);
            return rows.advance(error);
        });
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

    ProjectConnection& m_connection;
    const std::string& m_path;
    const Progress& m_progress;
    AuditBuilder m_builder;
    std::uint32_t m_file;
    std::unordered_map<qlonglong, std::uint32_t> m_itemOfRow;
    bool m_dense = true;   // item rows are 0..n-1 in order: look them up without the map
    ProjectJson m_json;    // texts inside a row: condition, probs, levels, ratings, meta condition_keys
    ProjectJson m_rowJson; // the judgment row itself
};

} // namespace

std::optional<ProjectContents> readProjectDatabase(ProjectConnection& connection, const std::string& path,
                                                   const Progress& progress, std::string* error)
{
    Reader reader(connection, path, progress);
    return reader.read(error);
}

} // namespace tribunal
