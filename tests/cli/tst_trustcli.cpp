// The trust commands of tribunal-cli (issue #3: trust, dispersion, anova, check-table) through the real
// executable. Main fixture: the cell of examples.md section 1 written as a flat pairwise CSV.

#include "../common/clirun.h"
#include "analysis/celltablecsv.h"
#include "analysis/dispersion.h"
#include "analysis/trustanalysis.h"
#include "analysis/trustbootstrap.h"
#include "io/importer.h"
#include "report/latex.h"
#include "report/trustlatex.h"
#include "stats/anova.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include <QtTest>

#include <cmath>

using tribunal::testing::csvRows;
using tribunal::testing::num;

namespace {

const QString kHeader =
    "judge,format,dataset,n_pairs,C,C_lo,C_hi,phi,phi_lo,phi_hi,A,A_lo,A_hi,A_dec,q,A_max,T,"
    "T_lo,T_hi,T_joint,quadrant";

// examples.md section 1: five pairs, AB and BA, three runs each ("none" = failed run).
QByteArray exampleCsv(const QString& extraHeader = {}, const QString& extraValue = {})
{
    struct Pair {
        const char* id;
        const char* label;
        const char* ab[3];
        const char* ba[3];
    };
    const Pair pairs[] = {
        {"p1", "A", {"A", "none", "A"}, {"A", "A", "A"}},
        {"p2", "B", {"B", "A", "B"}, {"none", "none", "none"}},
        {"p3", "B", {"A", "B", "tie"}, {"A", "B", "A"}},
        {"p4", "B", {"B", "none", "B"}, {"B", "tie", "B"}},
        {"p5", "", {"A", "A", "A"}, {"B", "A", "B"}},
    };
    QByteArray csv = "dataset,item_id,judge,format,order,rep,verdict,label,prob_a,cost_usd,latency_s";
    if (!extraHeader.isEmpty())
        csv += "," + extraHeader.toUtf8();
    csv += "\n";
    for (const auto& p : pairs) {
        for (int order = 0; order < 2; ++order) {
            for (int rep = 0; rep < 3; ++rep) {
                csv += QString("D1,%1,J1,F1,%2,%3,%4,%5,,,")
                           .arg(p.id, order == 0 ? "AB" : "BA")
                           .arg(rep + 1)
                           .arg(order == 0 ? p.ab[rep] : p.ba[rep], p.label)
                           .toUtf8();
                if (!extraHeader.isEmpty())
                    csv += "," + extraValue.toUtf8();
                csv += "\n";
            }
        }
    }
    return csv;
}

} // namespace

class TestTrustCli : public QObject {
    Q_OBJECT
private slots:
    void jsonReportsDroppedPairs();
    void unrecordedOrderIsExplained();
    void failureMapThresholds();
    void initTestCase();
    void trustExampleCell();
    void trustFromProject();
    void trustObservedQAndConditionColumn();
    void trustSingleRunNote();
    void trustCellTableInput();
    void trustMarkdownAndJson();
    void trustIntervals();
    void trustBy_data();
    void trustBy();
    void trustByUsageErrors_data();
    void trustByUsageErrors();
    void mitigate_data();
    void mitigate();
    void mitigateUsageErrors_data();
    void mitigateUsageErrors();
    void usageErrors_data();
    void usageErrors();
    void dispersionReproducesTable4();
    void dispersionFromAudit();
    void anovaRows();
    void anovaUnbalancedSaysTypeII();
    void checkTablePaper();
    void checkTableBadInput();
    void latexMatchesCoreWriters_data();
    void latexMatchesCoreWriters();
    void latexTrustCaption();
    void latexGapTable_data();
    void latexGapTable();
    void latexGapUsageErrors_data();
    void latexGapUsageErrors();

private:
    using Run = tribunal::testing::CliRun;
    Run cli(const QStringList& args);
    QString write(const QString& name, const QByteArray& content);
    QTemporaryDir m_dir;
    QString m_example;
    const QString m_table1 = QStringLiteral(TRIBUNAL_SHARED_DATA "/paper/table1_cells.csv");
    const QString m_table4 = QStringLiteral(TRIBUNAL_SHARED_DATA "/paper/table4_printed.csv");
};

TestTrustCli::Run TestTrustCli::cli(const QStringList& args)
{
    return tribunal::testing::runCli(args);
}

QString TestTrustCli::write(const QString& name, const QByteArray& content)
{
    return tribunal::testing::writeFixture(m_dir, name, content);
}

void TestTrustCli::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(QFile::exists(m_table1));
    QVERIFY(QFile::exists(m_table4));
    m_example = write("example.csv", exampleCsv());
}

