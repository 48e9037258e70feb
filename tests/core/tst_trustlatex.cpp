// LaTeX export of the trust tables (core/report/latex.h, trustlatex.h): escaping and number formatting, the
// paper's Tables 1, 4 and 5 compared byte-for-byte with golden files, and standalone documents for the
// pdflatex compile test.
//
// Golden files live in tests/data/latex/*.tex. After an intended change of the output, regenerate them with
//   TRIBUNAL_UPDATE_GOLDEN=1 ./tst_trustlatex
// (the test then writes the goldens instead of comparing, and passes); review the diff before committing.
//
// Every run also writes standalone documents (one per table, plus one full of hostile names) into
// <build>/latex-documents/; the CTest `trustlatex_pdflatex` (tests/report/compile_latex.sh) compiles each
// with pdflatex -halt-on-error.
#include "analysis/auditsimulator.h"
#include "analysis/celltablecsv.h"
#include "analysis/celltrust.h"
#include "analysis/dispersion.h"
#include "analysis/trustanalysis.h"
#include "analysis/trustbootstrap.h"
#include "model/audit.h"
#include "report/latex.h"
#include "report/trustlatex.h"
#include "stats/anova.h"

#include "../common/golden.h"

#include <QtTest>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <stdexcept>

using namespace tribunal;

namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();

// Compares `actual` with the golden tests/data/latex/<name> (tests/common/golden.h).
void checkGolden(const std::string& name, const std::string& actual)
{
    testing::checkGolden(std::string(TRIBUNAL_TEST_DATA "/latex/") + name, actual);
}

CellTable paperCells()
{
    ImportIssue issue;
    const auto csv = readCellTableCsv(TRIBUNAL_SHARED_DATA "/paper/table1_cells.csv", {}, issue);
    if (!csv)
        throw std::runtime_error(issue.text());
    return csv->table;
}

TrustLatexOptions paperOptions()
{
    TrustLatexOptions options;
    options.title = "Paper Table 1 cells at T_s = 0.";
    return options;
}

// A fixed, unbalanced Type II result with an undefined-response cell, as anova() would return it.
AnovaResult fixedAnova()
{
    AnovaResult r;
    r.type = SumOfSquaresType::TypeII;
    r.balanced = false;
    r.rows = {{"judge", 5, 0.61234, 0.27},           {"format", 4, 0.015876, 0.007},
              {"dataset", 3, 0.59422, 0.262},        {"judge:format", 20, 0.18822, 0.083},
              {"judge:dataset", 15, 0.63726, 0.281}, {"format:dataset", 12, 0.029480, 0.013},
              {"residual", 59, 0.19050, 0.084}};
    r.ssTotal = 2.2679;
    r.observations = 119;
    r.droppedMissing = 1;
    return r;
}

// Names that break LaTeX unless escaped.
CellTable hostileCells()
{
    CellTable table;
    table.conditionNames = {"temp_{s}"};
    const std::vector<std::string> judges = {"GPT-5.2 \\& co", "Judge_#1 {50%} $x^2$ ~ <a|b>", "Llama--3''"};
    const std::vector<std::string> formats = {"CoT & XML", "VF_JSON"};
    const std::vector<std::string> datasets = {"MT-Bench", "Alpaca$Farm", "Über ~ set"};
    int i = 0;
    for (const auto& judge : judges)
        for (const auto& format : formats)
            for (const auto& dataset : datasets) {
                const double t = -0.1 + 0.05 * i++; // covers negative T and every band
                table.rows.push_back({judge, format, dataset, {"0.5"}, 0.9, 0.1, 0.6, t});
            }
    table.rows[1].C = kNaN; // n/a C
    table.rows.pop_back();  // a missing cell
    return table;
}

} // namespace

class TestTrustLatex : public QObject {
    Q_OBJECT

private slots:
    void escape_data();
    void escape();
    void number_data();
    void number();
    void label();
    void band_data();
    void band();
    void document();
    void trustTableGolden();
    void trustTablePlainGolden();
    void dispersionGolden();
    void anovaGolden();
    void trustTableLayout();
    void trustTableRejects();
    void trustCellTableFromAudit();
    void trustGapGolden();
    void trustGapRejects();
    void standaloneDocuments();
};

