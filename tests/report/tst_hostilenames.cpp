// SPDX-License-Identifier: GPL-3.0-or-later
// Hostile names through every CSV and LaTeX writer (issue 11, safe output; quality.md "Exports escape what
// they write"). Judges, datasets (panels), formats, conditions, criteria, bias tests and versions, and items
// are named with LaTeX specials (\ { } $ & # ^ _ % ~), spreadsheet formulas (= + - @), tabs, CR, LF, quotes
// and commas. Every output is checked:
//   LaTeX - no hostile name and none of its special-character fragments appears raw, and the escaped form
//           (latexEscape) of the names the table shows appears;
//   CSV   - the text parses as RFC 4180 (a small independent reader below), every row has the header's
//           width, every cell starting with = + - @ that is not a number was quoted, and the names read back
//           exactly in their columns;
//   exports (core/io) - the flat CSV export passes the same CSV checks and the JSONL export reads back as
//           the same audit (compareAudits); a name with non-UTF-8 bytes is refused with a message or
//           written so that the format's own importer reads it back.
// Writers: cascade curve / summary, confident errors, repeats, jury (CSV + LaTeX); rubric, compare,
// confusion, shift curve (CSV), rubric accuracy and paired comparison (LaTeX); bias excess / count, flips by
// confidence, flip agreement, calibration, reliability, judge cost (CSV), bias excess / count and calibration
// (LaTeX); trust cells, dispersion, ANOVA (CSV + LaTeX) and the condition sweep (CSV).

#include "../common/auditcompare.h"
#include "../common/biasaudits.h"
#include "analysis/calibration.h"
#include "analysis/conditionsweep.h"
#include "analysis/dispersion.h"
#include "analysis/judgecomparison.h"
#include "analysis/levelshift.h"
#include "analysis/rubricconfusion.h"
#include "io/exporter.h"
#include "io/importer.h"
#include "model/auditbuilder.h"
#include "report/biaslatex.h"
#include "report/biastables.h"
#include "report/cascadelatex.h"
#include "report/cascadetables.h"
#include "report/flattable.h"
#include "report/latex.h"
#include "report/rubricdetailtables.h"
#include "report/rubriclatex.h"
#include "report/rubrictables.h"
#include "report/sweeptable.h"
#include "report/trustexport.h"
#include "report/trusttable.h"

#include <QTemporaryDir>
#include <QtTest>

#include <charconv>
#include <filesystem>
#include <fstream>
#include <map>
#include <random>
#include <set>

using namespace tribunal;

