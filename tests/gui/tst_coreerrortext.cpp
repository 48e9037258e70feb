// The workbench's text of a core error (widgets/framework/coreerrortext.h): every ErrorCode has a
// translatable text of its own (a translator sees each one in the context tribunal::CoreError), with every
// argument filled in and no %N left; in English it reads as what(), for every code and for errors really
// thrown by core; an exception that is no CoreError shows its what().

#include "framework/coreerrortext.h"

#include "analysis/crossfit.h"
#include "analysis/dispersion.h"
#include "analysis/trustgrouping.h"
#include "model/auditbuilder.h"
#include "model/progress.h"
#include "report/flattable.h"
#include "report/trustlatex.h"
#include "stats/anova.h"

#include <QRegularExpression>
#include <QTranslator>
#include <QtTest>

#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

using namespace tribunal;

namespace {

/// Translates every message of the context tribunal::CoreError as "[source text]", nothing else.
class MarkingTranslator : public QTranslator {
public:
    QString translate(const char* context, const char* sourceText, const char* /*disambiguation*/,
                      int /*n*/) const override
    {
        if (qstrcmp(context, "tribunal::CoreError") != 0)
            return {};
        return QStringLiteral("[") + QString::fromUtf8(sourceText) + QStringLiteral("]");
    }
    bool isEmpty() const override { return false; }
};

QString qtext(std::string_view text)
{
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

/// Arguments that are easy to find in a text and hold no placeholder.
std::vector<std::string> sampleArgs(ErrorCode code)
{
    std::vector<std::string> args;
    for (std::size_t i = 0; i < errorCodeArgCount(code); ++i)
        args.push_back("<arg " + std::to_string(i + 1) + " \xc3\xa4>"); // with a non-ASCII letter
    return args;
}

/// Calls `f` with the CoreError (or CoreRangeError) of `code` and sampleArgs, as a std::exception.
void withError(ErrorCode code, const std::function<void(const std::exception&)>& f)
{
    if (code == ErrorCode::FlatTableUnknownColumn)
        f(CoreRangeError(code, sampleArgs(code)));
    else
        f(CoreError(code, sampleArgs(code)));
}

const QRegularExpression& placeholder()
{
    static const QRegularExpression re(QStringLiteral("%[0-9]"));
    return re;
}

AuditPtr emptyAudit()
{
    AuditBuilder b;
    ImportLog log;
    return b.build(log);
}

CellRow cell(const std::string& judge)
{
    CellRow row;
    row.judge = judge;
    row.format = "F";
    row.dataset = "D";
    row.T = 0.5;
    return row;
}

} // namespace

class TestCoreErrorText : public QObject {
    Q_OBJECT
private slots:
    void everyCode_data();
    void everyCode();
    void translatedPerCode_data();
    void translatedPerCode();
    void realErrors_data();
    void realErrors();
    void fallback();
};

void TestCoreErrorText::everyCode_data()
{
    QTest::addColumn<int>("code");
    for (const ErrorCode code : allErrorCodes())
        QTest::newRow(std::string(errorCodeId(code)).c_str()) << static_cast<int>(code);
}

void TestCoreErrorText::everyCode()
{
    QFETCH(int, code);
    const auto c = static_cast<ErrorCode>(code);
    // The translation source text is core's English text, placeholders included.
    QCOMPARE(coreErrorTemplate(c), qtext(errorCodeText(c)));
    withError(c, [&](const std::exception& e) {
        const QString text = coreErrorText(e);
        QCOMPARE(text, QString::fromUtf8(e.what())); // English: what()
        QVERIFY2(!text.contains(placeholder()), qPrintable(text));
        for (const std::string& arg : sampleArgs(c))
            QVERIFY2(text.contains(QString::fromStdString(arg)), qPrintable(text));
    });
}

void TestCoreErrorText::translatedPerCode_data()
{
    everyCode_data();
}

void TestCoreErrorText::translatedPerCode()
{
    QFETCH(int, code);
    const auto c = static_cast<ErrorCode>(code);
    MarkingTranslator marking;
    QVERIFY(QCoreApplication::installTranslator(&marking));
    // Through the translation of its own code, not the fallback (which would show what() unmarked).
    withError(c, [&](const std::exception& e) {
        const QString text = coreErrorText(e);
        QCOMPARE(text, QStringLiteral("[") + QString::fromUtf8(e.what()) + QStringLiteral("]"));
        QVERIFY2(!text.contains(placeholder()), qPrintable(text));
    });
    QVERIFY(QCoreApplication::removeTranslator(&marking));
}

void TestCoreErrorText::realErrors_data()
{
    QTest::addColumn<int>("index");
    QTest::addColumn<QString>("expected");
    QTest::newRow("grouping unknown column") << 0 << QStringLiteral("unknown grouping column 'temperature'");
    QTest::newRow("anova unknown factor") << 1 << QStringLiteral("unknown factor \"paradigm\"");
    QTest::newRow("K9 grid") << 2 << QStringLiteral("K9: the grid must be ascending");
    QTest::newRow("K9 judge right") << 3 << QStringLiteral("K9: D right has 1 values, expected 2");
    QTest::newRow("duplicate cell named %2")
        << 4 << QStringLiteral("duplicate cell: judge \"%2 \u00e9\", format \"F\", dataset \"D\"");
    QTest::newRow("trust gap sizes") << 5 << QStringLiteral("trust gap table: 2 intervals for 1 cells");
    QTest::newRow("flat table column") << 6 << QStringLiteral("flat table has no column nope");
}

void TestCoreErrorText::realErrors()
{
    QFETCH(int, index);
    QFETCH(QString, expected);
    const AuditPtr audit = emptyAudit();
    const std::vector<std::function<void()>> triggers = {
        [&] {
            groupTrust(*audit, {"judge", "temperature"}, TrustSettings{});
        },
        [] {
            AnovaOptions options;
            options.factors = {"judge", "paradigm"};
            CellTable table;
            table.rows = {cell("a"), cell("b")};
            anova(table, options);
        },
        [] {
            CrossFitInput in;
            in.unit = {1, 2};
            in.score = {0.5, 0.5};
            in.first = {"D", {1, 0}, {}};
            in.fallbacks = {{"F", {1, 1}, {}}};
            in.grid = {0.5, 0.0};
            crossFitCascade(in);
        },
        [] {
            CrossFitInput in;
            in.unit = {1, 2};
            in.score = {0.5, 0.5};
            in.first = {"D", {1}, {}};
            crossFitCascade(in);
        },
        [] {
            CellTable table;
            table.rows = {cell("%2 \xc3\xa9"), cell("%2 \xc3\xa9")};
            formatDispersion(table);
        },
        [&] {
            const std::vector<TrustCellResult> results(1);
            const std::vector<TrustCellIntervals> intervals(2);
            trustGapTableLatex(*audit, results, intervals);
        },
        [] {
            FlatTable t;
            t.columns = {"a"};
            t.set(t.addRow(), "nope", 1.0);
        },
    };
    try {
        triggers.at(static_cast<std::size_t>(index))();
        QFAIL("no exception");
    } catch (const std::exception& e) {
        QVERIFY(coreErrorInfo(e) != nullptr);
        QCOMPARE(QString::fromUtf8(e.what()), expected);
        QCOMPARE(coreErrorText(e), expected);
    }
}

void TestCoreErrorText::fallback()
{
    const std::runtime_error plain("not from core: \xc3\xbc %1");
    QVERIFY(coreErrorInfo(plain) == nullptr);
    QCOMPARE(coreErrorText(plain), QStringLiteral("not from core: \u00fc %1"));
    const std::invalid_argument argument("a plain invalid_argument");
    QCOMPARE(coreErrorText(argument), QStringLiteral("a plain invalid_argument"));
    const std::out_of_range range("a plain out_of_range");
    QCOMPARE(coreErrorText(range), QStringLiteral("a plain out_of_range"));
    QCOMPARE(coreErrorText(Cancelled()), QStringLiteral("cancelled"));
    // The fallback is not translated.
    MarkingTranslator marking;
    QVERIFY(QCoreApplication::installTranslator(&marking));
    QCOMPARE(coreErrorText(argument), QStringLiteral("a plain invalid_argument"));
    QVERIFY(QCoreApplication::removeTranslator(&marking));
}

QTEST_GUILESS_MAIN(TestCoreErrorText)
#include "tst_coreerrortext.moc"
