// Issue 8, the Judges dock (workbench.md "Judges panel"), clicked through offscreen: a 6-item pairwise audit
// saved as a project and opened in an AuditSession, the judge simulator (JudgeSimServer) in-process on
// 127.0.0.1 over the same items. A judge configured through the real dialog (its API key in a fake
// environment variable named there) runs Direct x AB/BA x 2 runs: the estimate says 24 requests before the
// run, the counts say 24 answered / 0 failed after it, the reopened session has 24 judgments by "sim-gui",
// and neither the project file nor the settings hold the key. With simulator latency a run is cancelled by
// the Cancel button and a second Run resumes ("Resumes: N judgments already recorded.") and ends with every
// judgment once. The estimate follows formats, orders, runs, conditions, bias versions and the item limit
// (hand-counted rows); the dialog refuses bad input with its exact message and changes nothing; an unsaved
// audit cannot run and offers Save As; the main window has the dock.

#include "framework/auditsession.h"
#include "framework/mainwindow.h"
#include "judges/judgeeditdialog.h"
#include "judges/judgespanel.h"
#include "judges/judgesworkspace.h"

#include "../common/judgingfixtures.h"

#include "io/importer.h"
#include "io/project/projectfile.h"
#include "judging/judgesimserver.h"

#include <QAbstractButton>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSet>
#include <QSettings>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include <algorithm>
#include <memory>

using namespace tribunal;

namespace {

constexpr int kItems = 6;
const char* const kKeyVar = "TRIBUNAL_GUI_TEST_KEY";
const char* const kFakeKey = "sk-fake-gui-key-7f3a9c2e11";

/// A saved 6-item project open in a session, and the simulator over the same items.
struct Fixture {
    QTemporaryDir dir;
    QString project;
    AuditSession session;
    std::unique_ptr<JudgeSimServer> sim;

    /// `itemsJsonl` replaces the kItems pairwise items of pairwiseItemsJsonl (same dataset, same count).
    bool setUp(double latencyMs, bool save = true, const QByteArray& itemsJsonl = {})
    {
        if (!dir.isValid())
            return false;
        const QString items = dir.filePath(QStringLiteral("items.jsonl"));
        QFile file(items);
        if (!file.open(QIODevice::WriteOnly))
            return false;
        file.write(itemsJsonl.isEmpty() ? test::pairwiseItemsJsonl(kItems, QStringLiteral("gui-set"))
                                        : itemsJsonl);
        file.close();
        if (!session.openFiles({items}))
            return false;
        session.waitForJob();
        if (!session.audit() || session.audit()->itemCount() != kItems)
            return false;
        if (save) {
            project = dir.filePath(QStringLiteral("audit.tribunal"));
            if (!session.saveAs(project))
                return false;
            session.waitForJob();
            if (session.projectPath() != project || session.isDirty())
                return false;
        }
        JudgeSimConfig config;
        JudgeSimModel model;
        model.latencyMs = latencyMs;
        config.models[QStringLiteral("sim-gui")] = model;
        sim = std::make_unique<JudgeSimServer>(config, session.audit());
        QString error;
        return sim->listen(0, &error);
    }
};

QCheckBox* formatBox(JudgesPanel& panel, const QString& name)
{
    for (QCheckBox* box : panel.formatBoxes())
        if (box->text() == name)
            return box;
    return nullptr;
}

/// Shows the panel at a size where every row fits; false when the window never appears.
bool showPanel(JudgesPanel& panel)
{
    panel.resize(900, 1100);
    panel.show();
    return QTest::qWaitForWindowExposed(&panel);
}

/// Clicks `button` in the next message box that opens and keeps its texts (tst_closeaudit's BoxAnswer).
class BoxAnswer : public QObject {
public:
    explicit BoxAnswer(QMessageBox::StandardButton button) : m_button(button)
    {
        connect(&m_timer, &QTimer::timeout, this, [this] {
            auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            if (box == nullptr || !text.isEmpty())
                return;
            text = box->text();
            informativeText = box->informativeText();
            title = box->windowTitle();
            if (QAbstractButton* b = box->button(QMessageBox::Ok))
                okText = b->text();
            if (QAbstractButton* b = box->button(m_button))
                b->click();
            else
                box->reject();
        });
        m_timer.start(20);
    }
    QString text, informativeText, title, okText;

private:
    QMessageBox::StandardButton m_button;
    QTimer m_timer;
};

/// The items of pairwiseItemsJsonl with q0001's question and q0004's second response taken out.
QByteArray itemsWithoutTexts()
{
    QByteArray out;
    const QList<QByteArray> lines = test::pairwiseItemsJsonl(kItems, QStringLiteral("gui-set")).split('\n');
    for (const QByteArray& line : lines) {
        if (line.isEmpty())
            continue;
        QJsonObject item = QJsonDocument::fromJson(line).object();
        if (item.value(QStringLiteral("item_id")).toString() == QStringLiteral("q0001"))
            item.remove(QStringLiteral("question"));
        if (item.value(QStringLiteral("item_id")).toString() == QStringLiteral("q0004"))
            item.remove(QStringLiteral("response_b"));
        out += QJsonDocument(item).toJson(QJsonDocument::Compact) + '\n';
    }
    return out;
}

void click(QWidget* widget)
{
    // A check box reacts on its indicator and text only, and a grid may make it wider than those: aim at the
    // indicator on the left.
    const QPoint at = qobject_cast<QCheckBox*>(widget)
                          ? QPoint(std::min(8, widget->width() / 2), widget->height() / 2)
                          : widget->rect().center();
    QTest::mouseClick(widget, Qt::LeftButton, {}, at);
}

} // namespace

class TestJudgesPanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void runThroughThePanel();
    void cancelAndResume();
    void runThatCannotStart();
    void changedJudgmentsAreBoughtAgainOnRequest();
    void estimateFollowsTheDesign_data();
    void estimateFollowsTheDesign();
    void largeDesignEstimatesOffTheGuiThread();
    void dialogRefusesBadInput_data();
    void dialogRefusesBadInput();
    void unsavedAuditCannotRun();
    void mainWindowHasTheDock();
    void mainWindowCannotSaveDuringARun();
    void endpointDownFailsWithItsCause();
    void failuresAreGroupedByReason();
    void someFailuresFinishWithThem();
    void itemsWithoutTextsAskBeforeSending();