void TestTrustLatex::escape_data()
{
    QTest::addColumn<QString>("in");
    QTest::addColumn<QString>("out");
    QTest::newRow("plain") << "GPT-4o"
                           << "GPT-4o";
    QTest::newRow("empty") << ""
                           << "";
    QTest::newRow("backslash") << "a\\b"
                               << "a\\textbackslash{}b";
    QTest::newRow("braces") << "{x}"
                            << "\\{x\\}";
    QTest::newRow("dollar") << "$5"
                            << "\\$5";
    QTest::newRow("ampersand") << "A&B"
                               << "A\\&B";
    QTest::newRow("hash") << "#1"
                          << "\\#1";
    QTest::newRow("caret") << "x^2"
                           << "x\\textasciicircum{}2";
    QTest::newRow("underscore") << "a_b"
                                << "a\\_b";
    QTest::newRow("percent") << "50%"
                             << "50\\%";
    QTest::newRow("tilde") << "~x"
                           << "\\textasciitilde{}x";
    QTest::newRow("less") << "<a>"
                          << "\\textless{}a\\textgreater{}";
    QTest::newRow("bar") << "a|b"
                         << "a\\textbar{}b";
    QTest::newRow("dashes") << "a--b---c"
                            << "a-{}-b-{}-{}-c";
    QTest::newRow("single dash") << "CoT-JSON"
                                 << "CoT-JSON";
    QTest::newRow("quotes") << "``x''"
                            << "`{}`x'{}'";
    QTest::newRow("commas") << "a,,b"
                            << "a,{},b";
    QTest::newRow("inverted marks") << "!`?`"
                                    << "!{}`?{}`";
    QTest::newRow("whitespace") << "a\tb\nc\r"
                                << "a b c ";
    QTest::newRow("control") << QString::fromLatin1("a\x01\x7f"
                                                    "b")
                             << "ab";
    // Latin-1 letters pass through; what pdflatex's default UTF-8 input cannot typeset becomes its code.
    QTest::newRow("utf8") << QString::fromUtf8("Über φ")
                          << QString::fromUtf8("Über \\textless{}U+03C6\\textgreater{}");
    QTest::newRow("latin-1 letters") << QString::fromUtf8("àÿÆøß") << QString::fromUtf8("àÿÆøß");
    QTest::newRow("thorn, eth, times") << QString::fromUtf8("Þð×")
                                       << "\\textless{}U+00DE\\textgreater{}\\textless{}U+00F0\\textgreater{}"
                                          "\\textless{}U+00D7\\textgreater{}";
    QTest::newRow("cjk") << QString::fromUtf8("数据")
                         << "\\textless{}U+6570\\textgreater{}\\textless{}U+636E\\textgreater{}";
    QTest::newRow("emoji") << QString::fromUtf8("a🤖") << "a\\textless{}U+1F916\\textgreater{}";
    QTest::newRow("cyrillic") << QString::fromUtf8("я") << "\\textless{}U+044F\\textgreater{}";
    QTest::newRow("all") << "\\{}$&#^_%~<>|"
                         << "\\textbackslash{}\\{\\}\\$\\&\\#\\textasciicircum{}\\_\\%\\textasciitilde{}"
                            "\\textless{}\\textgreater{}\\textbar{}";
}

void TestTrustLatex::escape()
{
    QFETCH(QString, in);
    QFETCH(QString, out);
    QCOMPARE(QString::fromStdString(latexEscape(in.toStdString())), out);
}