namespace {

// The names. Each starts or ends the way an exploit would; together they hold every LaTeX special.
const std::string kJudgeEq = "=HYPERLINK(\"http://x.example\",\"click\")";
const std::string kJudgePlus = "+1 \\ {a} $x$ & #^_%~ 100%";
const std::string kJudgeMinus = "-x\ttab\rcr\nlf end";
const std::string kJudgeAt = "@SUM(A1:A2),\"q\"";
const std::string kFormat = "-fmt_{1}^2 ~#";
const std::string kFormatA = "a \"quoted\"";
const std::string kFormatB = "b, comma";
const std::string kPanelOrd = "=panel & co, \"ord\" $1";
const std::string kPanelBin = "+checks_{bin} #2";
const std::string kPanelJury = "@jury ~ 100%\nline2";
const std::string kCriterion = "crit & \"x\",\n2 $";
const std::string kCondKey = "temp$_%";
const std::string kCondValues[2] = {"=1+1", "-0.5x"};
const std::string kTest = "bandwagon & $x$";
const std::string kVersion = "90% ~ {v}";
const std::string kDataset = "data,set \"q\" \\ & % #1";

/// Fragments of the names that must never reach LaTeX unescaped.
const std::vector<std::string>& rawFragments()
{
    static const std::vector<std::string> f = {
        "{a} $x$", "& #^_%~", "100%",    "fmt_{1}^2", "~#",        "panel & co", "checks_{bin}", " #2",
        "@jury ~", "crit & ", "temp$_%", "$x$",       "90% ~ {v}", "\\ & %",     "\t",           "\r"};
    return f;
}

struct Judgment {
    const std::string* judge;
    const std::string* format;
    Answer answer;
    double confidence = kMissing;
    double cost = kMissing;
    double pMet = kMissing;
};

std::uint32_t addPair(AuditBuilder& b, const std::string& dataset, const std::string& unit, TaskKind kind,
                      Answer label, const std::vector<Judgment>& judgments)
{
    const auto item = b.addItem(b.intern(dataset), b.intern(unit + "/" + kCriterion), kind);
    b.setText(item, ItemText::UnitId, b.intern(unit));
    b.setText(item, ItemText::Criterion, b.intern(kCriterion));
    if (kind == TaskKind::Ordinal)
        b.setLevels(item, {b.intern("1"), b.intern("2 & $"), b.intern("3"), b.intern("4"), b.intern("5")});
    b.setLabel(item, label);
    for (const Judgment& j : judgments) {
        JudgmentInput in;
        in.item = item;
        in.judge = b.intern(*j.judge);
        in.format = b.intern(*j.format);
        in.answer = j.answer;
        in.confidence = j.confidence;
        in.costUsd = j.cost;
        const ProbEntry probs[2] = {{answer::kMet, j.pMet}, {answer::kUnmet, 1.0 - j.pMet}};
        if (!std::isnan(j.pMet))
            in.probs = probs;
        in.raw = b.intern("=cmd|' /C calc'!A0 \"raw\",\n");
        b.addJudgment(in);
    }
    return item;
}

/// tests/report/tst_cascadereport.cpp's audit with hostile names: an ordinal cascade panel (first judge
/// kJudgeEq, fallback kJudgePlus, kJudgeAt in two formats), a binary panel (kJudgeEq, kJudgeMinus, "Y") and
/// an ordinal jury panel of four hostile judges. Item ids are "=q<n>/" + kCriterion.
AuditPtr rubricAudit()
{
    AuditBuilder b;
    const int dRight[10] = {1, 0, 1, 1, 1, 0, 0, 1, 0, 1}, fRight[10] = {1, 1, 0, 1, 0, 0, 1, 1, 1, 1};
    const double conf[10] = {0.92, 0.87, 0.71, 0.63, 0.50, 0.44, 0.38, 0.27, 0.27, 0.08};
    for (int q = 0; q < 10; ++q) {
        std::vector<Judgment> js = {{&kJudgeEq, &kFormat, Answer(dRight[q] ? 3 : 2), conf[q], 0.002},
                                    {&kJudgePlus, &kFormat, Answer(fRight[q] ? 3 : 4), kMissing, 0.02}};
        js.push_back({&kJudgeAt, &kFormatA, Answer(q % 3 ? 3 : 1)});
        js.push_back({&kJudgeAt, &kFormatB, Answer(q % 4 ? 3 : 5)});
        addPair(b, kPanelOrd, "=q" + std::to_string(q + 1), TaskKind::Ordinal, 3, js);
    }
    static const std::string kY = "Y";
    const Answer labels[6] = {answer::kUnmet, answer::kUnmet, answer::kUnmet,
                              answer::kMet,   answer::kMet,   answer::kMet};
    const Answer d[6] = {answer::kMet,   answer::kMet,   answer::kUnmet,
                         answer::kUnmet, answer::kUnmet, answer::kMet},
                 x[6] = {answer::kMet,   answer::kUnmet, answer::kUnmet,
                         answer::kUnmet, answer::kMet,   answer::kMet},
                 y[6] = {answer::kUnmet, answer::kMet, answer::kUnmet,
                         answer::kMet,   answer::kMet, answer::kUnmet};
    const double pMet[6] = {0.9, 0.7, 0.2, 0.1, 0.4, 0.8};
    for (int i = 0; i < 6; ++i)
        addPair(b, kPanelBin, "+b" + std::to_string(i + 1), TaskKind::Binary, labels[i],
                {{&kJudgeEq, &kFormat, d[i], pMet[i], kMissing, pMet[i]},
                 {&kJudgeMinus, &kFormat, x[i]},
                 {&kY, &kFormat, y[i]}});
    const Answer votes[5][4] = {{3, 3, 4, 3}, {2, 4, 4, 2}, {1, 2, 5, 3}, {5, 4, 5, 5}, {2, 1, 3, 2}};
    const Answer juryLabels[5] = {3, 4, 2, 5, 1};
    for (int v = 0; v < 5; ++v)
        addPair(b, kPanelJury, "@v" + std::to_string(v + 1), TaskKind::Ordinal, juryLabels[v],
                {{&kJudgeEq, &kFormat, votes[v][0]},
                 {&kJudgePlus, &kFormat, votes[v][1]},
                 {&kJudgeMinus, &kFormat, votes[v][2]},
                 {&kJudgeAt, &kFormat, votes[v][3]}});
    ImportLog log;
    auto audit = b.build(log);
    if (!audit)
        qFatal("the hostile rubric audit did not build");
    return audit;
}

JudgeKey key(const Audit& audit, const std::string& judge, const std::string& format = kFormat)
{
    return JudgeKey{*audit.strings().find(judge), *audit.strings().find(format), 0};
}

RubricVerdictTable verdicts(const Audit& audit, const std::string& panel, const std::vector<JudgeKey>& judges)
{
    return rubricVerdictTable(audit, *audit.strings().find(panel), judges);
}

PairedSettings pairedSettings()
{
    PairedSettings s;
    s.resamples = 200;
    s.threads = 1;
    return s;
}

CascadeSettings cascadeSettings()
{
    CascadeSettings s;
    s.halvings = 10;
    s.threads = 1;
    return s;
}

std::vector<CascadePanel> cascades(const Audit& a)
{
    const std::vector<std::size_t> fallbacks = {1, 2}, singles = {3};
    std::vector<CascadePanel> out;
    out.push_back(cascadePanel(a,
                               verdicts(a, kPanelOrd,
                                        {key(a, kJudgeEq), key(a, kJudgePlus), key(a, kJudgeAt, kFormatA),
                                         key(a, kJudgeAt, kFormatB)}),
                               0, fallbacks, singles, cascadeSettings()));
    const std::vector<std::size_t> x = {1};
    out.push_back(cascadePanel(a, verdicts(a, kPanelBin, {key(a, kJudgeEq), key(a, kJudgeMinus)}), 0, x, {},
                               cascadeSettings()));
    return out;
}

std::vector<ConfidentErrorPanel> confidentErrors(const Audit& a)
{
    std::vector<ConfidentErrorPanel> out;
    out.push_back(confidentErrorPanel(
        a, verdicts(a, kPanelBin, {key(a, kJudgeEq), key(a, kJudgeMinus), key(a, "Y")}), 0, {1, 2}, 12));
    out.push_back(
        confidentErrorPanel(a, verdicts(a, kPanelOrd, {key(a, kJudgeEq), key(a, kJudgePlus)}), 0, {1}, 12));
    return out;
}

std::vector<JuryPanel> juries(const Audit& a)
{
    const std::vector<std::size_t> jurors = {0, 1, 2, 3};
    std::vector<JuryPanel> out;
    out.push_back(
        juryPanel(verdicts(a, kPanelJury,
                           {key(a, kJudgeEq), key(a, kJudgePlus), key(a, kJudgeMinus), key(a, kJudgeAt)}),
                  jurors, jurors, pairedSettings()));
    return out;
}

// ---- CSV reading (RFC 4180, independent of the writers) --------------------------------------------------

struct CsvField {
    std::string text;
    bool quoted = false;
};
using CsvRows = std::vector<std::vector<CsvField>>;

/// Parses `csv` (LF or CRLF line ends outside quotes); sets *error on a quote in an unquoted field, text
/// after a closing quote or an unterminated quoted field.
CsvRows parseCsv(std::string_view csv, std::string* error)
{
    CsvRows rows;
    std::vector<CsvField> row;
    CsvField field;
    std::size_t i = 0;
    bool fieldStarted = false;
    auto endField = [&] {
        row.push_back(std::move(field));
        field = {};
        fieldStarted = false;
    };
    while (i < csv.size()) {
        const char c = csv[i];
        if (!fieldStarted && c == '"') {
            field.quoted = true;
            fieldStarted = true;
            ++i;
            for (;;) {
                if (i >= csv.size()) {
                    *error = "unterminated quoted field on row " + std::to_string(rows.size() + 1);
                    return rows;
                }
                if (csv[i] == '"') {
                    if (i + 1 < csv.size() && csv[i + 1] == '"') {
                        field.text += '"';
                        i += 2;
                        continue;
                    }
                    ++i;
                    break;
                }
                field.text += csv[i++];
            }
            if (i < csv.size() && csv[i] != ',' && csv[i] != '\n' && csv[i] != '\r') {
                *error = "text after a closing quote on row " + std::to_string(rows.size() + 1);
                return rows;
            }
            continue;
        }
        if (c == ',') {
            endField();
            ++i;
        } else if (c == '\n' || c == '\r') {
            endField();
            rows.push_back(std::move(row));
            row.clear();
            i += (c == '\r' && i + 1 < csv.size() && csv[i + 1] == '\n') ? 2 : 1;
        } else {
            if (c == '"') {
                *error = "quote inside an unquoted field on row " + std::to_string(rows.size() + 1);
                return rows;
            }
            fieldStarted = true;
            field.text += c;
            ++i;
        }
    }
    if (fieldStarted || !row.empty()) {
        endField();
        rows.push_back(std::move(row));
    }
    return rows;
}

bool isNumber(std::string_view s)
{
    // A plain decimal number, as spreadsheets read one: std::from_chars' form with an optional '+', without
    // inf, nan and hexadecimal.
    if (s.size() > 1 && s[0] == '+' && s[1] != '-' && s[1] != '+')
        s.remove_prefix(1);
    double v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    return ec == std::errc() && end == s.data() + s.size() &&
           s.find_first_of("iInNxXpP") == std::string_view::npos;
}

/// True when a spreadsheet would run the cell text as a formula (OWASP: = + - @, tab, CR first; quotes do not
/// matter, the spreadsheet removes them first) and it is not a number.
bool runsAsFormula(std::string_view s)
{
    return !s.empty() && std::string_view("=+-@\t\r").find(s[0]) != std::string_view::npos && !isNumber(s);
}

/// The documented inverse of the formula guard (docs/data-formats.md): one apostrophe less on a cell that
/// starts with apostrophes followed by = + - @, tab or CR. Written here again, independently of the code.
std::string readBack(const std::string& cell)
{
    const auto first = cell.find_first_not_of('\'');
    if (first != 0 && first != std::string::npos &&
        std::string_view("=+-@\t\r").find(cell[first]) != std::string_view::npos)
        return cell.substr(1);
    return cell;
}

QString show(std::string_view s)
{
    QString out;
    for (const char c : s)
        out += c == '\n'   ? QString("\\n")
               : c == '\r' ? QString("\\r")
               : c == '\t' ? QString("\\t")
                           : QString(c);
    return out;
}

/// "" or the first problem of `csv`: parse error, ragged row, unquoted formula cell, or a name in
/// `expected` (column -> names) that does not read back exactly in that column.
QString csvProblem(const std::string& csv, const std::map<std::string, std::set<std::string>>& expected)
{
    std::string error;
    const CsvRows rows = parseCsv(csv, &error);
    if (!error.empty())
        return QString::fromStdString(error);
    if (rows.empty())
        return "no header";
    const auto& header = rows[0];
    std::map<std::string, std::set<std::string>> seen;
    for (std::size_t r = 1; r < rows.size(); ++r) {
        if (rows[r].size() != header.size())
            return QString("row %1 has %2 cells, the header %3")
                .arg(r)
                .arg(rows[r].size())
                .arg(header.size());
        for (std::size_t c = 0; c < header.size(); ++c) {
            const CsvField& f = rows[r][c];
            if (runsAsFormula(f.text))
                return QString("row %1, column %2: formula cell not guarded: %3")
                    .arg(r)
                    .arg(QString::fromStdString(header[c].text), show(f.text));
            seen[readBack(header[c].text)].insert(readBack(f.text));
        }
    }
    for (std::size_t c = 0; c < header.size(); ++c)
        if (runsAsFormula(header[c].text))
            return QString("header cell not guarded: %1").arg(show(header[c].text));
    for (const auto& [column, names] : expected) {
        const auto it = seen.find(column);
        if (it == seen.end())
            return QString("no column %1").arg(QString::fromStdString(column));
        for (const auto& name : names)
            if (!it->second.count(name))
                return QString("column %1 lacks the name %2 (read back: %3)")
                    .arg(QString::fromStdString(column), show(name),
                         show(it->second.empty() ? std::string() : *it->second.begin()));
    }
    return {};
}

/// "" or the first problem of a LaTeX output: a hostile name or fragment present raw, or one of `shown`
/// missing in escaped form.
QString latexProblem(const std::string& tex, const std::vector<std::string>& shown)
{
    for (const auto* name : {&kJudgeEq, &kJudgePlus, &kJudgeMinus, &kJudgeAt, &kFormat, &kPanelOrd,
                             &kPanelBin, &kPanelJury, &kCriterion, &kCondKey, &kTest, &kVersion, &kDataset})
        if (latexEscape(*name) != *name && tex.find(*name) != std::string::npos)
            return "raw name: " + show(*name);
    for (const auto& fragment : rawFragments())
        if (tex.find(fragment) != std::string::npos)
            return "raw fragment: " + show(fragment);
    for (const auto& name : shown)
        if (tex.find(latexEscape(name)) == std::string::npos)
            return QString("escaped name missing: %1 (as %2)").arg(show(name), show(latexEscape(name)));
    return {};
}

using Names = std::set<std::string>;

} // namespace

