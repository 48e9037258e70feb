// Issue 4, flip inspector (workbench.md journey 2): the pairs of the selected trust row with their verdict
// grid and flags; J/K step through them, F filters to flipped pairs (as many as phi says), the raw outputs of
// both orders are shown with the parsed verdict highlighted, and N writes a note that is saved in the
// project.

#include "framework/auditsession.h"
#include "framework/qstrings.h"
#include "items/itemtextsview.h"
#include "trust/flipfilterproxy.h"
#include "trust/flipinspectorpanel.h"
#include "trust/flipitemmodel.h"
#include "trust/trustworkspace.h"
#include "trust/verdicthighlightview.h"

#include "analysis/verdictspan.h"

#include "../common/trustcells.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QDir>
#include <QLabel>
#include <QMainWindow>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <map>

using namespace tribunal;
using testing::PairSpec;

namespace {

const QString kSample = QStringLiteral(TRIBUNAL_BUILD_DIR "/resources/sample.tribunal");
const std::string kLlmBar = "llmbar-LLMBar-Natural";

/// Row of the workspace table for (dataset, judge, format), or -1.
int rowOf(const TrustView& view, const std::string& dataset, const std::string& judge,
          const std::string& format)
{
    for (int r = 0; r < view.rowCount(); ++r) {
        const auto& row = view.table.rows[std::size_t(r)];
        if (row.dataset == dataset && row.judge == judge && row.format == format)
            return r;
    }
    return -1;
}

/// Row of the workspace table for (judge, format) on LLMBar, or -1.
int llmBarRow(const TrustView& view, const std::string& judge, const std::string& format)
{
    for (int r = 0; r < view.rowCount(); ++r) {
        const auto& row = view.table.rows[std::size_t(r)];
        if (row.dataset == kLlmBar && row.judge == judge && row.format == format)
            return r;
    }
    return -1;
}

} // namespace

class TestFlipInspector : public QObject {
    Q_OBJECT
private slots:
    void modelAndProxy();
    void hintWithoutSelection();
    void sampleJourney();
    void verdictSpansOnSample();
    void repeatedRuns();
    void harnessTexts_data();
    void harnessTexts();
};