void TestTrustLatex::number_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<int>("decimals");
    QTest::addColumn<QString>("out");
    QTest::newRow("one decimal") << 55.6 << 1 << "55.6";
    QTest::newRow("pad") << 2.0 << 1 << "2.0";
    QTest::newRow("round up") << 0.96 << 1 << "1.0";
    QTest::newRow("negative") << -5.55001 << 1 << "-5.6";
    QTest::newRow("negative zero") << -0.04 << 1 << "0.0";
    QTest::newRow("minus zero") << -0.0 << 2 << "0.00";
    QTest::newRow("integer") << 59.0 << 0 << "59";
    QTest::newRow("four") << 0.015876 << 4 << "0.0159";
    QTest::newRow("nan") << kNaN << 1 << "{--}";
    QTest::newRow("inf") << std::numeric_limits<double>::infinity() << 1 << "{--}";
}

void TestTrustLatex::number()
{
    QFETCH(double, value);
    QFETCH(int, decimals);
    QFETCH(QString, out);
    QCOMPARE(QString::fromStdString(latexNumber(value, decimals)), out);
}

void TestTrustLatex::label()
{
    QCOMPARE(latexLabel("tab:trust cells/1"), std::string("tab:trust-cells-1"));
    QCOMPARE(latexLabel(""), std::string("tab:table"));
    QCOMPARE(latexPercent(0.556), std::string("55.6"));
    QCOMPARE(latexPercent(kNaN, 1, "n/a"), std::string("n/a"));
}

void TestTrustLatex::band_data()
{
    QTest::addColumn<double>("trust");
    QTest::addColumn<int>("band");
    QTest::newRow("70") << 0.70 << 0;
    QTest::newRow("prints 70.0") << 0.69951 << 0;
    QTest::newRow("69.9") << 0.6994 << 1;
    QTest::newRow("60") << 0.60 << 1;
    QTest::newRow("59.9") << 0.599 << 2;
    QTest::newRow("50") << 0.50 << 2;
    QTest::newRow("40") << 0.40 << 3;
    QTest::newRow("39.9") << 0.399 << 4;
    QTest::newRow("negative") << -0.2 << 4;
    QTest::newRow("undefined") << kNaN << -1;
}

void TestTrustLatex::band()
{
    QFETCH(double, trust);
    QFETCH(int, band);
    QCOMPARE(trustBand(trust), band);
}

void TestTrustLatex::document()
{
    const std::string doc = latexStandaloneDocument("X");
    QCOMPARE(doc, std::string("\\documentclass{article}\n\\usepackage[landscape,margin=1.5cm]{geometry}\n"
                              "\\usepackage{booktabs}\n\\usepackage{siunitx}\n"
                              "\\usepackage[table]{xcolor}\n\\begin{document}\nX\n\\end{document}\n"));
    QCOMPARE(latexStandaloneDocument("Y\n"), latexStandaloneDocument("Y"));
}

void TestTrustLatex::trustTableGolden()
{
    checkGolden("paper_table1.tex", trustTableLatex(paperCells(), paperOptions()));
}

void TestTrustLatex::trustTablePlainGolden()
{
    TrustLatexOptions options = paperOptions();
    options.colour = false;
    options.label = "tab:paper table1";
    options.variants.qMode = QMode::Observed;
    options.variants.consistencyUnit = ConsistencyUnit::Presentation;
    options.variants.consistencyAssumed = true;
    options.variants.intervals = BootstrapSettings{};
    checkGolden("paper_table1_plain.tex", trustTableLatex(paperCells(), options));
}

void TestTrustLatex::dispersionGolden()
{
    TrustLatexOptions options;
    options.title = "Paper Table 4, recomputed from Table 1.";
    checkGolden("paper_table4.tex", dispersionTableLatex(formatDispersion(paperCells()), options));
}

void TestTrustLatex::anovaGolden()
{
    checkGolden("anova_fixed.tex", anovaTableLatex(fixedAnova()));
}

