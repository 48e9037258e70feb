#pragma once
// The flip inspector's filters over FlipItemModel: flipped only (T3), unstable only (T2), wrong only. Checked
// filters combine with AND; none checked shows every pair.

#include <QSortFilterProxyModel>

namespace tribunal {

/// GUI thread only. The source must provide FlipItemModel::FlagsRole.
class FlipFilterProxy : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit FlipFilterProxy(QObject* parent = nullptr);

    bool flippedOnly() const { return m_required & 1; }
    bool unstableOnly() const { return m_required & 2; }
    bool wrongOnly() const { return m_required & 4; }
    void setFlippedOnly(bool on);
    void setUnstableOnly(bool on);
    void setWrongOnly(bool on);

signals:
    void filtersChanged();

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    void setRequired(int flag, bool on);
    int m_required = 0; ///< FlipItemModel::Flag bits every shown pair must have
};

} // namespace tribunal
