#include "io/exporter.h"
#include "io/importer.h"
#include "io/project/projectfile.h"
#include "io/project/projectschema.h"
#include "model/auditbuilder.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>

#include <atomic>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <iomanip>
#include <sstream>

using namespace tribunal;

class TestProjectFile : public QObject {
    Q_OBJECT
private slots:
    void roundTripPreservesEverything();
    void storesNullForMissingValues();
    void emptyAuditRoundTrip();
    void conditionKeyOrder_data();
    void conditionKeyOrder();
    void csvConditionColumnsKeepOrder();
    void newerSchemaRefused();
    void notAProjectRefused_data();
    void notAProjectRefused();
    void badContentRefused_data();
    void badContentRefused();
    void migratesVersion1();
    void failedMigrationRollsBack();
    void saveReplacesExisting();
    void failedSaveLeavesOldFile_data();
    void failedSaveLeavesOldFile();
    void saveIntoMissingDirectoryFails();
    void openHonoursCancel();
    void largeRoundTrip();
    void chunkedRead_data();
    void chunkedRead();
    void probsTexts_data();
    void probsTexts();
    void looksLikeProject();
};

namespace {

// ---------------------------------------------------------------------------------------------------------
// Comparing two audits field by field (judgments in import order). Returns the first difference, or "".
// ---------------------------------------------------------------------------------------------------------

bool sameDouble(double a, double b)
{
    return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b) ||
           (std::isnan(a) && std::isnan(b));
}

std::string conditionText(const Audit& audit, CondId id)
{
    std::string out;
    for (const auto& [k, v] : audit.conditions()[id])
        out.append(audit.str(k)).append("=").append(audit.str(v)).append(";");
    return out;
}

std::string compareAudits(const Audit& a, const Audit& b)
{
    auto differs = [](const std::string& what, auto x, auto y) {
        std::ostringstream s;
        s << std::setprecision(17) << what << ": " << x << " != " << y;
        return s.str();
    };
    if (a.itemCount() != b.itemCount())
        return differs("item count", a.itemCount(), b.itemCount());
    if (a.judgmentCount() != b.judgmentCount())
        return differs("judgment count", a.judgmentCount(), b.judgmentCount());
    const auto& ia = a.items();
    const auto& ib = b.items();
    for (std::size_t i = 0; i < ia.size(); ++i) {
        const std::string at = "item " + std::to_string(i) + " ";
        if (a.str(ia.dataset[i]) != b.str(ib.dataset[i]))
            return differs(at + "dataset", a.str(ia.dataset[i]), b.str(ib.dataset[i]));
        if (a.str(ia.itemId[i]) != b.str(ib.itemId[i]))
            return differs(at + "item_id", a.str(ia.itemId[i]), b.str(ib.itemId[i]));
        if (ia.kind[i] != ib.kind[i])
            return differs(at + "kind", kindName(ia.kind[i]), kindName(ib.kind[i]));
        if (ia.label[i] != ib.label[i])
            return differs(at + "label", ia.label[i], ib.label[i]);
        for (int f = 0; f < kItemTextCount; ++f) {
            const auto field = static_cast<ItemText>(f);
            if (a.str(ia.field(field, i)) != b.str(ib.field(field, i)))
                return differs(at + std::string(itemTextName(field)), a.str(ia.field(field, i)),
                               b.str(ib.field(field, i)));
        }
        auto la = ia.levels(i), lb = ib.levels(i);
        if (la.size() != lb.size())
            return differs(at + "level count", la.size(), lb.size());
        for (std::size_t k = 0; k < la.size(); ++k)
            if (a.str(la[k]) != b.str(lb[k]))
                return differs(at + "level", a.str(la[k]), b.str(lb[k]));
        auto ra = ia.itemRatings(i), rb = ib.itemRatings(i);
        if (ra.size() != rb.size())
            return differs(at + "rating count", ra.size(), rb.size());
        for (std::size_t k = 0; k < ra.size(); ++k) {
            if (a.str(ra[k].rater) != b.str(rb[k].rater))
                return differs(at + "rater", a.str(ra[k].rater), b.str(rb[k].rater));
            if (ra[k].value != rb[k].value)
                return differs(at + "rating", ra[k].value, rb[k].value);
        }
    }
    const auto& ja = a.judgments();
    const auto& jb = b.judgments();
    for (std::size_t k = 0; k < a.importOrder().size(); ++k) {
        const auto x = a.importOrder()[k], y = b.importOrder()[k];
        const std::string at = "judgment #" + std::to_string(k) + " ";
        if (x != y)
            return differs(at + "row", x, y);
        if (ja.item[x] != jb.item[y])
            return differs(at + "item", ja.item[x], jb.item[y]);
        const std::pair<StrId, StrId> texts[] = {{ja.judge[x], jb.judge[y]}, {ja.format[x], jb.format[y]},
                                                 {ja.raw[x], jb.raw[y]},     {ja.error[x], jb.error[y]},
                                                 {ja.test[x], jb.test[y]},   {ja.version[x], jb.version[y]},
                                                 {ja.extra[x], jb.extra[y]}};
        const char* names[] = {"judge", "format", "raw", "error", "test", "version", "extra"};
        for (int t = 0; t < 7; ++t)
            if (a.str(texts[t].first) != b.str(texts[t].second))
                return differs(at + names[t], a.str(texts[t].first), b.str(texts[t].second));
        if (conditionText(a, ja.condition[x]) != conditionText(b, jb.condition[y]))
            return differs(at + "condition", conditionText(a, ja.condition[x]),
                           conditionText(b, jb.condition[y]));
        if (ja.order[x] != jb.order[y])
            return differs(at + "order", orderName(ja.order[x]), orderName(jb.order[y]));
        if (ja.rep[x] != jb.rep[y])
            return differs(at + "rep", ja.rep[x], jb.rep[y]);
        if (ja.answer[x] != jb.answer[y])
            return differs(at + "answer", ja.answer[x], jb.answer[y]);
        if (ja.variant[x] != jb.variant[y])
            return differs(at + "variant", variantName(ja.variant[x]), variantName(jb.variant[y]));
        if (ja.cue[x] != jb.cue[y])
            return differs(at + "cue", cueName(ja.cue[x]), cueName(jb.cue[y]));
        const std::pair<double, double> reals[] = {{ja.confidence(x), jb.confidence(y)},
                                                   {ja.costUsd(x), jb.costUsd(y)},
                                                   {ja.latencyS(x), jb.latencyS(y)}};
        const char* realNames[] = {"confidence", "cost_usd", "latency_s"};
        for (int r = 0; r < 3; ++r)
            if (!sameDouble(reals[r].first, reals[r].second))
                return differs(at + realNames[r], reals[r].first, reals[r].second);
        if (ja.tokensIn(x) != jb.tokensIn(y))
            return differs(at + "tokens_in", ja.tokensIn(x), jb.tokensIn(y));
        if (ja.tokensOut(x) != jb.tokensOut(y))
            return differs(at + "tokens_out", ja.tokensOut(x), jb.tokensOut(y));
        auto pa = ja.probsOf(x), pb = jb.probsOf(y);
        if (pa.size() != pb.size())
            return differs(at + "prob count", pa.size(), pb.size());
        for (std::size_t p = 0; p < pa.size(); ++p) {
            if (pa[p].option != pb[p].option)
                return differs(at + "prob option", pa[p].option, pb[p].option);
            if (!sameDouble(pa[p].p, pb[p].p))
                return differs(at + "prob", pa[p].p, pb[p].p);
        }
    }
    if (a.cells().size() != b.cells().size())
        return differs("cell count", a.cells().size(), b.cells().size());
    std::string keysA, keysB;
    for (auto k : a.conditionKeys())
        keysA.append(a.str(k)).append(",");
    for (auto k : b.conditionKeys())
        keysB.append(b.str(k)).append(",");
    if (keysA != keysB)
        return differs("condition keys", keysA, keysB);
    return {};
}

QStringList conditionKeyNames(const Audit& audit)
{
    QStringList keys;
    for (auto k : audit.conditionKeys())
        keys << QString::fromUtf8(audit.str(k).data(), static_cast<qsizetype>(audit.str(k).size()));
    return keys;
}

