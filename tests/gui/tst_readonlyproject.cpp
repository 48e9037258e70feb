// A read-only project (AuditSession::isReadOnly; the bundled sample opens so): File > Save never writes it
// but asks for a copy, starting in the folder of the last project saved (else the documents folder), Save As
// refuses the file itself with a message, the title says so, and a judge run is refused until the copy
// exists. The sample's bytes are unchanged after all of it. A project opened read-write keeps Ctrl+S.

#include "framework/auditsession.h"
#include "framework/mainwindow.h"
#include "judges/judgesworkspace.h"

#include "../common/testfiles.h"

#include <QAction>
#include <QFile>
#include <QFileDialog>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include <memory>

using namespace tribunal;

namespace {

const QString kSample = QStringLiteral(TRIBUNAL_BUILD_DIR "/resources/sample.tribunal");

/// Answers every message box that opens while it lives (Yes where offered, else OK) and keeps its text.
class MessageBoxAnswerer : public QObject {
public:
    MessageBoxAnswerer()
    {
        connect(&m_timer, &QTimer::timeout, this, [this] {
            auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            if (box == nullptr)
                return;
            texts << box->text();
            QAbstractButton* button = box->button(QMessageBox::Yes);
            if (button == nullptr)
                button = box->button(QMessageBox::Ok);
            if (button != nullptr)
                button->click();
            else
                box->reject();
        });
        m_timer.start(20);
    }
    QStringList texts;

private:
    QTimer m_timer;
};

QAction* actionNamed(MainWindow& window, const QString& text)
{
    for (QAction* action : window.findChildren<QAction*>())
        if (action->text().remove(QLatin1Char('&')) == text)
            return action;
    return nullptr;
}

} // namespace

class TestReadOnlyProject : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void sampleIsNeverWritten();
    void writableProjectSavesInPlace();

private:
    std::unique_ptr<MainWindow> opened(const QString& path, ProjectAccess access);
    static bool runJob(MainWindow& window, const std::function<bool()>& start);
    QTemporaryDir m_dir;
};

void TestReadOnlyProject::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true); // QSettings under ~/.qttest, not the user's settings
    QSettings().clear();
    QVERIFY(m_dir.isValid());
    QVERIFY(QFileInfo(kSample).isFile());
}

bool TestReadOnlyProject::runJob(MainWindow& window, const std::function<bool()>& start)
{
    QSignalSpy finished(window.session(), &AuditSession::jobFinished);
    if (!start() || !finished.wait(120000))
        return false;
    return finished.at(0).at(0).value<JobResult>().ok;
}

std::unique_ptr<MainWindow> TestReadOnlyProject::opened(const QString& path, ProjectAccess access)
{
    auto window = std::make_unique<MainWindow>();
    window->show();
    if (!QTest::qWaitForWindowExposed(window.get()))
        return nullptr;
    if (!runJob(*window, [&] { return window->openPaths({path}, access); }))
        return nullptr;
    return window;
}

