#include "io/project/projectwriter.h"

#include "io/project/projectbatchinsert.h"
#include "io/project/projectconnection.h"
#include "io/project/projectmeta.h"
#include "io/project/projectrowprogress.h"
#include "io/project/projectschema.h"
#include "report/jsonwriter.h"

#include <QByteArray>
#include <QSqlQuery>
#include <QVariant>

#include <bit>
#include <cmath>
#include <unordered_map>

namespace tribunal {
namespace {

using Batch = ProjectBatchInsert;

// Keys of batch values: equal keys mean equal values (see ProjectBatchInsert).
std::uint64_t strKey(StrId id)
{
    return id == kEmptyStr ? Batch::kNull : id;
}
std::uint64_t intKey(std::int64_t value)
{
    return static_cast<std::uint64_t>(value);
}
std::uint64_t realKey(double value)
{
    return isMissing(value) ? Batch::kNull : std::bit_cast<std::uint64_t>(value);
}
// The value bound for a REAL column. SQLite stores a REAL without a fraction as an integer, which turns -0.0
// into 0; a negative zero is therefore written as the BLOB `-0`, which no affinity converts and which the
// reader takes as the number it spells (projectjudgmentrange.cpp).
QVariant realValue(double value)
{
    if (value == 0 && std::signbit(value))
        return QVariant(QByteArray("-0"));
    return QVariant(value);
}
std::uint64_t countKey(std::int64_t value)
{
    return value == kMissingCount ? Batch::kNull : static_cast<std::uint64_t>(value);
}
std::uint64_t answerKey(TaskKind kind, Answer value)
{
    return value == answer::kNone
               ? Batch::kNull
               : (static_cast<std::uint64_t>(kind) << 16) | static_cast<std::uint16_t>(value);
}
// Enum columns (order, variant, cue) whose None is NULL.
template <typename Enum> std::uint64_t enumKey(Enum value)
{
    return value == Enum::None ? Batch::kNull : static_cast<std::uint64_t>(value);
}

// Converts interned strings to bound values, low-cardinality columns (judge, format, dataset, ...) once per
// distinct string.
class TextValues {
public:
    explicit TextValues(const Audit& audit) : m_audit(audit) {}
    QString cached(StrId id)
    {
        auto [it, inserted] = m_cache.try_emplace(id);
        if (inserted)
            it->second = toQString(m_audit.str(id));
        return it->second;
    }
    QString fresh(StrId id) const { return toQString(m_audit.str(id)); }
    QString answer(TaskKind kind, Answer value) const { return toQString(answerText(kind, value)); }

private:
    const Audit& m_audit;
    std::unordered_map<StrId, QString> m_cache;
};

// Sets `col` to the JSON that `write` produces, or NULL when `empty`.
template <typename Write> void setJson(Batch& insert, int col, bool empty, std::string& json, Write&& write)
{
    if (empty) {
        insert.setNull(col);
        return;
    }
    json.clear();
    JsonWriter w(json);
    write(w);
    insert.set(col, Batch::kAlways, [&] { return toQString(json); });
}

bool writeItems(QSqlDatabase& db, const Audit& audit, TextValues& texts, ProjectRowProgress& rows,
                std::string* error)
{
    static constexpr const char* columns[] = {
        "row",       "dataset",  "item_id",    "kind",       "label",   "unit_id",
        "grp",       "question", "response_a", "response_b", "input",   "submission",
        "criterion", "strata",   "domain",     "levels",     "ratings", "extra"};
    Batch insert(db, "items", columns);
    if (!insert.prepare(error))
        return false;
    const auto& items = audit.items();
    std::string json;
    // ItemText order matches columns 5..14; Extra is the last column.
    static_assert(static_cast<int>(ItemText::Domain) == 9 && static_cast<int>(ItemText::Extra) == 10);
    for (std::size_t i = 0; i < items.size(); ++i) {
        const TaskKind kind = items.kind[i];
        insert.set(0, intKey(static_cast<std::int64_t>(i)), [&] { return static_cast<qlonglong>(i); });
        insert.set(1, strKey(items.dataset[i]), [&] { return texts.cached(items.dataset[i]); });
        insert.set(2, strKey(items.itemId[i]), [&] { return texts.fresh(items.itemId[i]); });
        insert.set(3, static_cast<std::uint64_t>(kind), [&] { return toQString(kindName(kind)); });
        insert.set(4, answerKey(kind, items.label[i]), [&] { return texts.answer(kind, items.label[i]); });
        for (int f = 0; f <= static_cast<int>(ItemText::Extra); ++f) {
            const StrId id = items.field(static_cast<ItemText>(f), i);
            const int col = f == static_cast<int>(ItemText::Extra) ? 17 : 5 + f;
            insert.set(col, strKey(id), [&] { return texts.fresh(id); });
        }
        const auto levels = items.levels(i);
        setJson(insert, 15, levels.empty(), json, [&](JsonWriter& w) {
            w.beginArray();
            for (StrId level : levels)
                w.value(audit.str(level));
            w.endArray();
        });
        const auto ratings = items.itemRatings(i);
        setJson(insert, 16, ratings.empty(), json, [&](JsonWriter& w) {
            w.beginObject();
            for (const auto& rating : ratings)
                w.key(audit.str(rating.rater)).value(answerText(kind, rating.value));
            w.endObject();
        });
        if (!insert.endRow(error) || !rows.advance(error))
            return false;
    }
    return insert.finish(error);
}

bool writeJudgments(QSqlDatabase& db, const Audit& audit, TextValues& texts, ProjectRowProgress& rows,
                    std::string* error)
{
    static constexpr const char* columns[] = {
        "seq",    "item",  "judge",      "format",   "condition", "ord",        "rep",
        "answer", "probs", "confidence", "cost_usd", "tokens_in", "tokens_out", "latency_s",
        "raw",    "error", "test",       "version",  "variant",   "cue_on",     "extra"};
    Batch insert(db, "judgments", columns);
    if (!insert.prepare(error))
        return false;
    const auto& j = audit.judgments();
    const auto& items = audit.items();

    // Condition sets as JSON objects, converted once per set.
    std::vector<QString> conditionJson(audit.conditions().size());
    std::string json;
    for (std::size_t c = 1; c < audit.conditions().size(); ++c) {
        json.clear();
        JsonWriter w(json);
        w.beginObject();
        for (const auto& [k, v] : audit.conditions()[c])
            w.key(audit.str(k)).value(audit.str(v));
        w.endObject();
        conditionJson[c] = toQString(json);
    }

    std::int64_t seq = 0;
    for (const std::uint32_t row : audit.importOrder()) {
        const TaskKind kind = items.kind[j.item[row]];
        insert.set(0, intKey(seq), [&] { return static_cast<qlonglong>(seq); });
        ++seq;
        insert.set(1, intKey(j.item[row]), [&] { return static_cast<qlonglong>(j.item[row]); });
        insert.set(2, strKey(j.judge[row]), [&] { return texts.cached(j.judge[row]); });
        insert.set(3, strKey(j.format[row]), [&] { return texts.cached(j.format[row]); });
        const CondId cond = j.condition[row];
        insert.set(4, cond == 0 ? Batch::kNull : cond, [&] { return conditionJson[cond]; });
        const Order order = j.order[row];
        insert.set(5, enumKey(order), [&] { return toQString(orderName(order)); });
        insert.set(6, intKey(j.rep[row]), [&] { return static_cast<int>(j.rep[row]); });
        insert.set(7, answerKey(kind, j.answer[row]), [&] { return texts.answer(kind, j.answer[row]); });
        const auto probs = j.probsOf(row);
        setJson(insert, 8, probs.empty(), json, [&](JsonWriter& w) {
            w.beginObject();
            for (const auto& entry : probs)
                w.key(answerText(kind, entry.option)).value(entry.p);
            w.endObject();
        });
        const double confidence = j.confidence(row), cost = j.costUsd(row), latency = j.latencyS(row);
        insert.set(9, realKey(confidence), [&] { return realValue(confidence); });
        insert.set(10, realKey(cost), [&] { return realValue(cost); });
        const std::int64_t tokensIn = j.tokensIn(row), tokensOut = j.tokensOut(row);
        insert.set(11, countKey(tokensIn), [&] { return static_cast<qlonglong>(tokensIn); });
        insert.set(12, countKey(tokensOut), [&] { return static_cast<qlonglong>(tokensOut); });
        insert.set(13, realKey(latency), [&] { return realValue(latency); });
        insert.set(14, strKey(j.raw[row]), [&] { return texts.fresh(j.raw[row]); });
        insert.set(15, strKey(j.error[row]), [&] { return texts.fresh(j.error[row]); });
        insert.set(16, strKey(j.test[row]), [&] { return texts.cached(j.test[row]); });
        insert.set(17, strKey(j.version[row]), [&] { return texts.cached(j.version[row]); });
        const Variant variant = j.variant[row];
        insert.set(18, enumKey(variant), [&] { return toQString(variantName(variant)); });
        const Cue cue = j.cue[row];
        insert.set(19, enumKey(cue), [&] { return toQString(cueName(cue)); });
        insert.set(20, strKey(j.extra[row]), [&] { return texts.fresh(j.extra[row]); });
        if (!insert.endRow(error) || !rows.advance(error))
            return false;
    }
    return insert.finish(error);
}

// Writes (text, text) pairs into a two-column table: meta, settings, judges.
template <typename Pairs>
bool writeTextPairs(QSqlDatabase& db, std::string_view table, const char* first, const char* second,
                    const Pairs& pairs, std::string* error)
{
    const char* const columns[] = {first, second};
    Batch insert(db, table, columns);
    if (!insert.prepare(error))
        return false;
    for (const auto& [a, b] : pairs) {
        insert.setText(0, a);
        insert.setText(1, b);
        if (!insert.endRow(error))
            return false;
    }
    return insert.finish(error);
}

// One row at a time, so a duplicate (dataset, item_id) is reported for the note that causes it.
bool writeNotes(QSqlDatabase& db, const std::vector<ItemNote>& notes, std::string* error)
{
    QSqlQuery insert(db);
    if (!insert.prepare(
            QStringLiteral("INSERT INTO notes(dataset, item_id, text, updated) VALUES (?,?,?,?)"))) {
        *error = sqlErrorText(insert.lastError());
        return false;
    }
    for (const auto& note : notes) {
        insert.bindValue(0, toQString(note.dataset));
        insert.bindValue(1, toQString(note.itemId));
        insert.bindValue(2, toQString(note.text));
        insert.bindValue(3, toQString(note.updated));
        if (!insert.exec()) {
            *error = "notes: item (" + note.dataset + ", " + note.itemId +
                     "): " + sqlErrorText(insert.lastError());
            return false;
        }
    }
    return true;
}

} // namespace

bool writeProjectDatabase(const std::string& file, const Audit& audit, const ProjectExtras& extras,
                          const Progress& progress, std::string* error)
{
    ProjectConnection connection(file, ProjectConnection::Mode::ReadWrite);
    if (!connection.ok()) {
        *error = connection.error();
        return false;
    }
    auto& db = connection.db();
    // The file is private until renamed into place, so the single fsync happens after the commit.
    if (!connection.usePrivateFileSettings(error))
        return false;
    if (!db.transaction()) {
        *error = sqlErrorText(db.lastError());
        return false;
    }
    ProjectRowProgress rows(progress, audit.itemCount() + audit.judgmentCount());
    TextValues texts(audit);
    if (!createProjectSchema(connection, error) ||
        !writeTextPairs(db, "meta", "key", "value", projectMetaRows(audit), error) ||
        !writeItems(db, audit, texts, rows, error) || !writeJudgments(db, audit, texts, rows, error) ||
        !writeTextPairs(db, "settings", "key", "value", extras.settings, error) ||
        !writeTextPairs(db, "judges", "name", "config", extras.judges, error) ||
        !writeNotes(db, extras.notes, error))
        return false;
    if (!db.commit()) {
        *error = sqlErrorText(db.lastError());
        return false;
    }
    db.close();
    rows.finish();
    return true;
}

} // namespace tribunal