private:
    /// Adds a judge through the panel's Add button and the real dialog (`model` "" = "sim-gui"; `retries`
    /// < 0 = the dialog's default).
    void addJudge(JudgesPanel& panel, const QString& name, const QString& url, int inFlight,
                  const QString& model = {}, int retries = -1);
    /// Ticks exactly `formats`, the orders, and sets runs.
    void setDesign(JudgesPanel& panel, const QStringList& formats, bool ab, bool ba, int runs);
};

void TestJudgesPanel::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("TribunalJudgesPanelTest"));
    qputenv(kKeyVar, kFakeKey);
}

void TestJudgesPanel::init()
{
    // The judge list lives in QSettings: every test starts with none.
    QSettings().clear();
}

void TestJudgesPanel::addJudge(JudgesPanel& panel, const QString& name, const QString& url, int inFlight,
                               const QString& model, int retries)
{
    click(panel.addButton());
    JudgeEditDialog* dialog = panel.editDialog();
    QVERIFY(dialog);
    QVERIFY(dialog->isVisible());
    dialog->nameEdit()->setText(name);
    dialog->urlEdit()->setText(url);
    dialog->modelEdit()->setText(model.isEmpty() ? QStringLiteral("sim-gui") : model);
    dialog->inFlightBox()->setValue(inFlight);
    if (retries >= 0)
        dialog->retriesBox()->setValue(retries);
    dialog->priceInBox()->setValue(1.0);
    dialog->priceOutBox()->setValue(2.0);
    dialog->timeoutBox()->setValue(10.0);
    QCOMPARE(dialog->keyStatusLabel()->text(), QStringLiteral("No key is sent."));
    dialog->keyEnvEdit()->setText(QStringLiteral("TRIBUNAL_GUI_NO_SUCH_VAR"));
    QCOMPARE(dialog->keyStatusLabel()->text(), QStringLiteral("TRIBUNAL_GUI_NO_SUCH_VAR is not set."));
    dialog->keyEnvEdit()->setText(QString::fromLatin1(kKeyVar));
    QCOMPARE(dialog->keyStatusLabel()->text(), QStringLiteral("Key found in TRIBUNAL_GUI_TEST_KEY."));
    click(dialog->buttons()->button(QDialogButtonBox::Ok));
    QTRY_VERIFY(!panel.editDialog());
}

void TestJudgesPanel::setDesign(JudgesPanel& panel, const QStringList& formats, bool ab, bool ba, int runs)
{
    for (QCheckBox* box : panel.formatBoxes())
        if (box->isChecked() != formats.contains(box->text()))
            click(box);
    for (const QString& name : formats)
        QVERIFY2(formatBox(panel, name) && formatBox(panel, name)->isChecked(), qPrintable(name));
    if (panel.orderABBox()->isChecked() != ab)
        click(panel.orderABBox());
    if (panel.orderBABox()->isChecked() != ba)
        click(panel.orderBABox());
    panel.runsBox()->setValue(runs);
}

void TestJudgesPanel::runThroughThePanel()
{
    Fixture f;
    QVERIFY(f.setUp(0));
    JudgesWorkspace workspace(&f.session);
    JudgesPanel panel(&workspace);
    QVERIFY(showPanel(panel));

    QVERIFY(!panel.runButton()->isEnabled());
    QCOMPARE(panel.runButton()->toolTip(), QStringLiteral("Add a judge."));
    addJudge(panel, QStringLiteral("sim-gui"), f.sim->baseUrl(), 4);
    QCOMPARE(workspace.judges().size(), std::size_t(1));
    QCOMPARE(panel.judgesModel()->rowCount(), 1);
    QCOMPARE(panel.judgesModel()->item(0, JudgesPanel::NameColumn)->text(), QStringLiteral("sim-gui"));
    QCOMPARE(panel.judgesModel()->item(0, JudgesPanel::UrlColumn)->text(), f.sim->baseUrl());
    QCOMPARE(panel.judgesModel()->item(0, JudgesPanel::InFlightColumn)->text(), QStringLiteral("4"));
    QCOMPARE(workspace.judges().front().apiKeyEnv, QString::fromLatin1(kKeyVar));

    QCOMPARE(panel.datasetList()->count(), 1);
    QCOMPARE(panel.datasetList()->item(0)->text(), QStringLiteral("gui-set"));
    QCOMPARE(panel.datasetList()->item(0)->checkState(), Qt::Checked);
    setDesign(panel, {QStringLiteral("direct")}, true, true, 2);
    // 6 items x 1 judge x Direct (one request each) x 2 orders x 2 runs.
    QVERIFY2(panel.estimateLabel()->text().startsWith(QStringLiteral("24 judgments, 24 requests, ~")),
             qPrintable(panel.estimateLabel()->text()));
    QCOMPARE(workspace.estimate().calls, std::uint64_t(24));
    QVERIFY2(panel.runButton()->isEnabled(), qPrintable(panel.runButton()->toolTip()));
    QVERIFY(!panel.cancelButton()->isEnabled());

    QSignalSpy finished(&workspace, &JudgesWorkspace::runFinished);
    click(panel.runButton());
    QVERIFY(workspace.isRunning() || finished.count() == 1);
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
    QCOMPARE(finished.first().at(0).toBool(), false);
    QCOMPARE(finished.first().at(1).toString(), QString());
    QVERIFY(panel.countsLabel()->text().startsWith(
        QStringLiteral("answered 24 · failed 0 · retried 0 · in flight 0 · spent $")));
    QVERIFY2(panel.resultLabel()->text().startsWith(
                 QStringLiteral("Finished: 24 answered, 0 failed, 0 retried, $")),
             qPrintable(panel.resultLabel()->text()));
    QCOMPARE(panel.progressBar()->maximum(), 24);
    QCOMPARE(panel.progressBar()->value(), 24);
    QVERIFY(panel.resumeLabel()->isHidden());

    // The project was reopened into the session: the other panels see the new judgments.
    f.session.waitForJob();
    QTRY_VERIFY(!f.session.isBusy());
    QCOMPARE(f.session.summary().judgments, std::uint64_t(24));
    QCOMPARE(f.session.summary().byJudge.at("sim-gui").judgments, std::uint64_t(24));
    QCOMPARE(f.session.summary().byJudge.size(), std::size_t(1));
    const QStringList hashes = test::projectRequestHashes(f.project);
    QCOMPARE(hashes.size(), qsizetype(24));
    QCOMPARE(QSet<QString>(hashes.begin(), hashes.end()).size(), qsizetype(24));

    // The key is nowhere on disk; its variable's name is (the judges table and the settings).
    QFile project(f.project);
    QVERIFY(project.open(QIODevice::ReadOnly));
    const QByteArray bytes = project.readAll();
    QVERIFY(!bytes.contains(kFakeKey));
    QVERIFY(bytes.contains(kKeyVar));
    QSettings settings;
    settings.sync();
    QFile settingsFile(settings.fileName());
    QVERIFY(settingsFile.open(QIODevice::ReadOnly));
    const QByteArray settingsBytes = settingsFile.readAll();
    QVERIFY(!settingsBytes.contains(kFakeKey));
    QVERIFY(settingsBytes.contains("sim-gui"));

    // A new workspace reads the judge list back from the settings.
    JudgesWorkspace again(&f.session);
    QCOMPARE(again.judges().size(), std::size_t(1));
    QCOMPARE(again.judges().front().name, QStringLiteral("sim-gui"));
    QCOMPARE(again.judges().front().baseUrl.toString(), f.sim->baseUrl());
    QCOMPARE(again.judges().front().apiKeyEnv, QString::fromLatin1(kKeyVar));
}

