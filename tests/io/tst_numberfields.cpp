// The importers' number cells (core/io/numberfields.h): the plain-decimal fast path must give exactly the
// double from_chars gives (bit for bit) or decline, and parseRealText keeps its messages.

#include "io/numberfields.h"
#include "model/decimaltext.h"

#include <QtTest>

#include <bit>
#include <charconv>
#include <clocale>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>

using namespace tribunal;

namespace {

// from_chars' reading of the whole of `text`, or nullopt.
std::optional<double> referenceValue(const std::string& text)
{
    double value = 0;
    auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || ptr != text.data() + text.size())
        return std::nullopt;
    return value;
}

} // namespace

class TestNumberFields : public QObject {
    Q_OBJECT
private slots:
    void plainDecimal_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("fast"); // taken by the fast path
        for (const char* text : {"0", "1", "0.5", "0.1", "0.3", "0.276", "0.002127", "-0", "-0.0", "-2.5",
                                 "007", "123456789012345", "0.00000000000001", "99999999999999.9",
                                 "0.999999999999999", "1.00000000000000", "0.0000000000000000000001"})
            QTest::newRow(text) << QString::fromLatin1(text) << true;
        // Declined: other notations, more than 15 significant digits or 22 decimals, or not a number at all
        // (from_chars decides those).
        for (const char* text : {"",
                                 "-",
                                 ".",
                                 "1.",
                                 ".5",
                                 "+1",
                                 "1e5",
                                 "1E-3",
                                 "inf",
                                 "nan",
                                 " 1",
                                 "1 ",
                                 "1234567890123456",
                                 "0.1234567890123456",
                                 "9007199254740.993",
                                 "1.000000000000000",
                                 "0.00000000000000000000001",
                                 "0.000000000000000000000123456789012345",
                                 "1..2",
                                 "--1",
                                 "0x10",
                                 "1,5"})
            QTest::newRow(text) << QString::fromLatin1(text) << false;
    }
    void plainDecimal()
    {
        QFETCH(QString, text);
        QFETCH(bool, fast);
        const std::string bytes = text.toStdString();
        double value = 0;
        const bool taken = parsePlainDecimal(bytes, value);
        QCOMPARE(taken, fast);
        if (taken) {
            const auto expected = referenceValue(bytes);
            QVERIFY(expected);
            QCOMPARE(std::bit_cast<std::uint64_t>(value), std::bit_cast<std::uint64_t>(*expected));
        }
    }

    void plainDecimalAgreesWithFromChars()
    {
        // 300,000 random decimals of 1..17 digits with the point anywhere (or none) and either sign: every
        // one the fast path takes must be bit-identical to from_chars, and every one of up to 15 digits
        // taken.
        std::mt19937_64 random(20261130);
        int taken = 0;
        for (int n = 0; n < 300000; ++n) {
            const int digits = 1 + static_cast<int>(random() % 17);
            const int point = static_cast<int>(random() % static_cast<std::uint64_t>(digits + 1));
            std::string text = random() % 4 == 0 ? "-" : "";
            for (int d = 0; d < digits; ++d) {
                if (d == point && d > 0)
                    text += '.';
                text += static_cast<char>('0' + random() % 10);
            }
            double value = 0;
            const bool fast = parsePlainDecimal(text, value);
            std::string significant;
            for (char c : text)
                if (c >= '0' && c <= '9' && (c != '0' || !significant.empty()))
                    significant += c;
            QVERIFY2(fast == (significant.size() <= 15), text.c_str());
            if (!fast)
                continue;
            ++taken;
            const auto expected = referenceValue(text);
            QVERIFY2(expected, text.c_str());
            QVERIFY2(std::bit_cast<std::uint64_t>(value) == std::bit_cast<std::uint64_t>(*expected),
                     text.c_str());
        }
        QVERIFY(taken > 200000);
    }

    void realTextMessages_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("unit");
        QTest::addColumn<QString>("message"); // empty: accepted
        QTest::newRow("plain") << "0.25" << true << "";
        QTest::newRow("exponent") << "2.5e-1" << true << "";
        QTest::newRow("above one") << "1.5" << true << "1.5 is outside [0, 1]";
        QTest::newRow("negative") << "-0.5" << false << "-0.5 is negative";
        QTest::newRow("negative zero") << "-0" << false << "";
        QTest::newRow("word") << "abc" << true << "\"abc\" is not a number";
        QTest::newRow("infinite") << "1e999" << false << "\"1e999\" is not a finite number";
        QTest::newRow("huge mantissa")
            << "12345678901234567890e300" << false << "\"12345678901234567890e300\" is not a finite number";
        // Issue 11: too small for a double is 0, as simdjson reads it in the JSON formats.
        QTest::newRow("underflow") << "1e-400" << true << "";
        QTest::newRow("negative underflow") << "-1e-400" << false << "";
        QTest::newRow("underflow after zeros") << "0.0000001e-302" << true << "";
        QTest::newRow("big mantissa, tiny exponent") << "123456789e-400" << true << "";
    }
    void realTextMessages()
    {
        QFETCH(QString, text);
        QFETCH(bool, unit);
        QFETCH(QString, message);
        double out = -7;
        const auto problem = parseRealText(text.toStdString(),
                                           unit ? NumberRange::UnitInterval : NumberRange::NonNegative, out);
        QCOMPARE(QString::fromStdString(problem.value_or("")), message);
        if (message.isEmpty())
            QCOMPARE(out, referenceValue(text.toStdString()).value_or(0.0)); // underflow: no reference, 0
        else
            QCOMPARE(out, -7.0); // untouched
    }

    // The sign of the decimal exponent of the first non-zero digit decides underflow against overflow.
    void underflowOrOverflow_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("underflow");
        QTest::newRow("1e-400") << "1e-400" << true;
        QTest::newRow("-1e-400") << "-1e-400" << true;
        QTest::newRow("1E-400") << "1E-400" << true;
        QTest::newRow("0.001e-306") << "0.001e-306" << true;
        QTest::newRow("1000e-400") << "1000e-400" << true;
        QTest::newRow("1e999") << "1e999" << false;
        QTest::newRow("-1e+999") << "-1e+999" << false;
        QTest::newRow("0.001e400") << "0.001e400" << false;
        QTest::newRow("all zeros") << "0.000e-999" << false;
        QTest::newRow("400 digits") << QString(400, '9') << false;
        QTest::newRow("exponent of 30 digits") << "1e-" + QString(30, '9') << true;
    }
    void underflowOrOverflow()
    {
        QFETCH(QString, text);
        QFETCH(bool, underflow);
        QCOMPARE(underflowsToZero(text.toStdString()), underflow);
    }

    // significantDigits is printf's %.<n>g in the C locale, also when the C library's locale is German.
    void significantDigitsIsPrintfG_data()
    {
        QTest::addColumn<double>("value");
        QTest::addColumn<int>("digits");
        QTest::addColumn<QString>("text");
        QTest::newRow("0.8275 / 4") << 0.8275 << 4 << "0.8275";
        QTest::newRow("0.080600000000000025 / 4") << 0.080600000000000025 << 4 << "0.0806";
        QTest::newRow("2/3 / 6") << 2.0 / 3 << 6 << "0.666667";
        QTest::newRow("1234567 / 4") << 1234567.0 << 4 << "1.235e+06";
        QTest::newRow("1e-5 / 4") << 1e-5 << 4 << "1e-05";
        QTest::newRow("-0.5 / 4") << -0.5 << 4 << "-0.5";
        QTest::newRow("0 / 4") << 0.0 << 4 << "0";
        QTest::newRow("100 / 4") << 100.0 << 4 << "100";
        QTest::newRow("NaN") << std::nan("") << 4 << "";
        QTest::newRow("infinity") << HUGE_VAL << 4 << "";
    }
    void significantDigitsIsPrintfG()
    {
        QFETCH(double, value);
        QFETCH(int, digits);
        QFETCH(QString, text);
        QCOMPARE(QString::fromStdString(significantDigits(value, digits)), text);
        if (std::isfinite(value)) {
            char buffer[64];
            std::snprintf(buffer, sizeof buffer, "%.*g", digits, value); // the test runs in the C locale
            QCOMPARE(QString::fromStdString(significantDigits(value, digits)), QString::fromLatin1(buffer));
        }
        if (std::setlocale(LC_NUMERIC, "de_DE.UTF-8")) { // when generated: printf writes 0,8275 now
            const std::string german = significantDigits(value, digits);
            std::setlocale(LC_NUMERIC, "C");
            QCOMPARE(QString::fromStdString(german), text);
        }
    }
};

QTEST_GUILESS_MAIN(TestNumberFields)
#include "tst_numberfields.moc"
