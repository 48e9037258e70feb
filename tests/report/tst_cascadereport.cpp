// Cascade, confident-error and jury tables (core/report/cascadetables.h, cascadelatex.h) on a built audit:
// - "casc & co" = ../shared/spec/examples.md section 7 (ordinal, label 3; D_1 answers 3 when right, else 2,
//   with the example's confidences and costs; the fallback F&co answers 3 when right, else 4, with costs);
//   G answers q1 in two formats (a, b), so its labels are G@a and G@b;
// - "checks": a binary panel (labels U U U M M M on b1..b6; D_1 MET .9, MET .7, UNMET .2, UNMET .1, UNMET .4,
//   MET .8 as P(MET); X and Y as in tests/cli/tst_cascadecli.cpp, Y without b4);
// - "jury": section 8 (j1..j4).
// Column sets, hand values, missing cells, LaTeX goldens (tests/data/latex/cascade_summary.tex,
// confident_errors.tex, jury.tex; regenerate with TRIBUNAL_UPDATE_GOLDEN=1 and review the diff) and
// standalone documents for the pdflatex compile test (tests/report/compile_latex.sh).
#include "model/auditbuilder.h"
#include "report/cascadelatex.h"
#include "report/cascadetables.h"
#include "report/latex.h"

#include "../common/golden.h"

#include <QtTest>

#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

using namespace tribunal;