class TestHostileNames : public QObject {
    Q_OBJECT
private slots:
    void cascadeConfidentErrorJury();
    void rubricAndCompare();
    void biasAndCalibration();
    void trustDispersionSweep();
    void flatCsvExport();
    void jsonlExportRoundTrips();
    void nonUtf8Names();
    void flatCsvRoundTripsGuardedNames();
    void unicodeNamesCompile();
    void checksCanFail();
};

void TestHostileNames::cascadeConfidentErrorJury()
{
    const AuditPtr a = rubricAudit();
    const auto c = cascades(*a);
    const auto e = confidentErrors(*a);
    const auto j = juries(*a);
    const Names panels = {kPanelOrd, kPanelBin};
    QCOMPARE(csvProblem(writeFlatTable(cascadeCurveTable(*a, c), TableFormat::Csv), {{"panel", panels}}),
             QString());
    QCOMPARE(csvProblem(writeFlatTable(cascadeSummaryTable(*a, c), TableFormat::Csv), {{"panel", panels}}),
             QString());
    QCOMPARE(csvProblem(writeFlatTable(confidentErrorTable(*a, e), TableFormat::Csv), {{"panel", panels}}),
             QString());
    QCOMPARE(csvProblem(writeFlatTable(repeatSummaryTable(*a, e), TableFormat::Csv), {{"panel", panels}}),
             QString());
    QCOMPARE(csvProblem(writeFlatTable(juryTable(*a, j), TableFormat::Csv), {{"panel", {kPanelJury}}}),
             QString());
    QCOMPARE(latexProblem(cascadeSummaryLatex(*a, c, cascadeSettings()), {kPanelOrd, kJudgeEq, kJudgePlus}),
             QString());
    QCOMPARE(latexProblem(confidentErrorLatex(*a, e), {kPanelBin, kJudgeEq}), QString());
    QCOMPARE(latexProblem(juryLatex(*a, j, pairedSettings()), {kPanelJury, kJudgeAt}), QString());
}

