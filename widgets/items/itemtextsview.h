#pragma once
// The texts of one item: question and both responses (pairwise) or input, submission and criterion (rubric),
// with a header line (dataset, id, kind, label) and, when present, levels, individual ratings and the
// remaining item fields.

#include "model/audit.h"

#include <QWidget>

class QGroupBox;
class QLabel;
class QPlainTextEdit;

namespace tribunal {

/// Read-only; empty panes are hidden. GUI thread only.
class ItemTextsView : public QWidget {
    Q_OBJECT
public:
    explicit ItemTextsView(QWidget* parent = nullptr);

    /// Shows item `item` of `audit`; clears the view when `audit` is null or `item` < 0.
    void showItem(const AuditPtr& audit, int item);

    QString headerText() const;
    /// The text panes in display order: [0] question / input (top), [1] response A / submission (left),
    /// [2] response B / criterion (right), [3] levels, ratings and other fields.
    QString paneText(int pane) const;
    QString paneTitle(int pane) const;

private:
    void setPane(int pane, const QString& title, const QString& text);

    static constexpr int kPanes = 4;
    QLabel* m_header;
    QGroupBox* m_boxes[kPanes];
    QPlainTextEdit* m_texts[kPanes];
};

} // namespace tribunal
