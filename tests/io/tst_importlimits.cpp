// SPDX-License-Identifier: GPL-3.0-or-later
// Input limits of every importer (issue 11; ../shared/spec/data-format.md, "Bad input"): lines over
// kMaxLineBytes, JSON nesting over kMaxJsonDepth, numbers out of double range, NaN / Infinity literals in
// probabilities and costs, negative costs and tokens, duplicate keys, empty and BOM-only files and NUL bytes,
// for the flat CSV, Tribunal JSONL, rubric CSV, LLMBar, Arena-Hard, MT-Bench, JudgeBench and AlpacaEval
// importers and the cell-table reader (analysis/celltablecsv.h).
//
// Each row writes one small file from its format's template with one field replaced, imports it with
// stop-at-first on top of a base audit and compares the outcome with the row's expectation:
//   "error: <file:line: field: reason>" - the import failed with exactly that located message, and the base
//     audit is unchanged (importSources returned no audit: the builder's partial work was thrown away);
//   "ok: <summary>" - the documented handling: the imported values, printed by summary() below.
// %1 in an expectation is the path of the file the row wrote. The expectations are in
// tst_importlimits_expected.inc; the rows marked BUG there expect the handling the importer should have and
// fail until it is fixed (the report of issue 11 lists them by row name). TRIBUNAL_LIMITS_PRINT=1 prints each
// row's name and outcome (base64, %1 for the path) to review a change of behaviour.

#include "../common/auditcompare.h"
#include "../common/testaudits.h"
#include "../common/testfiles.h"
#include "analysis/celltablecsv.h"
#include "io/importer.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace tribunal;

