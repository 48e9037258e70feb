#pragma once
// The pairs of the selected trust row for the flip inspector (workbench.md journey 2): one row per pair
// (item run) as tribunal_core's inspectFlips lists them, with the verdict grid per order coloured by
// agreement with the label. Rendering only: flags and modal verdicts come from analysis/flipinspection.h.

#include "analysis/flipinspection.h"
#include "model/audit.h"

#include <QAbstractTableModel>
#include <QColor>

#include <vector>

namespace tribunal {

/// Read-only table over one inspectFlips result. GUI thread only.
class FlipItemModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { ItemColumn, CellColumn, LabelColumn, AbColumn, BaColumn, FlagsColumn, ColumnCount };
    enum Flag { Flipped = 1, Unstable = 2, Wrong = 4, Dropped = 8 };
    enum Role {
        FlagsRole = Qt::UserRole + 1, ///< int: Flag bits of the pair (every column)
        ItemRowRole,                  ///< int: the item's row in the snapshot (every column)
        /// QVariantList of int LabelAgreement, one per run (AbColumn / BaColumn), in the order of the letters
        RunAgreementsRole,
        /// QStringList: one verdict letter per run (AbColumn / BaColumn)
        RunLettersRole,
    };

    explicit FlipItemModel(QObject* parent = nullptr);

    /// Shows `items` of `audit` (both may be empty / null).
    void setItems(AuditPtr audit, std::vector<FlipItem> items);
    void clear() { setItems(nullptr, {}); }
    const AuditPtr& audit() const { return m_audit; }
    const std::vector<FlipItem>& items() const { return m_items; }
    /// The pair shown in `row`, or null.
    const FlipItem* flipItem(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// The letter shown for a run verdict: A, B, T (tie), N (abstained), - (none).
    static QString verdictLetter(Answer verdict);
    /// Background for an agreement: translucent green / red / grey, so the palette's text colour stays
    /// readable on light and dark palettes alike.
    static QColor agreementColor(LabelAgreement agreement);

private:
    QString flagsText(const FlipItem& item) const;
    QString runsToolTip(const FlipItem& item, int order) const;

    AuditPtr m_audit;
    std::vector<FlipItem> m_items;
};

} // namespace tribunal
