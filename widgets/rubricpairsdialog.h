#pragma once
// The drill-down of the Rubric judges panel (issue 6: "double-click opens the pairs behind a cell with
// texts, the raters' ratings and every judge's answer"): the list of pairs behind a paired comparison, a
// confusion-matrix cell or a rubric table row, and for the selected pair its texts (ItemTextsView), its R1
// label with the raters' individual ratings, and every judgment on it (analysis/rubricpairdetail.h: judge,
// format, condition, bias test, run, answer, match with the label, distance, confidence, probability of the
// answer, cost, error) with the selected judgment's raw output below. Nothing is computed here beyond
// reading core's rubricPairDetail and rubricLabel. Ctrl+C copies the focused table's selection as
// tab-separated rows. Non-modal; GUI thread only.

#include "analysis/rubricpairdetail.h"

#include <QDialog>
#include <QStringList>

#include <vector>

class QLabel;
class QPlainTextEdit;
class QTableWidget;

namespace tribunal {

class ItemTextsView;

/// What the dialog lists: item rows with extra columns of their own (e.g. each judge's correctness).
struct RubricPairList {
    QString title; ///< what the pairs are behind ("j1 vs j2 on d1 · F1", "label 2, predicted 3", ...)
    LabelRounding rounding = LabelRounding::HalfUp;
    QStringList extraColumns;
    struct Entry {
        std::uint32_t item = 0;
        QStringList extra; ///< one text per extra column
    };
    std::vector<Entry> entries;
};

class RubricPairsDialog : public QDialog {
    Q_OBJECT
public:
    /// Pair table columns before the extra ones.
    enum Column { ItemColumn, UnitColumn, CriterionColumn, LabelColumn, MeanColumn, FixedColumns };
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

    explicit RubricPairsDialog(QWidget* parent = nullptr);

    /// Lists `list` of `audit` and selects the first pair (or clears the detail without pairs).
    void showPairs(AuditPtr audit, RubricPairList list);

    QString titleText() const;
    QTableWidget* pairTable() const { return m_pairs; }
    QTableWidget* answerTable() const { return m_answers; }
    ItemTextsView* itemTexts() const { return m_texts; }
    const RubricPairList& pairList() const { return m_list; }

    /// Makes pair row `row` current (clamped; -1 clears).
    void setCurrentPair(int row);
    int currentPair() const;
    /// The detail shown (item = the current pair's item); default-constructed without a current pair.
    const RubricPairDetail& detail() const { return m_detail; }
    /// "Label 4 (raters' mean 4.333, split, 3 raters)" or "No label (...)".
    QString labelText() const;
    /// "r1: 4 · r2: 4 · r3: 5", or empty without ratings.
    QString ratingsText() const;
    /// Makes answer row `row` current and shows its raw output.
    void setCurrentAnswer(int row);
    QString rawOutputText() const;

    /// Texts the tables show (shared with the tests): a number for reading, an answer's match.
    static QString numberText(double value);
    static QString matchText(RubricAnswerMatch match);

private:
    void showCurrentPair();
    void showCurrentAnswer();
    void copyFocusedTable();

    AuditPtr m_audit;
    RubricPairList m_list;
    RubricPairDetail m_detail;
    QLabel* m_title;
    QTableWidget* m_pairs;
    ItemTextsView* m_texts;
    QLabel* m_label;
    QLabel* m_ratings;
    QTableWidget* m_answers;
    QPlainTextEdit* m_raw;
};

} // namespace tribunal