// ---------------------------------------------------------------------------------------------------------
// Building audits by hand
// ---------------------------------------------------------------------------------------------------------

struct Maker {
    AuditBuilder b;
    std::uint32_t file = b.addSourceFile("hand");
    std::uint64_t line = 0;

    std::uint32_t item(std::string_view dataset, std::string_view id, TaskKind kind)
    {
        return b.addItem(b.intern(dataset), b.intern(id), kind);
    }
    void text(std::uint32_t item, ItemText field, std::string_view value)
    {
        b.setText(item, field, b.intern(value));
    }
    CondId condition(std::initializer_list<std::pair<const char*, const char*>> pairs)
    {
        Condition c;
        for (auto [k, v] : pairs)
            c.emplace_back(b.intern(k), b.intern(v));
        return b.internCondition(std::move(c));
    }
    JudgmentInput judgment(std::uint32_t item, const char* judge, const char* format, Order order, int rep,
                           Answer a)
    {
        JudgmentInput j;
        j.item = item;
        j.judge = b.intern(judge);
        j.format = b.intern(format);
        j.order = order;
        j.rep = static_cast<std::uint16_t>(rep);
        j.answer = a;
        j.source = {file, ++line};
        return j;
    }
    AuditPtr build()
    {
        ImportLog log;
        auto audit = b.build(log);
        if (!audit && !log.issues.empty())
            qWarning("%s", log.issues.front().text().c_str());
        return audit;
    }
};

AuditPtr richAudit()
{
    Maker m;
    auto& b = m.b;
    // Pairwise items.
    const auto p1 = m.item("llmbar", "p1", TaskKind::Pairwise);
    b.setLabel(p1, answer::kA);
    m.text(p1, ItemText::Question, "Which answer is better?\nExplain.");
    m.text(p1, ItemText::ResponseA, "First — «quoted» ünïcødé 🎉");
    m.text(p1, ItemText::ResponseB, "Second\twith a tab and \"quotes\"");
    m.text(p1, ItemText::UnitId, "u1");
    m.text(p1, ItemText::Group, "g1");
    m.text(p1, ItemText::Strata, "natural");
    m.text(p1, ItemText::Domain, "chat");
    m.text(p1, ItemText::Extra, R"({"source":"x","n":[1,2.5,null],"nested":{"k":"v"}})");
    const auto p2 = m.item("llmbar", "p2", TaskKind::Pairwise);   // no label, no texts
    const auto orphan = m.item("", "orphan", TaskKind::Pairwise); // empty dataset, no judgments
    b.setLabel(orphan, answer::kTie);
    // Binary rubric item with ratings (a rater may appear twice).
    const auto b1 = m.item("rubric", "b1", TaskKind::Binary);
    b.setLabel(b1, answer::kMet);
    m.text(b1, ItemText::Input, "Write a haiku about SQLite.");
    m.text(b1, ItemText::Submission, "Pages on disk\nrollback journal sleeps\nthe commit returns");
    m.text(b1, ItemText::Criterion, "Has three lines");
    m.text(b1, ItemText::UnitId, "b1-u");
    b.setRatings(b1, {{b.intern("r1"), answer::kMet},
                      {b.intern("r2"), answer::kUnmet},
                      {b.intern("r1"), answer::kNA},
                      {b.intern(""), answer::kNone}});
    const auto b2 = m.item("rubric", "b2", TaskKind::Binary);
    b.setLabel(b2, answer::kNA);
    // Ordinal items with levels.
    const auto o1 = m.item("rubric", "o1", TaskKind::Ordinal);
    b.setLabel(o1, 3);
    m.text(o1, ItemText::Criterion, "Quality");
    b.setLevels(o1, {b.intern("poor"), b.intern("ok"), b.intern("good"), b.intern("great")});
    b.setRatings(o1, {{b.intern("r1"), 2}, {b.intern("r2"), 4}});
    const auto o2 = m.item("rubric", "o2", TaskKind::Ordinal);
    b.setLevels(o2, {b.intern("schlecht"), b.intern("très bien ✓"), b.intern("")});

    const auto tempCot = m.condition({{"temperature", "0.7"}, {"paradigm", "cot"}});
    const auto tierHigh = m.condition({{"tier", "high"}});
    const std::vector<ProbEntry> pairProbs{{answer::kA, 0.7}, {answer::kB, 0.25}, {answer::kTie, 0.05}};
    const std::vector<ProbEntry> levelProbs{{1, 0.1}, {2, 0.2}, {3, 0.7000000000000001}};
    const std::vector<ProbEntry> binProbs{{answer::kMet, 1.0 / 3.0}, {answer::kUnmet, 2.0 / 3.0}};

    // Judgments, interleaved so that import order differs from the snapshot's row order.
    auto j = m.judgment(p1, "gpt-4o", "Direct", Order::AB, 1, answer::kA);
    j.condition = tempCot;
    j.probs = pairProbs;
    j.confidence = 0.9;
    j.costUsd = 0.00123;
    j.tokensIn = 512;
    j.tokensOut = 34;
    j.latencyS = 1.25;
    j.raw = b.intern("Line 1\nLine 2 — ünïcødé 🎉\r\n\ttab \"q\" \\ back\x01");
    j.extra = b.intern(R"({"run_id":"abc","attempts":2})");
    b.addJudgment(j);

    j = m.judgment(o1, "claude", "Rubric", Order::None, 1, 3);
    j.probs = levelProbs;
    j.tokensIn = 0;
    b.addJudgment(j);

    j = m.judgment(p1, "gpt-4o", "Direct", Order::BA, 1, answer::kB);
    j.condition = tempCot;
    j.raw = b.intern("The second one.");
    b.addJudgment(j);

    j = m.judgment(p1, "gpt-4o", "Direct", Order::AB, 2, answer::kTie);
    j.condition = tempCot;
    b.addJudgment(j);

    j = m.judgment(p1, "claude", "Direct", Order::AB, 1, answer::kNone);
    j.error = b.intern("timeout after 30 s");
    j.costUsd = 0.0;
    b.addJudgment(j);

    j = m.judgment(b1, "claude", "Rubric", Order::None, 1, answer::kMet);
    j.condition = tierHigh;
    j.probs = binProbs;
    j.confidence = 1.0;
    b.addJudgment(j);

    j = m.judgment(b1, "claude", "Rubric", Order::None, 2, answer::kUnmet);
    j.condition = tierHigh;
    j.latencyS = 1e-9;
    b.addJudgment(j);

    j = m.judgment(b2, "claude", "Rubric", Order::None, 1, answer::kNA);
    j.tokensOut = 123456789012;
    b.addJudgment(j);

    // Bias test judgments (seed 001 style).
    for (auto variant : {Variant::Original, Variant::Perturbed})
        for (auto cue : {Cue::Better, Cue::Worse})
            for (auto order : {Order::BA, Order::AB}) {
                j = m.judgment(p2, "gpt-4o", "Direct", order, 1,
                               variant == Variant::Original ? answer::kA : answer::kB);
                j.test = b.intern("bandwagon");
                j.version = b.intern("90%");
                j.variant = variant;
                j.cue = cue;
                b.addJudgment(j);
            }

    j = m.judgment(o2, "claude", "Rubric", Order::None, 1, answer::kNone);
    j.error = b.intern("unparsable: 'seven'");
    j.raw = b.intern("seven");
    b.addJudgment(j);

    j = m.judgment(o1, "claude", "Rubric", Order::None, 2, 4);
    b.addJudgment(j);
    return m.build();
}

ProjectExtras richExtras()
{
    ProjectExtras e;
    e.settings = {{"seed", "42"}, {"margin", "0.05"}, {"empty", ""}, {"label ü", "line1\nline2"}};
    e.judges = {{"gpt-4o", R"({"model":"gpt-4o","temperature":0})"}, {"claude", "{}"}};
    e.notes = {{"rubric", "b1", "Check this one\nsecond line ü", "2024-05-01T12:00:00Z"},
               {"llmbar", "p1", "", ""},
               {"", "orphan", "no dataset", "2024-05-02T08:30:00Z"}};
    return e;
}

