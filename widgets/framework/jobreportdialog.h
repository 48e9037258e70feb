#pragma once
// Non-modal report of a finished job: what happened and the issue lines (`file:line: field: reason`) of a
// failed import or the records an import skipped.

#include <QDialog>

class QLabel;
class QPlainTextEdit;

namespace tribunal {

struct JobResult;

class JobReportDialog : public QDialog {
    Q_OBJECT
public:
    explicit JobReportDialog(QWidget* parent = nullptr);

    /// Fills the dialog from a finished job. Returns false (and leaves the dialog empty) when there is
    /// nothing to report: a successful job without issues, or a cancelled one.
    bool setResult(const JobResult& result);

    QString summaryText() const;
    QString detailText() const;

private:
    QLabel* m_summary;
    QPlainTextEdit* m_details;
};

} // namespace tribunal
