#include "report/jsonwriter.h"

#include <QtTest>

#include <limits>

using namespace tribunal;

class TestJsonWriter : public QObject {
    Q_OBJECT
private slots:
    void quoting_data();
    void quoting();
    void numbers_data();
    void numbers();
    void nesting();
};

void TestJsonWriter::quoting_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QByteArray>("json");
    QTest::newRow("plain") << QByteArray("abc") << QByteArray("\"abc\"");
    QTest::newRow("empty") << QByteArray("") << QByteArray("\"\"");
    QTest::newRow("quote and backslash") << QByteArray("a\"b\\c") << QByteArray("\"a\\\"b\\\\c\"");
    QTest::newRow("named controls") << QByteArray("l1\nl2\r\tx") << QByteArray("\"l1\\nl2\\r\\tx\"");
    QTest::newRow("other controls") << QByteArray("\x01\x1f\x7f", 3) << QByteArray("\"\\u0001\\u001f\x7f\"");
    // Backspace and form feed as short escapes, as QJsonDocument writes them (judging/chatrequest.cpp).
    QTest::newRow("backspace, form feed") << QByteArray("\b\f", 2) << QByteArray("\"\\b\\f\"");
    QTest::newRow("nul") << QByteArray("a\0b", 3) << QByteArray("\"a\\u0000b\"");
    QTest::newRow("utf-8 passes through")
        << QByteArray("Gr\xc3\xbc\xc3\x9f \xe2\x82\xac") << QByteArray("\"Gr\xc3\xbc\xc3\x9f \xe2\x82\xac\"");
}

void TestJsonWriter::quoting()
{
    QFETCH(QByteArray, text);
    QFETCH(QByteArray, json);
    std::string out;
    JsonWriter::appendQuoted(out, std::string_view(text.constData(), std::size_t(text.size())));
    QCOMPARE(QByteArray::fromStdString(out), json);
}

void TestJsonWriter::numbers_data()
{
    QTest::addColumn<double>("value");
    QTest::addColumn<QByteArray>("json");
    QTest::newRow("integer-valued") << 3.0 << QByteArray("3");
    QTest::newRow("tenth") << 0.1 << QByteArray("0.1");
    QTest::newRow("small") << 1e-7 << QByteArray("1e-07");
    QTest::newRow("negative zero keeps sign") << -0.0 << QByteArray("-0.0");
    QTest::newRow("zero") << 0.0 << QByteArray("0");
    QTest::newRow("nan is null") << std::numeric_limits<double>::quiet_NaN() << QByteArray("null");
    QTest::newRow("inf is null") << std::numeric_limits<double>::infinity() << QByteArray("null");
    QTest::newRow("shortest round trip") << 0.30000000000000004 << QByteArray("0.30000000000000004");
}

void TestJsonWriter::numbers()
{
    QFETCH(double, value);
    QFETCH(QByteArray, json);
    std::string out;
    JsonWriter::appendNumber(out, value);
    QCOMPARE(QByteArray::fromStdString(out), json);
}

void TestJsonWriter::nesting()
{
    std::string out;
    JsonWriter w(out);
    w.beginObject();
    w.key("a").value(1);
    w.key("b").beginArray().value("x").value(true).null().beginObject().endObject().endArray();
    w.key("c").rawValue("{\"k\":2}");
    w.key("d").value(std::uint64_t(18446744073709551615ull));
    w.endObject();
    QCOMPARE(QByteArray::fromStdString(out),
             QByteArray("{\"a\":1,\"b\":[\"x\",true,null,{}],\"c\":{\"k\":2},\"d\":18446744073709551615}"));
}

QTEST_APPLESS_MAIN(TestJsonWriter)
#include "tst_jsonwriter.moc"
