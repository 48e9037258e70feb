#include "trust/trusttablemodel.h"

#include "trust/trustworkspace.h"

#include "report/latex.h"
#include "report/trustlatex.h"

#include <QGuiApplication>
#include <QPalette>

#include <array>
#include <cmath>

namespace tribunal {

struct TrustTableModel::Column {
    enum class Kind { Judge, Format, Dataset, ConditionValue, Pairs, Metric, IntervalEnd, Quadrant };
    Kind kind;
    std::string key; ///< CSV column name
    QString title;
    std::size_t condition = 0;
    double TrustTableRow::*member = nullptr;
    /// The T13 interval shown in a metric's tooltip (none for interval ends).
    Interval TrustCellIntervals::*interval = nullptr;
};

namespace {

struct MetricSpec {
    const char* key;
    const char* title;
    double TrustTableRow::*value;
    double TrustTableRow::*lo;
    double TrustTableRow::*hi;
    Interval TrustCellIntervals::*interval;
};

// The metric columns in the CSV's order (trustTableColumns); A_max and T_joint have no interval columns
// in the written table, but their T13 intervals still show in the tooltip.
const std::array<MetricSpec, 6> kMetrics{{
    {"C", "C", &TrustTableRow::C, &TrustTableRow::C_lo, &TrustTableRow::C_hi,
     &TrustCellIntervals::consistency},
    {"phi", "\u03c6", &TrustTableRow::phi, &TrustTableRow::phi_lo, &TrustTableRow::phi_hi,
     &TrustCellIntervals::flipRate},
    {"A", "A", &TrustTableRow::A, &TrustTableRow::A_lo, &TrustTableRow::A_hi, &TrustCellIntervals::accuracy},
    {"A_max", "A_max", &TrustTableRow::A_max, nullptr, nullptr, &TrustCellIntervals::accuracyMax},
    {"T", "T", &TrustTableRow::T, &TrustTableRow::T_lo, &TrustTableRow::T_hi, &TrustCellIntervals::trust},
    {"T_joint", "T_joint", &TrustTableRow::T_joint, nullptr, nullptr, &TrustCellIntervals::trustJoint},
}};

QString quadrantTitle(TrustQuadrant quadrant)
{
    switch (quadrant) {
    case TrustQuadrant::Undefined:
        return {};
    case TrustQuadrant::Trustworthy:
        return TrustTableModel::tr("trustworthy");
    case TrustQuadrant::NoisyButFair:
        return TrustTableModel::tr("noisy but fair");
    case TrustQuadrant::Chaos:
        return TrustTableModel::tr("chaos");
    case TrustQuadrant::ConfidentlyBiased:
        return TrustTableModel::tr("confidently biased");
    }
    return {};
}

// T11 mitigation, translated by core's mitigationKey (the English equals core's mitigationText).
QString mitigationTip(TrustQuadrant quadrant)
{
    const std::string_view key = mitigationKey(quadrant);
    if (key == "stronger-judge")
        return TrustTableModel::tr(
            "The remaining gap to the ceiling is capability: only a stronger judge closes it.");
    if (key == "majority-vote")
        return TrustTableModel::tr("Sample repeatedly and take the majority verdict; position bias is low.");
    if (key == "both-orders-then-majority")
        return TrustTableModel::tr("Evaluate both candidate orders to reduce position bias, then take the "
                                   "majority over repeated runs.");
    if (key == "both-orders")
        return TrustTableModel::tr("Stable verdicts hide a strong position bias: evaluate both orders; "
                                   "repeating runs does not help.");
    return {};
}

QString percent2(double proportion)
{
    return QString::fromStdString(latexPercent(proportion, 2, "\u2013"));
}

// WCAG 2 relative luminance of an sRGB colour.
double luminance(const QColor& colour)
{
    auto channel = [](double c) { return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); };
    return 0.2126 * channel(colour.redF()) + 0.7152 * channel(colour.greenF()) +
           0.0722 * channel(colour.blueF());
}

} // namespace

