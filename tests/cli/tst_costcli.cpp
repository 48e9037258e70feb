// tribunal-cli cost (B13 / K11): recorded costs, token counts x --prices for requests without one, the cost
// ratio to the cheapest judge, and the usage errors word for word.

#include "../common/clirun.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace tribunal::testing;

namespace {

/// Judge "rec" records its costs (0.002 and 0.004 USD); judge "tok" records tokens only (1,000 in / 200 out,
/// then 3,000 in / 400 out); judge "none" records neither.
QByteArray judgments()
{
    QByteArray out;
    const auto line = [&](const char* judge, const char* item, const char* extra) {
        out += QByteArray("{\"dataset\":\"d\",\"item_id\":\"") + item + "\",\"judge\":\"" + judge +
               "\",\"format\":\"f\",\"order\":\"AB\",\"answer\":\"A\"" + extra + "}\n";
    };
    line("rec", "1", ",\"cost_usd\":0.002");
    line("rec", "2", ",\"cost_usd\":0.004");
    line("tok", "1", ",\"tokens_in\":1000,\"tokens_out\":200");
    line("tok", "2", ",\"tokens_in\":3000,\"tokens_out\":400");
    line("none", "1", "");
    return out;
}

} // namespace

class TestCostCli : public QObject {
    Q_OBJECT
private slots:
    void recordedOnly();
    void pricedFromTokens();
    void usageErrors_data();
    void usageErrors();
};

void TestCostCli::recordedOnly()
{
    QTemporaryDir dir;
    const QString file = writeFixture(dir, "j.jsonl", judgments());
    const CliRun run = runCli({"cost", file});
    QCOMPARE(run.exitCode, 0);
    const auto rows = csvRows(run.out);
    QCOMPARE(rows[0].join(','), QString("judge,format,requests,total_cost_usd,cost_per_1000,median_latency_s,"
                                        "verdict_share,costed,priced,cost_ratio"));
    QCOMPARE(rows.size(), 4); // none, rec, tok (string order)
    QCOMPARE(rows[1][0], QString("none"));
    QCOMPARE(rows[1][3], QString()); // no cost at all
    QCOMPARE(rows[2][0], QString("rec"));
    QCOMPARE(num(rows[2][3]), 0.006);
    QCOMPARE(num(rows[2][4]), 3.0); // 1000 x 0.006 / 2
    QCOMPARE(rows[2][9], QString("1"));
    QCOMPARE(rows[3][3], QString()); // tokens without prices: no cost
}

void TestCostCli::pricedFromTokens()
{
    QTemporaryDir dir;
    const QString file = writeFixture(dir, "j.jsonl", judgments());
    // tok at 2.5 USD / 1M input and 10 USD / 1M output: (1000 x 2.5 + 200 x 10) / 1e6 = 0.0045 and
    // (3000 x 2.5 + 400 x 10) / 1e6 = 0.0115; total 0.016, per 1,000 = 8, ratio to rec (3) = 8/3.
    // A price for rec does not replace its recorded costs.
    const CliRun run = runCli({"cost", file, "--prices", "tok=2.5/10,rec=100/100"});
    QCOMPARE(run.exitCode, 0);
    const auto rows = csvRows(run.out);
    QCOMPARE(rows[3][0], QString("tok"));
    QVERIFY(std::fabs(num(rows[3][3]) - 0.016) <= 1e-15);
    QVERIFY(std::fabs(num(rows[3][4]) - 8.0) <= 1e-12);
    QCOMPARE(rows[3][7], QString("2"));
    QCOMPARE(rows[3][8], QString("2"));
    QVERIFY(std::fabs(num(rows[3][9]) - 8.0 / 3.0) <= 1e-12);
    QCOMPARE(num(rows[2][3]), 0.006);
    QCOMPARE(rows[2][8], QString("0"));
}

void TestCostCli::usageErrors_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::newRow("no input") << QStringList{"cost"} << "cost needs a project or judgment files";
    QTest::newRow("latex") << QStringList{"cost", "x.jsonl", "--format", "latex"}
                           << "cost has no --format latex (expected csv, md or json)";
    QTest::newRow("price without slash")
        << QStringList{"cost", "x.jsonl", "--prices", "a=1"}
        << "--prices: 'a=1' is not JUDGE=INPUT/OUTPUT with prices >= 0 in USD "
           "per million tokens";
    QTest::newRow("negative price") << QStringList{"cost", "x.jsonl", "--prices", "a=-1/2"}
                                    << "--prices: 'a=-1/2' is not JUDGE=INPUT/OUTPUT with prices >= 0 in USD "
                                       "per million tokens";
    QTest::newRow("twice") << QStringList{"cost", "x.jsonl", "--prices", "a=1/2,a=3/4"}
                           << "--prices: judge 'a' is priced twice";
}

void TestCostCli::usageErrors()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    const CliRun run = runCli(args);
    QCOMPARE(run.exitCode, 1);
    QVERIFY2(run.err.contains(message), qPrintable(run.err));
}

QTEST_GUILESS_MAIN(TestCostCli)
#include "tst_costcli.moc"