void TestTrustCli::trustExampleCell()
{
    auto run = cli({"trust", m_example, "--ci", "0"});
    QCOMPARE(run.exitCode, 0);
    const auto rows = csvRows(run.out);
    QCOMPARE(rows.size(), 2);
    QCOMPARE(rows[0].join(','), kHeader);
    const auto& r = rows[1];
    QCOMPARE(r.size(), 21);
    QCOMPARE(r.mid(0, 4).join(','), QString("J1,F1,D1,4"));
    const auto near = [](double a, double b) { return std::fabs(a - b) < 1e-12; };
    QVERIFY(near(num(r[4]), 0.25));        // C over all retained pairs
    QVERIFY(near(num(r[7]), 0.5));         // phi
    QVERIFY(near(num(r[10]), 32.0 / 45));  // A
    QVERIFY(near(num(r[13]), 0.9));        // A_dec
    QVERIFY(near(num(r[14]), 0.5));        // q
    QVERIFY(near(num(r[15]), 5.0 / 6));    // A_max
    QVERIFY(near(num(r[16]), 49.0 / 270)); // T = C_lab (A - phi_lab / 2)
    QVERIFY(near(num(r[19]), 1.0 / 3));    // T_joint
    QCOMPARE(r[20], QString("chaos"));     // C 0.25 < 0.9, phi 0.5 > 0.2
    for (int i : {5, 6, 8, 9, 11, 12, 17, 18})
        QVERIFY2(r[i].isEmpty(), qPrintable(rows[0][i])); // --ci 0: no intervals
    QVERIFY(!run.err.contains("assume"));
}

void TestTrustCli::trustFromProject()
{
    const auto project = m_dir.filePath("example.tribunal");
    auto run = cli({"import", m_example, "-o", project});
    QCOMPARE(run.exitCode, 0);
    auto fromProject = cli({"trust", project, "--ci", "0"});
    auto fromFile = cli({"trust", m_example, "--ci", "0"});
    QCOMPARE(fromProject.exitCode, 0);
    QCOMPARE(fromProject.out, fromFile.out);
}

void TestTrustCli::trustObservedQAndConditionColumn()
{
    const auto path = write("example_temp.csv", exampleCsv("temperature", "0.7"));
    auto run = cli({"trust", path, "--ci", "0", "--q", "observed", "--unit", "presentation"});
    QCOMPARE(run.exitCode, 0);
    const auto rows = csvRows(run.out);
    QCOMPARE(rows.size(), 2);
    QVERIFY(rows[0].join(',').startsWith("judge,format,dataset,temperature,n_pairs,C,"));
    const auto& r = rows[1];
    QCOMPARE(r[3], QString("0.7"));
    QVERIFY(std::fabs(num(r[5]) - 0.5) < 1e-12);      // C per presentation: 4 of 8
    QVERIFY(std::fabs(num(r[15]) - 1.0 / 3) < 1e-12); // q observed
    QVERIFY(std::fabs(num(r[16]) - 7.0 / 9) < 1e-12); // A_max with observed q
}

void TestTrustCli::trustSingleRunNote()
{
    QByteArray csv = "dataset,item_id,judge,format,order,rep,verdict,label,prob_a,cost_usd,latency_s\n"
                     "D,i1,J,F,AB,1,A,A,,,\nD,i1,J,F,BA,1,A,A,,,\n"  // order-invariant, right
                     "D,i2,J,F,AB,1,A,B,,,\nD,i2,J,F,BA,1,B,B,,,\n"; // flipped
    const auto path = write("single.csv", csv);
    auto run = cli({"trust", path, "--ci", "0"});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.err.contains("C is n/a (1 run)"), qPrintable(run.err));
    QVERIFY(run.err.contains("C = 1 can be assumed with --assume-consistent"));
    auto rows = csvRows(run.out);
    QCOMPARE(rows.size(), 2);
    QVERIFY(rows[1][4].isEmpty());  // C
    QVERIFY(rows[1][16].isEmpty()); // T
    QVERIFY(rows[1][19].isEmpty()); // T_joint
    QCOMPARE(num(rows[1][7]), 0.5); // phi
    QCOMPARE(num(rows[1][10]), 0.75);

    run = cli({"trust", path, "--ci", "0", "--assume-consistent"});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.err.contains("C = 1 was assumed"), qPrintable(run.err));
    rows = csvRows(run.out);
    QCOMPARE(num(rows[1][4]), 1.0);
    QCOMPARE(num(rows[1][16]), 0.5); // 1 * (0.75 - 0.5 / 2)
}

void TestTrustCli::trustCellTableInput()
{
    const auto path = write("cells.csv", "judge,format,dataset,C,phi,A\n"
                                         "J,F,D,0.9,0.2,0.7\n"
                                         "J,G,D,0.5,0.5,0.75\n"
                                         "J,H,D,,0.1,0.8\n");
    auto run = cli({"trust", path});
    QCOMPARE(run.exitCode, 0);
    const auto rows = csvRows(run.out);
    QCOMPARE(rows.size(), 4);
    QCOMPARE(rows[0].join(','), kHeader);
    QCOMPARE(rows[1].join(','), QString("J,F,D,,0.9,,,0.2,,,0.7,,,,0.5,0.9,0.54,,,,trustworthy"));
    QCOMPARE(rows[2].join(','), QString("J,G,D,,0.5,,,0.5,,,0.75,,,,0.5,0.75,0.25,,,,chaos"));
    QCOMPARE(rows[3].join(','), QString("J,H,D,,,,,0.1,,,0.8,,,,0.5,0.95,,,,,"));
    QVERIFY(run.err.contains("cell-level table"));

    // Percent input is read as percent and written as proportions.
    const auto pct = write("cells_pct.csv", "judge,format,dataset,C,phi,A,T\nJ,F,D,90,20,70,54\n");
    run = cli({"trust", pct});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(csvRows(run.out)[1][16], QString("0.54"));

    run = cli({"trust", path, "--q", "observed"});
    QCOMPARE(run.exitCode, 1);
}

