// Bias-test and calibration tables (core/report/flattable.h, biastables.h, biaslatex.h): the flat writers'
// conventions, the excess table on ../shared/spec/examples.md section 3, LaTeX golden files (Tables 10, 12,
// 21 layouts) and standalone documents for the pdflatex compile test (tests/report/compile_latex.sh).
// Goldens: tests/data/latex/bias_*.tex, calibration.tex; regenerate with TRIBUNAL_UPDATE_GOLDEN=1 (see
// tests/common/golden.h) and review the diff.
#include "analysis/biasanalysis.h"
#include "analysis/calibration.h"
#include "report/biaslatex.h"
#include "report/biastables.h"
#include "report/flattable.h"
#include "report/latex.h"
#include "report/tablecells.h"

#include "../common/biasaudits.h"
#include "../common/golden.h"

#include <QtTest>

#include <cmath>
#include <limits>
#include <stdexcept>

using namespace tribunal;
using testing::BiasItemSpec;
using testing::BiasRowSpec;

namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();

FlatTable smallTable()
{
    FlatTable t;
    t.columns = {"name", "x", "n", "flag", "empty"};
    const std::size_t r0 = t.addRow();
    t.set(r0, "name", std::string("a,b \"q\""));
    t.set(r0, "x", 0.1 + 0.2);
    t.set(r0, "n", countCell(3));
    t.set(r0, "flag", true);
    const std::size_t r1 = t.addRow();
    t.set(r1, "name", std::string("c|d"));
    t.set(r1, "x", kNaN);
    t.set(r1, "flag", false);
    return t;
}

/// Four rows for J1 (bandwagon 90%: examples.md section 3; fallacy oversight; authority (book) on better; a
/// clear sentiment bias), bandwagon 90% for a judge whose name needs escaping and for a one-run judge (J3),
/// and probabilities on the originals for calibration.
std::vector<BiasRowSpec> fixtureRows()
{
    std::vector<BiasItemSpec> examples = testing::examplesSection3Items();
    const double pA[8] = {0.92, 0.81, 0.27, 0.64, 0.15, 0.5, 0.33, 0.97};
    for (std::size_t i = 0; i < examples.size(); ++i) {
        examples[i].pA1 = pA[i];
        examples[i].pAp = examples[i].p == 'A' ? 0.7 : 0.3;
    }
    std::vector<BiasItemSpec> fallacy = examples;
    for (auto& item : fallacy)
        item.p = item.o1 == 'A' ? 'B' : 'A'; // every verdict changes: all correct reactions
    fallacy[0].p = 'A';
    std::vector<BiasItemSpec> authority = examples;
    authority[1].p = 'A';
    authority[2].p = 'A';
    BiasRowSpec bandwagon{"J1", "calm", "bandwagon", "90%", "worse", "d", examples};
    BiasRowSpec fallacyRow{"J1", "calm", "fallacy oversight", "", "worse", "d", fallacy};
    BiasRowSpec authorityRow{"J1", "calm", "authority", "book", "better", "d", authority};
    std::vector<BiasItemSpec> other = examples;
    for (auto& item : other)
        item.p = item.o1; // no change at all
    BiasRowSpec hostile{"Judge & Co_2", "calm", "bandwagon", "90%", "worse", "d", other};
    // A clear bias (bold in LaTeX): k1-k6 flipped and k7 changed as in the example, so 7 of 8 verdicts change
    // and only k4's runs disagree: RR = 1/8, CR = 7/8, E = 3/4.
    std::vector<BiasItemSpec> strong = examples;
    for (std::size_t i = 0; i < 6; ++i)
        strong[i].p = strong[i].o1 == 'A' ? 'B' : 'A';
    BiasRowSpec sentiment{"J1", "calm", "sentiment", "", "better", "d", strong};
    // A one-run design: CR unavailable ("n/a").
    std::vector<BiasItemSpec> oneRun = examples;
    for (auto& item : oneRun)
        item.o2 = ' ';
    BiasRowSpec single{"J3", "calm", "bandwagon", "90%", "worse", "d", oneRun};
    return {bandwagon, fallacyRow, authorityRow, hostile, sentiment, single};
}

