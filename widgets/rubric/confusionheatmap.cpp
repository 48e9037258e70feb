#include "rubric/confusionheatmap.h"

#include "framework/qstrings.h"
#include "plots/plotregistry.h"
#include "rubric/rubricworkspace.h"

#include <QMouseEvent>

#include <algorithm>
#include <cmath>

namespace tribunal {

namespace {

QColor shade(double share)
{
    // Sequential white -> dark blue; text switches to white on the dark end.
    const QColor light(247, 251, 255);
    const QColor dark(8, 69, 148);
    const auto mix = [share](int a, int b) { return static_cast<int>(std::lround(a + (b - a) * share)); };
    return {mix(light.red(), dark.red()), mix(light.green(), dark.green()), mix(light.blue(), dark.blue())};
}

} // namespace

ConfusionHeatmap::ConfusionHeatmap(RubricWorkspace* workspace, QWidget* parent)
    : InteractivePlot(Interaction{.hitRadius = 7.0, .ringSize = 18.0, .handOverTooltipPoints = false},
                      parent),
      m_workspace(workspace)
{
    xAxis->setLabel(tr("Predicted"));
    yAxis->setLabel(tr("Label (R1)"));
    xAxis->grid()->setVisible(false);
    yAxis->grid()->setVisible(false);
    connect(workspace, &RubricWorkspace::viewChanged, this, [this] { rebuild(false); });
    connect(workspace, &RubricWorkspace::selectedRowChanged, this, [this] { rebuild(false); });
}

int ConfusionHeatmap::pointAt(const QPointF& pixel) const
{
    if (!axisRect()->rect().contains(pixel.toPoint()))
        return -1;
    const double x = xAxis->pixelToCoord(pixel.x());
    const double y = yAxis->pixelToCoord(pixel.y());
    const auto& all = points();
    for (std::size_t i = 0; i < all.size(); ++i) {
        if (std::abs(all[i].x - x) <= 0.5 && std::abs(all[i].y - y) <= 0.5)
            return static_cast<int>(i);
    }
    return -1;
}

QString ConfusionHeatmap::cellText(int labelIndex, int predictedIndex) const
{
    if (labelIndex < 0 || predictedIndex < 0 || labelIndex >= m_levels || predictedIndex >= m_levels)
        return {};
    return m_cellTexts.value(labelIndex * m_levels + predictedIndex);
}

void ConfusionHeatmap::activateCell(int labelIndex, int predictedIndex)
{
    if (m_confusion < 0 || labelIndex < 0 || predictedIndex < 0 || labelIndex >= m_levels ||
        predictedIndex >= m_levels)
        return;
    selectRow(labelIndex * m_levels + predictedIndex);
    emit cellActivated(m_confusion, labelIndex, predictedIndex);
}

void ConfusionHeatmap::selectRow(int row)
{
    m_selected = row;
    showSelection();
}

void ConfusionHeatmap::mouseDoubleClickEvent(QMouseEvent* event)
{
    InteractivePlot::mouseDoubleClickEvent(event);
    if (event->button() != Qt::LeftButton || m_levels == 0)
        return;
    const int index = pointAt(event->position());
    if (index < 0)
        return;
    const int cell = points()[static_cast<std::size_t>(index)].row;
    activateCell(cell / m_levels, cell % m_levels);
}

std::vector<PlottedPoint> ConfusionHeatmap::plottedPoints(const QString& series) const
{
    std::vector<PlottedPoint> out;
    const auto& view = *m_workspace->view();
    if (series != QLatin1String("counts") || m_confusion < 0 || !view.audit)
        return out;
    const RubricConfusion& c = view.confusions[static_cast<std::size_t>(m_confusion)];
    for (const Point& point : points()) {
        const int label = point.row / std::max(m_levels, 1);
        const int predicted = point.row % std::max(m_levels, 1);
        PlottedPoint p;
        p.key = judgeFormatKey(*view.audit, c.judge, c.format, c.condition);
        p.key.emplace_back(QStringLiteral("panel"), qs(view.audit->str(c.dataset)));
        p.key.emplace_back(QStringLiteral("criterion"), qs(view.audit->str(c.criterion)));
        p.key.emplace_back(QStringLiteral("label"), m_titles.value(label));
        p.key.emplace_back(QStringLiteral("predicted"), m_titles.value(predicted));
        p.x = point.x;
        p.y = point.y;
        p.text = cellText(label, predicted);
        out.push_back(std::move(p));
    }
    return out;
}

void ConfusionHeatmap::populate()
{
    const auto& view = *m_workspace->view();
    const int previous = m_confusion;
    m_confusion = view.confusionOf(m_workspace->selectedRow());
    m_titles.clear();
    m_cellTexts.clear();
    m_levels = 0;
    if (m_confusion != previous)
        m_selected = -1;
    if (m_confusion < 0) {
        const RubricAgreementRow* row = view.row(m_workspace->selectedRow());
        if (row)
            setLeftOut(1, row->pooled ? tr("A pooled row spans several criteria and scales: select a "
                                           "criterion row to see its confusion matrix.")
                                      : tr("The constant baseline has no confusion matrix here."));
        setDefaultRanges(QCPRange(-0.5, 0.5), QCPRange(-0.5, 0.5));
        return;
    }
    const RubricConfusion& c = view.confusions[static_cast<std::size_t>(m_confusion)];
    const int k = c.levels;
    m_levels = k;
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    auto yTicker = QSharedPointer<QCPAxisTickerText>::create();
    for (int i = 0; i < k; ++i) {
        m_titles << QString::fromStdString(answerText(c.kind, confusionAnswer(c.kind, i)));
        ticker->addTick(i, m_titles.back());
        yTicker->addTick(k - 1 - i, m_titles.back()); // the first label on top
    }
    xAxis->setTicker(ticker);
    yAxis->setTicker(yTicker);

    const QString criterion = qs(view.audit->str(c.criterion));
    const QString who = RubricWorkspace::cellLabel(*view.audit, c.judge, c.format, c.condition);
    for (int label = 0; label < k; ++label) {
        std::uint32_t total = 0;
        for (int predicted = 0; predicted < k; ++predicted)
            total += c.count(label, predicted);
        for (int predicted = 0; predicted < k; ++predicted) {
            const std::uint32_t n = c.count(label, predicted);
            const double share = total > 0 ? static_cast<double>(n) / total : 0.0;
            const QColor fill = shade(share);
            const double x = predicted;
            const double y = k - 1 - label;
            auto* rect = new QCPItemRect(this);
            rect->topLeft->setCoords(x - 0.5, y + 0.5);
            rect->bottomRight->setCoords(x + 0.5, y - 0.5);
            rect->setBrush(fill);
            // Exact agreement on the diagonal: framed so it reads without the colours.
            rect->setPen(label == predicted ? QPen(QColor(230, 97, 1), 2.0) : QPen(QColor(200, 200, 200)));
            const QString text = QString::number(n);
            auto* textItem = new QCPItemText(this);
            textItem->position->setCoords(x, y);
            textItem->setText(text);
            textItem->setColor(fill.lightnessF() < 0.5 ? Qt::white : Qt::black);
            m_cellTexts << text;
            const QString tip =
                tr("%1\n%2 / %3\nLabel %4, predicted %5: %6 of %7")
                    .arg(who, qs(view.audit->str(c.dataset)), criterion, m_titles[label], m_titles[predicted],
                         QString::number(n),
                         counted(static_cast<qint64>(total), tr("%1 prediction"), tr("%1 predictions"))) +
                QLatin1Char('\n') + tr("Double-click to list the pairs.");
            addPoint(Point{x, y, label * k + predicted, tip, fill});
        }
    }
    std::uint32_t abstained = 0;
    std::uint32_t failed = 0;
    for (auto a : c.abstained)
        abstained += a;
    for (auto f : c.failed)
        failed += f;
    setLeftOut(
        static_cast<int>(abstained + failed),
        tr("Not on the axes: NA %1, failed or out of scale %2 (predictions).").arg(abstained).arg(failed));
    setDefaultRanges(QCPRange(-0.5, k - 0.5), QCPRange(-0.5, k - 0.5));
}

} // namespace tribunal