void TestTrustCli::trustMarkdownAndJson()
{
    auto run = cli({"trust", m_example, "--ci", "0", "--format", "json"});
    QCOMPARE(run.exitCode, 0);
    const auto doc = QJsonDocument::fromJson(run.out.toUtf8()).object();
    QCOMPARE(doc["q"].toString(), QString("half"));
    QCOMPARE(doc["consistency_unit"].toString(), QString("pair"));
    const auto cells = doc["cells"].toArray();
    QCOMPARE(cells.size(), 1);
    const auto cell = cells[0].toObject();
    QCOMPARE(cell["n_pairs"].toInt(), 4);
    QVERIFY(cell["C_lo"].isNull());
    QCOMPARE(cell["quadrant"].toString(), QString("chaos"));

    const auto out = m_dir.filePath("trust.md");
    run = cli({"trust", m_example, "--ci", "0", "--format", "md", "-o", out});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.out.isEmpty());
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString md = QString::fromUtf8(f.readAll());
    QVERIFY(md.startsWith("| judge | format | dataset | n_pairs | C |"));
    QVERIFY(md.contains("| J1 | F1 | D1 | 4 | 0.25 |"));
    QVERIFY(md.contains("C per pair; q = 1/2."));
}

void TestTrustCli::trustIntervals()
{
    auto one = cli({"trust", m_example, "--ci", "200", "--seed", "7", "--threads", "1"});
    auto two = cli({"trust", m_example, "--ci", "200", "--seed", "7", "--threads", "2"});
    QCOMPARE(one.exitCode, 0);
    QCOMPARE(two.exitCode, 0);
    QCOMPARE(one.out, two.out);
    const auto r = csvRows(one.out)[1];
    for (int i : {5, 6, 8, 9, 11, 12, 17, 18})
        QVERIFY2(!r[i].isEmpty(), qPrintable(csvRows(one.out)[0][i]));
    QVERIFY(num(r[5]) <= num(r[6]));
    QVERIFY(num(r[17]) <= num(r[18]));
}

// The example cell under two formats F1 and F2 (identical judgments), with a temperature condition 0.7.
static QByteArray twoFormatCsv()
{
    const auto one = exampleCsv("temperature", "0.7");
    const auto header = one.left(one.indexOf('\n') + 1);
    auto body = one.mid(header.size());
    auto f2 = body;
    f2.replace(",F1,", ",F2,");
    return header + body + f2;
}

void TestTrustCli::trustBy_data()
{
    QTest::addColumn<QString>("by");
    QTest::addColumn<QString>("header");
    QTest::addColumn<QStringList>("labels"); // per row: the label columns before n_pairs, then n_pairs
    QTest::newRow("judge,dataset pools formats") << "judge,dataset"
                                                 << "judge,format,dataset,n_pairs" << QStringList{"J1,,D1,8"};
    QTest::newRow("format") << "format"
                            << "judge,format,dataset,n_pairs" << QStringList{",F1,,4", ",F2,,4"};
    QTest::newRow("condition column")
        << "temperature,judge"
        << "judge,format,dataset,temperature,n_pairs" << QStringList{"J1,,,0.7,8"};
    QTest::newRow("empty: one pool") << ""
                                     << "judge,format,dataset,n_pairs" << QStringList{",,,8"};
}

void TestTrustCli::trustBy()
{
    QFETCH(QString, by);
    QFETCH(QString, header);
    QFETCH(QStringList, labels);
    const auto path = write("two_formats.csv", twoFormatCsv());
    auto run = cli({"trust", path, "--ci", "0", "--by", by});
    QCOMPARE(run.exitCode, 0);
    const auto rows = csvRows(run.out);
    QCOMPARE(rows.size(), labels.size() + 1);
    const auto labelCount = header.count(',') + 1;
    QCOMPARE(rows[0].mid(0, labelCount).join(','), header);
    QCOMPARE(rows[0].size(), labelCount + 17); // the metric columns are unchanged
    const auto near = [](double a, double b) { return std::fabs(a - b) < 1e-12; };
    for (qsizetype i = 0; i < labels.size(); ++i) {
        const auto& r = rows[i + 1];
        QCOMPARE(r.mid(0, labelCount).join(','), labels[i]);
        // Both formats have the example cell's values, so every pool has them too.
        QVERIFY(near(num(r[labelCount]), 0.25));            // C
        QVERIFY(near(num(r[labelCount + 3]), 0.5));         // phi
        QVERIFY(near(num(r[labelCount + 6]), 32.0 / 45));   // A
        QVERIFY(near(num(r[labelCount + 12]), 49.0 / 270)); // T
        QVERIFY(near(num(r[labelCount + 15]), 1.0 / 3));    // T_joint
        QCOMPARE(r[labelCount + 16], QString("chaos"));
    }
}

