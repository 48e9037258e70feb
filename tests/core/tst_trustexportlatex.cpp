// The LaTeX exports shared by tribunal-cli and the export dialog (report/trustexport.h): each is the table
// writer of report/trustlatex.h with the caption variants stated as the CLI states them, wrapped with
// --standalone; results without pairwise items are left out of Table 10 with their intervals.

#include "report/latex.h"
#include "report/trustexport.h"

#include "../common/trustcells.h"

#include <QtTest>

#include <stdexcept>

using namespace tribunal;
using tribunal::testing::buildTrustAudit;

namespace {

// Two judges x two formats on one dataset; T in proportions.
CellTable smallCells()
{
    CellTable cells;
    cells.rows = {{"J1", "F1", "D1", {}, 1.0, 0.2, 0.9, 0.8},
                  {"J1", "F2", "D1", {}, 1.0, 0.4, 0.8, 0.6},
                  {"J2", "F1", "D1", {}, 0.9, 0.1, 0.7, 0.585},
                  {"J2", "F2", "D1", {}, 0.8, 0.3, 0.6, 0.36}};
    return cells;
}

TrustTable smallTable()
{
    TrustTable table;
    for (const auto& cell : smallCells().rows) {
        TrustTableRow row;
        row.judge = cell.judge;
        row.format = cell.format;
        row.dataset = cell.dataset;
        row.C = cell.C;
        row.phi = cell.phi;
        row.A = cell.A;
        row.T = cell.T;
        table.rows.push_back(row);
    }
    return table;
}

} // namespace

class TestTrustExportLatex : public QObject {
    Q_OBJECT
private slots:
    void cellsStateTheTablesVariants_data();
    void cellsStateTheTablesVariants();
    void cellsPassOptionsThrough();
    void gapLeavesOutNonPairwiseResults_data();
    void gapLeavesOutNonPairwiseResults();
    void gapWithoutPairwiseCellsThrows();
    void dispersionAndAnovaAreTheCoreWriters();
    void anovaUnknownFactorThrows();
};

void TestTrustExportLatex::cellsStateTheTablesVariants_data()
{
    QTest::addColumn<QString>("qMode");
    QTest::addColumn<QString>("unit");
    QTest::addColumn<bool>("assumed");
    QTest::addColumn<int>("resamples");
    QTest::addColumn<QStringList>("stated");
    QTest::addColumn<QStringList>("notStated");
    QTest::newRow("defaults, no intervals")
        << "half"
        << "pair" << false << 0
        << QStringList{"$q = 1/2$", "share of pairs whose verdicts are reproducible",
                       "$C$ not assumed: n/a (--) where a cell has a single run."}
        << QStringList{"Intervals:", "observed accuracy"};
    QTest::newRow("observed q, presentations, assumed, intervals")
        << "observed"
        << "presentation" << true << 500
        << QStringList{"observed accuracy on order-flipping pairs", "presentations whose runs all agree",
                       "$C = 1$ assumed where a cell has a single run.",
                       "Intervals: 90\\% percentile bootstrap over pairs, 500 resamples, seed 9."}
        << QStringList{"$q = 1/2$", "$C$ not assumed"};
}

void TestTrustExportLatex::cellsStateTheTablesVariants()
{
    QFETCH(QString, qMode);
    QFETCH(QString, unit);
    QFETCH(bool, assumed);
    QFETCH(int, resamples);
    QFETCH(QStringList, stated);
    QFETCH(QStringList, notStated);
    auto table = smallTable();
    table.qMode = qMode.toStdString();
    table.consistencyUnit = unit.toStdString();
    table.consistencyAssumed = assumed;
    table.resamples = resamples;
    table.seed = 9;
    table.level = 0.9;
    const auto text = QString::fromStdString(trustCellsLatex(table, {}));
    for (const auto& sentence : stated)
        QVERIFY2(text.contains(sentence), qPrintable(sentence));
    for (const auto& sentence : notStated)
        QVERIFY2(!text.contains(sentence), qPrintable(sentence));
}

void TestTrustExportLatex::cellsPassOptionsThrough()
{
    TrustLatexExport options;
    options.colour = true;
    options.standalone = true;
    options.title = "Sample_1.";
    options.label = "tab:mine";
    TrustLatexOptions latex;
    latex.colour = true;
    latex.title = "Sample_1.";
    latex.label = "tab:mine";
    // smallTable() states half q, pair unit, nothing assumed, no intervals: the default variants.
    const auto expected = latexStandaloneDocument(trustTableLatex(smallCells(), latex));
    const auto text = trustCellsLatex(smallTable(), options);
    QCOMPARE(QString::fromStdString(text), QString::fromStdString(expected));
    QVERIFY(text.find("Sample\\_1.") != std::string::npos);
    QVERIFY(text.find("\\label{tab:mine}") != std::string::npos);
    QVERIFY(text.find("\\cellcolor") != std::string::npos);
    options.colour = false;
    options.standalone = false;
    latex.colour = false;
    QCOMPARE(trustCellsLatex(smallTable(), options), trustTableLatex(smallCells(), latex));
}

