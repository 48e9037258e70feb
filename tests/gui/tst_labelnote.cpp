// The workbench's missing-label note (widgets/framework/labelnote.h; the decision is
// core/analysis/labelcoverage.h): on an audit whose judgments came without their items' labels (a pairwise
// dataset d1 and a rubric panel P1, as when a Tribunal JSONL judgments file is opened without its items
// file), the trust overview, the rubric and the cascade panels show the note naming the datasets and cells,
// and the workspaces say so in the status line; with labels the note is hidden.

#include "cascades/cascadepanel.h"
#include "cascades/cascadeview.h"
#include "cascades/cascadeworkspace.h"
#include "framework/auditsession.h"
#include "rubric/rubricpanel.h"
#include "rubric/rubricworkspace.h"
#include "trust/overviewpanel.h"
#include "trust/trusttablemodel.h"
#include "trust/trustworkspace.h"

#include "io/project/projectfile.h"
#include "model/auditbuilder.h"

#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace tribunal;

namespace {

/// d1: pairwise items p0..p3 judged by j1 in format Direct, both orders, two runs; P1: binary items u0..u5
/// (criterion "safe") judged by jD and jF in format G-Eval, jD with P(MET). With `labelled`, the pairwise
/// items have a label and the rubric items one rating each.
AuditPtr buildAudit(bool labelled)
{
    AuditBuilder b;
    const auto file = b.addSourceFile("tst_labelnote");
    std::uint64_t line = 0;
    for (int i = 0; i < 4; ++i) {
        const auto item = b.addItem(b.intern("d1"), b.intern("p" + std::to_string(i)), TaskKind::Pairwise);
        if (labelled)
            b.setLabel(item, i % 2 == 0 ? answer::kA : answer::kB);
        for (Order order : {Order::AB, Order::BA}) {
            for (std::uint16_t rep = 1; rep <= 2; ++rep) {
                JudgmentInput j;
                j.item = item;
                j.judge = b.intern("j1");
                j.format = b.intern("Direct");
                j.order = order;
                j.rep = rep;
                j.answer = (i + rep) % 3 == 0 ? answer::kB : answer::kA;
                j.source = {file, ++line};
                b.addJudgment(j);
            }
        }
    }
    for (int u = 0; u < 6; ++u) {
        const auto item =
            b.addItem(b.intern("P1"), b.intern("u" + std::to_string(u) + "-safe"), TaskKind::Binary);
        b.setText(item, ItemText::UnitId, b.intern("u" + std::to_string(u)));
        b.setText(item, ItemText::Criterion, b.intern("safe"));
        if (labelled)
            b.setRatings(item, {Rating{b.intern("r1"), u % 2 == 0 ? answer::kMet : answer::kUnmet}});
        for (const char* judge : {"jD", "jF"}) {
            JudgmentInput j;
            j.item = item;
            j.judge = b.intern(judge);
            j.format = b.intern("G-Eval");
            j.answer = u % 3 == 0 ? answer::kUnmet : answer::kMet;
            j.costUsd = judge[1] == 'D' ? 0.001 : 0.01;
            ProbEntry probs[2] = {{answer::kMet, j.answer == answer::kMet ? 0.6 + 0.05 * u : 0.3},
                                  {answer::kUnmet, j.answer == answer::kMet ? 0.4 - 0.05 * u : 0.7}};
            if (judge[1] == 'D')
                j.probs = {probs, 2};
            j.source = {file, ++line};
            b.addJudgment(j);
        }
    }
    ImportLog log;
    return b.build(log);
}

const QString kAdvice = QStringLiteral("are empty there: import the items with their labels (the "
                                       ".items.jsonl file beside a Tribunal JSONL file) "
                                       "or a labelled file.");

} // namespace

class TestLabelNote : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void panelsShowTheNote();
    void labelledAuditHasNone();

private:
    void open(AuditSession& session, bool labelled);
    QTemporaryDir m_dir;
};

void TestLabelNote::initTestCase()
{
    QVERIFY(m_dir.isValid());
}

