#pragma once
// Status-bar widget for long work: what runs, a progress bar and a Cancel button. Hidden when idle.

#include <QWidget>

class QLabel;
class QProgressBar;
class QPushButton;

namespace tribunal {

class JobStatusWidget : public QWidget {
    Q_OBJECT
public:
    explicit JobStatusWidget(QWidget* parent = nullptr);

    /// Shows the widget with `title` and an indeterminate bar until the first progress arrives.
    void begin(const QString& title);
    /// Hides the widget.
    void end();
    /// done of total (total 0 = unknown: indeterminate bar).
    void setProgress(qint64 done, qint64 total);

    QProgressBar* progressBar() const { return m_bar; }
    QPushButton* cancelButton() const { return m_cancel; }

signals:
    void cancelRequested();

private:
    QLabel* m_title;
    QProgressBar* m_bar;
    QPushButton* m_cancel;
};

} // namespace tribunal
