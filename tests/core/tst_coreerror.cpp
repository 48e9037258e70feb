// Errors of tribunal_core carry codes (model/coreerror.h): every throw site of core/{model,stats,analysis,
// report} is reached through its public function with bad input, and the row checks the code, the arguments
// and what(), the English text tribunal-cli prints byte for byte. Also: every code has a distinct non-empty
// id, a row here, and as many arguments as its text has placeholders.

#include "analysis/biasexcess.h"
#include "analysis/biasshift.h"
#include "analysis/calibration.h"
#include "analysis/cascadereplay.h"
#include "analysis/conditionsweep.h"
#include "analysis/crossfit.h"
#include "analysis/dispersion.h"
#include "analysis/pairedcomparison.h"
#include "analysis/trustgrouping.h"
#include "model/auditbuilder.h"
#include "model/coreerror.h"
#include "report/biaslatex.h"
#include "report/cascadelatex.h"
#include "report/flattable.h"
#include "report/rubriclatex.h"
#include "report/trustexport.h"
#include "report/trustlatex.h"
#include "stats/anova.h"

#include <QtTest>

#include <functional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

using namespace tribunal;

namespace {

const Audit& emptyAudit()
{
    static const AuditPtr audit = [] {
        AuditBuilder b;
        ImportLog log;
        return b.build(log);
    }();
    return *audit;
}

CellRow cell(const std::string& judge, const std::string& format, const std::string& dataset, double t = 0.5)
{
    CellRow row;
    row.judge = judge;
    row.format = format;
    row.dataset = dataset;
    row.C = 1;
    row.phi = 0;
    row.A = t;
    row.T = t;
    return row;
}

CellTable cells(std::vector<CellRow> rows)
{
    CellTable table;
    table.rows = std::move(rows);
    return table;
}

/// A K9 input that crossFitCascade accepts: two pairs, D and one fallback F.
CrossFitInput crossFitInput()
{
    CrossFitInput in;
    in.unit = {1, 2};
    in.score = {0.5, 0.25};
    in.first = {"D", {1, 0}, {}};
    in.fallbacks = {{"F", {1, 1}, {}}};
    in.grid = {0.0, 0.5};
    return in;
}

void crossFit(const std::function<void(CrossFitInput&, CrossFitSettings&)>& spoil)
{
    CrossFitInput in = crossFitInput();
    CrossFitSettings s;
    s.halvings = 2;
    s.threads = 1;
    spoil(in, s);
    crossFitCascade(in, s);
}

void biasSettings(const std::function<void(BiasSettings&)>& spoil)
{
    BiasSettings s;
    spoil(s);
    analyseBiasExcess(BiasDesign{}, s); // checked even without rows
}

void paired(const std::function<void(PairedSettings&)>& spoil, double second = 0)
{
    const std::vector<PairedObservation> pairs = {{0, 0, 1, 0}, {1, 0, 0, 1}, {2, 0, 1, second}};
    PairedSettings s;
    s.resamples = 10;
    spoil(s);
    comparePaired(pairs, s);
}

void anovaOf(std::vector<std::string> factors, bool allMissing)
{
    AnovaOptions options;
    options.factors = std::move(factors);
    anova(cells({cell("a", "f", "d", allMissing ? kMissing : 0.5), cell("b", "f", "d", kMissing)}), options);
}

struct Case {
    const char* name;
    std::function<void()> trigger;
    ErrorCode code;
    std::vector<std::string> args;
    std::string what;
};

const std::vector<Case>& cases()
{
    static const std::vector<Case> all = {
        // B4 / B5
        {"bias resamples 0",
         [] { biasSettings([](BiasSettings& s) { s.resamples = 0; }); },
         ErrorCode::BiasResamplesBelowOne,
         {},
         "bias settings: resamples must be at least 1"},
        {"bias permutations 0",
         [] { biasSettings([](BiasSettings& s) { s.permutations = 0; }); },
         ErrorCode::BiasPermutationsBelowOne,
         {},
         "bias settings: permutations must be at least 1"},
        {"bias level 1",
         [] { biasSettings([](BiasSettings& s) { s.level = 1.0; }); },
         ErrorCode::BiasLevelOutOfRange,
         {},
         "bias settings: level must lie between 0 and 1"},
        {"bias fdr NaN",
         [] { biasSettings([](BiasSettings& s) { s.fdrLevel = kMissing; }); },
         ErrorCode::BiasFdrLevelOutOfRange,
         {},
         "bias settings: FDR level must lie between 0 and 1"},
        // B11
        {"calibration bins 0",
         [] { analyseCalibration(emptyAudit(), 0); },
         ErrorCode::CalibrationBinsOutOfRange,
         {"1000", "0"},
         "calibration bins must be between 1 and 1000, got 0"},
        {"calibration bins 1001",
         [] { analyseCalibration(emptyAudit(), 1001); },
         ErrorCode::CalibrationBinsOutOfRange,
         {"1000", "1001"},
         "calibration bins must be between 1 and 1000, got 1001"},
        // B12
        {"spearman lengths",
         [] {
             const std::vector<double> x{1, 2, 3}, y{1, 2};
             spearmanCorrelation(x, y);
         },
         ErrorCode::SpearmanLengthMismatch,
         {"3", "2"},
         "spearmanCorrelation: x has 3 values, y has 2"},
        // K7
        {"K7 no fallback",
         [] { replayCascade(emptyAudit(), RubricVerdictTable{}, 0, {}, {}, TaskKind::Ordinal); },
         ErrorCode::CascadeNoFallback,
         {},
         "K7: at least one fallback needed"},
        {"K7 first is fallback",
         [] {
             const std::vector<std::size_t> self = {1, 0};
             replayCascade(emptyAudit(), RubricVerdictTable{}, 0, self, {}, TaskKind::Binary);
         },
         ErrorCode::CascadeFirstIsFallback,
         {},
         "K7: the first judge cannot be its own fallback"},
        // K9
        {"K9 score",
         [] { crossFit([](CrossFitInput& in, CrossFitSettings&) { in.score.pop_back(); }); },
         ErrorCode::CrossFitScoreSizeMismatch,
         {"1", "2"},
         "K9: score has 1 values, expected 2"},
        {"K9 first right",
         [] { crossFit([](CrossFitInput& in, CrossFitSettings&) { in.first.right.push_back(1); }); },
         ErrorCode::CrossFitRightSizeMismatch,
         {"D", "3", "2"},
         "K9: D right has 3 values, expected 2"},
        {"K9 single right",
         [] { crossFit([](CrossFitInput& in, CrossFitSettings&) {
                  in.singles = {{"S x", {1}, {}}};
              }); },
         ErrorCode::CrossFitRightSizeMismatch,
         {"S x", "1", "2"},
         "K9: S x right has 1 values, expected 2"},
        {"K9 fallback cost",
         [] { crossFit([](CrossFitInput& in, CrossFitSettings&) { in.fallbacks[0].cost = {0.1}; }); },
         ErrorCode::CrossFitCostSizeMismatch,
         {"F", "1", "2"},
         "K9: F cost has 1 values, expected 2"},
        {"K9 grid",
         [] { crossFit([](CrossFitInput& in, CrossFitSettings&) {
                  in.grid = {0.5, 0.0};
              }); },
         ErrorCode::CrossFitGridNotAscending,
         {},
         "K9: the grid must be ascending"},
        {"K9 halvings",
         [] { crossFit([](CrossFitInput&, CrossFitSettings& s) { s.halvings = 0; }); },
         ErrorCode::CrossFitHalvingsBelowOne,
         {},
         "K9: halvings must be >= 1"},
        {"K9 no fallback",
         [] { crossFit([](CrossFitInput& in, CrossFitSettings&) { in.fallbacks.clear(); }); },
         ErrorCode::CrossFitNoFallback,
         {},
         "K9: at least one fallback needed"},
        // R7
        {"R7 resamples",
         [] { paired([](PairedSettings& s) { s.resamples = 0; }); },
         ErrorCode::PairedResamplesBelowOne,
         {},
         "R7: resamples must be >= 1"},
        {"R7 margin",
         [] { paired([](PairedSettings& s) { s.margin = -0.01; }); },
         ErrorCode::PairedMarginNegative,
         {},
         "R7: margin must be >= 0"},
        {"R7 correctness",
         [] { paired([](PairedSettings&) {}, 1.5); },
         ErrorCode::PairedCorrectnessOutOfRange,
         {"2"},
         "R7: correctness of pair 2 must lie in [0, 1]"},
        // T8
        {"T8 duplicate cell",
         [] {
             formatDispersion(cells({cell("J", "F", "D"), cell("J", "F", "D")}));
         },
         ErrorCode::DispersionDuplicateCell,
         {"J", "F", "D"},
         "duplicate cell: judge \"J\", format \"F\", dataset \"D\""},
        // An argument's own placeholder text stays as it is (one pass).
        {"T8 judge named %2",
         [] {
             formatDispersion(cells({cell("%2", "F", "%1"), cell("%2", "F", "%1")}));
         },
         ErrorCode::DispersionDuplicateCell,
         {"%2", "F", "%1"},
         "duplicate cell: judge \"%2\", format \"F\", dataset \"%1\""},
        // T9
        {"T9 sweep column",
         [] { conditionSweep(CellTable{}, "temperature"); },
         ErrorCode::SweepUnknownColumn,
         {"temperature"},
         "unknown column 'temperature'"},
        {"T9 pool column",
         [] { poolCells(cells({cell("J", "F", "D")}), "paradigm", {}); },
         ErrorCode::SweepUnknownColumn,
         {"paradigm"},
         "unknown column 'paradigm'"},
        // T10
        {"T10 unknown factor",
         [] {
             anovaOf({"judge", "temperature"}, false);
         },
         ErrorCode::AnovaUnknownFactor,
         {"temperature"},
         "unknown factor \"temperature\""},
        {"T10 factor twice",
         [] {
             anovaOf({"format", "format"}, false);
         },
         ErrorCode::AnovaRepeatedFactor,
         {"format"},
         "factor \"format\" given twice"},
        {"T10 no response",
         [] { anovaOf({"judge"}, true); },
         ErrorCode::AnovaNoResponse,
         {},
         "no cell has a value of the response"},
        {"T10 through anovaLatex",
         [] {
             TrustLatexExport options;
             options.anovaFactors = {"judge", "paradigm"};
             anovaLatex(cells({cell("a", "f", "d"), cell("b", "f", "d")}), TrustSettings{}, false, options);
         },
         ErrorCode::AnovaUnknownFactor,
         {"paradigm"},
         "unknown factor \"paradigm\""},
        // Trust grouping
        {"grouping twice",
         [] {
             groupTrust(emptyAudit(), {"judge", "format", "judge"}, TrustSettings{});
         },
         ErrorCode::GroupingRepeatedColumn,
         {"judge"},
         "grouping column 'judge' given twice"},
        {"grouping unknown",
         [] {
             groupTrust(emptyAudit(), {"judge", "temperature"}, TrustSettings{});
         },
         ErrorCode::GroupingUnknownColumn,
         {"temperature"},
         "unknown grouping column 'temperature'"},
        // Trust tables
        {"trust table empty",
         [] { trustTableLatex(CellTable{}); },
         ErrorCode::TrustTableNoCells,
         {},
         "trust table: no cells"},
        {"trust table duplicate",
         [] {
             trustTableLatex(cells({cell("J", "F", "D"), cell("J", "F", "D")}));
         },
         ErrorCode::TrustTableDuplicateCell,
         {"J", "F", "D"},
         "trust table: duplicate cell J / F / D"},
        {"dispersion table empty",
         [] { dispersionTableLatex(FormatDispersion{}); },
         ErrorCode::DispersionTableNoTables,
         {},
         "dispersion table: no tables"},
        {"trust gap table empty",
         [] { trustGapTableLatex(emptyAudit(), {}, {}); },
         ErrorCode::TrustGapTableNoCells,
         {},
         "trust gap table: no cells"},
        {"trust gap table sizes",
         [] {
             const std::vector<TrustCellResult> results(1);
             const std::vector<TrustCellIntervals> intervals(2);
             trustGapTableLatex(emptyAudit(), results, intervals);
         },
         ErrorCode::TrustGapTableSizeMismatch,
         {"2", "1"},
         "trust gap table: 2 intervals for 1 cells"},
        {"trust gap no pairwise cells",
         [] {
             TrustCellResult rubric;
             rubric.notPairwiseItems = 1;
             const std::vector<TrustCellResult> results = {rubric};
             trustGapLatex(emptyAudit(), results, {}, TrustSettings{}, BootstrapSettings{}, {});
         },
         ErrorCode::TrustGapNoPairwiseCells,
         {},
         "no pairwise cells"},
        // Bias tables
        {"bias excess table",
         [] { biasExcessLatex(emptyAudit(), BiasAnalysis{}); },
         ErrorCode::BiasExcessTableNoRows,
         {},
         "bias excess table: the audit has no bias-test rows"},
        {"bias count table",
         [] { biasCountLatex(emptyAudit(), BiasAnalysis{}); },
         ErrorCode::BiasCountTableNoRows,
         {},
         "bias count table: the audit has no bias-test rows"},
        {"calibration table",
         [] { calibrationLatex(emptyAudit(), {}); },
         ErrorCode::CalibrationTableNoResults,
         {},
         "calibration table: no judge returned probabilities"},
        // Rubric tables
        {"rubric accuracy table",
         [] { rubricAccuracyLatex(emptyAudit(), RubricReport{}); },
         ErrorCode::RubricAccuracyTableNoRows,
         {},
         "rubric accuracy table: the audit has no rubric judge rows"},
        {"paired comparison table",
         [] { pairedComparisonLatex(emptyAudit(), {}, PairedSettings{}, JudgeComparisonSettings{}); },
         ErrorCode::PairedComparisonTableEmpty,
         {},
         "paired comparison table: no comparison"},
        // Cascade, confident-error and jury tables
        {"cascade table",
         [] { cascadeSummaryLatex(emptyAudit(), {CascadePanel{}}, CascadeSettings{}); },
         ErrorCode::CascadeTableNoPanel,
         {},
         "cascade table: no panel"},
        {"confident-error table",
         [] { confidentErrorLatex(emptyAudit(), {}); },
         ErrorCode::ConfidentErrorTableNoPanel,
         {},
         "confident-error table: no panel"},
        {"jury table",
         [] { juryLatex(emptyAudit(), {JuryPanel{}}, PairedSettings{}); },
         ErrorCode::JuryTableNoPanel,
         {},
         "jury table: no panel"},
        // Flat tables
        {"flat table short row",
         [] {
             FlatTable t;
             t.columns = {"a", "b", "c"};
             t.rows = {{FlatCell{}, FlatCell{}, FlatCell{}}, {FlatCell{1.0}}};
             writeFlatTable(t, TableFormat::Markdown);
         },
         ErrorCode::FlatTableRowSize,
         {"1", "3"},
         "flat table row has 1 cells for 3 columns"},
        {"flat table unknown column",
         [] {
             FlatTable t;
             t.columns = {"a"};
             t.set(t.addRow(), "nope", 1.0);
         },
         ErrorCode::FlatTableUnknownColumn,
         {"nope"},
         "flat table has no column nope"},
    };
    return all;
}

QString qid(ErrorCode code)
{
    const std::string_view id = errorCodeId(code);
    return QString::fromUtf8(id.data(), static_cast<qsizetype>(id.size()));
}

QString q(const std::string& text)
{
    return QString::fromStdString(text);
}

QStringList toList(const std::vector<std::string>& args)
{
    QStringList out;
    for (const std::string& a : args)
        out << QString::fromStdString(a);
    return out;
}

} // namespace

