// The Qt-free cell-table CSV reader (core/analysis/celltablecsv.h): units, columns, and every bad-input
// message.
#include "analysis/celltablecsv.h"

#include <QtTest>

#include <cmath>

using namespace tribunal;

class TestCellTableCsv : public QObject {
    Q_OBJECT
private slots:
    void paperTable1();
    void paperTable2WithParadigmColumn();
    void unitsAndMissing_data();
    void unitsAndMissing();
    void quotingAndLineEnds();
    void formulaGuardsDropped();
    void badInput_data();
    void badInput();
    void missingFile();
};

void TestCellTableCsv::paperTable1()
{
    ImportIssue issue;
    const auto read = readCellTableCsv(TRIBUNAL_SHARED_DATA "/paper/table1_cells.csv", {}, issue);
    QVERIFY2(read, issue.text().c_str());
    QCOMPARE(read->units, CellUnits::Percent);
    QCOMPARE(read->table.rows.size(), std::size_t(120));
    QVERIFY(read->table.conditionNames.empty());
    const CellRow& first = read->table.rows.front(); // GPT-5.2,Direct,MT-Bench,89.3,5.1,64.8,55.6
    QCOMPARE(first.judge, std::string("GPT-5.2"));
    QCOMPARE(first.format, std::string("Direct"));
    QCOMPARE(first.dataset, std::string("MT-Bench"));
    QCOMPARE(first.C, 89.3 / 100);
    QCOMPARE(first.phi, 5.1 / 100);
    QCOMPARE(first.A, 64.8 / 100);
    QCOMPARE(first.T, 55.6 / 100);
}

void TestCellTableCsv::paperTable2WithParadigmColumn()
{
    ImportIssue issue;
    CellTableCsvOptions options;
    const std::string path = TRIBUNAL_SHARED_DATA "/paper/table2_paradigms.csv";
    QVERIFY(!readCellTableCsv(path, options, issue));
    QCOMPARE(QString::fromStdString(issue.text()),
             QString::fromStdString(path + ":1: format: missing column"));
    options.formatColumn = "paradigm";
    const auto read = readCellTableCsv(path, options, issue);
    QVERIFY2(read, issue.text().c_str());
    QCOMPARE(read->table.rows.size(), std::size_t(36));
    QCOMPARE(read->table.rows[1].format, std::string("FLASK"));

    // Table 3 has a leading temperature column: it becomes a condition.
    const auto t3 = readCellTableCsv(TRIBUNAL_SHARED_DATA "/paper/table3_temperature.csv", {}, issue);
    QVERIFY2(t3, issue.text().c_str());
    QCOMPARE(t3->table.conditionNames, std::vector<std::string>{"temp"});
    QCOMPARE(t3->table.rows[0].conditions, std::vector<std::string>{"0"});
    QCOMPARE(t3->table.rows[0].judge, std::string("GPT-4o"));
}

void TestCellTableCsv::unitsAndMissing_data()
{
    QTest::addColumn<QByteArray>("csv");
    QTest::addColumn<int>("units"); // requested
    QTest::addColumn<int>("used");
    QTest::addColumn<double>("t");
    QTest::addColumn<double>("c");
    const int autoU = int(CellUnits::Auto), prop = int(CellUnits::Proportion), pct = int(CellUnits::Percent);
    QTest::newRow("auto proportions")
        << QByteArray("judge,format,dataset,C,T\nj,f,d,1,0.5\n") << autoU << prop << 0.5 << 1.0;
    QTest::newRow("auto percent") << QByteArray("judge,format,dataset,C,T\nj,f,d,90,1\n") << autoU << pct
                                  << 0.01 << 0.9;
    QTest::newRow("forced percent") << QByteArray("judge,format,dataset,C,T\nj,f,d,1,0.5\n") << pct << pct
                                    << 0.005 << 0.01;
    QTest::newRow("empty field is missing")
        << QByteArray("judge,format,dataset,C,T\nj,f,d,,0.5\n") << autoU << prop << 0.5 << std::nan("");
    QTest::newRow("absent column is missing")
        << QByteArray("judge,format,dataset,T\nj,f,d,-0.25\n") << autoU << prop << -0.25 << std::nan("");
    QTest::newRow("spaces around numbers")
        << QByteArray("judge,format,dataset,C,T\nj,f,d, 0.5 ,+0.25\n") << autoU << prop << 0.25 << 0.5;
}