namespace {

enum class Fmt : int {
    FlatCsv,
    Jsonl,
    RubricCsv,
    LlmBar,
    ArenaHard,
    MtBench,
    JudgeBench,
    AlpacaEval,
    CellTable
};

/// One format: the file a row writes, its template (`@key@` marks a replaceable value) and the defaults.
struct Spec {
    Fmt fmt;
    const char* tag;
    const char* file; ///< relative to the row's directory; LLMBar: inside the subset directory "S"
    QByteArray tmpl;
    std::vector<std::pair<QByteArray, QByteArray>> defaults;
};

// LLMBar: the subset directory S holds dataset.json and evaluators/j/F/result.json; rows replace values in
// result.json (the element repeats its dataset item) unless they name dataset.json.
const QByteArray kLlmBarDataset = R"([{"input":"Q","output_1":"a","output_2":"b","label":1}])"
                                  "\n";

const std::vector<Spec>& specs()
{
    static const std::vector<Spec> s = {
        {Fmt::FlatCsv,
         "csv",
         "in.csv",
         "dataset,item_id,judge,format,order,rep,verdict,label,prob_a,cost_usd,latency_s,confidence,tokens_"
         "in,"
         "tokens_out,note\n"
         "d,1,j,F,AB,1,A,A,@prob@,@cost@,@latency@,@confidence@,@tokens_in@,@tokens_out@,@note@\n",
         {{"prob", "0.75"},
          {"cost", "0.5"},
          {"latency", "2"},
          {"confidence", "0.9"},
          {"tokens_in", "10"},
          {"tokens_out", "20"},
          {"note", "n"}}},
        {Fmt::Jsonl,
         "jsonl",
         "in.jsonl",
         R"({"dataset":"d","item_id":"1","judge":"j","format":"F","order":"AB","rep":1,"answer":"A",)"
         R"("label":"A","probs":{"A":@prob@,"B":0.25},"cost_usd":@cost@,"latency_s":@latency@,)"
         R"("confidence":@confidence@,"tokens_in":@tokens_in@,"tokens_out":@tokens_out@,"note":@note@})"
         "\n",
         {{"prob", "0.75"},
          {"cost", "0.5"},
          {"latency", "2"},
          {"confidence", "0.9"},
          {"tokens_in", "10"},
          {"tokens_out", "20"},
          {"note", "\"n\""}}},
        {Fmt::RubricCsv,
         "rubric",
         "in.csv",
         "dataset,unit_id,criterion,kind,judge,format,rep,prediction,label,probs,confidence,cost_usd,latency_"
         "s,"
         "tokens_in,tokens_out,note\n"
         "r,u1,Clear,binary,j,F,1,MET,MET,@probs@,@confidence@,@cost@,@latency@,@tokens_in@,@tokens_out@,"
         "@note@\n",
         {{"probs", "MET=0.75;UNMET=0.25"},
          {"confidence", "0.9"},
          {"cost", "0.5"},
          {"latency", "2"},
          {"tokens_in", "10"},
          {"tokens_out", "20"},
          {"note", "n"}}},
        {Fmt::LlmBar,
         "llmbar",
         "evaluators/j/F/result.json",
         R"([{"input":"Q","output_1":"a","output_2":"b","label":@label@,"note":@note@,"results":[{"swap = False":)"
         R"({"completion":["x","stop"],"winner":"1"},"swap = True":{"completion":["y","stop"],"winner":"2"}}]}])"
         "\n",
         {{"label", "1"}, {"note", "\"n\""}}},
        {Fmt::ArenaHard,
         "arena-hard",
         "ah.jsonl",
         R"({"uid":@uid@,"category":"c","judge":"j","model":"m","baseline":"b","games":[{"score":"A>B",)"
         R"("judgment":{"answer":"x"}},{"score":"B>A","judgment":{"answer":"y"}}],"tstamp":@tstamp@,)"
         R"("note":@note@})"
         "\n",
         {{"uid", "\"q1\""}, {"tstamp", "1.5"}, {"note", "\"n\""}}},
        {Fmt::MtBench,
         "mt-bench",
         "mt.jsonl",
         R"({"question_id":@qid@,"model_1":"vicuna","model_2":"alpaca","g1_winner":"model_1",)"
         R"("g2_winner":"model_2","judge":["gpt-4","pair-v2"],"g1_user_prompt":"P1","g1_judgment":"J1",)"
         R"("g2_user_prompt":"P2","g2_judgment":"J2","turn":@turn@,"tstamp":@tstamp@,"note":@note@})"
         "\n",
         {{"qid", "81"}, {"turn", "1"}, {"tstamp", "1.5"}, {"note", "\"n\""}}},
        {Fmt::JudgeBench,
         "judgebench",
         "jb.jsonl",
         R"({"pair_id":"p1","original_id":1,"source":"s","question":"Q","response_model":"m","response_A":"a",)"
         R"("response_B":"b","label":"A>B","judge_name":"reward","judgments":[{"judgment":{"judge_model":"rm",)"
         R"("prompt":"p","scores":[@s1@,@s2@]},"decision":"A>B","cost":@cost@},{"judgment":{"judge_model":"rm",)"
         R"("prompt":"p","scores":[0,0]},"decision":"A=B"}],"note":@note@})"
         "\n",
         {{"s1", "1"}, {"s2", "0"}, {"cost", "0.5"}, {"note", "\"n\""}}},
        {Fmt::AlpacaEval,
         "alpaca-eval",
         "annotations.json",
         "[\n"
         R"({"instruction":"Q","output_1":"a","output_2":"b","generator_1":"base","generator_2":"model",)"
         R"("dataset":"helpful_base","annotator":"j","preference":@preference@,"price_per_example":@cost@,)"
         R"("time_per_example":@latency@,"raw_completion":"m","note":@note@})"
         "\n]\n",
         {{"preference", "1.25"}, {"cost", "0.5"}, {"latency", "2"}, {"note", "\"n\""}}},
        {Fmt::CellTable,
         "cell-table",
         "cells.csv",
         "judge,format,dataset,C,phi,A,note\n"
         "j,F,d,@C@,0.5,@A@,@note@\n",
         {{"C", "0.75"}, {"A", "0.5"}, {"note", "n"}}},
    };
    return s;
}

const Spec& spec(Fmt fmt)
{
    return specs()[static_cast<std::size_t>(fmt)];
}

QByteArray fill(const Spec& s, const std::vector<std::pair<QByteArray, QByteArray>>& values)
{
    QByteArray out = s.tmpl;
    for (const auto& [key, value] : values) {
        if (!out.contains("@" + key + "@"))
            qFatal("%s has no field %s", s.tag, key.constData());
        out.replace("@" + key + "@", value);
    }
    for (const auto& [key, value] : s.defaults)
        out.replace("@" + key + "@", value);
    return out;
}

/// `depth` nested arrays around a number (in a CSV cell, plain characters).
QByteArray nested(int depth)
{
    return QByteArray(depth, '[') + "1" + QByteArray(depth, ']');
}

/// `s` for a summary: control bytes as \xNN (a NUL must survive a C string literal), long texts shortened.
QString text(std::string_view s)
{
    if (s.size() > 60)
        return QString("<%1 bytes: %2...>").arg(s.size()).arg(text(s.substr(0, 20)));
    QString out;
    for (const char c : s)
        out += static_cast<unsigned char>(c) < 0x20 ? QString("\\x%1").arg(int(c), 2, 16, QChar('0'))
                                                    : QString(QLatin1Char(c));
    return QString::fromUtf8(out.toLatin1());
}

QString num(double v)
{
    return std::isnan(v) ? QString("-") : QString::number(v, 'g', 17);
}

/// The values a row may have changed, for the rows whose input is accepted.
QString summary(const Audit& a)
{
    QStringList out;
    out << QString("%1 judgments").arg(a.judgmentCount());
    const auto& j = a.judgments();
    for (const auto r : a.importOrder()) {
        const auto item = j.item[r];
        const TaskKind kind = a.items().kind[item];
        QString probs;
        for (const auto& p : j.probsOf(r))
            probs += QString::fromStdString(answerText(kind, p.option)) + "=" + num(p.p) + ";";
        QString cond;
        for (const auto& [k, v] : a.conditions()[j.condition[r]])
            cond += text(a.str(k)) + "=" + text(a.str(v)) + ";";
        out << QString("[%1 %2 label=%3 answer=%4 probs=%5 cost=%6 latency=%7 conf=%8 tokens=%9/%10 cond=%11 "
                       "extra=%12]")
                   .arg(text(a.str(a.items().dataset[item])), text(a.str(a.items().itemId[item])),
                        QString::fromStdString(answerText(kind, a.items().label[item])),
                        QString::fromStdString(answerText(kind, j.answer[r])), probs, num(j.costUsd(r)),
                        num(j.latencyS(r)), num(j.confidence(r)))
                   .arg(j.tokensIn(r))
                   .arg(j.tokensOut(r))
                   .arg(cond, text(a.str(j.extra[r])));
    }
    return out.join(' ');
}

QString cellSummary(const CellTableCsv& t)
{
    QStringList out;
    out << QString("%1 cells").arg(t.table.rows.size());
    for (const auto& r : t.table.rows) {
        QString cond;
        for (std::size_t k = 0; k < r.conditions.size(); ++k)
            cond += text(t.table.conditionNames[k]) + "=" + text(r.conditions[k]) + ";";
        out << QString("[%1/%2/%3 C=%4 phi=%5 A=%6 cond=%7]")
                   .arg(text(r.judge), text(r.format), text(r.dataset), num(r.C), num(r.phi), num(r.A), cond);
    }
    return out.join(' ');
}

/// Imports `path` (file or LLMBar subset directory) in format `fmt` with stop-at-first on top of a base
/// audit; returns "error: ..." or "ok: ..." (see the file comment). Fails the test when a failed import
/// changed the base or returned an audit anyway.
QString outcome(Fmt fmt, const QString& path)
{
    if (fmt == Fmt::CellTable) {
        ImportIssue issue;
        const auto table = readCellTableCsv(path.toStdString(), {}, issue);
        if (!table)
            return "error: " + QString::fromStdString(issue.text());
        return "ok: " + cellSummary(*table);
    }
    static const SourceFormat kFormats[] = {
        SourceFormat::FlatCsv,    SourceFormat::TribunalJsonl, SourceFormat::RubricCsv,
        SourceFormat::LlmBar,     SourceFormat::ArenaHard,     SourceFormat::MtBench,
        SourceFormat::JudgeBench, SourceFormat::AlpacaEval,
    };
    const AuditPtr base = test::oneJudgmentAudit();
    const AuditPtr baseCopy = test::oneJudgmentAudit();
    ImportOptions options;
    options.format = kFormats[static_cast<int>(fmt)];
    const ImportOutcome out = importSources({path.toStdString()}, base.get(), options);
    const std::string unchanged = test::compareAudits(*base, *baseCopy);
    if (!unchanged.empty())
        return "base audit changed: " + QString::fromStdString(unchanged);
    if (!out.audit)
        return "error: " + test::issuesText(out.log);
    if (!out.log.issues.empty())
        return "ok with issues: " + test::issuesText(out.log);
    // The new snapshot holds the base's judgment first; summarise only what the file added.
    AuditBuilder builder;
    ImportLog log;
    const std::string p = path.toStdString();
    bool ok = false;
    switch (fmt) {
    case Fmt::FlatCsv:
        ok = importFlatCsv(p, builder, log, {});
        break;
    case Fmt::Jsonl:
        ok = importJsonl(p, builder, log, {});
        break;
    case Fmt::RubricCsv:
        ok = importRubricCsv(p, builder, log, {});
        break;
    case Fmt::LlmBar:
        ok = importLlmBar(p, builder, log, {});
        break;
    case Fmt::ArenaHard:
        ok = importArenaHard(p, builder, log, {});
        break;
    case Fmt::MtBench:
        ok = importMtBench(p, builder, log, {});
        break;
    case Fmt::JudgeBench:
        ok = importJudgeBench(p, builder, log, {});
        break;
    case Fmt::AlpacaEval:
        ok = importAlpacaEval(p, builder, log, {});
        break;
    case Fmt::CellTable:
        break;
    }
    if (!ok)
        return "importSources accepted what the importer rejects: " + test::issuesText(log);
    const AuditPtr alone = builder.build(log);
    if (!alone)
        return "the builder did not build: " + test::issuesText(log);
    return "ok: " + summary(*alone);
}

/// Row name -> expectation (see the file comment).
const std::map<QString, QString>& expected()
{
    static const std::map<QString, QString> table = {
#include "tst_importlimits_expected.inc"
    };
    return table;
}

/// Writes the row's files under `root` and returns the path to import and the path of the written file.
std::pair<QString, QString> writeRow(Fmt fmt, const QString& root, const QByteArray& content,
                                     const QString& file)
{
    QString importPath = root + "/" + file, written = importPath;
    if (fmt == Fmt::LlmBar) {
        importPath = root + "/S";
        written = importPath + "/" + file;
        QDir().mkpath(importPath + "/evaluators/j/F");
        if (!test::writeFile(importPath + "/dataset.json", kLlmBarDataset) ||
            !test::writeFile(importPath + "/evaluators/j/F/result.json", fill(spec(fmt), {})))
            qFatal("cannot write the LLMBar layout");
    }
    QDir().mkpath(QFileInfo(written).path());
    if (!test::writeFile(written, content))
        qFatal("cannot write %s", qPrintable(written));
    return {importPath, written};
}

} // namespace