class TestCoreError : public QObject {
    Q_OBJECT
private slots:
    void thrown_data();
    void thrown();
    void idsDistinct();
    void everyCodeHasARow();
    void argCounts();
};

void TestCoreError::thrown_data()
{
    QTest::addColumn<int>("index");
    for (std::size_t i = 0; i < cases().size(); ++i)
        QTest::newRow(cases()[i].name) << static_cast<int>(i);
}

void TestCoreError::thrown()
{
    QFETCH(int, index);
    const Case& c = cases()[static_cast<std::size_t>(index)];
    const bool range = c.code == ErrorCode::FlatTableUnknownColumn; // the one std::out_of_range
    try {
        c.trigger();
        QFAIL("no exception");
    } catch (const CoreError& e) {
        QVERIFY2(!range, "a CoreError where a CoreRangeError (std::out_of_range) was expected");
        QCOMPARE(qid(e.code()), qid(c.code));
        QCOMPARE(toList(e.args()), toList(c.args));
        QCOMPARE(QString::fromUtf8(e.what()), q(c.what));
        const std::invalid_argument& plain = e; // callers catch std::invalid_argument
        QCOMPARE(QString::fromUtf8(plain.what()), q(c.what));
        QCOMPARE(coreErrorInfo(plain), static_cast<const CoreErrorInfo*>(&e));
    } catch (const CoreRangeError& e) {
        QVERIFY2(range, "a CoreRangeError where a CoreError (std::invalid_argument) was expected");
        QCOMPARE(qid(e.code()), qid(c.code));
        QCOMPARE(toList(e.args()), toList(c.args));
        QCOMPARE(QString::fromUtf8(e.what()), q(c.what));
        const std::out_of_range& plain = e; // FlatTable::set's callers catch std::out_of_range
        QCOMPARE(coreErrorInfo(plain), static_cast<const CoreErrorInfo*>(&e));
    } catch (const std::exception& e) {
        QFAIL(qPrintable(QStringLiteral("not a CoreError: ") + QString::fromStdString(e.what())));
    }
    QCOMPARE(q(formatCoreError(c.code, c.args)), q(c.what));
}