void TestJudgesPanel::cancelAndResume()
{
    Fixture f;
    QVERIFY(f.setUp(20));
    JudgesWorkspace workspace(&f.session);
    JudgesPanel panel(&workspace);
    QVERIFY(showPanel(panel));
    // One request at a time with 20 ms mean latency: 48 requests take about a second, so Cancel comes in
    // time.
    addJudge(panel, QStringLiteral("sim-gui"), f.sim->baseUrl(), 1);
    setDesign(panel, {QStringLiteral("direct")}, true, true, 4);
    QVERIFY2(panel.estimateLabel()->text().startsWith(QStringLiteral("48 judgments, 48 requests, ~")),
             qPrintable(panel.estimateLabel()->text()));

    QSignalSpy finished(&workspace, &JudgesWorkspace::runFinished);
    bool cancelQueued = false;
    connect(&workspace, &JudgesWorkspace::progress, this, [&](const RunCounts& counts) {
        if (cancelQueued || counts.answered < 5)
            return;
        cancelQueued = true;
        // The click is the user's, in an event-loop pass of its own (not inside the scheduler's signal).
        QTimer::singleShot(0, &panel, [&panel] {
            QVERIFY(panel.cancelButton()->isEnabled());
            click(panel.cancelButton());
        });
    });
    click(panel.runButton());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
    QVERIFY(cancelQueued);
    QCOMPARE(finished.first().at(0).toBool(), true);
    QVERIFY2(panel.resultLabel()->text().startsWith(QStringLiteral("Cancelled: ")),
             qPrintable(panel.resultLabel()->text()));
    const std::uint64_t written = workspace.counts().written;
    QVERIFY2(written >= 5 && written < 48, qPrintable(QString::number(written)));
    QCOMPARE(workspace.counts().answered, written);
    QCOMPARE(workspace.counts().inFlight, std::uint64_t(0));
    f.session.waitForJob();
    QTRY_VERIFY(!f.session.isBusy());
    QCOMPARE(f.session.summary().judgments, written);
    // The estimate counts what remains to send, not the design's 48 (issue 27).
    const QString remaining =
        QStringLiteral("Remaining: %1 of 48 judgments (%2 already recorded), %1 requests, ~")
            .arg(48 - written)
            .arg(written);
    QTRY_VERIFY2(panel.estimateLabel()->text().startsWith(remaining),
                 qPrintable(panel.estimateLabel()->text()));
    QCOMPARE(workspace.estimate().calls, 48 - written);
    QCOMPARE(workspace.estimate().judgments, 48 - written);
    QCOMPARE(workspace.alreadyRecorded(), written);
    QCOMPARE(workspace.designJudgments(), std::uint64_t(48));

    // Run again: it resumes, sending only what is not recorded.
    QTRY_VERIFY(panel.runButton()->isEnabled());
    click(panel.runButton());
    // The scheduler finds the recorded requests on a thread of its own, then reports them.
    QTRY_COMPARE(workspace.counts().alreadyRecorded, written);
    QCOMPARE(workspace.counts().toSend, 48 - written);
    QVERIFY(panel.resumeLabel()->isVisible());
    QCOMPARE(panel.resumeLabel()->text(),
             QStringLiteral("Resumes: %1 judgments already recorded.").arg(written));
    QCOMPARE(panel.progressBar()->maximum(), static_cast<int>(48 - written));
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 30000);
    QCOMPARE(finished.at(1).at(0).toBool(), false);
    QCOMPARE(workspace.counts().answered, 48 - written);
    QCOMPARE(workspace.counts().failed, std::uint64_t(0));
    QVERIFY(panel.resultLabel()->text().startsWith(
        QStringLiteral("Finished: %1 answered, 0 failed").arg(48 - written)));
    f.session.waitForJob();
    QTRY_VERIFY(!f.session.isBusy());
    QCOMPARE(f.session.summary().judgments, std::uint64_t(48));
    const QStringList hashes = test::projectRequestHashes(f.project);
    QCOMPARE(hashes.size(), qsizetype(48));
    QCOMPARE(QSet<QString>(hashes.begin(), hashes.end()).size(), qsizetype(48));
    // Nothing remains: the estimate says so instead of pricing the whole design again.
    QTRY_COMPARE(
        panel.estimateLabel()->text(),
        QStringLiteral("Remaining: 0 of 48 judgments (48 already recorded), 0 requests, ~0 tokens in, "
                       "~0 out, ~$0.00, ~0.0 min"));
    QVERIFY(panel.runButton()->isEnabled());
}