class TestImportLimits : public QObject {
    Q_OBJECT
private slots:
    void limits_data();
    void limits();
    void longLine_data();
    void longLine();

private:
    QTemporaryDir m_dir;
    int m_rowNo = 0;
};

// The rows: every format gets the cases below in the field that fits it (a probability, a cost, a count, an
// unknown key kept as extra / condition text); a format without such a field gets the case in the nearest
// numeric field it has (LLMBar's label, MT-Bench's turn, Arena-Hard's tstamp), as its name says.
void TestImportLimits::limits_data()
{
    QTest::addColumn<int>("fmt");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("expected");

    const auto& expectations = expected();
    auto add = [&](Fmt fmt, const QByteArray& name, const QByteArray& content, const char* file = nullptr) {
        const Spec& s = spec(fmt);
        const QString tag = QString::fromUtf8(s.tag) + ": " + QString::fromUtf8(name);
        const auto it = expectations.find(tag);
        QTest::newRow(qPrintable(tag))
            << int(fmt) << QString(file ? file : s.file) << content
            << (it == expectations.end() ? QString("(no expectation)") : it->second);
    };
    auto set = [&](Fmt fmt, const QByteArray& name, std::vector<std::pair<QByteArray, QByteArray>> values) {
        add(fmt, name, fill(spec(fmt), values));
    };
    const QByteArray big = "123456789012345678901234567890";
    for (const Fmt f : {Fmt::Jsonl, Fmt::ArenaHard, Fmt::MtBench, Fmt::JudgeBench}) {
        // The record object is level 1: 63 arrays in a value make 64 levels, 64 make 65.
        set(f, "nesting 64 (the limit)", {{"note", nested(63)}});
        set(f, "nesting 65", {{"note", nested(64)}});
        set(f, "nesting 10000", {{"note", nested(9999)}});
        set(f, "1e999 in an unknown key", {{"note", "1e999"}});
        set(f, "huge integer in an unknown key", {{"note", big}});
        set(f, "NaN literal in an unknown key", {{"note", "NaN"}});
        set(f, "duplicate unknown key", {{"note", "\"n\",\"note\":\"m\""}});
        set(f, "raw NUL byte in a string", {{"note", QByteArray("\"a\0b\"", 5)}});
        set(f, "escaped NUL in a string", {{"note", "\"a\\u0000b\""}});
    }
    for (const Fmt f : {Fmt::LlmBar, Fmt::AlpacaEval}) {
        // The top-level array is level 1 and the element level 2.
        set(f, "nesting 64 (the limit)", {{"note", nested(62)}});
        set(f, "nesting 65", {{"note", nested(63)}});
        set(f, "nesting 10000", {{"note", nested(9998)}});
        set(f, "1e999 in an unknown key", {{"note", "1e999"}});
        set(f, "huge integer in an unknown key", {{"note", big}});
        set(f, "NaN literal in an unknown key", {{"note", "NaN"}});
        set(f, "duplicate unknown key", {{"note", "\"n\",\"note\":\"m\""}});
        set(f, "raw NUL byte in a string", {{"note", QByteArray("\"a\0b\"", 5)}});
        set(f, "escaped NUL in a string", {{"note", "\"a\\u0000b\""}});
    }
    for (const Fmt f : {Fmt::FlatCsv, Fmt::RubricCsv, Fmt::CellTable}) {
        // CSV cells are text: brackets are characters, not nesting.
        set(f, "nesting 65 as text", {{"note", nested(65)}});
        set(f, "nesting 10000 as text", {{"note", nested(10000)}});
        set(f, "huge integer as text", {{"note", big}});
        set(f, "NUL byte in a cell", {{"note", QByteArray("a\0b", 3)}});
    }
    // Probabilities.
    for (const char* v :
         {"NaN", "nan", "Infinity", "inf", "-Infinity", "1e999", "-1e999", "1e-400", "-0.25", "1.5"}) {
        const QByteArray name = QByteArray("probability ") + v;
        set(Fmt::FlatCsv, name, {{"prob", v}});
        set(Fmt::Jsonl, name, {{"prob", v}});
        set(Fmt::RubricCsv, name, {{"probs", QByteArray("MET=") + v + ";UNMET=0.25"}});
        set(Fmt::AlpacaEval, QByteArray("preference ") + v, {{"preference", v}});
        set(Fmt::JudgeBench, QByteArray("reward score ") + v, {{"s1", v}});
        set(Fmt::CellTable, QByteArray("C ") + v, {{"C", v}});
    }
    set(Fmt::JudgeBench, "reward scores 1e308 and -1e308", {{"s1", "1e308"}, {"s2", "-1e308"}});
    // Costs and other non-negative numbers.
    for (const char* v : {"NaN", "nan", "Infinity", "-Infinity", "1e999", "-1e999", "1e-400", "-0.5", "-0"}) {
        const QByteArray name = QByteArray("cost ") + v;
        set(Fmt::FlatCsv, name, {{"cost", v}});
        set(Fmt::Jsonl, name, {{"cost", v}});
        set(Fmt::RubricCsv, name, {{"cost", v}});
        set(Fmt::AlpacaEval, name, {{"cost", v}});
        set(Fmt::JudgeBench, name + " (kept in extra)", {{"cost", v}});
        set(Fmt::LlmBar, QByteArray("label ") + v, {{"label", v}});
        set(Fmt::ArenaHard, QByteArray("tstamp ") + v, {{"tstamp", v}});
        set(Fmt::MtBench, QByteArray("tstamp ") + v, {{"tstamp", v}});
    }
    for (const char* v : {"NaN", "-1e999", "-0.5"}) {
        set(Fmt::FlatCsv, QByteArray("latency ") + v, {{"latency", v}});
        set(Fmt::Jsonl, QByteArray("confidence ") + v, {{"confidence", v}});
        set(Fmt::AlpacaEval, QByteArray("latency ") + v, {{"latency", v}});
    }
    // Counts.
    for (const QByteArray& v : {QByteArray("-1"), QByteArray("-5"), big, QByteArray("1e999"),
                                QByteArray("2.5"), QByteArray("9223372036854775808")}) {
        const QByteArray name = "tokens " + v;
        set(Fmt::FlatCsv, name, {{"tokens_in", v}});
        set(Fmt::Jsonl, name, {{"tokens_in", v}});
        set(Fmt::RubricCsv, name, {{"tokens_in", v}});
        set(Fmt::MtBench, "turn " + v, {{"turn", v}});
        set(Fmt::MtBench, "question_id " + v, {{"qid", v}});
        set(Fmt::ArenaHard, "uid " + v, {{"uid", v}});
    }
    // Duplicate keys the importer knows.
    set(Fmt::Jsonl, "duplicate cost_usd", {{"note", "\"n\",\"cost_usd\":2"}});
    set(Fmt::ArenaHard, "duplicate judge", {{"note", "\"n\",\"judge\":\"k\""}});
    set(Fmt::MtBench, "duplicate g1_winner", {{"note", "\"n\",\"g1_winner\":\"tie\""}});
    set(Fmt::JudgeBench, "duplicate label", {{"note", "\"n\",\"label\":\"B>A\""}});
    set(Fmt::AlpacaEval, "duplicate preference", {{"note", "\"n\",\"preference\":2"}});
    set(Fmt::LlmBar, "duplicate label", {{"note", "\"n\",\"label\":2"}});
    {
        QByteArray csv = fill(spec(Fmt::FlatCsv), {});
        add(Fmt::FlatCsv, "duplicate column", csv.replace("tokens_out,note", "tokens_out,cost_usd"));
        QByteArray unknown = fill(spec(Fmt::FlatCsv), {});
        add(Fmt::FlatCsv, "duplicate unknown column", unknown.replace("judge,format", "note,format"));
        QByteArray rubric = fill(spec(Fmt::RubricCsv), {});
        add(Fmt::RubricCsv, "duplicate column", rubric.replace("tokens_out,note", "tokens_out,cost_usd"));
        QByteArray cells = fill(spec(Fmt::CellTable), {});
        add(Fmt::CellTable, "duplicate column", cells.replace("A,note", "A,C"));
    }
    // Whole-file cases.
    for (const auto& s : specs()) {
        add(s.fmt, "empty file", QByteArray());
        add(s.fmt, "only a BOM", "\xEF\xBB\xBF");
        add(s.fmt, "only NUL bytes", QByteArray(16, '\0'));
        add(s.fmt, "a NUL byte after the record", fill(s, {}) + QByteArray(1, '\0'));
        add(s.fmt, "a BOM before the content", "\xEF\xBB\xBF" + fill(s, {}));
    }
    add(Fmt::LlmBar, "dataset.json empty", QByteArray(), "dataset.json");
    add(Fmt::LlmBar, "dataset.json only a BOM", "\xEF\xBB\xBF", "dataset.json");
    add(Fmt::LlmBar, "dataset.json with a BOM", "\xEF\xBB\xBF" + kLlmBarDataset, "dataset.json");
    add(Fmt::LlmBar, "dataset.json NUL bytes", QByteArray(16, '\0'), "dataset.json");
    add(Fmt::LlmBar, "dataset.json label NaN", R"([{"input":"Q","output_1":"a","output_2":"b","label":NaN}])",
        "dataset.json");
    add(Fmt::LlmBar, "dataset.json nesting 10000",
        "[{\"input\":\"Q\",\"output_1\":\"a\",\"output_2\":\"b\",\"label\":1,\"x\":" + nested(9998) + "}]",
        "dataset.json");
}