BiasSettings quickSettings()
{
    BiasSettings s;
    s.resamples = 400;
    s.permutations = 2000;
    s.seed = 7;
    return s;
}

QString cellOf(const FlatTable& table, std::size_t row, const std::string& column)
{
    const auto it = std::find(table.columns.begin(), table.columns.end(), column);
    if (it == table.columns.end())
        return QStringLiteral("<no column>");
    FlatTable one;
    one.columns = {column};
    one.rows = {{table.rows[row][static_cast<std::size_t>(it - table.columns.begin())]}};
    QString csv = QString::fromStdString(writeFlatTable(one, TableFormat::Csv));
    return csv.section('\n', 1, 1);
}

} // namespace

class TestBiasReport : public QObject {
    Q_OBJECT
private slots:
    void flatCsv();
    void flatMarkdown();
    void flatJson();
    void flatBadShape();
    void excessTableColumns();
    void excessTableValues();
    void countTable();
    void calibrationTables();
    void latexGoldens();
    void latexRefusesEmpty();
    void standaloneDocuments();
};

void TestBiasReport::flatCsv()
{
    QCOMPARE(
        writeFlatTable(smallTable(), TableFormat::Csv),
        std::string("name,x,n,flag,empty\n\"a,b \"\"q\"\"\",0.30000000000000004,3,true,\nc|d,,,false,\n"));
}

void TestBiasReport::flatMarkdown()
{
    QCOMPARE(writeFlatTable(smallTable(), TableFormat::Markdown),
             std::string("| name | x | n | flag | empty |\n| --- | --- | --- | --- | --- |\n"
                         "| a,b \"q\" | 0.3 | 3 | true |  |\n| c\\|d |  |  | false |  |\n"));
}

void TestBiasReport::flatJson()
{
    QCOMPARE(
        writeFlatTable(smallTable(), TableFormat::Json),
        std::string(
            "[{\"name\":\"a,b \\\"q\\\"\",\"x\":0.30000000000000004,\"n\":3,\"flag\":true,\"empty\":null},"
            "{\"name\":\"c|d\",\"x\":null,\"n\":null,\"flag\":false,\"empty\":null}]\n"));
}

void TestBiasReport::flatBadShape()
{
    FlatTable t = smallTable();
    try {
        t.set(0, "nope", 1.0);
        QFAIL("set accepted an unknown column");
    } catch (const std::out_of_range& e) {
        QCOMPARE(std::string(e.what()), std::string("flat table has no column nope"));
    }
    t.rows[1].pop_back();
    try {
        writeFlatTable(t, TableFormat::Csv);
        QFAIL("a short row was written");
    } catch (const std::invalid_argument& e) {
        QCOMPARE(std::string(e.what()), std::string("flat table row has 4 cells for 5 columns"));
    }
}

void TestBiasReport::excessTableColumns()
{
    const AuditPtr audit = testing::buildBiasAudit(fixtureRows());
    const FlatTable table = biasExcessTable(*audit, analyseBias(*audit, quickSettings(), 1));
    // The columns come first, in its order (no condition columns: the audit has none).
    const std::vector<std::string> first{"judge", "format",      "test",    "version",  "n_items", "RR",
                                         "CR",    "E",           "E_lo",    "E_hi",     "verdict", "p_perm",
                                         "p_bh",  "significant", "delta_p", "direction"};
    QVERIFY(table.columns.size() > first.size());
    QCOMPARE(std::vector<std::string>(table.columns.begin(), table.columns.begin() + 16), first);
    QCOMPARE(table.rows.size(), std::size_t(6));
}