// A small pairwise audit: item p with judgments seq 0 (AB rep 1 A) and seq 1 (BA rep 1 B).
AuditPtr smallAudit(const char* judge = "j")
{
    Maker m;
    const auto p = m.item("d", "p", TaskKind::Pairwise);
    m.b.setLabel(p, answer::kA);
    m.b.addJudgment(m.judgment(p, judge, "F", Order::AB, 1, answer::kA));
    m.b.addJudgment(m.judgment(p, judge, "F", Order::BA, 1, answer::kB));
    return m.build();
}

// ---------------------------------------------------------------------------------------------------------
// Files and SQL
// ---------------------------------------------------------------------------------------------------------

QByteArray fileBytes(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return QByteArray("<unreadable>");
    return f.readAll();
}

bool writeBytes(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly | QIODevice::Truncate) && f.write(bytes) == bytes.size();
}

// Runs statements on `file` through a private connection; returns the first error, or "".
QString runSql(const QString& file, const QStringList& statements)
{
    static std::atomic<int> counter{0};
    const QString name = QStringLiteral("tst-projectfile-%1").arg(++counter);
    QString error;
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(file);
        if (!db.open()) {
            error = db.lastError().text();
        } else {
            for (const auto& statement : statements) {
                QSqlQuery q(db);
                if (!q.exec(statement)) {
                    error = statement + ": " + q.lastError().text();
                    break;
                }
            }
            db.close();
        }
    }
    QSqlDatabase::removeDatabase(name);
    return error;
}

// First column of the first row of `sql` on `file`, as text ("<error>" when it fails).
QString sqlValue(const QString& file, const QString& sql)
{
    static std::atomic<int> counter{0};
    const QString name = QStringLiteral("tst-projectfile-value-%1").arg(++counter);
    QString value = QStringLiteral("<error>");
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), name);
        db.setDatabaseName(file);
        db.setConnectOptions(QStringLiteral("QSQLITE_OPEN_READONLY"));
        if (db.open()) {
            QSqlQuery q(db);
            if (q.exec(sql) && q.next())
                value = q.value(0).isNull() ? QStringLiteral("<null>") : q.value(0).toString();
        }
        db.close();
    }
    QSqlDatabase::removeDatabase(name);
    return value;
}

QStringList dirEntries(const QString& dir)
{
    return QDir(dir).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot, QDir::Name);
}

std::string path(const QTemporaryDir& dir, const char* name)
{
    return dir.filePath(QString::fromUtf8(name)).toStdString();
}

// "option=p" of a pairwise probability, p in the shortest text that reads back to the same double (the sign
// of zero included; a missing p is "nan").
QString probText(const ProbEntry& entry)
{
    char buffer[64];
    const auto end = std::to_chars(buffer, buffer + sizeof buffer, entry.p).ptr;
    return QString::fromStdString(answerText(TaskKind::Pairwise, entry.option)) + "=" +
           QString::fromLatin1(buffer, end - buffer);
}

// 150,000 pairwise judgments (3 read chunks of 65,536 rows, so the open reads with two threads): 2,500 items
// x 5 judges x 2 orders x 6 reps, in that nesting from the outside in: 6 reps, then judges, items, orders.
// The judgment at seq s is rep s / 25000 + 1. Saved once; each caller gets a copy.
std::string chunkedProject(const QTemporaryDir& dir, const char* name)
{
    static QTemporaryDir store;
    static std::string saved;
    static AuditPtr audit;
    if (saved.empty()) {
        Maker m;
        std::vector<std::uint32_t> items;
        for (int i = 0; i < 2500; ++i)
            items.push_back(m.item("set", "item-" + std::to_string(i), TaskKind::Pairwise));
        const CondId cold = m.condition({{"temperature", "0"}}), warm = m.condition({{"temperature", "1"}});
        std::vector<ProbEntry> probs{{answer::kA, 0.25}, {answer::kB, 0.75}};
        for (int rep = 1; rep <= 6; ++rep)
            for (int k = 0; k < 5; ++k)
                for (const auto item : items)
                    for (auto order : {Order::AB, Order::BA}) {
                        const std::string judge = "judge-" + std::to_string(k);
                        auto j =
                            m.judgment(item, judge.c_str(), "Direct", order, rep,
                                       (item + static_cast<std::uint32_t>(k)) % 2 ? answer::kA : answer::kB);
                        j.condition = k % 2 ? warm : cold;
                        if (rep == 6 && k == 4)
                            j.probs = probs;
                        j.costUsd = 0.001 * rep;
                        m.b.addJudgment(j);
                    }
        audit = m.build();
        saved = path(store, "chunked.tribunal");
        std::string error;
        if (!audit || !ProjectFile::save(saved, *audit, {}, &error))
            qFatal("cannot save the chunked project: %s", error.c_str());
    }
    const auto copy = path(dir, name);
    std::filesystem::copy_file(saved, copy);
    return copy;
}
} // namespace

void TestProjectFile::roundTripPreservesEverything()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    auto audit = richAudit();
    QVERIFY(audit);
    const auto extras = richExtras();
    const auto file = path(dir, "rich.tribunal");
    std::string error;
    QVERIFY2(ProjectFile::save(file, *audit, extras, &error), error.c_str());
    QVERIFY(ProjectFile::looksLikeProject(file));

    auto opened = ProjectFile::open(file, &error);
    QVERIFY2(opened, error.c_str());
    QCOMPARE(opened->schemaVersionRead, 2);
    QVERIFY(opened->audit);
    const auto diff = compareAudits(*audit, *opened->audit);
    QVERIFY2(diff.empty(), diff.c_str());
    QVERIFY(opened->extras == extras);
    QCOMPARE(opened->audit->judgmentCount(), std::size_t(18));
    QCOMPARE(opened->audit->itemCount(), std::size_t(7));

    // Saving what was opened gives the same contents again.
    const auto again = path(dir, "again.tribunal");
    QVERIFY2(ProjectFile::save(again, *opened->audit, opened->extras, &error), error.c_str());
    auto reopened = ProjectFile::open(again, &error);
    QVERIFY2(reopened, error.c_str());
    const auto diff2 = compareAudits(*audit, *reopened->audit);
    QVERIFY2(diff2.empty(), diff2.c_str());
    QVERIFY(reopened->extras == extras);
    // No temporary files are left next to the projects.
    QCOMPARE(dirEntries(dir.path()), QStringList({"again.tribunal", "rich.tribunal"}));
}

void TestProjectFile::storesNullForMissingValues()
{
    QTemporaryDir dir;
    auto audit = richAudit();
    const auto file = path(dir, "nulls.tribunal");
    std::string error;
    QVERIFY2(ProjectFile::save(file, *audit, richExtras(), &error), error.c_str());
    const auto f = QString::fromStdString(file);
    QCOMPARE(sqlValue(f, "SELECT value FROM meta WHERE key = 'schema_version'"), QString("2"));
    QCOMPARE(sqlValue(f, "SELECT value FROM meta WHERE key = 'app'"), QString("Tribunal"));
    QVERIFY(!sqlValue(f, "SELECT value FROM meta WHERE key = 'saved_utc'").startsWith("<"));
    // seq 0 is the fully filled judgment, seq 3 has only the required fields.
    QCOMPARE(sqlValue(f, "SELECT probs FROM judgments WHERE seq = 0"),
             QString(R"({"A":0.7,"B":0.25,"tie":0.05})"));
    QCOMPARE(sqlValue(f, "SELECT condition FROM judgments WHERE seq = 0"),
             QString(R"({"paradigm":"cot","temperature":"0.7"})"));
    QCOMPARE(sqlValue(f, "SELECT value FROM meta WHERE key = 'condition_keys'"),
             QString(R"(["paradigm","temperature","tier"])"));
    QCOMPARE(sqlValue(f, "SELECT typeof(confidence) || typeof(tokens_in) FROM judgments WHERE seq = 0"),
             QString("realinteger"));
    for (const char* column : {"probs", "confidence", "cost_usd", "tokens_in", "tokens_out", "latency_s",
                               "raw", "error", "test", "version", "variant", "cue_on", "extra"})
        QCOMPARE(sqlValue(f, QString("SELECT %1 FROM judgments WHERE seq = 3").arg(column)),
                 QString("<null>"));
    QCOMPARE(sqlValue(f, "SELECT answer FROM judgments WHERE seq = 4"), QString("<null>")); // no answer
    QCOMPARE(sqlValue(f, "SELECT ord FROM judgments WHERE seq = 1"), QString("<null>"));
    QCOMPARE(sqlValue(f, "SELECT label FROM items WHERE item_id = 'p2'"), QString("<null>"));
    QCOMPARE(sqlValue(f, "SELECT dataset FROM items WHERE item_id = 'orphan'"), QString("<null>"));
    QCOMPARE(sqlValue(f, "SELECT levels FROM items WHERE item_id = 'o1'"),
             QString(R"(["poor","ok","good","great"])"));
    QCOMPARE(sqlValue(f, "SELECT ratings FROM items WHERE item_id = 'o1'"),
             QString(R"({"r1":"2","r2":"4"})"));
    QCOMPARE(sqlValue(f, "SELECT count(*) FROM items WHERE levels IS NULL AND ratings IS NULL"),
             QString("4"));
}