void TestHostileNames::rubricAndCompare()
{
    const AuditPtr a = rubricAudit();
    const RubricReport report = analyseRubric(*a);
    QCOMPARE(csvProblem(writeFlatTable(rubricTable(*a, report), TableFormat::Csv),
                        {{"judge", {kJudgeEq, kJudgePlus, kJudgeMinus, kJudgeAt}}, {"format", {kFormat}}}),
             QString());
    std::vector<StrId> judges;
    for (const auto* name : {&kJudgeEq, &kJudgePlus, &kJudgeAt})
        judges.push_back(*a->strings().find(*name));
    const auto comparisons = compareJudges(*a, judges, kEmptyStr, {}, pairedSettings());
    QVERIFY(!comparisons.empty());
    QCOMPARE(csvProblem(writeFlatTable(compareTable(*a, comparisons, false), TableFormat::Csv), {}),
             QString());
    QCOMPARE(csvProblem(writeFlatTable(confusionTable(*a, analyseRubricConfusion(*a)), TableFormat::Csv),
                        {{"judge", {kJudgeEq, kJudgeMinus}}, {"criterion", {kCriterion}}}),
             QString());
    QCOMPARE(csvProblem(writeFlatTable(shiftCurveTable(*a, analyseLevelShifts(*a)), TableFormat::Csv),
                        {{"judge", {kJudgeEq}}}),
             QString());
    QCOMPARE(latexProblem(rubricAccuracyLatex(*a, report), {kJudgeEq, kJudgePlus, kPanelOrd}), QString());
    QCOMPARE(
        latexProblem(pairedComparisonLatex(*a, comparisons, pairedSettings(), {}), {kJudgeEq, kJudgePlus}),
        QString());
}

