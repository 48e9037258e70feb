// File > Close (MainWindow::closeAudit): asks before dropping unsaved changes (Cancel keeps everything), then
// leaves the window as at a start without a file - no audit, no title, every panel and the Export dialog
// saying there is no audit - and the next open works as the first did. The project file is not touched.

#include "export/exportdialog.h"
#include "framework/auditsession.h"
#include "framework/mainwindow.h"
#include "trust/overviewpanel.h"
#include "trust/trusttablemodel.h"

#include "../common/testfiles.h"

#include <QAbstractButton>
#include <QAction>
#include <QFile>
#include <QFileDialog>
#include <QMessageBox>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include <memory>

using namespace tribunal;

namespace {

const QString kSample = QStringLiteral(TRIBUNAL_BUILD_DIR "/resources/sample.tribunal");

/// Clicks `button` in the next message box that opens; keeps its text.
class BoxAnswer : public QObject {
public:
    explicit BoxAnswer(QMessageBox::StandardButton button) : m_button(button)
    {
        connect(&m_timer, &QTimer::timeout, this, [this] {
            auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            if (box == nullptr || !text.isEmpty())
                return;
            text = box->text();
            if (QAbstractButton* b = box->button(m_button))
                b->click();
            else
                box->reject();
        });
        m_timer.start(20);
    }
    QString text;

private:
    QMessageBox::StandardButton m_button;
    QTimer m_timer;
};

/// Accepts the next Save As file dialog that opens with `path` typed in.
class SaveAsAnswer : public QObject {
public:
    explicit SaveAsAnswer(QString path) : m_path(std::move(path))
    {
        connect(&m_timer, &QTimer::timeout, this, [this] {
            auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
            if (dialog == nullptr || answered)
                return;
            answered = dialog->objectName() == QStringLiteral("saveAsDialog");
            dialog->selectFile(m_path);
            QMetaObject::invokeMethod(dialog, "accept"); // QFileDialog::accept is protected
        });
        m_timer.start(20);
    }
    bool answered = false;

private:
    QString m_path;
    QTimer m_timer;
};

bool runJob(MainWindow& window, const std::function<bool()>& start)
{
    QSignalSpy finished(window.session(), &AuditSession::jobFinished);
    if (!start() || !finished.wait(120000))
        return false;
    return finished.at(0).at(0).value<JobResult>().ok;
}

QAction* closeAction(MainWindow& window)
{
    for (QAction* action : window.findChildren<QAction*>())
        if (action->shortcut() == QKeySequence(QKeySequence::Close))
            return action;
    return nullptr;
}

} // namespace

class TestCloseAudit : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void closeAsksThenEmptiesTheWindow();
    void saveAnswerSavesThenCloses();
    void saveAnswerOnTheReadOnlySampleAsksForAFile();
};