void TestProjectFile::emptyAuditRoundTrip()
{
    QTemporaryDir dir;
    AuditBuilder b;
    ImportLog log;
    auto audit = b.build(log);
    QVERIFY(audit);
    const auto file = path(dir, "empty.tribunal");
    std::string error;
    QVERIFY2(ProjectFile::save(file, *audit, {}, &error), error.c_str());
    auto opened = ProjectFile::open(file, &error);
    QVERIFY2(opened, error.c_str());
    QCOMPARE(opened->audit->itemCount(), std::size_t(0));
    QCOMPARE(opened->audit->judgmentCount(), std::size_t(0));
    QVERIFY(opened->extras == ProjectExtras{});
}

void TestProjectFile::conditionKeyOrder_data()
{
    QTest::addColumn<QStringList>("sql");      // run on the saved file before opening it
    QTest::addColumn<QStringList>("expected"); // Audit::conditionKeys() after open
    const QStringList saved = {"temperature", "paradigm", "unused \"ü\""};
    // Without a stored order: keys in the order they first occur in the condition sets, each sorted by key.
    const QStringList firstSeen = {"paradigm", "temperature"};
    QTest::newRow("saved order") << QStringList() << saved;
    QTest::newRow("key absent (file of an older version)")
        << QStringList({"DELETE FROM meta WHERE key = 'condition_keys'"}) << firstSeen;
    QTest::newRow("NULL value") << QStringList({"UPDATE meta SET value = NULL WHERE key = 'condition_keys'"})
                                << firstSeen;
    QTest::newRow("empty list") << QStringList({"UPDATE meta SET value = '[]' WHERE key = 'condition_keys'"})
                                << firstSeen;
    QTest::newRow("partial list")
        << QStringList({"UPDATE meta SET value = '[\"temperature\"]' WHERE key = 'condition_keys'"})
        << QStringList({"temperature", "paradigm"});
}

void TestProjectFile::conditionKeyOrder()
{
    QFETCH(QStringList, sql);
    QFETCH(QStringList, expected);
    // Keys registered in column order (as the flat CSV importer does), not alphabetically; one is used by no
    // judgment.
    Maker m;
    m.b.addConditionKey(m.b.intern("temperature"));
    m.b.addConditionKey(m.b.intern("paradigm"));
    const auto item = m.item("d", "p", TaskKind::Pairwise);
    const CondId conds[] = {m.condition({{"temperature", "0.7"}, {"paradigm", "cot"}}),
                            m.condition({{"paradigm", "direct"}, {"temperature", "0"}})};
    m.b.addConditionKey(m.b.intern("unused \"ü\""));
    for (int c = 0; c < 2; ++c) {
        auto j = m.judgment(item, "j", "F", Order::AB, 1, answer::kA);
        j.condition = conds[c];
        m.b.addJudgment(j);
    }
    auto audit = m.build();
    QVERIFY(audit);
    QCOMPARE(conditionKeyNames(*audit), QStringList({"temperature", "paradigm", "unused \"ü\""}));

    QTemporaryDir dir;
    const auto file = path(dir, "keys.tribunal");
    std::string error;
    QVERIFY2(ProjectFile::save(file, *audit, {}, &error), error.c_str());
    QCOMPARE(sqlValue(QString::fromStdString(file), "SELECT value FROM meta WHERE key = 'condition_keys'"),
             QString(R"(["temperature","paradigm","unused \"ü\""])"));
    QCOMPARE(runSql(QString::fromStdString(file), sql), QString());
    auto opened = ProjectFile::open(file, &error);
    QVERIFY2(opened, error.c_str());
    QCOMPARE(conditionKeyNames(*opened->audit), expected);
    QCOMPARE(opened->audit->judgmentCount(), std::size_t(2));
    QCOMPARE(
        conditionText(*opened->audit, opened->audit->judgments().condition[opened->audit->importOrder()[1]]),
        std::string("paradigm=direct;temperature=0;"));

    // Saving the opened project keeps the order it came with.
    const auto again = path(dir, "again.tribunal");
    QVERIFY2(ProjectFile::save(again, *opened->audit, {}, &error), error.c_str());
    auto reopened = ProjectFile::open(again, &error);
    QVERIFY2(reopened, error.c_str());
    const auto diff = compareAudits(*opened->audit, *reopened->audit);
    QVERIFY2(diff.empty(), diff.c_str());
    QCOMPARE(conditionKeyNames(*reopened->audit), expected);
}

void TestProjectFile::csvConditionColumnsKeepOrder()
{
    // The user-visible symptom: a flat CSV with condition columns temperature,paradigm, imported, saved as a
    // project, reopened and exported, keeps its column order.
    QTemporaryDir dir;
    const QString csv = dir.filePath("in.csv");
    QVERIFY(writeBytes(csv, "dataset,item_id,judge,format,order,rep,verdict,label,temperature,paradigm\n"
                            "d,1,j,F,AB,1,A,A,0.7,cot\n"
                            "d,1,j,F,BA,1,B,A,0,direct\n"));
    AuditBuilder builder;
    ImportLog log;
    QVERIFY(importFlatCsv(csv.toStdString(), builder, log, {}));
    auto audit = builder.build(log);
    QVERIFY(audit);
    QCOMPARE(conditionKeyNames(*audit), QStringList({"temperature", "paradigm"}));

    const auto file = path(dir, "p.tribunal");
    std::string error;
    QVERIFY2(ProjectFile::save(file, *audit, {}, &error), error.c_str());
    auto opened = ProjectFile::open(file, &error);
    QVERIFY2(opened, error.c_str());
    const auto out = path(dir, "out.csv");
    QVERIFY2(exportFlatCsv(*opened->audit, out, &error), error.c_str());
    const QByteArray header = fileBytes(QString::fromStdString(out)).split('\n').front();
    QVERIFY2(header.endsWith(",temperature,paradigm"), header.constData());
}

void TestProjectFile::newerSchemaRefused()
{
    QTemporaryDir dir;
    const auto file = path(dir, "future.tribunal");
    std::string error;
    QVERIFY2(ProjectFile::save(file, *smallAudit(), richExtras(), &error), error.c_str());
    const auto f = QString::fromStdString(file);
    QCOMPARE(runSql(f, {"UPDATE meta SET value = '3' WHERE key = 'schema_version'",
                        "CREATE TABLE from_the_future(x)"}),
             QString());
    const auto before = fileBytes(f);
    auto opened = ProjectFile::open(file, &error);
    QVERIFY(!opened);
    QCOMPARE(QString::fromStdString(error),
             f + ": this project was saved by a newer Tribunal (schema version 3); this version reads schema "
                 "versions up to 2");
    QCOMPARE(fileBytes(f), before);
    QCOMPARE(dirEntries(dir.path()), QStringList({"future.tribunal"}));
}