void TestJudgesPanel::changedJudgmentsAreBoughtAgainOnRequest()
{
    Fixture f;
    QVERIFY(f.setUp(0));
    JudgesWorkspace workspace(&f.session);
    JudgesPanel panel(&workspace);
    QVERIFY(showPanel(panel));
    addJudge(panel, QStringLiteral("sim-gui"), f.sim->baseUrl(), 4);
    setDesign(panel, {QStringLiteral("direct")}, true, true, 2);
    QSignalSpy finished(&workspace, &JudgesWorkspace::runFinished);
    click(panel.runButton());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
    f.session.waitForJob();
    QTRY_VERIFY(!f.session.isBusy());
    QVERIFY(panel.rerunButton()->isHidden());

    // The judge's temperature changes: the recorded judgments no longer answer the design's question.
    panel.judgesView()->selectRow(0);
    click(panel.editButton());
    JudgeEditDialog* dialog = panel.editDialog();
    QVERIFY(dialog);
    dialog->temperatureBox()->setValue(0.5);
    click(dialog->buttons()->button(QDialogButtonBox::Ok));
    QTRY_VERIFY(!panel.editDialog());
    QTRY_VERIFY(panel.runButton()->isEnabled());
    click(panel.runButton());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 30000);
    QCOMPARE(workspace.counts().changed, std::uint64_t(24));
    QCOMPARE(workspace.counts().answered, std::uint64_t(0));
    const QString result = panel.resultLabel()->text();
    QVERIFY2(result.startsWith(QStringLiteral("The run could not start: %1: 24 recorded judgments of judge "
                                              "'sim-gui' (temperature 0 -> 0.5) were asked otherwise than "
                                              "this design asks them; nothing was sent.")
                                   .arg(f.project)),
             qPrintable(result));
    QVERIFY2(result.endsWith(QStringLiteral("buy them again.")), qPrintable(result));
    QVERIFY(panel.rerunButton()->isVisible());
    QCOMPARE(panel.rerunButton()->text(), QStringLiteral("&Buy 24 changed judgments again"));
    QCOMPARE(f.session.summary().judgments, std::uint64_t(24));

    // The user buys them again: 24 requests, each answer replacing the recorded judgment.
    click(panel.rerunButton());
    QVERIFY(panel.rerunButton()->isHidden());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 3, 30000);
    QCOMPARE(workspace.counts().rerun, std::uint64_t(24));
    QCOMPARE(workspace.counts().answered, std::uint64_t(24));
    QVERIFY2(panel.resultLabel()->text().startsWith(QStringLiteral("Finished: 24 answered")),
             qPrintable(panel.resultLabel()->text()));
    f.session.waitForJob();
    QTRY_VERIFY(!f.session.isBusy());
    QCOMPARE(f.session.summary().judgments, std::uint64_t(24));
    QVERIFY(panel.rerunButton()->isHidden());
}

void TestJudgesPanel::runThatCannotStart()
{
    // The project on disk loses an item behind the session's back (another program rewrote it): the run finds
    // the design's item missing while it prepares, off the GUI thread, and the panel reports a failed start
    // with nothing sent or written.
    Fixture f;
    QVERIFY(f.setUp(0));
    JudgesWorkspace workspace(&f.session);
    JudgesPanel panel(&workspace);
    QVERIFY(showPanel(panel));
    addJudge(panel, QStringLiteral("sim-gui"), f.sim->baseUrl(), 4);
    setDesign(panel, {QStringLiteral("direct")}, true, true, 1);
    const QString fewer = f.dir.filePath(QStringLiteral("fewer.jsonl"));
    QFile file(fewer);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(test::pairwiseItemsJsonl(kItems - 1, QStringLiteral("gui-set")));
    file.close();
    const auto smaller = importSources({fewer.toStdString()}, nullptr, {});
    QVERIFY(smaller.audit);
    std::string error;
    QVERIFY2(ProjectFile::save(f.project.toStdString(), *smaller.audit, {}, &error), error.c_str());

    QSignalSpy finished(&workspace, &JudgesWorkspace::runFinished);
    QVERIFY2(panel.runButton()->isEnabled(), qPrintable(panel.runButton()->toolTip()));
    click(panel.runButton());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
    const QString message =
        f.project + QStringLiteral(": item (gui-set, q0005) of the design is not in the project");
    QCOMPARE(finished.first().at(0).toBool(), false);
    QCOMPARE(finished.first().at(1).toString(), message);
    QCOMPARE(panel.resultLabel()->text(), QStringLiteral("The run could not start: ") + message);
    QVERIFY(!workspace.isRunning());
    QVERIFY(panel.runButton()->isEnabled());
    QCOMPARE(f.sim->stats().value(QStringLiteral("received")).toInt(), 0);
    QCOMPARE(test::projectRequestHashes(f.project).size(), qsizetype(0));
}

void TestJudgesPanel::estimateFollowsTheDesign_data()
{
    QTest::addColumn<QStringList>("formats");
    QTest::addColumn<bool>("ab");
    QTest::addColumn<bool>("ba");
    QTest::addColumn<int>("runs");
    QTest::addColumn<QString>("temperatures");
    QTest::addColumn<QString>("biasVersion"); // bandwagon, cue on the worse candidate; "" = none
    QTest::addColumn<int>("maxItems");
    QTest::addColumn<int>("judgments");
    QTest::addColumn<int>("requests");

    const QStringList direct{QStringLiteral("direct")};
    // 6 labelled pairwise items, one judge.
    QTest::newRow("direct both orders 2 runs") << direct << true << true << 2 << ""
                                               << "" << 0 << 24 << 24;
    QTest::newRow("AB only, 1 run") << direct << true << false << 1 << ""
                                    << "" << 0 << 6 << 6;
    QTest::newRow("two formats") << QStringList{QStringLiteral("direct"), QStringLiteral("cot-json")} << true
                                 << true << 1 << ""
                                 << "" << 0 << 24 << 24;
    // FLASK: four criterion calls per judgment.
    QTest::newRow("flask") << QStringList{QStringLiteral("flask")} << true << true << 1 << ""
                           << "" << 0 << 12 << 48;
    QTest::newRow("two temperatures") << direct << true << true << 1 << "0, 1"
                                      << "" << 0 << 24 << 24;
    // Plain 6 x 2 (variant original) + perturbed 6 x 2 (every item is labelled).
    QTest::newRow("bandwagon") << direct << true << true << 1 << ""
                               << "90%" << 0 << 24 << 24;
    QTest::newRow("first 2 items") << direct << true << true << 1 << ""
                                   << "" << 2 << 4 << 4;
    // The rubric format applies to rubric items only: none here.
    QTest::newRow("rubric on pairwise items")
        << QStringList{QStringLiteral("rubric")} << true << true << 1 << ""
        << "" << 0 << 0 << 0;
}

