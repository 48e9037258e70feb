#include "trust/trustsettingsform.h"

#include "analysis/trustgrouping.h"
#include "framework/kindtext.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QRegularExpressionValidator>
#include <QSignalBlocker>
#include <QSpinBox>

#include <algorithm>

namespace tribunal {
namespace {

constexpr int kMaxResamples = 100000;

QDoubleSpinBox* proportionBox(double minimum, double maximum, double step)
{
    auto* box = new QDoubleSpinBox;
    box->setRange(minimum, maximum);
    box->setDecimals(3);
    box->setSingleStep(step);
    return box;
}

void setComboData(QComboBox* combo, int value)
{
    const int index = combo->findData(value);
    if (index >= 0 && index != combo->currentIndex())
        combo->setCurrentIndex(index);
}

template <typename Box, typename Value> void setIfDifferent(Box* box, Value value)
{
    if (box->value() != value)
        box->setValue(value);
}

} // namespace

TrustSettingsForm::TrustSettingsForm(TrustWorkspace* workspace, QWidget* parent)
    : QWidget(parent), m_workspace(workspace), m_qMode(new QComboBox), m_unit(new QComboBox),
      m_assume(new QCheckBox(tr("Assume C = 1 with one run"))), m_goodC(proportionBox(0.0, 1.0, 0.05)),
      m_goodPhi(proportionBox(0.0, 1.0, 0.05)), m_resamples(new QSpinBox), m_seed(new QLineEdit),
      m_level(proportionBox(0.5, 0.999, 0.01)), m_groupBy(new QListWidget)
{
    setObjectName(QStringLiteral("trustSettingsForm"));
    m_qMode->addItem(tr("1/2 (forced binary)"), static_cast<int>(QMode::Half));
    m_qMode->addItem(tr("observed"), static_cast<int>(QMode::Observed));
    m_qMode->setToolTip(tr("Accuracy assumed on order-flipping pairs in A_max and T (T4-T6)."));
    m_unit->addItem(tr("pair"), static_cast<int>(ConsistencyUnit::Pair));
    m_unit->addItem(tr("presentation"), static_cast<int>(ConsistencyUnit::Presentation));
    m_unit->setToolTip(tr("What the consistency C averages over (T2)."));
    m_assume->setToolTip(tr("With one run per order C is not identifiable; this opt-in sets C = 1 (T2)."));
    m_goodC->setToolTip(tr("Failure map (T11): consistency is good when C is at least this."));
    m_goodPhi->setToolTip(
        tr("Failure map (T11): order invariance is good when the flip rate is at most this."));
    m_resamples->setRange(0, kMaxResamples);
    m_resamples->setGroupSeparatorShown(true); // as in the other docks: 2,000 (2’000 in German)
    m_resamples->setSingleStep(500);
    m_resamples->setSpecialValueText(tr("none"));
    m_resamples->setToolTip(tr("Bootstrap resamples for the intervals (T13); 0 computes none."));
    // The seed is 64 bits wide: more than a spin box holds.
    m_seed->setValidator(
        new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[0-9]{1,20}")), m_seed));
    m_level->setToolTip(tr("Interval level (T13)."));
    m_groupBy->setToolTip(tr("Pool the cells that agree on the checked columns. None checked: one row per "
                             "cell. A grouping has no intervals."));
    m_groupBy->setMaximumHeight(8 * fontMetrics().height());

    auto* form = new QFormLayout(this);
    form->setContentsMargins(2, 2, 2, 2);
    form->addRow(tr("q:"), m_qMode);
    form->addRow(tr("Consistency unit:"), m_unit);
    form->addRow(m_assume);
    form->addRow(tr("Good C \u2265"), m_goodC);
    form->addRow(tr("Good \u03c6 \u2264"), m_goodPhi);
    form->addRow(tr("Resamples:"), m_resamples);
    form->addRow(tr("Seed:"), m_seed);
    form->addRow(tr("Level:"), m_level);
    form->addRow(new QLabel(tr("Group by:")));
    form->addRow(m_groupBy);

    m_delay.setSingleShot(true);
    m_delay.setInterval(kApplyDelayMs);
    connect(&m_delay, &QTimer::timeout, this, &TrustSettingsForm::applyNow);
    auto later = [this] { m_delay.start(); };
    for (auto* box : {m_goodC, m_goodPhi, m_level}) {
        connect(box, &QDoubleSpinBox::valueChanged, this, later);
        connect(box, &QDoubleSpinBox::editingFinished, this, &TrustSettingsForm::applyNow);
    }
    connect(m_resamples, &QSpinBox::valueChanged, this, later);
    connect(m_resamples, &QSpinBox::editingFinished, this, &TrustSettingsForm::applyNow);
    connect(m_seed, &QLineEdit::editingFinished, this, &TrustSettingsForm::applyNow);
    connect(m_groupBy, &QListWidget::itemChanged, this, later);
    for (auto* combo : {m_qMode, m_unit})
        connect(combo, &QComboBox::currentIndexChanged, this, &TrustSettingsForm::applyNow);
    connect(m_assume, &QCheckBox::toggled, this, &TrustSettingsForm::applyNow);
    // No settingsChanged signal exists: settings set elsewhere (threshold-only edits give valuesChanged)
    // show up with the next view or values.
    auto reloadIfIdle = [this] {
        if (!m_delay.isActive())
            reload();
    };
    connect(workspace, &TrustWorkspace::viewChanged, this, reloadIfIdle);
    connect(workspace, &TrustWorkspace::valuesChanged, this, reloadIfIdle);
    reload();
}

TrustViewSettings TrustSettingsForm::settingsFromWidgets() const
{
    TrustViewSettings settings = m_workspace->settings();
    settings.trust.qMode = static_cast<QMode>(m_qMode->currentData().toInt());
    settings.trust.consistencyUnit = static_cast<ConsistencyUnit>(m_unit->currentData().toInt());
    settings.trust.assumeConsistentWhenSingleRun = m_assume->isChecked();
    settings.trust.goodConsistency = m_goodC->value();
    settings.trust.goodFlipRate = m_goodPhi->value();
    settings.bootstrap.resamples = m_resamples->value();
    bool ok = false;
    const auto seed = m_seed->text().toULongLong(&ok);
    if (ok)
        settings.bootstrap.seed = seed;
    settings.bootstrap.level = m_level->value();
    settings.groupBy.clear();
    for (int i = 0; i < m_groupBy->count(); ++i) {
        const auto* item = m_groupBy->item(i);
        if (item->checkState() == Qt::Checked)
            settings.groupBy.push_back(item->data(Qt::UserRole).toString().toStdString());
    }
    return settings;
}

void TrustSettingsForm::applyNow()
{
    m_delay.stop();
    m_workspace->setSettings(settingsFromWidgets());
}

void TrustSettingsForm::reload()
{
    const auto& s = m_workspace->settings();
    const std::vector<QObject*> widgets{m_qMode,     m_unit, m_assume, m_goodC,  m_goodPhi,
                                        m_resamples, m_seed, m_level,  m_groupBy};
    std::vector<std::unique_ptr<QSignalBlocker>> blockers;
    blockers.reserve(widgets.size());
    for (auto* widget : widgets)
        blockers.push_back(std::make_unique<QSignalBlocker>(widget));
    setComboData(m_qMode, static_cast<int>(s.trust.qMode));
    setComboData(m_unit, static_cast<int>(s.trust.consistencyUnit));
    m_assume->setChecked(s.trust.assumeConsistentWhenSingleRun);
    setIfDifferent(m_goodC, s.trust.goodConsistency);
    setIfDifferent(m_goodPhi, s.trust.goodFlipRate);
    setIfDifferent(m_resamples, s.bootstrap.resamples);
    const QString seed = QString::number(s.bootstrap.seed);
    // Leave a seed being typed alone; editingFinished applies it.
    if (m_seed->text() != seed && !(m_seed->hasFocus() && m_seed->isModified()))
        m_seed->setText(seed);
    setIfDifferent(m_level, s.bootstrap.level);
    fillGroupColumns();
}

void TrustSettingsForm::fillGroupColumns()
{
    const auto& audit = m_workspace->view()->audit;
    const auto& groupBy = m_workspace->settings().groupBy;
    if (audit != m_groupAudit) {
        m_groupAudit = audit;
        m_groupBy->clear();
        if (audit) {
            for (const auto& column : defaultTrustColumns(*audit)) {
                auto* item = new QListWidgetItem(factorText(QString::fromStdString(column)), m_groupBy);
                item->setData(Qt::UserRole, QString::fromStdString(column));
                item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
                item->setCheckState(Qt::Unchecked);
            }
        }
    }
    for (int i = 0; i < m_groupBy->count(); ++i) {
        auto* item = m_groupBy->item(i);
        const auto column = item->data(Qt::UserRole).toString().toStdString();
        const bool checked = std::find(groupBy.begin(), groupBy.end(), column) != groupBy.end();
        const auto state = checked ? Qt::Checked : Qt::Unchecked;
        if (item->checkState() != state)
            item->setCheckState(state);
    }
}

} // namespace tribunal