void TestCellTableCsv::unitsAndMissing()
{
    QFETCH(QByteArray, csv);
    QFETCH(int, units);
    QFETCH(int, used);
    QFETCH(double, t);
    QFETCH(double, c);
    CellTableCsvOptions options;
    options.units = CellUnits(units);
    ImportIssue issue;
    const auto read = parseCellTableCsv(csv.toStdString(), "x.csv", options, issue);
    QVERIFY2(read, issue.text().c_str());
    QCOMPARE(int(read->units), used);
    QCOMPARE(read->table.rows.size(), std::size_t(1));
    QCOMPARE(read->table.rows[0].T, t);
    if (std::isnan(c))
        QVERIFY(std::isnan(read->table.rows[0].C));
    else
        QCOMPARE(read->table.rows[0].C, c);
    QVERIFY(std::isnan(read->table.rows[0].A));
}

void TestCellTableCsv::quotingAndLineEnds()
{
    const std::string csv = "\xEF\xBB\xBFjudge,format,dataset,T,note\r\n"
                            "\"GPT, 4\",\"say \"\"hi\"\"\",d,0.5,\"two\nlines\"\r\n"
                            "\r\n"
                            "j2,f,d,0.25,\"\"\r\n";
    ImportIssue issue;
    const auto read = parseCellTableCsv(csv, "q.csv", {}, issue);
    QVERIFY2(read, issue.text().c_str());
    QCOMPARE(read->table.rows.size(), std::size_t(2));
    QCOMPARE(read->table.conditionNames, std::vector<std::string>{"note"});
    QCOMPARE(read->table.rows[0].judge, std::string("GPT, 4"));
    QCOMPARE(read->table.rows[0].format, std::string("say \"hi\""));
    QCOMPARE(read->table.rows[0].conditions, std::vector<std::string>{"two\nlines"});
    QCOMPARE(read->table.rows[1].T, 0.25);
    QCOMPARE(read->table.rows[1].conditions, std::vector<std::string>{""});
}

void TestCellTableCsv::formulaGuardsDropped()
{
    // Tribunal's CSV tables guard formula-like text with an apostrophe (model/spreadsheettext.h); reading a
    // table back drops one apostrophe before = + - @, tab or CR, names and header included, and nothing else.
    const std::string csv = "judge,format,dataset,T,'=key\n"
                            "'=j,'+f,\"'@d, x\",0.5,''-v\n"
                            "'plain',f,'\td,-0.25,-0.5\n";
    ImportIssue issue;
    const auto read = parseCellTableCsv(csv, "g.csv", {}, issue);
    QVERIFY2(read, issue.text().c_str());
    QCOMPARE(read->table.conditionNames, std::vector<std::string>{"=key"});
    QCOMPARE(read->table.rows.size(), std::size_t(2));
    QCOMPARE(read->table.rows[0].judge, std::string("=j"));
    QCOMPARE(read->table.rows[0].format, std::string("+f"));
    QCOMPARE(read->table.rows[0].dataset, std::string("@d, x"));
    QCOMPARE(read->table.rows[0].conditions, std::vector<std::string>{"'-v"});
    QCOMPARE(read->table.rows[1].judge, std::string("'plain'"));
    QCOMPARE(read->table.rows[1].dataset, std::string("\td"));
    QCOMPARE(read->table.rows[1].T, -0.25);
    QCOMPARE(read->table.rows[1].conditions, std::vector<std::string>{"-0.5"});
}

