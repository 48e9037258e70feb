#pragma once
// The drill-down of the Rubric judges panel (issue 6: "double-click opens the pairs behind a cell with
// texts, the raters' ratings and every judge's answer"): the list of pairs behind a paired comparison, a
// confusion-matrix cell or a rubric table row, and for the selected pair its texts (ItemTextsView), its R1
// label with the raters' individual ratings, and every judgment on it (analysis/rubricpairdetail.h: judge,
// format, condition, bias test, run, answer, match with the label, distance, confidence, probability of the
// answer, cost, error) with the selected judgment's raw output below (the right side is a RubricPairView,
// which the Confident errors dock shares). Nothing is computed here beyond reading core's rubricPairDetail
// and rubricLabel. Ctrl+C copies the focused table's selection as tab-separated rows. Non-modal; GUI thread
// only.

#include "rubric/rubricpairview.h"

#include <QDialog>
#include <QStringList>

#include <vector>

class QLabel;
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
    /// Answer table columns (the pair view's).
    using enum RubricPairView::AnswerColumn;

    explicit RubricPairsDialog(QWidget* parent = nullptr);

    /// Lists `list` of `audit` and selects the first pair (or clears the detail without pairs).
    void showPairs(AuditPtr audit, RubricPairList list);

    QString titleText() const;
    QTableWidget* pairTable() const { return m_pairs; }
    QTableWidget* answerTable() const;
    ItemTextsView* itemTexts() const;
    RubricPairView* pairView() const { return m_view; }
    const RubricPairList& pairList() const { return m_list; }

    /// Makes pair row `row` current (clamped; -1 clears).
    void setCurrentPair(int row);
    int currentPair() const;
    /// The detail shown (item = the current pair's item); default-constructed without a current pair.
    const RubricPairDetail& detail() const { return m_view->detail(); }
    /// "Label 4 (raters' mean 4.333, split, 3 raters)" or "No label (...)".
    QString labelText() const;
    /// "r1: 4 · r2: 4 · r3: 5", or empty without ratings.
    QString ratingsText() const;
    /// Makes answer row `row` current and shows its raw output.
    void setCurrentAnswer(int row);
    QString rawOutputText() const;

    /// Texts the tables show (shared with the tests): a number for reading, an answer's match.
    static QString numberText(double value) { return RubricPairView::numberText(value); }
    static QString matchText(RubricAnswerMatch match) { return RubricPairView::matchText(match); }

private:
    void showCurrentPair();
    void copyFocusedTable();

    AuditPtr m_audit;
    RubricPairList m_list;
    QLabel* m_title;
    QTableWidget* m_pairs;
    RubricPairView* m_view;
};

} // namespace tribunal