void TestReadOnlyProject::sampleIsNeverWritten()
{
    // A writable copy of the sample stands for the shipped file (a build tree's sample is writable too): the
    // access it is opened with, not the file's permissions, keeps it unchanged.
    const QString sample = m_dir.filePath(QStringLiteral("sample.tribunal"));
    QVERIFY(QFile::copy(kSample, sample));
    QVERIFY(QFile::setPermissions(sample, QFile::ReadOwner | QFile::WriteOwner));
    const QByteArray before = test::readFile(sample);
    const QString lastFolder = m_dir.filePath(QStringLiteral("papers"));
    QVERIFY(QDir().mkpath(lastFolder));
    QSettings().setValue(QStringLiteral("project/directory"), lastFolder);

    auto window = opened(sample, ProjectAccess::ReadOnly);
    QVERIFY(window);
    AuditSession* session = window->session();
    QVERIFY(session->isReadOnly());
    QCOMPARE(session->projectPath(), sample);
    QVERIFY2(window->windowTitle().contains(QStringLiteral("sample.tribunal (read-only)")),
             qPrintable(window->windowTitle()));
    QVERIFY(window->judgesWorkspace()->needsSave());
    QVERIFY2(window->judgesWorkspace()->runBlocker().contains(QStringLiteral("read-only")),
             qPrintable(window->judgesWorkspace()->runBlocker()));
    QCOMPARE(window->proposedSavePath(), QDir(lastFolder).filePath(QStringLiteral("sample.tribunal")));

    // Ctrl+S asks for a file, starting in the last project folder, instead of writing the sample.
    QAction* save = actionNamed(*window, QStringLiteral("Save"));
    QVERIFY(save);
    QVERIFY(save->isEnabled());
    save->trigger();
    auto* dialog = window->findChild<QFileDialog*>(QStringLiteral("saveAsDialog"));
    QVERIFY(dialog);
    QVERIFY(dialog->isVisible());
    QCOMPARE(QFileInfo(dialog->directory().absolutePath()).canonicalFilePath(),
             QFileInfo(lastFolder).canonicalFilePath());
    QCOMPARE(dialog->selectedFiles().value(0), QDir(lastFolder).filePath(QStringLiteral("sample.tribunal")));
    QCoreApplication::processEvents();
    QCOMPARE(test::readFile(sample), before);
    QVERIFY(!session->isBusy());

    // Choosing the sample itself is refused with a message (after Qt's own "replace?" question).
    {
        MessageBoxAnswerer answers;
        dialog->selectFile(sample);
        QMetaObject::invokeMethod(dialog, "accept");
        QTRY_VERIFY(answers.texts.size() >= 1);
        QTRY_VERIFY2(answers.texts.join('\n').contains(QStringLiteral("is read-only")),
                     qPrintable(answers.texts.join('\n')));
    }
    QVERIFY(!session->isBusy());
    QCOMPARE(test::readFile(sample), before);
    QVERIFY(session->isReadOnly());

    // A new file: saved there, which becomes the project (writable now) and the folder proposed next.
    save->trigger();
    dialog = window->findChild<QFileDialog*>(QStringLiteral("saveAsDialog"));
    QVERIFY(dialog);
    const QString copy = m_dir.filePath(QStringLiteral("mine/my-audit"));
    QVERIFY(QDir().mkpath(m_dir.filePath(QStringLiteral("mine"))));
    dialog->selectFile(copy);
    QVERIFY(runJob(*window, [&] {
        QMetaObject::invokeMethod(dialog, "accept");
        return session->isBusy();
    }));
    QCOMPARE(session->projectPath(), copy + QStringLiteral(".tribunal"));
    QVERIFY(!session->isReadOnly());
    QVERIFY(!window->windowTitle().contains(QStringLiteral("read-only")));
    QVERIFY(!window->judgesWorkspace()->runBlocker().contains(QStringLiteral("read-only")));
    QCOMPARE(QSettings().value(QStringLiteral("project/directory")).toString(),
             QFileInfo(copy).absolutePath());
    QCOMPARE(test::readFile(sample), before);
    QVERIFY(test::readFile(copy + QStringLiteral(".tribunal")).startsWith("SQLite format 3"));
}

void TestReadOnlyProject::writableProjectSavesInPlace()
{
    const QString project = m_dir.filePath(QStringLiteral("own.tribunal"));
    QVERIFY(QFile::copy(kSample, project));
    QVERIFY(QFile::setPermissions(project, QFile::ReadOwner | QFile::WriteOwner));
    auto window = opened(project, ProjectAccess::ReadWrite);
    QVERIFY(window);
    QVERIFY(!window->session()->isReadOnly());
    QVERIFY(!window->windowTitle().contains(QStringLiteral("read-only")));
    QCOMPARE(window->proposedSavePath(), project);
    QVERIFY(!window->judgesWorkspace()->runBlocker().contains(QStringLiteral("read-only")));
    // Save writes the file itself, without a dialog.
    QAction* save = actionNamed(*window, QStringLiteral("Save"));
    QVERIFY(save);
    QVERIFY(runJob(*window, [&] {
        save->trigger();
        return window->session()->isBusy();
    }));
    QVERIFY(!window->findChild<QFileDialog*>(QStringLiteral("saveAsDialog")));
    QCOMPARE(window->session()->projectPath(), project);
}

QTEST_MAIN(TestReadOnlyProject)
#include "tst_readonlyproject.moc"