void TestTrustCli::trustByUsageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("error");
    QTest::newRow("unknown column") << QStringList{"--by", "nope"} << "--by: unknown grouping column 'nope'";
    QTest::newRow("repeated column") << QStringList{"--by", "judge,judge"}
                                     << "--by: grouping column 'judge' given twice";
    QTest::newRow("gap table") << QStringList{"--by", "judge", "--format", "latex", "--table", "gap"}
                               << "--by and --table gap cannot be combined";
}

void TestTrustCli::trustByUsageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, error);
    auto run = cli(QStringList{"trust", m_example, "--ci", "0"} + args);
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains("tribunal-cli: " + error), qPrintable(run.err));
    QVERIFY(run.out.isEmpty());
    auto table = cli({"trust", m_table1, "--by", "judge"});
    QCOMPARE(table.exitCode, 1);
    QVERIFY2(table.err.contains("--by needs judgment data; a cell-level table is already one row per cell"),
             qPrintable(table.err));
}

// Two labelled items, AB and BA, two runs each, with P(A) (canonical option A) per judgment. Worked by hand:
// (a) presentations q1/AB A,A; q1/BA B,A (tie); q2/AB A,B (tie); q2/BA B,B: coverage 2/4, accuracy 2/2.
// (b) run numbers agreeing in both orders: q1 run 2 (A), q2 run 2 (B): coverage 2/4, accuracy 1.
// (c) one order: 6 of 8 correct; averaged: q1 0.6, 0.65 -> A; q2 0.4, 0.3 -> B: 4 of 4; agreement 2/4.
static QByteArray probabilityCsv()
{
    return "dataset,item_id,judge,format,order,rep,verdict,label,prob_a\n"
           "D1,q1,J1,F1,AB,1,A,A,0.8\nD1,q1,J1,F1,AB,2,A,A,0.7\n"
           "D1,q1,J1,F1,BA,1,B,A,0.4\nD1,q1,J1,F1,BA,2,A,A,0.6\n"
           "D1,q2,J1,F1,AB,1,A,B,0.6\nD1,q2,J1,F1,AB,2,B,B,0.3\n"
           "D1,q2,J1,F1,BA,1,B,B,0.2\nD1,q2,J1,F1,BA,2,B,B,0.3\n";
}

void TestTrustCli::mitigate_data()
{
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("expected");
    const QString header =
        "judge,format,dataset,n_pairs,majority_accuracy,majority_coverage,both_order_accuracy,"
        "both_order_coverage,prob_matched_runs,prob_one_accuracy,prob_one_coverage,"
        "prob_both_accuracy,prob_both_coverage,prob_agreement,prob_change,"
        "C,phi,A,quadrant,mitigation,A_dec_half";
    // C = 0, phi = 1 (no pair has a modal verdict in both orders), A = 3/4: chaos; A_dec_half undefined.
    QTest::newRow("csv") << "csv"
                         << header + "\nJ1,F1,D1,2,1,0.5,1,0.5,4,0.75,1,1,1,0.5,0.25,0,1,0.75,chaos,"
                                     "both-orders-then-majority,\n";
    QTest::newRow("md")
        << "md"
        << "| " + QString(header).replace(",", " | ") + " |\n|" + QString(" --- |").repeated(21) +
               "\n| J1 | F1 | D1 | 2 | 1 | 0.5 | 1 | 0.5 | 4 | 0.75 | 1 | 1 | 1 | 0.5 | 0.25 | 0 | 1 | 0.75 "
               "| chaos | both-orders-then-majority |  |\n";
    QTest::newRow("json") << "json"
                          << "[{\"judge\":\"J1\",\"format\":\"F1\",\"dataset\":\"D1\",\"n_pairs\":2,"
                             "\"majority_accuracy\":1,\"majority_coverage\":0.5,\"both_order_accuracy\":1,"
                             "\"both_order_coverage\":0.5,\"prob_matched_runs\":4,\"prob_one_accuracy\":0.75,"
                             "\"prob_one_coverage\":1,\"prob_both_accuracy\":1,\"prob_both_coverage\":1,"
                             "\"prob_agreement\":0.5,\"prob_change\":0.25,\"C\":0,\"phi\":1,\"A\":0.75,"
                             "\"quadrant\":\"chaos\",\"mitigation\":\"both-orders-then-majority\","
                             "\"A_dec_half\":null}]\n";
}

void TestTrustCli::mitigate()
{
    QFETCH(QString, format);
    QFETCH(QString, expected);
    const auto path = write("probabilities.csv", probabilityCsv());
    auto run = cli({"mitigate", path, "--format", format});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.out, expected);
    // Without probabilities the prob_* columns are empty; (a) and (b) match the trust analysis.
    auto plain = cli({"mitigate", m_example});
    QCOMPARE(plain.exitCode, 0);
    const auto rows = csvRows(plain.out);
    QCOMPARE(rows.size(), 2);
    QCOMPARE(rows[1].size(), 21);
    QCOMPARE(rows[1].mid(0, 4).join(','), QString("J1,F1,D1,4"));
    for (int i = 8; i < 15; ++i)
        QVERIFY2(rows[1][i].isEmpty(), qPrintable(rows[0][i]));
}

void TestTrustCli::mitigateUsageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("error");
    QTest::newRow("no input") << QStringList{}
                              << "mitigate needs a project, judgment files or a cell-level table";
    QTest::newRow("bad format") << QStringList{"EXAMPLE", "--format", "latex"}
                                << "unknown --format 'latex' (expected csv, md or json)";
}