namespace {

constexpr Answer kMet = answer::kMet;
constexpr Answer kUnmet = answer::kUnmet;

struct Judgment {
    const char* judge;
    const char* format;
    Answer answer;
    double confidence = kMissing;
    double cost = kMissing;
    double pMet = kMissing;
};

std::uint32_t addPair(AuditBuilder& b, const char* dataset, const std::string& unit, TaskKind kind,
                      const char* criterion, Answer label, const std::vector<Judgment>& judgments)
{
    const auto item = b.addItem(b.intern(dataset), b.intern(unit + "/" + criterion), kind);
    b.setText(item, ItemText::UnitId, b.intern(unit));
    b.setText(item, ItemText::Criterion, b.intern(criterion));
    if (kind == TaskKind::Ordinal)
        b.setLevels(item, {b.intern("1"), b.intern("2"), b.intern("3"), b.intern("4"), b.intern("5")});
    b.setLabel(item, label);
    for (const Judgment& j : judgments) {
        JudgmentInput in;
        in.item = item;
        in.judge = b.intern(j.judge);
        in.format = b.intern(j.format);
        in.answer = j.answer;
        in.confidence = j.confidence;
        in.costUsd = j.cost;
        const ProbEntry probs[2] = {{kMet, j.pMet}, {kUnmet, 1.0 - j.pMet}};
        if (!std::isnan(j.pMet))
            in.probs = probs;
        b.addJudgment(in);
    }
    return item;
}

AuditPtr buildAudit()
{
    AuditBuilder b;
    const int dRight[10] = {1, 0, 1, 1, 1, 0, 0, 1, 0, 1}, fRight[10] = {1, 1, 0, 1, 0, 0, 1, 1, 1, 1};
    const double conf[10] = {0.92, 0.87, 0.71, 0.63, 0.50, 0.44, 0.38, 0.27, 0.27, 0.08};
    const double dCost[10] = {0.002, 0.002, 0.0025, 0.002, 0.003, 0.002, 0.0025, 0.002, 0.002, 0.003};
    const double fCost[10] = {0.015, 0.018, 0.016, 0.02, 0.017, 0.019, 0.015, 0.021, 0.016, 0.018};
    for (int q = 0; q < 10; ++q) {
        std::vector<Judgment> js = {{"D_1", "plain", Answer(dRight[q] ? 3 : 2), conf[q], dCost[q]},
                                    {"F&co", "plain", Answer(fRight[q] ? 3 : 4), kMissing, fCost[q]}};
        if (q == 0) {
            js.push_back({"G", "a", 3});
            js.push_back({"G", "b", 3});
        }
        addPair(b, "casc & co", "q" + std::to_string(q + 1), TaskKind::Ordinal, "Depth_1", 3, js);
    }
    const Answer labels[6] = {kUnmet, kUnmet, kUnmet, kMet, kMet, kMet};
    const Answer d[6] = {kMet, kMet, kUnmet, kUnmet, kUnmet, kMet},
                 x[6] = {kMet, kUnmet, kUnmet, kUnmet, kMet, kMet},
                 y[6] = {kUnmet, kMet, kUnmet, answer::kNone, kMet, kUnmet};
    const double pMet[6] = {0.9, 0.7, 0.2, 0.1, 0.4, 0.8};
    for (int i = 0; i < 6; ++i) {
        std::vector<Judgment> js = {{"D_1", "plain", d[i], kMissing, kMissing, pMet[i]},
                                    {"X", "plain", x[i]}};
        if (i != 3)
            js.push_back({"Y", "plain", y[i]});
        addPair(b, "checks", "b" + std::to_string(i + 1), TaskKind::Binary, "Has title", labels[i], js);
    }
    const Answer votes[5][4] = {{3, 3, 4, 3}, {2, 4, 4, 2}, {1, 2, 5, 3}, {5, 4, 5, 5}, {2, 1, 3, 2}};
    const Answer juryLabels[5] = {3, 4, 2, 5, 1};
    for (int v = 0; v < 5; ++v)
        addPair(b, "jury", "v" + std::to_string(v + 1), TaskKind::Ordinal, "Depth", juryLabels[v],
                {{"j1", "plain", votes[v][0]},
                 {"j2", "plain", votes[v][1]},
                 {"j3", "plain", votes[v][2]},
                 {"j4", "plain", votes[v][3]}});
    ImportLog log;
    auto audit = b.build(log);
    Q_ASSERT(audit);
    return audit;
}

JudgeKey key(const Audit& audit, const char* judge, const char* format = "plain")
{
    return JudgeKey{*audit.strings().find(judge), *audit.strings().find(format), 0};
}

RubricVerdictTable table(const Audit& audit, const char* panel, const std::vector<JudgeKey>& judges)
{
    return rubricVerdictTable(audit, *audit.strings().find(panel), judges);
}

CascadeSettings cascadeSettings()
{
    CascadeSettings s;
    s.halvings = 20;
    s.threads = 1;
    return s;
}

PairedSettings pairedSettings()
{
    PairedSettings s;
    s.resamples = 500;
    s.threads = 1;
    return s;
}

/// casc with D_1 first, F&co and G@a as fallbacks, G@b as an extra single judge.
std::vector<CascadePanel> cascades(const Audit& audit)
{
    const std::vector<std::size_t> fallbacks = {1, 2}, singles = {3};
    std::vector<CascadePanel> out;
    out.push_back(cascadePanel(
        audit,
        table(audit, "casc & co",
              {key(audit, "D_1"), key(audit, "F&co"), key(audit, "G", "a"), key(audit, "G", "b")}),
        0, fallbacks, singles, cascadeSettings()));
    const std::vector<std::size_t> x = {1};
    out.push_back(cascadePanel(audit, table(audit, "checks", {key(audit, "D_1"), key(audit, "X")}), 0, x, {},
                               cascadeSettings()));
    return out;
}

std::vector<ConfidentErrorPanel> errors(const Audit& audit, int n)
{
    std::vector<ConfidentErrorPanel> out;
    out.push_back(confidentErrorPanel(
        audit, table(audit, "checks", {key(audit, "D_1"), key(audit, "X"), key(audit, "Y")}), 0, {1, 2}, n));
    out.push_back(confidentErrorPanel(
        audit, table(audit, "casc & co", {key(audit, "D_1"), key(audit, "F&co")}), 0, {1}, n));
    return out;
}

std::vector<JuryPanel> juries(const Audit& audit)
{
    const std::vector<std::size_t> jurors = {0, 1, 2, 3};
    std::vector<JuryPanel> out;
    out.push_back(juryPanel(
        table(audit, "jury", {key(audit, "j1"), key(audit, "j2"), key(audit, "j3"), key(audit, "j4")}),
        jurors, jurors, pairedSettings()));
    return out;
}

FlatCell cell(const FlatTable& t, std::size_t row, const std::string& column)
{
    for (std::size_t c = 0; c < t.columns.size(); ++c)
        if (t.columns[c] == column)
            return t.rows.at(row).at(c);
    qFatal("no column %s", column.c_str());
}

double number(const FlatTable& t, std::size_t row, const std::string& column)
{
    const FlatCell v = cell(t, row, column);
    if (std::holds_alternative<std::int64_t>(v))
        return static_cast<double>(std::get<std::int64_t>(v));
    return std::holds_alternative<double>(v) ? std::get<double>(v) : std::nan("");
}

std::string textOf(const FlatTable& t, std::size_t row, const std::string& column)
{
    const FlatCell v = cell(t, row, column);
    if (std::holds_alternative<bool>(v))
        return std::get<bool>(v) ? "true" : "false";
    return std::holds_alternative<std::string>(v) ? std::get<std::string>(v) : std::string("<missing>");
}

bool near(double a, double b)
{
    return std::abs(a - b) < 1e-12;
}

} // namespace