void TestProjectFile::notAProjectRefused_data()
{
    QTest::addColumn<QByteArray>("bytes"); // file contents, unless sql is given
    QTest::addColumn<QStringList>("sql");  // statements creating an SQLite file
    QTest::addColumn<QString>("reason");   // expected: "<path>: <reason>"
    QTest::newRow("text file") << QByteArray("dataset,item_id\nd,1\n") << QStringList()
                               << "not a Tribunal project (not an SQLite database)";
    QTest::newRow("empty file") << QByteArray() << QStringList()
                                << "not a Tribunal project (not an SQLite database)";
    QTest::newRow("short header") << QByteArray("SQLite format", 13) << QStringList()
                                  << "not a Tribunal project (not an SQLite database)";
    QTest::newRow("header then garbage")
        << QByteArray("SQLite format 3\0", 16) + QByteArray(4096, 'x') << QStringList()
        << "not a Tribunal project (file is not a database Unable to execute statement)";
    QTest::newRow("no meta table") << QByteArray()
                                   << QStringList({"CREATE TABLE t(x)", "INSERT INTO t VALUES (1)"})
                                   << "not a Tribunal project (no meta table)";
    QTest::newRow("another app's meta")
        << QByteArray()
        << QStringList({"CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT)",
                        "INSERT INTO meta VALUES ('schema_version', '1'), ('app', 'Other')"})
        << "not a Tribunal project (meta has no app = Tribunal)";
    QTest::newRow("no schema version") << QByteArray()
                                       << QStringList({"CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT)",
                                                       "INSERT INTO meta VALUES ('app', 'Tribunal')"})
                                       << "not a Tribunal project (no valid schema_version in meta)";
    QTest::newRow("schema version zero")
        << QByteArray()
        << QStringList({"CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT)",
                        "INSERT INTO meta VALUES ('app', 'Tribunal'), ('schema_version', '0')"})
        << "not a Tribunal project (no valid schema_version in meta)";
}

void TestProjectFile::notAProjectRefused()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QStringList, sql);
    QFETCH(QString, reason);
    QTemporaryDir dir;
    const QString f = dir.filePath("x.tribunal");
    if (sql.isEmpty())
        QVERIFY(writeBytes(f, bytes));
    else
        QCOMPARE(runSql(f, sql), QString());
    const auto before = fileBytes(f);
    std::string error;
    auto opened = ProjectFile::open(f.toStdString(), &error);
    QVERIFY(!opened);
    QCOMPARE(QString::fromStdString(error), f + ": " + reason);
    QCOMPARE(fileBytes(f), before);
    QCOMPARE(dirEntries(dir.path()), QStringList({"x.tribunal"}));
}

void TestProjectFile::badContentRefused_data()
{
    QTest::addColumn<QString>("sql");
    QTest::addColumn<QString>(
        "reason"); // expected: "<path>: <reason>"  ("<path>" + reason when it starts with ':')
    QTest::newRow("answer") << "UPDATE judgments SET answer = 'X' WHERE seq = 0"
                            << ": judgments seq 0: answer: 'X' is not a pairwise answer";
    QTest::newRow("item") << "UPDATE judgments SET item = 99 WHERE seq = 1"
                          << ": judgments seq 1: item: no item row 99";
    QTest::newRow("kind") << "UPDATE items SET kind = 'triple' WHERE row = 0"
                          << ": items row 0: kind: 'triple' is not a task kind";
    QTest::newRow("label") << "UPDATE items SET label = 'MET' WHERE row = 0"
                           << ": items row 0: label: 'MET' is not a pairwise label";
    QTest::newRow("rep") << "UPDATE judgments SET rep = 0 WHERE seq = 0"
                         << ": judgments seq 0: rep: '0' is not a run index in 1..65535";
    QTest::newRow("ord") << "UPDATE judgments SET ord = 'XY' WHERE seq = 0"
                         << ": judgments seq 0: ord: 'XY' is not AB or BA";
    QTest::newRow("variant") << "UPDATE judgments SET variant = 'twisted' WHERE seq = 1"
                             << ": judgments seq 1: variant: 'twisted' is not original or perturbed";
    QTest::newRow("cue") << "UPDATE judgments SET cue_on = 'sideways' WHERE seq = 1"
                         << ": judgments seq 1: cue_on: 'sideways' is not better or worse";
    QTest::newRow("confidence") << "UPDATE judgments SET confidence = 'high' WHERE seq = 0"
                                << ": judgments seq 0: confidence: 'high' is not a number";
    QTest::newRow("tokens") << "UPDATE judgments SET tokens_out = 'many' WHERE seq = 0"
                            << ": judgments seq 0: tokens_out: 'many' is not an integer";
    QTest::newRow("probs json")
        << "UPDATE judgments SET probs = '{\"A\":' WHERE seq = 0"
        << ": judgments seq 0: probs: not valid JSON (The JSON document has an improper "
           "structure: missing or superfluous commas, braces, missing keys, etc.)";
    QTest::newRow("probs option") << "UPDATE judgments SET probs = '{\"C\":0.5}' WHERE seq = 0"
                                  << ": judgments seq 0: probs: C: not a pairwise option";
    QTest::newRow("probs value") << "UPDATE judgments SET probs = '{\"A\":\"high\"}' WHERE seq = 0"
                                 << ": judgments seq 0: probs: A: not a number";
    QTest::newRow("condition") << "UPDATE judgments SET condition = '[1]' WHERE seq = 1"
                               << ": judgments seq 1: condition: not a JSON object";
    QTest::newRow("condition value") << "UPDATE judgments SET condition = '{\"t\":0.5}' WHERE seq = 1"
                                     << ": judgments seq 1: condition: t: not a string";
    QTest::newRow("levels") << "UPDATE items SET levels = '[\"a\",2]' WHERE row = 0"
                            << ": items row 0: levels: level 2 is not a string";
    QTest::newRow("ratings") << "UPDATE items SET ratings = '{\"r1\":\"maybe\"}' WHERE row = 0"
                             << ": items row 0: ratings: r1: 'maybe' is not a pairwise rating";
    QTest::newRow("condition keys json")
        << "UPDATE meta SET value = '[\"a\",' WHERE key = 'condition_keys'"
        << ": meta condition_keys: value: not valid JSON (The JSON document has an improper structure: "
           "missing or superfluous commas, braces, missing keys, etc.)";
    QTest::newRow("condition keys array")
        << "UPDATE meta SET value = '{\"a\":\"b\"}' WHERE key = 'condition_keys'"
        << ": meta condition_keys: value: not a JSON array";
    QTest::newRow("condition key string")
        << "UPDATE meta SET value = '[\"a\",2]' WHERE key = 'condition_keys'"
        << ": meta condition_keys: value: key 2 is not a string";
    QTest::newRow("duplicate item")
        << "INSERT INTO items(row, dataset, item_id, kind) VALUES (5, 'd', 'p', 'binary')"
        << ": items row 5: item_id: duplicate item (d, p)";
    QTest::newRow("conflicting judgment")
        << "UPDATE judgments SET ord = 'AB', answer = 'B' WHERE seq = 1"
        << ":2: rep: conflicting judgment: same item, judge, format, condition, order and rep as line 1, "
           "different answer B here, A there";
}

void TestProjectFile::badContentRefused()
{
    QFETCH(QString, sql);
    QFETCH(QString, reason);
    QTemporaryDir dir;
    const auto file = path(dir, "bad.tribunal");
    std::string error;
    QVERIFY2(ProjectFile::save(file, *smallAudit(), {}, &error), error.c_str());
    const auto f = QString::fromStdString(file);
    QCOMPARE(runSql(f, {sql}), QString());
    const auto before = fileBytes(f);
    auto opened = ProjectFile::open(file, &error);
    QVERIFY(!opened);
    QCOMPARE(QString::fromStdString(error), f + reason);
    QCOMPARE(fileBytes(f), before);
}