void TestLabelNote::open(AuditSession& session, bool labelled)
{
    const AuditPtr audit = buildAudit(labelled);
    QVERIFY(audit);
    const QString path = m_dir.filePath(labelled ? "labelled.tribunal" : "unlabelled.tribunal");
    std::string error;
    QVERIFY2(ProjectFile::save(path.toStdString(), *audit, {}, &error), error.c_str());
    QVERIFY(session.openProject(path));
    session.waitForJob();
    QVERIFY(session.audit());
}

void TestLabelNote::panelsShowTheNote()
{
    AuditSession session;
    TrustWorkspace trust(&session);
    RubricWorkspace rubric(&session);
    CascadeWorkspace cascades(&session);
    OverviewPanel overview(&trust);
    RubricPanel rubricPanel(&rubric);
    CascadesPanel cascadePanel(&cascades);
    QVERIFY(!overview.labelNoteLabel()->isVisibleTo(&overview));
    QSignalSpy trustStatus(&trust, &TrustWorkspace::statusMessage);
    QSignalSpy rubricStatus(&rubric, &RubricWorkspace::statusMessage);
    QSignalSpy cascadeStatus(&cascades, &CascadeWorkspace::statusMessage);
    open(session, false);
    trust.waitForIdle();
    rubric.waitForIdle();
    cascades.waitForIdle();

    // Trust overview: only the pairwise dataset (the rubric panel is not in its scope).
    QLabel* note = overview.labelNoteLabel();
    QCOMPARE(note->objectName(), QStringLiteral("labelNote"));
    QVERIFY(note->isVisibleTo(&overview));
    QCOMPARE(note->text(), "No labels for dataset d1 (cells: j1/Direct).\nThe accuracy columns (A, A_max, T, "
                           "T_joint) " +
                               kAdvice);
    QVERIFY(trustStatus.contains(QVariantList{QStringLiteral("No labels for dataset(s) d1: their accuracy "
                                                             "columns are empty.")}));
    // The table still has the row, with A empty.
    QCOMPARE(overview.model()->rowCount(), 1);

    const QString rubricNote = QStringLiteral("No labels for dataset P1 (cells: jD/G-Eval, jF/G-Eval).\n");
    QVERIFY(rubricPanel.labelNoteLabel()->isVisibleTo(&rubricPanel));
    QCOMPARE(rubricPanel.labelNoteLabel()->text(),
             rubricNote +
                 "The accuracy columns (exact, within_one, qwk, offset, slope, accuracy, kappa, "
                 "met_rate_offset, fpr, fnr, gap_to_reference) " +
                 kAdvice);
    const QVariantList rubricLine{
        QStringLiteral("No labels for dataset(s) P1: their accuracy columns are empty.")};
    QVERIFY(rubricStatus.contains(rubricLine));

    QVERIFY(cascadePanel.labelNoteLabel()->isVisibleTo(&cascadePanel));
    QCOMPARE(cascadePanel.labelNoteLabel()->text(),
             rubricNote +
                 "The accuracy columns (accuracy, deferred_share, first_accuracy, best_single_accuracy, "
                 "oracle_accuracy) " +
                 kAdvice);
    QVERIFY(cascadeStatus.contains(rubricLine));
}

void TestLabelNote::labelledAuditHasNone()
{
    AuditSession session;
    TrustWorkspace trust(&session);
    RubricWorkspace rubric(&session);
    CascadeWorkspace cascades(&session);
    OverviewPanel overview(&trust);
    RubricPanel rubricPanel(&rubric);
    CascadesPanel cascadePanel(&cascades);
    // First without labels, then with them: the note goes away.
    open(session, false);
    trust.waitForIdle();
    rubric.waitForIdle();
    cascades.waitForIdle();
    QVERIFY(overview.labelNoteLabel()->isVisibleTo(&overview));
    open(session, true);
    trust.waitForIdle();
    rubric.waitForIdle();
    cascades.waitForIdle();
    for (QLabel* note :
         {overview.labelNoteLabel(), rubricPanel.labelNoteLabel(), cascadePanel.labelNoteLabel()}) {
        QVERIFY(!note->isVisibleTo(note->parentWidget()));
        QCOMPARE(note->text(), QString());
    }
    QVERIFY(trust.view()->labels.status.isEmpty());
}

QTEST_MAIN(TestLabelNote)
#include "tst_labelnote.moc"