void TestTrustCli::mitigateUsageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, error);
    args.replaceInStrings("EXAMPLE", m_example);
    args.replaceInStrings("TABLE1", m_table1);
    auto run = cli(QStringList{"mitigate"} + args);
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains("tribunal-cli: " + error), qPrintable(run.err));
    QVERIFY(run.out.isEmpty());
}

void TestTrustCli::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("no input") << QStringList{"trust"} << "trust needs a project";
    QTest::newRow("bad q") << QStringList{"trust", "X", "--q", "third"} << "unknown --q 'third'";
    QTest::newRow("bad unit") << QStringList{"trust", "X", "--unit", "run"} << "unknown --unit 'run'";
    QTest::newRow("bad format") << QStringList{"trust", "X", "--format", "xml"} << "unknown --format 'xml'";
    QTest::newRow("bad ci") << QStringList{"trust", "X", "--ci", "-1"} << "--ci needs";
    QTest::newRow("bad level") << QStringList{"trust", "X", "--level", "1"} << "--level needs";
    QTest::newRow("bad factor") << QStringList{"anova", "T1", "--factors", "judge,colour"}
                                << "unknown factor 'colour'";
    QTest::newRow("check-table two files") << QStringList{"check-table", "a", "b"} << "exactly one";
}

void TestTrustCli::usageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    for (auto& a : args)
        if (a == "T1")
            a = m_table1;
    auto run = cli(args);
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(message), qPrintable(run.err));
    QVERIFY(run.out.isEmpty());
}

void TestTrustCli::dispersionReproducesTable4()
{
    auto run = cli({"dispersion", m_table1});
    QCOMPARE(run.exitCode, 0);
    const auto rows = csvRows(run.out);
    QCOMPARE(rows[0].join(','), QString("judge,dataset,dT_fmt,T_min,T_max"));
    QCOMPARE(rows.size(), 1 + 24);
    QFile f(m_table4);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const auto printed = csvRows(QString::fromUtf8(f.readAll()).remove('\r'));
    int compared = 0;
    for (const auto& p : printed.mid(1)) {
        if (p[0] == "Mean" || p[1] == "Mean")
            continue;
        bool found = false;
        for (const auto& r : rows.mid(1)) {
            if (r[0] != p[0] || r[1] != p[1])
                continue;
            found = true;
            // Proportions out, percent printed with one decimal: equal at the printed rounding.
            QVERIFY2(std::fabs(num(r[2]) * 100 - num(p[2])) < 1e-9, qPrintable(r.join(',')));
            QVERIFY2(std::fabs(num(r[3]) * 100 - num(p[3])) < 1e-9, qPrintable(r.join(',')));
            ++compared;
        }
        QVERIFY2(found, qPrintable(p.join(',')));
    }
    QCOMPARE(compared, 24);

    run = cli({"dispersion", m_table1, "--format", "json"});
    QCOMPARE(run.exitCode, 0);
    const auto doc = QJsonDocument::fromJson(run.out.toUtf8()).object();
    const auto tables = doc["tables"].toArray();
    QCOMPARE(tables.size(), 1);
    for (const auto& m : tables[0].toObject()["dataset_means"].toArray()) {
        if (m.toObject()["name"].toString() == "LLMBar")
            QVERIFY(std::fabs(m.toObject()["mean"].toDouble() - 0.1095) < 1e-12);
    }
    run = cli({"dispersion", m_table1, "--format", "md"});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.out.contains("| judge | MT-Bench | AlpacaFarm | JudgeBench | LLMBar | Mean |"));
}

void TestTrustCli::dispersionFromAudit()
{
    // Two formats of one judge x dataset from the example cell: F2 is F1 with every run answered A-right.
    QByteArray csv = exampleCsv();
    for (const char* order : {"AB", "BA"})
        csv += QByteArray("D1,p1,J1,F2,") + order + ",1,A,A,,,\n" + "D1,p1,J1,F2," + order + ",2,A,A,,,\n";
    const auto path = write("two_formats.csv", csv);
    auto run = cli({"dispersion", path});
    QCOMPARE(run.exitCode, 0);
    const auto rows = csvRows(run.out);
    QCOMPARE(rows.size(), 2);
    // F2: one pair, reproducible, order-invariant, right: T = 1. F1: T = 49/270.
    QVERIFY(std::fabs(num(rows[1][2]) - (1 - 49.0 / 270)) < 1e-12);
    QVERIFY(std::fabs(num(rows[1][3]) - 49.0 / 270) < 1e-12);
    QCOMPARE(num(rows[1][4]), 1.0);

    // Cells with undefined T are left out and counted: single-run cells without the C = 1 opt-in.
    const auto single = write("single_two.csv", "dataset,item_id,judge,format,order,rep,verdict,label,prob_a,"
                                                "cost_usd,latency_s\n"
                                                "D,i1,J,F,AB,1,A,A,,,\nD,i1,J,F,BA,1,A,A,,,\n"
                                                "D,i1,J,G,AB,1,A,A,,,\nD,i1,J,G,BA,1,B,A,,,\n");
    run = cli({"dispersion", single});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.err.contains("note: 2 cell(s) with undefined T left out"), qPrintable(run.err));
    QCOMPARE(csvRows(run.out)[1].join(','), QString("J,D,,,"));
    run = cli({"dispersion", single, "--assume-consistent"});
    QCOMPARE(run.exitCode, 0);
    // F: T = 1; G flips (phi = 1, A = 1/2): T = 1 (1/2 - 1/2) = 0.
    QCOMPARE(csvRows(run.out)[1].join(','), QString("J,D,1,0,1"));
}

