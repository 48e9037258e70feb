// A superseded workspace job stops (widgets/framework/jobcancel.h, core/model/progress.h): each row opens the
// bundled sample with settings whose long job would run for minutes (K9 halvings, the jury's and the paired
// comparisons' R7 resamples, the B4 / B5 resampling), supersedes that job at once with small settings, and
// checks that the long one stopped at its cancel flag (cancelledJobs) and the small one's result is shown. On
// code without the flag the superseded job runs to its end and the row times out.

#include "bias/biasworkspace.h"
#include "cascades/cascadeview.h"
#include "cascades/cascadeworkspace.h"
#include "framework/auditsession.h"
#include "rubric/rubricworkspace.h"

#include <QFile>
#include <QtTest>

using namespace tribunal;

namespace {

const QString kSample = QStringLiteral(TRIBUNAL_BUILD_DIR "/resources/sample.tribunal");

} // namespace

class TestSupersededJobs : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY2(QFile::exists(kSample), qPrintable(kSample)); }
    void cascadeSummaryAndJuryStop();
    void pairedComparisonsStop();
    void biasTestsStop();
};

void TestSupersededJobs::cascadeSummaryAndJuryStop()
{
    AuditSession session;
    CascadeWorkspace cascades(&session);
    CascadePanelSettings heavy;
    heavy.halvings = 100000;        // K9: minutes of cross-fitting
    heavy.juryResamples = 10000000; // R7 of the jury job
    cascades.setSettings(heavy);
    cascades.requestJury();
    QVERIFY(session.openProject(kSample));
    session.waitForJob(); // the audit is in: the heavy summary and jury jobs start
    QVERIFY(cascades.isBusy());
    CascadePanelSettings light = heavy;
    light.halvings = 2;
    light.juryResamples = 50;
    cascades.setSettings(light); // supersedes both
    session.waitForIdle();
    QVERIFY2(cascades.cancelledJobs() >= 2, qPrintable(QString::number(cascades.cancelledJobs())));
    QVERIFY(cascades.summaryCurrent());
    QCOMPARE(cascades.summaryView()->halvings, 2);
    QVERIFY(cascades.juryCurrent());
    QCOMPARE(cascades.juryView()->paired.resamples, 50);
    QVERIFY(!cascades.juryView()->cancelled);
}

void TestSupersededJobs::pairedComparisonsStop()
{
    AuditSession session;
    RubricWorkspace rubric(&session);
    RubricPanelSettings heavy;
    heavy.paired.resamples = 20000000;
    rubric.setSettings(heavy);
    QVERIFY(session.openProject(kSample));
    session.waitForJob();
    QVERIFY(rubric.isBusy());
    RubricPanelSettings light = heavy;
    light.paired.resamples = 50;
    rubric.setSettings(light);
    session.waitForIdle();
    QVERIFY2(rubric.cancelledJobs() >= 1, qPrintable(QString::number(rubric.cancelledJobs())));
}

void TestSupersededJobs::biasTestsStop()
{
    AuditSession session;
    BiasWorkspace bias(&session);
    BiasSettings heavy;
    heavy.resamples = 1000000;
    heavy.permutations = 50000000;
    bias.setSettings(heavy);
    QVERIFY(session.openProject(kSample));
    session.waitForJob();
    QVERIFY(bias.isBusy());
    BiasSettings light = heavy;
    light.resamples = 20;
    light.permutations = 20;
    bias.setSettings(light);
    session.waitForIdle();
    QVERIFY2(bias.cancelledJobs() >= 1, qPrintable(QString::number(bias.cancelledJobs())));
    QCOMPARE(bias.view()->analysis.settings.resamples, 20);
}

QTEST_MAIN(TestSupersededJobs)
#include "tst_supersededjobs.moc"