TrustTableModel::TrustTableModel(TrustWorkspace* workspace, QObject* parent)
    : QAbstractTableModel(parent), m_workspace(workspace), m_view(workspace->view())
{
    rebuildColumns();
    connect(workspace, &TrustWorkspace::viewChanged, this, &TrustTableModel::onViewChanged);
    connect(workspace, &TrustWorkspace::valuesChanged, this, &TrustTableModel::onValuesChanged);
}

TrustTableModel::~TrustTableModel() = default;

int TrustTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : m_view->rowCount();
}

int TrustTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_columns.size());
}

void TrustTableModel::setShowIntervalColumns(bool show)
{
    if (show == m_showIntervals)
        return;
    beginResetModel();
    m_showIntervals = show;
    rebuildColumns();
    endResetModel();
}

QString TrustTableModel::columnKey(int column) const
{
    if (column < 0 || column >= columnCount())
        return {};
    return QString::fromStdString(m_columns[static_cast<std::size_t>(column)].key);
}

int TrustTableModel::columnOf(const QString& key) const
{
    const std::string wanted = key.toStdString();
    for (std::size_t c = 0; c < m_columns.size(); ++c)
        if (m_columns[c].key == wanted)
            return static_cast<int>(c);
    return -1;
}

QString TrustTableModel::formatPercent(double proportion)
{
    // The digits of the LaTeX export (and of trustBand's judgement), so the shading matches the number.
    return QString::fromStdString(latexPercent(proportion, 1, "\u2013"));
}

QColor TrustTableModel::bandBackground(int band, const QPalette& palette)
{
    if (band < 0 || band > 4)
        return {};
    // Light: the LaTeX export's xcolor fills (kTrustBandColours: green!45, green!20, yellow!35,
    // orange!35, red!30) mixed with white. Dark: deep fills of the same hues that keep light text legible.
    static const std::array<QColor, 5> light{QColor(0x8c, 0xff, 0x8c), QColor(0xcc, 0xff, 0xcc),
                                             QColor(0xff, 0xff, 0xa6), QColor(0xff, 0xd2, 0xa6),
                                             QColor(0xff, 0xb3, 0xb3)};
    static const std::array<QColor, 5> dark{QColor(0x2e, 0x7d, 0x32), QColor(0x3b, 0x55, 0x30),
                                            QColor(0x7a, 0x6a, 0x00), QColor(0xa0, 0x40, 0x00),
                                            QColor(0x8e, 0x1b, 0x1b)};
    const bool isDark = palette.color(QPalette::Base).lightnessF() < 0.5;
    return (isDark ? dark : light)[static_cast<std::size_t>(band)];
}

QColor TrustTableModel::textColourOn(const QColor& background)
{
    const double l = luminance(background);
    const double withBlack = (l + 0.05) / 0.05;
    const double withWhite = 1.05 / (l + 0.05);
    return withBlack >= withWhite ? QColor(Qt::black) : QColor(Qt::white);
}

void TrustTableModel::rebuildColumns()
{
    using K = Column::Kind;
    m_columns.clear();
    m_columns.push_back({K::Judge, "judge", tr("Judge")});
    m_columns.push_back({K::Format, "format", tr("Format")});
    m_columns.push_back({K::Dataset, "dataset", tr("Dataset")});
    const auto& conditions = m_view->table.conditionNames;
    for (std::size_t i = 0; i < conditions.size(); ++i)
        m_columns.push_back({K::ConditionValue, conditions[i], QString::fromStdString(conditions[i]), i});
    m_columns.push_back({K::Pairs, "n_pairs", tr("Pairs")});
    for (const auto& metric : kMetrics) {
        const QString title = QString::fromUtf8(metric.title);
        m_columns.push_back({K::Metric, metric.key, title, 0, metric.value, metric.interval});
        if (m_showIntervals && metric.lo) {
            m_columns.push_back(
                {K::IntervalEnd, std::string(metric.key) + "_lo", tr("%1 lo").arg(title), 0, metric.lo});
            m_columns.push_back(
                {K::IntervalEnd, std::string(metric.key) + "_hi", tr("%1 hi").arg(title), 0, metric.hi});
        }
    }
    m_columns.push_back({K::Quadrant, "quadrant", tr("Quadrant")});
}