void TestTrustCli::anovaRows()
{
    auto run = cli({"anova", m_table1});
    QCOMPARE(run.exitCode, 0);
    auto rows = csvRows(run.out);
    QCOMPARE(rows[0].join(','), QString("source,df,ss,eta2"));
    QStringList sources;
    double eta = 0;
    for (const auto& r : rows.mid(1)) {
        sources << r[0];
        eta += num(r[3]);
    }
    QCOMPARE(sources.join(' '),
             QString("judge format dataset judge:format judge:dataset format:dataset residual"));
    QVERIFY(std::fabs(eta - 1) < 1e-9);  // balanced: sequential SS add up to the total
    QCOMPARE(rows[1][1], QString("5"));  // 6 judges
    QCOMPARE(rows[7][1], QString("60")); // residual: 120 - 1 - 5 - 4 - 3 - 20 - 15 - 12
    QVERIFY2(run.err.contains("sum of squares: sequential (balanced design)"), qPrintable(run.err));

    run = cli({"anova", m_table1, "--factors", "dataset,judge"});
    QCOMPARE(run.exitCode, 0);
    rows = csvRows(run.out);
    QCOMPARE(rows.size(), 5);
    QCOMPARE(rows[1][0], QString("dataset"));
    QCOMPARE(rows[2][0], QString("judge"));
    QCOMPARE(rows[3][0], QString("dataset:judge"));
    QCOMPARE(rows[4][0], QString("residual"));

    run = cli({"anova", m_table1, "--format", "json"});
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(QJsonDocument::fromJson(run.out.toUtf8()).object()["ss_type"].toString(), QString("sequential"));
}

void TestTrustCli::anovaUnbalancedSaysTypeII()
{
    // Two judges x two formats, one cell missing: Type II, said on stderr and in JSON.
    const auto path = write("unbalanced.csv", "judge,format,dataset,T\n"
                                              "J1,F1,D,0.5\nJ1,F2,D,0.6\nJ2,F1,D,0.3\n");
    auto run = cli({"anova", path, "--factors", "judge,format"});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.err.contains("sum of squares: type II (unbalanced design)"), qPrintable(run.err));
    QCOMPARE(csvRows(run.out).size(), 5); // header, judge, format, judge:format, residual
    run = cli({"anova", path, "--factors", "judge,format", "--format", "json"});
    QCOMPARE(QJsonDocument::fromJson(run.out.toUtf8()).object()["ss_type"].toString(), QString("type II"));
}

void TestTrustCli::checkTablePaper()
{
    auto run = cli({"check-table", m_table1});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.out.startsWith("0 discrepancies in 120 printed value(s) checked (percent)"),
             qPrintable(run.out));
    QVERIFY(run.out.contains("Recomputed ANOVA of T (sequential SS"));

    run = cli({"check-table", m_table1, "--table4", m_table4});
    QCOMPARE(run.exitCode, 0);
    const auto lines = run.out.split('\n');
    QVERIFY2(lines[0].endsWith("table4_printed.csv:35: dT_fmt (Mean/LLMBar): printed 10.8, recomputed 10.95"),
             qPrintable(run.out));
    QCOMPARE(lines[1], QString("1 discrepancy in 178 printed value(s) checked (percent)"));

    // A wrong printed T is a finding (exit 0), not an error.
    const auto wrong = write("wrong.csv", "judge,format,dataset,C,phi,A,T\nJ,F,D,90,20,70,55.0\n");
    run = cli({"check-table", wrong});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(run.out.startsWith(wrong + ":2: T (J/F/D): printed 55.0, recomputed 54\n"), qPrintable(run.out));
}

void TestTrustCli::checkTableBadInput()
{
    const auto bad = write("bad.csv", "judge,format,dataset,C,phi,A,T\nJ,F,D,90,x,70,54\n");
    auto run = cli({"check-table", bad});
    QCOMPARE(run.exitCode, 2);
    QVERIFY(run.out.isEmpty());
    QVERIFY2(run.err.startsWith(bad + ":2: phi:"), qPrintable(run.err));
    run = cli({"check-table", m_dir.filePath("missing.csv")});
    QCOMPARE(run.exitCode, 1);
}

