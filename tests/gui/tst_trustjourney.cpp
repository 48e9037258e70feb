// Issue 4, "Done when", through the real main window on the bundled sample: change a setting and see the
// overview table update; click a plot point and find the flip inspector on that cell; step with J/K; write
// a note with N; save; reopen in a new window and find the note.

#include "framework/auditsession.h"
#include "framework/mainwindow.h"
#include "plots/isotrustplot.h"
#include "plots/plotspanel.h"
#include "plots/trustplot.h"
#include "trust/flipfilterproxy.h"
#include "trust/flipinspectorpanel.h"
#include "trust/overviewpanel.h"
#include "trust/trustsettingsform.h"
#include "trust/trusttablemodel.h"
#include "trust/trustworkspace.h"

#include <QCheckBox>
#include <QDialog>
#include <QPlainTextEdit>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace tribunal;

namespace {

const QString kSample = QStringLiteral(TRIBUNAL_BUILD_DIR "/resources/sample.tribunal");

void openAndWait(MainWindow& window, const QString& path)
{
    QSignalSpy finished(window.session(), &AuditSession::jobFinished);
    QVERIFY(window.openPaths({path}));
    QVERIFY(finished.wait(60000));
    window.trustWorkspace()->waitForIdle();
}

// The overview's displayed text in column `name` of source row `row`.
QString shown(const OverviewPanel& overview, int row, const QString& name)
{
    const auto* model = overview.model();
    for (int c = 0; c < model->columnCount(); ++c) {
        if (model->headerData(c, Qt::Horizontal).toString() == name)
            return model->index(row, c).data().toString();
    }
    return QStringLiteral("<no column %1>").arg(name);
}

} // namespace

class TestTrustJourney : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void analystToReviewerJourney();
};

void TestTrustJourney::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("TribunalJourneyTest"));
    QSettings().clear();
}

void TestTrustJourney::analystToReviewerJourney()
{
    QTemporaryDir dir;
    const QString copy = dir.filePath(QStringLiteral("journey.tribunal"));
    QVERIFY(QFile::copy(kSample, copy));
    QString noted;
    std::string notedDataset, notedItem;
    const QString note = QStringLiteral("Rationale prefers (a) but the verdict says (b).");
    {
        MainWindow window;
        window.resize(1600, 1000);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        openAndWait(window, copy);
        auto* workspace = window.trustWorkspace();
        auto* overview = window.overviewPanel();
        QVERIFY(workspace->view()->rowCount() > 0);
        QCOMPARE(overview->model()->rowCount(), workspace->view()->rowCount());

        // 1. Analyst: LLMBar has one run, so T is "n/a (1 run)" until C = 1 is assumed; ticking it updates
        //    the table.
        int llmbar = -1;
        for (int r = 0; r < workspace->view()->rowCount() && llmbar < 0; ++r) {
            const auto& row = workspace->view()->table.rows[std::size_t(r)];
            if (row.judge == "GPT-4" && row.format == "CoT")
                llmbar = r;
        }
        QVERIFY(llmbar >= 0);
        QCOMPARE(shown(*overview, llmbar, QStringLiteral("C")), QStringLiteral("n/a (1 run)"));
        QCOMPARE(shown(*overview, llmbar, QStringLiteral("T")), QStringLiteral("n/a (1 run)"));
        QTest::mouseClick(overview->settingsForm()->assumeConsistentBox(), Qt::LeftButton);
        QTRY_VERIFY(workspace->settings().trust.assumeConsistentWhenSingleRun);
        workspace->waitForIdle();
        const auto& row = workspace->view()->table.rows[std::size_t(llmbar)];
        QVERIFY(!std::isnan(row.T));
        QCOMPARE(shown(*overview, llmbar, QStringLiteral("T")), QString::number(row.T * 100, 'f', 1));

        // 2. Click that cell's point in the iso-T plot: the cell is selected everywhere and the flip
        //    inspector shows it.
        auto* plots = window.plotsPanel();
        auto* plot = plots->isoTrustPlot();
        for (int page = 0; page < plots->tabs()->count(); ++page) {
            if (plots->tabs()->widget(page)->isAncestorOf(plot))
                plots->tabs()->setCurrentIndex(page);
        }
        window.plotsPanel()->raise();
        QTRY_VERIFY(plot->isVisible());
        plot->replot();
        const auto pixel = plot->pixelOfRow(llmbar);
        QVERIFY(pixel);
        QTest::mouseClick(plot, Qt::LeftButton, {}, pixel->toPoint());
        // Another point may sit on the same pixel; the click picks one of the cells drawn there.
        const int picked = workspace->selectedRow();
        QVERIFY(picked >= 0);
        QVERIFY(plot->pixelOfRow(picked));
        QVERIFY(QLineF(*plot->pixelOfRow(picked), *pixel).length() <= 6.0);
        auto* flip = window.flipInspector();
        QCOMPARE(flip->shownRow(), picked);
        QTRY_VERIFY(flip->isVisible());
        QCOMPARE(overview->view()->currentIndex().isValid(), true);

        // 3. Reviewer: J / K step through the cell's items.
        QVERIFY(flip->proxy()->rowCount() > 3);
        flip->view()->setFocus();
        QTRY_VERIFY(flip->view()->hasFocus());
        flip->setCurrentRow(0);
        QTest::keyClick(flip, Qt::Key_J);
        QTest::keyClick(flip, Qt::Key_J);
        QCOMPARE(flip->currentRow(), 2);
        QTest::keyClick(flip, Qt::Key_K);
        QCOMPARE(flip->currentRow(), 1);

        // 4. N writes a note on the current item; it is an unsaved change until saved.
        const auto& audit = *window.session()->audit();
        const auto item = std::size_t(flip->currentItem());
        notedDataset = std::string(audit.str(audit.items().dataset[item]));
        notedItem = std::string(audit.str(audit.items().itemId[item]));
        QTest::keyClick(flip, Qt::Key_N);
        QVERIFY(flip->noteEditor());
        flip->noteEditorText()->setPlainText(note);
        flip->noteEditor()->accept();
        QCOMPARE(window.session()->note(notedDataset, notedItem), note);
        QVERIFY(window.session()->isDirty());
        QVERIFY(window.isWindowModified());

        // 5. Save (File > Save writes the opened project).
        QSignalSpy saved(window.session(), &AuditSession::jobFinished);
        QTest::keySequence(&window, QKeySequence::Save);
        QVERIFY(saved.count() > 0 || saved.wait(60000));
        window.session()->waitForJob();
        QVERIFY(!window.session()->isDirty());
        noted = copy;
    }
    // 6. Reopen in a new window: the note is there, and the inspector shows it on that item.
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    openAndWait(window, noted);
    QCOMPARE(window.session()->note(notedDataset, notedItem), note);
}

QTEST_MAIN(TestTrustJourney)
#include "tst_trustjourney.moc"
