// tribunal-cli cascade, confident-errors and jury (metrics.md K3-K10) through the real executable, on one
// rubric CSV (docs/data-formats.md "Rubric CSV") with three panels:
// - casc: ../shared/spec/examples.md section 7 (ordinal, label 3 on q1..q10; D answers 3 when right, else 2,
//   with the example's confidences and costs; the fallback F answers 3 when right, else 4); a judge G with
//   two formats (a, b) for the judge@format rules;
// - jury: section 8 (j1..j4 on v1..v5, labels 3 4 2 5 1);
// - checks: a binary panel worked by hand for K3 / K4 (see confidentErrorsByHand).
// Checked: the curve equals the example's grid, the oracle row and K10 columns, the summary, the frontier
// (its rows, juries and Pareto flags by hand), the K9 choices (counts per kind, joined to the curve rows, a
// one-unit panel without any), byte-identical CSV for 1, 2 and 8 threads, the jury's medians,
// the K3 sample with repeats and baselines, usage errors and bad input word for word.

#include "../common/cascadecsv.h"
#include "../common/clirun.h"

#include <QTemporaryDir>

#include <QtTest>

#include <cmath>

using tribunal::testing::csvRows;
using tribunal::testing::num;
using tribunal::testing::runCli;
using tribunal::testing::writeFixture;

namespace {

struct Fixture {
    QTemporaryDir dir;
    QString csv;
    Fixture() { csv = writeFixture(dir, "audit.csv", tribunal::testing::cascadeRubricCsv()); }
};

int column(const QStringList& header, const QString& name)
{
    const int c = static_cast<int>(header.indexOf(name));
    if (c < 0)
        qFatal("no column %s", qPrintable(name));
    return c;
}

bool near(double a, double b)
{
    return std::abs(a - b) < 1e-12;
}

} // namespace

class TestCascadeCli : public QObject {
    Q_OBJECT
private slots:
    void curveEqualsExampleGrid()
    {
        Fixture f;
        const auto run = runCli(
            {"cascade", f.csv, "--first", "D", "--fallbacks", "F", "--table", "curve", "--halvings", "5"});
        QCOMPARE(run.err, QString());
        QCOMPARE(run.exitCode, 0);
        const auto rows = csvRows(run.out);
        const QStringList head = {"panel",    "kind",           "first", "fallback", "tau",
                                  "accuracy", "deferred_share", "cost",  "kept",     "deferred",
                                  "k10_left", "k10_right",      "oracle"};
        QCOMPARE(rows.front(), head);
        QCOMPARE(rows.size(), 1 + 21); // only casc: checks and jury have no fallback judgment
        // examples.md section 7, "Full grid": deferred pairs, accuracy x 10, cost (USD) per tau = k/20.
        const int deferred[21] = {0, 0, 1, 1, 1, 1, 3, 3, 4, 5, 5, 6, 6, 7, 7, 8, 8, 8, 9, 10, 10};
        const int right[21] = {6, 6, 6, 6, 6, 6, 7, 7, 8, 8, 8, 7, 7, 7, 7, 6, 6, 6, 7, 7, 7};
        const double cost[21] = {0.023, 0.023, 0.041, 0.041, 0.041, 0.041, 0.078, 0.078, 0.093, 0.112, 0.112,
                                 0.129, 0.129, 0.149, 0.149, 0.165, 0.165, 0.165, 0.183, 0.198, 0.198};
        for (int k = 0; k <= 20; ++k) {
            const QStringList& r = rows[k + 1];
            QCOMPARE(r.mid(0, 4), (QStringList{"casc", "ordinal", "D", "F"}));
            QCOMPARE(num(r[4]), k / 20.0);
            QVERIFY2(near(num(r[5]), right[k] / 10.0), qPrintable(r.join(',')));
            QVERIFY(near(num(r[6]), deferred[k] / 10.0));
            QVERIFY2(near(num(r[7]), cost[k]), qPrintable(r.join(',')));
            QCOMPARE(r[8].toInt(), 10 - deferred[k]);
            QCOMPARE(r[9].toInt(), deferred[k]);
            // K10: left = accuracy - 0.7 (F alone); right = the same, 0 when everything is deferred.
            QVERIFY(near(num(r[10]), right[k] / 10.0 - 0.7));
            QVERIFY(near(num(r[11]), num(r[10])));
            if (deferred[k] == 10)
                QCOMPARE(num(r[11]), 0.0);
            // K8: tau = 0.40 wins the tie with 0.45 and 0.50 (lower deferred share).
            QCOMPARE(r[12], QString(k == 8 ? "true" : "false"));
        }
    }

