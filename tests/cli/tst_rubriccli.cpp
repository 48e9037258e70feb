// tribunal-cli rubric and compare (metrics.md R1-R7) through the real executable, on a Tribunal JSONL audit
// of
// ../shared/spec/examples.md section 5 (one ordinal criterion, six units, three raters; J1 answers as in the
// example, J2 4 2 2 5 4 2): the hand values under each rounding rule, every output format, the confusion and
// shift-curve tables (--table), the paired comparison with and without the cluster bootstrap, usage errors
// and bad input word for word.

#include "../common/clirun.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <QtTest>

#include <cmath>

using tribunal::testing::csvRows;
using tribunal::testing::num;
using tribunal::testing::runCli;
using tribunal::testing::writeFixture;

namespace {

/// Items u1..u6 of examples.md section 5 (u2 misses r3, u5 misses r1); groups g1 (u1-u3) and g2 (u4-u6).
QByteArray itemsJsonl()
{
    const char* const ratings[6] = {R"({"r1":4,"r2":4,"r3":5})", R"({"r1":1,"r2":2})",
                                    R"({"r1":1,"r2":2,"r3":2})", R"({"r1":5,"r2":5,"r3":5})",
                                    R"({"r2":4,"r3":5})",        R"({"r1":2,"r2":2,"r3":1})"};
    QByteArray out;
    for (int u = 0; u < 6; ++u)
        out +=
            QString(R"({"dataset":"essays","item_id":"u%1-clarity","kind":"ordinal","criterion":"Clarity",)"
                    R"("unit_id":"u%1","group":"g%2","levels":["poor","weak","fair","good","great"],)"
                    R"("ratings":%3})")
                .arg(u + 1)
                .arg(u < 3 ? 1 : 2)
                .arg(ratings[u])
                .toUtf8() +
            "\n";
    return out;
}

QByteArray judgmentsJsonl()
{
    const int j1[6] = {5, 2, 4, 5, 5, 2}, j2[6] = {4, 2, 2, 5, 4, 2};
    QByteArray out;
    for (int u = 0; u < 6; ++u)
        for (auto [judge, answers] : {std::pair{"J1", j1}, std::pair{"J2", j2}})
            out += QString(R"({"dataset":"essays","item_id":"u%1-clarity","judge":"%2","format":"plain",)"
                           R"("answer":"%3"})")
                       .arg(u + 1)
                       .arg(judge)
                       .arg(answers[u])
                       .toUtf8() +
                   "\n";
    return out;
}

struct Fixture {
    QTemporaryDir dir;
    QString items, judgments;
    Fixture()
    {
        items = writeFixture(dir, "audit.items.jsonl", itemsJsonl());
        judgments = writeFixture(dir, "audit.jsonl", judgmentsJsonl());
    }
};

int column(const QStringList& header, const QString& name)
{
    const int c = static_cast<int>(header.indexOf(name));
    if (c < 0)
        qFatal("no column %s", qPrintable(name));
    return c;
}

const QString kRubricHead =
    "judge,format,panel,criterion,kind,n,exact,within_one,qwk,offset,slope,gap_to_reference,"
    "accuracy,kappa,met_rate_offset,fpr,fnr,";
const QString kCompareHead =
    "panel,judge1,judge2,format,n_pairs,diff,ci95_lo,ci95_hi,ci90_lo,ci90_hi,p_boot,p_holm,"
    "p_mcnemar,p_sign,outcome,";

} // namespace

