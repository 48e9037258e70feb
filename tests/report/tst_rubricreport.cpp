// Rubric tables (core/report/rubrictables.h, rubriclatex.h): the rubric and compare flat tables' columns and
// hand values (examples.md section 5: exact 2/3, QWK 56/71, gap 11/48; a binary panel worked below), LaTeX
// golden files and standalone documents for the pdflatex compile test (tests/report/compile_latex.sh).
// Goldens: tests/data/latex/rubric_accuracy.tex, paired_comparison.tex; regenerate with
// TRIBUNAL_UPDATE_GOLDEN=1 (tests/common/golden.h) and review the diff.
#include "analysis/judgecomparison.h"
#include "model/auditbuilder.h"
#include "report/flattable.h"
#include "report/latex.h"
#include "report/rubriclatex.h"
#include "report/rubrictables.h"

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

struct Pair {
    std::string dataset;
    std::string id;
    TaskKind kind;
    std::vector<Answer> ratings;
    std::vector<std::pair<std::string, Answer>> answers; ///< (judge, answer), one run each
};

/// Panel D1 = examples.md section 5 (criterion "Clarity", levels 1-5): J1 as in the example, "J_2&co"
/// answers 4 2 2 5 4 2, J3 = J1. Panel "bin_panel" (criterion "Has three lines"): ratings b1 M M U (label
/// MET), b2 U U (UNMET), b3 M M (MET), b4 U M U (UNMET); J1 answers M M M U, J4 the opposite of every label.
AuditPtr buildAudit()
{
    std::vector<Pair> pairs;
    const std::vector<std::vector<Answer>> ratings = {{4, 4, 5}, {1, 2}, {1, 2, 2},
                                                      {5, 5, 5}, {4, 5}, {2, 2, 1}};
    const Answer j1[6] = {5, 2, 4, 5, 5, 2}, j2[6] = {4, 2, 2, 5, 4, 2};
    for (std::size_t u = 0; u < 6; ++u)
        pairs.push_back({"D1",
                         "u" + std::to_string(u + 1),
                         TaskKind::Ordinal,
                         ratings[u],
                         {{"J1", j1[u]}, {"J_2&co", j2[u]}, {"J3", j1[u]}}});
    pairs.push_back(
        {"bin_panel", "b1", TaskKind::Binary, {kMet, kMet, kUnmet}, {{"J1", kMet}, {"J4", kUnmet}}});
    pairs.push_back({"bin_panel", "b2", TaskKind::Binary, {kUnmet, kUnmet}, {{"J1", kMet}, {"J4", kMet}}});
    pairs.push_back({"bin_panel", "b3", TaskKind::Binary, {kMet, kMet}, {{"J1", kMet}, {"J4", kUnmet}}});
    pairs.push_back(
        {"bin_panel", "b4", TaskKind::Binary, {kUnmet, kMet, kUnmet}, {{"J1", kUnmet}, {"J4", kMet}}});
    AuditBuilder b;
    for (const Pair& p : pairs) {
        const auto item = b.addItem(b.intern(p.dataset), b.intern(p.id), p.kind);
        b.setText(item, ItemText::UnitId, b.intern(p.id));
        b.setText(item, ItemText::Criterion,
                  b.intern(p.kind == TaskKind::Ordinal ? "Clarity" : "Has three lines"));
        if (p.kind == TaskKind::Ordinal)
            b.setLevels(item, {b.intern("1"), b.intern("2"), b.intern("3"), b.intern("4"), b.intern("5")});
        std::vector<Rating> rs;
        for (std::size_t r = 0; r < p.ratings.size(); ++r)
            rs.push_back({b.intern("r" + std::to_string(r + 1)), p.ratings[r]});
        b.setRatings(item, rs);
        for (const auto& [judge, value] : p.answers) {
            JudgmentInput j;
            j.item = item;
            j.judge = b.intern(judge);
            j.format = b.intern("F1");
            j.answer = value;
            b.addJudgment(j);
        }
    }
    ImportLog log;
    auto audit = b.build(log);
    Q_ASSERT(audit);
    return audit;
}

PairedSettings pairedSettings()
{
    PairedSettings s;
    s.resamples = 1000;
    s.threads = 1;
    return s;
}

std::vector<JudgeComparison> comparisons(const Audit& audit)
{
    std::vector<StrId> judges;
    for (const char* name : {"J1", "J_2&co", "J3", "J4"})
        judges.push_back(*audit.strings().find(name));
    return compareJudges(audit, judges, kEmptyStr, {}, pairedSettings());
}

/// The cell of `table` at (row, column name).
FlatCell cell(const FlatTable& table, std::size_t row, const std::string& column)
{
    for (std::size_t c = 0; c < table.columns.size(); ++c)
        if (table.columns[c] == column)
            return table.rows.at(row).at(c);
    qFatal("no column %s", column.c_str());
}

