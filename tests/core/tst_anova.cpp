// T10 ANOVA: differential test against statsmodels anova_lm (reference tables made by anova_reference.py and
// stored in tests/data/anova; the CTests anova_reference_* recompute them live), plus hand-checked edge
// cases.
#include "analysis/celltablecsv.h"
#include "stats/anova.h"

#include "../common/csvlines.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <stdexcept>

using namespace tribunal;

namespace {

using testing::readCsvLine;
using testing::splitCsvLine;

// A cell table through the core reader; `scale` 100 for percent files.
CellTable readCells(const std::string& path, double scale)
{
    ImportIssue issue;
    auto read = readCellTableCsv(path, {}, issue);
    if (!read || read->units != (scale == 100 ? CellUnits::Percent : CellUnits::Proportion))
        throw std::runtime_error("cannot read " + path + ": " + issue.text());
    return std::move(read->table);
}

std::vector<AnovaRow> readReference(const std::string& path, int type)
{
    std::ifstream in(path);
    std::string line;
    if (!readCsvLine(in, line) || line != "type,source,df,ss,eta2")
        throw std::runtime_error("bad reference file " + path);
    std::vector<AnovaRow> rows;
    while (readCsvLine(in, line)) {
        const auto f = splitCsvLine(line);
        if (f.size() != 5)
            throw std::runtime_error(path + ": bad line " + line);
        if (std::stoi(f[0]) != type)
            continue;
        rows.push_back(AnovaRow{f[1], std::stod(f[2]), std::stod(f[3]), std::stod(f[4])});
    }
    return rows;
}

bool close(double a, double b)
{
    return std::abs(a - b) <= 1e-9 || std::abs(a - b) <= 1e-9 * std::max(std::abs(a), std::abs(b));
}

CellRow cell(std::string judge, std::string format, std::string dataset, double t)
{
    CellRow row;
    row.judge = std::move(judge);
    row.format = std::move(format);
    row.dataset = std::move(dataset);
    row.T = t;
    return row;
}

} // namespace

class TestAnova : public QObject {
    Q_OBJECT
private slots:
    void statsmodelsReference_data();
    void statsmodelsReference();
    void automaticType();
    void rankDeficientDesign();
    void oneWayByHand();
    void conditionFactorAndMissingResponse();
    void constantResponse();
    void badOptions_data();
    void badOptions();
};

void TestAnova::statsmodelsReference_data()
{
    QTest::addColumn<QString>("input");
    QTest::addColumn<double>("scale");
    QTest::addColumn<QString>("reference");
    QTest::addColumn<int>("type");
    const QString paper = TRIBUNAL_SHARED_DATA "/paper/table1_cells.csv";
    const QString dir = TRIBUNAL_TEST_DATA "/anova/";
    QTest::newRow("paper Table 1, sequential") << paper << 100.0 << dir + "paper_table1_reference.csv" << 1;
    QTest::newRow("paper Table 1, Type II") << paper << 100.0 << dir + "paper_table1_reference.csv" << 2;
    QTest::newRow("unbalanced, sequential")
        << dir + "unbalanced.csv" << 1.0 << dir + "unbalanced_reference.csv" << 1;
    QTest::newRow("unbalanced, Type II")
        << dir + "unbalanced.csv" << 1.0 << dir + "unbalanced_reference.csv" << 2;
}

void TestAnova::statsmodelsReference()
{
    QFETCH(QString, input);
    QFETCH(double, scale);
    QFETCH(QString, reference);
    QFETCH(int, type);
    const CellTable table = readCells(input.toStdString(), scale);
    const std::vector<AnovaRow> expected = readReference(reference.toStdString(), type);
    AnovaOptions options;
    options.type = type == 1 ? AnovaOptions::Type::Sequential : AnovaOptions::Type::TypeII;
    const AnovaResult result = anova(table, options);
    QCOMPARE(result.type, type == 1 ? SumOfSquaresType::Sequential : SumOfSquaresType::TypeII);
    QCOMPARE(result.observations, table.rows.size());
    QCOMPARE(result.rows.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        const AnovaRow& got = result.rows[i];
        const AnovaRow& want = expected[i];
        const QByteArray where = QByteArray::fromStdString(want.source);
        QCOMPARE(got.source, want.source);
        QVERIFY2(close(got.df, want.df), where);
        QVERIFY2(close(got.ss, want.ss), where + " ss " + QByteArray::number(got.ss, 'g', 17));
        QVERIFY2(close(got.eta2, want.eta2), where);
    }
}