void TestImportLimits::limits()
{
    QFETCH(int, fmt);
    QFETCH(QString, file);
    QFETCH(QByteArray, content);
    QFETCH(QString, expected);
    const QString root = m_dir.filePath(QString("row%1").arg(++m_rowNo));
    const auto [importPath, written] = writeRow(Fmt(fmt), root, content, file);
    const QString got = outcome(Fmt(fmt), importPath);
    if (qEnvironmentVariableIsSet("TRIBUNAL_LIMITS_PRINT"))
        qInfo().noquote() << "ROW" << QByteArray(QTest::currentDataTag()).toBase64()
                          << QString(got).replace(written, "%1").toUtf8().toBase64();
    QCOMPARE(got, expected.contains("%1") ? expected.arg(written) : expected);
}

void TestImportLimits::longLine_data()
{
    // The file is `prefix`, kMaxLineBytes + 1 bytes of 'x' inside a string or cell, then `suffix`.
    QTest::addColumn<int>("fmt");
    QTest::addColumn<QByteArray>("prefix");
    QTest::addColumn<QByteArray>("suffix");
    QTest::addColumn<QString>("expected");
    const auto& expectations = expected();
    auto add = [&](Fmt fmt, const QByteArray& prefix, const QByteArray& suffix) {
        const QString tag = QString("%1: line over 64 MiB").arg(spec(fmt).tag);
        const auto it = expectations.find(tag);
        QTest::newRow(qPrintable(tag))
            << int(fmt) << prefix << suffix
            << (it == expectations.end() ? QString("(no expectation)") : it->second);
    };
    for (const auto& s : specs()) {
        // The filler goes where the template's `note` value is: inside a JSON string or a CSV cell.
        QByteArray t =
            fill(s, {{"note", s.fmt == Fmt::FlatCsv || s.fmt == Fmt::RubricCsv || s.fmt == Fmt::CellTable
                                  ? QByteArray("@FILL@")
                                  : QByteArray("\"@FILL@\"")}});
        const auto at = t.indexOf("@FILL@");
        add(s.fmt, t.left(at), t.mid(at + 6));
    }
}