void TestJudgesPanel::estimateFollowsTheDesign()
{
    QFETCH(QStringList, formats);
    QFETCH(bool, ab);
    QFETCH(bool, ba);
    QFETCH(int, runs);
    QFETCH(QString, temperatures);
    QFETCH(QString, biasVersion);
    QFETCH(int, maxItems);
    QFETCH(int, judgments);
    QFETCH(int, requests);

    Fixture f;
    QVERIFY(f.setUp(0));
    JudgesWorkspace workspace(&f.session);
    JudgesPanel panel(&workspace);
    QVERIFY(showPanel(panel));
    QCOMPARE(panel.estimateLabel()->text(), QStringLiteral("Add a judge to estimate the design."));
    addJudge(panel, QStringLiteral("sim-gui"), f.sim->baseUrl(), 4);
    setDesign(panel, formats, ab, ba, runs);
    panel.maxItemsBox()->setValue(maxItems);
    if (!temperatures.isEmpty()) {
        panel.temperaturesEdit()->setText(temperatures);
        QMetaObject::invokeMethod(panel.temperaturesEdit(), "editingFinished");
        QVERIFY(panel.designMessageLabel()->isHidden());
        QCOMPARE(workspace.design().conditions.size(), std::size_t(2));
    }
    if (!biasVersion.isEmpty()) {
        panel.biasTestBox()->setCurrentIndex(panel.biasTestBox()->findData(QStringLiteral("bandwagon")));
        panel.biasVersionEdit()->setText(biasVersion);
        QCOMPARE(panel.biasCueBox()->currentText(), QStringLiteral("worse"));
        click(panel.addBiasButton());
        QVERIFY2(panel.designMessageLabel()->isHidden(), qPrintable(panel.designMessageLabel()->text()));
        QCOMPARE(panel.biasList()->count(), 1);
        QCOMPARE(panel.biasList()->item(0)->text(),
                 QStringLiteral("bandwagon 90%, cue on the worse candidate"));
    }
    workspace.waitForEstimate();
    QVERIFY(workspace.hasEstimate());
    QCOMPARE(workspace.asyncEstimates(), 0); // far below the threshold
    QVERIFY2(panel.estimateLabel()->text().startsWith(
                 QStringLiteral("%1 judgments, %2 requests, ~").arg(judgments).arg(requests)),
             qPrintable(panel.estimateLabel()->text()));
    QCOMPARE(panel.runButton()->isEnabled(), judgments > 0);
    if (judgments == 0)
        QCOMPARE(panel.runButton()->toolTip(),
                 QStringLiteral(
                     "The design asks for no judgments: no item fits the chosen formats and datasets."));

    // Unchecking the only dataset leaves nothing to judge.
    panel.datasetList()->item(0)->setCheckState(Qt::Unchecked);
    QVERIFY(!workspace.isDatasetIncluded(QStringLiteral("gui-set")));
    QVERIFY(!panel.runButton()->isEnabled());
    QCOMPARE(panel.runButton()->toolTip(), QStringLiteral("Choose a dataset."));
}

void TestJudgesPanel::largeDesignEstimatesOffTheGuiThread()
{
    Fixture f;
    QVERIFY(f.setUp(0));
    JudgesWorkspace workspace(&f.session);
    JudgesPanel panel(&workspace);
    QVERIFY(showPanel(panel));
    addJudge(panel, QStringLiteral("sim-gui"), f.sim->baseUrl(), 4);
    panel.temperaturesEdit()->setText(QStringLiteral("0, 0.5, 1, 1.5, 2"));
    QMetaObject::invokeMethod(panel.temperaturesEdit(), "editingFinished");
    setDesign(panel, {QStringLiteral("flask")}, true, true, 1);
    QCOMPARE(workspace.asyncEstimates(), 0); // 6 x 4 calls x 2 orders x 5 conditions = 240 requests
    QVERIFY(panel.estimateBusy()->isHidden());
    // 1000 runs: 240,000 requests, above JudgesWorkspace::kAsyncRequests.
    panel.runsBox()->setValue(1000);
    QCOMPARE(workspace.asyncEstimates(), 1);
    QVERIFY(workspace.isEstimating());
    QVERIFY(panel.estimateBusy()->isVisible());
    QCOMPARE(panel.estimateLabel()->text(), QStringLiteral("Estimating…"));
    workspace.waitForEstimate();
    QVERIFY(!workspace.isEstimating());
    QVERIFY(panel.estimateBusy()->isHidden());
    QCOMPARE(workspace.estimate().judgments, std::uint64_t(60000));
    QCOMPARE(workspace.estimate().calls, std::uint64_t(240000));
    QVERIFY2(panel.estimateLabel()->text().startsWith(
                 QStringLiteral("%L1 judgments, %L2 requests, ~").arg(60000).arg(240000)),
             qPrintable(panel.estimateLabel()->text()));
}