    void summary()
    {
        Fixture f;
        const auto run = runCli({"cascade", f.csv, "--first", "D", "--fallbacks", "F", "--halvings", "20"});
        QCOMPARE(run.err, QString());
        QCOMPARE(run.exitCode, 0);
        const auto rows = csvRows(run.out);
        QCOMPARE(rows.size(), 2);
        const QStringList& h = rows[0];
        const QStringList& r = rows[1];
        const auto at = [&](const char* name) { return r[column(h, name)]; };
        QCOMPARE(at("panel"), QString("casc"));
        QCOMPARE(at("pairs"), QString("10"));
        QCOMPARE(at("first"), QString("D"));
        QCOMPARE(num(at("first_accuracy")), 0.6);
        QVERIFY(near(num(at("first_cost")), 0.023));
        QCOMPARE(at("best_single"), QString("F"));
        QCOMPARE(num(at("best_single_accuracy")), 0.7);
        QCOMPARE(at("best_fallback"), QString("F"));
        QCOMPARE(num(at("oracle_tau")), 0.4);
        QCOMPARE(num(at("oracle_accuracy")), 0.8);
        QCOMPARE(num(at("oracle_deferred_share")), 0.4);
        QVERIFY(near(num(at("oracle_cost")), 0.093));
        // K10 at tau = 0.40: 4/5 - 7/10 = (3/5)(2/3 - 1/2) = 1/10.
        QVERIFY(near(num(at("k10_left")), 0.1));
        QVERIFY(near(num(at("k10_right")), 0.1));
        QVERIFY(near(num(at("gain_over_best_single")), 0.1));
        QCOMPARE(at("crossfit_halvings"), QString("20"));
        QCOMPARE(at("best_llm"), QString("F"));
        // The smallest tau where the cascade reaches F's 7/10: 0.30, cost 0.078 of F's 0.175.
        QCOMPARE(num(at("matching_tau")), 0.3);
        QVERIFY(near(num(at("matching_cost_share")), 0.078 / 0.175));
        for (const char* k9 : {"crossfit_mean_gain", "crossfit_share_with_gain", "crossfit_cascade_accuracy",
                               "crossfit_single_accuracy", "crossfit_cost_share", "crossfit_share_matching"})
            QVERIFY2(std::isfinite(num(at(k9))), k9);
    }

    void threadCountDoesNotChangeOutput()
    {
        Fixture f;
        QString first;
        for (const char* threads : {"1", "2", "8"}) {
            const auto run = runCli({"cascade", f.csv, "--first", "D", "--fallbacks", "F,G@a", "--singles",
                                     "G@b", "--halvings", "50", "--seed", "7", "--threads", threads});
            QCOMPARE(run.exitCode, 0);
            if (first.isEmpty())
                first = run.out;
            QCOMPARE(run.out, first);
        }
        QVERIFY(first.contains("\ncasc,ordinal,10,D,"));
    }

    void formatsAndStandalone()
    {
        Fixture f;
        const QStringList base = {"cascade", f.csv, "--first", "D", "--fallbacks", "F", "--halvings", "3"};
        const auto md = runCli(base + QStringList{"--format", "md"});
        QCOMPARE(md.exitCode, 0);
        QVERIFY(md.out.startsWith("| panel | kind | pairs | first |"));
        const auto json = runCli(base + QStringList{"--format", "json"});
        QCOMPARE(json.exitCode, 0);
        QVERIFY(json.out.contains("\"oracle_tau\":0.4"));
        const auto latex = runCli(base + QStringList{"--format", "latex", "--standalone"});
        QCOMPARE(latex.exitCode, 0);
        QVERIFY(latex.out.startsWith("\\documentclass"));
        QVERIFY(latex.out.contains("\\label{tab:cascade-summary}"));
        QVERIFY(latex.out.contains("casc & ordinal & 10 & D & 60.0 & F & 70.0 & F & 0.40 & 80.0 & 40.0 & "
                                   "0.0930 & "));
    }

    void ownThresholds()
    {
        // --ordinal-taus replaces the K7 grid: the curve has those taus only, each with the example grid's
        // values (tau 0.4: 4 deferred, 8 right, cost 0.093; tau 0.97: everything deferred), and the oracle is
        // chosen among them.
        Fixture f;
        const auto run = runCli({"cascade", f.csv, "--first", "D", "--fallbacks", "F", "--table", "curve",
                                 "--halvings", "3", "--panel", "casc", "--ordinal-taus", "0,0.4,0.97"});
        QCOMPARE(run.err, QString());
        QCOMPARE(run.exitCode, 0);
        const auto rows = csvRows(run.out);
        QCOMPARE(rows.size(), 4);
        const int tau = column(rows[0], "tau"), deferred = column(rows[0], "deferred"),
                  accuracy = column(rows[0], "accuracy"), cost = column(rows[0], "cost"),
                  oracle = column(rows[0], "oracle");
        QCOMPARE(rows[2][tau], QString("0.4"));
        QCOMPARE(rows[2][deferred], QString("4"));
        QVERIFY(near(num(rows[2][accuracy]), 0.8));
        QVERIFY(near(num(rows[2][cost]), 0.093));
        QCOMPARE(rows[2][oracle], QString("true"));
        QCOMPARE(rows[3][deferred], QString("10"));
        QCOMPARE(rows[1][oracle], QString("false"));
    }

