// Flat tables of the Rubric panel's heatmap and shift curve (core/report/rubricdetailtables.h): every
// column and cell of a small binary confusion table and an ordinal shift-curve table written as CSV (hand
// values below), a condition key as a column, zero cells written, missing accuracies as empty / null, and
// rows per matrix = K x K.
#include "report/rubricdetailtables.h"

#include "../common/rubricaudits.h"

#include <QtTest>

using namespace tribunal;
using tribunal::testing::buildRubricAudit;

namespace {

constexpr Answer M = answer::kMet, U = answer::kUnmet, NA = answer::kNA, NONE = answer::kNone;
constexpr TaskKind kBin = TaskKind::Binary, kOrd = TaskKind::Ordinal;

/// Binary "safe": b1 raters M M U (MET) runs M, U; b3 rater U (UNMET) runs U, NA; b5 rater M (MET) run none.
/// Ordinal "c" on 3 levels: o1 rated 2, run 3; o2 rated 1, run 2. "vague": no rating, no label.
AuditPtr audit()
{
    return buildRubricAudit({{"b1", "safe", kBin, 0, {M, M, U}, {M, U}},
                             {"b3", "safe", kBin, 0, {U}, {U, NA}},
                             {"b5", "safe", kBin, 0, {M}, {NONE}},
                             {"o1", "c", kOrd, 3, {2}, {3}},
                             {"o2", "c", kOrd, 3, {1}, {2}},
                             {"v1", "vague", kOrd, 2, {}, {1}}},
                            "panel", {{"temperature", "0"}});
}

} // namespace

class TestRubricDetailTables : public QObject {
    Q_OBJECT
private slots:
    void confusionCsv()
    {
        const AuditPtr a = audit();
        const std::vector<RubricConfusion> all = analyseRubricConfusion(*a);
        std::vector<RubricConfusion> safe{all.at(0)};
        QCOMPARE(a->str(safe[0].criterion), std::string_view("safe"));
        // Rows UNMET then MET: UNMET <- b3 (U; NA abstains), MET <- b1 (M, U), b5 (none fails).
        // n = 3 scored, pairs b1 and b3 = 2.
        QCOMPARE(writeFlatTable(confusionTable(*a, safe), TableFormat::Csv),
                 std::string("judge,format,temperature,panel,criterion,kind,label,predicted,count,label_n,"
                             "label_abstained,label_failed,n,pairs\n"
                             "j,f,0,panel,safe,binary,UNMET,UNMET,1,1,1,0,3,2\n"
                             "j,f,0,panel,safe,binary,UNMET,MET,0,1,1,0,3,2\n"
                             "j,f,0,panel,safe,binary,MET,UNMET,1,2,0,1,3,2\n"
                             "j,f,0,panel,safe,binary,MET,MET,1,2,0,1,3,2\n"));
    }

    void confusionRowsPerMatrix()
    {
        // safe K = 2, c K = 3, vague K = 2 (all zero): 4 + 9 + 4 rows; ordinal labels as level numbers.
        const AuditPtr a = audit();
        const FlatTable table = confusionTable(*a, analyseRubricConfusion(*a));
        QCOMPARE(table.rows.size(), std::size_t(17));
        const std::string csv = writeFlatTable(table, TableFormat::Csv);
        QVERIFY(csv.find("\nj,f,0,panel,c,ordinal,1,2,1,1,0,0,2,2\n") != std::string::npos);
        QVERIFY(csv.find("\nj,f,0,panel,c,ordinal,2,3,1,1,0,0,2,2\n") != std::string::npos);
        QVERIFY(csv.find("\nj,f,0,panel,vague,ordinal,2,2,0,0,0,0,0,0\n") != std::string::npos);
        // Without conditions there is no condition column; an empty list gives the header only.
        const AuditPtr plain = buildRubricAudit({{"b1", "safe", kBin, 0, {M}, {M}}});
        QCOMPARE(
            writeFlatTable(confusionTable(*plain, {}), TableFormat::Csv),
            std::string("judge,format,panel,criterion,kind,label,predicted,count,label_n,label_abstained,"
                        "label_failed,n,pairs\n"));
    }

    void shiftCurveCsv()
    {
        // c: labels 2, 1; answers 3, 2. s = -2: 1 and 1 (clipped) vs 2, 1 -> 1/2; s = -1: 2, 1 -> 1;
        // s = 0, 1, 2: 0. Best shift -1. The pooled row (one criterion) repeats the curve.
        const AuditPtr a = audit();
        std::vector<LevelShiftRow> rows;
        for (const LevelShiftRow& r : analyseLevelShifts(*a))
            if (a->str(r.criterion) == "c" || (r.pooled && r.n == 2))
                rows.push_back(r);
        QCOMPARE(rows.size(), std::size_t(2));
        QCOMPARE(
            writeFlatTable(shiftCurveTable(*a, rows), TableFormat::Csv),
            std::string("judge,format,temperature,panel,criterion,pooled,levels,shift,accuracy,n,best_shift\n"
                        "j,f,0,panel,c,false,3,-2,0.5,2,-1\n"
                        "j,f,0,panel,c,false,3,-1,1,2,-1\n"
                        "j,f,0,panel,c,false,3,0,0,2,-1\n"
                        "j,f,0,panel,c,false,3,1,0,2,-1\n"
                        "j,f,0,panel,c,false,3,2,0,2,-1\n"
                        "j,f,0,panel,,true,3,-2,0.5,2,-1\n"
                        "j,f,0,panel,,true,3,-1,1,2,-1\n"
                        "j,f,0,panel,,true,3,0,0,2,-1\n"
                        "j,f,0,panel,,true,3,1,0,2,-1\n"
                        "j,f,0,panel,,true,3,2,0,2,-1\n"));
    }

    void shiftCurveMissingAccuracy()
    {
        // "vague" alone (no label): n = 0, so the accuracies are missing: empty in CSV, null in JSON.
        const AuditPtr a = buildRubricAudit({{"v1", "vague", kOrd, 2, {}, {1}}});
        const FlatTable table = shiftCurveTable(*a, analyseLevelShifts(*a));
        // levelshift.cpp takes a criterion row's K from its scored predictions (none here: K = 0, the curve
        // s = 0 only) but the pooled row's from the pairs (K = 2: s = -1, 0, 1).
        QCOMPARE(table.rows.size(), std::size_t(4));
        QCOMPARE(writeFlatTable(table, TableFormat::Csv),
                 std::string("judge,format,panel,criterion,pooled,levels,shift,accuracy,n,best_shift\n"
                             "j,f,panel,vague,false,0,0,,0,0\n"
                             "j,f,panel,,true,2,-1,,0,0\n"
                             "j,f,panel,,true,2,0,,0,0\n"
                             "j,f,panel,,true,2,1,,0,0\n"));
        const std::string json = writeFlatTable(table, TableFormat::Json);
        QVERIFY(json.find("\"accuracy\":null") != std::string::npos ||
                json.find("\"accuracy\": null") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestRubricDetailTables)
#include "tst_rubricdetailtables.moc"
