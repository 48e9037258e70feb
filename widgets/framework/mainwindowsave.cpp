// MainWindow's Save, Save As and the unsaved-changes prompt (mainwindow.h): the sample and read-only projects
// are never overwritten; Save As proposes the user's documents folder or the last project folder.
#include "framework/mainwindow.h"

#include "framework/auditsession.h"
#include "framework/mainwindowkeys.h"
#include "framework/qstrings.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>

#include <memory>

namespace tribunal {

using namespace mainwindowkeys;

QString MainWindow::proposedSavePath() const
{
    const QString project = m_session->projectPath();
    if (!project.isEmpty() && !m_session->isReadOnly())
        return project;
    QString directory = QSettings().value(QLatin1String(kProjectDirectoryKey)).toString();
    if (directory.isEmpty() || !QFileInfo(directory).isDir())
        directory = QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
    if (directory.isEmpty())
        directory = QDir::homePath();
    const QString name = project.isEmpty() ? QStringLiteral("audit.tribunal") : QFileInfo(project).fileName();
    return QDir(directory).filePath(name);
}

QFileDialog* MainWindow::makeSaveAsDialog()
{
    const QString proposed = proposedSavePath();
    auto* dialog = new QFileDialog(this, tr("Save As"), QFileInfo(proposed).absolutePath(),
                                   tr("Tribunal projects (*.tribunal)"));
    dialog->setObjectName(QStringLiteral("saveAsDialog"));
    dialog->setAcceptMode(QFileDialog::AcceptSave);
    dialog->setDefaultSuffix(QStringLiteral("tribunal"));
    dialog->selectFile(proposed);
    return dialog;
}

bool MainWindow::startSaveAs(QString path)
{
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".tribunal");
    const QString own = m_session->projectPath();
    if (m_session->isReadOnly() && QFileInfo(path).absoluteFilePath() == QFileInfo(own).absoluteFilePath()) {
        QMessageBox::warning(this, tr("Save As"),
                             tr("%1 is read-only (the bundled sample or a file you may not write). Choose "
                                "another file for your copy.")
                                 .arg(QDir::toNativeSeparators(own)));
        return false;
    }
    if (!m_session->saveAs(path))
        return false;
    QSettings().setValue(QLatin1String(kProjectDirectoryKey), QFileInfo(path).absolutePath());
    beginJob(tr("Saving %1…").arg(shownName(QFileInfo(path).fileName())));
    return true;
}

void MainWindow::showSaveAsDialog()
{
    if (!m_session->audit())
        return;
    auto* dialog = makeSaveAsDialog();
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QFileDialog::fileSelected, this, [this](const QString& path) { startSaveAs(path); });
    dialog->open();
}

bool MainWindow::saveBeforeDiscarding()
{
    if (m_session->projectPath().isEmpty() || m_session->isReadOnly()) {
        // The question is modal: so is the file dialog it leads to.
        std::unique_ptr<QFileDialog> dialog(makeSaveAsDialog());
        if (dialog->exec() != QDialog::Accepted || dialog->selectedFiles().isEmpty() ||
            !startSaveAs(dialog->selectedFiles().constFirst()))
            return false;
    } else if (m_session->saveAs(m_session->projectPath())) {
        beginJob(tr("Saving %1…").arg(shownName(QFileInfo(m_session->projectPath()).fileName())));
    } else {
        return false;
    }
    m_session->waitForJob();
    return !m_session->isDirty(); // a failed save keeps the changes (and reports why)
}

void MainWindow::save()
{
    if (m_session->projectPath().isEmpty() || m_session->isReadOnly()) {
        showSaveAsDialog();
        return;
    }
    if (m_session->saveAs(m_session->projectPath()))
        beginJob(tr("Saving %1…").arg(shownName(QFileInfo(m_session->projectPath()).fileName())));
}

bool MainWindow::confirmDiscard()
{
    if (!m_session->isDirty())
        return true;
    const auto answer = QMessageBox::question(
        this, tr("Unsaved changes"),
        tr("The open audit has changes that are not saved in a project. Save them first?"),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return saveBeforeDiscarding();
    return answer == QMessageBox::Discard;
}

} // namespace tribunal