    void frontier()
    {
        // --fallbacks F,X: casc replays D -> F (examples.md section 7), checks D -> X (binary, no costs).
        // Rows per (panel, kind): D and the fallback alone, the lower and upper jury, one cascade point per
        // tau of the kind's grid: casc 2 + 2 + 21, checks 2 + 2 + 26 (every accuracy is defined).
        Fixture f;
        const QStringList args = {"cascade", f.csv,     "--first",  "D",          "--fallbacks",
                                  "F,X",     "--table", "frontier", "--halvings", "1"};
        const auto run = runCli(args);
        QCOMPARE(run.exitCode, 0);
        QCOMPARE(run.err, QString("note: fallback 'X' has no judgment on panel 'casc' (left out there)\n"
                                  "note: fallback 'F' has no judgment on panel 'checks' (left out there)\n"));
        const auto rows = csvRows(run.out);
        QCOMPARE(rows.front(), (QStringList{"panel", "kind", "type", "label", "fallback", "tau",
                                            "cost_per_pair", "total_cost", "accuracy", "pareto"}));
        QCOMPARE(rows.size(), 1 + (2 + 2 + 21) + (2 + 2 + 26));
        QCOMPARE(rows[1], (QStringList{"casc", "ordinal", "single", "D", "", "", "0.0023000000000000004",
                                       "0.023000000000000003", "0.6", "1"}));
        QCOMPARE(rows[2].mid(0, 6), (QStringList{"casc", "ordinal", "single", "F", "", ""}));
        QVERIFY(near(num(rows[2][6]), 0.0175));
        // Two jurors: the lower median is the lower vote (D's 6/10), the upper F's (7/10); every juror
        // answers every pair, so the jury costs 0.0023 + 0.0175 per pair.
        QCOMPARE(rows[3].mid(0, 4), (QStringList{"casc", "ordinal", "jury-lower", "D;F"}));
        QCOMPARE(rows[4].mid(2, 2), (QStringList{"jury-upper", "D;F"}));
        QVERIFY(near(num(rows[3][6]), 0.0198) && num(rows[3][8]) == 0.6 && num(rows[4][8]) == 0.7);
        QCOMPARE(rows[5].mid(0, 6), (QStringList{"casc", "ordinal", "cascade", "D -> F", "F", "0"}));
        QCOMPARE(rows[26].mid(0, 5), (QStringList{"checks", "binary", "single", "D", ""}));
        // By hand (the curve of curveEqualsExampleGrid): on casc D alone and the cascades at tau 0, 0.05 (D's
        // cost and accuracy), 0.3, 0.35 (7/10 at 0.078) and 0.4 (8/10 at 0.093); on checks, where nothing
        // costs, the most accurate: X alone and the cascades at tau 0.22 ... 0.5 (4/6).
        QStringList pareto;
        for (int r = 1; r < rows.size(); ++r)
            if (rows[r][9] == "1")
                pareto << rows[r][0] + ":" + (rows[r][2] == "cascade" ? rows[r][5] : rows[r][3]);
        QStringList expected = {"casc:D",    "casc:0",   "casc:0.05", "casc:0.3",
                                "casc:0.35", "casc:0.4", "checks:X"};
        for (int k = 11; k <= 25; ++k)
            expected << "checks:" + QString::number(k / 50.0);
        QCOMPARE(pareto, expected);
        // The flags are the Pareto rule: a flagged point is dominated by no point of its panel and kind, an
        // unflagged one by some point (at most as costly, at least as accurate, one of the two strictly).
        for (int i = 1; i < rows.size(); ++i) {
            bool dominated = false;
            for (int j = 1; j < rows.size(); ++j) {
                const double ci = num(rows[i][6]), cj = num(rows[j][6]), ai = num(rows[i][8]),
                             aj = num(rows[j][8]);
                dominated = dominated || (rows[i].mid(0, 2) == rows[j].mid(0, 2) && cj <= ci && aj >= ai &&
                                          (cj < ci || aj > ai));
            }
            QVERIFY2(dominated == (rows[i][9] == "0"), qPrintable(rows[i].join(',')));
        }
        const auto latex = runCli(args + QStringList{"--format", "latex"});
        QCOMPARE(latex.exitCode, 1);
        QCOMPARE(latex.out, QString());
        QVERIFY(latex.err.contains("--table frontier has no --format latex (expected csv, md or json)"));
    }