void TrustTableModel::onViewChanged()
{
    beginResetModel();
    m_view = m_workspace->view();
    rebuildColumns();
    endResetModel();
}

void TrustTableModel::onValuesChanged()
{
    const auto next = m_workspace->view();
    // Same rows by contract; a different shape would still be shown correctly after a reset.
    if (next->rowCount() != m_view->rowCount() ||
        next->table.conditionNames != m_view->table.conditionNames) {
        onViewChanged();
        return;
    }
    m_view = next;
    if (rowCount() > 0 && columnCount() > 0)
        emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

QVariant TrustTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return QAbstractTableModel::headerData(section, orientation, role);
    const auto& column = m_columns[static_cast<std::size_t>(section)];
    if (role == Qt::DisplayRole)
        return column.title;
    if (role == RawValueRole)
        return QString::fromStdString(column.key);
    return {};
}

QVariant TrustTableModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const auto& column = m_columns[static_cast<std::size_t>(index.column())];
    const auto row = static_cast<std::size_t>(index.row());
    using K = Column::Kind;
    const bool numeric = column.kind == K::Pairs || column.kind == K::Metric || column.kind == K::IntervalEnd;
    switch (role) {
    case Qt::DisplayRole:
        return displayValue(column, row);
    case RawValueRole:
        return rawValue(column, row);
    case Qt::ToolTipRole:
        return toolTip(column, row);
    case Qt::TextAlignmentRole:
        return numeric ? QVariant(static_cast<int>(Qt::AlignRight | Qt::AlignVCenter)) : QVariant();
    case Qt::BackgroundRole:
    case Qt::ForegroundRole: {
        if (column.kind != K::Metric || column.key != "T")
            return {};
        const QColor fill = bandBackground(trustBand(m_view->table.rows[row].T), QGuiApplication::palette());
        if (!fill.isValid())
            return {};
        return role == Qt::BackgroundRole ? fill : textColourOn(fill);
    }
    default:
        return {};
    }
}

QVariant TrustTableModel::displayValue(const Column& column, std::size_t row) const
{
    const auto& r = m_view->table.rows[row];
    using K = Column::Kind;
    switch (column.kind) {
    case K::Judge:
        return QString::fromStdString(r.judge);
    case K::Format:
        return QString::fromStdString(r.format);
    case K::Dataset:
        return QString::fromStdString(r.dataset);
    case K::ConditionValue:
        return column.condition < r.conditions.size() ? QString::fromStdString(r.conditions[column.condition])
                                                      : QString();
    case K::Pairs:
        return r.pairs ? QString::number(*r.pairs) : QStringLiteral("\u2013");
    case K::Metric:
    case K::IntervalEnd: {
        const double value = r.*(column.member);
        // T2: with one run C is not identifiable; say why instead of a bare dash.
        if (column.kind == K::Metric && column.key == "C" && std::isnan(value) &&
            row < m_view->results.size() && m_view->results[row].singleRun)
            return tr("n/a (1 run)");
        // T0: judgments without a recorded order (AlpacaEval) form no pair; say so in every metric.
        if (column.kind == K::Metric && std::isnan(value) && row < m_view->results.size() &&
            trustGap(m_view->results[row]) == TrustGap::OrderNotRecorded)
            return tr("n/a (no order)");
        // T0/T2: what the value needs and the row lacks, in place (the tooltip says how to get it).
        if (column.kind == K::Metric && std::isnan(value)) {
            const auto [runs, labels] = missingInputs(column, row);
            if (runs && labels)
                return tr("n/a (1 run, no labels)");
            if (runs)
                return tr("n/a (1 run)");
            if (labels)
                return tr("n/a (no labels)");
        }
        return formatPercent(value);
    }
    case K::Quadrant:
        return row < m_view->results.size() ? quadrantTitle(m_view->results[row].quadrant) : QString();
    }
    return {};
}

