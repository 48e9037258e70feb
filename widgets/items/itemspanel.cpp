#include "items/itemspanel.h"

#include "items/itemfilterproxy.h"
#include "items/itemtablemodel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTableView>
#include <QVBoxLayout>

namespace tribunal {
namespace {

constexpr int kSearchDelayMs = 200;  // typing pauses; one refilter per pause, not per keystroke
constexpr int kSizeSampleRows = 200; // column widths from the first rows, not from a million
constexpr int kMaxColumnChars = 28;

std::optional<StrId> comboId(const QComboBox* combo)
{
    auto data = combo->currentData();
    if (!data.isValid())
        return std::nullopt;
    return static_cast<StrId>(data.toUInt());
}

} // namespace

ItemsPanel::ItemsPanel(QWidget* parent)
    : QDockWidget(tr("Items"), parent), m_model(new ItemTableModel(this)),
      m_proxy(new ItemFilterProxy(m_model, this)), m_dataset(new QComboBox), m_judge(new QComboBox),
      m_format(new QComboBox), m_search(new QLineEdit), m_count(new QLabel), m_view(new QTableView)
{
    setObjectName(QStringLiteral("itemsPanel"));
    m_dataset->setObjectName(QStringLiteral("datasetFilter"));
    m_judge->setObjectName(QStringLiteral("judgeFilter"));
    m_format->setObjectName(QStringLiteral("formatFilter"));
    m_search->setPlaceholderText(tr("Search item id, question, responses"));
    m_search->setClearButtonEnabled(true);
    for (auto* combo : {m_dataset, m_judge, m_format})
        combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);

    m_view->setModel(m_proxy);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setAlternatingRowColors(true);
    m_view->verticalHeader()->hide();
    // Fixed one-line rows: no per-row size hints over a large table.
    m_view->setWordWrap(false);
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_view->verticalHeader()->setDefaultSectionSize(m_view->fontMetrics().height() + 6);
    m_view->horizontalHeader()->setResizeContentsPrecision(kSizeSampleRows);
    m_view->horizontalHeader()->setStretchLastSection(true);
    // Snapshot order until the user clicks a header (-1 = unsorted).
    m_view->horizontalHeader()->setSortIndicator(-1, Qt::AscendingOrder);
    m_view->setSortingEnabled(true);

    auto* filters = new QHBoxLayout;
    filters->addWidget(m_dataset);
    filters->addWidget(m_judge);
    filters->addWidget(m_format);
    filters->addStretch(1);
    auto* search = new QHBoxLayout;
    search->addWidget(m_search, 1);
    search->addWidget(m_count);
    auto* content = new QWidget;
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(filters);
    layout->addLayout(search);
    layout->addWidget(m_view, 1);
    setWidget(content);

    m_searchDelay.setSingleShot(true);
    m_searchDelay.setInterval(kSearchDelayMs);
    connect(&m_searchDelay, &QTimer::timeout, this, [this] { m_proxy->setTextFilter(m_search->text()); });
    connect(m_search, &QLineEdit::textChanged, this, [this] { m_searchDelay.start(); });
    // Enter applies at once.
    connect(m_search, &QLineEdit::returnPressed, this, [this] {
        m_searchDelay.stop();
        m_proxy->setTextFilter(m_search->text());
    });
    for (auto* combo : {m_dataset, m_judge, m_format})
        connect(combo, &QComboBox::currentIndexChanged, this, &ItemsPanel::applyFilters);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] {
        const int item = currentItem();
        if (item != m_lastItem) {
            m_lastItem = item;
            emit currentItemChanged(item);
        }
    });
    for (auto signal : {&QAbstractItemModel::rowsInserted, &QAbstractItemModel::rowsRemoved})
        connect(m_proxy, signal, this, &ItemsPanel::updateCount);
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &ItemsPanel::updateCount);
    connect(m_proxy, &QAbstractItemModel::layoutChanged, this, &ItemsPanel::updateCount);
    setAudit(nullptr, nullptr);
}

void ItemsPanel::fillCombo(QComboBox* combo, const QString& allText, std::span<const StrId> ids)
{
    const QString previous = combo->currentData().isValid() ? combo->currentText() : QString();
    QSignalBlocker blocker(combo);
    combo->clear();
    combo->addItem(allText);
    const auto& audit = m_model->audit();
    for (auto id : ids) {
        auto name = audit->str(id);
        combo->addItem(QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size())), QVariant(id));
    }
    const int keep = previous.isEmpty() ? -1 : combo->findText(previous, Qt::MatchExactly);
    combo->setCurrentIndex(keep > 0 ? keep : 0);
}

void ItemsPanel::setAudit(AuditPtr audit, std::shared_ptr<const ItemIndex> index)
{
    m_model->setAudit(std::move(audit), std::move(index));
    const auto* idx = m_model->itemIndex();
    fillCombo(m_dataset, tr("All datasets"), idx ? idx->datasets() : std::span<const StrId>());
    fillCombo(m_judge, tr("All judges"), idx ? idx->judges() : std::span<const StrId>());
    fillCombo(m_format, tr("All formats"), idx ? idx->formats() : std::span<const StrId>());
    applyFilters();
    m_proxy->setTextFilter(m_search->text());
    // Short columns fit their contents (long ids are cut, the user may widen them); the question takes the
    // rest.
    const int maxWidth = m_view->fontMetrics().averageCharWidth() * kMaxColumnChars;
    for (int c = 0; c < ItemTableModel::QuestionColumn; ++c) {
        m_view->resizeColumnToContents(c);
        m_view->setColumnWidth(c, std::min(m_view->columnWidth(c), maxWidth));
    }
    // Always tell: the item row may be the same number in a different snapshot.
    m_lastItem = currentItem();
    emit currentItemChanged(m_lastItem);
}

void ItemsPanel::filterToCell(const QString& dataset, const QString& judge, const QString& format)
{
    const auto pick = [](QComboBox* combo, const QString& name) {
        const int index = name.isEmpty() ? 0 : combo->findText(name, Qt::MatchExactly);
        QSignalBlocker blocker(combo);
        combo->setCurrentIndex(index > 0 ? index : 0);
    };
    pick(m_dataset, dataset);
    pick(m_judge, judge);
    pick(m_format, format);
    applyFilters();
}

void ItemsPanel::applyFilters()
{
    m_proxy->setFilters(comboId(m_dataset), comboId(m_judge), comboId(m_format));
}

void ItemsPanel::updateCount()
{
    m_count->setText(tr("%L1 of %L2").arg(m_proxy->rowCount()).arg(m_model->rowCount()));
}

void ItemsPanel::selectFirstItem()
{
    if (m_proxy->rowCount() == 0)
        return;
    m_view->setCurrentIndex(m_proxy->index(0, 0));
    m_view->scrollToTop();
}

int ItemsPanel::currentItem() const
{
    auto current = m_view->currentIndex();
    if (!current.isValid())
        return -1;
    return m_proxy->mapToSource(current).row();
}

} // namespace tribunal