void TestTrustCli::failureMapThresholds()
{
    // Pair 1 flips (A/A vs A/B: BA has no mode) and is unstable; pair 2 is stable and flips: C = 0.5, phi
    // = 1.
    const QString path = write("thresholds.csv", "dataset,item_id,judge,format,order,rep,verdict,label\n"
                                                 "d,1,j,f,AB,1,A,A\nd,1,j,f,AB,2,A,A\nd,1,j,f,BA,1,A,A\n"
                                                 "d,1,j,f,BA,2,B,A\nd,2,j,f,AB,1,A,B\nd,2,j,f,AB,2,A,B\n"
                                                 "d,2,j,f,BA,1,B,B\nd,2,j,f,BA,2,B,B\n");
    auto lastField = [](const QString& out) { return out.trimmed().split('\n').last().split(',').last(); };
    auto standard = cli({"trust", path, "--ci", "0"});
    QCOMPARE(standard.exitCode, 0);
    QCOMPARE(lastField(standard.out), QStringLiteral("chaos"));
    auto lenient = cli({"trust", path, "--ci", "0", "--good-c", "0.5", "--good-phi", "1"});
    QCOMPARE(lenient.exitCode, 0);
    QCOMPARE(lastField(lenient.out), QStringLiteral("trustworthy"));
    auto onlyC = cli({"trust", path, "--ci", "0", "--good-c", "0.5"});
    QCOMPARE(lastField(onlyC.out), QStringLiteral("confidently-biased"));
    auto bad = cli({"trust", path, "--good-phi", "1.5"});
    QCOMPARE(bad.exitCode, 1);
    QVERIFY(bad.err.contains(QStringLiteral("--good-c and --good-phi take proportions in [0, 1]")));
    QVERIFY(bad.out.isEmpty());
}

void TestTrustCli::jsonReportsDroppedPairs()
{
    // Item 1 enters; item 2 has only `none` in BA (missing verdicts); item 3 was never shown BA (missing
    // order); item 4 enters without a label.
    const QString path = write("dropped.csv", "dataset,item_id,judge,format,order,rep,verdict,label\n"
                                              "d,1,j,f,AB,1,A,A\nd,1,j,f,BA,1,A,A\n"
                                              "d,2,j,f,AB,1,A,A\nd,2,j,f,BA,1,none,A\n"
                                              "d,3,j,f,AB,1,B,B\n"
                                              "d,4,j,f,AB,1,B,\nd,4,j,f,BA,1,A,\n");
    auto run = cli({"trust", path, "--ci", "0", "--format", "json"});
    QCOMPARE(run.exitCode, 0);
    const auto cell = QJsonDocument::fromJson(run.out.toUtf8()).object()["cells"].toArray().at(0).toObject();
    QCOMPARE(cell["n_pairs"].toInteger(), 2);
    QCOMPARE(cell["pairs_dropped"].toObject()["missing_order"].toInteger(), 1);
    QCOMPARE(cell["pairs_dropped"].toObject()["missing_verdicts"].toInteger(), 1);
    QCOMPARE(cell["unlabelled_pairs"].toInteger(), 1);
}

void TestTrustCli::unrecordedOrderIsExplained()
{
    // AlpacaEval annotations (auto-detected): one unrecorded order per pair, so no pair and no C, phi, A, T;
    // the note says why and the JSON counts the judgments without an order.
    const QString path = write("annotations.json",
                               R"([{"instruction":"i1","output_1":"a","output_2":"b","generator_1":"base",)"
                               R"("generator_2":"m","annotator":"ann","preference":1.8},)"
                               R"({"instruction":"i2","output_1":"c","output_2":"d","generator_1":"base",)"
                               R"("generator_2":"m","annotator":"ann","preference":1.0}])");
    auto run = cli({"trust", path, "--ci", "0", "--format", "json"});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(
        run.err.contains("note: ann / alpaca-eval / alpaca-eval: 2 judgment(s) without an order: the source "
                         "did not record the order each answer pair was shown in"),
        qPrintable(run.err));
    const auto cell = QJsonDocument::fromJson(run.out.toUtf8()).object()["cells"].toArray().at(0).toObject();
    QCOMPARE(cell["n_pairs"].toInteger(), 0);
    QCOMPARE(cell["judgments_without_order"].toInteger(), 2);
    QVERIFY(cell["phi"].isNull());
}

QTEST_GUILESS_MAIN(TestTrustCli)
#include "tst_trustcli.moc"

// The paper's cell table as the CLI reads it for trust (T = C (A - phi/2)) and for dispersion / anova (T
// as printed); the CLI's LaTeX must be the core writer's output byte for byte.
void TestTrustCli::latexMatchesCoreWriters_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QStringList>("extra");
    QTest::addColumn<bool>("colour");
    QTest::addColumn<bool>("standalone");
    QTest::newRow("trust plain") << "trust" << QStringList{} << false << false;
    QTest::newRow("trust colour standalone")
        << "trust" << QStringList{"--colour", "--standalone"} << true << true;
    QTest::newRow("dispersion") << "dispersion" << QStringList{} << false << false;
    QTest::newRow("dispersion standalone") << "dispersion" << QStringList{"--standalone"} << false << true;
    QTest::newRow("anova") << "anova" << QStringList{} << false << false;
    QTest::newRow("anova standalone") << "anova" << QStringList{"--standalone"} << false << true;
}

