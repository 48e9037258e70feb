#include "framework/jobreportdialog.h"

#include "framework/jobresult.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QVBoxLayout>

namespace tribunal {

JobReportDialog::JobReportDialog(QWidget* parent)
    : QDialog(parent), m_summary(new QLabel(this)), m_details(new QPlainTextEdit(this))
{
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    m_details->setReadOnly(true);
    m_details->setLineWrapMode(QPlainTextEdit::NoWrap);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_summary);
    layout->addWidget(m_details, 1);
    layout->addWidget(buttons);
    resize(720, 360);
}

bool JobReportDialog::setResult(const JobResult& result)
{
    if (result.cancelled ||
        (result.ok && result.issues.isEmpty() && result.notes.isEmpty() && result.mergedRecords == 0))
        return false;
    const QString files = result.paths.join(QStringLiteral(", "));
    QString summary;
    switch (result.kind) {
    case JobResult::Kind::Open:
        setWindowTitle(result.ok ? (result.issues.isEmpty() ? tr("Opened with notes")
                                                            : tr("Opened with skipped records"))
                                 : tr("Open failed"));
        summary =
            !result.ok ? tr("Could not open %1. Nothing was changed.").arg(files)
            : result.issues.isEmpty()
                ? tr("Opened %1. Please note:").arg(files)
                : tr("Opened %1. %Ln bad record(s) were skipped:", "", int(result.skippedRecords)).arg(files);
        break;
    case JobResult::Kind::Import:
        setWindowTitle(result.ok ? (result.issues.isEmpty() ? tr("Imported with notes")
                                                            : tr("Imported with skipped records"))
                                 : tr("Import failed"));
        summary = !result.ok ? tr("Could not import %1. The open audit is unchanged.").arg(files)
                  : result.issues.isEmpty()
                      ? tr("Imported %1. Please note:").arg(files)
                      : tr("Imported %1. %Ln bad record(s) were skipped:", "", int(result.skippedRecords))
                            .arg(files);
        break;
    case JobResult::Kind::Save:
        setWindowTitle(tr("Save failed"));
        summary = tr("Could not save %1. The previous file, if any, is unchanged.").arg(files);
        break;
    }
    if (result.ok && result.mergedRecords > 0)
        summary +=
            QLatin1Char(' ') + tr("%1 judgment(s) agreed with ones already read or in the audit and were "
                                  "merged (kept once).")
                                   .arg(QLocale().toString(result.mergedRecords));
    if (result.stoppedAtBadRecord)
        summary +=
            QLatin1Char(' ') +
            tr("To read the rest, choose “Skip bad records” and try again: the bad records are then left out "
               "and listed.");
    m_summary->setText(summary);
    QStringList lines;
    if (!result.files.isEmpty())
        lines << tr("Read:") << result.files << QString();
    lines << result.issues;
    if (!result.message.isEmpty())
        lines.prepend(result.message);
    for (const auto& note : result.notes)
        lines << tr("note: %1").arg(note);
    m_details->setPlainText(lines.join(QLatin1Char('\n')));
    return true;
}

QString JobReportDialog::summaryText() const
{
    return m_summary->text();
}

QString JobReportDialog::detailText() const
{
    return m_details->toPlainText();
}

} // namespace tribunal