void TestFlipInspector::modelAndProxy()
{
    // p1 agrees; p2 flips and is wrong (runs of AB disagree); p3 unlabelled; p4 dropped (no BA verdict).
    const auto audit =
        testing::buildTrustAudit({{{"A", "AA", "AA"}, {"A", "AB", "BB"}, {"", "B", "B"}, {"B", "B", "--"}}});
    const std::uint32_t cell = 0;
    FlipItemModel model;
    FlipFilterProxy proxy;
    proxy.setSourceModel(&model);
    QAbstractItemModelTester modelTester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester proxyTester(&proxy, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setItems(audit, inspectFlips(*audit, {&cell, 1}));
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(model.columnCount(), int(FlipItemModel::ColumnCount));
    QCOMPARE(model.index(1, FlipItemModel::ItemColumn).data().toString(), QStringLiteral("p2"));
    QCOMPARE(model.index(1, FlipItemModel::LabelColumn).data().toString(), QStringLiteral("A"));
    QCOMPARE(model.index(1, FlipItemModel::AbColumn).data().toString(), QStringLiteral("A B"));
    QCOMPARE(model.index(3, FlipItemModel::BaColumn).data().toString(), QStringLiteral("- -"));
    QCOMPARE(model.index(1, FlipItemModel::FlagsColumn).data().toString(),
             QStringLiteral("flipped, unstable, wrong"));
    QCOMPARE(model.index(3, FlipItemModel::FlagsColumn).data().toString(),
             QStringLiteral("dropped: an order without verdict"));
    QCOMPARE(model.index(1, FlipItemModel::ItemColumn).data(FlipItemModel::FlagsRole).toInt(),
             FlipItemModel::Flipped | FlipItemModel::Unstable | FlipItemModel::Wrong);

    // Colours: the AB runs of p2 hold a wrong verdict (red), its BA runs are all wrong (red), p1 agrees
    // (green), p3 has no label and p4's BA no verdict (grey); the grid has one entry per run.
    auto background = [&](int row, int column) {
        return model.index(row, column).data(Qt::BackgroundRole).value<QBrush>().color();
    };
    const QColor green = FlipItemModel::agreementColor(LabelAgreement::Agrees);
    const QColor red = FlipItemModel::agreementColor(LabelAgreement::Disagrees);
    const QColor grey = FlipItemModel::agreementColor(LabelAgreement::Unknown);
    QVERIFY(green != red && red != grey && green != grey);
    QVERIFY(green.alpha() < 255 && red.alpha() < 255 && grey.alpha() < 255); // palette text stays readable
    QCOMPARE(background(0, FlipItemModel::AbColumn), green);
    QCOMPARE(background(1, FlipItemModel::AbColumn), red);
    QCOMPARE(background(1, FlipItemModel::BaColumn), red);
    QCOMPARE(background(2, FlipItemModel::AbColumn), grey);
    QCOMPARE(background(3, FlipItemModel::BaColumn), grey);
    const auto runs = model.index(1, FlipItemModel::AbColumn).data(FlipItemModel::RunAgreementsRole).toList();
    QCOMPARE(runs.size(), 2);
    QCOMPARE(runs[0].toInt(), int(LabelAgreement::Agrees));
    QCOMPARE(runs[1].toInt(), int(LabelAgreement::Disagrees));
    QVERIFY(!model.index(1, FlipItemModel::ItemColumn).data(FlipItemModel::RunAgreementsRole).isValid());

    // Filters combine with AND.
    proxy.setFlippedOnly(true);
    QCOMPARE(proxy.rowCount(), 1);
    QCOMPARE(proxy.index(0, 0).data().toString(), QStringLiteral("p2"));
    proxy.setFlippedOnly(false);
    proxy.setWrongOnly(true);
    QCOMPARE(proxy.rowCount(), 1);
    proxy.setUnstableOnly(true);
    QCOMPARE(proxy.rowCount(), 1);
    proxy.setWrongOnly(false);
    proxy.setUnstableOnly(false);
    QCOMPARE(proxy.rowCount(), 4);
    model.clear();
    QCOMPARE(proxy.rowCount(), 0);
}

void TestFlipInspector::hintWithoutSelection()
{
    AuditSession session;
    TrustWorkspace workspace(&session);
    FlipInspectorPanel panel(&workspace);
    QCOMPARE(panel.objectName(), QStringLiteral("flipInspectorPanel"));
    QCOMPARE(panel.windowTitle(), QStringLiteral("Flip inspector"));
    QCOMPARE(panel.shownRow(), -1);
    QVERIFY(!panel.hintLabel()->text().isEmpty());
    QCOMPARE(panel.model()->rowCount(), 0);
    QCOMPARE(panel.currentItem(), -1);
    panel.editNote(); // nothing to annotate: no dialog
    QVERIFY(!panel.noteEditor());
}

void TestFlipInspector::sampleJourney()
{
    QVERIFY2(QFile::exists(kSample), qPrintable(kSample));
    AuditSession session;
    TrustWorkspace workspace(&session);
    QMainWindow window;
    auto* panel = new FlipInspectorPanel(&workspace, &window);
    window.addDockWidget(Qt::RightDockWidgetArea, panel);
    window.resize(1400, 900);
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));

    QVERIFY(session.openProject(kSample));
    session.waitForJob();
    workspace.waitForIdle();
    const auto view = workspace.view();
    const int row = llmBarRow(*view, "GPT-4", "CoT");
    QVERIFY(row >= 0);
    const auto& result = view->results[std::size_t(row)];
    QVERIFY(result.flipRate > 0);

    // Selecting the row lists its pairs: the retained ones are the row's n_pairs.
    workspace.selectRow(row);
    QCOMPARE(panel->shownRow(), row);
    QCOMPARE(std::uint64_t(panel->model()->rowCount()),
             result.pairs + result.droppedMissingOrder + result.droppedMissingVerdicts);
    QCOMPARE(std::uint64_t(countFlips(panel->model()->items()).retained), result.pairs);
    QCOMPARE(*view->table.rows[std::size_t(row)].pairs, result.pairs);
    QVERIFY(panel->summaryLabel()->text().contains(QStringLiteral("GPT-4")));

    // J / K move the current pair while the panel has focus.
    panel->view()->setFocus();
    QTRY_VERIFY(panel->view()->hasFocus());
    QCOMPARE(panel->currentRow(), 0);
    const int first = panel->currentItem();
    QTest::keyClick(panel, Qt::Key_J);
    QCOMPARE(panel->currentRow(), 1);
    QVERIFY(panel->currentItem() != first);
    QTest::keyClick(panel, Qt::Key_J);
    QCOMPARE(panel->currentRow(), 2);
    QTest::keyClick(panel, Qt::Key_K);
    QTest::keyClick(panel, Qt::Key_K);
    QCOMPARE(panel->currentRow(), 0);
    QCOMPARE(panel->currentItem(), first);
    QTest::keyClick(panel, Qt::Key_K); // stays on the first pair
    QCOMPARE(panel->currentRow(), 0);
    // The texts follow the current pair.
    const auto& audit = *session.audit();
    QCOMPARE(panel->textsView()->paneText(0),
             qs(audit.str(audit.items().field(ItemText::Question, std::size_t(first)))));

    // F: flipped only, as many as phi says.
    QTest::keyClick(panel, Qt::Key_F);
    QVERIFY(panel->flippedOnlyBox()->isChecked());
    const int flipped = panel->proxy()->rowCount();
    QCOMPARE(flipped, int(std::lround(result.flipRate * double(result.pairs))));
    for (int r = 0; r < flipped; ++r)
        QVERIFY(panel->proxy()->index(r, 0).data(FlipItemModel::FlagsRole).toInt() & FlipItemModel::Flipped);
    QCOMPARE(panel->currentRow(), 0);
    QVERIFY(panel->currentFlipItem()->flipped);

    // The raw outputs shown are the judgments' own, with the highlighted span inside them.
    const auto& judgments = audit.judgments();
    int highlighted = 0;
    for (int r = 0; r < flipped; ++r) {
        panel->setCurrentRow(r);
        const FlipItem* item = panel->currentFlipItem();
        QVERIFY(item);
        for (int o = 0; o < 2; ++o) {
            const auto& run = item->runs[o].front();
            const QString raw = qs(audit.str(judgments.raw[run.judgment]));
            const QString shown = panel->outputsView()->text(o);
            QCOMPARE(shown, raw);
            QVERIFY(!raw.isEmpty()); // real rationales
            const auto [begin, end] = panel->outputsView()->highlight(o);
            if (begin < 0)
                continue;
            ++highlighted;
            QVERIFY(begin < end && end <= shown.size());
            QCOMPARE(panel->outputsView()->highlightedText(o), shown.mid(begin, end - begin));
            // GPT-4 CoT concludes with the slot it chose: "Output (a)" first-shown, "Output (b)"
            // second-shown.
            const Order order = o == 0 ? Order::AB : Order::BA;
            const bool firstShown = (run.verdict == answer::kA) == (order == Order::AB);
            QCOMPARE(shown.mid(begin, end - begin).toLower(),
                     firstShown ? QStringLiteral("output (a)") : QStringLiteral("output (b)"));
        }
    }
    QCOMPARE(highlighted, 2 * flipped); // every GPT-4 CoT rationale names the slot it chose
    QTest::keyClick(panel, Qt::Key_F);
    QVERIFY(!panel->flippedOnlyBox()->isChecked());
    QCOMPARE(panel->proxy()->rowCount(), panel->model()->rowCount());

    // N: a note on the current pair, stored in the session and shown in the panel.
    panel->setCurrentRow(3);
    panel->view()->setFocus();
    const int noted = panel->currentItem();
    const std::string dataset(audit.str(audit.items().dataset[std::size_t(noted)]));
    const std::string itemId(audit.str(audit.items().itemId[std::size_t(noted)]));
    QTest::keyClick(panel, Qt::Key_N);
    QVERIFY(panel->noteEditor());
    QVERIFY(panel->noteEditorText());
    const QString note =
        QStringLiteral("Both outputs are fine; the label is debatable.\nCheck with a second reviewer.");
    panel->noteEditorText()->setPlainText(note);
    QSignalSpy notesChanged(&session, &AuditSession::notesChanged);
    panel->noteEditor()->accept();
    QCOMPARE(notesChanged.count(), 1);
    QCOMPARE(session.note(dataset, itemId), note);
    QVERIFY(panel->noteLabel()->text().contains(note));
    QTest::keyClick(panel, Qt::Key_J);
    QVERIFY(!panel->noteLabel()->text().contains(note));
    QTest::keyClick(panel, Qt::Key_K);
    QVERIFY(panel->noteLabel()->text().contains(note));

    // Saved with the project and found again after reopening it.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("noted.tribunal"));
    QVERIFY(session.saveAs(path));
    session.waitForJob();
    QVERIFY(!session.isDirty());
    AuditSession reopened;
    QVERIFY(reopened.openProject(path));
    reopened.waitForJob();
    QVERIFY(reopened.audit());
    QCOMPARE(reopened.note(dataset, itemId), note);

    // Deselecting shows the hint again.
    workspace.selectRow(-1);
    QCOMPARE(panel->shownRow(), -1);
    QCOMPARE(panel->model()->rowCount(), 0);
}