    void crossfit()
    {
        // --table crossfit: the (fallback, tau) each K9 half chose (analysis/crossfit.h crossFitChoices).
        // casc (10 units) and checks (6 units) never have an empty half, so per (panel, kind) the counts sum
        // to 2 x halvings; each row names a fallback of its panel at a tau of a `--table curve` row, cell for
        // cell. A panel with one unit has only empty directions: every half is skipped, no row.
        Fixture f;
        const QStringList args = {"cascade",   f.csv,        "--first", "D",       "--fallbacks",
                                  "F,G@a,X,Y", "--halvings", "20",      "--table", "crossfit"};
        const auto run = runCli(args);
        QCOMPARE(run.exitCode, 0);
        const auto rows = csvRows(run.out);
        QCOMPARE(rows.front(),
                 (QStringList{"panel", "kind", "fallback", "tau", "count", "halvings", "accuracy", "cost"}));
        QVERIFY(rows.size() > 2);
        QMap<QString, int> sums;
        QMap<QString, QSet<QString>> fallbacks;
        for (int r = 1; r < rows.size(); ++r) {
            QCOMPARE(rows[r].size(), 8);
            QCOMPARE(rows[r][5], QString("20"));
            QVERIFY(rows[r][4].toInt() >= 1);
            sums[rows[r][0] + "," + rows[r][1]] += rows[r][4].toInt();
            fallbacks[rows[r][0]] << rows[r][2];
        }
        QCOMPARE(sums.keys(), (QStringList{"casc,ordinal", "checks,binary"}));
        QCOMPARE(sums.value("casc,ordinal"), 2 * 20);
        QCOMPARE(sums.value("checks,binary"), 2 * 20);
        QVERIFY((QSet<QString>{"F", "G@a"}).contains(fallbacks.value("casc")));
        QVERIFY((QSet<QString>{"X", "Y"}).contains(fallbacks.value("checks")));
        // Rows are in first-appearance order: no (panel, kind, fallback, tau) twice.
        QSet<QString> seen;
        for (int r = 1; r < rows.size(); ++r) {
            const QString key = rows[r].mid(0, 4).join(',');
            QVERIFY2(!seen.contains(key), qPrintable(key));
            seen << key;
        }
        // Each choice joins a curve row on panel, kind, fallback, tau (the same text), with its accuracy and
        // cost.
        QStringList curveArgs = args;
        curveArgs.last() = "curve";
        const auto curve = runCli(curveArgs);
        QCOMPARE(curve.exitCode, 0);
        QSet<QString> curveKeys;
        for (const QStringList& r : csvRows(curve.out).mid(1))
            curveKeys << QStringList{r[0], r[1], r[3], r[4], r[5], r[7]}.join(','); // ..., accuracy, cost
        for (int r = 1; r < rows.size(); ++r)
            QVERIFY2(curveKeys.contains((rows[r].mid(0, 4) + rows[r].mid(6, 2)).join(',')),
                     qPrintable(rows[r].join(',')));
        // The summary's K9 ran the same halvings.
        QStringList summaryArgs = args;
        summaryArgs.last() = "summary";
        const auto summary = csvRows(runCli(summaryArgs).out);
        for (const QStringList& r : summary.mid(1))
            QCOMPARE(r[column(summary[0], "crossfit_halvings")], QString("20"));
        // Results do not depend on the thread count.
        QCOMPARE(runCli(args + QStringList{"--threads", "3"}).out, run.out);

        // One unit: half A is empty in every halving, so neither half chooses.
        QTemporaryDir dir;
        QByteArray one;
        for (const QByteArray& line : tribunal::testing::cascadeRubricCsv().split('\n'))
            if (line.startsWith("dataset,") || line.startsWith("casc,q1,Depth,ordinal,D,") ||
                line.startsWith("casc,q1,Depth,ordinal,F,"))
                one += line + '\n';
        const auto single = runCli({"cascade", writeFixture(dir, "one.csv", one), "--first", "D",
                                    "--fallbacks", "F", "--halvings", "7", "--table", "crossfit"});
        QCOMPARE(single.err, QString());
        QCOMPARE(single.exitCode, 0);
        QCOMPARE(single.out, QString("panel,kind,fallback,tau,count,halvings,accuracy,cost\n"));

        const auto latex = runCli(args + QStringList{"--format", "latex"});
        QCOMPARE(latex.exitCode, 1);
        QCOMPARE(latex.out, QString());
        QVERIFY(latex.err.contains("--table crossfit has no --format latex (expected csv, md or json)"));
    }