void TestHostileNames::biasAndCalibration()
{
    std::vector<testing::BiasItemSpec> items = testing::examplesSection3Items();
    const double pA[8] = {0.92, 0.81, 0.27, 0.64, 0.15, 0.5, 0.33, 0.97};
    for (std::size_t i = 0; i < items.size(); ++i) {
        items[i].itemId = "=item," + std::to_string(i) + "\"";
        items[i].pA1 = pA[i];
        items[i].pAp = items[i].p == 'A' ? 0.7 : 0.3;
    }
    std::vector<testing::BiasItemSpec> flipped = items;
    for (auto& item : flipped)
        item.p = item.o1 == 'A' ? 'B' : 'A';
    const AuditPtr a = testing::buildBiasAudit({
        {kJudgeEq, kFormat, kTest, kVersion, "worse", kDataset, items},
        {kJudgePlus, kFormat, kTest, kVersion, "worse", kDataset, flipped},
        {kJudgeMinus, kFormat, kTest, kVersion, "better", kDataset, items},
    });
    BiasSettings settings;
    settings.resamples = 200;
    settings.permutations = 500;
    settings.seed = 7;
    const BiasAnalysis analysis = analyseBias(*a, settings, 1);
    const Names judges = {kJudgeEq, kJudgePlus, kJudgeMinus};
    QCOMPARE(
        csvProblem(writeFlatTable(biasExcessTable(*a, analysis), TableFormat::Csv),
                   {{"judge", judges}, {"format", {kFormat}}, {"test", {kTest}}, {"version", {kVersion}}}),
        QString());
    QCOMPARE(csvProblem(writeFlatTable(biasCountTable(*a, analysis), TableFormat::Csv),
                        {{"format", {kFormat}}, {"test", {kTest}}, {"version", {kVersion}}}),
             QString());
    QCOMPARE(csvProblem(writeFlatTable(flipsByConfidenceTable(*a, analysis), TableFormat::Csv), {}),
             QString());
    QCOMPARE(csvProblem(writeFlatTable(flipAgreementTable(*a, analysis), TableFormat::Csv), {}), QString());
    const auto calibration = analyseCalibration(*a);
    QVERIFY(!calibration.empty());
    QCOMPARE(csvProblem(writeFlatTable(calibrationTable(*a, calibration), TableFormat::Csv),
                        {{"judge", {kJudgeEq}}, {"format", {kFormat}}}),
             QString());
    QCOMPARE(csvProblem(writeFlatTable(reliabilityTable(*a, calibration), TableFormat::Csv),
                        {{"judge", {kJudgeEq}}}),
             QString());
    QCOMPARE(csvProblem(writeFlatTable(judgeCostTable(*a, analyseJudgeCost(*a)), TableFormat::Csv),
                        {{"judge", judges}, {"format", {kFormat}}}),
             QString());
    QCOMPARE(latexProblem(biasExcessLatex(*a, analysis), {kJudgeEq, kJudgePlus, kTest}), QString());
    QCOMPARE(latexProblem(biasCountLatex(*a, analysis), {kTest}), QString());
    QCOMPARE(latexProblem(calibrationLatex(*a, calibration), {kJudgeEq}), QString());
}

void TestHostileNames::trustDispersionSweep()
{
    CellTable cells;
    cells.conditionNames = {kCondKey};
    const std::string* judges[4] = {&kJudgeEq, &kJudgePlus, &kJudgeMinus, &kJudgeAt};
    const std::string* formats[2] = {&kFormat, &kFormatB};
    int k = 0;
    for (const auto* judge : judges)
        for (const auto* format : formats)
            for (const auto& value : kCondValues) {
                CellRow row;
                row.judge = *judge;
                row.format = *format;
                row.dataset = kDataset;
                row.conditions = {value};
                row.C = 0.80 + 0.01 * k;
                row.phi = 0.10 + 0.005 * k;
                row.A = 0.70 + 0.008 * k;
                row.T = row.C * (row.A - row.phi / 2);
                cells.rows.push_back(row);
                ++k;
            }
    TrustSettings settings;
    const TrustTable trust = cellLevelTrustTable(cells, settings);
    QCOMPARE(csvProblem(writeTrustTable(trust, TableFormat::Csv),
                        {{"judge", {kJudgeEq, kJudgePlus, kJudgeMinus, kJudgeAt}},
                         {"format", {kFormat, kFormatB}},
                         {"dataset", {kDataset}},
                         {kCondKey, {kCondValues[0], kCondValues[1]}}}),
             QString());
    QCOMPARE(latexProblem(trustCellsLatex(trust, {}), {kJudgeEq, kJudgePlus, kDataset}), QString());
    QCOMPARE(csvProblem(writeDispersionTable(formatDispersion(cells), TableFormat::Csv), {}), QString());
    QCOMPARE(latexProblem(dispersionLatex(cells, settings, false, {}), {kJudgeEq}), QString());
    TrustLatexExport anovaOptions;
    anovaOptions.anovaFactors = {"judge", "format", kCondKey};
    AnovaResult anova;
    // The source column capitalises a factor's first letter ("Temp$_%").
    QCOMPARE(
        latexProblem(anovaLatex(cells, settings, false, anovaOptions, &anova), {"T" + kCondKey.substr(1)}),
        QString());
    QCOMPARE(csvProblem(writeAnovaTable(anova, TableFormat::Csv), {}), QString());
    const ConditionSweep sweep = conditionSweep(cells, kCondKey);
    QCOMPARE(csvProblem(writeSweepTable(sweep, TableFormat::Csv), {}), QString());
    const std::string sweepCsv = writeSweepTable(sweep, TableFormat::Csv);
    QVERIFY2(sweepCsv.find("\n'=1+1,") != std::string::npos, sweepCsv.c_str());
}