void TestProjectFile::migratesVersion1()
{
    QTemporaryDir dir;
    const QString f = dir.filePath("old.tribunal");
    QStringList sql;
    for (auto statement : kProjectSchemaV1)
        sql << QString::fromUtf8(statement.data(), static_cast<qsizetype>(statement.size()));
    sql << "INSERT INTO meta VALUES ('schema_version', '1'), ('app', 'Tribunal'), "
           "('saved_utc', '2024-01-01T00:00:00Z')"
        // Item rows need not start at 0 or be contiguous.
        << "INSERT INTO items(row, dataset, item_id, kind, label, question, response_a, response_b, extra) "
           "VALUES (10, 'llmbar', 'p1', 'pairwise', 'B', 'Q?', 'first', 'second', '{\"k\":1}')"
        << "INSERT INTO items(row, dataset, item_id, kind, label, criterion, levels, ratings) VALUES "
           "(20, 'rubric', 'o1', 'ordinal', '2', 'Clarity', '[\"low\",\"high\"]', '{\"r1\":\"1\",\"r2\":2}')"
        << "INSERT INTO judgments(seq, item, judge, format, condition, ord, rep, answer, probs, confidence, "
           "cost_usd, tokens_in, tokens_out, latency_s, raw, error, test, version, variant, cue_on, extra) "
           "VALUES "
           "(1, 10, 'gpt-4', 'Direct', '{\"temperature\":\"0\"}', 'BA', 1, 'B', '{\"A\":0.2,\"B\":0.8}', "
           "0.8, "
           "0.002, 100, 5, 0.5, 'B is better', NULL, 'bandwagon', '90%', 'perturbed', 'worse', "
           "'{\"x\":true}'),"
           "(2, 20, 'gpt-4', 'Rubric', NULL, NULL, 3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, "
           "'rate limited', NULL, NULL, NULL, NULL, NULL),"
           "(0, 10, 'gpt-4', 'Direct', '{\"temperature\":\"0\"}', 'AB', 1, 'A', NULL, NULL, NULL, NULL, "
           "NULL, "
           "NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)";
    QCOMPARE(runSql(f, sql), QString());

    std::string error;
    auto opened = ProjectFile::open(f.toStdString(), &error);
    QVERIFY2(opened, error.c_str());
    QCOMPARE(opened->schemaVersionRead, 1);
    QVERIFY(opened->extras == ProjectExtras{});
    const auto& a = *opened->audit;
    QCOMPARE(a.itemCount(), std::size_t(2));
    QCOMPARE(a.judgmentCount(), std::size_t(3));
    const auto& items = a.items();
    QCOMPARE(a.str(items.itemId[0]), std::string_view("p1"));
    QCOMPARE(items.label[0], answer::kB);
    QCOMPARE(a.str(items.field(ItemText::ResponseB, 0)), std::string_view("second"));
    QCOMPARE(a.str(items.field(ItemText::Extra, 0)), std::string_view(R"({"k":1})"));
    QCOMPARE(items.kind[1], TaskKind::Ordinal);
    QCOMPARE(items.label[1], Answer(2));
    QCOMPARE(items.levels(1).size(), std::size_t(2));
    QCOMPARE(a.str(items.levels(1)[1]), std::string_view("high"));
    QCOMPARE(items.itemRatings(1).size(), std::size_t(2));
    QCOMPARE(items.itemRatings(1)[0].value, Answer(1));
    QCOMPARE(items.itemRatings(1)[1].value, Answer(2));

    // Import order follows seq: 0, 1, 2.
    const auto& j = a.judgments();
    const auto s0 = a.importOrder()[0], s1 = a.importOrder()[1], s2 = a.importOrder()[2];
    QCOMPARE(j.order[s0], Order::AB);
    QCOMPARE(j.answer[s0], answer::kA);
    QCOMPARE(j.order[s1], Order::BA);
    QCOMPARE(j.answer[s1], answer::kB);
    QCOMPARE(a.str(a.conditionValue(j.condition[s1], *a.strings().find("temperature"))),
             std::string_view("0"));
    QCOMPARE(j.probsOf(s1).size(), std::size_t(2));
    QCOMPARE(j.probsOf(s1)[1].p, 0.8);
    QCOMPARE(j.confidence(s1), 0.8);
    QCOMPARE(j.costUsd(s1), 0.002);
    QCOMPARE(j.tokensIn(s1), std::int64_t(100));
    QCOMPARE(j.tokensOut(s1), std::int64_t(5));
    QCOMPARE(j.latencyS(s1), 0.5);
    QCOMPARE(a.str(j.raw[s1]), std::string_view("B is better"));
    QCOMPARE(a.str(j.test[s1]), std::string_view("bandwagon"));
    QCOMPARE(a.str(j.version[s1]), std::string_view("90%"));
    QCOMPARE(j.variant[s1], Variant::Perturbed);
    QCOMPARE(j.cue[s1], Cue::Worse);
    QCOMPARE(a.str(j.extra[s1]), std::string_view(R"({"x":true})"));
    QCOMPARE(j.item[s2], 1u);
    QCOMPARE(j.rep[s2], std::uint16_t(3));
    QCOMPARE(j.answer[s2], answer::kNone);
    QCOMPARE(a.str(j.error[s2]), std::string_view("rate limited"));
    QVERIFY(isMissing(j.confidence(s2)));
    QCOMPARE(j.tokensIn(s2), kMissingCount);

    // The file was migrated in place: version 2 with the new tables, and it now opens as version 2.
    QCOMPARE(sqlValue(f, "SELECT value FROM meta WHERE key = 'schema_version'"), QString("2"));
    QCOMPARE(sqlValue(f, "SELECT count(*) FROM sqlite_master WHERE name IN ('settings', 'judges', 'notes')"),
             QString("3"));
    QCOMPARE(dirEntries(dir.path()), QStringList({"old.tribunal"}));
    auto again = ProjectFile::open(f.toStdString(), &error);
    QVERIFY2(again, error.c_str());
    QCOMPARE(again->schemaVersionRead, 2);
    const auto diff = compareAudits(a, *again->audit);
    QVERIFY2(diff.empty(), diff.c_str());

    // The migrated file takes extras like a new one.
    QVERIFY2(ProjectFile::save(f.toStdString(), a, richExtras(), &error), error.c_str());
    auto saved = ProjectFile::open(f.toStdString(), &error);
    QVERIFY2(saved, error.c_str());
    QVERIFY(saved->extras == richExtras());
}

void TestProjectFile::failedMigrationRollsBack()
{
    // A version-1 file that (against the rules) already has a `judges` table: the migration's second
    // statement fails after its first (CREATE TABLE settings) succeeded, and the whole step is rolled back.
    QTemporaryDir dir;
    const QString f = dir.filePath("odd.tribunal");
    QStringList sql;
    for (auto statement : kProjectSchemaV1)
        sql << QString::fromUtf8(statement.data(), static_cast<qsizetype>(statement.size()));
    sql << "INSERT INTO meta VALUES ('schema_version', '1'), ('app', 'Tribunal')"
        << "INSERT INTO items(row, dataset, item_id, kind) VALUES (0, 'd', 'p', 'pairwise')"
        << "CREATE TABLE judges(x)";
    QCOMPARE(runSql(f, sql), QString());
    const auto before = fileBytes(f);
    std::string error;
    auto opened = ProjectFile::open(f.toStdString(), &error);
    QVERIFY(!opened);
    QCOMPARE(QString::fromStdString(error),
             f + ": cannot migrate from schema version 1 to 2: table judges already exists Unable to execute "
                 "statement");
    QCOMPARE(fileBytes(f), before);
    QCOMPARE(sqlValue(f, "SELECT value FROM meta WHERE key = 'schema_version'"), QString("1"));
    QCOMPARE(sqlValue(f, "SELECT count(*) FROM sqlite_master WHERE name = 'settings'"), QString("0"));
    QCOMPARE(dirEntries(dir.path()), QStringList({"odd.tribunal"}));
}

void TestProjectFile::saveReplacesExisting()
{
    QTemporaryDir dir;
    const auto file = path(dir, "p.tribunal");
    std::string error;
    QVERIFY2(ProjectFile::save(file, *richAudit(), richExtras(), &error), error.c_str());
    QFile::setPermissions(QString::fromStdString(file), QFile::ReadOwner | QFile::WriteOwner);
    auto small = smallAudit("other judge");
    ProjectExtras extras;
    extras.settings["seed"] = "7";
    QVERIFY2(ProjectFile::save(file, *small, extras, &error), error.c_str());
    auto opened = ProjectFile::open(file, &error);
    QVERIFY2(opened, error.c_str());
    const auto diff = compareAudits(*small, *opened->audit);
    QVERIFY2(diff.empty(), diff.c_str());
    QVERIFY(opened->extras == extras);
    // The replaced file's permissions are kept.
    QCOMPARE(std::filesystem::status(file).permissions(),
             std::filesystem::perms::owner_read | std::filesystem::perms::owner_write);
    QCOMPARE(dirEntries(dir.path()), QStringList({"p.tribunal"}));
}

