#pragma once
// Dock panel listing the audit's items, with filters by dataset, judge and format and a text search.

#include "items/itemindex.h"
#include "model/audit.h"

#include <QDockWidget>
#include <QTimer>

#include <memory>

class QComboBox;
class QLabel;
class QLineEdit;
class QTableView;

namespace tribunal {

class ItemFilterProxy;
class ItemTableModel;

class ItemsPanel : public QDockWidget {
    Q_OBJECT
public:
    explicit ItemsPanel(QWidget* parent = nullptr);

    /// Shows a new snapshot and emits currentItemChanged. Filters are kept where the new snapshot has the
    /// same dataset / judge / format name, otherwise reset to "all".
    void setAudit(AuditPtr audit, std::shared_ptr<const ItemIndex> index);
    /// Filters the list to one trust cell (journey 1: a clicked plot point filters the item views to it). An
    /// empty name, or one the list does not know, means "all" for that filter.
    void filterToCell(const QString& dataset, const QString& judge, const QString& format);
    /// Makes the first shown row current (no-op when the table is empty).
    void selectFirstItem();
    /// The item row of the current table row, or -1.
    int currentItem() const;

    QTableView* view() const { return m_view; }
    ItemTableModel* model() const { return m_model; }
    ItemFilterProxy* proxy() const { return m_proxy; }
    QComboBox* datasetFilter() const { return m_dataset; }
    QComboBox* judgeFilter() const { return m_judge; }
    QComboBox* formatFilter() const { return m_format; }
    QLineEdit* searchField() const { return m_search; }

signals:
    /// The current item changed (-1: none).
    void currentItemChanged(int item);

private:
    void fillCombo(QComboBox* combo, const QString& allText, std::span<const StrId> ids);
    void applyFilters();
    void updateCount();

    ItemTableModel* m_model;
    ItemFilterProxy* m_proxy;
    QComboBox* m_dataset;
    QComboBox* m_judge;
    QComboBox* m_format;
    QLineEdit* m_search;
    QLabel* m_count;
    QTableView* m_view;
    QTimer m_searchDelay;
    int m_lastItem = -1;
};

} // namespace tribunal