void TestTrustLatex::trustTableLayout()
{
    const std::string tex = trustTableLatex(hostileCells());
    // Every hostile name appears escaped, never raw.
    QVERIFY(tex.find("GPT-5.2 \\textbackslash{}\\& co") != std::string::npos);
    QVERIFY(tex.find("Judge\\_\\#1 \\{50\\%\\} \\$x\\textasciicircum{}2\\$ \\textasciitilde{} "
                     "\\textless{}a\\textbar{}b\\textgreater{}") != std::string::npos);
    QVERIFY(tex.find("\\multicolumn{4}{c}{Alpaca\\$Farm}") != std::string::npos);
    QVERIFY(tex.find("Judge & temp\\_\\{s\\} & Format") != std::string::npos);
    QVERIFY(tex.find("CoT \\& XML") != std::string::npos);
    // Negative T widens the column format; the missing cell and n/a C print as {--}.
    QVERIFY(tex.find("S[table-format=-2.1]") != std::string::npos);
    QVERIFY(tex.find("& {--} & {--} & {--} & {--} \\\\") != std::string::npos);
    QVERIFY(tex.find("\\cellcolor{red!30}-") != std::string::npos);
    for (const char* colour : kTrustBandColours)
        QVERIFY2(tex.find("\\cellcolor{" + std::string(colour) + "}") != std::string::npos, colour);
    // Judges print once per group; 3 judges give 2 group separators plus the header rule.
    std::size_t rules = 0;
    for (std::size_t at = tex.find("\\midrule"); at != std::string::npos; at = tex.find("\\midrule", at + 1))
        ++rules;
    QCOMPARE(rules, std::size_t(3));

    TrustLatexOptions plain;
    plain.colour = false;
    const std::string noColour = trustTableLatex(hostileCells(), plain);
    QVERIFY(noColour.find("\\cellcolor") == std::string::npos);
    QVERIFY(noColour.find("colorbox") == std::string::npos);
}

void TestTrustLatex::trustTableRejects()
{
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, trustTableLatex(CellTable{}));
    CellTable dup = hostileCells();
    dup.rows.push_back(dup.rows.front());
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, trustTableLatex(dup));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, dispersionTableLatex(FormatDispersion{}));
}

void TestTrustLatex::trustCellTableFromAudit()
{
    AuditSimulation simulation;
    simulation.judgments = 4000;
    simulation.runs = 2;
    const AuditPtr audit = simulateAudit(simulation);
    const std::vector<TrustCellResult> results = analyseTrust(*audit, TrustSettings{});
    QVERIFY(!results.empty());
    const CellTable table = cellTableFromTrust(*audit, results); // the adapter analyses and reports share
    QCOMPARE(table.rows.size(), results.size());
    QCOMPARE(table.conditionNames.size(), audit->conditionKeys().size());
    for (std::size_t i = 0; i < results.size(); ++i) {
        const Cell& cell = audit->cells()[results[i].cell];
        QCOMPARE(table.rows[i].judge, std::string(audit->str(cell.judge)));
        QCOMPARE(table.rows[i].dataset, std::string(audit->str(cell.dataset)));
        QCOMPARE(table.rows[i].format, std::string(audit->str(cell.format)));
        QVERIFY(table.rows[i].T == results[i].trust ||
                (std::isnan(table.rows[i].T) && std::isnan(results[i].trust)));
    }
    const std::string tex = trustTableLatex(table);
    QVERIFY(tex.find("sim-") != std::string::npos);
}

namespace {

// A small simulated audit (fixed seed) and its first eight cells with bootstrap intervals: Table 10.
struct GapFixture {
    AuditPtr audit;
    std::vector<TrustCellResult> results;
    std::vector<TrustCellIntervals> intervals;
    BootstrapSettings bootstrap;
};

GapFixture gapFixture()
{
    GapFixture f;
    AuditSimulation simulation;
    simulation.judgments = 6000;
    simulation.runs = 2;
    simulation.seed = 11;
    f.audit = simulateAudit(simulation);
    f.results = analyseTrust(*f.audit, TrustSettings{});
    f.bootstrap.resamples = 100;
    f.bootstrap.seed = 5;
    f.bootstrap.threads = 1;
    f.intervals = bootstrapTrust(*f.audit, TrustSettings{}, f.bootstrap);
    f.results.resize(8);
    f.intervals.resize(8);
    return f;
}

TrustLatexOptions gapOptions(const GapFixture& f)
{
    TrustLatexOptions options;
    options.title = "Table 10 (simulated).";
    options.variants.intervals = f.bootstrap;
    return options;
}

} // namespace