void TestAnova::automaticType()
{
    const CellTable paper = readCells(TRIBUNAL_SHARED_DATA "/paper/table1_cells.csv", 100);
    const AnovaResult balanced = anova(paper);
    QVERIFY(balanced.balanced);
    QCOMPARE(balanced.type, SumOfSquaresType::Sequential);
    // Balanced: sequential SS add up to the total.
    double sum = 0;
    for (const AnovaRow& row : balanced.rows)
        sum += row.ss;
    QVERIFY(close(sum, balanced.ssTotal));
    QCOMPARE(balanced.rows.back().source, std::string("residual"));
    QCOMPARE(balanced.rows.back().df, 60.0);

    const AnovaResult unbalanced = anova(readCells(TRIBUNAL_TEST_DATA "/anova/unbalanced.csv", 1));
    QVERIFY(!unbalanced.balanced);
    QCOMPARE(unbalanced.type, SumOfSquaresType::TypeII);

    // All level combinations present but unequal replication is unbalanced too.
    CellTable replicated;
    replicated.rows = {cell("a", "x", "d", 0.1), cell("a", "y", "d", 0.2), cell("b", "x", "d", 0.3),
                       cell("b", "y", "d", 0.5), cell("b", "y", "d", 0.6)};
    QVERIFY(!anova(replicated).balanced);
    replicated.rows.pop_back();
    QVERIFY(anova(replicated).balanced);
}

void TestAnova::rankDeficientDesign()
{
    // judge j3 never meets format f3, so judge:format has (3-1)*(3-1) - 1 = 3 estimable contrasts, not 4.
    // statsmodels anova_lm is not defined here (it reports 4 df and tests non-estimable constraints), so the
    // reference is anova_reference.py --lstsq: model comparison with numpy lstsq and matrix_rank.
    const CellTable table = readCells(TRIBUNAL_TEST_DATA "/anova/rankdeficient.csv", 1);
    const std::string reference = TRIBUNAL_TEST_DATA "/anova/rankdeficient_reference.csv";
    for (int type : {1, 2}) {
        AnovaOptions options;
        options.type = type == 1 ? AnovaOptions::Type::Sequential : AnovaOptions::Type::TypeII;
        const AnovaResult result = anova(table, options);
        const std::vector<AnovaRow> expected = readReference(reference, type);
        QCOMPARE(result.rows.size(), expected.size());
        for (std::size_t i = 0; i < expected.size(); ++i) {
            const QByteArray where = QByteArray::fromStdString(expected[i].source) + " type " +
                                     QByteArray::number(type) + " ss " +
                                     QByteArray::number(result.rows[i].ss, 'g', 17);
            QCOMPARE(result.rows[i].source, expected[i].source);
            QVERIFY2(close(result.rows[i].ss, expected[i].ss), where);
            QVERIFY2(close(result.rows[i].df, expected[i].df), where);
            QVERIFY2(close(result.rows[i].eta2, expected[i].eta2), where);
        }
        QCOMPARE(result.rows[3].df, 3.0);
        QCOMPARE(result.rows.back().df, double(table.rows.size()) - 13.0); // rank 1 + 2+2+1 + 3+2+2
    }
}