void TestHostileNames::flatCsvExport()
{
    std::vector<testing::BiasItemSpec> items = testing::examplesSection3Items();
    for (std::size_t i = 0; i < items.size(); ++i)
        items[i].itemId = "=item," + std::to_string(i) + "\"\n";
    const AuditPtr a =
        testing::buildBiasAudit({{kJudgeEq, kFormat, kTest, kVersion, "worse", kDataset, items},
                                 {kJudgeMinus, kFormatA, kTest, kVersion, "worse", kDataset, items}});
    QTemporaryDir dir;
    const std::string path = dir.filePath("out.csv").toStdString();
    std::string error;
    QVERIFY2(exportFlatCsv(*a, path, &error), error.c_str());
    QFile f(QString::fromStdString(path));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const std::string csv = f.readAll().toStdString();
    QCOMPARE(csvProblem(csv, {{"judge", {kJudgeEq, kJudgeMinus}},
                              {"format", {kFormat, kFormatA}},
                              {"dataset", {kDataset}},
                              {"item_id", {items[0].itemId}}}),
             QString());
}

void TestHostileNames::jsonlExportRoundTrips()
{
    const AuditPtr a = rubricAudit();
    QTemporaryDir dir;
    const std::string path = dir.filePath("out.jsonl").toStdString();
    std::string error;
    QVERIFY2(exportJsonl(*a, path, &error), error.c_str());
    ImportOptions options;
    options.format = SourceFormat::TribunalJsonl;
    const ImportOutcome back = importSources({itemsPathFor(path), path}, nullptr, options);
    QVERIFY2(back.audit, back.log.issues.empty() ? "" : back.log.issues[0].text().c_str());
    QCOMPARE(test::compareAudits(*a, *back.audit), std::string());
}

void TestHostileNames::nonUtf8Names()
{
    // The builder takes any bytes; a name with a byte that is not UTF-8 (from a project written by another
    // tool, or a future importer) must not make an export write a file its own importer rejects: the export
    // either refuses with a message or writes valid UTF-8 that reads back.
    const std::string bad = "bad\xff\xfename";
    std::vector<testing::BiasItemSpec> items = testing::examplesSection3Items();
    const AuditPtr a = testing::buildBiasAudit({{bad, kFormat, kTest, kVersion, "worse", kDataset, items}});
    QTemporaryDir dir;
    QStringList problems;
    for (const bool jsonl : {true, false}) {
        const QString kind = jsonl ? "JSONL" : "flat CSV";
        const std::string path = dir.filePath(jsonl ? "bad.jsonl" : "bad.csv").toStdString();
        std::string error;
        if (!(jsonl ? exportJsonl(*a, path, &error) : exportFlatCsv(*a, path, &error))) {
            // Issue 11: the exporters refuse, naming the text and the byte.
            if (error !=
                "text \"bad\" followed by byte 0xFF is not valid UTF-8; the file is UTF-8 text and would "
                "not read back (nothing was written)")
                problems << kind + " export refused with: " + QString::fromStdString(error);
            if (QFile::exists(QString::fromStdString(path)))
                problems << kind + " export refused but left a file";
            continue;
        }
        ImportOptions options;
        options.format = jsonl ? SourceFormat::TribunalJsonl : SourceFormat::FlatCsv;
        std::vector<std::string> paths = {path};
        if (jsonl)
            paths.insert(paths.begin(), itemsPathFor(path));
        const ImportOutcome back = importSources(paths, nullptr, options);
        if (!back.audit)
            problems << kind + " export wrote a file its importer rejects: " +
                            QString::fromStdString(back.log.issues.empty() ? std::string()
                                                                           : back.log.issues[0].text())
                                .replace(QString::fromStdString(path), "FILE");
    }
    QCOMPARE(problems.join(" / "), QString());
}