void TestFlipInspector::verdictSpansOnSample()
{
    // verdictspan.h on every LLMBar rationale of the sample: each answered output of a comparison format
    // names its slot, and no Rating output (two scores, no slot named) gets a span.
    AuditSession session;
    QVERIFY(session.openProject(kSample));
    session.waitForJob();
    QVERIFY(session.audit());
    const auto& audit = *session.audit();
    const auto& judgments = audit.judgments();
    std::map<std::string, std::pair<int, int>> byFormat; // format: (outputs with a span, answered outputs)
    for (const Cell& cell : audit.cells()) {
        if (audit.str(cell.dataset) != kLlmBar)
            continue;
        auto& [found, answered] = byFormat[std::string(audit.str(cell.format))];
        for (std::uint32_t j = cell.begin; j < cell.end; ++j) {
            const auto slot = verdictSlot(judgments.answer[j], judgments.order[j]);
            const auto raw = audit.str(judgments.raw[j]);
            if (!slot || raw.empty())
                continue;
            ++answered;
            found += locateVerdict(raw, *slot).has_value();
        }
    }
    QCOMPARE(byFormat.size(), std::size_t(15));
    for (const auto& [format, counts] : byFormat) {
        QVERIFY2(counts.second > 0, format.c_str());
        const bool rating = format.rfind("Rating", 0) == 0;
        QVERIFY2(
            counts.first == (rating ? 0 : counts.second),
            qPrintable(QStringLiteral("%1: %2 of %3").arg(qs(format)).arg(counts.first).arg(counts.second)));
    }
}