class TestCascadeReport : public QObject {
    Q_OBJECT
private slots:
    void judgeLabelsAndKinds()
    {
        const AuditPtr audit = buildAudit();
        const RubricVerdictTable t =
            table(*audit, "casc & co", {key(*audit, "D_1"), key(*audit, "G", "a"), key(*audit, "G", "b")});
        QCOMPARE(judgeLabel(*audit, t, 0), std::string("D_1"));
        QCOMPARE(judgeLabel(*audit, t, 1), std::string("G@a"));
        QCOMPARE(judgeLabel(*audit, t, 2), std::string("G@b"));
        QCOMPARE(verdictKinds(t), std::vector<TaskKind>{TaskKind::Ordinal});
        const RubricVerdictTable none = verdictTableOfKind(t, TaskKind::Binary);
        QCOMPARE(none.pairCount(), std::size_t(0));
        QVERIFY(none.verdicts.empty());
        const RubricVerdictTable same = verdictTableOfKind(t, TaskKind::Ordinal);
        QCOMPARE(same.items, t.items);
        QCOMPARE(same.unit, t.unit);
        QCOMPARE(same.at(1, 0).answer, t.at(1, 0).answer);
        QCOMPARE(same.at(2, 9).status, VerdictStatus::Missing);
    }

    void curveTable()
    {
        const AuditPtr audit = buildAudit();
        const FlatTable t = cascadeCurveTable(*audit, cascades(*audit));
        QCOMPARE(t.columns, (std::vector<std::string>{"panel", "kind", "first", "fallback", "tau", "accuracy",
                                                      "deferred_share", "cost", "kept", "deferred",
                                                      "k10_left", "k10_right", "oracle"}));
        // casc: F&co then G@a (name order), 21 taus each; checks: X on the binary grid (26 taus).
        QCOMPARE(t.rows.size(), std::size_t(21 + 21 + 26));
        QCOMPARE(textOf(t, 0, "fallback"), std::string("F&co"));
        QCOMPARE(textOf(t, 21, "fallback"), std::string("G@a"));
        QCOMPARE(textOf(t, 42, "kind"), std::string("binary"));
        QCOMPARE(number(t, 42 + 25, "tau"), 0.5);
        // examples.md section 7 at tau = 0.50: 5 kept, accuracy 4/5, cost 0.023 + 0.089.
        QCOMPARE(number(t, 10, "tau"), 0.5);
        QCOMPARE(number(t, 10, "kept"), 5.0);
        QCOMPARE(number(t, 10, "accuracy"), 0.8);
        QVERIFY(near(number(t, 10, "cost"), 0.112));
        QVERIFY(near(number(t, 10, "k10_right"), 0.1));
        for (std::size_t r = 0; r < 21; ++r)
            QCOMPARE(textOf(t, r, "oracle"), std::string(r == 8 ? "true" : "false"));
    }