void TestHostileNames::flatCsvRoundTripsGuardedNames()
{
    // Fuzz-like names made of what the formula guard looks at (apostrophes, = + - @, tab, CR, digits, signs)
    // in every text column of the flat CSV, condition keys and values included: the export guards them
    // (csvProblem) and the import gives back exactly the audit exported (compareAudits).
    static constexpr char kAlphabet[] = {'\'', '=', '+', '-', '@', '\t', '\r', '0',
                                         '1',  '.', 'e', 'x', ',', '"',  '\n'};
    std::mt19937 random(20261201);
    auto name = [&](int minLength) {
        std::uniform_int_distribution<int> length(minLength, 5);
        std::uniform_int_distribution<std::size_t> pick(0, sizeof kAlphabet - 1);
        std::string text;
        for (int k = length(random); k > 0; --k)
            text += kAlphabet[pick(random)];
        return text;
    };
    for (int round = 0; round < 20; ++round) {
        AuditBuilder b;
        std::vector<StrId> keys;
        for (int k = 0; k < 3; ++k) {
            // Unique, non-empty and not the name of a flat CSV column (none is made of this alphabet).
            keys.push_back(b.intern(name(1) + "#k" + std::to_string(k)));
            b.addConditionKey(keys.back());
        }
        const std::vector<std::string> datasets = {name(1), name(1) + "#d"};
        for (int i = 0; i < 40; ++i) {
            const auto item = b.addItem(b.intern(datasets[i % 2]),
                                        b.intern(name(0) + "#" + std::to_string(i)), TaskKind::Pairwise);
            b.setLabel(item, i % 3 == 0 ? answer::kNone : i % 3 == 1 ? answer::kA : answer::kB);
            for (int j = 0; j < 3; ++j) {
                JudgmentInput in;
                in.item = item;
                in.judge = b.intern(name(1));
                in.format = b.intern(name(0));
                in.order = j % 2 ? Order::BA : Order::AB;
                in.rep = static_cast<std::uint16_t>(j + 1);
                in.answer = j == 2 ? answer::kTie : answer::kA;
                in.raw = b.intern(name(0));
                in.error = b.intern(name(0));
                in.test = b.intern(name(0));
                in.version = b.intern(name(0));
                Condition pairs;
                for (const StrId key : keys) {
                    // A number as a condition value is read in canonical form (`0.0` as `0`,
                    // model/decimaltext.h), which is not what this test is about.
                    std::string value = name(0);
                    if (isNumber(value))
                        value += 'v';
                    if (!value.empty())
                        pairs.emplace_back(key, b.intern(value));
                }
                in.condition = b.internCondition(std::move(pairs));
                b.addJudgment(in);
            }
        }
        ImportLog log;
        const AuditPtr a = b.build(log);
        QVERIFY(a);
        QTemporaryDir dir;
        const std::string path = dir.filePath("guarded.csv").toStdString();
        std::string error;
        QVERIFY2(exportFlatCsv(*a, path, &error), error.c_str());
        QFile f(QString::fromStdString(path));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(csvProblem(f.readAll().toStdString(), {}), QString());
        ImportOptions options;
        options.format = SourceFormat::FlatCsv;
        const ImportOutcome back = importSources({path}, nullptr, options);
        QVERIFY2(back.audit, back.log.issues.empty() ? "" : back.log.issues[0].text().c_str());
        const std::string difference = test::compareAudits(*a, *back.audit);
        QVERIFY2(difference.empty(), difference.c_str());
    }
}

/// "" or the first character of `tex` that pdflatex with its default UTF-8 input and OT1 fonts cannot
/// typeset: any byte of 0x80 and above that is not part of a Latin-1 letter (U+00C0..U+00FF without Eth,
/// the multiplication sign, Thorn, eth, the division sign and thorn).
QString untypesetCharacter(const std::string& tex)
{
    for (std::size_t i = 0; i < tex.size(); ++i) {
        const auto c = static_cast<unsigned char>(tex[i]);
        if (c < 0x80)
            continue;
        const auto next = i + 1 < tex.size() ? static_cast<unsigned char>(tex[i + 1]) : 0;
        const unsigned code = (c == 0xC3 && (next & 0xC0) == 0x80) ? 0xC0 + (next & 0x3F) : 0;
        if (code == 0 || code == 0xD0 || code == 0xD7 || code == 0xDE || code == 0xF0 || code == 0xF7 ||
            code == 0xFE)
            return QString("byte 0x%1 at %2: %3")
                .arg(c, 2, 16)
                .arg(i)
                .arg(QString::fromStdString(tex.substr(i > 20 ? i - 20 : 0, 40)));
        ++i;
    }
    return {};
}