double number(const FlatTable& table, std::size_t row, const std::string& column)
{
    const FlatCell value = cell(table, row, column);
    if (std::holds_alternative<std::int64_t>(value))
        return static_cast<double>(std::get<std::int64_t>(value));
    if (std::holds_alternative<double>(value))
        return std::get<double>(value);
    return std::nan("");
}

std::string textOf(const FlatTable& table, std::size_t row, const std::string& column)
{
    const FlatCell value = cell(table, row, column);
    return std::holds_alternative<std::string>(value) ? std::get<std::string>(value)
                                                      : std::string("<missing>");
}

bool near(double a, double b)
{
    return std::abs(a - b) < 1e-12;
}

} // namespace

class TestRubricReport : public QObject {
    Q_OBJECT
private slots:
    void rubricTableColumnsAndValues()
    {
        const AuditPtr audit = buildAudit();
        const FlatTable table = rubricTable(*audit, analyseRubric(*audit));
        const std::vector<std::string> head = {"judge",    "format", "panel",           "criterion",
                                               "kind",     "n",      "exact",           "within_one",
                                               "qwk",      "offset", "slope",           "gap_to_reference",
                                               "accuracy", "kappa",  "met_rate_offset", "fpr",
                                               "fnr"};
        QVERIFY(table.columns.size() > head.size());
        QVERIFY(std::equal(head.begin(), head.end(), table.columns.begin()));
        // Rows in cell order (panel, then judge; criterion then pooled): J1, J_2&co, J3 on D1, J1, J4 on
        // bin_panel, then the constant baselines: D1 x2, bin_panel x2.
        QCOMPARE(table.rows.size(), std::size_t(14));
        QCOMPARE(textOf(table, 0, "judge"), std::string("J1"));
        QCOMPARE(textOf(table, 0, "panel"), std::string("D1"));
        QCOMPARE(textOf(table, 0, "criterion"), std::string("Clarity"));
        QCOMPARE(textOf(table, 0, "kind"), std::string("ordinal"));
        QCOMPARE(number(table, 0, "n"), 6.0);
        QVERIFY(near(number(table, 0, "exact"), 2.0 / 3)); // examples.md section 5
        QVERIFY(near(number(table, 0, "within_one"), 5.0 / 6));
        QVERIFY(near(number(table, 0, "qwk"), 56.0 / 71));
        QVERIFY(near(number(table, 0, "offset"), 0.5));
        QVERIFY(near(number(table, 0, "slope"), 14.0 / 17));
        QVERIFY(near(number(table, 0, "gap_to_reference"), 11.0 / 48)); // 2/3 - 7/16
        QVERIFY(near(number(table, 0, "reference_exact"), 7.0 / 16));
        QVERIFY(std::isnan(number(table, 0, "accuracy"))); // binary columns empty on ordinal rows
        QCOMPARE(textOf(table, 1, "criterion"), std::string("<missing>")); // pooled row
        QCOMPARE(std::get<bool>(cell(table, 1, "pooled")), true);
        QVERIFY(near(number(table, 1, "gap_to_reference"), 11.0 / 48));
        // Binary: labels M U M U, J1 answers M M M U. accuracy 3/4; kappa (3/4 - 1/2) / (1 - 1/2) = 1/2 with
        // expected agreement 1/2 x 3/4 + 1/2 x 1/4 = 1/2; MET rate 3/4 - 2/4 = 1/4; FPR 1/2 (b2); FNR 0.
        // Raters (R4): b1 U vs M M wrong (the two M ratings tie their others: skipped), b2 2 right, b3 2
        // right, b4 M vs U U wrong (the U ratings tie: skipped): 4/6; gap 3/4 - 2/3 = 1/12.
        QCOMPARE(textOf(table, 6, "panel"), std::string("bin_panel"));
        QCOMPARE(textOf(table, 6, "kind"), std::string("binary"));
        QVERIFY(near(number(table, 6, "accuracy"), 0.75));
        QVERIFY(near(number(table, 6, "kappa"), 0.5));
        QVERIFY(near(number(table, 6, "met_rate_offset"), 0.25));
        QVERIFY(near(number(table, 6, "fpr"), 0.5));
        QVERIFY(near(number(table, 6, "fnr"), 0.0));
        QVERIFY(near(number(table, 6, "gap_to_reference"), 0.75 - 4.0 / 6));
        QVERIFY(std::isnan(number(table, 6, "exact")));
        QCOMPARE(textOf(table, 10, "predictor"), std::string("constant"));
        QCOMPARE(textOf(table, 10, "judge"), std::string("<missing>"));
        // Constant on D1: modal label 2 (labels 4 2 2 5 5 2): right on u2 u3 u6 = 1/2.
        QVERIFY(near(number(table, 10, "exact"), 0.5));
    }