void TestImportLimits::longLine()
{
    QFETCH(int, fmt);
    QFETCH(QByteArray, prefix);
    QFETCH(QByteArray, suffix);
    QFETCH(QString, expected);
    const QString root = m_dir.filePath(QString("long%1").arg(++m_rowNo));
    const auto [importPath, written] = writeRow(Fmt(fmt), root, prefix, spec(Fmt(fmt)).file);
    {
        // Streamed: one 1 MiB chunk is the only copy of the filler in memory.
        QFile f(written);
        QVERIFY(f.open(QIODevice::Append));
        const QByteArray chunk(1 << 20, 'x');
        std::size_t left = kMaxLineBytes + 1;
        while (left > 0) {
            const auto n = std::min<std::size_t>(left, std::size_t(chunk.size()));
            QCOMPARE(f.write(chunk.constData(), qint64(n)), qint64(n));
            left -= n;
        }
        QCOMPARE(f.write(suffix), qint64(suffix.size()));
    }
    const QString got = outcome(Fmt(fmt), importPath);
    QFile::remove(written);
    if (qEnvironmentVariableIsSet("TRIBUNAL_LIMITS_PRINT"))
        qInfo().noquote() << "ROW" << QByteArray(QTest::currentDataTag()).toBase64()
                          << QString(got).replace(written, "%1").toUtf8().toBase64();
    QCOMPARE(got, expected.contains("%1") ? expected.arg(written) : expected);
}

QTEST_GUILESS_MAIN(TestImportLimits)
#include "tst_importlimits.moc"