void TestTrustExportLatex::gapLeavesOutNonPairwiseResults_data()
{
    QTest::addColumn<bool>("withIntervals");
    QTest::newRow("intervals") << true;
    QTest::newRow("no intervals: bootstrap not named") << false;
}

void TestTrustExportLatex::gapLeavesOutNonPairwiseResults()
{
    QFETCH(bool, withIntervals);
    const auto audit = buildTrustAudit(
        {{{"A", "AA", "BB"}, {"B", "BB", "AA"}, {"A", "AA", "AB"}}, {{"A", "A", "B"}, {"B", "A", "A"}}});
    TrustSettings settings;
    settings.assumeConsistentWhenSingleRun = true; // the second cell has one run: C = 1 assumed
    const auto results = analyseTrust(*audit, settings);
    QCOMPARE(results.size(), std::size_t(2));
    BootstrapSettings boot;
    boot.resamples = 50;
    boot.seed = 11;
    std::vector<TrustCellIntervals> intervals;
    if (withIntervals)
        intervals = bootstrapTrust(*audit, settings, boot);

    // A rubric-only result between the two is left out with its interval.
    TrustCellResult rubric;
    rubric.notPairwiseItems = 4;
    QVERIFY(!hasPairwiseData(rubric));
    const std::vector<TrustCellResult> mixed = {results[0], rubric, results[1]};
    std::vector<TrustCellIntervals> mixedIntervals;
    if (withIntervals)
        mixedIntervals = {intervals[0], TrustCellIntervals{}, intervals[1]};

    TrustLatexOptions latex;
    latex.colour = false;
    latex.variants.consistencyAssumed = true;
    if (withIntervals)
        latex.variants.intervals = boot;
    const auto expected = trustGapTableLatex(*audit, results, intervals, latex);
    const auto text = trustGapLatex(*audit, mixed, mixedIntervals, settings, boot, {});
    QCOMPARE(QString::fromStdString(text), QString::fromStdString(expected));
    QCOMPARE(text.find("50 resamples, seed 11.") != std::string::npos, withIntervals);
    QVERIFY(text.find("$C = 1$ assumed") != std::string::npos);
}

void TestTrustExportLatex::gapWithoutPairwiseCellsThrows()
{
    const auto audit = buildTrustAudit({{{"A", "AA", "AA"}}});
    TrustCellResult rubric;
    rubric.notPairwiseItems = 1;
    const std::vector<TrustCellResult> results = {rubric};
    try {
        trustGapLatex(*audit, results, {}, TrustSettings{}, BootstrapSettings{}, {});
        QFAIL("no exception");
    } catch (const std::invalid_argument& e) {
        QCOMPARE(QString(e.what()), QString("no pairwise cells"));
    }
}

void TestTrustExportLatex::dispersionAndAnovaAreTheCoreWriters()
{
    const auto cells = smallCells();
    TrustSettings settings;
    settings.qMode = QMode::Observed;
    TrustLatexOptions latex;
    latex.variants.qMode = QMode::Observed;
    latex.variants.consistencyAssumed = true;
    TrustLatexExport options;
    options.standalone = true;

    FormatDispersion dispersion;
    const auto dispersionText = dispersionLatex(cells, settings, true, options, &dispersion);
    QCOMPARE(QString::fromStdString(dispersionText),
             QString::fromStdString(
                 latexStandaloneDocument(dispersionTableLatex(formatDispersion(cells), latex))));
    // The analysis comes back for the CLI's notes: dT_fmt of J1 on D1 is 0.8 - 0.6 (T8).
    QCOMPARE(dispersion.tables.size(), std::size_t(1));
    QCOMPARE(dispersion.tables[0].groups.size(), std::size_t(2));
    QCOMPARE(dispersion.tables[0].groups[0].dT, 0.8 - 0.6);

    options.standalone = false;
    options.anovaFactors = {"format", "judge"};
    AnovaOptions anovaOptions;
    anovaOptions.factors = {"format", "judge"};
    AnovaResult result;
    const auto anovaText = anovaLatex(cells, settings, true, options, &result);
    QCOMPARE(QString::fromStdString(anovaText),
             QString::fromStdString(anovaTableLatex(anova(cells, anovaOptions), CellMeasure::T, latex)));
    QCOMPARE(result.rows.front().source, std::string("format"));
}

void TestTrustExportLatex::anovaUnknownFactorThrows()
{
    TrustLatexExport options;
    options.anovaFactors = {"judge", "temperature"};
    try {
        anovaLatex(smallCells(), TrustSettings{}, false, options);
        QFAIL("no exception");
    } catch (const std::invalid_argument& e) {
        QCOMPARE(QString(e.what()), QString("unknown factor \"temperature\""));
    }
}

QTEST_GUILESS_MAIN(TestTrustExportLatex)
#include "tst_trustexportlatex.moc"