void TestCoreError::idsDistinct()
{
    std::set<std::string_view> ids;
    for (const ErrorCode code : allErrorCodes()) {
        const std::string_view id = errorCodeId(code);
        QVERIFY2(!id.empty(), qPrintable(QString::number(static_cast<int>(code))));
        QVERIFY2(ids.insert(id).second, std::string(id).c_str());
        QVERIFY2(!errorCodeText(code).empty(), std::string(id).c_str());
    }
    QCOMPARE(ids.size(), allErrorCodes().size());
    QVERIFY(allErrorCodes().size() >= 40);
    QVERIFY(allErrorCodes().back() == ErrorCode::FlatTableUnknownColumn);
    // Declaration order, each once.
    for (std::size_t i = 0; i < allErrorCodes().size(); ++i)
        QCOMPARE(static_cast<std::size_t>(allErrorCodes()[i]), i);
}

void TestCoreError::everyCodeHasARow()
{
    std::set<ErrorCode> covered;
    for (const Case& c : cases())
        covered.insert(c.code);
    for (const ErrorCode code : allErrorCodes())
        QVERIFY2(covered.count(code) == 1, std::string(errorCodeId(code)).c_str());
}

void TestCoreError::argCounts()
{
    for (const Case& c : cases())
        QVERIFY2(c.args.size() == errorCodeArgCount(c.code), c.name);
    QCOMPARE(errorCodeArgCount(ErrorCode::AnovaNoResponse), std::size_t(0));
    QCOMPARE(errorCodeArgCount(ErrorCode::CrossFitRightSizeMismatch), std::size_t(3));
}

QTEST_APPLESS_MAIN(TestCoreError)
#include "tst_coreerror.moc"