void TestTrustCli::latexMatchesCoreWriters()
{
    using namespace tribunal;
    QFETCH(QString, command);
    QFETCH(QStringList, extra);
    QFETCH(bool, colour);
    QFETCH(bool, standalone);
    ImportIssue issue;
    auto csv = readCellTableCsv(m_table1.toStdString(), {}, issue);
    QVERIFY(csv);
    auto& table = csv->table;
    TrustLatexOptions options;
    options.colour = colour;
    std::string expected;
    if (command == "trust") {
        for (auto& row : table.rows) {
            const double t = row.C * (row.A - row.phi / 2);
            row.T = std::isfinite(t) ? t : kMissing;
        }
        expected = trustTableLatex(table, options);
    } else if (command == "dispersion") {
        expected = dispersionTableLatex(formatDispersion(table), options);
    } else {
        AnovaOptions anovaOptions;
        anovaOptions.factors = {"judge", "format", "dataset"};
        expected = anovaTableLatex(anova(table, anovaOptions), CellMeasure::T, options);
    }
    if (standalone)
        expected = latexStandaloneDocument(expected);
    auto run = cli(QStringList{command, m_table1, "--format", "latex"} + extra);
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.out.toUtf8(), QByteArray::fromStdString(expected));
    QCOMPARE(run.out.contains("\\cellcolor"), colour);
    QCOMPARE(run.out.startsWith("\\documentclass"), standalone);
}

// The caption names the variants: q mode, C unit, C assumed, and the bootstrap level, resamples and seed.
void TestTrustCli::latexTrustCaption()
{
    auto run = cli({"trust", m_example, "--ci", "0", "--format", "latex"});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.out.startsWith("\\begin{table}"));
    QVERIFY(run.out.contains("$q = 1/2$"));
    QVERIFY(!run.out.contains("resamples"));
    QVERIFY(!run.out.contains("\\cellcolor"));

    run = cli({"trust", m_example, "--ci", "200", "--seed", "7", "--level", "0.9", "--q", "observed",
               "--unit", "presentation", "--format", "latex", "--colour"});
    QCOMPARE(run.exitCode, 0);
    QVERIFY2(!run.out.contains("$q = 1/2$"), qPrintable(run.out));
    QVERIFY2(run.out.contains("observed accuracy on order-flipping pairs"), qPrintable(run.out));
    QVERIFY2(run.out.contains("presentations whose runs all agree"), qPrintable(run.out));
    QVERIFY2(run.out.contains("Intervals: 90\\% percentile bootstrap over pairs, 200 resamples, seed 7."),
             qPrintable(run.out));
    QVERIFY(run.out.contains("\\cellcolor"));

    auto bad = cli({"dispersion", m_table1, "--format", "tex"});
    QCOMPARE(bad.exitCode, 1);
    QVERIFY2(bad.err.contains("expected csv, md, json or latex"), qPrintable(bad.err));
}

// --table gap (Table 10) is trustGapTableLatex on the same audit, results and intervals, byte for byte.
void TestTrustCli::latexGapTable_data()
{
    QTest::addColumn<int>("resamples");
    QTest::addColumn<bool>("standalone");
    QTest::newRow("intervals") << 150 << false;
    QTest::newRow("no intervals standalone") << 0 << true;
}

void TestTrustCli::latexGapTable()
{
    using namespace tribunal;
    QFETCH(int, resamples);
    QFETCH(bool, standalone);
    const auto second = write("example2.csv", exampleCsv().replace("J1,F1", "J2,F2"));
    const auto outcome = importSources({m_example.toStdString(), second.toStdString()}, nullptr, {});
    QVERIFY(outcome.audit);
    const auto results = analyseTrust(*outcome.audit, TrustSettings{});
    QCOMPARE(results.size(), std::size_t(2));
    BootstrapSettings boot;
    boot.resamples = resamples;
    boot.seed = 3;
    boot.threads = 1;
    TrustLatexOptions options;
    options.colour = false;
    std::vector<TrustCellIntervals> intervals;
    if (resamples > 0) {
        intervals = bootstrapTrust(*outcome.audit, TrustSettings{}, boot);
        options.variants.intervals = boot;
    }
    std::string expected = trustGapTableLatex(*outcome.audit, results, intervals, options);
    if (standalone)
        expected = latexStandaloneDocument(expected);
    QStringList args{"trust",    m_example, second,
                     "--format", "latex",   "--table",
                     "gap",      "--ci",    QString::number(resamples),
                     "--seed",   "3",       "--threads",
                     "2"};
    if (standalone)
        args << "--standalone";
    auto run = cli(args);
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(run.out.toUtf8(), QByteArray::fromStdString(expected));
    QVERIFY(run.out.contains("T_{\\mathrm{joint}}"));
    QCOMPARE(run.out.contains("{Interval}"), resamples > 0);
}

void TestTrustCli::latexGapUsageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("gap without latex")
        << QStringList{"trust", "E", "--table", "gap"} << "--table gap needs --format latex";
    QTest::newRow("unknown table") << QStringList{"trust", "E", "--format", "latex", "--table", "rows"}
                                   << "unknown --table 'rows' (expected cells or gap)";
    QTest::newRow("gap from cell table") << QStringList{"trust", "T1", "--format", "latex", "--table", "gap"}
                                         << "--table gap needs judgment data";
}

void TestTrustCli::latexGapUsageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    for (auto& a : args) {
        if (a == "T1")
            a = m_table1;
        if (a == "E")
            a = m_example;
    }
    auto run = cli(args);
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(message), qPrintable(run.err));
    QVERIFY(run.out.isEmpty());
}