void TestTrustLatex::trustGapGolden()
{
    const GapFixture f = gapFixture();
    QCOMPARE(f.results.size(), std::size_t(8));
    const std::string tex = trustGapTableLatex(*f.audit, f.results, f.intervals, gapOptions(f));
    checkGolden("trust_gap.tex", tex);
    // Every interval is ordered.
    for (const auto& iv : f.intervals)
        QVERIFY(!(iv.trustGap.lo > iv.trustGap.hi));
    QVERIFY(tex.find("100 resamples, seed 5") != std::string::npos);
    QVERIFY(tex.find("\\label{tab:trust-gap}") != std::string::npos);

    // Without intervals there is no interval column.
    const std::string plain = trustGapTableLatex(*f.audit, f.results, {}, {});
    QVERIFY(plain.find("Interval") == std::string::npos);
    QVERIFY(plain.find("$[") == std::string::npos);
}

void TestTrustLatex::trustGapRejects()
{
    const GapFixture f = gapFixture();
    try {
        trustGapTableLatex(*f.audit, {}, {});
        QFAIL("no exception for no cells");
    } catch (const std::invalid_argument& e) {
        QCOMPARE(std::string(e.what()), std::string("trust gap table: no cells"));
    }
    try {
        trustGapTableLatex(*f.audit, f.results, std::span(f.intervals).first(3));
        QFAIL("no exception for a size mismatch");
    } catch (const std::invalid_argument& e) {
        QCOMPARE(std::string(e.what()), std::string("trust gap table: 3 intervals for 8 cells"));
    }
}

void TestTrustLatex::standaloneDocuments()
{
    // Other suites (tst_biasreport, tst_rubricreport) write into the same folder, possibly at the same time:
    // overwrite this suite's files, never clear the folder.
    const std::string dir = TRIBUNAL_BUILD_DIR "/latex-documents/";
    const CellTable cells = paperCells();
    testing::writeTextFile(dir + "table1.tex",
                           latexStandaloneDocument(trustTableLatex(cells, paperOptions())));
    TrustLatexOptions plain = paperOptions();
    plain.colour = false;
    plain.variants.intervals = BootstrapSettings{};
    testing::writeTextFile(dir + "table1_plain.tex", latexStandaloneDocument(trustTableLatex(cells, plain)));
    testing::writeTextFile(dir + "table4.tex",
                           latexStandaloneDocument(dispersionTableLatex(formatDispersion(cells))));
    testing::writeTextFile(dir + "table5.tex", latexStandaloneDocument(anovaTableLatex(anova(cells))));
    testing::writeTextFile(dir + "anova_fixed.tex", latexStandaloneDocument(anovaTableLatex(fixedAnova())));
    const GapFixture gap = gapFixture();
    testing::writeTextFile(
        dir + "table10.tex",
        latexStandaloneDocument(trustGapTableLatex(*gap.audit, gap.results, gap.intervals, gapOptions(gap))));

    // Hostile names in every table kind, with a title and label that need sanitising.
    const CellTable hostile = hostileCells();
    TrustLatexOptions options;
    options.title = "Judges {A} & <B> at 100% ~ $0 #1 ^_^ \\ |x|";
    options.label = "tab:hostile {1}";
    std::string all = trustTableLatex(hostile, options);
    all += dispersionTableLatex(formatDispersion(hostile), options);
    all += anovaTableLatex(anova(hostile), CellMeasure::T, options);
    testing::writeTextFile(dir + "hostile.tex", latexStandaloneDocument(all));
    QVERIFY(std::filesystem::exists(dir + "hostile.tex"));
}

QTEST_GUILESS_MAIN(TestTrustLatex)
#include "tst_trustlatex.moc"