void TestJudgesPanel::dialogRefusesBadInput_data()
{
    QTest::addColumn<bool>("edit"); // edit the existing judge instead of adding one
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("url");
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("keyEnv");
    QTest::addColumn<QString>("message");

    const QString url = QStringLiteral("http://127.0.0.1:9/v1");
    const QString urlMessage = QStringLiteral(
        "The base URL must be an http:// or https:// address with a host, like https://api.openai.com/v1.");
    QTest::newRow("empty name") << false << "" << url << "m"
                                << ""
                                << "The judge needs a name.";
    QTest::newRow("blank name") << false << "   " << url << "m"
                                << ""
                                << "The judge needs a name.";
    QTest::newRow("not a URL") << false << "j2"
                               << "not a url"
                               << "m"
                               << "" << urlMessage;
    QTest::newRow("no scheme") << false << "j2"
                               << "api.openai.com/v1"
                               << "m"
                               << "" << urlMessage;
    QTest::newRow("ftp") << false << "j2"
                         << "ftp://example.com/v1"
                         << "m"
                         << "" << urlMessage;
    QTest::newRow("empty URL") << false << "j2"
                               << ""
                               << "m"
                               << "" << urlMessage;
    QTest::newRow("taken name") << false << "first" << url << "m"
                                << ""
                                << "A judge named \"first\" exists already.";
    QTest::newRow("no model") << false << "j2" << url << ""
                              << ""
                              << "The judge needs a model id.";
    QTest::newRow("key instead of its name") << false << "j2" << url << "m"
                                             << "sk-abc def"
                                             << "The API key variable must be the name of an environment "
                                                "variable (letters, digits and underscores, "
                                                "not starting with a digit), not the key itself.";
    QTest::newRow("edit: bad URL") << true << "first"
                                   << "http://"
                                   << "m"
                                   << "" << urlMessage;
    QTest::newRow("edit: empty name") << true << "" << url << "m"
                                      << ""
                                      << "The judge needs a name.";
}

void TestJudgesPanel::dialogRefusesBadInput()
{
    QFETCH(bool, edit);
    QFETCH(QString, name);
    QFETCH(QString, url);
    QFETCH(QString, model);
    QFETCH(QString, keyEnv);
    QFETCH(QString, message);

    AuditSession session;
    JudgesWorkspace workspace(&session);
    JudgeConfig first;
    first.name = QStringLiteral("first");
    first.baseUrl = QUrl(QStringLiteral("http://127.0.0.1:8/v1"));
    first.model = QStringLiteral("m1");
    QCOMPARE(workspace.addJudge(first), QString());
    JudgesPanel panel(&workspace);
    QVERIFY(showPanel(panel));

    if (edit) {
        panel.judgesView()->selectRow(0);
        QVERIFY(panel.editButton()->isEnabled());
        click(panel.editButton());
    } else {
        click(panel.addButton());
    }
    JudgeEditDialog* dialog = panel.editDialog();
    QVERIFY(dialog);
    if (edit)
        QCOMPARE(dialog->nameEdit()->text(), QStringLiteral("first"));
    dialog->nameEdit()->setText(name);
    dialog->urlEdit()->setText(url);
    dialog->modelEdit()->setText(model);
    dialog->keyEnvEdit()->setText(keyEnv);
    QVERIFY(dialog->errorLabel()->isHidden());
    click(dialog->buttons()->button(QDialogButtonBox::Ok));
    QCoreApplication::processEvents();
    QCOMPARE(panel.editDialog(), dialog);
    QVERIFY(dialog->isVisible());
    QVERIFY(dialog->errorLabel()->isVisible());
    QCOMPARE(dialog->errorLabel()->text(), message);
    // Nothing changed.
    QCOMPARE(workspace.judges().size(), std::size_t(1));
    QCOMPARE(workspace.judges().front().name, QStringLiteral("first"));
    QCOMPARE(workspace.judges().front().baseUrl.toString(), QStringLiteral("http://127.0.0.1:8/v1"));
    QCOMPARE(workspace.judges().front().model, QStringLiteral("m1"));
    QCOMPARE(panel.judgesModel()->rowCount(), 1);

    // Cancel leaves the list as it was too.
    click(dialog->buttons()->button(QDialogButtonBox::Cancel));
    QTRY_VERIFY(!panel.editDialog());
    QCOMPARE(workspace.judges().size(), std::size_t(1));
}

void TestJudgesPanel::unsavedAuditCannotRun()
{
    Fixture f;
    QVERIFY(f.setUp(0, false));
    JudgesWorkspace workspace(&f.session);
    JudgesPanel panel(&workspace);
    QVERIFY(showPanel(panel));
    addJudge(panel, QStringLiteral("sim-gui"), f.sim->baseUrl(), 4);
    QVERIFY2(panel.estimateLabel()->text().startsWith(QStringLiteral("12 judgments, 12 requests, ~")),
             qPrintable(panel.estimateLabel()->text()));
    QVERIFY(!panel.runButton()->isEnabled());
    QCOMPARE(panel.runButton()->toolTip(),
             QStringLiteral(
                 "Save the audit as a project first: the run writes every answer to the project file."));
    QVERIFY(panel.saveAsButton()->isVisible());
    QSignalSpy saveAs(&panel, &JudgesPanel::saveAsRequested);
    click(panel.saveAsButton());
    QCOMPARE(saveAs.count(), 1);
    QString error;
    QVERIFY(!workspace.startRun(&error));
    QCOMPARE(error, panel.runButton()->toolTip());

    // Saved: it can run, and Save As goes away.
    QVERIFY(f.session.saveAs(f.dir.filePath(QStringLiteral("saved.tribunal"))));
    f.session.waitForJob();
    QVERIFY(panel.runButton()->isEnabled());
    QVERIFY(panel.saveAsButton()->isHidden());
}

void TestJudgesPanel::mainWindowHasTheDock()
{
    MainWindow window;
    QVERIFY(window.judgesPanel());
    QVERIFY(window.judgesWorkspace());
    QCOMPARE(window.judgesPanel()->windowTitle(), QStringLiteral("Judges"));
    QCOMPARE(window.judgesPanel()->objectName(), QStringLiteral("judgesPanel"));
    bool inViewMenu = false;
    for (QAction* menu : window.menuBar()->actions())
        if (menu->menu() && menu->text() == QStringLiteral("&View"))
            inViewMenu = menu->menu()->actions().contains(window.judgesPanel()->toggleViewAction());
    QVERIFY(inViewMenu);
    QVERIFY(!window.judgesPanel()->runButton()->isEnabled());
    QCOMPARE(window.judgesPanel()->runButton()->toolTip(),
             QStringLiteral("Open an audit whose items the judges should judge."));
}

