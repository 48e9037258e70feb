// tribunal-cli spread (the per-judge spread of C, A - phi/2 and T; analysis/judgespread.h) through the real
// executable: a hand-computed cell-level table, the identity with `sweep --over judge`'s means on the bundled
// sample, and refused options that write nothing.

#include "../common/clirun.h"

#include <QTemporaryDir>
#include <QtTest>

#include <map>

using tribunal::testing::csvRows;
using tribunal::testing::runCli;
using tribunal::testing::writeFixture;

namespace {

// J1: C = 1, 0.5, n/a; A - phi/2 = 0.75 - 0.25, 0.25 - 0, 1 - 0.25 = 0.5, 0.25, 0.75; T = C (A - phi/2) =
// 0.5, 0.125, n/a. J2: one cell, C = 0.75, A - phi/2 = 0.625 - 0.125 = 0.5, T = 0.375. Every number is
// exact in binary.
const QByteArray kCells = "judge,format,dataset,C,phi,A,T\n"
                          "J1,F1,D1,1,0.5,0.75,\n"
                          "J1,F2,D1,0.5,0,0.25,\n"
                          "J1,F3,D1,,0.5,1,\n"
                          "J2,F1,D1,0.75,0.25,0.625,\n";

const QString kSample = QStringLiteral(TRIBUNAL_BUILD_DIR "/resources/sample.tribunal");

} // namespace

class TestSpreadCli : public QObject {
    Q_OBJECT
private slots:
    void handComputed_data();
    void handComputed();
    void meansEqualSweep();
    void refusedOptions_data();
    void refusedOptions();

private:
    QTemporaryDir m_dir;
};

void TestSpreadCli::handComputed_data()
{
    QTest::addColumn<QString>("row");
    QTest::newRow("J1 C: one cell undefined") << "J1,C,2,1,0.75,0.5,1";
    QTest::newRow("J1 A - phi/2") << "J1,A_minus_half_phi,3,0,0.5,0.25,0.75";
    QTest::newRow("J1 T") << "J1,T,2,1,0.3125,0.125,0.5";
    QTest::newRow("J2 C: one cell") << "J2,C,1,0,0.75,0.75,0.75";
    QTest::newRow("J2 A - phi/2") << "J2,A_minus_half_phi,1,0,0.5,0.5,0.5";
    QTest::newRow("J2 T") << "J2,T,1,0,0.375,0.375,0.375";
}

void TestSpreadCli::handComputed()
{
    QFETCH(QString, row);
    const QString cells = writeFixture(m_dir, "cells.csv", kCells);
    const auto run = runCli({"spread", cells});
    QCOMPARE(run.exitCode, 0);
    const QStringList lines = run.out.split('\n', Qt::SkipEmptyParts);
    QCOMPARE(lines.value(0), QString("judge,measure,n_cells,undefined,mean,min,max"));
    QCOMPARE(lines.size(), 7); // header + 2 judges x 3 measures, judges in first-appearance order
    QVERIFY2(lines.contains(row), qPrintable(run.out));
}

void TestSpreadCli::meansEqualSweep()
{
    // The mean over a judge's cells is T9's mean of `sweep --over judge` (the same cells, the same settings),
    // and min <= mean <= max wherever a value is defined.
    for (const QStringList& settings : {QStringList{}, QStringList{"--assume-consistent"}}) {
        const auto spread = runCli(QStringList{"spread", kSample} + settings);
        const auto sweep = runCli(QStringList{"sweep", kSample, "--over", "judge"} + settings);
        QCOMPARE(spread.exitCode, 0);
        QCOMPARE(sweep.exitCode, 0);
        std::map<std::pair<QString, QString>, QString> sweepMeans;
        const auto sweepRows = csvRows(sweep.out);
        const int meanColumn = static_cast<int>(sweepRows.front().indexOf("mean"));
        for (const QStringList& r : sweepRows.mid(1))
            sweepMeans[{r[0], r[1]}] = r[meanColumn];
        const auto rows = csvRows(spread.out);
        QVERIFY(rows.size() > 30);
        int compared = 0;
        for (const QStringList& r : rows.mid(1)) {
            const auto it = sweepMeans.find({r[0], r[1]});
            QVERIFY2(it != sweepMeans.end(), qPrintable(r.join(',')));
            QCOMPARE(r[4], it->second);
            if (!r[4].isEmpty()) {
                QVERIFY(r[5].toDouble() <= r[4].toDouble() && r[4].toDouble() <= r[6].toDouble());
                ++compared;
            }
        }
        QVERIFY(compared > 0);
        QCOMPARE(static_cast<std::size_t>(rows.size() - 1), sweepMeans.size());
    }
}

void TestSpreadCli::refusedOptions_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("no input") << QStringList{"spread"}
                              << "spread needs a project, judgment files or a cell-level table";
    QTest::newRow("latex") << QStringList{"spread", "CELLS", "--format", "latex"}
                           << "unknown --format 'latex' (expected csv, md or json)";
    QTest::newRow("bad q") << QStringList{"spread", "CELLS", "-q", "sometimes"}
                           << "unknown --q 'sometimes' (expected half or observed)";
}

void TestSpreadCli::refusedOptions()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const QString cells = writeFixture(m_dir, "cells.csv", kCells);
    const QString out = m_dir.filePath("refused.csv");
    args.replaceInStrings("CELLS", cells);
    const auto run = runCli(args + QStringList{"-o", out});
    QCOMPARE(run.exitCode, 1); // kUsage
    QVERIFY2(run.err.contains(message), qPrintable(run.err));
    QVERIFY2(run.out.isEmpty(), qPrintable(run.out));
    QVERIFY(!QFile::exists(out));
}

QTEST_GUILESS_MAIN(TestSpreadCli)
#include "tst_spreadcli.moc"
