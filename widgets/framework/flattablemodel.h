#pragma once
// A read-only table model over a report/flattable.h FlatTable (the Rubric judges panel's criterion and
// comparison tables, exactly the rows and columns `tribunal-cli rubric` / `compare` write), and the
// tab-separated copy of any FlatTable (the Bias tests panel's Copy table too). Cells show
// numbers as the CLI's Markdown does (4 significant digits, report/tablecells.h displayNumber); ExactRole
// and tsv() give them as its CSV does (shortest round-trip), so a copied table pastes with every digit.
// Missing cells are empty. Rendering only; GUI thread only.

#include "report/flattable.h"

#include <QAbstractTableModel>
#include <QString>

namespace tribunal {

class FlatTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Role {
        ExactRole = Qt::UserRole + 1, ///< QString: the cell as the CLI's CSV writes it
    };

    explicit FlatTableModel(QObject* parent = nullptr);

    void setTable(FlatTable table);
    const FlatTable& table() const { return m_table; }
    /// Index of column `name`, or -1.
    int column(std::string_view name) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// A cell as the CLI's CSV writes it (text with tabs and line breaks as spaces, for tab-separated use).
    static QString exactText(const FlatCell& cell);
    /// A cell for reading (numbers with 4 significant digits).
    static QString displayText(const FlatCell& cell);
    /// The whole table, tab-separated with a header line of the column names; empty without columns.
    static QString tsv(const FlatTable& table);

private:
    FlatTable m_table;
};

} // namespace tribunal
