#pragma once
// Side form of the audit overview editing TrustViewSettings (T2 consistency unit and the single-run opt-in,
// T4-T6 q, T11 thresholds, T13 resamples / seed / level, the grouping). Every edit goes to
// TrustWorkspace::setSettings, which recomputes only what depends on it; spin boxes and the grouping list
// are debounced (kApplyDelayMs) so typing a number starts one job, not one per keystroke. Combo boxes and
// check boxes apply at once. The form shows the workspace's settings again when a new view arrives.

#include "trust/trustworkspace.h"

#include <QTimer>
#include <QWidget>

#include <memory>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QListWidget;
class QSpinBox;

namespace tribunal {

class TrustSettingsForm : public QWidget {
    Q_OBJECT
public:
    static constexpr int kApplyDelayMs = 300;

    explicit TrustSettingsForm(TrustWorkspace* workspace, QWidget* parent = nullptr);

    /// The settings the widgets show (the workspace's settings with the form's fields replaced).
    TrustViewSettings settingsFromWidgets() const;
    /// Applies a pending (debounced) edit now.
    void applyNow();
    /// Shows the workspace's settings (widgets that already show them are left alone).
    void reload();
    /// An edit waits for the debounce delay.
    bool isApplyPending() const { return m_delay.isActive(); }

    QComboBox* qModeBox() const { return m_qMode; }
    QComboBox* consistencyUnitBox() const { return m_unit; }
    QCheckBox* assumeConsistentBox() const { return m_assume; }
    QDoubleSpinBox* goodConsistencyBox() const { return m_goodC; }
    QDoubleSpinBox* goodFlipRateBox() const { return m_goodPhi; }
    QSpinBox* resamplesBox() const { return m_resamples; }
    QLineEdit* seedEdit() const { return m_seed; }
    QDoubleSpinBox* levelBox() const { return m_level; }
    /// Checkable grouping columns (defaultTrustColumns of the audit); none checked = one row per cell.
    QListWidget* groupByList() const { return m_groupBy; }

private:
    void fillGroupColumns();

    TrustWorkspace* m_workspace;
    QComboBox* m_qMode;
    QComboBox* m_unit;
    QCheckBox* m_assume;
    QDoubleSpinBox* m_goodC;
    QDoubleSpinBox* m_goodPhi;
    QSpinBox* m_resamples;
    QLineEdit* m_seed;
    QDoubleSpinBox* m_level;
    QListWidget* m_groupBy;
    QTimer m_delay;
    AuditPtr m_groupAudit; ///< the audit whose columns the grouping list shows
};

} // namespace tribunal