void TestFlipInspector::repeatedRuns()
{
    // The position-bias cells of the sample: 3 runs per order, so C is defined and pairs can be unstable.
    AuditSession session;
    TrustWorkspace workspace(&session);
    FlipInspectorPanel panel(&workspace);
    QVERIFY(session.openProject(kSample));
    session.waitForJob();
    workspace.waitForIdle();
    const auto view = workspace.view();
    int row = -1;
    for (int r = 0; r < view->rowCount() && row < 0; ++r) {
        const auto& result = view->results[std::size_t(r)];
        if (view->table.rows[std::size_t(r)].dataset != kLlmBar && result.runs == 3 &&
            result.consistencyPair < 1.0)
            row = r;
    }
    QVERIFY(row >= 0);
    const auto& result = view->results[std::size_t(row)];
    workspace.selectRow(row);
    panel.unstableOnlyBox()->setChecked(true);
    QCOMPARE(panel.proxy()->rowCount(),
             int(std::lround((1.0 - result.consistencyPair) * double(result.pairs))));
    QVERIFY(panel.proxy()->rowCount() > 0);
    QVERIFY(panel.currentFlipItem()->unstable);

    // The run box picks which run's outputs are shown; both panes show that run number.
    QCOMPARE(panel.runBox()->count(), 3);
    QVERIFY(panel.runBox()->isEnabled());
    panel.runBox()->setCurrentIndex(2);
    QCOMPARE(panel.outputsView()->title(0), QStringLiteral("Order AB · run 3"));
    QCOMPARE(panel.outputsView()->title(1), QStringLiteral("Order BA · run 3"));
    const FlipItem* item = panel.currentFlipItem();
    const auto& audit = *session.audit();
    QCOMPARE(panel.outputsView()->text(0), qs(audit.str(audit.judgments().raw[item->runs[0][2].judgment])));
    panel.nextItem(); // the picked run stays
    QCOMPARE(panel.runBox()->currentIndex(), 2);
    QCOMPARE(panel.outputsView()->title(1), QStringLiteral("Order BA · run 3"));
}