void TestAnova::oneWayByHand()
{
    CellTable table;
    table.rows = {cell("a", "f", "d", 1), cell("a", "f", "d", 2), cell("b", "f", "d", 3),
                  cell("b", "f", "d", 5)};
    AnovaOptions options;
    options.factors = {"judge"};
    const AnovaResult r = anova(table, options);
    QVERIFY(r.balanced);
    QCOMPARE(r.rows.size(), std::size_t(2));
    QCOMPARE(r.rows[0].source, std::string("judge"));
    QCOMPARE(r.rows[0].df, 1.0);
    QVERIFY(close(r.rows[0].ss, 6.25));
    QVERIFY(close(r.ssTotal, 8.75));
    QVERIFY(close(r.rows[0].eta2, 6.25 / 8.75));
    QCOMPARE(r.rows[1].df, 2.0);
    QVERIFY(close(r.rows[1].ss, 2.5));

    // A factor with a single level explains nothing and has df 0.
    options.factors = {"format", "judge"};
    const AnovaResult single = anova(table, options);
    QCOMPARE(single.rows[0].source, std::string("format"));
    QCOMPARE(single.rows[0].df, 0.0);
    QVERIFY(close(single.rows[0].ss, 0));
    QCOMPARE(single.rows[2].source, std::string("format:judge"));
    QCOMPARE(single.rows[2].df, 0.0);
    QVERIFY(close(single.rows[1].ss, 6.25));
}

void TestAnova::conditionFactorAndMissingResponse()
{
    CellTable table;
    table.conditionNames = {"temperature"};
    const double t[] = {0.1, 0.3, 0.2, 0.6, kMissing};
    const char* temps[] = {"0", "0", "1", "1", "1"};
    const char* judges[] = {"a", "b", "a", "b", "a"};
    for (int i = 0; i < 5; ++i) {
        CellRow row = cell(judges[i], "f", "d", t[i]);
        row.conditions = {temps[i]};
        table.rows.push_back(row);
    }
    AnovaOptions options;
    options.factors = {"temperature", "judge"};
    options.twoWayInteractions = false;
    const AnovaResult r = anova(table, options);
    QCOMPARE(r.observations, std::size_t(4));
    QCOMPARE(r.droppedMissing, std::size_t(1));
    QVERIFY(r.balanced);
    QCOMPARE(r.rows.size(), std::size_t(3));
    QCOMPARE(r.rows[0].source, std::string("temperature"));
    QVERIFY(close(r.rows[0].ss, 0.04)); // means 0.2 vs 0.4 around 0.3
    QVERIFY(close(r.rows[1].ss, 0.09)); // means 0.15 vs 0.45
    QVERIFY(close(r.rows[2].ss, 0.01));
    QCOMPARE(r.rows[2].df, 1.0);
}

void TestAnova::constantResponse()
{
    CellTable table;
    table.rows = {cell("a", "f", "d", 0.5), cell("b", "f", "d", 0.5)};
    const AnovaResult r = anova(table);
    QCOMPARE(r.ssTotal, 0.0);
    for (const AnovaRow& row : r.rows)
        QVERIFY(std::isnan(row.eta2)); // undefined, never 0
}

void TestAnova::badOptions_data()
{
    QTest::addColumn<QStringList>("factors");
    QTest::addColumn<bool>("allMissing");
    QTest::addColumn<QString>("message");
    QTest::newRow("unknown factor") << QStringList{"judge", "temperature"} << false
                                    << "unknown factor \"temperature\"";
    QTest::newRow("repeated factor") << QStringList{"judge", "format", "judge"} << false
                                     << "factor \"judge\" given twice";
    QTest::newRow("no response") << QStringList{"judge"} << true << "no cell has a value of the response";
}

void TestAnova::badOptions()
{
    QFETCH(QStringList, factors);
    QFETCH(bool, allMissing);
    QFETCH(QString, message);
    CellTable table;
    table.rows = {cell("a", "f", "d", allMissing ? kMissing : 0.5), cell("b", "f", "d", kMissing)};
    AnovaOptions options;
    options.factors.clear();
    for (const QString& f : factors)
        options.factors.push_back(f.toStdString());
    try {
        anova(table, options);
        QFAIL("no exception");
    } catch (const std::invalid_argument& e) {
        QCOMPARE(QString::fromUtf8(e.what()), message);
    }
}

QTEST_GUILESS_MAIN(TestAnova)
#include "tst_anova.moc"
