#pragma once
// The judge's raw output (rationale) of the selected judgment; for pairwise judgments the outputs of both
// presentation orders side by side, as reviewers read them.

#include <QWidget>

class QGroupBox;
class QPlainTextEdit;

namespace tribunal {

/// Two read-only text panes; the second is hidden when only one output is shown.
class RawOutputView : public QWidget {
    Q_OBJECT
public:
    explicit RawOutputView(QWidget* parent = nullptr);

    /// Shows one output under `title`.
    void showSingle(const QString& title, const QString& text);
    /// Shows two outputs side by side (order AB left, BA right).
    void showPair(const QString& firstTitle, const QString& firstText, const QString& secondTitle,
                  const QString& secondText);
    void clear();

    QString firstText() const;
    QString secondText() const; ///< empty when the second pane is hidden
    bool isPairShown() const;

private:
    QGroupBox* m_firstBox;
    QGroupBox* m_secondBox;
    QPlainTextEdit* m_first;
    QPlainTextEdit* m_second;
};

} // namespace tribunal