void TestCellTableCsv::badInput_data()
{
    QTest::addColumn<QByteArray>("csv");
    QTest::addColumn<int>("units");
    QTest::addColumn<QString>("message");
    const int autoU = int(CellUnits::Auto), prop = int(CellUnits::Proportion), pct = int(CellUnits::Percent);
    const QByteArray head = "judge,format,dataset,C,phi,A,T\n";
    QTest::newRow("empty file") << QByteArray("") << autoU << "t.csv: empty file (no header)";
    QTest::newRow("only blank lines") << QByteArray("\n\r\n") << autoU << "t.csv: empty file (no header)";
    QTest::newRow("missing judge") << QByteArray("format,dataset,T\n") << autoU
                                   << "t.csv:1: judge: missing column";
    QTest::newRow("missing dataset") << QByteArray("judge,format,T\n") << autoU
                                     << "t.csv:1: dataset: missing column";
    QTest::newRow("no metric") << QByteArray("judge,format,dataset,temp\n") << autoU
                               << "t.csv:1: no metric column (C, phi, A or T)";
    QTest::newRow("duplicate column")
        << QByteArray("judge,format,dataset,T,T\n") << autoU << "t.csv:1: T: duplicate column";
    QTest::newRow("empty column name")
        << QByteArray("judge,,format,dataset,T\n") << autoU << "t.csv:1: empty column name (column 2)";
    QTest::newRow("too few fields") << head + "j,f,d,0.9,0.1,0.8\n"
                                    << autoU << "t.csv:2: 6 fields, the header has 7";
    QTest::newRow("too many fields") << head + "j,f,d,0.9,0.1,0.8,0.7\nj,f2,d,0.9,0.1,0.8,0.7,1\n"
                                     << autoU << "t.csv:3: 8 fields, the header has 7";
    QTest::newRow("empty judge") << head + "  ,f,d,0.9,0.1,0.8,0.7\n" << autoU << "t.csv:2: judge: empty";
    QTest::newRow("empty format") << head + "j,,d,0.9,0.1,0.8,0.7\n" << autoU << "t.csv:2: format: empty";
    QTest::newRow("not a number") << head + "j,f,d,0.9,abc,0.8,0.7\n"
                                  << autoU << "t.csv:2: phi: not a number: \"abc\"";
    QTest::newRow("trailing garbage") << head + "j,f,d,0.9,0.1,0.8x,0.7\n"
                                      << autoU << "t.csv:2: A: not a number: \"0.8x\"";
    QTest::newRow("percent sign") << head + "j,f,d,90%,0.1,0.8,0.7\n"
                                  << autoU << "t.csv:2: C: not a number: \"90%\"";
    QTest::newRow("nan text") << head + "j,f,d,0.9,0.1,0.8,nan\n"
                              << autoU << "t.csv:2: T: not a finite number: \"nan\"";
    QTest::newRow("percent out of range") << head + "j,f,d,90,10,101,50\n"
                                          << autoU << "t.csv:2: A: 101 is outside [0, 100] (percent)";
    QTest::newRow("negative C") << head + "j,f,d,-0.1,0.1,0.8,0.7\n"
                                << prop << "t.csv:2: C: -0.1 is outside [0, 1] (proportion)";
    QTest::newRow("T below -0.5") << head + "j,f,d,0.9,0.1,0.8,0.7\nj,g,d,0.9,1,0,-0.6\n"
                                  << autoU << "t.csv:3: T: -0.6 is outside [-0.5, 1] (proportion)";
    QTest::newRow("forced proportion, percent data")
        << head + "j,f,d,90,10,80,70\n"
        << prop << "t.csv:2: C: 90 is outside [0, 1] (proportion)";
    QTest::newRow("forced percent, T too low") << head + "j,f,d,90,10,80,-51\n"
                                               << pct << "t.csv:2: T: -51 is outside [-50, 100] (percent)";
    QTest::newRow("unterminated quote") << head + "j,f,d,0.9,0.1,0.8,0.7\n\"j,f,d,1,1,1,1\n"
                                        << autoU << "t.csv:3: unterminated quoted field";
    QTest::newRow("quote inside field") << head + "j,f\"x,d,0.9,0.1,0.8,0.7\n"
                                        << autoU << "t.csv:2: quote in an unquoted field";
    QTest::newRow("text after closing quote") << head + "\"j\"x,f,d,0.9,0.1,0.8,0.7\n"
                                              << autoU << "t.csv:2: text after a closing quote";
    QTest::newRow("error line after multi-line field")
        << QByteArray("judge,format,dataset,T,note\nj,f,d,0.5,\"a\nb\"\nj,f,d,x,n\n") << autoU
        << "t.csv:4: T: not a number: \"x\"";
}

void TestCellTableCsv::badInput()
{
    QFETCH(QByteArray, csv);
    QFETCH(int, units);
    QFETCH(QString, message);
    CellTableCsvOptions options;
    options.units = CellUnits(units);
    ImportIssue issue;
    const auto read = parseCellTableCsv(csv.toStdString(), "t.csv", options, issue);
    QVERIFY(!read); // nothing is returned: no partial table
    QCOMPARE(QString::fromStdString(issue.text()), message);
}

void TestCellTableCsv::missingFile()
{
    ImportIssue issue;
    QVERIFY(!readCellTableCsv(TRIBUNAL_TEST_DATA "/anova/no-such-file.csv", {}, issue));
    QCOMPARE(QString::fromStdString(issue.text()),
             QStringLiteral(TRIBUNAL_TEST_DATA "/anova/no-such-file.csv: cannot open file"));
}

QTEST_GUILESS_MAIN(TestCellTableCsv)
#include "tst_celltablecsv.moc"
