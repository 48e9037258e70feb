#include "bias/reliabilityplot.h"

#include "bias/biasworkspace.h"
#include "framework/qstrings.h"
#include "plots/plotregistry.h"

#include <QFontMetricsF>

#include <algorithm>
#include <cmath>

namespace tribunal {

ReliabilityPlot::ReliabilityPlot(BiasWorkspace* workspace, QWidget* parent) : BiasPlot(workspace, parent)
{
    placeLegendBelowAxes();
    // Pixel positions are known only once the axes are laid out, and change with every zoom and pan.
    connect(this, &QCustomPlot::afterLayout, this, &ReliabilityPlot::placeCountLabels);
    xAxis->setLabel(tr("Mean confidence max(P(A), 1 − P(A)) per bin"));
    yAxis->setLabel(tr("Accuracy"));
}

std::vector<PlottedPoint> ReliabilityPlot::plottedPoints(const QString& series) const
{
    std::vector<PlottedPoint> out;
    const BiasView& view = *workspace()->view();
    const int family = workspace()->currentFamily();
    if (series != QLatin1String("reliability") || family < 0 || !view.audit)
        return out;
    const BiasFamily& f = view.families[static_cast<std::size_t>(family)];
    std::size_t judgeIndex = 0;
    for (const CalibrationResult& result : view.calibration) {
        if (result.format != f.format || result.condition != f.condition || result.points.empty())
            continue;
        if (judgeIndex >= m_graphs.size())
            break;
        const QCPGraph* graph = m_graphs[judgeIndex++];
        std::vector<bool> used(result.points.size(), false);
        for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it) {
            PlottedPoint p;
            p.x = it->key;
            p.y = it->value;
            for (std::size_t i = 0; i < result.points.size(); ++i) {
                const ReliabilityPoint& point = result.points[i];
                if (!used[i] && point.meanConfidence == it->key && point.accuracy == it->value) {
                    used[i] = true;
                    p.key = judgeFormatKey(*view.audit, result.judge, result.format, result.condition);
                    p.key.emplace_back(QStringLiteral("bin_lo"), keyNumber(point.lo));
                    p.key.emplace_back(QStringLiteral("bin_hi"), keyNumber(point.hi));
                    break;
                }
            }
            out.push_back(std::move(p));
        }
    }
    return out;
}

void ReliabilityPlot::build(const BiasView& view)
{
    m_countTexts.clear();
    m_countLabels.clear();
    m_graphs.clear();
    auto* diagonal = new QCPItemStraightLine(this);
    diagonal->point1->setCoords(0.0, 0.0);
    diagonal->point2->setCoords(1.0, 1.0);
    diagonal->setPen(QPen(QColor(128, 128, 128), 1.0, Qt::DashLine));

    const int family = workspace()->currentFamily();
    if (family < 0 || !view.audit) {
        setDefaultRanges(QCPRange(0.45, 1.02), QCPRange(-0.02, 1.02));
        return;
    }
    const BiasFamily& f = view.families[static_cast<std::size_t>(family)];
    int judgeIndex = 0;
    double low = 0.5;
    for (const CalibrationResult& result : view.calibration) {
        if (result.format != f.format || result.condition != f.condition || result.points.empty())
            continue;
        const QColor color = seriesColor(judgeIndex);
        const QString judge = qs(view.audit->str(result.judge));
        QCPGraph* graph = addGraph();
        graph->setName(tr("%1 (ECE %2, n = %3)").arg(judge, BiasWorkspace::number(result.ece)).arg(result.n));
        graph->setPen(QPen(color, 1.5));
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, color, 7));
        graph->addToLegend();
        m_graphs.push_back(graph);
        for (const ReliabilityPoint& p : result.points) {
            if (std::isnan(p.meanConfidence) || std::isnan(p.accuracy))
                continue;
            graph->addData(p.meanConfidence, p.accuracy);
            low = std::min(low, p.meanConfidence);
            // The bin count beside its point; placeCountLabels() finds it a free place at each replot.
            auto* count = new QCPItemText(this);
            count->position->setType(QCPItemPosition::ptAbsolute);
            count->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
            count->setPadding(QMargins(1, 0, 1, 0));
            // Above the curves, on a light ground: a judge's line may still pass under another's count.
            count->setLayer(QStringLiteral("axes"));
            count->setBrush(QColor(255, 255, 255, 215));
            count->setText(QString::number(p.count));
            count->setColor(color);
            m_countTexts << count->text();
            m_countLabels.push_back({count, p.meanConfidence, p.accuracy});
            addPoint(Point{p.meanConfidence, p.accuracy, -1,
                           tr("%1\nconfidence bin [%2, %3), answers: %4\nmean confidence %5, accuracy %6")
                               .arg(judge, BiasWorkspace::number(p.lo), BiasWorkspace::number(p.hi),
                                    QString::number(p.count), BiasWorkspace::number(p.meanConfidence),
                                    BiasWorkspace::number(p.accuracy)),
                           color});
        }
        ++judgeIndex;
    }
    if (judgeIndex == 0) {
        setLeftOut(1, tr("No judgment of this format has a probability of A on a labelled item: there is "
                         "nothing to calibrate."));
    } else {
        legend->setVisible(true);
    }
    setDefaultRanges(QCPRange(low - 0.05, 1.02), QCPRange(-0.02, 1.05));
}