void TestBiasReport::excessTableValues()
{
    const AuditPtr audit = testing::buildBiasAudit(fixtureRows());
    const BiasAnalysis analysis = analyseBias(*audit, quickSettings(), 1);
    const FlatTable table = biasExcessTable(*audit, analysis);
    // Rows in string order of judge, format, test, version: J1 authority, bandwagon, fallacy, sentiment; J3
    // bandwagon; Judge & Co_2 bandwagon.
    QCOMPARE(cellOf(table, 0, "test"), QString("authority"));
    QCOMPARE(cellOf(table, 1, "test"), QString("bandwagon"));
    QCOMPARE(cellOf(table, 2, "test"), QString("fallacy oversight"));
    QCOMPARE(cellOf(table, 3, "test"), QString("sentiment"));
    QCOMPARE(cellOf(table, 4, "judge"), QString("J3"));
    QCOMPARE(cellOf(table, 5, "judge"), QString("Judge & Co_2"));
    // examples.md section 3: RR 5/8, CR 7/8, E 1/4.
    QCOMPARE(cellOf(table, 1, "n_items"), QString("8"));
    QCOMPARE(cellOf(table, 1, "RR"), QString("0.625"));
    QCOMPARE(cellOf(table, 1, "CR"), QString("0.875"));
    QCOMPARE(cellOf(table, 1, "E"), QString("0.25"));
    QCOMPARE(cellOf(table, 1, "measure"), QString("E"));
    QCOMPARE(cellOf(table, 1, "version"), QString("90%"));
    QCOMPARE(cellOf(table, 1, "cue"), QString("worse"));
    // B10 on these items: c = 3/8, r = 1/8, s = (1/4) / (3/4) = 1/3.
    QCOMPARE(cellOf(table, 1, "s"), QString::fromStdString(exactNumber(1.0 / 3.0)));
    // Fallacy: 7 of 8 perturbed verdicts differ from run 1 (k1 kept): RR = 1/8, correct reactions 7/8,
    // E_fo = RR + CR - 1 = 1/8 + 7/8 - 1 = 0; no permutation test.
    QCOMPARE(cellOf(table, 2, "measure"), QString("E_fo"));
    QCOMPARE(cellOf(table, 2, "RR"), QString("0.125"));
    QCOMPARE(cellOf(table, 2, "correct_reactions"), QString("0.875"));
    QCOMPARE(cellOf(table, 2, "E"), QString("0"));
    QCOMPARE(cellOf(table, 2, "p_perm"), QString(""));
    QCOMPARE(cellOf(table, 2, "significant"), QString(""));
    // Sentiment: E = 3/4, and the whole interval lies above 0.05 (see the golden: [50, 100] per 100).
    QCOMPARE(cellOf(table, 3, "E"), QString("0.75"));
    QCOMPARE(cellOf(table, 3, "verdict"), QString("bias"));
    // One run: RR of the perturbed against run 1 (3 of 8 changed), no CR.
    QCOMPARE(cellOf(table, 4, "verdict"), QString("CR unavailable"));
    QCOMPARE(cellOf(table, 4, "RR"), QString("0.625"));
    QCOMPARE(cellOf(table, 4, "CR"), QString(""));
    QCOMPARE(cellOf(table, 4, "one_run"), QString("0"));
    // No change at all: RR = 1, E = CR - RR = -1/8.
    QCOMPARE(cellOf(table, 5, "RR"), QString("1"));
    QCOMPARE(cellOf(table, 5, "E"), QString("-0.125"));
    QCOMPARE(cellOf(table, 5, "verdict"), QString("no bias"));
    // The text cells equal the core results they come from.
    for (std::size_t i = 0; i < analysis.design.rows.size(); ++i) {
        QCOMPARE(cellOf(table, i, "verdict"),
                 QString::fromStdString(std::string(biasVerdictName(analysis.excess[i].verdict))));
        QCOMPARE(cellOf(table, i, "E_lo"), QString::fromStdString(exactNumber(analysis.excess[i].excessLo)));
    }
}