void TestJudgesPanel::mainWindowCannotSaveDuringARun()
{
    Fixture f;
    QVERIFY(f.setUp(5));
    MainWindow window;
    QVERIFY(window.openPaths({f.project}));
    window.session()->waitForJob();
    QCOMPARE(window.session()->projectPath(), f.project);
    JudgeConfig judge;
    judge.name = QStringLiteral("sim-gui");
    judge.baseUrl = QUrl(f.sim->baseUrl());
    judge.model = QStringLiteral("sim-gui");
    judge.requestsInFlight = 1;
    QCOMPARE(window.judgesWorkspace()->addJudge(judge), QString());
    QAction* save = nullptr;
    for (QAction* menu : window.menuBar()->actions())
        if (menu->menu() && menu->text() == QStringLiteral("&File"))
            for (QAction* action : menu->menu()->actions())
                if (action->text() == QStringLiteral("&Save"))
                    save = action;
    QVERIFY(save);
    QVERIFY(save->isEnabled());

    QSignalSpy finished(window.judgesWorkspace(), &JudgesWorkspace::runFinished);
    click(window.judgesPanel()->runButton());
    QVERIFY(window.judgesWorkspace()->isRunning());
    // Saving now would write the session's audit over the file the run appends to.
    QVERIFY(!save->isEnabled());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
    window.session()->waitForJob();
    QTRY_VERIFY(save->isEnabled());
    // 6 items x Direct x 2 orders x 1 run, shown in the window's session after the reopen.
    QCOMPARE(window.session()->summary().judgments, std::uint64_t(12));
}

void TestJudgesPanel::endpointDownFailsWithItsCause()
{
    // Issue 27: the endpoint is down (a closed port). Every request fails after its retry; the status line
    // says why while the run goes and when it ends, and the run looks failed.
    Fixture f;
    QVERIFY(f.setUp(0));
    JudgesWorkspace workspace(&f.session);
    JudgesPanel panel(&workspace);
    QVERIFY(showPanel(panel));
    addJudge(panel, QStringLiteral("down"), QStringLiteral("http://127.0.0.1:9/v1"), 2, {}, 1);
    setDesign(panel, {QStringLiteral("direct")}, true, false, 1);
    const QString reason =
        QStringLiteral("cannot connect to http://127.0.0.1:9/v1/chat/completions (connection refused)");

    QSignalSpy finished(&workspace, &JudgesWorkspace::runFinished);
    QStringList running; // the status line at each progress after the panel updated it
    connect(&workspace, &JudgesWorkspace::progress, this,
            [&](const RunCounts&) { running << panel.resultLabel()->text(); });
    click(panel.runButton());
    QCOMPARE(panel.resultLabel()->text(), QStringLiteral("Running…"));
    QVERIFY(panel.resultIconLabel()->isHidden());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
    QCOMPARE(workspace.counts().failed, std::uint64_t(6));
    QCOMPARE(workspace.counts().answered, std::uint64_t(0));
    QCOMPARE(workspace.counts().retried, std::uint64_t(6));
    // While it ran: the failures so far, with their cause.
    bool sawFailures = false;
    for (const QString& line : running) {
        if (line == QStringLiteral("Running…"))
            continue;
        QVERIFY2(line.startsWith(QStringLiteral("Running: 0 answered, ")), qPrintable(line));
        const QString failed = line.section(QStringLiteral(", "), 1).section(QLatin1Char(' '), 0, 0);
        QCOMPARE(line, QStringLiteral("Running: 0 answered, %1 failed so far — %1 × %2").arg(failed, reason));
        sawFailures = true;
    }
    QVERIFY(sawFailures);
    // At the end: "Failed", the cause, the error colour, the warning icon, and a bar that says it.
    QCOMPARE(
        panel.resultLabel()->text(),
        QStringLiteral("Failed: 0 answered, 6 failed, 6 retried, $0.0000 spent — 6 × %1. Run again to send "
                       "the failed requests again.")
            .arg(reason));
    QCOMPARE(panel.resultLabel()->toolTip(),
             QStringLiteral("Failed requests by reason:\n6 × %1").arg(reason));
    QCOMPARE(panel.resultLabel()->palette().color(QPalette::WindowText), JudgesPanel::errorColour());
    QVERIFY(panel.resultIconLabel()->isVisible());
    QVERIFY(!panel.resultIconLabel()->pixmap().isNull());
    QCOMPARE(int(workspace.resultOutcome()), int(RunOutcome::Failed));
    QCOMPARE(panel.progressBar()->text(), QStringLiteral("6 of 6 requests failed"));
    QCOMPARE(panel.progressBar()->palette().color(QPalette::Highlight), JudgesPanel::errorColour());

    // The next run starts plain again.
    f.session.waitForJob();
    QTRY_VERIFY(panel.runButton()->isEnabled());
    click(panel.runButton());
    QCOMPARE(panel.resultLabel()->text(), QStringLiteral("Running…"));
    QVERIFY(panel.resultIconLabel()->isHidden());
    QVERIFY(panel.resultLabel()->palette().color(QPalette::WindowText) != JudgesPanel::errorColour());
    QCOMPARE(panel.progressBar()->palette().color(QPalette::Highlight),
             panel.palette().color(QPalette::Highlight));
    click(panel.cancelButton());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 2, 30000);
}