void ReliabilityPlot::placeCountLabels()
{
    constexpr double kGap = 5.0;    // pixels between a point's centre area and its label
    constexpr double kMarker = 5.0; // half the side of the square a point marker covers
    std::vector<QRectF> taken;
    taken.reserve(m_countLabels.size() * 2);
    std::vector<QPointF> anchors;
    anchors.reserve(m_countLabels.size());
    for (const CountLabel& label : m_countLabels) {
        const QPointF at(xAxis->coordToPixel(label.x), yAxis->coordToPixel(label.y));
        anchors.push_back(at);
        taken.emplace_back(at.x() - kMarker, at.y() - kMarker, 2 * kMarker, 2 * kMarker);
    }
    const auto covered = [&taken](const QRectF& r) {
        double area = 0.0;
        for (const QRectF& t : taken) {
            const QRectF both = r.intersected(t);
            area += both.width() * both.height();
        }
        return area;
    };
    for (std::size_t i = 0; i < m_countLabels.size(); ++i) {
        QCPItemText* item = m_countLabels[i].item;
        const QFontMetricsF metrics(item->font());
        const QSizeF size(metrics.horizontalAdvance(item->text()) + item->padding().left() +
                              item->padding().right(),
                          metrics.height());
        const QPointF at = anchors[i];
        const double w = size.width();
        const double h = size.height();
        const QPointF candidates[] = {
            {at.x() + kGap, at.y() - h / 2},        {at.x() - kGap - w, at.y() - h / 2},
            {at.x() - w / 2, at.y() - kGap - h},    {at.x() - w / 2, at.y() + kGap},
            {at.x() + kGap, at.y() - kGap - h},     {at.x() + kGap, at.y() + kGap},
            {at.x() - kGap - w, at.y() - kGap - h}, {at.x() - kGap - w, at.y() + kGap},
        };
        QRectF best;
        double bestArea = -1.0;
        for (const QPointF& topLeft : candidates) {
            const QRectF r(topLeft, size);
            const double area = covered(r);
            if (bestArea < 0 || area < bestArea) {
                best = r;
                bestArea = area;
            }
            if (area == 0.0)
                break;
        }
        item->position->setCoords(best.topLeft());
        taken.push_back(best);
    }
}

std::vector<QRectF> ReliabilityPlot::countRects() const
{
    std::vector<QRectF> rects;
    rects.reserve(m_countLabels.size());
    for (const CountLabel& label : m_countLabels) {
        const QFontMetricsF metrics(label.item->font());
        const QPointF topLeft = label.item->position->pixelPosition();
        rects.emplace_back(topLeft, QSizeF(metrics.horizontalAdvance(label.item->text()) +
                                               label.item->padding().left() + label.item->padding().right(),
                                           metrics.height()));
    }
    return rects;
}

} // namespace tribunal
