#pragma once
// Everything a reviewer reads about one rubric pair (shared by the Rubric judges drill-down,
// RubricPairsDialog, and the Confident errors dock): its texts (ItemTextsView), its R1 label with the raters'
// individual ratings, every judgment on it (analysis/rubricpairdetail.h: judge, format, condition, bias
// test, run, answer, match with the label, distance, confidence, probability of the answer, cost, error)
// and the selected judgment's raw output (the judge's rationale). Nothing is computed here beyond reading
// core's rubricPairDetail. Read-only; GUI thread only.

#include "analysis/rubricpairdetail.h"

#include <QWidget>

class QLabel;
class QPlainTextEdit;
class QSplitter;
class QTableWidget;

namespace tribunal {

class ItemTextsView;

class RubricPairView : public QWidget {
    Q_OBJECT
public:
    /// Answer table columns.
    enum AnswerColumn {
        JudgeColumn,
        FormatColumn,
        ConditionColumn,
        TestColumn,
        RunColumn,
        AnswerTextColumn,
        MatchColumn,
        DistanceColumn,
        ConfidenceColumn,
        ProbabilityColumn,
        CostColumn,
        ErrorColumn,
        AnswerColumns
    };

    explicit RubricPairView(QWidget* parent = nullptr);

    /// Shows item `item` of `audit` with its label under `rounding` (R1) and selects its first judgment;
    /// clears the view when `audit` is null or `item` < 0.
    void showPair(AuditPtr audit, int item, LabelRounding rounding);

    /// The detail shown; default-constructed when the view is clear.
    const RubricPairDetail& detail() const { return m_detail; }
    /// The item shown, or -1.
    int item() const { return m_item; }
    /// "Label 4 (raters' mean 4.333, split, 3 raters; rule half-up)" or "No label (...)"; empty when clear.
    QString labelText() const;
    /// "Ratings: r1: 4 · r2: 4 · r3: 5", or empty without ratings.
    QString ratingsText() const;
    /// Makes answer row `row` current and shows its raw output.
    void setCurrentAnswer(int row);
    QString rawOutputText() const;

    ItemTextsView* itemTexts() const { return m_texts; }
    QTableWidget* answerTable() const { return m_answers; }
    QPlainTextEdit* rawOutput() const { return m_raw; }
    /// The vertical splitter (texts, label and answers, raw output), for callers that add a pane.
    QSplitter* splitter() const { return m_split; }

    /// Texts the tables show (shared with the tests): a number for reading, an answer's match.
    static QString numberText(double value);
    static QString matchText(RubricAnswerMatch match);

private:
    void showCurrentAnswer();

    AuditPtr m_audit;
    int m_item = -1;
    LabelRounding m_rounding = LabelRounding::HalfUp;
    RubricPairDetail m_detail;
    ItemTextsView* m_texts;
    QLabel* m_label;
    QLabel* m_ratings;
    QTableWidget* m_answers;
    QPlainTextEdit* m_raw;
    QSplitter* m_split;
};

} // namespace tribunal