    void summaryTable()
    {
        const AuditPtr audit = buildAudit();
        const FlatTable t = cascadeSummaryTable(*audit, cascades(*audit));
        QCOMPARE(t.columns.size(), std::size_t(26));
        QCOMPARE(t.columns.back(), std::string("crossfit_share_matching"));
        QCOMPARE(t.rows.size(), std::size_t(2));
        QCOMPARE(textOf(t, 0, "panel"), std::string("casc & co"));
        QCOMPARE(number(t, 0, "pairs"), 10.0);
        QCOMPARE(number(t, 0, "first_accuracy"), 0.6);
        // G@a is right only on q1 and takes D_1's verdict elsewhere: 6/10, cost 0. F&co (7/10) is best.
        QCOMPARE(textOf(t, 0, "best_single"), std::string("F&co"));
        QCOMPARE(textOf(t, 0, "best_fallback"), std::string("F&co"));
        QCOMPARE(number(t, 0, "oracle_tau"), 0.4);
        QVERIFY(near(number(t, 0, "oracle_cost"), 0.093));
        QVERIFY(near(number(t, 0, "gain_over_best_single"), 0.1));
        QCOMPARE(number(t, 0, "crossfit_halvings"), 20.0);
        QCOMPARE(number(t, 0, "matching_tau"), 0.3);
        // checks, X as fallback: D_1 right on b3, b6 (2/6); X right on b2, b3, b5, b6 (4/6).
        QCOMPARE(textOf(t, 1, "kind"), std::string("binary"));
        QVERIFY(near(number(t, 1, "first_accuracy"), 2.0 / 6));
        QVERIFY(near(number(t, 1, "best_single_accuracy"), 4.0 / 6));
        // No costs recorded on checks: the matching cascade's cost share is 0 / 0, undefined (empty cell).
        QVERIFY(std::isnan(number(t, 1, "matching_cost_share")));
    }

    void confidentErrorTables()
    {
        const AuditPtr audit = buildAudit();
        const auto panels = errors(*audit, 2);
        const FlatTable t = confidentErrorTable(*audit, panels);
        const std::vector<std::string> tail = {"answer_X",    "repeat_X",    "baseline_X",
                                               "answer_Y",    "repeat_Y",    "baseline_Y",
                                               "answer_F&co", "repeat_F&co", "baseline_F&co"};
        QVERIFY(std::equal(tail.begin(), tail.end(), t.columns.begin() + 11));
        // checks: b1 (false positive, P(MET) 0.9) then b4 (false negative, 0.1); casc: q2 (0.87), q6 (0.44).
        QCOMPARE(t.rows.size(), std::size_t(4));
        QCOMPARE(textOf(t, 0, "unit"), std::string("b1"));
        QCOMPARE(textOf(t, 0, "false_positive"), std::string("true"));
        QCOMPARE(textOf(t, 0, "repeat_X"), std::string("true"));
        QCOMPARE(number(t, 0, "baseline_Y"), 0.5);
        QCOMPARE(textOf(t, 1, "unit"), std::string("b4"));
        QCOMPARE(textOf(t, 1, "answer_Y"), std::string("<missing>"));
        QCOMPARE(textOf(t, 1, "repeat_Y"), std::string("<missing>"));
        QCOMPARE(textOf(t, 2, "unit"), std::string("q2"));
        QCOMPARE(textOf(t, 2, "false_positive"), std::string("<missing>"));
        QCOMPARE(textOf(t, 2, "answer_X"), std::string("<missing>")); // X is no other judge on casc
        QCOMPARE(textOf(t, 2, "answer_F&co"), std::string("3"));
        QCOMPARE(textOf(t, 3, "unit"), std::string("q6"));
        QCOMPARE(textOf(t, 3, "answer_F&co"), std::string("4"));

        const FlatTable s = repeatSummaryTable(*audit, panels);
        QCOMPARE(s.rows.size(), std::size_t(2 * 10));
        // checks, all errors (row 5): 7 checks, 3 repeats, 2.5 expected (worked in tst_cascadecli).
        QCOMPARE(textOf(s, 5, "scope"), std::string("all"));
        QCOMPARE(number(s, 5, "checks"), 7.0);
        QCOMPARE(number(s, 5, "repeats"), 3.0);
        QCOMPARE(number(s, 5, "expected_repeats"), 2.5);
        QCOMPARE(number(s, 5, "no_baseline"), 1.0);
        QVERIFY(std::isnan(number(s, 6, "no_baseline")));
        // casc sample (q2, q6): F&co answers 3 (right) on q2, 4 on q6: no repeat of D_1's 2.
        QCOMPARE(number(s, 10, "checks"), 2.0);
        QCOMPARE(number(s, 10, "repeats"), 0.0);
    }