void TestProjectFile::failedSaveLeavesOldFile_data()
{
    QTest::addColumn<QString>("how");
    QTest::addColumn<QString>("reason"); // expected error after "<path>: " ("cancelled" alone)
    QTest::newRow("cancelled") << "cancel"
                               << "cancelled";
    QTest::newRow("constraint fails mid-write")
        << "duplicate note"
        << "cannot write the project: notes: item (d, p): UNIQUE constraint failed: notes.dataset, "
           "notes.item_id Unable to fetch row";
}

void TestProjectFile::failedSaveLeavesOldFile()
{
    QFETCH(QString, how);
    QFETCH(QString, reason);
    QTemporaryDir dir;
    const auto file = path(dir, "keep.tribunal");
    const auto f = QString::fromStdString(file);
    auto audit = richAudit();
    std::string error;
    QVERIFY2(ProjectFile::save(file, *audit, richExtras(), &error), error.c_str());
    const auto before = fileBytes(f);

    std::atomic<bool> cancel{false};
    Progress progress;
    ProjectExtras extras;
    if (how == "cancel") {
        cancel = true;
        progress.cancel = &cancel;
    } else {
        extras.notes = {{"d", "p", "one", ""}, {"d", "p", "two", ""}};
    }
    // Enough judgments to reach a cancellation point (every 64k rows).
    Maker m;
    const auto item = m.item("d", "p", TaskKind::Pairwise);
    for (int rep = 1; rep <= 35000; ++rep)
        for (auto order : {Order::AB, Order::BA})
            m.b.addJudgment(m.judgment(item, "j", "F", order, rep, answer::kA));
    auto big = m.build();
    QVERIFY(big);
    QVERIFY(!ProjectFile::save(file, *big, extras, &error, progress));
    QCOMPARE(QString::fromStdString(error), how == "cancel" ? reason : f + ": " + reason);
    QCOMPARE(fileBytes(f), before);
    QCOMPARE(dirEntries(dir.path()), QStringList({"keep.tribunal"}));
    auto opened = ProjectFile::open(file, &error);
    QVERIFY2(opened, error.c_str());
    const auto diff = compareAudits(*audit, *opened->audit);
    QVERIFY2(diff.empty(), diff.c_str());
}

void TestProjectFile::saveIntoMissingDirectoryFails()
{
    QTemporaryDir dir;
    std::string error;
    // The target is a directory: refused, the directory and its contents are untouched.
    QVERIFY(QDir(dir.path()).mkdir("folder.tribunal"));
    QVERIFY(writeBytes(dir.filePath("folder.tribunal/inside.txt"), "keep"));
    const auto folder = path(dir, "folder.tribunal");
    QVERIFY(!ProjectFile::save(folder, *smallAudit(), {}, &error));
    QCOMPARE(QString::fromStdString(error), QString::fromStdString(folder) + ": is a directory");
    QCOMPARE(dirEntries(dir.path()), QStringList({"folder.tribunal"}));
    QCOMPARE(fileBytes(dir.filePath("folder.tribunal/inside.txt")), QByteArray("keep"));
    // The parent directory does not exist: the temporary file cannot even be created.
    const auto missing = path(dir, "no/such/dir/p.tribunal");
    QVERIFY(!ProjectFile::save(missing, *smallAudit(), {}, &error));
    QCOMPARE(QString::fromStdString(error),
             QString::fromStdString(missing) +
                 ": cannot write the project: unable to open database file Error "
                 "opening database");
    QCOMPARE(dirEntries(dir.path()), QStringList({"folder.tribunal"}));
}

void TestProjectFile::openHonoursCancel()
{
    QTemporaryDir dir;
    const auto file = path(dir, "c.tribunal");
    std::string error;
    QVERIFY2(ProjectFile::save(file, *richAudit(), {}, &error), error.c_str());
    std::atomic<bool> cancel{true};
    Progress progress;
    progress.cancel = &cancel;
    auto opened = ProjectFile::open(file, &error, progress);
    QVERIFY(!opened);
    QCOMPARE(QString::fromStdString(error), QString("cancelled"));
}

void TestProjectFile::largeRoundTrip()
{
    // 5,000 pairwise items x 10 judges x 2 orders x 2 reps = 200,000 judgments.
    Maker m;
    auto& b = m.b;
    constexpr int kItems = 5000, kJudges = 10;
    std::vector<std::uint32_t> items;
    for (int i = 0; i < kItems; ++i) {
        const auto item = m.item(i % 2 ? "set-a" : "set-b", "item-" + std::to_string(i), TaskKind::Pairwise);
        b.setLabel(item, i % 3 == 0 ? answer::kA : answer::kB);
        m.text(item, ItemText::Question, "question " + std::to_string(i));
        items.push_back(item);
    }
    const CondId conds[] = {0, m.condition({{"temperature", "0"}}), m.condition({{"temperature", "1"}})};
    std::vector<ProbEntry> probs(2);
    std::string judges[kJudges];
    for (int k = 0; k < kJudges; ++k)
        judges[k] = "judge-" + std::to_string(k);
    std::uint64_t n = 0;
    for (int rep = 1; rep <= 2; ++rep)
        for (int k = 0; k < kJudges; ++k)
            for (int i = 0; i < kItems; ++i)
                for (auto order : {Order::AB, Order::BA}) {
                    ++n;
                    auto j =
                        m.judgment(items[static_cast<std::size_t>(i)], judges[k].c_str(), "Direct", order,
                                   rep, n % 7 == 0 ? answer::kTie : (n % 2 ? answer::kA : answer::kB));
                    j.condition = conds[k % 3];
                    if (n % 5 == 0) {
                        probs[0] = {answer::kA, static_cast<double>(n % 100) / 100.0};
                        probs[1] = {answer::kB, 1.0 - probs[0].p};
                        j.probs = probs;
                    }
                    if (n % 3 == 0)
                        j.costUsd = static_cast<double>(n) * 1e-6;
                    if (n % 11 == 0)
                        j.raw = b.intern("rationale " + std::to_string(n) + "\nwith a second line");
                    j.tokensIn = static_cast<std::int64_t>(n % 1000);
                    b.addJudgment(j);
                }
    auto audit = m.build();
    QVERIFY(audit);
    QCOMPARE(audit->judgmentCount(), std::size_t(200000));

    QTemporaryDir dir;
    const auto file = path(dir, "large.tribunal");
    std::string error;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> saveReports, openReports;
    Progress saveProgress;
    saveProgress.report = [&](std::uint64_t done, std::uint64_t total) {
        saveReports.emplace_back(done, total);
    };
    QElapsedTimer timer;
    timer.start();
    QVERIFY2(ProjectFile::save(file, *audit, richExtras(), &error, saveProgress), error.c_str());
    const auto saveMs = timer.restart();
    Progress openProgress;
    openProgress.report = [&](std::uint64_t done, std::uint64_t total) {
        openReports.emplace_back(done, total);
    };
    auto opened = ProjectFile::open(file, &error, openProgress);
    QVERIFY2(opened, error.c_str());
    qInfo("200,000 judgments: save %lld ms, open %lld ms", static_cast<long long>(saveMs),
          static_cast<long long>(timer.elapsed()));
    const auto diff = compareAudits(*audit, *opened->audit);
    QVERIFY2(diff.empty(), diff.c_str());
    QVERIFY(opened->extras == richExtras());
    const std::uint64_t total = kItems + 200000;
    for (const auto* reports : {&saveReports, &openReports}) {
        QCOMPARE(reports->size(), std::size_t(total / 65536 + 1)); // every 64k rows, then the end
        QCOMPARE(reports->front(), std::make_pair(std::uint64_t(65536), total));
        QCOMPARE(reports->back(), std::make_pair(total, total));
    }
}