void TestHostileNames::unicodeNamesCompile()
{
    // Greek, CJK, emoji, Cyrillic and Latin-1 names through the table writers: every output is free of
    // characters pdflatex cannot typeset, shows them as their codes, and the standalone documents go to
    // latex-documents/ for the trustlatex_pdflatex test, which compiles them with pdflatex.
    const std::string greek = "αβγ-judge Ελληνικά";
    const std::string cjk = "数据集 日本語 한국어";
    const std::string emoji = "🤖 robot 👍🏽";
    const std::string cyrillic = "судья";
    const std::string latin1 = "Café Grüße Ærø";
    const std::string notLatin1 = "Þorn ð × ÷";
    CellTable cells;
    cells.conditionNames = {"température"};
    const std::string* judges[3] = {&greek, &emoji, &cyrillic};
    int k = 0;
    for (const auto* judge : judges)
        for (const std::string* value : {&latin1, &notLatin1}) {
            CellRow row;
            row.judge = *judge;
            row.format = k % 2 ? cjk : latin1;
            row.dataset = cjk;
            row.conditions = {*value};
            row.C = 0.80 + 0.01 * k;
            row.phi = 0.10 + 0.005 * k;
            row.A = 0.70 + 0.008 * k;
            row.T = row.C * (row.A - row.phi / 2);
            cells.rows.push_back(row);
            ++k;
        }
    TrustSettings settings;
    const TrustTable trust = cellLevelTrustTable(cells, settings);
    TrustLatexExport anovaOptions;
    anovaOptions.anovaFactors = {"judge", "format", "température"};
    AnovaResult anova;
    std::string trustTex = trustCellsLatex(trust, {});
    trustTex += dispersionLatex(cells, settings, false, {});
    trustTex += anovaLatex(cells, settings, false, anovaOptions, &anova);

    std::vector<testing::BiasItemSpec> items = testing::examplesSection3Items();
    for (std::size_t i = 0; i < items.size(); ++i)
        items[i].pA1 = 0.2 + 0.1 * static_cast<double>(i);
    const AuditPtr a = testing::buildBiasAudit({
        {greek, "fmt-α", "bandwagon", "v1", "worse", cjk, items},
        {emoji, "fmt-α", "bandwagon", "v1", "worse", cjk, items},
    });
    BiasSettings bias;
    bias.resamples = 200;
    bias.permutations = 500;
    bias.seed = 7;
    const BiasAnalysis analysis = analyseBias(*a, bias, 1);
    std::string biasTex = biasExcessLatex(*a, analysis);
    biasTex += calibrationLatex(*a, analyseCalibration(*a));

    const std::string dir = TRIBUNAL_BUILD_DIR "/latex-documents/";
    std::filesystem::create_directories(dir);
    for (const auto& [file, tex] :
         {std::pair{"unicode_trust.tex", &trustTex}, std::pair{"unicode_bias.tex", &biasTex}}) {
        QCOMPARE(untypesetCharacter(*tex), QString());
        // The judges' codes (alpha, robot), in the escaped form latexEscape documents.
        for (const char* code : {"\\textless{}U+03B1\\textgreater{}", "\\textless{}U+1F916\\textgreater{}"})
            QVERIFY2(tex->find(code) != std::string::npos,
                     qPrintable(QString::fromStdString(std::string(file) + ": no " + code)));
        std::ofstream out(dir + file, std::ios::binary | std::ios::trunc);
        out << latexStandaloneDocument(*tex);
        out.close();
        QVERIFY2(out.good(), file);
    }
    QVERIFY(trustTex.find("Caf\xC3\xA9 Gr\xC3\xBC\xC3\x9F"
                          "e \xC3\x86r\xC3\xB8") != std::string::npos);
    QVERIFY(trustTex.find("\\textless{}U+00DE\\textgreater{}orn") != std::string::npos);
    QVERIFY(trustTex.find("\\textless{}U+0441\\textgreater{}") != std::string::npos);
    QVERIFY(trustTex.find("\\textless{}U+6570\\textgreater{}") != std::string::npos); // the CJK dataset
    QCOMPARE(latexEscape("a\xFF\xC3"
                         "b"),
             std::string("a\\textless{}0xFF\\textgreater{}\\textless{}0xC3\\textgreater{}b"));
    QVERIFY(!untypesetCharacter("\xCE\xB1").isEmpty());
    QVERIFY(!untypesetCharacter("\xC3\x9E").isEmpty());
    QCOMPARE(untypesetCharacter("\xC3\xA9"), QString());
}

void TestHostileNames::checksCanFail()
{
    // The checkers above find what they look for.
    QCOMPARE(csvProblem("judge\n=HYPERLINK(x)\n", {}),
             QString("row 1, column judge: formula cell not guarded: =HYPERLINK(x)"));
    // Quotes do not stop a spreadsheet (LibreOffice Calc 7.4 shows 2 for "=1+1").
    QCOMPARE(csvProblem("judge\n\"=1+1\"\n", {}),
             QString("row 1, column judge: formula cell not guarded: =1+1"));
    QCOMPARE(csvProblem("judge\n\"\t@x\"\n", {}),
             QString("row 1, column judge: formula cell not guarded: \\t@x"));
    QCOMPARE(csvProblem("judge\n-inf\n", {}), QString("row 1, column judge: formula cell not guarded: -inf"));
    QCOMPARE(csvProblem("\"=k\"\nx\n", {}), QString("header cell not guarded: =k"));
    QCOMPARE(csvProblem("judge\n'=1+1\n''=2\n", {{"judge", {"=1+1", "'=2"}}}), QString());
    QCOMPARE(csvProblem("judge\n-0.05\n", {}), QString());
    QCOMPARE(csvProblem("a,b\n\"x\n", {}), QString("unterminated quoted field on row 2"));
    QCOMPARE(csvProblem("a,b\n1\n", {}), QString("row 1 has 1 cells, the header 2"));
    QCOMPARE(csvProblem("a\nx\"y\n", {}), QString("quote inside an unquoted field on row 2"));
    QCOMPARE(csvProblem("judge\n\"'-x\"\n", {{"judge", {"-y"}}}),
             QString("column judge lacks the name -y (read back: -x)"));
    QCOMPARE(latexProblem("x " + kJudgePlus, {}), "raw name: " + show(kJudgePlus));
    QCOMPARE(latexProblem("100\\% \\#2 " + latexEscape(kFormat), {kFormat}), QString());
    QCOMPARE(latexProblem("", {kFormat}),
             QString("escaped name missing: %1 (as %2)").arg(show(kFormat), show(latexEscape(kFormat))));
}

QTEST_GUILESS_MAIN(TestHostileNames)
#include "tst_hostilenames.moc"