    void compareTableColumnsAndValues()
    {
        const AuditPtr audit = buildAudit();
        const auto all = comparisons(*audit);
        const FlatTable table = compareTable(*audit, all, false);
        const std::vector<std::string> head = {"panel",  "judge1",  "judge2",    "format",  "n_pairs",
                                               "diff",   "ci95_lo", "ci95_hi",   "ci90_lo", "ci90_hi",
                                               "p_boot", "p_holm",  "p_mcnemar", "p_sign",  "outcome"};
        QVERIFY(std::equal(head.begin(), head.end(), table.columns.begin()));
        QVERIFY(std::find(table.columns.begin(), table.columns.end(), "cluster_p_boot") ==
                table.columns.end());
        // D1: J1-J_2&co, J1-J3, J_2&co-J3; bin_panel: J1-J4.
        QCOMPARE(table.rows.size(), std::size_t(4));
        QCOMPARE(textOf(table, 0, "judge2"), std::string("J_2&co"));
        QCOMPARE(number(table, 0, "n_pairs"), 6.0);
        QVERIFY(near(number(table, 0, "diff"), -1.0 / 6)); // 4/6 - 5/6
        // McNemar: J1 alone right on u5, J_2&co alone on u1 and u3: 2 P(X <= 1 | 3) = 1.
        QCOMPARE(number(table, 0, "p_mcnemar"), 1.0);
        QCOMPARE(number(table, 0, "mcnemar_only1"), 1.0);
        QCOMPARE(number(table, 0, "mcnemar_only2"), 2.0);
        // J1 = J3: every replicate 0, both intervals [0, 0]: parity at margin 0.05.
        QCOMPARE(textOf(table, 1, "outcome"), std::string("parity"));
        QCOMPARE(number(table, 1, "diff"), 0.0);
        // bin_panel: J1 right on 3 of 4, J4 on none: +3/4.
        QVERIFY(near(number(table, 3, "diff"), 0.75));
        QCOMPARE(textOf(table, 3, "outcome"),
                 std::string(pairedOutcomeName(all[3].result.unitBootstrap.outcome)));
        const FlatTable clustered = compareTable(*audit, all, true);
        QCOMPARE(clustered.columns.back(), std::string("cluster_outcome"));
    }

    void latexGoldens()
    {
        const AuditPtr audit = buildAudit();
        RubricLatexOptions options;
        options.title = "Fixture with hostile names & 100% labels.";
        options.qwk = true;
        testing::checkGolden(TRIBUNAL_TEST_DATA "/latex/rubric_accuracy.tex",
                             rubricAccuracyLatex(*audit, analyseRubric(*audit), options));
        if (QTest::currentTestFailed())
            return;
        const auto all = comparisons(*audit);
        const std::string paired = pairedComparisonLatex(*audit, all, pairedSettings(), {});
        testing::checkGolden(TRIBUNAL_TEST_DATA "/latex/paired_comparison.tex", paired);
        if (QTest::currentTestFailed())
            return;
        // The markers follow the outcomes: parity (J1 = J3) gets the dagger.
        QCOMPARE(all[1].result.unitBootstrap.outcome, PairedOutcome::Parity);
        QVERIFY(paired.find("0.0 [0.0, 0.0]$^{\\dagger}$") != std::string::npos);
        QVERIFY(paired.find("J\\_2\\&co") != std::string::npos);
    }

    void latexRefusesEmpty()
    {
        AuditBuilder b;
        ImportLog log;
        const AuditPtr audit = b.build(log);
        try {
            rubricAccuracyLatex(*audit, analyseRubric(*audit));
            QFAIL("an empty accuracy table was written");
        } catch (const std::invalid_argument& e) {
            QCOMPARE(std::string(e.what()),
                     std::string("rubric accuracy table: the audit has no rubric judge rows"));
        }
        try {
            pairedComparisonLatex(*audit, {}, pairedSettings(), {});
            QFAIL("an empty comparison table was written");
        } catch (const std::invalid_argument& e) {
            QCOMPARE(std::string(e.what()), std::string("paired comparison table: no comparison"));
        }
    }

    void standaloneDocuments()
    {
        const AuditPtr audit = buildAudit();
        const std::string dir = TRIBUNAL_BUILD_DIR "/latex-documents/";
        RubricLatexOptions options;
        options.qwk = true;
        testing::writeTextFile(dir + "rubric_accuracy.tex", latexStandaloneDocument(rubricAccuracyLatex(
                                                                *audit, analyseRubric(*audit), options)));
        testing::writeTextFile(dir + "paired_comparison.tex",
                               latexStandaloneDocument(
                                   pairedComparisonLatex(*audit, comparisons(*audit), pairedSettings(), {})));
    }
};

QTEST_APPLESS_MAIN(TestRubricReport)
#include "tst_rubricreport.moc"