    void juryTableValues()
    {
        const AuditPtr audit = buildAudit();
        const FlatTable t = juryTable(*audit, juries(*audit));
        QCOMPARE(t.rows.size(), std::size_t(2));
        QCOMPARE(t.columns.front(), std::string("panel"));
        QCOMPARE(t.columns.back(), std::string("oracle_accuracy"));
        for (std::size_t r = 0; r < 2; ++r) {
            QCOMPARE(textOf(t, r, "jurors"), std::string("j1;j2;j3;j4"));
            QCOMPARE(textOf(t, r, "median"), std::string(r == 0 ? "lower" : "upper"));
            QCOMPARE(number(t, r, "even_splits"), 2.0);
            QCOMPARE(number(t, r, "accuracy"), 0.6);
            QCOMPARE(textOf(t, r, "best_single"), std::string("j2"));
            QCOMPARE(number(t, r, "best_single_accuracy"), 0.8);
            QVERIFY(near(number(t, r, "diff"), -0.2));
            QCOMPARE(number(t, r, "all_wrong_share"), 0.0);
        }
    }

    void latexGoldens()
    {
        const AuditPtr audit = buildAudit();
        CascadeLatexOptions options;
        options.title = "Fixture with hostile names & 100% labels.";
        testing::checkGolden(TRIBUNAL_TEST_DATA "/latex/cascade_summary.tex",
                             cascadeSummaryLatex(*audit, cascades(*audit), cascadeSettings(), options));
        if (QTest::currentTestFailed())
            return;
        const std::string confident = confidentErrorLatex(*audit, errors(*audit, 2), options);
        testing::checkGolden(TRIBUNAL_TEST_DATA "/latex/confident_errors.tex", confident);
        if (QTest::currentTestFailed())
            return;
        QVERIFY(confident.find("casc \\& co & D\\_1 & Depth\\_1 & q2") != std::string::npos);
        testing::checkGolden(TRIBUNAL_TEST_DATA "/latex/jury.tex",
                             juryLatex(*audit, juries(*audit), pairedSettings()));
    }

    void latexRefusesEmpty()
    {
        const AuditPtr audit = buildAudit();
        const auto refused = [](auto write, const char* message) {
            try {
                write();
                QFAIL("an empty table was written");
            } catch (const std::invalid_argument& e) {
                QCOMPARE(std::string(e.what()), std::string(message));
            }
        };
        refused([&] { cascadeSummaryLatex(*audit, {}, {}); }, "cascade table: no panel");
        refused([&] { confidentErrorLatex(*audit, {}); }, "confident-error table: no panel");
        refused([&] { juryLatex(*audit, {}, {}); }, "jury table: no panel");
    }

    void standaloneDocuments()
    {
        const AuditPtr audit = buildAudit();
        const std::string dir = TRIBUNAL_BUILD_DIR "/latex-documents/";
        testing::writeTextFile(
            dir + "cascade_summary.tex",
            latexStandaloneDocument(cascadeSummaryLatex(*audit, cascades(*audit), cascadeSettings())));
        testing::writeTextFile(dir + "confident_errors.tex",
                               latexStandaloneDocument(confidentErrorLatex(*audit, errors(*audit, 12))));
        testing::writeTextFile(dir + "jury.tex",
                               latexStandaloneDocument(juryLatex(*audit, juries(*audit), pairedSettings())));
    }
};

QTEST_APPLESS_MAIN(TestCascadeReport)
#include "tst_cascadereport.moc"