    void jury()
    {
        Fixture f;
        const auto run = runCli({"jury", f.csv, "--jurors", "j1,j2,j3,j4", "--resamples", "200"});
        QCOMPARE(run.err, QString());
        QCOMPARE(run.exitCode, 0);
        const auto rows = csvRows(run.out);
        QCOMPARE(rows.size(), 3); // jury panel only (the other panels lack the jurors): lower, upper
        const QStringList& h = rows[0];
        for (int i = 1; i <= 2; ++i) {
            const QStringList& r = rows[i];
            const auto at = [&](const char* name) { return r[column(h, name)]; };
            QCOMPARE(at("panel"), QString("jury"));
            QCOMPARE(at("jurors"), QString("j1;j2;j3;j4"));
            QCOMPARE(at("median"), QString(i == 1 ? "lower" : "upper"));
            QCOMPARE(at("pairs"), QString("5"));
            QCOMPARE(at("even_splits"), QString("2")); // v2 (2 2 4 4) and v3 (1 2 3 5)
            QCOMPARE(num(at("accuracy")), 0.6);        // both medians 3/5
            QCOMPARE(at("best_single"), QString("j2"));
            QCOMPARE(num(at("best_single_accuracy")), 0.8);
            QCOMPARE(at("compared_pairs"), QString("5"));
            QVERIFY(near(num(at("diff")), -0.2));
            // K5: on every pair some juror is right.
            QCOMPARE(at("all_wrong"), QString("0"));
            QCOMPARE(num(at("oracle_accuracy")), 1.0);
        }
        // Candidates other than the jurors: j1 alone (2/5) is the best single judge.
        const auto one =
            runCli({"jury", f.csv, "--jurors", "j2,j3", "--candidates", "j1", "--resamples", "10"});
        QCOMPARE(one.exitCode, 0);
        QVERIFY(one.out.contains("\njury,ordinal,j2;j3,lower,5,"));
        QVERIFY(one.out.contains(",j1,0.4,5,"));
    }

    void confidentErrorsByHand()
    {
        // checks (criterion "Has title"): labels U U U M M M on b1..b6; D: MET (P .9), MET (.7), UNMET (.2),
        // UNMET (.1), UNMET (.4), MET (.8): false positives b1, b2, false negatives b4, b5. --n 2: the false
        // positive with the highest P(MET) (b1) and the false negative with the lowest (b4).
        // K4 on b1 (wrong MET, label UNMET): X says MET (repeat), baseline = X's MET share on b2, b3 = 0/2;
        // Y says UNMET, baseline = Y's MET share on b2, b3 = 1/2. On b4 (wrong UNMET, label MET): X repeats,
        // baseline = X's UNMET share on b5, b6 = 0/2; Y has no verdict (no baseline).
        Fixture f;
        const auto run = runCli({"confident-errors", f.csv, "--first", "D", "--panel", "checks", "--n", "2"});
        QCOMPARE(run.err, QString());
        QCOMPARE(run.exitCode, 0);
        const auto rows = csvRows(run.out);
        QCOMPARE(rows.size(), 3);
        QCOMPARE(rows[0], (QStringList{"panel", "kind", "judge", "unit", "criterion", "item", "label",
                                       "answer", "confidence", "p_met", "false_positive", "answer_X",
                                       "repeat_X", "baseline_X", "answer_Y", "repeat_Y", "baseline_Y"}));
        QCOMPARE(rows[1].mid(0, 8),
                 (QStringList{"checks", "binary", "D", "b1", "Has title", "b1/Has title", "UNMET", "MET"}));
        QVERIFY(near(num(rows[1][8]), 0.8)); // K1 = 2 |0.9 - 0.5|
        QCOMPARE(num(rows[1][9]), 0.9);
        QCOMPARE(rows[1].mid(10), (QStringList{"true", "MET", "true", "0", "UNMET", "false", "0.5"}));
        QCOMPARE(rows[2].mid(3, 5), (QStringList{"b4", "Has title", "b4/Has title", "MET", "UNMET"}));
        QCOMPARE(rows[2].mid(10), (QStringList{"false", "UNMET", "true", "0", "", "", ""}));

        // Repeats: sample = 3 checks, 2 repeats, expected 0 + 1/2 + 0, Y on b4 without baseline; all band 3
        // (confidence 0.8). All errors add b2 (X no repeat, baseline X's MET share on b1, b3 = 1/2; Y
        // repeats, baseline 0 on b1, b3) and b5 (X no repeat, baseline X's UNMET share on b4, b6 = 1/2; Y
        // no repeat, baseline Y's UNMET share on b6 = 1/1): 7 checks, 3 repeats, 2.5 expected; b5
        // (confidence 0.2) in band 0, b2 (0.4) in band 1.
        const auto repeats = runCli({"confident-errors", f.csv, "--first", "D", "--panel", "checks", "--n",
                                     "2", "--table", "repeats"});
        QCOMPARE(repeats.exitCode, 0);
        const auto r = csvRows(repeats.out);
        QCOMPARE(r[0], (QStringList{"panel", "kind", "scope", "band", "checks", "repeats", "expected_repeats",
                                    "share", "baseline_share", "no_baseline"}));
        QCOMPARE(r.size(), 1 + 10);
        const QStringList expected[10] = {
            {"sample", "all", "3", "2", "0.5", "0.6666666666666666", "0.16666666666666666", "1"},
            {"sample", "0", "0", "0", "0", "", "", ""},
            {"sample", "1", "0", "0", "0", "", "", ""},
            {"sample", "2", "0", "0", "0", "", "", ""},
            {"sample", "3", "3", "2", "0.5", "0.6666666666666666", "0.16666666666666666", ""},
            {"all", "all", "7", "3", "2.5", "0.42857142857142855", "0.35714285714285715", "1"},
            {"all", "0", "2", "0", "1.5", "0", "0.75", ""},
            {"all", "1", "2", "1", "0.5", "0.5", "0.25", ""},
            {"all", "2", "0", "0", "0", "", "", ""},
            {"all", "3", "3", "2", "0.5", "0.6666666666666666", "0.16666666666666666", ""}};
        for (int i = 0; i < 10; ++i) {
            QCOMPARE(r[i + 1].mid(0, 2), (QStringList{"checks", "binary"}));
            QCOMPARE(r[i + 1].mid(2), expected[i]);
        }
    }