void TestJudgesPanel::failuresAreGroupedByReason()
{
    // Four judges fail for four reasons (three unknown models and a closed port), one answers: the status
    // line names the three most frequent reasons (ties by their text) and counts the rest; the tooltip has
    // them all.
    Fixture f;
    QVERIFY(f.setUp(0));
    JudgesWorkspace workspace(&f.session);
    JudgesPanel panel(&workspace);
    QVERIFY(showPanel(panel));
    addJudge(panel, QStringLiteral("good"), f.sim->baseUrl(), 4);
    addJudge(panel, QStringLiteral("ghost-a"), f.sim->baseUrl(), 4, QStringLiteral("ghost-a"));
    addJudge(panel, QStringLiteral("ghost-b"), f.sim->baseUrl(), 4, QStringLiteral("ghost-b"));
    addJudge(panel, QStringLiteral("ghost-c"), f.sim->baseUrl(), 4, QStringLiteral("ghost-c"));
    addJudge(panel, QStringLiteral("down"), QStringLiteral("http://127.0.0.1:9/v1"), 4, {}, 0);
    QCOMPARE(workspace.judges().size(), std::size_t(5));
    setDesign(panel, {QStringLiteral("direct")}, true, true, 1);

    QSignalSpy finished(&workspace, &JudgesWorkspace::runFinished);
    click(panel.runButton());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
    QCOMPARE(workspace.counts().answered, std::uint64_t(12));
    QCOMPARE(workspace.counts().failed, std::uint64_t(48));
    const auto model = [](const QString& name) {
        return QStringLiteral("HTTP 404: The model `%1` does not exist or you do not have access to it")
            .arg(name);
    };
    const QString down =
        QStringLiteral("cannot connect to http://127.0.0.1:9/v1/chat/completions (connection refused)");
    QCOMPARE(
        panel.resultLabel()->text(),
        QStringLiteral("Failed: 12 answered, 48 failed, 0 retried, $%1 spent — 12 × %2; 12 × %3; 12 × %4; "
                       "and 1 more. Run again to send the failed requests again.")
            .arg(QString::number(workspace.counts().spendUsd, 'f', 4), model(QStringLiteral("ghost-a")),
                 model(QStringLiteral("ghost-b")), model(QStringLiteral("ghost-c"))));
    QCOMPARE(panel.resultLabel()->toolTip(),
             QStringLiteral("Failed requests by reason:\n12 × %1\n12 × %2\n12 × "
                            "%3\n12 × %4")
                 .arg(model(QStringLiteral("ghost-a")), model(QStringLiteral("ghost-b")),
                      model(QStringLiteral("ghost-c")), down));
    QCOMPARE(panel.progressBar()->text(), QStringLiteral("48 of 60 requests failed"));
    QCOMPARE(panel.resultLabel()->palette().color(QPalette::WindowText), JudgesPanel::errorColour());
}

void TestJudgesPanel::someFailuresFinishWithThem()
{
    // One judge answers, one is refused for every request (an unknown model): as many answers as failures is
    // a finished run with failures - warned, named, but not red.
    Fixture f;
    QVERIFY(f.setUp(0));
    JudgesWorkspace workspace(&f.session);
    JudgesPanel panel(&workspace);
    QVERIFY(showPanel(panel));
    addJudge(panel, QStringLiteral("good"), f.sim->baseUrl(), 4);
    addJudge(panel, QStringLiteral("ghost"), f.sim->baseUrl(), 4, QStringLiteral("ghost"));
    setDesign(panel, {QStringLiteral("direct")}, true, true, 1);
    QSignalSpy finished(&workspace, &JudgesWorkspace::runFinished);
    click(panel.runButton());
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
    const QString reason =
        QStringLiteral("HTTP 404: The model `ghost` does not exist or you do not have access to it");
    QCOMPARE(
        panel.resultLabel()->text(),
        QStringLiteral("Finished with failures: 12 answered, 12 failed, 0 retried, $%1 spent — 12 × %2. Run "
                       "again to send the failed requests again.")
            .arg(QString::number(workspace.counts().spendUsd, 'f', 4), reason));
    QCOMPARE(panel.resultLabel()->toolTip(),
             QStringLiteral("Failed requests by reason:\n12 × %1").arg(reason));
    QCOMPARE(int(workspace.resultOutcome()), int(RunOutcome::PartlyFailed));
    QVERIFY(panel.resultIconLabel()->isVisible());
    QVERIFY(panel.resultLabel()->palette().color(QPalette::WindowText) != JudgesPanel::errorColour());
    QCOMPARE(panel.progressBar()->text(), QStringLiteral("24 of 24 requests"));
    // The failed judgments remain to be sent: the estimate after the run says so.
    f.session.waitForJob();
    QTRY_VERIFY2(panel.estimateLabel()->text().startsWith(
                     QStringLiteral("Remaining: 12 of 24 judgments (12 already recorded), 12 requests, ~")),
                 qPrintable(panel.estimateLabel()->text()));
}

void TestJudgesPanel::itemsWithoutTextsAskBeforeSending()
{
    // Two items lack a text the prompt is built from: Run asks first; Cancel sends nothing, Continue sends
    // all.
    Fixture f;
    QVERIFY(f.setUp(0, true, itemsWithoutTexts()));
    JudgesWorkspace workspace(&f.session);
    JudgesPanel panel(&workspace);
    QVERIFY(showPanel(panel));
    addJudge(panel, QStringLiteral("sim-gui"), f.sim->baseUrl(), 4);
    setDesign(panel, {QStringLiteral("direct")}, true, true, 1);
    QCOMPARE(workspace.missingTexts().size(), std::size_t(1));

    QSignalSpy finished(&workspace, &JudgesWorkspace::runFinished);
    {
        BoxAnswer cancel(QMessageBox::Cancel);
        click(panel.runButton());
        QCOMPARE(cancel.title, QStringLiteral("Items without texts"));
        QCOMPARE(cancel.text,
                 QStringLiteral("2 items of this run lack texts their prompts need:\n2 of 6 items in "
                                "dataset \"gui-set\" (1 without a question, 1 without a response)"));
        QCOMPARE(
            cancel.informativeText,
            QStringLiteral("Their prompts would be sent with these texts empty, and the answers would judge "
                           "nothing. Send them anyway?"));
        QCOMPARE(cancel.okText, QStringLiteral("&Continue"));
    }
    QVERIFY(!workspace.isRunning());
    QCOMPARE(finished.count(), 0);
    QCOMPARE(panel.resultLabel()->text(),
             QStringLiteral("Not started: 2 items lack texts their prompts need."));
    QCOMPARE(f.sim->stats().value(QStringLiteral("received")).toInt(), 0);
    QVERIFY(panel.runButton()->isEnabled());

    {
        BoxAnswer go(QMessageBox::Ok);
        click(panel.runButton());
        QCOMPARE(go.title, QStringLiteral("Items without texts"));
    }
    QTRY_COMPARE_WITH_TIMEOUT(finished.count(), 1, 30000);
    QCOMPARE(workspace.counts().answered + workspace.counts().failed, std::uint64_t(12));
    QCOMPARE(f.sim->stats().value(QStringLiteral("received")).toInt(), 12);
}

QTEST_MAIN(TestJudgesPanel)
#include "tst_judgespanel.moc"
