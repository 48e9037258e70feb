#pragma once
// Dock panel for the selected item: its texts, its judgments as a tree, and the selected judgment's raw
// output (both presentation orders side by side for pairwise judgments).

#include "model/audit.h"

#include <QDockWidget>

class QTreeView;

namespace tribunal {

class ItemTextsView;
class JudgmentTreeModel;
class RawOutputView;

class ItemDetailPanel : public QDockWidget {
    Q_OBJECT
public:
    explicit ItemDetailPanel(QWidget* parent = nullptr);

    /// Shows item `item` of `audit` (null / -1 clears the panel).
    void showItem(const AuditPtr& audit, int item);
    int shownItem() const { return m_item; }

    ItemTextsView* textsView() const { return m_texts; }
    QTreeView* judgmentView() const { return m_tree; }
    JudgmentTreeModel* judgmentModel() const { return m_model; }
    RawOutputView* rawView() const { return m_raw; }

    /// The judgment row of the other presentation order with the same judge, format, condition, bias-test
    /// fields and run, or -1.
    static int counterpart(const Audit& audit, std::uint32_t row);

private:
    void showJudgment(int row);

    AuditPtr m_audit;
    int m_item = -1;
    ItemTextsView* m_texts;
    QTreeView* m_tree;
    JudgmentTreeModel* m_model;
    RawOutputView* m_raw;
};

} // namespace tribunal
