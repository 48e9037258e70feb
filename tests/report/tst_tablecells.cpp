// The CSV cell rule of the report writers (report/tablecells.h): RFC 4180 quoting, and text a spreadsheet
// would run as a formula quoted as the flat CSV export quotes it, while numbers stay plain.

#include "report/tablecells.h"

#include <QtTest>

using namespace tribunal;

class TestTableCells : public QObject {
    Q_OBJECT
private slots:
    void csvField_data();
    void csvField();
};

void TestTableCells::csvField_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("written");
    QTest::newRow("plain") << "judge-1"
                           << "judge-1";
    QTest::newRow("empty") << ""
                           << "";
    QTest::newRow("comma") << "a,b"
                           << "\"a,b\"";
    QTest::newRow("quote") << "say \"A\""
                           << "\"say \"\"A\"\"\"";
    QTest::newRow("line break") << "a\nb"
                                << "\"a\nb\"";
    QTest::newRow("formula =") << "=HYPERLINK(\"x\")"
                               << "\"=HYPERLINK(\"\"x\"\")\"";
    QTest::newRow("formula +") << "+1+1"
                               << "\"+1+1\"";
    QTest::newRow("formula -") << "-2+3"
                               << "\"-2+3\"";
    QTest::newRow("formula @") << "@SUM(A1)"
                               << "\"@SUM(A1)\"";
    QTest::newRow("lone minus") << "-"
                                << "\"-\"";
    QTest::newRow("negative number") << "-0.0532"
                                     << "-0.0532";
    QTest::newRow("negative exponent") << "-1.5e-07"
                                       << "-1.5e-07";
    QTest::newRow("sign inside") << "a=b"
                                 << "a=b";
}

void TestTableCells::csvField()
{
    QFETCH(QString, text);
    QFETCH(QString, written);
    std::string out;
    appendCsvField(out, text.toStdString());
    QCOMPARE(QString::fromStdString(out), written);
}

QTEST_APPLESS_MAIN(TestTableCells)
#include "tst_tablecells.moc"