QVariant TrustTableModel::rawValue(const Column& column, std::size_t row) const
{
    const auto& r = m_view->table.rows[row];
    using K = Column::Kind;
    switch (column.kind) {
    case K::Pairs:
        return r.pairs ? QVariant(static_cast<qulonglong>(*r.pairs)) : QVariant();
    case K::Metric:
    case K::IntervalEnd:
        return r.*(column.member);
    case K::Quadrant:
        return QString::fromStdString(r.quadrant);
    default:
        return displayValue(column, row);
    }
}

QVariant TrustTableModel::toolTip(const Column& column, std::size_t row) const
{
    using K = Column::Kind;
    if (column.kind == K::Quadrant)
        return row < m_view->results.size() ? mitigationTip(m_view->results[row].quadrant) : QString();
    if (column.kind == K::Pairs) {
        const QString note = gapNote(row);
        return note.isEmpty() ? QVariant() : QVariant(note);
    }
    if (column.kind != K::Metric && column.kind != K::IntervalEnd)
        return {};
    const double value = m_view->table.rows[row].*(column.member);
    QString tip = std::isnan(value)
                      ? tr("%1: undefined").arg(column.title)
                      : tr("%1 = %2 (%3%)")
                            .arg(column.title, QString::number(value, 'g', QLocale::FloatingPointShortest),
                                 percent2(value));
    if (column.kind == K::Metric && m_view->intervalsReady && row < m_view->intervals.size()) {
        const Interval& interval = m_view->intervals[row].*(column.interval);
        const QString level = QString::number(100.0 * m_view->table.level, 'g', 4);
        if (std::isnan(interval.lo) || std::isnan(interval.hi))
            tip += QLatin1Char('\n') + tr("%1% interval: undefined").arg(level);
        else
            tip += QLatin1Char('\n') +
                   tr("%1% interval: [%2, %3]").arg(level, percent2(interval.lo), percent2(interval.hi));
    }
    if (std::isnan(value)) {
        const QString note = gapNote(row);
        if (!note.isEmpty())
            tip += QLatin1Char('\n') + note;
        const auto [runs, labels] = missingInputs(column, row);
        if (runs)
            tip += QLatin1Char('\n') +
                   tr("One run per order: C (reproducibility) cannot be measured, and T needs it (T2). Judge "
                      "the items again, or click “Assume C = 1” above the table (stored in the "
                      "project; tribunal-cli trust --assume-consistent).");
        if (labels)
            tip +=
                QLatin1Char('\n') +
                tr("No labels in this dataset: accuracy needs the right answer of each item (T4). Import the "
                   "items with their labels (File > Import).");
    }
    return tip;
}

std::pair<bool, bool> TrustTableModel::missingInputs(const Column& column, std::size_t row) const
{
    if (row >= m_view->results.size())
        return {false, false};
    const auto& r = m_view->results[row];
    if (r.pairs == 0)
        return {false, false}; // gapNote says why
    const bool needsC = column.key == "C" || column.key == "T" || column.key == "T_joint";
    const bool needsLabels =
        column.key == "A" || column.key == "A_max" || column.key == "T" || column.key == "T_joint";
    return {needsC && r.singleRun && !r.consistencyAssumed, needsLabels && r.labelledPairs == 0};
}

QString TrustTableModel::gapNote(std::size_t row) const
{
    if (row >= m_view->results.size())
        return {};
    switch (trustGap(m_view->results[row])) {
    case TrustGap::None:
        return {};
    case TrustGap::OrderNotRecorded:
        return tr(
            "Unavailable: %n judgment(s) carry no order. The source did not record which answer was shown "
            "first (AlpacaEval randomises the order and keeps no trace), and C, phi, A and T need both "
            "orders of an item.",
            nullptr, static_cast<int>(m_view->results[row].unorderedRuns));
    case TrustGap::OneOrderOnly:
        return tr("No item was judged in both orders: C, phi, A and T need both orders of an item.");
    case TrustGap::NoAnsweredPair:
        return tr("No item has an answer in both orders (failed or unparsed calls): C, phi, A and T are "
                  "undefined.");
    }
    return {};
}

} // namespace tribunal
