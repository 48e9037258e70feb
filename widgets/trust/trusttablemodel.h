#pragma once
// The trust cell table of the audit overview (workbench journey 1): one row per row of
// TrustWorkspace::view()->table, i.e. exactly the rows `tribunal-cli trust` writes for the same settings.
// The model only formats: every number comes from the view (T1-T7, T11, T13 computed by tribunal_core).
//
// Columns: judge, format, dataset, one per condition, n_pairs, C, phi, A, A_max, T, T_joint, quadrant; with
// interval columns shown, C_lo/C_hi, phi_lo/phi_hi, A_lo/A_hi and T_lo/T_hi follow their value (the CSV's
// column order). Roles:
//   - Qt::DisplayRole: percent with one decimal as in the paper's tables ("72.4"); C of a single-run cell
//     reads "n/a (1 run)"; any other missing value reads "–".
//   - Qt::ToolTipRole: the exact proportion and, once intervals are ready, the interval in percent with two
//     decimals; the quadrant's tooltip is its mitigation (T11).
//   - RawValueRole (Qt::UserRole): the raw value for sorting and copying: a double proportion (NaN when
//     missing) for metrics, qulonglong (or invalid) for n_pairs, the plain string for labels and the
//     quadrant name.
//   - Qt::BackgroundRole / Qt::ForegroundRole on T: the paper's bands (trustBand, report/trustlatex.h).
// Header: Qt::DisplayRole is the readable title, RawValueRole the CSV column name (trustTableColumns).

#include <QAbstractTableModel>
#include <QColor>

#include <memory>
#include <string>
#include <utility>
#include <vector>

class QPalette;

namespace tribunal {

class TrustWorkspace;
struct TrustView;
struct TrustTableRow;

class TrustTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    static constexpr int RawValueRole = Qt::UserRole;

    explicit TrustTableModel(TrustWorkspace* workspace, QObject* parent = nullptr);
    ~TrustTableModel() override;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// Adds or removes the interval columns (resets the model).
    void setShowIntervalColumns(bool show);
    bool showIntervalColumns() const { return m_showIntervals; }

    /// The CSV name of a column ("judge", "phi", "T_lo", ...); empty when out of range.
    QString columnKey(int column) const;
    /// The column with that CSV name, or -1.
    int columnOf(const QString& key) const;

    /// Percent with one decimal as printed in the paper ("72.4"); "–" for a missing value.
    static QString formatPercent(double proportion);
    /// Fill of T band `band` (trustBand(); 0 = T >= 70) for a table drawn with `palette`: light fills on a
    /// light base, deep fills on a dark base. Invalid for band -1.
    static QColor bandBackground(int band, const QPalette& palette);
    /// Black or white, whichever contrasts more with `background` (WCAG relative luminance).
    static QColor textColourOn(const QColor& background);

private:
    struct Column;
    void rebuildColumns();
    void onViewChanged();
    void onValuesChanged();
    QVariant displayValue(const Column& column, std::size_t row) const;
    QVariant rawValue(const Column& column, std::size_t row) const;
    QVariant toolTip(const Column& column, std::size_t row) const;
    /// T0: why the row has no retained pair (TrustGap), as a sentence; "" when it has pairs.
    QString gapNote(std::size_t row) const;
    /// T2 / T4: whether the column's value needs C and the row has one run per order (not assumed), and
    /// whether it needs labels the row's pairs lack.
    std::pair<bool, bool> missingInputs(const Column& column, std::size_t row) const;

    TrustWorkspace* m_workspace;
    std::shared_ptr<const TrustView> m_view;
    std::vector<Column> m_columns;
    bool m_showIntervals = false;
};

} // namespace tribunal