    void discriminationByHand()
    {
        // K2 of D on casc (examples.md section 7; the confidence column is D's stated confidence): right q1
        // 0.92, q3 0.71, q4 0.63, q5 0.50, q8 0.27, q10 0.08; wrong q2 0.87, q6 0.44, q7 0.38, q9 0.27.
        // AUROC: right above wrong in 4 + 3 + 3 + 3 + 1/2 (q8 ties q9) + 0 of 24 pairs = 9/16. Bands:
        // [0, .25) q10 (0 wrong); [.25, .5) q6 q7 q8 q9 (3 wrong); [.5, .75) q3 q4 q5 (0); [.75, 1] q1 q2
        // (1). Selective: top 3 (q1 q2 q3) 2/3; top 5 4/5; top 8 adds q6 q7 and, of the tie at 0.27, q8
        // before q9 by unit id: 5/8.
        Fixture f;
        const auto run = runCli(
            {"confident-errors", f.csv, "--first", "D", "--panel", "casc", "--table", "discrimination"});
        QCOMPARE(run.err, QString());
        QCOMPARE(run.exitCode, 0);
        const auto rows = csvRows(run.out);
        QCOMPARE(rows.size(), 2);
        QCOMPARE(rows[0], (QStringList{"panel",
                                       "kind",
                                       "judge",
                                       "answers",
                                       "right",
                                       "accuracy",
                                       "auroc",
                                       "answers_b0",
                                       "error_rate_b0",
                                       "answers_b1",
                                       "error_rate_b1",
                                       "answers_b2",
                                       "error_rate_b2",
                                       "answers_b3",
                                       "error_rate_b3",
                                       "kept_25",
                                       "selective_accuracy_25",
                                       "kept_50",
                                       "selective_accuracy_50",
                                       "kept_75",
                                       "selective_accuracy_75"}));
        QCOMPARE(rows[1].mid(0, 5), (QStringList{"casc", "ordinal", "D", "10", "6"}));
        QVERIFY(near(num(rows[1][5]), 0.6));
        QVERIFY(near(num(rows[1][6]), 9.0 / 16));
        const double bands[4][2] = {{1, 0}, {4, 0.75}, {3, 0}, {2, 0.5}};
        for (int b = 0; b < 4; ++b) {
            QCOMPARE(num(rows[1][7 + 2 * b]), bands[b][0]);
            QVERIFY(near(num(rows[1][8 + 2 * b]), bands[b][1]));
        }
        const double selective[3][2] = {{3, 2.0 / 3}, {5, 0.8}, {8, 5.0 / 8}};
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(num(rows[1][15 + 2 * i]), selective[i][0]);
            QVERIFY(near(num(rows[1][16 + 2 * i]), selective[i][1]));
        }
    }

    void confidentErrorsDefaultOthersAndLatex()
    {
        // casc: D's wrong answers by confidence: q2 (0.87), q6 (0.44), q7 (0.38), q9 (0.27); the other judges
        // default to every other judge of the panel: F, G@a, G@b (G has two formats there).
        Fixture f;
        const auto run = runCli({"confident-errors", f.csv, "--first", "D", "--panel", "casc"});
        QCOMPARE(run.exitCode, 0);
        const auto rows = csvRows(run.out);
        QCOMPARE(rows.size(), 5);
        QCOMPARE(rows[0].mid(11),
                 (QStringList{"answer_F", "repeat_F", "baseline_F", "answer_G@a", "repeat_G@a",
                              "baseline_G@a", "answer_G@b", "repeat_G@b", "baseline_G@b"}));
        const char* const units[4] = {"q2", "q6", "q7", "q9"};
        for (int i = 0; i < 4; ++i)
            QCOMPARE(rows[i + 1][3], QString(units[i]));
        const auto latex = runCli({"confident-errors", f.csv, "--first", "D", "--format", "latex"});
        QCOMPARE(latex.exitCode, 0);
        QVERIFY(latex.out.contains("\\label{tab:confident-errors}"));
        QVERIFY(
            latex.out.contains("checks & D & Has title & b1 & UNMET & MET & 0.80 & 0.90 & X (of 2) \\\\"));
    }

    void usageErrors_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        const QStringList c = {"cascade", "X", "--first", "D", "--fallbacks", "F"};
        QTest::newRow("cascade no input")
            << QStringList{"cascade"} << "cascade needs a project or judgment files";
        QTest::newRow("cascade no first") << QStringList{"cascade", "X"} << "cascade needs --first J";
        QTest::newRow("cascade no fallbacks")
            << QStringList{"cascade", "X", "--first", "D"} << "cascade needs --fallbacks J1,J2,...";
        QTest::newRow("cascade empty fallbacks")
            << QStringList{"cascade", "X", "--first", "D", "--fallbacks", ","}
            << "--fallbacks: at least one judge needed";
        QTest::newRow("cascade twice") << QStringList{"cascade", "X", "--first", "D", "--fallbacks", "F,E,F"}
                                       << "--fallbacks: 'F' is listed twice";
        QTest::newRow("cascade singles twice")
            << c + QStringList{"--singles", "G,G"} << "--singles: 'G' is listed twice";
        QTest::newRow("cascade halvings")
            << c + QStringList{"--halvings", "0"} << "--halvings: '0' is not a whole number in [1, 100000]";
        QTest::newRow("cascade seed")
            << c + QStringList{"--seed", "-1"} << "--seed: '-1' is not a whole number >= 0";
        QTest::newRow("cascade threads")
            << c + QStringList{"--threads", "many"} << "--threads: 'many' is not a whole number in [0, 1024]";
        QTest::newRow("cascade table")
            << c + QStringList{"--table", "grid"}
            << "unknown --table 'grid' (expected summary, curve, frontier or crossfit)";
        QTest::newRow("cascade taus not ascending")
            << c + QStringList{"--ordinal-taus", "0,0.5,0.4"}
            << "--ordinal-taus: '0,0.5,0.4' is not an ascending list of numbers in [0, 1]";
        QTest::newRow("cascade binary taus range")
            << c + QStringList{"--binary-taus", "0,0.6"}
            << "--binary-taus: '0,0.6' is not an ascending list of numbers in [0, 0.5]";
        QTest::newRow("cascade taus empty")
            << c + QStringList{"--ordinal-taus", ""}
            << "--ordinal-taus: '' is not an ascending list of numbers in [0, 1]";
        QTest::newRow("cascade prices")
            << c + QStringList{"--prices", "D=1"}
            << "--prices: 'D=1' is not JUDGE=INPUT/OUTPUT with prices >= 0 in USD per million tokens";
        QTest::newRow("cascade curve latex")
            << c + QStringList{"--table", "curve", "--format", "latex"}
            << "--table curve has no --format latex (expected csv, md or json)";
        QTest::newRow("cascade frontier latex")
            << c + QStringList{"--table", "frontier", "--format", "latex"}
            << "--table frontier has no --format latex (expected csv, md or json)";
        QTest::newRow("cascade crossfit latex")
            << c + QStringList{"--table", "crossfit", "--format", "latex"}
            << "--table crossfit has no --format latex (expected csv, md or json)";
        QTest::newRow("cascade format") << c + QStringList{"--format", "xml"}
                                        << "unknown --format 'xml' (expected csv, md, json or latex)";
        QTest::newRow("cascade rounding")
            << c + QStringList{"--rounding", "up"}
            << "unknown --rounding 'up' (expected half-up, half-down or unrounded)";
        QTest::newRow("errors no input")
            << QStringList{"confident-errors"} << "confident-errors needs a project or judgment files";
        QTest::newRow("errors no first")
            << QStringList{"confident-errors", "X"} << "confident-errors needs --first J";
        QTest::newRow("errors n") << QStringList{"confident-errors", "X", "--first", "D", "--n", "-1"}
                                  << "--n: '-1' is not a whole number in [0, 100000]";
        QTest::newRow("errors others twice")
            << QStringList{"confident-errors", "X", "--first", "D", "--others", "F,F"}
            << "--others: 'F' is listed twice";
        QTest::newRow("errors table")
            << QStringList{"confident-errors", "X", "--first", "D", "--table", "top"}
            << "unknown --table 'top' (expected sample, repeats or discrimination)";
        QTest::newRow("errors discrimination latex")
            << QStringList{"confident-errors", "X",        "--first", "D", "--table",
                           "discrimination",   "--format", "latex"}
            << "--table discrimination has no --format latex";
        QTest::newRow("errors repeats latex")
            << QStringList{"confident-errors", "X", "--first", "D", "--table", "repeats", "--format", "latex"}
            << "--table repeats has no --format latex (the LaTeX table of --table sample includes the "
               "repeats)";
        QTest::newRow("jury no input") << QStringList{"jury"} << "jury needs a project or judgment files";
        QTest::newRow("jury no jurors") << QStringList{"jury", "X"} << "jury needs --jurors J1,J2,...";
        QTest::newRow("jury one juror")
            << QStringList{"jury", "X", "--jurors", "j1"} << "--jurors: at least two judges needed";
        QTest::newRow("jury twice") << QStringList{"jury", "X", "--jurors", "j1,j2,j1"}
                                    << "--jurors: 'j1' is listed twice";
        QTest::newRow("jury resamples") << QStringList{"jury", "X", "--jurors", "j1,j2", "--resamples", "0"}
                                        << "--resamples: '0' is not a whole number in [1, 10000000]";
        QTest::newRow("jury margin") << QStringList{"jury", "X", "--jurors", "j1,j2", "--margin", "1"}
                                     << "--margin: '1' is not a number in [0, 1)";
        QTest::newRow("jury seed") << QStringList{"jury", "X", "--jurors", "j1,j2", "--seed", "x"}
                                   << "--seed: 'x' is not a whole number >= 0";
    }
    void usageErrors()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const auto run = runCli(args);
        QCOMPARE(run.exitCode, 1);
        QCOMPARE(run.out, QString());
        QCOMPARE(run.err, "tribunal-cli: " + message + "\nRun 'tribunal-cli --help' for usage.\n");
    }

    /// Usage errors only the audit reveals (judge names on a panel).
    void judgeNameErrors_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QString>("message");
        QTest::newRow("bare name, two formats")
            << QStringList{"cascade", "--first", "D", "--fallbacks", "F", "--singles", "G"}
            << "--singles: judge 'G' has several formats on panel 'casc' (a, b): write G@FORMAT";
        QTest::newRow("first as fallback") << QStringList{"cascade", "--first", "D", "--fallbacks", "F,D"}
                                           << "--fallbacks: 'D' names a judge already listed";
        QTest::newRow("single is a fallback")
            << QStringList{"cascade", "--first", "D", "--fallbacks", "F", "--singles", "F@plain"}
            << "--singles: 'F@plain' names a judge already listed";
        QTest::newRow("first among others")
            << QStringList{"confident-errors", "--first", "D", "--others", "X,D"}
            << "--others: 'D' names a judge already listed";
    }
    void judgeNameErrors()
    {
        QFETCH(QStringList, options);
        QFETCH(QString, message);
        Fixture f;
        const auto run = runCli(QStringList{options.front(), f.csv} + options.mid(1));
        QCOMPARE(run.exitCode, 1);
        QCOMPARE(run.out, QString());
        QCOMPARE(run.err, "tribunal-cli: " + message + "\nRun 'tribunal-cli --help' for usage.\n");
    }

    void badInput_data()
    {
        QTest::addColumn<QStringList>("options");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown judge") << QStringList{"cascade", "--first", "D", "--fallbacks", "Z"}
                                       << "unknown judge 'Z' (no judgment of that judge)\n";
        QTest::newRow("unknown format") << QStringList{"cascade", "--first", "D@fancy", "--fallbacks", "F"}
                                        << "unknown judge 'D@fancy' (no judgment of that judge)\n";
        QTest::newRow("unknown panel") << QStringList{"jury", "--jurors", "j1,j2", "--panel", "poems"}
                                       << "no rubric panel 'poems' in the input\n";
        QTest::newRow("no cascade panel") << QStringList{"cascade", "--first", "j1", "--fallbacks", "F"}
                                          << "no rubric panel on which 'j1' and a fallback both judged\n";
        QTest::newRow("no jury panel")
            << QStringList{"jury", "--jurors", "j1,X"} << "no rubric panel on which every juror judged\n";
        QTest::newRow("no error panel") << QStringList{"confident-errors", "--first", "D", "--panel", "jury"}
                                        << "no rubric panel on which 'D' judged\n";
    }
    void badInput()
    {
        QFETCH(QStringList, options);
        QFETCH(QString, message);
        Fixture f;
        const auto run = runCli(QStringList{options.front(), f.csv} + options.mid(1));
        QCOMPARE(run.exitCode, 2);
        QCOMPARE(run.out, QString());
        QCOMPARE(run.err, message);
    }

    void absentFallbackIsNoted()
    {
        Fixture f;
        const auto run = runCli({"cascade", f.csv, "--first", "D", "--fallbacks", "F,X", "--halvings", "2"});
        QCOMPARE(run.exitCode, 0);
        // casc has F but not X; checks has X (the fallback there) but not F; jury has neither.
        QCOMPARE(run.err, QString("note: fallback 'X' has no judgment on panel 'casc' (left out there)\n"
                                  "note: fallback 'F' has no judgment on panel 'checks' (left out there)\n"));
        const auto rows = csvRows(run.out);
        QCOMPARE(rows.size(), 3);
        QVERIFY(rows[1].join(',').startsWith("casc,ordinal,10,D,"));
        QVERIFY(rows[2].join(',').startsWith("checks,binary,6,D,"));
    }
};

QTEST_GUILESS_MAIN(TestCascadeCli)
#include "tst_cascadecli.moc"
