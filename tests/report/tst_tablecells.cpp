// The CSV cell rule of the report writers (report/tablecells.h): RFC 4180 quoting, and text a spreadsheet
// would run as a formula guarded with a leading apostrophe (model/spreadsheettext.h, the OWASP rule: quotes
// alone do not stop LibreOffice Calc or Excel), while numbers stay plain; and the inverse the importers of
// Tribunal's own CSV files apply, which gives every text back exactly.

#include "model/spreadsheettext.h"
#include "report/tablecells.h"

#include <QtTest>

#include <random>

using namespace tribunal;

class TestTableCells : public QObject {
    Q_OBJECT
private slots:
    void csvField_data();
    void csvField();
    void unguarded_data();
    void unguarded();
    void plainNumber_data();
    void plainNumber();
    void guardRoundTripsEveryText();
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
    QTest::newRow("formula =") << "=1+1"
                               << "'=1+1";
    QTest::newRow("formula = with quotes") << "=HYPERLINK(\"x\")"
                                           << "\"'=HYPERLINK(\"\"x\"\")\"";
    QTest::newRow("formula +") << "+1+1"
                               << "'+1+1";
    QTest::newRow("formula -") << "-2+3"
                               << "'-2+3";
    QTest::newRow("formula @") << "@SUM(A1)"
                               << "'@SUM(A1)";
    QTest::newRow("formula tab") << "\t=1"
                                 << "'\t=1";
    QTest::newRow("formula CR") << "\r=1"
                                << "\"'\r=1\"";
    QTest::newRow("formula with comma") << "=SUM(A1,A2)"
                                        << "\"'=SUM(A1,A2)\"";
    QTest::newRow("lone minus") << "-"
                                << "'-";
    QTest::newRow("negative number") << "-0.0532"
                                     << "-0.0532";
    QTest::newRow("negative exponent") << "-1.5e-07"
                                       << "-1.5e-07";
    QTest::newRow("plus number") << "+3"
                                 << "+3";
    QTest::newRow("minus infinity is text") << "-inf"
                                            << "'-inf";
    QTest::newRow("minus nan is text") << "-nan"
                                       << "'-nan";
    QTest::newRow("number then text") << "-1e5x"
                                      << "'-1e5x";
    QTest::newRow("apostrophe then formula") << "'=x"
                                             << "''=x";
    QTest::newRow("two apostrophes then formula") << "''-1"
                                                  << "'''-1";
    QTest::newRow("apostrophe then text") << "'quoted'"
                                          << "'quoted'";
    QTest::newRow("lone apostrophe") << "'"
                                     << "'";
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

void TestTableCells::unguarded_data()
{
    QTest::addColumn<QString>("cell");
    QTest::addColumn<QString>("text");
    QTest::newRow("guarded =") << "'=1+1"
                               << "=1+1";
    QTest::newRow("guarded tab") << "'\tx"
                                 << "\tx";
    QTest::newRow("guarded apostrophe") << "''=x"
                                        << "'=x";
    QTest::newRow("apostrophe then text") << "'quoted'"
                                          << "'quoted'";
    QTest::newRow("lone apostrophe") << "'"
                                     << "'";
    QTest::newRow("apostrophes only") << "'''"
                                      << "'''";
    QTest::newRow("unguarded formula stays") << "=1+1"
                                             << "=1+1";
    QTest::newRow("number") << "-0.05"
                            << "-0.05";
    QTest::newRow("empty") << ""
                           << "";
}

void TestTableCells::unguarded()
{
    QFETCH(QString, cell);
    QFETCH(QString, text);
    QCOMPARE(QString::fromStdString(std::string(unguardedText(cell.toStdString()))), text);
}

void TestTableCells::plainNumber_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<bool>("number");
    for (const char* yes : {"0", "-0.05", "+1", "1.", ".5", "-.5", "1e5", "-1.5E+07", "12345678901234567890"})
        QTest::newRow(yes) << yes << true;
    for (const char* no : {"", "-", "+", ".", "-.", "1e", "1e+", "inf", "-inf", "nan", "0x10", "1 ", " 1",
                           "--1", "1-1", "-1e5x"})
        QTest::newRow(qPrintable(QString("not: [%1]").arg(no))) << no << false;
}

void TestTableCells::plainNumber()
{
    QFETCH(QString, text);
    QFETCH(bool, number);
    QCOMPARE(isPlainNumber(text.toStdString()), number);
}

void TestTableCells::guardRoundTripsEveryText()
{
    // Texts drawn from the characters the rule looks at (apostrophes, formula starts, digits, signs) and a
    // few others: guarding never leaves a formula start first, except for a plain number, and reading the
    // guarded text gives the text back.
    static constexpr char kAlphabet[] = {'\'', '=', '+', '-', '@', '\t', '\r',
                                         '0',  '1', '.', 'e', 'x', ',',  '"'};
    std::mt19937 random(20261201);
    std::uniform_int_distribution<int> length(0, 6);
    std::uniform_int_distribution<std::size_t> pick(0, sizeof kAlphabet - 1);
    int guarded = 0;
    for (int n = 0; n < 200000; ++n) {
        std::string text;
        for (int k = length(random); k > 0; --k)
            text += kAlphabet[pick(random)];
        const std::string written = guardedText(text);
        guarded += written.size() != text.size();
        if (startsLikeFormula(written) && !isPlainNumber(written))
            QFAIL(qPrintable("a formula start written unguarded: " + QString::fromStdString(text)));
        if (unguardedText(written) != text)
            QFAIL(qPrintable("does not read back: " + QString::fromStdString(text)));
    }
    // The alphabet makes both outcomes common; a rule that guarded nothing or everything would show here.
    QVERIFY2(guarded > 50000 && guarded < 150000, qPrintable(QString::number(guarded)));
}

QTEST_APPLESS_MAIN(TestTableCells)
#include "tst_tablecells.moc"