void TestProjectFile::chunkedRead_data()
{
    QTest::addColumn<QStringList>("sql");
    QTest::addColumn<QString>("reason");   // expected error after "<path>", or "" when the project opens
    QTest::addColumn<qulonglong>("count"); // judgments when it opens
    QTest::addColumn<QString>("firstProbs");

    QTest::newRow("as saved") << QStringList() << QString() << qulonglong(150000) << QString("A=0.25;B=0.75");
    // seq need not start at 0 nor be dense: chunks are seq ranges, and order is seq order.
    QTest::newRow("sparse negative seq") << QStringList{"UPDATE judgments SET seq = seq * 3 - 1000000"}
                                         << QString() << qulonglong(150000) << QString("A=0.25;B=0.75");
    QTest::newRow("gap across a chunk bound")
        << QStringList{"DELETE FROM judgments WHERE seq BETWEEN 60000 AND 70000"} << QString()
        << qulonglong(150000 - 10001) << QString("A=0.25;B=0.75");
    QTest::newRow("bad row in the last chunk")
        << QStringList{"UPDATE judgments SET answer = 'X' WHERE seq = 149999"}
        << ": judgments seq 149999: answer: 'X' is not a pairwise answer" << qulonglong(0) << QString();
    // Chunks finish out of order on two threads; the first bad row in seq order is the one reported.
    QTest::newRow("first bad row wins")
        << QStringList{"UPDATE judgments SET rep = 0 WHERE seq = 140000",
                       "UPDATE judgments SET ord = 'XY' WHERE seq = 70000",
                       "UPDATE judgments SET answer = 'X' WHERE seq = 100000"}
        << ": judgments seq 70000: ord: 'XY' is not AB or BA" << qulonglong(0) << QString();
    // Lines (1-based positions in seq order) run on across chunks.
    // seq 149999 (judge-4, item-2499, BA, rep 6) made rep 1 with another answer: it conflicts with seq 24999.
    QTest::newRow("conflict across chunks")
        << QStringList{"UPDATE judgments SET rep = 1, answer = 'B' WHERE seq = 149999"}
        << ":150000: rep: conflicting judgment: same item, judge, format, condition, order and rep as line "
           "25000, different answer B here, A there"
        << qulonglong(0) << QString();
}

void TestProjectFile::chunkedRead()
{
    QFETCH(QStringList, sql);
    QFETCH(QString, reason);
    QFETCH(qulonglong, count);
    QFETCH(QString, firstProbs);
    QTemporaryDir dir;
    const auto file = chunkedProject(dir, "c.tribunal");
    const auto f = QString::fromStdString(file);
    QCOMPARE(runSql(f, sql), QString());
    std::string error;
    std::vector<std::uint64_t> reports;
    Progress progress;
    progress.report = [&](std::uint64_t done, std::uint64_t) { reports.push_back(done); };
    auto opened = ProjectFile::open(file, &error, progress);
    if (!reason.isEmpty()) {
        QVERIFY(!opened);
        QCOMPARE(QString::fromStdString(error), f + reason);
        return;
    }
    QVERIFY2(opened, error.c_str());
    const Audit& audit = *opened->audit;
    QCOMPARE(audit.judgmentCount(), std::size_t(count));
    QCOMPARE(audit.itemCount(), std::size_t(2500));
    // Progress: every 64k rows of items + judgments, then the end.
    const std::uint64_t total = 2500 + count;
    QCOMPARE(reports.size(), std::size_t(total / 65536 + 1));
    QCOMPARE(reports.back(), total);
    // Import order is seq order: the first judgment is rep 1 of judge-0 on item-0 (AB); the first one with
    // probabilities is rep 6 of judge-4 on item-0 (AB), with 5 x 25,000 + 4 x 5,000 before it (less the
    // deleted ones).
    const auto& j = audit.judgments();
    const auto first = audit.importOrder().front();
    QCOMPARE(audit.str(j.judge[first]), std::string_view("judge-0"));
    QCOMPARE(j.rep[first], std::uint16_t(1));
    QCOMPARE(j.order[first], Order::AB);
    QCOMPARE(audit.str(audit.items().itemId[j.item[first]]), std::string_view("item-0"));
    std::size_t position = 0;
    for (const auto row : audit.importOrder()) {
        if (!j.probsOf(row).empty()) {
            QStringList probs;
            for (const auto& entry : j.probsOf(row))
                probs << probText(entry);
            QCOMPARE(probs.join(";"), firstProbs);
            QCOMPARE(audit.str(j.judge[row]), std::string_view("judge-4"));
            QCOMPARE(j.rep[row], std::uint16_t(6));
            QCOMPARE(position, std::size_t(145000) - (150000 - count));
            break;
        }
        ++position;
    }
    QCOMPARE(conditionKeyNames(audit), QStringList({"temperature"}));
}

void TestProjectFile::probsTexts_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>(
        "expected"); // option=p;... or the error after "<path>: judgments seq 0: probs: "
    QTest::newRow("as saved") << R"({"A":0.7,"B":0.25,"tie":0.05})"
                              << "A=0.7;B=0.25;tie=0.05";
    QTest::newRow("blanks") << R"({ "A" : 0.5 , "B" : 0.5 })"
                            << "A=0.5;B=0.5";
    QTest::newRow("exponent and null") << R"({"A":2.5e-1,"B":null})"
                                       << "A=0.25;B=nan";
    // An integer -0 is +0 (simdjson reads integers as int64), a fraction -0.0 keeps its sign.
    QTest::newRow("integers") << R"({"A":1,"B":0,"tie":-0})"
                              << "A=1;B=0;tie=0";
    QTest::newRow("negative zero") << R"({"A":-0.0})"
                                   << "A=-0";
    QTest::newRow("escaped key") << R"({"\u0041":0.125})"
                                 << "A=0.125";
    QTest::newRow("case") << R"({"a":0.5})"
                          << "A=0.5";
    QTest::newRow("empty") << "{}"
                           << "";
    QTest::newRow("long integer") << R"({"A":12345678901234567890})"
                                  << "A=12345678901234567168"; // the nearest double
    QTest::newRow("leading zero") << R"({"A":01})"
                                  << "not valid JSON (Problem while parsing a number)";
    QTest::newRow("plus sign") << R"({"A":+1})"
                               << "not valid JSON (The JSON document has an improper structure: missing or "
                                  "superfluous commas, braces, missing keys, etc.)";
    QTest::newRow("trailing comma") << R"({"A":0.5,})"
                                    << "not valid JSON (The JSON document has an improper structure: missing "
                                       "or superfluous commas, braces, missing keys, etc.)";
    QTest::newRow("bad option") << R"({"C":0.5})"
                                << "C: not a pairwise option";
}

void TestProjectFile::probsTexts()
{
    QFETCH(QString, text);
    QFETCH(QString, expected);
    QTemporaryDir dir;
    const auto file = path(dir, "p.tribunal");
    std::string error;
    QVERIFY2(ProjectFile::save(file, *richAudit(), {}, &error), error.c_str());
    const auto f = QString::fromStdString(file);
    QString quoted = text;
    quoted.replace("'", "''");
    QCOMPARE(runSql(f, {"UPDATE judgments SET probs = '" + quoted + "' WHERE seq = 0"}), QString());
    auto opened = ProjectFile::open(file, &error);
    if (!opened) {
        QCOMPARE(QString::fromStdString(error), f + ": judgments seq 0: probs: " + expected);
        return;
    }
    const Audit& audit = *opened->audit;
    QStringList probs;
    for (const auto& entry : audit.judgments().probsOf(audit.importOrder().front()))
        probs << probText(entry);
    QCOMPARE(probs.join(";"), expected);
}

void TestProjectFile::looksLikeProject()
{
    QTemporaryDir dir;
    const auto file = path(dir, "p.tribunal");
    std::string error;
    QVERIFY2(ProjectFile::save(file, *smallAudit(), {}, &error), error.c_str());
    QVERIFY(ProjectFile::looksLikeProject(file));
    QVERIFY(writeBytes(dir.filePath("x.csv"), "SQLite format 3 but text"));
    QVERIFY(!ProjectFile::looksLikeProject(path(dir, "x.csv")));
    QVERIFY(!ProjectFile::looksLikeProject(path(dir, "missing")));
    QVERIFY(!ProjectFile::looksLikeProject(dir.path().toStdString()));
}

QTEST_GUILESS_MAIN(TestProjectFile)
#include "tst_projectfile.moc"