void TestCloseAudit::closeAsksThenEmptiesTheWindow()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString project = dir.filePath(QStringLiteral("sample.tribunal"));
    QVERIFY(QFile::copy(kSample, project));
    QVERIFY(QFile::setPermissions(project, QFile::ReadOwner | QFile::WriteOwner));
    const QByteArray before = test::readFile(project);

    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QAction* close = closeAction(window);
    QVERIFY(close);
    QVERIFY(!close->isEnabled()); // nothing open yet
    QVERIFY(runJob(window, [&] { return window.openPaths({project}, ProjectAccess::ReadOnly); }));
    AuditSession* session = window.session();
    session->waitForIdle();
    QVERIFY(close->isEnabled());
    const int rows = window.overviewPanel()->model()->rowCount();
    QVERIFY(rows > 0);
    const QString size = window.sizeText();
    // An unsaved change: a note.
    QVERIFY(session->setNote("llmbar-LLMBar-Natural", "0", QStringLiteral("check this")));
    QVERIFY(session->isDirty());

    // Cancel keeps the audit and the note.
    {
        BoxAnswer cancel(QMessageBox::Cancel);
        close->trigger();
        QVERIFY2(cancel.text.contains(QStringLiteral("not saved")), qPrintable(cancel.text));
    }
    QVERIFY(session->audit());
    QVERIFY(session->isDirty());
    QCOMPARE(session->note("llmbar-LLMBar-Natural", "0"), QStringLiteral("check this"));

    // Discard closes it.
    {
        BoxAnswer discard(QMessageBox::Discard);
        QSignalSpy changed(session, &AuditSession::auditChanged);
        close->trigger();
        QVERIFY(!discard.text.isEmpty());
        QCOMPARE(changed.count(), 1);
    }
    session->waitForIdle();
    QVERIFY(!session->audit());
    QVERIFY(session->projectPath().isEmpty());
    QVERIFY(!session->isDirty());
    QVERIFY(!session->isReadOnly());
    QCOMPARE(session->note("llmbar-LLMBar-Natural", "0"), QString());
    QCOMPARE(window.windowTitle(), QStringLiteral("Tribunal"));
    QCOMPARE(window.sizeText(), QStringLiteral("No audit open"));
    QCOMPARE(window.overviewPanel()->model()->rowCount(), 0);
    QVERIFY(!close->isEnabled());
    window.showExportDialog();
    QCOMPARE(window.exportDialog()->problem(), QStringLiteral("Open an audit to export its tables."));
    window.exportDialog()->close();
    QCOMPARE(test::readFile(project), before);

    // Opening again works as the first time.
    QVERIFY(runJob(window, [&] { return window.openPaths({project}, ProjectAccess::ReadOnly); }));
    session->waitForIdle();
    QCOMPARE(window.overviewPanel()->model()->rowCount(), rows);
    QCOMPARE(window.sizeText(), size);
}

void TestCloseAudit::saveAnswerSavesThenCloses()
{
    // The question before discarding offers Save: the project is written, then closed.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString project = dir.filePath(QStringLiteral("mine.tribunal"));
    QVERIFY(QFile::copy(kSample, project));
    QVERIFY(QFile::setPermissions(project, QFile::ReadOwner | QFile::WriteOwner));
    MainWindow window;
    window.show();
    QVERIFY(runJob(window, [&] { return window.openPaths({project}); }));
    AuditSession* session = window.session();
    session->waitForIdle();
    QVERIFY(session->setNote("llmbar-LLMBar-Natural", "0", QStringLiteral("keep this")));
    {
        BoxAnswer save(QMessageBox::Save);
        QVERIFY(window.closeAudit());
        QVERIFY2(save.text.contains(QStringLiteral("Save them first?")), qPrintable(save.text));
    }
    session->waitForIdle();
    QVERIFY(!session->audit());
    QVERIFY(runJob(window, [&] { return window.openPaths({project}); }));
    QCOMPARE(session->note("llmbar-LLMBar-Natural", "0"), QStringLiteral("keep this"));
}

void TestCloseAudit::saveAnswerOnTheReadOnlySampleAsksForAFile()
{
    // On the read-only sample, Save asks for a new file first; Cancel there keeps the audit open.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    MainWindow window;
    window.show();
    QVERIFY(runJob(window, [&] { return window.openPaths({kSample}, ProjectAccess::ReadOnly); }));
    AuditSession* session = window.session();
    session->waitForIdle();
    const QByteArray sample = test::readFile(kSample);
    QVERIFY(session->setNote("llmbar-LLMBar-Natural", "0", QStringLiteral("mine")));
    const QString copy = dir.filePath(QStringLiteral("copy.tribunal"));
    {
        BoxAnswer save(QMessageBox::Save);
        SaveAsAnswer where(copy);
        QVERIFY(window.closeAudit());
        QVERIFY(where.answered);
    }
    session->waitForIdle();
    QVERIFY(!session->audit());
    QVERIFY(QFile::exists(copy));
    QCOMPARE(test::readFile(kSample), sample); // the sample itself untouched
    QVERIFY(runJob(window, [&] { return window.openPaths({copy}); }));
    QCOMPARE(session->note("llmbar-LLMBar-Natural", "0"), QStringLiteral("mine"));
}

QTEST_MAIN(TestCloseAudit)
#include "tst_closeaudit.moc"