void TestBiasReport::countTable()
{
    const AuditPtr audit = testing::buildBiasAudit(fixtureRows());
    const BiasAnalysis analysis = analyseBias(*audit, quickSettings(), 1);
    const FlatTable table = biasCountTable(*audit, analysis);
    QCOMPARE(table.columns, (std::vector<std::string>{"format", "test", "version", "judges", "biased_at_0.02",
                                                      "biased_at_0.05", "biased_at_0.1"}));
    QCOMPARE(table.rows.size(), analysis.counts.size());
}

void TestBiasReport::calibrationTables()
{
    const AuditPtr audit = testing::buildBiasAudit(fixtureRows());
    const auto results = analyseCalibration(*audit);
    const FlatTable summary = calibrationTable(*audit, results);
    QCOMPARE(summary.columns, (std::vector<std::string>{"judge", "format", "n", "accuracy", "confidence",
                                                        "ECE", "brier", "log_loss", "decided"}));
    const FlatTable points = reliabilityTable(*audit, results);
    QCOMPARE(points.columns, (std::vector<std::string>{"judge", "format", "bin_lo", "bin_hi", "count",
                                                       "mean_confidence", "accuracy"}));
    std::size_t pointCount = 0;
    for (const auto& r : results)
        pointCount += r.points.size();
    QCOMPARE(points.rows.size(), pointCount);
}

void TestBiasReport::latexGoldens()
{
    const AuditPtr audit = testing::buildBiasAudit(fixtureRows());
    const BiasAnalysis analysis = analyseBias(*audit, quickSettings(), 1);
    BiasLatexOptions options;
    options.title = "Fixture with hostile names & 90% versions.";
    testing::checkGolden(TRIBUNAL_TEST_DATA "/latex/bias_excess.tex",
                         biasExcessLatex(*audit, analysis, options));
    if (QTest::currentTestFailed())
        return;
    testing::checkGolden(TRIBUNAL_TEST_DATA "/latex/bias_count.tex", biasCountLatex(*audit, analysis));
    if (QTest::currentTestFailed())
        return;
    testing::checkGolden(TRIBUNAL_TEST_DATA "/latex/calibration.tex",
                         calibrationLatex(*audit, analyseCalibration(*audit)));
}

void TestBiasReport::latexRefusesEmpty()
{
    const AuditPtr audit = testing::buildBiasAudit({});
    const BiasAnalysis analysis = analyseBias(*audit, quickSettings(), 1);
    try {
        biasExcessLatex(*audit, analysis);
        QFAIL("an empty excess table was written");
    } catch (const std::invalid_argument& e) {
        QCOMPARE(std::string(e.what()), std::string("bias excess table: the audit has no bias-test rows"));
    }
    try {
        calibrationLatex(*audit, {});
        QFAIL("an empty calibration table was written");
    } catch (const std::invalid_argument& e) {
        QCOMPARE(std::string(e.what()), std::string("calibration table: no judge returned probabilities"));
    }
}

void TestBiasReport::standaloneDocuments()
{
    const AuditPtr audit = testing::buildBiasAudit(fixtureRows());
    const BiasAnalysis analysis = analyseBias(*audit, quickSettings(), 1);
    const std::string dir = TRIBUNAL_BUILD_DIR "/latex-documents/";
    testing::writeTextFile(dir + "bias_excess.tex",
                           latexStandaloneDocument(biasExcessLatex(*audit, analysis)));
    testing::writeTextFile(dir + "bias_count.tex", latexStandaloneDocument(biasCountLatex(*audit, analysis)));
    testing::writeTextFile(dir + "calibration.tex",
                           latexStandaloneDocument(calibrationLatex(*audit, analyseCalibration(*audit))));
}

QTEST_APPLESS_MAIN(TestBiasReport)
#include "tst_biasreport.moc"