class TestRubricCli : public QObject {
    Q_OBJECT
private slots:
    void rubricValues_data()
    {
        QTest::addColumn<QString>("rounding");
        QTest::addColumn<double>("exact");
        QTest::addColumn<double>("qwk");
        QTest::addColumn<double>("offset");
        QTest::addColumn<double>("slope");
        QTest::addColumn<double>("gap");
        // examples.md section 5; gap = judge exact - raters' exact (7/16 half-up, 5/16 half-down).
        QTest::newRow("half-up") << "half-up" << 2.0 / 3 << 56.0 / 71 << 0.5 << 14.0 / 17 << 11.0 / 48;
        QTest::newRow("half-down") << "half-down" << 1.0 / 3 << 20.0 / 27 << 5.0 / 6 << 5.0 / 6 << 1.0 / 48;
        // Unrounded: half-up levels, offset against the raters' means (13/18).
        QTest::newRow("unrounded") << "unrounded" << 2.0 / 3 << 56.0 / 71 << 13.0 / 18 << 14.0 / 17
                                   << 11.0 / 48;
    }
    void rubricValues()
    {
        QFETCH(QString, rounding);
        QFETCH(double, exact);
        QFETCH(double, qwk);
        QFETCH(double, offset);
        QFETCH(double, slope);
        QFETCH(double, gap);
        Fixture f;
        const auto run = runCli({"rubric", f.items, f.judgments, "--rounding", rounding});
        QCOMPARE(run.err, QString());
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.startsWith(kRubricHead));
        const auto rows = csvRows(run.out);
        // J1 Clarity, J1 pooled, J2 Clarity, J2 pooled, constant Clarity, constant pooled.
        QCOMPARE(rows.size(), 7);
        const QStringList& h = rows[0];
        const QStringList& j1 = rows[1];
        QCOMPARE(j1[column(h, "judge")], QString("J1"));
        QCOMPARE(j1[column(h, "panel")], QString("essays"));
        QCOMPARE(j1[column(h, "criterion")], QString("Clarity"));
        QCOMPARE(j1[column(h, "kind")], QString("ordinal"));
        QCOMPARE(j1[column(h, "n")], QString("6"));
        QVERIFY(std::abs(num(j1[column(h, "exact")]) - exact) < 1e-12);
        QVERIFY(std::abs(num(j1[column(h, "within_one")]) - 5.0 / 6) < 1e-12);
        QVERIFY(std::abs(num(j1[column(h, "qwk")]) - qwk) < 1e-12);
        QVERIFY(std::abs(num(j1[column(h, "offset")]) - offset) < 1e-12);
        QVERIFY(std::abs(num(j1[column(h, "slope")]) - slope) < 1e-12);
        QVERIFY(std::abs(num(j1[column(h, "gap_to_reference")]) - gap) < 1e-12);
        QCOMPARE(j1[column(h, "accuracy")], QString()); // binary columns stay empty on an ordinal row
        QCOMPARE(rows[2][column(h, "pooled")], QString("true"));
        QCOMPARE(rows[5][column(h, "predictor")], QString("constant"));
    }

    void rubricFormats()
    {
        Fixture f;
        const auto md = runCli({"rubric", f.items, f.judgments, "--format", "md"});
        QCOMPARE(md.exitCode, 0);
        QVERIFY(md.out.startsWith("| judge | format | panel | criterion | kind | n | exact |"));
        const auto json = runCli({"rubric", f.items, f.judgments, "--format", "json"});
        QCOMPARE(json.exitCode, 0);
        const QJsonArray array = QJsonDocument::fromJson(json.out.toUtf8()).array();
        QCOMPARE(array.size(), 6);
        QCOMPARE(array[0].toObject()["judge"].toString(), QString("J1"));
        QVERIFY(std::abs(array[0].toObject()["qwk"].toDouble() - 56.0 / 71) < 1e-12);
        QVERIFY(array[0].toObject()["kappa"].isNull());
        const auto latex = runCli({"rubric", f.items, f.judgments, "--format", "latex", "--qwk"});
        QCOMPARE(latex.exitCode, 0);
        QVERIFY(latex.out.startsWith("\\begin{table}"));
        QVERIFY(latex.out.contains("J1 & 66.7 (0.79) \\\\"));
        QVERIFY(latex.out.contains("Raters & 43.8 \\\\")); // 7/16
        const auto standalone = runCli({"rubric", f.items, f.judgments, "--format", "latex", "--standalone"});
        QVERIFY(standalone.out.startsWith("\\documentclass"));
        // -o writes the file and nothing to standard output.
        const QString out = f.dir.filePath("rubric.csv");
        const auto toFile = runCli({"rubric", f.items, f.judgments, "-o", out});
        QCOMPARE(toFile.exitCode, 0);
        QCOMPARE(toFile.out, QString());
        QFile file(out);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(QString::fromUtf8(file.readAll()).startsWith(kRubricHead));
    }

    void confusionTable_data()
    {
        QTest::addColumn<QString>("rounding");
        QTest::addColumn<QStringList>("lines");
        // Half-up labels 4 2 2 5 5 2: J1 (5 2 4 5 5 2) puts u3 at (2, 4) and u1 at (4, 5); J2 (4 2 2 5 4 2)
        // u5 at (5, 4). Columns after kind: label, predicted, count, label_n, label_abstained, label_failed,
        // n, pairs.
        QTest::newRow("half-up") << "half-up"
                                 << QStringList{"J1,plain,essays,Clarity,ordinal,2,2,2,3,0,0,6,6",
                                                "J1,plain,essays,Clarity,ordinal,2,4,1,3,0,0,6,6",
                                                "J1,plain,essays,Clarity,ordinal,4,5,1,1,0,0,6,6",
                                                "J1,plain,essays,Clarity,ordinal,1,2,0,0,0,0,6,6",
                                                "J2,plain,essays,Clarity,ordinal,5,4,1,2,0,0,6,6",
                                                "J2,plain,essays,Clarity,ordinal,5,5,1,2,0,0,6,6"};
        // Half-down labels 4 1 2 5 4 2: u2 (mean 1.5) moves to label 1, u5 (4.5) to label 4.
        QTest::newRow("half-down") << "half-down"
                                   << QStringList{"J1,plain,essays,Clarity,ordinal,1,2,1,1,0,0,6,6",
                                                  "J1,plain,essays,Clarity,ordinal,2,2,1,2,0,0,6,6",
                                                  "J1,plain,essays,Clarity,ordinal,4,5,2,2,0,0,6,6",
                                                  "J2,plain,essays,Clarity,ordinal,4,4,2,2,0,0,6,6"};
    }
    void confusionTable()
    {
        QFETCH(QString, rounding);
        QFETCH(QStringList, lines);
        Fixture f;
        const auto run =
            runCli({"rubric", f.items, f.judgments, "--table", "confusion", "--rounding", rounding});
        QCOMPARE(run.err, QString());
        QCOMPARE(run.exitCode, 0);
        const QStringList out = run.out.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(out.value(0), QString("judge,format,panel,criterion,kind,label,predicted,count,label_n,"
                                       "label_abstained,label_failed,n,pairs"));
        QCOMPARE(out.size(), 1 + 2 * 25); // two judges, 5 x 5 cells each, zeros written
        for (const QString& line : lines)
            QVERIFY2(out.contains(line), qPrintable(line));
        const auto json =
            runCli({"rubric", f.items, f.judgments, "--table", "confusion", "--format", "json"});
        QCOMPARE(json.exitCode, 0);
        const QJsonArray array = QJsonDocument::fromJson(json.out.toUtf8()).array();
        QCOMPARE(array.size(), 50);
        QCOMPARE(array[0].toObject()["label"].toString(), QString("1"));
        QCOMPARE(array[0].toObject()["count"].toInt(), 0);
        const auto md = runCli({"rubric", f.items, f.judgments, "--table", "confusion", "--format", "md"});
        QVERIFY(
            md.out.startsWith("| judge | format | panel | criterion | kind | label | predicted | count |"));
    }

    void shiftsTable()
    {
        // J1 (5 2 4 5 5 2 against 4 2 2 5 5 2), each answer moved by s and clipped to 1..5: s = -2 hits u3,
        // -1 u1, 0 u2 u4 u5 u6, +1..+4 u4 u5 (5 stays 5). Best shift 0. The pooled row (one criterion)
        // repeats the curve; J2 has 9 + 9 rows too.
        Fixture f;
        const auto run = runCli({"rubric", f.items, f.judgments, "--table", "shifts"});
        QCOMPARE(run.err, QString());
        QCOMPARE(run.exitCode, 0);
        const QStringList out = run.out.split('\n', Qt::SkipEmptyParts);
        QCOMPARE(out.size(), 1 + 2 * 18);
        QCOMPARE(out[0], QString("judge,format,panel,criterion,pooled,levels,shift,accuracy,n,best_shift"));
        const char* const accuracy[9] = {"0",
                                         "0",
                                         "0.16666666666666666",
                                         "0.16666666666666666",
                                         "0.6666666666666666",
                                         "0.3333333333333333",
                                         "0.3333333333333333",
                                         "0.3333333333333333",
                                         "0.3333333333333333"};
        for (int s = -4; s <= 4; ++s)
            for (const char* criterion : {"Clarity,false", ",true"})
                QVERIFY(out.contains(
                    QString("J1,plain,essays,%1,5,%2,%3,6,0").arg(criterion).arg(s).arg(accuracy[s + 4])));
        QCOMPARE(out[10], QString("J1,plain,essays,,true,5,-4,0,6,0")); // the criterion's 9 rows first
        // J2 (4 2 2 5 4 2): exact 5/6 at s = 0.
        QVERIFY(out.contains("J2,plain,essays,Clarity,false,5,0,0.8333333333333334,6,0"));
    }

    void compare()
    {
        Fixture f;
        const QStringList args = {"compare", f.items,       f.judgments, "--judges",
                                  "J1,J2",   "--resamples", "2000"};
        const auto run = runCli(args);
        QCOMPARE(run.err, QString());
        QCOMPARE(run.exitCode, 0);
        QVERIFY(run.out.startsWith(kCompareHead));
        QVERIFY(!run.out.contains("cluster"));
        const auto rows = csvRows(run.out);
        QCOMPARE(rows.size(), 2);
        const QStringList& h = rows[0];
        const QStringList& r = rows[1];
        QCOMPARE(r[column(h, "panel")], QString("essays"));
        QCOMPARE(r[column(h, "judge1")], QString("J1"));
        QCOMPARE(r[column(h, "judge2")], QString("J2"));
        QCOMPARE(r[column(h, "format")], QString("plain"));
        QCOMPARE(r[column(h, "n_pairs")], QString("6"));
        // Correct: J1 on u2 u4 u5 u6, J2 on all but u5: 4/6 - 5/6 = -1/6.
        QVERIFY(std::abs(num(r[column(h, "diff")]) + 1.0 / 6) < 1e-12);
        // McNemar: J1 alone right once (u5), J2 alone twice (u1, u3): 2 P(X <= 1 | n = 3) = 1. Sign test
        // likewise on the units (1 vs 2, 3 tied).
        QCOMPARE(num(r[column(h, "p_mcnemar")]), 1.0);
        QCOMPARE(num(r[column(h, "p_sign")]), 1.0);
        // A family of one: Holm leaves p unchanged. 6 units cannot separate a 1/6 difference.
        QCOMPARE(r[column(h, "p_holm")], r[column(h, "p_boot")]);
        QVERIFY(num(r[column(h, "ci95_lo")]) < 0 && num(r[column(h, "ci95_hi")]) > 0);
        QCOMPARE(r[column(h, "outcome")], QString("inconclusive"));
        // Same seed, same output; the cluster bootstrap adds its columns (2 groups).
        QCOMPARE(runCli(args).out, run.out);
        const auto clustered = runCli(args + QStringList{"--cluster", "group"});
        QCOMPARE(clustered.exitCode, 0);
        const auto crows = csvRows(clustered.out);
        QCOMPARE(crows[1][column(crows[0], "clusters")], QString("2"));
        QCOMPARE(crows[1][column(crows[0], "diff")], r[column(h, "diff")]);
        const auto latex = runCli(args + QStringList{"--format", "latex"});
        QCOMPARE(latex.exitCode, 0);
        QVERIFY(latex.out.contains("essays & J1 & J2 & plain & 6 & -16.7 ["));
        const auto json = runCli(args + QStringList{"--format", "json"});
        QCOMPARE(QJsonDocument::fromJson(json.out.toUtf8()).array()[0].toObject()["outcome"].toString(),
                 QString("inconclusive"));
    }

    void comparisonWithoutCommonPairs()
    {
        // J3 abstains on u1 (format plain): a comparison with no common pair, kept with a note; J4 judged
        // only in format cot: no partner at all.
        Fixture f;
        const QString extra = writeFixture(
            f.dir, "extra.jsonl",
            R"({"dataset":"essays","item_id":"u1-clarity","judge":"J3","format":"plain","answer":"NA"})"
            "\n"
            R"({"dataset":"essays","item_id":"u1-clarity","judge":"J4","format":"cot","answer":"4"})"
            "\n");
        const auto run =
            runCli({"compare", f.items, f.judgments, extra, "--judges", "J1,J3", "--resamples", "100"});
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.err,
                 QString("note: J1 and J3 scored no common pair on panel essays, format plain (outcome "
                         "undefined, outside the Holm family)\n"));
        const auto rows = csvRows(run.out);
        QCOMPARE(rows.size(), 2);
        QCOMPARE(rows[1][column(rows[0], "n_pairs")], QString("0"));
        QCOMPARE(rows[1][column(rows[0], "outcome")], QString("undefined"));
        QCOMPARE(rows[1][column(rows[0], "p_mcnemar")], QString());
        const auto none = runCli({"compare", f.items, f.judgments, extra, "--judges", "J1,J4"});
        QCOMPARE(none.exitCode, 2);
        QCOMPARE(none.out, QString());
        QCOMPARE(none.err,
                 QString("no panel and format in which two of the judges both judged rubric items\n"));
    }

    void conditionColumns()
    {
        // A condition key becomes a column after format in both tables (baseline rows leave it empty).
        Fixture f;
        const QString withCondition =
            writeFixture(f.dir, "conditioned.jsonl",
                         judgmentsJsonl().replace(R"("format":"plain")",
                                                  R"("format":"plain","condition":{"temperature":0})"));
        const auto rubric = runCli({"rubric", f.items, withCondition});
        QCOMPARE(rubric.exitCode, 0);
        QVERIFY(rubric.out.startsWith("judge,format,temperature,panel,criterion,kind,n,exact,"));
        QVERIFY(rubric.out.contains("\nJ1,plain,0,essays,Clarity,ordinal,6,"));
        QVERIFY(rubric.out.contains("\n,,,essays,Clarity,ordinal,6,0.5,"));
        const auto compare =
            runCli({"compare", f.items, withCondition, "--judges", "J1,J2", "--resamples", "10"});
        QCOMPARE(compare.exitCode, 0);
        QVERIFY(compare.out.startsWith("panel,judge1,judge2,format,temperature,n_pairs,diff,"));
        QVERIFY(compare.out.contains("\nessays,J1,J2,plain,0,6,"));
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("rubric no input")
            << QStringList{"rubric"} << "rubric needs a project or judgment files";
        QTest::newRow("rubric rounding")
            << QStringList{"rubric", "X", "--rounding", "nearest"}
            << "unknown --rounding 'nearest' (expected half-up, half-down or unrounded)";
        QTest::newRow("rubric format") << QStringList{"rubric", "X", "--format", "xml"}
                                       << "unknown --format 'xml' (expected csv, md, json or latex)";
        QTest::newRow("rubric qwk") << QStringList{"rubric", "X", "--qwk"} << "--qwk needs --format latex";
        QTest::newRow("rubric table") << QStringList{"rubric", "X", "--table", "matrix"}
                                      << "unknown --table 'matrix' (expected agreement, confusion or shifts)";
        QTest::newRow("rubric confusion latex")
            << QStringList{"rubric", "X", "--table", "confusion", "--format", "latex"}
            << "--table confusion has no --format latex (expected csv, md or json)";
        QTest::newRow("rubric shifts latex")
            << QStringList{"rubric", "X", "--table", "shifts", "--format", "latex"}
            << "--table shifts has no --format latex (expected csv, md or json)";
        QTest::newRow("compare no input")
            << QStringList{"compare"} << "compare needs a project or judgment files";
        QTest::newRow("compare no judges")
            << QStringList{"compare", "X"} << "compare needs --judges J1,J2,...";
        QTest::newRow("compare one judge")
            << QStringList{"compare", "X", "--judges", "J1"} << "--judges: at least two judges needed";
        QTest::newRow("compare twice")
            << QStringList{"compare", "X", "--judges", "J1,J2,J1"} << "--judges: 'J1' is listed twice";
        QTest::newRow("compare resamples")
            << QStringList{"compare", "X", "--judges", "J1,J2", "--resamples", "0"}
            << "--resamples: '0' is not a whole number in [1, 10000000]";
        QTest::newRow("compare seed") << QStringList{"compare", "X", "--judges", "J1,J2", "--seed", "-1"}
                                      << "--seed: '-1' is not a whole number >= 0";
        QTest::newRow("compare margin") << QStringList{"compare", "X", "--judges", "J1,J2", "--margin", "1"}
                                        << "--margin: '1' is not a number in [0, 1)";
        QTest::newRow("compare cluster")
            << QStringList{"compare", "X", "--judges", "J1,J2", "--cluster", "prompt"}
            << "unknown --cluster 'prompt' (expected group)";
        QTest::newRow("compare rounding")
            << QStringList{"compare", "X", "--judges", "J1,J2", "--rounding", "up"}
            << "unknown --rounding 'up' (expected half-up, half-down or unrounded)";
    }
    void usageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const auto run = runCli(args);
        QCOMPARE(run.exitCode, 1);
        QCOMPARE(run.out, QString());
        QCOMPARE(run.err.section('\n', 0, 0), "tribunal-cli: " + message);
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<bool>("pairwise");
        QTest::addColumn<QString>("message");
        QTest::newRow("rubric without rubric items")
            << QStringList{"rubric"} << true
            << "no rubric items in the input (no item of kind binary or ordinal)\n";
        QTest::newRow("compare without rubric items")
            << QStringList{"compare", "--judges", "J1,J2"} << true
            << "no rubric items in the input (no item of kind binary or ordinal)\n";
        QTest::newRow("unknown judge") << QStringList{"compare", "--judges", "J1,J9"} << false
                                       << "unknown judge 'J9' (no judgment of that judge)\n";
        QTest::newRow("unknown panel") << QStringList{"compare", "--judges", "J1,J2", "--panel", "poems"}
                                       << false << "no rubric panel 'poems' in the input\n";
    }
    void badInput()
    {
        QFETCH(QStringList, options);
        QFETCH(bool, pairwise);
        QFETCH(QString, message);
        Fixture f;
        QStringList args = {options.front()};
        if (pairwise)
            args << writeFixture(f.dir, "pairwise.csv",
                                 "dataset,item_id,judge,format,order,rep,verdict,label\n"
                                 "d,1,J1,plain,AB,1,A,A\nd,1,J2,plain,AB,1,B,A\n");
        else
            args << f.items << f.judgments;
        args << options.mid(1);
        const auto run = runCli(args);
        QCOMPARE(run.exitCode, 2);
        QCOMPARE(run.out, QString());
        QCOMPARE(run.err, message);
    }
};

QTEST_GUILESS_MAIN(TestRubricCli)
#include "tst_rubriccli.moc"
