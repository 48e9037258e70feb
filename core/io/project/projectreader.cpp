// Reading a project database into an audit (see projectreader.h): items, condition keys, extras, and the
// merging of the judgment batches that JudgmentRangeReader (projectjudgmentrange.h) reads on two threads.

#include "io/project/projectreader.h"

#include "io/project/projectcolumns.h"
#include "io/project/projectconnection.h"
#include "io/project/projectjson.h"
#include "io/project/projectjudgmentrange.h"
#include "io/project/projectmeta.h"
#include "io/project/projectrowprogress.h"
#include "io/project/projectstatement.h"
#include "model/auditbuilder.h"

#include <QSqlQuery>

#include <atomic>
#include <condition_variable>
#include <limits>
#include <mutex>
#include <thread>

namespace tribunal {
namespace {

using Step = ProjectStatement::Step;
using projectread::internFresh;
using projectread::ItemRows;
using projectread::JudgmentBatch;
using projectread::JudgmentRangeReader;
using projectread::kChunkRows;
using projectread::kindText;
using projectread::quotedText;
using projectread::ReadJudgment;
using projectread::TextColumn;

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