void TestFlipInspector::harnessTexts_data()
{
    // Judgment files of the real harness layouts: the texts come from question.jsonl and model_answer/.
    QTest::addColumn<QString>("layout"); // "fastchat" or "arena-hard"
    QTest::addColumn<QString>("dataset");
    QTest::addColumn<QString>("judge");
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("question");
    QTest::addColumn<QString>("responseA");
    QTest::addColumn<QString>("responseB");
    QTest::newRow("FastChat MT-Bench") << "fastchat"
                                       << "mt-bench"
                                       << "gpt-4"
                                       << "pair-v2"
                                       << "Compose an engaging travel blog post about a recent trip to Hawaii"
                                       << "Title: Aloha and Adventure"
                                       << "Title: Aloha Spirit";
    QTest::newRow("Arena-Hard v0.1")
        << "arena-hard"
        << "arena-hard-v0.1"
        << "gpt-4-1106-preview"
        << "arena-hard"
        << "Write a Scheme program to decide whether a number is odd."
        << "Here's a simple Scheme program to determine if a number is odd"
        << "Sure, here is a simple Scheme program that checks if a number is odd";
}

void TestFlipInspector::harnessTexts()
{
    QFETCH(QString, layout);
    QFETCH(QString, dataset);
    QFETCH(QString, judge);
    QFETCH(QString, format);
    QFETCH(QString, question);
    QFETCH(QString, responseA);
    QFETCH(QString, responseB);
    const QString shared = QStringLiteral(TRIBUNAL_SHARED_DATA "/harness-real");
    QTemporaryDir tmp;
    QString judgments;
    if (layout == "fastchat") {
        judgments = shared + "/fastchat/model_judgment/gpt-4_pair.jsonl";
    } else {
        // The real records beside the real questions and answers, in the harness's own layout.
        const QString bench = tmp.filePath("arena-hard-v0.1");
        QVERIFY(QDir().mkpath(bench + "/model_judgment/gpt-4-1106-preview"));
        QVERIFY(
            QFile::link(shared + "/arena-hard/arena-hard-v0.1/question.jsonl", bench + "/question.jsonl"));
        QVERIFY(QFile::link(shared + "/arena-hard/arena-hard-v0.1/model_answer", bench + "/model_answer"));
        judgments = bench + "/model_judgment/gpt-4-1106-preview/gpt-4-0613.jsonl";
        QVERIFY(QFile::copy(QStringLiteral(TRIBUNAL_TEST_DATA
                                           "/harness/arena-hard-real/arena-hard-v0.1/"
                                           "model_judgment/gpt-4-1106-preview/gpt-4-0613.jsonl"),
                            judgments));
    }
    AuditSession session;
    TrustWorkspace workspace(&session);
    QMainWindow window;
    auto* panel = new FlipInspectorPanel(&workspace, &window);
    window.addDockWidget(Qt::RightDockWidgetArea, panel);
    window.resize(1280, 720);
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(session.openFiles({judgments}));
    session.waitForJob();
    QVERIFY(session.audit());
    workspace.waitForIdle();
    const auto view = workspace.view();
    const int row = rowOf(*view, dataset.toStdString(), judge.toStdString(), format.toStdString());
    QVERIFY(row >= 0);
    workspace.selectRow(row);
    QCOMPARE(panel->shownRow(), row);
    QVERIFY(panel->model()->rowCount() > 0);
    // Step to the pair of the expected question (the list's order is the inspector's).
    int r = 0;
    for (; r < panel->proxy()->rowCount(); ++r) {
        panel->setCurrentRow(r);
        if (panel->textsView()->paneText(0).startsWith(question))
            break;
    }
    QVERIFY2(r < panel->proxy()->rowCount(), qPrintable(question));
    QVERIFY2(panel->textsView()->paneText(1).startsWith(responseA),
             qPrintable(panel->textsView()->paneText(1)));
    QVERIFY2(panel->textsView()->paneText(2).startsWith(responseB),
             qPrintable(panel->textsView()->paneText(2)));
    // The shown texts are the item's.
    const auto& audit = *session.audit();
    const auto item = std::size_t(panel->currentItem());
    QCOMPARE(panel->textsView()->paneText(1), qs(audit.str(audit.items().field(ItemText::ResponseA, item))));
    QCOMPARE(panel->textsView()->paneText(2), qs(audit.str(audit.items().field(ItemText::ResponseB, item))));
}

QTEST_MAIN(TestFlipInspector)
#include "tst_flipinspector.moc"
